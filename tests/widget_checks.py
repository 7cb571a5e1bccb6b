"""Shared checks for the widget tests (imported by them; not a test module)."""

import re

import matplotlib.pyplot as plt
import pytest

from hexrules.errors import HexrulesError


def assert_explorer_refused(make, error, value):
    """Building an explorer with bad input raises ``error`` naming ``value``, a HexrulesError,
    and leaves no matplotlib figure open."""
    before = len(plt.get_fignums())
    with pytest.raises(error, match=re.escape(value)) as info:
        make()
    assert isinstance(info.value, HexrulesError)
    assert len(plt.get_fignums()) == before  # no figure left open by a refused explorer
