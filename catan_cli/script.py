"""Command files: a game written down in the command language, like PGN for chess.

A command file is one command per line, ``#`` comments, and a few header lines before the
first command::

    # scenario: base
    # players: red, blue:bot, white
    # seed: 7
    # sandbox: no
    # options: variable
    build settlement 15
    red: build road 15-16
    expect player blue
    ...
    # digest: 3f2a9c0d11b4e6a7

``expect`` lines check the position at that point (see :func:`check_expectation` and the
README); a ``# digest:`` line checks that the position is exactly the one recorded.  A save
is such a file whose last line is the digest of its final position.  Nothing here prints: :func:`run` reports through
a callback and raises :class:`ScriptError` with ``file:line: reason``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from .errors import CatanError

if TYPE_CHECKING:
    from .engine.actions import Event
    from .game import Game

HEADER_KEYS = ("scenario", "players", "seed", "sandbox", "options")
_HEADER_RE = re.compile(r"#\s*([a-z]+)\s*:\s*(.*?)\s*$")
_YES = {"yes", "y", "true", "on", "1"}
_NO = {"no", "n", "false", "off", "0", ""}
BOT_KINDS_DEFAULT = "greedy"

class ScriptError(CatanError):
    """A command file that cannot be read, has a bad header, an illegal command or a failed
    ``expect`` line.  The message starts with ``file:line:``."""


# ------------------------------------------------------------------------------ seats / header


@dataclass(frozen=True)
class Seat:
    """A player in a game: a name, and the bot kind when a bot plays it (None: a person)."""

    name: str
    bot: str | None = None

    def spec(self) -> str:
        if self.bot is None:
            return self.name
        return f"{self.name}:bot" if self.bot == BOT_KINDS_DEFAULT else f"{self.name}:bot:{self.bot}"


def parse_seats(spec: str | Sequence[str]) -> list[Seat]:
    """``"red, blue:bot, white:bot:random"`` to seats.  ``name:bot`` is a greedy bot."""
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    seats = []
    for item in items:
        parts = [p.strip().lower() for p in item.strip().split(":")]
        if not parts[0]:
            raise CatanError(f"empty player name in {spec if isinstance(spec, str) else ','.join(spec)!r}")
        if len(parts) == 1:
            seats.append(Seat(parts[0]))
        elif parts[1] == "bot" and len(parts) <= 3:
            kind = parts[2] if len(parts) == 3 and parts[2] else BOT_KINDS_DEFAULT
            seats.append(Seat(parts[0], kind))
        else:
            raise CatanError(f"bad player {item.strip()!r}: write NAME, NAME:bot or NAME:bot:KIND")
    return seats


@dataclass
class Header:
    """How a game starts: everything ``Game.new`` needs, plus who the bots are."""

    scenario: str = "base"
    seats: list[Seat] = field(default_factory=lambda: parse_seats("red,blue,white"))
    seed: int = 0
    sandbox: bool = False
    options: list[str] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        return [s.name for s in self.seats]

    def new_game(self) -> "Game":
        from .game import Game

        return Game.new(self.scenario, players=self.players, seed=self.seed,
                        sandbox=self.sandbox, options=self.options)

    def lines(self) -> list[str]:
        out = [f"# scenario: {self.scenario}",
               f"# players: {', '.join(s.spec() for s in self.seats)}",
               f"# seed: {self.seed}",
               f"# sandbox: {'yes' if self.sandbox else 'no'}"]
        if self.options:
            out.append(f"# options: {', '.join(self.options)}")
        return out


# ------------------------------------------------------------------------------ parsing


@dataclass(frozen=True)
class Line:
    """One meaningful line of a command file: ``kind`` is command, expect or digest."""

    number: int
    kind: str
    text: str


@dataclass
class CommandFile:
    source: str
    header: Header
    lines: list[Line]

    @property
    def final_digest(self) -> str | None:
        """The digest on the last meaningful line, if the file ends with one (a save)."""
        if self.lines and self.lines[-1].kind == "digest":
            return self.lines[-1].text
        return None

    def commands(self) -> list[str]:
        return [ln.text for ln in self.lines if ln.kind == "command"]


def parse_text(text: str, source: str = "<commands>") -> CommandFile:
    """Split a command file into its header and lines; ScriptError on a bad header."""
    header = Header()
    seen: set[str] = set()
    lines: list[Line] = []
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            m = _HEADER_RE.fullmatch(stripped)
            if not m:
                continue
            key, value = m.group(1), m.group(2)
            if key == "digest":
                if not re.fullmatch(r"[0-9a-f]{4,64}", value):
                    raise ScriptError(f"{source}:{number}: '{value}' is not a digest")
                lines.append(Line(number, "digest", value))
            elif key in HEADER_KEYS:
                if lines:
                    raise ScriptError(f"{source}:{number}: header '{key}' after the first command")
                if key in seen:
                    raise ScriptError(f"{source}:{number}: header '{key}' given twice")
                seen.add(key)
                _set_header(header, key, value, f"{source}:{number}")
            continue
        first = stripped.split(None, 1)[0].lower()
        kind = "expect" if first == "expect" else "command"
        body = stripped.split("#", 1)[0].strip()
        if kind == "expect":
            body = body[len("expect"):].strip()
        lines.append(Line(number, kind, body))
    return CommandFile(source, header, lines)


def _set_header(header: Header, key: str, value: str, where: str) -> None:
    try:
        if key == "scenario":
            if not value:
                raise CatanError("empty scenario")
            header.scenario = value.lower()
        elif key == "players":
            header.seats = parse_seats(value)
        elif key == "seed":
            header.seed = int(value)
        elif key == "sandbox":
            if value.lower() not in _YES | _NO:
                raise CatanError(f"sandbox is yes or no, not {value!r}")
            header.sandbox = value.lower() in _YES
        elif key == "options":
            header.options = [o.strip().lower() for o in value.split(",") if o.strip()]
    except ValueError as exc:   # CatanError is a ValueError too
        what = "seed must be a whole number" if key == "seed" else str(exc)
        raise ScriptError(f"{where}: bad '{key}' header: {what}") from None


def read_file(path: str | Path) -> CommandFile:
    """Read and parse a command file; a missing or unreadable file is a ScriptError."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScriptError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise ScriptError(f"{p}: is a folder, not a command file") from None
    except UnicodeDecodeError:
        raise ScriptError(f"{p}: not a command file (not UTF-8 text)") from None
    except OSError as exc:
        raise ScriptError(f"{p}: cannot read: {exc.strerror or exc}") from None
    return parse_text(text, str(p))


