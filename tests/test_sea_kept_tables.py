"""The sea maps' kept tables against a fresh recomputation, at every step of long games.

The ship work is kept between positions (end ships under a seat's own pieces, targets and
moves under the board, the Pirate Islands' route and its end under the seat's pieces, the
last move list for the rest of a turn, the harbours' rates under the intersections) and found by shortcuts (targets from the seat's own
ships, a lifted end ship read off the whole route).  At every position of seeded random
games of every scenario with ships, what the playing engine answers must equal what a copy
(an engine with nothing kept) works out afresh, and the shortcuts must equal the long way.
"""

from __future__ import annotations

import random

import pytest

from catan_cli import Game
from catan_cli.engine.rulebook import ScenarioRules

COLOURS = ["red", "blue", "white", "orange"]
SHIP_SCENARIOS = ["pirate-islands", "cloth-for-catan", "legend-1", "legend-2", "legend-3", "legend-4", "land-ho"]
# road building's look-ahead is the same code on every map: the base game's too
ROAD_BUILDING_SCENARIOS = ["base", "cloth-for-catan"]


def compare_every_step(scenario: str, seed: int, steps: int, players: int = 4) -> int:
    """Play ``steps`` random decisions; before each, compare the kept tables with a fresh
    engine's.  Returns how many positions had ship moves to compare."""
    g = Game.new(scenario, players=COLOURS[:players], seed=seed)
    choose = random.Random(seed).choice
    with_moves = 0
    for _ in range(steps):
        if g.over:
            break
        e = g.engine
        copy = g.copy()
        fresh = copy.engine
        # the whole list first: the game path's answer, its kept parts included
        assert g.legal_actions() == copy.legal_actions()
        for seat in range(e.n):
            assert e.movable_ships(seat) == fresh.movable_ships(seat), seat
            # the end ships found in one pass, against each route's own (the long way)
            by_route: set[int] = set()
            for x in e.route_edges(seat):
                if e.is_ship(x, seat):
                    by_route.update(e.route_end_ships(seat, x)[2])
            assert sorted(fresh._all_end_ships(seat)) == sorted(by_route), seat
            assert e.ship_targets(seat) == fresh._ship_targets_by_candidates(seat), seat
            # the harbours' rates, kept while the intersections stay (ships move under them)
            assert e.harbor_rates(seat) == fresh.harbor_rates(seat), seat
        s = e.s
        if s.phase == "main" and not s.pending and e.scen.rules.ship_move and not s.ship_moved:
            moves = e.ship_moves(s.current)
            assert moves == fresh.ship_moves(s.current)
            with_moves += bool(moves)
        if s.phase == "main" and not s.pending:
            seat = s.current
            # road building's options: kept, and (general rules) the look-ahead that judges
            # only the paths a first piece touches, against the one that judges them all
            assert e.road_building_options(seat) == fresh.road_building_options(seat)
            if e.rules.__class__.ship_reason is ScenarioRules.ship_reason and not s.shared_ships:
                assert (e._road_building_look_ahead(seat, True, None)
                        == e._road_building_look_ahead(seat, False, None))
        if scenario == "pirate-islands":
            rules, copied = e.rules, g.copy().engine      # a scenario's rules reach their engine weakly
            again = copied.rules
            for seat in range(e.n):
                assert rules.route(seat) == again._trace_route(seat, -1)
                for src in e.movable_ships(seat):
                    assert rules.route(seat, src) == again._trace_route(seat, src)
                assert rules._frontier(seat) == again._frontier(seat)
        g.execute(choose(g.legal_actions()))
    return with_moves


@pytest.mark.parametrize("scenario", SHIP_SCENARIOS)
def test_kept_ship_tables_equal_a_fresh_recomputation_at_every_step(scenario: str) -> None:
    moved = compare_every_step(scenario, 3, 400)
    # Land Ho!'s ships sail by its own movement rules, not B.7: the whole lists still agree.
    if Game.new(scenario, players=COLOURS, seed=3).engine.scen.rules.ships:
        assert moved > 0


@pytest.mark.parametrize("scenario", ROAD_BUILDING_SCENARIOS)
def test_road_building_judging_only_the_paths_a_piece_touches_finds_every_placement(scenario: str) -> None:
    """With every seat holding road building at every main-phase position (a card dealt in
    thought), the short look-ahead lists what the long one lists, in the same order."""
    g = Game.new(scenario, players=COLOURS, seed=8)
    choose = random.Random(8).choice
    compared = 0
    for _ in range(600):
        if g.over:
            break
        e, s = g.engine, g.engine.s
        if s.phase == "main" and not s.pending:
            for seat in range(e.n):
                short = e._road_building_look_ahead(seat, True, None)
                assert short == e._road_building_look_ahead(seat, False, None)
                compared += bool(short)
        g.execute(choose(g.legal_actions()))
    assert compared > 100


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SHIP_SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kept_ship_tables_equal_a_fresh_recomputation_in_long_games(scenario: str, seed: int) -> None:
    compare_every_step(scenario, seed, 3000, players=3 if seed == 2 else 4)


def test_a_ship_built_last_turn_may_move_though_nothing_changed_since() -> None:
    """The move list kept for the rest of a turn is not carried into the seat's next turn:
    a ship built this turn cannot move (B.7.3), but at the seat's next turn it can, even
    when no piece was placed or moved in between (here the turn is simply moved on)."""
    g = Game.new("cloth-for-catan", players=COLOURS, seed=5)
    choose = random.Random(5).choice
    checked = 0
    while not g.over and checked < 3:
        e, s = g.engine, g.engine.s
        builds = [a for a in g.legal_actions() if a.kind == "build-ship"] if s.phase == "main" else []
        if not builds or s.ship_moved or not e.movable_ships(s.current):
            g.execute(choose(g.legal_actions()))
            continue
        seat, edge = s.current, builds[-1].args[0]
        g.execute(builds[-1])
        assert all(a.args[0] != edge for a in g.legal_actions() if a.kind == "move-ship")
        state = g.state             # the seat's next turn, the board as it is
        state.turn += 1
        state.built_this_turn = []
        assert g.legal_actions() == g.copy().legal_actions()
        if edge in e.movable_ships(seat):
            assert any(a.args[0] == edge for a in g.legal_actions() if a.kind == "move-ship")
            checked += 1
        g.execute(choose(g.legal_actions()))
    assert checked == 3
