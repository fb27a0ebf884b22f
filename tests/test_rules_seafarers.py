"""The Seafarers core rules (digest part B) that issue 4 builds on, each test one rule as the
rulebook states it.  Cite: "digest B.7.2".

Positions are set up in sandbox games on the Cloth for Catan map (see ``sea_helpers`` for a
sketch of it).  The Longest Trade Route (B.12) and the gold fields (B.11) are not scored or
settled in Cloth for Catan, so those tests use ``trade-route-test``: the same map with the
Longest Trade Route on, no scenario hooks, and numbers on the two gold fields (fixture
``sea_rules``).

Every rejected command is checked three ways: ``check()`` says no, ``execute()`` raises
RuleError with a reason holding the words given, and the position's digest is unchanged.
"""

from __future__ import annotations

import pytest

from collections import Counter

from catan_cli import Game
from catan_cli.engine.invariants import check_invariants
from sea_helpers import (
    cards, hand, legal, movable, on_turn, refused, roads, route_holder, route_len, run,
    sandbox, sea_rules, ships, to_roll, write_scenario,
)

__all__ = ["sea_rules"]   # the fixture, imported for the tests below


def sound(g: Game) -> None:
    problems = [p for p in check_invariants(g) if "joined to none" not in p and "touches none" not in p]
    assert not problems, problems


# === B.1 / B.2: ships, their cost and supply =======================================================
@pytest.mark.rule("B.1")
def test_each_player_has_fifteen_ships_and_there_is_one_pirate() -> None:
    g = sandbox()
    assert all(p["pieces"]["ship"] == 15 for p in g.view()["players"])
    assert g.view()["pirate"] == "AP"


@pytest.mark.rule("B.2")
def test_ship_costs_one_lumber_and_one_wool() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14", "give red 1 lumber")
    refused(g, "build ship 3-14", "costs", "short of 1 wool")
    run(g, "give red 1 wool 1 brick")
    legal(g, "build ship 3-14")
    assert hand(g, "red") == {"lumber": 0, "brick": 1, "wool": 0, "grain": 0, "ore": 0}
    assert g.view()["players"][0]["pieces"]["ship"] == 14


@pytest.mark.rule("B.1")
def test_no_ship_can_be_built_when_the_supply_is_empty() -> None:
    g = on_turn("red")
    run(g, "put settlement red 61")
    ships(g, "red", 61, 78, 79, 80, 81, 98, 99, 100, 101, 102, 103, 104, 87, 88, 89, 90)   # 15 ships
    assert g.view()["players"][0]["pieces"]["ship"] == 0
    run(g, "give red 1 lumber 1 wool")
    refused(g, "build ship 61-62", "no ships left")


# === B.3: where ships may go ==========================================================================
@pytest.mark.rule("B.3.1")
def test_ship_goes_on_sea_and_coast_paths() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14", "give red 2 lumber 2 wool")
    legal(g, "build ship 3-14")       # between two sea hexes (C, D)
    legal(g, "build ship 13-14")      # a coast path (sea C, land L)


@pytest.mark.rule("B.3.2")
def test_ship_never_goes_between_two_land_hexes() -> None:
    g = on_turn("red")
    run(g, "put settlement red 30", "give red 1 lumber 1 wool")
    refused(g, "build ship 30-31", "between two land hexes")
    assert not any(c.startswith("build ship") for c in g.legal_commands())


@pytest.mark.rule("B.3.3")
def test_frame_counts_as_sea_and_rim_paths_are_never_used() -> None:
    g = on_turn("red")
    board = g.board_json()
    assert all(len(e["hexes"]) == 2 for e in board["edges"])     # no path with a hex on one side only
    frame = {h["id"] for h in board["hexes"] if h["row"] == 0}
    assert frame and all(h["terrain"] == "sea" for h in board["hexes"] if h["id"] in frame)
    # A ship may sail between two frame hexes (A and B, on the map's edge).
    run(g, "put settlement red 11")
    ships(g, "red", 11, 10)
    run(g, "give red 1 lumber 1 wool")
    legal(g, "build ship 1-10")


@pytest.mark.rule("B.3.4")
def test_one_piece_per_path_road_and_ship_exclude_each_other() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14", "put road red 13-14", "put ship red 14-15",
        "give red 2 lumber 1 wool 1 brick")
    refused(g, "build ship 13-14", "already taken")
    refused(g, "build road 14-15", "already holds a ship")


@pytest.mark.rule("B.3.5", "B.10.3")
def test_pirate_blocks_ship_building_on_its_edges() -> None:
    g = on_turn("red")
    run(g, "put settlement red 90", "give red 3 lumber 3 wool")
    refused(g, "build ship 73-90", "pirate")
    refused(g, "build ship 90-91", "pirate")
    legal(g, "build ship 89-90")
    assert "build ship 73-90" not in g.legal_commands()


