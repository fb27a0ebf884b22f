"""Land Ho! (seed 002; digest C.1-C.12, F.2): what the scenario declares to the core (pieces,
verbs, the movement phase, its state with visibility), the set-up at fixed positions, and
its invariants.  The rules themselves are in :mod:`.voyages` (ships) and :mod:`.economy`
(harbour settlements, settlers, gold); the face-down areas are the general exploration
rule of the engine (the scenario file's ``[board.face_down]``)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable

from ...engine.actions import Action, Event
from ...engine.context import RulesContext
from ...engine.declare import HelpEntry, PendingKind, PhaseKind, StateItem, Verb, Visibility
from ...engine.geometry import RESOURCES, TERRAIN_RESOURCE, UNEXPLORED
from ...engine.pieces import PieceKind
from ...engine.words import times
from ...notation import Reader, Writer
from .base import HARBOR, MOVEMENT, NEUTRAL_HARBOR, NEUTRAL_ROAD, NEUTRAL_SETTLEMENT, SETTLER, fresh_turn
from .gold_trade import GoldTrade, format_offer, parse_answer, parse_offer

_EDGE = re.compile(r"\d+-\d+")


class Rules(GoldTrade):
    pieces: tuple[PieceKind, ...] = (
        PieceKind("harbor-settlement", "node", HARBOR, "H", supply="harbor-settlement", produces=1, vp=2),
        PieceKind("neutral-settlement", "node", NEUTRAL_SETTLEMENT, "x", produces=0, ownerless=True),
        PieceKind("neutral-harbor", "node", NEUTRAL_HARBOR, "X", produces=0, ownerless=True),
        PieceKind("neutral-road", "edge", NEUTRAL_ROAD, "=", building=False, ownerless=True),
    )
    phases: tuple[PhaseKind, ...] = (PhaseKind(MOVEMENT, "move ships/end",
                        closed="the movement phase has begun: you may not {what} any more this turn "
                               "(only found a settlement from a settler ship)"),)
    rules_text = (
        "Land Ho! (Explorers & Pirates). {vp_target} VP on your own turn wins.\n"
        "Turn: roll (a player who gets nothing on a roll other than 7 takes {empty_roll_gold} gold), trade and build, "
        "then the movement phase ('sail', or moving, loading or founding; 'end' passes through it). "
        "Once it has begun, no trade or build, except founding a settlement from a settler ship.\n"
        "No development cards, Longest Road, Largest Army, cities or robber; a 7 makes everyone with "
        "more than {discard_limit} resource cards discard half (gold is never discarded).\n"
        "Gold: {start_gold} at the start. Trade {bank_rate} of a kind for 1 resource ('trade {bank_rate} ore for wool') "
        "or for 1 gold ('buy gold with {resources_for_gold} ore'); {gold_buys} a turn {gold_price} gold buy 1 resource "
        "('pay gold for ore').\n"
        "Harbour settlement ({harbor_cost}): upgrade a settlement on the coast ('build harbor N'); {harbor_vp} VP, "
        "produces {harbor_produces}. Settler (a settlement's cost): into the empty basin of your harbour settlement or "
        "the empty hold of your ship beside it ('build settler N' / 'build settler E').\n"
        "Ships ({cost_ship}): on a sea route beside your harbour settlement, never touching an "
        "undiscovered hex; {ships} each (with all out, 'build ship E replacing F'). {movement_points} movement points, +{wool_points} once "
        "per ship per turn for 1 wool ('pay wool [E]'); finish one ship before moving the next; at most {ships_per_route} "
        "ships end on a route (passing is free). 'load settler [E]', 'unload settler [E]' (E left out: "
        "the one ship that can), 'drop cargo E'.\n"
        "Discovery: a ship ending a step with an end at a corner of a face-down hex turns it up and "
        "stops: terrain gives 1 of its resource and a number token from its area's stack; sea gives "
        "{discovery_gold} gold. 'found settlement N': a settler ship pointing at a terrain corner founds a free "
        "settlement there (distance rule); your first settlement in each face-down area must be "
        "founded so. No road beside, and no settlement on a corner of, an undiscovered hex.\n"
        "Two players: the unused colours' harbour settlements, settlements and roads stay as neutral "
        "obstacles.")

    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        geo = ctx.geo

        def names(ships: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return [{"owner": ctx.name(sh["owner"]), "edge": geo.edge_name(sh["edge"]), "cargo": sh["cargo"],
                     "id": sh["id"]} for sh in ships]

        self.state_items = (
            StateItem("ships", Visibility.PUBLIC, present=names, doc="every ship on the board, with its cargo"),
            StateItem("basins", Visibility.PUBLIC, present=lambda b: {str(int(k) + 1): v for k, v in b.items()},
                      doc="harbour basins holding a settler, by intersection"),
            StateItem("this_turn", Visibility.PUBLIC,
                      doc="the ship being moved and its points left; ships done, wool paid and gold "
                          "purchases this turn"),
            StateItem("next_ship", Visibility.PUBLIC, doc="the next ship's id"),
            StateItem("gold", Visibility.PUBLIC, scope="player", doc="gold coins (not resource cards)"),
            StateItem("ships_left", Visibility.PUBLIC, scope="player", doc="ships in the supply"),
            StateItem("settlers_left", Visibility.PUBLIC, scope="player", doc="settlers in the supply"),
        )

    def rules_words(self) -> dict[str, object]:
        harbor = self.pieces[0]
        return super().rules_words() | {"gold_buys": times(self.gold_buys_per_turn), "harbor_vp": harbor.vp,
                                       "harbor_produces": harbor.produces}

    # --- declarations -----------------------------------------------------------------------------
    def pendings(self) -> tuple[PendingKind, ...]:
        return (self.gold_offer_pending(),)

    def verbs(self) -> tuple[Verb, ...]:
        # Every verb's legal generator gives exactly the moves its check allows (asking the
        # check's general questions once): declared exact, the core lists them unchecked.
        def v(kind: str, words: tuple[str, ...], parse: Callable[[Reader, int], Action],
              fmt: Callable[[Action, Writer], str], check: Callable[[Action], str | None],
              apply: Callable[[Action], list[Event]], legal: Callable[[int], Any], help_: HelpEntry) -> Verb:
            return Verb(kind, words, parse=parse, format=fmt, check=check, apply=apply, legal=legal, help=help_,
                        exact=True)

        return (
            v("sail", ("sail",), lambda r, a: Action("sail", (), a), lambda a, w: "sail",
              self.check_sail, self.apply_sail, self.legal_sail,
              HelpEntry("sail", "sail", "End trade and build and begin the movement phase: move your ships, "
                        "load and unload settlers, found settlements from settler ships.", "sail")),
            v("launch-ship", ("build", "ship"), _parse_launch,
              lambda a, w: f"build ship {w.edge(a.args[0])}" + (f" replacing {w.edge(a.args[1])}" if a.args[1] >= 0 else ""),
              self.check_build_ship, self.apply_build_ship, self.legal_build_ship,
              HelpEntry("ship", "build ship E [replacing F]", "Build a ship on sea route E beside one of your "
                        f"harbour settlements (not touching an undiscovered hex, at most {self.per_route} ships on a route). "
                        f"With all {self.max_ships} ships out, take the one on F off (its cargo is lost) and build it anew.",
                        "build ship 14-15", price=("ship", self.ship_cost))),
            v("sail-ship", ("move",), _parse_move, lambda a, w: f"move ship {w.edge(a.args[0])} to {w.edge(a.args[1])}",
              self.check_move, self.apply_move, self.legal_move,
              HelpEntry("move", "move ship E to F", "Sail your ship from E to F along sea routes, 1 movement point "
                        f"a step ({self.points} a turn, +{self.wool_points} for 1 wool). It may pass other ships but not end beside 2. Reaching "
                        "a corner of a face-down hex discovers it and ends the ship's move. Finish one ship "
                        "before the next: moving another ends the first's move.", "move ship 14-15 to 22-23")),
            v("buy-points", ("pay", "wool"), _parse_wool, lambda a, w: f"pay wool {w.edge(a.args[0])}",
              self.check_wool, self.apply_wool, self.legal_wool,
              HelpEntry("pay", "pay wool [E]", f"{self.wool_points} more movement points for your ship on E this turn "
                        "(once per ship per turn; E left out: the ship being moved). 'pay gold for R' buys 1 "
                        f"resource for {self.gold_price} gold ({times(self.gold_buys_per_turn)} a turn).",
                        "pay wool 14-15", "1 wool")),
            v("load-settler", ("load",), _parse_cargo("load-settler"), lambda a, w: f"load settler {w.edge(a.args[0])}",
              self.check_load, self.apply_load, self.legal_loading("load-settler"),
              HelpEntry("load", "load settler [E]", "Load the settler from the basin of your harbour settlement "
                        "at an end of E onto your empty ship there (free; the ship may still move). E may "
                        "be left out when only one of your ships can load.",
                        "load settler 14-15")),
            v("unload-settler", ("unload",), _parse_cargo("unload-settler"),
              lambda a, w: f"unload settler {w.edge(a.args[0])}",
              self.check_load, self.apply_load, self.legal_loading("unload-settler"),
              HelpEntry("unload", "unload settler [E]", "Put the settler from your ship on E into the empty basin "
                        "of your harbour settlement at its end (free). E may be left out when only one of "
                        "your ships can unload.", "unload settler 14-15")),
            v("drop-cargo", ("drop",), _parse_drop,
              lambda a, w: f"drop cargo {w.edge(a.args[1]) if a.args[0] == 'ship' else w.node(a.args[1])}",
              self.check_drop, self.apply_drop, self.legal_drop,
              HelpEntry("drop", "drop cargo E|N", "Return the settler in your ship's hold on E (or in the basin "
                        "of your harbour settlement on N) to your supply, to make room.", "drop cargo 14-15")),
            v("found-settlement", ("found",), _parse_found, lambda a, w: f"found settlement {w.node(a.args[0])}",
              self.check_found, self.apply_found, self.legal_found,
              HelpEntry("found", "found settlement N", "Found a settlement, free, on N, a corner of a discovered "
                        "terrain hex that your settler ship points at; the ship and the settler go back to "
                        "your supply. The distance rule holds. Your first settlement in each face-down area "
                        "is founded this way. Allowed in the movement phase.", "found settlement 31")),
            v("build-harbor", ("build", "harbor"), lambda r, a: Action("build-harbor", (r.node(),), a),
              lambda a, w: f"build harbor {w.node(a.args[0])}",
              self.check_harbor, self.apply_harbor, self.legal_harbor,
              HelpEntry("harbor", "build harbor N", "Upgrade your settlement on N, on the coast or the frame, to "
                        f"a harbour settlement: {self.pieces[0].vp} VP, produces {self.pieces[0].produces}, has a basin for a settler.", "build harbor 12",
                        price=("harbor", self.harbor_cost))),
            v("build-settler", ("build", "settler"), _parse_settler,
              lambda a, w: f"build settler {w.node(a.args[1]) if a.args[0] == 'basin' else w.edge(a.args[1])}",
              self.check_settler, self.apply_settler, self.legal_settler,
              HelpEntry("settler", "build settler N|E", "Build a settler into the empty basin of your harbour "
                        "settlement on N, or the empty hold of your ship on E beside one.", "build settler 12",
                        price=("settler", self.settler_cost))),
            v("buy-gold", ("buy", "gold"), _parse_buy_gold, lambda a, w: f"buy gold with 3 {_res(a.args[0])}",
              self.check_buy_gold, self.apply_buy_gold, self.legal_buy_gold,
              HelpEntry("gold", "buy gold with 3 R", f"Trade {self.resources_for_gold} of one resource for 1 gold (on "
                        "your turn). Gold is not a resource card: it is never discarded.", "buy gold with 3 ore",
                        f"{self.resources_for_gold} of a kind")),
            v("gold-for-resource", ("pay", "gold"), _parse_spend_gold, lambda a, w: f"pay gold for {_res(a.args[0])}",
              self.check_spend_gold, self.apply_spend_gold, self.legal_spend_gold,
              HelpEntry("pay", "pay gold for R", f"Buy 1 resource of your choice for {self.gold_price} gold, at "
                        f"most {times(self.gold_buys_per_turn)} a turn.", "pay gold for ore", f"{self.gold_price} gold")),
            Verb("gold-offer", ("offer",), parse=parse_offer, format=format_offer,
                 check=self.check_gold_offer, apply=self.apply_gold_offer, legal=self.legal_gold_offer,
                 help=HelpEntry("offer", "offer P CARDS/GOLD for CARDS/GOLD", "Offer a trade to another player; "
                                "gold trades like a card ('offer blue 2 gold for 1 ore'). They answer 'accept' "
                                "or 'decline'.", "offer blue 1 gold for 1 ore"),
                 offers=True, exact=True),
            Verb("accept-gold", ("accept",), parse=parse_answer("accept"), format=lambda a, w: "accept",
                 check=self.check_answer, apply=self.apply_answer, legal=lambda seat: [],
                 help=HelpEntry("accept", "accept", "Accept the trade offered to you.", "accept"),
                 answers="gold-offer"),
            Verb("decline-gold", ("decline",), parse=parse_answer("decline"), format=lambda a, w: "decline",
                 check=self.check_answer, apply=self.apply_answer, legal=lambda seat: [],
                 help=HelpEntry("decline", "decline", "Decline the trade offered to you.", "decline"),
                 answers="gold-offer"),
        )

    def view_items(self, viewer: int | None) -> dict[str, object]:
        ctx = self.ctx
        areas = {}
        for name, area in ctx.scen.face_down.items():
            areas[name] = {"label": area.label,
                           "face_down": [ctx.hex_id(h) for h in area.hexes if ctx.state.terrain[h] == UNEXPLORED]}
        m = self.movement
        mover = self.ship_by_id(int(m["ship"]))
        s = ctx.state
        neutral = {"settlements": [n + 1 for n, k in enumerate(s.node_kind) if k == NEUTRAL_SETTLEMENT],
                   "harbors": [n + 1 for n, k in enumerate(s.node_kind) if k == NEUTRAL_HARBOR],
                   "roads": [ctx.edge_text(e) for e, k in enumerate(s.edge_kind) if k == NEUTRAL_ROAD]}
        return {"areas": areas, "neutral": neutral,
                "moving": ({"edge": ctx.edge_text(mover["edge"]), "points": int(m["points"])} if mover else None)}

    # --- set-up (C.11, C.12) ------------------------------------------------------------------------
    def on_new_game(self) -> None:
        ctx = self.ctx
        data = ctx.data
        data.update({"ships": [], "basins": {}, "next_ship": 0, "this_turn": fresh_turn(ctx.state.turn)})
        for seat in range(ctx.n):
            ctx.player_data(seat).update({"gold": int(ctx.scen.params["start_gold"]),
                                          "ships_left": self.max_ships, "settlers_left": self.max_settlers})
        for i, start in enumerate(ctx.scen.starts):
            if i < ctx.n:
                ctx.place_node_piece(i, start["harbor_node"], "harbor-settlement")
                ctx.place_node_piece(i, start["settlement_node"], "settlement")
                ctx.place_edge_piece(i, start["road_edge"], "road")
                self.launch(i, start["ship_edge"], SETTLER)
                ctx.player_data(i)["settlers_left"] -= 1
                gains = [0] * 5
                for h in ctx.geo.node_hexes[start["settlement_node"]]:
                    r = TERRAIN_RESOURCE.get(ctx.state.terrain[h], -1)
                    if r >= 0:
                        gains[r] += 1
                ctx.gain(i, gains)
            elif ctx.n == 2:      # C.12: the unused colours stay as obstacles, without settler ships
                ctx.place_node_piece(-1, start["harbor_node"], "neutral-harbor", from_supply=False)
                ctx.place_node_piece(-1, start["settlement_node"], "neutral-settlement", from_supply=False)
                ctx.place_edge_piece(-1, start["road_edge"], "neutral-road", from_supply=False)

    # --- objections and reactions ----------------------------------------------------------------------
    def settlement_reason(self, seat: int, node: int, setup: bool) -> str | None:
        """C.7: the first settlement in each face-down area is founded from a settler ship."""
        if self.founding:
            return None
        new = self.node_areas(node) - self.settled_areas(seat)
        if new:
            label = self.ctx.scen.face_down[sorted(new)[0]].label
            return (f"your first settlement in the {label} area must be founded from a settler ship "
                    "('found settlement N')")
        return None

    def node_blocks_route(self, seat: int, node: int) -> bool:
        """C.12: neutral pieces block roads like an opponent's."""
        return self.ctx.state.node_kind[node] in (NEUTRAL_SETTLEMENT, NEUTRAL_HARBOR)

    def on_seven(self, seat: int) -> list[Event]:
        """C.10: no robber; the discards are all a 7 does."""
        return []

    # --- invariants -------------------------------------------------------------------------------------
    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        # A restored state may say anything: its shape first, so the sums below cannot fail.
        if shape := self.shape_problems():
            return shape
        out: list[str] = []
        per_edge = Counter(sh["edge"] for sh in self.ships)
        for e, count in per_edge.items():
            if count > self.per_route:
                out.append(f"{count} ships on {ctx.edge_text(e)}")
            if not self.sea_route(e):
                out.append(f"a ship on {ctx.edge_text(e)}, which is no sea route")
        for seat in range(ctx.n):
            pd = ctx.player_data(seat)
            ships = self.own_ships(seat)
            if len(ships) + pd["ships_left"] != self.max_ships or pd["ships_left"] < 0:
                out.append(f"{ctx.name(seat)}: {len(ships)} ships out + {pd['ships_left']} in supply")
            held = sum(1 for sh in ships if sh["cargo"] == SETTLER)
            basins = sum(1 for n in ctx.data["basins"] if ctx.state.node_owner[int(n)] == seat)
            if held + basins + pd["settlers_left"] != self.max_settlers or pd["settlers_left"] < 0:
                out.append(f"{ctx.name(seat)}: settlers {held} in holds + {basins} in basins + "
                           f"{pd['settlers_left']} in supply")
            if pd["gold"] < 0:
                out.append(f"{ctx.name(seat)} has {pd['gold']} gold")
        for n in ctx.data["basins"]:
            if ctx.state.node_kind[int(n)] != HARBOR:
                out.append(f"a basin on {int(n) + 1} without a harbour settlement")
        return out


    def shape_problems(self) -> list[str]:
        """Ships with distinct whole-number ids, owners that are seats, paths of the map and a
        settler or nothing aboard; basins on intersections; this turn's counts; whole-number
        gold, ships and settlers per player."""
        ctx = self.ctx
        data = ctx.data
        ships = data.get("ships")
        if not isinstance(ships, list) or not all(isinstance(sh, dict) for sh in ships):
            return ["the ships are damaged"]
        ids = [sh.get("id") for sh in ships]
        if (not all(_whole(i, 0) for i in ids) or len(set(ids)) != len(ids)
                or not _whole(data.get("next_ship"), max(ids, default=-1) + 1)):
            return ["the ships' numbers are damaged"]
        for sh in ships:
            if (not _whole(sh.get("owner"), 0, ctx.n - 1) or not _whole(sh.get("edge"), 0, ctx.geo.n_edges - 1)
                    or sh.get("cargo") not in ("", SETTLER)):
                return [f"ship {sh['id']} is damaged"]
        basins = data.get("basins")
        if not isinstance(basins, dict) or any(
                not (k.isdecimal() and int(k) < ctx.geo.n_nodes) or v != SETTLER for k, v in basins.items()):
            return ["the harbour basins are damaged"]
        m = data.get("this_turn")
        if (not isinstance(m, dict) or not all(_whole(m.get(k), -1) for k in ("turn", "ship", "points", "gold_buys"))
                or not all(isinstance(m.get(k), list) and all(_whole(i, 0) for i in m[k]) for k in ("done", "wool"))):
            return ["this turn's ship moves are damaged"]
        for seat in range(ctx.n):
            pd = ctx.player_data(seat)
            for key, most in (("gold", None), ("ships_left", self.max_ships), ("settlers_left", self.max_settlers)):
                if not _whole(pd.get(key), 0, most):
                    return [f"{ctx.name(seat)}'s {key.replace('_', ' ')} is {pd.get(key)!r}"]
        return []


