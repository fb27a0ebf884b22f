"""The scenario keys a player chooses from, for tests that walk "every scenario"."""

from __future__ import annotations

from catan_cli.engine.scenario import available_scenarios, load_scenario, rules_dir


def chosen_keys() -> list[str]:
    """The keys the project ships (``rules/KEY.toml``), leaving out a test's own scenario
    (the lighthouse example registers itself when its tests are collected, so the list
    must not depend on the order of collection) and the maps another key picks by player
    count (``legend-1-3p`` ...): the nine keys of ``catan scenarios``."""
    shipped = [k for k in available_scenarios() if (rules_dir() / f"{k}.toml").is_file()]
    by_count = {m for key in shipped for m in load_scenario(key).maps_by_players.values() if m != key}
    return [k for k in shipped if k not in by_count]
