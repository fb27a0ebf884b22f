"""The attacks of issue 15, each performed through a real SSH client, now harmless: the
other users are answered within a second, nothing outside the saves folder is read, nobody
reaches another's game, a dropped seat comes back with its key, bots starve nobody."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import time
import weakref
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ssh_helpers import Terminal, keyed, store_table, wait_for  # noqa: E402

from catan_cli.server.limits import Limits  # noqa: E402

# every attack is tried with the full-screen table on (seated 110x40 terminals get it)
TABLE_SCREEN = True


async def answered_within(term: Terminal, seconds: float = 1.0) -> float:
    """Ask the server something; the seconds it took (AssertionError past ``seconds``)."""
    start = time.monotonic()
    await term.send("who")
    await term.until("connected:", timeout=seconds)
    return time.monotonic() - start


@pytest.mark.parametrize("size", [70_000, 5_000_000])
def test_a_huge_paste_does_not_freeze_the_server(tmp_path: Path, size: int) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["mallory", "alice"], table_screen=TABLE_SCREEN) as server:
            mallory = await server.connect("mallory")
            alice = await server.connect("alice")
            await alice.until("Welcome")
            mallory.type("x" * size)                   # one line, no Enter yet
            await answered_within(alice)
            mallory.type("\r" + "tables\r" * 2000)     # then a flood of lines
            await answered_within(alice)
            newcomer = await asyncio.wait_for(server.connect("alice"), 3)
            await newcomer.until("Welcome", timeout=1)
            await mallory.until("line refused: longer than 500 characters", timeout=20)
            await mallory.until("too fast: some lines were dropped", timeout=20)
            await asyncio.sleep(20 / 8)                # the flood is over: the rate limit forgives
            await answered_within(mallory)

    asyncio.run(asyncio.wait_for(main(), 60))


def test_load_reads_nothing_outside_the_saves_folder(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    secret = tmp_path / "secret.catan"
    secret.write_text("# scenario: base\n# digest: 0000\n")
    os.mkfifo(saves / "table-fifo.catan")
    (saves / "table-fifo.json").write_text(json.dumps({"owners": {"red": "mallory"}}))
    (saves / "table-link.catan").symlink_to(secret)
    (saves / "table-link.json").write_text(json.dumps({"owners": {"red": "mallory"}}))
    (saves / "table-big.catan").write_text("# " + "x" * (3 << 20))
    (saves / "table-big.json").write_text(json.dumps({"owners": {"red": "mallory"}}))

    async def main() -> None:
        async with keyed(tmp_path, ["mallory", "alice"], table_screen=TABLE_SCREEN) as server:
            mallory = await server.connect("mallory")
            alice = await server.connect("alice")
            await mallory.until("mallory · lobby >")
            answers = {}
            for target in ["/etc/passwd", "../secret", "/dev/zero", "secret", "nothing-here", "..", "fifo",
                           "link", "big", "%2e%2e"]:
                await mallory.send(f"load {target}")
                await mallory.until("✗", timeout=3)
                answers[target] = (await mallory.until("\n", timeout=3)).strip()
                await answered_within(alice)
            assert "is a FIFO" in answers["fifo"]
            assert "is a link, not a regular file" in answers["link"]
            assert "larger than" in answers["big"]
            refusals = {answers[t].replace(t, "T") for t in
                        ["/etc/passwd", "../secret", "/dev/zero", "secret", "nothing-here", "..", "%2e%2e"]}
            # one kind of answer whatever exists: the refusals tell nothing about the server's files
            assert all("not a table name" in r or "you have no saved table" in r for r in refusals), refusals
            assert not any("root:" in a for a in answers.values())

    asyncio.run(asyncio.wait_for(main(), 30))


def test_nobody_reaches_another_players_game(tmp_path: Path) -> None:
    store_table(tmp_path, "closed", "red, blue", {"red": "alice", "blue": "bob"}, ["turn red"])
    (tmp_path / "saves" / "table-closed.json").write_text(json.dumps(
        {"owners": {"red": "alice", "blue": "bob"}, "started": True}))

    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob", "mallory"], table_screen=TABLE_SCREEN) as server:
            server.hub.close_table(server.hub.tables["closed"])     # a finished evening: only saved
            alice = await server.connect("alice")
            await alice.send("new table friday --seats red,blue")
            await alice.until("you sit at friday as red")
            mallory = await server.connect("mallory", command="join friday red")
            await mallory.until("red at friday is alice's seat")
            await mallory.send("load closed")
            await mallory.until("you have no saved table closed")
            await mallory.send("new table closed")
            await mallory.until("a saved table is named closed")
            await mallory.send("join friday")
            await mallory.until("the game at friday begins")
            await mallory.send("red: build settlement 40")
            await mallory.until("you play blue, not red")
            await mallory.send("build settlement 40")
            await mallory.until("✗")                           # not blue's turn
            assert server.hub.tables["friday"].game.history == []
            await mallory.send("hand red")
            await mallory.until("Hand of blue")                # only ever one's own hand
            # a second connection of alice's replaces the first; mallory's never does
            alice2 = await server.connect("alice", command="join friday")
            await alice2.until("you sit at friday as red")
            await alice.until("taken up by your newer connection")

    asyncio.run(asyncio.wait_for(main(), 30))
    assert "build settlement 40" not in (tmp_path / "saves" / "table-friday.catan").read_text()


def test_a_dropped_seat_is_kept_and_resumed_with_the_same_key(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"], table_screen=TABLE_SCREEN) as server:
            alice = await server.connect("alice")
            await alice.send("new table friday --seats red,blue")
            await alice.until("you sit at friday as red")
            bob = await server.connect("bob", command="join friday")
            await alice.until("red, your move")
            await alice.send("build settlement 40")
            await bob.until("red places a settlement on 40")
            table = server.hub.tables["friday"]
            alice.conn.abort()                                   # the line goes dead
            await bob.until("alice (red) dropped", timeout=3)
            await wait_for(lambda: "red" not in table.attached, 3, "the seat freed")
            assert table.owners["red"] == "alice"
            back = await server.connect("alice")                 # no command: back to the seat
            await back.until("you sit at friday as red")
            await back.until("red, your move · place road")
            await back.send("build road 40-41")
            await bob.until("red places a road on 40-41")
            assert len(server.hub.clients) == 2

    asyncio.run(asyncio.wait_for(main(), 30))


def test_a_bot_stands_in_for_a_dropped_seat_after_the_takeover_time(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"], limits=Limits(takeover=0.3), table_screen=TABLE_SCREEN) as server:
            alice = await server.connect("alice")
            await alice.send("new table friday --seats red,blue")
            await alice.until("you sit at friday as red")
            bob = await server.connect("bob", command="join friday")
            await alice.until("red, your move")
            await alice.close()
            await bob.until("a bot plays red until alice comes back", timeout=3)
            await bob.until("blue, your move · place settlement", timeout=3)
            back = await server.connect("alice")
            await back.until("red is played by alice again")

    asyncio.run(asyncio.wait_for(main(), 30))


def test_bots_starve_nobody(tmp_path: Path) -> None:
    async def main() -> None:
        names = [f"w{i}" for i in range(12)] + ["late"]
        async with keyed(tmp_path, names, pace=0.02, limits=Limits(per_address=20), table_screen=TABLE_SCREEN) as server:
            first = await server.connect("w0")
            await first.send("new table bots --seats red:bot,blue:bot,white:bot,orange:bot")
            await first.until("table bots is open")
            watchers = [first] + [await server.connect(n, command="watch bots") for n in names[1:12]]
            for w in watchers:
                await w.until("places a settlement", timeout=5)
            start = time.monotonic()
            late = await server.connect("late")
            await late.until("Welcome", timeout=2)
            await answered_within(late)
            assert time.monotonic() - start < 3
            assert server.hub.executor._max_workers == 2

    asyncio.run(asyncio.wait_for(main(), 40))


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_vanished_clients_leave_no_task_seat_memory_or_descriptor_behind(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"], table_screen=TABLE_SCREEN) as server:
            alice = await server.connect("alice")
            await alice.send("new table t --seats red,blue:bot")
            await alice.until("your move")
            before, fds = len(asyncio.all_tasks()), open_fds()
            gone: list[weakref.ref[object]] = []
            for _ in range(3):
                terms = [await server.connect("bob") for _ in range(6)]
                for term in terms:
                    await term.until("Welcome")
                gone += [weakref.ref(c) for c in server.hub.clients if c.name == "bob"]
                for term in terms:
                    term.type("tables\r")                        # mid-command ...
                    term.conn.abort()                            # ... gone
                await wait_for(lambda: len(server.hub.clients) == 1, 5, "the clients forgotten")
            await asyncio.sleep(0.2)
            gc.collect()
            assert len(asyncio.all_tasks()) <= before
            assert open_fds() <= fds                              # each drop used to keep 2
            assert len(gone) == 18 and not [ref for ref in gone if ref() is not None], "connections kept alive"
            assert server.hub.tables["t"].attached.keys() == {"red"}
            await answered_within(alice)

    asyncio.run(asyncio.wait_for(main(), 30))


def test_only_the_game_is_served_no_shell_exec_sftp_or_forwarding(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice"], table_screen=TABLE_SCREEN) as server:
            conn = await asyncssh.connect("127.0.0.1", server.port, username="alice", known_hosts=None,
                                          client_keys=[server.keys["alice"]], agent_path=None)
            async with conn:
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.run("cat /etc/passwd", timeout=5)
                with pytest.raises(asyncssh.Error):
                    await conn.start_sftp_client()
                with pytest.raises(asyncssh.Error):
                    await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
                with pytest.raises(asyncssh.ChannelListenError):
                    await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)

    asyncio.run(asyncio.wait_for(main(), 30))


def test_connection_caps_and_the_lobby_idle_timeout(tmp_path: Path) -> None:
    async def main() -> None:
        limits = Limits(per_address=2, idle_timeout=0.5)
        async with keyed(tmp_path, ["alice"], limits=limits, table_screen=TABLE_SCREEN) as server:
            one = await server.connect("alice")
            two = await server.connect("alice")
            refused = await server.connect("alice")             # logged in, but no place: told why
            await refused.until("catan: too many connections from 127.0.0.1")
            await one.until("closed after 0 s idle in the lobby", timeout=3)
            await two.until("closed after 0 s idle in the lobby", timeout=3)
            await wait_for(lambda: not server.hub.clients, 3, "idle clients closed")
            three = await server.connect("alice")               # places free again
            await three.until("Welcome")

    asyncio.run(asyncio.wait_for(main(), 30))


def test_bad_input_is_neutralised_and_the_server_stays_up(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["mallory", "alice"], table_screen=TABLE_SCREEN) as server:
            alice = await server.connect("alice")
            await alice.send("screen line")         # alice reads mallory's words as text; mallory
            await alice.send("new table t --seats red,blue")   # attacks on the full screen
            await alice.until("you sit at t as red")
            mallory = await server.connect("mallory", command="join t")
            await mallory.until("you sit at t as blue")
            rng = __import__("random").Random(5)
            noise = bytes(rng.randrange(256) for _ in range(20000)).replace(b"\x04", b"")   # Ctrl-D would leave
            mallory.process.stdin.write(noise.decode("latin-1"))
            await answered_within(alice)
            mallory.type("\r")
            await asyncio.sleep(20 / 8)      # the noise's many lines spent mallory's input allowance
            await mallory.send("say \x1b]0;owned\x07 \x1b[2J\x1b[31mred\u202eevil\x9b1m")
            await alice.until("mallory (blue) says:")
            said = alice.raw[alice.raw.rindex("says:"):]
            said = said[: said.index("\n")]
            for bad in ("\x1b]", "\x07", "\x1b[2J", "\u202e", "\x9b"):
                assert bad not in said
            await mallory.send("leave")
            await mallory.until("back in the lobby")
            await mallory.send("new table \x1b[2Jx")
            await mallory.until("table x is open")          # the escape sequence never got in
            await mallory.send("leave")
            await mallory.send("new table x\u0007y")
            await mallory.until("table xy is open")
            await mallory.send("leave")
            await mallory.send("new table ../../etc")
            await mallory.until("is not a table name")
            await mallory.send("new table t2 --seats red,b1ue")
            await mallory.until("seat names are words")
            await mallory.send("x" * 1_000_000)
            await mallory.until("line refused")
            await answered_within(alice)

    asyncio.run(asyncio.wait_for(main(), 30))
