"""The table side of ``catan serve``: a seed nobody at the table can learn or choose until
the game ends (commit, then reveal), only seated players start a table, a move is on disk
before anyone sees it, a returning player gets every seat back, and the server's words
(chat, help, its goodbye)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ssh_helpers import WAIT, keyed, plain, store_table, wait_for  # noqa: E402

from catan_cli import saves  # noqa: E402
from catan_cli.game import Game  # noqa: E402
from catan_cli.server import goodbye, store  # noqa: E402
from catan_cli.server.conn import TABLE_HELP  # noqa: E402
from catan_cli.server.hub import Defaults, lobby_help, wrap_help  # noqa: E402
from catan_cli.server.limits import Limits  # noqa: E402
from catan_cli.server.screen import say_line  # noqa: E402
from catan_cli.session import make_bot  # noqa: E402

FAST = Limits(lines_per_second=1000, burst=100)
ANNOUNCED = re.compile(r"seed sealed: sha256 ([0-9a-f]{64})")
REVEALED = re.compile(r"the seed was (\d+), salt ([0-9a-f]{32}): the sha256 of '(\d+):([0-9a-f]{32})' is ([0-9a-f]{64})")


async def play_red(server: Any, term: Any, table_name: str) -> None:
    """Play red's every decision (a greedy bot's choice) through the SSH connection, to the end."""
    table = server.hub.tables[table_name]
    bot = make_bot("greedy", 0)
    asked = 0
    while not table.game.over:
        if "red" not in table.to_act or table.lock.locked():
            await asyncio.sleep(0.002)
            continue
        before = len(table.game.history)
        line = bot.choose(table.game, "red").removeprefix("red: ")      # nothing runs meanwhile
        await term.send(line)
        asked += 1
        if asked in (5, 60):
            await term.send("tables")
            await term.send("who")
        await wait_for(lambda: len(table.game.history) > before, 10, f"red's {line!r} played")


def test_a_seated_player_cannot_learn_the_seed_before_the_end_and_can_check_it_after(tmp_path: Path) -> None:
    async def main() -> tuple[str, int, str]:
        # no host seed: each table draws its own secret one
        async with keyed(tmp_path, ["alice"], limits=FAST, defaults=Defaults()) as server:
            alice = await server.connect("alice")
            await alice.send("new table t --seats red,blue:bot,white:bot")
            await alice.until("you sit at t as red")
            table = server.hub.tables["t"]
            secret = table.seal
            assert secret is not None and table.session.header.seed == secret.seed
            seal_file = tmp_path / "saves" / "table-t.seal"
            assert seal_file.stat().st_mode & 0o777 == 0o600
            await alice.send("start")
            await play_red(server, alice, "t")
            await alice.until("the game is over; the seed was")
            await alice.quiet(0.3)
            return alice.raw, secret.seed, (tmp_path / "saves" / "table-t.catan").read_text()

    raw, seed, final_text = asyncio.run(asyncio.wait_for(main(), 240))
    end = raw.index("the game is over; the seed was")
    before = raw[:end]
    announced = ANNOUNCED.findall(plain(before))
    assert announced, "the commitment is published when the table opens"
    m = REVEALED.search(plain(raw[end - 200:]))
    assert m, plain(raw[end - 200:])
    shown_seed, salt = int(m.group(1)), m.group(2)
    assert shown_seed == seed and int(m.group(3)) == seed and m.group(4) == salt
    # the hash published at the start is the hash of the seed revealed at the end
    assert set(announced) == {m.group(5)} == {hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()}
    # ... and nothing before the end gave the seed or its salt away, in any form
    for form in (str(seed), f"{seed:x}", f"{seed:X}", salt):
        assert form not in before
    # no number the player was sent starts the game this table played (its deck, its board)
    real = Game.new("base", players=["red", "blue", "white"], seed=seed)
    for number in {int(n) for n in re.findall(r"\d+", plain(before))}:
        guess = Game.new("base", players=["red", "blue", "white"], seed=number)
        assert guess.engine.s.deck != real.engine.s.deck or guess.board_json() != real.board_json(), number
    # the finished save is an ordinary, replayable record with the real seed and its salt
    assert f"# seed: {seed}\n" in final_text and salt in final_text
    loaded = saves.load_game("table-t", tmp_path / "saves")
    assert loaded.header.seed == seed and loaded.game.over


def test_a_running_tables_save_holds_a_hash_not_the_seed_and_the_server_reopens_it(tmp_path: Path) -> None:
    async def evening() -> int:
        async with keyed(tmp_path, ["alice"], limits=FAST, defaults=Defaults()) as server:
            alice = await server.connect("alice")
            await alice.send("new table t --seats red,blue:bot")
            await alice.until("you sit at t as red")
            await alice.send("start")
            await alice.until("red, your move · place settlement")
            await alice.send("build settlement 40")
            await alice.until("red places a settlement on 40")
            seal = server.hub.tables["t"].seal
            assert seal is not None
            return seal.seed

    seed = asyncio.run(asyncio.wait_for(evening(), 20))
    text = (tmp_path / "saves" / "table-t.catan").read_text()
    assert str(seed) not in text and re.search(r"^# seed: sealed [0-9a-f]{64}$", text, re.M)
    sidecar = (tmp_path / "saves" / "table-t.json").read_text()
    assert str(seed) not in sidecar
    # the host's catan show says why it cannot replay it, in one line
    with pytest.raises(saves.SaveError, match="cannot be replayed yet: line 3: the seed of this server table "
                                              "is sealed until its game ends"):
        saves.load_game("table-t", tmp_path / "saves")
    stored = store.load(str(tmp_path / "saves"), "t")
    assert stored.session.header.seed == seed and stored.session.game.history[-1].endswith("build settlement 40")
    # a seal that does not match the published hash is refused, not played
    seal_file = tmp_path / "saves" / "table-t.seal"
    seal_file.write_text(f"{(seed + 1) % (1 << 63)} {'0' * 32}\n")
    with pytest.raises(saves.SaveError, match="does not match"):
        store.load(str(tmp_path / "saves"), "t")


def test_seed_is_refused_at_a_table_with_human_seats_and_allowed_at_a_table_of_bots(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice"], limits=FAST, defaults=Defaults()) as server:
            alice = await server.connect("alice")
            await alice.send("new table t --seats red,blue:bot --seed 7")
            await alice.until("--seed is refused at a table with human seats")
            assert "t" not in server.hub.tables
            await alice.send("new table b --seats red:bot,blue:bot --seed 7")
            await alice.until("table b is open")
            assert server.hub.tables["b"].session.header.seed == 7
            await alice.send("leave")                 # alice watched the bots' table
            await alice.until("back in the lobby")
            await alice.send("new table c --seats red:bot,blue:bot --seed 99999999999999999999")
            await alice.until("--seed is a whole number from 0 to 2**63 - 1")

    asyncio.run(asyncio.wait_for(main(), 20))


def table_state(folder: Path, table: Any) -> tuple[Any, ...]:
    side = json.loads((folder / "table-wt1.json").read_text())
    side.pop("updated")
    return (table.started, dict(table.owners), list(table.game.history), table.game.digest(), side,
            (folder / "table-wt1.catan").read_text(), sorted(table.attached), table.seats)


LOBBY_VERBS = ["help", "tables", "who", "new table wt1", "join wt1", "join wt1 blue", "watch wt1",
               "load wt1", "screen line", "screen table"]
TABLE_VERBS = ["start", "roll", "end", "build settlement 20", "build road 20-21", "buy card",
               "trade 4 ore for 1 wool", "offer red 1 ore for 1 wool", "accept", "decline", "discard 1 ore",
               "red: build settlement 20", "blue: start", "say hello", "map", "map full", "hand", "score",
               "log", "legal", "why roll", "look", "save", "load wt1", "saves", "tables", "who", "help",
               "screen line"]


def test_a_watcher_cannot_start_or_change_a_table_with_any_verb(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "mallory"], limits=FAST) as server:
            alice = await server.connect("alice")
            await alice.send("new table wt1 --seats red,blue,white")
            await alice.until("you sit at wt1 as red")
            table = server.hub.tables["wt1"]
            mallory = await server.connect("mallory", command="watch wt1")
            await mallory.until("mallory is watching")
            folder = tmp_path / "saves"
            for phase in ("waiting", "started"):
                before = table_state(folder, table)
                for verb in LOBBY_VERBS + TABLE_VERBS:
                    await mallory.send(verb)
                    await mallory.send("who")                 # its answer: the verb was handled
                    for _ in range(2 if verb == "who" else 1):
                        await mallory.until("connected:")
                    assert table_state(folder, table) == before, (phase, verb)
                    assert mallory.screen.count("the game at wt1 begins") == (phase == "started")
                assert "only the players seated at wt1 may start it" in mallory.screen
                if phase == "waiting":
                    await alice.send("start")                 # the seated creator may
                    await alice.until("the game at wt1 begins")
                    await mallory.until("the game at wt1 begins")
                    await wait_for(lambda: not table.lock.locked(), what="the start drawn")

    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_seated_player_who_is_not_the_creator_may_start(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"], limits=FAST) as server:
            alice = await server.connect("alice")
            await alice.send("new table t --seats red,blue,white")
            await alice.until("you sit at t as red")
            bob = await server.connect("bob", command="join t")
            await bob.until("you sit at t as blue")
            await bob.send("start")
            await alice.until("the game at t begins")
            assert server.hub.tables["t"].session.header.seats[2].bot == "greedy"

    asyncio.run(asyncio.wait_for(main(), 20))


def test_no_one_sees_a_move_before_it_is_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = saves.write_atomic
    disk_delay = 0.3

    def slow_disk(path: Path, text: str, **kwargs: Any) -> None:
        if path.suffix == ".catan":
            time.sleep(disk_delay)
        real_write(path, text, **kwargs)

    monkeypatch.setattr(saves, "write_atomic", slow_disk)

    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"], limits=FAST) as server:
            alice = await server.connect("alice")
            await alice.send("new table t --seats red,blue")
            await alice.until("you sit at t as red")
            bob = await server.connect("bob", command="join t")
            await alice.until("red, your move · place settlement")
            save = tmp_path / "saves" / "table-t.catan"
            for seat, term, line, ack in [("red", alice, "build settlement 40", "red places a settlement on 40"),
                                          ("red", alice, "build road 40-41", "red places a road on 40-41")]:
                sent = time.monotonic()
                await term.send(line)
                await bob.until(ack)        # the other seat's acknowledgement ...
                assert any(saved.endswith(line) for saved in save.read_text().splitlines())  # ... after the save
                assert time.monotonic() - sent >= disk_delay
            await alice.until("red places a road on 40-41")

    asyncio.run(asyncio.wait_for(main(), 30))


def test_a_player_with_several_away_seats_is_rejoined_to_all_of_them(tmp_path: Path) -> None:
    store_table(tmp_path, "t1", "red,blue", {"red": "alice", "blue": "bob"}, [])
    store_table(tmp_path, "t2", "red,blue", {"red": "carol", "blue": "alice"}, ["red: build settlement 20"])

    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob", "carol"], limits=FAST) as server:
            t1, t2 = server.hub.tables["t1"], server.hub.tables["t2"]
            alice = await server.connect("alice")
            await alice.until("you hold blue at t2 too ('leave', then 'join t2' plays there)")
            await alice.until("you sit at t1 as red")
            client = next(c for c in server.hub.clients if c.name == "alice")
            assert t1.attached["red"] is client and t2.attached["blue"] is client
            assert client.table is t1
            await alice.send("tables")
            listing = await alice.until("you hold red at t1")
            assert "red:alice (away)" not in listing and "blue:alice (away)" not in listing
            # t2 waits for carol (red's road); when it is alice's turn there she gets one line
            carol = await server.connect("carol")
            await carol.until("you sit at t2 as red")
            await carol.until("red, your move · place road")
            await carol.send("build road 20-21")
            await alice.until("t2 · blue, your move · place settlement ('leave', then 'join t2' to play)")
            assert "red places a road on 20-21" not in plain(alice.raw)     # t2's screen is not drawn here
            await alice.send("leave")
            await alice.send("join t2")
            await alice.until("you sit at t2 as blue")
            await alice.close()
            await wait_for(lambda: "red" not in t1.attached and "blue" not in t2.attached, what="both seats away")

    asyncio.run(asyncio.wait_for(main(), 30))


def test_chat_names_the_speaker_once() -> None:
    game = Game.new("base", players=["red", "blue"], seed=1)
    assert say_line(game, "bob", "blue", "deal!")[0] == "bob (blue) says: deal!"
    assert say_line(game, "red", "red", "deal!")[0] == "red says: deal!"
    assert say_line(game, "eve", None, "hi")[0] == "eve (watching) says: hi"


@pytest.mark.parametrize("width", [40, 60, 80, 100, 120])
def test_the_help_wraps_between_words_at_any_width(width: int) -> None:
    for wrapped, text in ((lobby_help(width), lobby_help(80)), (wrap_help(TABLE_HELP, width), TABLE_HELP)):
        assert all(len(line) < width for line in wrapped.splitlines()), wrapped
        assert wrapped.split() == text.split()          # every word whole, in its order


def test_the_lobby_help_at_80_columns_breaks_no_word(tmp_path: Path) -> None:
    async def main() -> str:
        async with keyed(tmp_path, ["alice"]) as server:
            alice = await server.connect("alice", size=(80, 24))
            await alice.until("lobby >")
            await alice.send("help")
            await alice.until("lobby commands:")
            return "lobby commands:" + await alice.until("alice · lobby >")

    shown = asyncio.run(asyncio.wait_for(main(), 20))
    assert all(len(line) < 80 for line in shown.splitlines())
    assert shown.split() == lobby_help(80).split()


def test_every_client_is_told_in_one_line_why_the_server_stops(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"], table_screen=True) as server:
            alice = await server.connect("alice")
            await alice.until("lobby >")
            bob = await server.connect("bob", size=(100, 40))      # a full-screen seat
            await bob.send("new table t --seats red,blue:bot")
            await bob.until("you sit at t as red")
            await goodbye(server.hub, "its host stopped it (SIGTERM)")
            for term in (alice, bob):
                await term.until("catan serve is stopping: its host stopped it (SIGTERM). Your seats and tables "
                                 "are saved; connect again when it is back.")
            tail = bob.raw[bob.raw.rindex("\x1b[?1049l"):]
            assert "catan serve is stopping" in tail       # after the full screen is left, so it stays

    asyncio.run(asyncio.wait_for(main(), 20))


def serve(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, NO_COLOR="1", XDG_DATA_HOME=str(tmp_path / "data"), PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "catan_cli", "serve", "--port", "0", "--open", "--fast",
                             "--saves", str(tmp_path / "saves"), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, preexec_fn=as_from_a_terminal)


def as_from_a_terminal() -> None:
    """Ctrl-C as a host's terminal delivers it: a child inherits SIGINT ignored (a suite started
    in the background by a shell without job control) or blocked (a test worker whose earlier
    tests left it in the signal mask), and the server would then be deaf to it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def port_of(proc: subprocess.Popen[str]) -> int:
    line = proc.stdout.readline() if proc.stdout else ""
    m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    assert m, line + (proc.stderr.read() if proc.stderr and proc.poll() is not None else "")
    return int(m.group(1))


