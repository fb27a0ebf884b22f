"""Limits that keep one client from crowding out the others."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    max_line: int = 500            # characters in one input line
    lines_per_second: float = 8.0  # sustained input rate ...
    burst: int = 20                # ... and how many lines may come at once
    keys_per_second: float = 1000.0  # keys handed to a screen: a paste of a long line at once,
    key_burst: int = 1000            # never a flood of key presses for the screen to process
    idle_timeout: float = 600.0    # seconds a lobby connection may sit silent
    per_address: int = 8           # logged-in connections from one address
    total: int = 200               # logged-in connections in all
    login_timeout: float = 10.0    # seconds a connection has to log in
    prelogin_per_address: int = 4  # connections still logging in, from one address ...
    prelogin_total: int = 32       # ... and in all: a pool apart, never the players' places
    login_delay: float = 0.5       # seconds an attempt waits after a failed password login,
    login_delay_max: float = 8.0   # doubling with each failure (by address or user) up to this
    lockout_after: int = 10        # failed password logins (by address, or by user) that lock
    lockout_window: float = 300.0  # password logins until this long after the last failure
    takeover: float | None = None  # seconds before a bot plays a dropped seat (None: never)
    max_output: int = 4 << 20      # bytes queued for a client that does not read: then it is dropped


class TokenBucket:
    """``rate`` events a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def available(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def take(self) -> bool:
        if self.available() >= 1:
            self.tokens -= 1
            return True
        return False

    def take_up_to(self, wanted: int) -> int:
        """As many of ``wanted`` events as the bucket allows now (taken)."""
        got = min(wanted, int(self.available()))
        self.tokens -= got
        return max(0, got)


class ConnectionCounter:
    """Open connections by address, refusing past the caps."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address, self.total = per_address, total
        self.by_address: Counter[str] = Counter()

    def admit(self, address: str) -> str | None:
        """None (and counted) when the connection may stay, else why not."""
        if sum(self.by_address.values()) >= self.total:
            return "the server is full; try again later"
        if self.by_address[address] >= self.per_address:
            return f"too many connections from {address}"
        self.by_address[address] += 1
        return None

    def release(self, address: str) -> None:
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]
