"""The hard bot's leaf in Barbarian Attack (issue 46): a play-out's world is scored by the
scenario's own standing (fitted with benchmarks/fit_standing.py to who won greedy games),
which sees what the general worth does not: knights on the board (D.9), an odd prisoner
(D.12, D.17), gold (D.16) and the production a conquered hex no longer yields (D.6).

The map is test_barbarian_attack.py's (sandbox, seed 7): intersection 40 touches Q(2),
X(10) and the inner hex R, so it never falls.
"""

from __future__ import annotations

import pytest

from bot_games import play_checked
from builds import pure_only
from catan_cli import Game, build
from catan_cli.bots import search
from catan_cli.bots.context import Ctx
from catan_cli.bots.search import HORIZON, horizon, pace, production_worth, worths
from catan_cli.bots.strategies import strategy_for
from catan_cli.scenarios.barbarian_attack.bot import GOLD_CAP, STANDING_WEIGHTS
from catan_cli.scenarios.barbarian_attack.bot import Strategy as BAStrategy
from test_barbarian_attack import knights, on_turn, pdata, run, set_barbarians

RED = 0
NAMES = ["red", "blue", "white", "orange"]
KNIGHTS, PRISONERS, GOLD, LOST = 5, 4, 3, 6


def features(g: Game, seat: int = RED) -> list[float]:
    strat = strategy_for("barbarian-attack")
    return strat.standing_features(g, seat, production_worth(g, yields=strat.production_yields())[seat])


def test_the_standing_weighs_its_features_and_is_the_leaf_the_search_scores() -> None:
    g = on_turn()
    run(g, "put settlement red 40")
    feats = features(g)
    assert len(feats) == len(STANDING_WEIGHTS)
    assert worths(g)[RED] == pytest.approx(sum(w * f for w, f in zip(STANDING_WEIGHTS, feats)))


@pytest.mark.rule("D.9", "D.8")
def test_a_knight_on_the_board_is_worth_more_than_the_three_cards_its_card_cost() -> None:
    """The general worth saw a bought card's knight as nothing, and the three cards it cost
    as a loss: a searching bot would never defend its coast."""
    g = on_turn()
    run(g, "give red 1 wool 1 grain 1 ore")
    before = worths(g)[RED]
    run(g, "take red 1 wool 1 grain 1 ore")
    knights(g, "red", "26-27")
    assert features(g)[KNIGHTS] == 1
    assert worths(g)[RED] > before


@pytest.mark.rule("D.12", "D.17")
def test_a_first_prisoner_counts_for_part_of_a_point_and_the_second_makes_it() -> None:
    g = on_turn()
    worth = []
    for prisoners in (0, 1, 2):
        pdata(g, "red")["prisoners"] = prisoners
        worth.append(worths(g)[RED])
    assert worth[0] < worth[1] < worth[2]
    assert features(g)[0] == 1 and features(g)[PRISONERS] == 0      # the pair is a point
    assert worth[2] - worth[0] == pytest.approx(STANDING_WEIGHTS[0])


@pytest.mark.rule("D.16")
def test_gold_counts_in_the_leaf_up_to_a_cap() -> None:
    g = on_turn()
    pdata(g, "red")["gold"] = 0
    poor = worths(g)[RED]
    pdata(g, "red")["gold"] = 2
    assert worths(g)[RED] > poor
    pdata(g, "red")["gold"] = GOLD_CAP
    capped = worths(g)[RED]
    pdata(g, "red")["gold"] = GOLD_CAP + 10
    assert worths(g)[RED] == pytest.approx(capped)


@pytest.mark.rule("D.6")
def test_a_standing_building_on_a_conquered_hex_loses_that_hexs_pips() -> None:
    """40 stands (R is inner) when X(10, 3 pips) is conquered, but X yields nothing more: the
    standing counts those pips lost, twice for a city."""
    g = on_turn()
    run(g, "put settlement red 40")
    assert features(g)[LOST] == 0
    before = worths(g)[RED]
    set_barbarians(g, X=3)
    assert features(g)[LOST] == 3
    assert worths(g)[RED] < before
    run(g, "put city red 40")
    assert features(g)[LOST] == 6
    set_barbarians(g, X=2)                    # freed (D.14): it yields again
    assert features(g)[LOST] == 0


def test_the_search_plays_out_one_round_in_barbarian_attack_and_two_elsewhere() -> None:
    """Its budget bought 3-4 rounds of two-round play-outs: one-round ones buy twice as many,
    and a round still holds every seat's turn, and so every battle (D.11), before the leaf."""
    assert horizon(Game.new("barbarian-attack", players=NAMES, seed=1)) == 1
    assert horizon(Game.new("base", players=NAMES, seed=1)) == HORIZON == 2


def test_the_compiled_build_spends_the_same_budget_on_more_play_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget is counted in play-out moves: the compiled build, which plays Barbarian
    Attack's about twice as fast, counts twice the pace, so a decision takes the same time;
    a scenario without a measured speed-up plays the same play-outs in both builds."""
    ba = Game.new("barbarian-attack", players=NAMES, seed=1)
    land = Game.new("base", players=NAMES, seed=1)
    monkeypatch.setattr(search, "compiled_build", lambda: False)
    assert pace(ba) == BAStrategy.PACE and pace(land) == search.MOVES_PER_MS_LAND
    monkeypatch.setattr(search, "compiled_build", lambda: True)
    assert pace(ba) == pytest.approx(BAStrategy.PACE * BAStrategy.COMPILED_SPEEDUP) and BAStrategy.COMPILED_SPEEDUP > 1
    assert pace(land) == search.MOVES_PER_MS_LAND


def test_the_compiled_build_is_looked_up_on_disk() -> None:
    assert search.compiled_build() == (build() == "compiled")


def greedy_history(seed: int, turns: int) -> list[str]:
    return list(play_checked("barbarian-attack", ["greedy"] * 4, seed, turns=turns)[1].history)


@pure_only
@pytest.mark.rule("D.5", "D.6")
def test_greedy_plays_the_same_moves_with_its_spot_values_kept_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """The yardstick does not move: the spot values kept under the barbarians' counts (the
    valuation key: landings, D.5, and conquests, D.6, change them) give move for move the
    game worked out afresh at every decision."""
    kept = greedy_history(seed=21, turns=60)
    monkeypatch.setattr(BAStrategy, "valuation_key", lambda self, ctx: None)
    assert greedy_history(seed=21, turns=60) == kept


def test_the_valuation_key_is_the_barbarians_on_each_coastal_hex() -> None:
    strat = strategy_for("barbarian-attack")
    g = on_turn()
    before = strat.valuation_key(Ctx(g, "red"))
    assert before == tuple(int(c["barbarians"]) for c in g.view("red")["extra"]["coast"])
    set_barbarians(g, X=2)
    assert strat.valuation_key(Ctx(g, "red")) != before
