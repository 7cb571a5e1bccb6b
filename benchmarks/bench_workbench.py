"""The designer's workbench (issue 12): the sweep's speed, the movement core, and the editor's latency.
Prints figures; asserts nothing.

1. **The movement core**: ``reachable`` on generated rulebook-size boards (15 x 12) with the step
   costs read from precomputed lookups (``movement._Mover`` now) against the step rules as they
   were written before (kept here, :class:`ReferenceMover`), side by side in one run: per call,
   and the ratio.
2. **The sweep**: ``hexrules.whatif.sweep(1000)`` over the default spec (15 x 12 boards, three
   units a side and a Garrison, every alternative of every switch: 18), with its parts timed
   on the first boards: generating a board, counting a board (``board_counts``), and what the
   report would cost instead (``what_changes``: every comparison built, nothing skipped but what
   cannot change).
3. **In Chromium** (``--no-browser`` skips it): a 12 x 10 board in the board editor
   (``BoardEditor``, JupyterLab, headless Chromium through ``tools/browserkit.py``, as
   ``bench_latency.py`` does) with a unit's reach shown: the time from the ``mousedown`` of a
   click on the map (tool *raise* or *lower*, so every click changes the board and the reach) to
   the first draw of the new picture on the ipympl canvas; then the 1,000-board sweep run from
   ``SweepExplorer``'s *Run* button, timed to its last progress step and chart.

The machine is shared: the load average is printed beside the figures.

Run: ``.venv/bin/python benchmarks/bench_workbench.py [--boards N] [--clicks N] [--no-browser]``.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests"))  # movement_reference: the step rules as they were

from hexrules.generate import RULEBOOK, BoardSpec, generate  # noqa: E402
from hexrules.movement import _Mover, reachable  # noqa: E402
from hexrules.whatif import alternatives, board_counts, sweep, what_changes  # noqa: E402
from movement_reference import ReferenceMover  # noqa: E402


def load() -> str:
    return "load %.1f" % os.getloadavg()[0]


def movement_core(boards: int = 40, rounds: int = 3) -> None:
    """The step cost per edge, and whole reaches, with the movement core now and as it was."""
    import hexrules.movement as mv

    scs = [generate(RULEBOOK, f"core/{i}") for i in range(boards)]
    calls = [(sc, u.name) for sc in scs for u in sc.state if not u.garrison]
    # the core takes the Unit (its public callers look the name up and check it first)
    edges = [(sc, sc.state.unit(u), list(sc.board.graph.edges(data=True))) for sc, u in calls[:60]]
    per_edge = {}
    for name, cls in (("now", _Mover), ("before", ReferenceMover)):
        best = float("inf")
        for _ in range(rounds):
            t = time.perf_counter()
            n = 0
            for sc, u, es in edges:
                w = cls(sc.board, sc.state, u, mv.DEFAULT).weight
                for a, b, d in es:
                    w(a, b, d)
                n += len(es)
            best = min(best, (time.perf_counter() - t) / n)
        per_edge[name] = best
    times = {"now": [], "before": []}
    for _ in range(rounds):
        for name, cls in (("now", _Mover), ("before", ReferenceMover)):
            mv._Mover = cls
            try:
                t = time.perf_counter()
                for sc, unit in calls:
                    reachable(sc.board, sc.state, unit)
                times[name].append((time.perf_counter() - t) / len(calls))
            finally:
                mv._Mover = _Mover
    a, b = min(times["now"]), min(times["before"])
    ea, eb = per_edge["now"], per_edge["before"]
    print(f"movement core on {boards} generated 15 x 12 boards, best of {rounds}: the step cost {ea * 1e6:.1f} us an "
          f"edge now, {eb * 1e6:.1f} us as before (x{eb / ea:.2f}); reachable (Advance 3, {len(calls)} units) "
          f"{a * 1000:.2f} ms a call now, {b * 1000:.2f} ms as before (x{b / a:.2f}) ({load()})")


def sweep_figures(n: int) -> None:
    alts = alternatives()
    sample = [generate(RULEBOOK, f"0/{i}") for i in range(20)]
    t = time.perf_counter()
    for i in range(20):
        generate(RULEBOOK, f"0/{i}")
    gen = (time.perf_counter() - t) / 20
    t = time.perf_counter()
    for sc in sample:
        board_counts(sc, alts)
    count = (time.perf_counter() - t) / 20
    t = time.perf_counter()
    for sc in sample:
        what_changes(sc)
    report = (time.perf_counter() - t) / 20
    print(f"one 15 x 12 board ({len(alts)} alternatives): generate {gen * 1000:.1f} ms, count it (the sweep's "
          f"board_counts) {count * 1000:.1f} ms, the full report (what_changes) {report * 1000:.1f} ms ({load()})")
    t = time.perf_counter()
    result = sweep(n, seed=0)
    took = time.perf_counter() - t
    print(f"sweep({n}): {took:.1f} s, {took / n * 1000:.1f} ms a board, {result.tallies[0].movements} movements and "
          f"{max(t.situations for t in result.tallies)} Push and Pull situations compared ({load()})")


# --- in Chromium -----------------------------------------------------------------------------------

EDITOR_NB = "bench_editor.ipynb"
SWEEP_NB = "bench_sweep.ipynb"

INSTRUMENT_JS = """
() => {
  window.__t0 = 0; window.__draws = [];
  document.addEventListener('mousedown', () => { window.__t0 = performance.now(); }, true);
  const orig = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (...args) {
    const c = this.canvas;
    if (c && c.closest && c.closest('.jupyter-matplotlib-canvas-div')) window.__draws.push(performance.now());
    return orig.apply(this, args);
  };
}
"""


def _notebooks(folder: Path) -> None:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    editor = new_notebook(cells=[
        new_code_cell("%matplotlib widget\nfrom hexrules.generate import BoardSpec, generate\n"
                      "from hexrules.widgets.edit import BoardEditor"),
        new_code_cell("board = generate(BoardSpec(columns=12, rows=10), seed=17)\n"
                      "editor = BoardEditor(board, show='reach', unit='blue3')\neditor"),
    ])
    sweeper = new_notebook(cells=[
        new_code_cell("%matplotlib widget\nfrom hexrules.widgets.whatif import SweepExplorer"),
        new_code_cell("SweepExplorer(1000)"),
    ])
    for name, nb in ((EDITOR_NB, editor), (SWEEP_NB, sweeper)):
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, folder / name)


def _spots(names: list[str]) -> dict[str, tuple[float, float]]:
    """Each hex's centre on the editor's figure (pixels from its top left), from the same editor under Agg."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from hexrules.widgets.edit import BoardEditor

    ed = BoardEditor(generate(BoardSpec(columns=12, rows=10), 17), show="reach", unit="blue3",
                     folder=tempfile.mkdtemp())
    fig = ed.figure
    w, h = fig.get_size_inches() * fig.dpi
    out = {"size": (w, h)}
    for label in names:
        x, y = ed.art.ax.transData.transform(ed.art.centre(label))
        out[label] = (x, h - y)
    plt.close(fig)
    return out


