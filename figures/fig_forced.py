"""The rulebook's Push and Pull diagrams (Other Special Effects), redrawn from the kit's scenarios.

Every path, ending and damage on these figures is computed by :mod:`hexrules.forced` on the
scenarios in ``hexrules/scenarios/`` and drawn with :class:`hexrules.plot.forced.ForcedLayer`:

* ``forced_push_example``: Zaku I's Knuckle Shield critical hit, Push 2 on the RX-78-2 Gundam;
  every branch, four of them knocking it into elevated terrain for 2 collision damage (P1, P2);
* ``forced_pull_example``: Char's Zaku II Pulls the RX-78-2 Gundam one hex; two equally short
  paths, so two eligible hexes (L1);
* ``forced_collision``: a Push into a unit in the trajectory: the target stays, both units take
  2 collision damage, the Push ends (P2, P6).
"""

from __future__ import annotations

import textwrap

from hexrules import builtin
from hexrules.forced import pull, push
from hexrules.plot import DEFAULT_THEME, ForcedLayer, draw_board, legend_handle, new_figure

GUNDAM = "RX-78-2 Gundam"
ELIGIBLE = DEFAULT_THEME.forced["eligible"]


def fig_push_example():
    sc = builtin("push_knuckle_shield")
    b = sc.board
    fm = push(b, sc.state, "Zaku I", GUNDAM, 2)
    col = fm.collisions
    paths = ", ".join(" -> ".join(b.label(h) for h in (x.start, *x.path)) + f" -x {b.label(x.attempted)}"
                      for x in col)
    ends = ", ".join(sorted(b.label(h) for h in fm.destinations))
    fig, (ax,) = new_figure(b, pyplot=False, caption=[
        f"Push 2 from B3: each hex strictly farther from the source (P1); {len(fm)} branches, stops included.",
        f"{len(col)} paths hit elevated terrain (red, -2: collision damage, non-combat, P2, P6):",
        f"  {paths}",
        f"The Gundam can end on {ends} (pale green).",
    ])
    art = draw_board(b, sc.state, ax=ax, title="Push 2: Zaku I's Knuckle Shield critical hit (P1, P2)")
    art.legend(sc.state, ForcedLayer.legend_handles(edge=False))
    ForcedLayer(art).show(fm)
    return fig


def fig_pull_example():
    sc = builtin("pull_char_zaku")
    b = sc.board
    fm = pull(b, sc.state, "Char's Zaku II", GUNDAM, 1)
    moved = sorted(b.label(x.final) for x in fm if x.moved)
    start = sc.state.unit(GUNDAM).hex
    src = sc.state.unit("Char's Zaku II").hex
    fig, (ax,) = new_figure(b, pyplot=False, caption=[
        f"Pull 1 toward B2: each hex strictly closer (L1). From {b.label(start)} (distance "
        f"{src.distance(start)}) two neighbours",
        f"are one hex closer: {' and '.join(moved)}. Either is eligible; pulling is optional.",
    ])
    art = draw_board(b, sc.state, ax=ax, title="Pull 1: Char's Zaku II, two equally short paths (L1)")
    art.legend(sc.state, ForcedLayer.legend_handles(edge=False)[:3]
               + [legend_handle("outline", "eligible (L1)", ELIGIBLE, width=2.5)])
    ForcedLayer(art).show(fm)
    art.set_highlight([x.final for x in fm if x.moved], key="eligible", color=ELIGIBLE, width=3)
    return fig


def fig_collision():
    sc = builtin("push_collision")
    b = sc.board
    fm = push(b, sc.state, "Zaku I", GUNDAM, 2)
    hit = fm.choose("D3")
    after = fm.resolve(hit)
    lines = hit.explain().splitlines()[1:]
    wrapped = [w for ln in lines for w in textwrap.wrap(ln.strip(), 96, subsequent_indent="  ")]
    fig, (ax,) = new_figure(b, pyplot=False, caption=wrapped + [
        "Other red stubs: the Garrison on D1 and the impassable D5 are collisions too."])
    art = draw_board(b, after, ax=ax, title="Push into a unit: both take 2, the Push ends (P2, P6)")
    art.legend(after, ForcedLayer.legend_handles(edge=False, chosen=True))
    ForcedLayer(art).show(fm, chosen=hit)
    return fig


FIGURES = {
    "forced_push_example": fig_push_example,
    "forced_pull_example": fig_pull_example,
    "forced_collision": fig_collision,
}
