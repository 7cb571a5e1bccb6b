"""The board editor driven in Chromium with real mouse clicks and drags on its ipympl canvas (issue 12).

In the lab that ``make lab`` starts, a notebook of the learner's own (``BoardEditor(columns=12,
rows=10)``, as lesson 10 builds it) is run; then, as a designer does, with the mouse: raise a hex,
drag water across three hexes, place a unit of each side, move one (click it, click its new hex),
undo the move, show the reach and a Push, save the board, change it, open the saved file again, and
type a wrong cell into the scenario text and press *Apply text*.
Each step is checked in the picture (the canvas pixels at the hex: the height-1 colour, the water
colour) and in the scenario text beside the map; the saved file is read back from the learner's
folder (``my-lessons/boards/``) and compared with what was built.

Where a hex is on the canvas comes from the same editor built here under Agg (same board, same
figure size): its axes' data-to-pixel transform, scaled to the canvas's size on the page.
Screenshots: artifacts/browser/workbench-*.png.
"""
from __future__ import annotations

import json
import re
import time

import pytest

import browserkit as bk

pytestmark = pytest.mark.browser

NOTEBOOK = "workbench_browser_check.ipynb"
#: Face colours of the default theme (hexrules.plot.theme): height 1, and water (T1).
HEIGHT_1 = (0xC9, 0xA3, 0x6B)
WATER = (0x79, 0xAC, 0xDD)
GROUND = (0xEC, 0xE6, 0xCF)


def _notebook(folder) -> None:
    cells = [
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": "%matplotlib widget\nfrom hexrules.widgets.edit import BoardEditor"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": "editor = BoardEditor(columns=12, rows=10)\neditor"},
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                      "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    (folder / NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")


