"""Every notebook, run in a real JupyterLab in headless Chromium, then closed and reopened.

The lab is the one ``make lab`` starts (tools/lab.py), serving its working copy of the lessons.
For each notebooks/*.ipynb, in one visit (issue 32 part 2: the reopen check used to run every
lesson a second time, ~45 s a lesson):

1. open its copy, Run All, wait for the kernel to go idle, check that no output holds an error
   (or "Error displaying widget"), then in every explorer box (CSS class ``hexrules-explorer``)
   operate controls the way a user does (a slider by keyboard, a dropdown selection, a button
   click) and check that the figure's pixels changed. Kernel errors raised by widget callbacks
   (which JupyterLab sends to its log console, not to cell outputs) are caught on the page's
   websockets;
2. the learner writes an answer into the last code cell and saves: the saved copy holds the
   answer and no outputs, execution counts or widget state (issue 9 part 3);
3. close it (a fresh page and no kernel, as after the lab was stopped and started again) and
   reopen it: no "Error displaying widget" / "model not found", no stale outputs, the answer
   kept; notebooks/ of the repository untouched; JupyterLab's workspace in the working copy's
   private folder.

Screenshots: artifacts/browser/<nb>-after.png, <nb>-explorer-<i>.png and reopen-<nb>.png.
"""
from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest

import browserkit as bk
import lessons

pytestmark = pytest.mark.browser

NOTEBOOKS = bk.repo_notebooks()
ANSWER = "# my answer: 4 movement points"


def test_the_suite_has_notebooks_to_check():
    """An empty notebooks/ must not pass silently (an empty parametrization would skip)."""
    assert NOTEBOOKS, "no notebooks/*.ipynb found: the browser suite has nothing to check"


def test_the_suite_runs_and_reopens_every_lesson():
    assert len(NOTEBOOKS) >= 11, NOTEBOOKS  # 00 to 10; an empty parametrize would pass silently


@pytest.mark.parametrize("nb", NOTEBOOKS)
def test_notebook_runs_its_widgets_work_and_it_reopens_clean_with_the_learners_answer(
        nb, lab, lab_home, notebook_copy, browser_page, artifacts_dir):
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
            # only the first explorer may meet a kernel still busy with the Run All
            results = bk.exercise_explorer(page, box, **({} if i == 0 else {"first_timeout_ms": bk.CAUGHT_UP_MS}))
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
        if page.locator(".hexrules-explorer").count():
            page.locator(".hexrules-explorer").first.scroll_into_view_if_needed(timeout=5000)
        page.screenshot(path=str(artifacts_dir / f"{name}-after.png"))
        _answer_save_close_and_reopen(nb, lab, lab_home, notebook_copy / nb, browser_page, artifacts_dir)
    finally:
        try:
            page.screenshot(path=str(artifacts_dir / f"{name}-last.png"))
        finally:
            lab.shutdown_kernels()
            lessons.WorkingCopy(lab_home, bk.NOTEBOOKS_DIR).reset(nb)  # for the other tests


def _answer_save_close_and_reopen(nb, lab, lab_home, copy: Path, browser_page, artifacts_dir) -> None:
    """Steps 2 and 3 of the module's docstring, on the lesson the page shows after its Run All."""
    page = browser_page.page
    # The learner types an answer at the end of the last code cell, then saves (Ctrl+S).
    editor = page.locator(".jp-Notebook .jp-CodeCell .cm-content").last
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\n" + ANSWER)
    page.keyboard.press("Control+s")
    deadline = time.monotonic() + 30
    while ANSWER not in copy.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, f"{nb}: the save never reached the working copy"
        time.sleep(0.2)
    saved = json.loads(copy.read_text(encoding="utf-8"))
    code = [c for c in saved["cells"] if c["cell_type"] == "code"]
    assert all(not c["outputs"] and c["execution_count"] is None for c in code), (
        f"{nb}: the saved lesson holds outputs or execution counts")
    assert "widgets" not in saved["metadata"], f"{nb}: the saved lesson holds widget state"

    # Close: a fresh page and no kernel, as after the lab was stopped and started again.
    page.goto("about:blank")
    lab.shutdown_kernels()
    bk.open_notebook(page, lab, f"notebooks/{nb}")
    time.sleep(2.0)  # let any widget view try (and fail) to find its model
    body = page.locator("body").inner_text()
    for marker in ("Error displaying widget", "model not found", "Model not found"):
        assert marker not in body, f"{nb}: the reopened lesson shows {marker!r}"
    assert page.locator(".jp-Notebook .jp-OutputArea-output").count() == 0, (
        f"{nb}: the reopened lesson shows outputs of the previous run")
    assert ANSWER in page.locator(".jp-Notebook").inner_text(), f"{nb}: the learner's answer is lost"
    browser_page.assert_no_errors(f"{nb} reopened")
    page.screenshot(path=str(artifacts_dir / f"reopen-{Path(nb).stem}.png"))

    # The repository's lessons untouched; the workspace inside the working copy.
    status = subprocess.run(["git", "status", "--porcelain", "notebooks"], cwd=bk.REPO,
                            capture_output=True, text=True, check=True).stdout
    assert status == "", f"the repository's notebooks/ changed:\n{status}"
    workspaces = lab_home / ".jupyter" / "workspaces"
    deadline = time.monotonic() + 15
    while not any(workspaces.glob("*.jupyterlab-workspace")):
        assert time.monotonic() < deadline, f"JupyterLab saved no workspace in {workspaces}"
        time.sleep(0.3)
