"""The catan command: play, run, saves, scenarios, simulate, --version; errors are one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from catan_cli import __version__, build
from catan_cli.cli import build_app, main

SCRIPTS = Path(__file__).parent / "scripts"
runner = CliRunner()


def catan(*args: str, input: str | None = None, env: dict[str, str] | None = None):
    return runner.invoke(build_app(), list(args), input=input, env=env)


def one_line_error(result, text: str, code: int = 1) -> None:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = [ln for ln in result.output.splitlines() if ln.startswith("catan: ")]
    assert len(lines) == 1 and text in lines[0], result.output


# ---------------------------------------------------------------------------- version and start-up


def test_version(capsys):
    main(["--version"])
    assert capsys.readouterr().out == f"catan {__version__} ({build()})\n"
    assert catan("-V").output == f"catan {__version__} ({build()})\n"
    assert build() in ("compiled", "pure")


def test_version_imports_neither_typer_nor_rich_nor_the_engine():
    code = ("import sys; from catan_cli.cli import main; main(['--version']); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click', 'rich', 'prompt_toolkit'}),"
            " 'catan_cli.game' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[] False"


def test_python_dash_m_runs_the_cli():
    out = subprocess.run([sys.executable, "-m", "catan_cli", "--version"], capture_output=True, text=True)
    assert out.stdout == f"catan {__version__} ({build()})\n"


def test_help_lists_the_commands_and_the_exit_codes():
    out = catan("--help").output
    for command in ("play", "run", "show", "saves", "scenarios", "simulate", "serve"):
        assert command in out
    assert "Exit status:" in out
    for code in ("0   done", "1   a command file failed", "2   usage", "3   a file cannot be used", "130 interrupted"):
        assert code in out


@pytest.mark.parametrize("command", ["play", "run", "show", "saves", "scenarios", "simulate", "serve"])
def test_version_and_help_everywhere(command):
    assert catan(command, "--version").output == f"catan {__version__} ({build()})\n"
    result = catan(command, "--help")
    assert result.exit_code == 0 and "Exit status:" in result.output


def test_catan_alone_starts_a_game(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["catan"])   # click reads sys.argv when given no arguments
    result = catan(input="build settlement 40\nquit\n", env={"CATAN_SAVES": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert "· place settlement > build settlement 40" in result.output
    assert "build settlement 40" in (tmp_path / "autosave-1.catan").read_text()


def test_usage_errors_are_typers_exit_2():
    assert catan("play", "--bogus").exit_code == 2
    assert catan("run").exit_code == 2
    assert catan("fly").exit_code == 2


def test_scenarios_lists_base():
    result = catan("scenarios")
    assert result.exit_code == 0
    assert any(line.startswith("base ") for line in result.output.splitlines())


def test_a_map_for_one_number_of_players_says_that_number_once():
    lines = {line.split()[0]: line for line in catan("scenarios").output.splitlines()}
    assert " 2-4 players " in lines["base"]
    assert " 3 players " in lines["legend-1-3p"] and "3-3" not in lines["legend-1-3p"]
    result = catan("play", "--scenario", "legend-1-3p", "--players", "a,b,c,d", "--line", "--no-autosave")
    assert result.exit_code == 2
    assert "The Castaways is for 3 players, not 4" in result.output


# ---------------------------------------------------------------------------- run


def test_run_prints_the_events_then_the_result():
    result = catan("run", str(SCRIPTS / "opening.catan"))
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("build settlement 40\n  red places a settlement on 40\nred: build road 40-41\n")
    first, second = out.splitlines()[-2:]
    assert first.endswith("opening.catan: 15 commands, 16 expectations: ok")
    assert second.startswith("turn 2, blue: roll; digest ")


def test_run_quiet_prints_only_the_result():
    out = catan("run", "-q", str(SCRIPTS / "opening.catan")).output
    assert len(out.splitlines()) == 2 and out.splitlines()[0].endswith("15 commands, 16 expectations: ok")


def test_run_json_prints_the_final_position():
    from catan_cli.script import read_file, run

    result = catan("run", "--json", str(SCRIPTS / "opening.catan"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data == json.loads(json.dumps(run(read_file(SCRIPTS / "opening.catan")).game.to_json()))
    assert data["format"] == "catan-game/1" and data["current"] == "blue" and len(data["history"]) == 15


def test_run_board_draws_the_map():
    out = catan("run", "-q", "--board", str(SCRIPTS / "opening.catan")).output
    assert "r40" in out and "b53" in out   # red's and blue's settlements


def test_run_stops_at_an_illegal_command_with_one_line(tmp_path):
    bad = tmp_path / "bad.catan"
    bad.write_text("# seed: 7\nbuild settlement 40\nbuild city 99\nexpect red vp 4\n")
    result = catan("run", str(bad))
    one_line_error(result, f"{bad}:3: build city 99: there is no intersection 99 (they run 1-72)")
    assert "red places a settlement on 40" in result.output      # the events up to it
    assert ":4:" not in result.output                             # nothing after it


def test_run_a_failed_expectation(tmp_path):
    bad = tmp_path / "bad.catan"
    bad.write_text("# seed: 7\nbuild settlement 40\nexpect red vp 4\n")
    one_line_error(catan("run", str(bad)), "bad.catan:3: expect red vp 4: red has 1 VP")


def test_run_the_issues_expect_lines(tmp_path):
    path = SCRIPTS / "issue_examples.catan"
    text = path.read_text()
    for line in ("expect illegal build road 1-2", "expect legal build settlement 22", "expect red vp 1",
                 "expect blue ore 2", "expect winner red"):
        assert line + "\n" in text
    result = catan("run", "-q", str(path))
    assert result.exit_code == 0, result.output
    assert "18 commands, 12 expectations: ok" in result.output
    # the same lines failing: each is reported with its line number
    bad = tmp_path / "bad.catan"
    bad.write_text(text.replace("expect blue ore 2", "expect blue ore 3")
                       .replace("expect illegal build road 1-2", "expect legal build road 1-2")
                       .replace("expect winner red", "expect winner blue"))
    numbers = {ln: i for i, ln in enumerate(text.splitlines(), 1)}
    result = catan("run", "-q", "-k", str(bad))
    assert result.exit_code == 1
    errors = [ln for ln in result.output.splitlines() if ln.startswith("catan: ")]
    assert errors == [
        f"catan: {bad}:{numbers['expect illegal build road 1-2']}: expect legal build road 1-2: it is refused: "
        "1-2 is not a path: 1 and 2 are not neighbours",
        f"catan: {bad}:{numbers['expect blue ore 2']}: expect blue ore 3: blue holds 2 ore",
        f"catan: {bad}:{numbers['expect winner red']}: expect winner blue: the winner is red",
    ]


def test_run_keep_going_reports_every_failing_line(tmp_path):
    bad = tmp_path / "bad.catan"
    bad.write_text("# seed: 7\n"
                   "build settlement 40\n"     # 2
                   "build city 99\n"           # 3: illegal
                   "expect red vp 4\n"         # 4: fails
                   "build road 40-41\n"        # 5: played
                   "expect blue ore 2\n"       # 6: fails
                   "expect player blue\n")     # 7: holds
    result = catan("run", "--keep-going", str(bad))
    assert result.exit_code == 1, result.output
    errors = [ln for ln in result.output.splitlines() if ln.startswith("catan: ")]
    assert errors == [f"catan: {bad}:3: build city 99: there is no intersection 99 (they run 1-72)",
                      f"catan: {bad}:4: expect red vp 4: red has 1 VP",
                      f"catan: {bad}:6: expect blue ore 2: blue holds 0 ore"]
    assert f"{bad}: 2 commands, 1 expectation: 3 failing lines" in result.output
    assert "red places a road on 40-41" in result.output


def test_run_keep_going_with_json_still_prints_the_position_and_fails(tmp_path):
    bad = tmp_path / "bad.catan"
    bad.write_text("# seed: 7\nbuild settlement 40\nexpect red vp 4\n")
    result = runner.invoke(build_app(), ["run", "--json", "-k", str(bad)])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["history"] == ["build settlement 40"]
    assert "bad.catan:3: expect red vp 4: red has 1 VP" in result.stderr


@pytest.mark.parametrize("make, text", [
    (lambda p: None, "no such file"),
    (lambda p: p.write_bytes(b"\x00\xff\xfe"), "not a command file"),
    (lambda p: p.write_text("# scenario: atlantis\n"), "unknown scenario 'atlantis'"),
    (lambda p: p.write_text("# players: a\nroll\n"), "is for 2 to 4 players, not 1"),
    (lambda p: p.write_text("# seed: soon\nroll\n"), "bad 'seed' header"),
])
def test_run_file_problems_are_one_line_and_exit_3(tmp_path, make, text):
    path = tmp_path / "x.catan"
    make(path)
    one_line_error(catan("run", str(path)), text, code=3)


def test_run_save_writes_a_save_that_loads(tmp_path):
    result = catan("run", str(SCRIPTS / "opening.catan"), "--save", "opening", "--saves", str(tmp_path))
    assert result.exit_code == 0 and f"saved to {tmp_path / 'opening.catan'}" in result.output
    # a save is itself a command file: run replays it and checks its digest
    again = catan("run", str(tmp_path / "opening.catan"))
    assert again.exit_code == 0 and "15 commands, 1 digest: ok" in again.output


def test_run_save_with_a_bad_name_is_a_usage_error(tmp_path):
    one_line_error(catan("run", str(SCRIPTS / "opening.catan"), "--save", "../x", "--saves", str(tmp_path)),
                   "is not a save name", code=2)


# ---------------------------------------------------------------------------- show


def test_show_draws_the_final_position_of_a_save(tmp_path):
    catan("run", "-q", str(SCRIPTS / "opening.catan"), "--save", "opening", "--saves", str(tmp_path))
    result = runner.invoke(build_app(), ["show", "opening", "--saves", str(tmp_path), "--full"],
                           env={"COLUMNS": "100", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "opening: base · red, blue, white · seed 7 · 15 commands"
    assert lines[1].startswith("turn 2, blue: roll; digest ")
    assert "r40" in result.output and "b53" in result.output and "mountains" in result.output
    assert "Score (first to 10)" in result.output
    assert "Hand of" not in result.output          # a spectator's view: no hand is shown
    # by path too, and compact
    by_path = catan("show", str(tmp_path / "opening.catan"), "--compact")
    assert by_path.exit_code == 0 and "r40" in by_path.output


@pytest.mark.parametrize("content, text", [
    (None, "no save named 'x'"),
    ("# seed: 7\nbuild settlement 40\n# digest: 0000000000000000\n", "its final position does not match"),
    ("# seed: 7\nbuild settlement 40\n", "it does not end with a digest line"),
    ('{"not": "a save"}\n', "is not a catan save"),
])
def test_show_a_missing_or_damaged_save_is_one_line_and_exit_3(tmp_path, content, text):
    if content is not None:
        (tmp_path / "x.catan").write_text(content)
    one_line_error(catan("show", "x", "--saves", str(tmp_path)), text, code=3)


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
    assert (tmp_path / "autosave-1.catan").read_text().splitlines()[4:6] == [
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
    assert "loaded autosave-1: 1 command replayed" in result.output
    assert "red places a road on 40-41" in result.output


@pytest.mark.parametrize("args, text, code", [
    (["--scenario", "atlantis"], "unknown scenario 'atlantis'", 2),
    (["--players", "red"], "is for 2 to 4 players, not 1", 2),
    (["--players", "red,red"], "distinct one-word names", 2),
    (["--players", "red,blue:robot"], "bad player 'blue:robot'", 2),
    (["--players", "red,blue:bot:clever"], "unknown bot kind 'clever'", 2),
    (["--option", "nope"], "has no option 'nope'", 2),
    (["--save", "../x"], "is not a save name", 2),
    (["--load", "missing"], "no save named 'missing'", 3),
])
def test_play_start_problems_are_one_line(tmp_path, args, text, code):
    one_line_error(catan("play", "--saves", str(tmp_path), *args, input=""), text, code)


def test_play_with_a_damaged_save(tmp_path):
    (tmp_path / "bad.catan").write_text("# seed: 7\nbuild settlement 40\n# digest: 0000000000000000\n")
    one_line_error(catan("play", "--load", "bad", "--saves", str(tmp_path)),
                   "save bad is damaged: its final position does not match its digest", code=3)


def test_play_against_bots_runs_their_turns(tmp_path):
    result = catan("play", "--seed", "7", "--players", "red,blue:bot,white:bot:random", "--fast",
                   "--no-autosave", "--saves", str(tmp_path),
                   input="build settlement 40\nbuild road 40-41\n")
    assert result.exit_code == 0, result.output
    assert "blue: build settlement" in result.output and "white: build settlement" in result.output
    assert not (tmp_path / "autosave-1.catan").exists()


def test_saves_lists_the_saves_folder(tmp_path):
    assert "no saves in" in catan("saves", "--saves", str(tmp_path)).output
    catan("play", "--seed", "7", "--saves", str(tmp_path), input="build settlement 40\n")
    out = catan("saves", "--saves", str(tmp_path)).output
    assert out.startswith("autosave") and "base" in out and "1 command " in out


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
    assert "win %" in result.output and "hit the turn cap" in result.output and "decisions/s" in result.output


@pytest.mark.parametrize("args, text", [
    (["--players", "3", "--bots", "greedy,random"], "--bots names 2 bots for 3 players"),
    (["--bots", "clever"], "unknown bot 'clever'"),
    (["--scenario", "atlantis", "--bots", "random"], "unknown scenario 'atlantis'"),
    (["--games", "0"], "--games and --jobs must be at least 1"),
])
def test_simulate_problems_are_one_line(args, text):
    one_line_error(catan("simulate", *args), text, code=2)


def test_simulate_without_the_simulation_module(monkeypatch):
    monkeypatch.setitem(sys.modules, "catan_cli.simulate", None)
    one_line_error(catan("simulate", "--games", "1"), "catan_cli.simulate is missing")
