"""Bots worth playing against: the levels, the searching bot, variety from bot_rng, seat
rotation in simulations, secrecy of every bot's inputs, and exact resumption of bot games."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from catan_cli import Game
from catan_cli.bots import BOT_KINDS, LEVELS, GreedyBot, SearchBot, bot_rng, canonical_kind, make_bot
from catan_cli.bots.determinise import PairedDice, can_determinise, world_of
from catan_cli.bots.search import (MIN_ROUNDS, SETUP_WIDTH, TARGET_ROUNDS, best_paired, evaluate, fit_budget,
                                   production_worth)
from catan_cli.errors import CatanError
from catan_cli.saves import load_game, save_game
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session
from catan_cli.simulate import run_simulation, seatings
from builds import pure_only

from secrecy import scrambled_for
from test_bots import _shuffle_hidden

SCENARIOS = ["base", "cloth-for-catan", "pirate-islands"]
#: the searching bot's long tests: the base game always, the sea scenarios with -m slow
SEARCHED = ["base", *(pytest.param(s, marks=pytest.mark.slow) for s in SCENARIOS[1:])]
NAMES = ["red", "blue", "white", "orange"]


def agent(kind: str, seed: int = 0) -> Any:
    """A bot of ``kind``; the searching one with a small budget (its own mode of play: the
    budget is counted in moves, so it is reproducible like the others)."""
    return SearchBot(think_ms=25) if kind == "search" else make_bot(kind, seed)


def advance(game: Game, bots: dict[str, Any], moves: int) -> None:
    for _ in range(moves):
        if game.over:
            return
        seat = game.prompt_player()
        game.execute(bots[seat].choose(game, seat))


# --- levels -------------------------------------------------------------------------------
def test_levels_name_the_bots() -> None:
    assert {level: make_bot(level).kind for level in LEVELS} == {"easy": "easy", "medium": "greedy",
                                                                 "hard": "search"}
    assert canonical_kind(" Hard ") == "search"
    assert [s.bot for s in parse_seats("a:bot:easy,b:bot:medium,c:bot:hard")] == ["easy", "medium", "hard"]
    assert set(BOT_KINDS) == {"random", "easy", "greedy", "search"}
    with pytest.raises(CatanError, match="unknown bot 'wizard'.*easy, medium, hard"):
        make_bot("wizard")


def test_the_search_budget_reaches_the_bot() -> None:
    bot = make_bot("hard", think_ms=250)
    assert isinstance(bot, SearchBot) and bot.think_ms == 250


# --- bot_rng ---------------------------------------------------------------------------------
def test_bot_rng_depends_on_the_game_the_seat_and_the_position_only() -> None:
    game = Game.new("base", players=NAMES, seed=5)
    first = bot_rng(game, "red").random()
    assert bot_rng(Game.from_json(game.to_json()), "red").random() == first
    assert bot_rng(game, "blue").random() != first
    assert bot_rng(Game.new("base", players=NAMES, seed=6), "red").random() != first
    advance(game, {n: make_bot("greedy") for n in NAMES}, 1)
    assert bot_rng(game, "red").random() != first


def test_bot_rng_ignores_what_the_seat_cannot_see() -> None:
    game = Game.new("base", players=NAMES, seed=9)
    advance(game, {n: make_bot("greedy") for n in NAMES}, 60)
    me = game.seat(game.prompt_player())
    blind = scrambled_for(game, me, seed=3)
    blind.engine.s.rng.seed(12345)      # the dice generator is hidden too
    assert bot_rng(blind, me).random() == bot_rng(game, me).random()


# --- variety -----------------------------------------------------------------------------------
def test_greedy_openings_vary_on_a_fixed_map() -> None:
    """Pirate Islands has one map: the set-up still differs from game to game (a spot far
    better than the rest is still always taken)."""
    openings = set()
    for seed in range(12):
        game = Game.new("pirate-islands", players=NAMES, seed=seed)
        advance(game, {n: make_bot("greedy") for n in NAMES}, 8)
        openings.add(tuple(game.history))
    assert len(openings) >= 3, openings


def test_greedy_without_variety_is_the_plain_heuristic() -> None:
    from catan_cli.bots.greedy import GreedyBot
    openings = set()
    for seed in range(6):
        game = Game.new("pirate-islands", players=NAMES, seed=seed)
        advance(game, {n: GreedyBot(vary=False) for n in NAMES}, 8)
        openings.add(tuple(game.history))
    assert len(openings) == 1


# --- simulation with rotation --------------------------------------------------------------------
def test_seatings_are_every_distinct_order() -> None:
    assert len(seatings(["search", "greedy", "greedy", "greedy"])) == 4
    assert len(seatings(["a", "b", "c"])) == 6
    assert seatings(["greedy"] * 4) == [("greedy",) * 4]


def test_rotate_seats_each_bot_everywhere_and_tallies_by_bot() -> None:
    report = run_simulation("base", 4, ["greedy", "random", "random", "random"], games=4, seed=50, rotate=True)
    by_bot = {row["bot"]: row for row in report["by_bot"]}
    assert by_bot["greedy"]["seats"] == 4 and by_bot["random"]["seats"] == 12
    assert by_bot["greedy"]["parity"] == 0.25
    assert by_bot["greedy"]["wins"] + by_bot["random"]["wins"] == sum(report["wins"].values())
    assert by_bot["greedy"]["wins"] >= 3
    assert all(row["bot"] == "rotated" for row in report["seats"])
    assert by_bot["greedy"]["median_ms"] > 0


def test_simulate_refuses_a_bad_budget_or_bot() -> None:
    with pytest.raises(CatanError, match="--think"):
        run_simulation("base", 4, ["search", "greedy", "greedy", "greedy"], games=1, think_ms=0)
    with pytest.raises(CatanError, match="unknown bot"):
        run_simulation("base", 4, ["genius"], games=1)


# --- the searching bot ------------------------------------------------------------------------
def test_a_world_shows_its_seat_exactly_what_the_game_shows() -> None:
    """Dealing the unseen cards afresh keeps every count the seat sees and every card the
    whole table knows a hand holds (the public count), and deals the rest differently."""
    for scenario in SCENARIOS:
        game = Game.new(scenario, players=NAMES, seed=14)
        advance(game, {n: make_bot("greedy") for n in NAMES}, 150)
        me = game.seat(game.prompt_player())
        assert can_determinise(game, me)
        known = [list(k) for k in game.engine.s.public_min]
        for k in range(6):
            world = world_of(game, me, random.Random(k))
            assert world.view(me) == game.view(me)
            assert all(p.resources[r] >= known[i][r] for i, p in enumerate(world.engine.s.players) for r in range(5))
        game.state.public_min = [[0] * 5 for _ in NAMES]     # nobody knows anything: all is dealt
        dealt = set()
        for k in range(6):
            world = world_of(game, me, random.Random(k))
            assert world.view(me) == game.view(me)
            dealt.add(repr([p.resources for p in world.engine.s.players]))
        assert len(dealt) > 1, scenario


def test_best_paired_keeps_the_greedy_move_unless_clearly_beaten() -> None:
    assert best_paired([[1.0, 2.0, 3.0], [1.1, 1.9, 3.1]]) == 0        # inside the noise
    assert best_paired([[1.0, 2.0, 3.0, 2.0], [2.0, 3.1, 3.9, 3.0]]) == 1   # better every round
    assert best_paired([[1.0, 1.0], [5.0, 5.2]]) == 0                  # too few rounds to say
    # a pruned alternative is judged on the rounds it played, paired with the greedy move's
    assert best_paired([[1.0, 2.0, 3.0, 2.0, 9.0], [0.0, 0.0, 0.0], [2.0, 3.1, 3.9, 3.0, 10.0]]) == 2
    # ahead by about 1.4 standard errors: enough for a set-up spot's bar, not for a move's
    noisy = [[0.0, 0.0, 0.0, 0.0], [1.0, -0.5, 1.0, 0.5]]
    assert best_paired(noisy) == 0
    assert best_paired(noisy, confidence=1.0) == 1


def test_a_tight_budget_goes_to_the_likeliest_alternatives() -> None:
    """Six candidates whose play-outs take 40 moves each, after one round: with moves for
    many rounds all play on; with fewer, only the greedy move and the alternatives that did
    best beside it, as many as can still play TARGET_ROUNDS rounds; with too few for even
    one alternative to reach MIN_ROUNDS, the greedy move alone."""
    scores = [[0.0], [0.1], [-0.2], [0.3], [0.0], [-0.1]]
    made = [40] * 6
    live = list(range(6))
    assert fit_budget(live, scores, made, 1, 40 * 6 * TARGET_ROUNDS) == live
    assert fit_budget(live, scores, made, 1, 40 * 3 * (TARGET_ROUNDS - 1)) == [0, 1, 3]
    assert fit_budget(live, scores, made, 1, 40 * 2 * 2) == [0, 3]
    assert fit_budget(live, scores, made, 1, 40 * 2 * (MIN_ROUNDS - 1) - 1) == [0]


def test_search_gives_set_up_more_thought_and_ships_a_slower_pace() -> None:
    bot = SearchBot(think_ms=100)
    setup, sea = Game.new("base", players=NAMES, seed=3), Game.new("cloth-for-catan", players=NAMES, seed=3)
    advance(sea, {n: make_bot("greedy") for n in NAMES}, 60)
    assert sea.state.phase != "setup"
    assert bot.budget(setup) > bot.budget(sea) * 2


def test_evaluate_scores_a_won_game_highest() -> None:
    game = Game.new("base", players=NAMES, seed=2)
    game.engine.s.winners = [1]
    assert evaluate(game, 1) > 0 > evaluate(game, 0)


def test_the_pirate_islands_leaf_evaluation_counts_the_way_to_the_fortress() -> None:
    """A play-out of a few turns sees few victory points change: in The Pirate Islands the
    ships along the lane, the warships and the fortress chits taken count toward the win."""
    from catan_cli.bots.strategies import strategy_for
    game = Game.new("pirate-islands", players=NAMES, seed=6)
    advance(game, {n: make_bot("greedy") for n in NAMES}, 300)
    assert not game.over
    s, strat = game.engine.s, strategy_for("pirate-islands")
    from catan_cli.scenarios.pirate_islands.bot import WANT_WARSHIPS
    def count(i: int, kind: int) -> int:
        return sum(1 for o, k in zip(s.edge_owner, s.edge_kind) if o == i and k == kind)
    # the seat with most pieces on paths that has a ship to make a warship and may still want
    # one (past WANT_WARSHIPS another is worth nothing more)
    seat = max((i for i in range(4) if count(i, 2) and count(i, 3) < WANT_WARSHIPS),
               key=lambda i: sum(1 for o in s.edge_owner if o == i))
    before, score = strat.playout_worth(game, seat), evaluate(game, seat)
    ship = next(x for x, o in enumerate(s.edge_owner) if o == seat and s.edge_kind[x] == 2)
    s.edge_kind[ship] = 3      # that ship becomes a warship
    game.engine.touch()
    assert strat.playout_worth(game, seat) > before > 0
    assert evaluate(game, seat) > score


@pure_only
def test_the_pirate_islands_leaf_evaluation_counts_no_points_past_the_target_while_a_chit_is_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """F.1.9: the win needs the fortress and the points, and no point is ever lost: while a
    chit is left, points past the target are worth nothing to the searching bot, and a
    chit taken is worth more the nearer the points are (then only the fortress is left)."""
    from catan_cli.bots.strategies import strategy_for
    game = Game.new("pirate-islands", players=NAMES, seed=6)
    e, strat = game.engine, strategy_for("pirate-islands")
    target, fort = e.scen.vp_target, e.s.extra["fortresses"][0]
    assert fort["seat"] == 0 and fort["chits"] == 3

    def worth(points: int, chits: int) -> float:
        monkeypatch.setattr(e, "vp", lambda seat: points)
        fort["chits"] = chits
        return points + strat.playout_worth(game, 0)

    assert worth(target + 2, 3) == pytest.approx(worth(target, 3))
    assert worth(target - 1, 3) < worth(target, 3)
    late_chit = worth(target, 2) - worth(target, 3)
    early_chit = worth(target - 6, 2) - worth(target - 6, 3)
    assert late_chit > early_chit > 0
    # the fortress taken, every point counts again
    assert worth(target + 2, 0) > worth(target, 0)
    # and the last chit is worth taking whatever the points
    for points in (target - 6, target - 2, target):
        assert worth(points, 0) > worth(points, 1) > worth(points, 2)


def test_a_play_out_rolls_the_same_dice_whatever_else_is_drawn() -> None:
    """Candidates compared in one world meet the same dice: a steal or a shuffle in one
    play-out and not in the other does not shift the rolls that follow."""
    quiet, busy = PairedDice(77), PairedDice(77)
    rolls = []
    for dice in (quiet, busy):
        seq = []
        for turn in range(20):
            if dice is busy and turn % 3 == 0:
                dice.randrange(7)                  # a steal
                dice.shuffle(list(range(10)))      # a shuffle
            seq.append((dice.randint(1, 6), dice.randint(1, 6)))
        rolls.append(seq)
    assert rolls[0] == rolls[1]
    assert len(set(rolls[0])) > 5


def test_production_counts_a_resource_s_first_pips_most() -> None:
    """Two settlements of 5 pips each are worth more on two resources than on one: the
    second resource saves trades (and a 3:1 harbour counts)."""
    game = Game.new("base", players=NAMES, seed=2)
    s, b = game.engine.s, game.engine
    from catan_cli.bots.context import board_of
    board = board_of(game)
    by_res: dict[int, list[int]] = {}
    for node in range(board.n_nodes):
        prod = board.node_prod[node][:5]
        if sum(1 for p in prod if p) == 1 and board.node_harbor[node] < 0 and board.node_prod[node][5] == 0:
            by_res.setdefault(next(r for r in range(5) if prod[r]), []).append(node)
    pips = {n: board.node_pips[n] for ns in by_res.values() for n in ns}
    pairs = [(a, same, other) for r1 in by_res for r2 in by_res if r2 != r1
             for a in by_res[r1] for same in by_res[r1] for other in by_res[r2]
             if a != same and pips[a] == pips[same] == pips[other]]
    a, same, other = pairs[0] if pairs else (0, None, None)
    if same is None or other is None:
        pytest.skip("no such corners on this map")
    worths = []
    for second in (same, other):
        s.node_owner = [-1] * len(s.node_owner)
        s.node_kind = [0] * len(s.node_kind)
        for n in (a, second):
            s.node_owner[n], s.node_kind[n] = 0, 1
        b.touch()
        worths.append(production_worth(game)[0])
    assert worths[1] > worths[0]


def test_search_says_whether_it_left_the_greedy_move() -> None:
    """For benchmarks counting how often search changes greedy's play: a decision with one
    sensible move is not searched; a searched one says whether it played another move."""
    game = Game.new("base", players=NAMES, seed=2)     # red's first settlement is not greedy's
    bot, greedy = SearchBot(think_ms=200), make_bot("greedy")
    changed = []
    for _ in range(100):
        seat = game.prompt_player()
        if game.seat(seat) != 0:
            game.execute(greedy.choose(game, seat))
            continue
        plain = GreedyBot().choose_action(game, seat)     # a fresh one: the same turn memo
        action = bot.choose_action(game, seat)
        if not bot.last_searched:
            assert action == plain and not bot.last_changed
        else:
            assert bot.last_changed == (action != plain)
            changed.append(bot.last_changed)
        game.execute(action)
    assert changed and not all(changed)


def test_a_set_up_settlement_weighs_many_spots_then_plays_the_best_on_through_dice() -> None:
    """No dice fall in the set-up and the others place as greedy bots: each candidate
    spot is played once to the end of the set-up, then the best of them play on through
    rounds of dice; many spots are weighed, the same choice comes twice, and the thought
    stays within the set-up's budget."""
    game = Game.new("base", players=NAMES, seed=5)
    first, second = SearchBot(think_ms=200), SearchBot(think_ms=200)
    seat = game.prompt_player()
    line = first.choose(game, seat)
    assert second.choose(game, seat) == line and game.check(line).ok
    assert first.last_rounds > 2       # the set-up's end, then rounds of dice
    greedy = first.greedy.choose_action(game, seat)
    assert len(first.candidates(game, seat, greedy)) == SETUP_WIDTH
    assert first.last_moves <= first.budget(game) * 1.5
    small = SearchBot(think_ms=5)
    small.choose(game, seat)
    assert small.last_moves < first.last_moves      # a small budget weighs fewer spots
    assert small.last_rounds == 1                   # and decides at the set-up's end


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", [3, 5, 8])
def test_a_set_up_play_out_foresees_where_the_greedy_opponents_settle(scenario: str, seed: int) -> None:
    """The greedy bots choose among near-equal spots with a generator seeded from the game,
    the seat and the commands played: a play-out copy counts the real game's commands, so
    greedy seats in it settle exactly where the real greedy opponents will."""
    game = Game.new(scenario, players=NAMES, seed=seed)
    greedy = {n: make_bot("greedy") for n in NAMES}
    advance(game, greedy, 4)        # two seats have placed: the commands played count
    seat = game.prompt_player()
    search = SearchBot(think_ms=200)
    move = search.greedy.choose_action(game, seat)
    world, _ = search.play_out(game, game.seat(seat), move, world_seed=seed, setup_only=True)
    game.execute(move)
    while game.state.phase == "setup":
        who = game.prompt_player()
        game.execute(greedy[who].choose(game, who))
    assert world is not None and world.state.phase != "setup"
    assert world.state.node_owner == game.state.node_owner
    assert world.state.edge_owner == game.state.edge_owner


