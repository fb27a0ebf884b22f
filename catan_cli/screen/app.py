"""The table screen as a prompt_toolkit full-screen Application.

Layout (top to bottom): the map pane beside the side panel, the event pane (what happened
since your last turn, newest line always shown), the prompt line, the toolbar.  Every pane is
computed from the terminal's size at each redraw, so the screen resizes live.

Commands go through a :class:`ScreenRepl`, the line mode's :class:`~catan_cli.repl.Repl`
with its output caught into the event pane: every command of the line mode works here as
typed.  A command (and the bots' moves after it) runs in a worker thread, so the screen keeps
drawing while bots play.  ``TableScreen(session, input=..., output=...)`` builds the
Application for any terminal, e.g. one per SSH connection inside ``create_app_session``.
"""

from __future__ import annotations

import io
import re
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console

from ..errors import CatanError
from ..repl import PACE, Repl, _completer_class
from . import panes
from .fragments import Line, join_lines, line_len, styled, wrap
from .table_app import PaneSizes, build_table_application

if TYPE_CHECKING:
    from prompt_toolkit.application import Application

    from ..session import Played, Session

MIN_EVENTS = 4         # event lines always kept, however small the terminal
MIN_MAP = 10           # map lines kept when the events need room
SIDE_MIN, SIDE_NARROW, SIDE_WIDE = 24, 30, 40


@dataclass(frozen=True)
class Geometry:
    """Where the panes go on a terminal of ``width`` x ``height``."""

    width: int
    height: int
    side: int          # side panel columns
    map_w: int
    top: int           # lines of the map pane / side panel (title included)
    events: int        # lines of the event pane (title included)


class _Sink(io.StringIO):
    """Where the ScreenRepl's rich console writes: lines are moved to the event pane."""


class ScreenRepl(Repl):
    """The line mode's command handling, its output caught for the event pane; ``map`` moves
    the map pane instead of printing a map, and a bot's whole turn is narrated on one line."""

    def __init__(self, session: "Session", table: "TableScreen", pace: float) -> None:
        self.sink = _Sink()
        console = Console(file=self.sink, width=80, force_terminal=True, color_system="truecolor",
                          highlight=False, legacy_windows=False)
        super().__init__(session, console, pace=pace)
        self.table = table

    def draw(self) -> None:
        self.table.board_changed()
        self.status_line()
        self.table.drain()

    def show_events(self, played: "Played", echo: bool = False) -> None:
        players = self.session.game.players
        texts = [ev for ev in self.session.narrate(played.events)]
        for ev in played.events:        # the map follows the robber and the pirate
            if ev.kind in ("robber", "pirate") and " to " in ev.text:
                self.table.follow_hex(ev.text.rsplit(" ", 1)[1])
        if self.session.is_bot(played.seat):
            self.table.bot_narration(played.seat, [ev.text for ev in texts])
        else:
            for ev in texts:
                who = players[ev.seat] if 0 <= ev.seat < len(players) else None
                self.table.add(who, "  " + ev.text)
            self.table.follow(played.body)
        self.table.drain()

    def meta(self, verb: str, rest: str) -> bool:
        if verb == "map":
            self.table.map_command(rest)
            return True
        return super().meta(verb, rest)


