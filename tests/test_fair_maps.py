"""The Legend's designed maps, rebalanced so that no start intersection is much better than
another, and Land Ho!'s starting island, rebalanced so that no seat's fixed start is much better
than another (issue 44, "Fair designed maps"; rules/README.md, "Fair designed maps").

The fairness itself is measured by ``python -m catan_cli.benchmarks.starts`` (hundreds of bot
games, far too slow for the suite); these tests pin what the rebalancing changed and check that
every map still keeps the constraints of shared/reference/scenario-layouts.md (sections 4.1 and
4.2): each start token on a coastal intersection of Catan touching two terrain hexes worth 6 to 8
pips, no chest within reach of a set-up ship, no 6 or 8 beside another, the component counts
unchanged.
"""

from __future__ import annotations

from collections import Counter

import pytest

from catan_cli.engine.scenario import load_scenario

LEGEND_MAPS = ["legend-1", "legend-1-3p", "legend-2", "legend-2-3p",
               "legend-3", "legend-3-3p", "legend-4", "legend-4-3p"]

RED = (6, 8)
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}

#: The number tokens of each map: the reference's counts (scenario-layouts.md, "Number tokens"),
#: which a rebalancing may move between hexes but never change.
TOKENS = {
    "legend-1": {2: 1, 3: 2, 4: 2, 5: 3, 6: 2, 8: 2, 9: 3, 10: 2, 11: 2, 12: 1},
    "legend-1-3p": {2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 1, 12: 1},
    "legend-2": {2: 1, 3: 2, 4: 3, 5: 3, 6: 2, 8: 2, 9: 3, 10: 3, 11: 2, 12: 1},
    "legend-2-3p": {2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 1, 12: 1},
    "legend-3": {2: 2, 3: 3, 4: 3, 5: 3, 6: 3, 8: 3, 9: 3, 10: 3, 11: 3, 12: 2},
    "legend-3-3p": {2: 1, 3: 2, 4: 3, 5: 3, 6: 2, 8: 2, 9: 3, 10: 2, 11: 2, 12: 1},
    "legend-4": {2: 1, 3: 2, 4: 3, 5: 2, 6: 2, 8: 2, 9: 2, 10: 3, 11: 2, 12: 1},
    "legend-4-3p": {2: 1, 3: 2, 4: 2, 5: 1, 6: 1, 8: 1, 9: 1, 10: 2, 11: 2, 12: 1},
}

#: What the rebalancing moved: the number on each changed hex ([row, column] in the map file's
#: coordinates) and the start tokens in the file's order.  rules/README.md gives each change's
#: reason and its before/after benchmark figures.
FAIR = {
    "legend-1": {"numbers": {(1, 9): 10, (1, 11): 8, (5, 13): 9, (6, 12): 11, (6, 14): 10}, "starts": [(1, 9, "SE"), (2, 12, "S"), (4, 14, "SW"), (6, 12, "SW")]},
    "legend-1-3p": {"numbers": {(1, 9): 11, (6, 12): 10}, "starts": [(1, 9, "SE"), (3, 13, "S"), (5, 13, "SW")]},
    "legend-2": {"numbers": {(5, 3): 3, (5, 5): 6, (5, 15): 11, (6, 4): 10, (6, 8): 9, (6, 10): 5,
                             (6, 14): 12, (7, 3): 10, (7, 9): 8, (7, 11): 4},
                 "starts": [(5, 3, "NE"), (6, 6, "NE"), (6, 10, "NE"), (5, 13, "NE")]},
    "legend-2-3p": {"numbers": {}, "starts": [(5, 5, "SE"), (6, 8, "NE"), (5, 13, "SW")]},
    "legend-3": {"numbers": {(5, 5): 2, (6, 6): 4}, "starts": [(1, 7, "SE"), (3, 7, "SE"), (5, 7, "NE"), (7, 7, "NE")]},
    "legend-3-3p": {"numbers": {(3, 5): 10, (5, 7): 3}, "starts": [(1, 7, "SE"), (3, 7, "SE"), (5, 7, "NE")]},
    "legend-4": {"numbers": {}, "starts": [(1, 7, "SE"), (3, 7, "SE"), (5, 7, "NE"), (7, 7, "NE")]},
    "legend-4-3p": {"numbers": {(1, 7): 9, (4, 8): 6}, "starts": [(1, 7, "SE"), (3, 7, "SE"), (5, 7, "NE")]},
}


