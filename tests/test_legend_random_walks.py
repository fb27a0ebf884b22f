"""Random walks through the Legend's Chapter 1 (issue 11): whole games, 3 and 4 players.

A walker picks among ``g.legal_commands()`` with a bias toward what this chapter is about
(outposts, castaways, ore miners, chests, friend cards, building); otherwise it plays
uniformly at random.  After every action the position must pass :func:`check_invariants`
(which includes the scenario's own: chests, castaways, friend cards and chits conserved,
miners matching rescues, one outpost each) plus the checks below, from the plain state:

- 12 castaways and 16 chests conserved across board, aside, players and the discard pile;
- at most 3 ore miners per player, at most 5 ships, at most 1 outpost;
- a player's VP is the sum of its sources: settlements, cities, outposts, Catan chits,
  Longest Trade Route, Largest Army, VP cards.

The normal suite plays a few seeds; ``-m slow`` plays 300 seeds with 3 and with 4 players.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from catan_cli import Game
from catan_cli.engine.state import CITY, SETTLEMENT, SHIP
from catan_cli.scenarios.legend.general import OUTPOST
from walker import preferring, walk_game

TURN_CAP = 500

PREFERENCES = [
    ("rescue", 0.95),
    ("mine", 0.95),
    ("build outpost", 0.95),
    ("send miner", 0.7),
    ("look castaway", 0.8),
    ("open chest", 0.7),
    ("build city", 0.9),
    ("build settlement", 0.9),
    ("build ship", 0.8),
    ("jerok", 0.5),
    ("olaf", 0.2),
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
    rescued: int
    shared: int          # actions after which some sea route held two ships (E.0.2)
    seconds: float


def scenario_problems(g: Game) -> list[str]:
    e, s = g.engine, g.state
    out = []
    chests = (len(s.extra["chests"]) + len(s.extra["chests_aside"]) + len(s.extra["chests_used"])
              + sum(len(p.extra["chests"]) for p in s.players))
    if chests != 16:
        out.append(f"{chests} chests, not 16")
    castaways = len(s.extra["castaways"]) + len(s.extra["castaways_aside"]) + sum(len(p.extra["rescued"])
                                                                                  for p in s.players)
    if castaways != 12:
        out.append(f"{castaways} castaways, not 12")
    for seat, p in enumerate(s.players):
        miners = p.extra["miners"]["home"] + len(p.extra["miners"]["out"])
        if miners > 3 or len(p.extra["rescued"]) > 3:
            out.append(f"{p.name} has {miners} miners and {len(p.extra['rescued'])} rescues")
        ships = (sum(1 for x, o in enumerate(s.edge_owner) if o == seat and s.edge_kind[x] == SHIP)
                 + s.shared_ships.count(seat))          # E.0.2: a second ship on a shared route
        if ships > 5:
            out.append(f"{p.name} has {ships} ships")
        posts = sum(1 for n, o in enumerate(s.node_owner) if o == seat and s.node_kind[n] == OUTPOST)
        settlements = sum(1 for n, o in enumerate(s.node_owner) if o == seat and s.node_kind[n] == SETTLEMENT)
        cities = sum(1 for n, o in enumerate(s.node_owner) if o == seat and s.node_kind[n] == CITY)
        if posts > 1:
            out.append(f"{p.name} has {posts} outposts")
        cards = sum(1 for c, _ in p.dev_cards if c == "victory-point")
        expected = (settlements + 2 * cities + posts + p.extra["chits"] + 2 * (s.longest_holder == seat)
                    + 2 * (s.army_holder == seat) + cards)
        if s.phase != "setup" and e.vp(seat) != expected:
            out.append(f"{p.name} has {e.vp(seat)} VP, its sources add up to {expected}")
    return out


def walk(seed: int, players: int, check: bool = True, cap: int = TURN_CAP) -> Walk:
    shared = 0

    def count_shared(g: Game, command: object, events: object) -> None:
        nonlocal shared
        shared += any(o >= 0 for o in g.state.shared_ships)

    run = walk_game("legend-1", seed, players, cap=cap, pick=preferring(PREFERENCES),
                    problems=scenario_problems, check=check, on_step=count_shared)
    g = run.game
    if g.over:
        assert g.winner is not None and g.vp(g.winner) >= 11
    rescued = sum(len(p.extra["rescued"]) for p in g.state.players)
    return Walk(seed, players, g.winner, g.state.turn, run.actions, run.capped, rescued, shared, run.seconds)


FAST = [(seed, 3 + seed % 2) for seed in range(4)]


@pytest.mark.parametrize("seed, players", FAST)
@pytest.mark.rule("E.0.2")
def test_a_biased_random_game_keeps_every_invariant(seed, players):
    result = walk(seed, players)
    assert result.winner is not None or result.capped


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_three_hundred_random_games_keep_every_invariant(players):
    results = [walk(seed, players) for seed in range(300)]
    won = sum(r.winner is not None for r in results)
    capped = sum(r.capped for r in results)
    seconds = sum(r.seconds for r in results)
    print(f"\nlegend-1, {players} players: {won} of {len(results)} games won, {capped} capped "
          f"at {TURN_CAP} turns, {sum(r.rescued for r in results)} castaways rescued, "
          f"{sum(r.shared > 0 for r in results)} games with two ships on one route, "
          f"mean {sum(r.turns for r in results) / len(results):.0f} turns, {seconds:.0f} s")
    assert won + capped == len(results)
    assert sum(r.shared > 0 for r in results) >= len(results) // 10     # E.0.2 is walked through
