"""The match against catanatron, the parts that need no catanatron: the coordinate map
between the two boards, the translation of actions both ways, the comparison of states,
and our bots' settings for these games (no domestic offers).

Catanatron's board comes from a recorded answer of its worker to ``new``
(tests/data/catanatron_board_seed7.json: every land tile's cube coordinate with its corner
node ids, the land edges, the harbours' nodes), made for our base game with seed 7."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from catan_cli import Game
from catan_cli.benchmarks.versus_catanatron import (
    NAMES, OPTIONS, differences, explain, main, our_bot, our_picture, wilson,
)
from catan_cli.benchmarks.versus_catanatron_map import (
    CAT_RESOURCES, MapError, Untranslatable, cat_map_request, derive_map, discard_action, from_cat,
    road_building_action, to_cat,
)
from catan_cli.bots.greedy import GreedyBot
from catan_cli.engine.actions import Action, Event
from catan_cli.engine.geometry import CORNERS

DATA = json.loads((Path(__file__).parent / "data" / "catanatron_board_seed7.json").read_text())
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)


def new_game() -> Game:
    return Game.new("base", players=list(NAMES), seed=DATA["seed"], options=DATA["options"])


@pytest.fixture(scope="module")
def bmap():
    return derive_map(new_game(), DATA["board"])


def test_the_recorded_board_is_of_our_game_with_its_options():
    assert DATA["options"] == list(OPTIONS)


def test_the_map_is_one_to_one_on_the_island(bmap):
    assert len(bmap.node_to_cat) == 54 and sorted(bmap.node_to_cat.values()) == list(range(54))
    assert len(bmap.edge_to_cat) == 72 and len(set(bmap.edge_to_cat.values())) == 72
    assert len(bmap.hex_to_cat) == 19
    assert all(bmap.node_from_cat[c] == n for n, c in bmap.node_to_cat.items())
    assert all(bmap.edge_from_cat[c] == x for x, c in bmap.edge_to_cat.items())


def test_paths_join_the_nodes_they_join_in_catanatron(bmap):
    geo = new_game().engine.geo
    cat_edges = {tuple(sorted(e)) for e in DATA["board"]["edges"]}
    for edge, (a, b) in enumerate(geo.edge_nodes):
        if edge in bmap.edge_to_cat:
            assert bmap.edge_to_cat[edge] == tuple(sorted((bmap.node_to_cat[a], bmap.node_to_cat[b])))
            assert bmap.edge_to_cat[edge] in cat_edges


def test_every_hex_has_the_same_corners_and_terrain_in_both(bmap):
    game = new_game()
    geo, s = game.engine.geo, game.engine.s
    for tile in DATA["board"]["tiles"]:
        h = bmap.hex_from_cat[tuple(tile["coord"])]
        ours = {bmap.node_to_cat[n] for n in geo.hex_nodes[h]}
        assert ours == set(tile["nodes"].values())
        if tile["resource"] is None:
            assert s.terrain[h] == "desert"
        else:
            assert s.numbers[h] == tile["number"]


def test_catanatrons_first_tile_is_our_centre_hex_corner_for_corner(bmap):
    # catanatron numbers the nodes of its first tile, the centre (0, 0, 0), 0..5 from
    # NORTH clockwise; our centre hex is the middle one of the middle row
    game = new_game()
    geo = game.engine.geo
    land = [h for h, t in enumerate(game.engine.s.terrain) if t != "sea"]
    centre = sorted(land, key=lambda h: geo.hex_pos[h])[len(land) // 2]
    assert bmap.hex_to_cat[centre] == (0, 0, 0)
    assert [bmap.node_to_cat[geo.hex_corner_nodes[centre][i]] for i in range(6)] == [0, 1, 2, 3, 4, 5]
    assert CORNERS == ("N", "NE", "SE", "S", "SW", "NW")


def test_the_map_request_puts_every_port_in_front_of_our_harbour():
    req = cat_map_request(new_game())
    assert len(req["lands"]) == 19 and len(req["ports"]) == 9
    assert sorted(p[2] or "3:1" for p in req["ports"]) == sorted(CAT_RESOURCES + ("3:1",) * 4)
    ring = {tuple(p[0]) for p in req["ports"]}
    assert all(max(abs(v) for v in coord) == 3 for coord in ring)     # the sea ring


@pytest.mark.parametrize("damage", ["number", "resource", "port", "robber"])
def test_a_board_that_differs_is_refused(damage):
    board = copy.deepcopy(DATA["board"])
    if damage == "number":
        tile = next(t for t in board["tiles"] if t["number"] is not None)
        tile["number"] = 2 if tile["number"] != 2 else 12
    elif damage == "resource":
        tile = next(t for t in board["tiles"] if t["resource"] == "ORE")
        tile["resource"] = "WOOD"
    elif damage == "port":
        board["port_nodes"]["ORE"], board["port_nodes"]["WOOD"] = board["port_nodes"]["WOOD"], board["port_nodes"]["ORE"]
    else:
        board["robber"] = next(t["coord"] for t in board["tiles"] if t["resource"] is not None)
    with pytest.raises(MapError):
        derive_map(new_game(), board)


# --- actions ----------------------------------------------------------------------------------
def test_deterministic_actions_go_there_and_back(bmap):
    game = new_game()
    s = game.engine.s
    hand, cards = [0] * 5, []
    cases = [
        Action("end", (), 1), Action("build-settlement", (bmap.node_from_cat[12],), 2),
        Action("build-city", (bmap.node_from_cat[40],), 3), Action("play-knight", (), 0),
        Action("build-road", (bmap.edge_from_cat[(0, 1)],), 1), Action("play-monopoly", (ORE,), 2),
        Action("play-year-of-plenty", (BRICK, LUMBER), 0), Action("trade", (WOOL, 4, ORE, 1), 1),
        Action("trade", (GRAIN, 3, BRICK, 1), 2), Action("trade", (ORE, 2, WOOL, 1), 3),
    ]
    for action in cases:
        steps = to_cat(action, bmap, hand, cards, game)
        assert len(steps) == 1 and steps[0][1] is None
        back = from_cat(steps[0][0], bmap)
        if action.kind == "play-year-of-plenty":
            assert sorted(back.args) == sorted(action.args) and back.kind == action.kind
        else:
            assert back == action
    assert s.turn == 0      # translating plays nothing


def test_bank_trades_name_the_rate_as_catanatron_lists_it(bmap):
    game = new_game()
    [(four, _)] = to_cat(Action("trade", (WOOL, 4, ORE, 1), 0), bmap, [0] * 5, [], game)
    [(three, _)] = to_cat(Action("trade", (LUMBER, 3, GRAIN, 1), 0), bmap, [0] * 5, [], game)
    [(two, _)] = to_cat(Action("trade", (BRICK, 2, WOOL, 1), 0), bmap, [0] * 5, [], game)
    assert four[2] == ["SHEEP"] * 4 + ["ORE"]
    assert three[2] == ["WOOD"] * 3 + [None, "WHEAT"]
    assert two[2] == ["BRICK"] * 2 + [None, None, "SHEEP"]
    # two cards bought at once are two of catanatron's one-card trades
    double = to_cat(Action("trade", (WOOL, 8, ORE, 2), 0), bmap, [0] * 5, [], game)
    assert [step for step, _ in double] == [four, four]
    with pytest.raises(Untranslatable):
        to_cat(Action("trade", (WOOL, 5, ORE, 1), 0), bmap, [0] * 5, [], game)


def test_a_discard_is_one_catanatron_action_per_card_and_back(bmap):
    game = new_game()
    steps = to_cat(Action("discard", ((2, 0, 1, 0, 1),), 3), bmap, [0] * 5, [], game)
    cards = [step[2] for step, _ in steps]
    assert cards == ["WOOD", "WOOD", "SHEEP", "ORE"] and all(step[:2] == [3, "DISCARD_RESOURCE"] for step, _ in steps)
    assert discard_action(3, list(reversed(cards))) == Action("discard", ((2, 0, 1, 0, 1),), 3)


def test_road_building_is_the_card_then_each_free_road(bmap):
    game = new_game()
    e1, e2 = bmap.edge_from_cat[(0, 1)], bmap.edge_from_cat[(1, 2)]
    ours = Action("play-road-building", (("road", e1), ("road", e2)), 2)
    steps = to_cat(ours, bmap, [0] * 5, [], game)
    assert [step for step, _ in steps] == [[2, "PLAY_ROAD_BUILDING", None], [2, "BUILD_ROAD", [0, 1]],
                                           [2, "BUILD_ROAD", [1, 2]]]
    assert road_building_action(2, [[1, 0], [2, 1]], bmap) == ours
    # the shape our engine lists the card's plays in
    bot = GreedyBot(offers=False)
    while game.engine.s.phase == "setup":
        game.execute(bot.choose_action(game, game.prompt_player()))
    seat = game.engine.s.current
    game.state.players[seat].dev_cards = [["road-building", -1]]     # bought before this turn
    listed = [a for a in game.legal_actions() if a.kind == "play-road-building"]
    assert listed and all(piece == "road" for a in listed for piece, _ in a.args)


def test_chance_outcomes_are_read_from_our_game(bmap):
    game = new_game()
    s = game.engine.s
    s.dice = [3, 4]
    assert to_cat(Action("roll", (), 0), bmap, [0] * 5, [], game) == [([0, "ROLL", None], [3, 4])]
    s.players[1].dev_cards = [["knight", 0], ["monopoly", 3]]
    assert to_cat(Action("buy-card", (), 1), bmap, [0] * 5, ["knight"], game) == [
        ([1, "BUY_DEVELOPMENT_CARD", None], "MONOPOLY")]
    s.players[2].resources = [1, 0, 0, 2, 0]
    hexes = sorted(bmap.hex_to_cat)
    [(step, stolen)] = to_cat(Action("robber", (hexes[3], 0), 2), bmap, [1, 0, 0, 1, 0], [], game)
    assert step == [2, "MOVE_ROBBER", [list(bmap.hex_to_cat[hexes[3]]), 0]] and stolen == "WHEAT"
    [(step, stolen)] = to_cat(Action("robber", (hexes[4], -1), 2), bmap, [1, 0, 0, 2, 0], [], game)
    assert step[2][1] is None and stolen is None
    assert from_cat([2, "MOVE_ROBBER", [list(bmap.hex_to_cat[hexes[4]]), None]], bmap) == Action(
        "robber", (hexes[4], -1), 2)


def test_what_one_engine_cannot_say_is_refused(bmap):
    with pytest.raises(Untranslatable):
        from_cat([0, "PLAY_YEAR_OF_PLENTY", ["ORE"]], bmap)      # A.12: two cards
    with pytest.raises(Untranslatable):
        from_cat([0, "OFFER_TRADE", [1, 0, 0, 0, 0, 0, 0, 0, 0, 1]], bmap)
    with pytest.raises(Untranslatable):
        to_cat(Action("offer", (1, (1, 0, 0, 0, 0), (0, 0, 0, 0, 1)), 0), bmap, [0] * 5, [], new_game())


# --- comparing the states ------------------------------------------------------------------------
def cat_state_like(game: Game, bmap):
    """Catanatron's state answer as it reads when both games agree."""
    picture = our_picture(game, bmap)
    e = game.engine
    return {**picture, "turn": e.s.current, "to_act": e.prompt_seat(), "prompt": "PLAY_TURN"}


