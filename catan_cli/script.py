"""Command files: a game written down in the command language, like PGN for chess.

A command file is one command per line, ``#`` comments, and a few header lines before the
first command::

    # scenario: base
    # players: red, blue:bot, white
    # seed: 7
    # sandbox: no
    # options: variable
    # carry: {"friends": {"red": ["oda"]}}
    build settlement 15
    red: build road 15-16
    expect player blue
    ...
    # digest: 3f2a9c0d11b4e6a7

``carry`` is what an earlier game hands on to this one (a campaign's chapter results, as
JSON), given to the scenario when the game is created.  ``expect`` lines check the position at that point (see :func:`check_expectation` and the
README); a ``# digest:`` line checks that the position is exactly the one recorded.  A save
is such a file whose last line is the digest of its final position.  Nothing here prints: :func:`run` reports through
a callback and raises :class:`ScriptError` with ``file:line: reason``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from . import boundedjson as bj
from .errors import CatanError, SaveError
from .suggest import closest, did_you_mean

if TYPE_CHECKING:
    from .engine.actions import Event
    from .game import Game

HEADER_KEYS = ("scenario", "players", "seed", "sandbox", "options", "carry")
_HEADER_RE = re.compile(r"#\s*([a-z]+)\s*:\s*(.*?)\s*$")
_YES = {"yes", "y", "true", "on", "1"}
_NO = {"no", "n", "false", "off", "0", ""}
BOT_KINDS_DEFAULT = "greedy"
#: a player's name as a restored game accepts it: one word, not starting with a digit
PLAYER_NAME = re.compile(r"(?!\d)\w{1,24}")
_TALLY = bj.MapOf(bj.Str(24, PLAYER_NAME, "a player's name"), bj.Int(-10**9, 10**9), 8)
_COUNT = bj.Int(0, 10**6)
#: what a ``# carry:`` header may hold: an object of what campaign chapters pass on (the
#: Legend's chapters read these keys: friend cards by player, tallies by player, totals);
#: other keys are kept as plain JSON, which no chapter reads
CARRY_SCHEMA = bj.Obj({"friends": bj.MapOf(bj.Str(24, PLAYER_NAME, "a player's name"), bj.ListOf(bj.Str(64), 64), 8),
                       "castaways": _TALLY, "gold": _TALLY, "sunk": _TALLY, "chits": _TALLY,
                       "castaways_total": _COUNT, "gold_total": _COUNT, "robbers_left": _COUNT},
                      optional=frozenset({"friends", "castaways", "gold", "sunk", "chits", "castaways_total",
                                          "gold_total", "robbers_left"}), extra=bj.ANY)
MAX_CARRY_CHARS = 64 << 10

class ScriptError(CatanError):
    """A command file that cannot be read, has a bad header, an illegal command or a failed
    ``expect`` line.  The message starts with ``file:line:``."""


class CommandFileError(ScriptError, SaveError):
    """A command file that cannot be used at all: missing, unreadable, not text, a bad header,
    or a game its header cannot start.  A :class:`SaveError` too: the file is at fault, not
    the play written in it."""


class SealedSeedError(CommandFileError):
    """The save of a server table whose game still runs: its seed is kept by the server."""


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
            kinds = _bot_kinds()
            if kinds and kind not in kinds:
                raise CatanError(f"bad player {item.strip()!r}: unknown bot kind {kind!r}"
                                 f"{did_you_mean(kind, kinds)} (bot kinds: {', '.join(kinds)})")
            seats.append(Seat(parts[0], kind))
        else:
            kinds = _bot_kinds()
            hint = did_you_mean(parts[1], ["bot", *kinds]) if len(parts) == 2 else ""
            raise CatanError(f"bad player {item.strip()!r}{hint}: write NAME, NAME:bot or NAME:bot:KIND"
                             + (f" (bot kinds: {', '.join(kinds)})" if kinds else ""))
    return seats


def _bot_kinds() -> tuple[str, ...]:
    """The bot kinds and levels there are (none when this build has no bots)."""
    try:
        from .bots import BOT_KINDS, LEVELS
    except ImportError:
        return ()
    return tuple(dict.fromkeys(BOT_KINDS + tuple(LEVELS)))


@dataclass
class Header:
    """How a game starts: everything ``Game.new`` needs, plus who the bots are."""

    scenario: str = "base"
    seats: list[Seat] = field(default_factory=lambda: parse_seats("red,blue,white"))
    seed: int = 0
    sandbox: bool = False
    options: list[str] = field(default_factory=list)
    carry: dict[str, Any] = field(default_factory=dict)   # what an earlier game hands on

    @property
    def players(self) -> list[str]:
        return [s.name for s in self.seats]

    def new_game(self) -> "Game":
        from .game import Game

        return Game.new(self.scenario, players=self.players, seed=self.seed,
                        sandbox=self.sandbox, options=self.options, carry=self.carry)

    def lines(self) -> list[str]:
        out = [f"# scenario: {self.scenario}",
               f"# players: {', '.join(s.spec() for s in self.seats)}",
               f"# seed: {self.seed}",
               f"# sandbox: {'yes' if self.sandbox else 'no'}"]
        if self.options:
            out.append(f"# options: {', '.join(self.options)}")
        if self.carry:
            out.append(f"# carry: {json.dumps(self.carry, sort_keys=True, separators=(',', ':'))}")
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
                    raise CommandFileError(f"{source}:{number}: '{value}' is not a digest")
                lines.append(Line(number, "digest", value))
            elif key not in HEADER_KEYS:
                near = closest(key, (*HEADER_KEYS, "digest"))
                if near is not None and not lines:   # '# seeed: 7' would silently play seed 0
                    raise CommandFileError(f"{source}:{number}: unknown header '{key}' (did you mean "
                                           f"'{near}'?); headers: {', '.join(HEADER_KEYS)}")
            elif key in HEADER_KEYS:
                if lines:
                    raise CommandFileError(f"{source}:{number}: header '{key}' after the first command")
                if key in seen:
                    raise CommandFileError(f"{source}:{number}: header '{key}' given twice")
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
    if key == "seed" and value.lower().startswith("sealed"):     # a running server table's save
        raise SealedSeedError(f"{where}: the seed of this server table is sealed until its game ends "
                              "(the server keeps it)")
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
        elif key == "carry":
            try:
                header.carry = bj.parse_json(value, "carry", CARRY_SCHEMA, limit=MAX_CARRY_CHARS)
            except bj.JsonRefused as exc:
                raise CatanError(("it " if exc.problem.startswith("is ") else "") + exc.problem) from None
    except ValueError as exc:   # CatanError is a ValueError too
        what = "seed must be a whole number" if key == "seed" else str(exc)
        raise CommandFileError(f"{where}: bad '{key}' header: {what}") from None


def read_file(path: str | Path) -> CommandFile:
    """Read and parse a command file; a missing or unreadable file is a ScriptError."""
    p = Path(path)
    from .textfile import UnusableFile, read_text_file

    try:
        text = read_text_file(p)
    except FileNotFoundError:
        raise CommandFileError(f"{p}: no such file") from None
    except UnusableFile as exc:
        raise CommandFileError(f"{p}: {exc}, not a command file") from None
    except UnicodeDecodeError:
        raise CommandFileError(f"{p}: not a command file (not UTF-8 text)") from None
    except OSError as exc:
        raise CommandFileError(f"{p}: cannot read: {exc.strerror or exc}") from None
    return parse_text(text, str(p))


# ------------------------------------------------------------------------------ running


@dataclass(frozen=True)
class Failure:
    """A line of a command file that failed: an illegal command, a failed ``expect`` line
    or a digest that does not match.  ``message`` is ``file:line: reason``."""

    number: int
    message: str


@dataclass
class RunResult:
    game: "Game"
    commands: int = 0
    expectations: int = 0
    digests: int = 0
    failures: list[Failure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


Reporter = Callable[[str, "list[Event]"], None]


def run(cf: CommandFile, *, sandbox: bool | None = None, on_command: Reporter | None = None,
        game: "Game | None" = None, keep_going: bool = False) -> RunResult:
    """Play a command file from its header (or onto ``game``).

    By default the first illegal command, failed expectation or wrong digest stops the run
    with a ScriptError naming its line.  With ``keep_going`` every failing line is recorded
    in ``result.failures`` and the run goes on (an illegal command changes nothing, so the
    lines after it see the game as it was)."""
    header = cf.header
    if sandbox is not None and sandbox != header.sandbox:
        header = Header(header.scenario, header.seats, header.seed, sandbox, header.options, header.carry)
    if game is None:
        try:
            game = header.new_game()
        except CatanError as exc:
            raise CommandFileError(f"{cf.source}: cannot start the game: {exc}") from None
    result = RunResult(game)
    last_events: list[Event] = []

    def fail(line: Line, message: str) -> None:
        if not keep_going:
            raise ScriptError(message)
        result.failures.append(Failure(line.number, message))

    for line in cf.lines:
        where = f"{cf.source}:{line.number}"
        if line.kind == "command":
            try:
                last_events = game.execute(line.text)
            except CatanError as exc:
                fail(line, f"{where}: {line.text}: {_reason(str(exc), line.text)}")
                continue
            result.commands += 1
            if on_command is not None:
                on_command(game.history[-1], last_events)
        elif line.kind == "digest":
            got = game.digest()
            if got != line.text:
                fail(line, f"{where}: the position does not match the digest "
                           f"(recorded {line.text}, reached {got})")
                continue
            result.digests += 1
        else:
            try:
                problem = check_expectation(game, line.text, last_events)
            except CatanError as exc:
                problem = str(exc)
            if problem is not None:
                fail(line, f"{where}: expect {line.text}: {problem}")
                continue
            result.expectations += 1
    return result


def _reason(message: str, command: str) -> str:
    """The engine's reason without a trailing "(in 'COMMAND')" that the line already says."""
    return message.removesuffix(f" (in '{command}')")


