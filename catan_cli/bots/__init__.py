"""Bots: players that choose their moves through the same command language as people.

``make_bot(kind, seed)`` gives a bot; ``bot.choose(game, seat)`` returns ONE command line in
the canonical language (what a person would type, so it can be logged and replayed) for the
seat ``seat`` (a player name), which must be one the game is waiting for.

Bots decide from what their seat may see: ``Game.view(seat)`` (other hands only as counts),
``Game.board_json()``, the scenario's public rule data (costs, switches, parameters) and the
legal actions of their own seat.  They never read the hidden state (``game.engine.s``).

* ``random``: uniform over the seat's legal commands.
* ``greedy`` (the default): a heuristic player (:mod:`.greedy`), with scenario knowledge in
  :mod:`.strategies`, one module per scenario.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .greedy import GreedyBot
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..game import Game

BOT_KINDS: tuple[str, ...] = ("greedy", "random")
DEFAULT_BOT = "greedy"


class Bot(Protocol):
    kind: str

    def choose(self, game: "Game", seat: str) -> str:
        """One command line for ``seat`` (canonical text, actor prefix when needed)."""
        ...

    def choose_action(self, game: "Game", seat: str) -> "Action":
        ...


def make_bot(kind: str = DEFAULT_BOT, seed: int = 0) -> Bot:
    """A bot of ``kind`` ("greedy" or "random") with its own seeded generator."""
    key = kind.strip().lower()
    if key == "greedy":
        return GreedyBot(seed)
    if key == "random":
        return RandomBot(seed)
    from ..errors import CatanError
    raise CatanError(f"unknown bot {kind!r} (bots: {', '.join(BOT_KINDS)})")


__all__ = ["Bot", "BOT_KINDS", "DEFAULT_BOT", "GreedyBot", "RandomBot", "make_bot"]
