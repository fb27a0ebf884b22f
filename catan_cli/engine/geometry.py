"""Hex-grid geometry: one model for every map, precomputed into integer tables.

Coordinates.  A map is a list of hex rows, north to south.  Row ``r`` holds hexes at
*doubled* columns ``c`` (``c`` and ``r`` have the same parity), so the six neighbours of
hex (r, c) are E (r, c+2), W (r, c-2), NE (r-1, c+1), NW (r-1, c-1), SE (r+1, c+1) and
SW (r+1, c-1).  Hexes are pointy-topped: they have vertical east and west sides.

Internally a hex (r, c) sits at grid point (R, C) = (2r+1, c) and its six corners at
N (R-1, C), NE (R-1, C+1), SE (R+1, C+1), S (R+1, C), SW (R+1, C-1), NW (R-1, C-1), the
same integer grid JSettlers uses for its sea boards.  Corners shared by neighbouring hexes
get the same grid point, which is what makes the adjacency fall out.

Numbering.  An intersection (node) exists where at least two map hexes meet; nodes are
numbered 1..N in reading order (north to south, west to east along each zig-zag row).
An edge exists where two map hexes share a side and is named by its two node numbers,
``"14-15"`` (smaller first).  Edges on the rim of the map, with a hex on one side only,
are never used (digest B.3.3).  Hexes are named ``A``..``Z``, ``AA``.. in reading order, so
they never look like node numbers.

Everything the rules need is computed here once, into tuples of ints indexed by
0-based node / edge / hex index: the hot paths never do geometry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

CORNERS: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
SIDES: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")
# Corner offsets from the hex grid point (R, C), in CORNERS order.
_CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((-1, 0), (-1, 1), (1, 1), (1, 0), (1, -1), (-1, -1))
# Side i joins corner i and corner i+1 (NE side = N..NE, E side = NE..SE, ...).
# Neighbouring hex across each side, as (dr, dc) in map coordinates.
_SIDE_NEIGHBOUR: tuple[tuple[int, int], ...] = ((-1, 1), (0, 2), (1, 1), (1, -1), (0, -2), (-1, -1))

# A face-down hex (exploration): its terrain lies hidden in its area's stack.
UNEXPLORED = "unexplored"
LAND_TERRAINS: tuple[str, ...] = ("forest", "hills", "pasture", "fields", "mountains", "desert", "gold")
TERRAINS: tuple[str, ...] = LAND_TERRAINS + ("sea",)
RESOURCES: tuple[str, ...] = ("lumber", "brick", "wool", "grain", "ore")
# terrain -> resource index produced (or -1)
TERRAIN_RESOURCE: dict[str, int] = {
    "forest": 0, "hills": 1, "pasture": 2, "fields": 3, "mountains": 4,
    "desert": -1, "gold": -1, "sea": -1,
}

EDGE_LAND, EDGE_COAST, EDGE_SEA = 0, 1, 2


def hex_label(index: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA', 27 -> 'AB', ... (spreadsheet-style column names)."""
    label = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        label = chr(ord("A") + rem) + label
    return label


def parse_hex_label(text: str) -> int | None:
    """Inverse of :func:`hex_label`; None when ``text`` is not a hex label."""
    if not text or not text.isalpha() or not text.isascii():
        return None
    n = 0
    for ch in text.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


@dataclass(frozen=True)
class HexCell:
    """One hex of a layout, as read from a scenario file."""

    row: int
    col: int
    terrain: str
    number: int | None = None


