#!/usr/bin/env python3
"""Fit a scenario's leaf standing (``Strategy.standing_features``) to who won: play greedy
games, take every seat's features at each turn's start, and fit a conditional logit (the
chance that seat ``i`` wins is ``exp(w . f_i) / sum_j exp(w . f_j)``) by Newton's method.
Prints the weights in victory points (divided by the first feature's, the points), and how
often the highest standing at a turn's start is the eventual winner, in games held out of
the fit (every fifth), for the fitted weights and the strategy's current ones.

A scenario whose strategy weighs no features of its own (all but The Pirate Islands, Land
Ho!, the Legend's Chapter 4 and Barbarian Attack) is fitted on the general worth's terms
(:func:`general_features`, as ``search.worths`` adds them: points, production at the stage's
pip worth, cards in hand, development cards, knights played, the strategy's
``playout_worth``), and compared with the general weights
(``GENERAL_WEIGHTS``): a fit that picks the winner more often on the held-out games than
those says the scenario needs a standing of its own.

    python -m catan_cli.benchmarks.fit_standing --scenario pirate-islands --games 1600 --seed 7000
    python -m catan_cli.benchmarks.fit_standing --scenario barbarian-attack --games 300 --seed 7000
    python -m catan_cli.benchmarks.fit_standing --games 16000 --cluster auto    # on a Ray cluster
"""

from __future__ import annotations

import argparse
import math

from catan_cli import Game
from catan_cli.bots import make_bot
from catan_cli.bots.search import PIP_WORTH, production_worth
from catan_cli.bots.strategies import Strategy, strategy_for
from catan_cli.cluster import run_tasks

NAMES = ["red", "blue", "white", "orange"]
#: an L2 penalty on the weights, small: it only keeps Newton's steps sound
RIDGE = 1e-4

Sample = tuple[list[list[float]], int]   # every seat's features, the winner
#: the general worth's weights on general_features (search.worths)
GENERAL_WEIGHTS = (1.0, 1.0, 0.06, 0.25, 0.15, 1.0)


def general_features(game: Game, strat: Strategy, seat: int, production: float) -> list[float]:
    """The terms ``search.worths`` weighs for a seat where its strategy has no standing."""
    e, p = game.engine, game.engine.s.players[seat]
    leader = max(e.vp(i) for i in range(len(e.s.players)))
    pip_worth = PIP_WORTH[0] + PIP_WORTH[1] * min(max(1, e.scen.vp_target - leader), 8)
    return [float(e.vp(seat)), pip_worth * production, float(min(sum(p.resources), 7)),
            float(len(p.dev_cards)), float(p.knights), strat.playout_worth(game, seat)]


def features_of(game: Game, strat: Strategy, seat: int, production: float) -> list[float]:
    """The strategy's own standing features, else the general worth's."""
    own = strat.standing_features(game, seat, production)
    return own if own is not None else general_features(game, strat, seat, production)


def collect(scenario: str, games: int, seed: int, jobs: int = 1, cluster: str | None = None) -> list[list[Sample]]:
    """Per won game, its samples: greedy bots in every seat, at each turn's start.  The
    games (seeds ``seed, seed+1, ...``) run on ``jobs`` processes or a Ray ``cluster``
    (:mod:`catan_cli.cluster`) and come back in seed order: the fit is the same."""
    outcome = run_tasks(_collect_game, [(scenario, seed + g) for g in range(games)], jobs=jobs, cluster=cluster)
    if outcome.cancelled:
        raise KeyboardInterrupt
    return [rows for won, rows in outcome.finished if won]


