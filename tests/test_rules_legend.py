"""Legend of the Sea Robbers: the rules of seed 000 and digest E/F.0 that no chapter's own test
file checked (issue 44), written from the rule text: the chapters' titles, preparation and
components, the counts the digest gives, the general rules it carries over from the base game
and Seafarers, the Chronicle's entries and the awards after Chapter 3, and the corners the
issue names (an outpost on a rolled hex, roads beside a spice hex).

Positions are set up in sandbox games (seed 7, red, blue, white, orange); the maps are those of
``rules/legend-N.toml`` (see the header of ``test_legend.py`` for Chapter 1's).
"""

from __future__ import annotations

from collections import Counter

import pytest

from catan_cli import Game
from catan_cli.scenarios.legend.chapters import CHAPTERS
from catan_cli.scenarios.legend.chronicle import legend_points
from catan_cli.scenarios.legend.friends import FRIENDS
from sea_helpers import hand, legal, refused, run, to_roll
from test_legend_ch4 import legend4, spice_island

COLOURS = ["red", "blue", "white", "orange"]
# What each chapter passes on when the test needs a chapter played before it.
CARRY = {1: None, 2: {"chapter": 1}, 3: {"chapter": 2, "gold_total": 0},
         4: {"chapter": 3, "robbers_left": 3, "friends": {}}}
RESOURCE_WORDS = ("lumber", "brick", "wool", "grain", "ore")


def legend(chapter: int, n: int = 4, seed: int = 7, **kw: object) -> Game:
    carry = kw.pop("carry", CARRY[chapter])
    return Game.new(f"legend-{chapter}", players=COLOURS[:n], seed=seed, sandbox=True,  # type: ignore[arg-type]
                    carry=carry, **kw)


def extra(g: Game) -> dict:
    """The scenario's part of the public view."""
    return g.view()["extra"]


# --- the chapters, their preparation and components -----------------------------------------------
@pytest.mark.rule("S0:ch1/chapter-1-the-castaways", "S0:ch2/chapter-2-the-attack",
                  "S0:ch3/chapter-3-the-battle-against-the-sea-robbers", "S0:ch4/chapter-4-the-spice-islands")
def test_the_four_chapters_carry_the_seeds_titles_in_order():
    titles = {n: CHAPTERS[n].cls.title for n in (1, 2, 3, 4)}
    assert titles == {1: "The Castaways", 2: "The Attack", 3: "The Battle Against the Sea Robbers",
                      4: "The Spice Islands"}
    assert [CHAPTERS[n].key for n in (1, 2, 3, 4)] == ["legend-1", "legend-2", "legend-3", "legend-4"]


@pytest.mark.parametrize("chapter, ships", [(1, 5), (2, 5), (3, 15), (4, 15)])
@pytest.mark.rule("S0:ch1/general-preparation", "S0:ch2/general-preparation", "S0:ch3/general-preparation",
                  "S0:ch4/general-preparation", "S0:ch1/additional-preparation", "F.0.10")
def test_general_preparation_5_settlements_4_cities_15_roads_the_ships_and_the_robber_at_its_start(chapter, ships):
    """Each player takes 5 settlements, 4 cities and 15 roads, 5 ships in Chapters 1-2 and 15 in
    Chapters 3-4; the robber waits on its starting space beside the VP track."""
    for n in (3, 4):
        g = legend(chapter, n)
        for seat in range(n):
            pieces = g.view()["players"][seat]["pieces"]
            assert (pieces["settlement"], pieces["city"], pieces["road"], pieces["ship"]) == (5, 4, 15, ships)
        assert g.state.robber == -1 and extra(g)["robber_at_start"]


@pytest.mark.rule("E.1.6", "S0:general/units", "S0:ch1/additional-preparation", "S0:ch4/additional-preparations", "S0:ch2/additional-preparation")
def test_each_player_has_1_outpost_and_3_units_where_the_chapter_uses_them():
    """Units are ore miners (Chapter 1), gold miners (Chapter 2) or merchants (Chapter 4), 3 each;
    Chapters 1 and 2 give each player 1 outpost."""
    g1, g2, g4 = legend(1), legend(2), legend(4)
    for g in (g1, g2):
        assert all(p["pieces"]["outpost"] == 1 for p in g.view()["players"])
    assert int(g1.engine.scen.params["castaway_limit"]) == 3          # 3 castaways: 3 ore miners
    assert all(p["pieces"]["merchant"] == 3 for p in g4.view()["players"])


@pytest.mark.rule("E.1.5", "S0:ch1/specific-components-needed-for-chapter-1",
                  "S0:ch2/specific-components-needed-for-chapter-2", "S0:ch3/specific-components-needed-for-chapter-3")
