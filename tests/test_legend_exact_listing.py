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
from catan_cli.engine.phases import Phase
from catan_cli.scenarios.legend.chapter4.spices import SPICES
from catan_cli.scenarios.legend.friends import FRIENDS
from sea_helpers import run

COLOURS = ["red", "blue", "white", "orange"]
#: the answers to the Legend's own decisions (the general ones are listed by the core)
ANSWERS = ("choose-friend", "oda", "lea-take", "lea-discard", "salvage", "retreat", "harbor", "choose-resource",
           "rescue", "leave-castaway", "reiko")


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
    nodes = range(e.geo.n_nodes)
    simple = {
        "jerok": [()], "lea": [()], "mine": [()], "build-miner": [()], "build-catapult": [()],
        "rescue": [()], "leave-castaway": [()], "reiko": [()],
        "send-miner": [(r,) for r in five], "buy-spice": [(r,) for r in five],
        "monopoly-spice": [(k,) for k in range(len(SPICES))],
        "build-outpost": [(n,) for n in nodes],
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
    if "look-castaway" in kinds:       # every hex, one slot past the most a hex holds
        yield from (Action("look-castaway", (h, k), seat) for h in range(e.geo.n_hexes) for k in range(4))
    if "move-miner" in kinds:
        sources = {n for n, _ in rules.ctx.player_data(seat)["gold_miners"]} | {0}
        yield from (Action("move-miner", (src, dst), seat) for src in sorted(sources) for dst in nodes)
    if "build-merchant" in kinds:
        yield from (Action("build-merchant", (n, r), seat) for n in nodes for r in range(-1, 5))
    if "open-chest" in kinds:
        held = len(rules.ctx.player_data(seat)["chests"])
        for k in range(held + 1):
            for d in range(-1, 5):
                yield from (Action("open-chest", (k, "", -1, r, d), seat) for r in range(-1, 5))
                yield from (Action("open-chest", (k, p, edge, -1, d), seat) for p in ("road", "ship") for edge in edges)
    if "retreat" in kinds:
        tied = next((it for it in e.s.pending if it["kind"] == "battle-tied" and it["seat"] == seat), None)
        yield from (Action("retreat", (dst,), seat) for dst in edges if tied is None or dst != tied["edge"])


def listed_equals_allowed(g: Game, kinds: set[str]) -> list[Action]:
    """The exactly listed moves now are exactly the candidates the check allows (for the
    seats asked, or the seat on turn); returns them."""
    e = g.engine
    listed = [a for a in g.legal_actions(offers=True) if a.kind in kinds]
    if e.s.phase == Phase.ROLL and not e.s.pending:
        # Before the roll the core lists the roll and the general cards only (a spice
        # Monopoly may be played then, but is not proposed): outside what Verb.exact promises.
        kinds = {k for k in kinds if k in ANSWERS}
    # the seats asked now (discards on a 7: every seat that must discard, in any order)
    seats = sorted({int(it["seat"]) for it in e.actionable_pending()}) if e.s.pending else [e.prompt_seat()]
    allowed = [a for seat in seats for a in candidates(g, seat, kinds) if e.check(a) is None]
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


@pytest.mark.rule("F.0.6", "F.0.7", "F.0.8", "F.0.9", "F.0.10", "F.0.11", "F.0.14", "F.0.15", "F.0.17", "F.0.18",
                  "C.5", "C.6")
@pytest.mark.parametrize("scenario, players, seed, steps, must_list", [
    ("legend-1", 4, 5, 900, {"look-castaway", "rescue", "send-miner", "mine", "build-outpost", "open-chest"}),
    ("legend-2", 3, 5, 900, {"build-miner", "move-miner", "build-outpost", "gerhild", "jerok"}),
    ("legend-3", 4, 2, 900, {"build-catapult", "olaf", "lias", "nyala", "salvage", "reiko", "open-chest"}),
    ("legend-3", 4, 9, 600, {"retreat", "hakon", "isa"}),
    ("legend-4", 3, 4, 900, {"build-merchant", "buy-spice", "cash-spices", "lea", "lea-take", "open-chest"})])
def test_listed_scenario_moves_are_exactly_those_the_check_allows(scenario: str, players: int, seed: int,
                                                                  steps: int, must_list: set[str]) -> None:
    kinds: set[str] = set()
    listed: set[str] = set()
    for step, g in play(scenario, players, seed, steps):
        if not kinds:
            kinds = exact_kinds(g)
        if step % 3 == 0 or g.engine.s.pending:
            listed.update(a.kind for a in listed_equals_allowed(g, kinds))
    assert kinds
    assert listed, "the game listed none of its exact moves: the test saw nothing"
    assert must_list <= listed, f"the game never listed {sorted(must_list - listed)}: the test saw too little"


@pytest.mark.rule("F.0.18")
def test_a_monopoly_card_in_hand_lists_each_spice_exactly_while_the_card_may_be_played() -> None:
    g = Game.new("legend-4", players=COLOURS, seed=7, sandbox=True)
    run(g, "draw red monopoly", "turn red")
    kinds = {"monopoly-spice"}
    assert len(listed_equals_allowed(g, kinds)) == len(SPICES)
    run(g, "play monopoly pepper")          # one card a turn: now none is allowed, and none listed
    assert listed_equals_allowed(g, kinds) == []
