"""Chapter 3 on the screen (called by :class:`..render.LegendLayer`): sea robber ships on their
hexes, the Gold Isles' gold fields, the earned 2:1 harbours beside first settlements, and
a table row of each player's clay jugs and sea robbers sunk with the Nemesis holder.

Everything comes from the view's ``extra`` as :meth:`.rules.Chapter3.view_items` gives it.
"""

from __future__ import annotations

from typing import Any, Mapping

from rich.text import Text

from ....render import theme
from ....render.layers import Colors, HexMark, Item, View, key_item
from ....render.tables import player_text

ROBBER_STYLE = "bold red"
ISLE_STYLE = "bold yellow"


def _extra(view: View) -> Mapping[str, Any]:
    return view.get("extra") or {}


def is_chapter3(view: View) -> bool:
    return "sea_robber_hexes" in _extra(view)


def sea_robber() -> HexMark:
    """A sea robber ship: its own letter, never the robber's R."""
    return HexMark("ROBSHIP", "V", ROBBER_STYLE)


def gold_isle() -> HexMark:
    return HexMark("ISLES", "I", ISLE_STYLE)


def hex_marks(view: View) -> dict[str, list[HexMark]]:
    extra = _extra(view)
    marks = {str(h): [sea_robber()] for h in extra.get("sea_robber_hexes") or []}
    for h in extra.get("gold_isles") or []:
        marks.setdefault(str(h), []).append(gold_isle())
    return marks


def legend_marks(view: View, compact: bool = False) -> list[Item]:
    if not is_chapter3(view):
        return []
    return [key_item(sea_robber(), "sea robber ship (a chest under it)", compact),
            key_item(gold_isle(), "a gold field of the Gold Isles", compact)]


def notes(view: View) -> list[Item]:
    if not is_chapter3(view):
        return []
    harbors = _extra(view).get("earned_harbors") or {}
    if not harbors:
        return []
    text = "; ".join(f"{name} 2:1 {h['resource']}" + (f" at {h['node']}" if h.get("node") else "")
                     for name, h in harbors.items())
    return [("earned harbours: " + text, theme.NOTE_STYLE)]


def status_rows(view: View, colors: Colors) -> list[tuple[str, Text]]:
    if not is_chapter3(view):
        return []
    extra = _extra(view)
    text = Text()
    for name, jugs in (extra.get("jugs") or {}).items():
        if len(text):
            text.append(", ")
        text.append_text(player_text(name, colors))
        text.append(f" {jugs} jugs, {(extra.get('sea_robbers_sunk') or {}).get(name, 0)} sunk")
    holder = extra.get("nemesis_holder")
    text.append(f"  (Greatest Sea Robber Nemesis: {holder or 'nobody yet'})")
    return [("ship tiles", text)]
