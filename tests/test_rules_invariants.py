"""The invariant checker itself: a sound position passes, and each kind of corruption is
reported.  (The random walks rely on it, so it must be able to fail.)"""

from __future__ import annotations

import random

import pytest

from catan_cli import Game
from catan_cli.engine.invariants import check_invariants, longest_trail
from catan_cli.engine.state import CITY, ROAD, SETTLEMENT
from builds import pure_only

COLOURS = ["red", "blue", "white"]


def played_game(actions: int = 400, seed: int = 4) -> Game:
    rng = random.Random(seed)
    g = Game.new("base", players=COLOURS, seed=seed)
    for _ in range(actions):
        if g.over:
            break
        g.execute(rng.choice(g.legal_commands()))
    return g


def sandbox() -> Game:
    g = Game.new("base", players=COLOURS, seed=1, sandbox=True)
    g.execute("turn red")
    return g


def problems_after(g: Game, corrupt) -> list[str]:
    assert check_invariants(g) == []
    corrupt(g.state)
    return check_invariants(g)


def test_a_sound_position_has_no_problems():
    assert check_invariants(played_game()) == []


def test_a_resource_out_of_nowhere_is_reported():
    g = played_game()
    found = problems_after(g, lambda s: s.players[0].resources.__setitem__(4, s.players[0].resources[4] + 1))
    assert any(p.startswith("ore:") and "expected 19" in p for p in found)


def test_a_negative_count_is_reported():
    g = sandbox()
    def corrupt(s):
        s.bank[2] += 1
        s.players[1].resources[2] = -1
    assert any("blue holds -1 wool" in p for p in problems_after(g, corrupt))


def test_a_lost_development_card_is_reported():
    g = sandbox()
    assert any("cards: deck + hands + played" in p for p in problems_after(g, lambda s: s.deck.pop()))


def test_a_played_card_is_still_counted():
    g = sandbox()
    g.execute("draw red knight")
    g.execute("play knight")
    g.execute("robber L")
    assert check_invariants(g) == []
    assert g.state.players[0].played == {"knight": 1}


def test_a_piece_out_of_nowhere_is_reported():
    g = sandbox()
    def corrupt(s):
        s.edge_owner[0], s.edge_kind[0] = 0, ROAD    # a road not taken from the supply
    found = problems_after(g, corrupt)
    assert any("red roads: 1 on the board + 15 in supply, expected 15" in p for p in found)


def test_a_broken_distance_rule_is_reported():
    g = sandbox()
    g.execute("put settlement red 16")
    def corrupt(s):
        s.node_owner[16], s.node_kind[16] = 1, SETTLEMENT   # intersection 17, beside 16
        s.players[1].pieces["settlement"] -= 1
    assert any("distance rule" in p for p in problems_after(g, corrupt))


def test_a_stale_route_length_is_reported():
    g = sandbox()
    g.execute("put road red 16-17")
    assert any("recorded as 4, recomputed 1" in p for p in problems_after(g, lambda s: s.route_len.__setitem__(0, 4)))


def test_a_longest_road_holder_without_the_road_is_reported():
    g = sandbox()
    found = problems_after(g, lambda s: setattr(s, "longest_holder", 1))
    assert any("blue holds the longest road/route with only 0" in p for p in found)


def test_a_longest_road_left_unclaimed_is_reported():
    g = sandbox()
    for a in range(38, 44):
        g.execute(f"put road red {a}-{a + 1}")
    assert any("nobody holds the longest road/route" in p
               for p in problems_after(g, lambda s: setattr(s, "longest_holder", -1)))


def test_a_largest_army_holder_without_knights_is_reported():
    g = sandbox()
    assert any("largest army" in p for p in problems_after(g, lambda s: setattr(s, "army_holder", 2)))


def test_a_city_without_a_supply_change_breaks_the_piece_count():
    g = sandbox()
    g.execute("put settlement red 16")
    found = problems_after(g, lambda s: s.node_kind.__setitem__(15, CITY))
    assert any("red cities" in p for p in found) and any("red settlements" in p for p in found)


@pure_only
def test_a_wrong_vp_count_is_reported():
    g = sandbox()
    g.engine.vp = lambda seat, hidden=True: 7            # type: ignore[method-assign]
    assert any("7 VP by the engine" in p for p in check_invariants(g))


@pure_only
def test_scenario_invariants_are_included():
    g = sandbox()
    g.engine.rules.invariant_problems = lambda: ["the village ran out of cloth twice"]  # type: ignore[method-assign]
    assert "the village ran out of cloth twice" in check_invariants(g)


def test_a_road_joined_to_nothing_is_reported_outside_the_sandbox():
    g = played_game(60)
    free = next(e for e in range(g.engine.geo.n_edges)
                if g.engine.scen.edge_roadable[e] and g.state.edge_kind[e] == 0
                and all(g.state.edge_owner[x] != 0 and g.state.node_owner[n] != 0
                        for n in g.engine.geo.edge_nodes[e] for x in g.engine.geo.node_edges[n]))
    def corrupt(s):
        s.edge_owner[free], s.edge_kind[free] = 0, ROAD
        s.players[0].pieces["road"] -= 1
        s.route_len[0] = longest_trail(g.engine, 0)
    assert any("joined to none of their buildings" in p for p in problems_after(g, corrupt))


@pytest.mark.parametrize("seed", range(6))
def test_the_independent_longest_trail_agrees_with_the_engine(seed):
    g = played_game(actions=250 + 50 * seed, seed=seed)
    for seat in range(3):
        assert longest_trail(g.engine, seat) == g.engine.route_length(seat)
