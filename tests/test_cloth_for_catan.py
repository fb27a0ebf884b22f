"""Cloth for Catan (seed 004, digest F.4): every point of the seed text, as the rulebook says it.

Positions are set up in sandbox games on ``rules/cloth-for-catan.toml`` (see ``sea_helpers``
for a sketch of the map).  The villages and the paths that reach them from a main island:

    village  50 (11)  from 33 by the ship 33-50      village  64 (10)  from 47 by 47-64
    village  70 (4)   from 53 by 53-70               village  81 (9)   from 98 by 81-98
    village  87 (5)   from 104 by 87-104             village 101 (3)   from 118 by 101-118
    villages 67 (8) and 84 (6) lie between the tribe islands and take two ships or more.

Where a test needs a village or the general supply at a given level it moves cloth by hand,
always keeping the 50 bolts conserved (to a player who plays no part, or to the supply).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from catan_cli import Game
from catan_cli.engine.invariants import check_invariants
from catan_cli.engine.newgame import RED_NUMBERS
from catan_cli.script import read_file
from catan_cli.script import run as run_script
from sea_helpers import (
    cards, cloth, hand, legal, movable, on_turn, refused, roads, run, sandbox, ships,
    to_roll, village,
)

VILLAGES = {50: 11, 81: 9, 64: 10, 67: 8, 84: 6, 101: 3, 70: 4, 87: 5}
# Ways to reach each village: (home intersection, the intersections the ships run through).
REACH = {
    50: [(33, [33, 50]), (52, [52, 51, 50]), (31, [31, 48, 49, 50])],
    64: [(47, [47, 64]), (62, [62, 63, 64])],
    70: [(53, [53, 70]), (55, [55, 72, 71, 70])],
    81: [(98, [98, 81]), (96, [96, 79, 80, 81])],
    87: [(104, [104, 87])],
    101: [(118, [118, 101])],
}
TRIBE_HEXES = ("AD", "AK", "AN", "AU")


def sound(g: Game) -> None:
    problems = [p for p in check_invariants(g) if "joined to none" not in p and "touches none" not in p]
    assert not problems, problems


def connect(g: Game, player: str, node: int) -> None:
    """Give ``player`` a settlement and a ship route to the village on ``node``, the first
    of REACH[node] whose home intersection is free."""
    for home, path in REACH[node]:
        if g.check(f"put settlement {player} {home}").ok:
            run(g, f"put settlement {player} {home}")
            ships(g, player, *path)
            return
    raise AssertionError(f"no free way to the village on {node}")


def vindex(g: Game, node: int) -> int:
    return [v["node"] for v in g.view()["extra"]["villages"]].index(node)


def move_cloth(g: Game, node: int | None, to: str | None, n: int) -> None:
    """Move ``n`` cloth from the village on ``node`` (None: the general supply) to the
    player ``to`` (None: the general supply), keeping the total."""
    s = g.state
    if node is None:
        s.extra["cloth_supply"] -= n
    else:
        s.extra["villages"][vindex(g, node)]["cloth"] -= n
    if to is None:
        s.extra["cloth_supply"] += n
    else:
        s.players[g.seat(to)].extra["cloth"] += n


def roll(g: Game, total: int) -> list:
    a = min(6, total - 1)
    return run(g, f"dice {a} {total - a}", "roll")


# === the map =====================================================================================
@pytest.mark.rule("F.4.2", "S4:setup")
def test_villages_fixed_each_with_its_number_and_five_cloth() -> None:
    g = sandbox()
    villages = g.view()["extra"]["villages"]
    assert {v["node"]: v["number"] for v in villages} == VILLAGES
    assert all(v["cloth"] == 5 and v["traders"] == [] for v in villages)
    assert g.view()["extra"]["cloth_supply"] == 10
    assert all(cloth(g, p) == 0 for p in g.players)


@pytest.mark.rule("S4:components", "S4:setup")
def test_fifty_cloth_in_all() -> None:
    g = sandbox()
    assert sum(v["cloth"] for v in g.view()["extra"]["villages"]) + g.view()["extra"]["cloth_supply"] == 50


@pytest.mark.rule("F.4.6", "S4:pirate-and-robber")
def test_robber_starts_on_the_fields_with_the_12_and_pirate_on_its_mark() -> None:
    g = sandbox()
    robber = g.view()["robber"]
    hexes = {h["id"]: h for h in g.board_json()["hexes"]}
    assert hexes[robber]["terrain"] == "fields" and hexes[robber]["number"] == 12
    assert g.view()["pirate"] == "AP" and hexes["AP"]["terrain"] == "sea"


@pytest.mark.rule("F.4.2", "S4:components")
def test_tribe_islands_are_two_deserts_and_two_gold_fields_without_numbers() -> None:
    g = sandbox()
    hexes = {h["id"]: h for h in g.board_json()["hexes"]}
    assert sorted(hexes[h]["terrain"] for h in TRIBE_HEXES) == ["desert", "desert", "gold", "gold"]
    assert all(not hexes[h]["number"] for h in TRIBE_HEXES)
    main = [h for h in hexes.values() if h["terrain"] not in ("sea", "desert", "gold")]
    assert Counter(h["terrain"] for h in main) == Counter(
        {"hills": 3, "mountains": 4, "pasture": 4, "fields": 5, "forest": 4})
    assert sorted(h["number"] for h in main) == sorted(list(range(2, 7)) * 2 + list(range(8, 13)) * 2)


# === set-up ======================================================================================
SETUP_3 = [  # (player, settlement, path) in the order the set-up asks for them
    ("red", 14, "13-14"), ("blue", 17, "16-17"), ("white", 20, "19-20"),
    ("white", 130, "130-131"), ("blue", 133, "132-133"), ("red", 136, "135-136"),
    ("red", 45, "45-46"), ("blue", 38, "21-38"), ("white", 124, "123-124"),
]


@pytest.mark.rule("F.4.8", "S4:set-up-phase")
def test_setup_two_snake_rounds_then_a_third_clockwise_from_the_last_placer() -> None:
    g = sandbox()
    for player, node, path in SETUP_3:
        assert g.prompt_player() == player
        legal(g, f"build settlement {node}")
        legal(g, f"build road {path}")
    assert g.state.phase == "roll" and g.waiting_for() == "roll" and g.prompt_player() == "red"


@pytest.mark.rule("F.4.8", "S4:set-up-phase")
def test_setup_order_with_four_players() -> None:
    g = sandbox(n=4)
    order = g.state.setup_order
    assert [g.players[p] for p in order] == ["red", "blue", "white", "orange", "orange", "white", "blue",
                                           "red", "red", "blue", "white", "orange"]


@pytest.mark.rule("F.4.8", "S4:set-up-phase")
def test_starting_resources_come_from_the_third_settlement() -> None:
    g = sandbox()
    for player, node, path in SETUP_3[:6]:
        run(g, f"build settlement {node}", f"build road {path}")
    assert all(cards(g, p) == 0 for p in g.players)
    run(g, "build settlement 45")                  # S pasture, AA fields; the robber does not matter
    assert hand(g, "red") == {"lumber": 0, "brick": 0, "wool": 1, "grain": 1, "ore": 0}
    run(g, "build ship 45-62", "build settlement 38")   # O mountains, X fields
    assert hand(g, "blue") == {"lumber": 0, "brick": 0, "wool": 0, "grain": 1, "ore": 1}


@pytest.mark.rule("S4:set-up-phase")
def test_setup_coastal_settlement_may_take_a_ship() -> None:
    g = sandbox()
    legal(g, "build settlement 33")
    legal(g, "build ship 33-50")                  # straight to the village on 50
    assert cloth(g, "red") == 1 and village(g, 50)["traders"] == ["red"]


@pytest.mark.rule("S4:set-up-phase")
def test_no_settlement_on_a_tribe_island_in_setup_or_play_or_sandbox() -> None:
    g = sandbox()
    for node in (63, 64, 49, 50, 67, 100):
        refused(g, f"build settlement {node}", "may not be built")
    assert not any(int(c.split()[-1]) in (49, 63, 65, 66, 68, 69, 71, 80, 82, 83, 85, 86, 88, 100, 102)
                   for c in g.legal_commands())
    g = on_turn("red")
    run(g, "put settlement red 62", "put ship red 62-63", "give red 1 brick 1 lumber 1 wool 1 grain")
    refused(g, "build settlement 63", "may not be built")
    refused(g, "put settlement red 80", "cannot hold a settlement")


@pytest.mark.rule("F.4.4")
def test_no_road_on_a_tribe_island() -> None:
    g = on_turn("red")
    run(g, "put settlement red 62", "put ship red 62-63", "give red 1 brick 1 lumber")
    refused(g, "build road 63-64", "roads may not be built on 63-64")
    refused(g, "put road red 63-80", "")


# === trade relations =============================================================================
@pytest.mark.rule("F.4.4", "S4:cloth-trade")
def test_reaching_a_village_gives_one_cloth_at_once() -> None:
    g = on_turn("red")
    run(g, "put settlement red 33", "give red 1 lumber 1 wool")
    events = legal(g, "build ship 33-50")
    assert cloth(g, "red") == 1
    assert village(g, 50)["cloth"] == 4 and village(g, 50)["traders"] == ["red"]
    assert any("1 cloth" in ev.text for ev in events)
    sound(g)


@pytest.mark.rule("F.4.4", "S4:cloth-trade")
def test_a_longer_route_gives_cloth_when_its_last_ship_reaches_the_village() -> None:
    g = on_turn("red")
    run(g, "put settlement red 31", "put ship red 31-48", "give red 2 lumber 2 wool")
    legal(g, "build ship 48-49")
    assert cloth(g, "red") == 0 and village(g, 50)["traders"] == []
    legal(g, "build ship 49-50")
    assert cloth(g, "red") == 1 and village(g, 50)["traders"] == ["red"]


@pytest.mark.rule("F.4.4", "S4:cloth-trade")
def test_moving_a_ship_onto_a_village_route_makes_trade_relations() -> None:
    g = on_turn("red")
    run(g, "put settlement red 33", "put ship red 33-34")
    legal(g, "move ship 33-34 to 33-50")
    assert cloth(g, "red") == 1 and village(g, 50)["traders"] == ["red"]


@pytest.mark.rule("F.4.4", "S4:cloth-trade")
def test_a_settlement_completing_the_route_makes_trade_relations() -> None:
    g = on_turn("red")
    run(g, "put settlement red 47", "put ship red 31-48", "put ship red 48-49", "put ship red 49-50")
    assert cloth(g, "red") == 0
    run(g, "put settlement red 31")
    assert cloth(g, "red") == 1 and village(g, 50)["traders"] == ["red"]


@pytest.mark.rule("F.4.4", "S4:cloth-trade")
def test_a_second_route_to_the_same_village_gives_nothing_more() -> None:
    g = on_turn("red")
    connect(g, "red", 50)
    run(g, "put settlement red 31", "put ship red 31-48", "put ship red 48-49", "put ship red 49-50")
    assert cloth(g, "red") == 1 and village(g, 50)["cloth"] == 4


@pytest.mark.rule("F.4.4", "S4:cloth-trade")
def test_each_village_reached_gives_its_own_cloth() -> None:
    g = on_turn("red")
    connect(g, "red", 50)
    connect(g, "red", 70)
    assert cloth(g, "red") == 2 and village(g, 50)["cloth"] == 4 and village(g, 70)["cloth"] == 4


@pytest.mark.rule("S4:cloth-trade")
def test_roads_do_not_trade_with_villages() -> None:
    g = on_turn("red")
    run(g, "put settlement red 33", "put road red 32-33")
    assert village(g, 50)["traders"] == []


@pytest.mark.rule("F.4.4", "S4:cloth-trade")
def test_reaching_an_empty_village_makes_trade_relations_but_gives_nothing() -> None:
    g = on_turn("red", n=4)
    move_cloth(g, 50, "orange", 5)
    connect(g, "red", 50)
    assert cloth(g, "red") == 0 and village(g, 50)["traders"] == ["red"]


@pytest.mark.rule("S4:cloth-trade")
def test_each_roll_of_the_village_number_gives_one_cloth_per_connected_player() -> None:
    g = on_turn("red")
    connect(g, "red", 50)
    connect(g, "blue", 50)
    connect(g, "white", 70)
    assert village(g, 50)["cloth"] == 3
    to_roll(g, "white")
    events = roll(g, 11)
    assert cloth(g, "red") == 2 and cloth(g, "blue") == 2 and cloth(g, "white") == 1
    assert village(g, 50)["cloth"] == 1 and village(g, 70)["cloth"] == 4
    assert sum(1 for ev in events if ev.kind == "cloth") == 2
    sound(g)


@pytest.mark.rule("S4:cloth-trade")
def test_other_numbers_give_no_cloth() -> None:
    g = on_turn("red")
    connect(g, "red", 50)
    to_roll(g, "red")
    roll(g, 10)
    assert cloth(g, "red") == 1


@pytest.mark.rule("F.4.5", "S4:cloth-trade")
def test_village_short_of_cloth_is_topped_up_from_the_general_supply() -> None:
    g = on_turn("red", n=4)
    connect(g, "white", 50)
    connect(g, "blue", 50)
    connect(g, "red", 50)                           # the village is down to 2
    move_cloth(g, 50, "orange", 1)                  # ... and to 1
    to_roll(g, "blue")
    roll(g, 11)
    assert [cloth(g, p) for p in ("red", "blue", "white")] == [2, 2, 2]
    assert village(g, 50)["cloth"] == 0 and g.view()["extra"]["cloth_supply"] == 8
    sound(g)


@pytest.mark.rule("F.4.5", "S4:cloth-trade")
def test_village_with_one_cloth_and_a_short_supply_serves_active_player_then_connection_order() -> None:
    """Village 50 holds 1 cloth and the general supply 1 when its three traders are due:
    the active player (blue) takes the village's, then the first to connect (white) the
    supply's, and red, the last to connect, gets nothing."""
    g = on_turn("red", n=4)
    connect(g, "white", 50)
    connect(g, "blue", 50)
    connect(g, "red", 50)
    move_cloth(g, 50, "orange", 1)
    move_cloth(g, None, "orange", 9)
    to_roll(g, "blue")
    events = roll(g, 11)
    assert [cloth(g, p) for p in ("red", "blue", "white")] == [1, 2, 2]
    assert village(g, 50)["cloth"] == 0 and g.view()["extra"]["cloth_supply"] == 0
    assert any("no cloth is left for red" in ev.text for ev in events)
    texts = [ev.text for ev in events]            # the narration says why each cloth moved
    assert "blue receives 1 cloth from the village on 50 (its number 11 was rolled and blue trades with it)" in texts
    assert ("white receives 1 cloth from the village on 50 (its number 11 was rolled and white trades with it; "
            "the village ran short, so it comes from the general supply)") in texts
    sound(g)


