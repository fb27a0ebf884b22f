"""What the greedy bot knows of Chapter 4 (called by :class:`..bot.Strategy`): sail to the
face-down hexes and turn them up, head for the spice hexes' corners and place merchants
there with the trade option of the resource it produces most, buy spice cards with its
options and cash 3 of them for 2 Catan chits each turn it can, take the gold field's
resource it needs, bring ships to the sea robber lairs (any player's ships count), keep
its spices when it must discard, and take spices offered for no more resources.

Everything comes from the public view and the bot's own hand: the board's face-down hexes
(terrain "unexplored") and discovered spice hexes, ``extra["lairs"]``,
``extra["merchants"]``, ``extra["trade_options"]``, and the bot's own ``spices`` (by kind)
and ``options``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping

from ....engine.actions import Action
from ....engine.geometry import RESOURCES, UNEXPLORED
from ....engine.scenario import resource_vector

if TYPE_CHECKING:
    from ....bots.context import Board, Ctx
    from ....bots.greedy import Goal, GreedyBot

SPICE = "spice"
#: route targets, comparable to a settlement spot's value (10-15)
EXPLORE_VALUE = 9.0
MERCHANT_SPOT_VALUE = 13.0
LAIR_VALUE = 6.0
#: a merchant with a trade option: a steady way to 2 VP for 6 resources
MERCHANT_VALUE = 12.0
#: a start intersection's wool pip: the set-up ship's next ships and the first merchant
#: want wool, the scarcest resource on this Catan (seat balance: without it the first
#: placer takes the fields and forest start, the one that wins least)
START_WOOL_BONUS = 1.0
WOOL = RESOURCES.index("wool")


def _extra(ctx: "Ctx") -> dict[str, Any]:
    extra: dict[str, Any] = ctx.view["extra"]
    return extra


def _mine(ctx: "Ctx") -> dict[str, Any]:
    extra: dict[str, Any] = ctx.players[ctx.me]["extra"]
    return extra


def is_chapter4(ctx: "Ctx") -> bool:
    return "spice_hexes" in _extra(ctx)


def spice_hand(ctx: "Ctx") -> list[int]:
    spices = _mine(ctx).get("spices") or {}
    return [int(n) for n in spices.values()] if isinstance(spices, Mapping) else []


def _spice_hexes(ctx: "Ctx") -> list[int]:
    b = ctx.board
    return [h for h in range(b.n_hexes) if b.hex_terrain[h] == SPICE]


def start_bonus(ctx: "Ctx", node: int) -> float:
    """The worth of a start intersection's wool beyond its production (the first settlement only)."""
    if node + 1 not in (_extra(ctx).get("start_nodes") or ()):
        return 0.0
    return START_WOOL_BONUS * ctx.board.node_prod[node][WOOL]


def face_down_corners(ctx: "Ctx") -> list[int]:
    b = ctx.board
    return sorted({n for h in range(b.n_hexes) if b.hex_terrain[h] == UNEXPLORED for n in b.hex_nodes[h]})


def may_settle(ctx: "Ctx", node: int) -> bool:
    """No settlement on a spice hex's corner (the Catanians do not settle there), nor on a
    face-down hex's before a ship turns it up."""
    return not _closed_map(ctx.board).node_closed[node]


def route_allowed(ctx: "Ctx") -> Callable[[int, int], bool] | None:
    """No road on a spice hex's side or beside a face-down hex (ships may pass)."""
    closed = _closed_map(ctx.board)
    if not closed.any_closed:
        return None
    edge_closed = closed.edge_closed

    def allowed(edge: int, mode: int) -> bool:
        return mode == 1 or not edge_closed[edge]

    return allowed


