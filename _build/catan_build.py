"""The build backend: setuptools' own, plus mypy as a build requirement when the compiled
build is asked for (``CATAN_COMPILE=1``).

A plain ``pip install .`` or ``pip install -e .`` needs only setuptools, as before: nothing
more to fetch, no C compiler.  ``CATAN_COMPILE=1 pip install .`` adds mypy (which ships
mypyc) to the isolated build environment, and ``setup.py`` compiles the engine with it.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F401,F403  (the other hooks, unchanged)

MYPYC = "mypy>=1.10"


def _compiling() -> bool:
    return os.environ.get("CATAN_COMPILE", "").strip() not in ("", "0")


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    if not _compiling():
        return _orig.get_requires_for_build_wheel(config_settings)
    # setuptools runs setup.py to answer, before mypy is there: ask it for the plain build
    asked = os.environ.pop("CATAN_COMPILE")
    try:
        return [*_orig.get_requires_for_build_wheel(config_settings), MYPYC]
    finally:
        os.environ["CATAN_COMPILE"] = asked
