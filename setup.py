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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
RULES = HERE / "rules"
PACKAGED = ("catan_cli", "_rules")

# The engine and the layers every move passes through, by glob so that a new file follows:
# the scenario packages (their rules, bot strategies and helpers; not the screen's render
# modules, which no move passes through), the bots' context, the greedy bot and its
# strategies, and the bots' generator.  Not determinise.py: its PairedDice subclasses
# random.Random, and compiled it crashed the interpreter (a play-out deals a world once; the
# moves played in it are the greedy bot's and the engine's, compiled).
COMPILED = ("catan_cli/engine/*.py", "catan_cli/game.py", "catan_cli/position.py", "catan_cli/notation.py",
            "catan_cli/scenarios/**/*.py", "catan_cli/bots/context.py", "catan_cli/bots/greedy.py",
            "catan_cli/bots/seeding.py", "catan_cli/bots/rng.py", "catan_cli/bots/strategies/*.py")
#: what the globs above match but stays Python
NOT_COMPILED = ("render.py",)

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
    paths = sorted({str(p.relative_to(HERE)) for pattern in COMPILED for p in HERE.glob(pattern)
                    if p.name not in NOT_COMPILED})
    # One C file per module, compiled side by side (ParallelBuildExt): a single file for the
    # whole group took gcc most of the build and one core; without debug information
    # (MYPYC_DEBUG_LEVEL to keep it), which costs compile time too.
    return mypycify(paths, opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"), multi_file=True,
                    debug_level=os.environ.get("MYPYC_DEBUG_LEVEL", "0"), group_name="catan_cli")


class ParallelBuildExt(build_ext):
    """build_ext with an extension's C files compiled in parallel (``CATAN_BUILD_JOBS``,
    default every core): setuptools compiles them one after another."""

    def build_extensions(self) -> None:
        jobs = int(os.environ.get("CATAN_BUILD_JOBS", "0") or 0) or os.cpu_count() or 1
        compiler = self.compiler
        serial = compiler.compile

        def compile_all(sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                        extra_preargs=None, extra_postargs=None, depends=None):
            if jobs < 2 or len(sources) < 2 or not hasattr(compiler, "_compile"):
                return serial(sources, output_dir, macros, include_dirs, debug, extra_preargs,
                              extra_postargs, depends)
            macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                output_dir, macros, include_dirs, sources, depends, extra_postargs)
            cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

            def one(obj):
                if obj in build:
                    src, ext = build[obj]
                    compiler._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

            # the largest files first, so that the last one to start is a small one
            order = sorted(objects, key=lambda o: -os.path.getsize(build[o][0]) if o in build else 0)
            with ThreadPoolExecutor(jobs) as pool:
                list(pool.map(one, order))
            return objects

        compiler.compile = compile_all
        super().build_extensions()


setup(cmdclass={"build_py": BuildWithRules, "build_ext": ParallelBuildExt}, ext_modules=compiled_modules())
