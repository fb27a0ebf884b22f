"""Fuzzing command lines through ``Game.execute``, the door the REPL sends each line to.

Positions come from seeded games of every scenario (bots of both kinds, stopped at many
moments: set-up, the roll, build/trade, discards, the robber or pirate, offers, steals,
gold and reward picks, game over) and from sandbox games.  Hypothesis then feeds each a
stream of lines: legal commands mutated (tokens dropped, doubled, swapped, replaced,
numbers shifted, actors added, text cut), random verbs with random arguments, token soup
and arbitrary unicode, with a legal command now and then so the game moves on.

Every line either plays, or raises an error of the engine's family (CatanError) and leaves
the position exactly as it was (same digest).  Nothing else may escape.  A fast slice runs
in the suite; ``-m slow`` runs 100,000 lines per scenario.  The words and the mutations are
the soak command's (catan_cli/soak.py), which fuzzes from fresh games at scale.
"""

from __future__ import annotations

import json
import pickle
import random
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_cli import Game
from catan_cli.bots import make_bot
from catan_cli.errors import CatanError
from catan_cli.notation import VERBS
from catan_cli.soak import MUTATIONS, WORDS, mutate as _mutate

SCENARIOS = ["base", "cloth-for-catan", "pirate-islands", "land-ho"]
COLOURS = ["red", "blue", "white", "orange"]

_STATS = {"lines": 0, "accepted": 0}


# --- positions ----------------------------------------------------------------------------------
def _moment(g: Game) -> str:
    return g.waiting_for().split(" ")[0] + ("-over" if g.over else "")


@lru_cache(maxsize=None)
def positions(scenario: str) -> tuple[str, ...]:
    """Saved games (JSON) at varied moments of seeded bot games and sandbox games."""
    out: list[str] = []
    for seed in range(4):
        n = 3 + seed % 2
        names = COLOURS[:n]
        g = Game.new(scenario, players=names, seed=seed)
        kinds = ["greedy", "random", "random", "greedy"][:n] if seed % 2 else ["random"] * n
        bots = [make_bot(k, seed * 10 + i) for i, k in enumerate(kinds)]
        seen: dict[str, int] = {}
        step = 0
        while not g.over and step < 1500:
            moment = _moment(g)
            if seen.get(moment, 0) < 2 or step % 120 == 0:
                seen[moment] = seen.get(moment, 0) + 1
                out.append(json.dumps(g.to_json()))
            seat = g.prompt_player()
            g.execute(bots[names.index(seat)].choose(g, seat))
            step += 1
        out.append(json.dumps(g.to_json()))
    for seed in range(2):
        g = Game.new(scenario, players=COLOURS[:3 + seed], seed=seed, sandbox=True)
        out.append(json.dumps(g.to_json()))
        bots = [make_bot("greedy", i) for i in range(3 + seed)]
        for _ in range(60):
            if g.over:
                break
            seat = g.prompt_player()
            g.execute(bots[g.players.index(seat)].choose(g, seat))
        for line in ("give blue 3 ore 2 grain 2 wool", "draw blue knight", "draw blue road-building",
                     "dice 3 4"):
            try:
                g.execute(line)
            except CatanError:
                pass
        out.append(json.dumps(g.to_json()))
    return tuple(out)


# --- lines ---------------------------------------------------------------------------------------
@st.composite
def a_line(draw: Any, game: Game) -> tuple[str, str]:
    """(kind, line): one fuzzed line for ``game``'s position."""
    kind = draw(st.sampled_from(["mutated", "mutated", "mutated", "verb", "soup", "text", "legal"]))
    if kind in ("mutated", "legal"):
        legal = game.legal_commands(offers=True)
        if legal:
            line = draw(st.sampled_from(legal))
            if kind == "legal":
                return kind, line
            rnd = random.Random(draw(st.integers(0, 2**32 - 1)))
            for how in draw(st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3)):
                line = _mutate(line, how, rnd)
            return kind, line
        kind = "verb"
    if kind == "verb":
        verb = draw(st.sampled_from(sorted(VERBS)))
        args = draw(st.lists(st.one_of(st.sampled_from(WORDS), st.integers(-3, 400).map(str)), max_size=6))
        return kind, " ".join([verb] + args)
    if kind == "soup":
        return kind, " ".join(draw(st.lists(st.sampled_from(WORDS), max_size=8)))
    return kind, draw(st.text(max_size=40))


def _fingerprint(game: Game) -> bytes:
    return pickle.dumps(game.engine.s, protocol=pickle.HIGHEST_PROTOCOL)


def feed(game: Game, data: Any, n_lines: int) -> None:
    """Feed ``n_lines`` fuzzed lines; every rejection must leave the position unchanged."""
    for _ in range(n_lines):
        if game.over and data.draw(st.booleans()):
            return
        kind, line = data.draw(a_line(game))
        before = _fingerprint(game)
        history = len(game.history)
        _STATS["lines"] += 1
        try:
            game.execute(line)
        except CatanError:
            after = _fingerprint(game)
            if after != before:
                # Pickles can differ on dict order alone; the digest decides.
                old = Game(game.engine.__class__(game.engine.scen, pickle.loads(before)))
                assert old.digest() == game.digest(), f"rejected {line!r} ({kind}) changed the position"
            assert len(game.history) == history, f"rejected {line!r} was recorded"
            continue
        _STATS["accepted"] += 1


def _fuzz(scenario: str, data: Any, n_lines: int) -> None:
    pool = positions(scenario)
    index = data.draw(st.integers(0, len(pool) - 1))
    game = Game.from_json(json.loads(pool[index]))
    feed(game, data, n_lines)


FAST = settings(max_examples=20, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_fuzzed_lines_are_played_or_refused_cleanly(scenario: str) -> None:
    positions(scenario)

    @FAST
    @given(data=st.data())
    def run(data: Any) -> None:
        _fuzz(scenario, data, 40)

    run()


def test_the_generator_makes_both_kinds_of_line() -> None:
    """The fuzz is not vacuous: it gets lines refused and lines played."""
    _STATS.update(lines=0, accepted=0)
    test_fuzzed_lines_are_played_or_refused_cleanly("base")
    assert _STATS["lines"] >= 500
    assert 0 < _STATS["accepted"] < _STATS["lines"] * 0.9


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_one_hundred_thousand_fuzzed_lines(scenario: str) -> None:
    positions(scenario)
    _STATS.update(lines=0, accepted=0)

    @settings(max_examples=1250, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data: Any) -> None:
        _fuzz(scenario, data, 80)

    while _STATS["lines"] < 100_000:
        run()
    assert _STATS["lines"] >= 100_000
