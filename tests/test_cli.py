"""The catan command: play, run, saves, scenarios, simulate, --version; errors are one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from catan_cli import __version__
from catan_cli.cli import build_app, main

SCRIPTS = Path(__file__).parent / "scripts"
runner = CliRunner()


def catan(*args: str, input: str | None = None, env: dict[str, str] | None = None):
    return runner.invoke(build_app(), list(args), input=input, env=env)


def one_line_error(result, text: str) -> None:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = [ln for ln in result.output.splitlines() if ln.startswith("catan: ")]
    assert len(lines) == 1 and text in lines[0], result.output


# ---------------------------------------------------------------------------- version and start-up


def test_version(capsys):
    main(["--version"])
    assert capsys.readouterr().out == f"catan {__version__}\n"
    assert catan("-V").output == f"catan {__version__}\n"


def test_version_imports_neither_typer_nor_rich_nor_the_engine():
    code = ("import sys; from catan_cli.cli import main; main(['--version']); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click', 'rich', 'prompt_toolkit'}),"
            " 'catan_cli.game' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[] False"


def test_python_dash_m_runs_the_cli():
    out = subprocess.run([sys.executable, "-m", "catan_cli", "--version"], capture_output=True, text=True)
    assert out.stdout == f"catan {__version__}\n"


def test_help_lists_the_commands():
    out = catan("--help").output
    for command in ("play", "run", "saves", "scenarios", "simulate"):
        assert command in out


def test_scenarios_lists_base():
    result = catan("scenarios")
    assert result.exit_code == 0
    assert any(line.startswith("base ") for line in result.output.splitlines())


# ---------------------------------------------------------------------------- run


def test_run_reports_counts_and_the_final_position():
    result = catan("run", str(SCRIPTS / "opening.catan"))
    assert result.exit_code == 0, result.output
    first, second = result.output.splitlines()[:2]
    assert first.endswith("opening.catan: 15 commands, 16 expectations: ok")
    assert second.startswith("turn 2, blue: roll; digest ")


def test_run_verbose_echoes_commands_and_events():
    out = catan("run", "-v", str(SCRIPTS / "opening.catan")).output
    assert "build settlement 40\n  red places a settlement on 40\n" in out


def test_run_board_draws_the_map():
    out = catan("run", "--board", str(SCRIPTS / "opening.catan")).output
    assert "s40" in out and "s53" in out


def test_run_stops_at_an_illegal_command_with_one_line(tmp_path):
    bad = tmp_path / "bad.catan"
    bad.write_text("# seed: 7\nbuild settlement 40\nbuild city 99\n")
    one_line_error(catan("run", str(bad)), f"{bad}:3: build city 99: there is no intersection 99")


def test_run_a_failed_expectation(tmp_path):
    bad = tmp_path / "bad.catan"
    bad.write_text("# seed: 7\nbuild settlement 40\nexpect red vp 4\n")
    one_line_error(catan("run", str(bad)), "bad.catan:3: expect red vp 4: red has 1 VP")


@pytest.mark.parametrize("make, text", [
    (lambda p: None, "no such file"),
    (lambda p: p.write_bytes(b"\x00\xff\xfe"), "not a command file"),
    (lambda p: p.write_text("# scenario: atlantis\n"), "unknown scenario 'atlantis'"),
    (lambda p: p.write_text("# players: a\nroll\n"), "is for 2 to 4 players, not 1"),
])
def test_run_file_problems_are_one_line(tmp_path, make, text):
    path = tmp_path / "x.catan"
    make(path)
    one_line_error(catan("run", str(path)), text)


def test_run_save_writes_a_save_that_loads(tmp_path):
    result = catan("run", str(SCRIPTS / "opening.catan"), "--save", "opening", "--saves", str(tmp_path))
    assert result.exit_code == 0 and f"saved to {tmp_path / 'opening.catan'}" in result.output
    # a save is itself a command file: run replays it and checks its digest
    again = catan("run", str(tmp_path / "opening.catan"))
    assert again.exit_code == 0 and "15 commands, 1 digest: ok" in again.output


# ---------------------------------------------------------------------------- play (piped input)


def test_play_reads_piped_commands_and_autosaves(tmp_path):
    result = catan("play", "--seed", "7", "--saves", str(tmp_path),
                   input="build settlement 40\nbuild road 1-2\nbuild road 40-41\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "red · place settlement > build settlement 40" in out
    assert "red places a settlement on 40" in out
    assert "✗ 1-2 is not a path" in out or "✗ " in out
    assert "Traceback" not in out
    assert (tmp_path / "autosave.catan").read_text().splitlines()[4:6] == [
        "build settlement 40", "red: build road 40-41"]


def test_play_env_saves_folder_and_named_save(tmp_path):
    result = catan("play", "--seed", "7", "--save", "mine", input="build settlement 40\n",
                   env={"CATAN_SAVES": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert (tmp_path / "mine.catan").is_file()


def test_play_load_resumes_a_save(tmp_path):
    catan("play", "--seed", "7", "--saves", str(tmp_path), input="build settlement 40\n")
    result = catan("play", "--load", "autosave", "--saves", str(tmp_path), input="build road 40-41\n")
    assert result.exit_code == 0, result.output
    assert "loaded autosave: 1 commands replayed" in result.output
    assert "red places a road on 40-41" in result.output


@pytest.mark.parametrize("args, text", [
    (["--scenario", "atlantis"], "unknown scenario 'atlantis'"),
    (["--players", "red"], "is for 2 to 4 players, not 1"),
    (["--players", "red,red"], "distinct one-word names"),
    (["--players", "red,blue:robot"], "bad player 'blue:robot'"),
    (["--players", "red,blue:bot:clever"], "unknown bot 'clever'"),
    (["--option", "nope"], "has no option 'nope'"),
    (["--load", "missing"], "no save named 'missing'"),
    (["--save", "../x"], "is not a save name"),
])
def test_play_start_problems_are_one_line(tmp_path, args, text):
    one_line_error(catan("play", "--saves", str(tmp_path), *args, input=""), text)


def test_play_with_a_damaged_save(tmp_path):
    (tmp_path / "bad.catan").write_text("# seed: 7\nbuild settlement 40\n# digest: 0000000000000000\n")
    one_line_error(catan("play", "--load", "bad", "--saves", str(tmp_path)),
                   "save bad is damaged: its final position does not match its digest")


def test_play_against_bots_runs_their_turns(tmp_path):
    result = catan("play", "--seed", "7", "--players", "red,blue:bot,white:bot:random", "--fast",
                   "--no-autosave", "--saves", str(tmp_path),
                   input="build settlement 40\nbuild road 40-41\n")
    assert result.exit_code == 0, result.output
    assert "blue: build settlement" in result.output and "white: build settlement" in result.output
    assert not (tmp_path / "autosave.catan").exists()


def test_saves_lists_the_saves_folder(tmp_path):
    assert "no saves in" in catan("saves", "--saves", str(tmp_path)).output
    catan("play", "--seed", "7", "--saves", str(tmp_path), input="build settlement 40\n")
    out = catan("saves", "--saves", str(tmp_path)).output
    assert out.startswith("autosave") and "base" in out and "1 commands" in out


# ---------------------------------------------------------------------------- simulate


def test_simulate_json():
    result = catan("simulate", "--players", "3", "--bots", "random", "--games", "2", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 2


def test_simulate_table():
    result = catan("simulate", "--players", "3", "--bots", "greedy,random,random", "--games", "2")
    assert result.exit_code == 0, result.output
    assert "Simulation" in result.output and "greedy" in result.output


@pytest.mark.parametrize("args, text", [
    (["--players", "3", "--bots", "greedy,random"], "--bots names 2 bots for 3 players"),
    (["--bots", "clever"], "unknown bot 'clever'"),
    (["--scenario", "atlantis", "--bots", "random"], "unknown scenario 'atlantis'"),
    (["--games", "0"], "--games and --jobs must be at least 1"),
])
def test_simulate_problems_are_one_line(args, text):
    one_line_error(catan("simulate", *args), text)


def test_simulate_without_the_simulation_module(monkeypatch):
    monkeypatch.setitem(sys.modules, "catan_cli.simulate", None)
    one_line_error(catan("simulate", "--games", "1"), "catan_cli.simulate is missing")
