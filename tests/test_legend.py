"""Legend of the Sea Robbers I (seed 000 "General Rules" and "Chapter 1"; digest E, F.0): every
paragraph, as the rulebook says it.

Positions are set up in sandbox games on ``rules/legend-1.toml`` (4 players) and
``rules/legend-1-3p.toml``.  The 4-player map, in hex ids and intersection numbers:

    start intersections  25 (I fo11 / J pa9), 43 (R fo4 / AA fi9), 76 (AI hi5 / AQ pa10),
                         105 (AX fo10 / BE fi5)
    Barren Island        X (37 38 39 55 54 53), AE (52 53 54 70 69 68), AF (54 55 56 72 71 70),
                         AN (69 70 71 87 86 85); outposts on 37-39, 52-56, 68-72, 85-87
    red's way out        25-24-40-39 (3 ships to the outpost site 39)
    chests               7 23 36 41 51 58 67 73 88 100 102 115
"""

from __future__ import annotations

import pytest

from catan_cli import Game
from catan_cli.engine.invariants import check_invariants
from catan_cli.engine.turns import setup_order
from catan_cli.errors import RuleError
from sea_helpers import hand, legal, refused, run, to_roll

COLOURS = ["red", "blue", "white", "orange"]
WAY_OUT = ["25-24", "24-40", "40-39"]       # red's ships from start 25 to the outpost site 39


def legend(n: int = 4, seed: int = 7, sandbox: bool = True, **kw: object) -> Game:
    return Game.new("legend-1", players=COLOURS[:n], seed=seed, sandbox=sandbox, **kw)  # type: ignore[arg-type]


def pdata(g: Game, player: str) -> dict:
    return g.state.players[g.seat(player)].extra


def sound(g: Game) -> None:
    problems = [p for p in check_invariants(g.engine) if "joined to none" not in p and "touches none" not in p]
    assert not problems, problems


def with_outpost(g: Game, player: str = "red", home: int = 25, ships: list[str] | None = None,
                 site: int = 39, friend: str = "dever") -> None:
    """``player`` on turn with a settlement on ``home``, ships to ``site`` and an outpost there."""
    run(g, f"put settlement {player} {home}", *[f"put ship {player} {e}" for e in (ships or WAY_OUT)],
        f"turn {player}", f"give {player} 2 lumber 1 wool")
    legal(g, f"build outpost {site}")
    if g.state.pending and g.state.pending[0]["kind"] == "friend":
        legal(g, f"choose friend {friend}")


def peeked_cost(g: Game, player: str) -> str:
    """The cost on the castaway token ``player`` is looking at, as a give list."""
    face = pdata(g, player)["peek"][2]
    return " ".join(f"1 {r}" for r in face.split("+"))


def rescue_one(g: Game, player: str, hex_: str, slot: int) -> None:
    legal(g, f"look castaway {hex_} {slot}")
    run(g, f"give {player} {peeked_cost(g, player)}")
    legal(g, "rescue")


# --- set-up (F.0.5) ---------------------------------------------------------------------------------------
def test_setup_order_clockwise_counterclockwise_clockwise_for_4_players():
    g = legend(sandbox=False)
    assert g.state.setup_order == [0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3]
    assert setup_order("snake-then-third", 4) == g.state.setup_order


def test_setup_order_for_3_players():
    g = legend(3, sandbox=False)
    assert g.state.setup_order == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    assert g.state.scenario == "legend-1-3p"      # the 3-player chapter plays on its own map


def test_first_settlement_on_a_start_intersection_with_a_ship_instead_of_a_road():
    g = legend(sandbox=False)
    refused(g, "build settlement 28", "start intersection")
    legal(g, "build settlement 25")
    refused(g, "build road 25-26", "instead of a road", "ship")
    legal(g, "build ship 25-24")
    refused(g, "build settlement 25", "taken")


