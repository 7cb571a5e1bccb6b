"""Words for forced movement (RULES.md P, L): steps, branches, every outcome of a Push or Pull.

Each function takes a result of :mod:`hexrules.forced` (:class:`~hexrules.forced.ForcedStep`,
:class:`~hexrules.forced.Branch`, :class:`~hexrules.forced.ForcedMove`,
:class:`~hexrules.forced.MultiForced`) and says it in words; the results' ``text``,
``explain()``, ``table()``, ``str()`` and ``_repr_html_()`` call them. They read facts only:
what was hit, the levels, the P4 mode and the damage were all decided and recorded by the rules.

Examples
--------
>>> from hexrules.scenario import Scenario
>>> from hexrules.forced import push
>>> sc = Scenario.from_text("map:\\n  0 0 1\\nunits:\\n  Zaku side=zeon at=A1\\n  Gundam side=federation at=B1\\n")
>>> b = push(sc.board, sc.state, "Zaku", "Gundam", 1).choose("C1")
>>> step_text(b.steps[0])
'step 1 into C1 (height 1, 1 level higher than B1): collision with terrain; Gundam takes 2 collision damage (non-combat, P6)'
>>> path_text(b), ending_text(b)
('B1 -x C1', 'collision with terrain 1 level higher')
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from . import forced_word, hex_name, hex_names, join_and, plural
from .exercise import hexes_text


__all__ = [
    "ENDINGS",
    "unit_name",
    "damage_text",
    "collision_damage_text",
    "step_text",
    "path_text",
    "ending_text",
    "end_text",
    "branch_text",
    "move_table",
    "forced_name",
    "move_head",
    "move_summary",
    "move_text",
    "move_html",
    "multi_text",
    "check_text",
    "forcing_side_text",
    "not_enemy_text",
    "no_target_text",
]

#: Every way a branch can end (:attr:`hexrules.forced.Branch.ending`), in plain words.
ENDINGS: dict[str, str] = {
    "stop": "chosen stop",
    "full": "full distance",
    "terrain": "collision with higher terrain",
    "impassable": "collision with impassable terrain",
    "unit": "collision with a unit or Garrison",
    "edge": "board edge",
    "adjacent": "next to the source: no closer hex",
}


def unit_name(name: str, garrison: bool = False) -> str:
    """``"Garrison Outpost"`` for a Garrison, the bare name for a unit.

    Examples
    --------
    >>> unit_name("Outpost", garrison=True), unit_name("Gundam")
    ('Garrison Outpost', 'Gundam')
    """
    return f"Garrison {name}" if garrison else name


def damage_text(totals: Mapping[str, int]) -> str:
    """``"Gundam 2, GM 2"``: the total per unit (empty when there is none).

    Parameters
    ----------
    totals : mapping of str to int
        Damage per unit, e.g. :attr:`hexrules.forced.Branch.damage`.
    """
    return ", ".join(f"{k} {v}" for k, v in totals.items())


def collision_damage_text(damages: Iterable[Any]) -> str:
    """``"Gundam and GM each take 2 collision damage (non-combat, P6)"`` (P2, L2, L3, P4).

    Parameters
    ----------
    damages : iterable of Damage
        The damage of one collision: one entry per unit involved, all of the same amount.
    """
    damages = list(damages)
    names = [d.unit for d in damages]
    who = names[0] if len(names) == 1 else join_and(names) + " each"
    verb = "takes" if len(names) == 1 else "take"
    return f"{who} {verb} {damages[0].amount} collision damage (non-combat, P6)"


def _into(step: Any, prefix: str = "") -> str:
    """``"step 2 into D3 (height 2, 1 level higher than C3)"``."""
    frm = hex_name(step.frm, step.board)
    e0, e1 = step.elevation_from, step.elevation_to
    if e1 > e0:
        rel = f", {plural(e1 - e0, 'level')} higher than {frm}"
    elif e1 < e0:
        rel = f", {plural(e0 - e1, 'level')} lower than {frm}"
    else:
        rel = ""
    return f"step {step.number} into {hex_name(step.to, step.board)} ({prefix}height {e1}{rel})"


def step_text(step: Any) -> str:
    """One attempted step in words: where, the distances and heights, what happened (P1-P4, L1-L3).

    Parameters
    ----------
    step : ForcedStep

    Returns
    -------
    str
    """
    name = step.target
    dist = f"distance {step.distance_from} -> {step.distance_to}"
    if step.result == "edge":
        where = (f"step {step.number} toward {hex_name(step.to, step.board)} ({dist}): off the board, "
                 f"beyond {hex_name(step.frm, step.board)}")
        if step.edge == "stop":
            return f"{where}: the board edge stops {name} with no damage (P4, push_off_board='stop')"
        if step.edge == "collide":
            return (f"{where}: the board edge is a collision (P4, push_off_board='collide'); "
                    f"{collision_damage_text(step.damages)}")
        return f"{where}: {name} leaves the board and is removed from play (P4, push_off_board='remove')"
    if step.result == "collision":
        where, hurt = _into(step), collision_damage_text(step.damages)
        if step.ruling == "L3":
            return (f"{where}: next to the source at another elevation, {name} collides with "
                    f"{unit_name(step.hit, step.hit_garrison)} on the source hex (L3, pull_other_elevation='collide'); "
                    f"{hurt}")
        if step.obstacle == "unit":
            up = step.elevation_to - step.elevation_from
            also = f" (the hex is also {plural(up, 'level')} higher)" if up > 0 else ""
            return f"{where}: collision with {unit_name(step.hit, step.hit_garrison)} ({step.hit_side}){also}; {hurt}"
        if step.obstacle == "impassable":
            return f"{where}: collision with impassable terrain ({step.terrain}); {hurt}"
        return f"{where}: collision with terrain; {hurt}"
    down = step.elevation_from - step.elevation_to
    if down > 0:
        if step.damages:
            amount = sum(d.amount for d in step.damages)
            note = (f": {forced_word(step.kind, 'ed')} down; {name} takes {amount} damage "
                    f"({down} x {amount // down}, non-combat, P3, P6)")
        else:
            note = f": {forced_word(step.kind, 'ed')} down, no damage (P3)"
    else:
        note = ": moved"
    return _into(step, prefix=f"{dist}, ") + note


#: Where each of the six neighbour directions (:data:`hexrules.hexgrid.DIRECTIONS`, in order) points
#: on the page as a board is drawn (rows down the page): pointy-top, then flat-top boards.
EDGE_DIRECTIONS = {"pointy": ("east", "north-east", "north-west", "west", "south-west", "south-east"),
                   "flat": ("south-east", "north-east", "north", "north-west", "south-west", "south")}


def _edge_direction(frm: Any, to: Any, board: Any) -> str:
    """``" (north-east)"``: which way a step off the board goes on the page ("" if unknown)."""
    from ..hexgrid import DIRECTIONS, FLAT  # at run time only: words import no rules module at load (cycles)

    step = to - frm
    if board is None or step not in DIRECTIONS:
        return ""
    names = EDGE_DIRECTIONS["flat" if board.orientation == FLAT else "pointy"]
    return f" ({names[DIRECTIONS.index(step)]})"


def path_text(b: Any, names: Any = None) -> str:
    """``"C3 -> D3 -x D4"``: the hexes moved through, then the hex of the collision if any, or
    ``"-x board edge (north-east)"`` for a step off the board, with the way it goes on the page
    (P4: a hex beyond the edge has a name, ``"D-1"``, that a player reads as a hex of the map;
    the step's own words say which hex it leaves).

    Parameters
    ----------
    b : Branch
    names : Board or mapping, optional
        What names the hexes (:func:`~hexrules.words.hex_name`); default the branch's board.
    """
    names = b.board if names is None else names
    text = hex_names(b.trail, names, sep=" -> ")
    if b.attempted is not None:
        if b.ending == "edge":
            text += " -x board edge" + _edge_direction(b.trail[-1], b.attempted, b.board)
        else:
            text += f" -x {hex_name(b.attempted, names)}"
    return text


def ending_text(b: Any) -> str:
    """How a branch ended, short: ``"collision with terrain 1 level higher"``, ``"board edge: stop"``."""
    if b.ending == "terrain":
        return f"collision with terrain {plural(b.levels, 'level')} higher"
    if b.ending == "unit":
        return f"collision with {b.hit}"
    if b.ending == "edge":
        return "board edge: " + ("removed" if b.removed else "collision" if b.collision else "stop")
    if b.ending == "stop":
        return f"chosen stop after {plural(b.moved, 'step')}"
    if b.ending == "full":
        return f"full distance ({plural(b.n, 'hex')})"
    return ENDINGS[b.ending]


def end_text(b: Any) -> str:
    """How a branch ended, in a sentence: where the target ends and the ruling that ends it."""
    name, word, here = b.target, forced_word(b.kind), hex_name(b.final, b.board)
    if b.ending == "full":
        if b.n == 0:
            return f"{word} 0 moves nothing: {name} stays on {here}."
        return f"Full distance ({plural(b.n, 'hex')}): {name} ends on {here}."
    if b.ending == "stop":
        player = forced_word(b.kind, "ing")
        if b.moved == 0:
            return f"The {player} player stops before any step ({b.ruling}): {name} stays on {here}."
        return f"The {player} player stops after {plural(b.moved, 'step')} ({b.ruling}): {name} ends on {here}."
    if b.ending == "adjacent":
        elevation = b.steps[-1].elevation_to if b.steps else b.start_elevation
        if elevation == b.source_elevation:
            return (f"{name} is next to the source at the same elevation ({elevation}): it cannot be Pulled closer "
                    f"(L3); the Pull ends on {here}.")
        if b.by is None:  # the switch does not apply: nobody to collide with
            why, rule = "the source's own hex is its only closer hex, and the source hex is never entered", "L3"
        else:  # pull_other_elevation="collide" would have made it a collision (an "unit" ending)
            why = f"its only closer hex is the source's own hex, held by {unit_name(b.by, b.by_garrison)}"
            rule = "L3, pull_other_elevation='nothing'"
        return (f"{name} is next to the source at another elevation (height {elevation}, source height "
                f"{b.source_elevation}): {why}; nothing happens ({rule}); the Pull ends on {here}.")
    if b.ending == "edge" and b.removed:
        return f"{name} is removed from play (P4)."
    if b.ending == "edge" and not b.collision:
        return f"{name} stops at the edge on {here} (P4)."
    return f"The {word} ends ({b.ruling}): {name} stays on {here}."


def branch_text(b: Any) -> str:
    """A branch in words: the Push or Pull, every step, how it ended and the damage (P1-P6, L1-L3)."""
    who = f" ({b.by})" if b.by else ""
    lines = [f"{forced_word(b.kind)} {b.n} from {hex_name(b.source, b.board)}{who} on {b.target} at "
             f"{hex_name(b.start, b.board)}:"]
    lines += [f"  {s.text}" for s in b.steps]
    lines.append(f"  {end_text(b)}")
    lines.append(f"  Damage (non-combat, P6): {damage_text(b.damage)}." if b.damages else "  No damage.")
    return "\n".join(lines)


def move_table(fm: Any) -> list[dict[str, Any]]:
    """One row per branch: number, path, ending, final hex and damage, in plain words."""
    return [
        {
            "#": i,
            "path": path_text(b),
            "ending": ending_text(b),
            "ends on": "removed from play" if b.removed else hex_name(b.final, fm.board),
            "damage": damage_text(b.damage) or "none",
        }
        for i, b in enumerate(fm.branches, start=1)
    ]


def forced_name(kind: str, n: int, source: str, target: str, at: str, by: str | None = None) -> str:
    """``"Push 2 from B2 (Zaku I) on RX-78-2 Gundam at C2"``: one Push or Pull, named alike wherever
    the kit names one (its explorer, the board editor, the what-if report, its menu and map).

    Parameters
    ----------
    kind : {"push", "pull"}
    n : int
        Push N or Pull N (hexes).
    source, at : str
        The source hex's and the target's hex's names.
    target : str
        The unit forced.
    by : str, optional
        The unit on the source hex whose Push or Pull it is (None: an effect from an empty hex).

    >>> forced_name("pull", 1, "D3", "Zaku", "B3", by="GM")
    'Pull 1 from D3 (GM) on Zaku at B3'
    """
    who = f" ({by})" if by else ""
    return f"{forced_word(kind)} {n} from {source}{who} on {target} at {at}"


def move_head(fm: Any) -> str:
    """:func:`forced_name` of a computed Push or Pull (``"Push 2 from B2 (Zaku I) on RX-78-2 Gundam at C2"``)."""
    return forced_name(fm.kind, fm.n, hex_name(fm.source, fm.board), fm.target, hex_name(fm.start, fm.board), fm.by)


def move_summary(fm: Any) -> str:
    """:func:`move_text`'s first line: the Push or Pull (:func:`move_head`), how many branches end
    which way, where the target can end (without the one line per branch, which an explorer shows
    as a table)."""
    counts: dict[str, int] = {}
    for b in fm.branches:
        counts[b.ending] = counts.get(b.ending, 0) + 1
    parts = ", ".join(f"{v} {ENDINGS[k]}" for k, v in counts.items())
    ends = ", ".join(sorted(hex_name(h, fm.board) for h in fm.destinations))
    return f"{move_head(fm)}: {plural(len(fm.branches), 'branch')} ({parts}); it can end on {ends}."


def move_text(fm: Any) -> str:
    """A summary line (:func:`move_summary`), then one line per branch."""
    lines = [move_summary(fm)]
    for row in move_table(fm):
        where = row["ends on"] if row["ends on"] == "removed from play" else f"ends on {row['ends on']}"
        lines.append(f"  {row['#']:>2}. {row['path']}: {row['ending']}; {where}; damage {row['damage']}")
    return "\n".join(lines)


def move_html(fm: Any) -> str:
    """:func:`move_text`'s summary line and :func:`move_table` as an HTML table (Jupyter)."""
    rows = move_table(fm)
    head = "".join(f"<th>{html.escape(k)}</th>" for k in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r.values()) + "</tr>" for r in rows)
    title = html.escape(move_summary(fm))
    return (f'<div class="hexrules-outcomes"><p>{title}</p><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def multi_text(mf: Any) -> str:
    """Each unit's branch in the chosen order (P5)."""
    out = [f"{len(mf.branches)} units {forced_word(mf.kind, 'ed')} by one effect, one at a time in the chosen order (P5):"]
    for i, b in enumerate(mf.branches, start=1):
        out.append(f"{i}. " + b.explain().replace("\n", "\n   "))
    return "\n".join(out)


def check_text(fm: Any, g: Any) -> str:
    """The words of :meth:`~hexrules.forced.ForcedMove.check`: ``"Correct: Gundam can end on
    C2, C3."``, or what is missing, which hexes cannot be reached, and the answer.

    Parameters
    ----------
    fm : ForcedMove
        The move guessed about (its target and board).
    g : Grade
        The guess graded against ``fm.destinations`` (:class:`hexrules.exercise.HexesQuestion`).

    Returns
    -------
    str
    """
    if g.right:
        return f"Correct: {fm.target} can end on {hexes_text(g.question.answer, fm.board)}."
    parts = []
    if g.missing:
        parts.append(f"missing {hexes_text(g.missing, fm.board)}")
    if g.wrong:
        parts.append(f"{hexes_text(g.wrong, fm.board)} cannot be reached")
    return f"Not quite: {'; '.join(parts)}. The engine says: {hexes_text(g.question.answer, fm.board)}."


def forcing_side_text(kind: str, source: str, side: str, by: str | None = None) -> str:
    """Whose Push or Pull it is, and why: the side of the unit on the source hex, or, from an empty
    hex, the side of the scenario's first unit (the explorers' reading of an effect; P1, L1).

    Parameters
    ----------
    kind : {"push", "pull"}
    source : str
        The source hex as the player reads it (its label).
    side : str
        The forcing side.
    by : str, optional
        The unit standing on the source hex (None: the hex is empty).

    Examples
    --------
    >>> forcing_side_text("push", "C3", "federation", "RX-78-2 Gundam")
    "RX-78-2 Gundam stands on C3, so the Push is federation's"
    >>> forcing_side_text("pull", "D3", "zeon")
    "the source hex D3 is empty, so the Pull is zeon's (the side of the scenario's first unit)"
    """
    word = forced_word(kind)
    if by is not None:
        return f"{by} stands on {source}, so the {word} is {side}'s"
    return f"the source hex {source} is empty, so the {word} is {side}'s (the side of the scenario's first unit)"


def not_enemy_text(kind: str, target: str, source: str, side: str, by: str | None = None) -> str:
    """Why ``target`` cannot be Pushed or Pulled from ``source``: it is on the forcing side (P1, L1).

    Parameters: as :func:`forcing_side_text`, and ``target``, the unit's name.

    Examples
    --------
    >>> not_enemy_text("push", "Zaku I", "D3", "zeon")
    "Zaku I is on zeon's side, and the source hex D3 is empty, so the Push is zeon's (the side of the scenario's first unit): a Push moves only enemies"
    """
    word = forced_word(kind)
    return f"{target} is on {side}'s side, and {forcing_side_text(kind, source, side, by)}: a {word} moves only enemies"


def no_target_text(kind: str, source: str, side: str, by: str | None = None) -> str:
    """Why no unit can be Pushed or Pulled from ``source``: the forcing side has no enemy that can
    move (P1, L1: only enemies move; Garrisons never do).

    Parameters: as :func:`forcing_side_text`.

    Examples
    --------
    >>> print(no_target_text("push", "B1", "zeon", "Zaku"))
    No unit can be pushed from B1: Zaku stands on B1, so the Push is zeon's, and a Push moves only enemies: zeon has no enemy on the board that can move (Garrisons never move). Choose as Source a hex held by another side.
    """
    word, ed = forced_word(kind), forced_word(kind, "ed")
    return (f"No unit can be {ed} from {source}: {forcing_side_text(kind, source, side, by)}, and a {word} moves "
            f"only enemies: {side} has no enemy on the board that can move (Garrisons never move). Choose as "
            f"Source a hex held by another side.")
