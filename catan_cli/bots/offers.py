"""Offers a seat cannot take are answered at once, so no one is asked and play never waits.

Hands are secret (the view shows another seat's cards only as a count), so a bot must not
peek at the hand of the seat it offers to.  It reads what the whole table knows instead
(``Game.known_cards``, :mod:`catan_cli.engine.public_hands`): a lower bound on every hand from
the public record, and it offers only to a seat whose bound covers what it asks, so a bot's
offer can always be accepted.  A person may still offer anything: when the seat an offer waits
for holds too few of the cards asked, declining is its only legal answer, and the table (the
local session, the SSH table) gives that answer for it at once, for a person as for a bot.  The
offerer reads the same ``decline`` it would read from a person who said no, so it learns
nothing a refusal would not tell it; only the seat that declined is told why.

The answer is read from the engine's legal answers (``decline`` alone), so it follows every
offer the rules know: the general one and a scenario's goods offers (Land Ho!'s gold, the
Legend's spices).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game

#: what the seat that could not take an offer is told (nobody else is)
WHY = "you hold too few of the cards asked for, so the offer was declined at once"


def offer_waiting(game: "Game") -> bool:
    """Whether the game waits for an answer to an offer (the general one or a scenario's)."""
    pending = game.engine.s.pending
    return not game.over and bool(pending) and str(pending[0].get("kind", "")).endswith("offer")


def forced_decline(game: "Game") -> str | None:
    """``SEAT: decline`` when the game waits on an offer its answerer cannot take (declining
    is the only legal answer); None otherwise."""
    if not offer_waiting(game):
        return None
    answers = game.legal_commands()
    if len(answers) != 1 or not answers[0].split()[-1].startswith("decline"):
        return None
    return f"{game.prompt_player()}: {answers[0].split(': ')[-1]}"
