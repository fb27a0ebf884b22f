"""Every door that reads a file someone else may have written refuses a damaged one in one line:
no traceback, no hang, nothing changed.

The doors: ``catan run``, ``catan show``, ``catan play --load``, ``catan campaign show`` and
resuming a campaign (``catan campaign NAME``), the server's restore of its tables, and
``Game.from_json``.  The damage: what a file may be instead of a file (a FIFO, a device, links,
a folder, a huge or empty file), bytes that are not UTF-8 text, JSON nested too deep, of the
wrong types, with negative, huge or non-finite numbers, long names and escape sequences, paths
out of the saves folder; a BOM before a good file is no damage and is read.

The matrix is kinds x doors x the nine scenarios.  The default run takes every kind at every
door once, the scenario turning with each cell so that all nine are met; ``-m slow`` takes
every cell.  Each cell must take under 2 s of processor time, and a door that blocks is
interrupted by an interval timer (10 s of wall-clock time: the suite may share its machine).
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import random
import signal
import stat
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import pytest
from typer.testing import CliRunner

from catan_cli import Game, SaveError
from catan_cli.bots import make_bot
from catan_cli.cli import build_app
from catan_cli.saves import save_text
from catan_cli.script import Header, parse_seats
from catan_cli.server.hub import Hub
from catan_cli.server.limits import Limits
from catan_cli.textfile import MAX_BYTES

SCENARIOS = ("base", "cloth-for-catan", "pirate-islands", "legend-1", "legend-2", "legend-3", "legend-4",
             "land-ho", "barbarian-attack")
SEATS = "red,blue,white"
runner = CliRunner()


class Hung(Exception):
    pass


#: the processor time a door may spend on a damaged file, and the wall-clock time after which it
#: is taken to hang (the machine the suite runs on may be shared: the wall clock alone would
#: count other processes' work)
WITHIN = 2.0
HANG = 10.0
TIMES: dict[str, list[float]] = {}


def _timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    """``fn()`` and the processor time it took, under an interval timer: a door that blocks
    (on a FIFO, say) raises Hung."""
    def alarm(signum: int, frame: Any) -> None:
        raise Hung(f"no answer within {HANG} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    start, wall = time.process_time(), time.perf_counter()
    try:
        result = fn()
        TIMES.setdefault("cpu", []).append(time.process_time() - start)
        return result, TIMES["cpu"][-1]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        TIMES.setdefault("wall", []).append(time.perf_counter() - wall)


@pytest.fixture(scope="module", autouse=True)
def _report_times() -> Any:
    """With CATAN_HOSTILE_TIMES=1 (and -s): the cells run and their slowest times."""
    yield
    if os.environ.get("CATAN_HOSTILE_TIMES") and TIMES:
        print(f"\nhostile files: {len(TIMES['wall'])} cells; slowest: {max(TIMES['cpu']):.3f} s processor, "
              f"{max(TIMES['wall']):.3f} s wall")


# ---------------------------------------------------------------------------- good files


@lru_cache(maxsize=None)
def good_game(scenario: str, moves: int) -> Game:
    game = Game.new(scenario, players=SEATS.split(","), seed=1)
    bots = {name: make_bot("random", i) for i, name in enumerate(game.players)}
    for _ in range(moves):
        if game.over:
            break
        seat = game.prompt_player()
        game.execute(bots[seat].choose(game, seat))
    return game


@lru_cache(maxsize=None)
def good_save(scenario: str) -> str:
    return save_text(good_game(scenario, 8), Header(scenario, parse_seats(SEATS), 1))


def good_campaign(name: str) -> dict[str, Any]:
    return {"name": name, "seats": SEATS.split(","), "seed": 1, "chapter": 1, "save": f"{name}-ch1",
            "chronicle": [], "carry": {}, "finished": False}


GOOD_SIDECAR = {"format": "catan-table/1", "table": "t", "creator": "alice", "owners": {"red": "alice"},
                "started": True, "updated": 1.7e9}


# ---------------------------------------------------------------------------- kinds of damage
# A file kind makes the damaged file at ``path`` (``good``: the door's good file, as bytes,
# and its cap); it returns False when this machine cannot make it.

def _link(target: str) -> Callable[[Path, bytes, int], bool]:
    def make(path: Path, good: bytes, cap: int) -> bool:
        path.symlink_to(target)
        return True
    return make


def _write(data: Callable[[bytes], bytes]) -> Callable[[Path, bytes, int], bool]:
    def make(path: Path, good: bytes, cap: int) -> bool:
        path.write_bytes(data(good))
        return True
    return make


def _fifo(path: Path, good: bytes, cap: int) -> bool:
    os.mkfifo(path)
    return True


def _device(path: Path, good: bytes, cap: int) -> bool:
    try:
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))     # a /dev/null of its own
    except (PermissionError, AttributeError):
        path.symlink_to("/dev/null")
    return True


def _huge(path: Path, good: bytes, cap: int) -> bool:
    with open(path, "wb") as fh:
        fh.write(good)
        fh.truncate(cap + 1)          # sparse: no disk used
    return True


def _folder(path: Path, good: bytes, cap: int) -> bool:
    path.mkdir()
    return True


def _outside(path: Path, good: bytes, cap: int) -> bool:
    target = path.parent.parent / "elsewhere.txt"
    target.write_text("secret: not for catan\n")
    path.symlink_to(target)
    return True


FILE_KINDS: dict[str, Callable[[Path, bytes, int], bool]] = {
    "a FIFO": _fifo,
    "a device": _device,
    "a link to /dev/zero": _link("/dev/zero"),
    "a link out of the folder": _outside,
    "a dangling link": _link("/nonexistent/catan"),
    "a folder": _folder,
    "larger than the cap": _huge,
    "empty": _write(lambda good: b""),
    "only a BOM": _write(lambda good: b"\xef\xbb\xbf"),
    "invalid UTF-8": _write(lambda good: good[: len(good) // 2] + b"\xff\xfe\xc0" + good[len(good) // 2:]),
    "NUL bytes": _write(lambda good: good[: len(good) // 2] + b"\x00" * 8 + good[len(good) // 2:]),
    "cut in half": _write(lambda good: good[: len(good) // 2]),
    "random bytes": _write(lambda good: random.Random(len(good)).randbytes(4096)),
}


def _header(text: str, key: str, value: str | None) -> str:
    """``text`` with its ``# key:`` header set to ``value`` (None: removed), or added."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(f"# {key}:"):
            if value is None:
                del lines[i]
            else:
                lines[i] = f"# {key}: {value}"
            return "\n".join(lines)
    lines.insert(1, f"# {key}: {value}")
    return "\n".join(lines)


