"""The hard bot searches in every scenario: the state a seat cannot see (face-down hexes
and their numbers, chests, castaways, gold-field tokens, sea robber cards, spices, Barbarian
Attack's deck) is dealt afresh in its worlds as each scenario declares (``StateItem.redeal``),
so the worlds show the seat exactly what the game shows and its choice cannot depend on what
it may not see; a search compares the scenario's own verbs with the general moves, within
its budget of play-out moves, and names a legal move."""

from __future__ import annotations

import json
import random

import pytest

from catan_cli import Game
from catan_cli.bots import SearchBot, make_bot
from catan_cli.bots.determinise import can_determinise, world_of
from catan_cli.bots.search import width
from catan_cli.engine.declare import Visibility
from catan_cli.engine.invariants import check_invariants

from secrecy import scrambled_for
from test_bots import _shuffle_hidden

#: the scenarios whose hidden state the searching bot could not deal before
SCENARIOS = ["legend-1", "legend-2", "legend-3", "legend-4", "land-ho", "barbarian-attack"]
NAMES = ["red", "blue", "white", "orange"]


def hidden_state(game: Game) -> str:
    """Every declared item of scenario state some seat may not see, as one string."""
    e, s = game.engine, game.engine.s
    out = []
    for (scope, key), item in sorted(e.state_items.items()):
        if item.visibility is Visibility.PUBLIC:
            continue
        out.append(s.extra.get(key) if scope == "game" else [p.extra.get(key) for p in s.players])
    return json.dumps(out, sort_keys=True, default=str)


def searched_positions(scenario: str, seed: int, want: int, every: int = 7):
    """Up to ``want`` positions after the set-up where the searching bot compares two or
    more candidates (greedy plays every seat between them; one in ``every`` is taken)."""
    game = Game.new(scenario, players=NAMES, seed=seed)
    greedy = make_bot("greedy")
    probe = SearchBot(rollouts=1)
    found = 0
    n = 0
    while not game.over and found < want and game.state.turn <= 120:
        seat = game.prompt_player()
        if game.state.phase != "setup":
            n += 1
            if n % every == 0:
                move = probe.greedy.choose_action(game, seat)
                if len(probe.candidates(game, seat, move)) >= 2:
                    found += 1
                    yield game, seat
        game.execute(greedy.choose(game, seat))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_world_shows_its_seat_exactly_what_the_game_shows(scenario: str) -> None:
    """Every world keeps the seat's view (counts, places, its own hidden items), breaks no
    invariant, and its hidden scenario state is dealt afresh (worlds differ)."""
    game = Game.new(scenario, players=NAMES, seed=6)
    greedy = make_bot("greedy")
    checked = 0
    fresh = 0
    for step in range(400):
        if game.over or game.state.turn > 45:
            break
        seat = game.prompt_player()
        me = game.seat(seat)
        if step % 9 == 0:
            assert can_determinise(game, me), (scenario, game.state.turn)
            worlds = [world_of(game, me, random.Random(k)) for k in range(3)]
            for world in worlds:
                assert world.view(me) == game.view(me), (scenario, game.state.turn)
                assert check_invariants(world.engine) == [], (scenario, game.state.turn)
            fresh += len({hidden_state(w) for w in worlds}) > 1
            checked += 1
        game.execute(greedy.choose(game, seat))
    assert checked >= 8
    assert fresh >= checked // 2, (fresh, checked)   # the scenario's hidden state is dealt, not copied


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_world_is_dealt_from_what_the_seat_may_know_only(scenario: str) -> None:
    """The secrecy scramble changes everything the seat may not see: a world dealt from the
    scrambled game with the same generator is the same world."""
    for game, seat in searched_positions(scenario, seed=8, want=3):
        me = game.seat(seat)
        blind = scrambled_for(game, me, seed=5)
        ours, theirs = world_of(game, me, random.Random(3)), world_of(blind, me, random.Random(3))
        assert hidden_state(ours) == hidden_state(theirs)
        assert [p.resources for p in ours.engine.s.players] == [p.resources for p in theirs.engine.s.players]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_search_choice_does_not_depend_on_another_seats_hidden_state(scenario: str) -> None:
    """The searching bot chooses the same move in a copy where everything its seat cannot
    see is changed (tests/secrecy.py, other hands and the dice generator shuffled too)."""
    rng = random.Random(11)
    checked = 0
    for game, seat in searched_positions(scenario, seed=12, want=2, every=11):
        me = game.seat(seat)
        mine = SearchBot(rollouts=3).choose(game, seat)
        blind = _shuffle_hidden(scrambled_for(game, me, seed=checked), me, rng)
        blind.engine.s.rng.seed(rng.random())
        assert SearchBot(rollouts=3).choose(blind, seat) == mine, (scenario, seat, game.state.turn)
        checked += 1
    assert checked == 2


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_search_compares_candidates_within_its_budget_and_names_a_legal_move(scenario: str) -> None:
    searched = 0
    for game, seat in searched_positions(scenario, seed=4, want=3):
        bot = SearchBot(think_ms=30)
        line = bot.choose(game, seat)
        assert bot.last_searched and bot.last_rounds >= 1, (scenario, game.state.turn)
        assert game.check(f"{seat}: {line}").ok, line
        if bot.last_rounds > 1:     # it stops when the next round would overrun the budget
            assert bot.last_moves <= 2 * bot.budget(game), (bot.last_moves, bot.budget(game))
        fixed = SearchBot(rollouts=2)
        assert fixed.choose(game, seat) and fixed.last_rounds == 2
        searched += 1
    assert searched == 3


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_candidates_include_the_scenarios_own_verbs(scenario: str) -> None:
    """Where the seat may use a verb of the scenario's own beside general moves, the search
    weighs a move of each such kind (as many as the candidates hold)."""
    game = Game.new(scenario, players=NAMES, seed=9)
    greedy = make_bot("greedy")
    probe = SearchBot(rollouts=1)
    own = set(game.engine.verbs)
    offered = 0
    while not game.over and game.state.turn <= 40:
        seat = game.prompt_player()
        if game.state.phase != "setup":
            move = probe.greedy.choose_action(game, seat)
            candidates = probe.candidates(game, seat, move)
            legal_own = {a.kind for a in game.legal_actions() if a.kind in own and game.engine.actor_of(a) == game.seat(seat)}
            legal_own -= {"trade", "offer", "discard"}
            if len(candidates) >= 2 and legal_own:
                got = {a.kind for a in candidates}
                ends = sum(a.kind == "end" for a in candidates)
                assert len(legal_own & got) >= min(len(legal_own), width(game) - 1 - ends), (
                    scenario, legal_own, got)
                offered += 1
        game.execute(greedy.choose(game, seat))
    assert offered >= 3, offered


