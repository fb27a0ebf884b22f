"""What a scenario adds to the drawing: a :class:`BoardLayer` the core renderer asks.

A scenario package may have a ``render`` module whose ``LAYER`` is a :class:`BoardLayer`
subclass instance.  The map and the tables call its methods at fixed points and draw what
they return; every method answers "nothing" by default, so a scenario overrides only what
it shows.  A layer reads nothing but the view (and the public board), so it cannot show
more than the seat may see.

Every known layer is asked, the view's own scenario's first: a layer answers only from the
view items its scenario declares, so on a real view the others stay silent, and a view
put together by hand (tests, tools) still shows each item it carries.
"""

from __future__ import annotations

import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from typing import AbstractSet, Any, Mapping, Sequence

from rich.text import Text

View = Mapping[str, Any]
Board = Mapping[str, Any]
Colors = Mapping[str, str]
Item = tuple[str, str]          # (text, style): a legend item or a note line


@dataclass(frozen=True)
class HexMark:
    """A token standing on a hex: its word at full size, its letter in compact hexes."""

    word: str
    letter: str
    style: str


def token_label(marks: Sequence[HexMark], compact: bool, room: int) -> str:
    """The tokens on one hex as the map draws them: their words at full size (cut to the
    hex's ``room``); in a compact hex their letters, bracketed (bare letters would read as
    a hex id): ``[R]``, ``[B2]``, ``[Rb]`` (the robber on bog iron)."""
    if compact:
        return "[" + "".join(m.letter for m in marks) + "]"
    return " ".join(m.word for m in marks)[:room]


def key_item(mark: HexMark, meaning: str, compact: bool) -> "Item":
    """A key entry for a hex token, drawn exactly as the map draws the token alone: the key
    and the map share one source, so the key never names a glyph the map does not draw."""
    glyph = token_label([mark], compact, len(mark.word))
    return (glyph if meaning.lower() == glyph.lower() else f"{glyph} {meaning}", mark.style)


def view_marks(view: Mapping[str, Any]) -> dict[str, str]:
    """Player name -> the mark on their pieces, for a layer that draws pieces itself."""
    from .theme import owner_marks

    return owner_marks(view.get("players") or [])


def sample_mark(view: Mapping[str, Any]) -> str:
    """The first player's mark, for the key's examples (``r12``), as the core's key uses."""
    return next(iter(view_marks(view).values()), "")


@dataclass(frozen=True)
class HexNote:
    """A short text inside a hex, just below its N corner (or above its S corner)."""

    hex: str
    text: str
    style: str
    bottom: bool = False


@dataclass(frozen=True)
class EdgeMark:
    """A path drawn with ``glyph`` where no piece stands (pieces are drawn over it, unless
    the mark is ``over`` them); ``mark`` (an owner's letter) in its middle cell, so whose it
    is reads without colour."""

    edge: str
    glyph: str
    style: str
    mark: str = ""
    lone: str = ""     # what a one-cell side shows (default: the glyph alone)
    over: bool = False   # drawn over the road or ship on its path (a piece standing on it)


class BoardLayer:
    """The general game: no marks.  A scenario's ``render.LAYER`` overrides what it shows."""

    #: glyph per piece kind beyond settlement, city, road and ship (the first layer's wins)
    glyphs: Mapping[str, str] = {}
    #: node piece kinds the layer labels itself in ``node_marks`` (the core skips them)
    own_buildings: AbstractSet[str] = frozenset()

    def hex_marks(self, view: View) -> dict[str, list[HexMark]]:
        """Tokens per hex id, drawn after the robber and the pirate."""
        return {}

    def hex_notes(self, board: Board, view: View, shown: AbstractSet[str]) -> list[HexNote]:
        """Texts inside hexes; ``shown`` holds the ids of the hexes being drawn."""
        return []

    def node_marks(self, view: View, colors: Colors) -> dict[int, Item]:
        """Intersection labels (node id -> label, style); a building drawn by the core wins."""
        return {}

    def edge_marks(self, view: View, colors: Colors) -> list[EdgeMark]:
        return []

    def legend_routes(self, view: View) -> list[str]:
        """Route kinds the legend explains (in this order) beyond the road and ships in play."""
        return []

    def legend_marks(self, view: View, compact: bool) -> list[Item]:
        """Legend items after the robber and the pirate."""
        return []

    def notes(self, view: View) -> list[Item]:
        """Lines under the map, for what needs words."""
        return []

    def status_rows(self, view: View, colors: Colors) -> list[tuple[str, Text]]:
        """Rows (what, value) at the end of the status table."""
        return []

    def player_columns(self, view: View) -> list[tuple[str, dict[str, str]]]:
        """Columns of the hands table beyond the cards and pieces: (header, player -> value),
        for counters the scenario gives each player."""
        return []

    def hand_rows(self, view: View, player: str) -> list[tuple[str, str]]:
        """Rows (what, count) of one player's hand table beside the resource cards."""
        return []


