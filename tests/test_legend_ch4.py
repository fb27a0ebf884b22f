"""Legend of the Sea Robbers, Chapter 4 "The Spice Islands" (seed 000 "Chapter 4" and its
"Postscript to Chapter 3"; digest E.1.3, E.3.7, F.0.6, F.0.16-F.0.19): every paragraph, as
the rulebook says it.

Positions are set up in sandbox games on ``rules/legend-4.toml`` (4 players, seed 7).  The map,
in hex ids and intersection numbers:

    start intersections   32, 66, 83, 117
    red area (face down)  N (17 18 19 34 35 36), O, P, W (35 36 37 52 53 54), X,
                          AE (51 52 53 68 69 70), AF, AG
    blue area             AV, AW, AX, BE, BF, BM, BN, BO
    open sea              M (15 16 17 32 33 34), V (33 34 35 50 51 52), AD (49 50 51 66 67 68)
    the pirate            AN (69 70 71 86 87 88)
    red's way out         32-33, then 33-34 touches N; 33-50, 50-51 touches AE

``sandbox put`` lays a ship without exploring; a test turns the stacks it needs (the top of a
stack is its last card).
"""

from __future__ import annotations

import pytest

from catan_cli import Game
from catan_cli.engine.geometry import UNEXPLORED
from catan_cli.engine.invariants import check_invariants
from catan_cli.scenarios.legend.chapters import CHAPTERS
from sea_helpers import hand, legal, refused, run

COLOURS = ["red", "blue", "white", "orange"]
AFTER_3 = {"chapter": 3, "robbers_left": 3, "friends": {}}


def legend4(n: int = 4, seed: int = 7, carry: dict | None = None) -> Game:
    return Game.new("legend-4", players=COLOURS[:n], seed=seed, sandbox=True,
                    carry=AFTER_3 if carry is None else carry)


def pdata(g: Game, player: str) -> dict:
    return g.state.players[g.seat(player)].extra


def spices(g: Game, player: str) -> dict:
    return dict(zip(("nutmeg", "pepper", "cinnamon"), pdata(g, player)["spices"]))


def give_spices(g: Game, player: str, nutmeg: int = 0, pepper: int = 0, cinnamon: int = 0) -> None:
    """Deal spice cards from the stack into a hand (conserving the 30)."""
    stack = g.state.extra["spice_stack"]
    for k, (name, count) in enumerate((("nutmeg", nutmeg), ("pepper", pepper), ("cinnamon", cinnamon))):
        for _ in range(count):
            stack.remove(name)
            pdata(g, player)["spices"][k] += 1


def set_chits(g: Game, player: str, n: int) -> None:
    """Give ``player`` ``n`` Catan chits from the pile (1 VP each)."""
    g.state.extra["chits_left"] -= n - pdata(g, player)["chits"]
    pdata(g, player)["chits"] = n


def sound(g: Game) -> None:
    problems = [p for p in check_invariants(g.engine) if "joined to none" not in p and "touches none" not in p]
    assert not problems, problems


def top(g: Game, area: str, *terrain: str) -> None:
    """Put these hexes on top of an area's stack, the first named turned up first."""
    stack = g.state.extra["face_down"][area]["terrain"]
    for t in terrain:
        stack.remove(t)
    stack.extend(reversed(terrain))


def terrain(g: Game, hex_id: str) -> str:
    return g.state.terrain[g.engine.geo.hex_ids.index(hex_id)]


def number(g: Game, hex_id: str) -> int:
    return g.state.numbers[g.engine.geo.hex_ids.index(hex_id)]


def red_at_sea(g: Game, *paths: str) -> None:
    run(g, "put settlement red 32", "put ship red 32-33", *(f"put ship red {p}" for p in paths), "turn red",
        "give red 3 lumber 3 wool")


def spice_island(g: Game) -> None:
    """N (corners 17 18 19 34 35 36) turned up as spice, red's ships 32-33-34 beside it."""
    red_at_sea(g)
    top(g, "red", "spice")
    legal(g, "build ship 33-34")
    assert terrain(g, "N") == "spice"


