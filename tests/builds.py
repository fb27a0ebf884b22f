"""Which build the tests run against (``catan_cli.build()``: ``compiled`` or ``pure``), and the
mark for the few tests that patch a class the compiled build makes native."""

import pytest

from catan_cli import build

COMPILED = build() == "compiled"

#: a test that monkeypatches a method of an engine class (or of an engine object): mypyc's
#: classes take no new attributes, and compiled callers would not see the patch anyway
pure_only = pytest.mark.skipif(COMPILED, reason="patches an engine class, which the compiled build makes "
                                                "native (mypyc): checked on the pure build")
