"""Cloth for Catan (seed 004, digest F.4): ship routes to the Forgotten Tribe's villages
open trade relations (1 cloth at once, then 1 cloth whenever the village's number rolls);
2 cloth = 1 VP.  The pirate may steal cloth, and moves only for players with a village route.

From the public view: ``view["extra"]["villages"]`` gives each village's node, number, cloth
left and traders; each player's cloth is in ``players[i]["extra"]["cloth"]``.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from ...bots.context import PIPS
from ...bots.strategies.base import Strategy as BaseStrategy
from ...engine.actions import Action

if TYPE_CHECKING:
    from ...game import Game
    from ...bots.context import Board, Ctx


#: how much a spot's nearness to an open village counts beside its production.  Doubled
#: (issue 19): at 1.0 the seats placing late in the three set-up rounds (white, orange) took
#: the coast near the villages and won 35 % and 30 %, red and blue 18 % and 17 %
SPOT_SCALE = 2.0
#: boards whose village distances are kept (the bots' board tables are kept per map too)
SEA_DIST_BOARDS = 16


#: the searching bot's worth (in VP) of a trade relation with a village on a 6 or 8
WORTH_ROUTE = 0.6


class Strategy(BaseStrategy):
    key = "cloth-for-catan"

    def __init__(self) -> None:
        # by board (a compiled Board takes no weak reference: a few boards are kept instead)
        self._sea_dist: "dict[Board, dict[int, list[int]]]" = {}

    # --- what the view says ------------------------------------------------------------
    def villages(self, ctx: "Ctx") -> list[dict[str, Any]]:
        return list(ctx.view["extra"].get("villages", []))

    def village_value(self, v: dict[str, Any]) -> float:
        """A village route's worth in spot-value units: the cloth at once plus the cloth of
        its number for the rest of the game (half a VP each)."""
        return 6.0 + 2.2 * PIPS.get(int(v["number"]), 0) + 0.3 * int(v["cloth"])

    def sea_dist(self, board: "Board") -> dict[int, list[int]]:
        """Ship hops from each village to every node (for set-up choices)."""
        cached = self._sea_dist.get(board)
        if cached is None:
            cached = {}
            for place in board.places:
                if place.get("kind") != "village":
                    continue
                start = int(place["node"]) - 1
                dist = [99] * board.n_nodes
                dist[start] = 0
                queue = deque([start])
                while queue:
                    x = queue.popleft()
                    for e in board.node_edges[x]:
                        if not board.edge_shippable[e]:
                            continue
                        a, c = board.edge_nodes[e]
                        y = c if a == x else a
                        if dist[y] > dist[x] + 1:
                            dist[y] = dist[x] + 1
                            queue.append(y)
                cached[start] = dist
            if len(self._sea_dist) >= SEA_DIST_BOARDS:
                self._sea_dist.clear()
            self._sea_dist[board] = cached
        return cached

    def open_villages(self, ctx: "Ctx") -> list[dict[str, Any]]:
        return [v for v in self.villages(ctx) if ctx.seat not in v["traders"] and int(v["cloth"]) > 0]

    # --- valuing ----------------------------------------------------------------------------
    def valuation_key(self, ctx: "Ctx") -> tuple[tuple[int, int, int], ...]:
        # spot_bonus and route_targets read the open villages alone: where, which number, how much cloth
        return tuple((int(v["node"]), int(v["number"]), int(v["cloth"])) for v in self.open_villages(ctx))

    def route_targets(self, ctx: "Ctx") -> dict[int, float]:
        return {int(v["node"]) - 1: self.village_value(v) for v in self.open_villages(ctx)}

    def spot_bonus(self, ctx: "Ctx", node: int) -> float:
        if not ctx.board.node_coastal[node]:
            return 0.0
        best = 0.0
        for dist, value in self._reach(ctx):
            d = dist[node]
            if d < 8:
                best = max(best, value / (2.0 + d))
        return best * SPOT_SCALE

    def _reach(self, ctx: "Ctx") -> list[tuple[list[int], float]]:
        """The open villages of this decision as (ship hops to every node, worth): worked
        out once per decision, since a decision values dozens of corners."""
        found: list[tuple[list[int], float]] | None = ctx.memo.get("cloth_reach")
        if found is None:
            dist = self.sea_dist(ctx.board)
            found = [(dist[int(v["node"]) - 1], self.village_value(v)) for v in self.open_villages(ctx)
                     if int(v["node"]) - 1 in dist]
            ctx.memo["cloth_reach"] = found
        return found

    def setup_route_bonus(self, ctx: "Ctx", action: Action) -> float:
        if action.kind != "build-ship":
            return 0.0
        b = ctx.board
        u, w = b.edge_nodes[action.args[0]]
        here, there = (u, w) if ctx.node_owner[u] == ctx.me else (w, u)
        dist = self.sea_dist(b)
        best = 0.0
        for v in self.open_villages(ctx):
            dv = dist.get(int(v["node"]) - 1)
            if dv and dv[there] < dv[here]:
                best = max(best, self.village_value(v) / (1.0 + dv[there]))
        return best

    def playout_worth(self, world: "Game", seat: int) -> float:
        # a trade relation brings a cloth (half a VP) whenever its village's number rolls
        villages = world.engine.s.extra.get("villages", [])
        return sum(WORTH_ROUTE * PIPS.get(int(v["number"]), 0) / 5.0 for v in villages
                   if seat in v.get("traders", []) and int(v.get("cloth", 0)) > 0)

    def robber_bonus(self, ctx: "Ctx", action: Action) -> float:
        if action.kind == "pirate" and len(action.args) > 2 and action.args[1] >= 0:
            victim = ctx.players[action.args[1]]
            cloth = int(victim["extra"].get("cloth", 0))
            if action.args[2] == "cloth":
                # an even pile loses a VP to the theft; an odd one gives me half of one
                return 4.0 + (2.0 if cloth % 2 == 0 else 0.0)
        return 0.0
