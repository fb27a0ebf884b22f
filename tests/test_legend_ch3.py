"""Legend of the Sea Robbers, Chapter 3 "The Battle Against the Sea Robbers" (seed 000
"Chapter 3" and its "Postscript to Chapter 2"; digest E.3.1, F.0.12-F.0.15): every paragraph,
as the rulebook says it.

Positions are set up in sandbox games on ``rules/legend-3.toml`` (4 players, seed 7).  The map,
in hex ids and intersection numbers:

    start intersections  32, 66, 84, 119
    sea robbers          N (17 18 19 34 35 36), W (35 36 37 52 53 54), AE (51 52 53 68 69 70),
                         AN, AW, BF, BN, AF (53 54 55 70 71 72), AX
    Gold Isles' gold     O (19 20 21 36 37 38), AO, AP, BO
    red's way out        32-33, then 33-34 touches N; 33-50, then 50-51 touches AE

A test stacks the sea robber cards it needs on top of a stack (the card drawn is the top).
"""

from __future__ import annotations

import pytest

from catan_cli import Game
from catan_cli.engine.invariants import check_invariants
from builds import pure_only
from sea_helpers import hand, legal, refused, run

COLOURS = ["red", "blue", "white", "orange"]


def legend3(n: int = 4, seed: int = 7, carry: dict | None = None) -> Game:
    return Game.new("legend-3", players=COLOURS[:n], seed=seed, sandbox=True,
                    carry={"chapter": 2, "gold_total": 0} if carry is None else carry)


def pdata(g: Game, player: str) -> dict:
    return g.state.players[g.seat(player)].extra


def sound(g: Game) -> None:
    problems = [p for p in check_invariants(g.engine) if "joined to none" not in p and "touches none" not in p]
    assert not problems, problems


def stack(g: Game, which: str, card: int) -> None:
    """Put a card needing ``card`` jugs on top of the ``which`` stack (from within it)."""
    cards = g.state.extra[f"robber_cards_{which}"]
    cards.remove(card)
    cards.insert(0, card)


def red_at_sea(g: Game, jugs: int = 0) -> None:
    run(g, "put settlement red 32", "put ship red 32-33", "turn red")
    pdata(g, "red")["jugs"] = jugs


def robbers(g: Game) -> list[str]:
    return list(g.view()["extra"]["sea_robber_hexes"])


# --- catapults ------------------------------------------------------------------------------------------
@pytest.mark.rule("E.3.1", "S0:ch3/equipping-catapults")
def test_a_clay_jug_costs_1_ore_and_1_lumber_up_to_6():
    g = legend3()
    run(g, "turn red")
    refused(g, "build catapult", "1 ore and 1 lumber")
    for k in range(6):
        run(g, "give red 1 ore 1 lumber")
        legal(g, "build catapult")
        assert pdata(g, "red")["jugs"] == k + 1
    run(g, "give red 1 ore 1 lumber")
    refused(g, "build catapult", "6 clay jugs")


# --- battles (F.0.13-F.0.15) ------------------------------------------------------------------------------
@pytest.mark.rule("F.0.13", "S0:ch3/sinking-sea-robber-ships", "S0:ch3/rules-for-ship-battles", "S0:ch3/battle")
def test_a_ship_reaching_a_sea_robbers_hex_attacks_and_more_jugs_sink_it():
    g = legend3()
    red_at_sea(g, jugs=2)
    stack(g, "low", 1)
    chest = next(face for h, face in g.state.extra["sea_robbers"] if g.engine.hex_id(h) == "N")
    run(g, "give red 1 lumber 1 wool")
    events = legal(g, "build ship 33-34")
    assert any("needs 1 clay jug" in ev.text for ev in events)
    assert "N" not in robbers(g) and pdata(g, "red")["sunk"] == 1
    assert [c[0] for c in pdata(g, "red")["chests"]] == [chest]           # the chest under it
    assert g.state.current == 1                                           # the battle ends red's turn
    assert sorted(g.state.extra["robber_cards_low"]) == [0, 0, 1, 1, 1, 2, 2, 3]   # back in its stack
    sound(g)


@pytest.mark.rule("S0:ch3/battle", "S0:ch3/after-the-battle")
def test_fewer_jugs_lose_the_ship_and_give_1_lumber_or_1_wool():
    g = legend3()
    red_at_sea(g, jugs=1)
    stack(g, "low", 2)
    run(g, "give red 1 lumber 1 wool")
    legal(g, "build ship 33-34")
    assert not g.engine.rules.ctx.has_ship(0, g.engine.geo.edge_between(32, 33))
    assert "N" in robbers(g) and pdata(g, "red")["sunk"] == 0
    refused(g, "salvage ore", "1 lumber or 1 wool")
    legal(g, "salvage wool")
    assert hand(g, "red")["wool"] == 1 and g.state.current == 1
    sound(g)


