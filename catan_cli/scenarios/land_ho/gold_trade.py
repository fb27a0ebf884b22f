"""Gold in trades between players (seed 002, digest C.9: "you may also trade gold with your
opponents, just like resource cards").

``offer blue 2 gold for 1 ore`` (or ``offer blue 1 ore for 1 gold``, gold and cards mixed on
either side) is a gold offer, answered with ``accept`` or ``decline`` like any other; an offer
without gold is the general one.  The offer waits as a pending ``gold-offer`` decision of
the player it is made to; it follows the general offer's rules (on the turn, between the
player on turn and another, trade and build only, each side gives something).
"""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.actions import Action, Event
from ...engine.declare import PendingKind
from ...engine.geometry import RESOURCES
from ...notation import Reader, Writer
from .economy import Economy

GOLD = 5          # index of gold in a gold offer's 6-long sides


def side_text(side: Any) -> str:
    parts = [f"{n} {RESOURCES[i]}" for i, n in enumerate(side[:5]) if n]
    if side[GOLD]:
        parts.append(f"{side[GOLD]} gold")
    return " ".join(parts)


class GoldTrade(Economy):
    def gold_offer_pending(self) -> PendingKind:
        ctx = self.ctx
        return PendingKind(
            "gold-offer",
            prompt=lambda it: f"accept or decline {ctx.name(it['from'])}'s offer",
            reason=lambda it: f"{ctx.name(it['seat'])} must accept or decline {ctx.name(it['from'])}'s offer",
            answers=self.answers)

    def answers(self, item: dict[str, Any]) -> list[Action]:
        """Accept when the answerer has what is asked (the offerer's goods were checked when
        offered and nothing changes while the offer waits), and decline."""
        seat = item["seat"]
        out = [Action("decline-gold", (), seat)]
        if self._has(seat, item["get"]) is None:
            out.insert(0, Action("accept-gold", (), seat))
        return out

    def _has(self, seat: int, side: Any) -> str | None:
        have = self.ctx.state.players[seat].resources
        for r in range(5):
            if side[r] > have[r]:
                return f"{self.ctx.name(seat)} has only {have[r]} {RESOURCES[r]}"
        if side[GOLD] > self.gold(seat):
            return f"{self.ctx.name(seat)} has only {self.gold(seat)} gold"
        return None

    def check_gold_offer(self, a: Action) -> str | None:
        seat, (target, give, get) = a.seat, a.args
        s = self.ctx.state
        if s.phase == "setup" or s.phase == "roll":
            return "no trading before the roll"
        if s.pending:
            return "wait for the open decision first"
        if s.phase != "main":
            return self.ctx.main_phase_reason(s.current, "trade") or "no trading now"
        if not 0 <= target < self.ctx.n or target == seat:
            return "offer to another player"
        if s.current not in (seat, target):
            return f"trades must include {self.ctx.name(s.current)}, the player on turn"
        if not any(give) or not any(get):
            return "a trade gives and takes at least one card or gold each way (no gifts)"
        if any(give[i] and get[i] for i in range(6)):
            return "you cannot trade something for the same thing"
        return self._has(seat, give)

    def apply_gold_offer(self, a: Action) -> list[Event]:
        seat, (target, give, get) = a.seat, a.args
        self.ctx.ask({"kind": "gold-offer", "seat": target, "from": seat, "give": list(give), "get": list(get)})
        return [Event("offer", seat, f"{self.ctx.name(seat)} offers {self.ctx.name(target)} {side_text(give)} "
                                     f"for {side_text(get)}")]

    def legal_gold_offer(self, seat: int) -> Iterable[Action]:
        """One-for-one offers of 1 gold for a card and a card for 1 gold (offers are
        open-ended: the verb is declared ``offers``, so these are listed only on request)."""
        out = []
        for target in range(self.ctx.n):
            if target == seat:
                continue
            for r in range(5):
                card = [0] * 6
                card[r] = 1
                coin = [0] * 5 + [1]
                out.append(Action("gold-offer", (target, tuple(coin), tuple(card)), seat))
                out.append(Action("gold-offer", (target, tuple(card), tuple(coin)), seat))
        return out

    def check_answer(self, a: Action) -> str | None:
        item = self.ctx.pending_for("gold-offer", a.seat)
        if item is None:
            return "there is no offer for you to answer"
        if a.kind == "decline-gold":
            return None
        # The offerer's goods were checked when offered, and nothing changes them while the
        # offer waits: judging them again would make the answer depend on a hidden hand.
        return self._has(a.seat, item["get"])

    def apply_answer(self, a: Action) -> list[Event]:
        ctx = self.ctx
        item = ctx.close_pending("gold-offer", a.seat)
        frm = item["from"]
        if a.kind == "decline-gold":
            return [Event("trade", a.seat, f"{ctx.name(a.seat)} declines {ctx.name(frm)}'s offer")]
        give, get = item["give"], item["get"]
        if self._has(frm, give) is not None:     # only a sandbox edit can get here
            return [Event("trade", a.seat, f"{ctx.name(frm)} no longer has what was offered; the offer lapses",
                          (("reveals", "hand"),))]
        players = ctx.state.players
        for r in range(5):
            players[frm].resources[r] += get[r] - give[r]
            players[a.seat].resources[r] += give[r] - get[r]
        self.add_gold(frm, get[GOLD] - give[GOLD])
        self.add_gold(a.seat, give[GOLD] - get[GOLD])
        return [Event("trade", a.seat, f"{ctx.name(a.seat)} accepts: {ctx.name(frm)} gives {side_text(give)} "
                                       f"for {side_text(get)}")]


# --- the command language -----------------------------------------------------------------------------
def _side(r: Reader, stop: str) -> tuple[int, ...]:
    counts = [0] * 6
    seen = False
    while r.more() and r.peek() != stop:
        tok = r.peek()
        if tok in ("a", "and", "with"):
            r.i += 1
            continue
        count = 1
        if tok.isdecimal():
            count = int(tok)
            r.i += 1
        if r.peek() == "gold":
            r.i += 1
            counts[GOLD] += count
        else:
            counts[r.resource()] += count
        seen = True
    if not seen:
        raise r.fail("name what is traded, like '2 gold' or '1 ore'")
    return tuple(counts)


def parse_offer(r: Reader, actor: int) -> Action:
    """Every offer line: a gold offer when gold is on either side, else the general offer."""
    target = r.player()
    give = _side(r, "for")
    if r.next("'for'") != "for":
        raise r.fail("offer like 'offer blue 1 gold for 1 ore'")
    get = _side(r, "")
    if give[GOLD] or get[GOLD]:
        return Action("gold-offer", (target, give, get), actor)
    return Action("offer", (target, give[:5], get[:5]), actor)


def format_offer(a: Action, w: Writer) -> str:
    target, give, get = a.args
    return f"offer {w.name(target)} {side_text(give)} for {side_text(get)}"


def parse_answer(kind: str) -> Any:
    """``accept`` / ``decline``: the gold offer's answer when one waits, else the general one."""
    def parse(r: Reader, actor: int) -> Action:
        pending = r.g.engine.s.pending
        if pending and pending[0].get("kind") == "gold-offer":
            return Action(f"{kind}-gold", (), actor)
        return Action(kind, (), actor)
    return parse
