"""The bottom of the engine: the shared state and tables, the small helpers every rule
module uses, and the check at the door.

The rule modules stack in one line, each on the ones it calls, so every call is typed
without restating a signature for the type checker:
``EngineBase`` < production < turns < routes < building < ships < cards < trade < sandbox
< legal moves < :class:`~.core.Engine`.  The attributes are set by ``Engine.__init__``.
"""

from __future__ import annotations

from bisect import insort
from itertools import count
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from .actions import SANDBOX_KINDS, Action, Event
from .geometry import TERRAIN_RESOURCE, UNEXPLORED
from .scenario import COSTED, HARBOR_TYPES
from .words import resource_text
from .phases import Phase
from .pieces import NONE, SHIP

if TYPE_CHECKING:
    from .context import RulesContext
    from .declare import PendingKind, PhaseKind, StateItem, Verb
    from .geometry import Geometry
    from .pieces import PieceTable
    from .public_hands import PublicHands
    from .rulebook import ScenarioRules
    from .scenario import Scenario
    from .state import GameState


GOLD = 5  # hex_resource value of a gold field (the five resources are 0-4)


_seat_numbers = count(1)       # seat_board_version's numbers
_board_numbers = count(1)      # board_version's numbers: never the same twice in a process


class EngineBase:
    # --- set in Engine.__init__ ------------------------------------------------------
    scen: Scenario
    geo: Geometry
    s: GameState
    n: int
    version: int
    unsettled: int
    ctx: RulesContext
    rules: ScenarioRules
    _extra_hand: "Callable[[int], int] | None"
    public_hands: PublicHands
    pieces: PieceTable
    verbs: dict[str, Verb]
    pending_kinds: dict[str, PendingKind]
    answer_kinds: frozenset[str]
    state_items: dict[tuple[str, str], StateItem]
    scenario_phases: dict[str, PhaseKind]

    # --- derived, per-game tables (_derive) ---------------------------------------------
    hex_resource: tuple[int, ...]
    hexes_by_number: tuple[tuple[int, ...], ...]
    node_harbors: tuple[tuple[int, ...], ...]
    harbor_nodes: tuple[int, ...]
    land_hexes: tuple[int, ...]
    sea_hexes: tuple[int, ...]
    # every verb's check and apply, called with the engine: (engine, action)
    _checks: dict[str, Callable[[Any, Action], str | None]]
    _applies: dict[str, Callable[[Any, Action], list[Event]]]

    def _derive(self) -> None:
        """Per-game tables from the state's terrain, numbers and harbours (dealt per game, and
        turned up by exploration: ``explored`` derives them again); a copy shares them."""
        s, geo = self.s, self.geo
        hex_res = []
        for t in s.terrain:
            hex_res.append(GOLD if t == "gold" else TERRAIN_RESOURCE.get(t, -1))
        self.hex_resource = tuple(hex_res)
        by_number: list[tuple[int, ...]] = [() for _ in range(13)]
        for h, num in enumerate(s.numbers):
            if num and hex_res[h] >= 0:
                by_number[num] = by_number[num] + (h,)
        self.hexes_by_number = tuple(by_number)
        rates: list[list[int]] = [[] for _ in range(geo.n_nodes)]
        for hb, kind in zip(self.scen.harbors, s.harbor_types):
            if kind < 0:
                continue
            for node in geo.edge_nodes[hb.edge]:
                rates[node].append(kind)
        self.node_harbors = tuple(tuple(r) for r in rates)
        self.harbor_nodes = tuple(n for n, r in enumerate(rates) if r)
        is_land = self.scen.is_land_hex
        self.land_hexes = self.scen.table(
            "land hexes", lambda: tuple(h for h in range(geo.n_hexes) if is_land[h]))
        self.sea_hexes = self.scen.table(
            "sea hexes", lambda: tuple(h for h in range(geo.n_hexes) if not is_land[h]))

    # --- what one position knows of itself, worked out once (see Engine.memo_key) ---------
    _memo_version: int = -1
    _memo_table: dict[tuple[object, ...], Any]

    def position_memo(self) -> dict[tuple[object, ...], Any] | None:
        """A dict for facts of the current position (a seat's pieces, its candidate
        paths), emptied whenever the position changes; None while the state is changing
        step by step, when nothing may be kept."""
        key = self.memo_key()
        if key is None:
            return None
        if key != self._memo_version:
            self._memo_version, self._memo_table = key, {}
        return self._memo_table

    def memo_key(self) -> int | None:
        """The key a memo of the current position may be kept under (scenario code caching
        a route, say), or None while the state is changing step by step (inside an apply or
        a look-ahead): then nothing may be memoised."""
        return None if self.unsettled else self.version

    # Each seat's pieces (paths, intersections) in order, for the board board_version last
    # saw: moved with the pieces that board_version's journal names, not regrouped from the
    # tables (pieces are placed a few dozen times a game; every position asks for them).
    _edges_by_seat: dict[int, list[int]]
    _nodes_by_seat: dict[int, list[int]]

    # affordable's memo: hand -> a flag per COSTED item (the scenario's, set by the engine).
    _afford_memo: dict[tuple[int, ...], tuple[bool, ...]] = {}

    _rates_board = -1
    # Whether the scenario lowers maritime rates itself (ScenarioRules.trade_rates); the
    # engine says, once it knows its rules.
    _own_trade_rates = True
    _rates: dict[int, list[int]] = {}
    # The intersections' owners and kinds (and the harbour table) the rates were read from.
    _rates_nodes: tuple[list[int], list[int], Any] | None = None
    _board_seen: tuple[list[int], ...] = ()
    _board_version = 0
    # The board_version at which the intersections' tables (owners, kinds) last changed:
    # what reads the buildings alone (the robber's victims) is kept under it across roads.
    _nodes_version = 0
    # Set when hexes turned up (the land and sea tables changed, the pieces did not): the
    # next board_version is a new number, the seats' numbers stay.
    _map_changed = False
    _board_checked = -1

    def board_version(self) -> int:
        """A number that changes whenever a piece is placed, moved, changed or lifted (the
        owner and kind tables of paths and intersections), and stays while they read the
        same: what depends on the pieces alone (a route, the movable ships) may be kept
        under it across many positions.  Checked once per position (a list comparison);
        a change also gives a new number to each seat whose pieces it touched (see
        seat_board_version), found from the places that differ."""
        key = None if self.unsettled else self.version     # memo_key(), inlined: hot
        if key is not None and key == self._board_checked:
            return self._board_version
        if (key is None and self._board_checked == self.version - 1 and not self._edge_journal
                and not self._node_journal and not self._map_changed):
            # Inside an action (apply_legal moved the version on) that has noted no place
            # yet, on a board checked at the position before: every writer of the pieces
            # notes its places, so the board reads as then (apply_legal's own shortcut)
            return self._board_version
        s, seen = self.s, self._board_seen
        if (self._map_changed or not seen or seen[0] != s.edge_owner or seen[1] != s.edge_kind
                or seen[2] != s.node_owner or seen[3] != s.node_kind or seen[4] != s.shared_ships):
            self._board_version = next(_board_numbers)
            if self._map_changed or not seen or seen[2] != s.node_owner or seen[3] != s.node_kind:
                self._nodes_version = self._board_version
            self._map_changed = False
            self._board_seen, self._seat_stamps = self._caught_up(seen)
        elif self._edge_journal or self._node_journal:
            del self._edge_journal[:], self._node_journal[:]     # nothing changed after all
        # Kept for this position only when it is settled: while a look-ahead tries a piece
        # (same engine version, unsettled) every call compares again.
        self._board_checked = key if key is not None else -1
        return self._board_version

    # What board_version and the tables kept under it were before a look-ahead.
    _BOARD_MEMOS: ClassVar[tuple[str, ...]] = ("_board_seen", "_edges_by_seat", "_nodes_by_seat", "_board_version", "_nodes_version",
                    "_board_checked", "_map_changed", "_seat_stamps",
                    "_sites_board", "_sites", "_candidates_board", "_candidates", "_rates_board", "_rates")

    def board_memos(self) -> tuple[object, ...]:
        """board_version's marks and the tables kept under it, to be put back by
        :meth:`restore_board_memos` once a piece tried in thought is lifted again: the board
        then reads as before, and what was kept for it still holds (the numbers seen in
        the look-ahead are never given again)."""
        # board_version's copy of the tables and the seats' lists change in place: copies
        seen = tuple(map(list, self._board_seen))
        by_edges = {seat: list(found) for seat, found in self._edges_by_seat.items()}
        by_nodes = {seat: list(found) for seat, found in self._nodes_by_seat.items()}
        journals = (list(self._edge_journal), list(self._node_journal))
        return (seen, by_edges, by_nodes) + tuple(getattr(self, name) for name in self._BOARD_MEMOS[3:]) + journals

    def restore_board_memos(self, saved: tuple[object, ...]) -> None:
        for name, value in zip(self._BOARD_MEMOS, saved):
            setattr(self, name, value)
        # the board is as it was: so is what it had changed since board_version last looked
        edges, nodes = saved[-2:]
        self._edge_journal[:] = edges  # type: ignore[call-overload]
        self._node_journal[:] = nodes  # type: ignore[call-overload]

    # The places a piece was put on, lifted from or changed at since board_version last
    # looked (put_route, lift_route, place_building and the scenario's context write them):
    # what tells board_version whose pieces changed without comparing every place.
    _edge_journal: list[int]
    _node_journal: list[int]

    def note_change(self, where: str, index: int) -> None:
        """Say a piece was put, lifted or changed on path (``where`` "edge") or intersection
        ``index`` by a writer of the tables outside this module (the rules context)."""
        (self._node_journal if where == "node" else self._edge_journal).append(index)

    def _caught_up(self, seen: tuple[list[int], ...]) -> tuple[tuple[list[int], ...], dict[int, int]]:
        """board_version's copy of the tables brought up to the board, with each seat's
        pieces (seat_edges, seat_nodes) and seat_board_version's numbers: the journal's
        places are copied over (in place: board_memos keeps copies for a look-ahead), their
        pieces moved between the seats' lists, and each owner there (before and after) is
        given a new number, the other seats keep theirs.  When the copy still differs from
        the board (a test or a tool wrote the tables, or the map is another copy) all is
        worked out afresh."""
        s = self.s
        edges, nodes, stamps = self._edge_journal, self._node_journal, self._seat_stamps
        board = (s.edge_owner, s.edge_kind, s.node_owner, s.node_kind, s.shared_ships)
        if (not seen or stamps is None or len(edges) + len(nodes) > 64
                or len(seen[0]) != len(board[0]) or len(seen[1]) != len(board[1])
                or len(seen[2]) != len(board[2]) or len(seen[3]) != len(board[3]) or len(seen[4]) != len(board[4])):
            return self._afresh()
        owner, kind, node_owner, node_kind, shared = board
        was_owner, was_kind, was_node_owner, was_node_kind, was_shared = seen
        touched: set[int] = set()
        add = touched.add
        for places, was, now, was_kinds, kinds, by_seat in (
                (edges, was_owner, owner, was_kind, kind, self._edges_by_seat),
                (nodes, was_node_owner, node_owner, was_node_kind, node_kind, self._nodes_by_seat)):
            for i in places:
                before, after = was[i], now[i]
                if before != after:
                    add(before)
                    add(after)
                    if before >= 0:
                        by_seat[before].remove(i)
                    if after >= 0:
                        insort(by_seat.setdefault(after, []), i)
                    was[i] = after
                if was_kinds[i] != kinds[i]:
                    add(after)
                    was_kinds[i] = kinds[i]
        if shared:
            for e in edges:
                if was_shared[e] != shared[e]:
                    add(was_shared[e])
                    add(shared[e])
                    was_shared[e] = shared[e]
        del edges[:], nodes[:]
        if seen != board:
            return self._afresh()
        touched.discard(-1)
        kept = dict(stamps)
        for seat in touched:
            kept.pop(seat, None)        # a new number when next asked
        return seen, kept

    def _afresh(self) -> tuple[tuple[list[int], ...], dict[int, int]]:
        """_caught_up from nothing: copies of the tables, the seats' pieces grouped anew
        and no seat's number kept."""
        s = self.s
        del self._edge_journal[:], self._node_journal[:]
        self._edges_by_seat, self._nodes_by_seat = _by_seat(s.edge_owner), _by_seat(s.node_owner)
        return (list(s.edge_owner), list(s.edge_kind), list(s.node_owner), list(s.node_kind),
                list(s.shared_ships)), {}

    # seat_board_version's numbers, for the board board_version last saw: seat -> number.
    # Replaced, never changed in place, when the board changes (a look-ahead puts the old
    # one back); a seat asked for the first time is given a number then.
    _seat_stamps: dict[int, int] | None = None

    def seat_board_version(self, seat: int) -> int:
        """A number that changes whenever ``seat``'s own pieces change (placed, moved,
        changed or lifted, a shared path's second ship included) and stays while they read
        the same, whatever the other seats do: what depends on one seat's pieces alone (its
        shipping routes' end ships, The Pirate Islands' route) may be kept under it, so a
        ship moved by one player does not throw away every other player's tables."""
        self.board_version()
        stamps = self._seat_stamps
        if stamps is None:
            stamps = self._seat_stamps = {}
        number = stamps.get(seat)
        if number is None:
            # Numbers from one counter: a seat never sees an old number come back.
            number = stamps[seat] = next(_seat_numbers)
        return number

    def seat_edges(self, seat: int) -> list[int]:
        """The paths holding a piece of ``seat``'s, in order (a fresh list)."""
        self.board_version()
        return list(self._edges_by_seat.get(seat, ()))

    def seat_nodes(self, seat: int) -> list[int]:
        """The intersections holding a piece of ``seat``'s, in order (a fresh list)."""
        self.board_version()
        return list(self._nodes_by_seat.get(seat, ()))

    # --- small helpers used by every rule module ------------------------------------------
    def name(self, seat: int) -> str:
        return self.s.players[seat].name

    def hex_id(self, h: int) -> str:
        return self.geo.hex_ids[h]

    def node_text(self, n: int) -> str:
        return str(n + 1)

    def edge_text(self, e: int) -> str:
        return self.geo.edge_names[e]

    def hand_size(self, seat: int) -> int:
        """Resource cards and the scenario's own cards in hand (``extra_hand``)."""
        extra = self._extra_hand
        return sum(self.s.players[seat].resources) + (extra(seat) if extra is not None else 0)

    def affordable(self, seat: int) -> tuple[bool, ...]:
        """Whether ``seat``'s hand pays for each of COSTED (road, settlement, city, card,
        ship), at once: read from a memo of hands, shared by the scenario's games (it depends
        on the hand and the scenario's costs alone; legal moves ask it at every decision)."""
        have = tuple(self.s.players[seat].resources)
        found = self._afford_memo.get(have)
        if found is None:
            if len(self._afford_memo) > 65536:
                self._afford_memo.clear()
            h0, h1, h2, h3, h4 = have
            costs = self.scen.costs
            found = self._afford_memo[have] = tuple([
                h0 >= c0 and h1 >= c1 and h2 >= c2 and h3 >= c3 and h4 >= c4
                for c0, c1, c2, c3, c4 in [costs[item] for item in COSTED]])
        return found

    def can_afford(self, seat: int, item: str) -> bool:
        h = self.s.players[seat].resources
        c = self.scen.costs[item]
        return h[0] >= c[0] and h[1] >= c[1] and h[2] >= c[2] and h[3] >= c[3] and h[4] >= c[4]

    def afford_reason(self, seat: int, item: str, what: str) -> str | None:
        have = self.s.players[seat].resources
        cost = self.scen.costs[item]
        short = [cost[i] - have[i] if cost[i] > have[i] else 0 for i in range(5)]
        if any(short):
            return f"{what} costs {resource_text(cost)}; you are short of {resource_text(short)}"
        return None

    def pay(self, seat: int, cost: tuple[int, ...] | list[int]) -> None:
        res, bank = self.s.players[seat].resources, self.s.bank
        for i in range(5):
            if cost[i]:
                res[i] -= cost[i]
                bank[i] += cost[i]

    def gain(self, seat: int, counts: tuple[int, ...] | list[int]) -> None:
        res, bank = self.s.players[seat].resources, self.s.bank
        for i in range(5):
            if counts[i]:
                res[i] += counts[i]
                bank[i] -= counts[i]

    def harbor_rates(self, seat: int) -> list[int]:
        """Best maritime rate per resource for ``seat`` (A.15), after the scenario's own
        (``trade_rates``); the board's harbours are kept while the pieces stay."""
        return self.rules.trade_rates(seat, list(self._board_rates(seat)))

    def kept_harbor_rates(self, seat: int) -> list[int]:
        """:meth:`harbor_rates`, as kept when the scenario has no trade rates of its own
        (then the caller must not change it)."""
        if self._own_trade_rates:
            return self.harbor_rates(seat)
        return self._board_rates(seat)

    def _board_rates(self, seat: int) -> list[int]:
        """The rates the board's harbours give ``seat``, as kept (not to be changed)."""
        board = self.board_version()
        if board != self._rates_board:
            # The harbours read the intersections alone: a road or ship placed or moved keeps
            # the rates (on a sea map a ship moves almost every turn).
            s, seen = self.s, self._rates_nodes
            if (not seen or seen[0] != s.node_owner or seen[1] != s.node_kind
                    or seen[2] is not self.node_harbors):
                self._rates = {}
                self._rates_nodes = (list(s.node_owner), list(s.node_kind), self.node_harbors)
            self._rates_board = board
        found = self._rates.get(seat)
        if found is not None:
            return found
        rates = [self.scen.rules.bank_rate] * 5
        s = self.s
        for node in self.harbor_nodes:
            if s.node_owner[node] == seat and self.pieces.produces[s.node_kind[node]]:
                for kind in self.node_harbors[node]:
                    if kind == 5:
                        rates = [min(r, 3) for r in rates]
                    else:
                        rates[kind] = 2
        self._rates[seat] = rates
        return rates

    def harbor_name(self, kind: int) -> str:
        return HARBOR_TYPES[kind]

    def unexplored_at(self, node: int) -> int:
        """A face-down hex with a corner on ``node`` (exploration), or -1."""
        terrain = self.s.terrain
        for h in self.geo.node_hexes[node]:
            if terrain[h] == UNEXPLORED:
                return h
        return -1

    def own_building(self, seat: int, node: int) -> bool:
        s = self.s
        return s.node_owner[node] == seat and self.pieces.produces[s.node_kind[node]] > 0

    def blocked_for(self, seat: int, node: int) -> bool:
        """A.7 / B.4.3: an opponent's building (or a blocking scenario piece) on ``node``."""
        owner = self.s.node_owner[node]
        if owner >= 0 and owner != seat:
            return True
        return self.rules.node_blocks_route(seat, node)

    # --- route pieces, a second ship on a shared path included (E.0.2) ------------------------
    def holds_route(self, seat: int, edge: int) -> bool:
        """Whether ``seat`` has a road or ship on ``edge`` (as its first or shared piece)."""
        s = self.s
        return s.edge_owner[edge] == seat or (bool(s.shared_ships) and s.shared_ships[edge] == seat)

    # route_edges' answers where two ships may share a path, per seat, with the
    # seat_board_version each was found under (made when first asked: a copy starts without)
    _route_edges_kept: dict[int, tuple[int, tuple[int, ...]]] | None = None

    def route_edges(self, seat: int) -> list[int]:
        """Every path holding a road or ship of ``seat``, in order (a fresh list).  Where
        two ships may share a path the seat's second ships are found in the whole table,
        so the answer is kept while the seat's pieces stay (seat_board_version counts a
        shared path's second ship as the seat's)."""
        s = self.s
        if not s.shared_ships:
            return self.seat_edges(seat)
        stamp = self.seat_board_version(seat)
        kept = self._route_edges_kept
        if kept is None:
            kept = self._route_edges_kept = {}
        found = kept.get(seat)
        if found is not None and found[0] == stamp:
            return list(found[1])
        out = list(self._edges_by_seat.get(seat, ()))       # seat_edges: board_version asked above
        shared = s.shared_ships
        if seat in shared:          # a scan in C first: most seats share no path most of the time
            # each shared path found by index(), in C too: a seat shares a few at most
            e = shared.index(seat)
            while True:
                out.append(e)
                try:
                    e = shared.index(seat, e + 1)
                except ValueError:
                    break
        out.sort()
        kept[seat] = (stamp, tuple(out))
        return out

    def route_kind(self, seat: int, edge: int) -> int:
        """The piece code of ``seat``'s piece on ``edge`` (a shared path's second is a ship)."""
        s = self.s
        if s.edge_owner[edge] == seat:
            return s.edge_kind[edge]
        return SHIP if s.shared_ships and s.shared_ships[edge] == seat else NONE

    def shared_path_reason(self, seat: int, edge: int) -> str | None:
        """Why ``seat``'s ship may not join the piece already on ``edge`` (None: it may,
        E.0.2: two ships of different players share a sea route)."""
        s = self.s
        taken = f"{self.edge_text(edge)} is already taken"
        if self.scen.rules.ships_per_path < 2 or not self.pieces.is_ship[s.edge_kind[edge]]:
            return taken
        if s.edge_owner[edge] == seat or s.shared_ships[edge] == seat:
            return f"{taken} by your own ship: two ships on one sea route belong to different players"
        if s.shared_ships[edge] >= 0:
            return f"{taken} by two ships, the most a sea route holds"
        return None

    def put_route(self, seat: int, edge: int, kind: int) -> None:
        """Put ``seat``'s piece on ``edge``, beside a ship already there if the path is shared."""
        s = self.s
        self._edge_journal.append(edge)
        if s.edge_kind[edge]:
            s.shared_ships[edge] = seat
        else:
            s.edge_owner[edge], s.edge_kind[edge] = seat, kind

    def lift_route(self, seat: int, edge: int) -> int:
        """Take ``seat``'s piece off ``edge`` (no supply moves) and return its code; the
        other ship of a shared path becomes the path's first piece."""
        s = self.s
        self._edge_journal.append(edge)
        if s.shared_ships and s.shared_ships[edge] == seat:
            s.shared_ships[edge] = -1
            return SHIP
        kind = s.edge_kind[edge]
        if s.shared_ships and s.shared_ships[edge] >= 0:
            s.edge_owner[edge], s.edge_kind[edge] = s.shared_ships[edge], SHIP
            s.shared_ships[edge] = -1
        else:
            s.edge_owner[edge], s.edge_kind[edge] = -1, NONE
        return kind

    # --- the door: who acts, and whether an action is legal -----------------------------
    # Verbs that answer a pending decision: without a named actor they belong to the seat
    # the game waits for.  Everything else defaults to the player on turn.
    GENERAL_ANSWER_KINDS: ClassVar[frozenset[str]] = frozenset({"discard", "choose-gold", "accept", "decline", "robber", "pirate"})

    def actor_of(self, action: Action) -> int:
        """The seat an action is taken by: its own if named, else the default above."""
        if action.seat >= 0:
            return action.seat
        return self.default_actor(action.kind)

    def default_actor(self, kind: str) -> int:
        s = self.s
        if s.phase == Phase.SETUP or kind in self.answer_kinds:
            return self.prompt_seat()
        return s.current

    def prompt_seat(self) -> int:
        s = self.s
        if s.pending:
            return int(s.pending[0]["seat"])
        if s.phase == Phase.SETUP and s.setup_order:
            return s.setup_order[0]
        return s.current

    def check(self, action: Action) -> str | None:
        """None when ``action`` is legal now, else the reason in the game's words."""
        s = self.s
        kind = action.kind
        if kind in SANDBOX_KINDS:
            if not s.sandbox:
                return f"'{kind}' is a sandbox command; start the game with --sandbox to use it"
            return self._checks[kind](self, action)
        if s.phase == Phase.OVER:
            return "the game is over"
        if action.seat >= self.n or action.seat < -1:
            return "no such player"
        check = self._checks.get(kind)
        if check is None:
            return f"unknown action '{kind}'"
        return check(self, action.by(self.actor_of(action)))


def _by_seat(owner: list[int]) -> dict[int, list[int]]:
    """Each owner's places in ``owner`` (a table of owners, -1 for none), in order: every
    seat's at once, in one pass, since a change asks for several seats' in a row."""
    out: dict[int, list[int]] = {}
    for i, o in enumerate(owner):
        if o >= 0:
            found = out.get(o)
            if found is None:
                out[o] = [i]
            else:
                found.append(i)
    return out
