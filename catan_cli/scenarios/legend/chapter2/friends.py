"""The Chapter 2 friend cards (seed 000 "Chapter 2", "The five Chapter 2 friend cards";
digest F.0.7).  Each is its own verb, used on your own turn after the roll unless said:

- Nyala the Diplomat: ``nyala RES``: the robber goes back to its start beside the board and
  you take 1 resource of the type the hex it left produces (none from a desert).
- Reiko the Strong: ``reiko`` instead of discarding on a 7, on anyone's roll: your hand may
  hold 4 more cards than allowed (``[params] reiko_extra``); with more than that you discard.
- Gerhild the Brave: ``gerhild RES RES``: if an opponent has more VP than you (the VP the
  table sees), take 2 resources of your choice.
- Suna the Cunning: ``suna HEX PLAYER PLAYER`` instead of ``robber HEX PLAYER`` when you move
  the robber: steal 1 card each from 2 opponents beside its new hex.
- Isa the Shipbuilder: ``isa ship PATH lumber|wool`` builds a ship for 1 lumber or 1 wool;
  ``isa move PATH to PATH`` moves a second open ship this turn.

Decision: Reiko and Suna answer the 7's decisions, so bots (which answer from the core's
exact list of discards and robber moves) do not call on them; people can.
"""

from __future__ import annotations

from typing import Any, Iterable

from ....engine.actions import Action, Event
from ....engine.declare import HelpEntry, Verb
from ....engine.geometry import RESOURCES
from ....engine.phases import Phase
from ....engine.words import either_text
from ....notation import Reader
from ....wording import plural
from ..friends import FriendRules