@pytest.mark.parametrize("scenario", SEARCHED)
def test_search_plays_legal_moves_to_the_end(scenario: str) -> None:
    game = Game.new(scenario, players=NAMES[:3], seed=31)
    bots: dict[str, Any] = {"red": SearchBot(rollouts=1), "blue": make_bot("greedy"), "white": make_bot("greedy")}
    searched = 0
    while not game.over and game.state.turn <= 60:
        seat = game.prompt_player()
        line = bots[seat].choose(game, seat)
        assert game.check(line).ok, line
        game.execute(line)
        searched += seat == "red" and bots["red"].last_rounds > 0
    assert searched >= 10


def test_search_budget_is_counted_in_moves_so_its_play_reproduces() -> None:
    """The budget is play-out moves, not a clock: the same position gets the same move
    however loaded the machine, and no decision plays far more moves than its budget allows."""
    game = Game.new("base", players=NAMES, seed=8)
    advance(game, {n: make_bot("greedy") for n in NAMES}, 40)
    searched = 0
    for _ in range(12):
        seat = game.prompt_player()
        first, second = SearchBot(think_ms=60), SearchBot(think_ms=60)
        line = first.choose(game, seat)
        assert second.choose(game, seat) == line
        assert (first.last_rounds, first.last_moves) == (second.last_rounds, second.last_moves)
        if first.last_rounds > 1:   # it stops when the largest round would overrun: rounds vary
            assert first.last_moves <= 2 * first.budget(game)
        searched += first.last_rounds > 0
        game.execute(line)
    assert searched >= 3


