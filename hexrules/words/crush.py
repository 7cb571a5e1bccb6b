"""Words for Crush (RULES.md C1-C4): the collapse, each unit's dice and damage, the step-by-step walk.

Each function takes a result of :mod:`hexrules.crush` (:class:`~hexrules.crush.Collapse`,
:class:`~hexrules.crush.UnitResolution`, :class:`~hexrules.crush.CrushStep`,
:class:`~hexrules.crush.CrushResult`) and says it in words; their ``reason``, ``text`` and
``explain()`` call them. The rules decided everything (which dice hit, who took what).

Examples
--------
>>> from hexrules.board import Board
>>> from hexrules.crush import TerrainPiece, Vehicle, traverse
>>> b = Board.rectangle(3, 1)
>>> c = traverse(b, TerrainPiece("Shed", [b.hex("B1")], cover=1, collapsible=False),
...              Vehicle("Tank", b.hex("A1"), shield=4, resolve=2, hp=5), ["A1", "B1", "C1"])
>>> collapse_text(c)
'Tank traverses Shed (its path enters B1); Shed is not collapsible: nothing happens (C1).'
"""

from __future__ import annotations

from typing import Any

from . import hex_name, hex_names, join_names, plural


__all__ = ["IGNORES", "collapse_text", "resolution_text", "die_text", "step_text", "result_text", "policy_idle_text"]

#: What Crush does not use (C4 and the rule text): said in every explanation. "Cover" has two
#: meanings in the rule: the piece's Cover value, which counts the Crush dice (C2), and the
#: protection cover gives a target against a shooting attack, which Crush ignores.
IGNORES = ("Crush is not a shooting attack: it has no Force, and it ignores Line of Sight, Target Lock, Target Limit "
           "and Cover as protection (the piece's Cover value only counts the Crush dice) (C4).")


def _crossing(c: Any) -> str:
    """Where the vehicle's path is on the piece: ``"its path enters D3, E3"``, or, for a path
    that starts on the piece, ``"it starts on B1; its path enters C1"`` (C1)."""
    entered = hex_names(c.entered, c.labels)
    start = c.path[0]
    if start in c.touched and start not in c.entered:
        return f"it starts on {hex_name(start, c.labels)}; its path enters {entered}"
    return f"its path enters {entered}"


def collapse_text(c: Any) -> str:
    """What a traversal did to the piece and why: collapsed (Cover reduced, dice), or nothing (C1, C2).

    Said once, in order: the traversal reduces the piece's Cover, and that reduction is what
    collapses it; the collapse sets the Cover to 0 (collapsed obstruction terrain), so the
    reduced value is never used; the dice are the Cover before the reduction.

    Parameters
    ----------
    c : Collapse

    Returns
    -------
    str
    """
    piece = c.before
    head = f"{c.vehicle} traverses {piece.name} ({_crossing(c)})"
    if c.outcome == "not_collapsible":
        return f"{head}; {piece.name} is not collapsible: nothing happens (C1)."
    if c.outcome == "already_collapsed":
        return f"{head}; {piece.name} has already collapsed: nothing happens (C1)."
    if piece.cover == 0:
        reduced = "its Cover is already 0, so the reduction takes nothing away, but the traversal still collapses it"
    elif c.reduction == 0:
        reduced = (f"its Cover {piece.cover} is not reduced (crush_cover_reduction=0), but the traversal still "
                   "collapses it, and the collapse sets the Cover to 0")
    else:
        reduced = (f"its Cover {piece.cover} is reduced by {c.reduction} to {c.reduced_cover}; that reduction is what "
                   f"collapses it, and the collapse sets the Cover to 0 (the {c.reduced_cover} is never used)")
    text = (f"{head}: {reduced}. The piece stays on the board as collapsed obstruction terrain with Cover 0 (C1). "
            "Crush: ")
    if c.dice == 0:
        return text + "its Cover was 0 before the reduction, so no dice are rolled and nobody takes damage (C2)."
    return text + f"each affected unit rolls {c.dice} D6, the Cover the piece had before the reduction (C2)."


