"""Tab at the SSH table screen completes a word and the space after it, as the local table screen
and the line mode do: one completer for every prompt (:mod:`catan_cli.completion`)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from rich.console import Console

pytest.importorskip("asyncssh")

from ssh_helpers import keyed, wait_for  # noqa: E402

from catan_cli.game import Game  # noqa: E402
from catan_cli.repl import Repl  # noqa: E402
from catan_cli.script import Header, parse_seats  # noqa: E402
from catan_cli.server.tui import Frame, seat_words  # noqa: E402
from catan_cli.session import Session  # noqa: E402


def _frame(game: Game) -> Frame:
    return Frame(80, 30, [], 40, True, [], [], legal=game.legal_commands())


@pytest.mark.parametrize("typed", ["build s", "build settlement 2", "b s 1", "why build s", "settlement 3"])
def test_the_ssh_screen_and_the_local_screen_offer_the_same_words_of_the_legal_commands(typed: str,
                                                                                          tmp_path: Path) -> None:
    session = Session.new(Header("base", parse_seats("red,blue"), 3), saves_folder=tmp_path, autosave=False)
    repl = Repl(session, Console(file=io.StringIO(), width=100, color_system=None), pace=0.0)
    remote = [word for word, _ in seat_words(_frame(session.game), typed)]
    local = [word for word, _ in repl.completions(typed)]
    assert remote and remote == local
    assert all(" " not in word for word in remote)          # words, never whole commands


def test_the_first_word_is_a_word_too(tmp_path: Path) -> None:
    game = Game.new("base", players=["red", "blue"], seed=3)
    assert dict(seat_words(_frame(game), "b")) == {"build": "legal now"}
    assert dict(seat_words(_frame(game), "")).keys() >= {"build", "say", "screen", "help", "leave"}


def test_the_table_words_complete_too() -> None:
    assert dict(seat_words(None, "scr")) == {"screen": ""}
    assert dict(seat_words(None, "screen l")) == {"line": "screen line"}
    assert set(dict(seat_words(None, "le"))) == {"legal", "leave"}


def test_tab_at_the_ssh_table_screen_completes_a_word_and_its_space(tmp_path: Path) -> None:
    """``b<Tab>`` gives ``build `` (not the legal commands' common start), ``s<Tab>`` gives
    ``build settlement ``, and ``20`` Enter builds: the issue's ``build s<Tab>20``."""
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"], table_screen=True) as server:
            alice = await server.connect("alice", size=(100, 30))
            await alice.until("Welcome")
            await alice.send("new table t --seats red,blue")
            await alice.until("you sit at t as red")
            bob = await server.connect("bob", command="join t", size=(100, 30))
            client = next(c for c in server.hub.clients if c.name == "alice")

            def ready() -> bool:
                tui = client.tui
                return bool(tui is not None and tui.active and tui.frame_now is not None and tui.frame_now.legal)
            await wait_for(ready, what="red's table screen with its legal moves")
            tui = client.tui
            assert tui is not None
            alice.type("b\t")
            await wait_for(lambda: tui.buffer.text == "build ", what=f"'build ' (have {tui.buffer.text!r})")
            alice.type("s\t")
            await wait_for(lambda: tui.buffer.text == "build settlement ",
                           what=f"'build settlement ' (have {tui.buffer.text!r})")
            alice.type("20\r")
            await alice.until("red places a settlement on 20")
            assert server.hub.tables["t"].game.history[-1] == "build settlement 20"
            await bob.close()
            await alice.close()

    asyncio.run(asyncio.wait_for(main(), 120))


@pytest.mark.parametrize("size", [(120, 45), (80, 24)], ids=["120x45", "80x24"])
def test_the_ssh_table_screen_at_120x45_gives_a_sea_maps_narration_the_column_beside_it(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """As the local screen does: a Seafarers map drawn whole without panning, and 12 lines of
    narration or more under the side panel beside it; at 80x24 the narration stays under both."""
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"], table_screen=True) as server:
            alice = await server.connect("alice", size=size)
            await alice.until("Welcome")
            await alice.send("new table t --scenario pirate-islands --seats red,blue,white:bot")
            await alice.until("you sit at t as red")
            bob = await server.connect("bob", command="join t", size=size)
            client = next(c for c in server.hub.clients if c.name == "alice")

            def drawn() -> bool:
                tui = client.tui
                return bool(tui is not None and tui.active and tui.frame_now is not None and tui.frame_now.map_lines)
            await wait_for(drawn, what="red's table screen")
            tui = client.tui
            assert tui is not None and tui.frame_now is not None
            side, map_w, top, events, beside = tui.pane_sizes()
            frame = tui.frame_now
            if size == (120, 45):
                assert beside and beside + events == top == 43 and events - 1 >= 12
                assert frame.map_width <= map_w and len(frame.map_lines) <= top - 1     # no panning
                assert tui.events_width() == side and side + 1 + map_w == 120
            else:
                assert not beside and tui.events_width() == 80 and top + events == 22
            await bob.close()
            await alice.close()

    asyncio.run(asyncio.wait_for(main(), 120))
