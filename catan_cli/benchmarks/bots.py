#!/usr/bin/env python3
"""Bot benchmarks, on the base board.

1. The greedy bot's decision time: every ``choose`` call of four greedy bots over N games
   (median target < 20 ms).
2. Simulation throughput of four random bots (``run_simulation``, the engine of
   ``catan simulate``), on one process and with ``--jobs 2``, side by side with catanatron
   3.2.1's random players measured in the same run by ``../shared/bench/catanatron.sh``
   (target: >= 1.5x its games/s on one process; --jobs 2 near 2x one process).

The greedy bot's throughput and the games it plays, against older checkouts:
``python -m catan_cli.benchmarks.greedy_speed``.

    python -m catan_cli.benchmarks.bots                      # everything, 200 games each
    python -m catan_cli.benchmarks.bots --games 100 --no-catanatron --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]   # the repository

from catan_cli import Game  # noqa: E402
from catan_cli.bots import make_bot  # noqa: E402
from catan_cli.simulate import run_simulation  # noqa: E402

CATANATRON = ROOT.parent / "shared" / "bench" / "catanatron.sh"
NAMES = ["red", "blue", "white", "orange"]


def greedy_decision_times(games: int, seed: int = 0) -> dict[str, Any]:
    times: list[float] = []
    for g_seed in range(seed, seed + games):
        game = Game.new("base", players=NAMES, seed=g_seed)
        bots = [make_bot("greedy", g_seed * 10 + i) for i in range(4)]
        while not game.over and game.state.turn <= 500:
            seat = game.prompt_player()
            t0 = time.perf_counter()
            line = bots[NAMES.index(seat)].choose(game, seat)
            times.append(time.perf_counter() - t0)
            game.execute(line)
    times.sort()
    ms = [t * 1000 for t in times]
    return {
        "games": games, "decisions": len(ms),
        "median_ms": statistics.median(ms), "mean_ms": statistics.fmean(ms),
        "p90_ms": ms[int(0.9 * (len(ms) - 1))], "p99_ms": ms[int(0.99 * (len(ms) - 1))], "max_ms": ms[-1],
    }


def throughput(games: int, jobs: int, seed: int = 1) -> dict[str, Any]:
    r = run_simulation("base", 4, ["random"] * 4, games, seed=seed, jobs=jobs)
    return {"games": r["games"], "jobs": jobs, "seconds": r["seconds"], "games_per_s": r["games_per_s"],
            "decisions_per_s": r["decisions_per_s"], "avg_turns": r["avg_turns"],
            "decisions_per_game": r["decisions"] / max(1, r["games"]), "capped": r["capped"]}


def catanatron(games: int) -> dict[str, Any] | None:
    if not CATANATRON.exists():
        return None
    try:
        out = subprocess.run([str(CATANATRON), "-n", str(games)], capture_output=True, text=True,
                             timeout=3600, check=True).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        print(f"catanatron could not run: {exc}", file=sys.stderr)
        return None
    fields: dict[str, Any] = {"raw": out.strip().splitlines()[0] if out.strip() else ""}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in ("games_per_sec", "decisions_per_sec", "wall_s",
                                            "avg_decisions_per_game", "avg_turns_per_game"):
            fields[parts[0]] = float(parts[1])
    return fields


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="random-bot games per throughput run")
    ap.add_argument("--greedy-games", type=int, default=30, help="greedy games for decision times")
    ap.add_argument("--catanatron-games", type=int, default=200)
    ap.add_argument("--no-catanatron", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    report: dict[str, Any] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    report["greedy"] = greedy_decision_times(args.greedy_games)
    report["catanatron"] = None if args.no_catanatron else catanatron(args.catanatron_games)
    report["ours_jobs1"] = throughput(args.games, 1)
    report["ours_jobs2"] = throughput(args.games, 2)
    cat = report["catanatron"]
    one, two = report["ours_jobs1"], report["ours_jobs2"]
    report["jobs2_speedup"] = two["games_per_s"] / one["games_per_s"]
    if cat and cat.get("games_per_sec"):
        report["vs_catanatron_games"] = one["games_per_s"] / cat["games_per_sec"]
        report["vs_catanatron_decisions"] = one["decisions_per_s"] / cat["decisions_per_sec"]
    if args.json:
        print(json.dumps(report, indent=2))
        return
    g = report["greedy"]
    print(f"greedy decision time, base, 4 greedy bots, {g['games']} games, {g['decisions']} decisions:")
    print(f"  median {g['median_ms']:.2f} ms  mean {g['mean_ms']:.2f}  p90 {g['p90_ms']:.2f}  "
          f"p99 {g['p99_ms']:.2f}  max {g['max_ms']:.2f}   (target: median < 20 ms)")
    print("\nthroughput, base, 4 random bots:")
    print(f"  {'':24} {'games/s':>9} {'decisions/s':>12} {'dec/game':>9} {'turns':>7}")
    if cat:
        print(f"  {'catanatron 3.2.1 (1 proc)':24} {cat.get('games_per_sec', 0):9.2f} "
              f"{cat.get('decisions_per_sec', 0):12.0f} {cat.get('avg_decisions_per_game', 0):9.1f} "
              f"{cat.get('avg_turns_per_game', 0):7.1f}")
    for label, row in (("catan, 1 process", one), ("catan, --jobs 2", two)):
        print(f"  {label:24} {row['games_per_s']:9.2f} {row['decisions_per_s']:12.0f} "
              f"{row['decisions_per_game']:9.1f} {row['avg_turns']:7.1f}")
    if "vs_catanatron_games" in report:
        print(f"\n  catan / catanatron: {report['vs_catanatron_games']:.2f}x games/s, "
              f"{report['vs_catanatron_decisions']:.2f}x decisions/s (target 1.5x games/s)")
    print(f"  --jobs 2 / 1 process: {report['jobs2_speedup']:.2f}x (target: near 2x)")


if __name__ == "__main__":
    main()
