"""Every lesson's exercise answered through its widget, in the browser (issue 9 parts 2 and 4).

Each lesson is served as a Voila app (as ``make app`` does, through tools/browserkit.py), where
no cell can be edited: the exercise must work through its widget. In the page, a wrong answer
goes first: a hint appears, not the answer (no ``hexrules-answer`` block, the answer's words
nowhere in the feedback), and a "Show answer" button; then the right answer: the verdict says
so. The same is done in JupyterLab for one lesson, after Run All. Screenshots:
artifacts/browser/exercise-<where>-<nb>.png.

The answers are worked by hand from RULES.md: 00 C3 -> C2 costs 1 + 2 climb = 3 (M1); 01 A1
(0,0) to F5 (3,4) is 7 hexes; 02 C3 -> D3 -> E3 costs 2 + 1 = 3 (M1); 03 Dash 2 - 1 Engaged = 1
(E2); 04 the orange path under jump_climb="relative_when_above_start" costs 1 + (1 + 2) = 4
(J1); 05 Advance 3 - 1 starting in water = 2 (T1); 06 Push 1 ends on C3, C2 or C4 (D3 holds the
GM: a collision, P1-P3); 07 Pull 2 ends on D3, C2 or C3 (L1, L3); 08 P(>= 2 of 3 dice at p =
1/2) = 4/8 = 1/2 (C3, C5); 09 the Garrison's "move 3 hexes" begun Engaged: 3 - 1 = 2 (M5, E2);
10 one reading changes the three-hex board: allies_pass_through=False (M3).
"""
from __future__ import annotations

import re

import pytest

import browserkit as bk

pytestmark = pytest.mark.browser

#: lesson -> (a wrong answer, the right answer, words of the answer that the hint must not show)
ANSWERS = {
    "00_welcome.ipynb": ("2", "3", "3 movement points"),
    "01_hex_board_and_graph.ipynb": ("6", "7", "7 hexes"),
    "02_elevation_and_movement_cost.ipynb": ("4", "3", "3 movement points"),
    "03_engagement.ipynb": ("2", "1", "1 movement point"),
    "04_jumping.ipynb": ("3", "4", "4 movement points"),
    "05_speed_dash_and_terrain.ipynb": ("3", "2", "2 movement points"),
    "06_push.ipynb": ("C3, C2", "C3, C2, C4", "C4"),
    "07_pull.ipynb": ("C2 C3", "D3 C2 C3", "D3"),
    "08_crush.ipynb": ("3/8", "1/2", "exactly 1/2"),
    "09_questions_players_ask.ipynb": ("3", "2", "2 movement points"),
    "10_designers_workbench.ipynb": ("2", "1", "allies_pass_through"),
}
LAB_LESSON = "06_push.ipynb"

EXERCISE = ".hexrules-exercise"


def test_every_lesson_has_its_answers_here():
    assert sorted(ANSWERS) == bk.repo_notebooks()


def answer(page, box, text: str) -> None:
    """Type ``text`` in the exercise's box and press Check, as a learner does."""
    field = box.locator("input[type=text]").first
    field.scroll_into_view_if_needed()
    field.fill(text)
    field.press("Tab")  # the value reaches the kernel before the click
    box.locator("button", has_text=re.compile(r"^\s*Check\s*$")).first.click()


def feedback(box):
    return box.locator(".hexrules-verdict").first


def wrong_then_right(page, box, nb: str) -> None:
    """A wrong answer: a hint, not the answer; then the right one: "Right"."""
    wrong, right, words = ANSWERS[nb]
    answer(page, box, wrong)
    box.locator(".hexrules-verdict[data-grade='wrong']").wait_for(timeout=120_000)
    box.locator(".hexrules-hint").wait_for(timeout=10_000)
    text = box.inner_text()
    assert "Not quite" in text and "Hint:" in text, f"{nb}: {text}"
    assert box.locator(".hexrules-answer").count() == 0, f"{nb}: the first wrong answer shows the answer: {text}"
    hint = box.locator(".hexrules-hint").inner_text() + feedback(box).inner_text()
    assert words not in hint, f"{nb}: the hint gives the answer away ({words!r}): {hint}"
    assert box.locator("button", has_text="Show answer").is_visible(), f"{nb}: no Show answer after a wrong answer"
    answer(page, box, right)
    box.locator(".hexrules-verdict[data-grade='right']").wait_for(timeout=120_000)
    assert feedback(box).inner_text().startswith("Right"), f"{nb}: {box.inner_text()}"
    show = box.locator("button", has_text="Show answer")  # answered: nothing left to show
    show.first.wait_for(state="hidden", timeout=10_000)
    assert not show.first.is_visible(), f"{nb}: Show answer still shown after the right answer"


@pytest.mark.parametrize("nb", sorted(ANSWERS))
def test_the_exercise_works_in_app_mode(nb, app_server, browser_page, artifacts_dir):
    page = browser_page.page
    try:
        page.goto(app_server.app_url(f"notebooks/{nb}"), timeout=180_000)
        box = page.locator(EXERCISE)
        box.first.wait_for(timeout=180_000)
        page.wait_for_load_state("load", timeout=180_000)
        assert box.count() == 1, f"{nb}: {box.count()} exercises in the app"
        wrong_then_right(page, box.first, nb)
        browser_page.assert_no_errors(f"{nb} in app mode, after answering its exercise")
        problems = bk.page_problems(page)
        assert not problems, f"{nb}: the app page shows errors:\n\n" + "\n\n".join(problems)
    finally:
        if page.locator(EXERCISE).count():
            page.locator(EXERCISE).first.scroll_into_view_if_needed(timeout=5000)
        page.screenshot(path=str(artifacts_dir / f"exercise-app-{bk.safe_name(nb)}.png"))
        try:  # leave the page as a visitor does: Voila's beforeunload handler shuts the kernel
            page.goto("about:blank", timeout=10_000)
        except Exception:  # noqa: BLE001 - a page already gone needs no closing
            pass


def test_the_exercise_works_in_jupyterlab(lab, notebook_copy, browser_page, artifacts_dir):
    page = browser_page.page
    try:
        bk.open_notebook(page, lab, f"notebooks/{LAB_LESSON}")
        bk.run_all(page)
        bk.wait_run_complete(page, bk.code_cells_to_run(notebook_copy / LAB_LESSON))
        box = page.locator(f".jp-OutputArea-output {EXERCISE}")
        box.first.wait_for(timeout=60_000)
        assert box.count() == 1
        wrong_then_right(page, box.first, LAB_LESSON)
        browser_page.assert_no_errors(f"{LAB_LESSON} in JupyterLab, after answering its exercise")
        problems = bk.output_problems(page)
        assert not problems, f"{LAB_LESSON}: outputs hold errors:\n\n" + "\n\n".join(problems)
    finally:
        try:
            if page.locator(EXERCISE).count():
                page.locator(EXERCISE).first.scroll_into_view_if_needed(timeout=5000)
            page.screenshot(path=str(artifacts_dir / f"exercise-lab-{bk.safe_name(LAB_LESSON)}.png"))
        finally:
            lab.shutdown_kernels()