# --- set-up -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, sea", [(4, 4), (3, 3)])
@pytest.mark.rule("S0:ch4/additional-preparations")
def test_two_face_down_areas_each_its_own_stack_of_2_spice_2_gold_and_sea(n, sea):
    g = legend4(n)
    stacks = g.state.extra["face_down"]
    assert sorted(stacks) == ["blue", "red"]
    for area in stacks.values():
        assert sorted(area["terrain"]) == sorted(["spice"] * 2 + ["gold"] * 2 + ["sea"] * sea)
    assert sorted(stacks["red"]["numbers"]) == [5, 6, 8, 9] and stacks["blue"]["numbers"] == []
    assert all(t == UNEXPLORED for name in ("red", "blue") for t in
               (g.state.terrain[h] for h in g.engine.scen.face_down[name].hexes))
    assert len(g.state.extra["spice_stack"]) == 30 and len(g.state.extra["chests_aside"]) == 16
    assert sorted(g.state.extra["trade_options"]) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]   # 2 per resource
    assert g.engine.scen.vp_target == 14 and g.state.pirate >= 0


# --- 1. exploring ----------------------------------------------------------------------------------------
@pytest.mark.rule("S0:ch4/exploring-unknown-sea", "S0:ch4/rules-of-exploration", "S0:ch4/discovering-unknown-areas", "S0:ch4/receiving-a-reward")
def test_a_ship_built_toward_a_face_down_hex_discovers_it_and_a_spice_hex_gives_the_top_spice_card():
    g = legend4()
    red_at_sea(g)
    top(g, "red", "spice")
    g.state.extra["spice_stack"].remove("pepper")
    g.state.extra["spice_stack"].append("pepper")
    events = legal(g, "build ship 33-34")
    assert terrain(g, "N") == "spice" and number(g, "N") == 0           # spice hexes take no number
    assert any(ev.kind == "discover" and "N: spice" in ev.text for ev in events)
    assert spices(g, "red") == {"nutmeg": 0, "pepper": 1, "cinnamon": 0}
    assert len(g.state.extra["spice_stack"]) == 29
    sound(g)


@pytest.mark.rule("F.0.16", "S0:ch4/receiving-a-reward")
def test_a_gold_field_discovered_gives_1_resource_of_choice_and_the_top_number_token():
    g = legend4()
    red_at_sea(g)
    top(g, "red", "gold")
    g.state.extra["face_down"]["red"]["numbers"] = [5, 9, 6, 8]      # 8 on top
    legal(g, "build ship 33-34")
    assert terrain(g, "N") == "gold" and number(g, "N") == 8
    assert g.waiting_for() == "gold field found: choose a resource"
    refused(g, "build ship 34-35", "choose resource")
    before = hand(g, "red")["ore"]
    legal(g, "choose resource ore")
    assert hand(g, "red")["ore"] == before + 1
    sound(g)


@pytest.mark.rule("F.0.16", "S0:ch4/receiving-a-reward")
def test_the_blue_area_draws_its_gold_numbers_from_the_same_face_down_stack():
    g = legend4()
    run(g, "put settlement red 83", "put ship red 83-84", "put ship red 84-85", "turn red",
        "give red 1 lumber 1 wool")
    top(g, "blue", "gold")
    g.state.extra["face_down"]["red"]["numbers"] = [5, 9, 6, 8]
    legal(g, "build ship 85-86")                                   # 86 is a corner of AV
    assert terrain(g, "AV") == "gold" and number(g, "AV") == 8
    assert g.state.extra["face_down"]["red"]["numbers"] == [5, 9, 6]
    legal(g, "choose resource grain")
    sound(g)


@pytest.mark.rule("S0:ch4/receiving-a-reward")
def test_open_sea_discovered_gives_the_top_chest_token():
    g = legend4()
    red_at_sea(g)
    top(g, "red", "sea")
    face = g.state.extra["chests_aside"][-1]
    events = legal(g, "build ship 33-34")
    assert terrain(g, "N") == "sea"
    assert [c[0] for c in pdata(g, "red")["chests"]] == [face]
    chest = next(ev for ev in events if ev.kind == "chest")
    assert face not in chest.text and chest.private is not None      # only red learns its face
    sound(g)


