"""The fast paths play exactly what the full paths play.

Legal moves are computed once per position (``Game`` keeps them under ``Engine.version``),
a listed action is played without a second check, ship candidates are judged yes/no, and
scenario code memoises under ``Engine.memo_key``.  Each test here pins one of those against
the slow, obviously-right path it replaces.
"""

from __future__ import annotations

import random

import pytest

from catan_cli import Game, RuleError
from catan_cli.engine.actions import Action

COLOURS = ["red", "blue", "white", "orange"]
SCENARIOS = ["base", "cloth-for-catan", "pirate-islands"]


def walk(scenario: str, seed: int, steps: int) -> list[Game]:
    """Positions of one seeded random game, each a copy (every 7th step)."""
    g = Game.new(scenario, players=COLOURS, seed=seed)
    choose = random.Random(seed).choice
    out = []
    for step in range(steps):
        if g.over:
            break
        if step % 7 == 0:
            out.append(g.copy())
        g.execute(choose(g.legal_actions()))
    return out


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_listed_action_passes_the_full_check(scenario: str) -> None:
    # A listed action is played without Engine.check: the list must never hold one the
    # check refuses.
    for g in walk(scenario, 5, 600):
        for action in g.legal_actions(offers=True):
            assert g.engine.check(action) is None, (g.text(action), g.engine.check(action))


@pytest.mark.parametrize("scenario", ["cloth-for-catan", "pirate-islands"])
def test_ship_yes_no_agrees_with_the_reason(scenario: str) -> None:
    for g in walk(scenario, 3, 500):
        e = g.engine
        seat = e.s.current
        ships = [x for x in range(e.geo.n_edges) if e.is_ship(x, seat)]
        for edge in range(e.geo.n_edges):
            for lifted in [-1] + ships[:3]:
                assert e.ship_edge_ok(seat, edge, lifted) == (e.ship_edge_reason(seat, edge, lifted) is None)
            kept = set(e.rules.ship_candidates(seat, [edge]))
            if edge not in kept:     # narrowing drops only what ship_reason refuses
                assert e.rules.ship_reason(seat, edge, -1) is not None


@pytest.mark.parametrize("scenario", ["cloth-for-catan", "pirate-islands"])
def test_a_scenarios_own_ship_candidates_are_the_narrowed_candidates_of_the_core(scenario: str) -> None:
    for g in walk(scenario, 4, 700):
        e = g.engine
        for seat in range(e.n):
            own = e.rules.own_ship_candidates(seat)
            if own is not None:
                shippable = e.scen.edge_shippable
                core = [x for x in e.candidate_route_edges(seat) if shippable[x]]
                assert own == e.rules.ship_candidates(seat, core)


@pytest.mark.parametrize("scenario", ["cloth-for-catan", "pirate-islands"])
def test_ship_moves_are_every_movable_ship_to_every_spot_the_full_check_allows(scenario: str) -> None:
    seen = 0
    for g in walk(scenario, 8, 900):
        e = g.engine
        if e.s.phase != "main" or e.s.pending or e.s.ship_moved:
            continue
        seat = e.s.current
        brute = [(src, dst) for src in e.movable_ships(seat) for dst in range(e.geo.n_edges)
                 if dst != src and e.ship_edge_reason(seat, dst, lifted=src) is None]
        assert [a.args for a in e.ship_moves(seat)] == brute
        seen += bool(brute)
    assert seen


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_game_path_the_text_path_and_the_engine_path_play_the_same_game(scenario: str) -> None:
    games = [Game.new(scenario, players=COLOURS, seed=11) for _ in range(3)]
    choosers = [random.Random(11).choice for _ in range(3)]
    for _ in range(400):
        if games[0].over:
            break
        games[0].execute(choosers[0](games[0].legal_actions()))
        games[1].execute(choosers[1](games[1].legal_commands()))
        games[2].engine.apply(choosers[2](games[2].engine.legal_actions()))
    assert games[0].digest() == games[1].digest() == games[2].digest()
    assert games[0].history == games[1].history


