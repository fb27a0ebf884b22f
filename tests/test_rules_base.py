"""The base game's rules (digest part A), each test one rule as the rulebook states it.

Positions are set up in sandbox games on the fixed beginners' board of ``rules/base.toml``:

    row 1:          F mo10   G pa2    H fo9
    row 2:      K fi12   L hi6    M pa4    N hi10
    row 3:  Q fi9    R fo11   S desert T fo3    U mo8
    row 4:      X fo8    Y mo3    Z fi4    AA pa5
    row 5:          AD hi5   AE fi6   AF pa11

Intersections run in reading order; the rows of land intersections are 5-11, 14-22, 25-35,
38-48, 51-59 and 62-68, each a zig-zag line of paths (5-6, 6-7, ...).  Harbours: 3:1 on
5-6, 21-22, 35-48, 62-63; 2:1 wool 8-9, brick 58-59, lumber 65-66, grain 39-51, ore 14-26.

Every rejected command is checked three ways: ``check()`` says no, ``execute()`` raises
RuleError with the same reason, and the position's digest is unchanged.
"""

from __future__ import annotations

from typing import Iterable

import pytest

from catan_cli import Game, RuleError
from catan_cli.engine.invariants import check_invariants

COLOURS = ["red", "blue", "white", "orange"]
COST = {
    "road": "1 brick 1 lumber",
    "settlement": "1 brick 1 lumber 1 wool 1 grain",
    "city": "2 grain 3 ore",
    "card": "1 wool 1 grain 1 ore",
}


# --- helpers -----------------------------------------------------------------------------
def sandbox(n: int = 3, seed: int = 1) -> Game:
    return Game.new("base", players=COLOURS[:n], seed=seed, sandbox=True)


def on_turn(player: str = "red", n: int = 3, seed: int = 1) -> Game:
    """A sandbox game past the set-up with ``player`` on turn, dice already rolled."""
    g = sandbox(n, seed)
    g.execute(f"turn {player}")
    return g


def run(g: Game, *commands: str) -> None:
    for c in commands:
        g.execute(c)


def to_roll(g: Game, player: str) -> None:
    """Make ``player`` the player on turn, before the roll."""
    names = g.players
    before = names[(names.index(player) - 1) % len(names)]
    run(g, f"turn {before}", "end")
    assert g.waiting_for() == "roll" and g.state.current == names.index(player)


def roads(g: Game, player: str, *nodes: int) -> None:
    """Put ``player``'s roads along the line of intersections ``nodes``."""
    for a, b in zip(nodes, nodes[1:]):
        g.execute(f"put road {player} {a}-{b}")


def hand(g: Game, player: str) -> dict[str, int]:
    return dict(g.view(player)["players"][g.seat(player)]["resources"])


def cards(g: Game, player: str) -> int:
    return sum(hand(g, player).values())


def player_view(g: Game, player: str) -> dict:
    return g.view(player)["players"][g.seat(player)]


def longest_holder(g: Game) -> str | None:
    for p in g.view()["players"]:
        if p["longest_route"]:
            return p["name"]
    return None


def route_lengths(g: Game) -> dict[str, int]:
    return {p["name"]: p["route_length"] for p in g.view()["players"]}


def stack_deck(g: Game, card: str, dump: str) -> None:
    """Bring a ``card`` to the top of the deck by drawing the cards above it to ``dump``."""
    while g.state.deck[-1] != card:
        g.execute(f"draw {dump} {g.state.deck[-1]}")


def rejected(g: Game, command: str, *reason_words: str) -> str:
    """``command`` is illegal: check() says so, execute() raises RuleError with the same
    reason, the position is unchanged, and the reason holds every word given."""
    before = g.digest()
    verdict = g.check(command)
    assert not verdict.ok, f"{command!r} should be illegal"
    with pytest.raises(RuleError) as info:
        g.execute(command)
    message = str(info.value)
    assert message == verdict.reason
    assert g.digest() == before, "a rejected command changed the position"
    for word in reason_words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


def accepted(g: Game, *commands: str) -> None:
    for c in commands:
        assert g.check(c).ok, g.check(c).reason
        g.execute(c)
    assert check_invariants(g) == []


def legal_settlements(g: Game) -> list[str]:
    return [c for c in g.legal_commands() if c.startswith("build settlement")]


def place_setup(g: Game, choices: Iterable[tuple[int, str]]) -> list[str]:
    """Play set-up placements; returns who was asked for each settlement."""
    asked = []
    for node, road in choices:
        asked.append(g.prompt_player())
        g.execute(f"build settlement {node}")
        g.execute(f"build road {road}")
    return asked


# --- A.5 set-up -------------------------------------------------------------------------------
@pytest.mark.rule("A.5")
def test_setup_goes_round_clockwise_then_back_in_snake_order():
    g = Game.new("base", players=COLOURS[:3], seed=1)
    asked = place_setup(g, [(16, "15-16"), (20, "20-21"), (30, "30-31"),
                            (42, "42-43"), (46, "46-47"), (55, "55-56")])
    assert asked == ["red", "blue", "white", "white", "blue", "red"]
    assert g.waiting_for() == "roll" and g.prompt_player() == "red"
    assert g.state.turn == 1


@pytest.mark.parametrize("n, order", [
    (2, ["red", "blue", "blue", "red"]),
    (4, ["red", "blue", "white", "orange", "orange", "white", "blue", "red"]),
])
@pytest.mark.rule("A.5")
def test_setup_snake_order_with_two_and_four_players(n, order):
    g = Game.new("base", players=COLOURS[:n], seed=2)
    asked = []
    while g.state.phase == "setup":
        asked.append(g.prompt_player())
        g.execute(legal_settlements(g)[0])
        g.execute(g.legal_commands()[0])
    assert asked == order
    assert g.prompt_player() == "red" and g.waiting_for() == "roll"
    assert check_invariants(g) == []


