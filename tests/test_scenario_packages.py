"""A scenario is one package: the core names none of it, a new one lands without a core
edit, and no seat ever sees what its scenario declares hidden (issue 9)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from catan_cli import Game
from catan_cli.engine.actions import Event, Private
from catan_cli.engine.invariants import check_invariants
from catan_cli.engine.scenario import available_scenarios, register_rules_dir
from secrecy import leaks

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = Path(__file__).resolve().parent / "scenario_example" / "lighthouse"
register_rules_dir(EXAMPLE)

CORE = ["catan_cli/engine", "catan_cli/notation.py", "catan_cli/render", "catan_cli/helptext.py",
        "catan_cli/game.py", "catan_cli/bots/context.py", "catan_cli/cli.py", "catan_cli/repl.py",
        "catan_cli/campaigns.py", "catan_cli/session.py", "catan_cli/saves.py", "catan_cli/statecheck.py",
        "catan_cli/server", "catan_cli/screen"]
SCENARIO_IMPORT = re.compile(r"scenarios\.[a-z_]+|from \.+scenarios(\.[a-z_]+)? import")
SCENARIO_WORDS = re.compile(
    r"\b(fortress(es)?|fleet|warships?|villages?|cloth|lanes?|castaways?|chests?|outposts?|spices?"
    r"|barbarians?|settlers?|merchants?|miners?|chronicle|lighthouses?)\b", re.IGNORECASE)


def _core_files() -> list[Path]:
    if not (ROOT / "catan_cli").is_dir():
        pytest.skip("reads the checkout's source: no checkout beside these tests (CI's compiled job)")
    files: list[Path] = []
    for entry in CORE:
        path = ROOT / entry
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def test_the_core_names_no_scenario_piece_verb_or_token():
    found = []
    for path in _core_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip().startswith("#"):
                continue
            if SCENARIO_WORDS.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_no_core_module_imports_a_scenario_package():
    """Scenario packages are found through their rules files (engine/packages.py) and
    campaigns through their packages' campaign_door (campaigns.py), never imported by name."""
    found = []
    for path in sorted((ROOT / "catan_cli").rglob("*.py")):
        if "scenarios" in path.relative_to(ROOT).parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith(("import", "from")) and SCENARIO_IMPORT.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


# --- the example scenario, written entirely in its own package --------------------------------
def lighthouse_game(**kw: object) -> Game:
    return Game.new("lighthouse-test", players=["red", "blue", "white"], seed=3, sandbox=True, **kw)  # type: ignore[arg-type]


def test_an_example_scenario_outside_the_project_is_listed_and_plays():
    assert "lighthouse-test" in available_scenarios()
    g = lighthouse_game()
    g.execute("put settlement red 20")
    g.execute("turn red")
    g.execute("give red 1 brick 1 ore")
    assert g.check("raise lighthouse 21").ok
    g.execute("raise lighthouse 21")
    assert g.vp("red") == 2                          # the settlement and the lighthouse
    view = g.view("red")
    assert {"node": 21, "owner": "red", "kind": "lighthouse"} in view["buildings"]
    assert view["players"][0]["vp_sources"]["lighthouses"] == 1
    assert check_invariants(g) == []


def test_an_example_scenario_verb_refuses_in_its_own_words():
    g = lighthouse_game()
    g.execute("put settlement red 20")
    g.execute("turn red")
    assert "costs 1 brick and 1 ore" in g.check("raise lighthouse 21").reason
    g.execute("give red 1 brick 1 ore")
    scen, geo = g.engine.scen, g.engine.geo
    far = next(n for n in range(geo.n_nodes) if scen.node_touches_sea[n] and scen.node_touches_land[n]
               and 19 not in geo.node_neighbors[n] and n != 19)
    assert "beside one of your own settlements" in g.check(f"raise lighthouse {far + 1}").reason


def test_an_example_scenario_verb_has_help_and_canonical_text():
    from catan_cli import helptext

    g = lighthouse_game()
    assert any("raise lighthouse N" in line for line in helptext.verb_help("raise", g))
    assert helptext.rules_help(g)[0].startswith("Lighthouses")
    g.execute("put settlement red 20")
    g.execute("turn red")
    g.execute("give red 1 brick 1 ore")
    assert "raise lighthouse 21" in g.legal_commands()


