"""Convert JSettlers sea-board coordinates into the hex / corner / side names of rules/*.toml.

JSettlers ("large board") writes hexes, nodes and edges on one integer grid, packed as
``0xRRCC``: hexes on odd rows, nodes on even rows, an edge named by its midpoint (vertical
edges) or its west end node (sloped edges).  Our maps use the same grid internally
(``catan_cli.engine.geometry``: hex (r, c) sits at grid point (2r+1, c)), so a conversion is a
translation by a whole number of hexes, ``--shift DR,DC`` in grid units, plus naming each
point through a hex that owns it: a node becomes ``[row, col, "N"]``, an edge ``[row, col, "NE"]``.

``--shift`` is what the map file added: Cloth for Catan is written as published (shift 0,0);
the Pirate Islands map gained a row of sea on top and so is shifted one hex south-east
(``--shift 2,1``: two grid rows down, one grid column right).

Usage, from the project root (the map must already load)::

    python -m catan_cli.devtools.jsettlers_coords pirate-islands --shift 2,1 hex 0x0D0A node 0x0C0C edge 0x0C0B
    python -m catan_cli.devtools.jsettlers_coords cloth-for-catan node 0x0806 harbor 0x0503

``harbor EDGE`` names the edge through its land hex (the form ``[board] harbors`` needs).
Every result is checked against the loaded geometry: the reference grid point, shifted, must
be the grid point of the named corner or side.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Iterable, Sequence

from catan_cli.engine.geometry import CORNERS, SIDES, Geometry
from catan_cli.engine.scenario import Scenario, load_scenario

# Corner offsets from a hex's grid point, in CORNERS order (the same as the geometry module).
CORNER_OFFSETS = ((-1, 0), (-1, 1), (1, 1), (1, 0), (1, -1), (-1, -1))


def unpack(value: str | int) -> tuple[int, int]:
    """``"0x0D0A"`` or ``0x0D0A`` -> (13, 10)."""
    n = int(value, 16) if isinstance(value, str) else int(value)
    return n >> 8, n & 0xFF


def js_edge_nodes(row: int, col: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two end nodes of a JSettlers edge: vertical on odd rows, sloped (west end) on even rows."""
    if row % 2:
        return (row - 1, col), (row + 1, col)
    return (row, col), (row, col + 1)


def hex_of(row: int, col: int, shift: tuple[int, int]) -> tuple[int, int]:
    """Our [row, col] of a JSettlers hex (odd grid row)."""
    R, C = row + shift[0], col + shift[1]
    if R % 2 == 0:
        raise ValueError(f"0x{row:02X}{col:02X} is not a hex (even row)")
    return (R - 1) // 2, C


def _corner_refs(geo: Geometry, grid: tuple[int, int]) -> list[tuple[int, int, str]]:
    out = []
    for (r, c) in geo.hex_pos:
        for name, (dr, dc) in zip(CORNERS, CORNER_OFFSETS):
            if (2 * r + 1 + dr, c + dc) == grid:
                out.append((r, c, name))
    return out


def _preferred(refs: Iterable[tuple[Any, ...]], scen: Scenario, land_first: bool) -> tuple[Any, ...]:
    """The first of several names for one point; with land_first, one through a land hex."""
    refs = list(refs)
    if not refs:
        raise ValueError("no hex of the map owns that point")
    if land_first:
        refs.sort(key=lambda ref: not scen.is_land_hex[scen.geo.hex_by_pos[(ref[0], ref[1])]])
    return refs[0]


def node_ref(scen: Scenario, row: int, col: int, shift: tuple[int, int]) -> tuple[int, int, str]:
    """Corner name of a JSettlers node, through a land hex if one touches it."""
    grid = (row + shift[0], col + shift[1])
    ref = _preferred(_corner_refs(scen.geo, grid), scen, land_first=True)
    n = scen.geo.corner_node(*ref)
    assert scen.geo.node_grid[n] == grid
    return ref


def edge_ref(scen: Scenario, row: int, col: int, shift: tuple[int, int],
             land_first: bool = True) -> tuple[int, int, str]:
    """Side name of a JSettlers edge, through a land hex if one borders it."""
    a, b = js_edge_nodes(row, col)
    ga, gb = (a[0] + shift[0], a[1] + shift[1]), (b[0] + shift[0], b[1] + shift[1])
    refs = []
    for (r, c) in scen.geo.hex_pos:
        corners = [(2 * r + 1 + dr, c + dc) for dr, dc in CORNER_OFFSETS]
        for i, side in enumerate(SIDES):
            if {corners[i], corners[(i + 1) % 6]} == {ga, gb}:
                refs.append((r, c, side))
    ref = _preferred(refs, scen, land_first)
    e = scen.geo.side_edge(*ref)
    got = {scen.geo.node_grid[n] for n in scen.geo.edge_nodes[e]}
    assert got == {ga, gb}
    return ref


def fmt(ref: Sequence[Any]) -> str:
    return "[" + ", ".join(f'"{x}"' if isinstance(x, str) else str(x) for x in ref) + "]"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario", help="scenario key whose map names the result (rules/<key>.toml)")
    ap.add_argument("--shift", default="0,0", help="grid rows,columns the map adds to JSettlers (e.g. 2,1)")
    ap.add_argument("items", nargs="+", help="pairs KIND VALUE, KIND one of hex node edge harbor")
    args = ap.parse_args(argv)
    dr, dc = (int(x) for x in args.shift.split(","))
    shift = (dr, dc)
    if len(args.items) % 2:
        ap.error("items come in pairs: KIND VALUE")
    scen = load_scenario(args.scenario)
    for kind, value in zip(args.items[::2], args.items[1::2]):
        row, col = unpack(value)
        out: Sequence[Any] | dict[str, Any]
        if kind == "hex":
            out = list(hex_of(row, col, shift))
        elif kind == "node":
            out = node_ref(scen, row, col, shift)
        elif kind == "edge":
            out = edge_ref(scen, row, col, shift)
        elif kind == "harbor":
            r, c, side = edge_ref(scen, row, col, shift)
            out = {"hex": [r, c], "side": side}
        else:
            ap.error(f"unknown kind {kind!r}")
        print(f"{kind} {value}: {fmt(out) if not isinstance(out, dict) else out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