# === B.4: connection ===================================================================================
@pytest.mark.rule("B.4.1")
def test_new_ship_must_touch_own_ship_settlement_or_city() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14", "give red 2 lumber 2 wool")
    refused(g, "build ship 61-78", "must join your own ship, settlement or city")
    legal(g, "build ship 14-15")
    legal(g, "build ship 15-16")      # from the end of its own ship


@pytest.mark.rule("B.4.2")
def test_ship_cannot_join_road_except_at_own_building() -> None:
    g = on_turn("red")
    run(g, "put settlement red 11")
    roads(g, "red", 11, 12, 13)
    run(g, "give red 1 lumber 1 wool")
    refused(g, "build ship 13-14", "ships join roads only at your own building")
    g2 = on_turn("red")
    run(g2, "put settlement red 11")
    roads(g2, "red", 11, 12)
    run(g2, "put settlement red 13", "put road red 12-13", "give red 1 lumber 1 wool")
    legal(g2, "build ship 13-14")     # the road and the ship meet at red's own settlement


@pytest.mark.rule("B.4.2")
def test_road_cannot_continue_from_ship_except_at_own_building() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14")
    ships(g, "red", 14, 15, 16)
    run(g, "give red 2 lumber 2 brick")
    refused(g, "build road 16-17", "join ships only at your own building")
    refused(g, "build road 15-32", "join ships only at your own building")
    run(g, "put settlement red 16")
    legal(g, "build road 16-17")


@pytest.mark.rule("B.4.3")
def test_route_cannot_be_extended_past_an_opponents_building() -> None:
    g = on_turn("red")
    run(g, "put settlement red 12")
    ships(g, "red", 12, 13, 14)
    run(g, "put settlement blue 14", "give red 2 lumber 2 wool")
    refused(g, "build ship 14-15", "must join")
    refused(g, "build ship 3-14", "must join")


# === B.5: set-up ===========================================================================================
@pytest.mark.rule("B.5")
def test_setup_coastal_settlement_may_take_ship() -> None:
    g = sandbox()
    legal(g, "build settlement 14")
    options = g.legal_commands()
    assert "build ship 3-14" in options and "build road 13-14" in options and "build ship 13-14" in options
    legal(g, "build ship 3-14")
    assert g.view()["routes"] == [{"edge": "3-14", "owner": "red", "kind": "ship"}]
    assert g.prompt_player() == "blue"


@pytest.mark.rule("B.5")
def test_setup_ship_must_touch_the_new_settlement() -> None:
    g = sandbox()
    legal(g, "build settlement 14")
    refused(g, "build ship 4-16", "touch the settlement you just built")


@pytest.mark.rule("B.5")
def test_setup_inland_settlement_takes_no_ship() -> None:
    g = sandbox()
    legal(g, "build settlement 30")
    assert not any(c.startswith("build ship") for c in g.legal_commands())
    refused(g, "build ship 30-31", "between two land hexes")


@pytest.mark.rule("B.5")
def test_setup_ship_not_on_pirate_edges() -> None:
    g = sandbox()
    legal(g, "build settlement 90")      # on the pirate's hex AP
    refused(g, "build ship 73-90", "pirate")
    refused(g, "build ship 90-91", "pirate")
    options = g.legal_commands()
    assert "build ship 89-90" in options and "build ship 73-90" not in options
    assert "build road 90-91" in options  # the pirate blocks ships only (B.10.3)
    legal(g, "build ship 89-90")


# === B.6 / B.7: shipping routes and moving ships ==========================================================
@pytest.mark.rule("B.6.1", "B.6.2", "B.7.2")
def test_route_from_one_settlement_is_open_and_its_end_ship_moves() -> None:
    g = on_turn("red")
    run(g, "put settlement red 61")
    ships(g, "red", 61, 78, 79, 80)
    assert movable(g) == ["79-80"]
    legal(g, "move ship 79-80 to 61-62")
    assert {r["edge"] for r in g.view()["routes"]} == {"61-78", "78-79", "61-62"}
    sound(g)


@pytest.mark.rule("B.7.2")
def test_only_end_ship_of_open_route_moves() -> None:
    g = on_turn("red")
    run(g, "put settlement red 61")
    ships(g, "red", 61, 78, 79, 80)
    refused(g, "move ship 78-79 to 61-62", "not at the open end")
    refused(g, "move ship 61-78 to 61-62", "not at the open end")


@pytest.mark.rule("B.6.2", "B.7.3")
def test_closed_route_cannot_move() -> None:
    g = on_turn("red")
    run(g, "put settlement red 45", "put settlement red 47")
    ships(g, "red", 45, 46, 47)
    refused(g, "move ship 46-47 to 47-48", "closed shipping route")
    refused(g, "move ship 45-46 to 45-62", "closed shipping route")
    assert movable(g) == []


