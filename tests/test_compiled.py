"""One code base, two builds: the engine compiled with mypyc (``CATAN_COMPILE=1 pip install .``)
plays exactly the games the pure-Python build plays, and ``catan --version`` says which runs.

Most of this file checks the build it runs on; the cross-build comparison runs on a compiled
install (CI's second job) against the pure tree named by ``CATAN_PURE_TREE`` (a checkout)."""

from __future__ import annotations

import ast
import importlib
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


#: modules a move passes through: the engine, the scenario packages, the greedy bot and what
#: it asks per decision (the search bot's play-outs), the bots' generator
HOT = ("catan_cli.engine.core", "catan_cli.engine.legal", "catan_cli.game", "catan_cli.notation",
       "catan_cli.scenarios.cloth.rules", "catan_cli.scenarios.pirate_islands.rules",
       "catan_cli.scenarios.legend.general", "catan_cli.scenarios.legend.chapter3.sea_robbers",
       "catan_cli.scenarios.land_ho.voyages", "catan_cli.scenarios.barbarian_attack.rules",
       "catan_cli.scenarios.pirate_islands.bot", "catan_cli.bots.greedy", "catan_cli.bots.context",
       "catan_cli.bots.strategies.base", "catan_cli.bots.rng")


def _native(module_name: str) -> bool:
    path = str(importlib.import_module(module_name).__file__)
    return any(path.endswith(suffix) for suffix in EXTENSION_SUFFIXES)


def _setup_globs() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """setup.py's COMPILED globs and NOT_COMPILED names, read without running setup()."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    found = {t.id: ast.literal_eval(node.value) for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
             for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
             if isinstance(t, ast.Name) and t.id in ("COMPILED", "NOT_COMPILED")}
    return found["COMPILED"], found["NOT_COMPILED"]


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


def test_the_build_compiles_every_scenario_module_but_the_screen_s_and_the_bots_hot_path():
    # (not determinise.py: its random.Random subclass crashed compiled)
    if not (ROOT / "setup.py").is_file():
        pytest.skip("no checkout beside these tests (setup.py names the compiled modules)")
    globs, left_out = _setup_globs()
    compiled = {p.relative_to(ROOT).as_posix() for g in globs for p in ROOT.glob(g) if p.name not in left_out}
    scenario_files = {p.relative_to(ROOT).as_posix() for p in (ROOT / "catan_cli" / "scenarios").rglob("*.py")}
    assert {f for f in scenario_files if not f.endswith("/render.py")} <= compiled
    assert not {f for f in compiled if f.endswith("/render.py")}
    assert {f"{m.replace('.', '/')}.py" for m in HOT} <= compiled


def _classes(path: Path) -> dict[str, ast.ClassDef]:
    return {node.name: node for node in ast.parse(path.read_text()).body if isinstance(node, ast.ClassDef)}


def _self_annotations(node: ast.ClassDef) -> dict[str, int]:
    """``self.NAME: T = ...`` in the class's methods: name -> line."""
    return {sub.target.attr: sub.lineno for sub in ast.walk(node)
            if isinstance(sub, ast.AnnAssign) and isinstance(sub.target, ast.Attribute)
            and isinstance(sub.target.value, ast.Name) and sub.target.value.id == "self"}


def _declared(node: ast.ClassDef) -> set[str]:
    """Every attribute the class declares: annotated or assigned in its body, or assigned to
    ``self`` in its methods."""
    names = {t.id for st in node.body for t in (st.targets if isinstance(st, ast.Assign) else [getattr(st, "target", None)])
             if isinstance(st, (ast.Assign, ast.AnnAssign)) and isinstance(t, ast.Name)}
    for sub in ast.walk(node):
        targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target] if isinstance(sub, ast.AnnAssign) else []
        names |= {t.attr for t in targets if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                  and t.value.id == "self"}
    return names


def test_no_compiled_class_annotates_again_an_attribute_its_base_declares():
    # mypyc gives such an attribute a second entry in the class's garbage-collector
    # traversal: visited twice for one reference, the object looked referenced from outside
    # to the cycle collector, so no engine (Engine.pending_kinds, verbs ...) was ever freed.
    # (Class-level constants a scenario's rules override, pieces = PIECES, are visited twice
    # too, but hold the module's own objects, which never lead back to a game.)
    if not (ROOT / "setup.py").is_file():
        pytest.skip("no checkout beside these tests (setup.py names the compiled modules)")
    globs, left_out = _setup_globs()
    files = sorted({p for g in globs for p in ROOT.glob(g) if p.name not in left_out})
    found = []
    for path in files:
        module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for name, node in _classes(path).items():
            mine = _self_annotations(node)
            for base in getattr(module, name).__mro__[1:]:
                base_path = ROOT / (base.__module__.replace(".", "/") + ".py")
                if not base.__module__.startswith("catan_cli.") or not base_path.is_file():
                    continue
                base_node = _classes(base_path).get(base.__name__)
                again = sorted(set(mine) & _declared(base_node)) if base_node else []
                found += [f"{path.relative_to(ROOT)}:{mine[a]} {name}.{a} (declared by {base.__name__})" for a in again]
    assert found == []


@pytest.mark.skipif(not COMPILED, reason="checks a compiled install")
def test_the_compiled_build_runs_the_hot_layers_native():
    assert [m for m in HOT if not _native(m)] == []
    assert not _native("catan_cli.scenarios.pirate_islands.render")    # the screen's part stays Python


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
