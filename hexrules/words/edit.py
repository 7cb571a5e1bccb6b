"""Words for the editor's steps (:class:`hexrules.edit.Edit`): what each undo and redo would do.

Examples
--------
>>> from hexrules.edit import Edit
>>> edit_text(Edit("paint", (["C1", "D1"], "water")))
'paint C1, D1 water'
>>> edit_text(Edit("place", ("Scout", "blue", "B2"), (("advance", 4),)))
'place Scout (blue) on B2, advance 4'
>>> edit_text(Edit("add_line", ("bottom",)), lines=("row", 1))
'add a row at the bottom'
>>> from hexrules.edit import blank
>>> Edit("add_line", ("top",)).text(blank(3, 2).board)  # the rules decide how many lines: lines_at
'add 2 rows at the top (they come in pairs there: odd rows sit half a hex to the right, so one row alone would change which hexes are neighbours)'
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from . import hex_name

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..scenario import Scenario

__all__ = ["edit_text", "scenario_changes", "OPERATION_WORDS"]

#: How many hexes, and how many unit changes, :func:`scenario_changes` names before it counts the rest.
NAMED_CHANGES = 4

#: How each operation of :mod:`hexrules.edit` is named in the words.
OPERATION_WORDS = {
    "set_elevation": "set the height of", "raise_hex": "raise", "lower_hex": "lower", "paint": "paint",
    "add_terrain": "add terrain", "place": "place", "move_unit": "move", "update_unit": "change",
    "remove_unit": "delete", "clear_hex": "clear", "add_line": "add a line at the", "remove_line":
    "remove the line at the", "set_title": "retitle", "text": "apply the scenario text", "blank": "new board",
    "load": "load",
}


def _where(value: Any, board: Board | None) -> str:
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(_where(v, board) for v in value)
    if isinstance(value, str):
        return value
    return hex_name(value, board)


def _line_text(op: str, edge: Any, lines: tuple[str, int] | None) -> str:
    """``"add a row at the bottom"``; ``"add 2 rows at the top (...)"`` with why, where the
    lines come in pairs (``lines``: :func:`hexrules.edit.lines_at` of the board, which decides
    it); without ``lines``, ``"add a line at the top"``."""
    if lines is None:
        return f"{OPERATION_WORDS[op]} {edge}"
    axis, n = lines
    verb = "add" if op == "add_line" else "remove"
    if n == 1:
        return f"{verb} a {axis} at the {edge}"
    other = "odd rows sit half a hex to the right" if axis == "row" else "odd columns sit half a hex lower"
    return (f"{verb} {n} {axis}s at the {edge} (they come in pairs there: {other}, so one {axis} alone "
            f"would change which hexes are neighbours)")


def edit_text(edit: Any, board: Board | None = None, *, lines: tuple[str, int] | None = None) -> str:
    """One step in words: ``"raise C4"``, ``"place Scout (blue) on B2"``, ``"move Scout to C3"``.

    Parameters
    ----------
    edit : hexrules.edit.Edit
    board : Board, optional
        Names hexes given as :class:`~hexrules.hexgrid.Hex` values by their labels.
    lines : (str, int), optional
        For a step that adds or removes lines: ``(axis, count)`` at its edge of the board, as
        :func:`hexrules.edit.lines_at` decides (:meth:`hexrules.edit.Edit.text` gives it).
    """
    op, args, kw = edit.op, edit.args, dict(edit.kwargs)
    extra = ", ".join(f"{k} {v}" for k, v in kw.items())
    if op in ("raise_hex", "lower_hex"):
        by = args[1] if len(args) > 1 else kw.get("by", 1)
        return f"{OPERATION_WORDS[op]} {_where(args[0], board)}" + (f" by {by}" if by != 1 else "")
    if op == "set_elevation":
        return f"set {_where(args[0], board)} to height {args[1]}"
    if op == "paint":
        return f"paint {_where(args[0], board)} {args[1]}"
    if op == "place":
        name, side, at = args[:3]
        what = "Garrison " if kw.pop("garrison", False) else ""
        extra = ", ".join(f"{k} {v}" for k, v in kw.items())
        return f"place {what}{name} ({side}) on {_where(at, board)}" + (f", {extra}" if extra else "")
    if op == "move_unit":
        return f"move {args[0]} to {_where(args[1], board)}"
    if op == "update_unit":
        return f"change {args[0]}: {extra}"
    if op in ("remove_unit", "clear_hex"):
        return f"delete {_where(args[0], board)}"
    if op in ("add_line", "remove_line"):
        return _line_text(op, args[0], lines)
    if op == "rules":  # a reading menu of the editor (hexrules.reading)
        from ..options import RulesOptions

        return f"set {args[0]} to {args[1]} ({RulesOptions.ruling(args[0])})"
    if op == "text" and args:  # what the text changed (scenario_changes), kept with the step
        return f"{OPERATION_WORDS[op]} ({args[0]})"
    if op == "add_terrain":
        return f"terrain {args[0]} (symbol {args[1]}, cost {args[2] if len(args) > 2 else kw.get('cost', 0)})"
    words = OPERATION_WORDS.get(op, op.replace("_", " "))
    rest = " ".join(str(a) for a in args)
    return " ".join(w for w in (words, rest, extra) if w)


def _some(items: list[str], more: str) -> str:
    """The first :data:`NAMED_CHANGES` of ``items``, then how many more (``"and 5 more hexes"``)."""
    shown = items[:NAMED_CHANGES]
    if len(items) > NAMED_CHANGES:
        shown.append(f"and {len(items) - NAMED_CHANGES} more {more}")
    return ", ".join(shown)


def scenario_changes(before: "Scenario", after: "Scenario") -> str:
    """What a step changed in a scenario, in words: the hexes, then the units, then the rest.

    ``"B1 height 0→2, B2 water; Scout moved A1→C1, Zaku (red) placed on A2, Guard removed"``:
    the hexes added or removed, each hex whose height or terrain changed, each unit moved,
    changed (``"Scout advance 3→4"``), placed or removed, at most :data:`NAMED_CHANGES` of each
    named and the rest counted; then the title, the name and the sections that changed. Hexes
    are named by their labels on ``after``'s board (a hex removed, on ``before``'s).

    Parameters
    ----------
    before, after : Scenario

    Returns
    -------
    str
        ``"nothing"`` if the two are equal.

    Examples
    --------
    >>> from hexrules import parse_scenario
    >>> a = parse_scenario("map:\\n    0 0\\nunits:\\n    Scout  side=blue  at=A1\\n")
    >>> scenario_changes(a, parse_scenario("map:\\n    0 1\\nunits:\\n    Scout  side=blue  at=B1\\n"))
    'B1 height 0→1; Scout moved A1→B1'
    """
    old, new = before.board, after.board
    parts = []
    for hexes, board, verb in ((set(new.hexes) - set(old.hexes), new, "added"),
                               (set(old.hexes) - set(new.hexes), old, "removed")):
        if not hexes:
            continue
        labels = [board.label(h) for h in sorted(hexes, key=lambda h: (h.r, h.q))]
        if len(labels) == 1:
            parts.append(f"hex {labels[0]} {verb}")
        elif len(labels) <= NAMED_CHANGES:
            parts.append(f"hexes {', '.join(labels)} {verb}")
        else:
            parts.append(f"{len(labels)} hexes {verb}")
    changed = []
    for h in sorted(set(old.hexes) & set(new.hexes), key=lambda h: (h.r, h.q)):
        words = []
        if old.elevation(h) != new.elevation(h):
            words.append(f"height {old.elevation(h)}→{new.elevation(h)}")
        if old.terrain(h) != new.terrain(h):
            words.append(new.terrain(h).name if new.terrain(h).name != "open" else "open ground")
        if words:
            changed.append(f"{new.label(h)} {' '.join(words)}")
    hexes = ", ".join(p for p in (", ".join(parts), _some(changed, "hexes")) if p)
    units = []
    was = {u.name: u for u in before.state}
    now = {u.name: u for u in after.state}
    for name, u in now.items():
        if name not in was:
            continue
        w = was[name]
        if w.hex != u.hex:
            units.append(f"{name} moved {hex_name(w.hex, old)}→{hex_name(u.hex, new)}")
        for field in (f.name for f in dataclasses.fields(u) if f.name not in ("name", "hex")):
            if getattr(w, field) != getattr(u, field):
                units.append(f"{name} {field.replace('_', ' ')} {getattr(w, field)}→{getattr(u, field)}")
    units += [f"{name} ({u.side}) placed on {hex_name(u.hex, new)}" for name, u in now.items() if name not in was]
    units += [f"{name} removed" for name in was if name not in now]
    rest = []
    if before.title != after.title:
        rest.append(f"title {after.title!r}" if after.title else "title removed")
    if before.name != after.name:
        rest.append(f"name {after.name!r}" if after.name else "name removed")
    for key in sorted(set(before.sections) | set(after.sections)):
        if before.sections.get(key) != after.sections.get(key):
            rest.append(f"{key} section changed")
    said = "; ".join(p for p in (hexes, _some(units, "unit changes"), ", ".join(rest)) if p)
    return said or "nothing"
