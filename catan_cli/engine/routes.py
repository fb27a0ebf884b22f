"""Longest Road (A.13) and Longest Trade Route (B.12).

A player's length is the longest trail (no edge used twice) through their own roads, or
roads plus ships.  A trail cannot pass an intersection holding an opponent's building, and
it changes between road and ship only at the player's own building.  Lengths are
recomputed only for players whose network a change can touch.  A recomputation draws the
network so that those two rules are in its shape (route_length_afresh), trims the branches
that lead nowhere keeping their lengths, and searches trail by trail only among the loops
left, walking runs of pieces as one step (_longest_trail).  Each seat's drawing is kept
(RouteNet) and only the pieces put, taken off or changed since are redrawn, while the
intersections it stands on read the same (route_length).
"""

from __future__ import annotations

from typing import Sequence

from .actions import Event
from .geometry import Geometry
from .turns import TurnRules
from .rulebook import ScenarioRules
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


class RouteNet:
    """route_length's drawing of one seat's network (places joined by pieces, see
    route_length_afresh), kept between calls and patched piece by piece while the
    intersections it stands on read the same (looked at again when _nodes_version moves):
    a ship moved or a piece built redraws the pieces that changed, not the whole network."""

    def __init__(self, nodes: int) -> None:
        self.nodes = nodes                          # the _nodes_version it was last checked under
        self.drawn: set[tuple[int, bool]] = set()   # (path, its piece's half: a ship's 2x + 1)
        self.pieces: dict[int, tuple[int, int, int]] = {}    # path -> (its bit, the places at its ends)
        self.places: dict[int, int] = {}            # intersection -> 0 own building, 1 two places, 2 blocked
        self.adj: dict[int, list[tuple[int, int]]] = {}
        self.lone = 0                               # the last place of its own given (negative)
        self.free: list[int] = []                   # bits given back by pieces taken off
        self.bit = 1                                # the next bit never given


