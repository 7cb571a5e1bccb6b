"""Drawing Crush (RULES.md C1-C5): the dice charts, on a given axes, changed in place.

Plain functions: each ``draw_*`` makes its artists once (empty), each ``set_*`` changes them in
place: damage bars (:func:`draw_damage_bars`, :func:`set_bars`, their values written horizontally
when they fit so, :func:`fit_bar_texts`), "P(damage >= k)" curves
(:func:`draw_at_least`, :func:`set_at_least`), a heatmap over two dice parameters
(:func:`draw_heatmap`, :func:`set_heatmap`, with its colour bar in percent or not,
:func:`set_colorbar_percent`) and the expected-damage lines (:func:`draw_expected_damage`). They
take the numbers (probabilities, tables), never compute them: :mod:`hexrules.dice` does
(:mod:`hexrules.widgets.crush`, the chart files: :func:`hexrules.plot.diagram.draw_chart`).
Probabilities are written as :func:`hexrules.words.percent` writes them everywhere
(``"12.5%"``), so a bar says what the tables say. Colours: ``theme.crush``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import matplotlib
import numpy as np

from ..errors import HexrulesError
from ..words import percent
from .theme import DEFAULT_THEME, Theme

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = [
    "CRUSH_COVERS",
    "CRUSH_RESOLVES",
    "BAR_FONTSIZE",
    "draw_damage_bars",
    "set_bars",
    "fit_bar_texts",
    "draw_at_least",
    "AT_LEAST_LEGEND_WIDTH",
    "set_at_least",
    "HEATMAP_FONTSIZE",
    "draw_heatmap",
    "set_heatmap",
    "set_colorbar_percent",
    "set_text_color",
    "draw_expected_damage",
]

#: Pre-reduction Cover values charted (= Crush dice, 0-6, C2).
CRUSH_COVERS: tuple[int, ...] = tuple(range(7))
#: Resolve values charted (1-7; 7: no die can reach it, C3).
CRUSH_RESOLVES: tuple[int, ...] = tuple(range(1, 8))
#: Size (points) of the values written over bars (:func:`draw_damage_bars`): a new-user trial read
#: the 6 and 7 points they were written at as tiny (lesson 08).
BAR_FONTSIZE = 8.0
#: Pixels a bar value keeps from another value, another bar and the chart's sides to be written
#: horizontally (:func:`fit_bar_texts`); the font's metrics stand for the rendered box.
BAR_TEXT_GAP = 2.0
#: Room (inches) :func:`draw_at_least`'s legend takes at the right of its axes.
AT_LEAST_LEGEND_WIDTH = 0.7
#: Size (points) of a heatmap's cell values (:func:`draw_heatmap`): the explorers' 7 x 7 and 6 x 6
#: grids hold "100%" and two lines of it at 10 points (a new-user trial could not read 7 and 6).
HEATMAP_FONTSIZE = 10.0


def draw_damage_bars(ax: "Axes", *, color: str | None = None, max_k: int = CRUSH_COVERS[-1], width: float = 0.8,
                     offset: float = 0.0, label: str | None = None, fontsize: float = BAR_FONTSIZE,
                     theme: Theme = DEFAULT_THEME) -> tuple[list, list]:
    """Bars for damage 0..max_k (heights 0 for now) and their value texts; returns ``(bars, texts)``.

    Set heights with :func:`set_bars`; the bars are made once and changed in place. ``color``
    defaults to ``theme.crush["bars"]``; the values are written at ``fontsize`` points
    (:data:`BAR_FONTSIZE`), horizontally. Narrow bars side by side (two series of width 0.4) can
    have values wider than a bar that would run into each other: :func:`fit_bar_texts` turns the
    values of such a chart upright when, and only while, they do not fit horizontally.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> bars, texts = draw_damage_bars(ax, max_k=2)
    >>> set_bars(bars, texts, [Fraction(1, 4), Fraction(3, 4)])
    >>> [b.get_height() for b in bars], [t.get_text() for t in texts]
    ([0.25, 0.75, 0.0], ['25%', '75%', ''])
    """
    color = theme.crush["bars"] if color is None else color
    ks = np.arange(max_k + 1)
    bars = list(ax.bar(ks + offset, np.zeros(len(ks)), width=width, color=color, label=label, zorder=2))
    for b in bars:
        b.set_height(0.0)  # a float, as set_bars gives (bar() leaves numpy's)
    texts = [ax.text(k + offset, 0, "", ha="center", va="bottom", fontsize=fontsize) for k in ks]
    ax.set_xticks(ks)
    ax.set_xlim(-0.6, max_k + 0.6)
    ax.set_ylim(0, 1.08)
    ax.set_ylabel("probability")
    ax.grid(axis="y", alpha=0.3, zorder=0)
    return bars, texts


def set_bars(bars: Sequence[Any], texts: Sequence[Any], probs: Sequence[Any]) -> None:
    """Give ``bars`` the heights ``probs`` (missing ones 0) and write their percentages above them
    (:func:`hexrules.words.percent`: ``"12.5%"``; nothing over a bar of probability 0).

    Only what differs is set (matplotlib's setters mark an artist stale even for the same
    value), so that an unchanged bar keeps its measured extent in a
    :class:`~hexrules.plot.figure.LayeredFigure`.
    """
    for i, (b, t) in enumerate(zip(bars, texts)):
        p = float(probs[i]) if i < len(probs) else 0.0
        if b.get_height() != p:
            b.set_height(p)
        place = (b.get_x() + b.get_width() / 2, p + 0.01)
        if tuple(t.get_position()) != place:
            t.set_position(place)
        t.set_text(percent(probs[i]) if i < len(probs) and probs[i] > 0 else "")  # stale only if it changes


def fit_bar_texts(bars: Sequence[Any], texts: Sequence[Any]) -> bool:
    """Write the values over a chart's bars horizontally if they all fit so, else upright.

    ``bars`` and ``texts`` are every bar of one chart and its value (every series, as
    :func:`draw_damage_bars` made them, after :func:`set_bars`). Written horizontally, each value
    centred over its bar must keep :data:`BAR_TEXT_GAP` pixels from every other value, every
    other bar and the chart's left and right sides; then every value is horizontal, else every
    value is upright (rotated 90 degrees, reading upward from its bar's top), which a narrow bar
    beside another always leaves room for. One way for the whole chart, so that values read
    alike; it changes with the values (two series of 0.4-wide bars: horizontal for a few dice,
    upright for many). The boxes come from the font's metrics (no renderer); a text's rotation
    is set only when it changes (it is then stale).

    Returns
    -------
    bool
        True when the values are written horizontally.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from matplotlib.figure import Figure
    >>> ax = Figure(figsize=(3.4, 2.4)).add_subplot()
    >>> bars, texts = draw_damage_bars(ax, max_k=2)
    >>> set_bars(bars, texts, [Fraction(1, 4), Fraction(3, 4)])
    >>> fit_bar_texts(bars, texts), texts[0].get_rotation()
    (True, 0.0)
    >>> narrow, values = draw_damage_bars(ax, width=0.4, offset=0.2)  # a second series beside the first
    >>> set_bars(narrow, values, [Fraction(1, 4), Fraction(3, 4)] + [Fraction(1, 9)] * 5)
    >>> fit_bar_texts(bars + narrow, texts + values), texts[0].get_rotation()
    (False, 90.0)
    """
    shown = [(b, t) for b, t in zip(bars, texts) if t.get_visible() and t.get_text()]
    fits = True
    if shown:
        ax = shown[0][1].axes
        frame = ax.bbox
        gap = BAR_TEXT_GAP
        boxes = [_horizontal_box(t) for _, t in shown]
        rects = [_bar_box(b) for b in bars if b.get_height() > 0]
        own = {id(b): _bar_box(b) for b, _ in shown}
        fits = all(frame.x0 + gap <= x0 and x1 <= frame.x1 - gap for x0, _, x1, _ in boxes)
        for i, (x0, y0, x1, y1) in enumerate(boxes):
            if not fits:
                break
            others = boxes[i + 1:] + [r for r in rects if r != own[id(shown[i][0])]]
            fits = not any(x0 - gap < u1 and u0 < x1 + gap and y0 - gap < v1 and v0 < y1 + gap
                           for u0, v0, u1, v1 in others)
    angle = 0.0 if fits else 90.0
    for t in texts:
        if t.get_rotation() != angle:
            t.set_rotation(angle)
    return fits


def _horizontal_box(text: Any) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)``, display pixels, of ``text`` written horizontally, centred over its
    anchor with its bottom on it (``ha="center", va="bottom"``), from the font's metrics: the
    text's width, and the height of a line of its font."""
    w, h = _text_size(text.get_text(), text.get_fontproperties())
    px, py = text.get_transform().transform(text.get_position())
    scale = text.axes.figure.dpi / 72.0
    return px - w * scale / 2, py, px + w * scale / 2, py + h * scale


def _bar_box(bar: Any) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)``, display pixels, of a bar (a Rectangle in data coordinates)."""
    (x0, y0), (x1, y1) = bar.get_data_transform().transform([(bar.get_x(), bar.get_y()),
                                                        (bar.get_x() + bar.get_width(), bar.get_y() + bar.get_height())])
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


_TEXT_SIZES: dict[tuple, tuple[float, float]] = {}


def _text_size(s: str, prop: Any) -> tuple[float, float]:
    """``(width, line height)`` of ``s`` in points, from its font's outlines (matplotlib's
    :class:`~matplotlib.textpath.TextToPath`; the line at least as high as ``"lp"`` and as the
    font's size, as matplotlib lays a line out), kept per string and font."""
    key = (s, hash(prop))
    if key not in _TEXT_SIZES:
        from matplotlib.textpath import TextToPath

        measure = TextToPath()
        w, _h, _d = measure.get_text_width_height_descent(s, prop, ismath=False)
        _w, lh, _ld = measure.get_text_width_height_descent("lp", prop, ismath=False)
        if len(_TEXT_SIZES) > 4096:
            _TEXT_SIZES.clear()
        _TEXT_SIZES[key] = (float(w), float(max(lh, _h, prop.get_size_in_points())))
    return _TEXT_SIZES[key]


