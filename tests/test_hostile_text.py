"""No byte from a file, a save or typed input reaches the terminal raw: control characters
are shown escaped and long text is cut (catan_cli.safetext.clean_text), through every door
that prints: the REPL's refusals and echo, 'catan run', 'catan show', 'catan saves' and every
'catan:' error line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from catan_cli.cli import build_app
from catan_cli.repl import Repl
from catan_cli.safetext import CUT_MARK, LIMIT, clean_text
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session

OSC_TITLE = "\x1b]0;pwned\x07"
OSC_52 = "\x1b]52;c;cm0gLXJmIH4K\x07"       # writes the clipboard
CSI_CLEAR = "\x1b[2J"
HOSTILE = (OSC_TITLE, OSC_52, CSI_CLEAR, "\x9b2J", "\r\x08\x00", "\u202e")
MEGABYTE = "x" * 1_000_000
runner = CliRunner()


def catan(*args: str, input: str | None = None):
    return runner.invoke(build_app(), list(args), input=input)


def raw_control(text: str) -> bool:
    return any(ch in text for ch in ("\x1b", "\x07", "\x9b", "\x00", "\x08", "\r", "\u202e"))


# ---------------------------------------------------------------------------- the function


@pytest.mark.parametrize("evil", HOSTILE)
def test_control_characters_are_shown_escaped(evil):
    shown = clean_text(f"before{evil}after")
    assert not raw_control(shown) and shown.startswith("before") and shown.endswith("after")


def test_escape_is_shown_as_backslash_e_and_plain_text_is_unchanged():
    assert clean_text(CSI_CLEAR + "20") == "\\e[2J20"
    assert clean_text("build settlement 20 · ✗ — ünïcode") == "build settlement 20 · ✗ — ünïcode"


def test_long_text_is_cut_with_a_mark():
    shown = clean_text(MEGABYTE)
    assert len(shown) == LIMIT and shown.endswith(CUT_MARK)
    assert clean_text("x" * LIMIT) == "x" * LIMIT
    assert clean_text("abcdef", limit=4) == "abc" + CUT_MARK


# ---------------------------------------------------------------------------- the REPL


def make_repl(tmp_path: Path) -> tuple[Repl, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None, highlight=False)
    session = Session.new(Header("base", parse_seats("red,blue,white"), 7), saves_folder=tmp_path)
    return Repl(session, console, pace=0.0), out


@pytest.mark.parametrize("evil", HOSTILE)
def test_the_repl_refusal_shows_typed_escapes_escaped(tmp_path, evil):
    repl, out = make_repl(tmp_path)
    for line in (f"build settlement {evil}20", f"{evil}frob", f"why build {evil}", f"load {evil}",
                 f"hand {evil}", f"map {evil}", f"save {evil}"):
        repl.handle(line)
    text = out.getvalue()
    assert "✗" in text and not raw_control(text)


def test_the_repl_cuts_a_megabyte_line(tmp_path):
    repl, out = make_repl(tmp_path)
    repl.handle("build settlement " + MEGABYTE)
    repl.handle(MEGABYTE)
    assert len(out.getvalue()) < 2000


def test_piped_input_is_echoed_escaped(tmp_path):
    repl, out = make_repl(tmp_path)
    repl.loop_plain([f"build settlement 40{CSI_CLEAR}\n", OSC_52 + "\n", MEGABYTE + "\n"])
    text = out.getvalue()
    assert "\\e[2J" in text and not raw_control(text)
    assert max(len(line) for line in text.splitlines()) < 2100


# ---------------------------------------------------------------------------- catan run / show / saves


@pytest.mark.parametrize("evil", HOSTILE)
def test_catan_run_reports_a_bad_line_escaped(tmp_path, evil):
    game = tmp_path / "game.catan"
    game.write_text(f"# scenario: base\nbuild settlement 40\nbuild road {evil}40-41\n")
    result = catan("run", str(game))
    assert result.exit_code == 1 and "catan: " in result.stderr
    assert not raw_control(result.stderr) and not raw_control(result.stdout)


def test_catan_run_cuts_a_megabyte_line(tmp_path):
    game = tmp_path / "game.catan"
    game.write_text("# scenario: base\n" + MEGABYTE + "\n")
    result = catan("run", "-k", str(game))
    assert result.exit_code == 1 and len(result.stderr) < 1000


def test_a_hostile_header_is_one_escaped_line(tmp_path):
    game = tmp_path / "game.catan"
    game.write_text(f"# scenario: base{OSC_TITLE}\n# digest: 0000\n")
    result = catan("run", str(game))
    assert result.exit_code in (2, 3) and result.stderr.count("\n") == 1 and not raw_control(result.stderr)


def test_catan_saves_lists_a_hostile_header_escaped(tmp_path):
    (tmp_path / "evil.catan").write_text(f"# scenario: {OSC_TITLE}\n# players: red, blue\n# digest: abcd\n")
    (tmp_path / "huge.catan").write_text(f"# scenario: {MEGABYTE}\n# digest: abcd\n")
    result = catan("saves", "--saves", str(tmp_path))
    assert result.exit_code == 0 and "\\e]0;pwned\\x07" in result.stdout
    assert not raw_control(result.stdout) and len(result.stdout) < 2000


def test_catan_show_refuses_a_hostile_save_in_one_escaped_line(tmp_path):
    (tmp_path / "evil.catan").write_text(f"# scenario: base\n# players: red, blue, white\n"
                                         f"build settlement {OSC_52}40\n# digest: abcd\n")
    result = catan("show", "evil", "--saves", str(tmp_path))
    assert result.exit_code == 3 and result.stderr.count("\n") == 1 and not raw_control(result.stderr)


@pytest.mark.parametrize("args", [
    ("play", "--players", f"red{OSC_TITLE},blue"),
    ("play", "--scenario", f"base{CSI_CLEAR}"),
    ("play", "--load", f"nope{OSC_52}"),
    ("show", f"x{OSC_TITLE}/nope"),
    ("run", f"missing{OSC_52}.catan"),
])
def test_every_catan_error_line_is_escaped(tmp_path, args):
    result = catan(*args, "--saves", str(tmp_path)) if args[0] != "run" else catan(*args)
    assert result.exit_code in (2, 3) and result.stderr.startswith("catan: ")
    assert not raw_control(result.stderr)
