#!/usr/bin/env python3
"""The searching bot's decision times, rounds and how often it leaves the greedy move,
counting only the decisions it searched (the others are the greedy bot's answer, well under
a millisecond), against three greedy bots.

Its budget is counted in play-out moves (``MOVES_PER_MS`` per ms), so this prints both the
wall time and the processor time of its decisions (the latter is what an unloaded machine
would take) and the pace, moves per processor millisecond, that calibrates ``MOVES_PER_MS``.

    python -m catan_cli.benchmarks.search_time --think 1000 --games 2
    python -m catan_cli.benchmarks.search_time --scenario pirate-islands --think 250 --games 3 --turns 80
"""

from __future__ import annotations

import argparse
import statistics
import time

from catan_cli import Game
from catan_cli.bots import make_bot
from catan_cli.bots.search import MOVES_PER_MS, MOVES_PER_MS_LAND, SearchBot, pace

NAMES = ["red", "blue", "white", "orange"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="base")
    ap.add_argument("--think", type=int, default=1000)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--turns", type=int, default=500, help="stop each game after this many turns")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    spent: list[float] = []
    cpu: list[float] = []
    rounds: list[int] = []
    moves = changed = 0
    for g in range(args.games):
        game = Game.new(args.scenario, players=NAMES, seed=args.seed + g)
        search = SearchBot(think_ms=args.think)
        seat_of_search = NAMES[g % 4]
        bots = {n: (search if n == seat_of_search else make_bot("greedy")) for n in NAMES}
        while not game.over and game.state.turn <= args.turns:
            seat = game.prompt_player()
            t0, c0 = time.perf_counter(), time.thread_time()
            action = bots[seat].choose_action(game, seat)
            dt, dc = time.perf_counter() - t0, time.thread_time() - c0
            if seat == seat_of_search and search.last_rounds:
                spent.append(dt * 1000)
                cpu.append(dc * 1000)
                rounds.append(search.last_rounds)
                moves += search.last_moves
                changed += search.last_changed
            game.engine.apply(action)
    if not spent:
        print("no searched decision")
        return
    print(f"{args.scenario}: budget {args.think} ms, {len(spent)} searched decisions in {args.games} games; "
          f"rounds per decision median {statistics.median(rounds):.0f}; "
          f"another move than greedy's in {changed}; "
          f"pace {moves / sum(cpu):.2f} moves per processor ms (the bot counts {pace(game)} here: "
          f"the scenario's playout_pace, else MOVES_PER_MS {MOVES_PER_MS} with ships, {MOVES_PER_MS_LAND} without)")
    for label, values in (("wall", spent), ("processor", cpu)):
        values.sort()
        print(f"  {label:<9} median {statistics.median(values):.0f} ms, "
              f"p90 {values[int(0.9 * (len(values) - 1))]:.0f} ms, max {values[-1]:.0f} ms")


if __name__ == "__main__":
    main()