@pytest.mark.rule("B.6.3")
def test_opponent_settlement_on_closed_route_keeps_it_closed() -> None:
    """B.6.3: a closed route stays closed when an opponent later settles on it."""
    g = on_turn("red")
    run(g, "put settlement red 45", "put settlement red 31")
    ships(g, "red", 45, 46, 47, 48, 31)
    run(g, "put settlement blue 47")
    refused(g, "move ship 45-46 to 45-62", "closed")
    refused(g, "move ship 46-47 to 45-62", "closed")
    assert movable(g) == []


@pytest.mark.rule("B.6.4")
def test_loop_from_one_settlement_either_end_ship_moves() -> None:
    """B.6.4: a loop from one settlement back to itself is open; either ship beside the
    settlement may move, and no other."""
    g = on_turn("red")
    run(g, "put settlement red 62")
    ships(g, "red", 62, 63, 80, 79, 78, 61, 62)
    assert movable(g) == ["61-62", "62-63"]
    refused(g, "move ship 79-80 to 45-62", "not at the open end")
    legal(g, "move ship 62-63 to 45-62")
    sound(g)


@pytest.mark.rule("B.6.5")
def test_ring_without_settlement_every_ship_is_an_end() -> None:
    """B.6.5: a ring of ships that touches no settlement (here joined to red's settlement
    45 by the ship 45-62) has no end: every ship of the ring counts as an end ship.  The
    ship joining it to the settlement is not an end: moving it would cut the ring off."""
    g = on_turn("red")
    run(g, "put settlement red 45")
    ships(g, "red", 45, 62, 63, 80, 79, 78, 61, 62)
    assert movable(g) == ["61-62", "61-78", "62-63", "63-80", "78-79", "79-80"]
    refused(g, "move ship 45-62 to 45-46", "not at the open end")
    legal(g, "move ship 79-80 to 45-46")
    sound(g)


@pytest.mark.rule("B.6.5")
def test_free_ring_of_ships_every_ship_is_an_end() -> None:
    g = on_turn("red")
    run(g, "put settlement red 45")
    ships(g, "red", 62, 63, 80, 79, 78, 61, 62)       # a ring touching no settlement at all
    assert movable(g) == ["61-62", "61-78", "62-63", "63-80", "78-79", "79-80"]


@pytest.mark.rule("B.7.4")
def test_ship_built_this_turn_cannot_move() -> None:
    g = on_turn("red")
    run(g, "put settlement red 61", "give red 1 lumber 1 wool")
    legal(g, "build ship 61-78")
    refused(g, "move ship 61-78 to 61-62", "built this turn")
    assert movable(g) == []
    run(g, "end", "turn red")
    legal(g, "move ship 61-78 to 61-62")


@pytest.mark.rule("B.7.1")
def test_one_ship_move_per_turn_after_roll() -> None:
    g = on_turn("red")
    run(g, "put settlement red 61")
    ships(g, "red", 61, 78, 79)
    to_roll(g, "red")
    refused(g, "move ship 78-79 to 61-62", "roll")
    run(g, "dice 2 3", "roll")
    legal(g, "move ship 78-79 to 61-62")
    refused(g, "move ship 61-62 to 60-61", "one move per turn")
    assert movable(g) == []
    run(g, "end")
    to_roll(g, "red")
    run(g, "dice 2 3", "roll")
    legal(g, "move ship 61-62 to 60-61")


@pytest.mark.rule("B.7.1")
def test_only_the_player_on_turn_moves_ships() -> None:
    g = on_turn("blue")
    run(g, "put settlement red 61")
    ships(g, "red", 61, 78, 79)
    refused(g, "red: move ship 78-79 to 61-62", "own turn")


@pytest.mark.rule("B.7.5")
def test_moved_ship_must_go_where_a_new_ship_could_once_it_is_lifted() -> None:
    """B.7.5: the destination must be legal for a new ship with the moving ship lifted."""
    g = on_turn("red")
    run(g, "put settlement red 61")
    ships(g, "red", 61, 78, 79, 80)
    refused(g, "move ship 79-80 to 80-81", "must join")      # joined only by the ship itself
    refused(g, "move ship 79-80 to 79-80", "different")
    refused(g, "move ship 79-80 to 44-45", "between two land hexes")
    refused(g, "move ship 79-80 to 61-78", "already taken")
    refused(g, "move ship 79-80 to 11-12", "must join")
    # ... and it may go next to a different settlement of the player's.
    run(g, "put settlement red 14")
    legal(g, "move ship 79-80 to 3-14")
    sound(g)


@pytest.mark.rule("B.7.6")
def test_ship_cannot_move_from_or_onto_pirate_edges() -> None:
    g = on_turn("red")
    run(g, "put settlement red 90")
    ships(g, "red", 90, 89)
    refused(g, "move ship 89-90 to 73-90", "pirate")
    refused(g, "move ship 89-90 to 90-91", "pirate")
    g = on_turn("red")
    run(g, "put settlement red 89")
    ships(g, "red", 89, 90, 73)
    refused(g, "move ship 73-90 to 88-89", "pirate")
    assert movable(g) == []