@pytest.mark.rule("A.5")
def test_starting_resources_come_from_the_second_settlement_only():
    g = Game.new("base", players=COLOURS[:3], seed=1)
    place_setup(g, [(16, "15-16")])            # first settlement: F mountains, K fields, L hills
    assert cards(g, "red") == 0
    place_setup(g, [(20, "20-21"), (30, "30-31"), (42, "42-43"), (46, "46-47")])
    place_setup(g, [(55, "55-56")])            # second: Y mountains, Z fields, AE fields
    assert hand(g, "red") == {"lumber": 0, "brick": 0, "wool": 0, "grain": 2, "ore": 1}


@pytest.mark.rule("A.5", "A.4")
def test_the_desert_gives_no_starting_resource():
    g = Game.new("base", players=COLOURS[:2], seed=1)
    place_setup(g, [(16, "15-16"), (20, "20-21")])
    place_setup(g, [(43, "43-44")])            # blue's second: S desert, Y mountains, Z fields
    assert hand(g, "blue") == {"lumber": 0, "brick": 0, "wool": 0, "grain": 1, "ore": 1}


@pytest.mark.rule("A.5", "A.7")
def test_setup_road_must_touch_the_new_settlement():
    g = Game.new("base", players=COLOURS[:3], seed=1)
    g.execute("build settlement 16")
    rejected(g, "build road 20-21", "must touch", "16")
    rejected(g, "build settlement 20", "road")           # the road comes first
    rejected(g, "blue: build road 15-16", "red's set-up placement")


@pytest.mark.rule("A.5")
def test_no_roll_trade_or_card_during_setup():
    g = Game.new("base", players=COLOURS[:3], seed=1)
    rejected(g, "roll", "set-up")
    rejected(g, "buy card", "set-up")
    rejected(g, "trade 4 ore for wool", "set-up")
    rejected(g, "play knight", "set-up")
    rejected(g, "end", "set-up")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_three_and_four_players_can_play(n):
    g = Game.new("base", players=COLOURS[:n], seed=5)
    assert g.players == COLOURS[:n]
    assert len(legal_settlements(g)) == 54      # every land intersection is free at first


@pytest.mark.parametrize("names", [["red"], COLOURS + ["green"]])
def test_the_base_game_is_for_two_to_four_players(names):
    with pytest.raises(RuleError, match="2 to 4 players"):
        Game.new("base", players=names, seed=1)


# --- A.6 distance rule, A.7 placement -----------------------------------------------------------
@pytest.mark.rule("A.6")
def test_settlement_needs_free_neighbours_distance_rule():
    g = on_turn("red")
    run(g, "put settlement blue 30", "put road red 28-29", f"give red {COST['settlement']}")
    rejected(g, "build settlement 29", "distance rule", "30")
    rejected(g, "build settlement 30", "already taken")
    accepted(g, "build settlement 28")


@pytest.mark.rule("A.6", "A.5")
def test_distance_rule_holds_in_setup_too():
    g = Game.new("base", players=COLOURS[:3], seed=1)
    place_setup(g, [(16, "16-17")])
    rejected(g, "build settlement 17", "distance rule")
    rejected(g, "build settlement 15", "distance rule")
    assert "build settlement 17" not in legal_settlements(g)
    assert len(legal_settlements(g)) == 54 - 4   # 16 and its three neighbours


@pytest.mark.rule("A.7")
def test_settlement_must_touch_your_own_road():
    g = on_turn("red")
    run(g, "put road blue 28-29", f"give red {COST['settlement']}")
    rejected(g, "build settlement 29", "must touch one of your roads")


@pytest.mark.rule("A.7")
def test_road_must_join_your_own_road_or_building():
    g = on_turn("red")
    run(g, "put settlement red 16", f"give red {COST['road']} {COST['road']}")
    rejected(g, "build road 20-21", "must join your own road")
    accepted(g, "build road 16-28", "build road 28-29")


@pytest.mark.rule("A.7")
def test_no_road_through_an_opponents_settlement():
    g = on_turn("red")
    run(g, "put settlement red 16", "put road red 16-28", "put road red 28-29",
        "put settlement blue 29", f"give red {COST['road']} {COST['road']}")
    rejected(g, "build road 29-30", "opponent's building")
    rejected(g, "build road 29-42", "opponent's building")
    accepted(g, "build road 27-28")


@pytest.mark.rule("A.7")
def test_one_road_per_path():
    g = on_turn("red")
    run(g, "put settlement red 16", "put road blue 16-17", f"give red {COST['road']}")
    rejected(g, "build road 16-17", "already holds a road")


def test_no_roads_at_sea():
    g = on_turn("red")
    run(g, "put settlement red 5", f"give red {COST['road']}")
    rejected(g, "build road 4-5", "at sea")


@pytest.mark.rule("A.2", "A.3")
def test_city_replaces_your_own_settlement_and_returns_it_to_the_supply():
    g = on_turn("red")
    run(g, "put settlement red 16", "put settlement blue 20", f"give red {COST['city']} {COST['city']}")
    rejected(g, "build city 20", "replaces one of your settlements")
    rejected(g, "build city 30", "replaces one of your settlements")
    before = player_view(g, "red")["pieces"]["settlement"]
    accepted(g, "build city 16")
    assert player_view(g, "red")["pieces"]["settlement"] == before + 1
    rejected(g, "build city 16", "already a city")
    assert g.vp("red") == 2


