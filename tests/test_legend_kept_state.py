"""What the Legend keeps between positions equals what it would work out afresh, at every
step of seeded random games: whom the friendly robber protects (kept for the position),
the pieces under which no sea robber lair was surrounded (Chapter 4), and each seat's
known ships (Chapter 3's battles start from them)."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from catan_cli import Game

COLOURS = ["red", "blue", "white", "orange"]


def play(scenario: str, players: int, seed: int, steps: int) -> Iterator[Game]:
    g = Game.new(scenario, players=COLOURS[:players], seed=seed)
    choose = random.Random(seed).choice
    for _ in range(steps):
        if g.over:
            break
        yield g
        g.execute(choose(g.legal_actions()))


@pytest.mark.rule("E.0.1", "F.0.6")
@pytest.mark.parametrize("scenario, players, seed", [("legend-1", 4, 8), ("legend-4", 3, 9)])
def test_the_robber_protects_the_seats_the_table_sees_at_protect_vp_or_fewer(scenario: str, players: int,
                                                                              seed: int) -> None:
    protected_some = False
    for g in play(scenario, players, seed, 500):
        rules = g.engine.rules
        fresh = tuple(rules.public_vp(p) <= rules.protect_vp for p in range(g.engine.n))
        assert rules.protected_seats() == fresh
        assert rules.protected_seats() == fresh         # the second answer is the kept one
        protected_some = protected_some or any(fresh)
    assert protected_some


@pytest.mark.rule("F.0.16")
def test_a_lair_found_unsurrounded_under_these_pieces_stays_unsurrounded() -> None:
    kept_seen = 0
    for g in play("legend-4", 4, 7, 900):
        lairs = g.engine.rules.chapter.lairs
        ctx = lairs.ctx
        hexes = ctx.data["lairs"]
        if hexes and lairs._quiet == (ctx.board_version(), tuple(hexes)):
            kept_seen += 1
            assert all(lairs.ships_at(h)[0] < lairs.ships_needed for h in hexes)
    assert kept_seen, "no lair was ever kept unsurrounded: the test saw nothing"


@pytest.mark.rule("F.0.13")
def test_each_seats_known_ships_are_its_ships_after_every_action() -> None:
    for g in play("legend-3", 4, 2, 700):
        sea = g.engine.rules.chapter.sea
        if g.engine.s.phase == "setup":
            continue
        for seat in range(g.engine.n):
            assert sea.ctx.player_data(seat)["ships_known"] == sea.ships_of(seat)


@pytest.mark.rule("S0:ch1/ore-mining-on-barren-island")
@pytest.mark.parametrize("seed", [2, 5])
def test_whether_ships_join_home_and_outpost_is_what_a_fresh_walk_finds(seed: int) -> None:
    """Chapter 1's miner verbs ask at every listing whether the seat's ships join its first
    settlement to its outpost; the answer is kept while the pieces stay, and equals a fresh
    walk along the ships at every step."""
    joined_some = False
    for g in play("legend-1", 4, seed, 1500):
        chapter = g.engine.rules.chapter
        for seat in range(g.engine.n):
            fresh = chapter._route_joined(seat)
            assert chapter.route_joined(seat) == fresh
            assert chapter.route_joined(seat) == fresh      # the second answer is the kept one
            joined_some = joined_some or fresh
    assert joined_some, "no seat's ships joined home and outpost: the test saw nothing"
