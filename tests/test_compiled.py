"""One code base, two builds: the engine compiled with mypyc (``CATAN_COMPILE=1 pip install .``)
plays exactly the games the pure-Python build plays, and ``catan --version`` says which runs.

Most of this file checks the build it runs on; the cross-build comparison runs on a compiled
install (CI's second job) against the pure tree named by ``CATAN_PURE_TREE`` (a checkout)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import catan_cli
from builds import COMPILED
from catan_cli import Game, build
from catan_cli.benchmarks.builds import SCENARIOS, differences, sheet
from catan_cli.engine.rulebook import DECLARATIONS
from catan_cli.engine.scenario import register_rules_dir

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = Path(__file__).resolve().parent / "scenario_example"


def _pure_tree() -> Path | None:
    named = os.environ.get("CATAN_PURE_TREE")
    if named:
        return Path(named).resolve()
    return ROOT if (ROOT / "catan_cli").is_dir() and COMPILED else None


def test_the_version_line_names_the_build_that_was_imported():
    import catan_cli.engine.core as core

    imported_native = any(str(core.__file__).endswith(suffix) for suffix in EXTENSION_SUFFIXES)
    assert build() == ("compiled" if imported_native else "pure")
    out = subprocess.run([sys.executable, "-m", "catan_cli", "--version"], capture_output=True, text=True,
                         cwd=Path(catan_cli.__file__).parent.parent).stdout
    assert out.strip().endswith(f"({build()})")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_scenario_s_declarations_reach_the_engine(scenario):
    # A scenario declares pieces, state items, rules text ... at class level or in __init__;
    # the compiled base keeps them in slots, which must hold what the scenario's class says.
    rules = Game.new(scenario, players=["red", "blue", "white"], seed=3).engine.rules
    seen = rules.declarations()
    assert sorted(seen) == sorted(DECLARATIONS)
    for name in DECLARATIONS:
        assert seen[name] == getattr(rules, name), name


def test_a_new_scenario_package_s_class_level_declarations_reach_the_engine():
    # The example package, outside the project, declares its lighthouse piece and its rules
    # text as class attributes.
    register_rules_dir(EXAMPLE / "lighthouse")
    g = Game.new("lighthouse-test", players=["red", "blue", "white"], seed=3, sandbox=True)
    seen = g.engine.rules.declarations()
    assert [k.name for k in seen["pieces"]] == ["lighthouse"]   # type: ignore[attr-defined]
    assert "Lighthouses" in str(seen["rules_text"])
    assert "lighthouse" in g.engine.pieces.node_names


@pytest.mark.filterwarnings("ignore::UserWarning")  # setuptools: its pyproject support is "beta"
def test_the_build_backend_asks_for_mypy_only_when_the_compiled_build_is_asked_for(monkeypatch):
    sys.path.insert(0, str(ROOT / "_build"))
    try:
        import catan_build
    except ImportError:
        pytest.skip("no checkout beside these tests (the build backend lives in _build/)")
    finally:
        sys.path.pop(0)
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("CATAN_COMPILE", raising=False)
    assert not any(r.startswith("mypy") for r in catan_build.get_requires_for_build_wheel())
    monkeypatch.setenv("CATAN_COMPILE", "0")
    assert not any(r.startswith("mypy") for r in catan_build.get_requires_for_build_wheel())
    monkeypatch.setenv("CATAN_COMPILE", "1")
    assert any(r.startswith("mypy") for r in catan_build.get_requires_for_build_wheel())
    assert os.environ["CATAN_COMPILE"] == "1"


def test_a_sheet_names_its_build_and_every_fingerprint():
    mine = sheet(2, ("base", "pirate-islands"), ROOT / "tests" / "scripts", 1)
    assert mine["build"] == build()
    assert {"bench base game", "bench base text", "bench pirate-islands game", "simulate base",
            "run opening.catan"} <= set(mine)
    assert differences(mine, dict(mine)) == []
    changed = dict(mine, **{"bench base game": "0" * 16})
    assert differences(mine, changed) == [f"bench base game: {mine['bench base game']} here, {'0' * 16} there"]


@pytest.mark.skipif(not COMPILED, reason="compares a compiled install with the pure tree (CI's compiled job)")
def test_the_compiled_build_plays_the_pure_build_s_games_in_every_scenario(tmp_path):
    tree = _pure_tree()
    if tree is None:
        pytest.skip("set CATAN_PURE_TREE to a checkout to compare with")
    scripts = tree / "tests" / "scripts"
    done = subprocess.run([sys.executable, "-m", "catan_cli.benchmarks.builds", "-n", "6", "--sim-games", "1",
                           "--scripts", str(scripts), "--against", sys.executable, "--other-path", str(tree)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "compiled here, pure there: all equal" in done.stdout
