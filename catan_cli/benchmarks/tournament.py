#!/usr/bin/env python3
"""The bots' tournaments (issue 19), per scenario, every seating in turn (``--rotate``):

1. ``search``: one searching bot against three greedy ones (parity 25%; target >= 40%);
2. ``balance``: four greedy bots, wins per seat (target: every seat within 25% +- 8);
3. ``random``: greedy against three random bots (target >= 95%);

with each bot's median decision time (target: search within its budget, greedy <= 50 ms).

    python -m catan_cli.benchmarks.tournament                          # the full run (long)
    python -m catan_cli.benchmarks.tournament --only search --games 40 --think 250 --jobs 2
    python -m catan_cli.benchmarks.tournament --only balance,random --json

The full run is 200 search games per scenario at 1 s per decision (hours on one core).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from catan_cli.simulate import run_simulation

SCENARIOS = ("base", "cloth-for-catan", "pirate-islands")
LINEUPS = {
    "search": ["search", "greedy", "greedy", "greedy"],
    "balance": ["greedy"] * 4,
    "random": ["greedy", "random", "random", "random"],
}
DEFAULT_GAMES = {"search": 200, "balance": 400, "random": 200}


def run(kind: str, scenario: str, games: int, think: int, jobs: int, seed: int) -> dict[str, Any]:
    report = run_simulation(scenario, 4, LINEUPS[kind], games, seed=seed, jobs=jobs, rotate=True, think_ms=think)
    return {
        "tournament": kind, "scenario": scenario, "games": report["games"], "think_ms": think,
        "seed": seed, "seats": {s["seat"]: s["wins"] for s in report["seats"]},
        "by_bot": {b["bot"]: {"wins": b["wins"], "win_rate": round(b["win_rate"], 4),
                              "median_ms": b["median_ms"], "p90_ms": b["p90_ms"]} for b in report["by_bot"]},
        "capped": report["capped"], "errors": len(report["errors"]), "seconds": round(report["seconds"], 1),
    }


def line(r: dict[str, Any]) -> str:
    games = r["games"] or 1
    seats = "  ".join(f"{k} {100 * v / games:4.1f}%" for k, v in r["seats"].items())
    bots = "  ".join(f"{k} {100 * v['win_rate']:5.1f}% (median {v['median_ms']:.1f} ms, p90 {v['p90_ms']:.1f} ms)"
                     for k, v in r["by_bot"].items())
    return (f"{r['tournament']:<8}{r['scenario']:<17}{r['games']:>4} games  {bots}  | seats {seats}"
            f"  | capped {r['capped']}, errors {r['errors']}, {r['seconds']:.0f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="search,balance,random", help="tournaments, comma-separated")
    ap.add_argument("--scenarios", default=",".join(SCENARIOS))
    ap.add_argument("--games", type=int, default=0, help="games per tournament and scenario (default: the issue's)")
    ap.add_argument("--think", type=int, default=1000, help="the searching bot's ms per decision")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out = []
    for kind in [k.strip() for k in args.only.split(",") if k.strip()]:
        if kind not in LINEUPS:
            print(f"unknown tournament {kind!r} ({', '.join(LINEUPS)})", file=sys.stderr)
            return 2
        for scenario in [s.strip() for s in args.scenarios.split(",") if s.strip()]:
            r = run(kind, scenario, args.games or DEFAULT_GAMES[kind], args.think, args.jobs, args.seed)
            out.append(r)
            if not args.json:
                print(line(r), flush=True)
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
