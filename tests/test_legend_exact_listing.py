"""The Legend's exact listings against the full check, at every few steps of seeded random
games (Land Ho!'s: ``test_land_ho_exact_listing.py``).

Its friend verbs, Chapter 4's spice verbs and every decision of its own list their moves
without the core checking each candidate (``Verb.exact``, ``PendingKind.exact``): a friend
verb asks no candidate while its friend cannot help now, the decisions' answers leave out
what the bank cannot give, a spice offer's accept is listed while the hand holds what is
asked, a discard with spices is every split of the count.  Each listing must be exactly
the candidates the full check allows, before the roll too (a spice Monopoly); and the
moves once judged when typed but never listed (Isa's second ship move, that Monopoly
before the roll) are listed.
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
from sea_helpers import legal, refused, run, to_roll
from test_legend_ch2 import with_friend
from test_legend_ch4 import AFTER_3, give_spices

COLOURS = ["red", "blue", "white", "orange"]
#: the answers to Chapter 4's spice offers
ANSWERS_OF_OFFERS = {"accept-spices", "decline-spices"}
#: the answers to the Legend's own decisions (the general ones are listed by the core)
ANSWERS = ("choose-friend", "oda", "lea-take", "lea-discard", "salvage", "retreat", "harbor", "choose-resource",
           "rescue", "leave-castaway", "reiko", "accept-spices", "decline-spices")


def exact_kinds(g: Game) -> set[str]:
    """The scenario's action kinds listed without a check of each: its exact verbs, and the
    answers to its exact decisions."""
    e = g.engine
    kinds = {v.kind for v in e.verbs.values() if v.exact}
    return kinds | {v.kind for v in e.verbs.values() if v.kind in ANSWERS and e.pending_kinds[v.answers].exact}


def splits(limits: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every way to make ``total`` of counts each at most its limit."""
    if len(limits) == 1:
        if total <= limits[0]:
            yield (total,)
        return
    for first in range(min(limits[0], total) + 1):
        yield from ((first,) + rest for rest in splits(limits[1:], total - first))


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
        "rescue": [()], "leave-castaway": [()], "reiko": [()], "accept-spices": [()], "decline-spices": [()],
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
        ships = [edge for edge in edges if rules.ctx.has_ship(seat, edge)]     # a second move: any ship, any path
        yield from (Action("isa", ("move", src, dst), seat) for src in ships for dst in edges)
    if "discard-spices" in kinds:
        # every split of the count (any count when none is due) over the eight kinds of card,
        # each up to one more than the hand holds
        due = next((it["count"] for it in e.s.pending if it["kind"] == "discard" and it["seat"] == seat), 1)
        have = list(e.s.players[seat].resources) + list(rules.ctx.player_data(seat)["spices"])
        yield from (Action("discard-spices", (cards,), seat) for cards in splits([n + 1 for n in have], due))
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
    # the seats asked now (discards on a 7: every seat that must discard, in any order)
    seats = sorted({int(it["seat"]) for it in e.actionable_pending()}) if e.s.pending else [e.prompt_seat()]
    allowed = [a for seat in seats for a in candidates(g, seat, kinds) if e.check(a) is None]
    assert sorted(listed) == sorted(allowed), (e.s.phase, e.s.pending[:1])
    assert len(set(listed)) == len(listed)
    return listed


def play(scenario: str, players: int, seed: int, steps: int, offer_every: int = 0) -> Iterator[tuple[int, Game]]:
    """A seeded random game; with ``offer_every``, at every so many steps an open spice
    offer when one is proposed, so its answers are listed too."""
    g = Game.new(scenario, players=COLOURS[:players], seed=seed)
    choose = random.Random(seed).choice
    for step in range(steps):
        if g.over:
            break
        yield step, g
        moves = g.legal_actions()
        offers = ([a for a in g.legal_actions(offers=True) if a.kind == "spice-offer"]
                  if offer_every and step % offer_every == 0 else [])
        g.execute(choose(offers or moves))


@pytest.mark.rule("F.0.6", "F.0.7", "F.0.8", "F.0.9", "F.0.10", "F.0.11", "F.0.14", "F.0.15", "F.0.17", "F.0.18",
                  "C.5", "C.6")
