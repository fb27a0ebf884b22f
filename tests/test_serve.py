"""catan serve: the game over SSH.  A real server process on 127.0.0.1 and a random port, and
asyncssh as the client (line mode) or OpenSSH's client in a tmux window (the table screen):
each connection plays its own game, named after the SSH user, and a second connection under
the same name resumes it.  Every step has a time limit."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

asyncssh = pytest.importorskip("asyncssh")

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]")


class Terminal:
    """One SSH shell with a pty; ``until`` waits for text on the screen (escapes removed)."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.seen = ""

    async def until(self, text: str, timeout: float = 20) -> None:
        async def read() -> None:
            while text not in ANSI.sub("", self.seen):
                chunk = await self.process.stdout.read(65536)
                if not chunk:
                    raise AssertionError(f"connection closed before {text!r}:\n{ANSI.sub('', self.seen)[-1500:]}")
                self.seen += chunk
        try:
            await asyncio.wait_for(read(), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"no {text!r} within {timeout}s:\n{ANSI.sub('', self.seen)[-1500:]}") from None
        clean = ANSI.sub("", self.seen)
        self.seen = clean[clean.index(text) + len(text):]

    def type(self, keys: str) -> None:
        self.process.stdin.write(keys)


async def connect(port: int, user: str) -> tuple[asyncssh.SSHClientConnection, Terminal]:
    conn = await asyncio.wait_for(asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None,
                                                   client_keys=None, agent_path=None, password=None), 20)
    process = await conn.create_process(term_type="xterm", term_size=(100, 40))
    return conn, Terminal(process)


def serving(tmp_path: Path, *options: str) -> Iterator[int]:
    env = dict(os.environ, NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1", XDG_DATA_HOME=str(tmp_path / "data"),
               PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "catan_cli", "serve", "--port", "0", "--host", "127.0.0.1",
                             "--seed", "7", "--fast", "--saves", str(tmp_path / "saves"), *options],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert m, f"no port in {line!r}: {proc.stderr.read() if proc.poll() is not None and proc.stderr else ''}"
        yield int(m.group(1))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:   # pragma: no cover
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    """A server in line mode (the asyncssh client reads its output as a stream)."""
    yield from serving(tmp_path, "--line")


@pytest.fixture
def table_server(tmp_path: Path) -> Iterator[int]:
    """A server with its default: the table screen for every terminal that can draw it."""
    yield from serving(tmp_path)


def test_play_over_ssh_then_resume(server: int, tmp_path: Path) -> None:
    async def first() -> None:
        conn, term = await connect(server, "friday")
        async with conn:
            await term.until("a new game, saved as ssh-friday")
            await term.until("· place settlement >")
            term.type("build settlement 40\r")
            await term.until("red places a settlement on 40")
            await term.until("· place road >")
            term.type("build city 99\r")
            await term.until("there is no intersection 99")
            term.type("\x04")                                   # Ctrl-D offers to save
            await term.until("save the game as [ssh-friday]?")
            term.type("n\r")
            await term.until("autosaved as")
            await asyncio.wait_for(term.process.wait_closed(), 20)

    async def again() -> None:
        conn, term = await connect(server, "friday")
        async with conn:
            await term.until("resumed ssh-friday: 1 commands replayed")
            await term.until("red · place road >")
            term.type("quit\r")
            await term.until("save the game as [ssh-friday]?")
            term.type("\r")
            await term.until("saved to")
            await asyncio.wait_for(term.process.wait_closed(), 20)

    asyncio.run(asyncio.wait_for(first(), 60))
    save = tmp_path / "saves" / "ssh-friday.catan"
    assert save.read_text().splitlines()[-2] == "build settlement 40"
    asyncio.run(asyncio.wait_for(again(), 60))
    # the host key was generated in the user data folder, readable by its owner only
    key = tmp_path / "data" / "catan" / "ssh_host_ed25519_key"
    assert key.is_file() and stat.S_IMODE(key.stat().st_mode) == 0o600


def test_two_connections_play_two_games(server: int, tmp_path: Path) -> None:
    async def both() -> None:
        conn1, one = await connect(server, "sam")
        conn2, two = await connect(server, "sam")
        async with conn1, conn2:
            await one.until("a new game, saved as ssh-sam")
            await two.until("saved as ssh-sam-2")
            await one.until("· place settlement >")
            await two.until("· place settlement >")
            one.type("build settlement 40\r")
            two.type("build settlement 53\r")
            await one.until("red places a settlement on 40")
            await two.until("red places a settlement on 53")
            for term in (one, two):
                term.type("\x04")
                await term.until("save the game as")
                term.type("n\r")
                await asyncio.wait_for(term.process.wait_closed(), 20)

    asyncio.run(asyncio.wait_for(both(), 60))
    saves = tmp_path / "saves"
    assert "build settlement 40" in (saves / "ssh-sam.catan").read_text()
    assert "build settlement 53" in (saves / "ssh-sam-2.catan").read_text()