@pytest.mark.rule("S0:ch4/discovering-unknown-areas")
def test_a_discovery_by_moving_a_ship():
    g = legend4()
    red_at_sea(g, "33-50")
    top(g, "red", "spice")
    legal(g, "move ship 33-50 to 33-34")
    assert terrain(g, "N") == "spice" and sum(pdata(g, "red")["spices"]) == 1
    sound(g)


@pytest.mark.rule("S0:ch4/discovering-unknown-areas")
def test_a_free_ship_from_a_chest_or_road_building_discovers_too():
    g = legend4()
    red_at_sea(g, "33-50")
    g.state.extra["chests_aside"].remove("route")
    pdata(g, "red")["chests"].append(["route", 0])
    top(g, "red", "spice", "sea")
    legal(g, "open chest 1 ship 33-34")
    assert terrain(g, "N") == "spice"
    run(g, "draw red road-building", "turn red")
    legal(g, "play road-building ship 50-51 ship 34-35")
    assert UNEXPLORED not in (terrain(g, "AE"), terrain(g, "W"))
    sound(g)


@pytest.mark.rule("S0:ch4/discovering-unknown-areas")
def test_a_ship_whose_two_ends_touch_two_face_down_hexes_discovers_both_at_once():
    g = legend4()
    red_at_sea(g, "33-50", "50-51")                   # laid, not built: nothing discovered yet
    assert terrain(g, "AE") == UNEXPLORED
    top(g, "red", "sea", "spice")
    events = legal(g, "build ship 51-52")             # 51 touches AE; 52 touches AE and W
    found = [ev.text for ev in events if ev.kind == "discover"]
    assert len(found) == 2 and sorted([terrain(g, "AE"), terrain(g, "W")]) == ["sea", "spice"]
    sound(g)


@pytest.mark.rule("S0:ch4/rules-of-exploration")
def test_no_settlement_and_no_road_next_to_an_undiscovered_hex():
    g = legend4()
    red_at_sea(g)
    run(g, "give red 1 brick 1 grain")
    refused(g, "build settlement 34", "undiscovered")


# --- sea robber lairs (F.0.16) ---------------------------------------------------------------------------
@pytest.mark.rule("F.0.1", "F.0.16", "S0:ch4/the-sea-robber")
def test_lairs_go_on_the_first_4_sea_hexes_discovered_when_2_or_more_sea_robbers_were_left():
    g = legend4(carry={"chapter": 3, "robbers_left": 2, "friends": {}})
    assert g.state.extra["lairs_in_play"]
    top(g, "red", "sea", "gold", "sea", "sea")
    top(g, "blue", "sea", "sea", "spice")
    ctx, geo = g.engine.rules.ctx, g.engine.geo
    order = []
    for hex_id in ("N", "O", "P", "W", "AV", "AW", "AX"):      # turned up one at a time, by a ship's end
        h = geo.hex_ids.index(hex_id)
        assert g.state.terrain[h] == UNEXPLORED
        corner = next(n for n in geo.hex_nodes[h] if sum(g.state.terrain[x] == UNEXPLORED
                                                         for x in geo.node_hexes[n]) == 1)
        ctx.explore(0, geo.node_edges[corner][0])
        g.state.pending.clear()                                # the gold field's resource, not asked here
        order.append((hex_id, terrain(g, hex_id)))
    assert order == [("N", "sea"), ("O", "gold"), ("P", "sea"), ("W", "sea"), ("AV", "sea"), ("AW", "sea"),
                     ("AX", "spice")]
    # the first 4 sea hexes, over both areas, and no more
    assert g.view()["extra"]["lairs"] == ["N", "P", "W", "AV"] and g.state.extra["lairs_left"] == 0


@pytest.mark.rule("F.0.16", "S0:ch4/the-sea-robber")
def test_a_discovered_sea_hex_gets_a_lair():
    g = legend4()
    red_at_sea(g)
    top(g, "red", "sea")
    events = legal(g, "build ship 33-34")
    assert g.view()["extra"]["lairs"] == ["N"]
    assert any(ev.kind == "lair" for ev in events)


