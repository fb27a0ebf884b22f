"""Small helpers that put game values into the words events and reasons use."""

from __future__ import annotations

from typing import Iterable, Sequence

from .geometry import RESOURCES


def resource_text(counts: Sequence[int]) -> str:
    """[0, 2, 0, 0, 1] -> '2 brick 1 ore' (the command language's card lists)."""
    parts = [f"{n} {RESOURCES[i]}" for i, n in enumerate(counts) if n]
    return " ".join(parts) if parts else "nothing"


def sum_text(counts: Sequence[int]) -> str:
    """[0, 0, 1, 1, 0] -> '1 wool + 1 grain' (a price in a sentence)."""
    return " + ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(counts) if n) or "nothing"


def times(n: int) -> str:
    """How often, in words: 'once', 'twice', '3 times'."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 3 -> '3rd', 11 -> '11th'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def or_list(names: Sequence[str]) -> str:
    """["Jerok", "Olaf", "Oda"] -> 'Jerok, Olaf or Oda'."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"


def either_text(resources: Iterable[str]) -> str:
    """["lumber", "wool"] -> '1 lumber or 1 wool' (a price paid with one card of a choice)."""
    return " or ".join(f"1 {r}" for r in resources)


def only(n: int, resource: str) -> str:
    """What someone holds of a resource, in a refusal: 'no brick', 'only 1 brick'."""
    return f"no {resource}" if n <= 0 else f"only {n} {resource}"