@pytest.mark.rule("A.3")
def test_building_costs_the_listed_resources():
    g = on_turn("red")
    run(g, "put settlement red 16", "give red 1 brick")
    message = rejected(g, "build road 16-17", "short of", "1 lumber")
    assert "road costs" in message
    rejected(g, "build city 16", "short of", "2 grain 3 ore")
    rejected(g, "buy card", "short of")


# --- A.2 piece limits -----------------------------------------------------------------------------
@pytest.mark.rule("A.2")
def test_you_cannot_build_a_road_with_none_left_in_supply():
    g = on_turn("red")
    run(g, "put settlement red 38")
    roads(g, "red", *range(38, 49))                  # 10 roads
    roads(g, "red", *range(51, 57))                  # 5 more: 15
    assert player_view(g, "red")["pieces"]["road"] == 0
    g.execute(f"give red {COST['road']}")
    rejected(g, "build road 48-49", "no roads left in your supply")
    assert not [c for c in g.legal_commands() if c.startswith("build road")]


@pytest.mark.rule("A.2")
def test_you_cannot_build_a_settlement_with_none_left():
    g = on_turn("red")
    for node in (6, 10, 26, 31, 56):
        g.execute(f"put settlement red {node}")
    run(g, "put road red 56-57", "put road red 57-58", f"give red {COST['settlement']} {COST['city']}")
    rejected(g, "build settlement 58", "no settlements left in your supply")
    # A city gives its settlement back to the supply: now red can build one.
    accepted(g, "build city 6", "build settlement 58")


@pytest.mark.rule("A.2")
def test_you_cannot_build_a_city_with_none_left():
    g = on_turn("red")
    for node in (6, 10, 26, 31):
        g.execute(f"put city red {node}")           # 8 VP
    run(g, "put settlement red 56", f"give red {COST['city']}")
    rejected(g, "build city 56", "no cities left in your supply")
    assert not g.over


# --- A.8 turn order --------------------------------------------------------------------------------
@pytest.mark.rule("A.8")
def test_no_building_trading_or_buying_before_the_roll():
    g = sandbox()
    run(g, "put settlement red 16", "put road red 16-17")
    to_roll(g, "red")
    run(g, f"give red {COST['road']} {COST['card']} 4 ore")
    rejected(g, "build road 17-18", "roll the dice first")
    rejected(g, "buy card", "roll the dice first")
    rejected(g, "trade 4 ore for wool", "roll the dice first")
    rejected(g, "offer blue 1 ore for 1 wool", "before the roll")
    rejected(g, "end", "roll the dice")
    assert g.legal_commands() == ["roll"]
    run(g, "dice 2 3", "roll")
    accepted(g, "build road 17-18")


@pytest.mark.rule("A.8")
def test_only_the_player_on_turn_rolls_builds_and_ends():
    g = sandbox()
    run(g, "put settlement blue 16", "put road blue 16-17", f"give blue {COST['road']}")
    to_roll(g, "red")
    rejected(g, "blue: roll", "only red")
    run(g, "roll") if g.state.forced_dice else run(g, "dice 2 3", "roll")
    rejected(g, "blue: build road 17-18", "only in your own turn", "red's turn")
    rejected(g, "blue: end", "only red")
    rejected(g, "roll", "already rolled")


@pytest.mark.rule("A.11.2", "A.8")
def test_a_development_card_may_be_played_before_the_roll():
    g = sandbox()
    run(g, "put settlement blue 29", "give blue 1 ore", "draw red knight")
    to_roll(g, "red")
    accepted(g, "play knight", "robber L")
    assert hand(g, "red")["ore"] == 1
    assert g.waiting_for() == "roll"


# --- A.9 production ---------------------------------------------------------------------------------
@pytest.mark.rule("A.9", "A.4")
def test_production_gives_one_per_settlement_and_two_per_city():
    g = sandbox()
    run(g, "put settlement red 16", "put city blue 18")   # both on L (hills, 6)
    to_roll(g, "red")
    run(g, "dice 3 3", "roll")
    assert hand(g, "red")["brick"] == 1 and hand(g, "blue")["brick"] == 2


@pytest.mark.rule("A.9")
def test_the_robber_blocks_production():
    g = sandbox()
    run(g, "put settlement red 16", "draw red knight")
    to_roll(g, "red")
    run(g, "play knight", "robber L", "dice 3 3", "roll")
    assert hand(g, "red")["brick"] == 0


@pytest.mark.rule("A.9")
def test_bank_shortage_nobody_gets_it_when_several_are_owed():
    g = sandbox()
    run(g, "put settlement red 16", "put settlement blue 18", "give white 18 brick")
    to_roll(g, "red")
    run(g, "dice 3 3")
    events = g.execute("roll")
    assert hand(g, "red")["brick"] == 0 and hand(g, "blue")["brick"] == 0
    assert g.view()["bank"]["brick"] == 1
    assert any(e.kind == "shortage" and "nobody" in e.text for e in events)


@pytest.mark.rule("A.9")
def test_bank_shortage_the_only_player_owed_takes_what_is_left():
    g = sandbox()
    run(g, "put city red 16", "give white 18 brick")      # red is owed 2, the bank has 1
    to_roll(g, "red")
    run(g, "dice 3 3", "roll")
    assert hand(g, "red")["brick"] == 1
    assert g.view()["bank"]["brick"] == 0