def test_ships_do_not_move_when_the_scenario_says_so(sea_rules) -> None:
    write_scenario(sea_rules, "no-move-test", {"ship_move": "false"}, package="")
    g = on_turn("red", "no-move-test")
    run(g, "put settlement red 61")
    ships(g, "red", 61, 78, 79)
    refused(g, "move ship 78-79 to 61-62", "do not move")


@pytest.mark.rule("B.6.6", "S4:moving-ships")
def test_a_route_to_a_village_is_closed_and_its_ships_stay() -> None:
    g = on_turn("red")
    run(g, "put settlement red 33", "put ship red 33-50")     # 50: a village of the tribe
    assert movable(g) == []
    refused(g, "move ship 33-50 to 32-33", "closed")
    g = on_turn("red")
    run(g, "put settlement red 33", "put ship red 32-33")     # the same settlement, no village
    assert movable(g) == ["32-33"]


@pytest.mark.rule("B.6.6")
def test_an_outpost_closes_a_route_like_a_settlement() -> None:
    g = Game.new("legend-1", players=["red", "blue", "white", "orange"], seed=7, sandbox=True)
    run(g, "put settlement red 25", "put ship red 24-25", "put ship red 24-40", "put ship red 39-40",
        "turn red")
    assert movable(g) == ["39-40"]
    run(g, "give red 2 lumber 1 wool", "build outpost 39", "choose friend olaf")
    assert movable(g) == []
    refused(g, "move ship 39-40 to 40-41", "closed")


# === B.8: settling from ships =========================================================================
@pytest.mark.rule("B.8")
def test_settlement_may_be_built_where_a_route_reaches_and_roads_continue_from_it() -> None:
    g = on_turn("red")
    run(g, "put settlement red 12")
    ships(g, "red", 12, 13, 14)
    run(g, "give red 2 brick 2 lumber 1 wool 1 grain")
    refused(g, "build settlement 13", "distance rule")
    legal(g, "build settlement 14")
    legal(g, "build road 14-15")


# === B.9: the Road Building card ==========================================================================
@pytest.mark.rule("B.9")
def test_road_building_two_ships_or_one_of_each() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14", "draw red road-building", "draw red road-building")
    legal(g, "play road-building ship 14-15 ship 15-16")
    kinds = {r["edge"]: r["kind"] for r in g.view()["routes"]}
    assert kinds == {"14-15": "ship", "15-16": "ship"}
    assert hand(g, "red") == dict.fromkeys(hand(g, "red"), 0)
    refused(g, "move ship 15-16 to 3-14", "built this turn")
    run(g, "end", "turn red")
    legal(g, "play road-building 13-14 3-14")        # a road on the coast and a ship at sea
    kinds = {r["edge"]: r["kind"] for r in g.view()["routes"]}
    assert kinds["13-14"] == "road" and kinds["3-14"] == "ship"


@pytest.mark.rule("B.9")
def test_road_building_two_roads() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14", "draw red road-building")
    legal(g, "play road-building 13-14 12-13")
    assert [r["kind"] for r in g.view()["routes"]] == ["road", "road"]


@pytest.mark.rule("B.9", "B.4.2")
def test_road_building_second_piece_joins_the_first_only_by_the_rules() -> None:
    """B.9 with B.4.2: the two pieces go one after the other, and a road joins the free
    ship only at the player's own building."""
    g = on_turn("red")
    run(g, "put settlement red 14", "draw red road-building")
    refused(g, "play road-building ship 14-15 road 15-16", "join ships only at your own building")
    legal(g, "play road-building ship 14-15 ship 15-16")


@pytest.mark.rule("B.9")
def test_road_building_offers_ships_in_the_legal_commands() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14", "draw red road-building")
    options = [c for c in g.legal_commands() if c.startswith("play road-building")]
    assert "play road-building ship 14-15 ship 15-16" in options or \
        "play road-building ship 15-16 ship 14-15" in options
    assert any(" ship " in c and c.count("ship") == 1 for c in options)


# === B.10: the pirate =======================================================================================
def pirate_position(trader: bool = True) -> Game:
    """Red on turn before the roll, with a ship route to the village on 50 (so the
    Cloth for Catan pirate rule lets red move the pirate); blue has a coastal settlement
    on the sea hex AO and white a ship on it; everyone holds cards."""
    g = on_turn("red")
    run(g, "put settlement red 33", "put settlement red 14")
    if trader:
        ships(g, "red", 33, 50)
    run(g, "put settlement blue 89", "put settlement white 121", "put ship white 71-72",
        "give blue 2 ore", "give white 2 grain", "give red 1 wool")
    to_roll(g, "red")
    return g


