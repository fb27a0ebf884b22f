"""Saved games: command files under ``saves/`` that end with the digest of their position.

``save`` writes atomically (a temporary file in the same folder, flushed and fsynced, then
renamed over the old one), so a crash or a full disk never leaves a damaged file where a
good save was.  ``load`` replays the commands and checks the digest.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from .errors import CatanError, SaveError
from .safetext import clean_text
from .suggest import did_you_mean
from .textfile import UnusableFile, read_text_file
from .script import CommandFile, Header, ScriptError, SealedSeedError, file_text, parse_text, run

if TYPE_CHECKING:
    from .game import Game

SUFFIX = ".catan"
AUTOSAVE = "autosave"
ENV_DIR = "CATAN_SAVES"
_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


_LOOKS_LIKE_SAVE = re.compile(r"^\s*#\s*(scenario|players|seed|sandbox|options|digest)\s*:", re.M)


class SaveNameError(SaveError):
    """A save name that is not a plain word (a usage error, not a damaged file)."""


def saves_dir(option: str | Path | None = None) -> Path:
    """Where saves live: ``--saves DIR``, else ``$CATAN_SAVES``, else ``./saves``."""
    if option:
        return Path(option)
    env = os.environ.get(ENV_DIR)
    return Path(env) if env else Path("saves")


def check_name(name: str) -> str:
    """A save name without its suffix; SaveError for names that are not a plain word."""
    base = name[: -len(SUFFIX)] if name.endswith(SUFFIX) else name
    if not _NAME_RE.fullmatch(base) or base.endswith("."):
        raise SaveNameError(f"'{name}' is not a save name: use letters, digits, '-', '_' and '.'")
    return base


def save_path(name: str, folder: str | Path | None = None) -> Path:
    return saves_dir(folder) / (check_name(name) + SUFFIX)


def write_atomic(path: Path, text: str, *, replace: bool = True, mode: int = 0o666) -> None:
    """Replace ``path`` by ``text`` all at once: the old file stays whole until the new
    one is complete on disk.  OSError propagates; no temporary file is left behind.
    ``replace=False``: never overwrite, FileExistsError when ``path`` exists (the new file
    is linked into place, which fails atomically when the name is taken, even by a race).
    ``mode``: 0o600 for a file only its owner may read (the umask applies as well)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)
            os.unlink(tmp)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:   # make the rename itself durable; not every system lets a folder be fsynced
        dfd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


_TEMP_RE = re.compile(r"\.(?P<name>.+\.catan)\.(?P<pid>\d+)\.[0-9a-f]+\.tmp")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:   # it exists but is not ours (PermissionError), or cannot be asked
        return True
    return True


def remove_stale_temps(folder: str | Path | None = None) -> list[Path]:
    """Remove the half-written ``.NAME.catan.PID.HEX.tmp`` files that a killed process left
    (only when that process is gone: a live writer's file is its own).  The removed paths."""
    removed = []
    try:
        candidates = list(saves_dir(folder).glob(".*.catan.*.tmp"))
    except OSError:
        return []
    for path in candidates:
        m = _TEMP_RE.fullmatch(path.name)
        if m is None or _alive(int(m.group("pid"))):
            continue
        try:
            path.unlink()
            removed.append(path)
        except OSError:
            pass
    return removed


class SaveExists(SaveError):
    """A save name already taken by another game: overwriting it must be asked for."""


def free_autosave_name(folder: str | Path | None = None) -> str:
    """The first ``autosave-N`` not taken in the saves folder: each game autosaves to its own."""
    root = saves_dir(folder)
    n = 1
    while (root / f"{AUTOSAVE}-{n}{SUFFIX}").exists():
        n += 1
    return f"{AUTOSAVE}-{n}"


def newest_autosave(folder: str | Path | None = None) -> Path | None:
    """The most recently written ``autosave-N`` save (None when there is none)."""
    try:
        found = [(p.stat().st_mtime, p) for p in saves_dir(folder).glob(f"{AUTOSAVE}-*{SUFFIX}")
                 if re.fullmatch(rf"{AUTOSAVE}-\d+", p.stem)]
    except OSError:
        return None
    return max(found)[1] if found else None


def save_text(game: "Game", header: Header) -> str:
    return file_text(header, game.history, game.digest())


def save_game(game: "Game", header: Header, name: str, folder: str | Path | None = None, *,
              overwrite: bool = True) -> Path:
    """Write ``game`` as ``NAME.catan``; SaveError (one clear line) when it cannot be written.
    ``overwrite=False``: SaveExists when the name is taken."""
    path = save_path(name, folder)
    try:
        write_atomic(path, save_text(game, header), replace=overwrite)
    except FileExistsError:
        raise SaveExists(f"a save named '{check_name(name)}' exists ({path})") from None
    except OSError as exc:
        raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None
    return path


@dataclass
class Loaded:
    game: "Game"
    header: Header
    path: Path
    name: str


def locate(name_or_path: str, folder: str | Path | None = None) -> Path:
    """A save by name (``mygame``) in the saves folder, or by a path to a file."""
    looks_like_path = os.sep in name_or_path or "/" in name_or_path
    if looks_like_path or (name_or_path.endswith(SUFFIX) and Path(name_or_path).is_file()):
        return Path(name_or_path)
    path = save_path(name_or_path, folder)
    if check_name(name_or_path) == AUTOSAVE and not path.exists():   # 'autosave': the newest one
        return newest_autosave(folder) or path
    return path


