"""Random walks through the Legend's Chapter 4 (issue 13): whole games, 3 and 4 players.

The shared walker (``tests/walker.py``) picks among ``g.legal_commands()`` with a bias toward what this chapter is about
(ships that explore, merchants, buying and cashing spices, building); otherwise it plays
uniformly at random.  After every action the position must pass :func:`check_invariants`
(which includes the general exploration checks and the chapter's own: spice cards, trade
options, lairs, merchants) plus the checks below, from the plain state (the chapter played alone: the lairs are in play):

- the board's hexes: each face-down area's terrain turned up plus its stack is its own;
- 30 spice cards: in hands, in the stack, on the discard pile;
- 10 trade options: left or held; 16 chests: aside, held or used;
- lairs: on the board + taken + left = 4 when in play, else 0; at most 3 merchants each;
- VP the sum of its sources.

The normal suite plays a few seeds; ``-m slow`` plays 300 seeds with 3 and with 4 players.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from catan_cli import Game
from catan_cli.engine.geometry import UNEXPLORED
from catan_cli.engine.state import CITY, SETTLEMENT
from catan_cli.scenarios.legend.chapter4.merchants import MERCHANT
from walker import preferring, walk_game

TURN_CAP = 500

PREFERENCES = [
    ("cash ", 0.9),
    ("build merchant", 0.9),
    ("buy spice", 0.7),
    ("build ship", 0.8),
    ("build settlement", 0.9),
    ("build city", 0.9),
    ("open chest", 0.7),
    ("buy card", 0.5),
    ("play ", 0.5),
    ("trade ", 0.3),
    ("move ship", 0.3),
]


@dataclass
class Walk:
    seed: int
    players: int
    winner: str | None
    turns: int
    actions: int
    capped: bool
    discovered: int
    merchants: int
    chits: int
    lairs_taken: int
    seconds: float


def scenario_problems(g: Game) -> list[str]:
    e, s = g.engine, g.state
    out = []
    for name, area in e.scen.face_down.items():
        shown = [s.terrain[h] for h in area.hexes if s.terrain[h] != UNEXPLORED]
        if Counter(shown + s.extra["face_down"][name]["terrain"]) != Counter(area.terrain):
            out.append(f"area {name}: hexes not conserved")
    spices = (sum(sum(p.extra["spices"]) for p in s.players) + len(s.extra["spice_stack"])
              + len(s.extra["spice_discard"]))
    if spices != 30:
        out.append(f"{spices} spice cards, not 30")
    options = len(s.extra["trade_options"]) + sum(len(p.extra["options"]) for p in s.players)
    if options != 10:
        out.append(f"{options} trade options, not 10")
    chests = (len(s.extra["chests"]) + len(s.extra["chests_aside"]) + len(s.extra["chests_used"])
              + sum(len(p.extra["chests"]) for p in s.players))
    if chests != 16:
        out.append(f"{chests} chests, not 16")
    lairs = len(s.extra["lairs"]) + s.extra["lairs_taken"] + s.extra["lairs_left"]
    if lairs != (4 if s.extra["lairs_in_play"] else 0):
        out.append(f"{lairs} lairs")
    for seat, p in enumerate(s.players):
        merchants = sum(1 for n, o in enumerate(s.node_owner) if o == seat and s.node_kind[n] == MERCHANT)
        if merchants > 3:
            out.append(f"{p.name} has {merchants} merchants")
        settlements = sum(1 for n, o in enumerate(s.node_owner) if o == seat and s.node_kind[n] == SETTLEMENT)
        cities = sum(1 for n, o in enumerate(s.node_owner) if o == seat and s.node_kind[n] == CITY)
        cards = sum(1 for c, _ in p.dev_cards if c == "victory-point")
        expected = (settlements + 2 * cities + p.extra["chits"] + 2 * (s.longest_holder == seat)
                    + 2 * (s.army_holder == seat) + cards)
        if s.phase != "setup" and e.vp(seat) != expected:
            out.append(f"{p.name} has {e.vp(seat)} VP, its sources add up to {expected}")
    return out


def walk(seed: int, players: int, check: bool = True, cap: int = TURN_CAP) -> Walk:
    run = walk_game("legend-4", seed, players, cap=cap, pick=preferring(PREFERENCES),
                    problems=scenario_problems, check=check)
    g = run.game
    if g.over:
        assert g.winner is not None and g.vp(g.winner) >= 14
    s = g.state
    discovered = sum(1 for area in g.engine.scen.face_down.values()
                     for h in area.hexes if s.terrain[h] != UNEXPLORED)
    merchants = sum(1 for k in s.node_kind if k == MERCHANT)
    return Walk(seed, players, g.winner, s.turn, run.actions, run.capped, discovered, merchants,
                sum(p.extra["spice_chits"] for p in s.players), s.extra["lairs_taken"], run.seconds)


FAST = [(seed, 3 + seed % 2) for seed in range(4)]


@pytest.mark.parametrize("seed, players", FAST)
def test_a_biased_random_game_of_chapter_4_keeps_every_invariant(seed, players):
    result = walk(seed, players)
    assert result.winner is not None or result.capped


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_three_hundred_random_games_of_chapter_4_keep_every_invariant(players):
    results = [walk(seed, players) for seed in range(300)]
    won = sum(r.winner is not None for r in results)
    capped = sum(r.capped for r in results)
    seconds = sum(r.seconds for r in results)
    print(f"\nlegend-4, {players} players: {won} of {len(results)} games won, {capped} capped "
          f"at {TURN_CAP} turns, {sum(r.discovered for r in results)} hexes discovered, "
          f"{sum(r.merchants for r in results)} merchants, {sum(r.chits for r in results)} chits for spices, "
          f"{sum(r.lairs_taken for r in results)} lairs taken, "
          f"mean {sum(r.turns for r in results) / len(results):.0f} turns, {seconds:.0f} s")
    assert won + capped == len(results)
    assert sum(r.merchants for r in results) >= len(results)       # merchants are walked through
    assert sum(r.chits for r in results) >= len(results)
