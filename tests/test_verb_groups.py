"""Verb groups (``Verb.group``, ``ScenarioRules.open_verb_groups``): a listing skips the
verbs of a group the scenario leaves closed, so a closed group's verbs must list nothing.

The Legend groups each friend verb under its friend's name (F.0.7: one friend card a
turn, two uses a chapter): at every step of random games of each chapter, every friend
verb of a closed group lists nothing for any seat, and the game met open and closed ones.
"""

from __future__ import annotations

import random

import pytest

from catan_cli import Game

COLOURS = ["red", "blue", "white", "orange"]


@pytest.mark.rule("F.0.7")
@pytest.mark.parametrize("scenario, seed", [("legend-1", 11), ("legend-2", 12), ("legend-3", 13), ("legend-4", 14)])
def test_a_closed_friend_group_lists_nothing(scenario: str, seed: int) -> None:
    g = Game.new(scenario, players=COLOURS, seed=seed)
    choose = random.Random(seed).choice
    e = g.engine
    grouped = [v for v in e.verbs.values() if v.group]
    assert {v.group for v in grouped} >= {"jerok", "olaf"}
    opened = closed = 0
    for _ in range(600):
        if g.over:
            break
        if e.s.phase == "main" and not e.s.pending:
            for seat in range(e.n):
                groups = e.rules.open_verb_groups(seat)
                for verb in grouped:
                    if verb.group in groups:
                        opened += 1
                    else:
                        assert list(verb.legal(seat)) == [], (scenario, e.s.turn, seat, verb.kind)
                        closed += 1
        g.execute(choose(g.legal_actions()))
    assert opened and closed, "the game met no open (or no closed) friend group: the test saw too little"
