"""The Legend's rules as the engine loads them: the general Legend rules, which play the
chapter a scenario file names (``[params] chapter``, see :mod:`.chapters`)."""

from __future__ import annotations

from .general import LegendRules


class Rules(LegendRules):
    """Every Legend chapter's scenario file (``package = "legend"``) plays with this class."""


__all__ = ["Rules"]
