"""Interaction latency in a real browser: every explorer, every kind of control (issue 14.1).

What is measured: in JupyterLab driven by headless Chromium (Playwright, Debian's chromium),
for every entry of every ``EXPLORERS`` registry of :mod:`hexrules.widgets` (each module's
default scenario), plus the board, Push/Pull, editor and what-if explorers on a rulebook-size
board of 15 x 12 hexes, and for every kind of control the explorer has (slider by keyboard, dropdown, toggle buttons,
checkbox, button, click on the map), the time from the user's action to the moment the browser
draws the new picture. The clock is the page's own: it starts at the event the control acts
on (``keydown`` for a slider, ``input`` for a dropdown, ``click`` for a button, toggle buttons
and a checkbox, which act when the mouse button is released, ``mousedown`` on the map, where
ipympl acts on the press) and stops at the first paint of that explorer's picture after it (a
``drawImage`` onto its ipympl canvas; for the naive version, the new image decoded in its Output). One control of each kind is timed (the first that redraws), ``--samples``
actions each after one warm-up.

The naive version of every explorer is measured in the same run (its own notebook and kernel),
as issue 14 defines it, "the naive new-figure version": under the inline backend, every change
builds the picture anew on a NEW figure with the explorer's own drawing code (a fresh explorer
from its registry entry, given the controls' values, its widgets never opened) and shows it with
``display`` in an ``Output`` after ``clear_output(wait=True)`` (see
``benchmarks/latency_probe.py``). ``--naive-reshow`` measures the lower bound the benchmark used
before: the shown explorer's own artists, changed in place, shown again whole as a new PNG (no
new figure, no new artists). A click on the map has no naive counterpart (an inline PNG is not
clickable).

Where the time goes: ``benchmarks/latency_probe.py`` times, in the kernel, the explorer's own
work (compute: handler, rules, artists), matplotlib's Agg drawing (render), the PNG (encode) and
ipympl's handling of browser messages; the rest of each action (transfer: comm messages both
ways, the ``draw_idle`` round trip, the browser decoding and painting) is the remainder. The
split is printed for the slowest rows, with the share of the kernel's probed time its thread ran
on a core ("on a core"; the rest it waited while the browser, the server or another process held
both cores of a 2-core machine). ``--browser-trace ROWS`` records a Chromium trace while it times
those rows and prints, per action, how long each browser thread ran and what the page's main
thread did (``benchmarks/browser_trace.py``).

The floor: two more rows time ``latency_probe.floor``, an explorer that computes no rule and
changes one outline per action (a dropdown of hexes, a click on the map), on the lessons' small
board and on the 15 x 12 board, ours and naive. It is the least an action costs on this stack
(JupyterLab, ipywidgets, ipympl, Chromium, this machine); each row's "ceiling" is its naive p50
over the floor's, the ratio it would reach if its own action cost no more than the floor's. The
floor rows are no explorer: no target, and left out of "all actions" (``--no-floor``: not run).
``--js-profile ROWS`` records V8's sampling profile while those rows are timed and prints the
JavaScript the page ran per action, by part of the page (JupyterLab, ipywidgets, ipympl) and by
function (with ``--browser-trace`` on the same rows, only from each event to its paint).

Targets (issue 14.1): p50 <= 100 ms, p95 <= 200 ms, max <= 300 ms per row, ours >= x2.5 faster
than naive at p50. The machine's load is printed with the figures.

The notebooks are generated into a temporary folder served by a private JupyterLab (127.0.0.1,
random token); nothing is written into the repository. They hold the explorers as lessons do:
one notebook per widgets module (the 15 x 12 board explorers together), at most
``--per-notebook`` (12, lesson 09's count) each, each notebook run in its own kernel and page,
one after the other (``--per-notebook 0``: all 100-odd explorers in one notebook and one kernel,
as the benchmark ran before; a heavier page and kernel than any lesson). JupyterLab lays the notebook out as
``make lab`` does for a user (its default windowing mode, ``contentVisibility``: the browser
skips the rendering of cells out of view); ``--windowing none`` measures it as the browser tests
set it up (every cell laid out, all 100-odd explorers of the benchmark's notebook).

Run: ``.venv/bin/python benchmarks/bench_latency.py [--samples N] [--only NAME ...] [--code DIR] [--windowing kit|none]
[--nagle] [--naive-reshow]
[--per-notebook N] [--trace ROWS] [--browser-trace ROWS] [--js-profile ROWS] [--no-floor]``
(``make bench`` runs it).
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
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
sys.path.insert(0, str(REPO / "benchmarks"))

import browser_trace  # noqa: E402
import browserkit as bk  # noqa: E402
import nodelay  # noqa: E402

COLUMNS, ROWS = 15, 12
UNIT = "RX-78-2 Gundam"
TARGET_P50, TARGET_P95, TARGET_MAX, TARGET_RATIO = 100.0, 200.0, 300.0, 2.5
PAINT_TIMEOUT_MS = 4_000
SETTLE_S = 0.25  # after a paint: more than plot._mpl.FRAME_SETTLE_S, so each action's frame is a plain diff
TRACE: list[str] = []  # --trace: rows whose kernel events are listed action by action
BROWSER_TRACE: list[str] = []  # --browser-trace: rows whose actions Chromium traces (browser_trace.py)
PRESSES: dict[str, list[float]] = {}  # ours, per kind acting on the click: ms from the press to the click
JS_PROFILE: list[str] = []  # --js-profile: rows whose actions V8's sampling profiler records (browser_trace.py)


def scenario_text() -> str:
    """A 15 x 12 board: two hills (heights 1-3), a lake, a wall, three units."""
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


def explorer_entries() -> list[tuple[str, str]]:
    """(row name, Python expression building the explorer) for every registry entry, then the
    board, Push/Pull, editor and what-if explorers on the 15 x 12 board (``big``), the rulebook
    size issue 14 names."""
    import hexrules.widgets as w

    entries = []
    for info in pkgutil.iter_modules(w.__path__):
        module = importlib.import_module(f"hexrules.widgets.{info.name}")
        for name in getattr(module, "EXPLORERS", {}):
            entries.append((f"{info.name}.{name}",
                            f"importlib.import_module('hexrules.widgets.{info.name}').EXPLORERS[{name!r}]()"))
    entries += [
        ("15x12 reach", f"ReachExplorer(big, unit={UNIT!r}, kind='advance')"),
        ("15x12 hexes", "HexExplorer(big, hex='G7', other='K9')"),
        ("15x12 engagement", f"EngagementExplorer(big, unit={UNIT!r})"),
        ("15x12 compare water", "CompareExplorer(big, 'water')"),
        ("15x12 push", "ForcedExplorer(big, 'push', source='J9', target=ZAKU, n=3, switches=('push_off_board',))"),
        ("15x12 pull", "ForcedExplorer(big, 'pull', source='G7', target=ZAKU, n=3)"),
        ("15x12 compare push", "CompareForcedExplorer(big, 'push', 'push_off_board', source='J9', target=ZAKU, n=3)"),
        ("15x12 editor", "scratch_editor(big, max_size=16)"),
        ("15x12 what-if", "ReportExplorer(big)"),
    ]
    return entries


#: The floor's rows (``--no-floor``: left out): latency_probe.floor on the lessons' small board and on the 15 x 12 board.
FLOOR_ROWS = ("floor (small board)", "floor 15x12")

#: Explorers in one generated notebook: a lesson holds 1 to 12 (lesson 09: 12).
LESSON_SIZE = 12


def groups(entries: list, size: int) -> list[list[tuple[int, str, str]]]:
    """``entries`` numbered, split as lessons split them: by widgets module (the 15 x 12 board
    explorers together), at most ``size`` a notebook (0: all in one notebook)."""
    numbered = [(i, row, expr) for i, (row, expr) in enumerate(entries)]
    if size <= 0:
        return [numbered] if numbered else []
    by_topic: dict[str, list] = {}
    for item in numbered:
        by_topic.setdefault(item[1].split(".")[0].split(" ")[0], []).append(item)
    return [items[k:k + size] for items in by_topic.values() for k in range(0, len(items), size)]


def notebook(folder: Path, mode: str, entries: list[tuple[int, str, str]], events: Path, points: Path,
             reshow: bool = False, name: str = "") -> Path:
    setup = ("%matplotlib widget" if mode == "ours" else "%matplotlib inline") + "\n" + "\n".join([
        "import importlib, json, sys",
        f"sys.path.insert(0, {str(REPO / 'benchmarks')!r})",
        "import latency_probe as probe",
        f"probe.install({str(events)!r})",
        "from hexrules import parse_scenario",
        "from hexrules.widgets.movement import ReachExplorer, HexExplorer, EngagementExplorer, CompareExplorer",
        "from hexrules.widgets.forced import ForcedExplorer, CompareForcedExplorer",
        "from hexrules.widgets.edit import scratch_editor",
        "from hexrules.widgets.whatif import ReportExplorer",
        "ZAKU = \"Char's Zaku II\"",
        f"big = parse_scenario({scenario_text()!r}, source='bench')",
        "points = {}",
    ])
    cells = [new_code_cell(setup)]
    for i, _, expr in entries:
        if mode == "ours":
            build = f"ex = probe.tag({expr}, {i})"
        else:  # the factory builds the new figure of every change (latency_probe.naive)
            build = f"factory = lambda: {expr}\nex = probe.naive(probe.tag(factory(), {i}), factory, reshow={reshow})"
        cells.append(new_code_cell(f"{build}\npoints[{i}] = probe.click_points(ex)\nex"))
    cells.append(new_code_cell(f"open({str(points)!r}, 'w').write(json.dumps(points))"))
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / f"bench_{mode}{name}.ipynb"
    nbformat.write(nb, path)
    return path


# The page's clock: the first user event of an action, and each paint of an explorer's picture.
INSTRUMENT_JS = """
() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__t0 = null; window.__press = null; window.__paints = [];
  // the clock starts at the event the control acts on: a widget button, toggle or checkbox acts on
  // the click (the release), ipympl's map on the press; the press is kept to print the difference
  const start = () => {
    if (window.__t0 === null) { window.__t0 = now(); performance.mark('act'); }  // marks: --browser-trace
  };
  for (const ev of ['keydown', 'input', 'click']) document.addEventListener(ev, start, true);
  document.addEventListener('mousedown', (e) => {
    if (window.__press === null) window.__press = now();
    if (e.target && e.target.closest && e.target.closest('.jupyter-matplotlib-canvas-div')) start();
  }, true);
  const boxOf = (el) => {
    const b = el.closest('[class*="bench-ex-"]');
    if (!b) return -1;
    for (const c of b.classList) { const m = /^bench-ex-(\\d+)$/.exec(c); if (m) return +m[1]; }
    return -1;
  };
  // ipympl 0.10's browser side re-encodes its whole canvas as a PNG data URL on every frame it
  // receives (handle_binary: this.set("_data_url", offscreen_canvas.toDataURL())): time it
  window.__encodes = [];
  const toURL = HTMLCanvasElement.prototype.toDataURL;
  HTMLCanvasElement.prototype.toDataURL = function (...args) {
    const t = now();
    const url = toURL.apply(this, args);
    window.__encodes.push(now() - t);
    return url;
  };
  const orig = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (...args) {
    const c = this.canvas;
    if (c && c.closest && c.closest('.jupyter-matplotlib-canvas-div')) {
      window.__paints.push({t: now(), box: boxOf(c)});
      performance.mark('paint');
    }
    return orig.apply(this, args);
  };
  new MutationObserver((muts) => {
    for (const m of muts) for (const n of m.addedNodes) {
      if (!n.querySelectorAll) continue;
      const imgs = n.tagName === 'IMG' ? [n] : Array.from(n.querySelectorAll('img'));
      for (const img of imgs) {
        if (!img.closest('.widget-output')) continue;
        const box = boxOf(img);
        img.decode().then(() => window.__paints.push({t: now(), box}), () => {});
      }
    }
  }).observe(document.body, {childList: true, subtree: true});
}
"""

KINDS = [
    ("slider", ".widget-slider .noUi-handle:not([disabled])"),
    ("dropdown", ".widget-dropdown select:not([disabled])"),
    ("toggle", ".widget-toggle-buttons"),
    ("checkbox", ".widget-checkbox input[type=checkbox]:not([disabled])"),
    ("button", "button.widget-button:not([disabled]):not(.widget-toggle-button)"),
]


def act(page, kind: str, control, points, k: int) -> bool:
    """One user action on *control*; False when it cannot change anything."""
    if kind == "toggle":
        buttons = control.locator("button:not([disabled]):not(.mod-active)")
        if buttons.count() == 0:
            return False
        buttons.nth(k % buttons.count()).click()
        return True
    if kind == "click":
        x, y = points[k % len(points)]
        control.click(position={"x": x, "y": y})
        return True
    if kind == "slider":
        vmin, vmax = (control.get_attribute(a) for a in ("aria-valuemin", "aria-valuemax"))
        if vmin is not None and vmax is not None and float(vmin) >= float(vmax):
            return False
    return bool(bk.operate(page, kind, control))


def timed(page, box: int, kind: str, control, points, k: int, mode: str = "ours") -> list[float] | None:
    """[t0, t1]: the action and the explorer's next paint (epoch ms); None if it did not redraw."""
    n = page.evaluate("() => { window.__t0 = null; window.__press = null; return window.__paints.length; }")
    if not act(page, kind, control, points, k):
        return None
    try:
        page.wait_for_function(
            "([n, box]) => window.__t0 !== null && window.__paints.slice(n).some(p => p.box === box)",
            arg=[n, box], timeout=PAINT_TIMEOUT_MS)
    except Exception:  # playwright's TimeoutError: this control did not redraw the picture
        return None
    t0, t1, press = page.evaluate(
        "([n, box]) => [window.__t0, window.__paints.slice(n).find(p => p.box === box).t, window.__press]", [n, box])
    if press is not None and kind != "click" and k > 0 and mode == "ours":
        PRESSES.setdefault(kind, []).append(t0 - press)
    time.sleep(SETTLE_S)  # let this action's frames finish (a user does not type faster)
    return [t0, t1]


