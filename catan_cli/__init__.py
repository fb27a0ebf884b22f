"""catan: a terminal client for Catan's sea scenarios, and the rules library under it.

    from catan_cli import Game, RuleError
    g = Game.new("base", players=["red", "blue", "white"], seed=7)
    g.execute("build settlement 12")

Only the rules library is imported here; the terminal parts (rich, prompt_toolkit, typer)
load when the CLI needs them.
"""

from typing import TYPE_CHECKING, Any

from .errors import CatanError, NotationError, RuleError, SaveError, ScenarioError

if TYPE_CHECKING:
    from .game import Game, Verdict


def __getattr__(name: str) -> Any:
    # The engine loads on first use, so `catan --version` and `--help` start fast.
    if name in ("Game", "Verdict"):
        from . import game

        return getattr(game, name)
    raise AttributeError(f"module 'catan_cli' has no attribute {name!r}")


def build() -> str:
    """Which build runs: ``"compiled"`` when the engine is mypyc's C extension (a
    ``CATAN_COMPILE=1`` install), else ``"pure"``.  Looked up on disk, not imported, so
    ``catan --version`` stays fast; Python imports an extension before a ``.py`` beside it."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    core = Path(__file__).resolve().parent / "engine" / "core"
    return "compiled" if any(core.with_name("core" + suffix).exists() for suffix in EXTENSION_SUFFIXES) else "pure"


__version__ = "0.1.0"
__all__ = ["Game", "Verdict", "RuleError", "NotationError", "CatanError", "SaveError", "ScenarioError",
           "__version__", "build"]