def test_second_and_third_settlements_not_on_the_coast_and_take_a_road():
    g = legend(sandbox=False)
    for first, ship in ((25, "25-24"), (43, "43-42"), (76, "76-75"), (105, "105-90")):
        run(g, f"build settlement {first}", f"build ship {ship}")
    refused(g, "build settlement 10", "coast")               # a coastal corner of I
    refused(g, "build settlement 76", "taken")
    legal(g, "build settlement 62")                          # inland: AA, AB, AI
    refused(g, "build ship 62-61", "two land hexes")
    legal(g, "build road 62-61")


def test_starting_resources_from_the_third_settlement_and_everyone_starts_at_3_vp():
    g = legend(sandbox=False, seed=3)
    third: dict[int, int] = {}
    while g.state.phase == "setup":
        seat = g.engine.prompt_seat()
        before = list(g.state.players[seat].resources)
        command = g.legal_commands()[0]
        g.execute(command)
        if command.startswith("build settlement") and g.state.players[seat].setup_settlements == 3:
            third[seat] = int(command.split()[-1]) - 1
            gained = [a - b for a, b in zip(g.state.players[seat].resources, before)]
            expected = [0] * 5
            for h in g.engine.geo.node_hexes[third[seat]]:
                if g.engine.hex_resource[h] >= 0:
                    expected[g.engine.hex_resource[h]] += 1
            assert gained == expected
        elif command.startswith("build settlement"):
            assert g.state.players[seat].resources == before     # nothing from the 1st and 2nd
    assert sorted(third) == [0, 1, 2, 3]
    assert [g.vp(p) for p in g.players] == [3, 3, 3, 3]


# --- the friendly robber (E.0.1, F.0.6) ------------------------------------------------------------------
def test_the_robber_starts_off_the_board_beside_the_vp_track():
    g = legend()
    assert g.state.robber == -1 and g.view()["robber"] is None
    assert g.view()["extra"]["robber_at_start"] is True


def test_the_robber_may_not_go_next_to_a_player_with_3_vp_or_fewer():
    g = legend()
    run(g, "put settlement blue 28", *[f"put settlement red {n}" for n in (60, 92, 118, 122)])
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    refused(g, "robber R", "friendly robber", "blue")        # R touches blue's 28: blue has 1 VP
    legal(g, "robber AI")                                    # red's own 60 (red has 4 VP): allowed


def test_the_robber_goes_back_to_its_start_when_no_hex_may_take_it():
    g = legend()
    run(g, "put settlement red 28")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    legal(g, "robber BG")
    assert g.state.robber >= 0
    # Every hex of Catan next to a player with 3 VP or fewer, and Barren Island behind two outposts.
    spread = {"red": [62, 118], "blue": [95], "white": [25], "orange": [122, 31]}
    for player, nodes in spread.items():
        run(g, *[f"put settlement {player} {n}" for n in nodes])
    with_outpost(g, "blue", home=92, ships=["39-55"], site=55, friend="oda")
    with_outpost(g, "white", home=60, ships=["69-85"], site=69, friend="jerok")
    assert all(g.engine.rules.protected(p) for p in range(4))
    to_roll(g, "red")
    events = run(g, "dice 3 4", "roll")
    assert g.state.robber == -1
    assert any("back to its start" in ev.text for ev in events)
    assert not g.state.pending                 # nobody is robbed, nothing to answer
    sound(g)


def test_discards_on_a_seven_apply_even_to_players_with_3_vp_or_fewer():
    g = legend()
    run(g, "put settlement blue 28", "give blue 4 wool 4 grain")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    assert any(p["kind"] == "discard" and p["seat"] == 1 for p in g.state.pending)


def test_the_friendly_robber_threshold_is_a_parameter():
    g = legend()
    assert g.engine.rules.protect_vp == g.engine.scen.params["robber_protects_up_to"] == 3


# --- the general 3:1 trade (E.0.4) -------------------------------------------------------------------------
def test_general_3_for_1_trade_on_your_own_turn():
    g = legend()
    run(g, "put settlement red 28", "turn red", "give red 3 wool", "give blue 3 wool")
    refused(g, "trade 4 wool for 1 ore", "3:1", "3 wool")
    legal(g, "trade 3 wool for 1 ore")
    assert hand(g, "red")["ore"] == 1
    refused(g, "blue: trade 3 wool for 1 ore", "own turn")


