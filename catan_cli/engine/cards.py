"""Development cards: buying and the timing rules of A.11, the effects of A.12, the
Road Building card with ships (B.9), and Largest Army (A.14)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from .actions import Action, Event, Private
from .ships import ShipRules
from .geometry import RESOURCES
from .state import ROAD, SHIP
from .words import only
from .phases import Phase


class CardRules(ShipRules):
    def check_buy_card(self, a: Action) -> str | None:
        reason = self.main_phase_reason(a.seat, "buy a card")
        if reason:
            return reason
        if not self.cards_left():
            if not any(self.scen.deck.values()) and self.rules.deck_size() is None:
                return "there are no development cards in this scenario"
            return "the development deck is empty (it is not reshuffled)"
        return self.afford_reason(a.seat, "card", "a development card")

    def cards_left(self) -> int:
        """Cards left to buy: in the scenario's own deck, or in the development deck."""
        own = self.rules.deck_size()
        return len(self.s.deck) if own is None else own

    def do_buy_card(self, a: Action) -> list[Event]:
        s = self.s
        self.pay(a.seat, self.scen.costs["card"])
        drawn = self.rules.buy_card(a.seat)
        if drawn is not None:
            return drawn
        card = s.deck.pop()
        s.players[a.seat].dev_cards.append([card, s.turn])
        return [Event("buy", a.seat, f"{self.name(a.seat)} buys a development card",
                      private=Private((a.seat,), f"{self.name(a.seat)} buys a development card: {card}",
                                      (("card", card),)))]

    # --- timing (A.11) ---------------------------------------------------------------------
    def playable_card(self, seat: int, kind: str) -> int:
        """Index in hand of a card that can be played as ``kind`` now (-1: none).  A card
        bought this turn cannot be played (A.11.1); a real card of the kind is preferred."""
        s = self.s
        best = -1
        for i, (card, bought) in enumerate(s.players[seat].dev_cards):
            if bought == s.turn:
                continue
            if card == kind:
                return i
            if best < 0 and self.rules.card_plays_as(card) == kind:
                best = i
        return best

    def play_reason(self, seat: int, kind: str) -> str | None:
        s = self.s
        if s.phase == Phase.SETUP:
            return "development cards are played after the set-up"
        if seat != s.current:
            return "development cards are played only in your own turn"
        if s.pending:
            return self.pending_text()
        if s.dev_played:
            return "you have already played a development card this turn (one per turn)"
        if self.playable_card(seat, kind) < 0:
            held = [c for c, b in s.players[seat].dev_cards if self.rules.card_plays_as(c) == kind]
            if held:
                return f"a {kind} card cannot be played on the turn it was bought"
            return f"you have no {kind} card"
        return None

    def use_card(self, seat: int, kind: str) -> str:
        s = self.s
        p = s.players[seat]
        card, _ = p.dev_cards.pop(self.playable_card(seat, kind))
        p.played[card] = p.played.get(card, 0) + 1
        s.dev_played = True
        return str(card)

    # --- knight ------------------------------------------------------------------------------
    def check_play_knight(self, a: Action) -> str | None:
        return self.play_reason(a.seat, "knight") or self.rules.knight_reason(a.seat)

    def do_play_knight(self, a: Action) -> list[Event]:
        s, seat = self.s, a.seat
        card = self.use_card(seat, "knight")
        s.players[seat].knights += 1
        shown = "knight" if card == "knight" else f"{card} card as a knight"
        events = [Event("card", seat, f"{self.name(seat)} plays a {shown}", (("reveals", "card"),))]
        events += self.update_largest_army(seat)
        return events + self.rules.on_knight(seat)

    def update_largest_army(self, seat: int) -> list[Event]:
        """A.14: the first to the minimum; afterwards only strictly more takes it."""
        s = self.s
        if not self.scen.rules.largest_army:
            return []
        mine = s.players[seat].knights
        holder = s.army_holder
        if holder == seat or mine < self.scen.rules.largest_army_min:
            return []
        if holder < 0 or mine > s.players[holder].knights:
            s.army_holder = seat
            return [Event("largest-army", seat, f"{self.name(seat)} now has the Largest Army ({mine} knights)")]
        return []

    # --- road building (A.12, B.9) -----------------------------------------------------------
    def free_route_reason(self, seat: int, piece: str, edge: int) -> str | None:
        if self.s.players[seat].pieces[piece] <= 0:
            return f"you have no {piece}s left in your supply"
        if piece == "road":
            return self.road_edge_reason(seat, edge)
        return self.ship_edge_reason(seat, edge)

    def any_free_route_spot(self, seat: int) -> bool:
        for piece in ("road", "ship"):
            if piece == "ship" and not self.scen.rules.ships:
                continue
            if self.s.players[seat].pieces[piece] <= 0:
                continue
            for e in self.candidate_route_edges(seat):
                if self.free_route_reason(seat, piece, e) is None:
                    return True
        return False

    def check_play_road_building(self, a: Action) -> str | None:
        reason = self.play_reason(a.seat, "road-building")
        if reason:
            return reason
        if not 1 <= len(a.args) <= 2:
            return "road building places two roads (or ships)"
        reason = self.placements_reason(a.seat, a.args)
        if reason and len(a.args) == 2 and self.placements_reason(a.seat, a.args[::-1]) is None:
            return None   # the pieces go one after the other; either order may be named
        return reason

    def placements_reason(self, seat: int, placements: tuple[Any, ...]) -> str | None:
        piece, edge = placements[0]
        reason = self.free_route_reason(seat, piece, edge)
        if reason:
            return reason
        # Try the first piece on the board, then judge the second (B.9: one after the other).
        with self.tentative_piece(seat, piece, edge):
            if len(placements) == 2:
                piece2, edge2 = placements[1]
                reason = self.free_route_reason(seat, piece2, edge2)
            elif self.any_free_route_spot(seat):
                reason = "road building places two pieces; name a second path"
        return reason

    @contextmanager
    def tentative_piece(self, seat: int, piece: str, edge: int) -> Iterator[None]:
        """A free road or ship put on ``edge`` for the length of a look-ahead, then lifted."""
        s = self.s
        saved = self.board_memos()
        self.put_route(seat, edge, ROAD if piece == "road" else SHIP)
        s.players[seat].pieces[piece] -= 1
        self.unsettled += 1
        try:
            yield
        finally:
            self.unsettled -= 1
            self.lift_route(seat, edge)
            s.players[seat].pieces[piece] += 1
            self.restore_board_memos(saved)

    def do_play_road_building(self, a: Action) -> list[Event]:
        seat = a.seat
        order = a.args if self.placements_reason(seat, a.args) is None else a.args[::-1]
        self.use_card(seat, "road-building")
        events = [Event("card", seat, f"{self.name(seat)} plays road building")]
        for piece, edge in order:
            self.place_route(seat, edge, ROAD if piece == "road" else SHIP)
            events.append(Event("build", seat, f"{self.name(seat)} builds a free {piece} on {self.edge_text(edge)}"))
        events += self.after_route_built(seat)
        for piece, edge in order:           # a free ship explores as a built one does
            if piece == "ship":
                events += self.explore_from_edge(seat, edge)[0]
        return events

    # --- year of plenty, monopoly ---------------------------------------------------------------
    def check_play_year_of_plenty(self, a: Action) -> str | None:
        reason = self.play_reason(a.seat, "year-of-plenty")
        if reason:
            return reason
        if len(a.args) != 2:
            return "year of plenty takes two resources"
        need = [0] * 5
        for r in a.args:
            need[r] += 1
        for r in range(5):
            if need[r] > self.s.bank[r]:
                return f"the bank has {only(self.s.bank[r], RESOURCES[r])}"
        return None

    def do_play_year_of_plenty(self, a: Action) -> list[Event]:
        self.use_card(a.seat, "year-of-plenty")
        counts = [0] * 5
        for r in a.args:
            counts[r] += 1
        self.gain(a.seat, counts)
        return [Event("card", a.seat, f"{self.name(a.seat)} plays year of plenty: "
                                      f"{' and '.join(RESOURCES[r] for r in a.args)}")]

    def check_play_monopoly(self, a: Action) -> str | None:
        return self.play_reason(a.seat, "monopoly")

    def do_play_monopoly(self, a: Action) -> list[Event]:
        s, seat = self.s, a.seat
        r = a.args[0]
        self.use_card(seat, "monopoly")
        taken = 0
        for p in range(self.n):
            if p != seat:
                taken += s.players[p].resources[r]
                s.players[p].resources[r] = 0
        s.players[seat].resources[r] += taken
        # How many the others held is told to the table (they hand the cards over openly).
        return [Event("card", seat, f"{self.name(seat)} plays monopoly on {RESOURCES[r]} and takes {taken}",
                      (("reveals", "hands"),))]
