"""Every lesson reopens cleanly and the repository's lessons stay clean (issue 9, part 3 and
"Done when": close and reopen for every lesson).

Through the lab ``make lab`` starts (tools/lab.py on its working copy; one lab for the session),
for each notebook of notebooks/: open it, Run All,
write an answer into a cell, save, close it (its kernel shut down, as when the lab is stopped),
reopen it: no "Error displaying widget" / "model not found", no stale outputs, the answer
kept; the saved copy holds no outputs; notebooks/ of the repository is untouched and
JupyterLab's workspace went into the working copy's private folder.
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


def saved_copy(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_suite_reopens_every_lesson():
    assert len(NOTEBOOKS) >= 11, NOTEBOOKS  # 00 to 10; an empty parametrize would pass silently


@pytest.mark.parametrize("lesson", NOTEBOOKS)
def test_a_lesson_reopened_after_a_run_is_clean_and_keeps_the_learners_answer(
        lesson, lab, lab_home, notebook_copy, browser_page, artifacts_dir):
    page = browser_page.page
    copy = notebook_copy / lesson
    rel = f"notebooks/{lesson}"
    try:
        bk.open_notebook(page, lab, rel)
        bk.run_all(page)
        bk.wait_run_complete(page, bk.code_cells_to_run(copy))
        assert page.locator(".hexrules-explorer").count() >= 1, "no explorer after Run All"

        # The learner types an answer at the end of the last code cell, then saves (Ctrl+S).
        editor = page.locator(".jp-Notebook .jp-CodeCell .cm-content").last
        editor.click()
        page.keyboard.press("Control+End")
        page.keyboard.type("\n" + ANSWER)
        page.keyboard.press("Control+s")
        deadline = time.monotonic() + 30
        while ANSWER not in copy.read_text(encoding="utf-8"):
            assert time.monotonic() < deadline, "the save never reached the working copy"
            time.sleep(0.2)
        nb = saved_copy(copy)
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert all(not c["outputs"] and c["execution_count"] is None for c in code), (
            "the saved lesson holds outputs or execution counts")
        assert "widgets" not in nb["metadata"], "the saved lesson holds widget state"

        # Close: a fresh page and no kernel, as after the lab was stopped and started again.
        page.goto("about:blank")
        lab.shutdown_kernels()
        bk.open_notebook(page, lab, rel)
        time.sleep(2.0)  # let any widget view try (and fail) to find its model
        body = page.locator("body").inner_text()
        for marker in ("Error displaying widget", "model not found", "Model not found"):
            assert marker not in body, f"the reopened lesson shows {marker!r}"
        assert page.locator(".jp-Notebook .jp-OutputArea-output").count() == 0, (
            "the reopened lesson shows outputs of the previous run")
        assert ANSWER in page.locator(".jp-Notebook").inner_text(), "the learner's answer is lost"
        browser_page.assert_no_errors(f"{lesson} reopened")

        # The repository's lessons untouched; the workspace inside the working copy.
        status = subprocess.run(["git", "status", "--porcelain", "notebooks"], cwd=bk.REPO,
                                capture_output=True, text=True, check=True).stdout
        assert status == "", f"the repository's notebooks/ changed:\n{status}"
        workspaces = lab_home / ".jupyter" / "workspaces"
        deadline = time.monotonic() + 15
        while not any(workspaces.glob("*.jupyterlab-workspace")):
            assert time.monotonic() < deadline, f"JupyterLab saved no workspace in {workspaces}"
            time.sleep(0.3)
    finally:
        page.screenshot(path=str(artifacts_dir / f"reopen-{Path(lesson).stem}.png"))
        lab.shutdown_kernels()
        lessons.WorkingCopy(lab_home, bk.NOTEBOOKS_DIR).reset(lesson)  # for the other tests