@pytest.fixture(scope="module")
def geometry(tmp_path_factory):
    """Where each hex's centre is on the figure, in figure pixels from the top left, and the size."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from hexrules.widgets.edit import BoardEditor

    ref = BoardEditor(columns=12, rows=10, folder=tmp_path_factory.mktemp("ref-boards"))
    fig = ref.figure
    w, h = fig.get_size_inches() * fig.dpi
    to_px = ref.art.ax.transData.transform
    spots = {}
    for hx in ref.scenario.board.hexes:
        label = ref.scenario.board.label(hx)
        cx, cy = ref.art.centre(hx)
        centre = to_px((cx, cy))
        side = to_px((cx + 0.55, cy + 0.25))  # inside the hex, off its label, token and cost
        spots[label] = ((centre[0], h - centre[1]), (side[0], h - side[1]))
    plt.close(fig)
    return {"size": (w, h), "spots": spots}


class Editor:
    """The editor on the page: its canvas, controls, status and text."""

    def __init__(self, page, box, geometry):
        self.page, self.box, self.geo = page, box, geometry
        self.canvas = box.locator(".jupyter-matplotlib-canvas-div canvas").first

    def _scale(self):
        b = self.canvas.bounding_box()
        w, h = self.geo["size"]
        return b, b["width"] / w, b["height"] / h

    def point(self, label: str, which: int = 0) -> tuple[float, float]:
        b, sx, sy = self._scale()
        x, y = self.geo["spots"][label][which]
        return b["x"] + x * sx, b["y"] + y * sy

    def colour(self, label: str) -> tuple[int, int, int]:
        """The colour of hex ``label`` on the canvas (off its label, token and cost text): the most
        frequent of 7 x 7 pixels there, so that a water ripple (a hatch, laid on the figure's pixel
        grid wherever the hex falls) crossing the spot does not stand for the hex."""
        b, sx, sy = self._scale()
        x, y = self.geo["spots"][label][1]
        return tuple(self.canvas.evaluate(
            """(c, [x, y]) => { const r = c.width / c.getBoundingClientRect().width;
                 const d = c.getContext('2d').getImageData(Math.round(x * r) - 3, Math.round(y * r) - 3, 7, 7).data;
                 const counts = new Map();
                 for (let i = 0; i < d.length; i += 4) {
                   const k = d[i] + ',' + d[i + 1] + ',' + d[i + 2];
                   counts.set(k, (counts.get(k) || 0) + 1);
                 }
                 const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
                 return best.split(',').map(Number); }""", [x * sx, y * sy]))

    def snapshot(self) -> str:
        return bk.figure_snapshot(self.canvas)

    def text(self) -> str:
        return self.box.locator(".hexrules-scenario-text textarea").input_value()

    def status(self) -> str:
        return self.box.locator(".hexrules-status").inner_text()

    def wait_text(self, pattern: str, timeout: float = 60, errors=()) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if re.search(pattern, text, re.M):
                return text
            time.sleep(0.2)
        raise AssertionError(f"the scenario text never matched {pattern!r}:\n{self.text()}\nstatus: {self.status()}"
                             f"\nkernel errors: {list(errors)}")

    def wait_status(self, pattern: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            s = self.status()
            if re.search(pattern, s):
                return s
            time.sleep(0.2)
        raise AssertionError(f"the status never matched {pattern!r}: {self.status()}")

    def wait_picture(self, before: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.snapshot() != before:
                time.sleep(0.4)  # the last draw of this change
                return
            time.sleep(0.1)
        raise AssertionError("the picture did not change")

    def tool(self, name: str) -> None:
        self.toggle(name)

    def toggle(self, name: str) -> None:
        button = self.box.locator(".widget-toggle-buttons button", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$"))
        button.first.click()
        self.page.wait_for_function("b => b.classList.contains('mod-active')", arg=button.first.element_handle(),
                                    timeout=30_000)
        time.sleep(0.3)  # the kernel has the new value before the next click

    def field(self, label: str):
        return self.box.locator(".widget-text, .widget-inline-hbox", has=self.page.locator(
            "label", has_text=re.compile(rf"^{re.escape(label)}$"))).locator("input").first

    def type(self, label: str, value: str) -> None:
        f = self.field(label)
        f.fill(value)
        f.press("Tab")
        time.sleep(0.3)

    def button(self, label: str) -> None:
        self.box.locator("button.widget-button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first.click()

    def in_view(self, label: str) -> None:
        """Scroll the map back to the middle of the window if hex ``label`` is outside it (the map is as
        tall as the kit draws the board, and a status of two lines moves it down)."""
        _, y = self.point(label)
        if not 0 < y < self.page.viewport_size["height"]:
            self.canvas.evaluate("c => c.scrollIntoView({block: 'center'})")
            time.sleep(0.3)

    def click(self, label: str) -> None:
        self.in_view(label)
        x, y = self.point(label)
        self.page.mouse.click(x, y)

    def drag(self, labels: list[str]) -> None:
        m = self.page.mouse
        self.in_view(labels[0])
        x, y = self.point(labels[0])
        m.move(x, y)
        m.down()
        time.sleep(0.3)
        m.move(*self.point(labels[0]))  # where the first hex is now, if the press scrolled the page
        for label in labels[1:]:
            x2, y2 = self.point(label)
            m.move(x2, y2, steps=4)
            time.sleep(0.15)  # ipympl sends mouse moves at most every 33 ms
        m.up()


def _row(text: str, row: int) -> list[str]:
    """The cells of map row ``row`` (1-based) in scenario text."""
    lines = text.split("map:\n", 1)[1].splitlines()
    return lines[row - 1].split()


def test_the_editor_is_driven_by_mouse_clicks_and_drags(lab, lab_home, notebook_copy, browser_page, artifacts_dir,
                                                         geometry):
    page = browser_page.page
    _notebook(notebook_copy)
    try:
        bk.open_notebook(page, lab, f"notebooks/{NOTEBOOK}")
        bk.run_all(page)
        bk.wait_run_complete(page, 2)
        assert not bk.output_problems(page)
        box = page.locator(".hexrules-explorer").first
        bk.wait_figure(box, 60_000)
        ed = Editor(page, box, geometry)
        ed.canvas.evaluate("c => c.scrollIntoView({block: 'center'})")  # the whole map in the window
        time.sleep(1.0)
        assert ed.colour("C3") == GROUND

        # raise C3 with one click (tool "raise" is chosen first)
        before = ed.snapshot()
        ed.click("C3")
        text = ed.wait_text(r"^ *0 +0 +1 ")
        assert _row(text, 3)[2] == "1"
        ed.wait_picture(before)
        assert ed.colour("C3") == HEIGHT_1

        # paint water by dragging across A5, B5, C5: one step
        ed.tool("paint")
        ed.drag(["A5", "B5", "C5"])
        text = ed.wait_text(r"^ *0~ +0~ +0~ +0 ", errors=browser_page.kernel_errors)
        assert _row(text, 5)[:4] == ["0~", "0~", "0~", "0"]
        assert "paint A5, B5, C5 water" in ed.wait_status("paint")
        time.sleep(0.6)
        assert ed.colour("B5") == WATER

        # place blue1 on D4 and red1 on E4 (the name moves on to the next free one)
        ed.tool("unit")
        ed.click("D4")
        ed.wait_text(r"blue1  side=blue  at=D4")
        ed.type("side", "red")
        ed.type("name", "red1")
        ed.click("E4")
        ed.wait_text(r"red1  side=red  at=E4")
        # a second unit on E4 is refused with the rule (M3) and changes nothing
        ed.click("E4")
        assert "one unit per hex (ruling M3)" in ed.wait_status("ruling M3")
        assert ed.text().count("side=red") == 1

        # move blue1: click it, then its new hex; then undo the move
        ed.tool("move")
        ed.click("D4")
        ed.wait_status("blue1 selected")
        ed.click("D7")
        ed.wait_text(r"blue1  side=blue  at=D7")
        ed.button("Undo")
        ed.wait_text(r"blue1  side=blue  at=D4")
        assert "Undone: move blue1 to D7" in ed.status()
        page.screenshot(path=str(artifacts_dir / "workbench-built.png"))

        # the rules on the board: blue1's reach, then its Push on red1 (they are adjacent)
        before = ed.snapshot()
        ed.toggle("reach")
        ed.wait_picture(before)
        assert "hexes reachable" in box.locator(".hexrules-explanation").first.inner_text()
        before = ed.snapshot()
        ed.toggle("Push")
        ed.wait_picture(before)
        assert "Push 2 from D4 (blue1) on red1" in box.inner_text()
        page.screenshot(path=str(artifacts_dir / "workbench-push.png"))

        # save into the learner's folder, then a second Save asks before replacing it
        ed.type("file", "browser-board.hex")
        ed.button("Save")
        ed.wait_status("Saved")
        saved = lab_home / "boards" / "browser-board.hex"
        from hexrules import parse_scenario

        sc = parse_scenario(saved.read_text(encoding="utf-8"))
        b = sc.board
        assert b.elevation("C3") == 1 and [b.terrain(h).name for h in ("A5", "B5", "C5", "D5")] == \
            ["water", "water", "water", "open"]
        assert {u.name: b.label(u.hex) for u in sc.state} == {"blue1": "D4", "red1": "E4"}
        assert saved.read_text(encoding="utf-8") == ed.text()
        ed.button("Save")
        assert "already exists" in ed.wait_status("already exists")

        # change the board, then open the saved file again
        ed.tool("raise")
        ed.click("H8")
        ed.wait_text(r"^ *0( +0~?){6} +1 ")
        box.locator(".widget-dropdown", has=page.locator("label", has_text="Start from")).locator("select") \
            .select_option(label="file: browser-board.hex")
        time.sleep(0.4)
        ed.button("Open")
        ed.wait_status("load browser-board.hex")
        deadline = time.monotonic() + 30
        while ed.text() != saved.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(0.2)
        assert ed.text() == saved.read_text(encoding="utf-8")
        time.sleep(0.6)
        assert ed.colour("C3") == HEIGHT_1

        # type a wrong cell in the scenario text and press Apply text: the error names its line and
        # column right over the text box, by the button (a trial at 1400 px had them 600-1000 px
        # apart, the map between), and the typing stays to be fixed
        area = box.locator(".hexrules-scenario-text textarea")
        area.scroll_into_view_if_needed()
        area.fill("map:\n    0 lava\n")
        ed.button("Apply text")
        said = box.locator(".hexrules-text-status")
        deadline = time.monotonic() + 30
        while "line 2, column 7" not in said.inner_text() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert "line 2, column 7: map cell 'lava'" in said.inner_text()
        assert area.input_value() == "map:\n    0 lava\n"
        apply = box.locator("button.widget-button", has_text=re.compile(r"^\s*Apply text\s*$")).first.bounding_box()
        words, field = said.bounding_box(), area.bounding_box()
        assert 0 <= field["y"] - (words["y"] + words["height"]) <= 40, (words, field)  # right over the box
        assert abs(apply["y"] - words["y"]) <= 80, (apply, words)  # and by the button,
        assert apply["x"] - (field["x"] + field["width"]) <= 200, (apply, field)  # over the box, not across the page
        page.screenshot(path=str(artifacts_dir / "workbench-apply-refused.png"))
        browser_page.assert_no_errors("the board editor, after the mouse")
        assert not bk.output_problems(page)
    finally:
        try:
            page.screenshot(path=str(artifacts_dir / "workbench-after.png"))
        finally:
            lab.shutdown_kernels()