@pytest.mark.rule("F.4.5")
def test_connection_order_decides_when_the_active_player_is_not_a_trader() -> None:
    g = on_turn("red", n=4)
    connect(g, "white", 50)
    connect(g, "red", 50)
    connect(g, "blue", 50)
    move_cloth(g, 50, "orange", 1)
    move_cloth(g, None, "orange", 9)
    to_roll(g, "orange")
    roll(g, 11)
    assert [cloth(g, p) for p in ("white", "red", "blue")] == [2, 2, 1]


@pytest.mark.rule("F.4.5", "S4:cloth-trade")
def test_empty_village_gives_nothing_even_if_the_supply_has_cloth() -> None:
    g = on_turn("red", n=4)
    connect(g, "red", 50)
    connect(g, "blue", 50)
    move_cloth(g, 50, "orange", 3)
    to_roll(g, "red")
    roll(g, 11)
    assert cloth(g, "red") == 1 and cloth(g, "blue") == 1
    assert g.view()["extra"]["cloth_supply"] == 10


# === closed routes =================================================================================
@pytest.mark.rule("F.4.4", "S4:moving-ships")
def test_route_to_a_village_is_closed() -> None:
    g = on_turn("red")
    run(g, "put settlement red 31")
    ships(g, "red", 31, 48, 49, 50)
    assert movable(g) == []
    refused(g, "move ship 49-50 to 31-32", "closed")
    refused(g, "move ship 31-48 to 31-32", "closed")


