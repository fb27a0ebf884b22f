"""Land Ho! (seed 002; digest C.1-C.12, F.2): every paragraph of the seed, as the rulebook
says it.

The map (``rules/land-ho.toml``), by intersection numbers: red's harbour settlement is on 14
with its settler ship on 14-15 and its settlement on 27 (road 26-27); blue: harbour 31, ship
31-32, settlement 58; white: harbour 74, ship 74-75, settlement 44; orange: harbour 88, ship
88-89, settlement 70.  Sailing east from red's harbour: 14-15, 15-16 (sea), then 16-17,
whose end 17 is a corner of the face-down hex F (green moon).  Blue's 31-32 leads to 32-33,
whose end 33 is a corner of the face-down hex V.
"""

from __future__ import annotations

from typing import Any

import pytest

from catan_cli import Game, RuleError
from catan_cli.engine.invariants import check_invariants
from catan_cli.scenarios.land_ho.base import HARBOR, NEUTRAL_HARBOR, NEUTRAL_ROAD, NEUTRAL_SETTLEMENT
from builds import pure_only
from sea_helpers import edge, hand, hex_index, run, to_roll

COLOURS = ["red", "blue", "white", "orange"]


def game(n: int = 4, seed: int = 5, sandbox: bool = True) -> Game:
    return Game.new("land-ho", players=COLOURS[:n], seed=seed, sandbox=sandbox)


def on_turn(player: str = "red", n: int = 4) -> Game:
    """Red (or ``player``) on turn after the roll, in trade and build."""
    g = game(n)
    g.execute(f"turn {player}")
    return g


def refused(g: Game, command: str, because: str) -> None:
    before = g.digest()
    with pytest.raises(RuleError) as err:
        g.execute(command)
    assert because in str(err.value), str(err.value)
    assert g.digest() == before


def gold(g: Game, player: str) -> int:
    return int(g.state.players[g.seat(player)].extra["gold"])


def ships(g: Game, player: str | None = None) -> list[dict[str, Any]]:
    out = g.view()["extra"]["ships"]
    return [sh for sh in out if player is None or sh["owner"] == player]


def put_ship(g: Game, player: str, name: str, cargo: str = "") -> None:
    """Move one of ``player``'s ships from the supply onto ``name`` (test set-up)."""
    seat = g.seat(player)
    data = g.state.extra
    data["ships"].append({"id": data["next_ship"], "owner": seat, "edge": edge(g, name), "cargo": cargo})
    data["next_ship"] += 1
    g.state.players[seat].extra["ships_left"] -= 1
    if cargo:
        g.state.players[seat].extra["settlers_left"] -= 1


def stack_top(g: Game, area: str, terrain: str, number: int | None = None) -> None:
    """Put ``terrain`` (and token ``number``) on top of an area's face-down stacks."""
    st = g.state.extra["face_down"][area]
    st["terrain"].remove(terrain)
    st["terrain"].append(terrain)
    if number is not None:
        st["numbers"].remove(number)
        st["numbers"].append(number)


def terrain(g: Game, ident: str) -> str:
    return g.state.terrain[hex_index(g, ident)]


# --- set-up (C.11, C.12) ----------------------------------------------------------------------------
def test_each_colour_starts_with_a_harbour_settlement_a_settler_ship_a_settlement_and_a_road():
    g = game(4, sandbox=False)
    s = g.state
    homes = {"red": (14, "14-15", 27, "26-27"), "blue": (31, "31-32", 58, "57-58"),
             "white": (74, "74-75", 44, "44-45"), "orange": (88, "88-89", 70, "70-71")}
    for player, (harbor, ship, settlement, _road) in homes.items():
        seat = g.seat(player)
        assert (s.node_owner[harbor - 1], s.node_kind[harbor - 1]) == (seat, HARBOR)
        assert s.node_owner[settlement - 1] == seat
        assert [(sh["edge"], sh["cargo"]) for sh in ships(g, player)] == [(ship, "settler")]
        assert sum(1 for o in s.edge_owner if o == seat) == 1     # the road
        assert g.vp(player) == 3                                   # C.11: 3 VP each
        assert gold(g, player) == 2                                # C.1
    assert g.waiting_for() == "roll" and g.state.current == 0     # no set-up rounds
    assert check_invariants(g) == []


