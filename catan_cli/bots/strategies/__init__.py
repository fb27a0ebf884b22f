"""Scenario knowledge for the greedy bot, one module per scenario package.

``strategy_for("cloth-for-catan")`` finds the scenario's package through its scenario file
(``[scenario] package = "cloth"``), imports the package's ``bot`` module and returns an
instance of its ``Strategy`` class; a scenario without one plays with the general
knowledge of :mod:`.base`.  Adding a scenario's bot knowledge is adding ``bot.py`` to its
package, never editing the greedy bot.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine.packages import package_part
from ...engine.scenario import load_scenario
from ...errors import CatanError
from .base import Strategy


def package_of(key: str) -> str:
    """The scenario package of a scenario key ("" for none, or a key no file defines)."""
    try:
        return load_scenario(key).package
    except CatanError:
        return ""


@lru_cache(maxsize=None)
def strategy_for(key: str) -> Strategy:
    """The strategy object for a scenario key (the base game's when it has none)."""
    module = package_part(package_of(key), "bot")
    cls = getattr(module, "Strategy", Strategy) if module is not None else Strategy
    if not (isinstance(cls, type) and issubclass(cls, Strategy)):
        raise CatanError(f"{getattr(module, '__name__', key)}.Strategy is not a bot Strategy")
    return cls()


__all__ = ["Strategy", "package_of", "strategy_for"]