@pytest.mark.rule("F.4.4", "S4:moving-ships")
def test_one_ship_village_route_is_closed_too() -> None:
    g = on_turn("red")
    connect(g, "red", 50)
    refused(g, "move ship 33-50 to 33-34", "closed")


@pytest.mark.rule("S4:moving-ships")
def test_a_branch_beyond_the_village_route_may_still_move() -> None:
    g = on_turn("red")
    connect(g, "red", 50)
    ships(g, "red", 33, 34)
    assert movable(g) == ["33-34"]


# === cloth and victory points ======================================================================
@pytest.mark.rule("F.4.3", "S4:cloth-trade", "F.5.4")
def test_two_cloth_are_one_vp_and_an_odd_bolt_is_worth_nothing() -> None:
    g = on_turn("red")
    base = g.vp("red")
    for n, vp in ((1, 0), (2, 1), (3, 1), (4, 2), (7, 3)):
        g.state.players[0].extra["cloth"] = n
        assert g.vp("red") == base + vp
        assert g.view()["players"][0]["vp_sources"]["cloth"] == vp
    g.state.players[0].extra["cloth"] = 0


@pytest.mark.rule("F.4.3", "F.5.4")
def test_cloth_is_not_a_resource_card() -> None:
    g = on_turn("red")
    connect(g, "red", 50)
    assert cloth(g, "red") == 1 and cards(g, "red") == 0
    assert "cloth" not in g.view("red")["players"][0]["resources"]


