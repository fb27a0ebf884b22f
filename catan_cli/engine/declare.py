"""What a scenario package declares to the core: its pieces, verbs, pending decisions and
the visibility of every piece of state it keeps.

The core iterates over these declarations and names none of the things declared.  The
general game declares its own pieces and pending decisions with the same types
(:mod:`.pieces`, :mod:`.pendings`), so a scenario's piece or decision is handled exactly
like a base one.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable

from .actions import Action, Event
from .words import sum_text

if TYPE_CHECKING:
    from ..notation import Reader, Writer
    from .context import RulesContext


class Visibility(enum.Enum):
    """Who may see an item of state."""

    PUBLIC = "public"      # every seat and spectators
    OWNER = "owner"        # only the seat it belongs to (others see ``shown_as``, if given)
    NOBODY = "nobody"      # no seat: a face-down stack, an unrevealed token


@dataclass(frozen=True)
class StateItem:
    """One key of scenario state: ``GameState.extra[key]`` (scope "game") or
    ``PlayerState.extra[key]`` of every player (scope "player").

    ``Game.view`` shows an item only as its visibility allows; to a seat that may not see
    it, ``shown_as(value)`` stands in (a count of face-down tokens, say), or nothing.
    State under an undeclared key is an invariant violation, so nothing can skip this.
    ``scramble`` gives another value of the same shape, for the secrecy test: a view must
    not change when what it hides changes.
    ``redeal(ctx, seat, rng)`` deals the item afresh in a copy of the game, for a seat
    that may not see all of it (the searching bot's worlds, ``bots/determinise.py``):
    everything hidden from ``seat`` is drawn from what it may know (the whole set of
    tokens or cards less those face up and its own), with every count and place it sees
    kept, and nothing read from the hidden values themselves.  Items dealt from one pool
    (tokens on the board, aside and in hands) name the same function; it is called once.
    A hidden item without one keeps the searching bot from searching while it holds state.
    """

    key: str
    visibility: Visibility
    scope: str = "game"                                      # "game" or "player"
    shown_as: Callable[[Any], Any] | None = None
    present: Callable[[Any], Any] | None = None              # value -> as those who may see it see it
    scramble: Callable[[Any, Any], Any] | None = None        # (value, random.Random) -> value
    doc: str = ""
    redeal: Callable[["RulesContext", int, random.Random], None] | None = None


@dataclass(frozen=True)
class HelpEntry:
    """``help VERB``: the syntax, what it costs, what it does, an example.  ``price``: a
    piece the verb builds and its price in resources (RESOURCES' order), which the costs
    pane lists beside the general pieces; it gives ``cost`` its words when that is left out."""

    verb: str
    syntax: str
    text: str
    example: str
    cost: str = ""
    price: tuple[str, tuple[int, ...]] | None = None

    def __post_init__(self) -> None:
        if self.price is not None and not self.cost:
            object.__setattr__(self, "cost", sum_text(self.price[1]))


@dataclass(frozen=True)
class Verb:
    """A scenario verb, registered once with everything the core needs of it.

    ``words`` are the command's leading words ("choose", "reward"); ``parse`` reads the
    rest of the line.  The callables are usually bound methods of the scenario's rules
    object, which holds the game's :class:`~.context.RulesContext`.  ``check`` returns the
    reason it is illegal now (None: legal) and is
    always called before ``apply``; ``legal`` proposes candidates that the core filters
    through ``check`` (or, with ``exact``, the legal moves themselves).  ``answers`` names the pending decision this verb answers, which
    makes a line without an actor belong to the seat the game waits for.
    """

    kind: str
    words: tuple[str, ...]
    parse: Callable[["Reader", int], Action]
    format: Callable[[Action, "Writer"], str]
    check: Callable[[Action], str | None]
    apply: Callable[[Action], list[Event]]
    legal: Callable[[int], Iterable[Action]]
    help: HelpEntry
    answers: str = ""
    #: open-ended offers (any amounts): proposed among the legal moves only when they are
    #: asked for with ``offers=True``, like the general one-for-one offers
    offers: bool = False
    #: ``legal`` gives exactly the moves ``check`` allows wherever the core lists them (the
    #: seat on turn after set-up and the roll, nothing pending; an answer: the seat asked),
    #: so the core lists them as they come instead of checking every candidate
    exact: bool = False
    #: the play of a development card (Monopoly naming a spice): listed before the roll too,
    #: beside the general cards (A.11.2), while the seat holds a card and has played none
    plays_card: bool = False
    #: a name the verb shares with others that may all be closed at once (the Legend's
    #: friend cards, each its friend's name): the core asks the scenario's
    #: ``open_verb_groups(seat)`` once a listing and lists no verb of a group it leaves
    #: out, without calling its ``legal`` (which must list nothing then too)
    group: str = ""


@dataclass(frozen=True)
class PendingKind:
    """A kind of pending decision: a question the game puts to one seat.

    The state keeps each open decision as a plain dict (``{"kind": ..., "seat": ...}``);
    this object owns everything said about it: ``prompt`` is the short form the REPL prompt,
    the toolbar and ``Game.waiting_for`` show ("must discard 4"), ``reason`` the sentence a
    refused command gets ("blue must discard 4"), and ``answers`` the legal answers.
    ``any_order``: several open decisions of this kind may be answered in any order
    (discards on a 7); others are answered one at a time.  ``exact``: ``answers`` gives
    exactly the legal answers (else they are candidates the core filters through the check).
    """

    kind: str
    prompt: Callable[[dict[str, Any]], str]
    reason: Callable[[dict[str, Any]], str]
    answers: Callable[[dict[str, Any]], Iterable[Action]]
    any_order: bool = False
    exact: bool = False


@dataclass(frozen=True)
class PhaseKind:
    """A phase of the turn a scenario adds (the general ones are setup, roll, main and
    over), with what the game waits for while in it."""

    name: str
    prompt: str
    #: why the general trade and build verbs are refused in this phase ("{what}": the verb)
    closed: str = ""


