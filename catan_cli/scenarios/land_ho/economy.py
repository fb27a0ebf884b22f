"""Land Ho!'s buildings and gold: harbour settlements (C.4), settlers (C.5), gold from empty
rolls and discoveries, and the gold trades with the supply (C.3.3, C.8, C.9)."""

from __future__ import annotations

from typing import Iterable

from ...engine.actions import Action, Event
from ...engine.geometry import RESOURCES
from ...engine.pieces import SETTLEMENT
from ...engine.words import resource_text
from .base import HARBOR, SETTLER
from .voyages import Voyages

# Action(...) and Event(...) without the named tuples' Python-level __new__ (every field
# given): these listings run at every decision of a turn.
_new = tuple.__new__


class Economy(Voyages):
    # --- build harbor N (C.4) ----------------------------------------------------------------
    def check_harbor(self, a: Action) -> str | None:
        seat, node = a.seat, a.args[0]
        ctx = self.ctx
        reason = ctx.main_phase_reason(seat, "build")
        if reason:
            return reason
        if not self.own_settlement(seat, node):
            return f"a harbour settlement replaces one of your settlements; you have none on {node + 1}"
        if not self.coastal(node):
            return f"a harbour settlement stands on the coast (beside the sea or the frame); {node + 1} is inland"
        if ctx.state.players[seat].pieces["harbor-settlement"] <= 0:
            return "you have no harbour settlements left in your supply"
        have = ctx.state.players[seat].resources
        if any(have[i] < self.harbor_cost[i] for i in range(5)):
            return f"a harbour settlement costs {resource_text(self.harbor_cost)}"
        return None

    def apply_harbor(self, a: Action) -> list[Event]:
        seat, node = a.seat, a.args[0]
        ctx = self.ctx
        ctx.pay(seat, self.harbor_cost)
        ctx.place_node_piece(seat, node, "harbor-settlement")
        ctx.return_piece(seat, "settlement")
        return [Event("build", seat, f"{ctx.name(seat)} upgrades the settlement on {node + 1} to a harbour settlement")]

    def legal_harbor(self, seat: int) -> Iterable[Action]:
        """Exactly the upgrades :meth:`check_harbor` allows: the phase, the supply and the
        price asked once, then the seat's settlements on the coast."""
        ctx = self.ctx
        if self.build_trade_closed(seat, "build"):
            return []
        if ctx.state.players[seat].pieces["harbor-settlement"] <= 0 or not ctx.affords(seat, self.harbor_cost):
            return []
        return [_new(Action, ("build-harbor", (n,), seat)) for n in self.own_nodes(seat, SETTLEMENT) if self.coastal(n)]

    # --- build settler N|E (C.5) --------------------------------------------------------------
    def check_settler(self, a: Action) -> str | None:
        seat, where, index = a.seat, a.args[0], a.args[1]
        ctx = self.ctx
        reason = ctx.main_phase_reason(seat, "build")
        if reason:
            return reason
        if ctx.player_data(seat)["settlers_left"] <= 0:
            return f"all {self.max_settlers} of your settlers are out"
        if where == "basin":
            if not self.own_harbor(seat, index):
                return f"a settler goes into the basin of one of your harbour settlements; you have none on {index + 1}"
            if ctx.data["basins"].get(str(index)):
                return f"the basin on {index + 1} is full (drop its cargo first to make room)"
        else:
            mine = [sh for sh in self.ships_on(index) if sh["owner"] == seat]
            if not mine:
                return f"you have no ship on {ctx.edge_text(index)}"
            if self.harbor_end(seat, index) < 0:
                return (f"a settler boards a ship only beside one of your harbour settlements; "
                        f"{ctx.edge_text(index)} is not")
            if all(sh["cargo"] for sh in mine):
                return f"the hold of your ship on {ctx.edge_text(index)} is full (drop its cargo first to make room)"
        have = ctx.state.players[seat].resources
        if any(have[i] < self.settler_cost[i] for i in range(5)):
            return f"a settler costs {resource_text(self.settler_cost)}"
        return None

    def apply_settler(self, a: Action) -> list[Event]:
        seat, where, index = a.seat, a.args[0], a.args[1]
        ctx = self.ctx
        ctx.pay(seat, self.settler_cost)
        ctx.player_data(seat)["settlers_left"] -= 1
        if where == "basin":
            ctx.data["basins"][str(index)] = SETTLER
            place = f"the basin on {index + 1}"
        else:
            ship = next(sh for sh in self.ships_on(index) if sh["owner"] == seat and not sh["cargo"])
            ship["cargo"] = SETTLER
            place = f"the ship on {ctx.edge_text(index)}"
        return [Event("build", seat, f"{ctx.name(seat)} builds a settler into {place}")]

    def legal_settler(self, seat: int) -> Iterable[Action]:
        """Exactly the settlers :meth:`check_settler` allows: the phase, the supply and the
        price asked once, then the empty basins of the seat's harbour settlements and the
        routes beside one where a ship of the seat's has an empty hold."""
        ctx = self.ctx
        if self.build_trade_closed(seat, "build"):
            return []
        if ctx.player_data(seat)["settlers_left"] <= 0 or not ctx.affords(seat, self.settler_cost):
            return []
        basins = ctx.data["basins"]
        out = [_new(Action, ("build-settler", ("basin", n), seat)) for n in self.own_nodes(seat, HARBOR)
               if not basins.get(str(n))]
        out += [_new(Action, ("build-settler", ("ship", e), seat)) for e, mine in self.own_fleet(seat).items()
                if self.harbor_end(seat, e) >= 0 and not all(sh["cargo"] for sh in mine)]
        return out

    # --- gold (C.9) ---------------------------------------------------------------------------
    def check_buy_gold(self, a: Action) -> str | None:
        seat, r = a.seat, a.args[0]
        need = self.resources_for_gold
        reason = self.ctx.main_phase_reason(seat, "trade")
        if reason:
            return reason
        have = self.ctx.state.players[seat].resources[r]
        if have < need:
            return f"1 gold costs {need} {RESOURCES[r]}; you have {have}"
        return None

    def apply_buy_gold(self, a: Action) -> list[Event]:
        seat, r = a.seat, a.args[0]
        need = self.resources_for_gold
        pay = [0] * 5
        pay[r] = need
        self.ctx.pay(seat, pay)
        self.add_gold(seat, 1)
        return [Event("trade", seat, f"{self.ctx.name(seat)} trades {need} {RESOURCES[r]} for 1 gold")]

    def legal_buy_gold(self, seat: int) -> Iterable[Action]:
        """Exactly the purchases :meth:`check_buy_gold` allows: the phase asked once, then
        the resources the seat holds enough of."""
        if self.build_trade_closed(seat, "trade"):
            return []
        have, need = self.ctx.state.players[seat].resources, self.resources_for_gold
        return [_new(Action, ("buy-gold", (r,), seat)) for r in range(5) if have[r] >= need]

    def check_spend_gold(self, a: Action) -> str | None:
        seat, r = a.seat, a.args[0]
        ctx = self.ctx
        price, most = self.gold_price, self.gold_buys_per_turn
        reason = ctx.main_phase_reason(seat, "trade")
        if reason:
            return reason
        if self.movement["gold_buys"] >= most:
            return f"you have bought with gold {most} times this turn (at most {most} per turn)"
        if self.gold(seat) < price:
            return f"1 resource costs {price} gold; you have {self.gold(seat)}"
        if ctx.state.bank[r] <= 0:
            return f"the bank has no {RESOURCES[r]}"
        return None

    def apply_spend_gold(self, a: Action) -> list[Event]:
        seat, r = a.seat, a.args[0]
        ctx = self.ctx
        price = self.gold_price
        self.add_gold(seat, -price)
        self.turn_counts()["gold_buys"] += 1
        gain = [0] * 5
        gain[r] = 1
        ctx.gain(seat, gain)
        return [Event("trade", seat, f"{ctx.name(seat)} pays {price} gold for 1 {RESOURCES[r]}")]

    def legal_spend_gold(self, seat: int) -> Iterable[Action]:
        """Exactly the purchases :meth:`check_spend_gold` allows: the phase, this turn's
        purchases and the seat's gold asked once, then what the bank has."""
        ctx = self.ctx
        if self.build_trade_closed(seat, "trade"):
            return []
        if self.movement["gold_buys"] >= self.gold_buys_per_turn or self.gold(seat) < self.gold_price:
            return []
        bank = ctx.state.bank
        return [_new(Action, ("gold-for-resource", (r,), seat)) for r in range(5) if bank[r] > 0]

    # --- gold as a reward (C.3.3, C.8) ------------------------------------------------------------
    def discovery_reward(self, seat: int, hex_: int) -> list[Event]:
        """C.3.3: a terrain hex gives 1 of its resource; any other hex 2 gold."""
        if self.ctx.discovery_resource(hex_) >= 0:
            return super().discovery_reward(seat, hex_)
        gold = int(self.ctx.scen.params["discovery_gold"])
        self.add_gold(seat, gold)
        return [Event("gold", seat, f"{self.ctx.name(seat)} takes {gold} gold for the discovery")]

    _hands: list[int] = []

    def before_production(self, roll: tuple[int, int]) -> list[Event]:
        """Remember the hands, to see who gets nothing."""
        ctx = self.ctx
        self._hands = [sum(p.resources) for p in ctx.state.players]
        return []

    def after_production(self, total: int) -> list[Event]:
        """C.8: on a roll other than 7, each player who received nothing takes 1 gold."""
        ctx = self.ctx
        gold = int(ctx.scen.params["empty_roll_gold"])
        events: list[Event] = []
        if len(self._hands) != ctx.n:
            return events
        for seat, p in enumerate(ctx.state.players):
            if sum(p.resources) <= self._hands[seat]:
                self.add_gold(seat, gold)
                events.append(_new(Event, ("gold", seat, f"{ctx.name(seat)} receives nothing and takes {gold} gold", (), None)))
        return events