def _before_digest(text: str, line: str) -> str:
    head, _, digest = text.rstrip("\n").rpartition("\n")
    return f"{head}\n{line}\n{digest}\n"


def _carry(value: str) -> Callable[[str], str]:
    return lambda text: _header(text, "carry", value)


# What a save or command file may hold that it must not (text in, text out).
SAVE_KINDS: dict[str, Callable[[str], str]] = {
    "carry nested deep (lists)": _carry("[" * 5000 + "]" * 5000),
    "carry nested deep (objects)": _carry('{"a":' * 3000 + "1" + "}" * 3000),
    "carry of the wrong type": _carry("[1, 2]"),
    "carry a string": _carry('"friends"'),
    "carry a negative count": _carry('{"gold_total": -1}'),
    "carry a huge float": _carry('{"gold_total": 1e999}'),
    "carry a 5000-digit number": _carry('{"gold_total": ' + "9" * 5000 + "}"),
    "carry NaN": _carry('{"gold_total": NaN}'),
    "carry not JSON": _carry('{"friends": '),
    "carry an escape sequence as a name": _carry('{"friends": {"\\u001b]0;pwned\\u0007": []}}'),
    "carry friends of the wrong type": _carry('{"friends": {"red": "oda"}}'),
    "a 300-character scenario": lambda t: _header(t, "scenario", "x" * 300),
    "a 300-digit scenario": lambda t: _header(t, "scenario", "9" * 300),
    "a scenario path out of the folder": lambda t: _header(t, "scenario", "../../../../etc/passwd"),
    "a scenario with an escape sequence": lambda t: _header(t, "scenario", "\x1b]0;pwned\x07base"),
    "a 5000-digit seed": lambda t: _header(t, "seed", "9" * 5000),
    "a seed that is not a number": lambda t: _header(t, "seed", "seven"),
    "a player with an escape sequence": lambda t: _header(t, "players", "\x1b[2Jred, blue, white"),
    "a 300-character player": lambda t: _header(t, "players", "r" * 300 + ", blue, white"),
    "a 300-character option": lambda t: _header(t, "options", "x" * 300),
    "no digest": lambda t: t.rstrip("\n").rpartition("\n")[0] + "\n",
    "a wrong digest": lambda t: t.rstrip("\n").rpartition("\n")[0] + "\n# digest: 0000000000000000\n",
    "an illegal command": lambda t: _before_digest(t, "build city 999"),
    "a command with an escape sequence": lambda t: _before_digest(t, "build \x1b]0;pwned\x07 city 3"),
    "a header after a command": lambda t: _before_digest(t, "# seed: 3"),
    "a header twice": lambda t: _header(t, "seed", "1\n# seed: 2"),
    "a 3 MiB line": lambda t: _before_digest(t, "x" * (3 << 20)),
}


