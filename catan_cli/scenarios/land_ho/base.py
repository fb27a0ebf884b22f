"""The state Land Ho! keeps and the small readings of it every rule module uses.

Ships here are not the general (Seafarers) ships: two may share a sea route, they carry
cargo and they sail by movement points, so they live in the scenario's state, not on the
board's path table.  A ship is ``{"id", "owner", "edge", "cargo"}``; a harbour basin is
``basins[str(node)]``; the ship being moved and what each ship did this turn is
``movement``.
"""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...engine.context import RulesContext
from ...engine.geometry import EDGE_LAND, UNEXPLORED
from ...engine.pieces import SETTLEMENT
from ...engine.rulebook import ScenarioRules
from ...engine.scenario import resource_vector

HARBOR, NEUTRAL_SETTLEMENT, NEUTRAL_HARBOR = 3, 4, 5     # node codes
NEUTRAL_ROAD = 3                                          # edge code
SETTLER = "settler"
MOVEMENT = "movement"          # the phase after trade and build (C.8)


def fresh_turn(turn: int) -> dict[str, Any]:
    return {"turn": turn, "ship": -1, "points": 0, "done": [], "wool": [], "gold_buys": 0}


class LandHoBase(ScenarioRules):
    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        p = ctx.scen.params
        self.harbor_cost = resource_vector(p["harbor_cost"])
        self.settler_cost = resource_vector(p["settler_cost"])
        self.ship_cost = tuple(ctx.scen.costs["ship"])
        self.max_ships = int(p["ships"])
        self.max_settlers = int(p["settlers"])
        self.points = int(p["movement_points"])
        self.wool_points = int(p["wool_points"])
        # gold (C.9): what 1 gold costs in one resource, and what 1 resource costs in gold, how often a turn
        self.resources_for_gold = int(p["resources_for_gold"])
        self.gold_price = int(p["gold_price"])
        self.gold_buys_per_turn = int(p["gold_buys_per_turn"])
        self.per_route = int(p["ships_per_route"])
        # the face-down area of each hex (they keep it once turned up), "" elsewhere
        self.hex_area: tuple[str, ...] = tuple(
            a if a in ctx.scen.face_down else "" for a in ctx.scen.hex_area)
        # own_fleet's lists, kept for one position (the memo key they were grouped at)
        self._fleets: dict[int, dict[int, list[dict[str, Any]]]] = {}
        self._fleets_key: int | None = None
        # kept while the sea steps table (the map) is this one: sea_ends' walks, (route,
        # points) -> end route -> cost, and legal_move's moves made from them, by seat
        self._reach_table: object = None
        self._reach_cache: dict[tuple[int, int], dict[int, int]] = {}
        self._move_cache: dict[tuple[int, int, int], tuple[Action, ...]] = {}

    # --- ships ------------------------------------------------------------------------------
    @property
    def ships(self) -> list[dict[str, Any]]:
        return self.ctx.data["ships"]  # type: ignore[no-any-return]

    def ships_on(self, edge: int) -> list[dict[str, Any]]:
        return [sh for sh in self.ships if sh["edge"] == edge]

    def own_ships(self, seat: int) -> list[dict[str, Any]]:
        return [sh for sh in self.ships if sh["owner"] == seat]

    def own_fleet(self, seat: int) -> dict[int, list[dict[str, Any]]]:
        """``seat``'s ships by sea route, the routes in order, each route's ships in launch
        order: what the listing of every ship verb walks.  Kept for the position (the
        engine's memo key, which every action and every change from outside moves on);
        grouped afresh while an action is being applied.  Only to be read."""
        key = self.ctx.memo_key()
        if key is None or key != self._fleets_key:
            self._fleets, self._fleets_key = {}, key
        fleet = self._fleets.get(seat)
        if fleet is None:
            grouped: dict[int, list[dict[str, Any]]] = {}
            for sh in self.ships:
                if sh["owner"] == seat:
                    found = grouped.get(sh["edge"])
                    if found is None:
                        grouped[sh["edge"]] = [sh]
                    else:
                        found.append(sh)
            fleet = {e: grouped[e] for e in sorted(grouped)}
            if key is not None:
                self._fleets[seat] = fleet
        return fleet

    def ship_by_id(self, ident: int) -> dict[str, Any] | None:
        return next((sh for sh in self.ships if sh["id"] == ident), None)

    @property
    def movement(self) -> dict[str, Any]:
        """This turn's counts: the ship being moved and its points left, the ships done
        and those given wool, the gold purchases.  Last turn's counts read as fresh."""
        s = self.ctx.state
        m: dict[str, Any] = s.extra["this_turn"]
        if m["turn"] != s.turn:
            return fresh_turn(s.turn)
        return m

    def turn_counts(self) -> dict[str, Any]:
        """This turn's counts, stored, to be changed (by an apply)."""
        m = self.movement
        self.ctx.data["this_turn"] = m
        return m

    def sea_route(self, edge: int) -> bool:
        """C.6: a sea route is a side of a sea hex (between two sea hexes, or sea and land)."""
        return self.ctx.scen.edge_kind[edge] != EDGE_LAND

    def sea_steps(self) -> tuple[tuple[tuple[int, ...], ...], tuple[bool, ...]]:
        """For each path, the sea routes one step away (sharing an end), and whether it
        touches a face-down hex (a ship that reaches it stops): the integer adjacency the
        ships' search walks.  Worked out from the map as it is and kept among the
        scenario's tables, which a discovery drops with the old map (``explored``)."""
        return self.ctx.scen.table("land-ho sea steps", self._sea_steps)

    def _sea_steps(self) -> tuple[tuple[tuple[int, ...], ...], tuple[bool, ...]]:
        scen, geo = self.ctx.scen, self.ctx.geo
        sea = [k != EDGE_LAND for k in scen.edge_kind]
        hidden = [any(scen.terrain[h] == UNEXPLORED for h in hexes) for hexes in geo.node_hexes]
        steps = tuple(tuple(sorted({f for x in geo.edge_nodes[e] for f in geo.node_edges[x] if f != e and sea[f]}))
                      for e in range(geo.n_edges))
        stops = tuple(any(hidden[x] for x in geo.edge_nodes[e]) for e in range(geo.n_edges))
        return steps, stops

    def touches_unexplored(self, edge: int) -> int:
        """A face-down hex with a corner at an end of ``edge`` (building there is refused:
        it would discover at once), or -1."""
        for x in self.ctx.geo.edge_nodes[edge]:
            h = self.ctx.unexplored_at(x)
            if h >= 0:
                return h
        return -1

    # --- buildings ----------------------------------------------------------------------------
    def own_nodes(self, seat: int, kind: int) -> list[int]:
        """The intersections holding ``seat``'s pieces of ``kind``, in order (from the
        engine's kept list of the seat's intersections, not a pass over the board)."""
        node_kind = self.ctx.state.node_kind
        return [n for n in self.ctx.seat_nodes(seat) if node_kind[n] == kind]

    def own_harbor(self, seat: int, node: int) -> bool:
        s = self.ctx.state
        return s.node_owner[node] == seat and s.node_kind[node] == HARBOR

    def harbor_end(self, seat: int, edge: int) -> int:
        """An end of ``edge`` holding one of ``seat``'s harbour settlements, or -1."""
        for x in self.ctx.geo.edge_nodes[edge]:
            if self.own_harbor(seat, x):
                return x
        return -1

    def own_settlement(self, seat: int, node: int) -> bool:
        s = self.ctx.state
        return s.node_owner[node] == seat and s.node_kind[node] == SETTLEMENT

    def coastal(self, node: int) -> bool:
        """C.4: the intersection borders a (discovered) sea hex or the frame."""
        hexes = self.ctx.geo.node_hexes[node]
        terrain = self.ctx.state.terrain
        return len(hexes) < 3 or any(terrain[h] == "sea" for h in hexes)

    def terrain_corner(self, node: int) -> bool:
        """A corner of a discovered land hex."""
        terrain = self.ctx.state.terrain
        return any(terrain[h] not in ("sea", UNEXPLORED) for h in self.ctx.geo.node_hexes[node])

    def settled_areas(self, seat: int) -> set[str]:
        """The face-down areas in which ``seat`` has a settlement (C.7)."""
        out: set[str] = set()
        geo, ctx = self.ctx.geo, self.ctx
        for node, owner in enumerate(ctx.state.node_owner):
            if owner == seat and ctx.own_building(seat, node):
                out.update(self.hex_area[h] for h in geo.node_hexes[node] if self.hex_area[h])
        return out

    def node_areas(self, node: int) -> set[str]:
        return {self.hex_area[h] for h in self.ctx.geo.node_hexes[node] if self.hex_area[h]}

    # --- the turn -----------------------------------------------------------------------------
    def turn_reason(self, seat: int, what: str) -> str | None:
        """Movement-phase actions: own turn, rolled, nothing pending; in trade/build or
        movement (a movement action from trade/build begins the movement phase)."""
        s = self.ctx.state
        if s.phase == MOVEMENT:
            if seat != s.current:
                return f"you may {what} only in your own turn; it is {self.ctx.name(s.current)}'s turn"
            return None
        return self.ctx.main_phase_reason(seat, what)

    def build_trade_closed(self, seat: int, what: str) -> bool:
        """Whether ``main_phase_reason(seat, what)`` refuses, for a listing that asks only
        that: once the movement phase has begun it always does (C.8), and then it is said
        without putting the reason into words."""
        return self.ctx.state.phase == MOVEMENT or self.ctx.main_phase_reason(seat, what) is not None


    def gold(self, seat: int) -> int:
        return int(self.ctx.player_data(seat)["gold"])

    def add_gold(self, seat: int, amount: int) -> None:
        self.ctx.player_data(seat)["gold"] = self.gold(seat) + amount