def resolution_text(r: Any) -> str:
    """One affected unit's Crush: its dice, the thresholds, and who took what (C2, C3, C4).

    Parameters
    ----------
    r : UnitResolution

    Returns
    -------
    str
    """
    n = len(r.dice)
    if r.vehicle:
        top = r.shield + r.resolve
        head = (
            f"{r.unit} (vehicle): rolls {plural(n, 'die')} "
            f"(pre-reduction Cover {r.pre_cover}) against Shield {r.shield} (Minor on {r.shield}+) "
            f"and Shield + Resolve {r.shield} + {r.resolve} = {top} (Major on {top}+"
            + (", impossible on a D6" if top > 6 else "") + ")"
        )
        if not n:
            return head + ": no dice, no damage."
        said = {"none": "nothing", "minor": "Minor", "major": "Major" + (" + Minor" if r.major_also_minor else "")}
        rolled = ", ".join(f"{d} {said[c]}" for d, c in zip(r.dice, r.classes))
        rule = "Major and Minor" if r.major_also_minor else "Major only"
        return (
            f"{head}: {rolled}.\n"
            f"  {r.minor} Minor System Damage, {r.major} Major System Damage "
            f"(a die reaching Shield + Resolve counts as {rule}); HP {r.hp_before} -> {r.hp_after}"
            + (" (no HP left)" if r.hp_after == 0 and r.hp_lost else "")
        )
    head = f"{r.unit}: rolls {plural(n, 'die')} (pre-reduction Cover {r.pre_cover}) against Resolve {r.resolve}"
    if not n:
        return head + ": no dice, no damage."
    rolled = ", ".join(f"{d} {c}" for d, c in zip(r.dice, r.classes))
    lines = [f"{head}: {rolled} -> {r.damage} damage."]
    eligible = ", ".join(f"{m} ({plural(k, 'wound')} left)" for m, k in zip(r.eligible, r.eligible_remaining))
    lines.append(f"  eligible models (on the piece): {eligible}")
    taken = [
        f"{md.model} takes {md.taken} ({'slain' if md.slain else plural(md.remaining_after, 'wound') + ' left'})"
        for md in r.assigned if md.taken
    ]
    if taken:
        lines.append("  " + "; ".join(taken))
    if r.lost:
        lines.append(f"  {r.lost} damage beyond the eligible models' wounds is lost (C3)")
    return "\n".join(lines)


def die_text(r: Any, i: int) -> str:
    """``"Rangers, die 1 of 3: 6, >= Resolve 4: 1 damage."``: die ``i`` (0-based) and its class (C3, C4)."""
    cls = r.classes[i]
    if r.vehicle:
        what = {
            "none": f"below Shield {r.shield}: nothing",
            "minor": f">= Shield {r.shield}: Minor System Damage",
            "major": f">= Shield + Resolve {r.shield + r.resolve}: Major System Damage, 1 HP lost"
            + (" (and Minor)" if r.major_also_minor else ""),
        }[cls]
    else:
        what = f">= Resolve {r.resolve}: 1 damage" if cls == "hit" else f"below Resolve {r.resolve}: no damage"
    return f"{r.unit}, die {i + 1} of {len(r.dice)}: {r.dice[i]}, {what}."


def step_text(step: Any, res: Any) -> str:
    """The words of one step of :attr:`CrushResult.steps <hexrules.crush.CrushResult.steps>`.

    Parameters
    ----------
    step : CrushStep
    res : CrushResult
        The Crush the step belongs to (its facts).

    Returns
    -------
    str
    """
    c = res.collapse
    if step.kind == "traverse":
        return f"{c.vehicle} moves {' -> '.join(hex_name(h, res.labels) for h in c.path)}."
    if step.kind == "collapse":
        return collapse_text(c)
    if step.kind == "affected":
        piece = c.before.name
        if res.affected:
            text = f"Affected (a model in, on or under {piece}, C2): {join_names(res.affected)}."
        else:
            text = f"No unit has a model in, on or under {piece}: it collapses without causing damage (C2)."
        if res.touching:
            text += f" Merely touching, so not affected: {join_names(res.touching)}."
        return text + " " + IGNORES
    if step.kind == "die":
        return die_text(res.resolution(step.unit), step.die)
    if step.kind == "unit":
        return resolution_text(res.resolution(step.unit))
    if not c.collapsed:  # "done"
        return "No collapse, no Crush."
    return f"{c.before.name} is now obstruction terrain with Cover 0 (C1). Play continues."


def result_text(res: Any) -> str:
    """The whole Crush in words: every step but the single dice (C1-C4)."""
    return "\n".join(step_text(s, res) for s in res.steps if s.kind != "die")


def policy_idle_text(squads: int, damaged: bool) -> str:
    """The damage-assignment policy (C3) changes nothing in this roll, and why: no squad is
    affected (``squads`` 0), none took damage (``damaged`` False), or every policy shares the
    damage out over the same models."""
    why = ("every policy shares out the damage the same way" if damaged else "no squad took damage") if squads \
        else "no squad is affected"
    return f"Assign (C3): changes nothing in this roll: {why}."
