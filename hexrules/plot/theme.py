"""Every colour and hatch the kit draws with, as data in one frozen value: :class:`Theme`.

Drawing functions, :class:`~hexrules.plot.board.BoardArtists`, the explorers and the figure
scripts take ``theme=`` (default :data:`DEFAULT_THEME`) and read their colours from it, so a
print theme or a colour fix is one new :class:`Theme` value (``DEFAULT_THEME.replace(...)``),
not a hunt through modules. The module-level names of the old ``hexrules.plot`` module
(:data:`ELEVATION_COLOURS`, :data:`TERRAIN_COLOURS`, :data:`WATER_MARK`, :data:`WATER_HATCH`,
:data:`SIDE_COLOURS`, :data:`COST_CMAP`, :data:`LABEL_HALO`) are the default theme's values.

Examples
--------
>>> DEFAULT_THEME.elevation[:2]
('#ece6cf', '#c9a36b')
>>> DEFAULT_THEME.forced["move"], DEFAULT_THEME.movement["path_bad"]
('#1e8449', '#c0392b')
>>> grey = DEFAULT_THEME.replace(sides={"federation": "#333333", "zeon": "#777777"})
>>> grey.sides["zeon"], DEFAULT_THEME.sides["zeon"]
('#777777', '#c0392b')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

import matplotlib
import numpy as np
from matplotlib import colors as mcolors

from ..errors import HexrulesError
from ..checks import show

__all__ = [
    "Theme",
    "DEFAULT_THEME",
    "PRINT_THEME",
    "COLOURBLIND_THEME",
    "THEMES",
    "get_theme",
    "set_theme",
    "current_theme",
    "use_theme",
    "live",
    "DIAGRAM_COLOURS",
    "ELEVATION_COLOURS",
    "TERRAIN_COLOURS",
    "WATER_MARK",
    "WATER_HATCH",
    "SIDE_COLOURS",
    "COST_CMAP",
    "LABEL_HALO",
    "LABEL_CONTRAST",
    "relative_luminance",
    "contrast_ratio",
    "black_or_white",
    "readable_on",
]

#: The keys each topic's colour mapping of a :class:`Theme` must have (what the drawing reads).
TOPIC_KEYS: dict[str, frozenset[str]] = {
    "terrain": frozenset({"water", "impassable"}),
    "movement": frozenset({"path_ok", "path_bad", "target", "pass", "distance", "distance_cmap", "neighbours"}),
    "engagement": frozenset({"engaged", "near", "ignoring", "danger"}),
    "forced": frozenset({"move", "hit", "edge", "chosen", "source", "ends", "start", "eligible", "stub_text"}),
    "crush": frozenset({"intact", "collapsed", "affected", "touching", "current", "path", "only", "also", "hp",
                        "slain", "slain_edge", "cover_text", "token_key", "bars", "frame", "on_dark", "on_light",
                        "curves_cmap", "heatmap_cmap", "vehicle_cmap"}),
    "diagram": frozenset({"blue", "orange", "green", "red", "purple", "yellow", "pink", "cyan", "brown", "grey",
                          "black", "white"}),
    "compare": frozenset({"differs"}),
}

#: The default colour map of numeric fills (e.g. movement costs): the light part of YlOrRd, so
#: that black numbers stay readable on every hex.
_COST_CMAP = mcolors.LinearSegmentedColormap.from_list(
    "hexrules_cost", matplotlib.colormaps["YlOrRd"](np.linspace(0.08, 0.62, 64))
)


#: The colour names a diagram file may write (``colour=blue``), each a key of ``Theme.diagram``.
DIAGRAM_COLOURS: tuple[str, ...] = ("blue", "orange", "green", "red", "purple", "yellow", "pink", "cyan", "brown",
                                    "grey", "black", "white")

_DIAGRAM = {"blue": "#1f77b4", "orange": "#ff7f0e", "green": "#1e8449", "red": "#c0392b", "purple": "#7d3c98",
            "yellow": "#f1c40f", "pink": "#ff00aa", "cyan": "#00a3b4", "brown": "#8d5524", "grey": "#7f8c8d",
            "black": "#1a1a1a", "white": "#ffffff"}

#: Sides named after a colour get that colour (default theme): ``side=blue`` is blue.
_NAMED_SIDES = {"blue": "#1f5fbf", "red": "#c0392b", "green": "#1e8449", "orange": "#d68910", "purple": "#7d3c98",
                "yellow": "#d4ac0d", "black": "#1a1a1a", "grey": "#5d6d7e", "gray": "#5d6d7e", "white": "#f4f6f7",
                "brown": "#8d5524", "pink": "#d63384"}


@dataclass(frozen=True)
class Theme:
    """The colours (any matplotlib colour) and hatches of every picture the kit draws.

    Mappings are stored read-only; :meth:`replace` makes a variant. A theme holds a
    :class:`~matplotlib.colors.Colormap` (``cost_cmap``), so it compares by value (``==``) but
    is not hashable.

    Parameters
    ----------
    elevation : tuple of str
        Face colour of each elevation level, from ground (0) up, each its own (levels 0-7 in
        the default theme), darker with every level so that heights differ in lightness, which
        a reader with a colour-vision deficiency sees too; levels past the table darken the last
        colour further (:func:`~hexrules.plot.board.elevation_colour`).
    terrain : mapping of str to str
        Face colours of the terrain types that override elevation shading (T1): ``"water"``,
        ``"impassable"``.
    designer_terrain : tuple of str
        Face colours of other (designer) terrain types, in sorted order of their names.
    water_mark, water_hatch : str
        Outline-and-ripple colour and hatch drawn over water hexes above any overlay (T1).
    impassable_hatch, impassable_hatch_colour : str
        Hatch (and its colour) over impassable hexes.
    edge : str
        Hex edges, and the edge of legend swatches.
    label, label_impassable, elevation_badge : str
        Hex labels (``"C4"``), labels on impassable hexes, the ``"▲n"`` elevation badges.
    label_halo : tuple of float
        RGBA of the halo under labels and badges.
    text : str
        Default colour of text layers (costs, distances).
    sides : mapping of str to str
        Token colours of known sides.
    side_palette : tuple of str
        Colours for other sides, in first-seen order (those of ``sides`` skipped).
    token_edge, garrison_edge, token_text : str
        Edge of a unit's round token, of a Garrison's square token, and the name written on it.
    damage_badge, damage_text : str
        The damage badge on a token and its number.
    garrison_key : str
        The grey of a legend's shape-only key (the scenario explorer's "vehicle (C2)"); a
        Garrison's legend square is its side's colour, as its token.
    cost_cmap : str or Colormap
        Colour map of numeric fills (movement costs).
    path, link, highlight, marker, marker_edge : str
        Defaults of :class:`~hexrules.plot.board.BoardArtists` layers: arrows, links, hex
        outlines, markers (and their edge).
    movement : mapping of str to str
        Movement overlays: ``path_ok`` / ``path_bad`` (legal and illegal paths), ``target``
        (target outline), ``pass`` (pass-through-only outline), ``distance`` / ``distance_cmap``
        (distance shading), ``neighbours`` (neighbour outlines and straight lines).
    engagement : mapping of str to str
        ``engaged`` (links and outlines, E1), ``near`` (adjacent, not Engaged), ``ignoring``
        (E5), ``danger`` (hexes where a unit would be Engaged).
    forced : mapping of str to str
        Push and Pull (:class:`~hexrules.plot.forced.ForcedLayer`): ``move``, ``hit``, ``edge``,
        ``chosen``, ``source``, ``ends``, ``start`` (start of a moved unit), ``eligible`` (L1),
        ``stub_text``.
    forced_multi : tuple of str
        Arrow colours of the 1st, 2nd, ... unit of a multi-unit Push (P5).
    crush : mapping of str to str
        The Crush board and charts: piece ``intact`` / ``collapsed``, units ``affected`` /
        ``touching`` / ``current``, vehicle ``path``, the C4 bars ``only`` / ``also``, ``hp``,
        ``slain`` (and ``slain_edge``), ``cover_text``, ``token_key`` (the legend's model and
        vehicle tokens), chart ``bars``, heatmap ``frame``, cell texts ``on_dark`` / ``on_light``,
        and the colour maps ``curves_cmap``, ``heatmap_cmap``, ``vehicle_cmap``.
    diagram : mapping of str to str
        The named colours a diagram file writes (``colour=blue``, :mod:`hexrules.diagram`):
        every name of :data:`DIAGRAM_COLOURS`. A print theme maps them to greys of distinct
        lightness, a colour-blind-safe theme to the Okabe-Ito palette.
    diagram_linestyles : mapping of str to str
        A line style for paths drawn in a named colour whose ``style=`` the diagram leaves
        out (``{"orange": "--"}``): in a greyscale theme two paths then differ by their dashes,
        not only by their grey.
    cost_steps : tuple of str
        The fixed scale of movement costs (:func:`~hexrules.plot.board.cost_colour`): the
        colour of cost 1, 2, ... movement points; the last colour is every cost from
        ``len(cost_steps)`` up. The same cost has the same colour under Advance and Dash, in
        every picture (issue 10 part 4).
    cost_tile_edge : str
        The edge of the cost tiles (an inner hexagon; the rim keeps the hex's elevation colour).
    tile_hatch : str or None
        A hatch over every tile (costs, where a Push can end, a diagram's filled hexes), and
        over their legend swatches: in a greyscale print a tile then never reads as a height.
    designer_hatches : tuple of str
        Hatches of designer terrain types (sorted by name), drawn over any overlay so that a
        designer's terrain (mud) stays visible under cost tiles, as its legend entry shows it.
    named_sides : mapping of str to str
        Token colours of sides named after a colour (``side=blue`` is drawn blue, not the next
        free palette colour).
    vehicle_edge : str
        Edge of a vehicle's diamond token (Crush; a Garrison's token is a square).
    compare : mapping of str to str
        Two readings side by side (:mod:`hexrules.compare`): ``differs`` outlines the hexes
        where the readings give different results.

    Raises
    ------
    HexrulesError
        If a topic mapping lacks a key the drawing reads (the message names them).
    """

    elevation: tuple[str, ...] = ("#ece6cf", "#c9a36b", "#86ab5f", "#5f8a45", "#436b33", "#2f5025", "#203819",
                                  "#14240f")
    terrain: Mapping[str, str] = dataclasses.field(
        default_factory=lambda: {"water": "#79acdd", "impassable": "#3b3b3b"})
    designer_terrain: tuple[str, ...] = ("#d7bde2", "#f5cba7", "#a9dfbf", "#f9e79f", "#aed6f1")
    water_mark: str = "#1f5fa8"
    water_hatch: str = "-"
    impassable_hatch: str = "xx"
    impassable_hatch_colour: str = "#9a9a9a"
    edge: str = "#6b6b6b"
    label: str = "#555555"
    label_impassable: str = "#dddddd"
    elevation_badge: str = "#3d3020"
    label_halo: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 0.55)
    text: str = "black"
    sides: Mapping[str, str] = dataclasses.field(
        default_factory=lambda: {"federation": "#1f5fbf", "zeon": "#c0392b"})
    side_palette: tuple[str, ...] = ("#1f5fbf", "#c0392b", "#7d3c98", "#d68910", "#148f77", "#5d6d7e")
    token_edge: str = "white"
    garrison_edge: str = "black"
    token_text: str = "white"
    damage_badge: str = "#c0392b"
    damage_text: str = "white"
    garrison_key: str = "#888888"
    cost_cmap: Any = dataclasses.field(default_factory=lambda: _COST_CMAP)
    path: str = "#1a1a1a"
    link: str = "#c0392b"
    highlight: str = "#ff00aa"
    marker: str = "#d4ac0d"
    marker_edge: str = "black"
    movement: Mapping[str, str] = dataclasses.field(default_factory=lambda: {
        "path_ok": "#1e8449", "path_bad": "#c0392b", "target": "#ff00aa", "pass": "#555555",
        "distance": "#6baed6", "distance_cmap": "Blues_r", "neighbours": "#2e86c1"})
    engagement: Mapping[str, str] = dataclasses.field(default_factory=lambda: {
        "engaged": "#c0392b", "near": "#7f8c8d", "ignoring": "#7f8c8d", "danger": "#f1948a"})
    forced: Mapping[str, str] = dataclasses.field(default_factory=lambda: {
        "move": "#1e8449", "hit": "#c0392b", "edge": "#d68910", "chosen": "#ff00aa", "source": "#7d3c98",
        "ends": "#a9dfbf", "start": "#555555", "eligible": "#1e8449", "stub_text": "white"})
    forced_multi: tuple[str, ...] = ("#ff00aa", "#148f77", "#d68910", "#5d6d7e")
    crush: Mapping[str, str] = dataclasses.field(default_factory=lambda: {
        "intact": "#c9b037",  # olive gold: not the orange of a side's tokens
        "collapsed": "#7f8c8d", "affected": "#c0392b", "touching": "#2e86c1", "current": "#f1c40f",
        "path": "#6c3483", "only": "#2471a3", "also": "#d35400", "hp": "#7b241c", "slain": "#1a1a1a",
        "slain_edge": "white", "cover_text": "#1a1a1a", "token_key": "#888", "bars": "#c0392b",
        "frame": "#1a1a1a", "on_dark": "white", "on_light": "black", "curves_cmap": "viridis",
        "heatmap_cmap": "OrRd", "vehicle_cmap": "Reds"})
    diagram: Mapping[str, str] = dataclasses.field(default_factory=lambda: dict(_DIAGRAM))
    diagram_linestyles: Mapping[str, str] = dataclasses.field(default_factory=dict)
    cost_steps: tuple[str, ...] = ("#dcd6f0", "#bcb3e3", "#9c8fd3", "#7e6cc0", "#644fa8", "#4c368c", "#37216f")
    cost_tile_edge: str = "#3b2f63"
    tile_hatch: str | None = None
    designer_hatches: tuple[str, ...] = ("..", "oo", "++", "**", "OO")
    named_sides: Mapping[str, str] = dataclasses.field(default_factory=lambda: dict(_NAMED_SIDES))
    vehicle_edge: str = "black"
    compare: Mapping[str, str] = dataclasses.field(default_factory=lambda: {"differs": "#00a3b4"})

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Mapping):
                missing = TOPIC_KEYS.get(f.name, frozenset()) - set(value)
                if missing:
                    raise HexrulesError(f"Theme {f.name}= lacks the colours {sorted(missing)}")
                object.__setattr__(self, f.name, MappingProxyType(dict(value)))
            elif isinstance(value, list):
                object.__setattr__(self, f.name, tuple(value))

    def replace(self, **changes: Any) -> "Theme":
        """A copy with some fields changed (e.g. a print theme)."""
        return dataclasses.replace(self, **changes)


#: The kit's colours.
DEFAULT_THEME = Theme()

_GREYS = {"blue": "#000000", "orange": "#737373", "green": "#404040", "red": "#262626", "purple": "#595959",
          "yellow": "#a6a6a6", "pink": "#333333", "cyan": "#666666", "brown": "#4d4d4d", "grey": "#8c8c8c",
          "black": "#000000", "white": "#ffffff"}

#: A greyscale theme for print: every colour is a grey, and what hue told apart is told apart
#: by lightness or by a pattern: heights by lightness steps, water by its ripple hatch and
#: outline, sides by light and dark tokens, paths of named colours by their dashes
#: (``diagram_linestyles``), collisions by dashes and an X, terrain of a designer by a hatch.
PRINT_THEME = Theme(
    elevation=("#f7f7f7", "#dedede", "#c4c4c4", "#a8a8a8", "#8f8f8f", "#767676", "#5e5e5e", "#474747"),
    terrain={"water": "#e6e6e6", "impassable": "#262626"},
    designer_terrain=("#ececec", "#d4d4d4", "#bcbcbc", "#e0e0e0", "#c8c8c8"),
    water_mark="#1a1a1a", water_hatch="---", impassable_hatch="xx", impassable_hatch_colour="#8c8c8c",
    edge="#595959", label="#333333", label_impassable="#e6e6e6", elevation_badge="#1a1a1a",
    sides={"federation": "#1a1a1a", "zeon": "#8c8c8c"},
    side_palette=("#1a1a1a", "#8c8c8c", "#4d4d4d", "#bfbfbf", "#333333", "#a6a6a6"),
    token_edge="white", garrison_edge="black", token_text="white", damage_badge="#000000", damage_text="white",
    garrison_key="#8c8c8c", cost_cmap="Greys", path="#000000", link="#000000", highlight="#000000",
    marker="#8c8c8c", marker_edge="black",
    movement={"path_ok": "#000000", "path_bad": "#4d4d4d", "target": "#000000", "pass": "#666666",
              "distance": "#999999", "distance_cmap": "Greys_r", "neighbours": "#404040"},
    engagement={"engaged": "#000000", "near": "#8c8c8c", "ignoring": "#8c8c8c", "danger": "#bfbfbf"},
    forced={"move": "#000000", "hit": "#333333", "edge": "#7a7a7a", "chosen": "#a6a6a6", "source": "#000000",
            "ends": "#d9d9d9", "start": "#595959", "eligible": "#000000", "stub_text": "white"},
    forced_multi=("#000000", "#595959", "#8c8c8c", "#333333"),
    crush={"intact": "#c4c4c4", "collapsed": "#6e6e6e", "affected": "#000000", "touching": "#595959",
           "current": "#262626", "path": "#000000", "only": "#4d4d4d", "also": "#b3b3b3", "hp": "#000000",
           "slain": "#000000", "slain_edge": "white", "cover_text": "#000000", "token_key": "#8c8c8c",
           "bars": "#595959", "frame": "#000000", "on_dark": "white", "on_light": "black", "curves_cmap": "gray",
           "heatmap_cmap": "Greys", "vehicle_cmap": "Greys"},
    diagram=_GREYS,
    diagram_linestyles={"orange": "--", "green": ":", "red": "-.", "purple": "--", "yellow": ":", "pink": "-.",
                        "cyan": "--", "brown": ":", "grey": "--"},
    cost_steps=("#d2d2d2", "#b8b8b8", "#9e9e9e", "#848484", "#6a6a6a", "#505050", "#363636"),
    cost_tile_edge="#000000", tile_hatch="..",
    named_sides={"blue": "#1a1a1a", "red": "#8c8c8c", "green": "#4d4d4d", "orange": "#a6a6a6", "black": "#000000",
                 "white": "#f2f2f2", "grey": "#737373", "gray": "#737373"},
    compare={"differs": "#000000"},
)

# Okabe & Ito (2008), "Color Universal Design": eight colours told apart with every common
# colour-vision deficiency.
_OKABE_ITO = {"black": "#000000", "orange": "#e69f00", "sky": "#56b4e9", "green": "#009e73", "yellow": "#f0e442",
              "blue": "#0072b2", "vermillion": "#d55e00", "purple": "#cc79a7"}
_OI = _OKABE_ITO

#: A colour-blind-safe theme: the Okabe-Ito palette for sides, paths and overlays, heights as
#: one light-to-dark ramp (told apart by lightness, which every colour vision sees), and the
#: same patterns as the default theme (dashed illegal paths and collisions, hatched water).
COLOURBLIND_THEME = Theme(
    elevation=("#fbf3dc", "#f3d58f", "#e3b04f", "#c48828", "#98651c", "#6e4714", "#4a2f0d", "#2f1d08"),
    terrain={"water": _OI["sky"], "impassable": "#3b3b3b"},
    designer_terrain=("#e8d5e3", "#d9ecf5", "#d2efe3", "#fbf6c4", "#f5dcc4"),
    water_mark=_OI["blue"],
    sides={"federation": _OI["blue"], "zeon": _OI["vermillion"]},
    side_palette=(_OI["blue"], _OI["vermillion"], _OI["green"], _OI["orange"], _OI["purple"], _OI["black"]),
    damage_badge=_OI["vermillion"], link=_OI["vermillion"], highlight=_OI["purple"], marker=_OI["yellow"],
    movement={"path_ok": _OI["blue"], "path_bad": _OI["vermillion"], "target": _OI["purple"], "pass": "#555555",
              "distance": _OI["sky"], "distance_cmap": "cividis", "neighbours": _OI["blue"]},
    engagement={"engaged": _OI["vermillion"], "near": "#7f7f7f", "ignoring": "#7f7f7f", "danger": "#f2c09b"},
    forced={"move": _OI["blue"], "hit": _OI["vermillion"], "edge": _OI["orange"], "chosen": _OI["purple"],
            "source": _OI["black"], "ends": "#bfe0f4", "start": "#555555", "eligible": _OI["blue"],
            "stub_text": "white"},
    forced_multi=(_OI["purple"], _OI["green"], _OI["orange"], _OI["sky"]),
    crush={"intact": _OI["yellow"], "collapsed": "#7f7f7f", "affected": _OI["vermillion"], "touching": _OI["blue"],
           "current": _OI["orange"], "path": _OI["black"], "only": _OI["blue"], "also": _OI["orange"],
           "hp": _OI["vermillion"], "slain": "#1a1a1a", "slain_edge": "white", "cover_text": "#1a1a1a",
           "token_key": "#888", "bars": _OI["vermillion"], "frame": "#1a1a1a", "on_dark": "white",
           "on_light": "black", "curves_cmap": "viridis", "heatmap_cmap": "cividis", "vehicle_cmap": "cividis"},
    diagram={"blue": _OI["blue"], "orange": _OI["orange"], "green": _OI["green"], "red": _OI["vermillion"],
             "purple": "#882255", "yellow": _OI["yellow"], "pink": _OI["purple"], "cyan": _OI["sky"],
             "brown": "#8d5524", "grey": "#7f7f7f", "black": "#000000", "white": "#ffffff"},
    named_sides={"blue": _OI["blue"], "red": _OI["vermillion"], "green": _OI["green"], "orange": _OI["orange"],
                 "yellow": _OI["yellow"], "purple": _OI["purple"], "pink": _OI["purple"], "black": "#1a1a1a",
                 "grey": "#7f7f7f", "gray": "#7f7f7f", "white": "#f4f6f7"},
    compare={"differs": _OI["purple"]},
)

#: The kit's themes by name (``hexrules draw --theme NAME``, :func:`set_theme`).
THEMES: Mapping[str, Theme] = MappingProxyType({"default": DEFAULT_THEME, "print": PRINT_THEME,
                                                "colourblind": COLOURBLIND_THEME})
_ALIASES = {"greyscale": "print", "grayscale": "print", "colorblind": "colourblind"}

_current: list[Theme] = [DEFAULT_THEME]


def get_theme(theme: "str | Theme | None" = None) -> Theme:
    """The theme ``theme`` names (a name of :data:`THEMES`, or a :class:`Theme`); None: the
    kit-wide theme (:func:`current_theme`).

    Raises
    ------
    HexrulesError
        For an unknown name (the message lists the themes) or a value that is not a Theme.

    Examples
    --------
    >>> get_theme("print") is PRINT_THEME, get_theme("greyscale") is PRINT_THEME
    (True, True)
    """
    if theme is None:
        return _current[0]
    if isinstance(theme, Theme):
        return theme
    if isinstance(theme, str) and _ALIASES.get(theme, theme) in THEMES:
        return THEMES[_ALIASES.get(theme, theme)]
    raise HexrulesError(f"theme {show(theme)} is not a Theme or one of {', '.join(THEMES)}")


def current_theme() -> Theme:
    """The kit-wide theme: what explorers and ``draw_board`` use when given no ``theme=``."""
    return _current[0]


def set_theme(theme: "str | Theme") -> Theme:
    """Make ``theme`` (a name of :data:`THEMES` or a :class:`Theme`) the kit-wide theme; returns it.

    Explorers built afterwards draw in it (``set_theme("print")`` in a lesson's first cell
    turns every picture of the lesson to greys); ``set_theme("default")`` goes back.

    Raises
    ------
    HexrulesError
        As :func:`get_theme`.
    """
    _current[0] = get_theme(theme)
    return _current[0]


class use_theme:
    """``with use_theme("print"): ...``: the kit-wide theme for a block, then the previous one."""

    def __init__(self, theme: "str | Theme") -> None:
        self.theme = get_theme(theme)

    def __enter__(self) -> Theme:
        self._saved = _current[0]
        _current[0] = self.theme
        return self.theme

    def __exit__(self, *exc: Any) -> None:
        _current[0] = self._saved

#: Face colour of each elevation level: pale ground, then brown (height 1) and greens that
#: darken with height, as in the rulebook's diagrams (``DEFAULT_THEME.elevation``).
ELEVATION_COLOURS: tuple[str, ...] = DEFAULT_THEME.elevation
#: Face colours of terrain types that override elevation shading, T1 (``DEFAULT_THEME.terrain``).
TERRAIN_COLOURS: Mapping[str, str] = DEFAULT_THEME.terrain
#: Colour and hatch drawn over water hexes, so that water stays recognisable under an overlay
#: colour (e.g. movement costs): a blue outline and blue ripples (T1).
WATER_MARK: str = DEFAULT_THEME.water_mark
WATER_HATCH: str = DEFAULT_THEME.water_hatch
#: Colours of known sides; other sides take ``DEFAULT_THEME.side_palette`` colours.
SIDE_COLOURS: Mapping[str, str] = DEFAULT_THEME.sides
#: The default colour map of numeric fills (``DEFAULT_THEME.cost_cmap``).
COST_CMAP = DEFAULT_THEME.cost_cmap
#: Colour of the halo drawn round hex labels (under them, over outlines), so a thick outline
#: passing through a label's line leaves it readable.
LABEL_HALO = DEFAULT_THEME.label_halo

#: The least contrast a hex label or elevation badge has with its hex's colour: WCAG 2's AA level
#: for small text (4.5:1). A theme's label colour is kept where it reaches it (:func:`readable_on`).
LABEL_CONTRAST = 4.5


def relative_luminance(colour: Any) -> float:
    """WCAG 2 relative luminance of a matplotlib colour (0 black to 1 white)."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in mcolors.to_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Any, b: Any) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white).

    >>> round(contrast_ratio("black", "white"), 1), round(contrast_ratio("#555555", "#ece6cf"), 1)
    (21.0, 6.0)
    """
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def black_or_white(background: Any) -> str:
    """``"black"`` or ``"white"``, whichever has the higher contrast ratio on ``background`` (WCAG
    2.x; black on a tie): the ink of a cost number on its tile, and of a label whose own ink does
    not read (:func:`readable_on`).

    >>> black_or_white("#dcd6f0"), black_or_white("#37216f")
    ('black', 'white')
    """
    return "black" if contrast_ratio("black", background) >= contrast_ratio("white", background) else "white"


def readable_on(ink: Any, background: Any, least: float = LABEL_CONTRAST) -> Any:
    """``ink`` if it reads on ``background`` (contrast >= ``least``), else black or white,
    whichever reads better (:func:`black_or_white`): a grey label on a dark green hill turns white.

    >>> readable_on("#555555", "#ece6cf"), readable_on("#555555", "#5f8a45"), readable_on("#555555", "#2f5025")
    ('#555555', 'black', 'white')
    """
    if contrast_ratio(ink, background) >= least:
        return ink
    return black_or_white(background)


class _Live:
    """The kit-wide theme, or one of its fields, read again at every use (see :func:`live`)."""

    def __init__(self, field: str | None) -> None:
        self._field = field

    def _value(self) -> Any:
        return _current[0] if self._field is None else getattr(_current[0], self._field)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._value(), name)

    def __getitem__(self, key: Any) -> Any:
        return self._value()[key]

    def __len__(self) -> int:
        return len(self._value())

    def __iter__(self) -> Any:
        return iter(self._value())

    def __repr__(self) -> str:
        return f"live({self._field!r})"


def live(field: str | None = None) -> Any:
    """A stand-in for the kit-wide theme (``live()``) or one of its fields (``live("movement")``)
    that reads :func:`current_theme` at every use: what a module's colour constants are made of,
    so that an explorer built after :func:`set_theme` draws its overlays in the theme its board
    is drawn in.

    >>> moves = live("movement")
    >>> with use_theme("print"):
    ...     moves["path_ok"]
    '#000000'
    >>> moves["path_ok"] == DEFAULT_THEME.movement["path_ok"]
    True
    """
    return _Live(field)