def test_starting_resources_come_from_the_settlement_only():
    g = game(4, sandbox=False)
    # red's settlement on 27 touches hills, fields and pasture; the harbour settlement gives nothing
    assert hand(g, "red") == {"lumber": 0, "brick": 1, "wool": 1, "grain": 1, "ore": 0}


def test_with_three_players_the_fourth_colour_stays_in_the_box():
    g = game(3)
    assert g.state.node_kind[87] == 0 and g.state.node_kind[69] == 0
    assert len(ships(g)) == 3


def test_with_two_players_the_unused_colours_stay_as_neutral_obstacles_without_settler_ships():
    g = game(2)
    s = g.state
    assert (s.node_owner[73], s.node_kind[73]) == (-1, NEUTRAL_HARBOR)       # white's harbour on 74
    assert (s.node_owner[43], s.node_kind[43]) == (-1, NEUTRAL_SETTLEMENT)   # white's settlement on 44
    assert s.edge_kind[edge(g, "43-44")] == NEUTRAL_ROAD
    assert len(ships(g)) == 2                     # only red's and blue's settler ships
    assert check_invariants(g) == []


def test_neutral_pieces_keep_the_distance_rule_and_block_roads():
    g = game(2)
    run(g, "turn red", "put road red 29-44")
    run(g, "give red 2 brick 2 lumber 1 wool 1 grain")
    refused(g, "build road 43-44", "already holds")                 # the neutral road
    refused(g, "build road 44-45", "roads do not pass an opponent's building")
    run(g, "put road red 45-46")
    refused(g, "build settlement 45", "distance rule")              # beside the neutral settlement on 44


def test_neutral_pieces_never_produce_or_score():
    g = game(2)
    run(g, "turn red")
    assert [g.vp(p) for p in g.players] == [3, 3]
    before = list(g.state.bank)
    run(g, "turn red", "end", "dice 4 5", "roll")      # 9: pasture S touches the neutral settlement on 44
    assert check_invariants(g) == []
    assert sum(before) - sum(g.state.bank) == sum(sum(p.resources) for p in g.state.players) - 6


# --- production and gold (C.8, C.9, C.10) --------------------------------------------------------------
def test_a_player_who_gets_nothing_on_a_roll_takes_1_gold():
    g = game(4)
    to_roll(g, "red")
    run(g, "dice 1 1", "roll")       # 2: no hex has it
    assert [gold(g, p) for p in COLOURS] == [3, 3, 3, 3]
    run(g, "end", "dice 4 6", "roll")  # 10: hills J (red's settlement) and hills AM (orange's settlement 70? no)
    assert gold(g, "red") == 3


def test_no_gold_on_a_seven():
    g = game(4)
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    assert [gold(g, p) for p in COLOURS] == [2, 2, 2, 2]


def test_gold_is_never_discarded_and_there_is_no_robber_on_a_seven():
    g = game(4)
    to_roll(g, "red")
    run(g, "give red 5 ore")       # 8 cards
    g.state.players[0].extra["gold"] = 9
    run(g, "dice 3 4", "roll")
    assert g.waiting_for() == "must discard 4"
    run(g, "discard 4 ore")
    assert gold(g, "red") == 9
    assert g.waiting_for() == "build/trade"   # nobody moves a robber
    refused(g, "robber J", "no robber")


def test_three_identical_resources_buy_one_resource_or_one_gold_on_your_turn():
    g = on_turn()
    run(g, "give red 6 ore")
    run(g, "trade 3 ore for wool")
    assert hand(g, "red")["wool"] == 2 and hand(g, "red")["ore"] == 3
    refused(g, "trade 4 ore for wool", "3:1 with the bank")
    run(g, "buy gold with 3 ore")
    assert gold(g, "red") == 3 and hand(g, "red")["ore"] == 0
    refused(g, "buy gold with 3 wool", "costs 3 wool")


def test_two_gold_buy_one_resource_at_most_twice_per_turn():
    g = on_turn()
    g.state.players[0].extra["gold"] = 8
    run(g, "pay gold for ore", "pay gold for lumber")
    assert gold(g, "red") == 4 and hand(g, "red")["ore"] == 1
    refused(g, "pay gold for ore", "at most 2 per turn")
    run(g, "end", "turn red")
    run(g, "pay gold for ore")
    assert gold(g, "red") == 2