@pytest.mark.rule("S0:ch3/after-the-battle")
def test_a_ship_built_beyond_a_ship_lost_in_battle_is_cut_off_and_returns_to_the_supply():
    """Road Building's second free ship sails from the first: when the first loses its
    battle, the second is joined to none of red's settlements and goes back (B.7)."""
    g = legend3()
    red_at_sea(g, jugs=1)
    stack(g, "low", 2)
    run(g, "draw red road-building")
    ships = g.state.players[0].pieces["ship"]
    events = legal(g, "play road-building 33-34 34-35")
    texts = [ev.text for ev in events]
    assert "red loses the battle: the ship is lost" in texts
    assert "red's ship on 34-35, cut off from red's settlements, returns to the supply" in texts
    assert g.state.players[0].pieces["ship"] == ships                   # both ships back
    assert not check_invariants(g.engine)


@pytest.mark.rule("F.0.14", "S0:ch3/after-the-battle")
def test_as_many_jugs_as_the_card_the_ship_must_move_even_after_a_ship_move():
    g = legend3()
    run(g, "put settlement red 32", "put ship red 32-33", "put ship red 33-50", "turn red")
    pdata(g, "red")["jugs"] = 1
    stack(g, "low", 1)
    legal(g, "move ship 33-50 to 33-34")                 # the turn's one ship move starts the battle
    assert g.state.pending[0]["kind"] == "battle-tied"
    refused(g, "retreat 34-35", "next to a sea robber")
    legal(g, "retreat 33-50")                            # moves, though a ship moved this turn
    assert g.engine.rules.ctx.has_ship(0, g.engine.geo.edge_between(32, 49))
    assert "N" in robbers(g) and g.state.current == 1
    sound(g)


@pytest.mark.rule("E.1.1", "E.3.1", "S0:ch3/battle")
def test_from_2_sunk_the_high_stack_is_drawn():
    g = legend3()
    red_at_sea(g, jugs=6)
    stack(g, "low", 0)
    run(g, "give red 1 lumber 1 wool")
    legal(g, "build ship 33-34")                          # N
    run(g, "turn red", "give red 2 lumber 2 wool")
    stack(g, "low", 0)
    legal(g, "build ship 33-50")
    legal(g, "build ship 50-51")                          # AE
    assert pdata(g, "red")["sunk"] == 2
    run(g, "turn red", "give red 1 lumber 1 wool")
    stack(g, "high", 4)
    events = legal(g, "build ship 51-52")                 # W: now the high stack
    assert any("the high stack's card needs 4" in ev.text for ev in events)
    assert pdata(g, "red")["sunk"] == 3


@pytest.mark.rule("F.0.15", "S0:ch3/greatest-sea-robber-nemesis", "S0:ch3/rules-for-the-special-vp-card")
def test_the_greatest_sea_robber_nemesis_goes_to_the_first_to_sink_3_and_to_whoever_sinks_more():
    g = legend3()
    red_at_sea(g, jugs=6)
    run(g, "put settlement blue 84", "put ship blue 84-85")
    for edge in ("33-34", "33-50", "50-51", "51-52"):
        run(g, "turn red", "give red 1 lumber 1 wool")
        legal(g, f"build ship {edge}")
    assert pdata(g, "red")["sunk"] == 3
    assert g.view()["extra"]["nemesis_holder"] == "red" and g.vp("red") == 2       # 1 settlement + 1
    pdata(g, "blue")["jugs"] = 6
    for k, edge in enumerate(("85-86", "86-87", "87-88")):    # AW, AN, AX
        run(g, "turn blue", "give blue 1 lumber 1 wool")
        legal(g, f"build ship {edge}")
        assert pdata(g, "blue")["sunk"] == k + 1
    assert g.view()["extra"]["nemesis_holder"] == "red"      # 3 = 3: the card stays with red
    run(g, "turn blue", "give blue 2 lumber 2 wool")
    legal(g, "build ship 86-104")
    legal(g, "build ship 104-105")                           # BF: blue's 4th
    assert g.view()["extra"]["nemesis_holder"] == "blue" and g.vp("red") == 1
    sound(g)


