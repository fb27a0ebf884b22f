"""Perft: legal-command counts from fixed positions, pinned (the chess engines' habit).

Each number was computed once and checked by hand; the reasoning is next to it.  A change
in a count means the rules engine now allows something it did not (or the reverse): find
out which command appeared or vanished before re-pinning.  ``python tests/test_perft.py``
prints the current numbers.

The base map (``rules/base.toml``) has 54 land intersections and 72 land paths; 18 of the
intersections lie on the coast with 2 land paths, the other 36 have 3 (2*72 = 18*2 + 36*3).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from catan_cli import Game

COLOURS = ["red", "blue", "white", "orange"]


def kinds(commands: list[str]) -> dict[str, int]:
    """Counts by verb ('build road', 'play knight', 'trade', ...)."""
    out: Counter[str] = Counter()
    for c in commands:
        words = c.split(": ")[-1].split()
        out[" ".join(words[:2]) if words[0] in ("build", "play") else words[0]] += 1
    return dict(out)


def perft(g: Game, depth: int) -> int:
    """Leaf count of the tree of legal commands, ``depth`` plies deep."""
    if depth == 0:
        return 1
    if depth == 1:
        return len(g.legal_commands())
    total = 0
    data = g.to_json()
    for command in g.legal_commands():
        child = Game.from_json(data)
        child.execute(command)
        total += perft(child, depth - 1)
    return total


def run(g: Game, *commands: str) -> Game:
    for c in commands:
        g.execute(c)
    return g


SETUP = [(16, "15-16"), (20, "20-21"), (30, "30-31"), (42, "42-43"), (46, "46-47"), (55, "55-56")]


def after_setup() -> Game:
    """3 players, set-up done: red 16+55, blue 20+46, white 30+42 (sandbox, for dice)."""
    g = Game.new("base", players=COLOURS[:3], seed=1, sandbox=True)
    for node, road in SETUP:
        run(g, f"build settlement {node}", f"build road {road}")
    return g


# --- 1. the start of the set-up --------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_perft_start_of_setup(players):
    g = Game.new("base", players=COLOURS[:players], seed=1)
    assert len(g.legal_commands()) == 54          # every land intersection
    assert perft(g, 2) == 144                     # each settlement with each of its paths: 2*72


def test_perft_start_of_setup_depth_three():
    # The second player may not use the first settlement's intersection or its neighbours:
    # sum over 18 coastal spots of 2*(53-2) plus 36 inland spots of 3*(53-3).
    g = Game.new("base", players=COLOURS[:3], seed=1)
    assert perft(g, 3) == 18 * 2 * 51 + 36 * 3 * 50 == 7236


# --- 2. after the set-up ----------------------------------------------------------------------
def test_perft_after_setup():
    g = after_setup()
    assert g.legal_commands() == ["roll"]         # no cards yet: only the roll
    # Red gets 1 brick (L, 6) + 1 grain (AE, 6) on top of 2 grain 1 ore from the set-up.
    run(g, "give red 1 lumber 1 wool 4 grain", "dice 3 3", "roll")
    assert g.view("red")["players"][0]["resources"] == {"lumber": 1, "brick": 1, "wool": 1, "grain": 7, "ore": 1}
    # Roads: 5-15, 14-15 (from 15), 16-17, 16-28 (from 16), 43-55, 54-55 (from 55),
    # 56-57, 56-66 (from 56).  No settlement site (15 and 56 touch red's own settlements),
    # no city (1 ore), a card (wool+grain+ore), and 4 grain for each other resource.
    assert kinds(g.legal_commands()) == {"end": 1, "build road": 8, "buy": 1, "trade": 4}
    assert len(g.legal_commands()) == 14
    # Offers (one-for-one): 2 opponents * 5 resources held * 4 others = 40 more.
    assert len(g.legal_commands(offers=True)) == 14 + 40


# --- 3. a seven pending -------------------------------------------------------------------------
def seven_position() -> Game:
    g = Game.new("base", players=COLOURS[:3], seed=1, sandbox=True)
    return run(g, "turn white", "end", "put settlement red 16", "put settlement blue 18",
               "put settlement white 29", "give red 8 lumber", "give blue 3 ore 3 wool 3 grain",
               "give white 7 wool", "dice 3 4", "roll")


def test_perft_seven_discards():
    g = seven_position()
    # Red discards 4 of 8 lumber: 1 way.  Blue discards 4 of 3+3+3: a+b+c = 4 with each
    # at most 3: C(6,2) - 3 = 12 ways.  White holds 7: no discard.
    assert kinds(g.legal_commands()) == {"discard": 13}
    assert sum(c.startswith("blue: ") for c in g.legal_commands()) == 12


def test_perft_seven_robber():
    g = seven_position()
    run(g, "red: discard 4 lumber", "blue: discard 2 ore 1 wool 1 grain")
    # 18 land hexes besides the desert (where the robber is); L touches blue and white, who
    # both hold cards, so it counts twice: 19.
    commands = g.legal_commands()
    assert len(commands) == 19
    assert sorted(c for c in commands if "steal" in c) == [
        "robber G steal blue", "robber L steal blue", "robber L steal white",
        "robber M steal blue", "robber R steal white"]
    # After a robber move that steals nothing, red holds 4 lumber: end, or 4 lumber for
    # each of the 4 other resources.
    g.execute("robber F")
    assert g.legal_commands() == ["end"] + [f"trade 4 lumber for {r}" for r in ("brick", "wool", "grain", "ore")]


# --- 4. development cards -------------------------------------------------------------------------
def test_perft_development_cards():
    g = Game.new("base", players=COLOURS[:3], seed=1, sandbox=True)
    run(g, "turn red", "put settlement red 16", "put road red 16-17")
    for card in ("knight", "monopoly", "year-of-plenty", "road-building", "victory-point"):
        g.execute(f"draw red {card}")
    # end 1; knight 1; monopoly 5; year of plenty 5+10 = 15 pairs; the victory point card
    # is never played.  Road building: first roads 15-16, 16-28, 17-18, 7-17; pairs of
    # those C(4,2) = 6, plus each with one of the 2 paths beyond its far end, 4*2 = 8: 14.
    assert kinds(g.legal_commands()) == {"end": 1, "play knight": 1, "play monopoly": 5,
                                         "play year-of-plenty": 15, "play road-building": 14}
    assert len(g.legal_commands()) == 36
    g.execute("play monopoly ore")                # one card a turn: the others vanish
    assert g.legal_commands() == ["end"]


def test_perft_development_cards_before_the_roll():
    g = Game.new("base", players=COLOURS[:3], seed=1, sandbox=True)
    run(g, "turn white", "end", "draw red knight", "draw red victory-point")
    assert g.legal_commands() == ["roll", "play knight"]


# --- 5. late game --------------------------------------------------------------------------------------
def late_sandbox() -> Game:
    g = Game.new("base", players=COLOURS[:3], seed=1, sandbox=True)
    return run(
        g, "turn red", "put settlement red 5", "put city red 16", "put settlement red 43",
        "put road red 5-15", "put road red 15-16", "put road red 16-17", "put road red 17-18",
        "put road red 18-19", "put road red 16-28", "put road red 28-29", "put road red 29-42",
        "put road red 42-43", "put road red 43-44",
        "put city blue 20", "put settlement blue 46", "put road blue 20-21", "put road blue 20-32",
        "put road blue 32-33", "put road blue 33-46", "put road blue 46-47",
        "put settlement white 40", "put settlement white 53", "put road white 40-41",
        "put road white 41-53", "put road white 39-40", "put road white 53-54",
        "draw red knight", "draw red year-of-plenty", "draw red victory-point",
        "give red 2 lumber 2 brick 1 wool 2 grain 3 ore", "give blue 2 ore", "give white 1 wool")


def test_perft_late_game_sandbox():
    g = late_sandbox()
    # Red: 1 + 2 + 1 (buildings) + 1 (VP card) + 2 (Longest Road: 19-18-17-16-28-29-42-43-44).
    assert g.vp("red") == 7 and g.view()["players"][0]["route_length"] == 8
    # Roads: 5-6, 14-15, 7-17, 18-30, 9-19, 19-20 (it may end at blue's city), 27-28, 29-30,
    # 41-42, 43-55, 31-44, 44-45 = 12.  Settlements: only 18 and 29 keep the distance rule.
    # Cities on 5 and 43.  Card 1, knight 1, year of plenty 15.  The 3:1 harbour on 5-6:
    # only ore (3) is enough, for 4 other resources.
    assert kinds(g.legal_commands()) == {
        "end": 1, "build road": 12, "build settlement": 2, "build city": 2, "buy": 1,
        "play knight": 1, "play year-of-plenty": 15, "trade": 4}
    assert len(g.legal_commands()) == 38
    assert len(g.legal_commands(offers=True)) == 38 + 2 * 5 * 4


def late_seeded() -> Game:
    """A seeded 3-player random game (choosing among the sorted legal commands) stopped at
    the first build/trade moment where the player on turn has 7+ VP and 5+ kinds of move."""
    rng = random.Random(39)
    g = Game.new("base", players=COLOURS[:3], seed=39)
    while not g.over:
        if (g.waiting_for() == "build/trade" and g.vp(g.prompt_player()) >= 7
                and len(kinds(g.legal_commands())) >= 5):
            break
        g.execute(rng.choice(sorted(g.legal_commands())))
    return g


def test_perft_late_game_seeded():
    g = late_seeded()
    assert (g.state.turn, g.prompt_player(), g.vp("blue")) == (263, "blue", 7)
    # Blue holds 2 lumber 1 brick 1 wool 1 grain 1 ore, two VP cards and a knight.
    assert g.view("blue")["players"][1]["resources"] == {"lumber": 2, "brick": 1, "wool": 1, "grain": 1, "ore": 1}
    assert kinds(g.legal_commands()) == {"end": 1, "build road": 7, "build settlement": 1, "buy": 1,
                                         "play knight": 1}
    assert len(g.legal_commands()) == 11
    assert len(g.legal_commands(offers=True)) == 11 + 2 * 5 * 4


if __name__ == "__main__":  # print the numbers, for re-pinning after a deliberate change
    for name, game in [("after set-up", after_setup()), ("seven", seven_position()),
                       ("late sandbox", late_sandbox()), ("late seeded", late_seeded())]:
        print(name, len(game.legal_commands()), kinds(game.legal_commands()))
