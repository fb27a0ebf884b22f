"""Real SSH clients (asyncssh) against a real server on 127.0.0.1 and an ephemeral port.

The server runs in the test's own event loop, so a server that blocked its loop would
stall the clients too and every wait below would time out: "answered within a second" is
checked by the clients themselves.
"""

from __future__ import annotations

import asyncio
import re
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator

import asyncssh

from catan_cli.server import hostkey
from catan_cli.server.auth import Accounts
from catan_cli.server.hub import Defaults, Hub
from catan_cli.server.limits import Limits
from catan_cli.server.ssh import bound_port, listen

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]")


#: how long a test waits for a screen line or a condition, in seconds: generous, since the
#: suite runs on two workers of a loaded 2-core machine, where a server can stall for
#: seconds; a passing test never waits it out
WAIT = 30.0
FORWARD = re.compile(r"\x1b\[(\d*)C")


def plain(text: str) -> str:
    """The text as read: escapes removed, a cursor step right read as the spaces it steps over
    (the full screen steps over cells it drew before, such as the space in 'blue, your move')."""
    text = FORWARD.sub(lambda m: " " * int(m.group(1) or 1), text)
    return ANSI.sub("", text).replace("\r", "")


class Terminal:
    """One SSH session with a pty.  ``raw`` keeps every byte received, for scanning;
    ``until`` waits for text to appear (escapes removed) past what was already matched."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: Any) -> None:
        self.conn, self.process = conn, process
        self.raw = ""
        self.screen = ""         # plain(raw), kept up as chunks come (a long game sends megabytes)
        self._done = 0           # how much of raw is in screen
        self.pos = 0
        self.closed = False

    async def _more(self) -> None:
        chunk = await self.process.stdout.read(65536)
        if not chunk:
            self.closed = True
            raise AssertionError(f"connection closed:\n{self.tail()}")
        self.raw += chunk
        end = len(self.raw)
        cut = self.raw.rfind("\x1b", max(self._done, end - 32))
        if cut >= 0 and not ANSI.match(self.raw, cut):     # an escape sequence goes on in the next chunk
            end = cut
        self.screen += plain(self.raw[self._done:end])
        self._done = end

    def tail(self, n: int = 1500) -> str:
        return plain(self.raw[-4 * n:])[-n:]

    async def until(self, text: str, timeout: float = WAIT) -> str:
        """Wait for ``text``; returns what came before it since the last match."""
        async def read() -> str:
            while True:
                screen = self.screen
                i = screen.find(text, self.pos)
                if i >= 0:
                    before = screen[self.pos:i]
                    self.pos = i + len(text)
                    return before
                await self._more()
        try:
            return await asyncio.wait_for(read(), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"no {text!r} within {timeout}s:\n{self.tail()}") from None

    async def quiet(self, seconds: float = 0.3) -> None:
        """Read whatever arrives for a while."""
        try:
            await asyncio.wait_for(self._drain(), seconds)
        except asyncio.TimeoutError:
            pass

    async def _drain(self) -> None:
        while True:
            await self._more()

    def type(self, keys: str) -> None:
        self.process.stdin.write(keys)

    async def send(self, line: str) -> None:
        self.type(line + "\r")
        await self.process.stdin.drain()

    async def close(self) -> None:
        self.conn.close()
        try:
            await asyncio.wait_for(self.conn.wait_closed(), 5)
        except asyncio.TimeoutError:
            pass


@dataclass
class Server:
    hub: Hub
    port: int
    listener: Any
    folder: Path
    keys: dict[str, asyncssh.SSHKey] = field(default_factory=dict)

    async def connect(self, user: str = "guest", *, key: asyncssh.SSHKey | None = None,
                      password: str | None = None, command: str | None = None,
                      size: tuple[int, int] = (110, 40)) -> Terminal:
        if key is None and user in self.keys and password is None:
            key = self.keys[user]
        conn = await asyncio.wait_for(asyncssh.connect(
            "127.0.0.1", self.port, username=user, known_hosts=None, client_keys=[key] if key else None,
            agent_path=None, password=password, preferred_auth=("publickey" if key else "password" if password
                                                                  else "none")), 10)
        process = await conn.create_process(command, term_type="xterm", term_size=size)
        return Terminal(conn, process)


def make_keys(folder: Path, names: list[str]) -> tuple[Path, dict[str, asyncssh.SSHKey]]:
    """A fresh key per name, and an authorized_keys file naming each by its comment."""
    keys = {}
    lines = []
    for name in names:
        key = asyncssh.generate_private_key("ssh-ed25519", comment=name)
        keys[name] = key
        lines.append(key.export_public_key().decode().strip())
    path = folder / "authorized_keys"
    path.write_text("\n".join(lines) + "\n")
    return path, keys


@asynccontextmanager
async def running(folder: Path, accounts: Accounts, *, limits: Limits | None = None, pace: float = 0.0,
                  keys: dict[str, asyncssh.SSHKey] | None = None,
                  defaults: Defaults | None = None, table_screen: bool = False) -> AsyncIterator[Server]:
    # table_screen: seated terminals of 80x24 or more get the full-screen table; the tests that
    # read the line screen's text leave it off, the attack tests and test_server_tui turn it on
    hub = Hub(str(folder / "saves"), limits or Limits(), pace=pace,
              defaults=defaults or Defaults(seed=3), log=lambda message: None, table_screen=table_screen)
    key = hostkey.ensure(folder / "host_key")
    await hub.restore()
    listener = await listen(hub, accounts, "127.0.0.1", 0, key)
    server = Server(hub, bound_port(listener), listener, folder / "saves", keys or {})
    try:
        yield server
    finally:
        listener.close()
        hub.shutdown()
        await asyncio.sleep(0)


@asynccontextmanager
async def keyed(folder: Path, names: list[str], **kwargs: Any) -> AsyncIterator[Server]:
    from catan_cli.server import auth

    path, keys = make_keys(folder, names)
    async with running(folder, auth.load(path), keys=keys, **kwargs) as server:
        yield server


def store_table(folder: Path, table: str, seats: str, owners: dict[str, str], commands: list[str],
                *, seed: int = 1, sandbox: bool = True) -> None:
    """A table saved as a server would save it: ``saves/table-NAME.catan`` and its sidecar."""
    import json

    from catan_cli.script import Header, parse_seats
    from catan_cli.session import Session

    saves = folder / "saves"
    session = Session.new(Header("base", parse_seats(seats), seed, sandbox), save_name=f"table-{table}",
                          saves_folder=str(saves), autosave=False)
    for line in commands:
        session.play(line)
    session.save()
    (saves / f"table-{table}.json").write_text(json.dumps(
        {"format": "catan-table/1", "table": table, "creator": next(iter(owners.values())),
         "owners": owners, "started": True}))


async def wait_for(predicate: Any, timeout: float = WAIT, what: str = "condition") -> None:
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.005)
    try:
        await asyncio.wait_for(poll(), timeout)
    except asyncio.TimeoutError:
        raise AssertionError(f"{what}: not within {timeout}s") from None
