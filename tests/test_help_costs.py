"""'help VERB' and the costs pane name what things cost in this scenario: its own verbs'
prices (from its data), and nothing the scenario does not sell."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_cli.engine.geometry import RESOURCES
from catan_cli.engine.words import sum_text
from catan_cli.game import Game
from catan_cli.helptext import lookup, overview, verb_help
from catan_cli.screen import panes
from catan_cli.screen.fragments import plain

from screen_helpers import red_after_roll


def _cost_lines(word: str, game: Game) -> list[str]:
    return [line.strip() for line in verb_help(word, game) if line.strip().startswith("cost:")]


def _price(game: Game, param: str) -> str:
    table = game.engine.scen.params[param]
    return sum_text([int(table.get(r, 0)) for r in RESOURCES])


def test_land_ho_sells_no_cities_so_help_build_names_no_city_price() -> None:
    game = Game.new("land-ho", players=["red", "blue"], seed=5)
    lines = _cost_lines("build", game)
    assert "cost: road: 1 lumber + 1 brick; settlement: 1 lumber + 1 brick + 1 wool + 1 grain" in lines
    assert not any("city" in line for line in lines), lines


def test_land_ho_help_build_gives_the_harbour_and_settler_prices_of_its_data() -> None:
    game = Game.new("land-ho", players=["red", "blue"], seed=5)
    lines = _cost_lines("build", game)
    assert f"cost: {_price(game, 'harbor_cost')}" in lines          # 2 grain + 2 ore
    assert f"cost: {_price(game, 'settler_cost')}" in lines
    assert "cost: 1 lumber + 1 wool" in lines                          # its ship
    assert _cost_lines("buy", game) == [f"cost: {game.engine.scen.params['resources_for_gold']} of a kind"]


@pytest.mark.parametrize(("scenario", "syntax"), [
    ("base", "build road A-B  |  build settlement|city N"),                 # no ships
    ("barbarian-attack", "build road A-B  |  build settlement|city N"),
    ("land-ho", "build road A-B  |  build settlement N"),                   # no cities; its ship verb apart
    ("cloth-for-catan", "build road|ship A-B  |  build settlement|city N"),
])
def test_help_build_names_only_the_pieces_the_scenario_has(scenario: str, syntax: str) -> None:
    game = Game.new(scenario, players=["red", "blue", "white"], seed=5)
    general = verb_help("build", game)[:2]
    assert general[0] == syntax
    has_ships, has_cities = "ship" in syntax.split("|  ")[0], "city" in syntax
    assert ("roads and ships on a path" in general[1]) == has_ships
    assert ("settlements and cities on an intersection" in general[1]) == has_cities
    listed = [line for _, lines in overview(False, game) for line, _ in lines if line.startswith("build road")]
    assert listed == [syntax]


@pytest.mark.parametrize(("scenario", "word", "param"), [
    ("legend-1", "build", "outpost_cost"),
    ("legend-2", "build", "miner_cost"),
    ("legend-3", "build", "catapult_cost"),
    ("legend-4", "build", "merchant_cost"),
])
def test_a_legend_verbs_price_in_help_is_its_chapters_data(scenario: str, word: str, param: str) -> None:
    game = Game.new(scenario, players=["red", "blue", "white"], seed=1)
    assert f"cost: {_price(game, param)}" in _cost_lines(word, game)


def test_a_price_that_is_a_fixed_text_is_shown_as_written() -> None:
    game = Game.new("legend-1", players=["red", "blue", "white"], seed=1)
    assert _cost_lines("rescue", game) == ["cost: what the token shows"]
    assert _cost_lines("olaf", game) == ["cost: 1 lumber or 1 brick"]


def test_the_costs_pane_lists_only_what_the_scenario_sells(tmp_path: Path) -> None:
    def costs(scenario: str) -> str:
        session = red_after_roll(scenario, 3, tmp_path / scenario, save=False)
        section = next(s for s in panes.side_sections(session, 60) if s.name == "costs")
        return " ".join(plain(line) for line in section.lines)

    land_ho = costs("land-ho")
    assert "road LB" in land_ho and "settlement LBWG" in land_ho
    assert "city" not in land_ho and "card" not in land_ho
    base = costs("base")
    assert "city GGOOO" in base and "card WGO" in base


@pytest.mark.parametrize(("scenario", "pieces"), [
    ("land-ho", {"ship": "ship_cost", "harbor": "harbor_cost", "settler": "settler_cost"}),
    ("legend-1", {"outpost": "outpost_cost"}),
    ("legend-2", {"miner": "miner_cost"}),
    ("legend-3", {"catapult": "catapult_cost"}),
    ("legend-4", {"merchant": "merchant_cost"}),
])
def test_the_costs_pane_lists_the_pieces_the_scenarios_verbs_build(tmp_path: Path, scenario: str,
                                                                    pieces: dict[str, str]) -> None:
    session = red_after_roll(scenario, 3, tmp_path / scenario, save=False)
    section = next(s for s in panes.side_sections(session, 60) if s.name == "costs")
    text = " ".join(plain(line) for line in section.lines)
    game = session.game
    for piece, param in pieces.items():
        if param == "ship_cost":
            vector = game.engine.scen.costs["ship"]
        else:
            table = game.engine.scen.params[param]
            vector = [int(table.get(r, 0)) for r in RESOURCES]
        letters = "".join(letter * n for letter, n in zip("LBWGO", vector))
        assert f"{piece} {letters}" in text, text


def test_help_summaries_state_the_prices_of_the_scenarios_data(monkeypatch: pytest.MonkeyPatch) -> None:
    # The words follow the data: with other numbers in rules/*.toml, help says those.
    from catan_cli.engine.scenario import load_scenario

    barbarian = load_scenario("barbarian-attack").params
    monkeypatch.setitem(barbarian, "gold_per_resource", 3)
    monkeypatch.setitem(barbarian, "gold_buys_per_turn", 1)
    monkeypatch.setitem(barbarian, "knight_steps", 4)
    monkeypatch.setitem(barbarian, "knight_steps_paid", 6)
    game = Game.new("barbarian-attack", players=["red", "blue", "white"], seed=1)
    assert "Pay 3 gold for 1 resource from the bank, at most once a turn." in verb_help("exchange", game)[1]
    assert "up to 4 paths (6 for 1 grain)" in verb_help("move", game)[1]
    monkeypatch.setitem(load_scenario("legend-1").params, "jerok_card", {"wool": 2, "grain": 1})
    game = Game.new("legend-1", players=["red", "blue", "white", "orange"], seed=1)
    assert "for 2 wool + 1 grain (your own turn" in verb_help("jerok", game)[1]


def test_land_ho_gold_and_wool_help_states_the_prices_of_its_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from catan_cli.engine.scenario import load_scenario

    params = load_scenario("land-ho").params
    for key, value in (("gold_price", 3), ("gold_buys_per_turn", 1), ("resources_for_gold", 4),
                       ("wool_points", 3), ("movement_points", 5)):
        monkeypatch.setitem(params, key, value)
    game = Game.new("land-ho", players=["red", "blue"], seed=5)
    summaries = {h.syntax: h.summary for h in lookup("pay", game) + lookup("buy", game) + lookup("move", game)}
    assert summaries["pay gold for R"] == "Buy 1 resource of your choice for 3 gold, at most once a turn."
    assert summaries["pay wool [E]"].startswith("3 more movement points for your ship on E")
    assert "buys 1 resource for 3 gold (once a turn)" in summaries["pay wool [E]"]
    assert summaries["buy gold with 3 R"].startswith("Trade 4 of one resource for 1 gold")
    assert "(5 a turn, +3 for 1 wool)" in summaries["move ship E to F"]


def test_the_legend_and_land_ho_verbs_help_states_the_numbers_of_their_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from catan_cli.engine.scenario import load_scenario

    def texts(scenario: str, *words: str) -> dict[str, str]:
        game = Game.new(scenario, players=["red", "blue", "white", "orange"], seed=1)
        return {h.syntax: h.summary for w in words for h in lookup(w, game)}

    for key, value in (("miner_steps", 2), ("miners_each", 4), ("miners_per_node", 5)):
        monkeypatch.setitem(load_scenario("legend-2").params, key, value)
    two = texts("legend-2", "build", "move")
    assert "(4 each)" in two["build miner"]
    assert "up to 2 intersections" in two["move miner N to M"] and "at most 5 miners" in two["move miner N to M"]

    three = load_scenario("legend-3").params
    monkeypatch.setitem(three, "jugs_max", 5)
    monkeypatch.setitem(three, "battle_loss", ["brick", "grain"])
    seen = texts("legend-3", "build", "salvage")
    assert "1 clay jug up (0-5)" in seen["build catapult"]
    assert "take 1 brick or 1 grain for the ship you lost" in seen["salvage brick|grain"]

    four = load_scenario("legend-4").params
    for key, value in (("lea_take", 3), ("reiko_extra", 5), ("gerhild_takes", 1), ("isa_ship", ["brick"]),
                       ("olaf_road", ["ore"]), ("spices_for_chits", 4), ("chits_for_spices", 1),
                       ("trade_option_price", 3)):
        monkeypatch.setitem(four, key, value)
    seen = texts("legend-4", "lea", "reiko", "gerhild", "isa", "olaf", "cash", "buy")
    assert "3-6 take 3 resources" in seen["lea"] and "take 3 resources" in seen["lea take RES RES"]
    assert "may hold 5 more cards" in seen["reiko"]
    assert "take 1 resource of your choice" in seen["gerhild RES RES"]
    assert "only 1 brick," in seen["isa ship PATH lumber|wool | isa move PATH to PATH"]
    assert "only 1 ore," in seen["olaf road PATH lumber|brick | olaf move PATH to PATH"]
    assert "discard 4 spice cards of one kind, or 4 of different kinds" in seen["cash SPICE SPICE SPICE"]
    assert "for 1 Catan chit (1 VP each)" in seen["cash SPICE SPICE SPICE"]
    assert "pay 3 RES for the top spice card" in seen["buy spice RES"]

    land = load_scenario("land-ho").params
    monkeypatch.setitem(land, "ships", 4)
    monkeypatch.setitem(land, "ships_per_route", 3)
    seen = texts("land-ho", "build")
    assert "at most 3 ships on a route" in seen["build ship E [replacing F]"]
    assert "With all 4 ships out" in seen["build ship E [replacing F]"]


@pytest.mark.parametrize("scenario, pieces", [
    ("base", "road, settlement, city"),
    ("land-ho", "road, settlement, ship, harbor, settler"),
    ("legend-4", "road, settlement, city, ship, merchant"),
])
def test_an_unknown_piece_to_build_is_refused_naming_what_the_scenario_builds(scenario: str, pieces: str) -> None:
    from catan_cli.errors import RuleError

    game = Game.new(scenario, players=["red", "blue", "white"], seed=1)
    with pytest.raises(RuleError) as info:
        game.execute("build tower 3")
    assert f"cannot build 'tower' here ({pieces})" in str(info.value)
