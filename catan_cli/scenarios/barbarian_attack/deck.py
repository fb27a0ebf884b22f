"""The scenario deck (D.2, D.8): 14 Knighthood, 4 Black Knight, 4 Treason, 4 Intrigue,
bought at the base cost and resolved the moment it is bought; resolved cards are discarded
and the discards reshuffled when the deck runs out.  A card that needs a choice waits as a
pending decision (``in_play``) answered by 'place knight', 'move barbarian' or 'capture
barbarian'."""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.actions import Action, Event
from ...engine.context import RulesContext
from ...engine.declare import HelpEntry, PendingKind, Verb
from ...notation import Reader
from .coast import Coast
from .knights import Knights
from .layout import Layout

CARDS = ("knighthood", "black-knight", "treason", "intrigue")
CARD_NAMES = {"knighthood": "Knighthood", "black-knight": "Black Knight", "treason": "Treason",
              "intrigue": "Intrigue"}


class Deck:
    def __init__(self, ctx: RulesContext, layout: Layout, coast: Coast, knights: Knights) -> None:
        self.ctx = ctx
        self.lay = layout
        self.coast = coast
        self.knights = knights
        self.counts: dict[str, int] = {c: int(ctx.scen.params["cards"].get(c, 0)) for c in CARDS}

    def deal(self) -> None:
        ctx = self.ctx
        deck = [c for c in CARDS for _ in range(self.counts[c])]
        ctx.state.rng.shuffle(deck)
        ctx.data.update(deck=deck, discards=[], in_play=[])

    def size(self) -> int:
        return len(self.ctx.data["deck"]) + len(self.ctx.data["discards"])

    def buy(self, seat: int) -> list[Event]:
        return [Event("buy", seat, f"{self.ctx.name(seat)} buys a card")] + self.draw(seat)

    def draw(self, seat: int) -> list[Event]:
        ctx = self.ctx
        data = ctx.data
        events: list[Event] = []
        if not data["deck"]:
            data["deck"] = data["discards"]
            data["discards"] = []
            ctx.state.rng.shuffle(data["deck"])
            events.append(Event("card", -1, f"the deck is empty: the {len(data['deck'])} discards are shuffled "
                                            "into a new deck"))
        card = data["deck"].pop()
        events.append(Event("card", seat, f"{ctx.name(seat)} draws {CARD_NAMES[card]}", (("reveals", "card"),)))
        return events + self.resolve_card(seat, card)

    def resolve_card(self, seat: int, card: str) -> list[Event]:
        ctx = self.ctx
        name = ctx.name(seat)
        if card in ("knighthood", "black-knight"):
            if self.knights.in_supply(seat) <= 0:
                return self.discard(card, f"{name} has all {self.knights.per_player} knights out: "
                                          f"the {CARD_NAMES[card]} card is wasted")
            spots = self.knights.free_castle_paths() if card == "knighthood" else self.knights.free_paths()
            if not spots:
                return self.discard(card, f"no free {'castle ' * (card == 'knighthood')}path: "
                                          f"the {CARD_NAMES[card]} card is wasted")
            return self.hold(card, {"kind": "place-knight", "seat": seat, "card": card})
        if card == "treason":
            events = [self.coast.give_gold(seat, int(ctx.scen.params["treason_gold"]), "Treason")]
            shortfall = max(0, int(ctx.scen.params["treason_moves"]) - self.coast.board_total())
            item = {"kind": "treason", "seat": seat, "left": int(ctx.scen.params["treason_moves"]),
                    "sources": [], "targets": [], "supply": min(shortfall, ctx.data["barbarian_supply"])}
            if not self.treason_moves(item):
                return events + self.discard(card, "no barbarian can be moved: Treason ends")
            return events + self.hold(card, item)
        # Intrigue
        if self.coast.board_total() == 0:
            events = self.discard(card, f"no barbarian is on the board: {name} draws another card")
            return events + self.draw(seat)
        return self.hold(card, {"kind": "intrigue", "seat": seat})

    def hold(self, card: str, item: dict[str, Any]) -> list[Event]:
        self.ctx.data["in_play"].append(card)
        self.ctx.ask(item)
        return []

    def discard(self, card: str, why: str) -> list[Event]:
        self.ctx.data["discards"].append(card)
        return [Event("card", -1, why)] if why else []

    def finish(self, item: dict[str, Any]) -> None:
        self.ctx.resolve(item)
        card = {"place-knight": item.get("card", ""), "treason": "treason", "intrigue": "intrigue"}[item["kind"]]
        self.ctx.data["in_play"].remove(card)
        self.ctx.data["discards"].append(card)

    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("place-knight", ("place", "knight"), parse=lambda r, a: Action("place-knight", (r.edge(),), a),
                 format=lambda a, w: f"place knight {w.edge(a.args[0])}",
                 check=self.check_place, apply=self.apply_place, legal=self.legal_place,
                 help=HelpEntry("place", "place knight PATH",
                                "Answer a knight card: Knighthood puts a knight on a free castle path, "
                                "Black Knight on any free path.", "place knight 40-41"),
                 answers="place-knight"),
            Verb("move-barbarian", ("move", "barbarian"), parse=_parse_move_barbarian,
                 format=lambda a, w: f"move barbarian {'supply' if a.args[0] < 0 else w.hex(a.args[0])} to {w.hex(a.args[1])}",
                 check=self.check_treason, apply=self.apply_treason, legal=self.legal_treason,
                 help=HelpEntry("move", "move barbarian HEX|supply to HEX",
                                "Answer Treason: move a barbarian from a hex (or, with fewer than 2 on the "
                                "board, from the supply) to an unconquered coastal hex; twice, from 2 different "
                                "hexes to 2 others.", "move barbarian B to F"),
                 answers="treason"),
            Verb("capture-barbarian", ("capture", "barbarian"),
                 parse=lambda r, a: Action("capture-barbarian", (r.hex(),), a),
                 format=lambda a, w: f"capture barbarian {w.hex(a.args[0])}",
                 check=self.check_intrigue, apply=self.apply_intrigue, legal=self.legal_intrigue,
                 help=HelpEntry("capture", "capture barbarian HEX",
                                "Answer Intrigue: a barbarian from that hex becomes your prisoner.",
                                "capture barbarian F"),
                 answers="intrigue"),
        )

    def pendings(self) -> tuple[PendingKind, ...]:
        def who(item: dict[str, Any]) -> str:
            return self.ctx.name(item["seat"])

        return (
            PendingKind("place-knight", prompt=lambda it: f"place a knight ({CARD_NAMES[it['card']]})",
                        reason=lambda it: f"{who(it)} must place the knight of {CARD_NAMES[it['card']]}: 'place knight PATH'",
                        answers=lambda it: self.legal_place(it["seat"]), exact=True),
            PendingKind("treason", prompt=lambda it: "move a barbarian (Treason)",
                        reason=lambda it: f"{who(it)} must move a barbarian for Treason: 'move barbarian A to B'",
                        answers=lambda it: self.legal_treason(it["seat"]), exact=True),
            PendingKind("intrigue", prompt=lambda it: "capture a barbarian (Intrigue)",
                        reason=lambda it: f"{who(it)} must capture a barbarian for Intrigue: 'capture barbarian A'",
                        answers=lambda it: self.legal_intrigue(it["seat"]), exact=True),
        )

    # --- knight cards ------------------------------------------------------------------------------------
    def check_place(self, action: Action) -> str | None:
        ctx = self.ctx
        item = ctx.pending_for("place-knight", action.seat)
        if item is None:
            return "you place a knight only when a Knighthood or Black Knight card says so"
        edge = action.args[0]
        if not self.knights.free(edge):
            if edge not in self.lay.reach:
                return "knights stand on land paths"
            return f"{ctx.edge_text(edge)} already holds a knight"
        if item["card"] == "knighthood" and edge not in self.lay.castle_paths:
            return f"Knighthood puts the knight on a free castle path; {ctx.edge_text(edge)} is not one"
        return None

    def apply_place(self, action: Action) -> list[Event]:
        ctx = self.ctx
        item = ctx.pending_for("place-knight", action.seat)
        assert item is not None
        edge = action.args[0]
        self.knights.place(action.seat, edge)
        self.finish(item)
        return [Event("knight", action.seat, f"{ctx.name(action.seat)} places a knight on {ctx.edge_text(edge)}")]

    def legal_place(self, seat: int) -> Iterable[Action]:
        item = self.ctx.pending_for("place-knight", seat)
        if item is None:
            return []
        spots = self.knights.free_castle_paths() if item["card"] == "knighthood" else self.knights.free_paths()
        return [Action("place-knight", (e,), seat) for e in spots]

    # --- Treason ------------------------------------------------------------------------------------------
    def treason_moves(self, item: dict[str, Any]) -> list[tuple[int, int]]:
        """Every (source, target) open to the next step: sources are hexes with barbarians
        not yet used (or the supply, for a shortfall), targets unconquered coastal hexes not
        yet used; no hex is both."""
        used = set(item["sources"]) | set(item["targets"])
        sources = [h for h in self.lay.coast if self.coast.on(h) > 0 and h not in used]
        if item["supply"] > 0 and self.ctx.data["barbarian_supply"] > 0:
            sources.append(-1)
        targets = [h for h in self.lay.coast if not self.coast.conquered(h) and h not in used]
        return [(a, b) for a in sources for b in targets if a != b]

    def treason_reason(self, item: dict[str, Any], src: int, dst: int) -> str | None:
        ctx = self.ctx
        if (src, dst) in self.treason_moves(item):
            return None
        used = set(item["sources"]) | set(item["targets"])
        if src < 0:
            return "barbarians come from the supply only when fewer than 2 are on the board"
        if src in used or dst in used:
            return "Treason moves barbarians from 2 different hexes to 2 other hexes"
        if self.coast.on(src) <= 0:
            return f"{ctx.hex_id(src)} holds no barbarian"
        if dst not in self.lay.coast_index:
            return f"barbarians land only on coastal hexes; {ctx.hex_id(dst)} is not one"
        if self.coast.conquered(dst):
            return f"{ctx.hex_id(dst)} is conquered already"
        return "a barbarian moves to another hex"

    def check_treason(self, action: Action) -> str | None:
        item = self.ctx.pending_for("treason", action.seat)
        if item is None:
            return "you move barbarians only for a Treason card"
        return self.treason_reason(item, *action.args)

    def apply_treason(self, action: Action) -> list[Event]:
        ctx = self.ctx
        item = ctx.pending_for("treason", action.seat)
        assert item is not None
        src, dst = action.args
        where = "the supply" if src < 0 else ctx.hex_id(src)
        events = [Event("treason", action.seat, f"{ctx.name(action.seat)} moves a barbarian from {where} to "
                                                f"{ctx.hex_id(dst)}")]
        if src < 0:
            item["supply"] -= 1
        else:
            item["sources"].append(src)
        item["targets"].append(dst)
        item["left"] -= 1
        events += self.coast.move(src, dst)
        if item["left"] <= 0 or not self.treason_moves(item):
            self.finish(item)
        return events

    def legal_treason(self, seat: int) -> Iterable[Action]:
        item = self.ctx.pending_for("treason", seat)
        if item is None:
            return []
        return [Action("move-barbarian", pair, seat) for pair in self.treason_moves(item)]

    # --- Intrigue -------------------------------------------------------------------------------------------
    def check_intrigue(self, action: Action) -> str | None:
        ctx = self.ctx
        if ctx.pending_for("intrigue", action.seat) is None:
            return "you capture a barbarian only for an Intrigue card"
        h = action.args[0]
        if self.coast.on(h) <= 0:
            return f"{ctx.hex_id(h)} holds no barbarian"
        return None

    def apply_intrigue(self, action: Action) -> list[Event]:
        ctx = self.ctx
        item = ctx.pending_for("intrigue", action.seat)
        assert item is not None
        h = action.args[0]
        before = self.coast.on(h)
        self.coast.add(h, -1)
        self.coast.give_prisoners(action.seat, 1)
        self.finish(item)
        events = [Event("intrigue", action.seat, f"{ctx.name(action.seat)} takes a barbarian from {ctx.hex_id(h)} prisoner")]
        return events + self.coast.status_change(h, before) + self.coast.refresh()

    def legal_intrigue(self, seat: int) -> Iterable[Action]:
        return [Action("capture-barbarian", (h,), seat) for h in self.lay.coast if self.coast.on(h) > 0]


def _parse_move_barbarian(r: Reader, actor: int) -> Action:
    if r.peek() == "supply":
        r.next("supply")
        src = -1
    else:
        src = r.hex()
    return Action("move-barbarian", (src, r.hex()), actor)