def draw_at_least(ax: "Axes", resolves: Sequence[int] = (2, 3, 4, 5, 6), *,
                  max_k: int = CRUSH_COVERS[-1], theme: Theme = DEFAULT_THEME) -> dict[int, Any]:
    """One "P(damage >= k)" curve per Resolve (empty for now); returns ``{resolve: Line2D}``.

    Fill them with :func:`set_at_least`. The curves take colours along
    ``theme.crush["curves_cmap"]``. Their legend (titled "Resolve", one number an entry) lies
    outside the chart, at its right: every curve starts at P = 1 for k = 0, and with many dice the
    curves of a low Resolve run along the top and those of a high one along the bottom, so no
    corner inside the chart is free of them (a new-user trial: at Cover 6 the legend in the upper
    right hid Resolve 1-3 at k = 4-6). The caller leaves :data:`AT_LEAST_LEGEND_WIDTH` inches
    for it at the right of the axes.
    """
    cmap = matplotlib.colormaps[theme.crush["curves_cmap"]]
    lines = {}
    for i, r in enumerate(resolves):
        (line,) = ax.plot([], [], marker="o", markersize=4, color=cmap(i / max(1, len(resolves) - 1) * 0.9),
                          label=f"Resolve {r}", zorder=3)
        lines[r] = line
    ax.set_xlim(-0.2, max_k + 0.2)
    ax.set_ylim(-0.02, 1.05)
    ax.set_xticks(range(max_k + 1))
    ax.set_xlabel("k (damage)")
    ax.set_ylabel("P(damage ≥ k)")
    ax.grid(alpha=0.3)
    ax.legend(list(lines.values()), [str(r) for r in lines], title="Resolve", fontsize=BAR_FONTSIZE,
              title_fontsize=BAR_FONTSIZE, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0,
              handlelength=1.6, frameon=False)
    return lines


