"""The rules engine: one game's state plus the scenario's tables, and the door actions
come through (:meth:`Engine.check`, :meth:`Engine.apply`, :meth:`Engine.legal_actions`).

The rules themselves live in the mixin modules, one job each: placement
(:mod:`.building`), ships (:mod:`.ships`), dice, robber and pirate (:mod:`.production`),
development cards (:mod:`.cards`), trade (:mod:`.trade`), longest route (:mod:`.routes`),
set-up and turns (:mod:`.turns`), the sandbox (:mod:`.sandbox`) and legal-move
generation (:mod:`.legal`).  Every apply is preceded by a full check, so a rejected action
never half-applies.
"""

from __future__ import annotations

from typing import Callable, ClassVar, TypeVar

from ..errors import RuleError
from .actions import Action, Event
from .context import RulesContext
from .legal import LegalMoves
from .packages import rules_class
from .rulebook import ScenarioRules
from .pieces import GENERAL_PIECES, PieceTable
from .public_hands import PublicHands
from .scenario import Scenario, explored_scenario
from .state import GameState
from .phases import Phase

# What _derive sets: read-only tables of one game's map, shared by its copies.
_DERIVED = ("hex_resource", "hexes_by_number", "node_harbors", "harbor_nodes", "land_hexes", "sea_hexes")


