"""Ships: where they go (B.3, B.4), shipping routes open and closed (B.6), moving (B.7)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .actions import Action, Event
from .building import BuildingRules
from .declare import StateItem, Visibility
from .geometry import TERRAIN_RESOURCE, UNEXPLORED
from .scenario import explored_scenario
from .state import SHIP
from .phases import Phase
from .rulebook import ScenarioRules

if TYPE_CHECKING:
    from .context import RulesContext

#: the game-state key of the face-down stacks (exploration)
FACE_DOWN = "face_down"


class ShipRules(BuildingRules):
    # movable_ships' end ships per seat, with the seat_board_version they were found under.
    _end_ships: dict[int, tuple[int, list[int]]] | None = None

    def is_ship(self, edge: int, seat: int) -> bool:
        s = self.s
        if s.edge_owner[edge] == seat:
            return self.pieces.is_ship[s.edge_kind[edge]]
        return bool(s.shared_ships) and s.shared_ships[edge] == seat

    def on_pirate_hex(self, edge: int) -> bool:
        p = self.s.pirate
        return p >= 0 and p in self.geo.edge_hexes[edge]

    def anchor(self, seat: int, node: int) -> bool:
        """A node that ends ``seat``'s shipping route: own building or closing scenario piece."""
        return self.own_building(seat, node) or self.rules.closes_route(seat, node)

    def ship_edge_reason(self, seat: int, edge: int, lifted: int = -1,
                         setup_node: int = -1) -> str | None:
        """Why ``seat`` may not have a ship on ``edge`` (ignoring cost and supply).
        ``lifted`` is a ship being moved, treated as already off the board."""
        s = self.s
        if not self.scen.rules.ships:
            return "there are no ships in this scenario"
        if not 0 <= edge < self.geo.n_edges:
            return "no such path"
        if not self.scen.edge_shippable[edge]:
            return f"{self.edge_text(edge)} runs between two land hexes; ships sail on sea and coast paths"
        if s.edge_kind[edge] and edge != lifted:
            taken = self.shared_path_reason(seat, edge)
            if taken:
                return taken
        if self.on_pirate_hex(edge):
            return f"the pirate on {self.hex_id(s.pirate)} blocks ships on {self.edge_text(edge)}"
        a, b = self.geo.edge_nodes[edge]
        if setup_node >= 0:
            if setup_node not in (a, b):
                return f"your set-up ship must touch the settlement you just built on {setup_node + 1}"
            return self.rules.ship_reason(seat, edge, lifted)
        connected = False
        for x in (a, b):
            if self.own_building(seat, x):
                connected = True
                break
            if self.blocked_for(seat, x):
                continue
            for e2 in self.geo.node_edges[x]:
                if e2 != edge and e2 != lifted and self.is_ship(e2, seat):
                    connected = True
                    break
            if connected:
                break
        if not connected:
            return (f"a ship on {self.edge_text(edge)} must join your own ship, settlement or city; "
                    "ships join roads only at your own building")
        return self.rules.ship_reason(seat, edge, lifted)

    def ship_edge_ok(self, seat: int, edge: int, lifted: int = -1) -> bool:
        """``ship_edge_reason(seat, edge, lifted) is None`` (outside set-up) as a plain yes or
        no: legal-move generation asks this for every candidate, and most are refused, so no
        reason is written here."""
        s, geo = self.s, self.geo
        if not self.scen.rules.ships or not 0 <= edge < geo.n_edges or not self.scen.edge_shippable[edge]:
            return False
        shared = s.shared_ships
        if s.edge_kind[edge] and edge != lifted and (not shared or self.shared_path_reason(seat, edge)):
            return False
        if self.on_pirate_hex(edge):
            return False
        edge_owner, edge_kind, is_ship = s.edge_owner, s.edge_kind, self.pieces.is_ship
        for x in geo.edge_nodes[edge]:
            if self.own_building(seat, x):
                break
            if self.blocked_for(seat, x):
                continue
            if any(e2 != edge and e2 != lifted and ((edge_owner[e2] == seat and is_ship[edge_kind[e2]])
                                                    or (shared and shared[e2] == seat))
                   for e2 in geo.node_edges[x]):
                break
        else:
            return False
        return self.rules.ship_reason(seat, edge, lifted) is None

    def check_build_ship(self, a: Action) -> str | None:
        s, seat, edge = self.s, a.seat, a.args[0]
        if not self.scen.rules.ships:
            return "there are no ships in this scenario"
        if s.phase == Phase.SETUP:
            reason = self.setup_route_reason(seat)
            if reason:
                return reason
            if not self.scen.rules.setup_ship_instead_of_road:
                return "set-up settlements take a road in this scenario"
            return self.ship_edge_reason(seat, edge, setup_node=s.setup_node)
        reason = self.main_phase_reason(seat, "build")
        if reason:
            return reason
        if s.players[seat].pieces["ship"] <= 0:
            return "you have no ships left in your supply"
        return self.ship_edge_reason(seat, edge) or self.afford_reason(seat, "ship", "a ship")

    def do_build_ship(self, a: Action) -> list[Event]:
        s, seat, edge = self.s, a.seat, a.args[0]
        if s.phase == Phase.SETUP:
            self.place_route(seat, edge, SHIP)
            events = [Event("build", seat, f"{self.name(seat)} places a ship on {self.edge_text(edge)}")]
            events += self.update_longest_route(seat)   # B.12: set-up ships count too
            return events + self.rules.after_route_change(seat) + self.finish_setup_step()
        self.pay(seat, self.scen.costs["ship"])
        self.place_route(seat, edge, SHIP)
        events = [Event("build", seat, f"{self.name(seat)} builds a ship on {self.edge_text(edge)}")]
        return events + self.after_route_built(seat) + self.explore_from_edge(seat, edge)[0]

    # --- routes ---------------------------------------------------------------------------
    def ship_route(self, seat: int, edge: int) -> tuple[list[int], set[int]]:
        """The shipping route through ``edge``: its ships, and the anchors it touches.
        Routes are split at anchors (B.6.1-B.6.2).  An opponent's building on the route does
        not split it: a closed route stays closed (B.6.3)."""
        ships, anchors, _ = self._ship_route(seat, edge)
        return ships, anchors

    def _ship_route(self, seat: int, edge: int) -> tuple[list[int], set[int], dict[int, bool]]:
        """:meth:`ship_route`, and whether each node it reached is an anchor (``anchor``
        and ``is_ship``, a shared path's second ship included, read from the tables
        directly: the legal moves of a sea map ask this for every route after every ship
        move)."""
        s, geo = self.s, self.geo
        edge_nodes, node_edges = geo.edge_nodes, geo.node_edges
        edge_owner, edge_kind, is_ship = s.edge_owner, s.edge_kind, self.pieces.is_ship
        node_owner, node_kind, produces = s.node_owner, s.node_kind, self.pieces.produces
        closes = self.rules.closes_route
        shared = s.shared_ships      # E.0.2: the seat's second ship on a shared path
        ships, anchors = [edge], set()
        is_anchor: dict[int, bool] = {}
        seen = {edge}
        stack = [edge]
        while stack:
            e = stack.pop()
            for x in edge_nodes[e]:
                if (node_owner[x] == seat and produces[node_kind[x]] > 0) or closes(seat, x):
                    anchors.add(x)
                    is_anchor[x] = True
                    continue
                is_anchor[x] = False
                for e2 in node_edges[x]:
                    if e2 not in seen and ((edge_owner[e2] == seat and is_ship[edge_kind[e2]])
                                           or (shared and shared[e2] == seat)):
                        seen.add(e2)
                        ships.append(e2)
                        stack.append(e2)
        return ships, anchors, is_anchor

    def route_closed(self, seat: int, edge: int) -> bool:
        return len(self.ship_route(seat, edge)[1]) >= 2

    def free_end(self, seat: int, edge: int, x: int) -> bool:
        """B.7.2: an end with no building and no other ship of yours beyond it."""
        if self.anchor(seat, x):
            return False
        for e2 in self.geo.node_edges[x]:
            if e2 != edge and self.is_ship(e2, seat):
                return False
        return True

    def route_end_ships(self, seat: int, edge: int) -> tuple[list[int], bool, list[int]]:
        """The route through ``edge``: its ships, whether it is closed, and its end ships
        (B.6.2-B.6.5, B.7.2).  A closed route has no end ships that may move."""
        ships, anchors, is_anchor = self._ship_route(seat, edge)
        if len(anchors) >= 2:
            return ships, True, []
        edge_nodes = self.geo.edge_nodes
        # free_end, from the route itself: every ship of the seat's at a node that is not an
        # anchor is on this route, so an end is a non-anchor node that one route ship touches.
        touching: dict[int, int] = {}
        for e in ships:
            a, b = edge_nodes[e]
            touching[a] = touching.get(a, 0) + 1
            touching[b] = touching.get(b, 0) + 1
        ends = [e for e in ships if any(not is_anchor[x] and touching[x] == 1 for x in edge_nodes[e])]
        if not ends:
            # A loop: with no anchor every ship is an end ship (B.6.5); with one anchor,
            # the ships beside it are (B.6.4) when the loop comes back to it.  When a tail of
            # ships joins the anchor to a ring, the ring's ships are ends (B.6.5) and the
            # tail's are not: moving one would strand the ring.
            beside = [e for e in ships if any(x in anchors for x in edge_nodes[e])]
            if not anchors:
                ends = ships
            elif len(beside) >= 2:
                ends = beside
            else:
                ends = [e for e in ships if self._ring_ship(e, ships, anchors)]
        return ships, False, ends

    def _ring_ship(self, edge: int, ships: list[int], anchors: set[int]) -> bool:
        """Whether the route's other ships stay joined to its anchor without ``edge``."""
        edge_nodes, node_edges = self.geo.edge_nodes, self.geo.node_edges
        rest = set(ships) - {edge}
        seen_nodes = set(anchors)
        stack = list(anchors)
        while stack:
            x = stack.pop()
            for e2 in node_edges[x]:
                if e2 in rest:
                    rest.discard(e2)
                    for y in edge_nodes[e2]:
                        if y not in seen_nodes:
                            seen_nodes.add(y)
                            stack.append(y)
        return not rest

    def end_ship_reason(self, seat: int, edge: int) -> str | None:
        """Why the ship on ``edge`` is not a movable end ship (B.6, B.7.2-B.7.3)."""
        _, closed, ends = self.route_end_ships(seat, edge)
        if closed:
            return f"ship {self.edge_text(edge)} is part of a closed shipping route; it never moves"
        if edge not in ends:
            return f"ship {self.edge_text(edge)} is not at the open end of its shipping route"
        return None

    def movable_ships(self, seat: int) -> list[int]:
        """Every ship of ``seat`` that may move now, each route classified once."""
        s = self.s
        # The end ships depend on the seat's own pieces alone (its ships and buildings, and
        # closes_route, which answers from them and fixed data): kept while they stay, so
        # another player's ship move does not send every seat's routes to be walked again.
        kept = self._end_ships
        if kept is None:
            kept = self._end_ships = {}
        version = self.seat_board_version(seat)
        found = kept.get(seat)
        if found is not None and found[0] == version:
            ends_all = found[1]
        else:
            named = self.rules.end_ships(seat)
            ends_all = self._all_end_ships(seat) if named is None else named
            kept[seat] = (version, ends_all)
        built, pirate, edge_hexes = s.built_this_turn, s.pirate, self.geo.edge_hexes
        return sorted(x for x in ends_all if x not in built and not (pirate >= 0 and pirate in edge_hexes[x]))

    def _all_end_ships(self, seat: int) -> list[int]:
        """The end ships of every open shipping route of ``seat`` (route_end_ships' third
        answer for each route), in one pass over the seat's ships: each node's ships of the
        seat's and whether it is an anchor are worked out once, and a route is the ships
        joined at nodes that are not anchors.  A route with no free end (a loop) asks
        route_end_ships itself, which knows the loop rules."""
        s, edge_nodes = self.s, self.geo.edge_nodes
        edge_kind, is_ship = s.edge_kind, self.pieces.is_ship
        shared = s.shared_ships
        self.board_version()
        if shared:
            edge_owner = s.edge_owner
            ships = [e for e in self.route_edges(seat)
                     if (edge_owner[e] == seat and is_ship[edge_kind[e]]) or shared[e] == seat]
        else:          # the seat's own paths, as board_version keeps them
            ships = [e for e in self._edges_by_seat.get(seat, ()) if is_ship[edge_kind[e]]]
        if not ships:
            return []
        at: dict[int, list[int]] = {}           # node -> the seat's ships touching it
        for e in ships:
            a, b = edge_nodes[e]
            found = at.get(a)
            if found is None:
                at[a] = [e]
            else:
                found.append(e)
            found = at.get(b)
            if found is None:
                at[b] = [e]
            else:
                found.append(e)
        node_owner, node_kind, produces = s.node_owner, s.node_kind, self.pieces.produces
        closes = None if type(self.rules).closes_route is ScenarioRules.closes_route else self.rules.closes_route
        # the anchors among those nodes, and the free ends: a node that is no anchor with
        # one ship of the seat's
        anchors = {x for x in at if (node_owner[x] == seat and produces[node_kind[x]] > 0)
                   or (closes is not None and closes(seat, x))}
        free = {x for x, found in at.items() if len(found) == 1 and x not in anchors}
        out: list[int] = []
        done: set[int] = set()
        for first in ships:
            if first in done:
                continue
            done.add(first)
            route, stack = [first], [first]
            met, met_at = 0, -1      # the anchors the route meets (two close it), the first
            while stack:
                for x in edge_nodes[stack.pop()]:
                    if x in anchors:
                        if x != met_at:
                            met += 1
                            if met == 1:
                                met_at = x
                        continue
                    for e2 in at[x]:
                        if e2 not in done:
                            done.add(e2)
                            route.append(e2)
                            stack.append(e2)
            if met >= 2:
                continue            # closed: its ships never move
            ends = [e for e in route if not free.isdisjoint(edge_nodes[e])]
            out.extend(ends if ends else self.route_end_ships(seat, first)[2])
        return out

    def check_move_ship(self, a: Action) -> str | None:
        s, seat = self.s, a.seat
        src, dst = a.args
        if not self.scen.rules.ships or not self.scen.rules.ship_move:
            return "ships do not move in this scenario"
        reason = self.main_phase_reason(seat, "move a ship")
        if reason:
            return reason
        if s.phase != Phase.MAIN:
            return "ships move after the roll"
        if s.ship_moved:
            return "you have already moved a ship this turn (one move per turn)"
        if not 0 <= src < self.geo.n_edges or not self.is_ship(src, seat):
            return f"you have no ship on {self.edge_text(src) if 0 <= src < self.geo.n_edges else src}"
        if src in s.built_this_turn:
            return f"ship {self.edge_text(src)} was built this turn; it can move from your next turn on"
        if self.on_pirate_hex(src):
            return f"the pirate on {self.hex_id(s.pirate)} holds ship {self.edge_text(src)}; it cannot move"
        reason = self.end_ship_reason(seat, src)
        if reason:
            return reason
        if dst == src:
            return "a moved ship must go to a different path"
        return self.ship_edge_reason(seat, dst, lifted=src)

    def do_move_ship(self, a: Action) -> list[Event]:
        s, seat = self.s, a.seat
        src, dst = a.args
        self.put_route(seat, dst, self.lift_route(seat, src))
        s.ship_moved = True
        events = [Event("move", seat, f"{self.name(seat)} moves a ship from {self.edge_text(src)} "
                                      f"to {self.edge_text(dst)}")]
        return events + self.after_route_built(seat) + self.explore_from_edge(seat, dst)[0]

    # --- exploration: face-down hexes turned up by ships --------------------------------------
    def exploration_state_items(self) -> tuple[StateItem, ...]:
        """The face-down stacks, declared like scenario state: nobody sees them; the table
        sees how many hexes and number tokens each area has left."""
        if not self.scen.face_down:
            return ()
        return (StateItem(FACE_DOWN, Visibility.NOBODY, shown_as=_stack_counts, scramble=_rotate_stacks,
                          redeal=_redeal_stacks,
                          doc="per face-down area: its shuffled terrain stack and number-token stack"),)

    def deal_face_down(self) -> None:
        """A new game: shuffle each face-down area's terrain stack and number stack."""
        if not self.scen.face_down:
            return
        stacks: dict[str, dict[str, list[Any]]] = {}
        rng = self.s.rng
        for name, area in sorted(self.scen.face_down.items()):
            terrain, numbers = list(area.terrain), list(area.numbers)
            rng.shuffle(terrain)
            rng.shuffle(numbers)
            stacks[name] = {"terrain": terrain, "numbers": numbers}
        self.s.extra[FACE_DOWN] = stacks

    def explore_from_edge(self, seat: int, edge: int) -> tuple[list[Event], list[int]]:
        """A ship of ``seat`` ended a step on ``edge``: every face-down hex with a corner at
        either end turns up, in turn (both at once when both ends touch one).  A terrain hex
        takes the top token of its area's number stack; the discoverer gets the scenario's
        reward.  Returns the events and the hexes discovered (a discovery stops a ship)."""
        if not self.scen.face_down:
            return [], []
        s, geo = self.s, self.geo
        found: list[int] = []
        for x in geo.edge_nodes[edge]:
            for h in geo.node_hexes[x]:
                if s.terrain[h] == UNEXPLORED and h not in found:
                    found.append(h)
        events: list[Event] = []
        for h in found:
            area = self.scen.hex_area[h]
            stack = s.extra[FACE_DOWN][area]
            numbers = s.extra[FACE_DOWN][self.scen.face_down[area].numbers_from]["numbers"]
            terrain = stack["terrain"].pop()
            s.terrain[h] = terrain
            shown = terrain
            # a number on terrain that produces (a resource, or gold); not on sea, desert or
            # the scenario's barren terrain
            if (TERRAIN_RESOURCE.get(terrain, -1) >= 0 or terrain == "gold") and numbers:
                s.numbers[h] = numbers.pop()
                shown = f"{terrain} {s.numbers[h]}"
            events.append(Event("discover", seat, f"{self.name(seat)} discovers {self.hex_id(h)}: {shown}",
                                (("reveals", "hex"), ("hex", self.hex_id(h)), ("terrain", terrain))))
        if found:
            self.explored()
            for h in found:
                events += self.rules.discovery_reward(seat, h)
        return events, found

    def explored(self) -> None:
        """Re-derive the land, sea and production tables after hexes turned up, and drop
        what was kept for the old map (kept under the pieces alone, which did not move)."""
        self.scen = explored_scenario(self.scen, self.s.terrain)
        self._derive()
        self._production_key = ()
        self._map_changed = True
        self._board_checked = -1

    def discovery_resource(self, h: int) -> int:
        """The resource a discovered hex yields (-1: none)."""
        return TERRAIN_RESOURCE.get(self.s.terrain[h], -1)


def _stack_counts(stacks: dict[str, dict[str, list[Any]]]) -> dict[str, dict[str, int]]:
    return {name: {"hexes": len(st["terrain"]), "numbers": len(st["numbers"])} for name, st in stacks.items()}


def _redeal_stacks(ctx: "RulesContext", seat: int, rng: random.Random) -> None:
    """The stacks dealt afresh: every seat can count what each still holds (the area's
    terrain and numbers less those turned up), not their order."""
    out: dict[str, dict[str, list[Any]]] = {}
    for name, st in sorted(ctx.data[FACE_DOWN].items()):
        out[name] = {}
        for k, v in sorted(st.items()):
            stack = sorted(v, key=repr)
            rng.shuffle(stack)
            out[name][k] = stack
    ctx.data[FACE_DOWN] = out


def _rotate_stacks(stacks: dict[str, dict[str, list[Any]]], rng: random.Random) -> dict[str, dict[str, list[Any]]]:
    """Another order of the same stacks (what the secrecy test hides)."""
    out = {}
    for name, st in stacks.items():
        out[name] = {k: v[1:] + v[:1] for k, v in st.items()}
    return out

