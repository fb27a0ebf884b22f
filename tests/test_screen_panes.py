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
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as pipe:      # (the user's history file is left alone)
        return TableScreen(red_after_roll(scenario, 3, tmp_path, save=False), pace=0, input=pipe,
                           output=DummyOutput(), history=InMemoryHistory())


def pane_text(lines: list[Any]) -> str:
    return "\n".join(plain(line).rstrip() for line in lines)


@pytest.mark.parametrize("scenario", ["base", "cloth-for-catan", "pirate-islands"])
def test_map_and_side_panes_read_without_colour(tmp_path: Path, scenario: str, snap: Any) -> None:
    screen = table(tmp_path, scenario)
    g = screen.geometry_for(120, 45)
    drawn = screen.map.view(screen.session, g.map_w, g.top - 1)
    side = panes.side_panel(panes.side_sections(screen.session, g.side - 1), g.side - 1, g.beside or g.top, 0)
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
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    session = red_after_roll("base", 3, tmp_path, save=False)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        screen = TableScreen(session, pace=0, input=pipe, output=DummyOutput(), history=InMemoryHistory())

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
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from catan_cli.engine.actions import Event
    from catan_cli.session import Played

    class Small(DummyOutput):
        def get_size(self) -> Size:
            return Size(rows=24, columns=80)

    with create_pipe_input() as pipe:
        screen = TableScreen(red_after_roll("base", 3, tmp_path, save=False), pace=0, input=pipe, output=Small(),
                             history=InMemoryHistory())
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


# ---------------------------------------------------------------------------- the layout adapts


class Sized:
    """An output of a given size, for a screen built without a terminal."""

    def __new__(cls, columns: int, rows: int) -> Any:
        from prompt_toolkit.data_structures import Size
        from prompt_toolkit.output import DummyOutput

        class Out(DummyOutput):
            def get_size(self) -> Size:
                return Size(rows=rows, columns=columns)

        return Out()


def sized_table(tmp_path: Path, columns: int, rows: int, scenario: str = "base") -> TableScreen:
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input

    with create_pipe_input() as pipe:
        return TableScreen(red_after_roll(scenario, 3, tmp_path, save=False), pace=0, input=pipe,
                           output=Sized(columns, rows), history=InMemoryHistory())


@pytest.mark.parametrize("scenario", ["base", "cloth-for-catan", "pirate-islands"])
def test_the_map_keeps_its_rows_when_events_pile_up(tmp_path: Path, scenario: str) -> None:
    screen = sized_table(tmp_path, 80, 24, scenario)
    quiet = screen.geometry_for(80, 24)
    for turn in range(60):                       # a long round of bot turns since red's last
        screen.add("blue", f"blue rolls 3+4 = 7 · blue moves the robber · turn {turn}")
    busy = screen.geometry_for(80, 24)
    assert busy.top - 1 >= 15 and busy.events <= 6      # the map keeps 15 lines: the events scroll
    assert busy.top + busy.events == quiet.top + quiet.events == 22
    tall = screen.geometry_for(100, 40)
    drawn_h = len(screen.map.drawing(screen.session, tall.map_w, tall.top - 1))
    assert tall.top - 1 >= min(drawn_h, int(38 * 0.7))  # taller: the map keeps its share or all of it


ALL_SCENARIOS = ["base", "cloth-for-catan", "pirate-islands", "legend-1", "legend-2", "legend-3", "legend-4",
                 "barbarian-attack", "land-ho"]


@pytest.mark.parametrize("scenario", ALL_SCENARIOS)
def test_at_120x45_the_events_get_the_room_the_map_does_not_need(tmp_path: Path, scenario: str) -> None:
    """The whole map without panning and 12 lines of narration at least, on every map: under the
    map when it leaves them (the base game's compact drawing), else under the side panel, beside
    the map (the Seafarers' compact maps are 35 lines high)."""
    screen = sized_table(tmp_path, 120, 45, scenario)
    g = screen.geometry_for(120, 45)
    screen.map.drawing(screen.session, g.map_w, g.top - 1)
    width, height = screen.map.size()
    assert width <= g.map_w and height <= g.top - 1         # the whole map: no panning
    assert g.events - 1 >= 12
    if g.beside:                                            # the column right of the map: panel, then events
        assert g.beside + g.events == g.top == 43 and g.side + 1 + g.map_w == 120 and g.events_w == g.side
        assert scenario != "base"
        events = [plain(line) for line in _lines(screen.event_fragments())]
        side = [plain(line) for line in _lines(screen.side_fragments())]
        assert events[0].startswith(" since your last turn") and all(len(line) <= g.side for line in events)
        assert len(side) <= g.beside
    else:
        assert height == g.top - 1 and g.events == 43 - g.top   # no blank rows under the map
    if scenario == "base":                                 # the compact drawing leaves 12 lines and more
        assert screen.map.compact and not g.beside
    big = screen.geometry_for(140, 60)                     # room for the full size and the events
    assert screen.map.size()[1] <= big.top - 1 and big.events - 1 >= 12


def test_at_80x24_the_events_stay_under_the_map(tmp_path: Path) -> None:
    for scenario in ("cloth-for-catan", "legend-4"):
        g = sized_table(tmp_path / scenario, 80, 24, scenario).geometry_for(80, 24)
        assert not g.beside and g.events_w == 80 and g.events == 5 and g.top == 17