# ------------------------------------------------------------------------------ expect lines

# What may follow a player's name: ``expect red vp 3``, ``expect blue ore 2`` ...
PLAYER_QUANTITIES = ("vp", "cards", "hand", "dev-cards", "knights", "route")
# Scenario counters under other names than their keys in ``view()["players"][i]["extra"]``.
EXTRA_ALIASES = {"chits": "chits_won"}
# The position's own expectations: ``expect winner red``, ``expect legal build road 1-2`` ...
POSITION_EXPECTATIONS = ("player", "turn", "waiting", "phase", "winner", "over", "legal", "illegal",
                         "legal-count", "event", "digest", "robber", "pirate")


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


def _key(word: str) -> str:
    """An expect word as a view key: 'cloth-supply' -> 'cloth_supply'."""
    return word.lower().replace("-", "_")


def _player_extra(game: "Game", name: str, word: str) -> tuple[str, Any] | None:
    """A scenario counter of one player, by its word: (label, value), or None.  Counters are
    ``view()["players"][i]["extra"]`` (cloth, chits won) and the per-player tables of
    ``view()["extra"]`` whose values are numbers (warships)."""
    view = game.view()
    key = _key(word)
    extra = view["players"][game.seat(name)]["extra"]
    for k in (key, EXTRA_ALIASES.get(key, "")):
        if k in extra:
            return word.lower(), extra[k]
    table = view["extra"].get(key)
    if isinstance(table, dict) and name in table and isinstance(table[name], int):
        return word.lower(), table[name]
    return None


