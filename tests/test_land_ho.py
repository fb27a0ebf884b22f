"""Land Ho! (seed 002; digest C.1-C.12, F.2): every paragraph of the seed, as the rulebook
says it.

The map (``rules/land-ho.toml``), by intersection numbers: red's harbour settlement is on 23
with its settler ship on 23-24 and its settlement on 38 (road 37-38); blue: harbour 42, ship
42-43, settlement 74; white: harbour 92, ship 92-93, settlement 58; orange: harbour 109, ship
109-110, settlement 88.  Sailing east from red's harbour: 23-24, 24-25 (sea), then 25-26,
whose end 26 is a corner of the face-down hex J (green moon).  Blue's 42-43 leads to 43-44,
whose end 44 is a corner of the face-down hex AB.
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
@pytest.mark.rule("C.11", "C.1", "S2:set-up-phase", "S2:preparation")
def test_each_colour_starts_with_a_harbour_settlement_a_settler_ship_a_settlement_and_a_road():
    g = game(4, sandbox=False)
    s = g.state
    homes = {"red": (23, "23-24", 38, "37-38"), "blue": (42, "42-43", 74, "73-74"),
             "white": (92, "92-93", 58, "58-59"), "orange": (109, "109-110", 88, "88-89")}
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


@pytest.mark.rule("C.11", "S2:set-up-phase")
def test_starting_resources_come_from_the_settlement_only():
    g = game(4, sandbox=False)
    # red's settlement on 38 touches hills, fields and pasture; the harbour settlement gives nothing
    assert hand(g, "red") == {"lumber": 0, "brick": 1, "wool": 1, "grain": 1, "ore": 0}


@pytest.mark.rule("S2:set-up-phase")
def test_with_three_players_the_fourth_colour_stays_in_the_box():
    g = game(3)
    assert g.state.node_kind[108] == 0 and g.state.node_kind[87] == 0
    assert len(ships(g)) == 3


@pytest.mark.rule("C.12", "S2:special-rules-for-two-players")
def test_with_two_players_the_unused_colours_stay_as_neutral_obstacles_without_settler_ships():
    g = game(2)
    s = g.state
    assert (s.node_owner[91], s.node_kind[91]) == (-1, NEUTRAL_HARBOR)       # white's harbour on 92
    assert (s.node_owner[57], s.node_kind[57]) == (-1, NEUTRAL_SETTLEMENT)   # white's settlement on 58
    assert s.edge_kind[edge(g, "57-58")] == NEUTRAL_ROAD
    assert len(ships(g)) == 2                     # only red's and blue's settler ships
    assert check_invariants(g) == []


@pytest.mark.rule("C.12", "S2:special-rules-for-two-players")
def test_neutral_pieces_keep_the_distance_rule_and_block_roads():
    g = game(2)
    run(g, "turn red", "put road red 40-58")
    run(g, "give red 2 brick 2 lumber 1 wool 1 grain")
    refused(g, "build road 57-58", "already holds")                 # the neutral road
    refused(g, "build road 58-59", "roads do not pass an opponent's building")
    run(g, "put road red 59-60")
    refused(g, "build settlement 59", "distance rule")              # beside the neutral settlement on 58


@pytest.mark.rule("C.12")
def test_neutral_pieces_never_produce_or_score():
    g = game(2)
    run(g, "turn red")
    assert [g.vp(p) for p in g.players] == [3, 3]
    before = list(g.state.bank)
    run(g, "turn red", "end", "dice 4 5", "roll")      # 9: pasture Y touches the neutral settlement on 58
    assert check_invariants(g) == []
    assert sum(before) - sum(g.state.bank) == sum(sum(p.resources) for p in g.state.players) - 6


@pytest.mark.rule("C.1", "S2:required-game-components", "S2:preparation")
def test_each_player_holds_the_seeds_pieces_and_2_gold_and_there_are_no_development_cards():
    g = game(4, sandbox=False)
    for player in COLOURS:
        seat = g.seat(player)
        pieces = g.view(player)["players"][seat]["pieces"]
        extra = g.state.players[seat].extra
        # 5 settlements, 15 roads, 4 harbour settlements, 3 ships, 2 settlers: one of each
        # but the settlers and ships stands on the board (the settler sits in its ship)
        assert (pieces["settlement"], pieces["road"], pieces["harbor-settlement"]) == (4, 14, 3)
        assert (extra["ships_left"], extra["settlers_left"]) == (2, 1)
        assert pieces["city"] == 0 and extra["gold"] == 2
    assert g.state.deck == []


@pytest.mark.rule("S2:setup", "S2:assembling-the-game-board-frame", "B.3.3")
def test_the_frame_parts_the_board_into_a_starting_island_and_two_unexplored_areas():
    for n in (2, 3, 4):
        g = game(n)
        scen, geo = g.engine.scen, g.engine.geo
        rim = [h for h in range(geo.n_hexes) if len(geo.hex_neighbors[h]) < 6]
        assert all(g.state.terrain[h] == "sea" for h in rim)               # the frame is sea
        start = [h for h, t in enumerate(g.state.terrain) if t not in ("sea", "unexplored")]
        assert [sorted(i) for i in scen.islands if set(i) & set(start)] == [start]   # one starting island
        north, south = (set(scen.face_down[a].hexes) for a in ("north", "south"))
        west = max(geo.hex_pos[h][1] for h in start)
        assert min(geo.hex_pos[h][1] for h in north | south) > west         # the areas lie east
        assert max(geo.hex_pos[h][0] for h in north) < min(geo.hex_pos[h][0] for h in south)
        touching = {(a, b) for a in north for b in south if b in geo.hex_neighbors[a]}
        assert touching == set()                                              # sea parts them
        assert "pasture" in {g.state.terrain[h] for h in start}


@pytest.mark.rule("S2:creating-the-starting-island")
def test_the_starting_island_is_the_same_in_every_game():
    def island(seed: int) -> list[tuple[str, int]]:
        g = game(3, seed=seed)
        return [(t, g.state.numbers[h]) for h, t in enumerate(g.state.terrain) if t not in ("sea", "unexplored")]
    first = island(1)
    assert len(first) == 15 and sum(1 for _, number in first if number) == 15
    assert all(island(seed) == first for seed in (2, 3, 4))


@pytest.mark.rule("C.2", "C.3.3", "S2:building-the-unexplored-areas")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_discovered_terrain_hex_takes_a_token_of_its_area_and_the_stacks_come_out_even(seed: int):
    g = game(4, seed=seed)
    e = g.engine
    tokens = {}
    for name in ("north", "south"):
        area = e.scen.face_down[name]
        tokens[name] = sorted(area.numbers)
        for h in area.hexes:
            if g.state.terrain[h] == "unexplored":
                edge_ = next(x for x in e.geo.hex_edges[h])
                e.explore_from_edge(0, edge_)
    for name in ("north", "south"):
        area = e.scen.face_down[name]
        terrains = [g.state.terrain[h] for h in area.hexes]
        assert sorted(terrains) == sorted(area.terrain)
        for h in area.hexes:
            assert (g.state.numbers[h] == 0) == (g.state.terrain[h] == "sea"), (name, h)
        assert sorted(g.state.numbers[h] for h in area.hexes if g.state.numbers[h]) == tokens[name]
        assert g.state.extra["face_down"][name] == {"terrain": [], "numbers": []}


# --- production and gold (C.8, C.9, C.10) --------------------------------------------------------------
@pytest.mark.rule("C.8", "S2:gold-compensation", "S2:production-phase")
def test_a_player_who_gets_nothing_on_a_roll_takes_1_gold():
    g = game(4)
    to_roll(g, "red")
    run(g, "dice 1 1", "roll")       # 2: no hex has it
    assert [gold(g, p) for p in COLOURS] == [3, 3, 3, 3]
    run(g, "end", "dice 4 6", "roll")  # 10: hills O (red's settlement) and hills AW (orange's settlement 88? no)
    assert gold(g, "red") == 3


@pytest.mark.rule("C.8", "S2:gold-compensation")
def test_no_gold_on_a_seven():
    g = game(4)
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    assert [gold(g, p) for p in COLOURS] == [2, 2, 2, 2]


@pytest.mark.rule("C.9", "C.10", "S2:base-game-rules")
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


@pytest.mark.rule("C.9", "S2:3-1-trade")
def test_three_identical_resources_buy_one_resource_or_one_gold_on_your_turn():
    g = on_turn()
    run(g, "give red 6 ore")
    run(g, "trade 3 ore for wool")
    assert hand(g, "red")["wool"] == 2 and hand(g, "red")["ore"] == 3
    refused(g, "trade 4 ore for wool", "3:1 with the bank")
    run(g, "buy gold with 3 ore")
    assert gold(g, "red") == 3 and hand(g, "red")["ore"] == 0
    refused(g, "buy gold with 3 wool", "costs 3 wool")


@pytest.mark.rule("C.9", "S2:paying-gold-to-buy-resources-2-1")
def test_two_gold_buy_one_resource_at_most_twice_per_turn():
    g = on_turn()
    g.state.players[0].extra["gold"] = 8
    run(g, "pay gold for ore", "pay gold for lumber")
    assert gold(g, "red") == 4 and hand(g, "red")["ore"] == 1
    refused(g, "pay gold for ore", "at most 2 per turn")
    run(g, "end", "turn red")
    run(g, "pay gold for ore")
    assert gold(g, "red") == 2


@pytest.mark.rule("C.9", "S2:paying-gold-to-buy-resources-2-1")
def test_gold_buys_are_refused_off_turn_and_without_gold():
    g = on_turn()
    g.state.players[0].extra["gold"] = 1
    refused(g, "pay gold for ore", "costs 2 gold")
    refused(g, "blue: pay gold for ore", "only in your own turn")


@pytest.mark.rule("C.10", "S2:base-game-rules")
def test_no_development_cards_and_no_cities():
    g = on_turn()
    run(g, "give red 1 wool 1 grain 3 ore")
    refused(g, "buy card", "there are no development cards in this scenario")
    refused(g, "build city 38", "there are no cities in this scenario")


@pytest.mark.rule("S2:the-phases-of-a-turn", "C.8")
def test_a_turn_runs_production_then_trade_and_build_then_movement_and_ends():
    g = game(4)
    assert (g.state.current, g.waiting_for()) == (0, "roll")                 # I. production
    refused(g, "sail", "roll")
    run(g, "dice 2 3", "roll")
    assert g.state.phase == "main"                                           # II. trade and build
    run(g, "sail")
    assert g.state.phase == "movement"                                       # III. movement
    refused(g, "build road 36-37", "the movement phase has begun")
    run(g, "end")
    assert (g.state.current, g.waiting_for()) == (1, "roll")                 # the turn ended


@pytest.mark.rule("S2:trade-and-build-phase", "C.8")
def test_trade_and_build_come_in_any_order():
    g = on_turn()
    run(g, "give red 1 brick 1 lumber 3 ore")
    run(g, "build road 36-37")                                               # build,
    run(g, "trade 3 ore for lumber")                                         # then trade,
    run(g, "give red 1 brick", "build road 36-54")                           # then build again
    assert g.state.phase == "main" and hand(g, "red")["ore"] == 0


# --- harbour settlements (C.4) ---------------------------------------------------------------------
@pytest.mark.rule("C.4", "S2:harbor-settlements")
def test_a_harbour_settlement_upgrades_a_coastal_settlement_for_2_grain_2_ore_and_is_worth_2_vp():
    g = on_turn()
    run(g, "put settlement red 36")      # 36: beside the sea hexes N and W
    refused(g, "build harbor 36", "costs 2 grain 2 ore")
    run(g, "give red 2 grain 2 ore")
    assert g.vp("red") == 4
    run(g, "build harbor 36")
    s = g.state
    assert s.node_kind[35] == HARBOR and g.vp("red") == 5
    assert s.players[0].pieces["settlement"] == 5 - 1 and s.players[0].pieces["harbor-settlement"] == 2
    assert check_invariants(g) == []


@pytest.mark.rule("C.4", "S2:harbor-settlements")
def test_a_harbour_settlement_stands_on_the_coast_only():
    g = on_turn()
    refused(g, "build harbor 38", "38 is inland")             # 38: O, X and Y, all land
    refused(g, "build harbor 74", "you have none on 74")       # blue's settlement


@pytest.mark.rule("C.4", "S2:harbor-settlements")
def test_a_harbour_settlement_produces_only_1():
    g = game(4)
    to_roll(g, "red")
    before = hand(g, "red")["ore"]
    run(g, "dice 1 2", "roll")      # 3: mountains P touches red's harbour settlement on 23
    assert hand(g, "red")["ore"] == before + 1


@pytest.mark.rule("C.4", "C.1")
def test_four_harbour_settlements_per_player():
    g = on_turn()
    supply = lambda: g.state.players[0].pieces["harbor-settlement"]   # noqa: E731
    assert supply() == 3 and g.state.node_kind[23 - 1] == HARBOR      # 4 in all, one at home
    run(g, "give red 6 grain 6 ore", "put settlement red 36", "put settlement red 55")
    run(g, "build harbor 36", "build harbor 55")
    assert supply() == 1 and not g.over
    assert sum(1 for k, o in zip(g.state.node_kind, g.state.node_owner) if k == HARBOR and o == 0) == 3
    g = on_turn()
    g.state.players[0].pieces["harbor-settlement"] = 0                  # as if all four stood
    run(g, "give red 2 grain 2 ore", "put settlement red 36")
    refused(g, "build harbor 36", "no harbour settlements left")


# --- settlers (C.5) ------------------------------------------------------------------------------------
@pytest.mark.rule("C.5", "S2:building-a-settler")
def test_a_settler_goes_into_the_empty_basin_of_your_harbour_settlement():
    g = on_turn()
    run(g, "give red 2 lumber 2 brick 2 wool 2 grain")
    run(g, "build settler 23")
    assert g.view()["extra"]["basins"] == {"23": "settler"}
    refused(g, "build settler 23", "all 2 of your settlers are out")


@pytest.mark.rule("C.5", "S2:building-a-settler")
def test_a_settler_goes_into_the_empty_hold_of_your_ship_beside_your_harbour_settlement():
    g = on_turn()
    run(g, "give red 2 lumber 2 brick 2 wool 2 grain")
    refused(g, "build settler 23-24", "hold of your ship on 23-24 is full")
    run(g, "drop cargo 23-24")
    assert g.state.players[0].extra["settlers_left"] == 2
    run(g, "build settler 23-24")
    assert ships(g, "red")[0]["cargo"] == "settler"
    put_ship(g, "red", "25-26")
    refused(g, "build settler 25-26", "only beside one of your harbour settlements")
    refused(g, "build settler 38", "you have none on 38")     # never on land


# --- ships (C.6) -------------------------------------------------------------------------------------
@pytest.mark.rule("C.6", "S2:building-ships")
def test_a_ship_is_built_beside_your_harbour_settlement_for_lumber_and_wool():
    g = on_turn()
    refused(g, "build ship 22-23", "costs 1 lumber 1 wool")
    run(g, "give red 1 lumber 1 wool")
    refused(g, "build ship 24-25", "beside one of your harbour settlements")
    run(g, "build ship 22-23")
    assert sorted(sh["edge"] for sh in ships(g, "red")) == ["22-23", "23-24"]


@pytest.mark.rule("C.6", "S2:building-ships")
def test_a_ship_is_never_built_touching_an_undiscovered_hex():
    g = on_turn()
    run(g, "give red 2 grain 2 ore 1 lumber 1 wool", "put settlement red 27")  # 27: R, J, S
    g.state.node_kind[26] = HARBOR
    g.state.players[0].pieces["harbor-settlement"] -= 1
    g.state.players[0].pieces["settlement"] += 1
    refused(g, "build ship 26-27", "touches the undiscovered hex")


@pytest.mark.rule("C.6", "S2:building-ships")
def test_with_all_3_ships_out_one_is_taken_off_and_rebuilt():
    g = on_turn()
    run(g, "give red 3 lumber 3 wool", "build ship 22-23", "build ship 23-24")
    refused(g, "build ship 22-23", "all 3 of your ships are out")
    run(g, "build ship 22-23 replacing 23-24")
    assert len(ships(g, "red")) == 3
    assert check_invariants(g) == []


@pytest.mark.rule("C.6", "S2:building-ships")
def test_a_ship_taken_off_loses_its_cargo():
    g = on_turn()
    run(g, "give red 3 lumber 3 wool", "build ship 22-23", "build ship 22-23")
    run(g, "build ship 23-24 replacing 23-24")      # the settler ship goes, and its settler
    assert all(sh["cargo"] == "" for sh in ships(g, "red"))
    assert g.state.players[0].extra["settlers_left"] == 2


@pytest.mark.rule("C.6", "S2:moving-ships")
def test_three_ships_never_end_on_one_sea_route_but_may_pass():
    g = on_turn()
    put_ship(g, "blue", "24-25")
    put_ship(g, "white", "24-25")
    refused(g, "move ship 23-24 to 24-25", "may pass them but not end")
    run(g, "move ship 23-24 to 25-26")         # through the two ships on 24-25
    assert check_invariants(g) == []


@pytest.mark.rule("C.6", "S2:moving-ships")
def test_a_third_ship_is_not_built_on_a_full_route():
    g = on_turn()
    put_ship(g, "blue", "22-23")
    run(g, "give red 2 lumber 2 wool", "build ship 22-23")
    refused(g, "build ship 22-23", "at most 2 end on one sea route")


@pytest.mark.rule("C.6", "S2:moving-ships")
def test_a_ship_has_4_movement_points():
    g = on_turn()
    put_ship(g, "red", "4-18")
    legal = g.legal_commands()
    assert "move ship 4-18 to 35-36" in legal        # 4-18, 17-18, 17-35? 4 steps round the west
    refused(g, "move ship 4-18 to 69-70", "cannot reach")


@pytest.mark.rule("C.6", "S2:moving-ships")
def test_one_wool_buys_2_more_movement_points_once_per_ship_per_turn():
    g = on_turn()
    put_ship(g, "red", "4-18")
    run(g, "give red 2 wool")
    run(g, "move ship 4-18 to 18-19")
    assert g.view()["extra"]["moving"] == {"edge": "18-19", "points": 3}
    run(g, "pay wool 18-19")
    assert g.view()["extra"]["moving"] == {"edge": "18-19", "points": 5}
    refused(g, "pay wool 18-19", "once per ship per turn")


@pytest.mark.rule("C.6", "S2:moving-ships")
def test_one_ships_move_is_finished_before_the_next_starts():
    g = on_turn()
    put_ship(g, "red", "4-18")
    run(g, "move ship 4-18 to 18-19", "move ship 23-24 to 22-23")
    refused(g, "move ship 18-19 to 4-18", "finished moving this turn")


@pytest.mark.rule("C.6", "S2:loading-and-unloading-ships")
def test_loading_and_unloading_cost_no_movement_points():
    g = on_turn()
    run(g, "move ship 23-24 to 22-23")
    run(g, "unload settler 22-23")
    assert g.view()["extra"]["basins"] == {"23": "settler"}
    assert g.view()["extra"]["moving"] == {"edge": "22-23", "points": 3}
    run(g, "load settler 22-23")
    assert ships(g, "red")[0]["cargo"] == "settler"
    run(g, "move ship 22-23 to 6-22")
    assert g.view()["extra"]["moving"] == {"edge": "6-22", "points": 2}


@pytest.mark.rule("S2:ships", "S2:movement-phase-loading-a-settler", "C.5")
def test_a_hold_takes_one_settler_and_only_a_ship_pointing_at_the_basin_loads_it():
    g = on_turn()
    run(g, "give red 1 brick 1 lumber 1 wool 1 grain", "build settler 23")    # into the basin
    refused(g, "load settler 23-24", "")                                     # the hold holds one already
    run(g, "move ship 23-24 to 24-25", "drop cargo 24-25")
    refused(g, "load settler 24-25", "")                                     # 24-25 does not point at 23
    run(g, "move ship 24-25 to 23-24", "load settler 23-24")
    assert ships(g, "red")[0]["cargo"] == "settler" and g.view()["extra"]["basins"] == {}
    run(g, "move ship 23-24 to 24-25")                                       # loading ended nothing
    assert g.view()["extra"]["moving"] == {"edge": "24-25", "points": 1}


# --- discovery (C.3) ----------------------------------------------------------------------------------
@pytest.mark.rule("C.3.1", "S2:discovery-ends-a-ship-s-movement", "S2:discovering-with-ships")
def test_discovery_stops_a_ship_and_forfeits_its_points():
    g = on_turn()
    stack_top(g, "north", "sea")
    events = run(g, "move ship 23-24 to 25-26")
    assert terrain(g, "J") == "sea"
    assert any("the discovery ends the ship's move" in e.text for e in events)
    refused(g, "move ship 25-26 to 9-26", "finished moving this turn")


@pytest.mark.rule("C.3.3", "S2:reward-for-a-discovery", "S2:discovering-with-ships")
def test_a_discovered_terrain_hex_pays_its_resource_and_takes_a_number_from_its_areas_stack():
    g = on_turn()
    stack_top(g, "north", "mountains", 6)
    ore = hand(g, "red")["ore"]
    run(g, "move ship 23-24 to 25-26")
    assert terrain(g, "J") == "mountains" and g.state.numbers[hex_index(g, "J")] == 6
    assert hand(g, "red")["ore"] == ore + 1
    assert g.view()["extra"]["face_down"]["north"] == {"hexes": 7, "numbers": 5}
    assert check_invariants(g) == []


@pytest.mark.rule("C.3.3", "S2:reward-for-a-discovery")
def test_a_discovered_sea_hex_pays_2_gold():
    g = on_turn()
    stack_top(g, "north", "sea")
    run(g, "move ship 23-24 to 25-26")
    assert gold(g, "red") == 4
    assert g.view()["extra"]["face_down"]["north"] == {"hexes": 7, "numbers": 6}


@pytest.mark.rule("C.3.2")
def test_a_ship_whose_two_ends_touch_two_face_down_hexes_discovers_both_and_is_paid_for_both():
    # In Land Ho! a legal step never reaches two at once (the way in touches one first); the
    # general rule (digest C.3.2) still reveals both: here through the exploration primitive.
    g = on_turn()
    stack_top(g, "north", "sea")
    stack_top(g, "north", "forest", 5)       # forest on top, then sea
    lumber = hand(g, "red")["lumber"]
    events, found = g.engine.explore_from_edge(0, edge(g, "44-45"))   # 44 touches AB, 45 touches S
    assert [g.engine.geo.hex_ids[h] for h in found] == ["AB", "S"]
    assert (terrain(g, "AB"), terrain(g, "S")) == ("forest", "sea")
    assert hand(g, "red")["lumber"] == lumber + 1
    assert gold(g, "red") == 2 + 2
    assert check_invariants(g) == []


@pytest.mark.rule("S2:building-the-unexplored-areas")
def test_the_board_shows_face_down_hexes_as_unexplored():
    g = game(4)
    hexes = {h["id"]: h for h in g.board_json()["hexes"]}
    assert hexes["J"]["terrain"] == "unexplored" and hexes["J"]["number"] is None
    assert hexes["J"]["area"] == "north" and hexes["AR"]["area"] == "south"


# --- the movement phase (C.8) ---------------------------------------------------------------------------
@pytest.mark.rule("C.8", "S2:movement-phase")
def test_building_and_trading_are_refused_once_the_movement_phase_has_begun():
    g = on_turn()
    run(g, "give red 2 lumber 2 wool 3 ore")
    run(g, "sail")
    assert g.waiting_for() == "move ships/end"
    refused(g, "build ship 22-23", "the movement phase has begun")
    refused(g, "trade 3 ore for wool", "the movement phase has begun")
    refused(g, "build road 36-37", "the movement phase has begun")
    assert not any(c.startswith(("build", "trade", "buy")) for c in g.legal_commands())


@pytest.mark.rule("C.8", "S2:movement-phase")
def test_a_ship_command_begins_the_movement_phase_and_end_passes_through_it():
    g = on_turn()
    run(g, "move ship 23-24 to 24-25")
    assert g.state.phase == "movement"
    run(g, "end")
    assert g.state.current == 1 and g.waiting_for() == "roll"
    g2 = on_turn()
    run(g2, "end")          # straight from trade and build
    assert g2.state.current == 1


@pytest.mark.rule("C.8", "S2:moving-ships")
def test_ships_move_only_in_your_own_turn_after_the_roll():
    g = game(4)
    to_roll(g, "red")
    refused(g, "move ship 23-24 to 24-25", "roll the dice first")
    refused(g, "blue: move ship 42-43 to 43-44", "only in your own turn")


# --- founding from a settler ship (C.7) --------------------------------------------------------------
def _discover_f_as(g: Game, what: str, number: int | None) -> None:
    stack_top(g, "north", what, number)
    run(g, "move ship 23-24 to 25-26")


@pytest.mark.rule("C.7", "S2:building-a-settlement-with-the-aid-of-a-settler-ship")
def test_a_settler_ship_founds_a_free_settlement_during_the_movement_phase():
    g = on_turn()
    _discover_f_as(g, "fields", 9)
    assert g.state.phase == "movement"
    cards = sum(hand(g, "red").values())
    run(g, "found settlement 26")
    s = g.state
    assert s.node_owner[25] == 0 and g.vp("red") == 4
    assert sum(hand(g, "red").values()) == cards             # free
    assert ships(g, "red") == []                              # the ship and the settler go home
    assert s.players[0].extra["ships_left"] == 3 and s.players[0].extra["settlers_left"] == 2
    assert check_invariants(g) == []


@pytest.mark.rule("C.7", "S2:building-a-settlement-with-the-aid-of-a-settler-ship")
def test_founding_needs_a_terrain_corner_and_the_distance_rule():
    g = on_turn()
    _discover_f_as(g, "sea", None)
    refused(g, "found settlement 26", "not a corner of a discovered terrain hex")
    g2 = on_turn()
    _discover_f_as(g2, "fields", 9)
    run(g2, "put settlement blue 27")
    refused(g2, "found settlement 26", "distance rule")


@pytest.mark.rule("C.7", "S2:building-a-settlement-with-the-aid-of-a-settler-ship")
def test_founding_needs_your_settler_ship_at_the_corner():
    g = on_turn()
    _discover_f_as(g, "fields", 9)
    refused(g, "found settlement 28", "none of your settler ships points at intersection 28")


@pytest.mark.rule("C.7", "S2:building-a-settlement-with-the-aid-of-a-settler-ship")
def test_the_first_settlement_in_an_area_is_founded_only_from_a_ship():
    g = on_turn()
    _discover_f_as(g, "fields", 9)
    run(g, "end", "turn red", "put road red 26-27", "give red 1 lumber 1 brick 1 wool 1 grain")
    refused(g, "build settlement 26", "first settlement in the green moon area must be founded from a settler ship")
    run(g, "found settlement 26")
    assert g.state.node_owner[25] == 0


@pytest.mark.rule("C.7", "S2:settlements-and-settlers")
def test_after_the_first_settlement_an_area_is_settled_by_road_too():
    g = on_turn()
    _discover_f_as(g, "fields", 9)
    run(g, "found settlement 26", "end", "turn red")
    stack_top(g, "north", "forest", 4)
    g.engine.explore_from_edge(0, edge(g, "27-28"))            # turn K and S up by hand
    run(g, "put road red 26-27", "put road red 27-28")
    run(g, "give red 1 lumber 1 brick 1 wool 1 grain")
    assert "build settlement 28" in g.legal_commands() or g.check("build settlement 28").reason


@pytest.mark.rule("C.7")
def test_no_road_beside_and_no_settlement_on_a_corner_of_an_undiscovered_hex():
    g = on_turn()
    run(g, "put settlement red 27", "give red 2 lumber 2 brick 1 wool 1 grain")
    refused(g, "build road 27-28", "beside the undiscovered hex")
    run(g, "put road red 26-27")
    refused(g, "build settlement 26", "")


# --- winning -------------------------------------------------------------------------------------------
@pytest.mark.rule("C.11", "B.15", "S2:end-of-the-game")
def test_8_vp_on_your_own_turn_wins():
    g = on_turn()
    run(g, "put settlement red 36", "put settlement red 55", "put settlement red 105",
        "give red 2 grain 2 ore")
    assert g.vp("red") == 6 and not g.over
    run(g, "put settlement red 19")
    assert g.vp("red") == 7 and not g.over
    run(g, "build harbor 105")
    assert g.winner == "red"


@pytest.mark.rule("C.11", "S2:end-of-the-game")
def test_8_vp_off_turn_does_not_win_until_your_turn():
    g = on_turn()
    run(g, "put settlement red 36", "put settlement red 55", "put settlement red 105",
        "give red 2 grain 2 ore", "build harbor 105", "turn orange", "put settlement red 19")
    assert g.vp("red") == 8 and not g.over
    run(g, "end")
    assert g.winner == "red"


# --- secrecy: face-down hexes and their stacks (C.2, C.3) --------------------------------------------
VOYAGE = ["dice 1 1", "roll", "give red 2 lumber 1 wool", "build ship 22-23", "build settler 23",
          "load settler 22-23", "move ship 23-24 to 25-26", "found settlement 26", "give red 1 wool",
          "pay wool 22-23", "move ship 22-23 to 26-27", "end"]


@pytest.mark.rule("S2:building-the-unexplored-areas")
def test_no_seat_sees_the_face_down_hexes_or_their_stacks_during_a_voyage():
    from secrecy import leaks
    g = Game.new("land-ho", players=COLOURS[:3], seed=2, sandbox=True)
    for i, command in enumerate(VOYAGE):
        assert leaks(g, g.parse(command), seed=i) == [], command
        g.execute(command)
    view = g.view("blue")
    assert view["extra"]["face_down"] == {"north": {"hexes": 6, "numbers": 5}, "south": {"hexes": 8, "numbers": 6}}
    assert "terrain" not in str(view["extra"]["face_down"])


@pure_only
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
    assert any("told hidden state" in p for p in leaks(g, g.parse("move ship 23-24 to 25-26")))


# --- gold between players (C.9) -------------------------------------------------------------------------
@pytest.mark.rule("C.9", "S2:paying-gold-to-buy-resources-2-1")
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
    run(g, "move ship 23-24 to 22-23", "unload settler")
    assert g.view()["extra"]["basins"] == {"23": "settler"}
    run(g, "load settler", "give red 1 wool", "pay wool")
    assert g.view()["extra"]["moving"] == {"edge": "22-23", "points": 5}


def test_a_ship_left_out_is_refused_when_two_ships_could_be_meant():
    g = on_turn()
    put_ship(g, "red", "4-18")
    run(g, "give red 1 wool")
    refused(g, "pay wool", "name the ship by its sea route, like 'pay wool 14-15'")
    refused(g, "load settler", "none of your ships can now")


def test_each_legal_move_is_listed_once():
    g = on_turn()
    run(g, "move ship 23-24 to 22-23")
    legal = g.legal_commands(offers=True)
    assert "unload settler 22-23" in legal
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
    assert "25-26" in [word for word, _ in repl.completions("move ship 23-24 to ")]   # a reachable route
    assert repl.prompt_plain() == "red · build/trade > "
    out.seek(0)
    out.truncate()
    repl.handle("move ship 23-24 to 22-23")
    repl.handle("map")
    repl.handle("hand")
    text = out.getvalue()
    assert " · movement · red's turn" in repl.toolbar_text()
    assert repl.prompt_plain() == "red · move ships/end > "
    assert "Hr14" in text                                  # red's harbour settlement, red's mark on it
    assert "red 22-23 (settler; moving: 3 points left)" in text     # the ship being moved, its cargo
    assert "blue 42-43 (settler)" in text                  # ships with their cargo
    assert "moon face-down hex of the green moon area" in text and "sun face-down hex of the orange sun area" in text
    assert "gold" in text and " 3 " in text                # gold beside the hand: 2 + 1 for the empty roll


# --- invariants -------------------------------------------------------------------------------------------
def test_the_invariants_catch_a_lost_number_token_or_a_hex_not_of_its_area():
    g = on_turn()
    run(g, "move ship 23-24 to 25-26")
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
    """Red turned up a fields 9 in the north; orange's settler ship (109-110) is 3 routes from
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
    assert any(line.startswith("move ship 109-110") for line in said), said
    south = [h for h in g.board_json()["hexes"] if h["area"] == "south"]
    assert any(h["terrain"] != "unexplored" for h in south)


@pytest.mark.rule("S2:production-phase")
def test_a_settlement_on_a_discovered_hex_produces_on_its_number():
    g = on_turn()
    run(g, "dice 4 5", "end", "roll")             # a 9 before the discovery (what a roll pays is kept)
    run(g, "turn red")
    _discover_f_as(g, "fields", 9)
    run(g, "found settlement 26", "dice 4 5", "end")
    grain = hand(g, "red")["grain"]
    run(g, "roll")
    assert hand(g, "red")["grain"] == grain + 1   # the new fields 9
