"""The Legend's chapters: which class plays a chapter, its scenario key, and its legend-point
table (digest E.2.1, E.2.3).

Legend points are awarded at the start of the next chapter for the VP placing in this one
(dense ranking, E.2.2) plus a bonus to the 2nd-4th placed who met the chapter's bonus
condition (:meth:`ChapterInfo.bonus_earned`).

A later chapter joins in four steps, and nothing else changes:

1. ``chapterN.py``: a :class:`.chapter.Chapter` subclass (``number``, ``title``, its
   ``record_columns`` and ``total_column`` for the Chronicle, its rules text, state items,
   verbs, pending decisions and hooks; it reads the carry in ``on_new_game``, see
   :mod:`.chapter`);
2. ``rules/legend-N.toml`` (and ``legend-N-3p.toml``): ``package = "legend"``,
   ``[params] chapter = N`` and the chapter's data;
3. a line in :data:`CHAPTERS` below: scenario key, class, LP table, bonus and its condition;
4. its friend cards in :data:`.friends.FRIENDS`, its verbs in :class:`.friends.FriendRules`.

The campaign then plays it after the chapter before: ``catan campaign NAME`` records the
ended chapter and starts ``CHAPTERS[N]`` with the carry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .chapter import Chapter
from .chapter1 import Chapter1
from .chapter2 import Chapter2
from .chapter3 import Chapter3


@dataclass(frozen=True)
class ChapterInfo:
    number: int
    key: str                                  # scenario key
    cls: type[Chapter]
    lp_table: tuple[int, ...]                 # LP for 1st, 2nd, 3rd, 4th place
    bonus: int                                # extra LP for 2nd-4th who earned it
    #: (the player's record, the number of players) -> whether the bonus is earned
    bonus_earned: Callable[[dict[str, int], int], bool]


CHAPTERS: dict[int, ChapterInfo] = {
    1: ChapterInfo(1, "legend-1", Chapter1, (4, 3, 2, 1), 1,
                   lambda record, n: record.get("castaways", 0) >= 3),
    # Postscript to Chapter 2: 5/4/3/1, +1 to 2nd-4th with 12 gold (3 players) / 10 (4 players).
    2: ChapterInfo(2, "legend-2", Chapter2, (5, 4, 3, 1), 1,
                   lambda record, n: record.get("gold", 0) >= (12 if n == 3 else 10)),
    # Postscript to Chapter 3: 6/4/3/1, +2 to 2nd-4th who sank 3 sea robbers (3 players) / 2 (4).
    3: ChapterInfo(3, "legend-3", Chapter3, (6, 4, 3, 1), 2,
                   lambda record, n: record.get("sunk", 0) >= (3 if n == 3 else 2)),
}


def chapter_class(number: int) -> type[Chapter]:
    """The class that plays chapter ``number`` (the neutral chapter for 0 or unknown)."""
    info = CHAPTERS.get(number)
    return info.cls if info else Chapter