@pytest.mark.rule("S0:ch4/the-sea-robber", "S0:ch4/effects-of-the-sea-battle-on-chapter-4")
def test_no_lairs_when_only_1_sea_robber_was_left_after_chapter_3():
    g = legend4(carry={"chapter": 3, "robbers_left": 1, "friends": {}})
    assert not g.state.extra["lairs_in_play"]
    red_at_sea(g)
    top(g, "red", "sea")
    legal(g, "build ship 33-34")
    assert g.view()["extra"]["lairs"] == [] and terrain(g, "N") == "sea"
    sound(g)


@pytest.mark.rule("F.0.16", "S0:ch4/the-sea-robber")
def test_a_lair_is_taken_by_ships_of_two_players_and_each_draws_a_chest():
    # N turned up as sea with a lair; red has 1 ship on its sides, blue 2, blue builds a third.
    g = legend4()
    red_at_sea(g)
    top(g, "red", "sea")
    legal(g, "build ship 33-34")                          # 34 is a corner of N: it turns up
    assert g.view()["extra"]["lairs"] == ["N"]
    legal(g, "build ship 34-17")                          # red's ship on a side of N
    run(g, "put ship blue 17-18", "put ship blue 18-19", "turn blue", "give blue 1 lumber 1 wool")
    assert g.view()["extra"]["lairs"] == ["N"]            # 3 ships: not yet
    blue_chests = len(pdata(g, "blue")["chests"])
    red_chests = len(pdata(g, "red")["chests"])
    events = legal(g, "build ship 19-36")                 # blue's third ship on N: 4 in all
    assert g.view()["extra"]["lairs"] == [] and g.state.extra["lairs_taken"] == 1
    assert len(pdata(g, "blue")["chests"]) == blue_chests + 1
    assert len(pdata(g, "red")["chests"]) == red_chests + 1
    assert any("defeated" in ev.text for ev in events)
    sound(g)


@pytest.mark.rule("S0:ch4/additional-preparations")
def test_played_alone_the_lairs_are_in_play_and_each_player_gets_3_friend_cards():
    g = Game.new("legend-4", players=COLOURS, seed=3, sandbox=True)
    assert g.state.extra["lairs_in_play"]
    held = [list(pdata(g, p)["friends"]) for p in COLOURS]
    assert all(len(h) == 3 for h in held)
    assert len({c for h in held for c in h}) == 12


# --- 2. spice hexes and merchants ---------------------------------------------------------------------------
@pytest.mark.rule("S0:ch4/rules-for-establishing-trade-connections")
def test_no_settlement_or_road_on_a_spice_hex_but_ships_pass():
    g = legend4()
    spice_island(g)
    run(g, "give red 2 brick 2 lumber 1 wool 1 grain")
    refused(g, "build settlement 34", "spice island")
    reason = g.engine.rules.road_reason(0, g.engine.geo.edge_between(34, 35), False)
    assert reason and "spice island" in reason
    legal(g, "build ship 34-35")


@pytest.mark.rule("F.0.17", "S0:ch4/establishing-trade-connections", "S0:ch4/placing-a-merchant")
def test_a_merchant_costs_1_ore_1_wool_beside_your_ship_and_takes_a_trade_option():
    g = legend4()
    spice_island(g)
    refused(g, "build merchant 34 ore", "1 ore and 1 wool")
    run(g, "give red 1 ore")
    refused(g, "build merchant 18 ore", "none of yours touches 18")
    refused(g, "build merchant 33 ore", "not one")
    legal(g, "build merchant 34 ore")
    assert pdata(g, "red")["options"] == [[4, g.engine.geo.hex_ids.index("N")]]      # ore, at N
    assert g.state.extra["trade_options"].count(4) == 1 and len(g.state.extra["trade_options"]) == 9
    assert g.state.players[0].pieces["merchant"] == 2
    sound(g)