def _is_player_quantity(game: "Game", name: str, word: str) -> bool:
    from .notation import RESOURCE_ALIASES

    w = word.lower()
    return w in PLAYER_QUANTITIES or w in RESOURCE_ALIASES or _player_extra(game, name, w) is not None


def _check_player(game: "Game", name: str, what: str, rest: list[str]) -> str | None:
    """``expect NAME QUANTITY ...``: None when it holds, else what was found."""
    from .engine.geometry import RESOURCES
    from .notation import RESOURCE_ALIASES

    if what == "hand":
        if not rest:
            raise CatanError(f"write 'expect {name} hand CARDS' ('2 ore 1 wool', or 'nothing')")
        hand = game.view(name)["players"][game.seat(name)]["resources"]
        want = _cards(game, [w.lower() for w in rest])
        return None if hand == want else f"{name} holds {_cards_text(hand)}"
    if len(rest) != 1:
        raise CatanError(f"write 'expect {name} {what} N'")
    want_n = _int(rest[0])
    player = game.view(name)["players"][game.seat(name)]
    got: int
    if what == "vp":
        got = game.vp(name)
        return None if got == want_n else f"{name} has {got} VP"
    if what in RESOURCE_ALIASES:
        resource = RESOURCES[RESOURCE_ALIASES[what]]
        got = player["resources"][resource]
        return None if got == want_n else f"{name} holds {got} {resource}"
    if what == "cards":
        got = player["resource_count"]
        return None if got == want_n else f"{name} holds {got} resource cards"
    if what == "dev-cards":
        got = player["dev_count"]
        return None if got == want_n else f"{name} holds {got} development cards"
    if what == "knights":
        got = player["knights"]
        return None if got == want_n else f"{name} has played {got} knights"
    if what == "route":
        got = player["route_length"]
        return None if got == want_n else f"{name}'s longest route is {got} long"
    found = _player_extra(game, name, what)
    assert found is not None   # _is_player_quantity said so
    label, value = found
    return None if value == want_n else f"{name} has {value} {label}"


