"""The server's SSH host key: created once, readable by its owner only."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import CatanError

HOST_KEY_NAME = "ssh_host_ed25519_key"


def default_path() -> Path:
    import platformdirs

    return platformdirs.user_data_path("catan", appauthor=False) / HOST_KEY_NAME


def ensure(path: Path | None = None) -> Path:
    """The private host key at ``path``, generated (ed25519, mode 0600) when missing.  An
    existing key others may read is refused: it may have leaked, so the owner decides."""
    import asyncssh

    path = path or default_path()
    try:
        info = path.stat()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = asyncssh.generate_private_key("ssh-ed25519").export_private_key()
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        return path
    except OSError as exc:
        raise CatanError(f"cannot use host key {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise CatanError(f"host key {path} is not a regular file")
    mode = stat.S_IMODE(info.st_mode)
    if mode & 0o077:
        raise CatanError(f"host key {path} has mode {mode:04o}, so other users may read it: "
                         f"run 'chmod 600 {path}' (or delete it to make a new one)")
    return path
