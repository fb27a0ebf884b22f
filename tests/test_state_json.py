"""A state as JSON: its fields as plain data, as ``dataclasses.asdict`` would give them, and
sharing nothing with the state (the digest of every save and command file is made from it)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from catan_cli import Game
from catan_cli.engine.scenario import available_scenarios, load_scenario
from catan_cli.engine.state import GameState


def _as_asdict_gives(s: GameState) -> dict[str, Any]:
    data = dataclasses.asdict(s)
    if not s.shared_ships:
        del data["shared_ships"]
    version, internal, gauss = s.rng.getstate()
    data["rng"] = {"version": version, "state": list(internal), "gauss": gauss}
    return data


@pytest.mark.parametrize("key", sorted(set(available_scenarios())))
def test_a_state_as_json_is_what_asdict_gives_in_the_same_order(key: str):
    scen = load_scenario(key)
    players = ["red", "blue", "white", "orange"][:max(scen.min_players, min(4, scen.max_players))]
    game = Game.new(key, players=players, seed=5)
    rng = random.Random(5)
    for _ in range(150):
        if game.over:
            break
        ours, reference = game.engine.s.to_json(), _as_asdict_gives(game.engine.s)
        assert ours == reference
        assert json.dumps(ours) == json.dumps(reference)     # the keys' order too
        game.execute(rng.choice(game.legal_actions()))


def _played(key: str, seed: int, moves: int) -> tuple[Game, random.Random]:
    """A three-player game of ``key`` after ``moves`` random moves, and the generator."""
    game = Game.new(key, players=["red", "blue", "white"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.execute(rng.choice(game.legal_actions()))
    return game, rng


def test_a_state_as_json_shares_nothing_with_the_state():
    game, _ = _played("cloth-for-catan", 3, 60)
    before = game.digest()
    data = game.engine.s.to_json()

    def scribble(value: Any) -> None:
        if isinstance(value, dict):
            for v in value.values():
                scribble(v)
            value["scribbled"] = 1
        elif isinstance(value, list):
            for v in value:
                scribble(v)
            value.append(-7)

    scribble(data)
    assert game.digest() == before


def test_a_game_document_loaded_leaves_the_document_as_it_was():
    game, rng = _played("legend-2", 4, 80)
    document = game.to_json()
    kept = json.dumps(document, sort_keys=True)
    loaded = Game.from_json(document)
    loaded.execute(rng.choice(loaded.legal_actions()))
    assert json.dumps(document, sort_keys=True) == kept