def _json_text(text: str) -> Callable[[dict[str, Any]], str]:
    return lambda good: text


def _field(key: str, value: Any) -> Callable[[dict[str, Any]], str]:
    def damage(good: dict[str, Any]) -> str:
        changed = dict(good)
        if value is _MISSING:
            del changed[key]
        else:
            changed[key] = value
        return json.dumps(changed)
    return damage


_MISSING = object()

# What any JSON file may hold that it must not (the good document in, text out).
JSON_KINDS: dict[str, Callable[[dict[str, Any]], str]] = {
    # under the seat file's 64 KiB cap, far past the 1,000 levels that broke json.loads
    "nested deep (lists)": _json_text("[" * 20_000 + "]" * 20_000),
    "nested deep (objects)": _json_text('{"a":' * 10_000 + "1" + "}" * 10_000),
    "not JSON": lambda good: json.dumps(good)[:-3],
    "trailing garbage": lambda good: json.dumps(good) + " }{",
    "a list, not an object": lambda good: json.dumps([good]),
    "null": _json_text("null"),
    "NaN": lambda good: json.dumps(good)[:-1] + ', "x": NaN}',
    "a huge float": lambda good: json.dumps(good)[:-1] + ', "x": 1e999}',
    "a 5000-digit number": lambda good: json.dumps(good)[:-1] + ', "x": ' + "9" * 5000 + "}",
    "an empty object": _json_text("{}"),
}

CAMPAIGN_KINDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "chronicle of numbers": _field("chronicle", [1, 2]),
    "a seat with an escape sequence": _field("seats", ["\x1b]0;pwned\x07red", "blue", "white"]),
    "a 300-character seat": _field("seats", ["r" * 300, "blue", "white"]),
    "one seat": _field("seats", ["red"]),
    "a seat twice": _field("seats", ["red", "red", "blue"]),
    "a 300-character name": _field("name", "n" * 300),
    "a save out of the folder": _field("save", "../../../../etc/passwd"),
    "an absolute save path": _field("save", "/etc/passwd"),
    "a save in a subfolder": _field("save", "sub/c-ch1"),
    "a negative chapter": _field("chapter", -1),
    "a huge chapter": _field("chapter", 10**30),
    "a seed of the wrong type": _field("seed", "seven"),
    "a huge seed": _field("seed", 10**300),
    "finished as text": _field("finished", "yes"),
    "carry a list": _field("carry", [1]),
    "carry with a negative count": _field("carry", {"robbers_left": -5}),
    "an unknown field": _field("hack", 1),
    "a missing field": _field("seats", _MISSING),
}

