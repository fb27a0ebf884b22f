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
    return lines[-2].rstrip() if len(lines) >= 2 else ""


def play_a_round(tmp_path: Path, scenario: str, width: int, height: int) -> tuple[list[str], Session]:
    red_after_roll(scenario, SEEDS[scenario], tmp_path)
    command = [sys.executable, "-m", "catan_cli", "play", "--fast", "--load", "screen", "--saves", str(tmp_path)]
    term = Terminal(width, height, command, {"NO_COLOR": "1", "TERM": "xterm-256color",
                                             "XDG_DATA_HOME": str(tmp_path / "xdg"),   # not the user's history
                                             "PYTHONPATH": str(Path(__file__).parent.parent)})
    try:
        term.wait_for(lambda lines: "red · build/trade >" in prompt_line(lines))
        term.type("end")
        term.key("Enter")
        lines = term.wait_for(lambda lines: prompt_line(lines).startswith("red") and not lines[-1].startswith("turn 1 "))
    finally:
        term.close()
    return lines, Session.from_save("screen", saves_folder=tmp_path)


def stripped(lines: list[str]) -> list[str]:
    return [line.rstrip() for line in lines]


def events_title_row(lines: list[str]) -> int:
    """The row of the event pane's title: under the map (the map pane is the rows above it), or
    under the side panel, beside the map, on a wide terminal whose map leaves a column free."""
    return next(i for i, line in enumerate(lines)
                if line.startswith(" since your last turn") or "│ since your last turn" in line)


def events_beside(lines: list[str]) -> bool:
    return "│ since your last turn" in lines[events_title_row(lines)]


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
    map_rows = events_title_row(lines) - 1                 # the map's own title row left out
    assert map_rows >= min(15, height - 9), text           # the events scroll, the map keeps its room
    if "Shift+arrows pan" not in lines[0] and not events_beside(lines):   # the whole map is drawn: the rows
        assert lines[events_title_row(lines) - 1].split("│")[0].strip(), text    # it does not need are the events'
    if height >= 45:                                       # 12 lines of narration and the whole map, on every
        assert height - 3 - events_title_row(lines) >= 12, text     # map (beside it when it is tall)
        assert "Shift+arrows pan" not in lines[0], text
        assert events_beside(lines) == (scenario != "base"), text
    if events_beside(lines):                               # the narration's column: right of the map
        column = lines[events_title_row(lines)].index("│ since your last turn")
        assert all(line[column:column + 1] == "│" for line in lines[:-2]), text


def test_the_screen_quits_and_saves_from_the_prompt(tmp_path: Path) -> None:
    red_after_roll("base", 3, tmp_path)
    command = [sys.executable, "-m", "catan_cli", "play", "--fast", "--load", "screen", "--saves", str(tmp_path)]
    term = Terminal(80, 24, command + ["; sleep 5"], {"PYTHONPATH": str(Path(__file__).parent.parent),
                                         "XDG_DATA_HOME": str(tmp_path / "xdg")})
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
    term = Terminal(80, 24, command, {"PYTHONPATH": str(Path(__file__).parent.parent),
                                         "XDG_DATA_HOME": str(tmp_path / "xdg")})
    try:
        small = term.wait_for(lambda lines: "build/trade >" in prompt_line(lines))
        assert small[0].startswith(" map · compact · Shift+arrows pan")
        subprocess.run(["tmux", "resize-window", "-t", term.name, "-x", "120", "-y", "45"], check=True)
        big = term.wait_for(lambda lines: len(lines) == 45 and "Shift+arrows" not in lines[0])
        assert big[0].startswith(" map · compact") and all(len(line) <= 120 for line in big)
        assert 43 - events_title_row(big) - 1 >= 12           # the room the map does not need: the events'
        assert big[-1].startswith("turn 1 · red: build/trade")
    finally:
        term.close()


def start(tmp_path: Path, width: int = 80, height: int = 24, *, fast: bool = True,
          args: tuple[str, ...] = ("--load", "screen")) -> Terminal:
    """The table screen in a terminal, its history file in ``tmp_path/xdg``."""
    command = [sys.executable, "-m", "catan_cli", "play", *(["--fast"] if fast else []), *args,
               "--saves", str(tmp_path)]
    return Terminal(width, height, command, {"NO_COLOR": "1", "TERM": "xterm-256color",
                                             "XDG_DATA_HOME": str(tmp_path / "xdg"),
                                             "PYTHONPATH": str(Path(__file__).parent.parent)})


def test_ctrl_c_pauses_the_bots_until_enter(tmp_path: Path) -> None:
    red_after_roll("base", 3, tmp_path)
    term = start(tmp_path, fast=False)             # the bots' pace leaves time to press Ctrl-C
    try:
        term.wait_for(lambda lines: "red · build/trade >" in prompt_line(lines))
        term.type("end")
        term.key("Enter")
        term.wait_for(lambda lines: any("blue rolls" in line for line in lines))
        term.key("C-c")
        paused = term.wait_for(lambda lines: prompt_line(lines).startswith("bots paused"))
        assert any(line.startswith("bots paused: press Enter") for line in paused)
        moves = len(Session.from_save("screen", saves_folder=tmp_path).game.history)
        time.sleep(2.5)                            # six bot moves' worth of pace: none is played
        assert len(Session.from_save("screen", saves_folder=tmp_path).game.history) == moves
        assert term.screen() == paused
        term.key("Enter")                          # Enter lets them go on, to red's next turn
        term.wait_for(lambda lines: prompt_line(lines).startswith("red · roll"))
        assert len(Session.from_save("screen", saves_folder=tmp_path).game.history) > moves
    finally:
        term.close()


