"""Barbarian Attack (issue 18; seed 003 read through digest D.1-D.18), rule by rule.

Positions are set up in sandbox games (seed 7, red, blue, white).  The map, as the engine
names it: the coast in battle order, clockwise from the hex after the castle AD, is
X(10) Q(2) K(6) F(3) G(9) N(4) U(8) AA(11) AF(12) AE(5); the desert is H; the inner hexes
are L M R S T Y Z.  Intersection 25 touches only Q as land (the rest is sea), 38 too;
Q's paths are 26-27 27-40 39-40 38-39 25-38 25-26.  Barbarians, knights, gold and
prisoners are set straight in the scenario's state where a test needs a position.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from catan_cli import Game, RuleError
from catan_cli.engine.invariants import check_invariants
from catan_cli.engine.pieces import CITY, SETTLEMENT
from catan_cli.scenarios.barbarian_attack.coast import FALLEN_CITY, FALLEN_SETTLEMENT
from builds import COMPILED

COLOURS = ["red", "blue", "white", "orange"]
COAST = ["X", "Q", "K", "F", "G", "N", "U", "AA", "AF", "AE"]


# --- helpers ---------------------------------------------------------------------------------
def sandbox(n: int = 3, seed: int = 7) -> Game:
    return Game.new("barbarian-attack", players=COLOURS[:n], seed=seed, sandbox=True)


def on_turn(player: str = "red", n: int = 3, seed: int = 7) -> Game:
    g = sandbox(n, seed)
    g.execute(f"turn {player}")
    return g


def run(g: Game, *commands: str) -> list[Any]:
    events: list[Any] = []
    for c in commands:
        events += g.execute(c)
    return events


def texts(events: list[Any]) -> list[str]:
    return [ev.text for ev in events]


def rules(g: Game) -> Any:
    return g.engine.rules


def hx(g: Game, ident: str) -> int:
    return g.engine.geo.hex_ids.index(ident)


def edge(g: Game, name: str) -> int:
    return g.engine.geo.edge_names.index(name)


def barbarians(g: Game, ident: str) -> int:
    return int(rules(g).coast.on(hx(g, ident)))


def set_barbarians(g: Game, **counts: int) -> None:
    """Put barbarians on coastal hexes from the supply (or back), keeping 36 in all."""
    data = g.state.extra
    for ident, k in counts.items():
        i = rules(g).lay.coast_index[hx(g, ident)]
        data["barbarian_supply"] -= k - data["barbarians"][i]
        data["barbarians"][i] = k
    rules(g).coast.refresh()


def knights(g: Game, player: str, *paths: str) -> None:
    g.state.players[g.seat(player)].extra["knights"].extend(edge(g, p) for p in paths)


def knights_of(g: Game, player: str) -> list[str]:
    return [g.engine.geo.edge_names[e] for e in g.state.players[g.seat(player)].extra["knights"]]


def pdata(g: Game, player: str) -> dict[str, Any]:
    return g.state.players[g.seat(player)].extra  # type: ignore[no-any-return]


def scripted_rolls(g: Game, *rolls: tuple[int, int]) -> Iterator[tuple[int, int]]:
    """Make the scenario's 2-dice rolls (invasions, roll-offs) come from ``rolls``."""
    if COMPILED:   # the compiled coast takes no patched method
        pytest.skip("scripts the coast's dice by patching it: checked on the pure build")
    it = iter(rolls)
    rules(g).coast.roll2 = lambda: next(it)
    return it


def scripted_die(g: Game, *faces: int) -> None:
    if COMPILED:   # the compiled RulesContext takes no patched method
        pytest.skip("scripts the die by patching the rules context: checked on the pure build")
    it = iter(faces)
    g.engine.ctx.roll_die = lambda: next(it)  # type: ignore[method-assign]


def deck_top(g: Game, *cards: str) -> None:
    """The next cards bought, in order."""
    deck = g.state.extra["deck"]
    for c in cards:
        deck.remove(c)
    deck.extend(reversed(cards))


def sound(g: Game) -> None:
    assert check_invariants(g) == []


# --- D.3, D.4: layout and set-up ----------------------------------------------------------------
@pytest.mark.rule("D.3", "S3:setup")
def test_castle_and_desert_sit_on_opposite_corners_and_every_coastal_number_is_different():
    for seed in range(6):
        g = sandbox(seed=seed)
        view = g.view()["extra"]
        assert view["castle"] == "AD"
        assert g.state.terrain[hx(g, "H")] == "desert"
        numbers = sorted(c["number"] for c in view["coast"])
        assert numbers == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
        assert [c["hex"] for c in view["coast"]] == COAST


