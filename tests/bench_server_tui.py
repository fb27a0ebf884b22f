"""Table screen over SSH: command -> the other seat's full screen redrawn, and render cost.

Two asyncssh clients at 80x24 on the full screen (red and blue, white a bot) play 60 legal
set-up/turn commands; measured: from one seat's command sent to the other seat's Application
having rendered the new frame, and each prompt_toolkit render's time in the event loop.
Run from tests/:  python bench_server_tui.py   (not collected by pytest)
"""
import asyncio, sys, time, tempfile, statistics
sys.path.insert(0, ".")
from pathlib import Path
from ssh_helpers import keyed
from catan_cli.server.limits import Limits

async def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    async with keyed(tmp, ["alice", "bob"], table_screen=True, limits=Limits(lines_per_second=1000)) as server:
        terms = {"red": await server.connect("alice", size=(80, 24))}
        await terms["red"].until("Welcome")
        await terms["red"].send("new table t --seats red,blue,white:bot")
        while "t" not in server.hub.tables: await asyncio.sleep(0.05)
        terms["blue"] = await server.connect("bob", command="join t", size=(80, 24))
        table = None
        while table is None or not table.started:
            await asyncio.sleep(0.05); table = server.hub.tables.get("t")
        await asyncio.sleep(1)
        clients = {c.seat: c for c in server.hub.clients}
        assert all(c.tui is not None and c.tui.active for c in clients.values())
        renders: list[float] = []
        for c in clients.values():
            r = c.tui.app.renderer; orig = r.render
            def timed(*a, _o=orig, **k):
                t = time.perf_counter(); _o(*a, **k); renders.append(time.perf_counter() - t)
            r.render = timed
        latencies = []
        for _ in range(60):
            if table.game.over: break
            seat = table.game.prompt_player()
            if seat not in terms:
                await asyncio.sleep(0.05); continue
            other = clients["blue" if seat == "red" else "red"]
            legal = [c.removeprefix(f"{seat}: ") for c in table.game.legal_commands()
                     if c.startswith(f"{seat}: ") or ":" not in c.split()[0]]
            count, frame = len(table.game.history), other.tui.frame_now
            t = time.perf_counter()
            await terms[seat].send(legal[0])
            end = time.perf_counter() + 5
            while other.tui.frame_now is frame and time.perf_counter() < end:
                await asyncio.sleep(0.001)
            m = len(renders)            # the frame arrived; then the render that shows it
            while len(renders) == m and time.perf_counter() < end:
                await asyncio.sleep(0.001)
            if time.perf_counter() < end:
                latencies.append(time.perf_counter() - t)
            end = time.perf_counter() + 5
            while len(table.game.history) == count and time.perf_counter() < end: await asyncio.sleep(0.01)
            await asyncio.sleep(0.05)
        print(f"commands {len(latencies)}: command -> other seat redrawn median {statistics.median(latencies)*1000:.1f} ms, "
              f"max {max(latencies)*1000:.1f} ms; render (80x24, in the event loop) median "
              f"{statistics.median(renders)*1000:.2f} ms, p90 {sorted(renders)[int(len(renders)*0.9)]*1000:.2f} ms, n={len(renders)}")
asyncio.run(main())
