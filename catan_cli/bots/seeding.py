"""What a bot's choice may depend on: the game (its state and the commands played) and the
seat, never on what the bot object remembers.  So a bot game saved mid-game and resumed
with ``--load`` goes on exactly as the uninterrupted game would have.

* :func:`decision_rng` gives the generator for one decision, seeded from the bot's seed (which
  comes from the game's seed and the seat), the seat and the move number (the length of the
  game's history);
* :func:`turn_lines` gives the seat's own commands of the turn under way, from the history,
  for per-turn limits (bank trades made, offers made and to whom).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game


def decision_rng(game: "Game", seat: str, seed: int) -> random.Random:
    """A generator for the decision of ``seat`` at this point of ``game`` (a string seed is
    hashed with SHA-512: the same on every machine and every run)."""
    return random.Random(f"{seed}/{seat}/{len(game.history)}/{game.state.turn}")


def turn_lines(game: "Game", seat: str) -> list[str]:
    """The commands ``seat`` played in the turn under way (without the ``seat:`` prefix),
    oldest first: the history back to the last ``end``.  A line without a prefix is the
    player on turn's (the history writes the prefix only where another seat acted)."""
    on_turn = game.engine.name(game.state.current)
    players = set(game.players)
    out: list[str] = []
    for line in reversed(game.history):
        head, sep, body = line.partition(": ")
        actor = head if sep and head in players else on_turn
        if not (sep and head in players):
            body = line
        if body == "end":
            break
        if actor == seat:
            out.append(body)
    out.reverse()
    return out


__all__ = ["decision_rng", "turn_lines"]