@pytest.mark.rule("D.3", "S3:setup")
def test_terrain_is_dealt_within_the_coast_and_within_the_inner_hexes_and_numbers_stay():
    deals = set()
    for seed in range(8):
        g = sandbox(seed=seed)
        s = g.state
        coast = sorted(s.terrain[hx(g, h)] for h in COAST)
        inner = sorted(s.terrain[hx(g, h)] for h in ("L", "M", "R", "S", "T", "Y", "Z"))
        assert coast == sorted(["forest"] * 2 + ["hills"] * 2 + ["pasture"] * 3 + ["mountains"] + ["fields"] * 2)
        assert inner == sorted(["forest", "pasture", "hills", "mountains", "mountains", "fields", "fields"])
        assert s.numbers[hx(g, "Q")] == 2 and s.numbers[hx(g, "AF")] == 12
        deals.add(tuple(s.terrain))
    assert len(deals) > 1


@pytest.mark.rule("D.4", "S3:setup")
def test_no_robber_and_barbarians_start_on_the_2_and_the_12():
    g = sandbox()
    assert g.view()["robber"] is None
    assert barbarians(g, "Q") == 1 and barbarians(g, "AF") == 1
    assert g.state.extra["barbarian_supply"] == 34
    assert "largest army" not in g.engine.vp_sources(0) and "longest road" in g.engine.vp_sources(0)


@pytest.mark.rule("D.4", "S3:setup")
def test_setup_is_a_settlement_then_a_city_each_with_a_road_in_snake_order():
    g = sandbox()
    run(g, "build settlement 25", "build road 25-26",
        "blue: build settlement 8", "build road 8-9",
        "white: build settlement 44", "build road 43-44")
    with pytest.raises(RuleError, match="set-up placement now is a city"):
        g.execute("white: build settlement 57")
    events = run(g, "white: build city 57")
    assert g.state.node_kind[56] == CITY
    # The city yields 1 per adjacent hex, not 2.
    assert sum(g.state.players[2].resources) == 3
    assert "white takes starting resources" in " ".join(texts(events))
    run(g, "build road 57-58", "blue: build city 19", "build road 19-20", "red: build city 40", "build road 40-41")
    assert g.state.phase == "roll"
    assert g.state.players[0].pieces["city"] == 3
    # Set-up building brings no invasion (D.4 [DEF]).
    assert g.state.extra["barbarian_supply"] == 34


# --- D.5: invasions -----------------------------------------------------------------------------------
@pytest.mark.rule("D.5", "D.18.4", "S3:barbarians-land-on-catan", "S3:barbarian-invasion", "S3:game-play")
def test_a_settlement_built_in_play_rolls_until_3_distinct_totals_other_than_7():
    g = on_turn()
    run(g, "put road red 25-26", "put settlement red 17", "put road red 16-17", "put road red 15-16")
    # 15 needs a road to 15: 15-16 joins it.
    run(g, "give red 1 lumber 1 brick 1 wool 1 grain")
    scripted_rolls(g, (3, 4), (1, 1), (6, 1), (1, 1), (5, 5), (2, 2))
    events = texts(run(g, "build settlement 15"))
    assert "3+4 = 7: rolled again" in events
    assert "1+1 = 2 again: rolled again" in events
    assert any(t.startswith("1+1 = 2: a barbarian lands on Q (2 there)") for t in events)
    assert any(t.startswith("5+5 = 10: a barbarian lands on X") for t in events)
    assert any(t.startswith("2+2 = 4: a barbarian lands on N") for t in events)
    assert g.state.extra["barbarian_supply"] == 31
    sound(g)


@pytest.mark.rule("D.5", "S3:barbarian-invasion")
def test_a_city_upgraded_in_play_brings_an_invasion_too():
    g = on_turn()
    run(g, "put settlement red 17", "put road red 16-17", "give red 2 grain 3 ore")
    scripted_rolls(g, (1, 2), (2, 2), (3, 3))
    events = texts(run(g, "build city 17"))
    assert "red's building calls the barbarians" in events[1]
    assert barbarians(g, "F") == 1 and barbarians(g, "N") == 1 and barbarians(g, "K") == 1


@pytest.mark.rule("D.5", "S3:barbarian-invasion")
def test_no_barbarian_lands_on_a_hex_holding_3_and_the_total_is_not_rolled_again():
    g = on_turn()
    set_barbarians(g, Q=3)
    run(g, "put settlement red 17", "put road red 16-17", "give red 2 grain 3 ore")
    scripted_rolls(g, (1, 1), (2, 2), (3, 3))
    events = texts(run(g, "build city 17"))
    assert "1+1 = 2: Q already holds 3: none lands" in events
    assert barbarians(g, "Q") == 3 and barbarians(g, "N") == 1 and barbarians(g, "K") == 1


