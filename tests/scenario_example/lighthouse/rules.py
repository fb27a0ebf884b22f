"""Lighthouses and buried treasure: a tiny scenario written entirely in its own package.

It adds a piece (the lighthouse: 1 VP, on a coastal intersection beside your own
settlement or city), two verbs (``raise lighthouse N``, ``dig``) and a secret (each
player's buried treasure, seen by its owner only; the unburied treasures face down), and
it touches no file of the core: the test that plays it proves a scenario lands that way.
"""

from __future__ import annotations

from typing import Iterable

from catan_cli.engine.actions import Action, Event, Private
from catan_cli.engine.context import RulesContext
from catan_cli.engine.declare import HelpEntry, StateItem, Verb, Visibility
from catan_cli.engine.geometry import RESOURCES
from catan_cli.engine.pieces import PieceKind
from catan_cli.engine.rulebook import ScenarioRules
from catan_cli.notation import Reader

LIGHTHOUSE = 3     # node code


class Rules(ScenarioRules):
    pieces = (PieceKind("lighthouse", "node", LIGHTHOUSE, "L", supply="lighthouse", vp=1),)
    rules_text = "Lighthouses: raise one on the coast beside your own building (1 VP); dig up your treasure once."

    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        self.state_items = (
            StateItem("buried", Visibility.NOBODY, shown_as=len, doc="treasures still buried, face down"),
            StateItem("treasure", Visibility.OWNER, scope="player", shown_as=lambda v: "?" if v else "dug",
                      # whether it is dug is public; only the number is secret
                      scramble=lambda v, rng: v % 8 + 1 if v else 0,
                      doc="a player's own treasure, 0 once dug"),
        )
        cost = ctx.scen.params["lighthouse_cost"]
        self.cost = tuple(int(cost.get(r, 0)) for r in RESOURCES)

    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("raise-lighthouse", ("raise", "lighthouse"), parse=lambda r, a: Action("raise-lighthouse", (r.node(),), a),
                 format=lambda a, w: f"raise lighthouse {w.node(a.args[0])}",
                 check=self.check_raise, apply=self.apply_raise, legal=self.legal_raise,
                 help=HelpEntry("raise", "raise lighthouse N", "Raise a lighthouse (1 VP) on a coastal "
                                "intersection beside your own building.", "raise lighthouse 20", "1 brick + 1 ore")),
            Verb("dig", ("dig",), parse=_parse_dig, format=lambda a, w: "dig",
                 check=self.check_dig, apply=self.apply_dig, legal=lambda seat: [Action("dig", (), seat)],
                 help=HelpEntry("dig", "dig", "Dig up your buried treasure: an even one gives ore, an odd one brick.",
                                "dig")),
        )

    def on_new_game(self) -> None:
        ctx = self.ctx
        buried = [int(t) for t in ctx.scen.params["treasures"]]
        ctx.state.rng.shuffle(buried)
        for seat in range(ctx.n):
            ctx.player_data(seat)["treasure"] = buried.pop()
        ctx.data["buried"] = buried

    # --- raise lighthouse N ----------------------------------------------------------------
    def check_raise(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, node = action.seat, action.args[0]
        reason = ctx.main_phase_reason(seat, "raise a lighthouse")
        if reason:
            return reason
        if ctx.state.players[seat].pieces.get("lighthouse", 0) <= 0:
            return "you have no lighthouses left"
        if not ctx.scen.node_touches_sea[node] or not ctx.scen.node_touches_land[node]:
            return f"a lighthouse stands on the coast; {node + 1} is not"
        if ctx.state.node_kind[node]:
            return f"intersection {node + 1} is already taken"
        if not any(ctx.own_building(seat, m) for m in ctx.geo.node_neighbors[node]):
            return "a lighthouse stands beside one of your own settlements or cities"
        have = ctx.state.players[seat].resources
        if any(have[i] < self.cost[i] for i in range(5)):
            return "a lighthouse costs 1 brick and 1 ore"
        return None

    def apply_raise(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, node = action.seat, action.args[0]
        ctx.pay(seat, self.cost)
        ctx.place_node_piece(seat, node, "lighthouse")
        return [Event("build", seat, f"{ctx.name(seat)} raises a lighthouse on {node + 1}")]

    def legal_raise(self, seat: int) -> Iterable[Action]:
        geo = self.ctx.geo
        near = {m for n in range(geo.n_nodes) if self.ctx.own_building(seat, n) for m in geo.node_neighbors[n]}
        return [Action("raise-lighthouse", (n,), seat) for n in sorted(near)]

    # --- dig -------------------------------------------------------------------------------------
    def check_dig(self, action: Action) -> str | None:
        reason = self.ctx.main_phase_reason(action.seat, "dig")
        if reason:
            return reason
        if not self.ctx.player_data(action.seat)["treasure"]:
            return "you have dug up your treasure already"
        return None

    def apply_dig(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        treasure = ctx.player_data(seat)["treasure"]
        ctx.player_data(seat)["treasure"] = 0
        r = RESOURCES.index("ore" if treasure % 2 == 0 else "brick")
        gain = [0] * 5
        gain[r] = 1
        ctx.gain(seat, gain)
        # What it yields is public (the bank shows it); the number only its owner learns.
        return [Event("dig", seat, f"{ctx.name(seat)} digs up 1 {RESOURCES[r]}", (("reveals", "yield"),),
                      private=Private((seat,), f"{ctx.name(seat)} digs up treasure {treasure}: 1 {RESOURCES[r]}"))]

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        held = [ctx.player_data(p)["treasure"] for p in range(ctx.n)]
        dug = sum(1 for t in held if not t)
        total = len(ctx.data["buried"]) + len(held)
        if total != len(ctx.scen.params["treasures"]):
            return [f"treasures not conserved: {total}"]
        return [] if dug <= ctx.n else ["more treasures dug than players"]


def _parse_dig(r: Reader, actor: int) -> Action:
    return Action("dig", (), actor)

