"""Random walks through Cloth for Catan: whole games played to the end by uniformly random
legal actions, with every invariant checked after every action (issue 4).

Each game is seeded twice (the game's seed and the walker's ``random.Random``), so a failure
names the seed that reproduces it.  After every action:

* :func:`catan_cli.engine.invariants.check_invariants`: conservation of cards, pieces (ships
  included: 15 per player on the board or in supply), the distance rule, connections, the
  Longest Trade Route against a from-scratch search, Largest Army, VP, turn bookkeeping and
  the scenario's own invariants (cloth conservation);
* the checks below, written from the seed text and not from the engine's bookkeeping: 50
  cloth in all (8 villages of 5 and a supply of 10), villages between 0 and 5, traders each
  once, no building on and no road along a tribe island, the robber never on one, and the
  game over exactly when 3 or fewer villages hold cloth or the player on turn reached 14.

Three scenarios are walked: ``cloth-for-catan`` itself; ``trade-route-cloth``, the same
with the Longest Trade Route scored (B.12), so that the award's holder is checked against a
recomputation from the board after every action too; and ``trade-route-test``, the same map
without the scenario's hooks, with numbered gold fields on the tribe islands that players
may settle (B.11 gold picks in play).  The from-scratch trail search of the invariants is
memoised per board position (it is exponential and would otherwise dominate the walks); it
still runs afresh whenever a piece is placed, moved or upgraded.

The normal suite walks a fast slice; ``-m slow`` walks 300 seeds of each player count.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from catan_cli import Game
from catan_cli.engine.actions import Action, Event
from catan_cli.engine.state import CITY, ROAD, SETTLEMENT, SHIP
from sea_helpers import sea_rules
from walker import memo_trail, memoised_trails, walk_game

__all__ = ["memoised_trails", "sea_rules"]

TURN_CAP = 3000            # a walk stops when the turn counter passes this
TOTAL_CLOTH = 8 * 5 + 10
TRIBE = "tribe"


@dataclass
class Walk:
    scenario: str
    seed: int
    players: int
    winners: list[str]
    turns: int
    actions: int
    capped: bool
    early_end: bool
    gold_picks: int
    cloth_awarded: int
    ship_moves: int
    pirate_cloth: int
    route_holder_changes: int


pytestmark = pytest.mark.usefixtures("memoised_trails")


def cloth_problems(g: Game) -> list[str]:
    """The seed's invariants, recomputed from the plain state."""
    e, s, scen = g.engine, g.state, g.engine.scen
    out: list[str] = []
    if "villages" not in s.extra:
        return route_problems(g)
    villages = s.extra["villages"]
    held = [p.extra.get("cloth", 0) for p in s.players]
    total = sum(v["cloth"] for v in villages) + s.extra["cloth_supply"] + sum(held)
    if total != TOTAL_CLOTH:
        out.append(f"{total} cloth in the game, expected {TOTAL_CLOTH}")
    for v in villages:
        if not 0 <= v["cloth"] <= 5:
            out.append(f"village {v['node'] + 1} holds {v['cloth']} cloth")
        if len(set(v["traders"])) != len(v["traders"]):
            out.append(f"village {v['node'] + 1} lists a trader twice: {v['traders']}")
    if any(c < 0 for c in held) or s.extra["cloth_supply"] < 0:
        out.append("negative cloth")
    tribe_hexes = set(scen.areas.get(TRIBE, ()))
    for node, kind in enumerate(s.node_kind):
        if kind in (SETTLEMENT, CITY):
            land = [h for h in e.geo.node_hexes[node] if scen.is_land_hex[h]]
            if land and all(h in tribe_hexes for h in land):
                out.append(f"a building on the tribe island intersection {node + 1}")
    for x, kind in enumerate(s.edge_kind):
        if kind == ROAD and all(h in tribe_hexes or not scen.is_land_hex[h] for h in e.geo.edge_hexes[x]):
            out.append(f"a road along a tribe island on {e.geo.edge_name(x)}")
    if s.robber in tribe_hexes:
        out.append("the robber is on a tribe island")
    stocked = sum(1 for v in villages if v["cloth"] > 0)
    if s.phase != "over" and stocked <= 3:
        out.append(f"only {stocked} villages hold cloth but the game goes on")
    if s.phase == "over":
        by_vp = [w for w in s.winners if e.vp(w) >= 14]
        if stocked > 3 and not (len(s.winners) == 1 and by_vp):
            out.append(f"the game ended with {stocked} villages stocked and winners {s.winners}")
        if stocked <= 3 and not by_vp:
            best = max((e.vp(p), s.players[p].extra["cloth"]) for p in range(len(s.players)))
            expect = [p for p in range(len(s.players)) if (e.vp(p), s.players[p].extra["cloth"]) == best]
            if s.winners != expect:
                out.append(f"early end: winners {s.winners}, expected {expect}")
    return out + route_problems(g)