@pytest.mark.rule("D.5", "S3:barbarian-invasion")
def test_no_barbarian_lands_once_the_supply_is_empty():
    g = on_turn()
    g.state.players[1].extra["prisoners"] = g.state.extra["barbarian_supply"]
    g.state.extra["barbarian_supply"] = 0
    run(g, "put settlement red 17", "put road red 16-17", "give red 2 grain 3 ore")
    scripted_rolls(g, (1, 2), (2, 2), (3, 3))
    events = texts(run(g, "build city 17"))
    assert sum("the barbarian supply is empty: none lands" in t for t in events) == 3
    sound(g)


# --- D.6, D.7, D.14: conquest and liberation ---------------------------------------------------------------
@pytest.mark.rule("D.6", "S3:coastal-field-conquered")
def test_a_conquered_hex_produces_nothing():
    g = on_turn()
    run(g, "put settlement red 39")          # touches Q (2) and X (10)
    set_barbarians(g, Q=3)
    run(g, "turn white", "end", "dice 1 1", "red: roll")
    assert sum(g.state.players[0].resources) == 0
    set_barbarians(g, Q=2)
    run(g, "turn white", "end", "dice 1 1", "red: roll")
    assert sum(g.state.players[0].resources) == 1


@pytest.mark.rule("D.6", "S3:coastal-field-conquered")
def test_no_new_road_on_the_sides_of_a_conquered_hex_nor_settlement_on_its_corners():
    g = on_turn()
    run(g, "put settlement red 41", "put road red 40-41", "give red 2 lumber 2 brick 1 wool 1 grain")
    set_barbarians(g, Q=3)
    with pytest.raises(RuleError, match="side of the conquered hex Q: no new roads"):
        g.execute("build road 27-40")
    run(g, "put road red 39-40")
    with pytest.raises(RuleError, match="corner of the conquered hex Q: no new settlements"):
        g.execute("build settlement 39")


@pytest.mark.rule("D.7", "S3:barbarians-conquer-settlements-and-cities")
def test_a_building_whose_hexes_are_all_sea_or_conquered_falls_scores_nothing_and_still_blocks():
    g = on_turn()
    run(g, "put settlement blue 25", "put road blue 25-26")
    assert g.vp("blue") == 1
    set_barbarians(g, Q=3)
    assert g.state.node_kind[24] == FALLEN_SETTLEMENT
    assert g.vp("blue") == 0
    # It still stands in the way: the distance rule and others' roads.
    run(g, "put road red 26-27")
    with pytest.raises(RuleError, match="next to the building on 25"):
        g.execute("build settlement 26")
    assert g.engine.blocked_for(0, 24)
    # No city on a conquered settlement.
    run(g, "turn blue", "give blue 2 grain 3 ore")
    with pytest.raises(RuleError, match="only a standing one; 25 holds your conquered-settlement"):
        g.execute("build city 25")
    sound(g)


@pytest.mark.rule("D.7", "S3:barbarians-conquer-settlements-and-cities")
def test_a_conquered_building_loses_its_harbour():
    g = on_turn()
    # 5 stands on the harbour of F's NW side and touches no land but F.
    run(g, "put settlement red 5", "put road red 5-6")
    assert min(g.engine.harbor_rates(0)) < 4
    set_barbarians(g, F=3)
    assert g.engine.harbor_rates(0) == [4] * 5


@pytest.mark.rule("D.7", "S3:barbarians-conquer-settlements-and-cities")
def test_a_building_next_to_an_inner_hex_the_castle_or_the_desert_never_falls():
    g = on_turn()
    # 40 touches Q, R (inner) and X: Q and X conquered, R keeps it standing.
    run(g, "put settlement red 40", "put settlement red 54", "put settlement red 21")
    set_barbarians(g, Q=3, X=3, AE=3, N=3)
    assert g.state.node_kind[39] == SETTLEMENT     # R is an inner hex
    assert g.state.node_kind[53] == SETTLEMENT     # castle AD
    assert g.state.node_kind[20] == SETTLEMENT     # desert H
    sound(g)


@pytest.mark.rule("D.14", "S3:if-a-coastal-field-occupied-by-3-barbarians-is-re-conquered")
def test_liberation_stands_the_buildings_back_up_with_their_points():
    g = on_turn()
    run(g, "put settlement blue 25", "put road blue 25-26")
    set_barbarians(g, Q=3)
    assert g.vp("blue") == 0
    events = rules(g).coast.move(hx(g, "Q"), hx(g, "K"))
    assert "Q is freed: its number is turned up again" in texts(events)
    assert "blue's settlement on 25 is freed and stands again" in texts(events)
    assert g.state.node_kind[24] == SETTLEMENT and g.vp("blue") == 1
    sound(g)


