"""--cluster on Ray: one local Ray with 2 CPUs for the module, started from this install (the
workers import catan_cli from the same environment, as every node of a cluster must); the
games come back in seed order, so the fingerprints equal those of one process.  Skipped when
Ray is not installed (pip install ".[cluster]"; .ci/run installs it)."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from catan_cli.benchmarks import tournament
from catan_cli.cli import build_app
from catan_cli.soak import command, run_soak

ray = pytest.importorskip("ray")
runner = CliRunner()
TESTS = Path(__file__).parent


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    """A Ray on this machine with 2 CPUs; tests/ on its workers' path, for the planted check."""
    if ray.is_initialized():
        ray.shutdown()
    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(TESTS), saved) if p)
    try:
        ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    finally:
        if saved is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved
    yield
    ray.shutdown()


def test_the_workers_import_this_install():
    """Ray's workers import catan_cli from the installed package, the one this run uses (on
    a cluster: the same install on every node)."""
    import catan_cli
    from catan_cli.cluster import run_tasks
    from soak_plant import where_catan_is

    out = run_tasks(where_catan_is, [0, 1, 2, 3], cluster="ray")
    assert out.results == [(catan_cli.__file__, catan_cli.__version__)] * 4


def simulate(*args: str) -> dict:
    result = runner.invoke(build_app(), ["simulate", "--json", "-n", "20", "-p", "3", "--bots", "random", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("scenario", ["base", "pirate-islands"])
def test_twenty_games_on_ray_have_the_fingerprint_of_one_process(scenario):
    alone = simulate("-s", scenario, "--seed", "40", "--jobs", "1")
    on_ray = simulate("-s", scenario, "--seed", "40", "--cluster", "ray")
    assert on_ray["where"].startswith("Ray (2 CPUs") and alone["where"] == "1 process"
    assert on_ray["games"] == alone["games"] == 20
    assert on_ray["fingerprint"] == alone["fingerprint"]
    assert on_ray["wins"] == alone["wins"] and on_ray["avg_turns"] == alone["avg_turns"]


def test_a_four_game_tournament_on_ray_is_the_one_on_one_process(capsys):
    args = ["--only", "balance", "--scenarios", "base", "--games", "4", "--seed", "9", "--json"]
    assert tournament.main(args + ["--jobs", "1"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert tournament.main(args + ["--cluster", "ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert on_ray[0]["fingerprint"] == alone[0]["fingerprint"]
    assert on_ray[0]["seats"] == alone[0]["seats"] and on_ray[0]["where"].startswith("Ray")


def test_a_tiny_soak_on_ray_is_clean_and_the_same_as_local():
    local = run_soak(["base", "cloth-for-catan"], games=2, lines=200, seed=11, block=100)
    on_ray = run_soak(["base", "cloth-for-catan"], games=2, lines=200, seed=11, block=100, cluster="ray")
    assert on_ray["violations"] == [] and on_ray["tracebacks"] == 0
    assert on_ray["games"] == 4 and on_ray["lines"] == 400 and on_ray["where"].startswith("Ray")
    assert on_ray["fingerprint"] == local["fingerprint"]


def test_a_planted_violation_on_ray_exits_1_with_its_seed_and_command(tmp_path, capsys):
    path = tmp_path / "soak.json"
    code = command(["base"], 1, 0, 7, 1, "ray", str(path), ["soak_plant:no_roads"], False)
    assert code == 1
    report = json.loads(path.read_text(encoding="utf-8"))
    [v] = report["violations"]
    assert v["kind"] == "invariant" and v["seed"] == 7 and "road" in v["command"]
    assert "VIOLATION (invariant) base seed 7" in capsys.readouterr().out


def test_ctrl_c_on_ray_cancels_the_rest_and_keeps_what_finished():
    from catan_cli.simulate import run_simulation

    def ctrl_c(done: int, total: int) -> None:
        if done >= 3:
            raise KeyboardInterrupt

    report = run_simulation("base", 3, ["random"], 12, seed=5, cluster="ray", progress=ctrl_c)
    assert report["cancelled"] and report["games"] == 3 and report["planned"] == 12
    again = run_simulation("base", 3, ["random"], 2, seed=5, cluster="ray")   # the cluster still serves
    assert again["games"] == 2 and not again["cancelled"]
