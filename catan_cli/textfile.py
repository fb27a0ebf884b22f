"""Reading a command file or a save: a regular file of UTF-8 text under a size cap (a
leading byte-order mark, which some editors write, is dropped).

Anything else is refused at once, without blocking and without reading without bound: a folder,
a FIFO (``catan run FIFO`` would wait for a writer forever), a device such as ``/dev/zero``
(``load /dev/zero`` would grow without end), a socket, or a file larger than :data:`MAX_BYTES`.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: the largest command file or save read: 4 MiB, some 150,000 commands (a long game is ~500)
MAX_BYTES = 4 * 1024 * 1024


class UnusableFile(Exception):
    """A path that is not a regular file of at most :data:`MAX_BYTES`; the message says what
    it is instead ("is a folder", "is not a regular file (a FIFO)", "is larger than 4 MiB")."""


def file_kind(mode: int) -> str:
    """What a file of this ``st_mode`` is, as the refusals say it ("a FIFO", "a link" ...)."""
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_text_file(path: str | Path, limit: int = MAX_BYTES, follow_links: bool = True) -> str:
    """The text of ``path``.  UnusableFile for anything but a regular file of at most
    ``limit`` bytes (and, with ``follow_links=False``, for a symbolic link: a server reading
    its own saves folder must not be led outside it); OSError (FileNotFoundError ...) and
    UnicodeDecodeError as ``open`` gives them.  A leading UTF-8 BOM is not part of the text.  The file is opened without blocking, so a
    FIFO never makes this wait."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise UnusableFile("is a folder") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow_links:
            raise UnusableFile("is a link, not a regular file") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnusableFile(f"is {file_kind(info.st_mode)}")
        if info.st_size > limit:
            raise UnusableFile(f"is larger than {_size(limit)} ({_size(info.st_size)})")
        data = read_capped(fd, limit)
        if data is None:       # it grew while being read
            raise UnusableFile(f"is larger than {_size(limit)}")
    finally:
        os.close(fd)
    return data.decode("utf-8-sig")


def read_capped(fd: int, limit: int) -> bytes | None:
    """Every byte left in the open file ``fd``, or None as soon as there are more than
    ``limit`` of them (a file that grows while it is read is refused, not followed)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)


def _size(n: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            value = n / scale
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{n} bytes"


__all__ = ["MAX_BYTES", "UnusableFile", "read_capped", "read_text_file"]