@pytest.mark.rule("D.7", "D.14")
def test_a_conquered_city_lies_down_and_stands_up_as_a_city():
    g = on_turn()
    run(g, "put settlement red 38", "put city red 38")
    set_barbarians(g, Q=3)
    assert g.state.node_kind[37] == FALLEN_CITY and g.vp("red") == 0
    set_barbarians(g, Q=1)
    assert g.state.node_kind[37] == CITY and g.vp("red") == 2
    sound(g)


# --- D.2, D.8: the deck ------------------------------------------------------------------------------------
@pytest.mark.rule("D.8", "D.18.2", "S3:development-cards", "S3:event-cards", "S3:game-play")
def test_a_card_is_bought_at_the_base_cost_revealed_and_resolved_at_once():
    g = on_turn()
    deck_top(g, "knighthood")
    run(g, "give red 1 wool 1 grain 1 ore")
    events = run(g, "buy card")
    assert "red draws Knighthood" in texts(events)
    assert ("reveals", "card") in events[1].data
    assert g.waiting_for().startswith("place a knight")
    with pytest.raises(RuleError, match="is not one"):
        g.execute("place knight 25-26")
    run(g, "place knight 53-54")
    assert knights_of(g, "red") == ["53-54"]
    assert g.state.extra["discards"] == ["knighthood"]
    sound(g)


@pytest.mark.rule("D.8", "S3:development-cards")
def test_any_number_of_cards_may_be_bought_in_a_turn():
    g = on_turn()
    deck_top(g, "black-knight", "black-knight")
    run(g, "give red 2 wool 2 grain 2 ore", "buy card", "place knight 25-26", "buy card", "place knight 17-18")
    assert knights_of(g, "red") == ["25-26", "17-18"]


@pytest.mark.rule("D.8", "S3:event-cards")
def test_the_discards_are_reshuffled_when_the_deck_runs_out():
    g = on_turn()
    data = g.state.extra
    data["discards"] = data["deck"][1:]
    data["deck"] = data["deck"][:1]
    run(g, "give red 2 wool 2 grain 2 ore")
    g.execute("buy card")
    while g.state.pending:
        g.execute(g.legal_commands()[0])
    events = texts(run(g, "buy card"))
    assert any("discards are shuffled into a new deck" in t for t in events)
    sound(g)


@pytest.mark.rule("D.8", "D.1")
def test_a_knight_card_with_all_6_knights_out_is_wasted():
    g = on_turn()
    knights(g, "red", "25-26", "17-18", "8-9", "30-31", "44-45", "46-47")
    deck_top(g, "knighthood")
    events = texts(run(g, "give red 1 wool 1 grain 1 ore", "buy card"))
    assert "red has all 6 knights out: the Knighthood card is wasted" in events
    assert not g.state.pending and g.state.extra["discards"] == ["knighthood"]


@pytest.mark.rule("D.2", "D.18.3", "S3:ritterweihe", "S3:knight-placement")
def test_knighthood_with_every_castle_path_taken_is_wasted():
    g = on_turn()
    knights(g, "blue", "52-53", "53-54", "54-64", "63-64")
    knights(g, "white", "62-63", "52-62")
    deck_top(g, "knighthood")
    events = texts(run(g, "give red 1 wool 1 grain 1 ore", "buy card"))
    assert "no free castle path: the Knighthood card is wasted" in events
    assert not g.state.pending


@pytest.mark.rule("D.2", "D.18.10", "S3:black-knight")
def test_black_knight_puts_a_knight_on_any_free_path():
    g = on_turn()
    knights(g, "blue", "25-26")
    deck_top(g, "black-knight")
    run(g, "give red 1 wool 1 grain 1 ore", "buy card")
    with pytest.raises(RuleError, match="already holds a knight"):
        g.execute("place knight 25-26")
    run(g, "place knight 38-39")
    assert knights_of(g, "red") == ["38-39"]


@pytest.mark.rule("D.2", "D.18.10", "S3:betrayal")
def test_treason_gives_2_gold_and_moves_barbarians_from_2_hexes_to_2_others():
    g = on_turn()
    set_barbarians(g, K=2)
    deck_top(g, "treason")
    run(g, "give red 1 wool 1 grain 1 ore", "buy card")
    assert pdata(g, "red")["gold"] == 2
    with pytest.raises(RuleError, match="from the supply only when fewer than 2"):
        g.execute("move barbarian supply to F")
    run(g, "move barbarian Q to F")
    with pytest.raises(RuleError, match="from 2 different hexes to 2 other hexes"):
        g.execute("move barbarian F to G")
    with pytest.raises(RuleError, match="from 2 different hexes to 2 other hexes"):
        g.execute("move barbarian K to F")
    run(g, "move barbarian K to G")
    assert (barbarians(g, "Q"), barbarians(g, "K"), barbarians(g, "F"), barbarians(g, "G")) == (0, 1, 1, 1)
    assert not g.state.pending and g.state.extra["in_play"] == []
    sound(g)


