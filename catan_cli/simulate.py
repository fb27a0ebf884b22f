"""Headless games between bots: the engine's bulk test and the bots' scoreboard.

``run_simulation("base", 4, ["greedy", "random", "random", "random"], games=200)`` plays
games ``seed, seed+1, ...`` (game ``i`` uses seed ``seed + i`` for the board, the dice and
every bot's generator), each bot's command going through ``Game.execute`` as text, exactly
as the REPL sends a line.  With ``rotate=True`` game ``i`` seats the listed bots in the
``i``-th of their distinct seatings (every permutation, taken in turn), so a comparison
measures the bots and not the seats; the report then also tallies wins per bot kind.  With ``jobs > 1`` the games are spread over processes, with ``cluster`` over a Ray
cluster (:mod:`catan_cli.cluster`); each game depends only on its seed, and the results are
merged in game order, so everything but the timings is the same for any ``jobs`` or cluster.  With ``check=True`` every invariant checker runs
after every action and the first violation of a game is reported with its seed and move.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import statistics
import time
from typing import Any, Callable, Sequence

from .cluster import check_cluster, run_tasks
from .bots import DEFAULT_THINK_MS, canonical_kind, make_bot
from .engine.newgame import PLAYER_COLORS
from .errors import CatanError
from .game import Game

#: a bot that takes this many decisions in one turn is stuck: the game stops there
MAX_DECISIONS_PER_TURN = 3000


def bot_seed(game_seed: int, seat: int) -> int:
    """The generator seed of the bot in ``seat`` for game seed ``game_seed``."""
    return game_seed * 7919 + seat * 104729 + 17


def seatings(bots: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct seating of ``bots`` (the permutations of the multiset), in a fixed order."""
    return sorted(set(itertools.permutations(bots)))


def play_game(scenario: str, bots: Sequence[str], seed: int, check: bool = False,
              turn_cap: int = 500, via_text: bool | None = None,
              think_ms: int = DEFAULT_THINK_MS) -> dict[str, Any]:
    """Play one game to the end (or to ``turn_cap`` turns); a summary of it.

    ``via_text`` (default: on with ``check``) sends each bot's command line through
    ``Game.execute`` as text, the REPL's path, so the bulk check also proves that every
    bot command parses back to the action meant.  Without it the bot's action, taken from
    ``legal_actions()``, goes to ``Game.execute`` as an Action (a listed one is played
    without a second check), which adds its canonical text to the history (the bots read
    their turn's trades and offers there, and seed each decision with its length).  Both
    play the same game.
    """
    if via_text is None:
        via_text = check
    names = list(PLAYER_COLORS[:len(bots)])
    game = Game.new(scenario, players=names, seed=seed)
    agents = [make_bot(kind, bot_seed(seed, i), think_ms=think_ms) for i, kind in enumerate(bots)]
    times: dict[str, list[float]] = {}
    checker: Callable[[Game], list[str]] | None = None
    if check:
        checker = _checker()
    engine = game.engine
    decisions = 0
    turn_moves = 0
    last_turn = -1
    capped = stuck = False
    violation: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    start = time.process_time()     # CPU time: the machine may be shared with other work
    while not game.over:
        turn = engine.s.turn
        if turn > turn_cap:
            capped = True
            break
        if turn != last_turn:
            last_turn, turn_moves = turn, 0
        turn_moves += 1
        if turn_moves > MAX_DECISIONS_PER_TURN:
            stuck = True
            break
        seat = game.prompt_player()
        line = ""
        action = None
        try:
            agent = agents[names.index(seat)]
            t0 = time.thread_time()  # processor time: on a loaded machine the wall clock measures the load
            if via_text:
                line = agent.choose(game, seat)
                times.setdefault(agent.kind, []).append(time.thread_time() - t0)
                game.execute(line)
            else:
                action = agent.choose_action(game, seat)
                times.setdefault(agent.kind, []).append(time.thread_time() - t0)
                game.execute(action)      # a listed action: no second check; the history is written
        except CatanError as exc:
            if action is not None and not line:
                line = game.text(action)
            error = {"seed": seed, "move": decisions + 1, "seat": seat, "command": line,
                     "error": f"{exc.__class__.__name__}: {exc}"}
            break
        decisions += 1
        if checker is not None:
            problems = checker(game)
            if problems:
                violation = {"seed": seed, "move": decisions, "seat": seat,
                             "command": line or (game.history[-1] if game.history else ""),
                             "problems": list(problems)}
                break
    seconds = time.process_time() - start
    winners = list(engine.s.winners) if game.over else []
    return {
        "seed": seed, "bots": list(bots), "winners": winners, "turns": engine.s.turn, "capped": capped or stuck,
        "decision_ms": {k: [round(1000 * t, 3) for t in v] for k, v in times.items()},
        "stuck": stuck, "decisions": decisions, "seconds": seconds,
        "violation": violation, "error": error, "digest": _light_digest(game),
    }


