"""The server's one shared place: the open tables, the worker pool, the lobby's commands."""

from __future__ import annotations

import asyncio
import re
import shlex
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Coroutine, TypeVar

from .. import saves
from ..errors import CatanError, SaveError
from . import store
from .limits import Limits
from .seal import SEED_BITS, Seal
from .table import Table, check_table_name
from .text import clean

if TYPE_CHECKING:
    from .conn import Client

T = TypeVar("T")
SEAT_RE = re.compile(r"[a-z]{1,12}")

LOBBY_COMMANDS = [
    ("tables", "the tables, their seats and who holds them"),
    ("new table [NAME] [--scenario S] [--seats red,blue,white:bot] [--no-hints]",
     "open a table (you sit at its first free seat); its seed stays secret until the game ends "
     "(--seed N: at a table of bots only; --no-hints: 'hint' is refused at it)"),
    ("join TABLE [SEAT]", "sit down (again) at a table"),
    ("watch TABLE", "look on (you see no hand)"),
    ("load TABLE", "reopen a closed table you played at"),
    ("who", "who is connected"),
    ("screen line|table", "the line screen, or the full-screen table (80x24 or more)"),
    ("quit", "leave (your seats stay yours)"),
]
AT_A_TABLE = ("at a table: game commands ('help' lists them), say TEXT, start (seated players only), leave, "
              "map, hand, score, log, legal, hint")
HELP_COLUMN = 34          # where the descriptions start, when the terminal has room


def wrap_lines(text: str, width: int, first: str = "", rest: str = "  ") -> list[str]:
    """``text`` in lines shorter than ``width``, broken between words only."""
    import textwrap

    return textwrap.wrap(text, max(width - 1, 20), initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False) or [first.rstrip()]


def wrap_help(text: str, width: int) -> str:
    """A help text of indented lines for a terminal ``width`` wide: a line too long goes on
    below itself, indented two more, broken between words only (the terminal would cut words)."""
    out: list[str] = []
    for line in text.splitlines():
        lead = " " * (len(line) - len(line.lstrip()))
        out += [line] if len(line) < width else wrap_lines(line.strip(), width, lead, lead + "  ")
    return "\n".join(out)


def lobby_help(width: int = 80) -> str:
    """The lobby's commands for a terminal ``width`` wide: two columns while the descriptions
    have room, else each description below its command."""
    lines = ["lobby commands:"]
    column = HELP_COLUMN if width - HELP_COLUMN >= 30 else None
    for command, description in LOBBY_COMMANDS:
        if column is not None and len(command) + 4 <= column:
            body = wrap_lines(description, width, " " * column, " " * column)
            lines.append(f"  {command:{column - 2}}{body[0][column:]}")
            lines += body[1:]
            continue
        lines += wrap_lines(command, width, "  ", "    ")
        indent = " " * (column if column is not None else 6)
        lines += wrap_lines(description, width, indent, indent)
    lines += wrap_lines(AT_A_TABLE, width, "", "  ")
    return "\n".join(lines)


LOBBY_HELP = lobby_help(80)


@dataclass
class Defaults:
    """What 'new table' starts from when an option is left out."""

    scenario: str = "base"
    seats: str = "red,blue,white"
    seed: int | None = None
    options: list[str] = field(default_factory=list)


