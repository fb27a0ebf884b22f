"""A generic secrecy check: what one seat sees must not depend on what it may not see.

For a viewer, :func:`scrambled_for` makes a copy of the game in which everything hidden
from that viewer is changed: other players' resource cards (between two hidden hands, so
totals and hand sizes stay), other players' development cards, the deck's order, and every
item of scenario state declared owner-only (for another seat) or nobody-visible.  The
viewer's view, its legal commands, and the events it is shown for the next action must be
the same in the game and in the copy; any difference is a leak.  An event that reveals
hidden state to the table on purpose (a random card lost to the bank, a win) says so in its
data (``("reveals", what)``) and is not compared.
"""

from __future__ import annotations

import random
from typing import Any

from catan_cli import Game
from catan_cli.engine.actions import Action, Event
from catan_cli.engine.core import Engine
from catan_cli.engine.scenario import load_scenario
from catan_cli.engine.state import GameState
from catan_cli.engine.declare import Visibility
from catan_cli.errors import CatanError


def _generic_scramble(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1 + rng.randrange(3)
    if isinstance(value, str):
        return value + "*"
    if isinstance(value, list):
        out = [_generic_scramble(v, rng) for v in value]   # same length: a count is public
        out.reverse()
        return out
    if isinstance(value, dict):
        return {k: _generic_scramble(v, rng) for k, v in value.items()}
    return value


def scrambled_for(game: Game, viewer: int | None, seed: int = 0) -> Game:
    """A copy of ``game`` with everything ``viewer`` (None: a spectator) may not see changed.
    The state is scrambled first and the copy's engine built from it, so every table the
    engine keeps is derived from the scrambled state, as a save's restore would derive it
    (without the save reader's checks, which cost four fifths of the time and check the
    document, not the secrecy)."""
    e = game.engine
    s = GameState.from_json(game.to_json()["state"])
    rng = random.Random(seed)
    hidden = [p for p in range(e.n) if p != viewer]
    # Resource cards: move one card's kind between two hidden hands (totals stay); only cards
    # beyond what the whole table knows a hand holds (``public_min``) are hidden.
    known = s.public_min
    for a, b in zip(hidden, hidden[1:]):
        ha, hb = s.players[a].resources, s.players[b].resources
        for i in range(5):
            for j in range(5):
                if i != j and ha[i] > known[a][i] and hb[j] > known[b][j]:
                    ha[i] -= 1; ha[j] += 1; hb[j] -= 1; hb[i] += 1   # noqa: E702
                    break
            else:
                continue
            break
    # Development cards: each hidden card swaps its kind with a card of another kind in the
    # deck, so every kind's count (deck + hands + played) stays what it was.
    for p in hidden:
        for card in s.players[p].dev_cards:
            other = next((i for i, kind in enumerate(s.deck) if kind != card[0]), None)
            if other is not None:
                card[0], s.deck[other] = s.deck[other], card[0]
    s.deck.reverse()
    for (scope, key), item in e.state_items.items():
        scramble = item.scramble or _generic_scramble
        if scope == "game":
            if item.visibility is not Visibility.PUBLIC and key in s.extra:
                s.extra[key] = scramble(s.extra[key], rng)
        else:
            for p in range(e.n):
                mine = item.visibility is Visibility.OWNER and p == viewer
                if item.visibility is not Visibility.PUBLIC and not mine and key in s.players[p].extra:
                    s.players[p].extra[key] = scramble(s.players[p].extra[key], rng)
    return Game(Engine(load_scenario(s.scenario), s, like=e), list(game.history))


def _reveals(events: list[Event]) -> bool:
    return any(k == "reveals" for ev in events for k, _ in ev.data) or any(ev.kind == "win" for ev in events)


def _seen(events: list[Event], viewer: int | None) -> list[Event | None]:
    """What ``viewer`` is told, leaving out the events it is a named audience of (it may
    learn there what the scrambling changed, as a thief learns the card)."""
    out: list[Event | None] = []
    for ev in events:
        if ev.private is not None and viewer is not None and viewer in ev.private.seats:
            continue
        out.append(ev.seen_by(viewer))
    return out


def leaks(game: Game, action: Action | None, seed: int = 0) -> list[str]:
    """Every way the current position (and ``action`` played from it) shows a viewer what
    it may not see; empty when nothing leaks.  ``game`` is left as it was."""
    if game.over:
        return []          # at the end everything may be shown
    problems: list[str] = []
    names: list[str | None] = [*game.players, None]
    actors = {game.engine.actor_of(a) for a in game.legal_actions()}
    for viewer_name in names:
        viewer = None if viewer_name is None else game.players.index(viewer_name)
        copy = scrambled_for(game, viewer, seed)
        who = viewer_name or "a spectator"
        if game.view(viewer) != copy.view(viewer):
            problems.append(f"{who}'s view depends on hidden state")
        if actors == {viewer} and game.legal_commands() != copy.legal_commands():
            problems.append(f"{who}'s legal commands depend on hidden state")
        if action is None:
            continue
        first = game.copy()     # the scrambled copy above is the one restored from JSON
        try:
            ours = first.execute(action)
            theirs = copy.execute(action)
        except CatanError:
            continue          # the scrambled hands cannot play it: nothing to compare
        if _reveals(ours) or _reveals(theirs):
            continue
        if _seen(ours, viewer) != _seen(theirs, viewer):
            problems.append(f"{who} is told hidden state by the events of '{game.text(action)}'")
    return problems
