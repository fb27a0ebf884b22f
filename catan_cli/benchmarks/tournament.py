#!/usr/bin/env python3
"""The bots' tournaments (issue 19), per scenario, every seating in turn (``--rotate``):

1. ``search``: one searching bot against three greedy ones (parity 25%; target >= 40%);
2. ``balance``: greedy bots in every seat, wins per seat (target: every seat within parity
   +- 8 points, parity 25% with four players, 33.3% with three), with 95% Wilson intervals;
3. ``random``: greedy against random bots in the other seats (target >= 95%);

with each bot's median decision time (target: search within its budget, greedy <= 50 ms).
Without ``--json`` each tournament's line is followed by its pictures: each bot's win rate
as a bar with its 95% interval and fair share, and a histogram of the games' lengths.

    python -m catan_cli.benchmarks.tournament                          # the full run (long)
    python -m catan_cli.benchmarks.tournament --only search --games 40 --think 250 --jobs 2
    python -m catan_cli.benchmarks.tournament --only balance,random --json
    python -m catan_cli.benchmarks.tournament --only balance --scenarios all --players 3,4
    python -m catan_cli.benchmarks.tournament --only search --cluster auto   # on a Ray cluster

``--scenarios all`` is every registered scenario (a map file that another scenario names
for a player count, such as legend-1-3p, is played through that scenario at that count);
``--players`` lists the seat counts, each played where the scenario allows it.

The full run is 200 search games per scenario at 1 s per decision (hours on one core).
"""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import nullcontext
from typing import Any, Callable

from catan_cli.engine.scenario import available_scenarios, load_scenario
from catan_cli.errors import CatanError
from catan_cli.render.charts import WinRate, length_histogram, wilson, win_rate_chart
from catan_cli.simulate import run_simulation

SCENARIOS = ("base", "cloth-for-catan", "pirate-islands")
# The lead bot of each tournament, and the bot in every other seat.
LINEUPS = {
    "search": ("search", "greedy"),
    "balance": ("greedy", "greedy"),
    "random": ("greedy", "random"),
}
DEFAULT_GAMES = {"search": 200, "balance": 400, "random": 200}
BAND = 8.0  # the balance target: every seat within parity +- this many points


def lineup(kind: str, players: int) -> list[str]:
    lead, rest = LINEUPS[kind]
    return [lead] + [rest] * (players - 1)


def scenario_keys(spec: str) -> list[str]:
    """``all`` (every registered scenario that is not only another's map for a player
    count) or a comma-separated list of keys."""
    if spec.strip() != "all":
        return [s.strip() for s in spec.split(",") if s.strip()]
    keys = available_scenarios()
    maps_only = {m for k in keys for n, m in load_scenario(k).maps_by_players.items() if m != k}
    return [k for k in keys if k not in maps_only]


def pairs(keys: list[str], counts: list[int]) -> list[tuple[str, int]]:
    """(scenario, players) for every count the scenario allows."""
    out = []
    for key in keys:
        scen = load_scenario(key)
        out += [(key, n) for n in counts if scen.min_players <= n <= scen.max_players]
    return out