@pytest.mark.rule("A.9")
def test_a_shortage_of_one_resource_does_not_stop_another():
    g = sandbox()
    # 6 is rolled on L (hills: brick) and AE (fields: grain).
    run(g, "put settlement red 16", "put settlement blue 18", "put settlement white 55",
        "give white 18 brick")
    to_roll(g, "red")
    run(g, "dice 3 3", "roll")
    assert hand(g, "white")["grain"] == 1


# --- A.10 rolling a seven -------------------------------------------------------------------------------
@pytest.mark.rule("A.10")
def test_rolling_seven_discard_half_rounded_down():
    g = sandbox()
    run(g, "give blue 9 ore", "give white 7 wool", "give red 8 grain")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    counts = {g.players[item["seat"]]: item["count"] for item in g.state.pending if item["kind"] == "discard"}
    assert counts == {"red": 4, "blue": 4}                  # white holds 7: no discard
    rejected(g, "blue: discard 5 ore", "discard exactly 4")
    rejected(g, "blue: discard 3 ore", "discard exactly 4")
    rejected(g, "blue: discard 4 wool", "you have no wool")
    rejected(g, "white: discard 3 wool", "nothing to discard")
    rejected(g, "robber L", "only after rolling a 7")       # discards first
    rejected(g, "build road 16-17", "must discard")
    accepted(g, "blue: discard 4 ore", "red: discard 4 grain")
    assert cards(g, "blue") == 5 and cards(g, "red") == 4
    assert g.waiting_for().startswith("move the robber")


@pytest.mark.rule("A.10")
def test_every_seat_that_must_discard_on_a_seven_is_asked_at_once():
    g = sandbox()
    run(g, "give blue 9 ore", "give red 8 grain")
    to_roll(g, "red")
    assert g.deciding() == {"red": "roll"}
    run(g, "dice 3 4", "roll")
    assert g.deciding() == {"red": "must discard 4", "blue": "must discard 4"}
    accepted(g, "blue: discard 4 ore")                      # in any order
    assert g.deciding() == {"red": "must discard 4"}
    accepted(g, "red: discard 4 grain")
    assert list(g.deciding()) == ["red"] and g.deciding()["red"].startswith("move the robber")


@pytest.mark.rule("A.10")
def test_rolling_seven_produces_nothing():
    g = sandbox()
    run(g, "put settlement red 16")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    assert cards(g, "red") == 0


@pytest.mark.rule("A.10")
def test_robber_must_move_to_a_different_land_hex_desert_allowed():
    g = sandbox()
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    assert g.view()["robber"] == "S"                       # it starts on the desert
    rejected(g, "robber S", "different hex")
    rejected(g, "robber A", "stays on land")
    accepted(g, "robber L")
    # And on the next seven the desert is allowed again.
    run(g, "end", "dice 3 4", "roll")
    accepted(g, "robber S")


@pytest.mark.rule("A.10")
def test_robber_steal_targets_only_opponents_next_to_the_hex_with_cards():
    g = sandbox(4)
    # L (hills) touches 16, 17, 18, 28, 29, 30.
    run(g, "put settlement red 16", "put settlement blue 18", "put settlement white 29",
        "put settlement orange 40", "give blue 2 ore", "give orange 3 wool")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    assert sorted(c for c in g.legal_commands() if c.startswith("robber L")) == ["robber L steal blue"]
    rejected(g, "robber L steal white", "white has no building next to", "no cards")
    rejected(g, "robber L steal orange", "orange has no building next to")
    rejected(g, "robber L steal red", "cannot rob yourself")
    accepted(g, "robber L")                                 # blue, the only choice, is robbed
    assert cards(g, "blue") == 1 and cards(g, "red") == 1


@pytest.mark.rule("A.10")
def test_robber_with_several_victims_asks_whom_to_rob():
    g = sandbox()
    run(g, "put settlement red 16", "put settlement blue 18", "put settlement white 29",
        "give blue 1 ore", "give white 1 wool")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    rejected(g, "robber L", "choose whom to rob", "blue or white")
    accepted(g, "robber L steal white")
    assert hand(g, "red") == {"lumber": 0, "brick": 0, "wool": 1, "grain": 0, "ore": 0}


@pytest.mark.rule("A.10")
def test_robber_next_to_nobody_with_cards_steals_nothing():
    g = sandbox()
    run(g, "put settlement blue 18")
    to_roll(g, "red")
    run(g, "dice 3 4", "roll")
    assert "robber L" in g.legal_commands()
    accepted(g, "robber L")
    assert cards(g, "red") == 0


# --- A.11 / A.12 development cards ------------------------------------------------------------------
@pytest.mark.rule("A.11.1")
def test_development_card_not_playable_on_the_turn_it_was_bought():
    g = on_turn("red")
    stack_deck(g, "knight", dump="white")
    run(g, f"give red {COST['card']}")
    accepted(g, "buy card")
    assert player_view(g, "red")["dev_cards"] == ["knight"]
    rejected(g, "play knight", "cannot be played on the turn it was bought")
    assert "play knight" not in g.legal_commands()
    run(g, "end", "turn red")
    accepted(g, "play knight")


@pytest.mark.rule("A.11.2")
def test_only_one_development_card_per_turn():
    g = on_turn("red")
    run(g, "draw red knight", "draw red monopoly", "draw red year-of-plenty")
    accepted(g, "play knight", "robber L")
    rejected(g, "play monopoly ore", "already played a development card this turn")
    rejected(g, "play year-of-plenty ore ore", "one per turn")
    assert not [c for c in g.legal_commands() if c.startswith("play")]
    run(g, "end", "turn red")
    accepted(g, "play monopoly ore")


