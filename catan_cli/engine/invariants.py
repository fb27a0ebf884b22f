"""Invariants of a game position, checked from scratch: what must hold after every action.

:func:`check_invariants` recomputes what it can from the plain state without trusting the
engine's own bookkeeping (its route lengths, its VP count, its award holders) and returns a
list of every problem found; an empty list means the position is sound.  The random-walk
tests call it after every action.  Scenario-specific invariants come from the scenario's
rules (``invariant_problems``), and every key of scenario state must be declared.  Face-down
areas (exploration) keep their hexes and number tokens.

The longest-trail search here is written independently of :mod:`.routes` on purpose: it
walks from intersections rather than from paths, so a bug in one is unlikely to be
mirrored in the other.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .geometry import RESOURCES, UNEXPLORED
from .ships import FACE_DOWN
from .state import NONE
from .phases import GENERAL_PHASES, Phase
from .routes import joined_to_buildings

if TYPE_CHECKING:
    from ..game import Game
    from .core import Engine


def _engine(game: "Game | Engine") -> "Engine":
    return game.engine if hasattr(game, "engine") else game


def longest_trail(engine: "Engine", seat: int) -> int:
    """Length of ``seat``'s longest trail (no path used twice), recomputed from the board.

    A trail may start or end at an intersection holding an opponent's building but may not
    pass through one (A.13).  With Longest Trade Route (B.12) ships count too, but a trail
    changes between road and ship only at the player's own settlement or city.
    """
    s, geo = engine.s, engine.geo
    mode = engine.scen.rules.longest_route
    if mode == "none":
        return 0
    with_ships = mode == "trade-route"
    # Own pieces: edge -> 'r' or 's'.
    table = engine.pieces
    piece: dict[int, str] = {}
    for e, owner in enumerate(s.edge_owner):
        if with_ships and s.shared_ships and s.shared_ships[e] == seat:
            piece[e] = "s"
        if owner != seat:
            continue
        kind = s.edge_kind[e]
        if table.is_road[kind]:
            piece[e] = "r"
        elif with_ships and table.is_ship[kind]:
            piece[e] = "s"
    if not piece:
        return 0
    # Adjacency: node -> [(edge, other node)], built from the edge table only.
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in piece:
        a, b = geo.edge_nodes[e]
        adj.setdefault(a, []).append((e, b))
        adj.setdefault(b, []).append((e, a))

    def through(node: int) -> bool:
        """May a trail pass through ``node``?  Not past another player's building."""
        owner = s.node_owner[node]
        if owner >= 0 and owner != seat and s.node_kind[node] != NONE:
            return False
        return not engine.rules.node_blocks_route(seat, node)

    def own_building(node: int) -> bool:
        return s.node_owner[node] == seat and table.produces[s.node_kind[node]] > 0

    best = 0
    # Iterative DFS over (node, last piece kind, used edges); every trail starts at a node.
    for start in adj:
        stack: list[tuple[int, str, frozenset[int]]] = [(start, "", frozenset())]
        while stack:
            node, last, used = stack.pop()
            if len(used) > best:
                best = len(used)
            if used and not through(node):
                continue
            for e, other in adj[node]:
                if e in used:
                    continue
                k = piece[e]
                if last and k != last and not own_building(node):
                    continue
                stack.append((other, k, used | {e}))
    return best


