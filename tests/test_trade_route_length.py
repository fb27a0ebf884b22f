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


@pytest.mark.rule("B.12", "E.0.2", "A.13")
@pytest.mark.parametrize("scenario", ["legend-3", "legend-1", "base"])
def test_the_kept_network_patched_piece_by_piece_equals_every_trail_tried(scenario: str) -> None:
    """The network route_length keeps between calls is patched with the pieces put, taken
    off or changed since (a ship moved, a piece built, a road turned ship), and drawn again
    when a building comes or goes: after every change of one random network the length
    equals the independent search and the network drawn afresh."""
    rng = random.Random(14)
    g = Game.new(scenario, players=COLOURS, seed=3)
    e, s = g.engine, g.engine.s
    random_network(g, rng, 16, 0.0 if scenario == "base" else 0.5)
    patched = 0
    for step in range(400):
        mine = [x for x in range(len(s.edge_owner)) if s.edge_owner[x] == 0]
        beside = sorted({y for x in mine for n in e.geo.edge_nodes[x] for y in e.geo.node_edges[n]
                         if s.edge_owner[y] < 0})
        roll = rng.random()
        if mine and (roll < 0.35 or not beside):
            x = rng.choice(mine)
            s.edge_owner[x], s.edge_kind[x] = -1, 0            # taken off
        elif roll < 0.8 and beside:
            x = rng.choice(beside)
            s.edge_owner[x], s.edge_kind[x] = 0, ROAD if scenario == "base" or rng.random() < 0.5 else SHIP
        elif roll < 0.9 and mine and scenario != "base":
            x = rng.choice(mine)
            s.edge_kind[x] = SHIP if s.edge_kind[x] == ROAD else ROAD
        else:
            n = rng.randrange(len(s.node_owner))
            s.node_owner[n], s.node_kind[n] = (-1, 0) if s.node_owner[n] >= 0 else (rng.choice([0, 1]), SETTLEMENT)
        e.touch()
        kept = e.route_length(0)
        assert kept == longest_trail(e, 0) == e.route_length_afresh(0), step
        patched += bool(mine)
    assert patched > 300


@pytest.mark.rule("B.12", "E.0.2", "A.13")
@pytest.mark.parametrize("scenario, seed", [("legend-1", 2), ("legend-3", 5), ("legend-4", 3), ("legend-2", 1),
                                            ("base", 4), ("barbarian-attack", 2)])
def test_the_kept_network_equals_a_fresh_drawing_at_every_step_of_a_game(scenario: str, seed: int) -> None:
    """In play (ships moved, built and lost, buildings cutting routes, look-aheads of a
    Road Building card) every seat's length from its kept network equals the network drawn
    afresh and the length the game holds."""
    g = Game.new(scenario, players=COLOURS, seed=seed)
    choose = random.Random(seed).choice
    long_seen = 0
    for _ in range(1500):
        if g.over:
            break
        e = g.engine
        for seat in range(e.n):
            fresh = e.route_length_afresh(seat)
            assert e.route_length(seat) == fresh == e.s.route_len[seat], (e.s.turn, seat)
            long_seen += fresh >= 5
        g.execute(choose(g.legal_actions()))
    assert long_seen, "no route of 5 or more: the test saw little"