def test_gold_buys_are_refused_off_turn_and_without_gold():
    g = on_turn()
    g.state.players[0].extra["gold"] = 1
    refused(g, "pay gold for ore", "costs 2 gold")
    refused(g, "blue: pay gold for ore", "only in your own turn")


def test_no_development_cards_and_no_cities():
    g = on_turn()
    run(g, "give red 1 wool 1 grain 3 ore")
    refused(g, "buy card", "there are no development cards in this scenario")
    refused(g, "build city 27", "there are no cities in this scenario")


# --- harbour settlements (C.4) ---------------------------------------------------------------------
def test_a_harbour_settlement_upgrades_a_coastal_settlement_for_2_grain_2_ore_and_is_worth_2_vp():
    g = on_turn()
    run(g, "put settlement red 25")      # 25: beside the sea hexes I and Q
    refused(g, "build harbor 25", "costs 2 grain 2 ore")
    run(g, "give red 2 grain 2 ore")
    assert g.vp("red") == 4
    run(g, "build harbor 25")
    s = g.state
    assert s.node_kind[24] == HARBOR and g.vp("red") == 5
    assert s.players[0].pieces["settlement"] == 5 - 1 and s.players[0].pieces["harbor-settlement"] == 2
    assert check_invariants(g) == []


def test_a_harbour_settlement_stands_on_the_coast_only():
    g = on_turn()
    refused(g, "build harbor 27", "27 is inland")             # 27: J, R and S, all land
    refused(g, "build harbor 58", "you have none on 58")       # blue's settlement


def test_a_harbour_settlement_produces_only_1():
    g = game(4)
    to_roll(g, "red")
    before = hand(g, "red")["ore"]
    run(g, "dice 1 2", "roll")      # 3: mountains K touches red's harbour settlement on 14
    assert hand(g, "red")["ore"] == before + 1


def test_four_harbour_settlements_per_player():
    g = on_turn()
    g.state.players[0].pieces["harbor-settlement"] = 0
    run(g, "give red 2 grain 2 ore", "put settlement red 25")
    refused(g, "build harbor 25", "no harbour settlements left")


# --- settlers (C.5) ------------------------------------------------------------------------------------
def test_a_settler_goes_into_the_empty_basin_of_your_harbour_settlement():
    g = on_turn()
    run(g, "give red 2 lumber 2 brick 2 wool 2 grain")
    run(g, "build settler 14")
    assert g.view()["extra"]["basins"] == {"14": "settler"}
    refused(g, "build settler 14", "all 2 of your settlers are out")


def test_a_settler_goes_into_the_empty_hold_of_your_ship_beside_your_harbour_settlement():
    g = on_turn()
    run(g, "give red 2 lumber 2 brick 2 wool 2 grain")
    refused(g, "build settler 14-15", "hold of your ship on 14-15 is full")
    run(g, "drop cargo 14-15")
    assert g.state.players[0].extra["settlers_left"] == 2
    run(g, "build settler 14-15")
    assert ships(g, "red")[0]["cargo"] == "settler"
    put_ship(g, "red", "16-17")
    refused(g, "build settler 16-17", "only beside one of your harbour settlements")
    refused(g, "build settler 27", "you have none on 27")     # never on land


# --- ships (C.6) -------------------------------------------------------------------------------------
def test_a_ship_is_built_beside_your_harbour_settlement_for_lumber_and_wool():
    g = on_turn()
    refused(g, "build ship 13-14", "costs 1 lumber 1 wool")
    run(g, "give red 1 lumber 1 wool")
    refused(g, "build ship 15-16", "beside one of your harbour settlements")
    run(g, "build ship 13-14")
    assert sorted(sh["edge"] for sh in ships(g, "red")) == ["13-14", "14-15"]


def test_a_ship_is_never_built_touching_an_undiscovered_hex():
    g = on_turn()
    run(g, "give red 2 grain 2 ore 1 lumber 1 wool", "put settlement red 18")  # 18: M, F, N
    g.state.node_kind[17] = HARBOR
    g.state.players[0].pieces["harbor-settlement"] -= 1
    g.state.players[0].pieces["settlement"] += 1
    refused(g, "build ship 17-18", "touches the undiscovered hex")


