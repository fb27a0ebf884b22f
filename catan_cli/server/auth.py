"""Who may connect, and under which player name.

- ``--authorized-keys FILE``: OpenSSH public keys, one a line; the key's comment names the
  player (``ssh-ed25519 AAAA... alice``), or a ``--users FILE`` line ``alice SHA256:...``
  (the fingerprint ``ssh-keygen -lf KEY.pub`` prints) does.
- ``--password-file FILE``: ``NAME:PASSWORD`` lines, this server's passwords (the file must
  not be readable by others).
- ``--open``: no check at all, the SSH user name is the player's name; only on 127.0.0.1.

With keys or passwords the name comes from the server's files, never from the client, so
one player cannot pose as another: the SSH user name is ignored for keys.
"""

from __future__ import annotations

import hmac
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import CatanError

NAME_RE = re.compile(r"[a-z][a-z0-9_-]{0,15}")
LOCAL_HOSTS = ("127.0.0.1",)


def check_name(name: str, where: str = "") -> str:
    if not NAME_RE.fullmatch(name):
        raise CatanError(f"{where}{name[:40]!r} is not a player name: a lowercase letter, then up to 15 "
                         "lowercase letters, digits, '-' or '_'")
    return name


def _read(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatanError(f"cannot read {what} {path}: {getattr(exc, 'strerror', None) or exc}") from None


@dataclass
class Accounts:
    """The names keys and passwords stand for; ``open`` lets anyone in by SSH user name."""

    keys: dict[str, str] = field(default_factory=dict)        # sha256 fingerprint -> name
    passwords: dict[str, str] = field(default_factory=dict)   # name -> password
    open: bool = False

    @property
    def empty(self) -> bool:
        return not self.keys and not self.passwords and not self.open

    def name_for_key(self, key: Any) -> str | None:
        return self.keys.get(str(key.get_fingerprint("sha256")))

    def name_for_password(self, username: str, password: str) -> str | None:
        expected = self.passwords.get(username)
        if expected is None:
            hmac.compare_digest(password.encode(), b"\0" * 16)   # the same time either way
            return None
        return username if hmac.compare_digest(password.encode(), expected.encode()) else None


def load(authorized_keys: Path | None = None, users: Path | None = None,
         password_file: Path | None = None, open_: bool = False, host: str = "127.0.0.1") -> Accounts:
    """The accounts of the options; CatanError (one line) for anything unusable."""
    if open_ and host not in LOCAL_HOSTS:
        raise CatanError(f"--open lets anyone in without a login: it only listens on 127.0.0.1, not {host}")
    accounts = Accounts(open=open_)
    names_by_print = _users(users) if users else {}
    if authorized_keys:
        accounts.keys = _keys(authorized_keys, names_by_print)
    elif users:
        raise CatanError("--users names the keys of --authorized-keys: give that file too")
    if password_file:
        accounts.passwords = _passwords(password_file)
    if accounts.empty:
        raise CatanError("nobody could log in: give --authorized-keys FILE and/or --password-file FILE "
                         "(or --open, on 127.0.0.1 only, to let anyone in)")
    return accounts


def _users(path: Path) -> dict[str, str]:
    out = {}
    for number, raw in enumerate(_read(path, "users file").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2 or not parts[1].startswith("SHA256:"):
            raise CatanError(f"{path}:{number}: write 'NAME SHA256:FINGERPRINT'")
        out[parts[1]] = check_name(parts[0], f"{path}:{number}: ")
    return out


def _keys(path: Path, names_by_print: dict[str, str]) -> dict[str, str]:
    import asyncssh

    out: dict[str, str] = {}
    for number, raw in enumerate(_read(path, "authorized keys file").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            key = asyncssh.import_public_key(line)
        except (asyncssh.KeyImportError, ValueError) as exc:
            raise CatanError(f"{path}:{number}: not a public key ({exc}); options before the key "
                             "are not supported") from None
        print_ = str(key.get_fingerprint("sha256"))
        comment = key.get_comment()
        name = names_by_print.get(print_) or (comment.lower() if comment else None)
        if not name:
            raise CatanError(f"{path}:{number}: the key has no comment naming its player; add one "
                             "or name it in --users")
        out[print_] = check_name(name, f"{path}:{number}: ")
    if not out:
        raise CatanError(f"{path} holds no keys")
    return out


def _passwords(path: Path) -> dict[str, str]:
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError as exc:
        raise CatanError(f"cannot read password file {path}: {exc.strerror or exc}") from None
    if mode & 0o077:
        raise CatanError(f"password file {path} has mode {mode:04o}, so other users may read it: "
                         f"run 'chmod 600 {path}'")
    out = {}
    for number, raw in enumerate(_read(path, "password file").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, password = line.partition(":")
        if not sep or not password:
            raise CatanError(f"{path}:{number}: write 'NAME:PASSWORD'")
        out[check_name(name.strip(), f"{path}:{number}: ")] = password
    if not out:
        raise CatanError(f"{path} holds no passwords")
    return out