def test_you_cannot_play_a_card_you_do_not_have_or_in_anothers_turn():
    g = on_turn("red")
    run(g, "draw blue knight")
    rejected(g, "play knight", "no knight card")
    rejected(g, "blue: play knight", "only in your own turn")
    rejected(g, "play victory-point", "cannot play")


@pytest.mark.rule("A.12")
def test_knight_moves_the_robber_and_steals():
    g = on_turn("red")
    run(g, "put settlement blue 18", "give blue 1 ore", "draw red knight")
    accepted(g, "play knight")
    assert g.waiting_for().startswith("move the robber")
    rejected(g, "build road 1-2")                           # the robber comes first
    accepted(g, "robber L")
    assert hand(g, "red")["ore"] == 1
    assert player_view(g, "red")["knights"] == 1


@pytest.mark.rule("A.12")
def test_year_of_plenty_takes_any_two_resources_from_the_bank():
    g = on_turn("red")
    run(g, "draw red year-of-plenty")
    accepted(g, "play year-of-plenty ore wool")
    assert hand(g, "red") == {"lumber": 0, "brick": 0, "wool": 1, "grain": 0, "ore": 1}


@pytest.mark.rule("A.12")
def test_year_of_plenty_limited_by_the_bank():
    g = on_turn("red")
    run(g, "give blue 18 ore", "draw red year-of-plenty")
    rejected(g, "play year-of-plenty ore ore", "bank has only 1 ore")
    assert "play year-of-plenty ore ore" not in g.legal_commands()
    accepted(g, "play year-of-plenty grain ore")


@pytest.mark.rule("A.12")
def test_monopoly_takes_every_card_of_the_named_resource_from_every_other_player():
    g = on_turn("red", n=4)
    run(g, "give blue 3 ore 1 wool", "give white 2 ore", "give orange 1 grain", "give red 1 ore",
        "draw red monopoly")
    accepted(g, "play monopoly ore")
    assert hand(g, "red")["ore"] == 6
    assert hand(g, "blue") == {"lumber": 0, "brick": 0, "wool": 1, "grain": 0, "ore": 0}
    assert hand(g, "white")["ore"] == 0 and hand(g, "orange")["grain"] == 1


@pytest.mark.rule("A.12")
def test_road_building_places_two_free_roads():
    g = on_turn("red")
    run(g, "put settlement red 16", "draw red road-building")
    rejected(g, "play road-building 16-17", "two pieces", "second path")
    rejected(g, "play road-building 16-17 20-21", "must join your own road")
    accepted(g, "play road-building 16-17 17-18")           # the second joins the first
    assert cards(g, "red") == 0
    assert player_view(g, "red")["pieces"]["road"] == 13


@pytest.mark.rule("A.12", "A.2")
def test_road_building_with_one_road_left_places_one():
    g = on_turn("red")
    run(g, "put settlement red 38")
    roads(g, "red", *range(38, 49))
    roads(g, "red", *range(51, 56))                  # 4 more: 14
    run(g, "draw red road-building")
    rejected(g, "play road-building 35-48 34-35", "no roads left")
    accepted(g, "play road-building 35-48")
    assert player_view(g, "red")["pieces"]["road"] == 0


@pytest.mark.rule("A.11.5")
def test_the_development_deck_is_not_reshuffled_when_empty():
    g = on_turn("red")
    while g.state.deck:
        g.execute(f"draw white {g.state.deck[-1]}")
    run(g, f"give red {COST['card']}")
    rejected(g, "buy card", "deck is empty")


# --- A.13 Longest Road --------------------------------------------------------------------------------
@pytest.mark.rule("A.13")
def test_longest_road_goes_to_the_first_with_five_roads():
    g = on_turn("red")
    run(g, "put settlement red 38", f"give red {COST['road']}")
    roads(g, "red", 38, 39, 40, 41, 42)              # 4 roads
    assert longest_holder(g) is None
    accepted(g, "build road 42-43")
    assert longest_holder(g) == "red" and g.vp("red") == 3


@pytest.mark.rule("A.13")
def test_longest_road_counts_only_the_longest_single_path_not_branches():
    g = on_turn("red")
    roads(g, "red", 15, 16, 17, 18, 19)              # 4 in a line
    roads(g, "red", 17, 7, 8)                        # a branch of 2 from 17
    assert route_lengths(g)["red"] == 4              # 6 roads, but the longest path is 4
    assert longest_holder(g) is None


@pytest.mark.rule("A.13")
def test_longest_road_around_a_loop_with_a_tail():
    g = on_turn("red")
    roads(g, "red", 16, 17, 18, 30, 29, 28, 16)      # the six sides of L
    roads(g, "red", 16, 15, 14)                      # a tail of 2
    assert route_lengths(g)["red"] == 8
    assert longest_holder(g) == "red"


@pytest.mark.rule("A.13")
def test_longest_road_figure_eight_of_two_loops_counts_every_road():
    g = on_turn("red")
    roads(g, "red", 16, 17, 18, 30, 29, 28, 16)      # around L
    roads(g, "red", 28, 27, 40, 41, 42, 29)          # around R, sharing 28-29
    assert route_lengths(g)["red"] == 11             # one trail from 28 to 29 uses all 11


