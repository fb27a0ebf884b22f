"""What a chapter of the Legend adds to the general Legend rules, and what it passes on.

A chapter is a :class:`Chapter` subclass registered in :mod:`.chapters`.  The general rules
(:class:`.general.LegendRules`) build one per game from ``[params] chapter`` and ask it at
fixed points; every hook has a neutral default, so a chapter overrides only what it adds.
The campaign (:mod:`.campaign`) asks it for its Chronicle columns and for what it passes on
to the next chapter.

**The carry** is what one chapter passes on to the next: a JSON object kept in the campaign
(``Campaign.carry``) and written as the ``# carry:`` header of the next chapter's save, so
the chapter replays exactly.  While a game is set up it is ``ctx.carry`` (empty when a
chapter is played alone: then the chapter applies the seed's stand-alone options).  Its
keys, by player name:

- ``"chapter"``: the number of the chapter that passed it on;
- ``"friends"``: ``{player: [card, ...]}``, every friend card each player holds, from all
  chapters so far; the general rules give them back fresh, A side up (F.0.7), and keep
  them off the new chapter's display;
- ``"friends_removed"``: friend cards that chapter put out of play (3 players);
- the chapter's own (:meth:`Chapter.passes_on`): Chapter 1 passes ``"castaways"``
  ``{player: rescued}`` and ``"castaways_total"`` (Chapter 2's bog iron per pasture);
  Chapter 2 passes ``"gold"`` ``{player: nuggets panned}`` and ``"gold_total"`` (Chapter
  3's harbours).

The Chronicle (:mod:`.chronicle`) keeps every chapter's VP and :meth:`Chapter.record`, so
a later chapter needing an older result finds it there, not in the carry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable

from ...engine.actions import Event
from ...engine.declare import PendingKind, StateItem, Verb
from ...engine.words import or_list
from .friends import FRIENDS

if TYPE_CHECKING:
    from .general import LegendRules


class Chapter:
    """A chapter's own rules: the neutral chapter (no tasks beyond the general rules)."""

    # (read from the class too: the Chronicle's columns, the campaign's titles)
    number: ClassVar[int] = 0
    title: ClassVar[str] = ""
    #: what the Chronicle records for each player beyond VP: (key, column heading)
    record_columns: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: the chapter's total the Chronicle records for the table (key, heading), if any
    total_column: ClassVar[tuple[str, str] | None] = None
    rules_text: ClassVar[str] = ""

    def __init__(self, rules: "LegendRules") -> None:
        self.rules = rules
        self.ctx = rules.ctx

    def rules_words(self) -> dict[str, object]:
        """Values the chapter's ``rules_text`` names beyond the general ones (see
        ``ScenarioRules.rules_words``)."""
        return {}

    def friend_names(self, cards: Iterable[str]) -> str:
        """The friend cards ``cards``, by name, in words: 'Jerok, Olaf, Oda or Captain Dever'."""
        return or_list([FRIENDS[card].title.split(" the ")[0] for card in cards])

    def state_items(self) -> tuple[StateItem, ...]:
        return ()

    def verbs(self) -> tuple[Verb, ...]:
        return ()

    def pendings(self) -> tuple[PendingKind, ...]:
        return ()

    def on_new_game(self) -> None:
        """Place the chapter's tokens; read what the chapter before passes on from
        ``self.ctx.carry`` (the friend cards are the general rules' part)."""

    def deal_friends_when_alone(self) -> None:
        """Played alone (no chapter before it passes anything on), each player draws
        ``alone_friend_count`` friend cards at random from the chapter's ``alone_friends``."""
        ctx = self.ctx
        if ctx.carry:
            return
        params = ctx.scen.params
        cards = [str(c) for c in params.get("alone_friends", [])]
        ctx.state.rng.shuffle(cards)
        each = int(params.get("alone_friend_count", 1))
        for seat in range(ctx.n):
            for card in cards[seat * each:(seat + 1) * each]:
                self.rules.give_friend(seat, card)

    def on_outpost(self, seat: int) -> list[Event]:
        """``seat`` built their outpost on the chapter's target island."""
        return []

    def before_production(self) -> None:
        """After the dice, before the general production pays."""

    def after_production(self, total: int) -> list[Event]:
        return []

    def after_route_change(self, seat: int) -> list[Event]:
        """``seat`` built or moved a road or ship (after the chests are picked up)."""
        return []

    def after_action(self) -> list[Event]:
        return []

    # --- rule points the chapter may change (the general rules ask; neutral by default) ---
    def settlement_reason(self, seat: int, node: int) -> str | None:
        return None

    def road_reason(self, seat: int, edge: int) -> str | None:
        return None

    def closes_route(self, seat: int, node: int) -> bool:
        return False

    def discovery_reward(self, seat: int, hex_: int) -> list[Event] | None:
        """A face-down hex turned up (None: the engine's general reward)."""
        return None

    def pirate_hex_reason(self, seat: int, hex_: int) -> str | None:
        return None

    def pirate_barred_hexes(self, seat: int) -> set[int]:
        """Every hex pirate_hex_reason refuses ``seat``, at once (it may hold land hexes)."""
        return set()

    def pirate_hexes(self, seat: int) -> list[int]:
        """Sea hexes the pirate may go to (none: the chapter has no pirate)."""
        return []

    #: the kinds of the chapter's own cards in hand (Chapter 4's spices)
    hand_card_names: tuple[str, ...] = ()

    def hand_cards(self, seat: int) -> list[int]:
        """How many of each of ``hand_card_names`` ``seat`` holds."""
        return []

    def discard_hand_card(self, seat: int, kind: int) -> None:
        raise NotImplementedError("a chapter with cards of its own in hand says how one is discarded")

    def extra_hand(self, seat: int) -> int:
        """Cards of the chapter's own in a hand beside resources (Chapter 4's spices)."""
        return 0

    def steal_extra_card(self, thief: int, victim: int, pick: int) -> list[Event]:
        raise NotImplementedError("a chapter with cards of its own in hand says how one is stolen")

    def discard_bonus(self, seat: int) -> int:
        """Cards ``seat`` may hold on a 7 beyond the general limit."""
        return 0

    def trade_rates(self, seat: int, rates: list[int]) -> list[int]:
        """Maritime rates after the board's harbours (a harbour earned in the chapter)."""
        return rates

    def chests_elsewhere(self) -> int:
        """Chest tokens the chapter keeps off the intersections (under sea robbers)."""
        return 0

    def chest_slots(self) -> list[list[Any]]:
        """Where those tokens lie face down, as lists whose item 1 is the face (a sea
        robber's ``[hex, face]``): dealt afresh with the other chests (``redeal_chests``)."""
        return []

    def vp_sources(self, seat: int) -> dict[str, int]:
        return {}

    def view_items(self, viewer: int | None) -> dict[str, object]:
        return {}

    def invariant_problems(self) -> list[str]:
        return []

    # --- the Chronicle ------------------------------------------------------------------
    def record(self, seat: int) -> dict[str, int]:
        """The chapter's result for ``seat`` (the keys of ``record_columns``)."""
        return {}

    def table_total(self, records: list[dict[str, int]]) -> int:
        """The table's total for the Chronicle (``total_column``): by default the sum of
        the players' records under its key."""
        key = self.total_column[0] if self.total_column else ""
        return sum(r.get(key, 0) for r in records)

    def passes_on(self) -> dict[str, Any]:
        """The chapter's own keys of the carry (JSON values): what the next chapter needs
        of this one beyond the friend cards, which the general rules pass on."""
        return {}
