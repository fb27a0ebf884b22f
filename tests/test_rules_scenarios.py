"""The Pirate Islands, Barbarian Attack and Cloth for Catan: the rules of seeds 001, 003 and 004
and digest D, F.1, F.4 and F.5 that no scenario's own test file checked (issue 44), written
from the rule text: the components each seed lists, where the robber and the pirates are, the
barbarians' coast and the scenarios' names.

Positions are set up in sandbox games (seed 7); the maps are described in the headers of
``test_pirate_islands.py``, ``test_barbarian_attack.py`` and ``sea_helpers.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from catan_cli import Game, RuleError
from catan_cli.engine.scenario import ScenarioError, available_scenarios, load_scenario
from sea_helpers import run

COLOURS = ["red", "blue", "white", "orange"]
LAND = ("forest", "hills", "pasture", "fields", "mountains")


def game(scenario: str, n: int = 4, seed: int = 7) -> Game:
    return Game.new(scenario, players=COLOURS[:n], seed=seed, sandbox=True)


# --- The Pirate Islands (seed 001) ------------------------------------------------------------------
@pytest.mark.rule("S1:components")
def test_pirate_islands_components_terrain_numbers_8_harbours_and_12_chits():
    """3 deserts, 2 gold fields, 5 of each other land; 24 number tokens 2, 3 3, 4 4 4 ... 12;
    5 special 2:1 harbours and 3 generic 3:1; 12 Catan chits, 3 under each fortress."""
    g = game("pirate-islands")
    land = Counter(t for t in g.state.terrain if t != "sea")
    assert land == {"desert": 3, "gold": 2, **{t: 5 for t in LAND}}
    numbers = Counter(n for n in g.state.numbers if n)
    assert numbers == {2: 1, 3: 2, 4: 3, 5: 3, 6: 3, 8: 3, 9: 3, 10: 3, 11: 2, 12: 1}
    types = Counter(g.state.harbor_types)
    assert len(g.engine.scen.harbors) == 8 and types == {0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 3}
    fortresses = g.state.extra["fortresses"]
    assert [f["chits"] for f in fortresses] == [3, 3, 3, 3] and g.state.extra["fortress_chits_total"] == 12


@pytest.mark.rule("S1:pirate-and-robber", "F.5.2")
def test_pirate_islands_the_fleet_starts_on_its_mark_and_there_is_no_robber_or_seafarers_pirate():
    for seed in (7, 8):
        g = game("pirate-islands", seed=seed)
        fleet = g.view()["extra"]["fleet"]
        assert fleet["index"] == 0 and fleet["hex"] == fleet["path"][0] and fleet["active"]
        assert g.state.robber == -1
        run(g, "turn red")
        for command in ("robber K", "pirate K"):
            with pytest.raises(RuleError):
                g.execute(command)
    assert not game("pirate-islands").check("robber K").ok


# --- Barbarian Attack (seed 003) ------------------------------------------------------------------------
@pytest.mark.rule("S3:game-components", "D.1", "D.2", "D.18.1", "D.18.2")
def test_barbarian_attack_components_36_barbarians_6_knights_a_colour_and_26_cards():
    g = game("barbarian-attack")
    e = g.state.extra
    assert e["barbarian_supply"] + sum(e["barbarians"]) == 36        # the seed's "4" read as 36
    assert Counter(e["deck"]) == {"knighthood": 14, "black-knight": 4, "treason": 4, "intrigue": 4}
    assert int(g.engine.scen.params["knights"]) == 6
    # the scenario's own deck: no base development card can be bought
    assert not set(e["deck"]) & {"knight", "monopoly", "road-building", "year-of-plenty", "vp"}


@pytest.mark.rule("D.18.9")
def test_barbarians_never_land_on_an_inner_hex_the_desert_or_the_castle():
    """Treason may only move barbarians onto coastal hexes; the invasion's totals name coastal
    hexes only (inner L M R S T Y Z, the desert H, the castle AD)."""
    g = game("barbarian-attack", n=3)
    run(g, "turn red")
    deck = g.state.extra["deck"]
    deck.remove("treason")
    deck.append("treason")
    run(g, "give red 1 wool 1 grain 1 ore", "buy card")
    for target in ("L", "S", "H", "AD"):
        verdict = g.check(f"move barbarian Q to {target}")
        assert not verdict.ok and "only on coastal hexes" in verdict.reason, target
    run(g, "move barbarian Q to F")
    coast = set(g.engine.rules.lay.coast_index)
    hex_ids = g.engine.geo.hex_ids
    assert {hex_ids[h] for h in coast} == {"X", "Q", "K", "F", "G", "N", "U", "AA", "AF", "AE"}


# --- Cloth for Catan (seed 004) ---------------------------------------------------------------------------
@pytest.mark.rule("F.4.1")
def test_the_cloth_scenario_is_cloth_for_catan_not_the_forgotten_tribe():
    assert "cloth-for-catan" in available_scenarios()
    assert load_scenario("cloth-for-catan").name == "Cloth for Catan"
    assert not any("forgotten" in key for key in available_scenarios())
    with pytest.raises(ScenarioError):
        load_scenario("the-forgotten-tribe")


@pytest.mark.rule("S1:variable-set-up")
def test_pirate_islands_keeps_its_set_up_and_varies_only_the_harbours():
    """"It should not be varied, except for the harbors": no 'variable' option, and from game
    to game only the harbour tokens change."""
    with pytest.raises(RuleError, match="no option 'variable'"):
        Game.new("pirate-islands", players=COLOURS[:3], seed=7, options=["variable"])
    games = [game("pirate-islands", seed=seed) for seed in range(6)]
    assert len({(tuple(g.state.terrain), tuple(g.state.numbers)) for g in games}) == 1
    assert len({tuple(g.state.harbor_types) for g in games}) > 1