SIDECAR_KINDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "owners a list": _field("owners", ["alice"]),
    "owners of the wrong type": _field("owners", {"red": 5}),
    "no owners": _field("owners", _MISSING),
    "a creator with an escape sequence": _field("creator", "\x1b]0;pwned\x07"),
    "a 300-character creator": _field("creator", "a" * 300),
    "started as text": _field("started", "yes"),
    "a negative time": _field("updated", -5),
    "a huge time": _field("updated", 10**30),
    "ten thousand owners": _field("owners", {f"s{i}": "alice" for i in range(10_000)}),
}


# ---------------------------------------------------------------------------- the doors


def one_line_refusal(result: Any) -> str:
    """The CLI's answer to a damaged file: exit status not 0, exactly one 'catan: ' line, no
    traceback.  The refusal line."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    out = result.output
    assert "Traceback" not in out
    assert result.exit_code != 0, out[-300:]
    lines = [line for line in out.splitlines() if line.startswith("catan: ")]
    assert len(lines) == 1, out[-300:]
    return lines[0]


def _cli(*args: str) -> Any:
    return runner.invoke(build_app(), list(args), input="")


def _save_file(tmp: Path, scenario: str, kind: str, name: str = "bad") -> Path:
    saves = tmp / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / f"{name}.catan"
    good = good_save(scenario)
    if kind in FILE_KINDS:
        FILE_KINDS[kind](path, good.encode(), MAX_BYTES)
    elif kind == "a BOM before a good file":
        path.write_bytes(b"\xef\xbb\xbf" + good.encode())
    else:
        path.write_text(SAVE_KINDS[kind](good), encoding="utf-8")
    return path


def door_run(tmp: Path, scenario: str, kind: str) -> Any:
    path = _save_file(tmp, scenario, kind)
    return _cli("run", "-q", str(path))


def door_show(tmp: Path, scenario: str, kind: str) -> Any:
    _save_file(tmp, scenario, kind)
    return _cli("show", "bad", "--saves", str(tmp / "saves"))


def door_play(tmp: Path, scenario: str, kind: str) -> Any:
    _save_file(tmp, scenario, kind)
    return _cli("play", "--line", "--load", "bad", "--saves", str(tmp / "saves"))


def _campaign_file(tmp: Path, kind: str) -> None:
    saves = tmp / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "c.legend.json"
    good = good_campaign("c")
    if kind in FILE_KINDS:
        FILE_KINDS[kind](path, json.dumps(good).encode(), 256 << 10)
    elif kind == "a BOM before a good file":
        path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good).encode())
    else:
        damage = JSON_KINDS.get(kind) or CAMPAIGN_KINDS[kind]
        path.write_text(damage(good), encoding="utf-8")


def door_campaign_show(tmp: Path, scenario: str, kind: str) -> Any:
    _campaign_file(tmp, kind)
    return _cli("campaign", "show", "c", "--saves", str(tmp / "saves"))


def door_campaign_resume(tmp: Path, scenario: str, kind: str) -> Any:
    """A campaign resumed: its file damaged, or (SAVE_KINDS) the chapter's save it names."""
    if kind in SAVE_KINDS:
        _campaign_file(tmp, "a BOM before a good file")
        _save_file(tmp, scenario, kind, "c-ch1")
    else:
        _campaign_file(tmp, kind)
    return _cli("campaign", "c", "--saves", str(tmp / "saves"))


