"""Crush explorers (notebook 08) refuse what their controls cannot show, naming the value.

A slider would otherwise clamp ``cover=99`` to 6 silently, and a dropdown would raise a bare
TraitError for an unknown choice; the explorers raise a HexrulesError subclass instead.
"""

from __future__ import annotations


import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from hexrules.errors import ScenarioError  # noqa: E402
from hexrules.widgets.base import ExplorerError  # noqa: E402
from hexrules.widgets.crush import CollapseExplorer, DamageExplorer, VehicleExplorer  # noqa: E402


pytestmark = pytest.mark.usefixtures("close_figures")


BAD_INPUT = [
    (lambda: DamageExplorer(cover=99), ExplorerError, "cover=99"),
    (lambda: DamageExplorer(cover=-1), ExplorerError, "cover=-1"),
    (lambda: DamageExplorer(resolve=0), ExplorerError, "resolve=0"),
    (lambda: DamageExplorer(resolve="4"), ExplorerError, "'4'"),
    (lambda: DamageExplorer(cover=True), ExplorerError, "True"),
    (lambda: DamageExplorer(metric="mean"), ExplorerError, "mean"),
    (lambda: VehicleExplorer(reading="x"), ExplorerError, "'x'"),
    (lambda: VehicleExplorer(shield=8), ExplorerError, "shield=8"),
    (lambda: VehicleExplorer(resolve=7), ExplorerError, "resolve=7"),
    (lambda: VehicleExplorer(cover=2.5), ExplorerError, "2.5"),
    (lambda: CollapseExplorer(seed=-1), ExplorerError, "seed=-1"),
    (lambda: CollapseExplorer(seed=10**6), ExplorerError, "seed=1000000"),
    (lambda: CollapseExplorer(step=99), ExplorerError, "step=99"),
    (lambda: CollapseExplorer(3), ExplorerError, "scenario=3"),
    (lambda: CollapseExplorer("nowhere"), ScenarioError, "nowhere"),
]


@pytest.mark.parametrize("make, error, value", BAD_INPUT)
def test_constructor_bad_input_raises_a_hexrules_error_naming_it(make, error, value, assert_explorer_refused):
    assert_explorer_refused(make, error, value)


def test_edge_values_are_accepted():
    # the ends of each slider: Cover 0 (no dice, C2) and 6, Resolve 1 and 7, Shield 7 (no die reaches it)
    assert DamageExplorer(cover=0, resolve=7).distribution.mean() == 0
    assert DamageExplorer(cover=6, resolve=1).distribution.mean() == 6  # every die hits on 1+ (C3)
    v = VehicleExplorer(cover=6, shield=7, resolve=6)  # the table goes to Shield 7 too: framed, at 0% (C4)
    assert v.frame.get_visible() and v.frame.get_xy() == (5 - 0.5, 6 - 0.5)
    assert v.table[(7, 6)] == (0, 0)
