"""The scenario maps in rules/ checked against their rule texts and the published layouts.

The reference data below is copied from shared/reference/sea-layouts.md (JSettlers2's SC_CLVI
and SC_PIRI 4-player boards) in its own coordinates, 0xRRCC on the JSettlers grid.  Our maps
use the same grid internally (a hex at [r, c] sits at grid point (2r+1, c)), so each reference
point is compared with the grid point of what the map file names, after the map's shift.
"""

from __future__ import annotations

from collections import Counter

import pytest

from catan_cli.engine.geometry import EDGE_LAND
from catan_cli.engine.scenario import HARBOR_TYPES, load_scenario

RED = (6, 8)


# --------------------------------------------------------------------------- helpers

def js(value: int) -> tuple[int, int]:
    return value >> 8, value & 0xFF


def hex_grid(scen, h: int) -> tuple[int, int]:
    r, c = scen.geo.hex_pos[h]
    return 2 * r + 1, c


def hex_at(scen, ref: int, shift: tuple[int, int]) -> int:
    R, C = js(ref)
    R, C = R + shift[0], C + shift[1]
    return scen.geo.hex_by_pos[((R - 1) // 2, C)]


def node_at(scen, ref: int, shift: tuple[int, int]) -> int:
    R, C = js(ref)
    return scen.geo.node_by_grid[(R + shift[0], C + shift[1])]


def edge_at(scen, ref: int, shift: tuple[int, int]) -> int:
    """A JSettlers edge: vertical on odd rows (midpoint), sloped on even rows (west end node)."""
    R, C = js(ref)
    a, b = ((R - 1, C), (R + 1, C)) if R % 2 else ((R, C), (R, C + 1))
    na = scen.geo.node_by_grid[(a[0] + shift[0], a[1] + shift[1])]
    nb = scen.geo.node_by_grid[(b[0] + shift[0], b[1] + shift[1])]
    e = scen.geo.edge_between(na, nb)
    assert e >= 0, f"edge 0x{ref:04X} is not a usable edge of the map"
    return e


def land_hexes(scen) -> list[int]:
    return [h for h in range(scen.geo.n_hexes) if scen.is_land_hex[h]]


def terrain_counts(scen) -> Counter:
    return Counter(scen.terrain[h] for h in land_hexes(scen))


def token_counts(scen) -> Counter:
    return Counter(n for n in scen.numbers if n)


def adjacent(scen, a: int, b: int) -> bool:
    return b in scen.geo.hex_neighbors[a]


# --------------------------------------------------------------------------- both maps

@pytest.fixture(scope="module", params=["cloth-for-catan", "pirate-islands"])
def any_scen(request):
    return load_scenario(request.param)


@pytest.mark.rule("B.3.3")
def test_every_land_hex_is_ringed_by_map_hexes(any_scen):
    """B.3.3: the frame is sea, so every land hex has six map neighbours."""
    for h in land_hexes(any_scen):
        assert len(any_scen.geo.hex_neighbors[h]) == 6, any_scen.geo.hex_pos[h]


def test_harbours_are_coast_edges_with_distinct_spots(any_scen):
    nodes = [n for hb in any_scen.harbors for n in any_scen.geo.edge_nodes[hb.edge]]
    assert len(set(nodes)) == len(nodes), "two harbours share an intersection"
    for hb in any_scen.harbors:
        assert any_scen.is_land_hex[hb.land_hex]
        assert any_scen.edge_kind[hb.edge] != EDGE_LAND
        assert hb.type == -1  # every harbour is dealt face down


def test_costs_and_pieces_are_seafarers(any_scen):
    assert any_scen.pieces == {"road": 15, "settlement": 5, "city": 4, "ship": 15}
    assert any_scen.costs["ship"] == (1, 0, 1, 0, 0)  # lumber + wool
    assert any_scen.deck == {"knight": 14, "victory-point": 5, "road-building": 2,
                             "year-of-plenty": 2, "monopoly": 2}
    assert any_scen.bank == (19,) * 5


# --------------------------------------------------------------------------- Cloth for Catan

CLVI_SHIFT = (0, 0)
CLVI_MAIN = [0x0305, 0x0307, 0x0309, 0x030B, 0x030D, 0x0504, 0x0506, 0x050C, 0x050E, 0x0703,
             0x0D04, 0x0D06, 0x0D0C, 0x0D0E, 0x0B0F, 0x0F05, 0x0F07, 0x0F09, 0x0F0B, 0x0F0D]
CLVI_TRIBE = {0x0906: "gold", 0x0709: "desert", 0x0B09: "desert", 0x090C: "gold"}
CLVI_VILLAGES = {0x0806: 10, 0x0A06: 9, 0x0609: 11, 0x0809: 8,
                 0x0A09: 6, 0x0C09: 3, 0x080C: 4, 0x0A0C: 5}
CLVI_HARBORS = {0x0503: 0x0504, 0x0205: 0x0305, 0x020A: 0x030B, 0x050F: 0x050E, 0x0D03: 0x0D04,
                0x1006: 0x0F07, 0x100B: 0x0F0B, 0x0E0E: 0x0D0E, 0x0B10: 0x0B0F}


@pytest.fixture(scope="module")
def cloth():
    return load_scenario("cloth-for-catan")


def villages(scen):
    return [p for p in scen.places if p["kind"] == "village"]


def test_cloth_header_and_rules(cloth):
    assert cloth.name == "Cloth for Catan"
    assert (cloth.min_players, cloth.max_players) == (2, 4)
    assert cloth.vp_target == 14
    assert cloth.package == "cloth"
    r = cloth.rules
    assert r.robber and r.pirate and r.ships and r.largest_army
    assert r.longest_route == "none"           # no Longest Trade Route
    assert r.setup == "snake-then-third"        # a 3rd settlement, clockwise from the last placer
    assert r.resources_from_setup == 3          # starting resources from the 3rd settlement
    assert r.robber_forbidden_areas == ("tribe",)
    assert r.settle_forbidden_areas == ("tribe",)
    assert r.road_forbidden_areas == ("tribe",)


def test_cloth_terrain_counts_match_component_list(cloth):
    assert terrain_counts(cloth) == {"fields": 5, "hills": 3, "mountains": 4, "pasture": 4,
                                     "forest": 4, "gold": 2, "desert": 2}


def test_cloth_28_tokens_include_the_8_village_numbers(cloth):
    tokens = token_counts(cloth) + Counter(v["number"] for v in villages(cloth))
    assert sum(tokens.values()) == 28
    assert tokens == {2: 2, 3: 3, 4: 3, 5: 3, 6: 3, 8: 3, 9: 3, 10: 3, 11: 3, 12: 2}


def test_cloth_main_islands_and_tribe_islands(cloth):
    main = {hex_at(cloth, h, CLVI_SHIFT) for h in CLVI_MAIN}
    assert set(cloth.areas["main"]) == main
    assert all(cloth.numbers[h] for h in main)
    tribe = {hex_at(cloth, h, CLVI_SHIFT): t for h, t in CLVI_TRIBE.items()}
    assert set(cloth.areas["tribe"]) == set(tribe)
    for h, t in tribe.items():
        assert cloth.terrain[h] == t
        assert cloth.numbers[h] == 0           # the tribe islands never produce
    # two main islands of ten hexes and four one-hex tribe islands
    sizes = sorted(len(g) for g in cloth.islands)
    assert sizes == [1, 1, 1, 1, 10, 10]
    assert len(land_hexes(cloth)) == 24


def test_cloth_fixed_layout_has_no_red_neighbours(cloth):
    for h in cloth.areas["main"]:
        if cloth.numbers[h] in RED:
            for o in cloth.geo.hex_neighbors[h]:
                assert cloth.numbers[o] not in RED, (cloth.geo.hex_pos[h], cloth.geo.hex_pos[o])


def test_cloth_fixed_layout_spreads_resources(cloth):
    islands = [g for g in cloth.islands if len(g) > 1]
    for terrain in ("fields", "hills", "mountains", "pasture", "forest"):
        hexes = [h for h in cloth.areas["main"] if cloth.terrain[h] == terrain]
        assert all(any(h in g for h in hexes) for g in islands), f"{terrain} not on both islands"
        assert any(cloth.numbers[h] in (5, 6, 8, 9) for h in hexes), f"{terrain} only on poor numbers"
    for g in islands:  # each island carries one of every number
        assert sorted(cloth.numbers[h] for h in g) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]


def test_cloth_robber_starts_on_fields_12_and_pirate_on_reference_hex(cloth):
    h = cloth.robber_start
    assert isinstance(h, int)
    assert h == hex_at(cloth, 0x0703, CLVI_SHIFT)
    assert (cloth.terrain[h], cloth.numbers[h]) == ("fields", 12)
    p = cloth.pirate_start
    assert p == hex_at(cloth, 0x0910, CLVI_SHIFT)
    assert not cloth.is_land_hex[p]


def test_cloth_villages_sit_on_tribe_corners_with_reference_numbers(cloth):
    vs = villages(cloth)
    assert len(vs) == 8
    tribe = set(cloth.areas["tribe"])
    by_node = {v["node"]: v for v in vs}
    assert len(by_node) == 8
    for ref, dice in CLVI_VILLAGES.items():
        n = node_at(cloth, ref, CLVI_SHIFT)
        assert n in by_node, f"no village at 0x{ref:04X}"
        assert by_node[n]["number"] == dice
        assert by_node[n]["cloth"] == 5
        assert set(cloth.geo.node_hexes[n]) & tribe
        assert not cloth.node_settleable[n]
    # every village is the north or south tip of its island: one land hex, the rest sea
    for n in by_node:
        assert sum(cloth.is_land_hex[h] for h in cloth.geo.node_hexes[n]) == 1


def test_cloth_tribe_islands_take_no_settlements_or_roads(cloth):
    for h in cloth.areas["tribe"]:
        for n in cloth.geo.hex_nodes[h]:
            assert not cloth.node_settleable[n]
        for e in cloth.geo.hex_edges[h]:
            assert not cloth.edge_roadable[e]
    for h in cloth.areas["main"]:
        assert all(cloth.node_settleable[n] for n in cloth.geo.hex_nodes[h])


def test_cloth_harbours(cloth):
    assert len(cloth.harbors) == 9
    assert Counter(HARBOR_TYPES[t] for t in cloth.harbor_pool) == {
        "lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1, "3:1": 4}
    got = {(hb.edge, hb.land_hex) for hb in cloth.harbors}
    want = {(edge_at(cloth, e, CLVI_SHIFT), hex_at(cloth, h, CLVI_SHIFT)) for e, h in CLVI_HARBORS.items()}
    assert got == want


def test_cloth_params_and_variable_option(cloth):
    assert cloth.params == {"cloth_supply": 10, "cloth_per_vp": 2, "village_cloth": 5,
                            "early_end_villages": 3}
    # 50 chits: 8 villages x 5 + a general supply of 10
    assert sum(v["cloth"] for v in villages(cloth)) + cloth.params["cloth_supply"] == 50
    opt = cloth.options["variable"]
    assert opt["shuffle_terrain"] == ["main"] and opt["shuffle_numbers"] == ["main"]
    assert opt["description"]


# --------------------------------------------------------------------------- The Pirate Islands

PIRI_SHIFT = (2, 1)   # a row of sea added on top: one hex south-east
PIRI_LAND = {
    0x0104: ("gold", 11), 0x0106: ("mountains", 6), 0x010C: ("fields", 4), 0x010E: ("hills", 5),
    0x0303: ("hills", 0), 0x0309: ("desert", 0), 0x030D: ("mountains", 9), 0x030F: ("forest", 10),
    0x0502: ("fields", 4), 0x0508: ("desert", 0), 0x050C: ("forest", 3), 0x050E: ("pasture", 8),
    0x0510: ("forest", 5), 0x0705: ("mountains", 8), 0x070B: ("fields", 6), 0x070D: ("hills", 9),
    0x070F: ("pasture", 12), 0x0902: ("fields", 10), 0x0908: ("desert", 0), 0x090C: ("pasture", 11),
    0x090E: ("forest", 8), 0x0910: ("pasture", 9), 0x0B03: ("hills", 0), 0x0B09: ("pasture", 0),
    0x0B0D: ("mountains", 5), 0x0B0F: ("forest", 2), 0x0D04: ("gold", 3), 0x0D06: ("mountains", 6),
    0x0D0C: ("fields", 10), 0x0D0E: ("hills", 4),
}
PIRI_PIRATE_AREA = [0x0104, 0x0106, 0x0303, 0x0309, 0x0502, 0x0508, 0x0705, 0x0902, 0x0908,
                    0x0B03, 0x0B09, 0x0D04, 0x0D06]
PIRI_HARBORS = {0x000B: 0x010C, 0x000D: 0x010E, 0x010F: 0x010E, 0x0310: 0x030F,
                0x0710: 0x070F, 0x0A10: 0x0910, 0x0C0F: 0x0B0F, 0x0E0C: 0x0D0C}
PIRI_FLEET = [0x0D0A, 0x0D08, 0x0B07, 0x0906, 0x0707, 0x0506, 0x0307, 0x0108, 0x010A, 0x030B,
              0x050A, 0x0709, 0x090A, 0x0B0B]
# set: settlement node, ship edge, fortress node, marked ("LS") node, legal sea edges
PIRI_STARTS = [
    (0x0C0C, 0x0C0B, 0x0E04, 0x0E07,
     [0x0C07, 0x0C08, 0x0C09, 0x0C0A, 0x0C0B, 0x0D07, 0x0D09, 0x0D0B,
      0x0E04, 0x0E05, 0x0E06, 0x0E07, 0x0E08, 0x0E09, 0x0E0A]),
    (0x020C, 0x020B, 0x0004, 0x0007,
     [0x0207, 0x0208, 0x0209, 0x020A, 0x020B, 0x0107, 0x0109, 0x010B,
      0x0004, 0x0005, 0x0006, 0x0007, 0x0008, 0x0009, 0x000A]),
    (0x080B, 0x080A, 0x0A03, 0x0805,
     [0x0803, 0x0804, 0x0805, 0x0806, 0x0807, 0x0808, 0x0809, 0x080A, 0x0903, 0x0905, 0x0A03, 0x0A04]),
    (0x060B, 0x060A, 0x0403, 0x0605,
     [0x0603, 0x0604, 0x0605, 0x0606, 0x0607, 0x0608, 0x0609, 0x060A, 0x0503, 0x0505, 0x0403, 0x0404]),
]


@pytest.fixture(scope="module")
def piri():
    return load_scenario("pirate-islands")


def test_piri_header_and_rules(piri):
    assert piri.name == "The Pirate Islands"
    assert (piri.min_players, piri.max_players) == (3, 4)
    assert piri.vp_target == 10
    assert piri.package == "pirate_islands"
    r = piri.rules
    assert not r.robber and not r.pirate and not r.largest_army
    assert r.ships
    assert r.longest_route == "none"
    assert r.setup == "snake-preplaced"
    assert r.resources_from_setup == 2
    assert r.settle_forbidden_areas == ("pirate",)
    assert piri.robber_start == "none"
    assert piri.pirate_start == -1
    assert piri.params == {"fortress_chits": 3, "unused_starts": ["white"]}


def test_piri_terrain_counts_match_component_list(piri):
    assert terrain_counts(piri) == {"fields": 5, "hills": 5, "mountains": 5, "pasture": 5,
                                    "forest": 5, "gold": 2, "desert": 3}


def test_piri_24_number_tokens(piri):
    tokens = token_counts(piri)
    assert sum(tokens.values()) == 24
    assert tokens == {2: 1, 3: 2, 4: 3, 5: 3, 6: 3, 8: 3, 9: 3, 10: 3, 11: 2, 12: 1}


def test_piri_layout_is_the_published_one(piri):
    expected = {hex_at(piri, ref, PIRI_SHIFT): tn for ref, tn in PIRI_LAND.items()}
    got = {h: (piri.terrain[h], piri.numbers[h]) for h in land_hexes(piri)}
    assert got == expected


def test_piri_unnumbered_pasture_and_hills(piri):
    """The pasture of the two-hex middle island and the two western hills have no token."""
    bare = sorted((piri.terrain[h], h) for h in land_hexes(piri)
                  if not piri.numbers[h] and piri.terrain[h] != "desert")
    assert [t for t, _ in bare] == ["hills", "hills", "pasture"]
    pasture = [h for t, h in bare if t == "pasture"][0]
    island = [g for g in piri.islands if pasture in g][0]
    assert len(island) == 2


def test_piri_pirate_islands_area(piri):
    area = {hex_at(piri, ref, PIRI_SHIFT) for ref in PIRI_PIRATE_AREA}
    assert set(piri.areas["pirate"]) == area
    # the eastern island is one island, all of area main
    main = set(piri.areas["main"])
    assert len(main) == 17
    assert any(set(g) == main for g in piri.islands)
    for h in area:
        for n in piri.geo.hex_nodes[h]:
            assert not piri.node_settleable[n]


def test_piri_harbours(piri):
    assert len(piri.harbors) == 8
    assert Counter(HARBOR_TYPES[t] for t in piri.harbor_pool) == {
        "lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1, "3:1": 3}
    got = {(hb.edge, hb.land_hex) for hb in piri.harbors}
    want = {(edge_at(piri, e, PIRI_SHIFT), hex_at(piri, h, PIRI_SHIFT)) for e, h in PIRI_HARBORS.items()}
    assert got == want
    for hb in piri.harbors:
        assert piri.hex_area[hb.land_hex] == "main"


def test_piri_fleet_circuit(piri):
    fleet = piri.paths["fleet"]
    assert list(fleet) == [hex_at(piri, ref, PIRI_SHIFT) for ref in PIRI_FLEET]
    assert len(fleet) == 14 and len(set(fleet)) == 14
    for i, h in enumerate(fleet):
        assert not piri.is_land_hex[h]
        nxt = fleet[(i + 1) % len(fleet)]   # the last hex leads back to the first
        assert adjacent(piri, h, nxt), (piri.geo.hex_pos[h], piri.geo.hex_pos[nxt])


def test_piri_start_sets_match_reference(piri):
    assert len(piri.starts) == 4
    for seat, (start, ref) in enumerate(zip(piri.starts, PIRI_STARTS), 1):
        settle, ship, fort, marked, lanes = ref
        assert start["settlement_node"] == node_at(piri, settle, PIRI_SHIFT), seat
        assert start["ship_edge"] == edge_at(piri, ship, PIRI_SHIFT), seat
        assert start["fortress_node"] == node_at(piri, fort, PIRI_SHIFT), seat
        assert start["marked_node"] == node_at(piri, marked, PIRI_SHIFT), seat
        assert sorted(start["lane_edges"]) == sorted(edge_at(piri, e, PIRI_SHIFT) for e in lanes), seat


def test_piri_start_sets_are_playable(piri):
    fleet = set(piri.paths["fleet"])
    pirate = set(piri.areas["pirate"])
    for seat, start in enumerate(piri.starts, 1):
        settle, ship = start["settlement_node"], start["ship_edge"]
        # the pre-placed settlement: a legal coastal spot on the eastern island
        assert piri.node_settleable[settle], seat
        assert piri.node_touches_sea[settle], seat
        assert all(piri.hex_area[h] in ("main", "sea") for h in piri.geo.node_hexes[settle])
        # its ship touches it and lies in the seat's lane
        assert settle in piri.geo.edge_nodes[ship], seat
        assert ship in start["lane_edges"], seat
        # every lane edge can hold a ship
        for e in start["lane_edges"]:
            assert piri.edge_kind[e] != EDGE_LAND and piri.edge_shippable[e], (seat, piri.geo.edge_name(e))
        # fortress and marked intersection are on the pirate islands, not ordinary settlement spots
        for key in ("fortress_node", "marked_node"):
            n = start[key]
            assert not piri.node_settleable[n], (seat, key)
            assert set(piri.geo.node_hexes[n]) & pirate, (seat, key)
        # both ends of the route are reachable by the seat's lane
        lane_nodes = {n for e in start["lane_edges"] for n in piri.geo.edge_nodes[e]}
        assert {settle, start["marked_node"], start["fortress_node"]} <= lane_nodes, seat
        # the settlement and the marked intersection each lie on exactly one fleet hex
        assert len(set(piri.geo.node_hexes[settle]) & fleet) == 1, seat
        assert len(set(piri.geo.node_hexes[start["marked_node"]]) & fleet) == 1, seat


def test_piri_lanes_are_connected_paths(piri):
    """Each seat's lane edges form one connected network from home to its fortress."""
    for seat, start in enumerate(piri.starts, 1):
        lanes = set(start["lane_edges"])
        seen = {start["settlement_node"]}
        todo = [start["settlement_node"]]
        while todo:
            n = todo.pop()
            for e in piri.geo.node_edges[n]:
                if e in lanes:
                    for m in piri.geo.edge_nodes[e]:
                        if m not in seen:
                            seen.add(m)
                            todo.append(m)
        assert start["fortress_node"] in seen and start["marked_node"] in seen, seat


def test_piri_no_fleet_hex_touches_two_seats(piri):
    fleet = piri.paths["fleet"]
    for h in fleet:
        seats = {seat for seat, start in enumerate(piri.starts)
                 for key in ("settlement_node", "marked_node")
                 if h in piri.geo.node_hexes[start[key]]}
        assert len(seats) <= 1, piri.geo.hex_pos[h]
