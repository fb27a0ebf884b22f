"""What a bot may know, in tables it can use quickly.

:class:`Board` is the map of one game, read once from ``Game.board_json()`` (public: the
terrain, numbers and harbours every player sees).  :class:`Ctx` is one decision's picture:
``Game.view(seat)`` (others' hands only as counts), the board, the scenario's public rule
data (costs, switches, parameters) and the acting seat's legal actions.  Nothing here reads
the hidden state (``game.engine.s``).
"""

from __future__ import annotations

import weakref
from collections import deque
from typing import TYPE_CHECKING, Any, Iterable

from ..engine.actions import Action
from ..engine.geometry import RESOURCES
from ..errors import RuleError

if TYPE_CHECKING:
    from ..engine.pieces import PieceTable
    from ..engine.scenario import Scenario
    from ..game import Game

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
TERRAIN_RES = {"forest": 0, "hills": 1, "pasture": 2, "fields": 3, "mountains": 4}
GOLD = 5
HARBOR_KINDS = {name: i for i, name in enumerate(RESOURCES)}
HARBOR_KINDS["3:1"] = 5
LAND, COAST, SEA = 0, 1, 2
_EDGE_KIND = {"land": LAND, "coast": COAST, "sea": SEA}


class Board:
    """The fixed map of one game as index tables (0-based, the engine's indices)."""

    def __init__(self, data: dict[str, Any], scen: "Scenario", pieces: "PieceTable") -> None:
        self.scenario = str(data["scenario"])
        # The engine's piece codes by the names the view gives pieces (public rule data).
        self.node_code = {k.name: k.code for k in pieces.kinds if k.on == "node"}
        self.edge_code = {k.name: k.code for k in pieces.kinds if k.on == "edge"}
        hexes, nodes, edges = data["hexes"], data["nodes"], data["edges"]
        self.n_hexes, self.n_nodes, self.n_edges = len(hexes), len(nodes), len(edges)
        self.hex_ids: list[str] = [h["id"] for h in hexes]
        self.hex_index = {hid: i for i, hid in enumerate(self.hex_ids)}
        self.hex_terrain: list[str] = [h["terrain"] for h in hexes]
        self.hex_number: list[int] = [int(h["number"] or 0) for h in hexes]
        self.hex_area: list[str] = [h["area"] for h in hexes]
        self.hex_land: list[bool] = [t != "sea" for t in self.hex_terrain]
        self.hex_res: list[int] = [GOLD if t == "gold" else TERRAIN_RES.get(t, -1) for t in self.hex_terrain]
        self.hex_pips: list[int] = [PIPS.get(n, 0) if self.hex_res[i] >= 0 else 0
                                    for i, n in enumerate(self.hex_number)]
        self.hex_nodes: list[tuple[int, ...]] = [tuple(n - 1 for n in h["nodes"]) for h in hexes]
        self.edge_names: list[str] = [e["id"] for e in edges]
        self.edge_index = {name: i for i, name in enumerate(self.edge_names)}
        self.edge_nodes: list[tuple[int, int]] = [(e["nodes"][0] - 1, e["nodes"][1] - 1) for e in edges]
        self.edge_hexes: list[tuple[int, ...]] = [tuple(self.hex_index[h] for h in e["hexes"]) for e in edges]
        self.edge_kind: list[int] = [_EDGE_KIND[e["kind"]] for e in edges]
        self.node_hexes: list[tuple[int, ...]] = [tuple(self.hex_index[h] for h in n["hexes"]) for n in nodes]
        self.node_neighbors: list[tuple[int, ...]] = [tuple(m - 1 for m in n["neighbors"]) for n in nodes]
        self.node_edges: list[tuple[int, ...]] = [tuple(self.edge_index[x] for x in n["edges"]) for n in nodes]
        self.node_coastal: list[bool] = [bool(n["coastal"]) for n in nodes]
        hex_edges: list[list[int]] = [[] for _ in hexes]
        for e, hs in enumerate(self.edge_hexes):
            for h in hs:
                hex_edges[h].append(e)
        self.hex_edges: list[tuple[int, ...]] = [tuple(x) for x in hex_edges]
        # Production per node: pips per resource (index 5 = gold, any resource).
        self.node_prod: list[list[int]] = []
        for n in range(self.n_nodes):
            prod = [0] * 6
            for h in self.node_hexes[n]:
                r = self.hex_res[h]
                if r >= 0:
                    prod[r] += self.hex_pips[h]
            self.node_prod.append(prod)
        self.node_pips: list[int] = [sum(p) for p in self.node_prod]
        # Harbours: kind per node (-1 none, 0..4 a 2:1 resource, 5 the 3:1).
        self.node_harbor: list[int] = [-1] * self.n_nodes
        for hb in data["harbors"]:
            kind = HARBOR_KINDS.get(hb["type"], -1)
            for n in hb["nodes"]:
                self.node_harbor[n - 1] = kind
        self.harbor_nodes: list[tuple[int, int]] = [(n, k) for n, k in enumerate(self.node_harbor) if k >= 0]
        # Where the rules let settlements and roads go (public scenario data).
        rules = scen.rules
        no_settle, no_road = set(rules.settle_forbidden_areas), set(rules.road_forbidden_areas)
        self.node_settleable: list[bool] = [
            any(self.hex_land[h] and self.hex_area[h] not in no_settle for h in self.node_hexes[n])
            for n in range(self.n_nodes)]
        self.edge_roadable: list[bool] = [
            self.edge_kind[e] != SEA and any(self.hex_land[h] and self.hex_area[h] not in no_road
                                             for h in self.edge_hexes[e])
            for e in range(self.n_edges)]
        self.edge_shippable: list[bool] = [bool(rules.ships) and self.edge_kind[e] != LAND
                                           for e in range(self.n_edges)]
        self.ships = bool(rules.ships)
        # Per node, the (edge, far node) pairs a road (row 0) or a ship (row 1) may take:
        # the route search's inner loop.
        self.route_adj = (self._adjacent(self.edge_roadable), self._adjacent(self.edge_shippable))
        self.places: list[dict[str, Any]] = list(data.get("places", []))
        self.paths: dict[str, list[str]] = dict(data.get("paths", {}))

    def _adjacent(self, ok: list[bool]) -> list[list[tuple[int, int]]]:
        out: list[list[tuple[int, int]]] = []
        for n in range(self.n_nodes):
            pairs = []
            for e in self.node_edges[n]:
                if ok[e]:
                    a, c = self.edge_nodes[e]
                    pairs.append((e, c if a == n else a))
            out.append(pairs)
        return out

    def edge_between(self, a: int, b: int) -> int:
        for e in self.node_edges[a]:
            if b in self.edge_nodes[e]:
                return e
        return -1


