"""The Pirate Islands (seed 001; digest F.1): the pirate fleet, warships and fortresses.

Data (rules/pirate-islands.toml) gives the fixed map, the fleet's circuit (``[paths] fleet``)
and one ``[[start]]`` set per seat: the pre-placed settlement and ship, the fortress, the
marked pirate-island intersection and the sea lane the player's ships may use.  This module
adds the behaviour: one unbranched shortest route per player, knights that make warships,
the fleet's move and attack on every roll, the 7 without a robber, the pirate-island
settlement, fortress attacks, and the win condition.  Everything it keeps is public.
"""

from __future__ import annotations

from collections import deque
from operator import itemgetter
from typing import Any, Iterable, NamedTuple

from ...engine.actions import Action, Event
from ...engine.context import RulesContext
from ...engine.declare import HelpEntry, PendingKind, StateItem, Verb, Visibility
from ...engine.geometry import RESOURCES
from ...engine.pieces import CITY, SETTLEMENT, SHIP, PieceKind
from ...engine.rulebook import ScenarioRules
from ...engine.scenario import Scenario
from ...engine.words import resource_text
from ...notation import Reader
from ...engine.phases import Phase
from ...wording import plural
from ..steal_after_seven import StealFromAnyone

FORTRESS, WARSHIP = 3, 3      # node code of a fortress, edge code of a warship

RULES_TEXT = """\
The Pirate Islands (Seafarers; {players} players, {vp_target} VP and your own fortress).
- Each player's ships form one unbranched route from their settlement on the eastern island,
  along their sea lane by a shortest way to their marked intersection on the pirate islands,
  and then on to their pirate fortress. No roads on the pirate islands.
- Every roll, before anything else, the pirate fleet sails forward by the lower die. If only
  one player has buildings on that hex's coast it attacks: the fleet's strength (the lower
  die) against that player's warships. Stronger fleet: lose 1 card + 1 per city. Stronger
  warships: choose 1 resource ('choose reward RES'). Equal: nothing happens.
- A knight card turns your hindmost normal ship into a warship (with 4 players, VP cards
  play as knights). No robber: after a 7's discards the roller may steal 1 card from anyone.
- 'attack fortress' once your route reaches your fortress: the pirates roll one die against
  your warships. More warships win a chit; equal loses the front ship; fewer lose the two
  front ships. The attack ends your turn. With {fortress_chits} chits the fortress becomes your settlement.
- Win with {vp_target} VP on your turn once your own fortress is captured.
"""


class _Lane(NamedTuple):
    """One [[start]] set's sea lane, as the route is traced and judged along it."""
    edges: frozenset[int]
    paths: tuple[int, ...]          # the lane's paths in order
    homes: tuple[int, ...]          # its intersections on the eastern island (where a route may start)
    dist_marked: dict[int, int]     # distances along it to the marked intersection
    dist_fortress: dict[int, int]   # and to the fortress


def _lane_tables(scen: Scenario) -> tuple[_Lane, ...]:
    """Per [[start]] set, in the file's order, its lane.  Built once per scenario
    (Scenario.table): read only."""
    out = []
    eastern = _eastern_nodes(scen)
    for st in scen.starts:
        lane = frozenset(int(e) for e in st["lane_edges"])
        nodes = {x for e in lane for x in scen.geo.edge_nodes[e]}
        out.append(_Lane(lane, tuple(sorted(lane)), tuple(sorted(nodes & eastern)),
                         _lane_distances(scen, lane, int(st["marked_node"])),
                         _lane_distances(scen, lane, int(st["fortress_node"]))))
    return tuple(out)


def _eastern_nodes(scen: Scenario) -> frozenset[int]:
    """The eastern (main) island's intersections: where a route may start."""
    return scen.table("pirate-islands eastern nodes", lambda: frozenset(
        n for n in range(scen.geo.n_nodes) if any(scen.hex_area[h] == "main" for h in scen.geo.node_hexes[n])))


def _lane_distances(scen: Scenario, lane: frozenset[int], target: int) -> dict[int, int]:
    geo = scen.geo
    dist = {target: 0}
    queue = deque([target])
    while queue:
        x = queue.popleft()
        for edge in geo.node_edges[x]:
            if edge in lane:
                a, b = geo.edge_nodes[edge]
                y = b if a == x else a
                if y not in dist:
                    dist[y] = dist[x] + 1
                    queue.append(y)
    return dist


