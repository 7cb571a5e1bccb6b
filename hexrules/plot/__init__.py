"""Drawing hex boards with matplotlib: elevation, terrain, units and teaching overlays.

This package (besides :mod:`hexrules.widgets`) is the only part of :mod:`hexrules` that imports
matplotlib; ``import hexrules`` does not import it, and :meth:`Board._repr_png_
<hexrules.board.Board._repr_png_>` imports it only when a notebook shows a board. Every drawing
of the kit lives here, so that ``python -m figures`` never imports ipywidgets.

Drawing takes plain data (hexes, labels, numbers, colours) and never calls a rule function: the
rules (:mod:`hexrules.movement`, :mod:`hexrules.forced`, :mod:`hexrules.dice`) compute the
facts, the topic modules here turn rule results into overlays by reading their attributes.

One module per concern, one per rule topic (like :mod:`hexrules.widgets`):

=================================  ================================================================
module                             holds
=================================  ================================================================
:mod:`hexrules.plot.theme`         :class:`~.theme.Theme`, :data:`~.theme.DEFAULT_THEME`,
                                   the print and colour-blind-safe themes (:data:`~.theme.THEMES`),
                                   the kit-wide theme (:func:`~.theme.set_theme`)
:mod:`hexrules.plot._mpl`          the matplotlib / ipympl details relied on beyond their API
:mod:`hexrules.plot.text`          glyph-outline texts (:func:`~.text.text_outline`)
:mod:`hexrules.plot.figure`        :func:`~.figure.new_figure`, :func:`~.figure.board_figsize`,
                                   :func:`~.figure.fit_figure`, :func:`~.figure.grow_figure`
:mod:`hexrules.plot.board`         :class:`~.board.BoardArtists`, :func:`~.board.draw_board`,
                                   legends, token names and colours
:mod:`hexrules.plot.movement`      M, E, J, T: :func:`~.movement.move_cost_overlays`,
                                   :func:`~.movement.reach_overlays`, Engagement links
:mod:`hexrules.plot.forced`        P, L: :class:`~.forced.ForcedLayer`
:mod:`hexrules.plot.png`           PNG pictures of a board (:func:`~.png.to_png`,
                                   :func:`~.png.picture`): the values' picture faces
:mod:`hexrules.plot.crush`         C: the Crush dice charts
:mod:`hexrules.plot.diagram`       a diagram file's picture (:func:`~.diagram.draw_diagram`) and
                                   deterministic files (:func:`~.diagram.save_figure`)
:mod:`hexrules.plot.edit`          the board editor's map following edits (restyled in place)
:mod:`hexrules.plot.whatif`        the sweep's bar chart, one reading's changes as overlays
=================================  ================================================================

Every public name of those modules is importable from here (``from hexrules.plot import
picture, draw_board, new_figure``); a name's module is imported on first use (PEP 562), so
``import hexrules.plot`` alone costs nothing.

Examples
--------
>>> from matplotlib.figure import Figure
>>> from hexrules import Board
>>> from hexrules.plot import draw_board, to_png
>>> board = Board.from_text("map:\\n 0 1 2\\n  0 ~ X\\n")
>>> art = draw_board(board, ax=Figure().add_subplot())
>>> art.set_fill({board.hex("B1"): "gold"})
>>> _ = art.set_texts({board.hex("B1"): "2"})
>>> art.faces is art.ax.collections[0]
True
>>> to_png(board)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .board import (LARGE_BOARD, PATH_ZORDER, TEXT_MODES, TEXT_ZORDER, BoardArtists, cost_colour, cost_handle,
                        VEHICLE_MARKER, clear_board, cost_label, cost_legend, draw_board, elevation_colour, legend_handle, legend_when,
                        short_name, side_colour, sync_legends)
    from .crush import (AT_LEAST_LEGEND_WIDTH, BAR_FONTSIZE, CRUSH_COVERS, CRUSH_RESOLVES, draw_at_least,
                        draw_damage_bars, draw_expected_damage, draw_heatmap, fit_bar_texts, set_at_least, set_bars,
                        set_colorbar_percent, set_heatmap, set_text_color)
    from .figure import (LEGEND_BELOW, MAX_FIGURE_WIDTH, PNG_METADATA, SVG_METADATA, board_figsize,
                         LayeredFigure, fit_figure, grow_figure, new_figure)
    from .forced import FORCED_COLOURS, ForcedLayer
    from .png import Picture, picture, to_png
    from .movement import (engagement_legend, move_cost_overlays, path_style, reach_legend, reach_overlays,
                           set_engagement, unaffordable_overlays)
    from .text import text_outline
    from .theme import (COLOURBLIND_THEME, COST_CMAP, DEFAULT_THEME, DIAGRAM_COLOURS, ELEVATION_COLOURS, LABEL_HALO,
                        PRINT_THEME, SIDE_COLOURS, TERRAIN_COLOURS, THEMES, WATER_HATCH, WATER_MARK, Theme,
                        current_theme, get_theme, set_theme, use_theme)
    from .diagram import draw_diagram, save_figure

#: The module of each public name.
_HOME: dict[str, str] = {
    **dict.fromkeys(["Theme", "DEFAULT_THEME", "ELEVATION_COLOURS", "TERRAIN_COLOURS", "WATER_MARK", "WATER_HATCH",
                     "SIDE_COLOURS", "COST_CMAP", "LABEL_HALO", "PRINT_THEME", "COLOURBLIND_THEME", "THEMES",
                     "DIAGRAM_COLOURS", "get_theme", "set_theme", "current_theme", "use_theme"], "theme"),
    **dict.fromkeys(["text_outline"], "text"),
    **dict.fromkeys(["MAX_FIGURE_WIDTH", "LEGEND_BELOW", "PNG_METADATA", "SVG_METADATA", "board_figsize",
                     "new_figure", "fit_figure", "grow_figure", "LayeredFigure"], "figure"),
    **dict.fromkeys(["to_png", "Picture", "picture"], "png"),
    **dict.fromkeys(["LARGE_BOARD", "PATH_ZORDER", "TEXT_ZORDER", "BoardArtists", "draw_board", "clear_board", "legend_handle",
                     "cost_handle", "short_name", "side_colour", "elevation_colour", "cost_colour", "cost_label",
                     "cost_legend", "TEXT_MODES", "VEHICLE_MARKER", "legend_when", "sync_legends"], "board"),
    **dict.fromkeys(["move_cost_overlays", "reach_overlays", "path_style", "unaffordable_overlays", "reach_legend",
                     "set_engagement", "engagement_legend"], "movement"),
    **dict.fromkeys(["FORCED_COLOURS", "ForcedLayer"], "forced"),
    **dict.fromkeys(["draw_diagram", "save_figure"], "diagram"),
    **dict.fromkeys(["CRUSH_COVERS", "CRUSH_RESOLVES", "BAR_FONTSIZE", "AT_LEAST_LEGEND_WIDTH", "draw_damage_bars",
                     "set_bars", "fit_bar_texts", "draw_at_least", "set_at_least", "draw_heatmap", "set_heatmap",
                     "set_colorbar_percent", "set_text_color", "draw_expected_damage"],
                    "crush"),
}

__all__ = list(_HOME)


def __getattr__(name: str) -> Any:
    """Import the module of ``name`` on first use and keep the value here (PEP 562)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))