def _whole(value: Any, least: int, most: int | None = None) -> bool:
    """A whole number (not a bool) in range."""
    return type(value) is int and value >= least and (most is None or value <= most)


# --- parsers -------------------------------------------------------------------------------------------
def _res(r: int) -> str:
    return RESOURCES[r]


def _skip(r: Reader, *words: str) -> None:
    while r.peek() in words:
        r.i += 1


def _parse_launch(r: Reader, actor: int) -> Action:
    edge = r.edge()
    replacing = -1
    if r.peek() in ("replacing", "replace", "instead"):
        r.i += 1
        _skip(r, "of")
        replacing = r.edge()
    return Action("launch-ship", (edge, replacing), actor)


def _parse_move(r: Reader, actor: int) -> Action:
    _skip(r, "ship", "sh", "boat")
    src = r.edge()
    dst = r.edge()
    return Action("sail-ship", (src, dst), actor)


def _ship_edge(r: Reader, actor: int, kind: str, example: str) -> int:
    """The ship's sea route, or, left out, the one it can only mean: the ship being moved
    when the command is legal for it, else the only ship for which it is legal."""
    r.skip_filler()
    if r.more():
        return r.edge()
    engine = r.g.engine
    seat = actor if actor >= 0 else engine.s.current
    edges: list[int] = sorted({a.args[0] for a in engine.legal_actions() if a.kind == kind and a.seat == seat})
    turn = engine.s.extra["this_turn"]
    moving = turn["ship"] if turn["turn"] == engine.s.turn else -1
    for sh in engine.s.extra["ships"]:
        if sh["id"] == moving and sh["edge"] in edges:
            return int(sh["edge"])
    if len(edges) == 1:
        return edges[0]
    where = "" if edges else " (none of your ships can now)"
    raise r.fail(f"name the ship by its sea route, like '{example}'{where}")