@pytest.mark.rule("S0:ch4/placing-a-merchant")
def test_a_merchant_is_refused_between_two_spice_hexes():
    g = legend4()
    red_at_sea(g)
    top(g, "red", "spice", "spice")
    legal(g, "build ship 33-34")
    legal(g, "build ship 34-35")                     # 34 touches N, 35 touches N and W: both spice
    assert terrain(g, "N") == terrain(g, "W") == "spice"
    run(g, "give red 2 ore 2 wool")
    refused(g, "build merchant 35 ore", "between two spice hexes")
    legal(g, "build merchant 34 ore")


@pytest.mark.rule("F.0.17", "S0:ch4/placing-a-merchant")
def test_one_merchant_per_intersection_and_3_per_player():
    g = legend4()
    spice_island(g)
    run(g, "give red 4 ore 4 wool", "put ship blue 34-35")
    legal(g, "build merchant 34 ore")
    run(g, "turn blue", "give blue 1 ore 1 wool")
    refused(g, "build merchant 34 ore", "one merchant per intersection")
    g.state.players[0].pieces["merchant"] = 0
    run(g, "turn red")
    refused(g, "build merchant 35", "all your merchants")


@pytest.mark.rule("F.0.17", "S0:ch4/acquiring-trade-options")
def test_at_most_one_trade_option_per_spice_hex_per_player():
    g = legend4()
    spice_island(g)
    top(g, "red", "sea")                             # W, found by the ship to 35
    run(g, "give red 2 ore 2 wool", "give red 1 lumber 1 wool")
    legal(g, "build merchant 34 ore")
    legal(g, "build ship 34-35")
    refused(g, "build merchant 35 grain", "trade option for spice hex N already")
    legal(g, "build merchant 35")                    # allowed, but it gains no option
    assert len(pdata(g, "red")["options"]) == 1


@pytest.mark.rule("E.1.3", "E.3.7", "S0:ch4/acquiring-trade-options")
def test_when_the_10_trade_options_are_gone_a_merchant_brings_none():
    g = legend4()
    spice_island(g)
    g.state.extra["trade_options"] = []
    for p in COLOURS[1:]:
        pdata(g, p)["options"] = [[r, 0] for r in range(5)][:4 if p != "orange" else 2]
    run(g, "give red 1 ore 1 wool")
    refused(g, "build merchant 34 ore", "all taken")
    legal(g, "build merchant 34")
    assert pdata(g, "red")["options"] == []


@pytest.mark.rule("S0:ch4/placing-a-merchant")
def test_a_merchant_closes_the_shipping_route_to_it():
    g = legend4()
    spice_island(g)
    run(g, "give red 1 ore 1 wool")
    legal(g, "build merchant 34 ore")
    run(g, "turn red")
    refused(g, "move ship 33-34 to 33-50", "closed")


# --- trade options -------------------------------------------------------------------------------------------
@pytest.mark.rule("S0:ch4/using-trade-option")
def test_a_trade_option_buys_the_top_spice_card_for_2_of_its_resource_as_often_as_you_like():
    g = legend4()
    spice_island(g)
    run(g, "give red 1 ore 1 wool")
    legal(g, "build merchant 34 ore")
    refused(g, "buy spice ore", "2 ore")
    refused(g, "buy spice wool", "no wool trade option")
    run(g, "give red 6 ore")
    for _ in range(3):
        legal(g, "buy spice ore")
    assert hand(g, "red")["ore"] == 0 and sum(pdata(g, "red")["spices"]) == 4
    sound(g)


@pytest.mark.rule("S0:ch4/protection-from-the-robber")
def test_each_trade_option_lets_the_hand_hold_2_more_cards_on_a_7():
    g = legend4()
    pdata(g, "red")["options"] = [[4, 10], [3, 11]]
    g.state.extra["trade_options"].remove(4)
    g.state.extra["trade_options"].remove(3)
    run(g, "turn blue", "give red 11 wool", "give white 8 wool")
    run(g, "turn white", "end", "dice 3 4")
    events = legal(g, "roll")
    discards = {ev.seat for ev in events if ev.kind == "discard"}
    assert g.seat("white") in discards and g.seat("red") not in discards     # 11 <= 7 + 2 * 2
    sound(g)


