"""Drawing for the board editor (:mod:`hexrules.widgets.edit`): a drawn board that follows edits.

An edit that keeps the board's hexes (a new height, a new terrain) restyles the artists already
drawn (:func:`restyle_board`: face colours, impassable hatching, water marks, labels and height
badges, the legend), so a click redraws a few collections, not a new board; an edit that adds or
removes hexes draws the board anew on the same axes (:func:`redraw_board`). Both take plain data
(a :class:`~hexrules.board.Board`, a :class:`~hexrules.state.State`), never a rule.

Examples
--------
>>> from matplotlib.figure import Figure
>>> from hexrules.board import Board
>>> from hexrules.plot import draw_board
>>> board = Board.rectangle(3, 2)
>>> art = draw_board(board, ax=Figure().add_subplot(), legend=False)
>>> hill = board.with_cells({board.hex("B1"): (2, "open")})
>>> restyle_board(art, hill) is art, art.board.elevation("B1"), art.texts_shown("elevation")[board.hex("B1")]
(True, 2, '▲2')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from .board import BoardArtists, clear_board, draw_board
from .figure import fit_figure

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import State

__all__ = ["same_hexes", "restyle_board", "redraw_board", "legend_key"]


def same_hexes(art: BoardArtists, board: "Board") -> bool:
    """True when ``board`` has exactly the hexes ``art`` draws (so it can be restyled in place)."""
    return len(board) == len(art.hexes) and all(h in board for h in art.hexes)


def restyle_board(art: BoardArtists, board: "Board", state: "State | None" = None,
                  legend: Sequence[Any] | None = None) -> BoardArtists:
    """Show ``board``'s heights and terrain on the artists of a board with the same hexes.

    The overlays (fill, texts, outlines, arrows) are kept; the caller sets the fill again if it
    shows one (:meth:`~hexrules.plot.board.BoardArtists.set_fill` blends over the new base
    colours). ``legend``: the extra legend entries to list (None: no legend redrawn).

    Returns
    -------
    BoardArtists
        ``art``, now showing ``board``.
    """
    art.board = board
    art.base_colours = np.array([art._base_colour(h) for h in art.hexes], dtype=float).reshape(-1, 4)
    art.set_fill(art.fill or None)
    impassable = [i for i, h in enumerate(art.hexes) if not board.terrain(h).passable]
    art.hatch.set_verts(art.polygons[impassable] if impassable else [])
    water = [i for i, h in enumerate(art.hexes) if board.terrain(h).name == "water"]
    art.water.set_verts(art.polygons[water] * 0.97 + art.centres[water][:, None, :] * 0.03 if water else [])
    looks = _label_looks(board, art.hexes)
    if looks != getattr(art, "_label_looks", None):  # a label moves beside a new badge, or greys on rock
        if "labels" in art.text_layers and art.texts_shown("labels"):
            art.set_labels(True)
        art._label_looks = looks
    heights = tuple(board.elevations[h] for h in art.hexes)
    if "elevation" in art.text_layers and heights != getattr(art, "_heights", None):
        art.set_elevation_labels(True)
        art._heights = heights
    if legend is not None:
        art.legend(state, legend)
    return art


def _label_looks(board: "Board", hexes: Sequence[Any]) -> tuple:
    """What the labels of ``hexes`` depend on: whether each hex has a height badge beside its label
    (and how many digits it has: the label makes room for it), and whether it is passable (a label
    on impassable rock is light)."""
    return tuple((len(str(board.elevations[h])) if board.elevations[h] else 0, board.terrains[h].passable)
                 for h in hexes)


def legend_key(board: "Board", state: "State | None") -> tuple:
    """What :meth:`BoardArtists.legend` lists of a board and state: the heights of open ground, the
    terrain types, the sides and whether there are Garrisons (a legend is redrawn only when it changes)."""
    levels = frozenset(e for h, e in board.elevations.items() if board.terrains[h].name == "open")
    terrains = frozenset(t.name for t in board.terrains.values())
    sides = tuple(state.sides()) if state is not None else ()
    return levels, terrains, sides, state is not None and any(u.garrison for u in state)


def redraw_board(art: BoardArtists, board: "Board", state: "State | None" = None,
                 legend: Sequence[Any] | None = None, *, fit: bool = False, **kwargs: Any) -> BoardArtists:
    """Clear ``art``'s axes and draw ``board`` on them (a board whose hexes changed): the same
    axes of the same figure, new artists.

    ``fit=True`` first gives the figure the size the kit draws ``board`` at
    (:func:`~hexrules.plot.figure.fit_figure`; a figure of one board with its legend at the
    right), so that hexes and labels keep the kit's size when the board grows or shrinks.

    Returns
    -------
    BoardArtists
        The new artists (``art`` is stale).
    """
    ax = art.ax
    if fit:
        fit_figure(ax.figure, board)
    clear_board(ax)
    new = draw_board(board, state, ax=ax, legend=False, theme=art.theme, **kwargs)
    if legend is not None:
        new.legend(state, legend)
    return new
