"""One SSH session: a player's terminal, in the lobby or at a table.

Input arrives as bytes in the event loop and passes this connection's bounded
:class:`~.keyfilter.KeyFilter` first (key and line rates, line length), then goes to the
screen in use: the line screen's :class:`LineEditor` or the full-screen table's
prompt_toolkit (no pipe, no thread, so a huge paste cannot block anything); whole lines are
handled one at a time by this connection's own task.  Output is pushed by the tables at any moment: the
line being typed is wiped, the text written, then the prompt and the typed text drawn again.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from typing import TYPE_CHECKING, Any

import asyncssh

from ..errors import CatanError
from .keyfilter import KeyFilter
from .lineedit import LineEditor
from .limits import TokenBucket
from .text import clean

if TYPE_CHECKING:
    from .hub import Hub
    from .tui import Frame, SeatScreen
    from .table import Table

TABLE_HELP = """\
at the table: game commands (build, roll, trade, offer blue 1 ore for 2 wool, accept, discard ...);
  say TEXT     talk to the table          start    fill free seats with bots and begin
  map [full|compact|REGION]  hand  score  log [N]  legal  why COMMAND  look (redraw)
  hint         the hard bot's three best moves for you (only you see them; off with --no-hints)
  leave        back to the lobby (your seat stays yours)
  screen line|table  the line screen, or the full-screen table (a terminal of 80x24 or more)"""
EXEC_VERBS = ("join", "watch", "tables", "load")
CLEAR_LINE = "\r\x1b[K"
# the server's own styling (clients' text reaches this far cleaned: no escape of theirs is left)
ESCAPE_CODES = re.compile(r"\x1b\[[0-9;:?]*[ -/]*[@-~]")
RESIZE_SETTLE = 0.2          # seconds a window change waits for the next before the redraw


class Client(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    def __init__(self, hub: "Hub", name: str | None, problem: str | None = None) -> None:
        self.hub = hub
        self.name = name or "guest"
        self.problem = problem
        self.width, self.height = 100, 40
        self.chan: Any = None
        self.pty = False
        self.editor = LineEditor(hub.limits.max_line)
        self.bucket = TokenBucket(hub.limits.lines_per_second, hub.limits.burst)
        self.keys = KeyFilter(hub.limits.max_line, TokenBucket(hub.limits.keys_per_second, hub.limits.key_burst),
                              self.bucket.take, self.push)
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=hub.limits.burst)
        self.table: "Table | None" = None
        self.seat: str | None = None
        self.first: str | None = None
        self.closed = False
        self._left = False         # closed by a command or a limit, not by a dropped line
        self._worker: asyncio.Task[None] | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._resize_due: asyncio.TimerHandle | None = None
        self._warned = 0.0
        self.color = False         # a terminal (a pty) and no NO_COLOR: see pty_requested
        self.term = "xterm"
        self.wants_table = hub.table_screen   # 'screen line' / 'screen table' change it
        self.tui: "SeatScreen | None" = None

    # ------------------------------------------------------------------ asyncssh callbacks
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.pty = True
        self.term = term_type or "xterm"
        self.color = not os.environ.get("NO_COLOR") and self.term.lower() != "dumb"
        self._resize(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        """``ssh -t host join friday``: a lobby command, not a program; nothing else runs."""
        words = command.split()
        if not words or words[0].lower() not in EXEC_VERBS or len(command) > 100:
            return False
        self.first = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False          # no SFTP, no other subsystem

    def break_received(self, msec: int) -> bool:
        return False

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._resize(width, height)
        if self.table is None or self.closed or self._resize_due is not None:
            return
        # a burst of window changes (a drag, or a flood) is one redraw, so it costs the
        # table's lock and the workers a few frames a second at most
        self._resize_due = asyncio.get_running_loop().call_later(RESIZE_SETTLE, self._resized)

    def _resized(self) -> None:
        self._resize_due = None
        if self.table is None or self.closed:
            return
        if self._table_screen():
            if self.tui is None or not self.tui.active:
                self.hub.spawn(self._use_screen())
            else:
                self.tui.resized()
                self.hub.spawn(self.table.redraw(self, self.seat))    # the panes are laid out anew
        elif self.tui is not None and self.tui.active:
            self.hub.spawn(self._use_screen())          # too small now: the line screen

    def _resize(self, width: int, height: int) -> None:
        self.width = min(max(width or 100, 40), 400)
        self.height = min(max(height or 40, 10), 200)

    def session_started(self) -> None:
        if self.problem:
            self._write(f"catan: {self.problem}\r\n")
            self.chan.exit(1)
            self.closed = True
            return
        self.hub.clients.add(self)
        self._worker = self.hub.spawn(self._work())
        self._arm_idle()

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.closed:
            return
        keys = self.keys.feed(data)      # bounded here, whichever screen takes them
        if self.tui is not None and self.tui.active:
            try:
                if keys:
                    self.tui.send(keys)
            except Exception as exc:  # noqa: BLE001 - a key the screen cannot take costs that key
                self.hub.log(f"{self.name}: input the table screen refused: {exc.__class__.__name__}: {exc}")
            return
        fed = self.editor.feed(keys.encode())
        if fed.too_long:
            self.push(f"✗ line refused: longer than {self.hub.limits.max_line} characters\n")
        for line in fed.lines:           # each took a token of the line allowance in the filter
            self.enqueue(line)
        if fed.eof:
            if self.queue.full():
                self.close("bye")
            else:
                self.queue.put_nowait("\x04")
        elif fed.redraw and self.pty:
            self._write(self._prompt_line())
        if self.table is None:
            self._arm_idle()

    def enqueue(self, line: str) -> None:
        if self.queue.full():
            self._too_fast()
        else:
            self.queue.put_nowait(line)

    def _too_fast(self) -> None:
        now = time.monotonic()
        if now - self._warned > 1:
            self._warned = now
            self.push("✗ too fast: some lines were dropped\n")

    def eof_received(self) -> bool:
        self.close("")
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._gone(dropped=exc is not None or not self._left)
        # one session a connection: when it ends, so does the connection (and its count)
        try:
            self.chan.get_connection().close()
        except (asyncssh.Error, OSError, AttributeError):
            pass

    # ------------------------------------------------------------------ output
    def _write(self, text: str) -> None:
        if self.closed or self.chan is None:
            return
        try:
            if self.chan.get_write_buffer_size() > self.hub.limits.max_output:
                self.close("", "output not read")   # a client that never reads costs nothing more
                return
            self.chan.write(text.encode("utf-8", "replace"))
        except (asyncssh.Error, OSError, AttributeError):
            self._gone(dropped=True)

    def push(self, text: str) -> None:
        """Write ``text`` above the prompt; the prompt and the typed line come back below
        (on the table screen: into the event pane)."""
        if self.tui is not None and self.tui.active:
            self.tui.add_text(text)
            return
        body = text.replace("\r\n", "\n").replace("\n", "\r\n")
        if not self.color:        # no terminal (a script, a pipe) or NO_COLOR: the tables' styling goes
            body = ESCAPE_CODES.sub("", body)
        self._write((CLEAR_LINE if self.pty else "") + body + self._prompt_line(clear=False))

    def refresh_prompt(self) -> None:
        if self.tui is not None and self.tui.active:
            self.tui.invalidate()
            return
        self._write(self._prompt_line())

    def moved_away(self, message: str) -> None:
        self.table, self.seat = None, None

        async def away() -> None:
            await self._line_screen()
            self.push(message + "\n")
        self.hub.spawn(away())

    # ------------------------------------------------------------------ the two screens
    def draw(self, game: Any, seat: str | None, lines: list[tuple[str, str]],
             maps: dict[tuple[int, bool], str]) -> "str | tuple[Frame, list[tuple[str, str]]]":
        """This connection's screen after a move (called by the table, under its lock, in a
        worker thread): the table screen's frame, or the line screen's text."""
        tui = self.tui
        if tui is not None and tui.active:
            return tui.frame(game, seat), lines
        from . import screen

        return screen.frame(game, seat, lines, self.width, self.height, maps=maps)

    def show_drawn(self, drawn: "str | tuple[Frame, list[tuple[str, str]]]") -> None:
        if isinstance(drawn, str):
            self.push(drawn)
        elif self.tui is not None and self.tui.active:
            self.tui.show(*drawn)
        elif self.table is not None:      # the screen changed meanwhile: draw again
            self.hub.spawn(self.table.redraw(self, self.seat))

    def _table_screen(self) -> bool:
        from .tui import fits

        return (self.wants_table and self.pty and self.seat is not None and self.table is not None
                and fits(self.width, self.height) and self.term.lower() != "dumb")

    async def _use_screen(self) -> None:
        """The screen this connection should have now, then a fresh drawing of the table."""
        if self._table_screen():
            if self.tui is None or not self.tui.active:
                from .tui import SeatScreen

                if self.tui is not None:
                    await self.tui.stopped()
                self.tui = SeatScreen(self)
                self.tui.start()
        else:
            await self._line_screen()
        if self.table is not None and not self.closed:
            await self.table.redraw(self, self.seat)

    async def _line_screen(self) -> None:
        if self.tui is not None:
            tui, self.tui = self.tui, None
            await tui.stopped()

    def prompt(self) -> str:
        if self.table is None:
            return f"{self.name} · lobby > "
        return self.table.prompt_for(self.seat) + " > "

    def _prompt_line(self, clear: bool = True) -> str:
        if not self.pty:
            return ""
        text = self.prompt()
        mine = self.table is not None and self.seat in self.table.to_act
        shown = self.editor.shown(self.width, len(text))
        if self.color and mine:
            text = f"\x1b[1;7m{text}\x1b[0m"
        elif self.color:
            text = f"\x1b[1m{text}\x1b[0m"
        return (CLEAR_LINE if clear else "") + text + shown

    # ------------------------------------------------------------------ lines
    async def _work(self) -> None:
        self.push(f"Welcome, {self.name}. Type 'help' for the commands.\n")
        if self.first:
            await self._line(self.first)
        else:
            await self._rejoin()
        while not self.closed:
            line = await self.queue.get()
            if line == "\x04":
                if self.table is not None:
                    await self._leave()
                    continue
                self.close("bye")
                break
            await self._line(line)

    async def _rejoin(self) -> None:
        """A returning player sits down again at every seat of theirs nobody else is using:
        this connection shows the one that waits for them (else the first), and holds the
        others, telling them when they are asked to act there."""
        away = [(t, s) for t, s in self.hub.seats_of(self.name) if s not in t.attached]
        if not away:
            self.push(self.hub.tables_text(self.name))
            return
        shown = next(((t, s) for t, s in away if s in t.to_act), away[0])
        for table, seat in away:
            if (table, seat) != shown:
                table.join(self, seat, shown=False)
                self.push(f"you hold {seat} at {table.name} too ('leave', then 'join {table.name}' plays there)\n")
        await self.sit(*shown)

    async def _line(self, raw: str) -> None:
        line = raw.strip()
        if not line:
            if self.table is not None:
                self.refresh_prompt()
            return
        try:
            if self.table is None:
                await self.hub.lobby(self, line)
            else:
                await self._at_table(self.table, line)
        except CatanError as exc:
            self.push(f"✗ {clean(str(exc), 300)}\n")
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - a bug must cost one line, not the connection
            self.hub.log(f"internal error on '{clean(line, 80)}' from {self.name}: {exc.__class__.__name__}: {exc}")
            self.push("✗ internal error: the command was not completed (the server log says more)\n")

    async def _at_table(self, table: "Table", line: str) -> None:
        from . import screen

        word, _, rest = line.partition(" ")
        verb = word.lower()
        rest = rest.strip()
        seat = self.seat
        if verb == "say":
            await table.say(self, seat, rest)
        elif verb in ("leave", "quit", "exit"):
            await self._leave()
        elif verb == "start":
            await table.start(self)
        elif verb == "help" and not rest:
            from .hub import wrap_help

            self.push(wrap_help(TABLE_HELP, self.width) + "\n")
        elif verb == "screen":
            await self.choose_screen(rest)
        elif verb in ("look", "redraw", "board"):
            await table.redraw(self, seat)
        elif verb == "tables":
            self.push(self.hub.tables_text(self.name))
        elif verb in ("save", "load", "saves"):
            self.push(f"the table is saved after every command as {table.session.save_name}; "
                      "'leave', then 'load TABLE' in the lobby reopens a closed table\n")
        elif verb == "who":
            self.push(self.hub.who_text())
        elif verb == "map" and self.tui is not None and self.tui.active:
            words = rest.lower().split()          # the map pane moves; nothing is printed
            for w in words:
                if w in ("full", "compact", "auto"):
                    self.tui.map.layout = w
            self.tui.region = next((w for w in words if w not in ("full", "compact", "auto")), None)
            await table.redraw(self, seat)
        elif verb == "map":
            words = rest.lower().split()
            compact = True if "compact" in words else False if "full" in words else None
            region = next((w for w in words if w not in ("compact", "full")), None)

            def draw_map(con: Any) -> None:
                from ..render import render_board

                try:
                    con.print(render_board(table.game.board_json(), table.game.view(seat), region=region,
                                           compact=screen.FULL_MAP_HEIGHT > con.size.height if compact is None
                                           else compact, width=con.width))
                except (KeyError, ValueError) as exc:
                    con.print(f"✗ {clean(str(exc), 100)}", markup=False)
            await table.show(self, seat, draw_map)
        elif verb in ("hand", "score", "hands", "status"):
            def draw_table(con: Any) -> None:
                from .. import render

                view = table.game.view(seat)
                if verb == "hand":
                    if seat is None:
                        con.print("watchers hold no cards", markup=False)
                    else:
                        con.print(render.hand_table(view, seat))
                else:
                    con.print(getattr(render, f"{verb}_table")(view))
            await table.show(self, seat, draw_table)
        elif verb == "log":
            limit = int(rest) if rest.isdigit() else 20

            def draw_log(con: Any) -> None:
                from rich.text import Text

                for text, style in table.log_lines(seat, min(limit, 200)):
                    con.print(Text(text, style=style))
            await table.show(self, seat, draw_log)
        elif verb == "legal":
            def draw_legal(con: Any) -> None:
                mine = [c for c in table.game.legal_commands()
                        if c.startswith(f"{seat}: ") or (":" not in c.split()[0] and table.game.prompt_player() == seat)]
                shown = ", ".join(c.removeprefix(f"{seat}: ") for c in mine[:120]) or "nothing now"
                con.print(f"legal now: {shown}", markup=False, soft_wrap=True)   # one line, the terminal wraps
            await table.show(self, seat, draw_legal)
        elif verb == "hint":
            if seat is None:
                raise CatanError("watchers play no moves: 'hint' answers a seated player's own decision")
            if not table.session.hints:
                raise CatanError("hints are off at this table (it was opened with --no-hints)")
            async with table.lock:          # a copy to think on: the table plays on meanwhile
                session, game = table.session, table.game.copy()
            asker = seat
            answer = await self.hub.run(lambda: session.hint(asker, game).lines())
            self.push("".join(clean(text, 300) + "\n" for text in answer))   # to the asking seat only
        elif verb == "why":
            if seat is None:
                raise CatanError("watchers play no moves")
            def draw_why(con: Any) -> None:
                verdict = table.game.check(f"{seat}: {rest}")
                con.print(("✓ " if verdict.ok else "✗ ") + clean(verdict.reason, 300), markup=False)
            await table.show(self, seat, draw_why)
        elif seat is None:
            raise CatanError("you are watching: 'leave', then 'join' a table to play")
        else:
            await table.command(self, seat, line)

    async def choose_screen(self, rest: str) -> None:
        """'screen line' / 'screen table': this connection's choice, in the lobby or at a table."""
        from .tui import MIN_HEIGHT, MIN_WIDTH

        word = rest.strip().lower()
        if word not in ("line", "table"):
            raise CatanError("screen line  or  screen table")
        self.wants_table = word == "table"
        if word == "table" and not self.pty:
            self.push("the table screen needs a terminal: connect with 'ssh -t'\n")
        elif word == "table" and not (self.width >= MIN_WIDTH and self.height >= MIN_HEIGHT):
            self.push(f"the table screen needs at least {MIN_WIDTH}x{MIN_HEIGHT}; "
                      f"this terminal is {self.width}x{self.height}\n")
        elif self.table is None or self.seat is None:
            self.push(f"you will get the {word} screen at your table\n")
        if self.table is not None:
            await self._use_screen()

    # ------------------------------------------------------------------ seats
    async def sit(self, table: "Table", wanted: str | None) -> None:
        if self.table is not None and self.table is not table:
            self.table.detach(self)
        self.seat = table.join(self, wanted)
        self.table = table
        self._disarm_idle()
        self.push(f"you sit at {table.name} as {self.seat}\n")
        if self._table_screen():
            await self._use_screen()      # it draws the table
            return
        await table.redraw(self, self.seat)

    async def look_on(self, table: "Table") -> None:
        if self.table is not None:
            self.table.detach(self)
        self.table, self.seat = table, None
        await self._line_screen()
        table.watch(self)
        self._disarm_idle()
        await table.redraw(self, None)

    async def _leave(self) -> None:
        table = self.table
        self.table, self.seat = None, None
        if table is not None:
            table.detach(self)
        await self._line_screen()
        self.push("back in the lobby ('tables', 'join TABLE', 'quit')\n")
        self._arm_idle()

    # ------------------------------------------------------------------ idle, closing
    def _arm_idle(self) -> None:
        self._disarm_idle()
        if not self.closed:
            self._idle = asyncio.get_running_loop().call_later(self.hub.limits.idle_timeout, self._idle_out)

    def _disarm_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def _idle_out(self) -> None:
        if self.table is None:
            self.close(f"closed after {int(self.hub.limits.idle_timeout)} s idle in the lobby")

    def close(self, message: str, why: str = "") -> None:
        if self.closed:
            return
        if self.tui is not None and self.tui.active:
            self._write("\x1b[?1049l\x1b[?25h")    # the terminal leaves the full screen with us ...
            if message:                             # ... and the last word is on the screen it returns to
                self._write(message.replace("\n", "\r\n") + "\r\n")
        elif message:
            self.push(message + "\n")
        if why:
            self.hub.log(f"{self.name}: {why}")
        chan = self.chan
        self._left = True
        self._gone(dropped=False)
        try:
            chan.exit(0)
        except (asyncssh.Error, OSError, AttributeError):
            pass

    def _gone(self, dropped: bool) -> None:
        """Forget this connection everywhere (once): seats stay their player's."""
        if self.closed:
            return
        self.closed = True
        self._disarm_idle()
        if self._resize_due is not None:
            self._resize_due.cancel()
        if self.tui is not None:
            self.tui.stop()
            self.tui = None
        self.hub.detach_everywhere(self, dropped)      # its seats at every table, shown or held
        self.table = None
        self.hub.clients.discard(self)
        if self._worker is not None and self._worker is not asyncio.current_task():
            self._worker.cancel()
