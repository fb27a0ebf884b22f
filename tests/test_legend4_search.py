"""The hard bot in the Legend's Chapter 4 (issue 46): its play-outs are the greedy bot's, and
two changes make them cheaper without changing one greedy move (the greedy bot is the
yardstick): the chapter's closed hexes (spice and face-down) are worked out once per board,
and the Legend's strategy says what its place hooks read in Chapter 4
(``Strategy.valuation_key``), so the greedy bot keeps its route searches, expansion and
spot values between decisions while that and the board picture stay.  Its search compares
fewer candidates (``Strategy.search_width``), so the alternatives it keeps play the rounds
a change needs.
"""

from __future__ import annotations

import pytest

from bot_games import play_checked
from catan_cli import Game
from catan_cli.bots import SearchBot, make_bot
from catan_cli.bots.context import Ctx
from catan_cli.bots.search import MAX_CANDIDATES, width
from catan_cli.bots.strategies import strategy_for
from catan_cli.engine.geometry import UNEXPLORED
from catan_cli.scenarios.legend.bot import Strategy as LegendStrategy
from catan_cli.scenarios.legend.chapter4 import bot as bot4

NAMES = ["red", "blue", "white", "orange"]


def greedy_positions(seed: int, turns: int):
    """Every position of a seeded greedy Chapter 4 game up to ``turns`` turns, with the seat
    to move."""
    game = Game.new("legend-4", players=NAMES, seed=seed)
    greedy = make_bot("greedy")
    while not game.over and game.state.turn <= turns:
        seat = game.prompt_player()
        yield game, seat
        game.execute(greedy.choose(game, seat))


def test_the_closed_corners_and_sides_are_those_of_a_spice_or_face_down_hex() -> None:
    """may_settle and route_allowed read the board's closed hexes from a table made once per
    board: the same answers as asking every corner's and side's hexes, as hexes turn up."""
    boards = set()
    for game, seat in greedy_positions(seed=21, turns=40):
        ctx = Ctx(game, seat)
        b = ctx.board
        if b in boards:
            continue
        boards.add(b)
        closed = [t in ("spice", UNEXPLORED) for t in b.hex_terrain]
        for n in range(b.n_nodes):
            assert bot4.may_settle(ctx, n) == (not any(closed[h] for h in b.node_hexes[n]))
        allowed = bot4.route_allowed(ctx)
        assert (allowed is None) == (not any(closed))
        if allowed is not None:
            for e in range(b.n_edges):
                assert allowed(e, 1)        # ships may pass
                assert allowed(e, 0) == (not any(closed[h] for h in b.edge_hexes[e]))
    assert len(boards) >= 3                 # hexes were turned up on the way


def test_the_legend_keeps_valuations_in_chapter_4_only() -> None:
    strat = strategy_for("legend-4")
    for scenario in ("legend-1", "legend-2", "legend-3"):
        game = Game.new(scenario, players=NAMES, seed=1)
        assert strat.valuation_key(Ctx(game, game.prompt_player())) is None
    game = Game.new("legend-4", players=NAMES, seed=1)
    key = strat.valuation_key(Ctx(game, game.prompt_player()))
    assert key is not None and hash(key) == hash(strat.valuation_key(Ctx(game, game.prompt_player())))


def test_the_valuation_key_changes_with_what_the_place_hooks_read() -> None:
    """A merchant's trade option held, the last ship or merchant built, a lair found: each
    changes what route_targets says, and so the key."""
    strat = strategy_for("legend-4")
    seen: dict[object, tuple] = {}
    for game, seat in greedy_positions(seed=5, turns=60):
        ctx = Ctx(game, seat)
        key = strat.valuation_key(ctx)
        mine = ctx.players[ctx.me]["extra"]
        read = (tuple(ctx.view["extra"].get("start_nodes") or ()), ctx.pieces.get("ship", 0) > 0,
                ctx.pieces.get("merchant", 0) > 0, bool(ctx.view["extra"].get("trade_options")),
                sorted(str(o["spice_hex"]) for o in mine.get("options") or []),
                [str(h) for h in ctx.view["extra"].get("lairs") or ()])
        assert seen.setdefault(key, read) == read
    assert len(seen) >= 4


def test_greedy_plays_the_same_moves_with_its_valuations_kept_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """The yardstick does not move: four greedy bots play a Chapter 4 game move for move the
    same when nothing is kept between decisions (no valuation key)."""
    def play() -> list[str]:
        return list(play_checked("legend-4", ["greedy"] * 4, 33, turns=70)[1].history)

    kept = play()
    monkeypatch.setattr(LegendStrategy, "valuation_key", lambda self, ctx: None)
    assert play() == kept


def test_chapter_4_searches_three_candidates_and_the_other_maps_six() -> None:
    for scenario in ("base", "pirate-islands", "legend-1", "legend-2", "legend-3", "land-ho", "barbarian-attack"):
        assert width(Game.new(scenario, players=NAMES, seed=1)) == MAX_CANDIDATES
    assert width(Game.new("legend-4", players=NAMES, seed=1)) == 3
    probe = SearchBot(rollouts=1)
    wide = 0
    for game, seat in greedy_positions(seed=9, turns=40):
        if game.state.phase == "setup":
            continue
        move = probe.greedy.choose_action(game, seat)
        candidates = probe.candidates(game, seat, move)
        assert len(candidates) <= 3 and candidates[0] == move
        assert len(set(candidates)) == len(candidates)
        wide += len(candidates) == 3
    assert wide >= 5


def test_chapter_4_scores_a_play_out_by_its_own_standing_and_the_other_chapters_by_the_general_worth() -> None:
    """The leaf in Chapter 4 weighs the general worth's terms and the chapter's steps toward
    chits (spice cards, trade options, chests) with CH4_STANDING_WEIGHTS; the other chapters
    have no standing of their own."""
    from catan_cli.bots.search import production_worth, worths
    from catan_cli.scenarios.legend.bot import CH4_STANDING_WEIGHTS
    strat = strategy_for("legend-4")
    game = None
    for game, _ in greedy_positions(seed=3, turns=40):
        pass
    assert game is not None
    prod = production_worth(game)
    for seat in range(len(NAMES)):
        features = strat.standing_features(game, seat, prod[seat])
        assert features is not None and len(features) == len(CH4_STANDING_WEIGHTS)
        extra = game.engine.s.players[seat].extra
        assert features[5:] == [sum(extra["spices"]), len(extra["options"]), len(extra["chests"])]
        assert worths(game)[seat] == pytest.approx(sum(w * f for w, f in zip(CH4_STANDING_WEIGHTS, features)))
    assert any(f[5] or f[6] for f in (strat.standing_features(game, i, prod[i]) or [] for i in range(4)))
    for scenario in ("legend-1", "legend-2", "legend-3"):
        other = Game.new(scenario, players=NAMES, seed=1)
        assert strat.standing_features(other, 0, 0.0) is None and strat.standing(other, 0, 0.0) is None
