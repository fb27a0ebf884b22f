"""Random walks through the Legend's Chapter 2 (issue 12): whole games, 3 and 4 players.

A walker picks among ``g.legal_commands()`` with a bias toward what this chapter is about
(outposts, friend cards, bog iron, gold miners, chests, building); otherwise it plays
uniformly at random.  After every action the position must pass :func:`check_invariants`
(which includes the scenario's own: bog iron, gold-field tokens, Nyala, chests, chits and
friend cards conserved, miners on Gold Island) plus the checks below, from the plain state:

- the bog iron placed per pasture is on the pastures or taken out as ore, never below 0;
- 12 gold-field tokens (6 "2 miners", 6 "3 miners") face down or turned over; 16 chests;
- at most 3 gold miners on an intersection and 3 per player, on Gold Island;
- the gold-mining track: a player's chits are the chit spaces their marker passed;
- at most 5 ships, 1 outpost; VP the sum of its sources.

The normal suite plays a few seeds; ``-m slow`` plays 300 seeds with 3 and with 4 players.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from catan_cli import Game
from catan_cli.engine.state import CITY, SETTLEMENT, SHIP
from catan_cli.scenarios.legend.general import OUTPOST
from walker import prefer, walk_game

TURN_CAP = 500

PREFERENCES = [
    ("move miner", 0.8),
    ("build miner", 0.9),
    ("build outpost", 0.95),
    ("bog ore", 0.7),
    ("open chest", 0.7),
    ("build city", 0.9),
    ("build settlement", 0.9),
    ("build ship", 0.8),
    ("gerhild", 0.5),
    ("isa", 0.3),
    ("nyala", 0.3),
    ("reiko", 0.5),
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
    gold: int
    turned: int
    seconds: float


def scenario_problems(g: Game) -> list[str]:
    e, s = g.engine, g.state
    out = []
    placed = s.extra["bog_iron_placed"]
    pastures = s.extra["bog_iron"]
    if any(not 0 <= k <= placed for _, k in pastures) \
            or sum(k for _, k in pastures) + s.extra["bog_iron_used"] != placed * len(pastures):
        out.append(f"bog iron {pastures} + {s.extra['bog_iron_used']} used, {placed} placed on each")
    tokens = s.extra["gold_fields"] + s.extra["gold_fields_turned"]
    if sorted(t[1] for t in tokens) != [2] * 6 + [3] * 6:
        out.append(f"gold-field tokens not 6 + 6: {tokens}")
    chests = (len(s.extra["chests"]) + len(s.extra["chests_aside"]) + len(s.extra["chests_used"])
              + sum(len(p.extra["chests"]) for p in s.players))
    if chests != 16:
        out.append(f"{chests} chests, not 16")
    on_node: dict[int, int] = {}
    spaces = e.scen.params["gold_track_chits"]
    for seat, p in enumerate(s.players):
        miners = p.extra["gold_miners"]
        if len(miners) > 3:
            out.append(f"{p.name} has {len(miners)} gold miners")
        for n, _ in miners:
            on_node[n] = on_node.get(n, 0) + 1
        passed = sum(1 for c in spaces if c <= p.extra["gold"])
        if p.extra["chits"] != passed and s.extra["chits_left"] > 0:
            out.append(f"{p.name} has {p.extra['chits']} chits for {passed} chit spaces passed")
        ships = (sum(1 for x, o in enumerate(s.edge_owner) if o == seat and s.edge_kind[x] == SHIP)
                 + s.shared_ships.count(seat))
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
    out += [f"{k} gold miners on {n + 1}" for n, k in on_node.items() if k > 3]
    return out


def choose(g: Game, commands: list[str], rng: random.Random) -> str:
    # miners walk to the gold-field tokens, as players would, so that panning happens
    fields = {f"to {n + 1}" for n, _, _ in g.state.extra["gold_fields"]}
    towards = [c for c in commands if c.startswith("move miner") and c[c.index(" to "):].strip() in fields]
    if towards and rng.random() < 0.9:
        return rng.choice(towards)
    return prefer(commands, rng, PREFERENCES)


def walk(seed: int, players: int, check: bool = True, cap: int = TURN_CAP) -> Walk:
    run = walk_game("legend-2", seed, players, cap=cap, pick=choose, problems=scenario_problems, check=check)
    g = run.game
    if g.over:
        assert g.winner is not None and g.vp(g.winner) >= 12
    gold = sum(p.extra["gold"] for p in g.state.players)
    return Walk(seed, players, g.winner, g.state.turn, run.actions, run.capped, gold,
                len(g.state.extra["gold_fields_turned"]), run.seconds)


FAST = [(seed, 3 + seed % 2) for seed in range(4)]


@pytest.mark.parametrize("seed, players", FAST)
def test_a_biased_random_game_of_chapter_2_keeps_every_invariant(seed, players):
    result = walk(seed, players)
    assert result.winner is not None or result.capped


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_three_hundred_random_games_of_chapter_2_keep_every_invariant(players):
    results = [walk(seed, players) for seed in range(300)]
    won = sum(r.winner is not None for r in results)
    capped = sum(r.capped for r in results)
    seconds = sum(r.seconds for r in results)
    print(f"\nlegend-2, {players} players: {won} of {len(results)} games won, {capped} capped "
          f"at {TURN_CAP} turns, {sum(r.turned for r in results)} gold-field tokens turned, "
          f"{sum(r.gold for r in results)} gold panned, "
          f"mean {sum(r.turns for r in results) / len(results):.0f} turns, {seconds:.0f} s")
    assert won + capped == len(results)
    assert sum(r.turned for r in results) >= len(results) // 10  # panning is walked through