def test_chapters_1_to_3_use_16_chests_12_castaways_12_gold_field_tokens_and_their_chits():
    g1 = legend(1)
    e1 = extra(g1)
    assert len(e1["chests"]) + e1["chests_aside"] == 16
    assert len(e1["castaways"]) == 12 and e1["chits_left"] == 5
    g2 = legend(2)
    e2 = extra(g2)
    assert len(e2["chests"]) + e2["chests_aside"] == 16 and e2["chits_left"] == 20
    assert Counter(f["miners"] for f in e2["gold_fields"]) == {2: 6, 3: 6}                                      # 6 "2 miners", 6 "3 miners"
    g3 = legend(3)
    e3 = extra(g3)
    # one sea robber ship on each chest token placed, the rest of the 16 aside
    assert len(e3["sea_robbers"]) + e3["chests_aside"] == 16 and e3["chits_left"] == 20
    assert len(e3["sea_robbers"]) <= 15


@pytest.mark.rule("E.1.5", "E.3.6")
def test_25_bog_iron_tokens_cover_5_pastures_at_the_tables_largest_row():
    g = legend(2, carry={"castaways_total": 12})
    assert sum(extra(g)["bog_iron"].values()) == 25


@pytest.mark.rule("E.1.1", "E.1.2", "E.1.3", "E.3.7", "F.0.1", "S0:ch4/specific-components-needed-for-chapter-4")
def test_16_sea_robber_cards_4_lairs_10_trade_options_and_30_spice_cards():
    e3 = extra(legend(3))
    assert (e3["robber_cards_low"], e3["robber_cards_high"]) == (8, 8)
    g4 = legend(4)
    e4 = extra(g4)
    assert e4["lairs_left"] == 4                       # the set-up's 4, not the list's "16"
    assert Counter(e4["trade_options"]) == {r: 2 for r in RESOURCE_WORDS}
    assert e4["spice_stack"] == 30
    assert len(e4["chests"]) + e4["chests_aside"] == 16


@pytest.mark.rule("E.1.4")
def test_13_friend_cards_4_5_and_4_across_chapters_1_to_3():
    per_chapter = Counter(f.chapter for f in FRIENDS.values())
    assert per_chapter == {1: 4, 2: 5, 3: 4}
    assert len(extra(legend(1))["friend_pool"]) == 4
    assert len(extra(legend(3))["friend_pool"]) == 4
    # Chapter 2's five: four on display for the outposts and Nyala on the gold-mining track
    assert sorted(extra(legend(2))["friend_pool"] + ["nyala"]) == sorted(
        name for name, f in FRIENDS.items() if f.chapter == 2)


@pytest.mark.rule("E.3.3")
def test_the_12_castaway_tokens_ask_2_or_3_resources_and_never_ore():
    costs = [str(c).split("+") for c in legend(1).engine.scen.params["castaways"]]
    assert len(costs) == 12
    assert Counter(len(c) for c in costs) == {2: 6, 3: 6}
    assert not any("ore" in c for c in costs)


@pytest.mark.parametrize("chapter", [1, 2, 3, 4])
@pytest.mark.rule("E.3.8")
def test_each_chapter_map_marks_a_start_intersection_per_player_on_the_coast(chapter):
    for n in (3, 4):
        g = legend(chapter, n)
        starts = extra(g)["start_nodes"]
        assert len(starts) == len(set(starts)) == n
        assert all(g.engine.scen.node_touches_sea[s - 1] for s in starts)
        assert extra(legend(chapter, n, seed=8))["start_nodes"] == starts   # fixed, not dealt


# --- the general rules: base game and Seafarers unless noted --------------------------------------
@pytest.mark.rule("S0:general/general-rules")
def test_the_base_game_and_seafarers_rules_apply_building_costs_and_the_distance_rule():
    g = legend(1)
    run(g, "put settlement red 25", "turn red")
    run(g, "give red 1 lumber 1 wool")
    legal(g, "build ship 25-24")                        # Seafarers: a ship is lumber + wool
    assert sum(hand(g, "red").values()) == 0
    refused(g, "build road 25-26")                      # base: a road needs lumber + brick
    run(g, "give red 1 lumber 1 brick")
    legal(g, "build road 25-26")
    run(g, "give red 1 lumber 1 brick 1 wool 1 grain")
    refused(g, "build settlement 26", "distance")       # base: the distance rule


@pytest.mark.rule("E.0.5")
def test_the_longest_road_counts_roads_and_ships_as_one_trade_route():
    g = legend(1)
    run(g, "put settlement red 25", "put road red 25-26", "put road red 26-27",
        "put ship red 25-24", "put ship red 24-40", "put ship red 40-39")
    assert g.state.route_len[g.seat("red")] == 5
    assert g.players[g.state.longest_holder] == "red"


