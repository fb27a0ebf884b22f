"""A scenario's rules: a subclass of :class:`ScenarioRules`, like python-chess's variants.

The base class *is* the general game (base + Seafarers as the scenario file switches
them): every rule point has the general behaviour as its default, and a scenario package
overrides the few it changes.  Its declarations (pieces, verbs, pending decisions, phases,
state items with their visibility, rules text) are class attributes or built in
``__init__``; the core iterates over them.  Scenario code reaches the game only through
``self.ctx``, a :class:`~.context.RulesContext`.

Why a subclass and not free functions over a state: the rule points are few and named, a
scenario overrides them as methods with the general behaviour one ``super()`` away, and
its tables (distances along a path, indices of its places) live on the object, built once per game.

Two shapes of rule point, nothing else:

- *objections* (``..._reason``) return why the general rule's yes is a no here, or None;
- *reactions* (``on_...``, ``after_...``) do the scenario's part of a step and return the
  events, the general part being the default implementation.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Container

from mypy_extensions import mypyc_attr

from .actions import Event
from .context import RulesContext
from .declare import PendingKind, PhaseKind, StateItem, Verb
from .geometry import RESOURCES
from .pieces import PieceKind
from .scenario import resource_vector
from .words import sum_text


# What a scenario declares as a class attribute or sets in ``__init__`` (not both in one
# class hierarchy: see ScenarioRules.__init__).
DECLARATIONS = ("pieces", "state_items", "phases", "rules_text", "help_notes", "reserved_nodes",
                "answers_from_pieces")


def _declared(rules: "ScenarioRules", name: str, default: Any) -> Any:
    """A declaration's value as the scenario's class says it, else ``default`` (the general
    rules' own).  Read by name, through Python's lookup, which serves every build: a plain
    Python class's attribute (also one that subclasses the compiled ScenarioRules: its class
    attribute comes before the base's slot), or in a compiled class the slot, which mypyc
    fills with the class-level value before ``__init__`` runs (None: nothing declared)."""
    value = getattr(rules, name, None)
    return default if value is None else value


# Scenario packages subclass it in plain Python, also in the compiled build.
@mypyc_attr(allow_interpreted_subclasses=True)
class ScenarioRules:
    """The general rules; a scenario package subclasses this."""

    #: pieces beyond settlement, city, road and ship
    pieces: tuple[PieceKind, ...] = ()
    #: every key the scenario keeps in the state, with its visibility
    state_items: tuple[StateItem, ...] = ()
    #: turn phases beyond setup, roll, main and over
    phases: tuple[PhaseKind, ...] = ()
    #: 'help rules': the scenario's rules and how to win, in short.  A template: each
    #: ``{name}`` in it is the value :meth:`rules_words` gives (write ``{{`` for a brace).
    rules_text: str = ""
    #: 'help VERB' of a general verb the scenario changes: what changes, one sentence per verb
    help_notes: dict[str, str] = {}

    def __init__(self, ctx: RulesContext) -> None:
        self.ctx = ctx
        # Compiled by mypyc, this class keeps each declaration in a slot of the instance,
        # which a plain-Python subclass's class attribute of the same name does not reach
        # (a compiled subclass's does): copy it in, whichever build and subclass this is.
        # (A subclass assigns a declaration in ``__init__`` or at class level, not both: after
        # a class-level one, ``self.NAME = ...`` in plain Python misses the slot.)
        self.pieces = _declared(self, "pieces", ())
        self.state_items = _declared(self, "state_items", ())
        self.phases = _declared(self, "phases", ())
        self.rules_text = _declared(self, "rules_text", "")
        self.help_notes = _declared(self, "help_notes", {})
        self.reserved_nodes = _declared(self, "reserved_nodes", frozenset())
        self.answers_from_pieces = _declared(self, "answers_from_pieces", frozenset())

    def declarations(self) -> dict[str, object]:
        """The declarations as the engine reads them (in the compiled build, from the slots):
        the tests compare them with what the scenario's own class says."""
        return {"pieces": self.pieces, "state_items": self.state_items, "phases": self.phases,
                "rules_text": self.rules_text, "help_notes": self.help_notes,
                "reserved_nodes": self.reserved_nodes, "answers_from_pieces": self.answers_from_pieces}

    # --- 'help rules' -------------------------------------------------------------------
    def rules_words(self) -> dict[str, object]:
        """The values ``rules_text`` names, so that 'help rules' states the numbers the game
        plays by.  By default every entry of the scenario's ``[params]``: a number or a word
        as written, a list of numbers joined ('3, 7, 12'), a price as a sum ('1 wool + 1
        ore'); each price of ``[costs]`` as ``cost_PIECE`` and each supply of ``[pieces]`` as
        ``pieces_PIECE``; each number of ``[rules]`` (``bank_rate``, ``discard_limit`` ...);
        ``vp_target``; and ``players`` ('3-4').  A scenario adds words of its own
        (``times(n)`` ...)."""
        scen = self.ctx.scen
        words: dict[str, object] = {f.name: getattr(scen.rules, f.name) for f in fields(scen.rules)
                                    if type(getattr(scen.rules, f.name)) is int}
        for key, value in scen.params.items():
            if isinstance(value, (int, str)):
                words[key] = value
            elif isinstance(value, list) and value and all(type(v) is int for v in value):
                words[key] = ", ".join(str(v) for v in value)
            elif isinstance(value, dict) and value and set(value) <= set(RESOURCES):
                words[key] = sum_text(resource_vector(value))
        for piece, price in scen.costs.items():
            words[f"cost_{piece}"] = sum_text(price)
        for piece, supply in scen.pieces.items():
            words[f"pieces_{piece}"] = supply
        words["vp_target"] = scen.vp_target
        words["players"] = scen.seat_counts("-")
        return words

    def rules_summary(self) -> str:
        """'help rules': ``rules_text`` with :meth:`rules_words` put in."""
        return self.rules_text.format_map(self.rules_words()) if self.rules_text else ""

    # --- declarations built per game (they may be bound methods) -----------------------
    def verbs(self) -> tuple[Verb, ...]:
        """The scenario's verbs."""
        return ()

    def pendings(self) -> tuple[PendingKind, ...]:
        """The scenario's kinds of pending decision."""
        return ()

    def open_verb_groups(self, seat: int) -> Container[str] | None:
        """The verb groups (``Verb.group``) whose verbs ``seat`` might play now: asked once
        per listing of the seat's moves where a verb has a group, and a verb of a group left
        out is not listed (its ``legal`` would list nothing then).  None: every group."""
        return None

    def invariant_problems(self) -> list[str]:
        """The scenario's invariants broken now (conservation of its tokens ...)."""
        return []

    def view_items(self, viewer: int | None) -> dict[str, object]:
        """Public facts derived from the state and the scenario's data, for the screen
        (a path of hexes as hex ids, a set of paths as their names).  Hidden state never goes
        here: it is declared in ``state_items`` and shown by visibility."""
        return {}

    # --- set-up -------------------------------------------------------------------------
    def on_new_game(self) -> None:
        """Place pre-set pieces and the scenario's tokens on a new game's state."""

    def deck(self, counts: dict[str, int]) -> dict[str, int]:
        """The development deck for this game (the player count may change it)."""
        return counts

    # --- placement (objections) ---------------------------------------------------------
    #: intersections whose site rules the scenario takes over (see ``reserved_site_reason``)
    reserved_nodes: frozenset[int] = frozenset()

    def reserved_site_reason(self, seat: int, node: int, setup: bool) -> str | None:
        """The whole site rule for a node in ``reserved_nodes``."""
        return None

    def settlement_reason(self, seat: int, node: int, setup: bool) -> str | None:
        return None

    def setup_settlement_note(self, seat: int) -> str | None:
        """Where the set-up settlement ``seat`` places now may go, in a few words, when the
        scenario restricts it (said in the prompt: "on a start intersection: 5, 12"); None
        when the general rules alone apply."""
        return None

    def ship_reason(self, seat: int, edge: int, lifted: int) -> str | None:
        """``lifted``: the edge of a ship being moved, -1 when building."""
        return None

    #: The hooks of this scenario that answer from the pieces and its fixed data alone (not
    #: the phase, the turn or the hands), by name: ``"ship_reason"``, ``"road_reason"``,
    #: ``"settlement_reason"`` and ``"reserved_site_reason"`` (each outside set-up) may be
    #: named.  What the legal moves work out from a named hook is kept while the pieces
    #: stay (and the map: hexes turned up count as a change), as it is for a scenario that
    #: does not override the hook.
    answers_from_pieces: frozenset[str] = frozenset()

    def ship_candidates(self, seat: int, edges: list[int]) -> list[int]:
        """The edges among ``edges`` where ``seat``'s ships may possibly go, for legal-move
        generation: a scenario that confines ships narrows them here.  Only a speed-up:
        every edge kept is still judged by ``ship_reason``, so it must drop only edges that
        ``ship_reason`` would refuse."""
        return edges

    def own_ship_candidates(self, seat: int) -> list[int] | None:
        """``ship_candidates(seat, edges)`` for ``edges`` the empty sea and coast paths
        touching ``seat``'s pieces (the core's candidates), in path order, found by the
        scenario from what it keeps itself, without the core gathering every path beside
        the seat's pieces first; None (the default): the core gathers them and asks
        ``ship_candidates``.  Only a speed-up: it must give what that would."""
        return None

    def end_ships(self, seat: int) -> list[int] | None:
        """The end ships of every open shipping route of ``seat`` (the ships that may move,
        B.7.2, before the pirate and this turn's builds are counted), found by the scenario
        from a route it keeps itself; None (the default): the core walks the seat's ships.
        Only a speed-up: it must give what that walk would, in any order."""
        return None

    def road_reason(self, seat: int, edge: int, setup: bool) -> str | None:
        """Why ``seat`` may not have a road on ``edge`` here (``setup``: a set-up road)."""
        return None

    def closes_route(self, seat: int, node: int) -> bool:
        """Whether something of the scenario on ``node`` ends ``seat``'s shipping route."""
        return False

    def node_blocks_route(self, seat: int, node: int) -> bool:
        """Whether something of the scenario on ``node`` stops ``seat`` building past it."""
        return False

    # --- robber, pirate, knights ------------------------------------------------------------
    def robber_hex_reason(self, seat: int, hex_: int) -> str | None:
        return None

    def robber_barred_hexes(self, seat: int) -> set[int] | None:
        """Every hex robber_hex_reason objects to for ``seat``, worked out at once (it may
        hold hexes the robber never goes to), so the listing keeps its moves per hex and
        cuts these out; None: not said, and the listing asks robber_hex_reason hex by hex."""
        return None

    def pirate_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not move the pirate now."""
        return None

    def pirate_hex_reason(self, seat: int, hex_: int) -> str | None:
        """Why the pirate may not go to sea hex ``hex_`` (a friendly pirate's protection)."""
        return None

    def pirate_barred_hexes(self, seat: int) -> set[int] | None:
        """Every hex pirate_hex_reason objects to for ``seat``, worked out at once (it may
        hold land hexes); None: not said, and the listing asks pirate_hex_reason hex by hex."""
        return None

    def pirate_takes(self, seat: int, victim: int) -> tuple[str, ...]:
        """What the pirate's mover may take: "resource", or a player-scope state key."""
        return ("resource",)

    def knight_reason(self, seat: int) -> str | None:
        return None

    # --- cards in hand the scenario adds --------------------------------------------------------
    def discard_limit(self, seat: int) -> int:
        """The most cards ``seat`` may hold on a 7 without discarding half."""
        return self.ctx.scen.rules.discard_limit

    def extra_hand(self, seat: int) -> int:
        """Cards of the scenario's own in ``seat``'s hand beside the resource cards (they count
        for the 7 and may be robbed); the scenario keeps them and lets them be discarded."""
        return 0

    def steal_extra_card(self, thief: int, victim: int, pick: int) -> list[Event]:
        """The robber's (or pirate's) random card landed on the ``pick``-th (0-based) of the
        victim's ``extra_hand`` cards: move it to the thief and tell those two its face."""
        raise NotImplementedError("a scenario with extra_hand cards says how one is stolen")

    def deck_size(self) -> int | None:
        """Cards left in a deck the scenario keeps itself (None: the general development deck)."""
        return None

    def buy_card(self, seat: int) -> list[Event] | None:
        """A card bought from the scenario's own deck, paid for already: draw and resolve it
        (None: the general development card)."""
        return None

    def card_plays_as(self, card: str) -> str:
        """Which card a development card is played as."""
        return card

    # --- the turn (reactions) --------------------------------------------------------------
    def on_seven(self, seat: int) -> list[Event]:
        """After a 7's discards are queued: the robber (or pirate) moves."""
        self.ctx.ask({"kind": "robber", "seat": seat, "cause": "seven"})
        return []

    def on_knight(self, seat: int) -> list[Event]:
        """A knight was played: the robber (or pirate) moves before anything else."""
        self.ctx.ask({"kind": "robber", "seat": seat, "cause": "knight"}, first=True)
        return []

    def before_production(self, roll: tuple[int, int]) -> list[Event]:
        """After the dice, before production.  Queue a decision with ``defer_roll`` to
        hold production until it is answered (then call ``ctx.resolve_roll``)."""
        return []

    def after_production(self, total: int) -> list[Event]:
        return []

    def hex_blocked(self, hex_: int) -> bool:
        """Whether ``hex_`` produces nothing now (beside the robber's hex)."""
        return False

    def production_key(self) -> object:
        """A hashable summary of the state ``hex_blocked`` reads: the engine's production
        tables are kept while it (and the buildings and the robber) stay the same."""
        return None

    def build_trade_reason(self, seat: int, what: str) -> str | None:
        """Why the trade/build part of ``seat``'s turn is closed now (``what``: "build" ...)."""
        return None

    def after_building(self, seat: int, node: int) -> list[Event]:
        """A settlement was built, or a city upgraded, in play (not in the set-up)."""
        return []

    def on_turn_end(self, seat: int) -> list[Event]:
        """``seat``'s turn ends, before the next player's begins."""
        return []

    def discovery_reward(self, seat: int, hex_: int) -> list[Event]:
        """``seat``'s ship turned up ``hex_`` (exploration): the general reward is 1 of the
        resource a terrain hex produces, when the bank has it."""
        ctx = self.ctx
        r = ctx.discovery_resource(hex_)
        if r < 0 or ctx.state.bank[r] <= 0:
            return []
        gain = [0] * 5
        gain[r] = 1
        ctx.gain(seat, gain)
        return [Event("produce", seat, f"{ctx.name(seat)} takes 1 {RESOURCES[r]} for the discovery")]

    def after_route_change(self, seat: int) -> list[Event]:
        """``seat`` built or moved a ship or road, or built a settlement."""
        return []

    def end_turn_reason(self, seat: int) -> str | None:
        return None

    def trade_rates(self, seat: int, rates: list[int]) -> list[int]:
        """The maritime rates of ``seat`` per resource after the board's harbours: a
        scenario that gives harbours during play (the Legend's earned 2:1 harbours) lowers
        them here."""
        return rates

    def after_action(self) -> list[Event]:
        """After every accepted action (an early end of the game ...)."""
        return []

    # --- scoring -------------------------------------------------------------------------
    def vp_sources(self, seat: int) -> dict[str, int]:
        """The scenario's VP by source, added to the general sources."""
        return {}

    def may_win(self, seat: int) -> bool:
        """A condition beside the VP target."""
        return True

    def tiebreak(self, seat: int) -> int:
        """Second key when the game ends by score with players on equal VP."""
        return 0
