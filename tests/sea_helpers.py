"""Shared helpers for the Seafarers and Cloth for Catan tests (issue 4).

Positions are set up in sandbox games on the Cloth for Catan map (``rules/cloth-for-catan.toml``)
or on test scenarios written from it.  The map, as hex ids and intersection numbers::

    north island  K fo11  L pa9  M mo6  N fo5  O mo2 / S pa3  T fi4  W hi10  X fi8 / AA fi12
    tribe islands AD desert (villages 50 "11", 67 "8"),  AK gold (64 "10", 81 "9"),
                  AN gold (70 "4", 87 "5"),  AU desert (84 "6", 101 "3")
    south island  AX hi8 / BA mo5  BB fi3  BE fo4  BF pa2 / BJ fo10  BK mo11  BL pa6  BM hi12  BN fi9
    pirate        AP (corners 74 75 92 91 90 73), next to AX hills
    sea hexes     U (32 33 50 49 48 31), AB (46 47 64 63 62 45), AC (48 49 66 65 64 47),
                  AJ (62 63 80 79 78 61), AO (72 73 90 89 88 71)

The north coast 11-12-...-21 and the south coast 130-...-140 are coast paths (land on one
side, sea on the other) that take either a road or a ship.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from catan_cli import Game, RuleError
from catan_cli.engine import scenario as scenario_mod

COLOURS = ["red", "blue", "white", "orange"]
RULES = Path(__file__).resolve().parent.parent / "rules"


# --- games ---------------------------------------------------------------------------------
def sandbox(scenario: str = "cloth-for-catan", n: int = 3, seed: int = 7, **kw: Any) -> Game:
    return Game.new(scenario, players=COLOURS[:n], seed=seed, sandbox=True, **kw)


def on_turn(player: str = "red", scenario: str = "cloth-for-catan", n: int = 3, seed: int = 7) -> Game:
    """A sandbox game past the set-up with ``player`` on turn, dice already rolled."""
    g = sandbox(scenario, n, seed)
    g.execute(f"turn {player}")
    return g


def run(g: Game, *commands: str) -> list:
    events: list = []
    for c in commands:
        events += g.execute(c)
    return events


def to_roll(g: Game, player: str) -> None:
    """Make ``player`` the player on turn, before the roll."""
    names = g.players
    before = names[(names.index(player) - 1) % len(names)]
    run(g, f"turn {before}", "end")
    assert g.waiting_for() == "roll" and g.state.current == names.index(player)


def ships(g: Game, player: str, *nodes: int) -> None:
    """Put ``player``'s ships along the line of intersections ``nodes`` (built earlier)."""
    for a, b in zip(nodes, nodes[1:]):
        g.execute(f"put ship {player} {a}-{b}")


def roads(g: Game, player: str, *nodes: int) -> None:
    for a, b in zip(nodes, nodes[1:]):
        g.execute(f"put road {player} {a}-{b}")


def edge(g: Game, name: str) -> int:
    a, b = (int(x) for x in name.split("-"))
    e = g.engine.geo.edge_between(a - 1, b - 1)
    assert e >= 0, name
    return e


def hex_index(g: Game, ident: str) -> int:
    return g.engine.geo.hex_ids.index(ident)


def hand(g: Game, player: str) -> dict[str, int]:
    return dict(g.view(player)["players"][g.seat(player)]["resources"])


def cards(g: Game, player: str) -> int:
    return sum(hand(g, player).values())


def cloth(g: Game, player: str) -> int:
    return int(g.state.players[g.seat(player)].extra.get("cloth", 0))


def village(g: Game, node: int) -> dict[str, Any]:
    for v in g.view()["extra"]["villages"]:
        if v["node"] == node:
            return v
    raise AssertionError(f"no village on {node}")


def movable(g: Game, player: str = "red") -> list[str]:
    """Names of the ships ``player`` may move now (from the legal commands)."""
    return sorted({c.split()[2] for c in g.legal_commands() if c.startswith("move ship")})


def route_holder(g: Game) -> str | None:
    s = g.state
    return g.players[s.longest_holder] if s.longest_holder >= 0 else None


def route_len(g: Game, player: str) -> int:
    return int(g.state.route_len[g.seat(player)])