# --- outposts (F.0.8) and Barren Island ------------------------------------------------------------------------
def test_outpost_where_your_ship_reached_the_barren_island_coast():
    g = legend()
    run(g, "put settlement red 25", "put ship red 25-24", "put ship red 24-40", "turn red",
        "give red 2 lumber 1 wool")
    refused(g, "build outpost 39", "not reached")
    refused(g, "build outpost 24", "coastal intersection of the target island")
    run(g, "put ship red 40-39")
    legal(g, "build outpost 39")
    assert hand(g, "red") == {"lumber": 0, "brick": 0, "wool": 0, "grain": 0, "ore": 0}
    assert g.vp("red") == 2                       # 1 settlement + the outpost
    sound(g)


def test_an_outpost_costs_2_lumber_and_1_wool():
    g = legend()
    run(g, "put settlement red 25", *[f"put ship red {e}" for e in WAY_OUT], "turn red", "give red 1 lumber 1 wool")
    refused(g, "build outpost 39", "2 lumber and 1 wool")


def test_one_outpost_per_player_and_no_distance_rule():
    g = legend()
    with_outpost(g)
    run(g, "put ship red 38-39", "give red 2 lumber 1 wool")
    refused(g, "build outpost 38", "already", "one per player")
    # blue's outpost right beside red's: outposts ignore the distance rule
    run(g, "put settlement blue 43", "put ship blue 37-38", "turn blue", "give blue 2 lumber 1 wool")
    refused(g, "build outpost 39", "taken")
    run(g, "put ship blue 22-38")
    legal(g, "build outpost 38")


def test_an_outpost_closes_the_shipping_route():
    g = legend()
    run(g, "put settlement red 25", *[f"put ship red {e}" for e in WAY_OUT], "turn red")
    assert "move ship 39-40" in " ".join(g.legal_commands())              # an open route's end ship may move
    run(g, "give red 2 lumber 1 wool", "build outpost 39", "choose friend olaf")
    refused(g, "move ship 39-40 to 40-41", "closed")


def test_an_outpost_produces_nothing_and_is_never_upgraded():
    g = legend()
    with_outpost(g)
    run(g, "give red 2 grain 3 ore")
    refused(g, "build city 39", "city replaces one of your settlements")
    assert g.engine.pieces.produces[g.state.node_kind[38]] == 0


def test_no_roads_or_settlements_on_barren_island():
    g = legend()
    with_outpost(g)
    run(g, "give red 2 brick 2 lumber 1 wool 1 grain")
    refused(g, "build road 39-55", "roads may not be built")
    refused(g, "put settlement blue 54", "cannot hold a settlement")


# --- friend cards (F.0.7) ---------------------------------------------------------------------------------------
def test_the_first_outpost_builder_chooses_from_four_friends_the_next_from_the_rest():
    g = legend()
    run(g, "put settlement red 25", *[f"put ship red {e}" for e in WAY_OUT], "turn red", "give red 2 lumber 1 wool")
    legal(g, "build outpost 39")
    assert sorted(a.args[0] for a in g.legal_actions()) == ["dever", "jerok", "oda", "olaf"]
    refused(g, "end", "choose a friend card")
    legal(g, "choose friend dever")
    assert g.view("red")["players"][0]["extra"]["friends"] == [
        {"name": "dever", "title": "Captain Dever", "side": "A", "uses": 0}]
    with_outpost(g, "blue", home=43, ships=["39-55"], site=55, friend="oda")
    assert g.state.extra["friend_pool"] == ["jerok", "olaf"]


def test_with_3_players_the_last_friend_card_leaves_play():
    g = legend(3)
    sites = {"red": (25, ["25-24", "24-40", "40-39", "39-55"], 55), "blue": (60, ["56-57"], 56),
             "white": (91, ["72-73"], 72)}
    for player, friend in zip(sites, ("olaf", "oda", "jerok")):
        home, ships, site = sites[player]
        with_outpost(g, player, home=home, ships=ships, site=site, friend=friend)
    assert g.state.extra["friend_pool"] == []
    assert g.state.extra["friends_removed"] == ["dever"]
    sound(g)


