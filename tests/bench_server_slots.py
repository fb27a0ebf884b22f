"""Idle connections against the login (issue 42): 8 connections that never log in from each
of 30 loopback addresses, each renewed as soon as the server closes it, while a player logs
in (a key) once a second.  Counts the player's logins that got in, and how long they took.
Run:  python tests/bench_server_slots.py SECONDS   (not collected by pytest; Linux loopback)"""
import asyncio, os, statistics, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pathlib import Path
import asyncssh
from ssh_helpers import keyed

async def main(seconds: float) -> None:
    tmp = Path(tempfile.mkdtemp())
    async with keyed(tmp, ["alice"]) as server:
        stop = time.monotonic() + seconds
        opened = 0

        async def idler(address: str) -> None:
            nonlocal opened
            while time.monotonic() < stop:
                try:
                    reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(address, 0))
                    opened += 1
                    while await reader.read(4096):      # until the server closes it
                        pass
                    writer.close()
                except OSError:
                    await asyncio.sleep(0.05)

        idlers = [asyncio.ensure_future(idler(f"127.0.1.{a}")) for a in range(1, 31) for _ in range(8)]
        await asyncio.sleep(2)                           # the pool is full of them
        took, failed = [], 0
        while time.monotonic() < stop:
            start = time.monotonic()
            try:
                conn = await asyncio.wait_for(asyncssh.connect(
                    "127.0.0.1", server.port, username="alice", known_hosts=None, agent_path=None,
                    client_keys=[server.keys["alice"]]), 15)
                process = await conn.create_process(term_type="xterm")
                await asyncio.wait_for(process.stdout.readuntil("Welcome"), 10)
                took.append(time.monotonic() - start)
                conn.close()
            except (asyncssh.Error, OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
                failed += 1
            await asyncio.sleep(1)
        for task in idlers:
            task.cancel()
        print(f"{seconds:.0f} s, {opened} idle connections opened from 30 addresses: {len(took)} of "
              f"{len(took) + failed} logins got in, median {statistics.median(took) * 1000:.0f} ms, "
              f"worst {max(took) * 1000:.0f} ms" if took else f"no login got in ({failed} tried)")

asyncio.run(main(float(sys.argv[1])))
