"""Every random choice a bot makes comes from :func:`bot_rng`.

The generator is seeded from the game's seed, the seat, the number of commands played and
the position's public fingerprint (turn, phase, dice, bank, hand and deck sizes, pieces left,
pending decisions), which changes with every move.  So a bot's choice depends only on the game it is shown and
its seat: games stay reproducible, a saved game resumes exactly (a new bot object in a new
process chooses as the old one would have), and nothing hidden (whose cards are which, the
deck's order, the dice generator) goes into the seed.
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

if TYPE_CHECKING:
    from ..game import Game

T = TypeVar("T")


def public_key(game: "Game") -> tuple[object, ...]:
    """What identifies the position to everyone at the table (no hidden card in it)."""
    s = game.engine.s
    return (s.seed, s.turn, str(s.phase), s.current, s.setup_step, len(s.setup_order),
            tuple(s.dice or ()), tuple(s.bank), len(s.deck),
            tuple((sum(p.resources), len(p.dev_cards), p.knights, tuple(sorted(p.pieces.items())))
                  for p in s.players),
            tuple(sorted((str(item.get("kind")), int(item.get("seat", -1))) for item in s.pending)))


def bot_rng(game: "Game", seat: str | int, salt: str = "") -> random.Random:
    """The generator for ``seat``'s decision now (``salt`` separates independent uses).

    The number of commands played goes into the seed beside the position: moves that lead
    back to the same public position (Land Ho!'s load and unload of a settler) would
    otherwise draw the same choices again and again, for ever."""
    me = game.seat(seat) if isinstance(seat, str) else seat
    blob = repr((public_key(game), len(game.history), me, salt)).encode()
    return random.Random(int.from_bytes(hashlib.blake2b(blob, digest_size=8).digest(), "big"))


def pick_near_best(options: Sequence[T], score: Callable[[T], float],
                   rng: "random.Random | Callable[[], random.Random] | None", margin: float) -> T:
    """The best of ``options`` by ``score``, or with ``rng`` one of those within ``margin``
    (a fraction of the best score's size) of it, chosen at random: near-equal moves vary
    from game to game instead of replaying one opening.  ``rng`` may be a function that
    makes the generator: it is called only when two or more options are that near."""
    scored = [(score(o), i) for i, o in enumerate(options)]
    top = max(scored)
    if rng is None or margin <= 0:
        return options[top[1]]
    best = top[0]
    floor = best - margin * max(abs(best), 1e-9)
    near = sorted(i for v, i in scored if v >= floor)
    if len(near) == 1:
        return options[near[0]]     # what any generator would pick
    gen = rng if isinstance(rng, random.Random) else rng()
    return options[near[gen.randrange(len(near))]]


__all__ = ["bot_rng", "pick_near_best", "public_key"]