def test_jerok_buys_a_development_card_for_wool_and_grain_twice_a_chapter():
    g = legend()
    with_outpost(g, friend="jerok")
    run(g, "give red 2 wool 2 grain")
    legal(g, "jerok")
    assert len(g.state.players[0].dev_cards) == 1 and hand(g, "red")["ore"] == 0
    refused(g, "jerok", "already used a friend card this turn")
    assert pdata(g, "red")["friends"]["jerok"] == 1          # B side up
    run(g, "turn red")
    legal(g, "jerok")
    run(g, "turn red", "give red 1 wool 1 grain")
    refused(g, "jerok", "twice this chapter")


def test_one_friend_card_per_turn():
    g = legend(carry={"friends": {"red": ["olaf"]}})            # a friend won in an earlier chapter
    with_outpost(g, friend="jerok")
    run(g, "give red 1 wool 1 grain 1 brick")
    legal(g, "jerok")
    refused(g, "olaf road 25-26 brick", "already used a friend card this turn")


def test_olaf_builds_a_road_for_one_brick_or_moves_an_open_road():
    g = legend()
    with_outpost(g, friend="olaf")
    run(g, "give red 1 brick")
    legal(g, "olaf road 25-26 brick")
    assert hand(g, "red")["brick"] == 0 and g.state.edge_owner[g.engine.geo.edge_between(24, 25)] == 0
    run(g, "turn red", "give red 1 ore")
    refused(g, "olaf road 11-25 ore", "1 lumber or 1 brick")
    legal(g, "olaf move 25-26 to 11-25")
    assert pdata(g, "red")["friends"]["olaf"] == 2            # used twice: put away for the chapter


def test_oda_gives_a_resource_when_a_production_roll_gives_you_nothing_on_any_roll():
    g = legend()
    with_outpost(g, "blue", home=43, ships=["39-55"], site=55, friend="oda")
    run(g, "put settlement red 28")
    to_roll(g, "red")
    run(g, "dice 2 2", "roll")                                  # 4: R and K; blue's 43 touches R
    assert not any(p["kind"] == "oda" for p in g.state.pending)  # blue received lumber
    to_roll(g, "red")
    run(g, "dice 5 6", "roll")                                  # 11: nothing for blue
    assert g.state.pending[0] == {"kind": "oda", "seat": 1}
    refused(g, "end", "Oda")
    legal(g, "oda ore")
    assert hand(g, "blue")["ore"] == 1
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")                                  # a 7 is not a production roll
    assert not any(p["kind"] == "oda" for p in g.state.pending)


def test_a_friend_card_is_never_traded_or_stolen():
    g = legend()
    with_outpost(g, friend="oda")
    run(g, "give red 1 ore", "give blue 1 wool")
    refused(g, "offer blue 1 oda for 1 wool")
    refused(g, "trade 3 oda for 1 wool")
    # a thief takes resource cards only: red, holding Oda and no card, has nothing to lose
    run(g, "take red 1 ore")
    assert g.engine.stealable(1, 0) == [] and pdata(g, "red")["friends"] == {"oda": 0}


# --- chests (F.0.9, E.3.2) ------------------------------------------------------------------------------------
def test_a_ship_built_next_to_a_chest_takes_it_and_only_its_taker_sees_the_face():
    g = legend()
    run(g, "put settlement red 25", "put ship red 25-24", "put ship red 24-40", "turn red", "give red 1 lumber 1 wool")
    events = legal(g, "build ship 40-41")                       # 41 holds a chest
    taken = next(ev for ev in events if ev.kind == "chest")
    face = pdata(g, "red")["chests"][0][0]
    assert face in taken.seen_by(0).text or "free road" in taken.seen_by(0).text or "+" in taken.seen_by(0).text
    assert taken.seen_by(1).text == "red takes the chest on 41"
    assert g.view("blue")["players"][0]["extra"]["chests"] == 1
    assert 41 not in g.view("blue")["extra"]["chests"]


def test_a_ship_moved_next_to_a_chest_takes_it():
    g = legend()
    run(g, "put settlement red 25", "put ship red 25-24", "put ship red 24-40", "turn red")
    legal(g, "move ship 24-40 to 24-23")                        # 23 holds a chest
    assert len(pdata(g, "red")["chests"]) == 1


