"""Trades between players in a scenario's own goods beside the five resources.

Land Ho!'s gold (digest C.9: "trade gold with your opponents, just like resource cards") and
Chapter 4's spice cards (F.0.18: traded with players, never with the bank) trade the same
way, so the mechanism lives here once:

- an offer's two sides count the five resources, then the scenario's goods in its order
  (``offer blue 1 pepper for 1 ore``: a side of 5 + len(goods) counts);
- the offer waits as a pending decision of the player it is made to, who answers
  ``accept`` or ``decline`` (the answers' action kinds carry the scenario's suffix, so a line
  without the goods stays the general offer and its general answers);
- the offerer's side was checked when offered and nothing changes it while the offer waits,
  so the answer judges only the answerer's side (judging both would make the answer depend
  on a hidden hand); the answers are listed exactly (``PendingKind.exact``): decline always,
  accept when the answerer holds what is asked, which is all :meth:`GoodsOffers.check_answer`
  asks of the seat the offer waits for.

Each scenario says how its goods are held and moved (``held``, ``move``), checks its own
offer (who may offer when), and lists the offers it proposes; the rest is here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..engine.actions import Action, Event
from ..engine.context import RulesContext
from ..engine.declare import PendingKind
from ..engine.geometry import RESOURCES
from ..notation import Reader


@dataclass(frozen=True)
class Goods:
    """A scenario's tradeable goods: their names (after the five resources) and the kinds
    its offer and answers are known by in actions, pendings and saves."""
    names: tuple[str, ...]       # ("gold",) or ("nutmeg", "pepper", "cinnamon")
    offer_kind: str              # the offer's action and pending kind: "gold-offer"
    answer_suffix: str           # the answers are "accept-<suffix>" and "decline-<suffix>"
    things: str                  # what a side holds, in the no-gifts refusal: "card or gold"

    @property
    def width(self) -> int:
        return len(RESOURCES) + len(self.names)

    @property
    def accept_kind(self) -> str:
        return f"accept-{self.answer_suffix}"

    @property
    def decline_kind(self) -> str:
        return f"decline-{self.answer_suffix}"

    def side_text(self, side: Sequence[int]) -> str:
        names = RESOURCES + self.names
        return " ".join(f"{n} {names[i]}" for i, n in enumerate(side) if n) or "nothing"

    def names_goods(self, give: Sequence[int], get: Sequence[int]) -> bool:
        return any(give[5:]) or any(get[5:])

    # --- the command language ----------------------------------------------------------------
    def parse_offer(self, r: Reader, actor: int) -> Action:
        """``offer P SIDE for SIDE``: this scenario's offer when either side names its goods,
        else the general offer."""
        target = r.player()
        give = r.cards(stop="for", goods=self.names)
        if r.next("'for'") != "for":
            raise r.fail(f"offer like 'offer blue 1 {self.names[0]} for 1 ore'")
        get = r.cards(goods=self.names)
        if self.names_goods(give, get):
            return Action(self.offer_kind, (target, give, get), actor)
        return Action("offer", (target, give[:5], get[:5]), actor)

    def parse_answer(self, word: str) -> Callable[[Reader, int], Action]:
        """``accept`` / ``decline``: this scenario's answer when its offer waits, else the
        general one."""
        def parse(r: Reader, actor: int) -> Action:
            pending = r.g.engine.s.pending
            if pending and pending[0].get("kind") == self.offer_kind:
                return Action(f"{word}-{self.answer_suffix}", (), actor)
            return Action(word, (), actor)
        return parse


class GoodsOffers:
    """The offer, its pending decision and its answers, for one game."""

    def __init__(self, ctx: RulesContext, goods: Goods, held: Callable[[int], Sequence[int]],
                 move: Callable[[int, int, int], None]) -> None:
        self.ctx = ctx
        self.goods = goods
        self.held = held          # seat -> its count of each good
        self.move = move          # (seat, good, delta): a seat gains (or loses) goods

    def pending(self) -> PendingKind:
        ctx = self.ctx
        return PendingKind(
            self.goods.offer_kind,
            prompt=lambda it: f"accept or decline {ctx.name(it['from'])}'s offer",
            reason=lambda it: f"{ctx.name(it['seat'])} must accept or decline {ctx.name(it['from'])}'s offer",
            answers=self.answers, exact=True)

    def has(self, seat: int, side: Sequence[int]) -> str | None:
        have = list(self.ctx.state.players[seat].resources) + list(self.held(seat))
        names = RESOURCES + self.goods.names
        for i in range(self.goods.width):
            if side[i] > have[i]:
                return f"{self.ctx.name(seat)} has only {have[i]} {names[i]}"
        return None

    def terms_reason(self, seat: int, give: Sequence[int], get: Sequence[int]) -> str | None:
        """The offer's own terms, after the scenario's check of who may offer now."""
        if not any(give) or not any(get):
            return f"a trade gives and takes at least one {self.goods.things} each way (no gifts)"
        if any(give[i] and get[i] for i in range(self.goods.width)):
            return "you cannot trade something for the same thing"
        return self.has(seat, give)

    def answers(self, item: dict[str, Any]) -> list[Action]:
        """Exactly the legal answers of the seat the offer waits for, in the order the
        general offer's answers come: accept (when its hand holds what is asked), decline."""
        seat = item["seat"]
        out = [Action(self.goods.decline_kind, (), seat)]
        if self.has(seat, item["get"]) is None:
            out.insert(0, Action(self.goods.accept_kind, (), seat))
        return out

    def apply_offer(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, (target, give, get) = action.seat, action.args
        ctx.ask({"kind": self.goods.offer_kind, "seat": target, "from": seat, "give": list(give), "get": list(get)})
        return [Event("offer", seat, f"{ctx.name(seat)} offers {ctx.name(target)} {self.goods.side_text(give)} "
                                     f"for {self.goods.side_text(get)}")]

    def check_answer(self, action: Action) -> str | None:
        item = self.ctx.pending_for(self.goods.offer_kind, action.seat)
        if item is None:
            return "there is no offer for you to answer"
        if action.kind == self.goods.decline_kind:
            return None
        return self.has(action.seat, item["get"])

    def apply_answer(self, action: Action) -> list[Event]:
        ctx = self.ctx
        item = ctx.close_pending(self.goods.offer_kind, action.seat)
        frm, to = item["from"], action.seat
        if action.kind == self.goods.decline_kind:
            return [Event("trade", to, f"{ctx.name(to)} declines {ctx.name(frm)}'s offer")]
        give, get = item["give"], item["get"]
        if self.has(frm, give) is not None:       # only a sandbox edit can get here
            return [Event("trade", to, f"{ctx.name(frm)} no longer has what was offered; the offer lapses",
                          (("reveals", "hand"),))]
        players = ctx.state.players
        for r in range(5):
            players[frm].resources[r] += get[r] - give[r]
            players[to].resources[r] += give[r] - get[r]
        for k in range(len(self.goods.names)):
            self.move(frm, k, get[5 + k] - give[5 + k])
            self.move(to, k, give[5 + k] - get[5 + k])
        side_text = self.goods.side_text
        return [Event("trade", to, f"{ctx.name(to)} accepts: {ctx.name(frm)} gives {side_text(give)} "
                                   f"for {side_text(get)}")]