#: the scenarios whose strategy weighs a standing of its own (Land Ho!: test_land_ho_search.py;
#: the Legend's Chapter 4: test_legend4_search.py; Barbarian Attack: test_barbarian_search.py)
OWN_STANDING = {"land-ho", "legend-4", "barbarian-attack"}


@pytest.mark.parametrize("scenario", ["base", "cloth-for-catan", *(s for s in SCENARIOS if s not in OWN_STANDING)])
def test_fit_standing_fits_the_general_worth_where_a_scenario_has_no_standing_of_its_own(scenario: str) -> None:
    """The fitting tool's general features, weighed by the general weights, are the leaf the
    searching bot scores (so a fit is compared with what the bot does)."""
    from catan_cli.benchmarks.fit_standing import GENERAL_WEIGHTS, features_of
    from catan_cli.bots.search import production_worth, worths
    from catan_cli.bots.strategies import strategy_for
    game = Game.new(scenario, players=NAMES, seed=3)
    greedy = make_bot("greedy")
    for _ in range(160):
        if game.over:
            break
        seat = game.prompt_player()
        game.execute(greedy.choose(game, seat))
    strat, prod = strategy_for(scenario), production_worth(game)
    weighed = [sum(w * f for w, f in zip(GENERAL_WEIGHTS, features_of(game, strat, i, prod[i]))) for i in range(4)]
    assert weighed == pytest.approx(worths(game))


def test_a_scenario_with_dearer_moves_counts_its_budget_at_its_own_pace() -> None:
    """The budget is play-out moves at the reference machine's pace; where a scenario's
    moves cost more (Land Ho!'s sailing, Barbarian Attack's knights) its strategy says its
    pace, per chapter in the Legend, and a decision gets fewer moves for the same time (the
    hint coach too)."""
    from catan_cli.bots.search import MOVES_PER_MS, MOVES_PER_MS_LAND, compiled_build, pace
    from catan_cli.bots.strategies import strategy_for
    for scenario in ["base", "pirate-islands", "land-ho", "barbarian-attack"]:
        game = Game.new(scenario, players=NAMES, seed=1)
        strat = strategy_for(scenario)
        own = strat.playout_pace(game)
        general = MOVES_PER_MS if game.engine.scen.rules.ships else MOVES_PER_MS_LAND
        build_speed = strat.compiled_speedup(game) if compiled_build() else 1.0
        assert pace(game) == (own if own is not None else general) * build_speed
    assert strategy_for("land-ho").playout_pace(Game.new("land-ho", players=NAMES, seed=1)) < MOVES_PER_MS_LAND
    ba = Game.new("barbarian-attack", players=NAMES, seed=1)
    assert strategy_for("barbarian-attack").playout_pace(ba) < MOVES_PER_MS_LAND
    chapters = [pace(Game.new(f"legend-{k}", players=NAMES, seed=1)) for k in (1, 2, 3, 4)]
    assert max(chapters) < MOVES_PER_MS and chapters[3] == min(chapters)   # Chapter 4's moves cost most


@pytest.mark.parametrize("scenario", ["base", "pirate-islands", "legend-1", "legend-4", "barbarian-attack"])
def test_a_play_out_ends_when_the_seats_turn_has_come_round_its_scenarios_horizon(scenario: str) -> None:
    """Play-outs run two rounds (the general ``HORIZON``) unless the scenario cuts them
    shorter (``Strategy.playout_horizon``: the Legend's and Barbarian Attack's slow moves buy
    a round or two of two-round play-outs at 300 ms): a play-out stops at the start of the
    searching seat's turn, that many turns of it later, or at a win."""
    from catan_cli.bots.search import HORIZON, horizon
    from catan_cli.bots.strategies import strategy_for
    game, seat = next((g, seat) for g, seat in searched_positions(scenario, seed=4, want=6)
                      if g.engine.s.current == g.seat(seat))
    own = strategy_for(scenario).playout_horizon(game)
    rounds = horizon(game)
    assert rounds == (HORIZON if own is None else own)
    if scenario.startswith("legend") or scenario == "barbarian-attack":
        assert rounds == 1
    else:
        assert rounds == HORIZON            # the other maps' searches are unchanged
    bot, me = SearchBot(rollouts=1), game.seat(seat)
    move = bot.greedy.choose_action(game, seat)
    world, _ = bot.play_out(game, me, move, world_seed=5)
    assert world is not None
    turns = world.state.turn - game.state.turn
    assert world.over or (world.engine.s.current == me and turns == rounds * len(NAMES)), (turns, rounds)