@pytest.fixture(scope="module", params=LEGEND_MAPS)
def scen(request):
    return load_scenario(request.param)


def start_nodes(scen) -> list[int]:
    return [p["node"] for p in scen.places if p.get("kind") == "start"]


def catan(scen, h: int) -> bool:
    return scen.is_land_hex[h] and scen.hex_area[h] == "main"


def test_the_number_tokens_are_the_reference_counts(scen):
    assert Counter(n for n in scen.numbers if n) == Counter(TOKENS[scen.key])


@pytest.mark.rule("E.3.8")
def test_the_rebalanced_numbers_and_starts_are_where_the_record_says(scen):
    fair = FAIR[scen.key]
    for (r, c), number in fair["numbers"].items():
        assert scen.numbers[scen.geo.hex_by_pos[(r, c)]] == number, (r, c)
    expected = [scen.geo.corner_node(r, c, corner) for r, c, corner in fair["starts"]]
    assert start_nodes(scen) == expected


@pytest.mark.rule("F.0.5")
def test_every_start_token_is_on_the_coast_of_catan(scen):
    for n in start_nodes(scen):
        hexes = scen.geo.node_hexes[n]
        assert scen.node_touches_sea[n], n
        assert any(catan(scen, h) for h in hexes), n


def test_every_start_token_touches_two_terrain_hexes_worth_6_to_8_pips(scen):
    for n in start_nodes(scen):
        land = [h for h in scen.geo.node_hexes[n] if scen.is_land_hex[h]]
        assert len(land) == 2 and all(scen.numbers[h] for h in land), n
        assert 6 <= sum(PIPS[scen.numbers[h]] for h in land) <= 8, n


def test_no_chest_lies_within_reach_of_a_set_up_ship(scen):
    chests = {n for p in scen.places if p.get("kind") == "chests" for n in p.get("nodes", [])}
    for n in start_nodes(scen):
        near = {n} | set(scen.geo.node_neighbors[n])
        assert not near & chests, n


def test_no_6_or_8_lies_beside_another(scen):
    for h in range(scen.geo.n_hexes):
        if scen.numbers[h] in RED:
            for o in scen.geo.hex_neighbors[h]:
                assert scen.numbers[o] not in RED, (scen.geo.hex_pos[h], scen.geo.hex_pos[o])


# --- Land Ho!: the fixed set-up (shared/reference/scenario-layouts.md section 5) -------------------

#: The starting island of the reference: 15 base-game hexes, 3 of each resource, with their
#: number tokens; the rebalancing may move terrain between hexes but never change these.
LAND_HO_ISLAND = Counter({"hills": 3, "mountains": 3, "forest": 3, "fields": 3, "pasture": 3})
LAND_HO_NUMBERS = Counter({3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 1})


@pytest.fixture(scope="module")
def land_ho():
    return load_scenario("land-ho")


def island(scen) -> list[int]:
    return [h for h in range(scen.geo.n_hexes)
            if scen.is_land_hex[h] and scen.numbers[h] and scen.hex_area[h] == "main"]


def start_hexes(scen, start) -> list[int]:
    """The land hexes a seat's fixed harbour settlement and settlement touch."""
    return [h for key in ("harbor_node", "settlement_node") for h in scen.geo.node_hexes[start[key]]
            if scen.is_land_hex[h]]


def test_land_ho_keeps_the_reference_island_components(land_ho):
    hexes = island(land_ho)
    assert Counter(land_ho.terrain[h] for h in hexes) == LAND_HO_ISLAND
    assert Counter(land_ho.numbers[h] for h in hexes) == LAND_HO_NUMBERS


@pytest.mark.rule("C.11")
def test_land_ho_the_two_5s_traded_terrain_as_the_record_says(land_ho):
    pos = land_ho.geo.hex_by_pos
    assert (land_ho.terrain[pos[(4, 6)]], land_ho.numbers[pos[(4, 6)]]) == ("pasture", 5)
    assert (land_ho.terrain[pos[(4, 8)]], land_ho.numbers[pos[(4, 8)]]) == ("mountains", 5)


@pytest.mark.rule("C.11")
def test_land_ho_every_fixed_start_touches_19_pips_and_a_pasture(land_ho):
    assert len(land_ho.starts) == 4
    for start in land_ho.starts:
        hexes = start_hexes(land_ho, start)
        assert sum(PIPS[land_ho.numbers[h]] for h in hexes) == 19, start
        assert "pasture" in {land_ho.terrain[h] for h in hexes}, start
