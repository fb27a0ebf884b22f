"""The Pirate Islands (issue 5; seed 001; digest F.1), rule by rule.

Positions are set up in sandbox games.  The fixed map, as the engine numbers it
(``rules/pirate-islands.toml``; see also ``g.view()["extra"]``), with the four start sets
handed to the seats in order::

    seat    home  pre-placed ship  marked  fortress  fleet hex next to home / marked
    red     135   134-135          149     146       BK (path 13) / BS (path 1)
    blue     40   39-40             16      13       Y  (path 9)  / N  (path 7)
    white    96   95-96             90     107       BA (path 12) / AY (path 3)
    orange   77   76-77             71      50       AH (path 10) / AF (path 5)

Red's sea lane is a ladder of two rows, 135-134-133-132-131-130 and 153-152-151-150, joined
by 134-153, 132-151 and 130-149; from the marked intersection 149 it runs 149-148-147-146 to
the fortress.  Its shortest route used below: 135 134 133 132 131 130 149 148 147 146.

The fleet's circuit (index: hex) is 0 BT, 1 BS, 2 BI, 3 AY, 4 AP, 5 AF, 6 W, 7 N, 8 O, 9 Y,
10 AH, 11 AQ, 12 BA, 13 BK, and round again.  Red's home 135 touches BL (mountains 5),
BU (fields 10) and the sea hex BK.
"""

from __future__ import annotations

from collections import Counter

import pytest

from catan_cli import Game, RuleError
from catan_cli.engine.geometry import RESOURCES
from catan_cli.engine.invariants import check_invariants
from catan_cli.engine.state import SETTLEMENT
from catan_cli.scenarios.pirate_islands.rules import WARSHIP

COLOURS = ["red", "blue", "white", "orange"]

# Red's shortest route, ship by ship from home (the first one is pre-placed).
RED_ROUTE = ["134-135", "133-134", "132-133", "131-132", "130-131", "130-149",
             "148-149", "147-148", "146-147"]
RED_HOME, RED_MARKED, RED_FORT = 135, 149, 146
# Eastern-island intersections far enough apart for the distance rule.
EAST_SITES = [22, 44, 62, 82, 100, 120]
BK = 13   # the fleet's path index next to red's home


# --- helpers ---------------------------------------------------------------------------------
def sandbox(n: int = 4, seed: int = 7) -> Game:
    return Game.new("pirate-islands", players=COLOURS[:n], seed=seed, sandbox=True)


def on_turn(player: str = "red", n: int = 4, seed: int = 7) -> Game:
    """Past the set-up (the [[start]] pieces only), ``player`` on turn with dice rolled."""
    g = sandbox(n, seed)
    g.execute(f"turn {player}")
    return g


def run(g: Game, *commands: str) -> list:
    events = []
    for c in commands:
        events += g.execute(c)
    return events


def texts(events: list) -> str:
    return "\n".join(ev.text for ev in events)


def edge(g: Game, name: str) -> int:
    return g.engine.geo.edge_names.index(name)


def hand(g: Game, player: str) -> dict[str, int]:
    return dict(zip(RESOURCES, g.state.players[g.seat(player)].resources))


def cards(g: Game, player: str) -> int:
    return sum(g.state.players[g.seat(player)].resources)


def extra(g: Game) -> dict:
    return g.view()["extra"]


def sail(g: Game, player: str, ships: list[str]) -> None:
    """Ships counted as built before this turn, put along the lane in route order."""
    for ship in ships:
        g.execute(f"put ship {player} {ship}")


def warships(g: Game, player: str, count: int) -> None:
    """Play ``count`` knights for ``player`` (one per turn) and leave ``player`` on turn."""
    for _ in range(count):
        run(g, f"turn {player}", f"draw {player} knight", "play knight")
    g.execute(f"turn {player}")


def fleet_at(g: Game, index: int) -> None:
    """Sandbox set-up: the fleet stands on its path at ``index`` (no sandbox verb for it)."""
    g.state.extra["fleet"]["index"] = index


def roll(g: Game, d1: int, d2: int, by: str = "blue") -> list:
    """``by`` rolls the forced dice ``d1 d2`` at the start of their turn."""
    before = COLOURS[(g.seat(by) - 1) % len(g.players)]
    run(g, f"turn {before}", "end", f"dice {d1} {d2}")
    return g.execute("roll")


def refused(g: Game, command: str) -> str:
    verdict = g.check(command)
    assert not verdict.ok, f"{command!r} should be refused"
    with pytest.raises(RuleError):
        g.execute(command)
    return verdict.reason


def sound(g: Game) -> None:
    assert check_invariants(g) == []


def red_at_fortress(n: int = 4, fleet: int = 6) -> Game:
    """Red's route built to the fortress, red on turn; the fleet parked away from red."""
    g = on_turn("red", n)
    fleet_at(g, fleet)
    sail(g, "red", RED_ROUTE[1:])
    return g


