# Why this module is over ~900 lines: the drawn board is one object, BoardArtists, whose layers
# (faces, tiles, texts, outlines, paths, markers, units, legend) share its geometry and must be
# changed in place together; splitting the class would split that shared state. About 40% of the
# lines are numpydoc docstrings; the topics' overlays live in plot/movement.py, forced.py, crush.py.
"""A drawn board: :func:`draw_board` and the :class:`BoardArtists` it returns, legends, token names.

One call draws a board on an axes and returns a :class:`BoardArtists`, which keeps every artist
it made so that an explorer *changes* them instead of drawing again:

* all hex faces are ONE :class:`~matplotlib.collections.PolyCollection`
  (:attr:`BoardArtists.faces`): :meth:`BoardArtists.set_fill` recolours it in place;
* texts (hex labels, elevation marks, costs) are drawn as glyph outlines: each text layer is ONE
  :class:`~matplotlib.collections.PathCollection` whose paths are rebuilt from cached
  :class:`~matplotlib.textpath.TextPath` outlines (:meth:`~BoardArtists.set_texts`), so a board
  with hundreds of labels redraws a few artists, not hundreds of
  :class:`~matplotlib.text.Text` objects (see :mod:`hexrules.plot.text`);
* arrows, outlines and markers live in named layers (``key=``) whose artists are reused from
  pools: :meth:`~BoardArtists.set_paths`, :meth:`~BoardArtists.set_highlight`,
  :meth:`~BoardArtists.set_markers`, :meth:`~BoardArtists.set_links`;
* unit tokens (circles coloured by side, Garrisons as squares) are moved by
  :meth:`~BoardArtists.set_units`;
* on an Agg canvas (ipympl), what an update leaves unchanged is not rasterized again: the
  faces, terrain hatches and tokens reuse their pixels exactly while they and what lies under
  them are unchanged (:class:`_Memo`), the unchanged text layers are pasted
  (:class:`_StaticPathCollection`), and the board's axes are hidden outright (matplotlib would
  measure their tick labels on every draw to place a title);
* the legend (:meth:`BoardArtists.legend`, entries for overlays from :func:`legend_handle` and
  :func:`cost_handle`) lists what the board draws now: the sides of the tokens drawn, and each
  overlay entry while its layer draws something (:func:`legend_when`, :meth:`BoardArtists.draws`);
  an explorer's update lists again (:func:`sync_legends`) and replaces the legend only when what
  it lists changed. It is a :class:`_StaticLegend`, rendered once and pasted on Agg canvases.

Everything here takes plain data (hexes, labels, numbers, colours); the topic modules
(:mod:`hexrules.plot.movement`, :mod:`~hexrules.plot.forced`, :mod:`~hexrules.plot.crush`)
turn rule results into such data. Colours come from ``theme=``
(:data:`~hexrules.plot.theme.DEFAULT_THEME`).

Hexes are named by :meth:`Board.label <hexrules.board.Board.label>`, which names every hex (``"-A1"``
for the hex left of ``A1``), so any board can be drawn.

Coordinates: axes data coordinates are the pixels of ``board.layout(1.0)`` (hex radius 1), so
:meth:`hexrules.hexgrid.Layout.hex_to_pixel` gives a hex centre and
:meth:`BoardArtists.hex_at` turns a mouse click back into a hex. Pixel ``y`` grows with the row,
so the y axis is inverted: row 1 is at the top of the page, as players read the labels.

Why this module is over ~900 lines (about 1000): :class:`BoardArtists` alone is about 600, one
class because every layer of a drawn board shares its geometry, artist pools, font scale and
theme; :func:`draw_board`, which builds it, and the legend and token helpers it uses belong with
it (split off, each part would import the other).

Examples
--------
A click at a hex centre finds the hex again; a unit's token stands there:

>>> from matplotlib.figure import Figure
>>> from hexrules import Scenario
>>> sc = Scenario.from_text("map:\\n 0 1 2\\n  0 ~ X\\nunits:\\n Gundam side=federation at=C1\\n")
>>> art = draw_board(sc.board, sc.state, ax=Figure().add_subplot(), legend=False)
>>> sc.board.label(art.hex_at(*art.centre("C1"))), art.units["Gundam"][0].center == art.centre("C1")
('C1', True)
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

import matplotlib
import numpy as np
from matplotlib import artist as martist
from matplotlib import patheffects
from matplotlib import colors as mcolors
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Patch, Polygon, RegularPolygon
from matplotlib.path import Path
from matplotlib.text import Text

from ..errors import BoardError, HexrulesError
from ..hexgrid import Hex
from ._mpl import install_legend, spare_renderer
from .figure import NO_ROOM, VIEW_PAD, Room, board_extent, grow_figure, new_figure
from .text import Box, box_at, fit_text, free_spot, text_outline, text_width
from .theme import DEFAULT_THEME, Theme, black_or_white, get_theme, readable_on, relative_luminance

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..board import Board
    from ..state import State, Unit

__all__ = [
    "LARGE_BOARD",
    "PATH_ZORDER",
    "TEXT_ZORDER",
    "BoardArtists",
    "draw_board",
    "clear_board",
    "legend_handle",
    "legend_when",
    "sync_legends",
    "cost_handle",
    "short_name",
    "fit_token_text",
    "TOKEN_HALF",
    "VEHICLE_MARKER",
    "side_colour",
    "elevation_colour",
    "cost_colour",
    "cost_label",
    "cost_legend",
    "TEXT_MODES",
]

#: How a board writes its texts (:class:`BoardArtists` ``text_mode=``): ``"outline"`` glyph
#: outlines (fast redraws, the explorers), ``"text"`` real text objects (an SVG whose labels
#: and numbers stay editable in a vector editor).
TEXT_MODES = ("outline", "text")

#: Drawing order of path arrows: above unit tokens (9), below the units' names (10).
PATH_ZORDER = 9.5

#: Drawing order of text layers other than hex labels (e.g. costs): above paths, under unit names.
TEXT_ZORDER = 9.7

#: Boards with more hexes than this are drawn without stroked hex edges (a small gap between
#: faces shows the grid instead), which halves the cost of a redraw on a 60 x 60 board.
LARGE_BOARD = 1000


def elevation_colour(level: int, theme: Theme = DEFAULT_THEME) -> str:
    """Face colour of elevation ``level`` (levels, 0 = ground): ``theme.elevation``, darker past it.

    >>> elevation_colour(0), elevation_colour(1)
    ('#ece6cf', '#c9a36b')
    """
    table = theme.elevation
    if level < len(table):
        return table[level]
    r, g, b = mcolors.to_rgb(table[-1])
    k = 0.7 ** (level - len(table) + 1)
    return mcolors.to_hex((r * k, g * k, b * k))


def side_colour(side: str, sides: Sequence[str] = (), theme: Theme = DEFAULT_THEME) -> str:
    """Token colour of ``side``: ``theme.sides``, else a ``theme.side_palette`` colour by position.

    Parameters
    ----------
    side : str
        The side's name.
    sides : sequence of str
        Every side present, in a stable order (e.g. ``state.sides()``), to pick palette
        colours for sides not in ``theme.sides``.
    theme : Theme
    """
    known, palette, named = theme.sides, theme.side_palette, theme.named_sides
    if side in known:
        return known[side]
    if side.lower() in named:  # side=blue is blue (issue 10 part 4)
        return named[side.lower()]
    others = [s for s in sides if s not in known and s.lower() not in named] or [side]
    i = others.index(side) if side in others else len(others)
    taken = set(known.values()) | {named[s.lower()] for s in sides if s.lower() in named}
    free = [c for c in palette if c not in taken] or list(palette)
    return free[i % len(free)]


def cost_colour(cost: int, theme: Theme = DEFAULT_THEME) -> str:
    """Colour of a cost of ``cost`` movement points on the kit's fixed cost scale (``theme.cost_steps``).

    The scale is the same in every picture, under Advance and under Dash: cost 2 has one colour
    everywhere. The last colour serves every cost from ``len(theme.cost_steps)`` up (its legend
    swatch says ``"7+ MP"``); a cost of 0 (the start hex) or less takes the first.

    >>> cost_colour(1) == cost_colour(1, DEFAULT_THEME), cost_colour(2) != cost_colour(3)
    (True, True)
    >>> cost_colour(40) == DEFAULT_THEME.cost_steps[-1]
    True
    """
    steps = theme.cost_steps
    return steps[max(0, min(int(cost), len(steps)) - 1)]


def cost_label(cost: int, theme: Theme = DEFAULT_THEME) -> str:
    """The legend label of ``cost`` on the fixed scale: ``"2 MP"``, the last step ``"7+ MP"``."""
    top = len(theme.cost_steps)
    return f"{top}+ MP" if cost >= top else f"{max(1, int(cost))} MP"


def cost_legend(costs: Iterable[int] | int, theme: Theme = DEFAULT_THEME, *, title: bool = True,
                drawn_by: tuple | None = None) -> list:
    """Legend entries of the fixed cost scale: one swatch per cost in ``costs`` (or 1..``costs``).

    Each swatch is the tile colour of that cost (:func:`cost_colour`), so picture and legend
    agree; costs from ``len(theme.cost_steps)`` up share the last swatch (``"7+ MP"``).

    Parameters
    ----------
    costs : iterable of int, or int
        The costs shown (e.g. ``reach.costs.values()``), or the highest cost a picture may show
        (every swatch from 1 to it: an explorer's fixed legend).
    title : bool
        Start with a label-only entry "cost (movement points)".
    drawn_by : tuple, optional
        As :func:`legend_handle`'s: the layer of the tiles the swatches stand for
        (``("tiles", None)``: any), so that the legend lists the scale only while a cost is
        shown. Default: always listed.

    >>> [h.get_label() for h in cost_legend([3, 1, 3])]
    ['cost (movement points):', '1 MP', '3 MP']
    """
    top = len(theme.cost_steps)
    wanted = range(1, costs + 1) if isinstance(costs, int) else costs
    levels = sorted({min(top, max(1, int(c))) for c in wanted})
    out = [Patch(facecolor="none", edgecolor="none", label="cost (movement points):")] if title and levels else []
    out += [Patch(facecolor=cost_colour(c, theme), edgecolor=theme.cost_tile_edge, linewidth=0.8,
                  hatch=theme.tile_hatch, label=cost_label(c, theme)) for c in levels]
    return [legend_when(h, *drawn_by) for h in out] if drawn_by else out


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
    """The name to write on a unit's token (:func:`fit_token_text` fits it), a Garrison's without its side.

    A square token already says "Garrison" by its shape (legend) and its side by its colour, so
    "Federation Garrison" is written ``"Garrison"`` and "blue Garrison 1" (a generated board's,
    side blue) ``"Garrison 1"``, large enough to read.
    """
    words = unit.name.split()
    if unit.garrison and len(words) > 1 and words[-1].lower() == "garrison":
        return "Garrison"
    if unit.garrison and len(words) > 1 and words[0].lower() == str(unit.side).lower():
        return " ".join(words[1:])
    return unit.name


#: The half-size of each token shape, in hex radii, ``(half width, half height)``: a unit's
#: circle (its radius), a Garrison's square (half its side: a square of radius 0.68 stood on its
#: side), a vehicle's diamond (a rhombus on its corners, as tall as a unit's circle so that it
#: leaves the hex's label at the top of the hex readable, and wider: a diamond of radius 0.7
#: covered its own hex's label, lesson 08's "Sentinel (on D4)").
TOKEN_HALF = {"unit": (0.52, 0.52), "garrison": (0.68 / math.sqrt(2.0),) * 2, "vehicle": (0.74, 0.52)}

#: The legend's marker of a vehicle: the token's rhombus (matplotlib scales a vertex marker to its
#: size, keeping its proportions).
VEHICLE_MARKER = [(-1.0, 0.0), (0.0, -TOKEN_HALF["vehicle"][1] / TOKEN_HALF["vehicle"][0]), (1.0, 0.0),
                  (0.0, TOKEN_HALF["vehicle"][1] / TOKEN_HALF["vehicle"][0])]


def _rhombus(x: float, y: float, half: tuple[float, float]) -> list[tuple[float, float]]:
    """The corners of a rhombus centred on ``(x, y)`` with half diagonals ``half`` (a vehicle's token)."""
    a, b = half
    return [(x - a, y), (x, y - b), (x + a, y), (x, y + b)]

#: The layout box of a token's name (a bold :class:`~matplotlib.text.Text`, line spacing 0.95), in
#: ems: one line is ``TEXT_LINE_HEIGHT`` high, each further line adds ``TEXT_LINE_PITCH``; a line
#: is its ink width plus ``TEXT_SIDE_BEARING`` (DejaVu Sans Bold, as matplotlib lays it out).
TEXT_LINE_HEIGHT, TEXT_LINE_PITCH, TEXT_SIDE_BEARING = 1.17, 1.1, 0.12


def _name_block(text: str) -> tuple[float, float]:
    """Width and height (ems) of the layout box of ``text`` written on a token."""
    lines = text.splitlines() or [""]
    width = max(text_width(line, "bold") for line in lines) + TEXT_SIDE_BEARING
    return width, TEXT_LINE_HEIGHT + TEXT_LINE_PITCH * (len(lines) - 1)


def _fit_em(shape: str, width: float, height: float, margin: float) -> float:
    """The largest em (hex radii) at which a box of ``width`` x ``height`` ems lies inside the token
    ``shape``, ``margin`` hex radii inside its edge."""
    a, b = (half - margin for half in TOKEN_HALF[shape])
    w, h = width / 2, height / 2
    if shape == "unit":  # every corner inside the circle
        return a / math.hypot(w, h)
    if shape == "vehicle":  # a rhombus on its corners: |x| / a + |y| / b <= 1
        return 1.0 / (w / a + h / b)
    return a / max(w, h)


def _wrapped(name: str, lines: int) -> str | None:
    """``name`` broken at spaces into exactly ``lines`` lines as even as possible, or None."""
    words = name.split()
    if len(words) < lines:
        return None
    for width in range(max(1, math.ceil(len(name) / lines)), len(name) + 1):
        out = textwrap.wrap(name, width=width, break_long_words=False)
        if len(out) <= lines:
            return "\n".join(out) if len(out) == lines else None
    return None


def shortened(a: Sequence[float], b: Sequence[float], cut_a: float, cut_b: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The segment from ``a`` to ``b`` with ``cut_a`` cut off its start and ``cut_b`` off its end
    (same units as the points); a segment too short for both cuts is returned whole.

    >>> shortened((0.0, 0.0), (4.0, 0.0), 1.0, 0.5)
    ((1.0, 0.0), (3.5, 0.0))
    >>> shortened((0.0, 0.0), (0.0, 1.0), 0.6, 0.6)
    ((0.0, 0.0), (0.0, 1.0))
    """
    (xa, ya), (xb, yb) = (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))
    length = math.hypot(xb - xa, yb - ya)
    if length <= cut_a + cut_b:
        return (xa, ya), (xb, yb)
    ux, uy = (xb - xa) / length, (yb - ya) / length
    return (xa + ux * cut_a, ya + uy * cut_a), (xb - ux * cut_b, yb - uy * cut_b)


def fit_token_text(name: str, shape: str, ppu: float, size: float) -> tuple[str, float]:
    """What to write on a token and at which font size (points), so that it lies inside the token.

    The name is written whole if it can be, on one, two or three lines (whichever allows the
    largest font, at most ``size``), as long as that font is at least :data:`TOKEN_TEXT_MIN` of
    ``size`` (and :data:`TOKEN_TEXT_SMALLEST` points); a name that does not fit so is
    shortened (:func:`short_name`: the words cut with "…", fewer lines) until it does; a token
    too small for even a shortened name at :data:`TOKEN_TEXT_SMALLEST` points (a huge board)
    shows none (``""``). A name after a colon is its part after it ("Zaku II: Minelayer" ->
    "Minelayer").

    Parameters
    ----------
    name : str
    shape : {"unit", "garrison", "vehicle"}
        A circle, a square (Garrison) or a diamond (vehicle): :data:`TOKEN_HALF`.
    ppu : float
        Points per hex radius on the figure.
    size : float
        The token's own font size (points): the largest used.

    Returns
    -------
    (str, float)

    Examples
    --------
    >>> fit_token_text("Gundam", "unit", 30.0, 5.7)
    ('Gundam', 5.7)
    >>> fit_token_text("RX-78-2 Gundam", "unit", 30.0, 5.7)[0]
    'RX-78-2\\nGundam'
    """
    if ":" in name and name.split(":", 1)[1].strip():
        name = name.split(":", 1)[1].strip()
    name = " ".join(name.split()) or "?"
    margin = 1.5 / ppu  # the token's edge line
    floor = max(TOKEN_TEXT_MIN * size, TOKEN_TEXT_SMALLEST)

    def size_of(text: str) -> float:
        return min(size, ppu * _fit_em(shape, *_name_block(text), margin))

    whole = [t for t in (name, _wrapped(name, 2), _wrapped(name, 3)) if t]
    best = max(whole, key=size_of)
    if size_of(best) >= floor:
        return best, round(size_of(best), 2)
    shortened = [short_name(name, width, lines) for width in (9, 7, 5, 3) for lines in (2, 3)]
    fitting = [t for t in shortened if size_of(t) >= floor]
    if fitting:
        chosen = max(fitting, key=lambda t: (len(t.replace("…", "")), size_of(t)))
        return chosen, round(size_of(chosen), 2)
    chosen = max(shortened, key=size_of)  # a token too small for any name at the floor (a huge board)
    if size_of(chosen) < TOKEN_TEXT_SMALLEST:
        return "", size  # nothing legible fits: the legend and the tables name the unit
    return chosen, round(size_of(chosen), 2)


#: The smallest font a token's name is shrunk to, as a share of the token's own size, before the
#: name is shortened instead (:func:`fit_token_text`).
TOKEN_TEXT_MIN = 0.75
#: Points: a token where not even a shortened name fits at this size shows no name.
TOKEN_TEXT_SMALLEST = 3.0



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
        Blue outline and ripples over water hexes (``theme.water_mark``), drawn above any fill.
    theme : Theme
        The colours drawn with (:class:`~hexrules.plot.theme.Theme`).
    text_mode : {"outline", "text"}
        How texts are written (:data:`TEXT_MODES`): glyph outlines, or text objects (editable
        in an SVG).
    terrain_hatches : dict of str to PolyCollection
        The hatch over the hexes of each designer terrain type (``theme.designer_hatches``),
        drawn above any fill or tile, so the terrain shows under a cost.
    tile_layers : dict of str to PolyCollection
        The inner hexagons of each tile layer (:meth:`set_tiles`, :meth:`set_costs`).
    units : dict of str to (patch, Text, Text)
        Token, name and damage texts of each unit drawn, by unit name.
    arrow_layers : dict of str to list
        The pooled :class:`~matplotlib.patches.FancyArrowPatch` artists of each layer (hidden
        ones included).
    text_layers, outline_layers, link_layers, marker_layers : dict of str to Collection
        The one collection of each text / outline / link / marker layer.
    """

    def __init__(self, ax: "Axes", board: "Board", theme: Theme = DEFAULT_THEME, *, text_mode: str = "outline") -> None:
        if text_mode not in TEXT_MODES:
            raise HexrulesError(f"text_mode={text_mode!r} is not one of {', '.join(TEXT_MODES)}")
        self.ax = ax
        self.board = board
        self.theme = theme
        self.text_mode = text_mode
        self._text_artists: dict[str, list[Any]] = {}
        self.tile_layers: dict[str, PolyCollection] = {}
        self.terrain_hatches: dict[str, PolyCollection] = {}
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
        self._tiles_shown: dict[str, dict[Hex, Any]] = {}  # tiles_shown
        self._outlines_shown: dict[str, list[Hex]] = {}  # outlines_shown
        self.units: dict[str, tuple[Any, Any, Any]] = {}
        self.text_layers: dict[str, PathCollection] = {}
        self.arrow_layers: dict[str, list] = {}
        self.outline_layers: dict[str, PolyCollection] = {}
        self.marker_layers: dict[str, Any] = {}
        self.link_layers: dict[str, LineCollection] = {}
        self._arrow_ends: dict[FancyArrowPatch, tuple[Any, Any, Hex | str | None, Hex | str | None]] = {}  # centres, end hexes
        self._sides: list[str] = []
        self._shapes: dict[str, str] = {}
        self._drawn_units: dict[str, tuple] = {}  # what each token shows, to leave unchanged tokens alone
        self._unit_sides: dict[str, str] = {}  # each drawn token's side (the legend lists the sides drawn)
        self._drawn_checks: dict[str, Callable[[Any], bool]] = {}  # what other layers draw (when_drawn)
        self._legend_spec: dict[str, Any] | None = None  # what legend() was asked to list (sync_legend)
        self._legend_listed: tuple | None = None
        self._legends_kept: dict[tuple, Any] = {}  # a legend per list shown (sync_legend)
        self._legend_roomy: set[str] = set()  # the labels the figure's room for the legend was measured with
        self._board_entries: tuple[Any, list] | None = None  # the levels and terrain of one board, once
        self._set_with: dict[tuple[str, str], tuple] = {}  # each layer's last arguments (_unchanged)
        self._occupied: set[Hex] = set()
        self._text_calls: dict[str, dict[str, Any]] = {}  # set_texts' arguments per layer, to redo when units move
        self._reserved: dict[str, list[Box]] = {}  # boxes placed texts and marks hold (reserve)
        self._on_units: dict[str, Callable[[], None]] = {}  # what to redo when tokens change (when_units_change)
        self._placed: dict[str, dict[str, Any]] = {}  # place_text's arguments per layer
        self._notes: dict[str, tuple] = {}  # what each note layer writes (_note_box)
        self._note_keys: set[str] = set(self.NOTE_LAYERS)  # and set_costs' layers with numbers
        self._arrow_heads: dict[FancyArrowPatch, tuple[Any, float]] = {}  # each arrow's tip and head length
        self.caption = None
        self.ppu = 30.0  # points per data unit, fixed in _fonts()
        self._label_boxes_kept: tuple[float, tuple, list] | None = None  # _label_boxes: (ppu, board and texts, boxes)

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
        terrain, designer = self.theme.terrain, self.theme.designer_terrain
        if t.name in terrain:
            return mcolors.to_rgba(terrain[t.name])
        if t.name != "open":
            names = self._designer_names()
            return mcolors.to_rgba(designer[names.index(t.name) % len(designer)])
        return mcolors.to_rgba(elevation_colour(self.board.elevation(h), self.theme))

    def _designer_names(self) -> list[str]:
        terrain = self.theme.terrain
        return sorted(n for n in self.board.terrain_table if n not in terrain and n != "open")

    def _designer_hatch(self, name: str) -> str | None:
        """The hatch of designer terrain ``name`` (``theme.designer_hatches``, by sorted name)."""
        names, hatches = self._designer_names(), self.theme.designer_hatches
        return hatches[names.index(name) % len(hatches)] if name in names and hatches else None

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
        cmap: str | Any = None,
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
        cmap : str or Colormap, optional
            Colour map for numbers (default ``theme.cost_cmap``: cheap is pale yellow, expensive
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
                cmap = self.theme.cost_cmap if cmap is None else cmap
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

    #: Size (fraction of the hex) and downward shift (hex radii) of a tile: under the label line,
    #: the rim round it keeps the hex's own colour.
    TILE_INSET, TILE_SHIFT = 0.6, 0.12

    def set_tiles(self, values: Mapping[Hex | str, Any] | None, *, key: str = "tiles", inset: float | None = None,
                  edgecolor: str | None = None, linewidth: float = 0.8, hatch: str | None = None,
                  over_terrain: bool = False) -> PolyCollection:
        """Opaque inner hexagons in some hexes, one colour each (layer ``key``); the rim keeps the
        hex's elevation or terrain colour.

        Unlike :meth:`set_fill`, nothing is blended: a tile is exactly its colour, the colour
        of its legend swatch, and the rim round it exactly the colour of the hex's level or
        terrain in the legend (issue 10 part 4: colours that mean one thing).

        Parameters
        ----------
        values : mapping of Hex (or label) to colour, or None
            None or empty clears the layer.
        inset : float, optional
            The tile's size, as a fraction of the hex (default :attr:`TILE_INSET`), shifted
            :attr:`TILE_SHIFT` down the hex, clear of the label line at its top.
        edgecolor : str, optional
            The tiles' edge (default ``theme.cost_tile_edge``).
        hatch : str, optional
            A hatch over the tiles; default ``theme.tile_hatch`` (none in colour, dots in print).
        over_terrain : bool
            True: the tiles lie over the water's ripples and the impassable hatch (the rim still
            shows them), so that nothing crosses a tile or what is written on it (the what-if
            map's changes). False (default): under them, as costs are, so that a tile never hides
            that its hex is water. Fixed when the layer is first made.

        Returns
        -------
        matplotlib.collections.PolyCollection
            The layer's collection (one per key, reused).
        """
        inset = self.TILE_INSET if inset is None else inset
        self._tiles_shown[key] = {_as_hex(self.board, h): c for h, c in (values or {}).items()}
        items = [(self.index[_as_hex(self.board, h)], c) for h, c in (values or {}).items()]
        idx = [i for i, _ in items]
        pc = self._layer(self.tile_layers, key, lambda: _MemoPolyCollection([], zorder=2.5 if over_terrain else 1.5))
        if self._unchanged(("tiles", key), (items, inset, edgecolor, linewidth, hatch)):
            return pc
        centres = self.centres[idx] + np.array([0.0, self.TILE_SHIFT])
        pc.set_verts((self.polygons[idx] - self.centres[idx][:, None, :]) * inset + centres[:, None, :] if idx else [])
        pc.set_facecolor([mcolors.to_rgba(c) for _, c in items] or "none")
        pc.set(edgecolor=self.theme.cost_tile_edge if edgecolor is None else edgecolor, linewidth=linewidth,
               hatch=self.theme.tile_hatch if hatch is None else hatch)
        return pc

    def set_costs(self, costs: Mapping[Hex | str, int] | None, *, key: str = "costs", numbers: bool = True,
                  under_units: bool = False, halo: bool = False) -> None:
        """Movement costs on the kit's fixed scale: a tile per hex coloured by its cost
        (:func:`cost_colour`) and, with ``numbers``, the cost written on it (black or white,
        whichever reads on the tile). Layers ``key`` (tiles and texts); None clears them.

        The colour of a cost never depends on the allowance, so cost 2 looks the same under
        Advance and under Dash; :func:`cost_legend` gives the matching swatches. With
        ``under_units``, a number on a hex that holds a unit is written under its token
        (:meth:`set_texts`). With ``halo``, each number is ringed in its tile's colour, so a path
        drawn through the hex (a diagram's ``cost`` over its ``reach``) never crosses its digits
        (layer ``key + "_halo"``).
        """
        costs = {(_as_hex(self.board, h)): c for h, c in (costs or {}).items()}
        colours = {h: cost_colour(c, self.theme) for h, c in costs.items()}
        self._note_keys.add(key)  # an arrow ending on a cost stops short of its number (_text_room)
        self.set_tiles(colours, key=key)
        self.set_texts(costs if numbers else None, key=key, color={h: black_or_white(c) for h, c in colours.items()},
                       offset=(0.0, self.TILE_SHIFT), size=0.36, under_units=under_units)
        if halo and numbers:
            self._cost_halo(key, costs, colours, under_units)
        elif key + "_halo" in self.text_layers:  # no ring is left round a number no longer written
            self.text_layers[key + "_halo"].set_paths([])
        elif self.text_mode == "text":
            for t in self._text_artists.get(key, []):
                t.set_path_effects([])

    def _cost_halo(self, key: str, costs: Mapping[Hex, int], colours: Mapping[Hex, str], under_units: bool) -> None:
        """Ring each number of cost layer ``key`` in its tile's colour (:meth:`set_costs`); a glyph
        outline written under a unit's token (``under_units``) is on no tile: no ring. (Text objects
        are written on their tiles whatever ``under_units``: :meth:`set_texts`.)"""
        width = 3.0  # points: 2 px past the glyphs at 100 dpi, where the ripples of water stop
        if self.text_mode == "text":
            for h, t in zip(costs, self._text_artists.get(key, [])):  # one text per cost, in order
                t.set_path_effects([patheffects.withStroke(linewidth=width, foreground=colours[h])])
            return
        em = self.fontsize(0.36) / self.ppu
        paths, edges = [], []
        for h, c in costs.items():
            if under_units and h in self._occupied:
                continue
            x, y = self.centre(h)
            outline = text_outline(str(c), (x, y + self.TILE_SHIFT), em, weight="bold")
            if outline is not None:
                paths.append(outline)
                edges.append(colours[h])
        halo = self._layer(self.text_layers, key + "_halo",
                           lambda: _StaticPathCollection([], facecolors="none", linewidths=width, zorder=TEXT_ZORDER - 0.01))
        halo.set_paths(paths)
        halo.set_edgecolor(edges or "none")

    # --- texts ----------------------------------------------------------------------------

    def set_texts(
        self,
        texts: Mapping[Hex | str, Any] | None,
        *,
        key: str = "texts",
        offset: tuple[float, float] | Mapping[Hex, tuple[float, float]] = (0.0, 0.0),
        color: str | Mapping[Hex, str] | None = None,
        size: float = 0.42,
        weight: str = "bold",
        under_units: bool = False,
        fit: float | None = None,
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
        color : str or mapping of Hex to str, optional
            Text colour, or a colour per hex (default, and hexes missing from the mapping:
            ``theme.text``, black).
        weight : str
            Text weight (``"bold"``, ``"normal"``).
        size : float
            Font size as a fraction of a hex radius (see :meth:`fontsize`).
        under_units : bool
            True: a text on a hex that holds a unit is written under the unit's
            token instead, a little smaller (:attr:`UNDER_TOKEN`, :attr:`UNDER_TOKEN_SIZE`),
            so that the token never hides the number (the explorers' costs and distances); it
            follows the units when they move (:meth:`set_units`). False (default): at the
            centre, under any token.
        fit : float, optional
            The widest a text may be, in hex radii (a hex is sqrt(3) radii wide): a wider one is
            broken onto lines at its spaces, and written smaller only if a word is still too
            wide (:func:`~hexrules.plot.text.fit_text`), so that the texts of neighbouring hexes
            never run into one another. :meth:`texts_shown` still gives the texts as given.
            Default None: every text is written whole, on the lines it has.
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
        if fit is not None and (isinstance(fit, bool) or not isinstance(fit, (int, float)) or not math.isfinite(fit)
                                or fit <= 0):
            raise BoardError(f"fit={fit!r} is not a width in hex radii (a number > 0)")
        given = [(_as_hex(self.board, h), str(s)) for h, s in (texts or {}).items()]
        em = self.fontsize(size) / self.ppu  # data units per em
        small = self.fontsize(min(size, self.UNDER_TOKEN_SIZE)) / self.ppu
        # what is drawn: each text as it fits (lines, em), the same whatever hex it is in
        drawn = {s: fit_text(s, em, fit, weight) if fit is not None else (s, em) for _, s in given}
        items = [(h, drawn[s][0]) for h, s in given]
        ems = {h: drawn[s][1] for h, s in given if drawn[s][1] != em}
        if key in self._note_keys:
            self._notes_written(key, dict(items), offset, em, weight, bool(under_units), ems)
        default = self.theme.text
        color = default if color is None else color
        z = 6 if key in ("labels", "elevation") else TEXT_ZORDER
        if self.text_mode == "text":
            made = self._text_objects(key, items, offset, color, default, size, weight, z, kwargs, ems, em)
            self._shown[key] = dict(given)
            return made
        groups: dict[str, list[Path]] = {}
        dodge = bool(under_units)  # a hex's number never hides under its unit's token
        if dodge:
            self._text_calls[key] = dict(texts=texts, key=key, offset=offset, color=color, size=size, weight=weight,
                                         under_units=True, fit=fit, **kwargs)
        else:
            self._text_calls.pop(key, None)
        args = (items, dict(ems), dict(offset) if isinstance(offset, Mapping) else offset,
                dict(color) if isinstance(color, Mapping) else color, size, weight, dodge,
                frozenset(self._occupied) if dodge else None, kwargs)
        if self._unchanged(("texts", key), args) and key in self.text_layers:
            return self.text_layers[key]
        for h, s in items:
            x, y = self.centre(h)
            dx, dy = offset.get(h, (0.0, 0.0)) if isinstance(offset, Mapping) else offset
            size_h = ems.get(h, em)
            if dodge and h in self._occupied:  # under the token, whatever the shift on a free hex
                dx, dy, size_h = 0.0, self.UNDER_TOKEN, small * size_h / em
            outline = text_outline(s, (x + dx, y + dy), size_h, weight=weight)
            if outline is None:
                continue
            c = color if isinstance(color, str) else color.get(h, default)
            groups.setdefault(c, []).append(outline)
        # hex labels sit under outlines' halo; other texts (costs) over paths, so a path passing
        # through a hex never hides its number
        pc = self._layer(self.text_layers, key,
                         lambda: _StaticPathCollection([], edgecolors="none", linewidths=0.0, zorder=z))
        pc.set_paths([Path.make_compound_path(*paths) for paths in groups.values()])
        pc.set_facecolor(list(groups) or "none")
        if kwargs:
            pc.set(**kwargs)
        self._shown[key] = dict(given)
        return pc

    def _notes_written(self, key: str, items: dict[Hex, str], offset: Any, em: float, weight: str,
                       dodge: bool, ems: Mapping[Hex, float]) -> None:
        """Keep what a note layer (:data:`NOTE_LAYERS`, :meth:`set_costs`) writes (its boxes are measured when an arrow
        ends in their hex, :meth:`_note_box`; ``ems``: the hexes whose text is written smaller to fit), and place
        again the arrows whose tip it changes."""
        before = self._notes.get(key)
        self._notes[key] = (items, dict(offset) if isinstance(offset, Mapping) else offset, em, weight, dodge,
                            dict(ems))
        old = before[0] if before is not None else {}
        for arrow, (_a, _b, _first, last) in self._arrow_ends.items():
            if last is not None and arrow.get_visible():
                h = last if isinstance(last, Hex) else _as_hex(self.board, last)
                if old.get(h) != items.get(h) or before is None or before[1:] != self._notes[key][1:]:
                    self._shrink(arrow)

    def _text_objects(self, key: str, items: list[tuple[Hex, str]], offset: Any, color: Any, default: str,
                      size: float, weight: str, z: float, kwargs: Mapping[str, Any],
                      ems: Mapping[Hex, float], em: float) -> Any:
        """``set_texts`` in ``text_mode="text"``: one :class:`~matplotlib.text.Text` per hex
        (real text in an SVG), a fitted one (``ems``) smaller in proportion; the layer's previous
        texts are removed. Returns the first, or None."""
        for t in self._text_artists.pop(key, []):
            t.remove()
        made = []
        for h, s in items:
            if not s.strip():
                continue
            x, y = self.centre(h)
            dx, dy = offset.get(h, (0.0, 0.0)) if isinstance(offset, Mapping) else offset
            c = color if isinstance(color, str) else color.get(h, default)
            made.append(self.ax.text(x + dx, y + dy, s, ha="center", va="center", color=c, zorder=z,
                                     fontsize=self.fontsize(size) * ems.get(h, em) / em, fontweight=weight,
                                     **kwargs))
        self._text_artists[key] = made
        return made[0] if made else None

    def texts_shown(self, key: str = "texts") -> dict[Hex, str]:
        """``{hex: text}`` currently written by layer ``key`` (empty for an unknown layer)."""
        return dict(self._shown.get(key, {}))

    def outlines_shown(self, key: str = "highlight") -> list[Hex]:
        """The hexes layer ``key`` outlines now (:meth:`set_highlight`; empty for an unknown layer)."""
        return list(self._outlines_shown.get(key, []))

    def tiles_shown(self, key: str = "tiles") -> dict[Hex, Any]:
        """``{hex: colour}`` of the tiles layer ``key`` draws now (:meth:`set_tiles`; empty for an unknown layer)."""
        return dict(self._tiles_shown.get(key, {}))

    # --- room for texts -------------------------------------------------------------------

    def drawn_boxes(self, *, skip: str | None = None) -> list[Box]:
        """Boxes (data coordinates) of what a text placed on the board must not hide.

        Every hex label and elevation badge, every unit's token (its shape's box; its name is
        inside) and damage badge, every marker (:meth:`set_markers`), and the boxes other layers
        hold (:meth:`reserve`), but layer ``skip``'s own.
        """
        boxes = self._label_boxes()
        for name, (token, _text, dmg) in self.units.items():
            drawn = self._drawn_units.get(name)
            if drawn is None or not token.get_visible():
                continue
            _shape, x, y = drawn[:3]
            a, b = TOKEN_HALF[self._shapes[name]]
            boxes.append(box_at((x, y), 2 * a, 2 * b))
            if dmg.get_visible():  # a circle round the number: its radius is about 0.74 em
                r = 0.74 * dmg.get_fontsize() / self.ppu
                bx, by = dmg.get_position()
                boxes.append(box_at((bx, by), 2 * r, 2 * r))
        for sc in self.marker_layers.values():
            sizes = sc.get_sizes()
            for (mx, my), area in zip(sc.get_offsets(), np.resize(sizes, len(sc.get_offsets())) if len(sizes) else ()):
                side = math.sqrt(area) / self.ppu
                boxes.append(box_at((float(mx), float(my)), side, side))
        for key, held in self._reserved.items():
            if key != skip:
                boxes.extend(held)
        return boxes

    def _label_boxes(self) -> list[Box]:
        """The boxes of the hex labels and elevation badges written (with their halo): a new list.

        Measured once per labels written, board and size (:attr:`ppu`), and kept: a Push or Pull
        places its labels on every change, and measuring the 180 labels and badges of a 15 x 12
        board each time was a third of the explorer's update (issue 14).
        """
        key = (self.board, self._shown.get("labels"), self._shown.get("elevation"))  # compared by identity
        kept = self._label_boxes_kept
        if kept is None or kept[0] != self.ppu or any(a is not b for a, b in zip(kept[1], key)):
            kept = self._label_boxes_kept = (self.ppu, key, self._measure_label_boxes())
        return list(kept[2])

    def _measure_label_boxes(self) -> list[Box]:
        boxes: list[Box] = []
        pad = 1.5 / self.ppu  # the labels' halo
        for key, size, which in (("labels", self.LABEL_SIZE, 0), ("elevation", self.BADGE_SIZE, 1)):
            em = self.fontsize(size) / self.ppu
            for h, text in self._shown.get(key, {}).items():
                x, y = self.centre(h)
                dx, dy = self._label_line(h)[which]
                boxes.append(box_at((x + dx, y + dy), text_width(text, "normal") * em + 2 * pad, 0.76 * em + 2 * pad))
        return boxes

    def view_box(self) -> Box:
        """The axes' view (data coordinates): where a placed text must stay."""
        x0, x1 = sorted(self.ax.get_xlim())
        y0, y1 = sorted(self.ax.get_ylim())
        return (x0, y0, x1, y1)

    def reserve(self, key: str, boxes: Iterable[Box]) -> None:
        """Hold ``boxes`` for layer ``key`` (its texts and marks), replacing what it held: a text
        placed later by another layer (:meth:`drawn_boxes`, :meth:`place_text`) avoids them, and
        the units' damage badges avoid the boxes of a key ending in ``"marks"``."""
        boxes = list(boxes)
        before = self._reserved.get(key)
        self._reserved[key] = boxes
        if key.endswith("marks") and before != boxes:
            self._place_badges()

    def when_units_change(self, key: str, redo: Callable[[], None]) -> None:
        """Call ``redo()`` whenever :meth:`set_units` changes a token (a layer that placed its texts
        clear of the tokens places them again); one callback per ``key``, replaced by the next."""
        self._on_units[key] = redo

    def place_text(self, text: str | None, hexes: Sequence[Hex | str], *, key: str,
                   offsets: Sequence[tuple[float, float]] = ((0.0, 0.42), (0.0, 0.1), (0.0, -0.2)),
                   size: float = 0.24, color: str | None = None, weight: str = "bold") -> Hex | None:
        """Write one note (e.g. a piece's ``"Cover 3"``) in the first of ``hexes`` where it hides nothing.

        Each hex in turn, each of ``offsets`` (hex radii from its centre) in turn: the first place
        whose box overlaps no label, token, badge, marker or held box (:meth:`drawn_boxes`) and
        stays in view; if none is free, the place that hides least. It is placed again when the
        units move (:meth:`set_units`), and holds its box (:meth:`reserve`). Layer ``key`` (a
        :meth:`set_texts` layer); None or no hexes clears it.

        Returns
        -------
        Hex or None
            The hex written in.
        """
        self._placed[key] = dict(text=text, hexes=list(hexes), key=key, offsets=tuple(offsets), size=size, color=color,
                                 weight=weight)
        self.when_units_change(key, lambda: self._place(**self._placed[key]))
        return self._place(**self._placed[key])

    #: Where :meth:`place_texts` tries a hex's number, in hex radii from its centre: under the
    #: centre (clear of a path through it), under a token, then beside and above.
    NUMBER_SPOTS = ((0.0, 0.3), (0.0, 0.7), (0.42, 0.3), (-0.42, 0.3), (0.5, 0.0), (-0.5, 0.0), (0.0, -0.3))

    def place_texts(self, texts: Mapping[Hex | str, Any] | None, *, key: str,
                    offsets: Sequence[tuple[float, float]] = NUMBER_SPOTS, size: float = 0.42,
                    color: str | None = None, weight: str = "bold") -> dict[Hex, tuple[float, float]]:
        """Write a short text in each of some hexes (a path's running totals), each where it hides nothing.

        Each hex's text goes at the first of ``offsets`` (hex radii from the hex's centre) whose box
        overlaps no label, token, badge, marker, held box (:meth:`drawn_boxes`), arrowhead, nor a
        text placed before it, and stays in view; if none is free, where it hides least
        (:func:`~hexrules.plot.text.free_spot`). Placed again when the units move, and holds its
        boxes (:meth:`reserve`). Layer ``key`` (a :meth:`set_texts` layer); None clears it.

        Returns
        -------
        dict of Hex to (float, float)
            The offset chosen in each hex.
        """
        self._placed[key] = dict(texts=dict(texts or {}), key=key, offsets=tuple(offsets), size=size, color=color,
                                 weight=weight)
        self.when_units_change(key, lambda: self._place_each(**self._placed[key]))
        return self._place_each(**self._placed[key])

    def _place_each(self, texts: dict, key: str, offsets: tuple, size: float, color: str | None,
                    weight: str) -> dict[Hex, tuple[float, float]]:
        items = [(_as_hex(self.board, h), str(t)) for h, t in texts.items()]
        em = self.fontsize(size) / self.ppu
        pad = 1.5 / self.ppu
        taken = self.drawn_boxes(skip=key) + self._head_boxes()
        view = self.view_box()
        chosen: dict[Hex, tuple[float, float]] = {}
        held: list[Box] = []
        for h, text in items:
            x, y = self.centre(h)
            wh = (text_width(text, weight) * em + 2 * pad, 0.76 * em + 2 * pad)
            centres = [(x + dx, y + dy) for dx, dy in offsets]
            xy, box = free_spot(wh, centres, taken + held, view)
            chosen[h] = offsets[centres.index(xy)]
            held.append(box)
        self.set_texts(dict(items) or None, key=key, offset=chosen, size=size, color=color, weight=weight)
        self.reserve(key, held)
        return chosen

    def _head_boxes(self) -> list[Box]:
        """The boxes of the arrowheads drawn (a square of the head's length round its tip)."""
        out = []
        for arrow, (tip, length) in self._arrow_heads.items():
            if length and arrow.get_visible():
                out.append(box_at(tip, 2 * length, 2 * length))
        return out

    def _place(self, text: str | None, hexes: list, key: str, offsets: tuple, size: float, color: str | None,
               weight: str) -> Hex | None:
        where = [_as_hex(self.board, h) for h in hexes]
        if not text or not where:
            self.set_texts(None, key=key)
            self.reserve(key, [])
            return None
        em = self.fontsize(size) / self.ppu
        pad = 1.5 / self.ppu
        wh = (text_width(text, weight) * em + 2 * pad, 0.76 * em + 2 * pad)
        spots = [(h, off) for h in where for off in offsets]
        centres = [(self.centre(h)[0] + dx, self.centre(h)[1] + dy) for h, (dx, dy) in spots]
        xy, box = free_spot(wh, centres, self.drawn_boxes(skip=key), self.view_box())
        h, off = spots[centres.index(xy)]
        self.set_texts({h: text}, key=key, offset=off, size=size, color=color, weight=weight)
        self.reserve(key, [box])
        return h

    #: Where a number on a hex with a unit goes (hex radii below the centre: under the token,
    #: whose radius is 0.52, a Garrison's square 0.48 from centre to side) and its largest size.
    UNDER_TOKEN = 0.74
    UNDER_TOKEN_SIZE = 0.3

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
        wl = text_width(self.board.label(h), "normal") * self.fontsize(self.LABEL_SIZE) / self.ppu
        wb = text_width(f"▲{level}", "normal") * self.fontsize(self.BADGE_SIZE) / self.ppu
        gap = 0.08
        total = wl + gap + wb
        return (-total / 2 + wl / 2, y), (total / 2 - wb / 2, y)

    def set_labels(self, show: bool = True, *, color: str | None = None) -> None:
        """Write every hex's player label (``"C4"``) near the top of the hex, or hide them.

        On an elevated hex the label leaves room on its right for the elevation badge
        (:meth:`set_elevation_labels`). ``color`` defaults to ``theme.label`` (impassable hexes:
        ``theme.label_impassable``).
        """
        color = self.theme.label if color is None else color
        labels = {h: self.board.label(h) for h in self.hexes} if show else None
        colours = {h: self._label_ink(h, color) for h in self.hexes}
        offsets = {h: self._label_line(h)[0] for h in self.hexes} if show else (0.0, 0.0)
        self.set_texts(labels, key="labels", offset=offsets, color=colours, size=self.LABEL_SIZE, weight="normal")
        self._halo()

    def _label_ink(self, h: Hex, ink: Any) -> Any:
        """The colour a label or badge is written in on ``h``: ``ink`` (``theme.label_impassable`` on an
        impassable hex) where it reads on the hex's colour (:data:`~hexrules.plot.theme.LABEL_CONTRAST`),
        else black or white (:func:`~hexrules.plot.theme.readable_on`)."""
        if not self.board.terrain(h).passable:
            ink = self.theme.label_impassable
        return readable_on(ink, self.base_colours[self.index[h]])

    def _halo(self) -> None:
        """A pale halo under the labels and elevation badges (over outlines): readable where a thick
        outline passes through the label line. Under a light label (an impassable hex, a dark hill)
        the halo is the impassable terrain's dark colour: the label stands clear of the grey hatch
        (a pale halo there blurred it). One more collection, rebuilt only with the labels."""
        if self.text_mode == "text":  # text objects: no outline to draw a halo round
            return
        pale = mcolors.to_rgba(self.theme.label_halo)
        dark = mcolors.to_rgba(self.theme.terrain.get("impassable", self.theme.label_halo))
        groups: dict[Any, list[Path]] = {}
        for key in ("labels", "elevation"):
            if key in self.text_layers:
                layer = self.text_layers[key]
                faces = layer.get_facecolor()
                for i, p in enumerate(layer.get_paths()):  # one compound path per colour (set_texts)
                    on_dark = len(faces) > 0 and relative_luminance(faces[i % len(faces)]) > 0.5  # a light ink
                    groups.setdefault(dark if on_dark else pale, []).append(p)
        halo = self._layer(self.text_layers, "labels_halo",
                           lambda: _StaticPathCollection([], facecolors="none", edgecolors=[self.theme.label_halo],
                                                  linewidths=1.8, zorder=5.9))
        halo.set_paths([Path.make_compound_path(*paths) for paths in groups.values()])
        halo.set_edgecolor(list(groups) or [self.theme.label_halo])

    def set_elevation_labels(self, show: bool = True) -> None:
        """Write ``"▲n"`` right after the label of every hex of elevation n >= 1, or hide them."""
        marks = {h: f"▲{self.board.elevation(h)}" for h in self.hexes if show and self.board.elevation(h) > 0}
        offsets = {h: self._label_line(h)[1] for h in marks}
        colours = {h: self._label_ink(h, self.theme.elevation_badge) for h in marks}
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
        """How far (data units, hex radii) an arrow ending at ``h`` stops short of its centre:
        past a token there.

        None: a joint inside a path (no gap).
        """
        if h is None:
            return 0.0
        if not isinstance(h, Hex):
            h = _as_hex(self.board, h)
        return 0.56 if h in self._occupied else 0.22

    #: The layers whose texts an arrow ending in their hex stops short of (:meth:`_text_room`): the
    #: notes of :func:`draw_board`'s ``texts=`` (a picture's notes, a path's running totals, a
    #: reach's costs) and the explorers' costs and distances; and every layer of :meth:`set_costs`.
    NOTE_LAYERS = ("texts", "costs")

    def _text_room(self, a: tuple[float, float], b: tuple[float, float], h: Hex | str | None) -> float:
        """How far (hex radii) an arrow from ``a`` ending at ``b``, the centre of ``h``, stops short of
        ``b`` to leave a text of :data:`NOTE_LAYERS` written over ``b`` in ``h`` whole: where the
        arrow, going back from ``b``, leaves that text's box (and a small gap); 0 without one."""
        if h is None:
            return 0.0
        h = h if isinstance(h, Hex) else _as_hex(self.board, h)
        room = 0.0
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy)
        for key in self._note_keys:
            box = self._note_box(key, h)
            if box is None or n == 0:
                continue
            (cx, cy), (hw, hh) = box
            if abs(b[0] - cx) > hw or abs(b[1] - cy) > hh:  # the text is beside the tip: nothing to leave
                continue
            ux, uy = -dx / n, -dy / n  # from b back toward a
            exits = [((c + w) - p) / u if u > 0 else ((c - w) - p) / u
                     for c, w, p, u in ((cx, hw, b[0], ux), (cy, hh, b[1], uy)) if abs(u) > 1e-12]
            room = max(room, (min(exits) if exits else 0.0) + 0.08)
        return room

    def text_boxes(self, key: str) -> list[Box]:
        """The ink boxes (data coordinates) of what layer ``key`` writes, if it is a note layer
        (:data:`NOTE_LAYERS`, or a layer of :meth:`set_costs`): to :meth:`reserve` them, so a
        text placed later (:meth:`place_texts`) never covers them. Empty for another layer."""
        call = self._notes.get(key)
        boxes = [self._note_box(key, h) for h in (call[0] if call is not None else ())]
        return [box_at(c, 2 * hw, 2 * hh) for c, (hw, hh) in filter(None, boxes)]

    def _note_box(self, key: str, h: Hex) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The ink box (centre, half sizes) of the text layer ``key`` writes in ``h``, as
        :func:`text_outline` draws it (lines 1.2 em apart); None if it writes none there."""
        call = self._notes.get(key)
        text = call[0].get(h) if call is not None else None
        if not text or not text.strip():
            return None
        _items, offset, em, weight, dodge, ems = call
        em = ems.get(h, em)
        dx, dy = offset.get(h, (0.0, 0.0)) if isinstance(offset, Mapping) else offset
        if dodge and h in self._occupied:
            return None  # written under the token, away from the tip
        x, y = self.centre(h)
        lines = text.split("\n")
        width = max(text_width(line, weight) for line in lines) * em
        return (x + dx, y + dy), (width / 2, (0.76 + 1.2 * (len(lines) - 1)) * em / 2)

    def _shrink(self, arrow: FancyArrowPatch) -> None:
        """Place ``arrow`` between its step's ends, short of the tokens there (:meth:`_token_room`)
        and, at its head, short of a note written in the hex it points to (:meth:`_text_room`).

        The ends are moved along the step in data units, so the arrow itself is drawn with no
        shrink: matplotlib's ``shrinkA`` / ``shrinkB`` (points) cut a path by bisection on every
        draw, about a third of a Push explorer's redraw (issue 14), and in data units the gap
        stays the token's size when the board is zoomed.
        """
        a, b, first, last = self._arrow_ends[arrow]
        room = max(self._token_room(last), self._text_room(a, b, last))
        start, tip = shortened(a, b, self._token_room(first), room)
        arrow.set_positions(start, tip)
        self._arrow_heads[arrow] = (tip, self._arrow_heads.get(arrow, (None, 0.0))[1])

    def _unchanged(self, layer: tuple[str, str], args: tuple) -> bool:
        """True if ``layer`` (setter, key) was last set with the same ``args``: the setter then
        leaves its artist alone, so that an unchanged layer is reused rather than drawn again
        (:class:`_Memo`, :class:`_StaticPathCollection`). Otherwise remembers ``args``."""
        try:
            same = bool(self._set_with.get(layer) == args)
        except (TypeError, ValueError):  # e.g. arrays among the arguments: treated as changed
            same = False
        if not same:
            self._set_with[layer] = args
        return same

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
        colors: str | Sequence[str] | None = None,
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
        colors : colour or sequence of colours, optional
            One colour for every path, or one per path (default ``theme.path``).
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
        colors = self.theme.path if colors is None else colors
        cols = [colors] * len(paths) if isinstance(colors, str) else list(colors)
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
        while len(pool) < len(steps):
            arrow = FancyArrowPatch((0, 0), (1, 1), shrinkA=0.0, shrinkB=0.0, zorder=PATH_ZORDER,
                                    capstyle="round", joinstyle="round")
            self.ax.add_patch(arrow)
            pool.append(arrow)
        head = ">" in style or "<" in style
        for arrow, (a, b, c, first, last) in zip(pool, steps):
            if head and last is not None:
                arrow.set_arrowstyle(style, head_length=0.4 * width + 4, head_width=0.25 * width + 2.5)
            else:
                arrow.set_arrowstyle("-" if head else style)
            self._arrow_ends[arrow] = (a, b, first, last)
            self._arrow_heads[arrow] = (b, (0.4 * width + 4) / self.ppu if head and last is not None else 0.0)
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
        color: str | None = None,
        width: float = 3.0,
        linestyle: str = "--",
    ) -> LineCollection:
        """Join pairs of hex centres with plain lines (e.g. who is Engaged with whom).

        ``color`` defaults to ``theme.link``.
        """
        color = self.theme.link if color is None else color
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
        color: str | None = None,
        width: float = 3.0,
        linestyle: str = "-",
        inset: float = 0.93,
    ) -> PolyCollection:
        """Outline some hexes (e.g. the selected target, a terrain piece), in layer ``key``.

        ``inset`` scales the outline about the hex centre (0.93: just inside the edges; use a
        smaller value for a second outline layer on the same hexes). ``color`` defaults to
        ``theme.highlight``.

        Returns
        -------
        matplotlib.collections.PolyCollection
            The layer's outline collection (one per key, reused).
        """
        color = self.theme.highlight if color is None else color
        self._outlines_shown[key] = [_as_hex(self.board, h) for h in (hexes or [])]
        idx = [self.index[h] for h in self._outlines_shown[key]]
        pc = self._layer(self.outline_layers, key, lambda: _MemoPolyCollection([], facecolor="none", zorder=4))
        if self._unchanged(("outline", key), (idx, color, width, linestyle, inset)):
            return pc
        pc.set_verts(self.polygons[idx] * inset + self.centres[idx][:, None, :] * (1 - inset) if idx else [])
        pc.set(edgecolor=color, linewidth=width, linestyle=linestyle)
        return pc

    def set_markers(
        self,
        hexes: Iterable[Hex | str] | None,
        *,
        key: str = "markers",
        marker: str = "X",
        color: str | None = None,
        size: float = 0.7,
        edgecolor: str | None = None,
    ):
        """Put a marker on some hexes (e.g. ``"X"`` for a collision), in layer ``key``.

        Parameters
        ----------
        size : float
            Marker size as a fraction of a hex radius.
        color, edgecolor : str, optional
            Default ``theme.marker`` and ``theme.marker_edge``.

        Returns
        -------
        matplotlib.collections.PathCollection
            The layer's scatter (one per key, reused via ``set_offsets``).
        """
        color = self.theme.marker if color is None else color
        edgecolor = self.theme.marker_edge if edgecolor is None else edgecolor
        pts = [self.centre(h) for h in (hexes or [])]
        sc = self._layer(self.marker_layers, key, lambda: self.ax.scatter([], [], marker=marker, zorder=8))
        sc.set_offsets(np.array(pts, dtype=float).reshape(-1, 2))
        sc.set_sizes([(size * self.ppu) ** 2])
        sc.set(facecolor=color, edgecolor=edgecolor, linewidth=1.0)
        return sc

    # --- units ----------------------------------------------------------------------------

    def set_units(self, state: "State | None", *, names: Mapping[str, str] | None = None,
                  vehicles: Iterable[str] = ()) -> None:
        """Draw ``state``'s units where they stand (moving the tokens already drawn).

        Units are circles, Garrisons squares and the units named in ``vehicles`` diamonds (a
        Crush vehicle, drawn as a Garrison token by :func:`hexrules.crush_scenario.board_tokens`,
        is told apart from a Garrison by its shape), coloured by side, with a short name
        (:func:`short_name`, or ``names[unit.name]``) and their damage, if any, in red.

        Raises
        ------
        BoardError
            If a unit stands on a hex that is not on the board.
        """
        theme = self.theme
        units = list(state or [])
        vehicles = set(vehicles)
        for s in (state.sides() if state is not None else []):
            if s not in self._sides:
                self._sides.append(s)
        present = set()
        changed = False
        for u in units:
            if u.hex not in self.index:
                raise BoardError(f"{u.kind} {u.name!r} is on hex {u.hex}, which is not on the board")
            present.add(u.name)
            self._unit_sides[u.name] = u.side
            x, y = self.layout.hex_to_pixel(u.hex)
            colour = side_colour(u.side, self._sides, theme)
            art = self.units.get(u.name)
            shape = "vehicle" if u.name in vehicles else "garrison" if u.garrison else "unit"
            if art is None or self._shapes.get(u.name) != shape:  # a Garrison's token is square, a vehicle's a diamond
                if art is not None:
                    for a in art:
                        a.remove()
                self._shapes[u.name] = shape
                # tokens and their texts are drawn through _Memo: unchanged, they cost a copy
                if shape == "vehicle":
                    token = _MemoPolygon(_rhombus(x, y, TOKEN_HALF["vehicle"]), closed=True, zorder=9)
                elif shape == "garrison":
                    token = _MemoRegularPolygon((x, y), 4, radius=0.68, orientation=math.pi / 4, zorder=9)
                else:
                    token = _MemoCircle((x, y), 0.52, zorder=9)
                self.ax.add_patch(token)
                name = self._add_text(x, y, color=theme.token_text, zorder=10, fontsize=self.fontsize(0.19, 3.5, 10),
                                      linespacing=0.95)
                dmg = self._add_text(x + 0.5, y - 0.42, color=theme.damage_text, zorder=11,
                                     fontsize=self.fontsize(0.24, 4, 10),
                                     bbox=dict(boxstyle="circle,pad=0.15", fc=theme.damage_badge, ec="none"))
                art = (token, name, dmg)
                self.units[u.name] = art
            token, name, dmg = art
            label = (names or {}).get(u.name) or _token_name(u)
            drawn = (shape, x, y, colour, label, u.damage)
            if self._drawn_units.get(u.name) == drawn and token.get_visible():  # as drawn: left alone (_Memo)
                continue
            changed = True
            self._drawn_units[u.name] = drawn
            if shape == "vehicle":
                token.set_xy(_rhombus(x, y, TOKEN_HALF["vehicle"]))
            elif shape == "garrison":
                token.xy = (x, y)
            else:
                token.set_center((x, y))
            edge = {"vehicle": theme.vehicle_edge, "garrison": theme.garrison_edge}.get(shape, theme.token_edge)
            token.set(facecolor=colour, edgecolor=edge, linewidth=1.5, visible=True)
            name.set_position((x, y))
            # inside the token's shape: whole on one to three lines, shrunk a little, else shortened
            # (fit_token_text). Plain glyphs, no outline: a path effect drew the name as glyph
            # outlines, wider than the hinted layout that centres it at 4 points ("Garrison 1" ran
            # past its square's right edge), and it lies inside the token anyway
            text, points = fit_token_text(label, shape, self.ppu, self.fontsize(0.19, 3.5, 10))
            name.set_fontsize(points)
            name.set_text(text)
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
            for call in list(self._text_calls.values()):  # numbers on the hexes units left or entered
                self.set_texts(**call)
        for n, art in self.units.items():
            if n not in present and art[0].get_visible():
                changed = True
                self._drawn_units.pop(n, None)
                for a in art:
                    a.set_visible(False)
        if changed:  # texts placed clear of the tokens are placed again (place_text, a Push's labels)
            self._place_badges()
            for redo in list(self._on_units.values()):
                redo()

    #: Where a unit's damage badge may go, in hex radii from the token's centre: its lower right
    #: corner first, then the other corners (one where no mark of a layer lies: :meth:`reserve`).
    BADGE_CORNERS = ((0.48, 0.42), (-0.48, 0.42), (0.48, -0.3), (-0.48, -0.3))

    def _place_badges(self) -> None:
        """Put each damage badge at the first corner of its token (:attr:`BADGE_CORNERS`) where it
        hides no hex label and no mark a layer holds (a Push's Xs: keys ending in ``"marks"``)."""
        marks = [b for key, held in self._reserved.items() if key.endswith("marks") for b in held]
        if not any(dmg.get_visible() for _, _, dmg in self.units.values()):
            return
        taken = self._label_boxes() + marks
        for name, (_token, _text, dmg) in self.units.items():
            drawn = self._drawn_units.get(name)
            if drawn is None or not dmg.get_visible():
                continue
            x, y = drawn[1:3]
            r = 0.74 * dmg.get_fontsize() / self.ppu
            xy, _box = free_spot((2 * r, 2 * r), [(x + dx, y + dy) for dx, dy in self.BADGE_CORNERS], taken)
            if tuple(dmg.get_position()) != xy:
                dmg.set_position(xy)

    def _add_text(self, x: float, y: float, **kwargs: Any) -> Text:
        """An empty bold centred :class:`_MemoText` at data point ``(x, y)``, added to the axes as
        ``ax.text`` adds a text (data coordinates, not clipped)."""
        text = _MemoText(x, y, "", ha="center", va="center", fontweight="bold", transform=self.ax.transData,
                         clip_on=False, **kwargs)
        self.ax.add_artist(text)
        return text

    # --- legend ---------------------------------------------------------------------------

    def legend(self, state: "State | None" = None, extra: Sequence[Any] = (), *, below: bool | str = False,
               boards: Sequence["BoardArtists"] = (), grow: bool = True, **kwargs: Any):
        """A legend of what the board draws: its elevation levels and terrain, the sides of the tokens
        drawn, and the entries of ``extra`` whose layer draws something now.

        The legend lists what the picture shows, and follows it: an explorer's update calls
        :meth:`sync_legend` (:func:`sync_legends`), which lists again the sides whose tokens are
        drawn and the entries of ``extra`` whose layer draws something, and replaces the legend
        (on the same axes) only when that list changed.

        The legend lies wholly inside its figure, at any board size: the longest legend it may
        list (every entry of ``extra``, every side) is measured here, and a figure too short for
        it grows at the bottom (:func:`~hexrules.plot.figure.grow_figure`: the board keeps its
        size and place), once, so that no later list is cut and the figure keeps its size as the
        controls change. A legend at the right, or under the board, ends above a caption under
        it; one below the boards stays under them.

        Parameters
        ----------
        state : State, optional
            Kept for the callers that pass it: the sides and Garrisons listed are those of the
            tokens drawn (:meth:`set_units`), one circle per side and, for a side with Garrisons,
            a square of the side's colour ("federation Garrison"), as the tokens are drawn.
        extra : sequence of artists
            Entries for the overlays a picture uses (:func:`legend_handle`: cost shading, the
            target outline, arrows, markers...), listed after the board's. An entry made with
            ``drawn_by=`` (:func:`legend_when`) is listed only while that layer draws something
            (in its colour); an entry without is always listed. Entries with the same label are
            listed once.
        below : {False, True, "board"}
            False: the legend at the right of the board. True: in columns at the figure's
            bottom, across it, under the boards (boards side by side: :func:`new_figure` with
            ``legend="below"``). ``"board"``: in as many columns as the figure's width holds,
            hung under this board and above a caption (a diagram drawn narrow).
        boards : sequence of BoardArtists
            Other boards this legend stands for (two readings side by side): an entry is listed
            when any of them, or this one, draws it, and their tokens' sides too.
        grow : bool
            Make a figure too short for the legend taller (default); False keeps the figure's
            size as it is (a height the caller chose: a diagram file's ``height``).
        **kwargs
            Passed to :class:`~matplotlib.legend.Legend`.
        """
        self._legend_spec = dict(extra=list(extra), below=below, boards=list(boards), kwargs=kwargs, grow=grow)
        self._legend_listed = None
        if grow:
            self._legend_room(self._legend_entries(every=True))
        return self.sync_legend(force=True)

    def draws(self, layer: str, key: str | None = None, color: Any = None) -> bool:
        """True if layer ``key`` of kind ``layer`` draws something now (in ``color``, if given).

        Parameters
        ----------
        layer : {"fill", "tiles", "outline", "paths", "links", "markers", "texts", "drawn"}
            The kind of layer: :meth:`set_fill` (``key`` unused), :meth:`set_tiles` (and
            :meth:`set_costs`), :meth:`set_highlight`, :meth:`set_paths`, :meth:`set_links`,
            :meth:`set_markers`, :meth:`set_texts`, or ``"drawn"``: what another layer drawing on
            this board says it draws (:meth:`when_drawn`).
        key : str, optional
            The layer's key; None: any layer of that kind.
        color : colour, optional
            Only what is drawn in this colour counts (a legal path's green, not an illegal one's red).

        Raises
        ------
        HexrulesError
            If ``layer`` is not one of the kinds above.
        """
        want = None if color is None else mcolors.to_rgba(color)[:3]

        def coloured(colours: Any) -> bool:
            colours = np.asarray(colours, dtype=float).reshape(-1, 4) if len(colours) else np.zeros((0, 4))
            return want is None or bool(np.any(np.all(np.abs(colours[:, :3] - want) < 1e-6, axis=1)))

        def pick(layers: Mapping[str, Any]) -> list:
            return list(layers.values()) if key is None else [layers[key]] if key in layers else []

        if layer == "fill":
            return any(want is None or (isinstance(v, str) and coloured([mcolors.to_rgba(v)])) for v in self.fill.values())
        if layer in ("tiles", "outline"):
            face = layer == "tiles"
            return any(len(pc.get_paths()) > 0 and coloured(pc.get_facecolor() if face else pc.get_edgecolor())
                       for pc in pick(self.tile_layers if face else self.outline_layers))
        if layer == "paths":
            arrows = [a for pool in pick(self.arrow_layers) for a in pool if a.get_visible()]
            return bool(arrows) and coloured([a.get_edgecolor() for a in arrows])
        if layer == "links":
            return any(len(lc.get_segments()) > 0 and coloured(lc.get_color()) for lc in pick(self.link_layers))
        if layer == "markers":
            return any(len(sc.get_offsets()) > 0 and coloured(sc.get_facecolor()) for sc in pick(self.marker_layers))
        if layer == "texts":
            return any(bool(shown) for shown in pick(self._shown))
        if layer == "drawn":
            return any(bool(check(color)) for check in pick(self._drawn_checks))
        raise HexrulesError(f"layer={layer!r} is not one of 'fill', 'tiles', 'outline', 'paths', 'links', 'markers', "
                            "'texts', 'drawn'")

    def when_drawn(self, key: str, check: Callable[[Any], bool]) -> None:
        """Let another layer drawing on this board (a Push's stubs) say what it draws: ``check(colour)``
        (colour None: anything) answers :meth:`draws` ``("drawn", key, colour)`` for the legend."""
        self._drawn_checks[key] = check

    def _ground_entries(self) -> list:
        """The legend entries of the board itself: its levels of open ground and its terrain types
        (built once per board drawn)."""
        if self._board_entries is not None and self._board_entries[0] is self.board:
            return self._board_entries[1]
        theme = self.theme
        handles = []
        levels = sorted({self.board.elevation(h) for h in self.hexes if self.board.terrain(h).name == "open"})
        for lv in levels:
            label = "ground (0)" if lv == 0 else f"height {lv}"
            handles.append(Patch(facecolor=elevation_colour(lv, theme), edgecolor=theme.edge, label=label))
        names = sorted({self.board.terrain(h).name for h in self.hexes} - {"open"})
        for n in names:
            colour = theme.terrain.get(n) or mcolors.to_hex(self._base_colour(next(h for h in self.hexes if self.board.terrain(h).name == n)))
            if n == "water":
                handles.append(Patch(facecolor=colour, edgecolor=theme.water_mark, hatch=theme.water_hatch, linewidth=1.2,
                                     label=n))
            else:
                hatch = theme.impassable_hatch if n == "impassable" else self._designer_hatch(n)
                handles.append(Patch(facecolor=colour, edgecolor=theme.edge, hatch=hatch, label=n))
        self._board_entries = (self.board, handles)
        return handles

    def _token_kinds(self, every: bool = False) -> dict[str, set[str]]:
        """``{side: shapes}`` of the tokens drawn now (``every``: of every token made, shown or not),
        sides in the order the board met them."""
        kinds: dict[str, set[str]] = {}
        for name, (token, _text, _dmg) in self.units.items():
            if (every or token.get_visible()) and name in self._unit_sides:
                kinds.setdefault(self._unit_sides[name], set()).add(self._shapes.get(name, "unit"))
        return {s: kinds[s] for s in self._sides if s in kinds}

    def _legend_entries(self, every: bool = False) -> list:
        """What the legend lists now (:meth:`legend`); ``every``: everything it may list (each entry
        of ``extra``, whatever draws it, and the sides of every token made, shown or hidden)."""
        spec = self._legend_spec or {}
        boards = [self, *spec.get("boards", ())]
        theme = self.theme
        handles = list(self._ground_entries())
        kinds: dict[str, set[str]] = {}
        for b in boards:
            for side, shapes in b._token_kinds(every).items():
                kinds.setdefault(side, set()).update(shapes)
        sides = list(kinds)
        for s in sides:  # a side's units are circles of its colour, its Garrisons squares of the same colour
            colour = side_colour(s, self._sides or sides, theme)
            handles.append(Line2D([], [], marker="o", linestyle="none", markersize=9, markerfacecolor=colour,
                                  markeredgecolor=theme.token_edge, label=s))
        for s in sides:
            if "garrison" in kinds[s]:
                handles.append(Line2D([], [], marker="s", linestyle="none", markersize=9,
                                      markerfacecolor=side_colour(s, self._sides or sides, theme),
                                      markeredgecolor=theme.garrison_edge, label=f"{s} Garrison"))
        for h in spec.get("extra", ()):
            when = getattr(h, "hexrules_drawn_by", None)
            if every or when is None or any(b.draws(*when) for b in boards):
                handles.append(h)
        seen: set[str] = set()
        out = []
        for h in handles:  # one entry per label (two Pushes of a diagram both have "moves")
            label = getattr(h, "hexrules_label", None) or h.get_label()
            if label not in seen:
                seen.add(label)
                out.append(h)
        return out

    #: How many legends a board keeps for lists it showed before (:meth:`sync_legend`).
    LEGENDS_KEPT = 8

    def sync_legend(self, *, force: bool = False) -> Any:
        """List again what the board draws now (:meth:`legend`); replace the legend if that changed.

        A legend made for a list is kept (the last :data:`LEGENDS_KEPT` lists): a control that
        goes back and forth between two pictures (a Push 2 with a collision, a Push 1 without)
        puts the legend of each back, its pixels already rendered (:class:`_StaticLegend`),
        instead of laying it out and rendering it again.

        Returns
        -------
        matplotlib.legend.Legend or None
            The legend drawn (None if :meth:`legend` was never called).
        """
        spec = self._legend_spec
        if spec is None:
            return None
        handles = self._legend_entries()
        listed = tuple((getattr(h, "hexrules_label", None) or h.get_label(), id(h) if h in spec["extra"] else
                        _swatch_colour(h)) for h in handles)
        current = self.ax.get_legend()
        if force:
            self._legends_kept.clear()
        elif listed == self._legend_listed and isinstance(current, _StaticLegend):
            return current
        self._legend_listed = listed
        kept = self._legends_kept.pop(listed, None)
        if kept is not None:
            self._legends_kept[listed] = kept  # the most recent last
            kept.stale = True
            return install_legend(self.ax, kept)
        labels = self._legend_labels(handles)
        for h, label in zip(handles, labels):  # a label wider than the room at the right of the board wraps
            h.set_label(label)
        if spec["grow"] and not set(labels) <= self._legend_roomy:  # an entry the room was not measured with (a side added since)
            self._legend_room(self._legend_entries(every=True))
        legend = install_legend(self.ax, _StaticLegend(self.ax, handles, labels, **self._legend_kwargs(labels)))
        legend.board = self
        self._legends_kept[listed] = legend
        while len(self._legends_kept) > self.LEGENDS_KEPT:
            self._legends_kept.pop(next(iter(self._legends_kept)))
        return legend

    def _legend_labels(self, handles: Sequence[Any]) -> list[str]:
        """The labels of ``handles`` as the legend writes them: at the right of the board, a label
        wider than the room there wrapped (never cut at the figure's edge)."""
        out = []
        for h in handles:
            if not hasattr(h, "hexrules_label"):
                h.hexrules_label = h.get_label()
            out.append(h.hexrules_label if self._legend_spec["below"] else _wrap_label(h.hexrules_label, self.ax))
        return out

    def _legend_kwargs(self, labels: Sequence[str]) -> dict[str, Any]:
        """The :class:`~matplotlib.legend.Legend` arguments of a legend of ``labels``."""
        kw: dict[str, Any] = dict(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False,
                                  borderaxespad=0.0)
        below = self._legend_spec["below"]
        if below == "board":
            kw.update(loc="upper center", bbox_to_anchor=(0.5, -0.01), columnspacing=1.2, handletextpad=0.5,
                      ncol=_legend_columns(labels, self.ax.figure.get_figwidth() - 2 * self.LEGEND_CLEAR, 8))
        elif below:
            kw.update(loc="lower center", bbox_to_anchor=(0.5, 0.01), bbox_transform=self.ax.figure.transFigure,
                      ncol=min(5, max(1, (len(labels) + 1) // 2)), columnspacing=1.2, handletextpad=0.5)
        kw.update(self._legend_spec["kwargs"])
        return kw

    #: Room (inches) a legend leaves to the figure's edge, and to a caption or the boards it lies by.
    LEGEND_CLEAR = 0.06

    def _legend_room(self, handles: Sequence[Any]) -> None:
        """Make the figure tall enough for a legend of ``handles`` (:func:`grow_figure`).

        The legend is laid out (not drawn) and measured where it would lie: one at the right of
        the board must end :data:`LEGEND_CLEAR` above the figure's bottom, and above a figure text
        under it (a caption); one below the boards, as far under the lowest of them. A figure
        already tall enough is left alone. The labels measured are remembered: a later list with
        another label (:meth:`sync_legend`) is measured again.
        """
        labels = self._legend_labels(handles)
        self._legend_roomy = set(labels)
        fig = self.ax.figure
        if self._legend_fits(labels):
            return
        probe = Legend(self.ax, list(handles), labels, **self._legend_kwargs(labels))
        for _ in range(3):  # a legend below the boards moves a little with the figure's height
            short = self._legend_overflow(probe)
            if short <= 0.5 or not grow_figure(fig, short / fig.dpi):
                return

    def _legend_fits(self, labels: Sequence[str]) -> bool:
        """True when a legend of ``labels`` at the right of the board surely fits above the
        figure's bottom, without laying it out (a bound: 1.4 em a line of text, 0.5 em between
        entries, 2.5 em more; matplotlib lays an 8-point entry out in about 1.17 em and 0.5 em):
        laying a legend out to measure it took a third of a new board's legend (issue 14). False
        (measure it) for a legend below the boards or a figure with a caption under the board."""
        fig, ax = self.ax.figure, self.ax
        if self._legend_spec["below"] or any(t.get_visible() and t.get_text() and t.get_position()[1] < 0.5
                                             for t in fig.texts):
            return False
        kw = self._legend_kwargs(labels)
        if (kw.get("loc"), tuple(kw.get("bbox_to_anchor", ())), kw.get("bbox_transform")) != \
                ("upper left", (1.01, 1.0), None):
            return False
        from matplotlib.font_manager import FontProperties

        size = FontProperties(size=kw.get("fontsize", 8)).get_size_in_points()
        lines = sum(str(label).count("\n") + 1 for label in labels)
        need = size * (1.4 * lines + 0.5 * len(labels) + 2.5) / 72 + self.LEGEND_CLEAR
        ax.apply_aspect()  # the box a board with equal aspect draws in: the legend hangs from its top
        return ax.get_position().y1 * fig.get_figheight() >= need

    def _legend_overflow(self, legend: Legend) -> float:
        """How many pixels the figure lacks at the bottom to hold ``legend`` (0 or less: none)."""
        fig = self.ax.figure
        box = legend.get_window_extent()  # laid out on the figure's renderer
        clear = self.LEGEND_CLEAR * fig.dpi
        if self._legend_spec["below"] is True:
            above = []
            for ax in fig.axes:
                ax.apply_aspect()  # the box a board with equal aspect draws in
                b = ax.get_window_extent()
                if b.x1 > box.x0 and b.x0 < box.x1:
                    above.append(b.y0)
            return box.y1 + clear - min(above) if above else 0.0
        floor = clear
        for t in fig.texts:  # a caption under the board: the legend ends above it
            if t.get_visible() and t.get_text() and t.get_position()[1] < 0.5:
                b = t.get_window_extent()
                if b.x1 > box.x0 and b.x0 < box.x1:
                    floor = max(floor, b.y1 + clear)
        return floor - box.y0


def sync_legends(figure: Any) -> None:
    """Bring every board legend of ``figure`` up to date with what its board draws
    (:meth:`BoardArtists.sync_legend`): an explorer calls it before it shows a new frame."""
    for ax in figure.axes:
        legend = ax.get_legend()
        board = getattr(legend, "board", None)
        if board is not None and board.ax is ax:
            board.sync_legend()


def legend_when(handle: Any, layer: str, key: str | None = None, color: Any = None) -> Any:
    """Mark legend entry ``handle`` as listed only while layer ``key`` of kind ``layer`` draws
    something (in ``color``, if given): :meth:`BoardArtists.draws`. Returns ``handle``."""
    handle.hexrules_drawn_by = (layer, key, color)
    return handle


def _swatch_colour(handle: Any) -> str:
    """The colour a legend entry shows (its marker's face, or its patch's face), as hex."""
    face = handle.get_markerfacecolor() if hasattr(handle, "get_markerfacecolor") else handle.get_facecolor()
    return mcolors.to_hex(face, keep_alpha=True)

def _legend_columns(labels: Sequence[str], width: float, size: float) -> int:
    """The most columns a legend of ``labels`` (``size`` points) lays out in ``width`` inches:
    matplotlib splits the entries into columns as evenly as it can, each as wide as its widest entry (the label as Agg draws
    it, 2 em of swatch, 0.5 em to the label), with 1.2 em between columns (as
    :meth:`BoardArtists._legend_kwargs` sets)."""
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.font_manager import FontProperties

    renderer, font = RendererAgg(1, 1, 72), FontProperties(size=size)
    wide = [max(renderer.get_text_width_height_descent(line, font, False)[0] for line in str(label).splitlines() or [""])
            + 2.5 * size for label in labels]  # points (72 dpi)
    for ncol in range(len(wide), 1, -1):
        columns = [max(c) for c in np.array_split(wide, ncol)]  # as Legend splits its entries
        if sum(columns) + 1.2 * size * (ncol - 1) <= width * 72:
            return ncol
    return 1


def _wrap_label(label: str, ax: Any) -> str:
    """``label`` wrapped to the room at the right of ``ax`` on its figure (about 5.5 points per
    character at the legend's 8 points), so a legend is never cut at the figure's edge."""
    fig = ax.figure
    room = (1.0 - ax.get_position().x1) * fig.get_figwidth() * 72 - 40  # points, less the swatch
    width = max(12, int(room / 4.6))
    lines = [textwrap.fill(line, width, break_long_words=False) for line in label.splitlines()] if label else []
    return "\n".join(lines) if lines else label


def legend_handle(kind: str, label: str, color: str, *, linestyle: str = "-", width: float = 2.0,
                  marker: Any = "X", alpha: float = 1.0, theme: Theme = DEFAULT_THEME, tile: bool = False,
                  drawn_by: tuple | None = None) -> Any:
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
    marker : str or list of (float, float)
        Of a ``"marker"`` entry: a matplotlib marker (``"X"``, or vertices such as
        :data:`VEHICLE_MARKER`).
    alpha : float
        Of a ``"fill"`` entry.
    theme : Theme
        Its ``edge`` (of a fill swatch) and ``marker_edge`` (of a marker).
    tile : bool
        A ``"fill"`` entry stands for tiles (:meth:`BoardArtists.set_tiles`): it has their
        hatch, ``theme.tile_hatch``.
    drawn_by : tuple, optional
        ``(layer, key)`` or ``(layer, key, colour)``: the layer that draws what the entry stands
        for; the legend lists the entry only while that layer draws something (in that colour),
        :func:`legend_when`. Default: always listed.

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
        handle = Patch(facecolor=color, edgecolor=theme.edge, alpha=alpha, label=label,
                       hatch=theme.tile_hatch if tile else None)
    elif kind == "outline":
        handle = Patch(facecolor="none", edgecolor=color, linewidth=width, linestyle=linestyle, label=label)
    elif kind == "arrow":
        handle = Line2D([], [], color=color, linewidth=width, linestyle=linestyle, marker=">",
                        markersize=6, label=label)
    elif kind == "line":
        handle = Line2D([], [], color=color, linewidth=width, linestyle=linestyle, label=label)
    elif kind == "marker":
        handle = Line2D([], [], color=color, linestyle="none", marker=marker, markersize=9,
                        markeredgecolor=theme.marker_edge, markeredgewidth=0.8, label=label)
    else:
        raise HexrulesError(f"kind={kind!r} is not one of 'fill', 'outline', 'arrow', 'line', 'marker'")
    return legend_when(handle, *drawn_by) if drawn_by else handle


def cost_handle(label: str = "cost in MP", theme: Theme = DEFAULT_THEME) -> Any:
    """A legend entry for cost shading (``theme.cost_cmap``): a swatch of its middle colour."""
    cmap = theme.cost_cmap
    cmap = matplotlib.colormaps[cmap] if isinstance(cmap, str) else cmap
    return legend_handle("fill", label, mcolors.to_hex(cmap(0.6)), alpha=0.85, theme=theme)


class _StaticLegend(Legend):
    """A :class:`~matplotlib.legend.Legend` that an Agg canvas renders once and then pastes.

    A board's legend changes only when what the board draws changes kind (a first path, a stub
    to the edge: :meth:`BoardArtists.sync_legend` then makes a new one), yet laying out and
    drawing its texts is about half of an Agg redraw of a rulebook-size board. On an Agg
    renderer (Agg, ipympl) the legend is drawn once into a canvas of its own, and the pixels it
    covers are pasted on every later draw, until the canvas size, its dpi (an ipympl canvas
    follows the screen's pixel ratio), the axes' position or the legend's texts change. Other
    renderers (SVG, PDF) draw it as usual.
    """

    _pixels: tuple[Any, np.ndarray | None, int, int] | None = None

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
            self._pixels = (key, *_render_alone(super().draw, renderer))
        _paste(renderer, *self._pixels[1:])
        self.stale = False


def _render_alone(draw: Callable[[Any], None], renderer: Any) -> tuple[np.ndarray | None, int, int]:
    """Draw with ``draw(r)`` onto a transparent Agg canvas ``r`` of ``renderer``'s size; return
    the pixels it covered (bottom row first, as ``draw_image`` takes them) and their lower-left
    corner, or None if it covered none. ``r`` is a spare renderer kept for that size
    (:func:`hexrules.plot._mpl.spare_renderer`: texts drawn as ``renderer`` draws them)."""
    own = spare_renderer(renderer)
    draw(own)
    rgba = np.asarray(own.buffer_rgba())
    rows = np.flatnonzero(rgba[:, :, 3].any(axis=1))
    cols = np.flatnonzero(rgba[:, :, 3].any(axis=0))
    if not len(rows):
        return None, 0, 0
    top, bottom, left, right = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    return rgba[top:bottom, left:right][::-1].copy(), left, int(renderer.height) - bottom


def _paste(renderer: Any, pixels: np.ndarray | None, x0: int, y0: int) -> None:
    """Composite pixels from :func:`_render_alone` onto ``renderer`` (straight-alpha "over": the
    same pixels as drawing the artist there)."""
    if pixels is not None:
        gc = renderer.new_gc()
        renderer.draw_image(gc, x0, y0, pixels)
        gc.restore()


class _StaticPathCollection(PathCollection):
    """A text layer (:meth:`BoardArtists.set_texts`) that an Agg canvas pastes while it is unchanged.

    A board's labels and elevation badges are hundreds of glyph outlines that an explorer
    almost never changes, yet every redraw rasterized them again: on a 15 x 12 board they were
    about a third of an Agg redraw (issue 14). On an Agg renderer (Agg, ipympl), a layer that is
    unchanged since the last draw is rendered once alone (:func:`_render_alone`) and its pixels
    pasted in its place in the drawing order on later draws (:func:`_paste`): the same pixels.
    "Unchanged" is matplotlib's ``stale`` flag (set by every setter, ``set_paths``,
    ``set_facecolor``...; cleared by a draw), with the canvas size and dpi, the layer's
    transforms (zoom, pan) and clip box. A layer that changed since the last draw is drawn
    directly and not cached, so a layer that changes on every update (costs) pays nothing
    extra. Other renderers (SVG, PDF) draw it as usual.
    """

    _pixels: tuple[Any, np.ndarray | None, int, int] | None = None

    @martist.allow_rasterization
    def draw(self, renderer: Any) -> None:
        if not _reusable(self, renderer):
            self._pixels = None  # changed (or not Agg): draw directly; cached once it stays the same
            super().draw(renderer)
            return
        key = _view_key(self, renderer)
        if self._pixels is None or self._pixels[0] != key:
            self._pixels = (key, *_render_alone(super().draw, renderer))
        _paste(renderer, *self._pixels[1:])
        self.stale = False


def _reusable(artist: Any, renderer: Any) -> bool:
    """Whether ``artist`` may reuse pixels drawn before: unchanged since its last draw (matplotlib's
    ``stale`` flag), visible, drawn by an Agg renderer, neither rasterized nor filtered."""
    from matplotlib.backends.backend_agg import RendererAgg

    return (not artist.stale and artist.get_visible() and isinstance(renderer, RendererAgg)
            and not artist.get_rasterized() and artist.get_agg_filter() is None)


def _view_key(artist: Any, renderer: Any) -> tuple:
    """What an artist's pixels depend on besides its own properties: the canvas size and dpi, its
    transforms (zoom, pan), its clip box and its axes' place on the figure (its clip path)."""
    clip = artist.get_clip_box()
    offsets = getattr(artist, "get_offset_transform", None)
    return (renderer.width, renderer.height, renderer.dpi, artist.get_transform().get_matrix().tobytes(),
            None if offsets is None else offsets().get_matrix().tobytes(),
            None if clip is None else tuple(clip.bounds),
            None if artist.axes is None else tuple(artist.axes.bbox.bounds))


class _Memo:
    """Mixin of an artist whose pixels an Agg canvas reuses while neither it nor what lies under it changed.

    The faces, terrain hatches and unit tokens of a board stay the same while an explorer's
    controls change the overlays, yet they were rasterized on every redraw: on a 15 x 12 board
    about half of an Agg redraw of the two-board compare explorers (issue 14). Here, when the
    artist is unchanged since the last draw (matplotlib's ``stale`` flag, set by every setter and
    cleared by a draw, with :func:`_view_key`), it is drawn once alone to learn which pixels it
    touches; each later draw compares those pixels of the canvas with what they were under the
    last direct draw, and if they are the same, writes what the draw made of them. Agg blends
    each pixel alone, so this gives exactly the pixels of drawing the artist: unlike the paste of
    :class:`_StaticPathCollection`, it is exact over any background, and when what lies under the
    artist changed (a cost tile under a water hatch) the artist is drawn directly and remembered
    again. Other renderers (SVG, PDF) draw it as usual.
    """

    _memo: tuple[Any, np.ndarray, np.ndarray, np.ndarray] | None = None  # key, pixels touched, before, after

    @martist.allow_rasterization
    def draw(self, renderer: Any) -> None:
        from matplotlib.backends.backend_agg import RendererAgg

        if not _reusable(self, renderer):
            self._memo = None  # changed (or not Agg): drawn directly; remembered once it stays the same
            super().draw(renderer)
            return
        key = _view_key(self, renderer)
        pixels = np.asarray(renderer.buffer_rgba()).view(np.uint32).reshape(-1)
        memo = self._memo
        if memo is None or memo[0] != key:
            own = RendererAgg(renderer.width, renderer.height, renderer.dpi)
            super().draw(own)
            touched = np.flatnonzero(np.asarray(own.buffer_rgba())[:, :, 3].reshape(-1))
            memo = (key, touched, None, None)
        elif np.array_equal(pixels[memo[1]], memo[2]):
            pixels[memo[1]] = memo[3]
            self.stale = False
            return
        before = pixels[memo[1]]
        super().draw(renderer)
        self._memo = (key, memo[1], before, pixels[memo[1]])
        self.stale = False


class _MemoPolyCollection(_Memo, PolyCollection):
    """A :class:`~matplotlib.collections.PolyCollection` drawn through :class:`_Memo` (faces, hatches)."""


class _MemoCircle(_Memo, Circle):
    """A unit's round token, drawn through :class:`_Memo`."""


class _MemoPolygon(_Memo, Polygon):
    """A vehicle's token (a rhombus), drawn through :class:`_Memo`."""


class _MemoRegularPolygon(_Memo, RegularPolygon):
    """A Garrison's token, drawn through :class:`_Memo`."""


class _MemoText(_Memo, Text):
    """A unit's name or damage, drawn through :class:`_Memo` (its outlined text is the costliest part
    of a token)."""


def clear_board(ax: "Axes") -> None:
    """Remove every artist a board drew on ``ax`` (and its legend and titles), for a new board
    drawn on the same axes (:func:`draw_board` sets the limits, aspect and hidden axis again).

    ``ax.clear()`` does this too, but it also builds the axes' axis, ticks and spines anew,
    which a board never shows: about 10 ms a scenario changed (issue 14). The picture is the
    one a cleared axes gives (``tests/test_widgets_movement.py`` compares them pixel for pixel).
    """
    for a in [*ax.collections, *ax.patches, *ax.texts, *ax.lines, *ax.images, *ax.artists, *ax.tables]:
        a.remove()
    if ax.get_legend() is not None:
        ax.get_legend().remove()
    for loc in ("center", "left", "right"):
        ax.set_title("", loc=loc)


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
    cmap: str | Any = None,
    vmin: float | None = None,
    vmax: float | None = None,
    path_color: str | None = None,
    costs: Mapping[Hex, int] | None = None,
    theme: Theme | str | None = None,
    text_mode: str = "outline",
    room: Room = NO_ROOM,
) -> BoardArtists:
    """Draw ``board`` (and ``state``'s units) on ``ax``; return the artists for later updates.

    Parameters
    ----------
    board : Board
        Elevation shades the faces (``theme.elevation``: pale ground, brown height 1, greens
        above); water is blue and impassable hexes dark and hatched (T1).
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
        Colour mapping of numeric ``fill`` values (default ``theme.cost_cmap``).
    path_color : str, optional
        Colour of the ``paths`` arrows (default ``theme.path``).
    costs : mapping of Hex to int, optional
        Movement points to show as tiles, one per hex on the fixed cost scale, each with its
        number (:meth:`BoardArtists.set_costs`, layer ``"texts"``, ringed so that a path leaves
        it clear), and their entries in the legend: a reach's costs
        (:func:`~hexrules.plot.png.to_png` turns a ``Reach`` into them).
    theme : Theme or str, optional
        The colours (:class:`~hexrules.plot.theme.Theme`, or a name of
        :data:`~hexrules.plot.theme.THEMES`); default the kit-wide theme
        (:func:`~hexrules.plot.theme.current_theme`). Kept as :attr:`BoardArtists.theme`.
    text_mode : {"outline", "text"}
        Texts as glyph outlines (fast redraws) or as text objects (editable in an SVG).
    room : Room
        Room the view leaves around the board beyond :data:`~hexrules.plot.figure.VIEW_PAD`, in
        hex radii ``(left, right, top, bottom)``: for marks drawn beyond the board's edge (a Push's
        X on a step off the board, :meth:`~hexrules.plot.forced.ForcedLayer.room`); make the figure
        with the same (:func:`~hexrules.plot.figure.new_figure`), so the hexes keep their size.

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
    theme = get_theme(theme)
    reach_costs = dict(costs) if costs else None
    if ax is None:
        _, (ax,) = new_figure(board, legend=legend)
    art = BoardArtists(ax, board, theme, text_mode=text_mode)
    if len(art.hexes) <= LARGE_BOARD:
        art.faces = _MemoPolyCollection(art.polygons, facecolors=art.base_colours, edgecolors=theme.edge, linewidths=0.6,
                                   zorder=1)
    else:  # stroking thousands of edges dominates a redraw: draw slightly smaller faces, gaps as edges
        shrunk = art.centres[:, None, :] + (art.polygons - art.centres[:, None, :]) * 0.92
        art.faces = _MemoPolyCollection(shrunk, facecolors=art.base_colours, linewidths=0.0, zorder=1)
    ax.add_collection(art.faces, autolim=False)
    impassable = [i for i, h in enumerate(art.hexes) if not board.terrain(h).passable]
    art.hatch = _MemoPolyCollection(art.polygons[impassable] if impassable else [], facecolors="none",
                               edgecolors=theme.impassable_hatch_colour, hatch=theme.impassable_hatch, linewidths=0.0,
                               zorder=2)
    ax.add_collection(art.hatch, autolim=False)
    # water keeps a blue ripple over any fill (a cost colour must not hide the terrain, T1)
    water = [i for i, h in enumerate(art.hexes) if board.terrain(h).name == "water"]
    art.water = _MemoPolyCollection(art.polygons[water] * 0.97 + art.centres[water][:, None, :] * 0.03 if water else [],
                               facecolors="none", edgecolors=theme.water_mark, hatch=theme.water_hatch,
                               hatchcolors=theme.water_mark, linewidths=1.6, zorder=2)
    ax.add_collection(art.water, autolim=False)
    # a designer's terrain keeps its hatch over any fill or tile, as its legend swatch shows it
    for name in art._designer_names():
        idx = [i for i, h in enumerate(art.hexes) if board.terrain(h).name == name]
        hatch = art._designer_hatch(name)
        if idx and hatch:
            art.terrain_hatches[name] = pc = _MemoPolyCollection(art.polygons[idx], facecolors="none", edgecolors=theme.edge,
                                                            hatch=hatch, linewidths=0.0, zorder=2)
            ax.add_collection(pc, autolim=False)
    x0, x1, y0, y1 = board_extent(board, room=room)
    pad = VIEW_PAD
    ax.set_xlim(x0 - pad, x1 + pad)
    ax.set_ylim(y1 + pad, y0 - pad)  # inverted: row 1 at the top
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()
    # hidden axes too: matplotlib places a title above the tick labels of the axes by measuring
    # them on every draw, even with the axes off (about 10 ms a title on a 15 x 12 board); nothing
    # of them is drawn either way
    ax.xaxis.set_visible(False)
    ax.yaxis.set_visible(False)
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
    if reach_costs is not None:
        art.set_costs(reach_costs, key="texts", halo=True)  # ringed: a path through a hex leaves its number clear
    if paths:
        art.set_paths(paths, colors=path_color)  # None: theme.path
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
        art.legend(state, cost_legend(reach_costs.values(), theme) if reach_costs else ())
    return art

