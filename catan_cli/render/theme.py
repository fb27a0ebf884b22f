"""Colours, glyphs and words shared by the board drawing and the tables.

Everything the renderer shows is readable without colour: colour only repeats what a glyph
or a word already says (terrain words, ``*6*``, ``#`` / ``~`` / ``=``, and the owner's mark
on every piece: ``r12`` red's settlement, ``R12`` red's city, ``#r#`` red's road).
Sea is written ``sea`` rather than drawn as waves, so ``~`` always means a ship.

Player colours follow the Okabe–Ito palette (told apart by colour-blind players); the 6 and
8 are highlighted without any hue, so no player's colour is ever shared with them.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from rich.color import Color, ColorParseError

RESOURCES: tuple[str, ...] = ("lumber", "brick", "wool", "grain", "ore")

# Terrain: the word drawn in a full-size hex, the code drawn in a compact one (the same codes
# the scenario files use), and the colour of both.
TERRAIN_WORD: dict[str, str] = {
    "forest": "forest", "hills": "hills", "pasture": "pasture", "fields": "fields",
    "mountains": "mountains", "desert": "desert", "gold": "gold", "sea": "sea", "?": "?",
    "unexplored": "face down",
}
TERRAIN_CODE: dict[str, str] = {
    "forest": "fo", "hills": "hi", "pasture": "pa", "fields": "fi",
    "mountains": "mo", "desert": "de", "gold": "go", "sea": "sea", "?": "?",
    "unexplored": "??",
}
TERRAIN_STYLE: dict[str, str] = {
    "forest": "bold green3", "hills": "bold dark_orange3", "pasture": "bold chartreuse3",
    "fields": "bold gold3", "mountains": "bold grey66", "desert": "khaki3",
    "gold": "bold gold1", "sea": "dodger_blue3", "?": "magenta", "unexplored": "magenta",
}
# Background shading inside land hexes: dark tints, so the light text on them reads.
TERRAIN_BG: dict[str, str] = {
    "forest": "#16331a", "hills": "#42200f", "pasture": "#24401a", "fields": "#3d3510",
    "mountains": "#2c2c30", "desert": "#3a3222", "gold": "#4d3d00", "?": "#301a30",
    "unexplored": "#301a30",
}
RESOURCE_STYLE: dict[str, str] = {
    "lumber": "green3", "brick": "dark_orange3", "wool": "chartreuse3",
    "grain": "gold3", "ore": "grey66",
}
# Short resource names for compact harbour labels.
RESOURCE_SHORT: dict[str, str] = {
    "lumber": "lum", "brick": "brk", "wool": "wol", "grain": "grn", "ore": "ore",
}

# Pieces.  Nodes carry the glyph before the number (s12, C12); edges are filled with it.
# A scenario's own pieces bring their glyphs in its render layer.
SETTLEMENT = "s"
CITY = "C"
ROUTE_GLYPH: dict[str, str] = {"road": "#", "ship": "~"}

# Plain map parts.
OUTLINE_LAND = "grey54"
OUTLINE_SEA = "blue"
OUTLINE_RIM = "dim blue"
NODE_STYLE = "grey62"
HEX_ID_STYLE = "bold grey93"
SEA_ID_STYLE = "dim dodger_blue3"
NUMBER_STYLE = "bold grey93"
HOT_NUMBER_STYLE = "bold underline"   # no hue: never a player's colour
PIPS_STYLE = "grey50"
HARBOR_STYLE = "bold cyan"
HARBOR_SIDE = "."   # a harbour's side is dotted: its two intersections trade there
ROBBER_STYLE = "bold reverse"
PIRATE_STYLE = "bold reverse"
NOTE_STYLE = "grey62"

HOT_NUMBERS: frozenset[int] = frozenset({6, 8})

# Player colour words to terminal colours: the Okabe–Ito palette (vermillion, sky blue,
# orange, bluish green, reddish purple, yellow), which colour-blind players tell apart.
PLAYER_COLORS: dict[str, str] = {
    "red": "#d55e00", "blue": "#56b4e9", "white": "grey93", "orange": "#e69f00",
    "green": "#009e73", "brown": "#a6761d", "yellow": "#f0e442", "purple": "#cc79a7",
}
_FALLBACK_COLORS: tuple[str, ...] = ("#d55e00", "#56b4e9", "grey93", "#e69f00", "#009e73", "#cc79a7")


def player_color(color: str | None, seat: int = 0) -> str:
    """A rich colour name for a player's colour word (falls back on a palette by seat)."""
    if color:
        word = color.lower()
        if word in PLAYER_COLORS:
            return PLAYER_COLORS[word]
        try:
            Color.parse(word)
            return word
        except ColorParseError:
            pass
    return _FALLBACK_COLORS[seat % len(_FALLBACK_COLORS)]


def player_colors(players: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Player name -> rich colour, for the players of a view."""
    return {str(p["name"]): player_color(p.get("color") or str(p["name"]), i) for i, p in enumerate(players)}


def owner_marks(players: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Player name -> one lower-case letter drawn on their pieces: the initial, or the next
    letter of the name no other player has taken (then a digit), so NO_COLOR reads owners."""
    marks: dict[str, str] = {}
    for i, p in enumerate(players):
        name = str(p["name"])
        taken = set(marks.values())
        free = [c for c in name.lower() if c.isalpha() and c not in taken]
        marks[name] = free[0] if free else next(d for d in "123456789" if d not in taken)
    return marks


def owner_mark(marks: Mapping[str, str], owner: Any) -> str:
    """The mark of a piece's owner ("" for no owner or a name the view does not list)."""
    return marks.get(str(owner), "") if owner is not None else ""


def owner_color(colors: Mapping[str, str], owner: Any) -> str:
    """The colour of a piece's owner ("bold" for no owner), from a view's player colours."""
    if owner is None:
        return "bold"
    return colors.get(str(owner)) or player_color(str(owner))


def number_label(number: int) -> str:
    """A number token as drawn: 6 and 8 are starred so they stand out without colour."""
    return f"*{number}*" if number in HOT_NUMBERS else str(number)


def number_style(number: int) -> str:
    return HOT_NUMBER_STYLE if number in HOT_NUMBERS else NUMBER_STYLE


def pips(number: int) -> int:
    """Dots on a number token: how many of the 36 dice outcomes roll it, out of 6."""
    return 6 - abs(7 - number)


def harbor_label(kind: str, compact: bool = False) -> str:
    """'3:1', '2:1 ore' (compact: '2:1 ore' with a 3-letter resource), '?' while face down."""
    if kind == "3:1":
        return "3:1"
    if kind in RESOURCES:
        return f"2:1 {RESOURCE_SHORT[kind] if compact else kind}"
    return "?:?"
