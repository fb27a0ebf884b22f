"""A 7 without a robber: after the discards the roller takes 1 random card from any player,
or from nobody (The Pirate Islands, digest F.1.4; Barbarian Attack, D.15).

A rule several scenarios share, so it lives beside their packages: a scenario's ``Rules``
holds one :class:`StealFromAnyone`, asks it on a 7 and lists its verb and pending kind.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..engine.actions import Action, Event
from ..engine.context import RulesContext
from ..engine.declare import HelpEntry, PendingKind, Verb
from ..notation import Reader


class StealFromAnyone:
    def __init__(self, ctx: RulesContext, taken: str, empty: str, item: dict[str, Any] | None = None) -> None:
        """``taken``: what is taken ("card", "resource"); ``empty``: why a player with
        nothing to take cannot be robbed, after their name ("has no cards to steal");
        ``item``: extra fields of the pending decision."""
        self.ctx = ctx
        self.taken = taken
        self.empty = empty
        self.item = dict(item or {})

    def ask(self, seat: int) -> None:
        self.ctx.ask({"kind": "steal", "seat": seat, **self.item})

    def check(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        if ctx.pending_for("steal", seat) is None:
            return "you may steal only after rolling a 7"
        victim = action.args[0]
        if victim < 0:
            return None
        if not 0 <= victim < ctx.n:
            return "no such player"
        if victim == seat:
            return "you cannot rob yourself"
        if ctx.hand_size(victim) == 0:
            return f"{ctx.name(victim)} {self.empty}"
        return None

    def apply(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        ctx.close_pending("steal", seat)
        victim = action.args[0]
        if victim < 0:
            return [Event("steal", seat, f"{ctx.name(seat)} steals from nobody")]
        return ctx.steal_resource(seat, victim)

    def legal(self, seat: int) -> Iterable[Action]:
        """Exactly the answers :meth:`check` lets through, for the open decision."""
        ctx = self.ctx
        yield Action("steal", (-1,), seat)
        for p in range(ctx.n):
            if p != seat and ctx.hand_size(p) > 0:
                yield Action("steal", (p,), seat)

    def verb(self) -> Verb:
        return Verb("steal", ("steal",), parse=_parse_steal,
                    format=lambda a, w: f"steal {w.name(a.args[0]) if a.args[0] >= 0 else 'nobody'}",
                    check=self.check, apply=self.apply, legal=self.legal,
                    help=HelpEntry("steal", "steal PLAYER|nobody",
                                   f"After a 7's discards, take 1 random {self.taken} from any player "
                                   "(there is no robber).", "steal blue"),
                    answers="steal")

    def pending(self) -> PendingKind:
        ctx = self.ctx
        return PendingKind("steal", prompt=lambda it: "steal from a player",
                           reason=lambda it: (f"{ctx.name(it['seat'])} must answer: steal a {self.taken} "
                                              "from any player, or 'steal nobody'"),
                           answers=lambda it: self.legal(it["seat"]), exact=True)


def _parse_steal(r: Reader, actor: int) -> Action:
    if r.peek() in ("nobody", "none"):
        r.next("player")
        return Action("steal", (-1,), actor)
    return Action("steal", (r.player(),), actor)
