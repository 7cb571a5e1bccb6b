"""PNG pictures of a board: what a value's picture face (``_repr_png_``) shows, without pyplot.

* :func:`to_png` draws a board, its units and overlays on a bare Agg figure and returns the PNG
  file's bytes (``Board._repr_png_``, ``Scenario._repr_png_``, a Crush scenario's);
* :func:`picture` wraps them in a :class:`Picture`, which a notebook cell shows as its last
  expression.

Both take the overlays of :func:`~hexrules.plot.board.draw_board` as plain data, and also a
movement's results: ``cost=`` (a ``MoveCost``, drawn as
:func:`~hexrules.plot.movement.move_cost_overlays` says) and ``reach=`` (a ``Reach``: a tile per
reachable hex on the fixed cost scale). They turn those results into plain data here, so that the
board drawing itself knows no rule result.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from .board import draw_board
from .figure import PNG_METADATA, new_figure
from .movement import move_cost_overlays
from .theme import get_theme

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..movement import MoveCost, Reach
    from ..state import State

__all__ = ["to_png", "Picture", "picture"]


def _overlays(reach: "Reach | None", cost: "MoveCost | None", overlays: dict[str, Any]) -> dict[str, Any]:
    """``overlays`` with a movement's results turned into :func:`draw_board`'s plain data: ``cost``'s
    arrows, running totals, destination and colour where those are not given, and ``reach``'s
    costs as tiles unless ``fill`` or ``texts`` is given."""
    out = dict(overlays)
    tiles = reach is not None and out.get("fill") is None and out.get("texts") is None
    if cost is not None:
        made = move_cost_overlays(cost, theme=get_theme(out.get("theme")))
        for key, value in made.items():
            if out.get(key) is None and not (key == "texts" and tiles):
                out[key] = value
    if tiles:
        out["costs"] = dict(reach.costs)
    return out


def to_png(board: "Board", state: "State | None" = None, *, dpi: int = 100, legend: bool = True,
           reach: "Reach | None" = None, cost: "MoveCost | None" = None, **overlays: Any) -> bytes:
    """A PNG picture of ``board`` (and ``state``), e.g. for ``_repr_png_``.

    Uses a bare Agg figure (not registered with pyplot), so showing a board never opens or leaks
    a pyplot figure.

    Parameters
    ----------
    board : Board
    state : State, optional
    dpi : int
        Resolution of the picture (dots per inch).
    legend : bool
        Add the legend at the right.
    reach : hexrules.movement.Reach, optional
        Reachable hexes: a tile per hex on the fixed cost scale, with its cost in movement points,
        unless ``fill`` or ``texts`` is given.
    cost : hexrules.movement.MoveCost, optional
        A movement: its arrows, running totals (movement points), destination and colour fill
        ``paths``, ``texts``, ``highlight`` and ``path_color`` where those are not given.
    **overlays
        Keyword arguments of :func:`~hexrules.plot.board.draw_board` (``fill``, ``texts``,
        ``paths``, ``highlight``, ``markers``, ``labels``, ``title``, ``caption``, ``theme``, ...).

    Returns
    -------
    bytes
        The PNG file's bytes (no ``Software`` metadata, so equal inputs give equal bytes).
    """
    fig, (ax,) = new_figure(board, legend=legend, pyplot=False, dpi=dpi)
    draw_board(board, state, ax=ax, legend=legend, **_overlays(reach, cost, overlays))
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, metadata=PNG_METADATA)
    return buf.getvalue()


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

    Takes the arguments of :func:`to_png` (``reach=``, ``cost=`` and the overlays of
    :func:`~hexrules.plot.board.draw_board`).

    Examples
    --------
    >>> from hexrules import builtin
    >>> from hexrules import movement as mv
    >>> sc = builtin("elevation")
    >>> pic = picture(sc.board, sc.state, cost=mv.path_cost(sc.board, sc.state, "RX-78-2 Gundam", ["C3", "D3"]))
    >>> pic.png[:4]
    b'\\x89PNG'
    """
    return Picture(to_png(board, state, **overlays))
