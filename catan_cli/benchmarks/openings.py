#!/usr/bin/env python3
"""How varied and how sound the greedy bots' openings are (issue 19): over many seeds of a
scenario with four greedy bots, how often one seat takes its commonest first settlement, and
each seat's opening pips in all and in wool (ships and, in the Pirate Islands, warships need it).

    python -m catan_cli.benchmarks.openings --scenario pirate-islands --seat blue --games 200
"""

from __future__ import annotations

import argparse
from collections import Counter

from catan_cli import Game
from catan_cli.bots import make_bot
from catan_cli.bots.context import board_of

NAMES = ["red", "blue", "white", "orange"]
WOOL = 2


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--scenario", default="pirate-islands")
    ap.add_argument("--seat", default="blue")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    first: Counter[int] = Counter()
    pips: Counter[int] = Counter()
    wool: Counter[int] = Counter()
    for seed in range(args.seed, args.seed + args.games):
        game = Game.new(args.scenario, players=NAMES, seed=seed)
        bots = {n: make_bot("greedy") for n in NAMES}
        placed = False
        while game.state.phase == "setup":
            seat = game.prompt_player()
            action = bots[seat].choose_action(game, seat)
            if seat == args.seat and action.kind == "build-settlement" and not placed:
                first[action.args[0]] += 1
                placed = True
            game.engine.apply(action)
        s, board = game.engine.s, board_of(game)
        for node, owner in enumerate(s.node_owner):
            for h in board.node_hexes[node] if owner >= 0 else ():
                if board.hex_res[h] >= 0:
                    pips[owner] += board.hex_pips[h]
                    wool[owner] += board.hex_pips[h] if board.hex_res[h] == WOOL else 0
    spot, times = first.most_common(1)[0]
    print(f"{args.scenario}, {args.games} games: {args.seat}'s commonest first settlement (node {spot + 1}) "
          f"in {times}, {len(first)} distinct")
    for i, name in enumerate(NAMES):
        print(f"  {name:<7} opening pips {pips[i] / args.games:4.1f}, wool {wool[i] / args.games:3.1f}")


if __name__ == "__main__":
    main()