def test_with_all_3_ships_out_one_is_taken_off_and_rebuilt():
    g = on_turn()
    run(g, "give red 3 lumber 3 wool", "build ship 13-14", "build ship 14-15")
    refused(g, "build ship 13-14", "all 3 of your ships are out")
    run(g, "build ship 13-14 replacing 14-15")
    assert len(ships(g, "red")) == 3
    assert check_invariants(g) == []


def test_a_ship_taken_off_loses_its_cargo():
    g = on_turn()
    run(g, "give red 3 lumber 3 wool", "build ship 13-14", "build ship 13-14")
    run(g, "build ship 14-15 replacing 14-15")      # the settler ship goes, and its settler
    assert all(sh["cargo"] == "" for sh in ships(g, "red"))
    assert g.state.players[0].extra["settlers_left"] == 2


def test_three_ships_never_end_on_one_sea_route_but_may_pass():
    g = on_turn()
    put_ship(g, "blue", "15-16")
    put_ship(g, "white", "15-16")
    refused(g, "move ship 14-15 to 15-16", "may pass them but not end")
    run(g, "move ship 14-15 to 16-17")         # through the two ships on 15-16
    assert check_invariants(g) == []


def test_a_third_ship_is_not_built_on_a_full_route():
    g = on_turn()
    put_ship(g, "blue", "13-14")
    run(g, "give red 2 lumber 2 wool", "build ship 13-14")
    refused(g, "build ship 13-14", "at most 2 end on one sea route")


def test_a_ship_has_4_movement_points():
    g = on_turn()
    put_ship(g, "red", "1-9")
    legal = g.legal_commands()
    assert "move ship 1-9 to 24-25" in legal        # 1-9, 8-9, 8-24? 4 steps round the west
    refused(g, "move ship 1-9 to 53-54", "cannot reach")


def test_one_wool_buys_2_more_movement_points_once_per_ship_per_turn():
    g = on_turn()
    put_ship(g, "red", "1-9")
    run(g, "give red 2 wool")
    run(g, "move ship 1-9 to 9-10")
    assert g.view()["extra"]["moving"] == {"edge": "9-10", "points": 3}
    run(g, "pay wool 9-10")
    assert g.view()["extra"]["moving"] == {"edge": "9-10", "points": 5}
    refused(g, "pay wool 9-10", "once per ship per turn")


def test_one_ships_move_is_finished_before_the_next_starts():
    g = on_turn()
    put_ship(g, "red", "1-9")
    run(g, "move ship 1-9 to 9-10", "move ship 14-15 to 13-14")
    refused(g, "move ship 9-10 to 1-9", "finished moving this turn")


def test_loading_and_unloading_cost_no_movement_points():
    g = on_turn()
    run(g, "move ship 14-15 to 13-14")
    run(g, "unload settler 13-14")
    assert g.view()["extra"]["basins"] == {"14": "settler"}
    assert g.view()["extra"]["moving"] == {"edge": "13-14", "points": 3}
    run(g, "load settler 13-14")
    assert ships(g, "red")[0]["cargo"] == "settler"
    run(g, "move ship 13-14 to 3-13")
    assert g.view()["extra"]["moving"] == {"edge": "3-13", "points": 2}


# --- discovery (C.3) ----------------------------------------------------------------------------------
def test_discovery_stops_a_ship_and_forfeits_its_points():
    g = on_turn()
    stack_top(g, "north", "sea")
    events = run(g, "move ship 14-15 to 16-17")
    assert terrain(g, "F") == "sea"
    assert any("the discovery ends the ship's move" in e.text for e in events)
    refused(g, "move ship 16-17 to 5-17", "finished moving this turn")


def test_a_discovered_terrain_hex_pays_its_resource_and_takes_a_number_from_its_areas_stack():
    g = on_turn()
    stack_top(g, "north", "mountains", 6)
    ore = hand(g, "red")["ore"]
    run(g, "move ship 14-15 to 16-17")
    assert terrain(g, "F") == "mountains" and g.state.numbers[hex_index(g, "F")] == 6
    assert hand(g, "red")["ore"] == ore + 1
    assert g.view()["extra"]["face_down"]["north"] == {"hexes": 7, "numbers": 5}
    assert check_invariants(g) == []


