"""The easy bot (level ``easy``): a gentle opponent for people learning the game.

Half its moves are the greedy bot's, half any legal move; it never makes a domestic
offer of its own and always answers one.  Both halves draw from :func:`bot_rng`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.actions import Action
from ..errors import RuleError
from .greedy import GreedyBot
from .rng import bot_rng

if TYPE_CHECKING:
    from ..game import Game

#: the share of moves it plays as the greedy bot would
GREEDY_SHARE = 0.5


class EasyBot:
    kind = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.greedy = GreedyBot(seed)

    def choose_action(self, game: "Game", seat: str) -> Action:
        me = game.seat(seat)
        rng = bot_rng(game, me, "easy")
        if rng.random() < GREEDY_SHARE:
            return self.greedy.choose_action(game, seat)
        legal = [a for a in game.legal_actions() if a.seat == me and a.kind != "trade"]
        if not legal:
            legal = [a for a in game.legal_actions() if a.seat == me]
        if not legal:
            raise RuleError(f"{seat} has nothing to do now")
        return legal[rng.randrange(len(legal))]

    def choose(self, game: "Game", seat: str) -> str:
        return game.text(self.choose_action(game, seat))
