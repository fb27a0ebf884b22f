"""Sea robber lairs of Chapter 4 (seed 000 "Chapter 4", task 1; digest F.0.1, F.0.16).

In play when Chapter 3 left 2 or more sea robbers on the board (the carry's
``robbers_left``), and when the chapter is played alone.  A lair goes on each of the first 4
sea hexes discovered, counted over both areas; it blocks nothing.  As soon as 4 or more
ships, of one or more players, stand on the sides of its hex, the lair is taken: it leaves
the board and every player with a ship there draws a chest from the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.actions import Event
from ....engine.declare import StateItem, Visibility

if TYPE_CHECKING:
    from ..general import LegendRules


class Lairs:
    def __init__(self, rules: "LegendRules") -> None:
        self.rules = rules
        self.ctx = rules.ctx
        params = self.ctx.scen.params
        self.count = int(params.get("lairs", 4))
        self.ships_needed = int(params.get("lair_ships", 4))
        self.robbers_needed = int(params.get("lairs_if_robbers_left", 2))
        # The pieces (board_version) and lairs capture last found no lair surrounded under:
        # asked after every action, it looks again only when either changed.
        self._quiet: tuple[int, tuple[int, ...]] | None = None

    def state_items(self) -> tuple[StateItem, ...]:
        return (
            StateItem("lairs_in_play", Visibility.PUBLIC,
                      doc="whether the sea robber lairs are in play (2+ sea robbers left in Chapter 3, or alone)"),
            StateItem("lairs", Visibility.PUBLIC, present=lambda v: [self.ctx.hex_id(h) for h in v],
                      doc="sea hexes holding a sea robber lair"),
            StateItem("lairs_left", Visibility.PUBLIC, doc="lair tokens beside the board, not yet placed"),
            StateItem("lairs_taken", Visibility.PUBLIC, doc="lairs captured and removed"),
        )

    def on_new_game(self) -> None:
        ctx = self.ctx
        carry = ctx.carry
        in_play = not carry or int(carry.get("robbers_left", 0)) >= self.robbers_needed
        ctx.data.update(lairs_in_play=in_play, lairs=[], lairs_left=self.count if in_play else 0, lairs_taken=0)

    def on_sea_found(self, hex_: int) -> list[Event]:
        """A sea hex was discovered: a lair goes on it while the first ``count`` last."""
        ctx = self.ctx
        if ctx.data["lairs_left"] <= 0:
            return []
        ctx.data["lairs_left"] -= 1
        ctx.data["lairs"].append(hex_)
        return [Event("lair", -1, f"sea robbers have a lair on {ctx.hex_id(hex_)}")]

    def ships_at(self, hex_: int) -> tuple[int, list[int]]:
        """Ships on the sides of ``hex_``, and the players they belong to."""
        ctx = self.ctx
        s = ctx.state
        count, who = 0, []
        for e in ctx.geo.hex_edges[hex_]:
            owners = [s.edge_owner[e]] + ([s.shared_ships[e]] if s.shared_ships else [])
            for p in owners:
                if p >= 0 and ctx.has_ship(p, e):
                    count += 1
                    if p not in who:
                        who.append(p)
        return count, who

    def capture(self) -> list[Event]:
        ctx = self.ctx
        events: list[Event] = []
        lairs = ctx.data["lairs"]
        if not lairs:
            return events
        seen = (ctx.board_version(), tuple(lairs))
        if seen == self._quiet:
            return events          # the same ships around the same lairs: none surrounded
        for hex_ in list(lairs):
            count, who = self.ships_at(hex_)
            if count < self.ships_needed:
                continue
            ctx.data["lairs"].remove(hex_)
            ctx.data["lairs_taken"] += 1
            names = ", ".join(ctx.name(p) for p in who)
            events.append(Event("lair", -1, f"{count} ships surround the lair on {ctx.hex_id(hex_)}: the sea "
                                            f"robbers are defeated ({names})"))
            start = ctx.current
            for p in sorted(who, key=lambda q: (q - start) % ctx.n):
                events += self.rules.draw_chest(p, f"{ctx.name(p)} draws a chest for the lair")
        if not events:
            self._quiet = seen
        return events

    def view_items(self) -> dict[str, object]:
        ctx = self.ctx
        return {"lairs": [ctx.hex_id(h) for h in ctx.data["lairs"]], "lairs_in_play": ctx.data["lairs_in_play"]}

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        d = ctx.data
        placed = len(d["lairs"]) + d["lairs_taken"] + d["lairs_left"]
        if placed != (self.count if d["lairs_in_play"] else 0):
            return [f"sea robber lairs not conserved: {placed}"]
        if any(ctx.state.terrain[h] != "sea" for h in d["lairs"]):
            return ["a sea robber lair is not on a sea hex"]
        return []