def door_restore(tmp: Path, scenario: str, kind: str) -> list[str]:
    """The server restores a folder with one good table and one damaged one: the notes."""
    saves = tmp / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    save = good_save(scenario)
    sidecar = dict(GOOD_SIDECAR)
    (saves / "table-ok.catan").write_text(save)
    (saves / "table-ok.json").write_text(json.dumps(sidecar))
    bad_json, bad_save = saves / "table-t.json", saves / "table-t.catan"
    if kind in SAVE_KINDS:
        bad_json.write_text(json.dumps(sidecar))
        bad_save.write_text(SAVE_KINDS[kind](save), encoding="utf-8")
    else:
        bad_save.write_text(save)
        if kind in FILE_KINDS:
            FILE_KINDS[kind](bad_json, json.dumps(sidecar).encode(), 64 << 10)
        elif kind == "a BOM before a good file":
            bad_json.write_bytes(b"\xef\xbb\xbf" + json.dumps(sidecar).encode())
        else:
            damage = JSON_KINDS.get(kind) or SIDECAR_KINDS[kind]
            bad_json.write_text(damage(sidecar), encoding="utf-8")
    hub = Hub(str(saves), Limits(), pace=0.0, log=lambda message: None)
    try:
        return asyncio.run(hub.restore())
    finally:
        hub.shutdown()


# Damage to a document in memory, for Game.from_json (the good document in, changed in place).
def _deep(levels: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(levels):
        inner.append([])
        inner = inner[0]
    return top


def _set(*path: Any, value: Any) -> Callable[[dict[str, Any]], Any]:
    def damage(doc: dict[str, Any]) -> Any:
        target = doc
        for key in path[:-1]:
            target = target[key]
        if value is _MISSING:
            del target[path[-1]]
        else:
            target[path[-1]] = value() if callable(value) else value
        return doc
    return damage


def _self_holding(doc: dict[str, Any]) -> dict[str, Any]:
    loop: list[Any] = []
    loop.append(loop)
    doc["state"]["extra"]["loop"] = loop
    return doc


def _first_piece_missing(doc: dict[str, Any]) -> dict[str, Any]:
    pieces = doc["state"]["players"][0]["pieces"]
    del pieces[sorted(pieces)[0]]
    return doc


DOCUMENT_KINDS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "nested 100,000 deep": _set("state", "extra", "deep", value=lambda: _deep(100_000)),
    "a list holding itself": _self_holding,
    "a list, not a document": lambda doc: [doc],
    "None": lambda doc: None,
    "text": lambda doc: json.dumps(doc),
    "no state": _set("state", value=_MISSING),
    "no phase": _set("state", "phase", value=_MISSING),
    "a player without a piece": _first_piece_missing,
    "no players": _set("state", "players", value=[]),
    "a hundred players": lambda doc: _set("state", "players", value=doc["state"]["players"] * 34)(doc),
    "the generator past 2**32": _set("state", "rng", "state", value=[2**64] * 625),
    "the generator cut short": _set("state", "rng", "state", value=[1, 2, 3]),
    "the generator of another version": _set("state", "rng", "version", value=99),
    "a 300-digit scenario": _set("state", "scenario", value=10**300),
    "a 300-character scenario": _set("state", "scenario", value="x" * 300),
    "a scenario path": _set("state", "scenario", value="../../../../etc/passwd"),
    "a scenario with an escape sequence": _set("state", "scenario", value="\x1b]0;x\x07base"),
    "negative cards": _set("state", "players", 0, "resources", 0, value=-3),
    "a huge card count": _set("state", "players", 0, "resources", 0, value=10**30),
    "NaN in the bank": _set("state", "bank", 0, value=float("nan")),
    "a tuple for the bank": _set("state", "bank", value=(19, 19, 19, 19, 19)),
    "a set for the deck": _set("state", "deck", value={"knight"}),
    "an object in the scenario's state": _set("state", "extra", "x", value=object),
    "a number as a key": _set("state", "extra", value={1: 2}),
    "a turn of 10**30": _set("state", "turn", value=10**30),
    "true as the seat on turn": _set("state", "current", value=True),
    "a phase of null": _set("state", "phase", value=None),
    "a short path table": _set("state", "edge_owner", value=[-1]),
    "history not a list": _set("history", value="build road"),
    "a number in the history": _set("history", value=[5]),
    "pending answers of numbers": _set("state", "pending", value=[5]),
    "a card without its turn": _set("state", "players", 0, "dev_cards", value=[["knight"]]),
}