def test_states_that_agree_show_no_difference_and_any_change_shows(bmap):
    game = new_game()
    for _ in range(30):          # into the game: set-up pieces on the board, a roll
        game.execute(GreedyBot(offers=False).choose_action(game, game.prompt_player()))
    cat = cat_state_like(game, bmap)
    assert differences(game, bmap, cat) == []
    for damage in ("resources", "vp", "knights", "roads_left", "dev_cards"):
        bad = copy.deepcopy(cat)
        player = bad["players"][2]
        if damage == "resources":
            player["resources"][ORE] += 1
        elif damage == "dev_cards":
            player["dev_cards"]["KNIGHT"] += 1
        else:
            player[damage] += 1
        found = differences(game, bmap, bad)
        assert len(found) == 1 and found[0].startswith(f"white {damage}:")
    for key, value in (("longest", 1), ("army", 3), ("bank", [0] * 5), ("deck", 0), ("roads", []),
                       ("buildings", {}), ("robber", [9, 9, -18]), ("turn", (game.engine.s.current + 1) % 4)):
        bad = dict(cat, **{key: value})
        assert [d.split(":")[0] for d in differences(game, bmap, bad)] == [key]


# --- our bots in these games --------------------------------------------------------------------
def test_our_bots_make_no_offers_in_these_games():
    game = Game.new("base", players=list(NAMES), seed=11, options=list(OPTIONS))
    bot = GreedyBot(offers=False)
    while not game.over and game.engine.s.turn < 120:
        game.execute(bot.choose_action(game, game.prompt_player()))
    assert not any(line.split(": ")[-1].startswith("offer") for line in game.history)
    hard = our_bot(50)
    assert hard.think_ms == 50
    assert not hard.greedy.offers and not hard.playout.offers


