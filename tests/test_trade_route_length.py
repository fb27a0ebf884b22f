"""The Longest Trade Route (B.12) the engine works out equals an independent search
(:func:`catan_cli.engine.invariants.longest_trail`, which tries every trail from every
intersection) on random networks of roads and ships: loops, rings, branches, own
buildings where a trail may change between road and ship, opponents' buildings it may
not pass, and a second ship on a shared path (E.0.2)."""

from __future__ import annotations

import random

import pytest

from catan_cli import Game
from catan_cli.engine.invariants import longest_trail
from catan_cli.engine.state import ROAD, SETTLEMENT, SHIP

COLOURS = ["red", "blue", "white", "orange"]


def empty_board(g: Game) -> None:
    s = g.engine.s
    for x in range(len(s.edge_owner)):
        s.edge_owner[x], s.edge_kind[x] = -1, 0
        if s.shared_ships:
            s.shared_ships[x] = -1
    for n in range(len(s.node_owner)):
        s.node_owner[n], s.node_kind[n] = -1, 0


def random_network(g: Game, rng: random.Random, size: int, ships: float) -> None:
    """Seat 0 gets a network of about ``size`` joined pieces, a share ``ships`` of them
    ships, on an empty board, closing loops where it can half the time; buildings, own
    and others', are put on some of its corners."""
    e, s = g.engine, g.engine.s
    geo = e.geo
    empty_board(g)
    start = rng.randrange(geo.n_edges)
    network, frontier = {start}, [start]
    corners = set(geo.edge_nodes[start])
    while len(network) < size and frontier:
        x = rng.choice(frontier)
        nxt = [y for n in geo.edge_nodes[x] for y in geo.node_edges[n] if y not in network]
        if not nxt:
            frontier.remove(x)
            continue
        if rng.random() < 0.5:      # a piece between two corners the network reaches
            closing = [y for n in corners for y in geo.node_edges[n]
                       if y not in network and set(geo.edge_nodes[y]) <= corners]
            nxt = sorted(set(closing)) or nxt
        y = rng.choice(nxt)
        corners |= set(geo.edge_nodes[y])
        network.add(y)
        frontier.append(y)
    for x in network:
        if s.shared_ships and rng.random() < 0.1:
            # seat 0's is the second ship on a path another seat holds first
            s.edge_owner[x], s.edge_kind[x] = 1, SHIP
            s.shared_ships[x] = 0
        else:
            s.edge_owner[x], s.edge_kind[x] = 0, SHIP if rng.random() < ships else ROAD
    nodes = sorted({n for x in network for n in geo.edge_nodes[x]})
    for n in rng.sample(nodes, min(len(nodes), rng.randint(0, 6))):
        s.node_owner[n], s.node_kind[n] = rng.choice([0, 0, 1, 2]), SETTLEMENT
    e.touch()


@pytest.mark.rule("B.12", "E.0.2", "E.0.5")
@pytest.mark.parametrize("scenario", ["legend-3", "legend-1"])
def test_the_longest_trade_route_equals_every_trail_tried(scenario: str) -> None:
    rng = random.Random(12)
    for trial in range(200):
        g = Game.new(scenario, players=COLOURS, seed=trial)
        random_network(g, rng, rng.randint(1, 22), rng.choice([0.0, 0.0, 0.3, 0.5, 1.0, 1.0]))
        assert g.engine.route_length(0) == longest_trail(g.engine, 0), trial


@pytest.mark.rule("A.13")
def test_the_longest_road_equals_every_trail_tried_where_ships_do_not_count() -> None:
    rng = random.Random(13)
    for trial in range(100):
        g = Game.new("base", players=COLOURS, seed=trial)
        random_network(g, rng, rng.randint(1, 18), 0.0)
        assert g.engine.route_length(0) == longest_trail(g.engine, 0), trial


@pytest.mark.rule("B.12")
@pytest.mark.parametrize("own_corners, length", [(2, 6), (1, 6), (0, 3)])
def test_a_ring_of_roads_and_ships_counts_through_the_corners_an_own_building_joins(own_corners: int,
                                                                                   length: int) -> None:
    # Three roads then three ships around one hex: the two corners where they meet join a
    # road to a ship only under the seat's own building.  With one of them built the trail
    # runs from the other corner all the way round (it ends there, it need not pass it).
    g = Game.new("legend-3", players=COLOURS, seed=1)
    e = g.engine
    empty_board(g)
    s, geo = e.s, e.geo
    h = e.land_hexes[0]
    corners = list(geo.hex_nodes[h])        # in order round the hex
    ring = [next(x for x in geo.node_edges[a] if set(geo.edge_nodes[x]) == {a, b})
            for a, b in zip(corners, corners[1:] + corners[:1])]
    for i, x in enumerate(ring):
        s.edge_owner[x], s.edge_kind[x] = 0, ROAD if i < 3 else SHIP
    for n in (corners[3], corners[0])[:own_corners]:      # where road meets ship
        s.node_owner[n], s.node_kind[n] = 0, SETTLEMENT
    e.touch()
    assert e.route_length(0) == longest_trail(e, 0) == length
