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

from typing import Callable

from ..errors import RuleError
from .actions import Action, Event
from .context import RulesContext
from .declare import PendingKind, PhaseKind, StateItem, Verb
from .geometry import TERRAIN_RESOURCE
from .legal import LegalMoves
from .packages import rules_class
from .pieces import GENERAL_PIECES, PieceTable
from .scenario import Scenario, explored_scenario
from .state import GameState
from .phases import Phase

GOLD = 5  # hex_resource value of a gold field


class Engine(LegalMoves):
    """A game in progress.  Holds the state; knows nothing of text, terminals or files."""

    def __init__(self, scen: Scenario, state: GameState) -> None:
        # Exploration: the land and sea tables follow the game's hexes as they are turned up.
        self.scen = explored_scenario(scen, state.terrain) if scen.face_down else scen
        self.geo = scen.geo
        self.s = state
        self.n = len(state.players)
        self.ctx = RulesContext(self)
        self.rules = rules_class(scen)(self.ctx)
        self.pieces = PieceTable(GENERAL_PIECES + self.rules.pieces)
        self._derive()
        self._checks: dict[str, Callable[[Action], str | None]] = {}
        self._applies: dict[str, Callable[[Action], list[Event]]] = {}
        for kind in self.ACTION_KINDS:
            method = kind.replace("-", "_")
            self._checks[kind] = getattr(self, f"check_{method}")
            self._applies[kind] = getattr(self, f"do_{method}")
        # What the scenario declares: its verbs join the tables above.
        self.verbs: dict[str, Verb] = {}
        for verb in self.rules.verbs():
            if verb.kind in self._checks:
                raise ValueError(f"scenario verb {verb.kind!r} clashes with a general verb")
            self.verbs[verb.kind] = verb
            self._checks[verb.kind] = verb.check
            self._applies[verb.kind] = verb.apply
        self.pending_kinds: dict[str, PendingKind] = {p.kind: p for p in self.general_pendings()}
        self.pending_kinds.update((p.kind, p) for p in self.rules.pendings())
        self.answer_kinds: frozenset[str] = self.GENERAL_ANSWER_KINDS | {
            v.kind for v in self.verbs.values() if v.answers}
        self.scenario_phases: dict[str, PhaseKind] = {p.name: p for p in self.rules.phases}
        self.state_items: dict[tuple[str, str], StateItem] = {
            (item.scope, item.key): item for item in self.exploration_state_items() + self.rules.state_items}

    # Every general verb; scenario verbs come from the scenario's rules (``self.verbs``).
    ACTION_KINDS: tuple[str, ...] = (
        "roll", "end", "build-road", "build-ship", "build-settlement", "build-city", "buy-card",
        "play-knight", "play-road-building", "play-year-of-plenty", "play-monopoly",
        "robber", "pirate", "discard", "choose-gold", "trade", "offer", "accept", "decline",
        "move-ship", "dice", "give", "take", "put", "turn", "draw",
    )

    # --- derived, per-game tables (terrain and numbers may be dealt per game) ------------
    def _derive(self) -> None:
        s, geo = self.s, self.geo
        hex_res = []
        for t in s.terrain:
            hex_res.append(GOLD if t == "gold" else TERRAIN_RESOURCE.get(t, -1))
        self.hex_resource: tuple[int, ...] = tuple(hex_res)
        by_number: list[tuple[int, ...]] = [() for _ in range(13)]
        for h, num in enumerate(s.numbers):
            if num and hex_res[h] >= 0:
                by_number[num] = by_number[num] + (h,)
        self.hexes_by_number: tuple[tuple[int, ...], ...] = tuple(by_number)
        rates: list[list[int]] = [[] for _ in range(geo.n_nodes)]
        for hb, kind in zip(self.scen.harbors, s.harbor_types):
            if kind < 0:
                continue
            for node in geo.edge_nodes[hb.edge]:
                rates[node].append(kind)
        self.node_harbors: tuple[tuple[int, ...], ...] = tuple(tuple(r) for r in rates)
        self.harbor_nodes: tuple[int, ...] = tuple(n for n, r in enumerate(rates) if r)
        self.land_hexes: tuple[int, ...] = tuple(h for h in range(geo.n_hexes) if self.scen.is_land_hex[h])
        self.sea_hexes: tuple[int, ...] = tuple(h for h in range(geo.n_hexes) if not self.scen.is_land_hex[h])

    # --- scoring ----------------------------------------------------------------------
    def vp_sources(self, seat: int, hidden: bool = True) -> dict[str, int]:
        s = self.s
        out: dict[str, int] = {}
        node_vp = self.pieces.node_vp
        for kind in self.pieces.kinds:
            if kind.on == "node" and kind.vp:
                out[_plural(kind.name)] = 0
        for o, k in zip(s.node_owner, s.node_kind):
            if o == seat and node_vp[k]:
                label = _plural(self.pieces.node_names[k])
                out[label] += node_vp[k]
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
        if s.phase in (Phase.OVER, Phase.SETUP):
            return []
        seat = s.current
        # A cheap upper bound first, from the pieces out of the supply: this runs after
        # every action.
        p = s.players[seat]
        pieces = self.scen.pieces
        bound = (sum(kind.vp * (pieces.get(kind.supply, 0) - p.pieces.get(kind.supply, 0))
                     for kind in self.pieces.kinds if kind.on == "node" and kind.vp)
                 + 2 * (s.longest_holder == seat) + 2 * (s.army_holder == seat)
                 + sum(1 for card, _ in p.dev_cards if card != "knight")
                 + sum(self.rules.vp_sources(seat).values()))
        if self.scen.rules.island_bonus:
            bound += self.island_vp(seat)
        if bound < self.scen.vp_target:
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

    # --- the door --------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Play ``action``; raises RuleError (state untouched) when it is illegal."""
        reason = self.check(action)
        if reason is not None:
            raise RuleError(reason)
        action = action.by(self.actor_of(action))
        events = self._applies[action.kind](action)
        if self.s.phase != Phase.OVER:
            events += self.rules.after_action()
            events += self.check_victory()
        return events


def _plural(word: str) -> str:
    return word[:-1] + "ies" if word.endswith("y") else word + "s"
