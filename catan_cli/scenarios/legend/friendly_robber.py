"""The Legend's friendly robber (digest E.0.1, F.0.6): where it may go, and the VP the table
sees, which decides whom it protects.  The lowest layer of the Legend's rules, so that the
friend cards (Gerhild, Lias, Wulf) and the general rules above them ask the same questions."""

from __future__ import annotations

from ...engine.actions import Event
from ...engine.context import RulesContext
from ...engine.geometry import UNEXPLORED
from ...engine.rulebook import ScenarioRules


class FriendlyRobberRules(ScenarioRules):
    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        self.protect_vp = int(ctx.scen.params.get("robber_protects_up_to", 3))

    def public_vp(self, seat: int) -> int:
        """VP the table can see: hidden victory-point cards do not count."""
        ctx = self.ctx
        hidden = sum(1 for card, _ in ctx.state.players[seat].dev_cards
                     if self.card_plays_as(card) == "victory-point")
        return ctx.vp(seat) - hidden

    def protected(self, seat: int) -> bool:
        return self.public_vp(seat) <= self.protect_vp

    def robber_hex_reason(self, seat: int, hex_: int) -> str | None:
        ctx = self.ctx
        s = ctx.state
        for node in ctx.geo.hex_nodes[hex_]:
            owner = s.node_owner[node]
            if owner >= 0 and s.node_kind[node] and self.protected(owner):
                return (f"the friendly robber may not go next to {ctx.name(owner)}, who has "
                        f"{self.protect_vp} VP or fewer")
        return None

    def robber_hexes(self, seat: int) -> list[int]:
        """The hexes the friendly robber may go to."""
        ctx = self.ctx
        scen = ctx.scen
        return [h for h in ctx.land_hexes if h != ctx.state.robber and ctx.state.terrain[h] != UNEXPLORED
                and scen.hex_area[h] not in scen.rules.robber_forbidden_areas
                and self.robber_hex_reason(seat, h) is None]

    def robber_to_start(self, seat: int) -> list[Event]:
        self.ctx.place_robber(-1)
        return [Event("robber", seat, "no hex may take the friendly robber: it goes back to its start space "
                                      "beside the board, and nobody is robbed")]
