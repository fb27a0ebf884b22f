"""Bog iron ore (seed 000 "Chapter 2", "How the Rescued Castaways Affect Chapter 2"; digest
E.3.6, F.0.11).

Each pasture holds bog iron tokens, as many as the seed's table gives for the Chapter 1
castaway total (``[params] bog_iron_by_castaways``; 4 when the chapter is played alone).
When a pasture's number is rolled, each adjacent settlement produces 1 wool or 1 ore and
each city 2 wool or 1 wool + 1 ore (never 2 ore): the general production pays the wool,
then every player with buildings there may take ore for up to one building each
(``bog ore N`` / ``bog wool``), each ore taking a token off the pasture.  The choices go one
player at a time in turn order from the player on turn (F.0.11), as pending decisions.
The ore is the building's production, never the hand's: a building that takes ore gives back
only the wool the pasture paid it on this roll (none when the bank was out of wool: the
shortage rule), and the wool held before the roll is never touched (issue 44).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....engine.actions import Action, Event
from ....engine.declare import HelpEntry, PendingKind, StateItem, Verb, Visibility
from ....engine.geometry import RESOURCES
from ....notation import Reader

if TYPE_CHECKING:
    from ....engine.context import RulesContext

WOOL = RESOURCES.index("wool")
ORE = RESOURCES.index("ore")


def bog_iron_per_pasture(table: list[int], castaways_total: int) -> int:
    """The seed's table: bog iron per pasture for a Chapter 1 castaway total."""
    if castaways_total < 0:
        raise ValueError("a castaway total is never negative")
    return int(table[min(castaways_total, len(table) - 1)])


