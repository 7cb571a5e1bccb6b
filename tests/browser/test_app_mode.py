"""App mode: notebooks served standalone by Voila (as tools/app.py / ``make app`` does), checked
in headless Chromium the same way as in JupyterLab: the page renders the explorers, no error
shows, a control changes the figure. Screenshots: artifacts/browser/app-<nb>-after.png.
"""
from __future__ import annotations

import time

import pytest

import browserkit as bk

pytestmark = pytest.mark.browser

# The notebook `make app` serves by default, plus one of the damage lessons.
PREFERRED = ["02_elevation_and_movement_cost.ipynb", "08_crush.ipynb"]
APP_NOTEBOOKS = [nb for nb in PREFERRED if nb in bk.repo_notebooks()] or bk.repo_notebooks()[:1]


def test_there_is_a_notebook_for_app_mode():
    assert APP_NOTEBOOKS, "no notebooks/*.ipynb to serve in app mode"


@pytest.fixture
def voila_server(request, notebook_copy, tmp_path):
    server = bk.start_voila(notebook_copy / request.param, tmp_path / "jupyter",
                            show_tracebacks=True)
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("voila_server", APP_NOTEBOOKS, indirect=True)
def test_notebook_as_a_voila_app(voila_server, browser_page, artifacts_dir, request):
    page = browser_page.page
    nb = request.node.callspec.params["voila_server"]
    name = "app-" + bk.safe_name(nb)
    try:
        page.goto(voila_server.url("/"), timeout=180_000)
        explorers = page.locator(".hexrules-explorer")
        explorers.first.wait_for(timeout=180_000)
        # Voila streams the cells; wait until the last cell's outputs are in the page.
        page.wait_for_load_state("load", timeout=180_000)
        time.sleep(1.0)
        problems = bk.page_problems(page)
        assert not problems, f"{nb}: the app page shows errors:\n\n" + "\n\n".join(problems)
        n = explorers.count()
        for i in range(n):
            results = bk.exercise_explorer(page, explorers.nth(i))
            assert any(changed for _, changed in results), (
                f"{nb}: explorer {i}: no control changed the figure in app mode: {results}")
        time.sleep(0.5)
        browser_page.assert_no_errors(f"{nb} in app mode, after operating its controls")
        problems = bk.page_problems(page)
        assert not problems, f"{nb}: after interaction the page shows errors:\n\n" + \
            "\n\n".join(problems)
        print(f"app {nb}: {n} explorer(s) work")
    finally:
        if page.locator(".hexrules-explorer").count():
            page.locator(".hexrules-explorer").first.scroll_into_view_if_needed(timeout=5000)
        page.screenshot(path=str(artifacts_dir / f"{name}-after.png"), full_page=True)
