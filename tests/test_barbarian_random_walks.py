"""Random walks through Barbarian Attack: games played by uniformly random legal actions,
with every invariant checked after every action (issue 18).

After every action: :func:`check_invariants` (cards, pieces, the distance rule, connections,
Longest Road, VP, turn bookkeeping, declared state, and the package's own invariants), and
the checks below, recomputed from the plain state and the seed's counts rather than the
package's bookkeeping: 36 barbarians across the supply, the coastal hexes and the prisoners
(D.1); 26 cards across the deck, the discards and the card being resolved (D.2); at most 6
knights per player and one per path, on land paths only (D.9); no hex above 3 barbarians and
none off the coast (D.5, D.18.9); a building lies down exactly when every hex of it is sea or
conquered and none is inner, the castle or the desert (D.7); VP equal to standing
settlements + 2 per standing city + Longest Road + 1 per pair of prisoners (D.17).

Random players rarely reach 12 VP (invasions lay their coastal buildings down), so a walk
stops at a turn cap; the normal suite walks a few seeds, ``-m slow`` 300 seeds of 3 and 4
players.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from catan_cli import Game
from catan_cli.engine.actions import Action, Event
from catan_cli.engine.pieces import CITY, SETTLEMENT
from catan_cli.scenarios.barbarian_attack.coast import FALLEN_CITY, FALLEN_SETTLEMENT
from walker import memoised_trails, walk_game

__all__ = ["memoised_trails"]

SCENARIO = "barbarian-attack"
BARBARIANS, CARDS, KNIGHTS = 36, 26, 6


@dataclass
class Walk:
    seed: int
    players: int
    winners: list[str]
    turns: int
    actions: int
    capped: bool
    invasions: int
    battles_won: int
    prisoners: int
    cards: int
    knight_moves: int
    conquests: int


pytestmark = pytest.mark.usefixtures("memoised_trails")


def seed_problems(g: Game) -> list[str]:
    e, s, scen = g.engine, g.state, g.engine.scen
    geo = e.geo
    out: list[str] = []
    data = s.extra
    coast = [geo.hex_ids.index(h) for h in ("X", "Q", "K", "F", "G", "N", "U", "AA", "AF", "AE")]
    prisoners = sum(p.extra["prisoners"] for p in s.players)
    if data["barbarian_supply"] + sum(data["barbarians"]) + prisoners != BARBARIANS:
        out.append(f"barbarians: {data['barbarian_supply']} + {data['barbarians']} + {prisoners} != 36")
    if any(not 0 <= k <= 3 for k in data["barbarians"]) or len(data["barbarians"]) != len(coast):
        out.append(f"barbarian counts {data['barbarians']}")
    if len(data["deck"]) + len(data["discards"]) + len(data["in_play"]) != CARDS:
        out.append("the scenario deck does not hold 26 cards")
    if len(data["in_play"]) > 1:
        out.append(f"several cards in play: {data['in_play']}")
    paths: list[int] = []
    for p in s.players:
        mine = p.extra["knights"]
        if len(mine) > KNIGHTS:
            out.append(f"{p.name} has {len(mine)} knights out")
        paths += mine
    if len(paths) != len(set(paths)):
        out.append("two knights on one path")
    if any(not any(scen.is_land_hex[h] for h in geo.edge_hexes[x]) for x in paths):
        out.append("a knight at sea")
    conquered = {h for h, k in zip(coast, data["barbarians"]) if k >= 3}
    for node, kind in enumerate(s.node_kind):
        if kind == 0:
            continue
        hexes = geo.node_hexes[node]
        safe = any(scen.is_land_hex[h] and h not in coast for h in hexes)
        fallen = not safe and all(not scen.is_land_hex[h] or h in conquered for h in hexes)
        if fallen != (kind in (FALLEN_SETTLEMENT, FALLEN_CITY)):
            out.append(f"building on {node + 1} ({kind}) {'should' if fallen else 'should not'} lie down")
    for seat, p in enumerate(s.players):
        standing = sum(1 for o, k in zip(s.node_owner, s.node_kind) if o == seat and k == SETTLEMENT)
        cities = sum(1 for o, k in zip(s.node_owner, s.node_kind) if o == seat and k == CITY)
        vp = standing + 2 * cities + 2 * (s.longest_holder == seat) + p.extra["prisoners"] // 2
        if vp != e.vp(seat):
            out.append(f"{p.name}: {e.vp(seat)} VP, recomputed {vp}")
    return out


def walk(seed: int, players: int, cap: int, check: bool = True) -> Walk:
    tally = dict(invasions=0, won=0, cards=0, moves=0, conquests=0)

    def count(g: Game, action: Action, events: list[Event]) -> None:
        tally["invasions"] += sum(1 for ev in events if ev.kind == "invasion" and "calls the barbarians" in ev.text)
        tally["won"] += sum(1 for ev in events if ev.kind == "battle" and " beat " in ev.text)
        tally["conquests"] += sum(1 for ev in events if ev.kind == "conquest" and ev.seat < 0)
        tally["cards"] += action.kind == "buy-card"
        tally["moves"] += action.kind == "move-knight"

    run = walk_game(SCENARIO, seed, players, cap=cap, by_text=False, problems=seed_problems, check=check,
                    on_step=count)
    g = run.game
    return Walk(seed, players, [g.players[w] for w in g.state.winners], g.state.turn, run.actions, run.capped,
                tally["invasions"], tally["won"], sum(p.extra["prisoners"] for p in g.state.players),
                tally["cards"], tally["moves"], tally["conquests"])


FAST = [(seed, 3 + seed % 2) for seed in range(3)]


@pytest.mark.parametrize("seed, players", FAST)
@pytest.mark.rule("D.1", "D.2", "D.5", "D.7", "D.9", "D.17", "D.18.9")
def test_random_barbarian_game_keeps_every_invariant(seed: int, players: int) -> None:
    walk(seed, players, cap=250)


def test_random_barbarian_games_invade_fight_and_take_prisoners() -> None:
    results = [walk(seed, 3, cap=400, check=False) for seed in range(10, 13)]
    assert sum(r.invasions for r in results) > 0
    assert sum(r.battles_won for r in results) > 0
    assert sum(r.prisoners for r in results) > 0
    assert sum(r.knight_moves for r in results) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_slow_random_barbarian_walks_300_seeds(players: int) -> None:
    start = time.perf_counter()
    results = [walk(seed, players, cap=500) for seed in range(300)]
    elapsed = time.perf_counter() - start
    actions = sum(r.actions for r in results)
    capped = sum(r.capped for r in results)
    print(f"\nbarbarian-attack, {players} players: 300 games, {actions} actions in {elapsed:.1f}s "
          f"({actions / elapsed:.0f} checked actions/s); {300 - capped} won, {capped} at the 500-turn cap; "
          f"{sum(r.invasions for r in results)} invasions, {sum(r.conquests for r in results)} conquests, "
          f"{sum(r.battles_won for r in results)} battles won, {sum(r.prisoners for r in results)} prisoners, "
          f"{sum(r.cards for r in results)} cards, {sum(r.knight_moves for r in results)} knight moves")
    assert 300 - capped > 0
