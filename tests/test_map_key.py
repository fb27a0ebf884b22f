"""The key under the map names only glyphs the map draws: each entry's glyph (its first word;
``x14/X14/=`` names three) occurs in the drawing, in the same style of drawing (compact or
full size), for some position of a seeded bot game of every scenario, or of that position
with one piece of every kind the scenario has for every player (rare pieces: a conquered
city, a merchant).  Entries and drawings come from one source (the layers' hex marks), so a
key like ``[K] castle`` over a map that draws ``CASTLE`` cannot come back."""

from __future__ import annotations

import re
from typing import Any

import pytest

from catan_cli.bots import make_bot
from catan_cli.game import Game
from catan_cli.render import render_board, theme
from catan_cli.render.board import _legend_items
from scenario_keys import chosen_keys

SCENARIOS = chosen_keys()
PLAYERS = ["red", "blue", "white"]
STEPS, EVERY = 900, 75


def positions(key: str) -> list[dict[str, Any]]:
    """Views of a seeded game of three greedy bots, every EVERY commands, and the last one
    again with every piece kind placed for every player."""
    game = Game.new(key, players=PLAYERS, seed=4)
    bots = {name: make_bot("greedy", 40 + i) for i, name in enumerate(PLAYERS)}
    views = []
    for step in range(STEPS):
        if game.over:
            break
        if step % EVERY == 0:
            views.append(game.view("red"))
        seat = game.prompt_player()
        game.execute(bots[seat].choose(game, seat))
    views.append(game.view("red"))
    return views + [every_piece(game, views[-1])]


def every_piece(game: Game, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with one piece of every node and edge kind for every player, on free places."""
    pieces = game.engine.pieces
    taken_nodes = {int(b["node"]) for b in view["buildings"]}
    taken_edges = {str(r["edge"]) for r in view["routes"]}
    board = game.board_json()
    nodes = (int(n["id"]) for n in board["nodes"] if int(n["id"]) not in taken_nodes)
    edges = (str(e["id"]) for e in board["edges"] if str(e["id"]) not in taken_edges)
    buildings, routes = list(view["buildings"]), list(view["routes"])
    for name in PLAYERS:
        buildings += [{"node": next(nodes), "owner": name, "kind": kind} for kind in pieces.node_names if kind]
        routes += [{"edge": next(edges), "owner": name, "kind": kind} for kind in pieces.edge_names if kind]
    return {**view, "buildings": buildings, "routes": routes}


def glyph_patterns(text: str, marks: dict[str, str]) -> list[re.Pattern[str]]:
    """What a key entry's glyph may look like on the map: its example number any number, its
    example owner's mark any player's mark (in the same case), alone as a word."""
    sample = next(iter(marks.values()))
    lower, upper = "".join(marks.values()), "".join(marks.values()).upper()
    out = []
    for glyph in text.split(" ")[0].split("/"):
        token = re.fullmatch(r"\[(\w+)\]", glyph)
        if token:    # a compact hex's token: its letters, maybe beside another token's ([Rb])
            out.append(re.compile(rf"\[[^\]\s]*{re.escape(token.group(1))}[^\]\s]*\]"))
            continue
        body = ""
        for ch in glyph:
            if ch.isdigit():
                body += "" if body.endswith(r"\d+") else r"\d+"
            elif ch == sample:
                body += f"[{lower}]"
            elif ch == sample.upper() and len(glyph) > 1:
                body += f"[{upper}]"
            else:
                body += re.escape(ch)
        alone = any(ch.isalnum() for ch in glyph)      # punctuation (a dotted side) needs no gap
        out.append(re.compile(rf"(?<![A-Za-z0-9]){body}(?![A-Za-z0-9])" if alone else body))
    return out


@pytest.mark.parametrize("key", SCENARIOS)
def test_every_glyph_in_the_key_is_drawn_for_some_position(key: str) -> None:
    views = positions(key)
    marks = theme.owner_marks(views[0]["players"])
    board = Game.new(key, players=PLAYERS, seed=4).board_json()
    for compact in (False, True):
        drawn = "\n".join(render_board(board, v, compact=compact, legend=False).plain for v in views)
        terrains = {str(h["terrain"]) for h in board["hexes"]}
        entries = {text for v in views for text, _ in _legend_items(v, compact, terrains)}
        missing = []
        for text in sorted(entries):
            if text.split(" ", 1)[-1] in PLAYERS:      # a player's mark: drawn in every piece's glyph
                continue
            if not any(p.search(drawn) for p in glyph_patterns(text, marks)):
                missing.append(text)
        assert missing == [], f"{key} ({'compact' if compact else 'full size'}): not drawn: {missing}"


def test_a_key_glyph_that_is_not_drawn_is_found_missing() -> None:
    """The check itself: a key naming CASTLE over a compact map (which draws [K]) fails."""
    marks = {"red": "r", "blue": "b"}
    assert not any(p.search("  [K]  r12  #r#") for p in glyph_patterns("CASTLE castle", marks))
    assert any(p.search("  [K]  b12  #r#") for p in glyph_patterns("r12 settlement", marks))
    assert not any(p.search("  r  ") for p in glyph_patterns("[R] robber", marks))