def measure(page, server, nb: Path, mode: str, entries: list[tuple[int, str, str]], points_file: Path,
            samples: int) -> dict:
    """Open and run *nb*, then time every control kind of every explorer: {(row, kind): [(t0, t1)]}."""
    bk.open_notebook(page, server, nb.name)
    bk.run_all(page)
    bk.wait_run_complete(page, bk.code_cells_to_run(nb), timeout_s=600)
    problems = bk.output_problems(page)
    if problems:
        raise SystemExit(f"{nb.name} failed:\n" + "\n".join(problems))
    points = json.loads(points_file.read_text())
    page.evaluate(INSTRUMENT_JS)
    results: dict = {}
    for i, row, _ in entries:
        box = page.locator(f".bench-ex-{i}").first
        bk.wait_figure(box, 60_000)
        kinds = list(KINDS)
        tracing = any(t in row for t in BROWSER_TRACE)
        if tracing:
            page.context.browser.start_tracing(page=page, categories=browser_trace.CATEGORIES)
        profiler = None
        if any(t in row for t in JS_PROFILE):
            profiler = page.context.new_cdp_session(page)
            profiler.send("Profiler.enable")
            profiler.send("Profiler.setSamplingInterval", {"interval": 100})  # microseconds
            profiler.send("Profiler.start")
        if mode == "ours" and points.get(str(i)):
            kinds.append(("click", None))
        for kind, selector in kinds:
            candidates = [box.locator(".jupyter-matplotlib-canvas-div canvas").last] if kind == "click" else [
                box.locator(selector).nth(j) for j in range(min(3, box.locator(selector).count()))]
            for control in candidates:
                if not control.is_visible():
                    continue
                control.scroll_into_view_if_needed()
                if timed(page, i, kind, control, points.get(str(i)), 0) is None:
                    continue  # warm-up; this control does not redraw: try the next of its kind
                got = [t for k in range(1, samples + 1)
                       if (t := timed(page, i, kind, control, points.get(str(i)), k, mode)) is not None]
                if got:
                    results[(row, kind)] = got
                    break
        print(f"  {mode:5} {row:<40} {', '.join(k for r, k in results if r == row) or 'no control redraws'}",
              flush=True)
        profile = trace = None
        if profiler is not None:
            profile = profiler.send("Profiler.stop")["profile"]
            profiler.detach()
        if tracing:
            trace = json.loads(page.context.browser.stop_tracing())
            print(browser_trace.report(trace, f"{mode} {row} (Chromium trace)"), flush=True)
        if profile is not None:
            actions = sum(len(v) + 1 for (r, _), v in results.items() if r == row)  # with each warm-up
            print(browser_trace.js_profile_report(profile, actions, f"{mode} {row} (V8 profile)", trace=trace),
                  flush=True)
    encodes = page.evaluate("() => window.__encodes")
    if encodes:
        print(f"  {mode:5} browser: {len(encodes)} canvas.toDataURL calls (ipympl, one per frame received), "
              f"median {statistics.median(encodes):.1f} ms, max {max(encodes):.1f} ms, "
              f"{sum(encodes) / 1000:.1f} s in all", flush=True)
    return results