def _light_digest(game: Game) -> str:
    """A cheap fingerprint of the final position (board, hands, bank), for comparing runs;
    ``Game.digest()`` serialises the whole state and costs more than a short game."""
    s = game.engine.s
    blob = repr((s.node_owner, s.node_kind, s.edge_owner, s.edge_kind, s.bank,
                 [p.resources for p in s.players], len(s.deck), s.turn, s.winners)
                + ((s.shared_ships,) if s.shared_ships else ()))
    return hashlib.sha1(blob.encode()).hexdigest()[:16]


def _checker() -> Callable[[Game], list[str]]:
    try:
        from .engine.invariants import check_invariants
    except ImportError as exc:   # the checker module is not there
        raise CatanError(f"invariant checks are not available: {exc}") from None
    return check_invariants


def _play_one(job: tuple[int, str, tuple[str, ...], int, bool, int, int]) -> tuple[int, dict[str, Any]]:
    index, scenario, bots, seed, check, turn_cap, think_ms = job
    return index, play_game(scenario, bots, seed, check, turn_cap, think_ms=think_ms)


def run_simulation(scenario: str, n_players: int, bots: list[str], games: int, seed: int = 0,
                   jobs: int = 1, check: bool = False,
                   progress: Callable[[int, int], None] | None = None,
                   turn_cap: int = 500, rotate: bool = False,
                   think_ms: int = DEFAULT_THINK_MS, lengths: list[int] | None = None,
                   cluster: str | None = None) -> dict[str, Any]:
    """Play ``games`` games and return the table: wins per seat (and per bot kind), average
    turns, games that hit the turn cap, decisions/s, the bots' decision times, and any
    invariant violation (seed and move).

    ``bots`` names one bot kind per seat (a single kind fills every seat); ``rotate`` plays
    every seating of them in turn; ``think_ms`` is the searching bot's budget per decision.
    ``progress``, if given, is called as ``progress(done, games)`` after each finished game.
    ``lengths``, if given, receives every game's length in turns, in game order (for the
    histogram the report's pictures draw; the report itself keeps only the average).
    ``cluster`` (``ray``, ``auto``, ``ray://HOST:PORT``) plays the games on Ray instead
    (:mod:`catan_cli.cluster`); the report is the same.  Ctrl-C stops the run: the report
    then covers the games that finished (``cancelled``, ``games`` of ``planned``).
    """
    bots = [canonical_kind(b) for b in bots]
    if len(bots) == 1 and n_players > 1:
        bots = bots * n_players
    if len(bots) != n_players:
        raise CatanError(f"{n_players} players need {n_players} bots, got {len(bots)}: {','.join(bots)}")
    if think_ms < 1:
        raise CatanError("--think must be at least 1 ms")
    if games < 0:
        raise CatanError("the number of games cannot be negative")
    if jobs < 1:
        raise CatanError("--jobs must be at least 1")
    check_cluster(cluster)
    if check:
        _checker()
    # Fail early, in this process, on a bad scenario or player count.
    Game.new(scenario, players=list(PLAYER_COLORS[:n_players]), seed=seed)
    orders = seatings(bots) if rotate else [tuple(bots)]
    work = [(i, scenario, orders[i % len(orders)], seed + i, check, turn_cap, think_ms) for i in range(games)]
    start = time.perf_counter()
    outcome = run_tasks(_play_one, work, jobs=jobs, cluster=cluster, progress=progress)
    wall = time.perf_counter() - start
    finished = [r for _, r in outcome.finished]
    if lengths is not None:
        lengths.extend(r["turns"] for r in finished)
    report = summarise(scenario, bots, seed, jobs, check, turn_cap, finished, wall)
    report["cluster"] = cluster
    report["where"] = outcome.where
    report["planned"] = games
    report["cancelled"] = outcome.cancelled
    report["rotate"] = rotate
    if rotate and len(orders) > 1:
        for row in report["seats"]:
            row["bot"] = "rotated"
    report["think_ms"] = think_ms
    return report


