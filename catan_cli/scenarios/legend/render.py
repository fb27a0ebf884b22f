"""The Legend on the screen: start intersections, chests and castaways face down, Barren
Island's outposts, ore miners where they stand, the robber's start space, and the side
tables (chests, friend cards, castaways rescued, miners, Catan chits); each later chapter's
own marks and rows from its module (:mod:`.chapter2.render`, :mod:`.chapter3.render`,
:mod:`.chapter4.render`).

Everything comes from the view: the game's ``extra`` (``start_nodes``, ``chests`` as
intersection numbers, ``castaways`` as [hex, slot] face down, ``outposts``, ``home``,
``robber_at_start``) and each player's ``extra`` (their chests' faces for themselves, a count
for the others; friends with the side up; rescued castaways; miners; chits).
"""

from __future__ import annotations

from typing import AbstractSet, Any, Mapping

from rich.text import Text

from ...render import theme
from ...render.layers import Board, BoardLayer, Colors, HexMark, HexNote, Item, View, key_item, sample_mark
from ...render.tables import player_text
from .chapter2 import render as render2
from .chapter3 import render as render3
from .chapter4 import render as render4
from .general import PIECES

GLYPHS: dict[str, str] = {k.name: k.glyph for k in PIECES}
START = "S"
CHEST = "c"
CHEST_STYLE = "bold yellow"
CASTAWAY_STYLE = "bold magenta"
START_STYLE = "bold"


def _extra(view: View) -> Mapping[str, Any]:
    return view.get("extra") or {}


def _is_legend(view: View) -> bool:
    return "outpost_sites" in _extra(view)


def chest_face(face: str) -> str:
    if face == "route":
        return "road/ship"
    if face == "any":
        return "any 1"
    if face == "card":
        return "dev card"
    return face


def miners_text(miners: Mapping[str, Any]) -> str:
    out = len(miners.get("out") or [])
    return f"{miners.get('home', 0)} home, {out} at outpost"


def castaways(n: int) -> HexMark:
    return HexMark(f"x{n}", "x", CASTAWAY_STYLE)


class LegendLayer(BoardLayer):
    glyphs = GLYPHS

    def hex_marks(self, view: View) -> dict[str, list[HexMark]]:
        counts: dict[str, int] = {}
        for hex_id, _slot in _extra(view).get("castaways") or []:
            counts[str(hex_id)] = counts.get(str(hex_id), 0) + 1
        marks = {h: [castaways(n)] for h, n in counts.items()}
        return {**marks, **render2.hex_marks(view), **render3.hex_marks(view), **render4.hex_marks(view)}

    def hex_notes(self, board: Board, view: View, shown: AbstractSet[str]) -> list[HexNote]:
        return render4.hex_notes(board, view, shown)

    def node_marks(self, view: View, colors: Colors) -> dict[int, Item]:
        extra = _extra(view)
        marks: dict[int, Item] = {}
        for n in extra.get("start_nodes") or []:
            marks[int(n)] = (f"{START}{n}", START_STYLE)
        for n in extra.get("chests") or []:
            marks[int(n)] = (f"{CHEST}{n}", CHEST_STYLE)
        return {**marks, **render2.node_marks(view)}

    def legend_marks(self, view: View, compact: bool) -> list[Item]:
        if not _is_legend(view):
            return []
        items: list[Item] = [(f"{START}25 start", START_STYLE)]
        if _extra(view).get("chests"):
            items.append((f"{CHEST}41 chest (face down)", CHEST_STYLE))
        if _extra(view).get("castaway_hexes"):
            items.append(key_item(castaways(3), "castaways (face down)", compact))
        if not render4.is_chapter4(view):
            items.append((f"{GLYPHS['outpost']}{sample_mark(view)}12 outpost", "bold"))
        items += render2.legend_marks(view, compact) + render3.legend_marks(view, compact) + render4.legend_marks(view, compact)
        return items

    def notes(self, view: View) -> list[Item]:
        extra = _extra(view)
        if not _is_legend(view):
            return []
        hexes = ", ".join(extra.get("castaway_hexes") or [])
        notes: list[Item] = []
        if extra.get("robber_at_start"):
            notes.append(("robber: at its start beside the VP track", theme.ROBBER_STYLE))
        if hexes:
            notes.append((f"Barren Island: {hexes} (outposts on its coast only; no roads or settlements)",
                          theme.NOTE_STYLE))
        homes = extra.get("home") or {}
        miners = []
        for p in view.get("players") or []:
            m = (p.get("extra") or {}).get("miners")
            if m and (m.get("home") or m.get("out")):
                post = (extra.get("outposts") or {}).get(p["name"], "?")
                miners.append(f"{p['name']} {m.get('home', 0)} at {homes.get(p['name'], '?')}, "
                              f"{len(m.get('out') or [])} at outpost {post}")
        if miners:
            notes.append(("ore miners: " + "; ".join(miners), theme.NOTE_STYLE))
        return notes + render2.notes(view) + render3.notes(view) + render4.notes(view)

    def status_rows(self, view: View, colors: Colors) -> list[tuple[str, Text]]:
        extra = _extra(view)
        if not _is_legend(view):
            return []
        rows: list[tuple[str, Text]] = []
        for p in view.get("players") or []:
            pe = p.get("extra") or {}
            text = player_text(p["name"], colors)
            chests = pe.get("chests")
            if isinstance(chests, list):
                faces = ", ".join(chest_face(c["face"]) for c in chests)
                text.append(f": chests {faces}" if faces else ": no chests")
            else:
                count = chests or 0
                text.append(f": {count} chest{'s' if count != 1 else ''}" if count else ": no chests")
            friends = ", ".join(f"{f['title']} ({f['side']})" for f in pe.get("friends") or []) or "no friends"
            text.append(f"; {friends}")
            if "rescued" in pe:
                text.append(f"; castaways {len(pe['rescued'])}/3; miners {miners_text(pe.get('miners') or {})}")
            text.append(f"; chits {pe.get('chits', 0)}")
            peek = pe.get("peek")
            if isinstance(peek, Mapping) and "face" in peek:
                text.append(f"; looking at castaway {peek['hex']} {peek['slot']}: {peek['face']}", CASTAWAY_STYLE)
            rows.append(("legend", text))
        pool = extra.get("friend_pool")
        if pool is not None:
            rows.append(("friends on display", Text(", ".join(pool) or "none")))
        rows.append(("Catan chits left", Text(str(extra.get("chits_left", 0)))))
        return (rows + render2.status_rows(view, colors) + render3.status_rows(view, colors)
                + render4.status_rows(view, colors))

    def player_columns(self, view: View) -> list[tuple[str, dict[str, str]]]:
        return render4.player_columns(view)

    def hand_rows(self, view: View, player: str) -> list[tuple[str, str]]:
        return render4.hand_rows(view, player)


LAYER = LegendLayer()
