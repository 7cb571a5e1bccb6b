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

from . import hex_name, join_names, plural

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from collections.abc import Sequence


__all__ = ["movement_name", "allowance_text", "step_note", "unaffordable_reason", "cost_text", "cost_table"]

#: How the words name each kind of movement (M2, M5).
MOVEMENT_NAMES = {"advance": "Advance", "dash": "Dash", "ability": "ability move"}


def movement_name(kind: str) -> str:
    """``"Advance"``, ``"Dash"`` or ``"ability move"`` (an ability's "move N hexes", M5).

    >>> movement_name("dash"), movement_name("ability")
    ('Dash', 'ability move')
    """
    return MOVEMENT_NAMES.get(kind, str(kind))


def allowance_text(al: Any) -> str:
    """``"allowance 2 = Advance 3 - 1 Engaged with Zaku (E2)"`` and the like (M2, M5, E2, E5, T1).

    An ability's allowance reads ``"ability move 3 (M5)"``; an Engaged unit that loses nothing
    says which ruling lifts the -1 (E5, or M5 for a Garrison).

    Parameters
    ----------
    al : Allowance

    Returns
    -------
    str
    """
    parts = [f"{movement_name(al.kind)} {al.base}" + (" (M5)" if al.kind == "ability" else "")]
    if al.speed:
        parts.append(f"+ {al.speed} Speed (M2)")
    if al.engagement:
        parts.append(f"- {al.engagement} Engaged with {join_names(al.engaged_with)} (E2)")

    if al.terrain:
        parts.append(f"- {al.terrain} starting in {al.start_terrain or 'water'} (T1)")  # T1's words
    floor = " (never below 0)" if al.base + al.speed - al.engagement - al.terrain < 0 else ""
    ignored = ""
    if al.engaged_with and not al.engagement and al.engagement_ignored:
        who = "a Garrison moved by an ability ignores it" if al.engagement_ignored == "M5" else "it ignores Engagement"
        ignored = f"; Engaged with {join_names(al.engaged_with)}, but no -1: {who} ({al.engagement_ignored})"
    return f"allowance {al.total} = " + " ".join(parts) + floor + ignored


def step_note(st: Any) -> str:
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
    elif st.climb_ignored:
        bits.append(f"(climb {st.elevation_from} -> {st.elevation_to} not paid: a Garrison moved by an ability "
                    "ignores elevation, M5)")
    if st.terrain:
        bits.append(f"+ {st.terrain} {st.terrain_name}")
    note = f"{hex_name(st.frm, st.board)} -> {hex_name(st.to, st.board)}: {' '.join(bits)} = {st.cost}"
    p = st.passes
    if p is not None:
        how = "passes over lower enemy" if p.enemy else "passes through allied"
        note += f", {how} {p.kind} {p.unit!r} ({p.ruling})"
    return note


def unaffordable_reason(steps: Sequence[Any], i: int, allowance: int, names: Any = None) -> str:
    """Why a path stops at its first step the unit cannot pay (M1): ``steps[i]``.

    Parameters
    ----------
    steps : sequence of Step
        The path's costed steps.
    i : int
        Index of the first step whose running total exceeds ``allowance``.
    allowance : int
        The movement's allowance, in movement points.
    names : Board or mapping of Hex to str, optional
        Names the hexes (:func:`hexrules.words.hex_name`); default the steps' own board.

    Returns
    -------
    str

    Examples
    --------
    >>> from hexrules import Scenario
    >>> from hexrules.movement import path_cost
    >>> sc = Scenario.from_text("map:\\n  0 1 2\\nunits:\\n  G side=a at=A1\\n")
    >>> cost = path_cost(sc.board, sc.state, "G", ["A1", "B1", "C1"])
    >>> print(unaffordable_reason(cost.steps, 1, 3, sc.board))
    it cannot pay step 2, B1 -> C1 (cost 2, 1 movement point left of 3), so it stops on B1: a unit
    that cannot pay a step's full cost cannot take it
    """
    st = steps[i]
    names = st.board if names is None else names
    left = allowance - sum(s.cost for s in steps[:i])
    return (f"it cannot pay step {i + 1}, {hex_name(st.frm, names)} -> {hex_name(st.to, names)} (cost {st.cost}, "
            f"{plural(left, 'movement point')} left of {allowance}), so it stops on {hex_name(st.frm, names)}: "
            "a unit that cannot pay a step's full cost cannot take it")


