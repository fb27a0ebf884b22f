"""Chapter 4, The Spice Islands (seed 000 "Chapter 4" with its "Postscript to Chapter 3";
digest E.1.3, E.3.7, F.0.6, F.0.16-F.0.19).

- Exploring (task 1): the red- and blue-bordered areas are face down, each its own shuffled
  stack of 2 spice, 2 gold and 4 sea hexes (3 with 3 players), turned up by the engine's
  general exploration rule (``[board.face_down]``).  Rewards (:meth:`Chapter4.discovery_reward`):
  a gold field, 1 resource of your choice (``choose resource RES``) and the top of the one
  face-down number stack 5, 6, 8, 9 (``numbers_from``); sea, the top chest of the chest stack;
  spice, the top spice card.
- Sea robber lairs (:mod:`.lairs`) when Chapter 3 left 2 or more sea robbers, or played alone.
- Spice hexes (``[board] barren``): no number, no settlement on a corner, no road on a side.
- Merchants and trade options (:mod:`.merchants`), spice cards (:mod:`.spices`).
- Captain Whitebeard, the Seafarers pirate, under the friendly robber rule: no pirate next
  to a ship of a player with 3 VP or fewer (F.0.6).
- Played alone: the lairs, and 3 random friend cards each from all chapters.  14 VP on your
  own turn wins.  The Chronicle records VP and the Catan chits received for spices.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, ClassVar

from ....engine.actions import Action, Event
from ....engine.declare import HelpEntry, PendingKind, StateItem, Verb
from ....engine.geometry import RESOURCES
from ..chapter import Chapter
from .lairs import Lairs
from .merchants import Merchants
from .spices import SPICES, Spices

if TYPE_CHECKING:
    from ..general import LegendRules

SPICE = "spice"

RULES_TEXT = """\
Legend of the Sea Robbers, Chapter 4: The Spice Islands ({players} players; {vp_target} VP on your turn wins;
{pieces_ship} ships each, {merchants} merchants each).
Tasks of the Council of Catan:
1. Explore: a ship built or moved with an end on a corner of a face-down hex turns it up.
   Gold field: 1 resource of your choice ('choose resource ore') and a number from the stack
   {gold_numbers}. Sea: the top chest. Spice: the top spice card. If Chapter 3 left {lairs_if_robbers_left} or more
   sea robbers (or the chapter is played alone), the first {lairs} sea hexes found get a sea robber
   lair; {lair_ships} ships of any players on its sides take it, and each of them draws a chest.
2. Trade: no settlement or road on a spice hex (it has no number). 'build merchant N RES'
   ({merchant_cost}) on a corner of a discovered spice hex beside your own ship, not between
   two spice hexes, one merchant per intersection; it closes your route and takes one of
   the {option_count} trade options ({options_each} per resource), at most one per spice hex. 'buy spice RES': {trade_option_price} of
   an option's resource buy the top spice card, as often as you like on your turn. Each
   option lets your hand hold {option_hand_bonus} more cards on a 7.
