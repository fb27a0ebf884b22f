"""What one viewer's terminal shows: the narration of what happened, then the board with
their own hand and the score.  Everything here reads ``Game.view(viewer)`` and
``Event.seen_by(viewer)``, so a seat never receives another seat's secrets."""

from __future__ import annotations

import io
import os
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .text import clean

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from ..engine.actions import Event
    from ..game import Game

FULL_MAP_HEIGHT = 50


def console(width: int, height: int) -> "Console":
    from rich.console import Console

    return Console(file=io.StringIO(), force_terminal=True, width=max(40, width), height=max(10, height),
                   color_system="256", no_color=bool(os.environ.get("NO_COLOR")), highlight=False,
                   legacy_windows=False)


def text_of(out: "Console") -> str:
    file: Any = out.file
    return str(file.getvalue())


def player_style(game: "Game", name: str | None) -> str:
    from ..render import theme

    if name is None or name not in game.players:
        return "grey70"
    return str(theme.player_color(name, game.players.index(name)))


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


def draw(out: "Console", game: "Game", viewer: str | None, lines: Sequence[tuple[str, str]],
         *, board: bool = True, region: str | None = None, compact: bool | None = None) -> None:
    """Print the narration, then (``board``) the map with the viewer's hand and the score."""
    from rich.text import Text

    for text, style in lines:
        out.print(Text(text, style=style), highlight=False)
    if not board:
        return
    out.print(board_and_tables(out, game, viewer, region=region, compact=compact))


def board_and_tables(out: "Console", game: "Game", viewer: str | None, *, region: str | None = None,
                     compact: bool | None = None) -> "RenderableType":
    from rich.columns import Columns
    from rich.console import Group

    from ..render import hand_table, render_board, score_table

    view = game.view(viewer)
    if compact is None:
        compact = out.size.height < FULL_MAP_HEIGHT
    drawing = render_board(game.board_json(), view, region=region, compact=compact, width=out.width)
    tables: list[Any] = [hand_table(view, viewer)] if viewer is not None else []
    tables.append(score_table(view))
    return Group(drawing, Columns(tables, padding=(0, 4)))


def say_line(game: "Game", who: str, seat: str | None, text: str) -> tuple[str, str]:
    label = f"{who} ({seat})" if seat else f"{who} (watching)"
    return f"{label} says: {clean(text)}", player_style(game, seat)
