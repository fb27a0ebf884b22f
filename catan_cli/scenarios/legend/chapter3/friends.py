"""The Chapter 3 friend cards (seed 000 "Chapter 3", "The four Chapter 3 friend cards";
digest F.0.7).  Each is its own verb, used on your own turn after the roll unless said:

- Hakon the Trader: ``hakon GIVE for GET``: one 1:1 trade with the bank.
- Lias the Pickpocket: ``lias [PLAYER]``: steal 1 card at random from the player with the
  most VP other than you; among tied leaders you name one; if you alone lead, nobody.
- Wulf the Nightmare: ``wulf`` while the robber waits to move after your knight: you move
  him twice in a row (two ``robber`` commands), each move obeying the friendly robber and
  robbing as usual.
- Lea the Gambler: ``lea`` rolls a die: 1-2 you discard 1 card of your choice
  (``lea discard RES``), 3-6 you take 2 resources of your choice (``lea take RES RES``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ....engine.actions import Action, Event
from ....engine.declare import HelpEntry, PendingKind, Verb
from ....engine.geometry import RESOURCES
from ....notation import Reader
from ..chapter2.friends import NewFriendRules

if TYPE_CHECKING:
    from ..chapter import Chapter


class Friends3Rules(NewFriendRules):
    """The friends of Chapters 1 to 3 (a base of the general rules)."""

    chapter: "Chapter"          # the general rules' chapter (Lea discards its own cards too)

    def friend_verbs(self) -> tuple[Verb, ...]:
        return super().friend_verbs() + (
            Verb("hakon", ("hakon",), parse=_parse_hakon,
                 format=lambda a, w: f"hakon {RESOURCES[a.args[0]]} for {RESOURCES[a.args[1]]}",
                 check=self.check_hakon, apply=self.apply_hakon,
                 legal=self.friend_moves("hakon", self.hakon_moves), exact=True, group="hakon",
                 help=HelpEntry("hakon", "hakon GIVE for GET",
                                "Hakon the Trader: trade 1 resource with the bank for 1 other.", "hakon wool for ore")),
            Verb("lias", ("lias",), parse=lambda r, a: Action("lias", (r.player() if r.more() else -1,), a),
                 format=lambda a, w: "lias" + (f" {w.name(a.args[0])}" if a.args[0] >= 0 else ""),
                 check=self.check_lias, apply=self.apply_lias,
                 legal=self.friend_moves("lias", self.lias_moves), exact=True, group="lias",
                 help=HelpEntry("lias", "lias [PLAYER]",
                                "Lias the Pickpocket: steal 1 card at random from the player with the most VP "
                                "(name one if several lead).", "lias blue")),
            Verb("wulf", ("wulf",), parse=lambda r, a: Action("wulf", (), a), format=lambda a, w: "wulf",
                 check=self.check_wulf, apply=self.apply_wulf, legal=lambda seat: [Action("wulf", (), seat)],
                 help=HelpEntry("wulf", "wulf",
                                "Wulf the Nightmare: after playing a knight, move the robber twice in a row, "
                                "robbing each time ('wulf', then 'robber' twice).", "wulf"),
                 answers="robber"),
            Verb("lea", ("lea",), parse=lambda r, a: Action("lea", (), a), format=lambda a, w: "lea",
                 check=self.check_lea, apply=self.apply_lea,
                 legal=self.friend_moves("lea", self.lea_moves), exact=True, group="lea",
                 help=HelpEntry("lea", "lea",
                                "Lea the Gambler: roll a die; 1-2 discard 1 card of your choice, 3-6 take "
                                f"{self._lea_take()} resources of your choice.", "lea")),
            Verb("lea-take", ("lea", "take"), parse=_parse_lea_take,
                 format=lambda a, w: "lea take " + " ".join(RESOURCES[r] for r in a.args[0]),
                 check=self.check_lea_take, apply=self.apply_lea_take, legal=self.legal_lea_take,
                 help=HelpEntry("lea", "lea take RES RES", f"Lea rolled 3-6: take {self._lea_take()} resources of your choice.",
                                "lea take ore grain"),
                 answers="lea-take"),
            Verb("lea-discard", ("lea", "discard"), parse=self._parse_lea_discard,
                 format=lambda a, w: f"lea discard {self.card_names()[a.args[0]]}",
                 check=self.check_lea_discard, apply=self.apply_lea_discard,
                 legal=self.legal_lea_discard,
                 help=HelpEntry("lea", "lea discard RES", "Lea rolled 1-2: discard 1 card of your choice.",
                                "lea discard wool"),
                 answers="lea-discard"),
        )

    def friend_pendings(self) -> tuple[PendingKind, ...]:
        name = self.ctx.name
        return super().friend_pendings() + (
            PendingKind("lea-take", prompt=lambda it: "Lea: take 2 resources",
                        reason=lambda it: f"{name(it['seat'])} takes 2 resources with Lea ('lea take RES RES')",
                        answers=lambda it: self.legal_lea_take(it["seat"]), exact=True),
            PendingKind("lea-discard", prompt=lambda it: "Lea: discard 1 card",
                        reason=lambda it: f"{name(it['seat'])} discards 1 card for Lea ('lea discard RES')",
                        answers=lambda it: self.legal_lea_discard(it["seat"]), exact=True),
        )

    # --- Hakon ------------------------------------------------------------------------------------------
    def check_hakon(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        give, get = action.args
        reason = ctx.main_phase_reason(seat, "trade") or self.friend_reason(seat, "hakon")
        if reason:
            return reason
        if give == get:
            return "Hakon trades 1 resource for 1 different resource"
        if ctx.state.players[seat].resources[give] < 1:
            return f"you have no {RESOURCES[give]}"
        if ctx.state.bank[get] < 1:
            return f"the bank has no {RESOURCES[get]}"
        return None

    def hakon_moves(self, seat: int) -> list[Action]:
        """The trades check_hakon allows, the friend aside: a resource in hand for another
        the bank has."""
        ctx = self.ctx
        if ctx.main_phase_reason(seat, "trade"):
            return []
        have, bank = ctx.state.players[seat].resources, ctx.state.bank
        return [Action("hakon", (a, b), seat) for a in range(5) if have[a] >= 1
                for b in range(5) if a != b and bank[b] >= 1]

    def apply_hakon(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        give, get = action.args
        text = self.use_friend(seat, "hakon")
        ctx.pay(seat, [int(i == give) for i in range(5)])
        ctx.gain(seat, [int(i == get) for i in range(5)])
        return [Event("friend", seat, f"{text}: {ctx.name(seat)} trades 1 {RESOURCES[give]} for 1 {RESOURCES[get]}")]

    # --- Lias ---------------------------------------------------------------------------------------------
    def lias_leaders(self, seat: int) -> list[int]:
        """The players with the most VP, other than ``seat`` (none if ``seat`` leads alone)."""
        ctx = self.ctx
        vps = [self.public_vp(p) for p in range(ctx.n)]
        top = max(vps)
        return [p for p in range(ctx.n) if p != seat and vps[p] == top]

    def check_lias(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, victim = action.seat, action.args[0]
        reason = ctx.main_phase_reason(seat, "call on a friend") or self.friend_reason(seat, "lias")
        if reason:
            return reason
        leaders = self.lias_leaders(seat)
        if not leaders:
            return "you lead alone: Lias has nobody to steal from"
        if victim < 0:
            if len(leaders) > 1:
                return f"the lead is tied: name whom Lias robs ({' or '.join(ctx.name(p) for p in leaders)})"
            return None
        if victim not in leaders:
            return f"Lias steals from the player with the most VP ({' or '.join(ctx.name(p) for p in leaders)})"
        return None

    def lias_moves(self, seat: int) -> list[Action]:
        """What check_lias allows, the friend aside: 'lias' alone when one player leads,
        and each leader by name."""
        if self.ctx.main_phase_reason(seat, "call on a friend"):
            return []
        leaders = self.lias_leaders(seat)
        plain = [Action("lias", (-1,), seat)] if len(leaders) == 1 else []
        return plain + [Action("lias", (p,), seat) for p in leaders]

    def apply_lias(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, victim = action.seat, action.args[0]
        if victim < 0:
            victim = self.lias_leaders(seat)[0]
        text = self.use_friend(seat, "lias")
        return [Event("friend", seat, f"{text}: {ctx.name(seat)} picks {ctx.name(victim)}'s pocket")] \
            + ctx.steal_resource(seat, victim)

    # --- Wulf ---------------------------------------------------------------------------------------------
    def on_knight(self, seat: int) -> list[Event]:
        events = super().on_knight(seat)
        for item in self.ctx.state.pending:
            if item["kind"] == "robber" and item["seat"] == seat:
                item["knight"] = True          # Wulf doubles a knight's robber, not a 7's
        return events

    def check_wulf(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        item = ctx.pending_for("robber", seat)
        if item is None or not item.get("knight"):
            return "Wulf helps when you play a knight: the robber then moves twice"
        if any(it.get("wulf") for it in ctx.state.pending):
            return "Wulf already gives you a second robber move"
        reason = self.friend_reason(seat, "wulf")
        if reason:
            return reason
        if len(self.robber_hexes(seat)) < 2:
            return "the friendly robber has no second hex to go to"
        return None

    def apply_wulf(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        text = self.use_friend(seat, "wulf")
        ctx.ask({"kind": "robber", "seat": seat, "wulf": True})
        return [Event("friend", seat, f"{text}: {ctx.name(seat)} moves the robber twice")]

    # --- Lea ------------------------------------------------------------------------------------------------
    def check_lea(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        return ctx.main_phase_reason(seat, "call on a friend") or self.friend_reason(seat, "lea")

    def lea_moves(self, seat: int) -> list[Action]:
        return [] if self.ctx.main_phase_reason(seat, "call on a friend") else [Action("lea", (), seat)]

    def apply_lea(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        text = self.use_friend(seat, "lea")
        die = ctx.roll_die()
        name = ctx.name(seat)
        if die <= 2:
            if ctx.hand_size(seat):
                ctx.ask({"kind": "lea-discard", "seat": seat}, first=True)
                return [Event("friend", seat, f"{text}: {name} rolls {die} and must discard 1 card")]
            return [Event("friend", seat, f"{text}: {name} rolls {die}, but has no card to discard")]
        ctx.ask({"kind": "lea-take", "seat": seat}, first=True)
        return [Event("friend", seat, f"{text}: {name} rolls {die} and takes 2 resources")]

    def _lea_take(self) -> int:
        """The resources Lea gives on a 3-6 (the chapter's data)."""
        return int(self.ctx.scen.params.get("lea_take", 2))

    def check_lea_take(self, action: Action) -> str | None:
        ctx = self.ctx
        if ctx.pending_for("lea-take", action.seat) is None:
            return "Lea gives resources only after a roll of 3-6 ('lea')"
        picks = action.args[0]
        count = self._lea_take()
        if len(picks) != count:
            return f"Lea gives {count} resources of your choice: name {count}"
        for r in set(picks):
            if ctx.state.bank[r] < picks.count(r):
                return f"the bank has no {RESOURCES[r]} left"
        return None

    def apply_lea_take(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, picks = action.seat, action.args[0]
        ctx.close_pending("lea-take", seat)
        ctx.gain(seat, [picks.count(i) for i in range(5)])
        return [Event("friend", seat, f"{ctx.name(seat)} takes {' and '.join(RESOURCES[r] for r in picks)}")]

    def legal_lea_take(self, seat: int) -> Iterable[Action]:
        bank = self.ctx.state.bank
        return [Action("lea-take", ((a, b),), seat) for a in range(5) for b in range(a, 5)
                if bank[a] >= 1 + (a == b) and bank[b] >= 1]

    def check_lea_discard(self, action: Action) -> str | None:
        ctx = self.ctx
        if ctx.pending_for("lea-discard", action.seat) is None:
            return "Lea asks a discard only after a roll of 1-2 ('lea')"
        card = action.args[0]
        if self.cards_held(action.seat)[card] < 1:
            return f"you have no {self.card_names()[card]}"
        return None

    def apply_lea_discard(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, card = action.seat, action.args[0]
        ctx.close_pending("lea-discard", seat)
        if card < 5:
            ctx.pay(seat, [int(i == card) for i in range(5)])
        else:                  # a card of the chapter's own (Chapter 4's spices)
            self.chapter.discard_hand_card(seat, card - 5)
        return [Event("friend", seat, f"{ctx.name(seat)} discards 1 {self.card_names()[card]}")]

    # Lea's discard is of any card in hand: resources, then the chapter's own cards.
    def card_names(self) -> tuple[str, ...]:
        return RESOURCES + self.chapter.hand_card_names

    def cards_held(self, seat: int) -> list[int]:
        return list(self.ctx.state.players[seat].resources) + self.chapter.hand_cards(seat)

    def legal_lea_discard(self, seat: int) -> list[Action]:
        return [Action("lea-discard", (c,), seat) for c, n in enumerate(self.cards_held(seat)) if n]

    def _parse_lea_discard(self, r: Reader, actor: int) -> Action:
        names = self.card_names()
        if r.peek() in names[5:]:
            return Action("lea-discard", (names.index(r.next("card")),), actor)
        return Action("lea-discard", (r.resource(),), actor)


def _parse_hakon(r: Reader, actor: int) -> Action:
    give = r.resource()
    if r.more() and r.peek() == "for":
        r.next("for")
    return Action("hakon", (give, r.resource()), actor)


def _parse_lea_take(r: Reader, actor: int) -> Action:
    picks = [r.resource()]
    while r.more():
        picks.append(r.resource())
    return Action("lea-take", (tuple(sorted(picks)),), actor)


__all__ = ["Friends3Rules"]