async def lobby(port: int, user: str) -> Any:
    conn = await asyncio.wait_for(asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None,
                                                   client_keys=None, agent_path=None, password=None), 10)
    process = await conn.create_process(term_type="xterm", term_size=(100, 40))
    return conn, process


async def read_until(process: Any, text: str, seen: str = "", timeout: float = WAIT) -> str:
    async def more() -> str:
        out = seen
        while text not in plain(out):
            chunk = await process.stdout.read(65536)
            if not chunk:
                raise AssertionError(f"closed before {text!r}:\n{plain(out)[-800:]}")
            out += chunk
        return out
    return await asyncio.wait_for(more(), timeout)


def test_ctrl_c_stops_catan_serve_with_status_130_and_tells_the_clients(tmp_path: Path) -> None:
    proc = serve(tmp_path)
    try:
        port = port_of(proc)

        async def visit() -> str:
            conn, process = await lobby(port, "alice")
            seen = await read_until(process, "alice · lobby >")
            proc.send_signal(signal.SIGINT)                  # what Ctrl-C sends
            seen = await read_until(process, "connect again when it is back.", seen)
            conn.close()
            return plain(seen)

        seen = asyncio.run(visit())
        assert "catan serve is stopping: its host pressed Ctrl-C." in seen
        out, err = proc.communicate(timeout=20)
        assert proc.returncode == 130 and "catan serve: stopped" in out and "Traceback" not in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)


