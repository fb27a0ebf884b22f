"""``catan serve``: the game over SSH, one game per connection.

prompt_toolkit's contrib SSH server (on asyncssh) runs, for each connection in its own
prompt_toolkit app session, the table screen (:class:`~catan_cli.screen.TableScreen`), or the
line mode's :class:`~catan_cli.repl.Repl` when the client's terminal is dumb or the server was
started with ``--line``; every connection gets its own :class:`~catan_cli.session.Session` on
the same engine, in one process.

- The SSH user name names the game: ``ssh -p 8022 friday@host`` plays the save ``ssh-friday``,
  resumed when it exists, so a closed connection loses nothing (every command is autosaved).
  A second connection under a name in use plays ``ssh-friday-2`` and so on.
- There is no authentication: the server listens on 127.0.0.1 unless told otherwise.
- The host key is generated on first use and kept in the user data folder (platformdirs),
  never in the repository.
- Each command is handled in a worker thread (bots and their pauses included) and its output
  handed to the event loop, so one connection never holds up another's typing.
"""

from __future__ import annotations

import asyncio
import os
import re
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TextIO, cast

from .errors import CatanError, SaveError

if TYPE_CHECKING:
    from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession

    from .session import Session

HOST_KEY_NAME = "ssh_host_ed25519_key"
DEFAULT_PORT = 8022
DEFAULT_HOST = "127.0.0.1"


def default_host_key_path() -> Path:
    import platformdirs

    return platformdirs.user_data_path("catan", appauthor=False) / HOST_KEY_NAME


def host_key(path: Path | None = None) -> Path:
    """The server's private host key, generated (ed25519, mode 0600) when it is missing."""
    import asyncssh

    path = path or default_host_key_path()
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    data = asyncssh.generate_private_key("ssh-ed25519").export_private_key()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    return path


class LoopWriter:
    """A text file whose writes, from any thread, are handed in order to the event loop,
    which owns the SSH channel (asyncssh is not thread-safe)."""

    encoding = "utf-8"

    def __init__(self, loop: asyncio.AbstractEventLoop, target: TextIO) -> None:
        self.loop, self.target = loop, target

    def write(self, text: str) -> int:
        self.loop.call_soon_threadsafe(self.target.write, text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def _save_name(user: str, index: int) -> str:
    base = "ssh-" + (re.sub(r"[^A-Za-z0-9_.-]", "", user)[:40] or "guest")
    return base if index == 1 else f"{base}-{index}"


class Server:
    """What ``catan serve`` runs: the options every new game starts from, and the save names
    of the connections open now."""

    def __init__(self, new_session: Callable[[str], "Session"], saves_folder: str | None = None,
                 pace: float = 0.4, line: bool = False) -> None:
        self.new_session = new_session
        self.saves_folder = saves_folder
        self.pace = pace
        self.line = line
        self.active: set[str] = set()
        self._lock = threading.Lock()

    def session_for(self, user: str) -> tuple["Session", str]:
        """The user's game: their save resumed, or a new one; and a line saying which.  A
        damaged save is left as it is, and the next name is tried."""
        from . import saves
        from .session import Session

        note = ""
        with self._lock:
            for index in range(1, 1000):
                name = _save_name(user, index)
                if name in self.active:
                    continue
                if saves.save_path(name, self.saves_folder).exists():
                    try:
                        session = Session.from_save(name, self.saves_folder)
                    except SaveError as exc:
                        note += f"{exc}; "
                        continue
                    self.active.add(name)
                    return session, f"{note}resumed {name}: {len(session.game.history)} commands replayed"
                session = self.new_session(name)
                self.active.add(name)
                return session, f"{note}a new game, saved as {name}"
        raise CatanError(f"too many games named after {user!r}")

    def release(self, name: str) -> None:
        with self._lock:
            self.active.discard(name)

    def wants_table(self, terminal_type: str | None) -> bool:
        """The table screen unless the server runs in line mode or the client's terminal
        cannot draw one (no pty, or TERM=dumb)."""
        return not self.line and (terminal_type or "dumb").lower() not in ("dumb", "unknown")

    async def interact(self, ssh: "PromptToolkitSSHSession") -> None:
        """One connection: a table (or a REPL) until the player leaves or the connection drops."""
        from rich.console import Console

        from .repl import Repl

        loop = asyncio.get_running_loop()
        chan: Any = ssh._chan
        user = str(chan.get_extra_info("username") or "guest")
        if self.wants_table(chan.get_terminal_type()):
            await self._table(user, loop)
            return

        def width() -> int:
            return max(40, ssh._get_size().columns)

        console = Console(file=cast(TextIO, LoopWriter(loop, ssh.stdout)), force_terminal=True, width=width(),
                          height=ssh._get_size().rows, color_system="256",
                          no_color=bool(os.environ.get("NO_COLOR")), highlight=False)
        async def run(fn: Callable[..., Any], *args: Any) -> Any:
            return await loop.run_in_executor(None, fn, *args)

        try:
            session, note = await run(self.session_for, user)
        except CatanError as exc:
            console.print(f"catan: {exc}", markup=False)
            await asyncio.sleep(0.05)
            return
        name = session.save_name
        repl = Repl(session, console, pace=self.pace)
        repl.say(note, "dim")
        try:
            await repl.loop_async(run, width=width)
        finally:
            await run(session.flush)
            self.release(name)
            await asyncio.sleep(0.05)   # let the last lines reach the channel


    async def _table(self, user: str, loop: asyncio.AbstractEventLoop) -> None:
        """The table screen on this connection's terminal (the current app session's input
        and output); commands and bots run in the table's worker threads."""
        from .screen import TableScreen

        async def run(fn: Callable[..., Any], *args: Any) -> Any:
            return await loop.run_in_executor(None, fn, *args)

        try:
            session, note = await run(self.session_for, user)
        except CatanError as exc:
            from prompt_toolkit.application.current import get_app_session

            get_app_session().output.write_raw(f"catan: {exc}\r\n")
            get_app_session().output.flush()
            await asyncio.sleep(0.05)
            return
        name = session.save_name
        try:
            table = TableScreen(session, pace=self.pace)
            table.add(None, note, "italic")
            await table.run_async()
        finally:
            await run(session.flush)
            self.release(name)


async def start(server: Server, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                key_path: Path | None = None) -> Any:
    """Listen for SSH connections; returns the asyncssh server (``.sockets`` tell the port)."""
    import asyncssh
    from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer

    key = host_key(key_path)
    return await asyncssh.create_server(lambda: PromptToolkitSSHServer(server.interact), host, port,
                                        server_host_keys=[str(key)])


def bound_port(listener: Any) -> int:
    return int(listener.sockets[0].getsockname()[1])