# ------------------------------------------------------------------------------ running


@dataclass
class RunResult:
    game: "Game"
    commands: int = 0
    expectations: int = 0
    digests: int = 0


Reporter = Callable[[str, "list[Event]"], None]


def run(cf: CommandFile, *, sandbox: bool | None = None, on_command: Reporter | None = None,
        game: "Game | None" = None) -> RunResult:
    """Play a command file from its header (or onto ``game``).  Stops at the first illegal
    command, failed expectation or wrong digest with a ScriptError naming the line."""
    header = cf.header
    if sandbox is not None and sandbox != header.sandbox:
        header = Header(header.scenario, header.seats, header.seed, sandbox, header.options)
    if game is None:
        try:
            game = header.new_game()
        except CatanError as exc:
            raise ScriptError(f"{cf.source}: cannot start the game: {exc}") from None
    result = RunResult(game)
    last_events: list[Event] = []
    for line in cf.lines:
        where = f"{cf.source}:{line.number}"
        if line.kind == "command":
            try:
                last_events = game.execute(line.text)
            except CatanError as exc:
                raise ScriptError(f"{where}: {line.text}: {exc}") from None
            result.commands += 1
            if on_command is not None:
                on_command(game.history[-1], last_events)
        elif line.kind == "digest":
            got = game.digest()
            if got != line.text:
                raise ScriptError(f"{where}: the position does not match the digest "
                                  f"(recorded {line.text}, reached {got})")
            result.digests += 1
        else:
            try:
                problem = check_expectation(game, line.text, last_events)
            except CatanError as exc:
                problem = str(exc)
            if problem is not None:
                raise ScriptError(f"{where}: expect {line.text}: {problem}")
            result.expectations += 1
    return result


def _cards(game: "Game", words: list[str]) -> dict[str, int]:
    from .engine.geometry import RESOURCES
    from .notation import RESOURCE_ALIASES

    counts = dict.fromkeys(RESOURCES, 0)
    if words in (["nothing"], ["none"], ["0"]):
        return counts
    n: int | None = None
    for w in words:
        if w.isdigit():
            n = int(w)
            continue
        if w not in RESOURCE_ALIASES:
            raise CatanError(f"'{w}' is not a resource ({' '.join(RESOURCES)})")
        counts[RESOURCES[RESOURCE_ALIASES[w]]] += 1 if n is None else n
        n = None
    if n is not None:
        raise CatanError("a count without a resource")
    return counts


