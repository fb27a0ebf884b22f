"""Text from a client, made safe to show on other people's terminals."""

from __future__ import annotations

import re

# Control characters (C0, DEL, C1) and the Unicode tricks that reorder or hide text.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


# issue 10's safetext.clean_text replaces this on merge
def clean(text: str, limit: int = 200) -> str:
    """``text`` without escape sequences or control characters, at most ``limit`` characters:
    what one client typed can never move another client's cursor or recolour its screen."""
    return _UNSAFE.sub("", text)[:limit]
