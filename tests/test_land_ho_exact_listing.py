"""Land Ho!'s exact listings against the full check, and its kept tables against a fresh
working-out, at every step of seeded random games with 2, 3 and 4 players.

Every Land Ho! verb lists its moves without the core checking each candidate
(``Verb.exact``; the gold offer's answers ``PendingKind.exact``): each generator asks its
check's general questions once (the turn and phase, the price, the supply) and then walks
the seat's own ships, harbour settlements and settlements.  Each listing must be exactly the
candidates the full check allows.  The ships' reachable routes come from a breadth-first
walk over the sea steps table (integer adjacency kept with the map, replaced by a
discovery), kept while the ships stand still; they must equal a walk over the board's own
geometry, and a copy and a restored save must list the same moves.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from typing import Any, Iterator

import pytest

from catan_cli import Game
from catan_cli.engine.actions import Action
from catan_cli.engine.geometry import EDGE_LAND, UNEXPLORED
from catan_cli.scenarios.land_ho.rules import Rules

COLOURS = ["red", "blue", "white", "orange"]
SCENARIO = "land-ho"
#: every action kind of the scenario's own, answers to its gold offer included
KINDS = frozenset({"sail", "launch-ship", "sail-ship", "buy-points", "load-settler", "unload-settler",
                   "drop-cargo", "found-settlement", "build-harbor", "build-settler", "buy-gold",
                   "gold-for-resource", "gold-offer", "accept-gold", "decline-gold"})


def rules_of(g: Game) -> Rules:
    rules = g.engine.rules
    assert isinstance(rules, Rules)
    return rules


def one_for_one_gold_offers(g: Game, seat: int) -> Iterator[Action]:
    """Every offer of 1 gold for 1 card or 1 card for 1 gold, to every seat (the seat
    itself too: the check refuses it)."""
    for target in range(g.engine.n):
        for r in range(5):
            card = tuple(1 if i == r else 0 for i in range(6))
            coin = (0, 0, 0, 0, 0, 1)
            yield Action("gold-offer", (target, coin, card), seat)
            yield Action("gold-offer", (target, card, coin), seat)


def candidates(g: Game, seat: int) -> Iterator[Action]:
    """Every Land Ho! move ``seat`` might try now, legal or not: each path and intersection
    of the map for the verbs that name one; a ship taken off to be rebuilt is any ship on
    the board (or none), a ship moved starts on one of the seat's own."""
    e = g.engine
    rules = rules_of(g)
    edges = range(e.geo.n_edges)
    nodes = range(e.geo.n_nodes)
    yield Action("sail", (), seat)
    lifted = sorted({-1} | {sh["edge"] for sh in rules.ships})
    yield from (Action("launch-ship", (edge, f), seat) for edge in edges for f in lifted)
    for src in sorted({sh["edge"] for sh in rules.own_ships(seat)}):
        yield from (Action("sail-ship", (src, dst), seat) for dst in edges)
    for kind in ("buy-points", "load-settler", "unload-settler"):
        yield from (Action(kind, (edge,), seat) for edge in edges)
    for kind in ("drop-cargo", "build-settler"):
        yield from (Action(kind, ("ship", edge), seat) for edge in edges)
        yield from (Action(kind, ("basin", node), seat) for node in nodes)
    yield from (Action("found-settlement", (node,), seat) for node in nodes)
    yield from (Action("build-harbor", (node,), seat) for node in nodes)
    yield from (Action("buy-gold", (r,), seat) for r in range(5))
    yield from (Action("gold-for-resource", (r,), seat) for r in range(5))
    yield from one_for_one_gold_offers(g, seat)
    yield Action("accept-gold", (), seat)
    yield Action("decline-gold", (), seat)