def test_a_discovered_sea_hex_pays_2_gold():
    g = on_turn()
    stack_top(g, "north", "sea")
    run(g, "move ship 14-15 to 16-17")
    assert gold(g, "red") == 4
    assert g.view()["extra"]["face_down"]["north"] == {"hexes": 7, "numbers": 6}


def test_a_ship_whose_two_ends_touch_two_face_down_hexes_discovers_both_and_is_paid_for_both():
    # In Land Ho! a legal step never reaches two at once (the way in touches one first); the
    # general rule (digest C.3.2) still reveals both: here through the exploration primitive.
    g = on_turn()
    stack_top(g, "north", "sea")
    stack_top(g, "north", "forest", 5)       # forest on top, then sea
    lumber = hand(g, "red")["lumber"]
    events, found = g.engine.explore_from_edge(0, edge(g, "33-34"))   # 33 touches V, 34 touches N
    assert [g.engine.geo.hex_ids[h] for h in found] == ["V", "N"]
    assert (terrain(g, "V"), terrain(g, "N")) == ("forest", "sea")
    assert hand(g, "red")["lumber"] == lumber + 1
    assert gold(g, "red") == 2 + 2
    assert check_invariants(g) == []


def test_the_board_shows_face_down_hexes_as_unexplored():
    g = game(4)
    hexes = {h["id"]: h for h in g.board_json()["hexes"]}
    assert hexes["F"]["terrain"] == "unexplored" and hexes["F"]["number"] is None
    assert hexes["F"]["area"] == "north" and hexes["AJ"]["area"] == "south"


# --- the movement phase (C.8) ---------------------------------------------------------------------------
def test_building_and_trading_are_refused_once_the_movement_phase_has_begun():
    g = on_turn()
    run(g, "give red 2 lumber 2 wool 3 ore")
    run(g, "sail")
    assert g.waiting_for() == "move ships/end"
    refused(g, "build ship 13-14", "the movement phase has begun")
    refused(g, "trade 3 ore for wool", "the movement phase has begun")
    refused(g, "build road 25-26", "the movement phase has begun")
    assert not any(c.startswith(("build", "trade", "buy")) for c in g.legal_commands())


def test_a_ship_command_begins_the_movement_phase_and_end_passes_through_it():
    g = on_turn()
    run(g, "move ship 14-15 to 15-16")
    assert g.state.phase == "movement"
    run(g, "end")
    assert g.state.current == 1 and g.waiting_for() == "roll"
    g2 = on_turn()
    run(g2, "end")          # straight from trade and build
    assert g2.state.current == 1


def test_ships_move_only_in_your_own_turn_after_the_roll():
    g = game(4)
    to_roll(g, "red")
    refused(g, "move ship 14-15 to 15-16", "roll the dice first")
    refused(g, "blue: move ship 31-32 to 32-33", "only in your own turn")


# --- founding from a settler ship (C.7) --------------------------------------------------------------
def _discover_f_as(g: Game, what: str, number: int | None) -> None:
    stack_top(g, "north", what, number)
    run(g, "move ship 14-15 to 16-17")


def test_a_settler_ship_founds_a_free_settlement_during_the_movement_phase():
    g = on_turn()
    _discover_f_as(g, "fields", 9)
    assert g.state.phase == "movement"
    cards = sum(hand(g, "red").values())
    run(g, "found settlement 17")
    s = g.state
    assert s.node_owner[16] == 0 and g.vp("red") == 4
    assert sum(hand(g, "red").values()) == cards             # free
    assert ships(g, "red") == []                              # the ship and the settler go home
    assert s.players[0].extra["ships_left"] == 3 and s.players[0].extra["settlers_left"] == 2
    assert check_invariants(g) == []


def test_founding_needs_a_terrain_corner_and_the_distance_rule():
    g = on_turn()
    _discover_f_as(g, "sea", None)
    refused(g, "found settlement 17", "not a corner of a discovered terrain hex")
    g2 = on_turn()
    _discover_f_as(g2, "fields", 9)
    run(g2, "put settlement blue 18")
    refused(g2, "found settlement 17", "distance rule")


def test_founding_needs_your_settler_ship_at_the_corner():
    g = on_turn()
    _discover_f_as(g, "fields", 9)
    refused(g, "found settlement 19", "none of your settler ships points at intersection 19")