def _sailing_events(scen: Scenario) -> tuple[tuple[Event, ...], ...]:
    """The fleet's sailing event per place on its path and strength (1-6; 0 unused): it
    reads the same in every game (Events are immutable).  Built once per scenario."""
    return tuple(tuple(Event("fleet", -1, f"the pirate fleet sails {strength} to {scen.geo.hex_ids[h]}")
                       for strength in range(7)) for h in scen.paths["fleet"])


def seat_starts(scen: Any, n: int) -> list[dict[str, Any]]:
    """The ``[[start]]`` sets of an ``n``-seat game, in seat order: with fewer seats than sets,
    the sets whose ``colour`` is in ``[params] unused_starts`` are left out first (seed 001: a
    3-player game does not use the white player's position), whatever the players are called."""
    starts = list(scen.starts)
    for colour in scen.params.get("unused_starts", []):
        if len(starts) <= n:
            break
        starts = [st for st in starts if st.get("colour") != colour]
    return starts[:n]


# The fleet's event when several players live on its coast (Events are immutable).
_SHARED_COAST = Event("fleet", -1, "the fleet does not attack: several players live on that coast")
# The routes kept per seat (see Rules._route_of): more are dropped all at once.
_ROUTES_KEPT = 512
_UNASKED = "unasked"      # a route's reasons: no answer kept for that path yet


class _Route:
    """A seat's route traced from one set of its pieces, with what the legal moves read of
    it: kept while those pieces recur, read only."""
    __slots__ = ("order", "nodes", "homes", "frontier", "touching", "candidates", "reasons")

    def __init__(self, order: list[int], nodes: list[int], homes: tuple[int, ...], lane: frozenset[int],
                 node_edges: tuple[tuple[int, ...], ...], shippable: tuple[bool, ...]) -> None:
        self.order, self.nodes = order, nodes     # ships and intersections from the home on
        self.homes = homes      # the lane's eastern intersections holding a building of the seat's
        # The intersections a new ship may touch: the route's end (and the one before, for
        # the ship that moves), or any home while at most one ship is out.
        frontier = set(nodes[-2:])
        if len(order) <= 1:
            frontier.update(homes)
        self.frontier = frozenset(frontier)
        self.touching = frozenset(e for x in frontier for e in node_edges[x] if e in lane)
        self.candidates = tuple(sorted(e for e in self.touching if shippable[e]))
        self.reasons: dict[int, str | None] = {}      # ship_reason's answers per path


class _SeatPieces:
    """What the rules read of one seat's own pieces under one seat_board_version."""
    __slots__ = ("version", "ships", "route", "lifted", "end_ships", "normal_ship", "warships", "cities")

    def __init__(self, version: int, ships: tuple[int, ...], route: _Route,
                 end_ships: list[int] | None, normal_ship: bool, warships: int) -> None:
        self.version = version
        self.ships = ships          # the seat's ships in its lane, which the route is traced from
        self.route = route
        self.lifted: dict[int, _Route] = {}         # the route with one ship lifted, per ship
        self.end_ships = end_ships
        self.normal_ship = normal_ship      # a normal ship in the route (a knight has one to turn)
        self.warships = warships
        self.cities = -1        # counted when the fleet first beats the seat (-1: not yet)


# The scenario's own pieces, also read by its drawing: a compiled rules class keeps class-level
# declarations in its instances' slots, so the class itself cannot be asked for them.
PIECES: tuple[PieceKind, ...] = (
    PieceKind("fortress", "node", FORTRESS, "F", supply="settlement"),
    PieceKind("warship", "edge", WARSHIP, "=", supply="ship", building=False, ship=True),
)