@pytest.mark.parametrize("scenario, players, seed, steps, must_list", [
    ("legend-1", 4, 5, 900, {"look-castaway", "rescue", "send-miner", "mine", "build-outpost", "open-chest"}),
    ("legend-2", 3, 5, 900, {"build-miner", "move-miner", "build-outpost", "gerhild", "jerok"}),
    ("legend-3", 4, 2, 900, {"build-catapult", "olaf", "lias", "nyala", "salvage", "reiko", "open-chest"}),
    ("legend-3", 4, 9, 600, {"retreat", "hakon", "isa"}),
    ("legend-4", 3, 4, 900, {"build-merchant", "buy-spice", "cash-spices", "lea", "lea-take", "open-chest",
                             "discard-spices", "monopoly-spice", "isa"})])
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


def tags(listed: list[Action]) -> set[str]:
    """The kinds listed, with Isa's second ship move told apart."""
    return {a.kind for a in listed} | {"isa move" for a in listed if a.kind == "isa" and a.args[0] == "move"}


@pytest.mark.rule("F.0.7", "F.0.18", "A.11.2", "S0:ch4/spice-cards", "S0:ch4/rules-for-spice-cards",
                  "S0:ch2/specific-components-needed-for-chapter-2")
def test_chapter_4_spice_answers_discards_monopoly_and_isa_are_listed_exactly() -> None:
    """Chapter 4 with a spice offer now and then: the offer's answers, the discards with
    spices and Isa's second ship move are each listed exactly as the check allows (a spice
    Monopoly too, before the roll as after), and the game met every one of them."""
    kinds: set[str] = set()
    seen: set[str] = set()
    for step, g in play("legend-4", 3, 4, 900, offer_every=5):
        if not kinds:
            kinds = exact_kinds(g)
            assert {"discard-spices", "accept-spices", "decline-spices", "monopoly-spice", "isa"} <= kinds
        if step % 3 == 0 or g.engine.s.pending:
            seen |= tags(listed_equals_allowed(g, kinds))
    must = {"discard-spices", "accept-spices", "decline-spices", "isa move"}      # Monopoly: the seed-4 game above
    assert must <= seen, f"the game never listed {sorted(must - seen)}: the test saw too little"


# --- the moves that were judged when typed but never listed ------------------------------------------
@pytest.mark.rule("F.0.18", "A.11.2", "S0:ch4/spice-cards")
def test_a_spice_monopoly_is_listed_before_the_roll_as_the_general_cards_are() -> None:
    g = Game.new("legend-4", players=COLOURS, seed=7, sandbox=True, carry=AFTER_3)
    run(g, "draw red monopoly")
    to_roll(g, "red")
    listed = g.legal_commands()
    assert "play monopoly ore" in listed                 # the general card, as before
    assert {"play monopoly nutmeg", "play monopoly pepper", "play monopoly cinnamon"} <= set(listed)
    assert len(listed_equals_allowed(g, {"monopoly-spice"})) == len(SPICES)
    run(g, "play monopoly pepper")                        # played before the roll: then no card, no spice
    assert g.legal_commands() == ["roll"]
    assert listed_equals_allowed(g, {"monopoly-spice"}) == []


@pytest.mark.rule("F.0.7", "S0:ch2/specific-components-needed-for-chapter-2")
def test_isa_lists_a_second_ship_move_once_the_first_ship_has_moved() -> None:
    """Isa (seed: "move a second open ship"): no second move before the first; after it,
    every second move the check allows, the one a player would type among them."""
    g = with_friend("isa")
    run(g, "put settlement red 79", "put ship red 79-78", "put ship red 78-61", "put ship red 79-80")
    to_roll(g, "red")
    run(g, "dice 5 6", "roll")
    assert not [c for c in g.legal_commands() if c.startswith("isa move")]
    run(g, "move ship 78-61 to 80-63")
    moves = [c for c in g.legal_commands() if c.startswith("isa move")]
    assert "isa move 78-79 to 63-64" in moves         # as the game writes it
    assert [a for a in listed_equals_allowed(g, {"isa"}) if a.args[0] == "move"]
    run(g, "isa move 79-78 to 63-64")                    # the friend is used: no third move
    assert not [c for c in g.legal_commands() if c.startswith("isa")]


