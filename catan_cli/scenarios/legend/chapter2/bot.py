"""What the greedy bot knows of Chapter 2 (called by :class:`..bot.Strategy`): take ore from
the bog iron, build gold miners once it has its outpost, walk them to gold-field tokens
(first where its miner completes a token, then where other miners already wait), and call
on Gerhild, Nyala and Isa when they help.

Everything comes from the public view: ``extra["gold_fields"]`` (nodes and the miners they
need, never the nuggets) and ``extra["gold_miners"]`` (everyone's miners by node).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....engine.actions import Action
from ....engine.scenario import resource_vector

if TYPE_CHECKING:
    from ....bots.context import Ctx
    from ....bots.greedy import Goal, GreedyBot

#: the value of one more gold miner while tokens remain (a settlement is about 10-15)
MINER_VALUE = 9.0


def _extra(ctx: "Ctx") -> dict[str, Any]:
    extra: dict[str, Any] = ctx.view["extra"]
    return extra


def is_chapter2(ctx: "Ctx") -> bool:
    return "gold_track" in _extra(ctx)


def miners_by_node(ctx: "Ctx") -> dict[int, int]:
    out: dict[int, int] = {}
    for nodes in (_extra(ctx).get("gold_miners") or {}).values():
        for n in nodes:
            out[int(n) - 1] = out.get(int(n) - 1, 0) + 1
    return out


def answer(ctx: "Ctx", bot: "GreedyBot") -> Action | None:
    bogs = [a for a in ctx.legal if a.kind == "bog"]
    if bogs:      # ore is the scarce one: miners and cities want it
        return max(bogs, key=lambda a: a.args[0])
    return None


def goals(ctx: "Ctx", kinds: dict[str, list[Action]]) -> list["Goal"]:
    from ....bots.greedy import Goal

    extra = _extra(ctx)
    mine = (extra.get("gold_miners") or {}).get(ctx.seat) or []
    if ctx.seat not in (extra.get("outposts") or {}) or len(mine) >= 3 or not extra.get("gold_fields"):
        return []
    cost = resource_vector(ctx.scen.params["miner_cost"])
    build = kinds.get("build-miner", [])
    return [Goal("miner", MINER_VALUE, cost, build[0] if build else None)]


def before_main(ctx: "Ctx", bot: "GreedyBot", kinds: dict[str, list[Action]]) -> Action | None:
    if "build-miner" in kinds and len(kinds.get("move-miner", [])) == 0:
        return kinds["build-miner"][0]
    move = best_move(ctx, kinds.get("move-miner", []))
    if move is not None:
        return move
    if "gerhild" in kinds:
        need = bot.needs(ctx)
        return max(kinds["gerhild"], key=lambda a: sum(need[r] for r in a.args[0]))
    nyala = [a for a in kinds.get("nyala", []) if a.args[0] >= 0]
    if nyala:
        return nyala[0]
    return None


def best_move(ctx: "Ctx", moves: list[Action]) -> Action | None:
    """A miner's move worth its grain: onto a token its arrival completes, else onto a token
    where miners already wait, else onto an empty token from a node that has none."""
    if not moves:
        return None
    fields = {int(f["node"]) - 1: int(f["miners"]) for f in _extra(ctx).get("gold_fields") or []}
    there = miners_by_node(ctx)

    def score(a: Action) -> float:
        src, dst = a.args
        if src in fields:
            return -1.0                  # it already waits at a token
        if dst not in fields or there.get(dst, 0) >= 3:
            return -1.0
        have = there.get(dst, 0) + 1
        if have >= fields[dst]:
            return 10.0 + fields[dst]
        return 2.0 + have

    best = max(moves, key=score)
    return best if score(best) > 0 else None
