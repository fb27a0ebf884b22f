"""The one error family of catan: every failure a user can cause is a ValueError.

Like python-chess, callers catch one type (:class:`CatanError`) and get a message that holds
the input and the reason.  Nothing else escapes the engine for bad input.
"""

from __future__ import annotations


class CatanError(ValueError):
    """Root of every error catan raises for bad input, bad files or illegal play."""


class RuleError(CatanError):
    """An action that the rules do not allow now.  The game state is unchanged."""


class NotationError(RuleError):
    """A command line that does not parse.  A malformed command is an illegal one too."""


class ScenarioError(CatanError):
    """A scenario file that is missing or inconsistent."""


class SaveError(CatanError):
    """A save or command file that cannot be read, or a save that cannot be written."""
