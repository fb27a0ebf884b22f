"""The bounded key filter every connection's input passes (issue 42): keys and lines within
the connection's allowance, lines within the length cap, noise never; and, through real SSH
clients, a flood into a seated full-screen client that costs only that client.

What must hold: a 1 MB paste of Enter keys and a 5 MB paste of text into a seated
full-screen client (80x24) leave another client's `who` answered within 200 ms (median) and
1 s (worst); the flooding client's screen is drawn at most once a frame; the flood is
announced once, to the flooder only.
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import time
from pathlib import Path

import pytest

pytest.importorskip("asyncssh")

from ssh_helpers import Server, Terminal, keyed  # noqa: E402

from catan_cli.server.keyfilter import CLEAR, KeyFilter  # noqa: E402
from catan_cli.server.limits import TokenBucket  # noqa: E402
from catan_cli.server.tui import FRAME  # noqa: E402


class Filter:
    """A KeyFilter with its allowances and its notices in view."""

    def __init__(self, lines: int = 100, keys: int = 1000, max_line: int = 500) -> None:
        self.lines = lines
        self.notices: list[str] = []
        self.keys = TokenBucket(0.001, keys)          # (almost) no refill: counts are exact
        self.filter = KeyFilter(max_line, self.keys, self.line_token, self.notices.append)

    def line_token(self) -> bool:
        self.lines -= 1
        return self.lines >= 0

    def __call__(self, *chunks: bytes) -> str:
        return "".join(self.filter.feed(chunk) for chunk in chunks)


def test_keys_pass_and_what_could_hurt_is_dropped() -> None:
    f = Filter()
    assert f(b"build road 20-21\r") == "build road 20-21\r"
    assert f(b"ab\x1b[A\x1b[5~\tc\r\n") == "ab\x1b[A\x1b[5~\tc\r"            # arrows, PgUp, Tab
    assert f(b"say x\r", b"\nnext\r") == "say x\rnext\r"                    # CR LF split: one Enter
    assert f("größe".encode()[:3], "größe".encode()[3:] + b"\r") == "größe\r"   # UTF-8 split
    # mouse reports, C1 controls, OSC titles, bidi marks, bells, pastes' brackets: never handed on
    assert f("a\x1b[31mb\x1b[<0;1;1Mc\u009b1md\u202ee\x07\x1b]0;t\r".encode()) == "abc1mde0;t\r"
    assert f(b"\x1b[200~paste\x1b[201~\r") == "paste\r"
    assert f.notices == []


def test_a_line_past_the_cap_is_refused_whole_with_one_notice() -> None:
    f = Filter()
    assert f(b"x" * 600, b"y" * 100_000, b"\r") == "x" * 500 + CLEAR
    assert f.notices == ["✗ line refused: longer than 500 characters\n"]
    assert f(b"ok\r") == "ok\r"                                             # the next line is fine


def test_lines_past_the_allowance_are_dropped_and_the_flood_announced_once() -> None:
    f = Filter(lines=1)
    assert f(b"one\rtwo\rthree\r") == "one\r" + "two" + CLEAR + "three" + CLEAR
    assert f.notices == ["✗ too fast: some lines were dropped\n"]


@pytest.mark.parametrize("flood, notices", [(b"\r" * 1_000_000, 1), (b"x" * 5_000_000, 1), (b"\x1b" * 200_000, 0),
                                            (b"\x7f\t\x1b[A" * 100_000, 1), (b"ab\r" * 300_000, 1),
                                            (bytes(range(32)) * 30_000, 1)])
def test_a_flood_hands_on_no_more_keys_than_the_allowance(flood: bytes, notices: int) -> None:
    f = Filter(lines=20, keys=1000)
    flood += b"\r"                                  # (a long line's notice comes at its Enter)
    keys = f(*(flood[i:i + 32768] for i in range(0, len(flood), 32768)))
    presses = len(re.sub(r"\x1b\[[0-9;]*.|\x1b.", "k", keys))  # an arrow's sequence is one key
    assert presses <= 1000 + 2 * 20 + 2             # the allowance, and a CLEAR per line given up
    assert keys.count("\r") <= 20
    assert len(f.notices) == notices            # noise is not announced: it is never a key
    assert all(n.startswith(("✗ too fast", "✗ line refused")) for n in f.notices)


def test_a_flood_is_read_at_c_speed() -> None:
    """The filter skips what it drops in runs: a megabyte of Enter keys, five of text, and
    a megabyte of Escapes each cost well under a second."""
    for flood in (b"\r" * 1_000_000, b"x" * 5_000_000, b"\x1b" * 1_000_000, b"\x00" * 1_000_000,
                  b"\x7f" * 1_000_000, "\u202e".encode() * 300_000):
        f = Filter(lines=20)
        start = time.perf_counter()
        for i in range(0, len(flood), 32768):
            f(flood[i:i + 32768])
        assert time.perf_counter() - start < 0.5, flood[:1]
    f = Filter()
    f(b"x" * 500)                                  # a full line, then a megabyte of noise
    start = time.perf_counter()
    f("\u202e".encode() * 1_000_000)
    assert time.perf_counter() - start < 0.5


def test_the_allowance_comes_back_after_a_flood() -> None:
    f = Filter(keys=10)
    f.keys.rate = 1000.0
    f(b"y" * 100_000 + b"\r")
    time.sleep(0.05)
    assert f(b"say hi\r") == "say hi\r"


# ---------------------------------------------------------------------- through SSH


async def _seated(server: Server) -> tuple[Terminal, Terminal]:
    """alice on the line screen and mallory on the full screen (80x24) at table t."""
    alice = await server.connect("alice", size=(80, 24))
    await alice.until("Welcome")
    await alice.send("screen line")
    await alice.send("new table t --seats red,blue")
    await alice.until("you sit at t as red")
    mallory = await server.connect("mallory", command="join t", size=(80, 24))
    await alice.until("the game at t begins")
    client = next(c for c in server.hub.clients if c.name == "mallory")
    assert client.tui is not None and client.tui.active
    return alice, mallory


async def _who_during(alice: Terminal, mallory: Terminal, flood: bytes) -> list[float]:
    """Send ``flood`` from mallory (reading mallory's screen meanwhile, as a terminal does);
    alice asks `who` about six times a second (within her own line allowance) until the
    server has taken the whole flood and two seconds more.  Returns alice's waits in seconds."""
    async def read() -> None:
        while True:
            await mallory._more()

    reader = asyncio.ensure_future(read())
    mallory.process.stdin.write(flood.decode("latin-1"))
    sent = asyncio.ensure_future(mallory.process.stdin.drain())
    waits: list[float] = []
    done_at: float | None = None
    try:
        while done_at is None or time.monotonic() < done_at + 2:
            start = time.monotonic()
            await alice.send("who")
            await alice.until("connected:", timeout=30)
            waits.append(time.monotonic() - start)
            if done_at is None and sent.done():
                done_at = time.monotonic()
            await asyncio.sleep(0.15)
    finally:
        reader.cancel()
        sent.cancel()
    return waits


def _flood_test(tmp_path: Path, floods: list[bytes]) -> list[list[float]]:
    results: list[list[float]] = []

    async def main() -> None:
        async with keyed(tmp_path, ["mallory", "alice"], table_screen=True) as server:
            alice, mallory = await _seated(server)
            client = next(c for c in server.hub.clients if c.name == "mallory")
            assert client.tui is not None
            renders: list[float] = []
            renderer = client.tui.app.renderer
            render = renderer.render

            def counted(*args: object, **kwargs: object) -> None:
                renders.append(time.monotonic())
                render(*args, **kwargs)  # type: ignore[arg-type]
            renderer.render = counted  # type: ignore[method-assign]
            for flood in floods:
                renders.clear()
                start = time.monotonic()
                results.append(await _who_during(alice, mallory, flood))
                took = time.monotonic() - start
                # however many keys came, mallory's screen was drawn at most once a frame
                assert len(renders) <= took / FRAME + 5, (len(renders), took)
                await asyncio.sleep(20 / 8)               # mallory's allowances come back
            assert server.hub.tables["t"].game.history == []       # no pasted line played
            assert client.tui is not None and len(client.tui.buffer.text) <= 500
            notices = [line for line in client.tui.entries if "too fast" in "".join(t for _, t in line)]
            assert 1 <= len(notices) <= len(floods)                # once per flood, to mallory only
            assert "too fast" not in alice.screen
            await asyncio.sleep(1)
            mallory.type("\x15say still here\r")
            await alice.until("mallory (blue) says: still here", timeout=5)

    asyncio.run(asyncio.wait_for(main(), 300))
    return results


def _report(what: str, waits: list[float]) -> str:
    ms = sorted(w * 1000 for w in waits)
    return f"{what}: who n={len(ms)} median {statistics.median(ms):.1f} ms worst {ms[-1]:.1f} ms"


def test_a_paste_into_the_full_screen_costs_only_the_paster(tmp_path: Path) -> None:
    enter, text = _flood_test(tmp_path, [b"\r" * 100_000, b"x" * 1_000_000])
    for waits in (enter, text):
        assert statistics.median(waits) < 0.2 and max(waits) < 1, _report("flood", waits)


@pytest.mark.slow
def test_a_megabyte_of_enter_and_five_of_text_into_the_full_screen_leave_who_answered(tmp_path: Path) -> None:
    enter, text = _flood_test(tmp_path, [b"\r" * 1_000_000, b"x" * 5_000_000])
    print(f"\n{_report('1 MB of Enter keys', enter)}\n{_report('5 MB of text', text)}\n"
          f"(load average {os.getloadavg()[0]:.1f}; client and server share this process's loop)")
    for waits in (enter, text):
        assert statistics.median(waits) < 0.2 and max(waits) < 1


def test_a_flood_of_window_changes_is_a_few_redraws(tmp_path: Path) -> None:
    """Each redraw builds a frame under the table's lock: a client resizing its window a
    thousand times must not hold up the other seats' moves."""
    async def main() -> None:
        async with keyed(tmp_path, ["mallory", "alice"], table_screen=True) as server:
            alice, mallory = await _seated(server)
            table = server.hub.tables["t"]
            redraws: list[object] = []
            redraw = table.redraw

            async def counted(viewer: object, seat: str | None) -> None:
                redraws.append(viewer)
                await redraw(viewer, seat)  # type: ignore[arg-type]
            table.redraw = counted  # type: ignore[method-assign]
            for i in range(1000):
                mallory.process.change_terminal_size(80 + i % 40, 24 + i % 20)
            await asyncio.sleep(1)
            assert 1 <= len(redraws) <= 5
            client = next(c for c in server.hub.clients if c.name == "mallory")
            assert (client.width, client.height) == (80 + 999 % 40, 24 + 999 % 20)   # the last size holds
            await alice.send("who")
            await alice.until("connected:", timeout=1)

    asyncio.run(asyncio.wait_for(main(), 60))