class Rules(ScenarioRules):
    pieces: tuple[PieceKind, ...] = PIECES
    rules_text = RULES_TEXT
    help_notes = {
        "buy": "a knight card is your warship: played, it turns your hindmost normal ship into "
               "a warship (with 4 players, victory point cards play as knights too).",
        "play": "'play knight' turns your hindmost normal ship into a warship; there is no robber "
                "to move. Warships beat the pirate fleet and your fortress's pirates.",
        "build": "your ships form one unbranched route along your own sea lane, by a shortest way "
                 "to your marked intersection, then on to your fortress; no roads on the pirate islands.",
        "move": "ships move only at the open end of your route, and stay in your sea lane.",
    }

    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        self.steal = StealFromAnyone(ctx, "card", "has no cards to steal",
                                     {"prompt": "steal from a player",
                                      "text": "steal a card from any player, or 'steal nobody'"})
        scen = ctx.scen
        starts = seat_starts(scen, ctx.n)
        self.path: tuple[int, ...] = scen.paths["fleet"]
        self.marked = [int(st["marked_node"]) for st in starts]
        self._vp_as_knights = ctx.n >= 4       # victory point cards play as knights (F.1)
        self.fortress_node = [int(st["fortress_node"]) for st in starts]
        # The lane tables are per [[start]] set; each seat takes its own set's.
        tables = scen.table("pirate-islands lanes", lambda: _lane_tables(scen))
        lanes = [tables[next(i for i, st0 in enumerate(scen.starts) if st0 is st)] for st in starts]
        self.lanes = [lane.edges for lane in lanes]
        self.reserved_nodes = frozenset(self.marked) | frozenset(self.fortress_node)
        self.eastern_nodes = _eastern_nodes(scen)
        geo = scen.geo
        # What a seat's route is traced from: its lane's paths and eastern intersections.
        self._lane_paths = [lane.paths for lane in lanes]
        self._lane_homes = [lane.homes for lane in lanes]
        self._edge_nodes, self._node_edges = geo.edge_nodes, geo.node_edges
        self._shippable = scen.edge_shippable
        # Per seat: what the rules read of its own pieces, under its seat_board_version.
        self._seats: list[_SeatPieces | None] = [None] * ctx.n
        # Per seat: the routes traced, by the pieces they were traced from (see _route_of).
        self._traced: list[dict[tuple[tuple[int, ...], tuple[int, ...]], _Route]] = [{} for _ in range(ctx.n)]
        # The owners of the paths at each seat's fortress, read in one gather (a tuple): the
        # attack is listed once a ship of the seat's touches it.
        self._fortress_paths = [itemgetter(*scen.geo.node_edges[n], *scen.geo.node_edges[n][:1])
                                for n in self.fortress_node]
        # The corners of each hex of the fleet's path, read in one gather (at every roll).
        self._coast = [itemgetter(*scen.geo.hex_nodes[h]) for h in self.path]
        # Per place on the path: the corners' owners and kinds last read there, and the
        # players living on that coast (most rolls find the buildings as they were).
        self._coast_owners: dict[int, tuple[tuple[int, ...], tuple[int, ...], list[int]]] = {}
        # The fleet's sailing event per place on the path and strength (see _sailing_events).
        self._sailing = scen.table("pirate-islands sailing", lambda: _sailing_events(scen))
        # _lane_texts' answer and the seats' names it was made for
        self._lanes_named: tuple[tuple[str, ...], dict[str, tuple[str, ...]]] | None = None
        # Distances along each player's lane to their marked intersection and fortress
        # (shared by every game of the scenario: read only).
        self.dist_marked = [lane.dist_marked for lane in lanes]
        self.dist_fortress = [lane.dist_fortress for lane in lanes]
        self.state_items = (
            StateItem("fleet", Visibility.PUBLIC, present=self.present_fleet,
                      doc="where the pirate fleet is on its path, and whether it is still in play"),
            StateItem("fortresses", Visibility.PUBLIC, present=self.present_fortresses,
                      doc="each fortress: its owner, node and chits left"),
            StateItem("fortress_chits_total", Visibility.PUBLIC, doc="all fortress chits (conserved)"),
            StateItem("chits_won", Visibility.PUBLIC, scope="player", doc="fortress chits a player has won"),
        )

    # --- declarations ------------------------------------------------------------------
    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("attack-fortress", ("attack",), parse=_parse_attack, format=lambda a, w: "attack fortress",
                 check=self.check_attack, apply=self.apply_attack, legal=self.legal_attack,
                 help=HelpEntry("attack", "attack fortress",
                                "Attack your pirate fortress once your route reaches it: one die against "
                                "your warships. The attack ends your turn.", "attack fortress")),
            self.steal.verb(),
            Verb("choose-reward", ("choose", "reward"), parse=lambda r, a: Action("choose-reward", (r.resource(),), a),
                 format=lambda a, w: f"choose reward {RESOURCES[a.args[0]]}",
                 check=self.check_reward, apply=self.apply_reward, legal=self.legal_reward,
                 help=HelpEntry("choose", "choose reward RES",
                                "Take 1 resource of your choice for beating the pirate fleet.", "choose reward ore"),
                 answers="reward"),
        )

    def pendings(self) -> tuple[PendingKind, ...]:
        def who(item: dict[str, Any]) -> str:
            return self.ctx.name(item["seat"])

        return (
            self.steal.pending(),
            PendingKind("reward", prompt=lambda it: "choose a reward",
                        reason=lambda it: f"{who(it)} must answer: choose a reward for beating the fleet",
                        answers=lambda it: self.legal_reward(it["seat"]), exact=True),
        )

    def present_fleet(self, fleet: dict[str, Any]) -> dict[str, Any]:
        ctx = self.ctx
        return {"hex": ctx.hex_id(self.path[fleet["index"]]), "index": fleet["index"],
                "active": fleet["active"], "path": [ctx.hex_id(h) for h in self.path]}

    def present_fortresses(self, forts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{"node": f["node"] + 1, "owner": self.ctx.name(f["seat"]), "chits": f["chits"]} for f in forts]

    def view_items(self, viewer: int | None) -> dict[str, object]:
        ctx = self.ctx
        return {
            "marked": [{"node": n + 1, "owner": ctx.name(i)} for i, n in enumerate(self.marked)],
            "lanes": {name: list(texts) for name, texts in self._lane_texts().items()},
            "warships": {ctx.name(i): self.warships(i) for i in range(ctx.n)},
        }

    def _lane_texts(self) -> dict[str, tuple[str, ...]]:
        """Each seat's lane as the view names it: the lanes never change, and every view
        (a bot's at each decision) shows them."""
        ctx = self.ctx
        names = tuple(ctx.name(i) for i in range(ctx.n))
        if self._lanes_named is None or self._lanes_named[0] != names:
            self._lanes_named = (names, {name: tuple(sorted(ctx.edge_text(x) for x in lane))
                                         for name, lane in zip(names, self.lanes)})
        return self._lanes_named[1]

    # --- creation ----------------------------------------------------------------------
    def on_new_game(self) -> None:
        ctx = self.ctx
        for seat, start in enumerate(seat_starts(ctx.scen, ctx.n)):
            node, edge, fort = int(start["settlement_node"]), int(start["ship_edge"]), int(start["fortress_node"])
            ctx.place_node_piece(seat, node, "settlement")
            ctx.place_edge_piece(seat, edge, "ship")
            # The fortress is the player's own settlement piece on 3 chits.
            ctx.place_node_piece(seat, fort, "fortress")
            ctx.player_data(seat)["chits_won"] = 0
        chits = int(ctx.scen.params.get("fortress_chits", 3))
        ctx.data["fleet"] = {"index": 0, "active": True}
        ctx.data["fortresses"] = [{"seat": seat, "node": self.fortress_node[seat], "chits": chits}
                                  for seat in range(ctx.n)]
        ctx.data["fortress_chits_total"] = chits * ctx.n

    def deck(self, counts: dict[str, int]) -> dict[str, int]:
        """3 players: the VP cards are removed; 4 players: they act as knights."""
        if not self._vp_as_knights:
            counts = dict(counts, **{"victory-point": 0})
        return counts

    def card_plays_as(self, card: str) -> str:
        # asked for every card in hand at every decision of its holder's
        return "knight" if card == "victory-point" and self._vp_as_knights else card

    # --- the route ------------------------------------------------------------------------
    def route(self, seat: int, lifted: int = -1) -> tuple[list[int], list[int]]:
        """The player's route from its home building, as (ships in order, nodes in order);
        ``lifted``: a ship of the seat's treated as off the board (the one being moved)."""
        route = self._route(seat, lifted)
        return list(route.order), list(route.nodes)

    def _seat(self, seat: int) -> _SeatPieces:
        """What the rules read of ``seat``'s own pieces, kept while they stay (whatever the
        other players build or move): legal-move generation asks at every decision."""
        version = self.ctx.seat_board_version(seat)
        found = self._seats[seat]
        if found is None or found.version != version:
            found = self._seats[seat] = self._read_seat(seat, version)
        return found

    def _read_seat(self, seat: int, version: int) -> _SeatPieces:
        ctx = self.ctx
        s, is_ship = ctx.state, ctx.pieces.is_ship
        edge_owner, edge_kind = s.edge_owner, s.edge_kind
        ships, homes = self._route_pieces(seat)
        route = self._route_of(seat, ships, homes)
        order, nodes = route.order, route.nodes
        every = warships = 0        # the seat's ships anywhere, and its warships
        for x in ctx.route_edges(seat):
            if edge_owner[x] == seat and is_ship[edge_kind[x]]:
                every += 1
                warships += edge_kind[x] == WARSHIP
        # The route is unbranched from its home, so its one end ship is its last (B.7.2),
        # unless the route ends at a building of the seat's (a settlement on the marked
        # intersection): then every stretch of it runs between two buildings, closed.  When
        # a ship of the seat's is off the route, or the route meets itself: None (see end_ships).
        end_ships: list[int] | None = None
        if order and every == len(order) and len(set(nodes)) == len(nodes):
            end_ships = [] if ctx.own_building(seat, nodes[-1]) else [order[-1]]
        normal_ship = any(edge_kind[x] == SHIP for x in order)
        return _SeatPieces(version, ships, route, end_ships, normal_ship, warships)

    def _route_pieces(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What ``seat``'s route is traced from: its ships in its lane (they can be nowhere
        else), and the intersections of its lane on the eastern island holding a building
        of its own."""
        ctx = self.ctx
        s, pieces = ctx.state, ctx.pieces
        is_ship, produces = pieces.is_ship, pieces.produces
        edge_owner, edge_kind, node_owner, node_kind = s.edge_owner, s.edge_kind, s.node_owner, s.node_kind
        return (tuple([x for x in self._lane_paths[seat] if edge_owner[x] == seat and is_ship[edge_kind[x]]]),
                tuple([x for x in self._lane_homes[seat] if node_owner[x] == seat and produces[node_kind[x]] > 0]))

    def _route(self, seat: int, lifted: int = -1) -> _Route:
        """The seat's route as kept (read only), with ``lifted`` off the board."""
        pieces = self._seat(seat)
        if lifted < 0:
            return pieces.route
        found = pieces.lifted.get(lifted)
        if found is None:
            ships = tuple(x for x in pieces.ships if x != lifted)
            found = pieces.lifted[lifted] = self._route_of(seat, ships, pieces.route.homes)
        return found

    def _route_of(self, seat: int, ships: tuple[int, ...], homes: tuple[int, ...]) -> _Route:
        """The route traced from these pieces, kept by them: a ship moved back and forth,
        a look-ahead or another seat's building finds the route traced before."""
        traced = self._traced[seat]
        found = traced.get((ships, homes))
        if found is None:
            if len(traced) >= _ROUTES_KEPT:
                traced.clear()
            order, nodes = self._trace(seat, ships, homes)
            found = traced[(ships, homes)] = _Route(order, nodes, homes, self.lanes[seat],
                                                   self._node_edges, self._shippable)
        return found

    def _frontier(self, seat: int) -> frozenset[int]:
        """The intersections of the seat's lane a new ship of its own may touch."""
        return self._route(seat).frontier

    def _trace_route(self, seat: int, lifted: int) -> tuple[list[int], list[int]]:
        """The route traced afresh from the board (nothing kept)."""
        ships, homes = self._route_pieces(seat)
        return self._trace(seat, tuple(x for x in ships if x != lifted), homes)

    def _trace(self, seat: int, ships: tuple[int, ...], homes: tuple[int, ...]) -> tuple[list[int], list[int]]:
        edge_nodes, node_edges = self._edge_nodes, self._node_edges
        left = set(ships)       # the ships not yet in order
        # The route starts at a home building with one ship of it: a settlement built later
        # on the route's middle (B.8) touches two and is passed through.
        touched = [x for x in homes if not left.isdisjoint(node_edges[x])]
        ends = [x for x in touched if len(left.intersection(node_edges[x])) == 1]
        far = self.dist_marked[seat]
        start = max(ends or touched, key=lambda x: (far.get(x, -1), -x), default=-1)
        if start < 0:
            return [], []
        order: list[int] = []
        nodes = [start]
        x = start
        while left:
            for edge in node_edges[x]:      # the first ship on from x, in the map's order
                if edge in left:
                    break
            else:
                break
            left.discard(edge)
            order.append(edge)
            a, b = edge_nodes[edge]
            x = b if a == x else a
            nodes.append(x)
        return order, nodes

    def ship_candidates(self, seat: int, edges: list[int]) -> list[int]:
        """Only the seat's own lane can take its ships, and only past its route's end
        (ship_reason refuses the rest).  The route is unbranched from its home, so its one
        end ship is its last (B.7.2): with it lifted the route ends one node earlier, or at
        a coastal building of the seat's on the eastern island when no ship is left."""
        touching = self._route(seat).touching
        return [e for e in edges if e in touching]

    def own_ship_candidates(self, seat: int) -> list[int]:
        """ship_candidates of the core's candidates, from the route's end alone: every node
        of the frontier holds a piece of the seat's, so the empty shippable lane paths
        touching it are the candidates that ship_candidates keeps."""
        edge_owner = self.ctx.state.edge_owner
        return [e for e in self._route(seat).candidates if edge_owner[e] < 0]

    def end_ships(self, seat: int) -> list[int] | None:
        """The route's end ships (see _read_seat), or None: the core walks the ships."""
        found = self._seat(seat).end_ships
        return None if found is None else list(found)

    def on_eastern_island(self, node: int) -> bool:
        return node in self.eastern_nodes

    # ship_reason reads the lanes, the distances and the seat's own route; the reserved
    # sites outside set-up, the marks and the distance rule: the pieces alone.
    answers_from_pieces = frozenset({"ship_reason", "reserved_site_reason"})

    def ship_reason(self, seat: int, edge: int, lifted: int) -> str | None:
        # Asked for every place a ship might go, at most decisions: each answer is kept with
        # the route it was given for (it reads that route, the lanes and fixed tables alone).
        route = self._route(seat, lifted)
        reason = route.reasons.get(edge, _UNASKED)
        if reason is _UNASKED:
            reason = route.reasons[edge] = self._ship_reason(seat, edge, route)
        return reason

    def _ship_reason(self, seat: int, edge: int, route: _Route) -> str | None:
        ctx = self.ctx
        if edge not in self.lanes[seat]:
            if self.fortress_node[seat] in ctx.geo.edge_nodes[edge]:
                return "your route ends at your fortress; it cannot go further"
            return (f"{ctx.edge_text(edge)} is outside your sea lane: your route must take a shortest way "
                    "to your marked intersection and then to your fortress")
        order, nodes = route.order, route.nodes
        a, b = self._edge_nodes[edge]
        if not order:
            homes = [x for x in (a, b) if x in route.homes]
            if not homes:
                return "your route must start at one of your coastal settlements or cities on the eastern island"
            end = homes[0]
            reached_marked = False
        else:
            end = nodes[-1]
            if end == self.fortress_node[seat]:
                return "your route ends at your fortress; it cannot go further"
            if end not in (a, b):
                return f"your route cannot branch: continue it from its end at {end + 1}"
            reached_marked = self.marked[seat] in nodes
        other = b if a == end else a
        dist = self.dist_fortress[seat] if reached_marked else self.dist_marked[seat]
        goal = "fortress" if reached_marked else "marked intersection"
        if dist.get(other, 1 << 30) != dist.get(end, 1 << 30) - 1:
            return f"your route must take a shortest way to your {goal}"
        return None

    def reserved_site_reason(self, seat: int, node: int, setup: bool) -> str | None:
        ctx = self.ctx
        if node in self.fortress_node:
            return f"intersection {node + 1} holds a pirate fortress"
        owner = self.marked.index(node)
        if owner != seat:
            return f"intersection {node + 1} is {ctx.name(owner)}'s marked pirate-island site"
        if setup:
            return "set-up settlements go on the eastern island"
        return ctx.distance_reason(node)

    # --- warships ----------------------------------------------------------------------------
    def knight_reason(self, seat: int) -> str | None:
        if not self._seat(seat).normal_ship:
            return "you have no normal ship in your route to turn into a warship"
        return None

    def on_knight(self, seat: int) -> list[Event]:
        ctx = self.ctx
        order, _ = self.route(seat)
        for x in order:    # the hindmost normal ship: nearest the route's start
            if ctx.state.edge_kind[x] == SHIP:
                ctx.change_piece("edge", x, "warship")
                return [Event("warship", seat, f"{ctx.name(seat)}'s ship on {ctx.edge_text(x)} becomes a warship")]
        return []

    def warships(self, seat: int) -> int:
        return self._seat(seat).warships

    # --- the fleet ----------------------------------------------------------------------------
    @property
    def fleet(self) -> dict[str, Any]:
        return self.ctx.data["fleet"]  # type: ignore[no-any-return]

    def before_production(self, roll: tuple[int, int]) -> list[Event]:
        """F.1.1-F.1.3: before anything else the fleet sails by the lower die and attacks."""
        ctx = self.ctx
        fleet = ctx.data["fleet"]
        if not fleet["active"]:
            return []
        s = ctx.state
        d1, d2 = roll
        strength = d1 if d1 < d2 else d2
        index = fleet["index"] = (fleet["index"] + strength) % len(self.path)
        events = [self._sailing[index][strength]]
        coast = self._coast[index]
        corner_owners, corner_kinds = coast(s.node_owner), coast(s.node_kind)
        kept = self._coast_owners.get(index)
        if kept is not None and kept[0] == corner_owners and kept[1] == corner_kinds:
            owners = kept[2]
        else:
            owners = sorted({o for o, k in zip(corner_owners, corner_kinds) if k == SETTLEMENT or k == CITY})
            self._coast_owners[index] = (corner_owners, corner_kinds, owners)
        if len(owners) != 1:
            if owners:
                events.append(_SHARED_COAST)
            return events
        victim = owners[0]
        pieces = self._seat(victim)
        defence = pieces.warships
        name = ctx.name(victim)
        if strength > defence:
            if pieces.cities < 0:
                node_kind = s.node_kind
                pieces.cities = sum(1 for x in ctx.seat_nodes(victim) if node_kind[x] == CITY)
            loss = min(1 + pieces.cities, ctx.hand_size(victim))
            lost = [0] * 5
            for _ in range(loss):
                lost[ctx.lose_random_card(victim)] += 1
            # The lost cards go back to the bank, open to the table.
            events.append(Event("fleet", victim, f"the fleet (strength {strength}) beats {name}'s "
                                                 f"{plural(defence, 'warship')}: {name} loses {resource_text(lost) if loss else 'nothing (no cards)'}",
                                (("reveals", "cards lost"),)))
        elif defence > strength:
            events.append(Event("fleet", victim, f"{name}'s {plural(defence, 'warship')} beat{'s' if defence == 1 else ''} the fleet (strength {strength}): "
                                                 f"{name} chooses a resource"))
            if sum(s.bank):
                # The state keeps the prompt words it always kept, so older saves' digests hold.
                ctx.ask({"kind": "reward", "seat": victim, "defer_roll": True, "roll": sum(roll),
                         "prompt": "choose a reward", "text": "choose a reward for beating the fleet"}, first=True)
        else:
            events.append(Event("fleet", victim, f"the fleet and {name} are equally strong ({strength}): nothing happens"))
        return events

    # --- the 7 ----------------------------------------------------------------------------------
    def on_seven(self, seat: int) -> list[Event]:
        """F.1.4: no robber; after the discards the roller may steal from anyone."""
        self.steal.ask(seat)
        return []

    # --- the fleet's reward ---------------------------------------------------------------------
    def check_reward(self, action: Action) -> str | None:
        ctx = self.ctx
        if ctx.pending_for("reward", action.seat) is None:
            return "you have no reward to choose"
        r = action.args[0]
        if ctx.state.bank[r] <= 0:
            return f"the bank has no {RESOURCES[r]} left"
        return None

    def apply_reward(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        item = ctx.close_pending("reward", seat)
        gain = [0] * 5
        gain[action.args[0]] = 1
        ctx.gain(seat, gain)
        events = [Event("reward", seat, f"{ctx.name(seat)} takes 1 {RESOURCES[action.args[0]]} for beating the fleet")]
        return events + ctx.resolve_roll(int(item["roll"]))

    def legal_reward(self, seat: int) -> Iterable[Action]:
        """Exactly the answers check_reward lets through, for the open decision."""
        bank = self.ctx.state.bank
        return [Action("choose-reward", (r,), seat) for r in range(5) if bank[r] > 0]

    # --- fortresses --------------------------------------------------------------------------------
    def fortress_of(self, seat: int) -> dict[str, Any]:
        forts = self.ctx.data["fortresses"]
        if seat < len(forts) and forts[seat]["seat"] == seat:     # kept in seat order
            return forts[seat]  # type: ignore[no-any-return]
        for fort in forts:
            if fort["seat"] == seat:
                return fort  # type: ignore[no-any-return]
        raise KeyError(seat)

    def check_attack(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        reason = ctx.main_phase_reason(seat, "attack")
        if reason:
            return reason
        fort = self.fortress_of(seat)
        if fort["chits"] <= 0:
            return "your fortress is already yours"
        # Asked at every decision: a route reaching the fortress has a ship touching it.
        s, fort_node = ctx.state, fort["node"]
        if seat not in self._fortress_paths[seat](s.edge_owner):
            return f"your shipping route must reach your fortress on {fort_node + 1} before you attack"
        nodes = self._route(seat).nodes
        if not nodes or nodes[-1] != fort["node"]:
            return f"your shipping route must reach your fortress on {fort['node'] + 1} before you attack"
        return None

    def legal_attack(self, seat: int) -> Iterable[Action]:
        s = self.ctx.state
        # Listed only once a ship of the seat's touches its fortress (check_attack refuses
        # it before): the full check is not asked at every decision of the game, and that
        # touch, read first, is missing at most.
        if (seat not in self._fortress_paths[seat](s.edge_owner) or s.phase != Phase.MAIN or seat != s.current
                or s.pending or self.fortress_of(seat)["chits"] <= 0):
            return ()
        return (Action("attack-fortress", (), seat),)

    def apply_attack(self, action: Action) -> list[Event]:
        """F.1.8: one die against your warships; the attack ends your turn."""
        ctx = self.ctx
        seat = action.seat
        die = ctx.roll_die()
        fort = self.fortress_of(seat)
        ours = self.warships(seat)
        name = ctx.name(seat)
        events = [Event("attack", seat, f"{name} attacks the fortress on {fort['node'] + 1}: "
                                        f"the pirates roll {die}, {name} has {plural(ours, 'warship')}")]
        order, _ = self.route(seat)
        if ours > die:
            fort["chits"] -= 1
            ctx.player_data(seat)["chits_won"] += 1
            events.append(Event("attack", seat, f"{name} wins: the fortress has {fort['chits']} chit{'' if fort['chits'] == 1 else 's'} left"))
            if fort["chits"] == 0:
                ctx.change_piece("node", fort["node"], "settlement")
                events.append(Event("fortress", seat, f"the fortress on {fort['node'] + 1} falls: "
                                                      f"it is now {name}'s settlement"))
                if all(f["chits"] == 0 for f in ctx.data["fortresses"]):
                    self.fleet["active"] = False
                    events.append(Event("fleet", -1, "every fortress is taken: the pirate fleet leaves"))
                events += ctx.check_victory()
                if ctx.over:
                    return events
        else:
            lost = order[-1:] if ours == die else order[-2:]
            for x in lost:
                ctx.remove_route(x)
            events.append(Event("attack", seat, f"{name} loses: the ship{'s' if len(lost) > 1 else ''} on "
                                                f"{', '.join(ctx.edge_text(x) for x in lost)} "
                                                f"{'are' if len(lost) > 1 else 'is'} sunk"))
        return events + ctx.next_turn()

    # --- winning and checks --------------------------------------------------------------------------
    def may_win(self, seat: int) -> bool:
        """F.1.9: your own fortress captured, and the VP target."""
        return bool(self.fortress_of(seat)["chits"] == 0)

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        s = ctx.state
        # A restored state may say anything: its shape first, so the sums below cannot fail.
        if shape := self.shape_problems():
            return shape
        problems = []
        left = sum(f["chits"] for f in ctx.data["fortresses"])
        won = sum(ctx.player_data(p).get("chits_won", 0) for p in range(ctx.n))
        if left + won != ctx.data["fortress_chits_total"]:
            problems.append(f"fortress chits not conserved: {left} + {won} != {ctx.data['fortress_chits_total']}")
        if not 0 <= self.fleet["index"] < len(self.path):
            problems.append("the pirate fleet is off its path")
        for f in ctx.data["fortresses"]:
            kind = s.node_kind[f["node"]]
            if (f["chits"] > 0) != (kind == FORTRESS):
                problems.append(f"fortress on {f['node'] + 1} has {f['chits']} chits but node kind {kind}")
        is_ship = ctx.pieces.is_ship
        for seat in range(ctx.n):
            order, _ = self.route(seat)
            ships = sum(1 for x, o in enumerate(s.edge_owner) if o == seat and is_ship[s.edge_kind[x]])
            if ships != len(order):
                problems.append(f"{ctx.name(seat)}'s ships do not form one unbranched route")
        return problems

    def shape_problems(self) -> list[str]:
        """Each seat's fortress on its own intersection with its chits, the fleet on its
        path, whole-number chit counts."""
        ctx = self.ctx
        most = int(ctx.scen.params.get("fortress_chits", 3))
        forts = ctx.data.get("fortresses")
        if not isinstance(forts, list) or len(forts) != ctx.n:
            return ["the fortresses are damaged"]
        for seat, f in enumerate(forts):
            if (not isinstance(f, dict) or f.get("seat") != seat or f.get("node") != self.fortress_node[seat]
                    or type(f.get("chits")) is not int or not 0 <= f["chits"] <= most):
                return [f"{ctx.name(seat)}'s fortress is damaged"]
        fleet = ctx.data.get("fleet")
        if (not isinstance(fleet, dict) or type(fleet.get("index")) is not int
                or not 0 <= fleet["index"] < len(self.path) or not isinstance(fleet.get("active"), bool)):
            return ["the pirate fleet is off its path"]
        if type(ctx.data.get("fortress_chits_total")) is not int:
            return ["the fortress chits' total is not a whole number"]
        for seat in range(ctx.n):
            won = ctx.player_data(seat).get("chits_won", 0)
            if type(won) is not int or won < 0:
                return [f"{ctx.name(seat)}'s won chits are {won!r}"]
        return []


def _parse_attack(r: Reader, actor: int) -> Action:
    tok = r.next("'fortress'")
    if tok != "fortress":
        raise r.fail(f"attack what? say 'attack fortress', not '{tok}'")
    return Action("attack-fortress", (), actor)


