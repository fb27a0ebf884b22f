"""Reading tables back from the saves folder, and nothing outside it.

A table is saved as ``saves/table-NAME.catan`` (an ordinary save, its seed sealed while the
game runs) beside ``saves/table-NAME.json`` (who holds which seat) and
``saves/table-NAME.seal`` (the secret seed, mode 600: :mod:`.seal`).  Only names are ever taken from a client,
never paths; the file must be a regular file (no FIFO, device or symlink) of bounded size,
read without blocking; the seat file goes through the one JSON reader
(:mod:`catan_cli.boundedjson`) and its schema.  A table that cannot be restored, for whatever
reason, is one SaveError: the server reports it and restores the others.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import boundedjson as bj
from .. import saves
from ..errors import CatanError, SaveError
from ..safetext import clean_text
from ..textfile import UnusableFile, read_text_file
from .seal import Seal, is_sealed
from .table import SAVE_PREFIX, check_table_name, owners_from

MAX_SAVE_BYTES = 2 << 20      # a long game is ~20 KB
MAX_SIDECAR_BYTES = 64 << 10
MAX_SEAL_BYTES = 256
SEAL_SUFFIX = ".seal"
_LOGIN = bj.Str(16, re.compile(r"(?:[a-z][a-z0-9_-]{0,15})?"), "a player's login name")
#: what a seat file may hold (keys added by later versions are let through as plain JSON)
SIDECAR_SCHEMA = bj.Obj({"format": bj.Str(64), "table": bj.Str(64), "creator": _LOGIN,
                         "owners": bj.MapOf(bj.Str(64), bj.Str(64), 16), "started": bj.Bool(),
                         "updated": bj.Num(0, 1e12)},
                        optional=frozenset({"format", "table", "creator", "started", "updated"}), extra=bj.ANY)


def read_bounded(path: Path, limit: int) -> str:
    """The text of a regular file (not a link) of at most ``limit`` bytes; SaveError otherwise."""
    try:
        return read_text_file(path, limit, follow_links=False)
    except FileNotFoundError:
        raise SaveError(f"no save named {path.stem!r}") from None
    except UnusableFile as exc:
        raise SaveError(f"{path.name} {exc}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path.name} is not text") from None
    except OSError as exc:
        raise SaveError(f"cannot read {path.name}: {exc.strerror or exc}") from None


@dataclass
class StoredTable:
    name: str
    session: Any          # a catan_cli.session.Session
    owners: dict[str, str]
    creator: str
    started: bool
    seal: Seal | None = None      # None: a table saved before seeds were sealed, or a game over


def save_name(table: str) -> str:
    return SAVE_PREFIX + check_table_name(table)


def seal_path(folder: str | None, table: str) -> Path:
    return saves.saves_dir(folder) / f"{save_name(table)}{SEAL_SUFFIX}"


def write_seal(folder: str | None, table: str, seal: Seal) -> None:
    """The secret seed, readable by the server's user only; OSError propagates."""
    saves.write_atomic(seal_path(folder, table), seal.file_text(), mode=0o600)


def read_seal(folder: str | None, table: str) -> Seal:
    path = seal_path(folder, table)
    return Seal.parse(read_bounded(path, MAX_SEAL_BYTES), path.name)


def sidecar(folder: str | None, table: str) -> dict[str, Any]:
    path = saves.saves_dir(folder) / f"{save_name(table)}.json"
    try:
        data: dict[str, Any] = bj.read_json_file(path, path.name, SIDECAR_SCHEMA, MAX_SIDECAR_BYTES)
    except FileNotFoundError:
        raise SaveError(f"no save named {path.stem!r}") from None
    return data


def load(folder: str | None, table: str) -> StoredTable:
    """A table from its save and sidecar; SaveError (one line) when either is unusable."""
    from ..session import Session

    name = save_name(table)
    data = sidecar(folder, table)
    path = saves.saves_dir(folder) / f"{name}{saves.SUFFIX}"
    try:
        text = read_bounded(path, MAX_SAVE_BYTES)
        seal = None
        if is_sealed(text):
            seal = read_seal(folder, table)
            text = seal.unsealed(text, path.name)
        game, cf = saves.replay_save(text, name)
        session = Session(game, cf.header, save_name=name, saves_folder=folder, autosave=False,
                          hints=data.get("hints") is not False)   # a table opened with --no-hints
    except CatanError as exc:      # it may quote the file: shown cleaned, in one line
        raise SaveError(clean_text(str(exc), 300)) from None
    except Exception as exc:   # a fault that must cost this table only
        raise SaveError(f"{name} cannot be restored ({exc.__class__.__name__})") from None
    try:
        owners = owners_from(data, cf.header.players)
    except CatanError:
        raise SaveError(f"{name}.json is damaged") from None
    creator = str(data.get("creator", ""))
    return StoredTable(table, session, owners, creator, bool(data.get("started")), seal)


def owns(folder: str | None, table: str, player: str) -> bool:
    try:
        data = sidecar(folder, table)
    except CatanError:
        return False
    owners = data.get("owners")
    return isinstance(owners, dict) and player in owners.values()


def stored_tables(folder: str | None) -> list[str]:
    """Names of the tables saved in the folder (a sidecar and a save each)."""
    root = saves.saves_dir(folder)
    try:
        paths = sorted(root.glob(f"{SAVE_PREFIX}*.json"))
    except OSError:
        return []
    out = []
    for path in paths:
        table = path.stem[len(SAVE_PREFIX):]
        try:
            check_table_name(table)
        except CatanError:
            continue
        if os.path.lexists(root / f"{path.stem}{saves.SUFFIX}"):   # a FIFO or link too: refused, and said
            out.append(table)
    return out
