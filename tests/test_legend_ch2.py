"""Legend of the Sea Robbers, Chapter 2 "The Attack" (seed 000 "Chapter 2" and its "Postscript
to Chapter 1"; digest E.3.4-E.3.6, F.0.11): every paragraph, as the rulebook says it.

Positions are set up in sandbox games on ``rules/legend-2.toml`` (4 players, seed 7).  The map,
in hex ids and intersection numbers:

    start intersections  79 (AR pa3), 99, 103 (BD pa5), 89 (AX pa11)
    pastures             AR pa3 (77 78 79 94 95 96), AX pa11 (89 90 91 106 107 108),
                         BD pa5 (101 102 103 118 119 120), BJ pa6, BM pa4 (119 120 121 136 137 138)
    Gold Island          L mo (13 14 15 30 31 32), M de (15 16 17 32 33 34), N go (17 18 19 34 35 36),
                         U de (31 32 33 48 49 50), V go (33 34 35 50 51 52), AD de (49 50 51 66 67 68)
    gold-field tokens    "3 miners" on 13 14 15 17 18 19 (seed 7: 14 hides 3 nuggets, 15 hides 4);
                         "2 miners" on 30 32 33 34 36 50
    outposts             red's ship 31-48 reaches 31; blue's ship 29-30 reaches 30
"""

from __future__ import annotations

import re

import pytest

from catan_cli import Game
from catan_cli.engine.invariants import check_invariants
from catan_cli.errors import RuleError
from catan_cli.scenarios.legend.chapter2.bog_iron import bog_iron_per_pasture
from sea_helpers import hand, legal, refused, run, to_roll

COLOURS = ["red", "blue", "white", "orange"]


def legend2(n: int = 4, seed: int = 7, sandbox: bool = True, carry: dict | None = None) -> Game:
    return Game.new("legend-2", players=COLOURS[:n], seed=seed, sandbox=sandbox, carry=carry)


def pdata(g: Game, player: str) -> dict:
    return g.state.players[g.seat(player)].extra


def sound(g: Game) -> None:
    problems = [p for p in check_invariants(g.engine) if "joined to none" not in p and "touches none" not in p]
    assert not problems, problems


def bog(g: Game, hex_id: str) -> int:
    return int(g.view()["extra"]["bog_iron"][hex_id])


def outpost(g: Game, player: str, ship: str, site: int, friend: str | None = None) -> None:
    """``player`` on turn with a ship reaching ``site`` and an outpost there."""
    run(g, f"put ship {player} {ship}", f"turn {player}", f"give {player} 2 lumber 1 wool")
    legal(g, f"build outpost {site}")
    if g.state.pending and g.state.pending[0]["kind"] == "friend":
        pool = g.state.extra["friend_pool"]
        legal(g, f"choose friend {friend or pool[0]}")


def miner(g: Game, player: str, dst: int | None = None) -> None:
    """``player`` (on turn) builds a gold miner at the outpost and moves it to ``dst``."""
    run(g, f"give {player} 1 ore 1 wool")
    legal(g, "build miner")
    if dst is not None:
        here = pdata(g, player)["gold_miners"][-1][0] + 1
        run(g, f"give {player} 1 grain")
        legal(g, f"move miner {here} to {dst}")


# --- the postscript's bog iron tables -----------------------------------------------------------------
@pytest.mark.parametrize("total, per", [(0, 1), (8, 1), (9, 2), (10, 3), (11, 4), (12, 5)])
@pytest.mark.rule("S0:ch2/how-the-rescued-castaways-affect-chapter-2", "S0:ch2/distribution-of-bog-iron-ore-tokens")
def test_bog_iron_per_pasture_by_castaways_rescued_4_players(total, per):
    g = legend2(carry={"castaways_total": total})
    assert all(k == per for _, k in g.state.extra["bog_iron"])
    assert len(g.state.extra["bog_iron"]) == 5           # the 4-player map's 5 pastures


