"""The table screen's panes, built without a terminal: snapshots in plain text (NO_COLOR reads
the same), the toolbar fitted by whole items, and the layout at the sizes we promise."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from catan_cli.screen import TableScreen, panes
from catan_cli.screen.fragments import plain, wrap

from screen_helpers import red_after_roll


class TextSnapshot(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    _file_extension = "txt"


@pytest.fixture
def snap(snapshot: Any) -> Any:
    return snapshot.use_extension(TextSnapshot)


def table(tmp_path: Path, scenario: str = "base") -> TableScreen:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as pipe:
        return TableScreen(red_after_roll(scenario, 3, tmp_path, save=False), pace=0, input=pipe,
                           output=DummyOutput())


def pane_text(lines: list[Any]) -> str:
    return "\n".join(plain(line).rstrip() for line in lines)


@pytest.mark.parametrize("scenario", ["base", "cloth-for-catan", "pirate-islands"])
def test_map_and_side_panes_read_without_colour(tmp_path: Path, scenario: str, snap: Any) -> None:
    screen = table(tmp_path, scenario)
    g = screen.geometry_for(120, 45)
    drawn = screen.map.view(screen.session, g.map_w, g.top - 1)
    side = panes.side_panel(panes.side_sections(screen.session, g.side - 1), g.side - 1, g.top, 0)
    text = pane_text(drawn) + "\n" + "-" * 20 + "\n" + pane_text(side)
    for mark in "rbw":   # each owner's settlements and roads carry their own letter
        assert re.search(rf"\b{mark}\d+\b", text) and re.search(rf"[#~]{mark}[#~]|\b{mark}\b", text), mark
    assert text == snap


@pytest.mark.parametrize("scenario", ["base", "cloth-for-catan", "pirate-islands"])
def test_the_whole_map_is_visible_at_120x45_and_reachable_by_panning_at_80x24(tmp_path: Path, scenario: str) -> None:
    screen = table(tmp_path, scenario)
    g = screen.geometry_for(120, 45)
    screen.map.drawing(screen.session, g.map_w, g.top - 1)
    width, height = screen.map.size()
    assert width <= g.map_w and height <= g.top - 1
    small = screen.geometry_for(80, 24)
    seen: set[str] = set()
    screen.map.top = screen.map.left = 0
    for _ in range(20):
        for _ in range(20):
            seen |= set(re.findall(r"\d+", pane_text(screen.map.view(screen.session, small.map_w, small.top - 1))))
            screen.map.pan(0, 6)
        screen.map.left = 0
        screen.map.pan(3, 0)
    nodes = {str(n["id"]) for n in screen.session.game.board_json()["nodes"]}
    assert small.map_w < width or small.top - 1 < height      # it does not fit: panning is needed
    assert nodes <= seen                                         # and reaches every intersection


def test_map_region_centres_the_viewport(tmp_path: Path) -> None:
    screen = table(tmp_path)
    g = screen.geometry_for(80, 24)
    screen.map_command("AC")
    assert " AC " in pane_text(screen.map.view(screen.session, g.map_w, g.top - 1))
    from catan_cli.errors import CatanError

    with pytest.raises(CatanError, match="unknown region"):
        screen.map_command("ZZZ")


def test_the_toolbar_drops_whole_items_and_never_cuts_a_word() -> None:
    items = ["turn 12", "carol: accept or decline: carol offers you 1 ore for 1 brick", "dice 3+5=8",
             "red 5  blue 4 VP (to 10)"]
    assert panes.fit_items(items, 200) == " · ".join(items)
    assert panes.fit_items(items, 75) == "turn 12 · carol: accept or decline: carol offers you 1 ore for 1 brick"
    assert panes.fit_items(items, 40) == "turn 12"
    assert panes.fit_items(["a very long first item"], 13) == "a very long"


def test_event_lines_wrap_at_spaces() -> None:
    line = [("", "blue rolls 6+1 = 7 · blue moves the robber to AE · blue steals 1 ore from red")]
    parts = [plain(p) for p in wrap(line, 30)]
    assert all(len(p) <= 30 for p in parts) and " ".join(parts) == plain(line[0:1])


def test_the_map_follows_your_own_build_when_it_does_not_fit(tmp_path: Path) -> None:
    screen = table(tmp_path, "pirate-islands")
    g = screen.geometry_for(80, 24)
    screen.map.top = screen.map.left = 0
    screen.map.follow(screen.session, 160, g.map_w, g.top - 1)   # the far south-east corner
    assert re.search(r"\b160\b", pane_text(screen.map.view(screen.session, g.map_w, g.top - 1)))
    assert screen.map.top > 0 and screen.map.left > 0


def test_the_application_runs_on_given_input_and_output(tmp_path: Path) -> None:
    """What a server does for each connection: its own input and output, no real terminal."""
    import threading
    import time

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    session = red_after_roll("base", 3, tmp_path, save=False)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        screen = TableScreen(session, pace=0, input=pipe, output=DummyOutput())

        def type_lines() -> None:
            for text in ("build city 99\r", "end\r", "quit\r", "n\r"):
                deadline = time.monotonic() + 10
                time.sleep(0.3)
                while (screen.busy or not screen.app.is_running) and time.monotonic() < deadline:
                    time.sleep(0.05)
                pipe.send_text(text)

        threading.Thread(target=type_lines, daemon=True).start()
        screen.run()
    said = "\n".join(plain(line) for _, line in screen.entries)
    assert "✗ there is no intersection 99" in said
    assert "blue rolls" in said and "white rolls" in said        # the bots played their turns
    assert said.rstrip().endswith("not saved")


def test_the_map_follows_the_robber_when_it_moves_out_of_view(tmp_path: Path) -> None:
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from catan_cli.engine.actions import Event
    from catan_cli.session import Played

    class Small(DummyOutput):
        def get_size(self) -> Size:
            return Size(rows=24, columns=80)

    with create_pipe_input() as pipe:
        screen = TableScreen(red_after_roll("base", 3, tmp_path, save=False), pace=0, input=pipe, output=Small())
    g = screen.geometry()
    drawing = [plain(line) for line in screen.map.drawing(screen.session, g.map_w, g.top - 1)]
    assert len(drawing) > g.top - 1                                  # the map pans at 80x24
    south = next(w for line in reversed(drawing) for w in line.split() if re.fullmatch(r"[A-Z]{1,2}", w))
    screen.map.top = 0
    assert south not in pane_text(screen.map.view(screen.session, g.map_w, g.top - 1)).split()
    screen.repl.show_events(Played("blue: robber " + south, "blue", [Event("robber", 1, f"blue moves the robber to {south}")]))
    assert screen.map.top > 0
    assert south in pane_text(screen.map.view(screen.session, g.map_w, g.top - 1)).split()


def test_the_score_names_vp_sources_in_words_and_the_key_explains_the_short_form() -> None:
    player = {"name": "red", "vp": 8, "vp_sources": {"settlements": 2, "cities": 4, "longest road": 2,
                                                     "largest army": 0}}
    view: Any = {"players": [player]}
    wide = pane_text(panes._score(view, {}, 60))
    assert "8 (VP: settlements 2, cities 4, longest road 2)" in wide and "army" not in wide
    narrow = pane_text(panes._score(view, {}, 28))
    assert "8 (2s 4c LR)" in narrow and all(len(line) <= 28 for line in narrow.splitlines())
    key = pane_text(panes._vp_key(view, 28))
    assert "VP: s settlements" in key and "VP: c cities" in key and "VP: LR longest road" in key
    assert panes._vp_key(view, 60) == []


def test_a_scenarios_vp_source_is_shortened_to_its_initials_not_cut_mid_word() -> None:
    """Land Ho!'s score at 80 columns: '(2s 6hs)' with the key 'VP: hs harbor-settlements',
    never '(1s 2harbo)'."""
    player = {"name": "red", "vp": 8, "vp_sources": {"settlements": 2, "harbor-settlements": 6}}
    view: Any = {"players": [player]}
    narrow = pane_text(panes._score(view, {}, 28))
    assert "8 (2s 6hs)" in narrow and "harbo" not in narrow
    assert "VP: hs harbor-settlements" in pane_text(panes._vp_key(view, 28))


def test_the_ui_benchmark_runs_on_the_largest_map() -> None:
    """The benchmark of the note ('python -m catan_cli.benchmarks.ui'), on a few commands:
    it must keep running as the screen changes (its figures are measured by hand)."""
    from catan_cli.benchmarks import ui

    table = ui.bench_table(12, 1)
    assert table["commands"] == 12 and 0 < table["cpu_median_ms"] and 0 < table["keystroke_cpu_median_ms"]
    line = ui.bench_screen(12, 1, autosave=False)
    assert line["commands"] == 12 and line["median_ms"] > 0


def _tabs(sections: list[Any], width: int, tab: int) -> tuple[str, list[str]]:
    """The tab line's text, and the words in it shown as the current page."""
    first = panes.side_panel(sections, width, 6, tab)[0]
    return plain(first), [text.strip() for style, text in first if "reverse" in style]


def test_the_tab_line_counts_the_tabs_whose_names_do_not_fit() -> None:
    sections = [panes.Section(name, [[("", "x")]] * 4) for name in ("hand", "score", "costs", "scenario", "key")]
    assert _tabs(sections, 40, 0)[0] == "F2: hand score costs scenario key"
    assert _tabs(sections, 30, 0) == ("F2: hand score costs +2", ["hand"])
    # the page shown is one whose name does not fit: the count is marked instead
    assert _tabs(sections, 30, 3) == ("F2: hand score costs +2", ["+2"])
    assert _tabs(sections, 12, 0)[0] == "F2: hand +4"
