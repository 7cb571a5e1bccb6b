"""Drawing Push and Pull (RULES.md P, L): :class:`ForcedLayer` puts a forced movement on a drawn board.

A :class:`~hexrules.forced.ForcedMove` (every branch of a Push or Pull, computed by
:mod:`hexrules.forced`) is read, never recomputed: its branches' steps, endings, collisions and
damage become arrows, stubs, marks and labels on a :class:`~hexrules.plot.board.BoardArtists`,
reusing the same artists on every call (:mod:`hexrules.widgets.forced`,
``figures/fig_forced.py``). Colours: ``theme.forced`` (:data:`FORCED_COLOURS`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch

from ..hexgrid import DIRECTIONS, Hex
from .board import BoardArtists, legend_handle, legend_when, shortened
from .figure import VIEW_PAD, Room, board_extent
from .text import Box, box_at, free_spot, text_width
from .theme import DEFAULT_THEME, Theme

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..forced import Branch, ForcedMove
    from ..hexgrid import Layout

__all__ = ["FORCED_COLOURS", "ForcedLayer"]

#: Colours of :class:`ForcedLayer` in the default theme (``DEFAULT_THEME.forced``): ``move``
#: (green arrows of every move), ``hit`` (collision stubs), ``edge`` (board-edge stubs),
#: ``chosen`` (the branch stepped through), ``source`` (the source hex's outline), ``ends`` (fill
#: of the hexes where the target can end), and ``start``, ``eligible``, ``stub_text``.
FORCED_COLOURS = DEFAULT_THEME.forced


def _unique(items: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(items))


def _boundary(layout: "Layout", a: Hex, b: Hex) -> tuple[float, float]:
    """Where the X of a step from ``a`` toward ``b`` goes: on the shared hex side, moved a little
    down the page along the step, away from the hex labels at the top of hexes."""
    (x0, y0), (x1, y1) = layout.hex_to_pixel(a), layout.hex_to_pixel(b)
    f = 0.5 + (0.12 if y1 < y0 - 1e-9 else -0.12 if y1 > y0 + 1e-9 else 0.0)
    return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)


def _stub_label(labels: set[Any]) -> str:
    """``{2}`` -> ``"-2"``, ``{2, 3}`` -> ``"-2/-3"``, ``{"out"}`` -> ``"out"``, ``{""}`` -> ``""``."""
    amounts = sorted(x for x in labels if isinstance(x, int))
    words = sorted(x for x in labels if isinstance(x, str) and x)
    return "/".join([f"-{n}" for n in amounts] + words)


class ForcedLayer:
    """Draws a Push or Pull on a drawn board, reusing the same artists on every call.

    Parameters
    ----------
    art : BoardArtists
        The board drawn by :func:`~hexrules.plot.board.draw_board`; its ``theme.forced``
        colours are used.
    key : str
        A prefix of its layers' names, so that several forced movements can be drawn on one
        board (a diagram's Push after a Push, P5); default none.
    colours : mapping of str to str, optional
        Colours that replace some of ``theme.forced`` (e.g. ``{"move": ...}`` for one unit
        of several).

    Notes
    -----
    Layers used on ``art``: ``"forced"`` (green arrows of every move), ``"chosen"`` (the chosen
    branch, magenta), ``"forced_source"`` (the source hex outlined in purple), and the fill
    (hexes where the target can end, pale green); colours from ``art.theme.forced``
    (:data:`FORCED_COLOURS` in the default theme). Collision and edge steps go toward a hex the
    target never enters (possibly off the board, where :meth:`BoardArtists.set_paths` cannot
    draw), so this layer draws them itself: a stub arrow from the hex to the shared hex side, a
    marker there and a label (all the damage the target takes in that branch, drops included, as
    in the branch's table row; or ``"out"``: see :meth:`stubs`). Each label takes the first place
    beside its X where it hides no other label, X, token, damage badge or hex label and reads as
    that X's (every other X more than half a label's height farther from it than its own:
    :attr:`CLEAR`),
    and is placed again when the tokens move (:meth:`BoardArtists.drawn_boxes`,
    :meth:`BoardArtists.reserve`); a damage badge an X would cover moves to another corner of its
    token. A step off the board ends beyond the board's edge: a view that leaves :meth:`room`
    around the board shows its X whole.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from hexrules import builtin, forced
    >>> from hexrules.plot import draw_board
    >>> sc = builtin("push_knuckle_shield")
    >>> fm = forced.push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2)
    >>> layer = ForcedLayer(draw_board(sc.board, sc.state, ax=Figure().add_subplot()))
    >>> layer.show(fm)
    >>> sorted(lab for *_, lab in layer.stubs(fm.branches))
    ['-2', '-2', '-2', '-2']
    """

    #: Sizes (hex radii) of a stub's X and of the chosen branch's X (their markers' sizes).
    MARK, CHOSEN_MARK = 0.36, 0.6
    #: How far an X's edge line reaches beyond its size (hex radii): 1 point at 30 points a radius.
    MARK_EDGE = 0.035
    #: A label's gaps to its own X tried in turn (in the label's heights): beside it, a little farther.
    GAPS = (0.1, 0.3)
    #: How much farther than its own X every other X stays from a label (in the label's heights), so
    #: that the label reads as its own X's (a "-2" as near two Xs reads as either's).
    CLEAR = 0.55
    #: The label :meth:`room` leaves room for beyond an X: "out" is the widest of the usual ones
    #: ("-2", "-3", "out"), its em a kit board's (0.26 hex radius, :meth:`_draw_stubs`).
    ROOM_LABEL, LABEL_EM = "out", 0.26

    def __init__(self, art: BoardArtists, *, key: str = "", colours: "dict[str, str] | None" = None) -> None:
        self.art = art
        self.ax = art.ax
        self.key = key
        self.colours = {**art.theme.forced, **(colours or {})}
        self._stubs: list[FancyArrowPatch] = []
        self._labels: list[Any] = []
        self._shown: list[tuple[tuple[float, float], tuple[float, float], str]] = []  # (from, X, label) per stub
        art.when_units_change(key + "forced_labels", self._place_labels)
        self._stub_colours: list[str] = []  # the colour of each stub drawn (a collision's, the edge's)
        art.when_drawn(key + "forced_hit", lambda _colour: self.colours["hit"] in self._stub_colours)
        art.when_drawn(key + "forced_edge", lambda _colour: self.colours["edge"] in self._stub_colours)
        # the chosen branch: its arrows, or its X alone when its first step is blocked
        art.when_drawn(key + "forced_chosen", lambda _colour: art.draws("paths", key + "chosen")
                       or len(self._chosen_mark.get_offsets()) > 0)
        self._marks = self.ax.scatter([], [], marker="X", zorder=12)
        self._chosen_mark = self.ax.scatter([], [], marker="X", zorder=12.5)

    @staticmethod
    def legend_handles(*, chosen: bool = False, edge: bool = True, theme: Theme = DEFAULT_THEME,
                       tile: bool = False, ahead: bool = False, key: str = "") -> list[Any]:
        """Legend entries of what this layer draws, for :meth:`BoardArtists.legend` ``extra=``.

        Moves are solid green arrows, collisions dashed red stubs with an X and the target's
        damage, board-edge stops dotted orange stubs: a reader who does not tell red from green
        still tells them apart. Each entry is listed while the layer of ``key`` draws it
        (:func:`~hexrules.plot.board.legend_when`): "board edge" only while a stub goes to the
        edge, "collision" only while one hits, and so on.

        Parameters
        ----------
        chosen : bool
            Add the chosen branch (magenta).
        ahead : bool
            With ``chosen``: add its moves still to come (dashed magenta), for a branch walked step
            by step (an explorer); a picture drawn to the end has none.
        edge : bool
            Add the board-edge stub.
        theme : Theme
            Its ``forced`` colours.
        tile : bool
            The ends are drawn as tiles (a diagram): the swatch has the tiles' hatch.
        key : str
            The layer's ``key`` (:class:`ForcedLayer`).
        """
        c = theme.forced
        out = [
            legend_handle("fill", "can end here", c["ends"], alpha=0.75, theme=theme, tile=tile,
                          drawn_by=("tiles" if tile else "fill", None, c["ends"])),
            legend_handle("outline", "source", c["source"], width=2.5, theme=theme,
                          drawn_by=("outline", key + "forced_source")),
            legend_handle("arrow", "moves", c["move"], theme=theme, drawn_by=("paths", key + "forced")),
            legend_handle("line", "collision (-damage)", c["hit"], linestyle="--", theme=theme,
                          drawn_by=("drawn", key + "forced_hit")),
            legend_handle("marker", "blocked step", c["hit"], theme=theme, drawn_by=("drawn", key + "forced_hit")),
        ]
        if edge:  # the stub toward the edge ends in an X of the edge's colour, as the red X ends a collision's
            out.append(legend_when(Line2D([], [], color=c["edge"], linewidth=2.0, linestyle=":", marker="X", markersize=9,
                                          markerfacecolor=c["edge"], markeredgecolor=theme.marker_edge,
                                          markeredgewidth=0.8, label="board edge"), "drawn", key + "forced_edge"))
        if chosen:
            out.append(legend_handle("arrow", "chosen branch", c["chosen"], width=3.0, theme=theme,
                                     drawn_by=("drawn", key + "forced_chosen")))
            if ahead:
                out.append(legend_handle("line", "its moves to come", c["chosen"], linestyle="--", theme=theme,
                                         drawn_by=("paths", key + "chosen_ahead")))
        return out

    @classmethod
    def room(cls, board: "Board", steps: "Iterable[tuple[Hex, Hex]] | None" = None, *,
             chosen: bool = True) -> Room:
        """The room a view of ``board`` needs beyond its hexes to show the Xs of ``steps`` whole,
        each with its label beside it, outward (:data:`~hexrules.plot.figure.Room`: hex radii
        beyond :data:`~hexrules.plot.figure.VIEW_PAD`, left, right, top, bottom).

        A step off the board ends in an X on the hex side it would cross, half of it beyond the
        board's edge, and its label goes beyond it when the Xs of the hex's other sides leave no
        place nearer that reads as this X's (:meth:`show`). For
        :func:`~hexrules.plot.figure.new_figure` and :func:`~hexrules.plot.board.draw_board`
        (``room=``): the figure grows to hold it, or, at its widest, the hexes shrink.

        Parameters
        ----------
        board : Board
        steps : iterable of (Hex, Hex), optional
            The steps whose Xs are drawn: ``(from, toward)``, e.g. the last step of every branch
            that ends at the board's edge; default every step off the board, from every hex.
        chosen : bool
            Room for the chosen branch's X (:attr:`CHOSEN_MARK`, 0.24 hex radius larger than a
            stub's: each side 0.12 farther, so [0.56, 0.56, 0.42, 0.06] + 0.12 below), not only a
            stub's (:attr:`MARK`).

        Examples
        --------
        A pointy-top board: a step north-east from row 1 ends 0.93 hex radius above its hex, a
        step east 0.87 beside it, a step south-east 0.57 below:

        >>> from hexrules import Board, from_label
        >>> board = Board.rectangle(4, 4)
        >>> [round(v, 2) for v in ForcedLayer.room(board)]
        [0.68, 0.68, 0.54, 0.18]
        >>> [round(v, 2) for v in ForcedLayer.room(board, chosen=False)]
        [0.56, 0.56, 0.42, 0.06]
        >>> d2 = from_label("D2")
        >>> [round(v, 2) for v in ForcedLayer.room(board, [(d2, d2.neighbor(0))], chosen=False)]  # east
        [0.0, 0.56, 0.0, 0.0]
        >>> ForcedLayer.room(board, [])
        (0.0, 0.0, 0.0, 0.0)
        """
        layout = board.layout(1.0)
        if steps is None:
            steps = [(h, h + d) for h in board.hexes for d in DIRECTIONS if h + d not in board]
        x0, x1, y0, y1 = board_extent(board)
        x0, x1, y0, y1 = x0 - VIEW_PAD, x1 + VIEW_PAD, y0 - VIEW_PAD, y1 + VIEW_PAD
        half = (cls.CHOSEN_MARK if chosen else cls.MARK) / 2 + cls.MARK_EDGE
        w, h = cls._label_size(cls.ROOM_LABEL, cls.LABEL_EM)
        gap = cls.GAPS[0] * h
        need = [0.0, 0.0, 0.0, 0.0]
        for a, b in steps:
            x, y = _boundary(layout, a, b)
            (xa, ya), (xt, yt) = layout.hex_to_pixel(a), layout.hex_to_pixel(b)
            left, right, top, bottom = x - half, x + half, y - half, y + half
            if abs(xt - xa) >= abs(yt - ya):  # the label beside the X, outward along the step
                left, right = (left, right + gap + w) if xt > xa else (left - gap - w, right)
            else:
                top, bottom = (top, bottom + gap + h) if yt > ya else (top - gap - h, bottom)
            for i, beyond in enumerate((x0 - left, right - x1, y0 - top, bottom - y1)):
                need[i] = max(need[i], beyond)
        return (round(need[0], 4), round(need[1], 4), round(need[2], 4), round(need[3], 4))

    @staticmethod
    def _label_size(label: str, em: float) -> tuple[float, float]:
        """A label's rounded box (width, height) at ``em`` data units an em: the text's layout box
        and a pad of 0.15 em on every side."""
        return (text_width(label, "bold") + 0.12 + 0.3) * em, (1.17 + 0.3) * em

    def _point(self, h: Hex) -> tuple[float, float]:
        return self.art.layout.hex_to_pixel(h)

    def _boundary(self, a: Hex, b: Hex) -> tuple[float, float]:
        """Where the mark of a step from ``a`` toward ``b`` goes (:func:`_boundary`)."""
        return _boundary(self.art.layout, a, b)

    def stubs(self, branches: Sequence["Branch"]) -> list[tuple[Hex, Hex, str, str]]:
        """``(from, attempted, colour, label)`` of every distinct collision or edge step.

        The label is the damage the target takes in the branch that ends there, all of it
        (``Branch.damage``: a collision's 2, P2, plus any drop damage on the way, P3), so that it
        reads as the branch's row of the table; ``"out"`` for a target removed from play (P4),
        ``""`` for an edge stop without damage, ``"x"`` for a collision that hurts nobody. Branches
        that end on the same stub with different damage give ``"-2/-3"``.
        """
        out: dict[tuple[Hex, Hex], tuple[str, set[Any]]] = {}
        c = self.colours
        for b in branches:
            if b.attempted is None:
                continue
            last = b.steps[-1]
            taken = b.damage.get(b.target, 0)
            if b.ending == "edge":
                label: Any = "out" if b.removed else (taken or "")
                colour = c["hit"] if b.collision else c["edge"]
            else:
                label = taken or "x"
                colour = c["hit"]
            out.setdefault((last.frm, last.to), (colour, set()))[1].add(label)
        return [(a, t, colour, _stub_label(labels)) for (a, t), (colour, labels) in out.items()]

    def show_stubs(self, branches: Sequence["Branch"]) -> None:
        """Draw only the collision and edge stubs of ``branches`` (e.g. a multi-unit Push)."""
        self._draw_stubs(self.stubs(branches))

    def show(self, fm: "ForcedMove | None", *, chosen: "Branch | None" = None, step: int | None = None,
             fill: bool = True, branches: bool = True, source: Hex | None = None) -> None:
        """Draw every branch of ``fm`` (None clears), and ``chosen`` up to ``step`` steps.

        Parameters
        ----------
        fm : hexrules.forced.ForcedMove or None
            None: no branch (a Push or Pull the rules refuse, or no target): only ``source``.
        chosen : hexrules.forced.Branch, optional
            Drawn over the others in magenta (its collision or edge stub too, once reached); the
            moves it has still to make after ``step`` are drawn thin and dashed in magenta, so the
            branch chosen shows before its first step too.
        step : int, optional
            How many of ``chosen``'s steps to draw (default all).
        fill : bool
            Fill the hexes where the target can end (:meth:`BoardArtists.set_fill`, the board's
            one fill); False leaves the fill to the caller (a diagram gathers every overlay's).
        branches : bool
            Draw every branch's moves and stubs; False draws ``chosen`` alone (and its stub).
        source : Hex, optional
            The source hex to outline when ``fm`` is None, so that a refused Push or Pull still
            shows where it comes from (with ``fm``, its own source is outlined).
        """
        self._show(fm, chosen, step, fill, branches, source)
        self._place_labels()

    def _show(self, fm: "ForcedMove | None", chosen: "Branch | None", step: int | None, fill: bool,
              branches: bool, source: Hex | None = None) -> None:
        art, c, k_ = self.art, self.colours, self.key
        if fm is None:
            art.set_paths(None, key=k_ + "forced")
            art.set_paths(None, key=k_ + "chosen")
            art.set_paths(None, key=k_ + "chosen_ahead")
            art.set_highlight([source] if source is not None and source in art.index else None,
                              key=k_ + "forced_source", color=c["source"], width=3.5)
            if fill:
                art.set_fill(None)
            self._draw_stubs([])
            self._chosen_mark.set_offsets(np.zeros((0, 2)))
            return
        moves = _unique([(s.frm, s.to) for b in fm for s in b.steps if s.result == "moved"]) if branches else []
        art.set_paths([list(m) for m in moves], key=k_ + "forced", colors=c["move"], width=2.0)
        if fill:
            art.set_fill({h: c["ends"] for h in fm.destinations}, alpha=0.75)
        art.set_highlight([fm.source] if fm.source in art.index else None, key=k_ + "forced_source",
                          color=c["source"], width=3.5)
        self._draw_stubs(self.stubs(fm.branches if branches else ([chosen] if chosen is not None else [])))
        if chosen is None:
            art.set_paths(None, key=k_ + "chosen")
            art.set_paths(None, key=k_ + "chosen_ahead")
            self._chosen_mark.set_offsets(np.zeros((0, 2)))
            return
        k = len(chosen.steps) if step is None else max(0, min(step, len(chosen.steps)))
        shown = chosen.steps[:k]
        trail = [chosen.start] + [s.to for s in shown if s.result == "moved"]
        art.set_paths([trail], key=k_ + "chosen", colors=c["chosen"], width=4.5)
        ahead = [trail[-1]] + [s.to for s in chosen.steps[k:] if s.result == "moved"]
        art.set_paths([ahead] if len(ahead) > 1 else None, key=k_ + "chosen_ahead", colors=c["chosen"], width=2.5,
                      linestyle="--")
        if shown and shown[-1].result != "moved":
            self._chosen_mark.set_offsets(np.array([self._boundary(shown[-1].frm, shown[-1].to)]))
            self._chosen_mark.set_sizes([(self.CHOSEN_MARK * art.ppu) ** 2])
            self._chosen_mark.set(facecolor=c["chosen"], edgecolor=art.theme.marker_edge, linewidth=1.0)
        else:
            self._chosen_mark.set_offsets(np.zeros((0, 2)))

    def _draw_stubs(self, stubs: list[tuple[Hex, Hex, str, str]]) -> None:
        art, c = self.art, self.colours
        while len(self._stubs) < len(stubs):
            arrow = FancyArrowPatch((0, 0), (1, 1), shrinkA=0.0, shrinkB=0.0, zorder=7)
            self.ax.add_patch(arrow)
            self._stubs.append(arrow)
            self._labels.append(self.ax.text(0, 0, "", ha="center", va="center", zorder=13, clip_on=False))
        points, colours = [], []
        for arrow, text, (a, t, colour, label) in zip(self._stubs, self._labels, stubs):
            p0, pb = self._point(a), self._boundary(a, t)
            arrow.set_positions(*shortened(p0, pb, 0.22, 0.0))  # clear of the token (data units: no shrink at draw time)
            arrow.set_arrowstyle("-|>", head_length=5, head_width=3.5)
            # dashed (collision) or dotted (board edge): never only a colour apart from a move
            arrow.set(color=colour, linewidth=2.0, linestyle="--" if colour == c["hit"] else ":",
                      visible=True)
            text.set_text(label)  # placed by _place_labels, clear of what the board shows
            text.set(color=c["stub_text"], fontsize=art.fontsize(0.26, 4, 10), fontweight="bold", visible=bool(label),
                     bbox=dict(boxstyle="round,pad=0.15", fc=colour, ec="none"))
            points.append(pb)
            colours.append(colour)
        for arrow, text in zip(self._stubs[len(stubs):], self._labels[len(stubs):]):
            arrow.set_visible(False)
            text.set_visible(False)
        self._shown = [(self._point(a), self._boundary(a, t), label) for a, t, _, label in stubs]
        self._stub_colours = colours
        self._marks.set_offsets(np.array(points, dtype=float).reshape(-1, 2))
        self._marks.set_sizes([(self.MARK * art.ppu) ** 2])
        self._marks.set(facecolor=colours or "none", edgecolor=art.theme.marker_edge, linewidth=0.8)

    def _marks_held(self) -> list[Box]:
        """The boxes of this layer's Xs (the stubs' and the chosen branch's)."""
        held = [box_at(pb, self.MARK, self.MARK) for _, pb, _ in self._shown]
        held += [box_at((float(x), float(y)), self.CHOSEN_MARK, self.CHOSEN_MARK)
                 for x, y in self._chosen_mark.get_offsets()]
        return held

    def _place_labels(self) -> None:
        """Put each stub's damage label beside its X where it hides nothing (no other label, X,
        token, damage badge or hex label) and reads as that X's: every other X at least
        :attr:`CLEAR` label heights farther from it than its own (:func:`~hexrules.plot.text.free_spot`).
        First beside the X on the side the step goes (a step up or down the page) or under it (a
        step across), then around it, sliding along its sides, then a little farther (:attr:`GAPS`);
        where no place is all that, the one that hides least."""
        art = self.art
        marks = self._marks_held()
        art.reserve(self.key + "forced_marks", marks)  # the damage badges move off the Xs first
        taken = art.drawn_boxes(skip=self.key + "forced_labels")
        view = art.view_box()
        chosen = [(float(x), float(y)) for x, y in self._chosen_mark.get_offsets()]
        xs = [(pb, self.MARK) for _, pb, _ in self._shown] + [(c, self.CHOSEN_MARK) for c in chosen]
        placed: list[Box] = []
        for text, ((x0, y0), (xb, yb), label) in zip(self._labels, self._shown):
            if not label:
                continue
            w, h = self._label_size(label, text.get_fontsize() / art.ppu)
            here = [math.isclose(x, xb, abs_tol=1e-9) and math.isclose(y, yb, abs_tol=1e-9) for (x, y), _ in xs]
            mark = max(m for (_, m), own in zip(xs, here) if own)  # the chosen X, when it lies on this one
            others = [box_at(p, m, m) for (p, m), own in zip(xs, here) if not own]
            side = 1.0 if xb >= x0 else -1.0
            first = (0.0, 1.0) if abs(yb - y0) <= 1e-9 else (side, 0.0)
            # around the X: the sides' middles, the corners, then halfway along each side
            around = [first, (side, 0.0), (-side, 0.0), (0.0, 1.0), (0.0, -1.0),
                      *((sx, sy) for sy in (1.0, -1.0) for sx in (side, -side)),
                      *((sx, sy / 2) for sy in (1.0, -1.0) for sx in (side, -side)),
                      *((sx / 2, sy) for sy in (1.0, -1.0) for sx in (side, -side))]
            spots = []
            # last, touching the X (no gap): between two tokens a label may fit only there
            for gap in (*(g * h for g in self.GAPS), 0.0):
                dx, dy = w / 2 + mark / 2 + gap, h / 2 + mark / 2 + gap
                spots += [(xb + fx * dx, yb + fy * dy) for fx, fy in around]
            xy, box = free_spot((w, h), spots, taken + placed, view, mark=box_at((xb, yb), mark, mark), others=others,
                                clear=self.CLEAR * h)
            text.set_position(xy)
            placed.append(box)
        art.reserve(self.key + "forced_labels", placed)
