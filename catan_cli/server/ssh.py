"""The SSH side: who gets in (see :mod:`.auth`), how many, how fast, and what they may open.

Only interactive sessions are served (a shell, or ``ssh -t host join TABLE``): no program
runs, and SFTP, SCP, port and agent forwarding and X11 are all refused.  Keepalives notice a
vanished client, so its seat is freed for its own return.

A connection first waits in the login pool (:class:`~.logins.PreLogin`, capped per address
and in all, ``Limits.login_timeout`` seconds to log in); logged in, it takes a player's place
(:class:`~.limits.ConnectionCounter`), so connections that never log in cannot take the
places of those who did.  Password guessing is slowed and locked out by
:class:`~.logins.LoginGuard`; every login, failed or not, is one line of the server's log.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from .auth import Accounts, check_name
from .conn import Client
from .hub import Hub
from .limits import ConnectionCounter, Limits
from .logins import LoginGuard, PreLogin
from .text import clean

KEEPALIVE_INTERVAL = 15.0
KEEPALIVE_COUNT = 3
REFUSALS_LOGGED = 10.0     # seconds between two log lines of refused connections from one address


@dataclass
class Gate:
    """What every connection of one listener shares: the two pools and the login guard."""

    players: ConnectionCounter
    waiting: "PreLogin[GameSSHServer]"
    guard: LoginGuard

    quiet: dict[str, tuple[float, int]] = field(default_factory=dict)   # address -> (logged at, since)

    @classmethod
    def of(cls, limits: Limits) -> "Gate":
        return cls(ConnectionCounter(limits.per_address, limits.total),
                   PreLogin(limits.prelogin_per_address, limits.prelogin_total), LoginGuard(limits))

    def refused(self, hub: Hub, address: str, why: str) -> None:
        """Log a refused connection: a flood of them is a line every REFUSALS_LOGGED seconds
        an address, with a count, so it cannot fill the log."""
        now = time.monotonic()
        logged, since = self.quiet.get(address, (-REFUSALS_LOGGED, 0))
        if now - logged < REFUSALS_LOGGED:
            self.quiet[address] = (logged, since + 1)
            return
        more = f" (and {since} more since the last line)" if since else ""
        hub.log(f"refused a connection from {address}: {why}{more}")
        if len(self.quiet) > 10_000:
            self.quiet.clear()
        self.quiet[address] = (now, 0)


class GameSSHServer(asyncssh.SSHServer):
    """One per connection: checks the caps and the login, and names the player."""

    def __init__(self, hub: Hub, accounts: Accounts, gate: Gate) -> None:
        self.hub, self.accounts, self.gate = hub, accounts, gate
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.waiting = False          # counted in the login pool
        self.admitted = False         # counted in the players' places
        self.name: str | None = None
        self.method = ""
        self.problem: str | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        refusal, evicted = self.gate.waiting.admit(self.address, self)
        if refusal is not None:
            self.gate.refused(self.hub, self.address, refusal)
            conn.close()
            return
        self.waiting = True
        if evicted is not None:
            evicted.give_way()

    def give_way(self) -> None:
        """The login pool is full and this is the oldest login of the busiest address."""
        self.waiting = False
        self.hub.log(f"closed a login under way from {self.address}: the login pool is full")
        if self.conn is not None:
            self.conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.waiting:
            self.waiting = False
            self.gate.waiting.release(self.address, self)
        if self.admitted:
            self.admitted = False
            self.gate.players.release(self.address)

    def auth_completed(self) -> None:
        """Logged in: out of the login pool, into a player's place (or told why not)."""
        if self.waiting:
            self.waiting = False
            self.gate.waiting.release(self.address, self)
        refusal = self.gate.players.admit(self.address)
        if refusal is not None:
            self.hub.log(f"refused {clean(self.name or '?', 40)} from {self.address}: {refusal}")
            self.problem = self.problem or refusal
            if self.conn is not None:   # the session says why, or the deadline closes it
                asyncio.get_running_loop().call_later(self.hub.limits.login_timeout, self.conn.close)
            return
        self.admitted = True
        if self.problem is None:
            self.hub.log(f"login: {self.name} from {self.address} ({self.method})")

    def begin_auth(self, username: str) -> bool:
        if self.accounts.open:
            try:
                self.name = check_name(username)
            except ValueError as exc:
                self.problem = str(exc)
            self.method = "open"
            return False          # --open: no login at all (127.0.0.1 only)
        return True

    def public_key_auth_supported(self) -> bool:
        return bool(self.accounts.keys)

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh calls this again, with the signature, right before the login succeeds,
        # so the name kept is the one of the key actually proven
        name = self.accounts.name_for_key(key)
        if name is None:
            self.hub.log(f"failed login: '{clean(username, 40)}' from {self.address} "
                         f"(key {key.get_fingerprint('sha256')} is not a player's)")
            return False
        self.name, self.method = name, "key"
        return True

    def password_auth_supported(self) -> bool:
        return bool(self.accounts.passwords)

    async def validate_password(self, username: str, password: str) -> bool:
        guard, who = self.gate.guard, f"'{clean(username, 40)}' from {self.address}"
        delay = guard.delay(self.address, username)
        if delay:               # before the check: hanging up early learns nothing sooner
            await asyncio.sleep(delay)
        locked = guard.locked(self.address, username)     # (after the wait: others failed meanwhile)
        name = None if locked else self.accounts.name_for_password(username, password)
        if name is None:
            failures = guard.failed(self.address, username)
            why = locked or "wrong user or password"
            self.hub.log(f"failed login: {who} (password: {why}; {failures} failed from {self.address} "
                         f"in {int(self.hub.limits.lockout_window)} s)")
            return False
        self.name, self.method = name, "password"
        return True

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> Any:
        return Client(self.hub, self.name, self.problem)


async def listen(hub: Hub, accounts: Accounts, host: str, port: int, key_path: Path) -> Any:
    """Start listening; returns the asyncssh server (``.sockets`` tell the port)."""
    gate = Gate.of(hub.limits)
    return await asyncssh.create_server(
        lambda: GameSSHServer(hub, accounts, gate), host, port,
        server_host_keys=[str(key_path)], encoding=None, line_editor=False,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
        login_timeout=hub.limits.login_timeout, keepalive_interval=KEEPALIVE_INTERVAL, keepalive_count_max=KEEPALIVE_COUNT)


def bound_port(listener: Any) -> int:
    return int(listener.sockets[0].getsockname()[1])