@pytest.mark.rule("F.4.3")
def test_cloth_is_not_discarded_on_a_seven() -> None:
    g = on_turn("red")
    connect(g, "blue", 50)
    move_cloth(g, None, "blue", 5)
    run(g, "give blue 7 ore")                       # 7 cards and 6 cloth: no discard
    to_roll(g, "red")
    roll(g, 7)
    assert all(p["kind"] != "discard" for p in g.view()["pending"])
    run(g, "robber K", "end", "give blue 1 ore")
    to_roll(g, "red")
    roll(g, 7)
    assert [(p["kind"], p["count"]) for p in g.view()["pending"] if p["player"] == "blue"] == [("discard", 4)]
    legal(g, "blue: discard 4 ore")
    assert cloth(g, "blue") == 6


@pytest.mark.rule("F.4.3")
def test_monopoly_does_not_take_cloth() -> None:
    g = on_turn("red")
    connect(g, "blue", 50)
    run(g, "give blue 2 ore", "draw red monopoly")
    refused(g, "play monopoly cloth", "not a resource")
    legal(g, "play monopoly ore")
    assert hand(g, "red")["ore"] == 2 and cloth(g, "blue") == 1 and cloth(g, "red") == 0


@pytest.mark.rule("F.4.3")
def test_cloth_cannot_be_traded() -> None:
    g = on_turn("red")
    connect(g, "red", 50)
    move_cloth(g, None, "red", 4)
    run(g, "give blue 1 ore")
    refused(g, "trade 4 cloth for ore", "not a resource")
    refused(g, "offer blue 1 cloth for 1 ore", "not a resource")
    refused(g, "discard 1 cloth", "")
    assert not any("cloth" in c for c in g.legal_commands(offers=True))


