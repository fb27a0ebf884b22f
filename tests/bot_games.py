"""Games played by bots with every line checked, for the scenarios' bot tests: each line a
bot says must be legal where it is said and in its canonical spelling."""

from __future__ import annotations

from collections import Counter
from typing import Callable, Sequence

from catan_cli import Game
from catan_cli.bots import make_bot

NAMES = ["red", "blue", "white", "orange"]


def task_counter(tasks: Sequence[str]) -> Callable[[Game, str], str]:
    """Counts a line under the first task it starts with, else under its first word."""
    return lambda game, line: next((t for t in tasks if line.startswith(t)), line.split()[0])


def play_checked(scenario: str, bots: list[str], seed: int, *, tasks: Sequence[str] = (), turns: int = 500,
                 bot_seed: int | None = None,
                 count: Callable[[Game, str], str] | None = None) -> tuple[Counter[str], Game]:
    """Play one game of ``scenario`` by ``bots`` (a kind per seat) to its end or ``turns``;
    returns how often each task (``count``: by default the first of ``tasks`` a line starts
    with, else its first word) was said, and the game.  Bot ``i`` is seeded
    ``bot_seed + i`` (by default ``100 + seed + i``)."""
    names = NAMES[:len(bots)]
    game = Game.new(scenario, players=names, seed=seed)
    first = 100 + seed if bot_seed is None else bot_seed
    agents = [make_bot(kind, first + i) for i, kind in enumerate(bots)]
    key = count or task_counter(tasks)
    said: Counter[str] = Counter()
    while not game.over and game.engine.s.turn <= turns:
        seat = game.prompt_player()
        line = agents[names.index(seat)].choose(game, seat)
        verdict = game.check(line)
        assert verdict.ok, f"{seat} said {line!r}: {verdict.reason}"
        assert game.text(game.parse(line)) == line, f"{seat} said {line!r}, not its canonical spelling"
        said[key(game, line)] += 1
        game.execute(line)
    return said, game
