"""The build steps pyproject.toml cannot say: the scenario files, and the compiled build.

The rule data lives at the top of the checkout in ``rules/`` (the design keeps it there, beside
the code, not inside it).  A wheel or a ``pip install .`` must carry it, so the build copies
``rules/*.toml`` (and the format's README) into the package as ``catan_cli/_rules/``, where
:func:`catan_cli.engine.scenario.rules_dir` looks first.  An editable install copies nothing:
it finds ``rules/`` in the checkout.

``CATAN_COMPILE=1`` asks for the compiled build: mypyc (shipped with mypy, which
``_build/catan_build.py`` then adds to the build requirements) compiles the modules a move
passes through (``COMPILED``) to C extensions, installed beside the same ``.py`` files.
Without it (the default, and every editable install) the package is pure Python and needs no
C compiler.  A compiled build that cannot compile stops with the reason: it was asked for.
"""

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
RULES = HERE / "rules"
PACKAGED = ("catan_cli", "_rules")

# The engine and the layers every move passes through.  The scenario packages stay plain
# Python (their rules subclass the compiled ScenarioRules).
COMPILED = ("catan_cli/engine/*.py", "catan_cli/game.py", "catan_cli/position.py", "catan_cli/notation.py")

# The commands that build the extensions (not egg_info / dist_info, which only read metadata).
BUILDING = {"bdist_wheel", "build", "build_ext", "install"}


class BuildWithRules(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib, *PACKAGED)
        self.mkpath(str(target))
        for source in sorted([*RULES.glob("*.toml"), RULES / "README.md"]):
            self.copy_file(str(source), str(target / source.name))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not getattr(self, "editable_mode", False):
            target = Path(self.build_lib, *PACKAGED)
            outputs += [str(target / p.name) for p in sorted([*RULES.glob("*.toml"), RULES / "README.md"])]
        return outputs


def compiled_modules() -> list:
    """The C extensions of the compiled build, or none when it was not asked for."""
    if os.environ.get("CATAN_COMPILE", "").strip() in ("", "0"):
        return []
    if any(arg.startswith("editable") for arg in sys.argv):
        print("CATAN_COMPILE ignored: an editable install stays pure Python", file=sys.stderr)
        return []
    if not BUILDING & set(sys.argv):
        return []  # the metadata step: mypyc's minutes are spent once, on the build itself
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit("CATAN_COMPILE=1 needs mypy (which ships mypyc): pip install mypy, "
                 "or drop CATAN_COMPILE for the pure-Python build")
    paths = sorted(str(p.relative_to(HERE)) for pattern in COMPILED for p in HERE.glob(pattern))
    return mypycify(paths, opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"), group_name="catan_cli")


setup(cmdclass={"build_py": BuildWithRules}, ext_modules=compiled_modules())