def check_invariants(game: "Game | Engine") -> list[str]:
    """Every broken invariant of the current position, in words (empty: all hold)."""
    e = _engine(game)
    s, scen, geo = e.s, e.scen, e.geo
    n = len(s.players)
    problems: list[str] = []
    add = problems.append

    # --- no negative counts ------------------------------------------------------------
    for r in range(5):
        if s.bank[r] < 0:
            add(f"bank holds {s.bank[r]} {RESOURCES[r]}")
    for p in s.players:
        for r in range(5):
            if p.resources[r] < 0:
                add(f"{p.name} holds {p.resources[r]} {RESOURCES[r]}")
        for piece, left in p.pieces.items():
            if left < 0:
                add(f"{p.name} has {left} {_plural(piece)} in supply")
        if p.knights < 0:
            add(f"{p.name} has played {p.knights} knights")
        for card, count in p.played.items():
            if count < 0:
                add(f"{p.name} has played {count} {card} cards")

    # --- what the table knows of a hand never exceeds the hand ----------------------------
    if len(s.public_min) != n:
        add(f"the cards known to all are kept for {len(s.public_min)} seats, not {n}")
    else:
        for p, known in zip(s.players, s.public_min):
            for r in range(5):
                if known[r] > p.resources[r] or known[r] < 0:
                    add(f"the table knows {p.name} holds {known[r]} {RESOURCES[r]}, "
                        f"but {p.name} holds {p.resources[r]}")

    # --- resource conservation ---------------------------------------------------------
    for r in range(5):
        total = s.bank[r] + sum(p.resources[r] for p in s.players)
        if total != scen.bank[r]:
            add(f"{RESOURCES[r]}: bank {s.bank[r]} + hands {total - s.bank[r]} = {total}, "
                f"expected {scen.bank[r]}")

    # --- development-card conservation -------------------------------------------------
    expected_deck = e.rules.deck(dict(scen.deck))
    counted: dict[str, int] = {}
    for card in s.deck:
        counted[card] = counted.get(card, 0) + 1
    for p in s.players:
        for card, _bought in p.dev_cards:
            counted[card] = counted.get(card, 0) + 1
        for card, count in p.played.items():
            counted[card] = counted.get(card, 0) + count
    for card in sorted(set(expected_deck) | set(counted)):
        if counted.get(card, 0) != expected_deck.get(card, 0):
            add(f"{card} cards: deck + hands + played = {counted.get(card, 0)}, "
                f"expected {expected_deck.get(card, 0)}")
    for p in s.players:
        as_knight = sum(count for card, count in p.played.items()
                        if e.rules.card_plays_as(card) == "knight")
        if p.knights != as_knight:
            add(f"{p.name} has {p.knights} knights counted but played {as_knight} knight cards")

    # --- pieces: on the board + in supply = the scenario's [pieces] ----------------------
    # Each registered piece comes from a supply (a scenario piece may use another's: a
    # pirate fortress is its owner's settlement piece); count by supply.
    table = e.pieces
    on_board: list[dict[str, int]] = [{} for _ in range(n)]
    for node, owner in enumerate(s.node_owner):
        kind = s.node_kind[node]
        if kind == NONE:
            if owner >= 0:
                add(f"intersection {node + 1} has an owner but no building")
            continue
        if not table.node_name(kind):
            add(f"intersection {node + 1} holds an unknown piece ({kind})")
            continue
        if owner < 0 and table.node_ownerless[kind]:
            continue      # a neutral obstacle
        if not 0 <= owner < n:
            add(f"the building on {node + 1} has no owner")
            continue
        supply = table.node_supply[kind]
        on_board[owner][supply] = on_board[owner].get(supply, 0) + 1
    for edge, owner in enumerate(s.edge_owner):
        kind = s.edge_kind[edge]
        if kind == NONE:
            if owner >= 0:
                add(f"path {geo.edge_name(edge)} has an owner but no piece")
            continue
        if not table.edge_name(kind):
            add(f"path {geo.edge_name(edge)} holds an unknown piece ({kind})")
            continue
        if owner < 0 and table.edge_ownerless[kind]:
            continue      # a neutral obstacle
        if not 0 <= owner < n:
            add(f"the piece on {geo.edge_name(edge)} has no owner")
            continue
        supply = table.edge_supply[kind]
        on_board[owner][supply] = on_board[owner].get(supply, 0) + 1
        if table.is_road[kind] and not scen.edge_roadable[edge]:
            add(f"a road stands on {geo.edge_name(edge)}, which takes no road")
        if table.is_ship[kind] and not scen.edge_shippable[edge]:
            add(f"a ship stands on {geo.edge_name(edge)}, which takes no ship")
    # E.0.2: a second ship shares a path only with another player's ship.
    if s.shared_ships and len(s.shared_ships) != geo.n_edges:
        add("the shared-path table does not fit the map")
    for edge, second in enumerate(s.shared_ships):
        if second < 0:
            continue
        if scen.rules.ships_per_path < 2:
            add(f"two ships share {geo.edge_name(edge)}, which this scenario does not allow")
        if not 0 <= second < n or second == s.edge_owner[edge] or not table.is_ship[s.edge_kind[edge]]:
            add(f"the second ship on {geo.edge_name(edge)} does not join another player's ship")
            continue
        on_board[second]["ship"] = on_board[second].get("ship", 0) + 1
    for seat, p in enumerate(s.players):
        for piece in sorted(set(scen.pieces) | set(on_board[seat])):
            placed = on_board[seat].get(piece, 0)
            have = placed + p.pieces.get(piece, 0)
            if have != scen.pieces.get(piece, 0):
                add(f"{p.name} {_plural(piece)}: {placed} on the board + "
                    f"{p.pieces.get(piece, 0)} in supply, expected {scen.pieces.get(piece, 0)}")

    # --- distance rule (A.6), between producing buildings ------------------------------------
    produces = table.produces
    for node in range(geo.n_nodes):
        if produces[s.node_kind[node]]:
            for m in geo.node_neighbors[node]:
                if m > node and produces[s.node_kind[m]]:
                    add(f"buildings on neighbouring intersections {node + 1} and {m + 1} (distance rule)")

    # --- connection (not checked in the sandbox, where 'put' places pieces freely) -----
    if not s.sandbox:
        problems += _connection_problems(e)

    # --- longest road / route (A.13, B.12) -------------------------------------------------
    if scen.rules.longest_route != "none":
        lengths = [longest_trail(e, seat) for seat in range(n)]
        for seat in range(n):
            if s.route_len[seat] != lengths[seat]:
                add(f"{e.name(seat)}'s route length is recorded as {s.route_len[seat]}, "
                    f"recomputed {lengths[seat]}")
        minimum = scen.rules.longest_route_min
        top = max(lengths)
        holder = s.longest_holder
        if holder >= 0:
            if lengths[holder] < minimum:
                add(f"{e.name(holder)} holds the longest road/route with only {lengths[holder]}")
            if lengths[holder] < top:
                add(f"{e.name(holder)} holds the longest road/route with {lengths[holder]} "
                    f"but someone has {top}")
        elif top >= minimum and lengths.count(top) == 1:
            add(f"nobody holds the longest road/route but {e.name(lengths.index(top))} alone has {top}")
    elif s.longest_holder >= 0:
        add("a longest road/route holder in a scenario without the award")

    # --- largest army (A.14) -----------------------------------------------------------------
    knights = [p.knights for p in s.players]
    if scen.rules.largest_army:
        holder = s.army_holder
        if holder >= 0:
            if knights[holder] < scen.rules.largest_army_min:
                add(f"{e.name(holder)} holds the largest army with {knights[holder]} knights")
            if knights[holder] < max(knights):
                add(f"{e.name(holder)} holds the largest army with {knights[holder]} knights "
                    f"but someone has {max(knights)}")
        elif max(knights) >= scen.rules.largest_army_min:
            add(f"nobody holds the largest army though someone has played {max(knights)} knights")
    elif s.army_holder >= 0:
        add("a largest army holder in a scenario without the award")

    # --- victory points, recomputed from the board -------------------------------------------
    for seat, p in enumerate(s.players):
        vp = sum(table.node_vp[k] for o, k in zip(s.node_owner, s.node_kind) if o == seat)
        vp += 2 if s.longest_holder == seat else 0
        vp += 2 if s.army_holder == seat else 0
        vp += sum(1 for card, _ in p.dev_cards if e.rules.card_plays_as(card) == "victory-point")
        vp += sum(e.rules.vp_sources(seat).values())
        if vp != e.vp(seat):
            add(f"{p.name} has {e.vp(seat)} VP by the engine, {vp} recomputed from the board")

    # --- turn bookkeeping -------------------------------------------------------------------
    problems += _turn_problems(e)

    problems += _declared_state_problems(e)
    problems += _exploration_problems(e)
    problems += list(e.rules.invariant_problems())
    return problems


