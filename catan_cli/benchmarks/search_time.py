#!/usr/bin/env python3
"""The searching bot's decision times and rounds, counting only the decisions it searched
(the others are the greedy bot's answer, well under a millisecond), against three greedy bots.

    python -m catan_cli.benchmarks.search_time --think 1000 --games 2
    python -m catan_cli.benchmarks.search_time --scenario pirate-islands --think 250 --games 3 --turns 80
"""

from __future__ import annotations

import argparse
import statistics
import time

from catan_cli import Game
from catan_cli.bots import make_bot
from catan_cli.bots.search import SearchBot

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
    rounds: list[int] = []
    for g in range(args.games):
        game = Game.new(args.scenario, players=NAMES, seed=args.seed + g)
        search = SearchBot(think_ms=args.think)
        seat_of_search = NAMES[g % 4]
        bots = {n: (search if n == seat_of_search else make_bot("greedy")) for n in NAMES}
        while not game.over and game.state.turn <= args.turns:
            seat = game.prompt_player()
            t0 = time.perf_counter()
            action = bots[seat].choose_action(game, seat)
            dt = time.perf_counter() - t0
            if seat == seat_of_search and search.last_rounds:
                spent.append(dt * 1000)
                rounds.append(search.last_rounds)
            game.engine.apply(action)
    spent.sort()
    print(f"{args.scenario}: budget {args.think} ms, {len(spent)} searched decisions in {args.games} games: "
          f"median {statistics.median(spent):.0f} ms, p90 {spent[int(0.9 * (len(spent) - 1))]:.0f} ms, "
          f"max {spent[-1]:.0f} ms; rounds per decision median {statistics.median(rounds):.0f}")


if __name__ == "__main__":
    main()