def test_a_damaged_save_is_left_alone_and_the_next_name_is_used(tmp_path: Path) -> None:
    from catan_cli.cli import _start_session
    from catan_cli.serve import Server

    (tmp_path / "ssh-ann.catan").write_text("# seed: 7\nbuild settlement 40\n# digest: 0000000000000000\n")
    server = Server(lambda name: _start_session("base", "red,blue", 7, False, [], None, name, str(tmp_path), True),
                    str(tmp_path))
    session, note = server.session_for("ann")
    assert session.save_name == "ssh-ann-2"
    assert note == ("save ssh-ann is damaged: its final position does not match its digest; "
                    "a new game, saved as ssh-ann-2")
    assert server.session_for("a/n n")[0].save_name == "ssh-ann-3"   # odd characters dropped; 1, 2 taken
    server.release("ssh-ann-2")
    assert server.session_for("ann")[0].save_name == "ssh-ann-2"
    assert (tmp_path / "ssh-ann.catan").read_text().endswith("0000000000000000\n")


def test_the_server_chooses_the_table_unless_the_terminal_cannot_draw_it() -> None:
    from catan_cli.serve import Server

    table, line = Server(lambda name: None), Server(lambda name: None, line=True)   # type: ignore[arg-type, return-value]
    assert table.wants_table("xterm-256color") and table.wants_table("screen")
    assert not table.wants_table("dumb") and not table.wants_table(None)
    assert not line.wants_table("xterm-256color")


def tmux_screen(name: str) -> list[str]:
    out = subprocess.run(["tmux", "capture-pane", "-t", name, "-p"], capture_output=True, text=True).stdout
    return out.rstrip("\n").split("\n")


def wait_screen(name: str, test: "object", timeout: float = 30.0) -> list[str]:
    end = time.monotonic() + timeout
    while True:
        lines = tmux_screen(name)
        if test(lines):   # type: ignore[operator]
            return lines
        if time.monotonic() > end:
            raise AssertionError("the screen never showed what was awaited:\n" + "\n".join(lines))
        time.sleep(0.2)


@pytest.mark.skipif(shutil.which("tmux") is None or shutil.which("ssh") is None,
                    reason="needs tmux and OpenSSH's client")
def test_ssh_in_a_terminal_plays_on_the_table_screen(table_server: int, tmp_path: Path) -> None:
    """'ssh -p PORT friday@127.0.0.1' in an 80x24 terminal: the table's panes, a command played
    from its prompt and narrated in its event pane, and 'quit' saving the game."""
    name = f"catan-ssh-{os.getpid()}"
    ssh = (f"ssh -F /dev/null -p {table_server} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
           f"-o LogLevel=ERROR -o PubkeyAuthentication=no -o PasswordAuthentication=no -tt friday@127.0.0.1")
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "80", "-y", "24",
                    f"TERM=xterm-256color {ssh}; sleep 5"], check=True)
    try:
        lines = wait_screen(name, lambda ls: "place settlement >" in "\n".join(ls[-3:]))
        assert lines[0].startswith(" map ·") and "your hand" in lines[0] + lines[1]
        assert any("a new game, saved as ssh-friday" in line for line in lines)
        assert lines[-1].startswith("turn 0 · red: place settlement")
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        subprocess.run(["tmux", "send-keys", "-t", name, "-l", "build settlement 40"], check=True)
        subprocess.run(["tmux", "send-keys", "-t", name, "Enter"], check=True)
        wait_screen(name, lambda ls: any("red places a settlement on 40" in line for line in ls))
        wait_screen(name, lambda ls: "place road >" in "\n".join(ls[-3:]))
        subprocess.run(["tmux", "send-keys", "-t", name, "-l", "quit"], check=True)
        subprocess.run(["tmux", "send-keys", "-t", name, "Enter"], check=True)
        wait_screen(name, lambda ls: "save the game as" in "\n".join(ls[-3:]))
        subprocess.run(["tmux", "send-keys", "-t", name, "Enter"], check=True)
        wait_screen(name, lambda ls: "map ·" not in ls[0])             # the table closed
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
    assert "build settlement 40" in (tmp_path / "saves" / "ssh-friday.catan").read_text()
