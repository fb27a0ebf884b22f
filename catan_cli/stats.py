"""Numbers about a game so far: the dice rolled and how often each total was expected.

The state keeps only the last roll, so the rolls are read from the events of the commands
as they are played, or (a game loaded or undone) from a replay of its record.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Sequence

if TYPE_CHECKING:
    from .engine.actions import Event
    from .game import Game

_ROLL = re.compile(r" rolls (\d+)\+(\d+) = (\d+)")
TOTALS: tuple[int, ...] = tuple(range(2, 13))


def ways(total: int) -> int:
    """How many of the 36 outcomes of two dice make ``total``."""
    return 6 - abs(7 - total) if 2 <= total <= 12 else 0


def expected(total: int, rolls: int) -> float:
    return rolls * ways(total) / 36


class DiceLog:
    """The totals rolled in a game: counted from each command's events as it is played, and
    read back by a replay of the record (``fresh`` makes the game's new start) when the game
    came from elsewhere (a save, an undo)."""

    def __init__(self, fresh: Callable[[], "Game"]) -> None:
        self._fresh = fresh
        self._commands = 0
        self._totals: list[int] = []

    def played(self, game: "Game", events: "Sequence[Event]") -> None:
        """One more command of ``game`` was played, with these events."""
        if self._commands == len(game.history) - 1:
            self._totals += _totals(events)
            self._commands += 1

    def totals(self, game: "Game") -> list[int]:
        if self._commands != len(game.history):
            replay = self._fresh()
            self._totals = [t for line in game.history for t in _totals(replay.execute(line))]
            self._commands = len(game.history)
        return list(self._totals)


def _totals(events: "Sequence[Event]") -> list[int]:
    return [int(m.group(3)) for ev in events if ev.kind == "roll" if (m := _ROLL.search(ev.text))]


def histogram(totals: Sequence[int]) -> list[tuple[int, int, float]]:
    """(total, times rolled, times expected) for 2..12."""
    return [(t, sum(1 for x in totals if x == t), expected(t, len(totals))) for t in TOTALS]
