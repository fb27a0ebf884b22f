"""The Pirate Islands (seed 001, digest F.1): build the one shipping route along your lane
to your marked intersection and on to your fortress, turn ships into warships with knight
(and, with 4 players, VP) cards, and attack the fortress when the odds are good.

Everything comes from the public view: ``view["extra"]`` lists each seat's lane, marked
intersection, fortress (with its chits) and warships.  Winning needs the fortress *and* 10
VP, and there is no Longest Route, Largest Army or robber, so the general goals (cities
above all) run beside the fortress plan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...bots.strategies.base import Strategy as BaseStrategy
from ...engine.actions import Action
from ...engine.pieces import SHIP
from .rules import WARSHIP

if TYPE_CHECKING:
    from ...game import Game
    from ...bots.context import Ctx
    from ...bots.greedy import Goal, GreedyBot

#: attack the fortress with at least this many warships (a die roll below it wins)
ATTACK_WARSHIPS = 4
#: warships worth having before the attacks (more only protects against the fleet)
WANT_WARSHIPS = 6
#: the searching bot's worth (in VP) of a ship on the lane, a warship, a chit taken
WORTH_SHIP, WORTH_WARSHIP, WORTH_CHIT = 0.2, 0.3, 0.8
#: ... a warship and a chit count up to twice that as the points near the target (from this
#: many points short of it)
LATE_POINTS = 4
#: the searching bot's standing of a seat (Strategy.standing), in VP, per feature of
#: standing_features: fitted by ``python -m catan_cli.benchmarks.fit_standing --scenario
#: pirate-islands --games 1600 --seed 7000`` (who won, at each turn's start of greedy
#: games): a warship is worth about two points, a knight in hand one, a ship on the lane
#: more than half of one
STANDING_WEIGHTS = (1.0, 0.072, 0.170, 0.053, 0.582, 1.216, 0.401)
#: wool, grain, ore: what development cards (knights, so warships) cost
CARD_RESOURCES = (2, 3, 4)
#: the extra value per pip of a card resource the seat does not produce yet
CARD_RESOURCE_BONUS = 1.0
#: the extra value per pip of lumber the seat does not produce yet: a lane of 12-15 ships
#: (without it blue, whose set-up picks come 2nd and 7th, ended with 2.8 lumber pips, the
#: others 7.4-8.0, and won 7.5 % of 400 games)
LUMBER_BONUS = 1.5


class Strategy(BaseStrategy):
    key = "pirate-islands"

    # --- what the view says ------------------------------------------------------------
    def _mine(self, ctx: "Ctx") -> dict[str, Any]:
        cached = ctx.memo.get("pirate")
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        extra = ctx.view["extra"]
        b = ctx.board
        fort = next(f for f in extra["fortresses"] if f["owner"] == ctx.seat)
        marked = next(m for m in extra["marked"] if m["owner"] == ctx.seat)
        ships = [e for e, o in enumerate(ctx.edge_owner) if o == ctx.me and ctx.edge_kind[e] in (SHIP, WARSHIP)]
        ship_nodes = {n for e in ships for n in b.edge_nodes[e]}
        fort_node = int(fort["node"]) - 1
        info = {
            "chits": int(fort["chits"]),
            "fort_node": fort_node,
            "marked_node": int(marked["node"]) - 1,
            "reached_fort": fort_node in ship_nodes,
            "reached_marked": int(marked["node"]) - 1 in ship_nodes,
            "warships": int(extra["warships"].get(ctx.seat, 0)),
            "normal_ships": sum(1 for e in ships if ctx.edge_kind[e] == SHIP),
            "knights_in_hand": sum(1 for c in ctx.devs if c == "knight"
                                   or (c == "victory-point" and ctx.n >= 4)),
        }
        ctx.memo["pirate"] = info
        return info

    # --- valuing ----------------------------------------------------------------------------
    def resource_weights(self, ctx: "Ctx") -> tuple[float, ...]:
        # ships along the lane are lumber and wool; warships come from development cards
        # (wool, grain, ore): a seat without wool at set-up never reaches its fortress
        return (1.05, 0.85, 1.2, 0.95, 0.95)

    def valuation_key(self, ctx: "Ctx") -> tuple[()]:
        # the place hooks below read the map and my production alone (and route_allowed
        # nothing at all): the greedy bot's valuations keep with the board picture
        return ()

    def route_allowed(self, ctx: "Ctx") -> Callable[[int, int], bool] | None:
        # ships go only along the lane, one route, taken care of by the fortress goal
        return lambda edge, mode: mode == 0

    def spot_bonus(self, ctx: "Ctx", node: int) -> float:
        # Warships come only from knights, and knights from cards (wool, grain, ore): a seat
        # with no wool of its own buys no cards and meets the fleet unarmed, so the card
        # resources it lacks are worth more here than in the base game.
        prod = ctx.board.node_prod[node]
        mine = ctx.production(ctx.me)
        bonus = sum(CARD_RESOURCE_BONUS * prod[r] / (1.0 + mine[r]) for r in CARD_RESOURCES)
        return bonus + LUMBER_BONUS * prod[0] / (1.0 + mine[0] / 2.0)

    def setup_route_bonus(self, ctx: "Ctx", action: Action) -> float:
        # a set-up ship that extends the lane is a free step toward the fortress
        return 3.0 if action.kind == "build-ship" else 0.0

    def card_value(self, ctx: "Ctx") -> float:
        info = self._mine(ctx)
        if info["chits"] <= 0:
            return 3.0
        # Cards are the only way to warships, and warships the only way to the fortress:
        # they are worth a city while it stands.  One greedy seat with these values against
        # three with values 3 lower won 49.0 % of 800 rotated games (1.5 lower: 31.0 %;
        # 3 higher: 33.4 %; the old values against themselves: 25.0 %).
        have = info["warships"] + info["knights_in_hand"]
        if have < WANT_WARSHIPS:
            return 12.0 if info["reached_marked"] or info["warships"] else 10.5
        return 5.5

    def knight_value(self, ctx: "Ctx") -> float | None:
        return 6.0     # a knight makes a warship: always worth it (it is only legal then)

    # --- goals ------------------------------------------------------------------------------
    def extra_goals(self, ctx: "Ctx", bot: "GreedyBot", kinds: dict[str, list[Action]],
                    acting: bool) -> list["Goal"]:
        from ...bots.greedy import Goal
        info = self._mine(ctx)
        out: list[Goal] = []
        if info["chits"] > 0 and not info["reached_fort"] and ctx.pieces.get("ship", 0) > 0:
            ships = kinds.get("build-ship", [])
            act = ships[0] if ships else None
            if not (acting and act is None and ctx.affordable("ship")):
                out.append(Goal("fortress-route", 10.5, ctx.costs["ship"], act))
        m = info["marked_node"]
        if info["reached_marked"] and ctx.node_kind[m] == 0 and ctx.pieces.get("settlement", 0) > 0 \
                and not any(ctx.node_kind[x] for x in ctx.board.node_neighbors[m]):
            act = Action("build-settlement", (m,), ctx.me)
            legal = act in kinds.get("build-settlement", [])
            if legal or not (acting and ctx.affordable("settlement")):
                out.append(Goal("marked-settlement", 11.0, ctx.costs["settlement"], act if legal else None))
        return out

    def playout_worth(self, world: "Game", seat: int) -> float:
        # Without the fortress there is no win: each ship along the lane, each warship and
        # each chit taken from its own fortress is a step there (the play-out's short horizon
        # would otherwise see only victory points, and build cities instead of ships).  The
        # win needs both the fortress and the points (F.1.9), and no point is ever lost, so
        # points past the target count for nothing while a chit is left, and the chits and
        # the warships that take them count more the nearer the points are.
        ships, warships = _ships_of(world, seat)
        taken, late, past = _fortress_standing(world, seat)
        worth = WORTH_SHIP * (ships + warships) + WORTH_WARSHIP * (1.0 + late) * min(warships, WANT_WARSHIPS)
        if taken >= 3:
            return worth + _chit_worth(taken, late)
        return worth + _chit_worth(taken, late) - past

    def standing_features(self, world: "Game", seat: int, production: float) -> list[float]:
        # What the standing weighs (STANDING_WEIGHTS, in this order): points up to the
        # target, production worth, cards in hand (up to 7), development cards other than
        # knights, ships and warships on the lane, warships and knights in hand (up to
        # WANT_WARSHIPS), and warships (as many).
        e, s = world.engine, world.engine.s
        p = s.players[seat]
        ships, warships = _ships_of(world, seat)
        # with four players a VP card acts as a knight (F.1.5)
        knights = sum(1 for c, _ in p.dev_cards if c == "knight" or (c == "victory-point" and len(s.players) >= 4))
        return [float(min(e.vp(seat), e.scen.vp_target)), production, float(min(sum(p.resources), 7)),
                float(len(p.dev_cards) - knights), float(ships + warships),
                float(min(warships + knights, WANT_WARSHIPS)), float(min(warships, WANT_WARSHIPS))]

    def standing(self, world: "Game", seat: int, production: float) -> float | None:
        # The features weighed as fitted to who won (STANDING_WEIGHTS), and the chits as
        # playout_worth counts them: few attacks are made while the points lag, so the fit
        # cannot tell what a chit is worth (it gave it about nothing).
        features = self.standing_features(world, seat, production)
        worth = sum(w * f for w, f in zip(STANDING_WEIGHTS, features))
        taken, late, _ = _fortress_standing(world, seat)
        return worth + _chit_worth(taken, late)

    # --- decisions ----------------------------------------------------------------------------
    def answer(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        steals = [a for a in ctx.legal if a.kind == "steal"]
        if steals:
            def score(a: Action) -> tuple[float, int]:
                v = a.args[0]
                if v < 0:
                    return (-1.0, 0)
                p = ctx.players[v]
                if int(p["resource_count"]) == 0:
                    return (-2.0, 0)
                return (int(p["vp"]) + 0.2 * int(p["resource_count"]), -v)
            return max(steals, key=score)
        rewards = [a for a in ctx.legal if a.kind == "choose-reward"]
        if rewards:
            need = bot.needs(ctx)
            return max(rewards, key=lambda a: (need[a.args[0]], -a.args[0]))
        return None

    def before_end(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        attack = [a for a in ctx.legal if a.kind == "attack-fortress"]
        if not attack:
            return None
        info = self._mine(ctx)
        w = info["warships"]
        out_of_cards = ctx.view["deck"] == 0 and info["knights_in_hand"] == 0
        if w >= ATTACK_WARSHIPS or (out_of_cards and w >= 2) or (w >= 3 and ctx.turn > 300):
            return attack[0]
        return None


def _ships_of(world: "Game", seat: int) -> tuple[int, int]:
    """``seat``'s normal ships and warships in a play-out's world."""
    s = world.engine.s
    ships = warships = 0
    for x, o in enumerate(s.edge_owner):
        if o == seat:
            if s.edge_kind[x] == WARSHIP:
                warships += 1
            elif s.edge_kind[x] == SHIP:
                ships += 1
    return ships, warships


def _fortress_standing(world: "Game", seat: int) -> tuple[int, float, int]:
    """The chits ``seat`` has taken from its fortress, how near its points are to the target
    (0 from LATE_POINTS short of it, 1 at it) and its points past the target."""
    e = world.engine
    fort = next((f for f in e.s.extra.get("fortresses", []) if f["seat"] == seat), None)
    taken = 0 if fort is None else 3 - int(fort["chits"])
    target, points = e.scen.vp_target, e.vp(seat)
    late = min(1.0, max(0.0, (min(points, target) - (target - LATE_POINTS)) / LATE_POINTS))
    return taken, late, max(0, points - target)


def _chit_worth(taken: int, late: float) -> float:
    """The chits taken, in VP: more the nearer the points are, and the fortress taken at
    their most."""
    if taken >= 3:
        return 2.0 * WORTH_CHIT * 3
    return WORTH_CHIT * (1.0 + late) * taken
