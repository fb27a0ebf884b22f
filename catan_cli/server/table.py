"""A table: one game, its seats (each held by one connection or a bot) and its watchers.

Everything that touches the game runs under the table's lock in the hub's bounded worker
pool, so the event loop never waits on the engine and two commands never interleave.  Each
accepted command is first saved (atomically, fsynced: :func:`..saves.write_atomic`) and only
then does every connection at the table get its own redrawn screen, pushed from the event
loop: the narration as its seat may see it, the map, its hand, its prompt.  So a move anyone
has seen survives the server being killed the moment after.  Bots play through one task per
table that sleeps (asyncio) between moves, holding no thread.

The seed stays secret while the game runs (:mod:`.seal`): the save holds a hash of it, and
it is revealed, in the save and to everyone at the table, when the game ends.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from .. import saves
from ..helptext import setup_prompt
from ..engine.phases import Phase
from ..errors import CatanError, RuleError
from . import screen
from .seal import Seal
from .text import clean

if TYPE_CHECKING:
    from pathlib import Path

    from ..engine.actions import Event
    from ..game import Game
    from ..script import Header
    from ..session import Bot, Session
    from .hub import Hub

TABLE_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,23}")
PREFIX_RE = re.compile(r"\s*([A-Za-z0-9_-]+)\s*:")
SAVE_PREFIX = "table-"


def check_table_name(name: str) -> str:
    if not TABLE_RE.fullmatch(name):
        raise CatanError(f"'{clean(name, 40)}' is not a table name: lowercase letters, digits, '-' and '_', "
                         "at most 24")
    return name


class Viewer(Protocol):
    """A connection as a table sees it."""

    name: str
    width: int
    height: int

    table: Any      # the table this connection is showing (one held in the background: another)

    def push(self, text: str) -> None: ...
    def refresh_prompt(self) -> None: ...
    def moved_away(self, message: str) -> None: ...
    def draw(self, game: "Game", seat: str | None, lines: list[tuple[str, str]],
             maps: dict[tuple[int, bool], str]) -> Any: ...
    def show_drawn(self, drawn: Any) -> None: ...


@dataclass
class Turn:
    """One accepted command, kept for 'log': who played it and its events (unfiltered;
    they are shown through ``seen_by``)."""

    seat: str
    body: str
    events: "list[Event]"


class Table:
    def __init__(self, hub: "Hub", name: str, session: "Session", owners: dict[str, str], creator: str,
                 started: bool, seal: Seal | None = None) -> None:
        self.hub, self.name, self.session = hub, name, session
        self.seal = seal                  # the secret seed; None for a table saved before seeds were sealed
        self.owners = owners              # seat -> the player who holds it, for good
        self.creator = creator
        self.started = started
        self.attached: dict[str, Viewer] = {}
        self.watchers: list[Viewer] = []
        self.lock = asyncio.Lock()
        self.turns: list[Turn] = []
        self.stand_ins: dict[str, "Bot"] = {}      # bots playing dropped seats
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self.status: dict[str | None, str] = {}
        self.to_act: set[str] = set()
        self.closed = False
        self._bots = {s.name: s.bot for s in session.header.seats if s.bot is not None}
        self._bot_players: dict[str, "Bot"] = {}
        self._arriving: Viewer | None = None     # the connection sitting down to show this table
        self._update_status()
        self._shown = self._state_word()    # what 'tables' says: only what the players have seen

    # ------------------------------------------------------------------ questions
    @property
    def game(self) -> "Game":
        return self.session.game

    @property
    def seats(self) -> list[str]:
        return self.session.header.players

    def human_seats(self) -> list[str]:
        return [s for s in self.seats if s not in self._bots]

    def free_seats(self) -> list[str]:
        return [s for s in self.human_seats() if s not in self.owners]

    def seat_of(self, player: str) -> str | None:
        return next((s for s, p in self.owners.items() if p == player), None)

    def is_bot(self, seat: str) -> bool:
        return seat in self._bots or seat in self.stand_ins

    def viewers(self) -> list[tuple[Viewer, str | None]]:
        """The connections showing this table, with their seats (None: watching)."""
        return ([(v, s) for s, v in self.attached.items() if v.table is self or v is self._arriving]
                + [(v, None) for v in self.watchers])

    def held_elsewhere(self) -> list[tuple[Viewer, str]]:
        """Seats whose player is connected but showing another table (rejoined to several)."""
        return [(v, s) for s, v in self.attached.items() if v.table is not self]

    def _state_word(self) -> str:
        return ("game over" if self.game.over else f"turn {self.game.state.turn}") if self.started else "waiting"

    def summary(self) -> str:
        seats = []
        for seat in self.seats:
            if seat in self._bots:
                seats.append(f"{seat}:bot")
            elif seat in self.owners:
                here = "" if seat in self.attached else " (away)"
                seats.append(f"{seat}:{self.owners[seat]}{here}")
            else:
                seats.append(f"{seat}:free")
        state = self._shown
        watching = f", {len(self.watchers)} watching" if self.watchers else ""
        return f"{self.name:12} {self.session.header.scenario:16} {state:10} {' '.join(seats)}{watching}"

    def prompt_for(self, seat: str | None) -> str:
        return self.status.get(seat) or self.status.get(None, "")

    # ------------------------------------------------------------------ seats
    def join(self, viewer: Viewer, wanted: str | None, shown: bool = True) -> str:
        """Seat ``viewer`` at its own seat, or at ``wanted`` (or the first free one).  A seat
        held by another player is never given; the holder's newer connection replaces the old.
        ``shown=False``: the connection holds the seat while it shows another table."""
        mine = self.seat_of(viewer.name)
        if wanted is not None and wanted not in self.seats:
            raise CatanError(f"table {self.name} has no seat '{clean(wanted, 20)}' (seats: {', '.join(self.seats)})")
        if mine is not None:
            if wanted is not None and wanted != mine:
                raise CatanError(f"you hold {mine} at {self.name}; one seat a player")
            seat = mine
        else:
            free = self.free_seats()
            if wanted is not None:
                if wanted in self._bots:
                    raise CatanError(f"{wanted} is a bot's seat")
                if wanted in self.owners:
                    raise CatanError(f"{wanted} at {self.name} is {self.owners[wanted]}'s seat")
                if self.started and wanted not in free:
                    raise CatanError(f"{wanted} is not free")
                seat = wanted
            elif free:
                seat = free[0]
            else:
                raise CatanError(f"table {self.name} has no free seat; 'watch {self.name}' to look on")
            self.owners[seat] = viewer.name
            self.persist()
        old = self.attached.get(seat)
        if old is not None and old is not viewer:
            message = f"your seat {seat} at {self.name} was taken up by your newer connection"
            if old.table is self:
                old.moved_away(message)
            else:                       # held in the background: the old connection's screen stays
                old.push(message + "\n")
        self.attached[seat] = viewer
        if shown:
            self._arriving = viewer
        try:
            self._arrive(viewer, seat)
        finally:
            self._arriving = None
        return seat

    def _arrive(self, viewer: Viewer, seat: str) -> None:
        self._returned(seat)
        if not self.started:
            self._update_status()       # 'waiting for ...' names one seat fewer
            self._shown = self._state_word()
        self._notice(f"{viewer.name} sits down as {seat}")
        self._announce_seal(viewer)
        if not self.started and not self.free_seats():
            self.hub.spawn(self.start(None))

    def watch(self, viewer: Viewer) -> None:
        if viewer not in self.watchers:
            self.watchers.append(viewer)
        self._notice(f"{viewer.name} is watching")
        self._announce_seal(viewer)

    def _announce_seal(self, viewer: Viewer) -> None:
        if self.seal is not None and not self.game.over:
            viewer.push(f"{self.name}: {self.seal.announce()}\n")

    def detach(self, viewer: Viewer, dropped: bool = False) -> None:
        """``viewer`` goes (leaves or drops); a seat stays its player's, a bot may stand in."""
        if viewer in self.watchers:
            self.watchers.remove(viewer)
        for seat, held in list(self.attached.items()):
            if held is viewer:
                del self.attached[seat]
                self._notice(f"{viewer.name} ({seat}) {'dropped' if dropped else 'left the table'}")
                self._away(seat)
        if not self.attached and not self.watchers and self.game.over:
            self.hub.close_table(self)

    def _away(self, seat: str) -> None:
        delay = self.hub.limits.takeover
        if delay is None or self.closed:
            return
        loop = asyncio.get_running_loop()
        self._timers[seat] = loop.call_later(delay, self._stand_in, seat)

    def _stand_in(self, seat: str) -> None:
        from ..session import make_bot

        self._timers.pop(seat, None)
        if seat in self.attached or self.closed:
            return
        self.stand_ins[seat] = make_bot("greedy", self.session.header.seed + len(self.game.history))
        self._notice(f"a bot plays {seat} until {self.owners.get(seat, 'its player')} comes back")
        self._wake.set()

    def _returned(self, seat: str) -> None:
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if self.stand_ins.pop(seat, None) is not None:
            self._notice(f"{seat} is played by {self.owners.get(seat)} again")

    # ------------------------------------------------------------------ starting
    async def start(self, by: Viewer | None) -> None:
        """Start the game: every seat nobody holds becomes a bot.  ``by``: the connection
        that asked, which must be seated here (None: the table itself, when it is full)."""
        from ..script import Header, Seat
        from ..session import Session

        async with self.lock:
            if self.started:
                if by is not None:
                    by.push("the game has started already\n")
                return
            if by is not None and not any(held is by for held in self.attached.values()):
                by.push(f"✗ only the players seated at {self.name} may start it (its creator or anyone "
                        "who has sat down); watchers cannot\n")
                return
            header = self.session.header
            seats = [s if s.bot is not None or s.name in self.owners else Seat(s.name, "greedy")
                     for s in header.seats]
            new = Header(header.scenario, seats, header.seed, header.sandbox, list(header.options),
                         dict(header.carry))

            def build() -> "Session":
                session = Session.new(new, save_name=self.session.save_name, saves_folder=self.hub.saves_folder,
                                      autosave=False, hints=self.session.hints)
                try:   # the table owns its save name: the lobby's save gives way
                    saves.write_atomic(self.save_path(), self.save_text(session.game, new))
                except OSError as exc:
                    raise CatanError(f"the table cannot be saved: {exc.strerror or exc}") from None
                return session

            try:
                self.session = await self.hub.run(build)
            except CatanError as exc:
                if by is not None:
                    by.push(f"cannot start: {exc}\n")
                return
            self._bots = {s.name: s.bot for s in seats if s.bot is not None}
            self.started = True
            self.persist()
            self._shown = self._state_word()
            await self._broadcast([], None, f"the game at {self.name} begins")
        self._wake.set()
        self.ensure_driver()

    # ------------------------------------------------------------------ playing
    async def command(self, viewer: Viewer, seat: str, line: str) -> None:
        m = PREFIX_RE.match(line)
        if m:
            if m.group(1).lower() != seat:
                viewer.push(f"✗ you play {seat}, not {clean(m.group(1), 20)}\n")
                return
            line = line[m.end():]
        if not self.started:
            viewer.push(f"✗ the game has not started: waiting for {', '.join(self.free_seats())} "
                        "('start' fills them with bots)\n")
            return
        if seat in self.stand_ins:
            self._returned(seat)
        async with self.lock:
            try:
                turn, text = await self.hub.run(self._play, seat, line)
            except CatanError as exc:
                viewer.push(f"✗ {clean(str(exc), 300)}\n")
                return
            await self._acknowledge(turn, text)
        self._wake.set()

    def _play(self, seat: str, body: str) -> tuple[Turn, str]:
        """Play one command; the turn, and the save of the position it leads to."""
        played = self.session.play(f"{seat}: {body}")
        turn = Turn(played.seat, played.body, played.events)
        self.turns.append(turn)
        return turn, self.save_text(self.game, self.session.header)

    async def _acknowledge(self, turn: Turn, text: str) -> None:
        """Save the position after ``turn`` (``text``) and draw it, then show it: nobody
        sees a move not on disk."""
        note = f"the game is over; {self.seal.reveal()}" if self.game.over and self.seal is not None else ""
        await self._broadcast([turn], None, note, save=text)

    def _bot_to_move(self) -> str | None:
        game = self.game
        if not self.started or game.over:
            return None
        seat = game.prompt_player()
        from ..bots.offers import forced_decline   # an offer the seat cannot take: declined at once

        return seat if self.is_bot(seat) or forced_decline(game) is not None else None

    def ensure_driver(self) -> None:
        if self._driver is None or self._driver.done():
            self._driver = self.hub.spawn(self._drive())

    async def _drive(self) -> None:
        """Let bots move while the game waits for one; sleep in between, awake on a change."""
        while not self.closed:
            seat = self._bot_to_move()
            if seat is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            if self.hub.pace > 0:
                await asyncio.sleep(self.hub.pace)
            stuck = False
            async with self.lock:
                if self._bot_to_move() != seat:
                    continue
                try:
                    turn, text = await self.hub.run(self._bot_step, seat)
                except Exception as exc:  # noqa: BLE001 - a bot's bug stops that bot, not the table's task
                    problem = str(exc) if isinstance(exc, CatanError) else f"{exc.__class__.__name__}: {exc}"
                    self.hub.log(f"table {self.name}: {problem}")
                    await self._broadcast([], None, f"the bot for {seat} is stuck: {clean(problem, 200)}")
                    stuck = True
                else:
                    await self._acknowledge(turn, text)
            if stuck:              # tried again after the next change at the table, not in a loop
                self._wake.clear()
                await self._wake.wait()

    # ------------------------------------------------------------------ saving
    def save_text(self, game: "Game", header: "Header") -> str:
        """The save of ``game``: its seed sealed while the game runs, revealed at its end."""
        text = saves.save_text(game, header)
        if self.seal is None:
            return text
        return self.seal.revealed(text) if game.over else self.seal.sealed(text)

    async def _save(self, text: str) -> str | None:
        """Write the table's save (atomically, fsynced) in the hub's disk pool, under the
        table's lock: the next command waits for it.  A one-line problem when it failed."""
        try:
            await self.hub.write(saves.write_atomic, self.save_path(), text)
        except OSError as exc:
            problem = f"table {self.name} could not be saved: {exc.strerror or exc}"
            self.hub.log(problem)
            return problem
        return None

    def save_path(self) -> "Path":
        return saves.save_path(self.session.save_name, self.hub.saves_folder)

    def _bot_step(self, seat: str) -> tuple[Turn, str]:
        from ..bots.offers import forced_decline
        from ..session import make_bot

        forced = forced_decline(self.game)
        if forced is not None:
            return self._play(seat, forced.removeprefix(f"{seat}: "))
        bot = self.stand_ins.get(seat) or self._bot_players.get(seat)
        if bot is None:
            kind = self._bots[seat] or "greedy"
            bot = make_bot(kind, self.session.header.seed * 10 + self.seats.index(seat))
            self._bot_players[seat] = bot
        line = bot.choose(self.game, seat)
        try:
            return self._play(seat, line.removeprefix(f"{seat}: "))
        except CatanError as exc:
            raise CatanError(f"bot {seat} chose '{line}', which is refused: {exc}") from None

    # ------------------------------------------------------------------ talking
    async def say(self, viewer: Viewer, seat: str | None, text: str) -> None:
        text = clean(text, self.hub.limits.max_line).strip()
        if not text:
            viewer.push("say what?\n")
            return
        line, style = screen.say_line(self.game, viewer.name, seat, text)
        await self._broadcast_lines([(line, style)])

    # ------------------------------------------------------------------ screens
    def _notice(self, text: str) -> None:
        """A line for everyone here (no redraw); safe to call from the event loop."""
        for viewer, _ in self.viewers():
            viewer.push(text + "\n")

    async def _broadcast_lines(self, lines: Sequence[tuple[str, str]]) -> None:
        targets = self.viewers()

        text = screen.frame(self.game, None, lines, 80, 40, board=False)
        for viewer, _ in targets:
            viewer.push(text)

    async def _broadcast(self, turns: Sequence[Turn], only: Viewer | None, note: str = "",
                         save: str | None = None) -> None:
        """Every viewer's (or ``only``'s) redrawn screen after ``turns`` and ``note`` (lines);
        under the lock.  ``save``: the table's save after ``turns``, written (in the disk pool)
        while the screens are drawn, and before anything of them, the prompts included, is shown."""
        targets = [(v, s) for v, s in self.viewers() if only is None or v is only]
        game = self.game
        asked_before = set(self.to_act)

        def render() -> tuple[tuple[dict[str | None, str], set[str]], list[Any]]:
            status = self._status_now()
            maps: dict[tuple[int, bool], str] = {}
            out = []
            for viewer, seat in targets:
                index = game.players.index(seat) if seat is not None else None
                lines: list[tuple[str, str]] = []
                for turn in turns:
                    if turn.seat == seat:
                        lines.append((f"> {turn.body}", "bold"))
                    lines += [("  " + text, style) for text, style in screen.narration(game, turn.events, index)]
                if note:
                    lines += [(text, "bold") for text in note.split("\n")]
                out.append(viewer.draw(game, seat, lines, maps))
            return status, out

        problem = None
        if save is None:
            (self.status, self.to_act), texts = await self.hub.run(render)
        else:
            ((self.status, self.to_act), texts), problem = await asyncio.gather(self.hub.run(render),
                                                                                self._save(save))
        self._shown = self._state_word()
        for (viewer, _), text in zip(targets, texts):
            viewer.show_drawn(text)
            if problem is not None:
                viewer.push(f"✗ {problem}: the move stands, but is not on disk\n")
        if only is None:
            self._call_elsewhere(asked_before)

    def _call_elsewhere(self, asked_before: set[str]) -> None:
        """One line to a player who is here but showing another table, when newly asked to act."""
        for viewer, seat in self.held_elsewhere():
            if seat in self.to_act and seat not in asked_before:
                viewer.push(f"{self.status.get(seat, self.name)} ('leave', then 'join {self.name}' to play)\n")

    async def redraw(self, viewer: Viewer, seat: str | None) -> None:
        async with self.lock:
            await self._broadcast([], viewer)

    async def show(self, viewer: Viewer, seat: str | None, draw: Callable[[Any], None]) -> None:
        """Run ``draw(console)`` for one viewer (a 'map', 'log' ... command) off the loop."""
        async with self.lock:
            def render() -> str:
                con = screen.console(viewer.width, viewer.height)
                draw(con)
                return screen.text_of(con)

            viewer.push(await self.hub.run(render))

    def log_lines(self, seat: str | None, limit: int) -> list[tuple[str, str]]:
        index = self.game.players.index(seat) if seat is not None else None
        out: list[tuple[str, str]] = []
        for turn in self.turns:
            out.append((f"{turn.seat}: {turn.body}" if turn.seat == seat else f"{turn.seat} moved",
                        screen.player_style(self.game, turn.seat)))
            out += [("  " + t, s) for t, s in screen.narration(self.game, turn.events, index)]
        return out[-limit:]

    def _update_status(self) -> None:
        self.status, self.to_act = self._status_now()

    def _status_now(self) -> tuple[dict[str | None, str], set[str]]:
        """The prompt of each seat (and of watchers, under None): whose move, and what for;
        and the seats asked to act."""
        game = self.game
        if not self.started:
            waiting = ", ".join(self.free_seats()) or "nobody"
            return {None: f"{self.name} · waiting for {waiting}"}, set()
        if game.over:
            return {None: f"{self.name} · game over · {game.winner or 'nobody'} won"}, set()
        prompt = game.prompt_player()
        deciding = game.deciding()
        setup = setup_prompt(game)     # a set-up placement's own words, as the local prompt says
        if setup:
            deciding[prompt] = setup
        status: dict[str | None, str] = {None: f"{self.name} · {prompt} · {deciding[prompt]}"}
        current = game.view(None)["current"]
        for seat, what in deciding.items():
            # the turn's player moves; anyone else asked (a discard on a 7, an offer, a gold
            # pick, a scenario's question) answers, at once, at their own prompt
            whose = "your move" if seat == prompt and (seat == current or game.state.phase == Phase.SETUP) \
                else "you must answer"
            status[seat] = f"{self.name} · {seat}, {whose} · {what.removeprefix('must ')}"
        return status, set(deciding)

    # ------------------------------------------------------------------ files
    def sidecar(self) -> dict[str, Any]:
        return {"format": "catan-table/1", "table": self.name, "creator": self.creator,
                "owners": dict(self.owners), "started": self.started, "updated": time.time(),
                "hints": self.session.hints}

    def persist(self) -> None:
        """Who holds which seat, beside the game's save (which a restarted server replays)."""
        path = saves.saves_dir(self.hub.saves_folder) / f"{SAVE_PREFIX}{self.name}.json"
        try:
            saves.write_atomic(path, json.dumps(self.sidecar(), indent=1) + "\n")
        except OSError as exc:
            self.hub.log(f"table {self.name}: cannot write {path}: {exc.strerror or exc}")

    def close(self) -> None:
        self.closed = True
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self._wake.set()
        if self._driver is not None:
            self._driver.cancel()


def owners_from(data: Any, seats: Sequence[str]) -> dict[str, str]:
    """The seat holders of a sidecar, checked (a damaged one holds nobody)."""
    from .auth import NAME_RE

    owners = data.get("owners") if isinstance(data, dict) else None
    if not isinstance(owners, dict):
        raise RuleError("no owners")
    return {str(s): str(p) for s, p in owners.items()
            if str(s) in seats and isinstance(p, str) and NAME_RE.fullmatch(p)}
