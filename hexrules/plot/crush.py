"""Drawing Crush (RULES.md C1-C5): the dice charts, on a given axes, changed in place.

Plain functions: each ``draw_*`` makes its artists once (empty), each ``set_*`` changes them in
place: damage bars (:func:`draw_damage_bars`, :func:`set_bars`), "P(damage >= k)" curves
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
    "draw_damage_bars",
    "set_bars",
    "draw_at_least",
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
#: Size (points) of a heatmap's cell values (:func:`draw_heatmap`): the explorers' 7 x 7 and 6 x 6
#: grids hold "100%" and two lines of it at 10 points (a new-user trial could not read 7 and 6).
HEATMAP_FONTSIZE = 10.0


def draw_damage_bars(ax: "Axes", *, color: str | None = None, max_k: int = CRUSH_COVERS[-1], width: float = 0.8,
                     offset: float = 0.0, label: str | None = None, vertical: bool = False, fontsize: float = 7,
                     theme: Theme = DEFAULT_THEME) -> tuple[list, list]:
    """Bars for damage 0..max_k (heights 0 for now) and their value texts; returns ``(bars, texts)``.

    Set heights with :func:`set_bars`; the bars are made once and changed in place. ``color``
    defaults to ``theme.crush["bars"]``. ``vertical`` writes each value upward from the top of
    its bar (for narrow bars side by side: a text as wide as ``"44.4%"`` is wider than a bar of
    width 0.4, and two neighbours' texts would run into each other); ``fontsize`` in points.

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
    texts = [ax.text(k + offset, 0, "", ha="center", va="bottom", fontsize=fontsize, rotation=90 if vertical else 0)
             for k in ks]
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


def draw_at_least(ax: "Axes", resolves: Sequence[int] = (2, 3, 4, 5, 6), *,
                  max_k: int = CRUSH_COVERS[-1], theme: Theme = DEFAULT_THEME) -> dict[int, Any]:
    """One "P(damage >= k)" curve per Resolve (empty for now); returns ``{resolve: Line2D}``.

    Fill them with :func:`set_at_least`. The curves take colours along
    ``theme.crush["curves_cmap"]``.
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
    ax.legend(fontsize=7, loc="upper right")
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
