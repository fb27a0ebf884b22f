#!/usr/bin/env python3
"""Two checkouts' engine speed, compared game by game: for changes too small for the bench.

    python -m catan_cli.benchmarks.ab --tree /tmp/old --tree . --scenario cloth-for-catan -n 60
    python -m catan_cli.benchmarks.ab --tree /tmp/old --tree . --scenario base --scenario pirate-islands

Each tree (a checkout of this repository: another commit unpacked elsewhere with
``git archive REV | tar -x -C DIR``) gets one long-lived worker process.  The workers play
the bench's random games (``catan_cli.bench.play_random_game``) one at a time, in turn:
game i of every tree, then game i+1 with the order of the trees turned round.  So each
tree's games are spread evenly over the run, and a drift of the machine's speed, which on
a shared machine moves whole runs of ``catan_cli.bench`` by 10 % or more, falls on every
tree alike.  Each game's figure is the worker's processor time (``time.process_time``).
Every worker runs on one processor (``--cpu``) with one string-hash seed, so neither its
placement nor its dict layouts favour a tree.

For every scenario the first tree is the reference.  It prints each tree's decisions per
processor second over all the games, its ratio to the reference's, and a 90 % bootstrap
interval of that ratio over the games (a change whose interval holds 1.000 is not shown
by the run).  "same games" says whether every game ended with the same winner after the
same number of decisions in both trees, as a change of speed alone must; the interval
pairs each seed's two games, so it is only meant for such changes.

The interval measures the games' noise, not the processes': two copies of one tree still
read up to about 3 % apart in a run (how each process's code happens to lie in memory).
Repeat a run before trusting a difference that small.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

#: Run inside each tree's process.  One request a line ("scenario seed path players cap"),
#: one answer a line: the decisions, the processor seconds and the winner.
WORKER = r"""
import json, os, sys, time
tree = os.path.realpath(sys.argv[1])
sys.path.insert(0, tree)
try:
    import catan_cli
    from catan_cli.bench import play_random_game
except Exception as exc:
    print(json.dumps({"error": f"cannot import catan_cli.bench.play_random_game: {exc}"}), flush=True)
    raise SystemExit(0)
found = os.path.realpath(os.path.dirname(catan_cli.__file__))
if os.path.dirname(found) != tree:     # an installed copy, not the tree's own
    print(json.dumps({"error": f"cannot import catan_cli.bench.play_random_game from it (found {found})"}),
          flush=True)
    raise SystemExit(0)
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    scenario, seed, path, players, cap = line.split()
    try:
        start = time.process_time()
        game, decisions = play_random_game(scenario, int(players), int(seed), int(cap), path)
        seconds = time.process_time() - start
    except Exception as exc:
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}), flush=True)
        continue
    print(json.dumps({"decisions": decisions, "seconds": seconds, "winner": game.winner}), flush=True)
"""

RESAMPLES = 1000
#: every worker hashes strings alike, so no tree is favoured by its process's dict layouts
HASH_SEED = "0"


class WorkerError(Exception):
    """A worker could not start or play: said in one line."""


class Worker:
    """One tree's process, playing one game per request."""

    def __init__(self, tree: Path, cpu: int | None) -> None:
        self.tree = tree
        env = dict(os.environ, PYTHONHASHSEED=HASH_SEED)
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER, str(tree)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                     env=env)
        if cpu is not None:
            os.sched_setaffinity(self.proc.pid, {cpu})
        self._answer()

    def _answer(self) -> dict[str, Any]:
        out: IO[str] | None = self.proc.stdout
        line = out.readline() if out is not None else ""
        if not line:
            raise WorkerError(f"{self.tree}: the worker stopped")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise WorkerError(f"{self.tree}: {answer['error']}")
        return answer

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()

    def play(self, scenario: str, seed: int, path: str, players: int, cap: int) -> tuple[int, float, str | None]:
        stdin = self.proc.stdin
        if stdin is None:
            raise WorkerError(f"{self.tree}: the worker has no input")
        stdin.write(f"{scenario} {seed} {path} {players} {cap}\n")
        stdin.flush()
        answer = self._answer()
        winner = answer["winner"]
        return int(answer["decisions"]), float(answer["seconds"]), None if winner is None else str(winner)