@pytest.mark.rule("F.0.20")
def test_no_seafarers_island_bonus_in_any_chapter():
    for chapter in (1, 2, 3, 4):
        assert not legend(chapter).engine.scen.rules.island_bonus


@pytest.mark.rule("F.0.8", "S0:general/outposts")
def test_an_outpost_next_to_a_rolled_hex_produces_nothing():
    """Issue 44's corner.  The maps put the outpost sites beside unnumbered hexes only, so the
    outpost is stood by hand on 26, beside J (pasture 8) and R (forest 4): both numbers pay its
    owner nothing, while a settlement there is paid."""
    g = legend(1)
    g.engine.ctx.place_node_piece(0, 25, "outpost")
    for d1, d2 in ((4, 4), (1, 3)):
        to_roll(g, "red")
        run(g, f"dice {d1} {d2}", "roll")
        assert sum(hand(g, "red").values()) == 0
    other = legend(1)
    run(other, "put settlement red 26")
    to_roll(other, "red")
    run(other, "dice 4 4", "roll")
    assert hand(other, "red")["wool"] == 1


# --- Chapter 2 and Chapter 4 set-up ------------------------------------------------------------------
@pytest.mark.rule("S0:ch4/set-up", "F.0.5")
def test_chapter_4_set_up_builds_3_settlements_each_the_first_on_a_start_intersection():
    g = Game.new("legend-4", players=COLOURS, seed=7, carry=CARRY[4])
    starts = list(extra(g)["start_nodes"])
    scen = g.engine.scen
    elsewhere = next(n + 1 for n in range(g.engine.geo.n_nodes) if scen.node_settleable[n] and n + 1 not in starts)
    refused(g, f"build settlement {elsewhere}", "start")
    legal(g, f"build settlement {starts[0]}")
    while g.waiting_for() != "roll":
        legal(g, g.legal_commands()[0])
    for player in g.view()["players"]:
        assert player["pieces"]["settlement"] == 2 and player["vp"] == 3      # 3 of 5 built


@pytest.mark.rule("S0:ch4/rules-for-establishing-trade-connections")
def test_a_road_along_a_spice_hex_is_refused_at_the_prompt_where_a_ship_is_not():
    """Issue 44's corner: no roads on the spice islands, even on a coast path a road could take
    elsewhere (34-35 runs between the spice hex N and the sea V); ships pass."""
    g = legend4()
    spice_island(g)                                   # N turned up as spice beside red's ships
    run(g, "put settlement red 34", "give red 2 lumber 2 brick 1 wool")
    refused(g, "build road 34-35", "spice island")
    legal(g, "build ship 34-35")


# --- the Chronicle and the awards -----------------------------------------------------------------------
@pytest.mark.rule("S0:ch2/entering-the-game-results-into-the-chronicle")
def test_chapter_2_enters_each_players_gold_panned_and_the_tables_total():
    g = legend(2)
    for player, gold in (("red", 7), ("blue", 3)):
        g.state.players[g.seat(player)].extra["gold"] = gold
    result = g.engine.rules.chapter_result()
    assert result["record"]["red"] == {"gold": 7} and result["record"]["blue"] == {"gold": 3}
    assert result["total"] == {"gold": 10}
    assert set(result["vp"]) == set(COLOURS)


@pytest.mark.rule("S0:ch3/entering-the-game-results-into-the-chronicle")
def test_chapter_3_enters_each_players_sea_robbers_sunk_and_those_left_on_the_board():
    g = legend(3)
    g.state.players[g.seat("white")].extra["sunk"] = 2
    result = g.engine.rules.chapter_result()
    assert result["record"]["white"] == {"sunk": 2} and result["record"]["red"] == {"sunk": 0}
    assert list(result["total"].values()) == [len(extra(g)["sea_robbers"])]


@pytest.mark.rule("S0:ch4/postscript-to-chapter-3", "S0:ch4/awarding-of-legend-points", "E.2.1", "E.2.3")
def test_chapter_3_legend_points_6_4_3_1_and_2_more_for_sinking_2_or_3():
    ch3 = CHAPTERS[3]
    vps = {"a": 13, "b": 10, "c": 8, "d": 6}
    sunk4 = {"a": {"sunk": 4}, "b": {"sunk": 2}, "c": {"sunk": 1}, "d": {"sunk": 2}}
    assert legend_points(ch3, vps, sunk4) == {"a": 6, "b": 6, "c": 3, "d": 3}
    vps3 = {"a": 13, "b": 10, "c": 8}
    sunk3 = {"a": {"sunk": 0}, "b": {"sunk": 2}, "c": {"sunk": 3}}
    assert legend_points(ch3, vps3, sunk3) == {"a": 6, "b": 4, "c": 5}
