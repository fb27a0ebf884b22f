"""The server's small parts, without a network: the line editor, text cleaning, the rate
limit, the narration's audience and the bounded save reader."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from catan_cli.engine.actions import Event, Private
from catan_cli.errors import CatanError, SaveError
from catan_cli.game import Game
from catan_cli.server import screen, store
from catan_cli.server.lineedit import LineEditor
from catan_cli.server.limits import ConnectionCounter, TokenBucket
from catan_cli.server.text import clean


def test_the_editor_gives_lines_and_skips_escape_sequences() -> None:
    editor = LineEditor(max_line=20)
    fed = editor.feed(b"bui\x1b[Dld\x7f\x7fld road\x1bOA 1-2\r\nroll\n")
    assert fed.lines == ["build road 1-2", "roll"]
    assert editor.feed("größe".encode()[:3]).lines == [] and editor.feed("größe".encode()[3:] + b"\r").lines == ["größe"]


def test_the_editor_refuses_an_overlong_line_whole_and_ends_on_ctrl_d() -> None:
    editor = LineEditor(max_line=10)
    fed = editor.feed(b"x" * 1000 + b"\rok\r")
    assert fed.lines == ["ok"] and fed.too_long == 1
    assert editor.feed(b"abc\x03\x04").eof                    # Ctrl-C clears, Ctrl-D on an empty line ends
    assert editor.feed(b"\xff\xfe\x00\x07ab\r").lines == ["\ufffd\ufffdab"]


def test_clean_shows_every_control_and_direction_character_escaped() -> None:
    assert clean("a\x1b[2Jb\x07c\u202ed\x9be\u200bf", 100) == "a\\e[2Jb\\x07c\\u202ed\\x9be\\u200bf"
    assert clean("x" * 50, 10) == "x" * 9 + "…"


def test_the_rate_limit_allows_a_burst_then_the_rate() -> None:
    bucket = TokenBucket(rate=0.0001, burst=3)
    assert [bucket.take() for _ in range(5)] == [True, True, True, False, False]
    counter = ConnectionCounter(per_address=2, total=3)
    assert [counter.admit("a"), counter.admit("a")] == [None, None]
    assert counter.admit("a") == "too many connections from a"
    assert counter.admit("b") is None and counter.admit("c") == "the server is full; try again later"
    counter.release("a")
    assert counter.admit("c") is None


def test_narration_shows_each_seat_only_what_it_may_see() -> None:
    game = Game.new("base", ["red", "blue", "white"], seed=1)
    steal = Event("steal", 0, "red steals a card from blue", private=Private((0, 1), "red steals 1 ore from blue"))
    note = Event("record", 0, "")
    for viewer, expected in [(0, "red steals 1 ore from blue"), (1, "red steals 1 ore from blue"),
                             (2, "red steals a card from blue"), (None, "red steals a card from blue")]:
        assert [text for text, _ in screen.narration(game, [steal, note], viewer)] == [expected]


def test_saves_are_read_only_when_small_regular_files(tmp_path: Path) -> None:
    good = tmp_path / "good.catan"
    good.write_text("# seed: 1\n")
    assert store.read_bounded(good, 100) == "# seed: 1\n"
    with pytest.raises(SaveError, match="larger than"):
        store.read_bounded(good, 5)
    os.mkfifo(tmp_path / "fifo.catan")
    with pytest.raises(SaveError, match="is a FIFO"):
        store.read_bounded(tmp_path / "fifo.catan", 100)
    (tmp_path / "link.catan").symlink_to(good)
    with pytest.raises(SaveError, match="is a link"):
        store.read_bounded(tmp_path / "link.catan", 100)
    with pytest.raises(CatanError, match="not a table name"):
        store.save_name("../etc")
