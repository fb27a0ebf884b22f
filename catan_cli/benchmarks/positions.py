#!/usr/bin/env python3
"""Where the bench's time goes, by kind of position: the roll, the first main-phase
position of a turn, the later ones, each kind of pending decision.

    python -m catan_cli.benchmarks.positions                       # base, Cloth, The Pirate Islands
    python -m catan_cli.benchmarks.positions --scenario legend-2 -n 40

It plays the bench's random games (``catan_cli.bench.play_random_game``'s loop through the
public API: ``Game.legal_actions()`` then ``Game.execute`` of a random pick) and times each
half of every decision in this process's CPU time (``time.process_time``; ``--clock wall``
for ``time.perf_counter``), so the figures hold on a loaded machine as the bench's CPU-time
figures do.  The timer adds about a microsecond a decision, so the figures run a little
above the bench's; compare scenarios within one run.

The first main-phase position of a turn is where what the previous turns changed is worked
out again (the seat's ship moves, its building sites), so it is shown apart from the later
ones of the same turn.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Callable

from ..bench import COLORS
from ..engine.phases import Phase
from ..game import Game

DEFAULT_SCENARIOS = ("base", "cloth-for-catan", "pirate-islands")


@dataclass
class Costs:
    """One kind of position's decisions, the moves listed at them, and the seconds spent
    listing and playing them."""
    decisions: int = 0
    moves: int = 0
    listing: float = 0.0
    playing: float = 0.0


def kind_of_position(game: Game, after_roll: bool) -> str:
    """The position's kind: 'setup', 'roll', 'main: first of the turn' (``after_roll``: the
    first main-phase position since the roll), 'main: later', 'pending: KIND' (a decision
    the game waits for), or a scenario phase's own name."""
    s = game.engine.s
    if s.pending:
        return f"pending: {s.pending[0]['kind']}"
    if s.phase == Phase.MAIN:
        return "main: first of the turn" if after_roll else "main: later"
    return str(s.phase)


def measure(scenario: str, games: int, seed: int = 1000, turn_cap: int = 500,
            clock: Callable[[], float] = time.process_time) -> dict[str, Costs]:
    """Every decision of ``games`` random games, timed by ``clock`` and grouped by kind of
    position."""
    costs: dict[str, Costs] = defaultdict(Costs)
    for i in range(games):
        game = Game.new(scenario, players=COLORS, seed=seed + i)
        choice = random.Random(seed + i).choice
        state = game.engine.s
        after_roll = False      # rolled, and no main-phase position met since (a 7's come first)
        while state.phase != Phase.OVER and state.turn <= turn_cap:
            kind = kind_of_position(game, after_roll)
            if kind == Phase.ROLL:
                after_roll = True
            elif kind.startswith("main"):
                after_roll = False
            start = clock()
            actions = game.legal_actions()
            listed = clock()
            game.execute(choice(actions))
            played = clock()
            row = costs[kind]
            row.decisions += 1
            row.moves += len(actions)
            row.listing += listed - start
            row.playing += played - listed
    return dict(costs)


def report(scenario: str, costs: dict[str, Costs]) -> list[str]:
    decisions = sum(c.decisions for c in costs.values())
    seconds = sum(c.listing + c.playing for c in costs.values())
    moves = sum(c.moves for c in costs.values())
    # A map whose positions offer more moves (ship moves at sea) lists more per decision:
    # the time per move listed tells a dearer position from a slower engine.
    lines = [f"{scenario}: {decisions} decisions, {1e6 * seconds / max(decisions, 1):.1f} us each; "
             f"{moves / max(decisions, 1):.2f} moves listed each, {1e6 * seconds / max(moves, 1):.2f} us per move listed",
             f"  {'position':26s} {'of decisions':>12s} {'moves':>6s} {'legal moves':>12s} {'execute':>9s} {'of time':>8s}"]
    for kind, c in sorted(costs.items(), key=lambda kc: -(kc[1].listing + kc[1].playing)):
        lines.append(f"  {kind:26s} {100 * c.decisions / decisions:11.1f}% {c.moves / c.decisions:6.1f}"
                     f" {1e6 * c.listing / c.decisions:9.1f} us"
                     f" {1e6 * c.playing / c.decisions:6.1f} us {100 * (c.listing + c.playing) / seconds:7.1f}%")
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", action="append", help="a scenario (repeat; default: base, Cloth, Pirate)")
    ap.add_argument("-n", "--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="time in this process's CPU time (default) or on the wall clock")
    args = ap.parse_args(argv)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.games < 1:
        ap.error("play at least one game")
    for scenario in args.scenario or DEFAULT_SCENARIOS:
        print("\n".join(report(scenario, measure(scenario, args.games, args.seed, clock=clock))), flush=True)


if __name__ == "__main__":
    main()
