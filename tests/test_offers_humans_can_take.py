"""Bots' offers a person can take (A.16 domestic trade): a person is asked only about an offer
they could accept from their own hand; one they cannot take is declined for them at once (only
they are told why), and an offer they could take is declined with one key (Enter)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from catan_cli.bots.offers import WHY, forced_decline, offer_waiting
from catan_cli.repl import Repl
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session
from scenario_keys import chosen_keys

SCENARIOS = chosen_keys()
STEPS = 900          # commands per game: enough for the bots' offers to come, in every scenario


def passive_line(commands: list[str]) -> str:
    """A person who never trades: declines offers, rolls, ends, otherwise the first legal move."""
    for word in ("decline", "roll", "end"):
        if word in commands:
            return word
    return commands[0]


def play_against_bots(key: str, seed: int, tmp_path: Path) -> dict[str, int]:
    """A seeded game, a passive person (red) against two greedy bots; every time red is asked
    about an offer, red must be able to accept it.  Returns how often offers reached red and
    how often they were declined for red."""
    session = Session.new(Header(key, parse_seats("red,blue:bot,white:bot"), seed), saves_folder=tmp_path,
                          autosave=False)
    game = session.game
    seen = {"asked": 0, "declined for red": 0, "offers": 0}
    for _ in range(STEPS):
        if game.over:
            break
        if session.bot_to_move():
            played = session.bot_move()
            seen["offers"] += played.body.startswith("offer ")
            if played.seat == "red":            # only an answer red could not give is played for red
                assert played.body.startswith("decline"), played.line
                assert WHY in [e.text for e in session.narrate(played.events)]
                seen["declined for red"] += 1
            continue
        commands = game.legal_commands()
        if offer_waiting(game):
            assert game.prompt_player() == "red"
            assert any(c.startswith("accept") for c in commands), \
                f"red is asked about an offer red cannot take: {game.waiting_for()}"
            seen["asked"] += 1
        session.play(passive_line(commands))
    return seen


@pytest.mark.rule("A.16")
@pytest.mark.parametrize("key", SCENARIOS)
def test_a_person_is_never_asked_about_an_offer_they_cannot_take(key: str, tmp_path: Path) -> None:
    # Bots offer only what the public count shows a seat holds, so a passive person is
    # offered little: play seeded games until offers have reached red (each game checks
    # every offer it meets).
    for seed in range(5, 9):
        seen = play_against_bots(key, seed, tmp_path)
        if seen["asked"] + seen["declined for red"] > 0:
            break
    assert seen["offers"] > 0 and seen["asked"] + seen["declined for red"] > 0   # offers did reach red


@pytest.mark.rule("A.16")
def test_an_offer_among_bots_that_cannot_be_taken_never_waits(tmp_path: Path) -> None:
    """Offers between two bots: the answerer that cannot pay declines at once (the table
    plays its only answer), so no offer that cannot be accepted is ever left waiting."""
    session = Session.new(Header("base", parse_seats("red:bot,blue:bot,white:bot"), 5, sandbox=True),
                          saves_folder=tmp_path, autosave=False)
    game = session.game
    while game.state.turn < 1 or game.waiting_for() != "build/trade":
        session.bot_move()
    on_turn = game.prompt_player()
    other = next(p for p in game.players if p != on_turn)
    wool = game.engine.s.players[game.players.index(other)].resources[2]
    session.play(f"give {on_turn} 1 ore")
    if wool:
        session.play(f"take {other} {wool} wool")
    session.play(f"offer {other} 1 ore for 1 wool")
    assert forced_decline(game) == f"{other}: decline"
    played = session.bot_move()
    assert played.line == f"{other}: decline" and not offer_waiting(game)


def _repl(tmp_path: Path) -> tuple[Repl, io.StringIO]:
    out = io.StringIO()
    session = Session.new(Header("base", parse_seats("red,blue"), 3, sandbox=True), saves_folder=tmp_path)
    repl = Repl(session, Console(file=out, width=120, color_system=None, highlight=False), pace=0.0)
    game = session.game
    while game.state.turn < 1 or game.waiting_for() != "build/trade":
        commands = game.legal_commands()
        session.play("roll" if "roll" in commands else next(c for c in commands if c != "end"))
    return repl, out


@pytest.mark.rule("A.16")
def test_enter_declines_an_offer_in_one_key(tmp_path: Path) -> None:
    repl, out = _repl(tmp_path)
    game = repl.session.game
    for line in ("give red 2 ore", "give blue 2 wool", "offer blue 1 ore for 1 wool"):
        repl.handle(line)
    assert repl.prompt_plain().endswith("red offers you 1 ore for 1 wool · Enter declines > ")
    wool = game.view("blue")["players"][1]["resources"]["wool"]
    repl.handle("")
    assert not offer_waiting(game) and game.waiting_for() == "build/trade"
    assert game.history[-1] == "blue: decline" and "blue declines red's offer" in out.getvalue()
    assert game.view("blue")["players"][1]["resources"]["wool"] == wool


def test_enter_on_an_empty_line_without_an_offer_plays_nothing(tmp_path: Path) -> None:
    repl, _ = _repl(tmp_path)
    game = repl.session.game
    before = list(game.history)
    repl.handle("")
    assert game.history == before and "Enter declines" not in repl.prompt_plain()


@pytest.mark.rule("A.16")
def test_a_persons_offer_to_a_person_who_cannot_pay_is_declined_for_them(tmp_path: Path) -> None:
    repl, out = _repl(tmp_path)
    game = repl.session.game
    wool = game.view("blue")["players"][1]["resources"]["wool"]
    if wool:
        repl.handle(f"take blue {wool} wool")
    repl.handle("give red 1 ore")
    repl.handle("offer blue 1 ore for 1 wool")
    assert not offer_waiting(game) and game.history[-1] == "blue: decline"
    assert WHY not in out.getvalue()       # hot seat: the public narration never tells a hand
