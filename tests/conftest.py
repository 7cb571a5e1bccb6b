"""Fixtures shared by several test modules.

tests/browser/ is a package (it has an ``__init__.py``) so that its own conftest.py imports as
``browser.conftest`` and this one as ``conftest``: with ``--doctest-modules`` pytest imports every
conftest.py as a module too, and two top-level modules named ``conftest`` clashed ("import file
mismatch").
"""
from __future__ import annotations

import re

import pytest


@pytest.fixture
def close_figures():
    """Close every matplotlib figure the test opened (an explorer's figure stays open otherwise).

    Modules that draw use it with ``pytestmark = pytest.mark.usefixtures("close_figures")``.
    """
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


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