def _lines(fragments: list[Any]) -> list[list[Any]]:
    """Fragments split at their newlines, as the window shows them."""
    out: list[list[Any]] = [[]]
    for style, text, *_ in fragments:
        parts = text.split("\n")
        out[-1].append((style, parts[0]))
        for part in parts[1:]:
            out.append([(style, part)])
    return out


def shown(fragments: list[Any]) -> str:
    """A pane's formatted text as it reads."""
    return "".join(text for _, text, *_ in fragments)


def reader_text(screen: TableScreen) -> list[str]:
    return [plain(line).rstrip() for line in screen._reader_lines()]


@pytest.mark.parametrize("size", [(80, 24), (120, 45)], ids=["80x24", "120x45"])
def test_help_opens_in_a_reader_that_scrolls_by_pages_and_closes(tmp_path: Path, size: tuple[int, int]) -> None:
    columns, rows = size
    screen = sized_table(tmp_path, columns, rows)
    screen._handle("help")
    assert screen.reading is not None and screen.reading.title == "help"
    assert screen.pane_sizes()[2] == 0 and screen.pane_sizes()[3] == rows - 2     # the reader has the screen
    text = reader_text(screen)
    assert all(len(line) <= columns for line in text) and text[0] == "Game commands"
    assert any(line.startswith("Keys of the table screen") for line in text)
    assert any("Shift+arrows" in line and "pan the map" in line for line in text)
    first = shown(screen.event_fragments())
    assert "Game commands" in first and "lines 1-" in first.splitlines()[0]
    pages = 0
    while screen.scroll > 0:                      # PgDn as the key does it, to the last line
        screen.scroll = max(0, screen.scroll - (screen.pane_sizes()[3] - 2))
        pages += 1
    assert "Ctrl-D" in shown(screen.event_fragments()) and pages <= (4 if rows < 30 else 2)
    screen.scroll += 10 ** 6                      # PgUp past the top stops at the first line
    assert screen.scroll == screen._reader_bottom()
    screen.submit("")                             # Enter on an empty line only closes it
    assert screen.reading is None and not screen.busy
    assert screen.pane_sizes()[2] > 0


def test_help_rules_is_wrapped_at_words_and_short_answers_stay_in_the_event_pane(tmp_path: Path) -> None:
    from catan_cli import helptext

    small = sized_table(tmp_path, 80, 24)
    small._handle("help rules")
    assert small.reading is not None
    text = reader_text(small)
    source = helptext.verb_help("rules", small.session.game)
    assert " ".join(text).split() == " ".join(source).split()          # every word whole, none lost
    assert all(len(line) <= 79 for line in text)
    assert "- On your turn: roll (each hex with the number produces for the buildings at" in text
    assert "  its corners), then trade and build in any order, then 'end'." in text
    big = sized_table(tmp_path, 120, 45)
    big._handle("help rules")                     # ten lines fit the event pane at 120x45
    assert big.reading is None
    said = [plain(line) for _, line in big.entries]
    assert any(line.startswith("- On your turn: roll (each hex with the number produces for the buildings at its "
                               "corners), then trade") and len(line) <= 119 for line in said)


def test_help_rules_of_every_scenario_never_breaks_a_word_at_80_columns(tmp_path: Path) -> None:
    from catan_cli import helptext
    from catan_cli.engine.scenario import available_scenarios
    from catan_cli.screen.reflow import reflow
    from catan_cli.script import Header, parse_seats
    from catan_cli.session import Session

    for key in available_scenarios():
        game = Session.new(Header(key, parse_seats("red,blue,white"), 1), saves_folder=tmp_path,
                           save_name="rules", autosave=False).game
        source = helptext.verb_help("rules", game)
        lines = reflow(source, 79)
        assert all(len(line) <= 79 for line in lines), key
        assert " ".join(lines).split() == " ".join(source).split(), key


def test_ctrl_c_holds_the_bots_before_their_next_move_until_a_command(tmp_path: Path) -> None:
    screen = sized_table(tmp_path, 80, 24)
    game = screen.session.game
    screen.busy = True
    screen.pause_bots()                           # Ctrl-C while the bots are about to play
    screen._handle("end")
    assert screen.repl.paused and game.prompt_player() == "blue" and game.history[-1].endswith("end")
    screen.busy = False
    assert "bots paused" in plain(screen.prompt_fragments())
    assert "bots paused: press Enter or type a command" in plain(screen.entries[-1][1])
    screen.repl.hold.clear()                      # (the worker clears it as it ends)
    screen._handle("score")                       # any command lets them go on
    assert not screen.repl.paused and game.prompt_player() == "red" and game.state.turn > 1


def test_ctrl_c_with_no_bot_to_play_only_clears_the_line(tmp_path: Path) -> None:
    screen = sized_table(tmp_path, 80, 24)
    screen.pause_bots()                           # nothing runs: nothing to hold
    assert not screen.repl.hold.is_set()
    screen._handle("end")
    assert not screen.repl.paused and screen.session.game.prompt_player() == "red"


def test_answers_to_the_save_question_are_kept_out_of_the_history(tmp_path: Path) -> None:
    from prompt_toolkit.history import InMemoryHistory

    kept = InMemoryHistory()
    screen = sized_table(tmp_path, 80, 24)
    screen.history.kept = kept
    screen.busy = True                            # (so that nothing is played: only the history is looked at)
    screen._accept("score")
    screen.history.append_string("score")         # what the command line does after accepting a line
    screen.asking_save = True
    screen._accept("friday")                      # a save name, not a command
    screen.history.append_string("friday")
    assert list(kept.load_history_strings()) == ["score"]
