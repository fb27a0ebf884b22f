"""Friend cards (seed 000, "Friend Cards"; digest F.0.7).

A friend card is won for a chapter's task and kept for the rest of the legend.  It comes
"A" side up; the first use in a chapter turns it "B" side up, the second puts it away until
the next chapter (two uses per chapter, the B side doing what the A side does, F.0.7).  At
most one friend card per turn, and only on your own turn except Oda (and, from Chapter 2,
Reiko) on any production roll.  Friend cards are never traded or stolen: nothing here lets
them move between players.

Each friend is its own verb, or an option of the verb it changes:

- Jerok the Smith: ``jerok`` buys a development card for 1 wool + 1 grain.
- Olaf the Master Builder: ``olaf road PATH RES`` builds a road for 1 lumber or 1 brick;
  ``olaf move PATH to PATH`` moves one of your open roads as a ship is moved (B.7).
- Oda the Healer: after a production roll (not a 7) that gave you nothing, ``oda RES``
  takes 1 resource of your choice (or ``oda no``).
- Captain Dever: ``... dever RES`` at the end of ``open chest``: 1 extra resource.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ...engine.actions import Action, Event
from ...engine.context import RulesContext
from ...engine.declare import HelpEntry, PendingKind, Verb
from ...engine.geometry import RESOURCES
from ...engine.words import either_text, resource_text, sum_text
from ...engine.pieces import ROAD
from ...engine.scenario import resource_vector
from ...notation import Reader
from .friendly_robber import FriendlyRobberRules


@dataclass(frozen=True)
class Friend:
    name: str          # its word in commands
    title: str
    chapter: int
    text: str          # what side A (and B) does


FRIENDS: dict[str, Friend] = {f.name: f for f in (
    Friend("jerok", "Jerok the Smith", 1, "No ore for development cards: buy one for 1 wool + 1 grain ('jerok')."),
    Friend("olaf", "Olaf the Master Builder", 1,
           "Move one of your open roads ('olaf move 12-13 to 14-15') or build a road for 1 lumber "
           "or 1 brick ('olaf road 12-13 brick')."),
    Friend("oda", "Oda the Healer", 1,
           "No resources from a production roll (not a 7): take 1 of your choice ('oda ore'), on "
           "any player's roll."),
    Friend("dever", "Captain Dever", 1,
           "Use a chest: take 1 extra resource of your choice ('open chest 1 ... dever ore')."),
    # Chapter 2's (their verbs are in .chapter2.friends)
    Friend("nyala", "Nyala the Diplomat", 2,
           "The robber goes back to its start; take 1 resource of the type its hex produced ('nyala ore')."),
    Friend("reiko", "Reiko the Strong", 2, "On a 7 (anyone's roll) your hand may hold 4 more cards ('reiko')."),
    Friend("gerhild", "Gerhild the Brave", 2,
           "An opponent has more VP than you: take 2 resources of your choice ('gerhild ore grain')."),
    Friend("suna", "Suna the Cunning", 2,
           "Moving the robber, steal from 2 opponents there ('suna K blue white')."),
    Friend("isa", "Isa the Shipbuilder", 2,
           "Move a second ship ('isa move 12-13 to 14-15') or build one for 1 lumber or 1 wool "
           "('isa ship 12-13 wool')."),
    # Chapter 3's (their verbs are in .chapter3.friends)
    Friend("hakon", "Hakon the Trader", 3, "Once on your turn, trade 1 resource for 1 other ('hakon wool for ore')."),
    Friend("lias", "Lias the Pickpocket", 3,
           "Steal 1 card at random from the player with the most VP ('lias' or 'lias blue')."),
    Friend("wulf", "Wulf the Nightmare", 3, "After your knight, move the robber twice ('wulf')."),
    Friend("lea", "Lea the Gambler", 3, "Roll a die: 1-2 discard 1, 3-6 take 2 of your choice ('lea')."),
)}


def side(uses: int, limit: int) -> str:
    """The side a friend card shows after ``uses`` uses this chapter."""
    return "A" if uses == 0 else "B" if uses < limit else "used"


class FriendRules(FriendlyRobberRules):
    """The friend-card part of the Legend's rules (a base of :class:`.general.LegendRules`)."""

    def __init__(self, ctx: RulesContext) -> None:
        self._costs: dict[str, tuple[int, ...]] = {}     # cost_of's prices, by parameter
        super().__init__(ctx)
        #: a friend card's uses a chapter (F.0.7), read once: every listing asks it
        self.friend_uses = int(ctx.scen.params.get("friend_uses", 2))

    # --- holding and using --------------------------------------------------------------
    def friends_of(self, seat: int) -> dict[str, int]:
        """The friend cards ``seat`` holds, with their uses this chapter."""
        return self.ctx.player_data(seat)["friends"]  # type: ignore[no-any-return]

    def friend_reason(self, seat: int, name: str) -> str | None:
        """Why ``seat`` may not use friend ``name`` now (timing of the verb aside)."""
        ctx = self.ctx
        title = FRIENDS[name].title
        uses = self.friends_of(seat).get(name)
        if uses is None:
            return f"you do not have {title} as a friend"
        if uses >= self.friend_uses:
            return f"{title} has helped you twice this chapter already"
        if ctx.player_data(seat)["friend_turn"] == ctx.state.turn:
            return "you have already used a friend card this turn (one per turn)"
        return None

    def friend_ready(self, seat: int, name: str) -> bool:
        """Whether ``friend_reason(seat, name)`` is None, without its words: asked for every
        friend verb at every listing, where the answer is nearly always no."""
        pd = self.ctx.player_data(seat)
        uses = pd["friends"].get(name)
        return (uses is not None and uses < self.friend_uses
                and pd["friend_turn"] != self.ctx.state.turn)

    def open_verb_groups(self, seat: int) -> Sequence[str]:
        """The friends ``seat`` may call on now (each friend verb's group is its friend's
        name): none once a friend card was used this turn, else those held with a use left
        this chapter.  The core then skips the other friend verbs of a listing, whose
        ``friend_moves`` would list nothing."""
        pd = self.ctx.player_data(seat)
        held = pd["friends"]
        if not held or pd["friend_turn"] == self.ctx.state.turn:
            return ()
        limit = self.friend_uses
        return [name for name, uses in held.items() if uses < limit]

    def friend_moves(self, name: str, moves: Callable[[int], Iterable[Action]]) -> Callable[[int], list[Action]]:
        """A friend verb's exact listing: nothing while ``seat`` may not call on ``name``
        (the usual case: no such friend, or one used this turn; every friend verb's check
        refuses then too), else ``moves(seat)``, which gives exactly the moves the verb's
        check allows once the friend may help (its timing, costs and places: the
        friend's own questions asked once, not once per candidate)."""
        def listed(seat: int) -> list[Action]:
            # friend_ready, inlined: every friend verb asks it at every listing
            pd = self.ctx.player_data(seat)
            uses = pd["friends"].get(name)
            if uses is None or pd["friend_turn"] == self.ctx.state.turn or uses >= self.friend_uses:
                return []
            return list(moves(seat))
        return listed

    def use_friend(self, seat: int, name: str) -> str:
        """Count a use: A side up -> B side up -> put away for the chapter."""
        ctx = self.ctx
        friends = self.friends_of(seat)
        friends[name] += 1
        ctx.player_data(seat)["friend_turn"] = ctx.state.turn
        now = side(friends[name], self.friend_uses)
        after = "turns to its B side" if now == "B" else "is put away for this chapter"
        return f"{FRIENDS[name].title} helps {ctx.name(seat)} and {after}"

    def give_friend(self, seat: int, name: str) -> None:
        self.friends_of(seat)[name] = 0

    # --- verbs ---------------------------------------------------------------------------------
    def friend_verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("jerok", ("jerok",), parse=lambda r, a: Action("jerok", (), a), format=lambda a, w: "jerok",
                 check=self.check_jerok, apply=self.apply_jerok, legal=self.friend_moves("jerok", self.jerok_moves),
                 exact=True, group="jerok",
                 help=HelpEntry("jerok", "jerok", "Jerok the Smith: buy a development card without ore, for "
                                f"{self._jerok_price()} (your own turn, after the roll).", "jerok",
                                self.price_text("jerok_card"))),
            Verb("olaf", ("olaf",), parse=_parse_olaf, format=self._format_olaf,
                 check=self.check_olaf, apply=self.apply_olaf, legal=self.friend_moves("olaf", self.olaf_moves),
                 exact=True, group="olaf",
                 help=HelpEntry("olaf", "olaf road PATH lumber|brick | olaf move PATH to PATH",
                                f"Olaf the Master Builder: build a road for only {either_text(self.ctx.scen.params.get('olaf_road', ()))}, or move "
                                "one of your open roads (a road at the open end of your road, like a ship move).",
                                "olaf road 12-13 brick", either_text(self.ctx.scen.params.get("olaf_road", ())))),
            Verb("oda", ("oda",), parse=_parse_oda,
                 format=lambda a, w: f"oda {RESOURCES[a.args[0]] if a.args[0] >= 0 else 'no'}",
                 check=self.check_oda, apply=self.apply_oda, legal=self.legal_oda,
                 help=HelpEntry("oda", "oda RES | oda no",
                                "Oda the Healer: when a production roll (not a 7) gives you nothing, take 1 "
                                "resource of your choice; on any player's roll.", "oda ore"),
                 answers="oda"),
            Verb("choose-friend", ("choose", "friend"), parse=_parse_choose_friend,
                 format=lambda a, w: f"choose friend {a.args[0]}",
                 check=self.check_choose_friend, apply=self.apply_choose_friend, legal=self.legal_choose_friend,
                 help=HelpEntry("choose", "choose friend NAME",
                                "Take one of the friend cards on display, as the reward for your outpost.",
                                "choose friend dever"),
                 answers="friend"),
        )

    def friend_pendings(self) -> tuple[PendingKind, ...]:
        def who(item: dict[str, Any]) -> str:
            return self.ctx.name(item["seat"])

        return (
            PendingKind("friend", prompt=lambda it: "choose a friend card",
                        reason=lambda it: f"{who(it)} must choose a friend card ('choose friend NAME')",
                        answers=lambda it: self.legal_choose_friend(it["seat"]), exact=True),
            PendingKind("oda", prompt=lambda it: "Oda: take 1 resource, or 'oda no'",
                        reason=lambda it: f"{who(it)} may call on Oda the Healer first ('oda RES' or 'oda no')",
                        answers=lambda it: self.legal_oda(it["seat"]), exact=True),
        )

    # --- choose friend NAME ------------------------------------------------------------------
    def check_choose_friend(self, action: Action) -> str | None:
        ctx = self.ctx
        if ctx.pending_for("friend", action.seat) is None:
            return "you have no friend card to choose now"
        name = action.args[0]
        pool = ctx.data["friend_pool"]
        if name not in pool:
            shown = ", ".join(pool) or "none"
            return f"{name} is not on display (friend cards on display: {shown})"
        return None

    def apply_choose_friend(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, name = action.seat, action.args[0]
        item = ctx.pending_for("friend", seat)
        assert item is not None
        ctx.resolve(item)
        ctx.data["friend_pool"].remove(name)
        self.give_friend(seat, name)
        events = [Event("friend", seat, f"{ctx.name(seat)} takes {FRIENDS[name].title} as a friend (A side up)")]
        ctx.data["friend_choices"] += 1
        if ctx.data["friend_choices"] >= ctx.n and ctx.data["friend_pool"]:
            # 3 players: the card left over leaves play, for this chapter and the next.
            left = ctx.data["friend_pool"]
            ctx.data["friends_removed"].extend(left)
            events.append(Event("friend", -1, f"{', '.join(FRIENDS[n].title for n in left)} leaves play"))
            ctx.data["friend_pool"] = []
        return events

    def legal_choose_friend(self, seat: int) -> list[Action]:
        return [Action("choose-friend", (name,), seat) for name in self.ctx.data["friend_pool"]]

    # --- jerok --------------------------------------------------------------------------------
    def check_jerok(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        reason = ctx.main_phase_reason(seat, "buy a card") or self.friend_reason(seat, "jerok")
        if reason:
            return reason
        if not ctx.state.deck:
            return "the development deck is empty (it is not reshuffled)"
        cost = self.cost_of("jerok_card")
        if not ctx.affords(seat, cost):
            return "with Jerok a development card costs 1 wool and 1 grain"
        return None

    def jerok_moves(self, seat: int) -> list[Action]:
        """``jerok`` if its check allows it, the friend aside (friend_moves asks that)."""
        ctx = self.ctx
        if ctx.main_phase_reason(seat, "buy a card") or not ctx.state.deck:
            return []
        cost = self.cost_of("jerok_card")
        return [] if not ctx.affords(seat, cost) else [Action("jerok", (), seat)]

    def apply_jerok(self, action: Action) -> list[Event]:
        from ...engine.actions import Private

        ctx = self.ctx
        seat = action.seat
        ctx.pay(seat, self.cost_of("jerok_card"))
        card = ctx.draw_development_card(seat)
        text = self.use_friend(seat, "jerok")
        return [Event("friend", seat, f"{text}: {ctx.name(seat)} buys a development card for {self._jerok_price()}",
                      private=Private((seat,), f"{text}: {ctx.name(seat)} buys a development card: {card}",
                                      (("card", card),)))]

    def cost_of(self, param: str) -> tuple[int, ...]:
        """A price of the chapter's data as counts (read once: listings ask at every
        decision, and a chapter's prices never change)."""
        found = self._costs.get(param)
        if found is None:
            found = self._costs[param] = resource_vector(self.ctx.scen.params[param])
        return found

    def _jerok_price(self) -> str:
        """Jerok's price in a sentence ('1 wool + 1 grain'), from the chapter's data."""
        return sum_text(self.cost_of("jerok_card")) if "jerok_card" in self.ctx.scen.params else "his price"

    def price_text(self, param: str) -> str:
        """A price of the chapter's data in words, for help ('2 lumber 1 wool'); none when
        the chapter has no such price (its verb is refused there)."""
        return resource_text(self.cost_of(param)) if param in self.ctx.scen.params else ""

    def piece_price(self, piece: str, param: str) -> tuple[str, tuple[int, ...]] | None:
        """A piece and its price of the chapter's data, for help and the costs pane
        (HelpEntry.price); none when the chapter has no such price."""
        return (piece, self.cost_of(param)) if param in self.ctx.scen.params else None

    # --- olaf ---------------------------------------------------------------------------------
    def _format_olaf(self, action: Action, w: Any) -> str:
        if action.args[0] == "road":
            return f"olaf road {w.edge(action.args[1])} {RESOURCES[action.args[2]]}"
        return f"olaf move {w.edge(action.args[1])} to {w.edge(action.args[2])}"

    def open_roads(self, seat: int) -> list[int]:
        """Roads of ``seat`` at an open end: one end with no building of theirs and no other
        road of theirs beyond it (as B.7.2 says of ships)."""
        ctx = self.ctx
        s, geo = ctx.state, ctx.geo
        out = []
        for e, owner in enumerate(s.edge_owner):
            if owner != seat or s.edge_kind[e] != ROAD:
                continue
            for x in geo.edge_nodes[e]:
                if ctx.own_building(seat, x) or s.node_owner[x] == seat:
                    continue
                if not any(e2 != e and s.edge_owner[e2] == seat and s.edge_kind[e2] == ROAD
                           for e2 in geo.node_edges[x]):
                    out.append(e)
                    break
        return out

    def check_olaf(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        reason = ctx.main_phase_reason(seat, "build") or self.friend_reason(seat, "olaf")
        if reason:
            return reason
        if action.args[0] == "road":
            _, edge, res = action.args
            if RESOURCES[res] not in ctx.scen.params["olaf_road"]:
                return "with Olaf a road costs 1 lumber or 1 brick"
            if ctx.state.players[seat].resources[res] < 1:
                return f"you have no {RESOURCES[res]}"
            return ctx.free_route_reason(seat, "road", edge)
        _, src, dst = action.args
        s = ctx.state
        if s.edge_owner[src] != seat or s.edge_kind[src] != ROAD:
            return f"you have no road on {ctx.edge_text(src)}"
        if src not in self.open_roads(seat):
            return f"road {ctx.edge_text(src)} is not at an open end of your roads"
        return ctx.free_route_reason(seat, "road", dst, lifted=src)

    def apply_olaf(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        text = self.use_friend(seat, "olaf")
        if action.args[0] == "road":
            _, edge, res = action.args
            cost = [0] * 5
            cost[res] = 1
            ctx.pay(seat, cost)
            events = [Event("friend", seat, f"{text}: {ctx.name(seat)} builds a road on {ctx.edge_text(edge)} "
                                            f"for 1 {RESOURCES[res]}")]
            return events + ctx.build_route(seat, edge, "road")
        _, src, dst = action.args
        events = [Event("friend", seat, f"{text}: {ctx.name(seat)} moves a road from {ctx.edge_text(src)} "
                                        f"to {ctx.edge_text(dst)}")]
        return events + ctx.move_route(src, dst)

    def legal_olaf(self, seat: int) -> Iterable[Action]:
        ctx = self.ctx
        if self.friend_reason(seat, "olaf") or ctx.main_phase_reason(seat, "build"):
            return []
        edges = ctx.candidate_route_edges(seat)
        out = [Action("olaf", ("road", e, RESOURCES.index(r)), seat)
               for e in edges for r in ctx.scen.params["olaf_road"]]
        for src in self.open_roads(seat):
            out += [Action("olaf", ("move", src, e), seat) for e in edges if e != src]
        return out

    def olaf_moves(self, seat: int) -> list[Action]:
        """legal_olaf's candidates that check_olaf allows, the friend aside: the timing and
        the hand asked once, each path's place once (not once per resource), the open roads
        worked out once (not once per move), each open road lifted once for all its
        moves."""
        ctx = self.ctx
        if ctx.main_phase_reason(seat, "build"):
            return []
        have = ctx.state.players[seat].resources
        paid = [RESOURCES.index(r) for r in ctx.scen.params["olaf_road"]]
        paid = [r for r in paid if have[r] >= 1]
        edges = ctx.candidate_route_edges(seat)
        out = []
        if paid:
            roads = ctx.free_route_sites(seat)[0]      # the build listing's kept road sites
            for e in edges:
                if e in roads:
                    out += [Action("olaf", ("road", e, r), seat) for r in paid]
        for src in self.open_roads(seat):
            # the road lifted once for every path it may go to
            out += [Action("olaf", ("move", src, e), seat) for e in ctx.free_route_paths(seat, "road", edges, src)]
        return out

    # --- oda ------------------------------------------------------------------------------------
    def oda_askers(self, before: list[int]) -> list[int]:
        """Seats that may call on Oda after this production: they hold her with a use left,
        have used no friend this turn, and received nothing (turn order from the roller)."""
        ctx = self.ctx
        out = []
        n, current, turn, limit = ctx.n, ctx.current, ctx.state.turn, self.friend_uses
        for k in range(n):
            seat = (current + k) % n
            # friend_ready(seat, "oda"), inlined: asked of every seat at every production
            pd = ctx.player_data(seat)
            uses = pd["friends"].get("oda")
            if uses is None or uses >= limit or pd["friend_turn"] == turn:
                continue
            if ctx.hand_size(seat) <= before[seat] and any(ctx.state.bank):
                out.append(seat)
        return out

    def check_oda(self, action: Action) -> str | None:
        ctx = self.ctx
        if ctx.pending_for("oda", action.seat) is None:
            return "Oda helps only right after a production roll that gave you nothing"
        res = action.args[0]
        if res >= 0 and ctx.state.bank[res] < 1:
            return f"the bank has no {RESOURCES[res]}"
        return None

    def apply_oda(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        item = ctx.pending_for("oda", seat)
        assert item is not None
        ctx.resolve(item)
        if res < 0:
            return [Event("friend", seat, f"{ctx.name(seat)} does not call on Oda")]
        text = self.use_friend(seat, "oda")
        gain = [0] * 5
        gain[res] = 1
        ctx.gain(seat, gain)
        return [Event("friend", seat, f"{text}: {ctx.name(seat)} takes 1 {RESOURCES[res]}")]

    def legal_oda(self, seat: int) -> list[Action]:
        bank = self.ctx.state.bank
        return [Action("oda", (r,), seat) for r in range(5) if bank[r] >= 1] + [Action("oda", (-1,), seat)]


def _parse_olaf(r: Reader, actor: int) -> Action:
    what = r.next("'road' or 'move'")
    if what == "road":
        edge = r.edge()
        return Action("olaf", ("road", edge, r.resource()), actor)
    if what == "move":
        src = r.edge()      # "to" is a filler word the reader skips
        return Action("olaf", ("move", src, r.edge()), actor)
    raise r.fail(f"olaf road PATH RES, or olaf move PATH to PATH; not '{what}'")


def _parse_oda(r: Reader, actor: int) -> Action:
    if r.more() and r.peek() in ("no", "none", "nothing"):
        r.next("resource")
        return Action("oda", (-1,), actor)
    return Action("oda", (r.resource(),), actor)


def _parse_choose_friend(r: Reader, actor: int) -> Action:
    name = r.next("friend card name")
    for friend in FRIENDS.values():
        if name in (friend.name, friend.title.lower().split()[0]):
            return Action("choose-friend", (friend.name,), actor)
    raise r.fail(f"no friend card named '{name}' ({', '.join(FRIENDS)})")