@pytest.mark.rule("A.13")
def test_longest_road_cut_by_an_opponents_settlement():
    g = on_turn("red")
    roads(g, "red", 15, 16, 17, 18, 19, 20, 21)      # 6 in a line: red holds it
    assert longest_holder(g) == "red"
    run(g, "turn blue", "put road blue 18-30", f"give blue {COST['settlement']}")
    accepted(g, "build settlement 18")               # in the middle of red's road
    assert route_lengths(g)["red"] == 3
    assert longest_holder(g) is None                 # nobody has 5 now: set aside


@pytest.mark.rule("A.13")
def test_an_opponents_settlement_at_the_end_of_your_road_does_not_cut_it():
    g = on_turn("red")
    roads(g, "red", 15, 16, 17, 18, 19, 20)          # 5
    run(g, "turn blue", "put road blue 20-32", f"give blue {COST['settlement']}")
    accepted(g, "build settlement 20")
    assert route_lengths(g)["red"] == 5 and longest_holder(g) == "red"


@pytest.mark.rule("A.13")
def test_longest_road_tie_keeps_the_holder():
    g = on_turn("blue")
    roads(g, "red", 38, 39, 40, 41, 42, 43)          # red 5: holds
    roads(g, "blue", 25, 26, 27, 28, 29)             # blue 4
    run(g, f"give blue {COST['road']} {COST['road']}")
    accepted(g, "build road 29-30")                  # blue 5: a tie
    assert longest_holder(g) == "red"
    accepted(g, "build road 30-31")                  # blue 6: strictly longer
    assert longest_holder(g) == "blue"
    assert g.vp("blue") == 2 and g.vp("red") == 0


@pytest.mark.rule("A.13")
def test_after_a_break_a_tie_sets_the_card_aside_until_one_player_leads():
    g = on_turn("white")
    roads(g, "red", 38, 39, 40, 41, 42, 43, 44)      # red 6: holds
    roads(g, "blue", 25, 26, 27, 28, 29, 30)         # blue 5
    roads(g, "white", 62, 63, 64, 65, 66, 67)        # white 5
    assert longest_holder(g) == "red"
    run(g, "put road white 41-53", f"give white {COST['settlement']}")
    accepted(g, "build settlement 41")               # red: 3 + 3
    assert route_lengths(g) == {"red": 3, "blue": 5, "white": 5}
    assert longest_holder(g) is None                 # blue and white tie: set aside
    run(g, "turn blue", f"give blue {COST['road']}")
    accepted(g, "build road 30-31")
    assert longest_holder(g) == "blue"


@pytest.mark.rule("A.13")
def test_after_a_break_the_holder_keeps_the_card_when_still_tied_for_longest():
    g = on_turn("white")
    roads(g, "red", 38, 39, 40, 41, 42, 43, 44, 45)  # red 7: holds
    roads(g, "blue", 25, 26, 27, 28, 29, 30)         # blue 5
    run(g, "put road white 43-55", f"give white {COST['settlement']}")
    accepted(g, "build settlement 43")               # red: 5 + 2
    assert route_lengths(g)["red"] == 5
    assert longest_holder(g) == "red"


@pytest.mark.rule("A.13")
def test_after_a_break_the_one_player_now_longest_takes_the_card():
    g = on_turn("white")
    roads(g, "red", 38, 39, 40, 41, 42, 43, 44, 45)  # red 7: holds
    roads(g, "blue", 25, 26, 27, 28, 29, 30, 31)     # blue 6
    run(g, "put road white 43-55", f"give white {COST['settlement']}")
    accepted(g, "build settlement 43")               # red: 5 + 2
    assert longest_holder(g) == "blue"


# --- A.14 Largest Army -------------------------------------------------------------------------------
def _play_knight(g: Game, player: str, hex_: str) -> None:
    run(g, f"turn {player}", f"draw {player} knight", "play knight", f"robber {hex_}")


@pytest.mark.rule("A.14")
def test_largest_army_first_to_three_knights():
    g = on_turn("red")
    _play_knight(g, "red", "L")
    _play_knight(g, "red", "R")
    assert g.vp("red") == 0
    _play_knight(g, "red", "L")
    assert player_view(g, "red")["largest_army"] and g.vp("red") == 2


@pytest.mark.rule("A.14")
def test_largest_army_tie_keeps_the_holder_until_strictly_more():
    g = on_turn("red")
    for hex_ in "LRL":
        _play_knight(g, "red", hex_)
    for hex_ in "RLR":
        _play_knight(g, "blue", hex_)
    assert player_view(g, "red")["largest_army"]     # 3 against 3: red keeps it
    _play_knight(g, "blue", "L")
    assert player_view(g, "blue")["largest_army"] and not player_view(g, "red")["largest_army"]
    assert check_invariants(g) == []


# --- A.15 maritime trade ------------------------------------------------------------------------------
@pytest.mark.rule("A.15")
def test_maritime_trade_four_to_one_with_the_bank():
    g = on_turn("red")
    run(g, "give red 8 wool")
    rejected(g, "trade 3 wool for ore", "4:1 with the bank")
    rejected(g, "trade 4 wool for wool", "same resource")
    accepted(g, "trade 4 wool for ore", "trade 4 wool for grain")
    assert hand(g, "red") == {"lumber": 0, "brick": 0, "wool": 0, "grain": 1, "ore": 1}


@pytest.mark.rule("A.15")
def test_maritime_trade_several_cards_at_once():
    g = on_turn("red")
    run(g, "give red 8 wool")
    accepted(g, "trade 8 wool for 2 ore")
    assert hand(g, "red")["ore"] == 2


