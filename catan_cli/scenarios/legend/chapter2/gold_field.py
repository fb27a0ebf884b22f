"""Gold miners, gold-field tokens and the gold-mining track (seed 000 "Chapter 2", tasks 1-2;
digest E.3.4, E.3.5, F.0.11).

- ``build miner``: 1 ore + 1 wool (``[params] miner_cost``), a gold miner beside your outpost;
  3 each (``miners_each``).
- ``move miner N to M``: 1 grain (``miner_move_cost``), up to 3 intersections
  (``miner_steps``) along the paths of Gold Island, never off it; each miner once per turn
  (a miner built this turn may move); at most 3 miners of any players on an intersection
  (``miners_per_node``).  Miners stay where they are after panning (F.0.11).
- Gold-field tokens lie face down on intersections of Gold Island, each showing how many
  miners it needs (2 or 3; the 3s on the northern fringe) and hiding its nuggets
  (E.3.4).  The moment the miners on its intersection reach that number it turns over:
  every miner there moves its owner's marker on the gold-mining track by the nuggets shown,
  in turn order from the player on turn, and the token leaves play.
- The track (E.3.5): a Catan chit for each chit space a marker reaches or passes; Nyala the
  Diplomat to the first marker to reach or pass her space.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any

from ....engine.actions import Action, Event
from ....engine.declare import HelpEntry, StateItem, Verb, Visibility
from ....engine.hidden import deal, unseen
from ....engine.words import resource_text
from ....notation import Reader

if TYPE_CHECKING:
    from ....engine.context import RulesContext
    from ..general import LegendRules


class GoldField:
    def __init__(self, rules: "LegendRules") -> None:
        self.rules = rules
        ctx = self.ctx = rules.ctx
        params = ctx.scen.params
        geo = ctx.geo
        island = str(params.get("outpost_island", "gold"))
        hexes = [h for h in range(geo.n_hexes) if ctx.scen.hex_area[h] == island]
        self.island_nodes: frozenset[int] = frozenset(n for h in hexes for n in geo.hex_nodes[h])
        # the paths miners walk: every side of a Gold Island hex
        self.links: dict[int, set[int]] = {n: set() for n in self.island_nodes}
        for h in hexes:
            for e in geo.hex_edges[h]:
                a, b = geo.edge_nodes[e]
                self.links[a].add(b)
                self.links[b].add(a)
        self.field_places: list[tuple[int, int]] = [
            (int(n), int(p["need"])) for p in ctx.scen.places if p["kind"] == "gold_field" for n in p["nodes"]]
        self.each = int(params.get("miners_each", 3))
        self.per_node = int(params.get("miners_per_node", 3))
        self.steps = int(params.get("miner_steps", 3))
        self.track_chits = tuple(int(x) for x in params.get("gold_track_chits", []))
        self.nyala_space = int(params.get("gold_track_nyala", 10))
        self.nyala = str(params.get("track_friend", "nyala"))

    # --- declarations -------------------------------------------------------------------------
    def state_items(self) -> tuple[StateItem, ...]:
        return (
            StateItem("gold_fields", Visibility.NOBODY, shown_as=lambda v: [[n + 1, need] for n, need, _ in v],
                      scramble=_scramble_nuggets, redeal=self.redeal,
                      doc="gold-field tokens face down: [node, miners needed, nuggets]"),
            StateItem("gold_fields_turned", Visibility.PUBLIC, doc="gold-field tokens turned over: [node, need, nuggets]"),
            StateItem("nyala_waits", Visibility.PUBLIC, doc="Nyala still waits beside the gold-mining track"),
            StateItem("gold", Visibility.PUBLIC, scope="player", doc="nuggets panned: the marker on the track"),
            StateItem("gold_miners", Visibility.PUBLIC, scope="player",
                      doc="gold miners on the board: [node, turn last moved]"),
        )

    def verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("build-miner", ("build", "miner"), parse=lambda r, a: Action("build-miner", (), a),
                 format=lambda a, w: "build miner", check=self.check_build, apply=self.apply_build,
                 legal=self.build_moves, exact=True,
                 help=HelpEntry("build", "build miner",
                                f"A gold miner beside your outpost on Gold Island ({self.each} each).", "build miner",
                                price=("miner", self.rules.cost_of("miner_cost")))),
            Verb("move-miner", ("move", "miner"), parse=_parse_move,
                 format=lambda a, w: f"move miner {w.node(a.args[0])} to {w.node(a.args[1])}",
                 check=self.check_move, apply=self.apply_move, legal=self.move_moves, exact=True,
                 help=HelpEntry("move", "move miner N to M",
                                f"Move one of your gold miners up to {self.steps} intersections along Gold Island (once "
                                f"per miner per turn; at most {self.per_node} miners on an intersection).", "move miner 12 to 14",
                                resource_text(self.rules.cost_of("miner_move_cost")))),
        )

    def redeal(self, ctx: "RulesContext", seat: int, rng: random.Random) -> None:
        """The face-down gold-field tokens dealt afresh (``StateItem.redeal``): for each
        number of miners needed, the nuggets of that kind less those turned over, over the
        tokens still face down (nobody has seen them)."""
        data = self.ctx.data
        fields = [list(item) for item in data["gold_fields"]]
        for need in (2, 3):
            whole = [int(x) for x in self.ctx.scen.params.get(f"gold_nuggets_{need}", [])]
            turned = [int(t[2]) for t in data["gold_fields_turned"] if t[1] == need]
            idx = [i for i, item in enumerate(fields) if item[1] == need]
            [faces] = deal(unseen(whole, turned), [len(idx)], rng, whole)
            for i, face in zip(idx, faces):
                fields[i][2] = face
        data["gold_fields"] = fields

    def on_new_game(self) -> None:
        ctx = self.ctx
        params = ctx.scen.params
        fields: list[list[int]] = []
        for need in (2, 3):
            nuggets = [int(x) for x in params.get(f"gold_nuggets_{need}", [])]
            ctx.state.rng.shuffle(nuggets)
            nodes = [n for n, k in self.field_places if k == need]
            fields += [[n, need, nuggets[i]] for i, n in enumerate(nodes[: len(nuggets)])]
        ctx.data["gold_fields"] = fields
        ctx.data["gold_fields_turned"] = []
        ctx.data["nyala_waits"] = not any(self.nyala in self.rules.friends_of(p) for p in range(ctx.n))
        for seat in range(ctx.n):
            ctx.player_data(seat).update(gold=0, gold_miners=[])

    # --- counting ----------------------------------------------------------------------------------
    def miners_at(self, node: int) -> list[int]:
        """The owners of the miners on ``node``, one entry per miner."""
        ctx = self.ctx
        return [p for p in range(ctx.n) for n, _ in ctx.player_data(p)["gold_miners"] if n == node]

    def field_at(self, node: int) -> list[int] | None:
        for item in self.ctx.data["gold_fields"]:
            if item[0] == node:
                return item  # type: ignore[no-any-return]
        return None

    def reachable(self, src: int) -> set[int]:
        """Intersections of Gold Island within ``steps`` of ``src`` along its paths."""
        seen = {src: 0}
        queue = deque([src])
        while queue:
            x = queue.popleft()
            if seen[x] == self.steps:
                continue
            for y in self.links.get(x, ()):
                if y not in seen:
                    seen[y] = seen[x] + 1
                    queue.append(y)
        seen.pop(src)
        return set(seen)

    # --- build miner -------------------------------------------------------------------------------
    def check_build(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        reason = ctx.main_phase_reason(seat, "build")
        if reason:
            return reason
        post = self.rules.outpost_of(seat)
        if post < 0:
            return "gold miners are built beside your outpost on Gold Island: build the outpost first"
        if len(ctx.player_data(seat)["gold_miners"]) >= self.each:
            return f"you have built all your {self.each} gold miners"
        if len(self.miners_at(post)) >= self.per_node:
            return f"intersection {post + 1} has {self.per_node} gold miners already, the most it takes"
        cost = self.rules.cost_of("miner_cost")
        if not ctx.affords(seat, cost):
            return "a gold miner costs 1 ore and 1 wool"
        return None

    def build_moves(self, seat: int) -> list[Action]:
        """``build miner`` if check_build allows it."""
        ctx = self.ctx
        if len(ctx.player_data(seat)["gold_miners"]) >= self.each:
            return []
        cost = self.rules.cost_of("miner_cost")
        if not ctx.affords(seat, cost) or not self.rules.main_phase_open(seat):
            return []
        post = self.rules.outpost_of(seat)
        if post < 0 or len(self.miners_at(post)) >= self.per_node:
            return []
        return [Action("build-miner", (), seat)]

    def apply_build(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        post = self.rules.outpost_of(seat)
        ctx.pay(seat, self.rules.cost_of("miner_cost"))
        ctx.player_data(seat)["gold_miners"].append([post, -1])
        events = [Event("miner", seat, f"{ctx.name(seat)} builds a gold miner beside the outpost on {post + 1}")]
        return events + self.pan(post)

    # --- move miner ----------------------------------------------------------------------------------
    def check_move(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        src, dst = action.args
        reason = ctx.main_phase_reason(seat, "move gold miners")
        if reason:
            return reason
        mine = [m for m in ctx.player_data(seat)["gold_miners"] if m[0] == src]
        if not mine:
            return f"you have no gold miner on {src + 1}"
        if all(t == ctx.state.turn for _, t in mine):
            return "each gold miner moves once per turn; yours on this intersection has moved"
        if dst not in self.island_nodes:
            return "gold miners must stay on Gold Island"
        if dst == src or dst not in self.reachable(src):
            return f"a gold miner moves up to {self.steps} intersections along Gold Island; {dst + 1} is not"
        if len(self.miners_at(dst)) >= self.per_node:
            return f"intersection {dst + 1} has {self.per_node} gold miners already, the most it takes"
        cost = self.rules.cost_of("miner_move_cost")
        if not ctx.affords(seat, cost):
            return "moving a gold miner costs 1 grain"
        return None

    def apply_move(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        src, dst = action.args
        ctx.pay(seat, self.rules.cost_of("miner_move_cost"))
        miner = next(m for m in ctx.player_data(seat)["gold_miners"] if m[0] == src and m[1] != ctx.state.turn)
        miner[0], miner[1] = dst, ctx.state.turn
        events = [Event("miner", seat, f"{ctx.name(seat)} moves a gold miner from {src + 1} to {dst + 1}")]
        return events + self.pan(dst)

    def move_moves(self, seat: int) -> list[Action]:
        """The moves check_move allows: the timing and the price asked once, then from each
        intersection holding a miner of the seat's not moved this turn, to the island's
        intersections in reach with room."""
        ctx = self.ctx
        turn = ctx.state.turn
        sources = sorted({n for n, t in ctx.player_data(seat)["gold_miners"] if t != turn})
        if not sources:
            return []
        cost = self.rules.cost_of("miner_move_cost")
        if not ctx.affords(seat, cost) or not self.rules.main_phase_open(seat):
            return []
        count: dict[int, int] = {}
        for p in range(ctx.n):
            for n, _ in ctx.player_data(p)["gold_miners"]:
                count[n] = count.get(n, 0) + 1
        out = []
        for src in sources:
            out += [Action("move-miner", (src, dst), seat) for dst in sorted(self.reachable(src))
                    if dst in self.island_nodes and count.get(dst, 0) < self.per_node]
        return out

    # --- panning -------------------------------------------------------------------------------------
    def pan(self, node: int) -> list[Event]:
        """Turn the token on ``node`` over if its miners are there; move the markers."""
        ctx = self.ctx
        token = self.field_at(node)
        owners = self.miners_at(node)
        if token is None or len(owners) < token[1]:
            return []
        ctx.data["gold_fields"].remove(token)
        ctx.data["gold_fields_turned"].append(token)
        nuggets = token[2]
        events = [Event("gold-field", -1, f"the gold-field token on {node + 1} turns over: {nuggets} "
                                          f"nugget{'s' if nuggets != 1 else ''}",
                        (("reveals", "gold_field"), ("nuggets", nuggets)))]
        for k in range(ctx.n):                 # the player on turn moves first (F.0.11)
            seat = (ctx.current + k) % ctx.n
            miners = owners.count(seat)
            if miners:
                events += self.advance(seat, nuggets * miners)
        return events

    def advance(self, seat: int, steps: int) -> list[Event]:
        ctx = self.ctx
        pd = ctx.player_data(seat)
        old = int(pd["gold"])
        new = old + steps
        pd["gold"] = new
        name = ctx.name(seat)
        events = [Event("gold", seat, f"{name} moves {steps} space{'s' if steps != 1 else ''} on the gold-mining "
                                      f"track, to {new}")]
        passed = sum(1 for c in self.track_chits if old < c <= new)
        award = min(passed, ctx.data["chits_left"])
        if award:
            ctx.data["chits_left"] -= award
            pd["chits"] += award
            events.append(Event("chit", seat, f"{name} passes {award} chit space{'s' if award != 1 else ''}: "
                                              f"{award} Catan chit{'s' if award != 1 else ''}"))
        if ctx.data["nyala_waits"] and old < self.nyala_space <= new:
            ctx.data["nyala_waits"] = False
            self.rules.give_friend(seat, self.nyala)
            events.append(Event("friend", seat, f"{name} is the first to reach Nyala's space: Nyala the "
                                                "Diplomat joins as a friend (A side up)"))
        return events

    # --- checks ----------------------------------------------------------------------------------------
    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        out = []
        tokens = ctx.data["gold_fields"] + ctx.data["gold_fields_turned"]
        if len(tokens) != len(self.field_places):
            out.append(f"gold-field tokens not conserved: {len(tokens)} != {len(self.field_places)}")
        nodes: dict[int, int] = {}
        for p in range(ctx.n):
            miners = ctx.player_data(p)["gold_miners"]
            if len(miners) > self.each:
                out.append(f"{ctx.name(p)} has {len(miners)} gold miners")
            for n, _ in miners:
                nodes[n] = nodes.get(n, 0) + 1
                if n not in self.island_nodes:
                    out.append(f"a gold miner of {ctx.name(p)} is off Gold Island on {n + 1}")
        out += [f"{k} gold miners on {n + 1}" for n, k in nodes.items() if k > self.per_node]
        for n, need, _ in ctx.data["gold_fields"]:
            if nodes.get(n, 0) >= need:
                out.append(f"the gold-field token on {n + 1} has its miners but lies face down")
        holders = sum(1 for p in range(ctx.n) if self.nyala in self.rules.friends_of(p))
        if holders + int(bool(ctx.data["nyala_waits"])) != 1:
            out.append("Nyala is not conserved")
        return out


def _scramble_nuggets(value: Any, rng: Any) -> Any:
    out = [list(v) for v in value]
    for need in (2, 3):
        idx = [i for i, v in enumerate(out) if v[1] == need]
        faces = [out[i][2] for i in idx]
        rng.shuffle(faces)
        for i, f in zip(idx, faces):
            out[i][2] = f
    return out


def _parse_move(r: Reader, actor: int) -> Action:
    src = r.node()        # "to" is a filler word the reader skips
    return Action("move-miner", (src, r.node()), actor)


__all__ = ["GoldField"]
