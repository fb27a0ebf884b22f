"""The Pirate Islands' kept answers against a fresh recomputation, at every step of games.

The rules keep what they read of a seat's own pieces (the route, its end ships, warships,
whether a knight has a ship to turn) under the seat's board version, and each route, with
ship_reason's answers for it, by the ships and home buildings it was traced from: a ship
moved back and forth, a look-ahead or a restored game finds it again.  At every position of
seeded random games, what the playing game answers must equal what a copy (rules with
nothing kept) works out, for every path and every ship that might be lifted; and so must a
game restored from its save, and a position a look-ahead has just left.
"""

from __future__ import annotations

import random

import pytest

from catan_cli import Game
from catan_cli.scenarios.pirate_islands.rules import Rules

COLOURS = ["red", "blue", "white", "orange"]


def answers(rules: Rules, seat: int, edges: range) -> tuple[object, ...]:
    """Everything the legal moves and the fleet ask the rules of ``seat``'s pieces."""
    order, _ = rules.route(seat)
    lifted = [-1, *order[-2:]]
    return (rules.route(seat), rules.end_ships(seat), rules.warships(seat), rules.knight_reason(seat),
            rules.own_ship_candidates(seat), rules.ship_candidates(seat, list(edges)),
            [rules.route(seat, x) for x in lifted],
            [[rules.ship_reason(seat, e, x) for e in edges] for x in lifted])


def same_answers(g: Game, other: Game) -> None:
    edges = range(g.engine.geo.n_edges)
    for seat in range(g.engine.n):
        assert answers(g.engine.rules, seat, edges) == answers(other.engine.rules, seat, edges), seat


@pytest.mark.parametrize("players, seed", [(4, 11), (3, 12)])
def test_kept_answers_equal_a_fresh_copys_at_every_step(players: int, seed: int) -> None:
    g = Game.new("pirate-islands", players=COLOURS[:players], seed=seed)
    choose = random.Random(seed).choice
    for step in range(500):
        if g.over:
            break
        same_answers(g, g.copy())
        if step % 25 == 0:
            same_answers(g, Game.from_json(g.to_json()))
        g.execute(choose(g.legal_actions()))


def test_answers_after_a_look_ahead_are_the_positions_own() -> None:
    """A free ship tried in thought (road building's look-ahead) gives the seat new
    numbers meanwhile; once it is lifted the answers are the position's again."""
    g = Game.new("pirate-islands", players=COLOURS, seed=5)
    choose = random.Random(5).choice
    tried = 0
    for _ in range(600):
        if g.over:
            break
        e = g.engine
        seat = e.s.current
        free = e.rules.own_ship_candidates(seat)
        if free and e.s.players[seat].pieces["ship"] > 0:
            before = answers(e.rules, seat, range(e.geo.n_edges))
            with e.tentative_piece(seat, "ship", free[0]):
                during = e.rules.route(seat)
                assert during == g.copy().engine.rules.route(seat)
            assert answers(e.rules, seat, range(e.geo.n_edges)) == before
            same_answers(g, g.copy())
            tried += 1
        g.execute(choose(g.legal_actions()))
    assert tried > 20
