"""Bots: players that choose their moves through the same command language as people.

``make_bot(kind, seed)`` gives a bot; ``bot.choose(game, seat)`` returns ONE command line in
the canonical language (what a person would type, so it can be logged and replayed) for the
seat ``seat`` (a player name), which must be one the game is waiting for.

Bots decide from what their seat may see: ``Game.view(seat)`` (other hands only as counts),
``Game.board_json()``, the scenario's public rule data (costs, switches, parameters) and the
legal actions of their own seat.  They never read another seat's hidden cards.  Every random
choice comes from :func:`.rng.bot_rng` (the game's seed, the seat, the position), so games
are reproducible and a saved game resumes exactly.

* ``random``: uniform over the seat's legal commands.
* ``easy``: half the time the greedy move, half the time any legal move (a gentle opponent).
* ``greedy`` (the default, level ``medium``): a heuristic player (:mod:`.greedy`), with
  scenario knowledge in each scenario package's ``bot.py``.
* ``search`` (level ``hard``): Monte Carlo search over copies of the game, the unseen cards
  dealt afresh in each copy from what its seat can know, greedy playing the copies out
  (:mod:`.search`); ``think_ms`` is its budget per decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .easy import EasyBot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .rng import bot_rng
from .search import DEFAULT_THINK_MS, SearchBot

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..game import Game

BOT_KINDS: tuple[str, ...] = ("greedy", "random", "easy", "search")
#: levels for people, by the bot that plays them
LEVELS: dict[str, str] = {"easy": "easy", "medium": "greedy", "hard": "search"}
DEFAULT_BOT = "greedy"


class Bot(Protocol):
    kind: str

    def choose(self, game: "Game", seat: str) -> str:
        """One command line for ``seat`` (canonical text, actor prefix when needed)."""
        ...

    def choose_action(self, game: "Game", seat: str) -> "Action":
        ...


def canonical_kind(kind: str) -> str:
    """A bot kind or level ("hard") as its bot kind ("search"); CatanError when unknown."""
    key = kind.strip().lower()
    key = LEVELS.get(key, key)
    if key not in BOT_KINDS:
        from ..errors import CatanError
        names = ", ".join(BOT_KINDS + tuple(LEVELS))
        raise CatanError(f"unknown bot {kind!r} (bots: {names})")
    return key


def make_bot(kind: str = DEFAULT_BOT, seed: int = 0, think_ms: int = DEFAULT_THINK_MS) -> Bot:
    """A bot of ``kind`` (a kind or a level).  ``seed`` is kept for compatibility: the bots
    draw every random choice from :func:`bot_rng`."""
    key = canonical_kind(kind)
    if key == "greedy":
        return GreedyBot(seed)
    if key == "random":
        return RandomBot(seed)
    if key == "easy":
        return EasyBot(seed)
    return SearchBot(think_ms=think_ms)


__all__ = ["Bot", "BOT_KINDS", "DEFAULT_BOT", "DEFAULT_THINK_MS", "LEVELS", "EasyBot", "GreedyBot",
           "RandomBot", "SearchBot", "bot_rng", "canonical_kind", "make_bot"]
