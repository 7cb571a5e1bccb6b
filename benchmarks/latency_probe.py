"""Kernel side of benchmarks/bench_latency.py: what the kernel spends on each action (not the package).

:func:`install` wraps, in the running kernel, the places where an explorer's time goes and
writes one JSON line per call (wall-clock start and end in ms, the time spent in the call
itself, nested probes excluded, and the CPU time the kernel's thread got in that time,
``time.thread_time``: wall-clock time beyond it is time the thread waited for a core, e.g.
while the browser on the same machine drew) to a file the benchmark reads after the run:

* ``compute``: an explorer reacting to a control (:meth:`Explorer._changed`: handler, rules,
  artists changed, the refresh request), or a click on its map (``button_press_event``);
* ``render``: matplotlib's Agg drawing of a figure (``FigureCanvasAgg.draw``);
* ``encode``: the PNG made of the drawn pixels (ipympl's ``get_diff_image``; the inline
  backend's ``print_png`` for the naive version);
* ``message``: a message from the browser reaching the ipympl canvas (e.g. the ``draw`` request
  that ``draw_idle`` asks the browser to send back);
* ``gc``: a collection of Python's cyclic garbage collector (``gc.callbacks``), which pauses the
  kernel wherever it happens (its own time is not taken from the other kinds).

:func:`naive` turns an explorer built under the inline backend into "the naive way", the way
issue 14 defines it ("the naive new-figure version"): every change builds the picture anew on
a NEW figure and shows it with ``display`` (the inline backend: a full Agg draw with
``bbox_inches="tight"`` and a PNG) in an :class:`ipywidgets.Output` after
``clear_output(wait=True)``. The new figure is drawn by the explorer's own code: a fresh
explorer from its registry factory, given the controls' current values (its handlers run, as
they did on the shown one), whose picture is shown and whose figure is then closed. Its widgets
are never opened (no comm, no messages to the browser), so widget making costs nearly nothing:
what is timed is what a naive callback does, the rules, a new figure, every artist drawn anew,
a whole PNG. What a control value does not hold (the sweep's last result, the editor's edited
board) is the factory's default, a picture of the same kind. ``reshow=True`` gives the lower
bound the benchmark used before (the shown explorer's own artists, changed in place, shown
again whole as a new PNG: no new figure, no new artists).
"""
from __future__ import annotations

import functools
import json
import time

_stack: list[list[float]] = []  # per probed call running: its nested probes' wall-clock and CPU ms
_out = None


def _record(kind: str, start: float, end: float, own: float, detail: str = "", cpu: float | None = None) -> None:
    if _out is not None:
        _out.write(json.dumps([kind, start, end, own, detail, own if cpu is None else cpu]) + "\n")
        _out.flush()


def _wrap(owner, name: str, kind: str, detail=None) -> None:
    original = getattr(owner, name)
    if getattr(original, "_probe", False):
        return

    @functools.wraps(original)
    def probed(*args, **kwargs):
        start = time.time() * 1000
        cpu_start = time.thread_time() * 1000
        _stack.append([0.0, 0.0])
        try:
            return original(*args, **kwargs)
        finally:
            end = time.time() * 1000
            cpu = time.thread_time() * 1000 - cpu_start
            children, cpu_children = _stack.pop()
            if _stack:
                _stack[-1][0] += end - start
                _stack[-1][1] += cpu
            _record(kind, start, end, end - start - children, detail(*args) if detail else "", cpu - cpu_children)

    probed._probe = True
    setattr(owner, name, probed)


def install(path: str) -> None:
    """Probe this kernel; events go to ``path`` (JSON lines)."""
    global _out
    from matplotlib.backends import backend_webagg_core as webagg
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from hexrules.widgets.base import Explorer

    _out = open(path, "a", encoding="utf-8")
    import gc

    started: list[float] = []

    def collected(phase: str, info: dict) -> None:
        if phase == "start":
            started[:] = [time.time() * 1000]
        elif started:
            end = time.time() * 1000
            _record("gc", started[0], end, end - started[0], f"generation {info['generation']}")

    gc.callbacks.append(collected)
    _wrap(Explorer, "_changed", "compute")
    _wrap(Explorer, "_on_press", "compute")
    _wrap(FigureCanvasAgg, "draw", "render")
    _wrap(FigureCanvasAgg, "print_png", "encode")
    _wrap(webagg.FigureCanvasWebAggCore, "get_diff_image", "encode")
    from hexrules.plot import _mpl

    if hasattr(_mpl, "_diff_image"):  # the explorers' canvases' own frame encoder
        _wrap(_mpl, "_diff_image", "encode")
    try:
        from ipympl.backend_nbagg import Canvas
    except ImportError:  # pragma: no cover
        return
    _wrap(Canvas, "_handle_message", "message",  # (self, object, content, buffers): the message's type
          lambda *args: str(args[2].get("type", "")) if len(args) > 2 and isinstance(args[2], dict) else "")


def tag(explorer, i: int):
    """Give ``explorer`` the CSS class the benchmark finds it by."""
    explorer.add_class(f"bench-ex-{i}")
    return explorer