def test_the_first_settlement_in_an_area_is_founded_only_from_a_ship():
    g = on_turn()
    _discover_f_as(g, "fields", 9)
    run(g, "end", "turn red", "put road red 17-18", "give red 1 lumber 1 brick 1 wool 1 grain")
    refused(g, "build settlement 17", "first settlement in the green moon area must be founded from a settler ship")
    run(g, "found settlement 17")
    assert g.state.node_owner[16] == 0


def test_after_the_first_settlement_an_area_is_settled_by_road_too():
    g = on_turn()
    _discover_f_as(g, "fields", 9)
    run(g, "found settlement 17", "end", "turn red")
    stack_top(g, "north", "forest", 4)
    g.engine.explore_from_edge(0, edge(g, "18-19"))            # turn G and N up by hand
    run(g, "put road red 17-18", "put road red 18-19")
    run(g, "give red 1 lumber 1 brick 1 wool 1 grain")
    assert "build settlement 19" in g.legal_commands() or g.check("build settlement 19").reason


def test_no_road_beside_and_no_settlement_on_a_corner_of_an_undiscovered_hex():
    g = on_turn()
    run(g, "put settlement red 18", "give red 2 lumber 2 brick 1 wool 1 grain")
    refused(g, "build road 18-19", "beside the undiscovered hex")
    run(g, "put road red 17-18")
    refused(g, "build settlement 17", "")


# --- winning -------------------------------------------------------------------------------------------
def test_8_vp_on_your_own_turn_wins():
    g = on_turn()
    run(g, "put settlement red 25", "put settlement red 41", "put settlement red 84",
        "give red 2 grain 2 ore")
    assert g.vp("red") == 6 and not g.over
    run(g, "put settlement red 10")
    assert g.vp("red") == 7 and not g.over
    run(g, "build harbor 84")
    assert g.winner == "red"


def test_8_vp_off_turn_does_not_win_until_your_turn():
    g = on_turn()
    run(g, "put settlement red 25", "put settlement red 41", "put settlement red 84",
        "give red 2 grain 2 ore", "build harbor 84", "turn orange", "put settlement red 10")
    assert g.vp("red") == 8 and not g.over
    run(g, "end")
    assert g.winner == "red"


# --- secrecy: face-down hexes and their stacks (C.2, C.3) --------------------------------------------
VOYAGE = ["dice 1 1", "roll", "give red 2 lumber 1 wool", "build ship 13-14", "build settler 14",
          "load settler 13-14", "move ship 14-15 to 16-17", "found settlement 17", "give red 1 wool",
          "pay wool 13-14", "move ship 13-14 to 17-18", "end"]


def test_no_seat_sees_the_face_down_hexes_or_their_stacks_during_a_voyage():
    from secrecy import leaks
    g = Game.new("land-ho", players=COLOURS[:3], seed=2, sandbox=True)
    for i, command in enumerate(VOYAGE):
        assert leaks(g, g.parse(command), seed=i) == [], command
        g.execute(command)
    view = g.view("blue")
    assert view["extra"]["face_down"] == {"north": {"hexes": 6, "numbers": 5}, "south": {"hexes": 8, "numbers": 6}}
    assert "terrain" not in str(view["extra"]["face_down"])


def test_the_secrecy_test_catches_a_view_that_shows_the_next_face_down_hex(monkeypatch):
    from secrecy import leaks
    from catan_cli.scenarios.land_ho.rules import Rules

    honest = Rules.view_items

    def leaky(self, viewer):   # the top of the green-moon stack, to everyone
        return {**honest(self, viewer), "next": self.ctx.state.extra["face_down"]["north"]["terrain"][-1]}

    g = Game.new("land-ho", players=COLOURS[:3], seed=2, sandbox=True)
    monkeypatch.setattr(Rules, "view_items", leaky)
    assert any("view depends on hidden state" in p for p in leaks(g, None))


@pure_only
def test_the_secrecy_test_catches_a_discovery_told_without_saying_it_reveals(monkeypatch):
    from secrecy import leaks
    from catan_cli.engine.actions import Event
    from catan_cli.engine.ships import ShipRules

    honest = ShipRules.explore_from_edge

    def unmarked(self, seat, edge_):
        events, found = honest(self, seat, edge_)
        return [Event(e.kind, e.seat, e.text) for e in events], found

    g = Game.new("land-ho", players=COLOURS[:3], seed=2, sandbox=True)
    run(g, "turn red")
    monkeypatch.setattr(ShipRules, "explore_from_edge", unmarked)
    assert any("told hidden state" in p for p in leaks(g, g.parse("move ship 14-15 to 16-17")))


