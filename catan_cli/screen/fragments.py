"""rich Text and renderables as prompt_toolkit formatted text, one list of fragments per line.

The screen draws with prompt_toolkit but the drawings (map, tables) are rich: the segments rich
renders are turned into (style, text) fragments directly, with the style strings cached, so a
whole map converts in about a millisecond.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any, Sequence

from rich.color import Color
from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

Fragment = tuple[str, str]
Line = list[Fragment]

_CONSOLE = Console(file=io.StringIO(), width=400, color_system="truecolor", force_terminal=True,
                   legacy_windows=False)


def _hex(color: Color | None) -> str:
    if color is None or color.is_default:
        return ""
    r, g, b = color.get_truecolor()
    return f"#{r:02x}{g:02x}{b:02x}"


@lru_cache(maxsize=1024)
def pt_style(style: Style | None) -> str:
    """A rich Style as a prompt_toolkit style string."""
    if style is None:
        return ""
    parts = []
    fg, bg = _hex(style.color), _hex(style.bgcolor)
    if fg:
        parts.append(fg)
    if bg:
        parts.append(f"bg:{bg}")
    for attr in ("bold", "italic", "underline", "reverse"):
        if getattr(style, attr):
            parts.append(attr)
    return " ".join(parts)


@lru_cache(maxsize=1024)
def rich_to_pt(style: str) -> str:
    """A rich style string ('bold #d55e00 on #16331a') as a prompt_toolkit style string."""
    if not style:
        return ""
    try:
        return pt_style(Style.parse(style))
    except Exception:   # a word rich does not know: drawn plain rather than failing the screen
        return ""


def runs_lines(runs: Sequence[Sequence[tuple[str, str]]]) -> list[Line]:
    """Lines of (rich style, text) runs, as fragment lines."""
    return [[(rich_to_pt(style), text) for style, text in line] for line in runs]


def segments_line(segments: Sequence[Segment]) -> Line:
    return [(pt_style(seg.style), seg.text) for seg in segments if seg.text and not seg.control]


def text_lines(text: Text) -> list[Line]:
    """A multi-line Text (a map drawing) as fragment lines, no wrapping."""
    return [segments_line(list(line.render(_CONSOLE))) for line in text.split("\n", allow_blank=True)]


def renderable_lines(renderable: RenderableType, width: int) -> list[Line]:
    """Any rich renderable (a table) laid out at ``width`` columns, as fragment lines."""
    options = _CONSOLE.options.update(width=max(1, width))
    lines = _CONSOLE.render_lines(renderable, options, pad=False)
    return [segments_line(line) for line in lines]


def line_len(line: Line) -> int:
    return sum(len(t) for _, t in line)


def crop(line: Line, start: int, width: int) -> Line:
    """The columns start .. start+width of a fragment line."""
    out: Line = []
    pos = 0
    end = start + width
    for style, text in line:
        n = len(text)
        lo, hi = max(start, pos), min(end, pos + n)
        if lo < hi:
            out.append((style, text[lo - pos:hi - pos]))
        pos += n
        if pos >= end:
            break
    return out


def wrap(line: Line, width: int) -> list[Line]:
    """A fragment line broken at spaces into lines of at most ``width`` columns (a word longer
    than the width is cut, the only way it can fit)."""
    width = max(1, width)
    if line_len(line) <= width:
        return [line]
    chars = [(style, ch) for style, text in line for ch in text]
    out: list[Line] = []
    while chars:
        if len(chars) <= width:
            cut, skip = len(chars), 0
        else:
            spaces = [i for i in range(width, 0, -1) if chars[i][1] == " "]
            cut, skip = (spaces[0], 1) if spaces else (width, 0)
        out.append(_join(chars[:cut]))
        chars = chars[cut + skip:]
        while chars and chars[0][1] == " " and out:
            chars = chars[1:]
    return out


def _join(chars: Sequence[tuple[str, str]]) -> Line:
    out: Line = []
    for style, ch in chars:
        if out and out[-1][0] == style:
            out[-1] = (style, out[-1][1] + ch)
        else:
            out.append((style, ch))
    return out


def plain(line: Line) -> str:
    return "".join(t for _, t in line)


def styled(text: str, style: str = "") -> Line:
    return [(style, text)]


def join_lines(lines: Sequence[Line]) -> list[Any]:
    """Fragment lines as one formatted text, newline-separated (what a control returns)."""
    out: list[Any] = []
    for i, line in enumerate(lines):
        if i:
            out.append(("", "\n"))
        out.extend(line)
    return out
