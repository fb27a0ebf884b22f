"""The soak run: many checked bot games and fuzzed command lines per scenario, on this machine
or a Ray cluster; a JSON report, and exit status 1 on any violation.

``catan soak`` (or ``python -m catan_cli.soak``) runs, for each scenario:

* ``games`` **checked games** (seeds ``seed, seed+1, ...``): three or four seats of mixed bots
  (random, easy, greedy: drawn from the game's seed), every bot line through
  ``Game.execute`` as text; after every action the rules' invariants
  (:func:`~catan_cli.engine.invariants.check_invariants`) and any ``checks`` given must
  hold; once in each game (at an action drawn from the seed) the game is saved
  (``to_json`` as JSON text), loaded back (``from_json``), compared with the live game
  (digest, legal commands, who is asked) and then played in step with it for
  :data:`MIRRORED_ACTIONS` more actions, which must leave both in the same position.
* ``lines`` **fuzzed command lines**, in blocks of :data:`BLOCK_LINES` (block ``b`` is seeded
  ``seed + b``): legal commands interleaved with mutated ones, random verbs with random
  arguments, word soup and arbitrary unicode, all through ``Game.execute(str)``.  A line that
  plays must leave the invariants holding; a refused line (a CatanError) must leave the game
  exactly as it was (same state, same history).  A game that ends, or passes the turn cap,
  is replaced by a fresh one.

Anything else that escapes is a traceback, recorded with its seed and command.  Every
violation names the scenario, the seed, the action or line number and the command, so
``catan soak --scenario KEY --seed SEED --games 1`` (or ``--lines``) replays it.  The tasks
(one game, one block of lines) depend only on their seeds; :mod:`catan_cli.cluster` runs them
on ``jobs`` processes or on Ray and gathers them in order, so the report (bar its timings)
and its fingerprint are the same wherever it ran.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import pickle
import random
import sys
import time
import traceback
from typing import Any, Callable, Sequence

from .bots import make_bot
from .cluster import check_cluster, run_tasks
from .engine.invariants import check_invariants
from .engine.newgame import PLAYER_COLORS
from .engine.scenario import available_scenarios, load_scenario, rules_dir
from .errors import CatanError
from .game import Game
from .notation import VERB_ALIASES, VERBS
from .simulate import bot_seed

#: the bots that share a checked game's seats (the searching bot is too slow for a soak)
SOAK_BOTS = ("random", "easy", "greedy")
#: a checked game, or a fuzzed game, stops past this many turns (a capped game is no fault)
TURN_CAP = 400
#: actions after the reload that the loaded copy plays in step with the live game
MIRRORED_ACTIONS = 12
#: fuzzed lines per task
BLOCK_LINES = 500
#: a soak's ``--check`` functions take the game and return its problems in words
Check = Callable[[Game], list[str]]

#: words the fuzzer builds lines from: the verbs, pieces, resources, colours and signs the
#: commands use, and numbers and labels in and out of every board's range
WORDS = tuple(sorted(set(VERBS) | set(VERB_ALIASES) | {
    "road", "settlement", "city", "ship", "card", "knight", "road-building", "year-of-plenty",
    "monopoly", "victory-point", "lumber", "brick", "wool", "grain", "ore", "wood", "sheep",
    "for", "to", "at", "steal", "nobody", "cloth", "fortress", "reward", "gold", "from",
    "sail", "found", "load", "unload", "drop", "cargo", "settler", "harbor", "pay", "replacing",
    "red", "blue", "white", "orange", "green", "all", "none", ":", "#", "-", ",", "red:",
    "blue:", "A", "B", "K", "S", "Z", "AA", "AZ", "ZZ", "0", "1", "7", "12", "99", "100",
    "1000", "-1", "12-13", "1-2", "0-0", "999-1000", "3:1", "2:1", "½", "١٢", "\t",
}))
VERB_NAMES = tuple(sorted(VERBS))
MUTATIONS = ("drop", "double", "swap", "replace", "shift", "actor", "cut", "upper", "join", "insert")
#: the shares of the kinds of fuzzed line (a legal one now and then moves the game on)
LINE_KINDS = (("legal", 0.25), ("mutated", 0.45), ("verb", 0.12), ("soup", 0.09), ("text", 0.09))
#: code points for arbitrary text: controls, Latin, combining marks, right-to-left, CJK,
#: lone surrogates, private use, emoji, past the basic plane
CODE_RANGES = ((0, 0x7F), (0x80, 0x24F), (0x300, 0x36F), (0x590, 0x6FF), (0x2000, 0x206F),
               (0x4E00, 0x4E80), (0xD800, 0xDFFF), (0xE000, 0xE0FF), (0xFE00, 0xFFFF), (0x1F300, 0x1F6FF))


def soak_scenarios() -> list[str]:
    """Every shipped scenario (not a test's own) that is not only another's map for a player count (the
    nine keys: legend-1-3p is played as legend-1 with three players)."""
    keys = [k for k in available_scenarios() if (rules_dir() / f"{k}.toml").is_file()]   # not a test's own
    maps_only = {m for k in keys for m in load_scenario(k).maps_by_players.values() if m != k}
    return [k for k in keys if k not in maps_only]


def seat_count(scenario: str, seed: int) -> int:
    """Three or four seats, drawn from the seed among those the scenario takes."""
    scen = load_scenario(scenario)
    counts = [n for n in (3, 4) if scen.min_players <= n <= scen.max_players] or [scen.min_players]
    return counts[seed % len(counts)]


def load_checks(names: Sequence[str]) -> list[Check]:
    """The ``--check MODULE:FUNCTION`` functions (imported where the task runs: on a cluster
    the module must be importable on every node)."""
    out = []
    for name in names:
        module, sep, func = name.partition(":")
        if not sep or not module or not func:
            raise CatanError(f"--check takes MODULE:FUNCTION, not {name!r}")
        try:
            fn = getattr(importlib.import_module(module), func)
        except (ImportError, AttributeError) as exc:
            raise CatanError(f"cannot load the check {name!r}: {exc}") from None
        if not callable(fn):
            raise CatanError(f"the check {name!r} is not a function")
        out.append(fn)
    return out


def _problems(game: Game, checks: list[Check]) -> list[str]:
    found = check_invariants(game)
    for fn in checks:
        found += [str(p) for p in fn(game)]
    return found


def _violation(kind: str, scenario: str, seed: int, at: int, command: str, problems: list[str],
               tb: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "scenario": scenario, "seed": seed, "at": at, "command": command,
            "problems": problems, "traceback": tb}


# --- checked games -------------------------------------------------------------------------------
GameTask = tuple[str, int, tuple[str, ...]]


def soak_game(task: GameTask) -> dict[str, Any]:
    """One checked bot game (see the module); its tally and any violation (the game stops at
    the first)."""
    scenario, seed, check_names = task
    start = time.process_time()
    rng = random.Random(f"soak-game:{scenario}:{seed}")
    n = seat_count(scenario, seed)
    kinds = [rng.choice(SOAK_BOTS) for _ in range(n)]
    save_at = rng.randrange(8, 400)
    names = list(PLAYER_COLORS[:n])
    out: dict[str, Any] = {"scenario": scenario, "seed": seed, "players": n, "bots": kinds, "actions": 0,
                           "reloads": 0, "violation": None}
    actions, line = 0, ""
    game: Game | None = None
    mirror: Game | None = None
    mirrored = 0
    try:
        checks = load_checks(check_names)
        game = Game.new(scenario, players=names, seed=seed)
        agents = [make_bot(kind, bot_seed(seed, i)) for i, kind in enumerate(kinds)]
        while not game.over and game.engine.s.turn <= TURN_CAP:
            seat = game.prompt_player()
            line = f"({seat}'s {kinds[names.index(seat)]} bot choosing; {game.waiting_for()})"
            line = agents[names.index(seat)].choose(game, seat)
            try:
                game.execute(line)
            except CatanError as exc:
                out["violation"] = _violation("bot line refused", scenario, seed, actions + 1, line,
                                              [f"{seat} said it: {exc}"])
                break
            actions += 1
            problems = _problems(game, checks)
            if problems:
                out["violation"] = _violation("invariant", scenario, seed, actions, line, problems)
                break
            if mirror is not None:
                try:
                    mirror.execute(line)
                except CatanError as exc:
                    out["violation"] = _violation("save", scenario, seed, actions, line, [
                        f"the game loaded at action {actions - mirrored - 1} refuses what the live game "
                        f"played: {exc}"])
                    break
                mirrored += 1
                if mirrored == MIRRORED_ACTIONS or game.over:
                    if mirror.digest() != game.digest():
                        out["violation"] = _violation("save", scenario, seed, actions, line, [
                            f"the game loaded at action {actions - mirrored} and played on in step "
                            f"is not in the live game's position after {mirrored} actions"])
                        break
                    mirror = None
            if actions == save_at or (game.over and not out["reloads"]):
                mirror, problems = _reloaded(game)
                out["reloads"] += 1
                if problems:
                    out["violation"] = _violation("save", scenario, seed, actions, line, problems)
                    break
    except Exception as exc:     # anything but a refusal escaping the engine: the soak's find
        out["violation"] = _violation("traceback", scenario, seed, actions + 1, line,
                                      [f"{exc.__class__.__name__}: {exc}"], traceback.format_exc())
    out["actions"] = actions
    out.update(turns=game.engine.s.turn if game else 0, over=bool(game and game.over),
               digest=game.digest() if game else "")
    out["seconds"] = time.process_time() - start
    return out


def _reloaded(game: Game) -> tuple[Game, list[str]]:
    """The game saved as JSON text and loaded back, and how it differs from the live one."""
    copy = Game.from_json(json.loads(json.dumps(game.to_json())))
    problems = []
    if copy.digest() != game.digest():
        problems.append("the loaded game's position differs from the saved one's")
    if copy.history != game.history:
        problems.append("the loaded game's history differs from the saved one's")
    if copy.waiting_for() != game.waiting_for():
        problems.append(f"the loaded game waits for {copy.waiting_for()!r}, the live one for {game.waiting_for()!r}")
    if copy.legal_commands(offers=True) != game.legal_commands(offers=True):
        problems.append("the loaded game lists other legal commands than the live one")
    return copy, problems


# --- fuzzed lines --------------------------------------------------------------------------------
LineTask = tuple[str, int, int, tuple[str, ...]]


def mutate(line: str, how: str, rnd: random.Random) -> str:
    """``line`` changed one way (``how``, one of :data:`MUTATIONS`)."""
    toks = line.split()
    if not toks:
        return line
    i = rnd.randrange(len(toks))
    if how == "drop":
        del toks[i]
    elif how == "double":
        toks.insert(i, toks[i])
    elif how == "swap" and len(toks) > 1:
        j = rnd.randrange(len(toks))
        toks[i], toks[j] = toks[j], toks[i]
    elif how == "replace":
        toks[i] = rnd.choice(WORDS)
    elif how == "shift":
        nums = [k for k, t in enumerate(toks) if any(ch.isdigit() for ch in t)]
        if nums:
            k = rnd.choice(nums)
            delta = rnd.choice([-100, -7, -1, 1, 2, 13, 1000])
            toks[k] = "".join(str(int(p) + delta) if p.isdigit() else p
                              for p in toks[k].replace("-", " - ").split()).replace(" ", "")
    elif how == "actor":
        toks.insert(0, rnd.choice(["red", "blue", "white", "orange", "nobody", "green", ""]) + ":")
    elif how == "cut":
        return line[: rnd.randrange(len(line) + 1)]
    elif how == "upper":
        return line.upper()
    elif how == "join":
        return "".join(toks)
    elif how == "insert":
        toks.insert(i, rnd.choice(WORDS))
    return " ".join(toks)


def fuzzed_line(legal: list[str], rnd: random.Random) -> tuple[str, str]:
    """(kind, line): one line for a position whose legal commands are ``legal``."""
    roll = rnd.random()
    kind = LINE_KINDS[-1][0]
    for name, share in LINE_KINDS:
        if roll < share:
            kind = name
            break
        roll -= share
    if kind in ("legal", "mutated") and not legal:
        kind = "verb"
    if kind == "legal":
        return kind, rnd.choice(legal)
    if kind == "mutated":
        line = rnd.choice(legal)
        for _ in range(rnd.randint(1, 3)):
            line = mutate(line, rnd.choice(MUTATIONS), rnd)
        return kind, line
    if kind == "verb":
        args = [rnd.choice(WORDS) if rnd.random() < 0.6 else str(rnd.randint(-3, 400))
                for _ in range(rnd.randint(0, 6))]
        return kind, " ".join([rnd.choice(VERB_NAMES)] + args)
    if kind == "soup":
        return kind, " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 8)))
    chars = []
    for _ in range(rnd.randint(0, 40)):
        low, high = rnd.choice(CODE_RANGES)
        chars.append(chr(rnd.randint(low, high)))
    return kind, "".join(chars)


def soak_lines(task: LineTask) -> dict[str, Any]:
    """One block of fuzzed lines (see the module): its tally and its violations."""
    scenario, seed, count, check_names = task
    start = time.process_time()
    rnd = random.Random(f"soak-lines:{scenario}:{seed}")
    out: dict[str, Any] = {"scenario": scenario, "seed": seed, "lines": 0, "accepted": 0, "games": 0,
                           "violations": []}
    trail = hashlib.sha256()
    checks = load_checks(check_names)

    def fresh() -> Game:
        out["games"] += 1
        game_seed = seed * 1000 + out["games"]
        return Game.new(scenario, players=list(PLAYER_COLORS[:seat_count(scenario, game_seed)]), seed=game_seed)

    game = fresh()
    legal: list[str] | None = None
    for number in range(1, count + 1):
        if game.over or game.engine.s.turn > TURN_CAP:
            game, legal = fresh(), None
        if legal is None:
            try:
                legal = game.legal_commands(offers=True)
            except Exception as exc:
                out["violations"].append(_violation("traceback", scenario, seed, number, "(listing the legal commands)",
                                                    [f"{exc.__class__.__name__}: {exc}"], traceback.format_exc()))
                game, legal = fresh(), None
                continue
        kind, line = fuzzed_line(legal, rnd)
        before = pickle.dumps(game.engine.s, protocol=pickle.HIGHEST_PROTOCOL)
        history = len(game.history)
        out["lines"] += 1
        try:
            game.execute(line)
        except CatanError:
            problems = []
            if pickle.dumps(game.engine.s, protocol=pickle.HIGHEST_PROTOCOL) != before:
                # pickles may differ on a table's order alone: the digest decides
                old = Game(game.engine.__class__(game.engine.scen, pickle.loads(before)))
                if old.digest() != game.digest():
                    problems.append("a refused line changed the game")
            if len(game.history) != history:
                problems.append("a refused line was written to the history")
            if problems:
                out["violations"].append(_violation(f"refused {kind} line", scenario, seed, number, line, problems))
                game, legal = fresh(), None
            continue
        except Exception as exc:
            out["violations"].append(_violation("traceback", scenario, seed, number, line,
                                                [f"{exc.__class__.__name__}: {exc}"], traceback.format_exc()))
            game, legal = fresh(), None
            continue
        out["accepted"] += 1
        trail.update(line.encode("utf-8", "surrogatepass") + b"\n")
        legal = None
        try:
            problems = _problems(game, checks)
        except Exception as exc:
            problems = [f"the checks failed: {exc.__class__.__name__}: {exc}"]
        if problems:
            out["violations"].append(_violation(f"invariant after a {kind} line", scenario, seed, number, line,
                                                problems))
            game = fresh()
    out["digest"] = trail.hexdigest()[:16]
    out["seconds"] = time.process_time() - start
    return out


# --- the run -------------------------------------------------------------------------------------
def _task(job: tuple[str, Any]) -> dict[str, Any]:
    kind, task = job
    return soak_game(task) if kind == "game" else soak_lines(task)


def run_soak(scenarios: Sequence[str] | None = None, games: int = 10, lines: int = 1000, seed: int = 0,
             jobs: int = 1, cluster: str | None = None, checks: Sequence[str] = (),
             progress: Callable[[int, int], None] | None = None, block: int = BLOCK_LINES) -> dict[str, Any]:
    """Soak ``scenarios`` (default: every one, see :func:`soak_scenarios`) and return the
    report (see :func:`summarise`).  ``progress(done, total)`` counts games and lines."""
    keys = list(scenarios) if scenarios else soak_scenarios()
    known = available_scenarios()
    for key in keys:
        if key not in known:
            load_scenario(key)     # its own error: unknown scenario, did you mean
    if games < 0 or lines < 0:
        raise CatanError("--games and --lines cannot be negative")
    if block < 1:
        raise CatanError("a block holds at least one line")
    check_cluster(cluster)
    names = tuple(checks)
    load_checks(names)             # a bad --check fails here, before any work is sent
    work: list[tuple[str, Any]] = []
    weights: list[int] = []
    for key in keys:
        for b, first in enumerate(range(0, lines, block)):
            work.append(("lines", (key, seed + b, min(block, lines - first), names)))
            weights.append(min(block, lines - first))
        for g in range(games):
            work.append(("game", (key, seed + g, names)))
            weights.append(block // 10 or 1)     # a checked game costs about as much as 50 lines
    start = time.perf_counter()
    outcome = run_tasks(_task, work, jobs=jobs, cluster=cluster, progress=progress, weights=weights)
    report = summarise(keys, [(job[0], r) for job, r in zip(work, outcome.results) if r is not None],
                       time.perf_counter() - start)
    report.update(seed=seed, jobs=jobs, cluster=cluster, where=outcome.where, checks=list(names),
                  planned={"games": games * len(keys), "lines": lines * len(keys)}, cancelled=outcome.cancelled)
    return report


def summarise(keys: list[str], done: list[tuple[str, dict[str, Any]]], wall: float) -> dict[str, Any]:
    """The report: totals and per scenario (games, actions, lines, CPU seconds), every
    violation with its seed and command, the tracebacks' count, the wall time, the CPU cost
    per game and per line, and a fingerprint of what was played (equal wherever it ran)."""
    per = {k: {"games": 0, "finished": 0, "capped": 0, "actions": 0, "reloads": 0, "game_seconds": 0.0,
               "lines": 0, "accepted": 0, "line_games": 0, "line_seconds": 0.0, "violations": 0} for k in keys}
    violations: list[dict[str, Any]] = []
    finger = hashlib.sha256()
    for kind, r in done:
        row = per[r["scenario"]]
        if kind == "game":
            row["games"] += 1
            row["finished"] += bool(r["over"])
            row["capped"] += not r["over"] and r["violation"] is None
            row["actions"] += r["actions"]
            row["reloads"] += r["reloads"]
            row["game_seconds"] += r["seconds"]
            found = [r["violation"]] if r["violation"] else []
            finger.update(json.dumps(["game", r["scenario"], r["seed"], r["actions"], r["digest"]]).encode())
        else:
            row["lines"] += r["lines"]
            row["accepted"] += r["accepted"]
            row["line_games"] += r["games"]
            row["line_seconds"] += r["seconds"]
            found = r["violations"]
            finger.update(json.dumps(["lines", r["scenario"], r["seed"], r["lines"], r["digest"]]).encode())
        row["violations"] += len(found)
        violations += found
    games = sum(p["games"] for p in per.values())
    lines = sum(p["lines"] for p in per.values())
    game_cpu = sum(p["game_seconds"] for p in per.values())
    line_cpu = sum(p["line_seconds"] for p in per.values())
    for p in per.values():
        p["ms_per_game"] = round(1000 * p["game_seconds"] / p["games"], 1) if p["games"] else 0.0
        p["ms_per_line"] = round(1000 * p["line_seconds"] / p["lines"], 3) if p["lines"] else 0.0
        p["game_seconds"] = round(p["game_seconds"], 2)
        p["line_seconds"] = round(p["line_seconds"], 2)
    return {
        "scenarios": per, "games": games, "actions": sum(p["actions"] for p in per.values()),
        "reloads": sum(p["reloads"] for p in per.values()), "lines": lines,
        "accepted": sum(p["accepted"] for p in per.values()),
        "violations": violations, "tracebacks": sum(v["kind"] == "traceback" for v in violations),
        "seconds": round(wall, 2), "cpu_seconds": round(game_cpu + line_cpu, 2),
        "ms_per_game": round(1000 * game_cpu / games, 1) if games else 0.0,
        "ms_per_line": round(1000 * line_cpu / lines, 3) if lines else 0.0,
        "fingerprint": finger.hexdigest()[:16],
    }


def format_report(report: dict[str, Any]) -> str:
    """The report as plain text lines."""
    out = [f"soak from seed {report['seed']} on {report['where']}: {report['games']} checked games "
           f"({report['actions']:,} actions, {report['reloads']} saves reloaded), {report['lines']:,} fuzzed lines "
           f"({report['accepted']:,} played), {len(report['violations'])} violations, "
           f"{report['tracebacks']} tracebacks, {report['seconds']:.1f} s"]
    for key, p in report["scenarios"].items():
        out.append(f"  {key:<18} games {p['games']:>5} (finished {p['finished']}, capped {p['capped']}), "
                   f"actions {p['actions']:>8,}, {p['ms_per_game']:.0f} ms/game; lines {p['lines']:>8,}, "
                   f"{p['ms_per_line']:.2f} ms/line; violations {p['violations']}")
    out.append(f"  CPU {report['cpu_seconds']:.1f} s: {report['ms_per_game']:.0f} ms per checked game, "
               f"{report['ms_per_line']:.2f} ms per line; fingerprint {report['fingerprint']}")
    for v in report["violations"][:20]:
        out.append(f"  VIOLATION ({v['kind']}) {v['scenario']} seed {v['seed']} at {v['at']} "
                   f"command {v['command']!r}: {'; '.join(v['problems'])}")
    if len(report["violations"]) > 20:
        out.append(f"  ... and {len(report['violations']) - 20} more (all in the JSON report)")
    if report["cancelled"]:
        out.append(f"  interrupted: {report['games']} of {report['planned']['games']} games and "
                   f"{report['lines']:,} of {report['planned']['lines']:,} lines finished")
    return "\n".join(out)


EXIT_VIOLATION = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def command(scenarios: Sequence[str], games: int, lines: int, seed: int, jobs: int, cluster: str | None,
            json_path: str | None, checks: Sequence[str], show_progress: bool) -> int:
    """``catan soak`` and ``python -m catan_cli.soak``: run, print the report, write the JSON
    report; the exit status (0 clean, 1 a violation, 2 a usage error, 130 interrupted)."""
    try:
        if json_path:      # a report that cannot be written should fail now, not after hours
            open(json_path, "a", encoding="utf-8").close()
        if show_progress:
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task("soak (games and lines)", total=None)
                report = run_soak(scenarios, games, lines, seed, jobs, cluster, checks,
                                  lambda done, total: bar.update(task, completed=done, total=total))
        else:
            report = run_soak(scenarios, games, lines, seed, jobs, cluster, checks)
    except (CatanError, OSError) as exc:
        print(f"catan: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
            f.write("\n")
    print(format_report(report))
    if report["violations"]:
        return EXIT_VIOLATION
    return EXIT_INTERRUPTED if report["cancelled"] else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m catan_cli.soak", description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", "-s", action="append", default=[],
                    help="a scenario key (repeatable; default: every scenario)")
    ap.add_argument("--games", "-n", type=int, default=10, help="checked games per scenario")
    ap.add_argument("--lines", type=int, default=1000, help="fuzzed lines per scenario")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game and the first block of lines")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (with --cluster ray: its CPUs)")
    ap.add_argument("--cluster", default=None, metavar="ADDRESS",
                    help="run on Ray: 'ray' (started here), 'auto' or ray://HOST:PORT (an existing cluster)")
    ap.add_argument("--json", dest="json_path", default=None, metavar="PATH", help="write the report here as JSON")
    ap.add_argument("--check", action="append", default=[], metavar="MODULE:FUNCTION",
                    help="an extra invariant after every action: FUNCTION(game) returns problems (repeatable)")
    args = ap.parse_args(argv)
    return command(args.scenario, args.games, args.lines, args.seed, args.jobs, args.cluster, args.json_path,
                   args.check, sys.stderr.isatty())


if __name__ == "__main__":
    sys.exit(main())
