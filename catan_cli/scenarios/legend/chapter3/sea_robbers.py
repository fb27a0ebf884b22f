"""Sea robber ships, catapults and sea battles (seed 000 "Chapter 3", task 1; digest E.3.1,
F.0.13-F.0.15).

- Catapults: ``build catapult`` (1 ore + 1 lumber, ``[params] catapult_cost``) moves the
  marker on your ship tile one jug up, from 0 to 6 (``jugs_max``).
- Sea robber ships stand on sea hexes (``[[places]] kind = "sea_robbers"``), each on a chest
  token lying face down under it.
- A ship of yours that is built or moved so that an end of it is on a corner of a sea
  robber's hex attacks at once (F.0.13).  You reveal the top card of the low stack while you
  have sunk fewer than 2 sea robbers (``high_stack_from``), else of the high stack (E.3.1):
  fewer jugs than the card: the ship is removed and you take 1 lumber or 1 wool
  (``salvage lumber|wool``); as many: the ship must move (``retreat PATH``, even past the
  one move a turn) to a path next to no sea robber, or is removed if it has none (F.0.14);
  more: the sea robber is sunk and yours, and so is its chest.  The card goes under its
  stack and the stack is shuffled (F.0.15); the battle ends your turn.
- Greatest Sea Robber Nemesis (1 VP): the first to sink 3 (``nemesis_from``); another
  player takes it by sinking strictly more (F.0.15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....engine.actions import Action, Event
from ....engine.declare import HelpEntry, PendingKind, StateItem, Verb, Visibility
from ....engine.geometry import RESOURCES
from ....engine.hidden import reshuffle
from ....engine.routes import joined_to_buildings
from ....engine.words import either_text

if TYPE_CHECKING:
    from ..general import LegendRules

NEMESIS = "Greatest Sea Robber Nemesis"


class SeaRobbers:
    def __init__(self, rules: "LegendRules") -> None:
        self.rules = rules
        ctx = self.ctx = rules.ctx
        params = ctx.scen.params
        self.places: tuple[int, ...] = tuple(
            int(h) for p in ctx.scen.places if p["kind"] == "sea_robbers" for h in p["hexes"])
        self.jugs_max = int(params.get("jugs_max", 6))
        self.high_from = int(params.get("high_stack_from", 2))
        self.nemesis_from = int(params.get("nemesis_from", 3))
        self.loss = tuple(RESOURCES.index(r) for r in params.get("battle_loss", ["lumber", "wool"]))

    # --- declarations -------------------------------------------------------------------------
    def state_items(self) -> tuple[StateItem, ...]:
        hex_id = self.ctx.hex_id
        return (
            StateItem("sea_robbers", Visibility.NOBODY, shown_as=lambda v: [hex_id(h) for h, _ in v],
                      scramble=_scramble_chests, redeal=self.rules.redeal_chests,
                      doc="sea robber ships on the board: [hex, chest face under it]"),
            StateItem("robber_cards_low", Visibility.NOBODY, shown_as=len, scramble=_shuffled,
                      redeal=reshuffle("robber_cards_low"),
                      doc="the low stack of sea robber cards (jugs needed), face down"),
            StateItem("robber_cards_high", Visibility.NOBODY, shown_as=len, scramble=_shuffled,
                      redeal=reshuffle("robber_cards_high"), doc="the high stack of sea robber cards, face down"),
            StateItem("nemesis", Visibility.PUBLIC, doc="the seat holding the Greatest Sea Robber Nemesis, or -1"),
            StateItem("jugs", Visibility.PUBLIC, scope="player", doc="clay jugs on the ship tile (0-6)"),
            StateItem("sunk", Visibility.PUBLIC, scope="player", doc="sea robber ships sunk"),
            StateItem("ships_known", Visibility.PUBLIC, scope="player",
                      doc="the player's ships after their last change: a ship not among them was just built "
                          "or moved"),
        )

    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("build-catapult", ("build", "catapult"), parse=lambda r, a: Action("build-catapult", (), a),
                 format=lambda a, w: "build catapult", check=self.check_catapult, apply=self.apply_catapult,
                 legal=self.catapult_moves, exact=True,
                 help=HelpEntry("build", "build catapult",
                                f"Equip your catapults: your ship tile's marker moves 1 clay jug up (0-{self.jugs_max}).",
                                "build catapult", price=("catapult", self.rules.cost_of("catapult_cost")))),
            Verb("salvage", ("salvage",), parse=lambda r, a: Action("salvage", (r.resource(),), a),
                 format=lambda a, w: f"salvage {RESOURCES[a.args[0]]}",
                 check=self.check_salvage, apply=self.apply_salvage,
                 legal=lambda seat: [Action("salvage", (r,), seat) for r in self.loss],
                 help=HelpEntry("salvage", "salvage " + "|".join(RESOURCES[r] for r in self.loss),
                                f"After a lost sea battle: take {self._loss_text()} for the ship you lost.",
                                "salvage wool"),
                 answers="battle-lost"),
            Verb("retreat", ("retreat",), parse=lambda r, a: Action("retreat", (r.edge(),), a),
                 format=lambda a, w: f"retreat {w.edge(a.args[0])}",
                 check=self.check_retreat, apply=self.apply_retreat, legal=self.legal_retreat,
                 help=HelpEntry("retreat", "retreat PATH",
                                "After a tied sea battle your ship must move (even if you moved one this turn) "
                                "to a path next to no sea robber.", "retreat 23-24"),
                 answers="battle-tied"),
        )

    def pendings(self) -> tuple[PendingKind, ...]:
        name = self.ctx.name
        return (
            PendingKind("battle-lost", prompt=lambda it: "salvage lumber or wool",
                        reason=lambda it: f"{name(it['seat'])} lost a sea battle and takes 1 lumber or 1 wool "
                                          "('salvage lumber|wool')",
                        answers=lambda it: [Action("salvage", (r,), it["seat"]) for r in self.loss
                                            if self.ctx.state.bank[r] >= 1], exact=True),
            PendingKind("battle-tied", prompt=lambda it: "retreat your ship",
                        reason=lambda it: f"{name(it['seat'])} tied a sea battle and must move the ship "
                                          "('retreat PATH')",
                        answers=lambda it: self.legal_retreat(it["seat"]), exact=True),
        )

    def on_new_game(self) -> None:
        ctx = self.ctx
        params = ctx.scen.params
        aside = ctx.data["chests_aside"]
        robbers = []
        for h in self.places:          # a chest token under each sea robber
            robbers.append([h, aside.pop(0) if aside else ""])
        ctx.data["sea_robbers"] = robbers
        for stack in ("low", "high"):
            cards = [int(c) for c in params.get(f"sea_robbers_{stack}", [])]
            ctx.state.rng.shuffle(cards)
            ctx.data[f"robber_cards_{stack}"] = cards
        ctx.data["nemesis"] = -1
        for seat in range(ctx.n):
            ctx.player_data(seat).update(jugs=0, sunk=0, ships_known=[])

    # --- catapults ----------------------------------------------------------------------------------
    def check_catapult(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        reason = ctx.main_phase_reason(seat, "build")
        if reason:
            return reason
        if ctx.player_data(seat)["jugs"] >= self.jugs_max:
            return f"your ship tile shows {self.jugs_max} clay jugs, the most"
        cost = self.rules.cost_of("catapult_cost")
        if not ctx.affords(seat, cost):
            return "a clay jug for your catapults costs 1 ore and 1 lumber"
        return None

    def catapult_moves(self, seat: int) -> list[Action]:
        """``build catapult`` if check_catapult allows it (its questions asked as yes/no: at
        nearly every listing the answer is no)."""
        ctx = self.ctx
        if (ctx.player_data(seat)["jugs"] >= self.jugs_max or not ctx.affords(seat, self.rules.cost_of("catapult_cost"))
                or not self.rules.main_phase_open(seat)):
            return []
        return [Action("build-catapult", (), seat)]

    def apply_catapult(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        ctx.pay(seat, self.rules.cost_of("catapult_cost"))
        pd = ctx.player_data(seat)
        pd["jugs"] += 1
        return [Event("catapult", seat, f"{ctx.name(seat)} equips the catapults: {pd['jugs']} clay jugs")]

    # --- battles --------------------------------------------------------------------------------------
    def ships_of(self, seat: int) -> list[int]:
        """The paths holding a ship of ``seat``'s, in order: read from the seat's kept paths
        (each listed once) and the piece tables, not asked path by path (after every route
        change, and kept as the seat's known ships)."""
        ctx = self.ctx
        s = ctx.state
        owner, kind, shared, is_ship = s.edge_owner, s.edge_kind, s.shared_ships, ctx.pieces.is_ship
        return [e for e in ctx.route_edges(seat) if (is_ship[kind[e]] if owner[e] == seat else shared[e] == seat)]

    def robber_beside(self, edge: int) -> list[Any] | None:
        """The sea robber whose hex has a corner at an end of ``edge``, if any."""
        a, b = self.ctx.geo.edge_nodes[edge]
        hex_nodes = self.ctx.geo.hex_nodes
        for item in self.ctx.data["sea_robbers"]:
            corners = hex_nodes[item[0]]
            if a in corners or b in corners:
                return item  # type: ignore[no-any-return]
        return None

    def after_route_change(self, seat: int) -> list[Event]:
        """A ship just built or moved beside a sea robber attacks it at once."""
        ctx = self.ctx
        if ctx.state.phase == "setup":
            self.remember(seat)
            return []
        pd = ctx.player_data(seat)
        known = set(pd["ships_known"])
        ships = self.ships_of(seat)
        pd["ships_known"] = ships       # remember(seat), the ships found once
        for edge in ships:
            if edge not in known:
                robber = self.robber_beside(edge)
                if robber is not None:
                    return self.battle(seat, edge, robber)
        return []

    def remember(self, seat: int) -> None:
        self.ctx.player_data(seat)["ships_known"] = self.ships_of(seat)

    def battle(self, seat: int, edge: int, robber: list[Any]) -> list[Event]:
        ctx = self.ctx
        pd = ctx.player_data(seat)
        stack_name = "high" if pd["sunk"] >= self.high_from else "low"
        stack = ctx.data[f"robber_cards_{stack_name}"]
        card = stack.pop(0)
        stack.append(card)                 # under its stack, and the stack is shuffled (F.0.15)
        ctx.state.rng.shuffle(stack)
        jugs = pd["jugs"]
        name = ctx.name(seat)
        where = ctx.hex_id(robber[0])
        events = [Event("battle", seat, f"{name}'s ship on {ctx.edge_text(edge)} attacks the sea robber on {where}: "
                                        f"the {stack_name} stack's card needs {card} clay jug"
                                        f"{'s' if card != 1 else ''}, {name} has {jugs}",
                        (("reveals", "sea_robber_card"), ("jugs", card)))]
        if jugs < card:
            ctx.remove_route(edge, seat)
            events.append(Event("battle", seat, f"{name} loses the battle: the ship is lost"))
            events += self.cut_off(seat)
            self.remember(seat)
            events += ctx.route_lost(seat)
            if any(ctx.state.bank[r] for r in self.loss):
                ctx.ask({"kind": "battle-lost", "seat": seat}, first=True)
                return events
            return events + self.end_of_battle(seat)
        if jugs == card:
            events.append(Event("battle", seat, f"{name} ties the battle: the ship must move away"))
            if self.retreats(seat, edge):
                ctx.ask({"kind": "battle-tied", "seat": seat, "edge": edge}, first=True)
                return events
            ctx.remove_route(edge, seat)
            events.append(Event("battle", seat, "no path next to no sea robber can take it: the ship is removed"))
            events += self.cut_off(seat)
            self.remember(seat)
            events += ctx.route_lost(seat)
            return events + self.end_of_battle(seat)
        ctx.data["sea_robbers"].remove(robber)
        pd["sunk"] += 1
        events.append(Event("battle", seat, f"{name} wins the battle and sinks the sea robber on {where} "
                                            f"({pd['sunk']} sunk), taking the chest under it"))
        if robber[1]:
            pd["chests"].append([robber[1], ctx.state.turn])
        events += self.nemesis(seat)
        return events + self.end_of_battle(seat)

    def nemesis(self, seat: int) -> list[Event]:
        ctx = self.ctx
        holder = ctx.data["nemesis"]
        sunk = ctx.player_data(seat)["sunk"]
        if holder == seat or sunk < self.nemesis_from:
            return []
        if holder >= 0 and sunk <= ctx.player_data(holder)["sunk"]:
            return []
        ctx.data["nemesis"] = seat
        took = f", taking it from {ctx.name(holder)}" if holder >= 0 else ""
        return [Event("nemesis", seat, f"{ctx.name(seat)} is the {NEMESIS} (1 VP){took}")]

    def end_of_battle(self, seat: int) -> list[Event]:
        """The battle ends the turn (the win counted first: 13 VP wins on your turn)."""
        ctx = self.ctx
        events = ctx.check_victory()
        if ctx.over:
            return events
        return events + [Event("battle", seat, f"the battle ends {ctx.name(seat)}'s turn")] + ctx.next_turn()

    # --- salvage / retreat ------------------------------------------------------------------------------
    def _loss_text(self) -> str:
        """What a lost ship brings back, in words: '1 lumber or 1 wool' (``battle_loss``)."""
        return either_text(RESOURCES[r] for r in self.loss)

    def check_salvage(self, action: Action) -> str | None:
        ctx = self.ctx
        if ctx.pending_for("battle-lost", action.seat) is None:
            return "you take lumber or wool only after losing a sea battle"
        res = action.args[0]
        if res not in self.loss:
            return f"for a lost ship you take {self._loss_text()}"
        if ctx.state.bank[res] < 1:
            return f"the bank has no {RESOURCES[res]}"
        return None

    def apply_salvage(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        ctx.close_pending("battle-lost", seat)
        ctx.gain(seat, [int(i == res) for i in range(5)])
        return [Event("battle", seat, f"{ctx.name(seat)} takes 1 {RESOURCES[res]} for the lost ship")] \
            + self.end_of_battle(seat)

    def retreats(self, seat: int, edge: int) -> list[int]:
        """Where the ship on ``edge`` may retreat: a path a moved ship may take, next to no
        sea robber (F.0.14)."""
        ctx = self.ctx
        geo = ctx.geo
        # A ship goes only where a route piece of the seat's could (candidate_route_edges:
        # the paths beside its pieces, which the lifted ship leaves no fewer of): those
        # paths are asked, not every path of the board.
        beside = {x for h, _ in ctx.data["sea_robbers"] for x in geo.hex_nodes[h]}
        shippable, edge_nodes = ctx.scen.edge_shippable, geo.edge_nodes
        return [e for e in sorted(ctx.candidate_route_edges(seat))
                if e != edge and shippable[e] and not (beside and beside.intersection(edge_nodes[e]))
                and ctx.free_route_reason(seat, "ship", e, lifted=edge) is None]

    def check_retreat(self, action: Action) -> str | None:
        ctx = self.ctx
        item = ctx.pending_for("battle-tied", action.seat)
        if item is None:
            return "a ship retreats only after a tied sea battle"
        dst = action.args[0]
        if self.robber_beside(dst) is not None:
            return f"{ctx.edge_text(dst)} is next to a sea robber; retreat to a path next to none"
        return ctx.free_route_reason(action.seat, "ship", dst, lifted=int(item["edge"]))

    def apply_retreat(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, dst = action.seat, action.args[0]
        item = ctx.close_pending("battle-tied", seat)
        src = int(item["edge"])
        events = [Event("battle", seat, f"{ctx.name(seat)}'s ship retreats from {ctx.edge_text(src)} to "
                                        f"{ctx.edge_text(dst)}")]
        events += ctx.move_route(src, dst, seat)
        cut = self.cut_off(seat)
        self.remember(seat)
        if cut:
            events += cut + ctx.route_lost(seat)
        return events + self.end_of_battle(seat)

    def cut_off(self, seat: int) -> list[Event]:
        """Ships of ``seat`` no longer joined to any of its buildings once the battle's ship
        left its path go back to the supply.  Only a ship sailing beyond the attacker in the
        same action can be cut off: the second free ship of Road Building, built from the
        first (a ship joins its owner's route, B.7; a route that lost its link is no route)."""
        ctx = self.ctx
        s, geo = ctx.state, ctx.geo
        mine = set(ctx.route_edges(seat))
        reached = joined_to_buildings(geo, s.node_owner, s.node_kind, seat, mine)
        events = []
        for x in sorted(mine - reached):
            ctx.remove_route(x, seat)
            events.append(Event("battle", seat, f"{ctx.name(seat)}'s ship on {ctx.edge_text(x)}, cut off from "
                                                f"{ctx.name(seat)}'s settlements, returns to the supply"))
        return events

    def legal_retreat(self, seat: int) -> list[Action]:
        item = self.ctx.pending_for("battle-tied", seat)
        if item is None:
            return []
        return [Action("retreat", (e,), seat) for e in self.retreats(seat, int(item["edge"]))]

    # --- scoring and checks ------------------------------------------------------------------------------
    def vp_sources(self, seat: int) -> dict[str, int]:
        return {NEMESIS: int(self.ctx.data["nemesis"] == seat)}

    def chests_under(self) -> int:
        return sum(1 for _, face in self.ctx.data["sea_robbers"] if face)

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        params = ctx.scen.params
        out = []
        sunk = sum(ctx.player_data(p)["sunk"] for p in range(ctx.n))
        if len(ctx.data["sea_robbers"]) + sunk != len(self.places):
            out.append(f"sea robber ships not conserved: {len(ctx.data['sea_robbers'])} + {sunk} sunk")
        for stack in ("low", "high"):
            if sorted(ctx.data[f"robber_cards_{stack}"]) != sorted(int(c) for c in params.get(f"sea_robbers_{stack}",
                                                                                              [])):
                out.append(f"the {stack} stack of sea robber cards is not whole")
        n_edges = ctx.geo.n_edges
        if any(not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int
               or not 0 <= item[0] < ctx.geo.n_hexes or not isinstance(item[1], str) for item in ctx.data["sea_robbers"]):
            out.append("a sea robber ship is damaged")     # read back from a file: [hex, chest face]
        for p in range(ctx.n):
            if not 0 <= ctx.player_data(p)["jugs"] <= self.jugs_max:
                out.append(f"{ctx.name(p)} has {ctx.player_data(p)['jugs']} clay jugs")
            known = ctx.player_data(p)["ships_known"]       # read back from a file: paths only
            if not isinstance(known, list) or any(type(e) is not int or not 0 <= e < n_edges for e in known):
                out.append(f"{ctx.name(p)}'s known ships are damaged")
        holder = ctx.data["nemesis"]
        if holder >= 0:
            best = max(ctx.player_data(p)["sunk"] for p in range(ctx.n))
            if ctx.player_data(holder)["sunk"] < self.nemesis_from:
                out.append(f"the {NEMESIS} is held with fewer than {self.nemesis_from} sunk")
            if best > ctx.player_data(holder)["sunk"]:
                out.append(f"someone sank more sea robbers than the {NEMESIS}")
        elif any(ctx.player_data(p)["sunk"] >= self.nemesis_from for p in range(ctx.n)):
            out.append(f"someone sank {self.nemesis_from} sea robbers and nobody is the {NEMESIS}")
        return out


def _scramble_chests(value: Any, rng: Any) -> Any:
    faces = [item[1] for item in value]
    rng.shuffle(faces)
    return [[item[0], faces[i]] for i, item in enumerate(value)]


def _shuffled(value: Any, rng: Any) -> Any:
    out = list(value)
    rng.shuffle(out)
    return out
