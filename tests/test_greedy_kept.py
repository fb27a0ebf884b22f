"""The greedy bot keeps tables between decisions (route searches, free corners, spot values,
Longest-Road trials) and the game keeps its public picture: pure caches, so a bot that has
played the whole game chooses exactly what a fresh bot would, and the bot's view holds the
same facts as the full view."""

from __future__ import annotations

import pytest

from catan_cli import Game
from catan_cli.benchmarks.greedy_speed import ROOT, measure
from catan_cli.bots import greedy
from catan_cli.bots.context import Ctx
from catan_cli.bots.greedy import GreedyBot
from catan_cli.bots.strategies import strategy_for
from catan_cli.bots.strategies.base import Strategy
from catan_cli.simulate import bot_seed

NAMES = ["red", "blue", "white", "orange"]


@pytest.mark.parametrize("scenario", ["base", "cloth-for-catan", "pirate-islands", "legend-1", "barbarian-attack"])
def test_a_bot_with_kept_tables_chooses_what_a_fresh_bot_chooses(scenario: str) -> None:
    game = Game.new(scenario, players=NAMES, seed=11)
    bots = [GreedyBot(bot_seed(11, i)) for i in range(4)]
    compared = 0
    while not game.over and game.engine.s.turn <= 45:
        seat = game.prompt_player()
        me = NAMES.index(seat)
        action = bots[me].choose_action(game, seat)
        if len([a for a in game.legal_actions() if a.seat == me]) > 1:
            shared = dict(greedy._SPOT_TABLES)      # the fresh bot works every value out again
            greedy._SPOT_TABLES.clear()
            try:
                assert GreedyBot(bot_seed(11, me)).choose_action(game, seat) == action, \
                    f"{scenario}: turn {game.engine.s.turn}, {seat}"
            finally:
                greedy._SPOT_TABLES.clear()
                greedy._SPOT_TABLES.update(shared)
            compared += 1
        game.execute(action)
    assert compared >= 40


def test_the_bots_view_holds_the_same_facts_as_the_full_view() -> None:
    game = Game.new("base", players=NAMES, seed=3)
    bots = [GreedyBot(i) for i in range(4)]
    for _ in range(150):
        seat = game.prompt_player()
        game.execute(bots[NAMES.index(seat)].choose_action(game, seat))
    for seat in NAMES:
        full, brief = game.view(seat, board=False), game.view(seat, board=False, brief=True)
        assert set(brief) < set(full)
        assert all(brief[k] == full[k] for k in brief if k != "players")
        for mine, theirs in zip(brief["players"], full["players"]):
            assert set(mine) < set(theirs)
            assert all(mine[k] == theirs[k] for k in mine)
    assert "vp_sources" in full["players"][0] and "vp_sources" not in brief["players"][0]


def test_the_public_picture_keeps_the_parts_no_piece_changed() -> None:
    game = Game.new("base", players=NAMES, seed=3)
    bots = [GreedyBot(i) for i in range(4)]
    robber_moved = pieces_moved = False
    while not (robber_moved and pieces_moved) and not game.over:
        before = game.public_board()
        seat = game.prompt_player()
        game.execute(bots[NAMES.index(seat)].choose_action(game, seat))
        after = game.public_board()
        s = game.engine.s
        assert list(after.node_owner) == [o if k else -1 for o, k in zip(s.node_owner, s.node_kind)]
        assert list(after.edge_owner) == list(s.edge_owner) and after.robber == s.robber
        if after.robber != before.robber and after.node_owner == before.node_owner:
            assert after.node_owner is before.node_owner and after.edge_owner is before.edge_owner
            robber_moved = True
        if after.edge_owner != before.edge_owner:
            pieces_moved = True
        if after == before:
            assert after is before
    assert robber_moved and pieces_moved


def test_the_greedy_speed_benchmark_fingerprints_the_games_it_plays() -> None:
    one, again = measure(ROOT, games=1, seed=4), measure(ROOT, games=1, seed=4)
    assert one["decisions"] == again["decisions"] > 0
    assert one["fingerprint"] == again["fingerprint"]
    assert measure(ROOT, games=1, seed=5)["fingerprint"] != one["fingerprint"]


def _every_walk(ctx: object, edges: list[int]) -> int:
    """The longest path by a walk from every corner (the plain definition)."""
    from catan_cli.bots.context import Ctx
    assert isinstance(ctx, Ctx)
    b = ctx.board
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, e in enumerate(dict.fromkeys(edges)):
        u, v = b.edge_nodes[e]
        adj.setdefault(u, []).append((v, 1 << i))
        adj.setdefault(v, []).append((u, 1 << i))
    stops = {n for n in adj if ctx.node_owner[n] >= 0 and ctx.node_owner[n] != ctx.me}

    def walk(n: int, used: int) -> int:
        if used and n in stops:
            return 0
        return max([1 + walk(m, used | bit) for m, bit in adj[n] if not used & bit], default=0)

    return max([walk(n, 0) for n in adj], default=0)


def test_longest_road_trials_match_a_walk_from_every_corner() -> None:
    """The bot's Longest-Road trials start only where a longest path can start (cuts, odd
    corners, one corner of a network without either): the same lengths, with cycles too."""
    import random

    from catan_cli.bots.context import Ctx
    from catan_cli.bots.greedy import longest_path

    rng = random.Random(7)
    game = Game.new("base", players=NAMES, seed=2)
    bots = [GreedyBot(i) for i in range(4)]
    for _ in range(160):
        seat = game.prompt_player()
        game.execute(bots[NAMES.index(seat)].choose_action(game, seat))
    ctx = Ctx(game, "red")
    b = ctx.board
    for trial in range(300):
        edges = [rng.randrange(b.n_edges)]
        for _ in range(rng.randrange(0, 14)):       # a network grown from one road
            edges.append(rng.choice(b.node_edges[rng.choice(b.edge_nodes[rng.choice(edges)])]))
        if trial % 3 == 0:                          # and whole hexes: cycles
            edges += list(b.hex_edges[rng.randrange(b.n_hexes)])
        ctx.me = rng.randrange(4)
        assert longest_path(ctx, edges) == _every_walk(ctx, edges), (edges, ctx.me)


def test_cloth_valuations_are_kept_only_while_the_open_villages_stay() -> None:
    game = Game.new("cloth-for-catan", players=NAMES, seed=5)
    strat = strategy_for("cloth-for-catan")
    before = greedy._valuation_key(strat, Ctx(game, "red"))
    assert before is not None and len(before) == len(game.engine.s.extra["villages"])
    game.engine.s.extra["villages"][0]["cloth"] -= 1       # a village gives up a cloth
    assert greedy._valuation_key(strat, Ctx(game, "red")) != before


def test_a_strategy_that_reads_more_than_it_declares_keeps_nothing() -> None:
    class Undeclared(Strategy):
        def spot_bonus(self, ctx: Ctx, node: int) -> float:
            return 1.0

    game = Game.new("base", players=NAMES, seed=5)
    assert greedy._valuation_key(Strategy(), Ctx(game, "red")) == ()
    assert greedy._valuation_key(Undeclared(), Ctx(game, "red")) is None
