"""'hint' over SSH: answered to the asking seat only, refused to watchers, and refused at a
table opened with --no-hints (a choice the table keeps)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("asyncssh")

from ssh_helpers import keyed, plain  # noqa: E402

from catan_cli.server import store  # noqa: E402


def test_hint_answers_the_asking_seat_only(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "dave"]) as server:
            alice = await server.connect("alice")
            await alice.send("new table t --seats red,blue:bot")
            await alice.until("you sit at t as red")
            dave = await server.connect("dave", command="watch t")
            await dave.until("score:")
            await alice.until("your move")
            await alice.send("hint")
            await alice.until("the hard bot's best moves for red", timeout=40)
            await alice.until("3. build settlement", timeout=5)
            await dave.quiet(0.3)
            assert "hard bot" not in plain(dave.raw)
            await dave.send("hint")
            await dave.until("watchers play no moves")
            await alice.send("build settlement 40")         # the game goes on as before
            await dave.until("red places a settlement on 40")

    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_table_opened_with_no_hints_refuses_them(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice"]) as server:
            alice = await server.connect("alice")
            await alice.send("new table quiet --seats red,blue:bot --no-hints")
            await alice.until("seats red, blue:bot, no hints")
            await alice.until("your move")
            await alice.send("hint")
            await alice.until("✗ hints are off at this table (it was opened with --no-hints)")

    asyncio.run(asyncio.wait_for(main(), 30))
    # the choice is kept beside the table's save: a restarted server refuses hints too
    assert store.load(str(tmp_path / "saves"), "quiet").session.hints is False