def _scenario_place(game: "Game", what: str, rest: list[str]) -> str | None:
    """``expect village 50 cloth 3``, ``expect fortress 146 chits 2``: a field of a place
    listed in ``view()["extra"]`` (a list of records with a ``node``)."""
    extra = game.view()["extra"]
    places = next((v for k in (what + "s", what + "es", what) if isinstance(v := extra.get(k), list)), None)
    if len(rest) < 3:
        raise CatanError(f"write 'expect {what} NODE FIELD VALUE'")
    node = _int(rest[0])
    record = next((p for p in places or [] if isinstance(p, dict) and p.get("node") == node), None)
    if record is None:
        raise CatanError(f"there is no {what} on {node}")
    field_name, want = _key(rest[1]), [w.lower() for w in rest[2:]]
    if field_name not in record or field_name == "node":
        fields = ", ".join(k.replace("_", "-") for k in record if k != "node")
        raise CatanError(f"a {what} has no '{rest[1]}' ({fields})")
    value = record[field_name]
    if isinstance(value, list):
        got_words = sorted(str(v).lower() for v in value)
        return None if got_words == sorted(want) else f"the {what} on {node} has {rest[1]} {' '.join(got_words) or 'none'}"
    if len(want) != 1:
        raise CatanError(f"write 'expect {what} {node} {rest[1]} VALUE'")
    ok = value == _int(want[0]) if isinstance(value, int) else str(value).lower() == want[0]
    return None if ok else f"the {what} on {node} has {rest[1]} {value}"


def _scenario_places(game: "Game") -> list[str]:
    """Singular names of the place lists in ``view()["extra"]`` (village, fortress ...)."""
    out = []
    for key, value in game.view()["extra"].items():
        if isinstance(value, list) and value and all(isinstance(v, dict) and "node" in v for v in value):
            out.append(key[:-2] if key.endswith("sses") else key[:-1] if key.endswith("s") else key)
    return out


def check_expectation(game: "Game", text: str, last_events: "Sequence[Event]" = ()) -> str | None:
    """None when the ``expect`` line holds, else what was found instead.  A malformed line
    raises CatanError.  The forms are listed in the README ("Command files")."""
    words = text.split()
    if not words:
        raise CatanError("expect what? (expect red vp 3, expect legal COMMAND, expect winner red, ...)")
    what, rest = words[0].lower(), words[1:]
    arg = " ".join(rest)
    players = game.players

    def need(n: int, usage: str) -> None:
        if len(rest) != n:
            raise CatanError(f"write 'expect {usage}'")

    try:
        # A player's name followed by one of their quantities comes first, so a player
        # named like a keyword ('expect legal vp 2') still works.
        if what in players and rest and _is_player_quantity(game, what, rest[0]):
            return _check_player(game, what, rest[0].lower(), rest[1:])
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
            return None if verdict.ok else f"it is refused: {_reason(verdict.reason, arg)}"
        if what == "illegal":
            command, _, because = arg.partition(" because ")
            if not command.strip():
                raise CatanError("write 'expect illegal COMMAND [because TEXT]'")
            verdict = game.check(command)
            if verdict.ok:
                return "it is legal"
            if because and because.strip().lower() not in verdict.reason.lower():
                return f"it is refused, but because: {_reason(verdict.reason, command.strip())}"
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
        if what in ("robber", "pirate"):
            need(1, f"{what} HEX")
            where = game.view()[what]
            if where is None:
                return f"there is no {what} in this game"
            return None if where.lower() == arg.lower() else f"the {what} is on {where}"
        extra = game.view()["extra"]
        value = extra.get(_key(what))
        if isinstance(value, dict) and "hex" in value:          # expect fleet AO
            need(1, f"{what} HEX")
            return None if str(value["hex"]).lower() == arg.lower() else f"the {what} is on {value['hex']}"
        if isinstance(value, int) and not isinstance(value, bool):   # expect cloth-supply 12
            need(1, f"{what} N")
            return None if value == _int(rest[0]) else f"{what} is {value}"
        if what in _scenario_places(game):                      # expect village 50 cloth 3
            return _scenario_place(game, what, rest)
        if what in players:
            raise CatanError(f"'{rest[0] if rest else ''}' is not something {what} has: write "
                             f"'expect {what} vp N', '{what} ore N', '{what} cards N', '{what} hand CARDS' ...")
        if what in ("vp", "hand", "cards") and rest and rest[0].lower() in players:
            raise CatanError(f"the player comes first: 'expect {rest[0].lower()} {what} {' '.join(rest[1:])}'")
    except CatanError as exc:
        return str(exc)
    known = [*POSITION_EXPECTATIONS, *_scenario_places(game)]
    raise CatanError(f"unknown expectation '{what}' (NAME vp|cards|hand|RESOURCE ..., {', '.join(known)})")


def file_text(header: Header, history: Sequence[str], digest: str | None = None) -> str:
    """A command file for a game: header, the commands played, and the final digest."""
    lines = header.lines() + list(history)
    if digest is not None:
        lines.append(f"# digest: {digest}")
    return "\n".join(lines) + "\n"
