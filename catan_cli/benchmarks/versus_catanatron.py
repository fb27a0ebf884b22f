"""Our hard (search) bot against catanatron's AlphaBetaPlayer, both engines refereeing.

    python -m catan_cli.benchmarks.versus_catanatron --catanatron-src DIR --games N --seed S --think MS [--json]

Base game, 4 seats: our search bot in two, catanatron's AlphaBetaPlayer (its defaults) in
the other two, the seatings rotated over the games (game i: seed S+i and the six seatings
in turn, the seating by the seed).  Our engine plays the game; a catanatron game on the same map (tiles, numbers,
harbours, robber) mirrors every action, with the dice, the card drawn and the card stolen
forced to ours (catanatron's ``execute`` takes them as an ``ActionRecord``).  AlphaBeta's
moves are translated into our actions and played through ``Game.execute``; ours are
translated into catanatron's actions.  After every action both states are compared
(hands, development cards, pieces, VP, Longest Road, Largest Army, the bank, the robber,
the board, whose turn): a divergence stops that game and is reported with the action
that caused it; one the README documents as a rule difference between the engines is
brought back in line on catanatron's side, counted, and play goes on.

No trading between players (catanatron's players never offer): our bots make no offers in
these games; bank and harbour trades are allowed.

Catanatron never becomes a dependency: it lives in a throwaway virtualenv outside the
project, made from a local copy of its repository (``--catanatron-src`` or
``CATANATRON_SRC``; ``CATANATRON_PYTHON`` names a ready interpreter instead), and runs in
its own process, the worker (versus_catanatron_worker.py), spoken to in JSON lines.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Sequence

from ..bots.greedy import GreedyBot
from ..bots.search import SearchBot
from ..engine.actions import Action, Event
from ..engine.geometry import RESOURCES
from ..errors import CatanError
from ..game import Game
from ..simulate import seatings
from .versus_catanatron_map import (
    CAT_CARDS, CAT_RESOURCES, BoardMap, MapError, Untranslatable, cat_map_request, derive_map,
    discard_action, from_cat, road_building_action, to_cat,
)

WORKER = Path(__file__).with_name("versus_catanatron_worker.py")
NAMES = ("red", "blue", "white", "orange")
SIDES = ("ours", "catanatron")
#: the base game with a shuffled board (terrain and numbers), the same for both engines
OPTIONS = ("variable",)
#: a game still going after this many turns is stopped, without a winner
TURN_CAP = 400
#: the piece names of catanatron's state by ours
PIECES = (("road", "roads_left"), ("settlement", "settlements_left"), ("city", "cities_left"))


class BridgeError(CatanError):
    """The worker cannot be started or answered with an error."""


class WorkerGone(BridgeError):
    """The worker stopped: no game can go on (an error answer is a refused action instead)."""


# --- catanatron's side -------------------------------------------------------------------------
def catanatron_python(src: str | None) -> str:
    """The interpreter of a virtualenv with catanatron: ``CATANATRON_PYTHON`` as it is, else
    a throwaway virtualenv under the temporary directory, made once from ``src`` (or
    ``CATANATRON_SRC``), the local copy of catanatron's repository."""
    ready = os.environ.get("CATANATRON_PYTHON")
    if ready:
        return ready
    src = src or os.environ.get("CATANATRON_SRC")
    if not src:
        raise BridgeError("give a local copy of catanatron's repository: --catanatron-src DIR "
                          "(or CATANATRON_SRC=DIR), or CATANATRON_PYTHON=a python with catanatron")
    root = Path(src).resolve()
    if not (root / "pyproject.toml").is_file():
        raise BridgeError(f"{root} is not catanatron's repository (no pyproject.toml)")
    tag = hashlib.sha1(str(root).encode()).hexdigest()[:8]
    venv = Path(os.environ.get("TMPDIR", "/tmp")) / f"catanatron-src-{tag}-venv"
    python = venv / "bin" / "python"
    if not python.exists():
        print(f"making a throwaway virtualenv for catanatron in {venv} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", str(root)], check=True)
    return str(python)


