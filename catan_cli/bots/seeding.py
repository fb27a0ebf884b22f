"""What a bot's choice may depend on: the game (its state and the commands played) and the
seat, never on what the bot object remembers.  So a bot game saved mid-game and resumed
with ``--load`` goes on exactly as the uninterrupted game would have.

* every random choice comes from :func:`.rng.bot_rng`, seeded from the game's seed, the seat
  and the public position (which also works in the searching bot's copies, which keep no
  history);
* :func:`turn_lines` gives the seat's own commands of the turn under way, from the history,
  for per-turn limits (bank trades made, offers made and to whom).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game


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


__all__ = ["turn_lines"]
