#!/usr/bin/env python3
"""How long 'hint' takes per scenario: the coach's processor time (what its budget bounds)
and the wall-clock time, over positions reached by greedy play (the seat to move with at
least three moves), and whether it searched or ranked by the evaluation.

    python -m catan_cli.benchmarks.hint_time --think 1000 --positions 5
    python -m catan_cli.benchmarks.hint_time --scenarios base,land-ho --think 300
"""

from __future__ import annotations

import argparse
import statistics
import time

from catan_cli import Game
from catan_cli.bots import GreedyBot
from catan_cli.bots.coach import HINTS, hint

NINE = ("base", "cloth-for-catan", "pirate-islands", "land-ho", "barbarian-attack",
        "legend-1", "legend-2", "legend-3", "legend-4")
NAMES = ["red", "blue", "white"]


def position(scenario: str, seed: int, after: int) -> Game | None:
    """``after`` greedy moves in, then on until the seat to move has ``HINTS`` moves."""
    game = Game.new(scenario, players=NAMES, seed=seed)
    bot = GreedyBot()
    for n in range(after + 200):
        if game.over:
            return None
        if n >= after and len([a for a in game.legal_actions() if a.kind != "offer"]) >= HINTS:
            return game
        game.execute(bot.choose(game, game.prompt_player()))
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenarios", default=",".join(NINE))
    ap.add_argument("--think", type=int, default=1000, help="the coach's budget in ms")
    ap.add_argument("--positions", type=int, default=5)
    ap.add_argument("--seed", type=int, default=100)
    args = ap.parse_args(argv)
    for key in [k.strip() for k in args.scenarios.split(",") if k.strip()]:
        cpu: list[float] = []
        wall: list[float] = []
        searched = set()
        for i in range(args.positions):
            game = position(key, args.seed + i, 40 + 15 * i)
            if game is None:
                continue
            start = time.perf_counter()
            answer = hint(game, game.prompt_player(), args.think)
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append(answer.elapsed_ms)
            searched.add("searched" if answer.searched else "evaluated")
        if not cpu:
            print(f"{key:18} no position reached")
            continue
        print(f"{key:18} {'/'.join(sorted(searched)):18} {len(cpu)} positions  processor median "
              f"{statistics.median(cpu):6.0f} ms, max {max(cpu):6.0f} ms  |  wall median "
              f"{statistics.median(wall):6.0f} ms, max {max(wall):6.0f} ms  (budget {args.think} ms)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
