"""The search bot's timing benchmark: its play-outs are counted per searched decision, and
the play-outs per processor second are those counts over those decisions' processor time."""

from __future__ import annotations

import json

import pytest

from catan_cli.benchmarks import search_time


def test_search_time_counts_every_searched_decisions_play_outs(capsys: pytest.CaptureFixture[str]) -> None:
    search_time.main(["--scenario", "base", "--think", "20", "--decisions", "3", "--games", "1", "--json"])
    got = json.loads(capsys.readouterr().out)
    raw = got["raw"]
    assert got["scenario"] == "base" and got["searched_decisions"] == 3 == len(raw["playouts"])
    # a searched decision compares two candidates or more, each played out at least once
    assert all(n >= 2 for n in raw["playouts"])
    assert got["playouts_per_cpu_second"] == pytest.approx(sum(raw["playouts"]) / sum(raw["cpu_ms"]) * 1000)
    assert got["build"] in ("pure", "compiled")


def test_search_time_refuses_a_count_of_no_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        search_time.main(["--decisions", "0"])
    assert "--decisions must be 1 or more" in capsys.readouterr().err