class TableScreen:
    """One player's table: build with a session, then :meth:`run` (or ``await run_async``)."""

    def __init__(self, session: "Session", *, pace: float = PACE, input: Any = None, output: Any = None) -> None:
        self.session = session
        self.repl = ScreenRepl(session, self, pace)
        self.map = panes.MapPane()
        self.entries: list[tuple[str | None, Line]] = []
        self.mark = 0                  # first entry since the viewer's last turn
        self.scroll = 0                # event lines scrolled back from the newest
        self.tab = 0
        self.busy = False
        self.asking_save = False
        self._bot_entry: tuple[str, int] | None = None
        self._lock = threading.Lock()
        self._geometry_key: Any = None
        self._wraps: dict[tuple[int, int], tuple[int, list[Line]]] = {}
        self._panes: dict[str, tuple[tuple[Any, ...], list[Any]]] = {}
        self._geometry = Geometry(80, 24, SIDE_NARROW, 49, 12, 10)
        self.buffer: Any = None        # the command line: set as the application is built
        self.app = self._build(input, output)

    # ------------------------------------------------------------------ narration
    def add(self, who: str | None, text: str | Line, style: str = "") -> None:
        line = styled(text, style or self._color(who)) if isinstance(text, str) else text
        with self._lock:
            self.entries.append((who, line))
            self._bot_entry = None
            self.scroll = 0

    def bot_narration(self, seat: str, texts: list[str]) -> None:
        """A bot's events, joined onto one line per bot turn: 'blue rolls 3+4 = 7 · ...'."""
        if not texts:
            return
        with self._lock:
            style = self._color(seat)
            if self._bot_entry and self._bot_entry[0] == seat and self._bot_entry[1] == len(self.entries) - 1:
                who, line = self.entries[-1]
                self.entries[-1] = (who, [*line, ("", " · "), (style, " · ".join(texts))])
            else:
                self.entries.append((seat, [(style, " · ".join(texts))]))
            self._bot_entry = (seat, len(self.entries) - 1)
            self.scroll = 0
            if texts[-1].endswith("ends the turn") or any(t.startswith(f"{seat} ends") for t in texts):
                self._bot_entry = None
        self.invalidate()

    def drain(self) -> None:
        """Move what the repl printed (answers, tables, errors) into the event pane."""
        text = self.repl.sink.getvalue()
        if not text:
            return
        self.repl.sink.seek(0)
        self.repl.sink.truncate()
        from prompt_toolkit.formatted_text import ANSI, to_formatted_text

        for raw in text.rstrip("\n").split("\n"):
            frags = [(s, t) for s, t, *_ in to_formatted_text(ANSI(raw))]
            self.add(None, frags)
        self.invalidate()

    def _color(self, who: str | None) -> str:
        if who is None:
            return ""
        from ..render import theme
        from .panes import pt_color

        players = self.session.game.players
        seat = players.index(who) if who in players else 0
        return pt_color(theme.player_color(who, seat))

    def follow(self, command: str) -> None:
        """After the player's own build or move, keep its intersection in the map pane."""
        words = command.split()
        if words[:1] in (["build"], ["move"], ["put"]):
            numbers = [w for w in re.split(r"[\s-]+", command) if w.isdigit()]
            if numbers:
                g = self.geometry()
                self.map.follow(self.session, int(numbers[-1]), g.map_w, g.top - 1)

    def follow_hex(self, hex_id: str) -> None:
        g = self.geometry()
        self.map.follow_hex(self.session, hex_id, g.map_w, g.top - 1)

    def board_changed(self) -> None:
        self.invalidate()

    def invalidate(self) -> None:
        app = getattr(self, "app", None)
        if app is not None and app.is_running:
            app.invalidate()

    # ------------------------------------------------------------------ geometry
    def geometry(self) -> Geometry:
        """The panes' places for the terminal's size now (kept while nothing changes: every
        pane asks for it at each redraw)."""
        size = self.app.output.get_size() if getattr(self, "app", None) else None
        width, height = (size.columns, size.rows) if size else (80, 24)
        game = self.session.game
        key = (width, height, len(self.entries), self.mark, id(game), len(game.history), self.map.layout,
               self._entry_size())
        if key != self._geometry_key:
            self._geometry = self.geometry_for(width, height)
            self._geometry_key = key
        return self._geometry

    def _entry_size(self) -> int:
        """Length of the last narration line (a bot's turn grows on one line)."""
        return line_len(self.entries[-1][1]) if self.entries else 0

    def geometry_for(self, width: int, height: int) -> Geometry:
        rest = height - 2                                        # prompt and toolbar
        side = SIDE_WIDE if width >= 110 else SIDE_NARROW
        map_h = self.map.drawing(self.session, width - side - 1, rest - 1 - MIN_EVENTS)
        drawn_w = self.map.size()[0]
        if drawn_w < width - side - 1 or drawn_w + SIDE_MIN + 1 <= width:   # give the map what it needs
            side = max(SIDE_MIN, min(SIDE_WIDE, width - drawn_w - 1))
        map_w = max(10, width - side - 1)
        needed = self._event_lines_needed(width) + 1
        natural = len(map_h) + 1
        if natural + MIN_EVENTS + 1 <= rest:                     # the whole map when it fits
            events = rest - natural
        else:                                                    # else the narration first
            events = max(MIN_EVENTS + 1, min(needed, rest - MIN_MAP - 1))
        events = min(events, rest - 3)
        return Geometry(width, height, side, map_w, rest - events, events)

    def _event_lines_needed(self, width: int) -> int:
        return sum(len(self._wrapped(i, width)) for i in range(self.mark, len(self.entries)))

    def _wrapped(self, index: int, width: int) -> list[Line]:
        """Entry ``index`` wrapped at ``width``, kept until that entry grows (a bot's turn)."""
        line = self.entries[index][1]
        key = (index, width)
        size = line_len(line)
        cached = self._wraps.get(key)
        if cached is None or cached[0] != size:
            cached = (size, wrap(line, width))
            self._wraps[key] = cached
        return cached[1]

    # ------------------------------------------------------------------ panes
    def _position(self) -> tuple[Any, ...]:
        """What identifies the position on screen: a game grows its history, and an undo
        replays into a new game."""
        game = self.session.game
        return (id(game), len(game.history), self.session.viewer(), game.over)

    def _memo(self, name: str, key: tuple[Any, ...], build: Any) -> list[Any]:
        """A pane's fragments, rebuilt only when its key changes (prompt_toolkit asks for
        every pane at every redraw: a keystroke must not redraw the map)."""
        cached = self._panes.get(name)
        if cached is None or cached[0] != key:
            cached = (key, build())
            self._panes[name] = cached
        return cached[1]

    def map_fragments(self) -> list[Any]:
        g = self.geometry()
        key = (self._position(), g, self.map.top, self.map.left, self.map.layout)
        return self._memo("map", key, self._map_fragments)

    def _map_fragments(self) -> list[Any]:
        g = self.geometry()
        lines = self.map.view(self.session, g.map_w, g.top - 1)
        w, h = self.map.size()
        title = f" map · {'compact' if self.map.compact else 'full'}"
        if w > g.map_w or h > g.top - 1:
            title += f" · lines {self.map.top + 1}-{min(h, self.map.top + g.top - 1)}/{h}"
            if w > g.map_w:
                title += f" · cols {self.map.left + 1}-{min(w, self.map.left + g.map_w)}/{w}"
            title += " · arrows pan"
        return join_lines([panes.fit_line(title, g.map_w, panes.TITLE), *lines])

    def side_fragments(self) -> list[Any]:
        g = self.geometry()
        return self._memo("side", (self._position(), g, self.tab), self._side_fragments)

    def _side_fragments(self) -> list[Any]:
        g = self.geometry()
        sections = panes.side_sections(self.session, g.side - 1)
        lines = panes.side_panel(sections, g.side - 1, g.top, self.tab)
        return join_lines(lines)

    def event_fragments(self) -> list[Any]:
        g = self.geometry()
        with self._lock:
            first = max(0, len(self.entries) - 400)
            lines = [part for i in range(first, len(self.entries)) for part in self._wrapped(i, g.width)]
        room = g.events - 1
        end = max(0, len(lines) - self.scroll)
        shown = lines[max(0, end - room):end]
        title = " since your last turn" if self.scroll == 0 else f" {self.scroll} lines back (PgDn: newer)"
        title += " · PgUp/PgDn scroll" if len(lines) > room else ""
        return join_lines([panes.fit_line(title, g.width, panes.TITLE), *shown])

    def prompt_fragments(self) -> list[Any]:
        if self.asking_save:
            return [("bold", self.repl.save_question())]
        if self.busy:
            return [("italic", "… ")]
        who, rest = self.repl.prompt_parts()
        return [(f"bold {self._color(who)}".strip(), who or ""), ("", rest)]

    def toolbar_fragments(self) -> list[Any]:
        g = self.geometry()
        return [("reverse", panes.fit_items(panes.toolbar_items(self.session), g.width - 1).ljust(g.width - 1))]

    # ------------------------------------------------------------------ commands
    def map_command(self, rest: str) -> None:
        words = rest.lower().split()
        for w in words:
            if w in ("full", "compact"):
                self.map.layout = w
            elif w == "auto":
                self.map.layout = "auto"
        region = next((w for w in words if w not in ("full", "compact", "auto")), None)
        if region:
            g = self.geometry()
            try:
                self.map.centre_on(self.session, region, g.map_w, g.top - 1)
            except ValueError as exc:
                raise CatanError(str(exc)) from None
        self.invalidate()

    def submit(self, line: str) -> None:
        """A line typed at the prompt: played in a worker thread (bots may follow)."""
        if self.asking_save:
            self.asking_save = False
            self._work(self._answer_save, line)
            return
        self.add(None, [(f"bold {self._color(self.session.viewer())}".strip(), "> "), ("", line)])
        self._work(self._handle, line)

    def _handle(self, line: str) -> None:
        g = self.geometry()
        self.repl.console.width = max(20, g.width - 1)
        if not self.repl.handle(line):
            self.asking_save = True
        self.drain()

    def _answer_save(self, answer: str) -> None:
        leave = self.repl.answer_save(answer)
        self.drain()
        if leave is None:
            self.asking_save = True
        elif leave:
            self.leave()

    def leave(self) -> None:
        """Close the Application; called from a worker thread, so its own loop must do it."""
        loop = self.app.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.app.exit)
        else:
            self.app.exit()

    def _work(self, fn: Any, *args: Any) -> None:
        def run() -> None:
            try:
                fn(*args)
            except CatanError as exc:
                self.repl.error(str(exc))
                self.drain()
            finally:
                self.busy = False
                self.invalidate()

        self.busy = True
        mark_from = len(self.entries)
        if self.session.game.prompt_player() == self.session.viewer() and args and \
                str(args[0]).strip().lower() in ("end", "e", "done", "pass"):
            self.mark = mark_from          # the viewer ends the turn: narration starts afresh
        threading.Thread(target=run, daemon=True).start()

    def start(self) -> None:
        self._work(self._start)

    def _start(self) -> None:
        g = self.geometry()
        self.repl.console.width = max(20, g.width - 1)
        self.repl.start()
        self.drain()

    # ------------------------------------------------------------------ the application
    def _build(self, input: Any, output: Any) -> "Application[None]":
        return build_table_application(self, _completer_class()(self.repl), self._accept, self._end_of_input,
                                       input, output)

    def pane_sizes(self) -> PaneSizes:
        g = self.geometry()
        return (g.side, g.map_w, g.top, g.events)

    def _end_of_input(self) -> None:
        if not self.busy:
            self.submit("quit")

    def _accept(self, text: str) -> bool:
        if self.busy:
            return True
        self.submit(text)
        return False

    def pan(self, dy: int, dx: int) -> None:
        self.map.pan(dy, dx)
        self.invalidate()

    def run(self) -> None:
        self.app.pre_run_callables.append(self.start)
        self.app.run()

    async def run_async(self) -> None:
        self.app.pre_run_callables.append(self.start)
        await self.app.run_async()


__all__ = ["TableScreen", "ScreenRepl", "Geometry"]
