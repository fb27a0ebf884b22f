"""Random walks: whole games played by picking uniformly among ``g.legal_commands()``.

Each game is seeded twice (the game's own seed and the walker's ``random.Random``), so a
failure names the seed that reproduces it.  After every action the position must pass
:func:`check_invariants`.  A game that has not ended after ``TURN_CAP`` turns is stopped
and counted; uniform random play is wasteful (it trades and ends turns far more often than
it builds) but still finishes nearly every base game in a few hundred turns.

The normal suite plays a handful of seeds; ``-m slow`` plays 1,000.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pytest

from catan_cli import Game
from catan_cli.engine.invariants import check_invariants

COLOURS = ["red", "blue", "white", "orange"]
TURN_CAP = 1000          # a walk stops when the turn counter passes this


@dataclass
class Walk:
    seed: int
    players: int
    winner: str | None
    turns: int
    actions: int
    capped: bool
    trades: int          # domestic trades accepted


def walk(seed: int, players: int, offer_chance: float = 0.0, check: bool = True) -> Walk:
    """Play one game to the end (or the cap) with uniformly random legal commands.

    With ``offer_chance`` the walker sometimes asks for the one-for-one domestic offers too
    (``legal_commands(offers=True)``), so offers, accepts and declines get exercised."""
    rng = random.Random(seed * 7919 + players)
    g = Game.new("base", players=COLOURS[:players], seed=seed)
    actions = trades = 0
    while not g.over and g.state.turn <= TURN_CAP:
        commands = g.legal_commands(offers=offer_chance > 0 and rng.random() < offer_chance)
        assert commands, f"seed {seed}: nothing legal in a live game ({g.waiting_for()})"
        command = rng.choice(commands)
        events = g.execute(command)
        actions += 1
        if command.endswith("accept"):
            trades += 1
        if check:
            problems = check_invariants(g)
            assert not problems, (f"seed {seed}, {players} players, action {actions} "
                                  f"{command!r} -> {events}: {problems}")
    if g.over:
        assert g.legal_commands() == []
        assert g.winner is not None
    return Walk(seed, players, g.winner, g.state.turn, actions, not g.over, trades)


FAST_SEEDS = [(seed, 2 + seed % 3) for seed in range(12)]


@pytest.mark.parametrize("seed, players", FAST_SEEDS)
def test_random_game_keeps_every_invariant_to_the_end(seed, players):
    result = walk(seed, players)
    assert result.winner is not None or result.capped


@pytest.mark.parametrize("seed, players", [(100 + k, 2 + k % 3) for k in range(6)])
def test_random_game_with_domestic_offers_keeps_every_invariant(seed, players):
    result = walk(seed, players, offer_chance=0.05)
    assert result.winner is not None or result.capped


def test_random_games_exercise_domestic_trade():
    total = sum(walk(200 + k, 2 + k % 3, offer_chance=0.1).trades for k in range(3))
    assert total > 0


def test_random_walks_are_reproducible():
    a, b = walk(7, 3, check=False), walk(7, 3, check=False)
    assert a == b


def _report(capsys: pytest.CaptureFixture[str], lines: list[str]) -> None:
    """Show a summary on the terminal even when the test passes."""
    with capsys.disabled():
        for line in lines:
            print(line)


@pytest.mark.slow
def test_one_thousand_random_games(capsys):
    """1,000 seeded games, players 2-4 in turn, invariants after every action."""
    started = time.perf_counter()
    results = [walk(seed, 2 + seed % 3) for seed in range(1000)]
    elapsed = time.perf_counter() - started
    won = [r for r in results if r.winner is not None]
    capped = [r for r in results if r.capped]
    turns = sorted(r.turns for r in won)
    _report(capsys, [
        "",
        f"random walks: {len(results)} games in {elapsed:.0f} s; {len(won)} won, "
        f"{len(capped)} stopped at the {TURN_CAP}-turn cap {[r.seed for r in capped]}",
        f"random walks: turns to a win: median {turns[len(turns) // 2]}, max {turns[-1]}; "
        f"actions: {sum(r.actions for r in results)}",
    ])
    assert len(won) + len(capped) == len(results)
    assert len(capped) <= len(results) // 100, f"capped seeds: {[r.seed for r in capped]}"


@pytest.mark.slow
def test_two_hundred_random_games_with_domestic_offers(capsys):
    results = [walk(10_000 + seed, 2 + seed % 3, offer_chance=0.05) for seed in range(200)]
    _report(capsys, [
        f"random walks with offers: {len(results)} games, "
        f"{sum(r.winner is not None for r in results)} won, {sum(r.capped for r in results)} capped, "
        f"{sum(r.trades for r in results)} domestic trades",
    ])
    assert all(r.winner is not None or r.capped for r in results)