@pytest.mark.rule("A.15")
def test_maritime_trade_three_to_one_at_a_generic_harbour():
    g = on_turn("red")
    run(g, "put settlement red 5", "give red 6 wool")   # 5-6 is a 3:1 harbour
    rejected(g, "trade 4 wool for ore", "3:1 through your 3:1 harbour")
    accepted(g, "trade 3 wool for ore")


@pytest.mark.rule("A.15")
def test_maritime_trade_two_to_one_at_a_special_harbour_only_in_its_resource():
    g = on_turn("red")
    run(g, "put settlement red 14", "give red 2 ore 4 wool")   # 14-26 is the ore harbour
    accepted(g, "trade 2 ore for brick")
    rejected(g, "trade 2 wool for brick", "4:1 with the bank")
    accepted(g, "trade 4 wool for brick")


@pytest.mark.rule("A.15")
def test_a_harbour_serves_a_city_too_but_not_an_opponent():
    g = on_turn("red")
    run(g, "put city blue 14", "give red 2 ore")
    rejected(g, "trade 2 ore for brick", "4:1")
    run(g, "turn blue", "give blue 2 ore")
    accepted(g, "trade 2 ore for brick")


@pytest.mark.rule("A.15")
def test_maritime_trade_needs_the_cards_and_the_bank_stock():
    g = on_turn("red")
    run(g, "give red 3 wool")
    rejected(g, "trade 4 wool for ore", "only 3 wool")
    run(g, "give red 1 wool", "give blue 19 ore")
    rejected(g, "trade 4 wool for ore", "bank has no ore")


@pytest.mark.rule("A.15")
def test_maritime_trade_only_in_your_own_turn():
    g = on_turn("red")
    run(g, "give blue 4 wool")
    rejected(g, "blue: trade 4 wool for ore", "only in your own turn")


# --- A.16 domestic trade --------------------------------------------------------------------------------
@pytest.mark.rule("A.16")
def test_domestic_trade_offer_and_accept():
    g = on_turn("red")
    run(g, "give red 2 ore", "give blue 1 wool")
    accepted(g, "offer blue 2 ore for 1 wool")
    assert g.waiting_for() == "accept or decline: red offers you 2 ore for 1 wool" and g.prompt_player() == "blue"
    rejected(g, "end", "blue must accept or decline")
    from catan_cli.render import status_table
    from tests.test_render import plain_text

    assert "blue: accept or decline: red offers 2 ore for 1 wool" in plain_text(status_table(g.view("blue")))
    rejected(g, "white: accept", "no offer for you")
    accepted(g, "accept")
    assert hand(g, "red")["wool"] == 1 and hand(g, "blue")["ore"] == 2
    assert g.waiting_for() == "build/trade"


@pytest.mark.rule("A.16")
def test_domestic_trade_offer_and_decline_changes_nothing():
    g = on_turn("red")
    run(g, "give red 2 ore", "give blue 1 wool")
    accepted(g, "offer blue 2 ore for 1 wool", "decline")
    assert hand(g, "red")["ore"] == 2 and hand(g, "blue")["wool"] == 1


@pytest.mark.rule("A.16")
def test_domestic_trade_accept_needs_the_cards_asked_for():
    g = on_turn("red")
    run(g, "give red 1 ore")
    accepted(g, "offer blue 1 ore for 1 wool")
    rejected(g, "accept", "you have no wool")
    assert g.legal_commands() == ["decline"]


@pytest.mark.rule("A.16")
def test_domestic_trade_only_with_the_player_on_turn():
    g = on_turn("red")
    run(g, "give blue 1 ore", "give white 1 wool")
    rejected(g, "blue: offer white 1 ore for 1 wool", "must include red")


@pytest.mark.rule("A.16")
def test_another_player_may_offer_to_the_player_on_turn():
    g = on_turn("red")
    run(g, "give blue 1 ore", "give red 1 wool")
    accepted(g, "blue: offer red 1 ore for 1 wool")
    assert g.prompt_player() == "red"
    accepted(g, "accept")
    assert hand(g, "red")["ore"] == 1


@pytest.mark.rule("A.16")
def test_domestic_trade_no_gifts_and_no_like_for_like():
    g = on_turn("red")
    run(g, "give red 2 ore")
    rejected(g, "offer blue 1 ore for 0 wool", "no gifts")
    rejected(g, "offer blue 2 ore for 1 ore", "same resource")
    rejected(g, "offer blue 1 ore 1 wool for 1 wool", "same resource")
    rejected(g, "offer red 1 ore for 1 wool", "yourself")
    rejected(g, "offer blue 3 ore for 1 wool", "only 2 ore")


# --- A.17 victory ------------------------------------------------------------------------------------------
def _nine_vp(g: Game, player: str) -> None:
    for node in (6, 10, 26, 31):
        g.execute(f"put city {player} {node}")
    g.execute(f"put settlement {player} 56")


@pytest.mark.rule("A.11.3", "A.17")
def test_a_victory_point_card_bought_on_your_own_turn_wins_at_once():
    g = on_turn("red")
    _nine_vp(g, "red")
    stack_deck(g, "victory-point", dump="white")
    run(g, f"give red {COST['card']}")
    assert not g.over and g.vp("red") == 9
    accepted(g, "buy card")
    assert g.over and g.winner == "red"
    rejected(g, "end", "game is over")
    assert g.legal_commands() == []


@pytest.mark.rule("A.11.3")
def test_victory_point_cards_stay_hidden_from_other_players():
    g = on_turn("red")
    run(g, "draw red victory-point")
    assert g.vp("red") == 1
    assert g.view("blue")["players"][0]["vp"] == 0
    assert g.view("blue")["players"][0]["dev_cards"] is None
    assert g.view("red")["players"][0]["vp"] == 1