# --- gold between players (C.9) -------------------------------------------------------------------------
def test_gold_trades_with_other_players_like_a_card():
    g = on_turn()
    run(g, "give blue 1 ore", "offer blue 1 gold for 1 ore")
    assert g.waiting_for() == "accept or decline red's offer"
    assert sorted(g.legal_commands()) == ["accept", "decline"]
    run(g, "accept")
    assert (gold(g, "red"), gold(g, "blue")) == (1, 3)
    assert hand(g, "red")["ore"] == 1
    run(g, "offer blue 1 ore for 2 gold", "decline")
    assert (gold(g, "red"), gold(g, "blue")) == (1, 3)
    refused(g, "offer blue 5 gold for 1 wool", "red has only 1 gold")
    run(g, "sail")
    refused(g, "offer blue 1 gold for 1 wool", "the movement phase has begun")
    assert check_invariants(g) == []


def test_gold_offers_are_listed_only_when_offers_are_asked_for():
    g = on_turn()
    assert not any(c.startswith("offer") for c in g.legal_commands())
    offers = [c for c in g.legal_commands(offers=True) if c.startswith("offer") and "gold" in c]
    assert "offer blue 1 gold for 1 ore" in offers
    for line in offers:
        assert g.check(line).ok, line


# --- the command language ---------------------------------------------------------------------------------
def test_load_settler_and_pay_wool_may_leave_out_the_only_ship_they_can_mean():
    g = on_turn()
    run(g, "move ship 14-15 to 13-14", "unload settler")
    assert g.view()["extra"]["basins"] == {"14": "settler"}
    run(g, "load settler", "give red 1 wool", "pay wool")
    assert g.view()["extra"]["moving"] == {"edge": "13-14", "points": 5}


def test_a_ship_left_out_is_refused_when_two_ships_could_be_meant():
    g = on_turn()
    put_ship(g, "red", "1-9")
    run(g, "give red 1 wool")
    refused(g, "pay wool", "name the ship by its sea route, like 'pay wool 14-15'")
    refused(g, "load settler", "none of your ships can now")


def test_each_legal_move_is_listed_once():
    g = on_turn()
    run(g, "move ship 14-15 to 13-14")
    legal = g.legal_commands(offers=True)
    assert "unload settler 13-14" in legal
    assert len(legal) == len(set(legal))


# --- at the table ------------------------------------------------------------------------------------------
def test_the_screen_shows_gold_harbour_settlements_ships_the_moving_ship_and_the_phase(tmp_path):
    import io

    from rich.console import Console

    from catan_cli.repl import Repl
    from catan_cli.script import Header, parse_seats
    from catan_cli.session import Session

    out = io.StringIO()
    console = Console(file=out, width=130, height=60, color_system=None, highlight=False)
    repl = Repl(Session.new(Header("land-ho", parse_seats("red,blue,white"), 2), saves_folder=tmp_path),
                console, pace=0.0)
    repl.session.game.state.forced_dice = [1, 1]
    repl.handle("roll")
    assert " · trade/build · red's turn" in repl.toolbar_text()
    first_words = [word for word, _ in repl.completions("")]
    assert "sail" in first_words and "found" in first_words
    assert "play" not in first_words and "robber" not in first_words     # no cards, no robber
    assert "16-17" in [word for word, _ in repl.completions("move ship 14-15 to ")]   # a reachable route
    assert repl.prompt_plain() == "red · build/trade > "
    out.seek(0)
    out.truncate()
    repl.handle("move ship 14-15 to 13-14")
    repl.handle("map")
    repl.handle("hand")
    text = out.getvalue()
    assert " · movement · red's turn" in repl.toolbar_text()
    assert repl.prompt_plain() == "red · move ships/end > "
    assert "H14" in text                                   # red's harbour settlement
    assert "red 13-14 (settler; moving: 3 points left)" in text     # the ship being moved, its cargo
    assert "blue 31-32 (settler)" in text                  # ships with their cargo
    assert "face down" in text and "moon: green moon / sun: orange sun" in text   # the face-down areas
    assert "gold" in text and " 3 " in text                # gold beside the hand: 2 + 1 for the empty roll