def test_the_listed_moves_follow_the_position() -> None:
    g = Game.new("base", players=COLOURS, seed=2)
    first = g.legal_commands()
    g.execute(first[0])
    assert g.legal_commands() != first
    assert g.legal_actions() == g.engine.legal_actions()


def test_a_change_outside_the_door_is_seen_after_touch() -> None:
    g = Game.new("base", players=COLOURS, seed=2)
    while g.engine.s.phase != "main" or g.engine.s.pending:
        g.execute(g.legal_actions()[0])
    before = g.legal_actions()
    s = g.engine.s
    s.players[s.current].resources[:] = [9, 9, 9, 9, 9]
    assert g.legal_actions() == before        # unseen: nothing went through a door
    g.engine.touch()
    assert g.legal_actions() != before
    assert g.legal_actions() == g.engine.legal_actions()


def test_a_change_made_through_game_state_is_seen() -> None:
    g = Game.new("base", players=COLOURS, seed=2)
    while g.engine.s.phase != "main" or g.engine.s.pending:
        g.execute(g.legal_actions()[0])
    before = g.legal_actions()
    g.state.players[g.engine.s.current].resources[:] = [9, 9, 9, 9, 9]
    assert g.legal_actions() != before
    assert g.legal_actions() == g.engine.legal_actions()


def test_the_returned_list_is_the_callers_own() -> None:
    g = Game.new("base", players=COLOURS, seed=2)
    listed = g.legal_actions()
    listed.clear()
    assert g.legal_actions()


def test_an_action_not_listed_is_refused_with_the_reason() -> None:
    g = Game.new("base", players=COLOURS, seed=2)
    with pytest.raises(RuleError, match="set-up"):
        g.execute(Action("roll", (), 0))
    with pytest.raises(RuleError, match="malformed"):
        g.execute(Action("build-settlement", ([1],), 0))     # unhashable: never listed
    g.execute(Action("build-settlement", (g.legal_actions()[0].args[0],)))   # actor left to the game
    assert len(g.history) == 1


def test_an_action_equal_to_a_listed_one_plays_the_listed_one() -> None:
    g = Game.new("base", players=COLOURS, seed=2)
    listed = g.legal_actions()[3]
    g.execute(Action(listed.kind, tuple(float(x) for x in listed.args), listed.seat))
    assert g.state.node_owner[listed.args[0]] == listed.seat


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_copy_shares_nothing_with_its_original(scenario: str) -> None:
    g = walk(scenario, 4, 300)[-1]
    digest, history = g.digest(), list(g.history)
    c = g.copy()
    assert c.digest() == digest and c.history == history
    # Play the copy on, and scribble over every part of its state.
    choose = random.Random(1).choice
    for _ in range(50):
        if c.over:
            break
        c.execute(choose(c.legal_actions()))
    s = c.state
    for table in (s.node_owner, s.node_kind, s.edge_owner, s.edge_kind, s.bank, s.deck, s.route_len):
        table[:] = []
    for p in s.players:
        p.resources[:] = [99] * 5
        p.pieces.clear()
        p.dev_cards.clear()
        p.played["knight"] = 99
        for value in p.extra.values():
            if isinstance(value, (list, dict)):
                value.clear()
    for value in s.extra.values():
        if isinstance(value, (list, dict)):
            value.clear()
    s.pending.append({"kind": "discard", "seat": 0, "count": 4})
    s.rng.random()
    assert g.digest() == digest
    assert g.history == history


def test_a_copy_plays_on_exactly_as_its_original() -> None:
    g = walk("base", 6, 200)[-1]
    c = g.copy()
    for game in (g, c):
        choose = random.Random(9).choice
        for _ in range(200):
            if game.over:
                break
            game.execute(choose(game.legal_commands()))
    assert g.digest() == c.digest()


def test_undo_restores_the_snapshot_without_replaying_the_game() -> None:
    from catan_cli.script import Header, parse_seats
    from catan_cli.session import Session

    header = Header(scenario="base", seats=parse_seats("red,blue,white"), seed=7, sandbox=False, options=[])
    session = Session.new(header, autosave=False)
    session.play("build settlement 40")
    digest = session.game.digest()
    session.play("build road 40-41")

    session.header = _NoReplay(header)     # type: ignore[assignment]
    assert session.undo() == "red: build road 40-41"
    assert session.game.digest() == digest
    assert session.game.history == ["build settlement 40"]
    session.play("build road 40-41")         # and the restored game plays on
    assert len(session.game.history) == 2