def _names(cost: Any) -> Any:
    return dict(zip(cost.path, cost.labels)) if cost.labels else None


def _label(cost: Any, i: int) -> str:
    return cost.labels[i] if cost.labels else hex_name(cost.path[i])


def cost_text(cost: Any) -> str:
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
        f"{cost.unit} {movement_name(cost.kind)} from {_label(cost, 0)} (height {cost.start_elevation}){jump}: "
        f"{allowance_text(cost.allowance)}"
    ]
    running = 0
    at_start = set(cost.allowance.engaged_with)  # "becoming" Engaged is with another enemy (E3)
    noted: set[str] = set()
    for i, st in enumerate(cost.steps):
        running += st.cost
        extra = _engaged_note(st.engaged_with, at_start, noted)
        if i == cost.unaffordable:
            left = cost.allowance.total - (running - st.cost)
            extra += f"; the first step it cannot pay: {plural(left, 'movement point')} left (M1)"
        lines.append(f"  {i + 1}. {st.note} (total {running}){extra}")
    if len(cost.steps) < len(cost.path) - 1:
        rest = len(cost.path) - 1 - len(cost.steps)
        lines.append(f"  (the last {plural(rest, 'step')} of the path cannot be taken: see below)")
    verdict = "legal." if cost.legal else f"illegal: {cost.reason} (ruling {cost.ruling})."
    lines.append(f"Total {cost.total} of {plural(cost.allowance.total, 'movement point')}: {verdict}")
    if cost.unaffordable is not None and cost.ruling != "M1":
        i = cost.unaffordable
        lines.append("Also " + unaffordable_reason(cost.steps, i, cost.allowance.total, _names(cost)) + " (M1).")
    return "\n".join(lines)


def _engaged_note(engaged: Any, at_start: set, noted: set) -> str:
    """What a step's end does to the mover's Engagement, for its line of a cost breakdown: it
    becomes Engaged with an enemy it was not Engaged with at the start (E3, said once), stays so,
    or stays Engaged with one from the start (E1: not "becoming", so never a stop under E3's
    "must stop"). Updates ``noted`` with the enemies it became Engaged with."""
    new = [n for n in engaged if n not in at_start]
    first = [n for n in new if n not in noted]
    again = [n for n in new if n in noted]
    kept = [n for n in engaged if n in at_start]
    noted.update(new)
    out = ""
    if first:
        out += f"; becomes Engaged with {join_names(first)} (E3)"
    if again:
        out += f"; still Engaged with {join_names(again)} (E3)"
    if kept:
        out += f"; still Engaged with {join_names(kept)}, as at the start (E1)"
    return out


def cost_table(cost: Any) -> list[dict[str, Any]]:
    """One row per step: from, to, enter, climb, terrain, cost and running total (movement points).

    A path the unit cannot pay in full (:attr:`~hexrules.movement.MoveCost.unaffordable`, M1)
    has one more column, ``"can pay"``: ``"yes"`` for the steps the allowance pays for, ``"no"``
    from the first step it cannot pay on.

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
        row = {
            "from": _label(cost, i),
            "to": _label(cost, i + 1),
            "enter": st.enter,
            "climb": st.climb,
            "terrain": st.terrain,
            "cost": st.cost,
            "total": running,
        }
        if cost.unaffordable is not None:  # M1: which steps the allowance pays for
            row["can pay"] = "yes" if i < cost.unaffordable else "no"
        rows.append(row)
    return rows
