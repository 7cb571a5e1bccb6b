"""The widest explorers fit the notebook column of JupyterLab (new-user trial, issue 10 part 4).

At a 1400 px wide window with the file browser open (JupyterLab's first layout), the two-map
explorers (two readings side by side) and the Crush charts were wider than the notebook column:
the picture was cut and needed scrolling. This opens a notebook holding one of each in the lab
``make lab`` starts, runs it, and measures in Chromium the column (the output area) and each
explorer's figure: the figure's right edge must lie inside the column. The column's width is
printed: it is the figure ``hexrules.plot.figure.NOTEBOOK_COLUMN`` records (which the fast test
``tests/test_legibility.py`` holds every explorer to).
"""
from __future__ import annotations

import json

import pytest

import browserkit as bk

pytestmark = pytest.mark.browser

#: One cell per explorer: the widest the lessons show.
CELLS = [
    "%matplotlib widget\nfrom hexrules.widgets import crush, forced, movement",
    'movement.EXPLORERS["compare_water"]()',
    'forced.EXPLORERS["compare_push_edge"]()',
    'crush.EXPLORERS["collapse"]()',
    'crush.EXPLORERS["damage"]()',
    'crush.EXPLORERS["vehicle"]()',
]

_MEASURE_JS = """
() => {
  const browser = document.querySelector('.jp-FileBrowser');
  const open = !!browser && browser.getBoundingClientRect().width > 0;
  const boxes = Array.from(document.querySelectorAll('.hexrules-explorer'));
  return {window: window.innerWidth, fileBrowser: open,
    explorers: boxes.map(box => {
      const area = box.closest('.jp-OutputArea-output').getBoundingClientRect();
      const fig = box.querySelector('.jupyter-matplotlib-canvas-div canvas, img.widget-image');
      const f = fig ? fig.getBoundingClientRect() : null;
      return {column: Math.round(area.width), columnRight: area.right,
              figure: f ? Math.round(f.width) : null, figureRight: f ? f.right : null};
    })};
}
"""


def _notebook() -> str:
    cells = [{"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}
             for src in CELLS]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


def test_two_map_and_crush_explorers_fit_the_column_with_the_file_browser_open(lab, notebook_copy, browser_page,
                                                                              artifacts_dir):
    page = browser_page.page
    probe = notebook_copy / "width_probe.ipynb"
    probe.write_text(_notebook())
    try:
        bk.open_notebook(page, lab, "notebooks/width_probe.ipynb")
        if not page.evaluate(_MEASURE_JS)["fileBrowser"]:  # JupyterLab's first layout shows it; make sure
            page.locator(".jp-SideBar .lm-TabBar-tab[data-id='filebrowser']").first.click()
        bk.run_all(page)
        bk.wait_run_complete(page, len(CELLS))
        explorers = page.locator(".hexrules-explorer")
        for i in range(explorers.count()):
            bk.wait_figure(explorers.nth(i), 60_000)
        shown = page.evaluate(_MEASURE_JS)
        page.screenshot(path=str(artifacts_dir / "figure-width.png"), full_page=True)
        print(f"window {shown['window']} px, file browser open: {shown['fileBrowser']}; "
              + "; ".join(f"{src.split('[')[1].rstrip(']()')}: figure {e['figure']} px in a column of {e['column']} px"
                          for src, e in zip(CELLS[1:], shown["explorers"])))
        assert shown["fileBrowser"] and shown["window"] == 1400
        assert len(shown["explorers"]) == len(CELLS) - 1
        too_wide = [(src, e) for src, e in zip(CELLS[1:], shown["explorers"])
                    if e["figure"] is None or e["figureRight"] > e["columnRight"] + 0.5]
        assert too_wide == []
        browser_page.assert_no_errors("the width probe")
    finally:
        lab.shutdown_kernels()
        probe.unlink(missing_ok=True)
