"""Text drawn as glyph outlines: one cached :class:`~matplotlib.textpath.TextPath` per string.

A board writes hundreds of short texts (hex labels, elevation badges, costs). Drawn as
:class:`~matplotlib.text.Text` objects, each is laid out on every redraw; drawn as outlines,
each text layer is ONE :class:`~matplotlib.collections.PathCollection` whose paths are the
cached outlines, scaled and shifted (:func:`text_outline`), so a redraw draws a few artists.
:func:`text_width` measures a text in ems (to lay a label and its badge side by side);
:func:`fit_text` breaks a text that is too wide for its hex onto lines.

Placing a text where it hides nothing: a drawn board knows the boxes of what it wrote and drew
(hex labels, tokens, damage badges, marks: :meth:`hexrules.plot.board.BoardArtists.drawn_boxes`);
:func:`free_spot` picks, among a few candidate places for a new text, the first whose box
overlaps none of them (a Push's damage labels beside their Xs, a piece's "Cover 3").
Boxes are ``(x0, y0, x1, y1)`` in data coordinates (hex radii).
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, Iterable, Sequence

import numpy as np
from matplotlib.path import Path

from ..errors import HexrulesError

__all__ = ["text_outline", "text_width", "layout_width", "fit_text", "fit_title", "Box", "box_at", "overlap", "gap", "free_spot"]

#: A box ``(x0, y0, x1, y1)`` in data coordinates, ``x0 <= x1`` and ``y0 <= y1``.
Box = tuple[float, float, float, float]

#: Line spacing of multi-line texts drawn as outlines (:func:`text_outline`), in ems.
_LINE_SPACING = 1.2


#: Scale at which :func:`_ink_box` flattens an outline of 1 em into line segments: fine enough
#: that the segments' ends stay within 1/1000 em of the curves.
_FLATTEN_SCALE = 1024.0


def _ink_box(vertices: np.ndarray, codes: np.ndarray) -> Box:
    """The ink box ``(x0, y0, x1, y1)`` of an outline (a :class:`~matplotlib.textpath.TextPath`'s
    ``vertices`` and ``codes``, in ems): the extents of its curves, not of their control points.

    matplotlib's ``Path.get_extents`` finds the curves' extremes one Bezier segment at a time in
    Python: about 20 ms for a 60-letter title, drawn anew when a title changes (issue 14). Here
    the outline is flattened into line segments by matplotlib's C path converter
    (``Path.to_polygons``) at :data:`_FLATTEN_SCALE`: the segments' ends lie on the curves, and
    a font's outlines have a point at each extreme, so the box is the same to 1/1000 em.
    """
    vertices = np.asarray(vertices, dtype=float)
    polygons = Path(vertices * _FLATTEN_SCALE, codes).to_polygons(closed_only=False)
    points = np.concatenate(polygons) / _FLATTEN_SCALE if polygons else vertices  # no segment: its points
    (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)


@functools.lru_cache(maxsize=4096)
def _outline(text: str, weight: str) -> tuple[np.ndarray, np.ndarray] | None:
    """``(vertices, codes)`` of ``text`` at 1 em, ink box centred on (0, 0), y down; cached."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    prop = FontProperties(weight=weight)
    lines = text.split("\n")
    verts, codes = [], []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        tp = TextPath((0.0, 0.0), line, size=1.0, prop=prop)
        if len(tp.vertices) == 0:
            continue
        x0, _, x1, _ = _ink_box(tp.vertices, tp.codes)
        v = np.array(tp.vertices, dtype=float)
        v[:, 0] -= (x0 + x1) / 2  # each line centred, like ha="center"
        v[:, 1] -= i * _LINE_SPACING
        verts.append(v)
        codes.append(np.asarray(tp.codes))
    if not verts:
        return None
    v = np.concatenate(verts)
    c = np.concatenate(codes)
    _, y0, _, y1 = _ink_box(v, c)
    v[:, 1] = (y0 + y1) / 2 - v[:, 1]  # ink box centred vertically (va="center"); y down
    v.flags.writeable = False
    c.flags.writeable = False
    return v, c


def text_width(text: str, weight: str = "normal") -> float:
    """Ink width of ``text`` in ems (0 for a blank text)."""
    shape = _outline(text, weight)
    if shape is None:
        return 0.0
    v = shape[0]
    return float(v[:, 0].max() - v[:, 0].min())


