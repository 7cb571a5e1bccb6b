"""Drawing movement (RULES.md M, E, J, T): costs, reach, paths and Engagement on a drawn board.

Rule results become plain overlay data here, by reading their attributes (never by calling a
rule): :func:`move_cost_overlays` (a :class:`~hexrules.movement.MoveCost`: arrows, running
totals, destination), :func:`reach_overlays` (a :class:`~hexrules.movement.Reach`: costs as
fill and numbers), :func:`path_style` (a legal path solid green, an illegal one dashed red) and
:func:`unaffordable_overlays` (the part of a path the unit cannot pay, M1: its running totals
and the first hex it cannot pay for).
Engagement is drawn from pairs the rules computed (:func:`hexrules.movement.engaged_pairs`,
:func:`hexrules.movement.adjacent_not_engaged`): :func:`set_engagement` joins them on a
:class:`~hexrules.plot.board.BoardArtists`. :func:`reach_legend` and :func:`engagement_legend`
are the legend entries of those pictures. Colours come from ``theme=``
(``theme.movement``, ``theme.engagement``).

Examples
--------
>>> from matplotlib.figure import Figure
>>> from hexrules import builtin
>>> from hexrules import movement as mv
>>> from hexrules.plot import draw_board
>>> sc = builtin("engagement_lower")
>>> art = draw_board(sc.board, sc.state, ax=Figure().add_subplot())
>>> set_engagement(art, sc.state, mv.engaged_pairs(sc.board, sc.state), mv.adjacent_not_engaged(sc.board, sc.state))
>>> [[sc.board.label(art.hex_at(*end)) for end in link] for link in art.link_layers["near"].get_segments()]
[['C3', 'B3']]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from ..hexgrid import Hex
from .board import BoardArtists, cost_legend, legend_handle
from .theme import DEFAULT_THEME, Theme

if TYPE_CHECKING:  # pragma: no cover
    from ..movement import MoveCost, Reach
    from ..state import State

__all__ = [
    "move_cost_overlays",
    "reach_overlays",
    "path_style",
    "unaffordable_overlays",
    "reach_legend",
    "set_engagement",
    "engagement_legend",
]


def move_cost_overlays(cost: "MoveCost", *, color: str | None = None, theme: Theme = DEFAULT_THEME) -> dict[str, Any]:
    """Overlay keyword arguments for :func:`~hexrules.plot.board.draw_board` / :func:`~hexrules.plot.png.to_png` showing one movement.

    Parameters
    ----------
    cost : hexrules.movement.MoveCost
        A costed path (``path_cost`` / ``path_to``): its ``path``, ``steps`` (each with ``to``
        and ``cost``) and ``legal`` are read.
    color : str, optional
        Arrow colour; default ``theme.movement["path_ok"]`` (dark green) for a legal path,
        ``["path_bad"]`` (red) for an illegal one.
    theme : Theme

    Returns
    -------
    dict
        ``paths`` (the path as arrows), ``texts`` (the running total, in movement points, on each
        hex entered), ``highlight`` (the destination) and ``path_color``.
    """
    running, texts = 0, {}
    for st in cost.steps:
        running += st.cost
        texts[st.to] = running
    colour = color or path_style(cost, theme=theme)["colors"]
    return {"paths": [list(cost.path)], "texts": texts, "highlight": [cost.path[-1]], "path_color": colour}


def reach_overlays(reach: "Reach") -> dict[str, Any]:
    """Overlay keyword arguments showing reachable hexes coloured and labelled by cost.

    Parameters
    ----------
    reach : hexrules.movement.Reach
        Its ``costs`` ``{hex: movement points}`` and ``allowance.total`` are read.

    Returns
    -------
    dict
        ``costs`` (``{hex: movement points}``, for :meth:`BoardArtists.set_costs
        <hexrules.plot.board.BoardArtists.set_costs>`: tiles on the fixed cost scale and the
        numbers), ``fill`` and ``texts`` (the same costs, for a plain ``set_fill`` /
        ``set_texts``), ``vmin=0`` and ``vmax`` (the allowance, in movement points).
    """
    return {"costs": dict(reach.costs), "fill": dict(reach.costs), "texts": dict(reach.costs), "vmin": 0,
            "vmax": max(1, reach.allowance.total)}


def path_style(cost: "MoveCost | None", *, theme: Theme = DEFAULT_THEME) -> dict[str, str]:
    """Colour and dashes of a costed path, for :meth:`~hexrules.plot.board.BoardArtists.set_paths`.

    Green and solid if ``cost.legal`` (or no cost), red and dashed if not: an illegal path is
    never told apart by its colour alone.

    Returns
    -------
    dict
        ``colors`` and ``linestyle``.
    """
    legal = cost is None or cost.legal
    colours = theme.movement
    return {"colors": colours["path_ok"] if legal else colours["path_bad"], "linestyle": "-" if legal else "--"}


def unaffordable_overlays(cost: "MoveCost | None") -> dict[str, Any]:
    """Plain data showing where a costed path goes beyond what the unit can pay (M1).

    Parameters
    ----------
    cost : hexrules.movement.MoveCost or None
        Its ``path``, ``steps`` and ``unaffordable`` (the index of the first step the unit
        cannot pay) are read.

    Returns
    -------
    dict
        ``texts``: ``{hex: running total}`` of every hex entered from the first step the unit
        cannot pay on (in movement points, as in the breakdown's "total" column); ``first``: the
        hexes the unit cannot pay to enter first (one hex, or none). Both empty when ``cost`` is
        None or the unit can pay every step.

    Examples
    --------
    The elevation board: C3 (0) -> D3 (1) costs 2, D3 -> D2 (2) another 2: 4 of Advance 3 (M1).

    >>> from hexrules import builtin
    >>> from hexrules.movement import path_cost
    >>> sc = builtin("elevation")
    >>> over = unaffordable_overlays(path_cost(sc.board, sc.state, "RX-78-2 Gundam", ["C3", "D3", "D2"]))
    >>> {sc.board.label(h): t for h, t in over["texts"].items()}, [sc.board.label(h) for h in over["first"]]
    ({'D2': 4}, ['D2'])
    """
    if cost is None or cost.unaffordable is None:
        return {"texts": {}, "first": []}
    k = cost.unaffordable
    running = sum(st.cost for st in cost.steps[:k])
    texts = {}
    for st in cost.steps[k:]:
        running += st.cost
        texts[st.to] = running
    return {"texts": texts, "first": [cost.steps[k].to]}


def reach_legend(theme: Theme = DEFAULT_THEME, *, costs: "int | Iterable[int] | None" = None,
                 target: bool = True) -> list:
    """Legend entries of a reach picture: the fixed cost scale (one swatch per cost,
    :func:`~hexrules.plot.board.cost_legend`; ``costs`` as there, default the whole scale),
    target (unless ``target`` is False: a caller that names that outline itself, as the board
    editor's "selected unit / hex"), pass-through hexes, legal and illegal paths (an illegal path
    is dashed, not only red) and the first hex the unit cannot pay for (M1).

    Each entry is listed while the board draws one of its kind in its colour
    (:func:`~hexrules.plot.board.legend_when`), whatever the layer: the cost scale while cost
    tiles are shown (whole: a scale whose colours keep their meaning as the costs change), an
    outline of the target's colour, of the pass-through colour, of the illegal path's colour
    (the first hex the unit cannot pay for), an arrow of a legal or an illegal path's colour.
    """
    c = theme.movement
    return [
        *cost_legend(len(theme.cost_steps) if costs is None else costs, theme, drawn_by=("tiles", None)),
        *([legend_handle("outline", "target", c["target"], width=2.5, theme=theme,
                         drawn_by=("outline", None, c["target"]))] if target else []),
        legend_handle("outline", "pass through only", c["pass"], linestyle="--", theme=theme,
                      drawn_by=("outline", None, c["pass"])),
        legend_handle("arrow", "cheapest path", c["path_ok"], theme=theme, drawn_by=("paths", None, c["path_ok"])),
        legend_handle("arrow", "illegal path", c["path_bad"], linestyle="--", theme=theme,
                      drawn_by=("paths", None, c["path_bad"])),
        legend_handle("outline", "cannot pay (M1)", c["path_bad"], linestyle="--", theme=theme,
                      drawn_by=("outline", None, c["path_bad"])),
    ]


def set_engagement(
    art: BoardArtists,
    state: "State",
    engaged: Iterable[tuple[str, str]],
    near: Iterable[tuple[str, str]],
    *,
    ignoring: bool = True,
) -> None:
    """Draw who is Engaged with whom (E1) on ``art``, from pairs the rules computed.

    Parameters
    ----------
    art : BoardArtists
        The board drawn; its ``theme.engagement`` colours are used.
    state : State
        Where the units stand (their hexes) and who ignores Engagement (E5).
    engaged : iterable of (str, str)
        Engaged pairs of unit names (:func:`hexrules.movement.engaged_pairs`): red dashes
        (link layer ``"engaged"``), and each of their units outlined in red (outline layer
        ``"engaged"``, in state order).
    near : iterable of (str, str)
        Pairs of adjacent enemies that are not Engaged (at another elevation,
        :func:`hexrules.movement.adjacent_not_engaged`): grey dots (link layer ``"near"``).
    ignoring : bool
        Outline the Engaged units that ignore Engagement (E5) in grey dashes (outline layer
        ``"ignoring"``) instead of red; False leaves them without an outline and that layer
        alone.

    Raises
    ------
    StateError
        If a name is not a unit of ``state``.
    """
    c = art.theme.engagement
    engaged = list(engaged)

    def hexes(pairs: Iterable[tuple[str, str]]) -> list[tuple[Hex, Hex]]:
        return [(state.unit(a).hex, state.unit(b).hex) for a, b in pairs]

    art.set_links(hexes(engaged), key="engaged", color=c["engaged"], width=4)
    art.set_links(hexes(near), key="near", color=c["near"], width=2, linestyle=":")
    names = {n for pair in engaged for n in pair}
    units = [u for u in state if u.name in names]
    art.set_highlight([u.hex for u in units if not u.ignore_engagement], key="engaged", color=c["engaged"], width=3)
    if ignoring:
        art.set_highlight([u.hex for u in units if u.ignore_engagement], key="ignoring", color=c["ignoring"], width=3,
                          linestyle="--")


def engagement_legend(*, ignoring: bool = False, theme: Theme = DEFAULT_THEME) -> list:
    """Legend entries of :func:`set_engagement`: the two kinds of links, the Engaged outline and,
    with ``ignoring=True``, the outline of a unit that ignores Engagement (E5); each listed while
    :func:`set_engagement` draws it (its layers ``"engaged"``, ``"near"`` and ``"ignoring"``)."""
    c = theme.engagement
    out = [
        legend_handle("line", "Engaged (E1)", c["engaged"], width=3, linestyle="--", theme=theme,
                      drawn_by=("links", "engaged")),
        legend_handle("line", "adjacent, not Engaged", c["near"], linestyle=":", theme=theme,
                      drawn_by=("links", "near")),
        legend_handle("outline", "Engaged unit", c["engaged"], width=2.5, theme=theme, drawn_by=("outline", "engaged")),
    ]
    if ignoring:
        out.append(legend_handle("outline", "ignores Engagement", c["ignoring"], width=2.5, linestyle="--",
                                 theme=theme, drawn_by=("outline", "ignoring")))
    return out
