"""Every notebook, run in a real JupyterLab in headless Chromium.

The lab is the one ``make lab`` starts (tools/lab.py), serving its working copy of the lessons.
For each notebooks/*.ipynb: open its copy, Run All, wait for the kernel to go idle, check that no
output holds an error (or "Error displaying widget"), then in every explorer box
(CSS class ``hexrules-explorer``) operate controls the way a user does (a slider by keyboard, a
dropdown selection, a button click) and check that the figure's pixels changed. Kernel errors
raised by widget callbacks (which JupyterLab sends to its log console, not to cell outputs)
are caught on the page's websockets. Screenshots: artifacts/browser/<nb>-after.png and
<nb>-explorer-<i>.png.
"""
from __future__ import annotations

import time

import pytest

import browserkit as bk

pytestmark = pytest.mark.browser

NOTEBOOKS = bk.repo_notebooks()


def test_the_suite_has_notebooks_to_check():
    """An empty notebooks/ must not pass silently (an empty parametrization would skip)."""
    assert NOTEBOOKS, "no notebooks/*.ipynb found: the browser suite has nothing to check"


@pytest.mark.parametrize("nb", NOTEBOOKS)
def test_notebook_runs_and_its_widgets_work_in_jupyterlab(nb, lab, notebook_copy, browser_page,
                                                           artifacts_dir):
    page = browser_page.page
    name = bk.safe_name(nb)
    try:
        bk.open_notebook(page, lab, f"notebooks/{nb}")
        bk.run_all(page)
        expected = bk.code_cells_to_run(notebook_copy / nb)
        state = bk.wait_run_complete(page, expected)

        problems = bk.output_problems(page)
        assert not problems, f"{nb}: outputs hold errors:\n\n" + "\n\n".join(problems)
        browser_page.assert_no_errors(f"{nb}, after Run All")
        assert state["numbered"] >= expected, f"{nb}: not every code cell ran: {state}"

        explorers = page.locator(".hexrules-explorer")
        n = explorers.count()
        assert n >= 1, f"{nb}: no explorer box (.hexrules-explorer) was rendered"
        report = []
        for i in range(n):
            box = explorers.nth(i)
            results = bk.exercise_explorer(page, box)
            box.screenshot(path=str(artifacts_dir / f"{name}-explorer-{i}.png"))
            report.append(results)
            assert results, f"{nb}: explorer {i} has no control the suite can operate"
            assert any(changed for _, changed in results), (
                f"{nb}: explorer {i}: no control changed the figure: {results}")
        time.sleep(0.5)  # let late callback errors arrive
        browser_page.assert_no_errors(f"{nb}, after operating its controls")
        problems = bk.output_problems(page)
        assert not problems, f"{nb}: after interaction, outputs hold errors:\n\n" + \
            "\n\n".join(problems)
        print(f"{nb}: {n} explorer(s): {report}")
    finally:
        try:
            if page.locator(".hexrules-explorer").count():
                page.locator(".hexrules-explorer").first.scroll_into_view_if_needed(timeout=5000)
            page.screenshot(path=str(artifacts_dir / f"{name}-after.png"))
        finally:
            lab.shutdown_kernels()
