"""The Chronicle: the seed's record sheet (seed 000 "The Chronicle"; digest E.2).

Per chapter it records each player's VP and the chapter's own result (Chapter 1: castaways
rescued, and the table's total), then the legend points (LP) that chapter earns, awarded at
the start of the next chapter: the chapter's table by VP place, with dense ranking for ties
(E.2.2: tied players share a place, the next player takes the next column), plus the bonus
to the 2nd-4th placed who met the chapter's condition (never to the 1st, E.2.3); and the
running sum of LP.  Pure data in, data out; :mod:`.campaign` stores it.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .chapters import CHAPTERS, ChapterInfo


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


def chronicle_json(entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The whole Chronicle as plain data (``catan campaign show NAME --json``)."""
    sums = running_totals(entries)
    chapters = [dict(entry, legend_points_so_far=sums[i]) for i, entry in enumerate(entries)]
    return {"chapters": chapters, "legend_points": sums[-1] if sums else {}}


def chronicle_table(entries: Sequence[Mapping[str, Any]], players: Sequence[str], title: str = "Chronicle") -> Any:
    """The Chronicle as a rich table: a column per player, rows per chapter as on the sheet."""
    from rich.table import Table

    table = Table(title=title, title_justify="left", title_style="bold")
    table.add_column("chapter", style="bold")
    table.add_column("")
    for name in players:
        table.add_column(name, justify="right")
    table.add_column("all", justify="right")
    sums = running_totals(entries)
    for i, entry in enumerate(entries):
        info = CHAPTERS[int(entry["chapter"])]
        label = f"{entry['chapter']} {entry['title']}"
        table.add_row(label, "victory points", *[str(entry["vp"].get(p, "")) for p in players], "")
        for key, heading in info.cls.record_columns:
            total = entry["total"].get(key, "")
            table.add_row("", heading, *[str(entry["record"].get(p, {}).get(key, "")) for p in players],
                          str(total))
        table.add_row("", "legend points", *[str(entry["legend_points"].get(p, "")) for p in players], "",
                      style="bold")
        table.add_row("", "legend points so far", *[str(sums[i].get(p, "")) for p in players], "",
                      end_section=True)
    if not entries:
        table.add_row("-", "no chapter finished yet", *["" for _ in players], "")
    return table
