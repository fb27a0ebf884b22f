"""'Did you mean ...?' for a misspelt word: the closest known word, when one is close."""

from __future__ import annotations

import difflib
from typing import Iterable


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known word most like ``word`` (None when none is close enough)."""
    options = sorted(set(known))
    found = difflib.get_close_matches(word.lower(), options, n=1, cutoff=0.6)
    return found[0] if found else None


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``" (did you mean 'seed'?)"``, or ``""`` when no known word is close."""
    found = closest(word, known)
    return f" (did you mean '{found}'?)" if found else ""


__all__ = ["closest", "did_you_mean"]
