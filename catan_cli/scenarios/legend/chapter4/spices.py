"""Spice cards of Chapter 4 (seed 000 "Chapter 4", tasks 2 e and 3; digest E.1.3, F.0.18).

Nutmeg, pepper and cinnamon, 10 each, in a face-down stack (``spice_stack``, nobody sees
it) with a face-up discard pile reshuffled when the stack runs out.  A hand's spices
(``spices``: counts per kind) are its owner's secret; the others see how many.

- They are cards in hand: they count for the 7 (and are discarded like resources, ``discard
  2 ore 1 pepper``), the robber or pirate may steal one (the engine's ``extra_hand`` rule
  point), Monopoly may name a spice (``play monopoly pepper``).
- Trade between players only (``offer blue 1 pepper for 1 ore``, mixed freely), never with
  the bank: the general maritime trade has no word for them.
- Once per turn 3 alike or 3 different (2 + 1 does not count) buy 2 Catan chits (``cash
  nutmeg pepper cinnamon``); they go face up on the discard pile.

Every line that names no spice is the general command: these verbs hand it on.
"""

from __future__ import annotations

import random
from itertools import product
from typing import TYPE_CHECKING, Any, Iterable

from ....engine.actions import Action, Event, Private
from ....engine.declare import HelpEntry, PendingKind, StateItem, Verb, Visibility
from ....engine.geometry import RESOURCES
from ....engine.hidden import deal, unseen
from ....engine.legal import discard_choices
from ....notation import VERBS, Reader
from ....wording import plural
from ...goods_offers import Goods, GoodsOffers

if TYPE_CHECKING:
    from ....engine.context import RulesContext
    from ..general import LegendRules

SPICES: tuple[str, ...] = ("nutmeg", "pepper", "cinnamon")
N = len(RESOURCES) + len(SPICES)          # a trade side or a discard: 5 resources, then 3 spices


SPICE_GOODS = Goods(names=SPICES, offer_kind="spice-offer", answer_suffix="spices", things="card")
side_text = SPICE_GOODS.side_text


def _shuffled(value: Any, rng: Any) -> Any:
    out = list(value)
    rng.shuffle(out)
    return out