def listed_equals_allowed(g: Game) -> list[Action]:
    """The scenario moves listed now (open offers included) are exactly the candidates the
    check allows, for the seat asked or the seat on turn; returns them."""
    e = g.engine
    listed = [a for a in g.legal_actions(offers=True) if a.kind in KINDS]
    allowed = [a for a in candidates(g, e.prompt_seat()) if e.check(a) is None]
    # each move once: a rebuilt ship is named by its route, so two of the seat's ships on
    # one route are one move
    assert sorted(listed) == sorted(allowed), (e.s.phase, e.s.pending[:1])
    return listed


def fresh_reachable(g: Game, ship: dict[str, Any], points: int) -> dict[int, int]:
    """The sea routes a ship can end on with ``points``, and their cost, worked out from the
    board's geometry and terrain alone (C.3, C.6): one point a step along sea routes, no
    step on from a route touching a face-down hex, no end on a route holding 2 other ships."""
    e = g.engine
    geo, s = e.geo, e.s
    sea = [k != EDGE_LAND for k in e.scen.edge_kind]

    def touches_face_down(edge: int) -> bool:
        return any(s.terrain[h] == UNEXPLORED for x in geo.edge_nodes[edge] for h in geo.node_hexes[x])

    src = ship["edge"]
    dist = {src: 0}
    queue = deque([src])
    while queue:
        edge = queue.popleft()
        if dist[edge] >= points or (edge != src and touches_face_down(edge)):
            continue
        for x in geo.edge_nodes[edge]:
            for f in geo.node_edges[x]:
                if f not in dist and sea[f]:
                    dist[f] = dist[edge] + 1
                    queue.append(f)
    others = Counter(sh["edge"] for sh in s.extra["ships"] if sh["id"] != ship["id"])
    return {edge: d for edge, d in dist.items() if edge != src and others[edge] < 2}


def kept_equals_fresh(g: Game) -> None:
    """The sea steps table is the map's as it is now; every ship's kept reachable routes
    (for its points left, and for a whole turn's) equal a fresh search; the kept fleets
    equal a fresh grouping of the ships."""
    e = g.engine
    rules = rules_of(g)
    steps, stops = rules.sea_steps()
    assert steps == rules._sea_steps()[0] and stops == rules._sea_steps()[1]
    assert list(stops) == [rules.touches_unexplored(edge) >= 0 for edge in range(e.geo.n_edges)]
    for ship in rules.ships:
        for points in {rules.points_left(ship), rules.points, rules.points + rules.wool_points}:
            if points > 0:
                assert rules.reachable(ship, points) == fresh_reachable(g, ship, points), (ship, points)
    for seat in range(e.n):
        fleet: dict[int, list[dict[str, Any]]] = {}
        for sh in rules.ships:
            if sh["owner"] == seat:
                fleet.setdefault(sh["edge"], []).append(sh)
        assert rules.own_fleet(seat) == dict(sorted(fleet.items()))
        assert list(rules.own_fleet(seat)) == sorted(fleet)


def play(players: int, seed: int, steps: int) -> Iterator[tuple[int, Game]]:
    g = Game.new(SCENARIO, players=COLOURS[:players], seed=seed)
    choose = random.Random(seed).choice
    for step in range(steps):
        if g.over:
            break
        yield step, g
        moves = g.legal_actions()
        # now and then an open gold offer, so its answers are listed too
        offers = [a for a in g.legal_actions(offers=True) if a.kind == "gold-offer"] if step % 7 == 0 else []
        g.execute(choose(offers or moves))


def test_every_land_ho_verb_and_decision_is_declared_exact() -> None:
    g = Game.new(SCENARIO, players=COLOURS[:3], seed=1)
    e = g.engine
    scenario_verbs = [v for v in e.verbs.values() if v.kind in KINDS and not v.answers]
    assert scenario_verbs and all(v.exact for v in scenario_verbs)
    assert e.pending_kinds["gold-offer"].exact