_BOARDS: "weakref.WeakKeyDictionary[Any, Board]" = weakref.WeakKeyDictionary()


_BY_MAP: dict[tuple[Any, ...], Board] = {}
_BY_MAP_LIMIT = 64


def board_of(game: "Game") -> Board:
    """The game's board tables, built once per map (the searching bot's copies of a game
    share their original's tables) and again when hexes are turned up (exploration)."""
    try:
        board = _BOARDS.get(game)
    except TypeError:   # the compiled build's Game takes no weak reference: found by its map
        board = None
    s = game.engine.s
    if board is None or (game.engine.scen.face_down and board.hex_terrain != s.terrain):
        key = (id(game.engine.scen), s.scenario, tuple(s.terrain), tuple(s.numbers), tuple(s.harbor_types))
        board = _BY_MAP.get(key)
        if board is None:
            if len(_BY_MAP) >= _BY_MAP_LIMIT:
                _BY_MAP.pop(next(iter(_BY_MAP)))
            board = Board(game.board_json(), game.engine.scen, game.engine.pieces)
            _BY_MAP[key] = board
        try:
            _BOARDS[game] = board
        except TypeError:
            pass
    return board


class Ctx:
    """One decision: what ``seat`` sees and may do now."""

    def __init__(self, game: "Game", seat: str, legal: list[Action] | None = None,
                 index: int | None = None) -> None:
        """``index``: ``game.seat(seat)`` when the caller has asked it already."""
        self.game = game
        self.board = board_of(game)
        self.scen = game.engine.scen          # public rule data: costs, switches, params
        # the pieces: public_board() below
        self.view = view = game.view(seat if index is None else index, board=False, brief=True)
        names = [p["name"] for p in view["players"]]
        if seat not in names:
            raise RuleError(f"no player named {seat!r}")
        self.names = names
        self.me = names.index(seat)
        self.seat = seat
        self.n = len(names)
        self.players: list[dict[str, Any]] = view["players"]
        mine = self.players[self.me]
        self.hand: list[int] = list(mine["resources"].values())     # in RESOURCES order
        self.devs: list[str] = list(mine["dev_cards"] or [])
        self.pieces: dict[str, int] = dict(mine["pieces"])
        self.vp: int = int(mine["vp"])
        self.vp_target: int = int(view["vp_target"])
        self.bank: list[int] = list(view["bank"].values())
        self.turn: int = int(view["turn"])
        self.phase: str = view["phase"]
        b = self.board
        # The pieces on the board: the game's public picture (the view's buildings and
        # routes as tables), kept by the game between decisions; copied, as the planner
        # tries pieces on it.
        # The corners are only read (the picture's own tuples); the planner tries a road or
        # ship on copies of the paths (``trying`` says so meanwhile).
        self.pictured = pictured = game.public_board()
        self.node_owner: tuple[int, ...] = pictured.node_owner
        self.node_kind: tuple[int, ...] = pictured.node_kind
        # The path tables are the picture's own too, until a piece is tried on them (the
        # planner then puts lists in their place) or a shared path is mine.
        self.edge_owner: list[int] | tuple[int, ...] = pictured.edge_owner
        self.edge_kind: list[int] | tuple[int, ...] = pictured.edge_kind
        self.trying = False
        if self.me in pictured.shared_ships:
            owners, kinds = list(pictured.edge_owner), list(pictured.edge_kind)
            for e, second in enumerate(pictured.shared_ships):
                if second == self.me:   # E.0.2: the path's first ship stands for it, unless the second is mine
                    owners[e] = self.me
                    kinds[e] = b.edge_code.get("ship", 1)
            self.edge_owner, self.edge_kind = owners, kinds
        self.spots: dict[int, float] = {}     # spot values of this decision (greedy), by corner
        self.kept_spots: dict[int, float] | None = None   # the bot's spot values kept between decisions
        self.robber = b.hex_index.get(view["robber"], -1) if view["robber"] else -1
        self.pirate = b.hex_index.get(view["pirate"], -1) if view["pirate"] else -1
        self._legal: list[Action] | None = legal     # the caller's list of this seat's moves, if it made one
        self.costs: dict[str, tuple[int, ...]] = self.scen.costs
        self._rates: list[int] | None = None
        self._prod: list[list[int]] | None = None
        self._mine: list[int] | None = None
        # Memos of this decision (a compiled Ctx takes no attributes beyond those it
        # declares): the greedy bot's best expansion, and a scenario strategy's own by name.
        self.expansion_memo: tuple[float, int, int] | None = None
        self.memo: dict[str, Any] = {}

    # --- derived, lazily --------------------------------------------------------------
    @property
    def legal(self) -> list[Action]:
        """This seat's legal actions (offers aside), listed on first use."""
        if self._legal is None:
            self._legal = [a for a in self.game.legal_actions() if a.seat == self.me]
        return self._legal

    def pending_for_me(self, kind: str) -> dict[str, Any] | None:
        for item in self.view["pending"]:
            if item["kind"] == kind and item["player"] == self.seat:
                return dict(item)
        return None

    def text(self, action: Action) -> str:
        return self.game.text(action)

    def kinds(self) -> dict[str, list[Action]]:
        out: dict[str, list[Action]] = {}
        for a in self.legal:
            out.setdefault(a.kind, []).append(a)
        return out

    @property
    def rates(self) -> list[int]:
        """My best maritime rate per resource (A.15), from the public board."""
        if self._rates is None:
            rates = [self.scen.rules.bank_rate] * 5
            owner, node_kind, me = self.node_owner, self.node_kind, self.me
            for n, kind in self.board.harbor_nodes:
                if owner[n] == me and node_kind[n] in (1, 2):
                    if kind == 5:
                        rates = [min(r, 3) for r in rates]
                    else:
                        rates[kind] = 2
            self._rates = rates
        return self._rates

    def production(self, seat: int) -> list[int]:
        """Pips per resource (index 5 = gold) of ``seat``'s buildings, robber excluded."""
        if self._prod is None and seat == self.me:
            if self._mine is None:      # mine alone: most decisions ask for no other seat's
                self._mine = self._production_of(seat)
            return self._mine
        if self._prod is None:
            prod = [[0] * 6 for _ in range(self.n)]
            b = self.board
            kind, robber, node_hexes, hex_res, hex_pips = self.node_kind, self.robber, b.node_hexes, b.hex_res, b.hex_pips
            for n, owner in enumerate(self.node_owner):
                if owner >= 0:
                    mult = kind[n]      # a settlement counts once, a city twice
                    if mult == 1 or mult == 2:
                        row = prod[owner]
                        for h in node_hexes[n]:
                            r = hex_res[h]
                            if r >= 0 and h != robber:
                                row[r] += mult * hex_pips[h]
            self._prod = prod
        return self._prod[seat]

    def _production_of(self, seat: int) -> list[int]:
        row = [0] * 6
        b = self.board
        kind, robber, node_hexes, hex_res, hex_pips = self.node_kind, self.robber, b.node_hexes, b.hex_res, b.hex_pips
        for n, owner in enumerate(self.node_owner):
            if owner == seat:
                mult = kind[n]
                if mult == 1 or mult == 2:
                    for h in node_hexes[n]:
                        r = hex_res[h]
                        if r >= 0 and h != robber:
                            row[r] += mult * hex_pips[h]
        return row

    def affordable(self, item: str, hand: list[int] | None = None) -> bool:
        have = self.hand if hand is None else hand
        cost = self.costs[item]
        return all(have[r] >= cost[r] for r in range(5))

    def missing(self, item: str, hand: list[int] | None = None) -> list[int]:
        have = self.hand if hand is None else hand
        cost = self.costs[item]
        return [max(0, cost[r] - have[r]) for r in range(5)]

    def free_site(self, n: int) -> bool:
        """``n`` could take a settlement by the distance rule and the map (ignoring roads)."""
        if not self.board.node_settleable[n] or self.node_kind[n]:
            return False
        return not any(self.node_kind[m] for m in self.board.node_neighbors[n])

    def leader_vp(self) -> int:
        return max(int(p["vp"]) for i, p in enumerate(self.players) if i != self.me)