@pytest.mark.parametrize("total, per", [(0, 1), (5, 1), (6, 2), (7, 3), (8, 4), (9, 5)])
@pytest.mark.rule("S0:ch2/how-the-rescued-castaways-affect-chapter-2", "S0:ch2/distribution-of-bog-iron-ore-tokens")
def test_bog_iron_per_pasture_by_castaways_rescued_3_players(total, per):
    g = legend2(3, carry={"castaways_total": total})
    assert all(k == per for _, k in g.state.extra["bog_iron"])
    assert len(g.state.extra["bog_iron"]) == 4


@pytest.mark.rule("S0:ch2/distribution-of-bog-iron-ore-tokens")
def test_bog_iron_table_takes_its_last_row_beyond_it_and_refuses_a_negative_total():
    assert bog_iron_per_pasture([1, 2, 5], 7) == 5
    with pytest.raises(ValueError):
        bog_iron_per_pasture([1, 2], -1)


@pytest.mark.rule("E.3.6", "S0:ch2/distribution-of-bog-iron-ore-tokens")
def test_played_alone_4_bog_iron_on_each_pasture():
    g = legend2()
    assert all(k == 4 for _, k in g.state.extra["bog_iron"])


# --- bog iron mining ---------------------------------------------------------------------------------
@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining")
def test_a_settlement_on_a_rolled_pasture_gives_1_wool_or_1_ore_taking_a_token():
    g = legend2()
    run(g, "put settlement red 96")                 # on AR (pasture 3)
    to_roll(g, "red")
    run(g, "dice 1 2", "roll")
    assert hand(g, "red")["wool"] == 1
    refused(g, "end", "bog")
    legal(g, "bog ore")
    assert hand(g, "red")["wool"] == 0 and hand(g, "red")["ore"] == 1
    assert bog(g, "AR") == 3
    sound(g)


@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining")
def test_keeping_the_wool_leaves_the_bog_iron():
    g = legend2()
    run(g, "put settlement red 96")
    to_roll(g, "red")
    run(g, "dice 1 2", "roll")
    legal(g, "bog wool")
    assert hand(g, "red")["wool"] == 1 and bog(g, "AR") == 4


@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining")
def test_a_city_gives_2_wool_or_1_wool_and_1_ore_never_2_ore():
    g = legend2()
    run(g, "put city red 96")
    to_roll(g, "red")
    run(g, "dice 1 2", "roll")
    assert hand(g, "red")["wool"] == 2
    refused(g, "bog ore 2", "1 ore each", "never gives 2 ore")
    legal(g, "bog ore 1")
    assert hand(g, "red")["wool"] == 1 and hand(g, "red")["ore"] == 1


@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining")
def test_a_settlement_and_a_city_on_one_pasture_give_up_to_2_ore():
    g = legend2()
    run(g, "put city red 96", "put settlement red 78")
    to_roll(g, "red")
    run(g, "dice 1 2", "roll")
    legal(g, "bog ore 2")
    assert hand(g, "red")["ore"] == 2 and hand(g, "red")["wool"] == 1 and bog(g, "AR") == 2


@pytest.mark.rule("F.0.11", "S0:ch2/rules-for-bog-iron-ore-mining")
def test_bog_iron_choices_go_in_turn_order_from_the_player_on_turn():
    g = legend2()
    run(g, "put settlement red 113", "put settlement blue 115", "put settlement white 131")   # round BJ pa6
    to_roll(g, "blue")
    run(g, "dice 3 3", "roll")
    assert [it["seat"] for it in g.state.pending] == [1, 2, 0]   # blue, white, then red
    legal(g, "blue: bog ore")                         # blue, on turn, answers first
    assert hand(g, "blue")["ore"] == 1
    with pytest.raises(RuleError):
        g.execute("red: bog ore")                     # red waits for white
    legal(g, "white: bog wool")
    legal(g, "red: bog ore")
    assert bog(g, "BJ") == 2


@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining")
def test_the_last_token_goes_to_the_first_to_choose_and_an_empty_pasture_gives_wool_only():
    g = legend2(carry={"castaways_total": 0})        # 1 bog iron per pasture
    run(g, "put settlement red 96", "put settlement blue 94")
    to_roll(g, "red")
    run(g, "dice 1 2", "roll")
    legal(g, "bog ore")
    assert bog(g, "AR") == 0
    assert not g.state.pending                       # blue is not asked: the pasture is empty
    assert hand(g, "blue")["wool"] == 1
    run(g, "end")
    run(g, "dice 1 2", "roll")
    assert not any(it["kind"] == "bog" for it in g.state.pending)


