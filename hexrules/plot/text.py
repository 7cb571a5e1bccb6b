"""Text drawn as glyph outlines: one cached :class:`~matplotlib.textpath.TextPath` per string.

A board writes hundreds of short texts (hex labels, elevation badges, costs). Drawn as
:class:`~matplotlib.text.Text` objects, each is laid out on every redraw; drawn as outlines,
each text layer is ONE :class:`~matplotlib.collections.PathCollection` whose paths are the
cached outlines, scaled and shifted (:func:`text_outline`), so a redraw draws a few artists.
:func:`text_width` measures a text in ems (to lay a label and its badge side by side).
"""

from __future__ import annotations

import functools

import numpy as np
from matplotlib.path import Path

__all__ = ["text_outline", "text_width"]

#: Line spacing of multi-line texts drawn as outlines (:func:`text_outline`), in ems.
_LINE_SPACING = 1.2


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
        box = tp.get_extents()
        v = np.array(tp.vertices, dtype=float)
        v[:, 0] -= (box.x0 + box.x1) / 2  # each line centred, like ha="center"
        v[:, 1] -= i * _LINE_SPACING
        verts.append(v)
        codes.append(np.asarray(tp.codes))
    if not verts:
        return None
    v = np.concatenate(verts)
    c = np.concatenate(codes)
    box = Path(v, c).get_extents()
    v[:, 1] = (box.y0 + box.y1) / 2 - v[:, 1]  # ink box centred vertically (va="center"); y down
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
