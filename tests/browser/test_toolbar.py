"""ipympl's figure toolbar covers no figure (a new-user trial, Chromium at 1400 x 900).

ipympl 0.10 fades its toolbar in while the pointer is over a figure, by default at the figure's
left edge, over it: it covered the board editor's first column of hexes (A1, A3, A5) and the Crush
chart's "probability" label. The kit puts it in a strip of its own above a map and hides it on a
chart (``hexrules.plot._mpl.place_toolbar``). This runs a notebook holding the editor of lesson 10,
a two-map explorer and the Crush charts in the lab ``make lab`` starts, puts the pointer on each
figure's top left corner (where A1 is) and measures the toolbar and the figure: a map's toolbar is
shown and overlaps neither its figure nor the column's edge; a chart's stays hidden. The editor
is then given one row more: its map grows (ipympl follows the kernel's new size) and the toolbar
still stays off it. Screenshot: artifacts/browser/toolbar-*.png.
"""
from __future__ import annotations

import json
import time

import pytest

import browserkit as bk

pytestmark = pytest.mark.browser

#: One cell per explorer, and whether it shows a map (toolbar above it) or a chart (no toolbar).
CELLS = [
    ("%matplotlib widget\nfrom hexrules.widgets import crush, movement\nfrom hexrules.widgets.edit import BoardEditor",
     None),
    ("BoardEditor(columns=12, rows=10)", "map"),
    ('movement.EXPLORERS["compare_water"]()', "map"),
    ('crush.EXPLORERS["damage"]()', "chart"),
    ('crush.EXPLORERS["vehicle"]()', "chart"),
]

_MEASURE_JS = """
(box) => {
  const rect = (e) => { const r = e.getBoundingClientRect();
                        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const bar = box.querySelector('.jupyter-matplotlib-toolbar');
  const canvas = box.querySelector('.jupyter-matplotlib-canvas-div canvas');
  const style = bar ? getComputedStyle(bar) : null;
  return {bar: bar ? rect(bar) : null, canvas: rect(canvas),
          column: rect(box.closest('.jp-OutputArea-output')),
          shown: !!style && style.visibility === 'visible' && parseFloat(style.opacity) > 0.99};
}
"""


def _notebook() -> str:
    cells = [{"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}
             for src, _ in CELLS]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


def _overlap(a: dict, b: dict) -> float:
    """The area (CSS px squared) two rectangles share."""
    w = min(a["right"], b["right"]) - max(a["left"], b["left"])
    h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return w * h if w > 0 and h > 0 else 0.0


def _hover(page, explorer) -> dict:
    """Put the pointer on the figure's top left corner (the editor's A1, a chart's y label), wait
    for the toolbar's fade (0.5 s), and measure."""
    fig = bk.wait_figure(explorer, 60_000)
    box = fig.bounding_box()
    page.mouse.move(box["x"] + box["width"] - 5, box["y"] + box["height"] - 5)  # enter the figure first
    page.mouse.move(box["x"] + 25, box["y"] + 40)
    time.sleep(0.9)
    return explorer.evaluate(_MEASURE_JS)


def _check_map(name: str, shown: dict) -> list[str]:
    problems = []
    if shown["bar"] is None or not shown["shown"]:
        problems.append(f"{name}: no toolbar shown over the map ({shown})")
    else:
        if _overlap(shown["bar"], shown["canvas"]) > 0:
            problems.append(f"{name}: the toolbar {shown['bar']} covers the figure {shown['canvas']}")
        if shown["bar"]["right"] > shown["column"]["right"] + 0.5 or shown["bar"]["left"] < shown["column"]["left"]:
            problems.append(f"{name}: the toolbar {shown['bar']} leaves the column {shown['column']}")
    return problems


def test_the_toolbar_sits_above_a_map_and_is_hidden_on_a_chart(lab, notebook_copy, browser_page, artifacts_dir):
    page = browser_page.page
    page.set_viewport_size({"width": 1400, "height": 900})
    probe = notebook_copy / "toolbar_probe.ipynb"
    probe.write_text(_notebook())
    try:
        bk.open_notebook(page, lab, "notebooks/toolbar_probe.ipynb")
        bk.run_all(page)
        bk.wait_run_complete(page, len(CELLS))
        explorers = page.locator(".hexrules-explorer")
        kinds = [kind for _, kind in CELLS if kind is not None]
        assert explorers.count() == len(kinds)
        problems = []
        for i, (kind, (src, _)) in enumerate(zip(kinds, CELLS[1:])):
            shown = _hover(page, explorers.nth(i))
            page.screenshot(path=str(artifacts_dir / f"toolbar-{i}.png"))
            print(f"{src}: toolbar {shown['bar']}, shown {shown['shown']}; figure {shown['canvas']}")
            if kind == "map":
                problems += _check_map(src, shown)
            elif shown["shown"]:
                problems.append(f"{src}: a toolbar is shown over the chart ({shown})")
        # the editor with one row more: the map grows to hold it at the same hex size, the toolbar stays off it
        editor = explorers.nth(0)

        def height() -> float:
            c = editor.evaluate(_MEASURE_JS)["canvas"]
            return c["bottom"] - c["top"]

        before = height()
        editor.locator("button", has_text="Add row / column").click()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and height() < before + 20:  # a row is 1.5 hex radii: about 45 px
            time.sleep(0.2)
        after = _hover(page, editor)
        page.screenshot(path=str(artifacts_dir / "toolbar-editor-grown.png"))
        print(f"editor grown: figure {before:.0f} px high -> {after['canvas']}")
        assert after["canvas"]["bottom"] - after["canvas"]["top"] >= before + 20
        problems += _check_map("the editor with a row more", after)
        assert problems == []
        browser_page.assert_no_errors("the toolbar probe")
    finally:
        lab.shutdown_kernels()
        probe.unlink(missing_ok=True)
