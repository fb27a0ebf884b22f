"""Dealing hidden state afresh: the tools a scenario's ``StateItem.redeal`` is written with.

A copy of the game for a seat that may not see everything (the searching bot's worlds) gets
its hidden tokens and cards dealt again from what the seat may know: the whole set (the
scenario's data) less what is face up and what the seat holds itself, shuffled over the
hidden places, each place keeping how many it holds.  The pool is put in a fixed order
before it is shuffled, so the deal depends on the generator and on what the seat knows,
never on the hidden values it replaces (the secrecy test scrambles those).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Callable, Iterable

if TYPE_CHECKING:
    from .context import RulesContext


def unseen(whole: Iterable[Any], seen: Iterable[Any]) -> list[Any]:
    """``whole`` less ``seen``, as multisets, in a fixed order (a seen token the whole has
    no more of is ignored)."""
    left: Counter[Any] = Counter(whole)
    for x in seen:
        if left[x] > 0:
            left[x] -= 1
    return sorted(left.elements(), key=repr)


def deal(pool: list[Any], sizes: list[int], rng: random.Random, whole: list[Any] | None = None) -> list[list[Any]]:
    """``pool`` shuffled and dealt into piles of ``sizes``.  Should the pool be short (state
    the seat cannot account for, as after a scenario's own use of a token), the piles are
    filled with draws from ``whole`` (or the pool itself), so every place keeps its count."""
    cards = list(pool)
    rng.shuffle(cards)
    need = sum(sizes)
    spare = whole if whole else pool
    while len(cards) < need and spare:
        cards.append(rng.choice(spare))
    out: list[list[Any]] = []
    at = 0
    for size in sizes:
        out.append(cards[at:at + size])
        at += size
    return out


def reshuffle(key: str) -> Callable[["RulesContext", int, random.Random], None]:
    """The ``redeal`` of a face-down stack whose contents every seat can count (the whole
    less the cards face up): the same cards in a new order."""

    def redeal(ctx: "RulesContext", seat: int, rng: random.Random) -> None:
        stack = sorted(ctx.data[key], key=repr)
        rng.shuffle(stack)
        ctx.data[key] = stack

    return redeal


__all__ = ["deal", "reshuffle", "unseen"]