def issue_44_game(wool: int = 1) -> Game:
    """Issue 44's position: red's one settlement on 94 (pasture AR, a 3 since the fair maps),
    red holding ``wool`` from before the roll, the bank out of wool (white holds the rest), red on turn."""
    g = legend2(seed=4, carry={"chapter": 1})
    run(g, "put settlement red 94")
    if wool:
        run(g, f"give red {wool} wool")
    run(g, f"give white {g.state.bank[2]} wool")
    assert g.state.bank[2] == 0
    to_roll(g, "red")
    return g


@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining", "E.3.6")
def test_bog_ore_never_takes_the_wool_held_before_the_roll():
    """Issue 44: "each of your adjacent settlements can produce 1 wool or 1 ore": the ore is the
    settlement's production; the wool red held before the roll stays red's."""
    g = issue_44_game()
    run(g, "dice 1 2", "roll")
    assert hand(g, "red")["wool"] == 1               # the bank had no wool to pay
    legal(g, "red: bog ore 1")
    assert (hand(g, "red")["wool"], hand(g, "red")["ore"]) == (1, 1)   # red keeps its old wool
    assert bog(g, "AR") == 3 and g.state.bank[2] == 0
    sound(g)


@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining")
def test_a_settlement_takes_ore_when_the_bank_has_no_wool():
    g = issue_44_game(wool=0)                        # red holds no wool at all
    run(g, "dice 1 2", "roll")
    assert hand(g, "red")["wool"] == 0
    assert g.check("red: bog ore 1").ok
    legal(g, "red: bog ore 1")
    assert hand(g, "red")["ore"] == 1 and hand(g, "red")["wool"] == 0 and bog(g, "AR") == 3
    sound(g)


@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining")
def test_choosing_ore_returns_only_the_wool_the_pasture_just_paid():
    g = legend2(seed=4, carry={"chapter": 1})
    run(g, "put settlement red 94", "give red 2 wool")
    to_roll(g, "red")
    run(g, "dice 1 2", "roll")
    assert hand(g, "red")["wool"] == 3
    legal(g, "red: bog ore 1")
    assert hand(g, "red")["wool"] == 2 and hand(g, "red")["ore"] == 1
    sound(g)


@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining")
def test_a_city_the_bank_could_pay_only_1_wool_keeps_it_when_it_takes_1_ore():
    """The bank short of wool pays a lone player what it has (the shortage rule): a city owed 2
    wool gets 1; taking 1 ore leaves the city owed 1 wool, which it already holds."""
    g = legend2(seed=4, carry={"chapter": 1})
    run(g, "put city red 94")
    run(g, f"give white {g.state.bank[2] - 1} wool")
    to_roll(g, "red")
    run(g, "dice 1 2", "roll")
    assert hand(g, "red")["wool"] == 1
    legal(g, "red: bog ore 1")
    assert (hand(g, "red")["wool"], hand(g, "red")["ore"]) == (1, 1) and g.state.bank[2] == 0
    sound(g)


@pytest.mark.rule("S0:ch2/rules-for-bog-iron-ore-mining", "F.0.11")
def test_two_players_the_bank_paid_no_wool_both_may_take_ore():
    g = legend2(seed=4, carry={"chapter": 1})
    run(g, "put settlement red 94", "put settlement blue 96")
    run(g, f"give white {g.state.bank[2] - 1} wool")            # 1 wool left for 2 owed: nobody is paid
    to_roll(g, "red")
    run(g, "dice 1 2", "roll")
    assert hand(g, "red")["wool"] == 0 and hand(g, "blue")["wool"] == 0
    legal(g, "red: bog ore 1")
    legal(g, "blue: bog ore 1")
    assert hand(g, "red")["ore"] == 1 and hand(g, "blue")["ore"] == 1 and bog(g, "AR") == 2
    assert g.state.bank[2] == 1
    sound(g)


