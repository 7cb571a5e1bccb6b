"""Figures: the one factory every picture of the kit is made by, and its sizes.

* :func:`new_figure` makes every figure (``pyplot=True`` for explorers: an ipympl canvas under
  ``%matplotlib widget``, with the workaround of :func:`hexrules.plot._mpl.keep_data_url_valid`,
  its toolbar off the figure (:func:`hexrules.plot._mpl.place_toolbar`: above a map, hidden on a
  chart) and the faster frames of :func:`hexrules.plot._mpl.fast_frames`; texts drawn from a cache
  (:func:`hexrules.plot._mpl.cached_text`, pixel for pixel as matplotlib draws them);
  ``pyplot=False`` for files), sized by :func:`board_figsize` within :data:`MAX_FIGURE_WIDTH`
  (:func:`fit_figure` sizes it again for another board; :func:`grow_figure` makes it taller for a
  legend longer than the board is high);
  ``layered=True`` makes it a :class:`LayeredFigure`, which draws its static part once and then
  only the artists declared dynamic (matplotlib's blitting, for an explorer's redraws);
* :data:`PNG_METADATA` and :data:`SVG_METADATA` keep files free of dates and versions (the
  pictures themselves: :mod:`hexrules.plot.png`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

from matplotlib.figure import Figure

from ..errors import HexrulesError
from ._mpl import cached_text, drawing_disabled, fast_frames, keep_data_url_valid, place_toolbar, render_lock

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..board import Board

__all__ = [
    "NOTEBOOK_COLUMN",
    "MAX_FIGURE_PIXELS",
    "MAX_FIGURE_WIDTH",
    "CHART_WIDTH",
    "LEGEND_BELOW",
    "PNG_METADATA",
    "SVG_METADATA",
    "VIEW_PAD",
    "Room",
    "NO_ROOM",
    "TITLE_ROOM",
    "board_extent",
    "board_figsize",
    "new_figure",
    "fit_figure",
    "grow_figure",
    "LayeredFigure",
]

#: ``metadata=`` for ``savefig(format="png")`` that leaves out the (version-bearing) Software key.
PNG_METADATA: dict[str, Any] = {"Software": None}
#: ``metadata=`` for ``savefig(format="svg")`` without date, creator or other run-dependent keys.
SVG_METADATA: dict[str, Any] = {"Date": None, "Creator": None, "Format": None, "Type": None}


#: Room a board's view leaves beyond its hexes' corners on every side (hex radii): what
#: :func:`~hexrules.plot.board.draw_board` adds to :func:`board_extent`.
VIEW_PAD = 0.15

#: Room a board's view leaves beyond :data:`VIEW_PAD` on each side, in hex radii: ``(left, right,
#: top, bottom)``, top being up the page (row 1's side). A picture that draws beyond the board's
#: edge asks for it (a Push's X on a step off the board: :meth:`hexrules.plot.forced.ForcedLayer.room`),
#: from :func:`new_figure` (the figure grows to hold it) and :func:`~hexrules.plot.board.draw_board`
#: (the view).
Room = tuple[float, float, float, float]

#: No room beyond :data:`VIEW_PAD`.
NO_ROOM: Room = (0.0, 0.0, 0.0, 0.0)

#: Inches a board figure keeps above its boards for an axes title (``new_figure(title=False)``
#: leaves them out: a map that never has one).
TITLE_ROOM = 0.35


def board_extent(board: "Board", size: float = 1.0, room: Room = NO_ROOM) -> tuple[float, float, float, float]:
    """``(xmin, xmax, ymin, ymax)`` of every hex corner, in layout pixels, and ``room`` (hex radii)
    beyond them on each side (``(left, right, top, bottom)``; y grows down the page)."""
    layout = board.layout(size)
    xs, ys = [], []
    for h in board:
        cx, cy = layout.hex_to_pixel(h)
        xs.append(cx)
        ys.append(cy)
    left, right, top, bottom = (size * r for r in room)
    if not xs:
        return (-1.0 - left, 1.0 + right, -1.0 - top, 1.0 + bottom)
    return min(xs) - size - left, max(xs) + size + right, min(ys) - size - top, max(ys) + size + bottom


#: Width (CSS pixels) of JupyterLab's notebook column (a cell's output area) in a 1400 px wide
#: window with the file browser open, JupyterLab's first layout: measured in Chromium by
#: ``tests/browser/test_figure_width.py`` (JupyterLab 4.6).
NOTEBOOK_COLUMN = 968

#: The widest figure an explorer shows (pixels at 100 dpi, ipympl's CSS size): the column less
#: room for a wider file browser or a scroll bar. Two boards side by side (9.7 inches) and the
#: Crush charts (9.4) were wider than the column and were cut (a new-user trial).
MAX_FIGURE_PIXELS = 900

#: Widest figure (inches) :func:`board_figsize` makes, two boards side by side included: with
#: its 0.3 inch margin, :data:`MAX_FIGURE_PIXELS` at 100 dpi.
MAX_FIGURE_WIDTH = MAX_FIGURE_PIXELS / 100 - 0.3

#: Width (inches) of the Crush charts' figures (three panels), :data:`MAX_FIGURE_PIXELS` at 100 dpi.
CHART_WIDTH = MAX_FIGURE_PIXELS / 100

#: Height (inches) :func:`new_figure` adds under the boards for a legend there (``legend="below"``).
LEGEND_BELOW = 0.75


def board_figsize(board: "Board", ncols: int = 1, *, max_width: float = MAX_FIGURE_WIDTH,
                  legend: bool | str = True, max_hex_inches: float = 0.8, room: Room = NO_ROOM,
                  title: bool = True) -> tuple[float, float]:
    """A figure size (inches) that shows ``ncols`` copies of ``board`` side by side.

    Hexes are at most ``max_hex_inches`` across and the whole figure at most ``max_width`` + 0.3
    inches wide (a 60 x 60 board gets small hexes); ``legend=True`` leaves room at the right,
    ``legend="below"`` under the boards; ``room`` (:data:`Room`) around each board is drawn at the
    hexes' scale (the figure grows; within ``max_width`` the hexes shrink). ``title=False``: no
    room above the boards for a title (:data:`TITLE_ROOM` inches less).

    >>> from hexrules import Board
    >>> w, h = board_figsize(Board.rectangle(7, 5), 2, legend="below")
    >>> w <= MAX_FIGURE_WIDTH + 0.3
    True
    """
    x0, x1, y0, y1 = board_extent(board, room=room)
    w, h = x1 - x0, y1 - y0
    side = 1.9 if legend is True else 0.2
    below = LEGEND_BELOW if legend == "below" else 0.0
    unit = min(max_hex_inches / math.sqrt(3.0), (max_width - side) / (ncols * w), 8.0 / h)
    return (round(ncols * w * unit + side + 0.3, 2), round(h * unit + 0.8 - (0 if title else TITLE_ROOM) + below, 2))


def new_figure(board: "Board | None", ncols: int = 1, *, legend: bool | str = True,
               figsize: tuple[float, float] | None = None, pyplot: bool = True,
               caption: Sequence[str] | None = None, layered: bool = False, room: Room = NO_ROOM,
               title: bool = True, **kwargs: Any) -> tuple[Figure, list["Axes"]]:
    """A figure with ``ncols`` axes side by side: every figure of hexrules is made here.

    Parameters
    ----------
    board : Board or None
        The board the axes will show (for the size and margins), or None for a chart (then
        ``figsize`` is required and the axes keep matplotlib's default margins, which the
        caller adjusts).
    ncols : int
        Axes side by side (e.g. 2 to compare two readings of a rule, 3 chart panels).
    legend : bool or "below"
        Leave room at the right for :func:`draw_board`'s legend (with a board), or under the
        boards (``"below"``, for boards side by side: :meth:`BoardArtists.legend` with
        ``below=True``).
    figsize : (float, float), optional
        Inches; default :func:`board_figsize` (plus room for ``caption``).
    pyplot : bool
        True (default): create it with :func:`matplotlib.pyplot.figure` inside
        :func:`matplotlib.pyplot.ioff`, so it is registered with pyplot (an ipympl canvas under
        ``%matplotlib widget``; counted by ``plt.get_fignums()``) but not shown by itself: what
        explorers use. False: a bare :class:`~matplotlib.figure.Figure` with an Agg canvas, not
        registered (for files: ``figures/``, :func:`~hexrules.plot.png.to_png`).
    caption : sequence of str, optional
        Lines written in monospace under the board (a figure's explanation); the figure is made
        taller by 0.2 inch per line (plus 0.25) to hold them. Only with a board.
    layered : bool
        Make a :class:`LayeredFigure` (an explorer declares its changing artists with
        :meth:`LayeredFigure.set_dynamic`; each redraw then blits them over the static part,
        drawn once); default a plain :class:`~matplotlib.figure.Figure`.
    room : Room
        Room around each board beyond :data:`VIEW_PAD` (hex radii: left, right, top, bottom), for
        what is drawn beyond the board's edge; give ``draw_board`` the same. Only with a board.
    title : bool
        Leave room above the boards for an axes title (default); False for a map that never has
        one (the board editor's), whose hexes then start at the figure's top. Only with a board;
        :func:`fit_figure` keeps the choice.
    **kwargs
        Passed to the figure (e.g. ``dpi``).

    Returns
    -------
    (Figure, list of Axes)

    Raises
    ------
    HexrulesError
        If ``board`` is None and ``figsize`` is not given, or ``caption`` is given without a
        board.

    Examples
    --------
    >>> fig, axes = new_figure(None, 3, figsize=(9.0, 3.0), pyplot=False)
    >>> len(axes), fig.get_size_inches().tolist()
    (3, [9.0, 3.0])
    """
    if board is None and figsize is None:
        raise HexrulesError("new_figure(None, ...) needs figsize=(width, height) in inches")
    if board is None and caption:
        raise HexrulesError(f"caption={list(caption)!r} needs a board to write under")
    lines = list(caption or [])
    if board is not None and figsize is None:
        figsize = board_figsize(board, ncols, legend=legend, room=room, title=title)
        if lines:
            w, h = figsize
            figsize = (w, h + (0.2 * len(lines) + 0.25))
    if pyplot:
        import matplotlib.pyplot as plt

        # Import the backend before ioff(): IPython's inline backend turns interactive mode on when
        # it is imported, which inside ioff() would queue this figure for a static copy under the
        # cell (then closed), beside the explorer that shows it.
        plt.draw_if_interactive()
        with plt.ioff():
            fig = plt.figure(figsize=figsize, FigureClass=LayeredFigure if layered else Figure, **kwargs)
        keep_data_url_valid(fig.canvas)
        place_toolbar(fig.canvas, pan_zoom=board is not None)  # above a map, hidden on a chart
        fast_frames(fig.canvas)
    else:
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        fig = (LayeredFigure if layered else Figure)(figsize=figsize, **kwargs)
        FigureCanvasAgg(fig)
    cached_text(fig.canvas)
    if board is not None:
        fig.hexrules_title = title  # for fit_figure
        _board_margins(fig, figsize, legend, title)
    axes = [fig.add_subplot(1, ncols, i + 1) for i in range(ncols)]
    if lines:
        height = figsize[1]
        extra = 0.2 * len(lines) + 0.25
        fig.subplots_adjust(bottom=(extra + 0.1) / height, top=1 - 0.45 / height)
        fig.text(0.02, 0.03, "\n".join(lines), ha="left", va="bottom", fontsize=8.5, family="DejaVu Sans Mono",
                 linespacing=1.4)
    return fig, axes


def _board_margins(fig: Figure, figsize: tuple[float, float], legend: bool | str, title: bool = True) -> None:
    """The margins of a board figure of ``figsize`` inches: room for the legend at the right or
    below, and for a title above (``title``; else 0.1 inch)."""
    right = 1 - 1.8 / figsize[0] if legend is True else 0.98
    bottom = (LEGEND_BELOW + 0.05) / figsize[1] if legend == "below" else 0.04
    top = 0.92 if title else 1 - 0.1 / figsize[1]
    fig.subplots_adjust(left=0.02, right=max(right, 0.5), bottom=bottom, top=top, wspace=0.05)


def fit_figure(fig: Figure, board: "Board", ncols: int = 1, *, legend: bool | str = True,
               room: Room = NO_ROOM) -> bool:
    """Give ``fig`` the size and margins :func:`new_figure` gives a figure made for ``board``.

    For a figure that shows another board than the one it was made for (the board editor's map
    after rows or columns were added, or another board opened): its hexes stay the size the kit
    draws that board at, within :data:`MAX_FIGURE_WIDTH`. An ipympl canvas follows the new size
    (matplotlib's ``resize`` message). The caller draws the board again (fonts follow the size).

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        A figure of :func:`new_figure` with a board and no caption.
    board : Board
    ncols : int
        Boards side by side.
    legend : bool or "below"
        As :func:`new_figure`'s.
    room : Room
        As :func:`new_figure`'s.

    Returns
    -------
    bool
        True when the size changed.

    Examples
    --------
    >>> from hexrules import Board
    >>> fig, _ = new_figure(Board.rectangle(4, 3), pyplot=False)
    >>> fit_figure(fig, Board.rectangle(12, 10)), tuple(fig.get_size_inches()) == board_figsize(Board.rectangle(12, 10))
    (True, True)
    """
    title = getattr(fig, "hexrules_title", True)  # as new_figure made it
    size = board_figsize(board, ncols, legend=legend, room=room, title=title)
    if tuple(round(float(v), 2) for v in fig.get_size_inches()) == size:
        return False
    fig.set_size_inches(size, forward=True)
    _board_margins(fig, size, legend, title)
    return True


def grow_figure(fig: Figure, inches: float) -> bool:
    """Make ``fig`` ``inches`` taller at the bottom, all it holds kept the size it was.

    For a board's legend longer than the board is high (a small board: a legend lists its cost
    scale, paths and sides whatever the board's size; :meth:`~hexrules.plot.board.BoardArtists.legend`
    measures it and calls this). Every axes keeps its size and its distance from the figure's top
    (so the board keeps its hexes, and a legend anchored to it moves with it); a figure text in
    the lower half (a caption) keeps its distance from the bottom, one in the upper half from the
    top. The new height is rounded up to a hundredth of an inch (the same figure every time). An
    ipympl canvas follows the new size (matplotlib's ``resize`` message), as for
    :func:`fit_figure`.

    Returns
    -------
    bool
        True when the figure grew (``inches`` > 0).

    Examples
    --------
    >>> fig, (ax,) = new_figure(None, figsize=(4.0, 2.0), pyplot=False)
    >>> top = ax.get_position().y1 * 2.0
    >>> grow_figure(fig, 0.5), fig.get_size_inches().tolist()
    (True, [4.0, 2.5])
    >>> bool(round(2.5 - ax.get_position().y1 * 2.5, 6) == round(2.0 - top, 6))  # as far from the top
    True
    """
    if not inches > 0:
        return False
    w, h = (float(v) for v in fig.get_size_inches())
    new = math.ceil(round((h + inches) * 100, 6)) / 100
    k = h / new
    for ax in fig.axes:
        pos = ax.get_position(original=True)
        ax.set_position([pos.x0, 1 - (1 - pos.y0) * k, pos.width, pos.height * k])
    pars = fig.subplotpars  # a later subplots_adjust of one margin keeps the others where they are now
    pars.update(bottom=1 - (1 - pars.bottom) * k, top=1 - (1 - pars.top) * k)
    for t in fig.texts:
        if t.get_transform() is fig.transFigure:
            y = t.get_position()[1]
            t.set_y(y * k if y < 0.5 else 1 - (1 - y) * k)
    fig.set_size_inches(w, new, forward=True)
    return True


class LayeredFigure(Figure):
    """A figure that draws its static part once, then only what changes (blitting).

    The matplotlib way of fast redraws (the blitting tutorial's ``BlitManager``, which ipympl
    supports): the artists that change when a control moves are declared dynamic
    (:meth:`set_dynamic`; matplotlib's ``set_animated(True)``, so their changes do not make the
    figure stale and a normal draw leaves them out). A draw on an Agg renderer (Agg, ipympl),
    not saving, then

    * draws the static part as usual and keeps its pixels (``copy_from_bbox``) when the figure
      is stale (a static artist changed: limits, ticks, a legend, a colour bar, a heatmap's
      cells...), nothing is kept yet, the renderer's size or dpi changed (a resize), or the
      dynamic layer changed; otherwise puts the kept pixels back (``restore_region``);
    * but when the static change lies in some axes only (a heatmap and its colour bar, not the
      charts beside them), puts the kept pixels back, wipes those axes' regions to the
      figure's patch and draws only those axes again, with every axes whose ink may touch
      theirs (bounding boxes); a figure-level artist in such a region, or new ink over an
      axes not drawn again, makes it a whole draw;
    * then draws the dynamic layer over them.

    The dynamic layer of an axes is the declared artist drawn first and every artist of that
    axes a full draw draws after it (by zorder, as :meth:`Axes.draw
    <matplotlib.axes.Axes.draw>` orders them): a static artist over a dynamic one (a spine over
    a bar, a legend over a curve) is drawn with the layer, so the picture is the one a full
    draw makes. Any other draw (``savefig`` to PNG, SVG or PDF, another renderer, a draw that
    renders nothing, a figure with a layout engine) draws every artist in its place and forgets
    the kept pixels.

    What the caller keeps true: a static artist is changed through setters that mark it stale
    (matplotlib's do; set a value only when it changes, or the figure is drawn whole every
    time); dynamic data does not drive autoscaling (fix the limits); and dynamic artists do not
    overlap other axes, nor figure-level artists (``fig.text``, ``suptitle``): those are drawn
    before the layer here but after it in a full draw.

    Attributes
    ----------
    full_draws, partial_draws, cached_draws : int
        How many blitting draws drew the static part whole, drew some axes of it again, and
        reused it (benchmarks, tests).

    Examples
    --------
    >>> fig, (ax,) = new_figure(None, figsize=(3.0, 2.0), pyplot=False, layered=True)
    >>> ax.set_xlim(0, 4); ax.set_ylim(0, 1)
    (0.0, 4.0)
    (0.0, 1.0)
    >>> bars = ax.bar(range(4), [0.2, 0.4, 0.6, 0.8])
    >>> _ = fig.set_dynamic(*bars)
    >>> fig.canvas.draw(); bars[0].set_height(0.9); fig.canvas.draw()
    >>> fig.full_draws, fig.cached_draws
    (1, 1)
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._declared: list[Any] = []
        self._layer: list[Any] = []
        self._background: tuple[tuple[int, int, float], Any] | None = None
        self._extents: dict[int, Any] = {}  # static artists' padded extents, until the next full draw
        # declared artists' padded extents, each kept while the artist is not stale (matplotlib's
        # setters mark an artist stale, its draw unmarks it), until the next full draw
        self._dynamic_extents: dict[int, Any] = {}
        self._declared_ids: set[int] = set()
        # where each axes' static part may have put ink in the kept pixels (display pixels), and
        # the pixels of the figure's patch alone (to wipe an axes' region): for redrawing only the
        # axes that changed (_draw_axes)
        self._axes_extents: dict[int, Any] = {}
        self._blank: tuple[tuple[int, int, float], Any] | None = None
        self.full_draws = 0
        self.cached_draws = 0
        self.partial_draws = 0

    @property
    def dynamic(self) -> tuple[Any, ...]:
        """The artists declared dynamic, in the order declared."""
        return tuple(self._declared)

    @property
    def layer(self) -> tuple[Any, ...]:
        """The artists the last blitting draw drew over the kept static part (the declared ones and
        the static ones over them), in drawing order."""
        return tuple(self._layer)

    def set_dynamic(self, *artists: Any, replace: bool = False) -> tuple[Any, ...]:
        """Declare ``artists`` dynamic: redrawn on every draw, over the kept static part.

        Parameters
        ----------
        *artists : matplotlib.artist.Artist
            Artists of axes of this figure (bars, texts, lines, patches, an axes' ``title``...).
        replace : bool
            Forget the artists declared before (drawn in their place again, if the figure still
            holds them): for a chart drawn afresh (``ax.clear()`` and new artists).

        Returns
        -------
        tuple of Artist
            Every artist declared so far.

        Raises
        ------
        HexrulesError
            If an artist does not belong to an axes of this figure (a figure-level artist is
            drawn after every axes, so it cannot be blitted in its place).
        """
        if replace:
            for a in self._declared:
                a.set_animated(False)
            self._declared = []
        known = {id(a) for a in self._declared}
        for a in artists:
            ax = getattr(a, "axes", None)
            if ax is None or ax not in self.axes:
                raise HexrulesError(f"set_dynamic: {a!r} is not an artist of an axes of this figure")
            if id(a) not in known:
                known.add(id(a))
                self._declared.append(a)
                a.set_animated(True)
        self._background = None
        self.stale = True
        return self.dynamic

    def _drawn(self, ax: Any) -> list[Any]:
        """The artists :meth:`Axes.draw <matplotlib.axes.Axes.draw>` draws over ``ax``'s patch, in its order."""
        drawn = [a for a in ax.get_children() if a is not ax.patch]
        if not (ax.axison and ax.get_frame_on()):
            drawn = [a for a in drawn if a not in ax.spines.values()]
        if not ax.axison:
            drawn = [a for a in drawn if a not in (ax.xaxis, ax.yaxis)]
        drawn.sort(key=lambda a: a.get_zorder())  # stable, as Axes.draw sorts
        return drawn

    def _extent(self, a: Any, renderer: Any) -> Any:
        """Where ``a`` may put ink (display pixels, padded for line widths and anti-aliasing), or None."""
        static = id(a) not in self._declared_ids
        kept = self._extents if static else self._dynamic_extents
        if id(a) in kept and (static or not a.stale):
            return kept[id(a)]
        box = a.get_tightbbox(renderer) if a.get_visible() else None
        patch = a.get_bbox_patch() if box is not None and hasattr(a, "get_bbox_patch") else None
        if patch is not None:  # a text's box is drawn around it, outside its extent
            from matplotlib.transforms import Bbox

            box = Bbox.union([box, patch.get_window_extent(renderer)])
        if box is not None and (box.width < 0 or box.height < 0 or not all(map(math.isfinite, box.bounds))):
            box = None
        if box is not None:
            width = a.get_linewidth() if hasattr(a, "get_linewidth") else 0.0
            width = float(max(width)) if hasattr(width, "__len__") and len(width) else float(width or 0.0)
            box = box.padded(2.0 + width * self.dpi / 72.0 / 2)
        kept[id(a)] = box
        return box

    def _forget_extents(self) -> None:
        """Forget every kept extent (the static part is drawn anew: limits, ticks, sizes may move)."""
        self._extents = {}
        self._dynamic_extents = {}

    def _dynamic_layer(self, renderer: Any) -> list[Any]:
        """The artists drawn over the kept static part, in the order a full draw draws them.

        In each axes holding declared artists: the declared ones and, after the first of them,
        every static artist whose ink may touch (bounding boxes) the ink of one already in the
        layer, drawn before it: a full draw paints it over them.
        """
        self._declared_ids = {id(a) for a in self._declared}
        layer: list[Any] = []
        for ax in sorted(self.axes, key=lambda a: a.get_zorder()):
            drawn = self._drawn(ax)
            first = next((i for i, a in enumerate(drawn) if id(a) in self._declared_ids), None)
            if first is None:
                continue
            under: list[Any] = []
            for a in drawn[first:]:
                if id(a) in self._declared_ids:
                    box = self._extent(a, renderer)
                else:
                    box = self._extent(a, renderer)
                    if box is None or not any(box.overlaps(b) for b in under):
                        continue
                layer.append(a)
                if box is not None:
                    under.append(box)
        return layer

    def _animate(self, layer: list[Any]) -> None:
        """Make ``layer`` the animated artists (left out of a normal draw), the others drawn again."""
        ids = {id(a) for a in layer}
        for a in self._layer:
            if id(a) not in ids:
                a.set_animated(False)
        for a in layer:
            a.set_animated(True)
        self._layer = layer

    def _draw_static(self, renderer: Any, layer: list[Any]) -> bool:
        """Draw everything but ``layer`` (which becomes :attr:`layer`); False if the draw moved
        artists so that the layer does not settle (then the caller draws everything)."""
        for _ in range(3):  # again if the draw moved what overlaps (ticks, a title's place...)
            self._animate(layer)
            super().draw(renderer)  # animated artists left out
            self._forget_extents()
            layer = self._dynamic_layer(renderer)
            if [id(a) for a in layer] == [id(a) for a in self._layer]:
                return True
        return False

    def _axes_extent(self, ax: Any, renderer: Any) -> Any:
        """Where ``ax`` may put ink (its tight box, display pixels, padded), or None if unknown."""
        box = ax.get_tightbbox(renderer) if ax.get_visible() else None
        if box is None or not all(map(math.isfinite, box.bounds)):
            return None
        return box.padded(4.0)

    def _keep_axes_extents(self, renderer: Any) -> None:
        """Note where each axes' static part put ink, for :meth:`_draw_axes` (several axes only)."""
        self._axes_extents = ({id(ax): self._axes_extent(ax, renderer) for ax in self.axes}
                              if len(self.axes) > 1 else {})

    def _wipe(self, renderer: Any, box: Any) -> None:
        """Put the figure's patch alone back over ``box`` (display pixels, y up; whole pixels out)."""
        if self._blank is None or self._blank[0] != (renderer.width, renderer.height, self.dpi):
            kept = renderer.copy_from_bbox(self.bbox)
            renderer.clear()
            self.patch.draw(renderer)
            self._blank = ((renderer.width, renderer.height, self.dpi), renderer.copy_from_bbox(self.bbox))
            renderer.restore_region(kept)
        height = int(renderer.height)
        x0, x1 = max(0, math.floor(box.x0)), min(int(renderer.width) - 1, math.ceil(box.x1))
        top, bottom = max(0, height - math.ceil(box.y1)), min(height - 1, height - math.floor(box.y0))
        if x0 <= x1 and top <= bottom:  # Agg's rectangle: rows from the top, both ends included
            renderer.restore_region(self._blank[1], bbox=(x0, top, x1, bottom), xy=(0, 0))

    def _draw_axes(self, renderer: Any) -> bool:
        """Draw again over the kept pixels only the axes whose static part changed; False when
        that cannot give the picture a full draw gives (then the caller draws everything).

        The changed (stale) axes, and every axes whose ink may touch theirs, have their regions
        (where their ink was) wiped to the figure's patch and are drawn again, in the order a
        full draw draws them. Refused when a figure-level artist or the patch changed; given up
        (the caller draws everything over it) when the new ink may touch an axes not drawn
        again or a figure-level artist (those are drawn after the axes), or the dynamic layer
        changes.
        """
        if len(self.axes) < 2 or len(self._axes_extents) != len(self.axes) or self.patch.stale:
            return False
        others = [a for a in self.get_children() if a is not self.patch and a not in self.axes]
        if any(a.stale for a in others):
            return False
        old = self._axes_extents
        changed = [ax for ax in self.axes if ax.stale]
        if not changed or any(old.get(id(ax)) is None for ax in self.axes):
            return False
        boxes = [old[id(ax)] for ax in changed]
        redraw = {id(ax) for ax in changed}
        grown = True
        while grown:  # an axes whose ink touches a wiped region is wiped and drawn again too
            grown = False
            for ax in self.axes:
                if id(ax) not in redraw and any(old[id(ax)].overlaps(b) for b in boxes):
                    redraw.add(id(ax))
                    boxes.append(old[id(ax)])
                    grown = True
        if len(redraw) == len(self.axes):
            return False
        renderer.restore_region(self._background[1])
        for box in boxes:
            self._wipe(renderer, box)
        with render_lock():
            for ax in self._get_draw_artists(renderer):  # zorder, as Figure.draw; runs apply_aspect
                if id(ax) in redraw:
                    ax.draw(renderer)
        new = {id(ax): self._axes_extent(ax, renderer) for ax in self.axes if id(ax) in redraw}
        kept = [old[id(ax)] for ax in self.axes if id(ax) not in redraw]
        others_boxes = [a.get_tightbbox(renderer) for a in others if a.get_visible()]
        kept += [b.padded(4.0) for b in others_boxes if b is not None]
        if any(b is None or any(b.overlaps(k) for k in kept) for b in new.values()):
            return False  # new ink where an axes not drawn again, or a figure-level artist, is
        drawn = {id(a) for ax in self.axes if id(ax) in redraw for a in ax.get_children()}
        self._extents = {k: v for k, v in self._extents.items() if k not in drawn}
        self._dynamic_extents = {k: v for k, v in self._dynamic_extents.items() if k not in drawn}
        if [id(a) for a in self._dynamic_layer(renderer)] != [id(a) for a in self._layer]:
            return False  # a static artist joins or leaves the layer: drawn whole
        self._axes_extents.update(new)
        return True

    def draw(self, renderer: Any) -> None:
        """Draw the figure: the kept static part and the dynamic layer, or everything (see the class)."""
        from matplotlib.backend_bases import DrawEvent
        from matplotlib.backends.backend_agg import RendererAgg

        blit = (self.get_visible() and isinstance(renderer, RendererAgg) and not self.canvas.is_saving()
                and not drawing_disabled(renderer) and self.get_layout_engine() is None)
        key = (renderer.width, renderer.height, self.dpi) if blit else None
        if (blit and self.stale and self._background is not None and self._background[0] == key
                and self._draw_axes(renderer)):
            self._background = (key, renderer.copy_from_bbox(self.bbox))
            self.partial_draws += 1
            self._finish(renderer, self._layer)
            self.canvas.callbacks.process("draw_event", DrawEvent("draw_event", self.canvas, renderer))
            return
        if not blit or self.stale or self._background is None or self._background[0] != key:
            self._background = None
            self._forget_extents()
        # with nothing kept, the static part is drawn first and the layer found after it
        # (_draw_static): the last layer is the first guess (the layer found before that draw
        # would be found again after it, on extents the draw may move)
        if self._background is None:
            layer = (self._layer or self._dynamic_layer(renderer)) if blit else []
        else:
            layer = self._dynamic_layer(renderer)
        drawn = None
        if self._background is not None and [id(a) for a in layer] == [id(a) for a in self._layer]:
            renderer.restore_region(self._background[1])
            self.cached_draws += 1
            drawn = DrawEvent("draw_event", self.canvas, renderer)
        elif blit and self._draw_static(renderer, layer):
            layer = self._layer
            self._background = (key, renderer.copy_from_bbox(self.bbox))
            self._keep_axes_extents(renderer)
            self.full_draws += 1
        else:  # every artist in its place, nothing kept
            every = list({id(a): a for a in [*self._layer, *self._declared]}.values())
            for a in every:
                a.set_animated(False)
            try:
                super().draw(renderer)
            finally:
                for a in every:
                    a.set_animated(True)
            return
        self._finish(renderer, layer)
        if drawn is not None:
            self.canvas.callbacks.process("draw_event", drawn)

    def _finish(self, renderer: Any, layer: list[Any]) -> None:
        """Draw ``layer`` over the static part; leave the figure and its axes not stale (measuring
        extents updates ticks, which marks them stale: an axes is stale at the next draw only
        if something of it changed)."""
        with render_lock():
            for a in layer:
                a.draw(renderer)
        for ax in self.axes:
            ax.stale = False
        self.stale = False
