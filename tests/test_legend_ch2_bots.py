"""Bots play the Legend's Chapter 2 (issue 12): they say only legal, canonical commands; they
do the chapter's tasks (outpost, friend card, bog iron, gold miners that pan for gold); four
greedy bots finish their games; greedy beats random.

The default run plays a handful of games; ``-m slow`` measures the issue's figures over 200
games each (``catan simulate --scenario legend-2 -n 200`` shows the same).
"""

from __future__ import annotations

from collections import Counter

import pytest

from catan_cli import Game
from catan_cli.simulate import run_simulation
from bot_games import play_checked

TASKS = ["build outpost", "choose friend", "bog ore", "build miner", "move miner"]


def play(bots: list[str], seed: int, turns: int = 500) -> tuple[Counter[str], Game]:
    return play_checked("legend-2", bots, seed, tasks=TASKS, turns=turns)


@pytest.mark.parametrize("bots", [["greedy", "random", "greedy", "random"], ["random", "greedy", "greedy"]])
def test_bots_say_only_legal_canonical_commands_in_chapter_2(bots: list[str]) -> None:
    said, _ = play(bots, seed=11)
    assert sum(said.values()) > 100


def test_greedy_bots_build_outposts_and_pan_for_gold() -> None:
    said, game = play(["greedy"] * 4, seed=3)
    for task in TASKS:
        assert said[task] > 0, (task, said)
    assert sum(p.extra["gold"] for p in game.state.players) > 0
    assert game.state.extra["gold_fields_turned"]


def test_four_greedy_bots_finish_chapter_2() -> None:
    report = run_simulation("legend-2", 4, ["greedy"] * 4, games=5, seed=0)
    assert report["finished"] == 5 and not report["capped"] and not report["errors"], report


def test_greedy_beats_three_random_players_in_chapter_2() -> None:
    report = run_simulation("legend-2", 4, ["greedy", "random", "random", "random"], games=8, seed=0)
    assert report["wins"]["red"] >= 5, report


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_four_greedy_bots_finish_95_percent_of_200_games_of_chapter_2(players: int) -> None:
    report = run_simulation("legend-2", players, ["greedy"] * players, games=200, seed=0, jobs=2)
    assert report["finished"] >= 190 and not report["errors"], report


@pytest.mark.slow
def test_greedy_wins_75_percent_against_three_random_players_in_chapter_2() -> None:
    report = run_simulation("legend-2", 4, ["greedy", "random", "random", "random"], games=200, seed=0, jobs=2)
    assert report["wins"]["red"] >= 150, report
