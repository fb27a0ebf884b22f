"""Small helpers that put game values into the words events and reasons use."""

from __future__ import annotations

from typing import Sequence

from .geometry import RESOURCES


def resource_text(counts: Sequence[int]) -> str:
    """[0, 2, 0, 0, 1] -> '2 brick 1 ore' (the command language's card lists)."""
    parts = [f"{n} {RESOURCES[i]}" for i, n in enumerate(counts) if n]
    return " ".join(parts) if parts else "nothing"
