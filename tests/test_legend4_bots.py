"""Bots play the Legend's Chapter 4 (issue 13): they say only legal, canonical commands; they
do the chapter's tasks (explore the face-down hexes, place merchants with trade options, buy
spices and cash them for chits, capture sea robber lairs together); four greedy bots finish
their games; greedy beats random.

The default run plays a handful of games; ``-m slow`` measures the issue's figures over 200
games each (``catan simulate --scenario legend-4 -n 200`` shows the same).
"""

from __future__ import annotations

from collections import Counter

import pytest

from catan_cli import Game
from catan_cli.bots.context import Ctx
from catan_cli.engine.actions import Action
from catan_cli.engine.geometry import UNEXPLORED
from catan_cli.scenarios.legend.chapter4 import bot as bot4
from catan_cli.simulate import run_simulation
from bot_games import NAMES, play_checked

TASKS = ["build merchant", "buy spice", "cash", "build ship", "choose resource"]


def play(bots: list[str], seed: int, turns: int = 500) -> tuple[Counter[str], Game]:
    return play_checked("legend-4", bots, seed, tasks=TASKS, turns=turns)


def lair_captures(game: Game) -> list[str]:
    """The capture events of a game, its history replayed."""
    again = Game.new(game.state.scenario.removesuffix("-3p"), players=game.players, seed=game.state.seed)
    out = []
    for line in game.history:
        out += [e.text for e in again.execute(line) if e.kind == "lair" and "defeated" in e.text]
    assert again.digest() == game.digest()
    return out


@pytest.mark.parametrize("bots", [["greedy", "random", "greedy", "random"], ["random", "greedy", "greedy"]])
def test_bots_say_only_legal_canonical_commands_in_chapter_4(bots: list[str]) -> None:
    said, _ = play(bots, seed=11)
    assert sum(said.values()) > 100


def test_greedy_bots_explore_place_merchants_buy_and_cash_spices() -> None:
    said, game = play(["greedy"] * 4, seed=0)
    for task in TASKS:
        assert said[task] > 0, (task, said)
    s = game.state
    # most of the face-down hexes were turned up, and the chits were earned with spices
    assert sum(t == UNEXPLORED for t in s.terrain) <= 4
    assert sum(p.extra["spice_chits"] for p in s.players) >= 2 * said["cash"]
    assert all(p.extra["options"] for p in s.players if p.pieces["merchant"] < 3)


def test_greedy_bots_capture_a_lair_with_ships_of_two_players() -> None:
    """A lair falls to the ships of any players together: over a few games some capture
    names two or more players."""
    together = []
    for seed in range(4):
        _, game = play(["greedy"] * 4, seed=seed)
        together += [t for t in lair_captures(game) if "," in t.rsplit("(", 1)[-1]]
    assert together


def test_no_road_or_settlement_is_planned_beside_a_spice_or_face_down_hex() -> None:
    game = Game.new("legend-4", players=NAMES, seed=2)
    ctx = Ctx(game, "red")
    b = ctx.board
    hidden = [h for h in range(b.n_hexes) if b.hex_terrain[h] == UNEXPLORED]
    assert hidden
    allowed = bot4.route_allowed(ctx)
    assert allowed is not None
    for h in hidden:
        for e in b.hex_edges[h]:
            assert not allowed(e, 0) and allowed(e, 1)
        assert not any(bot4.may_settle(ctx, n) for n in b.hex_nodes[h])
    # the face-down hexes' corners are where the ships go
    targets = bot4.route_targets(ctx)
    assert {n for h in hidden for n in b.hex_nodes[h]} <= set(targets)


def test_the_merchant_takes_the_option_of_the_resource_produced_most() -> None:
    game = Game.new("legend-4", players=NAMES, seed=2)
    ctx = Ctx(game, "red")
    prod = ctx.production(ctx.me)
    options = [Action("build-merchant", (40, r), ctx.me) for r in range(5)]
    best = bot4.best_option(ctx, options + [Action("build-merchant", (41, -1), ctx.me)])
    assert best is not None and prod[best.args[1]] == max(prod)
    assert bot4.best_option(ctx, [Action("build-merchant", (41, -1), ctx.me)]) is None


def test_the_first_placer_takes_the_start_intersection_with_wool() -> None:
    """Wool builds the ships toward the spice islands and the first merchant: of the four
    start intersections (7 pips each) the first greedy placer takes hills 9 + pasture 10,
    not fields 8 + forest 3 (the start that won least when every seat took it in turn)."""
    from catan_cli.bots import make_bot

    for seed in range(3):
        game = Game.new("legend-4", players=NAMES, seed=seed)
        first = game.parse(make_bot("greedy", seed).choose(game, "red"))
        assert first.kind == "build-settlement"
        board = game.board_json()
        by_id = {h["id"]: h for h in board["hexes"]}
        hexes = sorted((by_id[h]["terrain"], by_id[h]["number"])
                       for h in board["nodes"][first.args[0]]["hexes"] if by_id[h]["terrain"] != "sea")
        assert hexes == [("hills", 9), ("pasture", 10)], hexes


def test_four_greedy_bots_finish_chapter_4() -> None:
    report = run_simulation("legend-4", 4, ["greedy"] * 4, games=5, seed=0)
    assert report["finished"] == 5 and not report["capped"] and not report["errors"], report


def test_greedy_beats_three_random_players_in_chapter_4() -> None:
    report = run_simulation("legend-4", 4, ["greedy", "random", "random", "random"], games=8, seed=0)
    assert report["wins"]["red"] >= 6, report


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_four_greedy_bots_finish_95_percent_of_200_games_of_chapter_4(players: int) -> None:
    report = run_simulation("legend-4", players, ["greedy"] * players, games=200, seed=0, jobs=2)
    assert report["finished"] >= 190 and not report["errors"], report


@pytest.mark.slow
def test_greedy_wins_75_percent_against_three_random_players_in_chapter_4() -> None:
    report = run_simulation("legend-4", 4, ["greedy", "random", "random", "random"], games=200, seed=0, jobs=2)
    assert report["wins"]["red"] >= 150, report
