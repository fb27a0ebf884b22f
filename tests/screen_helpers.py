"""Positions for the screen tests: a game with red (a person) against two bots, played until
red has rolled in turn 1, saved as ``screen`` in a folder."""

from __future__ import annotations

from pathlib import Path

from catan_cli.script import Header, parse_seats
from catan_cli.session import Session


def red_after_roll(scenario: str, seed: int, folder: Path, save: bool = True) -> Session:
    """red plays the first legal command (rolling when it may) until red builds in turn 1."""
    session = Session.new(Header(scenario, parse_seats("red,blue:bot,white:bot"), seed),
                          saves_folder=folder, save_name="screen", autosave=False)
    game = session.game
    while not (game.state.turn >= 1 and game.prompt_player() == "red" and game.waiting_for() == "build/trade"):
        if session.bot_to_move():
            session.bot_move()
            continue
        commands = game.legal_commands()
        session.play("roll" if "roll" in commands else next(c for c in commands if c != "end"))
    if save:
        session.save("screen")
    return session
