"""``catan serve``: a game server over SSH.

One process hosts many tables.  A connection lands in the lobby (:mod:`.hub`), sits at a
table (:mod:`.table`) whose screens are pushed to every seat after each move, and is let in
by key or password (:mod:`.auth`; logins slowed, locked out and pooled by :mod:`.logins`)
with limits on what one client may cost (:mod:`.limits`; its input bounded by
:mod:`.keyfilter`).  The SSH plumbing is :mod:`.ssh` and :mod:`.conn`; tables are kept in the
saves folder (:mod:`.store`), each move saved before anyone sees it, their seeds secret until
the game ends (:mod:`.seal`).
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
    (Ctrl-C) or stopped by SIGTERM or SIGHUP; then every client is told why in one line."""
    from . import hostkey
    from .ssh import bound_port, listen

    key = hostkey.ensure(key_path)
    notes = await hub.restore()
    listener: Any = await listen(hub, accounts, host, port, key)
    stop = asyncio.Event()
    why = ["its host stopped it"]
    loop = asyncio.get_running_loop()

    def stopped(name: str) -> None:
        why[0] = f"its host stopped it ({name})"
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGHUP):
        try:       # a service manager's stop ends the server as Ctrl-C does: saves written
            loop.add_signal_handler(sig, stopped, sig.name)
        except (NotImplementedError, RuntimeError, ValueError):
            pass
    try:
        ready(bound_port(listener), notes)
        await stop.wait()
    except asyncio.CancelledError:            # asyncio.run's answer to Ctrl-C
        why[0] = "its host pressed Ctrl-C"
        raise
    finally:
        for sig in (signal.SIGTERM, signal.SIGHUP):
            try:
                loop.remove_signal_handler(sig)
            except (NotImplementedError, RuntimeError, ValueError):
                pass
        listener.close()
        await goodbye(hub, why[0])
        hub.shutdown()


async def goodbye(hub: Hub, why: str, timeout: float = 2.0) -> None:
    """Tell every connection why the server stops, and give the words time to leave."""
    connections = set()
    for client in list(hub.clients):
        try:
            connections.add(client.chan.get_connection())
        except AttributeError:
            pass
    hub.tell_everyone(why)
    waits = [conn.wait_closed() for conn in connections]
    if waits:
        try:
            await asyncio.wait_for(asyncio.gather(*waits, return_exceptions=True), timeout)
        except asyncio.TimeoutError:
            pass
