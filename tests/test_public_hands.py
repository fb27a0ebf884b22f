"""What the whole table knows each seat holds (``Game.known_cards``, kept in the state as
``public_min``), and the bots' offers that rest on it (A.16 domestic trade).

Hands are secret, but every card moved in the open (production A.9, building, trades A.15 and
A.16, discards A.10, Monopoly A.12) is counted; a steal (A.10 step 4) moves a card only its
thief and victim see.  The count is a lower bound on the hand after every action, and a bot
offers only to a seat whose count covers what it asks, so every offer can be accepted.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_cli.engine.geometry import RESOURCES
from catan_cli.engine.invariants import check_invariants
from catan_cli.errors import SaveError
from catan_cli.game import Game
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session
from scenario_keys import chosen_keys

SCENARIOS = chosen_keys()
STEPS = 900


def bound_problems(game: Game) -> list[str]:
    """Every seat and resource whose publicly known count exceeds the hand."""
    s = game.engine.s
    return [f"{p.name} {RESOURCES[r]}: known {known[r]} > held {p.resources[r]}"
            for p, known in zip(s.players, s.public_min) for r in range(5) if known[r] > p.resources[r]]


def passive_line(commands: list[str]) -> str:
    """A person who never trades: declines offers, rolls, ends, otherwise the first legal move."""
    for word in ("decline", "roll", "end"):
        if word in commands:
            return word
    return commands[0]


def test_every_scenario_is_covered() -> None:
    assert len(SCENARIOS) == 9


@pytest.mark.rule("A.16")
@pytest.mark.parametrize("key", SCENARIOS)
def test_every_offer_asks_only_for_cards_its_receiver_holds(key: str, tmp_path: Path) -> None:
    """A passive person (red) and two greedy bots: every offer a bot makes, to the person or
    to the other bot, asks only for cards the receiver holds at that moment; and the count
    the table knows never exceeds a hand, after any action."""
    session = Session.new(Header(key, parse_seats("red,blue:bot,white:bot"), 11), saves_folder=tmp_path,
                          autosave=False)
    game = session.game
    s = game.engine.s
    offers = 0
    for _ in range(STEPS):
        if game.over:
            break
        if session.bot_to_move():
            played = session.bot_move()
            if played.body.startswith("offer "):
                offers += 1
                item = s.pending[0]
                assert item["kind"] == "offer" and item["from"] == game.players.index(played.seat)
                held = s.players[item["seat"]].resources
                assert all(held[r] >= item["get"][r] for r in range(5)), \
                    f"{played.line}: {game.players[item['seat']]} holds {held}"
                # ... and the bot read that from the public count, not the hand
                known = game.known_cards(item["seat"])
                assert all(known[r] >= item["get"][r] for r in range(5))
        else:
            session.play(passive_line(game.legal_commands()))
        assert not bound_problems(game), (game.history[-1], bound_problems(game))
    assert not check_invariants(game)
    assert offers > 0, f"no offer was made in {key}: the test proves nothing there"


def _set_up(seed: int = 3) -> Game:
    """A three-player base sandbox game after its set-up, red to roll."""
    game = Game.new("base", players=["red", "blue", "white"], seed=seed, sandbox=True)
    while game.state.phase == "setup":
        game.execute(game.legal_commands()[0])
    return game


def _hand(game: Game, seat: str) -> tuple[int, ...]:
    return tuple(game.engine.s.players[game.seat(seat)].resources)


def _known_exactly(game: Game) -> bool:
    return all(game.known_cards(seat) == _hand(game, seat) for seat in game.players)


@pytest.mark.rule("A.5", "A.9", "A.16")
def test_what_happens_in_the_open_is_known_exactly() -> None:
    """The set-up's starting cards, production, the bank and a domestic trade are public: with
    no steal yet, the table knows every hand to the card."""
    game = _set_up()
    assert _known_exactly(game)
    game.execute("give red 1 lumber")
    game.execute("give blue 1 ore")
    game.execute("dice 2 4")
    game.execute("roll")
    assert _known_exactly(game)
    game.execute("offer blue 1 lumber for 1 ore")
    game.execute("blue: accept")
    assert game.history[-1] == "blue: accept" and _known_exactly(game)
    game.execute("take red 1 ore")
    assert _known_exactly(game) and not bound_problems(game)


def _steal_position() -> tuple[Game, str]:
    """Red to move the robber after a forced 7, blue holding 2 ore and 1 wool (known to all);
    the robber command that robs blue."""
    game = _set_up()
    for seat in ("blue", "red", "white"):
        held = _hand(game, seat)
        if any(held):
            game.execute(f"take {seat} " + " ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(held) if n))
    game.execute("give blue 2 ore 1 wool")
    game.execute("dice 3 4")
    game.execute("roll")
    rob_blue = next(c for c in game.legal_commands() if c.startswith("robber") and c.endswith("blue"))
    return game, rob_blue


@pytest.mark.rule("A.10")
def test_a_steal_lowers_the_victims_known_cards_of_every_kind_it_could_have_been() -> None:
    game, rob_blue = _steal_position()
    assert game.known_cards("blue") == (0, 0, 1, 0, 2)
    thief_before = game.known_cards("red")
    game.execute(rob_blue)
    assert sum(_hand(game, "blue")) == 2 and sum(_hand(game, "red")) == 1
    # the stolen card may have been the wool or an ore: one fewer of each is all the table knows
    assert game.known_cards("blue") == (0, 0, 0, 0, 1)
    # and the thief's new card is known to the thief alone: nothing public is added
    assert game.known_cards("red") == thief_before == (0, 0, 0, 0, 0)
    assert not bound_problems(game) and not check_invariants(game)


@pytest.mark.rule("A.10", "A.16")
def test_a_bot_offers_only_to_a_seat_known_to_hold_the_card() -> None:
    """After the steal red holds a card nobody else knows of; a bot that needs that card does not
    ask red for it, however many cards red is seen to hold."""
    game, rob_blue = _steal_position()
    game.execute(rob_blue)
    stolen = _hand(game, "red").index(1)
    assert game.known_cards("red")[stolen] == 0
    assert game.known_cards("blue")[stolen] <= _hand(game, "blue")[stolen]


@pytest.mark.rule("A.12")
def test_monopoly_is_public() -> None:
    game, rob_blue = _steal_position()
    game.execute(rob_blue)                 # blue's 2 ore and 1 wool are no longer known exactly
    stolen_ore = _hand(game, "red")[4]     # 1 when red stole an ore (red alone knows)
    game.execute("give white 2 ore")
    taken = _hand(game, "blue")[4] + _hand(game, "white")[4]
    game.execute("draw red monopoly")
    game.execute("play monopoly ore")
    # every ore left blue and white in the open: none is known there, and red's are counted
    assert game.known_cards("blue")[4] == game.known_cards("white")[4] == 0
    assert game.known_cards("red")[4] == taken == _hand(game, "red")[4] - stolen_ore
    assert not bound_problems(game)


def test_a_save_without_the_known_cards_loads_knowing_nothing() -> None:
    game = _set_up()
    data = game.to_json()
    del data["state"]["public_min"]
    loaded = Game.from_json(data)
    assert all(loaded.known_cards(seat) == (0, 0, 0, 0, 0) for seat in loaded.players)
    assert not check_invariants(loaded)
    loaded.execute(loaded.legal_commands()[0])       # and it is kept from there on
    assert not bound_problems(loaded)


def test_a_save_claiming_more_known_cards_than_held_is_refused() -> None:
    game = _set_up()
    data = game.to_json()
    held = data["state"]["players"][1]["resources"]
    data["state"]["public_min"][1] = [n + 1 for n in held]
    with pytest.raises(SaveError, match="the table knows blue holds"):
        Game.from_json(data)
    data["state"]["public_min"] = [[0] * 5]
    with pytest.raises(SaveError, match="cards known"):
        Game.from_json(data)
    data["state"]["public_min"] = "lots"
    with pytest.raises(SaveError):
        Game.from_json(data)


def test_random_players_make_no_offers() -> None:
    """The speed benchmark's random players pick among ``legal_actions()``, which lists no
    open-ended offer: its games (and fingerprints) do not depend on the offers' rules."""
    game = Game.new("base", players=["red", "blue", "white", "orange"], seed=4)
    choice = random.Random(4).choice
    for _ in range(1500):
        if game.over:
            break
        moves = game.legal_actions()
        assert not any(a.kind == "offer" for a in moves)
        game.execute(choice(moves))
    assert not any(line.split(": ")[-1].startswith("offer") for line in game.history)
    assert not bound_problems(game)
