"""Bots in Barbarian Attack (issue 18): they say only legal, canonical commands, decide without
the face-down scenario deck, finish their games, and the greedy bot beats random players.

The issue's figures (``catan simulate --scenario barbarian-attack``): four greedy bots finish
at least 95% of 200 games, and greedy wins at least 75% of 200 games against three random
bots.  They run under ``-m slow``; the default run plays a handful of games.
"""

from __future__ import annotations

import random

import pytest

from catan_cli import Game
from catan_cli.bots import make_bot
from catan_cli.simulate import play_game, run_simulation
from bot_games import play_checked

SCENARIO = "barbarian-attack"
NAMES = ["red", "blue", "white", "orange"]


def test_bots_only_say_legal_canonical_commands_in_barbarian_attack() -> None:
    kinds, _ = play_checked(SCENARIO, ["greedy", "random", "greedy", "random"], 11, turns=120, bot_seed=100,
                            count=lambda game, line: game.parse(line).kind)
    assert {"buy-card", "move-knight"} <= set(kinds), kinds


def test_greedy_decisions_do_not_depend_on_the_order_of_the_face_down_deck() -> None:
    """Shuffling the scenario deck (which no seat sees) never changes a greedy bot's move."""
    rng = random.Random(3)
    game = Game.new(SCENARIO, players=NAMES, seed=8)
    players = [make_bot("greedy", i) for i in range(4)]
    compared = 0
    while not game.over and game.engine.s.turn <= 60:
        seat = game.prompt_player()
        if game.engine.s.phase == "main" and len(game.state.extra["deck"]) > 1:
            copy = Game.from_json(game.to_json())
            rng.shuffle(copy.state.extra["deck"])
            if copy.state.extra["deck"] == game.state.extra["deck"]:
                game.execute(players[NAMES.index(seat)].choose(game, seat))
                continue          # the shuffle changed nothing: nothing to compare
            mine = make_bot("greedy", 99).choose(game, seat)
            theirs = make_bot("greedy", 99).choose(copy, seat)
            assert mine == theirs, f"turn {game.engine.s.turn}: {mine!r} with the real deck, {theirs!r} shuffled"
            compared += 1
        game.execute(players[NAMES.index(seat)].choose(game, seat))
    assert compared > 20


def test_four_greedy_bots_finish_a_game() -> None:
    for seed in (21, 22):
        game = play_game(SCENARIO, ["greedy"] * 4, seed=seed)
        assert game["winners"] and not game["capped"] and not game["error"], game


def test_greedy_beats_random_in_barbarian_attack() -> None:
    report = run_simulation(SCENARIO, 4, ["greedy", "random", "random", "random"], games=3, seed=700)
    assert report["wins"]["red"] >= 2, report
    assert not report["errors"]


@pytest.mark.slow
def test_four_greedy_bots_finish_95_percent_of_200_games() -> None:
    report = run_simulation(SCENARIO, 4, ["greedy"] * 4, games=200, seed=0, jobs=2)
    print(f"\n{SCENARIO}, 4 greedy: {report['finished']} of 200 finished, {report['capped']} capped, "
          f"average {report['avg_turns']:.1f} turns, wins {report['wins']}")
    assert not report["errors"], report["errors"][:3]
    assert report["finished"] >= 190, report


@pytest.mark.slow
def test_greedy_wins_75_percent_of_200_games_against_three_random() -> None:
    report = run_simulation(SCENARIO, 4, ["greedy", "random", "random", "random"], games=200, seed=0, jobs=2)
    print(f"\n{SCENARIO}, greedy vs 3 random: greedy won {report['wins']['red']} of 200, "
          f"{report['capped']} capped, average {report['avg_turns']:.1f} turns")
    assert not report["errors"], report["errors"][:3]
    assert report["wins"]["red"] >= 150, report
