"""The table screen in a real terminal (tmux): after red ends a turn and both bots play, the
narration of every bot turn is on screen beside the map, the hand and the toolbar, at the
sizes we promise, and nothing wraps or is cut mid-word."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from catan_cli.screen import panes
from catan_cli.session import Session

from screen_helpers import red_after_roll

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed (apt-get install tmux): screen tests need a terminal")

SIZES = [(80, 24), (100, 40), (120, 45)]
SCENARIOS = ["base", "cloth-for-catan", "pirate-islands"]
SEEDS = {"base": 3, "cloth-for-catan": 3, "pirate-islands": 3}


class Terminal:
    """A tmux window of a given size running one command."""

    def __init__(self, width: int, height: int, command: list[str], env: dict[str, str]) -> None:
        self.name = f"catan-{uuid.uuid4().hex[:8]}"
        self.width, self.height = width, height
        line = " ".join(f"{k}={v}" for k, v in env.items()) + " " + " ".join(command)
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height),
                        line], check=True)

    def screen(self) -> list[str]:
        out = subprocess.run(["tmux", "capture-pane", "-t", self.name, "-p", "-J"], capture_output=True,
                             text=True, check=True).stdout
        return out.rstrip("\n").split("\n")

    def type(self, text: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", text], check=True)

    def key(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def wait_for(self, test: "object", timeout: float = 20.0) -> list[str]:
        end = time.monotonic() + timeout
        while True:
            lines = self.screen()
            if test(lines):      # type: ignore[operator]
                return lines
            if time.monotonic() > end:
                raise AssertionError("screen never showed what was awaited:\n" + "\n".join(lines))
            time.sleep(0.2)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def prompt_line(lines: list[str]) -> str:
    return lines[-2] if len(lines) >= 2 else ""


def play_a_round(tmp_path: Path, scenario: str, width: int, height: int) -> tuple[list[str], Session]:
    red_after_roll(scenario, SEEDS[scenario], tmp_path)
    command = [sys.executable, "-m", "catan_cli", "play", "--fast", "--load", "screen", "--saves", str(tmp_path)]
    term = Terminal(width, height, command, {"NO_COLOR": "1", "TERM": "xterm-256color",
                                             "PYTHONPATH": str(Path(__file__).parent.parent)})
    try:
        term.wait_for(lambda lines: "red · build/trade >" in prompt_line(lines))
        term.type("end")
        term.key("Enter")
        lines = term.wait_for(lambda lines: prompt_line(lines).startswith("red") and not lines[-1].startswith("turn 1 "))
    finally:
        term.close()
    return lines, Session.from_save("screen", saves_folder=tmp_path)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_after_a_bot_round_everything_is_on_screen(tmp_path: Path, scenario: str, size: tuple[int, int]) -> None:
    width, height = size
    lines, session = play_a_round(tmp_path, scenario, width, height)
    text = "\n".join(lines)
    assert len(lines) <= height and all(len(line) <= width for line in lines), text   # nothing wrapped
    assert "blue rolls" in text and "white rolls" in text, text     # each bot's turn since red's
    assert lines[0].startswith(" map ·") and "your hand" in lines[0] + lines[1], text
    hex_ids = [re.findall(r"(?<=\s)[A-Z]{1,2}(?=\s)", line.split("│")[0]) for line in lines[1:]]
    assert sum(len(ids) for ids in hex_ids) >= 6, text        # the map pane shows hexes (wherever it pans)
    toolbar = lines[-1].strip()
    items = panes.toolbar_items(session)
    shown = toolbar.split(" · ")
    assert shown == items[:len(shown)] and len(shown) >= 3, (toolbar, items)   # whole items only
    assert "VP" in toolbar


def test_the_screen_quits_and_saves_from_the_prompt(tmp_path: Path) -> None:
    red_after_roll("base", 3, tmp_path)
    command = [sys.executable, "-m", "catan_cli", "play", "--fast", "--load", "screen", "--saves", str(tmp_path)]
    term = Terminal(80, 24, command + ["; sleep 5"], {"PYTHONPATH": str(Path(__file__).parent.parent)})
    try:
        term.wait_for(lambda lines: "build/trade >" in prompt_line(lines))
        term.type("score")
        term.key("Enter")
        term.wait_for(lambda lines: any("Score (first to 10)" in line for line in lines))
        term.type("quit")
        term.key("Enter")
        term.wait_for(lambda lines: "save the game as" in prompt_line(lines))
        term.type("friday")
        term.key("Enter")
        time.sleep(1.0)
    finally:
        term.close()
    assert (tmp_path / "friday.catan").is_file()


def test_the_screen_follows_a_resize_of_the_terminal(tmp_path: Path) -> None:
    red_after_roll("base", 3, tmp_path)
    command = [sys.executable, "-m", "catan_cli", "play", "--fast", "--load", "screen", "--saves", str(tmp_path)]
    term = Terminal(80, 24, command, {"PYTHONPATH": str(Path(__file__).parent.parent)})
    try:
        small = term.wait_for(lambda lines: "build/trade >" in prompt_line(lines))
        assert small[0].startswith(" map · compact") and "arrows pan" in small[0]
        subprocess.run(["tmux", "resize-window", "-t", term.name, "-x", "120", "-y", "45"], check=True)
        big = term.wait_for(lambda lines: len(lines) == 45 and lines[0].startswith(" map · full"))
        assert "arrows pan" not in big[0] and all(len(line) <= 120 for line in big)
        assert big[-1].startswith("turn 1 · red: build/trade")
    finally:
        term.close()