class RouteRules(TurnRules):
    # route_length's networks per seat (see RouteNet); None until the first is drawn
    _route_nets: dict[int, RouteNet] | None = None

    def route_length(self, seat: int) -> int:
        """``seat``'s longest road or trade route: the network kept from the last call, with
        the pieces put, taken off or changed since redrawn (all of it when an intersection it
        stands on changed), then searched (_longest_trail)."""
        mode = self.scen.rules.longest_route
        if mode == "none":
            return 0
        if type(self.rules).node_blocks_route is not ScenarioRules.node_blocks_route:
            return self.route_length_afresh(seat)
        s = self.s
        edge_kind, edge_owner = s.edge_kind, s.edge_owner
        edges = self.route_edges(seat) if s.shared_ships else self.seat_edges(seat)
        nets = self._route_nets
        if nets is None:
            nets = self._route_nets = {}
        net = nets.get(seat)
        nodes = self._nodes_version         # current: route_edges asked board_version
        if net is not None and net.nodes != nodes:
            # an intersection changed somewhere: the drawing holds while its own read the same
            node_owner, node_kind, produces = s.node_owner, s.node_kind, self.pieces.produces
            for x, how in net.places.items():
                owner = node_owner[x]
                if how != _place_kind(seat, owner, node_kind[x], produces):
                    net = None
                    break
            else:
                net.nodes = nodes
        if net is None:
            net = nets[seat] = RouteNet(nodes)
        # the seat's pieces now and their halves (E.0.2: a shared path's second ship is a ship)
        now = set(zip(edges, [edge_kind[e] != ROAD if edge_owner[e] == seat else True for e in edges]))
        if mode != "trade-route":
            now = {(e, half) for e, half in now if not half}
        drawn = net.drawn
        if now != drawn:
            adj, pieces, free = net.adj, net.pieces, net.free
            for e, _half in drawn - now:       # taken off, or another half now
                bit, a, b = pieces.pop(e)
                for x, y in ((a, b), (b, a)):
                    at = adj[x]
                    at.remove((bit, y))
                    if not at:
                        del adj[x]
                free.append(bit)
            self._draw_pieces(seat, net, now - drawn)
            net.drawn = now
        count = len(net.pieces)
        return _longest_trail(net.adj, count) if count else 0

    def _draw_pieces(self, seat: int, net: RouteNet, added: set[tuple[int, bool]]) -> None:
        """Pieces (path, half) added to ``net``: each joins the places at its ends, drawn as
        route_length_afresh draws them."""
        s = self.s
        edge_nodes, node_owner, node_kind, produces = self.geo.edge_nodes, s.node_owner, s.node_kind, self.pieces.produces
        places, adj, pieces, free = net.places, net.adj, net.pieces, net.free
        for e, half in added:
            ends = []
            for x in edge_nodes[e]:
                how = places.get(x)
                if how is None:
                    how = places[x] = _place_kind(seat, node_owner[x], node_kind[x], produces)
                if how == 0:
                    ends.append(2 * x)
                elif how == 1:
                    ends.append(2 * x + half)
                else:
                    net.lone -= 1
                    ends.append(net.lone)
            a, b = ends
            if free:
                bit = free.pop()
            else:
                bit = net.bit
                net.bit <<= 1
            pieces[e] = (bit, a, b)
            _join(adj, bit, a, b)

    def route_length_afresh(self, seat: int) -> int:
        """route_length with the whole network drawn again: where a scenario's
        node_blocks_route may read more than the intersections, and the tests' oracle of
        the kept drawing."""
        mode = self.scen.rules.longest_route
        if mode == "none":
            return 0
        s = self.s
        edge_kind, edge_owner = s.edge_kind, s.edge_owner
        # E.0.2: a second ship on a shared path is a piece too
        edges = self.route_edges(seat) if s.shared_ships else self.seat_edges(seat)
        roads_only = mode != "trade-route"
        edge_nodes = self.geo.edge_nodes
        node_owner, node_kind, produces = s.node_owner, s.node_kind, self.pieces.produces
        rules = self.rules
        node_blocks = None if type(rules).node_blocks_route is ScenarioRules.node_blocks_route else rules.node_blocks_route
        # The network as places joined by pieces, drawn so that every trail through the
        # places is a trail the rules allow and the other way round:
        # - a trail changes between road and ship only at the seat's own building (B.12),
        #   so any other intersection x is two places, 2x for its roads and 2x + 1 for its
        #   ships; an own building is the one place 2x;
        # - a trail may not pass an intersection an opponent holds (blocked_for), so there
        #   each piece ends at a place of its own (a negative number), where a trail can
        #   only end.
        places: dict[int, int] = {}       # intersection -> 0 own building, 1 two places, 2 blocked
        adj: dict[int, list[tuple[int, int]]] = {}
        bit, lone, count = 1, 0, 0
        for e in edges:
            # the seat's piece on e: its own, or the second (a ship) on a shared path
            half = edge_kind[e] != ROAD if edge_owner[e] == seat else True
            if half and roads_only:
                continue
            count += 1
            ends = []
            for x in edge_nodes[e]:
                how = places.get(x)
                if how is None:
                    how = _place_kind(seat, node_owner[x], node_kind[x], produces)
                    if how != 2 and node_blocks is not None and node_blocks(seat, x):
                        how = 2
                    places[x] = how
                if how == 0:
                    ends.append(2 * x)
                elif how == 1:
                    ends.append(2 * x + half)
                else:
                    lone -= 1
                    ends.append(lone)
            a, b = ends
            _join(adj, bit, a, b)
            bit <<= 1
        return _longest_trail(adj, count) if count else 0

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
                _join(adj, bit, a, b)
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