@pytest.mark.rule("D.2", "S3:betrayal")
def test_treason_may_not_move_a_barbarian_onto_a_conquered_hex():
    g = on_turn()
    set_barbarians(g, K=3)
    deck_top(g, "treason")
    run(g, "give red 1 wool 1 grain 1 ore", "buy card")
    with pytest.raises(RuleError, match="K is conquered already"):
        g.execute("move barbarian Q to K")


@pytest.mark.rule("D.2", "S3:betrayal")
def test_treason_with_fewer_than_2_barbarians_on_the_board_takes_the_shortfall_from_the_supply():
    g = on_turn()
    set_barbarians(g, Q=0, AF=1)
    deck_top(g, "treason")
    run(g, "give red 1 wool 1 grain 1 ore", "buy card")
    run(g, "move barbarian AF to F", "move barbarian supply to G")
    assert barbarians(g, "F") == 1 and barbarians(g, "G") == 1 and barbarians(g, "AF") == 0
    assert g.state.extra["barbarian_supply"] == 34
    set_barbarians(g, F=0, G=0)
    deck_top(g, "treason")
    run(g, "give red 1 wool 1 grain 1 ore", "buy card", "move barbarian supply to F", "move barbarian supply to G")
    assert g.state.extra["barbarian_supply"] == 34 and not g.state.pending
    sound(g)


@pytest.mark.rule("D.2", "D.18.10", "S3:plot")
def test_intrigue_takes_a_barbarian_prisoner():
    g = on_turn()
    deck_top(g, "intrigue")
    run(g, "give red 1 wool 1 grain 1 ore", "buy card")
    with pytest.raises(RuleError, match="K holds no barbarian"):
        g.execute("capture barbarian K")
    run(g, "capture barbarian AF")
    assert pdata(g, "red")["prisoners"] == 1 and barbarians(g, "AF") == 0
    sound(g)


@pytest.mark.rule("D.2", "S3:plot")
def test_intrigue_with_no_barbarian_on_the_board_draws_another_card():
    g = on_turn()
    set_barbarians(g, Q=0, AF=0)
    deck_top(g, "intrigue", "black-knight")
    events = texts(run(g, "give red 1 wool 1 grain 1 ore", "buy card"))
    assert "no barbarian is on the board: red draws another card" in events
    assert "red draws Black Knight" in events
    assert g.waiting_for().startswith("place a knight")


# --- D.9, D.10: knights --------------------------------------------------------------------------------------
@pytest.mark.rule("D.10", "S3:knight-movement")
def test_a_knight_moves_up_to_3_paths_or_5_for_1_grain():
    g = on_turn()
    knights(g, "red", "25-26")
    # 25-26 -> 14-26 -> 14-15 -> 15-16: three paths.
    assert "move knight 25-26 to 15-16" in g.legal_commands()
    with pytest.raises(RuleError, match="or 5 for 1 grain"):
        g.execute("move knight 25-26 to 6-7")
    with pytest.raises(RuleError, match="costs 1 grain; you have none"):
        g.execute("move knight 25-26 to 6-7 pay grain")
    run(g, "give red 1 grain", "move knight 25-26 to 6-7 pay grain")
    assert knights_of(g, "red") == ["6-7"] and g.state.players[0].resources[3] == 0
    with pytest.raises(RuleError, match="already moved this turn"):
        g.execute("move knight 6-7 to 7-8")


@pytest.mark.rule("D.9", "D.10", "S3:knight-movement")
def test_knights_pass_knights_and_buildings_but_never_stop_on_an_occupied_path():
    g = on_turn()
    knights(g, "red", "25-26")
    knights(g, "blue", "26-27", "14-26")
    run(g, "put settlement blue 27")
    with pytest.raises(RuleError, match="holds a knight: knights may pass it but not stop there"):
        g.execute("move knight 25-26 to 26-27")
    run(g, "move knight 25-26 to 27-28")       # over 26-27 (a knight) and 27 (a building)
    assert knights_of(g, "red") == ["27-28"]


@pytest.mark.rule("D.10", "S3:knight-movement")
def test_no_knight_ends_a_move_on_a_castle_path():
    g = on_turn()
    knights(g, "red", "52-53")
    with pytest.raises(RuleError, match="castle path: no knight may end a move at the castle"):
        g.execute("move knight 52-53 to 53-54")


@pytest.mark.rule("D.10", "S3:knight-placement", "S3:knight-movement")
def test_a_knight_placed_at_the_castle_this_turn_must_leave_it():
    g = on_turn()
    deck_top(g, "knighthood")
    run(g, "give red 1 wool 1 grain 1 ore", "buy card", "place knight 52-62")
    with pytest.raises(RuleError, match="must leave it"):
        g.execute("end")
    assert "end" not in g.legal_commands()
    run(g, "move knight 52-62 to 51-52", "end")