@dataclass
class Geometry:
    """Adjacency tables of one map.  All indices are 0-based; node numbers shown to
    players are index+1.  Built by :func:`build_geometry`; never mutated afterwards."""

    hex_pos: tuple[tuple[int, int], ...]          # hex -> (row, col) in map coordinates
    hex_ids: tuple[str, ...]                       # hex -> "A", "B", ...
    hex_nodes: tuple[tuple[int, ...], ...]         # hex -> node indices (numbered corners only), N..NW order
    hex_corner_nodes: tuple[tuple[int, ...], ...]  # hex -> 6 entries, -1 where the corner is not numbered
    hex_edges: tuple[tuple[int, ...], ...]         # hex -> usable edges on its sides
    hex_neighbors: tuple[tuple[int, ...], ...]     # hex -> neighbouring map hexes
    node_grid: tuple[tuple[int, int], ...]         # node -> (R, C) grid point
    node_hexes: tuple[tuple[int, ...], ...]        # node -> hexes touching it (2 or 3)
    node_neighbors: tuple[tuple[int, ...], ...]    # node -> adjacent nodes (via usable edges)
    node_edges: tuple[tuple[int, ...], ...]        # node -> usable edges touching it
    edge_nodes: tuple[tuple[int, int], ...]        # edge -> (a, b), a < b
    edge_hexes: tuple[tuple[int, int], ...]        # edge -> the two hexes it separates
    edge_by_nodes: dict[tuple[int, int], int] = field(default_factory=dict)
    hex_by_pos: dict[tuple[int, int], int] = field(default_factory=dict)
    node_by_grid: dict[tuple[int, int], int] = field(default_factory=dict)
    edge_names: tuple[str, ...] = ()                  # edge -> "a-b" as players see it

    @property
    def n_hexes(self) -> int:
        return len(self.hex_pos)

    @property
    def n_nodes(self) -> int:
        return len(self.node_grid)

    @property
    def n_edges(self) -> int:
        return len(self.edge_nodes)

    def edge_name(self, e: int) -> str:
        return self.edge_names[e]

    def edge_between(self, a: int, b: int) -> int:
        """Edge index joining node indices a and b, or -1."""
        if a > b:
            a, b = b, a
        return self.edge_by_nodes.get((a, b), -1)

    def corner_node(self, row: int, col: int, corner: str) -> int:
        """Node index of a hex corner named in data, e.g. (3, 5, "N").  Raises ValueError."""
        h = self.hex_by_pos.get((row, col))
        if h is None:
            raise ValueError(f"no hex at row {row}, column {col}")
        if corner not in CORNERS:
            raise ValueError(f"unknown corner {corner!r}; use one of {', '.join(CORNERS)}")
        n = self.hex_corner_nodes[h][CORNERS.index(corner)]
        if n < 0:
            raise ValueError(f"corner {corner} of hex at ({row}, {col}) is on the rim of the map")
        return n

    def side_edge(self, row: int, col: int, side: str) -> int:
        """Edge index of a hex side named in data, e.g. (3, 5, "NE").  Raises ValueError."""
        h = self.hex_by_pos.get((row, col))
        if h is None:
            raise ValueError(f"no hex at row {row}, column {col}")
        if side not in SIDES:
            raise ValueError(f"unknown side {side!r}; use one of {', '.join(SIDES)}")
        i = SIDES.index(side)
        a = self.hex_corner_nodes[h][i]
        b = self.hex_corner_nodes[h][(i + 1) % 6]
        e = self.edge_between(a, b) if a >= 0 and b >= 0 else -1
        if e < 0:
            raise ValueError(f"side {side} of hex at ({row}, {col}) is on the rim of the map")
        return e


