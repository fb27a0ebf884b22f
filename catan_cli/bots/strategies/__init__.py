"""Scenario knowledge for the greedy bot, one module per scenario key.

``strategy_for("cloth-for-catan")`` imports ``catan_cli.bots.strategies.cloth_for_catan``
and returns an instance of its ``Strategy`` class; a scenario without its own module plays
with the general knowledge of :mod:`.base`.  Adding a scenario's bot knowledge is adding a
module here, never editing the greedy bot.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from .base import Strategy

#: scenario key -> module name, for keys that do not map by the naming rule
REGISTRY: dict[str, str] = {}


def module_name(key: str) -> str:
    return REGISTRY.get(key, key.replace("-", "_"))


@lru_cache(maxsize=None)
def strategy_for(key: str) -> Strategy:
    """The strategy object for a scenario key (the base game's when it has none)."""
    try:
        module = importlib.import_module(f"{__name__}.{module_name(key)}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(module_name(key)):
            return Strategy()
        raise
    cls = getattr(module, "Strategy", Strategy)
    return cls()


__all__ = ["Strategy", "strategy_for", "REGISTRY"]
