"""Engine throughput: seeded random-player games, the peer-comparable speed figure.

    python -m catan_cli.bench                 # 200 four-player games of every scenario
    python -m catan_cli.bench -n 500 --scenario base --text

A random player picks uniformly among ``legal_actions()`` of the seat to act and plays it
through ``Engine.apply`` (the same check-then-apply door as every client); ``--text`` goes
through the command language instead (``legal_commands()`` and ``Game.execute``).  Games stop
at a turn cap (reported as 'capped').  Game i uses seed S+i for the board and the dice, and
a separate generator seeded S+i for the player, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time
from dataclasses import dataclass

from .game import Game

COLORS = ["red", "blue", "white", "orange"]


@dataclass
class BenchResult:
    scenario: str
    games: int
    decisions: int
    seconds: float
    capped: int
    turns: list[int]
    fingerprint: str

    @property
    def games_per_sec(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_sec(self) -> float:
        return self.decisions / self.seconds


def play_random_game(scenario: str, players: int, seed: int, turn_cap: int, text: bool) -> tuple[Game, int]:
    game = Game.new(scenario, players=COLORS[:players], seed=seed)
    chooser = random.Random(seed)
    engine = game.engine
    state = engine.s
    decisions = 0
    while state.phase != "over" and state.turn <= turn_cap:
        if text:
            game.execute(chooser.choice(game.legal_commands()))
        else:
            engine.apply(chooser.choice(engine.legal_actions()))
        decisions += 1
    return game, decisions


def run(scenario: str, games: int, players: int, seed: int, turn_cap: int, text: bool) -> BenchResult:
    fingerprint = hashlib.sha1()
    decisions = capped = 0
    turns = []
    start = time.perf_counter()
    for i in range(games):
        game, n = play_random_game(scenario, players, seed + i, turn_cap, text)
        decisions += n
        turns.append(game.state.turn)
        capped += game.winner is None
        fingerprint.update(f"{game.winner}:{n};".encode())
    seconds = time.perf_counter() - start
    return BenchResult(scenario, games, decisions, seconds, capped, turns, fingerprint.hexdigest()[:16])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m catan_cli.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", action="append", help="repeatable; default: every scenario")
    parser.add_argument("--turn-cap", type=int, default=1000)
    parser.add_argument("--text", action="store_true", help="play through the command language")
    args = parser.parse_args(argv)
    scenarios = args.scenario or ["base", "cloth-for-catan", "pirate-islands", "land-ho"]
    print(f"{'scenario':<16} {'games':>6} {'games/s':>9} {'decisions/s':>12} {'avg dec':>8} "
          f"{'med turns':>9} {'capped':>6}  fingerprint")
    for scen in scenarios:
        res = run(scen, args.games, args.players, args.seed, args.turn_cap, args.text)
        print(f"{scen:<16} {res.games:>6} {res.games_per_sec:>9.2f} {res.decisions_per_sec:>12.0f} "
              f"{res.decisions / res.games:>8.1f} {statistics.median(res.turns):>9.0f} {res.capped:>6}  "
              f"{res.fingerprint}")


if __name__ == "__main__":
    main()
