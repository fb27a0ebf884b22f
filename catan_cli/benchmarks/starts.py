#!/usr/bin/env python3
"""Seat or map? (issue 19) Four greedy bots where each seat's first settlement is dealt one of
the map's start intersections (places of kind "start", the Legend's tokens), every dealing in
turn, the rest of the game played by the bots: wins by seat (the turn and set-up order) and
by start intersection (the map).  With the starts dealt evenly a seat's rate no longer
depends on which start the earlier placers left it, so a seat out of band here is the
order's doing and a start out of band is the map's.

    python -m catan_cli.benchmarks.starts --scenario legend-2 --rounds 10 --jobs 2

A scenario with a fixed set-up (Land Ho!, Barbarian Attack: every start piece placed by the
rules, none dealt) has no start intersections; there the bots play every game as it is set up
and only the wins by seat are reported (``--games`` sets how many):

    python -m catan_cli.benchmarks.starts --scenario land-ho --games 200 --jobs 2

Game ``i`` uses seed ``seed + i`` and the ``i``-th dealing (``rounds`` games per dealing, or
``--games`` games in all, the dealings taken in turn).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
from collections import Counter

from catan_cli import Game
from catan_cli.bots import make_bot
from catan_cli.engine.newgame import PLAYER_COLORS
from catan_cli.simulate import bot_seed


def start_nodes(game: Game) -> list[int]:
    """The start intersections (0-based), in the rules file's order."""
    return [int(p["node"]) - 1 for p in game.board_json()["places"] if p.get("kind") == "start"]


def play(job: tuple[str, int, int, tuple[int, ...]]) -> tuple[tuple[int, ...], list[int]]:
    """One game with seat ``i``'s first settlement on start ``dealt[i]`` (nothing dealt when
    ``dealt`` is empty); its winners."""
    scenario, players, seed, dealt = job
    names = list(PLAYER_COLORS[:players])
    game = Game.new(scenario, players=names, seed=seed)
    starts = start_nodes(game)
    bots = [make_bot("greedy", bot_seed(seed, i)) for i in range(players)]
    settled = [False] * players
    while not game.over and game.state.turn <= 500:
        seat = game.prompt_player()
        i = names.index(seat)
        action = None
        if dealt and not settled[i]:
            action = next((a for a in game.legal_actions() if a.seat == i and a.kind == "build-settlement"
                           and a.args[0] == starts[dealt[i]]), None)
        if action is None:
            action = bots[i].choose_action(game, seat)
        settled[i] = settled[i] or action.kind == "build-settlement"
        game.execute(action)
    return dealt, list(game.state.winners)


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--scenario", default="legend-1")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=10, help="games per dealing of the starts")
    ap.add_argument("--games", type=int, default=0,
                    help="games in all (default: rounds x the dealings; needed for a fixed set-up)")
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    n = args.players
    probe = Game.new(args.scenario, players=list(PLAYER_COLORS[:n]), seed=args.seed)
    starts = start_nodes(probe)
    if starts and len(starts) != n:
        print(f"{args.scenario} has {len(starts)} start intersections for {n} players: nothing to deal")
        return 2
    # a fixed set-up deals nothing: one empty dealing, the seats alone are measured
    dealings: list[tuple[int, ...]] = list(itertools.permutations(range(n))) if starts else [()]
    total = args.games or args.rounds * len(dealings)
    jobs = [(args.scenario, n, args.seed + k, dealings[k % len(dealings)]) for k in range(total)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play, jobs, chunksize=4)
    else:
        results = [play(j) for j in jobs]
    by_seat: Counter[int] = Counter()
    by_start: Counter[int] = Counter()
    for dealt, winners in results:
        for w in winners:
            by_seat[w] += 1
            if dealt:
                by_start[dealt[w]] += 1
    games = len(results)
    names = PLAYER_COLORS[:n]
    if starts:
        print(f"{args.scenario} ({n}p), {games} games, every dealing of the starts "
              f"{games / len(dealings):g} times")
    else:
        print(f"{args.scenario} ({n}p), {games} games, fixed set-up (no starts dealt)")
    print("  by seat : " + "  ".join(f"{names[s]} {100 * by_seat[s] / games:4.1f}%" for s in range(n)))
    if starts:
        print("  by start: " + "  ".join(f"{starts[t] + 1} {100 * by_start[t] / games:4.1f}%" for t in range(n)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