def test_a_chest_is_not_usable_on_the_turn_it_is_taken_then_one_per_turn():
    g = legend()
    run(g, "put settlement red 25", "put ship red 25-24", "put ship red 24-40", "turn red", "give red 2 lumber 2 wool")
    run(g, "build ship 40-41", "build ship 23-24")
    pdata(g, "red")["chests"] = [["any", pdata(g, "red")["chests"][0][1]], ["any", pdata(g, "red")["chests"][1][1]]]
    refused(g, "open chest 1 ore", "from your next turn on")
    run(g, "turn red")
    legal(g, "open chest 1 ore")
    assert hand(g, "red")["ore"] == 1
    refused(g, "open chest 1 ore", "one per turn")
    assert g.state.extra["chests_used"] == ["any"]


def test_a_chest_only_on_your_own_turn():
    g = legend()
    run(g, "put settlement red 25", "put ship red 25-24", "put ship red 24-40", "put ship red 40-41", "turn blue")
    refused(g, "red: open chest 1 ore", "own turn")


def test_each_chest_reward():
    g = legend()
    run(g, "put settlement red 25", "put ship red 25-24", "turn red")
    pdata(g, "red")["chests"] = [["route", 0], ["any", 0], ["card", 0], ["ore+grain", 0]]
    g.state.extra["chests"] = g.state.extra["chests"][4:]       # keep the 16 conserved
    refused(g, "open chest 1 ore", "free road or ship")
    legal(g, "open chest 1 ship 24-40")
    assert g.state.players[0].pieces["ship"] == 3
    run(g, "turn red")
    legal(g, "open chest 1 wool")
    run(g, "turn red")
    legal(g, "open chest 1")
    assert len(g.state.players[0].dev_cards) == 1
    assert g.state.players[0].dev_cards[0][1] == g.state.turn     # taken this turn: not playable (A.11)
    run(g, "turn red")
    before = hand(g, "red")
    legal(g, "open chest 1")
    after = hand(g, "red")
    assert after["ore"] - before["ore"] == 1 and after["grain"] - before["grain"] == 1
    sound(g)


def test_a_development_card_from_a_chest_is_not_playable_that_turn():
    g = legend()
    run(g, "put settlement red 25", "turn red")
    knight = g.state.deck.index("knight")
    g.state.deck.append(g.state.deck.pop(knight))               # a knight on top of the deck
    pdata(g, "red")["chests"] = [["card", 0]]
    g.state.extra["chests"] = g.state.extra["chests"][1:]
    legal(g, "open chest 1")
    refused(g, "play knight", "cannot be played on the turn it was bought")
    run(g, "turn red")
    assert g.check("play knight").ok


def test_captain_dever_adds_a_resource_to_a_chest():
    g = legend()
    with_outpost(g, friend="dever")
    pdata(g, "red")["chests"] = [["grain+wool", 0]]
    g.state.extra["chests"] = g.state.extra["chests"][1:]
    legal(g, "open chest 1 dever ore")
    assert hand(g, "red") == {"lumber": 0, "brick": 0, "wool": 1, "grain": 1, "ore": 1}
    assert pdata(g, "red")["friends"]["dever"] == 1


# --- castaways (Chapter 1, E.3.3, F.0.10) ---------------------------------------------------------------------------
def test_no_looking_at_castaways_before_your_outpost():
    g = legend()
    run(g, "put settlement red 25", "turn red")
    refused(g, "look castaway X 1", "once you have built your outpost")


def test_looking_is_secret_and_once_per_turn():
    g = legend()
    with_outpost(g)
    events = legal(g, "look castaway X 1")
    face = pdata(g, "red")["peek"][2]
    assert face.split("+")[0] in events[0].seen_by(0).text
    assert events[0].seen_by(1).text == "red looks at castaway token 1 on X"
    assert g.view("blue")["players"][0]["extra"]["peek"] == {"hex": "X", "slot": 1}
    legal(g, "leave castaway")
    assert len(g.state.extra["castaways"]) == 12               # back face down where it was
    refused(g, "look castaway X 2", "already looked")


