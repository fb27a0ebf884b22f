"""Pieces on the board: the general ones and those a scenario registers.

The state stores a piece as an integer code per intersection (``node_kind``) or path
(``edge_kind``); a :class:`PieceKind` says what a code is and what it counts as, and a
:class:`PieceTable` turns the registered kinds into per-code tuples once per scenario, so
the hot paths test ``table.is_ship[kind]`` instead of naming pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

NONE = 0
SETTLEMENT, CITY = 1, 2          # node codes of the general game
ROAD, SHIP = 1, 2                # edge codes of the general game


@dataclass(frozen=True)
class PieceKind:
    """One kind of piece.

    - ``on``: "node" (an intersection) or "edge" (a path); ``code`` its number there.
    - ``glyph``: its mark on the map; ``name`` its word in commands, views and the log.
    - ``supply``: the supply (``[pieces]`` of the scenario file) it is taken from.
    - ``produces``: resources it collects from each adjacent hex (settlement 1, city 2).
    - ``vp``: victory points it is worth while on the board.
    - ``building``: a node piece that counts as a building for the distance rule and
      stops other players' roads and ships.
    - ``ship``: an edge piece that is part of its owner's shipping routes.
    - ``road``: an edge piece that is part of its owner's road network.
    """

    name: str
    on: str
    code: int
    glyph: str
    supply: str = ""
    produces: int = 0
    vp: int = 0
    building: bool = True
    ship: bool = False
    road: bool = False
    ownerless: bool = False      # a neutral obstacle that belongs to no seat (owner -1)


GENERAL_PIECES: tuple[PieceKind, ...] = (
    PieceKind("settlement", "node", SETTLEMENT, "s", supply="settlement", produces=1, vp=1),
    PieceKind("city", "node", CITY, "C", supply="city", produces=2, vp=2),
    PieceKind("road", "edge", ROAD, "#", supply="road", building=False, road=True),
    PieceKind("ship", "edge", SHIP, "~", supply="ship", building=False, ship=True),
)


class PieceTable:
    """The pieces of one scenario, as per-code tables for the rules' hot paths."""

    def __init__(self, kinds: Iterable[PieceKind]) -> None:
        self.kinds: tuple[PieceKind, ...] = tuple(kinds)
        node = {k.code: k for k in self.kinds if k.on == "node"}
        edge = {k.code: k for k in self.kinds if k.on == "edge"}
        for table, where in ((node, "node"), (edge, "edge")):
            codes = [k.code for k in self.kinds if k.on == where]
            if len(codes) != len(set(codes)) or NONE in codes:
                raise ValueError(f"piece codes on {where}s clash: {sorted(codes)}")
        size_n = max(node, default=0) + 1
        size_e = max(edge, default=0) + 1
        self.node_names: tuple[str, ...] = tuple(node[c].name if c in node else "" for c in range(size_n))
        self.edge_names: tuple[str, ...] = tuple(edge[c].name if c in edge else "" for c in range(size_e))
        self.produces: tuple[int, ...] = tuple(node[c].produces if c in node else 0 for c in range(size_n))
        self.node_vp: tuple[int, ...] = tuple(node[c].vp if c in node else 0 for c in range(size_n))
        self.is_building: tuple[bool, ...] = tuple(c in node and node[c].building for c in range(size_n))
        self.is_ship: tuple[bool, ...] = tuple(c in edge and edge[c].ship for c in range(size_e))
        self.is_road: tuple[bool, ...] = tuple(c in edge and edge[c].road for c in range(size_e))
        self.node_ownerless: tuple[bool, ...] = tuple(c in node and node[c].ownerless for c in range(size_n))
        self.edge_ownerless: tuple[bool, ...] = tuple(c in edge and edge[c].ownerless for c in range(size_e))
        self.node_supply: tuple[str, ...] = tuple(node[c].supply if c in node else "" for c in range(size_n))
        self.edge_supply: tuple[str, ...] = tuple(edge[c].supply if c in edge else "" for c in range(size_e))
        self.by_name: dict[str, PieceKind] = {k.name: k for k in self.kinds}

    def node_name(self, code: int) -> str:
        return self.node_names[code] if 0 <= code < len(self.node_names) else ""

    def edge_name(self, code: int) -> str:
        return self.edge_names[code] if 0 <= code < len(self.edge_names) else ""

    def glyph(self, name: str) -> str:
        kind = self.by_name.get(name)
        return kind.glyph if kind else "?"
