"""The benchmarks still run: they assert nothing about speed, but a benchmark that stops with an
exception prints no figure at all (bench_workbench's movement core stopped with an AttributeError
after the core began taking a Unit, and nothing noticed). Each is run here on a tiny workload,
through the functions its ``main`` calls, and must print its figures."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    return module


def test_workbench_benchmark_prints_its_figures(capsys):
    bench = _load("bench_workbench")
    bench.movement_core(boards=2, rounds=1)
    bench.sweep_figures(2)
    out = capsys.readouterr().out
    assert "movement core on 2 generated 15 x 12 boards" in out and " us an edge now" in out
    assert "sweep(2): " in out and " ms a board" in out


def test_scaling_benchmark_dice_prints_its_figures(capsys):
    # it had asked for a 300-dice Crush, beyond the kit's bound (checks.MAX_DICE, C2), and stopped
    bench = _load("bench_scaling")
    bench.dice()
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.strip().splitlines()[2:]] == ["20", "50", "100"]


NAIVE_CHILD = """
import json, sys
import matplotlib.figure
sys.path.insert(0, sys.argv[1])
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import ipywidgets
import latency_probe as probe
from hexrules.widgets.movement import EXPLORERS

made = []
plain_init = matplotlib.figure.Figure.__init__
def init(self, *a, **k):
    made.append(1)
    plain_init(self, *a, **k)
matplotlib.figure.Figure.__init__ = init
opened = []
plain_open = ipywidgets.Widget.open
ipywidgets.Widget.open = lambda self: (opened.append(self), plain_open(self))[1]
factory = EXPLORERS["engagement"]
explorer = probe.naive(factory(), factory)
before, made_before = len(opened), len(made)
seen = []
for value in [True, False, True]:
    explorer.controls["ignore"].value = value
    seen.append(plt.get_fignums())
print(json.dumps({"figures": seen, "made": len(made) - made_before, "opened": len(opened) - before, "updates": explorer.updates,
                  "words": explorer.explanation.value[:40]}))
"""


def test_the_naive_way_draws_a_new_figure_on_every_change():
    """bench_latency's naive version (issue 14: "the naive new-figure version"): every change
    draws on a new figure (the previous one closed), and the fresh explorer sends nothing to a
    browser (no widget opened)."""
    import json
    import subprocess

    done = subprocess.run([sys.executable, "-c", NAIVE_CHILD, str(BENCHMARKS)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.strip().splitlines()[-1])
    figures = got["figures"]
    assert [len(f) for f in figures] == [1, 1, 1]  # the shown explorer's; each new one is closed
    assert got["made"] == 3
    assert got["opened"] == 0
    assert got["updates"] >= 4 and got["words"]


def test_the_latency_probe_tells_time_on_a_core_from_time_waited(tmp_path, monkeypatch):
    """bench_latency's time split says how much of the kernel's time its thread ran on a core
    (issue 14: in a benchmark run the kernel shares two cores with Chromium and the server, so
    the same render took 1.5 to 2 times as long as alone). The probe reads its clocks from
    ``latency_probe.time``; here they are a fake clock that moves only when told, so the figures
    are exact and no real time is measured: a probed call that sleeps 62.5 ms waited for all of
    it (62.5 ms of wall-clock time, 0 on a core); one that spins for 31.25 ms ran for all of it; a
    call nested in another is its own, not its caller's (binary fractions of a second: exact)."""
    import json

    probe = _load("latency_probe")
    bench = _load("bench_latency")

    class Clock:
        """``time()`` (wall clock) and ``thread_time()`` (this thread on a core), in seconds."""

        def __init__(self) -> None:
            self.wall, self.cpu = 1000.0, 5.0

        def time(self) -> float:
            return self.wall

        def thread_time(self) -> float:
            return self.cpu

        def sleep(self, seconds: float) -> None:  # waits: the wall clock moves, the thread does not run
            self.wall += seconds

        def spin(self, seconds: float) -> None:  # runs on a core all along
            self.wall += seconds
            self.cpu += seconds

    clock = Clock()
    monkeypatch.setattr(probe, "time", clock)

    class Owner:
        @staticmethod
        def wait() -> None:
            clock.sleep(0.0625)

        @staticmethod
        def work() -> None:
            clock.spin(0.03125)
            Owner.wait()

    probe._wrap(Owner, "wait", "encode")
    probe._wrap(Owner, "work", "render")
    path = tmp_path / "events.jsonl"
    probe._out = open(path, "a", encoding="utf-8")
    try:
        Owner.work()
    finally:
        probe._out.close()
        probe._out = None
    events = [json.loads(line) for line in path.read_text().splitlines()]
    # [kind, start ms, end ms, own wall-clock ms (nested probes excluded), detail, own ms on a core]
    (enc,) = [e for e in events if e[0] == "encode"]
    (ren,) = [e for e in events if e[0] == "render"]
    assert enc == ["encode", 1_000_031.25, 1_000_093.75, 62.5, "", 0.0]  # slept: waited the whole time
    assert ren == ["render", 1_000_000.0, 1_000_093.75, 31.25, "", 31.25]  # its own spin, not the nested sleep
    split = bench.kernel_split(events, ren[1], ren[2])
    assert split == {"compute": 0.0, "render": 31.25, "encode": 62.5, "message": 0.0, "gc": 0.0, "cpu": 31.25}
    assert bench.cpu_share(split) == 31.25 / 93.75  # a third of the probed time ran on a core
    assert bench.cpu_share({"compute": 10.0, "render": 0.0, "encode": 0.0, "message": 0.0, "gc": 3.0,
                            "cpu": 10.0}) == 1.0  # a collection is inside the others, not beside them


