"""Gold traded with players (D.16: "gold may be traded with players"): the player on turn
offers gold for resource cards ('sell gold 2 to blue for 1 ore') or cards for gold ('buy
gold 2 from blue for 1 ore'); the other player answers 'accept gold' or 'decline gold'.
Like the general domestic offers these are open-ended, so no offer is proposed as a legal
move; the answers are."""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.actions import Action, Event
from ...engine.context import RulesContext
from ...engine.declare import HelpEntry, PendingKind, Verb
from ...engine.geometry import RESOURCES
from ...engine.words import resource_text
from ...notation import Reader, Writer


class GoldTrade:
    def __init__(self, ctx: RulesContext) -> None:
        self.ctx = ctx

    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("sell-gold", ("sell", "gold"), parse=lambda r, a: _parse_offer(r, a, "sell-gold", "to"),
                 format=lambda a, w: _format_offer(a, w, "sell", "to"),
                 check=self.check_offer, apply=self.apply_offer, legal=lambda seat: (),
                 help=HelpEntry("sell", "sell gold N to PLAYER for CARDS",
                                "Offer gold for resource cards to another player (on your turn); they "
                                "answer 'accept gold' or 'decline gold'.", "sell gold 2 to blue for 1 ore")),
            Verb("buy-gold", ("buy", "gold"), parse=lambda r, a: _parse_offer(r, a, "buy-gold", "from"),
                 format=lambda a, w: _format_offer(a, w, "buy", "from"),
                 check=self.check_offer, apply=self.apply_offer, legal=lambda seat: (),
                 help=HelpEntry("buy", "buy gold N from PLAYER for CARDS",
                                "Offer resource cards for another player's gold (on your turn); they "
                                "answer 'accept gold' or 'decline gold'.", "buy gold 2 from blue for 1 ore")),
            Verb("accept-gold", ("accept", "gold"), parse=lambda r, a: Action("accept-gold", (), a),
                 format=lambda a, w: "accept gold", check=self.check_accept, apply=self.apply_accept,
                 legal=self.legal_answers,
                 help=HelpEntry("accept", "accept gold", "Accept the gold offer made to you.", "accept gold"),
                 answers="gold-offer"),
            Verb("decline-gold", ("decline", "gold"), parse=lambda r, a: Action("decline-gold", (), a),
                 format=lambda a, w: "decline gold", check=self.check_decline, apply=self.apply_decline,
                 legal=self.legal_answers,
                 help=HelpEntry("decline", "decline gold", "Decline the gold offer made to you.", "decline gold"),
                 answers="gold-offer"),
        )

    def pending(self) -> PendingKind:
        ctx = self.ctx
        return PendingKind("gold-offer", prompt=lambda it: f"accept or decline {ctx.name(it['by'])}'s gold offer",
                           reason=lambda it: f"{ctx.name(it['seat'])} must answer {ctx.name(it['by'])}'s gold "
                                             "offer: 'accept gold' or 'decline gold'",
                           answers=lambda it: self.legal_answers(it["seat"]), exact=True)

    # gold, cards: what the offerer hands over (gold > 0) or receives (gold < 0) ------------------
    def check_offer(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        target, gold, cards = action.args
        reason = ctx.main_phase_reason(seat, "trade")
        if reason:
            return reason
        if not 0 <= target < ctx.n or target == seat:
            return "trade gold with another player"
        if not any(cards) or gold == 0:
            return "a gold trade gives gold and takes at least one card (no gifts)"
        giver_gold, giver_cards = (seat, target) if gold > 0 else (target, seat)
        if ctx.player_data(giver_gold)["gold"] < abs(gold):
            return f"{ctx.name(giver_gold)} has only {ctx.player_data(giver_gold)['gold']} gold"
        have = ctx.state.players[giver_cards].resources
        for r in range(5):
            if cards[r] > have[r]:
                return f"{ctx.name(giver_cards)} has only {have[r]} {RESOURCES[r]}"
        return None

    def apply_offer(self, action: Action) -> list[Event]:
        ctx = self.ctx
        target, gold, cards = action.args
        ctx.ask({"kind": "gold-offer", "seat": target, "by": action.seat, "gold": gold, "cards": list(cards)})
        if gold > 0:
            what = f"{gold} gold for {resource_text(cards)}"
        else:
            what = f"{resource_text(cards)} for {-gold} gold"
        return [Event("offer", action.seat, f"{ctx.name(action.seat)} offers {ctx.name(target)} {what}")]

    def item(self, seat: int) -> dict[str, Any] | None:
        return self.ctx.pending_for("gold-offer", seat)

    def check_accept(self, action: Action) -> str | None:
        item = self.item(action.seat)
        if item is None:
            return "there is no gold offer for you to accept"
        return self._still_possible(item)

    def _still_possible(self, item: dict[str, Any]) -> str | None:
        ctx = self.ctx
        gold, cards = item["gold"], item["cards"]
        giver_gold, giver_cards = (item["by"], item["seat"]) if gold > 0 else (item["seat"], item["by"])
        if ctx.player_data(giver_gold)["gold"] < abs(gold):
            return f"{ctx.name(giver_gold)} no longer has {abs(gold)} gold"
        have = ctx.state.players[giver_cards].resources
        if any(cards[r] > have[r] for r in range(5)):
            return f"{ctx.name(giver_cards)} does not have {resource_text(cards)}"
        return None

    def apply_accept(self, action: Action) -> list[Event]:
        ctx = self.ctx
        item = self.item(action.seat)
        assert item is not None
        ctx.resolve(item)
        gold, cards = item["gold"], item["cards"]
        giver_gold, giver_cards = (item["by"], item["seat"]) if gold > 0 else (item["seat"], item["by"])
        ctx.player_data(giver_gold)["gold"] -= abs(gold)
        ctx.player_data(giver_cards)["gold"] += abs(gold)
        ctx.pay(giver_cards, cards)
        ctx.gain(giver_gold, cards)
        return [Event("trade", action.seat, f"{ctx.name(action.seat)} accepts: {ctx.name(giver_gold)} gives "
                                            f"{abs(gold)} gold for {resource_text(cards)}")]

    def check_decline(self, action: Action) -> str | None:
        return None if self.item(action.seat) else "there is no gold offer for you to decline"

    def apply_decline(self, action: Action) -> list[Event]:
        ctx = self.ctx
        item = self.item(action.seat)
        assert item is not None
        ctx.resolve(item)
        return [Event("trade", action.seat, f"{ctx.name(action.seat)} declines {ctx.name(item['by'])}'s gold offer")]

    def legal_answers(self, seat: int) -> Iterable[Action]:
        item = self.item(seat)
        if item is None:
            return []
        decline = Action("decline-gold", (), seat)
        if self._still_possible(item) is not None:
            return [decline]
        return [Action("accept-gold", (), seat), decline]


def _parse_offer(r: Reader, actor: int, kind: str, link: str) -> Action:
    tok = r.next("amount of gold")
    if not tok.isdecimal() or not 0 < int(tok) < 1000:
        raise r.fail(f"'{tok}' is not an amount of gold")
    amount = int(tok)
    r.skip_filler()          # 'to' / 'from'
    target = r.player()
    if r.next("'for'") != "for":
        raise r.fail(f"say '{kind.split('-')[0]} gold N {link} PLAYER for CARDS'")
    cards = r.cards()
    return Action(kind, (target, amount if kind == "sell-gold" else -amount, cards), actor)


def _format_offer(a: Action, w: Writer, word: str, link: str) -> str:
    target, gold, cards = a.args
    return f"{word} gold {abs(gold)} {link} {w.name(target)} for {w.cards(cards)}"
