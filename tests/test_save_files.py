"""Saves and command files are regular files under a size cap; anything else is refused in one
line without blocking.  A restored state is checked: a broken one is refused with a SaveError
that names what is wrong, never a crash later."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from catan_cli import Game, SaveError
from catan_cli.bots import make_bot
from catan_cli.repl import Repl
from catan_cli.saves import list_saves, load_game
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session
from catan_cli.textfile import MAX_BYTES

CATAN = [sys.executable, "-m", "catan_cli"]


def catan(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """In a subprocess with a timeout: a door that blocks fails the test instead of hanging it."""
    return subprocess.run([*CATAN, *args], cwd=cwd, capture_output=True, text=True, timeout=15,
                          stdin=subprocess.DEVNULL)


@pytest.fixture
def odd_files(tmp_path: Path) -> dict[str, Path]:
    saves = tmp_path / "saves"
    saves.mkdir()
    os.mkfifo(saves / "fifo.catan")
    (saves / "folder.catan").mkdir()
    (saves / "zero.catan").symlink_to("/dev/zero")
    with open(saves / "huge.catan", "wb") as fh:
        fh.truncate(MAX_BYTES + 1)
    return {name: saves / f"{name}.catan" for name in ("fifo", "folder", "zero", "huge")}


@pytest.mark.parametrize("name, what", [("fifo", "is a FIFO"), ("folder", "is a folder"),
                                        ("zero", "is a device"), ("huge", "is larger than 4 MiB")])
def test_run_show_and_play_refuse_what_is_not_a_regular_file_in_one_line(tmp_path, odd_files, name, what):
    path = str(odd_files[name])
    for args in (["run", path], ["play", "--load", path]):   # a command file; a save (show: the same door)
        done = catan(*args, cwd=tmp_path)
        assert done.returncode == 3, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and what in done.stderr and done.stderr.startswith("catan: ")


def test_the_repl_refuses_to_load_a_folder_or_a_huge_file(tmp_path, odd_files):
    """(The FIFO and /dev/zero go through the same load_game, in a subprocess above.)"""
    out = io.StringIO()
    session = Session.new(Header("base", parse_seats("red,blue,white"), 7), saves_folder=tmp_path / "saves")
    repl = Repl(session, Console(file=out, width=100, color_system=None), pace=0.0)
    for name in ("folder", "huge"):
        repl.handle(f"load {name}")
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and all(line.startswith("✗ ") and "is not a save" in line for line in lines)
    assert session.game.history == []


def test_saves_lists_odd_files_as_not_saves_without_blocking(odd_files):
    infos = {info.name: info.problem for info in list_saves(next(iter(odd_files.values())).parent)}
    assert infos == {"fifo": "not a save: it is a FIFO", "folder": "not a save: it is a folder",
                     "zero": "not a save: it is a device",
                     "huge": "not a save: it is larger than 4 MiB (4.0 MiB)"}


def test_a_save_at_the_cap_is_read(tmp_path):
    game = Game.new("base", seed=1)
    text = "# scenario: base\n# seed: 1\n" + "# padding\n" * ((MAX_BYTES - 200) // 10) + f"# digest: {game.digest()}\n"
    assert len(text) <= MAX_BYTES
    (tmp_path / "long.catan").write_text(text)
    assert load_game("long", tmp_path).game.digest() == game.digest()


# ---------------------------------------------------------------------------- restored states


def broken(change) -> dict:
    data = Game.new("base", seed=3).to_json()
    change(data["state"])
    return data


@pytest.mark.parametrize("change, named", [
    (lambda s: s["players"][0]["resources"].__setitem__(0, -2), "red's cards[0] is -2"),
    (lambda s: s["players"][1]["resources"].__setitem__(0, 10**30), "blue's cards[0] is 1000000000000000000000000000000"),
    (lambda s: s.__setitem__("phase", "lol"), "unknown phase 'lol'"),
    (lambda s: s["terrain"].__setitem__(7, "lava"), "unknown terrain 'lava'"),
    (lambda s: s.__setitem__("robber", 10**6), "the robber's hex is 1000000"),
    (lambda s: s.__setitem__("current", 7), "the seat on turn is 7"),
    (lambda s: s["bank"].__setitem__(4, "lots"), "the bank[4] is 'lots', not a whole number"),
    (lambda s: s.__setitem__("dice", [9, 9]), "the dice[0] is 9"),
    (lambda s: s["node_owner"].__setitem__(3, 5), "the intersection owners[3] is 5"),
    (lambda s: s["bank"].__setitem__(0, 5), "lumber: bank 5 + hands 0 = 5, expected 19"),
    (lambda s: s["node_kind"].__setitem__(10, 2), "the building on 11 has no owner"),
])
def test_from_json_refuses_a_broken_state_and_names_the_problem(change, named):
    with pytest.raises(SaveError, match="^not a sound catan game: ") as err:
        Game.from_json(broken(change))
    assert named in str(err.value)


@pytest.mark.parametrize("scenario, players", [("base", 4), ("cloth-for-catan", 3), ("pirate-islands", 4),
                                               ("land-ho", 2)])
def test_from_json_accepts_every_position_of_a_played_game(scenario, players):
    names = ["red", "blue", "white", "orange"][:players]
    game = Game.new(scenario, players=names, seed=11)
    bots = {name: make_bot("random", i) for i, name in enumerate(names)}
    for move in range(400):
        if game.over:
            break
        if move % 7 == 0:
            assert Game.from_json(game.to_json()).digest() == game.digest()
        seat = game.prompt_player()
        game.execute(bots[seat].choose(game, seat))


def _played(scenario: str, players: int, moves: int) -> Game:
    game = Game.new(scenario, players=["red", "blue", "white", "orange"][:players], seed=5)
    bots = {name: make_bot("random", i) for i, name in enumerate(game.players)}
    for _ in range(moves):
        if game.over:
            break
        seat = game.prompt_player()
        game.execute(bots[seat].choose(game, seat))
    return game


@pytest.mark.parametrize("scenario, change, named", [
    ("pirate-islands", lambda s: s["extra"]["fortresses"][3].__setitem__("seat", ""), "orange's fortress is damaged"),
    ("pirate-islands", lambda s: s["extra"]["fleet"].__setitem__("index", 10**6), "the pirate fleet is off its path"),
    ("pirate-islands", lambda s: s["players"][1]["extra"].__setitem__("chits_won", [1]), "blue's won chits are [1]"),
    ("cloth-for-catan", lambda s: s["extra"]["villages"][0].__setitem__("traders", [9]), "village on"),
    ("cloth-for-catan", lambda s: s["extra"].__setitem__("cloth_supply", "x"), "cloth supply is not a whole number"),
    ("land-ho", lambda s: s["extra"]["ships"][0].__setitem__("id", [1]), "the ships' numbers are damaged"),
    ("land-ho", lambda s: s["players"][1]["extra"].__setitem__("gold", -1), "blue's gold is -1"),
    ("land-ho", lambda s: s["extra"]["face_down"]["north"]["numbers"].append(6), "area north: its number tokens"),
    ("base", lambda s: s["players"][2].__setitem__("name", {}), "not distinct one-word names"),
    ("base", lambda s: s.__setitem__("scenario", "atlantis"), "unknown scenario 'atlantis'"),
])
def test_from_json_refuses_a_damaged_scenario_state(scenario, change, named):
    data = _played(scenario, 4, 150).to_json()
    change(data["state"])
    with pytest.raises(SaveError, match=r"^not a (sound|saved) catan game: ") as err:
        Game.from_json(data)
    assert named in str(err.value)


GARBAGE = [None, True, -1, 0, 3, 7, 10**6, 10**30, 1.5, "", "lol", [], {}, [1], {"a": 1}, "main", "ore"]


def _paths(obj, prefix=()):
    if prefix:
        yield prefix
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for key, value in items:
        yield from _paths(value, prefix + (key,))


@pytest.mark.parametrize("scenario", ["base", "cloth-for-catan", "pirate-islands", "land-ho"])
def test_any_damaged_state_is_refused_or_plays_on(scenario):
    """Random damage anywhere in a mid-game state: from_json refuses it with a SaveError, or
    the game it gives can be viewed and played on by bots without a crash."""
    import copy
    import random

    base = _played(scenario, 4, 120).to_json()
    paths = [p for p in _paths(base["state"]) if p[0] != "rng"]
    rnd = random.Random(scenario)
    for _ in range(40):
        data = copy.deepcopy(base)
        path = rnd.choice(paths)
        target = data["state"]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rnd.choice(GARBAGE)
        try:
            game = Game.from_json(data)
        except SaveError:
            continue
        bots = {name: make_bot("random", i) for i, name in enumerate(game.players)}
        for _ in range(25):
            if game.over:
                break
            seat = game.prompt_player()
            game.execute(bots[seat].choose(game, seat))
