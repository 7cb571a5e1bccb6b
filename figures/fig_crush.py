"""Crush charts (RULES.md C2, C3, C5), every number computed exactly by :mod:`hexrules.dice`.

These two stay chart functions: a chart of dice outcomes has no board, and a diagram file
(:mod:`hexrules.diagram`) draws boards. The Crush board itself (who is in, on or under the
piece) is the diagram file ``hexrules/diagrams/crush_board.hex``.

* ``crush_expected_damage``: expected Crush damage to a non-vehicle unit against the
  pre-reduction Cover (0-6 dice), one line per Resolve 2-6; the mean is ``Cover * p`` with
  ``p = (7 - Resolve) / 6``.
* ``crush_heatmap``: the same expected damage over Cover 0-6 x Resolve 1-7, written in each cell
  (Resolve 7: no die reaches it).

The numbers come from :mod:`hexrules.dice`; they are drawn with the chart functions of
:mod:`hexrules.plot.crush` (no ipywidgets involved).
"""

from __future__ import annotations

from matplotlib.figure import Figure

from hexrules.dice import expected_damage_table, hit_probability
from hexrules.plot import CRUSH_COVERS as COVERS
from hexrules.plot import CRUSH_RESOLVES as RESOLVES
from hexrules.plot import draw_expected_damage, draw_heatmap, new_figure, set_heatmap


#: The Resolves of the expected-damage lines.
LINE_RESOLVES = (2, 3, 4, 5, 6)


def fig_expected_damage() -> Figure:
    """Crush: expected damage to a non-vehicle unit against the pre-reduction Cover, per Resolve (C2, C3)"""
    fig, (ax,) = new_figure(None, figsize=(6.4, 4.2), pyplot=False)
    draw_expected_damage(ax, expected_damage_table(COVERS, LINE_RESOLVES), [hit_probability(r) for r in LINE_RESOLVES],
                         LINE_RESOLVES, COVERS)
    ax.set_title("Crush: expected damage to a non-vehicle unit (C2, C3)", fontsize=10)
    fig.subplots_adjust(left=0.11, right=0.97, bottom=0.13, top=0.9)
    return fig


def fig_heatmap() -> Figure:
    """Crush: expected damage over Cover x Resolve, the rulebook's Cover 3 against Resolve 4 framed (C2, C3)"""
    fig, (ax,) = new_figure(None, figsize=(6.4, 4.6), pyplot=False)
    img, texts, frame = draw_heatmap(ax, COVERS, RESOLVES, xlabel="Resolve", ylabel="pre-reduction Cover (= Crush dice)",
                                     fontsize=8)
    frame.set_xy((RESOLVES.index(4) - 0.5, 3 - 0.5))  # the rulebook's example: Cover 3 against Resolve 4
    set_heatmap(img, texts, expected_damage_table(COVERS, RESOLVES), lambda v: f"{v:.2f}".rstrip("0").rstrip("."),
                vmax=max(COVERS))
    fig.colorbar(img, ax=ax, fraction=0.05, pad=0.02, label="expected damage")
    ax.set_title("Crush: expected damage over Cover × Resolve\n(framed: the rulebook's Cover 3 vs Resolve 4, 3/2)",
                 fontsize=10)
    fig.subplots_adjust(left=0.12, right=0.95, bottom=0.11, top=0.87)
    return fig


FIGURES = {
    "crush_expected_damage": fig_expected_damage,
    "crush_heatmap": fig_heatmap,
}
