"""The soak command (catan soak, python -m catan_cli.soak): checked bot games and fuzzed lines
per scenario, a JSON report, exit 1 on any violation; and the local side of --cluster.  The
Ray side is in test_cluster.py."""

from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

from catan_cli import Game
from catan_cli.cli import build_app
from catan_cli.cluster import check_cluster, run_tasks
from catan_cli.errors import CatanError
from catan_cli.soak import main as soak_main, run_soak, soak_game, soak_lines, soak_scenarios

runner = CliRunner()
PLANTED = "soak_plant:no_roads"


def catan(*args: str):
    return runner.invoke(build_app(), list(args))


def _square(x: int) -> int:
    return x * x


def test_the_soak_covers_the_nine_scenario_keys():
    keys = soak_scenarios()
    assert len(keys) == 9 and "base" in keys and "legend-1" in keys
    assert not [k for k in keys if k.endswith("-3p")]


def test_a_tiny_soak_is_clean_and_counts_what_it_did():
    report = run_soak(["base", "land-ho"], games=2, lines=300, seed=5, block=150)
    assert report["violations"] == [] and report["tracebacks"] == 0
    assert report["games"] == 4 and report["lines"] == 600
    for key in ("base", "land-ho"):
        row = report["scenarios"][key]
        assert row["games"] == 2 and row["lines"] == 300
        assert row["reloads"] == 2                 # every game saved and reloaded once
        assert row["actions"] > 100 and 0 < row["accepted"] < 300   # lines both played and refused
    assert report["ms_per_game"] > 0 and report["ms_per_line"] > 0


def test_the_report_is_the_same_on_one_process_or_two():
    one = run_soak(["base"], games=2, lines=200, seed=1, block=100)
    two = run_soak(["base"], games=2, lines=200, seed=1, block=100, jobs=2)
    assert one["fingerprint"] == two["fingerprint"]
    assert one["scenarios"]["base"]["actions"] == two["scenarios"]["base"]["actions"]


def test_a_planted_bad_invariant_fails_the_soak_with_its_seed_and_command(tmp_path):
    path = tmp_path / "report.json"
    result = catan("soak", "-s", "base", "-n", "1", "--lines", "20", "--seed", "3", "--check", PLANTED,
                   "--json", str(path))
    assert result.exit_code == 1, result.output
    report = json.loads(path.read_text(encoding="utf-8"))
    game = [v for v in report["violations"] if v["kind"] == "invariant"]
    assert game and game[0]["seed"] == 3 and game[0]["scenario"] == "base"
    assert "build road" in game[0]["command"] or "road" in game[0]["command"]
    assert "planted" in game[0]["problems"][0]
    assert "VIOLATION (invariant) base seed 3" in result.output


def test_a_refused_line_that_changes_the_game_is_caught(monkeypatch):
    """A seeded bad line: the engine made to take a brick from the bank before it refuses a
    line that says 'brick'."""
    real = Game.execute

    def leaky(self, command):
        if isinstance(command, str) and "brick" in command.lower():
            self.engine.s.bank[1] -= 1
            raise CatanError("refused, but not cleanly")
        return real(self, command)

    monkeypatch.setattr(Game, "execute", leaky)
    out = soak_lines(("base", 2, 400, ()))
    bad = [v for v in out["violations"] if v["problems"] == ["a refused line changed the game"]]
    assert bad and all("brick" in v["command"].lower() for v in bad)
    assert bad[0]["seed"] == 2 and bad[0]["at"] >= 1


def test_a_traceback_is_recorded_with_its_command(monkeypatch):
    real = Game.execute

    def crashing(self, command):
        if isinstance(command, str) and command.startswith("end"):
            raise ZeroDivisionError("planted")
        return real(self, command)

    monkeypatch.setattr(Game, "execute", crashing)
    out = soak_game(("base", 4, ()))
    v = out["violation"]
    assert v["kind"] == "traceback" and v["command"].startswith("end") and v["seed"] == 4
    assert "ZeroDivisionError: planted" in v["traceback"]


def test_python_dash_m_soak_and_its_usage_errors(capsys):
    assert soak_main(["-s", "base", "-n", "0", "--lines", "50"]) == 0
    assert "50 fuzzed lines" in capsys.readouterr().out
    assert soak_main(["-s", "nowhere"]) == 2
    assert "unknown scenario 'nowhere'" in capsys.readouterr().err
    assert soak_main(["-s", "base", "--check", "no.such.module:f"]) == 2
    assert "cannot load the check" in capsys.readouterr().err


def test_soak_has_help_and_version():
    result = catan("soak", "--help")
    assert result.exit_code == 0 and "--cluster" in result.output and "Exit status:" in result.output


# --- --cluster without Ray, and the local task runner ---------------------------------------------

def test_cluster_addresses():
    assert check_cluster(None) is None
    for ok in ("ray", "auto", "ray://head:10001", "10.0.0.5:6379"):
        assert check_cluster(ok) == ok
    for bad in ("", "dask", "ray://", "head:port"):
        with pytest.raises(CatanError, match="--cluster takes"):
            check_cluster(bad)


def test_without_ray_cluster_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)       # import ray fails as if not installed
    for args in (["simulate", "-n", "1", "--cluster", "ray"], ["soak", "-s", "base", "--cluster", "auto"]):
        result = catan(*args)
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        line = [ln for ln in result.output.splitlines() if "Ray" in ln]
        assert len(line) == 1 and 'pip install ".[cluster]"' in line[0]


def test_tasks_come_back_in_order_with_progress():
    seen: list[tuple[int, int]] = []
    for jobs in (1, 3):
        seen.clear()
        out = run_tasks(_square, list(range(7)), jobs=jobs, progress=lambda d, t: seen.append((d, t)),
                        weights=[2] * 7)
        assert out.results == [x * x for x in range(7)] and not out.cancelled
        assert seen[-1] == (14, 14) and len(seen) == 7


class _CtrlC:
    """A progress callback that presses Ctrl-C once ``after`` games have finished."""

    def __init__(self, after: int) -> None:
        self.after = after

    def __call__(self, done: int, total: int) -> None:
        if done >= self.after:
            raise KeyboardInterrupt


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_a_simulation_and_reports_the_games_that_finished(jobs):
    from catan_cli.simulate import run_simulation

    whole = run_simulation("base", 3, ["random"], 6, seed=3, jobs=1)
    report = run_simulation("base", 3, ["random"], 6, seed=3, jobs=jobs, progress=_CtrlC(2))
    assert report["cancelled"] and report["planned"] == 6 and report["games"] == 2
    assert whole["games"] == 6 and not whole["cancelled"]


@pytest.mark.slow
def test_a_soak_of_every_scenario_finds_nothing():
    """The soak at the size of a slow test: 40 checked games and 20,000 fuzzed lines in each
    of the nine scenario keys, on two processes (catan soak --games 40 --lines 20000 --jobs 2)."""
    report = run_soak(None, games=40, lines=20_000, seed=100, jobs=2)
    assert report["games"] == 9 * 40 and report["lines"] == 9 * 20_000
    assert report["violations"] == [], report["violations"][:3]


def test_an_easy_bot_asked_by_lea_to_discard_while_holding_spices_answers():
    """Found by the soak: in chapter 4 Lea's discard may be a spice card (index 5 and up),
    and the bots' answer read it as a resource (an IndexError)."""
    report = run_soak(["legend-4"], games=1, lines=0, seed=19)
    assert report["violations"] == []
