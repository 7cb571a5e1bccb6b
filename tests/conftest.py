"""Fixtures shared by several test modules.

tests/browser/ is a package (it has an ``__init__.py``) so that its own conftest.py imports as
``browser.conftest`` and this one as ``conftest``: with ``--doctest-modules`` pytest imports every
conftest.py as a module too, and two top-level modules named ``conftest`` clashed ("import file
mismatch").
"""
from __future__ import annotations

import re

import pytest


@pytest.fixture(autouse=True)
def close_figures():
    """Close every pyplot figure the test opened (an explorer's figure stays open otherwise), so
    that no test inherits another's figures and pyplot never warns of more than 20 open (issue 32
    part 3: that warning is an error, pyproject.toml's filterwarnings). Every test uses it;
    modules that draw also name it (``pytestmark = pytest.mark.usefixtures("close_figures")``)."""
    yield
    import sys

    if "matplotlib.pyplot" in sys.modules:  # a test that drew nothing imports no matplotlib here
        sys.modules["matplotlib.pyplot"].close("all")


@pytest.fixture
def assert_explorer_refused():
    """``check(make, error, value)``: building an explorer with ``make()`` raises ``error`` naming
    ``value``, a HexrulesError, and leaves no matplotlib figure open."""
    import matplotlib.pyplot as plt

    from hexrules.errors import HexrulesError

    def check(make, error, value):
        before = len(plt.get_fignums())
        with pytest.raises(error, match=re.escape(value)) as info:
            make()
        assert isinstance(info.value, HexrulesError)
        assert len(plt.get_fignums()) == before  # no figure left open by a refused explorer

    return check
