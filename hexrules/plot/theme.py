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

__all__ = [
    "Theme",
    "DEFAULT_THEME",
    "ELEVATION_COLOURS",
    "TERRAIN_COLOURS",
    "WATER_MARK",
    "WATER_HATCH",
    "SIDE_COLOURS",
    "COST_CMAP",
    "LABEL_HALO",
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
    "diagram": frozenset({"blue", "orange", "green"}),
    "compare": frozenset({"differs"}),
}

#: The default colour map of numeric fills (e.g. movement costs): the light part of YlOrRd, so
#: that black numbers stay readable on every hex.
_COST_CMAP = mcolors.LinearSegmentedColormap.from_list(
    "hexrules_cost", matplotlib.colormaps["YlOrRd"](np.linspace(0.08, 0.62, 64))
)


@dataclass(frozen=True)
class Theme:
    """The colours (any matplotlib colour) and hatches of every picture the kit draws.

    Mappings are stored read-only; :meth:`replace` makes a variant. A theme holds a
    :class:`~matplotlib.colors.Colormap` (``cost_cmap``), so it compares by value (``==``) but
    is not hashable.

    Parameters
    ----------
    elevation : tuple of str
        Face colour of each elevation level, from ground (0) up; levels past the table darken
        the last colour further (:func:`~hexrules.plot.board.elevation_colour`).
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
        The grey square of the legend's "Garrison" entry.
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
        The named path colours of the rulebook diagrams (``figures/fig_movement.py``):
        ``blue``, ``orange``, ``green``.
    compare : mapping of str to str
        Two readings side by side (:mod:`hexrules.compare`): ``differs`` outlines the hexes
        where the readings give different results.

    Raises
    ------
    HexrulesError
        If a topic mapping lacks a key the drawing reads (the message names them).
    """

    elevation: tuple[str, ...] = ("#ece6cf", "#c9a36b", "#93b86c", "#5f8f45", "#3f6b30", "#2c4f22")
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
    diagram: Mapping[str, str] = dataclasses.field(default_factory=lambda: {
        "blue": "#1f77b4", "orange": "#ff7f0e", "green": "#1e8449"})
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
