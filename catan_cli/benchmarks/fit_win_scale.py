#!/usr/bin/env python3
"""Fit the coach's win-chance scale (:data:`catan_cli.bots.coach.WIN_SCALE`): play greedy
games, take every seat's worth (:func:`catan_cli.bots.search.worths`) at each turn's start,
and fit the one parameter ``k`` of the conditional logit ``P(i wins) = exp(k w_i) / sum_j
exp(k w_j)`` to who won, by Newton's method.

    python -m catan_cli.benchmarks.fit_win_scale --scenario base --games 120 --players 3
"""

from __future__ import annotations

import argparse
import math

from catan_cli import Game
from catan_cli.bots import GreedyBot
from catan_cli.bots.search import worths

NAMES = ["red", "blue", "white", "orange"]
MAX_MOVES = 6000

Sample = tuple[list[float], int]     # every seat's worth at a turn's start, the winner


def collect(scenario: str, games: int, players: int, seed: int) -> list[Sample]:
    """The samples of every game with one winner (greedy bots in every seat)."""
    out: list[Sample] = []
    for i in range(games):
        game = Game.new(scenario, players=NAMES[:players], seed=seed + i)
        bot = GreedyBot()
        rows: list[list[float]] = []
        last = None
        for _ in range(MAX_MOVES):
            if game.over:
                break
            s = game.engine.s
            if s.phase != "setup" and s.turn != last:
                last = s.turn
                rows.append(worths(game))
            game.execute(bot.choose(game, game.prompt_player()))
        if game.over and len(game.engine.s.winners) == 1:
            out += [(row, game.engine.s.winners[0]) for row in rows]
    return out


def fit(samples: list[Sample], k: float = 0.5, steps: int = 30) -> float:
    """The maximum-likelihood ``k`` (the log-likelihood is concave in it)."""
    for _ in range(steps):
        slope = curve = 0.0
        for w, winner in samples:
            top = max(w)
            e = [math.exp(k * (x - top)) for x in w]
            z = sum(e)
            p = [x / z for x in e]
            mean = sum(pi * x for pi, x in zip(p, w))
            slope += w[winner] - mean
            curve -= sum(pi * (x - mean) ** 2 for pi, x in zip(p, w))
        if curve == 0:
            break
        k -= slope / curve
    return k


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="base")
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args(argv)
    samples = collect(args.scenario, args.games, args.players, args.seed)
    print(f"{args.scenario} ({args.players}p): {len(samples)} turn starts of {args.games} games: "
          f"k = {fit(samples):.3f} per VP of worth")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
