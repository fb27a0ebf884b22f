"""Logging in to `catan serve` (issue 42): failed password logins are slowed and then locked
out, by address and by user; every login, failed or not, is one escape-cleaned line of the
log; connections still logging in have a pool of their own, capped per address and in all,
and a short deadline, so they never take a logged-in player's place.

The loopback tests connect from several addresses of 127.0.0.0/8 (Linux routes them all to
this machine)."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ssh_helpers import Server, running  # noqa: E402

from catan_cli.server import auth  # noqa: E402
from catan_cli.server.limits import Limits  # noqa: E402
from catan_cli.server.logins import LoginGuard, PreLogin  # noqa: E402

linux_loopback = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                    reason="needs the whole of 127.0.0.0/8 on loopback")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# ---------------------------------------------------------------------- the parts


def test_each_failure_doubles_the_wait_by_address_and_by_user() -> None:
    limits = Limits(login_delay=0.5, login_delay_max=4, lockout_after=100)
    guard = LoginGuard(limits, Clock())
    assert guard.delay("10.0.0.1", "bob") == 0                    # no failure: no wait
    waits = []
    for _ in range(6):
        guard.failed("10.0.0.1", "bob")
        waits.append(guard.delay("10.0.0.1", "someone"))          # the address's failures
    assert waits == [0.5, 1, 2, 4, 4, 4]
    assert guard.delay("10.0.0.9", "bob") == 4                    # the user's failures, elsewhere
    assert guard.delay("10.0.0.9", "carol") == 0


def test_a_lockout_by_address_or_user_lasts_while_failures_are_recent() -> None:
    clock = Clock()
    guard = LoginGuard(Limits(lockout_after=3, lockout_window=60), clock)
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        assert guard.locked(address, "bob") is None
        guard.failed(address, "bob")                              # one guess from each address
    assert guard.locked("10.0.0.4", "bob") == "user locked out after 3 failed logins"
    assert guard.locked("10.0.0.4", "carol") is None
    for _ in range(3):
        guard.failed("10.0.0.5", f"user{_}")
    assert guard.locked("10.0.0.5", "alice") == "10.0.0.5 is locked out after 3 failed logins"
    clock.now += 61                                               # the window has passed
    assert guard.locked("10.0.0.4", "bob") is None and guard.locked("10.0.0.5", "alice") is None


def test_the_guard_remembers_a_bounded_number_of_addresses() -> None:
    guard = LoginGuard(Limits(), Clock())
    for i in range(30_000):
        guard.failed(f"10.{i >> 16}.{(i >> 8) & 255}.{i & 255}", "bob")
    assert len(guard.failures) <= 10_000


def test_the_login_pool_is_capped_per_address_and_the_busiest_address_gives_way() -> None:
    pool: PreLogin[str] = PreLogin(per_address=2, total=3)
    assert pool.admit("a", "a1") == (None, None)
    assert pool.admit("a", "a2") == (None, None)
    assert pool.admit("a", "a3") == ("too many logins under way from a", None)
    assert pool.admit("b", "b1") == (None, None)
    assert pool.admit("c", "c1") == (None, "a1")                  # full: a's oldest goes
    assert len(pool) == 3
    pool.release("c", "c1")
    pool.release("a", "a1")                                       # already gone: no harm
    assert len(pool) == 2 and pool.admit("c", "c2") == (None, None)


def test_a_flood_of_refused_connections_is_a_log_line_every_ten_seconds() -> None:
    from types import SimpleNamespace

    from catan_cli.server.ssh import Gate

    log: list[str] = []
    hub = SimpleNamespace(log=log.append)
    gate = Gate.of(Limits())
    for _ in range(5000):
        gate.refused(hub, "10.0.0.1", "too many logins under way from 10.0.0.1")  # type: ignore[arg-type]
    gate.refused(hub, "10.0.0.2", "too many logins under way from 10.0.0.2")  # type: ignore[arg-type]
    assert log == ["refused a connection from 10.0.0.1: too many logins under way from 10.0.0.1",
                   "refused a connection from 10.0.0.2: too many logins under way from 10.0.0.2"]
    gate.quiet["10.0.0.1"] = (gate.quiet["10.0.0.1"][0] - 11, gate.quiet["10.0.0.1"][1])   # ten seconds on
    gate.refused(hub, "10.0.0.1", "too many logins under way from 10.0.0.1")  # type: ignore[arg-type]
    assert log[-1].endswith("(and 4999 more since the last line)")


# ---------------------------------------------------------------------- over SSH


async def _login(server: Server, user: str, password: str, address: str = "127.0.0.1") -> Any:
    return await asyncio.wait_for(asyncssh.connect(
        "127.0.0.1", server.port, username=user, password=password, known_hosts=None, client_keys=None,
        agent_path=None, preferred_auth="password", local_addr=(address, 0)), 10)


async def _refused(server: Server, user: str, password: str, address: str = "127.0.0.1") -> float:
    start = time.monotonic()
    with pytest.raises(asyncssh.PermissionDenied):
        await _login(server, user, password, address)
    return time.monotonic() - start


def _passwords(tmp_path: Path) -> auth.Accounts:
    path = tmp_path / "passwords"
    path.write_text("bob:right-horse\ncarol:battery-staple\n")
    os.chmod(path, 0o600)
    return auth.load(password_file=path)


@linux_loopback
def test_failed_logins_are_slowed_then_locked_out_and_every_login_is_logged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # asyncssh refuses control characters in user names itself; let one through, as another
    # SSH stack might, to see the log clean it
    import asyncssh.connection

    monkeypatch.setattr(asyncssh.connection, "saslprep", lambda text: text)
    limits = Limits(login_delay=0.2, login_delay_max=0.4, lockout_after=3, lockout_window=2.5)

    async def main() -> None:
        async with running(tmp_path, _passwords(tmp_path), limits=limits) as server:
            log: list[str] = []
            server.hub._log = log.append
            assert await _refused(server, "bob", "guess1") < 0.2          # the first costs nothing ...
            assert await _refused(server, "bob\x1b[2J", "guess2") >= 0.2  # ... the next wait
            assert await _refused(server, "bob", "guess3") >= 0.4
            # three failures from 127.0.0.1: even the right password is refused there now ...
            assert await _refused(server, "bob", "right-horse") >= 0.4
            # ... and bob's is refused from anywhere (three failures for bob), carol's is not
            await _refused(server, "bob", "right-horse", "127.0.0.2")
            conn = await _login(server, "carol", "battery-staple", "127.0.0.3")
            conn.close()
            await asyncio.sleep(2.6)                                      # the window passes
            conn = await _login(server, "bob", "right-horse", "127.0.0.2")
            conn.close()
            failed = [line for line in log if line.startswith("failed login")]
            assert len(failed) == 5 and all("\x1b" not in line and "\n" not in line for line in failed)
            assert "'bob\\e[2J' from 127.0.0.1" in failed[1]
            assert "locked out" in failed[3] and "user locked out" in failed[4]
            assert [line for line in log if line.startswith("login:")] == [
                "login: carol from 127.0.0.3 (password)", "login: bob from 127.0.0.2 (password)"]

    asyncio.run(asyncio.wait_for(main(), 60))


@linux_loopback
def test_connections_that_never_log_in_cannot_take_a_players_place(tmp_path: Path) -> None:
    limits = Limits(prelogin_per_address=2, prelogin_total=4, login_timeout=1.5, per_address=8, total=2)

    async def idle(address: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection("127.0.0.1", server.port, local_addr=(address, 0))

    async def closed(reader: asyncio.StreamReader, within: float) -> bool:
        """Whether the server closes the connection within ``within`` seconds."""
        try:
            while await asyncio.wait_for(reader.read(4096), within):
                pass
        except asyncio.TimeoutError:
            return False
        except ConnectionError:
            pass
        return True

    async def main() -> None:
        nonlocal server
        async with running(tmp_path, _passwords(tmp_path), limits=limits) as server:
            log: list[str] = []
            server.hub._log = log.append
            # connections that never log in fill the login pool: two an address at most ...
            idlers = [await idle(f"127.0.0.{n}") for n in (10, 10)]
            extra = await idle("127.0.0.10")
            assert await closed(extra[0], 0.5)
            assert any("too many logins under way from 127.0.0.10" in line for line in log)
            idlers += [await idle("127.0.0.11") for _ in range(2)]          # ... four in all
            # a real login still gets through: the oldest of the busiest address gives way
            bob = await _login(server, "bob", "right-horse")
            carol = await _login(server, "carol", "battery-staple", "127.0.0.2")
            assert sum("the login pool is full" in line for line in log) == 1    # bob made room
            # the deadline closes what is left of the idle connections
            for reader, _ in idlers:
                assert await closed(reader, 3)
            assert any("login: carol from 127.0.0.2" in line for line in log)
            # two players hold both places: a third login is told why it is refused
            process = await (await _login(server, "bob", "right-horse", "127.0.0.3")).create_process(
                term_type="xterm")
            said = await asyncio.wait_for(process.stdout.read(), 5)
            assert "catan: the server is full; try again later" in said
            bob.close()
            carol.close()

    server: Server
    asyncio.run(asyncio.wait_for(main(), 60))