def test_browser_trace_counts_each_threads_busy_time_per_action_once():
    # one action, from the 'act' mark at 1000 us to the 'paint' mark at 11000 us (10 ms). The page's
    # main thread runs a task 2000-6000 us with a task nested in it (counted once: 4 ms) and one
    # 9000-13000 us (2 ms of it inside); the compositor a task 0-3000 us (2 ms inside). A paint
    # mark with no act before it starts no action.
    trace = _load("browser_trace")
    main, comp = {"pid": 1, "tid": 1}, {"pid": 1, "tid": 2}
    events = [
        {"ph": "M", "name": "thread_name", "args": {"name": "CrRendererMain"}, **main},
        {"ph": "M", "name": "thread_name", "args": {"name": "Compositor"}, **comp},
        {"ph": "R", "name": "paint", "cat": "blink.user_timing", "ts": 500, **main},
        {"ph": "R", "name": "act", "cat": "blink.user_timing", "ts": 1000, **main},
        {"ph": "R", "name": "paint", "cat": "blink.user_timing", "ts": 11000, **main},
        {"ph": "X", "name": "ThreadControllerImpl::RunTask", "ts": 2000, "dur": 4000, **main},
        {"ph": "X", "name": "RunTask", "ts": 2500, "dur": 1000, **main},
        {"ph": "X", "name": "Layout", "ts": 3000, "dur": 500, **main},
        {"ph": "X", "name": "FunctionCall", "ts": 4000, "dur": 1500, "args": {"data": {"functionName": "_onWSMessage"}},
         **main},
        {"ph": "X", "name": "ThreadControllerImpl::RunTask", "ts": 9000, "dur": 4000, **main},
        {"ph": "X", "name": "ThreadControllerImpl::RunTask", "ts": 0, "dur": 3000, **comp},
    ]
    windows = trace.action_windows(events)
    assert windows == [(1000, 11000)]
    assert trace.busy_by_thread(events, windows) == {"CrRendererMain": 6.0, "Compositor": 2.0}
    assert trace.main_thread_work(events, windows) == [("FunctionCall _onWSMessage", 1.5), ("Layout", 0.5)]
    assert "1 action, mean 10.0 ms" in trace.report({"traceEvents": events}, "row")


