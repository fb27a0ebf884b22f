"""Several real SSH connections at one table: a whole game, private views, out-of-turn
decisions, offers and talk across connections."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("asyncssh")

from ssh_helpers import keyed, plain, store_table, wait_for  # noqa: E402

from catan_cli.script import Header, parse_seats  # noqa: E402
from catan_cli.server import screen  # noqa: E402
from catan_cli.server.limits import Limits  # noqa: E402
from catan_cli.session import Session  # noqa: E402

PLAYERS = {"red": "alice", "blue": "bob", "white": "carol"}
SANDBOX_SETUP = ["turn blue", "put settlement red 20", "put road red 20-21", "put settlement blue 44",
                 "put road blue 44-45", "give blue 4 wool 4 grain", "give red 2 ore", "end"]


def scripted_game(seed: int, scenario: str = "base") -> tuple[list[str], list[tuple[str, tuple[str, ...]]],
                                                               dict[str, set[str]]]:
    """A whole game chosen by bots: its command lines, every private event text with
    the seats allowed to see it, and every hand and score line each seat may be shown (the
    score counts others' points without their hidden victory point cards)."""
    session = Session.new(Header(scenario, parse_seats("red:bot,blue:bot,white:bot"), seed), autosave=False)
    secrets: list[tuple[str, tuple[str, ...]]] = []
    hands: dict[str, set[str]] = {seat: set() for seat in PLAYERS}

    def note_hands() -> None:
        for seat in PLAYERS:
            view = session.game.view(seat)
            hands[seat].add(plain(screen.hand_line(view, seat)))
            hands[seat].add(plain(screen.score_line(session.game, view)))

    note_hands()
    while not session.game.over:
        played = session.bot_move()
        note_hands()
        for event in played.events:
            if event.private is not None:
                seats = tuple(session.game.players[i] for i in event.private.seats)
                secrets.append((event.private.text, seats))
    return session.game.history, secrets, hands


@pytest.mark.parametrize("scenario", ["base", pytest.param("pirate-islands", marks=pytest.mark.slow)])
def test_three_connections_play_a_game_to_its_end_and_see_only_their_own_secrets(tmp_path: Path,
                                                                                   scenario: str) -> None:
    lines, secrets, hands = scripted_game(3, scenario)   # secrets: whatever private events the engine makes

    async def main() -> None:
        # a script types faster than people: the input rate limit is lifted for it
        async with keyed(tmp_path, list(PLAYERS.values()), limits=Limits(lines_per_second=1000)) as server:
            terms = {}
            terms["red"] = await server.connect("alice")
            await terms["red"].send(f"new table friday --scenario {scenario} --seats red,blue,white")
            await terms["red"].until("you sit at friday as red")
            terms["blue"] = await server.connect("bob", command="join friday")
            terms["white"] = await server.connect("carol", command="join friday")
            for term in terms.values():
                await term.until("the game at friday begins")
            table = server.hub.tables["friday"]
            for line in lines:
                head, sep, body = line.partition(": ")
                seat = head if sep and head in PLAYERS else table.game.prompt_player()
                count = len(table.game.history)
                await terms[seat].send(body if sep and head in PLAYERS else line)
                await wait_for(lambda: len(table.game.history) > count, 5, f"{seat} playing {line!r}")
            assert table.game.over and table.game.history == lines
            for seat, term in terms.items():
                await term.until("game over")
                await term.send("hand blue")                   # whoever is named, one's own hand
                await term.until(f"Hand of {seat}")
            for seat, term in terms.items():
                seen = term.screen
                shown = {line[line.index(head):] for line in seen.splitlines()
                         for head in ("your hand:", "score: ") if head in line}
                assert shown and shown <= hands[seat], shown - hands[seat]
                for other in PLAYERS:
                    if other != seat:
                        assert f"Hand of {other}" not in seen, f"{seat} saw {other}'s hand"
                for text, allowed in secrets:
                    if seat not in allowed:
                        assert text not in seen, f"{seat} saw {text!r}"

    asyncio.run(asyncio.wait_for(main(), 50 if scenario == "base" else 120))
    save = (tmp_path / "saves" / "table-friday.catan").read_text()
    assert save.splitlines()[-2] == lines[-1]        # autosaved after every command


def test_a_watcher_sees_no_hand(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice", "dave"]) as server:
            alice = await server.connect("alice")
            await alice.send("new table t --seats red,blue:bot")
            await alice.until("you sit at t as red")
            dave = await server.connect("dave", command="watch t")
            await dave.until("score:")
            await alice.until("your move")
            await alice.send("build settlement 40")
            await dave.until("red places a settlement on 40")
            await alice.send("build road 40-41")
            await dave.until("blue places a settlement")
            await dave.quiet(0.3)
            assert "Hand of" not in plain(dave.raw) and "your hand" not in plain(dave.raw)
            await dave.send("build road 40-41")
            await dave.until("you are watching")

    asyncio.run(asyncio.wait_for(main(), 30))


def test_an_out_of_turn_discard_reaches_the_right_seat(tmp_path: Path) -> None:
    # both hold more than 7 cards when red rolls a 7: blue is asked at once, not after red
    store_table(tmp_path, "seven", "red, blue", {"red": "alice", "blue": "bob"},
                SANDBOX_SETUP + ["give red 3 wool 3 grain", "dice 3 4"])

    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"]) as server:
            alice = await server.connect("alice")
            bob = await server.connect("bob")
            await alice.until("you sit at seven as red")     # a player's only seat: rejoined at once
            await bob.until("you sit at seven as blue")
            await alice.send("roll")
            await alice.until("red, your move · discard 4 >", timeout=3)
            await bob.until("blue, you must answer · discard 4 >", timeout=3)
            await bob.send("discard 4 wool")                 # before red, out of turn
            await alice.until("blue discards", timeout=3)
            await bob.until("seven · red · must discard 4 >", timeout=3)
            await alice.send("discard 2 ore 2 grain")
            await alice.until("red, your move · move the robber")

    asyncio.run(asyncio.wait_for(main(), 30))


def test_offers_talk_and_answers_cross_connections(tmp_path: Path) -> None:
    store_table(tmp_path, "trade", "red, blue", {"red": "alice", "blue": "bob"}, SANDBOX_SETUP + ["dice 2 2"])

    async def main() -> None:
        async with keyed(tmp_path, ["alice", "bob"]) as server:
            alice = await server.connect("alice")
            bob = await server.connect("bob")
            await alice.until("you sit at trade as red")
            await bob.until("you sit at trade as blue")
            await alice.send("roll")
            await alice.until("red, your move · build/trade")
            table = server.hub.tables["trade"]
            wool = table.game.view("red")["players"][0]["resources"]["wool"]
            await alice.send("offer blue 1 ore for 1 wool")
            await bob.until("blue, you must answer · accept or decline: red offers you 1 ore for 1 wool >", timeout=3)
            await bob.send("say deal!")
            await alice.until("bob (blue) says: deal!")
            await bob.send("accept")
            await alice.until("red, your move · build/trade >", timeout=3)
            assert table.game.view("red")["players"][0]["resources"]["wool"] == wool + 1
            await bob.send("red: roll")
            await bob.until("you play blue, not red")

    asyncio.run(asyncio.wait_for(main(), 30))


def test_start_fills_the_free_seats_with_bots(tmp_path: Path) -> None:
    async def main() -> None:
        async with keyed(tmp_path, ["alice"]) as server:
            alice = await server.connect("alice")
            await alice.send("new table t --seats red,blue,white")
            await alice.until("t · waiting for blue, white >")
            await alice.send("build settlement 40")
            await alice.until("the game has not started")
            await alice.send("start")
            await alice.until("the game at t begins")
            await alice.until("red, your move · place settlement")
            await alice.send("build settlement 40")
            await alice.send("build road 40-41")
            await alice.until("blue places a settlement")            # a bot now plays blue
            table = server.hub.tables["t"]
            assert [s.spec() for s in table.session.header.seats] == ["red", "blue:bot", "white:bot"]
            await alice.send("tables")
            await alice.until("red:alice blue:bot white:bot")

    asyncio.run(asyncio.wait_for(main(), 30))
