"""A planted bad invariant for the soak's tests: it says no road may ever stand on the board,
so the first road a game builds (in its set-up) breaks it.  The soak must catch it, name the
seed and the command, and exit 1.  A module of its own, so that Ray's workers can import it
(the cluster test puts tests/ on their PYTHONPATH)."""

from __future__ import annotations

from catan_cli import Game


def no_roads(game: Game) -> list[str]:
    s = game.engine.s
    owners = sorted({s.players[o].name for o in s.edge_owner if o >= 0})
    return [f"{name} has a route on the board (planted: none may)" for name in owners]
