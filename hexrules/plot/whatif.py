"""Drawing for what each reading changes (:mod:`hexrules.whatif`): the sweep's bar chart and the
overlays of one alternative's changes on a board.

* :func:`draw_sweep_bars` draws one horizontal bar per alternative (its share of movements,
  Push and Pull situations, or boards that change, 0..100 %), coloured by rule topic, with the
  percentage written at the end of each bar; called again, it redraws the same axes (a widget
  shows a sweep's progress on one figure); :func:`set_sweep_bars` gives the same chart a new
  sweep's shares in place (the same alternatives: every sweep of the explorer);
* :func:`change_overlays` turns one :class:`~hexrules.whatif.SwitchChanges` into plain overlay
  data for :func:`~hexrules.plot.board.draw_board`: the hexes a movement gains or loses, whose
  cost changes, where a Push or Pull's outcome changes.

Examples
--------
>>> from matplotlib.figure import Figure
>>> ax = Figure().add_subplot()
>>> chart = draw_sweep_bars(ax, [("water=none", 0.5, "movement"), ("collision_damage=1", 0.25, "forced")])
>>> [float(b.get_width()) for b in chart.bars], [t.get_text() for t in chart.values]
([50.0, 25.0], ['50%', '25%'])
>>> set_sweep_bars(chart, [("water=none", 0.125, "movement"), ("collision_damage=1", 0.0, "forced")])
True
>>> [float(b.get_width()) for b in chart.bars], [t.get_text() for t in chart.values]
([12.5, 0.0], ['12.5%', '0%'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import HexrulesError
from ..words import percent
from .theme import DEFAULT_THEME, Theme

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..whatif import SwitchChanges

__all__ = ["topic_colours", "SweepChart", "draw_sweep_bars", "set_sweep_bars", "change_overlays", "change_text",
           "CHANGE_COLOURS", "CHANGE_TEXT_WIDTH"]

#: What :func:`change_overlays` colours: hexes gained (green), lost (red), cheaper or dearer
#: (orange), a Push or Pull outcome that changes (the theme's "differs" outline).
CHANGE_COLOURS = {"gained": "#27ae60", "lost": "#c0392b", "cost": "#e67e22"}

#: The widest a change's text (:func:`change_text`) is written on its hex, in hex radii: a wider
#: one, "now 3 MP", goes onto two lines (``set_texts(fit=...)``), inside the tile of the change's
#: colour it is written on (``TILE_INSET`` 0.6 of the hex: sqrt(3) x 0.6 ~ 1.04 radii wide), so
#: that a row of gained hexes never reads as one string, "now 3 MPnow 3 MP".
CHANGE_TEXT_WIDTH = 0.9


def topic_colours(theme: Theme = DEFAULT_THEME) -> dict[str, str]:
    """The bar colour of each rule topic: the rulebook diagrams' blue, orange and green."""
    d = theme.diagram
    return {"movement": d["blue"], "forced": d["orange"], "crush": d["green"]}


@dataclass(frozen=True)
class SweepChart:
    """The artists of a sweep chart (:func:`draw_sweep_bars`), changed in place by
    :func:`set_sweep_bars`.

    Attributes
    ----------
    bars : list of matplotlib.patches.Rectangle
        One bar per row, top to bottom (widths in percent).
    values : list of matplotlib.text.Text
        The percentage written at the end of each bar.
    rows : tuple of (str, str)
        Each bar's ``(label, topic)``: what the chart's ticks, colours and legend show.
    """

    bars: list
    values: list
    rows: tuple[tuple[str, str], ...]


def draw_sweep_bars(ax: "Axes", rows: Sequence[tuple[str, float, str]], *, title: str | None = None,
                    theme: Theme = DEFAULT_THEME) -> SweepChart:
    """One bar per ``(label, share 0..1, topic)`` on ``ax`` (cleared first), top to bottom.

    Returns
    -------
    SweepChart
        The bars and their percentages, in ``rows`` order.
    """
    from matplotlib.patches import Patch

    ax.clear()
    colours = topic_colours(theme)
    n = len(rows)
    ys = list(range(n))[::-1]
    bars = ax.barh(ys, [100 * s for _, s, _ in rows], color=[colours.get(t, "#888888") for _, _, t in rows],
                   height=0.7)
    values = [ax.text(100 * share + 1, y, percent(share), va="center", ha="left", fontsize=8)
              for y, (_, share, _) in zip(ys, rows)]
    ax.set_yticks(ys, [label for label, _, _ in rows], fontsize=8)
    ax.set_xlim(0, 112)
    ax.set_ylim(-0.6, max(n, 1) - 0.4)
    ax.set_xlabel("share that changes (%)", fontsize=9)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    handles = [Patch(color=c, label=t) for t, c in colours.items() if any(r[2] == t for r in rows)]
    if handles:
        ax.legend(handles=handles, loc="lower right", fontsize=8, frameon=False,
                  labels=[{"movement": "movements", "forced": "Push / Pull", "crush": "boards"}[h.get_label()]
                          for h in handles])
    if title:
        ax.set_title(title, fontsize=10)
    return SweepChart(list(bars), values, tuple((label, topic) for label, _, topic in rows))


