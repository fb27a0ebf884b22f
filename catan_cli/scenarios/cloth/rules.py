"""Cloth for Catan (seed 004; digest F.4): the Forgotten Tribe's villages trade cloth.

Data (rules/cloth-for-catan.toml) gives the map, the villages (``[[places]]`` of kind
"village" with their number and cloth) and the supply sizes (``[params]``).  This module
adds the behaviour: trade relations made by shipping routes, cloth on village rolls with
the general-supply top-up, cloth as VP and as pirate loot, the pirate's access rule, and the
early end when the villages run dry.  Everything here is public: villages, the supply and
each player's cloth lie open on the table.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ...engine.actions import Event
from ...engine.context import RulesContext
from ...engine.declare import StateItem, Visibility
from ...engine.rulebook import ScenarioRules

_CLOTH = itemgetter("cloth")

RULES_TEXT = """Cloth for Catan (Seafarers; {players} players, {vp_target} VP).
- The Forgotten Tribe's villages stand on the small islands: no settlements or roads there.
- Link a village to one of your settlements or cities by a chain of your own ships: you open
  trade with it and take 1 cloth at once. A shipping route to a village is closed.
- Whenever a village's number is rolled, each of its traders takes 1 cloth (the general
  supply tops a short village up; an empty village gives nothing).
- Every {cloth_per_vp} cloth are worth 1 VP. The pirate's mover may take cloth instead of a card, and only
  a player with a village route may move the pirate. The robber never enters a tribe island.
- The game ends at {vp_target} VP on your turn, or at once when {early_end_villages} or fewer villages still hold cloth:
  then most VP wins, then most cloth; otherwise the win is shared.
