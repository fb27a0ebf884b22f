"""Placement: roads, settlements and cities (digest A.2, A.6, A.7), in set-up and in play."""

from __future__ import annotations

from .actions import Action, Event
from .routes import RouteRules
from .geometry import EDGE_SEA, UNEXPLORED
from .state import CITY, NONE, ROAD, SETTLEMENT
from .phases import Phase

# Event(...) without the named tuple's Python-level __new__ (every field given): built at
# every build, where the compiled build would otherwise step into interpreted code.
_new = tuple.__new__


class BuildingRules(RouteRules):
    # Whether a building keeps its builder's own route length as it was: Longest Road (roads
    # only, A.13) with no scenario rules that could make a node block its own owner.
    _own_building_keeps_route = False
    _candidates_board = -1
    _candidates: dict[int, list[int]] = {}

    # --- shared predicates -------------------------------------------------------------
    def candidate_route_edges(self, seat: int) -> list[int]:
        """Empty edges touching ``seat``'s pieces: the only places a route piece can go
        (and, where two ships may share a path, paths holding one ship of another player).
        Kept while the pieces stay (see board_version)."""
        board = self.board_version()
        if board != self._candidates_board:
            self._candidates_board, self._candidates = board, {}
        kept = self._candidates.get(seat)
        if kept is not None:
            return list(kept)
        s = self.s
        edge_owner, shared = s.edge_owner, s.shared_ships
        if shared:
            is_ship, edge_kind = self.pieces.is_ship, s.edge_kind
            found = [e for e in self._paths_beside(seat)
                     if edge_owner[e] < 0 or (shared[e] < 0 and edge_owner[e] != seat and is_ship[edge_kind[e]])]
        else:
            found = [e for e in self._paths_beside(seat) if edge_owner[e] < 0]
        self._candidates[seat] = found
        return list(found)

    # _paths_beside's answer per seat, with the seat_board_version it was found under (made
    # when first asked: a copy of the engine starts without).
    _beside: dict[int, tuple[int, tuple[int, ...]]] | None = None

    def _paths_beside(self, seat: int) -> tuple[int, ...]:
        """Every path at an intersection that a piece of ``seat``'s is on or ends at, in
        order: the paths candidate_route_edges picks the empty ones from.  They read the
        seat's own pieces alone, so they are kept while those stay (on a sea map another
        seat's ship moves almost every turn, which changes the candidates, not these)."""
        stamp = self.seat_board_version(seat)
        kept = self._beside
        if kept is None:
            kept = self._beside = {}
        found = kept.get(seat)
        if found is not None and found[0] == stamp:
            return found[1]
        edge_nodes, node_edges = self.geo.edge_nodes, self.geo.node_edges
        nodes = {x for e in self.route_edges(seat) for x in edge_nodes[e]}
        nodes.update(self.seat_nodes(seat))
        paths = tuple(sorted({e for x in nodes for e in node_edges[x]}))
        kept[seat] = (stamp, paths)
        return paths

    def distance_reason(self, node: int) -> str | None:
        """A.6: the intersection and its neighbours must be free of buildings."""
        s = self.s
        if s.node_kind[node] != NONE:
            return f"intersection {node + 1} is already taken"
        for m in self.geo.node_neighbors[node]:
            if s.node_kind[m] != NONE:
                return (f"intersection {node + 1} is next to the building on {m + 1}: "
                        "settlements need a free intersection on every side (distance rule)")
        return None

    def settlement_site_reason(self, seat: int, node: int, setup: bool) -> str | None:
        if not 0 <= node < self.geo.n_nodes:
            return "no such intersection"
        if node in self.rules.reserved_nodes:
            return self.rules.reserved_site_reason(seat, node, setup)
        if not self.scen.node_settleable[node]:
            if self.scen.node_touches_land[node]:
                return f"settlements may not be built on intersection {node + 1} in this scenario"
            return f"intersection {node + 1} is at sea"
        reason = self.distance_reason(node)
        if reason:
            return reason
        hidden = self.unexplored_at(node) if self.scen.face_down else -1
        if hidden >= 0:
            return (f"intersection {node + 1} is a corner of the undiscovered hex {self.hex_id(hidden)}; "
                    "no settlement there until a ship discovers it")
        return self.rules.settlement_reason(seat, node, setup)

    def road_edge_reason(self, seat: int, edge: int, setup_node: int = -1) -> str | None:
        """Why ``seat`` may not have a road on ``edge`` (ignoring cost and supply)."""
        s = self.s
        if not 0 <= edge < self.geo.n_edges:
            return "no such path"
        if not self.scen.edge_roadable[edge]:
            if self.scen.edge_kind[edge] != EDGE_SEA:   # land there, but an area without roads
                return f"roads may not be built on {self.edge_text(edge)} in this scenario"
            return f"{self.edge_text(edge)} is at sea; roads go on land paths"
        if s.edge_kind[edge]:
            return f"{self.edge_text(edge)} already holds a {self.pieces.edge_name(s.edge_kind[edge]) or 'piece'}"
        a, b = self.geo.edge_nodes[edge]
        if self.scen.face_down:
            for h in self.geo.edge_hexes[edge]:
                if self.s.terrain[h] == UNEXPLORED:
                    return (f"{self.edge_text(edge)} runs beside the undiscovered hex {self.hex_id(h)}; "
                            "roads never go next to an undiscovered hex (only ships discover)")
        if setup_node >= 0:
            if setup_node not in (a, b):
                return f"your set-up road must touch the settlement you just built on {setup_node + 1}"
            return self.rules.road_reason(seat, edge, True)
        for x in (a, b):
            if self.own_building(seat, x):
                return self.rules.road_reason(seat, edge, False)
            if self.blocked_for(seat, x):
                continue
            for e2 in self.geo.node_edges[x]:
                if e2 != edge and s.edge_owner[e2] == seat and s.edge_kind[e2] == ROAD:
                    return self.rules.road_reason(seat, edge, False)
        return (f"a road on {self.edge_text(edge)} must join your own road, settlement or city; "
                "roads do not pass an opponent's building, and join ships only at your own building")

    # --- settlements --------------------------------------------------------------------
    def settlement_connected(self, seat: int, node: int) -> bool:
        s = self.s
        for e in self.geo.node_edges[node]:
            if s.edge_owner[e] == seat or (s.shared_ships and s.shared_ships[e] == seat):
                return True
        return False

    def check_build_settlement(self, a: Action) -> str | None:
        s, seat = self.s, a.seat
        node = a.args[0]
        if s.phase == Phase.SETUP:
            if seat != self.prompt_seat() or s.pending:
                return f"it is {self.name(self.prompt_seat())}'s set-up placement"
            if s.setup_step != "settlement":
                return "place the road (or ship) for your new settlement first"
            if self.setup_piece(seat) != "settlement":
                return f"your set-up placement now is a {self.setup_piece(seat)}: 'build {self.setup_piece(seat)} N'"
            return self.settlement_site_reason(seat, node, True)
        reason = self.main_phase_reason(seat, "build")
        if reason:
            return reason
        if self.s.players[seat].pieces["settlement"] <= 0:
            return "you have no settlements left in your supply"
        reason = self.settlement_site_reason(seat, node, False)
        if reason:
            return reason
        if not self.settlement_connected(seat, node):
            return f"a settlement on {node + 1} must touch one of your roads or ships"
        return self.afford_reason(seat, "settlement", "a settlement")

    def do_build_settlement(self, a: Action) -> list[Event]:
        s, seat, node = self.s, a.seat, a.args[0]
        p = s.players[seat]
        events: list[Event] = []
        if s.phase == Phase.SETUP:
            p.setup_settlements += 1
            if self.scen.rules.island_bonus:
                home = p.extra.setdefault("home_islands", [])
                home.extend(i for i in self.node_islands(node) if i not in home)
            self.place_building(seat, node, SETTLEMENT)
            events.append(_new(Event, ("build", seat, f"{p.name} places a settlement on {node + 1}", (), None)))
            if p.setup_settlements == self.scen.rules.resources_from_setup:
                events += self.starting_resources(seat, node)
            s.setup_step = "route"
            s.setup_node = node
        else:
            self.pay(seat, self.scen.costs["settlement"])
            self.place_building(seat, node, SETTLEMENT)
            events.append(_new(Event, ("build", seat, f"{p.name} builds a settlement on {node + 1}", (), None)))
        events += self.after_building_change(seat, node)
        if s.phase != "setup":
            events += self.rules.after_building(seat, node)
        return events

    def node_islands(self, node: int) -> list[int]:
        return sorted({self.scen.hex_island[h] for h in self.geo.node_hexes[node] if self.scen.hex_island[h] >= 0})

    def island_vp(self, seat: int) -> int:
        """B.13: Catan chits for each island, other than the home islands, where ``seat``
        has a settlement or city."""
        s = self.s
        home = s.players[seat].extra.get("home_islands", [])
        settled: set[int] = set()
        for node, owner in enumerate(s.node_owner):
            if owner == seat and self.pieces.produces[s.node_kind[node]]:
                settled.update(self.node_islands(node))
        return self.scen.rules.island_bonus * len(settled.difference(home))

    def place_building(self, seat: int, node: int, kind: int) -> None:
        s = self.s
        p = s.players[seat]
        if kind == SETTLEMENT:
            p.pieces["settlement"] -= 1
        else:
            if s.node_kind[node] == SETTLEMENT:
                p.pieces["settlement"] += 1
            p.pieces["city"] -= 1
        s.node_owner[node] = seat
        s.node_kind[node] = kind
        self._node_journal.append(node)

    def after_building_change(self, seat: int, node: int) -> list[Event]:
        """A new building may break others' routes (A.13) and connect scenario places.
        Only a trail through ``node`` can change: the lengths of the seats with a road or
        ship there are recomputed, nobody else's."""
        s = self.s
        touching = {s.edge_owner[e] for e in self.geo.node_edges[node]} - {-1}
        if s.shared_ships:       # the second ship of a shared path (E.0.2) runs through node too
            touching |= {s.shared_ships[e] for e in self.geo.node_edges[node]} - {-1}
        if self._own_building_keeps_route:
            # A.13: only an opponent's building breaks a road; the builder's own keeps it
            touching.discard(seat)
        if len(touching) == self.n:
            events = self.update_longest_route(None)
        else:
            if self.scen.rules.longest_route != "none":
                for p in sorted(touching):
                    s.route_len[p] = self.route_length(p)
            events = self.settle_longest_holder() if self.scen.rules.longest_route != "none" else []
        events += self.rules.after_route_change(seat)
        return events

    # --- cities --------------------------------------------------------------------------
    def check_build_city(self, a: Action) -> str | None:
        s, seat, node = self.s, a.seat, a.args[0]
        if s.phase == "setup":
            if seat != self.prompt_seat() or s.pending:
                return f"it is {self.name(self.prompt_seat())}'s set-up placement"
            if s.setup_step != "settlement":
                return "place the road (or ship) for your new building first"
            if self.setup_piece(seat) != "city":
                return "your set-up placement now is a settlement: 'build settlement N'"
            return self.settlement_site_reason(seat, node, True)
        reason = self.main_phase_reason(seat, "build")
        if reason:
            return reason
        if self.scen.pieces.get("city", 0) <= 0:
            return "there are no cities in this scenario"
        if not 0 <= node < self.geo.n_nodes:
            return "no such intersection"
        if not (s.node_owner[node] == seat and s.node_kind[node] == SETTLEMENT):
            if s.node_owner[node] == seat and s.node_kind[node] == CITY:
                return f"{node + 1} is already a city"
            if s.node_owner[node] == seat and s.node_kind[node] != NONE:
                return (f"a city replaces one of your settlements, and only a standing one; {node + 1} "
                        f"holds your {self.pieces.node_name(s.node_kind[node])}")
            return f"a city replaces one of your settlements; you have none on {node + 1}"
        if s.players[seat].pieces["city"] <= 0:
            return "you have no cities left in your supply"
        return self.afford_reason(seat, "city", "a city")

    def do_build_city(self, a: Action) -> list[Event]:
        s, seat, node = self.s, a.seat, a.args[0]
        if s.phase == "setup":
            return self.place_setup_city(seat, node)
        self.pay(seat, self.scen.costs["city"])
        self.place_building(seat, node, CITY)
        events = [_new(Event, ("build", seat, f"{self.name(seat)} builds a city on {node + 1}", (), None))]
        return events + self.rules.after_building(seat, node)

    def place_setup_city(self, seat: int, node: int) -> list[Event]:
        """A set-up round whose building is a city ([rules] setup_pieces): placed like a
        set-up settlement; its starting resources are 1 per adjacent hex all the same."""
        s = self.s
        p = s.players[seat]
        p.setup_settlements += 1
        self.place_building(seat, node, CITY)
        events = [_new(Event, ("build", seat, f"{p.name} places a city on {node + 1}", (), None))]
        if p.setup_settlements == self.scen.rules.resources_from_setup:
            events += self.starting_resources(seat, node)
        s.setup_step = "route"
        s.setup_node = node
        return events + self.after_building_change(seat, node)

    # --- roads ---------------------------------------------------------------------------
    def check_build_road(self, a: Action) -> str | None:
        s, seat, edge = self.s, a.seat, a.args[0]
        if s.phase == Phase.SETUP:
            reason = self.setup_route_reason(seat)
            return reason or self.road_edge_reason(seat, edge, s.setup_node)
        reason = self.main_phase_reason(seat, "build")
        if reason:
            return reason
        if s.players[seat].pieces["road"] <= 0:
            return "you have no roads left in your supply"
        return self.road_edge_reason(seat, edge) or self.afford_reason(seat, "road", "a road")

    def do_build_road(self, a: Action) -> list[Event]:
        s, seat, edge = self.s, a.seat, a.args[0]
        if s.phase == Phase.SETUP:
            self.place_route(seat, edge, ROAD)
            events = [_new(Event, ("build", seat, f"{self.name(seat)} places a road on {self.edge_text(edge)}",
                                   (), None))]
            if self.scen.rules.longest_route != "none":      # A.13: set-up roads count too
                s.route_len[seat] = self.road_added_length(seat, edge)
                events += self.settle_longest_holder()
            return events + self.finish_setup_step()
        self.pay(seat, self.scen.costs["road"])
        self.place_route(seat, edge, ROAD)
        events = [_new(Event, ("build", seat, f"{self.name(seat)} builds a road on {self.edge_text(edge)}", (), None))]
        if self.scen.rules.longest_route == "none":
            return events + self.rules.after_route_change(seat)
        # after_route_built, with the new length from the old one where it can be
        s.route_len[seat] = self.road_added_length(seat, edge)
        return events + self.settle_longest_holder() + self.rules.after_route_change(seat)

    def place_route(self, seat: int, edge: int, kind: int) -> None:
        s = self.s
        self.put_route(seat, edge, kind)
        s.players[seat].pieces[self.pieces.edge_supply[kind]] -= 1
        if kind != ROAD:
            s.built_this_turn.append(edge)

    def remove_route(self, edge: int, seat: int = -1) -> None:
        """Take the piece on ``edge`` (``seat``'s, on a shared path) back to its supply."""
        s = self.s
        if seat < 0:
            seat = s.edge_owner[edge]
        kind = self.lift_route(seat, edge)
        s.players[seat].pieces[self.pieces.edge_supply[kind]] += 1

    def after_route_built(self, seat: int) -> list[Event]:
        return self.update_longest_route(seat) + self.rules.after_route_change(seat)

    def setup_route_reason(self, seat: int) -> str | None:
        s = self.s
        if seat != self.prompt_seat() or s.pending:
            return f"it is {self.name(self.prompt_seat())}'s set-up placement"
        if s.setup_step != "route":
            return "place a settlement first"
        return None


