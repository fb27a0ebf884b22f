"""Fuzzing the door with illegal commands, and the legal list against check() and notation.

Positions come from seeded random walks, stopped at many kinds of moment (set-up, the
roll, build/trade, discards, the robber, an offer, game over) plus a few sandbox games.
Hypothesis then throws commands at them: random text, random verbs with random
arguments, nonsense tokens, wrong actors, out-of-range numbers, and mutated legal
commands.  Whatever ``check()`` calls illegal must raise RuleError from ``execute()``
with the same reason, in words (not a Python exception's text), and leave the digest as
it was.  Whatever ``check()`` calls legal must execute and keep every invariant.
"""

from __future__ import annotations

import os
import random
import re
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_cli import Game, RuleError
from catan_cli.engine.invariants import check_invariants

COLOURS = ["red", "blue", "white", "orange"]

# Text that would mean a Python exception leaked through as the reason.
PYTHON_TEXT = re.compile(
    r"Traceback|object has no attribute|invalid literal|unsupported operand|index out of range|"
    r"NoneType|KeyError|TypeError|IndexError|AttributeError|not subscriptable|"
    r"takes \d+ positional|unexpected keyword|object is not|<built-in|0x[0-9a-f]{6,}"
)


def _moment(g: Game) -> str:
    w = g.waiting_for()
    if w.startswith("must discard"):
        return "discard"
    if w.startswith("move the robber"):
        return "robber"
    if w.startswith("accept or decline"):
        return "offer"
    if w.startswith("place"):
        return "setup-" + w.split()[1]
    return w


@lru_cache(maxsize=None)
def positions() -> tuple[str, ...]:
    """Saved games (JSON text) at varied moments of seeded random walks."""
    import json

    out: list[str] = []
    for seed in range(9):
        players = 2 + seed % 3
        rng = random.Random(seed)
        g = Game.new("base", players=COLOURS[:players], seed=seed)
        seen: dict[str, int] = {}
        step = 0
        while True:
            moment = _moment(g)
            # Keep the first two of each kind of moment, and every 150th step.
            if seen.get(moment, 0) < 2 or step % 150 == 0:
                seen[moment] = seen.get(moment, 0) + 1
                out.append(json.dumps(g.to_json()))
            if g.over:
                break
            g.execute(rng.choice(g.legal_commands(offers=rng.random() < 0.05)))
            step += 1
    for seed in range(3):
        g = Game.new("base", players=COLOURS[:3], seed=seed, sandbox=True)
        out.append(json.dumps(g.to_json()))
        for c in ("turn blue", "put settlement blue 16", "put road blue 16-17", "give blue 3 ore 2 grain",
                  "draw blue knight", "draw blue road-building"):
            g.execute(c)
        out.append(json.dumps(g.to_json()))
    return tuple(out)


def load(index: int) -> Game:
    import json

    return Game.from_json(json.loads(positions()[index % len(positions())]))


def test_positions_cover_every_kind_of_moment():
    moments = {_moment(load(i)) for i in range(len(positions()))}
    assert {"setup-settlement", "setup-road", "roll", "build/trade", "discard", "robber",
            "offer", "game over"} <= moments


# --- strategies ------------------------------------------------------------------------------
VERBS = ["roll", "end", "build", "buy", "play", "robber", "pirate", "discard", "trade", "offer",
         "accept", "decline", "move", "choose", "attack", "steal", "dice", "give", "take", "put",
         "turn", "draw", "r", "b", "e", "done", "pass", "p", "mv", "t", "bank", "road", "settle",
         "city", "ship", "settlement", "help", "fly", "xyzzy", ""]
WORDS = ["road", "settlement", "city", "ship", "card", "knight", "monopoly", "year-of-plenty",
         "road-building", "victory-point", "year", "of", "plenty", "for", "to", "at", "steal",
         "nobody", "fortress", "gold", "reward", "ore", "wool", "grain", "lumber", "brick", "wood",
         "sheep", "wheat", "clay", "diamonds", "red", "blue", "white", "orange", "green", "all",
         ":", "-", "--", "#", "S", "L", "A", "AA", "ZZ", "ZZZZZZ", "k", "vp", "rb", "yop", "²", "٣",
         "½", "Ⅻ", "\t", "é", "\u200b"]
NUMBERS = st.one_of(st.integers(-5, 80), st.sampled_from([0, 99, 100, 999, 10 ** 9, 10 ** 30]))


def number_token() -> st.SearchStrategy[str]:
    return NUMBERS.map(str)


