"""The turn machine: set-up rounds (A.5 and the scenarios' orders), the roll / trade-build
order of a turn (A.8), ending a turn, and the set-up's starting resources."""

from __future__ import annotations

from .actions import Action, Event
from .base import GOLD
from .production import ProductionRules
from .words import resource_text
from .phases import Phase

# Event(...) without the named tuple's Python-level __new__ (every field given): hot.
_new = tuple.__new__



def setup_order(kind: str, n: int) -> list[int]:
    """Seats in placement order.  Snake: clockwise, then back; the 3rd round of
    "snake-then-third" starts with the last placer (seat 0) and goes clockwise (F.4.8)."""
    if kind == "fixed":
        return []          # the scenario places every start piece itself
    forward = list(range(n))
    order = forward + forward[::-1]
    if kind == "snake-then-third":
        order += forward
    return order


class TurnRules(ProductionRules):
    # Whether the scenario has a step at every turn's end (ScenarioRules.on_turn_end); the
    # engine says, once it knows its rules.
    _own_turn_end = True

    def main_phase_reason(self, seat: int, what: str) -> str | None:
        """Building, buying and trading: own turn, after the roll, nothing pending (A.8)."""
        s = self.s
        if s.phase == Phase.SETUP:
            return "the set-up placements are not finished"
        if seat != s.current:
            return f"you may {what} only in your own turn; it is {self.name(s.current)}'s turn"
        if s.pending:
            return self.pending_text()
        if s.phase == Phase.ROLL:
            return f"roll the dice first; no one may {what} before the roll"
        if s.phase != Phase.MAIN:
            return self.closed_phase_reason(what)
        return self.rules.build_trade_reason(seat, what)

    def setup_piece(self, seat: int) -> str:
        """The building ``seat`` places in its next set-up round ([rules] setup_pieces)."""
        pieces = self.scen.rules.setup_pieces
        return pieces[min(self.s.players[seat].setup_settlements, len(pieces) - 1)]

    def closed_phase_reason(self, what: str) -> str:
        """Why ``what`` is closed in a phase the scenario added after trade and build."""
        kind = self.scenario_phases.get(self.s.phase)
        if kind is not None and kind.closed:
            return kind.closed.format(what=what)
        return f"you may not {what} in the {self.s.phase} phase"

    def starting_resources(self, seat: int, node: int) -> list[Event]:
        """1 resource per producing hex next to the set-up settlement; a gold field
        gives a free pick."""
        gains = [0] * 5
        gold = 0
        for h in self.geo.node_hexes[node]:
            res = self.hex_resource[h]
            if res == GOLD:
                gold += 1
            elif res >= 0 and self.s.bank[res] > gains[res]:
                gains[res] += 1
        self.gain(seat, gains)
        events = [Event("produce", seat, f"{self.name(seat)} takes starting resources: {resource_text(gains)}")]
        if gold:
            self.s.pending.append({"kind": "gold", "seat": seat, "count": gold})
        return events

    def finish_setup_step(self) -> list[Event]:
        s = self.s
        s.setup_order.pop(0)
        s.setup_step = "settlement"
        s.setup_node = -1
        if s.setup_order:
            return []
        return self.start_play()

    def start_play(self) -> list[Event]:
        s = self.s
        s.phase = Phase.ROLL
        s.turn = 1
        s.current = 0
        s.built_this_turn = []
        return [Event("turn", 0, f"the set-up is complete; {self.name(0)} begins (turn 1)")]

    def check_end(self, a: Action) -> str | None:
        s = self.s
        if s.phase == Phase.SETUP:
            return "the set-up placements are not finished"
        if a.seat != s.current:
            return f"only {self.name(s.current)} can end the turn"
        if s.pending:
            return self.pending_text()
        if s.phase == Phase.ROLL:
            return "roll the dice before ending your turn"
        return self.rules.end_turn_reason(a.seat)

    def do_end(self, a: Action) -> list[Event]:
        return self.next_turn()

    def next_turn(self) -> list[Event]:
        s = self.s
        events = self.rules.on_turn_end(s.current) if self._own_turn_end else []
        if s.phase == "over":
            return events
        s.current = (s.current + 1) % self.n
        s.turn += 1
        s.phase = Phase.ROLL
        s.dice = None
        s.dev_played = False
        s.ship_moved = False
        s.built_this_turn = []
        return events + [_new(Event, ("turn", s.current, f"turn {s.turn}: {s.players[s.current].name} is on turn",
                                      (), None))]