@pytest.mark.rule("B.10.1", "S4:pirate-and-robber")
def test_the_pirate_and_the_robber_start_where_the_scenario_puts_them() -> None:
    for seed in (1, 7):
        g = sandbox(seed=seed)
        assert g.board_json()["hexes"][g.state.pirate]["id"] == "AP"          # the pirate's mark
        robber = g.board_json()["hexes"][g.state.robber]
        assert (robber["terrain"], robber["number"]) == ("fields", 12)        # "the fields hex with 12"
    g = Game.new("legend-4", players=["red", "blue", "white", "orange"], seed=3)
    assert g.state.pirate == g.engine.scen.pirate_start >= 0                  # Captain Whitebeard


@pytest.mark.rule("B.10.2")
def test_seven_moves_robber_or_pirate() -> None:
    g = pirate_position()
    run(g, "dice 3 4", "roll")
    assert g.waiting_for() == "move the robber or pirate"
    options = g.legal_commands()
    assert any(c.startswith("robber ") for c in options) and any(c.startswith("pirate ") for c in options)
    legal(g, "pirate AO steal white")
    refused(g, "robber M", "only after rolling a 7")       # one or the other, not both
    assert g.view()["pirate"] == "AO" and g.view()["robber"] == "AA"
    assert cards(g, "white") == 1 and cards(g, "red") == 2


@pytest.mark.rule("B.10.2")
def test_seven_discards_come_before_the_robber_or_pirate() -> None:
    g = pirate_position()
    run(g, "give white 6 grain", "dice 3 4", "roll")
    assert g.waiting_for() == "must discard 4"
    refused(g, "pirate AO steal white", "after the discards", "white must discard 4")
    refused(g, "robber M", "after the discards")
    legal(g, "white: discard 4 grain")
    legal(g, "pirate AO steal white")
    assert cards(g, "white") == 3


@pytest.mark.rule("B.10.2")
def test_seven_may_move_the_robber_instead() -> None:
    g = pirate_position()
    run(g, "dice 3 4", "roll")
    legal(g, "robber M")
    refused(g, "pirate AO", "only after rolling a 7")
    assert g.view()["pirate"] == "AP" and g.view()["robber"] == "M"


@pytest.mark.rule("B.10.2")
def test_knight_moves_robber_or_pirate() -> None:
    g = pirate_position()
    run(g, "draw red knight")
    legal(g, "play knight")                     # before the roll (A.11.2)
    assert g.waiting_for() == "move the robber or pirate"
    legal(g, "pirate AO steal white")
    assert g.view()["pirate"] == "AO" and cards(g, "white") == 1


@pytest.mark.rule("B.10.2")
def test_robber_stays_on_land_and_pirate_at_sea() -> None:
    g = pirate_position()
    run(g, "dice 3 4", "roll")
    refused(g, "robber AO", "stays on land")
    refused(g, "pirate M", "sails the sea", "land")
    refused(g, "pirate AP", "different hex")


@pytest.mark.rule("B.3.3", "B.10.2")
def test_pirate_may_stand_on_the_frame() -> None:
    g = pirate_position()
    run(g, "dice 3 4", "roll")
    legal(g, "pirate A")
    assert g.view()["pirate"] == "A"


@pytest.mark.rule("B.10.4")
def test_pirate_steals_only_from_ship_owners_not_coastal_settlers() -> None:
    """B.10.4: blue's settlement 89 touches AO but only white's ship makes a victim."""
    g = pirate_position()
    run(g, "dice 3 4", "roll")
    refused(g, "pirate AO steal blue", "only ships count")
    options = [c for c in g.legal_commands() if c.startswith("pirate AO")]
    assert options and all("white" in c for c in options)
    refused(g, "pirate AO steal red", "rob yourself")


@pytest.mark.rule("B.10.3")
def test_pirate_blocks_nothing_else() -> None:
    """B.10.3: a settlement or a road beside the pirate's hex is built as usual, and the
    hex's land neighbours produce."""
    g = on_turn("red")
    run(g, "put settlement red 89", "put road red 89-90", "give red 2 brick 2 lumber 1 wool 1 grain")
    legal(g, "build road 90-91")        # a coast path of the pirate's hex AP
    legal(g, "build settlement 91")     # a corner of AP
    to_roll(g, "red")
    run(g, "dice 4 4", "roll")              # AX hills 8, beside the pirate
    assert hand(g, "red")["brick"] == 2


# === B.11: gold fields ========================================================================================
def gold_position(current: str = "red") -> Game:
    """trade-route-test: AK is a gold field with the 6.  Red has a settlement on it (63),
    blue a city (81), white a settlement (65)."""
    g = on_turn(current, "trade-route-test")
    run(g, "put settlement red 63", "put city blue 81", "put settlement white 65")
    to_roll(g, current)
    run(g, "dice 3 3", "roll")
    return g


