"""Browser side of benchmarks/bench_latency.py ``--browser-trace``: where Chromium's time goes in an action.

The benchmark's time split says what the kernel did in an action (compute, render, encode) and
leaves the rest as "transfer both ways + browser decode and paint". With ``--browser-trace ROWS``
it records a Chromium trace (Playwright's ``browser.start_tracing``, the DevTools timeline
categories) while it times those rows, and the page marks each action's first event (``act``)
and each paint of an explorer's picture (``paint``) with ``performance.mark``. From the trace,
for each action (an ``act`` mark to the next ``paint`` mark):

* :func:`busy_by_thread`: how long each Chromium thread ran tasks in it (ms; its top-level tasks,
  overlaps merged), e.g. ``CrRendererMain`` (the page: JupyterLab, the widgets, layout, paint);
* :func:`main_thread_work`: what the renderer's main thread did in it, by trace event name
  (inclusive: nested events count in each level, so the shares overlap).

On a 2-core machine the kernel's thread waits for a core while these run (the probe's "on a
core" share): the two together say whose work the kernel waited behind.
"""
from __future__ import annotations

import collections
from typing import Any, Iterable

#: Trace categories: the DevTools timeline (tasks, layout, paint, script) and the page's marks.
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "blink.user_timing",
              "v8.execute"]

#: A thread's top-level task events (each task the thread ran, once; nested ones are merged).
TASKS = ("ThreadControllerImpl::RunTask", "ThreadPool_RunTask", "RunTask")


def events_of(trace: Any) -> list[dict]:
    """The event list of a parsed Chromium trace (a ``{"traceEvents": [...]}`` object or the list)."""
    return trace["traceEvents"] if isinstance(trace, dict) else list(trace)


def thread_names(events: Iterable[dict]) -> dict[tuple[int, int], str]:
    """``{(pid, tid): name}`` from the trace's thread-name metadata."""
    return {(e["pid"], e["tid"]): e["args"]["name"] for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name"}


def action_windows(events: Iterable[dict]) -> list[tuple[float, float]]:
    """``(start, end)`` in trace microseconds of each action: an ``act`` mark to the next ``paint`` mark."""
    marks = sorted((e["ts"], e["name"]) for e in events
                   if e.get("name") in ("act", "paint") and "user_timing" in e.get("cat", ""))
    windows = []
    for i, (ts, name) in enumerate(marks):
        if name == "act":
            paint = next((t for t, n in marks[i + 1:] if n == "paint"), None)
            if paint is not None:
                windows.append((ts, paint))
    return windows


def _merged(intervals: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[list[float]] = []
    for start, end in sorted(intervals):
        if out and start <= out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return [(a, b) for a, b in out]


def _overlap(start: float, end: float, a: float, b: float) -> float:
    return max(0.0, min(end, b) - max(start, a))


def busy_by_thread(events: list[dict], windows: list[tuple[float, float]]) -> dict[str, float]:
    """Mean ms per action that each thread (by name; threads of one name added) ran tasks."""
    names = thread_names(events)
    tasks: dict[tuple[int, int], list[tuple[float, float]]] = collections.defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and e.get("name") in TASKS and "dur" in e:
            tasks[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
    busy: collections.Counter = collections.Counter()
    for key, intervals in tasks.items():
        merged = _merged(intervals)
        busy[names.get(key, "?")] += sum(_overlap(s, t, a, b) for s, t in merged for a, b in windows) / 1000
    n = max(1, len(windows))
    return {name: ms / n for name, ms in busy.most_common()}


def main_thread_work(events: list[dict], windows: list[tuple[float, float]], thread: str = "CrRendererMain",
                     top: int = 12) -> list[tuple[str, float]]:
    """The ``top`` event names on ``thread`` by mean ms per action inside the windows (inclusive)."""
    names = thread_names(events)
    work: collections.Counter = collections.Counter()
    for e in events:
        if e.get("ph") != "X" or "dur" not in e or e.get("name") in TASKS:
            continue
        if names.get((e["pid"], e["tid"])) != thread:
            continue
        name = e["name"]
        data = (e.get("args") or {}).get("data")
        if name == "FunctionCall" and isinstance(data, dict) and data.get("functionName"):
            name += f" {data['functionName']}"
        work[name] += sum(_overlap(e["ts"], e["ts"] + e["dur"], a, b) for a, b in windows) / 1000
    n = max(1, len(windows))
    return [(name, ms / n) for name, ms in work.most_common(top) if ms > 0]


def report(trace: Any, label: str) -> str:
    """The trace's per-action summary for the benchmark's output."""
    events = events_of(trace)
    windows = action_windows(events)
    if not windows:
        return f"  {label}: no action in the trace"
    mean = sum(b - a for a, b in windows) / len(windows) / 1000
    busy = busy_by_thread(events, windows)
    lines = [f"  {label}: {len(windows)} action{'' if len(windows) == 1 else 's'}, mean {mean:.1f} ms from the event to the paint; Chromium "
             f"threads busy (ms per action): " + ", ".join(f"{k} {v:.1f}" for k, v in list(busy.items())[:6])]
    lines.append("    renderer main thread, by trace event (ms per action, inclusive): " + "; ".join(
        f"{k} {v:.1f}" for k, v in main_thread_work(events, windows)))
    return "\n".join(lines)
