"""What one viewer's terminal shows: the narration of what happened, the map, the viewer's
own hand and the score.  Everything here reads ``Game.view(viewer)`` and
``Event.seen_by(viewer)``, so a seat never receives another seat's secrets.

A redraw goes to every connection at a table after every move, so it is built without
rich's Console layout where that is safe: the map is a Text of fixed-width lines, turned
into escape codes directly (five times faster), and the hand and score are one line each
(the 'hand' and 'score' commands draw the full tables).
"""

from __future__ import annotations

import io
import os
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .text import clean

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from ..engine.actions import Event
    from ..game import Game

FULL_MAP_HEIGHT = 50


def colored() -> bool:
    return not os.environ.get("NO_COLOR")


def console(width: int, height: int) -> "Console":
    """A Console writing to a string, for the commands that draw rich tables."""
    from rich.console import Console

    return Console(file=io.StringIO(), force_terminal=True, width=max(40, width), height=max(10, height),
                   color_system="256", no_color=not colored(), highlight=False, legacy_windows=False)


def text_of(out: "Console") -> str:
    file: Any = out.file
    return str(file.getvalue())


def player_style(game: "Game", name: str | None) -> str:
    from ..render import theme

    if name is None or name not in game.players:
        return "grey70"
    return str(theme.player_color(name, game.players.index(name)))


def styled(text: str, style: str) -> str:
    """``text`` in a rich style, as escape codes (plain without colour)."""
    if not style or not colored():
        return text
    from rich.color import ColorSystem
    from rich.style import Style

    return Style.parse(style).render(text, color_system=ColorSystem.EIGHT_BIT)


def ansi(text: "Text", width: int) -> str:
    """A Text of short lines as escape codes; wider than ``width``: through a Console,
    which crops each line."""
    if max((len(line) for line in text.plain.split("\n")), default=0) > width:
        out = console(width, 50)
        out.print(text, crop=True, overflow="crop", no_wrap=True)
        return text_of(out)
    from rich.color import ColorSystem

    out_console = console(width, 50)
    parts = []
    color = colored()
    for segment in text.render(out_console):
        if segment.style and color and not segment.control:
            parts.append(segment.style.render(segment.text, color_system=ColorSystem.EIGHT_BIT))
        else:
            parts.append(segment.text)
    return "".join(parts) + "\n"


def narration(game: "Game", events: Iterable["Event"], viewer: int | None) -> list[tuple[str, str]]:
    """(text, style) for each event as ``viewer`` may see it, coloured by its player."""
    players = game.players
    out = []
    for event in events:
        seen = event.seen_by(viewer)
        if seen is None or not seen.text:
            continue
        who = players[seen.seat] if 0 <= seen.seat < len(players) else None
        out.append((seen.text, player_style(game, who)))
    return out


def public_map(game: "Game", width: int, height: int, maps: dict[tuple[int, bool], str] | None = None) -> str:
    """The map as everyone may see it, drawn from the spectator's view: one drawing serves
    every connection of a size, and by construction it holds nobody's secret (the hands
    are drawn apart, from each seat's own view).  ``maps`` keeps the drawings of one position."""
    from ..render import render_board

    compact = height < FULL_MAP_HEIGHT
    key = (width, compact)
    if maps is None or key not in maps:
        drawing = ansi(render_board(game.board_json(), game.view(None), compact=compact, width=width), width)
        if maps is None:
            return drawing
        maps[key] = drawing
    return maps[key]


def frame(game: "Game", viewer: str | None, lines: Sequence[tuple[str, str]], width: int, height: int,
          *, board: bool = True, maps: dict[tuple[int, bool], str] | None = None) -> str:
    """The narration, then (``board``) the map, the viewer's hand and the score."""
    out = [styled(text, style) + "\n" for text, style in lines]
    if board:
        view = game.view(viewer)
        out.append(public_map(game, width, height, maps))
        if viewer is not None:
            out.append(hand_line(view, viewer) + "\n")
        out.append(score_line(game, view) + "\n")
    return "".join(out)


def hand_line(view: dict[str, Any], viewer: str) -> str:
    me = next(p for p in view["players"] if p["name"] == viewer)
    cards = ", ".join(f"{n} {r}" for r, n in (me["resources"] or {}).items() if n) or "no cards"
    dev = ", ".join(me["dev_cards"] or []) or "none"
    from ..render.layers import layer_for

    more = "".join(f" · {what}: {count}" for what, count in layer_for(view).hand_rows(view, viewer))   # gold ...
    return styled("your hand: ", "bold") + f"{cards} · development cards: {dev}{more}"


def score_line(game: "Game", view: dict[str, Any]) -> str:
    parts = []
    for p in view["players"]:
        name = styled(p["name"], f"bold {player_style(game, p['name'])}")
        parts.append(f"{name} {p['vp']} VP ({p['resource_count']} cards)")
    return styled("score: ", "bold") + " · ".join(parts) + f" · first to {view['vp_target']}"


def say_line(game: "Game", who: str, seat: str | None, text: str) -> tuple[str, str]:
    # the player's name once: 'bob (blue)', but 'red' when red plays the red seat
    label = who if seat == who else f"{who} ({seat})" if seat else f"{who} (watching)"
    return f"{label} says: {clean(text)}", player_style(game, seat)
