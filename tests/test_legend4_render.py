"""Chapter 4 at the table: the board with its face-down areas (marked by their border's colour),
a discovered spice hex with a merchant, a sea robber lair, the pirate; the tables with your
spice cards by kind (a count for the others), trade options held, chits for spices, the
trade options left, the spice stack and the lairs.  The snapshot
(tests/__snapshots__/test_legend4_render/) pins the drawing of red's view."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from catan_cli import Game
from catan_cli.render import hand_table, hands_table, render_board, status_table
from sea_helpers import run

COLOURS = ["red", "blue", "white", "orange"]


class TextSnapshot(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    file_extension = "txt"
    _file_extension = "txt"   # syrupy < 4.1


@pytest.fixture
def snap(snapshot: Any) -> Any:
    return snapshot.use_extension(TextSnapshot)


def plain(renderable: Any, width: int = 150) -> str:
    console = Console(no_color=True, width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def top(g: Game, area: str, *terrain: str) -> None:
    """These hexes on top of an area's stack, the first named turned up first."""
    stack = g.state.extra["face_down"][area]["terrain"]
    for t in terrain:
        stack.remove(t)
    stack.extend(reversed(terrain))


def deal_spices(g: Game, player: str, **kinds: int) -> None:
    """Spice cards from the stack into a hand (the 30 conserved)."""
    names = ("nutmeg", "pepper", "cinnamon")
    for kind, count in kinds.items():
        for _ in range(count):
            g.state.extra["spice_stack"].remove(kind)
            g.state.players[g.seat(player)].extra["spices"][names.index(kind)] += 1


def spice_islands() -> Game:
    """Red's ships from 32 turn up N (spice: a merchant on 34 takes the ore option) and AE
    (sea: the first sea hex found holds a lair); blue holds 2 spice cards."""
    g = Game.new("legend-4", players=COLOURS, seed=7, sandbox=True,
                 carry={"chapter": 3, "robbers_left": 3, "friends": {}})
    run(g, "put settlement red 32", "put ship red 32-33", "put settlement blue 117", "turn red",
        "give red 3 lumber 4 wool 1 ore")
    top(g, "red", "spice", "sea")
    run(g, "build ship 33-34", "build merchant 34 ore", "build ship 33-50", "build ship 50-51")
    deal_spices(g, "red", pepper=2, nutmeg=1)
    deal_spices(g, "blue", cinnamon=2)
    return g


def test_the_legend_4_board_and_tables_as_red_sees_them(snap: Any) -> None:
    g = spice_islands()
    view = g.view("red")
    tables = [render_board(g.board_json(), view, width=150), status_table(view), hands_table(view),
              hand_table(view, "red"), hand_table(view, "blue")]
    assert "\n".join(plain(t) for t in tables) == snap


def test_the_board_shows_unexplored_areas_the_spice_hex_its_merchant_and_the_lair() -> None:
    g = spice_islands()
    board = plain(render_board(g.board_json(), g.view("blue"), width=150))
    down = sum(t == "unexplored" for t in g.state.terrain)
    assert board.count("face down") == down + 1                     # the hexes and the note
    assert "spice" in board and "mr34" in board and "LAIR" in board and "PIRATE" in board
    assert "face down: ?1 (red border) 6; ?2 (blue border) 8" in board
    assert "/red" not in board and "/blue" not in board       # the areas' labels never read as players
    assert "merchants: red 34" in board
    # each face-down hex carries its area's colour under its top corner: 6 red, 8 blue
    assert board.count("/  ?1 \\") == 6 and board.count("/  ?2 \\") == 8
    # compact hexes: their short words in the key
    small = plain(render_board(g.board_json(), g.view("blue"), compact=True), width=100)
    assert "sp spice" in small and "?? face down" in small and "[L] sea robber lair" in small
    assert "spice hexes: no number, no roads or settlements" in small


def test_your_spices_by_kind_the_others_by_count() -> None:
    g = spice_islands()
    red_view, blue_view = g.view("red"), g.view("blue")
    mine = plain(hand_table(red_view, "red"))
    assert "pepper" in mine and "nutmeg" in mine and "trade option: 2 ore buy a spice" in mine
    theirs = plain(hand_table(red_view, "blue"))
    assert "spice cards" in theirs and "cinnamon" not in theirs
    status = plain(status_table(blue_view), width=160)
    assert "red: spice cards 4; trade options ore (N)" in status
    assert "blue: spice cards 2 cinnamon" in status and "1 nutmeg" not in status
    assert "trade options left   lumber, lumber, brick, brick, wool, wool, grain, grain, ore" in status
    assert "sea robber lairs     AE; 3 to come on the next sea hexes found, 0 taken" in status
    hands = plain(hands_table(blue_view), width=160)
    assert "spices" in hands and "options" in hands and "spice chits" in hands


def test_the_lairs_say_when_they_are_not_in_play() -> None:
    g = Game.new("legend-4", players=COLOURS, seed=7, carry={"chapter": 3, "robbers_left": 1, "friends": {}})
    status = plain(status_table(g.view("red")), width=160)
    assert "not in play (fewer than 2 sea robbers were left in Chapter 3)" in status
    assert "LAIR" not in plain(render_board(g.board_json(), g.view("red"), width=150))