# --- the map and its pieces --------------------------------------------------------------------
@pytest.mark.rule("F.1.10", "S1:setup")
def test_each_player_starts_with_a_coastal_settlement_a_ship_a_fortress_and_a_marked_site():
    g = sandbox(4)
    v = g.view()
    buildings = {(b["node"], b["owner"], b["kind"]) for b in v["buildings"]}
    assert buildings == {
        (135, "red", "settlement"), (146, "red", "fortress"),
        (40, "blue", "settlement"), (13, "blue", "fortress"),
        (96, "white", "settlement"), (107, "white", "fortress"),
        (77, "orange", "settlement"), (50, "orange", "fortress"),
    }
    routes = {(r["edge"], r["owner"], r["kind"]) for r in v["routes"]}
    assert routes == {("134-135", "red", "ship"), ("39-40", "blue", "ship"),
                      ("95-96", "white", "ship"), ("76-77", "orange", "ship")}
    assert [(f["node"], f["owner"], f["chits"]) for f in v["extra"]["fortresses"]] == [
        (146, "red", 3), (13, "blue", 3), (107, "white", 3), (50, "orange", 3)]
    assert [(m["node"], m["owner"]) for m in v["extra"]["marked"]] == [
        (149, "red"), (16, "blue"), (90, "white"), (71, "orange")]
    # The fortress is the player's own settlement piece: 5 - home - fortress = 3 left.
    for p in v["players"]:
        assert p["pieces"]["settlement"] == 3 and p["pieces"]["ship"] == 14
        assert p["vp"] == 1          # the fortress scores nothing while the pirates hold it
    sound(g)


@pytest.mark.rule("S1:setup")
def test_three_players_leave_the_white_position_out_and_use_three_fortresses():
    """Seed 001: 'In a 3-player game, do not use the white player's position' (set C: home 96,
    ship 95-96, fortress 107, marked 90); the third seat plays from orange's (set D)."""
    g = sandbox(3)
    v = g.view()
    assert {b["owner"] for b in v["buildings"]} == {"red", "blue", "white"}
    occupied = {b["node"] for b in v["buildings"]}
    assert not occupied & {96, 107}                    # the white set's settlement and fortress
    assert "95-96" not in {r["edge"] for r in v["routes"]}
    assert {(b["node"], b["owner"]) for b in v["buildings"]} == {
        (135, "red"), (146, "red"), (40, "blue"), (13, "blue"), (77, "white"), (50, "white")}
    assert [(m["node"], m["owner"]) for m in v["extra"]["marked"]] == [(149, "red"), (16, "blue"), (71, "white")]
    assert len(v["extra"]["fortresses"]) == 3
    assert g.state.extra["fortress_chits_total"] == 9
    sound(g)


@pytest.mark.rule("S1:setup")
def test_the_unused_position_is_whites_whatever_the_players_are_called():
    for names in (["ann", "bob", "cyd"], ["white", "orange", "red"]):
        g = Game.new("pirate-islands", players=names, seed=4)
        assert [m["node"] for m in g.view()["extra"]["marked"]] == [149, 16, 71]
        assert not {b["node"] for b in g.view()["buildings"]} & {96, 107}


@pytest.mark.rule("F.1.10", "S1:setup")
def test_the_three_unnumbered_hexes_produce_nothing():
    g = sandbox(4)
    s, geo = g.state, g.engine.geo
    unnumbered = sorted(geo.hex_ids[h] for h, t in enumerate(s.terrain)
                        if t not in ("sea", "desert") and not s.numbers[h])
    terrains = sorted(s.terrain[geo.hex_ids.index(h)] for h in unnumbered)
    assert terrains == ["hills", "hills", "pasture"]


@pytest.mark.rule("S1:setup", "S1:variable-set-up")
def test_harbours_are_fixed_in_position_and_shuffled_in_type():
    deals = set()
    for seed in range(12):
        g = sandbox(3, seed)
        e = g.engine
        assert [e.geo.edge_names[hb.edge] for hb in e.scen.harbors] == [
            "20-21", "22-23", "24-43", "44-63", "82-101", "120-121", "138-139", "154-155"]
        types = tuple(g.state.harbor_types)
        assert Counter(types) == Counter([0, 1, 2, 3, 4, 5, 5, 5])   # 5 special 2:1, 3 generic
        deals.add(types)
    assert len(deals) > 6


# --- set-up --------------------------------------------------------------------------------------
@pytest.mark.rule("F.1.10", "S1:set-up-phase")
def test_setup_places_two_more_settlements_each_in_snake_order():
    g = sandbox(3)
    order = []
    while g.state.phase == "setup":
        order.append(g.prompt_player())
        settle = next(c for c in g.legal_commands() if c.startswith("build settlement"))
        g.execute(settle)
        g.execute(next(c for c in g.legal_commands() if c.startswith("build road")))
    assert order == ["red", "blue", "white", "white", "blue", "red"]
    for p in g.view()["players"]:
        assert p["vp"] == 3                      # three settlements on the eastern island
    sound(g)


@pytest.mark.rule("S1:set-up-phase")
def test_setup_settlements_go_on_the_eastern_island_only():
    g = sandbox(4)
    # 130 touches the western mountains; 149 is red's own marked intersection.
    assert "in this scenario" in refused(g, "build settlement 130")
    assert "eastern island" in refused(g, f"build settlement {RED_MARKED}")
    assert "holds a pirate fortress" in refused(g, f"build settlement {RED_FORT}")
    legal = [c for c in g.legal_commands()]
    sites = [int(c.split()[-1]) for c in legal]
    east = g.engine.rules.on_eastern_island
    assert sites and all(east(n - 1) for n in sites)


