"""The legend's end (seed 000 "Awarding of Legend Points" after Chapter 4, "The Legendary
Winner", "The Chronicle"; digest E.2.1-E.2.4, F.0.19): Chapter 4's legend points, the
legendary winner and its tie-breaks, the Chronicle printed as the seed's sheet, and
'catan campaign' once the last chapter is recorded.  The Chronicles here are built as data."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from catan_cli.cli import build_app
from catan_cli.scenarios.legend import campaign as legend
from catan_cli.scenarios.legend.chapters import CHAPTERS, ChapterInfo
from catan_cli.scenarios.legend.chronicle import (chapter_entry, chronicle_json, chronicle_table, legend_points,
                                                  legendary_winners, sheet_rows, vp_over_chapters, winner_line)

# The seed's awarding after Chapter 4: 7 LP for the most VP, 5, 3, 1 (ties share a place, dense
# ranking); +2 to the 2nd-4th placed who, alone or with others, obtained the most Catan chits for
# spices; none if every player obtained the same.
SEED_TABLE_4 = {0: 7, 1: 5, 2: 3, 3: 1}


def ch4() -> ChapterInfo:
    return CHAPTERS[4]


def lp4(vps: dict[str, int], chits: dict[str, int]) -> dict[str, int]:
    return legend_points(ch4(), vps, {p: {"chits": chits.get(p, 0)} for p in vps})


@pytest.mark.rule("F.0.2", "S0:ch4/awarding-of-legend-points-2")
def test_chapter_4_is_the_seeds_table_and_bonus():
    info = ch4()
    assert info.key == "legend-4" and info.lp_table == (7, 5, 3, 1) and info.bonus == 2
    assert info.cls.record_columns[0][0] == "chits" and info.cls.total_column is None


@pytest.mark.rule("E.2.1", "E.2.2", "F.0.2", "F.0.4", "S0:ch4/awarding-of-legend-points-2")
def test_chapter_4_legend_points_7_5_3_1_with_dense_ranking():
    even = {"a": 2, "b": 2, "c": 2, "d": 2}            # every player the same chits: no bonus
    assert lp4({"a": 14, "b": 11, "c": 9, "d": 6}, even) == {"a": 7, "b": 5, "c": 3, "d": 1}
    assert lp4({"a": 14, "b": 11, "c": 11, "d": 6}, even) == {"a": 7, "b": 5, "c": 5, "d": 3}
    assert lp4({"a": 14, "b": 14, "c": 9}, {}) == {"a": 7, "b": 7, "c": 5}


@pytest.mark.rule("E.2.3", "S0:ch4/awarding-of-legend-points-2")
def test_the_most_spice_chits_alone_give_the_2nd_to_4th_placed_two_more_legend_points():
    assert lp4({"a": 14, "b": 11, "c": 9, "d": 6}, {"a": 2, "b": 0, "c": 6, "d": 4}) == \
        {"a": 7, "b": 5, "c": 5, "d": 1}


@pytest.mark.rule("E.2.3", "S0:ch4/awarding-of-legend-points-2")
def test_players_tied_for_the_most_spice_chits_all_get_the_bonus():
    assert lp4({"a": 14, "b": 11, "c": 9, "d": 6}, {"a": 0, "b": 4, "c": 2, "d": 4}) == \
        {"a": 7, "b": 7, "c": 3, "d": 3}


@pytest.mark.rule("E.2.3")
def test_no_bonus_when_every_player_obtained_the_same_chits():
    assert lp4({"a": 14, "b": 11, "c": 9}, {"a": 4, "b": 4, "c": 4}) == {"a": 7, "b": 5, "c": 3}
    assert lp4({"a": 14, "b": 11, "c": 9}, {}) == {"a": 7, "b": 5, "c": 3}


@pytest.mark.rule("E.2.3", "S0:ch4/awarding-of-legend-points-2")
def test_the_first_placed_never_gets_the_spice_bonus():
    """The first holds the most chits alone: nobody gets the bonus, the first included."""
    assert lp4({"a": 14, "b": 11, "c": 9}, {"a": 6, "b": 4, "c": 2}) == {"a": 7, "b": 5, "c": 3}
    # tied with the first for the most chits: the 2nd-placed gets it, the first does not
    assert lp4({"a": 14, "b": 11, "c": 9}, {"a": 6, "b": 6, "c": 2}) == {"a": 7, "b": 7, "c": 3}


# --- a whole Chronicle, built as data --------------------------------------------------------------
RECORD_KEYS = {1: "castaways", 2: "gold", 3: "sunk", 4: "chits"}


def entry(number: int, vps: dict[str, int], results: dict[str, int], total: int | None = None) -> dict[str, Any]:
    key = RECORD_KEYS[number]
    totals = {}
    column = CHAPTERS[number].cls.total_column
    if column is not None:
        totals[column[0]] = total if total is not None else sum(results.values())
    records = {p: {key: results.get(p, 0)} for p in vps}
    winners = [p for p in vps if vps[p] == max(vps.values())]
    return chapter_entry(number, list(vps), vps, records, totals, winners)


def legend_of(*chapters: tuple[dict[str, int], dict[str, int]]) -> list[dict[str, Any]]:
    return [entry(i + 1, vps, res, 2 if i + 1 == 3 else None) for i, (vps, res) in enumerate(chapters)]


def clear() -> list[dict[str, Any]]:
    """red wins every chapter: 4 + 5 + 6 + 7 = 22 legend points."""
    return legend_of(({"red": 10, "blue": 8, "white": 6}, {"red": 3, "blue": 1, "white": 0}),
                     ({"red": 12, "blue": 9, "white": 9}, {"red": 5, "blue": 12, "white": 3}),
                     ({"red": 12, "blue": 10, "white": 7}, {"red": 1, "blue": 0, "white": 3}),
                     ({"red": 14, "blue": 12, "white": 9}, {"red": 2, "blue": 2, "white": 6}))


@pytest.mark.rule("E.2.4", "S0:ch4/the-legendary-winner", "S0:general/overall-score")
def test_the_legendary_winner_has_the_most_legend_points():
    # Chapter 1: 4/3/2; Chapter 2: 5, blue 4+1 (12 gold), white 4; Chapter 3: 6, 4, 3+2 (3 sunk);
    # Chapter 4: 7, 5, 3+2 (the most chits)
    assert [e["legend_points"] for e in clear()] == [
        {"red": 4, "blue": 3, "white": 2}, {"red": 5, "blue": 5, "white": 4},
        {"red": 6, "blue": 4, "white": 5}, {"red": 7, "blue": 5, "white": 5}]
    assert legendary_winners(clear()) == ["red"]
    assert winner_line(clear()) == "red is the legendary winner: 22 legend points."


@pytest.mark.rule("E.2.4", "S0:ch4/the-legendary-winner", "S0:general/overall-score")
def test_tied_legend_points_go_to_the_most_vp_over_the_four_chapters():
    # red and blue swap places chapter by chapter: 4+4+6+5 = 19 against 3+5+4+7 = 19
    tied = legend_of(({"red": 10, "blue": 9, "white": 6}, {}),
                     ({"red": 9, "blue": 12, "white": 5}, {}),
                     ({"red": 12, "blue": 11, "white": 4}, {}),
                     ({"red": 13, "blue": 14, "white": 6}, {}))
    totals = chronicle_json(tied)["legend_points"]
    assert totals["red"] == totals["blue"] == 19 > totals["white"]
    assert vp_over_chapters(tied) == {"red": 44, "blue": 46, "white": 21}
    assert legendary_winners(tied) == ["blue"]
    assert winner_line(tied) == ("blue is the legendary winner: 19 legend points, tied with red; "
                                 "46 VP over the four chapters against red's 44.")


@pytest.mark.rule("E.2.4", "S0:ch4/the-legendary-winner", "S0:general/overall-score")
def test_tied_legend_points_and_tied_vp_share_the_win():
    shared = legend_of(({"red": 10, "blue": 9, "white": 6}, {}),
                       ({"red": 9, "blue": 10, "white": 5}, {}),
                       ({"red": 12, "blue": 11, "white": 4}, {}),
                       ({"red": 13, "blue": 14, "white": 6}, {}))
    assert vp_over_chapters(shared)["red"] == vp_over_chapters(shared)["blue"] == 44
    assert legendary_winners(shared) == ["red", "blue"]
    assert winner_line(shared) == ("red and blue share the legendary win: 19 legend points each; "
                                   "44 VP over the four chapters each.")
    data = chronicle_json(shared)
    assert data["legend_over"] and data["legendary_winners"] == ["red", "blue"]


@pytest.mark.rule("E.2.4", "S0:ch4/the-legendary-winner")
def test_of_three_tied_on_legend_points_the_two_with_the_most_vp_share_the_win():
    three = legend_of(({"a": 8, "b": 8, "c": 8}, {}), ({"a": 8, "b": 8, "c": 8}, {}),
                      ({"a": 8, "b": 8, "c": 8}, {}), ({"a": 14, "b": 14, "c": 14}, {}))
    assert legendary_winners(three) == ["a", "b", "c"]
    three[0] = entry(1, {"a": 8, "b": 8, "c": 7}, {"c": 3})     # c 2nd (3 LP) + 1 for 3 castaways
    assert three[0]["legend_points"] == {"a": 4, "b": 4, "c": 4}
    assert legendary_winners(three) == ["a", "b"]
    assert winner_line(three) == ("a and b share the legendary win: 22 legend points each, tied with c; "
                                  "38 VP over the four chapters each against c's 37.")


@pytest.mark.rule("S0:ch4/the-legendary-winner")
def test_no_winner_before_the_fourth_chapter_is_recorded():
    assert legendary_winners(clear()[:3]) == [] and winner_line(clear()[:3]) is None
    assert not chronicle_json(clear()[:3])["legend_over"]


# --- the sheet -------------------------------------------------------------------------------------
# seed 000 "The Chronicle": the printed record sheet's entries, chapter by chapter
SEED_SHEET = {
    1: ["Victory Points", "Number of Castaways Rescued", "Legend Points", "Total Castaways Rescued",
        "Subtotal of Legend Points"],
    2: ["Victory Points", "Amount of Gold Found", "Legend Points", "Total Gold Found", "Subtotal of Legend Points"],
    3: ["Victory Points", "Number of Ships Defeated", "Legend Points", "Total Sea Robber Ships Remaining",
        "Subtotal of Legend Points"],
    4: ["Victory Points", "Number of Victory Point Chits", "Legend Points"],
}
# what each of the seed's entries holds on our sheet: a row per player or the table's total
SHEET_KIND = {"Victory Points": "vp", "Legend Points": "lp", "Subtotal of Legend Points": "subtotal"}


@pytest.mark.rule("S0:chronicle/the-chronicle", "S0:general/the-chronicle")
def test_the_chronicle_has_the_seeds_sheet_row_by_row():
    rows = sheet_rows(clear(), ["red", "blue", "white"])
    sums: dict[str, int] = {}
    for number, seed_rows in SEED_SHEET.items():
        mine = [r for r in rows if r.chapter == number]
        assert len(mine) == len(seed_rows), (number, [r.heading for r in mine])
        e = clear()[number - 1]
        for k, v in e["legend_points"].items():
            sums[k] = sums.get(k, 0) + v
        key = RECORD_KEYS[number]
        for row, seed_row in zip(mine, seed_rows):
            kind = SHEET_KIND.get(seed_row, "total" if seed_row.startswith("Total") else "result")
            expected = {"vp": e["vp"], "lp": e["legend_points"], "subtotal": sums,
                        "result": {p: r[key] for p, r in e["record"].items()}}.get(kind)
            if expected is None:                                 # the table's total
                assert row.total == str(next(iter(e["total"].values())))
                assert set(row.values.values()) == {""}
            else:
                assert row.values == {p: str(v) for p, v in expected.items()}, (number, seed_row)
                assert row.total == ""
    [foot] = [r for r in rows if r.chapter == 0]
    assert foot.heading == "grand total of legend points" and rows[-1] is foot
    assert foot.values == {"red": "22", "blue": "17", "white": "16"}


@pytest.mark.rule("S0:chronicle/the-chronicle")
def test_the_final_chronicle_prints_the_sheet_and_the_winner():
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(chronicle_table(clear(), ["red", "blue", "white"],
                                                                           "Chronicle of saga"))
    text = out.getvalue()
    for heading in ("4 The Spice Islands", "subtotal of legend points", "grand total of legend points",
                    "castaways rescued in all", "red is the legendary winner: 22 legend points."):
        assert heading in text, heading
    # in play (the chapter not yet recorded) the winner is not said
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(chronicle_table(clear(), ["red", "blue", "white"],
                                                                           final=False))
    assert "legendary winner" not in out.getvalue()


# --- the campaign at its end -----------------------------------------------------------------------
def finished_campaign(tmp_path: Any, chronicle: list[dict[str, Any]]) -> legend.Campaign:
    c = legend.new_campaign("saga", "red:bot,blue:bot,white:bot", seed=5, folder=tmp_path)
    c.chronicle, c.chapter, c.save, c.finished = chronicle, 4, "saga-ch4", True
    legend.save_campaign(c, tmp_path)
    return c


def test_catan_campaign_after_chapter_4_shows_the_final_chronicle_and_the_winner(tmp_path):
    finished_campaign(tmp_path, clear())
    runner = CliRunner()
    result = runner.invoke(build_app(), ["campaign", "saga", "--fast", "--saves", str(tmp_path)], input="")
    assert result.exit_code == 0, result.output
    assert "grand total of legend points" in result.output
    assert "red is the legendary winner: 22 legend points." in result.output
    assert result.output.rstrip().endswith(legend.OVER)
    assert not (tmp_path / "saga-ch5.catan").exists()            # nothing more is played
    result = runner.invoke(build_app(), ["campaign", "show", "saga", "--saves", str(tmp_path)])
    assert result.exit_code == 0 and "red is the legendary winner" in result.output
    result = runner.invoke(build_app(), ["campaign", "show", "saga", "--json", "--saves", str(tmp_path)])
    data = json.loads(result.output)
    assert data["finished"] and data["legend_over"] and data["legendary_winners"] == ["red"]
    assert data["legend_points"] == {"red": 22, "blue": 17, "white": 16}
    assert data["vp_over_chapters"] == {"red": 48, "blue": 39, "white": 31}
    assert [c["chapter"] for c in data["chapters"]] == [1, 2, 3, 4]


def test_the_chronicle_command_in_the_last_chapter_shows_the_recorded_legend(tmp_path):
    from catan_cli.repl import Repl
    from catan_cli.session import Session

    c = finished_campaign(tmp_path, clear())
    # any chapter's game saved as 'saga-ch4' stands for the last chapter here
    c.chapter = 1
    session = Session.new(c.header(), save_name="saga-ch4", saves_folder=tmp_path, autosave=False)
    out = io.StringIO()
    Repl(session, Console(file=out, width=140, color_system=None), pace=0.0).handle("chronicle")
    text = out.getvalue()
    assert "4 The Spice Islands" in text and "(in play)" not in text
    assert "grand total of legend points" in text and "red is the legendary winner" in text


def test_a_legend_finished_for_want_of_the_next_chapter_goes_on_when_it_is_written(tmp_path):
    """A campaign finished after Chapter 3 by a version without Chapter 4 ("the legend continues
    in a later version") starts Chapter 4 once it exists, and is not over until Chapter 4 is
    recorded."""
    c = finished_campaign(tmp_path, clear()[:3])
    c.chapter, c.save = 3, "saga-ch3"
    legend.save_campaign(c, tmp_path)
    assert legend.record_chapter(c, tmp_path)
    c = legend.load_campaign("saga", tmp_path)
    assert not c.finished and c.chapter == 4 and c.save == "saga-ch4" and not c.over
    assert c.finished_text() is None
    assert c.header().scenario == "legend-4"


def test_a_legend_finished_after_chapter_3_with_no_chapter_4_says_it_continues_later(tmp_path, monkeypatch):
    c = finished_campaign(tmp_path, clear()[:3])
    monkeypatch.delitem(CHAPTERS, 4)
    c.chapter = 3
    assert legend.record_chapter(c, tmp_path) and c.finished
    assert c.finished_text() == "The legend continues in a later version: Chapter 4 is not written yet."


@pytest.mark.parametrize("n", [3, 4])
def test_the_sheet_has_a_column_per_player(n):
    names = ["red", "blue", "white", "orange"][:n]
    vps = {p: 10 - i for i, p in enumerate(names)}
    entries = [entry(i, vps, {}, 0) for i in (1, 2, 3, 4)]
    for row in sheet_rows(entries, names):
        assert list(row.values) == names


def test_the_chronicle_command_in_chapter_4_in_play_has_no_winner_yet(tmp_path):
    from catan_cli.repl import Repl
    from catan_cli.session import Session

    c = finished_campaign(tmp_path, clear()[:3])
    c.finished = False
    legend.save_campaign(c, tmp_path)
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=False)
    assert session.game.state.scenario == "legend-4-3p"
    out = io.StringIO()
    Repl(session, Console(file=out, width=140, color_system=None), pace=0.0).handle("chronicle")
    text = out.getvalue()
    assert "4 The Spice Islands (in play)" in text and "Catan chits for spices" in text
    assert "grand total of legend points" in text and "legendary winner" not in text
