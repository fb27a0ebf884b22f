"""Longest Road (A.13) and Longest Trade Route (B.12).

A player's length is the longest trail (no edge used twice) through their own roads, or
roads plus ships.  A trail cannot pass an intersection holding an opponent's building, and
it changes between road and ship only at the player's own building.  Lengths are
recomputed only for players whose network a change can touch, and each recomputation is a
depth-first search over at most 30 pieces.
"""

from __future__ import annotations

from .actions import Event
from .turns import TurnRules
from .state import ROAD


class RouteRules(TurnRules):
    def route_length(self, seat: int) -> int:
        mode = self.scen.rules.longest_route
        if mode == "none":
            return 0
        s, geo = self.s, self.geo
        ships_count = mode == "trade-route"
        if s.shared_ships:
            edge_kind = {e: self.route_kind(seat, e) for e in self.route_edges(seat)}
        else:
            edge_kind = {e: s.edge_kind[e] for e, owner in enumerate(s.edge_owner) if owner == seat}
        mine = [e for e, kind in edge_kind.items() if ships_count or kind == ROAD]
        if not mine:
            return 0
        mine_set = set(mine)
        node_edges = geo.node_edges
        edge_nodes = geo.edge_nodes
        # A trail may continue through node x only if no opponent sits there; it may switch
        # between road and ship only at its own building.
        passable = {}
        own = {}
        for e in mine:
            for x in edge_nodes[e]:
                if x not in passable:
                    passable[x] = not self.blocked_for(seat, x)
                    own[x] = self.own_building(seat, x)
        best = 0
        used: set[int] = set()

        def walk(x: int, came_kind: int, length: int) -> None:
            nonlocal best
            if length > best:
                best = length
            if not passable[x]:
                return
            for e in node_edges[x]:
                if e in mine_set and e not in used:
                    kind_e = 1 if edge_kind[e] == ROAD else 2
                    if came_kind and kind_e != came_kind and not own[x]:
                        continue
                    used.add(e)
                    a, b = edge_nodes[e]
                    walk(b if a == x else a, kind_e, length + 1)
                    used.discard(e)

        for e in mine:
            a, b = edge_nodes[e]
            kind_e = 1 if edge_kind[e] == ROAD else 2
            used.add(e)
            walk(a, kind_e, 1)
            walk(b, kind_e, 1)
            used.discard(e)
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