@pytest.mark.rule("F.4.3")
def test_year_of_plenty_cannot_take_cloth() -> None:
    g = on_turn("red")
    run(g, "draw red year-of-plenty")
    refused(g, "play year-of-plenty cloth ore", "not a resource")


# === pirate and robber ==============================================================================
def pirate_seven(red_trader: bool = True) -> Game:
    """Red rolls a 7.  White has a ship on the sea hex AO and 2 grain, and 3 cloth from
    the village on 70; blue has a settlement on AO's coast and 2 ore."""
    g = on_turn("red")
    run(g, "put settlement red 14")
    if red_trader:
        connect(g, "red", 50)
    connect(g, "white", 70)
    move_cloth(g, None, "white", 2)
    run(g, "put settlement blue 89", "put ship white 71-72", "give blue 2 ore", "give white 2 grain")
    to_roll(g, "red")
    roll(g, 7)
    return g


@pytest.mark.rule("F.4.3", "S4:pirate-and-robber")
def test_pirate_may_take_cloth_instead_of_a_resource() -> None:
    g = pirate_seven()
    options = {c for c in g.legal_commands() if c.startswith("pirate AO")}
    assert options == {"pirate AO steal white", "pirate AO steal white cloth"}
    before = cloth(g, "red")
    legal(g, "pirate AO steal white cloth")
    assert cloth(g, "white") == 2 and cloth(g, "red") == before + 1 and cards(g, "white") == 2
    sound(g)


@pytest.mark.rule("F.4.3", "S4:pirate-and-robber")
def test_pirate_may_take_a_resource() -> None:
    g = pirate_seven()
    legal(g, "pirate AO steal white")
    assert cloth(g, "white") == 3 and cards(g, "white") == 1