def edge_token() -> st.SearchStrategy[str]:
    return st.tuples(NUMBERS, NUMBERS, st.sampled_from(["-", " - ", "--", "-"])).map(
        lambda t: f"{t[0]}{t[2]}{t[1]}")


TOKEN = st.one_of(st.sampled_from(WORDS), number_token(), edge_token(),
                  st.text(min_size=1, max_size=6))


@st.composite
def structured_command(draw: st.DrawFn) -> str:
    """A verb (real or not), then random arguments, maybe an actor prefix."""
    parts = [draw(st.sampled_from(VERBS))]
    parts += draw(st.lists(TOKEN, max_size=7))
    text = " ".join(parts)
    if draw(st.booleans()):
        actor = draw(st.sampled_from(COLOURS + ["green", "nobody", ""]))
        text = f"{actor}: {text}" if draw(st.booleans()) else f"{actor} : {text}"
    return text


@st.composite
def mutated_legal(draw: st.DrawFn, g: Game) -> str:
    """A legal command, changed a little: a token replaced, dropped or added, or a
    wrong actor put in front."""
    legal = g.legal_commands(offers=True)
    if not legal:
        return draw(structured_command())
    tokens = draw(st.sampled_from(legal)).split()
    how = draw(st.sampled_from(["replace", "drop", "add", "actor"]))
    i = draw(st.integers(0, len(tokens) - 1))
    if how == "replace":
        tokens[i] = draw(TOKEN)
    elif how == "drop" and len(tokens) > 1:
        del tokens[i]
    elif how == "add":
        tokens.insert(i + 1, draw(TOKEN))
    else:
        tokens.insert(0, draw(st.sampled_from(COLOURS)) + ":")
    return " ".join(tokens)


