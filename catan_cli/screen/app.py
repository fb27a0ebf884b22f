"""The table screen as a prompt_toolkit full-screen Application.

Layout (top to bottom): the map pane beside the side panel, the event pane (what happened
since your last turn, newest line always shown), the prompt line, the toolbar.  Every pane is
computed from the terminal's size at each redraw, so the screen resizes live.

Commands go through a :class:`ScreenRepl`, the line mode's :class:`~catan_cli.repl.Repl`
with its output caught into the event pane: every command of the line mode works here as
typed.  A command (and the bots' moves after it) runs in a worker thread, so the screen keeps
drawing while bots play.  ``TableScreen(session, input=..., output=...)`` builds the
Application for any terminal, e.g. one per SSH connection inside ``create_app_session``.

The line mode's habits hold: Up/Down recall the commands of the same history file (Shift+arrows
pan the map), Ctrl-C pauses the bots until Enter or the next command, Tab completes a whole word
and the space after it.  An answer too long for the event pane (``help``, ``help rules``, a
long ``log``) opens in the reader, which has the screen above the prompt until Esc, Enter or
the next command.
"""

from __future__ import annotations

import io
import re
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from rich.console import Console

from .. import helptext
from ..errors import CatanError
from ..repl import PACE, Repl, _completer_class, _history
from . import panes
from .fragments import Line, join_lines, line_len, styled, wrap
from .reflow import paragraphs, reflow
from .table_app import PAN_KEY_NAMES, PAN_KEYS, PaneSizes, build_table_application

if TYPE_CHECKING:
    from prompt_toolkit.application import Application
    from prompt_toolkit.history import History

    from ..session import Played, Session

MIN_EVENTS = 4         # event lines always kept, however small the terminal
MIN_MAP = 15           # map lines kept when the events need room (the events scroll instead)
MAP_SHARE = 0.7        # ... and on a taller terminal, this share of the rows above the prompt
EVENTS_WANTED = 12     # the full-size map is drawn only when it leaves the events this many lines
SIDE_MIN, SIDE_NARROW, SIDE_WIDE = 24, 30, 40
#: the narrowest column beside the map that takes the event pane under the side panel, and the
#: narrowest terminal that tries it (where the side panel is wide too)
BESIDE_MIN, BESIDE_FROM = 40, 110
#: commands that only show something: an answer longer than the event pane opens in the reader
READING_VERBS = frozenset({"help", "legal", "log", "hand", "hands", "score", "status", "bank", "dice", "saves"})
#: the table screen's keys, as 'help' lists them
SCREEN_KEYS = (
    ("Up / Down", "earlier commands (the line mode's history too)"),
    (PAN_KEY_NAMES, "pan the map ('map REGION' centres it)"),
    ("Tab", "complete the word, and the space after it"),
    ("PgUp / PgDn", "scroll the narration, or the reader"),
    ("Esc", "close the reader (so do Enter and any command)"),
    ("F2", "the side panel's next tab"),
    ("Ctrl-C", "clear the line; pause the bots (Enter or a command: on)"),
    ("Ctrl-D", "leave, as 'quit' (offers to save)"),
)


@dataclass(frozen=True)
class Geometry:
    """Where the panes go on a terminal of ``width`` x ``height``."""

    width: int
    height: int
    side: int          # side panel columns
    map_w: int
    top: int           # lines of the map pane / side panel (title included)
    events: int        # lines of the event pane (title included)
    #: lines of the side panel when the event pane sits under it, beside the map (a wide
    #: terminal whose map leaves a column free); 0: the event pane spans the screen below
    beside: int = 0

    @property
    def events_w(self) -> int:
        """Columns of the event pane: the side panel's beside the map, else the screen's."""
        return self.side if self.beside else self.width


@dataclass
class Reading:
    """A long answer shown over the map and the side panel: its title (the command) and
    lines; ``scroll`` counts lines back from the last, as the event pane's does."""

    title: str
    lines: list[Line]
    scroll: int = 0


class _Sink(io.StringIO):
    """Where the ScreenRepl's rich console writes: lines are moved to the event pane."""


