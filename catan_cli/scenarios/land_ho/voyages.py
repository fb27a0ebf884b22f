"""Ships in Land Ho!: building them beside a harbour settlement, sailing by movement points
with discovery, cargo (loading, unloading, dropping) and founding a settlement from a
settler ship (seed 002; digest C.3, C.5-C.8)."""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ...engine.actions import Action, Event
from ...engine.geometry import EDGE_LAND
from ...engine.words import resource_text
from .base import HARBOR, MOVEMENT, SETTLER, LandHoBase

# Action(...) and Event(...) without the named tuples' Python-level __new__ (every field
# given): the listings below make every move of the movement phase, and the compiled build
# would otherwise step into interpreted code for each.
_new = tuple.__new__


class Voyages(LandHoBase):
    # --- entering the movement phase ---------------------------------------------------------
    def begin_movement(self, seat: int) -> list[Event]:
        """C.8: the movement phase begins (once it has, no more trade or build)."""
        if self.ctx.state.phase == MOVEMENT:
            return []
        self.ctx.enter_phase(MOVEMENT)
        return [_new(Event, ("phase", seat, f"{self.ctx.name(seat)} begins the movement phase", (), None))]

    def check_sail(self, a: Action) -> str | None:
        if self.ctx.state.phase == MOVEMENT:
            return "the movement phase has already begun"
        return self.ctx.main_phase_reason(a.seat, "begin the movement phase")

    def apply_sail(self, a: Action) -> list[Event]:
        return self.begin_movement(a.seat)

    def legal_sail(self, seat: int) -> Iterable[Action]:
        """Exactly the legal ``sail``: its one question asked once."""
        a = _new(Action, ("sail", (), seat))
        return [a] if self.check_sail(a) is None else []

    # --- build ship E [replacing F] (C.6) ---------------------------------------------------
    def ship_site_reason(self, seat: int, edge: int, lifted: int = -1) -> str | None:
        """Where a new ship may go: a sea route beside one of ``seat``'s harbour
        settlements, touching no undiscovered hex, with room for one more ship."""
        ctx = self.ctx
        name = ctx.edge_text(edge)
        if not self.sea_route(edge):
            return f"{name} runs between two land hexes; ships sail on sea routes"
        if self.harbor_end(seat, edge) < 0:
            return f"a new ship goes on a sea route beside one of your harbour settlements; {name} is not"
        hidden = self.touches_unexplored(edge)
        if hidden >= 0:
            return (f"{name} touches the undiscovered hex {ctx.hex_id(hidden)}; a ship may not be "
                    "built there (it would discover the hex at once)")
        others = [sh for sh in self.ships_on(edge) if sh["id"] != lifted]
        if len(others) >= self.per_route:
            return f"{name} already holds {len(others)} ships; at most {self.per_route} end on one sea route"
        return None

    def check_build_ship(self, a: Action) -> str | None:
        seat, edge, replacing = a.seat, a.args[0], a.args[1]
        ctx = self.ctx
        reason = ctx.main_phase_reason(seat, "build")
        if reason:
            return reason
        lifted = -1
        if replacing >= 0:
            mine = [sh for sh in self.ships_on(replacing) if sh["owner"] == seat]
            if not mine:
                return f"you have no ship on {ctx.edge_text(replacing)} to take off"
            if ctx.player_data(seat)["ships_left"] > 0:
                return "you still have a ship in your supply; a ship is taken off only when all are out"
            lifted = mine[0]["id"] if replacing == edge else -1
        elif ctx.player_data(seat)["ships_left"] <= 0:
            return (f"all {self.max_ships} of your ships are out; take one off to rebuild it: "
                    f"'build ship {ctx.edge_text(edge)} replacing E'")
        reason = self.ship_site_reason(seat, edge, lifted)
        if reason:
            return reason
        if not ctx.affords(seat, self.ship_cost):
            return f"a ship costs {resource_text(self.ship_cost)}"
        return None

    def apply_build_ship(self, a: Action) -> list[Event]:
        seat, edge, replacing = a.seat, a.args[0], a.args[1]
        ctx = self.ctx
        events: list[Event] = []
        if replacing >= 0:
            old = next(sh for sh in self.ships_on(replacing) if sh["owner"] == seat)
            events += self.remove_ship(old, "is taken off to be rebuilt")
        ctx.pay(seat, self.ship_cost)
        self.launch(seat, edge, "")
        return events + [Event("build", seat, f"{ctx.name(seat)} builds a ship on {ctx.edge_text(edge)}")]

    def launch(self, seat: int, edge: int, cargo: str) -> None:
        data = self.ctx.data
        self.ships.append({"id": data["next_ship"], "owner": seat, "edge": edge, "cargo": cargo})
        data["next_ship"] += 1
        self.ctx.player_data(seat)["ships_left"] -= 1

    def remove_ship(self, ship: dict[str, Any], why: str) -> list[Event]:
        """A ship goes back to its owner's supply; its cargo too (C.6: lost)."""
        ctx = self.ctx
        seat = ship["owner"]
        self.ships.remove(ship)
        ctx.player_data(seat)["ships_left"] += 1
        if self.movement["ship"] == ship["id"]:
            m = self.turn_counts()
            m["ship"], m["points"] = -1, 0
        text = f"{ctx.name(seat)}'s ship on {ctx.edge_text(ship['edge'])} {why}"
        if ship["cargo"] == SETTLER:
            ctx.player_data(seat)["settlers_left"] += 1
            text += "; its settler goes back to the supply"
        return [Event("ship", seat, text)]

    def legal_build_ship(self, seat: int) -> Iterable[Action]:
        """Exactly the ships :meth:`check_build_ship` allows: its general questions (the
        phase, the price) asked once, then the sea routes beside the seat's harbour
        settlements that touch no face-down hex and have room, with all ships out each
        of the seat's ships to take off (one on the route itself leaves room for its
        rebuilding)."""
        ctx = self.ctx
        if self.build_trade_closed(seat, "build"):
            return []
        if not ctx.affords(seat, self.ship_cost):
            return []
        steps, stops = self.sea_steps()
        kinds = ctx.scen.edge_kind
        node_edges = ctx.geo.node_edges
        sites = sorted({e for n in self.own_nodes(seat, HARBOR) for e in node_edges[n]
                        if kinds[e] != EDGE_LAND and not stops[e]})
        if not sites:
            return []
        held: dict[int, int] = {}
        for sh in self.ships:
            held[sh["edge"]] = held.get(sh["edge"], 0) + 1
        most = self.per_route
        if ctx.player_data(seat)["ships_left"] > 0:
            return [_new(Action, ("launch-ship", (e, -1), seat)) for e in sites if held.get(e, 0) < most]
        # each route of the seat's ships, in launch order: two ships on one route are one
        # move (the check and the rebuild take the first of them off), listed once
        own = list(dict.fromkeys(sh["edge"] for sh in self.own_ships(seat)))
        return [_new(Action, ("launch-ship", (e, f), seat)) for e in sites for f in own
                if held.get(e, 0) - (f == e) < most]

    # --- move ship E to F (C.3, C.6) -------------------------------------------------------------
    def mover(self, seat: int, edge: int) -> dict[str, Any] | None:
        """The ship of ``seat`` on ``edge`` a move means: the one being moved, else one that
        has not moved this turn (two of yours may share a route)."""
        return self.meant(self.own_fleet(seat).get(edge), self.movement)

    @staticmethod
    def meant(mine: list[dict[str, Any]] | None, m: dict[str, Any]) -> dict[str, Any] | None:
        """:meth:`mover` among ``mine``, the seat's ships on one route, with this turn's
        counts ``m`` (a listing reads the fleet and the counts once for every route)."""
        if not mine:
            return None
        for sh in mine:
            if sh["id"] == m["ship"]:
                return sh
        done = m["done"]
        for sh in mine:
            if sh["id"] not in done:
                return sh
        return mine[0]

    def points_left(self, ship: dict[str, Any]) -> int:
        m = self.movement
        if ship["id"] == m["ship"]:
            return int(m["points"])
        if ship["id"] in m["done"]:
            return 0
        return self.points + (self.wool_points if ship["id"] in m["wool"] else 0)

    def reachable(self, ship: dict[str, Any], points: int) -> dict[int, int]:
        """Sea routes the ship can end on with ``points``, with the cost (only to be read).
        Passing through routes that hold 2 ships is free; a step that reaches the corner of
        an undiscovered hex discovers it and ends the move, so the search never goes past
        one.  The walk depends on the map alone and is kept with it (:meth:`sea_ends`);
        the other ships only take away the routes full of them as ends."""
        ends = self.sea_ends(ship["edge"], points)
        full = self.full_routes(ship["id"])
        if full.isdisjoint(ends):
            return ends
        return {e: d for e, d in ends.items() if e not in full}

    def sea_ends(self, src: int, points: int) -> dict[int, int]:
        """The sea routes ``points`` steps or fewer from ``src``, with their distance
        (:meth:`sea_walk`), kept while the map is this one (its sea steps table, which a
        discovery replaces): every listing and every move asks, and a ship's route and
        points repeat from one position to the next.  Only to be read."""
        table = self.sea_steps()
        if table is not self._reach_table:
            self._reach_table, self._reach_cache, self._move_cache = table, {}, {}
        found = self._reach_cache.get((src, points))
        if found is None:
            found = self._reach_cache[(src, points)] = self.sea_walk(src, points)
        return found

    def sea_walk(self, src: int, points: int) -> dict[int, int]:
        """:meth:`sea_ends` worked out afresh: a breadth-first walk, a step a movement
        point, over the sea steps table (integer adjacency), not stepping on from a route
        that touches a face-down hex (the discovery would stop the ship there)."""
        steps, stops = self.sea_steps()
        # the routes reached so far as a list of flags, not the dict's keys: the compiled
        # build reads it without making an int object for each route it looks at
        seen = [False] * len(steps)
        seen[src] = True
        dist: dict[int, int] = {}
        frontier = [src]
        cost = 0
        while frontier and cost < points:
            cost += 1
            reached: list[int] = []
            for e in frontier:
                if e != src and stops[e]:
                    continue
                for f in steps[e]:
                    if not seen[f]:
                        seen[f] = True
                        dist[f] = cost
                        reached.append(f)
            frontier = reached
        return dist

    def full_routes(self, ident: int) -> set[int]:
        """The sea routes on which no other ship may end: those holding the most ships a
        route takes (C.6), the ship ``ident`` aside."""
        held: dict[int, int] = {}
        for sh in self.ships:
            if sh["id"] != ident:
                e = sh["edge"]
                held[e] = held.get(e, 0) + 1
        most = self.per_route
        return {e for e, k in held.items() if k >= most}

    def check_move(self, a: Action) -> str | None:
        seat, src, dst = a.seat, a.args[0], a.args[1]
        ctx = self.ctx
        reason = self.turn_reason(seat, "move a ship")
        if reason:
            return reason
        ship = self.mover(seat, src)
        if ship is None:
            return f"you have no ship on {ctx.edge_text(src)}"
        points = self.points_left(ship)
        if points <= 0:
            return f"your ship on {ctx.edge_text(src)} has finished moving this turn"
        if dst == src:
            return "a moved ship must end on another sea route"
        if not self.sea_route(dst):
            return f"{ctx.edge_text(dst)} runs between two land hexes; ships sail on sea routes"
        ends = self.reachable(ship, points)
        if dst not in ends:
            if len(self.ships_on(dst)) >= self.per_route:
                return (f"{ctx.edge_text(dst)} already holds {self.per_route} ships; a ship may pass "
                        "them but not end its move there")
            return (f"your ship on {ctx.edge_text(src)} cannot reach {ctx.edge_text(dst)} with "
                    f"{points} movement point{'s' if points != 1 else ''} (a discovery on the way would stop it)")
        return None

    def apply_move(self, a: Action) -> list[Event]:
        seat, src, dst = a.seat, a.args[0], a.args[1]
        ctx = self.ctx
        events = self.begin_movement(seat)
        ship = self.mover(seat, src)
        assert ship is not None
        m = self.turn_counts()
        points = self.points_left(ship)
        if m["ship"] != ship["id"]:
            if m["ship"] >= 0:
                m["done"].append(m["ship"])      # C.6: one ship's move is finished first
            m["ship"] = ship["id"]
        cost = self.reachable(ship, points)[dst]
        m["points"] = points - cost
        ship["edge"] = dst
        events.append(_new(Event, ("move", seat, f"{ctx.name(seat)} sails a ship from {ctx.edge_text(src)} to "
                                                 f"{ctx.edge_text(dst)} ({cost} point{'s' if cost != 1 else ''}, "
                                                 f"{m['points']} left)", (), None)))
        found_events, found = ctx.explore(seat, dst)
        events += found_events
        if found:
            m["points"] = 0      # C.3.1: a discovery ends the ship's move
            events.append(_new(Event, ("move", seat, "the discovery ends the ship's move", (), None)))
        if m["points"] <= 0:
            m["done"].append(ship["id"])
            m["ship"] = -1
        return events

    def legal_move(self, seat: int) -> Iterable[Action]:
        """Exactly the moves :meth:`check_move` allows: the turn asked once, then for each
        route of the seat's ships (in launch order) the ship a move there means, with its
        points left, to every end it reaches.  A route's moves for its points are kept with
        the walk they come from, and used as they are while no full route is among them."""
        if self.turn_reason(seat, "move a ship") is not None:
            return []
        out: list[Action] = []
        fleet, m = self.own_fleet(seat), self.movement
        held: dict[int, int] = {}
        for sh in self.ships:
            held[sh["edge"]] = held.get(sh["edge"], 0) + 1
        most = self.per_route
        crowded = max(held.values(), default=0) >= most
        seen: set[int] = set()
        for ship in self.ships:        # the seat's routes in its ships' launch order
            src = ship["edge"]
            if ship["owner"] != seat or src in seen:
                continue
            seen.add(src)
            chosen = self.meant(fleet[src], m)
            if chosen is None:
                continue
            points = self.points_left(chosen)
            if points <= 0:
                continue
            ends = self.sea_ends(src, points)
            # full_routes(chosen["id"]), from the counts: the chosen ship stands on src
            full = {e for e, k in held.items() if k - (e == src) >= most} if crowded else set()
            if full.isdisjoint(ends):
                moves = self._move_cache.get((src, points, seat))
                if moves is None:
                    moves = self._move_cache[(src, points, seat)] = tuple(
                        _new(Action, ("sail-ship", (src, dst), seat)) for dst in sorted(ends))
                out += moves
            else:
                out += [_new(Action, ("sail-ship", (src, dst), seat)) for dst in sorted(ends) if dst not in full]
        return out

    # --- pay wool E: +2 movement points (C.6) -----------------------------------------------------
    def check_wool(self, a: Action) -> str | None:
        seat, edge = a.seat, a.args[0]
        ctx = self.ctx
        reason = self.turn_reason(seat, "buy movement points")
        if reason:
            return reason
        ship = self.mover(seat, edge)
        if ship is None:
            return f"you have no ship on {ctx.edge_text(edge)}"
        if ship["id"] in self.movement["wool"]:
            return "that ship has had its 2 extra movement points this turn (once per ship per turn)"
        if ship["id"] in self.movement["done"]:
            return f"your ship on {ctx.edge_text(edge)} has finished moving this turn"
        if ctx.state.players[seat].resources[2] < 1:
            return "2 extra movement points cost 1 wool; you have none"
        return None

    def apply_wool(self, a: Action) -> list[Event]:
        seat, edge = a.seat, a.args[0]
        ship = self.mover(seat, edge)
        assert ship is not None
        self.ctx.pay(seat, (0, 0, 1, 0, 0))
        m = self.turn_counts()
        m["wool"].append(ship["id"])
        if m["ship"] == ship["id"]:
            m["points"] += self.wool_points
        return [Event("move", seat, f"{self.ctx.name(seat)} pays 1 wool: the ship on "
                                    f"{self.ctx.edge_text(edge)} gets {self.wool_points} more movement points")]

    def legal_wool(self, seat: int) -> Iterable[Action]:
        """Exactly the ``pay wool`` :meth:`check_wool` allows: the turn and the wool asked
        once, then each route's ship a move there means, if it has neither had its wool nor
        finished moving this turn."""
        if self.turn_reason(seat, "buy movement points") is not None:
            return []
        if self.ctx.state.players[seat].resources[2] < 1:
            return []
        m = self.movement
        out = []
        for e, mine in self.own_fleet(seat).items():
            ship = self.meant(mine, m)
            if ship is not None and ship["id"] not in m["wool"] and ship["id"] not in m["done"]:
                out.append(_new(Action, ("buy-points", (e,), seat)))
        return out

    # --- load / unload settler E, drop cargo (C.5, C.6) ----------------------------------------------
    def check_load(self, a: Action) -> str | None:
        seat, edge, unload = a.seat, a.args[0], a.kind == "unload-settler"
        ctx = self.ctx
        reason = self.turn_reason(seat, "unload a ship" if unload else "load a ship")
        if reason:
            return reason
        mine = [sh for sh in self.ships_on(edge) if sh["owner"] == seat]
        if not mine:
            return f"you have no ship on {ctx.edge_text(edge)}"
        harbor = self.harbor_end(seat, edge)
        if harbor < 0:
            return f"your ship on {ctx.edge_text(edge)} does not point at one of your harbour settlements"
        basin = ctx.data["basins"].get(str(harbor), "")
        if unload:
            if not any(sh["cargo"] == SETTLER for sh in mine):
                return f"your ship on {ctx.edge_text(edge)} carries no settler"
            if basin:
                return f"the basin of your harbour settlement on {harbor + 1} is full"
            return None
        if basin != SETTLER:
            return f"no settler waits in the basin of your harbour settlement on {harbor + 1}"
        if all(sh["cargo"] for sh in mine):
            return f"the hold of your ship on {ctx.edge_text(edge)} is full (drop its cargo to make room)"
        return None

    def apply_load(self, a: Action) -> list[Event]:
        seat, edge, unload = a.seat, a.args[0], a.kind == "unload-settler"
        ctx = self.ctx
        events = self.begin_movement(seat)
        harbor = str(self.harbor_end(seat, edge))
        mine = [sh for sh in self.ships_on(edge) if sh["owner"] == seat]
        if unload:
            ship = next(sh for sh in mine if sh["cargo"] == SETTLER)
            ship["cargo"] = ""
            ctx.data["basins"][harbor] = SETTLER
            return events + [Event("cargo", seat, f"{ctx.name(seat)} unloads a settler into the basin on {harbor_text(harbor)}")]
        ship = next(sh for sh in mine if not sh["cargo"])
        ship["cargo"] = SETTLER
        del ctx.data["basins"][harbor]
        return events + [Event("cargo", seat, f"{ctx.name(seat)} loads the settler from {harbor_text(harbor)} "
                                              f"onto the ship on {ctx.edge_text(edge)}")]

    def legal_loading(self, kind: str) -> Callable[[int], Iterable[Action]]:
        """Exactly the ``load-settler`` or ``unload-settler`` moves :meth:`check_load`
        allows: the turn asked once, then each route of the seat's ships that points at
        one of its harbour settlements, by the basin there and the holds on the route."""
        unload = kind == "unload-settler"
        what = "unload a ship" if unload else "load a ship"

        def legal(seat: int) -> Iterable[Action]:
            basins = self.ctx.data["basins"]
            if (not unload and not basins) or self.turn_reason(seat, what) is not None:
                return []       # no settler waits in any basin: nothing to load
            out = []
            for e, mine in self.own_fleet(seat).items():
                # the holds first: no look at the route's ends for ships that cannot take part
                if unload:
                    if not any(sh["cargo"] == SETTLER for sh in mine):
                        continue
                elif all(sh["cargo"] for sh in mine):
                    continue
                harbor = self.harbor_end(seat, e)
                if harbor < 0:
                    continue
                basin = basins.get(str(harbor), "")
                if (not basin) if unload else basin == SETTLER:
                    out.append(_new(Action, (kind, (e,), seat)))
            return out
        return legal

    def check_drop(self, a: Action) -> str | None:
        seat, where, index = a.seat, a.args[0], a.args[1]
        ctx = self.ctx
        reason = self.turn_reason(seat, "drop cargo")
        if reason:
            return reason
        if where == "ship":
            if not any(sh["owner"] == seat and sh["cargo"] for sh in self.ships_on(index)):
                return f"you have no ship with cargo on {ctx.edge_text(index)}"
            return None
        if not self.own_harbor(seat, index):
            return f"you have no harbour settlement on {index + 1}"
        if not ctx.data["basins"].get(str(index)):
            return f"the basin on {index + 1} is empty"
        return None

    def apply_drop(self, a: Action) -> list[Event]:
        seat, where, index = a.seat, a.args[0], a.args[1]
        ctx = self.ctx
        if where == "ship":
            ship = next(sh for sh in self.ships_on(index) if sh["owner"] == seat and sh["cargo"])
            ship["cargo"] = ""
            place = f"the ship on {ctx.edge_text(index)}"
        else:
            del ctx.data["basins"][str(index)]
            place = f"the basin on {index + 1}"
        ctx.player_data(seat)["settlers_left"] += 1
        return [Event("cargo", seat, f"{ctx.name(seat)} returns the settler from {place} to the supply")]

    def legal_drop(self, seat: int) -> Iterable[Action]:
        if self.turn_reason(seat, "drop cargo") is not None:
            return []
        out = [_new(Action, ("drop-cargo", ("ship", e), seat))
               for e, mine in self.own_fleet(seat).items() if any(sh["cargo"] for sh in mine)]
        out += [_new(Action, ("drop-cargo", ("basin", int(n)), seat)) for n in sorted(self.ctx.data["basins"], key=int)
                if self.own_harbor(seat, int(n))]
        return out

    # --- found settlement N (C.7) ------------------------------------------------------------------
    founding = False      # set while a settlement from a ship is judged (C.7's first-settlement rule)

    def check_found(self, a: Action) -> str | None:
        seat, node = a.seat, a.args[0]
        ctx = self.ctx
        reason = self.turn_reason(seat, "found a settlement")
        if reason:
            return reason
        if self.settler_ship_at(seat, node) is None:
            return f"none of your settler ships points at intersection {node + 1}"
        if not self.terrain_corner(node):
            return f"intersection {node + 1} is not a corner of a discovered terrain hex"
        if ctx.state.players[seat].pieces["settlement"] <= 0:
            return "you have no settlements left in your supply"
        self.founding = True
        try:
            return ctx.settlement_site_reason(seat, node)
        finally:
            self.founding = False

    def settler_ship_at(self, seat: int, node: int) -> dict[str, Any] | None:
        for sh in self.own_ships(seat):
            if sh["cargo"] == SETTLER and node in self.ctx.geo.edge_nodes[sh["edge"]]:
                return sh
        return None

    def apply_found(self, a: Action) -> list[Event]:
        seat, node = a.seat, a.args[0]
        ctx = self.ctx
        events = self.begin_movement(seat)
        ship = self.settler_ship_at(seat, node)
        assert ship is not None
        self.ships.remove(ship)
        ctx.player_data(seat)["ships_left"] += 1
        ctx.player_data(seat)["settlers_left"] += 1
        if self.movement["ship"] == ship["id"]:
            m = self.turn_counts()
            m["ship"], m["points"] = -1, 0
        ctx.place_node_piece(seat, node, "settlement")
        return events + [Event("build", seat, f"{ctx.name(seat)} founds a settlement on {node + 1} from a "
                                              "settler ship; the ship and the settler go back to the supply")]

    def legal_found(self, seat: int) -> Iterable[Action]:
        """Exactly the settlements :meth:`check_found` allows: the corners the seat's
        settler ships point at, then the turn and the supply asked once, then each corner's
        terrain and the general site rules."""
        ctx = self.ctx
        edge_nodes = ctx.geo.edge_nodes
        nodes = sorted({x for e, mine in self.own_fleet(seat).items() if any(sh["cargo"] == SETTLER for sh in mine)
                        for x in edge_nodes[e]})
        if not nodes or self.turn_reason(seat, "found a settlement") is not None:
            return []
        if ctx.state.players[seat].pieces["settlement"] <= 0:
            return []
        out = []
        self.founding = True
        try:
            for n in nodes:
                if self.terrain_corner(n) and ctx.settlement_site_reason(seat, n) is None:
                    out.append(_new(Action, ("found-settlement", (n,), seat)))
        finally:
            self.founding = False
        return out


def harbor_text(node_key: str) -> str:
    return f"the harbour settlement on {int(node_key) + 1}"
