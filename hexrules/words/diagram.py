"""Words for a diagram's caption (:mod:`hexrules.diagram`): each engine overlay says what it shows.

A diagram file declares overlays (a unit's reach, the cost of a path, Engagement, a Push or
Pull, a Crush); :mod:`hexrules.diagram` computes them with the rules, and these functions turn
the results into the caption lines under the picture, so that the caption, the picture and the
rules always give the same numbers. They read facts by attribute, like the other words modules.

Examples
--------
>>> from hexrules import builtin
>>> from hexrules.movement import path_cost
>>> sc = builtin("jumping")
>>> print("\\n".join(cost_lines(path_cost(sc.board, sc.state, "Char's Zaku II", ["B3", "C3", "D3"]), "blue path")))
blue path: B3 -> C3 -> D3 costs 2 of 3 movement points (Advance, jumping from height 1, J1): legal
  B3 -> C3: 1 to enter = 1, passes over lower enemy Garrison 'Federation Garrison' (J2)
  C3 -> D3: 1 to enter = 1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import forced_word, hex_name, hex_names, join_and, plural
from .forced import path_text


__all__ = ["cost_lines", "reach_line", "engagement_lines", "forced_lines", "crush_lines", "frame_line"]

_LEVELS = {1: "one level", 2: "two levels", 3: "three levels"}


def cost_lines(cost: Any, label: str, *, breakdown: bool = True) -> list[str]:
    """A costed path: its total against the allowance, its verdict and (``breakdown``) each step
    (M1, J1, T1; an illegal path with its reason and ruling)."""
    names = dict(zip(cost.path, cost.labels)) if cost.labels else None
    how = cost.kind.capitalize() + (f", jumping from height {cost.start_elevation}, J1" if cost.jumping else "")
    verdict = "legal" if cost.legal else f"illegal: {cost.reason} ({cost.ruling})"
    lines = [f"{label}: {hex_names(cost.path, names, sep=' -> ')} costs {cost.total} of {cost.allowance.total} "
             f"movement points ({how}): {verdict}"]
    if breakdown:
        lines += [f"  {st.note}" for st in cost.steps]
    return lines


def reach_line(reach: Any) -> str:
    """``"RX-78-2 Gundam Advance: allowance 4 = Advance 3 + 1 Speed (M2); 14 hexes reachable"``."""
    kind = reach.allowance.kind.capitalize()
    return (f"{reach.unit} {kind}: {reach.allowance.explain()}; {plural(len(reach.costs), 'hex')} reachable "
            f"(the numbers: cheapest cost in movement points)")


def engagement_lines(units: Sequence[tuple[str, int, Sequence[str], Any]],
                     near: Iterable[tuple[str, int, str, int]], must: Mapping[str, Sequence[str]]) -> list[str]:
    """Who is Engaged with whom and what it costs (E1, E2), and each adjacent enemy that does not
    engage because it stands at another elevation (E1), with what that means for attacks (E4).

    Parameters
    ----------
    units : sequence of (name, elevation, engaged with, Advance allowance)
    near : iterable of (low unit, its elevation, high unit, its elevation)
        Adjacent enemies at different elevations (:func:`hexrules.movement.adjacent_not_engaged`).
    must : mapping of str to sequence of str
        The enemies each unit is Engaged with (:func:`hexrules.movement.engagements`): its attacks
        must include one of them (E4).
    """
    lines = []
    for name, level, with_, al in units:
        status = f"Engaged with {join_and(with_)}" if with_ else "not Engaged"
        lines.append(f"{name} (height {level}): {status}; Advance {al.base} -> {al.total}")
    near = list(near)
    for low, low_level, high, high_level in near:
        d = high_level - low_level
        lines.append(f"{low}: adjacent to {high} but {_LEVELS.get(d, f'{d} levels')} lower, so not Engaged (E1)")
        if must.get(high):
            lines.append(f"  {high}'s attacks must include {' or '.join(must[high])} (E4)")
    if not near and any(with_ for _, _, with_, _ in units):
        lines.append("Engagement is mutual (E1); each movement an Engaged unit starts costs one more (E2)")
    return lines


def forced_lines(fm: Any, chosen: Any = None) -> list[str]:
    """A Push or Pull: how many branches, which end in a collision (with the damage), where the
    target can end (P1, P2, P4, L1), and the chosen branch's outcome, if one is chosen."""
    names = fm.board
    word = forced_word(fm.kind)
    rule = "P1" if fm.kind == "push" else "L1"
    way = "strictly farther from" if fm.kind == "push" else "strictly closer to"
    lines = [f"{word} {fm.n} from {hex_name(fm.source, names)} on {fm.target}: each hex {way} the source ({rule}); "
             f"{plural(len(fm), 'branch')}, stops included."]
    hits = fm.collisions
    if hits:
        lines.append(f"{plural(len(hits), 'branch')} end{'s' if len(hits) == 1 else ''} in a collision ({fm.target} stays, "
                     f"collision damage, non-combat: P2, P6):")
        lines.append("  " + ", ".join(path_text(b, names) for b in hits))
    edges = [b for b in fm if b.ending == "edge"]
    if edges:
        lines.append(f"{plural(len(edges), 'branch')} reach{'es' if len(edges) == 1 else ''} the board edge (P4): "
                     + ", ".join(path_text(b, names) for b in edges))
    ends = sorted(hex_name(h, names) for h in fm.destinations)
    lines.append(f"{fm.target} can end on {', '.join(ends)}.")
    if chosen is not None:
        lines += ["Chosen: " + chosen.explain().splitlines()[0]] + [f"  {x.strip()}" for x in chosen.explain().splitlines()[1:]]
    return lines


def crush_lines(piece: str, dice: int, affected: Sequence[tuple[str, Sequence[str]]],
                touching: Sequence[tuple[str, Sequence[str]]], vehicle: str | None) -> list[str]:
    """Who a Crush affects (C2): every unit with a model in, on or under the piece; those that
    merely touch it (a neighbouring hex) are not affected.

    Parameters
    ----------
    piece : str
        The piece's name.
    dice : int
        The Crush dice each affected unit rolls (the Cover before the reduction, C2).
    affected, touching : sequence of (unit name, where)
        ``where``: e.g. ``["R1 on D2", "R2 on E2"]``.
    vehicle : str or None
        The vehicle whose path traverses the piece (C1).
    """
    def who(units: Sequence[tuple[str, Sequence[str]]]) -> str:
        return "; ".join(f"{name} ({', '.join(where)})" for name, where in units) or "nobody"

    lines = []
    if vehicle:
        lines.append(f"{vehicle} drives through {piece}: it collapses (C1); each affected unit rolls "
                     f"{plural(dice, 'die')} (the Cover before the reduction, C2).")
    lines.append(f"Affected, in, on or under {piece} (C2): {who(affected)}.")
    lines.append(f"Touching only, not affected: {who(touching)}.")
    return lines


def frame_line(cover: int, resolve: int, expected: object) -> str:
    """The cell a Crush chart frames and its expected damage (C2, C3), under the chart's title.

    >>> from fractions import Fraction
    >>> frame_line(3, 4, Fraction(3, 2))
    '(framed: Cover 3 vs Resolve 4, 3/2)'
    """
    return f"(framed: Cover {cover} vs Resolve {resolve}, {expected})"