"""


class Rules(ScenarioRules):
    rules_text = RULES_TEXT
    help_notes = {
        "build": "a chain of your ships linking a village to your settlement or city opens trade "
                 "with it: you take 1 cloth at once and 1 whenever its number is rolled. No "
                 "settlements or roads on the tribe's islands.",
        "pirate": "only a player with a village route may move the pirate; its mover may take "
                  "1 cloth instead of a card.",
        "robber": "the robber never enters a tribe island.",
    }

    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        self.state_items = (
            StateItem("villages", Visibility.PUBLIC, present=self.present_villages,
                      doc="each village: its node, number, cloth left and traders"),
            StateItem("cloth_supply", Visibility.PUBLIC, doc="cloth left in the general supply"),
            StateItem("cloth_total", Visibility.PUBLIC, doc="all cloth in the game (conserved)"),
            StateItem("cloth", Visibility.PUBLIC, scope="player", doc="cloth a player holds"),
        )
        # Village node -> its index in the villages list (the map never changes).
        self.village_index = {int(p["node"]): i for i, p in
                              enumerate(q for q in ctx.scen.places if q["kind"] == "village")}
        # The paths at the villages, read in one gather (the map never changes): a seat
        # with no piece on one of a village's paths cannot reach it, which
        # after_route_change asks after every ship placed or moved.
        geo = ctx.geo
        pairs = [(i, e) for node, i in self.village_index.items() for e in geo.node_edges[node]]
        self._village_of_edge = tuple(i for i, _ in pairs)
        self._village_edge_owners = itemgetter(*(e for _, e in pairs))
        params = ctx.scen.params
        self.cloth_per_vp = int(params.get("cloth_per_vp", 2))
        # after_action's count of the stocked villages: whether cloth left a village since
        # it last counted, and the engine version it counted at (-2: never).
        self._cloth_taken = True
        self._counted_at = -2
        self.early_end_villages = int(params.get("early_end_villages", 3))

    # --- creation ---------------------------------------------------------------------
    def on_new_game(self) -> None:
        ctx = self.ctx
        params = ctx.scen.params
        ctx.data["villages"] = [
            {"node": int(p["node"]), "number": int(p["number"]), "cloth": int(p.get("cloth", params.get("village_cloth", 5))),
             "traders": []}
            for p in ctx.scen.places if p["kind"] == "village"
        ]
        ctx.data["cloth_supply"] = int(params.get("cloth_supply", 10))
        ctx.data["cloth_total"] = (sum(v["cloth"] for v in ctx.data["villages"]) + ctx.data["cloth_supply"])
        for seat in range(ctx.n):
            ctx.player_data(seat)["cloth"] = 0
        self.place_robber()

    def place_robber(self) -> None:
        """The robber starts on the fields hex with the 12 (seed: Pirate & Robber).  With the
        main islands reshuffled (option "variable") that hex moves: take the first fields
        hex with the 12, else the first hex with the 12, else keep the map's start."""
        ctx = self.ctx
        s = ctx.state
        terrain = str(ctx.scen.params.get("robber_terrain", "fields"))
        number = int(ctx.scen.params.get("robber_number", 12))
        if s.robber >= 0 and s.terrain[s.robber] == terrain and s.numbers[s.robber] == number:
            return
        hexes = [h for h in ctx.land_hexes if s.numbers[h] == number]
        best = [h for h in hexes if s.terrain[h] == terrain] or hexes
        if best:
            ctx.place_robber(best[0])

    @property
    def villages(self) -> list[dict[str, Any]]:
        return self.ctx.data["villages"]  # type: ignore[no-any-return]

    def village_at(self, node: int) -> dict[str, Any] | None:
        i = self.village_index.get(node)
        return None if i is None else self.villages[i]

    def present_villages(self, villages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Villages as the table sees them: intersection numbers and trader names."""
        return [{"node": v["node"] + 1, "number": v["number"], "cloth": v["cloth"],
                 "traders": [self.ctx.name(p) for p in v["traders"]]} for v in villages]

    # --- routes ---------------------------------------------------------------------------
    def closes_route(self, seat: int, node: int) -> bool:
        """A shipping route to a village is closed (seed: Moving Ships; digest B.6.6)."""
        return node in self.village_index

    def reaches_home(self, seat: int, village_node: int) -> bool:
        """Whether a chain of ``seat``'s ships joins the village to one of their own
        settlements or cities, passing no opponent's building."""
        ctx = self.ctx
        geo, s, is_ship = ctx.geo, ctx.state, ctx.pieces.is_ship
        seen = {village_node}
        stack = [village_node]
        while stack:
            x = stack.pop()
            for edge in geo.node_edges[x]:
                if s.edge_owner[edge] != seat or not is_ship[s.edge_kind[edge]]:
                    continue
                a, b = geo.edge_nodes[edge]
                y = b if a == x else a
                if y in seen:
                    continue
                seen.add(y)
                if ctx.own_building(seat, y):
                    return True
                if ctx.blocked_for(seat, y) or y in self.village_index:
                    continue
                stack.append(y)
        return False

    def after_route_change(self, seat: int) -> list[Event]:
        """Reaching a village makes trade relations and takes 1 cloth at once (F.4.4)."""
        ctx = self.ctx
        events: list[Event] = []
        # reaches_home's first step, for every village at once: a piece of the seat's beside it
        owners = self._village_edge_owners(ctx.state.edge_owner)
        if seat not in owners:
            return events       # no piece of the seat's beside a village (most routes)
        near = sorted({i for i, owner in zip(self._village_of_edge, owners) if owner == seat})
        villages = self.villages
        for i in near:
            v = villages[i]
            if seat in v["traders"] or not self.reaches_home(seat, v["node"]):
                continue
            v["traders"].append(seat)
            events.append(Event("village", seat, f"{ctx.name(seat)} opens trade with the village on {v['node'] + 1}"))
            if v["cloth"] > 0:
                v["cloth"] -= 1
                self._cloth_taken = True
                ctx.player_data(seat)["cloth"] += 1
                events.append(Event("cloth", seat, f"{ctx.name(seat)} takes 1 cloth from the village on {v['node'] + 1}"))
        return events

    # --- production -----------------------------------------------------------------------
    def after_production(self, total: int) -> list[Event]:
        """Each trader of a village whose number is rolled gets 1 cloth; a short village is
        topped up from the general supply; a dry village gives nothing (F.4.5)."""
        ctx = self.ctx
        events: list[Event] = []
        for v in self.villages:
            if v["number"] != total or not v["traders"] or v["cloth"] == 0:
                continue
            order = sorted(v["traders"], key=lambda p: (p != ctx.current, v["traders"].index(p)))
            for seat in order:     # the narration says why: the number rolled, the trade relation
                name, where = ctx.name(seat), f"the village on {v['node'] + 1}"
                if v["cloth"] > 0:
                    v["cloth"] -= 1
                    self._cloth_taken = True
                    source = ""
                elif ctx.data["cloth_supply"] > 0:
                    ctx.data["cloth_supply"] -= 1
                    source = "; the village ran short, so it comes from the general supply"
                else:
                    events.append(Event("cloth", seat, f"no cloth is left for {name}: {where} and the general "
                                                       "supply are empty"))
                    continue
                ctx.player_data(seat)["cloth"] += 1
                events.append(Event("cloth", seat, f"{name} receives 1 cloth from {where} (its number {total} "
                                                   f"was rolled and {name} trades with it{source})"))
        return events

    # --- robber and pirate ---------------------------------------------------------------------
    def pirate_reason(self, seat: int) -> str | None:
        if any(seat in v["traders"] for v in self.villages):
            return None
        return "you may move the pirate only once you have a shipping route to a village"

    def pirate_takes(self, seat: int, victim: int) -> tuple[str, ...]:
        return ("resource", "cloth")

    # --- scoring and the end ---------------------------------------------------------------------
    def vp_sources(self, seat: int) -> dict[str, int]:
        return {"cloth": self.ctx.player_data(seat).get("cloth", 0) // self.cloth_per_vp}

    def tiebreak(self, seat: int) -> int:
        return int(self.ctx.player_data(seat).get("cloth", 0))

    def after_action(self) -> list[Event]:
        # Asked after every action.  A village's cloth falls only here, in after_route_change
        # and after_production; anything else that changed the state (a tool, a test) moved
        # the engine's version on by more than the one action: only then are they counted.
        version = self.ctx.version
        if not self._cloth_taken and version == self._counted_at + 1:
            self._counted_at = version
            return []
        self._counted_at, self._cloth_taken = version, False
        limit = self.early_end_villages
        stocked = sum(map((0).__lt__, map(_CLOTH, self.villages)))
        if stocked <= limit:
            return self.ctx.end_game_by_score(f"only {stocked} villages still hold cloth; the game ends")
        return []

    # --- checks -----------------------------------------------------------------------------------
    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        # A restored state may say anything: its shape first, so the sums below cannot fail.
        if shape := self.shape_problems():
            return shape
        total = (sum(v["cloth"] for v in self.villages) + ctx.data["cloth_supply"]
                 + sum(ctx.player_data(p).get("cloth", 0) for p in range(ctx.n)))
        problems = []
        if total != ctx.data["cloth_total"]:
            problems.append(f"cloth not conserved: {total} != {ctx.data['cloth_total']}")
        if any(v["cloth"] < 0 for v in self.villages) or ctx.data["cloth_supply"] < 0:
            problems.append("negative cloth")
        return problems

    def shape_problems(self) -> list[str]:
        """The villages of the map, in order, with whole-number cloth and traders that are seats."""
        ctx = self.ctx
        villages = ctx.data.get("villages")
        nodes = list(self.village_index)
        if not isinstance(villages, list) or len(villages) != len(nodes):
            return ["the villages are damaged"]
        for v, node in zip(villages, nodes):
            if (not isinstance(v, dict) or v.get("node") != node or type(v.get("number")) is not int
                    or type(v.get("cloth")) is not int or not isinstance(v.get("traders"), list)
                    or any(type(t) is not int or not 0 <= t < ctx.n for t in v["traders"])
                    or len(set(v["traders"])) != len(v["traders"])):
                return [f"the village on {node + 1} is damaged"]
        for key in ("cloth_supply", "cloth_total"):
            if type(ctx.data.get(key)) is not int:
                return [f"the {key.replace('_', ' ')} is not a whole number"]
        for seat in range(ctx.n):
            cloth = ctx.player_data(seat).get("cloth", 0)
            if type(cloth) is not int or cloth < 0:
                return [f"{ctx.name(seat)}'s cloth is {cloth!r}"]
        return []
