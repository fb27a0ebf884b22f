"""Random walks through the Legend's Chapter 3 (issue 12): whole games, 3 and 4 players.

A walker picks among ``g.legal_commands()`` with a bias toward what this chapter is about
(catapults, ships towards the sea robbers, the Gold Isles, building); otherwise it plays
uniformly at random.  After every action the position must pass :func:`check_invariants`
(which includes the scenario's own: sea robber ships, both stacks of sea robber cards, chests
and friend cards conserved, jugs 0-6, the Nemesis with the most sunk) plus the checks below,
from the plain state:

- 16 sea robber cards (8 low, 8 high); sea robber ships on the board + sunk = those placed;
- 16 chests: on the board, under sea robbers, aside, held or used;
- jugs 0-6; at most 15 ships; VP the sum of its sources (with the Nemesis).

The normal suite plays a few seeds; ``-m slow`` plays 300 seeds with 3 and with 4 players.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from catan_cli import Game
from catan_cli.engine.actions import Event
from catan_cli.engine.state import CITY, SETTLEMENT, SHIP
from walker import preferring, walk_game

TURN_CAP = 500

PREFERENCES = [
    ("build catapult", 0.8),
    ("build ship", 0.8),
    ("build settlement", 0.9),
    ("build city", 0.9),
    ("open chest", 0.7),
    ("hakon", 0.3),
    ("lias", 0.5),
    ("lea", 0.5),
    ("wulf", 0.5),
    ("buy card", 0.5),
    ("play ", 0.5),
    ("trade ", 0.5),
]


@dataclass
class Walk:
    seed: int
    players: int
    winner: str | None
    turns: int
    actions: int
    capped: bool
    battles: int
    sunk: int
    seconds: float


def scenario_problems(g: Game) -> list[str]:
    e, s = g.engine, g.state
    out = []
    low, high = s.extra["robber_cards_low"], s.extra["robber_cards_high"]
    if len(low) + len(high) != 16:
        out.append(f"{len(low) + len(high)} sea robber cards, not 16")
    placed = len(e.scen.places[-1]["hexes"]) if e.scen.places[-1]["kind"] == "sea_robbers" else 0
    sunk = sum(p.extra["sunk"] for p in s.players)
    if len(s.extra["sea_robbers"]) + sunk != placed:
        out.append(f"{len(s.extra['sea_robbers'])} sea robbers + {sunk} sunk != {placed}")
    chests = (len(s.extra["chests"]) + len(s.extra["chests_aside"]) + len(s.extra["chests_used"])
              + sum(len(p.extra["chests"]) for p in s.players) + sum(1 for _, f in s.extra["sea_robbers"] if f))
    if chests != 16:
        out.append(f"{chests} chests, not 16")
    for seat, p in enumerate(s.players):
        if not 0 <= p.extra["jugs"] <= 6:
            out.append(f"{p.name} has {p.extra['jugs']} jugs")
        ships = (sum(1 for x, o in enumerate(s.edge_owner) if o == seat and s.edge_kind[x] == SHIP)
                 + s.shared_ships.count(seat))
        if ships > 15:
            out.append(f"{p.name} has {ships} ships")
        settlements = sum(1 for n, o in enumerate(s.node_owner) if o == seat and s.node_kind[n] == SETTLEMENT)
        cities = sum(1 for n, o in enumerate(s.node_owner) if o == seat and s.node_kind[n] == CITY)
        cards = sum(1 for c, _ in p.dev_cards if c == "victory-point")
        expected = (settlements + 2 * cities + p.extra["chits"] + 2 * (s.longest_holder == seat)
                    + 2 * (s.army_holder == seat) + cards + (s.extra["nemesis"] == seat))
        if s.phase != "setup" and e.vp(seat) != expected:
            out.append(f"{p.name} has {e.vp(seat)} VP, its sources add up to {expected}")
    return out


def walk(seed: int, players: int, check: bool = True, cap: int = TURN_CAP) -> Walk:
    battles = 0

    def count_battles(g: Game, command: object, events: list[Event]) -> None:
        nonlocal battles
        battles += any(ev.kind == "battle" and "attacks" in ev.text for ev in events)

    run = walk_game("legend-3", seed, players, cap=cap, pick=preferring(PREFERENCES),
                    problems=scenario_problems, check=check, on_step=count_battles)
    g = run.game
    if g.over:
        assert g.winner is not None and g.vp(g.winner) >= 13
    sunk = sum(p.extra["sunk"] for p in g.state.players)
    return Walk(seed, players, g.winner, g.state.turn, run.actions, run.capped, battles, sunk, run.seconds)


FAST = [(seed, 3 + seed % 2) for seed in range(4)]


@pytest.mark.parametrize("seed, players", FAST)
def test_a_biased_random_game_of_chapter_3_keeps_every_invariant(seed, players):
    result = walk(seed, players)
    assert result.winner is not None or result.capped


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_three_hundred_random_games_of_chapter_3_keep_every_invariant(players):
    results = [walk(seed, players) for seed in range(300)]
    won = sum(r.winner is not None for r in results)
    capped = sum(r.capped for r in results)
    seconds = sum(r.seconds for r in results)
    print(f"\nlegend-3, {players} players: {won} of {len(results)} games won, {capped} capped "
          f"at {TURN_CAP} turns, {sum(r.battles for r in results)} sea battles, "
          f"{sum(r.sunk for r in results)} sea robbers sunk, "
          f"mean {sum(r.turns for r in results) / len(results):.0f} turns, {seconds:.0f} s")
    assert won + capped == len(results)
    assert sum(r.battles for r in results) >= len(results)        # battles are walked through
