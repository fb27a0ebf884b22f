"""Land Ho! on the screen: ships with their cargo, the ship being moved and its points
left, settlers in harbour basins, the face-down areas, and each player's gold, ships and
settlers.

Everything comes from the view's ``extra`` items the rules declare (``ships``, ``basins``,
``this_turn``, ``face_down`` counts) and ``view_items`` (``areas``, ``moving``); face-down
hexes are drawn face down by the core (terrain "unexplored"), with their area's name.
"""

from __future__ import annotations

from typing import AbstractSet, Any, Mapping, Sequence

from rich.text import Text

from ...render import theme
from ...render.layers import Board, BoardLayer, Colors, EdgeMark, HexNote, Item, View, sample_mark, view_marks

SHIP, SETTLER_SHIP = "~", "S"
AREA_STYLE = "bold magenta"


def _extra(view: View) -> Mapping[str, Any]:
    return view.get("extra") or {}


def _ships(view: View) -> Sequence[Mapping[str, Any]]:
    return _extra(view).get("ships") or []


def _is_land_ho(view: View) -> bool:
    return "basins" in _extra(view)


class LandHoLayer(BoardLayer):
    glyphs = {"neutral-road": "="}
    own_buildings = frozenset({"harbor-settlement"})

    def node_marks(self, view: View, colors: Colors) -> dict[int, Item]:
        """Harbour settlements as H and the owner's mark (``Hr14``; a settler in the basin:
        ``Hr14+``), neutral pieces as x / X."""
        basins = _extra(view).get("basins") or {}
        owners = view_marks(view)
        out: dict[int, Item] = {}
        for b in view.get("buildings") or []:
            if b["kind"] == "harbor-settlement":
                node = int(b["node"])
                mark = theme.owner_mark(owners, b.get("owner"))
                out[node] = (f"H{mark}{node}{'+' if str(node) in basins else ''}",
                             f"bold {colors.get(str(b['owner']), '')}".strip())
        neutral = _extra(view).get("neutral") or {}
        for node in neutral.get("settlements", []):
            out[int(node)] = (f"x{node}", "bold grey50")
        for node in neutral.get("harbors", []):
            out[int(node)] = (f"X{node}", "bold grey50")
        return out

    def edge_marks(self, view: View, colors: Colors) -> list[EdgeMark]:
        by_edge: dict[str, list[Mapping[str, Any]]] = {}
        for sh in _ships(view):
            by_edge.setdefault(str(sh["edge"]), []).append(sh)
        marks = [EdgeMark(str(e), "=", "grey50") for e in (_extra(view).get("neutral") or {}).get("roads", [])]
        owners = view_marks(view)
        for edge, ships in by_edge.items():
            glyph = SETTLER_SHIP if any(sh["cargo"] for sh in ships) else SHIP
            mark = theme.owner_mark(owners, ships[0]["owner"])
            marks.append(EdgeMark(edge, glyph, f"bold {colors.get(str(ships[0]['owner']), '')}".strip(), mark=mark,
                                  lone=mark or glyph))
        return marks

    def hex_notes(self, board: Board, view: View, shown: AbstractSet[str]) -> list[HexNote]:
        notes = []
        for area in (_extra(view).get("areas") or {}).values():
            for hid in area["face_down"]:
                if hid in shown:
                    notes.append(HexNote(str(hid), str(area["label"]).split()[-1], AREA_STYLE))   # "moon", "sun"
        return notes

    def legend_marks(self, view: View, compact: bool) -> list[Item]:
        if not _is_land_ho(view):
            return []
        mark = sample_mark(view)
        return [(f"{SHIP}{mark}{SHIP} ship", "bold"), (f"{SETTLER_SHIP}{mark}{SETTLER_SHIP} settler ship", "bold"),
                (f"H{mark}14 harbour settlement (H{mark}14+: settler in its basin)", "bold")] + (
                [("x14/X14/= neutral settlement, harbour, road", "bold")]
                if any((_extra(view).get("neutral") or {}).values()) else []) + [
                (f"{a['label'].split()[-1]} face-down hex of the {a['label']} area", AREA_STYLE)
                for a in (_extra(view).get("areas") or {}).values()]

    def notes(self, view: View) -> list[Item]:
        if not _is_land_ho(view):
            return []
        moving = _extra(view).get("moving") or {}
        texts = []
        for sh in _ships(view):
            about = ["settler"] if sh["cargo"] else []
            if sh["edge"] == moving.get("edge") and sh["owner"] == view.get("current"):
                about.append(f"moving: {moving['points']} points left")
            texts.append(f"{sh['owner']} {sh['edge']}" + (f" ({'; '.join(about)})" if about else ""))
        out: list[Item] = [(f"ships: {', '.join(texts) or 'none'}", "bold")]
        basins = _extra(view).get("basins") or {}
        if basins:
            out.append(("settlers in basins: " + ", ".join(f"harbour {n}" for n in sorted(basins, key=int)), "bold"))
        return out

    def status_rows(self, view: View, colors: Colors) -> list[tuple[str, Text]]:
        if not _is_land_ho(view):
            return []
        rows = []
        moving = _extra(view).get("moving")
        if moving:
            rows.append(("moving", Text(f"ship {moving['edge']}: {moving['points']} points left")))
        areas = _extra(view).get("areas") or {}
        counts = _extra(view).get("face_down") or {}
        for name, area in areas.items():
            left = counts.get(name, {})
            rows.append((str(area["label"]), Text(f"{left.get('hexes', 0)} face down, "
                                                  f"{left.get('numbers', 0)} number tokens", style=AREA_STYLE)))
        return rows

    def player_columns(self, view: View) -> list[tuple[str, dict[str, str]]]:
        if not _is_land_ho(view):
            return []
        players = list(view.get("players") or [])
        return [(header, {str(p["name"]): str((p.get("extra") or {}).get(key, "")) for p in players})
                for header, key in (("gold", "gold"), ("ships", "ships_left"), ("settlers", "settlers_left"))]

    def hand_rows(self, view: View, player: str) -> list[tuple[str, str]]:
        for p in view.get("players") or []:
            if str(p["name"]) == player and "gold" in (p.get("extra") or {}) and _is_land_ho(view):
                return [("gold", str(p["extra"]["gold"]))]
        return []


LAYER = LandHoLayer()