def test_a_castaway_must_be_paid_at_once_no_trade_card_friend_or_chest_first():
    g = legend()
    with_outpost(g)
    run(g, "give red 6 wool")
    pdata(g, "red")["chests"] = [["any", 0]]
    g.state.extra["chests"] = g.state.extra["chests"][1:]
    legal(g, "look castaway X 1")
    refused(g, "trade 3 wool for 1 brick", "at once")
    refused(g, "open chest 1 brick", "at once")
    refused(g, "end", "at once")
    if any(hand(g, "red")[r] < n for r, n in _need(g, "red").items()):
        refused(g, "rescue", "cannot pay")
    legal(g, "leave castaway")


def _need(g: Game, player: str) -> dict[str, int]:
    need: dict[str, int] = {}
    for r in pdata(g, player)["peek"][2].split("+"):
        need[r] = need.get(r, 0) + 1
    return need


def test_a_rescue_puts_an_ore_miner_beside_your_first_settlement():
    g = legend()
    with_outpost(g)
    rescue_one(g, "red", "X", 1)
    assert len(pdata(g, "red")["rescued"]) == 1
    assert pdata(g, "red")["miners"] == {"home": 1, "out": []}
    assert len(g.state.extra["castaways"]) == 11
    sound(g)


def test_at_most_3_castaways_and_the_chits_go_2_then_1():
    g = legend()
    with_outpost(g)
    with_outpost(g, "blue", home=43, ships=["39-55"], site=55, friend="oda")
    for player in ("red", "blue"):
        for slot, hex_ in enumerate(("X", "AE", "AF") if player == "red" else ("AN", "AN", "AN")):
            run(g, f"turn {player}")
            rescue_one(g, player, hex_, slot + 1)
    assert pdata(g, "red")["chits"] == 2 and pdata(g, "blue")["chits"] == 1
    assert g.vp("red") == 1 + 1 + 2 and g.vp("blue") == 1 + 1 + 1
    run(g, "turn red")
    refused(g, "look castaway AE 2", "rescued 3")
    sound(g)


# --- ore miners (Chapter 1) ----------------------------------------------------------------------------------------
def test_the_seeds_ore_mining_example():
    """Miner A at the outpost since an earlier turn mines; then A, B and C go out for 2 wool
    and 1 grain; none mines again this turn; all three mine next turn."""
    g = legend()
    with_outpost(g)
    for hex_ in ("X", "AE", "AF"):
        run(g, "turn red")
        rescue_one(g, "red", hex_, 1)
    run(g, "give red 1 wool")
    legal(g, "send miner wool")                                 # miner A goes out
    run(g, "turn red")
    assert hand(g, "red")["ore"] == 0
    legal(g, "mine")                                            # A mines and comes home for free
    assert hand(g, "red")["ore"] == 1 and pdata(g, "red")["miners"]["home"] == 3
    refused(g, "mine", "no ore miner at your outpost")
    run(g, "give red 2 wool 1 grain")
    legal(g, "send miner wool")
    legal(g, "send miner wool")
    legal(g, "send miner grain")
    refused(g, "mine", "arrived this turn", "next turn")
    run(g, "turn red")
    for _ in range(3):
        legal(g, "mine")
    assert hand(g, "red")["ore"] == 4
    sound(g)


def test_miners_move_only_in_trade_build_along_your_own_joined_ships():
    g = legend()
    with_outpost(g)
    rescue_one(g, "red", "X", 1)
    run(g, "give red 1 wool 1 brick")
    refused(g, "send miner brick", "1 grain or 1 wool")
    run(g, "turn blue")
    refused(g, "red: send miner wool", "own turn")
    to_roll(g, "red")
    refused(g, "send miner wool", "roll")


def test_miners_need_the_ships_joining_settlement_and_outpost():
    g = legend()
    run(g, "put settlement red 25", "put ship red 39-55", "turn red", "give red 2 lumber 1 wool")
    legal(g, "build outpost 39")
    legal(g, "choose friend oda")
    rescue_one(g, "red", "X", 1)
    run(g, "give red 1 wool")
    refused(g, "send miner wool", "along your own ships")