class ScreenRepl(Repl):
    """The line mode's command handling, its output caught for the event pane; ``map`` moves
    the map pane instead of printing a map, and a bot's whole turn is narrated on one line.
    Ctrl-C, a key here, sets ``hold``: the bots stop before their next move (``paused``)."""

    PAUSED = "bots paused: press Enter or type a command to let them go on"

    def __init__(self, session: "Session", table: "TableScreen", pace: float) -> None:
        self.sink = _Sink()
        console = Console(file=self.sink, width=80, force_terminal=True, color_system="truecolor",
                          highlight=False, legacy_windows=False)
        self.hold = threading.Event()
        self.paused = False
        super().__init__(session, console, pace=pace, sleep=self._pause_between_bots)
        self.table = table

    def _pause_between_bots(self, seconds: float) -> None:
        self.hold.wait(seconds)          # Ctrl-C ends the wait at once

    def hold_bots(self) -> bool:
        if self.hold.is_set():
            self.paused = True
        return self.paused

    def help(self, rest: str) -> None:
        """The line mode's help, its text wrapped again for the pane (never in mid-sentence),
        and the screen's keys after the list of commands."""
        word = rest.split()[0].lower() if rest else ""
        if word and self.record_door(word) is None:
            width = max(20, self.console.width)
            lines = helptext.verb_help(word, self.session.game)
            first = paragraphs(lines[:1])
            bold = len(reflow([first[0][1]], width)) if first else 0
            for i, line in enumerate(reflow(lines, width)):
                self.say(line, "bold" if i < bold else "")
            return
        super().help(rest)
        if not rest:
            self.keys_help()

    def keys_help(self) -> None:
        from rich.table import Table
        from rich.text import Text

        table = Table(title="Keys of the table screen", title_justify="left", title_style="bold",
                      show_header=False, box=None, padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for keys, what in SCREEN_KEYS:
            table.add_row(Text(keys), Text(what))
        self.console.print(table)

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

    def __init__(self, session: "Session", *, pace: float = PACE, input: Any = None, output: Any = None,
                 history: "History | None" = None) -> None:
        """``history``: what Up/Down recall and typed commands go to; the line mode's file when
        None (the user's data folder: ``$XDG_DATA_HOME/catan/history`` on Linux)."""
        self.session = session
        self.repl = ScreenRepl(session, self, pace)
        self.map = panes.MapPane()
        self.entries: list[tuple[str | None, Line]] = []
        self.mark = 0                  # first entry since the viewer's last turn
        self._scroll = 0               # event lines scrolled back from the newest
        self.reading: Reading | None = None
        self.tab = 0
        self.busy = False
        self.asking_save = False
        self._answering = False        # the line just typed answers the save question
        from .history import CommandHistory

        self.history = CommandHistory(history if history is not None else _history(),
                                      lambda: not self._answering)
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
            self._scroll = 0

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
            self._scroll = 0
            if texts[-1].endswith("ends the turn") or any(t.startswith(f"{seat} ends") for t in texts):
                self._bot_entry = None
        self.invalidate()

    def drain(self) -> None:
        """Move what the repl printed (answers, tables, errors) into the event pane."""
        for line in self._printed():
            self.add(None, line)
        self.invalidate()

    def _printed(self) -> list[Line]:
        """What the repl printed since the last look, as fragment lines (the sink emptied)."""
        text = self.repl.sink.getvalue()
        if not text:
            return []
        self.repl.sink.seek(0)
        self.repl.sink.truncate()
        from prompt_toolkit.formatted_text import ANSI, to_formatted_text

        return [[(s, t) for s, t, *_ in to_formatted_text(ANSI(raw))] for raw in text.rstrip("\n").split("\n")]

    # ------------------------------------------------------------------ the reader
    def open_reader(self, title: str, lines: list[Line]) -> None:
        """Show ``lines`` over the map and the side panel, from their first line."""
        self.reading = Reading(title, lines)
        self.reading.scroll = self._reader_bottom()
        self.invalidate()

    def close_reader(self) -> None:
        self.reading = None
        self.invalidate()

    def _reader_lines(self) -> list[Line]:
        width = self.geometry().width
        return [part for line in self.reading.lines for part in wrap(line, width)] if self.reading else []

    def _reader_rows(self) -> int:
        """Text lines the reader shows at once (the rows above the prompt, less its title)."""
        return max(1, self.geometry().height - 3)

    def _reader_bottom(self) -> int:
        """The reader's scroll that shows its first line (its scroll counts from the last)."""
        return max(0, len(self._reader_lines()) - self._reader_rows())

    @property
    def scroll(self) -> int:
        """Lines scrolled back from the newest: of the reader while it is open, else of the
        event pane (PgUp/PgDn change it)."""
        return self.reading.scroll if self.reading else self._scroll

    @scroll.setter
    def scroll(self, value: int) -> None:
        if self.reading:
            self.reading.scroll = max(0, min(value, self._reader_bottom()))
        else:
            self._scroll = value

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
        """The map drawn whole when it fits: full size only if that leaves the narration
        EVENTS_WANTED lines, else compact, the rest going to the events.  A map that does not
        fit keeps MIN_MAP lines or MAP_SHARE of the height, and the events scroll instead."""
        rest = height - 2                                        # prompt and toolbar
        side = drawn_side = SIDE_WIDE if width >= 110 else SIDE_NARROW
        map_h = self.map.drawing(self.session, width - side - 1, rest - 2 - EVENTS_WANTED)
        drawn_w = self.map.size()[0]
        if drawn_w < width - side - 1 or drawn_w + SIDE_MIN + 1 <= width:   # give the map what it needs
            side = max(SIDE_MIN, min(SIDE_WIDE, width - drawn_w - 1))
        map_w = max(10, width - side - 1)
        needed = self._event_lines_needed(width) + 1
        natural = len(map_h) + 1
        if natural + MIN_EVENTS + 1 <= rest:                     # the whole map when it fits
            events = rest - natural
        else:                                                    # else the map keeps its share
            kept = max(MIN_MAP, int(rest * MAP_SHARE))
            events = max(MIN_EVENTS + 1, min(needed, rest - kept - 1))
        events = min(events, rest - 3)
        if events - 1 < EVENTS_WANTED and width >= BESIDE_FROM:
            wide = self._beside(width, height, events)
            if wide is not None:
                return wide
            self.map.drawing(self.session, width - drawn_side - 1, rest - 2 - EVENTS_WANTED)   # as it was
        return Geometry(width, height, side, map_w, rest - events, events)

    def _beside(self, width: int, height: int, events: int) -> Geometry | None:
        """The event pane under the side panel, beside a map drawn whole in the full height:
        when the map leaves a column of BESIDE_MIN or more free and the narration gets more
        lines there (at least EVENTS_WANTED) than below the map (the Seafarers' maps at
        120x45, whose compact drawing is 35 lines high).  The side panel keeps what it needs
        up to the rest (its tabs, F2, show the others); None when the layout would not help."""
        rest = height - 2                                        # prompt and toolbar
        lines = self.map.drawing(self.session, width - BESIDE_MIN - 1, rest - 1)
        drawn_w, drawn_h = self.map.size()
        column = width - drawn_w - 1
        if column < BESIDE_MIN or drawn_h + 1 > rest or not lines:
            return None
        wanted = sum(1 + len(s.lines) for s in panes.side_sections(self.session, column - 1))
        side_h = min(wanted, rest - EVENTS_WANTED - 1)
        if side_h < 4 or rest - side_h <= events:
            return None
        return Geometry(width, height, column, drawn_w, rest, rest - side_h, side_h)

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
        if w > g.map_w or h > g.top - 1:                         # the keys first: they must show
            title += f" · {PAN_KEYS} · lines {self.map.top + 1}-{min(h, self.map.top + g.top - 1)}/{h}"
            if w > g.map_w:
                title += f" · cols {self.map.left + 1}-{min(w, self.map.left + g.map_w)}/{w}"
        return join_lines([panes.fit_line(title, g.map_w, panes.TITLE), *lines])

    def side_fragments(self) -> list[Any]:
        g = self.geometry()
        return self._memo("side", (self._position(), g, self.tab), self._side_fragments)

    def _side_fragments(self) -> list[Any]:
        g = self.geometry()
        sections = panes.side_sections(self.session, g.side - 1)
        lines = panes.side_panel(sections, g.side - 1, g.beside or g.top, self.tab)
        return join_lines(lines)

    def event_fragments(self) -> list[Any]:
        if self.reading:
            return self._reader_fragments()
        g = self.geometry()
        with self._lock:
            first = max(0, len(self.entries) - 400)
            lines = [part for i in range(first, len(self.entries)) for part in self._wrapped(i, g.events_w)]
        room = g.events - 1
        end = max(0, len(lines) - self.scroll)
        shown = lines[max(0, end - room):end]
        title = " since your last turn" if self.scroll == 0 else f" {self.scroll} lines back (PgDn: newer)"
        title += " · PgUp/PgDn scroll" if len(lines) > room else ""
        return join_lines([panes.fit_line(title, g.events_w, panes.TITLE), *shown])

    def _reader_fragments(self) -> list[Any]:
        assert self.reading is not None
        g = self.geometry()
        lines = self._reader_lines()
        room = self._reader_rows()
        end = max(0, len(lines) - min(self.reading.scroll, self._reader_bottom()))
        shown = lines[max(0, end - room):end]
        title = f" {self.reading.title} · Esc closes"
        if len(lines) > room:
            title += f" · PgUp/PgDn · lines {end - len(shown) + 1}-{end}/{len(lines)}"
        return join_lines([panes.fit_line(title, g.width, panes.TITLE), *shown])

    def prompt_fragments(self) -> list[Any]:
        if self.asking_save:
            return [("bold", self.repl.save_question())]
        if self.busy:
            return [("italic", "… ")]
        if self.repl.paused:
            return [("bold reverse", "bots paused"), ("", " · Enter lets them go on > ")]
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
        """A line typed at the prompt: played in a worker thread (bots may follow).  It closes
        the reader; Enter on an empty line only closes it (unless the bots were paused)."""
        if self.reading is not None:
            self.close_reader()
            if not line.strip() and not self.repl.paused:
                return
        if self.asking_save:
            self.asking_save = False
            self._work(self._answer_save, line)
            return
        self.add(None, [(f"bold {self._color(self.session.viewer())}".strip(), "> "), ("", line)])
        self._work(self._handle, line)

    def _handle(self, line: str) -> None:
        g = self.geometry()
        self.repl.console.width = max(20, g.events_w - 1)
        was_paused, self.repl.paused = self.repl.paused, False
        if not self.repl.handle(line):
            self.asking_save = True
        self._show_answer(line)
        if was_paused and not self.asking_save and self.session.bot_to_move() and not self.repl.paused:
            self.repl.after_move()          # any command lets paused bots go on
        self.drain()

    def _show_answer(self, line: str) -> None:
        """A looking command's answer too long for the event pane opens in the reader."""
        word = line.split()[0].lower() if line.split() else ""
        verb = helptext.ALIASES.get(word, word)
        if verb not in READING_VERBS and self.repl.record_door(verb) is None:
            return
        printed = self._printed()
        g = self.geometry()
        if sum(len(wrap(part, g.events_w)) for part in printed) > g.events - 1:
            self.open_reader(line.strip(), printed)
        else:
            for part in printed:
                self.add(None, part)

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
                self.repl.hold.clear()         # a Ctrl-C after the bots' last move holds nothing
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
        self.repl.console.width = max(20, g.events_w - 1)
        self.repl.start()
        self.drain()

    # ------------------------------------------------------------------ the application
    def _build(self, input: Any, output: Any) -> "Application[None]":
        from prompt_toolkit.key_binding import KeyBindings

        keys = KeyBindings()
        keys.add("escape", eager=True, filter=_condition(lambda: self.reading is not None))(
            lambda event: self.close_reader())
        return build_table_application(self, _completer_class()(self.repl), self._accept, self._end_of_input,
                                       input, output, history=self.history, interrupt=self.pause_bots, keys=keys)

    def pane_sizes(self) -> PaneSizes:
        g = self.geometry()
        if self.reading is not None:                 # the reader has the rows above the prompt
            return (g.side, g.map_w, 0, g.height - 2, 0)
        return (g.side, g.map_w, g.top, g.events, g.beside)

    def pause_bots(self) -> None:
        """Ctrl-C: bots playing now stop before their next move (the prompt says so)."""
        if self.busy:
            self.repl.hold.set()
            self.invalidate()

    def _end_of_input(self) -> None:
        if not self.busy:
            self.submit("quit")

    def _accept(self, text: str) -> bool:
        self._answering = self.asking_save       # read by the history as the line is stored
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


def _condition(test: Callable[[], bool]) -> Any:
    from prompt_toolkit.filters import Condition

    return Condition(test)


__all__ = ["TableScreen", "ScreenRepl", "Geometry", "Reading"]
