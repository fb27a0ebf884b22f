"""'help rules' states the numbers the game plays by: each scenario's rules text is a template
filled from its data (rules/*.toml), so a value changed there is the value help states."""

from __future__ import annotations

import re

import pytest

from catan_cli.engine.scenario import available_scenarios, load_scenario
from catan_cli.engine.words import or_list, ordinal
from catan_cli.game import Game
from catan_cli.helptext import rules_help

FOUR = ["red", "blue", "white", "orange"]


def _rules(scenario: str, players: list[str] = FOUR) -> str:
    """The rules text on one line: help wraps it for the screen, anywhere between words."""
    return " ".join(" ".join(rules_help(Game.new(scenario, players=players, seed=1))).split())


def _rules_with(monkeypatch: pytest.MonkeyPatch, scenario: str, **params: object) -> str:
    """The rules text, on one line, after the scenario's [params] are changed."""
    scen = load_scenario(scenario)
    for key, value in params.items():
        monkeypatch.setitem(scen.params, key, value)
    return " ".join(_rules(scenario).split())


@pytest.mark.parametrize("scenario", available_scenarios())
def test_every_scenarios_rules_text_is_filled_in_whole(scenario: str) -> None:
    scen = load_scenario(scenario)
    text = _rules(scenario, FOUR[:scen.max_players])
    assert text.strip()
    assert not re.search(r"[{}]", text), text        # no name left unfilled


def test_barbarian_attack_states_its_barbarians_knights_and_gold_from_the_data(
        monkeypatch: pytest.MonkeyPatch) -> None:
    scen = load_scenario("barbarian-attack")
    for key, value in (("barbarians", 30), ("invasion_totals", 2), ("conquer_at", 4), ("knight_steps", 4),
                       ("knight_steps_paid", 6), ("consolation_gold", 5), ("knight_loss_gold", 1),
                       ("gold_per_resource", 3), ("gold_buys_per_turn", 1), ("knights", 7)):
        monkeypatch.setitem(scen.params, key, value)
    monkeypatch.setattr(scen, "vp_target", 13)
    text = _rules("barbarian-attack")
    for words in ("3-4 players, 13 VP", "until 2 different totals", "the supply of 30 is empty",
                  "- 4 barbarians conquer a hex", "With all 7 knights out", "up to 4 paths",
                  "grain': 6", "5 gold to those left out", "1 gold each to their owners",
                  "3 gold for 1 resource, once a turn", "E/W green, NE/SW violet, NW/SE brown"):
        assert words in text, words


def test_cloth_for_catan_states_its_cloth_price_and_early_end_from_the_data(
        monkeypatch: pytest.MonkeyPatch) -> None:
    scen = load_scenario("cloth-for-catan")
    monkeypatch.setitem(scen.params, "cloth_per_vp", 3)
    monkeypatch.setitem(scen.params, "early_end_villages", 2)
    monkeypatch.setattr(scen, "vp_target", 15)
    text = _rules("cloth-for-catan")
    assert "(Seafarers; 2-4 players, 15 VP)" in text
    assert "Every 3 cloth are worth 1 VP" in text
    assert "at 15 VP on your turn, or at once when 2 or fewer villages" in text


def test_land_ho_states_its_gold_ships_and_harbour_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _rules_with(monkeypatch, "land-ho", start_gold=3, empty_roll_gold=2, discovery_gold=4, ships=4,
                       ships_per_route=3, harbor_cost={"grain": 1, "ore": 3})
    for words in ("takes 2 gold", "Gold: 3 at the start", "Harbour settlement (1 grain + 3 ore)",
                  "Ships (1 lumber + 1 wool)", "4 each (with all out", "at most 3 ships end on a route",
                  "sea gives 4 gold", "'trade 3 ore for wool'", "more than 7 resource cards"):
        assert words in text, words


def test_the_pirate_islands_states_its_fortress_chits_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "With 4 chits the fortress becomes your settlement." in _rules_with(monkeypatch, "pirate-islands",
                                                                                 fortress_chits=4)


def test_legend_chapter_1_states_its_castaways_and_friends_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _rules_with(monkeypatch, "legend-1", castaway_limit=4, castaway_chits=[3, 2, 1, 1],
                       friends=["oda", "jerok"], outpost_cost={"lumber": 1, "brick": 1})
    assert "At most 4 each. The first to rescue 4 takes 3 Catan chits, later ones 2." in text
    assert "Your outpost wins a friend card: Oda or Jerok ('choose friend NAME')." in text
    assert "- Outpost ('build outpost N', 1 lumber + 1 brick, 1 VP)" in text
    assert "at most 5 each in this chapter" in text


def test_legend_chapter_2_states_its_miners_and_gold_track_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _rules_with(monkeypatch, "legend-2", miner_steps=2, miners_per_node=4, gold_track_chits=[4, 9],
                       gold_track_nyala=12, miner_cost={"ore": 2})
    for words in ("'build miner' (2 ore)", "up to 2 intersections", "at most 4 miners on an intersection",
                  "the number it shows (2 or 3)", "chit space (4, 9) reached",
                  "Nyala the Diplomat to the first to reach space 12"):
        assert words in text, words


def test_legend_chapters_without_outposts_state_no_outpost_rule() -> None:
    for scenario in ("legend-1", "legend-2"):
        assert "build outpost N" in _rules(scenario)
    for scenario in ("legend-3", "legend-4"):
        text = _rules(scenario)
        assert "build outpost" not in text and "at most 15 each in this chapter" in text


def test_legend_chapters_3_and_4_state_their_battles_and_trade_from_the_data(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = _rules_with(monkeypatch, "legend-3", nemesis_from=4, harbor_gold={"3": 25, "4": 35}, gold_isles_chits=2)
    assert "The first to sink 4 is the Greatest Sea Robber Nemesis" in text
    assert "gold reached 25 (3 players) / 35 (4 players)" in text
    assert "wins 2 Catan chits and a friend card: Hakon, Lias, Wulf or Lea" in text
    text = _rules_with(monkeypatch, "legend-4", merchants=2, lairs=3, trade_option_price=3, spices_for_chits=4)
    for words in ("15 ships each, 2 merchants each", "the first 3 sea hexes found", "'buy spice RES': 3 of",
                  "Once a turn 4 alike or 4 different buy 2 Catan chits", "the stack 5, 6, 8, 9",
                  "the 10 trade options (2 per resource)"):
        assert words in text, words


def test_counting_words() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
    assert or_list(["Jerok"]) == "Jerok"
    assert or_list(["Jerok", "Olaf", "Oda"]) == "Jerok, Olaf or Oda"
    assert or_list([]) == ""