@pytest.mark.rule("B.11")
def test_gold_field_settlement_picks_one_city_picks_two(sea_rules) -> None:
    g = gold_position("red")
    pending = [(p["kind"], p["player"], p["count"]) for p in g.view()["pending"]]
    assert pending == [("gold", "red", 1), ("gold", "blue", 2), ("gold", "white", 1)]
    assert g.waiting_for() == "choose 1 from gold"
    refused(g, "choose gold ore ore", "exactly 1")
    legal(g, "choose gold ore")
    refused(g, "blue: choose gold ore", "exactly 2")
    legal(g, "blue: choose gold ore ore")          # the same resource twice is fine
    legal(g, "white: choose gold grain")
    assert hand(g, "red")["ore"] == 1 and hand(g, "blue")["ore"] == 2 and hand(g, "white")["grain"] == 1
    assert g.waiting_for() == "build/trade"


@pytest.mark.rule("B.11")
def test_gold_field_city_picks_two_different(sea_rules) -> None:
    g = gold_position("blue")
    legal(g, "choose gold ore grain")
    assert hand(g, "blue")["ore"] == 1 and hand(g, "blue")["grain"] == 1


@pytest.mark.rule("B.11")
def test_gold_picks_in_turn_order(sea_rules) -> None:
    """Picks are pending decisions answered by their owners in turn order from the roller."""
    g = gold_position("white")
    assert [p["player"] for p in g.view()["pending"]] == ["white", "red", "blue"]
    refused(g, "red: choose gold ore", "no gold-field pick")
    refused(g, "end", "white must choose")
    legal(g, "choose gold wool")
    assert g.prompt_player() == "red"
    legal(g, "choose gold wool")
    legal(g, "choose gold wool ore")
    assert g.waiting_for() == "build/trade" and g.prompt_player() == "white"


@pytest.mark.rule("B.11")
def test_setup_settlement_on_a_gold_field_picks_its_starting_resource(sea_rules) -> None:
    g = sandbox("trade-route-test", 2)
    run(g, "build settlement 14", "build road 13-14", "build settlement 130", "build road 130-131",
        "build settlement 136", "build road 135-136", "build settlement 17", "build road 16-17",
        "build settlement 63")                      # red's third: AK gold (6), AB and AJ sea
    assert g.waiting_for() == "choose 1 from gold" and g.prompt_player() == "red"
    refused(g, "build ship 62-63", "set-up placement")
    legal(g, "choose gold brick")
    assert hand(g, "red")["brick"] == 1
    legal(g, "build ship 62-63")
    assert g.prompt_player() == "blue"


@pytest.mark.rule("B.11")
def test_robber_blocks_a_gold_field(sea_rules) -> None:
    g = on_turn("red", "trade-route-test")
    run(g, "put settlement red 63", "put settlement blue 81", "give blue 1 ore")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    legal(g, "robber AK")
    run(g, "end")
    to_roll(g, "red")
    run(g, "dice 3 3", "roll")
    assert g.view()["pending"] == [] and g.waiting_for() == "build/trade"


@pytest.mark.rule("B.11")
def test_gold_pick_is_capped_by_the_bank(sea_rules) -> None:
    g = on_turn("red", "trade-route-test")
    run(g, "put city red 63", "give blue 19 lumber 19 brick 19 wool 19 grain 18 ore")
    to_roll(g, "red")
    run(g, "dice 3 3", "roll")
    refused(g, "choose gold ore ore", "exactly 1")
    refused(g, "choose gold grain", "bank has no grain")
    legal(g, "choose gold ore")


@pytest.mark.rule("B.11")
def test_a_gold_field_turned_up_by_discovery_produces_on_its_number() -> None:
    """Legend chapter 4's gold fields lie face down: once a ship turns one up it takes a number
    and from then on pays a settlement beside it 1 resource of its owner's choice."""
    g = Game.new("legend-4", players=["red", "blue", "white", "orange"], seed=7, sandbox=True)
    run(g, "put settlement red 32", "put ship red 32-33", "turn red", "give red 3 lumber 3 wool")
    stack = g.state.extra["face_down"]["red"]
    stack["terrain"].remove("gold")
    stack["terrain"].append("gold")                     # N, beside 33-34, turns up gold ...
    stack["numbers"] = [5, 9, 6, 8]                     # ... and takes the 8
    run(g, "build ship 33-34", "choose resource ore")
    gold_hex = g.engine.geo.hex_ids.index("N")
    assert (g.state.terrain[gold_hex], g.state.numbers[gold_hex]) == ("gold", 8)
    run(g, "give red 1 brick 1 lumber 1 wool 1 grain", "build settlement 34", "end", "dice 4 4", "roll")
    assert ("gold", "red", 1) in [(p["kind"], p["player"], p.get("count")) for p in g.view()["pending"]]
    before = hand(g, "red")["brick"]
    legal(g, "red: choose gold brick")
    assert hand(g, "red")["brick"] == before + 1


