"""The SSH side: who gets in (see :mod:`.auth`), how many, and what they may open.

Only interactive sessions are served (a shell, or ``ssh -t host join TABLE``): no program
runs, and SFTP, SCP, port and agent forwarding and X11 are all refused.  Keepalives notice a
vanished client, so its seat is freed for its own return.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import asyncssh

from .auth import Accounts, check_name
from .conn import Client
from .hub import Hub
from .limits import ConnectionCounter

LOGIN_TIMEOUT = 30.0
KEEPALIVE_INTERVAL = 15.0
KEEPALIVE_COUNT = 3


class GameSSHServer(asyncssh.SSHServer):
    """One per connection: checks the caps and the login, and names the player."""

    def __init__(self, hub: Hub, accounts: Accounts, counter: ConnectionCounter) -> None:
        self.hub, self.accounts, self.counter = hub, accounts, counter
        self.address = ""
        self.admitted = False
        self.name: str | None = None
        self.problem: str | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        refusal = self.counter.admit(self.address)
        if refusal is not None:
            self.hub.log(f"refused a connection from {self.address}: {refusal}")
            conn.close()
            return
        self.admitted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted:
            self.admitted = False
            self.counter.release(self.address)

    def begin_auth(self, username: str) -> bool:
        if self.accounts.open:
            try:
                self.name = check_name(username)
            except ValueError as exc:
                self.problem = str(exc)
            return False          # --open: no login at all (127.0.0.1 only)
        return True

    def public_key_auth_supported(self) -> bool:
        return bool(self.accounts.keys)

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh calls this again, with the signature, right before the login succeeds,
        # so the name kept is the one of the key actually proven
        name = self.accounts.name_for_key(key)
        if name is None:
            return False
        self.name = name
        return True

    def password_auth_supported(self) -> bool:
        return bool(self.accounts.passwords)

    def validate_password(self, username: str, password: str) -> bool:
        name = self.accounts.name_for_password(username, password)
        if name is None:
            return False
        self.name = name
        return True

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> Any:
        return Client(self.hub, self.name, self.problem)


async def listen(hub: Hub, accounts: Accounts, host: str, port: int, key_path: Path) -> Any:
    """Start listening; returns the asyncssh server (``.sockets`` tell the port)."""
    counter = ConnectionCounter(hub.limits.per_address, hub.limits.total)
    return await asyncssh.create_server(
        lambda: GameSSHServer(hub, accounts, counter), host, port,
        server_host_keys=[str(key_path)], encoding=None, line_editor=False,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
        login_timeout=LOGIN_TIMEOUT, keepalive_interval=KEEPALIVE_INTERVAL, keepalive_count_max=KEEPALIVE_COUNT)


def bound_port(listener: Any) -> int:
    return int(listener.sockets[0].getsockname()[1])
