"""Chapter 1, The Castaways (seed 000 "Chapter 1"; digest E.3.3, F.0.10).

- Barren Island (area ``barren``): no roads or settlements; outposts on its coast.  The
  first outpost builder chooses one of the four Chapter 1 friend cards, the next builders
  from the rest; with 3 players the last card leaves play.
- Castaways: 3 face-down tokens on each hex of Barren Island.  Once you have your outpost,
  once per turn ``look castaway HEX N`` shows you token N of that hex in secret; then
  ``rescue`` pays its cost at once (no trade, card, friend or chest first: the decision
  blocks everything else) or ``leave castaway`` puts it back face down.  At most 3 each
  (no looking after that, F.0.10); each rescue puts an ore miner beside your first
  settlement (the one on your start intersection).  The first to rescue 3 takes 2 Catan
  chits, each later one 1.
- Ore miners: during trade/build, along your own connected ships between that settlement
  and your outpost: ``send miner grain|wool`` moves one to the outpost for 1 grain or wool;
  ``mine`` takes 1 ore with a miner that was at the outpost since before this turn and
  brings it home (it may be sent again, but mines only on a later turn).
- 11 VP on your own turn wins the chapter.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any, ClassVar

from ....engine.actions import Action, Event, Private
from ....engine.declare import HelpEntry, PendingKind, StateItem, Verb, Visibility
from ....engine.geometry import RESOURCES
from ....engine.hidden import deal, unseen
from ....engine.words import either_text
from ....notation import Reader
from ....wording import plural
from ..chapter import Chapter

if TYPE_CHECKING:
    from ....engine.context import RulesContext
    from ..general import LegendRules

ORE = RESOURCES.index("ore")

RULES_TEXT = """\
Legend of the Sea Robbers, Chapter 1: The Castaways ({players} players; {vp_target} VP on your turn wins).
Tasks of the Council of Catan:
1. Sail to Barren Island (no roads or settlements there) and build your outpost on its coast.
   Your outpost wins a friend card: {friend_names} ('choose friend NAME').
2. Rescue castaways: once you have your outpost, once a turn 'look castaway HEX N' shows you
   one token; 'rescue' pays its cost at once (no trade, card, friend or chest first), or
   'leave castaway'. At most {castaway_limit} each. The first to rescue {castaway_limit} takes {first_chits}, later ones {later_chits}.
3. Each rescue gives an ore miner at your first settlement. 'send miner {miner_fees}' moves one
   along your ships to the outpost; next turn 'mine' takes 1 ore and brings it home.