@pytest.mark.rule("F.4.3", "S4:pirate-and-robber")
def test_pirate_takes_cloth_only_from_a_player_who_has_some() -> None:
    g = pirate_seven()
    g.state.players[2].extra["cloth"] -= 3
    g.state.extra["cloth_supply"] += 3
    refused(g, "pirate AO steal white cloth", "you can take resource")


@pytest.mark.rule("F.4.3", "S4:pirate-and-robber")
def test_robber_never_takes_cloth() -> None:
    g2 = on_turn("red")
    connect(g2, "blue", 50)                       # blue: settlement 33 on M, 1 cloth, no cards
    to_roll(g2, "red")
    roll(g2, 7)
    assert not any("cloth" in c for c in g2.legal_commands())
    legal(g2, "robber M")
    assert cloth(g2, "blue") == 1 and cloth(g2, "red") == 0


@pytest.mark.rule("F.4.6", "S4:pirate-and-robber")
def test_pirate_moves_only_once_the_player_has_a_village_route() -> None:
    g = pirate_seven(red_trader=False)
    assert not any(c.startswith("pirate") for c in g.legal_commands())
    refused(g, "pirate AO steal white", "only once you have a shipping route to a village")
    legal(g, "robber M")


@pytest.mark.rule("F.4.6", "S4:pirate-and-robber")
def test_knight_moves_the_pirate_only_with_a_village_route() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14", "draw red knight")
    legal(g, "play knight")
    refused(g, "pirate AO", "shipping route to a village")
    legal(g, "robber M")
    run(g, "end", "turn red")
    connect(g, "red", 50)
    run(g, "draw red knight")
    legal(g, "play knight")
    legal(g, "pirate AO")


@pytest.mark.rule("F.4.6", "S4:pirate-and-robber")
def test_robber_may_never_enter_a_tribe_island() -> None:
    g = pirate_seven()
    for h in TRIBE_HEXES:
        refused(g, f"robber {h}", "may not enter")
    robber_hexes = {c.split()[1] for c in g.legal_commands() if c.startswith("robber")}
    assert robber_hexes and not robber_hexes & set(TRIBE_HEXES)


@pytest.mark.rule("F.4.9")
def test_largest_army_is_in_play() -> None:
    g = on_turn("red")
    run(g, "put settlement red 14")
    for h in ("M", "K", "M"):
        run(g, "draw red knight", "play knight", f"robber {h}", "end", "turn red")
    assert g.view()["players"][0]["vp_sources"]["largest army"] == 2


@pytest.mark.rule("F.4.9", "S4:longest-trade-route")
def test_no_longest_trade_route() -> None:
    g = on_turn("red")
    run(g, "put settlement red 15")
    roads(g, "red", 11, 12, 13, 14, 15)
    ships(g, "red", 15, 16, 17, 18, 19)
    assert g.state.longest_holder == -1
    assert "longest route" not in g.view()["players"][0]["vp_sources"]
    assert "longest road" not in g.view()["players"][0]["vp_sources"]


# === the end of the game ============================================================================
def thirteen_vp(g: Game, player: str = "red") -> None:
    """4 cities and 1 settlement (9 VP) and 8 cloth (4 VP) for ``player``."""
    for node in (11, 14, 17, 53):
        run(g, f"put city {player} {node}")
    run(g, f"put settlement {player} 45")
    move_cloth(g, None, player, 8)
    assert g.vp(player) == 13


@pytest.mark.rule("F.4.7", "S4:end-of-the-game")
def test_fourteen_vp_on_your_own_turn_wins() -> None:
    g = on_turn("blue")
    thirteen_vp(g)
    to_roll(g, "red")
    run(g, "dice 1 1", "roll", "put road red 46-47", "give red 1 brick 1 lumber 1 wool 1 grain")
    assert not g.over
    legal(g, "build settlement 47")
    assert g.over and g.winner == "red" and g.state.winners == [0]


@pytest.mark.rule("F.4.7", "S4:end-of-the-game")
def test_fourteen_vp_on_another_players_turn_wins_only_on_your_own() -> None:
    g = on_turn("red")
    thirteen_vp(g)
    run(g, "put ship red 53-70")               # the village on 70 (4) gives red the 14th VP ...
    assert g.vp("red") == 13                   # (9 cloth: still 13)
    to_roll(g, "white")
    roll(g, 4)                                 # ... on white's roll
    assert cloth(g, "red") == 10 and g.vp("red") == 14
    assert not g.over
    run(g, "end")
    assert g.over and g.winner == "red"


