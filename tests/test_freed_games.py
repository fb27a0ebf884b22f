"""A game nobody holds any more is freed at once, by reference counting.

The engine owns the scenario's rules, which reach the engine through their context; the
context, the general decisions and the verb tables reach it weakly or not at all, so a
dropped game is no reference cycle left for the cycle collector to find and sweep (which
it would do, slowly, over every object alive, many times in a long run of games).
The compiled build's classes take no weak references: its games are cycles, and the
collector must sweep them.
"""

from __future__ import annotations

import gc
import random
import weakref
from typing import Iterator

import pytest

from builds import COMPILED
from catan_cli import Game
from catan_cli.engine.core import Engine

# mypyc's classes take no weak references: the compiled build's games are cycles, swept by the
# collector (catan_cli.engine.context.weakly).
pure_only = pytest.mark.skipif(COMPILED, reason="the compiled build's engine takes no weak references")

COLOURS = ["red", "blue", "white", "orange"]
SCENARIOS = ["base", "cloth-for-catan", "pirate-islands", "legend-1", "legend-2", "legend-3",
             "legend-4", "barbarian-attack", "land-ho"]


@pytest.fixture
def no_collector() -> Iterator[None]:
    """The cycle collector off, so only reference counting frees anything."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def played(scenario: str, seed: int, steps: int, text: bool = False) -> Game:
    g = Game.new(scenario, players=COLOURS, seed=seed)
    choose = random.Random(seed).choice
    for _ in range(steps):
        if g.over:
            break
        g.execute(choose(g.legal_commands() if text else g.legal_actions()))
    return g


@pure_only
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_dropped_game_frees_its_engine_at_once(scenario: str, no_collector: None) -> None:
    g = played(scenario, 3, 300)
    engine = weakref.ref(g.engine)
    copy = weakref.ref(g.copy().engine)
    del g
    assert engine() is None
    assert copy() is None


@pure_only
@pytest.mark.parametrize("text", [False, True])
def test_a_base_game_played_to_the_end_leaves_no_garbage_cycle(text: bool, no_collector: None) -> None:
    g = played("base", 11, 5000, text)
    assert g.over
    del g
    assert gc.collect() == 0


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_dropped_game_and_its_copy_leave_no_engine_behind_the_collector(scenario: str) -> None:
    # Either build.  The compiled one once kept every engine: mypyc's traversal visited twice
    # the attributes Engine annotated again over EngineBase's declarations, so the collector
    # saw each engine referenced from outside its cycle (test_compiled checks the source).
    gc.collect()
    alive = [o for o in gc.get_objects() if isinstance(o, Engine)]
    g = played(scenario, 3, 300)
    g.copy().legal_actions()
    del g
    gc.collect()
    assert [o for o in gc.get_objects() if isinstance(o, Engine) and not any(o is a for a in alive)] == []