class Engine(LegalMoves):
    """A game in progress.  Holds the state; knows nothing of text, terminals or files."""

    def __init__(self, scen: Scenario, state: GameState, like: "Engine | None" = None) -> None:
        """``like``: an engine of the same game (a copy's original), whose tables derived
        from the map are shared instead of derived again."""
        # Exploration: the land and sea tables follow the game's hexes as they are turned up.
        self.scen = explored_scenario(scen, state.terrain) if scen.face_down else scen
        self.geo = scen.geo
        self.s = state
        self.n = len(state.players)
        # Bumped by every apply (the single door) and by touch(): the key of every cache of
        # a position, so no cache can outlive the position it describes.
        self.version = 0
        # Above zero while an apply or a look-ahead changes the state in steps: no memo then.
        self.unsettled = 0
        # Where pieces changed since board_version last looked (see board_version).
        # (Declared on EngineBase: an attribute annotated again here would be visited twice by
        # the compiled class's garbage-collector traversal, and no engine would ever be freed.)
        self._edge_journal = []
        self._node_journal = []
        self._edges_by_seat = {}
        self._nodes_by_seat = {}
        # Empty tables the classes declare with ``= {}``: mypyc gives an instance no such
        # default, so the compiled build would find them missing before their first fill.
        self._rates, self._candidates, self._sites = {}, {}, {}
        self._ship_targets, self._robber_memo, self._moves = {}, {}, []
        # What the table knows each seat holds (state.public_min), kept up to date by apply.
        self.public_hands = PublicHands(state)
        self.ctx = RulesContext(self)
        self.rules = rules_class(scen)(self.ctx)
        self.pieces = like.pieces if like is not None else PieceTable(GENERAL_PIECES + self.rules.pieces)
        # Labels of the buildings that score, in the order vp_sources lists them.
        self._vp_labels = tuple(_plural(k.name) for k in self.pieces.kinds if k.on == "node" and k.vp)
        self._vp_label_of = {code: _plural(name) for code, name in enumerate(self.pieces.node_names)}
        # seat_vp_points' table and the building tables it was counted from.
        self._vp_owner_seen: list[int] = []
        self._vp_kind_seen: list[int] = []
        self._vp_table: list[dict[str, int]] = []
        # check_victory's bound: every settlement and city out of the supply, counted from
        # the supply's size; and whether the scenario may add VP of its own (or island chits).
        self._bound_base = scen.pieces["settlement"] + 2 * scen.pieces["city"]
        self._vp_target = scen.vp_target
        self._own_trade_rates = type(self.rules).trade_rates is not ScenarioRules.trade_rates
        self._own_turn_end = type(self.rules).on_turn_end is not ScenarioRules.on_turn_end
        self._afford_memo = scen.table("affordable hands", dict)   # a memo: see affordable
        self._trades_kept = {}
        self._cards_kept = {}
        self._own_card_kinds = type(self.rules).card_plays_as is not ScenarioRules.card_plays_as
        # Cards of the scenario's own in a hand (hand_size adds them), or None: resources only.
        self._extra_hand = (self.rules.extra_hand
                            if type(self.rules).extra_hand is not ScenarioRules.extra_hand else None)
        # The scenario's after_action, or None when it has none (asked after every action).
        self._after_action = (self.rules.after_action
                              if type(self.rules).after_action is not ScenarioRules.after_action else None)
        # Verbs that never change the VP of the seat on turn nor who is on turn, where VP come
        # from the general sources alone (no scenario rules): after one, check_victory
        # would answer as it did after the action before (when that one was checked).
        self._no_vp_kinds = (_NO_VP_KINDS if type(self.rules) is ScenarioRules and not scen.rules.island_bonus
                             else frozenset())
        self._victory_checked = -1
        # The base game's roll (no scenario step around production), and whether production
        # itself follows the general rules where a scenario adds steps before or after it.
        self._plain_roll = type(self.rules) is ScenarioRules and not scen.face_down
        self._plain_produce = (not scen.face_down and type(self.rules).hex_blocked is ScenarioRules.hex_blocked
                               and type(self.rules).production_key is ScenarioRules.production_key)
        self._own_building_keeps_route = type(self.rules) is ScenarioRules and scen.rules.longest_route == "road"
        self._roll_nodes, self._plain_rolls, self._roll_events = {}, {}, {}
        self._vp_node_pieces = tuple(k for k in self.rules.pieces if k.on == "node" and k.vp)
        # check_victory's reading of them: each one's VP, supply and the supply's whole size
        self._vp_node_supplies = tuple((k.vp, k.supply, scen.pieces.get(k.supply, 0)) for k in self._vp_node_pieces)
        self._island_bonus = bool(scen.rules.island_bonus)
        self._scenario_vp = (type(self.rules).vp_sources is not ScenarioRules.vp_sources
                             or scen.rules.island_bonus or bool(self._vp_node_pieces))
        if like is not None:
            for name in _DERIVED:
                setattr(self, name, getattr(like, name))
        else:
            self._derive()
        # Every verb's check and apply, as functions of (engine, action): the general verbs'
        # tables are shared by every engine until a scenario verb joins them.
        self._checks, self._applies = _GENERAL_CHECKS, _GENERAL_APPLIES
        # What the scenario declares: its verbs join the tables above.
        self.verbs = {}
        for verb in self.rules.verbs():
            if verb.kind in self._checks:
                raise ValueError(f"scenario verb {verb.kind!r} clashes with a general verb")
            if not self.verbs:
                self._checks, self._applies = dict(_GENERAL_CHECKS), dict(_GENERAL_APPLIES)
            self.verbs[verb.kind] = verb
            self._checks[verb.kind] = _engine_call(verb.check)
            self._applies[verb.kind] = _engine_call(verb.apply)
        rules_type = type(self.rules)
        self._plain_main = (
            not self.verbs and not scen.rules.ships and not scen.face_down and not self._own_trade_rates
            and all(getattr(rules_type, hook) is getattr(ScenarioRules, hook) for hook in (
                "end_turn_reason", "build_trade_reason", "deck_size", "road_reason", "settlement_reason"))
            and (not self.rules.reserved_nodes or rules_type.reserved_site_reason is ScenarioRules.reserved_site_reason
                 or "reserved_site_reason" in self.rules.answers_from_pieces))
        self._min_rate = min(2, scen.rules.bank_rate)
        # The main phase's general questions a scenario may answer itself (else they are
        # not asked at every decision), and the verbs listed among the main phase's moves.
        self._end_rule = rules_type.end_turn_reason is not ScenarioRules.end_turn_reason
        self._build_trade_rule = rules_type.build_trade_reason is not ScenarioRules.build_trade_reason
        self._listing_verbs = tuple(v for v in self.verbs.values() if not v.answers and not v.offers)
        # legal_actions' loop over them, each verb's parts read once here
        self._listing = tuple((v.legal, v.exact, v.group) for v in self._listing_verbs)
        self._verb_groups = (any(v.group for v in self._listing_verbs)
                             and rules_type.open_verb_groups is not ScenarioRules.open_verb_groups)
        self._card_verbs = tuple(v for v in self._listing_verbs if v.plays_card)
        self._ship_moves_listed = bool(scen.rules.ships and scen.rules.ship_move)
        self.pending_kinds = {p.kind: p for p in self.general_pendings()}
        self.pending_kinds.update((p.kind, p) for p in self.rules.pendings())
        self.answer_kinds = self.GENERAL_ANSWER_KINDS | {
            v.kind for v in self.verbs.values() if v.answers}
        self.scenario_phases = {p.name: p for p in self.rules.phases}
        self.state_items = {
            (item.scope, item.key): item for item in self.exploration_state_items() + self.rules.state_items}

    # Every general verb; scenario verbs come from the scenario's rules (``self.verbs``).
    ACTION_KINDS: ClassVar[tuple[str, ...]] = (
        "roll", "end", "build-road", "build-ship", "build-settlement", "build-city", "buy-card",
        "play-knight", "play-road-building", "play-year-of-plenty", "play-monopoly",
        "robber", "pirate", "discard", "choose-gold", "trade", "offer", "accept", "decline",
        "move-ship", "dice", "give", "take", "put", "turn", "draw",
    )

    def copy(self) -> "Engine":
        """An engine on an independent copy of the state; the scenario, the geometry and
        the tables derived from the map (which never change in a game) are shared."""
        return Engine(self.scen, self.s.copy(), like=self)

    # --- scoring ----------------------------------------------------------------------
    def vp_sources(self, seat: int, hidden: bool = True) -> dict[str, int]:
        s = self.s
        out = self.seat_vp_points(seat)
        if self.scen.rules.longest_route != "none":
            label = "longest road" if self.scen.rules.longest_route == "road" else "longest route"
            out[label] = 2 if s.longest_holder == seat else 0
        if self.scen.rules.largest_army:
            out["largest army"] = 2 if s.army_holder == seat else 0
        if self.scen.rules.island_bonus:
            out["island chits"] = self.island_vp(seat)
        if hidden:
            out["victory cards"] = sum(1 for card, _ in s.players[seat].dev_cards
                                       if self.rules.card_plays_as(card) == "victory-point")
        out.update(self.rules.vp_sources(seat))
        return out

    def vp(self, seat: int, hidden: bool = True) -> int:
        return sum(self.vp_sources(seat, hidden).values())

    def check_victory(self) -> list[Event]:
        """A.17: only the player on turn wins, the moment they reach the target."""
        s = self.s
        if s.phase in _NO_WIN:
            return []
        seat = s.current
        # A cheap upper bound first, from the pieces out of the supply: this runs after
        # every action.
        p = s.players[seat]
        supply = p.pieces
        bound = (self._bound_base - supply["settlement"] - 2 * supply["city"]
                 + len(p.dev_cards))  # every card, as if each were a victory point: still a bound
        if s.longest_holder == seat:
            bound += 2
        if s.army_holder == seat:
            bound += 2
        target = self._vp_target
        if bound < target and not self._scenario_vp:
            return []
        if bound < target:
            scenario_vp = self.rules.vp_sources(seat)
            if scenario_vp:
                bound += sum(scenario_vp.values())
            if self._island_bonus:
                bound += self.island_vp(seat)
            for vp, name, whole in self._vp_node_supplies:   # a scenario's node pieces worth VP, by their supply used
                bound += vp * (whole - supply.get(name, 0))
        if bound < target:
            return []
        if self.vp(seat) >= self.scen.vp_target and self.rules.may_win(seat):
            s.winners = [seat]
            s.phase = Phase.OVER
            s.pending.clear()
            return [Event("win", seat, f"{self.name(seat)} wins with {self.vp(seat)} VP")]
        return []

    def end_game_by_score(self, reason: str) -> list[Event]:
        """End at once; most VP wins, then the scenario's tiebreak; a tie is shared."""
        s = self.s
        scores = [(self.vp(p), self.rules.tiebreak(p)) for p in range(self.n)]
        best = max(scores)
        s.winners = [p for p in range(self.n) if scores[p] == best]
        s.phase = Phase.OVER
        s.pending.clear()
        names = " and ".join(self.name(p) for p in s.winners)
        return [Event("win", s.winners[0], f"{reason}: {names} {'wins' if len(s.winners) == 1 else 'share the win'}")]

    def seat_vp_points(self, seat: int) -> dict[str, int]:
        """Victory points from ``seat``'s buildings, by label ("settlements": 3 ...); every
        seat's are counted in one pass and kept while the buildings stay as they are (a
        view asks for every seat's, and most actions place nothing)."""
        s = self.s
        if s.node_owner != self._vp_owner_seen or s.node_kind != self._vp_kind_seen:
            table = [dict.fromkeys(self._vp_labels, 0) for _ in range(self.n)]
            node_vp, labels = self.pieces.node_vp, self._vp_label_of
            for owner, k in zip(s.node_owner, s.node_kind):
                if owner >= 0 and node_vp[k]:
                    table[owner][labels[k]] += node_vp[k]
            self._vp_owner_seen, self._vp_kind_seen = list(s.node_owner), list(s.node_kind)
            self._vp_table = table
        return dict(self._vp_table[seat])

    def touch(self) -> None:
        """Say the state was changed outside :meth:`apply` (a test setting up a position, a
        tool editing a game): every cached picture of the old position is dropped."""
        self.version += 1

    # --- the door --------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Play ``action``; raises RuleError (state untouched) when it is illegal."""
        reason = self.check(action)
        if reason is not None:
            raise RuleError(reason)
        return self.apply_legal(action.by(self.actor_of(action)))

    def apply_legal(self, action: Action) -> list[Event]:
        """Play an action known to be legal now, its actor set: one that
        :meth:`legal_actions` listed for this very position, or one :meth:`check` passed."""
        self.version += 1
        self.unsettled += 1
        kind = action[0]
        try:
            events = self._applies[kind](self, action)
            if self.s.phase != Phase.OVER:
                if self._after_action is not None:
                    events += self._after_action()
                if kind not in self._no_vp_kinds or self._victory_checked != self.version - 1:
                    won = self.check_victory()
                    if won:
                        events += won
                self._victory_checked = self.version
        finally:
            self.unsettled -= 1
        self.public_hands.update(self.s)
        if self._board_checked == self.version - 1 and not self._edge_journal and not self._node_journal:
            # No piece placed, moved or lifted (every writer of the pieces, the scenario's
            # through its context, notes the places it changes): the board reads as
            # board_version last found it, with no comparison of the tables.
            self._board_checked = self.version
        return events