def _cards_text(counts: dict[str, int]) -> str:
    text = " ".join(f"{n} {r}" for r, n in counts.items() if n)
    return text or "nothing"


def _int(word: str) -> int:
    if not word.lstrip("-").isdigit():
        raise CatanError(f"'{word}' is not a number")
    return int(word)


def check_expectation(game: "Game", text: str, last_events: "Sequence[Event]" = ()) -> str | None:
    """None when the ``expect`` line holds, else what was found instead.  A malformed line
    raises CatanError."""
    words = text.split()
    if not words:
        raise CatanError("expect what? (expect player, vp, hand, legal, illegal, ...)")
    what, rest = words[0].lower(), words[1:]
    arg = " ".join(rest)

    def need(n: int, usage: str) -> None:
        if len(rest) != n:
            raise CatanError(f"write 'expect {usage}'")

    try:
        if what == "player":
            need(1, "player NAME")
            got = game.prompt_player()
            return None if got == arg.lower() else f"the game waits for {got}"
        if what == "turn":
            need(1, "turn NAME")
            got = game.engine.name(game.state.current)
            return None if got == arg.lower() else f"it is {got}'s turn"
        if what == "waiting":
            got = game.waiting_for()
            return None if got == arg.lower() else f"the game waits for: {got}"
        if what == "phase":
            need(1, "phase NAME")
            got = game.state.phase
            return None if got == arg.lower() else f"the phase is {got}"
        if what == "vp":
            need(2, "vp NAME N")
            got_vp = game.vp(rest[0])
            return None if got_vp == _int(rest[1]) else f"{rest[0].lower()} has {got_vp} VP"
        if what == "hand":
            if len(rest) < 2:
                raise CatanError("write 'expect hand NAME CARDS' (or 'nothing')")
            view = game.view(rest[0])
            hand = view["players"][game.seat(rest[0])]["resources"]
            want = _cards(game, [w.lower() for w in rest[1:]])
            return None if hand == want else f"{rest[0].lower()} holds {_cards_text(hand)}"
        if what == "cards":
            need(2, "cards NAME N")
            got_n = sum(game.view(rest[0])["players"][game.seat(rest[0])]["resources"].values())
            return None if got_n == _int(rest[1]) else f"{rest[0].lower()} holds {got_n} cards"
        if what == "winner":
            need(1, "winner NAME|nobody")
            got_w = game.winner or "nobody"
            return None if got_w == arg.lower() else f"the winner is {got_w}"
        if what == "over":
            need(0, "over")
            return None if game.over else f"the game goes on ({game.waiting_for()})"
        if what == "legal":
            if not rest:
                raise CatanError("write 'expect legal COMMAND'")
            verdict = game.check(arg)
            return None if verdict.ok else f"it is refused: {verdict.reason}"
        if what in ("illegal", "error"):
            command, _, because = arg.partition(" because ")
            if not command.strip():
                raise CatanError("write 'expect illegal COMMAND [because TEXT]'")
            verdict = game.check(command)
            if verdict.ok:
                return "it is legal"
            if because and because.strip().lower() not in verdict.reason.lower():
                return f"it is refused, but because: {verdict.reason}"
            return None
        if what == "legal-count":
            need(1, "legal-count N")
            got_c = len(game.legal_commands())
            return None if got_c == _int(rest[0]) else f"there are {got_c} legal commands"
        if what == "event":
            if not rest:
                raise CatanError("write 'expect event TEXT'")
            if any(arg.lower() in ev.text.lower() for ev in last_events):
                return None
            said = "; ".join(ev.text for ev in last_events) or "nothing"
            return f"the last command said: {said}"
        if what == "digest":
            need(1, "digest HEX")
            got_d = game.digest()
            return None if got_d == arg.lower() else f"the digest is {got_d}"
    except CatanError as exc:
        return str(exc)
    raise CatanError(f"unknown expectation '{what}' (player, turn, waiting, phase, vp, hand, "
                     "cards, winner, over, legal, illegal, legal-count, event, digest)")


def file_text(header: Header, history: Sequence[str], digest: str | None = None) -> str:
    """A command file for a game: header, the commands played, and the final digest."""
    lines = header.lines() + list(history)
    if digest is not None:
        lines.append(f"# digest: {digest}")
    return "\n".join(lines) + "\n"