# --- harbours earned (Postscript to Chapter 2, F.0.12) -------------------------------------------------------
@pytest.mark.parametrize("n, gold, earned", [(4, 39, False), (4, 40, True), (3, 29, False), (3, 30, True)])
@pytest.mark.rule("S0:ch3/how-the-collected-gold-affects-chapter-3")
def test_2_to_1_harbours_are_earned_at_40_gold_with_4_players_and_30_with_3(n, gold, earned):
    g = legend3(n, carry={"chapter": 2, "gold_total": gold})
    assert g.state.extra["harbors_earned"] is earned
    assert [it["seat"] for it in g.state.pending if it["kind"] == "harbor"] == (list(range(n)) if earned else [])


@pytest.mark.rule("F.0.12", "S0:ch3/additional-preparation")
def test_played_alone_each_player_takes_a_harbour_and_2_friend_cards():
    g = Game.new("legend-3", players=COLOURS, seed=7, sandbox=True)
    assert g.state.extra["harbors_earned"] is True
    held = [c for p in COLOURS for c in pdata(g, p)["friends"]]
    assert all(len(pdata(g, p)["friends"]) == 2 for p in COLOURS) and len(set(held)) == 8


@pytest.mark.rule("F.0.12", "S0:ch3/how-the-collected-gold-affects-chapter-3", "S0:ch3/set-up")
def test_each_player_chooses_a_different_harbour_which_trades_2_for_1_beside_the_first_settlement():
    g = legend3(carry={"chapter": 2, "gold_total": 40})
    legal(g, "harbor ore")
    refused(g, "harbor ore", "taken")
    legal(g, "harbor grain")
    legal(g, "harbor wool")
    legal(g, "harbor brick")
    assert pdata(g, "red")["harbor"] == 4
    run(g, "put settlement red 32", "turn red", "give red 2 ore")
    legal(g, "trade 2 ore for 1 grain")
    run(g, "give red 2 wool")
    refused(g, "trade 2 wool for 1 grain", "3")


# --- the Gold Isles ---------------------------------------------------------------------------------------------
@pytest.mark.rule("S0:ch3/building-a-settlement-on-the-gold-isles", "S0:ch3/rules-for-gold-isles")
def test_the_first_settlement_at_a_gold_isles_gold_field_wins_a_chit_and_a_friend_card():
    g = legend3()
    run(g, "turn red")
    events = run(g, "put settlement red 20")             # on O, a gold field of the Gold Isles
    assert pdata(g, "red")["chits"] == 1
    assert any("Gold Isles" in ev.text for ev in events)
    assert sorted(a.args[0] for a in g.legal_actions()) == ["hakon", "lea", "lias", "wulf"]
    legal(g, "choose friend lea")
    run(g, "put settlement red 73")                      # a second gold field: no more
    assert pdata(g, "red")["chits"] == 1 and not g.state.pending
    sound(g)


@pytest.mark.rule("F.0.10", "S0:ch3/end-of-the-game")
def test_fifteen_ships_and_13_victory_points():
    g = legend3()
    assert g.engine.scen.pieces["ship"] == 15 and g.engine.scen.vp_target == 13


@pytest.mark.parametrize("card, outcome", [(3, "wins"), (4, "ties"), (5, "loses")])
@pytest.mark.rule("E.3.1", "S0:ch3/battle")
def test_a_battle_against_the_high_stack_won_tied_or_lost(card, outcome):
    g = legend3()
    red_at_sea(g, jugs=6)
    for edge in ("33-34", "33-50"):
        stack(g, "low", 0)
        run(g, "turn red", "give red 1 lumber 1 wool")
        legal(g, f"build ship {edge}")
    run(g, "turn red", "give red 1 lumber 1 wool")
    stack(g, "low", 0)
    legal(g, "build ship 50-51")                          # AE: 2 sunk
    pdata(g, "red")["jugs"] = 4
    stack(g, "high", {3: 3, 4: 4, 5: 4}[card])
    if card == 5:
        pdata(g, "red")["jugs"] = 3
    run(g, "turn red", "give red 1 lumber 1 wool")
    legal(g, "build ship 51-52")                          # W
    pending = [it["kind"] for it in g.state.pending]
    if outcome == "wins":
        assert pdata(g, "red")["sunk"] == 3 and not pending
    elif outcome == "ties":
        assert pending == ["battle-tied"]
    else:
        assert pending == ["battle-lost"] and pdata(g, "red")["sunk"] == 2
    sound(g)


# --- the Chapter 3 friends ----------------------------------------------------------------------------------
def with_friend(friend: str) -> Game:
    return legend3(carry={"chapter": 2, "gold_total": 0, "friends": {"red": [friend]}})


@pytest.mark.rule("F.0.7", "S0:ch3/specific-components-needed-for-chapter-3")
def test_hakon_trades_1_for_1_once_on_your_turn():
    g = with_friend("hakon")
    run(g, "turn red", "give red 2 wool")
    refused(g, "hakon wool for wool", "different")
    legal(g, "hakon wool for ore")
    assert hand(g, "red")["ore"] == 1 and hand(g, "red")["wool"] == 1
    refused(g, "hakon wool for ore", "this turn")


