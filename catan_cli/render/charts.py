"""Pictures of bot games, for ``catan simulate`` and the tournaments: each bot's win rate
as a bar with its 95 % interval and fair share, and a histogram of the games' lengths.

Plain ASCII bars of a fixed width (``#`` as the dice table draws them), so they read the
same in any terminal, a log file or a pipe; colour is only a style on top.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

BAR = "#"
#: the columns a bar's label and its figures take beside the bar
LABEL_WIDTH = 10
FIGURES_WIDTH = 32
#: the narrowest bar drawn (a narrower terminal still gets it: the line is then cut)
MIN_BAR = 10
#: the win-rate scale ends at the first of these that holds every interval
SCALES = (0.25, 0.5, 0.75, 1.0)
#: a histogram has about this many bins
BINS = 10


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate, as fractions ((0, 1) without games)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    d = 1 + z * z / games
    mid = (p + z * z / (2 * games)) / d
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


@dataclass(frozen=True)
class WinRate:
    """One bar: ``label`` won ``wins`` of ``games``; ``parity`` its fair share (0..1)."""

    label: str
    wins: int
    games: int
    parity: float | None = None

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def _cell(x: float, scale: float, width: int) -> int:
    return min(width - 1, max(0, int(x / scale * width)))


def win_rate_bar(row: WinRate, scale: float, width: int) -> str:
    """``width`` characters: ``#`` up to the win rate, ``[`` and ``]`` at the ends of its 95 %
    interval (``-`` between the bar and the interval's top), ``|`` at the fair share."""
    lo, hi = wilson(row.wins, row.games)
    cells = [" "] * width
    filled = round(row.rate / scale * width)
    for i in range(min(filled, width)):
        cells[i] = BAR
    top = _cell(hi, scale, width)
    for i in range(filled, top):
        cells[i] = "-"
    if row.parity is not None:
        cells[_cell(row.parity, scale, width)] = "|"
    cells[_cell(lo, scale, width)] = "["
    cells[top] = "]"
    return "".join(cells)


def win_rate_chart(rows: Sequence[WinRate], width: int = 80, title: str = "win rate per bot") -> RenderableType:
    """Every row's win rate as a bar on one scale (0 to the first of ``SCALES`` that holds
    every interval), its figures to the right: ``42.0% [35.4, 48.9] 84/200``."""
    scale = next((s for s in SCALES if all(wilson(r.wins, r.games)[1] <= s for r in rows)), 1.0)
    bar_width = max(MIN_BAR, width - LABEL_WIDTH - FIGURES_WIDTH - 2)
    lines = [Text(f"{title} · 95% intervals", style="bold"),
             Text(" " * LABEL_WIDTH + "# win rate  [ ] 95% interval  | fair share", style="dim")]
    for row in rows:
        lo, hi = wilson(row.wins, row.games)
        line = Text(f"{row.label[:LABEL_WIDTH - 1]:<{LABEL_WIDTH}}", style="bold")
        line.append(win_rate_bar(row, scale, bar_width), style="cyan")
        line.append(f"  {100 * row.rate:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}] {row.wins}/{row.games}")
        lines.append(line)
    axis = f"0%{f'{100 * scale:.0f}%':>{bar_width - 2}}"
    lines.append(Text(" " * LABEL_WIDTH + axis, style="dim"))
    return Group(*lines)


def _nice_step(span: float, bins: int) -> int:
    """A bin width of 1, 2 or 5 times a power of ten giving about ``bins`` bins."""
    raw = max(1.0, span / bins)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def length_histogram(turns: Sequence[int], width: int = 80, capped: int = 0,
                     title: str = "game length") -> RenderableType:
    """The games' lengths in turns, binned (about ``BINS`` bins of a round width), a bar of
    ``#`` per bin scaled to the fullest; ``capped``: games stopped at the turn cap, counted
    on a line of their own."""
    lines = [Text(f"{title} · {len(turns)} game{'s' if len(turns) != 1 else ''}, turns", style="bold")]
    if turns:
        low, high = min(turns), max(turns)
        step = _nice_step(high - low + 1, BINS)
        first = low // step * step
        counts: dict[int, int] = {}
        for t in turns:
            start = (t - first) // step * step + first
            counts[start] = counts.get(start, 0) + 1
        starts = list(range(first, high + 1, step))
        labels = [f"{s}" if step == 1 else f"{s}-{s + step - 1}" for s in starts]
        label_width = max(len(x) for x in labels) + 2
        count_width = len(str(max(counts.values())))
        room = max(MIN_BAR, width - label_width - count_width - 1)
        most = max(counts.values())
        for s, label in zip(starts, labels):
            n = counts.get(s, 0)
            line = Text(f"{label:>{label_width - 2}}  ", style="bold")
            line.append(f"{n:>{count_width}} ")
            line.append(BAR * math.ceil(n * room / most) if n else "", style="cyan")
            lines.append(line)
        mean = sum(turns) / len(turns)
        lines.append(Text(f"mean {mean:.1f} turns, shortest {low}, longest {high}", style="dim"))
    if capped:
        lines.append(Text(f"{capped} game{'s' if capped != 1 else ''} stopped at the turn cap", style="dim"))
    return Group(*lines)


__all__ = ["WinRate", "length_histogram", "wilson", "win_rate_bar", "win_rate_chart"]