def browser(clicks: int, boards: int) -> None:
    from playwright.sync_api import sync_playwright

    import browserkit as bk

    hexes = ["B2", "C2", "D2", "I8", "J8", "K8", "B9", "C9", "J2", "K2"]
    spots = _spots(hexes)
    tmp = Path(tempfile.mkdtemp(prefix="hexrules-bench-workbench-"))
    server = None
    try:
        folder = tmp / "notebooks"
        folder.mkdir()
        _notebooks(folder)
        server = bk.start_lab(folder, tmp / "jupyter")
        with sync_playwright() as pw:
            chromium = bk.launch_chromium(pw)
            try:
                context = chromium.new_context(viewport={"width": 1400, "height": 1000})
                context.set_default_timeout(120_000)
                page = context.new_page()
                bk.open_notebook(page, server, EDITOR_NB)
                bk.run_all(page)
                bk.wait_run_complete(page, 2)
                box = page.locator(".hexrules-explorer").first
                canvas = bk.wait_figure(box, 120_000)
                canvas.evaluate("c => c.scrollIntoView({block: 'center'})")
                time.sleep(1.5)
                page.evaluate(INSTRUMENT_JS)
                latencies = []
                for i in range(clicks + 5):
                    if i % (2 * len(hexes)) in (0, len(hexes)):  # raise every hex, then lower them back
                        tool = "raise" if i % (2 * len(hexes)) == 0 else "lower"
                        box.locator(".widget-toggle-buttons button", has_text=tool).first.click()
                        time.sleep(0.6)
                    b = canvas.bounding_box()
                    sx = b["width"] / spots["size"][0]
                    x, y = spots[hexes[i % len(hexes)]]
                    n = page.evaluate("window.__draws.length")
                    page.mouse.click(b["x"] + x * sx, b["y"] + y * sx)
                    page.wait_for_function("n => window.__draws.length > n", arg=n, timeout=60_000)
                    ms = page.evaluate("n => window.__draws[n] - window.__t0", n)
                    time.sleep(0.5)
                    if i >= 5:
                        latencies.append(ms)
                context.close()
                server.shutdown_kernels()
                p50 = statistics.median(latencies)
                p95 = statistics.quantiles(latencies, n=20, method="inclusive")[18]
                print(f"board editor in Chromium, 12 x 10 board with a unit's reach shown: click (raise / lower) -> "
                      f"redrawn map, n={len(latencies)}: p50 {p50:.0f} ms, p95 {p95:.0f} ms, min {min(latencies):.0f}, "
                      f"max {max(latencies):.0f} ({load()}; the kit's explorers' target: p50 <= 150 ms)")
                if boards:
                    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
                    context.set_default_timeout(600_000)
                    page = context.new_page()
                    bk.open_notebook(page, server, SWEEP_NB)
                    bk.run_all(page)
                    bk.wait_run_complete(page, 2)
                    box = page.locator(".hexrules-explorer").first
                    bk.wait_figure(box, 120_000)
                    t = time.perf_counter()
                    box.locator("button.widget-button", has_text="Run").first.click()
                    page.locator(".hexrules-progress .widget-label", has_text=f"{boards} boards").wait_for(
                        timeout=600_000)
                    box.locator("table.hexrules-table").first.wait_for(timeout=120_000)
                    took = time.perf_counter() - t
                    context.close()
                    server.shutdown_kernels()
                    print(f"SweepExplorer in Chromium: Run -> {boards} boards swept, chart and table shown: "
                          f"{took:.1f} s ({load()})")
            finally:
                chromium.close()
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000, help="boards of the sweep (default 1000)")
    parser.add_argument("--clicks", type=int, default=30, help="measured clicks in the editor (default 30)")
    parser.add_argument("--no-browser", dest="browser", action="store_false", help="skip the Chromium part")
    args = parser.parse_args(argv)
    movement_core()
    sweep_figures(args.boards)
    if args.browser:
        browser(args.clicks, args.boards)
    return 0


if __name__ == "__main__":
    sys.exit(main())
