"""The first hour in a real terminal (tmux): 'catan play' with no arguments seats you against
bots on the table screen (after your first placement the bots place without further input),
with a first-run hint on how to get help and how to leave; a campaign with a person at its
table opens the table screen too, and one whose Chapter 1 save was never written resumes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Callable

import pytest

from catan_cli.scenarios.legend import campaign as legend

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed (apt-get install tmux): screen tests need a terminal")

ROOT = Path(__file__).resolve().parent.parent


class Terminal:
    """A tmux window of a given size running ``python -m catan_cli ARGS``."""

    def __init__(self, width: int, height: int, args: list[str], tmp_path: Path, term: str = "xterm-256color") -> None:
        self.name = f"catan-first-{uuid.uuid4().hex[:8]}"
        env = {"NO_COLOR": "1", "TERM": term, "PYTHONPATH": str(ROOT), "CATAN_SAVES": str(tmp_path),
               "XDG_DATA_HOME": str(tmp_path / "data"), "PATH": os.environ.get("PATH", "")}
        line = " ".join(f"{k}={v}" for k, v in env.items()) + " " + " ".join([sys.executable, "-m", "catan_cli", *args])
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), line],
                       check=True)

    def screen(self) -> list[str]:
        out = subprocess.run(["tmux", "capture-pane", "-t", self.name, "-p", "-J"], capture_output=True, text=True)
        return out.stdout.rstrip("\n").split("\n")

    def type(self, text: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", text], check=True)
        subprocess.run(["tmux", "send-keys", "-t", self.name, "Enter"], check=True)

    def wait_for(self, test: Callable[[list[str]], bool], timeout: float = 40.0) -> list[str]:
        end = time.monotonic() + timeout
        while True:
            lines = self.screen()
            if test(lines):
                return lines
            if time.monotonic() > end:
                raise AssertionError("the screen never showed what was awaited:\n" + "\n".join(lines))
            time.sleep(0.2)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


#: the Legend's first set-up prompt (a campaign plays it) says where the settlement may go
LEGEND_FIRST = "red · place settlement on a start intersection: "


def prompt(lines: list[str]) -> str:
    return lines[-2] if len(lines) >= 2 else ""


def table_screen(lines: list[str]) -> bool:
    """The table screen is up: the map pane's title and the side panel beside it."""
    return lines[0].startswith(" map · ") and "│" in lines[0]


def first(pattern: str, lines: list[str]) -> str:
    found = re.search(pattern, "\n".join(lines))
    assert found, f"no {pattern!r} on screen:\n" + "\n".join(lines)
    return found.group(1)


def test_catan_play_with_no_arguments_seats_you_against_bots(tmp_path):
    term = Terminal(100, 40, ["play"], tmp_path)
    try:
        lines = term.wait_for(lambda ls: table_screen(ls) and "red · place settlement >" in prompt(ls))
        text = "\n".join(lines)
        assert "You are red; blue and white are bots." in text
        assert "Type 'help' for the commands" in text and "Ctrl-D or 'quit' leaves" in text
        term.type("legal")
        node = first(r"build settlement (\d+)", term.wait_for(lambda ls: "legal commands" in "\n".join(ls)))
        term.type(f"build settlement {node}")
        lines = term.wait_for(lambda ls: "red · place road >" in prompt(ls))
        term.type("legal")
        path = first(r"build road (\d+-\d+)", term.wait_for(lambda ls: "build road" in "\n".join(ls)))
        term.type(f"build road {path}")
        # nothing more is typed: both bots place (blue, white, white, blue) and red is asked again
        lines = term.wait_for(lambda ls: "red · place settlement >" in prompt(ls) and "blue places a road" in
                              "\n".join(ls), timeout=60)
        text = "\n".join(lines)
        assert "blue places a settlement" in text and "white places a settlement" in text
    finally:
        term.close()


def test_a_campaign_with_a_person_at_the_table_opens_the_table_screen(tmp_path):
    term = Terminal(100, 40, ["campaign", "new", "saga", "--seed", "3", "--fast"], tmp_path)
    try:
        lines = term.wait_for(lambda ls: table_screen(ls) and LEGEND_FIRST in prompt(ls))
        assert "Legend of the Sea Robbers 1" in "\n".join(lines)
    finally:
        term.close()
    assert (tmp_path / "saga.legend.json").is_file()


@pytest.mark.parametrize("term, flags", [("dumb", []), ("xterm-256color", ["--line"])])
def test_a_campaign_keeps_to_the_line_mode_by_the_same_rules_as_catan_play(tmp_path, term, flags):
    term_ = Terminal(100, 40, ["campaign", "new", "saga", "--seed", "3", "--fast", *flags], tmp_path, term=term)
    try:
        lines = term_.wait_for(lambda ls: any(LEGEND_FIRST in ln for ln in ls))
        assert not table_screen(lines) and not any(ln.startswith(" map · ") for ln in lines)
    finally:
        term_.close()


def test_a_campaign_whose_chapter_1_save_was_never_written_resumes(tmp_path):
    legend.new_campaign("saga2", "red,blue:bot,white:bot", seed=4, folder=tmp_path)   # left before a command
    term = Terminal(100, 40, ["campaign", "saga2", "--fast"], tmp_path)
    try:
        lines = term.wait_for(lambda ls: table_screen(ls) and LEGEND_FIRST in prompt(ls))
        text = "\n".join(lines)
        assert "saga2-ch1 holds no game yet: the chapter starts from its beginning" in " ".join(text.split())
        term.type("build settlement 1")       # not a start intersection: refused, nothing saved
        term.wait_for(lambda ls: "✗" in "\n".join(ls))
    finally:
        term.close()


@pytest.mark.slow
def test_a_chapter_played_to_its_end_on_the_table_screen_says_what_comes_next_and_is_recorded(tmp_path):
    term = Terminal(100, 40, ["campaign", "new", "tale", "--players", "red:bot,blue:bot,white:bot", "--seed", "5",
                              "--fast", ";", "sleep", "30"], tmp_path)
    try:
        lines = term.wait_for(lambda ls: "game over" in prompt(ls), timeout=300)
        said = " ".join(" ".join(lines).split())
        assert "'catan campaign tale' plays Chapter 2 (The Attack)" in said
        term.type("quit")
        term.wait_for(lambda ls: "save the game as" in "\n".join(ls))
        term.type("n")
        lines = term.wait_for(lambda ls: "the chapter is in the record" in "\n".join(ls))
        assert "Chronicle of tale" in "\n".join(lines)
    finally:
        term.close()
    assert legend.load_campaign("tale", tmp_path).chapter == 2
