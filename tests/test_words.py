"""The words a user sees: misspelt header keys are refused with a suggestion, every usage
error is one 'catan:' line with status 2, unknown words get a 'did you mean', and counts are
in the right number."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from catan_cli import Game, RuleError
from catan_cli.cli import build_app
from catan_cli.script import ScriptError, parse_seats, parse_text
from catan_cli.errors import CatanError

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def catan(*args: str, input: str | None = None):
    return runner.invoke(build_app(), list(args), input=input)


def one_catan_line(result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("catan: "), result.output
    return lines[0]


# ---------------------------------------------------------------------------- header keys


@pytest.mark.parametrize("line, suggestion", [("# seeed: 7", "seed"), ("# player: red, blue", "players"),
                                              ("# scenaro: base", "scenario"), ("# option: variable", "options")])
def test_a_misspelt_header_key_is_refused_with_a_suggestion(line, suggestion):
    with pytest.raises(ScriptError, match=rf"^game.catan:1: unknown header .* \(did you mean '{suggestion}'\?\)"):
        parse_text(f"{line}\nbuild settlement 40\n", "game.catan")


def test_a_comment_that_is_no_header_key_stays_a_comment():
    cf = parse_text("# note: red opens\n# seed: 7\nbuild settlement 40\n# later: fine\n", "game.catan")
    assert cf.header.seed == 7 and cf.commands() == ["build settlement 40"]


# ---------------------------------------------------------------------------- usage errors


@pytest.mark.parametrize("args, text", [
    (["frob"], "catan: no such command 'frob'; see 'catan --help'"),
    (["plya"], "catan: no such command 'plya' (did you mean 'play'?); see 'catan --help'"),
    (["play", "--seed", "x"], "catan: invalid value for '--seed'"),
    (["play", "--sed", "3"], "catan: no such option: --sed"),
    (["run"], "catan: missing argument 'FILE'; see 'catan run --help'"),
    (["simulate", "--games", "many"], "catan: invalid value for '--games'"),
])
def test_every_usage_error_is_one_catan_line_with_status_2(args, text):
    assert one_catan_line(catan(*args)).startswith(text)


# ---------------------------------------------------------------------------- did you mean


def test_an_unknown_verb_gets_a_suggestion():
    with pytest.raises(RuleError, match=r"unknown command 'buld' \(did you mean 'build'\?\)"):
        Game.new("base").execute("buld settlement 40")


def test_an_unknown_scenario_gets_a_suggestion():
    line = one_catan_line(catan("play", "--scenario", "bsae"))
    assert "unknown scenario 'bsae' (did you mean 'base'?)" in line


def test_a_bad_bot_kind_lists_the_kinds():
    with pytest.raises(CatanError, match=r"bad player 'blue:robot' .*\(bot kinds: greedy, random, easy, search, medium, hard\)"):
        parse_seats("red,blue:robot")
    with pytest.raises(CatanError, match=r"unknown bot kind 'gredy' \(did you mean 'greedy'\?\) "
                                         r"\(bot kinds: greedy, random, easy, search, medium, hard\)"):
        parse_seats("red,blue:bot:gredy")


def test_an_unknown_save_name_gets_a_suggestion(tmp_path):
    game = tmp_path / "game.catan"
    game.write_text("build settlement 40\n")
    assert catan("run", str(game), "--save", "friday", "--saves", str(tmp_path)).exit_code == 0
    line = one_catan_line(catan("show", "fridya", "--saves", str(tmp_path)), code=3)
    assert "no save named 'fridya' (did you mean 'friday'?)" in line


# ---------------------------------------------------------------------------- numbers


def test_holding_none_of_a_resource_says_no_not_only_0():
    game = Game.new("base", players=["red", "blue"], seed=1, sandbox=True)
    for line in ("put settlement red 40", "turn red", "dice 3 4"):
        game.execute(line)
    verdict = game.check("trade 4 brick for ore")
    assert not verdict.ok and "you have no brick" in verdict.reason and "only 0" not in verdict.reason


def test_one_command_one_expectation_one_digest(tmp_path):
    game = Game.new("base", seed=0)
    game.execute("build settlement 40")
    path = tmp_path / "one.catan"
    path.write_text(f"build settlement 40\nexpect red vp 1\n# digest: {game.digest()}\n")
    result = catan("run", "-q", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == f"{path}: 1 command, 1 expectation, 1 digest: ok"


def test_gitignore_ignores_both_virtualenv_folder_names():
    lines = (ROOT / ".gitignore").read_text().splitlines()
    assert ".venv/" in lines and "venv/" in lines
