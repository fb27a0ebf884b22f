"""The one door to the terminal for text that came from outside: a file, a save, typed input
or a network peer.

:func:`clean_text` shows every control character as a visible escape, so no byte from a file
or a peer can move the cursor, clear the screen, retitle the window or write the clipboard
(ESC is shown as ``\\e``, the other C0/C1 controls as ``\\n``, ``\\t``, ``\\xNN``, Unicode format
controls such as the bidi overrides as ``\\uNNNN``), and cuts long text to ``limit`` characters
with a ``…`` mark, so a one-line message stays one short line whatever it quotes.
"""

from __future__ import annotations

import unicodedata

#: characters a cleaned text keeps at most (the cut mark included), unless the caller says
LIMIT = 400
CUT_MARK = "…"
_NAMED = {"\x1b": "\\e", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\x00": "\\0"}


def _visible(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if code < 0x20 or 0x7F <= code <= 0x9F:
        return f"\\x{code:02x}"
    if unicodedata.category(ch) in ("Cf", "Cs", "Co", "Zl", "Zp"):
        return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
    return ch


def _is_plain(ch: str) -> bool:
    code = ord(ch)
    if code < 0x7F:
        return code >= 0x20
    return code > 0x9F and unicodedata.category(ch) not in ("Cf", "Cs", "Co", "Zl", "Zp")


def clean_text(text: str, limit: int = LIMIT) -> str:
    """``text`` safe to print as one line: control characters escaped, at most ``limit``
    characters (longer text is cut and ends with ``…``).  ``limit <= 0``: no cut."""
    text = str(text)
    if limit > 0:
        text = text[: limit + 1]   # never escape a megabyte to keep a few hundred characters
    shown = text if all(_is_plain(ch) for ch in text) else "".join(
        ch if _is_plain(ch) else _visible(ch) for ch in text)
    if limit > 0 and len(shown) > limit:
        return shown[: limit - len(CUT_MARK)] + CUT_MARK
    return shown


def clean_lines(text: str, limit: int = LIMIT) -> str:
    """Several lines, each cleaned (the line breaks are kept, everything else escaped)."""
    return "\n".join(clean_text(line, limit) for line in str(text).split("\n"))


__all__ = ["clean_text", "clean_lines", "LIMIT", "CUT_MARK"]
