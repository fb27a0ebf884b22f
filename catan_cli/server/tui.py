"""The table screen over SSH: one prompt_toolkit Application per seated connection.

The same panes as ``catan play``'s table screen (map, side panel, events, prompt with
completion, toolbar), fed the server's way:

- **Input** never touches an OS pipe: the connection's bytes pass its bounded key filter
  (:mod:`.keyfilter`, the same as the line screen's: key and line rates, line length, noise
  dropped) before prompt_toolkit sees a key, and go into :class:`MemoryInput`, an in-memory
  input whose keys the Application reads in the event loop.  A 1 MB paste costs its bytes
  and a few hundred keys, never a blocked write nor a million key presses; however many keys
  come, this connection's screen is drawn at most once a :data:`FRAME`.
- **What the panes show** is computed by the table, in its worker thread and under its lock,
  from ``Game.view(seat)`` only (:meth:`SeatScreen.frame`); the event loop only lays the
  frame out, so a redraw never reads a game another thread is changing.  A pushed frame or
  narration line is an ``invalidate()``; the SSH window-change is a resize.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, TextIO, cast

from prompt_toolkit.input.base import Input
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding.key_processor import KeyPress
from prompt_toolkit.output.color_depth import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output
from prompt_toolkit.data_structures import Size

from ..completion import command_words, word_completer
from ..screen import panes
from ..screen.app import (BESIDE_FROM, BESIDE_MIN, EVENTS_WANTED, MIN_EVENTS, MIN_MAP, SIDE_MIN, SIDE_NARROW,
                          SIDE_WIDE)
from ..screen.fragments import Line, crop, join_lines, line_len, rich_to_pt, wrap
from ..screen.table_app import PAN_KEYS, PaneSizes, build_table_application

if TYPE_CHECKING:
    from prompt_toolkit.application import Application

    from ..game import Game
    from .conn import Client

MIN_WIDTH, MIN_HEIGHT = 80, 24       # smaller terminals keep the line screen
KEEP = 400                           # narration lines kept for scrolling back
END_WORDS = ("end", "e", "done", "pass")
FRAME = 1 / 30                       # seconds: one connection's screen is drawn at most this often


class SeatView:
    """What the panes read of a session, for one seat of a shared table: its game and its eyes."""

    autosave = False
    save_name = ""

    def __init__(self, game: "Game", seat: str | None) -> None:
        self.game = game
        self.seat = seat

    def viewer(self) -> str | None:
        return self.seat


class MemoryInput(Input):
    """Keys handed over in the event loop (no pipe, no thread): :meth:`send` parses bytes
    already bounded by the connection and wakes the Application."""

    def __init__(self) -> None:
        self._keys: list[KeyPress] = []
        self._parser = Vt100Parser(self._on_key)
        self._callbacks: list[Callable[[], None]] = []
        self._closed = False

    def fileno(self) -> int:
        raise NotImplementedError("an SSH channel's input has no file descriptor here")

    def typeahead_hash(self) -> str:
        return f"ssh-{id(self)}"

    def read_keys(self) -> list[KeyPress]:
        keys, self._keys = self._keys, []
        return keys

    def _on_key(self, key: KeyPress) -> None:
        self._keys.append(key)

    def flush_keys(self) -> list[KeyPress]:
        self._parser.flush()          # a lone Escape, once the timeout says it was one
        return self.read_keys()

    @property
    def closed(self) -> bool:
        return self._closed

    def raw_mode(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def cooked_mode(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def attach(self, input_ready_callback: Callable[[], None]) -> contextlib.AbstractContextManager[None]:
        return self._attached(input_ready_callback)

    @contextlib.contextmanager
    def _attached(self, callback: Callable[[], None]) -> Iterator[None]:
        self._callbacks.append(callback)
        try:
            yield
        finally:
            self._callbacks.remove(callback)

    def detach(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def send(self, text: str) -> None:
        self._parser.feed(text)
        if self._callbacks:
            self._callbacks[-1]()

    def close(self) -> None:
        self._closed = True
        if self._callbacks:
            self._callbacks[-1]()


class _Channel:
    """The file-like object prompt_toolkit writes to: the connection's capped writer."""

    encoding = "utf-8"

    def __init__(self, screen: "SeatScreen") -> None:
        self.screen = screen

    def write(self, data: str) -> int:
        if self.screen.active:      # a stray redraw after leaving must not hit the line screen
            self.screen.client._write(data)
        return len(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


class _Output(Vt100_Output):
    def enable_bracketed_paste(self) -> None:
        pass      # a paste arrives as typed keys, so the line filter bounds it like typing

    def disable_bracketed_paste(self) -> None:
        pass


@dataclass
class Frame:
    """One position as one seat sees it, laid out for a width (built under the table lock)."""

    width: int
    side: int
    map_lines: list[Line]
    map_width: int
    compact: bool
    sections: list[panes.Section]
    toolbar: list[str]
    legal: list[str] = field(default_factory=list)
    problem: str = ""


#: the table's own commands, beside the game's: Tab completes their words too
TABLE_WORDS = ("say", "map", "hand", "score", "log", "legal", "why", "look", "leave", "help", "screen line")


def seat_words(frame: "Frame | None", text: str) -> list[tuple[str, str]]:
    """Tab's words for a seat: the next word of its legal commands in the last frame (worked
    out by the table, under its lock: the game itself is never read here), then the table's
    own words; the one completer of every prompt (:mod:`catan_cli.completion`)."""
    return command_words(text, frame.legal if frame else [], TABLE_WORDS)


class SeatScreen:
    """The full-screen table of one connection (built when it sits down; see :mod:`.tui`)."""

    def __init__(self, client: "Client") -> None:
        self.client = client
        self.active = False
        self.input = MemoryInput()
        depth = ColorDepth.DEPTH_8_BIT if client.color else ColorDepth.DEPTH_1_BIT
        self.output = _Output(cast(TextIO, _Channel(self)), self._size, term="xterm-256color", default_color_depth=depth,
                              enable_cpr=False, enable_bell=False)
        self.map = panes.MapPane()
        self.entries: list[Line] = []
        self.mark = 0                # first entry since this seat's last turn
        self.scroll = 0
        self.tab = 0
        self.region: str | None = None
        self.frame_now: Frame | None = None
        self._task: Any = None
        self._version = 0            # counts changes of the entries: the layout caches' key
        self._wrapped: tuple[Any, list[Line]] = (None, [])
        self._geometry: tuple[Any, PaneSizes] = (None, (0, 0, 0, 0, 0))
        self.buffer: Any = None      # the command line: set as the application is built
        self.app = self._build()

    # ------------------------------------------------------------------ life
    def _size(self) -> Size:
        return Size(rows=self.client.height, columns=self.client.width)

    def start(self) -> None:
        if self.active:
            return
        self.active = True
        self._task = self.client.hub.spawn(self._run())

    async def _run(self) -> None:
        from prompt_toolkit.application import create_app_session

        try:
            with create_app_session(input=self.input, output=self.output):
                await self.app.run_async(handle_sigint=False)
        finally:
            self.active = False

    def stop(self) -> None:
        """Leave the full screen (back to the lobby, a small terminal, or the line screen)."""
        if self.app.is_running and not self.app.is_done:
            try:
                self.app.exit()
            except Exception:  # noqa: BLE001 - already exiting
                pass
        self.input.close()

    async def stopped(self) -> None:
        self.stop()
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task
        self.active = False

    def invalidate(self) -> None:
        if self.active and self.app.is_running:
            self.app.invalidate()

    def resized(self) -> None:
        if self.active and self.app.is_running:
            self.app._on_resize()

    # ------------------------------------------------------------------ input: bounded, then keys
    def send(self, keys: str) -> None:
        """Keys the connection's filter let through (bounded there), for the Application."""
        if self.active:
            self.input.send(keys)

    # ------------------------------------------------------------------ frames (table's thread)
    def frame(self, game: "Game", seat: str | None) -> Frame:
        """The panes' content for this seat's eyes; called by the table under its lock."""
        view = SeatView(game, seat)
        width, height = self.client.width, self.client.height
        rest = height - 2
        side = SIDE_WIDE if width >= 110 else SIDE_NARROW
        problem = ""
        if self.region:
            region, self.region = self.region, None
            try:
                self.map.centre_on(view, region, width - side - 1, rest - 1 - MIN_EVENTS)  # type: ignore[arg-type]
            except ValueError as exc:
                problem = str(exc)
        lines = self.map.drawing(view, width - side - 1, rest - 1 - MIN_EVENTS)  # type: ignore[arg-type]
        drawn_w = self.map.size()[0]
        if drawn_w < width - side - 1 or drawn_w + SIDE_MIN + 1 <= width:
            side = max(SIDE_MIN, min(SIDE_WIDE, width - drawn_w - 1))
        sections = panes.side_sections(view, side - 1)  # type: ignore[arg-type]
        toolbar = panes.toolbar_items(view)  # type: ignore[arg-type]
        legal: list[str] = []
        if seat is not None and not game.over:
            for command in game.legal_commands():
                body = command.removeprefix(f"{seat}: ")
                if body != command or (":" not in command.split()[0] and game.prompt_player() == seat):
                    legal.append(body)
                    head, _, path = body.rpartition(" ")
                    a, dash, b = path.partition("-")
                    if dash and a.isdigit() and b.isdigit():
                        legal.append(f"{head} {b}-{a}")
        return Frame(width, side, list(lines), drawn_w, self.map.compact, sections, toolbar, legal[:400], problem)

    # ------------------------------------------------------------------ pushes (event loop)
    def show(self, frame: Frame, lines: list[tuple[str, str]]) -> None:
        """A table's push: the narration lines join the event pane, the frame replaces the panes."""
        for text, style in lines:
            if text.startswith("> ") and text[2:].strip().lower() in END_WORDS:
                self.mark = len(self.entries)
            self._add([(rich_to_pt(style) if style else "", text)])
        if frame.problem:
            self._add([("", f"✗ {frame.problem}")])
        self.frame_now = frame
        self.invalidate()

    def add_text(self, text: str) -> None:
        """Text the server writes to this connection (answers, errors, 'say', tables)."""
        from prompt_toolkit.formatted_text import ANSI, to_formatted_text

        if not text.strip("\r\n"):
            return                   # nothing said: no blank line in the pane
        block = text.replace("\r\n", "\n").rstrip("\n").split("\n")
        for raw in block:
            self._add([(s, t) for s, t, *_ in to_formatted_text(ANSI(raw))])
        # an answer taller than the pane (a table, a log) is shown from its top; PgDn goes on
        width, room = self.events_width(), self.geometry()[3] - 1
        tall = sum(len(wrap(line, width)) for line in self.entries[-len(block):])
        self.scroll = max(0, tall - room)
        self.invalidate()

    def _add(self, line: Line) -> None:
        self._version += 1
        self.entries.append(line)
        self.scroll = 0
        if len(self.entries) > KEEP + 100:
            cut = len(self.entries) - KEEP
            del self.entries[:cut]
            self.mark = max(0, self.mark - cut)

    # ------------------------------------------------------------------ layout (event loop)
    def geometry(self) -> PaneSizes:
        """(side, map_w, top, events, beside) for the terminal's size now and the last frame
        (every window asks at every redraw: kept while nothing changes); see PaneSizes."""
        key = (self.client.width, self.client.height, id(self.frame_now), self._version, self.mark)
        if self._geometry[0] != key:
            self._geometry = (key, self._layout())
        return self._geometry[1]

    def events_width(self) -> int:
        """The event pane's columns: the side panel's when it sits beside the map, else the
        terminal's."""
        side, _, _, _, beside = self.geometry()
        return side if beside else self.client.width

    def wrapped(self) -> list[Line]:
        """Every kept narration line wrapped at the event pane's width (kept while unchanged)."""
        width = self.events_width()
        key = (width, self._version)
        if self._wrapped[0] != key:
            self._wrapped = (key, [part for line in self.entries for part in wrap(line, width)])
        return self._wrapped[1]

    def _layout(self) -> PaneSizes:
        width, height = self.client.width, self.client.height
        frame = self.frame_now
        rest = height - 2
        side = frame.side if frame else SIDE_NARROW
        map_w = max(10, width - side - 1)
        natural = (len(frame.map_lines) if frame else 0) + 1
        if natural + MIN_EVENTS + 1 <= rest:
            events = rest - natural
        else:
            needed = sum(len(wrap(line, width)) for line in self.entries[self.mark:]) + 1
            events = max(MIN_EVENTS + 1, min(needed, rest - MIN_MAP - 1))
        events = max(2, min(events, rest - 3))
        if frame is not None and events - 1 < EVENTS_WANTED and width >= BESIDE_FROM:
            # as the local screen does (TableScreen._beside): a map drawn whole that leaves a
            # column free takes the full height, the narration goes under the side panel
            column = width - frame.map_width - 1
            if column >= BESIDE_MIN and natural <= rest:
                side_h = min(sum(1 + len(s.lines) for s in frame.sections), rest - EVENTS_WANTED - 1)
                if side_h >= 4 and rest - side_h > events:
                    return column, frame.map_width, rest, rest - side_h, side_h
        return side, map_w, rest - events, events, 0

    def map_fragments(self) -> list[Any]:
        side, map_w, top, _, _ = self.geometry()
        frame = self.frame_now
        if frame is None:
            return join_lines([panes.fit_line(" map · waiting for the table", map_w, panes.TITLE)])
        h = top - 1
        self.map.top = max(0, min(self.map.top, len(frame.map_lines) - h))
        self.map.left = max(0, min(self.map.left, frame.map_width - map_w))
        shown = [crop(line, self.map.left, map_w) for line in frame.map_lines[self.map.top:self.map.top + h]]
        title = f" map · {'compact' if frame.compact else 'full'}"
        if frame.map_width > map_w or len(frame.map_lines) > h:
            title += f" · {PAN_KEYS} · lines {self.map.top + 1}-{min(len(frame.map_lines), self.map.top + h)}" \
                     f"/{len(frame.map_lines)}"
        return join_lines([panes.fit_line(title, map_w, panes.TITLE), *shown])

    def side_fragments(self) -> list[Any]:
        side, _, top, _, beside = self.geometry()
        frame = self.frame_now
        if frame is None:
            return []
        return join_lines(panes.side_panel(frame.sections, side - 1, beside or top, self.tab))

    def event_fragments(self) -> list[Any]:
        events = self.geometry()[3]
        width = self.events_width()
        lines = self.wrapped()
        room = events - 1
        end = max(0, len(lines) - self.scroll)
        shown = lines[max(0, end - room):end]
        title = " since your last turn" if self.scroll == 0 else f" {self.scroll} lines back (PgDn: newer)"
        title += " · PgUp/PgDn scroll" if len(lines) > room else ""
        return join_lines([panes.fit_line(title, width, panes.TITLE), *shown])

    def prompt_fragments(self) -> list[Any]:
        client = self.client
        mine = client.table is not None and client.seat in client.table.to_act
        style = "bold reverse" if mine and client.color else "bold"
        return [(style, client.prompt()), ("", " ")]

    def toolbar_fragments(self) -> list[Any]:
        width = self.client.width
        items = self.frame_now.toolbar if self.frame_now else ["waiting for the table"]
        return [("reverse", panes.fit_items(items, width - 1).ljust(width - 1))]

    # ------------------------------------------------------------------ the application
    def _build(self) -> "Application[None]":
        def accept(text: str) -> bool:
            self.client.enqueue(text)
            return False

        completer = word_completer(lambda text: seat_words(self.frame_now, text))
        return build_table_application(self, completer, accept, lambda: self.client.enqueue("\x04"),
                                       self.input, self.output, min_redraw_interval=FRAME)

    def pane_sizes(self) -> PaneSizes:
        return self.geometry()

    def pan(self, dy: int, dx: int) -> None:
        self.map.pan(dy, dx)
        self.invalidate()


def fits(width: int, height: int) -> bool:
    return width >= MIN_WIDTH and height >= MIN_HEIGHT


__all__ = ["SeatScreen", "MemoryInput", "SeatView", "Frame", "fits", "line_len"]