class NewFriendRules(FriendRules):
    """Chapter 1's friends and the Chapter 2 friends (a base of the general rules)."""

    def friend_verbs(self) -> tuple[Verb, ...]:
        return super().friend_verbs() + (
            Verb("nyala", ("nyala",), parse=lambda r, a: Action("nyala", (_opt_resource(r),), a),
                 format=lambda a, w: "nyala" + (f" {RESOURCES[a.args[0]]}" if a.args[0] >= 0 else ""),
                 check=self.check_nyala, apply=self.apply_nyala,
                 legal=self.friend_moves("nyala", self.nyala_moves),
                 exact=True, group="nyala",
                 help=HelpEntry("nyala", "nyala [RES]",
                                "Nyala the Diplomat: the robber goes back to its start beside the board; take 1 "
                                "resource of the type its hex produced (name it).", "nyala ore")),
            Verb("reiko", ("reiko",), parse=lambda r, a: Action("reiko", (), a), format=lambda a, w: "reiko",
                 check=self.check_reiko, apply=self.apply_reiko, legal=self.friend_moves("reiko", self.reiko_moves),
                 exact=True,
                 help=HelpEntry("reiko", "reiko",
                                f"Reiko the Strong: on a 7 (anyone's roll), your hand may hold {self._reiko_extra()} more cards than "
                                "allowed: you keep them instead of discarding.", "reiko"),
                 answers="discard"),
            Verb("gerhild", ("gerhild",), parse=_parse_gerhild,
                 format=lambda a, w: "gerhild " + " ".join(RESOURCES[r] for r in a.args[0]),
                 check=self.check_gerhild, apply=self.apply_gerhild, legal=self.friend_moves("gerhild", self.gerhild_moves),
                 exact=True, group="gerhild",
                 help=HelpEntry("gerhild", "gerhild RES RES",
                                "Gerhild the Brave: if an opponent has more VP than you, take "
                                f"{plural(self._gerhild_takes(), 'resource')} of your choice.", "gerhild ore grain")),
            Verb("suna", ("suna",), parse=_parse_suna,
                 format=lambda a, w: f"suna {w.hex(a.args[0])} {w.name(a.args[1])} {w.name(a.args[2])}",
                 check=self.check_suna, apply=self.apply_suna, legal=self.legal_suna,
                 help=HelpEntry("suna", "suna HEX PLAYER PLAYER",
                                "Suna the Cunning: move the robber to HEX and steal 1 card from each of 2 "
                                "opponents there (instead of 'robber HEX PLAYER').", "suna K blue white"),
                 answers="robber"),
            Verb("isa", ("isa",), parse=_parse_isa, format=_format_isa,
                 check=self.check_isa, apply=self.apply_isa, legal=self.friend_moves("isa", self.isa_moves),
                 exact=True, group="isa",
                 help=HelpEntry("isa", "isa ship PATH lumber|wool | isa move PATH to PATH",
                                f"Isa the Shipbuilder: build a ship for only {self._isa_price_text()}, or move a "
                                "second open ship this turn.", "isa ship 23-24 wool",
                                self._isa_price_text())),
        )

    # --- Nyala ------------------------------------------------------------------------------------
    def check_nyala(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        reason = ctx.main_phase_reason(seat, "call on a friend") or self.friend_reason(seat, "nyala")
        if reason:
            return reason
        hex_ = ctx.state.robber
        if hex_ < 0:
            return "the robber is already on its start space"
        terrain = ctx.state.terrain[hex_]
        produced = RESOURCES.index(_RESOURCE_OF[terrain]) if terrain in _RESOURCE_OF else -1
        if produced < 0:
            return None if res < 0 else f"{ctx.hex_id(hex_)} produces nothing: say just 'nyala'"
        if res != produced:
            return f"the robber leaves {ctx.hex_id(hex_)}, which produces {RESOURCES[produced]}: 'nyala " \
                   f"{RESOURCES[produced]}'"
        if ctx.state.bank[res] < 1:
            return f"the bank has no {RESOURCES[res]}"
        return None

    def nyala_moves(self, seat: int) -> list[Action]:
        """The one ``nyala`` its check allows, if any, the friend aside (friend_moves asks
        that): the resource the robber's hex produces, or none for a hex that produces none."""
        ctx = self.ctx
        hex_ = ctx.state.robber
        if ctx.main_phase_reason(seat, "call on a friend") or hex_ < 0:
            return []
        terrain = ctx.state.terrain[hex_]
        if terrain not in _RESOURCE_OF:
            return [Action("nyala", (-1,), seat)]
        res = RESOURCES.index(_RESOURCE_OF[terrain])
        return [Action("nyala", (res,), seat)] if ctx.state.bank[res] >= 1 else []

    def apply_nyala(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        left = ctx.state.robber
        text = self.use_friend(seat, "nyala")
        ctx.place_robber(-1)
        took = ""
        if res >= 0:
            ctx.gain(seat, [int(i == res) for i in range(5)])
            took = f"; {ctx.name(seat)} takes 1 {RESOURCES[res]}"
        return [Event("friend", seat, f"{text}: the robber leaves {ctx.hex_id(left)} for its start space{took}")]

    # --- Reiko ---------------------------------------------------------------------------------------
    def check_reiko(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        if ctx.pending_for("discard", seat) is None:
            return "Reiko helps only when a 7 makes you discard"
        reason = self.friend_reason(seat, "reiko")
        if reason:
            return reason
        allowed = self.discard_limit(seat) + self._reiko_extra()
        if ctx.hand_size(seat) > allowed:
            return f"with Reiko your hand may hold {allowed} cards; you hold {ctx.hand_size(seat)} and must discard"
        return None

    def reiko_moves(self, seat: int) -> list[Action]:
        """``reiko`` if check_reiko allows it, the friend aside (friend_moves asks that):
        a discard asked of a hand Reiko lets the seat keep."""
        ctx = self.ctx
        if ctx.pending_for("discard", seat) is None:
            return []
        if ctx.hand_size(seat) > self.discard_limit(seat) + self._reiko_extra():
            return []
        return [Action("reiko", (), seat)]

    def apply_reiko(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        ctx.close_pending("discard", seat)
        text = self.use_friend(seat, "reiko")
        return [Event("friend", seat, f"{text}: {ctx.name(seat)} keeps all {ctx.hand_size(seat)} cards")]

    # --- Gerhild --------------------------------------------------------------------------------------
    def check_gerhild(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, picks = action.seat, action.args[0]
        reason = ctx.main_phase_reason(seat, "call on a friend") or self.friend_reason(seat, "gerhild")
        if reason:
            return reason
        count = self._gerhild_takes()
        if len(picks) != count:
            return f"Gerhild gives {count} resources of your choice: name {count}"
        mine = self.public_vp(seat)
        if not any(self.public_vp(p) > mine for p in range(ctx.n) if p != seat):
            return "Gerhild helps only when an opponent has more VP than you"
        for r in set(picks):
            if ctx.state.bank[r] < picks.count(r):
                return f"the bank has no {RESOURCES[r]} left"
        return None

    def apply_gerhild(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, picks = action.seat, action.args[0]
        text = self.use_friend(seat, "gerhild")
        ctx.gain(seat, [picks.count(i) for i in range(5)])
        return [Event("friend", seat, f"{text}: {ctx.name(seat)} takes "
                                      f"{' and '.join(RESOURCES[r] for r in picks)}")]

    def gerhild_moves(self, seat: int) -> list[Action]:
        """legal_gerhild's pairs that check_gerhild allows, the friend aside: the timing
        and the VP asked once, then the pairs the bank can give."""
        ctx = self.ctx
        if ctx.main_phase_reason(seat, "call on a friend") or self._gerhild_takes() != 2:
            return []
        mine = self.public_vp(seat)
        if not any(self.public_vp(p) > mine for p in range(ctx.n) if p != seat):
            return []
        bank = ctx.state.bank
        return [Action("gerhild", ((a, b),), seat) for a in range(5) for b in range(a, 5)
                if bank[a] >= 1 + (a == b) and bank[b] >= 1]

    # --- Suna ------------------------------------------------------------------------------------------
    def check_suna(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        hex_, first, second = action.args
        if ctx.pending_for("robber", seat) is None:
            return "Suna helps when you move the robber (after a 7 or a knight)"
        reason = self.friend_reason(seat, "suna")
        if reason:
            return reason
        reason = ctx.check(Action("robber", (hex_, first), seat))
        if reason:
            return reason
        if second == first:
            return "Suna steals from 2 different opponents"
        if first < 0 or second < 0:
            return "name the 2 opponents Suna steals from"
        reason = ctx.check(Action("robber", (hex_, second), seat))
        return reason

    def apply_suna(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        hex_, first, second = action.args
        ctx.close_pending("robber", seat)
        text = self.use_friend(seat, "suna")
        ctx.place_robber(hex_)
        events = [Event("robber", seat, f"{text}: {ctx.name(seat)} moves the robber to {ctx.hex_id(hex_)} and "
                                        f"robs {ctx.name(first)} and {ctx.name(second)}")]
        return events + ctx.steal_resource(seat, first) + ctx.steal_resource(seat, second)

    def legal_suna(self, seat: int) -> Iterable[Action]:
        return []      # answered from the robber's decision by people (see the module's note)

    # --- Isa --------------------------------------------------------------------------------------------
    def check_isa(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        reason = ctx.main_phase_reason(seat, "build") or self.friend_reason(seat, "isa")
        if reason:
            return reason
        if action.args[0] == "ship":
            _, edge, res = action.args
            if RESOURCES[res] not in self._isa_prices():
                return f"with Isa a ship costs {self._isa_price_text()}"
            if ctx.state.players[seat].resources[res] < 1:
                return f"you have no {RESOURCES[res]}"
            return ctx.free_route_reason(seat, "ship", edge)
        _, src, dst = action.args
        s = ctx.state
        if not s.ship_moved:
            return "Isa moves a second ship: move your first with 'move' this turn"
        s.ship_moved = False          # the one-move limit is what Isa lifts
        try:
            return ctx.check(Action("move-ship", (src, dst), seat))
        finally:
            s.ship_moved = True

    def apply_isa(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        text = self.use_friend(seat, "isa")
        if action.args[0] == "ship":
            _, edge, res = action.args
            ctx.pay(seat, [int(i == res) for i in range(5)])
            events = [Event("friend", seat, f"{text}: {ctx.name(seat)} builds a ship on {ctx.edge_text(edge)} for "
                                            f"1 {RESOURCES[res]}")]
            return events + ctx.build_route(seat, edge, "ship")
        _, src, dst = action.args
        events = [Event("friend", seat, f"{text}: {ctx.name(seat)} moves a second ship, from "
                                        f"{ctx.edge_text(src)} to {ctx.edge_text(dst)}")]
        return events + ctx.move_route(src, dst, seat)

    def legal_isa(self, seat: int) -> Iterable[Action]:
        ctx = self.ctx
        if self.friend_reason(seat, "isa") or ctx.main_phase_reason(seat, "build"):
            return []
        return [Action("isa", ("ship", e, RESOURCES.index(r)), seat)
                for e in ctx.candidate_route_edges(seat) for r in self._isa_prices()]

    def isa_moves(self, seat: int) -> list[Action]:
        """The ``isa`` moves check_isa allows, the friend aside: the ships (the timing and
        the hand asked once, each path's place once, not once per resource), then, once a
        ship has moved this turn, the second ship moves (the general ship moves, which ask
        what the move's check asks but the one-move limit)."""
        ctx = self.ctx
        if ctx.main_phase_reason(seat, "build"):
            return []
        have = ctx.state.players[seat].resources
        paid = [r for r in (RESOURCES.index(name) for name in self._isa_prices()) if have[r] >= 1]
        out = [Action("isa", ("ship", e, r), seat) for e in ctx.candidate_route_edges(seat)
               if ctx.free_route_reason(seat, "ship", e) is None for r in paid] if paid else []
        rules = ctx.scen.rules
        if ctx.state.ship_moved and ctx.state.phase == Phase.MAIN and rules.ships and rules.ship_move:
            out += [Action("isa", ("move",) + a.args, seat) for a in ctx.ship_moves(seat)]
        return out

    def _isa_prices(self) -> list[str]:
        """The resources of which 1 buys a ship with Isa (the chapter's data)."""
        return list(self.ctx.scen.params.get("isa_ship", ["lumber", "wool"]))

    def _isa_price_text(self) -> str:
        return either_text(self._isa_prices())

    def _reiko_extra(self) -> int:
        """The cards beyond the limit Reiko lets a hand keep on a 7 (the chapter's data)."""
        return int(self.ctx.scen.params.get("reiko_extra", 4))

    def _gerhild_takes(self) -> int:
        """The resources Gerhild gives (the chapter's data)."""
        return int(self.ctx.scen.params.get("gerhild_takes", 2))


_RESOURCE_OF = {"forest": "lumber", "hills": "brick", "pasture": "wool", "fields": "grain", "mountains": "ore"}


def _opt_resource(r: Reader) -> int:
    return r.resource() if r.more() else -1


def _parse_gerhild(r: Reader, actor: int) -> Action:
    picks = [r.resource()]
    while r.more():
        picks.append(r.resource())
    return Action("gerhild", (tuple(sorted(picks)),), actor)


def _parse_suna(r: Reader, actor: int) -> Action:
    hex_ = r.hex()
    first = r.player()
    second = r.player() if r.more() else -1
    return Action("suna", (hex_, first, second), actor)


def _parse_isa(r: Reader, actor: int) -> Action:
    what = r.next("'ship' or 'move'")
    if what == "ship":
        edge = r.edge()
        return Action("isa", ("ship", edge, r.resource()), actor)
    if what == "move":
        src = r.edge()
        return Action("isa", ("move", src, r.edge()), actor)
    raise r.fail(f"isa ship PATH RES, or isa move PATH to PATH; not '{what}'")


def _format_isa(action: Action, w: Any) -> str:
    if action.args[0] == "ship":
        return f"isa ship {w.edge(action.args[1])} {RESOURCES[action.args[2]]}"
    return f"isa move {w.edge(action.args[1])} to {w.edge(action.args[2])}"
