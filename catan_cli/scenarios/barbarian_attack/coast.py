"""The barbarians on the coast: invasions (D.5), conquered hexes and buildings (D.6, D.7),
liberation (D.14), and the battles at the end of every turn with their prisoners (D.11,
D.12) and the colour die's losses (D.13).  Everything here happens without a choice, so
it is narrated roll by roll."""

from __future__ import annotations

from ...engine.actions import Event
from ...engine.context import RulesContext
from ...engine.pieces import CITY, SETTLEMENT
from .layout import Layout

FALLEN_SETTLEMENT, FALLEN_CITY = 3, 4          # node codes of conquered buildings
STANDING = {FALLEN_SETTLEMENT: "settlement", FALLEN_CITY: "city"}
FALLEN = {SETTLEMENT: "conquered-settlement", CITY: "conquered-city"}

# Event(...) without the named tuple's Python-level __new__ (every field given): the battles
# say something at the end of almost every turn, and the compiled build would step into
# interpreted code for each.
_new = tuple.__new__


class Coast:
    def __init__(self, ctx: RulesContext, layout: Layout) -> None:
        self.ctx = ctx
        self.lay = layout
        params = ctx.scen.params
        self.conquer_at = int(params["conquer_at"])
        self.invasion_totals = int(params["invasion_totals"])

    # --- reading -----------------------------------------------------------------------
    @property
    def counts(self) -> list[int]:
        """Barbarians per coastal hex, in ``layout.coast`` order."""
        return self.ctx.data["barbarians"]  # type: ignore[no-any-return]

    def on(self, h: int) -> int:
        i = self.lay.coast_index.get(h)
        return 0 if i is None else self.counts[i]

    def conquered(self, h: int) -> bool:
        return self.on(h) >= self.conquer_at

    def knights_on(self, h: int, owners: dict[int, int] | None = None) -> dict[int, int]:
        """Knights per owner, by seat, on the paths of ``h`` (a knight counts for both its
        hexes, D.9); ``owners``: the owner of the knight on each path, when already known."""
        if owners is None:
            owners = {e: seat for seat in range(self.ctx.n) for e in self.ctx.player_data(seat)["knights"]}
        out: dict[int, int] = {}
        for e in self.ctx.geo.hex_edges[h]:
            seat = owners.get(e)
            if seat is not None:
                out[seat] = out.get(seat, 0) + 1
        return dict(sorted(out.items()))

    def roll2(self) -> tuple[int, int]:
        s = self.ctx.state
        if s.forced_dice:
            d1, d2 = s.forced_dice
            s.forced_dice = None
            return d1, d2
        return s.rng.randint(1, 6), s.rng.randint(1, 6)

    # --- changing the counts --------------------------------------------------------------
    def add(self, h: int, k: int) -> None:
        self.counts[self.lay.coast_index[h]] += k

    def land(self, h: int) -> str:
        """One barbarian from the supply to ``h`` if it may land there (D.5): the outcome."""
        ctx = self.ctx
        if self.on(h) >= self.conquer_at:
            return f"{ctx.hex_id(h)} already holds {self.conquer_at}: none lands"
        if ctx.data["barbarian_supply"] <= 0:
            return "the barbarian supply is empty: none lands"
        ctx.data["barbarian_supply"] -= 1
        self.add(h, 1)
        return f"a barbarian lands on {ctx.hex_id(h)} ({self.on(h)} there)"

    def invade(self, seat: int) -> list[Event]:
        """D.5: roll until 3 distinct totals other than 7; one barbarian to each one's hex."""
        ctx = self.ctx
        events = [Event("invasion", seat, f"{ctx.name(seat)}'s building calls the barbarians: "
                                          f"{ctx.name(seat)} rolls for {self.invasion_totals} landings")]
        seen: list[int] = []
        while len(seen) < self.invasion_totals:
            d1, d2 = self.roll2()
            total = d1 + d2
            if total == 7:
                events.append(Event("invasion", seat, f"{d1}+{d2} = 7: rolled again"))
                continue
            if total in seen:
                events.append(Event("invasion", seat, f"{d1}+{d2} = {total} again: rolled again"))
                continue
            seen.append(total)
            h = self.lay.number_hex(ctx.state.numbers, total)
            before = self.on(h)
            events.append(Event("invasion", seat, f"{d1}+{d2} = {total}: {self.land(h)}"))
            events += self.status_change(h, before)
        return events + self.refresh()

    # --- conquest and liberation (D.6, D.7, D.14) ---------------------------------------------
    def building_fallen(self, node: int) -> bool:
        """D.7: every hex of the building is sea or a conquered hex (never next to the
        castle, the desert or an inner hex)."""
        if self.lay.safe_node[node]:
            return False
        land = self.ctx.scen.is_land_hex
        return all(not land[h] or self.conquered(h) for h in self.ctx.geo.node_hexes[node])

    def refresh(self) -> list[Event]:
        """Lay down the buildings that fell, stand up those freed, and say so."""
        ctx = self.ctx
        s = ctx.state
        events: list[Event] = []
        for node, kind in enumerate(s.node_kind):
            if kind in FALLEN and self.building_fallen(node):
                ctx.change_piece("node", node, FALLEN[kind])
                events.append(Event("conquest", s.node_owner[node],
                                    f"{ctx.name(s.node_owner[node])}'s {STANDING[s.node_kind[node]]} on {node + 1} "
                                    "is conquered: it lies on its side and scores nothing"))
            elif kind in STANDING and not self.building_fallen(node):
                ctx.change_piece("node", node, STANDING[kind])
                events.append(Event("liberation", s.node_owner[node],
                                    f"{ctx.name(s.node_owner[node])}'s {STANDING[kind]} on {node + 1} is freed "
                                    "and stands again"))
        return events

    def status_change(self, h: int, before: int) -> list[Event]:
        """A hex crossing the conquest line, said in words."""
        ctx = self.ctx
        after = self.on(h)
        if before < self.conquer_at <= after:
            return [Event("conquest", -1, f"{ctx.hex_id(h)} is conquered: its number is turned over "
                                          "and it produces nothing")]
        if after < self.conquer_at <= before:
            return [Event("liberation", -1, f"{ctx.hex_id(h)} is freed: its number is turned up again")]
        return []

    def move(self, src: int, dst: int) -> list[Event]:
        """One barbarian from ``src`` (-1: the supply) to ``dst`` (Treason)."""
        ctx = self.ctx
        events: list[Event] = []
        if src < 0:
            ctx.data["barbarian_supply"] -= 1
        else:
            before = self.on(src)
            self.add(src, -1)
            events += self.status_change(src, before)
        before = self.on(dst)
        self.add(dst, 1)
        return events + self.status_change(dst, before) + self.refresh()

    # --- battles (D.11-D.13) ---------------------------------------------------------------------
    def battles(self) -> list[Event]:
        ctx = self.ctx
        events: list[Event] = []
        counts = self.counts
        owners: dict[int, int] | None = None      # worked out once, again after knights fall
        for i, h in enumerate(self.lay.coast):
            barbarians = counts[i]
            if not barbarians:
                continue
            if owners is None:
                owners = {e: seat for seat in range(ctx.n) for e in ctx.player_data(seat)["knights"]}
            knights = self.knights_on(h, owners)
            total = sum(knights.values())
            where = ctx.hex_id(h)
            if total <= barbarians:
                events.append(_new(Event, ("battle", -1, f"battle at {where}: {total} knight{'s' * (total != 1)} "
                                                         f"against {barbarians} barbarian{'s' * (barbarians != 1)}: "
                                                         "the barbarians hold", (), None)))
                continue
            side = ", ".join(f"{ctx.name(p)} {k}" for p, k in sorted(knights.items()))
            events.append(_new(Event, ("battle", -1, f"battle at {where}: {total} knights ({side}) beat "
                                                     f"{barbarians} barbarian{'s' * (barbarians != 1)}", (), None)))
            self.add(h, -barbarians)
            events += self.share_prisoners(knights, barbarians)
            events += self.status_change(h, barbarians)
            events += self.refresh()
            events += self.colour_losses(h)
            owners = None
        return events

    def ranked(self, seats: list[int]) -> tuple[list[int], list[Event]]:
        """Seats in the order of a roll-off of 2 dice, ties rolled again among the tied."""
        ctx = self.ctx
        events: list[Event] = []
        rolls: dict[int, int] = {}
        for p in seats:
            d1, d2 = self.roll2()
            rolls[p] = d1 + d2
        events.append(Event("battle", -1, "roll-off: " + ", ".join(f"{ctx.name(p)} {rolls[p]}" for p in seats)))
        out: list[int] = []
        for value in sorted(set(rolls.values()), reverse=True):
            tied = [p for p in seats if rolls[p] == value]
            if len(tied) > 1:
                order, more = self.ranked(tied)
                events += more
                out += order
            else:
                out += tied
        return out, events

    def give_prisoners(self, seat: int, k: int) -> None:
        self.ctx.player_data(seat)["prisoners"] += k

    def give_gold(self, seat: int, k: int, why: str) -> Event:
        self.ctx.player_data(seat)["gold"] += k
        return Event("gold", seat, f"{self.ctx.name(seat)} takes {k} gold ({why})")

    def share_prisoners(self, knights: dict[int, int], prisoners: int) -> list[Event]:
        """D.12: (a) one player takes all; (b) otherwise 1 each, a roll-off when there are too
        few, 3 gold to each left out; (c) the rest to the sole majority, or a roll-off whose
        losers take 3 gold each."""
        ctx = self.ctx
        gold = int(ctx.scen.params["consolation_gold"])
        seats = sorted(knights)
        events: list[Event] = []
        if len(seats) == 1:
            self.give_prisoners(seats[0], prisoners)
            return [Event("prisoners", seats[0], f"{ctx.name(seats[0])} alone fought and takes all "
                                                 f"{prisoners} prisoner{'s' * (prisoners != 1)}")]
        takers = seats
        if prisoners < len(seats):
            order, events = self.ranked(seats)
            takers = sorted(order[:prisoners])
            for p in order[prisoners:]:
                events.append(self.give_gold(p, gold, "no prisoner left for them"))
        for p in takers:
            self.give_prisoners(p, 1)
        events.append(Event("prisoners", -1, "one prisoner each to " + ", ".join(ctx.name(p) for p in takers)))
        rest = prisoners - len(takers)
        if rest <= 0:
            return events
        most = max(knights.values())
        top = [p for p in seats if knights[p] == most]
        if len(top) == 1:
            winner = top[0]
        else:
            order, more = self.ranked(top)
            events += more
            winner = order[0]
            for p in order[1:]:
                events.append(self.give_gold(p, gold, "lost the roll-off for the other prisoners"))
        self.give_prisoners(winner, rest)
        events.append(Event("prisoners", winner, f"{ctx.name(winner)} takes the other {rest} "
                                                 f"prisoner{'s' * (rest != 1)}"))
        return events

    def colour_losses(self, h: int) -> list[Event]:
        """D.13: the colour die; the knights on the hex's two paths of that colour go home,
        3 gold each to their owners."""
        ctx = self.ctx
        face = ctx.roll_die()
        colour = self.lay.colour_faces[face - 1]
        paths = self.lay.colour_paths[h][colour]
        events = [Event("battle", -1, f"the colour die shows {colour} ({face}): the {colour} paths of "
                                      f"{ctx.hex_id(h)} are {' and '.join(ctx.edge_text(e) for e in paths)}")]
        gold = int(ctx.scen.params["knight_loss_gold"])
        lost = False
        for seat in range(ctx.n):
            knights: list[int] = ctx.player_data(seat)["knights"]
            for e in [e for e in knights if e in paths]:
                knights.remove(e)
                lost = True
                events.append(Event("battle", seat, f"{ctx.name(seat)}'s knight on {ctx.edge_text(e)} falls "
                                                    "and goes back to the supply"))
                events.append(self.give_gold(seat, gold, "for the fallen knight"))
        if not lost:
            events.append(Event("battle", -1, "no knight stands there: none is lost"))
        return events

    def board_total(self) -> int:
        return sum(self.counts)