class Layers(BoardLayer):
    """Several layers as one: lists and labels joined in order (a later label wins)."""

    def __init__(self, layers: Sequence[BoardLayer]) -> None:
        self.layers = tuple(layers)
        self.glyphs = {k: v for layer in reversed(self.layers) for k, v in layer.glyphs.items()}
        self.own_buildings = frozenset(k for layer in self.layers for k in layer.own_buildings)

    def hex_marks(self, view: View) -> dict[str, list[HexMark]]:
        out: dict[str, list[HexMark]] = {}
        for layer in self.layers:
            for hid, marks in layer.hex_marks(view).items():
                out.setdefault(hid, []).extend(marks)
        return out

    def hex_notes(self, board: Board, view: View, shown: AbstractSet[str]) -> list[HexNote]:
        return [n for layer in self.layers for n in layer.hex_notes(board, view, shown)]

    def node_marks(self, view: View, colors: Colors) -> dict[int, Item]:
        out: dict[int, Item] = {}
        for layer in self.layers:
            out.update(layer.node_marks(view, colors))
        return out

    def edge_marks(self, view: View, colors: Colors) -> list[EdgeMark]:
        return [m for layer in self.layers for m in layer.edge_marks(view, colors)]

    def legend_routes(self, view: View) -> list[str]:
        return [k for layer in self.layers for k in layer.legend_routes(view)]

    def legend_marks(self, view: View, compact: bool) -> list[Item]:
        return [i for layer in self.layers for i in layer.legend_marks(view, compact)]

    def notes(self, view: View) -> list[Item]:
        return [i for layer in self.layers for i in layer.notes(view)]

    def status_rows(self, view: View, colors: Colors) -> list[tuple[str, Text]]:
        return [r for layer in self.layers for r in layer.status_rows(view, colors)]

    def player_columns(self, view: View) -> list[tuple[str, dict[str, str]]]:
        return [c for layer in self.layers for c in layer.player_columns(view)]

    def hand_rows(self, view: View, player: str) -> list[tuple[str, str]]:
        return [r for layer in self.layers for r in layer.hand_rows(view, player)]


NO_LAYER = BoardLayer()


def layer_for(view: View) -> BoardLayer:
    """The layers that draw ``view``: its scenario's first, then the other packages'."""
    return _layer_for_key(str(view.get("scenario") or ""))


@lru_cache(maxsize=None)
def _layer_for_key(key: str) -> BoardLayer:
    own = _package_of(key)
    names = ([own] if own else []) + [p for p in _bundled_packages() if p != own]
    layers = [layer for layer in map(_package_layer, names) if layer is not None]
    if not layers:
        return NO_LAYER
    return layers[0] if len(layers) == 1 else Layers(layers)


def _package_of(key: str) -> str:
    """The scenario package named by a scenario key ("" for none or an unknown key)."""
    from ..engine.scenario import load_scenario
    from ..errors import CatanError

    if not key:
        return ""
    try:
        return load_scenario(key).package
    except CatanError:
        return ""


def _bundled_packages() -> list[str]:
    from .. import scenarios

    return sorted(m.name for m in pkgutil.iter_modules(scenarios.__path__) if m.ispkg)


def _package_layer(package: str) -> BoardLayer | None:
    from ..engine.packages import package_part

    module = package_part(package, "render")
    layer = getattr(module, "LAYER", None) if module is not None else None
    return layer if isinstance(layer, BoardLayer) else None
