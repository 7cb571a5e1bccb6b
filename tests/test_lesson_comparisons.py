"""Every two-readings explorer a lesson builds opens on a position where the readings differ
(issue 9 part 7): a designer who opens a comparison sees the rule change something.

Each lesson's code cells run here in order, in one namespace, headless (Agg; ``%`` magics
skipped), the way nbmake runs them; every explorer built is recorded. An explorer that shows two
readings (a :class:`~hexrules.widgets.base.TwoReadingsExplorer`, or one with a ``comparison``)
is checked right after the cell that built it: its comparison (from :mod:`hexrules.compare`) is
not "same". Lessons 03 to 09 each build at least one.
"""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from hexrules.widgets.base import Explorer, TwoReadingsExplorer  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("0*.ipynb"))
WITH_COMPARISONS = ("03", "04", "05", "06", "07", "08", "09")


def _code(cell) -> str:
    return "".join(line for line in "".join(cell["source"]).splitlines(keepends=True)
                   if not line.lstrip().startswith("%"))


def _two_readings(explorer) -> bool:
    return isinstance(explorer, TwoReadingsExplorer) or explorer.comparison is not None


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_two_readings_explorers_open_where_the_readings_differ(path, monkeypatch):
    built: list[Explorer] = []
    init = Explorer.__init__

    def recording_init(self, *args, **kwargs):
        built.append(self)
        init(self, *args, **kwargs)

    monkeypatch.setattr(Explorer, "__init__", recording_init)
    monkeypatch.chdir(NOTEBOOKS)
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    namespace: dict = {"__name__": "__lesson__"}
    checked = []
    try:
        for i, cell in enumerate(cells):
            if cell["cell_type"] != "code":
                continue
            before = len(built)
            exec(compile(_code(cell), f"{path.name}[{i}]", "exec"), namespace)
            for ex in built[before:]:
                if not _two_readings(ex):
                    continue
                cmp = ex.comparison
                name = f"{path.name} cell {i}: {type(ex).__name__}"
                assert cmp is not None, f"{name} opens on no comparison (refused?): {ex.explanation.value[:300]}"
                assert not cmp.same, f"{name} opens on a position where both readings agree:\n{cmp.explain()}"
                checked.append(name)
    finally:
        plt.close("all")
    if path.name[:2] in WITH_COMPARISONS:
        assert checked, f"{path.name} builds no two-readings explorer"