def set_at_least(lines: Mapping[int, Any], tails: Mapping[int, Mapping[int, Any]], current: int | None = None) -> None:
    """Set each curve of :func:`draw_at_least` to its Resolve's ``P(damage >= k)`` table.

    Parameters
    ----------
    lines : mapping of int to Line2D
        ``{resolve: curve}`` from :func:`draw_at_least`.
    tails : mapping of int to mapping of int to number
        ``{resolve: {k: P(damage >= k)}}`` for every Resolve of ``lines`` (C3), e.g.
        ``damage_distribution(cover, r).at_least_table()`` of :mod:`hexrules.dice`.
    current : int, optional
        The Resolve whose curve is drawn thick; the others are thin and faded.

    Raises
    ------
    HexrulesError
        If ``tails`` lacks a Resolve of ``lines``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from matplotlib.figure import Figure
    >>> lines = draw_at_least(Figure().add_subplot(), (4,))
    >>> set_at_least(lines, {4: {0: 1, 1: Fraction(3, 4), 2: Fraction(1, 4)}}, current=4)
    >>> lines[4].get_ydata(), lines[4].get_linewidth()
    ([1.0, 0.75, 0.25], 3.2)
    """
    missing = [r for r in lines if r not in tails]
    if missing:
        raise HexrulesError(f"set_at_least: no P(damage >= k) table for Resolve {missing} (tails has {list(tails)})")
    for r, line in lines.items():
        tail = tails[r]
        line.set_data(list(tail), [float(p) for p in tail.values()])
        line.set_linewidth(3.2 if r == current else 1.2)
        line.set_alpha(1.0 if current is None or r == current else 0.55)


