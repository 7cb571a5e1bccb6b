"""Fixtures of the browser suite: one real JupyterLab and one app-mode server per test
session, headless Chromium.

The lab is started exactly as ``make lab`` starts it (tools/lab.py, so the same options, save
hook and private Jupyter folders), on a working copy made from notebooks/ in a temporary
folder instead of my-lessons/; the app server is tools/appserver.py (``make app``'s) on a
temporary copy of the lessons and docs. Both bind to 127.0.0.1 on a free port with a random
token passed by environment, and run in their own process group, which is ended (SIGTERM,
then SIGKILL) at the end of the session, also when tests fail. The browser is Debian's
Chromium driven by Playwright through executable_path; if it cannot start, the tests fail
(never skip).

Everything the suite drives lives in tools/browserkit.py (shared with tools/app.py and
benchmarks/bench_latency.py). Screenshots go to artifacts/browser/ (git-ignored).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))

import browserkit as bk  # noqa: E402



def pytest_collection_modifyitems(config, items):
    """Everything under tests/browser/ is a browser test (deselect with -m "not browser"). Under
    pytest-xdist each worker that runs one starts its own lab, app server and Chromium (free ports,
    temporary folders), so the browser tests spread over the workers like the others: on one worker
    alone they would take longer than the rest of the suite on the other."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def _git_status() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=REPO,
                          capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="session", autouse=True)
def repo_unchanged():
    """``git status`` is the same after the browser suite as before it (issue 9, "Done when"):
    running and editing every lesson in the browser changes no tracked file of the repository and
    leaves no untracked one (the lab works on a copy; screenshots go to the git-ignored
    artifacts/). Compared with the status at the start, so a developer's own uncommitted work
    does not fail it; a difference fails the session's last test at teardown."""
    before = _git_status()
    yield
    after = _git_status()
    assert after == before, (
        "the browser suite changed the repository (git status --porcelain):\n"
        f"before:\n{before or '(clean)'}\nafter:\n{after or '(clean)'}")


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """artifacts/browser/, emptied of the previous run's screenshots (by the first pytest-xdist
    worker only, or the one process: another worker's screenshots of this run stay)."""
    import os

    bk.ARTIFACTS.mkdir(parents=True, exist_ok=True)
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0":
        for old in bk.ARTIFACTS.glob("*.png"):
            old.unlink(missing_ok=True)
    return bk.ARTIFACTS


@pytest.fixture(scope="session")
def lab_home(tmp_path_factory) -> Path:
    """The lab's working-copy folder (what my-lessons/ is for make lab)."""
    return tmp_path_factory.mktemp("hexrules-lab") / "my-lessons"


@pytest.fixture(scope="session")
def lab(lab_home, tmp_path_factory):
    """One JupyterLab for the whole session, as make lab starts it; stopped (with its
    kernels) at the end."""
    server = bk.start_kit_lab(lab_home, tmp_path_factory.mktemp("hexrules-jupyter"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def notebook_copy(lab, lab_home) -> Path:
    """The lab's copies of the lessons (made by tools/lab.py when the lab started)."""
    return lab_home / "notebooks"


@pytest.fixture(scope="session")
def app_server(tmp_path_factory):
    """One app-mode server (Voila on a copy of the lessons and docs) for the session."""
    import app  # tools/app.py

    root = tmp_path_factory.mktemp("hexrules-app") / "root"
    app.build_tree(root, lessons=bk.NOTEBOOKS_DIR)
    server = bk.start_voila(root, tmp_path_factory.mktemp("hexrules-voila"), show_tracebacks=True)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium():
    """Headless Debian Chromium through Playwright; a failure to start fails the tests."""
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = bk.launch_chromium(pw)
    except BaseException:
        pw.stop()
        raise
    try:
        yield browser
    finally:
        try:
            browser.close()
        finally:
            pw.stop()


class BrowserPage:
    """A fresh browser page, the kernel errors seen on its websockets, and the widget front
    end's errors logged to its console."""

    def __init__(self, page, kernel_errors: list[str], front_end_errors: list[str]):
        self.page = page
        self.kernel_errors = kernel_errors
        self.front_end_errors = front_end_errors

    def assert_no_errors(self, what: str) -> None:
        """Fail, naming ``what`` (e.g. the notebook and the moment), if the kernel reported an
        error or the widget front end logged one."""
        assert not self.kernel_errors, f"{what}: the kernel reported errors: {self.kernel_errors}"
        assert not self.front_end_errors, (
            f"{what}: the widget front end logged errors: {self.front_end_errors}")


@pytest.fixture
def browser_page(chromium):
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors = bk.kernel_message_watcher(page)
    front_end = bk.front_end_error_watcher(page)
    try:
        yield BrowserPage(page, errors, front_end)
    finally:
        context.close()