def legal(g: Game, command: str) -> list:
    """Assert ``command`` is legal now and play it."""
    verdict = g.check(command)
    assert verdict.ok, f"{command}: {verdict.reason}"
    return g.execute(command)


def refused(g: Game, command: str, *words: str) -> str:
    """Assert ``command`` is refused now, for a reason containing every one of ``words``,
    by both ``check`` and ``execute``, and that the position did not change."""
    before = g.digest()
    history = len(g.history)
    verdict = g.check(command)
    assert not verdict.ok, f"{command!r} should be refused"
    with pytest.raises(RuleError) as info:
        g.execute(command)
    reason = str(info.value)
    for w in words:
        assert w.lower() in verdict.reason.lower(), f"{command!r}: {verdict.reason!r} lacks {w!r}"
        assert w.lower() in reason.lower(), f"{command!r}: {reason!r} lacks {w!r}"
    assert g.digest() == before, f"{command!r} changed the position"
    assert len(g.history) == history
    return reason


# --- test scenarios ---------------------------------------------------------------------------
def write_scenario(folder: Path, key: str, rules: dict[str, str] | None = None,
                   package: str | None = None, replace: dict[str, str] | None = None) -> None:
    """Write ``rules/cloth-for-catan.toml`` as scenario ``key`` into ``folder``: ``rules``
    sets keys of ``[rules]`` (TOML values as text), ``package`` the scenario package, ``replace``
    plain text replacements; base.toml is copied beside it."""
    text = (RULES / "cloth-for-catan.toml").read_text(encoding="utf-8")
    text = text.replace('key = "cloth-for-catan"', f'key = "{key}"')
    if package is not None:
        text = text.replace('package = "cloth"', f'package = "{package}"')
    for k, v in (rules or {}).items():
        pattern = re.compile(rf"^{re.escape(k)}\s*=.*$", re.M)
        if pattern.search(text):
            text = pattern.sub(lambda _m: f"{k} = {v}", text, count=1)
        else:
            text = text.replace("[rules]\n", f"[rules]\n{k} = {v}\n", 1)
    for old, new in (replace or {}).items():
        assert old in text, old
        text = text.replace(old, new)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{key}.toml").write_text(text, encoding="utf-8")
    base = RULES / "base.toml"
    if base.is_file() and not (folder / "base.toml").exists():
        (folder / "base.toml").write_text(base.read_text(encoding="utf-8"), encoding="utf-8")
    if not (folder / "cloth-for-catan.toml").exists():
        (folder / "cloth-for-catan.toml").write_text(
            (RULES / "cloth-for-catan.toml").read_text(encoding="utf-8"), encoding="utf-8")


# The gold fields of the tribe islands get numbers and may be settled, for B.11 tests.
GOLD_NUMBERS = {
    '"    .     ~     ~    go     ~     ~    go     ~     ~",':
        '"    .     ~     ~  go6     ~     ~  go4     ~     ~",',
}


def trade_route_rules(folder: Path) -> None:
    """The scenarios the Seafarers rule tests need beside Cloth for Catan:

    * ``trade-route-test``: the Cloth for Catan map with the Longest Trade Route (B.12),
      no scenario hooks, and nothing forbidden on the tribe islands, whose gold fields get
      the numbers 6 (AK) and 4 (AN);
    * ``trade-route-cloth``: the same with the Cloth for Catan hooks kept.
    """
    free = {"robber_forbidden_areas": "[]", "settle_forbidden_areas": "[]", "road_forbidden_areas": "[]",
            "longest_route": '"trade-route"'}
    write_scenario(folder, "trade-route-test", free, package="", replace=GOLD_NUMBERS)
    write_scenario(folder, "trade-route-cloth", {"longest_route": '"trade-route"'})


@pytest.fixture
def sea_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point CATAN_RULES_DIR at a folder holding the test scenarios (see trade_route_rules)."""
    folder = tmp_path / "rules"
    trade_route_rules(folder)
    monkeypatch.setenv("CATAN_RULES_DIR", str(folder))
    scenario_mod.load_scenario.cache_clear()
    yield folder
    scenario_mod.load_scenario.cache_clear()
