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
from ...engine.context import RulesContext
from ...engine.declare import PendingKind
from ...notation import Reader, Writer
from ..goods_offers import Goods, GoodsOffers
from .economy import Economy

GOLD = 5          # index of gold in a gold offer's 6-long sides
GOLD_GOODS = Goods(names=("gold",), offer_kind="gold-offer", answer_suffix="gold", things="card or gold")


class GoldTrade(Economy):
    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        self.gold_offers = GoodsOffers(ctx, GOLD_GOODS, held=self._gold_held, move=self._move_gold)

    def _gold_held(self, seat: int) -> tuple[int]:
        return (self.gold(seat),)

    def _move_gold(self, seat: int, _good: int, delta: int) -> None:
        self.add_gold(seat, delta)

    def gold_offer_pending(self) -> PendingKind:
        # exact, as every goods offer's answers (goods_offers.py)
        return self.gold_offers.pending()

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
        return self.gold_offers.terms_reason(seat, give, get)

    def apply_gold_offer(self, a: Action) -> list[Event]:
        return self.gold_offers.apply_offer(a)

    def legal_gold_offer(self, seat: int) -> Iterable[Action]:
        """The legal one-for-one offers of 1 gold for a card and a card for 1 gold (offers
        are open-ended: the verb is declared ``offers``, so these are listed only on
        request): :meth:`check_gold_offer`'s questions of the moment asked once, then the
        terms of each."""
        s = self.ctx.state
        if s.phase != "main" or s.pending:
            return []
        terms = self.gold_offers.terms_reason
        out = []
        for target in range(self.ctx.n):
            if target == seat or s.current not in (seat, target):
                continue
            for r in range(5):
                card = [0] * 6
                card[r] = 1
                coin = [0] * 5 + [1]
                for give, get in ((coin, card), (card, coin)):
                    if terms(seat, give, get) is None:
                        out.append(Action("gold-offer", (target, tuple(give), tuple(get)), seat))
        return out

    def check_answer(self, a: Action) -> str | None:
        return self.gold_offers.check_answer(a)

    def apply_answer(self, a: Action) -> list[Event]:
        return self.gold_offers.apply_answer(a)


# --- the command language -----------------------------------------------------------------------------
def parse_offer(r: Reader, actor: int) -> Action:
    """Every offer line: a gold offer when gold is on either side, else the general offer."""
    return GOLD_GOODS.parse_offer(r, actor)


def format_offer(a: Action, w: Writer) -> str:
    target, give, get = a.args
    return f"offer {w.name(target)} {GOLD_GOODS.side_text(give)} for {GOLD_GOODS.side_text(get)}"


def parse_answer(kind: str) -> Any:
    """``accept`` / ``decline``: the gold offer's answer when one waits, else the general one."""
    return GOLD_GOODS.parse_answer(kind)