def load_game(name_or_path: str, folder: str | Path | None = None) -> Loaded:
    """Replay a save and check its digest.  Every failure is a SaveError of one line."""
    path = locate(name_or_path, folder)
    label = path.stem if path.suffix == SUFFIX else str(path)
    # A save found by its name is a regular file of the saves folder, never a link out of it;
    # a path the user gives is followed where it leads.
    by_name = "/" not in name_or_path and os.sep not in name_or_path and path != Path(name_or_path)
    try:
        text = read_text_file(path, follow_links=not by_name)
    except FileNotFoundError:
        hint = did_you_mean(label, names(folder)) if label == path.stem else ""
        raise SaveError(f"no save named {label!r}{hint} (in {path.parent})") from None
    except UnusableFile as exc:
        raise SaveError(f"{label} is not a save: it {exc}") from None
    except UnicodeDecodeError:
        raise SaveError(f"save {label} is damaged: it is not text") from None
    except OSError as exc:
        raise SaveError(f"cannot read save {label}: {exc.strerror or exc}") from None
    game, cf = replay_save(text, label)
    name = path.stem if _NAME_RE.fullmatch(path.stem) else free_autosave_name(folder)
    return Loaded(game, cf.header, path, name)


def replay_save(text: str, label: str) -> "tuple[Game, CommandFile]":
    try:
        cf = parse_text(text, label)
    except SealedSeedError as exc:
        raise SaveError(f"save {label} cannot be replayed yet: {_line_reason(str(exc), label)}") from None
    except ScriptError as exc:
        raise SaveError(f"save {label} is damaged: {_line_reason(str(exc), label)}") from None
    digest = cf.final_digest
    if digest is None:
        if not _LOOKS_LIKE_SAVE.search(text):
            raise SaveError(f"{label} is not a catan save: it has no '# scenario:' header and no digest line")
        raise SaveError(f"save {label} is damaged: it does not end with a digest line")
    body = CommandFile(cf.source, cf.header, cf.lines[:-1])
    try:
        game = run(body).game
    except ScriptError as exc:
        raise SaveError(f"save {label} is damaged: {_line_reason(str(exc), label)}") from None
    except CatanError as exc:
        raise SaveError(f"save {label} is damaged: {exc}") from None
    if game.digest() != digest:
        raise SaveError(f"save {label} is damaged: its final position does not match its digest")
    return game, cf


def _line_reason(message: str, label: str) -> str:
    """'label:12: reason' -> 'line 12: reason'; 'label: reason' -> 'reason'."""
    rest = message[len(label) + 1:].lstrip() if message.startswith(label + ":") else message
    m = re.match(r"(\d+): (.*)", rest, re.S)
    return f"line {m.group(1)}: {m.group(2)}" if m else rest


@dataclass
class SaveInfo:
    name: str
    path: Path
    modified: float
    scenario: str
    players: str
    commands: int
    problem: str | None = None


def list_saves(folder: str | Path | None = None) -> list[SaveInfo]:
    """The saves in the folder, newest first, read from their headers (not replayed)."""
    root = saves_dir(folder)
    try:
        paths = sorted(root.glob("*" + SUFFIX))
    except OSError:
        return []
    out = []
    for path in paths:
        try:
            stat = path.stat()
            cf = parse_text(read_text_file(path), path.stem)
            out.append(SaveInfo(path.stem, path, stat.st_mtime, cf.header.scenario,
                                ", ".join(s.spec() for s in cf.header.seats), len(cf.commands()),
                                None if cf.final_digest else "no digest line"))
        except UnusableFile as exc:
            out.append(SaveInfo(path.stem, path, 0.0, "?", "?", 0, f"not a save: it {exc}"))
        except UnicodeDecodeError:
            out.append(SaveInfo(path.stem, path, 0.0, "?", "?", 0, "it is not text"))
        except (OSError, CatanError) as exc:
            out.append(SaveInfo(path.stem, path, 0.0, "?", "?", 0, str(exc)))
    out.sort(key=lambda info: -info.modified)
    return out


def describe_age(modified: float, now: float | None = None) -> str:
    seconds = max(0, int((now or time.time()) - modified))
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "just now"


def describe(info: SaveInfo) -> str:
    """One line of a saves listing, safe to print (a header's bytes are shown escaped)."""
    if info.problem:
        problem = info.problem if info.problem.startswith("not a save") else f"damaged: {info.problem}"
        return clean_text(f"{info.name:20} {problem}")
    return clean_text(f"{info.name:20} {clean_text(info.scenario, 40):16} {clean_text(info.players, 80):32} "
                      f"{info.commands:5} command{' ' if info.commands == 1 else 's'}  "
                      f"{describe_age(info.modified)}")


def names(folder: str | Path | None = None) -> Sequence[str]:
    """Save names for completion (cheap: no file is read)."""
    try:
        return sorted(p.stem for p in saves_dir(folder).glob("*" + SUFFIX))
    except OSError:
        return []