def door_from_json(tmp: Path, scenario: str, kind: str) -> Any:
    doc = copy.deepcopy(good_game(scenario, 40).to_json())
    return Game.from_json(DOCUMENT_KINDS[kind](doc))


BOM = "a BOM before a good file"
SAVE_DOOR_KINDS = [*FILE_KINDS, *SAVE_KINDS]
DOORS: dict[str, tuple[Callable[..., Any], list[str]]] = {
    # an empty file or one without a digest is a command file (of no command): run plays it
    "run": (door_run, [kind for kind in SAVE_DOOR_KINDS if kind not in ("empty", "only a BOM", "no digest")]),
    "show": (door_show, SAVE_DOOR_KINDS),
    "play --load": (door_play, SAVE_DOOR_KINDS),
    "campaign show": (door_campaign_show, [*FILE_KINDS, *JSON_KINDS, *CAMPAIGN_KINDS]),
    "campaign resume": (door_campaign_resume, [*FILE_KINDS, *JSON_KINDS, *CAMPAIGN_KINDS, *SAVE_KINDS]),
    "server restore": (door_restore, [*FILE_KINDS, *JSON_KINDS, *SIDECAR_KINDS, *SAVE_KINDS]),
    "from_json": (door_from_json, list(DOCUMENT_KINDS)),
}
# A campaign file is the Legend's whatever the scenario: 'campaign show' reads nothing else.
SCENARIO_FREE = {"campaign show"}


def cells(every: bool) -> list[tuple[str, str, str]]:
    out = []
    n = 0
    for door, (_, kinds) in DOORS.items():
        for kind in kinds:
            if door in SCENARIO_FREE:
                out.append((door, kind, "base"))
            elif every:
                out += [(door, kind, scenario) for scenario in SCENARIOS]
            else:
                out.append((door, kind, SCENARIOS[n % len(SCENARIOS)]))
                n += 1
    return out


def refused(door: str, scenario: str, kind: str, tmp: Path) -> str:
    """Run one cell; the refusal (one line) it gave.  Fails on anything else."""
    fn = DOORS[door][0]
    if door == "from_json":
        def attempt() -> str:
            try:
                fn(tmp, scenario, kind)
            except SaveError as exc:
                return str(exc)
            raise AssertionError("accepted")
        message, seconds = _timed(attempt)
        assert "\n" not in message
    elif door == "server restore":
        notes, seconds = _timed(lambda: fn(tmp, scenario, kind))
        assert any(note.startswith("table ok reopened") for note in notes), notes
        bad = [note for note in notes if note.startswith("table t ")]
        assert len(bad) == 1 and bad[0].startswith("table t not reopened: "), notes
        message = bad[0]
        assert "\n" not in message
    else:
        result, seconds = _timed(lambda: fn(tmp, scenario, kind))
        message = one_line_refusal(result)
    assert seconds < WITHIN
    return message


def _check(door: str, kind: str, scenario: str, tmp_path: Path) -> None:
    try:
        message = refused(door, scenario, kind, tmp_path)
    except Hung:
        pytest.fail(f"{door} hung on {kind} ({scenario})")
    assert "\x1b" not in message and len(message) <= 600, message


