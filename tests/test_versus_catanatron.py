"""The match against catanatron through both engines: a short game of our hard bot and
catanatron's AlphaBeta, and a recorded match game replayed with the same result.

Catanatron is never a dependency: these tests run only when an environment variable says
where it is, ``CATANATRON_PYTHON`` (a python that has catanatron installed) or
``CATANATRON_SRC`` (a local copy of its repository, installed once into a throwaway
virtualenv); otherwise they are skipped."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from catan_cli.benchmarks.versus_catanatron import (
    NAMES, Mirror, Worker, catanatron_python, play_game, replay,
)

pytestmark = pytest.mark.skipif(
    not (os.environ.get("CATANATRON_PYTHON") or os.environ.get("CATANATRON_SRC")),
    reason="catanatron is not here: set CATANATRON_PYTHON or CATANATRON_SRC to run the match tests")

RECORDED = Path(__file__).parent / "data" / "versus_catanatron_game.json"


@pytest.fixture(scope="module")
def worker():
    w = Worker(catanatron_python(None))
    yield w
    w.close()


def test_a_short_match_game_stays_in_step_in_both_engines(worker):
    seats = ["catanatron", "ours", "catanatron", "ours"]
    record = play_game(worker, seed=5, seats=seats, think_ms=10, turn_cap=6)
    assert record["divergence"] is None
    assert record["moves"] > 16            # the set-up and some turns of play
    assert record["decision_ms"]["catanatron"] and record["decision_ms"]["ours"]
    assert not any(line.split(": ")[-1].startswith("offer") for line in record["history"])


def test_a_divergence_is_seen_at_the_action_that_causes_it(worker):
    mirror = Mirror.start(worker, 9, ["ours"] * 4)
    game = mirror.game
    first = game.legal_actions()[0]
    assert mirror.play(first) == []
    game.state.players[1].resources[0] += 1      # a card only our engine knows of
    found = mirror.play(game.legal_actions()[0])
    assert found and found[0].startswith("blue resources:")


def test_a_recorded_match_game_replays_with_the_same_result(worker):
    record = json.loads(RECORDED.read_text())
    again = replay(worker, record)
    assert again["divergence"] is None
    assert again["moves"] == record["moves"] == len(record["history"])
    assert again["winner"] == record["winner"] and again["winner"] in NAMES
    assert [d["rule"] for d in again["documented"]] == [d["rule"] for d in record["documented"]]

