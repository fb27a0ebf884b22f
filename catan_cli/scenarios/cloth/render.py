"""Cloth for Catan on the screen: the villages, their numbers and their cloth.

From the view's ``extra`` items the rules declare: ``villages`` (node, number, cloth,
traders) and ``cloth_supply``.  Each player's cloth is a victory-point source whose count
the general score table already shows beside its points.
"""

from __future__ import annotations

from typing import AbstractSet, Any, Mapping, Sequence

from rich.text import Text

from ...render.layers import Board, BoardLayer, Colors, HexNote, Item, View

VILLAGE = "V"
VILLAGE_STYLE = "bold magenta"


def _villages(view: View) -> Sequence[Mapping[str, Any]]:
    extra: Mapping[str, Any] = view.get("extra") or {}
    return extra.get("villages") or []


def _village_list(view: View) -> str:
    return ", ".join(f"{VILLAGE}{v['node']} {v['number']}: {v['cloth']} cloth" for v in _villages(view))


class ClothLayer(BoardLayer):
    def hex_notes(self, board: Board, view: View, shown: AbstractSet[str]) -> list[HexNote]:
        """A village's number token inside its island hex, next to the village's corner:
        the first drawn numberless land hex whose N or S corner the village is."""
        nodes = {int(n["id"]): n for n in board["nodes"]}
        hexes = {h["id"]: h for h in board["hexes"]}
        notes = []
        for v in _villages(view):
            node = nodes.get(int(v["node"]))
            if node is None:
                continue
            for hid in node["hexes"]:
                h = hexes.get(hid)
                if h is None or hid not in shown or h.get("number") or h["terrain"] == "sea":
                    continue
                corner = h["corners"].index(node["id"]) if node["id"] in h["corners"] else -1
                if corner in (0, 3):
                    number = int(v["number"])
                    # in brackets: a village's number must not read as the hex's own token
                    notes.append(HexNote(str(hid), f"({number})", VILLAGE_STYLE, bottom=corner == 3))
                    break
        return notes

    def node_marks(self, view: View, colors: Colors) -> dict[int, Item]:
        return {int(v["node"]): (f"{VILLAGE}{v['node']}", VILLAGE_STYLE) for v in _villages(view)}

    def legend_marks(self, view: View, compact: bool) -> list[Item]:
        return [(f"{VILLAGE}40 village, (5) its number", VILLAGE_STYLE)] if _villages(view) else []

    def notes(self, view: View) -> list[Item]:
        return [(f"villages: {_village_list(view)}", VILLAGE_STYLE)] if _villages(view) else []

    def status_rows(self, view: View, colors: Colors) -> list[tuple[str, Text]]:
        extra: Mapping[str, Any] = view.get("extra") or {}
        rows: list[tuple[str, Text]] = []
        if "cloth_supply" in extra:
            rows.append(("cloth supply", Text(str(extra["cloth_supply"]))))
        if _villages(view):
            rows.append(("villages", Text(_village_list(view), style=VILLAGE_STYLE)))
        return rows


LAYER = ClothLayer()
