"""A built wheel, installed outside the checkout, carries the scenario files and plays every
scenario: the rules are found in the installed package, not beside the source tree."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("base", "cloth-for-catan", "land-ho", "legend-1", "legend-2", "legend-3", "legend-4",
             "pirate-islands", "barbarian-attack")
LISTED = (*SCENARIOS, "legend-1-3p", "legend-2-3p", "legend-3-3p", "legend-4-3p")   # each chapter's 3-player map is a file
HEADERS = {
    "base": "# scenario: base\n# players: red, blue, white\n# seed: 5\n",
    "cloth-for-catan": "# scenario: cloth-for-catan\n# players: red, blue\n# seed: 5\n",
    "pirate-islands": "# scenario: pirate-islands\n# players: red, blue, white\n# seed: 5\n",
    "land-ho": "# scenario: land-ho\n# players: red, blue\n# seed: 5\n",
    "legend-1": "# scenario: legend-1\n# players: red, blue, white\n# seed: 5\n",
    "legend-2": "# scenario: legend-2\n# players: red, blue, white\n# seed: 5\n",
    "legend-3": "# scenario: legend-3\n# players: red, blue, white\n# seed: 5\n",
    "legend-4": "# scenario: legend-4\n# players: red, blue, white\n# seed: 5\n",
    "barbarian-attack": "# scenario: barbarian-attack\n# players: red, blue, white\n# seed: 5\n",
}


def _copy_checkout(dest: Path) -> Path:
    """The checkout's source (what an sdist or a fresh clone holds), so the build writes
    nothing into the working tree."""
    src = dest / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
        ".hypothesis", "saves", "_rules", ".mypy_cache"))
    return src


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv (outside the checkout) with the wheel installed; it borrows the
    test environment's third-party packages through a .pth line, which adds that folder to
    sys.path without running its .pth files (so the editable install stays out)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = _copy_checkout(tmp)
    wheels = tmp / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(src)],
                   check=True, capture_output=True, timeout=240)
    (wheel,) = wheels.glob("catan_cli-*.whl")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    purelib = Path(subprocess.run([str(venv / "bin" / "python"), "-c",
                                   "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  check=True, capture_output=True, text=True).stdout.strip())
    (purelib / "zz_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                    str(wheel)], check=True, capture_output=True, timeout=240)
    return venv


def _catan(venv: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CATAN_RULES_DIR", "PYTHONPATH", "CATAN_SAVES")}
    return subprocess.run([str(venv / "bin" / "catan"), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def test_the_installed_package_is_the_wheel_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    where = subprocess.run([str(installed / "bin" / "python"), "-c", "import catan_cli; print(catan_cli.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert Path(where).resolve().is_relative_to(installed.resolve())


def test_a_wheel_installed_outside_the_checkout_lists_every_scenario(installed: Path, tmp_path: Path) -> None:
    done = _catan(installed, tmp_path, "scenarios")
    assert done.returncode == 0, done.stderr
    listed = [line.split()[0] for line in done.stdout.splitlines()]
    assert listed == sorted(LISTED)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_wheel_installed_outside_the_checkout_plays_each_scenario(installed: Path, tmp_path: Path,
                                                                   scenario: str) -> None:
    players = "3" if scenario in ("pirate-islands", "legend-1", "legend-2", "legend-3", "legend-4",
                                  "barbarian-attack") else "2"
    played = _catan(installed, tmp_path, "simulate", "--scenario", scenario, "--players", players,
                    "--bots", "greedy", "--games", "1", "--json")
    assert played.returncode == 0 and '"finished": 1' in played.stdout, played.stderr
    game = tmp_path / "game.catan"
    first = "roll" if scenario == "land-ho" else "setup"          # Land Ho!'s set-up is fixed
    game.write_text(HEADERS[scenario] + f"expect phase {first}\n")
    done = _catan(installed, tmp_path, "run", "--save", "first", str(game))
    assert done.returncode == 0, done.stderr
    shown = _catan(installed, tmp_path, "show", "first")
    assert shown.returncode == 0 and scenario in shown.stdout, shown.stderr