def test_an_owner_only_token_is_seen_by_its_owner_alone():
    g = lighthouse_game()
    red, blue = g.view("red"), g.view("blue")
    treasure = g.state.players[0].extra["treasure"]
    assert red["players"][0]["extra"]["treasure"] == treasure
    assert blue["players"][0]["extra"]["treasure"] == "?"
    assert red["extra"]["buried"] == len(g.state.extra["buried"])      # face down: a count only


def test_undeclared_scenario_state_breaks_an_invariant():
    g = lighthouse_game()
    g.state.extra["stray"] = 1
    assert "scenario state 'stray' is not declared" in check_invariants(g)
    assert "stray" not in g.view("red")["extra"]


# --- events carry an audience ---------------------------------------------------------------------
def test_a_stolen_card_is_named_to_thief_and_victim_only():
    ev = Event("steal", 0, "red steals a card from blue", private=Private((0, 1), "red steals 1 ore from blue"))
    assert ev.seen_by(0).text == ev.seen_by(1).text == "red steals 1 ore from blue"
    assert ev.seen_by(2).text == ev.seen_by(None).text == "red steals a card from blue"
    assert ev.seen_by(2).private is None


def test_the_robber_steal_tells_the_card_to_the_two_players_only():
    g = Game.new("base", players=["red", "blue", "white"], seed=1, sandbox=True)
    hex_ = next(h for h in g.engine.land_hexes if h != g.state.robber)
    corners = g.engine.geo.hex_nodes[hex_]
    for line in [f"put settlement red {corners[0] + 1}", f"put settlement blue {corners[3] + 1}",
                 "turn white", "end", "give blue 1 ore", "dice 3 4", "roll"]:
        g.execute(line)
    events = g.execute(f"robber {g.engine.hex_id(hex_)} steal blue")
    steal = next(ev for ev in events if ev.kind == "steal")
    assert steal.seen_by(0).text == "red steals 1 ore from blue"
    assert steal.seen_by(1).text == "red steals 1 ore from blue"
    assert "ore" not in steal.seen_by(2).text and "ore" not in steal.text


# --- the generic secrecy test, over every scenario ----------------------------------------------------
def _walk(key: str, players: int, seed: int, steps: int) -> list[str]:
    names = ["red", "blue", "white", "orange"][:players]
    g = Game.new(key, players=names, seed=seed)
    rng = random.Random(seed)
    for step in range(steps):
        actions = g.legal_actions()
        if not actions or g.over:
            break
        action = rng.choice(actions)
        found = leaks(g, action, seed=step)
        if found:
            return [f"{key} seed {seed} step {step}: {p}" for p in found]
        g.execute(action)
    return []


@pytest.mark.parametrize("key", sorted(set(available_scenarios())))
def test_no_seat_sees_what_its_scenario_hides(key: str):
    from catan_cli.engine.scenario import load_scenario

    scen = load_scenario(key)     # a map for one player count (legend-1-3p) walks with that count only
    problems = [p for n, seed in ((3, 11), (4, 12)) if scen.min_players <= n <= scen.max_players
                for p in _walk(key, n, seed, 160)]
    assert problems == []


def test_the_secrecy_test_catches_a_view_that_shows_a_hidden_token(monkeypatch):
    from scenario_example.lighthouse.rules import Rules

    def leaky(self, viewer):   # every player's treasure, to everyone
        return {"treasures": [self.ctx.player_data(p)["treasure"] for p in range(self.ctx.n)]}

    monkeypatch.setattr(Rules, "view_items", leaky)
    assert any("view depends on hidden state" in p for p in leaks(lighthouse_game(), None))


def test_the_secrecy_test_catches_an_event_that_tells_a_hidden_token(monkeypatch):
    from scenario_example.lighthouse.rules import Rules

    honest = Rules.apply_dig

    def loud_dig(self, action):   # the treasure's number in the public text
        treasure = self.ctx.player_data(action.seat)["treasure"]
        return [Event("dig", action.seat, f"someone digs up treasure {treasure}")] + honest(self, action)[1:]

    monkeypatch.setattr(Rules, "apply_dig", loud_dig)
    g = lighthouse_game()
    g.execute("put settlement red 20")
    g.execute("turn red")
    problems = leaks(g, g.parse("dig"))
    assert any("is told hidden state by the events of 'dig'" in p for p in problems)
