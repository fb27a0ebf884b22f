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
from .stats import DiceLog
from .wording import plural

if TYPE_CHECKING:
    from .bots.coach import Hint
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


def _forced_decline(game: "Game") -> str | None:
    """``SEAT: decline`` for an offer its answerer cannot take (None without the bots package)."""
    try:
        from .bots.offers import forced_decline
    except ImportError:
        return None
    return forced_decline(game)


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
    """``save_name``: where the game is saved (None: the first free ``autosave-N``, so two
    games in one folder never share an autosave).  A save file this session did not write
    or load is never overwritten unless asked (``save(name, force=True)``).  ``think_ms``:
    the searching bot's budget per decision (None: its default), and the coach's for
    ``hint``; ``hints``: whether ``hint`` answers (False: it is refused)."""

    def __init__(self, game: "Game", header: Header, *, save_name: str | None = None,
                 saves_folder: str | Path | None = None, autosave: bool = True,
                 think_ms: int | None = None, hints: bool = True) -> None:
        self.game = game
        self.header = header
        self.saves_folder = saves_folder
        self._auto_named = save_name is None
        self.save_name = save_name or saves.free_autosave_name(saves_folder)
        self.autosave = autosave
        self.log: list[tuple[str | None, str]] = []
        self.last: Played | None = None
        self.save_problem: str | None = None   # the last autosave failure, shown once
        self.unsaved = False                   # an accepted command whose autosave is deferred
        self.written: tuple[Path, int] | None = None   # the last save written: where, how many commands
        self._owned: set[str] = set()          # save names this session wrote or loaded
        self._undo_refusal: str | None = (
            "the last command was played before this game was loaded" if game.history else "nothing to undo")
        self._before: Game | None = None   # the game before the last command played here
        self.think_ms = think_ms
        self.hints = hints                     # 'hint' may be asked (off: --no-hints, a table option)
        self.epilogue: str | None = None       # what the game-over screen says comes next (a campaign's)
        self._bots = _bots_for(header, think_ms)
        self._dice = DiceLog(lambda: self.header.new_game())
        saves.remove_stale_temps(saves_folder)

    # ---------------------------------------------------------------------- creation
    @classmethod
    def new(cls, header: Header, **kwargs: Any) -> "Session":
        return cls(header.new_game(), header, **kwargs)

    @classmethod
    def from_save(cls, name: str, saves_folder: str | Path | None = None, **kwargs: Any) -> "Session":
        loaded = saves.load_game(name, saves_folder)
        session = cls(loaded.game, loaded.header, save_name=loaded.name, saves_folder=saves_folder, **kwargs)
        session._loaded(loaded)
        return session

    def _loaded(self, loaded: saves.Loaded) -> None:
        """The save just loaded is this game's own: autosaves may replace it."""
        if loaded.path.resolve() == saves.save_path(loaded.name, self.saves_folder).resolve():
            self._owned.add(loaded.name)
            self.written = (loaded.path, len(loaded.game.history))
        self._undo_refusal = "the last command was played before this game was loaded"
        self.log.append((None, f"loaded {loaded.name}: {plural(len(loaded.game.history), 'command')} replayed"))

    # ---------------------------------------------------------------------- questions
    @property
    def humans(self) -> list[str]:
        return [s.name for s in self.header.seats if s.bot is None]

    def is_bot(self, name: str) -> bool:
        return name in self._bots

    def bot_to_move(self) -> bool:
        """Whether the next command is not a person's to type: a bot's move, or the answer
        to an offer its answerer cannot take (declined at once, see :mod:`.bots.offers`)."""
        if self.game.over:
            return False
        return self.is_bot(self.game.prompt_player()) or _forced_decline(self.game) is not None

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

    def hint(self, seat: str, game: "Game | None" = None) -> "Hint":
        """The hard bot's best moves for ``seat``'s decision now (:mod:`.bots.coach`), from
        that seat's view only (``game``: a copy of this session's game to think on, so a
        server need not hold its table while the bot thinks).  Nothing is played, logged or
        saved.  CatanError when hints are off in this game or the seat has nothing to decide."""
        if not self.hints:
            raise CatanError("hints are off in this game (it was started with --no-hints)")
        try:
            from .bots.coach import hint
        except ImportError:
            raise CatanError("hints are not available in this build (catan_cli.bots is missing)") from None
        from .bots import DEFAULT_THINK_MS

        return hint(self.game if game is None else game, seat, self.think_ms or DEFAULT_THINK_MS)

    def dice_totals(self) -> list[int]:
        """The totals rolled so far in this game, in order."""
        return self._dice.totals(self.game)

    # ---------------------------------------------------------------------- playing
    def play(self, line: str, *, defer_save: bool = False) -> Played:
        """Play one command line; CatanError (nothing changed) when it is refused.  The game
        is autosaved at once, or with ``defer_save`` at the next :meth:`flush`."""
        game = self.game
        rng_before = game.engine.s.rng.getstate()   # read only: game.state would drop its cached moves
        before = game.copy()          # what undo restores (instead of replaying the game)
        events = game.execute(line)
        self._before = before
        played = Played(game.history[-1], self._actor(game.history[-1]), events)
        if self.is_bot(played.seat):
            self._undo_refusal = "a bot played the last command"
        elif game.engine.s.rng.getstate() != rng_before:
            self._undo_refusal = "the last command drew on chance (dice, a card or a steal)"
        else:
            self._undo_refusal = None
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
        """Let the bot the game waits for choose and play one command (or decline, for
        whoever it is, an offer that cannot be taken)."""
        seat = self.game.prompt_player()
        forced = _forced_decline(self.game)
        if forced is not None:
            played = self.play(forced, defer_save=defer_save)
            self._undo_refusal = "the offer you could not take was declined for you"
            self._tell_why_declined(played)
            return played
        bot = self._bots.get(seat)
        if bot is None:
            raise CatanError(f"{seat} is not a bot")
        line = bot.choose(self.game, seat)
        try:
            played = self.play(line, defer_save=defer_save)
        except CatanError as exc:
            raise CatanError(f"bot {seat} chose '{line}', which is refused: {exc}") from None
        return played

    def _tell_why_declined(self, played: Played) -> None:
        """Tell the seat whose offer was declined for it why (only that seat: it is its hand)."""
        from .bots.offers import WHY
        from .engine.actions import Event, Private

        seat = self.game.players.index(played.seat)
        why = Event("trade", seat, "", (), Private((seat,), WHY))
        played.events.append(why)
        self.log += [(played.seat, ev.text) for ev in self.narrate([why])]

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
        self._dice.played(self.game, played.events)
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
        if self._undo_refusal is not None and not game.state.sandbox:
            raise RuleError(f"cannot undo: {self._undo_refusal}")
        undone = game.history[-1]
        if self._before is not None and self._before.history == game.history[:-1]:
            fresh = self._before       # the snapshot taken before the command
        else:
            fresh = self.header.new_game()
            for line in game.history[:-1]:
                fresh.execute(line)
        self.game = fresh
        self._before = None
        self._undo_refusal = "only the last command can be taken back, once"
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
            self._write(self.save_name, force=False)
            self.save_problem = None
        except saves.SaveExists as exc:
            self.save_problem = (f"autosave failed: {exc}, written by another game: "
                                 "'save NAME' saves this one under another name")
        except SaveError as exc:
            self.save_problem = f"autosave failed: {exc}"

    def _write(self, name: str, *, force: bool) -> Path:
        """Write the game as ``name``: over the file only if this session owns it (or
        ``force``).  An autosave name of our own choosing moves on to the next free number
        when another game took it in the meantime."""
        while True:
            try:
                path = saves.save_game(self.game, self.header, name, self.saves_folder,
                                       overwrite=force or name in self._owned)
            except saves.SaveExists:
                if not (self._auto_named and name == self.save_name):
                    raise
                name = self.save_name = saves.free_autosave_name(self.saves_folder)
                continue
            self._owned.add(name)
            self.written = (path, len(self.game.history))
            return path

    def claim(self, name: str) -> None:
        """Let this session's saves replace ``name`` (the user said so: --force)."""
        self._owned.add(saves.check_name(name))

    def would_overwrite(self, name: str | None = None) -> bool:
        """Saving as ``name`` would replace a save this session did not write or load."""
        target = saves.check_name(name) if name else self.save_name
        return target not in self._owned and saves.save_path(target, self.saves_folder).exists()

    def save(self, name: str | None = None, *, force: bool = False) -> Path:
        """Save the game (as ``name``, which it is saved as from then on).  SaveExists when
        that would replace another game's save and ``force`` is not given."""
        target = saves.check_name(name) if name else self.save_name
        path = self._write(target, force=force)
        if name:
            self.save_name, self._auto_named = target, False
        return path

    def saved_state(self) -> str:
        """Where the game stands on disk, in words: for the words on leaving."""
        if self.written is None:
            if not self.game.history:
                return "nothing saved: no command was played"
            return "not saved"
        path, commands = self.written
        if commands == len(self.game.history):
            return f"{'autosaved' if self.autosave else 'saved'} as {path}"
        behind = len(self.game.history) - commands
        return f"not saved since {path} ({plural(behind, 'command')} ago)"

    def load(self, name: str) -> None:
        """Replace this session's game by a saved one (the bots come from its header)."""
        loaded = saves.load_game(name, self.saves_folder)
        bots = _bots_for(loaded.header, self.think_ms)
        self.game, self.header, self.save_name = loaded.game, loaded.header, loaded.name
        self._auto_named = False
        self._bots = bots
        self.last = None
        self._before = None
        self._loaded(loaded)
