"""Command files: headers, commands, expect lines and digests, read like the game records they are."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_cli import Game
from catan_cli.script import (
    Header, ScriptError, Seat, check_expectation, file_text, parse_seats, parse_text, read_file, run,
)

SCRIPTS = sorted((Path(__file__).parent / "scripts").glob("*.catan"))

OPENING = """\
# scenario: base
# players: red, blue, white
# seed: 7
build settlement 40
build road 40-41
"""


def play(text: str, **kwargs):
    return run(parse_text(text, "t.catan"), **kwargs)


# ---------------------------------------------------------------------------- headers


def test_headers_set_scenario_players_seed_sandbox_and_options():
    cf = parse_text("# scenario: base\n# players: red, blue:bot, white:bot:random\n# seed: 12\n"
                    "# sandbox: yes\n# options: variable\n# a plain comment: not a header\nroll\n")
    h = cf.header
    assert (h.scenario, h.seed, h.sandbox, h.options) == ("base", 12, True, ["variable"])
    assert h.seats == [Seat("red"), Seat("blue", "greedy"), Seat("white", "random")]
    assert cf.commands() == ["roll"]


def test_missing_headers_mean_a_plain_three_player_base_game():
    h = parse_text("roll\n").header
    assert (h.scenario, h.players, h.seed, h.sandbox) == ("base", ["red", "blue", "white"], 0, False)


def test_header_lines_round_trip_with_bot_seats():
    h = Header("base", parse_seats("red, blue:bot, white:bot:random"), 5, True, ["variable"])
    assert parse_text("\n".join(h.lines())).header == h


@pytest.mark.parametrize("text, message", [
    ("# seed: soon\n", "t.catan:1: bad 'seed' header: seed must be a whole number"),
    ("# sandbox: maybe\n", "sandbox is yes or no"),
    ("# seed: 1\n# seed: 2\n", "t.catan:2: header 'seed' given twice"),
    ("roll\n# seed: 2\n", "t.catan:2: header 'seed' after the first command"),
    ("# players: red, blue:robot\n", "bad player 'blue:robot'"),
    ("# digest: not-hex\n", "is not a digest"),
])
def test_bad_headers_are_one_line_errors_naming_the_line(text, message):
    with pytest.raises(ScriptError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_text(text, "t.catan")


# ---------------------------------------------------------------------------- running


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_example_command_files_pass(path):
    result = run(read_file(path))
    assert result.commands > 0 and result.expectations > 0


def test_an_illegal_command_stops_the_run_at_its_line():
    with pytest.raises(ScriptError) as err:
        play(OPENING + "build city 99\nroll\n")
    assert str(err.value).startswith("t.catan:6: build city 99: there is no intersection 99")


def test_a_rejected_command_changes_nothing_before_the_error():
    game = Game.new("base", players=["red", "blue", "white"], seed=7)
    with pytest.raises(ScriptError):
        run(parse_text(OPENING + "build road 1-2\n", "t.catan"), game=game)
    assert game.history == ["build settlement 40", "red: build road 40-41"]


def test_inline_comments_and_actor_prefixes_are_read():
    result = play(OPENING + "blue: build settlement 53   # blue answers\n")
    assert result.game.history[-1] == "blue: build settlement 53"


@pytest.mark.parametrize("line, problem", [
    # the examples, as written
    ("illegal build road 1-2", None),
    ("legal build settlement 53", None),
    ("red vp 1", None),
    ("blue ore 0", None),
    ("winner nobody", None),
    # the position
    ("player blue", None),
    ("player white", "the game waits for blue"),
    ("turn red", None),
    ("waiting place settlement", None),
    ("phase setup", None),
    ("over", "the game goes on (place settlement)"),
    ("winner red", "the winner is nobody"),
    ("legal build settlement 41", "it is refused: "),
    ("illegal build settlement 41 because distance", None),
    ("illegal build settlement 53", "it is legal"),
    ("illegal build settlement 41 because bananas", "it is refused, but because: "),
    ("legal-count 54", "there are "),
    ("event road on 40-41", None),
    ("event rolls", "the last command said: red places a road on 40-41"),
    ("robber A", "the robber is on "),
    ("pirate A", "there is no pirate in this game"),
    # a player's numbers: NAME first
    ("red vp 3", "red has 1 VP"),
    ("red ore 1", "red holds 0 ore"),
    ("red wood 0", None),
    ("red hand nothing", None),
    ("red hand 1 ore", "red holds nothing"),
    ("blue cards 0", None),
    ("blue cards 2", "blue holds 0 resource cards"),
    ("red dev-cards 0", None),
    ("red knights 1", "red has played 0 knights"),
    ("red route 1", None),
    ("red vp three", "'three' is not a number"),
    ("red hand 2", "a count without a resource"),
    ("red colour 2", "'colour' is not something red has"),
    ("nobody vp 1", "unknown expectation 'nobody'"),
    # the player comes first
    ("vp red 1", "the player comes first: 'expect red vp 1'"),
])
def test_expect_lines(line, problem):
    game = Game.new("base", players=["red", "blue", "white"], seed=7)
    game.execute("build settlement 40")
    last = game.execute("build road 40-41")
    try:
        got = check_expectation(game, line, last)
    except ScriptError as exc:   # pragma: no cover - malformed lines are CatanErrors
        raise AssertionError(exc)
    except ValueError as exc:
        got = str(exc)
    if problem is None:
        assert got is None
    else:
        assert got is not None and got.startswith(problem), got


def test_a_player_named_like_a_keyword_still_works():
    game = Game.new("base", players=["legal", "winner", "player"], seed=7)
    game.execute("build settlement 40")
    assert check_expectation(game, "legal vp 1") is None
    assert check_expectation(game, "winner vp 0") is None
    assert check_expectation(game, "player ore 0") is None
    assert check_expectation(game, "legal build road 40-41") is None      # the keyword
    assert check_expectation(game, "winner nobody") is None
    assert check_expectation(game, "player legal") is None              # the keyword
    assert check_expectation(game, "player player") == "the game waits for legal"


def test_scenario_counters_cloth_and_villages():
    game = Game.new("cloth-for-catan", players=["red", "blue", "white"], seed=7)
    node = game.view()["extra"]["villages"][0]["node"]
    assert check_expectation(game, "red cloth 0") is None
    assert check_expectation(game, "red cloth 2") == "red has 0 cloth"
    assert check_expectation(game, f"village {node} cloth 5") is None
    assert check_expectation(game, f"village {node} cloth 4") == f"the village on {node} has cloth 5"
    assert check_expectation(game, f"village {node} traders nobody") is not None
    assert check_expectation(game, "village 1 cloth 5") == "there is no village on 1"
    supply = game.view()["extra"]["cloth_supply"]
    assert check_expectation(game, f"cloth-supply {supply}") is None
    assert check_expectation(game, f"cloth-supply {supply + 1}") == f"cloth-supply is {supply}"


def test_scenario_counters_warships_chits_fortresses_and_the_fleet():
    game = Game.new("pirate-islands", players=["red", "blue", "white"], seed=7)
    extra = game.view()["extra"]
    fort = next(f for f in extra["fortresses"] if f["owner"] == "red")
    assert check_expectation(game, "red warships 0") is None
    assert check_expectation(game, "red warships 1") == "red has 0 warships"
    assert check_expectation(game, "red chits 0") is None
    assert check_expectation(game, f"fortress {fort['node']} chits {fort['chits']}") is None
    assert check_expectation(game, f"fortress {fort['node']} owner red") is None
    assert check_expectation(game, f"fortress {fort['node']} owner blue") is not None
    assert check_expectation(game, f"fleet {extra['fleet']['hex'].lower()}") is None
    assert check_expectation(game, "fleet A").startswith("the fleet is on ")


def test_a_failed_expectation_names_file_line_and_what_was_found():
    with pytest.raises(ScriptError, match=r"^t\.catan:6: expect red vp 5: red has 1 VP$"):
        play(OPENING + "expect red vp 5\n")


def test_the_first_failing_line_stops_the_run():
    with pytest.raises(ScriptError, match=r"^t\.catan:6: build city 99: there is no intersection 99 \(they run 1-72\)$"):
        play(OPENING + "build city 99\nexpect red vp 5\n")


def test_keep_going_reports_every_failing_line_and_plays_on():
    text = (OPENING + "build city 99\n"            # 6: illegal, changes nothing
            "expect red vp 5\n"                     # 7: fails
            "blue: build settlement 53\n"           # 8: still played
            "# digest: 0123456789abcdef\n"          # 9: wrong
            "expect player blue\n"                  # 10: holds
            "expect winner blue\n")                 # 11: fails
    result = play(text, keep_going=True)
    assert not result.ok
    assert [f.number for f in result.failures] == [6, 7, 9, 11]
    assert [f.message for f in result.failures] == [
        "t.catan:6: build city 99: there is no intersection 99 (they run 1-72)",
        "t.catan:7: expect red vp 5: red has 1 VP",
        f"t.catan:9: the position does not match the digest (recorded 0123456789abcdef, "
        f"reached {result.game.digest()})",
        "t.catan:11: expect winner blue: the winner is nobody",
    ]
    assert result.commands == 3 and result.expectations == 1
    assert result.game.history[-1] == "blue: build settlement 53"


def test_keep_going_with_nothing_wrong_is_ok():
    assert play(OPENING + "expect red vp 1\n", keep_going=True).ok


def test_an_unknown_expectation_is_an_error():
    with pytest.raises(ScriptError, match="unknown expectation 'colour'"):
        play(OPENING + "expect colour red\n")


def test_digest_lines_are_checkpoints():
    game = play(OPENING).game
    assert play(OPENING + f"# digest: {game.digest()}\nexpect digest {game.digest()}\n").digests == 1
    with pytest.raises(ScriptError, match=r"t\.catan:6: the position does not match the digest"):
        play(OPENING + "# digest: 0123456789abcdef\n")


def test_sandbox_flag_overrides_the_header():
    with pytest.raises(ScriptError, match="sandbox command"):
        play(OPENING + "dice 3 4\n")
    assert play(OPENING + "dice 3 4\n", sandbox=True).commands == 3


def test_reporter_sees_every_command_with_its_events():
    seen = []
    play(OPENING, on_command=lambda line, events: seen.append((line, [e.text for e in events])))
    assert seen == [("build settlement 40", ["red places a settlement on 40"]),
                    ("red: build road 40-41", ["red places a road on 40-41"])]


@pytest.mark.parametrize("setup, message", [
    (lambda p: None, "no such file"),
    (lambda p: p.mkdir(), "is a folder"),
    (lambda p: p.write_bytes(b"\xff\xfe\x00binary"), "not UTF-8 text"),
])
def test_unreadable_files_are_one_line_errors(tmp_path, setup, message):
    path = tmp_path / "game.catan"
    setup(path)
    with pytest.raises(ScriptError, match=message):
        read_file(path)


def test_a_bad_scenario_header_fails_cleanly():
    with pytest.raises(ScriptError, match="cannot start the game: unknown scenario 'atlantis'"):
        play("# scenario: atlantis\nroll\n")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 120))
def test_a_written_game_replays_to_the_same_position(seed, moves):
    header = Header("base", parse_seats("red,blue,white"), seed)
    game = header.new_game()
    rnd = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        game.execute(rnd.choice(game.legal_commands()))
    text = file_text(header, game.history, game.digest())
    replayed = run(parse_text(text)).game
    assert replayed.digest() == game.digest()
    assert replayed.history == game.history
