"""The random bot: uniform over the acting seat's legal commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.actions import Action
from ..errors import RuleError
from .seeding import decision_rng

if TYPE_CHECKING:
    from ..game import Game


class RandomBot:
    """Picks uniformly among the legal actions of its seat (``Game.legal_actions()``,
    without the open-ended domestic offers), with a generator seeded per decision from its
    seed, the seat and the move number (:mod:`.seeding`): it keeps no state between moves."""

    kind = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_action(self, game: "Game", seat: str) -> Action:
        me = game.seat(seat)
        legal = [a for a in game.legal_actions() if a.seat == me]
        if not legal:
            raise RuleError(f"{seat} has nothing to do now")
        return legal[decision_rng(game, seat, self.seed).randrange(len(legal))]

    def choose(self, game: "Game", seat: str) -> str:
        return game.text(self.choose_action(game, seat))