def fit_text(text: str, em: float, width: float, weight: str = "normal") -> tuple[str, float]:
    """``text`` as it is written within ``width``: broken onto lines at its spaces, and smaller only if it must.

    A text no wider than ``width`` at ``em`` is kept whole. A wider one is broken at its spaces
    onto as few lines as fit, the words shared so that the longest line is as short as it can
    be (``"now 3 MP"`` becomes ``"now"`` over ``"3 MP"``, not ``"now 3"`` over ``"MP"``); lines
    it already has are kept. Only if a word is still too wide is the whole text made smaller.

    Parameters
    ----------
    text : str
    em : float
        Size of the em in data units, as for :func:`text_outline`.
    width : float
        The widest the ink may be, in data units (> 0).
    weight : str
        ``"normal"`` or ``"bold"``.

    Returns
    -------
    (str, float)
        The text to write (its lines joined by ``"\\n"``) and the em to write it at (``em``, or
        less).

    Examples
    --------
    >>> fit_text("now 3 MP", 0.3, 1.4, "bold")
    ('now\\n3 MP', 0.3)
    >>> fit_text("3→2", 0.3, 1.4, "bold")
    ('3→2', 0.3)
    """
    return _fit(text, em, width, weight, "ink")


def _fit(text: str, em: float, width: float, weight: str, measure: str) -> tuple[str, float]:
    """:func:`fit_text` with the widths of ``measure``: ``"ink"`` (:func:`text_width`, the
    outlines' ink) or ``"layout"`` (:func:`layout_width`, a matplotlib Text's)."""
    width_of = _WIDTH_OF[measure]
    if width_of(text, weight) * em <= width:
        return text, em
    lines = [part for line in text.split("\n") for part in _broken(line, weight, width / em, measure)]
    widest = max(width_of(line, weight) for line in lines)
    return "\n".join(lines), (em if widest * em <= width else width / widest)


#: Size at which :func:`layout_width` lays a text out (points at 72 dpi: 1/100 em steps of 1/64).
_LAYOUT_PT = 100.0


@functools.lru_cache(maxsize=4096)
def layout_width(text: str, weight: str = "normal") -> float:
    """Width in ems of ``text`` as a matplotlib :class:`~matplotlib.text.Text` lays it out: the
    box of its glyphs placed by FreeType (matplotlib's ``FT2Font``, unhinted), from its first
    ink to its last; 0 for a blank text. Far faster than :func:`text_width` (no outline is made)
    and what a Text, not an outline, takes: :func:`fit_title` measures with it.
    """
    from matplotlib.font_manager import FontProperties, findfont, get_font
    from matplotlib.ft2font import LoadFlags

    if not text.strip():
        return 0.0
    font = get_font(findfont(FontProperties(weight=weight)))  # shared: every user sets its size first
    font.set_size(_LAYOUT_PT, 72)
    font.set_text(text, 0.0, flags=LoadFlags.NO_HINTING)
    return font.get_width_height()[0] / 64 / _LAYOUT_PT


#: The width of a text in ems, by measure: its outlines' ink, or a matplotlib Text's layout.
_WIDTH_OF: dict[str, Callable[[str, str], float]] = {"ink": text_width, "layout": layout_width}


def _span_widths(words: tuple[str, ...], weight: str, measure: str) -> Callable[[int, int], float]:
    """``span(a, b)``: the width in ems of ``" ".join(words[a:b])``.

    ``"ink"``: each span measured (:func:`text_width`, cached). ``"layout"``: from 2n layouts
    instead of n²/2. A line is laid out the same wherever it starts (unhinted), and its first
    word's ink is its leftmost, its last word's its rightmost, so with ``W`` the width of a
    line, ``span(a, b) = W(words[:b]) + W(words[a:]) - W(words)``: the prefix runs from the
    line's left ink to the span's right ink, the suffix from the span's left ink to the line's
    right ink, and the whole line counts the part outside the span once in each.
    """
    if measure == "ink":
        return functools.cache(lambda a, b: text_width(" ".join(words[a:b]), weight))
    n = len(words)
    prefix = [0.0] + [layout_width(" ".join(words[:b]), weight) for b in range(1, n + 1)]
    suffix = [layout_width(" ".join(words[a:]), weight) for a in range(n)] + [0.0]
    return lambda a, b: prefix[b] + suffix[a] - prefix[n]