class Worker:
    """The catanatron process, one request and one answer per line."""

    def __init__(self, python: str) -> None:
        try:
            self.proc = subprocess.Popen([python, str(WORKER)], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as exc:
            raise BridgeError(f"cannot start catanatron's worker with {python}: {exc}") from None

    def call(self, cmd: str, **fields: Any) -> dict[str, Any]:
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(json.dumps({"cmd": cmd, **fields}) + "\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
        except OSError as exc:
            raise WorkerGone(f"catanatron's worker is gone: {exc}") from None
        if not line:
            raise WorkerGone("catanatron's worker stopped (is catanatron installed in that python?)")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise BridgeError(f"catanatron: {answer['error']}")
        return answer

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write('{"cmd": "quit"}\n')
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


# --- our side ------------------------------------------------------------------------------------
def our_bot(think_ms: int) -> SearchBot:
    """The hard bot at ``think_ms`` per decision, making no offers, in its play-outs too."""
    bot = SearchBot(think_ms=think_ms)
    bot.greedy = GreedyBot(offers=False)      # these games have no trading between players
    bot.playout = GreedyBot(offers=False)
    return bot


# --- the two states side by side ---------------------------------------------------------------
def our_picture(game: Game, bmap: BoardMap) -> dict[str, Any]:
    """Our state in the comparable shape of the worker's ``state`` answer."""
    e, s = game.engine, game.engine.s
    players = []
    for i, p in enumerate(s.players):
        cards = dict.fromkeys(CAT_CARDS.values(), 0)
        for card, _ in p.dev_cards:
            cards[CAT_CARDS[card]] += 1
        players.append({
            "resources": list(p.resources), "dev_cards": cards, "knights": p.knights, "vp": e.vp(i),
            **{theirs: p.pieces[ours] for ours, theirs in PIECES},
        })
    buildings = {str(bmap.node_to_cat[n]): [o, "CITY" if e.pieces.node_names[k] == "city" else "SETTLEMENT"]
                 for n, (o, k) in enumerate(zip(s.node_owner, s.node_kind)) if o >= 0 and k}
    roads = sorted([list(bmap.edge_to_cat[x]), o] for x, o in enumerate(s.edge_owner) if o >= 0)
    return {
        "players": players, "bank": list(s.bank), "deck": len(s.deck),
        "longest": None if s.longest_holder < 0 else s.longest_holder,
        "army": None if s.army_holder < 0 else s.army_holder,
        "robber": list(bmap.hex_to_cat[s.robber]), "buildings": buildings, "roads": roads,
    }


def differences(game: Game, bmap: BoardMap, cat: dict[str, Any]) -> list[str]:
    """Where catanatron's state (the worker's ``state``) differs from ours; empty when none."""
    ours = our_picture(game, bmap)
    out = []
    for i, (mine, theirs) in enumerate(zip(ours["players"], cat["players"])):
        for key, value in mine.items():
            if theirs[key] != value:
                out.append(f"{NAMES[i]} {key}: ours {value}, catanatron {theirs[key]}")
    for key in ("bank", "deck", "longest", "army", "robber", "buildings", "roads"):
        if ours[key] != cat[key]:
            out.append(f"{key}: ours {_short(ours[key])}, catanatron {_short(cat[key])}")
    s = game.engine.s
    if not game.over and s.phase != "setup":
        if cat["turn"] != s.current:
            out.append(f"turn: ours {NAMES[s.current]}, catanatron {NAMES[cat['turn']]}")
        if cat["prompt"] == "DISCARD":
            if not any(it["kind"] == "discard" and it["seat"] == cat["to_act"] for it in s.pending):
                out.append(f"catanatron waits for {NAMES[cat['to_act']]}'s discard; ours does not")
        elif cat["to_act"] != game.engine.prompt_seat():
            out.append(f"to act: ours {game.prompt_player()}, catanatron {NAMES[cat['to_act']]}")
    elif not game.over and cat["to_act"] != game.engine.prompt_seat():
        out.append(f"to act in the set-up: ours {game.prompt_player()}, catanatron {NAMES[cat['to_act']]}")
    return out


def _short(value: Any) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= 200 else text[:200] + "..."


# --- documented rule differences -------------------------------------------------------------------
def explain(game: Game, worker: Worker, events: list[Event], diffs: list[str]) -> str | None:
    """A divergence the README documents as a rule difference between the engines, brought
    back in line on catanatron's side (ours follows the digest): its name, or None (then it
    is a real divergence)."""
    s = game.engine.s
    kinds = {d.split(":")[0].split(" ")[-1] for d in diffs}
    if any(ev.kind == "shortage" and ev.seat >= 0 for ev in events) and kinds <= {"resources", "bank"}:
        # A.9: one player owed a resource the bank is short of takes what is left;
        # catanatron pays nobody.
        worker.call("set_hands", hands=[list(p.resources) for p in s.players], bank=list(s.bank))
        return "A.9 bank shortage: the only player owed takes what is left"
    if "longest" in kinds and kinds <= {"longest", "vp"}:
        # A.13: after a road is broken (or while the card is set aside) the card stays with a
        # holder still tied for longest, or is set aside on a tie or below 5; catanatron gives
        # it to the longest road left, ties by its own order, any length.
        worker.call("set_longest", holder=None if s.longest_holder < 0 else s.longest_holder)
        return "A.13 Longest Road after a break"
    return None


# --- one game ----------------------------------------------------------------------------------
@dataclass
class Mirror:
    """Our game and catanatron's, kept in step: every action goes through :meth:`play`."""

    game: Game
    worker: Worker
    bmap: BoardMap
    documented: list[dict[str, Any]] = field(default_factory=list)
    moves: int = 0

    @classmethod
    def start(cls, worker: Worker, seed: int, seats: Sequence[str]) -> "Mirror":
        game = Game.new("base", players=list(NAMES), seed=seed, options=list(OPTIONS))
        board = worker.call("new", seed=seed, seats=["alphabeta" if k == "catanatron" else "ours" for k in seats],
                            **cat_map_request(game))
        mirror = cls(game, worker, derive_map(game, board))
        diffs = differences(game, mirror.bmap, worker.call("state"))
        if diffs:
            raise MapError("the games differ before the first move: " + "; ".join(diffs))
        return mirror

    def play(self, action: Action) -> list[str]:
        """Play our action in both games; the differences after it (empty: in step)."""
        game = self.game
        actor = game.engine.s.players[action.seat]
        hand, cards = list(actor.resources), [c for c, _ in actor.dev_cards]
        text = game.text(action)
        events = game.execute(action)
        self.moves += 1
        for step, result in to_cat(action, self.bmap, hand, cards, game):
            self.worker.call("apply", action=step, result=result)
        diffs = differences(game, self.bmap, self.worker.call("state"))
        if diffs:
            why = explain(game, self.worker, events, diffs)
            if why is not None:
                self.documented.append({"move": self.moves, "action": text, "rule": why, "differences": diffs})
                diffs = differences(game, self.bmap, self.worker.call("state"))
        return diffs


class EqualTime:
    """``--think equal``: our budget follows AlphaBeta's median decision (among those with
    a choice) measured so far in the match, ``START_MS`` until it has ``SAMPLES`` of them."""

    START_MS: ClassVar[int] = 50
    SAMPLES: ClassVar[int] = 20

    def __init__(self) -> None:
        self.seen: list[float] = []

    def think_ms(self) -> int:
        if len(self.seen) < self.SAMPLES:
            return self.START_MS
        return max(1, round(statistics.median(self.seen)))


def play_game(worker: Worker, seed: int, seats: Sequence[str], think_ms: int | EqualTime,
              turn_cap: int = TURN_CAP) -> dict[str, Any]:
    """One match game; its record (winner side, decision times, divergence, history).
    ``think_ms``: our bot's budget, or an :class:`EqualTime` that sets it before each of
    our decisions and is told every AlphaBeta decision's time."""
    mirror = Mirror.start(worker, seed, seats)
    game = mirror.game
    equal = think_ms if isinstance(think_ms, EqualTime) else None
    budget = think_ms.think_ms() if isinstance(think_ms, EqualTime) else think_ms
    bots = {i: our_bot(budget) for i, k in enumerate(seats) if k == "ours"}
    budgets: list[int] = []
    times: dict[str, list[float]] = {side: [] for side in SIDES}
    # the times of the decisions with more than one legal move (the forced ones take no thought)
    chosen: dict[str, list[float]] = {side: [] for side in SIDES}
    divergence: dict[str, Any] | None = None
    while not game.over and game.engine.s.turn <= turn_cap:
        actor = int(worker.call("state")["to_act"]) if game.engine.s.pending else game.engine.prompt_seat()
        text = ""
        try:
            if actor in bots:
                options = sum(1 for a in game.legal_actions() if a.seat == actor)
                if equal is not None:
                    bots[actor].think_ms = equal.think_ms()
                budgets.append(bots[actor].think_ms)
                t0 = time.thread_time()
                action = bots[actor].choose_action(game, NAMES[actor])
                ms = 1000.0 * (time.thread_time() - t0)
                times["ours"].append(ms)
                if options != 1:      # a discard is listed only when it is the one way
                    chosen["ours"].append(ms)
            else:
                answer = worker.call("decide")
                times["catanatron"].extend(answer["ms"])
                thought = [t for t, n in zip(answer["ms"], answer["choices"]) if n > 1]
                chosen["catanatron"].extend(thought)
                if equal is not None:
                    equal.seen.extend(thought)
                action = cat_move(answer["actions"], mirror.bmap)
            text = game.text(action)
            diffs = mirror.play(action)
        except WorkerGone:
            raise
        except (Untranslatable, CatanError, KeyError) as exc:
            # an action one engine refuses or the other cannot express
            divergence = {"seed": seed, "move": mirror.moves + 1, "seat": NAMES[actor],
                          "action": text or "(the decision)", "differences": [f"{exc.__class__.__name__}: {exc}"]}
            break
        if diffs:
            divergence = {"seed": seed, "move": mirror.moves, "seat": NAMES[actor], "action": text,
                          "differences": diffs}
            break
    s = game.engine.s
    winner = s.winners[0] if game.over and s.winners and divergence is None else None
    return {
        "seed": seed, "seats": list(seats), "turns": s.turn, "moves": mirror.moves,
        "winner": None if winner is None else NAMES[winner],
        "winner_side": None if winner is None else seats[winner],
        "divergence": divergence, "documented": mirror.documented,
        "decision_ms": {side: [round(t, 3) for t in v] for side, v in times.items()},
        "choice_ms": {side: [round(t, 3) for t in v] for side, v in chosen.items()},
        "think_ms": round(statistics.median(budgets)) if budgets else budget,
        "history": list(game.history),
    }


def cat_move(actions: list[list[Any]], bmap: BoardMap) -> Action:
    """AlphaBeta's move (the worker's list: one action, or a discard's cards, or Road
    Building and its roads) as our one action."""
    first = actions[0]
    seat, kind = first[0], first[1]
    if kind == "DISCARD_RESOURCE":
        return discard_action(seat, [a[2] for a in actions])
    if kind == "PLAY_ROAD_BUILDING":
        return road_building_action(seat, [a[2] for a in actions[1:]], bmap)
    if len(actions) != 1:
        raise Untranslatable(f"catanatron answered {len(actions)} actions for {kind}")
    return from_cat(first, bmap)


def replay(worker: Worker, record: dict[str, Any]) -> dict[str, Any]:
    """Play a recorded game's commands through both engines again: the winner, the number of
    moves and the first divergence (None when they stay in step)."""
    mirror = Mirror.start(worker, int(record["seed"]), record["seats"])
    game = mirror.game
    for line in record["history"]:
        action = game.parse(line)
        action = action.by(game.engine.actor_of(action))
        diffs = mirror.play(action)
        if diffs:
            return {"winner": None, "moves": mirror.moves, "divergence": {"action": line, "differences": diffs},
                    "documented": mirror.documented}
    s = game.engine.s
    return {"winner": NAMES[s.winners[0]] if game.over and s.winners else None, "moves": mirror.moves,
            "divergence": None, "documented": mirror.documented}


# --- the match ---------------------------------------------------------------------------------
def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run_match(python: str, games: int, seed: int, think_ms: int | None, turn_cap: int = TURN_CAP,
              progress: Any = None) -> dict[str, Any]:
    """``games`` match games, seed ``seed + i`` with the seating ``(seed + i) mod 6`` of the
    six; the report.
    ``think_ms`` None: equal time (see :class:`EqualTime`)."""
    orders = seatings(["ours", "ours", "catanatron", "catanatron"])
    worker = Worker(python)
    records = []
    budget: int | EqualTime = EqualTime() if think_ms is None else think_ms
    try:
        for i in range(games):
            # the seating by the seed, so a match resumed at a later seed goes on in turn
            records.append(play_game(worker, seed + i, orders[(seed + i) % len(orders)], budget, turn_cap))
            if progress is not None:
                progress(i + 1, games, records[-1])
    finally:
        worker.close()
    return summarise(records, seed, think_ms)


def summarise(records: list[dict[str, Any]], seed: int, think_ms: int | None) -> dict[str, Any]:
    wins = {side: sum(1 for r in records if r["winner_side"] == side) for side in SIDES}
    decided = wins["ours"] + wins["catanatron"]
    low, high = wilson(wins["ours"], decided)
    medians: dict[str, float | None] = {}
    choice_medians: dict[str, float | None] = {}
    for side in SIDES:
        all_ms = [t for r in records for t in r["decision_ms"][side]]
        medians[side] = round(statistics.median(all_ms), 3) if all_ms else None
        some = [t for r in records for t in r["choice_ms"][side]]
        choice_medians[side] = round(statistics.median(some), 3) if some else None
    return {
        "games": len(records), "seed": seed,
        "think_ms": think_ms if think_ms is not None else "equal",
        "think_ms_used": round(statistics.median(r["think_ms"] for r in records)) if records else None,
        "wins": {**wins, "none": len(records) - decided},
        "ours_share": round(wins["ours"] / decided, 4) if decided else None,
        "ours_share_95": [round(low, 4), round(high, 4)],
        "median_decision_ms": medians,
        "median_choice_ms": choice_medians,
        "decisions": {side: sum(len(r["decision_ms"][side]) for r in records) for side in SIDES},
        "divergences": [r["divergence"] for r in records if r["divergence"] is not None],
        "documented_differences": [dict(d, seed=r["seed"]) for r in records for d in r["documented"]],
        "per_game": [{k: r[k] for k in ("seed", "seats", "winner", "winner_side", "turns", "moves")}
                     for r in records],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m catan_cli.benchmarks.versus_catanatron", description=__doc__.split("\n\n")[1])
    ap.add_argument("--catanatron-src", default=None,
                    help="a local copy of catanatron's repository (else CATANATRON_SRC)")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", default="equal",
                    help="our bot's budget per decision, ms, or 'equal': AlphaBeta's median "
                         "decision time measured in the same games (the default)")
    ap.add_argument("--turn-cap", type=int, default=TURN_CAP)
    ap.add_argument("--record", default=None, help="append every game's record (with its commands) to this file, a JSON line per game")
    ap.add_argument("--report", nargs="+", default=None, metavar="FILE",
                    help="no play: the report of the games recorded in these --record files")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.report:
        try:
            records = read_records(args.report)
        except (OSError, ValueError, KeyError) as exc:
            print(f"error: cannot read the records: {exc}", file=sys.stderr)
            return 1
        return show(summarise(records, min(r["seed"] for r in records), None if len(
            {r["think_ms"] for r in records}) > 1 else records[0]["think_ms"]), args.json)
    think: int | None = None
    if args.think != "equal":
        try:
            think = int(args.think)
        except ValueError:
            think = 0
    if args.games < 1 or (think is not None and think < 1):
        print("error: --games must be at least 1 and --think a number of ms (at least 1) or 'equal'",
              file=sys.stderr)
        return 2
    try:
        python = catanatron_python(args.catanatron_src)

        def progress(done: int, total: int, record: dict[str, Any]) -> None:
            if args.record:     # a line per game as it ends: a long run's games are kept
                with open(args.record, "a", encoding="utf-8") as out:
                    out.write(json.dumps(record) + "\n")
            if not args.json:
                div = " DIVERGENCE" if record["divergence"] else ""
                print(f"game {done}/{total} seed {record['seed']}: {record['winner'] or 'no winner'} "
                      f"({record['winner_side'] or '-'}), {record['turns']} turns{div}", file=sys.stderr)

        report = run_match(python, args.games, args.seed, think, args.turn_cap, progress)
    except (CatanError, MapError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return show(report, args.json)


def read_records(paths: Sequence[str]) -> list[dict[str, Any]]:
    """The game records of --record files (a JSON object per line), in seed order, each
    seed once (a game played again replaces the earlier record)."""
    by_seed: dict[int, dict[str, Any]] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                by_seed[int(record["seed"])] = record
    if not by_seed:
        raise ValueError("no game recorded")
    return [by_seed[k] for k in sorted(by_seed)]


def show(report: dict[str, Any], as_json: bool) -> int:
    """Print the match report, as JSON or as a few lines."""
    if as_json:
        print(json.dumps(report, indent=2))
        return 0
    w = report["wins"]
    low, high = report["ours_share_95"]
    share = report["ours_share"]
    print(f"{report['games']} games, from seed {report['seed']}, our think {report['think_ms']} "
          f"(median budget used {report['think_ms_used']} ms)")
    print(f"wins: ours {w['ours']}, catanatron {w['catanatron']}, none {w['none']}"
          + (f"; our share {100 * share:.1f}% (95% {100 * low:.1f}-{100 * high:.1f}%)" if share is not None else ""))
    med = report["median_decision_ms"]
    print(f"median decision: ours {med['ours']} ms, catanatron (AlphaBeta) {med['catanatron']} ms")
    med = report["median_choice_ms"]
    print(f"median decision with a choice: ours {med['ours']} ms, catanatron (AlphaBeta) {med['catanatron']} ms")
    print(f"divergences: {len(report['divergences'])}; documented rule differences met: "
          f"{len(report['documented_differences'])}")
    for d in report["divergences"]:
        print(f"  seed {d['seed']} move {d['move']} {d['seat']}: {d['action']}: {'; '.join(d['differences'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