def set_sweep_bars(chart: SweepChart, rows: Sequence[tuple[str, float, str]]) -> bool:
    """Give ``chart``'s bars the shares of ``rows`` in place, if they are the chart's rows.

    Parameters
    ----------
    chart : SweepChart
        From :func:`draw_sweep_bars`.
    rows : sequence of (str, float, str)
        ``(label, share 0..1, topic)``, as :func:`draw_sweep_bars` takes them.

    Returns
    -------
    bool
        True if the rows' labels and topics are the chart's, in its order (then each bar and
        its percentage is set: what changes only, so an unchanged bar stays not stale); False,
        and nothing changed, otherwise (draw the chart again with :func:`draw_sweep_bars`).
    """
    if tuple((label, topic) for label, _, topic in rows) != chart.rows:
        return False
    for bar, text, (_, share, _) in zip(chart.bars, chart.values, rows):
        width = 100 * share
        if bar.get_width() != width:
            bar.set_width(width)
        place = (width + 1, text.get_position()[1])
        if tuple(text.get_position()) != place:
            text.set_position(place)
        text.set_text(percent(share))  # stale only if it changes
    return True


def change_text(base: int | None, alternative: int | None) -> str:
    """What a hex's cost does under the alternative, written on the hex: the report says the same
    ("gains D1 (3 MP)", "loses C1 (2 MP)", "C2 costs 3→2").

    A hex out of reach under the base and reached at 3 movement points under the alternative
    reads ``"now 3 MP"`` (a "-→3" read as minus three); one lost, ``"was 2 MP"``; a cost that
    changes, ``"3→2"`` (was→now, as the legend says).

    >>> change_text(None, 3), change_text(2, None), change_text(3, 2)
    ('now 3 MP', 'was 2 MP', '3→2')
    """
    if base is None:
        return f"now {alternative} MP"
    if alternative is None:
        return f"was {base} MP"
    return f"{base}→{alternative}"


def change_overlays(changes: "SwitchChanges", reach: int | None = None, forced: int | None = None) -> dict[str, Any]:
    """Plain overlay data of what one alternative changes on a board.

    Parameters
    ----------
    changes : hexrules.whatif.SwitchChanges
    reach : int, optional
        Draw the hexes of this movement only (an index into ``changes.reaches``: one unit's
        Advance, Dash or ability move); default every movement, a hex that several change
        writing each distinct change on a line of its own (a hex is never written with one
        movement's change only while another's differs).
    forced : int, optional
        Outline the hexes of this Push or Pull only (an index into ``changes.forced``); default
        every one that changes.

    Returns
    -------
    dict
        ``fill``: ``{hex: colour}`` (gained green, lost red, cost changed orange, from
        :data:`CHANGE_COLOURS`; orange where movements disagree); ``texts``: what each hex's cost
        does, in the words of the report (:func:`change_text`: ``"now 3 MP"``, ``"was 2 MP"``,
        ``"3→2"``); ``highlight``: the hexes where a Push or Pull outcome changes (on the board).

    Raises
    ------
    HexrulesError
        If ``reach`` is not None nor the index of one of ``changes.reaches``, or ``forced`` not
        None nor the index of one of ``changes.forced``.
    """
    reaches, situations = changes.reaches, changes.forced
    for name, value, items, what in (("reach", reach, reaches, "movements"),
                                     ("forced", forced, situations, "Pushes and Pulls")):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value < len(items)):
            raise HexrulesError(f"{name}={value!r} is not the index of one of the {len(items)} {what} that change")
    if reach is not None:
        reaches = (reaches[reach],)
    if forced is not None:
        situations = (situations[forced],)
    kinds: dict[Any, list[str]] = {}
    texts: dict[Any, list[str]] = {}
    for r in reaches:
        for h, a, b in r.hex_changes:
            kind = "gained" if a is None else "lost" if b is None else "cost"
            kinds.setdefault(h, []).append(kind)
            text = change_text(a, b)
            if text not in texts.setdefault(h, []):
                texts[h].append(text)
    fill = {h: CHANGE_COLOURS[k[0] if len(set(k)) == 1 else "cost"] for h, k in kinds.items()}
    board = changes.board
    where = [h for h in changes.differing_hexes if board is None or h in board]
    forced_hexes = set()
    for f in situations:
        a, b = f.differing_hexes
        forced_hexes |= {h for h in a | b if board is None or h in board}
    return {"fill": fill, "texts": {h: "\n".join(t) for h, t in texts.items()},
            "highlight": sorted(forced_hexes, key=lambda h: (h.r, h.q)), "hexes": where}