def test_commands_go_to_the_history_file_and_up_recalls_them(tmp_path: Path) -> None:
    history = tmp_path / "xdg" / "catan" / "history"
    history.parent.mkdir(parents=True)
    history.write_text("\n# typed in the line mode\n+hands\n", encoding="utf-8")
    red_after_roll("base", 3, tmp_path)
    term = start(tmp_path)
    try:
        term.wait_for(lambda lines: "red · build/trade >" in prompt_line(lines))
        term.type("status")
        term.key("Enter")
        term.wait_for(lambda lines: lines[0].startswith(" status · Esc closes") and
                      prompt_line(lines).endswith("build/trade >"))
        term.key("Escape")
        term.wait_for(lambda lines: lines[0].startswith(" map ·"))
        term.key("Up")
        term.wait_for(lambda lines: prompt_line(lines).endswith("build/trade > status"))
        term.key("Up")                             # then what the line mode typed, from the same file
        term.wait_for(lambda lines: prompt_line(lines).endswith("build/trade > hands"))
        term.key("Down")
        term.wait_for(lambda lines: prompt_line(lines).endswith("build/trade > status"))
        term.key("C-u")
        term.type("quit")
        term.key("Enter")
        term.wait_for(lambda lines: "save the game as" in prompt_line(lines))
        term.type("n")
        term.key("Enter")
        deadline = time.monotonic() + 10
        while "+quit" not in history.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        term.close()
    stored = [line[1:] for line in history.read_text(encoding="utf-8").splitlines() if line.startswith("+")]
    assert stored == ["hands", "status", "quit"]       # the answer 'n' to the save question is no command


def test_tab_completes_a_whole_word_and_the_space_after_it(tmp_path: Path) -> None:
    term = start(tmp_path, args=("--players", "red,blue:bot,white:bot", "--seed", "3", "--save", "tab"))
    try:
        term.wait_for(lambda lines: "red · place settlement >" in prompt_line(lines))
        term.type("build s")
        term.key("Tab")
        term.wait_for(lambda lines: prompt_line(lines).endswith("> build settlement"))
        term.type("20")
        term.key("Enter")
        term.wait_for(lambda lines: any("red places a settlement on 20" in line for line in lines))
    finally:
        term.close()
    assert Session.from_save("tab", saves_folder=tmp_path).game.history[0] == "build settlement 20"


@pytest.mark.parametrize("size", [(80, 24), (120, 45)], ids=["80x24", "120x45"])
def test_help_opens_a_reader_wrapped_at_words_that_pages_and_closes(tmp_path: Path, size: tuple[int, int]) -> None:
    width, height = size
    red_after_roll("base", 3, tmp_path)
    term = start(tmp_path, width, height)
    try:
        term.wait_for(lambda lines: "red · build/trade >" in prompt_line(lines))
        term.type("help")
        term.key("Enter")
        first = stripped(term.wait_for(lambda lines: lines[0].startswith(" help · Esc closes")))
        assert first[1] == "Game commands" and "lines 1-" in first[0]
        assert all(len(line) <= width for line in first)
        term.key("PageDown")
        later = stripped(term.wait_for(lambda lines: lines[0].rstrip() != first[0]))
        assert later[1:-2] != first[1:-2]
        term.key("End")                             # (no key of the reader: nothing changes)
        for _ in range(6):
            term.key("PageDown")
        last = stripped(term.wait_for(lambda lines: any(line.startswith("Keys of the table screen") for line in lines)))
        assert any("Shift+arrows" in line and "pan the map" in line for line in last)
        term.key("Escape")
        term.wait_for(lambda lines: lines[0].startswith(" map ·"))
        term.type("help rules")
        term.key("Enter")
        if height < 40:                             # too long for the event pane: the reader
            rules = stripped(term.wait_for(lambda lines: lines[0].startswith(" help rules · Esc closes")))
        else:                                       # room enough in the event pane
            rules = stripped(term.wait_for(lambda lines: any(line.startswith("- Win with 10 VP") for line in lines)))
        text = [line for line in rules if line.startswith(("- ", "  ")) and "│" not in line]
        assert all(len(line) <= width for line in rules)
        joined = " ".join(line.strip() for line in text)     # each paragraph whole: no word cut in two
        assert "- On your turn: roll (each hex with the number produces for the buildings at its corners), then " \
            "trade and build in any order, then 'end'. - A 7 produces nothing" in joined
        assert len([line for line in text if line.startswith("  ")]) >= 3    # continuations under their bullet
    finally:
        term.close()