@pytest.mark.parametrize("door, kind, scenario", cells(every=False))
def test_a_damaged_file_is_refused_in_one_line(door, kind, scenario, tmp_path):
    _check(door, kind, scenario, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("door, kind, scenario",
                         [cell for cell in cells(every=True) if cell not in set(cells(every=False))])
def test_a_damaged_file_is_refused_in_one_line_in_every_scenario(door, kind, scenario, tmp_path):
    _check(door, kind, scenario, tmp_path)


# ---------------------------------------------------------------------------- what is no damage


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_save_behind_a_bom_is_read_at_every_door(scenario, tmp_path):
    path = _save_file(tmp_path, scenario, BOM)
    game = good_game(scenario, 8)
    assert f"digest {game.digest()}" in _cli("run", "-q", str(path)).output
    assert f"digest {game.digest()}" in _cli("show", "bad", "--saves", str(tmp_path / "saves")).output
    _campaign_file(tmp_path, BOM)
    shown = _cli("campaign", "show", "c", "--saves", str(tmp_path / "saves"))
    assert shown.exit_code == 0 and "Chronicle of c" in shown.output
    notes = door_restore(tmp_path, scenario, BOM)
    assert any(note.startswith("table t reopened") for note in notes), notes


def test_the_issue_cases_name_the_problem(tmp_path):
    """The damage issue 42 met, each refused with its reason."""
    assert "nested deeper than 32 levels" in refused("server restore", "base", "nested deep (lists)", tmp_path / "a")
    assert "is a link" in refused("campaign show", "base", "a link to /dev/zero", tmp_path / "b")
    assert "at chronicle[0]: 1 is not an object" in refused("campaign show", "base", "chronicle of numbers",
                                                          tmp_path / "c")
    assert "is a FIFO" in refused("campaign show", "base", "a FIFO", tmp_path / "d")
    assert "'\\e]0;pwned\\x07red' is not a player's name" in refused(
        "campaign show", "base", "a seat with an escape sequence", tmp_path / "e")
    assert "'../../../../etc/passwd' is not a plain name" in refused(
        "campaign resume", "base", "a save out of the folder", tmp_path / "f")
    assert "a scenario key is at most 64" in refused("show", "base", "a 300-character scenario", tmp_path / "g")
    assert "nested deeper than 32 levels" in refused("play --load", "legend-2", "carry nested deep (objects)",
                                                     tmp_path / "h")
    assert "rng.state[0]: 18446744073709551616 is outside" in refused(
        "from_json", "base", "the generator past 2**32", tmp_path / "i")
    assert "a number of 301 digits is not a string" in refused("from_json", "base", "a 300-digit scenario",
                                                                tmp_path / "j")
    assert "'phase' is missing" in refused("from_json", "legend-3", "no phase", tmp_path / "k")
    doc = good_game("land-ho", 40).to_json()
    del doc["state"]["players"][0]["pieces"]["city"]
    with pytest.raises(SaveError, match="red's supply lacks land-ho's piece 'city'"):
        Game.from_json(doc)


def test_the_matrix_has_at_least_30_kinds_at_every_door():
    for door, (_, kinds) in DOORS.items():
        assert len(set(kinds)) >= 30, door


# ---------------------------------------------------------------------------- in a process of its own


def test_catan_serve_starts_beside_a_deeply_nested_seat_file_and_restores_the_rest(tmp_path):
    """Issue 42: a seat file nested deep made 'catan serve' refuse to start."""
    import subprocess
    import sys

    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "table-ok.catan").write_text(good_save("base"))
    (saves / "table-ok.json").write_text(json.dumps(GOOD_SIDECAR))
    (saves / "table-t.catan").write_text(good_save("base"))
    (saves / "table-t.json").write_text("[" * 20_000 + "]" * 20_000)
    proc = subprocess.Popen([sys.executable, "-m", "catan_cli", "serve", "--open", "--port", "0",
                             "--saves", str(saves), "--host-key", str(tmp_path / "host_key")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        listening = proc.stdout.readline() if proc.stdout else ""
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=15)
    assert "listening on 127.0.0.1:" in listening, err
    assert "catan serve: table t not reopened: table-t.json: is nested deeper than 32 levels\n" in err
    assert "catan serve: table ok reopened" in err and "Traceback" not in err


@pytest.mark.parametrize("door, kind", [("campaign show", "a FIFO"), ("show", "carry nested deep (objects)"),
                                        ("play --load", "a 300-character scenario"),
                                        ("campaign resume", "a link to /dev/zero")])
def test_the_real_command_refuses_in_one_line(door, kind, tmp_path):
    """A few cells again through 'python -m catan_cli', as a user meets them (a FIFO blocking
    or a traceback would show here even if the in-process runner hid it)."""
    import subprocess
    import sys

    if door.startswith("campaign"):
        _campaign_file(tmp_path, kind)
        args = ["campaign", "show", "c"] if door == "campaign show" else ["campaign", "c"]
    else:
        _save_file(tmp_path, "legend-2", kind)
        args = ["show", "bad"] if door == "show" else ["play", "--line", "--load", "bad"]
    done = subprocess.run([sys.executable, "-m", "catan_cli", *args, "--saves", str(tmp_path / "saves")],
                          capture_output=True, text=True, timeout=15, stdin=subprocess.DEVNULL, cwd=tmp_path)
    assert done.returncode == 3 and done.stdout == "", done
    assert done.stderr.startswith("catan: ") and done.stderr.count("\n") == 1, done.stderr


# ---------------------------------------------------------------------------- the reader itself


def test_the_reader_measures_nesting_without_reading_strings():
    from catan_cli.boundedjson import nesting

    assert nesting('[1, "[[[[", {"a": [2]}]') == 3
    assert nesting('"\\"[[[" ') == 0
    assert nesting("[" * 10**6) == 10**6       # counted, not recursed into


def test_the_reader_refuses_what_json_loads_lets_through():
    from catan_cli.boundedjson import ANY, Int, JsonRefused, Obj, check_value, parse_json

    for text, problem in [("NaN", "NaN is not a number JSON allows"), ("[1e400]", "too large a number"),
                          ('{"a": 1, "a": "x"}', "is not a whole number")]:
        with pytest.raises(JsonRefused, match=problem):
            parse_json(text, "f.json", Obj({"a": Int(0, 9)}, extra=ANY) if "a" in text else ANY)
    assert parse_json(b'\xef\xbb\xbf{"a": 3}', "f.json", Obj({"a": Int(0, 9)})) == {"a": 3}
    with pytest.raises(JsonRefused, match=r"^f.json: is not UTF-8 text"):
        parse_json(b'{"a": "\xff"}', "f.json", ANY)
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(JsonRefused, match="nested deeper than 32 levels"):
        check_value(loop, "a list", ANY)
    with pytest.raises(JsonRefused, match="at b: unknown key"):
        check_value({"b": {"c": 1}}, "doc", Obj({"b": Obj({})}))


def test_names_read_from_a_file_stay_in_the_folder(tmp_path):
    from catan_cli.boundedjson import JsonRefused, inside

    assert inside(tmp_path, "friday.catan", "save name") == tmp_path / "friday.catan"
    for name in ("../x", "/etc/passwd", "a/b", "", ".hidden", "x" * 300, "a\x1bb"):
        with pytest.raises(JsonRefused, match="is not a save name"):
            inside(tmp_path, name, "save name")
    (tmp_path / "out").symlink_to("/etc")
    with pytest.raises(JsonRefused, match="leads out of"):
        inside(tmp_path, "out", "save name")


# ---------------------------------------------------------------------------- damage that parses


GARBAGE = [None, True, -1, 0, 3, 7, 10**6, 10**30, 2**64, 1.5, "", "lol", [], {}, [1], {"a": 1}, "main", "ore",
           "setup", [[]], "x" * 300]


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> Any:
    if prefix:
        yield prefix
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for key, value in items:
        yield from _paths(value, prefix + (key,))


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_state_damaged_anywhere_is_refused_or_plays_on_in_every_scenario(scenario):
    """One value anywhere in a mid-game state replaced by garbage or removed: from_json refuses
    it with a SaveError (and nothing else), or the game it gives plays on without a crash."""
    base = good_game(scenario, 100).to_json()
    paths = [p for p in _paths(base["state"]) if p[0] != "rng"]
    rnd = random.Random(scenario)
    for _ in range(60):
        data = copy.deepcopy(base)
        path = rnd.choice(paths)
        target = data["state"]
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, dict) and rnd.random() < 0.15:
            del target[path[-1]]
        else:
            target[path[-1]] = rnd.choice(GARBAGE)
        try:
            game = Game.from_json(data)
        except SaveError:
            continue
        bots = {name: make_bot("random", i) for i, name in enumerate(game.players)}
        for _ in range(30):
            if game.over:
                break
            seat = game.prompt_player()
            game.execute(bots[seat].choose(game, seat))