def fit_title(ax: Any, title: str, fontsize: float = 10.0, *, smallest: float = 7.0) -> Any:
    """Set ``ax``'s title to ``title`` written within its figure: broken onto lines at its spaces
    (:func:`fit_text`), as many as the room above the axes holds, made smaller (down to
    ``smallest`` points) only if it must.

    A title is centred over its axes; on a small board's figure a long one ("push_off_board=collide
    (P4) against the default: Push 2 from B2 (Zaku I) on RX-78-2 Gundam at C2") ran past the
    figure's edges and lost its start. The width it may take is twice the room from the axes'
    centre to the nearer edge of the figure; the height, the room above the axes less the title's
    pad (``axes.titlepad``), at 1.2 lines per em. Widths are a Text's (:func:`layout_width`):
    a 15-word title is fitted in a few milliseconds, where measuring every run of its words as
    outlines took up to 280 ms the first time a reading was shown (issue 14).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    title : str
    fontsize : float
        Points, when it fits.
    smallest : float
        Points: the title is never made smaller than this, even if it then does not fit.

    Returns
    -------
    matplotlib.text.Text
        The title.
    """
    import matplotlib as mpl

    fig = ax.figure
    pos = ax.get_position()
    centre = (pos.x0 + pos.x1) / 2
    wide = 2 * min(centre, 1 - centre) * fig.get_figwidth() * 72 * 0.98  # points, a hair inside the edges
    high = (1 - pos.y1) * fig.get_figheight() * 72 - mpl.rcParams["axes.titlepad"]
    size = float(fontsize)
    while True:
        text, em = _fit(title, size, wide, "normal", "layout")  # a title is a Text: its layout's width
        if (text.count("\n") + 1) * em * _LINE_SPACING <= high or size <= smallest:
            break
        size = max(smallest, size - 0.5)
    return ax.set_title(text, fontsize=max(em, smallest))


@functools.lru_cache(maxsize=1024)
def _broken(line: str, weight: str, limit: float, measure: str = "ink") -> tuple[str, ...]:
    """``line`` in as few lines of at most ``limit`` ems as its words allow, the longest as short
    as it can be (each word on a line of its own if no fewer lines fit); widths by ``measure``
    (:func:`_span_widths`)."""
    words = tuple(line.split())
    if len(words) < 2 or _WIDTH_OF[measure](line, weight) <= limit:
        return (line,)
    n = len(words)
    span = _span_widths(words, weight, measure)
    # best[i]: (longest line, lines) of words[:i] in the current number of lines (n^3 widths at most)
    best = {i: (span(0, i), (0, i)) for i in range(1, n + 1)}
    for _ in range(2, n + 1):
        best = {i: min(((max(best[j][0], span(j, i)), (*best[j][1], i)) for j in range(1, i) if j in best),
                       key=lambda c: c[0])
                for i in range(2, n + 1) if any(j in best for j in range(1, i))}
        if n in best and best[n][0] <= limit:
            cuts = best[n][1]
            return tuple(" ".join(words[a:b]) for a, b in zip(cuts, cuts[1:]))
    return tuple(words)


def text_outline(text: str, xy: tuple[float, float], em: float, *, weight: str = "normal") -> Path | None:
    """The glyph outlines of ``text`` centred on ``xy``, ``em`` data units per em, for an inverted y axis.

    The outline comes from :class:`matplotlib.textpath.TextPath` (the default font, like a
    :class:`~matplotlib.text.Text`), cached per ``(text, weight)``; only the scaling and the
    shift are computed per call. Its ink box is centred on ``xy`` (as ``ha="center",
    va="center"`` centre a Text in matplotlib 3.11); lines of a multi-line text are centred
    each, 1.2 em apart. ``y`` grows down the page, as on a board's axes.

    Parameters
    ----------
    text : str
    xy : (float, float)
        Centre, in data coordinates.
    em : float
        Size of the em in data units (font size in points divided by points per data unit).
    weight : str
        ``"normal"`` or ``"bold"``.

    Returns
    -------
    matplotlib.path.Path or None
        None for a blank text.

    Examples
    --------
    >>> p = text_outline("C4", (10.0, 5.0), 0.5)
    >>> box = p.get_extents()
    >>> float(round((box.x0 + box.x1) / 2, 6)), float(round((box.y0 + box.y1) / 2, 6))
    (10.0, 5.0)
    >>> round(float(box.height) / 0.5, 2)  # in ems: about the cap height of DejaVu Sans
    0.76
    >>> text_outline("  ", (0.0, 0.0), 1.0) is None
    True
    """
    shape = _outline(text, weight)
    if shape is None:
        return None
    v, c = shape
    return Path(v * em + np.asarray(xy, dtype=float), c)