def run_dry(g: Game, keep: int) -> None:
    """Empty four villages into the general supply: those on 50, 64, 70 and ``keep`` keep
    their cloth, so the next village to run dry ends the game."""
    for node in VILLAGES:
        if node not in (50, 64, 70, keep):
            move_cloth(g, node, None, village(g, node)["cloth"])


@pytest.mark.rule("F.4.7", "S4:end-of-the-game")
def test_game_ends_at_once_when_the_fifth_village_runs_dry() -> None:
    g = on_turn("red")
    run_dry(g, 81)
    move_cloth(g, 81, None, 4)                 # the village on 81 (9) holds 1 cloth
    run(g, "put settlement white 21", "put settlement blue 130", "put city blue 133")
    assert not g.over
    connect(g, "red", 81)                      # red takes the last bolt: 3 villages hold cloth
    assert g.over
    assert g.winner == "blue"                  # blue 3 VP, red 1, white 1
    assert g.state.phase == "over"
    refused(g, "end", "game is over")


@pytest.mark.rule("F.4.7", "S4:end-of-the-game")
def test_early_end_on_a_roll() -> None:
    g = on_turn("red")
    run_dry(g, 81)
    connect(g, "red", 81)
    move_cloth(g, 81, None, 3)                 # 1 left
    to_roll(g, "blue")
    roll(g, 9)
    assert g.over and g.winner == "red"


@pytest.mark.rule("F.4.7", "S4:end-of-the-game")
def test_early_end_full_tie_is_a_shared_win() -> None:
    g = on_turn("red")
    run_dry(g, 81)
    move_cloth(g, 81, None, 4)
    run(g, "put settlement blue 130", "put settlement white 20")
    move_cloth(g, None, "blue", 1)             # blue: 1 settlement, 1 cloth
    connect(g, "red", 81)                      # red: 1 settlement, 1 cloth; white: no cloth
    assert g.over
    assert sorted(g.players[w] for w in g.state.winners) == ["blue", "red"]


@pytest.mark.rule("F.4.7", "S4:end-of-the-game")
def test_early_end_more_cloth_breaks_a_vp_tie() -> None:
    g = on_turn("red")
    run_dry(g, 81)
    move_cloth(g, 81, None, 4)
    run(g, "put settlement blue 130")
    connect(g, "red", 81)                      # red 1 VP and 1 cloth, blue 1 VP and none
    assert g.over and g.state.winners == [0]
    g = on_turn("red")
    run_dry(g, 81)
    move_cloth(g, 81, None, 4)
    run(g, "put settlement blue 130")
    move_cloth(g, None, "blue", 3)             # blue 1 VP (settlement) + 1 VP (2 cloth), 3 cloth
    run(g, "put settlement red 11")
    connect(g, "red", 81)                      # red 2 settlements and 1 cloth: 2 VP
    assert g.over and g.winner == "blue" and g.state.winners == [1]


@pytest.mark.rule("F.4.7")
def test_villages_emptied_outside_the_rules_end_the_game_at_the_next_action() -> None:
    """The early end is counted after every action whatever emptied the villages: cloth a
    tool took (here a test writing the state) ends the game at the next action, though
    no rule of the scenario took any."""
    g = on_turn("red")
    run_dry(g, 81)
    move_cloth(g, 81, None, 5)                 # the village on 81 runs dry: 3 hold cloth
    assert not g.over
    run(g, "end")
    assert g.over


@pytest.mark.rule("F.4.7", "S4:end-of-the-game")
def test_four_villages_with_cloth_do_not_end_the_game() -> None:
    g = on_turn("red")
    run_dry(g, 81)
    connect(g, "red", 81)
    assert not g.over
    assert sum(1 for v in g.view()["extra"]["villages"] if v["cloth"] > 0) == 4


# === the variable set-up =============================================================================
def main_hexes(g: Game) -> dict[str, tuple[str, int]]:
    return {h["id"]: (h["terrain"], h["number"]) for h in g.board_json()["hexes"] if h["area"] == "main"}


