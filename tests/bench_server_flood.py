"""Flood into the full-screen table (issue 42): a real `catan serve` process; mallory, seated,
floods through a real OpenSSH client (`ssh -tt`, its stdin a pipe, as `head -c 1000000
/dev/zero | tr '\\0' '\\r' | ssh -tt ...` would), while alice (asyncssh, this process) asks
`who` about six times a second until two seconds after the flood is sent.
Run:  python tests/bench_server_flood.py enter|enter100k|text   (not collected by pytest)"""
import asyncio, os, re, statistics, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pathlib import Path
import asyncssh
from ssh_helpers import Terminal

async def main(kind: str) -> None:
    tmp = Path(tempfile.mkdtemp())
    server = subprocess.Popen([sys.executable, "-m", "catan_cli", "serve", "--open", "--port", "0", "--fast",
                               "--saves", str(tmp / "saves"), "--host-key", str(tmp / "key")],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(re.search(r":(\d+);", server.stdout.readline()).group(1))
    flood = None
    try:
        conn = await asyncssh.connect("127.0.0.1", port, username="alice", known_hosts=None, agent_path=None,
                                      client_keys=None)
        alice = Terminal(conn, await conn.create_process(term_type="xterm", term_size=(80, 24)))
        await alice.until("Welcome")
        await alice.send("screen line")
        await alice.send("new table t --seats red,blue")
        await alice.until("you sit at t as red")
        payload = {"enter": b"\r" * 1_000_000, "enter100k": b"\r" * 100_000}.get(kind, b"x" * 5_000_000)
        flood = subprocess.Popen(
            ["ssh", "-tt", "-p", str(port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
             "-o", "LogLevel=ERROR", "mallory@127.0.0.1", "join", "t"],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        await alice.until("the game at t begins", timeout=20)
        await asyncio.sleep(2)                      # mallory's full screen is up
        writer = asyncio.get_running_loop().run_in_executor(None, lambda: (flood.stdin.write(payload), flood.stdin.flush()))
        waits, done_at = [], None
        while done_at is None or time.monotonic() < done_at + 2:
            start = time.monotonic()
            await alice.send("who")
            await alice.until("connected:", timeout=60)
            waits.append((time.monotonic() - start) * 1000)
            if done_at is None and writer.done():
                done_at = time.monotonic()
            await asyncio.sleep(0.15)
        ms = sorted(waits)
        print(f"{kind}: {len(payload)} bytes through ssh -tt; alice's who n={len(ms)} median "
              f"{statistics.median(ms):.1f} ms worst {ms[-1]:.1f} ms; load average {os.getloadavg()[0]:.1f}")
    finally:
        if flood is not None:
            flood.kill()
        server.terminate()
        server.wait(10)

asyncio.run(main(sys.argv[1]))