class _NoReplay:
    """A header whose new game fails: undo must not need one."""

    def __init__(self, header: object) -> None:
        self._header = header

    def __getattr__(self, name: str) -> object:
        if name == "new_game":
            raise AssertionError("undo replayed the game")
        return getattr(self._header, name)


def test_board_version_follows_a_piece_tried_in_thought() -> None:
    """A look-ahead (a road-building card's second road) puts a piece down and lifts it in
    one position: what is kept under board_version must not outlive either board."""
    g = Game.new("base", players=COLOURS, seed=2)
    while g.engine.s.phase != "main" or g.engine.s.pending:
        g.execute(g.legal_actions()[0])
    e = g.engine
    before = e.board_version()
    seat = e.s.current
    edge = e.candidate_route_edges(seat)[0]
    with e.tentative_piece(seat, "road", edge):
        inside = e.board_version()
        assert inside != before
    after = e.board_version()
    assert after == before        # the board reads as before the look-ahead: what was kept holds
    assert e.board_version() == after     # nothing moved since: the same number
    g.execute(next(a for a in g.legal_actions() if a.kind == "end"))
    assert e.board_version() == after     # ending a turn moves no piece
    # the look-ahead's number is never given again: nothing kept inside it is reused
    choose = random.Random(2).choice
    while e.board_version() == before and not g.over:
        g.execute(choose(g.legal_actions()))
    assert e.board_version() not in (before, inside)


def _longest_trail_by_brute_force(g: Game, seat: int) -> int:
    """Every trail from every piece, both ways (the rule as written: no piece twice, no
    passing an opponent's building)."""
    e, s = g.engine, g.engine.s
    mine = [x for x in range(e.geo.n_edges) if s.edge_owner[x] == seat and s.edge_kind[x] == 1]
    best = 0

    def go(node: int, used: frozenset[int]) -> None:
        nonlocal best
        best = max(best, len(used))
        if 0 <= s.node_owner[node] != seat:
            return
        for x in mine:
            if x not in used and node in e.geo.edge_nodes[x]:
                a, b = e.geo.edge_nodes[x]
                go(b if a == node else a, used | {x})

    for x in mine:
        for node in e.geo.edge_nodes[x]:
            go(node, frozenset([x]))
    return best


def test_longest_road_started_only_where_a_trail_can_end_finds_the_longest() -> None:
    # route_length starts its search only at nodes a longest trail can start from (odd
    # ends, opponents' buildings, or any node of a closed circuit): random road networks,
    # loops and broken roads included, against every start.
    rng = random.Random(16)
    for trial in range(200):
        g = Game.new("base", players=COLOURS, seed=trial)
        e, s = g.engine, g.engine.s
        edges = list(range(e.geo.n_edges))
        start = rng.choice(edges)
        network, frontier = {start}, [start]
        while len(network) < rng.randint(3, 15) and frontier:
            x = rng.choice(frontier)
            nxt = [y for n in e.geo.edge_nodes[x] for y in e.geo.node_edges[n] if y not in network]
            if not nxt:
                frontier.remove(x)
                continue
            y = rng.choice(nxt)
            network.add(y)
            frontier.append(y)
        for x in network:
            s.edge_owner[x], s.edge_kind[x] = 0, 1
        nodes = sorted({n for x in network for n in e.geo.edge_nodes[x]})
        for n in rng.sample(nodes, min(len(nodes), rng.randint(0, 4))):
            s.node_owner[n], s.node_kind[n] = rng.choice([0, 1]), 1
        e.touch()
        assert e.route_length(0) == _longest_trail_by_brute_force(g, 0), trial