@pytest.mark.rule("F.1.10", "S1:set-up-phase")
def test_starting_resources_come_from_the_last_settlement_placed():
    g = sandbox(3)
    # red's first settlement: on 22 (not paid); red's second (last of the set-up): on 100,
    # next to pasture 12, forest 8 and pasture 9.
    placements = {"red": [22, 100], "blue": [62, 120], "white": [82, 138]}
    done = Counter()
    while g.state.phase == "setup":
        who = g.prompt_player()
        node = placements[who][done[who]]
        done[who] += 1
        g.execute(f"build settlement {node}")
        g.execute(next(c for c in g.legal_commands() if c.startswith("build road")))
    e = g.engine
    expect = Counter()
    for h in e.geo.node_hexes[100 - 1]:
        r = e.hex_resource[h]
        if 0 <= r < 5:
            expect[RESOURCES[r]] += 1
    assert {k: v for k, v in hand(g, "red").items() if v} == dict(expect) == {"lumber": 1, "wool": 2}


@pytest.mark.rule("S1:set-up-phase")
def test_a_coastal_setup_settlement_may_take_a_ship_that_extends_the_route():
    g = sandbox(4)
    g.execute("build settlement 153")             # next to the end of red's pre-placed ship
    assert g.check("build ship 134-153").ok
    assert "branch" in g.check("build ship 152-153").reason


# --- the deck, awards --------------------------------------------------------------------------
@pytest.mark.rule("S1:setup")
def test_three_players_play_without_victory_point_cards():
    g = sandbox(3)
    assert "victory-point" not in g.state.deck
    assert len(g.state.deck) == 20
    sound(g)


@pytest.mark.rule("S1:setup", "F.1.5")
def test_four_players_keep_the_victory_point_cards_and_they_score_nothing():
    g = on_turn("red", 4)
    assert g.state.deck.count("victory-point") == 5
    before = g.vp("red")
    g.execute("draw red victory-point")
    assert g.vp("red") == before
    assert g.view("red")["players"][0]["vp"] == before


@pytest.mark.rule("S1:warships", "F.1.5", "F.5.3")
def test_with_four_players_a_victory_point_card_plays_as_a_knight():
    g = on_turn("red", 4)
    g.execute("draw red victory-point")
    events = g.execute("play knight")
    assert "victory-point card as a knight" in texts(events)
    assert g.state.edge_kind[edge(g, "134-135")] == WARSHIP
    assert g.state.players[0].knights == 1
    sound(g)


@pytest.mark.rule("F.1.10", "S1:setup")
def test_no_longest_road():
    g = on_turn("red", 4)
    for r in ["116-135", "116-117", "98-117", "97-98", "78-97", "78-79"]:
        g.execute(f"put road red {r}")
    assert g.vp("red") == 1
    assert "longest" not in " ".join(g.view()["players"][0]["vp_sources"])
    sound(g)


@pytest.mark.rule("F.1.10", "S1:setup")
def test_no_largest_army():
    g = on_turn("red", 4)
    sail(g, "red", RED_ROUTE[1:4])
    warships(g, "red", 3)
    assert g.state.players[0].knights == 3
    assert g.vp("red") == 1 and g.state.army_holder == -1
    sound(g)


# --- shipbuilding: one shortest unbranched route -------------------------------------------------
@pytest.mark.rule("F.1.6", "S1:shipbuilding")
def test_the_route_may_run_on_along_a_shortest_way_to_the_marked_intersection():
    g = on_turn("red")
    g.execute("give red 5 lumber 5 wool")
    assert g.check("build ship 133-134").ok
    assert g.check("build ship 134-153").ok       # the other side of the ladder is as short
    run(g, "build ship 133-134", "build ship 132-133")
    assert g.engine.rules.route(0)[1][-1] + 1 == 132
    sound(g)


@pytest.mark.rule("F.1.6", "S1:shipbuilding")
def test_a_branch_in_the_route_is_refused():
    g = on_turn("red")
    g.execute("give red 5 lumber 5 wool")
    run(g, "build ship 133-134", "build ship 132-133")
    reason = refused(g, "build ship 134-153")       # leaves the route at 134, not at its end
    assert "cannot branch" in reason


@pytest.mark.rule("F.1.6", "S1:shipbuilding")
def test_a_detour_is_refused_with_the_rule_named():
    g = on_turn("red")
    g.execute("give red 5 lumber 5 wool")
    sail(g, "red", ["134-153", "152-153", "151-152"])
    # From 151 the way back up the ladder to 132 leads away from the marked intersection.
    reason = refused(g, "build ship 132-151")
    assert "your route must take a shortest way to your marked intersection" in reason
    # Sea off the lane is refused too.
    g = on_turn("red")
    g.execute("give red 5 lumber 5 wool")
    sail(g, "red", ["133-134"])
    reason = refused(g, "build ship 114-133")
    assert "outside your sea lane: your route must take a shortest way" in reason