def route_search(ctx: Ctx, allowed: Any = None, max_cost: int = 6) -> tuple[list[int], list[int]]:
    """0-1 BFS over (node, mode) from ``ctx.me``'s network: mode 0 = road, 1 = ship.

    Returns (dist per node, first-new-edge per node): the number of new route pieces needed
    to reach each node, and the first edge to build on that way (-1 if already reached).
    Roads and ships connect only through one's own building (B.4.2); no route passes an
    opponent's building (A.7).  ``allowed(edge, mode)`` may narrow where pieces go.
    """
    b = ctx.board
    if not b.ships:
        found = _land_search(ctx, allowed, max_cost)
        if found is not None:
            return found
    me = ctx.me
    INF = 1 << 20
    n_nodes = b.n_nodes
    # dist[mode][node], first[mode][node]: two flat rows, cheaper to make than a pair per node
    dist = [[INF] * n_nodes, [INF] * n_nodes]
    first = [[-1] * n_nodes, [-1] * n_nodes]
    dq: deque[tuple[int, int]] = deque()
    owner, kind = ctx.node_owner, ctx.node_kind
    eowner, ekind = ctx.edge_owner, ctx.edge_kind
    modes = (0, 1) if b.ships else (0,)
    adj = b.route_adj
    for n in range(n_nodes):
        if owner[n] == me and kind[n] in (1, 2):
            for m in modes:
                dist[m][n] = 0
                dq.append((n, m))
    for e, o in enumerate(eowner):
        if o == me:
            m = 0 if ekind[e] == 1 else 1
            for n in b.edge_nodes[e]:
                if dist[m][n] and not (owner[n] >= 0 and owner[n] != me):
                    dist[m][n] = 0
                    dq.append((n, m))
    while dq:
        n, m = dq.popleft()
        d = dist[m][n]
        if d >= max_cost:
            continue
        if owner[n] >= 0 and owner[n] != me:
            continue   # cannot pass an opponent's building
        for e, x in adj[m][n]:
            o = eowner[e]
            if o >= 0:
                if o != me or (ekind[e] == 1) != (m == 0):
                    continue
                cost = 0
            else:
                if allowed is not None and not allowed(e, m):
                    continue
                cost = 1
            nd = d + cost
            if nd < dist[m][x]:
                dist[m][x] = nd
                first[m][x] = first[m][n] if first[m][n] >= 0 or cost == 0 else e * 2 + m
                if cost == 0:
                    dq.appendleft((x, m))
                else:
                    dq.append((x, m))
            # a mode switch needs my own building at x: handled when x is settled later
    road, ship = dist
    best_d = [min(r, s) for r, s in zip(road, ship)]
    best_f = [f0 if r <= s else f1 for r, s, f0, f1 in zip(road, ship, first[0], first[1])]
    return best_d, best_f