# --- spice cards -------------------------------------------------------------------------------------------
@pytest.mark.rule("F.0.18", "S0:ch4/spice-cards")
def test_spice_cards_count_for_the_7_and_may_be_discarded():
    g = legend4()
    give_spices(g, "red", pepper=3, cinnamon=3)
    run(g, "give red 2 ore", "turn white", "end", "dice 3 4")
    legal(g, "roll")                                    # red holds 8 cards: discards 4
    item = next(p for p in g.state.pending if p["kind"] == "discard")
    assert item["seat"] == 0 and item["count"] == 4
    refused(g, "red: discard 2 ore 3 pepper", "exactly 4")
    legal(g, "red: discard 1 ore 3 pepper")
    assert spices(g, "red") == {"nutmeg": 0, "pepper": 0, "cinnamon": 3}
    assert g.state.extra["spice_discard"] == ["pepper"] * 3
    sound(g)


@pytest.mark.rule("F.0.18", "S0:ch4/spice-cards")
def test_a_spice_card_can_be_stolen_by_the_robber():
    g = legend4()
    run(g, "put settlement blue 12", "turn red")
    give_spices(g, "blue", nutmeg=1)
    set_chits(g, "blue", 5)                                # 6 VP: no longer spared by the friendly robber
    g.state.pending.append({"kind": "robber", "seat": 0, "cause": "seven"})
    hex_b = g.engine.geo.node_hexes[11]
    land = next(h for h in hex_b if g.engine.scen.is_land_hex[h])
    events = legal(g, f"robber {g.engine.geo.hex_ids[land]} steal blue")
    assert spices(g, "red")["nutmeg"] == 1 and spices(g, "blue")["nutmeg"] == 0
    steal = next(ev for ev in events if ev.kind == "steal")
    assert "nutmeg" not in steal.text and "nutmeg" in steal.private.text
    sound(g)


@pytest.mark.rule("F.0.18", "S0:ch4/spice-cards")
def test_monopoly_may_name_pepper():
    g = legend4()
    give_spices(g, "blue", pepper=2, nutmeg=1)
    give_spices(g, "white", pepper=1)
    run(g, "draw red monopoly", "turn red")
    events = legal(g, "play monopoly pepper")
    assert spices(g, "red")["pepper"] == 3 and spices(g, "blue") == {"nutmeg": 1, "pepper": 0, "cinnamon": 0}
    assert "takes 3" in events[0].text
    refused(g, "play monopoly ore", "one per turn")
    sound(g)


@pytest.mark.rule("F.0.18", "S0:ch4/spice-cards")
def test_spice_cards_trade_between_players():
    g = legend4()
    give_spices(g, "red", cinnamon=1)
    run(g, "turn red", "give blue 1 ore")
    legal(g, "offer blue 1 cinnamon for 1 ore")
    legal(g, "blue: accept")
    assert spices(g, "blue")["cinnamon"] == 1 and hand(g, "red")["ore"] == 1
    sound(g)


@pytest.mark.rule("F.0.18")
def test_a_spice_offer_follows_the_offer_rules_and_may_be_declined():
    g = legend4()
    give_spices(g, "red", pepper=1)
    run(g, "turn red", "give blue 1 ore")
    refused(g, "offer blue 2 pepper for 1 ore", "red has only 1 pepper")
    refused(g, "offer blue 1 pepper for 1 pepper", "the same thing")
    refused(g, "offer blue 1 pepper and 1 ore for 1 ore", "the same thing")
    refused(g, "offer red 1 pepper for 1 ore", "trade with yourself")
    legal(g, "offer blue 1 pepper for 1 ore")
    refused(g, "white: accept", "no offer for you")
    legal(g, "blue: decline")
    assert spices(g, "red")["pepper"] == 1 and hand(g, "blue")["ore"] == 1
    sound(g)


@pytest.mark.rule("F.0.18", "S0:ch4/spice-cards")
def test_spice_cards_are_never_traded_with_the_bank():
    g = legend4()
    give_spices(g, "red", pepper=3)
    run(g, "turn red")
    refused(g, "trade 3 pepper for 1 ore", "never traded with the bank")
    refused(g, "trade 3 ore for 1 pepper", "never traded with the bank")
    assert not [c for c in g.legal_commands() if c.startswith("trade") and "pepper" in c]
    run(g, "give red 3 wool")
    legal(g, "trade 3 wool for 1 ore")                  # resources still trade with the bank


