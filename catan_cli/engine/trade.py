"""Trade: maritime trade with the bank through harbours (A.15) and domestic trade as
offer / accept / decline, always with the player on turn (A.16)."""

from __future__ import annotations

from .actions import Action, Event
from .cards import CardRules
from .geometry import RESOURCES
from .words import only, resource_text
from .phases import Phase

# Event(...) without the named tuple's Python-level __new__ (every field given): hot.
_new = tuple.__new__


class TradeRules(CardRules):
    def check_trade(self, a: Action) -> str | None:
        seat = a.seat
        give_r, give_n, get_r, get_n = a.args
        reason = self.main_phase_reason(seat, "trade")
        if reason:
            return reason
        if give_r == get_r:
            return "you cannot trade a resource for the same resource"
        if get_n < 1:
            return "ask the bank for at least one card"
        rate = self.harbor_rates(seat)[give_r]
        if give_n != rate * get_n:
            where = {4: "with the bank", 3: "through your 3:1 harbour", 2: f"through your {RESOURCES[give_r]} harbour"}
            where[self.scen.rules.bank_rate] = "with the bank"
            return (f"you trade {RESOURCES[give_r]} at {rate}:1 {where[rate]}: "
                    f"'trade {rate * get_n} {RESOURCES[give_r]} for {get_n} {RESOURCES[get_r]}'")
        have = self.s.players[seat].resources[give_r]
        if have < give_n:
            return f"you have {only(have, RESOURCES[give_r])}"
        if self.s.bank[get_r] < get_n:
            return f"the bank has {only(self.s.bank[get_r], RESOURCES[get_r])}"
        return None

    def do_trade(self, a: Action) -> list[Event]:
        give_r, give_n, get_r, get_n = a.args
        s = self.s
        res, bank = s.players[a.seat].resources, s.bank
        res[give_r] -= give_n
        bank[give_r] += give_n
        res[get_r] += get_n
        bank[get_r] -= get_n
        return [_new(Event, ("trade", a.seat, f"{s.players[a.seat].name} trades {give_n} {RESOURCES[give_r]} "
                                              f"for {get_n} {RESOURCES[get_r]} with the bank", (), None))]

    # --- domestic -------------------------------------------------------------------------------
    def check_offer(self, a: Action) -> str | None:
        s, seat = self.s, a.seat
        target, give, get = a.args
        if s.phase == Phase.SETUP:
            return "trading starts after the set-up"
        if s.pending:
            return self.pending_text()
        if s.phase == Phase.ROLL:
            return "no trading before the roll"
        if s.phase != Phase.MAIN:
            return self.closed_phase_reason("trade")
        if not 0 <= target < self.n:
            return "no such player"
        if target == seat:
            return "you cannot trade with yourself"
        if s.current not in (seat, target):
            return f"trades must include {self.name(s.current)}, the player on turn"
        reason = self.rules.build_trade_reason(s.current, "trade")
        if reason:
            return reason
        if not any(give) or not any(get):
            return "a trade gives and takes at least one card each way (no gifts)"
        if any(give[r] and get[r] for r in range(5)):
            return "you cannot trade a resource for the same resource"
        have = s.players[seat].resources
        for r in range(5):
            if give[r] > have[r]:
                return f"you have {only(have[r], RESOURCES[r])}"
        return None

    def do_offer(self, a: Action) -> list[Event]:
        target, give, get = a.args
        self.s.pending.append({"kind": "offer", "seat": target, "from": a.seat,
                               "give": list(give), "get": list(get)})
        return [Event("offer", a.seat, f"{self.name(a.seat)} offers {self.name(target)} {resource_text(give)} "
                                       f"for {resource_text(get)}")]

    def check_accept(self, a: Action) -> str | None:
        item = self.first_pending("offer", a.seat)
        if item is None:
            return "there is no offer for you to accept"
        have = self.s.players[a.seat].resources
        for r in range(5):
            if item["get"][r] > have[r]:
                return f"you have {only(have[r], RESOURCES[r])}"
        offerer = self.s.players[item["from"]].resources
        for r in range(5):
            if item["give"][r] > offerer[r]:
                return f"{self.name(item['from'])} no longer has the cards offered"
        return None

    def do_accept(self, a: Action) -> list[Event]:
        item = self.first_pending("offer", a.seat)
        assert item is not None
        p_from = self.s.players[item["from"]].resources
        p_to = self.s.players[a.seat].resources
        for r in range(5):
            p_from[r] += item["get"][r] - item["give"][r]
            p_to[r] += item["give"][r] - item["get"][r]
        self.s.pending.remove(item)
        return [Event("trade", a.seat, f"{self.name(a.seat)} accepts: {self.name(item['from'])} gives "
                                       f"{resource_text(item['give'])} for {resource_text(item['get'])}")]

    def check_decline(self, a: Action) -> str | None:
        if self.first_pending("offer", a.seat) is None:
            return "there is no offer for you to decline"
        return None

    def do_decline(self, a: Action) -> list[Event]:
        item = self.first_pending("offer", a.seat)
        assert item is not None
        self.s.pending.remove(item)
        return [Event("trade", a.seat, f"{self.name(a.seat)} declines {self.name(item['from'])}'s offer")]
