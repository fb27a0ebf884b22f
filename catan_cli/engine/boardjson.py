"""The map as plain JSON: what ``Game.board_json()`` returns and what the renderer draws.

It holds only the fixed parts of one game's map (hexes with their terrain and numbers as
dealt for this game, nodes, edges, harbours, named places and paths); pieces and tokens
that move are in ``Game.view(seat)``.
"""

from __future__ import annotations

from typing import Any, Sequence

from .geometry import EDGE_COAST, EDGE_LAND
from .scenario import HARBOR_TYPES, Scenario

_EDGE_KIND_NAMES = {EDGE_LAND: "land", EDGE_COAST: "coast"}


def _ref(scen: Scenario, key: str, value: Any) -> Any:
    """Show a resolved place/start reference the way players see it."""
    geo = scen.geo
    if key == "hex" or key.endswith("_hex"):
        return geo.hex_ids[value]
    if key == "node" or key.endswith("_node"):
        return value + 1
    if key == "edge" or key.endswith("_edge"):
        return geo.edge_name(value)
    if key == "hexes" or key.endswith("_hexes"):
        return [geo.hex_ids[v] for v in value]
    if key == "nodes" or key.endswith("_nodes"):
        return [v + 1 for v in value]
    if key == "edges" or key.endswith("_edges"):
        return [geo.edge_name(v) for v in value]
    return value


def board_json(scen: Scenario, terrain: Sequence[str], numbers: Sequence[int],
               harbor_types: Sequence[int]) -> dict[str, Any]:
    geo = scen.geo
    hexes = []
    for h in range(geo.n_hexes):
        r, c = geo.hex_pos[h]
        hexes.append({
            "id": geo.hex_ids[h], "row": r, "col": c, "terrain": terrain[h],
            "number": numbers[h] or None,
            "nodes": [n + 1 for n in geo.hex_nodes[h]],
            "corners": [n + 1 if n >= 0 else None for n in geo.hex_corner_nodes[h]],
            "area": scen.hex_area[h],
        })
    nodes = []
    for n in range(geo.n_nodes):
        R, C = geo.node_grid[n]
        nodes.append({
            "id": n + 1, "grid": [R, C],
            "hexes": [geo.hex_ids[h] for h in geo.node_hexes[n]],
            "neighbors": [m + 1 for m in geo.node_neighbors[n]],
            "edges": [geo.edge_name(e) for e in geo.node_edges[n]],
            "coastal": scen.node_touches_land[n] and scen.node_touches_sea[n],
        })
    edges = []
    for e in range(geo.n_edges):
        a, b = geo.edge_nodes[e]
        edges.append({
            "id": geo.edge_name(e), "nodes": [a + 1, b + 1],
            "hexes": [geo.hex_ids[h] for h in geo.edge_hexes[e]],
            "kind": _EDGE_KIND_NAMES.get(scen.edge_kind[e], "sea"),
        })
    harbors = []
    for hb, kind in zip(scen.harbors, harbor_types):
        a, b = geo.edge_nodes[hb.edge]
        harbors.append({
            "edge": geo.edge_name(hb.edge), "nodes": [a + 1, b + 1], "hex": geo.hex_ids[hb.land_hex],
            "type": HARBOR_TYPES[kind] if kind >= 0 else "?",
        })
    places = [{k: _ref(scen, k, v) for k, v in place.items()} for place in scen.places]
    paths = {name: [geo.hex_ids[h] for h in hs] for name, hs in scen.paths.items()}
    return {
        "scenario": scen.key, "hexes": hexes, "nodes": nodes, "edges": edges,
        "harbors": harbors, "places": places, "paths": paths,
    }