def _collect_game(job: tuple[str, int]) -> tuple[bool, list[Sample]]:
    """One game's samples, and whether it was won (a game at the turn cap teaches nothing)."""
    scenario, seed = job
    strat = strategy_for(scenario)
    game = Game.new(scenario, players=NAMES, seed=seed)
    bots = {n: make_bot("greedy") for n in NAMES}
    s = game.engine.s
    rows: list[list[list[float]]] = []
    last_turn = -1
    while not game.over and s.turn <= 500:
        if s.phase != "setup" and s.turn != last_turn:
            last_turn = s.turn
            prod = production_worth(game, yields=strat.production_yields())
            rows.append([features_of(game, strat, i, prod[i]) for i in range(len(NAMES))])
        seat = game.prompt_player()
        game.execute(bots[seat].choose_action(game, seat))
    if not s.winners:
        return False, []
    winner = min(s.winners)
    return True, [(r, winner) for r in rows]


def fit(samples: list[Sample], iterations: int = 25) -> list[float]:
    """The conditional logit's weights, by Newton's method on the mean log-likelihood."""
    k = len(samples[0][0][0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for seats, winner in samples:
            scores = [sum(a * b for a, b in zip(w, f)) for f in seats]
            top = max(scores)
            ex = [math.exp(x - top) for x in scores]
            total = sum(ex)
            p = [x / total for x in ex]
            mean = [sum(p[i] * seats[i][j] for i in range(len(seats))) for j in range(k)]
            for j in range(k):
                grad[j] += seats[winner][j] - mean[j]
            for i, f in enumerate(seats):
                d = [f[j] - mean[j] for j in range(k)]
                for a in range(k):
                    pa = p[i] * d[a]
                    row = hess[a]
                    for b in range(a, k):
                        row[b] += pa * d[b]
        n = len(samples)
        for a in range(k):
            grad[a] = grad[a] / n - RIDGE * w[a]
            for b in range(a, k):
                hess[a][b] = hess[b][a] = hess[a][b] / n + (RIDGE if a == b else 0.0)
        step = solve(hess, grad)
        w = [x + y for x, y in zip(w, step)]
        if max(abs(x) for x in step) < 1e-7:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small)."""
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        pivot = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(c + 1, k):
            f = m[r][c] / m[c][c]
            for j in range(c, k + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * k
    for r in range(k - 1, -1, -1):
        x[r] = (m[r][k] - sum(m[r][j] * x[j] for j in range(r + 1, k))) / m[r][r]
    return x


def top_rate(samples: list[Sample], weights: list[float] | tuple[float, ...]) -> float:
    """How often the seat with the highest weighed features is the winner."""
    hits = 0
    for seats, winner in samples:
        scores = [sum(a * b for a, b in zip(weights, f)) for f in seats]
        hits += max(range(len(seats)), key=lambda i: (scores[i], -i)) == winner
    return hits / len(samples) if samples else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="pirate-islands")
    ap.add_argument("--games", type=int, default=1600)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (with --cluster ray: its CPUs)")
    ap.add_argument("--cluster", default=None, metavar="ADDRESS",
                    help="play on Ray: 'ray' (started here), 'auto' or ray://HOST:PORT (an existing cluster)")
    ap.add_argument("--current", default="", help="the strategy's current weights, comma-separated (for the comparison)")
    args = ap.parse_args(argv)
    games = collect(args.scenario, args.games, args.seed, args.jobs, args.cluster)
    train = [smp for g, rows in enumerate(games) if g % 5 for smp in rows]
    held = [smp for g, rows in enumerate(games) if not g % 5 for smp in rows]
    if not train or not held:
        raise SystemExit("too few won games to fit")
    w = fit(train)
    print(f"{args.scenario}: {len(games)} won games of {args.games}, {len(train)} turns fitted, {len(held)} held out")
    print("weights in VP (points first): " + ", ".join(f"{x / w[0]:.3f}" for x in w))
    print(f"held-out turns where the highest standing wins: fitted {top_rate(held, w):.3f}", end="")
    general = type(strategy_for(args.scenario)).standing_features is Strategy.standing_features
    current = ([float(x) for x in args.current.split(",")] if args.current
               else list(GENERAL_WEIGHTS) if general else [])
    if current:
        print(f", current {top_rate(held, current):.3f}", end="")
    print(f" (chance {1 / len(NAMES):.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
