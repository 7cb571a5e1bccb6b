"""The rulebook's movement diagrams (Movement Modifiers), redrawn from the kit's scenarios.

Every number written on a figure is computed by :mod:`hexrules.movement` on the scenario in
``hexrules/scenarios/`` (RULES.md worked examples):

* ``movement_elevation``: ground to height 1 costs 2, height 1 to 2 costs 2, ground straight to
  height 2 costs 3 (M1);
* ``movement_engagement``: the Gundam and Char's Zaku II, adjacent at the same elevation, are
  both Engaged; each movement they start costs one more (E1, E2);
* ``movement_engagement_lower``: the Minelayer, adjacent but one level lower, does not engage
  (E1); the Gundam's attacks must include Char's Zaku II (E4): the caption's sentences are
  built from :func:`hexrules.movement.adjacent_not_engaged` and ``engagements``;
* ``movement_jumping``: starting at height 1, the path over the lower Garrison to another
  height-1 hex costs 2 (J1, J2); the path ending one level higher costs 3 (J1).
"""

from __future__ import annotations

from hexrules import builtin
from hexrules import movement as mv
from hexrules.plot import DEFAULT_THEME, draw_board, engagement_legend, new_figure, set_engagement

GUNDAM = "RX-78-2 Gundam"
CHAR = "Char's Zaku II"
BLUE, ORANGE, GREEN = (DEFAULT_THEME.diagram[c] for c in ("blue", "orange", "green"))

#: How the captions' sentences call units (the rulebook's words); other units by their names.
PROSE_NAMES = {GUNDAM: "the Gundam", "Zaku II: Minelayer": "Minelayer"}
_LEVELS = {1: "one level", 2: "two levels", 3: "three levels"}


def _prose(name: str) -> str:
    return PROSE_NAMES.get(name, name)


def not_engaged_lines(board, state) -> list[str]:
    """Caption lines for each pair of adjacent enemies that are not Engaged (E1), and what the
    higher one's Engagement then means for its attacks (E4), from the rules' facts."""
    eng = mv.engagements(board, state)
    lines = []
    for pair in mv.adjacent_not_engaged(board, state):
        low, high = sorted(pair, key=lambda n: board.elevation(state.unit(n).hex))
        d = board.elevation(state.unit(high).hex) - board.elevation(state.unit(low).hex)
        must = eng.get(high, ())
        lines.append(f"{_prose(low)}: adjacent to {_prose(high)} but {_LEVELS.get(d, f'{d} levels')} lower, "
                     f"so not Engaged (E1)" + (";" if must else "."))
        if must:
            lines.append(f"{_prose(high)}'s attacks must include {' or '.join(map(_prose, must))} (E4)")
    return lines


def elevation_costs() -> dict[str, int]:
    """The three costs of the Elevation diagram, from the engine: ``{"0->1", "1->2", "0->2"}``."""
    sc = builtin("elevation")
    b, st = sc.board, sc.state
    return {
        "0->1": mv.path_cost(b, st, GUNDAM, ["C3", "D3"]).total,
        "1->2": mv.path_cost(b, st, GUNDAM, ["C3", "D3", "D2"]).steps[1].cost,
        "0->2": mv.path_cost(b, st, GUNDAM, ["C3", "C2"]).total,
    }


def jumping_costs() -> dict[str, int]:
    """The two paths of the Jumping diagram, from the engine: ``{"blue": ..., "orange": ...}``."""
    sc = builtin("jumping")
    return {
        "blue": mv.path_cost(sc.board, sc.state, CHAR, ["B3", "C3", "D3"]).total,
        "orange": mv.path_cost(sc.board, sc.state, CHAR, ["B3", "B4", "C4"]).total,
    }


def fig_elevation():
    sc = builtin("elevation")
    c = elevation_costs()
    fig, (ax,) = new_figure(sc.board, pyplot=False, caption=[
        f"green:  C3 (ground) -> D3 (height 1)  costs {c['0->1']}   1 to enter + 1 climb (M1)",
        f"green:  D3 (height 1) -> D2 (height 2) costs {c['1->2']}   1 to enter + 1 climb",
        f"orange: C3 (ground) -> C2 (height 2)  costs {c['0->2']}   1 to enter + 2 climb",
        "going down is free; a unit that cannot pay a step's full cost cannot take it",
    ])
    art = draw_board(sc.board, sc.state, ax=ax, title="Elevation: the cost of climbing (M1)")
    art.set_paths([["C3", "D3", "D2"], ["C3", "C2"]], colors=[GREEN, ORANGE])
    art.set_texts({"D3": c["0->1"], "D2": f"+{c['1->2']}", "C2": c["0->2"]}, key="costs")
    return fig


def _engagement(name: str, title: str):
    sc = builtin(name)
    b, st = sc.board, sc.state
    eng = mv.engagements(b, st)
    lines = []
    for u in st:
        with_ = eng.get(u.name, ())
        al = mv.allowance(b, st, u.name, "advance")
        status = f"Engaged with {', '.join(with_)}" if with_ else "not Engaged"
        lines.append(f"{u.name} (height {b.elevation(u.hex)}): {status}; Advance {al.base} -> {al.total}")
    lines += not_engaged_lines(b, st) or ["Engagement is mutual (E1); each movement they start costs one more (E2)"]
    fig, (ax,) = new_figure(b, pyplot=False, caption=lines)
    art = draw_board(b, st, ax=ax, title=title)
    art.legend(st, engagement_legend())
    set_engagement(art, st, mv.engaged_pairs(b, st), mv.adjacent_not_engaged(b, st), ignoring=False)
    return fig


def fig_engagement():
    return _engagement("engagement", "Engagement: adjacent at the same elevation (E1, E2)")


def fig_engagement_lower():
    return _engagement("engagement_lower", "Engagement: an adjacent enemy one level lower does not engage (E1)")


def fig_jumping():
    sc = builtin("jumping")
    c = jumping_costs()
    fig, (ax,) = new_figure(sc.board, pyplot=False, caption=[
        f"Char's Zaku II starts at height 1, so it jumps with starting elevation 1 (J1).",
        f"blue:   B3 -> C3 -> D3 over the lower enemy Garrison (J2) to height 1: {c['blue']}",
        f"orange: B3 -> B4 -> C4, ending one level above the start (height 2):  {c['orange']}",
    ])
    art = draw_board(sc.board, sc.state, ax=ax, title="Jumping: starting on elevated terrain (J1, J2)")
    art.set_paths([["B3", "C3", "D3"], ["B3", "B4", "C4"]], colors=[BLUE, ORANGE])
    art.set_texts({"D3": c["blue"], "C4": c["orange"]}, key="costs")
    return fig


FIGURES = {
    "movement_elevation": fig_elevation,
    "movement_engagement": fig_engagement,
    "movement_engagement_lower": fig_engagement_lower,
    "movement_jumping": fig_jumping,
}