def summarise(scenario: str, bots: list[str], seed: int, jobs: int, check: bool, turn_cap: int,
              results: list[dict[str, Any]], wall: float) -> dict[str, Any]:
    """Merge per-game results (in game order) into the report."""
    names = list(PLAYER_COLORS[:len(bots)])
    wins = [0] * len(bots)
    shared = capped = finished = 0
    turns = decisions = 0
    game_seconds = 0.0
    violations, errors = [], []
    finger = hashlib.sha256()
    kinds = sorted(set(bots))
    kind_wins = dict.fromkeys(kinds, 0)
    kind_seats = dict.fromkeys(kinds, 0)
    times: dict[str, list[float]] = {}
    for r in results:
        seated = r.get("bots", bots)
        for k in seated:
            kind_seats[k] = kind_seats.get(k, 0) + 1
        for w in r["winners"]:
            wins[w] += 1
            kind_wins[seated[w]] = kind_wins.get(seated[w], 0) + 1
        for k, ms in r.get("decision_ms", {}).items():
            times.setdefault(k, []).extend(ms)
        if len(r["winners"]) > 1:
            shared += 1
        if r["winners"]:
            finished += 1
        capped += bool(r["capped"])
        turns += r["turns"]
        decisions += r["decisions"]
        game_seconds += r["seconds"]
        if r["violation"]:
            violations.append(r["violation"])
        if r["error"]:
            errors.append(r["error"])
        finger.update(json.dumps([r["seed"], r["winners"], r["turns"], r["decisions"], r["digest"]]).encode())
    n = len(results)
    seats = [{"seat": names[i], "bot": bots[i], "wins": wins[i],
              "win_rate": (wins[i] / n if n else 0.0)} for i in range(len(bots))]
    return {
        "scenario": scenario, "players": len(bots), "bots": list(bots), "seats": seats,
        "games": n, "seed": seed, "jobs": jobs, "check": check, "turn_cap": turn_cap,
        "wins": {names[i]: wins[i] for i in range(len(bots))},
        # per bot kind: the share of games one of its seats won, against its fair share
        "by_bot": [{"bot": k, "seats": kind_seats[k], "wins": kind_wins[k],
                    "win_rate": kind_wins[k] / n if n else 0.0,
                    "parity": kind_seats[k] / (n * len(bots)) if n else 0.0,
                    "median_ms": statistics.median(times[k]) if times.get(k) else 0.0,
                    "p90_ms": _quantile(times[k], 0.9) if times.get(k) else 0.0}
                   for k in kinds],
        "finished": finished, "shared": shared, "capped": capped,
        "avg_turns": turns / n if n else 0.0,
        "decisions": decisions,
        "seconds": wall,
        "decisions_per_s": decisions / wall if wall > 0 else 0.0,
        "games_per_s": n / wall if wall > 0 else 0.0,
        "cpu_decisions_per_s": decisions / game_seconds if game_seconds > 0 else 0.0,
        "violations": violations, "errors": errors,
        "fingerprint": finger.hexdigest()[:16],
    }


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1)))]


def format_table(report: dict[str, Any]) -> str:
    """The report as plain text lines (the CLI may draw its own rich table)."""
    lines = [f"{report['scenario']}: {report['games']} games, seed {report['seed']}, jobs {report['jobs']}"]
    for s in report["seats"]:
        lines.append(f"  {s['seat']:<8} {s['bot']:<8} wins {s['wins']:>5}  {100 * s['win_rate']:5.1f}%")
    for k in report.get("by_bot", []):
        lines.append(f"  {k['bot']:<8} wins {k['wins']:>5}  {100 * k['win_rate']:5.1f}% (parity "
                     f"{100 * k['parity']:.1f}%), decision median (processor) {k['median_ms']:.1f} ms, p90 {k['p90_ms']:.1f} ms")
    lines.append(f"  finished {report['finished']}, shared {report['shared']}, "
                 f"capped {report['capped']} (cap {report['turn_cap']} turns)")
    lines.append(f"  average turns {report['avg_turns']:.1f}; {report['decisions']} decisions in "
                 f"{report['seconds']:.2f} s = {report['decisions_per_s']:.0f} decisions/s, "
                 f"{report['games_per_s']:.2f} games/s; {report['cpu_decisions_per_s']:.0f} decisions "
                 "per CPU second in the games")
    for v in report["violations"]:
        lines.append(f"  VIOLATION seed {v['seed']} move {v['move']} ({v['command']}): {'; '.join(v['problems'])}")
    for e in report["errors"]:
        lines.append(f"  ERROR seed {e['seed']} move {e['move']} ({e['command']}): {e['error']}")
    return "\n".join(lines)


__all__ = ["run_simulation", "play_game", "summarise", "format_table", "bot_seed", "seatings"]