def test_longest_road_between_two_opponents_buildings_is_counted() -> None:
    # A road of five whose second and fifth corners hold opponents' settlements: the
    # longest trail runs between the two settlements (3), though neither end of the road
    # is there.
    g = Game.new("base", players=COLOURS, seed=1)
    e, s = g.engine, g.engine.s
    geo = e.geo
    nodes = [next(n for n in range(geo.n_nodes) if len(geo.node_edges[n]) == 3)]
    path: list[int] = []
    while len(path) < 5:
        x = nodes[-1]
        edge = next(y for y in geo.node_edges[x] if not set(geo.edge_nodes[y]) & set(nodes[:-1])
                    and y not in path and len(geo.node_edges[(set(geo.edge_nodes[y]) - {x}).pop()]) >= 2)
        path.append(edge)
        nodes.append((set(geo.edge_nodes[edge]) - {x}).pop())
    for x in path:
        s.edge_owner[x], s.edge_kind[x] = 0, 1
    for n in (nodes[1], nodes[4]):
        s.node_owner[n], s.node_kind[n] = 1, 1
    e.touch()
    assert e.route_length(0) == _longest_trail_by_brute_force(g, 0) == 3


def test_longest_road_around_a_hex_counts_the_whole_ring() -> None:
    # Six roads closing a ring: every corner has two, no end anywhere; the ring counts 6.
    g = Game.new("base", players=COLOURS, seed=1)
    e, s = g.engine, g.engine.s
    h = e.land_hexes[0]
    corners = set(e.geo.hex_nodes[h])
    ring = [x for x in range(e.geo.n_edges) if set(e.geo.edge_nodes[x]) <= corners]
    assert len(ring) == 6
    for x in ring:
        s.edge_owner[x], s.edge_kind[x] = 0, 1
    e.touch()
    assert e.route_length(0) == _longest_trail_by_brute_force(g, 0) == 6


@pytest.mark.parametrize("scenario", ["cloth-for-catan", "pirate-islands"])
def test_tables_kept_across_positions_match_a_fresh_engines(scenario: str) -> None:
    """The end ships, the route and the ship moves are kept while a seat's own pieces stay
    (other players' ship moves do not drop them): at every position of one long game they
    must equal what a copy (an engine with nothing kept) works out afresh."""
    g = Game.new(scenario, players=COLOURS, seed=11)
    choose = random.Random(11).choice
    compared = 0
    for _ in range(1500):
        if g.over:
            break
        e = g.engine
        if e.s.phase == "main" and not e.s.pending:
            fresh = g.copy().engine
            for seat in range(e.n):
                assert e.movable_ships(seat) == fresh.movable_ships(seat)
            seat = e.s.current
            if not e.s.ship_moved:
                assert e.ship_moves(seat) == fresh.ship_moves(seat)
                compared += 1
        g.execute(choose(g.legal_actions()))
    assert compared > 50


def test_a_seats_board_version_follows_its_own_pieces_only() -> None:
    """seat_board_version changes when the seat's own piece moves, not another's."""
    g = Game.new("cloth-for-catan", players=COLOURS, seed=4)
    choose = random.Random(4).choice
    moved = 0
    while not g.over and moved < 5:
        e = g.engine
        ship_moves = [a for a in g.legal_actions() if a.kind == "move-ship"]
        if not ship_moves:
            g.execute(choose(g.legal_actions()))
            continue
        mover = ship_moves[0].seat
        before = [e.seat_board_version(seat) for seat in range(e.n)]
        g.execute(ship_moves[0])
        after = [e.seat_board_version(seat) for seat in range(e.n)]
        assert after[mover] != before[mover]
        assert all(after[seat] == before[seat] for seat in range(e.n) if seat != mover)
        moved += 1
    assert moved == 5


@pytest.mark.parametrize("scenario", ["cloth-for-catan", "pirate-islands", "legend-1"])
def test_end_ships_in_one_pass_are_each_routes_end_ships(scenario: str) -> None:
    """movable_ships finds every route's end ships in one pass; route by route, the
    rules' own route_end_ships must name the same ships."""
    checked = 0
    for g in walk(scenario, 6, 900):
        e = g.engine
        for seat in range(e.n):
            by_route: set[int] = set()
            for x in range(e.geo.n_edges):
                if e.is_ship(x, seat):
                    by_route.update(e.route_end_ships(seat, x)[2])
            assert sorted(e._all_end_ships(seat)) == sorted(by_route)
            checked += bool(by_route)
    assert checked


