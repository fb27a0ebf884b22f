"""Load on ``catan serve``: many SSH connections at many tables, with bots, for a while.

    python -m catan_cli.benchmarks.ssh_load                       # 50 connections, 10 tables, 60 s
    python -m catan_cli.benchmarks.ssh_load --duration 600        # the issue's ten minutes
    python -m catan_cli.benchmarks.ssh_load --connections 20 --tables 4 --duration 20 --json

The server is a real ``catan serve`` process (``--open`` on 127.0.0.1, a temporary saves
folder); the clients are asyncssh connections in this process.  Each table has two human
seats and two bots; the other connections watch.  A human seat, when its prompt says it is
its move, asks the server for the legal commands ('legal'), thinks a moment and plays one
at random.  When the bots have won a table's game, its people open the next table.

The figure: the time from a seat's command leaving the client to the moment every other
connection at that table has received its whole redrawn screen (the narration of that
command down to the score line below the map),
median and 99th percentile; and the server's memory (resident set) before, during and after.
At the end every client vanishes in the middle of a command; the server must then forget
them all (its open file descriptors back to the start) and every accepted command must be
in the table's save.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
MOVE = re.compile(r"(your move|you must answer) · [^>\n]* > $")


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


@dataclass
class Conn:
    """One client connection and everything it received, with arrival times."""

    name: str
    table: str
    seat: str | None
    process: Any = None
    conn: Any = None
    buffer: str = ""          # the text received, from absolute position ``base`` on
    base: int = 0
    marks: list[tuple[float, int]] = field(default_factory=list)   # (arrival time, end position)
    accepted: list[tuple[str, str]] = field(default_factory=list)   # (table, command)

    KEEP = 1 << 18           # characters kept: minutes of play would otherwise grow without end

    @property
    def size(self) -> int:
        return self.base + len(self.buffer)

    def tail(self, n: int) -> str:
        return self.buffer[-n:]

    def between(self, start: int, end: int) -> str:
        return self.buffer[max(0, start - self.base):max(0, end - self.base)]

    def find(self, pattern: str, start: int) -> int:
        i = self.buffer.find(pattern, max(0, start - self.base))
        return -1 if i < 0 else i + self.base

    async def pump(self) -> None:
        """Read until the connection ends, stamping each chunk."""
        try:
            while True:
                chunk = await self.process.stdout.read(65536)
                if not chunk:
                    return
                self.buffer += plain(chunk)
                self.marks.append((time.monotonic(), self.size))
                if len(self.buffer) > 2 * self.KEEP:
                    cut = len(self.buffer) - self.KEEP
                    self.buffer, self.base = self.buffer[cut:], self.base + cut
                    self.marks = [m for m in self.marks if m[1] > self.base]
        except Exception:   # noqa: BLE001 - the connection vanished; nothing more to read
            return

    async def wait_for(self, pattern: str, start: int, timeout: float) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            i = self.find(pattern, start)
            if i >= 0:
                return i
            await asyncio.sleep(0.01)
        raise TimeoutError(pattern)

    def arrival(self, pattern: str, start: int) -> float | None:
        """When the whole screen that narrates ``pattern`` (found past ``start``) had arrived:
        its last line, the score, included."""
        i = self.find(pattern, start)
        if i < 0:
            return None
        score = self.find("score: ", i)
        end = self.find("\n", score) + 1 if score >= 0 else 0
        if end <= 0:
            return None
        for stamp, size in self.marks:
            if size >= end:
                return stamp
        return None

    def send(self, line: str) -> None:
        self.process.stdin.write(line + "\r")


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return -1


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return -1.0


def open_fds(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def start_server(folder: Path, connections: int, pace: float) -> tuple[subprocess.Popen[str], int]:
    env = dict(os.environ, XDG_DATA_HOME=str(folder / "data"), PYTHONUNBUFFERED="1")
    cap = str(connections + 10)
    proc = subprocess.Popen(
        [sys.executable, "-m", "catan_cli", "serve", "--open", "--host", "127.0.0.1", "--port", "0",
         "--saves", str(folder / "saves"), "--max-connections", cap, "--max-per-address", cap,
         # the clients read the line screen's text (legal moves, narration); the full-screen
         # table draws by differences, which no script can parse
         "--line-screen", *(["--fast"] if pace == 0 else [])],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    line = proc.stdout.readline() if proc.stdout else ""
    m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    if not m:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, int(m.group(1))


async def connect(port: int, c: Conn, command: str | None) -> None:
    import asyncssh

    c.conn = await asyncssh.connect("127.0.0.1", port, username=c.name, known_hosts=None, client_keys=None,
                                    agent_path=None, password=None)
    c.process = await c.conn.create_process(command, term_type="xterm", term_size=(120, 40), encoding="utf-8")


class Bench:
    def __init__(self, port: int, args: argparse.Namespace) -> None:
        self.port, self.args = port, args
        self.rng = random.Random(args.seed)
        self.latencies: list[float] = []
        self.unmatched = 0
        self.conns: list[Conn] = []
        self.tasks: list[asyncio.Task[Any]] = []
        self.tables_played = 0

    async def setup(self) -> None:
        self.groups: list[list[Conn]] = []
        per_table = max(2, self.args.connections // self.args.tables)
        for t in range(self.args.tables):
            table = f"bench{t}"
            first = Conn(f"p{t}a", table, "red")
            await connect(self.port, first, None)
            self.tasks.append(asyncio.create_task(first.pump()))
            first.send(f"new table {table} --seats red,blue,white:bot,orange:bot")
            await first.wait_for(f"you sit at {table} as red", 0, 30)
            group = [first]
            for k in range(1, per_table):
                seat = "blue" if k == 1 else None
                c = Conn(f"p{t}{chr(97 + k)}", table, seat)
                await connect(self.port, c, f"join {table}" if seat else f"watch {table}")
                self.tasks.append(asyncio.create_task(c.pump()))
                group.append(c)
            self.conns += group
            self.groups.append(group)

    async def table_loop(self, group: list[Conn], deadline: float) -> None:
        """Play at the group's table; when its game is over (bots do win), the same people
        open the next table and play on, so the load lasts the whole run."""
        first = group[0]
        base, round_ = first.table, 0
        while time.monotonic() < deadline:
            mark = first.size
            players = [asyncio.create_task(self.player(c, deadline)) for c in group if c.seat]
            while time.monotonic() < deadline and "· game over ·" not in first.tail(200):
                await asyncio.sleep(0.2)
            for task in players:
                task.cancel()
            await asyncio.gather(*players, return_exceptions=True)
            if time.monotonic() >= deadline:
                return
            round_ += 1
            table = f"{base}-{round_}"
            for c in group:
                c.send("leave")
                c.table = table
            first.send(f"new table {table} --seats red,blue,white:bot,orange:bot")
            try:
                await first.wait_for(f"you sit at {table} as red", mark, 30)
            except TimeoutError:
                return
            for c in group[1:]:
                c.send(f"join {table}" if c.seat else f"watch {table}")
            self.tables_played += 1

    async def player(self, me: Conn, deadline: float) -> None:
        """Play whenever the prompt says it is this seat's move."""
        others = [c for c in self.conns if c.table == me.table and c is not me]
        seen = 0
        while time.monotonic() < deadline:
            if not MOVE.search(me.tail(300)) or me.size == seen:
                await asyncio.sleep(0.02)
                continue
            seen = start = me.size
            me.send("legal")
            try:
                i = await me.wait_for("legal now: ", start, 10)
                j = await me.wait_for("\n", i, 10)
            except TimeoutError:
                continue
            options = [o.strip() for o in me.between(i + len("legal now: "), j).split(", ")]
            options = [o for o in options if o and o != "nothing now" and not o.startswith("offer")]
            if not options:
                continue
            await asyncio.sleep(self.rng.uniform(0, self.args.think))
            choice = self.rng.choice(options)
            marks = {c.name: c.size for c in others}
            mine = me.size
            sent = time.monotonic()
            me.send(choice)
            try:
                k = await me.wait_for(f"> {choice}\n", mine, 10)
                end = await me.wait_for("\n", k + len(choice) + 3, 10)
                await me.wait_for("score: ", end, 10)       # the whole frame is here
            except TimeoutError:
                continue      # refused (the position moved on meanwhile): not a move
            me.accepted.append((me.table, choice))
            # the narration's lines (indented); a secret one (a stolen card's face) reads
            # otherwise at the other seats, so every line is a candidate
            lines = me.between(end + 1, me.find("score: ", end)).split("\n")
            events = []
            for line in lines:             # up to the map
                if not line.startswith("  ") or not line.strip():
                    break
                events.append(line.strip())
            if events:
                asyncio.get_running_loop().call_later(2.0, self.measure, others, marks, events, sent)
            seen = -1                  # the frame that answered may already ask for the next move

    def measure(self, others: list[Conn], marks: dict[str, int], events: list[str], sent: float) -> None:
        """The latest arrival of the screen at the other seats, found by the first line of
        narration they were all shown."""
        for event in events:
            arrivals = [c.arrival(event, marks[c.name]) for c in others]
            if all(a is not None for a in arrivals):
                self.latencies.append(max(a for a in arrivals if a is not None) - sent)
                return
        self.unmatched += 1
        if os.environ.get("BENCH_DEBUG"):
            print("unmatched:", events, file=sys.stderr)

    async def vanish(self) -> None:
        """Every client sends a command and is gone before the answer."""
        for c in self.conns:
            c.send("legal" if c.seat else "look")
        for c in self.conns:
            c.conn.abort()
        for task in self.tasks:
            task.cancel()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def check_saves(folder: Path, conns: list[Conn]) -> list[str]:
    """Every command a client saw accepted is in its table's save, in order (read as the
    server reads it: a running table's seed is sealed in its save)."""
    from catan_cli.server import store

    problems = []
    for table in sorted({t for c in conns for t, _ in c.accepted}):
        history = [line.split(": ", 1)[1] if re.match(r"^[a-z]+: ", line) else line
                   for line in store.load(str(folder / "saves"), table).session.game.history]
        for c in conns:
            mine = [cmd for t, cmd in c.accepted if t == table]
            if not mine:
                continue
            it = iter(history)
            missing = [cmd for cmd in mine if not any(h == cmd for h in it)]
            if missing:
                problems.append(f"{table}: {c.seat}'s {missing[0]!r} not in the save")
    return problems