@pytest.mark.rule("D.10", "S3:knight-movement")
def test_once_a_knight_moves_trading_and_building_are_over_for_the_turn():
    g = on_turn()
    knights(g, "red", "25-26")
    run(g, "give red 4 lumber 1 brick", "move knight 25-26 to 15-16")
    with pytest.raises(RuleError, match="begun moving knights"):
        g.execute("trade 4 lumber for 1 ore")
    with pytest.raises(RuleError, match="begun moving knights"):
        g.execute("build road 25-26")
    assert not any(c.startswith(("trade", "build")) for c in g.legal_commands())


@pytest.mark.rule("D.9")
def test_knights_do_not_block_roads_and_share_a_path_with_one():
    g = on_turn()
    run(g, "put settlement red 25", "give red 1 lumber 1 brick")
    knights(g, "blue", "25-26")
    run(g, "build road 25-26")
    assert g.state.edge_owner[edge(g, "25-26")] == 0


def test_tab_completes_a_knight_move_to_the_paths_it_may_reach(tmp_path: Any) -> None:
    """At the table, 'move knight 25-26 to ' completes to the free paths within 3 (no castle
    path, no occupied one); 'pay grain' follows a longer move only with grain in hand."""
    import io

    from rich.console import Console

    from catan_cli.repl import Repl
    from catan_cli.script import Header, parse_seats
    from catan_cli.session import Session

    session = Session.new(Header("barbarian-attack", parse_seats("red,blue,white"), 7, sandbox=True),
                          saves_folder=tmp_path)
    repl = Repl(session, Console(file=io.StringIO(), width=100, height=40, color_system=None), pace=0.0)
    g = session.game
    run(g, "turn red")
    knights(g, "red", "25-26")
    knights(g, "blue", "14-26")

    def words(text: str) -> list[str]:
        return [w for w, _ in repl.completions(text)]

    reach = words("move knight 25-26 to ")
    legal = {c.split()[-1] for c in g.legal_commands() if c.startswith("move knight 25-26 to ")}
    assert set(reach) == legal and "15-16" in reach
    assert "14-26" not in reach and "25-26" not in reach      # occupied, its own path
    assert not set(reach) & {g.engine.geo.edge_names[e] for e in rules(g).lay.castle_paths}
    assert words("move knight 25-26 to 6-") == []               # 4 paths away: not without grain
    run(g, "give red 1 grain")
    assert "6-7" in words("move knight 25-26 to 6-")
    assert words("move knight 25-26 to 6-7 ") == ["pay"]

# --- D.11-D.13: battles ---------------------------------------------------------------------------------------
@pytest.mark.rule("D.11", "D.18.7", "D.18.8", "S3:victory-over-the-barbarians", "S3:check-for-a-victory-condition")
def test_battles_go_clockwise_from_the_hex_after_the_castle_and_knights_must_outnumber():
    g = on_turn()
    set_barbarians(g, Q=1, AF=1, X=2, AE=1)
    knights(g, "red", "39-40", "25-26")   # X and Q share 39-40; 25-26 is Q's alone
    scripted_die(g, 1, 1, 1)
    events = [t for t in texts(run(g, "end")) if t.startswith("battle at")]
    assert [t.split(":")[0] for t in events] == ["battle at X", "battle at Q", "battle at AF", "battle at AE"]
    assert "barbarians hold" in events[0]           # 1 knight against 2
    assert "beat 1 barbarian" in events[1]          # 39-40 fights Q after X
    assert "barbarians hold" in events[2]           # 1 against 1: no win without more knights
    assert pdata(g, "red")["prisoners"] == 1


@pytest.mark.rule("D.9", "D.11")
def test_a_survivor_fights_a_later_hex_in_the_same_sweep():
    g = on_turn()
    set_barbarians(g, Q=1, AF=0, K=1)
    # 26-27 is a side of both Q and K; 25-26 is Q's alone, 14-26 K's alone.
    knights(g, "red", "26-27", "25-26", "14-26")
    scripted_die(g, 1, 1)                 # green: Q loses 27-40 and 25-38, K 16-28 and 14-26
    run(g, "end")
    assert pdata(g, "red")["prisoners"] == 2
    assert barbarians(g, "Q") == 0 and barbarians(g, "K") == 0
    assert knights_of(g, "red") == ["26-27", "25-26"]


@pytest.mark.rule("D.12", "D.18.5", "S3:victory-condition-is-fulfilled")
def test_a_single_player_takes_all_the_prisoners():
    g = on_turn()
    set_barbarians(g, Q=2, AF=0)
    knights(g, "red", "25-26", "38-39", "39-40")
    scripted_die(g, 3)
    events = texts(run(g, "end"))
    assert "red alone fought and takes all 2 prisoners" in events
    assert pdata(g, "red")["prisoners"] == 2 and g.vp("red") == 1


