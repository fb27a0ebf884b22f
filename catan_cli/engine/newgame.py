"""Creating a game: dealing the board (shuffled hexes, numbers and harbours), the deck and
the players' supplies from a scenario, all from one seeded generator."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ..errors import RuleError
from .core import Engine
from .public_hands import fresh_bounds
from .scenario import DEV_CARDS, Scenario
from .state import GameState, PlayerState
from .turns import setup_order

RED_NUMBERS = (6, 8)
PLAYER_COLORS = ("red", "blue", "white", "orange", "green", "brown")


def _reds_apart(scen: Scenario, numbers: list[int], hexes: Sequence[int]) -> bool:
    for h in hexes:
        if numbers[h] in RED_NUMBERS:
            for m in scen.geo.hex_neighbors[h]:
                if numbers[m] in RED_NUMBERS:
                    return False
    return True


def deal_board(scen: Scenario, options: Sequence[str], rng: random.Random) -> tuple[list[str], list[int]]:
    """Terrain and number per hex for one game."""
    terrain = list(scen.terrain)
    numbers = list(scen.numbers)
    shuffle_t: set[str] = set()
    shuffle_n: set[str] = set()
    for opt in options:
        shuffle_t.update(scen.options[opt].get("shuffle_terrain", []))
        shuffle_n.update(scen.options[opt].get("shuffle_numbers", []))
    drawn = [h for h, t in enumerate(terrain) if t == "?"]
    terr_hexes = sorted(set(drawn) | {h for h, a in enumerate(scen.hex_area) if a in shuffle_t and terrain[h] != "?"})
    num_hexes = sorted(set(drawn) | {h for h, a in enumerate(scen.hex_area) if a in shuffle_n and terrain[h] != "?"})
    if terr_hexes:
        pool = [terrain[h] for h in terr_hexes if terrain[h] != "?"]
        for t, count in sorted(scen.terrain_pool.items()):
            pool += [t] * count
        rng.shuffle(pool)
        for h, t in zip(terr_hexes, pool):
            terrain[h] = t
    if num_hexes:
        tokens = [numbers[h] for h in num_hexes if numbers[h]] + list(scen.number_pool)
        targets = [h for h in num_hexes if terrain[h] != "desert"]
        if len(tokens) != len(targets):
            raise RuleError(f"scenario {scen.key}: {len(tokens)} number tokens for {len(targets)} hexes")
        for h in num_hexes:
            numbers[h] = 0
        for _attempt in range(5000):
            rng.shuffle(tokens)
            for h, num in zip(targets, tokens):
                numbers[h] = num
            if _reds_apart(scen, numbers, targets):
                break
    for area in scen.rules.shuffle_terrain_within:
        # Terrain is dealt within the area; the number tokens stay where the map puts them.
        hexes = list(scen.areas.get(area, ()))
        dealt = [terrain[h] for h in hexes]
        rng.shuffle(dealt)
        for h, t in zip(hexes, dealt):
            terrain[h] = t
    return terrain, numbers


def new_state(scen: Scenario, players: Sequence[str], seed: int, options: Sequence[str],
              sandbox: bool, carry: Mapping[str, Any] | None = None) -> GameState:
    names = [p.strip().lower() for p in players]
    if not scen.min_players <= len(names) <= scen.max_players:
        raise RuleError(f"{scen.name} is for {scen.seat_counts()} players, not {len(names)}")
    if len(set(names)) != len(names) or any(not n.isidentifier() or n in ("all", "nobody") for n in names):
        raise RuleError("players need distinct one-word names, such as red, blue, white")
    for opt in options:
        if opt not in scen.options:
            known = ", ".join(scen.options) or "none"
            raise RuleError(f"{scen.key} has no option {opt!r} (options: {known})")
    rng = random.Random(seed)
    terrain, numbers = deal_board(scen, options, rng)
    pool = list(scen.harbor_pool)
    rng.shuffle(pool)
    harbor_types = []
    for hb in scen.harbors:
        harbor_types.append(hb.type if hb.type >= 0 else pool.pop())
    if scen.robber_start == "desert":
        robber = terrain.index("desert") if "desert" in terrain else -1
    elif scen.robber_start == "none" or not scen.rules.robber:
        robber = -1
    else:
        robber = int(scen.robber_start)
    geo = scen.geo
    state = GameState(
        scenario=scen.key, options=list(options), seed=seed, sandbox=sandbox,
        players=[PlayerState(name=n, resources=[0] * 5, pieces=dict(scen.pieces)) for n in names],
        bank=list(scen.bank), deck=[], terrain=terrain, numbers=numbers, harbor_types=harbor_types,
        node_owner=[-1] * geo.n_nodes, node_kind=[0] * geo.n_nodes,
        edge_owner=[-1] * geo.n_edges, edge_kind=[0] * geo.n_edges,
        robber=robber, pirate=scen.pirate_start if scen.rules.pirate else -1, rng=rng,
        setup_order=setup_order(scen.rules.setup, len(names)), route_len=[0] * len(names),
        shared_ships=[-1] * geo.n_edges if scen.rules.ships_per_path > 1 else [],
    )
    engine = Engine(scen, state)
    deck_counts = engine.rules.deck(dict(scen.deck))
    deck = [card for card in DEV_CARDS for _ in range(deck_counts.get(card, 0))]
    rng.shuffle(deck)
    state.deck = deck
    engine.deal_face_down()
    engine.ctx.carry = dict(carry or {})
    try:
        engine.rules.on_new_game()
    finally:
        engine.ctx.carry = {}      # read while the game is set up, never kept
    if not state.setup_order:     # every start piece placed by the scenario: play begins
        engine.start_play()
    state.public_min = fresh_bounds(state)      # whatever was dealt, was dealt in the open
    return state