# The general verbs' checks and applies, as plain functions: bound methods kept by the engine
# would each hold the engine, a reference cycle in every game (freed only by the cycle
# collector, not when the game is dropped).
_GENERAL_CHECKS: dict[str, Callable[[Engine, Action], str | None]] = {
    kind: getattr(Engine, "check_" + kind.replace("-", "_")) for kind in Engine.ACTION_KINDS}
_GENERAL_APPLIES: dict[str, Callable[[Engine, Action], list[Event]]] = {
    kind: getattr(Engine, "do_" + kind.replace("-", "_")) for kind in Engine.ACTION_KINDS}

_R = TypeVar("_R")


def _engine_call(verb_part: Callable[[Action], _R]) -> Callable[[Engine, Action], _R]:
    """A scenario verb's check or apply (a method of the scenario's rules, which reach the
    engine through their context) in the shape of the general tables."""
    return lambda _engine, action: verb_part(action)


_NO_WIN = frozenset({Phase.OVER, Phase.SETUP})     # check_victory: nobody wins now
# Production, trades, discards, the robber's and pirate's theft, monopoly and year of plenty
# move cards in hand only.
_NO_VP_KINDS = frozenset({"roll", "trade", "discard", "robber", "pirate", "play-monopoly",
                          "play-year-of-plenty", "offer", "accept", "decline", "choose-gold"})


def _plural(word: str) -> str:
    return word[:-1] + "ies" if word.endswith("y") else word + "s"