# === B.12: the Longest Trade Route =============================================================================
@pytest.mark.rule("B.12")
def test_trade_route_counts_roads_and_ships_joined_at_own_building(sea_rules) -> None:
    g = on_turn("red", "trade-route-test")
    run(g, "put settlement red 15")
    roads(g, "red", 11, 12, 13, 14, 15)
    assert route_len(g, "red") == 4 and route_holder(g) is None
    ships(g, "red", 15, 16)
    assert route_len(g, "red") == 5 and route_holder(g) == "red"
    assert g.view()["players"][0]["vp_sources"]["longest route"] == 2
    sound(g)


@pytest.mark.rule("B.12", "B.4.2")
def test_road_and_ship_meeting_without_a_building_are_not_one_trade_route(sea_rules) -> None:
    g = on_turn("red", "trade-route-test")
    run(g, "put settlement red 11")
    roads(g, "red", 11, 12, 13, 14, 15)
    ships(g, "red", 15, 16, 17, 18)
    assert route_len(g, "red") == 4 and route_holder(g) is None
    sound(g)


@pytest.mark.rule("B.12")
def test_trade_route_of_ships_alone(sea_rules) -> None:
    g = on_turn("red", "trade-route-test")
    run(g, "put settlement red 45")
    ships(g, "red", 45, 46, 47, 48, 31, 32)
    assert route_len(g, "red") == 5 and route_holder(g) == "red"


@pytest.mark.rule("B.12")
def test_trade_route_needs_five(sea_rules) -> None:
    g = on_turn("red", "trade-route-test")
    run(g, "put settlement red 15")
    roads(g, "red", 13, 14, 15)
    ships(g, "red", 15, 16, 17)
    assert route_len(g, "red") == 4 and route_holder(g) is None


@pytest.mark.rule("B.12")
def test_trade_route_branches_do_not_count(sea_rules) -> None:
    g = on_turn("red", "trade-route-test")
    run(g, "put settlement red 45")
    ships(g, "red", 45, 46, 47, 48)
    ships(g, "red", 47, 64)
    ships(g, "red", 45, 62)
    assert route_len(g, "red") == 4


@pytest.mark.rule("B.12", "B.6.3")
def test_trade_route_broken_by_opponent_settlement(sea_rules) -> None:
    """B.12 with B.6.3: an opponent's settlement on a route breaks it for the Longest Trade
    Route even though the route stays closed for moving."""
    g = on_turn("red", "trade-route-test")
    run(g, "put settlement red 45", "put settlement red 33")
    ships(g, "red", 45, 46, 47, 48, 31, 32, 33)
    assert route_len(g, "red") == 6 and route_holder(g) == "red"
    run(g, "put settlement blue 47")
    assert route_len(g, "red") == 4 and route_holder(g) is None
    assert movable(g) == []
    sound(g)


@pytest.mark.rule("B.12")
def test_trade_route_follows_a_moved_ship(sea_rules) -> None:
    g = on_turn("red", "trade-route-test")
    run(g, "put settlement red 61")
    ships(g, "red", 61, 78, 79, 80, 81)
    assert route_len(g, "red") == 4
    legal(g, "move ship 80-81 to 60-61")
    assert route_len(g, "red") == 4
    run(g, "end", "turn red")
    legal(g, "move ship 60-61 to 81-80")
    run(g, "end", "turn red", "give red 1 lumber 1 wool")
    legal(g, "build ship 81-98")
    assert route_len(g, "red") == 5 and route_holder(g) == "red"
    sound(g)


def three_routes(red: int, blue: int, white: int = 0) -> Game:
    """Red's roads along the north coast from its settlement 11, blue's along the south
    coast from 130, white's ships from its settlement 95: ``red``, ``blue`` and ``white``
    pieces long."""
    g = on_turn("red", "trade-route-test")
    run(g, "put settlement red 11", "put settlement blue 130", "put settlement white 95")
    roads(g, "red", *range(11, 12 + red))
    roads(g, "blue", *range(130, 131 + blue))
    if white:
        ships(g, "white", *[95, 96, 97, 98, 99, 116, 117, 118][: white + 1])
    return g


@pytest.mark.rule("B.12")
def test_first_to_five_takes_the_trade_route_and_a_tie_does_not_take_it(sea_rules) -> None:
    g = three_routes(5, 4)
    assert route_holder(g) == "red"
    roads(g, "blue", 134, 135)
    assert route_len(g, "blue") == 5 and route_holder(g) == "red"   # equal is not enough
    roads(g, "blue", 135, 136)
    assert route_holder(g) == "blue"                                 # strictly longer takes it


