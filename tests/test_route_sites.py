"""Where a road or a moved piece may go, worked out the quick way, equals the full reasons.

A seat's route pieces are kept while its pieces stay (a shared path's second ship
included, E.0.2).  The build listing's road sites are a yes/no of the general rules (no refusal worded), the
scenario's road rule asked only of a path they allow, a path beside a face-down hex left
out; a listing of a piece's moves (Olaf's roads in the Legend) lifts the piece once for
every path it may go to; the Road Building card's placements are kept while the pieces,
the pirate and the supply stay where the road and ship rules read the pieces alone.  At every step of random games where a scenario has a road rule
or face-down hexes, each must equal the whole reason asked path by path.
"""

from __future__ import annotations

import random

import pytest

from catan_cli import Game
from catan_cli.engine.pieces import ROAD

COLOURS = ["red", "blue", "white", "orange"]


def reasons_allow(g: Game, seat: int) -> frozenset[int]:
    """The candidate paths where road_edge_reason, words and all, refuses nothing."""
    e = g.engine
    return frozenset(x for x in e.candidate_route_edges(seat) if e.road_edge_reason(seat, x) is None)


def every_route_edge(g: Game, seat: int) -> list[int]:
    """The paths holding a road or ship of ``seat``'s, a shared path's second ship included,
    read from the whole table."""
    s = g.engine.s
    return [x for x in range(len(s.edge_owner))
            if s.edge_owner[x] == seat or (bool(s.shared_ships) and s.shared_ships[x] == seat)]


@pytest.mark.rule("A.7", "B.4.3", "E.0.2")
@pytest.mark.parametrize("scenario, seed, steps", [("legend-1", 3, 500), ("legend-2", 4, 500), ("legend-3", 5, 500),
                                                   ("legend-4", 3, 1000), ("land-ho", 7, 500),
                                                   ("barbarian-attack", 8, 500)])
def test_the_road_sites_and_a_lifted_pieces_paths_equal_the_whole_reasons(scenario: str, seed: int, steps: int) -> None:
    g = Game.new(scenario, players=COLOURS, seed=seed)
    choose = random.Random(seed).choice
    e = g.engine
    sites = lifted = by_rule = shared = building = 0
    for step in range(steps):
        if g.over:
            break
        for seat in range(e.n):
            assert e.route_edges(seat) == every_route_edge(g, seat), (scenario, e.s.turn, seat)
        shared += bool(e.s.shared_ships) and max(e.s.shared_ships) >= 0
        if e.s.phase == "main" and not e.s.pending:
            ctx = e.rules.ctx
            for seat in range(e.n):
                assert e._road_sites(seat) == reasons_allow(g, seat), (scenario, e.s.turn, seat)
                sites += 1
                by_rule += sum(1 for x in e.candidate_route_edges(seat)
                               if "spice island" in (e.road_edge_reason(seat, x) or ""))
                edges = ctx.candidate_route_edges(seat)
                before = e.s.to_json()
                for src in ctx.route_edges(seat)[:3]:
                    piece = "road" if e.s.edge_kind[src] == ROAD else "ship"
                    one_by_one = [x for x in edges if ctx.free_route_reason(seat, piece, x, lifted=src) is None]
                    assert ctx.free_route_paths(seat, piece, edges, src) == one_by_one, (scenario, e.s.turn, src)
                    lifted += 1
                assert e.s.to_json() == before          # every piece lifted in thought is back
            if step % 4 == 0:
                # the Road Building card's placements, kept under the pieces, equal a fresh look-ahead
                seat = e.s.current
                kept = e.road_building_options(seat)
                assert kept == e._road_building_look_ahead(seat, False, None), (scenario, e.s.turn)
                assert e.road_building_options(seat) == kept
                building += bool(kept)
        g.execute(choose(g.legal_actions()))
    assert sites > 20 and lifted > 20 and building > 5, "the game met too few positions to compare"
    if scenario in ("legend-1", "legend-4"):
        assert shared > 50, "no path held two ships: the test saw too little"
    if scenario == "legend-4":
        assert by_rule, "no road site refused by Chapter 4's spice islands: the test saw too little"


@pytest.mark.rule("A.7", "C.7")
def test_a_road_site_beside_a_face_down_hex_is_left_out_as_its_reason_refuses() -> None:
    g = Game.new("land-ho", players=COLOURS[:3], seed=7, sandbox=True)
    g.execute("turn red")
    g.execute("put settlement red 9")
    e = g.engine
    beside = e.geo.edge_between(8, 9)            # path 9-10 runs beside a face-down hex
    assert "undiscovered" in (e.road_edge_reason(0, beside) or "")
    assert beside in e.candidate_route_edges(0) and beside not in e._road_sites(0)
    assert e._road_sites(0) == reasons_allow(g, 0) != frozenset()


@pytest.mark.rule("A.6", "F.0.5")
@pytest.mark.parametrize("scenario, seed", [("legend-1", 31), ("legend-2", 32), ("legend-3", 33), ("legend-4", 34),
                                            ("cloth-for-catan", 35), ("barbarian-attack", 36), ("pirate-islands", 37)])
def test_the_set_up_settlement_sites_equal_the_whole_reasons(scenario: str, seed: int) -> None:
    """Set-up lists the settlement sites as a yes/no of the general rules, a reserved
    intersection asked whole and the scenario's settlement rule only where the general
    rules allow: each listing equals settlement_site_reason asked of every intersection."""
    g = Game.new(scenario, players=COLOURS, seed=seed)
    choose = random.Random(seed).choice
    e = g.engine
    listings = 0
    while e.s.phase == "setup" and not g.over:
        if e.s.setup_step == "settlement" and not e.s.pending:
            seat = e.s.setup_order[0]
            kinds = {"build-settlement", "build-city"}
            listed = [a.args[0] for a in g.legal_actions() if a.kind in kinds]
            whole = [x for x in range(e.geo.n_nodes)
                     if e.scen.node_settleable[x] and e.settlement_site_reason(seat, x, True) is None]
            assert listed == whole, (scenario, seat)
            listings += 1
        g.execute(choose(g.legal_actions()))
    assert listings >= 8