class Spices:
    """The spice cards: stack, discard pile, hands, and the verbs that move them."""

    def __init__(self, rules: "LegendRules") -> None:
        self.rules = rules
        self.ctx = rules.ctx
        params = self.ctx.scen.params
        counts = dict(params.get("spices", {}))
        self.total = sum(int(v) for v in counts.values())
        self.deck = [k for k in SPICES for _ in range(int(counts.get(k, 0)))]
        self.cash_count = int(params.get("spices_for_chits", 3))
        self.cash_chits = int(params.get("chits_for_spices", 2))
        self.offers = GoodsOffers(self.ctx, SPICE_GOODS, held=self.hand, move=self._move)

    # --- declarations ---------------------------------------------------------------------
    def state_items(self) -> tuple[StateItem, ...]:
        return (
            StateItem("spice_stack", Visibility.NOBODY, shown_as=len, scramble=_shuffled, redeal=self.redeal,
                      doc="the face-down spice card stack (its order is nobody's to see)"),
            StateItem("spice_discard", Visibility.PUBLIC, doc="spice cards cashed, face up on the discard pile"),
            StateItem("spices", Visibility.OWNER, scope="player", shown_as=sum,
                      scramble=lambda v, rng: _shuffled(v, rng),
                      present=lambda v: dict(zip(SPICES, v)), redeal=self.redeal,
                      doc="spice cards in hand (nutmeg, pepper, cinnamon); the others see how many"),
            StateItem("spice_chits", Visibility.PUBLIC, scope="player",
                      doc="Catan chits received for spices (the Chronicle's record)"),
            StateItem("cashed_turn", Visibility.PUBLIC, scope="player",
                      doc="the turn spices were last cashed for chits (once per turn)"),
        )

    def redeal(self, ctx: "RulesContext", seat: int, rng: random.Random) -> None:
        """The spice cards hidden from ``seat`` dealt afresh (``StateItem.redeal``): the
        deck less the discard pile (face up) and ``seat``'s own hand, over the stack and
        the other hands, each keeping its size; cards a pending offer promises stay with
        the seat that offers them."""
        c = self.ctx
        promised: dict[int, list[int]] = {}
        for item in c.state.pending:
            if item.get("kind") == SPICE_GOODS.offer_kind and item.get("from", seat) != seat:
                give = [int(x) for x in item["give"][len(RESOURCES):]]
                promised[int(item["from"])] = give
        mine = [SPICES[k] for k in range(len(SPICES)) for _ in range(self.hand(seat)[k])]
        kept = [SPICES[k] for give in promised.values() for k in range(len(SPICES)) for _ in range(give[k])]
        pool = unseen(self.deck, list(c.data["spice_discard"]) + mine + kept)
        others = [p for p in range(c.n) if p != seat]
        sizes = [len(c.data["spice_stack"])]
        sizes += [self.held(p) - sum(promised.get(p, [0] * len(SPICES))) for p in others]
        stack, *hands = deal(pool, [max(0, n) for n in sizes], rng, self.deck)
        c.data["spice_stack"] = stack
        for p, cards in zip(others, hands):
            hand = list(promised.get(p, [0] * len(SPICES)))
            for card in cards:
                hand[SPICES.index(card)] += 1
            c.player_data(p)["spices"] = hand

    def on_new_game(self) -> None:
        ctx = self.ctx
        stack = list(self.deck)
        ctx.state.rng.shuffle(stack)
        ctx.data["spice_stack"] = stack
        ctx.data["spice_discard"] = []
        for seat in range(ctx.n):
            ctx.player_data(seat).update(spices=[0] * len(SPICES), spice_chits=0, cashed_turn=-1)

    def hand(self, seat: int) -> list[int]:
        return self.ctx.player_data(seat)["spices"]  # type: ignore[no-any-return]

    def held(self, seat: int) -> int:
        return sum(self.hand(seat))

    def draw(self, seat: int) -> tuple[int, list[Event]]:
        """The top spice card to ``seat`` (the discard pile is shuffled into a new stack when
        the stack is empty); -1 when there is none at all."""
        ctx = self.ctx
        events: list[Event] = []
        stack = ctx.data["spice_stack"]
        if not stack and ctx.data["spice_discard"]:
            stack.extend(ctx.data["spice_discard"])
            ctx.data["spice_discard"] = []
            ctx.state.rng.shuffle(stack)
            events.append(Event("spice", -1, "the spice stack is empty: the discard pile is shuffled into a new stack"))
        if not stack:
            events.append(Event("spice", seat, "no spice card is left to draw"))
            return -1, events
        kind = SPICES.index(stack.pop())
        self.hand(seat)[kind] += 1
        name = ctx.name(seat)
        events.append(Event("spice", seat, f"{name} draws a spice card",
                            private=Private((seat,), f"{name} draws a spice card: {SPICES[kind]}",
                                            (("spice", SPICES[kind]),))))
        return kind, events

    def to_discard(self, seat: int, kind: int, count: int = 1) -> None:
        self.hand(seat)[kind] -= count
        self.ctx.data["spice_discard"].extend([SPICES[kind]] * count)

    # --- verbs ----------------------------------------------------------------------------------
    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("cash-spices", ("cash",), parse=_parse_cash,
                 format=lambda a, w: "cash " + " ".join(SPICES[k] for k in a.args[0]),
                 check=self.check_cash, apply=self.apply_cash, legal=self.legal_cash, exact=True,
                 help=HelpEntry("cash", "cash SPICE SPICE SPICE",
                                f"Once on your turn: discard {self.cash_count} spice cards of one kind, or {self.cash_count} of "
                                f"different kinds (not a mix of both), for {plural(self.cash_chits, 'Catan chit')} "
                                "(1 VP each).",
                                "cash nutmeg pepper cinnamon", f"{self.cash_count} spice cards")),
            Verb("discard-spices", ("discard",), parse=_parse_discard,
                 format=lambda a, w: f"discard {side_text(a.args[0])}",
                 check=self.check_discard, apply=self.apply_discard, legal=self.legal_discard, exact=True,
                 help=HelpEntry("discard", "discard CARDS",
                                "On a 7 with too many cards: discard half, spice cards among them if you "
                                "like ('discard 2 ore 1 pepper'). Spice cards count as cards in hand.",
                                "discard 2 ore 1 pepper"),
                 answers="discard"),
            Verb("monopoly-spice", ("play", "monopoly"), parse=_parse_monopoly,
                 format=lambda a, w: f"play monopoly {SPICES[a.args[0]]}",
                 check=self.check_monopoly, apply=self.apply_monopoly,
                 legal=self.monopoly_moves, exact=True, plays_card=True,
                 help=HelpEntry("play", "play monopoly RES|SPICE",
                                "Monopoly may name a spice: every other player hands you all their cards "
                                "of that spice.", "play monopoly pepper")),
            Verb("spice-offer", ("offer",), parse=SPICE_GOODS.parse_offer,
                 format=lambda a, w: f"offer {w.name(a.args[0])} {side_text(a.args[1])} for {side_text(a.args[2])}",
                 check=self.check_offer, apply=self.offers.apply_offer, legal=self.legal_offer,
                 help=HelpEntry("offer", "offer P CARDS for CARDS",
                                "Offer a trade to another player; spice cards trade like resources "
                                "('offer blue 1 pepper for 1 ore'), with players only, never with the bank. "
                                "They answer 'accept' or 'decline'.", "offer blue 1 pepper for 1 ore"),
                 offers=True),
            Verb("spice-to-bank", ("trade",), parse=_parse_trade, format=lambda a, w: "trade " + " ".join(a.args),
                 check=lambda a: "spice cards are never traded with the bank, nor taken from it; trade them "
                                 "with other players ('offer blue 1 pepper for 1 ore')",
                 apply=lambda a: [], legal=lambda seat: [], exact=True,       # its check refuses all
                 help=HelpEntry("trade", "trade N RES for 1 RES",
                                "The bank trades resources only: spice cards are never traded with it.",
                                "trade 3 wool for 1 ore")),
            Verb("accept-spices", ("accept",), parse=SPICE_GOODS.parse_answer("accept"), format=lambda a, w: "accept",
                 check=self.offers.check_answer, apply=self.offers.apply_answer, legal=lambda seat: [],
                 help=HelpEntry("accept", "accept", "Accept the trade offered to you.", "accept"),
                 answers="spice-offer"),
            Verb("decline-spices", ("decline",), parse=SPICE_GOODS.parse_answer("decline"), format=lambda a, w: "decline",
                 check=self.offers.check_answer, apply=self.offers.apply_answer, legal=lambda seat: [],
                 help=HelpEntry("decline", "decline", "Decline the trade offered to you.", "decline"),
                 answers="spice-offer"),
        )

    def pendings(self) -> tuple[PendingKind, ...]:
        return (self.offers.pending(),)

    # --- cash spices for chits ---------------------------------------------------------------------
    def check_cash(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, kinds = action.seat, action.args[0]
        reason = ctx.main_phase_reason(seat, "cash spices")
        if reason:
            return reason
        if ctx.player_data(seat)["cashed_turn"] == ctx.state.turn:
            return "you have already cashed spices this turn (once per turn)"
        if len(kinds) != self.cash_count:
            return f"cash exactly {self.cash_count} spice cards"
        if len(set(kinds)) not in (1, len(kinds)):
            return "cash 3 spice cards of one kind or 3 of different kinds; 2 of one and 1 other do not count"
        have = self.hand(seat)
        for k in set(kinds):
            if have[k] < kinds.count(k):
                return f"you have only {have[k]} {SPICES[k]}"
        return None

    def apply_cash(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, kinds = action.seat, action.args[0]
        for k in kinds:
            self.to_discard(seat, k)
        pd = ctx.player_data(seat)
        pd["cashed_turn"] = ctx.state.turn
        chits = min(self.cash_chits, ctx.data["chits_left"])
        ctx.data["chits_left"] -= chits
        pd["chits"] += chits
        pd["spice_chits"] += chits
        return [Event("chit", seat, f"{ctx.name(seat)} discards {', '.join(SPICES[k] for k in kinds)} face up "
                                    f"and takes {chits} Catan chits", (("reveals", "spices"),))]

    def legal_cash(self, seat: int) -> list[Action]:
        if self.ctx.player_data(seat)["cashed_turn"] == self.ctx.state.turn:
            return []       # once per turn
        have = self.hand(seat)
        out = [Action("cash-spices", ((k,) * self.cash_count,), seat) for k in range(len(SPICES))
               if have[k] >= self.cash_count]
        if all(have):
            out.append(Action("cash-spices", (tuple(range(len(SPICES))),), seat))
        return out

    # --- discards on a 7 ----------------------------------------------------------------------------
    def check_discard(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, cards = action.seat, action.args[0]
        item = ctx.pending_for("discard", seat)
        if item is None:
            return "you have nothing to discard now"
        if len(cards) != N or min(cards) < 0:
            return "discard a count of each card, none below zero"
        if not any(cards[5:]):
            return "a discard without spice cards is the general one ('discard 2 ore 2 wool')"
        if sum(cards) != item["count"]:
            return f"discard exactly {item['count']} cards (half of {ctx.hand_size(seat)}, rounded down)"
        have = list(ctx.state.players[seat].resources) + self.hand(seat)
        names = RESOURCES + SPICES
        for i in range(N):
            if cards[i] > have[i]:
                return f"you have only {have[i]} {names[i]}"
        return None

    def apply_discard(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, cards = action.seat, action.args[0]
        ctx.close_pending("discard", seat)
        ctx.pay(seat, cards[:5])
        for k in range(len(SPICES)):
            if cards[5 + k]:
                self.to_discard(seat, k, cards[5 + k])
        return [Event("discard", seat, f"{ctx.name(seat)} discards {side_text(cards)}")]

    def legal_discard(self, seat: int) -> list[Action]:
        """Exactly the discards :meth:`check_discard` allows: every way to discard the count
        with spice cards among them (those of resources alone are the general discard's),
        the spices' part most nutmeg first, then pepper, then cinnamon, each with every
        resource part in the general discards' order (``discard_choices``)."""
        ctx = self.ctx
        item = ctx.pending_for("discard", seat)
        spice = self.hand(seat)
        if item is None or not any(spice):
            return []
        count = item["count"]
        res = ctx.state.players[seat].resources
        out = []
        for part in product(*(range(min(n, count), -1, -1) for n in spice)):
            rest = count - sum(part)
            if rest == count or rest < 0:
                continue
            out += [Action("discard-spices", (cards + part,), seat) for cards in discard_choices(res, rest)]
        return out

    # --- Monopoly on a spice ---------------------------------------------------------------------
    def check_monopoly(self, action: Action) -> str | None:
        # the general card play's timing (one card a turn, not bought this turn ...)
        return self.ctx.check(Action("play-monopoly", (0,), action.seat))

    def monopoly_moves(self, seat: int) -> list[Action]:
        """Every spice, when check_monopoly allows the card's play (it reads no spice): not
        while the seat holds no development card or has played one this turn (the general
        play refuses then; asked at every listing, the usual answer)."""
        s = self.ctx.state
        if s.dev_played or not s.players[seat].dev_cards:
            return []
        if self.check_monopoly(Action("monopoly-spice", (0,), seat)):
            return []
        return [Action("monopoly-spice", (k,), seat) for k in range(len(SPICES))]

    def apply_monopoly(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, kind = action.seat, action.args[0]
        ctx.play_card(seat, "monopoly")
        taken = 0
        for p in range(ctx.n):
            if p != seat:
                taken += self.hand(p)[kind]
                self.hand(p)[kind] = 0
        self.hand(seat)[kind] += taken
        return [Event("card", seat, f"{ctx.name(seat)} plays monopoly on {SPICES[kind]} and takes {taken}",
                      (("reveals", "hands"),))]

    # --- trades between players (the general mechanism: scenarios/goods_offers.py) -------------
    def _move(self, seat: int, kind: int, delta: int) -> None:
        self.hand(seat)[kind] += delta

    def check_offer(self, action: Action) -> str | None:
        seat, (target, give, get) = action.seat, action.args
        # the general offer's rules (on the turn, between the player on turn and another ...)
        reason = self.ctx.check(Action("offer", (target, (1, 0, 0, 0, 0), (0, 1, 0, 0, 0)), seat))
        if reason and not reason.startswith("you have"):
            return reason
        return self.offers.terms_reason(seat, give, get)

    def legal_offer(self, seat: int) -> Iterable[Action]:
        """One spice for one resource and back (offers are open-ended: listed on request)."""
        out = []
        have = self.hand(seat)
        for target in range(self.ctx.n):
            if target == seat:
                continue
            for k in range(len(SPICES)):
                for r in range(5):
                    spice = tuple(int(i == 5 + k) for i in range(N))
                    card = tuple(int(i == r) for i in range(N))
                    if have[k]:
                        out.append(Action("spice-offer", (target, spice, card), seat))
                    out.append(Action("spice-offer", (target, card, spice), seat))
        return out

    # --- the robber's and pirate's theft ------------------------------------------------------------
    def steal(self, thief: int, victim: int, pick: int) -> list[Event]:
        have = self.hand(victim)
        kind = 0
        while pick >= have[kind]:
            pick -= have[kind]
            kind += 1
        have[kind] -= 1
        self.hand(thief)[kind] += 1
        ctx = self.ctx
        return [Event("steal", thief, f"{ctx.name(thief)} steals a card from {ctx.name(victim)}",
                      private=Private((thief, victim),
                                      f"{ctx.name(thief)} steals 1 {SPICES[kind]} from {ctx.name(victim)}",
                                      (("spice", SPICES[kind]),)))]

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        held = sum(self.held(p) for p in range(ctx.n))
        count = held + len(ctx.data["spice_stack"]) + len(ctx.data["spice_discard"])
        out = []
        if count != self.total:
            out.append(f"spice cards not conserved: {count} != {self.total}")
        if any(v < 0 for p in range(ctx.n) for v in self.hand(p)):
            out.append("a hand holds fewer than no spice cards")
        return out


# --- the command language ---------------------------------------------------------------------------
def _side(r: Reader) -> tuple[int, ...]:
    return r.cards(goods=SPICES)


def _parse_cash(r: Reader, actor: int) -> Action:
    side = _side(r)
    if any(side[:5]):
        raise r.fail("only spice cards are cashed for Catan chits (nutmeg, pepper, cinnamon)")
    kinds = tuple(k for k in range(len(SPICES)) for _ in range(side[5 + k]))
    return Action("cash-spices", (kinds,), actor)


def _parse_discard(r: Reader, actor: int) -> Action:
    side = _side(r)
    if any(side[5:]):
        return Action("discard-spices", (side,), actor)
    return Action("discard", (side[:5],), actor)


def _parse_monopoly(r: Reader, actor: int) -> Action:
    if r.peek() in SPICES:
        return Action("monopoly-spice", (SPICES.index(r.next("spice")),), actor)
    return Action("play-monopoly", (r.resource(),), actor)


def _parse_trade(r: Reader, actor: int) -> Action:
    """A maritime trade naming a spice is refused by its check; any other is the general one."""
    if any(tok in SPICES for tok in r.t[r.i:]):
        words = tuple(r.t[r.i:])
        r.i = len(r.t)
        return Action("spice-to-bank", words, actor)
    return VERBS["trade"](r, actor)
