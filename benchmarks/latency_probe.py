"""Kernel side of benchmarks/bench_latency.py: what the kernel spends on each action (not the package).

:func:`install` wraps, in the running kernel, the places where an explorer's time goes and
writes one JSON line per call (wall-clock start and end in ms, and the time spent in the call
itself, nested probes excluded) to a file the benchmark reads after the run:

* ``compute``: an explorer reacting to a control (:meth:`Explorer._changed`: handler, rules,
  artists changed, the refresh request), or a click on its map (``button_press_event``);
* ``render``: matplotlib's Agg drawing of a figure (``FigureCanvasAgg.draw``);
* ``encode``: the PNG made of the drawn pixels (ipympl's ``get_diff_image``; the inline
  backend's ``print_png`` for the naive version);
* ``message``: a message from the browser reaching the ipympl canvas (e.g. the ``draw`` request
  that ``draw_idle`` asks the browser to send back).

:func:`naive` turns an explorer built under the inline backend into "the naive way": every
change shows the whole figure again with ``display`` (the inline backend: a full Agg draw with
``bbox_inches="tight"`` and a PNG) in an :class:`ipywidgets.Output` after
``clear_output(wait=True)``. (It keeps the explorer's artists rather than building a new figure:
the explorers' figures do not pickle, and building anew would only make the naive way slower,
so the ratio printed is a lower bound.)
"""
from __future__ import annotations

import functools
import json
import time

_stack: list[list[float]] = []
_out = None


def _record(kind: str, start: float, end: float, own: float, detail: str = "") -> None:
    if _out is not None:
        _out.write(json.dumps([kind, start, end, own, detail]) + "\n")
        _out.flush()


def _wrap(owner, name: str, kind: str, detail=None) -> None:
    original = getattr(owner, name)
    if getattr(original, "_probe", False):
        return

    @functools.wraps(original)
    def probed(*args, **kwargs):
        start = time.time() * 1000
        _stack.append([0.0])
        try:
            return original(*args, **kwargs)
        finally:
            end = time.time() * 1000
            (children,) = _stack.pop()
            if _stack:
                _stack[-1][0] += end - start
            _record(kind, start, end, end - start - children, detail(*args) if detail else "")

    probed._probe = True
    setattr(owner, name, probed)


def install(path: str) -> None:
    """Probe this kernel; events go to ``path`` (JSON lines)."""
    global _out
    from matplotlib.backends import backend_webagg_core as webagg
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from hexrules.widgets.base import Explorer

    _out = open(path, "a", encoding="utf-8")
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
    from IPython.display import display

    out = getattr(self, "_naive_out", None)
    if out is None:
        return _plain_refresh(self)
    with out:  # the whole figure drawn again, as a new PNG in a new output (inline backend)
        out.clear_output(wait=True)
        display(self.figure)


_plain_refresh = None


def naive(explorer):
    """Show ``explorer`` the naive way (see the module docstring); returns it."""
    global _plain_refresh
    import ipywidgets as widgets

    from hexrules.widgets.base import Explorer

    if _plain_refresh is None:
        _plain_refresh = Explorer.refresh
        Explorer.refresh = _naive_refresh
    out = widgets.Output()
    explorer._naive_out = out
    explorer.children = [out if c is explorer.view else c for c in explorer.children]
    explorer.view = out
    explorer.refresh()
    return explorer
