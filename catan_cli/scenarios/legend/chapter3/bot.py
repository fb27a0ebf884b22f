"""What the greedy bot knows of Chapter 3 (called by :class:`..bot.Strategy`): equip the
catapults first, sail next to a sea robber only when its jugs beat most of the stack it
would draw from (4 jugs against the low stack, 5 against the high), head for the Gold Isles'
gold fields, choose the harbour and the salvage it needs, and retreat where it may.

Everything comes from the public view: ``extra["sea_robber_hexes"]``, ``extra["gold_isles"]``,
``extra["jugs"]`` and ``extra["sea_robbers_sunk"]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ....engine.actions import Action
from ....engine.geometry import RESOURCES
from ....engine.scenario import resource_vector

if TYPE_CHECKING:
    from ....bots.context import Ctx
    from ....bots.greedy import Goal, GreedyBot

#: jugs the bot wants before a battle: against the low stack, against the high stack
READY = (4, 5)
CATAPULT_VALUE = 9.0
ROBBER_VALUE = 12.0
ISLE_VALUE = 8.0


def _extra(ctx: "Ctx") -> dict[str, Any]:
    extra: dict[str, Any] = ctx.view["extra"]
    return extra


def is_chapter3(ctx: "Ctx") -> bool:
    return "sea_robber_hexes" in _extra(ctx)


def ready(ctx: "Ctx") -> bool:
    extra = _extra(ctx)
    jugs = int((extra.get("jugs") or {}).get(ctx.seat, 0))
    sunk = int((extra.get("sea_robbers_sunk") or {}).get(ctx.seat, 0))
    return jugs >= READY[1 if sunk >= int(ctx.scen.params.get("high_stack_from", 2)) else 0]


def robber_corners(ctx: "Ctx") -> set[int]:
    b = ctx.board
    return {n for h in _extra(ctx).get("sea_robber_hexes") or [] for n in b.hex_nodes[b.hex_index[h]]}


def route_allowed(ctx: "Ctx") -> Callable[[int, int], bool] | None:
    """Ships keep off the sea robbers' corners until the catapults are ready."""
    if ready(ctx):
        return None
    corners = robber_corners(ctx)
    nodes = ctx.board.edge_nodes

    def allowed(edge: int, mode: int) -> bool:
        return not (mode == 1 and (nodes[edge][0] in corners or nodes[edge][1] in corners))

    return allowed


def route_targets(ctx: "Ctx") -> dict[int, float]:
    b = ctx.board
    out: dict[int, float] = {}
    for h in _extra(ctx).get("gold_isles") or []:
        for n in b.hex_nodes[b.hex_index[h]]:
            out[n] = ISLE_VALUE
    if ready(ctx):
        for n in robber_corners(ctx):
            out[n] = max(out.get(n, 0.0), ROBBER_VALUE)
    return out


def goals(ctx: "Ctx", kinds: dict[str, list[Action]]) -> list["Goal"]:
    from ....bots.greedy import Goal

    extra = _extra(ctx)
    jugs = int((extra.get("jugs") or {}).get(ctx.seat, 0))
    if ready(ctx) or not extra.get("sea_robber_hexes") or jugs >= int(ctx.scen.params.get("jugs_max", 6)):
        return []
    cost = resource_vector(ctx.scen.params["catapult_cost"])
    act = kinds.get("build-catapult", [])
    return [Goal("catapult", CATAPULT_VALUE, cost, act[0] if act else None)]


def answer(ctx: "Ctx", bot: "GreedyBot") -> Action | None:
    legal = ctx.legal
    for kind in ("harbor", "salvage", "lea-take", "lea-discard"):
        options = [a for a in legal if a.kind == kind]
        if options:
            need = bot.needs(ctx)
            if kind == "lea-take":
                return max(options, key=lambda a: sum(need[r] for r in a.args[0]))
            if kind == "lea-discard":     # a resource it needs least; a chapter card (spice) last
                return min(options, key=lambda a: (a.args[0] >= len(need), need[a.args[0]] if a.args[0] < len(need) else 0))
            return max(options, key=lambda a: need[a.args[0]] + (1.0 if a.args[0] == RESOURCES.index("ore") else 0))
    retreat = [a for a in legal if a.kind == "retreat"]
    if retreat:
        return retreat[0]
    return None


def before_main(ctx: "Ctx", bot: "GreedyBot", kinds: dict[str, list[Action]]) -> Action | None:
    if "hakon" in kinds or "lea" in kinds:
        if "lea" in kinds and sum(ctx.hand) >= 2:
            return kinds["lea"][0]
    if "lias" in kinds:
        return kinds["lias"][0]
    return None