def box_at(xy: tuple[float, float], width: float, height: float) -> Box:
    """The box of ``width`` x ``height`` centred on ``xy``."""
    x, y = xy
    return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch or are apart).

    >>> overlap((0, 0, 2, 2), (1, 1, 3, 3)), overlap((0, 0, 1, 1), (1, 0, 2, 1))
    (1, 0)
    """
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def gap(a: Box, b: Box) -> float:
    """The distance between two boxes (0 when they touch or overlap).

    >>> gap((0, 0, 1, 1), (4, 5, 6, 6)), gap((0, 0, 2, 2), (1, 1, 3, 3))
    (5.0, 0.0)
    """
    return math.hypot(max(a[0] - b[2], b[0] - a[2], 0.0), max(a[1] - b[3], b[1] - a[3], 0.0))


def _hidden(box: Box, taken: Sequence[Box], within: Box | None) -> float:
    """How much ``box`` hides: the area it shares with each of ``taken``, and its area outside ``within``."""
    out = sum(overlap(box, t) for t in taken)
    if within is not None:
        out += (box[2] - box[0]) * (box[3] - box[1]) - overlap(box, within)
    return out


def free_spot(size: tuple[float, float], candidates: Sequence[tuple[float, float]], taken: Iterable[Box],
              within: Box | None = None, *, mark: Box | None = None, others: Iterable[Box] = (),
              clear: float = 0.0) -> tuple[tuple[float, float], Box]:
    """Where a text of ``size`` (width, height) goes: the first of ``candidates`` (centres) whose box
    overlaps none of ``taken`` and lies inside ``within``, and, for the label of a ``mark``, reads as
    its: each of ``others`` (the other marks) at least ``clear`` farther from it than ``mark`` is
    (:func:`gap`). If no place is all that, the one that hides least (what lies outside ``within``
    counts as hidden), and among those the one whose other marks come least too near.

    Parameters
    ----------
    size : (float, float)
        The text's box, in data units.
    candidates : sequence of (float, float)
        Centres to try, the preferred first (at least one).
    taken : iterable of Box
        What the text must not cover (other texts, tokens, marks).
    within : Box, optional
        Where the text must stay (e.g. the axes' view).
    mark : Box, optional
        The mark the text labels (a Push's X and its damage).
    others : iterable of Box
        With ``mark``: the marks the text must not read as labelling.
    clear : float
        With ``mark``: how much farther than ``mark`` each of ``others`` stays from the text.

    Returns
    -------
    ((float, float), Box)
        The centre chosen and the text's box there.

    Examples
    --------
    A label beside a mark moves to its other side when the first place is taken:

    >>> free_spot((1.0, 0.5), [(1.0, 0.0), (-1.0, 0.0)], [(0.6, -0.2, 1.2, 0.2)])
    ((-1.0, 0.0), (-1.5, -0.25, -0.5, 0.25))

    and, labelling mark ``x``, from a place as near another mark (0.07 away, 0.1 from ``x``) to
    one where it reads as ``x``'s:

    >>> x, other = (-0.25, -0.25, 0.25, 0.25), (0.3, 0.9, 0.8, 1.4)
    >>> free_spot((0.5, 0.5), [(0.0, 0.6), (0.0, -0.6)], [x, other], mark=x, others=[other], clear=0.25)
    ((0.0, -0.6), (-0.25, -0.85, 0.25, -0.35))
    """
    taken, others = list(taken), list(others)
    best: tuple[float, float, tuple[float, float], Box] | None = None
    for xy in candidates:
        box = box_at(xy, *size)
        covered = _hidden(box, taken, within)
        short = 0.0
        if mark is not None and others:
            near = gap(box, mark) + clear
            short = max(0.0, max(near - gap(box, o) for o in others))
        if covered <= 1e-12 and short <= 1e-12:
            return xy, box
        if best is None or covered < best[0] - 1e-12 or (covered <= best[0] + 1e-12 and short < best[1] - 1e-12):
            best = (covered, short, xy, box)
    if best is None:
        raise HexrulesError("free_spot: no candidate place for the text")
    return best[2], best[3]