def _place_kind(seat: int, owner: int, kind: int, produces: Sequence[int]) -> int:
    """How route drawing takes an intersection for ``seat``: 0 its own building (one place,
    where road and ship join), 2 an opponent's (every piece ends there), 1 else (two places,
    one for roads, one for ships)."""
    if owner >= 0 and owner != seat:
        return 2
    return 0 if owner == seat and produces[kind] > 0 else 1


def _join(adj: dict[int, list[tuple[int, int]]], bit: int, a: int, b: int) -> None:
    """Add the piece ``bit`` joining places ``a`` and ``b`` to the network ``adj``."""
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


def _longest_trail(adj: dict[int, list[tuple[int, int]]], count: int) -> int:
    """The longest trail (no piece used twice) through a network of ``count`` pieces whose
    every place may be passed, ``adj`` giving each place's pieces (bit, place at the
    other end).

    First the branches that lead nowhere are trimmed, leaf by leaf: a trail going into
    one must end in it, so each place keeps only the two longest branches trimmed off it
    (the longest trail inside them runs down two of them from one place).  What is left
    is the loops: there a run of pieces through places with two pieces each and no
    branch is walked as one step (a chain), and a longest trail never starts inside one
    (it could be lengthened by the run's other piece) unless it is a ring with nothing
    else, counted whole.  So the search starts at each junction of the loops (three
    pieces there, or a branch) and ends a trail anywhere, each end going on down the
    longest branch there (at its own start, the second longest).  One walk over bit
    masks of the chains used, without a stack of Python calls."""
    left = {x: len(at) for x, at in adj.items()}        # pieces at x not trimmed off
    longest: dict[int, int] = {}
    second: dict[int, int] = {}
    best = 0
    leaves = [x for x, n in left.items() if n == 1]
    trimmed: set[int] = set()
    for x in leaves:            # grows while read
        trimmed.add(x)
        length = longest.get(x, 0)
        through = length + second.get(x, 0)
        if through > best:
            best = through
        for _, y in adj[x]:
            if y not in trimmed:        # the one piece left at x
                length += 1
                top = longest.get(y, 0)
                if length > top:
                    second[y], longest[y] = top, length
                elif length > second.get(y, 0):
                    second[y] = length
                left[y] -= 1
                if left[y] == 1:
                    leaves.append(y)
                break
    if len(trimmed) == len(adj):
        return best             # trees only
    junctions = [x for x, n in left.items() if x not in trimmed and (n != 2 or x in longest)]
    chains: dict[int, list[tuple[int, int, int]]] = {x: [] for x in junctions}
    used = 0
    bit = 1
    for j in junctions:
        for first, x in adj[j]:
            if used & first or x in trimmed:
                continue
            used |= first
            came, length = first, 1
            while x not in chains:          # two pieces in the loops and no branch: go on
                (b1, y1), (b2, y2) = adj[x]
                came, x = (b2, y2) if b1 == came else (b1, y1)
                used |= came
                length += 1
            chains[j].append((bit, x, length))
            chains[x].append((bit, j, length))      # a chain back to j: listed twice there
            bit <<= 1
    for x, n in left.items():
        # rings with no junction: two pieces at every place, none trimmed off
        if x in trimmed or x in chains or used & adj[x][0][0]:
            continue
        came, y = adj[x][0]
        used |= came
        length = 1
        while y != x:
            (b1, y1), (b2, y2) = adj[y]
            came, y = (b2, y2) if b1 == came else (b1, y1)
            used |= came
            length += 1
        if length > best:
            best = length
    for start in junctions:
        if best == count:
            break          # every piece in one trail: nothing can be longer
        tail = second.get(start, 0)
        stack = [(start, longest.get(start, 0), 0)]
        pop, push = stack.pop, stack.append
        while stack:
            x, length, mask = pop()
            end = length + (tail if x == start else longest.get(x, 0))
            if end > best:
                best = end
            for b, y, weight in chains[x]:
                if not mask & b:
                    push((y, length + weight, mask | b))
    return best
