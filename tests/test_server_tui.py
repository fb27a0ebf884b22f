"""The full-screen table over SSH: a real `catan serve`, real OpenSSH clients in tmux
windows of 80x24, and asyncssh clients for the attacks.

What must hold: a seated player's screen shows the map, the side panel (its own hand), the
event pane, the prompt and the toolbar; another seat's move appears there without a key
pressed; the screen follows a resize; small terminals and 'screen line' keep the line
screen; a huge paste or noise at the full screen neither freezes the server nor gets in.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("asyncssh")

from ssh_helpers import keyed  # noqa: E402
from test_screen import Terminal  # noqa: E402

from catan_cli.server.tui import SeatScreen  # noqa: E402

needs_ssh = pytest.mark.skipif(shutil.which("tmux") is None or shutil.which("ssh") is None,
                               reason="tmux and an OpenSSH client are needed for a real terminal")


def serve(tmp_path: Path) -> tuple[subprocess.Popen[str], int]:
    server = subprocess.Popen(
        [sys.executable, "-m", "catan_cli", "serve", "--open", "--port", "0", "--fast", "--seed", "3",
         "--saves", str(tmp_path / "saves"), "--host-key", str(tmp_path / "host_key")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env={**os.environ, "NO_COLOR": ""})
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    assert found, line
    return server, int(found.group(1))


def ssh(port: int, user: str, *command: str) -> list[str]:
    return ["ssh", "-t", "-p", str(port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", f"{user}@127.0.0.1", *command]


def full_screen(lines: list[str], width: int, height: int) -> bool:
    """Map title, side panel, event pane, prompt and toolbar on one screen, nothing too wide."""
    text = "\n".join(lines)
    return (len(lines) == height and all(len(line) <= width for line in lines)
            and " map · " in text and "your hand" in text and "since your last turn" in text
            and lines[-1].lstrip().startswith("turn ") and "friday ·" in lines[-2])


@needs_ssh
def test_a_seated_player_at_80x24_sees_another_seats_move_without_typing(tmp_path: Path) -> None:
    server, port = serve(tmp_path)
    alice = bob = small = None
    try:
        alice = Terminal(80, 24, ssh(port, "alice"), {})
        alice.wait_for(lambda s: any("lobby >" in line for line in s))
        alice.type("new table friday --seats red,blue\r")
        bob = Terminal(80, 24, ssh(port, "bob", "join", "friday"), {})
        screen = bob.wait_for(lambda s: full_screen(s, 80, 24) and "the game at friday begins" in "\n".join(s))
        assert "blue · your hand" in "\n".join(screen)
        alice.wait_for(lambda s: full_screen(s, 80, 24) and "red, your move" in "\n".join(s))

        alice.type("build settlement 20\r")         # red moves; bob presses nothing
        bob.wait_for(lambda s: "red places a settlement on 20" in "\n".join(s) and full_screen(s, 80, 24))

        alice.type("build road 20-")                  # Tab completes from the seat's legal moves
        alice.key("Tab")
        alice.wait_for(lambda s: any("build road 20-21" in line for line in s))
        alice.key("C-u")

        subprocess.run(["tmux", "resize-window", "-t", bob.name, "-x", "120", "-y", "45"], check=True)
        bob.wait_for(lambda s: full_screen(s, 120, 45) and "red places a settlement on 20" in "\n".join(s))

        bob.type("screen line\r")                     # the line screen on demand
        bob.wait_for(lambda s: "your hand:" in "\n".join(s) and not any(" map · " in line for line in s))

        small = Terminal(70, 20, ssh(port, "carol"), {})   # too small for the table: lines
        small.wait_for(lambda s: any("lobby >" in line for line in s))
        small.type("new table tiny --seats red,blue\r")
        small.wait_for(lambda s: any("tiny · waiting for blue >" in line for line in s)
                       and "your hand: no cards" in "\n".join(s) and not any(" map · " in line for line in s))
    finally:
        for term in (alice, bob, small):
            if term is not None:
                term.close()
        server.terminate()
        server.wait(10)


def test_a_huge_paste_and_noise_at_the_full_screen_neither_freeze_the_server_nor_get_in(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["mallory", "alice"], table_screen=True) as server:
            alice = await server.connect("alice", size=(80, 24))
            await alice.until("Welcome")
            await alice.send("screen line")
            await alice.send("new table t --seats red,blue")
            await alice.until("you sit at t as red")
            mallory = await server.connect("mallory", command="join t", size=(80, 24))
            await alice.until("the game at t begins")
            client = next(c for c in server.hub.clients if c.name == "mallory")
            assert isinstance(client.tui, SeatScreen) and client.tui.active
            mallory.type("build settlement 5" + "x" * 5_000_000)      # no Enter yet
            start = time.monotonic()
            await alice.send("who")
            await alice.until("connected:", timeout=2)
            assert time.monotonic() - start < 2
            mallory.type("\r")
            rng = __import__("random").Random(7)
            noise = bytes(rng.randrange(256) for _ in range(50_000)).replace(b"\x04", b"")
            mallory.process.stdin.write(noise.decode("latin-1"))
            await alice.send("who")
            await alice.until("connected:", timeout=2)

            async def refused() -> None:
                while not any("line refused: longer than 500" in "".join(t for _, t in line)
                              for line in client.tui.entries if client.tui is not None):
                    await asyncio.sleep(0.05)
            await asyncio.wait_for(refused(), 10)
            assert server.hub.tables["t"].game.history == []          # the pasted line never played
            assert client.tui is not None and len(client.tui.buffer.text) <= 500
            await asyncio.sleep(3)                                     # the limits forgive
            mallory.type("\x15say still here\r")
            await alice.until("mallory (blue) says: still here", timeout=5)

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_seats_frame_is_built_from_that_seats_view_only() -> None:
    """The panes read ``Game.view(seat)`` and nothing wider: no other seat's hand or card
    reaches a frame, whatever the game holds."""
    from types import SimpleNamespace

    from catan_cli.script import Header, parse_seats
    from catan_cli.server.limits import Limits
    from catan_cli.session import Session

    session = Session.new(Header("base", parse_seats("red:bot,blue:bot"), 3), autosave=False)
    for _ in range(40):
        session.bot_move()
    game = session.game
    asked: list[str | None] = []
    real_view = game.view

    def view(seat: str | None = None) -> dict[str, object]:
        asked.append(seat)
        return real_view(seat)

    game.view = view  # type: ignore[method-assign]
    client = SimpleNamespace(width=100, height=40, color=False, hub=SimpleNamespace(limits=Limits()))
    for seat in ("red", "blue"):
        asked.clear()
        frame = SeatScreen(client).frame(game, seat)  # type: ignore[arg-type]
        assert asked and set(asked) == {seat}
        other = "blue" if seat == "red" else "red"
        assert f"{seat} · your hand" in [s.name for s in frame.sections]
        assert f"{other} · your hand" not in [s.name for s in frame.sections]
