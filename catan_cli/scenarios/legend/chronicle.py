"""The Chronicle: the seed's record sheet (seed 000 "The Chronicle"; digest E.2).

Per chapter it records each player's VP and the chapter's own result (Chapter 1: castaways
rescued, and the table's total), then the legend points (LP) that chapter earns, awarded at
the start of the next chapter (after Chapter 4: at the legend's end): the chapter's table by
VP place, with dense ranking for ties (E.2.2: tied players share a place, the next player
takes the next column), plus the bonus to the 2nd-4th placed who met the chapter's condition
(never to the 1st, E.2.3); and the running sum of LP.

The sheet's rows (:func:`sheet_rows`) follow the printed sheet: per chapter its victory
points, its result, its legend points, the table's total where the sheet has one, and the
subtotal of legend points; after Chapter 4 the grand total.  Once all four chapters are
recorded the legend has its winner (:func:`legendary_winners`, E.2.4).  Pure data in, data
out; :mod:`.campaign` stores it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .chapters import CHAPTERS, ChapterInfo

#: the legend's chapters (seed 000: four), all of which are played before it has a winner
LAST_CHAPTER = 4


def places(vps: Mapping[str, int]) -> dict[str, int]:
    """Each player's place by VP, 0 for the most, with dense ranking (E.2.2)."""
    distinct = sorted(set(vps.values()), reverse=True)
    return {name: distinct.index(vp) for name, vp in vps.items()}


def legend_points(info: ChapterInfo, vps: Mapping[str, int],
                  records: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """The LP a chapter earns each player: its table by dense VP place, and the bonus."""
    placed = places(vps)
    n = len(vps)
    out = {}
    for name, place in placed.items():
        lp = info.lp_table[place] if place < len(info.lp_table) else 0
        if place > 0 and info.bonus_earned(name, records, n):
            lp += info.bonus
        out[name] = lp
    return out


def chapter_entry(number: int, players: Sequence[str], vps: Mapping[str, int],
                  records: Mapping[str, Mapping[str, int]], total: Mapping[str, int],
                  winners: Sequence[str]) -> dict[str, Any]:
    """One chapter's lines of the Chronicle, legend points included."""
    info = CHAPTERS[number]
    return {
        "chapter": number,
        "title": info.cls.title,
        "players": list(players),
        "vp": dict(vps),
        "record": {p: dict(records.get(p, {})) for p in players},
        "total": dict(total),
        "winners": list(winners),
        "legend_points": legend_points(info, vps, records),
    }


def running_totals(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, int]]:
    """The LP sum after each chapter, per player."""
    out: list[dict[str, int]] = []
    sums: dict[str, int] = {}
    for entry in entries:
        for name, lp in entry["legend_points"].items():
            sums[name] = sums.get(name, 0) + int(lp)
        out.append(dict(sums))
    return out


def vp_over_chapters(entries: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Each player's VP summed over the chapters recorded (the winner's tie-break, E.2.4)."""
    sums: dict[str, int] = {}
    for entry in entries:
        for name, vp in entry["vp"].items():
            sums[name] = sums.get(name, 0) + int(vp)
    return sums


def legend_over(entries: Sequence[Mapping[str, Any]]) -> bool:
    """Whether every chapter of the legend is in the Chronicle."""
    return set(range(1, LAST_CHAPTER + 1)) <= {int(e["chapter"]) for e in entries}


def legendary_winners(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    """The Legendary Winner (seed 000, E.2.4): the largest sum of legend points; among those
    tied for it, the most VP over the four chapters; if that ties too, a shared win.  Empty
    while a chapter of the legend is still to be played."""
    if not entries or not legend_over(entries):
        return []
    lp = running_totals(entries)[-1]
    best = max(lp.values())
    tied = [name for name in lp if lp[name] == best]
    vps = vp_over_chapters(entries)
    most = max(vps.get(name, 0) for name in tied)
    return [name for name in tied if vps.get(name, 0) == most]


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def winner_line(entries: Sequence[Mapping[str, Any]]) -> str | None:
    """The Chronicle's last line: who won the legend and how (None before its end)."""
    winners = legendary_winners(entries)
    if not winners:
        return None
    lp = running_totals(entries)[-1]
    vps = vp_over_chapters(entries)
    points = lp[winners[0]]
    losers = [n for n in lp if lp[n] == points and n not in winners]   # tied on LP, fewer VP
    one = len(winners) == 1
    line = f"{_names(winners)} {'is the legendary winner' if one else 'share the legendary win'}: "
    line += f"{points} legend points{'' if one else ' each'}"
    if len(winners) == 1 and not losers:
        return line + "."
    if losers:
        line += f", tied with {_names(losers)}"
    line += f"; {vps[winners[0]]} VP over the four chapters{'' if one else ' each'}"
    if losers:
        line += " against " + ", ".join(f"{n}'s {vps.get(n, 0)}" for n in losers)
    return line + "."


