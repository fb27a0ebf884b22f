"""Engine throughput: seeded random-player games, the peer-comparable speed figure.

    python -m catan_cli.bench                 # 200 four-player games of every scenario, every path
    python -m catan_cli.bench -n 500 --scenario base --path game --peer
    python -m catan_cli.bench --scenario base --scenario pirate-islands --path game --peer --rounds 3

A random player picks uniformly among the legal moves of the seat to act and plays its pick
through one of three paths:

- ``game``: the public API, ``Game.legal_actions()`` + ``Game.execute(Action)``;
- ``text``: the command language, ``Game.legal_commands()`` + ``Game.execute(str)``;
- ``engine``: ``Engine.legal_actions()`` + ``Engine.apply`` (check, then apply), for reference.

All three play the same games (same fingerprint).  Games stop at a turn cap (reported as
'capped').  Game i uses seed S+i for the board and the dice, and a separate generator seeded
S+i for the player, so a run is reproducible.

Every figure is decisions per second of CPU time (``time.process_time``), not wall time:
on a machine shared with other work, wall time measures the load more than the engine.

The peer figure: ``--peer`` runs catanatron (random players, four seats) through
``../shared/bench/catanatron.sh`` beside the checkout (the one this module lies in, else the
working directory's: an installed build runs from the checkout it is measured in) or the
script named by $CATANATRON_BENCH, in the same run,
before and after ours, so both figures come from the same machine.  Its CPU time is the
child process's (``getrusage``); the start-up (interpreter, imports) is taken out by also
running one game alone and counting only the difference: games 2..n.  One more game is
played untimed before both, so that building the script's virtualenv (its first run on a
fresh machine) is not counted as start-up.

``--rounds R`` plays every line R times, interleaved, with catanatron before the first round
and after each: on a machine whose speed drifts, the medians it prints at the end (each line
against catanatron's and against the base game's on the same path) are the figures to quote.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import resource
import statistics
import subprocess
import time
from pathlib import Path
from dataclasses import dataclass

from .game import Game

COLORS = ["red", "blue", "white", "orange"]


@dataclass
class BenchResult:
    scenario: str
    path: str
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


PATHS = ("game", "text", "engine")


def play_random_game(scenario: str, players: int, seed: int, turn_cap: int, path: str) -> tuple[Game, int]:
    game = Game.new(scenario, players=COLORS[:players], seed=seed)
    choice = random.Random(seed).choice
    engine = game.engine
    state = engine.s
    decisions = 0
    if path == "game":
        while state.phase != "over" and state.turn <= turn_cap:
            game.execute(choice(game.legal_actions()))
            decisions += 1
    elif path == "text":
        while state.phase != "over" and state.turn <= turn_cap:
            game.execute(choice(game.legal_commands()))
            decisions += 1
    else:
        while state.phase != "over" and state.turn <= turn_cap:
            engine.apply(choice(engine.legal_actions()))
            decisions += 1
    return game, decisions


def run(scenario: str, games: int, players: int, seed: int, turn_cap: int, path: str = "game") -> BenchResult:
    fingerprint = hashlib.sha1()
    decisions = capped = 0
    turns = []
    start = time.process_time()
    for i in range(games):
        game, n = play_random_game(scenario, players, seed + i, turn_cap, path)
        decisions += n
        turns.append(game.state.turn)
        capped += game.winner is None
        fingerprint.update(f"{game.winner}:{n};".encode())
    seconds = time.process_time() - start
    return BenchResult(scenario, path, games, decisions, seconds, capped, turns, fingerprint.hexdigest()[:16])


def peer_script() -> Path | None:
    """catanatron's bench script beside this project's checkout, if there is one: the
    checkout this module runs from, else the one the bench is run in (an installed build,
    such as a compiled wheel in a virtualenv elsewhere, lies beside no checkout)."""
    named = os.environ.get("CATANATRON_BENCH")
    if named:
        return Path(named)
    here, cwd = Path(__file__).resolve(), Path.cwd().resolve()
    for folder in (*here.parents, cwd, *cwd.parents):
        candidate = folder.parent / "shared" / "bench" / "catanatron.sh"
        if candidate.is_file():
            return candidate
    return None


def _peer_once(script: Path, games: int, seed: int) -> tuple[dict[str, str], float] | str:
    """catanatron's summary lines for one run, and the CPU seconds the run took; or why not."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(["bash", str(script), "-n", str(games), "--seed", str(seed)],
                              capture_output=True, text=True, timeout=3600)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"catanatron: could not run {script}: {exc}"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    fields = dict(line.split(None, 1) for line in done.stdout.splitlines() if " " in line)
    if "avg_decisions_per_game" not in fields:
        # the script's last complaint says why (a virtualenv without catanatron, no network ...)
        why = next((line.strip() for line in reversed(done.stderr.splitlines()) if line.strip()), "")
        return f"catanatron: no figure from {script} (exit {done.returncode})" + (f": {why}" if why else "")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return fields, cpu


