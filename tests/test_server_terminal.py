"""What a connection's terminal gets (issue 42): a client without a pty (a script, `ssh host`
without -t, a pipe) never receives a colour code or any other escape sequence; a terminal
does."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ssh_helpers import Terminal, keyed  # noqa: E402


def test_a_client_without_a_pty_gets_no_colour_codes(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"]) as server:
            conn = await asyncio.wait_for(asyncssh.connect(
                "127.0.0.1", server.port, username="alice", known_hosts=None, agent_path=None,
                client_keys=[server.keys["alice"]]), 10)
            plain = Terminal(conn, await conn.create_process())          # no term_type: no pty
            await plain.send("new table t --seats red,blue")
            await plain.until("you sit at t as red")
            bob = await server.connect("bob", command="join t")        # a terminal, coloured
            await plain.until("the game at t begins")
            await plain.send("build settlement 20")
            await plain.until("score:")
            for command in ("hand", "score", "log", "map", "say hello"):
                await plain.send(command)
            await plain.until("alice (red) says: hello")
            await bob.until("alice (red) says: hello")
            assert "\x1b" not in plain.raw and "red places a settlement on 20" in plain.raw
            assert "\x1b[" in bob.raw                                  # the terminal keeps its colours
            await plain.close()
            await bob.close()

    asyncio.run(asyncio.wait_for(main(), 60))
