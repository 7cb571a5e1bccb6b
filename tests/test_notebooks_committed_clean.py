"""The lessons are committed without outputs (an autosave after Run All would add them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_lessons():
    assert len(NOTEBOOKS) >= 9  # 00 welcome ... 08 Crush


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    dirty = [i for i, c in enumerate(cells) if c["cell_type"] == "code"
             and (c.get("outputs") or c.get("execution_count") is not None)]
    assert not dirty, (f"{path.name}: code cells {dirty} hold outputs or execution counts; clear them "
                       "(JupyterLab: Edit > Clear Outputs of All Cells, then save)")
