"""Merchants and trade options of Chapter 4 (seed 000 "Chapter 4", task 2 a-d; digest E.3.7,
F.0.17).

- ``build merchant N RES`` (1 ore + 1 wool; 3 units each): on a corner of a discovered spice
  hex beside one of your own ships, not a corner shared by two spice hexes (each merchant
  belongs to one spice hex), one merchant per intersection.  Any player may place on any
  discovered spice hex (F.0.17).  The merchant closes your shipping route to it.
- It takes one of the trade options left (10: 2 per resource), at most one per spice hex
  per player; with none left (or one held for that spice hex already) ``RES`` is left out
  and the merchant gains no option.
- ``buy spice RES``: on your turn, as often as you like, 2 of an option's resource buy the
  top spice card.  Each option held lets your hand hold 2 more cards on a 7.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.actions import Action, Event
from ....engine.declare import HelpEntry, StateItem, Verb, Visibility
from ....engine.geometry import RESOURCES
from ....engine.pieces import PieceKind
from ....engine.scenario import resource_vector
from ....notation import Reader

if TYPE_CHECKING:
    from ..general import LegendRules
    from .spices import Spices

MERCHANT = 4          # node code of a merchant
MERCHANT_PIECE = PieceKind("merchant", "node", MERCHANT, "m", supply="merchant", building=False)


class Merchants:
    def __init__(self, rules: "LegendRules", spices: "Spices") -> None:
        self.rules = rules
        self.ctx = rules.ctx
        self.spices = spices
        params = self.ctx.scen.params
        self.options = tuple(RESOURCES.index(str(r)) for r in params.get("trade_options", []))
        self.price = int(params.get("trade_option_price", 2))
        self.bonus = int(params.get("option_hand_bonus", 2))
        self.cost = resource_vector(dict(params.get("merchant_cost", {})))
        # merchant_moves' sites per seat (free corners of one discovered spice hex beside
        # the seat's ships), with the board (board_version: pieces and hexes turned up)
        self._sites: tuple[int, dict[int, tuple[int, ...]]] = (-1, {})

    def state_items(self) -> tuple[StateItem, ...]:
        ctx = self.ctx
        return (
            StateItem("trade_options", Visibility.PUBLIC, present=lambda v: [RESOURCES[r] for r in v],
                      doc="trade option cards not yet taken (their resources)"),
            StateItem("options", Visibility.PUBLIC, scope="player",
                      present=lambda v: [{"resource": RESOURCES[r], "spice_hex": ctx.hex_id(h)} for r, h in v],
                      doc="trade options held: [resource, the spice hex of the merchant that took it]"),
        )

    def on_new_game(self) -> None:
        ctx = self.ctx
        ctx.data["trade_options"] = list(self.options)
        for seat in range(ctx.n):
            ctx.player_data(seat)["options"] = []

    def held(self, seat: int) -> list[list[int]]:
        return self.ctx.player_data(seat)["options"]  # type: ignore[no-any-return]

    def hand_bonus(self, seat: int) -> int:
        return self.bonus * len(self.held(seat))

    def closes(self, seat: int, node: int) -> bool:
        s = self.ctx.state
        return s.node_kind[node] == MERCHANT and s.node_owner[node] == seat

    def spice_hexes_at(self, node: int) -> list[int]:
        terrain = self.ctx.state.terrain
        return [h for h in self.ctx.geo.node_hexes[node] if terrain[h] == "spice"]

    # --- verbs -------------------------------------------------------------------------------------
    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("build-merchant", ("build", "merchant"), parse=_parse_merchant,
                 format=lambda a, w: f"build merchant {w.node(a.args[0])}"
                                     + (f" {RESOURCES[a.args[1]]}" if a.args[1] >= 0 else ""),
                 check=self.check_merchant, apply=self.apply_merchant, legal=self.merchant_moves, exact=True,
                 help=HelpEntry("build", "build merchant N [RES]",
                                "Place a merchant on N, a corner of a discovered spice hex beside your own "
                                f"ship (not between two spice hexes; one per intersection; {self.ctx.scen.pieces.get('merchant', 0)} each). It closes "
                                "your shipping route and takes the trade option RES, if one is left and you "
                                "hold none for that spice hex.", "build merchant 40 ore", price=("merchant", self.cost))),
            Verb("buy-spice", ("buy", "spice"), parse=lambda r, a: Action("buy-spice", (r.resource(),), a),
                 format=lambda a, w: f"buy spice {RESOURCES[a.args[0]]}",
                 check=self.check_buy, apply=self.apply_buy, legal=self.buy_moves, exact=True,
                 help=HelpEntry("buy", "buy spice RES",
                                f"With a trade option for RES: pay {self.price} RES for the top spice card, as often as "
                                "you like on your turn.", "buy spice ore", f"{self.price} of the option's resource")),
        )

    def option_reason(self, seat: int, node: int) -> str | None:
        """Why a merchant on ``node`` would take no trade option."""
        if not self.ctx.data["trade_options"]:
            return "the trade options are all taken"
        spice = self.spice_hexes_at(node)
        if spice and any(h == spice[0] for _, h in self.held(seat)):
            return f"you hold a trade option for spice hex {self.ctx.hex_id(spice[0])} already"
        return None

    def check_merchant(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, node, res = action.seat, action.args[0], action.args[1]
        reason = ctx.main_phase_reason(seat, "build")
        if reason:
            return reason
        if ctx.state.players[seat].pieces.get("merchant", 0) <= 0:
            return "you have placed all your merchants"
        spice = self.spice_hexes_at(node)
        if not spice:
            return f"a merchant goes on a corner of a discovered spice hex; {node + 1} is not one"
        if len(spice) > 1:
            return (f"intersection {node + 1} lies between two spice hexes; each merchant must belong to "
                    "one spice hex")
        if ctx.state.node_kind[node]:
            return f"intersection {node + 1} is taken (one merchant per intersection)"
        if not self.rules.ship_reaches(seat, node):
            return f"a merchant goes beside one of your own ships; none of yours touches {node + 1}"
        have = ctx.state.players[seat].resources
        if any(have[i] < self.cost[i] for i in range(5)):
            return "a merchant costs 1 ore and 1 wool"
        why_not = self.option_reason(seat, node)
        if res < 0:
            if why_not is None:
                left = ", ".join(sorted({RESOURCES[r] for r in ctx.data["trade_options"]}))
                return f"choose a trade option: 'build merchant {node + 1} RES' ({left})"
            return None
        if why_not:
            return f"{why_not}: place the merchant without one ('build merchant {node + 1}')"
        if res not in ctx.data["trade_options"]:
            return f"no {RESOURCES[res]} trade option is left"
        return None

    def apply_merchant(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, node, res = action.seat, action.args[0], action.args[1]
        spice = self.spice_hexes_at(node)[0]
        ctx.pay(seat, self.cost)
        ctx.place_node_piece(seat, node, "merchant")
        text = (f"{ctx.name(seat)} places a merchant on {node + 1} at spice hex {ctx.hex_id(spice)}; "
                "the shipping route to it is closed")
        if res >= 0:
            ctx.data["trade_options"].remove(res)
            self.held(seat).append([res, spice])
            text += f", and takes the {RESOURCES[res]} trade option"
        # a piece on an intersection breaks the others' trade routes through it, as an outpost does
        return [Event("build", seat, text)] + ctx.building_placed(seat, node)

    def merchant_moves(self, seat: int) -> list[Action]:
        """The merchants check_merchant allows: the timing, supply and price asked once,
        then the free corners of exactly one discovered spice hex beside the seat's ships,
        with each trade option left or none (as option_reason says)."""
        ctx = self.ctx
        out: list[Action] = []
        s = ctx.state
        if (s.players[seat].pieces.get("merchant", 0) <= 0 or not ctx.affords(seat, self.cost)
                or not self.rules.main_phase_open(seat)):
            return out
        for node in self.merchant_sites(seat):
            if self.option_reason(seat, node):
                out.append(Action("build-merchant", (node, -1), seat))
            else:
                out += [Action("build-merchant", (node, r), seat) for r in sorted(set(ctx.data["trade_options"]))]
        return out

    def merchant_sites(self, seat: int) -> tuple[int, ...]:
        """The free corners of exactly one discovered spice hex beside ``seat``'s ships, as
        the listing may take them in order: they read the pieces and the hexes turned up
        alone, so they are kept while those stay (board_version)."""
        board = self.ctx.board_version()
        if self._sites[0] != board:
            self._sites = (board, {})
        found = self._sites[1].get(seat)
        if found is None:
            found = self._sites[1][seat] = self._find_sites(seat)
        return found

    def _find_sites(self, seat: int) -> tuple[int, ...]:
        ctx = self.ctx
        s = ctx.state
        terrain, node_kind, hex_nodes = s.terrain, s.node_kind, ctx.geo.hex_nodes
        free = [node for h, t in enumerate(terrain) if t == "spice" for node in hex_nodes[h] if not node_kind[node]]
        # the seat's ships asked once, of the corners at one of its paths (nodes_ships_reach)
        return tuple([node for node in self.rules.nodes_ships_reach(seat, free) if len(self.spice_hexes_at(node)) == 1])

    def check_buy(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        reason = ctx.main_phase_reason(seat, "buy spice")
        if reason:
            return reason
        if not any(r == res for r, _ in self.held(seat)):
            return f"you hold no {RESOURCES[res]} trade option"
        if ctx.state.players[seat].resources[res] < self.price:
            return f"a spice card costs {self.price} {RESOURCES[res]}"
        if not ctx.data["spice_stack"] and not ctx.data["spice_discard"]:
            return "no spice card is left to draw"
        return None

    def buy_moves(self, seat: int) -> list[Action]:
        """The purchases check_buy allows: one per resource of the seat's trade options that
        the hand pays, while a spice card is left to draw."""
        ctx = self.ctx
        held = self.held(seat)
        if not held or (not ctx.data["spice_stack"] and not ctx.data["spice_discard"]) \
                or not self.rules.main_phase_open(seat):
            return []
        have = ctx.state.players[seat].resources
        return [Action("buy-spice", (r,), seat) for r in sorted({o for o, _ in held}) if have[r] >= self.price]

    def apply_buy(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        ctx.pay(seat, [self.price * (i == res) for i in range(5)])
        events = [Event("trade", seat, f"{ctx.name(seat)} pays {self.price} {RESOURCES[res]} under a trade option")]
        return events + self.spices.draw(seat)[1]

    # --- view, checks --------------------------------------------------------------------------------
    def view_items(self) -> dict[str, object]:
        ctx = self.ctx
        s = ctx.state
        return {"merchants": [{"node": n + 1, "owner": ctx.name(s.node_owner[n])}
                              for n in range(ctx.geo.n_nodes) if s.node_kind[n] == MERCHANT]}

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        s = ctx.state
        out = []
        held = [r for p in range(ctx.n) for r, _ in self.held(p)]
        if sorted(held + ctx.data["trade_options"]) != sorted(self.options):
            out.append("trade options not conserved")
        limit = int(ctx.scen.pieces.get("merchant", 0))
        for p in range(ctx.n):
            placed = sum(1 for n in range(ctx.geo.n_nodes) if s.node_kind[n] == MERCHANT and s.node_owner[n] == p)
            if placed > limit or placed + s.players[p].pieces.get("merchant", 0) != limit:
                out.append(f"{ctx.name(p)} has {placed} merchants placed")
            hexes = [h for _, h in self.held(p)]
            if len(hexes) != len(set(hexes)):
                out.append(f"{ctx.name(p)} holds two trade options for one spice hex")
        return out


def _parse_merchant(r: Reader, actor: int) -> Action:
    node = r.node()
    res = r.resource() if r.more() else -1
    return Action("build-merchant", (node, res), actor)

