"""Helpers that Ray's workers import in the cluster tests (a module of its own: the cluster
test puts tests/ on the workers' PYTHONPATH).  ``no_roads`` is a planted bad invariant: it says
no road may ever stand on the board, so the first road a game builds (in its set-up) breaks
it, and the soak must catch that, name the seed and the command, and exit 1."""

from __future__ import annotations

from catan_cli import Game


def no_roads(game: Game) -> list[str]:
    s = game.engine.s
    owners = sorted({s.players[o].name for o in s.edge_owner if o >= 0})
    return [f"{name} has a route on the board (planted: none may)" for name in owners]


def where_catan_is(_: int) -> tuple[str, str]:
    """Where a worker imported catan_cli from, and its version (the cluster test asks)."""
    import catan_cli

    return catan_cli.__file__, catan_cli.__version__
