"""Land Ho! for the greedy bot: build harbour settlements, settlers and ships, sail settler
ships to the best discovered site and found settlements there, explore with the others,
and spend gold on what the next build lacks.

Everything comes from the public view: ``extra`` lists every ship with its cargo, the
settlers in harbour basins, the ship being moved, and each player's gold, ships and
settlers; the board shows which hexes are still face down.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, ClassVar

from ...bots.strategies.base import Strategy as BaseStrategy
from ...engine.actions import Action
from ...engine.geometry import UNEXPLORED
from ...engine.scenario import resource_vector

if TYPE_CHECKING:
    from ...bots.context import Ctx
    from ...bots.greedy import Goal, GreedyBot
    from ...game import Game

LAND = 0          # bots.context edge kind of a path between two land hexes
FAR = 99
#: what each node code yields per pip in the searching bot's production worth
#: (Strategy.production_yields): a settlement 1, a harbour settlement 1 (C.4: it produces
#: only 1 resource; the general count, settlements and cities only, would leave it out)
YIELDS = (0, 1, 0, 1)
#: gold counted up to this many coins (2 buy a resource, at most twice a turn: C.9)
GOLD_CAP = 8
#: the searching bot's standing of a seat (Strategy.standing), in VP, per feature of
#: standing_features (points, production, cards, gold, settlers out, ships out): fitted by
#: ``python -m catan_cli.benchmarks.fit_standing --scenario land-ho --games 200 --seed
#: 7000`` (who won, at each turn's start of greedy games; held-out turns whose highest
#: standing won: 0.440, hand-set weights 0.410, chance 0.25): a settler out is worth three
#: quarters of a point, a ship a third, a card or a coin more than production promises
STANDING_WEIGHTS: tuple[float, ...] = (1.0, 0.023, 0.173, 0.116, 0.748, 0.347)


class Strategy(BaseStrategy):
    key = "land-ho"
    #: the searching bot's pace (Strategy.playout_pace): sailing by movement points lists
    #: many moves.  benchmarks/search_time.py (300 ms, 40 turns) measured 0.84 moves per
    #: processor ms on a machine where base measured 4.6 (8.3 on the reference machine):
    #: about 1.5 there, this a little below it (1.2 with two-turn play-outs); one-turn
    #: play-outs (HORIZON) copy and deal a world twice as often per move played: with them,
    #: 1.2 put the decision median at 353 ms of a 300 ms budget (6 games, where two-turn
    #: ones measured 289 ms), so 1.0
    PACE: ClassVar[float] = 1.0

    #: the searching bot's play-outs end when its turn has come round once (the general
    #: two): at this pace a budget buys few moves, and the standing sees settlers under
    #: way, so the moves go to more rounds rather than longer ones
    HORIZON: ClassVar[int] = 1

    def playout_pace(self, world: "Game") -> float | None:
        return self.PACE

    def playout_horizon(self, world: "Game") -> int | None:
        return self.HORIZON

    def production_yields(self) -> tuple[int, ...]:
        return YIELDS

    # --- the searching bot's leaf --------------------------------------------------------------
    def standing_features(self, world: "Game", seat: int, production: float) -> list[float]:
        # What the standing weighs (STANDING_WEIGHTS, in this order): points up to the
        # target; production (harbour settlements counted: production_yields); resource
        # cards (up to 7: a 7 halves more); gold (up to GOLD_CAP); settlers built and not
        # yet founded (in a basin or a ship's hold: a settlement paid for, C.5); ships on
        # the board (C.6).
        e, s = world.engine, world.engine.s
        p = s.players[seat]
        extra = p.extra
        ships = [sh for sh in s.extra["ships"] if sh["owner"] == seat]
        settlers = sum(1 for sh in ships if sh["cargo"]) + sum(
            1 for node in s.extra["basins"] if s.node_owner[int(node)] == seat)
        return [float(min(e.vp(seat), e.scen.vp_target)), production,
                float(min(sum(p.resources), 7)), float(min(int(extra["gold"]), GOLD_CAP)),
                float(settlers), float(len(ships))]

    def standing(self, world: "Game", seat: int, production: float) -> float | None:
        features = self.standing_features(world, seat, production)
        return sum(w * f for w, f in zip(STANDING_WEIGHTS, features))

    # --- what the view says ------------------------------------------------------------------
    def _mine(self, ctx: "Ctx") -> dict[str, Any]:
        extra = ctx.view["extra"]
        ships = [sh for sh in extra["ships"] if sh["owner"] == ctx.seat]
        me = ctx.players[ctx.me]["extra"]
        basins = {int(n) - 1 for n in extra["basins"]}
        code = ctx.board.node_code["harbor-settlement"]
        harbors = [n for n, (owner, kind) in enumerate(zip(ctx.node_owner, ctx.node_kind))
                   if owner == ctx.me and kind == code]
        return {"ships": ships, "gold": int(me["gold"]), "ships_left": int(me["ships_left"]),
                "settlers_left": int(me["settlers_left"]), "harbors": harbors,
                "waiting": [n for n in harbors if n in basins],
                "carrying": any(sh["cargo"] for sh in ships)}

    def _edge(self, ctx: "Ctx", name: str) -> int:
        return ctx.board.edge_index[name]

    # --- valuing the map -------------------------------------------------------------------------
    def may_settle(self, ctx: "Ctx", node: int) -> bool:
        b = ctx.board
        return not any(b.hex_terrain[h] == UNEXPLORED for h in b.node_hexes[node])

    def site_ok(self, ctx: "Ctx", node: int) -> bool:
        """A corner of discovered land, free by the distance rule, touching no face-down hex."""
        b = ctx.board
        terrains = [b.hex_terrain[h] for h in b.node_hexes[node]]
        return (UNEXPLORED not in terrains and any(t != "sea" for t in terrains)
                and ctx.free_site(node))

    def _route(self, ctx: "Ctx", e: int) -> bool:
        return ctx.board.edge_kind[e] != LAND

    def _distances(self, ctx: "Ctx", targets: set[int]) -> dict[int, int]:
        """Steps along sea routes from every route to the nearest of ``targets``."""
        b = ctx.board
        dist = {e: 0 for e in targets}
        queue = deque(targets)
        while queue:
            e = queue.popleft()
            if dist[e] >= FAR:
                continue
            for x in b.edge_nodes[e]:
                for f in b.node_edges[x]:
                    if f not in dist and self._route(ctx, f):
                        dist[f] = dist[e] + 1
                        queue.append(f)
        return dist

    def _explore_targets(self, ctx: "Ctx") -> set[int]:
        b = ctx.board
        out = set()
        for e in range(b.n_edges):
            if self._route(ctx, e) and any(b.hex_terrain[h] == UNEXPLORED for x in b.edge_nodes[e]
                                           for h in b.node_hexes[x]):
                out.add(e)
        return out

    def abroad(self, ctx: "Ctx", node: int) -> bool:
        """A corner of a hex of a face-down area (turned up or not): across the sea."""
        areas = ctx.scen.face_down
        return any(ctx.board.hex_area[h] in areas for h in ctx.board.node_hexes[node])

    def _site_targets(self, ctx: "Ctx", bot: "GreedyBot", abroad: bool = False) -> dict[int, float]:
        """Sea routes beside a good discovered site (``abroad``: in a face-down area), with
        the site's value."""
        b = ctx.board
        out: dict[int, float] = {}
        for n in range(b.n_nodes):
            if self.site_ok(ctx, n) and (not abroad or self.abroad(ctx, n)):
                val = bot.spot_value(ctx, self, n)
                for e in b.node_edges[n]:
                    if self._route(ctx, e):
                        out[e] = max(out.get(e, 0.0), val)
        return out

    # --- goals ----------------------------------------------------------------------------------
    def extra_goals(self, ctx: "Ctx", bot: "GreedyBot", kinds: dict[str, list[Action]],
                    acting: bool) -> list["Goal"]:
        from ...bots.greedy import Goal
        info = self._mine(ctx)
        params = ctx.scen.params
        out: list[Goal] = []
        harbors = kinds.get("build-harbor", [])
        if harbors:
            best = max(harbors, key=lambda a: ctx.board.node_pips[a.args[0]])
            out.append(Goal("harbor", 11.5 + ctx.board.node_pips[best.args[0]] / 5.0,
                            resource_vector(params["harbor_cost"]), best))
        elif acting is False or ctx.pieces.get("harbor-settlement", 0) > 0:
            coastal = [n for n in range(ctx.board.n_nodes) if ctx.node_owner[n] == ctx.me and ctx.node_kind[n] == 1
                       and ctx.board.node_coastal[n]]
            if coastal and ctx.pieces.get("harbor-settlement", 0) > 0:
                out.append(Goal("harbor", 11.0, resource_vector(params["harbor_cost"]), None))
        if info["settlers_left"] > 0 and not info["carrying"] and not info["waiting"]:
            settlers = kinds.get("build-settler", [])
            ship_spots = [a for a in settlers if a.args[0] == "ship"]
            choices = ship_spots or settlers
            act = choices[0] if choices else None
            out.append(Goal("settler", 10.8, resource_vector(params["settler_cost"]), act))
        empty_ships = [sh for sh in info["ships"] if not sh["cargo"]]
        if info["ships_left"] > 0 and not empty_ships and (info["waiting"] or not info["ships"]):
            launches = [a for a in kinds.get("launch-ship", []) if a.args[1] < 0]
            out.append(Goal("ship", 10.6, tuple(ctx.costs["ship"]), launches[0] if launches else None))
        return out

    # --- decisions ----------------------------------------------------------------------------------
    def answer(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        """A gold offer: accept when what comes is worth more than what goes (a coin half a card)."""
        offers = [it for it in ctx.view["pending"] if it.get("kind") == "gold-offer" and it["player"] == ctx.seat]
        if not offers:
            return None
        item = offers[0]
        give, get = item["give"], item["get"]          # the offerer's sides: I receive ``give``
        worth = sum(give[:5]) + 0.5 * give[5] - sum(get[:5]) - 0.5 * get[5]
        accept = Action("accept-gold", (), ctx.me)
        if worth > 0 and accept in ctx.legal:
            return accept
        return Action("decline-gold", (), ctx.me)

    # --- the trade/build phase --------------------------------------------------------------------
    def before_main(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        if ctx.phase == "movement":
            return self.movement(ctx, bot)
        buys = [a for a in ctx.legal if a.kind == "gold-for-resource"]
        if buys:
            goals = bot.goals(ctx, self, ctx.kinds())
            for g in goals[:2]:
                missing = [max(0, g.cost[r] - ctx.hand[r]) for r in range(5)]
                if 0 < sum(missing) <= 2:
                    r = max(range(5), key=lambda i: missing[i])
                    act = Action("gold-for-resource", (r,), ctx.me)
                    if act in buys:
                        return act
        return None

    def before_end(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        return self.movement(ctx, bot)

    # --- the movement phase ------------------------------------------------------------------------
    def movement(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        """Settler ships sail for the face-down areas (the scenario's point): to the nearest
        discovered site there or face-down corner (so each explores the area beside it);
        only when the areas offer nothing more do they settle the starting island's coast."""
        legal = ctx.legal
        sites = self._site_targets(ctx, bot, abroad=True)
        explore = self._explore_targets(ctx)
        found = [a for a in legal if a.kind == "found-settlement"
                 and (self.abroad(ctx, a.args[0]) or not (sites or explore))]
        if found:
            return max(found, key=lambda a: (bot.spot_value(ctx, self, a.args[0]), -a.args[0]))
        loads = [a for a in legal if a.kind == "load-settler"]
        if loads:
            return loads[0]
        moves = [a for a in legal if a.kind == "sail-ship"]
        if not moves:
            return None
        info = self._mine(ctx)
        moving = ctx.view["extra"].get("moving")
        by_src: dict[int, list[Action]] = {}
        for a in moves:
            by_src.setdefault(a.args[0], []).append(a)
        order = sorted(by_src, key=lambda e: (not (moving and ctx.board.edge_names[e] == moving["edge"]), e))
        if not (sites or explore):
            sites = self._site_targets(ctx, bot)
        for src in order:
            ship = next((sh for sh in info["ships"] if self._edge(ctx, sh["edge"]) == src), None)
            if ship is None:
                continue
            if ship["cargo"]:
                # the nearest of a discovered site and a face-down corner: a ship beside one
                # area explores it rather than sail across the sea to a site another found
                targets = set(sites) | explore
            elif info["waiting"]:
                targets = {e for n in info["waiting"] for e in ctx.board.node_edges[n] if self._route(ctx, e)}
            else:
                targets = explore
            if not targets:
                continue
            dist = self._distances(ctx, targets)
            here = dist.get(src, FAR)
            best = min(by_src[src], key=lambda a: (dist.get(a.args[1], FAR), -sites.get(a.args[1], 0.0), a.args[1]))
            if dist.get(best.args[1], FAR) < here:
                if (ship["cargo"] and dist.get(best.args[1], FAR) > 0 and ctx.hand[2] > 0
                        and Action("buy-points", (src,), ctx.me) in legal and here <= 8):
                    return Action("buy-points", (src,), ctx.me)
                return best
        return None