@pytest.mark.rule("F.1.6", "S1:shipbuilding")
def test_after_the_marked_intersection_the_route_takes_a_shortest_way_to_the_fortress():
    g = on_turn("red")
    g.execute("give red 5 lumber 5 wool")
    sail(g, "red", RED_ROUTE[1:6])                 # reaches the marked intersection 149
    reason = refused(g, "build ship 149-150")
    assert "your route must take a shortest way to your fortress" in reason
    assert g.check("build ship 148-149").ok


@pytest.mark.rule("F.1.6", "S1:shipbuilding")
def test_a_second_route_from_another_coastal_settlement_is_refused():
    g = on_turn("red")
    g.execute("put settlement red 153")
    g.execute("give red 5 lumber 5 wool")
    sail(g, "red", RED_ROUTE[1:3])
    assert "branch" in refused(g, "build ship 152-153")


@pytest.mark.rule("F.1.6", "S1:shipbuilding")
def test_the_route_runs_on_through_an_own_coastal_settlement():
    # Red's second settlement on 153 (eastern island) lies on the other side of the ladder:
    # the route 135-134-153 passes it and goes on from 153, its far end.
    g = sandbox(4)
    run(g, "build settlement 153", "build ship 134-153", "turn red", "give red 5 lumber 5 wool")
    order, nodes = g.engine.rules.route(0)
    assert [n + 1 for n in nodes] == [135, 134, 153]
    assert g.check("build ship 152-153").ok
    assert "branch" in refused(g, "build ship 133-134")
    sound(g)


@pytest.mark.rule("F.1.6", "S1:shipbuilding")
def test_the_route_cannot_go_beyond_the_fortress():
    g = red_at_fortress()
    g.execute("give red 5 lumber 5 wool")
    assert "your route ends at your fortress; it cannot go further" in refused(g, "build ship 145-146")


@pytest.mark.rule("F.1.6")
def test_moving_a_ship_must_keep_the_route_legal():
    g = on_turn("red")
    sail(g, "red", RED_ROUTE[1:3])                 # 135 134 133 132
    # Only the end ship moves, and only to continue the route from its new end.
    assert "not at the open end" in refused(g, "move ship 133-134 to 134-153")
    assert "branch" in refused(g, "move ship 132-133 to 134-153")
    assert "outside your sea lane" in refused(g, "move ship 132-133 to 114-133")
    g2 = on_turn("red")
    sail(g2, "red", RED_ROUTE[1:2])                # 135 134 133
    assert g2.check("move ship 133-134 to 134-153").ok
    g2.execute("move ship 133-134 to 134-153")
    sound(g2)


# --- warships ----------------------------------------------------------------------------------
@pytest.mark.rule("F.1.5", "S1:warships")
def test_a_knight_turns_the_hindmost_normal_ship_into_a_warship():
    g = on_turn("red")
    sail(g, "red", RED_ROUTE[1:4])
    g.execute("draw red knight")
    events = g.execute("play knight")
    assert "134-135 becomes a warship" in texts(events)
    assert g.state.robber == -1 and not g.state.pending        # no robber to move
    run(g, "turn red", "draw red knight", "play knight")
    kinds = [g.state.edge_kind[edge(g, x)] for x in RED_ROUTE[:4]]
    assert kinds[:2] == [WARSHIP, WARSHIP] and WARSHIP not in kinds[2:]
    assert extra(g)["warships"]["red"] == 2
    assert any(r["kind"] == "warship" for r in g.view()["routes"])
    sound(g)


@pytest.mark.rule("F.1.5", "S1:warships")
def test_a_knight_is_refused_without_a_normal_ship():
    g = on_turn("red")
    warships(g, "red", 1)                          # the one pre-placed ship is now a warship
    g.execute("draw red knight")
    assert "no normal ship" in refused(g, "play knight")
    assert "play knight" not in g.legal_commands()


@pytest.mark.rule("F.1.5", "S1:warships")
def test_a_warship_knight_follows_the_card_timing_rules():
    g = on_turn("red")
    sail(g, "red", RED_ROUTE[1:3])
    run(g, "give red 1 ore 1 wool 1 grain")
    g.state.deck.remove("knight")
    g.state.deck.append("knight")                  # the next card bought is a knight
    g.execute("buy card")
    assert "bought" in refused(g, "play knight")
    run(g, "turn red", "draw red knight", "play knight")
    assert "one per turn" in refused(g, "play knight")


# --- the pirate fleet ----------------------------------------------------------------------------
@pytest.mark.rule("F.1.1", "S1:the-pirate-fleet")
def test_the_fleet_moves_by_the_lower_die():
    g = on_turn("red")
    fleet_at(g, 0)
    roll(g, 3, 5)
    assert extra(g)["fleet"]["index"] == 3
    roll(g, 6, 2, by="white")
    assert extra(g)["fleet"]["index"] == 5


@pytest.mark.rule("F.1.1", "S1:the-pirate-fleet")
def test_on_a_double_the_fleet_moves_by_the_value_of_one_die():
    g = on_turn("red")
    fleet_at(g, 0)
    roll(g, 4, 4)
    assert extra(g)["fleet"]["index"] == 4


