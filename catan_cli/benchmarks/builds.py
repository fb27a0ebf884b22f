#!/usr/bin/env python3
"""Same games in both builds: the compiled build must play exactly what the pure one plays.

    python -m catan_cli.benchmarks.builds                      # this build's sheet
    python -m catan_cli.benchmarks.builds --against OTHER/bin/python [--other-path DIR]

A sheet is every fingerprint a game leaves: the bench's (``catan_cli.bench.run``) of every
scenario through the Game API and through text, the final digest of every command file in
``--scripts`` (default ``tests/scripts``), and ``catan simulate``'s fingerprint of greedy and
random bots in every scenario.  ``--against`` has another interpreter write its sheet (run
from a scratch directory, so it imports its own install; ``--other-path`` puts a checkout
first on its path instead, for the pure tree) and lists every line that differs; the exit
status is 1 when one does, or when both sides are the same build.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from .. import build
from ..bench import run as bench_run
from ..script import read_file, run as run_file
from ..simulate import run_simulation

SCENARIOS = ("base", "cloth-for-catan", "pirate-islands", "legend-1", "legend-2", "legend-3", "legend-4",
             "barbarian-attack", "land-ho")
PATHS = ("game", "text")
SIM_BOTS = ["greedy", "random", "random", "random"]


def sheet(games: int, scenarios: tuple[str, ...], scripts: Path | None, sim_games: int) -> dict[str, str]:
    """Every fingerprint, by a name that says where it comes from; ``build`` says which build."""
    out = {"build": build()}
    for scenario in scenarios:
        for path in PATHS:
            out[f"bench {scenario} {path}"] = bench_run(scenario, games, 4, 1, 1000, path).fingerprint
    for file in sorted(scripts.glob("*.catan")) if scripts else []:
        out[f"run {file.name}"] = run_file(read_file(file)).game.digest()
    for scenario in scenarios:
        if sim_games:
            report = run_simulation(scenario, len(SIM_BOTS), SIM_BOTS, sim_games, seed=0)
            out[f"simulate {scenario}"] = str(report["fingerprint"])
    return out


def other_sheet(python: str, argv: list[str], other_path: str | None) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if other_path:
        env["PYTHONPATH"] = str(Path(other_path).resolve())
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run([python, "-m", "catan_cli.benchmarks.builds", "--json", *argv], cwd=scratch,
                              env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{python}: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else 'failed'}")
    answer: dict[str, str] = json.loads(done.stdout)
    return answer


def differences(mine: dict[str, str], theirs: dict[str, str]) -> list[str]:
    """The lines that differ (the ``build`` line aside), one per fingerprint."""
    return [f"{key}: {mine.get(key, '-')} here, {theirs.get(key, '-')} there"
            for key in sorted(set(mine) | set(theirs)) if key != "build" and mine.get(key) != theirs.get(key)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m catan_cli.benchmarks.builds",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--games", type=int, default=10, help="bench games per scenario and path")
    parser.add_argument("--sim-games", type=int, default=2, help="simulate games per scenario (0: none)")
    parser.add_argument("--scenario", action="append", help="repeatable; default: every scenario")
    parser.add_argument("--scripts", default="tests/scripts", help="a folder of command files ('' for none)")
    parser.add_argument("--json", action="store_true", help="print the sheet as JSON")
    parser.add_argument("--against", metavar="PYTHON", help="compare with the sheet of this interpreter")
    parser.add_argument("--other-path", metavar="DIR", help="with --against: import catan_cli from DIR")
    args = parser.parse_args(argv)
    scenarios = tuple(args.scenario or SCENARIOS)
    scripts = Path(args.scripts).resolve() if args.scripts else None
    if scripts is not None and not scripts.is_dir():
        parser.error(f"--scripts {args.scripts}: no such folder")
    mine = sheet(args.games, scenarios, scripts, args.sim_games)
    if args.json:
        print(json.dumps(mine, indent=1, sort_keys=True))
        return
    if not args.against:
        for key, value in mine.items():
            print(f"{key:<40} {value}")
        return
    passed = ["-n", str(args.games), "--sim-games", str(args.sim_games), "--scripts", str(scripts or "")]
    passed += [arg for scenario in scenarios for arg in ("--scenario", scenario)]
    theirs = other_sheet(args.against, passed, args.other_path)
    diff = differences(mine, theirs)
    print(f"{len(mine) - 1} fingerprints, {mine['build']} here, {theirs.get('build', '?')} there: "
          + ("all equal" if not diff else f"{len(diff)} differ"))
    for line in diff:
        print("  " + line)
    if diff or mine["build"] == theirs.get("build"):
        sys.exit(1)


if __name__ == "__main__":
    main()
