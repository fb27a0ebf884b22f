"""Finding a scenario's package: ``[scenario] package`` in its rules file names it.

A plain name ("base_extras") is a package in ``catan_cli.scenarios``; a dotted name is imported
as it stands, so a package may live outside this one (the tests' example scenario does).
The package's ``rules`` module defines ``Rules``, a :class:`~.rulebook.ScenarioRules`
subclass; its optional ``render`` and ``bot`` modules are loaded only by the screen and the
bots, so the rules library never imports a terminal library.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from ..errors import ScenarioError
from .rulebook import ScenarioRules

if TYPE_CHECKING:
    from .scenario import Scenario


def module_name(package: str, part: str) -> str:
    base = package if "." in package else f"catan_cli.scenarios.{package}"
    return f"{base}.{part}"


def package_part(package: str, part: str) -> ModuleType | None:
    """The ``part`` module of a scenario package (None: the package has none, or no
    package is named)."""
    if not package:
        return None
    name = module_name(package, part)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None      # the part (or package) itself is missing, not something it imports
        raise


def rules_class(scen: "Scenario") -> type[ScenarioRules]:
    """The scenario's rules: its package's ``rules.Rules``, or the general rules."""
    module = package_part(scen.package, "rules")
    if module is None:
        if scen.package:
            raise ScenarioError(f"{scen.source}: scenario package {scen.package!r} has no rules module")
        return ScenarioRules
    cls = getattr(module, "Rules", None)
    if not (isinstance(cls, type) and issubclass(cls, ScenarioRules)):
        raise ScenarioError(f"{module.__name__}.Rules is not a ScenarioRules subclass")
    return cls
