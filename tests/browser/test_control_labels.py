"""Controls show their whole labels in JupyterLab (issue 10 part 5): no "Speed bo...",
"relative_when_ab..." or cut branch names.

ipywidgets cuts a description, a toggle button's text or a dropdown's value that does not fit
its fixed width with an ellipsis (CSS ``text-overflow``), which only a browser shows. These
tests run lessons 04 (the Speed bonus slider, the ``jump_climb`` switch whose value is
``relative_when_above_start``) and 06 (Push branches such as "3. C3 -> D3 -x D4: collision
with ..."), then measure every control of every explorer: a label or button whose text is wider
than its box (``scrollWidth > clientWidth``), or a dropdown option wider than the dropdown's
text area (measured with the dropdown's own font), is truncated.
"""
from __future__ import annotations

import pytest

import browserkit as bk

pytestmark = pytest.mark.browser

#: Every cut text of the explorers on the page: labels, toggle buttons, buttons, dropdown options.
TRUNCATED_JS = """
() => {
  const cut = [];
  const shown = el => el.offsetParent !== null && el.clientWidth > 0;
  const roots = Array.from(document.querySelectorAll('.hexrules-explorer'));
  for (const root of roots) {
    for (const el of root.querySelectorAll('.widget-label, .widget-label-basic, .widget-toggle-button, button')) {
      if (!shown(el) || !el.textContent.trim()) continue;
      if (el.scrollWidth > el.clientWidth + 1) cut.push(`${el.className}: ${el.textContent.trim()}`);
    }
    const ctx = document.createElement('canvas').getContext('2d');
    for (const sel of root.querySelectorAll('select')) {
      if (!shown(sel)) continue;
      const cs = getComputedStyle(sel);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      for (const opt of sel.options) {
        if (ctx.measureText(opt.text).width > room + 1) cut.push(`select: ${opt.text}`);
      }
    }
  }
  return {explorers: roots.length, cut};
}
"""


#: Every table of the explorers: the right edges of each column's texts (heading and cells), and
#: the least gap between two neighbouring cells' texts of a row.
TABLES_JS = """
() => {
  const text = cell => { const r = document.createRange(); r.selectNodeContents(cell); return r.getBoundingClientRect(); };
  return Array.from(document.querySelectorAll('.hexrules-explorer .hexrules-table')).filter(t => t.offsetParent !== null)
    .map(table => {
      const rows = Array.from(table.rows).map(row => Array.from(row.cells).map(text));
      const columns = rows[0].map((_, i) => rows.map(r => r[i] ? Math.round(r[i].right) : null));
      let gap = Infinity;
      for (const r of rows) for (let i = 1; i < r.length; i++) gap = Math.min(gap, r[i].left - r[i - 1].right);
      return {columns, gap, heading: Array.from(table.rows[0].cells).map(c => c.textContent)};
    });
}
"""


def _run_lesson(browser_page, lab, notebook_copy, nb: str, ready: str):
    """Open lesson ``nb`` in the lab, run all its cells, wait for them and for the selector ``ready``."""
    page = browser_page.page
    bk.open_notebook(page, lab, f"notebooks/{nb}")
    bk.run_all(page)
    bk.wait_run_complete(page, bk.code_cells_to_run(notebook_copy / nb))
    page.locator(ready).first.wait_for()
    return page


@pytest.mark.parametrize("nb", ["04_jumping.ipynb", "06_push.ipynb"])
def test_every_control_of_a_lesson_shows_its_whole_label(lab, notebook_copy, browser_page, artifacts_dir, nb):
    page = _run_lesson(browser_page, lab, notebook_copy, nb, ".hexrules-explorer select")
    found = page.evaluate(TRUNCATED_JS)
    page.screenshot(path=str(artifacts_dir / f"control_labels_{nb[:2]}.png"), full_page=True)
    assert found["explorers"] >= 2, found
    texts = " ".join(found["cut"])
    # the labels the issue names are there, and whole
    assert not found["cut"], f"{nb}: controls whose text is cut: {found['cut']}"
    browser_page.assert_no_errors(nb)
    assert "Speed" not in texts and "relative_when" not in texts
    # the cost-breakdown tables: each column's heading and cells end on one line (aligned on
    # the right, as numbers are), and no two neighbouring texts closer than 10 px
    tables = page.evaluate(TABLES_JS)
    if nb.startswith("04"):
        assert any(t["heading"][:3] == ["from", "to", "enter"] for t in tables), tables
    for t in tables:
        for column in t["columns"]:
            ends = [x for x in column if x is not None]
            assert max(ends) - min(ends) <= 1, (t["heading"], t["columns"])
        assert t["gap"] >= 10, t


#: The scenario text boxes of the editors: how wide their text is, and how wide the box.
TEXTAREAS_JS = """
() => Array.from(document.querySelectorAll('.hexrules-scenario-text textarea')).filter(t => t.offsetParent !== null)
  .map(t => ({scroll: t.scrollWidth, client: t.clientWidth, last: t.value.trimEnd().split('\\n').pop()}))
"""


def test_lesson_10s_editors_show_their_whole_labels_and_scenario_text(lab, notebook_copy, browser_page, artifacts_dir):
    # Trial defects: the Terrain row's checkbox read "impassa…", and the scenario text beside the
    # map cut its unit lines on the right ("advance=3  da").
    nb = "10_designers_workbench.ipynb"
    page = _run_lesson(browser_page, lab, notebook_copy, nb, ".hexrules-scenario-text textarea")
    found = page.evaluate(TRUNCATED_JS)
    boxes = page.evaluate(TEXTAREAS_JS)
    editor = page.locator(".hexrules-explorer", has=page.locator(".hexrules-scenario-text")).nth(1)
    editor.scroll_into_view_if_needed()
    editor.screenshot(path=str(artifacts_dir / "control_labels_10.png"))
    assert not found["cut"], f"{nb}: controls whose text is cut: {found['cut']}"
    assert len(boxes) >= 3 and any("side=" in b["last"] for b in boxes), boxes
    for b in boxes:
        assert b["scroll"] <= b["client"] + 1, b  # every line whole, no scrolling needed
    browser_page.assert_no_errors(nb)
