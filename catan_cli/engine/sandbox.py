"""Sandbox commands for setting up positions in rule checks: forced dice, cards from and to
the bank, free pieces, whose turn it is, and cards from the deck.  They keep every
invariant: cards come from the bank, pieces from the supply, settlements obey the
distance rule."""

from __future__ import annotations

from .actions import Action, Event
from .trade import TradeRules
from .geometry import RESOURCES
from .state import CITY, ROAD, SETTLEMENT, SHIP
from .words import only, resource_text
from .phases import Phase


class SandboxRules(TradeRules):
    def check_dice(self, a: Action) -> str | None:
        d1, d2 = a.args
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
            return "dice show 1 to 6"
        return None

    def do_dice(self, a: Action) -> list[Event]:
        self.s.forced_dice = [a.args[0], a.args[1]]
        return [Event("sandbox", -1, f"the next roll will be {a.args[0]}+{a.args[1]}")]

    def check_give(self, a: Action) -> str | None:
        seat, counts = a.args
        if not 0 <= seat < self.n:
            return "no such player"
        for r in range(5):
            if counts[r] > self.s.bank[r]:
                return f"the bank has {only(self.s.bank[r], RESOURCES[r])}"
        return None

    def do_give(self, a: Action) -> list[Event]:
        seat, counts = a.args
        self.gain(seat, counts)
        return [Event("sandbox", seat, f"{self.name(seat)} is given {resource_text(counts)}")]

    def check_take(self, a: Action) -> str | None:
        seat, counts = a.args
        if not 0 <= seat < self.n:
            return "no such player"
        have = self.s.players[seat].resources
        for r in range(5):
            if counts[r] > have[r]:
                return f"{self.name(seat)} has {only(have[r], RESOURCES[r])}"
        return None

    def do_take(self, a: Action) -> list[Event]:
        seat, counts = a.args
        self.pay(seat, counts)
        return [Event("sandbox", seat, f"{resource_text(counts)} taken from {self.name(seat)}")]

    def check_put(self, a: Action) -> str | None:
        s = self.s
        piece, seat, where = a.args
        if not 0 <= seat < self.n:
            return "no such player"
        p = s.players[seat]
        if piece in ("settlement", "city"):
            if not 0 <= where < self.geo.n_nodes:
                return "no such intersection"
            if piece == "city" and s.node_owner[where] == seat and s.node_kind[where] == SETTLEMENT:
                return None if p.pieces["city"] > 0 else f"{p.name} has no cities left"
            if p.pieces[piece] <= 0:
                return f"{p.name} has no {piece}s left"
            if not self.scen.node_settleable[where]:
                return f"intersection {where + 1} cannot hold a settlement"
            return self.distance_reason(where)
        if piece in ("road", "ship"):
            if not 0 <= where < self.geo.n_edges:
                return "no such path"
            if p.pieces[piece] <= 0:
                return f"{p.name} has no {piece}s left"
            if s.edge_kind[where] and (piece != "ship" or self.shared_path_reason(seat, where)):
                return self.shared_path_reason(seat, where) or f"{self.edge_text(where)} is already taken"
            if piece == "road" and not self.scen.edge_roadable[where]:
                return f"{self.edge_text(where)} is at sea"
            if piece == "ship" and not self.scen.edge_shippable[where]:
                return f"{self.edge_text(where)} cannot hold a ship"
            return None
        return f"cannot put a {piece}"

    def do_put(self, a: Action) -> list[Event]:
        piece, seat, where = a.args
        if piece in ("settlement", "city"):
            self.place_building(seat, where, SETTLEMENT if piece == "settlement" else CITY)
            events = [Event("sandbox", seat, f"a {piece} of {self.name(seat)} is put on {where + 1}")]
            return events + self.after_building_change(seat, where)
        self.place_route(seat, where, ROAD if piece == "road" else SHIP)
        if piece == "ship":
            self.s.built_this_turn.remove(where)   # a put ship counts as built earlier
        events = [Event("sandbox", seat, f"a {piece} of {self.name(seat)} is put on {self.edge_text(where)}")]
        return events + self.after_route_built(seat)

    def check_turn(self, a: Action) -> str | None:
        return None if 0 <= a.args[0] < self.n else "no such player"

    def do_turn(self, a: Action) -> list[Event]:
        s = self.s
        seat = a.args[0]
        if s.phase == Phase.SETUP:
            s.setup_order = []
            s.setup_step = "settlement"
            s.setup_node = -1
            s.turn = max(s.turn, 1)
        s.phase = Phase.MAIN
        s.pending = [p for p in s.pending if p["kind"] != "offer"]
        s.current = seat
        s.turn += 1
        s.dice = None
        s.dev_played = False
        s.ship_moved = False
        s.built_this_turn = []
        return [Event("sandbox", seat, f"{self.name(seat)} is on turn (dice already rolled)")]

    def check_draw(self, a: Action) -> str | None:
        seat, card = a.args
        if not 0 <= seat < self.n:
            return "no such player"
        if card not in self.s.deck:
            return f"there is no {card} card left in the deck"
        return None

    def do_draw(self, a: Action) -> list[Event]:
        s = self.s
        seat, card = a.args
        # Take the topmost copy so the rest of the deck keeps its order.
        idx = len(s.deck) - 1 - s.deck[::-1].index(card)
        s.deck.pop(idx)
        s.players[seat].dev_cards.append([card, -1])
        return [Event("sandbox", seat, f"{self.name(seat)} draws a {card} card")]