def draw_heatmap(ax: "Axes", rows: Sequence[Any], cols: Sequence[Any], *, cmap: str | None = None, vmax: float = 1.0,
                 xlabel: str = "", ylabel: str = "", fontsize: float = HEATMAP_FONTSIZE,
                 theme: Theme = DEFAULT_THEME) -> tuple[Any, list[list[Any]], Any]:
    """An empty heatmap grid with a text per cell and a frame for the current cell.

    Returns ``(image, texts[row][col], frame)``; fill it with :func:`set_heatmap`, move the
    frame (a :class:`~matplotlib.patches.Rectangle`) with ``frame.set_xy((col - 0.5, row - 0.5))``.
    ``cmap`` defaults to ``theme.crush["heatmap_cmap"]``, the frame is ``theme.crush["frame"]``;
    the cell values are written at ``fontsize`` points (:data:`HEATMAP_FONTSIZE`).
    """
    cmap = theme.crush["heatmap_cmap"] if cmap is None else cmap
    from matplotlib.patches import Rectangle

    img = ax.imshow(np.zeros((len(rows), len(cols))), cmap=cmap, vmin=0, vmax=vmax, origin="lower", aspect="auto")
    # each text lies inside its cell: clipped to the axes' box, it draws the same and is left out
    # of the axes' measured extent (a LayeredFigure measures it after each redraw of the heatmap;
    # matplotlib leaves out an artist whose clip box is the axes' bbox itself)
    texts = [[ax.text(j, i, "", ha="center", va="center", fontsize=fontsize, clip_on=True) for j in range(len(cols))]
             for i in range(len(rows))]
    for t in (t for row in texts for t in row):
        t.set_clip_box(ax.bbox)
    ax.set_xticks(range(len(cols)), [str(c) for c in cols])
    ax.set_yticks(range(len(rows)), [str(r) for r in rows])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    frame = Rectangle((-0.5, -0.5), 1, 1, fill=False, edgecolor=theme.crush["frame"], linewidth=2.5, zorder=5)
    ax.add_patch(frame)
    return img, texts, frame


def set_heatmap(img: Any, texts: list[list[Any]], values: Sequence[Sequence[Any]], fmt: Callable[[float], str],
                vmax: float | None = None, *, labels: Sequence[Sequence[str]] | None = None,
                theme: Theme = DEFAULT_THEME) -> None:
    """Put ``values`` (rows x columns) in a heatmap made by :func:`draw_heatmap`, in place.

    Each cell's text is ``fmt(value)`` (or ``labels[row][col]``, given: a cell that says more
    than the value it is coloured by), in ``theme.crush["on_dark"]`` over the darkest cells
    (above 60 % of ``vmax``) and ``["on_light"]`` elsewhere. Only what differs from what is shown
    is set (the image, its colour limits, each text and colour), so that the same values leave
    the artists unchanged, not stale (a :class:`~hexrules.plot.figure.LayeredFigure` then keeps
    the heatmap in its static part).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> img, texts, frame = draw_heatmap(Figure().add_subplot(), [0, 1], [1])
    >>> set_heatmap(img, texts, [[0.25], [0.75]], percent, vmax=1.0)
    >>> img.stale = texts[1][0].stale = False
    >>> set_heatmap(img, texts, [[0.25], [0.75]], percent, vmax=1.0)
    >>> img.stale, texts[1][0].stale, texts[1][0].get_text()
    (False, False, '75%')
    """
    arr = np.array([[float(v) for v in row] for row in values])
    old = img.get_array()
    if old is None or np.shape(old) != arr.shape or not np.array_equal(np.asarray(old), arr):
        img.set_data(arr)
    top = vmax if vmax is not None else (arr.max() if arr.size and arr.max() > 0 else 1.0)
    if img.get_clim() != (0, top):
        img.set_clim(0, top)
    for i, row in enumerate(texts):
        for j, t in enumerate(row):
            v = arr[i, j]
            t.set_text(fmt(v) if labels is None else labels[i][j])  # stale only when it changes
            set_text_color(t, theme.crush["on_dark"] if v > 0.6 * top else theme.crush["on_light"])


