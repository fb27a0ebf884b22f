"""The Legend's set-up settlements say in their prompt where they may go (F.0.5), as ``help
rules`` and the refusal do: the first on a start intersection (the free ones named), the 2nd
and 3rd off the coast while an inland site is left."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from catan_cli import Game
from catan_cli.errors import RuleError
from catan_cli.repl import Repl
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session

CHAPTERS = ["legend-1", "legend-2", "legend-3", "legend-4"]


def _prompts(key: str, tmp_path: Path, players: str = "red,blue,white") -> list[tuple[str, Game, list[str]]]:
    """Every set-up settlement prompt of a game (first legal moves), with the settlements then legal."""
    session = Session.new(Header(key, parse_seats(players), 3), saves_folder=tmp_path, autosave=False)
    repl = Repl(session, Console(file=io.StringIO(), width=120, color_system=None, highlight=False), pace=0.0)
    game = session.game
    out = []
    while game.state.phase == "setup":
        legal = [c.split()[-1] for c in game.legal_commands() if c.startswith("build settlement")]
        if legal:            # not a scenario's question in the set-up (Chapter 3's harbours)
            out.append((repl.prompt_plain(), game.copy(), legal))
        game.execute(game.legal_commands()[0])
    return out


@pytest.mark.rule("F.0.5")
@pytest.mark.parametrize("key", CHAPTERS)
def test_every_first_set_up_settlement_prompt_names_the_free_start_intersections(key: str, tmp_path: Path) -> None:
    prompts = _prompts(key, tmp_path)
    firsts = prompts[:3]
    inland = prompts[3][2][0]      # a site the 2nd settlement may take: on land, far from the starts
    for prompt, game, legal in firsts:
        found = re.search(r"place settlement on a start intersection: ([\d, ]+) > $", prompt)
        assert found, prompt
        named = found.group(1).split(", ")
        assert sorted(named, key=int) == sorted(legal, key=int)   # exactly the places it may go
        # ... and the refusal of any other place says the same
        with pytest.raises(RuleError, match=f"goes on a start intersection \\({found.group(1)}\\)"):
            game.execute(f"build settlement {inland}")
    assert prompts[0][0].startswith("red · ") and prompts[2][0].startswith("white · ")


@pytest.mark.rule("F.0.5")
@pytest.mark.parametrize("key", CHAPTERS)
def test_the_later_set_up_settlements_say_off_the_coast(key: str, tmp_path: Path) -> None:
    later = _prompts(key, tmp_path)[3:]
    assert len(later) == 6
    for prompt, _, _ in later:
        assert "not on the coast" in prompt and "start intersection" not in prompt, prompt
    assert later[3][0] == "red · place your 3rd settlement not on the coast (it brings your starting resources) > "


@pytest.mark.rule("F.0.5")
def test_the_three_player_map_says_it_too(tmp_path: Path) -> None:
    prompts = _prompts("legend-1-3p", tmp_path)
    assert "on a start intersection: " in prompts[0][0]


def test_the_base_games_prompt_is_unchanged(tmp_path: Path) -> None:
    assert [p for p, _, _ in _prompts("base", tmp_path)][:2] == ["red · place settlement > ", "blue · place settlement > "]