def kernel_split(events: list, t0: float, t1: float) -> dict[str, float]:
    """Own time per probe kind of the kernel events that started within [t0, t1] (ms)."""
    split = {"compute": 0.0, "render": 0.0, "encode": 0.0, "message": 0.0, "gc": 0.0, "cpu": 0.0}
    for kind, start, _end, own, *more in events:
        if t0 - 1 <= start <= t1:
            split[kind] += own
            if kind != "gc":  # a collection runs inside another probed call, its time counted there
                split["cpu"] += more[1] if len(more) > 1 else own
    return split


def cpu_share(split: dict[str, float]) -> float:
    """The share of the probed kernel time (compute, render, encode, messages) that the kernel's
    thread ran on a core (1.0: it never waited for one)."""
    wall = sum(v for k, v in split.items() if k not in ("gc", "cpu"))
    return split["cpu"] / wall if wall > 0 else 1.0


def timeline(events: list, t0: float, t1: float) -> dict[str, float]:
    """Where the wall-clock time of one action [t0, t1] went, from the kernel events within it (ms).

    ``to kernel``: from the browser's event to the kernel's first probed call (the browser's
    handling of the event, the comm message through the Jupyter server, the kernel's queue);
    ``kernel``: the kernel's first probed call to its last one's end (probed and unprobed work:
    widget state messages, ipywidgets and ipympl dispatch); ``to paint``: the last kernel call's
    end to the browser's paint (the frame through the server, the browser's decode and paint,
    and whatever else the browser did first). The browser and the kernel run on one machine and
    read one clock (epoch milliseconds)."""
    inside = [(start, end) for _kind, start, end, _own, *_ in events if t0 - 1 <= start <= t1]
    if not inside:
        return {"to kernel": t1 - t0, "kernel": 0.0, "to paint": 0.0}
    first = min(s for s, _ in inside)
    last = max(e for _, e in inside)
    return {"to kernel": first - t0, "kernel": last - first, "to paint": max(0.0, t1 - last)}