@pytest.mark.rule("F.0.18", "S0:ch4/exchanging-spice-cards", "S0:ch4/rules-for-spice-cards")
def test_3_different_spices_buy_2_catan_chits_once_per_turn():
    g = legend4()
    give_spices(g, "red", nutmeg=2, pepper=2, cinnamon=2)
    run(g, "turn red")
    refused(g, "cash nutmeg nutmeg pepper", "2 of one and 1 other do not count")
    vp = g.vp("red")
    legal(g, "cash nutmeg pepper cinnamon")
    assert pdata(g, "red")["spice_chits"] == 2 and g.vp("red") == vp + 2
    refused(g, "cash nutmeg pepper cinnamon", "once per turn")
    run(g, "turn red")
    give_spices(g, "red", pepper=2)
    legal(g, "cash 3 pepper")                          # 3 of one kind, on the next turn
    assert pdata(g, "red")["spice_chits"] == 4
    assert sorted(g.state.extra["spice_discard"]) == sorted(["nutmeg", "pepper", "cinnamon"] + ["pepper"] * 3)
    sound(g)


@pytest.mark.rule("S0:ch4/rules-for-spice-cards")
def test_the_discard_pile_is_shuffled_into_a_new_stack_when_the_stack_runs_out():
    g = legend4()
    stack = g.state.extra["spice_stack"]
    g.state.extra["spice_discard"] = list(stack)
    stack.clear()
    spice_island(g)
    assert len(g.state.extra["spice_stack"]) == 29 and g.state.extra["spice_discard"] == []
    assert sum(pdata(g, "red")["spices"]) == 1
    sound(g)


# --- the friendly pirate (F.0.6) -------------------------------------------------------------------------------
@pytest.mark.rule("F.0.6")
def test_the_pirate_may_not_go_next_to_a_ship_of_a_player_with_3_vp_or_fewer():
    g = legend4()
    run(g, "put settlement blue 32", "put ship blue 32-33", "turn red", "give blue 1 ore")
    g.state.pending.append({"kind": "robber", "seat": 0, "cause": "seven"})
    refused(g, "pirate M steal blue", "friendly pirate", "blue")
    set_chits(g, "blue", 3)                             # 4 VP: no longer protected
    legal(g, "pirate M steal blue")
    sound(g)


# --- the end, the Chronicle --------------------------------------------------------------------------------------
@pytest.mark.rule("S0:ch4/end-of-the-game")
def test_14_vp_on_your_turn_wins():
    g = legend4()
    run(g, "put settlement red 32", "turn red")
    set_chits(g, "red", 12)
    run(g, "end")
    assert not g.over
    run(g, "turn red", "give red 1 ore 1 wool 1 grain")
    set_chits(g, "red", 13)                             # 14 VP with the settlement
    legal(g, "buy card")
    assert g.over and g.winner == "red"


@pytest.mark.rule("F.0.19", "S0:ch4/entering-the-game-results-into-the-chronicle")
def test_the_chronicle_records_the_chits_received_for_spices():
    g = legend4()
    give_spices(g, "red", nutmeg=3)
    run(g, "turn red")
    legal(g, "cash 3 nutmeg")
    pdata(g, "red")["chits"] += 1                       # a chit from elsewhere is not counted
    g.state.extra["chits_left"] -= 1
    result = g.engine.rules.chapter_result()
    assert result["record"]["red"] == {"chits": 2} and result["record"]["blue"] == {"chits": 0}
    assert CHAPTERS[4].key == "legend-4" and CHAPTERS[4].lp_table == (7, 5, 3, 1)
    assert CHAPTERS[4].cls.record_columns[0][0] == "chits"


@pytest.mark.rule("S0:ch4/awarding-of-legend-points-2")
def test_the_bonus_goes_to_those_who_hold_or_tie_for_the_most_spice_chits():
    earned = CHAPTERS[4].bonus_earned
    records = {"red": {"chits": 4}, "blue": {"chits": 4}, "white": {"chits": 2}}
    assert earned("red", records, 3) and earned("blue", records, 3) and not earned("white", records, 3)
    same = {p: {"chits": 2} for p in ("red", "blue", "white")}
    assert not earned("red", same, 3)