@dataclass(frozen=True)
class SheetRow:
    """One line of the sheet: the chapter it belongs to (0: the foot), its heading, a value
    per player ("" where the sheet has none) and the table's value."""

    chapter: int
    heading: str
    values: dict[str, str]
    total: str = ""


def sheet_rows(entries: Sequence[Mapping[str, Any]], players: Sequence[str]) -> list[SheetRow]:
    """The Chronicle as the printed sheet has it (seed 000 "The Chronicle"): per chapter its
    victory points, the chapter's result per player, its legend points, the table's total
    where the sheet has one, and the subtotal of legend points; Chapter 4, the last, has no
    subtotal but the grand total of legend points at the foot of the sheet."""
    rows: list[SheetRow] = []
    sums = running_totals(entries)

    def per(values: Mapping[str, Any]) -> dict[str, str]:
        return {p: str(values[p]) if p in values else "" for p in players}

    for i, entry in enumerate(entries):
        number = int(entry["chapter"])
        info = CHAPTERS.get(number)
        columns = info.cls.record_columns if info else ()
        total_column = info.cls.total_column if info else None
        rows.append(SheetRow(number, "victory points", per(entry["vp"])))
        for key, heading in columns:
            rows.append(SheetRow(number, heading, per({p: r[key] for p, r in entry["record"].items() if key in r})))
        rows.append(SheetRow(number, "legend points", per(entry["legend_points"])))
        if total_column is not None and total_column[0] in entry["total"]:
            rows.append(SheetRow(number, total_column[1], per({}), str(entry["total"][total_column[0]])))
        if number < LAST_CHAPTER:
            rows.append(SheetRow(number, "subtotal of legend points", per(sums[i])))
    if any(int(e["chapter"]) == LAST_CHAPTER for e in entries):
        rows.append(SheetRow(0, "grand total of legend points", per(sums[-1])))
    return rows


def chronicle_json(entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The whole Chronicle as plain data (``catan campaign show NAME --json``)."""
    sums = running_totals(entries)
    chapters = [dict(entry, legend_points_so_far=sums[i]) for i, entry in enumerate(entries)]
    over = legend_over(entries)
    return {"chapters": chapters, "legend_points": sums[-1] if sums else {},
            "vp_over_chapters": vp_over_chapters(entries), "legend_over": over,
            "legendary_winners": legendary_winners(entries), "winner_line": winner_line(entries)}


def chronicle_table(entries: Sequence[Mapping[str, Any]], players: Sequence[str], title: str = "Chronicle",
                    final: bool = True) -> Any:
    """The Chronicle as a rich table: a column per player, the sheet's rows per chapter, and,
    when ``final`` (the entries are the recorded ones) and the legend is over, its winner."""
    from rich.table import Table
    from rich.text import Text

    from ...safetext import clean_text

    caption = winner_line(entries) if final else None
    table = Table(title=title, title_justify="left", title_style="bold", caption=caption,
                  caption_justify="left", caption_style="bold")
    table.add_column("chapter", style="bold", ratio=1)
    table.add_column("", no_wrap=True)
    for name in players:      # a name is shown as text: escapes made visible, no markup
        table.add_column(Text(clean_text(name, 24)), justify="right")
    table.add_column("all", justify="right")
    titles = {int(e["chapter"]): f"{e['chapter']} {e['title']}" for e in entries}
    rows = sheet_rows(entries, players)
    for i, row in enumerate(rows):
        first = i == 0 or rows[i - 1].chapter != row.chapter
        last = i + 1 == len(rows) or rows[i + 1].chapter != row.chapter
        label = (titles.get(row.chapter, "") if row.chapter else "") if first else ""
        bold = "legend points" in row.heading
        table.add_row(label, row.heading, *[row.values[p] for p in players], row.total,
                      style="bold" if bold else None, end_section=last)
    if not entries:
        table.add_row("-", "no chapter finished yet", *["" for _ in players], "")
    return table
