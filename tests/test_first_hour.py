"""The first hour of a new player (issue 43): 'catan play' seats you against bots, hot seat
is one flag away; a campaign never locks itself and records a chapter as soon as it ends;
British and American spellings both read; 'help rules' tells every scenario's set-up, counts
its players as 'catan scenarios' does and fits 80 columns without breaking a word; the exit
statuses are the README's."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from catan_cli import Game
from catan_cli.campaigns import campaign_door, ending_text
from catan_cli.cli import DEFAULT_SEATS, EXIT_CODES, build_app, main, table_seats
from catan_cli.engine.scenario import available_scenarios, load_scenario
from catan_cli.helptext import rules_help, setup_prompt
from catan_cli.repl import Repl
from catan_cli.scenarios.legend import campaign as legend
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session

README = Path(__file__).resolve().parent.parent / "README.md"
runner = CliRunner()


def catan(*args: str, input: str = "", env: dict[str, str] | None = None):
    return runner.invoke(build_app(), list(args), input=input, env=env)


def repl_for(game_or_header, tmp_path: Path, width: int = 100) -> tuple[Repl, io.StringIO]:
    out = io.StringIO()
    session = (Session.new(game_or_header, saves_folder=tmp_path, autosave=False)
               if isinstance(game_or_header, Header) else game_or_header)
    return Repl(session, Console(file=out, width=width, color_system=None, highlight=False), pace=0.0), out


# ---------------------------------------------------------------------------- catan play


def test_catan_play_seats_you_as_red_against_two_bots_and_hot_seat_is_a_flag_away():
    assert table_seats(None, False) == DEFAULT_SEATS == "red,blue:bot,white:bot"
    assert table_seats(None, True) == "red,blue,white"
    assert table_seats("ann,bob", True) == "ann,bob"
    assert table_seats("red,blue:bot:hard", False) == "red,blue:bot:hard"


def test_catan_play_without_players_lets_the_bots_place_after_your_first_placement(tmp_path):
    result = catan("play", "--seed", "7", "--saves", str(tmp_path),
                   input="build settlement 40\nbuild road 40-41\nhand\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Catan: red, blue:bot, white:bot · seed 7" in out
    assert "You are red; blue and white are bots." in out
    assert "Type 'help' for the commands" in out and "Ctrl-D or 'quit' leaves" in out   # the first-run hint
    after = out.split("red places a road on 40-41", 1)[1]
    assert "blue: build settlement" in after and "white: build settlement" in after
    assert "red · place settlement > hand" in after       # back to red: nobody typed for the bots


def test_hotseat_seats_people_only_and_refuses_a_bot_in_players(tmp_path):
    result = catan("play", "--hotseat", "--seed", "7", "--no-autosave", "--saves", str(tmp_path),
                   input="build settlement 40\nbuild road 40-41\nhand\n")
    assert result.exit_code == 0, result.output
    assert "Catan: red, blue, white · seed 7" in result.output
    assert "red, blue and white play at this keyboard" in result.output
    assert "blue: build settlement" not in result.output and "blue · place settlement > hand" in result.output
    result = catan("play", "--hotseat", "--players", "red,blue:bot", "--saves", str(tmp_path))
    assert result.exit_code == 2
    assert result.output == ("catan: --hotseat seats people only, but --players makes blue a bot: "
                             "leave out one or the other\n")


def test_no_colour_is_read_as_no_color(tmp_path):
    result = catan("play", "--no-colour", "--seed", "7", "--no-autosave", "--saves", str(tmp_path), input="")
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------------------- the campaign


def test_a_campaign_whose_chapter_1_save_was_never_written_resumes_afresh(tmp_path):
    """The issue's dead end: a new campaign left before its first command ('chronicle', then
    leaving) has no chapter save; resuming it starts Chapter 1 afresh and says so, and never
    suggests another campaign's save."""
    saves = str(tmp_path)
    other = legend.new_campaign("saga", "red:bot,blue:bot,white:bot", seed=3, folder=tmp_path)
    Session.new(other.header(), save_name=other.save, saves_folder=tmp_path).bot_move()   # saves saga-ch1
    assert (tmp_path / "saga-ch1.catan").is_file()
    result = catan("campaign", "new", "saga2", "--players", "red,blue:bot,white:bot", "--seed", "4",
                   "--saves", saves, input="chronicle\n")
    assert result.exit_code == 0, result.output
    assert "Chronicle of saga2" in result.output and not (tmp_path / "saga2-ch1.catan").exists()
    result = catan("campaign", "saga2", "--fast", "--saves", saves, input="build settlement 1\n")
    assert result.exit_code == 0, result.output
    assert "saga2-ch1 holds no game yet: the chapter starts from its beginning" in result.output
    assert "did you mean" not in result.output and "saga-ch1" not in result.output
    assert "Legend of the Sea Robbers 1" in result.output
    result = catan("campaign", "new", "saga2", "--saves", saves)
    assert result.exit_code == 2 and "'catan campaign saga2' resumes it" in result.output


