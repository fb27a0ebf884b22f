"""The one build step pyproject.toml cannot say: the scenario files.

The rule data lives at the top of the checkout in ``rules/`` (the design keeps it there, beside
the code, not inside it).  A wheel or a ``pip install .`` must carry it, so the build copies
``rules/*.toml`` (and the format's README) into the package as ``catan_cli/_rules/``, where
:func:`catan_cli.engine.scenario.rules_dir` looks first.  An editable install copies nothing:
it finds ``rules/`` in the checkout.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RULES = Path(__file__).resolve().parent / "rules"
PACKAGED = ("catan_cli", "_rules")


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


setup(cmdclass={"build_py": BuildWithRules})