class ClosedMap:
    """Which corners and sides of one board touch a closed hex (spice or face down): the
    terrain alone says, and a board's terrain never changes (a hex turned up makes a new
    board, :func:`...bots.context.board_of`), so it is worked out once per board rather
    than at every corner and side the route search and the expansion ask about."""

    def __init__(self, board: "Board") -> None:
        closed = [t in (SPICE, UNEXPLORED) for t in board.hex_terrain]
        self.any_closed: bool = any(closed)
        self.node_closed: list[bool] = [any(closed[h] for h in hs) for hs in board.node_hexes]
        self.edge_closed: list[bool] = [any(closed[h] for h in hs) for hs in board.edge_hexes]


#: ClosedMap by board (the board kept as the key, so its identity is never reused while kept)
_CLOSED: dict["Board", ClosedMap] = {}
_CLOSED_LIMIT = 64


def _closed_map(board: "Board") -> ClosedMap:
    found = _CLOSED.get(board)
    if found is None:
        if len(_CLOSED) >= _CLOSED_LIMIT:
            _CLOSED.pop(next(iter(_CLOSED)))
        found = _CLOSED[board] = ClosedMap(board)
    return found


def valuation_key(ctx: "Ctx") -> tuple[Hashable, ...]:
    """What this chapter's place hooks (:func:`start_bonus`, :func:`may_settle`,
    :func:`route_allowed`, :func:`route_targets`) read beyond the board picture and the
    seat (the greedy bot keeps its valuations while it stays, see
    ``Strategy.valuation_key``): the start corners, whether ships and merchants are left,
    whether trade options are left and which spice hexes mine already hold, the lairs."""
    extra = _extra(ctx)
    held = tuple(sorted(str(o["spice_hex"]) for o in _mine(ctx).get("options") or []))
    return (tuple(extra.get("start_nodes") or ()), ctx.pieces.get("ship", 0) > 0,
            ctx.pieces.get("merchant", 0) > 0, bool(extra.get("trade_options")), held,
            tuple(str(h) for h in extra.get("lairs") or ()))


def option_for(ctx: "Ctx", spice_hex: int) -> bool:
    """Whether a merchant of mine at ``spice_hex`` would still take a trade option."""
    extra = _extra(ctx)
    if not extra.get("trade_options") or ctx.pieces.get("merchant", 0) <= 0:
        return False
    held = {str(o["spice_hex"]) for o in _mine(ctx).get("options") or []}
    return ctx.board.hex_ids[spice_hex] not in held


def merchant_spots(ctx: "Ctx") -> list[int]:
    """Free corners of exactly one discovered spice hex where my merchant takes an option."""
    b = ctx.board
    out = []
    for h in _spice_hexes(ctx):
        if not option_for(ctx, h):
            continue
        for n in b.hex_nodes[h]:
            if ctx.node_kind[n] == 0 and sum(1 for x in b.node_hexes[n] if b.hex_terrain[x] == SPICE) == 1:
                out.append(n)
    return out


def route_targets(ctx: "Ctx") -> dict[int, float]:
    b = ctx.board
    out: dict[int, float] = {}
    if ctx.pieces.get("ship", 0) > 0:
        for h in range(b.n_hexes):
            if b.hex_terrain[h] == UNEXPLORED:
                for n in b.hex_nodes[h]:
                    out[n] = EXPLORE_VALUE
        for hid in _extra(ctx).get("lairs") or []:
            for n in b.hex_nodes[b.hex_index[str(hid)]]:
                out[n] = max(out.get(n, 0.0), LAIR_VALUE)
    for n in merchant_spots(ctx):
        out[n] = MERCHANT_SPOT_VALUE
    return out


def best_option(ctx: "Ctx", actions: list[Action]) -> Action | None:
    """The merchant that takes the option of the resource I produce most (a trade option
    lets 2 of it buy a spice card); one without an option only when nothing else is left."""
    with_option = [a for a in actions if a.args[1] >= 0]
    if not with_option:
        return None
    prod = ctx.production(ctx.me)
    return max(with_option, key=lambda a: (prod[a.args[1]], ctx.hand[a.args[1]], -a.args[0]))


