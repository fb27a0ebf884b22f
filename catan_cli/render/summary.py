"""The dice histogram and the end-of-game summary, as rich renderables."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..stats import histogram
from . import theme
from .tables import _table, score_table

View = Mapping[str, Any]
BAR = "#"


def dice_table(totals: Sequence[int], width: int = 40) -> Table:
    """Each total rolled so far beside the count two fair dice would give: a bar of ``#``
    for the rolls and the expected number, so a run of bad luck reads at a glance."""
    rows = histogram(totals)
    table = _table(f"Dice: {len(totals)} roll{'s' if len(totals) != 1 else ''}")
    table.add_column("total", justify="right")
    table.add_column("rolled", justify="right")
    table.add_column("expected", justify="right")
    table.add_column("")
    most = max([n for _, n, _ in rows] + [1])
    room = max(4, width - 26)
    for total, n, exp in rows:
        bar = BAR * round(n * room / most) if most > room else BAR * n
        table.add_row(Text(str(total), style=theme.number_style(total)), str(n), f"{exp:.1f}", bar)
    return table


def summary(view: View, totals: Sequence[int], width: int = 80) -> RenderableType:
    """The end of a game: who won with how many VP (hidden cards shown), the VP by source of
    every player, the number of turns and the dice."""
    winners = [str(w) for w in view.get("winners") or ([view["winner"]] if view.get("winner") else [])]
    by_name = {str(p["name"]): p for p in view.get("players") or []}
    head = Text("Game over: ", style="bold")
    if winners:
        head.append(" and ".join(f"{w} with {by_name[w]['vp']} VP" for w in winners if w in by_name), style="bold")
        head.append(" wins" if len(winners) == 1 else " share the win", style="bold")
    else:
        head.append("nobody wins", style="bold")
    turns = Text(f"{view.get('turn', 0)} turns", style="dim")
    return Group(head, score_table(view), turns, dice_table(totals, width))
