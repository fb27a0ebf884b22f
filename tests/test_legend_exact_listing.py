"""The Legend's exact listings against the full check, at every few steps of seeded random
games (Land Ho!'s: ``test_land_ho_exact_listing.py``).

Its friend verbs, spice cashing and most decisions list their
moves without the core checking each candidate (``Verb.exact``, ``PendingKind.exact``):
a friend verb asks no candidate while its friend cannot help now, and the decisions'
answers leave out what the bank cannot give.  Each listing must be exactly the candidates
the full check allows.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import Iterator

import pytest

from catan_cli import Game
from catan_cli.engine.actions import Action
from catan_cli.scenarios.legend.chapter4.spices import SPICES
from catan_cli.scenarios.legend.friends import FRIENDS

COLOURS = ["red", "blue", "white", "orange"]
#: the answers to the Legend's own decisions (the general ones are listed by the core)
ANSWERS = ("choose-friend", "oda", "lea-take", "lea-discard", "salvage", "retreat", "harbor", "choose-resource")


def exact_kinds(g: Game) -> set[str]:
    """The scenario's action kinds listed without a check of each: its exact verbs, and the
    answers to its exact decisions."""
    e = g.engine
    kinds = {v.kind for v in e.verbs.values() if v.exact}
    return kinds | {v.kind for v in e.verbs.values() if v.kind in ANSWERS and e.pending_kinds[v.answers].exact}


def candidates(g: Game, seat: int, kinds: set[str]) -> Iterator[Action]:
    """Every move of those kinds ``seat`` might try now, legal or not."""
    e = g.engine
    rules = e.rules
    edges = range(e.geo.n_edges)
    five = range(5)
    pairs = [(a, b) for a in five for b in range(a, 5)]
    simple = {
        "jerok": [()], "lea": [()],
        "nyala": [(r,) for r in range(-1, 5)],
        "hakon": [(a, b) for a in five for b in five],
        "lias": [(p,) for p in range(-1, e.n)],
        "gerhild": [(pair,) for pair in pairs],
        "lea-take": [(pair,) for pair in pairs],
        "oda": [(r,) for r in range(-1, 5)],
        "salvage": [(r,) for r in five],
        "harbor": [(r,) for r in five],
        "choose-resource": [(r,) for r in five],
        "choose-friend": [(name,) for name in FRIENDS],
    }
    for kind, args in simple.items():
        if kind in kinds:
            yield from (Action(kind, a, seat) for a in args)
    if "lea-discard" in kinds:
        yield from (Action("lea-discard", (c,), seat) for c in range(len(rules.card_names())))
    if "olaf" in kinds:
        yield from rules.legal_olaf(seat)       # the unfiltered roads and moves
    if "isa" in kinds:
        yield from rules.legal_isa(seat)
    if "cash-spices" in kinds:
        count = e.verbs["cash-spices"].legal.__self__.cash_count      # the chapter's spice rules
        yield from (Action("cash-spices", (combo,), seat)
                    for combo in combinations_with_replacement(range(len(SPICES)), count))
    if "retreat" in kinds:
        tied = next((it for it in e.s.pending if it["kind"] == "battle-tied" and it["seat"] == seat), None)
        yield from (Action("retreat", (dst,), seat) for dst in edges if tied is None or dst != tied["edge"])


def listed_equals_allowed(g: Game, kinds: set[str]) -> list[Action]:
    """The exactly listed moves now are exactly the candidates the check allows (for the
    seat asked, or the seat on turn); returns them."""
    e = g.engine
    listed = [a for a in g.legal_actions(offers=True) if a.kind in kinds]
    allowed = [a for a in candidates(g, e.prompt_seat(), kinds) if e.check(a) is None]
    assert sorted(listed) == sorted(allowed), (e.s.phase, e.s.pending[:1])
    assert len(set(listed)) == len(listed)
    return listed


def play(scenario: str, players: int, seed: int, steps: int) -> Iterator[tuple[int, Game]]:
    g = Game.new(scenario, players=COLOURS[:players], seed=seed)
    choose = random.Random(seed).choice
    for step in range(steps):
        if g.over:
            break
        yield step, g
        g.execute(choose(g.legal_actions()))


@pytest.mark.rule("F.0.7", "F.0.14", "F.0.18")
@pytest.mark.parametrize("scenario, players, seed", [
    ("legend-1", 4, 4), ("legend-2", 3, 5), ("legend-3", 4, 2), ("legend-4", 3, 4)])
def test_listed_scenario_moves_are_exactly_those_the_check_allows(scenario: str, players: int,
                                                                  seed: int) -> None:
    kinds: set[str] = set()
    listed: set[str] = set()
    for step, g in play(scenario, players, seed, 900):
        if not kinds:
            kinds = exact_kinds(g)
        if step % 3 == 0 or g.engine.s.pending:
            listed.update(a.kind for a in listed_equals_allowed(g, kinds))
    assert kinds
    assert listed, "the game listed none of its exact moves: the test saw nothing"