def pct(ms: list[float], q: int) -> float:
    return statistics.quantiles(ms, n=100, method="inclusive")[q - 1] if len(ms) > 1 else ms[0]


def report(ours: dict, naive: dict, ev_ours: list, ev_naive: list, slowest: int) -> bool:
    rows = []
    for key, spans in ours.items():
        ms = [t1 - t0 for t0, t1 in spans]
        nms = [t1 - t0 for t0, t1 in naive.get(key, [])]
        splits = [kernel_split(ev_ours, t0, t1) for t0, t1 in spans]
        rows.append((key, ms, nms, splits))
    floors = {row: statistics.median(ms) for (row, kind), ms, _, _ in rows if row in FLOOR_ROWS and kind == "dropdown"}
    print(f"\n{'explorer':<38} {'control':<9} {'n':>2} {'p50':>6} {'p95':>6} {'max':>6}"
          f" | {'naive p50':>9} {'ratio':>6}{'  ceiling' if floors else ''}  ms")
    ok = True
    for (row, kind), ms, nms, _ in rows:
        p50, p95, mx = statistics.median(ms), pct(ms, 95), max(ms)
        n50 = statistics.median(nms) if nms else None
        ratio = f"x{n50 / p50:.2f}" if n50 else "  n/a"
        floor = floors.get(FLOOR_ROWS[1] if row.startswith("15x12") else FLOOR_ROWS[0])
        ceiling = f"  {f'x{n50 / floor:.2f}' if n50 and floor and row not in FLOOR_ROWS else '':>7}" if floors else ""
        miss = p50 > TARGET_P50 or p95 > TARGET_P95 or mx > TARGET_MAX or (n50 and n50 / p50 < TARGET_RATIO)
        if row not in FLOOR_ROWS:  # the floor is no explorer: the stack's own cost, not a target
            ok = ok and not miss
        print(f"{row:<38} {kind:<9} {len(ms):>2} {p50:6.0f} {p95:6.0f} {mx:6.0f} | "
              f"{(f'{n50:9.0f}' if n50 else '      n/a')} {ratio:>6}{ceiling}"
              f"{'  (the floor)' if row in FLOOR_ROWS else '  MISS' if miss else ''}")
    every = [m for (row, _), ms, _, _ in rows if row not in FLOOR_ROWS for m in ms]
    every_naive = [m for (row, _), _, nms, _ in rows if row not in FLOOR_ROWS for m in nms]
    if every:
        print(f"{'all actions (the floor left out)' if floors else 'all actions':<48} {len(every):>2} "
              f"{statistics.median(every):6.0f} {pct(every, 95):6.0f} {max(every):6.0f} | "
              f"{statistics.median(every_naive) if every_naive else 0:9.0f}")
    if PRESSES:
        print("from the press instead (the mouse button pressed, not released; Playwright sends the two as "
              "separate DevTools commands, and JupyterLab handles the press): add, median ms, " + ", ".join(
                  f"{kind} {statistics.median(gaps):.1f}" for kind, gaps in sorted(PRESSES.items())))
    if floors:
        print("ceiling: the row's naive p50 over the floor's p50 (its board's size: the small board's floor for "
              "the lessons' boards): the ratio this row would reach if its action cost no more than the floor's, "
              "an explorer that computes no rule and changes one outline (latency_probe.floor)")
    print(f"\nTime split of the {slowest} slowest rows (medians, ms): kernel compute (handler, rules, "
          "artists) | Agg render | PNG encode | ipympl messages | rest = transfer both ways + "
          "browser decode and paint; gc: Python's garbage collections in that time, inside the others; on a "
          "core: the share of compute + render + encode + msg the kernel's thread ran (the rest it waited for "
          "a core the browser, the server or another process held)")
    rows.sort(key=lambda r: -statistics.median(r[1]))
    for (row, kind), ms, _nms, splits in rows[:slowest]:
        med = {k: statistics.median(s[k] for s in splits) for k in splits[0]}
        rest = statistics.median(m - sum(v for k, v in s.items() if k not in ("gc", "cpu")) for m, s in zip(ms, splits))
        share = statistics.median(cpu_share(s) for s in splits)
        print(f"  {row:<36} {kind:<9} total {statistics.median(ms):5.0f} = compute {med['compute']:5.1f}"
              f" | render {med['render']:5.1f} | encode {med['encode']:5.1f} | msg {med['message']:4.1f}"
              f" | rest {rest:5.1f}  (gc {med['gc']:4.1f}, on a core {share:4.0%})")
    print(f"\nThe same {slowest} rows and the {slowest} fastest, as a timeline (medians, ms): browser event -> "
          "kernel's first call | kernel's first call -> its last call's end | -> browser's paint")
    for (row, kind), ms, _nms, _splits in rows[:slowest] + rows[-slowest:]:
        lines = [timeline(ev_ours, t0, t1) for t0, t1 in ours[(row, kind)]]
        med = {k: statistics.median(t[k] for t in lines) for k in lines[0]}
        print(f"  {row:<36} {kind:<9} total {statistics.median(ms):5.0f} = to kernel {med['to kernel']:5.1f}"
              f" | kernel {med['kernel']:5.1f} | to paint {med['to paint']:5.1f}")
    for (row, kind), spans in ours.items():
        if TRACE and any(t in f"{row} {kind}" for t in TRACE):
            for t0, t1 in spans:
                print(f"  trace {row} {kind}: {t1 - t0:.0f} ms: " + ", ".join(
                    f"{k}{(' ' + more[0]) if more and more[0] else ''} +{start - t0:.0f}..{end - t0:.0f} ({own:.0f})"
                    for k, start, end, own, *more in ev_ours if t0 - 1 <= start <= t1))
    if every_naive:
        nrows = [(key, [t1 - t0 for t0, t1 in spans], [kernel_split(ev_naive, t0, t1) for t0, t1 in spans])
                 for key, spans in naive.items()]
        nrows.sort(key=lambda r: -statistics.median(r[1]))
        print("Naive, the same split, its 3 slowest rows:")
        for (row, kind), ms, splits in nrows[:3]:
            med = {k: statistics.median(s[k] for s in splits) for k in splits[0]}
            rest = statistics.median(m - sum(v for k, v in s.items() if k not in ("gc", "cpu")) for m, s in zip(ms, splits))
            share = statistics.median(cpu_share(s) for s in splits)
            print(f"  {row:<36} {kind:<9} total {statistics.median(ms):5.0f} = compute {med['compute']:5.1f}"
                  f" | render {med['render']:5.1f} | encode {med['encode']:5.1f} | rest {rest:5.1f}"
                  f"  (on a core {share:4.0%})")
    return ok


