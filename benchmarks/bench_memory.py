"""Benchmark: memory in a long session (issue 32 part 3).

One kernel, as JupyterLab runs a lesson: every code cell of every lesson is sent with its cell's
id (JupyterLab's ``cellId``), so a cell run again is the same cell. A round runs every lesson once,
top to bottom, then makes ``--changes`` control changes on the explorers alive (a dropdown or
toggle to its next value, a slider a step on, a checkbox flipped, a button pressed), drawn at
random with a fixed seed. After each round the kernel prints what it holds: the figures pyplot
keeps, the widgets alive, the explorers alive, and its resident memory (VmRSS, MB).

The bound: after the last round the kernel's resident memory is within ``--bound-mb`` (default
60 MB) of its size after the first round, and pyplot holds no more figures than after the first
round. An explorer whose cell runs again is closed with its figure and widgets
(:class:`hexrules.widgets.base.CellExplorers`); before that, every re-run left both behind.
Exits 1 when the bound is not met.

Run: ``.venv/bin/python benchmarks/bench_memory.py [--rounds 10] [--changes 100]`` (or ``make
bench``); ``--lessons 02,06`` runs only those.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from queue import Empty

import nbformat
from jupyter_client import KernelManager

ROOT = Path(__file__).resolve().parents[1]

#: What the kernel prints after each round.
PROBE = """
def _bench_probe():
    import gc, json
    import matplotlib.pyplot as plt
    from ipywidgets.widgets import widget
    from matplotlib.figure import Figure
    from hexrules.widgets.base import CELL_EXPLORERS
    gc.collect()
    rss = int(open("/proc/self/status").read().split("VmRSS:")[1].split()[0]) / 1024
    alive = sum(isinstance(o, Figure) for o in gc.get_objects())
    print("PROBE " + json.dumps({"figures": len(plt.get_fignums()), "alive": alive, "widgets": len(widget._instances),
                                 "explorers": len(CELL_EXPLORERS.alive()), "rss_mb": round(rss, 1)}))
_bench_probe()
del _bench_probe
"""


#: The control changes of a round, made in the kernel (between cells: they belong to no cell).
CHANGES = """
def _bench_changes(seed, n):
    import random
    import ipywidgets as w
    from hexrules.errors import HexrulesError
    from hexrules.widgets.base import CELL_EXPLORERS
    rng = random.Random(seed)
    done = refused = 0
    for _ in range(n):
        alive = CELL_EXPLORERS.alive()
        if not alive:
            break
        ex = rng.choice(alive)
        controls = [c for c in ex.controls.values() if not getattr(c, "disabled", False)] if hasattr(ex, "controls") else []
        if not controls:
            continue
        c = rng.choice(controls)
        try:
            if isinstance(c, w.Button):
                c.click()
            elif hasattr(c, "index") and getattr(c, "options", None):
                c.index = ((c.index or 0) + 1) % len(c.options)
            elif isinstance(c, (w.IntSlider, w.BoundedIntText)):
                c.value = c.min + (c.value - c.min + 1) % (c.max - c.min + 1)
            elif isinstance(c, (w.Checkbox, w.ToggleButton)):
                c.value = not c.value
            else:
                continue
            done += 1
        except HexrulesError:
            refused += 1
    print("CHANGES", done, refused)
_bench_changes({seed}, {n})
del _bench_changes
"""


def lessons(only: str | None) -> list[Path]:
    paths = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if only:
        keep = {k.strip() for k in only.split(",")}
        paths = [p for p in paths if p.name[:2] in keep]
    return paths


def execute(kc, code: str, cell_id: str | None = None, timeout: float = 300.0) -> list[str]:
    """Run ``code`` (as cell ``cell_id``) and wait for its reply; its printed lines. An error in
    the cell stops the benchmark (it would measure a lesson that did not run)."""
    msg = kc.session.msg("execute_request", {"code": code, "silent": False, "store_history": True,
                                             "user_expressions": {}, "allow_stdin": False, "stop_on_error": True},
                         metadata={"cellId": cell_id} if cell_id else {})
    kc.shell_channel.send(msg)
    msg_id = msg["header"]["msg_id"]
    out: list[str] = []
    deadline = time.monotonic() + timeout
    idle = False
    while not idle:
        try:
            m = kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
        except Empty:
            raise SystemExit(f"bench_memory: no answer to a cell within {timeout:.0f} s") from None
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = m["msg_type"], m["content"]
        if kind == "stream":
            out += content["text"].splitlines()
        elif kind == "error":
            raise SystemExit(f"bench_memory: a cell failed ({cell_id}): {content['ename']}: {content['evalue']}")
        elif kind == "status" and content["execution_state"] == "idle":
            idle = True
    kc.get_shell_msg(timeout=timeout)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--changes", type=int, default=100, help="control changes per round")
    ap.add_argument("--lessons", help="two-digit lesson numbers, comma-separated (default: all)")
    ap.add_argument("--bound-mb", type=float, default=60.0)
    args = ap.parse_args()
    books = [(p, nbformat.read(p, as_version=4)) for p in lessons(args.lessons)]
    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(ROOT / "notebooks"))
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=60)
    rows = []
    try:
        print(f"bench_memory: {len(books)} lessons x {args.rounds} rounds, {args.changes} control changes a round")
        print(f"{'round':>5} {'seconds':>8} {'changes':>8} {'pyplot':>7} {'figures':>8} {'widgets':>8} {'explorers':>9} "
              f"{'RSS MB':>8}")
        for r in range(1, args.rounds + 1):
            t0 = time.perf_counter()
            for path, nb in books:
                for cell in nb.cells:
                    if cell.cell_type == "code" and cell.source.strip():
                        execute(kc, cell.source, cell_id=cell.get("id") or f"{path.stem}-{nb.cells.index(cell)}")
            done = execute(kc, CHANGES.format(seed=r, n=args.changes))
            changes = next((ln.split()[1] for ln in done if ln.startswith("CHANGES ")), "?")
            probe = json.loads(next(ln for ln in execute(kc, PROBE) if ln.startswith("PROBE "))[6:])
            rows.append(probe)
            print(f"{r:>5} {time.perf_counter() - t0:>8.1f} {changes:>8} {probe['figures']:>7} {probe['alive']:>8} "
                  f"{probe['widgets']:>8} {probe['explorers']:>9} {probe['rss_mb']:>8.1f}", flush=True)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    first, last = rows[0], rows[-1]
    grown = last["rss_mb"] - first["rss_mb"]
    ok = grown <= args.bound_mb and last["figures"] <= first["figures"]
    print(f"bench_memory: RSS {first['rss_mb']:.1f} MB after round 1, {last['rss_mb']:.1f} MB after round "
          f"{len(rows)} ({grown:+.1f} MB; bound {args.bound_mb:.0f} MB); figures {first['figures']} -> "
          f"{last['figures']}: {'within the bound' if ok else 'OVER THE BOUND'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
