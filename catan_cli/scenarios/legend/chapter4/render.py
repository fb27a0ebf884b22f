"""Chapter 4 on the screen (called by :class:`..render.LegendLayer`): the face-down areas
marked with their border's colour, the sea robber lairs on their hexes, the spice hexes'
key, merchants (drawn by the core as node pieces), and the tables: each player's spice
cards (the kinds for yourself, how many for the others), trade options held, Catan chits
for spices; the trade options left, the spice stack and its discard pile, the lairs.

Everything comes from the view: the board's face-down hexes (terrain "unexplored", with
their area), ``extra`` as :meth:`.rules.Chapter4.view_items` and the chapter's state
items give it (``spice_hexes``, ``lairs``, ``lairs_left``, ``lairs_taken``,
``lairs_in_play``, ``merchants``, ``trade_options``, ``spice_stack`` as a count,
``spice_discard``, ``face_down`` counts, ``chits_for_spices``), and each player's ``extra``
(``spices``: a dict by kind for the seat itself, a count for the others; ``options``).
"""

from __future__ import annotations

from typing import AbstractSet, Any, Mapping

from rich.text import Text

from ....render import theme
from ....render.layers import Board, Colors, HexMark, HexNote, Item, View, key_item, sample_mark
from ....render.tables import player_text

LAIR_STYLE = "bold red"
SPICE_STYLE = "bold dark_orange"
MERCHANT_STYLE = "bold"
#: a face-down area's note in the colour of its border on the board
AREA_STYLES = {"red": "bold red", "blue": "bold blue"}
#: a face-down area's label on its hexes: never a colour word, which would read as a player
AREA_LABELS = {"red": "?1", "blue": "?2"}


def _extra(view: View) -> Mapping[str, Any]:
    return view.get("extra") or {}


def is_chapter4(view: View) -> bool:
    return "spice_hexes" in _extra(view)


def spice_text(spices: Any) -> str:
    """A hand's spices: by kind for its owner, a count for the others."""
    if isinstance(spices, Mapping):
        held = [f"{n} {kind}" for kind, n in spices.items() if n]
        return ", ".join(held) or "none"
    return str(spices or 0)


def spice_count(spices: Any) -> int:
    if isinstance(spices, Mapping):
        return sum(int(n) for n in spices.values())
    return int(spices or 0)


def options_text(options: Any) -> str:
    return ", ".join(f"{o['resource']} ({o['spice_hex']})" for o in options or []) or "none"


def area_label(area: str) -> str:
    return AREA_LABELS.get(area, f"?{area[:2]}")


def lair() -> HexMark:
    return HexMark("LAIR", "L", LAIR_STYLE)


def hex_marks(view: View) -> dict[str, list[HexMark]]:
    return {str(h): [lair()] for h in _extra(view).get("lairs") or []}


def hex_notes(board: Board, view: View, shown: AbstractSet[str]) -> list[HexNote]:
    """The border colour of each face-down hex's area (red or blue, as on the board)."""
    if not is_chapter4(view):
        return []
    notes = []
    for h in board.get("hexes") or []:
        hid = str(h["id"])
        if hid in shown and h.get("terrain") == "unexplored" and h.get("area"):
            area = str(h["area"])
            notes.append(HexNote(hid, area_label(area), AREA_STYLES.get(area, theme.NOTE_STYLE)))
    return notes


def legend_marks(view: View, compact: bool = False) -> list[Item]:
    """The chapter's key; compact hexes show a face-down hex as "??" and a lair by its
    letter (the spice hex's code "sp" is in the core's terrain key)."""
    if not is_chapter4(view):
        return []
    mark = sample_mark(view)
    items: list[Item] = [(f"m{mark}12 merchant (closes its owner's route)", MERCHANT_STYLE)]
    if compact:
        items.append(("?? face down", theme.NOTE_STYLE))
    areas = sorted(_extra(view).get("face_down") or {}, key=area_label)
    items += [(f"{area_label(a)} face-down hex inside the {a} border", AREA_STYLES.get(a, theme.NOTE_STYLE))
              for a in areas]
    if _extra(view).get("lairs_in_play"):
        items.append(key_item(lair(), "sea robber lair (4 ships on its sides take it)", compact))
    return items


def notes(view: View) -> list[Item]:
    if not is_chapter4(view):
        return []
    extra = _extra(view)
    out: list[Item] = [("spice hexes: no number, no roads or settlements (turned up as the map is explored)",
                        SPICE_STYLE)]
    down = extra.get("face_down") or {}
    if down:
        text = "; ".join(f"{area_label(name)} ({name} border) {c.get('hexes', 0)}" for name, c in sorted(down.items(), key=lambda item: area_label(item[0])))
        out.append((f"face down: {text} (a ship's end on a corner turns a hex up)", theme.NOTE_STYLE))
    merchants = extra.get("merchants") or []
    if merchants:
        out.append(("merchants: " + ", ".join(f"{m['owner']} {m['node']}" for m in merchants), theme.NOTE_STYLE))
    return out


def lairs_text(extra: Mapping[str, Any]) -> str:
    if not extra.get("lairs_in_play"):
        return "not in play (fewer than 2 sea robbers were left in Chapter 3)"
    on = ", ".join(str(h) for h in extra.get("lairs") or []) or "none on the board"
    return (f"{on}; {extra.get('lairs_left', 0)} to come on the next sea hexes found, "
            f"{extra.get('lairs_taken', 0)} taken")


def status_rows(view: View, colors: Colors) -> list[tuple[str, Text]]:
    if not is_chapter4(view):
        return []
    extra = _extra(view)
    rows: list[tuple[str, Text]] = []
    for p in view.get("players") or []:
        pe = p.get("extra") or {}
        text = player_text(p["name"], colors)
        text.append(f": spice cards {spice_text(pe.get('spices'))}; trade options {options_text(pe.get('options'))}; "
                    f"chits for spices {pe.get('spice_chits', 0)}")
        rows.append(("spices", text))
    left = extra.get("trade_options") or []
    rows.append(("trade options left", Text(", ".join(left) or "none")))
    discard = extra.get("spice_discard") or []
    rows.append(("spice cards", Text(f"{extra.get('spice_stack', 0)} in the stack, {len(discard)} on the discard pile")))
    rows.append(("sea robber lairs", Text(lairs_text(extra))))
    return rows


def player_columns(view: View) -> list[tuple[str, dict[str, str]]]:
    if not is_chapter4(view):
        return []
    players = list(view.get("players") or [])
    return [
        ("spices", {str(p["name"]): str(spice_count((p.get("extra") or {}).get("spices"))) for p in players}),
        ("options", {str(p["name"]): str(len((p.get("extra") or {}).get("options") or [])) for p in players}),
        ("spice chits", {str(p["name"]): str((p.get("extra") or {}).get("spice_chits", 0)) for p in players}),
    ]


def hand_rows(view: View, player: str) -> list[tuple[str, str]]:
    """A hand's spice cards, kind by kind where the view shows them, and its trade options."""
    if not is_chapter4(view):
        return []
    for p in view.get("players") or []:
        if str(p["name"]) != player:
            continue
        pe = p.get("extra") or {}
        spices = pe.get("spices")
        rows = ([(kind, str(n)) for kind, n in spices.items()] if isinstance(spices, Mapping)
                else [("spice cards", str(spices or 0))])
        for o in pe.get("options") or []:
            rows.append((f"trade option: 2 {o['resource']} buy a spice", str(o["spice_hex"])))
        return rows
    return []