# --- Gold Island and its outposts ----------------------------------------------------------------------
@pytest.mark.rule("S0:ch2/rules-for-outposts", "S0:ch2/set-up")
def test_no_roads_or_settlements_on_gold_island():
    g = legend2(carry={"castaways_total": 4})
    run(g, "put settlement red 96", "put ship red 31-48", "turn red", "give red 2 lumber 2 brick 1 wool 1 grain")
    refused(g, "build settlement 31", "may not")
    refused(g, "build road 30-31")


@pytest.mark.rule("S0:ch2/building-an-outpost-on-gold-island", "S0:ch2/rules-for-outposts", "S0:ch2/set-up")
def test_an_outpost_on_the_gold_island_coast_wins_a_friend_card_but_never_nyala():
    g = legend2(carry={"castaways_total": 4})
    run(g, "put settlement red 96", "put ship red 31-48", "turn red", "give red 2 lumber 1 wool")
    legal(g, "build outpost 31")
    assert sorted(a.args[0] for a in g.legal_actions()) == ["gerhild", "isa", "reiko", "suna"]
    refused(g, "choose friend nyala", "not on display")
    legal(g, "choose friend isa")
    assert pdata(g, "red")["friends"] == {"isa": 0}


@pytest.mark.rule("S0:general/friend-cards", "S0:ch2/set-up")
def test_with_3_players_the_friend_card_left_over_leaves_the_legend():
    g = legend2(3, carry={"castaways_total": 4})
    geo = g.engine.geo
    sites = sorted(g.engine.rules.outpost_sites)
    for player, site in zip(("red", "blue", "white"), (sites[0], sites[6], sites[-1])):
        edge = next(e for e in geo.node_edges[site] if g.engine.scen.edge_shippable[e])
        a, b = geo.edge_nodes[edge]
        outpost(g, player, f"{a + 1}-{b + 1}", site + 1)
    assert len(g.state.extra["friends_removed"]) == 1
    assert not g.state.extra["friend_pool"]
    sound(g)


@pytest.mark.rule("S0:ch2/additional-preparation")
def test_played_alone_each_player_draws_one_chapter_1_friend_card():
    g = legend2()
    held = [list(pdata(g, p)["friends"]) for p in COLOURS]
    assert all(len(h) == 1 for h in held)
    assert sorted(h[0] for h in held) == ["dever", "jerok", "oda", "olaf"]
    g3 = legend2(3)
    held3 = [list(pdata(g3, p)["friends"]) for p in COLOURS[:3]]
    assert all(len(h) == 1 and h[0] in ("dever", "jerok", "oda", "olaf") for h in held3)


@pytest.mark.rule("S0:ch2/end-of-the-game")
def test_twelve_victory_points_win_chapter_2():
    g = legend2()
    assert g.engine.scen.vp_target == 12


# --- gold miners -----------------------------------------------------------------------------------------
@pytest.mark.rule("S0:ch2/rules-for-gold-miners", "S0:ch2/building-and-moving-gold-miners")
def test_a_gold_miner_costs_1_ore_and_1_wool_and_stands_beside_your_outpost():
    g = legend2(carry={"castaways_total": 4})
    run(g, "put settlement red 96", "turn red", "give red 1 ore 1 wool")
    refused(g, "build miner", "outpost first")
    outpost(g, "red", "31-48", 31)
    run(g, "take red 1 ore")
    refused(g, "build miner", "1 ore and 1 wool")
    run(g, "give red 1 ore")
    legal(g, "build miner")
    assert pdata(g, "red")["gold_miners"] == [[30, -1]]
    assert hand(g, "red")["ore"] == 0 and hand(g, "red")["wool"] == 0


@pytest.mark.rule("S0:ch2/building-and-moving-gold-miners", "E.1.6")
def test_three_gold_miners_each():
    g = legend2(carry={"castaways_total": 4})
    outpost(g, "red", "31-48", 31)
    for _ in range(3):
        miner(g, "red", 48 if _ == 0 else 30 if _ == 1 else 32)
    run(g, "give red 1 ore 1 wool")
    refused(g, "build miner", "all your 3")