def route_problems(g: Game) -> list[str]:
    e, s, scen = g.engine, g.state, g.engine.scen
    out: list[str] = []
    if scen.rules.longest_route == "trade-route":
        lengths = [memo_trail(e, p) for p in range(len(s.players))]
        holder = s.longest_holder
        if holder >= 0 and (lengths[holder] < 5 or lengths[holder] < max(lengths)):
            out.append(f"{e.name(holder)} holds the trade route with {lengths[holder]} of {lengths}")
        if holder < 0 and max(lengths) >= 5 and lengths.count(max(lengths)) == 1:
            out.append(f"nobody holds the trade route though one player leads with {max(lengths)}")
    elif s.longest_holder >= 0:
        out.append("a Longest Trade Route holder in Cloth for Catan")
    for p in range(len(s.players)):
        if sum(1 for x, o in enumerate(s.edge_owner) if o == p and s.edge_kind[x] == SHIP) \
                + s.players[p].pieces["ship"] != 15:
            out.append(f"{e.name(p)} does not have 15 ships on the board and in supply")
    return out


def walk(seed: int, players: int, scenario: str = "cloth-for-catan", check: bool = True) -> Walk:
    """Play one game to the end (or the cap) with uniformly random legal actions."""
    tally = dict(moves=0, pirate_cloth=0, holder_changes=0, gold=0, awarded=0, holder=-1, cloth=0)

    def count(g: Game, action: Action, events: list[Event]) -> None:
        tally["moves"] += action.kind == "move-ship"
        tally["gold"] += action.kind == "choose-gold"
        tally["pirate_cloth"] += action.kind == "pirate" and action.args[2] == "cloth"
        cloth = sum(p.extra.get("cloth", 0) for p in g.state.players)
        tally["awarded"] += cloth - tally["cloth"]
        tally["cloth"] = cloth
        if g.state.longest_holder != tally["holder"]:
            tally["holder_changes"] += 1
            tally["holder"] = g.state.longest_holder

    run = walk_game(scenario, seed, players, cap=TURN_CAP, by_text=False, problems=cloth_problems, check=check,
                    on_step=count)
    g = run.game
    stocked = sum(1 for v in g.state.extra.get("villages", ()) if v["cloth"] > 0)
    return Walk(scenario, seed, players, [g.players[w] for w in g.state.winners], g.state.turn, run.actions,
                run.capped, g.over and "villages" in g.state.extra and stocked <= 3, tally["gold"],
                tally["awarded"], tally["moves"], tally["pirate_cloth"], tally["holder_changes"])


FAST = [(seed, 3 + seed % 2) for seed in range(6)]
FAST_TRADE_ROUTE = [(seed, 3 + seed % 2) for seed in range(100, 104)]
FAST_GOLD = [(seed, 3 + seed % 2) for seed in range(200, 202)]


@pytest.mark.parametrize("seed, players", FAST)
def test_random_cloth_game_keeps_every_invariant_to_the_end(seed: int, players: int) -> None:
    result = walk(seed, players)
    assert not result.capped and result.winners


@pytest.mark.parametrize("seed, players", FAST_TRADE_ROUTE)
def test_random_cloth_game_with_trade_route_keeps_every_invariant(sea_rules, seed: int, players: int) -> None:
    result = walk(seed, players, "trade-route-cloth")
    assert not result.capped and result.winners


@pytest.mark.parametrize("seed, players", FAST_GOLD)
def test_random_game_with_gold_fields_keeps_every_invariant(sea_rules, seed: int, players: int) -> None:
    result = walk(seed, players, "trade-route-test")
    assert not result.capped and result.winners and result.gold_picks > 0


def test_random_cloth_games_reach_villages_and_move_ships() -> None:
    results = [walk(seed, 3, check=False) for seed in range(20, 26)]
    assert sum(r.cloth_awarded for r in results) > 0
    assert sum(r.ship_moves for r in results) > 0
    assert any(r.early_end for r in results)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("scenario, games", [("cloth-for-catan", 300), ("trade-route-cloth", 300),
                                             ("trade-route-test", 300)])
def test_slow_random_cloth_walks_300_seeds(sea_rules, scenario: str, games: int, players: int) -> None:
    start = time.perf_counter()
    results = [walk(seed, players, scenario) for seed in range(games)]
    elapsed = time.perf_counter() - start
    capped = [r.seed for r in results if r.capped]
    early = sum(r.early_end for r in results)
    actions = sum(r.actions for r in results)
    print(f"\n{scenario}, {players} players: {games} games, {actions} actions in {elapsed:.1f}s "
          f"({actions / elapsed:.0f} checked actions/s); {early} early ends, "
          f"{games - early - len(capped)} at 14 VP, capped {capped}; "
          f"{sum(r.gold_picks for r in results)} gold picks, "
          f"{sum(r.ship_moves for r in results)} ship moves, "
          f"{sum(r.pirate_cloth for r in results)} cloth taken by the pirate, "
          f"{sum(r.route_holder_changes for r in results)} trade-route holder changes")
    assert not capped