class Hub:
    def __init__(self, saves_folder: str | None = None, limits: Limits | None = None, pace: float = 0.4,
                 defaults: Defaults | None = None, workers: int = 2,
                 log: Callable[[str], None] | None = None, table_screen: bool = True) -> None:
        self.saves_folder = saves_folder
        self.table_screen = table_screen     # seated terminals of 80x24 or more get the full screen
        self.limits = limits or Limits()
        self.pace = pace
        self.defaults = defaults or Defaults()
        # Bounded pools of their own: the engine and the drawing run here, never in the loop;
        # the autosaves (which wait on the disk) apart, so a slow disk never delays a screen.
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="catan-table")
        self.disk = ThreadPoolExecutor(max_workers=2, thread_name_prefix="catan-save")
        self.tables: dict[str, Table] = {}
        self.clients: set["Client"] = set()
        self.tasks: set[asyncio.Task[Any]] = set()
        self._log = log or (lambda message: print(f"catan serve: {message}", file=sys.stderr, flush=True))
        self._seed_counter = 0

    # ------------------------------------------------------------------ plumbing
    def log(self, message: str) -> None:
        self._log(message)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.disk, fn, *args)

    def spawn(self, coro: Coroutine[Any, Any, None]) -> "asyncio.Task[None]":
        """A task the hub keeps until it ends; its failure is logged, never lost."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: "asyncio.Task[Any]") -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            self.log(f"internal error: {exc.__class__.__name__}: {exc}")

    def tell_everyone(self, why: str) -> None:
        """The server is stopping: every connection gets one line saying why, then is closed."""
        for client in list(self.clients):
            client.close(f"catan serve is stopping: {why}. Your seats and tables are saved; "
                         "connect again when it is back.")

    def shutdown(self) -> None:
        tables = list(self.tables.values())
        for table in tables:
            table.close()
        for task in list(self.tasks):
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.disk.shutdown(wait=True)   # a save being written is finished, not cut (every shown move is saved)

    def detach_everywhere(self, viewer: Any, dropped: bool) -> None:
        """A connection is gone: it leaves every table it sat or looked on at."""
        for table in list(self.tables.values()):
            table.detach(viewer, dropped=dropped)

    # ------------------------------------------------------------------ tables
    async def restore(self) -> list[str]:
        """Reopen the tables saved in the folder whose game is not over; one line each."""
        notes = []
        for name in store.stored_tables(self.saves_folder):
            try:
                stored = await self.run(store.load, self.saves_folder, name)
            except CatanError as exc:
                notes.append(f"table {name} not reopened: {exc}")
                continue
            if stored.session.game.over:
                continue
            self.open_table(stored)
            notes.append(f"table {name} reopened ({len(stored.session.game.history)} commands)")
        return notes

    def open_table(self, stored: store.StoredTable) -> Table:
        table = Table(self, stored.name, stored.session, stored.owners, stored.creator, stored.started,
                      stored.seal)
        self.tables[stored.name] = table
        if table.started:
            table.ensure_driver()
        return table

    def close_table(self, table: Table) -> None:
        table.close()
        if self.tables.get(table.name) is table:
            del self.tables[table.name]

    def seats_of(self, player: str) -> list[tuple[Table, str]]:
        out = []
        for table in self.tables.values():
            seat = table.seat_of(player)
            if seat is not None:
                out.append((table, seat))
        return out

    def table(self, name: str) -> Table:
        table = self.tables.get(name.lower())
        if table is None:
            raise CatanError(f"no table '{clean(name, 24)}' ('tables' lists them)")
        return table

    # ------------------------------------------------------------------ lobby
    async def lobby(self, client: "Client", line: str) -> None:
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        if not words:
            return
        verb, args = words[0].lower(), words[1:]
        if verb == "help":
            client.push(lobby_help(client.width) + "\n")
        elif verb == "tables":
            client.push(self.tables_text(client.name))
        elif verb == "who":
            client.push(self.who_text())
        elif verb == "new":
            await self.new_table(client, args)
        elif verb == "join":
            if not args or len(args) > 2:
                raise CatanError("join TABLE [SEAT]")
            await client.sit(self.table(args[0]), args[1].lower() if len(args) > 1 else None)
        elif verb == "watch":
            if len(args) != 1:
                raise CatanError("watch TABLE")
            await client.look_on(self.table(args[0]))
        elif verb == "load":
            if len(args) != 1:
                raise CatanError("load TABLE")
            await self.load_table(client, args[0].lower())
        elif verb == "screen":
            await client.choose_screen(" ".join(args))
        elif verb in ("quit", "exit", "leave", "bye"):
            client.close("bye")
        else:
            raise CatanError(f"unknown lobby command '{clean(verb, 24)}': 'help' lists them")

    def who_text(self) -> str:
        return "connected: " + ", ".join(sorted({c.name for c in self.clients})) + "\n"

    def tables_text(self, player: str) -> str:
        if not self.tables:
            return "no tables yet: 'new table' opens one\n"
        lines = [table.summary() for table in self.tables.values()]
        mine = [f"you hold {seat} at {table.name}" for table, seat in self.seats_of(player)]
        return "\n".join(lines + mine) + "\n"

    async def new_table(self, client: "Client", args: list[str]) -> None:
        from ..script import Header, parse_seats
        from ..session import Session, make_bot

        if not args or args[0].lower() != "table":
            raise CatanError("new table [NAME] [--scenario S] [--seats red,blue,white:bot] [--seed N (bots only)] "
                             "[--no-hints]")
        args = args[1:]
        name = None
        if args and not args[0].startswith("--"):
            name = check_table_name(args.pop(0).lower())
        options = {"--scenario": self.defaults.scenario, "--seats": self.defaults.seats, "--seed": None}
        hints = not any(a.lower() == "--no-hints" for a in args)     # a flag: it takes no value
        args = [a for a in args if a.lower() != "--no-hints"]
        while args:
            key = args.pop(0).lower()
            if key not in options or not args:
                raise CatanError(f"new table: unknown option or missing value '{clean(key, 20)}'")
            options[key] = args.pop(0)
        stored = set(store.stored_tables(self.saves_folder))
        if name is None:
            name = next(n for n in (client.name, *(f"{client.name}-{i}" for i in range(2, 1000)))
                        if n not in self.tables and n not in stored)
        if name in self.tables:
            raise CatanError(f"there is a table {name} already: 'join {name}' or 'watch {name}'")
        if name in stored:
            # never written over: it may be someone else's game
            raise CatanError(f"a saved table is named {name}; choose another name")
        seats = parse_seats(clean(options["--seats"] or "", 120))
        if len(seats) > 6 or len({s.name for s in seats}) != len(seats):
            raise CatanError("seats: at most 6, each named once")
        for seat in seats:
            if not SEAT_RE.fullmatch(seat.name):
                raise CatanError(f"seat '{clean(seat.name, 20)}': seat names are words, like red or blue")
        seal = Seal.new(self._seed(options["--seed"], any(seat.bot is None for seat in seats)))
        header = Header(clean(options["--scenario"] or "", 40).lower(), seats, seal.seed, False,
                        list(self.defaults.options))
        session_name = store.save_name(name)
        table_name = name

        def build() -> Session:
            for seat in seats:
                if seat.bot is not None:
                    make_bot(seat.bot, 0)     # an unknown kind is refused now, not mid-game
            session = Session.new(header, save_name=session_name, saves_folder=self.saves_folder, autosave=False,
                                  hints=hints)
            path = saves.save_path(session_name, self.saves_folder)
            if path.exists():
                raise SaveError(f"a save named {session_name} exists; choose another table name")
            try:        # the seal first: a sealed save is never on disk without it
                store.write_seal(self.saves_folder, table_name, seal)
                saves.write_atomic(path, seal.sealed(saves.save_text(session.game, header)), replace=False)
            except FileExistsError:
                raise SaveError(f"a save named {session_name} exists; choose another table name") from None
            except OSError as exc:
                raise SaveError(f"cannot save table {table_name}: {exc.strerror or exc}") from None
            return session

        session = await self.run(build)
        table = self.open_table(store.StoredTable(name, session, {}, client.name, False, seal))
        table.persist()
        client.push(f"table {name} is open: {header.scenario}, seats {', '.join(s.spec() for s in seats)}"
                    f"{'' if hints else ', no hints'}\n"
                    f"{name}: {seal.announce()}\n")
        if table.human_seats():
            await client.sit(table, None)
        else:
            await client.look_on(table)
            await table.start(None)

    def _seed(self, chosen: str | None, humans: bool) -> int | None:
        """A new table's seed: chosen with --seed only at a table of bots (a player who knew
        the seed would know every die and card to come); the host's ``catan serve --seed``
        (for tests and demonstrations) counts up; else None, a secret one (:mod:`.seal`)."""
        if chosen is not None:
            if humans:
                raise CatanError("--seed is refused at a table with human seats: its seed is secret until the "
                                 "game ends (a player who knew it would know every die and card to come)")
            try:
                seed = int(chosen)
            except ValueError:
                raise CatanError("--seed is a whole number") from None
            if not 0 <= seed < 1 << SEED_BITS:
                raise CatanError(f"--seed is a whole number from 0 to 2**{SEED_BITS} - 1")
            return seed
        if self.defaults.seed is not None:
            self._seed_counter += 1
            return self.defaults.seed + self._seed_counter - 1
        return None

    async def load_table(self, client: "Client", name: str) -> None:
        check_table_name(name)
        if name in self.tables:
            raise CatanError(f"table {name} is open: 'join {name}'")
        if not store.owns(self.saves_folder, name, client.name):
            # the same answer whether or not the save exists: nothing to learn about others' games
            raise CatanError(f"you have no saved table {name}")
        stored = await self.run(store.load, self.saves_folder, name)
        table = self.open_table(stored)
        client.push(f"table {name} reopened: {len(stored.session.game.history)} commands replayed\n")
        await client.sit(table, None)
