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


@pytest.mark.parametrize("scenario, players", [("base", 4), ("cloth-for-catan", 3), ("pirate-islands", 4)])
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
