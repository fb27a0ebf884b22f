"""Barbarian Attack's listed moves against the full check, and its kept knight moves
against a fresh recomputation, at every step of seeded random games.

The scenario's verbs and decisions list their moves without the core checking each
candidate (``Verb.exact``, ``PendingKind.exact``): knight moves come from the layout's ends
of a move from each path and the knights on the board, kept while the knights, the turn's
moved knights and the mover's grain stay; gold exchanges, knight placements, Treason's and
Intrigue's answers from their own questions asked once.  Each list must be exactly the
candidates the full check allows, and the kept knight moves must equal what a new
``Knights`` (nothing kept), a copy and a game restored from its save work out.
"""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from catan_cli import Game
from catan_cli.engine.actions import Action
from catan_cli.scenarios.barbarian_attack.knights import Knights

COLOURS = ["red", "blue", "white", "orange"]
SCENARIO = "barbarian-attack"
SCENARIO_KINDS = ("move-knight", "exchange-gold", "place-knight", "move-barbarian", "capture-barbarian",
                  "accept-gold", "decline-gold")


def candidates(g: Game, seat: int) -> Iterator[Action]:
    """Every scenario move ``seat`` might try now, legal or not.  The knights' moves start
    on the seat's own paths, and a card's answers are tried only while its decision is
    open: the check refuses the others by its first question, before anything the
    listing reads."""
    e = g.engine
    asked = {item["kind"] for item in e.actionable_pending() if item["seat"] == seat}
    edges = range(e.geo.n_edges)
    hexes = range(len(e.s.numbers))
    for src in e.rules.knights.of(seat):
        for dst in edges:
            for paid in (0, 1):
                yield Action("move-knight", (src, dst, paid), seat)
    for r in range(5):
        yield Action("exchange-gold", (r,), seat)
    if "place-knight" in asked:
        yield from (Action("place-knight", (edge,), seat) for edge in edges)
    if "treason" in asked:
        yield from (Action("move-barbarian", (src, dst), seat) for src in [-1, *hexes] for dst in hexes)
    if "intrigue" in asked:
        yield from (Action("capture-barbarian", (h,), seat) for h in hexes)
    yield Action("accept-gold", (), seat)
    yield Action("decline-gold", (), seat)


def listed_equals_allowed(g: Game) -> int:
    """The scenario moves listed now are exactly the candidates the check allows (for the
    seat asked, or the seat on turn): how many were listed."""
    e = g.engine
    listed = [a for a in g.legal_actions(offers=True) if a.kind in SCENARIO_KINDS]
    seat = e.prompt_seat()
    allowed = [a for a in candidates(g, seat) if e.check(a) is None]
    assert sorted(listed) == sorted(allowed), (e.s.phase, e.s.pending[:1])
    assert len(set(listed)) == len(listed)
    return len(listed)


def kept_moves(g: Game, knights: Knights | None = None) -> list[tuple[object, ...]]:
    knights = knights or g.engine.rules.knights
    return [knights.moves(seat, grain) for seat in range(g.engine.n) for grain in (False, True)]


def fresh_moves(g: Game) -> list[tuple[object, ...]]:
    """The knight moves worked out by a new ``Knights`` of the same game (nothing kept)."""
    rules = g.engine.rules
    return kept_moves(g, Knights(rules.ctx, rules.lay))


def play(players: int, seed: int, steps: int) -> Iterator[tuple[int, Game]]:
    g = Game.new(SCENARIO, players=COLOURS[:players], seed=seed)
    choose = random.Random(seed).choice
    for step in range(steps):
        if g.over:
            break
        yield step, g
        g.execute(choose(g.legal_actions()))


@pytest.mark.rule("D.8", "D.10", "D.16")
@pytest.mark.parametrize("players, seed", [(4, 3), (3, 8)])
def test_listed_scenario_moves_are_exactly_those_the_check_allows(players: int, seed: int) -> None:
    listed = 0
    kinds: set[str] = set()
    for step, g in play(players, seed, 1200):
        if step % 4 == 0 or g.engine.s.pending:
            listed += listed_equals_allowed(g)
            kinds.update(a.kind for a in g.legal_actions() if a.kind in SCENARIO_KINDS)
    assert listed > 200
    assert {"move-knight", "exchange-gold", "place-knight"} <= kinds


@pytest.mark.rule("D.10")
@pytest.mark.parametrize("players, seed", [(4, 5), (3, 6)])
def test_kept_knight_moves_equal_a_fresh_copys_at_every_step(players: int, seed: int) -> None:
    moved = 0
    for step, g in play(players, seed, 1500):
        kept = kept_moves(g)
        assert kept == fresh_moves(g)
        if step % 100 == 0:
            assert kept == kept_moves(g.copy()) == kept_moves(Game.from_json(g.to_json()))
        moved += g.engine.s.phase == "main" and any(a.kind == "move-knight" for a in g.legal_actions())
    assert moved > 20


def test_a_knight_changed_outside_an_action_is_seen() -> None:
    """The kept knight moves follow the knights themselves, not the actions: a knight put
    on a path by hand (a test, a tool) closes that path at once."""
    for _, g in play(4, 5, 3000):
        e = g.engine
        seat = e.s.current
        moves = [a for a in g.legal_actions() if a.kind == "move-knight"]
        if e.s.phase == "main" and moves:
            break
    else:
        pytest.fail("no knight moves in the walk")
    blocked = moves[0].args[1]
    e.rules.ctx.player_data((seat + 1) % e.n)["knights"].append(blocked)
    after = e.rules.knights.moves(seat, e.s.players[seat].resources[3] > 0)
    assert all(a.args[1] != blocked for a in after)
    assert after == fresh_moves(g)[2 * seat + (e.s.players[seat].resources[3] > 0)]