def _exploration_problems(e: "Engine") -> list[str]:
    """Face-down areas: each hex is face down or turned up from its own area's stack, and the
    terrain and number tokens of an area, on the board and in its stacks, are its own."""
    out: list[str] = []
    s = e.s
    stacks = s.extra.get(FACE_DOWN, {})
    for name, area in e.scen.face_down.items():
        stack = stacks.get(name, {"terrain": [], "numbers": []})
        down = [h for h in area.hexes if s.terrain[h] == UNEXPLORED]
        if len(down) != len(stack["terrain"]):
            out.append(f"area {name}: {len(down)} face-down hexes but {len(stack['terrain'])} in its stack")
        shown = [s.terrain[h] for h in area.hexes if s.terrain[h] != UNEXPLORED]
        if Counter(shown + stack["terrain"]) != Counter(area.terrain):
            out.append(f"area {name}: its terrain hexes are not conserved")
        if area.numbers_from == name:     # its number stack, shared by the areas drawing on it
            sharers = [a for a in e.scen.face_down.values() if a.numbers_from == name]
            tokens = [s.numbers[h] for a in sharers for h in a.hexes if s.numbers[h]]
            if Counter(tokens + stack["numbers"]) != Counter(area.numbers):
                out.append(f"area {name}: its number tokens are not conserved")
        elif stack["numbers"]:
            out.append(f"area {name}: a number stack of its own, though it draws from {area.numbers_from}'s")
        if any(s.numbers[h] for h in down):
            out.append(f"area {name}: a face-down hex has a number token")
    return out