@pytest.mark.rule("F.1.1", "S1:the-pirate-fleet")
def test_the_fleet_stays_on_its_circuit():
    g = on_turn("red")
    fleet_at(g, 11)
    roll(g, 5, 6)
    assert extra(g)["fleet"]["index"] == (11 + 5) % 14 == 2
    assert extra(g)["fleet"]["hex"] == extra(g)["fleet"]["path"][2] == "BI"


@pytest.mark.rule("F.1.3", "S1:pirate-attack")
def test_a_stronger_fleet_takes_one_card_plus_one_per_city():
    # Strength 4 against 2 warships, red with a city: red loses 2 cards.
    g = on_turn("red")
    sail(g, "red", RED_ROUTE[1:3])
    warships(g, "red", 2)
    run(g, "put city red 135", "give red 3 ore 2 wool")
    fleet_at(g, BK - 4)
    events = roll(g, 4, 5)                          # 9: nothing for red's 5 and 10
    assert "beats red's 2 warships" in texts(events)
    assert cards(g, "red") == 3
    sound(g)


@pytest.mark.rule("F.1.3", "S1:pirate-attack")
def test_a_stronger_fleet_takes_only_what_the_player_holds():
    g = on_turn("red")
    run(g, "put city red 135", "give red 1 ore")
    fleet_at(g, BK - 3)
    roll(g, 3, 6)
    assert cards(g, "red") == 0
    sound(g)


@pytest.mark.rule("F.1.3", "S1:pirate-attack")
def test_beating_the_fleet_gives_a_free_pick():
    # Strength 1 against 3 warships: red chooses a resource.
    g = on_turn("red")
    sail(g, "red", RED_ROUTE[1:4])
    warships(g, "red", 3)
    fleet_at(g, BK - 1)
    roll(g, 1, 3)                                   # 4: nothing for red's 5 and 10
    assert g.prompt_player() == "red"
    assert g.waiting_for() == "choose a reward"
    assert "roll" not in g.legal_commands()
    assert "choose reward ore" in g.legal_commands()
    assert "choose a reward" in refused(g, "blue: end")   # blue, on turn, waits for red
    g.execute("choose reward ore")
    assert hand(g, "red")["ore"] == 1
    assert g.waiting_for() == "build/trade"
    sound(g)


@pytest.mark.rule("F.1.3", "S1:pirate-attack", "S1:a-7-is-rolled")
def test_on_a_seven_the_reward_comes_before_the_discards():
    g = on_turn("red")
    sail(g, "red", RED_ROUTE[1:4])
    warships(g, "red", 3)
    g.execute("give red 9 wool")
    fleet_at(g, BK - 1)
    roll(g, 1, 6)                                   # strength 1, a 7
    assert g.waiting_for() == "choose a reward"
    assert not any(p["kind"] == "discard" for p in g.state.pending)
    g.execute("choose reward ore")                  # 10 cards now: discard 5, not 4
    assert g.waiting_for() == "must discard 5"
    g.execute("red: discard 5 wool")
    assert g.prompt_player() == "blue"              # the roller steals next
    g.execute("steal red")
    assert cards(g, "red") == 4
    sound(g)


@pytest.mark.rule("F.1.3", "S1:pirate-attack", "S1:a-7-is-rolled")
def test_on_a_seven_the_fleet_takes_its_cards_before_the_discards():
    g = on_turn("red")
    run(g, "put city red 135", "give red 10 wool")
    fleet_at(g, BK - 1)
    roll(g, 1, 6)                                   # strength 1 > 0 warships: 2 cards go
    assert cards(g, "red") == 8
    assert g.waiting_for() == "must discard 4"     # half of 8, not of 10


@pytest.mark.rule("F.1.3", "S1:pirate-attack")
def test_an_equally_strong_fleet_does_nothing():
    g = on_turn("red")
    sail(g, "red", RED_ROUTE[1:3])
    warships(g, "red", 2)
    run(g, "give red 3 ore")
    fleet_at(g, BK - 2)
    events = roll(g, 2, 2)                          # 4: nothing for red
    assert "equally strong" in texts(events)
    assert cards(g, "red") == 3 and not g.state.pending


@pytest.mark.rule("F.1.2", "S1:pirate-attack")
def test_the_fleet_attacks_the_player_on_turn_too():
    g = on_turn("red")
    run(g, "give red 2 ore")
    fleet_at(g, BK - 2)
    roll(g, 2, 6, by="red")                         # 8: nothing for red
    assert cards(g, "red") == 1


@pytest.mark.rule("F.1.2")
def test_a_fleet_next_to_two_players_buildings_attacks_nobody():
    # Three players (the white start set, whose home 96 touches BA, is unused): a red
    # settlement on 95 and a blue one on 115 both touch the sea hex BA.
    g = on_turn("red", 3)
    run(g, "put settlement red 95", "put settlement blue 115", "give red 3 ore", "give blue 3 ore")
    fleet_at(g, 12 - 5)
    events = roll(g, 5, 6, by="white")               # BA is at path index 12
    assert extra(g)["fleet"]["hex"] == "BA"
    assert "does not attack" in texts(events)
    assert cards(g, "red") >= 3 and cards(g, "blue") >= 3      # nothing lost (the 11 may pay)


