"""Sliders whose range the kernel changes, operated by keyboard in JupyterLab (issue 9 part 6).

ipywidgets 8.1's slider view follows a new ``max`` with noUiSlider's ``updateOptions``, which
leaves keyboard Home / End on the range the slider was created with: in lesson 08, after Cover
or Route changed the number of Crush steps, End stopped at 12 of 14, 16 or 25 steps. These tests
change the range the way a learner does (a Cover slider by keyboard, the Route dropdown, the
Push N slider) and check that End reaches the last step and Home the first, as the readout shows.
Expected step counts are worked from RULES.md C2 (see tests/test_widgets_crush.py): traverse,
collapse, affected, then per affected unit one step per die (the pre-reduction Cover) and one
for its damage, then done.
"""
from __future__ import annotations

import re
import time

import pytest

import browserkit as bk

pytestmark = pytest.mark.browser


def _slider(explorer, label: str):
    """The slider of ``explorer`` whose description is ``label``."""
    page = explorer.page
    return explorer.locator(".widget-slider", has=page.locator(".widget-label", has_text=re.compile(f"^{label}$")))


def _readout(slider) -> str:
    return slider.locator(".widget-readout").inner_text().strip()


def _settle(page) -> None:
    """Let the kernel handle the change and the front end show its answer."""
    time.sleep(0.3)
    bk.wait_kernel_idle(page)
    time.sleep(0.7)


def _press(page, slider, key: str) -> str:
    handle = slider.locator(".noUi-handle")
    handle.scroll_into_view_if_needed()
    handle.focus()
    handle.press(key)
    _settle(page)
    return _readout(slider)


def _open(page, lab, notebook_copy, nb: str):
    bk.open_notebook(page, lab, f"notebooks/{nb}")
    bk.run_all(page)
    bk.wait_run_complete(page, bk.code_cells_to_run(notebook_copy / nb))
    return page.locator(".hexrules-explorer").first


def test_crush_step_slider_reaches_its_last_step_after_cover_and_route_change(lab, notebook_copy, browser_page,
                                                                              artifacts_dir):
    page = browser_page.page
    try:
        collapse = _open(page, lab, notebook_copy, "08_crush.ipynb")
        bk.wait_figure(collapse, 60_000)
        step, cover = _slider(collapse, "Step"), _slider(collapse, "Cover")
        assert _press(page, step, "Home") == "1"
        assert _press(page, step, "End") == "12"  # Cover 3, across: 2 + 1 + 2 * (3 + 1) + 1
        assert _press(page, cover, "ArrowRight") == "4"
        assert _press(page, step, "Home") == "1"
        assert _press(page, step, "End") == "14", "End stopped before the last step (2 + 1 + 2 * 5 + 1)"
        route = collapse.locator(".widget-dropdown", has=page.locator(".widget-label", has_text="Route")).locator(
            "select")
        route.select_option(index=1)  # stop on the piece: Grinder is affected too
        _settle(page)
        assert _readout(step) == "19", "the slider at the end did not stay at the end (2 + 1 + 3 * 5 + 1)"
        assert _press(page, step, "Home") == "1"
        assert _press(page, step, "End") == "19"
        browser_page.assert_no_errors("08_crush.ipynb, Step slider by keyboard")
    finally:
        page.screenshot(path=str(artifacts_dir / "sliders-08_crush.png"))
        lab.shutdown_kernels()


def test_push_step_slider_reaches_its_last_step_after_n_changes(lab, notebook_copy, browser_page, artifacts_dir):
    # lesson 06's first explorer: Push 2 on the Gundam; with N = 3 its first full-distance branch
    # has 3 steps (P1), one more than any branch the slider was created for
    page = browser_page.page
    try:
        forced = _open(page, lab, notebook_copy, "06_push.ipynb")
        bk.wait_figure(forced, 60_000)
        step, n = _slider(forced, "Step"), _slider(forced, "Push N")
        assert _press(page, n, "ArrowRight") == "3"
        assert _readout(step) == "3"  # a new N shows the first full-distance branch to its end
        assert _press(page, step, "Home") == "0"
        assert _press(page, step, "End") == "3", "End stopped at the range the slider was created with"
        browser_page.assert_no_errors("06_push.ipynb, Step slider by keyboard")
    finally:
        page.screenshot(path=str(artifacts_dir / "sliders-06_push.png"))
        lab.shutdown_kernels()
