"""The hard bot as a coach: 'hint' shows the searching bot's three best moves for a seat's
own decision, within its thinking time, from that seat's view only; it plays nothing,
saves nothing, and is refused in a game that turned hints off."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from catan_cli import Game
from catan_cli.bots import GreedyBot
from catan_cli.bots.coach import HINTS, Hint, hint, win_shares
from catan_cli.bots.determinise import can_determinise
from catan_cli.errors import CatanError
from catan_cli.repl import Repl
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session

from secrecy import scrambled_for

#: the nine scenarios (three players: every one takes them)
SCENARIOS = ["base", "cloth-for-catan", "pirate-islands", "land-ho", "barbarian-attack",
             "legend-1", "legend-2", "legend-3", "legend-4"]
NAMES = ["red", "blue", "white"]
THINK_MS = 150
#: the answer's processor time may pass its budget by this much: the one round a search
#: always plays, and the line of why, are not cut short
SLACK_MS = 250


def decision(scenario: str, seed: int = 4, after: int = 40) -> Game:
    """A game ``after`` greedy moves in (past most of the set-up), played on until the seat
    to move has at least ``HINTS`` moves to choose from (or 200 moves more)."""
    game = Game.new(scenario, players=NAMES, seed=seed)
    bot = GreedyBot()
    for n in range(after + 200):
        if game.over:
            break
        seat = game.prompt_player()
        mine = [a for a in game.legal_actions() if a.kind != "offer"]
        if n >= after and len(mine) >= HINTS:
            break
        game.execute(bot.choose(game, seat))
    assert not game.over
    return game


def legal_for(game: Game, seat: str, command: str) -> bool:
    return game.check(f"{seat}: {command}").ok


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_hint_answers_within_the_budget_with_legal_moves_in_every_scenario(scenario: str) -> None:
    game = decision(scenario)
    seat = game.prompt_player()
    before = game.to_json()
    answer = hint(game, seat, THINK_MS)
    assert answer.elapsed_ms <= THINK_MS + SLACK_MS, answer.elapsed_ms
    assert 1 <= len(answer.suggestions) <= HINTS
    assert len(answer.suggestions) == HINTS     # the position has at least three moves
    for s in answer.suggestions:
        assert legal_for(game, seat, s.command), s.command
        assert 0.0 <= s.chance <= 1.0
        assert s.why
    assert len({s.command for s in answer.suggestions}) == len(answer.suggestions)
    chances = [s.chance for s in answer.suggestions]
    assert chances == sorted(chances, reverse=True)
    # it says honestly how it ranked them: searched where the bot searches, else evaluated
    me = game.seat(seat)
    assert answer.searched == can_determinise(game, me)
    heading = answer.lines()[0]
    assert ("play-out" in heading) if answer.searched else ("does not search" in heading)
    assert game.to_json() == before          # nothing played, nothing drawn


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_hint_reads_only_the_asking_seats_view(scenario: str) -> None:
    game = decision(scenario, seed=9)
    seat = game.prompt_player()
    me = game.seat(seat)
    ours = hint(game, seat, rounds=2).lines()
    for seed in range(2):
        other = scrambled_for(game, me, seed)       # every other seat's hidden state changed
        assert hint(other, seat, rounds=2).lines() == ours


def test_win_shares_are_a_distribution_and_a_winner_takes_all() -> None:
    game = decision("base")
    shares = win_shares(game)
    assert abs(sum(shares) - 1.0) < 1e-9 and all(0 < x < 1 for x in shares)
    game.engine.s.winners = [1]
    assert win_shares(game) == [0.0, 1.0, 0.0]


def test_a_seat_with_nothing_to_decide_is_told_so() -> None:
    game = decision("base")
    waiting = game.prompt_player()
    other = next(n for n in NAMES if n != waiting)
    with pytest.raises(CatanError, match="nothing to decide"):
        hint(game, other, THINK_MS)


# --------------------------------------------------------------------- at the table


def session_at_decision(tmp_path, hints: bool = True) -> Session:
    header = Header("base", parse_seats("red,blue:bot,white:bot"), 4, False, [])
    session = Session.new(header, saves_folder=tmp_path, save_name="coached", hints=hints, think_ms=THINK_MS)
    bot = GreedyBot()
    while session.game.prompt_player() != "red" or len(session.game.legal_actions()) < HINTS \
            or session.game.engine.s.phase == "setup":
        game = session.game
        seat = game.prompt_player()
        session.play(f"{seat}: {bot.choose(game, seat)}")
    return session


def repl_for(session: Session) -> tuple[Repl, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None, highlight=False)
    return Repl(session, console, pace=0), out


def test_hint_at_the_table_shows_three_moves_and_changes_nothing(tmp_path) -> None:
    session = session_at_decision(tmp_path)
    save = tmp_path / "coached.catan"
    on_disk = save.read_bytes()
    history = list(session.game.history)
    state = session.game.to_json()
    log = list(session.log)
    repl, out = repl_for(session)
    assert repl.handle("hint")
    text = out.getvalue()
    assert "the hard bot's best moves for red" in text
    moves = re.findall(r"^\d\. (.+?) · (\d+)% to win \(estimated\) · .+$", text, re.M)
    assert len(moves) == HINTS
    for command, _ in moves:
        assert legal_for(session.game, "red", command)
    # recorded in nobody's save, nor the game's history, nor the event log
    assert session.game.history == history and session.game.to_json() == state
    assert session.log == log
    assert save.read_bytes() == on_disk
    assert not session.unsaved


def test_hint_is_refused_in_one_line_when_hints_are_off(tmp_path) -> None:
    session = session_at_decision(tmp_path, hints=False)
    repl, out = repl_for(session)
    assert repl.handle("hint")
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    assert lines == ["✗ hints are off in this game (it was started with --no-hints)"]
    with pytest.raises(CatanError, match="hints are off"):
        session.hint("red")


def test_hint_is_in_help(tmp_path) -> None:
    session = session_at_decision(tmp_path)
    repl, out = repl_for(session)
    repl.handle("help")
    assert re.search(r"^\s*hint\s+The hard bot's three best moves", out.getvalue(), re.M)


def test_the_hint_lines_say_how_the_moves_were_ranked() -> None:
    from catan_cli.bots.coach import Suggestion

    s = (Suggestion("end", 0.5, "keeps the cards"),)
    assert "(3 rounds of play-outs, in worlds dealt from what red can see)" in Hint("red", s, True, 3, 1.0).lines()[0]
    assert "does not search" in Hint("red", s, False, 1, 1.0).lines()[0]
    assert "only legal one" in Hint("red", s, False, 0, 1.0).lines()[0]
    assert Hint("red", s, True, 3, 1.0).lines()[1] == "1. end · 50% to win (estimated) · keeps the cards"


def test_hint_on_the_table_screen_lands_in_the_event_pane(tmp_path) -> None:
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from catan_cli.screen import TableScreen
    from catan_cli.screen.fragments import plain

    from screen_helpers import red_after_roll

    session = red_after_roll("base", 3, tmp_path, save=False)
    session.think_ms = THINK_MS
    history = list(session.game.history)
    with create_pipe_input() as pipe:
        screen = TableScreen(session, pace=0, input=pipe, output=DummyOutput(), history=InMemoryHistory())
    screen._handle("hint")
    said = "\n".join(plain(line) for _, line in screen.entries)
    assert re.search(r"the hard bot's (best moves|move) for red", said)     # (here: 'end' alone)
    assert re.search(r"^1\. .+ · \d+% to win \(estimated\) · ", said, re.M)
    assert session.game.history == history