def _won_chapter(tmp_path: Path) -> legend.Campaign:
    """A campaign whose Chapter 1 was played to its end by bots and saved, not yet recorded."""
    c = legend.new_campaign("won", "red:bot,blue:bot,white:bot", seed=5, folder=tmp_path)
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=False)
    while not session.game.over:
        session.bot_move()
    session.save()
    return c


def test_a_chapter_end_says_what_comes_next_and_campaign_show_records_it_at_once(tmp_path):
    c = _won_chapter(tmp_path)
    door = campaign_door(None)
    session = Session.from_save(c.save, saves_folder=tmp_path, autosave=False)
    session.epilogue = ending_text(door, c)
    repl, out = repl_for(session, tmp_path)
    repl.status_line()
    said = " ".join(out.getvalue().split())
    assert "Game over:" in said
    assert "'catan campaign won' plays Chapter 2 (The Attack)" in said
    result = catan("campaign", "show", "won", "--json", "--saves", str(tmp_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["chapter"] == 2 and [e["chapter"] for e in data["chapters"]] == [1]
    assert legend.load_campaign("won", tmp_path).save == "won-ch2"
    again = catan("campaign", "show", "won", "--json", "--saves", str(tmp_path))
    assert json.loads(again.output) == data                # recorded once


# ---------------------------------------------------------------------------- words


def test_harbour_and_harbor_both_read_and_completion_offers_the_prompts_harbour(tmp_path):
    game = Game.new("legend-3", players=["red", "blue", "white"], seed=7)   # played alone: harbours earned
    repl, out = repl_for(Session(game, Header("legend-3", parse_seats("red,blue,white"), 7),
                                 saves_folder=tmp_path, autosave=False), tmp_path)
    assert "harbour" in repl.prompt_plain()                  # 'red · choose your 2:1 harbour > '
    assert [w for w, _ in repl.completions("harb")] == ["harbour"]
    assert "ore" in [w for w, _ in repl.completions("harbour ")]
    assert repl.handle("harbour ore")
    assert game.history[-1] in ("harbor ore", "red: harbor ore")          # the canonical word
    assert "✗" not in out.getvalue()
    assert game.check("harbor grain").ok and game.check("blue: harbour grain").ok
    land_ho = Game.new("land-ho", players=["red", "blue", "white"], seed=1)
    assert land_ho.check("build harbour 99").reason == land_ho.check("build harbor 99").reason


def test_help_harbour_finds_the_harbor_command():
    from catan_cli.helptext import verb_help

    game = Game.new("legend-3", players=["red", "blue", "white"], seed=7)
    assert verb_help("harbour", game)[0] == "harbor RES"


SCENARIOS = available_scenarios()


def _game(key: str) -> Game:
    scen = load_scenario(key)
    return Game.new(key, players=["red", "blue", "white", "orange"][:max(3, scen.min_players)], seed=3)


@pytest.mark.parametrize("key", SCENARIOS)
def test_help_rules_fits_80_columns_and_never_breaks_a_word(key):
    game = _game(key)
    wrapped = rules_help(game)
    unwrapped = rules_help(game, width=10_000)
    assert all(len(line) < 80 for line in wrapped), [line for line in wrapped if len(line) >= 80]
    assert " ".join(wrapped).split() == " ".join(unwrapped).split()   # the same words, none cut


@pytest.mark.parametrize("key", SCENARIOS)
def test_help_rules_counts_the_players_as_catan_scenarios_does(key):
    scen = load_scenario(key)
    game = _game(key)
    title = rules_help(game, width=10_000)[0]
    for low, high in re.findall(r"\b(\d)-(\d) players\b", title):
        assert f"{low}-{high}" == scen.seat_counts("-"), title
    for n in re.findall(r"\((\d) players[;,)]", title):       # a chapter's title: the table's count
        assert int(n) == len(game.players), title
    listed = catan("scenarios").output
    assert re.search(rf"^{re.escape(key)} +{re.escape(scen.seat_counts('-'))} players", listed, re.M)


@pytest.mark.rule("A.5", "D.4", "F.0.5", "F.1.10", "F.4.8", "C.11")
@pytest.mark.parametrize("key", SCENARIOS)
def test_help_rules_explains_every_scenarios_set_up(key):
    lines = rules_help(_game(key), width=10_000)
    assert any(re.match(r"^\W*set-?up\b", line, re.I) for line in lines), lines


@pytest.mark.rule("F.4.8")
def test_cloth_for_catans_third_set_up_settlement_is_explained_in_help_and_in_the_prompt(tmp_path):
    game = Game.new("cloth-for-catan", players=["red", "blue", "white"], seed=3)
    text = " ".join(" ".join(rules_help(game)).split())
    assert "then a 3rd settlement" in text and "Your 3rd settlement brings your starting resources" in text
    repl, _ = repl_for(Session(game, Header("cloth-for-catan", parse_seats("red,blue,white"), 3),
                               saves_folder=tmp_path, autosave=False), tmp_path)
    prompts = []
    while game.state.phase == "setup":
        prompts.append(repl.prompt_plain())
        game.execute(game.legal_commands()[0])
    assert prompts[:12].count("red · place settlement > ") == 2                  # the base game's two
    assert prompts[12] == "red · place your 3rd settlement (it brings your starting resources) > "
    assert prompts[14] == "blue · place your 3rd settlement (it brings your starting resources) > "


@pytest.mark.rule("D.4")
def test_barbarian_attacks_set_up_city_is_named_in_the_prompt():
    game = Game.new("barbarian-attack", players=["red", "blue", "white"], seed=3)
    prompts = []
    while game.state.phase == "setup":
        prompts.append(setup_prompt(game))
        game.execute(game.legal_commands()[0])
    assert prompts[:6] == [None] * 6
    assert prompts[6] == "place your city (it brings your starting resources)"


# ---------------------------------------------------------------------------- exit status


def _readme_exit_table() -> dict[int, str]:
    section = README.read_text(encoding="utf-8").split("## Exit status", 1)[1].split("\n## ", 1)[0]
    return {int(code): text for code, text in re.findall(r"^\| (\d+) \| (.*?) \|$", section, re.M)}


def test_the_exit_statuses_are_the_readmes(tmp_path, monkeypatch):
    table = _readme_exit_table()
    assert sorted(table) == sorted(EXIT_CODES)
    failing = tmp_path / "bad.catan"
    failing.write_text("build road 1-2\n")
    assert catan("scenarios").exit_code == 0
    assert catan("run", str(failing)).exit_code == 1                           # an illegal command
    assert catan("play", "--scenario", "atlantis").exit_code == 2              # a bad value
    assert catan("show", "missing", "--saves", str(tmp_path)).exit_code == 3   # a missing file
    assert catan("campaign", "nothing", "--saves", str(tmp_path)).exit_code == 3

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("catan_cli.cli.build_app", lambda: interrupted)
    with pytest.raises(SystemExit) as stop:
        main(["play"])
    assert stop.value.code == 130


def test_campaign_show_with_a_damaged_chapter_save_still_shows_the_record(tmp_path):
    legend.new_campaign("torn", "red,blue:bot,white:bot", seed=4, folder=tmp_path)
    (tmp_path / "torn-ch1.catan").write_text("# scenario: legend-1\nbuild settlement\n# digest: 0000\n")
    result = runner.invoke(build_app(), ["campaign", "show", "torn", "--json", "--saves", str(tmp_path)])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["chapter"] == 1
    assert result.stderr.startswith("catan: the chapter in play is not recorded: ")
    assert len(result.stderr.splitlines()) == 1
