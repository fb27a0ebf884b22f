"""Barbarian Attack (seed 003; digest D.1-D.18): barbarians land on the coast after every
building in play, conquer hexes and the buildings on them; knights on the paths fight them
at the end of every turn for prisoners and gold; a scenario deck of knight, Treason and
Intrigue cards is resolved the moment a card is bought; no robber; 12 VP.

Data (rules/barbarian-attack.toml): the map with its coast and inner areas (terrain dealt
within each), the castle place, the coast in battle order (``[paths] coast``) and every
count in ``[params]``.  The set-up (a settlement, then a city), the skipped production of a
conquered hex, the closed trade/build part once knights move, the hook at the end of a
turn and the scenario's own deck are general rule points this package fills in.
"""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.actions import Action, Event
from ...engine.context import RulesContext
from ...engine.declare import HelpEntry, PendingKind, StateItem, Verb, Visibility
from ...engine.geometry import RESOURCES
from ...engine.hidden import reshuffle
from ...engine.pieces import CITY, SETTLEMENT, PieceKind
from ...engine.rulebook import ScenarioRules
from ...engine.words import times
from ...notation import Reader, Writer
from ..steal_after_seven import StealFromAnyone
from .coast import FALLEN_CITY, FALLEN_SETTLEMENT, STANDING, Coast
from .deck import Deck
from .goldtrade import GoldTrade
from .knights import Knights
from .layout import Layout

RULES_TEXT = """\
Barbarian Attack (Traders & Barbarians; {players} players, {vp_target} VP on your own turn).
- Set-up: a settlement, then a city, each with a road (snake order). The city yields 1
  resource per hex. No robber, no Largest Army; Longest Road counts.
- Invasion: every settlement or city you build makes you roll until {invasion_totals} different totals
  other than 7 come up; 1 barbarian from the supply lands on the coastal hex of each total
  (none on a hex holding {conquer_at}, none once the supply of {barbarians} is empty).
- {conquer_at} barbarians conquer a hex: no production, no new roads on its sides or settlements on
  its corners. A building whose hexes are all sea or conquered lies down: 0 VP, no harbour,
  no city; it still blocks. Buildings next to the castle, the desert or an inner hex never
  fall. Below {conquer_at} the hex is freed and its buildings stand again.
- Cards (wool, grain, ore) are revealed and resolved at once: Knighthood (a knight on a
  free castle path: 'place knight PATH'), Black Knight (a knight on any free path),
  Treason ({treason_gold} gold; move barbarians from {treason_moves} hexes to {treason_moves} others: 'move barbarian A to B',
  the supply makes up for fewer than {treason_moves} on the board), Intrigue (a barbarian from any hex
  becomes your prisoner: 'capture barbarian A'; with none on the board, draw again).
  With all {knights} knights out a knight card is wasted. Discards are reshuffled.
- After trade/build: 'move knight 12-13 to 20-21' moves a knight up to {knight_steps} paths ('... pay
  grain': {knight_steps_paid}). Knights pass knights and buildings but never stop on an occupied path or at
  the castle; a knight placed at the castle this turn must leave it. Once a knight moves,
  trading and building are over for the turn.
- End of every turn: battles on each coastal hex with barbarians, clockwise from the one
  after the castle. More knights (on its 6 paths, all players) than barbarians win: the
  barbarians become prisoners (one player alone takes all; otherwise 1 each with a roll-off
  when too few, {consolation_gold} gold to those left out, the rest to the sole majority or a roll-off whose
  losers take {consolation_gold} gold). Then the colour die takes the knights on that hex's 2 paths of the
  rolled colour ({colours}); {knight_loss_gold} gold each to their owners.
- A 7: no robber; discards over 7 cards (gold not counted); the roller steals 1 resource
  from any player ('steal PLAYER').
- Gold: 'exchange gold for RES', {gold_per_resource} gold for 1 resource, {gold_buys} a turn. Gold trades with
  players: 'sell gold 2 to blue for 1 ore', 'buy gold 2 from blue for 1 ore' ('accept gold' /
  'decline gold'). No gold from the bank or harbours.
- VP: standing settlements and cities, Longest Road, 1 per 2 prisoners.
"""

GRAIN = 3
# Action(...) / Event(...) without the named tuple's Python-level __new__ (every field given):
# a knight's move and a gold exchange are played often, and the compiled build would step
# into interpreted code for each.
_new = tuple.__new__


def _count(value: Any) -> Any:
    return len(value)


# The scenario's own pieces, also read by its drawing: a compiled rules class keeps class-level
# declarations in its instances' slots, so the class itself cannot be asked for them.
PIECES: tuple[PieceKind, ...] = (
    PieceKind("conquered-settlement", "node", FALLEN_SETTLEMENT, "z", supply="settlement"),
    PieceKind("conquered-city", "node", FALLEN_CITY, "Z", supply="city"),
)


