"""A game being played, independent of the screen: the REPL, the pipe reader and the SSH
server all drive one of these.

A session holds the :class:`~catan_cli.game.Game`, its header (scenario, seats, seed ...),
the event log, the bots, and where it autosaves.  Every accepted command is autosaved; a
rejected one raises :class:`~catan_cli.errors.CatanError` and changes nothing.

A screen may defer the autosave of a command until it has drawn the answer
(``play(line, defer_save=True)``, then :meth:`Session.flush`): the player sees the board
without waiting for the disk, and the save is still written before the next command is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from . import saves
from .errors import CatanError, RuleError, SaveError
from .script import Header

if TYPE_CHECKING:
    from .engine.actions import Event
    from .game import Game


class Bot(Protocol):
    def choose(self, game: "Game", seat: str) -> str: ...


def make_bot(kind: str, seed: int, think_ms: int | None = None) -> Bot:
    """A bot from :mod:`catan_cli.bots`; CatanError when that package or kind is missing.
    ``think_ms``: the searching bot's budget per decision (None: its default)."""
    try:
        from .bots import make_bot as _make
    except ImportError:
        raise CatanError("bots are not available in this build (catan_cli.bots is missing)") from None
    try:
        return _make(kind, seed) if think_ms is None else _make(kind, seed, think_ms=think_ms)
    except CatanError:
        raise
    except (KeyError, ValueError) as exc:
        raise CatanError(f"unknown bot kind {kind!r}: {exc}") from None


def _bots_for(header: Header, think_ms: int | None = None) -> dict[str, Bot]:
    return {seat.name: make_bot(seat.bot, header.seed * 10 + i, think_ms)
            for i, seat in enumerate(header.seats) if seat.bot is not None}


@dataclass
class Played:
    """One accepted command: its canonical line, who played it and what happened."""

    line: str
    seat: str
    events: "list[Event]"

    @property
    def body(self) -> str:
        """The command without its 'seat: ' prefix."""
        return self.line.removeprefix(self.seat + ": ")