# --- scoring and the end ----------------------------------------------------------------------------------------------
def test_eleven_vp_on_your_own_turn_wins_the_chapter():
    g = legend()
    run(g, *[f"put settlement red {n}" for n in (25, 28, 60, 92, 118)], "turn red")
    for n in (25, 28, 60):
        run(g, "give red 2 grain 3 ore")
        legal(g, f"build city {n}")
    run(g, "put ship red 25-24", "put ship red 24-40", "put ship red 40-39", "give red 2 lumber 1 wool 2 grain 3 ore")
    legal(g, "build outpost 39")
    run(g, "choose friend jerok", "draw red victory-point")
    assert g.vp("red") == 10 and not g.over                    # 5 settlements, 3 cities, outpost, VP card
    legal(g, "build city 92")
    assert g.over and g.winner == "red"


def test_at_most_5_ships_in_chapter_1():
    g = legend()
    run(g, "put settlement red 25", "turn red", "give red 6 lumber 6 wool")
    for e in ("25-24", "24-40", "40-41", "41-42", "42-43"):
        legal(g, f"build ship {e}")
    refused(g, "build ship 23-24", "no ships left")


def test_variable_setup_shuffles_the_terrain_of_catan_and_keeps_the_numbers():
    fixed = legend(sandbox=False)
    varied = [legend(sandbox=False, seed=s, options=["variable"]) for s in range(4)]
    for g in varied:
        assert g.state.numbers == fixed.state.numbers
        assert sorted(g.state.terrain) == sorted(fixed.state.terrain)
        for h in g.engine.rules.chapter.castaway_hexes:
            assert g.state.terrain[h] == fixed.state.terrain[h]   # Barren Island stays
    assert any(g.state.terrain != fixed.state.terrain for g in varied)


# --- two ships on a sea route (E.0.2) --------------------------------------------------------------------------
def shared_route() -> Game:
    """Red's ships 25-24-40 from its settlement on 25; blue's ship 23-24 from 23; blue's turn."""
    g = legend()
    run(g, "put settlement red 25", "put ship red 24-25", "put ship red 24-40",
        "put settlement blue 23", "put ship blue 23-24", "turn blue", "give blue 2 lumber 2 wool")
    return g


def test_two_ships_of_different_players_share_a_sea_route():
    g = shared_route()
    legal(g, "build ship 24-40")
    routes = [(r["edge"], r["owner"]) for r in g.view("white")["routes"] if r["edge"] == "24-40"]
    assert routes == [("24-40", "red"), ("24-40", "blue")]
    assert g.state.route_len[g.seat("blue")] == 2 and g.state.route_len[g.seat("red")] == 2
    assert g.state.players[g.seat("blue")].pieces["ship"] == 3
    sound(g)


def test_you_may_not_place_two_of_your_own_ships_on_one_sea_route():
    g = shared_route()
    legal(g, "build ship 24-40")
    refused(g, "build ship 24-40", "your own ship", "different players")
    refused(g, "put ship white 24-40", "two ships")


def test_a_road_never_shares_a_path_with_a_ship():
    g = shared_route()
    run(g, "give blue 1 brick 1 lumber")
    refused(g, "build road 23-24", "already holds a ship")   # blue's own ship
    refused(g, "put road blue 24-25", "already taken")       # red's ship


def test_a_shared_sea_route_does_not_let_you_build_past_an_opponents_settlement():
    g = shared_route()
    legal(g, "build ship 24-25")                 # beside red's ship, up to red's settlement on 25
    refused(g, "build ship 25-26", "must join")


def test_a_ship_leaving_a_shared_route_leaves_the_other_ship_there():
    g = shared_route()
    legal(g, "build ship 24-40")
    run(g, "turn red")
    legal(g, "move ship 24-40 to 23-24")         # onto blue's ship: shared again
    routes = sorted((r["edge"], r["owner"]) for r in g.view()["routes"])
    assert routes == [("23-24", "blue"), ("23-24", "red"), ("24-25", "red"), ("24-40", "blue")]
    sound(g)