class Rules(ScenarioRules):
    pieces: tuple[PieceKind, ...] = PIECES
    rules_text = RULES_TEXT
    state_items: tuple[StateItem, ...] = (
        StateItem("barbarians", Visibility.PUBLIC, doc="barbarians per coastal hex, in battle order"),
        StateItem("barbarian_supply", Visibility.PUBLIC, doc="barbarians not yet landed"),
        StateItem("deck", Visibility.NOBODY, shown_as=_count,
                  scramble=lambda v, rng: rng.sample(list(v), len(v)), redeal=reshuffle("deck"),
                  doc="the face-down scenario deck (the cards less the discards and the one in play)"),
        StateItem("discards", Visibility.PUBLIC, doc="resolved cards, face up"),
        StateItem("in_play", Visibility.PUBLIC, doc="the card being resolved (a choice is pending)"),
        StateItem("castle_knights", Visibility.PUBLIC, doc="castle paths of knights placed there this turn"),
        StateItem("moved", Visibility.PUBLIC, doc="paths of the knights that moved this turn"),
        StateItem("knights_moving", Visibility.PUBLIC, doc="the player on turn has begun moving knights"),
        StateItem("gold_buys", Visibility.PUBLIC, doc="gold exchanges made this turn"),
        StateItem("knights", Visibility.PUBLIC, scope="player", doc="paths of the player's knights"),
        StateItem("gold", Visibility.PUBLIC, scope="player", doc="gold coins"),
        StateItem("prisoners", Visibility.PUBLIC, scope="player", doc="barbarians taken prisoner"),
    )

    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        self.lay = Layout(ctx.scen)
        self.coast = Coast(ctx, self.lay)
        self.knights = Knights(ctx, self.lay)
        self.cards = Deck(ctx, self.lay, self.coast, self.knights)
        self.gold_trade = GoldTrade(ctx)
        self.steal = StealFromAnyone(ctx, "resource", "has no resources to steal (gold cannot be taken)")

    def rules_words(self) -> dict[str, object]:
        sides = self.ctx.scen.params["colour_sides"]
        return super().rules_words() | {
            "gold_buys": times(self.lay.gold_buys_per_turn),
            "colours": ", ".join(f"{'/'.join(on)} {colour}" for colour, on in sides.items())}

    # --- set-up ---------------------------------------------------------------------------
    def on_new_game(self) -> None:
        ctx = self.ctx
        params = ctx.scen.params
        ctx.data["barbarians"] = [0] * len(self.lay.coast)
        ctx.data["barbarian_supply"] = int(params["barbarians"])
        for total in params["start_barbarians"]:      # D.4
            self.coast.land(self.lay.number_hex(ctx.state.numbers, int(total)))
        self.cards.deal()
        ctx.data["castle_knights"] = []
        ctx.data["moved"] = []
        ctx.data["knights_moving"] = False
        ctx.data["gold_buys"] = 0
        for seat in range(ctx.n):
            ctx.player_data(seat).update(knights=[], gold=0, prisoners=0)

    # --- the coast: production, placement ------------------------------------------------------
    def hex_blocked(self, hex_: int) -> bool:
        """D.6: a conquered hex produces nothing."""
        return self.coast.conquered(hex_)

    def production_key(self) -> object:
        return tuple(k >= self.coast.conquer_at for k in self.ctx.data["barbarians"])

    def settlement_reason(self, seat: int, node: int, setup: bool) -> str | None:
        for h in self.ctx.geo.node_hexes[node]:
            if self.coast.conquered(h):
                return f"{node + 1} is a corner of the conquered hex {self.ctx.hex_id(h)}: no new settlements there"
        return None

    def road_reason(self, seat: int, edge: int, setup: bool) -> str | None:
        for h in self.ctx.geo.edge_hexes[edge]:
            if self.coast.conquered(h):
                return f"{self.ctx.edge_text(edge)} is a side of the conquered hex {self.ctx.hex_id(h)}: no new roads there"
        return None

    def after_building(self, seat: int, node: int) -> list[Event]:
        """D.5: every settlement or city built in play brings an invasion."""
        return self.coast.invade(seat)

    # --- the order of the turn ---------------------------------------------------------------------
    def build_trade_reason(self, seat: int, what: str) -> str | None:
        if self.ctx.data["knights_moving"]:
            return f"you have begun moving knights: no one may {what} for the rest of this turn"
        return None

    def end_turn_reason(self, seat: int) -> str | None:
        """A knight placed at the castle this turn must leave it (D.10)."""
        for e in self.ctx.data["castle_knights"]:
            if e in self.knights.of(seat) and any(
                    self.knights.move_reason(seat, e, dst, paid) is None for dst, paid in self.knights.destinations(e)):
                return (f"your knight on {self.ctx.edge_text(e)} was placed at the castle this turn and must "
                        "leave it: 'move knight' it first")
        return None

    def on_turn_end(self, seat: int) -> list[Event]:
        """D.11: the battles at the end of every turn, then the turn's counters reset."""
        ctx = self.ctx
        events = self.coast.battles()
        ctx.data.update(castle_knights=[], moved=[], knights_moving=False, gold_buys=0)
        return events + ctx.check_victory()

    # --- a 7 (D.15) ------------------------------------------------------------------------------------
    def on_seven(self, seat: int) -> list[Event]:
        self.steal.ask(seat)
        return []

    # --- the scenario deck (D.2, D.8) ------------------------------------------------------------------
    def deck_size(self) -> int | None:
        return self.cards.size()

    def buy_card(self, seat: int) -> list[Event] | None:
        return self.cards.buy(seat)

    # --- verbs ---------------------------------------------------------------------------------------
    def verbs(self) -> tuple[Verb, ...]:
        lay = self.lay
        return (
            Verb("move-knight", ("move", "knight"), parse=_parse_move_knight, format=_format_move_knight,
                 check=self.check_move_knight, apply=self.apply_move_knight, legal=self.legal_move_knight,
                 exact=True,
                 help=HelpEntry("move", "move knight PATH to PATH [pay grain]",
                                f"After trade/build, move one of your knights up to {lay.knight_steps} "
                                f"paths ({lay.knight_steps_paid} for 1 grain). "
                                "It may pass knights and buildings but not stop on an occupied path or a "
                                "castle path. Each knight moves once a turn; moving ends trade/build.",
                                "move knight 12-13 to 20-21", cost=f"1 grain for {lay.knight_steps_paid} paths")),
        ) + self.cards.verbs() + (
            self.steal.verb(),
            Verb("exchange-gold", ("exchange", "gold"), parse=_parse_exchange,
                 format=lambda a, w: f"exchange gold for {RESOURCES[a.args[0]]}",
                 check=self.check_exchange, apply=self.apply_exchange, legal=self.legal_exchange,
                 exact=True,
                 help=HelpEntry("exchange", "exchange gold for RES",
                                f"Pay {lay.gold_per_resource} gold for 1 resource from the bank, "
                                f"at most {times(lay.gold_buys_per_turn)} a turn.",
                                "exchange gold for ore", cost=f"{lay.gold_per_resource} gold")),
        ) + self.gold_trade.verbs()

    def pendings(self) -> tuple[PendingKind, ...]:
        def who(item: dict[str, Any]) -> str:
            return self.ctx.name(item["seat"])

        return (
            self.steal.pending(),
        ) + self.cards.pendings() + (
            self.gold_trade.pending(),
        )

    # --- moving knights (D.10) ---------------------------------------------------------------------
    def check_move_knight(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        s = ctx.state
        if s.phase == "setup":
            return "the set-up placements are not finished"
        if seat != s.current:
            return f"knights move only in their owner's turn; it is {ctx.name(s.current)}'s turn"
        if s.pending:
            return ctx.check(Action("end", (), seat)) or "answer the open question first"
        if s.phase == "roll":
            return "roll the dice first; knights move after trade and build"
        src, dst, paid = action.args
        return self.knights.move_reason(seat, src, dst, bool(paid))

    def apply_move_knight(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        src, dst, paid = action.args
        knights = self.knights.of(seat)
        knights[knights.index(src)] = dst
        ctx.data["moved"].append(dst)
        if src in ctx.data["castle_knights"]:
            ctx.data["castle_knights"].remove(src)
        ctx.data["knights_moving"] = True
        cost = ""
        if paid:
            pay = [0] * 5
            pay[GRAIN] = 1
            ctx.pay(seat, pay)
            cost = " (paying 1 grain)"
        return [_new(Event, ("knight", seat, f"{ctx.name(seat)} moves a knight from {ctx.edge_text(src)} to "
                                             f"{ctx.edge_text(dst)}{cost}", (), None))]

    def legal_move_knight(self, seat: int) -> Iterable[Action]:
        """Exactly the moves ``move_reason`` allows (listed where the seat is on turn after
        the roll), from the kept ends of each knight's moves (``Knights.moves``)."""
        return self.knights.moves(seat, self.ctx.state.players[seat].resources[GRAIN] > 0)

    # --- gold (D.16) ---------------------------------------------------------------------------------------------
    def check_exchange(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        reason = ctx.main_phase_reason(seat, "exchange gold")
        if reason:
            return reason
        price, most = self.lay.gold_per_resource, self.lay.gold_buys_per_turn
        if ctx.data["gold_buys"] >= most:
            return f"gold buys a resource at most {most} times a turn"
        if ctx.player_data(seat)["gold"] < price:
            return f"a resource costs {price} gold; you have {ctx.player_data(seat)['gold']}"
        r = action.args[0]
        if ctx.state.bank[r] <= 0:
            return f"the bank has no {RESOURCES[r]} left"
        return None

    def apply_exchange(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        price = self.lay.gold_per_resource
        ctx.player_data(seat)["gold"] -= price
        ctx.data["gold_buys"] += 1
        gain = [0] * 5
        gain[action.args[0]] = 1
        ctx.gain(seat, gain)
        return [_new(Event, ("gold", seat, f"{ctx.name(seat)} pays {price} gold for 1 {RESOURCES[action.args[0]]}",
                             (), None))]

    def legal_exchange(self, seat: int) -> Iterable[Action]:
        """Exactly the exchanges ``check_exchange`` allows: its questions asked once, then
        each resource the bank still has."""
        ctx = self.ctx
        if (ctx.data["gold_buys"] >= self.lay.gold_buys_per_turn
                or ctx.player_data(seat)["gold"] < self.lay.gold_per_resource
                or ctx.main_phase_reason(seat, "exchange gold") is not None):
            return ()
        bank = ctx.state.bank
        return [_new(Action, ("exchange-gold", (r,), seat)) for r in range(5) if bank[r] > 0]

    # --- scoring and checks -----------------------------------------------------------------------------------------
    def vp_sources(self, seat: int) -> dict[str, int]:
        """D.17: each pair of prisoners is 1 VP (conquered buildings score 0 by their kind)."""
        return {"prisoner pairs": self.ctx.player_data(seat)["prisoners"] // 2}

    def view_items(self, viewer: int | None) -> dict[str, object]:
        ctx = self.ctx
        return {
            "castle": ctx.hex_id(self.lay.castle),
            "castle_paths": sorted(ctx.edge_text(e) for e in self.lay.castle_paths),
            "coast": [{"hex": ctx.hex_id(h), "number": ctx.state.numbers[h], "barbarians": self.coast.on(h),
                       "conquered": self.coast.conquered(h)} for h in self.lay.coast],
            "knights_on_board": {ctx.name(p): [ctx.edge_text(e) for e in self.knights.of(p)] for p in range(ctx.n)},
            "knight_supply": {ctx.name(p): self.knights.in_supply(p) for p in range(ctx.n)},
        }

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        data = ctx.data
        problems: list[str] = []
        prisoners = sum(ctx.player_data(p)["prisoners"] for p in range(ctx.n))
        total = data["barbarian_supply"] + sum(data["barbarians"]) + prisoners
        if total != int(ctx.scen.params["barbarians"]):
            problems.append(f"barbarians not conserved: supply {data['barbarian_supply']} + hexes "
                            f"{sum(data['barbarians'])} + prisoners {prisoners} = {total}")
        if any(k < 0 or k > self.coast.conquer_at for k in data["barbarians"]) or data["barbarian_supply"] < 0:
            problems.append(f"barbarian counts out of range: {data['barbarians']}, supply {data['barbarian_supply']}")
        cards = len(data["deck"]) + len(data["discards"]) + len(data["in_play"])
        if cards != sum(self.cards.counts.values()):
            problems.append(f"scenario cards not conserved: {cards}")
        seen: set[int] = set()
        for p in range(ctx.n):
            mine = self.knights.of(p)
            if len(mine) > self.knights.per_player:
                problems.append(f"{ctx.name(p)} has {len(mine)} knights on the board")
            for e in mine:
                if e in seen or e not in self.lay.reach:
                    problems.append(f"knight on {ctx.edge_text(e)} is doubled or off the land paths")
                seen.add(e)
            if ctx.player_data(p)["gold"] < 0:
                problems.append(f"{ctx.name(p)} has negative gold")
        s = ctx.state
        for node, kind in enumerate(s.node_kind):
            if kind in STANDING or kind in (SETTLEMENT, CITY):
                if (kind in STANDING) != self.coast.building_fallen(node):
                    problems.append(f"the building on {node + 1} is {'' if kind in STANDING else 'not '}"
                                    "laid down against D.7")
        return problems


def _parse_move_knight(r: Reader, actor: int) -> Action:
    src = r.edge()
    dst = r.edge()
    paid = 0
    if r.more():
        tok = r.next("'pay grain'")
        if tok != "pay" or r.next("'grain'") != "grain":
            raise r.fail("say 'pay grain' to move a knight 5 paths")
        paid = 1
    return Action("move-knight", (src, dst, paid), actor)


def _format_move_knight(a: Action, w: Writer) -> str:
    src, dst, paid = a.args
    return f"move knight {w.edge(src)} to {w.edge(dst)}" + (" pay grain" if paid else "")


def _parse_exchange(r: Reader, actor: int) -> Action:
    tok = r.next("'for RES'")
    if tok != "for":
        r.i -= 1
    return Action("exchange-gold", (r.resource(),), actor)
