"""Tab menus of hexes (the robber's, the pirate's): each hex with its terrain, its number and
the players who stand there, not a bare hex letter."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from catan_cli.repl import Repl
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session


def robber_to_move(tmp_path: Path, scenario: str = "base") -> Repl:
    session = Session.new(Header(scenario, parse_seats("red,blue,white"), 7, sandbox=True), saves_folder=tmp_path,
                          autosave=False)
    game = session.game
    while game.state.turn < 1 or game.waiting_for() != "roll":
        session.play(next(c for c in game.legal_commands() if c != "end"))
    session.play("dice 3 4")
    session.play("roll")
    return Repl(session, Console(file=io.StringIO(), width=100, color_system=None), pace=0.0)


@pytest.mark.rule("A.10")
def test_the_robbers_menu_names_terrain_number_and_players_of_each_hex(tmp_path: Path) -> None:
    repl = robber_to_move(tmp_path)
    game = repl.session.game
    menu = dict(repl.completions("robber "))
    board = {h["id"]: h for h in game.board_json()["hexes"]}
    assert menu and all(w in board for w in menu)
    view = game.view(None)
    for hex_id, note in menu.items():
        h = board[hex_id]
        what, _, who = note.partition(" · ")
        assert what.split()[0] in ("fo", "hi", "pa", "fi", "mo", "de", "go")
        assert (what.split()[1:] == [str(h["number"])]) if h.get("number") else len(what.split()) == 1
        there = {b["owner"] for b in view["buildings"] if b["node"] in h["nodes"]}
        assert (who == "nobody") if not there else set(who.split(", ")) == there
    assert any(note.split(" · ")[1] != "nobody" for note in menu.values())   # the set-up's settlements


def test_the_pirates_menu_names_sea_hexes_and_the_ships_there(tmp_path: Path) -> None:
    repl = robber_to_move(tmp_path, "pirate-islands")
    hints = repl.hex_hints()
    seas = [note for note in hints.values() if note.startswith("sea")]
    assert seas and all(" · " in note for note in seas)