def _declared_state_problems(e: "Engine") -> list[str]:
    """Scenario state under a key its package did not declare (and so could reach a view
    without a visibility) is a fault in the package."""
    out = [f"scenario state {key!r} is not declared" for key in e.s.extra if ("game", key) not in e.state_items]
    for p in e.s.players:
        out += [f"{p.name}'s scenario state {key!r} is not declared"
                for key in p.extra if ("player", key) not in e.state_items]
    return out


def _plural(piece: str) -> str:
    return "cities" if piece == "city" else piece + "s"


def _connection_problems(e: "Engine") -> list[str]:
    """Every road reaches one of its owner's buildings through the owner's own roads, and
    every settlement or city past the set-up touches one of its owner's routes."""
    s, geo = e.s, e.geo
    out: list[str] = []
    for seat in range(len(s.players)):
        edges = {x for x, o in enumerate(s.edge_owner) if o == seat and s.edge_kind[x] != NONE}
        edges.update(x for x, o in enumerate(s.shared_ships) if o == seat)
        if not edges:
            continue
        reached_loose = joined_to_buildings(geo, s.node_owner, s.node_kind, seat, edges)
        for x in sorted(edges - reached_loose):
            out.append(f"{e.name(seat)}'s piece on {geo.edge_name(x)} is joined to none of their buildings")
        # B.7: moving the end ship of an open route may leave a building with no route
        # (a lone set-up ship sailing off), so this holds only where ships never move.
        if s.phase != Phase.SETUP and not (e.scen.rules.ships and e.scen.rules.ship_move) \
                and not e.scen.rules.settled_by_ship:
            for node, owner in enumerate(s.node_owner):
                if owner == seat and e.pieces.produces[s.node_kind[node]]:
                    if not any(e.holds_route(seat, x) for x in geo.node_edges[node]):
                        out.append(f"{e.name(seat)}'s building on {node + 1} touches none of their routes")
    return out


def _turn_problems(e: "Engine") -> list[str]:
    s = e.s
    out: list[str] = []
    n = len(s.players)
    if s.phase not in GENERAL_PHASES and s.phase not in e.scenario_phases:
        out.append(f"unknown phase {s.phase!r}")
    if not 0 <= s.current < n:
        out.append(f"player on turn {s.current} out of range")
    if s.phase == Phase.OVER and not s.winners:
        out.append("the game is over without a winner")
    if s.phase != Phase.OVER and s.winners:
        out.append("a winner while the game goes on")
    if s.phase != Phase.OVER and s.phase != Phase.SETUP:
        if e.vp(s.current) >= e.scen.vp_target and e.rules.may_win(s.current):
            out.append(f"{e.name(s.current)} is on turn with {e.vp(s.current)} VP but has not won")
    if s.robber >= 0 and not e.scen.is_land_hex[s.robber]:
        out.append("the robber is at sea")
    if s.pirate >= 0 and e.scen.is_land_hex[s.pirate]:
        out.append("the pirate is on land")
    for item in s.pending:
        if not 0 <= int(item.get("seat", -1)) < n:
            out.append(f"pending {item.get('kind')} for no player")
        if item.get("kind") == "discard":
            seat = int(item["seat"])
            if e.hand_size(seat) < int(item["count"]):
                out.append(f"{e.name(seat)} must discard {item['count']} but holds {e.hand_size(seat)}")
    kinds: list[Any] = [item.get("kind") for item in s.pending]
    if kinds.count("robber") > 1:
        out.append("more than one robber move pending")
    return out


__all__ = ["check_invariants", "longest_trail"]
