"""Saves never surprise: overwriting another game's save asks (REPL) or needs --force (CLI),
each game autosaves to its own file, stale temporary files of killed processes are removed,
and the words on leaving say what is really on disk."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from catan_cli.cli import build_app
from catan_cli.repl import Repl
from catan_cli.saves import load_game
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session

runner = CliRunner()


def make(tmp_path: Path, players: str = "red,blue,white", **kw) -> tuple[Repl, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None, highlight=False)
    session = Session.new(Header("base", parse_seats(players), 7), saves_folder=tmp_path, **kw)
    return Repl(session, console, pace=0.0), out


def said(out: io.StringIO) -> str:
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


def another_games_save(tmp_path: Path, name: str = "friday") -> str:
    other = Session.new(Header("base", parse_seats("red,blue,white"), 99), saves_folder=tmp_path, autosave=False)
    other.play("build settlement 53")
    other.save(name)
    return (tmp_path / f"{name}.catan").read_text()


# ---------------------------------------------------------------------------- overwriting


def test_save_over_existing_name_asks_first(tmp_path):
    theirs = another_games_save(tmp_path)
    repl, out = make(tmp_path)
    repl.handle("build settlement 40")
    said(out)
    repl.handle("save friday")
    assert said(out) == "a save named friday exists (another game): overwrite it? (y/n)\n"
    assert repl.prompt_plain() == "a save named friday exists (another game): overwrite it? (y/n) "
    repl.handle("n")
    assert said(out) == "not saved: the save friday is left as it was\n"
    assert (tmp_path / "friday.catan").read_text() == theirs
    repl.handle("save friday")
    repl.handle("y")
    assert said(out).endswith(f"saved to {tmp_path / 'friday.catan'}\n")
    assert load_game("friday", tmp_path).game.history == ["build settlement 40"]


def test_saving_again_under_the_games_own_name_does_not_ask(tmp_path):
    repl, out = make(tmp_path)
    repl.handle("build settlement 40")
    repl.handle("save mine")
    repl.handle("build road 40-41")
    said(out)
    repl.handle("save mine")
    assert said(out) == f"saved to {tmp_path / 'mine.catan'}\n"


def test_the_quit_prompt_asks_before_overwriting(tmp_path):
    theirs = another_games_save(tmp_path)
    repl, out = make(tmp_path)
    repl.handle("build settlement 40")
    said(out)
    answers = iter(["friday", "n", "friday", "yes"])
    asked: list[str] = []
    assert repl.offer_save(lambda question: asked.append(question) or next(answers))
    assert asked == ["save the game as [autosave-1]? (Enter: yes, or a name; n: no) ",
                     "a save named friday exists (another game): overwrite it? (y/n) ",
                     "save the game as [autosave-1]? (Enter: yes, or a name; n: no) ",
                     "a save named friday exists (another game): overwrite it? (y/n) "]
    assert said(out) == f"saved to {tmp_path / 'friday.catan'}\n"
    assert (tmp_path / "friday.catan").read_text() != theirs


def test_run_save_over_an_existing_save_needs_force(tmp_path):
    theirs = another_games_save(tmp_path)
    game = tmp_path / "game.catan"
    game.write_text("# scenario: base\nbuild settlement 40\n")
    result = runner.invoke(build_app(), ["run", str(game), "--save", "friday", "--saves", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output == f"catan: a save named 'friday' exists ({tmp_path / 'friday.catan'}): " \
                            "add --force to overwrite it\n"
    assert (tmp_path / "friday.catan").read_text() == theirs
    result = runner.invoke(build_app(), ["run", str(game), "--save", "friday", "--force", "--saves", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert load_game("friday", tmp_path).game.history == ["build settlement 40"]


def test_play_save_over_an_existing_save_needs_force(tmp_path):
    theirs = another_games_save(tmp_path)
    result = runner.invoke(build_app(), ["play", "--save", "friday", "--saves", str(tmp_path)],
                           input="build settlement 40\n")
    assert result.exit_code == 2 and result.output.startswith("catan: a save named 'friday' exists")
    assert "--force" in result.output and (tmp_path / "friday.catan").read_text() == theirs
    result = runner.invoke(build_app(), ["play", "--save", "friday", "--force", "--seed", "7",
                                         "--saves", str(tmp_path)], input="build settlement 40\n")
    assert result.exit_code == 0, result.output
    assert load_game("friday", tmp_path).game.history == ["build settlement 40"]


# ---------------------------------------------------------------------------- autosaves


def test_two_games_in_one_folder_autosave_to_their_own_files(tmp_path):
    first, _ = make(tmp_path)
    second, _ = make(tmp_path, players="ann,bob,cyd")   # started before either wrote a file
    first.handle("build settlement 40")
    second.handle("build settlement 53")
    first.handle("build road 40-41")
    assert load_game("autosave-1", tmp_path).game.history == ["build settlement 40", "red: build road 40-41"]
    assert load_game("autosave-2", tmp_path).game.history == ["build settlement 53"]
    assert second.session.save_name == "autosave-2"


def test_load_autosave_resumes_the_newest_autosave(tmp_path):
    first, _ = make(tmp_path)
    first.handle("build settlement 40")
    second, _ = make(tmp_path)
    second.handle("build settlement 53")
    os.utime(tmp_path / "autosave-1.catan", (1, 1))
    assert load_game("autosave", tmp_path).name == "autosave-2"


def test_stale_temporary_files_of_dead_processes_are_removed_at_start(tmp_path):
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(done.stdout)
    stale = tmp_path / f".friday.catan.{dead}.0badc0de.tmp"
    live = tmp_path / f".friday.catan.{os.getppid()}.1234abcd.tmp"
    other = tmp_path / ".notes.txt.tmp"
    for path in (stale, live, other):
        path.write_text("half a save")
    make(tmp_path)
    assert not stale.exists() and live.exists() and other.exists()


# ---------------------------------------------------------------------------- the words


def test_quit_then_n_in_a_fresh_game_claims_no_autosave(tmp_path):
    repl, out = make(tmp_path)
    said(out)
    assert repl.offer_save(lambda question: "n")
    assert said(out) == "nothing saved: no command was played\n"
    assert list(tmp_path.glob("*.catan")) == []


def test_no_autosave_does_not_greet_with_autosaving(tmp_path):
    repl, out = make(tmp_path, autosave=False)
    repl.start()
    greeting = " ".join(said(out).split("\n   ")[0].split())   # the lines before the board
    assert "autosaved" not in greeting and "(autosave is off: 'save NAME' saves the game)" in greeting
    repl, out = make(tmp_path)
    repl.start()
    assert "(the game is autosaved after every command, as autosave-1)" in " ".join(said(out).split())


def test_leaving_after_save_says_where_it_was_saved(tmp_path):
    repl, out = make(tmp_path, autosave=False)
    repl.handle("build settlement 40")
    repl.handle("save x")
    said(out)
    assert repl.offer_save(lambda question: "n")
    assert said(out) == f"saved as {tmp_path / 'x.catan'}\n"
    repl.handle("build road 40-41")
    said(out)
    repl.farewell()
    assert " ".join(said(out).split()) == f"not saved since {tmp_path / 'x.catan'} (1 command ago)"


def test_undo_says_the_one_reason_that_applies(tmp_path):
    repl, out = make(tmp_path, players="red,blue:bot")
    repl.handle("build settlement 40")
    repl.handle("build road 40-41")      # blue, a bot, places both its pieces
    said(out)
    repl.handle("undo")
    assert said(out) == "✗ cannot undo: a bot played the last command\n"
    repl.session.save("here")
    repl.handle("load here")
    said(out)
    repl.handle("undo")
    assert said(out) == "✗ cannot undo: the last command was played before this game was loaded\n"
    sandbox, out = make(tmp_path, players="red,blue")
    for line in ("build settlement 40", "build road 40-41", "build settlement 53", "build road 53-54",
                 "build settlement 46", "build road 45-46", "build settlement 64", "build road 54-64",
                 "roll"):
        sandbox.handle(line)
    said(out)
    sandbox.handle("undo")
    assert said(out) == "✗ cannot undo: the last command drew on chance (dice, a card or a steal)\n"
