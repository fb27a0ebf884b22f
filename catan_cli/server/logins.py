"""Who is still logging in, and how hard they may guess.

- :class:`PreLogin` counts the connections that have not logged in yet, per address and in
  all, apart from the players' own slots (:class:`~.limits.ConnectionCounter`): connections
  that never log in can fill only this pool, never a player's place.  When the pool is full
  the oldest waiting connection of the busiest address gives way to the newcomer, so idle
  connections renewed from many addresses cannot keep a real login out for long.
- :class:`LoginGuard` remembers failed password logins for a while, by address and by user:
  each attempt after a failure waits (doubling with every failure, before the password is
  even looked at, so hanging up early saves nothing), and past ``Limits.lockout_after``
  failures that address, or that user, may not log in by password until the window has
  passed.  Keys cannot be guessed, so a key login is never delayed or locked out.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from typing import Callable, Generic, TypeVar

from .limits import Limits

T = TypeVar("T")
REMEMBERED = 10_000        # addresses and users whose failures are kept (the oldest go first)


class PreLogin(Generic[T]):
    """Connections not logged in yet (``T``: whatever stands for one), capped."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address, self.total = per_address, total
        self.by_address: dict[str, list[T]] = {}

    def __len__(self) -> int:
        return sum(len(waiting) for waiting in self.by_address.values())

    def admit(self, address: str, conn: T) -> tuple[str | None, T | None]:
        """(why not, None), or (None, a connection that must give way, if any)."""
        waiting = self.by_address.get(address, [])
        if len(waiting) >= self.per_address:
            return f"too many logins under way from {address}", None
        evicted = None
        if len(self) >= self.total:
            busiest = max(self.by_address.values(), key=len)
            evicted = busiest.pop(0)
            self._tidy()
        self.by_address.setdefault(address, []).append(conn)
        return None, evicted

    def release(self, address: str, conn: T) -> None:
        waiting = self.by_address.get(address, [])
        if conn in waiting:
            waiting.remove(conn)
        self._tidy()

    def _tidy(self) -> None:
        for address in [a for a, waiting in self.by_address.items() if not waiting]:
            del self.by_address[address]


class LoginGuard:
    """Failed password logins by address and by user, within ``Limits.lockout_window``."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits, self.clock = limits, clock
        self.failures: OrderedDict[str, deque[float]] = OrderedDict()   # "a:ADDRESS" / "u:USER"

    def _recent(self, key: str) -> int:
        stamps = self.failures.get(key)
        if stamps is None:
            return 0
        cutoff = self.clock() - self.limits.lockout_window
        while stamps and stamps[0] < cutoff:
            stamps.popleft()
        if not stamps:
            del self.failures[key]
            return 0
        return len(stamps)

    def counts(self, address: str, user: str) -> tuple[int, int]:
        return self._recent(f"a:{address}"), self._recent(f"u:{user}")

    def locked(self, address: str, user: str) -> str | None:
        """Why a password login is refused unchecked now, or None."""
        by_address, by_user = self.counts(address, user)
        if by_address >= self.limits.lockout_after:
            return f"{address} is locked out after {by_address} failed logins"
        if by_user >= self.limits.lockout_after:
            return f"user locked out after {by_user} failed logins"
        return None

    def delay(self, address: str, user: str) -> float:
        """Seconds the next attempt waits: none before any failure, then doubling."""
        failures = max(self.counts(address, user))
        if failures == 0:
            return 0.0
        return float(min(self.limits.login_delay_max, self.limits.login_delay * 2 ** (failures - 1)))

    def failed(self, address: str, user: str) -> int:
        """Count a failure; the number of recent failures from that address."""
        now = self.clock()
        for key in (f"a:{address}", f"u:{user}"):
            stamps = self.failures.pop(key, None) or deque()
            stamps.append(now)
            if len(stamps) > 4 * self.limits.lockout_after:      # enough to know it is locked
                stamps.popleft()
            self.failures[key] = stamps                           # newest last
        while len(self.failures) > REMEMBERED:
            self.failures.popitem(last=False)
        return self._recent(f"a:{address}")