@pytest.mark.rule("F.0.18", "S0:ch4/spice-cards")
def test_every_discard_with_spice_cards_is_listed_on_a_7() -> None:
    """Red holds 2 ore, 3 pepper and 3 cinnamon and discards 4: 2 ore alone cannot make
    it, so every listed discard names spices, all 10 splits of the 4 among ore, pepper and
    cinnamon."""
    g = Game.new("legend-4", players=COLOURS, seed=7, sandbox=True, carry=AFTER_3)
    give_spices(g, "red", pepper=3, cinnamon=3)
    run(g, "give red 2 ore", "turn white", "end", "dice 3 4", "roll")
    listed = [a for a in g.legal_actions() if a.seat == 0]
    assert listed and {a.kind for a in listed} <= {"discard-spices", "reiko"}
    splits_of_4 = {(0, 0, 0, 0, o, 0, p, 4 - o - p) for o in range(3) for p in range(4) if 0 <= 4 - o - p <= 3}
    assert {a.args[0] for a in listed if a.kind == "discard-spices"} == splits_of_4
    assert len(splits_of_4) == 10
    assert listed_equals_allowed(g, {"discard-spices"})
    legal(g, "red: discard 1 ore 3 pepper")


@pytest.mark.rule("F.0.18", "S0:ch4/spice-cards")
def test_a_spice_offer_lists_accept_only_while_the_hand_holds_what_is_asked() -> None:
    g = Game.new("legend-4", players=COLOURS, seed=7, sandbox=True, carry=AFTER_3)
    give_spices(g, "red", cinnamon=2)
    run(g, "turn red", "give blue 1 ore", "offer blue 1 cinnamon for 1 ore")
    answers = ANSWERS_OF_OFFERS
    assert [a.kind for a in listed_equals_allowed(g, answers)] == ["accept-spices", "decline-spices"]
    run(g, "blue: accept", "offer blue 1 cinnamon for 1 ore")     # blue's ore is gone: decline only
    assert [a.kind for a in listed_equals_allowed(g, answers)] == ["decline-spices"]
    refused(g, "blue: accept", "blue has only 0 ore")


def robber_and_pirate_candidates(g: Game, seat: int) -> Iterator[Action]:
    """Every robber and pirate move ``seat`` could type: each hex, each victim or none, and
    for the pirate each thing the scenario lets it take."""
    e = g.engine
    for h in range(e.geo.n_hexes):
        for v in range(-1, e.n):
            yield Action("robber", (h, v), seat)
            for what in {"resource", *e.rules.pirate_takes(seat, v)} if v >= 0 else {"resource"}:
                yield Action("pirate", (h, v, what), seat)


@pytest.mark.rule("E.0.1", "F.0.6")
@pytest.mark.parametrize("scenario, seed", [("legend-1", 3), ("legend-4", 4)])
def test_the_hexes_the_friendly_robber_and_pirate_may_not_take_are_those_their_checks_refuse(
        scenario: str, seed: int) -> None:
    """The listing cuts out, all at once, the hexes beside a protected player's buildings
    (robber_barred_hexes) and, in Chapter 4, beside a protected player's ships
    (pirate_barred_hexes): at every step they are exactly the hexes the per-hex questions
    refuse, and on every 7 and knight the listed robber and pirate moves are exactly those
    the full check allows."""
    barred_seen = pirate_barred_seen = lists_seen = 0
    for step, g in play(scenario, 4, seed, 1200):
        e = g.engine
        rules = e.rules
        for seat in range(e.n):
            barred = rules.robber_barred_hexes(seat)
            assert barred == {h for h in range(e.geo.n_hexes) if rules.robber_hex_reason(seat, h) is not None}
            pirate_barred = rules.pirate_barred_hexes(seat)
            assert pirate_barred == {h for h in range(e.geo.n_hexes) if rules.pirate_hex_reason(seat, h) is not None}
            barred_seen += bool(barred)
            pirate_barred_seen += bool(pirate_barred)
        if e.s.pending and e.s.pending[0]["kind"] == "robber":
            seat = int(e.s.pending[0]["seat"])
            listed = [a for a in g.legal_actions() if a.kind in ("robber", "pirate")]
            allowed = [a for a in robber_and_pirate_candidates(g, seat) if e.check(a) is None]
            assert sorted(listed) == sorted(allowed)
            assert len(set(listed)) == len(listed)
            lists_seen += bool(rules.robber_barred_hexes(seat))
    assert barred_seen and lists_seen, "no protected player's hexes met a 7: the test saw nothing"
    assert pirate_barred_seen or scenario != "legend-4"
