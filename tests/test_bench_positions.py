"""Where the bench's time goes, by kind of position (catan_cli.benchmarks.positions)."""

from __future__ import annotations

import pytest

from catan_cli.bench import play_random_game
from catan_cli.benchmarks import positions


def test_every_decision_of_the_bench_games_is_counted_once() -> None:
    costs = positions.measure("cloth-for-catan", 2, seed=7)
    played = sum(play_random_game("cloth-for-catan", 4, 7 + i, 500, "game")[1] for i in range(2))
    assert sum(c.decisions for c in costs.values()) == played
    assert {"setup", "roll", "main: first of the turn", "main: later"} <= set(costs)
    assert all(c.listing > 0 and c.playing > 0 for c in costs.values())


def test_a_turn_has_one_first_main_position_at_most() -> None:
    costs = positions.measure("base", 2, seed=3)
    # a roll leads to at most one first main position (the game may end on the roll)
    assert 0 < costs["main: first of the turn"].decisions <= costs["roll"].decisions


def test_the_report_lists_each_kind_with_its_share(capsys: pytest.CaptureFixture[str]) -> None:
    positions.main(["--scenario", "base", "-n", "1"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("base: ") and out[0].endswith(" us per move listed")
    rows = [line.split() for line in out[2:]]
    shares = [float(row[-1].rstrip("%")) for row in rows]
    assert abs(sum(shares) - 100) < 0.5
    assert any(line.lstrip().startswith("main: first of the turn") for line in out)


def test_the_moves_listed_are_those_the_positions_offered() -> None:
    costs = positions.measure("base", 1, seed=5)
    assert all(c.moves >= c.decisions for c in costs.values())      # every position offers one or more
    assert costs["roll"].moves >= costs["roll"].decisions
    assert costs["setup"].moves > 2 * costs["setup"].decisions       # many sites to settle at first
