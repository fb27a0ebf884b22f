"""Chapter 2 on the screen (called by :class:`..render.LegendLayer`): bog iron counts on the
pastures, gold-field tokens face down with the miners they need, gold miners where they
stand, and the gold-mining track with its chit spaces and Nyala.

Everything comes from the view's ``extra`` as :meth:`.rules.Chapter2.view_items` gives it.
"""

from __future__ import annotations

from typing import Any, Mapping

from rich.text import Text

from ....render import theme
from ....render.layers import Colors, HexMark, Item, View, key_item
from ....render.tables import player_text

BOG_STYLE = "bold cyan"
FIELD_STYLE = "bold yellow"
MINER_STYLE = "bold green"


def _extra(view: View) -> Mapping[str, Any]:
    return view.get("extra") or {}


def is_chapter2(view: View) -> bool:
    return "gold_track" in _extra(view)


def bog_iron(k: int) -> HexMark:
    return HexMark(f"b{k}", "b", BOG_STYLE)


def hex_marks(view: View) -> dict[str, list[HexMark]]:
    return {str(h): [bog_iron(k)] for h, k in (_extra(view).get("bog_iron") or {}).items()}


def node_marks(view: View) -> dict[int, Item]:
    """A face-down gold-field token ``g25`` and gold miners ``m25`` before the intersection's
    number, which stays readable (it is typed in commands); how many miners a field needs
    and who has miners where are in the notes."""
    extra = _extra(view)
    marks: dict[int, Item] = {}
    for f in extra.get("gold_fields") or []:
        marks[int(f["node"])] = (f"g{f['node']}", FIELD_STYLE)
    for nodes in (extra.get("gold_miners") or {}).values():
        for n in nodes:
            marks[int(n)] = (f"m{n}", MINER_STYLE)
    return marks


def legend_marks(view: View, compact: bool = False) -> list[Item]:
    if not is_chapter2(view):
        return []
    return [key_item(bog_iron(4), "bog iron on a pasture" + ("" if compact else " (4 left)"), compact),
            ("g25 gold-field token on 25 (face down)", FIELD_STYLE),
            ("m25 gold miners on 25", MINER_STYLE)]


def notes(view: View) -> list[Item]:
    extra = _extra(view)
    if not is_chapter2(view):
        return []
    out: list[Item] = [("Gold Island: outposts on its coast only; no roads or settlements", theme.NOTE_STYLE)]
    needs: dict[int, list[str]] = {}
    for f in extra.get("gold_fields") or []:
        needs.setdefault(int(f["miners"]), []).append(str(f["node"]))
    if needs:
        out.append(("gold fields (miners needed): " + "; ".join(
            f"{', '.join(sorted(nodes, key=int))} need {k}" for k, nodes in sorted(needs.items())), theme.NOTE_STYLE))
    counts: dict[str, dict[int, int]] = {}
    for name, nodes in (extra.get("gold_miners") or {}).items():
        for n in nodes:
            counts.setdefault(str(name), {}).setdefault(int(n), 0)
            counts[str(name)][int(n)] += 1
    miners = [f"{name} on " + ", ".join(f"{n}" + (f" ({k})" if k > 1 else "") for n, k in sorted(spots.items()))
              for name, spots in counts.items()]
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
