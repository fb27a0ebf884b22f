"""The Legend's campaign and its Chronicle (seed 000 "The Chronicle", "Postscript to Chapter 1";
digest E.2): legend points by the seed's table with dense ranking for ties and the bonus,
a campaign whose Chapter 1 is played to its end by bots, and the 'catan campaign' command."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from catan_cli.cli import build_app
from catan_cli.scenarios.legend import campaign as legend
from catan_cli.scenarios.legend.chapters import CHAPTERS
from catan_cli.scenarios.legend.chronicle import legend_points, places, running_totals
from catan_cli.session import Session

# The seed's table for Chapter 1: 4 LP for the most VP, 3 for the second, 2, 1; +1 to the 2nd,
# 3rd or 4th placed who rescued at least 3 castaways.
SEED_TABLE = {0: 4, 1: 3, 2: 2, 3: 1}
CH1 = CHAPTERS[1]


def lp(vps: dict[str, int], castaways: dict[str, int] | None = None) -> dict[str, int]:
    records = {p: {"castaways": (castaways or {}).get(p, 0)} for p in vps}
    return legend_points(CH1, vps, records)


@pytest.mark.rule("E.2.1", "S0:ch2/awarding-of-legend-points")
def test_chapter_1_legend_points_4_3_2_1():
    assert lp({"a": 11, "b": 9, "c": 8, "d": 5}) == {"a": 4, "b": 3, "c": 2, "d": 1}


@pytest.mark.rule("E.2.2")
def test_tied_players_share_a_place_and_the_next_takes_the_next_column():
    """E.2.2 dense ranking: two tied for 2nd both get 3 LP, and the last gets 3rd-place LP."""
    assert places({"a": 11, "b": 9, "c": 9, "d": 5}) == {"a": 0, "b": 1, "c": 1, "d": 2}
    assert lp({"a": 11, "b": 9, "c": 9, "d": 5}) == {"a": 4, "b": 3, "c": 3, "d": 2}
    assert lp({"a": 11, "b": 11, "c": 8, "d": 6}) == {"a": 4, "b": 4, "c": 3, "d": 2}
    assert lp({"a": 8, "b": 8, "c": 8}) == {"a": 4, "b": 4, "c": 4}


@pytest.mark.rule("E.2.3", "S0:ch2/awarding-of-legend-points", "S0:ch2/postscript-to-chapter-1")
def test_three_castaways_give_the_2nd_to_4th_placed_one_more_legend_point():
    assert lp({"a": 11, "b": 9, "c": 8, "d": 5}, {"a": 3, "b": 3, "c": 2, "d": 3}) == \
        {"a": 4, "b": 4, "c": 2, "d": 2}


@pytest.mark.rule("E.2.3", "S0:ch2/awarding-of-legend-points")
def test_the_first_placed_never_gets_the_bonus():
    assert lp({"a": 11, "b": 7, "c": 6}, {"a": 3}) == {"a": 4, "b": 3, "c": 2}


@pytest.mark.rule("S0:general/the-chronicle")
def test_running_totals_add_up_chapter_by_chapter():
    entries = [{"legend_points": {"a": 4, "b": 3}}, {"legend_points": {"a": 1, "b": 5}}]
    assert running_totals(entries) == [{"a": 4, "b": 3}, {"a": 5, "b": 8}]


def _play_to_the_end(session: Session) -> None:
    while not session.game.over:
        session.bot_move()
    session.flush()


@pytest.mark.parametrize("seats", ["red:bot,blue:bot,white:bot", "red:bot,blue:bot,white:bot,orange:bot"])
@pytest.mark.rule("S0:ch1/entering-the-game-results-into-the-chronicle", "S0:general/the-chronicle")
def test_a_campaign_plays_chapter_1_by_bots_and_writes_the_chronicle(tmp_path, seats):
    c = legend.new_campaign("saga", seats, seed=11, folder=tmp_path)
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=True)
    assert session.game.state.scenario in ("legend-1", "legend-1-3p")
    _play_to_the_end(session)
    game = session.game
    assert legend.record_chapter(c, tmp_path)
    c = legend.load_campaign("saga", tmp_path)
    assert c.chapter == 2 and not c.finished and c.save == "saga-ch2"   # Chapter 2 comes next
    [entry] = c.chronicle
    vps = {p: game.vp(p) for p in game.players}
    rescued = {p: len(game.state.players[game.seat(p)].extra["rescued"]) for p in game.players}
    assert entry["vp"] == vps
    assert entry["record"] == {p: {"castaways": rescued[p]} for p in game.players}
    assert entry["total"] == {"castaways": sum(rescued.values())}
    # the seed's table, by dense VP place, with the bonus for 3 castaways
    distinct = sorted(set(vps.values()), reverse=True)
    for p in game.players:
        place = distinct.index(vps[p])
        assert entry["legend_points"][p] == SEED_TABLE[place] + (1 if place > 0 and rescued[p] >= 3 else 0)
    # what Chapter 1 passes on: the friend cards won and the castaways rescued in all
    assert c.carry["castaways_total"] == sum(rescued.values())
    assert c.carry["friends"] == {p: sorted(game.state.players[game.seat(p)].extra["friends"])
                                  for p in game.players}


def test_a_chapter_not_yet_ended_is_resumed_not_recorded(tmp_path):
    c = legend.new_campaign("saga", "red,blue,white", seed=3, folder=tmp_path)
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=True)
    session.play(session.game.legal_commands()[0])
    assert not legend.record_chapter(c, tmp_path)
    assert legend.find_for_save("saga-ch1", tmp_path) is not None
    assert legend.find_for_save("other", tmp_path) is None


def test_the_campaign_command_new_show_and_the_legend_continues(tmp_path):
    runner = CliRunner()
    saves = str(tmp_path)
    result = runner.invoke(build_app(), ["campaign", "new", "saga", "--players", "red:bot,blue:bot,white:bot",
                                         "--seed", "5", "--fast", "--saves", saves], input="")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "saga.legend.json").exists() and (tmp_path / "saga-ch1.catan").exists()
    result = runner.invoke(build_app(), ["campaign", "saga", "--fast", "--saves", saves], input="")
    assert result.exit_code == 0, result.output
    assert "saga-ch2" in result.output                  # Chapter 1 recorded as it ended, Chapter 2 begun
    assert "legend points" in result.output
    result = runner.invoke(build_app(), ["campaign", "show", "saga", "--json", "--saves", saves])
    data = json.loads(result.output)
    assert data["chapter"] == 3 and [e["chapter"] for e in data["chapters"]] == [1, 2]   # each recorded as it ended
    assert sum(data["legend_points"].values()) >= 3 * 2
    result = runner.invoke(build_app(), ["campaign", "new", "saga", "--saves", saves])
    assert result.exit_code != 0 and "exists already" in result.output
    result = runner.invoke(build_app(), ["campaign", "show", "nothing", "--saves", saves])
    assert result.exit_code != 0 and "no campaign named" in result.output


@pytest.mark.rule("S0:ch2/postscript-to-chapter-1")
def test_the_next_chapter_starts_from_what_the_chapter_before_passes_on(tmp_path, monkeypatch):
    """A chapter after the first starts with the carry, written into its save's header so
    that the save replays it (played here by a stand-in for Chapter 2 on the Chapter 1 map)."""
    stand_in = type(CH1)(2, "legend-1", CH1.cls, (5, 4, 3, 1), 1, CH1.bonus_earned)
    monkeypatch.setitem(CHAPTERS, 2, stand_in)
    c = legend.new_campaign("saga", "red:bot,blue:bot,white:bot", seed=11, folder=tmp_path)
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=True)
    assert c.header().carry == {}                         # Chapter 1 starts from nothing
    _play_to_the_end(session)
    assert legend.record_chapter(c, tmp_path)
    c = legend.load_campaign("saga", tmp_path)
    assert c.chapter == 2 and not c.finished and c.save == "saga-ch2"
    held = c.carry["friends"]
    assert c.carry["chapter"] == 1 and sum(map(len, held.values())) >= 1
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=True)
    game = session.game
    for p in game.players:                                # every friend card back, fresh: A side up
        assert game.state.players[game.seat(p)].extra["friends"] == {card: 0 for card in held[p]}
    session.bot_move()
    session.flush()
    text = (tmp_path / "saga-ch2.catan").read_text()
    assert "# carry: " in text and '"castaways_total"' in text
    again = Session.from_save("saga-ch2", saves_folder=tmp_path, autosave=False)
    assert again.game.digest() == game.digest()


@pytest.mark.parametrize("value", ["[1, 2]", "{not json"])
def test_a_carry_header_that_is_not_a_json_object_is_refused(value):
    from catan_cli.script import CommandFileError, parse_text

    with pytest.raises(CommandFileError, match="bad 'carry' header"):
        parse_text(f"# scenario: legend-1\n# carry: {value}\nroll\n")


def test_the_chronicle_command_shows_the_chapter_in_play_and_is_refused_outside_a_campaign(tmp_path):
    import io

    from rich.console import Console

    from catan_cli.repl import Repl

    c = legend.new_campaign("saga", "red,blue,white", seed=3, folder=tmp_path)
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=True)
    out = io.StringIO()
    repl = Repl(session, Console(file=out, width=120, color_system=None), pace=0.0)
    repl.handle("chronicle")
    assert "Chronicle of saga" in out.getvalue() and "(in play)" in out.getvalue()
    repl.handle("help chronicle")
    assert "legend points" in out.getvalue()

    loose = Session.new(c.header(), save_name="loose", saves_folder=tmp_path, autosave=False)
    out = io.StringIO()
    Repl(loose, Console(file=out, width=120, color_system=None), pace=0.0).handle("chronicle")
    assert "not a chapter of a campaign" in out.getvalue()


def test_the_campaign_command_names_an_unknown_kind(tmp_path):
    result = CliRunner().invoke(build_app(), ["campaign", "new", "saga", "--kind", "odyssey", "--saves", str(tmp_path)])
    assert result.exit_code != 0 and "no campaign kind 'odyssey' (known: legend)" in result.output


# --- Chapter 1 -> Chapter 2 ------------------------------------------------------------------------
# The seed's table for Chapter 2 (Postscript to Chapter 2): 5/4/3/1; +1 to the 2nd-4th placed
# who panned at least 12 gold (3 players) or 10 gold (4 players).
SEED_TABLE_2 = {0: 5, 1: 4, 2: 3, 3: 1}
# Postscript to Chapter 3: 6/4/3/1; +2 to the 2nd-4th placed who sank at least 3 sea robbers (3
# players) or 2 (4 players).
SEED_TABLE_3 = {0: 6, 1: 4, 2: 3, 3: 1}


@pytest.mark.rule("E.2.1", "E.2.3", "S0:ch3/awarding-of-legend-points", "S0:ch3/postscript-to-chapter-2")
def test_chapter_2_legend_points_5_4_3_1_with_the_gold_bonus():
    ch2 = CHAPTERS[2]
    vps = {"a": 12, "b": 9, "c": 9, "d": 5}
    gold4 = {"a": {"gold": 20}, "b": {"gold": 10}, "c": {"gold": 9}, "d": {"gold": 10}}
    assert legend_points(ch2, vps, gold4) == {"a": 5, "b": 5, "c": 4, "d": 4}
    vps3 = {"a": 12, "b": 9, "c": 7}
    gold3 = {"a": {"gold": 0}, "b": {"gold": 11}, "c": {"gold": 12}}
    assert legend_points(ch2, vps3, gold3) == {"a": 5, "b": 4, "c": 4}


# The seed's awarding after Chapter 4: 7/5/3/1; +2 to the 2nd-4th placed who alone or with others
# obtained the most Catan chits for spices (none when all obtained the same).
SEED_TABLE_4 = {0: 7, 1: 5, 2: 3, 3: 1}


@pytest.mark.parametrize("seats", ["red:bot,blue:bot,white:bot",
                                   pytest.param("red:bot,blue:bot,white:bot,orange:bot", marks=pytest.mark.slow)])
def test_the_whole_legend_by_bots_chapters_1_to_4_with_the_carry_to_its_winner(tmp_path, seats):
    """Chapters 1 to 4 played by bots through the campaign, each chapter's lines of the
    Chronicle checked against the seed's tables, and the legend's winner by E.2.4."""
    from catan_cli.scenarios.legend.chronicle import chronicle_table, legendary_winners, winner_line
    from catan_cli.scenarios.legend.chapter2.bog_iron import bog_iron_per_pasture

    c = legend.new_campaign("saga", seats, seed=21, folder=tmp_path)
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=True)
    _play_to_the_end(session)
    assert legend.record_chapter(c, tmp_path)
    c = legend.load_campaign("saga", tmp_path)
    castaways = c.carry["castaways_total"]
    held = c.carry["friends"]
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=True)
    game = session.game
    assert game.state.scenario in ("legend-2", "legend-2-3p")
    # the bog iron on each pasture is the seed's table for Chapter 1's castaways
    per = bog_iron_per_pasture(list(game.engine.scen.params["bog_iron_by_castaways"]), castaways)
    assert {k for _, k in game.state.extra["bog_iron"]} == {per}
    # every friend card of Chapter 1 comes along, fresh; none is drawn at random
    for p in game.players:
        assert game.state.players[game.seat(p)].extra["friends"] == {card: 0 for card in held[p]}
    _play_to_the_end(session)
    assert legend.record_chapter(c, tmp_path)
    c = legend.load_campaign("saga", tmp_path)
    assert c.chapter == 3 and not c.finished
    first, second = c.chronicle
    gold = {p: game.state.players[game.seat(p)].extra["gold"] for p in game.players}
    assert second["record"] == {p: {"gold": gold[p]} for p in game.players}
    assert second["total"] == {"gold": sum(gold.values())}
    assert c.carry["gold_total"] == sum(gold.values()) and c.carry["chapter"] == 2
    need = 12 if len(game.players) == 3 else 10
    distinct = sorted(set(second["vp"].values()), reverse=True)
    for p in game.players:
        place = distinct.index(second["vp"][p])
        assert second["legend_points"][p] == SEED_TABLE_2[place] + (1 if place > 0 and gold[p] >= need else 0)
    # friend cards won in Chapter 2 pass on with those of Chapter 1
    for p in game.players:
        assert set(held[p]) <= set(c.carry["friends"][p])
    # Chapter 3: the harbours match Chapter 2's gold; every friend card comes along
    held = c.carry["friends"]
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=True)
    game3 = session.game
    assert game3.state.scenario in ("legend-3", "legend-3-3p")
    threshold = 30 if len(game3.players) == 3 else 40
    assert game3.state.extra["harbors_earned"] is (sum(gold.values()) >= threshold)
    for p in game3.players:
        assert game3.state.players[game3.seat(p)].extra["friends"] == {card: 0 for card in held[p]}
    _play_to_the_end(session)
    assert legend.record_chapter(c, tmp_path)
    c = legend.load_campaign("saga", tmp_path)
    assert c.chapter == 4 and not c.finished and c.save == "saga-ch4"   # Chapter 4 follows, with the carry
    assert c.carry["robbers_left"] == len(game3.state.extra["sea_robbers"])
    third = c.chronicle[2]
    sunk = {p: game3.state.players[game3.seat(p)].extra["sunk"] for p in game3.players}
    assert third["record"] == {p: {"sunk": sunk[p]} for p in game3.players}
    assert third["total"] == {"robbers_left": len(game3.state.extra["sea_robbers"])}
    need3 = 3 if len(game3.players) == 3 else 2
    distinct = sorted(set(third["vp"].values()), reverse=True)
    for p in game3.players:
        place = distinct.index(third["vp"][p])
        assert third["legend_points"][p] == SEED_TABLE_3[place] + (2 if place > 0 and sunk[p] >= need3 else 0)
    # Chapter 4: the lairs are in play when Chapter 3 left 2 or more sea robbers
    left = c.carry["robbers_left"]
    held = c.carry["friends"]
    session = Session.new(c.header(), save_name=c.save, saves_folder=tmp_path, autosave=True)
    game4 = session.game
    assert game4.state.scenario in ("legend-4", "legend-4-3p")
    assert game4.state.extra["lairs_in_play"] is (left >= 2)
    for p in game4.players:
        assert game4.state.players[game4.seat(p)].extra["friends"] == {card: 0 for card in held[p]}
    _play_to_the_end(session)
    assert legend.record_chapter(c, tmp_path)
    c = legend.load_campaign("saga", tmp_path)
    assert c.finished and c.over and c.finished_text() == legend.OVER
    fourth = c.chronicle[3]
    chits = {p: game4.state.players[game4.seat(p)].extra["spice_chits"] for p in game4.players}
    assert fourth["vp"] == {p: game4.vp(p) for p in game4.players} and max(fourth["vp"].values()) >= 14
    assert fourth["record"] == {p: {"chits": chits[p]} for p in game4.players} and fourth["total"] == {}
    distinct = sorted(set(fourth["vp"].values()), reverse=True)
    most = max(chits.values())
    for p in game4.players:
        place = distinct.index(fourth["vp"][p])
        bonus = 2 if place > 0 and chits[p] == most and len(set(chits.values())) > 1 else 0
        assert fourth["legend_points"][p] == SEED_TABLE_4[place] + bonus
    # the legendary winner: the most legend points, then the most VP over the four chapters
    total = {p: sum(e["legend_points"][p] for e in c.chronicle) for p in game4.players}
    vps = {p: sum(e["vp"][p] for e in c.chronicle) for p in game4.players}
    top = [p for p in total if total[p] == max(total.values())]
    winners = [p for p in top if vps[p] == max(vps[q] for q in top)]
    assert legendary_winners(c.chronicle) == winners
    data = c.chronicle_data()
    assert data["legend_points"] == total and data["legendary_winners"] == winners
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(chronicle_table(c.chronicle, c.players))
    # the winner's line closes the sheet (the caption wraps to the table's width: compare words)
    words = out.getvalue().split()
    closing = winner_line(c.chronicle)
    assert "grand total of legend points" in out.getvalue() and closing and winners[0] in closing
    assert words[-len(closing.split()):] == closing.split()


@pytest.mark.rule("S0:ch3/how-the-collected-gold-affects-chapter-3")
def test_harbours_are_not_earned_below_the_gold_threshold_in_a_campaign(tmp_path):
    from catan_cli import Game

    for gold, earned in ((39, False), (40, True)):
        g = Game.new("legend-3", players=["a", "b", "c", "d"], seed=1, carry={"chapter": 2, "gold_total": gold})
        assert g.state.extra["harbors_earned"] is earned
