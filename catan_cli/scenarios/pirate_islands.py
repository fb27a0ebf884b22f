"""The Pirate Islands (seed 001; digest F.1): the pirate fleet, warships and fortresses.

Data (rules/pirate-islands.toml) gives the fixed map, the fleet's circuit (``[paths] fleet``)
and one ``[[start]]`` set per seat: the pre-placed settlement and ship, the fortress, the
marked pirate-island intersection and the sea lane the player's ships may use.  This module
adds the behaviour: one unbranched shortest route per player, knights that make warships,
the fleet's move and attack on every roll, the 7 without a robber, the pirate-island
settlement, fortress attacks, and the win condition.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterable

from ..engine.actions import Action, Event
from ..engine.hooks import ScenarioHooks
from ..engine.geometry import RESOURCES
from ..engine.state import CITY, FORTRESS, SETTLEMENT, SHIP, WARSHIP
from ..engine.words import resource_text
from ..wording import plural


def seat_starts(scen: Any, n: int) -> list[dict[str, Any]]:
    """The ``[[start]]`` sets of an ``n``-seat game, in seat order: with fewer seats than sets,
    the sets whose ``colour`` is in ``[params] unused_starts`` are left out first (seed 001: a
    3-player game does not use the white player's position), whatever the players are called."""
    starts = list(scen.starts)
    for colour in scen.params.get("unused_starts", []):
        if len(starts) <= n:
            break
        starts = [st for st in starts if st.get("colour") != colour]
    return starts[:n]


class Hooks(ScenarioHooks):
    extra_kinds = {
        "attack-fortress": "attack fortress: at the end of your turn, when your route reaches your fortress",
        "steal": "steal <player>|nobody: after a 7, take 1 card from any player",
        "choose-reward": "choose reward <resource>: after beating the pirate fleet",
    }

    def __init__(self, engine: Any) -> None:
        super().__init__(engine)
        scen = engine.scen
        starts = seat_starts(scen, engine.n)
        self.path: tuple[int, ...] = scen.paths["fleet"]
        self.marked = [int(st["marked_node"]) for st in starts]
        self.fortress_node = [int(st["fortress_node"]) for st in starts]
        self.lanes = [frozenset(int(e) for e in st["lane_edges"]) for st in starts]
        # Distances along each player's lane to their marked intersection and fortress.
        self.dist_marked = [self._lane_distances(i, self.marked[i]) for i in range(engine.n)]
        self.dist_fortress = [self._lane_distances(i, self.fortress_node[i]) for i in range(engine.n)]

    def _lane_distances(self, seat: int, target: int) -> dict[int, int]:
        geo = self.e.geo
        dist = {target: 0}
        queue = deque([target])
        while queue:
            x = queue.popleft()
            for edge in geo.node_edges[x]:
                if edge in self.lanes[seat]:
                    a, b = geo.edge_nodes[edge]
                    y = b if a == x else a
                    if y not in dist:
                        dist[y] = dist[x] + 1
                        queue.append(y)
        return dist

    # --- creation ----------------------------------------------------------------------
    def setup_state(self) -> None:
        e = self.e
        s = e.s
        for seat, start in enumerate(seat_starts(e.scen, e.n)):
            node, edge, fort = int(start["settlement_node"]), int(start["ship_edge"]), int(start["fortress_node"])
            player = s.players[seat]
            s.node_owner[node], s.node_kind[node] = seat, SETTLEMENT
            s.edge_owner[edge], s.edge_kind[edge] = seat, SHIP
            # The fortress is the player's own settlement piece on 3 chits.
            s.node_owner[fort], s.node_kind[fort] = seat, FORTRESS
            player.pieces["settlement"] -= 2
            player.pieces["ship"] -= 1
            player.extra["chits_won"] = 0
        chits = int(e.scen.params.get("fortress_chits", 3))
        s.extra["fleet"] = {"index": 0, "active": True}
        s.extra["fortresses"] = [{"seat": seat, "node": self.fortress_node[seat], "chits": chits}
                                 for seat in range(e.n)]
        s.extra["fortress_chits_total"] = chits * e.n

    def adjust_deck(self, deck: dict[str, int]) -> dict[str, int]:
        """3 players: the VP cards are removed; 4 players: they act as knights."""
        if self.e.n < 4:
            deck = dict(deck, **{"victory-point": 0})
        return deck

    def card_plays_as(self, card: str) -> str:
        return "knight" if card == "victory-point" and self.e.n >= 4 else card

    # --- the route ------------------------------------------------------------------------
    def route(self, seat: int, lifted: int = -1) -> tuple[list[int], list[int]]:
        """The player's route from its home building, as (ships in order, nodes in order)."""
        e = self.e
        geo, s = e.geo, e.s
        # The player's ships can only be in their lane, so look nowhere else.
        ships = {x for x in self.lanes[seat]
                 if s.edge_owner[x] == seat and x != lifted and s.edge_kind[x] in (SHIP, WARSHIP)}
        # The route starts at an eastern building with one ship of it: a settlement built
        # later on the route's middle (B.8) touches two and is passed through.
        homes = {node for x in ships for node in geo.edge_nodes[x]
                 if e.own_building(seat, node) and self.on_eastern_island(node)}
        ends = [n for n in homes if sum(1 for x in geo.node_edges[n] if x in ships) == 1]
        far = self.dist_marked[seat]
        start = max(ends or homes, key=lambda n: (far.get(n, -1), -n), default=-1)
        if start < 0:
            return [], []
        order, nodes = [], [start]
        x = start
        while True:
            nxt = [edge for edge in geo.node_edges[x] if edge in ships and edge not in order]
            if not nxt:
                break
            edge = nxt[0]
            order.append(edge)
            a, b = geo.edge_nodes[edge]
            x = b if a == x else a
            nodes.append(x)
        return order, nodes

    def on_eastern_island(self, node: int) -> bool:
        scen = self.e.scen
        return any(scen.hex_area[h] == "main" for h in scen.geo.node_hexes[node])

    def ship_reason(self, seat: int, edge: int, lifted: int) -> str | None:
        e = self.e
        if edge not in self.lanes[seat]:
            if self.fortress_node[seat] in e.geo.edge_nodes[edge]:
                return "your route ends at your fortress; it cannot go further"
            return (f"{e.edge_text(edge)} is outside your sea lane: your route must take a shortest way "
                    "to your marked intersection and then to your fortress")
        order, nodes = self.route(seat, lifted)
        a, b = e.geo.edge_nodes[edge]
        if not order:
            homes = [x for x in (a, b) if e.own_building(seat, x) and self.on_eastern_island(x)]
            if not homes:
                return "your route must start at one of your coastal settlements or cities on the eastern island"
            end = homes[0]
            reached_marked = False
        else:
            end = nodes[-1]
            if end == self.fortress_node[seat]:
                return "your route ends at your fortress; it cannot go further"
            if end not in (a, b):
                return f"your route cannot branch: continue it from its end at {end + 1}"
            reached_marked = self.marked[seat] in nodes
        other = b if a == end else a
        dist = self.dist_fortress[seat] if reached_marked else self.dist_marked[seat]
        goal = "fortress" if reached_marked else "marked intersection"
        if dist.get(other, 1 << 30) != dist.get(end, 1 << 30) - 1:
            return f"your route must take a shortest way to your {goal}"
        return None

    def settlement_site(self, seat: int, node: int, setup: bool) -> tuple[bool, str | None]:
        e = self.e
        if node in self.fortress_node:
            return True, f"intersection {node + 1} holds a pirate fortress"
        if node in self.marked:
            owner = self.marked.index(node)
            if owner != seat:
                return True, f"intersection {node + 1} is {e.name(owner)}'s marked pirate-island site"
            if setup:
                return True, "set-up settlements go on the eastern island"
            return True, e.distance_reason(node)
        return False, None

    def node_blocks_route(self, seat: int, node: int) -> bool:
        return False

    # --- warships ----------------------------------------------------------------------------
    def knight_reason(self, seat: int, card: str) -> str | None:
        order, _ = self.route(seat)
        if not any(self.e.s.edge_kind[x] == SHIP for x in order):
            return "you have no normal ship in your route to turn into a warship"
        return None

    def on_knight(self, seat: int) -> list[Event]:
        s = self.e.s
        order, _ = self.route(seat)
        for x in order:    # the hindmost normal ship: nearest the route's start
            if s.edge_kind[x] == SHIP:
                s.edge_kind[x] = WARSHIP
                return [Event("warship", seat, f"{self.e.name(seat)}'s ship on {self.e.edge_text(x)} becomes a warship")]
        return []

    def warships(self, seat: int) -> int:
        s = self.e.s
        return sum(1 for x, o in enumerate(s.edge_owner) if o == seat and s.edge_kind[x] == WARSHIP)

    # --- the fleet ----------------------------------------------------------------------------
    @property
    def fleet(self) -> dict[str, Any]:
        return self.e.s.extra["fleet"]  # type: ignore[no-any-return]

    def before_production(self, roll: tuple[int, int]) -> list[Event]:
        """F.1.1-F.1.3: before anything else the fleet sails by the lower die and attacks."""
        e = self.e
        s = e.s
        if not self.fleet["active"]:
            return []
        strength = min(roll)
        self.fleet["index"] = (self.fleet["index"] + strength) % len(self.path)
        hex_ = self.path[self.fleet["index"]]
        events = [Event("fleet", -1, f"the pirate fleet sails {strength} to {e.hex_id(hex_)}")]
        owners = sorted({s.node_owner[n] for n in e.geo.hex_nodes[hex_]
                         if s.node_kind[n] in (SETTLEMENT, CITY)})
        if len(owners) != 1:
            if owners:
                events.append(Event("fleet", -1, "the fleet does not attack: several players live on that coast"))
            return events
        victim = owners[0]
        defence = self.warships(victim)
        name = e.name(victim)
        if strength > defence:
            cities = sum(1 for n, o in enumerate(s.node_owner) if o == victim and s.node_kind[n] == CITY)
            loss = min(1 + cities, e.hand_size(victim))
            lost = [0] * 5
            for _ in range(loss):
                r = e.take_random_card(victim)
                s.bank[r] += 1
                lost[r] += 1
            events.append(Event("fleet", victim, f"the fleet (strength {strength}) beats {name}'s "
                                                 f"{plural(defence, 'warship')}: {name} loses {resource_text(lost) if loss else 'nothing (no cards)'}"))
        elif defence > strength:
            events.append(Event("fleet", victim, f"{name}'s {plural(defence, 'warship')} beat{'s' if defence == 1 else ''} the fleet (strength {strength}): "
                                                 f"{name} chooses a resource"))
            if sum(s.bank):
                s.pending.insert(0, {"kind": "reward", "seat": victim, "defer_roll": True, "roll": sum(roll),
                                     "prompt": "choose a reward", "text": "choose a reward for beating the fleet"})
        else:
            events.append(Event("fleet", victim, f"the fleet and {name} are equally strong ({strength}): nothing happens"))
        return events

    # --- the 7 ----------------------------------------------------------------------------------
    def on_seven(self, seat: int) -> list[Event]:
        """F.1.4: no robber; after the discards the roller may steal from anyone."""
        self.e.s.pending.append({"kind": "steal", "seat": seat, "prompt": "steal from a player",
                                 "text": "steal a card from any player, or 'steal nobody'"})
        return []

    # --- scenario verbs ----------------------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        e = self.e
        seat = action.seat
        if action.kind == "steal":
            if e.first_pending("steal", seat) is None:
                return "you may steal only after rolling a 7"
            victim = action.args[0]
            if victim < 0:
                return None
            if not 0 <= victim < e.n:
                return "no such player"
            if victim == seat:
                return "you cannot rob yourself"
            if e.hand_size(victim) == 0:
                return f"{e.name(victim)} has no cards to steal"
            return None
        if action.kind == "choose-reward":
            if e.first_pending("reward", seat) is None:
                return "you have no reward to choose"
            r = action.args[0]
            if e.s.bank[r] <= 0:
                return f"the bank has no {RESOURCES[r]} left"
            return None
        if action.kind == "attack-fortress":
            reason = e.main_phase_reason(seat, "attack")
            if reason:
                return reason
            fort = self.fortress_of(seat)
            if fort["chits"] <= 0:
                return "your fortress is already yours"
            _, nodes = self.route(seat)
            if not nodes or nodes[-1] != fort["node"]:
                return f"your shipping route must reach your fortress on {fort['node'] + 1} before you attack"
            return None
        return super().check(action)

    def fortress_of(self, seat: int) -> dict[str, Any]:
        for fort in self.e.s.extra["fortresses"]:
            if fort["seat"] == seat:
                return fort  # type: ignore[no-any-return]
        raise KeyError(seat)

    def apply(self, action: Action) -> list[Event]:
        e = self.e
        s = e.s
        seat = action.seat
        if action.kind == "steal":
            item = e.first_pending("steal", seat)
            assert item is not None   # check() made sure
            s.pending.remove(item)
            victim = action.args[0]
            if victim < 0:
                return [Event("steal", seat, f"{e.name(seat)} steals from nobody")]
            return e.steal_resource(seat, victim)
        if action.kind == "choose-reward":
            item = e.first_pending("reward", seat)
            assert item is not None   # check() made sure
            s.pending.remove(item)
            gain = [0] * 5
            gain[action.args[0]] = 1
            e.gain(seat, gain)
            events = [Event("reward", seat, f"{e.name(seat)} takes 1 {RESOURCES[action.args[0]]} for beating the fleet")]
            return events + e.resolve_roll(int(item["roll"]))
        return self.attack(seat)

    def attack(self, seat: int) -> list[Event]:
        """F.1.8: one die against your warships; the attack ends your turn."""
        e = self.e
        s = e.s
        if s.forced_dice:
            die = s.forced_dice[0]
            s.forced_dice = None
        else:
            die = s.rng.randint(1, 6)
        fort = self.fortress_of(seat)
        ours = self.warships(seat)
        name = e.name(seat)
        events = [Event("attack", seat, f"{name} attacks the fortress on {fort['node'] + 1}: "
                                        f"the pirates roll {die}, {name} has {plural(ours, 'warship')}")]
        order, _ = self.route(seat)
        if ours > die:
            fort["chits"] -= 1
            s.players[seat].extra["chits_won"] += 1
            events.append(Event("attack", seat, f"{name} wins: the fortress has {fort['chits']} chit{'' if fort['chits'] == 1 else 's'} left"))
            if fort["chits"] == 0:
                s.node_kind[fort["node"]] = SETTLEMENT
                events.append(Event("fortress", seat, f"the fortress on {fort['node'] + 1} falls: "
                                                      f"it is now {name}'s settlement"))
                if all(f["chits"] == 0 for f in s.extra["fortresses"]):
                    self.fleet["active"] = False
                    events.append(Event("fleet", -1, "every fortress is taken: the pirate fleet leaves"))
                events += e.check_victory()
                if s.phase == "over":
                    return events
        else:
            lost = order[-1:] if ours == die else order[-2:]
            for x in lost:
                e.remove_route(x)
            events.append(Event("attack", seat, f"{name} loses: the ship{'s' if len(lost) > 1 else ''} on "
                                                f"{', '.join(e.edge_text(x) for x in lost)} "
                                                f"{'are' if len(lost) > 1 else 'is'} sunk"))
        return events + e.next_turn()

    def legal(self, seat: int) -> Iterable[Action]:
        e = self.e
        s = e.s
        items = e.actionable_pending()
        if items:
            item = items[0]
            if item["kind"] == "steal" and item["seat"] == seat:
                yield Action("steal", (-1,), seat)
                for p in range(e.n):
                    if p != seat:
                        yield Action("steal", (p,), seat)
            elif item["kind"] == "reward" and item["seat"] == seat:
                for r in range(5):
                    yield Action("choose-reward", (r,), seat)
            return
        if s.phase == "main" and seat == s.current:
            yield Action("attack-fortress", (), seat)

    # --- winning and views ----------------------------------------------------------------------------
    def may_win(self, seat: int) -> bool:
        """F.1.9: your own fortress captured, and the VP target."""
        return bool(self.fortress_of(seat)["chits"] == 0)

    def view_extra(self, seat: int) -> dict[str, Any]:
        e = self.e
        s = e.s
        return {
            "fleet": {"hex": e.hex_id(self.path[self.fleet["index"]]), "index": self.fleet["index"],
                      "active": self.fleet["active"], "path": [e.hex_id(h) for h in self.path]},
            "fortresses": [{"node": f["node"] + 1, "owner": e.name(f["seat"]), "chits": f["chits"]}
                           for f in s.extra["fortresses"]],
            "marked": [{"node": n + 1, "owner": e.name(i)} for i, n in enumerate(self.marked)],
            "lanes": {e.name(i): sorted(e.edge_text(x) for x in lane) for i, lane in enumerate(self.lanes)},
            "warships": {e.name(i): self.warships(i) for i in range(e.n)},
        }

    def invariant_problems(self) -> list[str]:
        s = self.e.s
        problems = []
        left = sum(f["chits"] for f in s.extra["fortresses"])
        won = sum(p.extra.get("chits_won", 0) for p in s.players)
        if left + won != s.extra["fortress_chits_total"]:
            problems.append(f"fortress chits not conserved: {left} + {won} != {s.extra['fortress_chits_total']}")
        if not 0 <= self.fleet["index"] < len(self.path):
            problems.append("the pirate fleet is off its path")
        for f in s.extra["fortresses"]:
            kind = s.node_kind[f["node"]]
            if (f["chits"] > 0) != (kind == FORTRESS):
                problems.append(f"fortress on {f['node'] + 1} has {f['chits']} chits but node kind {kind}")
        for seat in range(self.e.n):
            order, _ = self.route(seat)
            ships = sum(1 for x, o in enumerate(s.edge_owner) if o == seat and s.edge_kind[x] in (SHIP, WARSHIP))
            if ships != len(order):
                problems.append(f"{self.e.name(seat)}'s ships do not form one unbranched route")
        return problems