@pytest.mark.rule("S4:variable-set-up")
def test_variable_setup_reshuffles_only_the_main_islands() -> None:
    fixed = sandbox(seed=1)
    fixed_hexes = {h["id"]: (h["terrain"], h["number"]) for h in fixed.board_json()["hexes"]}
    layouts = set()
    for seed in range(8):
        g = sandbox(seed=seed, options=["variable"])
        hexes = {h["id"]: (h["terrain"], h["number"]) for h in g.board_json()["hexes"]}
        main = main_hexes(g)
        assert Counter(t for t, _ in main.values()) == Counter(t for t, _ in main_hexes(fixed).values())
        assert Counter(n for _, n in main.values()) == Counter(n for _, n in main_hexes(fixed).values())
        for h, cell in hexes.items():
            if h not in main:
                assert cell == fixed_hexes[h], h          # sea and tribe islands stay
        assert {v["node"]: v["number"] for v in g.view()["extra"]["villages"]} == VILLAGES
        layouts.add(tuple(sorted(main.items())))
    assert len(layouts) == 8


@pytest.mark.rule("S4:variable-set-up")
def test_variable_setup_keeps_red_numbers_apart() -> None:
    for seed in range(40):
        g = sandbox(seed=seed, options=["variable"])
        geo, numbers = g.engine.geo, g.state.numbers
        for h, num in enumerate(numbers):
            if num in RED_NUMBERS:
                assert all(numbers[m] not in RED_NUMBERS for m in geo.hex_neighbors[h]), seed


@pytest.mark.rule("S4:variable-set-up")
def test_variable_setup_is_reproducible_by_seed() -> None:
    a = sandbox(seed=5, options=["variable"])
    b = sandbox(seed=5, options=["variable"])
    assert a.board_json() == b.board_json() and a.digest() == b.digest()


@pytest.mark.rule("S4:variable-set-up")
def test_fixed_layout_by_default() -> None:
    assert main_hexes(sandbox(seed=1)) == main_hexes(sandbox(seed=2))


@pytest.mark.rule("S4:variable-set-up", "S4:pirate-and-robber")
def test_variable_setup_robber_starts_on_a_fields_hex_with_the_12() -> None:
    for seed in range(20):
        g = sandbox(seed=seed, options=["variable"])
        hexes = {h["id"]: h for h in g.board_json()["hexes"]}
        robber = hexes[g.view()["robber"]]
        fields12 = [h for h in hexes.values() if h["terrain"] == "fields" and h["number"] == 12]
        if fields12:
            assert robber["terrain"] == "fields" and robber["number"] == 12, seed
        else:
            assert robber["number"] == 12, seed


# === the command file ================================================================================
SCRIPT = Path(__file__).parent / "scripts" / "cloth_village.catan"


def test_command_file_plays_to_a_village_connection_and_a_cloth_award() -> None:
    result = run_script(read_file(SCRIPT))
    assert result.expectations >= 20
    g = result.game
    assert cloth(g, "red") == 2 and village(g, 50) == {"node": 50, "number": 11, "cloth": 3, "traders": ["red"]}
    assert g.view()["pirate"] == "AO" and not g.over
    sound(g)


def test_command_file_runs_from_the_command_line() -> None:
    from typer.testing import CliRunner

    from catan_cli.cli import build_app

    out = CliRunner().invoke(build_app(), ["run", str(SCRIPT)])
    assert out.exit_code == 0, out.output
    assert "33 expectations: ok" in out.output


# === saving and two players ==========================================================================
def test_cloth_state_survives_a_save_and_load() -> None:
    g = on_turn("red")
    connect(g, "red", 50)
    connect(g, "blue", 50)
    move_cloth(g, None, "white", 3)
    h = Game.from_json(g.to_json())
    assert h.digest() == g.digest()
    assert h.view()["extra"] == g.view()["extra"]
    to_roll(h, "blue")
    roll(h, 11)
    assert cloth(h, "red") == 2 and cloth(h, "blue") == 2 and village(h, 50)["cloth"] == 1
    sound(h)


def test_two_players_place_three_settlements_each() -> None:
    g = sandbox(n=2)
    assert [g.players[p] for p in g.state.setup_order] == ["red", "blue", "blue", "red", "red", "blue"]
    for node, path in ((14, "13-14"), (130, "130-131"), (136, "135-136"), (17, "16-17"),
                       (33, "33-50"), (20, "19-20")):
        legal(g, f"build settlement {node}")
        legal(g, f"build {'ship' if path == '33-50' else 'road'} {path}")
    assert g.waiting_for() == "roll" and cloth(g, "red") == 1
