"""The game-by-game A/B of two checkouts (catan_cli.benchmarks.ab)."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_cli.benchmarks import ab

ROOT = Path(ab.__file__).resolve().parents[2]


def test_two_copies_of_one_tree_play_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    ab.main(["--tree", str(ROOT), "--tree", str(ROOT), "-n", "3", "--scenario", "base"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "base: 3 games a tree, decisions per processor second"
    first, second = out[1].split(), out[2].split()
    assert float(first[0]) > 0 and first[1] == str(ROOT)
    assert "x the first" in out[2] and out[2].endswith("same games: yes"), out[2]
    ratio = float(second[2].rstrip("x"))
    assert 0.5 < ratio < 2.0


def test_a_folder_without_the_package_is_refused_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        ab.main(["--tree", str(ROOT), "--tree", str(tmp_path), "-n", "2"])
    message = str(stop.value)
    assert message.startswith(f"ab: {tmp_path}: cannot import catan_cli.bench.play_random_game"), message
    assert "\n" not in message


def test_one_tree_is_not_a_comparison() -> None:
    with pytest.raises(SystemExit) as stop:
        ab.main(["--tree", str(ROOT)])
    assert stop.value.code == 2


def _games(seconds: list[float]) -> ab.TreeGames:
    return ab.TreeGames(decisions=[100] * len(seconds), seconds=seconds, winners=["red"] * len(seconds))


def test_the_interval_pairs_each_seeds_two_games() -> None:
    reference = _games([1.0, 2.0, 4.0, 8.0])
    # every game twice as fast: whichever games a draw takes, the ratio is 2
    assert ab.interval(_games([0.5, 1.0, 2.0, 4.0]), reference) == (2.0, 2.0)
    # one game faster, the rest alike: the interval holds 1, and at most the fast game's ratio
    lo, hi = ab.interval(_games([1.0, 2.0, 4.0, 4.0]), reference)
    assert lo <= 1.0 < hi <= 2.0      # a draw of the fast game alone: 8 s against 4