def _parse_wool(r: Reader, actor: int) -> Action:
    _skip(r, "for")
    return Action("buy-points", (_ship_edge(r, actor, "buy-points", "pay wool 14-15"),), actor)


def _parse_cargo(kind: str) -> Callable[[Reader, int], Action]:
    verb = kind.split("-")[0]

    def parse(r: Reader, actor: int) -> Action:
        _skip(r, "settler", "cargo")
        return Action(kind, (_ship_edge(r, actor, kind, f"{verb} settler 14-15"),), actor)
    return parse


def _parse_drop(r: Reader, actor: int) -> Action:
    _skip(r, "settler", "cargo", "from", "in")
    r.skip_filler()
    if _EDGE.fullmatch(r.peek()):
        return Action("drop-cargo", ("ship", r.edge()), actor)
    return Action("drop-cargo", ("basin", r.node()), actor)


def _parse_found(r: Reader, actor: int) -> Action:
    _skip(r, "settlement", "a")
    return Action("found-settlement", (r.node(),), actor)


def _parse_settler(r: Reader, actor: int) -> Action:
    r.skip_filler()
    _skip(r, "in", "into")
    if _EDGE.fullmatch(r.peek()):
        return Action("build-settler", ("ship", r.edge()), actor)
    return Action("build-settler", ("basin", r.node()), actor)


def _parse_buy_gold(r: Reader, actor: int) -> Action:
    r.skip_filler()
    if r.peek().isdecimal():
        if r.peek() != "3":
            raise r.fail("1 gold costs 3 of one resource: 'buy gold with 3 ore'")
        r.i += 1
    return Action("buy-gold", (r.resource(),), actor)


def _parse_spend_gold(r: Reader, actor: int) -> Action:
    if r.peek().isdecimal():
        r.i += 1
    _skip(r, "for")
    return Action("gold-for-resource", (r.resource(),), actor)