def run_peer(games: int, seed: int) -> str:
    """One line: catanatron's decisions per CPU second for random four-player games
    ``seed``..``seed+games-1``, its start-up taken out (see the module's note)."""
    return peer_result(games, seed)[0]


def peer_result(games: int, seed: int) -> tuple[str, float | None]:
    """:func:`run_peer`'s line, and its decisions per CPU second (None: no figure, the
    line says why)."""
    script = peer_script()
    if script is None:
        return "catanatron: no bench script found (set CATANATRON_BENCH to catanatron.sh)", None
    if games < 2:
        return "catanatron: too few games to take the start-up out (use -n 2 or more)", None
    # An untimed game first: on a fresh machine the script builds catanatron's virtualenv
    # then, and the pip install's CPU time, counted as start-up, would inflate the figure.
    warm = _peer_once(script, 1, seed)
    if isinstance(warm, str):
        return warm, None
    first = _peer_once(script, 1, seed)
    if isinstance(first, str):
        return first, None
    full = _peer_once(script, games, seed)
    if isinstance(full, str):
        return full, None
    (one, cpu_one), (many, cpu_many) = first, full
    per_game = float(many["avg_decisions_per_game"].split()[0])
    decisions = per_game * games - float(one["avg_decisions_per_game"].split()[0])
    seconds = cpu_many - cpu_one
    if seconds <= 0:
        return "catanatron: no CPU time measured (the child's usage was not reported)", None
    line = (f"{'catanatron':<16} {'peer':<6} {games:>6} {(games - 1) / seconds:>9.2f} "
            f"{decisions / seconds:>12.0f} {per_game:>8.1f} {'':>9} {many.get('truncated_games', '?'):>6}  "
            f"{many.get('fingerprint', '?')}   (catanatron {many.get('catanatron', '?').split(' python')[0]}, "
            f"random players, CPU time)")
    return line, decisions / seconds


def comparisons(ours: dict[tuple[str, str], list[float]], peers: list[float]) -> list[str]:
    """The medians of every line's rounds, and each against catanatron's median (when it
    ran) and against the base game's on the same path (when it was measured): the figures
    the speed targets are stated in."""
    peer = statistics.median(peers) if peers else None
    out = []
    for (scen, path), figures in ours.items():
        mine = statistics.median(figures)
        text = f"{scen:<16} {path:<6} {mine:>12.0f}"
        if peer:
            text += f"  {mine / peer:5.2f}x catanatron"
        base = ours.get(("base", path))
        if base and scen != "base":
            text += f"  {100 * mine / statistics.median(base):5.1f} % of base"
        out.append(text)
    if peer:
        out.append(f"{'catanatron':<16} {'peer':<6} {peer:>12.0f}  (median of {len(peers)})")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m catan_cli.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", action="append", help="repeatable; default: every scenario")
    parser.add_argument("--turn-cap", type=int, default=1000)
    parser.add_argument("--path", action="append", choices=PATHS,
                        help="repeatable; default: all three (game, text, engine)")
    parser.add_argument("--text", action="store_true", help="the same as --path text")
    parser.add_argument("--peer", action="store_true",
                        help="also run catanatron (../shared/bench/catanatron.sh) in the same run")
    parser.add_argument("--rounds", type=int, default=1,
                        help="play every line this many times, interleaved (catanatron before the first "
                             "round and after each), then print each line's median and its ratios")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be 1 or more")
    scenarios = args.scenario or ["base", "cloth-for-catan", "pirate-islands", "legend-1", "legend-2", "legend-3", "legend-4", "barbarian-attack", "land-ho"]
    paths = args.path or (["text"] if args.text else list(PATHS))
    print(f"{'scenario':<16} {'path':<6} {'games':>6} {'games/s':>9} {'decisions/s':>12} {'avg dec':>8} "
          f"{'med turns':>9} {'capped':>6}  fingerprint", flush=True)
    ours: dict[tuple[str, str], list[float]] = {}
    peers: list[float] = []

    def peer() -> None:
        line, figure = peer_result(args.games, args.seed)
        print(line, flush=True)
        if figure is not None:
            peers.append(figure)

    if args.peer:
        peer()
    for _ in range(args.rounds):
        for scen in scenarios:
            for path in paths:
                res = run(scen, args.games, args.players, args.seed, args.turn_cap, path)
                ours.setdefault((scen, path), []).append(res.decisions_per_sec)
                print(f"{scen:<16} {path:<6} {res.games:>6} {res.games_per_sec:>9.2f} "
                      f"{res.decisions_per_sec:>12.0f} {res.decisions / res.games:>8.1f} "
                      f"{statistics.median(res.turns):>9.0f} {res.capped:>6}  {res.fingerprint}", flush=True)
        if args.peer:
            peer()
    if not args.peer:
        print("peer: add --peer to run catanatron beside these figures (../shared/bench/catanatron.sh)")
    if args.rounds > 1 or peers or len(ours) > 1:
        print(f"decisions/s, median of {args.rounds} round{'s' if args.rounds > 1 else ''}:")
        for line in comparisons(ours, peers):
            print("  " + line)


if __name__ == "__main__":
    main()