# --- secrecy of the bots' inputs -------------------------------------------------------------------
@pytest.mark.parametrize("scenario", SEARCHED)
def test_no_bot_decision_depends_on_another_seats_hidden_state(scenario: str) -> None:
    """Every kind, including the searching bot (whose copies of the game are made from the
    real one), chooses the same move in a copy where everything its seat cannot see --
    other hands, development cards, the deck, the dice generator -- is changed."""
    rng = random.Random(7)
    game = Game.new(scenario, players=NAMES, seed=12)
    players = {n: make_bot("greedy") for n in NAMES}
    checked = 0
    while not game.over and game.state.turn <= 50:
        seat = game.prompt_player()
        me = game.seat(seat)
        if len(game.legal_actions()) > 1 and rng.random() < 0.25:
            for kind in ("random", "easy", "greedy", "search"):
                mine = agent(kind).choose(game, seat)
                blind = _shuffle_hidden(scrambled_for(game, me, seed=checked), me, rng)
                blind.engine.s.rng.seed(rng.random())
                assert agent(kind).choose(blind, seat) == mine, (kind, seat, game.state.turn)
            checked += 1
        game.execute(players[seat].choose(game, seat))
    assert checked >= 6


# --- resumption ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["random", "easy", "greedy", "search"])
def test_a_saved_bot_game_resumes_exactly(kind: str, tmp_path: Path) -> None:
    """Saved mid-game (mid-turn too), loaded into fresh bots, the game goes on exactly as the
    uninterrupted one."""
    scenario = "base" if kind == "search" else "cloth-for-catan"
    seats = parse_seats([f"{n}:bot:{kind}" for n in NAMES])
    header = Header(scenario, seats, 17)
    moves = 60 if kind == "search" else 260
    cuts = [23, 41] if kind == "search" else [57, 130, 171]

    def fresh() -> dict[str, Any]:
        return {n: agent(kind, 3) for n in NAMES}

    whole = header.new_game()
    advance(whole, fresh(), moves)
    for cut in cuts:
        game = header.new_game()
        advance(game, fresh(), cut)
        save_game(game, header, f"cut{cut}", tmp_path)
        resumed = load_game(f"cut{cut}", tmp_path).game
        advance(resumed, fresh(), moves - cut)
        assert resumed.history == whole.history, (kind, cut)
        assert resumed.digest() == whole.digest()