def test_js_profile_names_a_builtin_by_its_caller_and_keeps_only_the_actions():
    # A V8 profile starting at 1000 us: samples every 1000 us (timeDeltas), at 2000, 3000, ...
    # Node 2 is ipympl's handle_binary (a script), node 3 the built-in toDataURL it calls (no
    # script), node 4 JupyterLab's code, node 5 idle. The action runs from 2500 to 5500 us: the
    # samples at 3000 (toDataURL), 4000 (toDataURL) and 5000 (JupyterLab) count; the one at 2000
    # (handle_binary) and 6000 (toDataURL) fall outside it, the idle one would not count anyway.
    trace = _load("browser_trace")
    frame = lambda name, url="", line=0: {"functionName": name, "url": url, "lineNumber": line}  # noqa: E731
    profile = {
        "startTime": 1000,
        "nodes": [
            {"id": 1, "callFrame": frame("(root)"), "children": [2, 4, 5]},
            {"id": 2, "callFrame": frame("handle_binary", "http://h/lab/extensions/jupyter-matplotlib/static/643.js?v=1"),
             "children": [3]},
            {"id": 3, "callFrame": frame("toDataURL")},
            {"id": 4, "callFrame": frame("_onWSMessage", "http://h/static/lab/jlab_core.js?v=2", 13626)},
            {"id": 5, "callFrame": frame("(idle)")},
        ],
        "samples": [2, 3, 3, 4, 3, 5],
        "timeDeltas": [1000, 1000, 1000, 1000, 1000, 1000],
    }
    by_function, by_package, total = trace.js_self_time(profile, [(2500, 5500)])
    assert by_function == {"toDataURL <- handle_binary (643.js:1)": 2.0, "_onWSMessage (jlab_core.js:13627)": 1.0}
    assert by_package == {"jupyter-matplotlib": 2.0, "jupyterlab": 1.0}  # toDataURL: its caller's
    assert total == 3.0
    _, _, everything = trace.js_self_time(profile)  # no windows: every sample but the idle one
    assert everything == 5.0
    assert "JavaScript 2.5 ms per action" in trace.js_profile_report(profile, 2, "row")


def test_latency_report_sets_each_row_against_the_floor_of_its_board(capsys):
    # ours / naive p50 (ms): movement.hexes 50 / 120 (x2.40, a miss); the small board's floor 40 /
    # 90, so the row's ceiling is 120 / 40 = x3.00; 15x12 hexes 60 / 225 against the 15x12 floor's
    # 45: x3.75, ceiling x5.00. The floor rows are no explorer: no target, not in "all actions".
    bench = _load("bench_latency")
    spans = lambda *ms: [(1000.0 * k, 1000.0 * k + m) for k, m in enumerate(ms)]  # noqa: E731
    ours = {("movement.hexes", "dropdown"): spans(50, 50, 60), ("floor (small board)", "dropdown"): spans(40, 40, 40),
            ("floor 15x12", "dropdown"): spans(45, 45, 45), ("15x12 hexes", "dropdown"): spans(60, 60, 60)}
    naive = {("movement.hexes", "dropdown"): spans(120), ("floor (small board)", "dropdown"): spans(90),
             ("floor 15x12", "dropdown"): spans(200), ("15x12 hexes", "dropdown"): spans(225)}
    assert bench.report(ours, naive, [], [], 1) is False  # movement.hexes misses x2.5
    lines = capsys.readouterr().out.splitlines()
    row = lambda name: next(line.split() for line in lines if line.startswith(name))  # noqa: E731
    assert row("movement.hexes")[-3:] == ["x2.40", "x3.00", "MISS"]
    assert row("15x12 hexes")[-2:] == ["x3.75", "x5.00"]
    assert row("floor (small board)")[-2:] == ["(the", "floor)"]
    assert row("all actions")[-6:] == ["6", "60", "60", "60", "|", "172"]  # 50 50 60 60 60 60; naive 120, 225 (172.5)
    assert bench.report({k: v for k, v in ours.items() if k[0] != "movement.hexes"}, naive, [], [], 1) is True
