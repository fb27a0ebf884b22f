"""Moves per second through one server table: the cost of saving each move before it is shown.

A game chosen by bots beforehand is played through ``Table.command`` by three seated line-screen
viewers (no SSH: the table's own work only: the engine, the save written and fsynced in the
saves folder, every viewer's screen drawn).  Run from tests/:

    python bench_table_moves.py [SAVES_FOLDER] [COMMANDS]      (not collected by pytest)

The saves folder should be on the disk the server would use (fsync costs what that disk costs).
"""
import asyncio
import sys
import tempfile
import time
from typing import Any

sys.path.insert(0, ".")

from catan_cli.script import Header, parse_seats
from catan_cli.server import screen
from catan_cli.server.hub import Defaults, Hub
from catan_cli.session import Session

SEED = 5


class Viewer:
    def __init__(self, name: str) -> None:
        self.name, self.width, self.height, self.table = name, 100, 40, None

    def push(self, text: str) -> None:
        pass

    def refresh_prompt(self) -> None:
        pass

    def moved_away(self, message: str) -> None:
        pass

    def draw(self, game: Any, seat: str | None, lines: list[tuple[str, str]], maps: dict[Any, str]) -> str:
        return screen.frame(game, seat, lines, self.width, self.height, maps=maps)

    def show_drawn(self, drawn: Any) -> None:
        pass


def scripted(n: int) -> list[tuple[str, str]]:
    session = Session.new(Header("base", parse_seats("red:bot,blue:bot,white:bot"), SEED), autosave=False)
    out = []
    while not session.game.over and len(out) < n:
        played = session.bot_move()
        out.append((played.seat, played.body))
    return out


async def main(folder: str, n: int) -> None:
    moves = scripted(n)
    hub = Hub(folder, pace=0.0, defaults=Defaults(seed=SEED), log=lambda message: None)
    viewers = {seat: Viewer(name) for seat, name in (("red", "alice"), ("blue", "bob"), ("white", "carol"))}

    class Lobby:
        def __init__(self, viewer: Viewer) -> None:
            self.name, self.width, self.viewer = viewer.name, 100, viewer

        def push(self, text: str) -> None:
            pass

        async def sit(self, table: Any, wanted: str | None) -> None:
            self.viewer.table = table
            table.join(self.viewer, wanted)

    await hub.new_table(Lobby(viewers["red"]), ["table", "bench", "--seats", "red,blue,white"])
    table = hub.tables["bench"]
    for seat in ("blue", "white"):
        viewers[seat].table = table
        table.join(viewers[seat], seat)
    while not table.started or table.lock.locked():
        await asyncio.sleep(0.01)
    start = time.perf_counter()
    for seat, body in moves:
        before = len(table.game.history)
        await table.command(viewers[seat], seat, body)
        assert len(table.game.history) == before + 1, (seat, body)
    took = time.perf_counter() - start
    hub.shutdown()
    print(f"{len(moves)} moves in {took:.2f} s: {len(moves) / took:.0f} moves/s, {1000 * took / len(moves):.1f} ms "
          f"a move (3 line-screen viewers, saves in {folder})")


if __name__ == "__main__":
    folder = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="catan-bench-")
    asyncio.run(main(folder, int(sys.argv[2]) if len(sys.argv) > 2 else 300))