class BogIron:
    def __init__(self, ctx: "RulesContext") -> None:
        self.ctx = ctx
        # Each seat's wool just before the general production: what the pastures paid is
        # told from it right after, within the same roll (never kept in the state).
        self.wool_before: list[int] = []

    def pastures(self) -> list[int]:
        s = self.ctx.state
        return [h for h in self.ctx.land_hexes if s.terrain[h] == "pasture"]

    def state_items(self) -> tuple[StateItem, ...]:
        hex_id = self.ctx.hex_id
        return (
            StateItem("bog_iron", Visibility.PUBLIC,
                      present=lambda v: {hex_id(h): k for h, k in v},
                      doc="bog iron tokens on each pasture: [hex, count]"),
            StateItem("bog_iron_placed", Visibility.PUBLIC, doc="bog iron tokens placed per pasture at the start"),
            StateItem("bog_iron_used", Visibility.PUBLIC, doc="bog iron tokens taken out of the game"),
        )

    def on_new_game(self) -> None:
        ctx = self.ctx
        params = ctx.scen.params
        carried = ctx.carry.get("castaways_total")
        if carried is None:
            per = int(params.get("bog_iron_alone", 4))
        else:
            per = bog_iron_per_pasture(list(params["bog_iron_by_castaways"]), int(carried))
        ctx.data["bog_iron"] = [[h, per] for h in self.pastures()]
        ctx.data["bog_iron_placed"] = per
        ctx.data["bog_iron_used"] = 0

    def tokens(self, hex_: int) -> list[int] | None:
        for item in self.ctx.data["bog_iron"]:
            if item[0] == hex_:
                return item  # type: ignore[no-any-return]
        return None

    # --- production -------------------------------------------------------------------------
    def before_production(self) -> None:
        self.wool_before = [p.resources[WOOL] for p in self.ctx.state.players]

    def after_production(self, total: int) -> list[Event]:
        """Ask each player with buildings on a rolled pasture that still has bog iron, in
        turn order from the player on turn (F.0.11), with the wool that pasture paid them."""
        ctx = self.ctx
        s = ctx.state
        produces = ctx.pieces.produces
        events: list[Event] = []
        asks: list[dict[str, Any]] = []
        for k in range(ctx.n):
            seat = (ctx.current + k) % ctx.n
            # The wool the rolled pastures paid this seat, shared out over them in map order
            # (all or nothing but when the bank, short, pays a lone player what it has).
            before = self.wool_before[seat] if len(self.wool_before) == ctx.n else s.players[seat].resources[WOOL]
            paid = max(0, s.players[seat].resources[WOOL] - before)
            for hex_ in self.pastures():
                if s.numbers[hex_] != total or hex_ == s.robber:
                    continue
                nodes = [node for node in ctx.geo.hex_nodes[hex_]
                         if s.node_owner[node] == seat and produces[s.node_kind[node]] > 0]
                due = sum(produces[s.node_kind[node]] for node in nodes)
                from_here = min(paid, due)
                paid -= from_here
                tokens = self.tokens(hex_)
                if nodes and tokens and tokens[1] > 0:
                    asks.append({"kind": "bog", "seat": seat, "hex": hex_, "buildings": len(nodes),
                                 "due": due, "paid": from_here})
                    events.append(Event("bog", seat, f"{ctx.name(seat)} may take ore from the bog iron on "
                                                     f"{ctx.hex_id(hex_)} instead of wool"))
        for item in asks[::-1]:       # production's own choices come before Oda's
            ctx.ask(item, first=True)
        return events

    def most_ore(self, item: dict[str, Any]) -> int:
        """One ore per settlement or city (a city never gives 2 ore), no more than the
        pasture's tokens or the bank's ore."""
        tokens = self.tokens(item["hex"])
        left = tokens[1] if tokens else 0
        return int(min(int(item["buildings"]), left, self.ctx.state.bank[ORE]))

    @staticmethod
    def wool_back(item: dict[str, Any], ore: int) -> int:
        """The wool paid on this roll that goes back when ``ore`` buildings take ore: what was
        paid beyond the wool the pasture now owes (choices made before this keep 'paid')."""
        due, paid = item.get("due", item["buildings"]), item.get("paid", item["buildings"])
        return max(0, int(paid) - (int(due) - ore))

    # --- bog ore N | bog wool ---------------------------------------------------------------------
    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("bog", ("bog",), parse=_parse_bog,
                 format=lambda a, w: f"bog ore {a.args[0]}" if a.args[0] else "bog wool",
                 check=self.check_bog, apply=self.apply_bog,
                 legal=lambda seat: [Action("bog", (n,), seat) for n in range(4)],
                 help=HelpEntry("bog", "bog ore [N] | bog wool",
                                "When a pasture with bog iron is rolled: each of your settlements there gives "
                                "1 wool or 1 ore, each city 2 wool or 1 wool + 1 ore (never 2 ore). 'bog ore N' "
                                "takes N ore for N of the wool, each taking a bog iron token.", "bog ore 1"),
                 answers="bog"),
        )

    def pendings(self) -> tuple[PendingKind, ...]:
        return (
            PendingKind("bog", prompt=lambda it: "bog iron: 'bog ore' or 'bog wool'",
                        reason=lambda it: f"{self.ctx.name(it['seat'])} must choose wool or ore from the bog iron "
                                          f"on {self.ctx.hex_id(it['hex'])} ('bog ore N' or 'bog wool')",
                        answers=lambda it: [Action("bog", (n,), it["seat"]) for n in range(self.most_ore(it) + 1)],
                        exact=True),
        )

    def check_bog(self, action: Action) -> str | None:
        ctx = self.ctx
        item = ctx.pending_for("bog", action.seat)
        if item is None:
            return "there is no bog iron choice for you now"
        n = action.args[0]
        if n > int(item["buildings"]):
            return (f"you have {item['buildings']} building{'s' if item['buildings'] != 1 else ''} on "
                    f"{ctx.hex_id(item['hex'])}: 1 ore each at most (a city never gives 2 ore)")
        if n > self.most_ore(item):
            tokens = self.tokens(item["hex"])
            if not tokens or n > tokens[1]:
                return f"only {tokens[1] if tokens else 0} bog iron left on {ctx.hex_id(item['hex'])}"
            return "the bank is short of ore"
        if ctx.state.players[action.seat].resources[WOOL] < self.wool_back(item, n):
            return "the wool this pasture paid you is no longer in your hand"
        return None

    def apply_bog(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, n = action.seat, action.args[0]
        item = ctx.close_pending("bog", seat)
        if not n:
            return [Event("bog", seat, f"{ctx.name(seat)} keeps the wool from {ctx.hex_id(item['hex'])}")]
        tokens = self.tokens(item["hex"])
        assert tokens is not None
        tokens[1] -= n
        ctx.data["bog_iron_used"] += n
        back = self.wool_back(item, n)
        ctx.pay(seat, [back if i == WOOL else 0 for i in range(5)])
        ctx.gain(seat, [n if i == ORE else 0 for i in range(5)])
        if not tokens[1]:         # the pasture is depleted: the players after keep their wool
            for other in [it for it in ctx.state.pending if it["kind"] == "bog" and it["hex"] == item["hex"]]:
                ctx.resolve(other)
        return [Event("bog", seat, f"{ctx.name(seat)} takes {n} ore instead of wool from the bog iron on "
                                   f"{ctx.hex_id(item['hex'])} ({tokens[1]} left)")]

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        placed = int(ctx.data["bog_iron_placed"]) * len(ctx.data["bog_iron"])
        left = sum(k for _, k in ctx.data["bog_iron"])
        out = []
        if left + int(ctx.data["bog_iron_used"]) != placed:
            out.append(f"bog iron not conserved: {left} + {ctx.data['bog_iron_used']} != {placed}")
        if any(k < 0 for _, k in ctx.data["bog_iron"]):
            out.append("a pasture has fewer than 0 bog iron")
        return out


def _parse_bog(r: Reader, actor: int) -> Action:
    what = r.next("'ore' or 'wool'")
    if what == "wool":
        return Action("bog", (0,), actor)
    if what != "ore":
        raise r.fail(f"bog ore [N] or bog wool; not '{what}'")
    n = 1
    if r.more():
        tok = r.next("number of ore")
        if not tok.isdecimal():
            raise r.fail(f"'{tok}' is not a number of ore")
        n = int(tok)
    return Action("bog", (n,), actor)
