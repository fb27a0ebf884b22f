"""The Pirate Islands on the screen: the fleet and its path, fortresses, marked
intersections and each player's lane.

All of it comes from the view's ``extra`` items the rules declare: ``fleet`` (hex, path,
active), ``fortresses`` (node, owner, chits), ``marked`` (node, owner) and ``lanes``
(owner -> path names).
"""

from __future__ import annotations

from typing import AbstractSet, Any, Mapping

from rich.text import Text

from ...render import theme
from ...render.layers import (
    Board, BoardLayer, Colors, EdgeMark, HexMark, HexNote, Item, View, key_item, sample_mark, view_marks,
)
from ...render.tables import player_text
from .rules import PIECES

MARKED = "o"
LANE_GLYPH = ":"   # a lane with no ship on it yet; ``~`` would read as a ship
PATH_STYLE = "magenta"
GLYPHS: dict[str, str] = {k.name: k.glyph for k in PIECES}
FORTRESS = GLYPHS["fortress"]
FLEET = HexMark("FLEET", "F", theme.PIRATE_STYLE)


def _extra(view: View) -> Mapping[str, Any]:
    return view.get("extra") or {}


def live_fleet(view: View) -> Mapping[str, Any]:
    """The fleet, or {} when there is none or it has left the map (active false)."""
    fleet: Mapping[str, Any] = _extra(view).get("fleet") or {}
    return fleet if fleet.get("active", True) else {}


def fleet_steps(fleet: Mapping[str, Any], most: int = 6) -> list[tuple[int, str]]:
    """(die result, hex the fleet would reach) for strengths 1..most along its path."""
    path = [str(h) for h in fleet.get("path") or []]
    here = str(fleet.get("hex"))
    if not path or here not in path:
        return []
    start = path.index(here)
    return [(n, path[(start + n) % len(path)]) for n in range(1, most + 1)]


def fleet_text(fleet: Mapping[str, Any]) -> Text:
    """'at AB; next 1 AC  2 AD  ...  6 AH': where each die result would take the fleet."""
    if not fleet.get("active", True):
        return Text("gone: every fortress is taken", style="dim")
    text = Text(f"at {fleet.get('hex', '?')}")
    steps = fleet_steps(fleet)
    if steps:
        text.append("; next ")
        text.append("  ".join(f"{n} {hid}" for n, hid in steps), style=PATH_STYLE)
    return text


class PirateIslandsLayer(BoardLayer):
    glyphs = GLYPHS
    # a fortress the pirates still hold has no owner's colour: labelled from ``fortresses``
    own_buildings = frozenset({"fortress"})

    def hex_marks(self, view: View) -> dict[str, list[HexMark]]:
        fleet = live_fleet(view)
        if not fleet or fleet.get("hex") == view.get("pirate"):
            return {}
        return {str(fleet.get("hex")): [FLEET]}

    def hex_notes(self, board: Board, view: View, shown: AbstractSet[str]) -> list[HexNote]:
        """Steps ahead of the fleet on each hex of its path."""
        fleet = live_fleet(view)
        path = [str(p) for p in fleet.get("path") or []]
        here = fleet.get("hex")
        if not path or here not in path:
            return []
        start = path.index(here)
        return [HexNote(path[(start + step) % len(path)], f"+{step}", PATH_STYLE) for step in range(1, len(path))]

    def node_marks(self, view: View, colors: Colors) -> dict[int, Item]:
        """Marked intersections ``or16`` (red's, the owner's mark before the number, so it
        reads without colour) and fortresses ``F13``: the pirates' pieces until taken (then
        the taker's settlement); whose fortress each is, the status table says in words."""
        extra = _extra(view)
        owners = view_marks(view)
        marks: dict[int, Item] = {}
        for m in extra.get("marked") or []:
            mark = theme.owner_mark(owners, m.get("owner"))
            marks[int(m["node"])] = (f"{MARKED}{mark}{m['node']}", f"bold {theme.owner_color(colors, m.get('owner'))}")
        for f in extra.get("fortresses") or []:
            owner = theme.owner_color(colors, f.get("owner"))
            marks[int(f["node"])] = (f"{FORTRESS}{f['node']}", f"bold {owner} reverse")
        return marks

    def edge_marks(self, view: View, colors: Colors) -> list[EdgeMark]:
        """Each player's lane, dotted in their colour, their letter on each path (':r:')."""
        out = []
        marks = theme.owner_marks(view.get("players") or [])
        for owner, edge_ids in sorted((_extra(view).get("lanes") or {}).items()):
            style = f"dim {theme.owner_color(colors, owner)}"
            mark = theme.owner_mark(marks, owner)
            out += [EdgeMark(str(e), LANE_GLYPH, style, mark) for e in edge_ids]
        return out

    def legend_routes(self, view: View) -> list[str]:
        warships = any(r.get("kind") == "warship" for r in view.get("routes") or [])
        out = ["ship"] if warships or live_fleet(view) else []
        return out + (["warship"] if warships or _extra(view).get("fortresses") else [])

    def legend_marks(self, view: View, compact: bool) -> list[Item]:
        extra, fleet = _extra(view), live_fleet(view)
        items: list[Item] = []
        mark = sample_mark(view)
        if fleet and fleet.get("hex") != view.get("pirate"):
            items.append(key_item(FLEET, "fleet", compact))
        if extra.get("fortresses"):
            items.append((f"{FORTRESS}13 pirate fortress", "bold reverse"))
        if extra.get("lanes"):
            items.append((f"{LANE_GLYPH}{mark}{LANE_GLYPH} sea lane", "dim"))
        if extra.get("marked"):
            items.append((f"{MARKED}{mark}7 marked", "bold"))
        if fleet:
            items.append(("+3 fleet path, steps ahead" if not compact else "+3 fleet steps", PATH_STYLE))
        return items

    def notes(self, view: View) -> list[Item]:
        forts = _extra(view).get("fortresses") or []
        if not forts:
            return []
        parts = ", ".join(f"{FORTRESS}{f['node']} {f.get('owner') or '-'} ({f['chits']} chits)" for f in forts)
        return [(f"fortresses: {parts}", theme.NOTE_STYLE)]

    def status_rows(self, view: View, colors: Colors) -> list[tuple[str, Text]]:
        extra = _extra(view)
        rows: list[tuple[str, Text]] = []
        fleet = extra.get("fleet")
        if fleet:
            rows.append(("fleet", fleet_text(fleet)))
        for f in extra.get("fortresses") or []:
            text = player_text(f.get("owner"), colors)
            text.append(f": {FORTRESS}{f['node']}, {f['chits']} chit{'s' if f['chits'] != 1 else ''}")
            rows.append(("fortress", text))
        for m in extra.get("marked") or []:     # whose marked intersection, in words (not colour only)
            text = player_text(m.get("owner"), colors)
            text.append(f": {MARKED}{m['node']}")
            rows.append(("marked", text))
        return rows


LAYER = PirateIslandsLayer()
