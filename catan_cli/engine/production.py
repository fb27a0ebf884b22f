"""Dice, production, the bank shortage, gold fields, sevens, the robber and the pirate
(digest A.9, A.10, B.10, B.11)."""

from __future__ import annotations

from operator import itemgetter, le
from random import Random
from typing import Any, Callable, Sequence

from .actions import Action, Event, Private
from .base import GOLD, EngineBase
from .geometry import RESOURCES, UNEXPLORED
from .words import only, resource_text
from .phases import Phase

# Event(...) without the named tuple's Python-level __new__ (every field given): hot.
_new = tuple.__new__


class ProductionRules(EngineBase):
    _production_key: tuple[object, ...] = ()
    # Per (total, robber hex or -1 when it is off the total's hexes): the buildings on the
    # total's hexes' corners the table was made from, and the table.
    _production_cache: dict[tuple[int, int], tuple[object, tuple[list[list[int]], dict[int, int], bool]]]
    _payout_cache: dict[tuple[int, int], tuple[object, tuple[list[int], list[tuple[int, list[int], Event]]]]]
    # Per total: what reads the owners (or kinds) of its hexes' corners from a node table.
    _roll_nodes: dict[int, Callable[[list[int]], Any]]
    # _plain_production's: whether the scenario takes it (set by the engine), and per
    # (total, robber place or -1) the pieces read (by _roll_nodes' readers), whether anything
    # is owed, and the payout (False when gold is owed: produce pays it).
    _plain_roll = False
    # Whether production itself follows the general rules (no hex blocked by the scenario,
    # no map turned up): then a scenario's steps before and after it take the kept payout too.
    _plain_produce = False
    _plain_rolls: dict[tuple[int, int], tuple[object, bool, Any]]
    # The last table's slot and pieces, for _plain_payout right after it.
    _roll_slot: tuple[tuple[int, int], object]
    # The roll's event per (seat, name, die, die).
    _roll_events: dict[tuple[int, str, int, int], Event]

    # --- rolling -------------------------------------------------------------------------
    def check_roll(self, a: Action) -> str | None:
        s = self.s
        if s.phase == Phase.SETUP:
            return "the set-up placements are not finished"
        if a.seat != s.current:
            return f"only {self.name(s.current)}, the player on turn, rolls"
        if s.pending:
            return self.pending_text()
        if s.phase != Phase.ROLL:
            return "you have already rolled this turn"
        return None

    def do_roll(self, a: Action) -> list[Event]:
        s = self.s
        if s.forced_dice:
            d1, d2 = s.forced_dice
            s.forced_dice = None
        elif type(s.rng) is Random:
            # randint(1, 6) twice, as Random itself draws it (randrange's rejection
            # sampling on 3 bits), without its three Python-level calls per die.
            bits = s.rng.getrandbits
            d1 = bits(3)
            while d1 >= 6:
                d1 = bits(3)
            d2 = bits(3)
            while d2 >= 6:
                d2 = bits(3)
            d1 += 1
            d2 += 1
        else:
            d1, d2 = s.rng.randint(1, 6), s.rng.randint(1, 6)
        s.dice = [d1, d2]
        s.phase = Phase.MAIN
        total = d1 + d2
        # One player's roll of one pair reads the same every time: written once per game.
        name = s.players[a.seat].name
        rolled = self._roll_events.get((a.seat, name, d1, d2))
        if rolled is None:
            rolled = self._roll_events[(a.seat, name, d1, d2)] = _new(
                Event, ("roll", a.seat, f"{name} rolls {d1}+{d2} = {total}", (), None))
        events = [rolled]
        if self._plain_roll and total != 7:
            return self._plain_production(total, events)
        events += self.rules.before_production((d1, d2))
        if s.phase == Phase.OVER or (s.pending and any(item.get("defer_roll") for item in s.pending)):
            return events   # a scenario decision comes first; it calls resolve_roll after
        if self._plain_produce and total != 7:
            # resolve_roll with the general production's kept payout: the scenario's steps
            # before and after production are its only production rules
            return self._plain_production(total, events) + self.rules.after_production(total)
        return events + self.resolve_roll(total)

    def _corner_reader(self, hexes: Any) -> Callable[[Sequence[int]], tuple[int, ...]]:
        """A reader of a table's entries at the corners of ``hexes`` (one C call), so a kept
        roll can be compared with the pieces on its own hexes' corners alone."""
        nodes = tuple(node for h in hexes for node in self.geo.hex_nodes[h])
        if len(nodes) > 1:
            return itemgetter(*nodes)
        return lambda table: tuple(table[n] for n in nodes)

    def _plain_production(self, total: int, events: list[Event]) -> list[Event]:
        """resolve_roll's production where the scenario has no rules of its own (no step
        before or after production, no blocked hexes) and the map stays: the production
        table and its payout, kept per total and robber place while the buildings on the
        total's hexes' corners stay, read in one step; produce itself when the bank is short."""
        s = self.s
        hexes = self.hexes_by_number[total]
        robber = s.robber if s.robber in hexes else -1
        read = self._roll_nodes.get(total)
        if read is None:
            read = self._roll_nodes[total] = self._corner_reader(hexes)
        pieces = (read(s.node_owner), read(s.node_kind))
        kept = self._plain_rolls.get((total, robber))
        if kept is None or kept[0] != pieces:
            owed, gold, owing = self._production_table(total)
            payout: Any = False
            if not gold and owing:
                due, gains = self._plain_payout(total, owed)
                # each seat's gain as (resource, count) pairs: a seat gets one or two kinds
                payout = (due, [(p, [(r, g) for r, g in enumerate(gain) if g], event) for p, gain, event in gains])
            kept = (pieces, owing or bool(gold), payout)
            self._plain_rolls[(total, robber)] = kept
        if not kept[1]:
            return events           # nobody is owed a card
        payout = kept[2]
        bank = s.bank
        if not payout or not all(map(le, payout[0], bank)):
            return events + self.produce(total)      # gold owed, or the bank is short
        players = s.players
        for p, gain, event in payout[1]:
            res = players[p].resources
            for r, g in gain:
                res[r] += g
                bank[r] -= g
            events.append(event)
        return events

    def resolve_roll(self, total: int) -> list[Event]:
        """What a roll does after the scenario's pre-production step: a 7, or production."""
        if total == 7:
            return self.start_seven(self.s.current)
        return self.produce(total) + self.rules.after_production(total)

    def produce(self, total: int) -> list[Event]:
        """A.9 with the bank-shortage rule; B.11 gold fields become pending picks."""
        s = self.s
        n = self.n
        owed, gold, owing = self._production_table(total)
        events: list[Event] = []
        if not owing and not gold:
            return events
        plain = self._plain_payout(total, owed)
        bank = s.bank
        if all(map(le, plain[0], bank)):
            # The bank can pay every card due (the usual case): the payout is the table's.
            players = s.players
            for p, gain, event in plain[1]:
                res = players[p].resources
                for r in range(5):
                    g = gain[r]
                    if g:
                        res[r] += g
                        bank[r] -= g
                events.append(event)
            return events + self._gold_picks(gold) if gold else events
        gains = [[0] * 5 for _ in range(n)]
        for r in range(5):
            due = owed[r]
            total_due = sum(due)
            if not total_due:
                continue
            if total_due <= s.bank[r]:
                for p in range(n):
                    gains[p][r] = due[p]
            else:
                takers = [p for p in range(self.n) if due[p]]
                if len(takers) == 1:
                    gains[takers[0]][r] = s.bank[r]
                    events.append(Event("shortage", takers[0], f"the bank is short of {RESOURCES[r]}: "
                                        f"{self.name(takers[0])} takes the {s.bank[r]} left"))
                else:
                    events.append(Event("shortage", -1, f"the bank cannot pay everyone {RESOURCES[r]}: "
                                        "nobody receives it"))
        for p in range(self.n):
            if any(gains[p]):
                self.gain(p, gains[p])
                events.append(_new(Event, ("produce", p, f"{self.name(p)} receives {resource_text(gains[p])}",
                                           (), None)))
        return events + self._gold_picks(gold)

    def _gold_picks(self, gold: dict[int, int]) -> list[Event]:
        """B.11: each seat owed gold picks it, in turn order from the player on turn."""
        s = self.s
        events: list[Event] = []
        if gold:
            for k in range(self.n):
                p = (s.current + k) % self.n
                if gold.get(p):
                    s.pending.append({"kind": "gold", "seat": p, "count": gold[p]})
                    events.append(Event("gold", p, f"{self.name(p)} picks {gold[p]} from the gold field"))
        return events

    def _plain_payout(self, total: int, owed: list[list[int]]
                      ) -> tuple[list[int], list[tuple[int, list[int], Event]]]:
        """The cards due per resource, and each seat's gain and its event when the bank
        can pay them all; kept with the production table (the same pieces and robber)."""
        slot, pieces = self._roll_slot
        kept = self._payout_cache.get(slot)
        if kept is not None and kept[0] == pieces:
            return kept[1]
        due = [sum(row) for row in owed]
        payout = []
        for p in range(self.n):
            gain = [owed[r][p] for r in range(5)]
            if any(gain):
                payout.append((p, gain, _new(Event, ("produce", p, f"{self.name(p)} receives {resource_text(gain)}",
                                                     (), None))))
        self._payout_cache[slot] = (pieces, (due, payout))
        return due, payout

    def _production_table(self, total: int) -> tuple[list[list[int]], dict[int, int], bool]:
        """What a roll of ``total`` owes: cards per resource per seat, gold picks per seat,
        whether any card is owed.  Kept per total while the buildings on its hexes' corners
        stay as they are and the robber stays on (or off) its hexes: a building elsewhere,
        or the robber moved between other hexes, keeps it."""
        s = self.s
        # the map tables change only by exploration (explored() drops them); a scenario
        # names what its blocked hexes depend on
        key = (self.rules.production_key(), self.hexes_by_number)
        if key != self._production_key:
            self._production_key, self._production_cache, self._payout_cache = key, {}, {}
            self._roll_nodes = {}
        hexes = self.hexes_by_number[total]
        robber = s.robber if s.robber in hexes else -1
        read = self._roll_nodes.get(total)
        if read is None:
            read = self._roll_nodes[total] = self._corner_reader(hexes)
        pieces = (read(s.node_owner), read(s.node_kind))
        slot = (total, robber)
        self._roll_slot = (slot, pieces)
        kept = self._production_cache.get(slot)
        if kept is not None and kept[0] == pieces:
            return kept[1]
        node_kind, node_owner = s.node_kind, s.node_owner
        produces, hex_resource, hex_nodes = self.pieces.produces, self.hex_resource, self.geo.hex_nodes
        owed = [[0] * self.n for _ in range(5)]      # owed[resource][seat]: cards due
        owing = False
        gold: dict[int, int] = {}
        for h in self.hexes_by_number[total]:
            if h == s.robber or self.rules.hex_blocked(h):
                continue
            res = hex_resource[h]
            for node in hex_nodes[h]:
                amount = produces[node_kind[node]]
                if amount:
                    seat = node_owner[node]
                    if res == GOLD:
                        gold[seat] = gold.get(seat, 0) + amount
                    else:
                        owed[res][seat] += amount
                        owing = True
        found = (owed, gold, owing)
        self._production_cache[slot] = (pieces, found)
        return found

    # --- gold -------------------------------------------------------------------------------
    def check_choose_gold(self, a: Action) -> str | None:
        item = self.first_pending("gold", a.seat)
        if item is None:
            return "you have no gold-field pick to make"
        picks = a.args[0]
        count = self.gold_count(item)
        if len(picks) != count:
            return f"choose exactly {count} resource{'s' if count != 1 else ''} from the gold field"
        need = [0] * 5
        for r in picks:
            need[r] += 1
        for r in range(5):
            if need[r] > self.s.bank[r]:
                return f"the bank has {only(self.s.bank[r], RESOURCES[r])}"
        return None

    def gold_count(self, item: dict[str, Any]) -> int:
        """A gold pick is capped by what the bank still holds."""
        return min(int(item["count"]), sum(self.s.bank))

    def do_choose_gold(self, a: Action) -> list[Event]:
        item = self.first_pending("gold", a.seat)
        assert item is not None
        counts = [0] * 5
        for r in a.args[0]:
            counts[r] += 1
        self.gain(a.seat, counts)
        self.s.pending.remove(item)
        return [Event("gold", a.seat, f"{self.name(a.seat)} takes {resource_text(counts)} from the gold field")]

    # --- pending decisions ------------------------------------------------------------------
    def first_pending(self, kind: str, seat: int) -> dict[str, Any] | None:
        """The pending decision of ``kind`` that ``seat`` may answer now, if any."""
        for item in self.actionable_pending():
            if item["kind"] == kind and item["seat"] == seat:
                return item
        return None

    def actionable_pending(self) -> list[dict[str, Any]]:
        """Decisions of an any-order kind (discards on a 7) may be answered together;
        everything else one at a time."""
        pending = self.s.pending
        if not pending:
            return []
        kind = pending[0]["kind"]
        if self.pending_kinds[kind].any_order:
            return [p for p in pending if p["kind"] == kind]
        return [pending[0]]

    def pending_text(self) -> str:
        """Why the game cannot go on yet: who must answer what."""
        items = self.actionable_pending()
        if not items:
            return ""
        return "waiting: " + "; ".join(self.pending_kinds[item["kind"]].reason(item) for item in items)

    def pending_prompt(self, item: dict[str, Any]) -> str:
        """What the game waits for, in a few words ("must discard 4")."""
        return self.pending_kinds[item["kind"]].prompt(item)

    # --- sevens ----------------------------------------------------------------------------
    def start_seven(self, seat: int) -> list[Event]:
        s = self.s
        events: list[Event] = []
        for k in range(self.n):
            p = (seat + k) % self.n
            size = self.hand_size(p)
            if size > self.rules.discard_limit(p):
                s.pending.append({"kind": "discard", "seat": p, "count": size // 2})
                events.append(_new(Event, ("discard", p, f"{self.name(p)} has {size} cards and must discard {size // 2}",
                                           (), None)))
        return events + self.rules.on_seven(seat)

    def check_discard(self, a: Action) -> str | None:
        item = self.first_pending("discard", a.seat)
        if item is None:
            return "you have nothing to discard now"
        counts = a.args[0]
        have = self.s.players[a.seat].resources
        if sum(counts) != item["count"]:
            return f"discard exactly {item['count']} cards (half of {self.hand_size(a.seat)}, rounded down)"
        for r in range(5):
            if counts[r] > have[r]:
                return f"you have {only(have[r], RESOURCES[r])}"
        return None

    def do_discard(self, a: Action) -> list[Event]:
        item = self.first_pending("discard", a.seat)
        assert item is not None
        self.pay(a.seat, a.args[0])
        self.s.pending.remove(item)
        return [_new(Event, ("discard", a.seat, f"{self.name(a.seat)} discards {resource_text(a.args[0])}", (), None))]

    # --- robber ------------------------------------------------------------------------------
    def robber_item(self, seat: int) -> dict[str, Any] | None:
        return self.first_pending("robber", seat)

    def robber_wait_reason(self) -> str:
        """A.10 / B.10.2: after a 7 the robber or pirate moves once the discards are done;
        until then say so, and what the game waits for."""
        if any(item["kind"] == "robber" for item in self.s.pending):
            return ", and after the discards (" + self.pending_text() + ")"
        return ""

    def robber_victims(self, seat: int, hex_: int) -> list[int]:
        s = self.s
        out = []
        for node in self.geo.hex_nodes[hex_]:
            owner = s.node_owner[node]
            if owner >= 0 and owner != seat and self.pieces.produces[s.node_kind[node]] and owner not in out:
                out.append(owner)
        return sorted(p for p in out if self.hand_size(p) > 0)

    def robber_hex_reason(self, seat: int, hex_: int) -> str | None:
        s = self.s
        if not 0 <= hex_ < self.geo.n_hexes:
            return "no such hex"
        if not self.scen.is_land_hex[hex_]:
            extra = "; move the pirate to a sea hex with 'pirate'" if self.scen.rules.pirate else ""
            return f"the robber stays on land; {self.hex_id(hex_)} is sea{extra}"
        if s.terrain[hex_] == UNEXPLORED:
            return f"{self.hex_id(hex_)} is face down (unexplored): the robber stays on known land"
        if hex_ == s.robber:
            return f"the robber must move to a different hex than {self.hex_id(hex_)}"
        if self.scen.hex_area[hex_] in self.scen.rules.robber_forbidden_areas:
            return f"the robber may not enter {self.hex_id(hex_)} in this scenario"
        return self.rules.robber_hex_reason(seat, hex_)

    def check_robber(self, a: Action) -> str | None:
        if not self.scen.rules.robber:
            return "there is no robber in this scenario"
        if self.robber_item(a.seat) is None:
            return "you may move the robber only after rolling a 7 or playing a knight" + self.robber_wait_reason()
        hex_, victim = a.args
        reason = self.robber_hex_reason(a.seat, hex_)
        if reason:
            return reason
        return self.victim_reason(a.seat, victim, self.robber_victims(a.seat, hex_), "the robber's hex")

    def victim_reason(self, seat: int, victim: int, victims: list[int], where: str) -> str | None:
        if victim < 0:
            if victims:
                names = " or ".join(self.name(v) for v in victims)
                return f"choose whom to rob: {names}"
            return None
        if victim not in victims:
            if victim == seat:
                return "you cannot rob yourself"
            return f"{self.name(victim)} has no building next to {where}, or no cards to steal"
        return None

    def do_robber(self, a: Action) -> list[Event]:
        s = self.s
        hex_, victim = a.args
        s.robber = hex_
        item = self.robber_item(a.seat)
        assert item is not None   # check() made sure
        s.pending.remove(item)
        events = [Event("robber", a.seat, f"{self.name(a.seat)} moves the robber to {self.hex_id(hex_)}")]
        if victim >= 0:
            events += self.steal_resource(a.seat, victim)
        return events

    def steal_resource(self, thief: int, victim: int) -> list[Event]:
        if self.hand_size(victim) == 0:
            return [_new(Event, ("steal", thief, f"{self.name(victim)} has nothing to steal", (), None))]
        if self._extra_hand is not None:
            held = sum(self.s.players[victim].resources)
            pick = self.s.rng.randrange(held + self._extra_hand(victim))
            if pick >= held:           # one of the scenario's own cards
                return self.rules.steal_extra_card(thief, victim, pick - held)
        r = self.take_random_card(victim)
        self.s.players[thief].resources[r] += 1
        hands = self.public_hands          # the table sees a card move, not which
        hands.hide(thief)
        hands.hide(victim)
        # The card's face is known to the thief and the victim only.
        return [_new(Event, ("steal", thief, f"{self.name(thief)} steals a card from {self.name(victim)}", (),
                             _new(Private, ((thief, victim), f"{self.name(thief)} steals 1 {RESOURCES[r]} from "
                                                             f"{self.name(victim)}", (("resource", RESOURCES[r]),)))))]

    def take_random_card(self, seat: int) -> int:
        """Remove one card, drawn at random, from a non-empty hand; returns its resource."""
        hand = self.s.players[seat].resources
        pick = self.s.rng.randrange(sum(hand))
        for r in range(5):
            if pick < hand[r]:
                break
            pick -= hand[r]
        hand[r] -= 1
        return r

    # --- pirate (B.10) -------------------------------------------------------------------------
    def pirate_victims(self, seat: int, hex_: int) -> list[int]:
        s = self.s
        out: set[int] = set()
        for e in self.geo.hex_edges[hex_]:
            owner = s.edge_owner[e]
            if owner >= 0 and owner != seat and self.pieces.is_ship[s.edge_kind[e]]:
                out.add(owner)
            if s.shared_ships and s.shared_ships[e] >= 0 and s.shared_ships[e] != seat:
                out.add(s.shared_ships[e])
        return sorted(p for p in out if any(self.stealable(seat, p)))

    def stealable(self, seat: int, victim: int) -> list[str]:
        """What the pirate's mover could take from ``victim`` right now."""
        out = []
        for what in self.rules.pirate_takes(seat, victim):
            if what == "resource" and self.hand_size(victim) > 0:
                out.append(what)
            elif what != "resource" and self.s.players[victim].extra.get(what, 0) > 0:
                out.append(what)
        return out

    def check_pirate(self, a: Action) -> str | None:
        s = self.s
        if not self.scen.rules.pirate:
            return "there is no pirate in this scenario"
        if self.robber_item(a.seat) is None:
            return "you may move the pirate only after rolling a 7 or playing a knight" + self.robber_wait_reason()
        reason = self.rules.pirate_reason(a.seat)
        if reason:
            return reason
        hex_, victim, take = a.args
        if not 0 <= hex_ < self.geo.n_hexes:
            return "no such hex"
        if self.scen.is_land_hex[hex_]:
            return f"the pirate sails the sea; {self.hex_id(hex_)} is land"
        if hex_ == s.pirate:
            return f"the pirate must move to a different hex than {self.hex_id(hex_)}"
        reason = self.rules.pirate_hex_reason(a.seat, hex_)
        if reason:
            return reason
        victims = self.pirate_victims(a.seat, hex_)
        reason = self.victim_reason(a.seat, victim, victims, "the pirate's hex (only ships count)")
        if reason:
            return reason
        if victim >= 0:
            options = self.stealable(a.seat, victim)
            if take not in options:
                return f"you can take {' or '.join(options)} from {self.name(victim)}"
        return None

    def do_pirate(self, a: Action) -> list[Event]:
        s = self.s
        hex_, victim, take = a.args
        s.pirate = hex_
        item = self.robber_item(a.seat)
        assert item is not None   # check() made sure
        s.pending.remove(item)
        events = [Event("pirate", a.seat, f"{self.name(a.seat)} moves the pirate to {self.hex_id(hex_)}")]
        if victim >= 0:
            if take == "resource":
                events += self.steal_resource(a.seat, victim)
            else:
                s.players[victim].extra[take] -= 1
                s.players[a.seat].extra[take] = s.players[a.seat].extra.get(take, 0) + 1
                events.append(Event("steal", a.seat, f"{self.name(a.seat)} takes 1 {take} from {self.name(victim)}"))
        return events
