"""The Legend's chapters: which class plays a chapter, its scenario key, and its legend-point
table (digest E.2.1, E.2.3).

Legend points are awarded at the start of the next chapter for the VP placing in this one
(dense ranking, E.2.2) plus a bonus to the 2nd-4th placed who met the chapter's bonus
condition (:meth:`ChapterInfo.bonus_earned`).

A later chapter joins in four steps, and nothing else changes:

1. ``chapterN/rules.py``: a :class:`.chapter.Chapter` subclass (``number``, ``title``, its
   ``record_columns`` and ``total_column`` for the Chronicle, its rules text, state items,
   verbs, pending decisions and hooks; it reads the carry in ``on_new_game``, see
   :mod:`.chapter`);
2. ``rules/legend-N.toml`` (and ``legend-N-3p.toml``): ``package = "legend"``,
   ``[params] chapter = N`` and the chapter's data;
3. a line in :data:`CHAPTERS` below: scenario key, class, LP table, bonus and its condition;
4. its friend cards in :data:`.friends.FRIENDS`, their verbs in ``chapterN/friends.py`` (a
   :class:`.friends.FriendRules` subclass that :class:`.general.LegendRules` derives from).

The campaign then plays it after the chapter before: ``catan campaign NAME`` records the
ended chapter and starts ``CHAPTERS[N]`` with the carry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from .chapter import Chapter
from .chapter1.rules import Chapter1
from .chapter2.rules import Chapter2
from .chapter3.rules import Chapter3
from .chapter4.rules import Chapter4


@dataclass(frozen=True)
class ChapterInfo:
    number: int
    key: str                                  # scenario key
    cls: type[Chapter]
    lp_table: tuple[int, ...]                 # LP for 1st, 2nd, 3rd, 4th place
    bonus: int                                # extra LP for 2nd-4th who earned it
    #: (the player, every player's record, the number of players) -> whether the bonus is
    #: earned; a condition may compare the player with the others (Chapter 4's spice chits)
    bonus_earned: Callable[[str, Mapping[str, Mapping[str, int]], int], bool]


def at_least(key: str, three_players: int, four_players: int) -> Callable[[str, Mapping[str, Mapping[str, int]], int], bool]:
    """The bonus for a record of at least this many (by the number of players)."""
    def earned(name: str, records: Mapping[str, Mapping[str, int]], n: int) -> bool:
        return records.get(name, {}).get(key, 0) >= (three_players if n == 3 else four_players)
    return earned


def holds_the_most(key: str) -> Callable[[str, Mapping[str, Mapping[str, int]], int], bool]:
    """The bonus for holding the most of ``key``, alone or tied; nobody earns it when every
    player holds the same (Chapter 4's spice chits)."""
    def earned(name: str, records: Mapping[str, Mapping[str, int]], n: int) -> bool:
        counts = [r.get(key, 0) for r in records.values()]
        if not counts or len(set(counts)) == 1:
            return False
        return records.get(name, {}).get(key, 0) == max(counts)
    return earned


CHAPTERS: dict[int, ChapterInfo] = {
    1: ChapterInfo(1, "legend-1", Chapter1, (4, 3, 2, 1), 1, at_least("castaways", 3, 3)),
    # Postscript to Chapter 2: 5/4/3/1, +1 to 2nd-4th with 12 gold (3 players) / 10 (4 players).
    2: ChapterInfo(2, "legend-2", Chapter2, (5, 4, 3, 1), 1, at_least("gold", 12, 10)),
    # Postscript to Chapter 3: 6/4/3/1, +2 to 2nd-4th who sank 3 sea robbers (3 players) / 2 (4).
    3: ChapterInfo(3, "legend-3", Chapter3, (6, 4, 3, 1), 2, at_least("sunk", 3, 2)),
    # Postscript to Chapter 4: 7/5/3/1, +2 to 2nd-4th who hold or tie for the most spice chits (none if all equal).
    4: ChapterInfo(4, "legend-4", Chapter4, (7, 5, 3, 1), 2, holds_the_most("chits")),
}


def chapter_class(number: int) -> type[Chapter]:
    """The class that plays chapter ``number`` (the neutral chapter for 0 or unknown)."""
    info = CHAPTERS.get(number)
    return info.cls if info else Chapter
