"""Cloth for Catan (seed 004; digest F.4): the Forgotten Tribe's villages trade cloth.

Data (rules/cloth-for-catan.toml) gives the map, the villages (``[[places]]`` of kind
"village" with their number and cloth) and the supply sizes (``[params]``).  This module
adds the behaviour: trade relations made by shipping routes, cloth on village rolls with
the general-supply top-up, cloth as VP and as pirate loot, the pirate's access rule, and the
early end when the villages run dry.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Event
from ..engine.hooks import ScenarioHooks
from ..engine.state import SHIP, WARSHIP


class Hooks(ScenarioHooks):
    # --- creation ---------------------------------------------------------------------
    def setup_state(self) -> None:
        e = self.e
        params = e.scen.params
        e.s.extra["villages"] = [
            {"node": int(p["node"]), "number": int(p["number"]), "cloth": int(p.get("cloth", params.get("village_cloth", 5))),
             "traders": []}
            for p in e.scen.places if p["kind"] == "village"
        ]
        e.s.extra["cloth_supply"] = int(params.get("cloth_supply", 10))
        e.s.extra["cloth_total"] = (sum(v["cloth"] for v in e.s.extra["villages"]) + e.s.extra["cloth_supply"])
        for p in e.s.players:
            p.extra["cloth"] = 0
        self.place_robber()

    def place_robber(self) -> None:
        """The robber starts on the fields hex with the 12 (seed: Pirate & Robber).  With the
        main islands reshuffled (option "variable") that hex moves: take the first fields
        hex with the 12, else the first hex with the 12, else keep the map's start."""
        s = self.e.s
        terrain = str(self.e.scen.params.get("robber_terrain", "fields"))
        number = int(self.e.scen.params.get("robber_number", 12))
        if s.robber >= 0 and s.terrain[s.robber] == terrain and s.numbers[s.robber] == number:
            return
        hexes = [h for h in self.e.land_hexes if s.numbers[h] == number]
        best = [h for h in hexes if s.terrain[h] == terrain] or hexes
        if best:
            s.robber = best[0]

    @property
    def villages(self) -> list[dict[str, Any]]:
        return self.e.s.extra["villages"]  # type: ignore[no-any-return]

    @property
    def village_index(self) -> dict[int, int]:
        """Village node -> its index in the villages list (the map never changes)."""
        if not hasattr(self, "_village_index"):
            self._village_index = {int(p["node"]): i for i, p in
                                   enumerate(q for q in self.e.scen.places if q["kind"] == "village")}
        return self._village_index

    def village_at(self, node: int) -> dict[str, Any] | None:
        i = self.village_index.get(node)
        return None if i is None else self.villages[i]

    # --- routes ---------------------------------------------------------------------------
    def closes_route(self, seat: int, node: int) -> bool:
        """A shipping route to a village is closed (seed: Moving Ships; digest B.6.6)."""
        return node in self.village_index

    def reaches_home(self, seat: int, village_node: int) -> bool:
        """Whether a chain of ``seat``'s ships joins the village to one of their own
        settlements or cities, passing no opponent's building."""
        e = self.e
        geo, s = e.geo, e.s
        seen = {village_node}
        stack = [village_node]
        while stack:
            x = stack.pop()
            for edge in geo.node_edges[x]:
                if s.edge_owner[edge] != seat or s.edge_kind[edge] not in (SHIP, WARSHIP):
                    continue
                a, b = geo.edge_nodes[edge]
                y = b if a == x else a
                if y in seen:
                    continue
                seen.add(y)
                if e.own_building(seat, y):
                    return True
                if e.blocked_for(seat, y) or self.village_at(y) is not None:
                    continue
                stack.append(y)
        return False

    def after_route_change(self, seat: int) -> list[Event]:
        """Reaching a village makes trade relations and takes 1 cloth at once (F.4.4)."""
        e = self.e
        events: list[Event] = []
        for v in self.villages:
            if seat in v["traders"] or not self.reaches_home(seat, v["node"]):
                continue
            v["traders"].append(seat)
            events.append(Event("village", seat, f"{e.name(seat)} opens trade with the village on {v['node'] + 1}"))
            if v["cloth"] > 0:
                v["cloth"] -= 1
                e.s.players[seat].extra["cloth"] += 1
                events.append(Event("cloth", seat, f"{e.name(seat)} takes 1 cloth from the village on {v['node'] + 1}"))
        return events

    # --- production -----------------------------------------------------------------------
    def after_production(self, total: int) -> list[Event]:
        """Each trader of a village whose number is rolled gets 1 cloth; a short village is
        topped up from the general supply; a dry village gives nothing (F.4.5)."""
        e = self.e
        s = e.s
        events: list[Event] = []
        for v in self.villages:
            if v["number"] != total or not v["traders"] or v["cloth"] == 0:
                continue
            order = sorted(v["traders"], key=lambda p: (p != s.current, v["traders"].index(p)))
            for seat in order:
                if v["cloth"] > 0:
                    v["cloth"] -= 1
                elif s.extra["cloth_supply"] > 0:
                    s.extra["cloth_supply"] -= 1
                else:
                    events.append(Event("cloth", seat, f"no cloth is left for {e.name(seat)}"))
                    continue
                s.players[seat].extra["cloth"] += 1
                events.append(Event("cloth", seat, f"{e.name(seat)} receives 1 cloth from the village "
                                                   f"on {v['node'] + 1}"))
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
        per_vp = int(self.e.scen.params.get("cloth_per_vp", 2))
        return {"cloth": self.e.s.players[seat].extra.get("cloth", 0) // per_vp}

    def tiebreak(self, seat: int) -> int:
        return int(self.e.s.players[seat].extra.get("cloth", 0))

    def after_action(self) -> list[Event]:
        limit = int(self.e.scen.params.get("early_end_villages", 3))
        stocked = sum(1 for v in self.villages if v["cloth"] > 0)
        if stocked <= limit:
            return self.e.end_game_by_score(f"only {stocked} villages still hold cloth; the game ends")
        return []

    # --- views and checks -------------------------------------------------------------------------
    def view_extra(self, seat: int) -> dict[str, Any]:
        e = self.e
        return {
            "villages": [{"node": v["node"] + 1, "number": v["number"], "cloth": v["cloth"],
                          "traders": [e.name(p) for p in v["traders"]]} for v in self.villages],
            "cloth_supply": e.s.extra["cloth_supply"],
        }

    def invariant_problems(self) -> list[str]:
        s = self.e.s
        total = (sum(v["cloth"] for v in self.villages) + s.extra["cloth_supply"]
                 + sum(p.extra.get("cloth", 0) for p in s.players))
        problems = []
        if total != s.extra["cloth_total"]:
            problems.append(f"cloth not conserved: {total} != {s.extra['cloth_total']}")
        if any(v["cloth"] < 0 for v in self.villages) or s.extra["cloth_supply"] < 0:
            problems.append("negative cloth")
        return problems
