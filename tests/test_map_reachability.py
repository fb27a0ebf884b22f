"""Every hex that can lie face down can be discovered (issue 44; digest B.3.3, C.3.1, C.6;
seed 2 "Sea Routes"): on every scenario's map, for every player count, a ship can sail from a
starting position to a corner of each face-down hex, even when every other face-down hex turns
up land.  Frame sides count as sea routes, so the maps draw the frame as a ring of sea hexes:
every side and corner of a land or face-down hex exists."""

from __future__ import annotations

from collections import deque

import pytest

from catan_cli.engine.geometry import UNEXPLORED
from catan_cli.engine.scenario import Scenario, available_scenarios, load_scenario, rules_dir, scenario_for_players

SCENARIOS = ["base", "cloth-for-catan", "pirate-islands", "legend-1", "legend-2", "legend-3", "legend-4",
             "barbarian-attack", "land-ho"]
MAPS = [(key, n) for key in SCENARIOS
        for n in range(load_scenario(key).min_players, load_scenario(key).max_players + 1)]


def start_nodes(scen: Scenario, players: int) -> set[int]:
    """Where a player's ships may set out: the fixed start pieces of the seats in play, the
    marked start intersections, or (set-up anywhere) every intersection of the fixed land."""
    geo = scen.geo
    nodes: set[int] = set()
    for start in scen.starts[:players]:
        for name, value in start.items():
            if name.endswith("_node"):
                nodes.add(value)
            elif name.endswith("_edge"):
                nodes.update(geo.edge_nodes[value])
    nodes.update(p["node"] for p in scen.places if p.get("kind") == "start")
    if not nodes:
        nodes = {n for n in range(geo.n_nodes)
                 if any(scen.terrain[h] not in ("sea", UNEXPLORED) for h in geo.node_hexes[n])}
    return nodes


def reachable_face_down(scen: Scenario, players: int) -> set[int]:
    """The face-down hexes a ship reaches a corner of, sailing only on sides of known sea (the
    worst case: every face-down hex it has not reached turns up land)."""
    geo = scen.geo
    sea = [t == "sea" for t in scen.terrain]
    routes = {e for e in range(geo.n_edges) if any(sea[h] for h in geo.edge_hexes[e])}
    todo = deque(e for n in start_nodes(scen, players) for e in geo.node_edges[n] if e in routes)
    seen = set(todo)
    while todo:
        e = todo.popleft()
        for n in geo.edge_nodes[e]:
            for nxt in geo.node_edges[n]:
                if nxt in routes and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    corners = {n for e in seen for n in geo.edge_nodes[e]}
    return {h for h, t in enumerate(scen.terrain) if t == UNEXPLORED and corners & set(geo.hex_nodes[h])}


def test_the_walk_covers_every_scenario_shipped() -> None:
    shipped = [k for k in available_scenarios() if (rules_dir() / f"{k}.toml").is_file()]   # not a test's own
    assert sorted(SCENARIOS) == sorted(k for k in shipped
                                       if not any(k in load_scenario(o).maps_by_players.values()
                                                  for o in SCENARIOS if o != k))


@pytest.mark.rule("B.3.3", "S2:sea-routes", "S2:discovering-with-ships")
@pytest.mark.parametrize("key,players", MAPS)
def test_every_land_and_face_down_hex_has_all_six_sides(key: str, players: int) -> None:
    scen = scenario_for_players(key, players)
    rim = [scen.geo.hex_ids[h] for h, t in enumerate(scen.terrain)
           if t != "sea" and (len(scen.geo.hex_neighbors[h]) < 6 or min(scen.geo.hex_corner_nodes[h]) < 0)]
    assert rim == [], f"{scen.key}: hexes on the rim of the map, without their frame of sea"


@pytest.mark.rule("B.3.3", "C.3.1", "C.6", "S2:sea-routes", "S2:discovering-with-ships")
@pytest.mark.parametrize("key,players", MAPS)
def test_a_ship_can_reach_every_face_down_hex_from_a_start(key: str, players: int) -> None:
    scen = scenario_for_players(key, players)
    face_down = {h for h, t in enumerate(scen.terrain) if t == UNEXPLORED}
    unreached = sorted(scen.geo.hex_ids[h] for h in face_down - reachable_face_down(scen, players))
    assert unreached == [], f"{scen.key} with {players} players: never discovered: {unreached}"