def goals(ctx: "Ctx", kinds: dict[str, list[Action]]) -> list["Goal"]:
    from ....bots.greedy import Goal

    if not _extra(ctx).get("trade_options") or ctx.pieces.get("merchant", 0) <= 0:
        return []
    act = best_option(ctx, kinds.get("build-merchant", []))
    if act is None and not merchant_spots(ctx):
        return []
    mine = {n for n in merchant_spots(ctx)}
    reached = any(ctx.edge_owner[e] == ctx.me for n in mine for e in ctx.board.node_edges[n])
    if act is None and not reached:
        return []
    cost = resource_vector(dict(ctx.scen.params.get("merchant_cost", {})))
    return [Goal("merchant", MERCHANT_VALUE, cost, act)]


def answer(ctx: "Ctx", bot: "GreedyBot") -> Action | None:
    legal = ctx.legal
    choose = [a for a in legal if a.kind == "choose-resource"]
    if choose:
        need = bot.needs(ctx)
        return max(choose, key=lambda a: (need[a.args[0]], -a.args[0]))
    if any(a.kind == "discard-spices" for a in legal) and not any(a.kind == "discard" for a in legal):
        # too few resources to discard alone: shed spices first, the kind held most, so a
        # set of 3 may remain
        hand = spice_hand(ctx)
        return min(spices_first_discards(ctx, hand),
                   key=lambda a: sum(a.args[0][5 + k] * (10 - hand[k]) for k in range(len(hand))))
    answers = [a for a in legal if a.kind in ("accept-spices", "decline-spices")]
    if answers:
        return offer_answer(ctx, answers)
    return None


def spices_first_discards(ctx: "Ctx", hand: list[int]) -> list[Action]:
    """The discards that shed as many spice cards as the count allows, one for each kind
    taken first (then the others in order), and then resources, the most plentiful first:
    legal whenever a discard with spices is (the game lists every way)."""
    item = ctx.pending_for_me("discard") or {}
    out: list[Action] = []
    for first in range(len(hand)):
        need = int(item.get("count", 0))
        cards = [0] * (len(RESOURCES) + len(hand))
        for k in [first] + [k for k in range(len(hand)) if k != first]:
            take = min(need, hand[k])
            cards[len(RESOURCES) + k] += take
            need -= take
        res = list(ctx.hand)
        while need > 0:
            r = max(range(len(RESOURCES)), key=lambda i: res[i])
            res[r] -= 1
            cards[r] += 1
            need -= 1
        action = Action("discard-spices", (tuple(cards),), ctx.me)
        if action not in out:
            out.append(action)
    return out


def offer_answer(ctx: "Ctx", answers: list[Action]) -> Action:
    """Take spices for resources, one for one or better; give none away."""
    item = ctx.pending_for_me("spice-offer") or {}
    accept = [a for a in answers if a.kind == "accept-spices"]
    get, give = list(item.get("give") or []), list(item.get("get") or [])
    if accept and get and give:
        spices_in, spices_out = sum(get[5:]), sum(give[5:])
        if spices_out == 0 and spices_in >= sum(give[:5]) > 0:
            return accept[0]
    return next(a for a in answers if a.kind == "decline-spices")


def before_main(ctx: "Ctx", bot: "GreedyBot", kinds: dict[str, list[Action]]) -> Action | None:
    cash = kinds.get("cash-spices", [])
    if cash:
        hand = spice_hand(ctx)
        # 3 alike from the kind held most, else 3 different: what is left stays nearest a set
        return max(cash, key=lambda a: min(hand[k] for k in set(a.args[0])) if len(set(a.args[0])) == 1 else 0)
    buy = kinds.get("buy-spice", [])
    if buy:
        sets = spice_hand(ctx)
        if sum(sets) < 6:                 # two sets in hand are enough; keep resources for building
            return max(buy, key=lambda a: ctx.hand[a.args[0]])
    return None
