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
            kinds = {e: self.route_kind(seat, e) for e in self.route_edges(seat)}
        else:
            edge_kind = s.edge_kind
            kinds = {e: edge_kind[e] for e in self.seat_edges(seat)}
        mine = [e for e, kind in kinds.items() if ships_count or kind == ROAD]
        if not mine:
            return 0
        edge_nodes = geo.edge_nodes
        # The seat's network as adjacency lists, each piece one bit of the trail's "used" mask.
        adj: dict[int, list[tuple[int, int, int]]] = {}
        for i, e in enumerate(mine):
            a, b = edge_nodes[e]
            kind_e = 1 if kinds[e] == ROAD else 2
            adj.setdefault(a, []).append((1 << i, b, kind_e))
            adj.setdefault(b, []).append((1 << i, a, kind_e))
        # A trail may continue through node x only if no opponent sits there; it may switch
        # between road and ship only at its own building.
        passable = {x: not self.blocked_for(seat, x) for x in adj}
        own = {x: self.own_building(seat, x) for x in adj}
        best = 0

        def walk(x: int, came_kind: int, length: int, used: int) -> None:
            nonlocal best
            if length > best:
                best = length
            if not passable[x]:
                return
            switch_ok = own[x]
            for bit, y, kind_e in adj[x]:
                if not used & bit and (switch_ok or kind_e == came_kind):
                    walk(y, kind_e, length + 1, used | bit)

        whole = len(mine)
        for i, e in enumerate(mine):
            if best == whole:
                break          # every piece in one trail: nothing can be longer
            a, b = edge_nodes[e]
            kind_e = 1 if kinds[e] == ROAD else 2
            walk(a, kind_e, 1, 1 << i)
            walk(b, kind_e, 1, 1 << i)
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
