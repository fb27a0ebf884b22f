"""Help text laid out again for the pane's width.

The rules summaries and the commands' help come as lines broken for a wide terminal, a
paragraph's later lines indented under its first word (``- On your turn: roll ...`` then
``  then trade and build ...``).  Wrapped again at 80 columns as they stand, each of those
lines would break in two in mid-sentence; :func:`paragraphs` joins each paragraph back into
one line and :func:`hang` wraps it at word boundaries, its later lines under its first word.
"""

from __future__ import annotations

import re
import textwrap
from typing import Iterable

# a paragraph's lead: '- ', '1. ', '12) ' (its later lines are indented by the lead's width)
_LEAD = re.compile(r"^(\s*)([-*•]|\d{1,2}[.)])\s+")
_ENDS = (".", ":", "!", "?")


def paragraphs(lines: Iterable[str]) -> list[tuple[int, str]]:
    """(hanging indent, text) per paragraph: a line indented as deep as the text after a
    paragraph's lead ('- ', '1. ') continues it; an unindented line continues an unindented
    paragraph whose last line did not end a sentence (a title broken across lines); any other
    line starts a paragraph (an indented note, such as a command's 'cost: ...', stands alone)."""
    out: list[tuple[int, str]] = []
    open_hang = -1                  # the indent a line needs to continue the paragraph above
    for raw in lines:
        line = raw.rstrip()
        if not line.strip():
            out.append((0, ""))
            open_hang = -1
            continue
        indent = len(line) - len(line.lstrip())
        lead = _LEAD.match(line)
        if out and open_hang >= 0 and not lead and indent == open_hang and \
                (indent > 0 or not out[-1][1].endswith(_ENDS)):
            hang, text = out[-1]
            out[-1] = (hang, f"{text} {line.strip()}")
            continue
        hang = lead.end() if lead else indent
        out.append((hang, line))
        open_hang = hang if lead or not indent else -1     # an indented note stands alone
    return out


def hang(text: str, hang_by: int, width: int) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` columns, every line after the
    first indented by ``hang_by`` (a word longer than the room is cut: the only way it fits)."""
    width = max(1, width)
    indent = " " * (hang_by if hang_by < width // 2 else 0)
    wrapper = textwrap.TextWrapper(width=width, subsequent_indent=indent, break_on_hyphens=False)
    return wrapper.wrap(text) or [""]


def reflow(lines: Iterable[str], width: int) -> list[str]:
    """Help lines joined into paragraphs and wrapped again at ``width``."""
    out: list[str] = []
    for hang_by, text in paragraphs(lines):
        out += hang(text, hang_by, width) if text else [""]
    return out


__all__ = ["paragraphs", "hang", "reflow"]
