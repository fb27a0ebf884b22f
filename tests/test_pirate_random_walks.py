"""Random walks through The Pirate Islands (issue 5): whole games, 3 and 4 players.

A walker picks among ``g.legal_commands()`` with a bias toward what wins this scenario:
attacking the fortress whenever it may, then building ships along the route, playing
knights (warships), building settlements and cities, buying cards, and trading with the
bank for what is missing; otherwise it plays uniformly at random (ends the turn, answers
discards, steals, rewards, gold picks).  A game that has not ended after ``TURN_CAP`` turns
is stopped and counted as capped.

After every action the position must pass :func:`check_invariants` (which includes the
scenario's own checks: fortress chits conserved, the fleet on its path, one unbranched
route per player) plus the checks below: the fleet's hex is on the circuit, each route
runs from an eastern home along the player's lane and never past the fortress, a fortress
still held has its chits and no owner's settlement, and the warship count never exceeds
the knights played.

The normal suite plays a few seeds; ``-m slow`` plays 300 seeds with 3 and with 4 players.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from catan_cli import Game
from catan_cli.engine.state import SHIP
from catan_cli.scenarios.pirate_islands.rules import FORTRESS, WARSHIP
from walker import preferring, walk_game

TURN_CAP = 600

# Commands the walker prefers, most wanted first; each is taken with the given chance when
# available (checked in order), otherwise the walker moves on down the list.
PREFERENCES = [
    ("attack fortress", 0.95),
    ("build city", 0.9),
    ("build settlement", 0.9),
    ("play knight", 0.9),
    ("build ship", 0.85),
    ("buy card", 0.6),
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
    fortresses_taken: int
    seconds: float


def scenario_problems(g: Game) -> list[str]:
    """Checks of my own, from the plain state, beside the engine's invariants."""
    e, s = g.engine, g.state
    h = e.rules
    out = []
    fleet = s.extra["fleet"]
    if not 0 <= fleet["index"] < len(h.path):
        out.append(f"fleet index {fleet['index']} off the path")
    if not fleet["active"] and any(f["chits"] for f in s.extra["fortresses"]):
        out.append("the fleet left while a fortress is held")
    chits = sum(f["chits"] for f in s.extra["fortresses"])
    won = sum(p.extra.get("chits_won", 0) for p in s.players)
    if chits + won != 3 * len(s.players):
        out.append(f"fortress chits {chits} + {won} won != {3 * len(s.players)}")
    for f in s.extra["fortresses"]:
        kind = s.node_kind[f["node"]]
        if not 0 <= f["chits"] <= 3:
            out.append(f"fortress {f['node'] + 1} has {f['chits']} chits")
        if f["chits"] and (kind != FORTRESS or s.node_owner[f["node"]] != f["seat"]):
            out.append(f"fortress {f['node'] + 1} held by pirates is a {kind}")
        if not f["chits"] and (kind == FORTRESS or s.node_owner[f["node"]] != f["seat"]):
            out.append(f"fortress {f['node'] + 1} taken but is a {kind}")
    for seat, p in enumerate(s.players):
        mine = [x for x, o in enumerate(s.edge_owner) if o == seat]
        ships = [x for x in mine if s.edge_kind[x] in (SHIP, WARSHIP)]
        if any(x not in h.lanes[seat] for x in ships):
            out.append(f"{p.name} has a ship outside the lane")
        order, nodes = h.route(seat)
        if sorted(order) != sorted(ships):
            out.append(f"{p.name}'s ships {len(ships)} are not one route of {len(order)}")
        if nodes:
            if not h.on_eastern_island(nodes[0]):
                out.append(f"{p.name}'s route starts off the eastern island at {nodes[0] + 1}")
            fort = h.fortress_node[seat]
            if fort in nodes[:-1]:
                out.append(f"{p.name}'s route runs past the fortress")
            # A shortest way: home .. marked .. fortress, one step closer each ship.
            marked = h.marked[seat]
            if marked in nodes:
                k = nodes.index(marked)
                leg1, leg2 = nodes[:k + 1], nodes[k:]
            else:
                leg1, leg2 = nodes, []
            for leg, dist in ((leg1, h.dist_marked[seat]), (leg2, h.dist_fortress[seat])):
                for a, b in zip(leg, leg[1:]):
                    if dist.get(b, 99) != dist.get(a, 99) - 1:
                        out.append(f"{p.name}'s route steps {a + 1}-{b + 1} off a shortest way")
        warships = sum(1 for x in ships if s.edge_kind[x] == WARSHIP)
        if warships > p.knights:
            out.append(f"{p.name} has {warships} warships but played {p.knights} knights")
        if len(s.players) < 4 and any(c == "victory-point" for c, _ in p.dev_cards):
            out.append(f"{p.name} holds a VP card in a 3-player game")
        if s.longest_holder >= 0 or s.army_holder >= 0:
            out.append("a Longest Road or Largest Army holder")
    if s.robber >= 0:
        out.append("a robber on the board")
    return out


def walk(seed: int, players: int, check: bool = True, cap: int = TURN_CAP) -> Walk:
    run = walk_game("pirate-islands", seed, players, cap=cap, pick=preferring(PREFERENCES),
                    problems=scenario_problems, check=check)
    g = run.game
    if g.over:
        assert g.winner is not None
        w = g.seat(g.winner)
        assert g.engine.rules.fortress_of(w)["chits"] == 0, "a winner without their fortress"
        assert g.vp(g.winner) >= 10
    taken = sum(1 for f in g.state.extra["fortresses"] if f["chits"] == 0)
    return Walk(seed, players, g.winner, g.state.turn, run.actions, run.capped, taken, run.seconds)


FAST = [(seed, 3 + seed % 2) for seed in range(10)]


@pytest.mark.parametrize("seed, players", FAST)
def test_a_biased_random_game_keeps_every_invariant(seed, players):
    result = walk(seed, players)
    assert result.winner is not None or result.capped


def test_biased_random_play_wins_some_games():
    results = [walk(seed, players, check=False) for seed, players in FAST]
    assert sum(r.winner is not None for r in results) >= 3
    assert sum(r.fortresses_taken for r in results) >= 5


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_three_hundred_random_games_keep_every_invariant(players):
    results = [walk(seed, players) for seed in range(300)]
    won = sum(r.winner is not None for r in results)
    capped = sum(r.capped for r in results)
    seconds = sum(r.seconds for r in results)
    print(f"\npirate-islands, {players} players: {won} of {len(results)} games won, {capped} capped "
          f"at {TURN_CAP} turns, {sum(r.fortresses_taken for r in results)} fortresses taken, "
          f"mean {sum(r.turns for r in results) / len(results):.0f} turns, {seconds:.0f} s")
    assert won + capped == len(results)
