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
from ...render.layers import BoardLayer, Colors, EdgeMark, HexMark, Item, View, key_item, sample_mark, view_marks
from ...render.tables import player_text
from .rules import PIECES

GLYPHS: dict[str, str] = {k.name: k.glyph for k in PIECES}
KNIGHT = "k"
BARBARIAN_STYLE = "bold red"
CONQUERED_STYLE = "bold white on red"
CASTLE_STYLE = "bold yellow"


def _extra(view: View) -> Mapping[str, Any]:
    return view.get("extra") or {}


def castle() -> HexMark:
    return HexMark("CASTLE", "K", CASTLE_STYLE)


def barbarians(k: int) -> HexMark:
    return HexMark(f"BARB{k}", f"B{k}", BARBARIAN_STYLE)


def conquered(k: int) -> HexMark:
    return HexMark(f"CONQ{k}", f"X{k}", CONQUERED_STYLE)


def knight_mark(edge: str, mark: str, style: str) -> EdgeMark:
    """A knight on a path: ``k`` with its owner's mark in the middle (``krk``); alone on a
    one-cell side, the owner's mark in capitals (a road there shows it in small letters).
    Roads do not block knights (D.9): a knight on a road's path stands on the road, as
    its piece does on the table, so it is drawn over it."""
    return EdgeMark(edge, KNIGHT, style, mark=mark, lone=mark.upper() or KNIGHT, over=True)


class BarbarianLayer(BoardLayer):
    glyphs = GLYPHS
    own_buildings = frozenset(GLYPHS)

    def hex_marks(self, view: View) -> dict[str, list[HexMark]]:
        extra = _extra(view)
        out: dict[str, list[HexMark]] = {}
        if extra.get("castle"):
            out[str(extra["castle"])] = [castle()]
        for c in extra.get("coast") or []:
            k = int(c["barbarians"])
            if c.get("conquered"):
                out[str(c["hex"])] = [conquered(k)]
            elif k:
                out[str(c["hex"])] = [barbarians(k)]
        return out

    def node_marks(self, view: View, colors: Colors) -> dict[int, Item]:
        """Conquered buildings lie on their side: their glyph and the owner's mark, dim, in
        the owner's colour (``zr12``: red's conquered settlement)."""
        marks: dict[int, Item] = {}
        owners = view_marks(view)
        for b in view.get("buildings") or []:
            glyph = GLYPHS.get(str(b.get("kind")))
            if glyph:
                mark = theme.owner_mark(owners, b.get("owner"))
                marks[int(b["node"])] = (f"{glyph}{mark}{b['node']}",
                                         f"dim {theme.owner_color(colors, b.get('owner'))} reverse")
        return marks

    def edge_marks(self, view: View, colors: Colors) -> list[EdgeMark]:
        out = []
        owners = view_marks(view)
        for owner, edges in sorted((_extra(view).get("knights_on_board") or {}).items()):
            style = f"bold {theme.owner_color(colors, owner)}"
            out += [knight_mark(str(e), theme.owner_mark(owners, owner), style) for e in edges]
        return out

    def legend_marks(self, view: View, compact: bool) -> list[Item]:
        if not _extra(view).get("coast"):
            return []
        mark = sample_mark(view)
        knight = f"{KNIGHT}{mark}{KNIGHT} knight (on a path" + (f"; {mark.upper()} alone on a short side)"
                                                              if compact and mark else ")")
        return [key_item(castle(), "castle", compact), key_item(barbarians(2), "barbarians", compact),
                key_item(conquered(3), "conquered hex (3 barbarians)", compact),
                (knight, "bold"),
                (f"{GLYPHS['conquered-settlement']}{mark}12/{GLYPHS['conquered-city']}{mark}12 "
                 "conquered settlement/city", "dim")]

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
