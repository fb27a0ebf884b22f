"""The Legend's friendly robber (digest E.0.1, F.0.6): where it may go, and the VP the table
sees, which decides whom it protects.  The lowest layer of the Legend's rules, so that the
friend cards (Gerhild, Lias, Wulf) and the general rules above them ask the same questions."""

from __future__ import annotations

from ...engine.actions import Event
from ...engine.context import RulesContext
from ...engine.geometry import UNEXPLORED
from ...engine.phases import Phase
from ...engine.rulebook import ScenarioRules


class FriendlyRobberRules(ScenarioRules):
    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        self.protect_vp = int(ctx.scen.params.get("robber_protects_up_to", 3))
        # protected_seats' memo: the position's memo key it was worked out at, and its answer
        self._protected_key: int | None = None
        self._protected: tuple[bool, ...] = ()
        # main_phase_open's shortcut holds while the Legend adds no build or trade rule (then
        # in the main phase main_phase_reason is A.8's questions alone)
        self._plain_main_phase = type(self).build_trade_reason is ScenarioRules.build_trade_reason

    def main_phase_open(self, seat: int) -> bool:
        """Whether ``ctx.main_phase_reason(seat, ...)`` is None, as a yes/no: asked by the
        listings of most Legend verbs, where it is nearly always yes (the seat on turn in
        the main phase with nothing pending), which is answered from the state at once."""
        s = self.ctx.state
        if self._plain_main_phase and s.phase == Phase.MAIN and seat == s.current and not s.pending:
            return True
        return not self.ctx.main_phase_reason(seat, "build")

    def public_vp(self, seat: int) -> int:
        """VP the table can see: hidden victory-point cards do not count."""
        return self.ctx.public_vp(seat)

    def protected(self, seat: int) -> bool:
        return self.protected_seats()[seat]

    def protected_seats(self) -> tuple[bool, ...]:
        """Whom the friendly robber (and pirate) may not go next to, per seat: kept for the
        position (``ctx.memo_key()``), since every hex's question asks it of each corner's
        owner and the VP behind it are summed from every source."""
        ctx = self.ctx
        key = ctx.memo_key()
        if key is not None and key == self._protected_key:
            return self._protected
        found = tuple(self.public_vp(p) <= self.protect_vp for p in range(ctx.n))
        if key is not None:
            self._protected_key, self._protected = key, found
        return found

    def robber_hex_reason(self, seat: int, hex_: int) -> str | None:
        owner = self.protected_owner_at(hex_, self.protected_seats())
        if owner >= 0:
            return (f"the friendly robber may not go next to {self.ctx.name(owner)}, who has "
                    f"{self.protect_vp} VP or fewer")
        return None

    def robber_barred_hexes(self, seat: int) -> set[int] | None:
        """The hexes robber_hex_reason refuses, from the protected seats' buildings (a few
        intersections) rather than from every corner of every hex."""
        ctx = self.ctx
        node_kind, node_hexes = ctx.state.node_kind, ctx.geo.node_hexes
        protected = self.protected_seats()
        barred: set[int] = set()
        for p in range(ctx.n):
            if protected[p]:
                for node in ctx.seat_nodes(p):
                    if node_kind[node]:
                        barred.update(node_hexes[node])
        return barred

    def protected_owner_at(self, hex_: int, protected: tuple[bool, ...]) -> int:
        """The first protected owner of a building on a corner of ``hex_``, or -1."""
        s = self.ctx.state
        node_owner, node_kind = s.node_owner, s.node_kind
        for node in self.ctx.geo.hex_nodes[hex_]:
            owner = node_owner[node]
            if owner >= 0 and node_kind[node] and protected[owner]:
                return owner
        return -1

    def robber_hexes(self, seat: int) -> list[int]:
        """The hexes the friendly robber may go to (whom it protects worked out once: this
        is asked while a 7 is being played too, when nothing is kept for the position)."""
        ctx = self.ctx
        scen = ctx.scen
        protected = self.protected_seats()
        return [h for h in ctx.land_hexes if h != ctx.state.robber and ctx.state.terrain[h] != UNEXPLORED
                and scen.hex_area[h] not in scen.rules.robber_forbidden_areas
                and self.protected_owner_at(h, protected) < 0]

    def robber_hex_left(self, seat: int) -> bool:
        """Whether robber_hexes(seat) holds any hex, stopped at the first found (asked at
        every 7 and knight): a hex with no building on its corners needs no one's VP, so
        whom the robber protects is worked out only when a hex with buildings is met."""
        ctx = self.ctx
        s, scen = ctx.state, ctx.scen
        node_owner, node_kind, terrain, robber = s.node_owner, s.node_kind, s.terrain, s.robber
        hex_nodes, hex_area, forbidden = ctx.geo.hex_nodes, scen.hex_area, scen.rules.robber_forbidden_areas
        protected: tuple[bool, ...] | None = None
        for h in ctx.land_hexes:
            if h == robber or terrain[h] == UNEXPLORED or hex_area[h] in forbidden:
                continue
            owners = [node_owner[n] for n in hex_nodes[h] if node_owner[n] >= 0 and node_kind[n]]
            if not owners:
                return True
            if protected is None:
                protected = self.protected_seats()
            if not any(protected[o] for o in owners):
                return True
        return False

    def robber_to_start(self, seat: int) -> list[Event]:
        self.ctx.place_robber(-1)
        return [Event("robber", seat, "no hex may take the friendly robber: it goes back to its start space "
                                      "beside the board, and nobody is robbed")]
