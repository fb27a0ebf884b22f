"""Barbarian Attack on the screen: the castle, barbarians per coastal hex (conquered hexes
marked), knights on paths in their owner's colour, conquered buildings lying down, and the
counters (barbarian supply, deck and discards, knights, gold, prisoners) in the tables.

Everything comes from the view's ``extra`` items the rules declare: ``castle``, ``coast``
(hex, number, barbarians, conquered), ``knights_on_board``, ``knight_supply``,
``barbarian_supply``, ``deck`` (a count: the cards are face down), ``discards``; each
player's ``gold`` and ``prisoners``.
"""

from __future__ import annotations

from typing import Any, Mapping

from rich.text import Text

from ...render import theme
from ...render.layers import BoardLayer, Colors, EdgeMark, HexMark, Item, View
from ...render.tables import player_text
from .rules import Rules

GLYPHS: dict[str, str] = {k.name: k.glyph for k in Rules.pieces}
KNIGHT = "k"
BARBARIAN_STYLE = "bold red"
CONQUERED_STYLE = "bold white on red"
CASTLE_STYLE = "bold yellow"


def _extra(view: View) -> Mapping[str, Any]:
    return view.get("extra") or {}


class BarbarianLayer(BoardLayer):
    glyphs = GLYPHS
    own_buildings = frozenset(GLYPHS)

    def hex_marks(self, view: View) -> dict[str, list[HexMark]]:
        extra = _extra(view)
        out: dict[str, list[HexMark]] = {}
        if extra.get("castle"):
            out[str(extra["castle"])] = [HexMark("CASTLE", "K", CASTLE_STYLE)]
        for c in extra.get("coast") or []:
            k = int(c["barbarians"])
            if c.get("conquered"):
                out[str(c["hex"])] = [HexMark(f"CONQUERED{k}", f"X{k}", CONQUERED_STYLE)]
            elif k:
                out[str(c["hex"])] = [HexMark(f"BARB{k}", f"B{k}", BARBARIAN_STYLE)]
        return out

    def node_marks(self, view: View, colors: Colors) -> dict[int, Item]:
        """Conquered buildings lie on their side: their glyph, dim, in the owner's colour."""
        marks: dict[int, Item] = {}
        for b in view.get("buildings") or []:
            glyph = GLYPHS.get(str(b.get("kind")))
            if glyph:
                marks[int(b["node"])] = (f"{glyph}{b['node']}", f"dim {theme.owner_color(colors, b.get('owner'))} reverse")
        return marks

    def edge_marks(self, view: View, colors: Colors) -> list[EdgeMark]:
        out = []
        for owner, edges in sorted((_extra(view).get("knights_on_board") or {}).items()):
            style = f"bold {theme.owner_color(colors, owner)}"
            out += [EdgeMark(str(e), KNIGHT, style) for e in edges]
        return out

    def legend_marks(self, view: View, compact: bool) -> list[Item]:
        if not _extra(view).get("coast"):
            return []
        if compact:
            marks = [("[K] castle", CASTLE_STYLE), ("[B2] barbarians", BARBARIAN_STYLE),
                     ("[X3] conquered", CONQUERED_STYLE)]
        else:
            marks = [("CASTLE", CASTLE_STYLE), ("BARB2 barbarians", BARBARIAN_STYLE),
                     ("CONQUERED3 conquered hex (3 barbarians)", CONQUERED_STYLE)]
        return marks + [(f"{KNIGHT} knight (on a path)", "bold"),
                        (f"{GLYPHS['conquered-settlement']}/{GLYPHS['conquered-city']} conquered settlement/city",
                         "dim")]

    def notes(self, view: View) -> list[Item]:
        knights = _extra(view).get("knights_on_board") or {}
        parts = [f"{owner} {', '.join(edges)}" for owner, edges in sorted(knights.items()) if edges]
        return [("knights: " + "; ".join(parts), theme.NOTE_STYLE)] if parts else []

    def status_rows(self, view: View, colors: Colors) -> list[tuple[str, Text]]:
        extra = _extra(view)
        if "barbarian_supply" not in extra:
            return []
        rows: list[tuple[str, Text]] = [
            ("barbarians", Text(f"{extra['barbarian_supply']} in supply, "
                                f"{sum(int(c['barbarians']) for c in extra.get('coast') or [])} on the coast")),
            ("cards", Text(f"{extra.get('deck', 0)} in the deck, {len(extra.get('discards') or [])} discarded")),
        ]
        supply = extra.get("knight_supply") or {}
        on_board = extra.get("knights_on_board") or {}
        for p in view.get("players") or []:
            name = p["name"]
            mine = p.get("extra") or {}
            text = player_text(name, colors)
            text.append(f": knights {len(on_board.get(name, []))} out, {supply.get(name, 0)} in supply; "
                        f"gold {mine.get('gold', 0)}; prisoners {mine.get('prisoners', 0)}")
            rows.append(("army", text))
        return rows


LAYER = BarbarianLayer()
