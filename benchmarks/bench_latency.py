"""Interaction latency in a real browser: slider change -> redrawn figure (issue 5). Prints figures.

What is measured: in JupyterLab driven by headless Chromium (Playwright, Debian's chromium), on
a rulebook-size board of 15 x 12 hexes with hills, water and a unit in the middle, the time from
the key press that moves the Speed-bonus slider of the Elevation notebook's explorer
(:class:`hexrules.widgets.movement.ReachExplorer`, the same explorer notebooks/02 shows) to the
moment the browser draws the new picture. The clock is the page's own (``performance.now()``):
it starts at the ``keydown`` event and stops at the first ``drawImage`` onto the ipympl canvas
after it (the redrawn figure arriving from the kernel). Each change alters the reach (Advance
3 + Speed 0..4), so every change redraws.

The same interaction written the naive way is measured in the same run: an ``IntSlider`` whose
callback recomputes the same reach, builds a NEW matplotlib figure with the same drawing
function and shows it with ``plt.show()`` in an ``Output`` widget (``clear_output(wait=True)``,
inline backend, the common pattern). Its clock stops when the new image is decoded in the page.

A third, diagnostic run (``--no-diagnose`` skips it) measures the explorer with the board's
static texts hidden (hex labels, elevation marks), to show how much of the time is matplotlib
drawing text.

The notebooks are generated into a temporary folder served by a private JupyterLab (127.0.0.1,
random token); nothing is written into the repository. Target: p50 <= 150 ms for the explorer.

Run: ``.venv/bin/python benchmarks/bench_latency.py [--changes N]`` (``make bench`` runs it).
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import browserkit as bk  # noqa: E402

COLUMNS, ROWS = 15, 12
UNIT = "RX-78-2 Gundam"
WARMUP = 5
TARGET_P50_MS = 150.0


def scenario_text() -> str:
    """A 15 x 12 board: two hills (heights 1-3), a lake, a wall, the Gundam in the middle."""
    rows = []
    for r in range(ROWS):
        cells = []
        for c in range(COLUMNS):
            hill_a = 3 - (abs(c - 4) + abs(r - 3)) // 2
            hill_b = 2 - (abs(c - 11) + abs(r - 8)) // 2
            level = max(0, hill_a, hill_b)
            terrain = ""
            if (c, r) in {(9, 2), (10, 2), (9, 3), (10, 3), (11, 3)}:
                level, terrain = 0, "~"
            elif c == 7 and 6 <= r <= 9:
                terrain = "X"
            cells.append(f"{level}{terrain}")
        rows.append(("  " if r % 2 else " ") + "  ".join(f"{x:>2}" for x in cells))
    return "\n".join([
        "name: Latency benchmark board (15 x 12)",
        "map:",
        *rows,
        "units:",
        f'    "{UNIT}"  side=federation  at=G7  advance=3  dash=2',
        '    "GM"  side=federation  at=H5  advance=3  dash=2',
        "    \"Char's Zaku II\"  side=zeon  at=K9  advance=3  dash=2",
    ])


def notebooks(folder: Path) -> dict[str, Path]:
    text = scenario_text()
    ours = new_notebook(cells=[
        new_code_cell("%matplotlib widget\n"
                      "from hexrules import parse_scenario\n"
                      "from hexrules.widgets.movement import ReachExplorer"),
        new_code_cell(f"sc = parse_scenario({text!r}, source='bench')\n"
                      f"print(len(sc.board.hexes), 'hexes')\n"
                      f"explorer = ReachExplorer(sc, unit={UNIT!r}, kind='advance')\n"
                      "explorer"),
    ])
    naive = new_notebook(cells=[
        new_code_cell("%matplotlib inline\n"
                      "import ipywidgets as widgets\n"
                      "import matplotlib.pyplot as plt\n"
                      "from hexrules import parse_scenario\n"
                      "from hexrules.movement import reachable\n"
                      "from hexrules.plot import draw_board, new_figure, reach_overlays"),
        new_code_cell(
            f"sc = parse_scenario({text!r}, source='bench')\n"
            "speed = widgets.IntSlider(value=0, min=0, max=4, description='Speed bonus')\n"
            "out = widgets.Output()\n"
            "def show(change=None):\n"
            f"    state = sc.state.replace_unit({UNIT!r}, speed=speed.value)\n"
            f"    reach = reachable(sc.board, state, {UNIT!r}, 'advance')\n"
            "    with out:\n"
            "        out.clear_output(wait=True)\n"
            "        fig, (ax,) = new_figure(sc.board)   # a new figure on every change\n"
            "        draw_board(sc.board, state, ax=ax, **reach_overlays(reach))\n"
            "        plt.show()\n"
            "speed.observe(show, names='value')\n"
            "show()\n"
            "box = widgets.VBox([speed, out])\n"
            "box.add_class('bench-naive')\n"
            "box"),
    ])
    # Diagnosis: the same explorer with the static texts (hex labels, elevation marks) hidden,
    # to show how much of the latency is matplotlib drawing text.
    bare = new_notebook(cells=[
        ours.cells[0],
        new_code_cell(ours.cells[1].source.rsplit("\n", 1)[0] + "\n"
            "explorer.art.set_labels(False)\n"
            "explorer.art.set_elevation_labels(False)\n"
            "explorer.refresh()\n"
            "explorer"),
    ])
    paths = {}
    for name, nb in (("ours", ours), ("naive", naive), ("bare", bare)):
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        paths[name] = folder / f"bench_{name}.ipynb"
        nbformat.write(nb, paths[name])
    return paths


# Instrumentation: keydown time, and paint times of ipympl canvases and of images in Outputs.
INSTRUMENT_JS = """
() => {
  window.__t0 = 0; window.__draws = []; window.__imgs = [];
  document.addEventListener('keydown', () => { window.__t0 = performance.now(); }, true);
  const orig = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (...args) {
    const c = this.canvas;
    if (c && c.closest && c.closest('.jupyter-matplotlib-canvas-div')) {
      window.__draws.push(performance.now());
    }
    return orig.apply(this, args);
  };
  new MutationObserver((muts) => {
    for (const m of muts) for (const n of m.addedNodes) {
      if (!n.querySelectorAll) continue;
      const imgs = n.tagName === 'IMG' ? [n] : Array.from(n.querySelectorAll('img'));
      for (const img of imgs) {
        if (!img.closest('.widget-output')) continue;
        img.decode().then(() => window.__imgs.push(performance.now()), () => {});
      }
    }
  }).observe(document.body, {childList: true, subtree: true});
}
"""


def measure(page, server, nb: Path, box_selector: str, events: str, changes: int) -> list[float]:
    """Open *nb*, run it, then move its slider *changes* times; latencies in ms."""
    bk.open_notebook(page, server, nb.name)
    bk.run_all(page)
    bk.wait_run_complete(page, bk.code_cells_to_run(nb))
    problems = bk.output_problems(page)
    if problems:
        raise SystemExit(f"{nb.name} failed:\n" + "\n".join(problems))
    box = page.locator(box_selector).first
    box.wait_for(timeout=60_000)
    handle = box.locator(".widget-slider .noUi-handle").first
    handle.scroll_into_view_if_needed()
    if events == "__draws":
        bk.wait_figure(box, 60_000)
    else:
        box.locator(".widget-output img").first.wait_for(timeout=60_000)
    time.sleep(1.0)
    page.evaluate(INSTRUMENT_JS)
    latencies: list[float] = []
    per_change: list[int] = []
    direction = "ArrowRight"
    for i in range(changes + WARMUP):
        now = float(handle.get_attribute("aria-valuenow"))
        vmin = float(handle.get_attribute("aria-valuemin"))
        vmax = float(handle.get_attribute("aria-valuemax"))
        if now >= vmax:
            direction = "ArrowLeft"
        elif now <= vmin:
            direction = "ArrowRight"
        n = page.evaluate(f"window.{events}.length")
        handle.press(direction)
        page.wait_for_function(f"n => window.{events}.length > n", arg=n, timeout=60_000)
        ms = page.evaluate(f"n => window.{events}[n] - window.__t0", n)
        time.sleep(0.35)  # let this change finish before the next (a user does not type faster)
        per_change.append(page.evaluate(f"window.{events}.length") - n)
        if i >= WARMUP:
            latencies.append(ms)
    if max(per_change) > 1:
        print(f"  note: up to {max(per_change)} paints per change in {nb.name}")
    return latencies


def summary(name: str, ms: list[float]) -> tuple[float, float]:
    p50 = statistics.median(ms)
    p95 = statistics.quantiles(ms, n=20, method="inclusive")[18]
    print(f"  {name:<38} n={len(ms):3d}  p50 {p50:7.1f} ms  p95 {p95:7.1f} ms  "
          f"min {min(ms):6.1f}  max {max(ms):7.1f}")
    return p50, p95


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="slider -> redrawn figure latency in Chromium")
    parser.add_argument("--changes", type=int, default=40, help="measured changes (>= 30)")
    parser.add_argument("--no-diagnose", dest="diagnose", action="store_false",
                        help="skip the diagnostic run without hex labels and elevation marks")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="hexrules-bench-latency-"))
    server = None
    try:
        folder = tmp / "notebooks"
        folder.mkdir()
        paths = notebooks(folder)
        server = bk.start_lab(folder, tmp / "jupyter")
        with sync_playwright() as pw:
            browser = bk.launch_chromium(pw)
            try:
                results = {}
                runs = [("ours", ".hexrules-explorer", "__draws"),
                        ("naive", ".bench-naive", "__imgs")]
                if args.diagnose:
                    runs.append(("bare", ".hexrules-explorer", "__draws"))
                for key, selector, events in runs:
                    context = browser.new_context(viewport={"width": 1400, "height": 1000})
                    context.set_default_timeout(60_000)
                    page = context.new_page()
                    try:
                        results[key] = measure(page, server, paths[key], selector, events,
                                               args.changes)
                    finally:
                        context.close()
                        server.shutdown_kernels()
            finally:
                browser.close()
        print(f"Slider change -> redrawn figure, {COLUMNS} x {ROWS} board "
              f"({COLUMNS * ROWS} hexes), JupyterLab + headless Chromium, "
              f"{args.changes} changes after {WARMUP} warm-up:")
        p50, p95 = summary("hexrules explorer (ipympl, in place)", results["ours"])
        n50, n95 = summary("naive (new figure, Output, plt.show)", results["naive"])
        print(f"  naive / ours: p50 x{n50 / p50:.2f}, p95 x{n95 / p95:.2f}")
        if "bare" in results:
            summary("diagnosis: explorer, no static texts", results["bare"])
        verdict = "meets" if p50 <= TARGET_P50_MS else "MISSES"
        print(f"  target p50 <= {TARGET_P50_MS:.0f} ms: {verdict} ({p50:.1f} ms)")
        return 0
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