def click_points(explorer, count: int = 8) -> list[list[float]]:
    """CSS-pixel points (from the canvas's top left) of ``count`` hexes spread over the first
    clickable board of ``explorer``, for the browser to click."""
    if not explorer._click_targets:
        return []
    art = explorer._click_targets[0]
    fig = explorer.figure
    ratio = getattr(fig.canvas, "device_pixel_ratio", 1) or 1
    height = fig.bbox.height
    hexes = art.hexes
    step = max(1, len(hexes) // count)
    points = []
    for h in hexes[step // 2::step][:count]:
        x, y = art.ax.transData.transform(art.layout.hex_to_pixel(h))
        points.append([x / ratio, (height - y) / ratio])
    return points


def _naive_refresh(self) -> None:
    """``reshow``: the explorer's own artists, shown again whole as a new inline PNG."""
    from IPython.display import display

    if _building:  # a fresh explorer: its picture is shown once it has its controls' values
        return
    out = getattr(self, "_naive_out", None)
    if out is None:
        return _plain["refresh"](self)
    with out:  # the whole figure drawn again, as a new PNG in a new output (inline backend)
        out.clear_output(wait=True)
        display(self.figure)


def _naive_update(self) -> None:
    """``new figure``: a fresh explorer's picture on a new figure, given the shown one's controls."""
    import matplotlib.pyplot as plt
    from ipywidgets import Button
    from IPython.display import display

    factory = getattr(self, "_naive_factory", None)
    if factory is None or _building:
        return _plain["update"](self)
    if self._hold:
        self._pending = True
        return
    values = [(name, c.value) for name, c in self.controls.items()
              if hasattr(c, "value") and not isinstance(c, Button)]
    _building.append(self)
    try:
        fresh = factory()  # a new figure, every artist drawn anew, the rules computed
        with fresh.hold():
            for name, value in values:
                try:
                    fresh.controls[name].value = value
                except Exception:  # a value the fresh explorer does not offer now: keep its own
                    pass
    finally:
        _building.pop()
    self.explanation.value = fresh.explanation.value
    with self._naive_out:
        self._naive_out.clear_output(wait=True)
        display(fresh.figure)
    plt.close(fresh.figure)
    self.updates += 1


_plain: dict = {}
_building: list = []  # while a fresh explorer is built: its updates draw nothing and open no widget


def _open(self) -> None:
    """``Widget.open``; while a fresh explorer is built, a comm that sends nothing (ipywidgets sends
    state only to a comm whose ``kernel`` is not None)."""
    if not _building:
        return _plain["open"](self)
    if self.comm is None:
        import comm

        class Unopened(comm.DummyComm):
            kernel = None

        self.comm = Unopened(target_name="jupyter.widget")


def _replace(box, old, new) -> bool:
    """Put widget ``new`` in the place of ``old`` among the children of ``box`` or of a box in it."""
    children = list(getattr(box, "children", ()))
    for i, child in enumerate(children):
        if child is old:
            box.children = children[:i] + [new] + children[i + 1:]
            return True
        if _replace(child, old, new):
            return True
    return False


def naive(explorer, factory=None, reshow: bool = False):
    """Show ``explorer`` the naive way (see the module docstring); returns it.

    ``factory`` builds a new explorer like ``explorer`` (its registry entry); ``reshow=True``,
    or no factory, shows the explorer's own figure again whole instead (the lower bound).
    """
    import ipywidgets as widgets
    from ipywidgets.widgets.widget import Widget

    from hexrules.widgets.base import Explorer

    if not _plain:
        _plain.update(refresh=Explorer.refresh, update=Explorer.update, open=Widget.open)
        Explorer.refresh = _naive_refresh
        Explorer.update = _naive_update
        Widget.open = _open
    out = widgets.Output()
    explorer._naive_out = out
    explorer._naive_factory = None if reshow else factory
    _replace(explorer, explorer.view, out)  # where the explorer shows it (the editor: in a box beside its text)
    explorer.view = out
    explorer.update()
    return explorer


def floor(scenario="elevation"):
    """The floor: an explorer that does the least a map explorer can do per change (bench_latency's
    floor rows; ``--no-floor`` leaves them out).

    Its board is drawn once, as every explorer's is; its one control (a dropdown of the board's
    hexes, and a click on the map) outlines the chosen hex and names it in the words under the
    map. No rule is computed, one artist changes, one short text: what is left of an action is
    the cost of the stack itself (the widget message, the board's redraw with one artist changed,
    the frame, JupyterLab and ipympl in the browser). Its naive version (a new figure per change,
    the board drawn anew) is what a naive explorer with no rule work would cost. The best ratio
    any explorer on that board can reach is about (its naive p50) / (this floor's p50).
    """
    import ipywidgets as widgets

    from hexrules.plot import draw_board, new_figure
    from hexrules.widgets.base import Explorer, scenario_from

    class Floor(Explorer):
        def __init__(self, scenario):
            self.scenario = sc = scenario_from(scenario)
            fig, (ax,) = new_figure(sc.board)
            labels = [sc.board.label(h) for h in sc.board.hexes]
            super().__init__(fig, {"hex": widgets.Dropdown(options=labels, value=labels[0], description="Hex")},
                             title="The floor: one outline, no rule")
            self.art = draw_board(sc.board, sc.state, ax=ax)
            self.on_hex_click([self.art], lambda h, _art: setattr(self.controls["hex"], "value", sc.board.label(h)))
            self.update()

        def redraw(self):
            h = self.scenario.board.hex(self.controls["hex"].value)
            self.art.set_highlight([h], key="target", color="#d62728")
            self.explain(f"hex {self.controls['hex'].value}")

    return Floor(scenario)
