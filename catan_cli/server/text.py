"""Text from a client, made safe to show on other people's terminals.

The server uses the project's one cleaner (:func:`catan_cli.safetext.clean_text`): control
characters and the Unicode tricks that reorder or hide text are shown escaped (``\\e[2J``,
``\\u202e``), so what one client typed can never move another client's cursor or recolour its
screen, and long text is cut with a ``…`` mark.
"""

from __future__ import annotations

from ..safetext import clean_text


def clean(text: str, limit: int = 200) -> str:
    """``text`` safe to show as one line of at most ``limit`` characters."""
    return clean_text(text, limit)
