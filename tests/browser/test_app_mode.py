"""App mode: every lesson served standalone by Voila, as ``make app`` serves them
(tools/appserver.py on a copy of the lessons and docs), checked in headless Chromium: the page
renders its explorers with no error, a control of each explorer changes its figure, and the
page's links open (docs pages render, other lessons are served). Screenshots:
artifacts/browser/app-<nb>-after.png.
"""
from __future__ import annotations

import re
import time
import urllib.parse

import pytest

import browserkit as bk

pytestmark = pytest.mark.browser

NOTEBOOKS = bk.repo_notebooks()


def test_there_are_lessons_for_app_mode():
    assert NOTEBOOKS, "no notebooks/*.ipynb to serve in app mode"


def open_app(page, server, nb: str) -> None:
    page.goto(server.app_url(f"notebooks/{nb}"), timeout=180_000)
    page.locator(".hexrules-explorer").first.wait_for(timeout=180_000)
    # Voila streams the cells; wait until the last cell's outputs are in the page.
    page.wait_for_load_state("load", timeout=180_000)
    # Then the page renders the widgets and every explorer's figure asks the kernel for its first
    # frame: a control changed before the kernel has drawn them all waits behind them (lesson 09
    # has a dozen explorers: more than the 12 s the first control change is given, on a loaded CI
    # machine; seen as "no control changed the figure" for its first explorer). Wait until every
    # figure shows a picture, so the kernel is idle when the controls are operated.
    explorers = page.locator(".hexrules-explorer")
    for i in range(explorers.count()):
        bk.wait_figure(explorers.nth(i), 180_000)
    time.sleep(1.0)


def close_app(page) -> None:
    """Leave the page the way a visitor does: Voila's beforeunload handler shuts the kernel."""
    try:
        page.goto("about:blank", timeout=10_000)
    except Exception:  # noqa: BLE001 - a page already gone needs no closing
        pass


def links_of(page) -> list[str]:
    """Absolute URLs of the links in the lesson's text (markdown cells)."""
    return page.eval_on_selector_all(
        ".jp-RenderedMarkdown a[href], .jp-MarkdownOutput a[href]",
        "els => els.map(a => a.href)")


def check_links(page, server, nb: str) -> list[str]:
    """Every link to the kit's docs answers a rendered page; every link to another lesson
    names a lesson this server serves (following it would run that lesson: one test does)."""
    problems = []
    base = server.base_url
    for href in links_of(page):
        if not href.startswith(base):
            continue  # an outside link or an in-page anchor is not the kit's to serve
        path = urllib.parse.urlsplit(href).path
        if path.startswith("/voila/render/docs"):
            r = page.request.get(href)
            if r.status != 200 or "hexrules-doc" not in r.text():
                problems.append(f"{href}: {r.status}")
        elif m := re.fullmatch(r"/voila/render/notebooks/([^/]+\.ipynb)", path):
            name = urllib.parse.unquote(m.group(1))
            if name not in NOTEBOOKS:
                problems.append(f"{href}: no such lesson")
        else:
            problems.append(f"{href}: a link to something app mode does not serve")
    return problems


@pytest.mark.parametrize("nb", NOTEBOOKS)
def test_lesson_as_an_app(nb, app_server, browser_page, artifacts_dir):
    page = browser_page.page
    name = "app-" + bk.safe_name(nb)
    try:
        open_app(page, app_server, nb)
        problems = bk.page_problems(page)
        assert not problems, f"{nb}: the app page shows errors:\n\n" + "\n\n".join(problems)
        explorers = page.locator(".hexrules-explorer")
        n = explorers.count()
        for i in range(n):
            # only the first explorer may meet a kernel still busy with the page's cells
            results = bk.exercise_explorer(page, explorers.nth(i), enough_kinds=1,
                                           **({} if i == 0 else {"first_timeout_ms": bk.CAUGHT_UP_MS}))
            assert any(changed for _, changed in results), (
                f"{nb}: explorer {i}: no control changed the figure in app mode: {results}")
        time.sleep(0.5)
        browser_page.assert_no_errors(f"{nb} in app mode, after operating its controls")
        problems = bk.page_problems(page)
        assert not problems, f"{nb}: after interaction the page shows errors:\n\n" + \
            "\n\n".join(problems)
        bad_links = check_links(page, app_server, nb)
        assert not bad_links, f"{nb}: links that do not open in app mode: {bad_links}"
        print(f"app {nb}: {n} explorer(s) work, {len(links_of(page))} links open")
    finally:
        if page.locator(".hexrules-explorer").count():
            page.locator(".hexrules-explorer").first.scroll_into_view_if_needed(timeout=5000)
        page.screenshot(path=str(artifacts_dir / f"{name}-after.png"), full_page=True)
        close_app(page)


def test_links_from_an_app_open_the_rules_and_other_lessons(app_server, browser_page):
    """Click through as a visitor: the welcome lesson's link to the rulings shows them, and
    its link to a lesson opens that lesson as an app, with its explorers."""
    page = browser_page.page
    start = "00_welcome.ipynb" if "00_welcome.ipynb" in NOTEBOOKS else NOTEBOOKS[0]
    page.goto(app_server.app_url(f"notebooks/{start}"), timeout=180_000)
    page.wait_for_load_state("load", timeout=180_000)
    rules = page.locator("a[href$='docs/RULES.md']").first
    rules.click()
    page.wait_for_load_state("load")
    assert page.url.endswith("/voila/render/docs/RULES.md")
    assert page.locator("h1").first.inner_text().strip() != ""
    assert "M1" in page.locator("body").inner_text(), "the rulings page does not show the rulings"
    page.go_back()
    page.wait_for_load_state("load", timeout=180_000)
    other = page.locator(".jp-RenderedMarkdown a[href$='.ipynb']").first
    target = other.get_attribute("href")
    with page.expect_navigation(timeout=180_000):  # else the explorer found may be this page's own
        other.click()
    page.locator(".hexrules-explorer").first.wait_for(timeout=180_000)
    assert page.url.split("?")[0].endswith("/voila/render/notebooks/" + target)
    assert not bk.page_problems(page)
    close_app(page)