@pytest.mark.rule("D.12", "S3:victory-condition-is-fulfilled")
def test_several_players_take_one_each_and_the_sole_majority_the_rest():
    g = on_turn()
    set_barbarians(g, Q=3, AF=0)
    knights(g, "red", "25-26", "38-39")
    knights(g, "blue", "39-40")
    knights(g, "white", "26-27")
    scripted_die(g, 1)
    events = texts(run(g, "end"))
    assert "one prisoner each to red, blue, white" in events
    assert (pdata(g, "red")["prisoners"], pdata(g, "blue")["prisoners"], pdata(g, "white")["prisoners"]) == (1, 1, 1)
    # Red 3 knights, blue 1: one each, and the third to red, the sole majority.
    g.state.players[2].extra["knights"].clear()
    knights(g, "red", "26-27")
    set_barbarians(g, Q=3)
    run(g, "turn red")
    scripted_die(g, 1)
    events = texts(run(g, "end"))
    assert "one prisoner each to red, blue" in events
    assert "red takes the other 1 prisoner" in events
    assert pdata(g, "red")["prisoners"] == 3 and pdata(g, "blue")["prisoners"] == 2


@pytest.mark.rule("D.12", "S3:victory-condition-is-fulfilled")
def test_too_few_prisoners_the_involved_roll_off_and_those_left_out_take_3_gold():
    g = on_turn()
    set_barbarians(g, Q=1, AF=0)
    knights(g, "red", "25-26")
    knights(g, "blue", "39-40")
    scripted_rolls(g, (2, 2), (6, 6))
    scripted_die(g, 3)
    events = texts(run(g, "end"))
    assert "roll-off: red 4, blue 12" in events
    assert pdata(g, "blue")["prisoners"] == 1 and pdata(g, "red")["prisoners"] == 0
    assert pdata(g, "red")["gold"] == 3


@pytest.mark.rule("D.12")
def test_a_roll_off_tie_is_rolled_again():
    g = on_turn()
    set_barbarians(g, Q=1, AF=0)
    knights(g, "red", "25-26")
    knights(g, "blue", "39-40")
    scripted_rolls(g, (3, 3), (2, 4), (1, 1), (5, 5))
    scripted_die(g, 3)
    events = texts(run(g, "end"))
    assert "roll-off: red 6, blue 6" in events and "roll-off: red 2, blue 10" in events
    assert pdata(g, "blue")["prisoners"] == 1 and pdata(g, "red")["gold"] == 3


@pytest.mark.rule("D.12")
def test_a_tie_for_the_most_knights_rolls_off_for_the_rest_and_the_losers_take_3_gold():
    g = on_turn()
    set_barbarians(g, Q=3, AF=0)
    knights(g, "red", "25-26", "38-39")
    knights(g, "blue", "39-40", "26-27")
    scripted_rolls(g, (1, 2), (4, 4))
    scripted_die(g, 1)
    events = texts(run(g, "end"))
    assert "one prisoner each to red, blue" in events
    assert "roll-off: red 3, blue 8" in events
    assert (pdata(g, "red")["prisoners"], pdata(g, "blue")["prisoners"]) == (1, 2)
    assert pdata(g, "red")["gold"] == 3 and pdata(g, "blue")["gold"] == 0


@pytest.mark.rule("D.13", "S3:loss-of-knights-after-a-victory")
def test_the_colour_die_takes_the_knights_on_the_two_paths_of_its_colour_for_3_gold_each():
    g = on_turn()
    set_barbarians(g, Q=1, AF=0)
    # Q's E side is 27-40, its W side 25-38: green (faces 1-2).
    knights(g, "red", "27-40", "25-26")
    knights(g, "blue", "25-38")
    scripted_rolls(g, (6, 6), (1, 1))
    scripted_die(g, 2)
    events = texts(run(g, "end"))
    assert any(t.startswith("the colour die shows green (2)") for t in events)
    assert knights_of(g, "red") == ["25-26"] and knights_of(g, "blue") == []
    assert pdata(g, "red")["gold"] == 3 and pdata(g, "blue")["gold"] == 3 + 3
    sound(g)


@pytest.mark.rule("D.14", "S3:if-a-coastal-field-occupied-by-3-barbarians-is-re-conquered")
def test_a_battle_frees_a_conquered_hex_and_its_buildings():
    g = on_turn()
    run(g, "put settlement blue 25", "put road blue 25-26")
    set_barbarians(g, Q=3, AF=0)
    knights(g, "red", "26-27", "27-40", "39-40", "38-39")
    scripted_die(g, 5)
    events = texts(run(g, "end"))
    assert "Q is freed: its number is turned up again" in events
    assert g.state.node_kind[24] == SETTLEMENT and pdata(g, "red")["prisoners"] == 3
    sound(g)


