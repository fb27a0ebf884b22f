"""The REPL: commands and their answers, completion, bots, saves, and a real terminal."""

from __future__ import annotations

import io
import os
import sys
import time
from typing import Any
from pathlib import Path

import pytest
from rich.console import Console

from catan_cli.repl import Repl
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session

SETUP = ["build settlement 40", "build road 40-41", "build settlement 53", "build road 53-54",
         "build settlement 46", "build road 45-46", "build settlement 64", "build road 54-64",
         "build settlement 56", "build road 56-57", "build settlement 17", "build road 17-18"]


def make(tmp_path: Path, players: str = "red,blue,white", width: int = 100, height: int = 40,
         **kw) -> tuple[Repl, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None, highlight=False)
    session = Session.new(Header("base", parse_seats(players), 7), saves_folder=tmp_path)
    kw.setdefault("pace", 0.0)
    return Repl(session, console, **kw), out


#: a console width no save path wraps at, for the tests that read a path back (a temporary
#: folder's path is longer under pytest-xdist's workers)
WIDE = 400


def said(out: io.StringIO) -> str:
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


# ---------------------------------------------------------------------------- playing


def test_an_accepted_command_prints_its_events_and_redraws_the_board(tmp_path):
    repl, out = make(tmp_path)
    assert repl.handle("build settlement 40")
    text = said(out)
    assert "red places a settlement on 40" in text
    assert "r40" in text                      # the board, with red's new settlement
    assert "Hand of red" in text              # the hand beside it