def read_events(path: Path) -> list:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="action -> redrawn picture latency, every explorer, in Chromium")
    parser.add_argument("--samples", type=int, default=3, help="timed actions per control (after 1 warm-up)")
    parser.add_argument("--only", nargs="*", default=None, help="rows whose name contains one of these")
    parser.add_argument("--no-naive", dest="naive", action="store_false", help="skip the naive run")
    parser.add_argument("--naive-reshow", action="store_true",
                        help="the naive run shows the explorer's own figure again whole (a lower bound: no new "
                             "figure, no new artists) instead of the naive new-figure version")
    parser.add_argument("--slowest", type=int, default=8, help="rows whose time split is printed")
    parser.add_argument("--code", type=Path, default=None,
                        help="a folder holding another hexrules package for the kernels to import (a before/after "
                             "comparison: git archive main hexrules | tar -x -C DIR)")
    parser.add_argument("--per-notebook", type=int, default=LESSON_SIZE,
                        help=f"explorers in one notebook, by widgets module, as a lesson holds them (default "
                             f"{LESSON_SIZE}); 0: every explorer in one notebook and one kernel")
    parser.add_argument("--nagle", action="store_true",
                        help="Jupyter Server's own kernel websocket (Nagle's algorithm on), not the kit's "
                             "(tools/nodelay.py): the 'before' of that lever")
    parser.add_argument("--trace", nargs="*", default=[], help="list the kernel events of each action of these rows")
    parser.add_argument("--browser-trace", nargs="*", default=[],
                        help="record a Chromium trace while timing these rows and print where the browser's "
                             "time went in each action (benchmarks/browser_trace.py)")
    parser.add_argument("--js-profile", nargs="*", default=[],
                        help="record V8's sampling profile while timing these rows and print the JavaScript the "
                             "page ran per action, by part of the page and by function (benchmarks/browser_trace.py)")
    parser.add_argument("--no-floor", dest="floor", action="store_false",
                        help="leave out the floor (latency_probe.floor: an explorer that computes no rule and "
                             "changes one outline, on the small board and on the 15 x 12 board, ours and naive)")
    parser.add_argument("--windowing", choices=["kit", "none"], default="kit",
                        help="the notebook's windowing mode: 'kit' (default) as make lab gives a user, JupyterLab's "
                             "default contentVisibility; 'none' as the browser tests set it (every cell laid out)")
    args = parser.parse_args(argv)
    TRACE[:] = args.trace
    BROWSER_TRACE[:] = args.browser_trace
    JS_PROFILE[:] = args.js_profile
    if args.code is not None:  # the server's environment, hence its kernels' (browserkit copies os.environ)
        os.environ["PYTHONPATH"] = str(args.code.resolve())
        print(f"kernels import hexrules from {args.code}", flush=True)
    from playwright.sync_api import sync_playwright

    entries = explorer_entries()
    if args.floor:
        entries += [(FLOOR_ROWS[0], "probe.floor('elevation')"), (FLOOR_ROWS[1], "probe.floor(big)")]
    if args.only:
        entries = [e for e in entries if any(o in e[0] for o in args.only)]
    tmp = Path(tempfile.mkdtemp(prefix="hexrules-bench-latency-"))
    server = None
    started = time.monotonic()
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"(1, 5, 15 min) on {os.cpu_count()} cores", flush=True)
    try:
        folder = tmp / "notebooks"
        folder.mkdir()
        modes = ["ours", "naive"] if args.naive else ["ours"]
        files = {m: tmp / f"events_{m}.jsonl" for m in modes}
        parts = groups(entries, args.per_notebook)
        paths = {(m, g): notebook(folder, m, part, files[m], tmp / f"points_{m}_{g}.json",
                                  reshow=args.naive_reshow, name=f"_{g:02d}")
                 for m in modes for g, part in enumerate(parts)}
        server = bk.start_lab(folder, tmp / "jupyter", windowing=None if args.windowing == "kit" else "none",
                              server_args=[f"--ServerApp.kernel_websocket_connection_class={nodelay.DEFAULT_CLASS}"]
                              if args.nagle else [])
        print(f"kernel websocket: {'Nagle on (Jupyter Server default)' if args.nagle else 'TCP_NODELAY (the kit)'}",
              flush=True)
        print(f"notebook windowing: {'JupyterLab default, as make lab (contentVisibility)' if args.windowing == 'kit' else 'none'}",
              flush=True)
        print(f"{len(entries)} explorers in {len(parts)} notebook(s) of at most "
              f"{args.per_notebook or len(entries)}, each in its own kernel", flush=True)
        results: dict = {m: {} for m in modes}
        with sync_playwright() as pw:
            browser = bk.launch_chromium(pw)
            try:
                for mode in modes:
                    for g, part in enumerate(parts):
                        context = browser.new_context(viewport={"width": 1400, "height": 1000})
                        context.set_default_timeout(60_000)
                        page = context.new_page()
                        try:
                            results[mode].update(measure(page, server, paths[(mode, g)], mode, part,
                                                         tmp / f"points_{mode}_{g}.json", args.samples))
                        finally:
                            context.close()
                            server.shutdown_kernels()
            finally:
                browser.close()
        load = os.getloadavg()
        print(f"\nAction -> redrawn picture (ms), JupyterLab + headless Chromium, {args.samples} actions per "
              f"control after 1 warm-up; load after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
              f"run took {time.monotonic() - started:.0f} s")
        print(f"Targets: p50 <= {TARGET_P50:.0f}, p95 <= {TARGET_P95:.0f}, max <= {TARGET_MAX:.0f}, "
              f"naive/ours >= x{TARGET_RATIO} at p50; naive: "
              f"{'the same figure shown again whole (lower bound)' if args.naive_reshow else 'a new figure per change'}")
        ok = report(results["ours"], results.get("naive", {}), read_events(files["ours"]),
                    read_events(files["naive"]) if args.naive else [], args.slowest)
        print("every row meets the targets" if ok else "some rows MISS the targets")
        return 0
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
