"""Shared test helpers."""

import re

import pytest


@pytest.fixture
def assert_explorer_refused():
    """Check that building an explorer with bad input raises ``error`` naming ``value``,
    a HexrulesError, and leaves no matplotlib figure open."""
    import matplotlib.pyplot as plt

    from hexrules.errors import HexrulesError

    def check(make, error, value):
        before = len(plt.get_fignums())
        with pytest.raises(error, match=re.escape(value)) as info:
            make()
        assert isinstance(info.value, HexrulesError)
        assert len(plt.get_fignums()) == before  # no figure left open by a refused explorer

    return check