@pytest.mark.parametrize("scenario", ["base", "pirate-islands"])
def test_production_kept_across_positions_matches_a_fresh_engines(scenario: str) -> None:
    """A roll's production table and payout are kept per total while the buildings on its
    hexes' corners and the robber's place on (or off) them stay: at every roll of one long
    game, for every total, they must equal what a copy (nothing kept) works out afresh."""
    g = Game.new(scenario, players=COLOURS, seed=5)
    choose = random.Random(5).choice
    compared = 0
    for _ in range(1500):
        if g.over:
            break
        e = g.engine
        if e.s.phase == "roll" and not e.s.pending:
            fresh = g.copy().engine
            for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
                kept, new = e._production_table(total), fresh._production_table(total)
                assert kept == new
                if kept[2]:
                    assert e._plain_payout(total, kept[0]) == fresh._plain_payout(total, new[0])
            compared += 1
        g.execute(choose(g.legal_actions()))
    assert compared > 50


def test_texts_shared_between_games_name_each_games_own_players() -> None:
    """Games of one scenario share the texts of the general verbs when their players have
    the same names; a table with other names writes its own."""
    for names in (COLOURS, ["ann", "bob", "cy", "dee"], COLOURS):
        g = Game.new("base", players=names, seed=3)
        choose = random.Random(3).choice
        for _ in range(400):
            if g.over:
                break
            listed = g.legal_actions()
            assert g.legal_commands() == [g.text(a) for a in listed]
            g.execute(choose(listed))


@pytest.mark.parametrize("scenario", ["pirate-islands"])
def test_a_scenarios_own_end_ships_are_the_end_ships_of_the_cores_walk(scenario: str) -> None:
    """A scenario that names the end ships from the route it keeps (rules.end_ships) must
    name what the core's walk over the seat's ships finds."""
    named = 0
    for g in walk(scenario, 8, 1500):
        e = g.engine
        for seat in range(e.n):
            own = e.rules.end_ships(seat)
            if own is not None:
                assert sorted(own) == sorted(e._all_end_ships(seat)), (seat, own)
                named += 1
    assert named > 50


@pytest.mark.parametrize("scenario", ["pirate-islands", "barbarian-attack"])
def test_exact_answers_to_a_steal_or_a_reward_are_every_answer_the_check_allows(scenario: str) -> None:
    """The steal after a 7 and the fleet's reward list their answers without the full
    check (exact): each open decision's listed answers must be every candidate it allows."""
    asked = 0
    for g in walk(scenario, 9, 2500):
        e = g.engine
        for item in e.actionable_pending():
            if item["kind"] not in ("steal", "reward"):
                continue
            seat = item["seat"]
            if item["kind"] == "steal":
                candidates = [Action("steal", (p,), seat) for p in [-1] + list(range(e.n))]
            else:
                candidates = [Action("choose-reward", (r,), seat) for r in range(5)]
            allowed = [a for a in candidates if e.check(a) is None]
            assert e.pending_answers(item) == allowed
            asked += 1
    assert asked > 5


@pytest.mark.rule("B.7.5", "E.0.2")
@pytest.mark.parametrize("scenario, seed", [("legend-1", 4), ("legend-3", 2), ("legend-4", 6), ("cloth-for-catan", 3)])
def test_ship_targets_from_the_pieces_are_the_targets_every_candidate_path_gives(scenario: str, seed: int) -> None:
    """Where a moved ship may go is found from the seat's own ships and buildings, shared
    paths included (a path holding one ship of another player's takes a second, E.0.2):
    at every step the very targets, each with the one ship that alone joins it, that
    asking every candidate path about both its ends gives."""
    shared_seen = targets_seen = 0
    for g in walk(scenario, seed, 1500):
        e = g.engine
        for seat in range(e.n):
            found = e._ship_targets_from_pieces(seat)
            assert found == e._ship_targets_by_candidates(seat), (e.s.turn, seat)
            targets_seen += bool(found)
        shared_seen += any(second >= 0 for second in e.s.shared_ships)
    assert targets_seen > 50
    assert shared_seen or scenario == "cloth-for-catan", "no path held two ships: the test saw nothing shared"