# --- D.15, D.16, D.17 -----------------------------------------------------------------------------------------
@pytest.mark.rule("D.15", "S3:throwing-a-7")
def test_a_7_has_no_robber_discards_do_not_count_gold_and_the_roller_steals_from_anyone():
    g = on_turn()
    run(g, "give blue 7 ore", "give white 8 ore")
    g.state.players[1].extra["gold"] = 20
    run(g, "turn white", "end", "dice 3 4", "red: roll")
    assert g.waiting_for() == "must discard 4" and g.prompt_player() == "white"   # blue: 7 cards and 20 gold
    run(g, "white: discard 4 ore")
    assert "steal" in g.waiting_for()
    events = run(g, "steal blue")
    assert "red steals a card from blue" in texts(events)
    assert sum(g.state.players[0].resources) == 1


@pytest.mark.rule("D.16", "S3:the-gold")
def test_2_gold_buy_1_resource_twice_a_turn():
    g = on_turn()
    pdata(g, "red")["gold"] = 7
    run(g, "exchange gold for ore", "exchange gold for brick")
    assert g.state.players[0].resources[4] == 1 and pdata(g, "red")["gold"] == 3
    with pytest.raises(RuleError, match="at most 2 times a turn"):
        g.execute("exchange gold for ore")
    run(g, "turn white", "end", "dice 1 2", "red: roll", "exchange gold for wool")
    assert pdata(g, "red")["gold"] == 1
    with pytest.raises(RuleError, match="costs 2 gold; you have 1"):
        g.execute("exchange gold for ore")


@pytest.mark.rule("D.16", "D.18.6", "S3:the-gold", "F.5.1")
def test_gold_is_no_resource_card_harbours_and_the_bank_give_none():
    g = on_turn()
    with pytest.raises(RuleError):
        g.execute("trade 4 ore for 1 gold")
    pdata(g, "red")["gold"] = 4
    assert g.engine.hand_size(0) == 0


@pytest.mark.rule("D.17", "S3:end-of-the-game")
def test_victory_at_12_vp_counts_standing_buildings_longest_road_and_pairs_of_prisoners():
    g = on_turn()
    assert g.engine.scen.vp_target == 12
    pdata(g, "red")["prisoners"] = 5
    assert g.engine.vp_sources(0)["prisoner pairs"] == 2
    for node in (8, 17, 21, 42):
        run(g, f"put settlement red {node}", f"put city red {node}")
    run(g, "put settlement red 31")
    assert g.winner is None and g.vp("red") == 11
    pdata(g, "red")["prisoners"] = 7
    # 4 cities and a settlement = 9, + 3 pairs of prisoners = 12 on red's own turn: the
    # next action wins.
    pdata(g, "red")["gold"] = 2
    run(g, "exchange gold for ore")
    assert g.winner == "red"


@pytest.mark.rule("D.16", "S3:the-gold")
def test_gold_is_traded_with_players():
    g = on_turn()
    pdata(g, "red")["gold"] = 3
    run(g, "give blue 1 ore", "sell gold 2 to blue for 1 ore")
    assert g.waiting_for().startswith("accept or decline red's gold offer")
    run(g, "accept gold")
    assert pdata(g, "red")["gold"] == 1 and pdata(g, "blue")["gold"] == 2
    assert g.state.players[0].resources[4] == 1
    run(g, "give red 1 wool", "buy gold 2 from blue for 1 wool", "blue: decline gold")
    assert pdata(g, "blue")["gold"] == 2
    with pytest.raises(RuleError, match="blue has only 2 gold"):
        g.execute("buy gold 3 from blue for 1 wool")
    sound(g)


# --- at the table -------------------------------------------------------------------------------------------
def test_the_board_and_tables_show_the_castle_barbarians_knights_and_conquered_buildings():
    from catan_cli.render.board import render_board
    from catan_cli.render.tables import status_table
    from rich.console import Console

    g = on_turn()
    run(g, "put settlement blue 25")
    set_barbarians(g, Q=3, AF=2)
    knights(g, "red", "51-52")
    pdata(g, "red")["gold"] = 4
    view = g.view("red")
    board = render_board(g.board_json(), view, legend=True).plain
    assert "CASTLE" in board and "CONQ3" in board and "BARB2" in board
    assert "zb25" in board                                  # blue's settlement lies down, blue's mark on it
    assert "krk" in board and "knights: red 51-52" in board  # the knight carries its owner's mark
    console = Console(width=100, record=True)
    console.print(status_table(view))
    text = console.export_text()
    assert "31 in supply, 5 on the coast" in text
    assert "red: knights 1 out, 5 in supply; gold 4; prisoners 0" in text
    assert "25 in the deck" not in text and "26 in the deck, 0 discarded" in text
