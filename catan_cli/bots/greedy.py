"""The greedy bot: a heuristic player that plays the general game well enough to beat
random play by far, and pursues each scenario's goals through its strategy module.

Each decision is made afresh from what the seat may see (:class:`~.context.Ctx`):

* set-up: the spot with the best production (pips weighted by scarcity in its own
  production), harbours and scenario value; the route toward the best next spot;
* goals in the trade/build phase, each with a value and a cost: a settlement on the best
  free site, a city on the best settlement, a road or ship toward the best reachable site
  or scenario place, Longest Road, a development card.  The best affordable goal is built;
  cards that a nearly complete better goal needs are kept; bank and harbour trades are made
  when they complete a goal; a one-for-one domestic offer is tried when one card is missing,
  made only to a seat the whole table knows holds that card (``Game.known_cards``);
* development cards: knights (robber off its own hexes, Largest Army), road building along
  the planned route, year of plenty for missing cards, monopoly on what others produce most;
* answers: discards keep what the goals need, gold picks complete goals, the robber goes
  where the leaders produce most and not on its own hexes, offers are accepted when they
  bring what the goals need for something they do not.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Hashable, NamedTuple

from ..engine.actions import Action
from ..engine.geometry import RESOURCES
from ..errors import RuleError
from .context import Ctx, marked_route_search, route_search
from .rng import bot_rng, pick_near_best
from .seeding import turn_lines
from .strategies import Strategy, strategy_for

if TYPE_CHECKING:
    from ..game import Game, PublicBoard

RES_W = (1.0, 1.0, 0.8, 0.95, 0.9)       # lumber brick wool grain ore
MAX_TRADES_PER_TURN = 6
MAX_OFFERS_PER_TURN = 2
#: near-equal choices (within this fraction of the best) are varied by the bot's generator
SETUP_MARGIN = 0.04
ROBBER_MARGIN = 0.05


class Goal(NamedTuple):
    name: str
    value: float
    cost: tuple[int, ...]
    action: Action | None      # the build, when it is legal now


_FROM_BOARD: dict[type, bool] = {}


def _values_from_board(strat: Strategy) -> bool:
    """Whether ``strat`` values places by the general rules alone (no scenario hook that
    reads more than the board: villages, a lane ...), so a valuation may be kept while the
    board picture stays the same."""
    cls = type(strat)
    known = _FROM_BOARD.get(cls)
    if known is None:
        known = _FROM_BOARD[cls] = all(
            getattr(cls, hook) is getattr(Strategy, hook)
            for hook in ("spot_bonus", "may_settle", "route_allowed", "route_targets", "resource_weights"))
    return known


def _valuation_key(strat: Strategy, ctx: Ctx) -> Hashable | None:
    """The key under which ``strat``'s valuations of places may be kept beside the board
    picture: () under the general rules, the strategy's own :meth:`Strategy.valuation_key`
    where it overrides a place hook and says what that hook reads, else None (not kept)."""
    if _values_from_board(strat):
        return ()
    if type(strat).valuation_key is Strategy.valuation_key:
        return None
    return strat.valuation_key(ctx)


#: Spot values by (map, the seat's production, the strategy's valuation key): see GreedyBot._spots_for.
_SPOT_TABLES: dict[tuple[Any, tuple[int, ...], Hashable], dict[int, float]] = {}
_SPOT_TABLES_LIMIT = 256


class GreedyBot:
    """Heuristic player.  ``choose(game, seat)`` returns one canonical command line."""

    kind = "greedy"

    def __init__(self, seed: int = 0, vary: bool = True, offers: bool = True) -> None:
        # ``seed`` is kept for make_bot's signature: every random choice comes from
        # bot_rng(game, seat), so a resumed game continues exactly.  ``offers=False``: no
        # offers to other players (games played without domestic trade).
        self.seed = seed
        self.vary = vary
        self.offers = offers
        self._memo_key: tuple[int, int, int] | None = None
        self._memo: dict[str, Any] = {}
        self._offer_checked: Action | None = None     # the offer make_offer found legal, this decision
        # Pure caches of public data (the same answers as working them out again, so a
        # resumed game plays as the uninterrupted one), kept from one decision to the next:
        # - by the pieces on the board (the map, my seat and the picture's piece tables):
        #   the route search, the corners my routes touch and Longest Road with one more
        #   road; by the buildings alone the free corners and my settlements;
        # - by the whole picture (the robber and pirate too): the expansion, and by my
        #   production and the robber the spot values (only for a strategy that values
        #   places from the board alone).
        self._pieces_key: tuple[Any, ...] | None = None
        self._by_pieces: dict[str, Any] = {}
        self._touched_key: tuple[Any, ...] | None = None     # by the paths alone: my corners
        self._touched_list: list[int] = []
        self._corners_key: tuple[Any, ...] | None = None
        self._by_corners: dict[str, Any] = {}
        self._picture_key: tuple[Any, ...] | None = None
        self._by_picture: dict[str, Any] = {}
        # A road network's longest path with one more road, by (map, roads, corners where an
        # opponent's building cuts it): the same answer whichever picture asks.
        # The last land route search, with the picture it was made on and what it leaned
        # on (see _routes_still).
        self._last_routes: tuple[Any, int, PublicBoard, tuple[list[int], list[int]],
                                 bytearray, bytearray] | None = None
        self._lengths: dict[tuple[Any, tuple[int, ...], tuple[int, ...]], int] = {}

    # --- the door ---------------------------------------------------------------------
    def choose(self, game: "Game", seat: str) -> str:
        return game.text(self.choose_action(game, seat))

    def choose_action(self, game: "Game", seat: str) -> Action:
        # One legal move (a roll without a knight, a forced answer): no picture needed.  The
        # game lists the position's moves once (its execute needs them too), discards included,
        # so a lone discard is the discard the bot would work out.
        me = game.seat(seat)
        # (through a method: an assignment here would let mypy, and so mypyc's compiled
        # check, take the attribute for None still after decide() has set it)
        self._forget_checked_offer()
        mine = [a for a in game.legal_actions() if a.seat == me]
        if len(mine) == 1:
            return mine[0]
        ctx = Ctx(game, seat, mine, me)
        strat = strategy_for(ctx.board.scenario)
        discard = self.discard(ctx) if ctx.pending_for_me("discard") else None
        if discard is not None and (discard in mine or game.check(discard).ok):
            return discard      # without listing every way to discard half a big hand
        if not ctx.legal:
            raise RuleError(f"{seat} has nothing to do now")
        if len(ctx.legal) == 1:
            return ctx.legal[0]
        action = self.decide(ctx, strat)
        if action is None or (action not in ctx.legal and not (
                action.kind == "offer" and (action == self._offer_checked or game.check(action).ok))):
            # never emit an illegal line: fall back to a sensible legal one
            action = self._fallback(ctx)
        return action

    def _forget_checked_offer(self) -> None:
        self._offer_checked = None

    def memo(self, ctx: Ctx) -> dict[str, Any]:
        """This turn's trades and offers so far.  From the game's history when it keeps one
        (so a resumed game knows them as well as the uninterrupted one), else counted by this
        bot as it plays (a game made without a history)."""
        key = (id(ctx.game), ctx.turn, ctx.me)
        if key != self._memo_key:
            self._memo_key = key
            self._memo = _turn_memo(ctx) if ctx.game.history else {"trades": 0, "offers": 0, "offered": set()}
        return self._memo

    def forget_turn_memo(self) -> None:
        """Count this turn's trades and offers afresh at the next decision: the memo is keyed
        by the game object's id, which a new game (a play-out's copy) may reuse."""
        self._memo_key = None

    def rng(self, ctx: Ctx) -> "random.Random | None":
        """The generator for near-equal choices (None when the bot does not vary)."""
        return bot_rng(ctx.game, ctx.me) if self.vary else None

    def rng_maker(self, ctx: Ctx) -> "Callable[[], random.Random] | None":
        """:meth:`rng`, made only when asked (pick_near_best asks only when it must choose)."""
        return (lambda: bot_rng(ctx.game, ctx.me)) if self.vary else None

    def _fallback(self, ctx: Ctx) -> Action:
        for kind in ("roll", "end"):
            for a in ctx.legal:
                if a.kind == kind:
                    return a
        quiet = [a for a in ctx.legal if a.kind not in ("trade", "offer")]
        options = quiet or ctx.legal
        return options[bot_rng(ctx.game, ctx.me, "fallback").randrange(len(options))]

    # --- dispatch ----------------------------------------------------------------------
    def decide(self, ctx: Ctx, strat: Strategy) -> Action | None:
        kinds = ctx.kinds()
        a = strat.answer(ctx, self)
        if a is not None:
            return a
        if "discard" in kinds:
            return self.discard(ctx)
        if "choose-gold" in kinds:
            return self.gold(ctx, kinds["choose-gold"])
        if "robber" in kinds or "pirate" in kinds:
            return self.robber(ctx, strat, kinds.get("robber", []) + kinds.get("pirate", []))
        if "accept" in kinds or "decline" in kinds:
            return self.answer_offer(ctx, strat, kinds)
        if ctx.phase == "setup":
            return self.setup(ctx, strat, kinds)
        if "roll" in kinds:
            a = strat.before_roll(ctx, self)
            if a is not None:
                return a
            if "play-knight" in kinds and self.robber_hurts_me(ctx) >= 4:
                kv = strat.knight_value(ctx)
                if kv is None or kv > 0:
                    return kinds["play-knight"][0]
            return kinds["roll"][0]
        if "end" in kinds or any(k in kinds for k in ("build-road", "trade", "buy-card", "build-city")):
            return self.main(ctx, strat, kinds)
        return None

    # --- valuing --------------------------------------------------------------------------
    def spot_value(self, ctx: Ctx, strat: Strategy, n: int) -> float:
        """What a settlement on ``n`` is worth to me (kept for the decision: it reads my
        production, the robber and the corners, none of which a tried road changes; kept
        between decisions too (:meth:`_spots_for`) when the strategy values places from the
        board alone)."""
        val = ctx.spots.get(n)
        if val is None:
            kept = ctx.kept_spots
            if kept is None and not ctx.trying:
                vkey = _valuation_key(strat, ctx)
                if vkey is not None:
                    kept = ctx.kept_spots = self._spots_for(ctx, vkey)
            if kept is None or ctx.trying or (ctx.robber >= 0 and ctx.robber in ctx.board.node_hexes[n]):
                # a tried road (a scenario's bonus may read routes), the robber's own corners:
                # worked out afresh
                val = self._spot_value(ctx, strat, n)
            else:
                val = kept.get(n)
                if val is None:
                    val = kept[n] = self._spot_value(ctx, strat, n)
            ctx.spots[n] = val
        return val

    def _spots_for(self, ctx: Ctx, vkey: Hashable = ()) -> dict[int, float]:
        """Spot values kept between decisions: they read the map and my production (the
        robber's hex excluded), the robber only on its own corners, which are never kept
        here, and what the strategy's valuation key says (``vkey``; () under the general
        rules).  Others' pieces change none of them, and a seat with the same production
        and key values the corners alike (the table is shared)."""
        key = (ctx.board, tuple(ctx.production(ctx.me)), vkey)
        table = _SPOT_TABLES.get(key)
        if table is None:
            if len(_SPOT_TABLES) >= _SPOT_TABLES_LIMIT:
                _SPOT_TABLES.pop(next(iter(_SPOT_TABLES)))
            table = _SPOT_TABLES[key] = {}
        return table

    def _spot_value(self, ctx: Ctx, strat: Strategy, n: int) -> float:
        b = ctx.board
        prod = b.node_prod[n]
        mine = ctx.production(ctx.me)
        weights = strat.resource_weights(ctx)
        val = 0.0
        for r in range(5):
            p = prod[r]
            if p:
                if ctx.robber >= 0 and ctx.robber in b.node_hexes[n] and b.hex_res[ctx.robber] == r:
                    p = max(0, p - b.hex_pips[ctx.robber] // 2)
                val += p * weights[r] * (1.0 + 1.2 / (1.0 + mine[r] / 2.5))
        val += prod[5] * 1.7
        h = b.node_harbor[n]
        if h == 5:
            val += 1.5
        elif h >= 0:
            val += 0.35 * (mine[h] + prod[h])
        return val + strat.spot_bonus(ctx, n)

    def robber_hurts_me(self, ctx: Ctx) -> int:
        """My pips blocked by the robber (cities count double)."""
        if ctx.robber < 0:
            return 0
        b = ctx.board
        hurt = 0
        for n in b.hex_nodes[ctx.robber]:
            if ctx.node_owner[n] == ctx.me and ctx.node_kind[n] in (1, 2):
                hurt += b.hex_pips[ctx.robber] * ctx.node_kind[n]
        return hurt

    # --- set-up ---------------------------------------------------------------------------
    def setup(self, ctx: Ctx, strat: Strategy, kinds: dict[str, list[Action]]) -> Action | None:
        if "build-settlement" in kinds:
            spots = sorted(kinds["build-settlement"], key=lambda a: a.args[0])
            return pick_near_best(spots, lambda a: self.spot_value(ctx, strat, a.args[0]),
                                  self.rng_maker(ctx), SETUP_MARGIN)
        routes = kinds.get("build-road", []) + kinds.get("build-ship", [])
        if not routes:
            return None
        b = ctx.board
        free = self._free_set(ctx)
        scores: list[tuple[float, Action]] = []
        for a in routes:
            e = a.args[0]
            u, v = b.edge_nodes[e]
            x = v if ctx.node_owner[u] == ctx.me else u
            score = 0.0
            seen = {x}
            frontier = [x]
            for depth in range(3):
                nxt = []
                for y in frontier:
                    if y in free and strat.may_settle(ctx, y):
                        score = max(score, self.spot_value(ctx, strat, y) / (1.0 + 0.35 * depth))
                    for z in b.node_neighbors[y]:
                        if z not in seen:
                            seen.add(z)
                            nxt.append(z)
                frontier = nxt
            score += strat.setup_route_bonus(ctx, a)
            if a.kind == "build-ship":
                score -= 0.5
            scores.append((score, a))
        by_action = {a: sc for sc, a in scores}
        return pick_near_best([a for _, a in scores], by_action.__getitem__, self.rng_maker(ctx), SETUP_MARGIN)

    # --- goals ----------------------------------------------------------------------------
    def goals(self, ctx: Ctx, strat: Strategy, kinds: dict[str, list[Action]],
              acting: bool = True) -> list[Goal]:
        """The goals of the trade/build phase, best first.  ``acting``: ``kinds`` is the
        list of legal actions now (not when answering out of turn)."""
        b, me = ctx.board, ctx.me
        costs = ctx.costs
        out: list[Goal] = []
        legal_settle = {a.args[0] for a in kinds.get("build-settlement", [])}
        sites = []
        if ctx.pieces.get("settlement", 0) > 0:
            # Only the corners my routes touch can take a settlement: looked at in order,
            # as a scan of every corner would (the same sites, the same ties).
            free = self._free_set(ctx)
            for n in self._touched(ctx):
                if n in free and strat.may_settle(ctx, n):
                    if acting and ctx.affordable("settlement") and n not in legal_settle:
                        continue
                    sites.append(n)
        if sites:
            best = max(sites, key=lambda n: self.spot_value(ctx, strat, n))
            val = self.spot_value(ctx, strat, best)
            act = Action("build-settlement", (best,), me) if best in legal_settle else None
            out.append(Goal("settlement", 10.0 + val / 4.0, costs["settlement"], act))
        mine = self._settlements(ctx)
        if ctx.pieces.get("city", 0) > 0 and mine:
            legal_city = {a.args[0] for a in kinds.get("build-city", [])}
            best = max(mine, key=lambda n: b.node_pips[n] + strat.city_bonus(ctx, n))
            act = Action("build-city", (best,), me) if best in legal_city else None
            if act is None and legal_city:
                best = max(legal_city, key=lambda n: b.node_pips[n] + strat.city_bonus(ctx, n))
                act = Action("build-city", (best,), me)
            out.append(Goal("city", 9.5 + (b.node_pips[best] + strat.city_bonus(ctx, best)) / 4.0,
                            costs["city"], act))
        route = self.route_goal(ctx, strat, kinds, bool(sites))
        if route is not None:
            out.append(route)
        lr = self.longest_road_goal(ctx, kinds)
        if lr is not None:
            out.append(lr)
        if ctx.view["deck"] > 0:
            val = strat.card_value(ctx)
            if val > 0:
                act = kinds["buy-card"][0] if "buy-card" in kinds else None
                out.append(Goal("card", val, costs["card"], act))
        out.extend(strat.extra_goals(ctx, self, kinds, acting))
        out.sort(key=lambda g: -g.value)
        return out

    def expansion(self, ctx: Ctx, strat: Strategy) -> tuple[float, int, int]:
        """(score, first edge, mode) of the best place to reach with a new route, or
        (0, -1, 0).  Memoised per decision."""
        cached = ctx.expansion_memo
        if cached is not None:
            return cached
        vkey = None if ctx.trying else _valuation_key(strat, ctx)
        kept = self._picture_memo(ctx, vkey) if vkey is not None else None
        if kept is not None and "expansion" in kept:
            ctx.expansion_memo = kept["expansion"]
            return kept["expansion"]  # type: ignore[no-any-return]
        targets = dict(strat.route_targets(ctx))
        best = (0.0, -1, 0)
        if not targets:
            # Free corners only, looked at in order: one pass, as the general loop below
            # would go over them (and no search at all without a settlement to place).
            if ctx.pieces.get("settlement", 0) > 0:
                dist, first = self._routes(ctx, strat)
                # Under the general rules (every corner may be settled) the kept spot values
                # are read straight from their table, but on the robber's corners.
                general = kept is not None and type(strat).may_settle is Strategy.may_settle
                table = self._spots_for(ctx, vkey) if general else {}
                robbed = ctx.board.hex_nodes[ctx.robber] if ctx.robber >= 0 else ()
                for n in self._free_sites(ctx):
                    d = dist[n]
                    if 1 <= d <= 5:
                        if general:
                            val = table.get(n) if n not in robbed else None
                            if val is None:
                                val = self.spot_value(ctx, strat, n)
                        elif strat.may_settle(ctx, n):
                            val = self.spot_value(ctx, strat, n)
                        else:
                            continue
                        score = val / (1.0 + 0.55 * (d - 1))
                        if score > best[0] and first[n] >= 0:
                            best = (score, first[n] >> 1, first[n] & 1)
            ctx.expansion_memo = best
            if kept is not None:
                kept["expansion"] = best
            return best
        dist, first = self._routes(ctx, strat)
        if ctx.pieces.get("settlement", 0) > 0:
            for n in self._free_sites(ctx):     # in order, as a scan of every corner
                if 1 <= dist[n] <= 5 and strat.may_settle(ctx, n):
                    targets[n] = max(targets.get(n, 0.0), self.spot_value(ctx, strat, n))
        for n, val in targets.items():
            d = dist[n]
            if 1 <= d <= 6 and first[n] >= 0:
                score = val / (1.0 + 0.55 * (d - 1))
                if score > best[0]:
                    best = (score, first[n] >> 1, first[n] & 1)
        ctx.expansion_memo = best
        if kept is not None:
            kept["expansion"] = best
        return best

    def _picture_memo(self, ctx: Ctx, vkey: Hashable = ()) -> dict[str, Any]:
        """What this bot keeps for the game's board picture as ``ctx`` has it (the map, my
        seat, every piece, the robber and the pirate) and the strategy's valuation key
        (``vkey``): worked out from them alone, it stays right until one of them moves.
        Only for the untouched picture (not ``ctx.trying``)."""
        key = (ctx.board, ctx.me, ctx.pictured, vkey)
        if key != self._picture_key:
            self._picture_key, self._by_picture = key, {}
        return self._by_picture

    def _pieces_memo(self, ctx: Ctx) -> dict[str, Any]:
        """As :meth:`_picture_memo`, for work that reads the pieces only (not the robber or
        the pirate): the route search, my corners and roads, Longest Road."""
        p = ctx.pictured
        key = (ctx.board, ctx.me, p.node_owner, p.node_kind, p.edge_owner, p.edge_kind, p.shared_ships)
        if key != self._pieces_key:
            self._pieces_key, self._by_pieces = key, {}
        return self._by_pieces

    def _corners_memo(self, ctx: Ctx) -> dict[str, Any]:
        """As :meth:`_pieces_memo`, for work that reads the buildings only (not the paths):
        kept while only roads and ships are added."""
        p = ctx.pictured
        key = (ctx.board, ctx.me, p.node_owner, p.node_kind)
        if key != self._corners_key:
            self._corners_key, self._by_corners = key, {}
        return self._by_corners

    def _free_sites(self, ctx: Ctx) -> list[int]:
        """The corners that could take a settlement by the distance rule and the map
        (``Ctx.free_site``), in order; a tried road changes none of them."""
        kept = self._corners_memo(ctx)
        free: list[int] | None = kept.get("free")
        if free is None:
            b = ctx.board
            taken = bytearray(b.n_nodes)      # a building's corner and its neighbours (A.6)
            for n, k in enumerate(ctx.node_kind):
                if k:
                    taken[n] = 1
                    for m in b.node_neighbors[n]:
                        taken[m] = 1
            free = kept["free"] = [n for n, ok in enumerate(b.node_settleable) if ok and not taken[n]]
        return free

    def _free_set(self, ctx: Ctx) -> frozenset[int]:
        """:meth:`_free_sites` as a set."""
        kept = self._corners_memo(ctx)
        free: frozenset[int] | None = kept.get("free_set")
        if free is None:
            free = kept["free_set"] = frozenset(self._free_sites(ctx))
        return free

    def _touched(self, ctx: Ctx) -> list[int]:
        """The corners my routes touch, in order."""
        p = ctx.pictured
        key = None if ctx.trying else (ctx.board, ctx.me, p.edge_owner, p.shared_ships)
        if key is None or key != self._touched_key:
            me, edge_nodes = ctx.me, ctx.board.edge_nodes
            touched = sorted({n for e, o in enumerate(ctx.edge_owner) if o == me for n in edge_nodes[e]})
            if key is None:
                return touched
            self._touched_key, self._touched_list = key, touched
        return self._touched_list

    def _settlements(self, ctx: Ctx) -> list[int]:
        """My settlements (a tried road never changes them), in order."""
        kept = self._corners_memo(ctx)
        mine: list[int] | None = kept.get("settlements")
        if mine is None:
            me, owner, kind = ctx.me, ctx.node_owner, ctx.node_kind
            mine = kept["settlements"] = [n for n in range(ctx.board.n_nodes) if owner[n] == me and kind[n] == 1]
        return mine

    def route_search(self, ctx: Ctx, strat: Strategy) -> tuple[list[int], list[int]]:
        """route_search for this seat, kept from one decision to the next while the pieces
        on the board stay the same (the game hands out the same picture then): most
        decisions follow a roll, a trade or a card, which move no piece."""
        dist, first = self._routes(ctx, strat)
        return list(dist), list(first)

    def _routes(self, ctx: Ctx, strat: Strategy) -> tuple[list[int], list[int]]:
        """:meth:`route_search`, the kept tables themselves: only to be read."""
        allowed = strat.route_allowed(ctx)
        if ctx.trying:
            return route_search(ctx, allowed)     # pieces tried in thought
        if allowed is not None:
            # A narrowed search is kept with the pieces only where the strategy's valuation
            # key says what its narrowing reads.
            vkey = _valuation_key(strat, ctx)
            if vkey is None:
                return route_search(ctx, allowed)
            memo = self._pieces_memo(ctx)
            by_key: dict[Hashable, tuple[list[int], list[int]]] = memo.setdefault("narrowed routes", {})
            narrowed = by_key.get(vkey)
            if narrowed is None:
                narrowed = by_key[vkey] = route_search(ctx, allowed)
            return narrowed
        kept = self._pieces_memo(ctx)
        routes: tuple[list[int], list[int]] | None = kept.get("routes")
        if routes is None:
            routes = self._routes_still(ctx)
            if routes is None:
                found = marked_route_search(ctx)
                if found is None:
                    self._last_routes = None
                    routes = route_search(ctx, None)
                else:
                    routes = (found[0], found[1])
                    self._last_routes = (ctx.board, ctx.me, ctx.pictured, routes, found[2], found[3])
            kept["routes"] = routes
        return routes

    def _routes_still(self, ctx: Ctx) -> tuple[list[int], list[int]] | None:
        """The last land route search, when every piece placed since is an opponent's on a
        path or corner that search did not lean on (``marked_route_search``): the search
        would take the very same steps.  None when it must be made again."""
        last = self._last_routes
        if last is None:
            return None
        board, me, old, routes, used, leaned = last
        new = ctx.pictured
        if board is not ctx.board or me != ctx.me or old.shared_ships or new.shared_ships:
            return None
        if old.edge_owner != new.edge_owner or old.edge_kind != new.edge_kind:
            for e, (a, c) in enumerate(zip(old.edge_owner, new.edge_owner)):
                if a != c and (a != -1 or c == me or used[e]):
                    return None
            for e, (a, c) in enumerate(zip(old.edge_kind, new.edge_kind)):
                if a != c and new.edge_owner[e] == me:
                    return None
        if old.node_owner != new.node_owner or old.node_kind != new.node_kind:
            for n, (a, c, ka, kc) in enumerate(zip(old.node_owner, new.node_owner, old.node_kind, new.node_kind)):
                if (a != c or ka != kc) and (a == me or c == me or (a != -1 and a != c) or leaned[n]):
                    return None
        self._last_routes = (board, me, new, routes, used, leaned)
        return routes

    def route_goal(self, ctx: Ctx, strat: Strategy, kinds: dict[str, list[Action]],
                   have_site: bool) -> Goal | None:
        score, edge, mode = self.expansion(ctx, strat)
        if edge < 0:
            return None
        piece = "ship" if mode else "road"
        if ctx.pieces.get(piece, 0) <= 0:
            return None
        act = Action(f"build-{piece}", (edge,), ctx.me)
        if act not in kinds.get(f"build-{piece}", []):
            act = None  # type: ignore[assignment]
        value = 5.0 + score / 5.0 - (3.0 if have_site else 0.0)
        return Goal("route", value, ctx.costs[piece], act)

    def longest_road_goal(self, ctx: Ctx, kinds: dict[str, list[Action]]) -> Goal | None:
        if ctx.scen.rules.longest_route == "none" or ctx.pieces.get("road", 0) <= 0:
            return None
        mine = ctx.players[ctx.me]
        if mine["longest_route"]:
            others = max(int(p["route_length"]) for i, p in enumerate(ctx.players) if i != ctx.me)
            if mine["route_length"] > others + 1:
                return None
        my_len = int(mine["route_length"])
        others = max(int(p["route_length"]) for i, p in enumerate(ctx.players) if i != ctx.me)
        if my_len < 3 or my_len + 2 <= others:
            return None
        roads = kinds.get("build-road", [])
        best, best_len = None, my_len
        if roads:
            # The length with one more road depends on the pieces alone: kept per picture.
            kept = None if ctx.trying else self._pieces_memo(ctx)
            paths: dict[int, int] = kept.setdefault("paths", {}) if kept is not None else {}
            edges: list[int] | None = None
            for a in roads:
                length = paths.get(a.args[0], -1)
                if length < 0:
                    if edges is None:
                        edges = [e for e, o in enumerate(ctx.edge_owner) if o == ctx.me and ctx.edge_kind[e] == 1]
                    if len(edges) + 1 <= best_len:
                        break       # no path is longer than all my roads and one more
                    length = paths[a.args[0]] = self._longest_with(ctx, edges, a.args[0])
                if length > best_len:
                    best, best_len = a, length
            if best is None:
                return None
        value = 4.0 + (3.0 if max(my_len + 1, best_len) > max(others, 4) else 0.0)
        return Goal("longest-road", value, ctx.costs["road"], best)

    def _longest_with(self, ctx: Ctx, edges: list[int], edge: int) -> int:
        """longest_path of my roads ``edges`` and one more on ``edge``, kept by the roads and
        the corners of theirs an opponent's building cuts (all it reads)."""
        roads = tuple(edges) + (edge,)
        owner, me, edge_nodes = ctx.node_owner, ctx.me, ctx.board.edge_nodes
        cuts = tuple(sorted({n for e in roads for n in edge_nodes[e] if owner[n] >= 0 and owner[n] != me}))
        key = (ctx.board, roads, cuts)
        length = self._lengths.get(key)
        if length is None:
            if len(self._lengths) >= 4096:
                self._lengths.clear()
            length = self._lengths[key] = longest_path(ctx, list(roads))
        return length

    # --- the trade/build phase ---------------------------------------------------------------
    def main(self, ctx: Ctx, strat: Strategy, kinds: dict[str, list[Action]]) -> Action | None:
        a = strat.before_main(ctx, self)
        if a is not None:
            return a
        goals = self.goals(ctx, strat, kinds)
        a = self.play_card(ctx, strat, kinds, goals)
        if a is not None:
            return a
        memo = self.memo(ctx)
        hand = ctx.hand
        reserved = [0] * 5
        for g in goals:
            free = [hand[r] - reserved[r] for r in range(5)]
            if all(free[r] >= g.cost[r] for r in range(5)):
                if g.action is not None:
                    return g.action
                continue
            if all(hand[r] >= g.cost[r] for r in range(5)):
                continue     # affordable only by spending what a better goal needs
            if memo["trades"] < MAX_TRADES_PER_TURN:
                t = self.trade_plan(ctx, kinds, g.cost, reserved)
                if t is not None:
                    memo["trades"] += 1
                    return t
            short = sum(max(0, g.cost[r] + reserved[r] - hand[r]) for r in range(5))
            if short <= 2:
                reserved = [max(reserved[r], min(hand[r], g.cost[r] + reserved[r])) for r in range(5)]
        a = self.make_offer(ctx, goals)
        if a is not None:
            return a
        if sum(hand) > 7:
            a = self.spend(ctx, kinds, goals)
            if a is not None:
                return a
        a = strat.before_end(ctx, self)
        if a is not None:
            return a
        if "end" in kinds:
            return kinds["end"][0]
        return None

    def spend(self, ctx: Ctx, kinds: dict[str, list[Action]], goals: list[Goal]) -> Action | None:
        """Over seven cards at the end of a turn: build whatever helps rather than risk a 7."""
        for g in goals:
            if g.action is not None:
                return g.action
        if "buy-card" in kinds:
            return kinds["buy-card"][0]
        return None

    def trade_plan(self, ctx: Ctx, kinds: dict[str, list[Action]], cost: tuple[int, ...],
                   reserved: list[int]) -> Action | None:
        """The first bank/harbour trade of a set that completes ``cost`` without touching
        ``reserved``, or None when no such set exists."""
        hand, rates = ctx.hand, ctx.rates
        need = [cost[r] + reserved[r] for r in range(5)]
        missing = [max(0, need[r] - hand[r]) for r in range(5)]
        if not any(missing):
            return None
        surplus = [max(0, hand[r] - need[r]) for r in range(5)]
        if sum(surplus[r] // rates[r] for r in range(5)) < sum(missing):
            return None     # each trade below spends one of these: too few for the set
        bank = list(ctx.bank)
        plan: list[tuple[int, int]] = []
        for get in range(5):
            for _ in range(missing[get]):
                if bank[get] <= 0:
                    return None
                options = [r for r in range(5) if r != get and surplus[r] >= rates[r]]
                if not options:
                    return None
                give = min(options, key=lambda r: (rates[r], -surplus[r], r))
                surplus[give] -= rates[give]
                bank[get] -= 1
                plan.append((give, get))
        give, get = plan[0]
        act = Action("trade", (give, rates[give], get, 1), ctx.me)
        return act if act in kinds.get("trade", []) else None

    def make_offer(self, ctx: Ctx, goals: list[Goal]) -> Action | None:
        if not self.offers:
            return None
        memo = self.memo(ctx)
        if memo["offers"] >= MAX_OFFERS_PER_TURN or not goals:
            return None
        hand = ctx.hand
        g = goals[0]
        missing = [max(0, g.cost[r] - hand[r]) for r in range(5)]
        if sum(missing) != 1:
            return None
        want = missing.index(1)
        spare = [hand[r] - g.cost[r] for r in range(5)]
        gives = [r for r in range(5) if r != want and spare[r] >= 1]
        if not gives:
            return None
        give = max(gives, key=lambda r: (spare[r], -RES_W[r], -r))
        near_win = ctx.vp_target - 2
        # Only to a seat the whole table knows holds the card asked for (hands are secret:
        # the public count, not the hand), so every offer made can be accepted.
        known = ctx.game.known_cards
        targets = [i for i, p in enumerate(ctx.players)
                   if i != ctx.me and known(i)[want] >= 1 and int(p["vp"]) < near_win
                   and i not in memo["offered"]]
        if not targets:
            return None
        target = max(targets, key=lambda i: (known(i)[want], int(ctx.players[i]["resource_count"]), -i))
        gv, wv = [0] * 5, [0] * 5
        gv[give], wv[want] = 1, 1
        act = Action("offer", (target, tuple(gv), tuple(wv)), ctx.me)
        if not ctx.game.check(act):
            return None
        self._offer_checked = act      # legal now: choose_action need not ask again
        memo["offers"] += 1
        memo["offered"].add(target)
        return act

    # --- development cards ------------------------------------------------------------------
    def play_card(self, ctx: Ctx, strat: Strategy, kinds: dict[str, list[Action]],
                  goals: list[Goal]) -> Action | None:
        options: list[tuple[float, Action]] = []
        if "play-knight" in kinds:
            kv = strat.knight_value(ctx)
            if kv is None:
                kv = 3.0 + (3.0 if self.robber_hurts_me(ctx) >= 3 else 0.0)
                mine = int(ctx.players[ctx.me]["knights"]) + 1
                best_other = max(int(p["knights"]) for i, p in enumerate(ctx.players) if i != ctx.me)
                if not ctx.players[ctx.me]["largest_army"] and mine >= ctx.scen.rules.largest_army_min \
                        and mine > best_other and ctx.scen.rules.largest_army:
                    kv += 4.0
            if kv > 0:
                options.append((kv, kinds["play-knight"][0]))
        if "play-road-building" in kinds:
            a = self.road_building(ctx, strat, kinds["play-road-building"])
            if a is not None:
                options.append((4.5, a))
        if "play-year-of-plenty" in kinds:
            a = self.year_of_plenty(ctx, kinds["play-year-of-plenty"], goals)
            if a is not None:
                options.append((5.0, a))
        if "play-monopoly" in kinds:
            a, val = self.monopoly(ctx, kinds["play-monopoly"], goals)
            if a is not None and val >= 2.0:
                options.append((val, a))
        if not options:
            return None
        return max(options, key=lambda o: o[0])[1]

    def road_building(self, ctx: Ctx, strat: Strategy, options: list[Action]) -> Action | None:
        score, edge, mode = self.expansion(ctx, strat)
        by_set = {frozenset(a.args): a for a in options}
        if edge >= 0:
            piece = "ship" if mode else "road"
            first = (piece, edge)
            # place it in thought and look for the next step
            kept_paths = ctx.edge_owner, ctx.edge_kind
            owners, path_kinds = list(ctx.edge_owner), list(ctx.edge_kind)
            owners[edge], path_kinds[edge] = ctx.me, 2 if mode else 1
            ctx.edge_owner, ctx.edge_kind = owners, path_kinds
            ctx.trying, kept_spots, ctx.spots = True, ctx.spots, {}   # a scenario's bonus may read routes
            try:
                ctx.expansion_memo = None
                _, edge2, mode2 = self.expansion(ctx, strat)
            finally:
                ctx.edge_owner, ctx.edge_kind = kept_paths
                ctx.trying, ctx.spots = False, kept_spots
                ctx.expansion_memo = None
            if edge2 >= 0:
                a = by_set.get(frozenset([first, ("ship" if mode2 else "road", edge2)]))
                if a is not None:
                    return a
            for a in options:
                if first in a.args:
                    return a
        if ctx.scen.rules.longest_route != "none":
            edges = [e for e, o in enumerate(ctx.edge_owner) if o == ctx.me and ctx.edge_kind[e] == 1]
            base = longest_path(ctx, edges)
            best = max(options, key=lambda a: longest_path(ctx, edges + [e for p, e in a.args if p == "road"]))
            if longest_path(ctx, edges + [e for p, e in best.args if p == "road"]) > base + 1:
                return best
        return None

    def year_of_plenty(self, ctx: Ctx, options: list[Action], goals: list[Goal]) -> Action | None:
        hand = ctx.hand
        for g in goals:
            missing = [max(0, g.cost[r] - hand[r]) for r in range(5)]
            if 1 <= sum(missing) <= 2:
                picks = [r for r in range(5) for _ in range(missing[r])]
                if len(picks) == 1:
                    picks.append(min(range(5), key=lambda r: hand[r]))
                pair = tuple(sorted(picks))
                for a in options:
                    if a.args == pair:
                        return a
        return None

    def monopoly(self, ctx: Ctx, options: list[Action], goals: list[Goal]) -> tuple[Action | None, float]:
        opp = [0] * 5
        for i in range(ctx.n):
            if i != ctx.me:
                for r, p in enumerate(ctx.production(i)[:5]):
                    opp[r] += p
        need = [0] * 5
        for g in goals[:2]:
            for r in range(5):
                need[r] += max(0, g.cost[r] - ctx.hand[r])
        others_cards = sum(int(p["resource_count"]) for i, p in enumerate(ctx.players) if i != ctx.me)
        best_r = max(range(5), key=lambda r: (opp[r] * (1.0 + need[r]) * RES_W[r], -r))
        share = opp[best_r] / max(1, sum(opp))
        expected = others_cards * share
        for a in options:
            if a.args[0] == best_r:
                return a, expected
        return None, 0.0

    # --- answers ------------------------------------------------------------------------------
    def needs(self, ctx: Ctx) -> list[float]:
        """How much one more card of each resource is worth now, by the goals."""
        strat = strategy_for(ctx.board.scenario)
        goals = self.goals(ctx, strat, {}, acting=False)
        hand = ctx.hand
        val = [0.3 * RES_W[r] for r in range(5)]
        weight = 1.0
        for g in goals[:3]:
            for r in range(5):
                short = g.cost[r] - hand[r]
                if short > 0:
                    val[r] += weight * (1.0 + 0.2 * short)
            weight *= 0.5
        return val

    def discard(self, ctx: Ctx) -> Action | None:
        item = ctx.pending_for_me("discard")
        count = int(item["count"]) if item else 0
        if count <= 0:
            return None
        strat = strategy_for(ctx.board.scenario)
        goals = self.goals(ctx, strat, {}, acting=False)
        keep = [0] * 5
        for g in goals[:2]:
            for r in range(5):
                keep[r] = max(keep[r], g.cost[r])
        hand = list(ctx.hand)
        out = [0] * 5
        for _ in range(count):
            r = max((r for r in range(5) if hand[r] > 0),
                    key=lambda r: (hand[r] - keep[r], -RES_W[r], r))
            hand[r] -= 1
            out[r] += 1
        return Action("discard", (tuple(out),), ctx.me)

    def gold(self, ctx: Ctx, options: list[Action]) -> Action:
        need = self.needs(ctx)

        def score(a: Action) -> float:
            total, taken = 0.0, [0] * 5
            for r in a.args[0]:
                total += need[r] / (1.0 + taken[r])
                taken[r] += 1
            return total

        return max(options, key=lambda a: (score(a), a.args[0]))

    def robber(self, ctx: Ctx, strat: Strategy, options: list[Action]) -> Action:
        b = ctx.board
        target = ctx.vp_target
        blocked: dict[int, float] = {}      # per hex, what the robber there is worth (options share hexes)
        general = type(strat).robber_bonus is Strategy.robber_bonus

        def on_hex(h: int) -> float:
            val = blocked.get(h)
            if val is None:
                val = 0.0
                for n in b.hex_nodes[h]:
                    owner = ctx.node_owner[n]
                    if owner >= 0 and ctx.node_kind[n] in (1, 2):
                        w = b.hex_pips[h] * ctx.node_kind[n]
                        if owner == ctx.me:
                            val -= 3.0 * w
                        else:
                            val += w * (1.0 + 2.0 * int(ctx.players[owner]["vp"]) / target)
                blocked[h] = val
            return val

        def score(a: Action) -> float:
            h, victim = a.args[0], a.args[1]
            val = on_hex(h) if a.kind == "robber" else 0.0
            if victim >= 0:
                p = ctx.players[victim]
                val += 2.0 + 0.15 * int(p["resource_count"]) + 2.0 * int(p["vp"]) / target
            return val + (0.0 if general else strat.robber_bonus(ctx, a))

        ranked = sorted(options, key=lambda a: (-a.args[0], a.args[1]), reverse=True)
        return pick_near_best(ranked, score, self.rng_maker(ctx), ROBBER_MARGIN)

    def answer_offer(self, ctx: Ctx, strat: Strategy, kinds: dict[str, list[Action]]) -> Action:
        decline = kinds.get("decline", [None])[0]
        accept = kinds.get("accept", [None])[0]
        if accept is None:
            return decline  # type: ignore[return-value]
        offer = None
        for item in ctx.view["pending"]:
            if item["kind"] == "offer" and item["player"] == ctx.seat:
                offer = item
                break
        if offer is None:
            return decline  # type: ignore[return-value]
        offerer = ctx.names.index(offer["from"])
        if int(ctx.players[offerer]["vp"]) >= ctx.vp_target - 2:
            return decline  # type: ignore[return-value]
        need = self.needs(ctx)
        gain = sum(need[r] * offer["give"][r] for r in range(5))
        loss = sum(need[r] * offer["get"][r] for r in range(5))
        return accept if gain > loss + 0.25 else decline  # type: ignore[return-value]


def _turn_memo(ctx: Ctx) -> dict[str, Any]:
    """This turn's bank trades and offers of the seat (and to whom), from the history."""
    lines = turn_lines(ctx.game, ctx.seat)
    offered = {ctx.game.players.index(words[1]) for words in (line.split() for line in lines)
               if words[0] == "offer" and len(words) > 1 and words[1] in ctx.game.players}
    return {"trades": sum(1 for line in lines if line.startswith("trade ")),
            "offers": sum(1 for line in lines if line.startswith("offer ")), "offered": offered}


def longest_path(ctx: Ctx, edges: list[int]) -> int:
    """The longest single path through ``edges`` (my roads), not passing an opponent's
    building (A.13)."""
    b = ctx.board
    # Each road one bit of the path's "used" mask (a path uses a road at most once).
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, e in enumerate(dict.fromkeys(edges)):
        u, v = b.edge_nodes[e]
        adj.setdefault(u, []).append((v, 1 << i))
        adj.setdefault(v, []).append((u, 1 << i))
    owner, me = ctx.node_owner, ctx.me
    stops = {n for n in adj if owner[n] >= 0 and owner[n] != me}
    most = len(adj) and sum(len(x) for x in adj.values()) // 2    # no path is longer than all roads
    best = 0
    # Every path from every start that a longest path may have, on an explicit stack (the
    # longest is the same in any order).  A longest path starts at a corner it cannot be
    # extended past: a cut (an opponent's building), or one whose roads it all uses, which
    # then has an odd number of them, unless the path is closed; a closed longest path
    # without a cut or an odd corner on it uses every road of its network, found from any
    # of its corners.  So: cuts and odd corners, and one corner of each network with none.
    starts = [n for n, ways in adj.items() if len(ways) % 2 or n in stops]
    reached: set[int] = set()
    for first in starts + list(adj):
        if first in reached:
            continue
        if first not in starts:
            starts.append(first)
        todo = [first]
        reached.add(first)
        while todo:
            for m, _ in adj[todo.pop()]:
                if m not in reached:
                    reached.add(m)
                    todo.append(m)
    for start in starts:
        stack = [(start, 0, 0)]
        pop, push = stack.pop, stack.append
        while stack:
            n, used, length = pop()
            if length > best:
                best = length
                if best == most:
                    return best
            if length and n in stops:
                continue
            for m, bit in adj[n]:
                if not used & bit:
                    push((m, used | bit, length + 1))
    return best


__all__ = ["GreedyBot", "Goal", "longest_path", "RESOURCES"]