def test_a_refused_command_is_one_line_and_changes_nothing(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("build city 99")
    assert said(out) == "✗ there is no intersection 99 (they run 1-72) (in 'build city 99')\n"
    repl.handle("fly to the moon")
    assert said(out) == "✗ unknown command 'fly'; type 'help' for the list\n"
    assert repl.session.game.history == []


def test_an_illegal_command_leaves_the_game_and_its_save_unchanged(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("build settlement 40")
    digest, saved = repl.session.game.digest(), (tmp_path / "autosave-1.catan").read_text()
    said(out)
    for line in ["build settlement 41", "build road 1-2", "roll", "blue: build settlement 53", "build city 40"]:
        repl.handle(line)
        assert said(out).startswith("✗ "), line
    assert repl.session.game.digest() == digest
    assert (tmp_path / "autosave-1.catan").read_text() == saved


def test_the_answer_is_drawn_before_the_autosave_is_written(tmp_path):
    repl, out = make(tmp_path)
    order: list[str] = []
    real_draw, real_flush = repl.draw, repl.session.flush
    repl.draw = lambda: (order.append("draw"), real_draw())[1]            # type: ignore[method-assign]
    repl.session.flush = lambda: (order.append("save"), real_flush())[1]  # type: ignore[method-assign]
    repl.handle("build settlement 40")
    assert order == ["draw", "save"]
    assert "build settlement 40" in (tmp_path / "autosave-1.catan").read_text()
    assert not repl.session.unsaved


def test_aliases_and_actor_prefixes(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("b s 40")
    repl.handle("road 40-41")
    repl.handle("blue: build settlement 53")
    assert repl.session.game.history == ["build settlement 40", "red: build road 40-41",
                                         "blue: build settlement 53"]


def test_prompt_names_the_player_and_what_the_game_waits_for(tmp_path):
    repl, _ = make(tmp_path)
    assert repl.prompt_plain() == "red · place settlement > "
    repl.handle(SETUP[0])
    repl.handle(SETUP[1])
    assert repl.prompt_plain() == "blue · place settlement > "
    assert repl.toolbar_text().startswith("turn 0 · setup · blue's turn · no dice yet · red 1  blue 0  white 0 VP")
    for line in SETUP[2:]:
        repl.handle(line)
    assert repl.prompt_plain() == "red · roll > "
    assert repl.toolbar_text().startswith("turn 1 · roll · red's turn · no dice yet · red 2  blue 2  white 2 VP (to 10)")
    repl.session.game.state.forced_dice = [2, 3]   # not a sandbox: set the dice directly
    repl.handle("roll")
    assert repl.prompt_plain() == "red · build/trade > "
    assert repl.toolbar_text().startswith("turn 1 · trade/build · red's turn · dice 2+3=5 · red 2  blue 2  white 2 VP")
    # the player's name in their colour, the rest plain
    assert list(repl.prompt_message()) == [("bold fg:#d55e00", "red"), ("", " · build/trade > ")]


def test_prompt_when_a_player_must_discard(tmp_path):
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None)
    session = Session.new(Header("base", parse_seats("red,blue,white"), 7, sandbox=True), saves_folder=tmp_path)
    repl = Repl(session, console, pace=0.0)
    for line in ["turn red", "give blue 4 wool 4 ore", "end", "dice 3 4", "roll"]:
        repl.handle(line)
    assert repl.prompt_plain() == "blue must discard 4 > "
    assert list(repl.prompt_message()) == [("bold fg:#56b4e9", "blue"), ("", " must discard 4 > ")]


def test_prompt_at_the_end_of_the_game(tmp_path):
    repl, _ = make(tmp_path, players="a:bot,b:bot")
    repl.session.autosave = False
    repl.start()
    assert repl.prompt_plain() == f"game over · {repl.session.game.winner} won > "


# ---------------------------------------------------------------------------- other commands


def test_help_lists_commands_and_explains_one_with_its_cost(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("help")
    text = said(out)
    assert "Game commands" in text and "Other commands" in text and "why COMMAND" in text
    repl.handle("help build")
    text = said(out)
    assert "cost: road: 1 lumber + 1 brick; settlement: 1 lumber + 1 brick + 1 wool + 1 grain" in text
    assert "example: build road 12-13" in text
    repl.handle("help dance")
    assert said(out) == "no command 'dance'; type 'help' for the list\n"


def test_why_explains_without_playing(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("why build settlement 40")
    assert said(out) == "✓ build settlement 40 is legal now\n"
    repl.handle("why build road 40-41")
    assert said(out).startswith("✗ ")
    assert repl.session.game.history == []


def test_legal_lists_the_commands_of_the_seat_to_act(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("legal")
    text = said(out)
    assert "build settlement 40" in text and text.rstrip().endswith("54 legal commands")


@pytest.mark.parametrize("line, expected", [
    ("map", "AB"), ("map compact", "mo"), ("map full", "mountains"), ("map nw", "A"),
    ("hand", "Hand of red"), ("hands", "Hands and pieces left"), ("score", "Score"),
    ("status", "waiting for"), ("bank", "Bank"), ("log", "Log"),
])
def test_view_commands(tmp_path, line, expected):
    repl, out = make(tmp_path)
    repl.handle("build settlement 40")
    said(out)
    repl.handle(line)
    assert expected in said(out)


def test_an_unknown_map_region_is_one_line(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("map zz")
    text = said(out)
    assert text.startswith("✗ ") and "zz" in text and text.count("\n") == 1


def test_bank_alone_shows_the_bank_but_with_arguments_trades(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("bank 4 wool for ore")
    assert said(out).startswith("✗ ")   # a trade, refused during set-up, not the bank table


def test_another_players_hand_shows_only_counts(tmp_path):
    repl, out = make(tmp_path, players="red,blue:bot,white:bot")
    repl.handle("build settlement 40")
    repl.handle("build road 40-41")
    said(out)
    repl.handle("hand blue")
    text = said(out)
    assert "Hand of blue" in text and "lumber" not in text


def test_save_load_and_saves(tmp_path):
    repl, out = make(tmp_path, width=WIDE)
    repl.handle("build settlement 40")
    repl.handle("save friday")
    assert f"saved to {tmp_path / 'friday.catan'}" in said(out)
    repl.handle("build road 40-41")      # autosaved as friday now
    repl.handle("saves")
    assert "friday" in said(out)
    repl.session.game = repl.session.header.new_game()
    repl.handle("load friday")
    assert repl.session.game.history == ["build settlement 40", "red: build road 40-41"]
    repl.handle("load nope")
    assert said(out).endswith("✗ no save named 'nope' (in " + str(tmp_path) + ")\n")
    repl.handle("save ../up")
    assert said(out).startswith("✗ '../up' is not a save name")


def test_undo(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("build settlement 40")
    repl.handle("undo")
    assert "undone: build settlement 40" in said(out)
    assert repl.session.game.history == []
    repl.handle("undo")
    assert said(out) == "✗ nothing to undo\n"


def test_quit_leaves_and_leaving_offers_to_save(tmp_path):
    repl, out = make(tmp_path, width=WIDE)
    repl.handle("build settlement 40")
    said(out)
    assert repl.handle("quit") is False and repl.handle("exit") is False
    assert said(out) == ""
    # Enter accepts the current name
    asked: list[str] = []
    assert repl.offer_save(lambda question: asked.append(question) or "")
    assert asked == ["save the game as [autosave-1]? (Enter: yes, or a name; n: no) "]
    assert said(out) == f"saved to {tmp_path / 'autosave-1.catan'}\n"
    # a name (a bad one is refused and asked again); the game is saved there from now on
    answers = iter(["../up", "friday"])
    assert repl.offer_save(lambda question: next(answers))
    text = said(out)
    assert "✗ '../up' is not a save name" in text and f"saved to {tmp_path / 'friday.catan'}" in text
    assert repl.session.save_name == "friday"
    assert (tmp_path / "friday.catan").read_text().splitlines()[-2] == "build settlement 40"
    # 'n' declines: the autosave stays where it was
    assert repl.offer_save(lambda question: "n")
    assert said(out) == f"autosaved as {tmp_path / 'friday.catan'}\n"


def test_ctrl_c_at_the_save_question_goes_back_and_ctrl_d_declines(tmp_path):
    repl, out = make(tmp_path, width=WIDE)

    def ctrl_c(question: str) -> str:
        raise KeyboardInterrupt

    def ctrl_d(question: str) -> str:
        raise EOFError

    assert repl.offer_save(ctrl_c) is False
    assert said(out) == "back to the game\n"
    assert repl.offer_save(ctrl_d) is True
    assert said(out) == "nothing saved: no command was played\n"
    repl.handle("build settlement 40")
    said(out)
    assert repl.offer_save(ctrl_d) is True
    assert said(out) == f"autosaved as {tmp_path / 'autosave-1.catan'}\n"


# ---------------------------------------------------------------------------- completion


def words(repl: Repl, text: str) -> list[str]:
    return [w for w, _ in repl.completions(text)]


def test_completion_from_legal_commands_and_command_names(tmp_path):
    repl, _ = make(tmp_path)
    first = words(repl, "")
    assert "build" in first and "help" in first and "why" in first and "put" not in first   # a sandbox verb
    assert words(repl, "bu") == ["build", "buy"]
    assert words(repl, "build s") == ["settlement"]
    assert "40" in words(repl, "build settlement ") and "1" not in words(repl, "build settlement ")
    repl.handle("b s 40")
    assert words(repl, "road 40-") == ["40-41", "40-27", "40-39"]   # either end first
    assert words(repl, "b r ") == ["27-40", "39-40", "40-41"]
    assert words(repl, "why build r") == ["road"]
    assert words(repl, "help bu") == ["build", "buy"]
    assert words(repl, "hand b") == ["blue"]


def test_completion_offers_only_the_legal_intersections(tmp_path):
    from prompt_toolkit.document import Document

    from catan_cli.repl import _completer_class

    repl, _ = make(tmp_path)
    repl.handle("build settlement 40")
    repl.handle("build road 40-41")          # blue places next: not on 40, nor next to it
    game = repl.session.game
    legal = {c.split()[-1] for c in game.legal_commands() if c.startswith("build settlement ")}
    completer = _completer_class()(repl)
    completions = list(completer.get_completions(Document("build settlement "), None))
    offered = {c.display_text for c in completions}
    assert offered == legal and len(legal) == 50
    assert all(c.text == c.display_text + " " for c in completions)   # a whole word, and the space after it
    assert not offered & {"40", "27", "39", "41"}
    assert {c.display_text for c in completer.get_completions(Document("b s 4"), None)} == {n for n in legal if n.startswith("4")}
    for line in SETUP[2:]:
        repl.handle(line)
    repl.session.game.state.forced_dice = [2, 3]
    repl.handle("roll")                       # red has no cards: no settlement anywhere
    assert list(completer.get_completions(Document("build settlement "), None)) == []


def test_completion_offers_every_legal_path_at_an_intersection_from_either_end(tmp_path):
    from prompt_toolkit.document import Document

    from catan_cli.repl import _completer_class

    repl, _ = make(tmp_path)
    repl.handle("build settlement 53")
    legal = {c.split()[-1] for c in repl.legal() if c.startswith("build road ")}
    assert legal == {"41-53", "52-53", "53-54"}
    completer = _completer_class()(repl)
    offered = {c.display_text for c in completer.get_completions(Document("road 53-"), None)}
    assert offered == {"53-41", "53-52", "53-54"}
    assert {c.display_text for c in completer.get_completions(Document("road 53-4"), None)} == {"53-41"}
    repl.handle("road 53-41")                 # the path written from its other end is the same path
    assert repl.session.game.history[-1].endswith("build road 41-53")


def test_completion_ignores_case_and_offers_the_canonical_word(tmp_path):
    repl, _ = make(tmp_path)
    for line in SETUP:
        repl.handle(line)
    repl.session.game.state.forced_dice = [3, 4]   # not a sandbox: set the dice directly
    repl.handle("roll")
    robbing = next(c for c in repl.legal() if " steal " in c)      # like "robber K steal red"
    _, hex_id, _, victim = robbing.split()
    assert hex_id in words(repl, "robber " + hex_id.lower())
    assert words(repl, f"ROBBER {hex_id.lower()} ST") == ["steal"]
    assert victim in words(repl, f"robber {hex_id.lower()} steal ")


def test_completion_of_save_names(tmp_path):
    repl, _ = make(tmp_path)
    repl.handle("save friday")
    assert words(repl, "load f") == ["friday"]


# ---------------------------------------------------------------------------- bots


def test_bots_play_their_seats_with_pacing(tmp_path):
    pauses: list[float] = []
    repl, out = make(tmp_path, players="red,blue:bot,white:bot:random", pace=0.4, sleep=pauses.append)
    repl.handle("build settlement 40")
    repl.handle("build road 40-41")
    text = said(out)
    assert "blue: build settlement" in text and "white: build road" in text
    # blue and white each place twice (snake order) before red places again
    assert repl.session.game.prompt_player() == "red"
    assert pauses == [0.4] * 8


def test_an_all_bot_game_plays_to_the_end(tmp_path):
    repl, out = make(tmp_path, players="a:bot,b:bot,c:bot")
    repl.session.autosave = False
    repl.start()
    assert repl.session.game.over
    assert "Game over:" in said(out)


# ---------------------------------------------------------------------------- prompt_toolkit


def run_pipe(repl: Repl, *chunks: str) -> None:
    """Type ``chunks`` into the prompt like a person: each after the line before it has
    been handled, and with a pause so that a Tab's completion lands before the next keys."""
    import threading
    import time

    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    handled = []
    real_handle = repl.handle

    def counting_handle(line: str) -> bool:
        try:
            return real_handle(line)
        finally:
            handled.append(line)

    repl.handle = counting_handle  # type: ignore[method-assign]
    completed = []
    real_completions = repl.completions

    def counting_completions(text: str) -> Any:
        try:
            return real_completions(text)
        finally:
            completed.append(text)

    repl.completions = counting_completions  # type: ignore[method-assign]
    with create_pipe_input() as pipe:
        def typist() -> None:
            entered = tabs = 0
            for chunk in chunks:
                deadline = time.monotonic() + 10
                # wait for the previous line to be handled and a Tab's completion to be asked
                # for (then a moment for the loop to apply it): a loaded machine is slow
                while (len(handled) < entered or len(completed) < tabs) and time.monotonic() < deadline:
                    time.sleep(0.01)
                time.sleep(0.3 if tabs else 0.1)
                pipe.send_text(chunk)
                entered += chunk.count("\r")
                tabs += chunk.count("\t")
            time.sleep(0.1)
            pipe.close()

        thread = threading.Thread(target=typist)
        thread.start()
        repl.loop(input=pipe, output=DummyOutput(), history=InMemoryHistory())
        thread.join()


def test_prompt_toolkit_loop_with_tab_completion(tmp_path):
    repl, out = make(tmp_path)
    run_pipe(repl, "build settl\t", "40\r", "road 40-4\t", "\r", "quit\r")   # Tab adds the space
    assert repl.session.game.history == ["build settlement 40", "red: build road 40-41"]
    assert "red places a road on 40-41" in said(out)
    assert (tmp_path / "autosave-1.catan").is_file()


def test_prompt_toolkit_loop_ends_on_end_of_input(tmp_path):
    repl, out = make(tmp_path, width=WIDE)
    run_pipe(repl, "build settlement 40\r")       # then the pipe closes: end of input
    assert repl.session.game.history == ["build settlement 40"]
    assert said(out).rstrip().endswith(f"autosaved as {tmp_path / 'autosave-1.catan'}")


def test_prompt_toolkit_ctrl_d_offers_to_save(tmp_path):
    repl, out = make(tmp_path, width=WIDE)
    run_pipe(repl, "build settlement 40\r", "\x04", "friday\r")
    assert f"saved to {tmp_path / 'friday.catan'}" in said(out)
    assert "build settlement 40" in (tmp_path / "friday.catan").read_text()
    assert (tmp_path / "autosave-1.catan").is_file()         # autosaved all along


def test_prompt_toolkit_quit_then_n_declines(tmp_path):
    repl, out = make(tmp_path, width=WIDE)
    run_pipe(repl, "build settlement 40\r", "quit\r", "n\r")
    assert said(out).rstrip().endswith(f"autosaved as {tmp_path / 'autosave-1.catan'}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave-1.catan"]


def test_prompt_toolkit_ctrl_c_clears_the_line(tmp_path):
    repl, _ = make(tmp_path)
    run_pipe(repl, "build settlement 4", "\x03", "build settlement 40\r", "\x04", "n\r")
    assert repl.session.game.history == ["build settlement 40"]


def test_in_a_real_terminal(tmp_path):
    """catan play in a pty: the coloured prompt's text, completion of the only legal road,
    an illegal command refused, Ctrl-C clearing the line, Ctrl-D offering to save."""
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", CATAN_SAVES=str(tmp_path), PROMPT_TOOLKIT_NO_CPR="1",
               XDG_DATA_HOME=str(tmp_path / "data"))
    child = pexpect.spawn(sys.executable, ["-m", "catan_cli", "play", "--line", "--seed", "7", "--fast",
                                           "--players", "red,blue:bot,white:bot"],
                          env=env, dimensions=(40, 100), encoding="utf-8", timeout=15)
    def at_prompt(text: str) -> None:
        child.expect_exact(text)
        time.sleep(0.3)   # keys typed before prompt_toolkit takes the terminal may be dropped

    try:
        at_prompt("· place settlement >")
        child.send("build settlement 40\r")
        child.expect_exact("red places a settlement on 40")
        at_prompt("· place road >")
        child.send("build road 40-4\t")
        child.expect_exact("1")   # the completion, drawn after the typed "40-4"
        child.send("\r")
        child.expect_exact("red places a road on 40-41")
        child.expect_exact("blue places a settlement on")
        at_prompt("· place settlement >")
        child.send("build city 99\r")
        child.expect_exact("there is no intersection 99")
        at_prompt("· place settlement >")
        child.send("build settlement 3")
        time.sleep(0.3)
        child.sendcontrol("c")      # clears the line: nothing is played
        at_prompt("· place settlement >")
        child.sendcontrol("d")
        at_prompt("save the game as [autosave-1]? (Enter: yes, or a name; n: no)")
        child.send("friday\r")
        child.expect_exact("saved to")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    saved = (tmp_path / "friday.catan").read_text()
    assert "build settlement 40" in saved and "build settlement 3\n" not in saved
    assert (tmp_path / "autosave-1.catan").read_text() == saved
    assert (tmp_path / "data" / "catan" / "history").is_file()


def test_ctrl_c_waits_until_the_command_and_its_save_are_done():
    import signal

    from catan_cli.repl import _interrupt_after

    done = []
    with pytest.raises(KeyboardInterrupt):
        with _interrupt_after():
            os.kill(os.getpid(), signal.SIGINT)
            done.append("after the signal")
    assert done == ["after the signal"]


def test_ctrl_c_pauses_the_bots_and_enter_lets_them_go_on(tmp_path):
    def interrupted(seconds: float) -> None:
        raise KeyboardInterrupt

    repl, out = make(tmp_path, players="red,blue:bot,white:bot", pace=0.4, sleep=interrupted)
    repl.handle("build settlement 40")
    repl.handle("build road 40-41")
    assert "bots paused: press Enter to let them go on" in said(out)
    assert repl.session.game.prompt_player() == "blue"
    repl.sleep = lambda seconds: None
    repl.handle("")
    assert repl.session.game.prompt_player() == "red"


# ---------------------------------------------------------------------------- the end of a game


def test_a_win_with_a_hidden_victory_card_shows_the_same_vp_everywhere(tmp_path):
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None, highlight=False)
    header = Header("base", parse_seats("red,blue:bot,white:bot"), 1, sandbox=True)
    repl = Repl(Session.new(header, saves_folder=tmp_path), console, pace=0.0)
    game = repl.session.game
    game.execute("turn blue")
    for node in (6, 10, 26, 31):
        game.execute(f"put city blue {node}")
    game.execute("put settlement blue 56")
    game.execute("draw red victory-point")        # red's own card: the viewer's, not blue's
    game.execute("turn blue")
    repl.handle("draw blue victory-point")        # blue's card is hidden from red ... until blue wins
    text = said(out)
    assert game.over and "blue wins with 10 VP" in text
    assert "Game over: blue with 10 VP wins" in text          # the summary
    summary = text[text.index("Game over: blue with"):]
    assert "blue (won)" in summary and "10" in summary.split("blue (won)")[1].splitlines()[0]
    assert "victory cards" in summary and "turns" in summary and "expected" in summary
    assert "blue 10" in repl.toolbar_text()
    repl.handle("score")
    row = next(line for line in said(out).splitlines() if line.strip().startswith("blue"))
    assert row.split()[-1] == "10"
    from catan_cli.screen import panes                 # the table screen's toolbar and score too
    from catan_cli.screen.fragments import plain

    assert "blue 10" in " · ".join(panes.toolbar_items(repl.session))
    score = next(s for s in panes.side_sections(repl.session, 60) if s.short == "score")
    blue = next(plain(line) for line in score.lines if "blue" in plain(line))
    assert blue.split()[2:4] == ["10", "won"] and ("victory cards 1" in blue or " 1vp)" in blue)


def test_dice_shows_the_rolls_beside_the_expected_counts(tmp_path):
    repl, out = make(tmp_path)
    for line in SETUP:
        repl.handle(line)
    for dice in ([2, 3], [1, 3]):
        repl.session.game.state.forced_dice = dice
        repl.handle("roll")
        repl.handle("end")
        said(out)
    repl.handle("dice")
    rows = {line.split()[0]: line.split()[1:] for line in said(out).splitlines() if line.split()[:1]
            and line.split()[0].isdigit()}
    assert rows["5"][0] == "1" and rows["4"][0] == "1" and rows["7"][0] == "0"
    assert rows["7"][1] == "0.3" and rows["2"][1] == "0.1"     # 2 rolls x 6/36 and 1/36


def test_the_line_mode_draws_the_board_after_your_own_build_but_not_after_the_bots(tmp_path):
    repl, out = make(tmp_path, players="red,blue:bot,white:bot")
    repl.handle("build settlement 40")
    text = said(out)
    assert "r40" in text and " AC " in text          # the board, with red's new settlement
    repl.handle("build road 40-41")                  # then the bots place theirs
    text = said(out)
    assert "blue places a settlement" in text and "white places a settlement" in text
    repl.handle("hand")
    assert " AC " not in said(out)                   # no board after a question
    repl.handle("map")
    assert " AC " in said(out)


def test_help_lists_only_the_verbs_of_the_game_in_play(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("help")
    base = said(out)
    assert "robber HEX" in base and "pirate HEX" not in base and "move ship" not in base
    assert "pirate" not in [w for w, _ in repl.completions("")]
    sea = Session.new(Header("pirate-islands", parse_seats("red,blue,white"), 3), saves_folder=tmp_path)
    console = Console(file=out, width=100, color_system=None)
    Repl(sea, console, pace=0.0).handle("help")
    text = said(out)
    assert "move ship" in text and "The Pirate Islands commands" in text


def test_completion_hints_what_an_intersection_produces(tmp_path):
    repl, _ = make(tmp_path)
    hints = dict(repl.completions("build settlement 4"))
    board = repl.session.game.board_json()
    node = next(n for n in board["nodes"] if n["id"] == 40)
    land = [h for h in board["hexes"] if h["id"] in node["hexes"] and h["terrain"] != "sea"]
    pips = sum(6 - abs(7 - h["number"]) for h in land if h.get("number"))
    assert hints["40"].endswith(f"{pips} pips") and hints["40"].count(" · ") == len(land)


def test_map_full_falls_back_to_the_compact_map_when_the_terminal_is_too_narrow(tmp_path):
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None, highlight=False)
    session = Session.new(Header("pirate-islands", parse_seats("red,blue,white"), 3), saves_folder=tmp_path)
    repl = Repl(session, console, pace=0.0)
    said(out)
    repl.handle("map full")
    lines = said(out).splitlines()
    assert lines and max(len(line) for line in lines) <= 100   # no row wraps
    assert " AB " in "\n".join(lines)


def test_help_for_a_general_verb_says_what_the_scenario_changes(tmp_path):
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None, highlight=False)
    sea = Session.new(Header("pirate-islands", parse_seats("red,blue,white"), 3), saves_folder=tmp_path)
    repl = Repl(sea, console, pace=0.0)
    said(out)
    repl.handle("help buy")
    assert "in The Pirate Islands: a knight card is your warship" in said(out)
    repl.handle("help play")
    assert "turns your hindmost normal ship into a warship" in said(out)
    repl.handle("help rules")
    assert "Win with 10 VP on your turn once your own fortress is captured" in said(out)
    cloth = Session.new(Header("cloth-for-catan", parse_seats("red,blue,white"), 3), saves_folder=tmp_path)
    repl = Repl(cloth, console, pace=0.0)
    said(out)
    repl.handle("help build")
    assert "in Cloth for Catan: a chain of your ships linking a village" in said(out)
    base, base_out = make(tmp_path)
    said(base_out)
    base.handle("help buy")
    assert not any(line.startswith("  in ") for line in said(base_out).splitlines())   # base adds nothing


def test_the_toolbars_say_the_terms_of_an_offer_and_fit_by_whole_items(tmp_path):
    from catan_cli.screen import panes

    out = io.StringIO()
    session = Session.new(Header("base", parse_seats("red,blue"), 3, sandbox=True), saves_folder=tmp_path)
    repl = Repl(session, Console(file=out, width=120, color_system=None, highlight=False), pace=0.0)
    game = session.game
    while game.state.turn < 1 or game.waiting_for() != "build/trade":
        commands = game.legal_commands()
        session.play("roll" if "roll" in commands else next(c for c in commands if c != "end"))
    for line in ("give red 2 ore", "give blue 2 wool", "offer blue 1 ore for 1 wool"):
        repl.handle(line)
    terms = "blue: accept or decline: red offers you 1 ore for 1 wool"
    assert repl.prompt_plain() == "blue · accept or decline: red offers you 1 ore for 1 wool · Enter declines > "
    assert terms in repl.toolbar_text() and terms in panes.toolbar_items(session)
    repl.handle("status")
    assert "red offers 1 ore for 1 wool" in said(out)
    full = repl.toolbar_text().split(" · ")
    for width in (30, 50, 80):
        shown = repl.toolbar_text(width)
        assert len(shown) <= width and shown.split(" · ") == full[:len(shown.split(" · "))]