@pytest.mark.rule("F.0.7", "S0:ch3/specific-components-needed-for-chapter-3")
def test_lias_steals_from_the_vp_leader_and_you_choose_among_tied_leaders():
    g = with_friend("lias")
    run(g, "turn red")
    run(g, "put settlement red 32", "put settlement red 66")
    refused(g, "lias", "lead alone")
    run(g, "put settlement blue 84", "put settlement blue 119", "put city white 100",
        "give blue 1 ore", "give white 1 grain")
    refused(g, "lias", "tied", "blue or white")
    refused(g, "lias orange", "most VP")
    legal(g, "lias white")
    assert hand(g, "red")["grain"] == 1 and hand(g, "white")["grain"] == 0


@pytest.mark.rule("F.0.7", "S0:ch3/specific-components-needed-for-chapter-3")
def test_wulf_moves_the_robber_twice_after_a_knight():
    g = with_friend("wulf")
    run(g, "turn red", "draw red knight", "end")
    run(g, "turn red")
    refused(g, "wulf", "knight")
    legal(g, "play knight")
    legal(g, "wulf")
    assert [it["kind"] for it in g.state.pending] == ["robber", "robber"]
    robber_moves = [c for c in g.legal_commands() if c.startswith("robber")]
    legal(g, robber_moves[0])
    assert g.state.pending and g.state.pending[0]["kind"] == "robber"
    legal(g, [c for c in g.legal_commands() if c.startswith("robber")][0])
    assert not g.state.pending


@pure_only
@pytest.mark.parametrize("die, kind", [(1, "lea-discard"), (2, "lea-discard"), (3, "lea-take"), (6, "lea-take")])
@pytest.mark.rule("S0:ch3/specific-components-needed-for-chapter-3")
def test_lea_rolls_1_2_discard_1_or_3_6_take_2(die, kind, monkeypatch):
    g = with_friend("lea")
    run(g, "turn red", "give red 1 wool")
    monkeypatch.setattr(type(g.engine.rules.ctx), "roll_die", lambda self: die)
    legal(g, "lea")
    assert g.state.pending[0]["kind"] == kind
    if kind == "lea-take":
        legal(g, "lea take ore grain")
        assert hand(g, "red")["ore"] == 1 and hand(g, "red")["grain"] == 1
    else:
        refused(g, "lea discard ore", "no ore")
        legal(g, "lea discard wool")
        assert hand(g, "red")["wool"] == 0


# --- at the table ---------------------------------------------------------------------------------------
def test_the_board_shows_sea_robbers_the_gold_isles_harbours_jugs_and_the_nemesis():
    from rich.console import Console

    from catan_cli.render import render_board, status_table

    g = legend3(carry={"chapter": 2, "gold_total": 40})
    for res in ("ore", "grain", "wool", "brick"):
        g.execute(f"harbor {res}")
    run(g, "put settlement red 32", "turn red")
    view = g.view("blue")
    board = render_board(g.board_json(), view, width=150).plain
    assert board.count("ROBSHIP") == 9 + 1 and board.count("ISLES") == 4 + 1    # and the key
    assert "earned harbours: red 2:1 ore at 32" in board
    console = Console(width=160, record=True)
    console.print(status_table(view))
    text = console.export_text()
    assert "red 0 jugs, 0 sunk" in text and "Nemesis: nobody yet" in text
    # the chests under the sea robbers and the cards in the stacks stay hidden
    extra = view["extra"]
    assert extra["sea_robbers"] == extra["sea_robber_hexes"]
    assert extra["robber_cards_low"] == 8 and extra["robber_cards_high"] == 8


@pytest.mark.rule("S0:ch3/tasks-assigned-by-the-council-of-catan")
def test_help_rules_tells_chapter_3():
    game = legend3()      # kept: the rules reach the game's data while they answer
    text = game.engine.rules.rules_summary()
    assert "Chapter 3: The Battle Against the Sea Robbers" in text and "build catapult" in text


def test_chapter_3_has_no_outposts_so_build_outpost_is_no_command_and_help_names_none():
    from catan_cli.helptext import lookup

    g = legend3()
    assert "build-outpost" not in g.engine.verbs
    assert [h.syntax for h in lookup("build", g)] == ["build road|ship A-B  |  build settlement|city N",
                                                      "build catapult"]
    # not "you have built your outpost already": the chapter has none to build
    refused(g, "build outpost 21", "cannot build 'outpost' here", "catapult")
