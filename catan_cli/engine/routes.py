"""Longest Road (A.13) and Longest Trade Route (B.12).

A player's length is the longest trail (no edge used twice) through their own roads, or
roads plus ships.  A trail cannot pass an intersection holding an opponent's building, and
it changes between road and ship only at the player's own building.  Lengths are
recomputed only for players whose network a change can touch, and each recomputation is a
depth-first search over at most 30 pieces.
"""

from __future__ import annotations

from typing import Sequence

from .actions import Event
from .geometry import Geometry
from .turns import TurnRules
from .state import NONE, ROAD


def joined_to_buildings(geo: Geometry, node_owner: Sequence[int], node_kind: Sequence[int], seat: int,
                        edges: set[int]) -> set[int]:
    """The paths of ``edges`` (a seat's roads and ships) joined to one of the seat's
    buildings through ``edges`` themselves: a route reaches back to a building (B.7)."""
    reached = {x for x in edges
               if any(node_owner[m] == seat and node_kind[m] != NONE for m in geo.edge_nodes[x])}
    frontier = list(reached)
    while frontier:
        x = frontier.pop()
        for m in geo.edge_nodes[x]:
            for y in geo.node_edges[m]:
                if y in edges and y not in reached:
                    reached.add(y)
                    frontier.append(y)
    return reached


class RouteRules(TurnRules):
    def route_length(self, seat: int) -> int:
        mode = self.scen.rules.longest_route
        if mode == "none":
            return 0
        s, geo = self.s, self.geo
        if s.shared_ships:      # E.0.2: a second ship on a shared path is a piece too
            kinds = {e: self.route_kind(seat, e) for e in self.route_edges(seat)}
        else:
            edge_kind = s.edge_kind
            kinds = {e: edge_kind[e] for e in self.seat_edges(seat)}
        mine = [e for e, kind in kinds.items() if kind == ROAD] if mode != "trade-route" else list(kinds)
        if not mine:
            return 0
        edge_nodes = geo.edge_nodes
        node_owner, node_kind, produces = s.node_owner, s.node_kind, self.pieces.produces
        node_blocks = self.rules.node_blocks_route
        # The seat's network as adjacency lists, each piece one bit of the trail's "used" mask.
        adj: dict[int, list[tuple[int, int, int]]] = {}
        starts = []
        for i, e in enumerate(mine):
            a, b = edge_nodes[e]
            kind_e = 1 if kinds[e] == ROAD else 2
            bit = 1 << i
            starts.append((a, b, kind_e, bit))
            if a in adj:
                adj[a].append((bit, b, kind_e))
            else:
                adj[a] = [(bit, b, kind_e)]
            if b in adj:
                adj[b].append((bit, a, kind_e))
            else:
                adj[b] = [(bit, a, kind_e)]
        # A trail may continue through node x only if no opponent sits there (blocked_for);
        # it may switch between road and ship only at its own building (own_building).
        passable: dict[int, bool] = {}
        own: dict[int, bool] = {}
        for x in adj:
            owner = node_owner[x]
            passable[x] = not ((owner >= 0 and owner != seat) or node_blocks(seat, x))
            own[x] = owner == seat and produces[node_kind[x]] > 0
        best = 0
        whole = len(mine)
        if any(kind_e != starts[0][2] for _, _, kind_e, _ in starts):
            for a, b, kind_e, bit in starts:
                if best == whole:
                    break          # every piece in one trail: nothing can be longer
                best = _longest_trail(adj, passable, own, [(a, kind_e, 1, bit), (b, kind_e, 1, bit)], best)
            return best
        for x in _trail_starts(adj, passable):
            if best == whole:
                break
            best = _longest_trail(adj, passable, own, [(y, kind_e, 1, bit) for bit, y, kind_e in adj[x]], best)
        return best

    def road_added_length(self, seat: int, edge: int) -> int:
        """``seat``'s Longest Road length right after its road on ``edge`` was added, from
        the length before it (``route_len``, exact after every action): when one end of the
        new road meets no other road of the seat's, a trail through it ends there, so the
        new longest is the old one or the new road plus the longest trail from its other
        end, one search from one node.  Otherwise (it joins two of the seat's roads, or a
        mode or map where more counts) the whole length is worked out again."""
        s = self.s
        if self.scen.rules.longest_route != "road" or s.shared_ships:
            return self.route_length(seat)
        edge_owner, edge_kind, node_edges = s.edge_owner, s.edge_kind, self.geo.node_edges
        ends = []
        for x in self.geo.edge_nodes[edge]:
            for e2 in node_edges[x]:
                if e2 != edge and edge_owner[e2] == seat and edge_kind[e2] == ROAD:
                    ends.append(x)
                    break
        if len(ends) > 1:
            return self.route_length(seat)
        old = s.route_len[seat]
        if not ends:
            return max(old, 1)
        return max(old, 1 + self._road_trail_from(seat, ends[0], edge))

    def _road_trail_from(self, seat: int, start: int, skip: int) -> int:
        """The longest trail of ``seat``'s roads from node ``start`` without the road on
        ``skip`` (roads only: no switching rule), passing no node an opponent holds
        (blocked_for): one walk over bit masks, without a stack of Python calls."""
        s = self.s
        edge_kind, edge_nodes = s.edge_kind, self.geo.edge_nodes
        node_owner, node_blocks = s.node_owner, self.rules.node_blocks_route
        adj: dict[int, list[tuple[int, int]]] = {}
        bit = 1
        for e in self.seat_edges(seat):
            if edge_kind[e] == ROAD and e != skip:
                a, b = edge_nodes[e]
                at = adj.get(a)
                if at is None:
                    adj[a] = [(bit, b)]
                else:
                    at.append((bit, b))
                at = adj.get(b)
                if at is None:
                    adj[b] = [(bit, a)]
                else:
                    at.append((bit, a))
                bit <<= 1
        if start not in adj:
            return 0
        blocked = {x for x in adj if (node_owner[x] >= 0 and node_owner[x] != seat) or node_blocks(seat, x)}
        if start in blocked:
            return 0
        best = 0
        stack = [(start, 0, 0)]
        pop, push = stack.pop, stack.append
        while stack:
            x, length, used = pop()
            if length > best:
                best = length
            if length and x in blocked:
                continue
            for b, y in adj[x]:
                if not used & b:
                    push((y, length + 1, used | b))
        return best

    def update_longest_route(self, seat: int | None) -> list[Event]:
        """Recompute ``seat`` (None: everyone) and apply A.13's holding and tie rules."""
        s = self.s
        if self.scen.rules.longest_route == "none":
            return []
        if seat is None:
            for p in range(self.n):
                s.route_len[p] = self.route_length(p)
        else:
            s.route_len[seat] = self.route_length(seat)
        return self.settle_longest_holder()

    def settle_longest_holder(self) -> list[Event]:
        s = self.s
        lengths = s.route_len
        top = max(lengths)
        leaders = [p for p in range(self.n) if lengths[p] == top]
        holder = s.longest_holder
        if top < self.scen.rules.longest_route_min:
            new = -1
        elif holder >= 0 and lengths[holder] == top:
            new = holder
        elif len(leaders) == 1:
            new = leaders[0]
        else:
            new = -1
        if new == holder:
            return []
        s.longest_holder = new
        label = "Longest Road" if self.scen.rules.longest_route == "road" else "Longest Trade Route"
        if new < 0:
            return [Event("longest-route", holder, f"{label} is set aside: nobody alone has the longest")]
        return [Event("longest-route", new, f"{self.name(new)} takes the {label} ({top})")]


