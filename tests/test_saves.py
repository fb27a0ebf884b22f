"""Saves: readable command files with a digest, written atomically, replayed and checked on load."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from catan_cli import Game, RuleError, SaveError
from catan_cli import saves
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session

OPENING = ["build settlement 40", "build road 40-41", "blue: build settlement 53", "blue: build road 53-54"]


def header(**kw) -> Header:
    base = dict(scenario="base", seats=parse_seats("red,blue,white"), seed=7, sandbox=False, options=[])
    base.update(kw)
    return Header(**base)


def opening_game() -> Game:
    game = header().new_game()
    for line in OPENING:
        game.execute(line)
    return game


# ---------------------------------------------------------------------------- folder and names


def test_saves_folder_is_option_then_env_then_cwd(monkeypatch, tmp_path):
    monkeypatch.delenv("CATAN_SAVES", raising=False)
    assert saves.saves_dir() == Path("saves")
    monkeypatch.setenv("CATAN_SAVES", str(tmp_path / "env"))
    assert saves.saves_dir() == tmp_path / "env"
    assert saves.saves_dir(tmp_path / "opt") == tmp_path / "opt"


@pytest.mark.parametrize("name", ["../evil", "a/b", "", ".hidden", "x" * 80, "semi;colon", "dot."])
def test_save_names_are_plain_words(name, tmp_path):
    with pytest.raises(SaveError, match="is not a save name"):
        saves.save_path(name, tmp_path)


def test_a_name_may_carry_the_suffix(tmp_path):
    assert saves.save_path("friday.catan", tmp_path) == tmp_path / "friday.catan"


# ---------------------------------------------------------------------------- the file


def test_a_save_is_a_command_file_with_headers_history_and_digest(tmp_path):
    game = opening_game()
    path = saves.save_game(game, header(options=["variable"]), "friday", tmp_path)
    lines = path.read_text().splitlines()
    assert lines[:5] == ["# scenario: base", "# players: red, blue, white", "# seed: 7", "# sandbox: no",
                         "# options: variable"]
    assert lines[5:-1] == game.history
    assert lines[-1] == f"# digest: {game.digest()}"


def test_save_and_load_round_trip(tmp_path):
    game = opening_game()
    h = header(seats=parse_seats("red, blue:bot, white:bot:random"))
    saves.save_game(game, h, "friday", tmp_path)
    loaded = saves.load_game("friday", tmp_path)
    assert loaded.game.digest() == game.digest()
    assert loaded.game.history == game.history
    assert loaded.header == h and loaded.name == "friday"


def test_load_by_path(tmp_path):
    path = saves.save_game(opening_game(), header(), "friday", tmp_path)
    assert saves.load_game(str(path)).game.history == OPENING[:1] + ["red: build road 40-41"] + OPENING[2:]


def test_written_files_follow_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        path = saves.save_game(opening_game(), header(), "friday", tmp_path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


# ---------------------------------------------------------------------------- damage


def damage(tmp_path: Path, edit) -> None:
    path = saves.save_game(opening_game(), header(), "friday", tmp_path)
    path.write_text(edit(path.read_text()))


def test_a_wrong_digest_is_reported_as_damage(tmp_path):
    damage(tmp_path, lambda t: t.rsplit("# digest:", 1)[0] + "# digest: 0000000000000000\n")
    with pytest.raises(SaveError) as err:
        saves.load_game("friday", tmp_path)
    assert str(err.value) == "save friday is damaged: its final position does not match its digest"


def test_an_edited_move_that_still_replays_breaks_the_digest(tmp_path):
    damage(tmp_path, lambda t: t.replace("blue: build road 53-54", "blue: build road 52-53"))
    with pytest.raises(SaveError, match="its final position does not match its digest"):
        saves.load_game("friday", tmp_path)


def test_an_illegal_move_names_its_line(tmp_path):
    damage(tmp_path, lambda t: t.replace("blue: build settlement 53", "blue: build settlement 41"))
    with pytest.raises(SaveError, match=r"^save friday is damaged: line 7: blue: build settlement 41: "):
        saves.load_game("friday", tmp_path)


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.rsplit("# digest:", 1)[0], "it does not end with a digest line"),
    (lambda t: t[: len(t) // 2], "it does not end with a digest line"),
    (lambda t: "# seed: x\n" + t, "line 1: bad 'seed' header"),
    (lambda t: t.replace("# scenario: base", "# scenario: atlantis"), "unknown scenario 'atlantis'"),
    (lambda t: "", "friday is not a catan save"),
])
def test_damaged_saves_give_one_clear_line(tmp_path, edit, message):
    damage(tmp_path, edit)
    with pytest.raises(SaveError, match=message) as err:
        saves.load_game("friday", tmp_path)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("text", ['{"format": "catan-game/1", "state": {}}\n', "import os\nprint(os.getcwd())\n",
                                  "# A README\n\nSome words.\n"])
def test_a_foreign_text_file_is_not_a_save(tmp_path, text):
    (tmp_path / "other.catan").write_text(text)
    with pytest.raises(SaveError) as err:
        saves.load_game("other", tmp_path)
    assert str(err.value) == "other is not a catan save: it has no '# scenario:' header and no digest line"


def test_binary_garbage_and_missing_saves(tmp_path):
    (tmp_path / "junk.catan").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    with pytest.raises(SaveError, match="save junk is damaged: it is not text"):
        saves.load_game("junk", tmp_path)
    with pytest.raises(SaveError, match="no save named 'nope'"):
        saves.load_game("nope", tmp_path)


# ---------------------------------------------------------------------------- atomic writes


def test_a_failed_write_leaves_the_old_save_whole_and_no_temp_file(tmp_path, monkeypatch):
    game = opening_game()
    path = saves.save_game(game, header(), "friday", tmp_path)
    good = path.read_text()
    game.execute("white: build settlement 46")

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(SaveError, match=r"cannot save to .*friday\.catan: No space left on device"):
        saves.save_game(game, header(), "friday", tmp_path)
    assert path.read_text() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["friday.catan"]


def test_an_interrupted_write_leaves_the_old_save(tmp_path, monkeypatch):
    path = saves.save_game(opening_game(), header(), "friday", tmp_path)
    good = path.read_text()

    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        saves.write_atomic(path, "half a file")
    assert path.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["friday.catan"]


def test_list_saves_reads_headers_and_flags_damage(tmp_path):
    saves.save_game(opening_game(), header(), "good", tmp_path)
    (tmp_path / "bad.catan").write_text("build road 1-2\n")
    infos = {i.name: i for i in saves.list_saves(tmp_path)}
    assert infos["good"].commands == 4 and infos["good"].problem is None
    assert infos["bad"].problem == "no digest line"
    assert saves.names(tmp_path) == ["bad", "good"]


# ---------------------------------------------------------------------------- autosave


def test_every_accepted_command_is_autosaved_and_a_refused_one_is_not(tmp_path):
    session = Session.new(header(), saves_folder=tmp_path)
    auto = tmp_path / "autosave-1.catan"
    session.play("build settlement 40")
    assert auto.read_text().splitlines()[-2:] == ["build settlement 40", f"# digest: {session.game.digest()}"]
    before = auto.read_text()
    with pytest.raises(RuleError):
        session.play("build road 1-2")
    assert auto.read_text() == before
    session.play("build road 40-41")
    assert saves.load_game("autosave", tmp_path).game.digest() == session.game.digest()


def test_saving_under_a_name_makes_it_the_autosave_target(tmp_path):
    session = Session.new(header(), saves_folder=tmp_path)
    session.save("friday")
    session.play("build settlement 40")
    assert "build settlement 40" in (tmp_path / "friday.catan").read_text()


def test_an_autosave_failure_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    session = Session.new(header(), saves_folder=blocker / "sub")
    session.play("build settlement 40")
    assert session.save_problem is not None and session.save_problem.startswith("autosave failed: cannot save")
    assert session.game.history == ["build settlement 40"]


# ---------------------------------------------------------------------------- undo


def test_undo_takes_back_a_command_without_chance(tmp_path):
    session = Session.new(header(), saves_folder=tmp_path)
    session.play("build settlement 40")
    digest = session.game.digest()
    session.play("build road 40-41")
    assert session.undo() == "red: build road 40-41"
    assert session.game.digest() == digest
    assert saves.load_game("autosave", tmp_path).game.digest() == digest
    with pytest.raises(RuleError, match="cannot undo"):
        session.undo()


def test_undo_refuses_a_roll():
    session = Session.new(header(), autosave=False)
    for line in ["build settlement 40", "build road 40-41", "build settlement 53", "build road 53-54",
                 "build settlement 46", "build road 45-46", "build settlement 64", "build road 54-64",
                 "build settlement 56", "build road 56-57", "build settlement 17", "build road 17-18"]:
        session.play(line)
    session.play("roll")
    with pytest.raises(RuleError, match="drew on chance"):
        session.undo()


def test_undo_in_a_sandbox_is_always_allowed():
    session = Session.new(header(sandbox=True), autosave=False)
    for line in ["turn red", "end", "dice 3 4", "roll"]:
        session.play(line)
    assert session.undo() == "roll"
    assert session.game.history == ["turn red", "red: end", "dice 3 4"]
