"""``catan serve``: a game server over SSH.

One process hosts many tables.  A connection lands in the lobby (:mod:`.hub`), sits at a
table (:mod:`.table`) whose screens are pushed to every seat after each move, and is let in
by key or password (:mod:`.auth`; logins slowed, locked out and pooled by :mod:`.logins`)
with limits on what one client may cost (:mod:`.limits`; its input bounded by
:mod:`.keyfilter`).  The SSH plumbing is :mod:`.ssh` and :mod:`.conn`; tables are kept in the
saves folder (:mod:`.store`).
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any, Callable

from . import quiet_crypto  # noqa: F401 - first: before any module here imports asyncssh
from .auth import Accounts
from .hub import Defaults, Hub
from .limits import Limits

DEFAULT_PORT = 8022
DEFAULT_HOST = "127.0.0.1"

__all__ = ["Accounts", "Defaults", "Hub", "Limits", "serve", "DEFAULT_HOST", "DEFAULT_PORT"]


async def serve(hub: Hub, accounts: Accounts, host: str, port: int, key_path: Path | None,
                ready: Callable[[int, list[str]], None]) -> None:
    """Reopen the saved tables, listen, call ``ready(port, notes)``, serve until cancelled
    or stopped by SIGTERM or SIGHUP."""
    from . import hostkey
    from .ssh import bound_port, listen

    key = hostkey.ensure(key_path)
    notes = await hub.restore()
    listener: Any = await listen(hub, accounts, host, port, key)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGHUP):
        try:       # a service manager's stop ends the server as Ctrl-C does: saves written
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):
            pass
    try:
        ready(bound_port(listener), notes)
        await stop.wait()
    finally:
        for sig in (signal.SIGTERM, signal.SIGHUP):
            try:
                loop.remove_signal_handler(sig)
            except (NotImplementedError, RuntimeError, ValueError):
                pass
        listener.close()
        hub.shutdown()
