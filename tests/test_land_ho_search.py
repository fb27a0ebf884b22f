"""The hard bot's leaf in Land Ho! (issue 46): a play-out's world is scored by the
scenario's own standing, which sees what the seed makes worth having and the general worth
does not: a harbour settlement produces (C.4), a settler built is a settlement paid for
(C.5), a ship is a way across the sea (C.6), gold buys resources (C.9).

The map is test_land_ho.py's: red's harbour settlement on 23 with its settler ship on
23-24, its settlement on 38; 36 is a coastal intersection red may settle in a sandbox.
"""

from __future__ import annotations

import pytest

from catan_cli import Game
from catan_cli.bots.search import HORIZON, GENERAL_YIELDS, horizon, production_worth, worths
from catan_cli.bots.strategies import strategy_for
from catan_cli.scenarios.land_ho.bot import STANDING_WEIGHTS
from sea_helpers import run

COLOURS = ["red", "blue", "white", "orange"]
RED = 0


def on_turn() -> Game:
    g = Game.new("land-ho", players=COLOURS, seed=5, sandbox=True)
    g.execute("turn red")
    return g


def features(g: Game, seat: int = RED) -> list[float]:
    strat = strategy_for("land-ho")
    return strat.standing_features(g, seat, production_worth(g, yields=strat.production_yields())[seat])


def test_the_standing_weighs_its_features_and_is_the_leaf_the_search_scores() -> None:
    g = on_turn()
    feats = features(g)
    assert len(feats) == len(STANDING_WEIGHTS)
    assert worths(g)[RED] == pytest.approx(sum(w * f for w, f in zip(STANDING_WEIGHTS, feats)))


@pytest.mark.rule("C.4")
def test_a_harbour_settlement_keeps_its_production_in_the_leaf_and_adds_a_point() -> None:
    """The general worth counts settlements and cities only: upgrading to a harbour
    settlement, which produces 1 like the settlement it replaces, would have looked like
    losing the settlement's production."""
    g = on_turn()
    run(g, "put settlement red 36", "give red 2 grain 2 ore")
    vp, prod = features(g)[0], features(g)[1]
    before = worths(g)[RED]
    run(g, "build harbor 36")
    after = features(g)
    assert after[0] == vp + 1 and after[1] == pytest.approx(prod)
    assert worths(g)[RED] > before
    # the general count leaves the harbour settlements out, so it sees less
    assert production_worth(g, yields=GENERAL_YIELDS)[RED] < after[1]


@pytest.mark.rule("C.5")
def test_a_settler_built_counts_as_a_settlement_under_way() -> None:
    g = on_turn()
    run(g, "drop cargo 23-24")                  # red's ship sails empty
    empty = features(g)[4]
    before = worths(g)[RED]
    run(g, "give red 1 brick 1 lumber 1 wool 1 grain", "build settler 23")     # into the basin
    assert features(g)[4] == empty + 1
    # paid with four cards, yet worth more than the cards were
    assert worths(g)[RED] > before


@pytest.mark.rule("C.9")
def test_gold_counts_in_the_leaf_up_to_a_cap() -> None:
    g = on_turn()
    g.state.players[RED].extra["gold"] = 0
    poor = worths(g)[RED]
    g.state.players[RED].extra["gold"] = 4
    assert worths(g)[RED] > poor
    g.state.players[RED].extra["gold"] = 100
    capped = worths(g)[RED]
    g.state.players[RED].extra["gold"] = 200
    assert worths(g)[RED] == capped


def test_the_play_outs_of_land_ho_end_sooner_and_the_others_keep_the_general_horizon() -> None:
    assert horizon(on_turn()) == 1 < HORIZON
    for scenario in ["base", "cloth-for-catan", "pirate-islands"]:
        assert horizon(Game.new(scenario, players=COLOURS, seed=1)) == HORIZON
