"""The random bot: uniform over the acting seat's legal commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.actions import Action
from ..errors import RuleError
from .rng import bot_rng

if TYPE_CHECKING:
    from ..game import Game


class RandomBot:
    """Picks uniformly among the legal actions of its seat (``Game.legal_actions()``,
    without the open-ended domestic offers), with the generator of :func:`bot_rng`."""

    kind = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_action(self, game: "Game", seat: str) -> Action:
        me = game.seat(seat)
        legal = [a for a in game.legal_actions() if a.seat == me]
        if not legal:
            raise RuleError(f"{seat} has nothing to do now")
        return legal[bot_rng(game, me).randrange(len(legal))]

    def choose(self, game: "Game", seat: str) -> str:
        return game.text(self.choose_action(game, seat))
