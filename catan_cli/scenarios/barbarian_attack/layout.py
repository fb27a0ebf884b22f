"""The scenario's fixed tables, built once per game from the map and ``[params]``: the
coast in battle order, the castle and its paths, the paths knights stand on, how far apart
they are and where a knight's move from each may end, the colour die's paths per hex, the
corners that can never fall, and the gold exchange's price (D.3, D.7, D.9, D.13, D.16)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from ...engine.geometry import EDGE_SEA, SIDES

if TYPE_CHECKING:
    from ...engine.scenario import Scenario


class Layout:
    def __init__(self, scen: "Scenario") -> None:
        geo = scen.geo
        params = scen.params
        #: coastal hexes clockwise from the one after the castle (D.11)
        self.coast: tuple[int, ...] = scen.paths["coast"]
        self.coast_index: dict[int, int] = {h: i for i, h in enumerate(self.coast)}
        self.castle: int = next(int(p["hex"]) for p in scen.places if p["kind"] == "castle")
        self.castle_paths: frozenset[int] = frozenset(geo.hex_edges[self.castle])
        #: the paths a knight may stand on: every side with land on one side at least
        self.paths: tuple[int, ...] = tuple(e for e in range(geo.n_edges) if scen.edge_kind[e] != EDGE_SEA)
        path_set = set(self.paths)
        self.knight_steps = int(params["knight_steps"])
        self.knight_steps_paid = int(params["knight_steps_paid"])
        #: gold paid for 1 resource from the bank, and how often a turn (D.16)
        self.gold_per_resource = int(params["gold_per_resource"])
        self.gold_buys_per_turn = int(params["gold_buys_per_turn"])
        self.neighbours: dict[int, tuple[int, ...]] = {
            e: tuple(sorted({x for n in geo.edge_nodes[e] for x in geo.node_edges[n]
                             if x != e and x in path_set}))
            for e in self.paths}
        # The walks between paths depend on the map and the two step counts alone: worked out
        # once for every game that plays by them (a table of the scenario, never changed).
        #: path -> {path: steps} for every path within the paid reach (knights and
        #: buildings never block a knight passing, D.10); path -> every (path, needs grain)
        #: a knight there may end a move on, by path number: the other paths within reach
        #: that are not castle paths (D.10)
        self.reach: dict[int, dict[int, int]]
        self.knight_ends: dict[int, tuple[tuple[int, bool], ...]]
        self.reach, self.knight_ends = scen.table(
            f"barbarian-attack knight reach {self.knight_steps} {self.knight_steps_paid}", self._walks)
        # A node touching land that is not coastal (castle, desert, inner hex) never falls (D.7).
        coast = set(self.coast)
        self.safe_node: tuple[bool, ...] = tuple(
            any(scen.is_land_hex[h] and h not in coast for h in geo.node_hexes[n]) for n in range(geo.n_nodes))
        # The colour die (D.13): per coastal hex, colour -> its two paths of that colour.
        self.colour_faces: tuple[str, ...] = tuple(params["colour_faces"])
        self.colour_paths: dict[int, dict[str, tuple[int, ...]]] = {}
        for h in self.coast:
            row, col = geo.hex_pos[h]
            self.colour_paths[h] = {
                colour: tuple(geo.side_edge(row, col, side) for side in sides if side in SIDES)
                for colour, sides in params["colour_sides"].items()}

    def _walks(self) -> tuple[dict[int, dict[int, int]], dict[int, tuple[tuple[int, bool], ...]]]:
        reach = {e: self._bfs(e, self.knight_steps_paid) for e in self.paths}
        ends = {e: tuple((dst, d > self.knight_steps) for dst, d in sorted(reach[e].items())
                         if d and dst not in self.castle_paths)
                for e in self.paths}
        return reach, ends

    def _bfs(self, start: int, most: int) -> dict[int, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            e = queue.popleft()
            if dist[e] == most:
                continue
            for x in self.neighbours[e]:
                if x not in dist:
                    dist[x] = dist[e] + 1
                    queue.append(x)
        return dist

    def number_hex(self, numbers: list[int], total: int) -> int:
        """The coastal hex carrying ``total`` (-1 if none)."""
        for h in self.coast:
            if numbers[h] == total:
                return h
        return -1
