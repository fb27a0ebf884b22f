"""Chapter 2 on the screen (called by :class:`..render.LegendLayer`): bog iron counts on the
pastures, gold-field tokens face down with the miners they need, gold miners where they
stand, and the gold-mining track with its chit spaces and Nyala.

Everything comes from the view's ``extra`` as :meth:`.rules.Chapter2.view_items` gives it.
"""

from __future__ import annotations

from typing import Any, Mapping

from rich.text import Text

from ....render import theme
from ....render.layers import Colors, HexMark, Item, View
from ....render.tables import player_text

BOG_STYLE = "bold cyan"
FIELD_STYLE = "bold yellow"
MINER_STYLE = "bold green"


def _extra(view: View) -> Mapping[str, Any]:
    return view.get("extra") or {}


def is_chapter2(view: View) -> bool:
    return "gold_track" in _extra(view)


def hex_marks(view: View) -> dict[str, list[HexMark]]:
    return {str(h): [HexMark(f"b{k}", "b", BOG_STYLE)] for h, k in (_extra(view).get("bog_iron") or {}).items()}


def node_marks(view: View) -> dict[int, Item]:
    extra = _extra(view)
    marks: dict[int, Item] = {}
    for f in extra.get("gold_fields") or []:
        marks[int(f["node"])] = (f"g{f['miners']}", FIELD_STYLE)
    counts: dict[int, int] = {}
    for nodes in (extra.get("gold_miners") or {}).values():
        for n in nodes:
            counts[int(n)] = counts.get(int(n), 0) + 1
    for n, k in counts.items():
        word, style = marks.get(n, ("", MINER_STYLE))
        marks[n] = (f"{word}m{k}", MINER_STYLE if not word else style)
    return marks


def legend_marks(view: View) -> list[Item]:
    if not is_chapter2(view):
        return []
    return [("b4 bog iron on a pasture", BOG_STYLE), ("g3 gold-field token: miners needed (face down)", FIELD_STYLE),
            ("m2 gold miners on an intersection", MINER_STYLE)]


def notes(view: View) -> list[Item]:
    extra = _extra(view)
    if not is_chapter2(view):
        return []
    out: list[Item] = [("Gold Island: outposts on its coast only; no roads or settlements", theme.NOTE_STYLE)]
    miners = [f"{name} on {', '.join(str(n) for n in nodes)}"
              for name, nodes in (extra.get("gold_miners") or {}).items() if nodes]
    if miners:
        out.append(("gold miners: " + "; ".join(miners), theme.NOTE_STYLE))
    return out


def track_text(view: View, colors: Colors) -> Text:
    """The gold-mining track: each marker's space, the chit spaces and Nyala's space."""
    extra = _extra(view)
    text = Text()
    for name, space in (extra.get("gold_track") or {}).items():
        if len(text):
            text.append(", ")
        text.append_text(player_text(name, colors))
        text.append(f" {space}")
    chits = ", ".join(str(c) for c in extra.get("gold_track_chits") or [])
    text.append(f"  (chits on {chits}; Nyala on {extra.get('gold_track_nyala')}"
                f"{' waits' if extra.get('nyala_waits') else ' won'})")
    return text


def status_rows(view: View, colors: Colors) -> list[tuple[str, Text]]:
    if not is_chapter2(view):
        return []
    return [("gold-mining track", track_text(view, colors))]