@pytest.mark.rule("S0:ch2/building-and-moving-gold-miners")
def test_moving_a_gold_miner_costs_1_grain_up_to_3_intersections_once_per_turn():
    g = legend2(carry={"castaways_total": 4})
    outpost(g, "red", "31-48", 31)
    run(g, "give red 1 ore 1 wool")
    legal(g, "build miner")
    refused(g, "move miner 31 to 49", "1 grain")
    run(g, "give red 2 grain")
    refused(g, "move miner 31 to 67", "up to 3 intersections")     # 31-48-49-66-67: 4 steps
    legal(g, "move miner 31 to 66")                                 # 3 steps
    refused(g, "move miner 66 to 49", "once per turn")
    run(g, "end")
    to_roll(g, "red")
    run(g, "dice 5 6", "roll")
    legal(g, "move miner 66 to 49")
    assert hand(g, "red")["grain"] == 0


@pytest.mark.rule("F.0.11", "S0:ch2/building-and-moving-gold-miners")
def test_gold_miners_stay_on_gold_island():
    g = legend2(carry={"castaways_total": 4})
    outpost(g, "red", "31-48", 31)
    miner(g, "red")
    run(g, "give red 1 grain")
    refused(g, "move miner 31 to 47", "stay on Gold Island")


@pytest.mark.rule("F.0.11", "S0:ch2/building-and-moving-gold-miners")
def test_at_most_3_gold_miners_of_any_players_on_an_intersection():
    g = legend2(carry={"castaways_total": 4})
    outpost(g, "blue", "29-30", 30)
    miner(g, "blue", 31)
    miner(g, "blue", 31)
    outpost(g, "red", "31-48", 31)
    miner(g, "red")                                  # three on 31: 2 blue, 1 red
    run(g, "give red 1 ore 1 wool")
    refused(g, "build miner", "3 gold miners already")
    run(g, "give red 1 grain")
    legal(g, "move miner 31 to 48")
    sound(g)


# --- panning for gold (the seed's example) --------------------------------------------------------------
@pytest.mark.rule("S0:ch2/panning-for-gold", "S0:ch2/panning-for-gold-2", "E.3.4")
def test_seed_example_red_completes_blues_3_miner_token_and_both_pan():
    """Blue has 2 miners beside a "3 gold miners" token; Red moves 1 there: the token turns
    over showing 3 nuggets; Blue moves 6 spaces, Red 3, and both pass a Catan chit space."""
    g = legend2(carry={"castaways_total": 4})
    assert [f for f in g.state.extra["gold_fields"] if f[0] == 13] == [[13, 3, 3]]   # node 14
    outpost(g, "blue", "29-30", 30)
    miner(g, "blue", 14)
    miner(g, "blue", 14)
    assert pdata(g, "blue")["gold"] == 0              # 2 of 3 miners: the token waits face down
    outpost(g, "red", "31-48", 31)
    run(g, "give red 1 ore 1 wool 1 grain")
    legal(g, "build miner")
    events = legal(g, "move miner 31 to 14")          # 31-30-13-14
    assert any("turns over: 3 nuggets" in ev.text for ev in events)
    assert pdata(g, "blue")["gold"] == 6 and pdata(g, "red")["gold"] == 3
    assert pdata(g, "blue")["chits"] == 1 and pdata(g, "red")["chits"] == 1
    assert not any(f[0] == 13 for f in g.state.extra["gold_fields"])    # the token leaves play
    assert [n + 1 for n, _ in pdata(g, "blue")["gold_miners"]] == [14, 14]   # miners stay (F.0.11)
    sound(g)


@pytest.mark.rule("S0:ch2/panning-for-gold-2", "E.3.4")
def test_a_2_miner_token_turns_when_its_second_miner_arrives():
    g = legend2(carry={"castaways_total": 4})
    nuggets = next(f[2] for f in g.state.extra["gold_fields"] if f[0] == 31)     # node 32
    outpost(g, "red", "31-48", 31)
    miner(g, "red", 32)
    assert pdata(g, "red")["gold"] == 0
    miner(g, "red", 32)
    assert pdata(g, "red")["gold"] == 2 * nuggets


@pytest.mark.rule("S0:ch2/reward-for-panning-for-gold", "E.3.5")
def test_nyala_goes_to_the_first_to_reach_her_space_and_chits_for_each_chit_space():
    g = legend2(carry={"castaways_total": 4})
    assert [f for f in g.state.extra["gold_fields"] if f[0] == 12] == [[12, 3, 4]]   # node 13
    outpost(g, "red", "31-48", 31)
    for _ in range(3):
        miner(g, "red", 13)
    assert pdata(g, "red")["gold"] == 12
    assert pdata(g, "red")["chits"] == 3                    # spaces 3, 7 and 12
    assert "nyala" in pdata(g, "red")["friends"] and g.state.extra["nyala_waits"] is False
    sound(g)