async def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    proc, port = start_server(folder, args.connections, args.pace)
    try:
        await asyncio.sleep(0.5)
        fds_idle, rss_idle = open_fds(proc.pid), rss_kib(proc.pid)
        bench = Bench(port, args)
        await bench.setup()
        rss_connected = rss_kib(proc.pid)
        cpu_start, started = cpu_seconds(proc.pid), time.monotonic()
        client_start = time.process_time()
        deadline = time.monotonic() + args.duration
        players = [asyncio.create_task(bench.table_loop(group, deadline)) for group in bench.groups]
        rss_peak = rss_connected
        while time.monotonic() < deadline:
            await asyncio.sleep(min(5.0, max(0.1, deadline - time.monotonic())))
            rss_peak = max(rss_peak, rss_kib(proc.pid))
        await asyncio.gather(*players)
        await asyncio.sleep(2.5)            # the last measurements are taken
        rss_end = rss_kib(proc.pid)
        cpu_share = (cpu_seconds(proc.pid) - cpu_start) / (time.monotonic() - started)
        client_share = (time.process_time() - client_start) / (time.monotonic() - started)
        await bench.vanish()
        await asyncio.sleep(3.0)
        fds_after = open_fds(proc.pid)
        probe = Conn("probe", "", None)
        await connect(port, probe, None)
        pump = asyncio.create_task(probe.pump())
        probe.send("who")
        await probe.wait_for("connected:", 0, 10)
        at = probe.find("connected:", 0)
        who = probe.between(at, await probe.wait_for("\n", at, 10)).strip()
        probe.conn.close()
        pump.cancel()
        lat = bench.latencies
        return {
            "connections": len(bench.conns), "tables": args.tables, "duration_s": args.duration,
            "games_finished": bench.tables_played,
            "bot_pace_s": args.pace, "commands_measured": len(lat), "unmatched": bench.unmatched,
            "commands_accepted": sum(len(c.accepted) for c in bench.conns),
            "latency_median_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
            "latency_p99_ms": round(percentile(lat, 99) * 1000, 1) if lat else None,
            "latency_max_ms": round(max(lat) * 1000, 1) if lat else None,
            "rss_idle_mib": round(rss_idle / 1024, 1), "rss_connected_mib": round(rss_connected / 1024, 1),
            "rss_peak_mib": round(rss_peak / 1024, 1), "rss_end_mib": round(rss_end / 1024, 1),
            "server_cpu_share": round(cpu_share, 2), "clients_cpu_share": round(client_share, 2),
            "fds_idle": fds_idle, "fds_after_all_vanished": fds_after,
            "who_after_all_vanished": who,
            "lost_commands": check_saves(folder, bench.conns),
        }
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    parser.add_argument("--pace", type=float, default=0.4, help="the server's pause between bot moves")
    parser.add_argument("--think", type=float, default=1.0, help="a player's longest pause before a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="catan-ssh-load-") as tmp:
        result = asyncio.run(run(args, Path(tmp)))
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for key, value in result.items():
        print(f"{key:26} {value}")


if __name__ == "__main__":
    main()
