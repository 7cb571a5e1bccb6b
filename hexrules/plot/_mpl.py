"""The matplotlib and ipympl details the drawing relies on beyond their documented API, in one place.

Each function here does one thing the public API does not offer, says why, and names what to
check when matplotlib or ipympl is upgraded (``requirements.lock`` pins matplotlib 3.11 and
ipympl 0.10). Nothing else in :mod:`hexrules.plot` touches a private attribute of a matplotlib
or ipympl object, and the drawing keeps its own per-artist data in its own objects (e.g.
:class:`~hexrules.plot.board.BoardArtists` keeps the ends of each path arrow in a dict keyed by
the arrow), never as extra attributes set on artists.

* :func:`install_legend`: make a :class:`~matplotlib.legend.Legend` subclass the axes' legend,
  as :meth:`Axes.legend <matplotlib.axes.Axes.legend>` does for a plain one (``ax.legend_`` and
  the legend's ``_remove_method``).
* :func:`set_arrow_shrink`: change how far a :class:`~matplotlib.patches.FancyArrowPatch`
  stops short of its ends (``shrinkA`` / ``shrinkB``, read at draw time, with no setter).
* :func:`keep_data_url_valid`: the ipympl 0.10 ``syncing_data_url`` workaround.
"""

from __future__ import annotations

from typing import Any

__all__ = ["install_legend", "set_arrow_shrink", "keep_data_url_valid"]


def install_legend(ax: Any, legend: Any) -> Any:
    """Make ``legend`` (a :class:`~matplotlib.legend.Legend`, e.g. a subclass) the legend of ``ax``.

    :meth:`Axes.legend <matplotlib.axes.Axes.legend>` builds a plain ``Legend`` itself, so a
    subclass (the board's static legend) is installed the way it installs its own: stored as
    ``ax.legend_`` (what ``ax.get_legend()`` returns and what the axes draws), with a
    ``_remove_method`` so that ``legend.remove()`` clears ``ax.legend_`` again. matplotlib's own
    ``_remove_method`` is the private ``Axes._remove_legend``; the lambda here does the same.
    Replacing the legend replaces the previous one, as ``ax.legend(...)`` does.

    Returns
    -------
    matplotlib.legend.Legend
        ``legend``.
    """
    ax.legend_ = legend
    legend._remove_method = lambda _legend: setattr(ax, "legend_", None)
    return legend


def set_arrow_shrink(arrow: Any, shrink_a: float, shrink_b: float) -> None:
    """Set how far (points) ``arrow`` stops short of its start and end.

    :class:`~matplotlib.patches.FancyArrowPatch` takes ``shrinkA`` / ``shrinkB`` in its
    constructor only and reads the attributes of those names at draw time; there is no setter.
    A board's pooled arrows change ends, and so their shrink, when tokens move.
    """
    arrow.shrinkA, arrow.shrinkB = shrink_a, shrink_b


def keep_data_url_valid(canvas: Any) -> None:
    """Stop an ipympl canvas from syncing an invalid ``_data_url`` to the browser.

    ipympl 0.10.0's ``Canvas.send_binary`` stores each frame drawn before the browser's
    ``initialized`` message in ``_data_url`` as bare base64, without the
    ``data:image/png;base64,`` prefix. A browser canvas model created from that state loads it
    as a relative URL, the image is "broken", and the model's ``drawImage`` calls throw before
    its view is sized: the figure stays a blank 0 x 0 canvas (seen in JupyterLab when the
    browser asked for a frame before ``initialized`` reached the kernel). Turning
    ``syncing_data_url`` off, as ipympl itself does on ``initialized``, leaves ``_data_url``
    null; the browser then shows the first frame it is sent. Other canvases are left alone.

    ``tests/test_ipympl_canvas.py`` fails when ipympl no longer has the bug (then this function
    and its call in :func:`~hexrules.plot.figure.new_figure` can go).
    """
    if getattr(canvas, "syncing_data_url", None) is True:
        canvas.syncing_data_url = False