def run(kind: str, scenario: str, games: int, think: int, jobs: int, seed: int,
        players: int = 4, lengths: list[int] | None = None, cluster: str | None = None,
        progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """One tournament's report (``lengths``, if given, receives each game's turns;
    ``cluster`` plays the games on Ray, see :mod:`catan_cli.cluster`; ``progress(done,
    total)`` hears of each finished game)."""
    report = run_simulation(scenario, players, lineup(kind, players), games, seed=seed, jobs=jobs,
                            rotate=True, think_ms=think, lengths=lengths, cluster=cluster, progress=progress)
    n = report["games"]
    parity = 1 / players
    seats: dict[str, dict[str, Any]] = {}
    for s in report["seats"]:
        lo, hi = wilson(s["wins"], n)
        rate = s["wins"] / n if n else 0.0
        seats[s["seat"]] = {"wins": s["wins"], "rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
                            "within": abs(rate - parity) * 100 <= BAND}
    return {
        "tournament": kind, "scenario": scenario, "players": players, "parity": round(parity, 4),
        "games": n, "think_ms": think,
        "seed": seed, "seats": {k: v["wins"] for k, v in seats.items()}, "seat_rates": seats,
        "by_bot": {b["bot"]: {"wins": b["wins"], "win_rate": round(b["win_rate"], 4),
                              "median_ms": b["median_ms"], "p90_ms": b["p90_ms"]} for b in report["by_bot"]},
        "capped": report["capped"], "errors": len(report["errors"]), "seconds": round(report["seconds"], 1),
        "fingerprint": report["fingerprint"], "where": report["where"],
        **({"cancelled": True, "planned": report["planned"]} if report["cancelled"] else {}),
    }


def line(r: dict[str, Any]) -> str:
    games = r["games"] or 1
    where = f"{r['scenario']} ({r['players']}p)"
    bots = "  ".join(f"{k} {100 * v['win_rate']:5.1f}% (median {v['median_ms']:.1f} ms, p90 {v['p90_ms']:.1f} ms)"
                     for k, v in r["by_bot"].items())
    if r["tournament"] == "balance":
        seats = "  ".join(
            f"{k} {100 * v['rate']:4.1f}% [{100 * v['ci95'][0]:.1f}, {100 * v['ci95'][1]:.1f}]"
            + ("" if v["within"] else " OUT")
            for k, v in r["seat_rates"].items())
        band = f"parity {100 * r['parity']:.1f} +- {BAND:.0f}"
        return (f"{r['tournament']:<8}{where:<22}{r['games']:>4} games  {band}  | seats {seats}"
                f"  | greedy median {r['by_bot']['greedy']['median_ms']:.1f} ms"
                f"  | capped {r['capped']}, errors {r['errors']}, {r['seconds']:.0f} s")
    seats = "  ".join(f"{k} {100 * v / games:4.1f}%" for k, v in r["seats"].items())
    return (f"{r['tournament']:<8}{where:<22}{r['games']:>4} games  {bots}  | seats {seats}"
            f"  | capped {r['capped']}, errors {r['errors']}, {r['seconds']:.0f} s")


def charts(r: dict[str, Any], lengths: list[int], width: int = 80) -> list[Any]:
    """A tournament's pictures: each bot's win rate (the share of games one of its seats
    won) with its 95% interval and its fair share (its seats' share), and the games' lengths."""
    seated = lineup(r["tournament"], r["players"])
    rows = [WinRate(bot, int(v["wins"]), int(r["games"]), seated.count(bot) / r["players"])
            for bot, v in r["by_bot"].items()]
    title = f"{r['tournament']} · {r['scenario']} ({r['players']}p)"
    out: list[Any] = [win_rate_chart(rows, width, title=f"{title}: win rate per bot")] if r["games"] else []
    if lengths:
        out.append(length_histogram(lengths, width, capped=int(r["capped"]), title=f"{title}: game length"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="search,balance,random", help="tournaments, comma-separated")
    ap.add_argument("--scenarios", default=",".join(SCENARIOS),
                    help="comma-separated scenario keys, or 'all' (every registered scenario)")
    ap.add_argument("--players", default="4", help="seat counts, comma-separated (e.g. 3,4)")
    ap.add_argument("--games", type=int, default=0, help="games per tournament and scenario (default: the issue's)")
    ap.add_argument("--think", type=int, default=1000, help="the searching bot's ms per decision")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (with --cluster ray: its CPUs)")
    ap.add_argument("--cluster", default=None, metavar="ADDRESS",
                    help="play on Ray: 'ray' (started here), 'auto' or ray://HOST:PORT (an existing cluster)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    kinds = [k.strip() for k in args.only.split(",") if k.strip()]
    bad = [k for k in kinds if k not in LINEUPS]
    if bad:
        print(f"unknown tournament {bad[0]!r} ({', '.join(LINEUPS)})", file=sys.stderr)
        return 2
    try:
        counts = [int(p) for p in args.players.split(",") if p.strip()]
    except ValueError:
        print(f"--players takes seat counts such as 3,4, not {args.players!r}", file=sys.stderr)
        return 2
    try:
        todo = pairs(scenario_keys(args.scenarios), counts)
    except CatanError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if not todo:
        print(f"no scenario listed allows {args.players} players", file=sys.stderr)
        return 2
    out = []
    console = None
    if not args.json:
        from rich.console import Console

        console = Console(highlight=False)
    bar: Any = None
    if sys.stderr.isatty():      # games done, across the processes or the cluster
        from rich.progress import Progress

        bar = Progress(transient=True)
    for kind in kinds:
        for scenario, players in todo:
            lengths: list[int] = []
            try:
                with bar if bar is not None else nullcontext():
                    task = bar.add_task(f"{kind} · {scenario} ({players}p)", total=None) if bar is not None else 0
                    r = run(kind, scenario, args.games or DEFAULT_GAMES[kind], args.think, args.jobs, args.seed,
                            players, lengths, args.cluster,
                            (lambda done, total: bar.update(task, completed=done, total=total)) if bar else None)
                    if bar is not None:
                        bar.remove_task(task)
            except CatanError as exc:
                print(str(exc), file=sys.stderr)
                return 2
            out.append(r)
            if console is not None:
                print(line(r), flush=True)
                console.print(*charts(r, lengths, min(console.width, 100)))
            if r.get("cancelled"):
                print(f"interrupted: {r['games']} of {r['planned']} games of this tournament finished",
                      file=sys.stderr)
                if args.json:
                    print(json.dumps(out, indent=2))
                return 130
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