"""


class Chapter1(Chapter):
    number: ClassVar[int] = 1
    title: ClassVar[str] = "The Castaways"
    record_columns: ClassVar[tuple[tuple[str, str], ...]] = (("castaways", "castaways rescued"),)
    total_column: ClassVar[tuple[str, str] | None] = ("castaways", "castaways rescued in all")
    rules_text: ClassVar[str] = RULES_TEXT

    def rules_words(self) -> dict[str, object]:
        params = self.ctx.scen.params
        chits = [int(n) for n in params["castaway_chits"]]
        return {"friend_names": self.friend_names(params["friends"]),
                "first_chits": plural(chits[0], "Catan chit"), "later_chits": chits[1],
                "miner_fees": "|".join(params["miner_fee"])}

    def __init__(self, rules: "LegendRules") -> None:
        super().__init__(rules)
        params = self.ctx.scen.params
        self.limit = int(params.get("castaway_limit", 3))
        self.chit_awards = tuple(int(c) for c in params.get("castaway_chits", [2, 1, 1, 1]))
        self.fee = tuple(RESOURCES.index(r) for r in params.get("miner_fee", ["grain", "wool"]))
        self.castaway_hexes: tuple[int, ...] = tuple(
            int(h) for p in self.ctx.scen.places if p["kind"] == "castaways" for h in p["hexes"])
        # route_joined's answers per seat and the pieces (board_version) they were found on:
        # asked at every listing by the miner verbs, it reads the pieces alone
        self._joined: tuple[int, dict[int, bool]] = (-1, {})

    # --- declarations ----------------------------------------------------------------------
    def state_items(self) -> tuple[StateItem, ...]:
        hex_id = self.ctx.hex_id
        return (
            StateItem("castaways", Visibility.NOBODY,
                      shown_as=lambda v: [[hex_id(h), k + 1] for h, k, _ in v],
                      scramble=_scramble_faces, redeal=self.redeal_castaways,
                      doc="castaway tokens face down: [hex, slot, face]"),
            StateItem("castaways_aside", Visibility.NOBODY, shown_as=len, redeal=self.redeal_castaways,
                      doc="castaway tokens set aside unseen"),
            StateItem("full_rescuers", Visibility.PUBLIC, doc="players who rescued 3, in order"),
            StateItem("rescued", Visibility.PUBLIC, scope="player",
                      doc="castaways rescued (their costs were paid in front of everyone)"),
            StateItem("peek", Visibility.OWNER, scope="player",
                      shown_as=lambda v: {"hex": hex_id(v[0]), "slot": v[1] + 1} if v else None,
                      present=lambda v: {"hex": hex_id(v[0]), "slot": v[1] + 1, "face": v[2]} if v else None,
                      scramble=lambda v, rng: [v[0], v[1], rng.choice(["wool+wool", "grain+brick"])] if v else v,
                      redeal=self.redeal_castaways,
                      doc="the castaway token this player is looking at"),
            StateItem("look_turn", Visibility.PUBLIC, scope="player", doc="the turn a castaway was last looked at"),
            StateItem("miners", Visibility.PUBLIC, scope="player",
                      doc="ore miners: home (at the first settlement) and out (turns they reached the outpost)"),
        )

    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("look-castaway", ("look", "castaway"), parse=_parse_look,
                 format=lambda a, w: f"look castaway {w.hex(a.args[0])} {a.args[1] + 1}",
                 check=self.check_look, apply=self.apply_look, legal=self.look_moves, exact=True,
                 help=HelpEntry("look", "look castaway HEX N",
                                "Once you have your outpost, once per turn: look in secret at castaway token N "
                                "on HEX of Barren Island; then 'rescue' (pay its cost at once) or "
                                "'leave castaway'.", "look castaway F 2")),
            Verb("rescue", ("rescue",), parse=lambda r, a: Action("rescue", (), a), format=lambda a, w: "rescue",
                 check=self.check_rescue, apply=self.apply_rescue, legal=lambda seat: [Action("rescue", (), seat)],
                 help=HelpEntry("rescue", "rescue",
                                "Pay the cost shown on the castaway token you are looking at, at once: the "
                                "castaways are rescued and an ore miner joins your first settlement.", "rescue",
                                "what the token shows"),
                 answers="rescue"),
            Verb("leave-castaway", ("leave", "castaway"), parse=lambda r, a: Action("leave-castaway", (), a),
                 format=lambda a, w: "leave castaway", check=self.check_leave, apply=self.apply_leave,
                 legal=lambda seat: [Action("leave-castaway", (), seat)],
                 help=HelpEntry("leave", "leave castaway",
                                "Do not pay: the castaway token goes back face down where it was.",
                                "leave castaway"),
                 answers="rescue"),
            Verb("send-miner", ("send", "miner"), parse=lambda r, a: Action("send-miner", (r.resource(),), a),
                 format=lambda a, w: f"send miner {RESOURCES[a.args[0]]}",
                 check=self.check_send, apply=self.apply_send, legal=self.send_moves, exact=True,
                 help=HelpEntry("send", "send miner grain|wool",
                                "Move one ore miner from your first settlement along your own ships to your "
                                "outpost. It mines from your next turn on.", "send miner wool",
                                either_text(RESOURCES[r] for r in self.fee))),
            Verb("mine", ("mine",), parse=lambda r, a: Action("mine", (), a), format=lambda a, w: "mine",
                 check=self.check_mine, apply=self.apply_mine, legal=self.mine_moves, exact=True,
                 help=HelpEntry("mine", "mine",
                                "An ore miner that was at your outpost since before this turn takes 1 ore and "
                                "comes back to your first settlement.", "mine")),
        )

    def pendings(self) -> tuple[PendingKind, ...]:
        return (
            PendingKind("rescue", prompt=lambda it: "rescue (pay now) or leave castaway",
                        reason=lambda it: f"{self.ctx.name(it['seat'])} must pay for the castaways at once "
                                          "('rescue') or 'leave castaway'",
                        answers=lambda it: self.rescue_answers(it["seat"]), exact=True),
        )

    def view_items(self, viewer: int | None) -> dict[str, object]:
        ctx = self.ctx
        return {
            "castaway_hexes": [ctx.hex_id(h) for h in self.castaway_hexes],
            "home": {ctx.name(p): self.home(p) + 1 for p in range(ctx.n) if self.home(p) >= 0},
            "outposts": {ctx.name(p): self.rules.outpost_of(p) + 1 for p in range(ctx.n)
                         if self.rules.outpost_of(p) >= 0},
            # counters per player, for the tables and 'expect red castaways-rescued 1'
            "castaways_rescued": {ctx.name(p): len(ctx.player_data(p)["rescued"]) for p in range(ctx.n)},
            "miners_home": {ctx.name(p): ctx.player_data(p)["miners"]["home"] for p in range(ctx.n)},
            "miners_out": {ctx.name(p): len(ctx.player_data(p)["miners"]["out"]) for p in range(ctx.n)},
        }

    # --- creation -----------------------------------------------------------------------------
    def on_new_game(self) -> None:
        ctx = self.ctx
        faces = [str(f) for f in ctx.scen.params.get("castaways", [])]
        ctx.state.rng.shuffle(faces)
        per_hex = int(ctx.scen.params.get("castaways_per_hex", 3))
        board = [[h, k] for h in self.castaway_hexes for k in range(per_hex)][: len(faces)]
        ctx.data["castaways"] = [[h, k, faces[i]] for i, (h, k) in enumerate(board)]
        ctx.data["castaways_aside"] = faces[len(board):]
        ctx.data["full_rescuers"] = []
        for seat in range(ctx.n):
            ctx.player_data(seat).update(rescued=[], peek=None, look_turn=-1, miners={"home": 0, "out": []})

    # --- the outpost's friend card ---------------------------------------------------------------
    def on_outpost(self, seat: int) -> list[Event]:
        if self.ctx.data["friend_pool"]:
            self.ctx.ask({"kind": "friend", "seat": seat}, first=True)
            return [Event("friend", seat, f"{self.ctx.name(seat)} may choose a friend card")]
        return []

    # --- castaways ----------------------------------------------------------------------------------
    def redeal_castaways(self, ctx: "RulesContext", seat: int, rng: random.Random) -> None:
        """The castaway tokens hidden from ``seat`` dealt afresh (``StateItem.redeal``): the
        scenario's faces less those rescued (paid in front of everyone) and the one ``seat``
        is looking at, over the other tokens on the board and the stack aside; another
        seat looking at a token sees its new face."""
        data = self.ctx.data
        whole = [str(f) for f in self.ctx.scen.params.get("castaways", [])]
        rescued = [face for p in range(self.ctx.n) for face in self.ctx.player_data(p)["rescued"]]
        peek = self.ctx.player_data(seat)["peek"]
        looked = (peek[0], peek[1]) if peek else None
        pool = unseen(whole, rescued + ([peek[2]] if peek else []))
        hidden = [item for item in data["castaways"] if (item[0], item[1]) != looked]
        board, aside = deal(pool, [len(hidden), len(data["castaways_aside"])], rng, whole)
        faces = iter(board)
        data["castaways"] = [[h, k, peek[2] if (h, k) == looked else next(faces)] for h, k, _ in data["castaways"]]
        data["castaways_aside"] = aside
        for p in range(self.ctx.n):
            other = self.ctx.player_data(p)["peek"]
            token = self.token(other[0], other[1]) if other and p != seat else None
            if other and token is not None:
                self.ctx.player_data(p)["peek"] = [other[0], other[1], token[2]]

    def token(self, hex_: int, slot: int) -> list[Any] | None:
        for item in self.ctx.data["castaways"]:
            if item[0] == hex_ and item[1] == slot:
                return item  # type: ignore[no-any-return]
        return None

    def check_look(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        hex_, slot = action.args
        reason = ctx.main_phase_reason(seat, "look at a castaway")
        if reason:
            return reason
        if self.rules.outpost_of(seat) < 0:
            return "you may look at castaways once you have built your outpost"
        if len(ctx.player_data(seat)["rescued"]) >= self.limit:
            return f"you have rescued {self.limit} castaways, the most anyone may"
        if ctx.player_data(seat)["look_turn"] == ctx.state.turn:
            return "you have already looked at a castaway this turn (once per turn)"
        if self.token(hex_, slot) is None:
            return f"there is no castaway token {slot + 1} on {ctx.hex_id(hex_)}"
        return None

    def apply_look(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        hex_, slot = action.args
        token = self.token(hex_, slot)
        assert token is not None
        pd = ctx.player_data(seat)
        pd["look_turn"] = ctx.state.turn
        pd["peek"] = [hex_, slot, token[2]]
        ctx.ask({"kind": "rescue", "seat": seat}, first=True)
        where = f"castaway token {slot + 1} on {ctx.hex_id(hex_)}"
        return [Event("castaway", seat, f"{ctx.name(seat)} looks at {where}",
                      private=Private((seat,), f"{ctx.name(seat)} looks at {where}: the rescue costs "
                                               f"{_cost_text(token[2])}", (("castaway", token[2]),)))]

    def check_rescue(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        if ctx.pending_for("rescue", seat) is None:
            return "look at a castaway token first ('look castaway HEX N')"
        face = ctx.player_data(seat)["peek"][2]
        have = ctx.state.players[seat].resources
        need = _cost(face)
        if any(have[i] < need[i] for i in range(5)):
            return f"you cannot pay {_cost_text(face)} now; 'leave castaway' puts the token back"
        return None

    def apply_rescue(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        pd = ctx.player_data(seat)
        hex_, slot, face = pd["peek"]
        item = ctx.pending_for("rescue", seat)
        assert item is not None
        ctx.resolve(item)
        pd["peek"] = None
        token = self.token(hex_, slot)
        assert token is not None
        ctx.data["castaways"].remove(token)
        ctx.pay(seat, _cost(face))
        pd["rescued"].append(face)
        pd["miners"]["home"] += 1
        name = ctx.name(seat)
        events = [Event("castaway", seat, f"{name} pays {_cost_text(face)} and rescues the castaways; an ore "
                                          f"miner joins the settlement on {self.home(seat) + 1}",
                        (("reveals", "castaway"), ("castaway", face)))]
        if len(pd["rescued"]) == self.limit:
            order = ctx.data["full_rescuers"]
            award = min(self.chit_awards[min(len(order), len(self.chit_awards) - 1)], ctx.data["chits_left"])
            order.append(seat)
            ctx.data["chits_left"] -= award
            pd["chits"] += award
            events.append(Event("chit", seat, f"{name} has rescued {self.limit} castaways: "
                                              f"{award} Catan chit{'s' if award != 1 else ''}"))
        return events

    def check_leave(self, action: Action) -> str | None:
        if self.ctx.pending_for("rescue", action.seat) is None:
            return "you are not looking at a castaway token"
        return None

    def apply_leave(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        item = ctx.pending_for("rescue", seat)
        assert item is not None
        ctx.resolve(item)
        hex_, slot, _ = ctx.player_data(seat)["peek"]
        ctx.player_data(seat)["peek"] = None
        return [Event("castaway", seat, f"{ctx.name(seat)} puts castaway token {slot + 1} on {ctx.hex_id(hex_)} "
                                        "back face down")]

    def rescue_answers(self, seat: int) -> list[Action]:
        """The answers to the rescue decision check_rescue and check_leave allow: 'rescue'
        while the hand pays the token's cost, and 'leave castaway'."""
        leave = [Action("leave-castaway", (), seat)]
        if self.check_rescue(Action("rescue", (), seat)) is None:
            return [Action("rescue", (), seat)] + leave
        return leave

    def look_moves(self, seat: int) -> list[Action]:
        """The looks check_look allows: the seat's questions asked once, then every token
        still on Barren Island."""
        ctx = self.ctx
        pd = ctx.player_data(seat)
        if (pd["look_turn"] == ctx.state.turn or len(pd["rescued"]) >= self.limit
                or not self.rules.main_phase_open(seat) or self.rules.outpost_of(seat) < 0):
            return []
        return [Action("look-castaway", (h, k), seat) for h, k, _ in ctx.data["castaways"]]

    # --- ore miners ------------------------------------------------------------------------------------
    def home(self, seat: int) -> int:
        """The player's first settlement: their building on a start intersection."""
        ctx = self.ctx
        for node in self.rules.start_nodes:
            if ctx.own_building(seat, node):
                return node
        return -1

    def route_joined(self, seat: int) -> bool:
        """Whether the player's own ships join their first settlement to their outpost
        (kept while the pieces stay)."""
        version = self.ctx.board_version()
        if self._joined[0] != version:
            self._joined = (version, {})
        found = self._joined[1].get(seat)
        if found is None:
            found = self._joined[1][seat] = self._route_joined(seat)
        return found

    def _route_joined(self, seat: int) -> bool:
        ctx = self.ctx
        start, goal = self.home(seat), self.rules.outpost_of(seat)
        if start < 0 or goal < 0:
            return False
        geo, has_ship = ctx.geo, ctx.has_ship
        seen = {start}
        queue = deque([start])
        while queue:
            x = queue.popleft()
            if x == goal:
                return True
            for e in geo.node_edges[x]:
                if has_ship(seat, e):
                    a, b = geo.edge_nodes[e]
                    y = b if a == x else a
                    if y not in seen:
                        seen.add(y)
                        queue.append(y)
        return False

    def miner_reason(self, seat: int, what: str) -> str | None:
        reason = self.ctx.main_phase_reason(seat, what)
        if reason:
            return reason
        if not self.route_joined(seat):
            return "ore miners travel only along your own ships between your first settlement and your outpost"
        return None

    def check_send(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        reason = self.miner_reason(seat, "move ore miners")
        if reason:
            return reason
        if ctx.player_data(seat)["miners"]["home"] <= 0:
            return "you have no ore miner at your first settlement"
        if res not in self.fee:
            return "moving an ore miner to the outpost costs 1 grain or 1 wool"
        if ctx.state.players[seat].resources[res] < 1:
            return f"you have no {RESOURCES[res]}"
        return None

    def send_moves(self, seat: int) -> list[Action]:
        """The sends check_send allows: a miner at home and a fee in hand asked before the
        route between home and outpost is walked."""
        ctx = self.ctx
        if ctx.player_data(seat)["miners"]["home"] <= 0:
            return []
        have = ctx.state.players[seat].resources
        paid = [r for r in self.fee if have[r] >= 1]
        if not paid or not self.rules.main_phase_open(seat) or not self.route_joined(seat):
            return []
        return [Action("send-miner", (r,), seat) for r in paid]

    def apply_send(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        miners = ctx.player_data(seat)["miners"]
        ctx.pay(seat, [int(i == res) for i in range(5)])
        miners["home"] -= 1
        miners["out"].append(ctx.state.turn)
        return [Event("miner", seat, f"{ctx.name(seat)} pays 1 {RESOURCES[res]} and sends an ore miner to the "
                                     "outpost")]

    def check_mine(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        reason = self.miner_reason(seat, "mine ore")
        if reason:
            return reason
        out = ctx.player_data(seat)["miners"]["out"]
        if not any(t < ctx.state.turn for t in out):
            if out:
                return "your ore miners at the outpost arrived this turn; they mine from your next turn on"
            return "you have no ore miner at your outpost"
        if ctx.state.bank[ORE] < 1:
            return "the bank has no ore"
        return None

    def mine_moves(self, seat: int) -> list[Action]:
        """``mine`` if check_mine allows it: a miner out since before this turn and ore in
        the bank asked before the route is walked."""
        ctx = self.ctx
        out = ctx.player_data(seat)["miners"]["out"]
        if (ctx.state.bank[ORE] < 1 or not out or min(out) >= ctx.state.turn
                or not self.rules.main_phase_open(seat) or not self.route_joined(seat)):
            return []
        return [Action("mine", (), seat)]

    def apply_mine(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        miners = ctx.player_data(seat)["miners"]
        miners["out"].remove(min(miners["out"]))
        miners["home"] += 1
        ctx.gain(seat, [int(i == ORE) for i in range(5)])
        return [Event("miner", seat, f"an ore miner of {ctx.name(seat)} mines 1 ore and comes back to the "
                                     "first settlement")]

    # --- checks and the Chronicle -------------------------------------------------------------------
    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        out = []
        total = len(ctx.scen.params.get("castaways", []))
        rescued = sum(len(ctx.player_data(p)["rescued"]) for p in range(ctx.n))
        count = len(ctx.data["castaways"]) + len(ctx.data["castaways_aside"]) + rescued
        if count != total:
            out.append(f"castaways not conserved: {count} != {total}")
        for p in range(ctx.n):
            pd = ctx.player_data(p)
            miners = pd["miners"]["home"] + len(pd["miners"]["out"])
            if miners != len(pd["rescued"]) or miners > self.limit:
                out.append(f"{ctx.name(p)} has {miners} ore miners for {len(pd['rescued'])} rescues")
            if (pd["peek"] is not None) != any(i["kind"] == "rescue" and i["seat"] == p for i in ctx.state.pending):
                out.append(f"{ctx.name(p)} looks at a castaway with no rescue decision open")
        return out

    def record(self, seat: int) -> dict[str, int]:
        return {"castaways": len(self.ctx.player_data(seat)["rescued"])}

    def passes_on(self) -> dict[str, Any]:
        ctx = self.ctx
        return {
            "castaways": {ctx.name(p): len(ctx.player_data(p)["rescued"]) for p in range(ctx.n)},
            "castaways_total": sum(len(ctx.player_data(p)["rescued"]) for p in range(ctx.n)),
        }


def _cost(face: str) -> list[int]:
    counts = [0] * 5
    for r in face.split("+"):
        counts[RESOURCES.index(r)] += 1
    return counts


def _cost_text(face: str) -> str:
    return " + ".join(face.split("+"))


def _scramble_faces(value: Any, rng: Any) -> Any:
    faces = [item[2] for item in value]
    rng.shuffle(faces)
    return [[item[0], item[1], faces[i]] for i, item in enumerate(value)]


def _parse_look(r: Reader, actor: int) -> Action:
    hex_ = r.hex()
    tok = r.next("token number (1-3)")
    if not tok.isdecimal() or int(tok) < 1:
        raise r.fail(f"'{tok}' is not a token number (1-3)")
    return Action("look-castaway", (hex_, int(tok) - 1), actor)
