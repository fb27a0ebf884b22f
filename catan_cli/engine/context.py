"""The rules context: the narrow, typed door through which scenario code reads and changes
a game.

A scenario package never holds the engine.  It gets a :class:`RulesContext`, which offers
what the general rules already do well (pay, gain, place and remove pieces, queue and
resolve pending decisions, roll, end the turn, end the game) and read access to the state
and the scenario's data.  Reading the board straight from ``ctx.state`` is allowed and
fast; changing it goes through the methods here, so the engine's own bookkeeping (piece
supplies, longest route, victory) stays right.

The context reaches its engine weakly (the engine owns the rules, which own the context), so
a dropped game is freed at once; a context or rules object kept after its game is gone
reads nothing (ReferenceError).  The compiled build's classes take no weak references: there
the reference is strong and a dropped game waits for the cycle collector (:func:`weakly`).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from .actions import Action, Event
from .phases import Phase

if TYPE_CHECKING:
    from .core import Engine
    from .geometry import Geometry
    from .pieces import PieceTable
    from .scenario import Scenario
    from .state import GameState

T = TypeVar("T")


def weakly(obj: T) -> T:
    """A weak proxy of ``obj`` where its class allows one (pure Python), else ``obj`` itself:
    a class compiled by mypyc takes no weak references, so that build holds it strongly."""
    try:
        proxy: T = weakref.proxy(obj)
        return proxy
    except TypeError:
        return obj


class RulesContext:
    """One game, as scenario code may see and change it."""

    def __init__(self, engine: "Engine") -> None:
        # The engine owns the rules, which own this context: a strong reference back would
        # make every game a reference cycle, freed only by the cycle collector.
        self._e: "Engine" = weakly(engine)
        #: what an earlier game hands on to this one (a campaign's chapter results, the
        #: ``# carry:`` header of a command file): set only while ``on_new_game`` runs
        self.carry: dict[str, Any] = {}

    # --- reading -----------------------------------------------------------------------
    @property
    def scen(self) -> "Scenario":
        """The scenario's data: map, params, places, starts, paths (never changes)."""
        return self._e.scen

    @property
    def geo(self) -> "Geometry":
        return self._e.geo

    @property
    def state(self) -> "GameState":
        """The whole state, to read.  Change it through the methods below; the
        scenario's own data is :attr:`data` and :meth:`player_data`."""
        return self._e.s

    @property
    def pieces(self) -> "PieceTable":
        return self._e.pieces

    @property
    def n(self) -> int:
        return self._e.n

    def memo_key(self) -> int | None:
        """A key for memoising something of the current position (it changes with every
        action), or None while the state is changing step by step: then compute afresh."""
        return self._e.memo_key()

    @property
    def version(self) -> int:
        """The engine's position number: moved on by every action played (during the
        action too) and by every change made to the state outside one (a tool, a test)."""
        return self._e.version

    def board_version(self) -> int:
        """A key that changes whenever a piece is placed, moved, changed or lifted, and
        stays while the pieces stay: for memoising what depends on the pieces alone."""
        return self._e.board_version()

    def seat_board_version(self, seat: int) -> int:
        """A key that changes whenever ``seat``'s own pieces change and stays while they
        stay, whatever the other seats do: for memoising what depends on one seat's pieces
        alone (The Pirate Islands' route)."""
        return self._e.seat_board_version(seat)

    @property
    def current(self) -> int:
        return self._e.s.current

    @property
    def data(self) -> dict[str, Any]:
        """The scenario's game-wide state (declared ``StateItem`` keys of scope "game")."""
        return self._e.s.extra

    def player_data(self, seat: int) -> dict[str, Any]:
        """The scenario's state for one player (``StateItem`` keys of scope "player")."""
        return self._e.s.players[seat].extra

    @property
    def land_hexes(self) -> tuple[int, ...]:
        return self._e.land_hexes

    def name(self, seat: int) -> str:
        return self._e.name(seat)

    def hex_id(self, h: int) -> str:
        return self._e.hex_id(h)

    def edge_text(self, edge: int) -> str:
        return self._e.edge_text(edge)

    def hand_size(self, seat: int) -> int:
        return self._e.hand_size(seat)

    def own_building(self, seat: int, node: int) -> bool:
        """A producing building of ``seat`` (settlement, city ...) on ``node``."""
        return self._e.own_building(seat, node)

    def blocked_for(self, seat: int, node: int) -> bool:
        """Whether ``seat``'s routes stop at ``node`` (an opponent's building ...)."""
        return self._e.blocked_for(seat, node)

    def distance_reason(self, node: int) -> str | None:
        """The distance rule (A.6) for a new building on ``node``."""
        return self._e.distance_reason(node)

    def main_phase_reason(self, seat: int, what: str) -> str | None:
        """Why ``seat`` may not ``what`` now under A.8 (own turn, rolled, nothing pending)."""
        return self._e.main_phase_reason(seat, what)

    def vp(self, seat: int) -> int:
        return self._e.vp(seat)

    def public_vp(self, seat: int) -> int:
        """``seat``'s VP as the table sees them: the victory-point cards in hand left out."""
        return self._e.vp(seat, False)

    def check(self, action: Action) -> str | None:
        """The full check of an action, as the door would make it."""
        return self._e.check(action)

    # --- pending decisions ------------------------------------------------------------------
    def pending_for(self, kind: str, seat: int) -> dict[str, Any] | None:
        """The open decision of ``kind`` that ``seat`` may answer now, if any."""
        return self._e.first_pending(kind, seat)

    def open_pending(self) -> list[dict[str, Any]]:
        """The decisions that may be answered now (discards: all at once; else the first)."""
        return self._e.actionable_pending()

    def ask(self, item: dict[str, Any], first: bool = False) -> None:
        """Queue a decision (``{"kind": K, "seat": S, ...}``; K a declared PendingKind)."""
        if first:
            self._e.s.pending.insert(0, item)
        else:
            self._e.s.pending.append(item)

    def resolve(self, item: dict[str, Any]) -> None:
        """Close an answered decision."""
        self._e.s.pending.remove(item)

    def close_pending(self, kind: str, seat: int) -> dict[str, Any]:
        """Close the open decision of ``kind`` that ``seat`` is answering and return it (a
        verb's apply calls this; its check has made sure the decision is open)."""
        item = self._e.first_pending(kind, seat)
        if item is None:
            raise AssertionError(f"no open {kind} decision for seat {seat}: the check should have refused")
        self._e.s.pending.remove(item)
        return item

    # --- cards and the bank ------------------------------------------------------------------
    def gain(self, seat: int, counts: tuple[int, ...] | list[int]) -> None:
        """Move resource cards from the bank to ``seat``."""
        self._e.gain(seat, counts)

    def affords(self, seat: int, cost: tuple[int, ...] | list[int]) -> bool:
        """Whether ``seat``'s hand holds every resource card of ``cost``."""
        have = self._e.s.players[seat].resources
        # one expression, no generator: listings ask it of every priced verb
        return (have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2] and have[3] >= cost[3]
                and have[4] >= cost[4])

    def pay(self, seat: int, counts: tuple[int, ...] | list[int]) -> None:
        """Move resource cards from ``seat`` to the bank."""
        self._e.pay(seat, counts)

    def lose_random_card(self, seat: int) -> int:
        """One card drawn at random from a non-empty hand goes to the bank; its resource."""
        r = self._e.take_random_card(seat)
        self._e.s.bank[r] += 1
        return r

    def steal_resource(self, thief: int, victim: int) -> list[Event]:
        """The robber's steal: a random card from ``victim`` to ``thief`` (its face told to
        those two only)."""
        return self._e.steal_resource(thief, victim)

    def play_card(self, seat: int, kind: str) -> str:
        """Play (lay out) a development card of ``kind`` from ``seat``'s hand, the turn's one
        card; the caller's check has asked ``check`` of the general play of that card."""
        return self._e.use_card(seat, kind)

    def roll_die(self) -> int:
        """One die: a forced value in the sandbox (``dice``), else the game's generator."""
        s = self._e.s
        if s.forced_dice:
            die = s.forced_dice[0]
            s.forced_dice = None
            return die
        return s.rng.randint(1, 6)

    # --- pieces --------------------------------------------------------------------------
    def place_node_piece(self, seat: int, node: int, piece: str, from_supply: bool = True) -> None:
        """Put a registered node piece of ``seat`` on ``node``."""
        kind = self._e.pieces.by_name[piece]
        s = self._e.s
        s.node_owner[node], s.node_kind[node] = seat, kind.code
        self._e.note_change("node", node)
        if from_supply:
            s.players[seat].pieces[kind.supply] -= 1

    def building_placed(self, seat: int, node: int) -> list[Event]:
        """After a scenario's building was put on ``node`` in play: longest route for all
        (it may break others' routes, A.13) and the scenario's route reaction, as for a
        settlement."""
        return self._e.after_building_change(seat, node)

    def place_edge_piece(self, seat: int, edge: int, piece: str, from_supply: bool = True) -> None:
        """Put a registered edge piece of ``seat`` on ``edge``."""
        kind = self._e.pieces.by_name[piece]
        s = self._e.s
        s.edge_owner[edge], s.edge_kind[edge] = seat, kind.code
        self._e.note_change("edge", edge)
        if from_supply:
            s.players[seat].pieces[kind.supply] -= 1

    def change_piece(self, where: str, index: int, piece: str) -> None:
        """Turn the piece on a node or edge into another kind (same owner, no supply moved)."""
        code = self._e.pieces.by_name[piece].code
        if where == "node":
            self._e.s.node_kind[index] = code
        else:
            self._e.s.edge_kind[index] = code
        self._e.note_change(where, index)

    def free_route_reason(self, seat: int, piece: str, edge: int, lifted: int = -1) -> str | None:
        """Why ``seat`` may not put a road or ship (``piece``) on ``edge`` now, cost aside:
        supply, place and connection.  ``lifted``: a piece of the same kind being moved,
        treated as off the board."""
        e = self._e
        if lifted < 0:
            return e.free_route_reason(seat, piece, edge)
        if edge == lifted:
            return "a moved piece must go to a different path"
        reason = e.road_edge_reason if piece == "road" else e.ship_edge_reason
        return self._with_lifted(seat, lifted, lambda: reason(seat, edge))

    def free_route_paths(self, seat: int, piece: str, edges: list[int], lifted: int) -> list[int]:
        """Those of ``edges`` where ``free_route_reason(seat, piece, path, lifted)`` is None,
        in order: the moved piece lifted in thought once for them all, not once per path (a
        listing of a piece's moves asks every candidate path)."""
        e = self._e
        if lifted < 0:
            return [x for x in edges if e.free_route_reason(seat, piece, x) is None]
        reason = e.road_edge_reason if piece == "road" else e.ship_edge_reason
        return self._with_lifted(seat, lifted, lambda: [x for x in edges if x != lifted and reason(seat, x) is None])

    def _with_lifted(self, seat: int, lifted: int, ask: Callable[[], T]) -> T:
        """``ask()`` with ``seat``'s route piece on ``lifted`` lifted in thought, as
        tentative_piece puts one: what is kept for the board is worked out afresh meanwhile
        (unsettled) and put back with the piece."""
        e = self._e
        s = e.s
        owner, kind = s.edge_owner[lifted], s.edge_kind[lifted]
        second = s.shared_ships[lifted] if s.shared_ships else -1
        saved = e.board_memos()
        e.lift_route(seat, lifted)
        e.unsettled += 1
        try:
            return ask()
        finally:
            e.unsettled -= 1
            s.edge_owner[lifted], s.edge_kind[lifted] = owner, kind
            if s.shared_ships:
                s.shared_ships[lifted] = second
            # the board reads as before the lift: so do the memos and the journal put back
            e.restore_board_memos(saved)

    def candidate_route_edges(self, seat: int) -> list[int]:
        """Empty paths touching ``seat``'s pieces: where a new road or ship could go."""
        return self._e.candidate_route_edges(seat)

    def free_route_sites(self, seat: int) -> tuple[frozenset[int], frozenset[int]]:
        """The candidate paths (``candidate_route_edges``) where ``free_route_reason(seat,
        "road" / "ship", path)`` is None, as two sets: the build listing's road and ship
        sites, kept while the pieces stay where the rules read the pieces alone.  A listing
        that offers a free road or ship asks this once rather than each path twice."""
        e = self._e
        supply = e.s.players[seat].pieces
        roads = e._road_sites(seat) if supply["road"] > 0 else frozenset()
        ships = e._ship_sites(seat) if supply["ship"] > 0 and e.scen.rules.ships else frozenset()
        return roads, ships

    def ship_moves(self, seat: int) -> list[Action]:
        """Every ``move-ship`` of ``seat``'s the check allows in the main phase, with the
        turn's one ship move not yet made (a friend that lifts the limit lists these)."""
        return self._e.ship_moves(seat)

    def build_route(self, seat: int, edge: int, piece: str) -> list[Event]:
        """Put a road or ship of ``seat`` from its supply on ``edge`` as a build (no cost
        taken): longest route and the scenario's route reaction follow, as for a paid one,
        and a ship turns up the face-down hexes at its ends (exploration)."""
        e = self._e
        code = e.pieces.by_name[piece].code
        e.place_route(seat, edge, code)
        events = e.after_route_built(seat)
        return events + e.explore_from_edge(seat, edge)[0] if e.pieces.is_ship[code] else events

    def move_route(self, src: int, dst: int, seat: int = -1) -> list[Event]:
        """Move a road or ship from ``src`` to ``dst`` (same owner and kind), then update
        longest route and tell the scenario its route changed.  ``seat``: whose piece, on
        a path two ships share (default: the path's first piece)."""
        e = self._e
        if seat < 0:
            seat = e.s.edge_owner[src]
        code = e.lift_route(seat, src)
        e.put_route(seat, dst, code)
        events = e.after_route_built(seat)
        return events + e.explore_from_edge(seat, dst)[0] if e.pieces.is_ship[code] else events

    def draw_development_card(self, seat: int) -> str | None:
        """The top development card to ``seat``'s hand (not playable this turn, A.11.1);
        None when the deck is empty."""
        s = self._e.s
        if not s.deck:
            return None
        card = s.deck.pop()
        s.players[seat].dev_cards.append([card, s.turn])
        return card

    def remove_route(self, edge: int, seat: int = -1) -> None:
        """Take a road or ship off the board, back to its owner's supply (``seat``'s, on a
        path two ships share; default: the path's first piece)."""
        self._e.remove_route(edge, seat)

    def route_lost(self, seat: int) -> list[Event]:
        """After a scenario took a road or ship of ``seat`` off the board: its longest
        route is recomputed (the Longest Road may change hands)."""
        return self._e.update_longest_route(seat)

    def holds_route(self, seat: int, edge: int) -> bool:
        """Whether ``seat`` has a road or ship on ``edge`` (two ships may share a path, E.0.2)."""
        return self._e.holds_route(seat, edge)

    def has_ship(self, seat: int, edge: int) -> bool:
        """Whether ``seat`` has a ship on ``edge`` (two ships may share a path, E.0.2)."""
        return self._e.is_ship(edge, seat)

    def route_edges(self, seat: int) -> list[int]:
        """Every path holding a road or ship of ``seat``."""
        return self._e.route_edges(seat)

    def seat_nodes(self, seat: int) -> list[int]:
        """Every intersection holding a piece of ``seat``'s, in order (kept by the engine:
        no walk of every intersection)."""
        return self._e.seat_nodes(seat)

    def return_piece(self, seat: int, supply: str, count: int = 1) -> None:
        """Put ``count`` of ``seat``'s pieces back in their supply (a settlement replaced
        by a bigger building goes home)."""
        self._e.s.players[seat].pieces[supply] += count

    # --- exploration ---------------------------------------------------------------------------
    def explore(self, seat: int, edge: int) -> tuple[list[Event], list[int]]:
        """A ship of ``seat`` ended a step on ``edge``: turn up the face-down hexes at its
        ends.  The events (with the rewards) and the hexes discovered."""
        return self._e.explore_from_edge(seat, edge)

    def unexplored_at(self, node: int) -> int:
        """A face-down hex with a corner on ``node``, or -1."""
        return self._e.unexplored_at(node)

    def discovery_resource(self, hex_: int) -> int:
        """The resource a turned-up hex produces (-1: none)."""
        return self._e.discovery_resource(hex_)

    def settlement_site_reason(self, seat: int, node: int) -> str | None:
        """The general site rules for a new settlement on ``node`` in play (the map, the
        distance rule, face-down hexes, the scenario's objections)."""
        return self._e.settlement_site_reason(seat, node, False)

    # --- the flow of the game ------------------------------------------------------------------
    def resolve_roll(self, total: int) -> list[Event]:
        """Carry on with a roll after a scenario step that came first (a 7 or production)."""
        return self._e.resolve_roll(total)

    def enter_phase(self, phase: str) -> None:
        """Move the turn on to a phase the scenario declares (``ScenarioRules.phases``),
        after trade and build; the turn machine ends it with the turn."""
        if phase not in self._e.scenario_phases:
            raise ValueError(f"undeclared phase {phase!r}")
        self._e.s.phase = phase

    def next_turn(self) -> list[Event]:
        """End the current turn now."""
        return self._e.next_turn()

    def check_victory(self) -> list[Event]:
        return self._e.check_victory()

    def end_game_by_score(self, reason: str) -> list[Event]:
        """End at once: most VP wins, then the scenario's tiebreak; a tie is shared."""
        return self._e.end_game_by_score(reason)

    @property
    def over(self) -> bool:
        return self._e.s.phase == Phase.OVER

    def place_robber(self, hex_: int) -> None:
        """Put the robber on a land hex (set-up; moves in play go through the robber verb)."""
        self._e.s.robber = hex_
