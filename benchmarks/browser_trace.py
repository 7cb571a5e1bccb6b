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


def _package(url: str) -> str:
    """Which part of the page a script URL belongs to (its labextension, or JupyterLab itself)."""
    if not url:
        return "(browser)"
    for part in ("jupyter-matplotlib", "@jupyter-widgets", "@voila-dashboards", "jupyterlab_pygments"):
        if part in url:
            return part
    return "jupyterlab" if "/static/" in url else url.rsplit("/", 1)[-1]


def js_self_time(profile: dict, windows: list[tuple[float, float]] | None = None
                 ) -> tuple[collections.Counter, collections.Counter, float]:
    """Self time (ms) of a V8 CPU profile (DevTools ``Profiler.stop``'s ``profile``), by function
    (``name (script:line)``) and by part of the page (:func:`_package`), and its non-idle total;
    the ``(idle)`` and ``(program)`` samples are left out of both."""
    nodes = {n["id"]: n for n in profile.get("nodes", [])}
    parent = {child: n["id"] for n in nodes.values() for child in n.get("children", [])}

    def caller(node_id: int) -> dict | None:  # a built-in's first caller that is a script's function
        while (node_id := parent.get(node_id)) is not None:
            if nodes[node_id]["callFrame"].get("url"):
                return nodes[node_id]["callFrame"]
        return None

    def named(frame: dict) -> str:
        script = frame["url"].rsplit("/", 1)[-1].split("?")[0]
        return f"{frame.get('functionName') or '(anonymous)'} ({script}:{frame.get('lineNumber', 0) + 1})"

    by_function: collections.Counter = collections.Counter()
    by_package: collections.Counter = collections.Counter()
    total = 0.0
    t = profile.get("startTime", 0)
    for node_id, delta in zip(profile.get("samples", []), profile.get("timeDeltas", [])):
        t += delta
        if windows is not None and not any(a <= t <= b for a, b in windows):
            continue
        frame = nodes[node_id]["callFrame"]
        name = frame.get("functionName") or "(anonymous)"
        if name in ("(idle)", "(program)"):
            continue
        ms = delta / 1000
        by = frame if frame.get("url") else caller(node_id)  # a built-in counts for its caller's part
        by_function[named(frame) if frame.get("url") else (f"{name} <- {named(by)}" if by else name)] += ms
        by_package[_package(by["url"]) if by else ("(garbage collector)" if name == "(garbage collector)" else "(browser)")] += ms
        total += ms
    return by_function, by_package, total


def js_profile_report(profile: dict, actions: int, label: str, top: int = 12, trace: Any = None) -> str:
    """The JavaScript the page ran while a row was timed, per action: by part of the page, and its
    ``top`` functions by self time (``--js-profile``). With the row's ``trace`` (``--browser-trace``
    too), only from each action's event to its paint; else all of it (the benchmark's own
    Playwright calls and the pauses between actions included)."""
    windows = action_windows(events_of(trace)) if trace is not None else None
    if windows:
        actions = len(windows)
    by_function, by_package, total = js_self_time(profile, windows or None)
    n = max(actions, 1)
    lines = [f"  {label}: {actions} actions{' (event to paint)' if windows else ''}, JavaScript {total / n:.1f} ms per action (self time, sampled); by part "
             "of the page: " + ", ".join(f"{k} {v / n:.1f}" for k, v in by_package.most_common())]
    lines += [f"    {v / n:5.2f}  {k}" for k, v in by_function.most_common(top)]
    return "\n".join(lines)