def test_a_session_of_bots_resumes_exactly_from_its_autosave(tmp_path: Path) -> None:
    header = Header("base", parse_seats("red:bot,blue:bot:easy,white:bot:random,orange:bot"), 23)

    def run(session: Session, moves: int) -> None:
        for _ in range(moves):
            if session.game.over:
                return
            session.bot_move()

    whole = Session.new(header, save_name="whole", saves_folder=tmp_path)
    run(whole, 240)
    part = Session.new(header, save_name="part", saves_folder=tmp_path)
    run(part, 133)
    again = Session.from_save("part", saves_folder=tmp_path)
    run(again, 240 - 133)
    assert again.game.history == whole.game.history


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_copy_for_play_outs_is_the_game_and_shares_nothing(scenario: str) -> None:
    from catan_cli.bots.determinise import copy_game
    game = Game.new(scenario, players=NAMES, seed=4)
    advance(game, {n: make_bot("greedy") for n in NAMES}, 120)
    copy = copy_game(game)
    assert copy.to_json() == game.to_json()
    before = game.to_json()
    advance(copy, {n: make_bot("greedy") for n in NAMES}, 80)
    assert copy.digest() != game.digest()
    assert game.to_json() == before


# --- the doors name the levels ----------------------------------------------------------------------
def test_help_and_play_help_name_the_levels() -> None:
    from typer.testing import CliRunner

    from catan_cli.cli import build_app
    from catan_cli.helptext import overview
    sections = dict(overview())
    bots = " ".join(syntax for syntax, _ in sections["Bots (catan play --players ...)"])
    assert all(f"NAME:bot:{level}" in bots for level in ("easy", "medium", "hard"))
    result = CliRunner().invoke(build_app(), ["play", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.split())
    assert all(word in text for word in ("easy", "medium", "hard", "--think"))


def test_the_cli_refuses_a_bad_think_or_bot_in_one_line() -> None:
    from typer.testing import CliRunner

    from catan_cli.cli import build_app
    app = build_app()
    for args in (["simulate", "--think", "0", "--games", "1"], ["simulate", "--bots", "wizard", "--games", "1"],
                 ["play", "--think", "0", "--players", "red:bot,blue:bot"]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code != 0 and "Traceback" not in result.output, result.output
        assert len([ln for ln in result.output.splitlines() if ln.startswith("catan: ")]) == 1, result.output


def test_simulate_rotate_prints_the_table_by_bot() -> None:
    from typer.testing import CliRunner

    from catan_cli.cli import build_app
    result = CliRunner().invoke(build_app(), ["simulate", "--bots", "greedy,random,random", "--players", "3",
                                              "--games", "3", "--rotate"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "by bot (every seating in turn)" in result.output and "rotated" in result.output


@pytest.mark.rule("F.1.5")
def test_the_pirate_islands_standing_counts_a_knight_in_hand_as_a_warship_to_come() -> None:
    """F.1.5: a knight (with four players a VP card too) becomes a warship, so the searching
    bot's standing counts one in hand, and a warship counts more than a victory point."""
    from catan_cli.bots.strategies import strategy_for
    from catan_cli.scenarios.pirate_islands.bot import STANDING_WEIGHTS
    game = Game.new("pirate-islands", players=NAMES, seed=6)
    strat, p = strategy_for("pirate-islands"), game.engine.s.players[0]
    before = strat.standing(game, 0, 0.0)
    p.dev_cards.append(["victory-point", 0])
    after = strat.standing(game, 0, 0.0)
    assert before is not None and after is not None
    assert after - before == pytest.approx(STANDING_WEIGHTS[5])
    assert STANDING_WEIGHTS[4] + STANDING_WEIGHTS[5] + STANDING_WEIGHTS[6] > STANDING_WEIGHTS[0]
    three = Game.new("pirate-islands", players=NAMES[:3], seed=6)
    three.engine.s.players[0].dev_cards.append(["victory-point", 0])
    features = strat.standing_features(three, 0, 0.0)
    assert features is not None and features[5] == 0 and features[3] == 1


def test_fit_standing_recovers_the_weights_that_chose_the_winners() -> None:
    """The fitting tool's conditional logit finds the weights that made the data."""
    from catan_cli.benchmarks.fit_standing import fit, top_rate
    rng = random.Random(5)
    truth = [1.0, -0.5]
    samples = []
    for _ in range(3000):
        seats = [[rng.uniform(0, 3), rng.uniform(0, 3)] for _ in range(4)]
        odds = [2.718281828 ** (truth[0] * f[0] + truth[1] * f[1]) for f in seats]
        winner = rng.choices(range(4), weights=odds)[0]
        samples.append((seats, winner))
    w = fit(samples)
    assert w[0] == pytest.approx(1.0, abs=0.15) and w[1] == pytest.approx(-0.5, abs=0.15)
    assert top_rate(samples, w) > top_rate(samples, [0.0, 1.0])
