"""Words for comparisons of two readings (:mod:`hexrules.compare`): reach, Push and Pull, dice, Crush.

Each function takes a comparison (:class:`~hexrules.compare.ReachComparison`,
:class:`~hexrules.compare.ForcedComparison`, :class:`~hexrules.compare.DiceComparison`,
:class:`~hexrules.compare.CrushComparison`) and says what differs; their ``explain()`` and
``table()`` call them. ``labels`` names the two readings: ``("A", "B")`` reads "under A",
"under B"; the panel names of an explorer, ``("left", "right")``, read "on the left", "on the
right" (see :func:`under`). They read facts only: the rules computed both readings.

Examples
--------
>>> from hexrules import DEFAULT
>>> readings_text((DEFAULT, DEFAULT.replace(water="none", engagement_penalty=0)))
"A: engagement_penalty=1 (E2), water='enter_cost' (T1); B: engagement_penalty=0 (E2), water='none' (T1)"
>>> under("B"), under("right")
('under B', 'on the right')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import hex_name, noun
from .forced import damage_text, ending_text, path_text
from .movement import movement_name

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from ..options import RulesOptions

__all__ = [
    "under",
    "readings_text",
    "reach_text",
    "reach_table",
    "branch_outcome",
    "forced_text",
    "forced_table",
    "dice_text",
    "dice_table",
    "crush_text",
    "crush_table",
]

#: Panel names that read "on the left" rather than "under left".
_PANELS = ("left", "right")


def under(label: str) -> str:
    """How a phrase names one reading: ``"under B"``, or ``"on the right"`` for a panel name.

    Examples
    --------
    >>> under("A"), under("left")
    ('under A', 'on the left')
    """
    return f"on the {label}" if label in _PANELS else f"under {label}"


def readings_text(readings: Sequence[RulesOptions], labels: Sequence[str] = ("A", "B")) -> str:
    """``"A: water='enter_cost' (T1); B: water='allowance' (T1)"``: the switches that set the
    readings apart, with their rulings, in the order of :class:`~hexrules.options.RulesOptions`.

    Parameters
    ----------
    readings : (RulesOptions, RulesOptions)
    labels : (str, str)

    Returns
    -------
    str
        ``"A and B are the same reading"`` when no switch differs.
    """
    a, b = readings
    diff = a.differences(b)
    if not diff:
        return f"{labels[0]} and {labels[1]} are the same reading"
    sides = []
    for i, label in enumerate(labels):
        sides.append(f"{label}: " + ", ".join(f"{k}={v[i]!r} ({a.ruling(k)})" for k, v in diff.items()))
    return "; ".join(sides)


# --- reach -----------------------------------------------------------------------------------------------


def _cost(value: int | None) -> Any:
    return "-" if value is None else value


def _path_words(cost: Any | None, refusal: Any) -> str:
    if cost is None:
        return f"no path ({refusal})" if refusal is not None else "no path"
    verdict = "legal" if cost.legal else f"illegal ({cost.ruling})"
    return f"{cost.total} of {cost.allowance.total}, {verdict}"


def reach_text(cmp: Any, labels: Sequence[str] = ("A", "B")) -> str:
    """What differs between two readings of one movement: allowance, reach, costs, the target's path.

    Parameters
    ----------
    cmp : ReachComparison
    labels : (str, str)

    Returns
    -------
    str
        A heading naming the readings, then the allowances, the hexes whose cost differs
        (``"C4: 3 vs -"``: - is out of reach), and the path to the target under each.
    """
    la, lb = labels
    b = cmp.board
    lines = [f"{cmp.unit} {movement_name(cmp.kind)}; {readings_text(cmp.readings, labels)}."]
    aa, ab = cmp.allowances
    if cmp.allowance_changed:
        lines.append(f"Allowance: {aa.total} {under(la)} ({aa.explain()}); {ab.total} {under(lb)} ({ab.explain()}).")
    else:
        lines.append(f"Allowance: {aa.total} under both.")
    if cmp.reach_changed:
        lines.append(f"Hexes whose cost differs ({la} vs {lb}, in movement points; - = out of reach): "
                     + "; ".join(f"{hex_name(h, b)}: {_cost(x)} vs {_cost(y)}" for h, x, y in cmp.hex_changes) + ".")
    else:
        lines.append("Both readings give the same reach here: the same hexes at the same costs.")
    if cmp.target is not None:
        where = hex_name(cmp.target, b)
        (pa, pb), (fa, fb) = cmp.paths, cmp.refusals
        if cmp.path_changed:
            lines.append(f"Path to {where}: {_path_words(pa, fa)} {under(la)}; {_path_words(pb, fb)} {under(lb)}.")
        else:
            lines.append(f"Path to {where}: the same under both, {_path_words(pa, fa)}.")
    return "\n".join(lines)


def reach_table(cmp: Any, labels: Sequence[str] = ("A", "B")) -> list[dict[str, Any]]:
    """One row per hex whose cost differs: hex, cost under each reading (- = out of reach), change.

    Parameters
    ----------
    cmp : ReachComparison
    labels : (str, str)
        The column names of the two costs.

    Returns
    -------
    list of dict
        In board order; empty when the reach is the same.
    """
    la, lb = labels
    rows = []
    for h, x, y in cmp.hex_changes:
        if x is None:
            change = f"reachable only {under(lb)}"
        elif y is None:
            change = f"reachable only {under(la)}"
        elif y < x:
            change = f"{x - y} cheaper {under(lb)}"
        else:
            change = f"{y - x} more {under(lb)}"
        rows.append({"hex": hex_name(h, cmp.board), la: _cost(x), lb: _cost(y), "change": change})
    return rows


# --- Push and Pull ------------------------------------------------------------------------------------


def branch_outcome(b: Any) -> str:
    """``"board edge: stop, ends on D2, no damage"``: how a branch ends, where, and the damage
    (``"board edge: removed, no damage"`` for a target removed from play, P4)."""
    where = "" if b.removed else f", ends on {hex_name(b.final, b.board)}"
    damage = damage_text(b.damage)
    return f"{ending_text(b)}{where}, {'damage ' + damage if damage else 'no damage'}"


def forced_text(cmp: Any, labels: Sequence[str] = ("A", "B")) -> str:
    """The branches of a Push or Pull that differ between two readings (P1-P6, L1-L3).

    Parameters
    ----------
    cmp : ForcedComparison
    labels : (str, str)

    Returns
    -------
    str
        A heading per reading (the summary line of its branches), then one line per branch that
        differs (``"path: outcome under A  |  outcome under B"``) or exists under one reading only.
    """
    from .forced import move_summary

    la, lb = labels
    fa, fb = cmp.moves
    width = max(len(la), len(lb)) + 1
    lines = [f"{(la + ':').ljust(width)} {move_summary(fa)}",
             f"{(lb + ':').ljust(width)} {move_summary(fb)}",
             f"Readings: {readings_text(cmp.readings, labels)}.", ""]
    if cmp.same:
        lines.append("Both readings give the same branches here: these readings change nothing in this "
                     f"{'Push' if cmp.kind == 'push' else 'Pull'}.")
        return "\n".join(lines)
    lines.append(f"Branches that differ ({la} | {lb}):")
    lines += [f"  {path_text(c.a)}: {branch_outcome(c.a)}  |  {branch_outcome(c.b)}" for c in cmp.changed]
    lines += [f"  {path_text(x)}: only {under(la)}: {branch_outcome(x)}" for x in cmp.only_a]
    lines += [f"  {path_text(y)}: only {under(lb)}: {branch_outcome(y)}" for y in cmp.only_b]
    return "\n".join(lines)


def forced_table(cmp: Any, labels: Sequence[str] = ("A", "B")) -> list[dict[str, Any]]:
    """One row per branch that differs: path, outcome under each reading, what differs.

    Parameters
    ----------
    cmp : ForcedComparison
    labels : (str, str)
        The column names of the two outcomes.

    Returns
    -------
    list of dict
        Changed branches first (A's order), then A's own, then B's own; ``"-"`` where a
        reading has no such branch.
    """
    la, lb = labels
    rows = [{"path": path_text(c.a), la: branch_outcome(c.a), lb: branch_outcome(c.b), "differs": ", ".join(c.differs)}
            for c in cmp.changed]
    rows += [{"path": path_text(x), la: branch_outcome(x), lb: "-", "differs": f"only {under(la)}"} for x in cmp.only_a]
    rows += [{"path": path_text(y), la: "-", lb: branch_outcome(y), "differs": f"only {under(lb)}"} for y in cmp.only_b]
    return rows


# --- dice ---------------------------------------------------------------------------------------------


def _p(p: Any) -> str:
    return f"{p} ({float(p) * 100:.1f}%)" if p not in (0, 1) else str(p)


def _dice_head(cmp: Any) -> str:
    who = (f"a vehicle with Shield {cmp.shield}, Resolve {cmp.resolve} (C4)" if cmp.vehicle
           else f"Resolve {cmp.resolve} (C3)")
    return f"{cmp.dice} Crush {noun(cmp.dice, 'die')} against {who}"


def dice_text(cmp: Any, labels: Sequence[str] = ("A", "B")) -> str:
    """The Crush dice distributions that differ between two readings (C3, C4, C5): per tally, the
    counts whose probability differs, and the means.

    Parameters
    ----------
    cmp : DiceComparison
    labels : (str, str)

    Returns
    -------
    str
    """
    la, lb = labels
    lines = [f"{_dice_head(cmp)}; {readings_text(cmp.readings, labels)}."]
    if cmp.same:
        lines.append("Both readings give the same distribution here.")
        return "\n".join(lines)
    for t in cmp.tallies:
        ma, mb = t.means
        if t.same:
            lines.append(f"  {t.name}: the same under both (mean {ma}).")
            continue
        parts = "; ".join(f"P({k}) {_p(x)} vs {_p(y)}" for k, x, y in t.changes)
        lines.append(f"  {t.name} ({la} vs {lb}): {parts}; mean {ma} vs {mb}.")
    return "\n".join(lines)


def dice_table(cmp: Any, labels: Sequence[str] = ("A", "B")) -> list[dict[str, Any]]:
    """One row per tally and count whose probability differs: tally, k, P(k) under each reading.

    Returns
    -------
    list of dict
        Exact fractions with their percentage; empty when the distributions are the same.
    """
    la, lb = labels
    return [{"tally": t.name, "k": k, la: _p(x), lb: _p(y)} for t in cmp.tallies for k, x, y in t.changes]


# --- one Crush --------------------------------------------------------------------------------------

#: How the words name each compared fact of a Crush.
_FACT_NAMES = {
    "collapsed": "collapsed", "reduction": "Cover reduced by", "reduced_cover": "Cover after the reduction",
    "dice": "dice each", "damage": "damage dealt", "lost": "damage lost", "taken": "models took",
    "minor": "Minor", "major": "Major", "hp_lost": "HP lost", "hp_after": "HP left",
}


def _fact_value(name: str, value: Any) -> str:
    if name == "taken":
        return ", ".join(f"{m} {n}" for m, n in value if n) or "nothing"
    return str(value)


def crush_text(cmp: Any, labels: Sequence[str] = ("A", "B")) -> str:
    """What one Crush (the same dice) did differently under two readings (C1-C4), unit by unit.

    Returns
    -------
    str
    """
    la, lb = labels
    lines = [f"One Crush, the same dice; {readings_text(cmp.readings, labels)}."]
    if cmp.same:
        lines.append("  Both readings leave every unit with the same damage, tallies and HP here.")
        return "\n".join(lines)
    for name, x, y in cmp.collapse:
        lines.append(f"  the piece: {_FACT_NAMES[name]} {x} {under(la)}, {y} {under(lb)}.")
    aa, ab = cmp.affected
    if aa != ab:
        lines.append(f"  affected: {', '.join(aa) or 'none'} {under(la)}; {', '.join(ab) or 'none'} {under(lb)}.")
    for u in cmp.units:
        parts = "; ".join(f"{_FACT_NAMES[k]} {_fact_value(k, x)} {under(la)}, {_fact_value(k, y)} {under(lb)}"
                          for k, x, y in u.differs)
        lines.append(f"  {u.unit}: {parts}.")
    return "\n".join(lines)


def crush_table(cmp: Any, labels: Sequence[str] = ("A", "B")) -> list[dict[str, Any]]:
    """One row per unit and fact that differs: unit, fact, value under each reading.

    Returns
    -------
    list of dict
    """
    la, lb = labels
    rows = [{"unit": "(the piece)", "fact": _FACT_NAMES[k], la: x, lb: y} for k, x, y in cmp.collapse]
    rows += [{"unit": u.unit, "fact": _FACT_NAMES[k], la: _fact_value(k, x), lb: _fact_value(k, y)}
             for u in cmp.units for k, x, y in u.differs]
    return rows