def _longest_trail(adj: dict[int, list[tuple[int, int, int]]], passable: dict[int, bool], own: dict[int, bool],
                   stack: list[tuple[int, int, int, int]], best: int) -> int:
    """The longest of ``best`` and every trail continuing from the entries of ``stack``
    (node reached, kind of the piece it came by, length so far, mask of the pieces used),
    through passable nodes only, switching between road and ship only at an own building
    (``own``): one walk over bit masks, without a stack of Python calls."""
    pop, push = stack.pop, stack.append
    while stack:
        x, came_kind, length, used = pop()
        if length > best:
            best = length
        if not passable[x]:
            continue
        switch_ok = own[x]
        for bit, y, kind_e in adj[x]:
            if not used & bit and (switch_ok or kind_e == came_kind):
                push((y, kind_e, length + 1, used | bit))
    return best


def _trail_starts(adj: dict[int, list[tuple[int, int, int]]], passable: dict[int, bool]) -> list[int]:
    """Where a longest trail may be taken to start, in a network of one kind of piece: at a
    node it cannot pass, or one with an odd number of pieces.  (A longest trail starting
    at a passable node with an even number cannot be open: its first piece and its passes
    leave a piece there unused, which would lengthen it.  A closed one uses every piece at
    each of its nodes, so it is a whole part of the network with no such node: from there,
    any node will do.)"""
    out = [x for x in adj if not passable[x] or len(adj[x]) & 1]
    marked = set(out)
    seen: set[int] = set()
    for x in adj:
        if x in seen:
            continue
        part = [x]
        seen.add(x)
        found = x in marked
        for y0 in part:            # grows while read: the part of the network joined to x
            for _, y, _ in adj[y0]:
                if y not in seen:
                    seen.add(y)
                    part.append(y)
                    found = found or y in marked
        if not found:
            out.append(x)
    return out
