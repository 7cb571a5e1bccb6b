"""Drawing hex boards with matplotlib: elevation, terrain, units and teaching overlays.

This is the only module of :mod:`hexrules` (besides :mod:`hexrules.widgets`) that imports
matplotlib; ``import hexrules`` does not import it, and :meth:`Board._repr_png_
<hexrules.board.Board._repr_png_>` imports this module only when a notebook shows a board.

One call draws a board on an axes and returns a :class:`BoardArtists`, which keeps every artist
it made so that an explorer *changes* them instead of drawing again:

* all hex faces are ONE :class:`~matplotlib.collections.PolyCollection`
  (:attr:`BoardArtists.faces`): :meth:`BoardArtists.set_fill` recolours it in place;
* texts (hex labels, elevation marks, costs) are drawn as glyph outlines: each text layer is ONE
  :class:`~matplotlib.collections.PathCollection` whose paths are rebuilt from cached
  :class:`~matplotlib.textpath.TextPath` outlines (:meth:`~BoardArtists.set_texts`), so a board
  with hundreds of labels redraws a few artists, not hundreds of
  :class:`~matplotlib.text.Text` objects (see :func:`text_outline`);
* arrows, outlines and markers live in named layers (``key=``) whose artists are reused from
  pools: :meth:`~BoardArtists.set_paths`, :meth:`~BoardArtists.set_highlight`,
  :meth:`~BoardArtists.set_markers`, :meth:`~BoardArtists.set_links`;
* unit tokens (circles coloured by side, Garrisons as squares) are moved by
  :meth:`~BoardArtists.set_units`.

Every drawing of the kit lives here, so that ``python -m figures`` never imports ipywidgets:
:class:`ForcedLayer` puts a Push or Pull on a drawn board, and the Crush charts
(:func:`draw_damage_bars`, :func:`draw_at_least`, :func:`draw_heatmap`,
:func:`draw_expected_damage`, with :func:`set_bars`, :func:`set_at_least`, :func:`set_heatmap`)
draw on a given axes and are changed in place. Every figure is made by :func:`new_figure`
(``pyplot=False`` for files). Overlays from rule results: :func:`move_cost_overlays`,
:func:`reach_overlays`, :func:`engagement_overlays`.

Hexes are named by :meth:`Board.label <hexrules.board.Board.label>` (``"(q,r)"`` for a hex with
negative offset coordinates), so any board can be drawn.

Coordinates: axes data coordinates are the pixels of ``board.layout(1.0)`` (hex radius 1), so
:meth:`hexrules.hexgrid.Layout.hex_to_pixel` gives a hex centre and
:meth:`BoardArtists.hex_at` turns a mouse click back into a hex. Pixel ``y`` grows with the row,
so the y axis is inverted: row 1 is at the top of the page, as players read the labels.

Examples
--------
>>> import matplotlib
>>> from matplotlib.figure import Figure
>>> from hexrules import Board
>>> from hexrules.plot import draw_board
>>> board = Board.from_text("map:\\n 0 1 2\\n  0 ~ X\\n")
>>> fig = Figure()
>>> art = draw_board(board, ax=fig.add_subplot())
>>> art.set_fill({board.hex("B1"): "gold"})
>>> _ = art.set_texts({board.hex("B1"): "2"})
>>> art.faces is art.ax.collections[0]
True
>>> to_png(board)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

import functools
import io
import math
import textwrap
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

import matplotlib
import numpy as np
from matplotlib import artist as martist
from matplotlib import colors as mcolors
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Patch, RegularPolygon
from matplotlib.path import Path

from .errors import BoardError, HexrulesError
from .hexgrid import Hex

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from .board import Board
    from .forced import Branch, ForcedMove
    from .state import State, Unit

__all__ = [
    "ELEVATION_COLOURS",
    "COST_CMAP",
    "LARGE_BOARD",
    "TERRAIN_COLOURS",
    "WATER_MARK",
    "SIDE_COLOURS",
    "BoardArtists",
    "draw_board",
    "legend_handle",
    "cost_handle",
    "MAX_FIGURE_WIDTH",
    "board_figsize",
    "new_figure",
    "short_name",
    "text_outline",
    "side_colour",
    "elevation_colour",
    "to_png",
    "picture",
    "Picture",
    "move_cost_overlays",
    "reach_overlays",
    "engagement_overlays",
    "PNG_METADATA",
    "SVG_METADATA",
    "FORCED_COLOURS",
    "ForcedLayer",
    "CRUSH_COVERS",
    "CRUSH_RESOLVES",
    "draw_damage_bars",
    "set_bars",
    "draw_at_least",
    "set_at_least",
    "draw_heatmap",
    "set_heatmap",
    "draw_expected_damage",
]

#: Face colour of each elevation level: pale ground, then brown (height 1) and greens that
#: darken with height, as in the rulebook's diagrams. Levels past the table darken further.
ELEVATION_COLOURS: tuple[str, ...] = ("#ece6cf", "#c9a36b", "#93b86c", "#5f8f45", "#3f6b30", "#2c4f22")

#: Face colours of terrain types that override elevation shading (T1).
TERRAIN_COLOURS: dict[str, str] = {"water": "#79acdd", "impassable": "#3b3b3b"}

#: Colour and hatch drawn over water hexes, so that water stays recognisable under an overlay
#: colour (e.g. movement costs): a blue outline and blue ripples (T1).
WATER_MARK = "#1f5fa8"
WATER_HATCH = "-"

#: Colours of known sides; other sides take :data:`_SIDE_PALETTE` colours in first-seen order.
SIDE_COLOURS: dict[str, str] = {"federation": "#1f5fbf", "zeon": "#c0392b"}
_SIDE_PALETTE = ("#1f5fbf", "#c0392b", "#7d3c98", "#d68910", "#148f77", "#5d6d7e")
_DESIGNER_TERRAIN = ("#d7bde2", "#f5cba7", "#a9dfbf", "#f9e79f", "#aed6f1")

#: ``metadata=`` for ``savefig(format="png")`` that leaves out the (version-bearing) Software key.
PNG_METADATA: dict[str, Any] = {"Software": None}
#: ``metadata=`` for ``savefig(format="svg")`` without date, creator or other run-dependent keys.
SVG_METADATA: dict[str, Any] = {"Date": None, "Creator": None, "Format": None, "Type": None}

_EDGE = "#6b6b6b"

#: The default colour map of numeric fills (e.g. movement costs): the light part of YlOrRd, so
#: that black numbers stay readable on every hex.
COST_CMAP = mcolors.LinearSegmentedColormap.from_list(
    "hexrules_cost", matplotlib.colormaps["YlOrRd"](np.linspace(0.08, 0.62, 64))
)

#: Colour of the halo drawn round hex labels (under them, over outlines), so a thick outline
#: passing through a label's line leaves it readable.
LABEL_HALO = (1.0, 1.0, 1.0, 0.55)

#: Drawing order of path arrows: above unit tokens (9), below the units' names (10).
PATH_ZORDER = 9.5

#: Drawing order of text layers other than hex labels (e.g. costs): above paths, under unit names.
TEXT_ZORDER = 9.7

#: Boards with more hexes than this are drawn without stroked hex edges (a small gap between
#: faces shows the grid instead), which halves the cost of a redraw on a 60 x 60 board.
LARGE_BOARD = 1000


def elevation_colour(level: int) -> str:
    """Face colour of elevation ``level`` (levels, 0 = ground).

    >>> elevation_colour(0), elevation_colour(1)
    ('#ece6cf', '#c9a36b')
    """
    if level < len(ELEVATION_COLOURS):
        return ELEVATION_COLOURS[level]
    r, g, b = mcolors.to_rgb(ELEVATION_COLOURS[-1])
    k = 0.85 ** (level - len(ELEVATION_COLOURS) + 1)
    return mcolors.to_hex((r * k, g * k, b * k))


def side_colour(side: str, sides: Sequence[str] = ()) -> str:
    """Token colour of ``side``: :data:`SIDE_COLOURS`, else a palette colour by position.

    Parameters
    ----------
    side : str
        The side's name.
    sides : sequence of str
        Every side present, in a stable order (e.g. ``state.sides()``), to pick palette
        colours for sides not in :data:`SIDE_COLOURS`.
    """
    if side in SIDE_COLOURS:
        return SIDE_COLOURS[side]
    others = [s for s in sides if s not in SIDE_COLOURS] or [side]
    i = others.index(side) if side in others else len(others)
    taken = set(SIDE_COLOURS.values())
    free = [c for c in _SIDE_PALETTE if c not in taken] or list(_SIDE_PALETTE)
    return free[i % len(free)]


def short_name(name: str, width: int = 9, lines: int = 2) -> str:
    """A unit name shortened to fit a token: at most ``lines`` lines of ``width`` characters.

    The part after a colon is kept ("Zaku II: Minelayer" -> "Minelayer").

    >>> short_name("RX-78-2 Gundam")
    'RX-78-2\\nGundam'
    >>> short_name("Zaku II: Minelayer")
    'Minelayer'
    >>> short_name("Federation Garrison", width=6)
    'Federa…\\nGarris…'
    >>> short_name("Char's Zaku II")
    "Char's\\nZaku II"
    """
    if ":" in name and name.split(":", 1)[1].strip():
        name = name.split(":", 1)[1].strip()
    words = [w if len(w) <= width else w[: width] + "…" for w in name.split()]
    wrapped = textwrap.wrap(" ".join(words), width=width + 1, break_long_words=False) or [name[:width]]
    if len(wrapped) > lines:
        wrapped = wrapped[:lines]
        if not wrapped[-1].endswith("…"):
            wrapped[-1] = wrapped[-1][: width] + "…"
    return "\n".join(wrapped)


def _token_name(unit: "Unit") -> str:
    """The text written on a unit's token: :func:`short_name`, a Garrison's without its side.

    A square token already says "Garrison" by its shape (legend) and its side by its colour, so
    "Federation Garrison" is written ``"Garrison"``, large enough to read.
    """
    words = unit.name.split()
    if unit.garrison and len(words) > 1 and words[-1].lower() == "garrison":
        return "Garrison"
    return short_name(unit.name)


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


def _text_width(text: str, weight: str = "normal") -> float:
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


def _extent(board: "Board", size: float = 1.0) -> tuple[float, float, float, float]:
    """``(xmin, xmax, ymin, ymax)`` of every hex corner, in layout pixels."""
    layout = board.layout(size)
    xs, ys = [], []
    for h in board.graph.nodes:
        cx, cy = layout.hex_to_pixel(h)
        xs.append(cx)
        ys.append(cy)
    if not xs:
        return (-1.0, 1.0, -1.0, 1.0)
    return min(xs) - size, max(xs) + size, min(ys) - size, max(ys) + size


#: Widest figure (inches) :func:`board_figsize` makes: at 100 dpi it fits a notebook column of a
#: 1400 px browser window (about 1000 px), two boards side by side included.
MAX_FIGURE_WIDTH = 9.4

#: Height (inches) :func:`new_figure` adds under the boards for a legend there (``legend="below"``).
LEGEND_BELOW = 0.75


def board_figsize(board: "Board", ncols: int = 1, *, max_width: float = MAX_FIGURE_WIDTH,
                  legend: bool | str = True, max_hex_inches: float = 0.8) -> tuple[float, float]:
    """A figure size (inches) that shows ``ncols`` copies of ``board`` side by side.

    Hexes are at most ``max_hex_inches`` across and the whole figure at most ``max_width`` + 0.3
    inches wide (a 60 x 60 board gets small hexes); ``legend=True`` leaves room at the right,
    ``legend="below"`` under the boards.

    >>> from hexrules import Board
    >>> w, h = board_figsize(Board.rectangle(7, 5), 2, legend="below")
    >>> w <= MAX_FIGURE_WIDTH + 0.3
    True
    """
    x0, x1, y0, y1 = _extent(board)
    w, h = x1 - x0, y1 - y0
    room = 1.9 if legend is True else 0.2
    below = LEGEND_BELOW if legend == "below" else 0.0
    unit = min(max_hex_inches / math.sqrt(3.0), (max_width - room) / (ncols * w), 8.0 / h)
    return (round(ncols * w * unit + room + 0.3, 2), round(h * unit + 0.8 + below, 2))


def new_figure(board: "Board | None", ncols: int = 1, *, legend: bool | str = True,
               figsize: tuple[float, float] | None = None, pyplot: bool = True,
               caption: Sequence[str] | None = None, **kwargs: Any) -> tuple[Figure, list["Axes"]]:
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
        registered (for files: ``figures/``, :func:`to_png`).
    caption : sequence of str, optional
        Lines written in monospace under the board (a figure's explanation); the figure is made
        taller by 0.2 inch per line (plus 0.25) to hold them. Only with a board.
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
        figsize = board_figsize(board, ncols, legend=legend)
        if lines:
            w, h = figsize
            figsize = (w, h + (0.2 * len(lines) + 0.25))
    if pyplot:
        import matplotlib.pyplot as plt

        with plt.ioff():
            fig = plt.figure(figsize=figsize, **kwargs)
        _keep_data_url_valid(fig.canvas)
    else:
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        fig = Figure(figsize=figsize, **kwargs)
        FigureCanvasAgg(fig)
    if board is not None:
        right = 1 - 1.8 / figsize[0] if legend is True else 0.98
        bottom = (LEGEND_BELOW + 0.05) / figsize[1] if legend == "below" else 0.04
        fig.subplots_adjust(left=0.02, right=max(right, 0.5), bottom=bottom, top=0.92, wspace=0.05)
    axes = [fig.add_subplot(1, ncols, i + 1) for i in range(ncols)]
    if lines:
        height = figsize[1]
        extra = 0.2 * len(lines) + 0.25
        fig.subplots_adjust(bottom=(extra + 0.1) / height, top=1 - 0.45 / height)
        fig.text(0.02, 0.03, "\n".join(lines), ha="left", va="bottom", fontsize=8.5, family="DejaVu Sans Mono",
                 linespacing=1.4)
    return fig, axes


def _keep_data_url_valid(canvas: Any) -> None:
    """Stop an ipympl canvas from syncing an invalid ``_data_url`` to the browser.

    ipympl 0.10.0's ``Canvas.send_binary`` stores each frame drawn before the browser's
    ``initialized`` message in ``_data_url`` as bare base64, without the
    ``data:image/png;base64,`` prefix. A browser canvas model created from that state loads it
    as a relative URL, the image is "broken", and the model's ``drawImage`` calls throw before
    its view is sized: the figure stays a blank 0 x 0 canvas (seen in JupyterLab when the
    browser asked for a frame before ``initialized`` reached the kernel). Turning
    ``syncing_data_url`` off, as ipympl itself does on ``initialized``, leaves ``_data_url``
    null; the browser then shows the first frame it is sent. Other canvases are left alone.
    """
    if getattr(canvas, "syncing_data_url", None) is True:
        canvas.syncing_data_url = False


def _as_hex(board: "Board", where: Hex | str) -> Hex:
    return board.hex(where)


class BoardArtists:
    """The artists of one drawn board; its ``set_*`` methods update them in place.

    Built by :func:`draw_board`. Every ``set_*`` method replaces the content of one layer
    (named by ``key=``): a layer is one collection changed in place (texts, outlines, links,
    markers) or a pool of arrows reused, hidden when not needed and grown only when a layer needs
    more than it ever had, so an explorer never builds a new figure. Hexes may
    be given as :class:`~hexrules.hexgrid.Hex` values or labels such as ``"C4"``.

    Attributes
    ----------
    ax : matplotlib.axes.Axes
        The axes drawn on.
    board : Board
        The board drawn.
    layout : Layout
        ``board.layout(1.0)``: data coordinates of the axes are its pixels.
    hexes : list of Hex
        The hexes in the order of :attr:`faces`' polygons (``board.hexes``).
    index : dict of Hex to int
        Position of each hex in :attr:`hexes`.
    faces : matplotlib.collections.PolyCollection
        ONE collection holding every hex face, in :attr:`hexes` order (on boards of more than
        :data:`LARGE_BOARD` hexes the faces are 92 % of a hex, without stroked edges).
    polygons : numpy.ndarray
        ``(n, 6, 2)`` corners of every hex (``layout.polygon_corners``) in data coordinates.
    base_colours : numpy.ndarray
        ``(n, 4)`` RGBA of every face from elevation and terrain alone.
    hatch : matplotlib.collections.PolyCollection
        Hatching over impassable hexes.
    water : matplotlib.collections.PolyCollection
        Blue outline and ripples over water hexes (:data:`WATER_MARK`), drawn above any fill.
    units : dict of str to (patch, Text, Text)
        Token, name and damage texts of each unit drawn, by unit name.
    arrow_layers : dict of str to list
        The pooled :class:`~matplotlib.patches.FancyArrowPatch` artists of each layer (hidden
        ones included).
    text_layers, outline_layers, link_layers, marker_layers : dict of str to Collection
        The one collection of each text / outline / link / marker layer.
    """

    def __init__(self, ax: "Axes", board: "Board") -> None:
        self.ax = ax
        self.board = board
        self.layout = board.layout(1.0)
        self.hexes: list[Hex] = list(board.hexes)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.centres = np.array([self.layout.hex_to_pixel(h) for h in self.hexes], dtype=float).reshape(-1, 2)
        corners = np.array([self.layout.corner_offset(i) for i in range(6)])
        self._corners = corners
        self.polygons = self.centres[:, None, :] + corners[None, :, :]
        self.base_colours = np.array([self._base_colour(h) for h in self.hexes], dtype=float).reshape(-1, 4)
        self.fill: dict[Hex, Any] = {}
        self._shown: dict[str, dict[Hex, str]] = {}
        self.units: dict[str, tuple[Any, Any, Any]] = {}
        self.text_layers: dict[str, PathCollection] = {}
        self.arrow_layers: dict[str, list] = {}
        self.outline_layers: dict[str, PolyCollection] = {}
        self.marker_layers: dict[str, Any] = {}
        self.link_layers: dict[str, LineCollection] = {}
        self._sides: list[str] = []
        self._occupied: set[Hex] = set()
        self.caption = None
        self.ppu = 30.0  # points per data unit, fixed in _fonts()

    # --- geometry -------------------------------------------------------------------------

    def centre(self, h: Hex | str) -> tuple[float, float]:
        """Data coordinates of the centre of ``h`` (= ``layout.hex_to_pixel``).

        A :class:`Hex` need not be on the board (e.g. a Push off the edge); a label must be.
        """
        if isinstance(h, Hex):
            return self.layout.hex_to_pixel(h)
        return self.layout.hex_to_pixel(_as_hex(self.board, h))

    def hex_at(self, x: float | None, y: float | None) -> Hex | None:
        """The board hex under data point ``(x, y)`` (e.g. a mouse event's ``xdata, ydata``), or None."""
        if x is None or y is None:
            return None
        h = self.layout.pixel_to_hex((x, y))
        return h if h in self.index else None

    def _base_colour(self, h: Hex) -> tuple[float, float, float, float]:
        t = self.board.terrain(h)
        if t.name in TERRAIN_COLOURS:
            return mcolors.to_rgba(TERRAIN_COLOURS[t.name])
        if t.name != "open":
            names = sorted(n for n in self.board.terrain_table if n not in TERRAIN_COLOURS and n != "open")
            return mcolors.to_rgba(_DESIGNER_TERRAIN[names.index(t.name) % len(_DESIGNER_TERRAIN)])
        return mcolors.to_rgba(elevation_colour(self.board.elevation(h)))

    def _fonts(self) -> None:
        """Fix :attr:`ppu` (points per data unit) from the axes' size on its figure."""
        fig = self.ax.figure
        bbox = self.ax.get_position()
        x0, x1 = sorted(self.ax.get_xlim())
        y0, y1 = sorted(self.ax.get_ylim())
        w_in, h_in = bbox.width * fig.get_figwidth(), bbox.height * fig.get_figheight()
        self.ppu = max(1.0, min(w_in * 72 / (x1 - x0), h_in * 72 / (y1 - y0)))

    def fontsize(self, hex_fraction: float, lo: float = 4.0, hi: float = 14.0) -> float:
        """A font size (points) whose em is ``hex_fraction`` of a hex radius, clipped to [lo, hi]."""
        return float(min(hi, max(lo, self.ppu * hex_fraction)))

    # --- faces ----------------------------------------------------------------------------

    def set_fill(
        self,
        values: Mapping[Hex | str, Any] | None = None,
        *,
        cmap: str | Any = COST_CMAP,
        vmin: float | None = None,
        vmax: float | None = None,
        alpha: float = 0.7,
    ) -> None:
        """Colour some hexes over their elevation/terrain shading; others get their base colour.

        Parameters
        ----------
        values : mapping of Hex (or label) to colour or number, optional
            A colour (any matplotlib colour) or a number (mapped through ``cmap`` between
            ``vmin`` and ``vmax``, e.g. movement points). None or empty clears the overlay.
        cmap : str or Colormap
            Colour map for numbers (default :data:`COST_CMAP`: cheap is pale yellow, expensive
            orange-red).
        vmin, vmax : float, optional
            Range of the numbers; default their minimum and maximum.
        alpha : float
            Opacity of the overlay over the base colour (0..1), so elevation still shows.

        Notes
        -----
        Only :attr:`faces`' face colours change (``set_facecolor``): the same collection object
        is kept, which is what keeps a widget update cheap.
        """
        colours = self.base_colours.copy()
        self.fill = {}
        if values:
            items = [(self.index[_as_hex(self.board, h)], v) for h, v in values.items()]
            nums = [(i, float(v)) for i, v in items if isinstance(v, (int, float, np.number)) and not isinstance(v, bool)]
            named = [(i, v) for i, v in items if not (isinstance(v, (int, float, np.number)) and not isinstance(v, bool))]
            over = np.zeros((len(items), 4))
            idx = np.zeros(len(items), dtype=int)
            k = 0
            if nums:
                arr = np.array([v for _, v in nums])
                lo = arr.min() if vmin is None else vmin
                hi = arr.max() if vmax is None else vmax
                norm = mcolors.Normalize(lo, hi if hi > lo else lo + 1)
                cm = matplotlib.colormaps[cmap] if isinstance(cmap, str) else cmap
                over[: len(nums)] = cm(norm(arr))
                idx[: len(nums)] = [i for i, _ in nums]
                k = len(nums)
            for i, v in named:
                over[k] = mcolors.to_rgba(v)
                idx[k] = i
                k += 1
            a = alpha * over[:, 3:4]
            colours[idx, :3] = colours[idx, :3] * (1 - a) + over[:, :3] * a
            self.fill = {self.hexes[i]: v for i, v in items}
        self.faces.set_facecolor(colours)

    # --- texts ----------------------------------------------------------------------------

    def set_texts(
        self,
        texts: Mapping[Hex | str, Any] | None,
        *,
        key: str = "texts",
        offset: tuple[float, float] | Mapping[Hex, tuple[float, float]] = (0.0, 0.0),
        color: str | Mapping[Hex, str] = "black",
        size: float = 0.42,
        weight: str = "bold",
        **kwargs: Any,
    ) -> PathCollection:
        """Write a short text in some hexes (e.g. movement costs), replacing layer ``key``.

        The texts are drawn as glyph outlines (:func:`text_outline`, cached per string): the
        layer is ONE :class:`~matplotlib.collections.PathCollection` holding one compound path
        per colour, so writing in every hex of a board adds one artist to a redraw, not one
        :class:`~matplotlib.text.Text` per hex.

        Parameters
        ----------
        texts : mapping of Hex (or label) to str or number, or None
            What to write where; None or empty clears the layer.
        key : str
            The layer: ``"texts"`` (default), ``"costs"``, ``"labels"``... Layers are independent.
        offset : (float, float) or mapping of Hex to (float, float)
            Shift from the hex centre in hex radii (``(0, -0.55)``: near the top of the hex,
            since y grows down the page), or one shift per hex (hexes missing: no shift).
        color : str or mapping of Hex to str
            Text colour, or a colour per hex (hexes missing from the mapping are black).
        weight : str
            Text weight (``"bold"``, ``"normal"``).
        size : float
            Font size as a fraction of a hex radius (see :meth:`fontsize`).
        **kwargs
            Other properties of the layer's collection (e.g. ``alpha``, ``zorder``).

        Returns
        -------
        matplotlib.collections.PathCollection
            The layer's collection (one per key, reused); :meth:`texts_shown` tells what it says.

        Raises
        ------
        BoardError
            If a hex is not on the board.
        """
        items = [(_as_hex(self.board, h), str(s)) for h, s in (texts or {}).items()]
        em = self.fontsize(size) / self.ppu  # data units per em
        groups: dict[str, list[Path]] = {}
        for h, s in items:
            x, y = self.centre(h)
            dx, dy = offset.get(h, (0.0, 0.0)) if isinstance(offset, Mapping) else offset
            outline = text_outline(s, (x + dx, y + dy), em, weight=weight)
            if outline is None:
                continue
            c = color if isinstance(color, str) else color.get(h, "black")
            groups.setdefault(c, []).append(outline)
        # hex labels sit under outlines' halo; other texts (costs) over paths, so a path passing
        # through a hex never hides its number
        z = 6 if key in ("labels", "elevation") else TEXT_ZORDER
        pc = self._layer(self.text_layers, key,
                         lambda: PathCollection([], edgecolors="none", linewidths=0.0, zorder=z))
        pc.set_paths([Path.make_compound_path(*paths) for paths in groups.values()])
        pc.set_facecolor(list(groups) or "none")
        if kwargs:
            pc.set(**kwargs)
        self._shown[key] = {h: s for h, s in items}
        return pc

    def texts_shown(self, key: str = "texts") -> dict[Hex, str]:
        """``{hex: text}`` currently written by layer ``key`` (empty for an unknown layer)."""
        return dict(self._shown.get(key, {}))

    #: Where a hex's label line sits (hex radii below the centre; negative: up the page), and the
    #: font sizes (hex radii) of the label and of the elevation badge written beside it.
    LABEL_Y, LABEL_SIZE, BADGE_SIZE = -0.64, 0.26, 0.24

    def _label_line(self, h: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
        """Offsets of the label and of the elevation badge of ``h``: one line near the top of the hex.

        A hex of elevation 0 has its label centred; an elevated hex has the label and then its
        ``"▲n"`` badge, the pair centred, so each badge reads with its own hex's label (inside
        the hex, not at its bottom corner beside the label of the hex below).
        """
        y = self.LABEL_Y
        level = self.board.elevation(h)
        if level <= 0:
            return (0.0, y), (0.0, y)
        wl = _text_width(self.board.label(h), "normal") * self.fontsize(self.LABEL_SIZE) / self.ppu
        wb = _text_width(f"▲{level}", "normal") * self.fontsize(self.BADGE_SIZE) / self.ppu
        gap = 0.08
        total = wl + gap + wb
        return (-total / 2 + wl / 2, y), (total / 2 - wb / 2, y)

    def set_labels(self, show: bool = True, *, color: str = "#555555") -> None:
        """Write every hex's player label (``"C4"``) near the top of the hex, or hide them.

        On an elevated hex the label leaves room on its right for the elevation badge
        (:meth:`set_elevation_labels`).
        """
        labels = {h: self.board.label(h) for h in self.hexes} if show else None
        colours = {h: "#dddddd" if not self.board.terrain(h).passable else color for h in self.hexes}
        offsets = {h: self._label_line(h)[0] for h in self.hexes} if show else (0.0, 0.0)
        self.set_texts(labels, key="labels", offset=offsets, color=colours, size=self.LABEL_SIZE, weight="normal")
        self._halo()

    def _halo(self) -> None:
        """A pale halo under the labels and elevation badges (over outlines): readable where a thick
        outline passes through the label line. One more collection, rebuilt only with the labels."""
        paths = [p for key in ("labels", "elevation") if key in self.text_layers
                 for p in self.text_layers[key].get_paths()]
        halo = self._layer(self.text_layers, "labels_halo",
                           lambda: PathCollection([], facecolors="none", edgecolors=[LABEL_HALO], linewidths=1.8,
                                                  zorder=5.9))
        halo.set_paths([Path.make_compound_path(*paths)] if paths else [])

    def set_elevation_labels(self, show: bool = True) -> None:
        """Write ``"▲n"`` right after the label of every hex of elevation n >= 1, or hide them."""
        marks = {h: f"▲{self.board.elevation(h)}" for h in self.hexes if show and self.board.elevation(h) > 0}
        offsets = {h: self._label_line(h)[1] for h in marks}
        colours = {h: "#dddddd" if not self.board.terrain(h).passable else "#3d3020" for h in marks}
        self.set_texts(marks, key="elevation", offset=offsets, color=colours, size=self.BADGE_SIZE, weight="normal")
        self._halo()

    def set_caption(self, text: str | None) -> None:
        """A caption under the board (e.g. a cost breakdown), replacing the previous one."""
        if self.caption is None:
            self.caption = self.ax.text(0.0, -0.01, "", transform=self.ax.transAxes, ha="left", va="top",
                                        fontsize=9, family="monospace", zorder=6)
        self.caption.set_text(text or "")

    # --- arrows, links, outlines, markers -------------------------------------------------

    def _token_room(self, h: Hex | str | None) -> float:
        """How far (points) an arrow ending at ``h`` stops short of its centre: past a token there.

        None: a joint inside a path (no gap).
        """
        if h is None:
            return 0.0
        if not isinstance(h, Hex):
            h = _as_hex(self.board, h)
        return (0.56 if h in self._occupied else 0.22) * self.ppu

    def _shrink(self, arrow: FancyArrowPatch) -> None:
        first, last = getattr(arrow, "_hexrules_ends", (None, None))
        arrow.shrinkA, arrow.shrinkB = self._token_room(first), self._token_room(last)

    def _layer(self, layers: dict[str, Any], key: str, make: Callable[[], Any]) -> Any:
        """The one artist of layer ``key`` in ``layers``, made by ``make()`` on first use.

        A made collection is added to the axes (a scatter made by ``ax.scatter`` already is).
        """
        artist = layers.get(key)
        if artist is None:
            artist = make()
            if artist.axes is None:
                self.ax.add_collection(artist, autolim=False)
            layers[key] = artist
        return artist

    def set_paths(
        self,
        paths: Iterable[Sequence[Hex | str]] | None,
        *,
        key: str = "paths",
        colors: str | Sequence[str] = "#1a1a1a",
        width: float = 2.5,
        style: str = "-|>",
        linestyle: str = "-",
    ) -> list:
        """Draw paths as arrows, one patch per step (hex centre to hex centre), in layer ``key``.

        The steps of one path join at the hexes it passes (one line, with a head on its last
        step only), and paths are drawn over unit tokens (zorder :data:`PATH_ZORDER`), so a
        path passing a unit (e.g. a jump over a Garrison) stays visible.

        Parameters
        ----------
        paths : iterable of sequences of Hex (or labels), or None
            Each path is the hexes visited in order, its start included; a path of one hex draws
            nothing. A :class:`Hex` off the board is allowed (e.g. a Push off the edge). None or
            empty clears the layer.
        key : str
            The layer (e.g. ``"path"`` for a movement, ``"push"`` for a Push's steps).
        colors : colour or sequence of colours
            One colour for every path, or one per path.
        width : float
            Line width in points.
        style : str
            A :class:`~matplotlib.patches.ArrowStyle` (``"-|>"`` arrow, ``"-"`` plain line).
        linestyle : str
            ``"-"``, ``"--"``, ``":"``...

        Returns
        -------
        list of matplotlib.patches.FancyArrowPatch
            The visible arrows.
        """
        paths = [list(p) for p in (paths or [])]
        cols = [colors] * len(paths) if isinstance(colors, str) or colors is None else list(colors)
        steps = []
        for p, c in zip(paths, cols):
            pts = [self.centre(h) for h in p]
            n = len(pts) - 1
            ends = (p[0], p[-1]) if p else (None, None)
            # one route, one line: only its first step leaves room for the start token and only
            # its last step has a head, so a path of several steps never reads as several moves
            steps.extend((a, b, c, ends[0] if i == 0 else None, ends[1] if i == n - 1 else None)
                         for i, (a, b) in enumerate(zip(pts, pts[1:])))
        pool = self.arrow_layers.setdefault(key, [])
        shrink = 0.22 * self.ppu
        while len(pool) < len(steps):
            arrow = FancyArrowPatch((0, 0), (1, 1), shrinkA=shrink, shrinkB=shrink, zorder=PATH_ZORDER,
                                    capstyle="round", joinstyle="round")
            self.ax.add_patch(arrow)
            pool.append(arrow)
        head = ">" in style or "<" in style
        for arrow, (a, b, c, first, last) in zip(pool, steps):
            arrow.set_positions(a, b)
            if head and last is not None:
                arrow.set_arrowstyle(style, head_length=0.4 * width + 4, head_width=0.25 * width + 2.5)
            else:
                arrow.set_arrowstyle("-" if head else style)
            arrow._hexrules_ends = (first, last)
            self._shrink(arrow)
            arrow.set(color=c, linewidth=width, linestyle=linestyle, visible=True)
        for arrow in pool[len(steps):]:
            arrow.set_visible(False)
        return pool[: len(steps)]

    def set_links(
        self,
        pairs: Iterable[tuple[Hex | str, Hex | str]] | None,
        *,
        key: str = "links",
        color: str = "#c0392b",
        width: float = 3.0,
        linestyle: str = "--",
    ) -> LineCollection:
        """Join pairs of hex centres with plain lines (e.g. who is Engaged with whom)."""
        segments = [[self.centre(a), self.centre(b)] for a, b in (pairs or [])]
        lc = self._layer(self.link_layers, key, lambda: LineCollection([], zorder=8.5))
        lc.set_segments(segments)
        lc.set(color=color, linewidth=width, linestyle=linestyle)
        return lc

    def set_highlight(
        self,
        hexes: Iterable[Hex | str] | None,
        *,
        key: str = "highlight",
        color: str = "#ff00aa",
        width: float = 3.0,
        linestyle: str = "-",
        inset: float = 0.93,
    ) -> PolyCollection:
        """Outline some hexes (e.g. the selected target, a terrain piece), in layer ``key``.

        ``inset`` scales the outline about the hex centre (0.93: just inside the edges; use a
        smaller value for a second outline layer on the same hexes).

        Returns
        -------
        matplotlib.collections.PolyCollection
            The layer's outline collection (one per key, reused).
        """
        idx = [self.index[_as_hex(self.board, h)] for h in (hexes or [])]
        pc = self._layer(self.outline_layers, key, lambda: PolyCollection([], facecolor="none", zorder=4))
        pc.set_verts(self.polygons[idx] * inset + self.centres[idx][:, None, :] * (1 - inset) if idx else [])
        pc.set(edgecolor=color, linewidth=width, linestyle=linestyle)
        return pc

    def set_markers(
        self,
        hexes: Iterable[Hex | str] | None,
        *,
        key: str = "markers",
        marker: str = "X",
        color: str = "#d4ac0d",
        size: float = 0.7,
        edgecolor: str = "black",
    ):
        """Put a marker on some hexes (e.g. ``"X"`` for a collision), in layer ``key``.

        Parameters
        ----------
        size : float
            Marker size as a fraction of a hex radius.

        Returns
        -------
        matplotlib.collections.PathCollection
            The layer's scatter (one per key, reused via ``set_offsets``).
        """
        pts = [self.centre(h) for h in (hexes or [])]
        sc = self._layer(self.marker_layers, key, lambda: self.ax.scatter([], [], marker=marker, zorder=8))
        sc.set_offsets(np.array(pts, dtype=float).reshape(-1, 2))
        sc.set_sizes([(size * self.ppu) ** 2])
        sc.set(facecolor=color, edgecolor=edgecolor, linewidth=1.0)
        return sc

    # --- units ----------------------------------------------------------------------------

    def set_units(self, state: "State | None", *, names: Mapping[str, str] | None = None) -> None:
        """Draw ``state``'s units where they stand (moving the tokens already drawn).

        Units are circles and Garrisons squares, coloured by side, with a short name
        (:func:`short_name`, or ``names[unit.name]``) and their damage, if any, in red.

        Raises
        ------
        BoardError
            If a unit stands on a hex that is not on the board.
        """
        units = list(state or [])
        for s in (state.sides() if state is not None else []):
            if s not in self._sides:
                self._sides.append(s)
        present = set()
        for u in units:
            if u.hex not in self.index:
                raise BoardError(f"{u.kind} {u.name!r} is on hex {u.hex}, which is not on the board")
            present.add(u.name)
            x, y = self.layout.hex_to_pixel(u.hex)
            colour = side_colour(u.side, self._sides)
            art = self.units.get(u.name)
            if art is None or getattr(art[0], "_hexrules_garrison", None) != u.garrison:
                if art is not None:
                    for a in art:
                        a.remove()
                if u.garrison:
                    token = RegularPolygon((x, y), 4, radius=0.68, orientation=math.pi / 4, zorder=9)
                else:
                    token = Circle((x, y), 0.52, zorder=9)
                token._hexrules_garrison = u.garrison
                self.ax.add_patch(token)
                name = self.ax.text(x, y, "", ha="center", va="center", color="white", zorder=10,
                                    fontsize=self.fontsize(0.19, 3.5, 10), fontweight="bold", linespacing=0.95)
                dmg = self.ax.text(x + 0.5, y - 0.42, "", ha="center", va="center", color="white", zorder=11,
                                   fontsize=self.fontsize(0.24, 4, 10), fontweight="bold",
                                   bbox=dict(boxstyle="circle,pad=0.15", fc="#c0392b", ec="none"))
                art = (token, name, dmg)
                self.units[u.name] = art
            token, name, dmg = art
            if u.garrison:
                token.xy = (x, y)
            else:
                token.set_center((x, y))
            token.set(facecolor=colour, edgecolor="white" if not u.garrison else "black", linewidth=1.5, visible=True)
            name.set_position((x, y))
            label = (names or {}).get(u.name) or _token_name(u)
            longest = max(len(line) for line in label.splitlines()) if label else 1
            # fit the longest line in the token: about 0.66 em per bold character, 0.9 data unit wide
            name.set_fontsize(min(self.fontsize(0.19, 3.5, 10), max(3.0, self.ppu * 0.9 / (0.66 * longest))))
            name.set_text(label)
            name.set_visible(True)
            dmg.set_position((x + 0.48, y + 0.42))
            dmg.set_text(str(u.damage))
            dmg.set_visible(bool(u.damage))
        occupied = {u.hex for u in units}
        if occupied != self._occupied:
            self._occupied = occupied
            for pool in self.arrow_layers.values():
                for arrow in pool:
                    self._shrink(arrow)
        for n, art in self.units.items():
            if n not in present:
                for a in art:
                    a.set_visible(False)

    # --- legend ---------------------------------------------------------------------------

    def legend(self, state: "State | None" = None, extra: Sequence[Any] = (), *, below: bool = False,
               **kwargs: Any):
        """A legend of the elevation levels and terrain present, the sides of ``state``, and ``extra``.

        Parameters
        ----------
        state : State, optional
            Its sides (token colours) and Garrisons (square tokens) are listed.
        extra : sequence of artists
            Entries for the overlays a picture uses (:func:`legend_handle`: cost shading, the
            target outline, arrows, markers...), listed after the board's.
        below : bool
            Lay the legend out in columns under the axes, across the figure (for boards side
            by side: :func:`new_figure` with ``legend="below"``), instead of at the right.
        **kwargs
            Passed to :class:`~matplotlib.legend.Legend`.
        """
        handles = []
        levels = sorted({self.board.elevation(h) for h in self.hexes if self.board.terrain(h).name == "open"})
        for lv in levels:
            label = "ground (0)" if lv == 0 else f"height {lv}"
            handles.append(Patch(facecolor=elevation_colour(lv), edgecolor=_EDGE, label=label))
        names = sorted({self.board.terrain(h).name for h in self.hexes} - {"open"})
        for n in names:
            colour = TERRAIN_COLOURS.get(n) or mcolors.to_hex(self._base_colour(next(h for h in self.hexes if self.board.terrain(h).name == n)))
            if n == "water":
                handles.append(Patch(facecolor=colour, edgecolor=WATER_MARK, hatch=WATER_HATCH, linewidth=1.2, label=n))
            else:
                handles.append(Patch(facecolor=colour, edgecolor=_EDGE, hatch="xx" if n == "impassable" else None,
                                     label=n))
        if state is not None:
            for s in state.sides():
                handles.append(Line2D([], [], marker="o", linestyle="none", markersize=9,
                                      markerfacecolor=side_colour(s, state.sides()), markeredgecolor="white", label=s))
            if any(u.garrison for u in state):
                handles.append(Line2D([], [], marker="s", linestyle="none", markersize=9, markerfacecolor="#888888",
                                      markeredgecolor="black", label="Garrison"))
        handles.extend(extra)
        kw = dict(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False, borderaxespad=0.0)
        if below:
            kw.update(loc="lower center", bbox_to_anchor=(0.5, 0.01), bbox_transform=self.ax.figure.transFigure,
                      ncol=min(5, max(1, (len(handles) + 1) // 2)), columnspacing=1.2, handletextpad=0.5)
        kw.update(kwargs)
        ax = self.ax
        ax.legend_ = legend = _StaticLegend(ax, handles, [h.get_label() for h in handles], **kw)
        legend._remove_method = lambda _legend: setattr(ax, "legend_", None)
        return legend


def legend_handle(kind: str, label: str, color: str, *, linestyle: str = "-", width: float = 2.0,
                  marker: str = "X", alpha: float = 1.0) -> Any:
    """A legend entry for an overlay, to pass in ``extra=`` of :meth:`BoardArtists.legend`.

    Parameters
    ----------
    kind : {"fill", "outline", "arrow", "line", "marker"}
        A filled hex (cost shading, hexes where a unit can end), a hex outline (target, pass
        through only), an arrow (a path), a plain line (a link), or a marker (a collision's X).
    label : str
    color : str
    linestyle, width
        Of an outline, arrow or line (a dashed arrow for an illegal path or a collision).
    marker : str
        Of a ``"marker"`` entry.
    alpha : float
        Of a ``"fill"`` entry.

    Raises
    ------
    HexrulesError
        If ``kind`` is not one of the kinds above.

    Examples
    --------
    >>> legend_handle("outline", "target", "#ff00aa").get_label()
    'target'
    """
    if kind == "fill":
        return Patch(facecolor=color, edgecolor=_EDGE, alpha=alpha, label=label)
    if kind == "outline":
        return Patch(facecolor="none", edgecolor=color, linewidth=width, linestyle=linestyle, label=label)
    if kind == "arrow":
        return Line2D([], [], color=color, linewidth=width, linestyle=linestyle, marker=">",
                      markersize=6, label=label)
    if kind == "line":
        return Line2D([], [], color=color, linewidth=width, linestyle=linestyle, label=label)
    if kind == "marker":
        return Line2D([], [], color=color, linestyle="none", marker=marker, markersize=9, markeredgecolor="black",
                      markeredgewidth=0.8, label=label)
    raise HexrulesError(f"kind={kind!r} is not one of 'fill', 'outline', 'arrow', 'line', 'marker'")


def cost_handle(label: str = "cost in MP") -> Any:
    """A legend entry for cost shading (:data:`COST_CMAP`): a swatch of its middle colour."""
    return legend_handle("fill", label, mcolors.to_hex(COST_CMAP(0.6)), alpha=0.85)


class _StaticLegend(Legend):
    """A :class:`~matplotlib.legend.Legend` that an Agg canvas renders once and then pastes.

    A board's legend never changes while an explorer changes the board, yet laying out and
    drawing its texts is about half of an Agg redraw of a rulebook-size board. On an Agg
    renderer (Agg, ipympl) the legend is drawn once into a canvas of its own, and the pixels it
    covers are pasted on every later draw, until the canvas size, its dpi (an ipympl canvas
    follows the screen's pixel ratio), the axes' position or the legend's texts change. Other
    renderers (SVG, PDF) draw it as usual.
    """

    _pixels: tuple[Any, np.ndarray, int, int] | None = None

    @martist.allow_rasterization
    def draw(self, renderer: Any) -> None:
        from matplotlib.backends.backend_agg import RendererAgg

        if not self.get_visible():
            return
        if not isinstance(renderer, RendererAgg) or self.get_rasterized() or self.get_agg_filter() is not None:
            super().draw(renderer)
            return
        key = (renderer.width, renderer.height, renderer.dpi, tuple(self.axes.bbox.bounds),
               tuple((t.get_text(), t.get_visible()) for t in self.texts))
        if self._pixels is None or self._pixels[0] != key:
            own = RendererAgg(renderer.width, renderer.height, renderer.dpi)
            super().draw(own)
            box = self.get_window_extent(own).padded(2)
            x0, y0 = max(0, int(math.floor(box.x0))), max(0, int(math.floor(box.y0)))
            x1, y1 = min(int(renderer.width), int(math.ceil(box.x1))), min(int(renderer.height), int(math.ceil(box.y1)))
            rows = np.asarray(own.buffer_rgba())[int(renderer.height) - y1:int(renderer.height) - y0, x0:x1]
            self._pixels = (key, rows[::-1].copy(), x0, y0)  # draw_image wants the bottom row first
        _, pixels, x0, y0 = self._pixels
        if pixels.size:
            gc = renderer.new_gc()
            renderer.draw_image(gc, x0, y0, pixels)
            gc.restore()
        self.stale = False


def draw_board(
    board: "Board",
    state: "State | None" = None,
    *,
    ax: "Axes | None" = None,
    fill: Mapping[Hex | str, Any] | None = None,
    texts: Mapping[Hex | str, Any] | None = None,
    paths: Iterable[Sequence[Hex | str]] | None = None,
    highlight: Iterable[Hex | str] | None = None,
    markers: Iterable[Hex | str] | None = None,
    labels: bool | None = None,
    elevation_labels: bool | None = None,
    legend: bool = True,
    title: str | None = None,
    caption: str | None = None,
    cmap: str | Any = COST_CMAP,
    vmin: float | None = None,
    vmax: float | None = None,
    path_color: str = "#1a1a1a",
    cost: Any = None,
    reach: Any = None,
) -> BoardArtists:
    """Draw ``board`` (and ``state``'s units) on ``ax``; return the artists for later updates.

    Parameters
    ----------
    board : Board
        Elevation shades the faces (:data:`ELEVATION_COLOURS`: pale ground, brown height 1,
        greens above); water is blue and impassable hexes dark and hatched (T1).
    state : State, optional
        Units to draw (:meth:`BoardArtists.set_units`).
    ax : matplotlib.axes.Axes, optional
        Where to draw; default a new pyplot figure from :func:`new_figure`.
    fill : mapping of Hex to colour or number, optional
        Overlay colours (:meth:`BoardArtists.set_fill`; numbers through ``cmap``/``vmin``/``vmax``).
    texts : mapping of Hex to str, optional
        Texts at hex centres, e.g. costs (:meth:`BoardArtists.set_texts`, layer ``"texts"``).
    paths : iterable of hex sequences, optional
        Arrows, one per step (:meth:`BoardArtists.set_paths`, layer ``"paths"``).
    highlight : iterable of Hex, optional
        Hexes to outline (:meth:`BoardArtists.set_highlight`, layer ``"highlight"``).
    markers : iterable of Hex, optional
        Hexes to mark with an ``X`` (:meth:`BoardArtists.set_markers`, layer ``"markers"``).
    labels : bool, optional
        Write hex labels such as ``"C4"``; default: when the board has at most 300 hexes.
    elevation_labels : bool, optional
        Write ``"▲n"`` in elevated hexes; default: when the board has at most 300 hexes.
    legend : bool
        Add a legend of levels, terrain and sides at the right.
    title, caption : str, optional
        Axes title, and a text under the board (:meth:`BoardArtists.set_caption`).
    cmap, vmin, vmax
        Colour mapping of numeric ``fill`` values.
    path_color : str
        Colour of the ``paths`` arrows.
    cost : hexrules.movement.MoveCost, optional
        A movement to show (:func:`move_cost_overlays`: arrows, running totals, destination);
        its entries fill ``paths``, ``texts``, ``highlight`` and ``path_color`` when not given.
    reach : hexrules.movement.Reach, optional
        Reachable hexes to show (:func:`reach_overlays`), filling ``fill``/``texts``/``vmax``
        when not given.

    Returns
    -------
    BoardArtists

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from hexrules import Scenario
    >>> sc = Scenario.from_text("map:\\n 0 1\\nunits:\\n Gundam side=federation at=A1\\n")
    >>> art = draw_board(sc.board, sc.state, ax=Figure().add_subplot(), paths=[["A1", "B1"]])
    >>> len(art.faces.get_paths()), sorted(art.units)
    (2, ['Gundam'])
    """
    if reach is not None:
        r = reach_overlays(reach)
        fill = r["fill"] if fill is None else fill
        texts = r["texts"] if texts is None else texts
        vmin = r["vmin"] if vmin is None else vmin
        vmax = r["vmax"] if vmax is None else vmax
    if cost is not None:
        c = move_cost_overlays(cost)
        paths = c["paths"] if paths is None else paths
        texts = c["texts"] if texts is None else texts
        highlight = c["highlight"] if highlight is None else highlight
        path_color = c["path_color"] if path_color == "#1a1a1a" else path_color
    if ax is None:
        _, (ax,) = new_figure(board, legend=legend)
    art = BoardArtists(ax, board)
    if len(art.hexes) <= LARGE_BOARD:
        art.faces = PolyCollection(art.polygons, facecolors=art.base_colours, edgecolors=_EDGE, linewidths=0.6, zorder=1)
    else:  # stroking thousands of edges dominates a redraw: draw slightly smaller faces, gaps as edges
        shrunk = art.centres[:, None, :] + (art.polygons - art.centres[:, None, :]) * 0.92
        art.faces = PolyCollection(shrunk, facecolors=art.base_colours, linewidths=0.0, zorder=1)
    ax.add_collection(art.faces, autolim=False)
    impassable = [i for i, h in enumerate(art.hexes) if not board.terrain(h).passable]
    art.hatch = PolyCollection(art.polygons[impassable] if impassable else [], facecolors="none", edgecolors="#9a9a9a",
                               hatch="xx", linewidths=0.0, zorder=2)
    ax.add_collection(art.hatch, autolim=False)
    # water keeps a blue ripple over any fill (a cost colour must not hide the terrain, T1)
    water = [i for i, h in enumerate(art.hexes) if board.terrain(h).name == "water"]
    art.water = PolyCollection(art.polygons[water] * 0.97 + art.centres[water][:, None, :] * 0.03 if water else [],
                               facecolors="none", edgecolors=WATER_MARK, hatch=WATER_HATCH, hatchcolors=WATER_MARK,
                               linewidths=1.6, zorder=2)
    ax.add_collection(art.water, autolim=False)
    x0, x1, y0, y1 = _extent(board)
    pad = 0.15
    ax.set_xlim(x0 - pad, x1 + pad)
    ax.set_ylim(y1 + pad, y0 - pad)  # inverted: row 1 at the top
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()
    art._fonts()
    small = len(art.hexes) <= 300
    if labels if labels is not None else small:
        art.set_labels(True)
    if elevation_labels if elevation_labels is not None else small:
        art.set_elevation_labels(True)
    if fill:
        art.set_fill(fill, cmap=cmap, vmin=vmin, vmax=vmax)
    if texts:
        art.set_texts(texts)
    if paths:
        art.set_paths(paths, colors=path_color)
    if highlight:
        art.set_highlight(highlight)
    if markers:
        art.set_markers(markers)
    if state is not None:
        art.set_units(state)
    if title is not None:
        ax.set_title(title, fontsize=10)
    if caption:
        art.set_caption(caption)
    if legend:
        art.legend(state)
    return art


def to_png(board: "Board", state: "State | None" = None, *, dpi: int = 100, legend: bool = True, **overlays: Any) -> bytes:
    """A PNG picture of ``board`` (and ``state``), e.g. for ``_repr_png_``.

    Uses a bare Agg figure (not registered with pyplot), so showing a board never opens or leaks
    a pyplot figure.

    Parameters
    ----------
    board : Board
    state : State, optional
    dpi : int
        Resolution of the picture.
    legend : bool
        Add the legend at the right.
    **overlays
        Keyword arguments of :func:`draw_board` (``fill``, ``texts``, ``paths``, ``highlight``,
        ``markers``, ``labels``, ``title``, ``caption``, ...).

    Returns
    -------
    bytes
        The PNG file's bytes (no ``Software`` metadata, so equal inputs give equal bytes).
    """
    fig, (ax,) = new_figure(board, legend=legend, pyplot=False, dpi=dpi)
    draw_board(board, state, ax=ax, legend=legend, **overlays)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, metadata=PNG_METADATA)
    return buf.getvalue()


# --- overlays from rule results, and pictures for notebook cells ---------------------------------


def move_cost_overlays(cost: Any, *, color: str | None = None) -> dict[str, Any]:
    """Overlay keyword arguments for :func:`draw_board` / :func:`to_png` showing one movement.

    Parameters
    ----------
    cost : hexrules.movement.MoveCost
        A costed path (``path_cost`` / ``path_to``): its ``path``, ``steps`` (each with ``to``
        and ``cost``) and ``legal`` are read.
    color : str, optional
        Arrow colour; default dark green for a legal path, red for an illegal one.

    Returns
    -------
    dict
        ``paths`` (the path as arrows), ``texts`` (the running total, in movement points, on each
        hex entered) and ``highlight`` (the destination).
    """
    running, texts = 0, {}
    for st in cost.steps:
        running += st.cost
        texts[st.to] = running
    colour = color or ("#1e8449" if cost.legal else "#c0392b")
    return {"paths": [list(cost.path)], "texts": texts, "highlight": [cost.path[-1]], "path_color": colour}


def reach_overlays(reach: Any) -> dict[str, Any]:
    """Overlay keyword arguments showing reachable hexes coloured and labelled by cost.

    Parameters
    ----------
    reach : hexrules.movement.Reach
        Its ``costs`` ``{hex: movement points}`` and ``allowance.total`` are read.

    Returns
    -------
    dict
        ``fill`` (costs as numbers), ``texts`` (the costs), ``vmin=0`` and ``vmax`` (the
        allowance), for :func:`draw_board`.
    """
    return {"fill": dict(reach.costs), "texts": dict(reach.costs), "vmin": 0, "vmax": max(1, reach.allowance.total)}


def engagement_overlays(board: "Board", state: "State") -> dict[str, Any]:
    """Who is Engaged with whom (E1), and which adjacent enemies are not, as drawable pairs.

    Engagement is decided by :func:`hexrules.movement.engagements`; the pairs not Engaged are the
    adjacent enemies it leaves out (at another elevation, E1).

    Parameters
    ----------
    board : Board
    state : State

    Returns
    -------
    dict
        ``engagements`` (``{unit: enemies it is Engaged with}``), ``engaged`` and ``near``
        (sorted pairs of unit names: Engaged, and adjacent enemies not Engaged), and
        ``engaged_links`` / ``near_links`` (the same pairs as ``(hex, hex)`` for
        :meth:`BoardArtists.set_links`).

    Examples
    --------
    >>> from hexrules import builtin
    >>> sc = builtin("engagement_lower")
    >>> over = engagement_overlays(sc.board, sc.state)
    >>> over["engaged"], over["near"]
    ([("Char's Zaku II", 'RX-78-2 Gundam')], [('RX-78-2 Gundam', 'Zaku II: Minelayer')])
    """
    from .movement import engagements

    eng = engagements(board, state)
    engaged = sorted({tuple(sorted((a, e))) for a, es in eng.items() for e in es})
    near = sorted({tuple(sorted((u.name, o.name))) for u in state for o in state.enemies_of(u.name)
                   if o.hex.distance(u.hex) == 1 and o.name not in eng.get(u.name, ())})

    def links(pairs: list) -> list:
        return [(state.unit(a).hex, state.unit(b).hex) for a, b in pairs]

    return {"engagements": eng, "engaged": engaged, "near": near, "engaged_links": links(engaged),
            "near_links": links(near)}


class Picture:
    """A board picture that shows itself in a notebook cell (``_repr_png_``), without pyplot.

    Made by :func:`picture`; ``.png`` holds the bytes.
    """

    def __init__(self, png: bytes) -> None:
        self.png = png

    def _repr_png_(self) -> bytes:
        return self.png


def picture(board: "Board", state: "State | None" = None, **overlays: Any) -> Picture:
    """A :class:`Picture` of ``board`` with overlays: the last expression of a notebook cell.

    Takes the arguments of :func:`to_png`, plus ``cost=`` (a ``MoveCost``, drawn with
    :func:`move_cost_overlays`) and ``reach=`` (a ``Reach``, drawn with :func:`reach_overlays`).

    Examples
    --------
    >>> from hexrules import builtin
    >>> from hexrules.movement import path_cost
    >>> sc = builtin("elevation")
    >>> pic = picture(sc.board, sc.state, cost=path_cost(sc.board, sc.state, "RX-78-2 Gundam", ["C3", "D3"]))
    >>> pic.png[:4]
    b'\\x89PNG'
    """
    return Picture(to_png(board, state, **overlays))


# --- Push and Pull on a drawn board (hexrules.widgets.forced, figures/fig_forced.py) -------------

#: Colours of :class:`ForcedLayer`: ``move`` (green arrows of every move), ``hit`` (collision
#: stubs), ``edge`` (board-edge stubs), ``chosen`` (the branch stepped through), ``source`` (the
#: source hex's outline), ``ends`` (fill of the hexes where the target can end).
FORCED_COLOURS: dict[str, str] = {
    "move": "#1e8449",
    "hit": "#c0392b",
    "edge": "#d68910",
    "chosen": "#ff00aa",
    "source": "#7d3c98",
    "ends": "#a9dfbf",
}


def _unique(items: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(items))


class ForcedLayer:
    """Draws a Push or Pull on a drawn board, reusing the same artists on every call.

    Parameters
    ----------
    art : BoardArtists
        The board drawn by :func:`draw_board`.

    Notes
    -----
    Layers used on ``art``: ``"forced"`` (green arrows of every move), ``"chosen"`` (the chosen
    branch, magenta), ``"forced_source"`` (the source hex outlined in purple), and the fill
    (hexes where the target can end, pale green); colours in :data:`FORCED_COLOURS`. Collision
    and edge steps go toward a hex the target never enters (possibly off the board, where
    :meth:`BoardArtists.set_paths` cannot draw), so this layer draws them itself: a stub arrow
    from the hex to the shared hex side, a marker there and a label (the damage taken by the
    target, ``"edge"`` or ``"out"``).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from hexrules import builtin
    >>> from hexrules.forced import push
    >>> sc = builtin("push_knuckle_shield")
    >>> fm = push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2)
    >>> layer = ForcedLayer(draw_board(sc.board, sc.state, ax=Figure().add_subplot()))
    >>> layer.show(fm)
    >>> sorted(lab for *_, lab in layer.stubs(fm.branches))
    ['-2', '-2', '-2', '-2']
    """

    def __init__(self, art: BoardArtists) -> None:
        self.art = art
        self.ax = art.ax
        self._stubs: list[FancyArrowPatch] = []
        self._labels: list[Any] = []
        self._marks = self.ax.scatter([], [], marker="X", zorder=12)
        self._chosen_mark = self.ax.scatter([], [], marker="X", zorder=12.5)

    @staticmethod
    def legend_handles(*, chosen: bool = False, edge: bool = True) -> list[Any]:
        """Legend entries of what this layer draws, for :meth:`BoardArtists.legend` ``extra=``.

        Moves are solid green arrows, collisions dashed red stubs with an X and the target's
        damage, board-edge stops dotted orange stubs: a reader who does not tell red from green
        still tells them apart.

        Parameters
        ----------
        chosen : bool
            Add the chosen branch (magenta).
        edge : bool
            Add the board-edge stub.
        """
        c = FORCED_COLOURS
        out = [
            legend_handle("fill", "can end here", c["ends"], alpha=0.75),
            legend_handle("outline", "source", c["source"], width=2.5),
            legend_handle("arrow", "moves", c["move"]),
            legend_handle("line", "collision (-damage)", c["hit"], linestyle="--"),
            legend_handle("marker", "blocked step", c["hit"]),
        ]
        if edge:
            out.append(legend_handle("line", "board edge", c["edge"], linestyle=":"))
        if chosen:
            out.append(legend_handle("arrow", "chosen branch", c["chosen"], width=3.0))
        return out

    def _point(self, h: Hex) -> tuple[float, float]:
        return self.art.layout.hex_to_pixel(h)

    def _boundary(self, a: Hex, b: Hex) -> tuple[float, float]:
        """Where the mark of a step from ``a`` toward ``b`` goes: on the shared hex side, moved
        a little down the page along the step, away from the hex labels at the top of hexes."""
        (x0, y0), (x1, y1) = self._point(a), self._point(b)
        f = 0.5 + (0.12 if y1 < y0 - 1e-9 else -0.12 if y1 > y0 + 1e-9 else 0.0)
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)

    def stubs(self, branches: Sequence["Branch"]) -> list[tuple[Hex, Hex, str, str]]:
        """``(from, attempted, colour, label)`` of every distinct collision or edge step."""
        out: dict[tuple[Hex, Hex], tuple[str, str]] = {}
        for b in branches:
            if b.attempted is None:
                continue
            last = b.steps[-1]
            if b.ending == "edge":
                hit = [d for d in b.damages if d.cause == "edge"]
                label = "out" if b.removed else (f"-{hit[0].amount}" if hit else "")
                colour = FORCED_COLOURS["hit"] if b.collision else FORCED_COLOURS["edge"]
            else:
                hit = [d for d in b.damages if d.cause == "collision" and d.unit == b.target]
                label = f"-{hit[0].amount}" if hit else "x"
                colour = FORCED_COLOURS["hit"]
            out.setdefault((last.frm, last.to), (colour, label))
        return [(a, t, c, lab) for (a, t), (c, lab) in out.items()]

    def show_stubs(self, branches: Sequence["Branch"]) -> None:
        """Draw only the collision and edge stubs of ``branches`` (e.g. a multi-unit Push)."""
        self._draw_stubs(self.stubs(branches))

    def show(self, fm: "ForcedMove | None", *, chosen: "Branch | None" = None, step: int | None = None) -> None:
        """Draw every branch of ``fm`` (None clears), and ``chosen`` up to ``step`` steps.

        Parameters
        ----------
        fm : hexrules.forced.ForcedMove or None
        chosen : hexrules.forced.Branch, optional
            Drawn over the others in magenta (its collision or edge stub too, once reached).
        step : int, optional
            How many of ``chosen``'s steps to draw (default all).
        """
        art = self.art
        if fm is None:
            art.set_paths(None, key="forced")
            art.set_paths(None, key="chosen")
            art.set_highlight(None, key="forced_source")
            art.set_fill(None)
            self._draw_stubs([])
            self._chosen_mark.set_offsets(np.zeros((0, 2)))
            return
        moves = _unique([(s.frm, s.to) for b in fm for s in b.steps if s.result == "moved"])
        art.set_paths([list(m) for m in moves], key="forced", colors=FORCED_COLOURS["move"], width=2.0)
        art.set_fill({h: FORCED_COLOURS["ends"] for h in fm.destinations}, alpha=0.75)
        art.set_highlight([fm.source] if fm.source in art.index else None, key="forced_source",
                          color=FORCED_COLOURS["source"], width=3.5)
        self._draw_stubs(self.stubs(fm.branches))
        if chosen is None:
            art.set_paths(None, key="chosen")
            self._chosen_mark.set_offsets(np.zeros((0, 2)))
            return
        k = len(chosen.steps) if step is None else max(0, min(step, len(chosen.steps)))
        shown = chosen.steps[:k]
        trail = [chosen.start] + [s.to for s in shown if s.result == "moved"]
        art.set_paths([trail], key="chosen", colors=FORCED_COLOURS["chosen"], width=4.5)
        if shown and shown[-1].result != "moved":
            self._chosen_mark.set_offsets(np.array([self._boundary(shown[-1].frm, shown[-1].to)]))
            self._chosen_mark.set_sizes([(0.75 * art.ppu) ** 2])
            self._chosen_mark.set(facecolor=FORCED_COLOURS["chosen"], edgecolor="black", linewidth=1.0)
        else:
            self._chosen_mark.set_offsets(np.zeros((0, 2)))

    def _draw_stubs(self, stubs: list[tuple[Hex, Hex, str, str]]) -> None:
        art = self.art
        while len(self._stubs) < len(stubs):
            arrow = FancyArrowPatch((0, 0), (1, 1), shrinkA=0.22 * art.ppu, shrinkB=0.0, zorder=7)
            self.ax.add_patch(arrow)
            self._stubs.append(arrow)
            self._labels.append(self.ax.text(0, 0, "", ha="center", va="center", zorder=13, clip_on=False))
        points, colours = [], []
        for arrow, text, (a, t, colour, label) in zip(self._stubs, self._labels, stubs):
            p0, pb = self._point(a), self._boundary(a, t)
            arrow.set_positions(p0, pb)
            arrow.set_arrowstyle("-|>", head_length=5, head_width=3.5)
            # dashed (collision) or dotted (board edge): never only a colour apart from a move
            arrow.set(color=colour, linewidth=2.0, linestyle="--" if colour == FORCED_COLOURS["hit"] else ":",
                      visible=True)
            # the label sits beside the X (for a step up or down the page), or under it (a step
            # across), clear of the hex labels at the top of hexes
            (x0, y0), (xb, yb) = p0, pb
            if abs(yb - y0) > 1e-9:
                text.set_position((xb + (0.36 if xb >= x0 else -0.36), yb + 0.04))
            else:
                text.set_position((xb, yb + 0.34))
            text.set_text(label)
            text.set(color="white", fontsize=art.fontsize(0.26, 4, 10), fontweight="bold", visible=bool(label),
                     bbox=dict(boxstyle="round,pad=0.15", fc=colour, ec="none"))
            points.append(pb)
            colours.append(colour)
        for arrow, text in zip(self._stubs[len(stubs):], self._labels[len(stubs):]):
            arrow.set_visible(False)
            text.set_visible(False)
        self._marks.set_offsets(np.array(points, dtype=float).reshape(-1, 2))
        self._marks.set_sizes([(0.36 * art.ppu) ** 2])
        self._marks.set(facecolor=colours or "none", edgecolor="black", linewidth=0.8)


# --- Crush dice charts (hexrules.widgets.crush, figures/fig_crush.py) ----------------------------
# Plain functions on a given ax: draw_* makes the artists once (empty), set_* changes them in place.

#: Pre-reduction Cover values charted (= Crush dice, 0-6, C2).
CRUSH_COVERS: tuple[int, ...] = tuple(range(7))
#: Resolve values charted (1-7; 7: no die can reach it, C3).
CRUSH_RESOLVES: tuple[int, ...] = tuple(range(1, 8))


def draw_damage_bars(ax: "Axes", *, color: str = "#c0392b", max_k: int = CRUSH_COVERS[-1], width: float = 0.8,
                     offset: float = 0.0, label: str | None = None) -> tuple[list, list]:
    """Bars for damage 0..max_k (heights 0 for now) and their value texts; returns ``(bars, texts)``.

    Set heights with :func:`set_bars`; the bars are made once and changed in place.

    Examples
    --------
    >>> from fractions import Fraction
    >>> ax = Figure().add_subplot()
    >>> bars, texts = draw_damage_bars(ax, max_k=2)
    >>> set_bars(bars, texts, [Fraction(1, 4), Fraction(3, 4)])
    >>> [b.get_height() for b in bars], [t.get_text() for t in texts]
    ([0.25, 0.75, 0.0], ['25%', '75%', ''])
    """
    ks = np.arange(max_k + 1)
    bars = list(ax.bar(ks + offset, np.zeros(len(ks)), width=width, color=color, label=label, zorder=2))
    texts = [ax.text(k + offset, 0, "", ha="center", va="bottom", fontsize=7) for k in ks]
    ax.set_xticks(ks)
    ax.set_xlim(-0.6, max_k + 0.6)
    ax.set_ylim(0, 1.08)
    ax.set_ylabel("probability")
    ax.grid(axis="y", alpha=0.3, zorder=0)
    return bars, texts


def set_bars(bars: Sequence[Any], texts: Sequence[Any], probs: Sequence[Any]) -> None:
    """Give ``bars`` the heights ``probs`` (missing ones 0) and write percentages above them."""
    for i, (b, t) in enumerate(zip(bars, texts)):
        p = float(probs[i]) if i < len(probs) else 0.0
        b.set_height(p)
        t.set_position((b.get_x() + b.get_width() / 2, p + 0.01))
        t.set_text(f"{p * 100:.0f}%" if i < len(probs) and p > 0.0005 else "")


def draw_at_least(ax: "Axes", resolves: Sequence[int] = (2, 3, 4, 5, 6), *,
                  max_k: int = CRUSH_COVERS[-1]) -> dict[int, Any]:
    """One "P(damage >= k)" curve per Resolve (empty for now); returns ``{resolve: Line2D}``."""
    cmap = matplotlib.colormaps["viridis"]
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


def set_at_least(lines: Mapping[int, Any], cover: int, current: int | None = None) -> None:
    """Set every curve to ``P(damage >= k)`` for k = 0..cover against its Resolve (C3, exact).

    The curve of Resolve ``current`` is drawn thick, the others thin and faded.
    """
    from .dice import damage_distribution

    for r, line in lines.items():
        tail = damage_distribution(cover, r).at_least_table()
        line.set_data(list(tail), [float(p) for p in tail.values()])
        line.set_linewidth(3.2 if r == current else 1.2)
        line.set_alpha(1.0 if current is None or r == current else 0.55)


def draw_heatmap(ax: "Axes", rows: Sequence[Any], cols: Sequence[Any], *, cmap: str = "OrRd", vmax: float = 1.0,
                 xlabel: str = "", ylabel: str = "", fontsize: float = 7) -> tuple[Any, list[list[Any]], Any]:
    """An empty heatmap grid with a text per cell and a frame for the current cell.

    Returns ``(image, texts[row][col], frame)``; fill it with :func:`set_heatmap`, move the
    frame (a :class:`~matplotlib.patches.Rectangle`) with ``frame.set_xy((col - 0.5, row - 0.5))``.
    """
    from matplotlib.patches import Rectangle

    img = ax.imshow(np.zeros((len(rows), len(cols))), cmap=cmap, vmin=0, vmax=vmax, origin="lower", aspect="auto")
    texts = [[ax.text(j, i, "", ha="center", va="center", fontsize=fontsize) for j in range(len(cols))]
             for i in range(len(rows))]
    ax.set_xticks(range(len(cols)), [str(c) for c in cols])
    ax.set_yticks(range(len(rows)), [str(r) for r in rows])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    frame = Rectangle((-0.5, -0.5), 1, 1, fill=False, edgecolor="#1a1a1a", linewidth=2.5, zorder=5)
    ax.add_patch(frame)
    return img, texts, frame


def set_heatmap(img: Any, texts: list[list[Any]], values: Sequence[Sequence[Any]], fmt: Callable[[float], str],
                vmax: float | None = None) -> None:
    """Put ``values`` (rows x columns) in a heatmap made by :func:`draw_heatmap`, in place."""
    arr = np.array([[float(v) for v in row] for row in values])
    img.set_data(arr)
    top = vmax if vmax is not None else (arr.max() if arr.size and arr.max() > 0 else 1.0)
    img.set_clim(0, top)
    for i, row in enumerate(texts):
        for j, t in enumerate(row):
            v = arr[i, j]
            t.set_text(fmt(v))
            t.set_color("white" if v > 0.6 * top else "black")


def draw_expected_damage(ax: "Axes", resolves: Sequence[int] = (2, 3, 4, 5, 6),
                         covers: Sequence[int] = CRUSH_COVERS) -> dict[int, Any]:
    """Expected Crush damage against Cover, one line per Resolve (exact means ``Cover * p``, C3)."""
    from .dice import expected_damage_table, hit_probability

    cmap = matplotlib.colormaps["viridis"]
    lines = {}
    table = expected_damage_table(covers, resolves)
    for j, r in enumerate(resolves):
        ys = [float(table[i][j]) for i in range(len(covers))]
        (lines[r],) = ax.plot(list(covers), ys, marker="o", color=cmap(j / max(1, len(resolves) - 1) * 0.9),
                              label=f"Resolve {r} (p = {hit_probability(r)})")
    ax.set_xlabel("pre-reduction Cover (= Crush dice)")
    ax.set_ylabel("expected damage")
    ax.set_xticks(list(covers))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return lines
