"""Counting words for the clients' messages: '1 command', '2 commands', '1 warship'."""

from __future__ import annotations


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1 (``words``: an irregular plural)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


__all__ = ["plural"]
