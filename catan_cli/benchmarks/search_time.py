#!/usr/bin/env python3
"""The searching bot's decision times, rounds, play-outs and how often it leaves the greedy
move, counting only the decisions it searched (the others are the greedy bot's answer, well
under a millisecond), against three greedy bots.

Its budget is counted in play-out moves (the scenario's pace of moves per ms), so at one
budget the search plays the same play-outs on every machine, and in every build unless the
scenario's strategy gives the compiled build's speed-up (``compiled_speedup``): elsewhere a
faster build (the compiled one) shows as less processor time per decision and more play-outs
per processor second, not as more play-outs per decision.  This prints both the wall time and
the processor time of its decisions (the latter is what an unloaded machine would take),
the play-outs per processor second, and the pace, moves per processor millisecond, that
calibrates the bot's pace (``MOVES_PER_MS``, a strategy's ``playout_pace``).

    python -m catan_cli.benchmarks.search_time --think 1000 --games 2
    python -m catan_cli.benchmarks.search_time --scenario pirate-islands --think 250 --games 3 --turns 80
    python -m catan_cli.benchmarks.search_time --scenario base --scenario legend-3 --scenario land-ho \\
        --think 1000 --decisions 12 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import asdict, dataclass, field

import catan_cli
from catan_cli import Game
from catan_cli.bots import make_bot
from catan_cli.bots.search import MOVES_PER_MS, MOVES_PER_MS_LAND, SearchBot, pace
from catan_cli.engine.actions import Action

NAMES = ["red", "blue", "white", "orange"]


class CountingSearch(SearchBot):
    """The searching bot, counting its play-outs: every world played on from a candidate
    (``play_out``) and every set-up spot's further round of dice (``play_on`` called by
    ``place`` on a settled world), not the ``play_on`` inside a ``play_out``."""

    def __init__(self, think_ms: int) -> None:
        super().__init__(think_ms=think_ms)
        self.playouts = 0
        self._inside = False

    def play_out(self, base: "Game", me: int, action: Action, world_seed: int,
                 setup_only: bool = False) -> tuple["Game | None", int]:
        self.playouts += 1
        self._inside = True
        try:
            return super().play_out(base, me, action, world_seed, setup_only)
        finally:
            self._inside = False

    def play_on(self, world: "Game", me: int, rounds: int, setup_only: bool = False) -> int:
        if not self._inside:
            self.playouts += 1
        return super().play_on(world, me, rounds, setup_only)


@dataclass
class SearchTimes:
    """One scenario's searched decisions: per decision its wall and processor ms, rounds
    and play-outs; the moves played out and how many decisions left the greedy move."""
    scenario: str
    think_ms: int
    build: str
    games: int = 0
    wall_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    playouts: list[int] = field(default_factory=list)
    moves: int = 0
    changed: int = 0
    bot_pace: float = 0.0

    def summary(self) -> dict[str, object]:
        cpu_s = sum(self.cpu_ms) / 1000
        return {
            "scenario": self.scenario, "build": self.build, "think_ms": self.think_ms, "games": self.games,
            "searched_decisions": len(self.cpu_ms), "changed": self.changed,
            "rounds_median": statistics.median(self.rounds),
            "playouts_per_decision_median": statistics.median(self.playouts),
            "playouts_per_cpu_second": sum(self.playouts) / cpu_s if cpu_s else 0.0,
            "moves_per_cpu_ms": self.moves / sum(self.cpu_ms) if self.cpu_ms else 0.0,
            "bot_pace": self.bot_pace,
            "cpu_ms_median": statistics.median(self.cpu_ms), "cpu_ms_p90": _p90(self.cpu_ms),
            "wall_ms_median": statistics.median(self.wall_ms), "wall_ms_p90": _p90(self.wall_ms),
        }


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.9 * (len(ordered) - 1))]


def measure(scenario: str, think_ms: int, games: int, turns: int, seed: int, decisions: int | None) -> SearchTimes:
    """The searching bot against three greedy bots in ``games`` games of ``scenario`` (its
    seat turning round), each to its end or ``turns`` turns, until ``decisions`` searched
    decisions when given."""
    out = SearchTimes(scenario, think_ms, catan_cli.build())
    for g in range(games):
        if decisions is not None and len(out.cpu_ms) >= decisions:
            break
        game = Game.new(scenario, players=NAMES, seed=seed + g)
        search = CountingSearch(think_ms)
        seat_of_search = NAMES[g % 4]
        bots = {n: (search if n == seat_of_search else make_bot("greedy")) for n in NAMES}
        out.games += 1
        out.bot_pace = pace(game)
        while not game.over and game.state.turn <= turns:
            if decisions is not None and len(out.cpu_ms) >= decisions:
                break
            seat = game.prompt_player()
            search.playouts = 0
            t0, c0 = time.perf_counter(), time.thread_time()
            action = bots[seat].choose_action(game, seat)
            dt, dc = time.perf_counter() - t0, time.thread_time() - c0
            if seat == seat_of_search and search.last_rounds:
                out.wall_ms.append(dt * 1000)
                out.cpu_ms.append(dc * 1000)
                out.rounds.append(search.last_rounds)
                out.playouts.append(search.playouts)
                out.moves += search.last_moves
                out.changed += search.last_changed
            game.engine.apply(action)
    return out


def report(times: SearchTimes) -> list[str]:
    if not times.cpu_ms:
        return [f"{times.scenario}: no searched decision"]
    s = times.summary()
    lines = [f"{times.scenario} ({times.build} build): budget {times.think_ms} ms, {s['searched_decisions']} searched "
             f"decisions in {times.games} games; rounds per decision median {s['rounds_median']:.0f}, "
             f"play-outs per decision median {s['playouts_per_decision_median']:.0f}; "
             f"another move than greedy's in {times.changed}",
             f"  {s['playouts_per_cpu_second']:.1f} play-outs per processor second; "
             f"pace {s['moves_per_cpu_ms']:.2f} moves per processor ms (the bot counts {times.bot_pace} here: "
             f"the scenario's playout_pace, else MOVES_PER_MS {MOVES_PER_MS} with ships, {MOVES_PER_MS_LAND} without; "
             f"in the compiled build times the scenario's compiled_speedup)"]
    for label, values in (("wall", times.wall_ms), ("processor", times.cpu_ms)):
        lines.append(f"  {label:<9} median {statistics.median(values):.0f} ms, "
                     f"p90 {_p90(values):.0f} ms, max {max(values):.0f} ms")
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--scenario", action="append", help="a scenario to play (repeat; default: base)")
    ap.add_argument("--think", type=int, default=1000, help="the search bot's budget per decision, ms")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--turns", type=int, default=500, help="stop each game after this many turns")
    ap.add_argument("--decisions", type=int, default=None,
                    help="stop a scenario after this many searched decisions")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="one JSON object a scenario (its summary and raw times)")
    args = ap.parse_args(argv)
    if args.decisions is not None and args.decisions < 1:
        ap.error("--decisions must be 1 or more")
    for scenario in args.scenario or ["base"]:
        times = measure(scenario, args.think, args.games, args.turns, args.seed, args.decisions)
        if args.json:
            raw = {k: v for k, v in asdict(times).items() if isinstance(v, list)}
            print(json.dumps({**(times.summary() if times.cpu_ms else {"scenario": scenario}), "raw": raw}),
                  flush=True)
        else:
            print("\n".join(report(times)), flush=True)


if __name__ == "__main__":
    main()
