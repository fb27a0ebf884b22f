"""Actions: small immutable values, one per thing a player (or the sandbox) can do.

An action is ``Action(kind, args, seat)``.  ``kind`` is the canonical verb ("build-road",
"discard", ...), ``args`` a tuple of ints / strings / tuples, and ``seat`` the acting seat
(-1 = whoever the game is waiting for).  Indices in args are 0-based engine indices;
the notation layer turns them into the numbers and names players see.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Action(NamedTuple):
    kind: str
    args: tuple[Any, ...] = ()
    seat: int = -1

    def by(self, seat: int) -> "Action":
        """The same action with its actor set."""
        return Action(self.kind, self.args, seat)


class Event(NamedTuple):
    """Something that happened, for the log and the screen.  ``seat`` is the player it is
    mainly about (-1 for none); ``kind`` a short tag such as "produce" or "longest-route"."""

    kind: str
    seat: int
    text: str


# Verbs that only a sandbox game accepts.
SANDBOX_KINDS: frozenset[str] = frozenset({"dice", "give", "take", "put", "turn", "draw"})