@pytest.mark.parametrize("on_turn", ["red", "blue"])
@pytest.mark.rule("F.0.11", "S0:ch2/reward-for-panning-for-gold")
def test_when_two_markers_pass_nyala_at_once_the_player_on_turn_takes_her(on_turn):
    g = legend2(carry={"castaways_total": 4})
    outpost(g, "red", "31-48", 31)
    outpost(g, "blue", "29-30", 30)
    run(g, "turn red")
    miner(g, "red", 13)
    miner(g, "red", 13)
    run(g, "turn blue")
    miner(g, "blue", 13)                             # 13 hides 4: red 8, blue 4
    assert pdata(g, "red")["gold"] == 8 and pdata(g, "blue")["gold"] == 4
    assert g.state.extra["nyala_waits"]
    other = "blue" if on_turn == "red" else "red"
    run(g, f"turn {other}", f"give {other} 1 grain")
    legal(g, "move miner 13 to 14")
    if other == "blue":
        miner(g, "blue", 14)
    run(g, f"turn {on_turn}", f"give {on_turn} 1 grain")
    legal(g, "move miner 13 to 14")
    if on_turn == "blue":
        miner(g, "blue", 14)                         # 14 hides 3: blue +6 -> 10, red +3 -> 11
    assert pdata(g, "red")["gold"] == 11 and pdata(g, "blue")["gold"] == 10
    assert "nyala" in pdata(g, on_turn)["friends"] and "nyala" not in pdata(g, other)["friends"]
    sound(g)


# --- the Chapter 2 friends ----------------------------------------------------------------------------------
def with_friend(friend: str, n: int = 4) -> Game:
    return legend2(n, carry={"castaways_total": 4, "friends": {"red": [friend]}})


@pytest.mark.rule("S0:ch2/specific-components-needed-for-chapter-2")
def test_nyala_sends_the_robber_to_its_start_and_gives_the_resource_of_its_hex():
    g = with_friend("nyala")
    assert g.state.extra["nyala_waits"] is False           # her card is held: nobody wins it on the track
    to_roll(g, "red")
    run(g, "dice 5 6", "roll")
    refused(g, "nyala", "already on its start")
    run(g, "end")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll", "robber BC")                # BC: mountains
    run(g, "end")
    to_roll(g, "red")
    run(g, "dice 5 6", "roll")
    refused(g, "nyala grain", "produces ore")
    legal(g, "nyala ore")
    assert g.state.robber == -1 and hand(g, "red")["ore"] == 1
    assert pdata(g, "red")["friends"] == {"nyala": 1}       # B side up


@pytest.mark.rule("F.0.7", "S0:ch2/specific-components-needed-for-chapter-2")
def test_reiko_lets_you_keep_4_more_cards_on_a_7_on_anyones_roll():
    g = with_friend("reiko")
    run(g, "give red 5 wool 6 grain")                       # 11 cards: 7 + 4
    to_roll(g, "blue")
    run(g, "dice 3 4", "roll")
    assert any(it["kind"] == "discard" and it["seat"] == 0 for it in g.state.pending)
    legal(g, "red: reiko")
    assert sum(hand(g, "red").values()) == 11
    assert not any(it["kind"] == "discard" for it in g.state.pending)


@pytest.mark.rule("F.0.7")
def test_reiko_does_not_help_a_hand_of_more_than_11():
    g = with_friend("reiko")
    run(g, "give red 6 wool 6 grain")
    to_roll(g, "blue")
    run(g, "dice 3 4", "roll")
    refused(g, "red: reiko", "must discard")