class Session:
    def __init__(self, game: "Game", header: Header, *, save_name: str = saves.AUTOSAVE,
                 saves_folder: str | Path | None = None, autosave: bool = True,
                 think_ms: int | None = None) -> None:
        self.game = game
        self.header = header
        self.save_name = save_name
        self.saves_folder = saves_folder
        self.autosave = autosave
        self.log: list[tuple[str | None, str]] = []
        self.last: Played | None = None
        self.save_problem: str | None = None   # the last autosave failure, shown once
        self.unsaved = False                   # an accepted command whose autosave is deferred
        self._undoable = False
        self.think_ms = think_ms
        self._bots = _bots_for(header, think_ms)

    # ---------------------------------------------------------------------- creation
    @classmethod
    def new(cls, header: Header, **kwargs: Any) -> "Session":
        return cls(header.new_game(), header, **kwargs)

    @classmethod
    def from_save(cls, name: str, saves_folder: str | Path | None = None, **kwargs: Any) -> "Session":
        loaded = saves.load_game(name, saves_folder)
        session = cls(loaded.game, loaded.header, save_name=loaded.name, saves_folder=saves_folder, **kwargs)
        session.log.append((None, f"loaded {loaded.name}: {len(loaded.game.history)} commands replayed"))
        return session

    # ---------------------------------------------------------------------- questions
    @property
    def humans(self) -> list[str]:
        return [s.name for s in self.header.seats if s.bot is None]

    def is_bot(self, name: str) -> bool:
        return name in self._bots

    def bot_to_move(self) -> bool:
        return not self.game.over and self.is_bot(self.game.prompt_player())

    def viewer(self) -> str | None:
        """Whose eyes the screen shows: the only person at the table, or (hot seat) the
        person the game waits for; None (a spectator) when only bots play."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if not humans:
            return None
        prompt = self.game.prompt_player()
        return prompt if prompt in humans else None

    # ---------------------------------------------------------------------- playing
    def play(self, line: str, *, defer_save: bool = False) -> Played:
        """Play one command line; CatanError (nothing changed) when it is refused.  The game
        is autosaved at once, or with ``defer_save`` at the next :meth:`flush`."""
        game = self.game
        rng_before = game.state.rng.getstate()
        events = game.execute(line)
        played = Played(game.history[-1], self._actor(game.history[-1]), events)
        self._undoable = game.state.rng.getstate() == rng_before and not self.is_bot(played.seat)
        self.last = played
        self._record(played)
        if defer_save:
            self.unsaved = self.autosave
        else:
            self._autosave()
        return played

    def flush(self) -> None:
        """Write the autosave a deferred command left pending (nothing when none is)."""
        if self.unsaved:
            self._autosave()

    def bot_move(self, *, defer_save: bool = False) -> Played:
        """Let the bot the game waits for choose and play one command."""
        seat = self.game.prompt_player()
        bot = self._bots.get(seat)
        if bot is None:
            raise CatanError(f"{seat} is not a bot")
        line = bot.choose(self.game, seat)
        try:
            played = self.play(line, defer_save=defer_save)
        except CatanError as exc:
            raise CatanError(f"bot {seat} chose '{line}', which is refused: {exc}") from None
        self._undoable = False
        return played

    def _actor(self, canonical: str) -> str:
        head, sep, _ = canonical.partition(":")
        if sep and head in self.game.players:
            return head
        return self.game.engine.name(self.game.state.current)

    def narration_seat(self) -> int | None:
        """The seat whose private narration this screen may show: the only person at the
        table; None (the table's public narration) in hot seat or with bots alone."""
        humans = self.humans
        return self.game.players.index(humans[0]) if len(humans) == 1 else None

    def narrate(self, events: "list[Event]") -> "list[Event]":
        """The events as this screen's reader may see them (a steal's card only to its thief
        and victim)."""
        seat = self.narration_seat()
        return [seen for ev in events if (seen := ev.seen_by(seat)) is not None]

    def _record(self, played: Played) -> None:
        self.log.append((played.seat, f"> {played.body}"))
        players = self.game.players
        for ev in self.narrate(played.events):
            who = players[ev.seat] if 0 <= ev.seat < len(players) else None
            self.log.append((who, ev.text))

    def undo(self) -> str:
        """Take back the last command when it drew on no chance (no dice, cards or steals)
        and a person played it; the game is replayed without it.  Returns the line undone."""
        game = self.game
        if not game.history:
            raise RuleError("nothing to undo")
        if not self._undoable and not game.state.sandbox:
            raise RuleError("cannot undo the last command: it drew on chance (dice, a card, a steal), "
                            "a bot played it, or it was played before this game was loaded")
        undone = game.history[-1]
        fresh = self.header.new_game()
        for line in game.history[:-1]:
            fresh.execute(line)
        self.game = fresh
        self._undoable = False
        self.last = None
        self.log.append((None, f"undone: {undone}"))
        self._autosave()
        return undone

    # ---------------------------------------------------------------------- files
    def _autosave(self) -> None:
        self.unsaved = False
        if not self.autosave:
            return
        try:
            saves.save_game(self.game, self.header, self.save_name, self.saves_folder)
            self.save_problem = None
        except SaveError as exc:
            self.save_problem = f"autosave failed: {exc}"

    def save(self, name: str | None = None) -> Path:
        path = saves.save_game(self.game, self.header, name or self.save_name, self.saves_folder)
        if name:
            self.save_name = saves.check_name(name)
        return path

    def load(self, name: str) -> None:
        """Replace this session's game by a saved one (the bots come from its header)."""
        loaded = saves.load_game(name, self.saves_folder)
        bots = _bots_for(loaded.header, self.think_ms)
        self.game, self.header, self.save_name = loaded.game, loaded.header, loaded.name
        self._bots = bots
        self.last = None
        self._undoable = False
        self.log.append((None, f"loaded {loaded.name}: {len(loaded.game.history)} commands replayed"))