@pytest.mark.rule("C.3.1", "C.4", "C.5", "C.6", "C.7", "C.8", "C.9")
@pytest.mark.parametrize("players, seed", [(2, 11), (3, 6), (4, 23)])
def test_listed_land_ho_moves_are_exactly_those_the_check_allows(players: int, seed: int) -> None:
    seen: Counter[str] = Counter()
    for step, g in play(players, seed, 300):
        if step % 2 == 0 or g.engine.s.pending:
            seen.update(a.kind for a in listed_equals_allowed(g))
    # the walk met the verbs it is about, so the comparison saw them listed
    assert {"sail", "sail-ship", "buy-gold", "gold-offer"} <= set(seen), seen


@pytest.mark.rule("C.3.1", "C.6")
@pytest.mark.parametrize("players, seed", [(2, 5), (4, 8)])
def test_kept_sea_steps_routes_and_fleets_equal_a_fresh_working_out(players: int, seed: int) -> None:
    discovered = 0
    for _step, g in play(players, seed, 400):
        kept_equals_fresh(g)
        discovered = sum(t != UNEXPLORED for t in g.engine.s.terrain)
    before = sum(t != UNEXPLORED for t in Game.new(SCENARIO, players=COLOURS[:players], seed=seed).engine.s.terrain)
    assert discovered > before, "no hex was discovered: the map's table was never replaced"


@pytest.mark.rule("C.6")
def test_a_copy_and_a_restored_save_list_what_the_game_lists() -> None:
    """Kept answers belong to their game: a copy and a game restored from the save, which
    keep nothing yet, list the same moves at every few steps."""
    for step, g in play(3, 17, 240):
        if step % 10 == 0:
            listed = g.legal_actions(offers=True)
            assert Game.from_json(g.to_json()).legal_actions(offers=True) == listed
            assert g.copy().legal_actions(offers=True) == listed


@pytest.mark.rule("C.6")
def test_with_all_ships_out_a_ship_on_a_full_route_is_listed_for_rebuilding_there_only() -> None:
    """Red's three ships: two on 22-23 (full), the settler ship on 23-24, both beside its
    harbour settlement on 23.  Taking one off 22-23 leaves room there; taking the one on
    23-24 off leaves 22-23 full."""
    g = Game.new(SCENARIO, players=COLOURS, seed=5, sandbox=True)
    g.execute("turn red")
    g.execute("give red 3 lumber 3 wool")
    g.execute("build ship 22-23")
    g.execute("build ship 22-23")
    listed = [g.engine.edge_text(a.args[0]) + " replacing " + g.engine.edge_text(a.args[1])
              for a in listed_equals_allowed(g) if a.kind == "launch-ship"]
    assert sorted(listed) == ["22-23 replacing 22-23", "23-24 replacing 22-23", "23-24 replacing 23-24"]


@pytest.mark.rule("C.6")
def test_two_ships_on_one_route_make_one_rebuild_move_listed_once() -> None:
    """Red's two ships on 22-23 (and the settler ship on 23-24), all out: taking either off
    22-23 to rebuild on 23-24 is one move, 'build ship 23-24 replacing 22-23', listed once
    and judged the same typed."""
    g = Game.new(SCENARIO, players=COLOURS, seed=5, sandbox=True)
    g.execute("turn red")
    g.execute("give red 3 lumber 3 wool")
    g.execute("build ship 22-23")
    g.execute("build ship 22-23")
    e = g.engine
    rules = rules_of(g)
    assert sorted(e.edge_text(sh["edge"]) for sh in rules.own_ships(e.s.current)) == ["22-23", "22-23", "23-24"]
    moves = [e.edge_text(a.args[0]) + " replacing " + e.edge_text(a.args[1])
             for a in g.legal_actions() if a.kind == "launch-ship"]
    assert moves.count("23-24 replacing 22-23") == 1
    assert moves.count("22-23 replacing 22-23") == 1
    assert e.check(g.parse("build ship 23-24 replacing 22-23")) is None
    g.execute("build ship 23-24 replacing 22-23")
    assert sorted(e.edge_text(sh["edge"]) for sh in rules.own_ships(e.s.current)) == ["22-23", "23-24", "23-24"]
