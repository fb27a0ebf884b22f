"""The random walker the scenarios' walk tests share.

A walk plays one seeded game: at every step a ``pick`` function chooses among the position's
legal moves (commands by default, Actions with ``by_text=False``), the game executes it, and
(when checking) the position must pass :func:`check_invariants` and the test's own
``problems`` (checks written from the seed text, from the plain state).  The walk stops when
the game ends or the turn counter passes ``cap``.  Every test file keeps what is its own: its
preferences, its checks, its tallies (through ``on_step``) and its report.

Each game is seeded twice (the game's seed and the walker's ``random.Random``), so a failure
names the seed that reproduces it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pytest

from catan_cli import Game
from catan_cli.engine import invariants
from catan_cli.engine.actions import Event
from catan_cli.engine.invariants import check_invariants, longest_trail

COLOURS = ["red", "blue", "white", "orange"]

#: (command prefix, chance): the walker takes a listed command with this chance, in order
Preferences = Sequence[tuple[str, float]]
Pick = Callable[[Game, list[Any], random.Random], Any]
Options = Callable[[Game, random.Random], list[Any]]
Problems = Callable[[Game], list[str]]
OnStep = Callable[[Game, Any, list[Event]], None]


def walker_rng(seed: int, players: int) -> random.Random:
    """The walker's own generator: another stream for every seed and player count."""
    return random.Random(seed * 7919 + players)


def prefer(commands: list[str], rng: random.Random, preferences: Preferences,
           matches: Callable[[str, str], bool] = str.startswith) -> str:
    """The first preference (in order) that has commands and wins its chance picks one of
    them; otherwise any command, uniformly."""
    for prefix, chance in preferences:
        options = [c for c in commands if matches(c, prefix)]
        if options and rng.random() < chance:
            return rng.choice(options)
    return rng.choice(commands)


def preferring(preferences: Preferences) -> Pick:
    """A ``pick`` that follows ``preferences`` (see :func:`prefer`)."""
    return lambda g, commands, rng: prefer(commands, rng, preferences)


def uniform(g: Game, options: list[Any], rng: random.Random) -> Any:
    return rng.choice(options)


def no_problems(g: Game) -> list[str]:
    return []


@dataclass
class Run:
    game: Game
    actions: int
    seconds: float

    @property
    def capped(self) -> bool:
        return not self.game.over


def walk_game(scenario: str, seed: int, players: int, *, cap: int, pick: Pick = uniform,
              problems: Problems = no_problems, rng: random.Random | None = None,
              by_text: bool = True, options: Options | None = None, check: bool = True,
              check_every: int = 1, on_step: OnStep | None = None) -> Run:
    """Play one game of ``scenario`` to its end or past ``cap`` turns (see the module)."""
    rng = rng if rng is not None else walker_rng(seed, players)
    if options is None:
        options = (lambda g, r: g.legal_commands()) if by_text else (lambda g, r: g.legal_actions())
    start = time.perf_counter()
    g = Game.new(scenario, players=COLOURS[:players], seed=seed)
    actions = 0
    while not g.over and g.state.turn <= cap:
        moves = options(g, rng)
        assert moves, f"{scenario} seed {seed}/{players}: nothing legal in a live game ({g.waiting_for()})"
        move = pick(g, moves, rng)
        events = g.execute(move)
        actions += 1
        if on_step is not None:
            on_step(g, move, events)
        if check and actions % check_every == 0:
            found = check_invariants(g) + problems(g)
            assert not found, (f"{scenario} seed {seed}, {players} players, action {actions} "
                               f"{g.history[-1]!r} -> {[ev.text for ev in events]}: {found}")
    if g.over:
        assert g.legal_actions() == [], f"{scenario} seed {seed}: moves listed after the game ended"
    return Run(g, actions, time.perf_counter() - start)


_TRAILS: dict[tuple[object, ...], int] = {}


def memo_trail(engine: Any, seat: int) -> int:
    """:func:`longest_trail`, computed once per board position and seat: the from-scratch
    search is exponential and would otherwise dominate the walks; it still runs afresh
    whenever a piece is placed, moved, shared or upgraded."""
    s = engine.s
    key = (engine.scen.key, seat, tuple(s.edge_owner), tuple(s.edge_kind), tuple(s.shared_ships),
           tuple(s.node_owner), tuple(s.node_kind))
    if key not in _TRAILS:
        if len(_TRAILS) > 200_000:
            _TRAILS.clear()
        _TRAILS[key] = longest_trail(engine, seat)
    return _TRAILS[key]


@pytest.fixture
def memoised_trails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Use in a walk test module (``pytestmark = pytest.mark.usefixtures(...)``) so that the
    invariants' trail search is memoised there."""
    monkeypatch.setattr(invariants, "longest_trail", memo_trail)