@pytest.mark.rule("S0:ch2/specific-components-needed-for-chapter-2")
def test_gerhild_gives_2_resources_when_an_opponent_has_more_vp():
    g = with_friend("gerhild")
    run(g, "turn red")
    refused(g, "gerhild ore grain", "more VP than you")
    run(g, "put settlement blue 96")
    legal(g, "gerhild ore ore")
    assert hand(g, "red")["ore"] == 2
    run(g, "put settlement red 103", "end")
    to_roll(g, "red")
    run(g, "dice 5 6", "roll")
    refused(g, "gerhild ore grain", "more VP than you")     # 1 VP each now


@pytest.mark.rule("S0:ch2/specific-components-needed-for-chapter-2")
def test_suna_steals_from_2_opponents_when_you_move_the_robber():
    g = with_friend("suna")
    # blue and white have 4 VP each (no longer protected by the friendly robber) on BC
    run(g, "put city blue 100", "put city blue 88", "put city white 117", "put city white 84",
        "give blue 2 lumber", "give white 2 brick")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    refused(g, "suna BC blue blue", "2 different")
    legal(g, "suna BC blue white")
    assert g.engine.geo.hex_ids[g.state.robber] == "BC"
    assert sum(hand(g, "red").values()) == 2
    assert sum(hand(g, "blue").values()) == 1 and sum(hand(g, "white").values()) == 1


@pytest.mark.rule("S0:ch2/specific-components-needed-for-chapter-2")
def test_isa_builds_a_ship_for_1_lumber_or_1_wool():
    g = with_friend("isa")
    run(g, "put settlement red 79", "put ship red 79-78", "turn red", "give red 1 wool 1 brick")
    refused(g, "isa ship 78-61 brick", "1 lumber or 1 wool")
    legal(g, "isa ship 78-61 wool")
    assert hand(g, "red")["wool"] == 0 and g.engine.rules.ctx.has_ship(0, g.engine.geo.edge_between(77, 60))


@pytest.mark.rule("S0:ch2/specific-components-needed-for-chapter-2")
def test_isa_moves_a_second_ship_in_a_turn():
    g = with_friend("isa")
    run(g, "put settlement red 79", "put ship red 79-78", "put ship red 78-61", "put ship red 79-80")
    to_roll(g, "red")
    run(g, "dice 5 6", "roll")
    refused(g, "isa move 79-78 to 63-64", "move your first")
    legal(g, "move ship 78-61 to 80-63")
    refused(g, "move ship 79-78 to 63-64", "one move per turn")
    legal(g, "isa move 79-78 to 63-64")
    assert pdata(g, "red")["friends"] == {"isa": 1}


# --- at the table ---------------------------------------------------------------------------------------
def test_the_board_shows_bog_iron_gold_field_tokens_face_down_and_miners():
    from catan_cli.render import render_board, status_table
    from rich.console import Console

    g = legend2(carry={"castaways_total": 10})                # 3 bog iron a pasture
    outpost(g, "red", "31-48", 31)
    miner(g, "red", 13)
    view = g.view("blue")
    board = render_board(g.board_json(), view, width=150).plain
    assert board.count("b3") == 5                              # the 5 pastures
    assert "m13" in board and "g13" not in board            # red's miner on a "3 miners" token, 13 readable
    assert re.search(r"gold fields \(miners needed\): [\d, ]+ need 2; [\d, ]*13[\d, ]* need 3", board)
    assert sum(f"g{n}" in board for n in range(1, 60)) >= 10   # the face-down tokens, each on its number
    assert "gold miners: red on 13" in board
    console = Console(width=150, record=True)
    console.print(status_table(view))
    text = console.export_text()
    assert "gold-mining track" in text and "Nyala on 10 waits" in text


def test_the_view_hides_the_nuggets_and_shows_what_the_table_sees():
    g = legend2()
    extra = g.view("red")["extra"]
    assert extra["gold_fields"][0] == {"node": extra["gold_fields"][0]["node"], "miners": 2}
    assert all(set(f) == {"node", "miners"} for f in extra["gold_fields"])
    assert extra["bog_iron"] == {"AR": 4, "AX": 4, "BD": 4, "BJ": 4, "BM": 4}


@pytest.mark.rule("S0:ch2/tasks-assigned-by-the-council-of-catan")
def test_help_rules_tells_chapter_2():
    g = legend2()
    text = g.engine.rules.rules_summary()
    assert "Chapter 2: The Attack" in text and "bog ore" in text and "move miner" in text
