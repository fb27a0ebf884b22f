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


class Private(NamedTuple):
    """The part of an event only some seats may know: the card a thief took is known to
    the thief and the victim, a peeked token to the one who peeked."""

    seats: tuple[int, ...]
    text: str
    data: tuple[tuple[str, Any], ...] = ()


class Event(NamedTuple):
    """Something that happened, for the log and the screen.  ``seat`` is the player it is
    mainly about (-1 for none); ``kind`` a short tag such as "produce" or "longest-route".

    ``text`` and ``data`` are what the whole table may know ("red steals a card from
    blue"); ``private`` what only its ``seats`` may know ("red steals 1 ore from blue").
    An event with an empty ``text`` and no private part is for nobody's eyes (a record).
    Clients never read ``private`` themselves: they ask :meth:`seen_by` for the event as one
    seat (or a spectator, ``None``) may see it, and print that.
    """

    kind: str
    seat: int
    text: str
    data: tuple[tuple[str, Any], ...] = ()
    private: Private | None = None

    def seen_by(self, viewer: int | None) -> "Event | None":
        """This event as ``viewer`` may see it (None: a spectator); None when the viewer
        is told nothing of it."""
        p = self.private
        if p is not None and viewer is not None and viewer in p.seats:
            return Event(self.kind, self.seat, p.text, self.data + p.data)
        if not self.text:
            return None
        if p is None:
            return self
        return Event(self.kind, self.seat, self.text, self.data)

    @property
    def public(self) -> "Event | None":
        """The event as the whole table sees it."""
        return self.seen_by(None)


# Verbs that only a sandbox game accepts.
SANDBOX_KINDS: frozenset[str] = frozenset({"dice", "give", "take", "put", "turn", "draw"})