@pytest.mark.rule("F.1.1", "S1:the-pirate-fleet", "S1:pirate-attack")
def test_the_fleet_moves_and_attacks_before_production():
    # Red holds nothing; a stronger fleet arrives on a roll that also pays red: red keeps
    # what the roll produces, because the attack came first.
    g = on_turn("red")
    fleet_at(g, BK - 1)
    events = roll(g, 1, 4)                          # strength 1 > 0 warships; 5: red's ore
    kinds = [ev.kind for ev in events]
    assert kinds.index("fleet") < kinds.index("produce")
    assert hand(g, "red")["ore"] == 1 and cards(g, "red") == 1


@pytest.mark.rule("F.1.2", "S1:pirate-attack")
def test_the_fleet_attacks_the_pirate_island_settlement_too():
    g = red_at_fortress()
    run(g, "give red 1 brick 1 lumber 1 wool 1 grain", f"build settlement {RED_MARKED}", "give red 2 ore")
    fleet_at(g, 0)
    roll(g, 1, 6, by="blue")                        # strength 1 at BS, next to 149; a 7
    assert cards(g, "red") == 1


# --- the 7 ----------------------------------------------------------------------------------------
@pytest.mark.rule("F.1.4", "S1:a-7-is-rolled")
def test_a_seven_discards_as_usual_then_the_roller_may_steal_from_anyone():
    g = on_turn("red")
    run(g, "give red 8 wool", "give white 2 ore")
    fleet_at(g, 0)                                   # strength 3 to AY: nobody there
    roll(g, 3, 4)
    assert g.waiting_for() == "must discard 4"
    assert "there is no robber" in refused(g, "blue: robber BU")
    g.execute("red: discard 4 wool")
    assert g.prompt_player() == "blue"
    legal = g.legal_commands()
    assert "steal nobody" in legal and "steal white" in legal and "steal red" in legal
    assert "steal blue" not in legal
    g.execute("steal white")                         # no building of blue near white needed
    assert cards(g, "white") == 1 and hand(g, "blue")["ore"] == 1
    sound(g)


@pytest.mark.rule("F.1.4", "S1:a-7-is-rolled")
def test_the_roller_may_steal_from_nobody():
    g = on_turn("red")
    fleet_at(g, 0)
    roll(g, 3, 4)
    g.execute("steal nobody")
    assert g.waiting_for() == "build/trade"


@pytest.mark.rule("F.1.4", "S1:a-7-is-rolled")
def test_stealing_is_only_for_the_roller_of_a_seven():
    g = on_turn("red")
    run(g, "give blue 1 ore")
    assert "only after rolling a 7" in refused(g, "steal blue")
    assert "no reward" in refused(g, "choose reward ore")


@pytest.mark.rule("F.1.4")
def test_stealing_from_a_player_without_cards_is_refused():
    g = on_turn("red")
    fleet_at(g, 0)
    roll(g, 3, 4)
    assert "no cards" in refused(g, "steal white")


# --- the marked intersection -----------------------------------------------------------------
@pytest.mark.rule("F.1.7", "S1:building-a-settlement-on-the-pirate-island")
def test_the_marked_intersection_takes_a_settlement_once_the_route_reaches_it():
    g = on_turn("red")
    g.execute("give red 1 brick 1 lumber 1 wool 3 grain 3 ore")
    sail(g, "red", RED_ROUTE[1:5])                  # ends at 130, one short
    assert "must touch one of your roads or ships" in refused(g, f"build settlement {RED_MARKED}")
    sail(g, "red", RED_ROUTE[5:6])
    g.execute(f"build settlement {RED_MARKED}")
    assert g.vp("red") == 2
    g.execute(f"build city {RED_MARKED}")
    assert g.vp("red") == 3
    sound(g)


@pytest.mark.rule("F.1.7", "S1:building-a-settlement-on-the-pirate-island")
def test_a_marked_intersection_is_only_for_its_own_player():
    g = on_turn("blue")
    g.execute("give blue 1 brick 1 lumber 1 wool 1 grain")
    assert "red's marked" in refused(g, f"build settlement {RED_MARKED}")


@pytest.mark.rule("F.1.7", "S1:shipbuilding")
def test_no_roads_on_the_pirate_islands_so_no_lane_can_be_blocked():
    # Orange settles its marked intersection 71 on the mountains AO; white's marked
    # intersection 90 is across that hex, and white's only way into it is 90-91.
    g = on_turn("orange")
    sail(g, "orange", ["75-76", "74-75", "73-74", "72-73", "71-72"])
    run(g, "give orange 4 brick 4 lumber 1 wool 1 grain", "build settlement 71")
    assert "roads may not be built on 70-71 in this scenario" in refused(g, "build road 70-71")
    roads = [c for c in g.legal_commands() if c.startswith("build road")]
    assert roads and all(g.engine.rules.on_eastern_island(int(c.split()[-1].split("-")[0]) - 1)
                         for c in roads)
    # The eastern island takes roads as usual.
    assert g.check("build road 77-78").ok


@pytest.mark.rule("F.1.7", "S1:building-a-settlement-on-the-pirate-island")
def test_other_pirate_island_intersections_take_no_settlement():
    g = on_turn("red")
    g.execute("give red 1 brick 1 lumber 1 wool 1 grain")
    sail(g, "red", RED_ROUTE[1:5])                  # the route touches 131 and 130
    assert "may not be built" in refused(g, "build settlement 130")