def marked_route_search(ctx: Ctx) -> tuple[list[int], list[int], bytearray, bytearray] | None:
    """route_search(ctx) where no ships sail and all my paths hold roads, with what it
    leaned on: per path 1 where a step along it shortened a way, per corner 1 where the
    search started or went on from it and shortened a way.  A piece an opponent adds on
    neither changes the search (its every step is the same), so a bot may keep the answer.
    None where the search is not the land one."""
    if ctx.board.ships:
        return None
    used, leaned = bytearray(ctx.board.n_edges), bytearray(ctx.board.n_nodes)
    found = _land_search(ctx, None, 6, (used, leaned))
    return None if found is None else (found[0], found[1], used, leaned)


def _land_search(ctx: Ctx, allowed: Any, max_cost: int,
                 marks: tuple[bytearray, bytearray] | None = None) -> tuple[list[int], list[int]] | None:
    """route_search where no ships sail and all my paths hold roads: the same search on
    the road row alone, in the same order (so the same first edges), or None otherwise.
    (The general search's ship row then stays unreached and adds nothing.)  ``marks``:
    see :func:`marked_route_search`."""
    b = ctx.board
    me = ctx.me
    INF = 1 << 20
    n_nodes = b.n_nodes
    dist = [INF] * n_nodes
    first = [-1] * n_nodes
    dq: deque[int] = deque()
    owner, kind = ctx.node_owner, ctx.node_kind
    eowner, ekind = ctx.edge_owner, ctx.edge_kind
    for n in range(n_nodes):
        if owner[n] == me and kind[n] in (1, 2):
            dist[n] = 0
            dq.append(n)
    edge_nodes = b.edge_nodes
    for e, o in enumerate(eowner):
        if o == me:
            if ekind[e] != 1:
                return None     # a piece of another kind on a path: the general search
            for n in edge_nodes[e]:
                if dist[n] and not (owner[n] >= 0 and owner[n] != me):
                    dist[n] = 0
                    dq.append(n)
    adj = b.route_adj[0]
    popleft, append, appendleft = dq.popleft, dq.append, dq.appendleft
    if marks is not None:
        used, leaned = marks
        for n in dq:
            leaned[n] = 1
    while dq:
        n = popleft()
        d = dist[n]
        if d >= max_cost:
            continue
        o = owner[n]
        if o >= 0 and o != me:
            continue   # cannot pass an opponent's building
        fn = first[n]
        for e, x in adj[n]:
            o = eowner[e]
            if o >= 0:
                if o != me or ekind[e] != 1:
                    continue
                if d < dist[x]:
                    dist[x] = d
                    first[x] = fn
                    appendleft(x)
                    if marks is not None:
                        used[e] = leaned[n] = 1
            else:
                if allowed is not None and not allowed(e, 0):
                    continue
                nd = d + 1
                if nd < dist[x]:
                    dist[x] = nd
                    first[x] = fn if fn >= 0 else e * 2
                    append(x)
                    if marks is not None:
                        used[e] = leaned[n] = 1
    return dist, first


def resource_counts(counts: Iterable[int]) -> str:
    return " ".join(f"{c} {RESOURCES[r]}" for r, c in enumerate(counts) if c)
