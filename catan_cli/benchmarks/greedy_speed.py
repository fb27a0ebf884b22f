#!/usr/bin/env python3
"""The greedy bot's speed: decisions per processor second of four greedy bots playing
whole games through ``play_game`` (the loop of ``catan simulate``), with a fingerprint of
the games played, so a faster bot can show it plays the same games.

Each tree (a checkout of this repository: this one by default, or another commit unpacked
elsewhere with ``git archive REV | tar -x -C DIR``) runs in its own process; with several
trees and ``--rounds`` the runs are interleaved (A B C A B C ...), since the machine may be
shared and its load drifts.  Processor time (``time.process_time``), not the wall clock.

    python -m catan_cli.benchmarks.greedy_speed                          # this tree, 40 games
    python -m catan_cli.benchmarks.greedy_speed --tree /tmp/old --tree . --rounds 2
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]   # this repository

#: Run inside each tree's process: only play_game and the summary it returns, which every
#: version of the simulator since the greedy bot's first speed target has.
WORKER = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from catan_cli.simulate import play_game
scenario, games, seed = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
finger = hashlib.sha256()
decisions = turns = 0
start = time.process_time()
for g in range(seed, seed + games):
    r = play_game(scenario, ["greedy"] * 4, g)
    decisions += r["decisions"]
    turns += r["turns"]
    finger.update(json.dumps([g, r["winners"], r["turns"], r["decisions"], r["digest"]]).encode())
seconds = time.process_time() - start
print(json.dumps({"decisions": decisions, "turns": turns, "seconds": seconds,
                  "fingerprint": finger.hexdigest()[:16]}))
"""


def measure(tree: Path, scenario: str = "base", games: int = 40, seed: int = 0) -> dict[str, Any]:
    """One run of ``games`` four-greedy games of ``tree`` in a fresh process."""
    out = subprocess.run([sys.executable, "-c", WORKER, str(tree), scenario, str(games), str(seed)],
                         capture_output=True, text=True, check=True).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    result["tree"] = str(tree)
    result["decisions_per_s"] = result["decisions"] / max(result["seconds"], 1e-9)
    return result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tree", action="append", type=Path,
                    help="a checkout to measure (repeat to compare; default: this repository)")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0, help="the first game seed")
    ap.add_argument("--rounds", type=int, default=1, help="interleaved rounds over the trees")
    ap.add_argument("--scenario", default="base")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    trees = [t.resolve() for t in (args.tree or [ROOT])]
    rows = []
    for rnd in range(args.rounds):
        for tree in trees:
            row = measure(tree, args.scenario, args.games, args.seed)
            row["round"] = rnd + 1
            rows.append(row)
            if not args.json:
                print(f"round {rnd + 1}  {row['decisions_per_s']:8.0f} decisions/CPU-s  "
                      f"{row['decisions']:7d} decisions  {row['seconds']:6.2f} s  "
                      f"fingerprint {row['fingerprint']}  {tree}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    if len(trees) > 1:
        first = [r["decisions_per_s"] for r in rows if r["tree"] == str(trees[0])]
        for tree in trees[1:]:
            mine = [r["decisions_per_s"] for r in rows if r["tree"] == str(tree)]
            ratios = " ".join(f"{m / f:.2f}x" for m, f in zip(mine, first))
            print(f"{tree} / {trees[0]}: {ratios}")


if __name__ == "__main__":
    main()