def build_geometry(cells: Sequence[tuple[int, int]]) -> Geometry:
    """Compute every adjacency table for hexes placed at the given (row, col) positions."""
    positions = sorted(set(cells))
    for r, c in positions:
        if (r - c) % 2:
            raise ValueError(f"hex at row {r}, column {c}: row and doubled column must share parity")
    hex_by_pos = {p: i for i, p in enumerate(positions)}

    # Count the hexes touching each grid corner; a corner needs two hexes to be a node.
    corner_hexes: dict[tuple[int, int], list[int]] = {}
    for h, (r, c) in enumerate(positions):
        R, C = 2 * r + 1, c
        for dr, dc in _CORNER_OFFSETS:
            corner_hexes.setdefault((R + dr, C + dc), []).append(h)
    node_grids = sorted(g for g, hs in corner_hexes.items() if len(hs) >= 2)
    node_by_grid = {g: i for i, g in enumerate(node_grids)}

    hex_corner_nodes: list[tuple[int, ...]] = []
    for r, c in positions:
        R, C = 2 * r + 1, c
        hex_corner_nodes.append(tuple(node_by_grid.get((R + dr, C + dc), -1) for dr, dc in _CORNER_OFFSETS))

    # Edges: a side shared by two map hexes.
    edge_hex_map: dict[tuple[int, int], tuple[int, int]] = {}
    for h, (r, c) in enumerate(positions):
        for i, (dr, dc) in enumerate(_SIDE_NEIGHBOUR):
            other = hex_by_pos.get((r + dr, c + dc))
            if other is None:
                continue
            a, b = hex_corner_nodes[h][i], hex_corner_nodes[h][(i + 1) % 6]
            key = (min(a, b), max(a, b))
            edge_hex_map.setdefault(key, (min(h, other), max(h, other)))
    edge_keys = sorted(edge_hex_map)
    edge_by_nodes = {k: i for i, k in enumerate(edge_keys)}

    n_nodes = len(node_grids)
    node_edges: list[list[int]] = [[] for _ in range(n_nodes)]
    node_neighbors: list[list[int]] = [[] for _ in range(n_nodes)]
    for e, (a, b) in enumerate(edge_keys):
        node_edges[a].append(e)
        node_edges[b].append(e)
        node_neighbors[a].append(b)
        node_neighbors[b].append(a)

    hex_edges: list[tuple[int, ...]] = []
    hex_neighbors: list[tuple[int, ...]] = []
    for h, (r, c) in enumerate(positions):
        corners = hex_corner_nodes[h]
        es = []
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            if a >= 0 and b >= 0:
                e = edge_by_nodes.get((min(a, b), max(a, b)), -1)
                if e >= 0:
                    es.append(e)
        hex_edges.append(tuple(es))
        hex_neighbors.append(tuple(
            hex_by_pos[(r + dr, c + dc)] for dr, dc in _SIDE_NEIGHBOUR if (r + dr, c + dc) in hex_by_pos
        ))

    return Geometry(
        hex_pos=tuple(positions),
        hex_ids=tuple(hex_label(i) for i in range(len(positions))),
        hex_nodes=tuple(tuple(n for n in corners if n >= 0) for corners in hex_corner_nodes),
        hex_corner_nodes=tuple(hex_corner_nodes),
        hex_edges=tuple(hex_edges),
        hex_neighbors=tuple(hex_neighbors),
        node_grid=tuple(node_grids),
        node_hexes=tuple(tuple(sorted(corner_hexes[g])) for g in node_grids),
        node_neighbors=tuple(tuple(sorted(ns)) for ns in node_neighbors),
        node_edges=tuple(tuple(sorted(es)) for es in node_edges),
        edge_nodes=tuple(edge_keys),
        edge_hexes=tuple(edge_hex_map[k] for k in edge_keys),
        edge_by_nodes=edge_by_nodes,
        hex_by_pos=hex_by_pos,
        node_by_grid=node_by_grid,
        edge_names=tuple(f"{a + 1}-{b + 1}" for a, b in edge_keys),
    )


def connected_components(members: Iterable[int], neighbors: Sequence[Sequence[int]]) -> list[list[int]]:
    """Group indices into components under the given adjacency (used for islands)."""
    todo = sorted(set(members))
    inside = set(todo)
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in todo:
        if start in seen:
            continue
        stack, group = [start], []
        seen.add(start)
        while stack:
            x = stack.pop()
            group.append(x)
            for y in neighbors[x]:
                if y in inside and y not in seen:
                    seen.add(y)
                    stack.append(y)
        groups.append(sorted(group))
    return groups