@pytest.mark.slow
def test_fifty_kills_right_after_acknowledgements_lose_no_move(tmp_path: Path) -> None:
    """SIGKILL of the server 0-5 ms after a player saw its move acknowledged (its own
    narration, '> MOVE'), 50 times: each restart finds the move in the table's save."""
    import random

    rng = random.Random(42)
    folder = str(tmp_path / "saves")
    bot = make_bot("greedy", 0)
    lost = kills = 0
    while kills < 50:
        proc = serve(tmp_path)
        try:
            port = port_of(proc)

            async def one_move(first: bool) -> tuple[int, str] | None:
                conn, process = await lobby(port, "alice")
                await read_until(process, "alice · ")
                if first:
                    process.stdin.write("new table k --seats red,blue:bot,white:bot\r")
                    await read_until(process, "you sit at k as red")
                    process.stdin.write("start\r")
                while True:
                    game = store.load(folder, "k").session.game     # what anyone has been shown
                    if game.over:
                        return None
                    if "red" not in game.deciding():
                        await asyncio.sleep(0.02)
                        continue
                    line = bot.choose(game, "red").removeprefix("red: ")
                    process.stdin.write(line + "\r")
                    answer = await read_either(process, (f"> {line}", "✗"))
                    if answer == "✗":            # a bot moved meanwhile: look again
                        continue
                    await asyncio.sleep(rng.uniform(0, 0.005))
                    proc.kill()
                    conn.abort()
                    return len(game.history), line

            played = asyncio.run(asyncio.wait_for(one_move(kills == 0), 60))
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=10)
        if played is None:
            break
        kills += 1
        index, line = played
        history = store.load(folder, "k").session.game.history
        if len(history) <= index or not history[index].endswith(line):
            lost += 1
    print(f"\n{kills} SIGKILLs right after an acknowledged move, {lost} moves lost")
    assert kills == 50 and lost == 0


async def read_either(process: Any, texts: tuple[str, ...], timeout: float = WAIT) -> str:
    """Read on until one of ``texts`` arrives; which one."""
    async def more() -> str:
        out = ""
        while True:
            shown = plain(out)
            found = [(shown.find(t), t) for t in texts if t in shown]
            if found:
                return min(found)[1]
            chunk = await process.stdout.read(65536)
            if not chunk:
                raise AssertionError(f"closed before {texts!r}:\n{shown[-800:]}")
            out += chunk
    return await asyncio.wait_for(more(), timeout)