# --- secrecy in the views -----------------------------------------------------------------------------------------------
def test_castaway_and_chest_faces_are_face_down_in_every_view():
    g = legend()
    view = g.view("red")
    assert view["extra"]["castaways"][0] == ["X", 1]
    assert all(isinstance(n, int) for n in view["extra"]["chests"])
    assert view["extra"]["chests_aside"] == 4 and view["extra"]["castaways_aside"] == 0
    assert "castaways" not in str(g.view(None)["extra"].get("castaways_aside", ""))


# --- help -------------------------------------------------------------------------------------------------------------
def test_help_rules_tells_the_chapters_tasks_and_every_new_verb_has_help():
    from catan_cli import helptext

    g = legend()
    rules = "\n".join(helptext.verb_help("rules", g))
    for words in ("Barren Island", "castaway", "ore miner", "friend", "3:1", "friendly robber", "11 VP"):
        assert words.lower() in rules.lower(), words
    for verb in g.engine.verbs.values():
        text = "\n".join(helptext.verb_help(verb.words[0], g))
        assert verb.help.syntax in text, verb.kind


def test_the_scenario_is_listed_with_its_title():
    from catan_cli.engine.scenario import available_scenarios, load_scenario

    assert "legend-1" in available_scenarios()
    assert load_scenario("legend-1").name == "Legend of the Sea Robbers 1: The Castaways"


def test_with_no_inland_intersection_left_the_coast_is_allowed_in_the_set_up():
    g = legend()
    for first, ship in ((25, "25-24"), (43, "43-42"), (76, "76-75"), (105, "105-90")):
        run(g, f"build settlement {first}", f"build ship {ship}")
    refused(g, "build settlement 10", "coast")
    scen = g.engine.scen
    fillers = iter(["blue"] * 4 + ["white"] * 4 + ["red"] * 4)
    for n in range(g.engine.geo.n_nodes):
        if scen.node_settleable[n] and not scen.node_touches_sea[n] and g.engine.distance_reason(n) is None:
            run(g, f"put settlement {next(fillers)} {n + 1}")
    assert not g.engine.rules.inland_site_left(3)
    legal(g, "build settlement 10")


@pytest.mark.rule("F.0.8")
def test_an_outpost_breaks_an_opponents_trade_route():
    """F.0.8: for routes an outpost is like a settlement of its owner."""
    g = legend()
    run(g, "put settlement blue 43", *[f"put ship blue {e}" for e in ("42-43", "41-42", "40-41", "39-40", "39-55")])
    assert g.state.route_len[1] == 5 and g.state.longest_holder == 1
    run(g, "put settlement red 25", "put ship red 38-39", "turn red", "give red 2 lumber 1 wool")
    legal(g, "build outpost 39")
    assert g.state.route_len[1] == 4 and g.state.longest_holder == -1
    sound(g)


# --- friend cards from earlier chapters (F.0.7) ------------------------------------------------------------------
def test_friend_cards_from_an_earlier_chapter_come_back_fresh_a_side_up():
    g = Game.new("legend-1", players=COLOURS, seed=7, carry={"friends": {"red": ["oda"], "blue": ["jerok"]}})
    assert pdata(g, "red")["friends"] == {"oda": 0} and pdata(g, "blue")["friends"] == {"jerok": 0}
    assert pdata(g, "white")["friends"] == {}
    assert [f["side"] for f in g.view("white")["players"][0]["extra"]["friends"]] == ["A"]
    assert sorted(g.state.extra["friend_pool"]) == ["dever", "olaf"]       # held cards are not on display
    sound(g)


@pytest.mark.parametrize("carry, words", [
    ({"friends": {"green": ["oda"]}}, "name players of this game"),
    ({"friends": {"red": ["merlin"]}}, "no friend card named 'merlin'"),
    ({"friends": {"red": ["oda"], "blue": ["oda"]}}, "carried in twice"),
])
def test_a_bad_carry_is_refused_in_one_line(carry, words):
    with pytest.raises(RuleError, match=words):
        Game.new("legend-1", players=COLOURS, seed=7, carry=carry)