# A fixed set of examples in the normal suite; CATAN_FUZZ_EXAMPLES=5000 CATAN_FUZZ_RANDOM=1
# explores further (new examples on every run).
FUZZ = settings(max_examples=int(os.environ.get("CATAN_FUZZ_EXAMPLES", "250")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
                derandomize=not os.environ.get("CATAN_FUZZ_RANDOM"))


def judge(g: Game, command: str) -> None:
    """The property every command must have, legal or not."""
    before = g.digest()
    verdict = g.check(command)                      # must not raise
    assert isinstance(verdict.reason, str) and verdict.reason.strip()
    assert not PYTHON_TEXT.search(verdict.reason), verdict.reason
    assert g.digest() == before, "check() changed the position"
    if verdict.ok:
        g.execute(command)                          # legal: must play
        assert check_invariants(g) == []
        return
    with pytest.raises(RuleError) as info:
        g.execute(command)
    assert str(info.value) == verdict.reason
    assert g.digest() == before, f"rejected {command!r} changed the position"


@FUZZ
@given(index=st.integers(min_value=0), command=st.text(max_size=40))
def test_random_text_is_rejected_cleanly(index, command):
    judge(load(index), command)


@FUZZ
@given(index=st.integers(min_value=0), command=structured_command())
def test_random_verbs_and_arguments_are_rejected_cleanly(index, command):
    judge(load(index), command)


@FUZZ
@given(index=st.integers(min_value=0), data=st.data())
def test_mutated_legal_commands_are_judged_cleanly(index, data):
    g = load(index)
    judge(g, data.draw(mutated_legal(g)))


@FUZZ
@given(index=st.integers(min_value=0), data=st.data())
def test_a_legal_command_by_the_wrong_player_is_rejected(index, data):
    g = load(index)
    legal = g.legal_commands(offers=True)
    if not legal or g.state.phase == "over":
        return
    command = data.draw(st.sampled_from(legal))
    actors = {g.players[item["seat"]] for item in g.state.pending} or {g.prompt_player()}
    if ":" in command:
        actors = {command.split(":")[0]}
        command = command.split(": ", 1)[1]
    others = [p for p in g.players if p not in actors]
    if not others:
        return
    wrong = data.draw(st.sampled_from(others))
    before = g.digest()
    with pytest.raises(RuleError) as info:
        g.execute(f"{wrong}: {command}")
    assert str(info.value).strip() and not PYTHON_TEXT.search(str(info.value))
    assert g.digest() == before


@pytest.mark.parametrize("chunk", range(10))
def test_every_legal_command_passes_check_and_round_trips(chunk):
    for index in range(chunk, len(positions()), 10):
        _legal_list_is_sound(index)


def _legal_list_is_sound(index: int) -> None:
    g = load(index)
    commands = g.legal_commands(offers=True)
    assert len(commands) == len(set(commands)), "a legal command is listed twice"
    before = g.digest()
    for text in commands:
        assert g.check(text).ok, (text, g.check(text).reason)
        assert g.text(g.parse(text)) == text
    assert g.digest() == before
    # legal_actions and legal_commands list the same things.
    assert [g.text(a) for a in g.legal_actions(offers=True)] == commands
    # And each one really plays.
    for text in commands[:: max(1, len(commands) // 15)]:
        h = load(index)
        h.execute(text)
        assert check_invariants(h) == []


# --- actions given as objects (bots and scripts may bypass the text) ------------------------
# Well-shaped actions (the right number and kinds of arguments for their verb) with values
# out of range: the door must answer with a RuleError, never an IndexError.  Badly shaped
# objects (wrong arity) are not covered: the engine trusts an Action's shape.
N = st.integers(-3, 120)
COUNTS = st.tuples(*[st.integers(0, 3)] * 5)
PIECE = st.sampled_from(["road", "ship", "settlement", "city", "castle"])
CARD = st.sampled_from(["knight", "monopoly", "year-of-plenty", "road-building", "victory-point", "joker"])
SHAPES: dict[str, st.SearchStrategy[tuple]] = {
    **{k: st.just(()) for k in ("roll", "end", "accept", "decline", "buy-card", "play-knight",
                                "attack-fortress")},
    **{k: st.tuples(N) for k in ("build-road", "build-ship", "build-settlement", "build-city",
                                 "play-monopoly", "turn", "steal", "choose-reward")},
    "play-year-of-plenty": st.tuples(N, N),
    "play-road-building": st.lists(st.tuples(st.sampled_from(["road", "ship"]), N), min_size=1,
                                   max_size=2).map(tuple),
    "robber": st.tuples(N, N),
    "pirate": st.tuples(N, N, st.sampled_from(["resource", "cloth"])),
    "discard": st.tuples(COUNTS),
    "choose-gold": st.tuples(st.lists(N, max_size=3).map(tuple)),
    "trade": st.tuples(N, N, N, N),
    "offer": st.tuples(N, COUNTS, COUNTS),
    "move-ship": st.tuples(N, N),
    "dice": st.tuples(N, N),
    "give": st.tuples(N, COUNTS),
    "take": st.tuples(N, COUNTS),
    "put": st.tuples(PIECE, N, N),
    "draw": st.tuples(N, CARD),
}


@st.composite
def shaped_action(draw: st.DrawFn):
    from catan_cli.engine.actions import Action

    kind = draw(st.sampled_from(sorted(SHAPES)))
    return Action(kind, draw(SHAPES[kind]), draw(st.integers(-2, 5)))


@FUZZ
@given(index=st.integers(min_value=0), action=shaped_action())
def test_out_of_range_action_objects_are_rejected_cleanly(index, action):
    g = load(index)
    before = g.digest()
    verdict = g.check(action)
    assert g.digest() == before
    if verdict.ok:
        g.execute(action)
        assert check_invariants(g) == []
        return
    assert verdict.reason.strip() and not PYTHON_TEXT.search(verdict.reason), verdict.reason
    with pytest.raises(RuleError):
        g.execute(action)
    assert g.digest() == before


@pytest.mark.parametrize("kind, args, seat", [
    ("build-road", (9999,), -1), ("robber", (99, -1), -1), ("trade", (0, 4, 9, 1), -1),
    ("trade", (9, 4, 0, 1), -1), ("play-monopoly", (9,), -1), ("offer", (9, (1, 0, 0, 0, 0), (0, 1, 0, 0, 0)), -1),
    ("give", (9, (1, 0, 0, 0, 0)), -1), ("put", ("road", 0, 9999), -1), ("turn", (9,), -1), ("roll", (), 7),
])
def test_action_objects_with_out_of_range_indices_raise_rule_error(kind, args, seat):
    from catan_cli.engine.actions import Action

    g = Game.new("base", players=COLOURS[:3], seed=1, sandbox=True)
    g.execute("turn red")
    g.execute("give red 8 ore")
    before = g.digest()
    verdict = g.check(Action(kind, args, seat))
    assert not verdict.ok and "malformed action" in verdict.reason
    with pytest.raises(RuleError, match="malformed action"):
        g.execute(Action(kind, args, seat))
    assert g.digest() == before
