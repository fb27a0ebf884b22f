"""Pictures of bot games: win rates as bars with their 95% intervals and fair share, and a
histogram of game lengths, in 'catan simulate' and the tournaments (no colour, fixed width);
--json stays as it was."""

from __future__ import annotations

import io
import json

from rich.console import Console
from typer.testing import CliRunner

from catan_cli.benchmarks import tournament
from catan_cli.cli import build_app, result_charts
from catan_cli.render.charts import WinRate, length_histogram, wilson, win_rate_bar, win_rate_chart


def plain(*renderables: object, width: int = 80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False).print(*renderables)
    return out.getvalue()


def test_a_bar_shows_the_rate_its_interval_and_the_fair_share() -> None:
    lo, hi = wilson(84, 200)
    assert round(lo, 3) == 0.354 and round(hi, 3) == 0.489
    # 42% of a 0-50% scale in 20 columns: 17 filled; the interval 35.4-48.9% from column 14
    # to 19; the fair share, 25%, at column 10
    assert win_rate_bar(WinRate("search", 84, 200, 0.25), 0.5, 20) == "##########|###[##--]"
    assert win_rate_bar(WinRate("random", 0, 30), 1.0, 20) == "[-]                 "


def test_the_win_rate_chart_is_plain_text_of_a_fixed_width() -> None:
    rows = [WinRate("search", 84, 200, 0.25), WinRate("greedy", 116, 200, 0.75)]
    text = plain(win_rate_chart(rows, 80), width=80)
    lines = text.splitlines()
    assert "\x1b" not in text
    assert all(len(line) <= 80 for line in lines)
    assert lines[0] == "win rate per bot · 95% intervals"
    search = next(line for line in lines if line.startswith("search"))
    assert search.endswith("42.0% [35.4, 48.9] 84/200")
    assert "[" in search and "]" in search and "|" in search
    # one scale for every bar: greedy's 58% needs the 0-75% scale
    assert lines[-1].strip().startswith("0%") and lines[-1].endswith("75%")
    bar = search[10:10 + 80 - 10 - 32 - 2]
    assert bar.count("#") + bar.count("[") + bar.count("|") >= round(0.42 / 0.75 * len(bar)) - 1
    assert plain(win_rate_chart(rows, 80), width=80) == text        # the same picture again


def test_the_length_histogram_bins_the_games_by_round_widths() -> None:
    turns = [31, 35, 38, 44, 45, 47, 49, 52, 60, 61]
    text = plain(length_histogram(turns, 60, capped=1), width=60)
    lines = text.splitlines()
    assert lines[0] == "game length · 10 games, turns"
    assert lines[1:5] == ["30-34  1 " + "#" * 17, "35-39  2 " + "#" * 34,
                          "40-44  1 " + "#" * 17, "45-49  3 " + "#" * 51]
    assert lines[-2] == "mean 46.2 turns, shortest 31, longest 61"
    assert lines[-1] == "1 game stopped at the turn cap"
    assert all(len(line) <= 60 for line in lines)


def test_simulate_prints_the_pictures_and_its_json_is_unchanged() -> None:
    runner = CliRunner()
    args = ["simulate", "--players", "3", "--bots", "greedy,random,random", "--games", "4", "--seed", "2"]
    shown = runner.invoke(build_app(), args, env={"NO_COLOR": "1", "COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    assert "win rate per bot · 95% intervals" in shown.output
    assert "game length · 4 games, turns" in shown.output
    data = json.loads(runner.invoke(build_app(), args + ["--json"]).output)
    assert "lengths" not in data and "game length" not in json.dumps(data)
    assert set(data) >= {"games", "seats", "by_bot", "avg_turns", "wins"}


def test_simulate_pictures_use_the_reports_figures() -> None:
    result = {"games": 10, "capped": 0,
              "by_bot": [{"bot": "search", "wins": 4, "parity": 0.25}, {"bot": "greedy", "wins": 6, "parity": 0.75}]}
    text = plain(*result_charts(result, [40, 50, 60], 80))
    assert "search" in text and "40.0% [16.8, 68.7] 4/10" in text
    assert "3 games, turns" in text


def test_the_tournament_prints_its_pictures_but_not_in_json(capsys) -> None:
    assert tournament.main(["--only", "random", "--scenarios", "base", "--players", "3", "--games", "3"]) == 0
    shown = capsys.readouterr().out
    assert "random · base (3p): win rate per bot" in shown and "game length · 3 games" in shown
    assert tournament.main(["--only", "random", "--scenarios", "base", "--players", "3", "--games", "3",
                            "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["games"] == 3 and "lengths" not in data[0]