3. Spices ({spice_names}) are cards in hand: they count on a 7, may be stolen,
   Monopoly may name one ('play monopoly pepper'); trade them with players ('offer blue 1
   pepper for 1 ore'), never with the bank. Once a turn {spices_for_chits} alike or {spices_for_chits} different buy {chits_for_spices} Catan
   chits ('cash nutmeg pepper cinnamon').
Captain Whitebeard (the pirate) sails too; neither he nor the robber may go next to a player
with {robber_protects_up_to} VP or fewer (for the pirate: next to that player's ship).
"""


class Chapter4(Chapter):
    number: ClassVar[int] = 4
    title: ClassVar[str] = "The Spice Islands"
    record_columns: ClassVar[tuple[tuple[str, str], ...]] = (("chits", "Catan chits for spices"),)
    rules_text: ClassVar[str] = RULES_TEXT

    def rules_words(self) -> dict[str, object]:
        scen = self.ctx.scen
        options = Counter(scen.params["trade_options"])
        each = set(options.values())
        # the gold fields' number stack: the one face-down area that holds it
        numbers = next((area.numbers for area in scen.face_down.values() if area.numbers), ())
        return {"option_count": sum(options.values()),
                "options_each": each.pop() if len(each) == 1 else "up to " + str(max(each)),
                "spice_names": ", ".join(scen.params["spices"]),
                "gold_numbers": ", ".join(str(n) for n in numbers)}

    def __init__(self, rules: "LegendRules") -> None:
        super().__init__(rules)
        self.spices = Spices(rules)
        self.lairs = Lairs(rules)
        self.merchants = Merchants(rules, self.spices)

    # --- declarations -------------------------------------------------------------------------
    def state_items(self) -> tuple[StateItem, ...]:
        return self.spices.state_items() + self.lairs.state_items() + self.merchants.state_items()

    def verbs(self) -> tuple[Verb, ...]:
        return self.spices.verbs() + self.merchants.verbs() + (
            Verb("choose-resource", ("choose", "resource"),
                 parse=lambda r, a: Action("choose-resource", (r.resource(),), a),
                 format=lambda a, w: f"choose resource {RESOURCES[a.args[0]]}",
                 check=self.check_choose, apply=self.apply_choose,
                 legal=lambda seat: [Action("choose-resource", (r,), seat) for r in range(5)],
                 help=HelpEntry("choose", "choose resource RES",
                                "You discovered a gold field: take 1 resource of your choice.",
                                "choose resource ore"),
                 answers="gold-find"),
        )

    def pendings(self) -> tuple[PendingKind, ...]:
        return self.spices.pendings() + (
            PendingKind("gold-find", prompt=lambda it: "gold field found: choose a resource",
                        reason=lambda it: f"{self.ctx.name(it['seat'])} must choose a resource for the gold "
                                          "field found ('choose resource RES')",
                        answers=lambda it: [Action("choose-resource", (r,), it["seat"]) for r in range(5)
                                            if self.ctx.state.bank[r] > 0], exact=True),
        )

    # --- creation ---------------------------------------------------------------------------
    def on_new_game(self) -> None:
        self.deal_friends_when_alone()      # 3 random friend cards each, from all chapters
        self.spices.on_new_game()
        self.lairs.on_new_game()
        self.merchants.on_new_game()

    # --- exploring ------------------------------------------------------------------------------
    def discovery_reward(self, seat: int, hex_: int) -> list[Event]:
        ctx = self.ctx
        terrain = ctx.state.terrain[hex_]
        name = ctx.name(seat)
        if terrain == "gold":
            if any(ctx.state.bank):
                ctx.ask({"kind": "gold-find", "seat": seat}, first=True)
                return [Event("discover", seat, f"{name} found a gold field: 1 resource of choice to take")]
            return [Event("discover", seat, "the bank has no resource for the gold field found")]
        if terrain == SPICE:
            return self.spices.draw(seat)[1]
        if terrain == "sea":
            return self.rules.draw_chest(seat, f"{name} discovers open sea and draws a chest") \
                + self.lairs.on_sea_found(hex_)
        return []

    def check_choose(self, action: Action) -> str | None:
        ctx = self.ctx
        if ctx.pending_for("gold-find", action.seat) is None:
            return "you have no gold field reward to take now"
        if ctx.state.bank[action.args[0]] < 1:
            return f"the bank has no {RESOURCES[action.args[0]]}"
        return None

    def apply_choose(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        ctx.close_pending("gold-find", seat)
        ctx.gain(seat, [int(i == res) for i in range(5)])
        return [Event("produce", seat, f"{ctx.name(seat)} takes 1 {RESOURCES[res]} for the gold field found")]

    # --- spice hexes: no settlements, no roads --------------------------------------------------
    def is_spice(self, h: int) -> bool:
        return self.ctx.state.terrain[h] == SPICE

    def settlement_reason(self, seat: int, node: int) -> str | None:
        terrain = self.ctx.state.terrain          # is_spice, inlined: asked of every site listed
        for h in self.ctx.geo.node_hexes[node]:
            if terrain[h] == SPICE:
                return f"intersection {node + 1} belongs to a spice island: Catanians do not settle there"
        return None

    def road_reason(self, seat: int, edge: int) -> str | None:
        if any(self.is_spice(h) for h in self.ctx.geo.edge_hexes[edge]):
            return f"path {self.ctx.edge_text(edge)} belongs to a spice island: no roads there (ships may pass)"
        return None

    def closes_route(self, seat: int, node: int) -> bool:
        return self.merchants.closes(seat, node)

    # --- the friendly pirate (F.0.6) -------------------------------------------------------------
    def pirate_hex_reason(self, seat: int, hex_: int) -> str | None:
        owner = self.protected_ship_at(hex_, self.rules.protected_seats())
        if owner >= 0:
            return (f"the friendly pirate may not go next to a ship of {self.ctx.name(owner)}, who has "
                    f"{self.rules.protect_vp} VP or fewer")
        return None

    def pirate_barred_hexes(self, seat: int) -> set[int]:
        """The hexes beside a protected seat's ship, from those seats' paths (a few) rather
        than from every side of every sea hex."""
        ctx = self.ctx
        edge_hexes = ctx.geo.edge_hexes
        protected = self.rules.protected_seats()
        barred: set[int] = set()
        for p in range(ctx.n):
            if protected[p]:
                for e in ctx.route_edges(p):
                    if ctx.has_ship(p, e):
                        barred.update(edge_hexes[e])
        return barred

    def protected_ship_at(self, hex_: int, protected: tuple[bool, ...]) -> int:
        """The first protected owner of a ship on a side of ``hex_``, or -1."""
        ctx = self.ctx
        s = ctx.state
        for e in ctx.geo.hex_edges[hex_]:
            owners = [s.edge_owner[e]] + ([s.shared_ships[e]] if s.shared_ships else [])
            for owner in owners:
                if owner >= 0 and protected[owner] and ctx.has_ship(owner, e):
                    return owner
        return -1

    def pirate_hexes(self, seat: int) -> list[int]:
        """The sea hexes the friendly pirate may go to (whom it protects worked out once)."""
        ctx = self.ctx
        protected = self.rules.protected_seats()
        return [h for h in range(ctx.geo.n_hexes) if not ctx.scen.is_land_hex[h] and h != ctx.state.pirate
                and self.protected_ship_at(h, protected) < 0]

    # --- cards in hand ---------------------------------------------------------------------------
    hand_card_names = SPICES

    def hand_cards(self, seat: int) -> list[int]:
        return list(self.spices.hand(seat))

    def discard_hand_card(self, seat: int, kind: int) -> None:
        self.spices.to_discard(seat, kind)

    def extra_hand(self, seat: int) -> int:
        return self.spices.held(seat)

    def steal_extra_card(self, thief: int, victim: int, pick: int) -> list[Event]:
        return self.spices.steal(thief, victim, pick)

    def discard_bonus(self, seat: int) -> int:
        return self.merchants.hand_bonus(seat)

    # --- after each action --------------------------------------------------------------------------
    def after_action(self) -> list[Event]:
        return self.lairs.capture()

    # --- view, scoring, checks, the Chronicle -------------------------------------------------------
    def view_items(self, viewer: int | None) -> dict[str, object]:
        ctx = self.ctx
        names = [ctx.name(p) for p in range(ctx.n)]
        return {
            "spice_hexes": [ctx.hex_id(h) for h in range(ctx.geo.n_hexes) if self.is_spice(h)],
            "chits_for_spices": {names[p]: ctx.player_data(p)["spice_chits"] for p in range(ctx.n)},
            **self.lairs.view_items(),
            **self.merchants.view_items(),
        }

    def chests_elsewhere(self) -> int:
        return 0

    def invariant_problems(self) -> list[str]:
        return (self.spices.invariant_problems() + self.lairs.invariant_problems()
                + self.merchants.invariant_problems())

    def record(self, seat: int) -> dict[str, int]:
        return {"chits": int(self.ctx.player_data(seat)["spice_chits"])}

    def passes_on(self) -> dict[str, object]:
        ctx = self.ctx
        return {"chits": {ctx.name(p): int(ctx.player_data(p)["spice_chits"]) for p in range(ctx.n)}}