def test_the_share_interval_is_wilsons():
    low, high = wilson(30, 60)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == 1.0 and 0.69 < low < 0.73


# --- documented rule differences ------------------------------------------------------------------
class FakeWorker:
    """Takes the bridge's corrections to catanatron's game without a catanatron."""

    def __init__(self):
        self.calls = []

    def call(self, cmd, **fields):
        self.calls.append((cmd, fields))
        return {"ok": True}


@pytest.mark.rule("A.9")
def test_a_lone_player_owed_a_short_resource_takes_what_is_left_in_catanatron_too(bmap):
    game = new_game()
    worker = FakeWorker()
    events = [Event("shortage", 2, "the bank is short of ore: white takes the last 1")]
    diffs = ["white resources: ours [0, 0, 0, 0, 1], catanatron [0, 0, 0, 0, 0]", "bank: ours [..], catanatron [..]"]
    why = explain(game, worker, events, diffs)
    assert why is not None and why.startswith("A.9")
    assert worker.calls == [("set_hands", {"hands": [list(p.resources) for p in game.engine.s.players],
                                           "bank": list(game.engine.s.bank)})]
    # a shortage shared by several players pays nobody in both engines: nothing to explain
    assert explain(game, FakeWorker(), [Event("shortage", -1, "the bank cannot pay everyone ore")],
                   diffs) is None