@pytest.mark.rule("A.17")
def test_ten_points_reached_on_your_own_turn_by_building_wins():
    g = on_turn("red")
    _nine_vp(g, "red")
    run(g, "put road red 56-57", "put road red 57-58", f"give red {COST['settlement']}")
    accepted(g, "build settlement 58")
    assert g.winner == "red"


@pytest.mark.rule("A.17")
def test_ten_points_reached_in_anothers_turn_win_only_at_the_start_of_your_own():
    g = on_turn("red")
    roads(g, "white", 38, 39, 40, 41, 42, 43, 44, 45)   # white 7: holds Longest Road
    roads(g, "blue", 25, 26, 27, 28, 29, 30)            # blue 5
    for node in (6, 10, 64, 67):
        g.execute(f"put city blue {node}")              # blue 8 VP
    run(g, "put road red 41-53", f"give red {COST['settlement']}")
    accepted(g, "build settlement 41")                  # breaks white's road: blue takes it
    assert longest_holder(g) == "blue" and g.vp("blue") == 10
    assert not g.over                                   # not blue's turn
    events = g.execute("end")
    assert g.over and g.winner == "blue"
    assert g.state.phase == "over" and events[-1].kind == "win"


@pytest.mark.rule("A.17")
def test_ten_points_in_anothers_turn_do_not_win_if_lost_before_your_turn():
    g = on_turn("red")
    roads(g, "white", 38, 39, 40, 41, 42, 43, 44, 45)   # white 7: holds Longest Road
    roads(g, "blue", 25, 26, 27, 28, 29, 30)            # blue 5
    roads(g, "red", 62, 63, 64, 65, 66)                 # red 4
    for node in (6, 10, 14, 22):
        g.execute(f"put city blue {node}")              # blue 8 VP
    run(g, "put road red 41-53", f"give red {COST['settlement']} {COST['road']} {COST['road']}")
    accepted(g, "build settlement 41")                  # breaks white's road: blue takes it
    assert longest_holder(g) == "blue" and g.vp("blue") == 10
    accepted(g, "build road 66-67")                     # red 5: a tie, blue keeps it
    assert longest_holder(g) == "blue"
    accepted(g, "build road 67-68")                     # red 6 takes it back from blue
    assert longest_holder(g) == "red" and g.vp("blue") == 8
    g.execute("end")                                    # blue's turn: 8 VP, no win
    assert not g.over and g.prompt_player() == "blue"


# --- the door: rejected commands change nothing -------------------------------------------------------------
def test_sandbox_commands_are_refused_outside_the_sandbox():
    g = Game.new("base", players=COLOURS[:3], seed=1)
    for c in ("dice 3 4", "give red 1 ore", "take red 1 ore", "put settlement red 12",
              "turn blue", "draw red knight"):
        rejected(g, c, "sandbox command")


def test_nonsense_is_refused_with_a_reason():
    g = on_turn("red")
    rejected(g, "fly to the moon", "unknown command")
    rejected(g, "build castle 12", "cannot build")
    rejected(g, "build settlement 999", "no intersection 999")
    rejected(g, "build road 5-40", "not neighbours")
    rejected(g, "robber QQQ", "no hex")
    rejected(g, "trade four wool for ore", "trade like")
    rejected(g, "offer purple 1 ore for 1 wool", "no player named")
    rejected(g, "build ship 4-5", "no ships")
    rejected(g, "move ship 4-5 to 5-6", "ships do not move")


def test_pieces_are_built_not_bought():
    g = on_turn("red")
    run(g, f"give red {COST['card']}")
    rejected(g, "buy settlement", "only development cards are bought", "build settlement")
    rejected(g, "buy road 12-13", "only development cards are bought")
    assert g.check("buy development card").ok and g.check("buy").ok


# --- A.1 components, A.11.4 cards are not traded -----------------------------------------------------------
@pytest.mark.rule("A.1", "A.2")
def test_the_base_game_has_the_rulebooks_components():
    from collections import Counter

    g = sandbox()
    board = g.board_json()
    land = Counter(h["terrain"] for h in board["hexes"] if h["terrain"] != "sea")
    assert land == {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}
    tokens = Counter(h["number"] for h in board["hexes"] if h["number"])
    assert tokens == {2: 1, 12: 1, **{n: 2 for n in (3, 4, 5, 6, 8, 9, 10, 11)}}
    assert Counter(g.view()["harbors"]) == {"3:1": 4, "lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1}
    assert list(g.state.bank) == [19] * 5
    assert Counter(g.state.deck) == {"knight": 14, "victory-point": 5, "road-building": 2,
                                     "year-of-plenty": 2, "monopoly": 2}
    assert player_view(g, "red")["pieces"] == {"road": 15, "settlement": 5, "city": 4, "ship": 0}
    desert = next(i for i, h in enumerate(board["hexes"]) if h["terrain"] == "desert")
    assert g.state.robber == desert


@pytest.mark.rule("A.11.4")
def test_development_cards_cannot_be_traded_offered_or_sold_to_the_bank():
    g = on_turn("red")
    run(g, "draw red knight", "give red 4 ore", "give blue 1 ore")
    for command in ("offer blue 1 knight for 1 ore", "offer blue 1 ore for 1 knight",
                    "trade 4 knight for ore", "blue: offer red 1 ore for 1 knight"):
        rejected(g, command, "not a resource")
    assert not any("knight" in c for c in g.legal_commands(offers=True) if c.startswith(("offer", "trade")))