# --- attacking your fortress -------------------------------------------------------------------
@pytest.mark.rule("F.1.8", "S1:conquest-of-a-pirate-fortress")
def test_the_attack_needs_the_route_to_reach_your_fortress():
    g = on_turn("red")
    fleet_at(g, 6)
    sail(g, "red", RED_ROUTE[1:-1])                 # ends at 147, next to the fortress 146
    assert "must reach your fortress on 146" in refused(g, "attack fortress")
    sail(g, "red", RED_ROUTE[-1:])
    assert g.check("attack fortress").ok
    assert "attack fortress" in g.legal_commands()


@pytest.mark.rule("F.1.8", "S1:conquest-of-a-pirate-fortress")
def test_the_attack_is_made_in_your_own_turn_after_the_roll():
    g = red_at_fortress()
    g.execute("turn blue")
    assert "own turn" in refused(g, "red: attack fortress")


@pytest.mark.rule("F.1.8", "S1:conquest-of-a-pirate-fortress")
def test_a_die_of_two_against_two_warships_sinks_the_ship_next_to_the_fortress():
    g = red_at_fortress()
    warships(g, "red", 2)
    run(g, "dice 2 6")
    events = g.execute("attack fortress")
    assert "146-147 is sunk" in texts(events)
    assert g.state.edge_owner[edge(g, "146-147")] == -1
    assert g.state.edge_owner[edge(g, "147-148")] == 0
    assert extra(g)["fortresses"][0]["chits"] == 3
    sound(g)


@pytest.mark.rule("F.1.8", "S1:conquest-of-a-pirate-fortress")
def test_a_die_of_five_against_two_warships_sinks_the_two_ships_nearest_the_fortress():
    g = red_at_fortress()
    warships(g, "red", 2)
    run(g, "dice 5 1")
    g.execute("attack fortress")
    assert g.state.edge_owner[edge(g, "146-147")] == -1
    assert g.state.edge_owner[edge(g, "147-148")] == -1
    assert g.state.edge_owner[edge(g, "148-149")] == 0
    assert g.state.players[0].pieces["ship"] == 15 - 7
    assert extra(g)["warships"]["red"] == 2
    sound(g)


@pytest.mark.rule("F.1.8", "S1:conquest-of-a-pirate-fortress")
def test_three_warships_against_a_two_remove_a_chit():
    g = red_at_fortress()
    warships(g, "red", 3)
    run(g, "dice 2 2")
    events = g.execute("attack fortress")
    assert "2 chits left" in texts(events)
    assert extra(g)["fortresses"][0]["chits"] == 2
    assert g.state.players[0].extra["chits_won"] == 1
    sound(g)


@pytest.mark.rule("F.1.8", "S1:conquest-of-a-pirate-fortress")
def test_the_attack_ends_the_turn():
    g = red_at_fortress()
    warships(g, "red", 3)
    run(g, "dice 1 1", "attack fortress")
    assert g.view()["current"] == "blue" and g.state.phase == "roll"
    # and so a second attack in the same turn is impossible
    assert "own turn" in refused(g, "red: attack fortress")


def _capture(g: Game, player: str = "red", die: int = 1) -> list:
    events = []
    for _ in range(3):
        run(g, f"turn {player}", f"dice {die} {die}")
        events += g.execute("attack fortress")
    return events


@pytest.mark.rule("F.1.8", "S1:conquest-of-a-pirate-fortress")
def test_the_third_chit_makes_the_fortress_your_settlement():
    g = red_at_fortress()
    warships(g, "red", 2)
    before = g.vp("red")
    events = _capture(g)
    assert "now red's settlement" in texts(events)
    assert g.state.node_kind[RED_FORT - 1] == SETTLEMENT
    assert g.vp("red") == before + 1
    assert "attack fortress" not in g.legal_commands()
    g.execute("turn red")
    assert "already yours" in refused(g, "attack fortress")
    sound(g)


@pytest.mark.rule("F.1.8", "S1:conquest-of-a-pirate-fortress")
def test_a_captured_fortress_produces_and_can_become_a_city():
    g = red_at_fortress()
    warships(g, "red", 2)
    _capture(g)
    fleet_at(g, 6)
    roll(g, 1, 2, by="blue")                        # 3: the gold field BQ next to 146
    assert g.prompt_player() == "red" and "gold" in g.waiting_for()
    g.execute("red: choose gold ore")
    run(g, "turn red", "give red 2 grain 3 ore")
    g.execute(f"build city {RED_FORT}")
    assert g.view()["buildings"][[b["node"] for b in g.view()["buildings"]].index(RED_FORT)]["kind"] == "city"
    sound(g)