def set_text_color(text: Any, color: str) -> None:
    """Give ``text`` the colour ``color`` if it has another one (matplotlib's ``set_color`` marks
    the text stale, and so its figure, even for the same colour)."""
    from matplotlib.colors import same_color

    if not same_color(text.get_color(), color):
        text.set_color(color)


def set_colorbar_percent(colorbar: Any, on: bool = True) -> None:
    """Label ``colorbar``'s ticks as percentages (a heatmap of probabilities, 0 to 1 read as 0% to
    100%, as its cells are written) or, with ``on=False``, as plain numbers (expected damage).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure()
    >>> img, texts, frame = draw_heatmap(fig.add_subplot(), [0, 1], [1, 2])
    >>> bar = fig.colorbar(img)
    >>> set_colorbar_percent(bar)
    >>> bar.formatter(0.5, 0), bar.formatter(1.0, 0)
    ('50%', '100%')
    """
    from matplotlib.ticker import PercentFormatter, ScalarFormatter

    if isinstance(colorbar.formatter, PercentFormatter) == on:  # already so: leave it unchanged, not stale
        return
    colorbar.formatter = PercentFormatter(xmax=1.0) if on else ScalarFormatter()
    colorbar.update_ticks()


def draw_expected_damage(ax: "Axes", table: Sequence[Sequence[Any]], probabilities: Sequence[Any],
                         resolves: Sequence[int] = (2, 3, 4, 5, 6), covers: Sequence[int] = CRUSH_COVERS, *,
                         theme: Theme = DEFAULT_THEME) -> dict[int, Any]:
    """Expected Crush damage against Cover, one line per Resolve (C3); returns ``{resolve: Line2D}``.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    table : sequence of sequences of numbers
        ``table[i][j]``: expected damage of ``covers[i]`` dice against ``resolves[j]`` (exact:
        ``Cover * p``), e.g. ``expected_damage_table(covers, resolves)`` of :mod:`hexrules.dice`.
    probabilities : sequence of numbers
        Each Resolve's chance that one die hits (``hit_probability(r)``), written in the legend.
    resolves, covers : sequence of int
        The Resolve of each line and the pre-reduction Covers (= Crush dice) along x.
    theme : Theme
        The lines take colours along ``theme.crush["curves_cmap"]``.

    Raises
    ------
    HexrulesError
        If ``table`` is not ``len(covers)`` rows of ``len(resolves)`` numbers, or
        ``probabilities`` not one per Resolve.
    """
    if len(table) != len(covers) or any(len(row) != len(resolves) for row in table):
        raise HexrulesError(f"draw_expected_damage: table has {[len(row) for row in table]} columns per row, "
                            f"expected {len(covers)} rows (covers {list(covers)}) of {len(resolves)} "
                            f"(resolves {list(resolves)})")
    if len(probabilities) != len(resolves):
        raise HexrulesError(f"draw_expected_damage: {len(probabilities)} probabilities for {len(resolves)} "
                            f"resolves {list(resolves)}")
    cmap = matplotlib.colormaps[theme.crush["curves_cmap"]]
    lines = {}
    for j, (r, p) in enumerate(zip(resolves, probabilities)):
        ys = [float(table[i][j]) for i in range(len(covers))]
        (lines[r],) = ax.plot(list(covers), ys, marker="o", color=cmap(j / max(1, len(resolves) - 1) * 0.9),
                              label=f"Resolve {r} (p = {p})")
    ax.set_xlabel("pre-reduction Cover (= Crush dice)")
    ax.set_ylabel("expected damage")
    ax.set_xticks(list(covers))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return lines
