"""A bot game saved mid-game and resumed with --load goes on exactly as the uninterrupted
game: bot choices depend only on the game (state and commands played) and the seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_cli.bots import make_bot
from catan_cli.bots.seeding import turn_lines
from catan_cli.game import Game
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session

GAMES = {
    "base": "red:bot, blue:bot, white:bot:random, orange:bot",
    "cloth-for-catan": "red:bot, blue:bot:random, white:bot",
    "pirate-islands": "red:bot, blue:bot, white:bot, orange:bot:random",
}
LENGTH = 260
CUTS = (60, 150, 233)


def play(session: Session, until: int) -> None:
    while len(session.game.history) < until and not session.game.over:
        session.bot_move()


@pytest.mark.parametrize("scenario", GAMES)
def test_a_resumed_bot_game_continues_exactly_as_the_uninterrupted_one(tmp_path: Path, scenario: str) -> None:
    header = Header(scenario, parse_seats(GAMES[scenario]), 12)
    whole = Session.new(header, saves_folder=tmp_path, autosave=False)
    play(whole, LENGTH)
    assert len(whole.game.history) == LENGTH or whole.game.over
    for cut in CUTS:
        first = Session.new(header, saves_folder=tmp_path, autosave=False)
        play(first, cut)
        first.save(f"cut-{cut}")
        resumed = Session.from_save(f"cut-{cut}", tmp_path, autosave=False)
        play(resumed, LENGTH)
        assert resumed.game.history == whole.game.history, f"differs after a cut at command {cut}"


def test_a_bot_chooses_the_same_from_a_copy_of_the_game() -> None:
    """No memory in the bot object: a fresh bot and a well-used one agree on every move."""
    game = Game.new("base", players=["red", "blue", "white"], seed=5)
    used = {name: make_bot("greedy", i) for i, name in enumerate(game.players)}
    while not game.over:
        seat = game.prompt_player()
        fresh = make_bot("greedy", game.players.index(seat))
        line = used[seat].choose(game, seat)
        assert fresh.choose(Game.from_json(game.to_json()), seat) == line
        game.execute(line)


def test_turn_lines_are_the_seats_commands_since_the_last_end() -> None:
    game = Game.new("base", players=["red", "blue"], seed=1, sandbox=True)
    game.history = ["build settlement 40", "red: end", "blue: roll", "blue: trade 4 ore for wool",
                    "red: decline", "offer red 1 ore for 1 wool"]
    game.state.current = 1
    assert turn_lines(game, "blue") == ["roll", "trade 4 ore for wool", "offer red 1 ore for 1 wool"]
    assert turn_lines(game, "red") == ["decline"]
