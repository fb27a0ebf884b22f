"""Bots play the Legend's Chapter 1 (issue 11): they say only legal, canonical commands; they
do the chapter's tasks (outpost, chests, friend cards, castaways, ore miners); four greedy
bots finish their games; greedy beats random.

The default run plays a handful of games; ``-m slow`` measures the issue's figures over 200
games each (``catan simulate --scenario legend-1 -n 200`` shows the same).
"""

from __future__ import annotations

from collections import Counter

import pytest

from catan_cli.simulate import run_simulation
from bot_games import play_checked

TASKS = ["build outpost", "choose friend", "open chest", "look castaway", "rescue", "send miner", "mine"]


def verbs_said(bots: list[str], seed: int, turns: int = 500) -> Counter[str]:
    return play_checked("legend-1", bots, seed, tasks=TASKS, turns=turns)[0]


@pytest.mark.parametrize("bots", [["greedy", "random", "greedy", "random"], ["random", "greedy", "greedy"]])
def test_bots_say_only_legal_canonical_commands_in_chapter_1(bots: list[str]) -> None:
    said = verbs_said(bots, seed=11)
    assert sum(said.values()) > 200


def test_greedy_bots_do_the_council_s_tasks() -> None:
    """Outposts towards Barren Island, friend cards, chests, castaways and ore miners."""
    said = verbs_said(["greedy"] * 4, seed=3)
    for task in TASKS:
        assert said[task] > 0, (task, said)
    assert said["jerok"] + said["oda"] + said["olaf"] > 0, said          # a friend card used


def test_four_greedy_bots_finish_their_games() -> None:
    report = run_simulation("legend-1", 4, ["greedy"] * 4, games=5, seed=0)
    assert report["finished"] == 5 and not report["capped"] and not report["errors"], report


def test_greedy_beats_three_random_players() -> None:
    report = run_simulation("legend-1", 4, ["greedy", "random", "random", "random"], games=8, seed=0)
    assert report["wins"]["red"] >= 6, report
    report = run_simulation("legend-1", 3, ["random", "random", "greedy"], games=4, seed=50)
    assert report["wins"]["white"] >= 3, report


@pytest.mark.slow
def test_four_greedy_bots_finish_95_percent_of_200_games() -> None:
    report = run_simulation("legend-1", 4, ["greedy"] * 4, games=200, seed=0, jobs=2)
    print(f"\nlegend-1, 4 greedy: {report['finished']} of 200 finished, {report['capped']} capped")
    assert report["finished"] >= 190 and not report["errors"], report


@pytest.mark.slow
def test_greedy_wins_75_percent_against_three_random_players() -> None:
    report = run_simulation("legend-1", 4, ["greedy", "random", "random", "random"], games=200, seed=0, jobs=2)
    print(f"\nlegend-1, greedy vs 3 random: greedy wins {report['wins']['red']} of 200")
    assert report["wins"]["red"] >= 150 and not report["errors"], report
