"""The cost of copying a game: ``Game.copy()`` against ``copy.deepcopy`` and a JSON round trip.

    python -m catan_cli.benchmarks.copies            # every scenario, a position 300 actions in
    python -m catan_cli.benchmarks.copies -n 500 --scenario pirate-islands

Each figure is the best of five runs of ``n`` copies (microseconds of CPU time per copy,
``time.process_time``), taken from a seeded random game ``--moves`` actions in.
``Game.copy()`` is what look-ahead and undo use.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from typing import Callable

from ..game import Game

COLORS = ["red", "blue", "white", "orange"]


def position(scenario: str, moves: int, seed: int) -> Game:
    game = Game.new(scenario, players=COLORS, seed=seed)
    choose = random.Random(seed).choice
    for _ in range(moves):
        if game.over:
            break
        game.execute(choose(game.legal_actions()))
    return game


def best_us(make: Callable[[], object], n: int) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(n):
            make()
        best = min(best, (time.process_time() - start) / n)
    return best * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m catan_cli.benchmarks.copies",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("-n", type=int, default=200, help="copies per run")
    parser.add_argument("--moves", type=int, default=300, help="actions played before copying")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--scenario", action="append", help="repeatable; default: every scenario")
    args = parser.parse_args(argv)
    print(f"{'scenario':<16} {'deepcopy us':>12} {'copy() us':>10} {'ratio':>7} {'to+from json us':>16}")
    for scen in args.scenario or ["base", "cloth-for-catan", "pirate-islands"]:
        game = position(scen, args.moves, args.seed)
        deep = best_us(lambda: copy.deepcopy(game), args.n)
        fast = best_us(game.copy, args.n)
        json_trip = best_us(lambda: Game.from_json(game.to_json()), max(1, args.n // 4))
        print(f"{scen:<16} {deep:>12.0f} {fast:>10.0f} {deep / fast:>6.1f}x {json_trip:>16.0f}")


if __name__ == "__main__":
    main()
