"""Words for movement results (RULES.md M, E, J, T): allowances, step notes, path costs.

Each function takes a result of :mod:`hexrules.movement` and says it in words;
:meth:`~hexrules.movement.Allowance.explain`, :attr:`~hexrules.movement.Step.note`,
:meth:`~hexrules.movement.MoveCost.explain` and :meth:`~hexrules.movement.MoveCost.table` call
them. They read facts only (the rules decided everything).

Examples
--------
>>> from hexrules import Scenario
>>> from hexrules.movement import path_cost
>>> sc = Scenario.from_text("map:\\n  0 1 2\\nunits:\\n  G side=a at=A1\\n")
>>> step_note(path_cost(sc.board, sc.state, "G", ["A1", "B1"]).steps[0])
'A1 -> B1: 1 to enter + 1 climb (height 0 -> 1) = 2'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import hex_name, join_names

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from ..movement import Allowance, MoveCost, Step

__all__ = ["allowance_text", "step_note", "cost_text", "cost_table"]


def allowance_text(al: Allowance) -> str:
    """``"allowance 2 = Advance 3 - 1 Engaged with Zaku (E2)"`` and the like (M2, E2, T1).

    Parameters
    ----------
    al : Allowance

    Returns
    -------
    str
    """
    parts = [f"{al.kind.capitalize()} {al.base}"]
    if al.speed:
        parts.append(f"+ {al.speed} Speed (M2)")
    if al.engagement:
        parts.append(f"- {al.engagement} Engaged with {join_names(al.engaged_with)} (E2)")
    if al.terrain:
        parts.append(f"- {al.terrain} starting on costly terrain (T1)")
    floor = " (never below 0)" if al.base + al.speed - al.engagement - al.terrain < 0 else ""
    return f"allowance {al.total} = " + " ".join(parts) + floor


def step_note(st: Step) -> str:
    """One step and its cost: ``"A1 -> B1: 1 to enter + 1 climb (height 0 -> 1) = 2"`` (M1, J1, T1).

    A climb counted from the starting elevation (J1) says so; a step through an ally (M3) or
    over a lower enemy (J2) names it.

    Parameters
    ----------
    st : Step

    Returns
    -------
    str
    """
    bits = [f"{st.enter} to enter"]
    if st.climb:
        src = f"starting elevation {st.start_elevation}" if st.climb_from_start else f"height {st.elevation_from}"
        bits.append(f"+ {st.climb} climb ({src} -> {st.elevation_to})")
    if st.terrain:
        bits.append(f"+ {st.terrain} {st.terrain_name}")
    note = f"{hex_name(st.frm, st.board)} -> {hex_name(st.to, st.board)}: {' '.join(bits)} = {st.cost}"
    p = st.passes
    if p is not None:
        how = "passes over lower enemy" if p.enemy else "passes through allied"
        note += f", {how} {p.kind} {p.unit!r} ({p.ruling})"
    return note


def _label(cost: MoveCost, i: int) -> str:
    return cost.labels[i] if cost.labels else hex_name(cost.path[i])


def cost_text(cost: MoveCost) -> str:
    """The whole breakdown of a path, one line per step, and the verdict (M1-M4, E2, E3, J1, T1).

    Parameters
    ----------
    cost : MoveCost

    Returns
    -------
    str
    """
    jump = f", jumping from elevation {cost.start_elevation} (J1)" if cost.jumping else ""
    lines = [
        f"{cost.unit} {cost.kind.capitalize()} from {_label(cost, 0)} (height {cost.start_elevation}){jump}: "
        f"{allowance_text(cost.allowance)}"
    ]
    running = 0
    for i, st in enumerate(cost.steps, 1):
        running += st.cost
        extra = f"; Engaged with {join_names(st.engaged_with)} (E3)" if st.engaged_with else ""
        lines.append(f"  {i}. {st.note} (total {running}){extra}")
    verdict = "legal." if cost.legal else f"illegal: {cost.reason} (ruling {cost.ruling})."
    lines.append(f"Total {cost.total} of {cost.allowance.total} movement points: {verdict}")
    return "\n".join(lines)


def cost_table(cost: MoveCost) -> list[dict[str, Any]]:
    """One row per step: from, to, enter, climb, terrain, cost and running total (movement points).

    Parameters
    ----------
    cost : MoveCost

    Returns
    -------
    list of dict
    """
    rows, running = [], 0
    for i, st in enumerate(cost.steps):
        running += st.cost
        rows.append({
            "from": _label(cost, i),
            "to": _label(cost, i + 1),
            "enter": st.enter,
            "climb": st.climb,
            "terrain": st.terrain,
            "cost": st.cost,
            "total": running,
        })
    return rows
