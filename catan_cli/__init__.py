"""catan: a terminal client for Catan's sea scenarios, and the rules library under it.

    from catan_cli import Game, RuleError
    g = Game.new("base", players=["red", "blue", "white"], seed=7)
    g.execute("build settlement 12")

Only the rules library is imported here; the terminal parts (rich, prompt_toolkit, typer)
load when the CLI needs them.
"""

from .errors import CatanError, NotationError, RuleError, SaveError, ScenarioError
from .game import Game, Verdict

__version__ = "0.1.0"
__all__ = ["Game", "Verdict", "RuleError", "NotationError", "CatanError", "SaveError", "ScenarioError",
           "__version__"]