@pytest.mark.rule("F.1.9", "S1:end-of-the-game")
def test_the_fleet_leaves_once_every_fortress_is_taken():
    g = on_turn("red", 3)
    lanes = {   # shortest routes of blue and white, home to fortress
        "blue": ["38-39", "37-38", "36-37", "35-36", "16-35", "15-16", "14-15", "13-14"],
        "white": ["75-76", "74-75", "73-74", "72-73", "71-72", "52-71", "51-52", "50-51"],   # orange's set
    }
    sail(g, "red", RED_ROUTE[1:])
    for p, ships in lanes.items():
        sail(g, p, ships)
    for p in ("red", "blue", "white"):
        warships(g, p, 2)
    for p in ("red", "blue"):
        _capture(g, p)
    assert extra(g)["fleet"]["active"]
    events = _capture(g, "white")
    assert "the pirate fleet leaves" in texts(events)
    assert not extra(g)["fleet"]["active"]
    index = extra(g)["fleet"]["index"]
    events = roll(g, 2, 3, by="red")
    assert "fleet" not in [ev.kind for ev in events]
    assert extra(g)["fleet"]["index"] == index
    sound(g)


# --- victory --------------------------------------------------------------------------------------
def _ten_points_without_the_fortress(g: Game) -> None:
    run(g, "put city red 135")
    for node in EAST_SITES[:3]:
        run(g, f"put settlement red {node}", f"put city red {node}")
    for node in EAST_SITES[3:5]:
        run(g, f"put settlement red {node}")


@pytest.mark.rule("F.1.9", "S1:end-of-the-game")
def test_ten_points_do_not_win_while_your_fortress_is_held():
    g = red_at_fortress()
    _ten_points_without_the_fortress(g)
    assert g.vp("red") == 10
    run(g, "turn red", "end")
    assert not g.over and g.winner is None
    sound(g)


@pytest.mark.rule("F.1.9", "S1:end-of-the-game")
def test_taking_your_fortress_with_ten_points_wins_on_your_own_turn():
    g = red_at_fortress()
    warships(g, "red", 2)
    run(g, "put city red 135")
    for node in EAST_SITES[:3]:
        run(g, f"put settlement red {node}", f"put city red {node}")
    assert g.vp("red") == 8
    run(g, "put settlement red 157")                # 9 VP; the fortress makes 10
    events = _capture(g)
    assert g.over and g.winner == "red"
    assert "wins with 10 VP" in texts(events)
    sound(g)


@pytest.mark.rule("F.1.9", "S1:end-of-the-game")
def test_a_player_with_the_fortress_wins_on_reaching_ten_points():
    g = red_at_fortress()
    warships(g, "red", 2)
    _capture(g)
    assert g.vp("red") == 2 and not g.over
    run(g, "turn red", "put city red 135")
    for node in EAST_SITES[:3]:
        run(g, f"put settlement red {node}", f"put city red {node}")
    assert g.vp("red") == 9 and not g.over
    run(g, "give red 1 brick 1 lumber 1 wool 1 grain", "put road red 156-157")
    g.execute("build settlement 157")
    assert g.over and g.winner == "red"


# --- the command file ----------------------------------------------------------------------------
def test_the_fortress_command_file_plays_to_reds_win():
    from pathlib import Path

    from catan_cli.script import read_file, run as run_file

    result = run_file(read_file(Path(__file__).parent / "scripts" / "pirate_fortress.catan"))
    assert result.expectations >= 20
    g = result.game
    assert g.winner == "red"
    assert g.state.node_kind[RED_FORT - 1] == SETTLEMENT
    sound(g)


def test_one_warship_is_written_in_the_singular():
    g = red_at_fortress()
    warships(g, "red", 1)
    run(g, "turn red", "dice 1 1")
    said = texts(g.execute("attack fortress"))
    assert "red has 1 warship" in said and "1 warships" not in said


def _wool_pips_after_greedy_setup(seed: int) -> dict[str, int]:
    from catan_cli.bots import make_bot

    g = Game.new("pirate-islands", players=["red", "blue", "white", "orange"], seed=seed)
    bots = {name: make_bot("greedy", i) for i, name in enumerate(g.players)}
    while g.state.phase == "setup":
        seat = g.prompt_player()
        g.execute(bots[seat].choose(g, seat))
    e, s = g.engine, g.state
    wool = RESOURCES.index("wool")
    pips = dict.fromkeys(g.players, 0)
    for node, owner in enumerate(s.node_owner):
        if owner >= 0:
            for h in e.geo.node_hexes[node]:
                if e.hex_resource[h] == wool and s.numbers[h]:
                    pips[g.players[owner]] += 6 - abs(7 - s.numbers[h])
    return pips


@pytest.mark.parametrize("seed", [0, 7])
def test_the_greedy_bot_sets_blue_up_with_wool_for_its_warships(seed):
    """Warships come only from knights, and cards cost wool: blue's fixed home has none, and a
    bot that ignored that set blue up on 2 wool pips (blue then won ~3% of four-greedy games)."""
    assert _wool_pips_after_greedy_setup(seed)["blue"] >= 4


@pytest.mark.slow
def test_every_seat_wins_a_fair_share_of_four_greedy_games():
    """200 four-greedy games: no seat below 7% (blue won 3% when the bot played its fixed
    home badly; seat 2 wins ~10-12% in the base game too, see the issue's note)."""
    from catan_cli.simulate import run_simulation

    report = run_simulation("pirate-islands", 4, ["greedy"], games=200, seed=0)
    assert not report["errors"]
    assert min(report["wins"].values()) >= 14, report["wins"]
