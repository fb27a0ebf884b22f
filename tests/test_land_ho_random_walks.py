"""Random walks through Land Ho! (issue 17): whole games with 2, 3 and 4 players.

A walker picks among ``g.legal_commands()`` (now and then among the one-for-one offers,
gold offers with them) with a bias toward what moves this scenario on
(found settlements, build harbour settlements, settlers and ships, sail toward the
face-down areas, buy with gold), otherwise uniformly at random, and stops a game at
``TURN_CAP`` turns.  After every action the position must pass :func:`check_invariants`
(with the general exploration checks, hexes and number tokens conserved per face-down area,
and the scenario's own, ships and settlers conserved, at most 2 ships on a route) and the
checks below: ships <= 3, settlers <= 2, harbour settlements <= 4 per player, and VP = the sum of its sources recomputed from
the board (1 per settlement, 2 per harbour settlement).

The normal suite plays a few seeds; ``-m slow`` plays 300 seeds with each player count.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from catan_cli import Game
from catan_cli.engine.state import SETTLEMENT
from catan_cli.scenarios.land_ho.base import HARBOR
from walker import prefer, walk_game

TURN_CAP = 600

PREFERENCES = [
    ("found settlement", 0.95),
    ("accept", 0.5),
    ("build harbor", 0.9),
    ("build settlement", 0.9),
    ("build settler", 0.7),
    ("load settler", 0.9),
    ("move ship", 0.8),
    ("build ship", 0.5),
    ("pay gold", 0.5),
    ("pay wool", 0.3),
    ("build road", 0.4),
    ("trade ", 0.3),
    ("buy gold", 0.2),
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
    seconds: float


def scenario_problems(g: Game) -> list[str]:
    e, s = g.engine, g.state
    out = []
    ships = Counter(sh["owner"] for sh in s.extra["ships"])
    for seat, p in enumerate(s.players):
        harbors = sum(1 for o, k in zip(s.node_owner, s.node_kind) if o == seat and k == HARBOR)
        settlements = sum(1 for o, k in zip(s.node_owner, s.node_kind) if o == seat and k == SETTLEMENT)
        if ships[seat] > 3:
            out.append(f"{p.name} has {ships[seat]} ships")
        if p.extra["settlers_left"] > 2 or p.extra["settlers_left"] < 0:
            out.append(f"{p.name} has {p.extra['settlers_left']} settlers in supply")
        if harbors > 4:
            out.append(f"{p.name} has {harbors} harbour settlements")
        if e.vp(seat) != settlements + 2 * harbors:
            out.append(f"{p.name}: {e.vp(seat)} VP, but {settlements} settlements + {harbors} harbours")
        if p.extra["gold"] < 0:
            out.append(f"{p.name} has negative gold")
    per_edge = Counter(sh["edge"] for sh in s.extra["ships"])
    if per_edge and max(per_edge.values()) > 2:
        out.append("more than 2 ships end on one route")
    return out


def offers_now_and_then(g: Game, rng: random.Random) -> list[str]:
    commands = g.legal_commands()
    if rng.random() < 0.05:      # now and then a one-for-one offer (gold offers among them)
        commands = [c for c in g.legal_commands(offers=True) if c.startswith("offer")] or commands
    return commands


def choose(g: Game, commands: list[str], rng: random.Random) -> str:
    # a pending decision's commands are listed as "seat: command"
    return prefer(commands, rng, PREFERENCES, lambda c, prefix: c.startswith(prefix) or f": {prefix}" in c)


def walk(seed: int, players: int, check_every: int = 1) -> Walk:
    run = walk_game("land-ho", seed, players, cap=TURN_CAP, rng=random.Random(seed), options=offers_now_and_then,
                    pick=choose, problems=scenario_problems, check_every=check_every)
    g = run.game
    discovered = sum(1 for h, t in enumerate(g.state.terrain) if g.engine.scen.hex_area[h] in ("north", "south")
                     and t != "unexplored")
    return Walk(seed, players, g.winner, g.state.turn, run.actions, run.capped, discovered, run.seconds)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_walks_keep_every_invariant(players: int) -> None:
    w = walk(0, players)
    assert not w.capped and w.discovered > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_walks_300_seeds(players: int) -> None:
    walks = [walk(seed, players) for seed in range(300)]
    finished = sum(1 for w in walks if not w.capped)
    turns = sorted(w.turns for w in walks)
    print(f"\nland-ho {players}p: {finished}/300 finished, median {turns[150]} turns, "
          f"{sum(w.actions for w in walks)} actions, {sum(w.discovered for w in walks) / 300:.1f} hexes "
          f"discovered per game, {sum(w.seconds for w in walks):.1f}s")
    assert finished >= 285