@pytest.mark.rule("B.12")
def test_after_a_break_the_holder_still_longest_keeps_it_even_tied(sea_rules) -> None:
    g = three_routes(8, 5)
    assert route_holder(g) == "red"
    run(g, "put settlement white 14")              # red: 3 and 5
    assert route_len(g, "red") == 5 and route_len(g, "blue") == 5
    assert route_holder(g) == "red"


@pytest.mark.rule("B.12")
def test_after_a_break_exactly_one_other_longest_takes_it(sea_rules) -> None:
    g = three_routes(8, 6, 5)
    assert route_holder(g) == "red"
    run(g, "put settlement white 15")              # red: 4 and 4
    assert route_len(g, "red") == 4
    assert route_holder(g) == "blue"


@pytest.mark.rule("B.12")
def test_after_a_break_a_tie_for_longest_sets_it_aside(sea_rules) -> None:
    g = three_routes(8, 6, 6)
    assert route_holder(g) == "red"
    run(g, "put settlement blue 15")               # red: 4 and 4; blue and white tie at 6
    assert route_holder(g) is None
    sound(g)
    roads(g, "blue", 136, 137)
    assert route_holder(g) == "blue"


@pytest.mark.rule("B.12")
def test_after_a_break_nobody_at_five_sets_it_aside(sea_rules) -> None:
    g = three_routes(6, 4)
    assert route_holder(g) == "red"
    run(g, "put settlement blue 14")               # red: 3 and 3
    assert route_holder(g) is None


@pytest.mark.rule("F.4.9", "S4:longest-trade-route")
def test_no_trade_route_award_in_cloth_for_catan() -> None:
    g = on_turn("red")
    run(g, "put settlement red 15")
    roads(g, "red", 11, 12, 13, 14, 15)
    ships(g, "red", 15, 16, 17, 18)
    assert route_holder(g) is None
    assert "longest route" not in g.view()["players"][0]["vp_sources"]


# === B.13: special VP ====================================================================================
@pytest.mark.rule("B.13")
def test_island_chit_for_the_first_settlement_on_a_foreign_island(sea_rules) -> None:
    write_scenario(sea_rules, "island-chit-test",
                   {"island_bonus": "1", "settle_forbidden_areas": "[]"}, package="")
    g = sandbox("island-chit-test", 2)
    run(g, "build settlement 14", "build road 13-14", "build settlement 130", "build ship 130-131",
        "turn red")
    base = g.vp("red")
    run(g, "put settlement red 17")                # the home island: no chit
    assert g.vp("red") == base + 1
    run(g, "put settlement red 63")                # the tribe island AK: a chit
    assert g.vp("red") == base + 3
    assert g.view()["players"][0]["vp_sources"]["island chits"] == 1
    run(g, "put settlement red 81")                # a second settlement there: no second chit
    assert g.vp("red") == base + 4
    run(g, "put settlement blue 89")               # blue's home is the south island
    assert g.view()["players"][1]["vp_sources"]["island chits"] == 0


@pytest.mark.rule("B.13")
def test_no_island_chits_unless_the_scenario_awards_them() -> None:
    g = on_turn("red")
    assert "island chits" not in g.view()["players"][0]["vp_sources"]


# === B.14: harbours ===========================================================================================
@pytest.mark.rule("B.14")
def test_harbour_types_are_dealt_face_down_from_the_pool() -> None:
    pool = Counter(["lumber", "brick", "wool", "grain", "ore", "3:1", "3:1", "3:1", "3:1"])
    seen = set()
    positions = None
    for seed in range(12):
        g = sandbox(seed=seed)
        types = g.view()["harbors"]
        assert Counter(types) == pool
        seen.add(tuple(types))
        where = [h["edge"] for h in g.board_json()["harbors"]]
        assert positions in (None, where)                   # positions are fixed
        positions = where
    assert len(seen) > 1                                     # the types are shuffled
    assert sandbox(seed=3).view()["harbors"] == sandbox(seed=3).view()["harbors"]   # by the seed


@pytest.mark.rule("B.14")
def test_harbour_serves_both_intersections_of_its_coast_path() -> None:
    g = sandbox(seed=7)
    harbour = next(h for h in g.board_json()["harbors"] if h["type"] == "wool")
    for node in harbour["nodes"]:
        g = on_turn("red", seed=7)
        run(g, f"put settlement red {node}", "give red 2 wool")
        legal(g, "trade 2 wool for ore")
        assert hand(g, "red")["ore"] == 1


# === B.15 / B.16 ==========================================================================================
@pytest.mark.rule("B.15", "B.16")
def test_cloth_for_catan_plays_to_fourteen_with_the_base_deck() -> None:
    g = sandbox()
    assert g.view()["vp_target"] == 14
    assert Counter(g.state.deck) == Counter({"knight": 14, "victory-point": 5, "road-building": 2,
                                             "year-of-plenty": 2, "monopoly": 2})
