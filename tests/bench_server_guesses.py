"""Password guessing (issue 42): one address, 8 connections at a time, each a guess, for
SECONDS, against a server with the default limits; then the right password.  Counts the
guesses answered and those actually checked against the password (the server's log).
Run:  python tests/bench_server_guesses.py SECONDS   (not collected by pytest)"""
import asyncio, os, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pathlib import Path
import asyncssh
from ssh_helpers import running
from catan_cli.server import auth

async def main(seconds: float) -> None:
    tmp = Path(tempfile.mkdtemp())
    pw = tmp / "pw"; pw.write_text("bob:correct-horse\n"); os.chmod(pw, 0o600)
    async with running(tmp, auth.load(password_file=pw)) as server:
        log: list[str] = []
        server.hub._log = log.append
        answered = refused_conn = 0
        stop = time.monotonic() + seconds
        async def guesser(n: int) -> None:
            nonlocal answered, refused_conn
            i = 0
            while time.monotonic() < stop:
                i += 1
                try:
                    conn = await asyncssh.connect("127.0.0.1", server.port, username="bob", password=f"guess{n}-{i}",
                                                  known_hosts=None, client_keys=None, agent_path=None,
                                                  preferred_auth="password")
                    conn.close()
                except asyncssh.PermissionDenied:
                    answered += 1
                except (asyncssh.Error, OSError):
                    refused_conn += 1
                    await asyncio.sleep(0.01)
        start = time.monotonic()
        await asyncio.gather(*(guesser(n) for n in range(8)))
        took = time.monotonic() - start
        checked = sum("wrong user or password" in line for line in log)
        try:
            conn = await asyncssh.connect("127.0.0.1", server.port, username="bob", password="correct-horse",
                                          known_hosts=None, client_keys=None, agent_path=None, preferred_auth="password")
            right = "got in"; conn.close()
        except asyncssh.Error as exc:
            right = f"refused ({exc.__class__.__name__})"
        print(f"{took:.0f} s: {answered} guesses answered ({answered / took:.2f}/s), {checked} checked against "
              f"the password ({checked / took:.3f}/s), {refused_conn} connections refused; "
              f"the right password then: {right}; log lines: {len(log)}")

asyncio.run(main(float(sys.argv[1])))
