"""What the Legend keeps between positions equals a fresh look at every step.

Asked at every listing, the outpost of each player (the castaway and miner verbs), the
outpost sites a player's ships reach and Chapter 4's merchant sites are kept while the
pieces (and the hexes turned up) stay (board_version); at every step of random games the
kept answers equal those worked out afresh from the board.
"""

from __future__ import annotations

import random

import pytest

from catan_cli import Game
from catan_cli.engine.actions import Action

COLOURS = ["red", "blue", "white", "orange"]


def fresh_outpost_moves(g: Game, seat: int) -> list:
    rules = g.engine.rules
    kept = rules._outpost_moves
    rules._outpost_moves = (-1, {})
    try:
        return rules.outpost_moves(seat)
    finally:
        rules._outpost_moves = kept


@pytest.mark.rule("F.0.8", "F.0.10")
@pytest.mark.parametrize("scenario, seed", [("legend-1", 21), ("legend-2", 22), ("legend-1", 23)])
def test_kept_outposts_and_outpost_sites_equal_a_fresh_look(scenario: str, seed: int) -> None:
    g = Game.new(scenario, players=COLOURS, seed=seed)
    choose = random.Random(seed).choice
    e = g.engine
    rules = e.rules
    posts = sites = 0
    for _ in range(800):
        if g.over:
            break
        for seat in range(e.n):
            assert rules.outpost_of(seat) == rules._find_outpost(seat), (scenario, e.s.turn, seat)
            posts += rules.outpost_of(seat) >= 0
            if e.s.phase == "main" and not e.s.pending:
                kept = rules.outpost_moves(seat)
                assert kept == fresh_outpost_moves(g, seat), (scenario, e.s.turn, seat)
                sites += bool(kept)
        g.execute(choose(g.legal_actions()))
    assert posts and sites, "no outpost built or offered: the test saw too little"


@pytest.mark.rule("F.0.17")
@pytest.mark.parametrize("seed", [24, 25])
def test_kept_merchant_sites_equal_a_fresh_look(seed: int) -> None:
    """Chapter 4's merchant sites (free corners of one discovered spice hex beside the
    player's ships) are kept while the pieces and the hexes turned up stay."""
    g = Game.new("legend-4", players=COLOURS, seed=seed)
    choose = random.Random(seed).choice
    e = g.engine
    merchants = e.rules.chapter.merchants
    sites = 0
    for _ in range(1200):
        if g.over:
            break
        for seat in range(e.n):
            kept = merchants.merchant_sites(seat)
            assert kept == merchants._find_sites(seat), (seed, e.s.turn, seat)
            sites += bool(kept)
        g.execute(choose(g.legal_actions()))
    assert sites, "no merchant site met: the test saw too little"


@pytest.mark.rule("E.0.1", "F.0.6")
def test_the_vp_the_friendly_robber_reads_leave_out_only_the_victory_cards_in_hand() -> None:
    """Whom the friendly robber protects reads the VP the table sees: every VP but the
    victory-point cards in hand (RulesContext.public_vp)."""
    g = Game.new("legend-2", players=COLOURS, seed=26)
    choose = random.Random(26).choice
    e = g.engine
    hidden_met = 0
    for _ in range(900):
        if g.over:
            break
        for seat in range(e.n):
            hidden = sum(1 for card, _ in e.s.players[seat].dev_cards if card == "victory-point")
            assert e.rules.public_vp(seat) == e.vp(seat) - hidden, (e.s.turn, seat)
            hidden_met += hidden > 0
        g.execute(choose(g.legal_actions()))
    assert hidden_met, "no victory-point card held: the test saw too little"


@pytest.mark.rule("A.8")
@pytest.mark.parametrize("scenario, seed", [("legend-1", 27), ("legend-3", 28)])
def test_the_quick_main_phase_question_answers_as_the_general_one(scenario: str, seed: int) -> None:
    """The Legend's listings ask main_phase_open, a yes/no of A.8 (own turn, after the roll,
    nothing pending) read from the state: for every seat at every step it answers as
    main_phase_reason does, before the roll, in the main phase and with decisions open."""
    g = Game.new(scenario, players=COLOURS, seed=seed)
    choose = random.Random(seed).choice
    e = g.engine
    ctx = e.rules.ctx
    answers = set()
    for _ in range(500):
        if g.over:
            break
        for seat in range(e.n):
            open_now = e.rules.main_phase_open(seat)
            assert open_now == (ctx.main_phase_reason(seat, "build") is None), (e.s.turn, e.s.phase, seat)
            answers.add((open_now, bool(e.s.pending)))
        g.execute(choose(g.legal_actions()))
    assert {(True, False), (False, False), (False, True)} <= answers


@pytest.mark.rule("F.0.5")
def test_the_free_start_intersections_named_in_a_refusal_are_those_of_the_position() -> None:
    g = Game.new("legend-1", players=COLOURS, seed=29)
    choose = random.Random(29).choice
    e = g.engine
    rules = e.rules
    named = 0
    while e.s.phase == "setup":
        free = ", ".join(str(n + 1) for n in rules.start_nodes if e.s.node_kind[n] == 0)
        g.legal_actions()                   # the listing words the refusals first
        assert rules.free_start_marks() == free
        if e.s.setup_step == "settlement" and rules.setup_count(e.s.setup_order[0]) == 0:
            off = next(x for x in range(e.geo.n_nodes) if x not in rules.start_nodes and e.scen.node_settleable[x])
            assert e.check(Action("build-settlement", (off,), e.s.setup_order[0])) == (
                f"your first settlement goes on a start intersection ({free})")
            named += 1
        g.execute(choose(g.legal_actions()))
    assert named == len(COLOURS)