# --- help --------------------------------------------------------------------------------------------------
@pytest.mark.rule("S0:ch4/tasks-assigned-by-the-council-of-catan")
def test_every_chapter_4_verb_has_help_and_the_rules_text_names_the_tasks():
    g = legend4()
    for kind in ("build-merchant", "buy-spice", "cash-spices", "choose-resource", "spice-offer", "monopoly-spice"):
        verb = g.engine.verbs[kind]
        assert verb.help is not None and verb.help.example
    text = g.engine.rules.rules_summary()
    for words in ("Spice Islands", "merchant", "trade option", "lair", "14 VP", "never with the bank"):
        assert words in text


# --- secrecy -------------------------------------------------------------------------------------------------
def test_no_view_names_a_face_down_hex_or_the_order_of_a_stack():
    g = legend4()
    hidden = [h for area in g.engine.scen.face_down.values() for h in area.hexes]
    for viewer in [*COLOURS, None]:
        view = g.view(viewer)
        assert view["extra"]["face_down"] == {"red": {"hexes": 8, "numbers": 4}, "blue": {"hexes": 8, "numbers": 0}}
        assert view["extra"]["spice_stack"] == 30 and view["extra"]["chests_aside"] == 16
    shown = {h["id"]: h for h in g.board_json()["hexes"]}            # the board, the same for all
    for h in hidden:
        assert shown[g.engine.geo.hex_ids[h]]["terrain"] == UNEXPLORED
        assert shown[g.engine.geo.hex_ids[h]]["number"] is None


def test_no_seat_is_told_a_face_down_hex_or_a_stack_order_while_exploring():
    """A walk that explores, buys and cashes spices: at every step, what each seat sees (its
    view, its legal commands, the events it is told) is the same in a copy of the game with
    everything hidden from it changed (the face-down stacks, the spice stack, the chests, the
    other hands)."""
    import random

    from secrecy import leaks

    g = Game.new("legend-4", players=COLOURS[:3], seed=5)
    rng = random.Random(5)
    prefer = ("build ship", "build merchant", "buy spice", "cash", "choose resource", "discard", "robber",
              "pirate", "move ship")
    checked = 0
    for step in range(220):
        if g.over:
            break
        actions = g.legal_actions()
        texts = [g.text(a) for a in actions]
        liked = [a for a, t in zip(actions, texts) if t.startswith(prefer)]
        action = rng.choice(liked if liked and rng.random() < 0.8 else actions)
        if g.text(action).startswith(prefer):          # the steps that may turn up or draw a secret
            assert leaks(g, action, seed=step) == [], f"step {step}: {g.text(action)}"
            checked += 1
        g.execute(action)
    assert checked >= 30
    assert any(t != UNEXPLORED for area in g.engine.scen.face_down.values()
               for t in (g.state.terrain[h] for h in area.hexes))


# --- what Chapter 3 passes on ----------------------------------------------------------------------------
@pytest.mark.parametrize("left, lairs", [(1, False), (2, True), (5, True)])
@pytest.mark.rule("S0:ch4/effects-of-the-sea-battle-on-chapter-4")
def test_chapter_3s_sea_robbers_left_decide_the_lairs_and_its_friends_come_along(left, lairs):
    g3 = Game.new("legend-3", players=COLOURS, seed=7, sandbox=True, carry={"chapter": 2, "gold_total": 0})
    g3.state.extra["sea_robbers"] = g3.state.extra["sea_robbers"][:left]
    g3.engine.rules.give_friend(1, "hakon")
    carry = g3.engine.rules.chapter_result()["passes_on"]
    assert carry["robbers_left"] == left
    g = legend4(carry=carry)
    assert g.state.extra["lairs_in_play"] is lairs
    assert g.state.extra["lairs_left"] == (4 if lairs else 0)
    assert pdata(g, "blue")["friends"] == {"hakon": 0} and pdata(g, "red")["friends"] == {}
