"""Tables are ordinary saves: autosaved after every command, reopened by a restarted
server; and 'catan serve' itself, started as a user would."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ssh_helpers import keyed  # noqa: E402

from catan_cli import saves  # noqa: E402
from catan_cli.server import store  # noqa: E402


def test_tables_are_autosaved_and_a_restarted_server_resumes_them(tmp_path: Path) -> None:
    async def evening() -> None:
        async with keyed(tmp_path, ["alice", "bob"]) as server:
            alice = await server.connect("alice")
            await alice.send("new table friday --seats red,blue,white:bot")
            await alice.until("you sit at friday as red")
            bob = await server.connect("bob", command="join friday")
            await alice.until("red, your move · place settlement")
            await alice.send("build settlement 40")
            await bob.until("red places a settlement on 40")

    async def next_morning() -> None:
        async with keyed(tmp_path, ["alice", "bob"]) as server:
            table = server.hub.tables["friday"]
            assert table.game.history == ["build settlement 40"]
            assert table.owners == {"red": "alice", "blue": "bob"}
            alice = await server.connect("alice")
            await alice.until("you sit at friday as red")
            await alice.until("red, your move · place road")
            await alice.send("build road 40-41")
            await alice.until("red places a road on 40-41")

    asyncio.run(asyncio.wait_for(evening(), 20))
    # an ordinary save, its seed sealed while the game runs: the server reopens it with its seal
    text = (tmp_path / "saves" / "table-friday.catan").read_text()
    assert "# seed: sealed " in text and text.rstrip().splitlines()[-2] == "build settlement 40"
    with pytest.raises(saves.SaveError, match="sealed until its game ends"):
        saves.load_game("table-friday", tmp_path / "saves")
    assert store.load(str(tmp_path / "saves"), "friday").session.game.history == ["build settlement 40"]
    asyncio.run(asyncio.wait_for(next_morning(), 20))
    stored = store.load(str(tmp_path / "saves"), "friday")
    assert stored.session.game.history[-1] == "red: build road 40-41"


def catan(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, NO_COLOR="1", XDG_DATA_HOME=str(tmp_path / "data"), PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "catan_cli", "serve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def test_catan_serve_refuses_unsafe_set_ups_with_one_line(tmp_path: Path) -> None:
    for args, message in [(["--open", "--host", "0.0.0.0"], "only listens on 127.0.0.1"),
                          ([], "nobody could log in"),
                          (["--authorized-keys", str(tmp_path / "nope")], "cannot read authorized keys file")]:
        proc = catan(tmp_path, "--port", "0", *args)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 2, (args, err)
        assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_catan_serve_runs_and_its_help_explains_a_set_up(tmp_path: Path) -> None:
    help_text = subprocess.run([sys.executable, "-m", "catan_cli", "serve", "--help"], capture_output=True,
                               text=True, timeout=30, env=dict(os.environ, COLUMNS="120")).stdout
    for words in ("--authorized-keys", "--password-file", "--open", "--takeover", "join friday"):
        assert words in help_text
    proc = catan(tmp_path, "--port", "0", "--open", "--fast", "--saves", str(tmp_path / "saves"))
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert m, line

        async def visit() -> str:
            async with asyncssh.connect("127.0.0.1", int(m.group(1)), username="friday", known_hosts=None,
                                        client_keys=None, agent_path=None, password=None) as conn:
                process = await conn.create_process(term_type="xterm", term_size=(100, 40))
                seen = ""
                while "friday · lobby >" not in seen:
                    seen += await asyncio.wait_for(process.stdout.read(4096), 10)
                return seen

        assert "Welcome, friday." in asyncio.run(visit())
        key = tmp_path / "data" / "catan" / "ssh_host_ed25519_key"
        assert key.stat().st_mode & 0o777 == 0o600
        proc.terminate()                       # as a service manager stops it
        out, _ = proc.communicate(timeout=10)
        assert proc.returncode == 0 and "catan serve: stopped" in out
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