@pytest.mark.rule("A.13")
def test_longest_road_after_a_break_follows_ours_in_catanatron_too(bmap):
    game = new_game()
    game.state.longest_holder = -1       # set aside: a tie after the break
    worker = FakeWorker()
    diffs = ["red vp: ours 5, catanatron 7", "longest: ours null, catanatron 0"]
    why = explain(game, worker, [], diffs)
    assert why is not None and why.startswith("A.13")
    assert worker.calls == [("set_longest", {"holder": None})]
    # any other difference beside it is a divergence
    assert explain(game, FakeWorker(), [], diffs + ["red resources: ours [1, 0, 0, 0, 0], "
                                                          "catanatron [0, 0, 0, 0, 0]"]) is None


# --- the report ----------------------------------------------------------------------------------
def game_record(seed, winner_side, divergence=None):
    return {"seed": seed, "seats": ["ours", "catanatron", "ours", "catanatron"], "turns": 60, "moves": 200,
            "winner": {"ours": "red", "catanatron": "blue", None: None}[winner_side], "winner_side": winner_side,
            "divergence": divergence, "documented": [], "think_ms": 30,
            "decision_ms": {"ours": [0.5, 20.0, 40.0], "catanatron": [0.01, 30.0, 50.0]},
            "choice_ms": {"ours": [20.0, 40.0], "catanatron": [30.0, 50.0]}, "history": []}


def test_the_report_of_recorded_games_has_the_issues_fields(tmp_path, capsys):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text(json.dumps(game_record(5, "ours")) + "\n" + json.dumps(game_record(6, "catanatron")) + "\n")
    stop = {"seed": 7, "move": 12, "seat": "red", "action": "end", "differences": ["turn: ours red, catanatron blue"]}
    second.write_text(json.dumps(game_record(7, None, stop)) + "\n" + json.dumps(game_record(5, "ours")) + "\n")
    assert main(["--report", str(first), str(second), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3      # seed 5 recorded twice counts once
    assert report["wins"] == {"ours": 1, "catanatron": 1, "none": 1}
    assert report["divergences"] == [stop]
    assert report["median_decision_ms"] == {"ours": 20.0, "catanatron": 30.0}
    assert report["median_choice_ms"] == {"ours": 30.0, "catanatron": 40.0}
    assert report["ours_share"] == 0.5 and report["ours_share_95"][0] < 0.5 < report["ours_share_95"][1]


def test_bad_arguments_get_one_line_and_no_game(tmp_path, capsys):
    assert main(["--report", str(tmp_path / "missing.jsonl")]) == 1
    assert main(["--games", "0"]) == 2
    assert main(["--think", "soon"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 3