# --- invariants -------------------------------------------------------------------------------------------
def test_the_invariants_catch_a_lost_number_token_or_a_hex_not_of_its_area():
    g = on_turn()
    run(g, "move ship 14-15 to 16-17")
    assert check_invariants(g) == []
    g.state.extra["face_down"]["north"]["numbers"].pop()
    assert "area north: its number tokens are not conserved" in check_invariants(g)
    g = on_turn()
    g.state.extra["face_down"]["south"]["terrain"][0] = "desert"
    assert check_invariants(g) == ["area south: its terrain hexes are not conserved"]


def test_help_lists_the_land_ho_commands_and_no_general_command_the_scenario_lacks():
    from catan_cli.helptext import lookup, overview

    g = game(3)
    syntaxes = [syntax for _, rows in overview(game=g) for syntax, _ in rows]
    for line in ("sail", "move ship E to F", "load settler [E]", "found settlement N", "pay wool [E]",
                 "build harbor N", "build settler N|E", "buy gold with 3 R", "pay gold for R"):
        assert line in syntaxes, line
    for gone in ("buy card", "move ship A-B to C-D", "robber HEX [steal PLAYER]", "choose gold RES [RES ...]"):
        assert gone not in syntaxes, gone
    assert [h.syntax for h in lookup("move", g)] == ["move ship E to F"]
    base = [syntax for _, rows in overview(game=Game.new("base", players=COLOURS[:3], seed=1)) for syntax, _ in rows]
    assert "buy card" in base and "robber HEX [steal PLAYER]" in base


def test_the_hand_line_over_ssh_shows_gold():
    from catan_cli.server import screen

    g = game(2, sandbox=False)
    assert screen.hand_line(g.view("red"), "red").endswith("· gold: 2")


# --- bots ---------------------------------------------------------------------------------------------------
def test_the_greedy_bot_founds_across_the_sea_builds_harbour_settlements_and_uses_gold():
    from catan_cli.bots import make_bot

    g = Game.new("land-ho", players=COLOURS, seed=3)
    bots = [make_bot("greedy", 30 + i) for i in range(4)]
    kinds: set[str] = set()
    while not g.over and g.state.turn <= 200:
        seat = g.prompt_player()
        action = g.parse(bots[COLOURS.index(seat)].choose(g, seat))
        kinds.add(action.kind)
        g.execute(action)
    assert g.over
    assert {"found-settlement", "build-harbor", "build-settler", "launch-ship", "sail-ship"} <= kinds
    assert kinds & {"gold-for-resource", "buy-gold"}
    areas = {a for n, o in enumerate(g.state.node_owner) if o >= 0
             for a in g.engine.rules.node_areas(n)}            # type: ignore[attr-defined]
    assert areas == {"north", "south"}          # settled both face-down areas


def test_a_greedy_settler_ship_explores_the_area_beside_it_rather_than_cross_to_a_far_site():
    """Red turned up a fields 9 in the north; orange's settler ship (88-89) is 3 routes from
    the southern area and 8 from the north: it sails south and turns a southern hex up."""
    from catan_cli.bots import make_bot

    g = on_turn()
    _discover_f_as(g, "fields", 9)
    run(g, "turn orange")
    bot = make_bot("greedy", 1)
    said = []
    while g.prompt_player() == "orange" and "end" not in said:
        said.append(bot.choose(g, "orange"))
        g.execute(said[-1])
    assert any(line.startswith("move ship 88-89") for line in said), said
    south = [h for h in g.board_json()["hexes"] if h["area"] == "south"]
    assert any(h["terrain"] != "unexplored" for h in south)


def test_a_settlement_on_a_discovered_hex_produces_on_its_number():
    g = on_turn()
    run(g, "dice 4 5", "end", "roll")             # a 9 before the discovery (what a roll pays is kept)
    run(g, "turn red")
    _discover_f_as(g, "fields", 9)
    run(g, "found settlement 17", "dice 4 5", "end")
    grain = hand(g, "red")["grain"]
    run(g, "roll")
    assert hand(g, "red")["grain"] == grain + 1   # the new fields 9