@dataclass
class TreeGames:
    """One tree's games of one scenario, in seed order."""
    decisions: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    winners: list[str | None] = field(default_factory=list)

    def rate(self) -> float:
        return sum(self.decisions) / max(sum(self.seconds), 1e-9)


def compare(workers: list[Worker], scenario: str, games: int, seed: int, path: str,
            players: int, cap: int) -> list[TreeGames]:
    """Every tree plays games seed .. seed+games-1, game by game, the order turning round."""
    for worker in workers:          # one untimed game each: imports, the scenario's tables
        worker.play(scenario, seed - 1, path, players, cap)
    results = [TreeGames() for _ in workers]
    for i in range(games):
        order = list(range(len(workers)))
        if i % 2:
            order.reverse()
        for k in order:
            decisions, seconds, winner = workers[k].play(scenario, seed + i, path, players, cap)
            results[k].decisions.append(decisions)
            results[k].seconds.append(seconds)
            results[k].winners.append(winner)
    return results


def interval(mine: TreeGames, reference: TreeGames, resamples: int = RESAMPLES) -> tuple[float, float]:
    """A 90 % bootstrap interval of the speed ratio: the games are drawn again with
    replacement, each drawn game counting in both trees (the same seed plays the same
    game in each), and the ratio of the two rates taken over each draw."""
    pick = random.Random(0).choices
    n = len(reference.decisions)
    ratios = []
    for _ in range(resamples):
        games = pick(range(n), k=n)
        decisions = sum(reference.decisions[g] for g in games)
        mine_rate = sum(mine.decisions[g] for g in games) / max(sum(mine.seconds[g] for g in games), 1e-9)
        ratios.append(mine_rate / (decisions / max(sum(reference.seconds[g] for g in games), 1e-9)))
    ratios.sort()
    return ratios[int(0.05 * resamples)], ratios[int(0.95 * resamples) - 1]


def report(scenario: str, trees: list[Path], results: list[TreeGames]) -> list[str]:
    reference = results[0]
    lines = [f"{scenario}: {len(reference.decisions)} games a tree, decisions per processor second"]
    for k, (tree, mine) in enumerate(zip(trees, results)):
        line = f"  {mine.rate():9.0f}  {tree}"
        if k:
            lo, hi = interval(mine, reference)
            same = mine.decisions == reference.decisions and mine.winners == reference.winners
            line += (f"  {mine.rate() / reference.rate():.3f}x the first "
                     f"(90 % interval {lo:.3f}-{hi:.3f})  same games: {'yes' if same else 'NO'}")
        lines.append(line)
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tree", action="append", type=Path, required=True,
                    help="a checkout to measure; the first is the reference (give two or more)")
    ap.add_argument("--scenario", action="append", help="a scenario to play (repeat; default: base)")
    ap.add_argument("-n", "--games", type=int, default=60, help="games per tree and scenario")
    ap.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    ap.add_argument("--path", choices=("game", "text", "engine"), default="game")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--turn-cap", type=int, default=500)
    ap.add_argument("--cpu", type=int, help="the processor every worker runs on (default: the first this "
                                          "process may use); all on one, so none is favoured by its placement")
    args = ap.parse_args(argv)
    if len(args.tree) < 2:
        ap.error("give two trees or more: the first is the one the others are compared with")
    if args.games < 2:
        ap.error("play at least 2 games a tree")
    trees = [t.resolve() for t in args.tree]
    cpu = args.cpu
    if cpu is None and hasattr(os, "sched_getaffinity"):
        cpu = min(os.sched_getaffinity(0))
    workers: list[Worker] = []
    try:
        for tree in trees:
            workers.append(Worker(tree, cpu))
        for scenario in args.scenario or ["base"]:
            results = compare(workers, scenario, args.games, args.seed, args.path, args.players, args.turn_cap)
            print("\n".join(report(scenario, trees, results)), flush=True)
    except WorkerError as exc:
        raise SystemExit(f"ab: {exc}") from None
    except KeyboardInterrupt:
        raise SystemExit("ab: interrupted") from None
    finally:
        for worker in workers:
            worker.stop()


if __name__ == "__main__":
    main()
