"""Editing a scenario: every operation of the board editor as a pure function, and its history.

A designer's board editor (:class:`hexrules.widgets.edit.BoardEditor`) is a thin skin over this
module: each operation takes a :class:`~hexrules.scenario.Scenario` and returns a NEW one, or
refuses with the rule that forbids it (:class:`~hexrules.errors.EditError`, whose ``ruling``
names it), changing nothing. So a wrong click never loses work, every operation is testable
without widgets, and :class:`History` can undo and redo by keeping the scenarios themselves.

=========================  ==========================================================================
operation                  refuses (ruling)
=========================  ==========================================================================
:func:`blank`              a size that is not whole numbers 1..60
:func:`set_elevation`      a hex off the board, a level below 0 or above 99 (M1)
:func:`raise_hex`,         the same (a hex at 0 cannot be lowered)
:func:`lower_hex`
:func:`paint`              an unknown terrain (T1); impassable terrain under a unit (T1)
:func:`add_terrain`        a symbol another terrain has (T1); making impassable a terrain a unit stands on (T1)
:func:`place`              an impassable hex (T1), an occupied hex (M3), a name already taken
:func:`move_unit`          an impassable hex (T1), an occupied hex (M3)
:func:`update_unit`        a name already taken; a value the unit refuses (M2)
:func:`remove_unit`,       no unit there
:func:`clear_hex`
:func:`add_line`,          removing the last row or column, or one a unit (or a topic section's piece,
:func:`remove_line`        model, path) stands on
:func:`set_title`          a title or name of more than one line
:func:`save_scenario`      a file that exists (unless told to overwrite), a name that is not a plain file name
=========================  ==========================================================================

Hexes are given as :class:`~hexrules.hexgrid.Hex` values or labels (``"C4"``); the cell
operations take one hex or several (a drag over the map is one operation on many hexes).

Rows and columns (:func:`add_line`, :func:`remove_line`): a pointy-top board's labels are odd-r
offsets (odd rows sit half a hex to the right), a flat-top board's odd-q. A row added at the
bottom, or a column at the right, keeps every hex where it is. At the top of a pointy-top board
(at the left of a flat-top one) the lines come in pairs: one line alone would move every hex by one
row, and with odd-r offsets that moves odd rows to even ones, which changes which hexes are
neighbours (the board would not be the same board); two keep the stagger, so every hex, unit and
topic section keeps its neighbours and only the labels change.

Examples
--------
>>> sc = blank(4, 3)
>>> sc = raise_hex(sc, "B2")
>>> sc = place(sc, "Scout", "blue", "B2", advance=4)
>>> sc.board.elevation("B2"), sc.state.unit("Scout").advance
(1, 4)
>>> place(sc, "Raider", "red", "B2")
Traceback (most recent call last):
...
hexrules.errors.EditError: B2 holds unit 'Scout': one unit per hex (ruling M3)
>>> h = History(sc)
>>> h.do(paint, "C1", "water").board.terrain("C1").name
'water'
>>> h.undo().board.terrain("C1").name, h.redo().board.terrain("C1").name
('open', 'water')
"""

from __future__ import annotations

import dataclasses
import inspect
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .board import Board, DEFAULT_TERRAIN, TerrainType, check_board
from .errors import EditError, HexrulesError
from .checks import show
from .hexgrid import FLAT, POINTY, Hex, Orientation, from_offset, to_offset
from .scenario import Scenario
from .state import State, Unit
from .words.edit import edit_text

__all__ = [
    "MAX_SIZE",
    "MAX_ELEVATION",
    "EDGES",
    "UNIT_FIELDS",
    "blank",
    "set_elevation",
    "raise_hex",
    "lower_hex",
    "paint",
    "add_terrain",
    "place",
    "move_unit",
    "update_unit",
    "remove_unit",
    "clear_hex",
    "add_line",
    "remove_line",
    "lines_at",
    "set_title",
    "size",
    "Edit",
    "History",
    "BOARDS_ENV",
    "boards_folder",
    "save_scenario",
    "saved_scenarios",
    "open_scenario",
]

#: The largest number of columns or rows :func:`blank` and :func:`add_line` make.
MAX_SIZE = 60
#: The highest elevation the editor sets, in levels (the rules have no maximum; the editor's
#: controls need one).
MAX_ELEVATION = 99
#: The board edges a row or column is added at or removed from.
EDGES = ("top", "bottom", "left", "right")
#: The unit fields :func:`update_unit` changes.
UNIT_FIELDS = ("name", "side", "advance", "dash", "speed", "hp", "damage", "ignore_engagement")


# --- helpers --------------------------------------------------------------------------------------


def _check(sc: Any) -> Scenario:
    if not isinstance(sc, Scenario):
        raise EditError(f"{show(sc)} is not a hexrules.scenario.Scenario")
    return sc


def _hex(sc: Scenario, where: Any, what: str = "hex") -> Hex:
    """The hex of ``sc``'s board that ``where`` names; an EditError naming it otherwise."""
    try:
        return sc.board.hex(where, what=what)
    except HexrulesError as e:
        raise EditError(e.message, ruling=e.ruling) from None


def _hexes(sc: Scenario, where: Any) -> list[Hex]:
    """One hex or several (a drag), each on the board, duplicates dropped, order kept."""
    items = [where] if isinstance(where, (str, Hex)) else list(where) if isinstance(where, Iterable) else [where]
    if not items:
        raise EditError("no hex given (give a hex such as 'C4', or several)")
    return list(dict.fromkeys(_hex(sc, h) for h in items))


def _rebuilt(sc: Scenario, **changes: Any) -> Scenario:
    """``sc.replace(**changes)``, a refusal of the new scenario's checks (a topic section that no
    longer fits the board) turned into an EditError."""
    try:
        return sc.replace(**changes)
    except EditError:
        raise
    except HexrulesError as e:
        raise EditError(e.message, ruling=e.ruling) from None


def _with_cells(sc: Scenario, cells: Mapping[Hex, tuple[int, str]]) -> Scenario:
    b = sc.board
    return _rebuilt(sc, board=Board(cells, b.terrain_table, b.orientation, b.name))


def _level(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ELEVATION:
        raise EditError(f"elevation {show(value)} is not a whole number of levels from 0 to {MAX_ELEVATION}", ruling="M1")
    return value


# --- a new board -----------------------------------------------------------------------------------


def blank(columns: int = 12, rows: int = 10, *, elevation: int = 0, orientation: Any = POINTY,
          name: str = "", title: str = "") -> Scenario:
    """A new scenario: an open board of ``columns`` x ``rows`` hexes at ``elevation``, no units.

    Raises
    ------
    EditError
        If a size is not a whole number from 1 to :data:`MAX_SIZE`, the elevation not 0..99 (M1),
        or ``orientation`` not ``POINTY`` or ``FLAT``.

    >>> len(blank(12, 10).board)
    120
    """
    for what, v in (("columns", columns), ("rows", rows)):
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_SIZE:
            raise EditError(f"{what}={show(v)} is not a whole number from 1 to {MAX_SIZE}")
    if not isinstance(orientation, Orientation) or orientation not in (POINTY, FLAT):
        raise EditError(f"orientation {show(orientation)} is not hexgrid.POINTY or hexgrid.FLAT")
    level = _level(elevation)
    off = orientation.offset
    cells = {from_offset(c, r, off): (level, "open") for r in range(rows) for c in range(columns)}
    try:
        return Scenario(Board(cells, orientation=orientation), name=name, title=title)
    except HexrulesError as e:
        raise EditError(e.message, ruling=e.ruling) from None


def size(sc: Scenario) -> tuple[int, int]:
    """``(columns, rows)`` that the board spans (holes included)."""
    sc = _check(sc)
    offs = [to_offset(h, sc.board.offset) for h in sc.board]
    if not offs:
        return 0, 0
    return max(c for c, _ in offs) + 1, max(r for _, r in offs) + 1


# --- cells -----------------------------------------------------------------------------------------


def set_elevation(sc: Scenario, where: Any, level: int) -> Scenario:
    """The hex(es) ``where`` at elevation ``level`` (levels, M1); a unit on them stays (it stands
    on the new height).

    Raises
    ------
    EditError
        If a hex is not on the board, or ``level`` is not a whole number 0..99 (M1).
    """
    sc = _check(sc)
    level = _level(level)
    cells = sc.board.cells()
    for h in _hexes(sc, where):
        cells[h] = (level, cells[h][1])
    return _with_cells(sc, cells)


def _shift(sc: Scenario, where: Any, by: int) -> Scenario:
    sc = _check(sc)
    cells = sc.board.cells()
    for h in _hexes(sc, where):
        level = cells[h][0] + by
        if not 0 <= level <= MAX_ELEVATION:
            word = "lowered below ground level (0)" if level < 0 else f"raised above {MAX_ELEVATION}"
            raise EditError(f"{sc.board.label(h)} is at height {cells[h][0]}: it cannot be {word}", ruling="M1")
        cells[h] = (level, cells[h][1])
    return _with_cells(sc, cells)


def raise_hex(sc: Scenario, where: Any, by: int = 1) -> Scenario:
    """The hex(es) ``where`` raised by ``by`` levels (M1).

    Raises
    ------
    EditError
        If a hex is not on the board or would go above :data:`MAX_ELEVATION`.
    """
    return _shift(sc, where, _positive(by))


def lower_hex(sc: Scenario, where: Any, by: int = 1) -> Scenario:
    """The hex(es) ``where`` lowered by ``by`` levels (M1).

    Raises
    ------
    EditError
        If a hex is not on the board or would go below ground level (0).
    """
    return _shift(sc, where, -_positive(by))


def _positive(by: Any) -> int:
    if isinstance(by, bool) or not isinstance(by, int) or by < 1:
        raise EditError(f"by={show(by)} is not a whole number of levels >= 1", ruling="M1")
    return by


def paint(sc: Scenario, where: Any, terrain: str) -> Scenario:
    """The hex(es) ``where`` given terrain ``terrain`` (a name of the board's terrain table, T1).

    Raises
    ------
    EditError
        If a hex is not on the board, the terrain is unknown (the message lists the table), or
        it is impassable and a unit or Garrison stands on one of the hexes (T1).
    """
    sc = _check(sc)
    table = sc.board.terrain_table
    if not isinstance(terrain, str) or terrain not in table:
        raise EditError(f"unknown terrain {show(terrain)} (known: {', '.join(table)})", ruling="T1")
    cells = sc.board.cells()
    hexes = _hexes(sc, where)
    if not table[terrain].passable:
        for h in hexes:
            u = sc.state.at(h)
            if u is not None:
                raise EditError(f"{sc.board.label(h)} holds {u.kind} {show(u.name)}: it cannot be made {terrain} "
                                f"(no unit stands on an impassable hex)", ruling="T1")
    for h in hexes:
        cells[h] = (cells[h][0], terrain)
    return _with_cells(sc, cells)


def add_terrain(sc: Scenario, name: str, symbol: str, cost: int = 0, *, passable: bool = True) -> Scenario:
    """The board's terrain table with terrain ``name`` added, or changed (T1's editable table).

    Parameters
    ----------
    name : str
        A word (letters, digits, ``_``, ``-``), e.g. ``"mud"``.
    symbol : str
        One character for the scenario text's map (not a digit, ``-``, ``#``, a quote or ``=``).
    cost : int
        Extra movement points to enter (T1).
    passable : bool
        False: it can never be entered (T1) and is a collision for Push and Pull (P2).

    Raises
    ------
    EditError
        If the name, symbol or cost is not valid, the symbol is another terrain's (T1), or the
        terrain is made impassable while a unit stands on it (T1).
    """
    sc = _check(sc)
    try:
        t = TerrainType(name, symbol, cost, passable)
    except HexrulesError as e:
        raise EditError(e.message, ruling=e.ruling) from None
    table = sc.board.terrain_table
    clash = [o.name for o in table.values() if o.symbol == t.symbol and o.name != t.name]
    if clash:
        raise EditError(f"terrain {show(t.name)}: symbol {show(t.symbol)} is already the symbol of {show(clash[0])}", ruling="T1")
    if name == "open" and (symbol, cost, passable) != (DEFAULT_TERRAIN["open"].symbol, 0, True):
        raise EditError("terrain 'open' is the plain ground: it stays '.', cost 0, passable", ruling="T1")
    if not passable:
        for u in sc.state:
            if sc.board.terrain(u.hex).name == name:
                raise EditError(f"{u.kind} {show(u.name)} stands on {name} ({sc.board.label(u.hex)}): {name} cannot be "
                                f"made impassable", ruling="T1")
    return _rebuilt(sc, board=sc.board.with_terrain(t))


# --- units -----------------------------------------------------------------------------------------


def _standable(sc: Scenario, h: Hex, who: str, state: State) -> None:
    """Refuse ``h`` for ``who``: impassable (T1) or held by another unit (M3)."""
    t = sc.board.terrain(h)
    if not t.passable:
        raise EditError(f"{sc.board.label(h)} is {t.name}: no unit stands on an impassable hex", ruling="T1")
    other = state.at(h)
    if other is not None and other.name != who:
        raise EditError(f"{sc.board.label(h)} holds {other.kind} {show(other.name)}: one unit per hex", ruling="M3")


def place(sc: Scenario, name: str, side: str, at: Any, *, garrison: bool = False, advance: int = 3, dash: int = 2,
          speed: int = 0, hp: int | None = None, ignore_engagement: bool = False) -> Scenario:
    """A unit (or, with ``garrison=True``, a Garrison) added on hex ``at``.

    Parameters
    ----------
    name, side : str
        Its name (unique) and side (units of another side are its enemies, M3).
    at : Hex or str
    garrison : bool
        A Garrison blocks and engages like a unit but never moves (M3, E1).
    advance, dash, speed : int
        Movement points (M2); a Garrison keeps the defaults.
    hp : int, optional
    ignore_engagement : bool
        E5.

    Raises
    ------
    EditError
        If ``at`` is not on the board, is impassable (T1) or holds a unit (M3), the name is
        taken, or a value is not valid (M2).
    """
    sc = _check(sc)
    h = _hex(sc, at, "where to place")
    if isinstance(name, str) and name in sc.state:
        raise EditError(f"a unit named {show(name)} is already on the board ({sc.board.label(sc.state.unit(name).hex)})")
    _standable(sc, h, "", sc.state)
    try:
        unit = Unit(name, side, h, advance=advance, dash=dash, speed=speed, garrison=garrison, hp=hp,
                    ignore_engagement=ignore_engagement)
    except HexrulesError as e:
        raise EditError(e.message, ruling=e.ruling) from None
    return _rebuilt(sc, state=sc.state.add(unit))


def _unit(sc: Scenario, name: Any) -> Unit:
    try:
        return sc.state.unit(name)
    except HexrulesError as e:
        raise EditError(e.message) from None


def move_unit(sc: Scenario, name: str, to: Any) -> Scenario:
    """Unit (or Garrison) ``name`` put on hex ``to`` (an editor's move: no movement rule is checked,
    only where a unit may stand).

    Raises
    ------
    EditError
        If there is no such unit, ``to`` is not on the board, is impassable (T1) or holds another
        unit (M3).
    """
    sc = _check(sc)
    u = _unit(sc, name)
    h = _hex(sc, to, "where to move")
    _standable(sc, h, u.name, sc.state)
    return _rebuilt(sc, state=sc.state.move(u.name, h))


def update_unit(sc: Scenario, unit: str, /, **changes: Any) -> Scenario:
    """Unit ``unit`` (a name) with some of :data:`UNIT_FIELDS` changed (e.g. ``advance=4``, ``side="red"``).

    Raises
    ------
    EditError
        If there is no such unit, a field is unknown, a new name is taken, or a value is not
        valid (M2).
    """
    sc = _check(sc)
    u = _unit(sc, unit)
    unknown = sorted(set(changes) - set(UNIT_FIELDS))
    if unknown:
        raise EditError(f"unknown unit field(s) {unknown} (fields: {', '.join(UNIT_FIELDS)})")
    new_name = changes.get("name", u.name)
    if new_name != u.name and isinstance(new_name, str) and new_name in sc.state:
        raise EditError(f"a unit named {show(new_name)} is already on the board")
    try:
        unit = u.replace(**changes)
        state = State(unit if o is u else o for o in sc.state)
    except HexrulesError as e:
        raise EditError(e.message, ruling=e.ruling) from None
    return _rebuilt(sc, state=state)


def remove_unit(sc: Scenario, name: str) -> Scenario:
    """The scenario without unit (or Garrison) ``name``.

    Raises
    ------
    EditError
        If there is no such unit.
    """
    sc = _check(sc)
    return _rebuilt(sc, state=sc.state.remove(_unit(sc, name).name))


def clear_hex(sc: Scenario, where: Any) -> Scenario:
    """The scenario without the unit or Garrison on hex ``where``.

    Raises
    ------
    EditError
        If the hex is not on the board or holds nothing.
    """
    sc = _check(sc)
    h = _hex(sc, where)
    u = sc.state.at(h)
    if u is None:
        raise EditError(f"{sc.board.label(h)} holds no unit or Garrison to delete")
    return remove_unit(sc, u.name)


def set_title(sc: Scenario, title: str | None = None, *, name: str | None = None) -> Scenario:
    """The scenario with a new title (and name, if given).

    Raises
    ------
    EditError
        If one of them is not one line of text.
    """
    sc = _check(sc)
    changes = {k: v for k, v in (("title", title), ("name", name)) if v is not None}
    return _rebuilt(sc, **changes)


# --- rows and columns --------------------------------------------------------------------------------


def lines_at(board: Board, edge: str) -> tuple[str, int]:
    """What :func:`add_line` adds (and :func:`remove_line` removes) at ``edge`` of ``board``:
    ``(axis, count)``, ``axis`` ``"row"`` or ``"column"``; ``count`` is 2 at the top of a pointy-top
    board (odd-r) and at the left of a flat-top one (odd-q), where one line alone would change
    which hexes are neighbours (see the module docstring), else 1.

    Raises
    ------
    BoardError
        If ``board`` is not a Board.
    EditError
        If ``edge`` is not one of :data:`EDGES`.

    Examples
    --------
    >>> board = blank(4, 3).board  # pointy-top
    >>> lines_at(board, "top"), lines_at(board, "bottom"), lines_at(board, "left")
    (('row', 2), ('row', 1), ('column', 1))
    """
    board = check_board(board)
    if not isinstance(edge, str) or edge not in EDGES:
        raise EditError(f"edge {show(edge)} is not one of {', '.join(EDGES)}")
    axis = "row" if edge in ("top", "bottom") else "column"
    stagger = "row" if board.offset == "odd-r" else "column"
    return axis, 2 if (edge in ("top", "left") and axis == stagger) else 1


def _line_kind(sc: Scenario, edge: Any) -> tuple[str, int, bool]:
    """``(axis, how many lines, at the low end)`` of an edge: top/bottom are rows, left/right columns."""
    axis, n = lines_at(sc.board, edge)
    return axis, n, edge in ("top", "left")


def _translated(value: Any, by: Hex) -> Any:
    """``value`` with every :class:`Hex` inside it moved by ``by`` (frozen dataclasses, tuples,
    lists, sets and mappings rebuilt, so a topic section's data keeps its own checks)."""
    if isinstance(value, Hex):
        return value + by
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _translated(getattr(value, f.name), by) for f in dataclasses.fields(value) if f.init}
        return dataclasses.replace(value, **changes)
    if isinstance(value, Mapping):
        return {k: _translated(v, by) for k, v in value.items()}
    if isinstance(value, (tuple, list, frozenset, set)):
        return type(value)(_translated(v, by) for v in value)
    return value


def _moved(sc: Scenario, cells: dict[Hex, tuple[int, str]], by: Hex) -> Scenario:
    """``sc`` on a board of ``cells`` (already in new positions), units and sections moved by ``by``."""
    b = sc.board
    board = Board(cells, b.terrain_table, b.orientation, b.name)
    try:
        state = State(u.replace(hex=u.hex + by) for u in sc.state)
        sections = {k: _translated(v, by) for k, v in sc.sections.items()}
    except HexrulesError as e:
        raise EditError(e.message, ruling=e.ruling) from None
    return _rebuilt(sc, board=board, state=state, sections=sections)


def add_line(sc: Scenario, edge: str) -> Scenario:
    """A row (``"top"``, ``"bottom"``) or column (``"left"``, ``"right"``) of open ground-level hexes
    added at ``edge``; two at the top of a pointy-top board or the left of a flat-top one (see the
    module docstring: every hex keeps its neighbours).

    Raises
    ------
    EditError
        If ``edge`` is not one of :data:`EDGES`, or the board would span more than
        :data:`MAX_SIZE` rows or columns.
    """
    sc = _check(sc)
    axis, n, low = _line_kind(sc, edge)
    off = sc.board.offset
    cols, rows = size(sc)
    if (rows if axis == "row" else cols) + n > MAX_SIZE:
        raise EditError(f"the board has {rows if axis == 'row' else cols} {axis}s: at most {MAX_SIZE}")
    dc, dr = (0, n) if axis == "row" else (n, 0)
    by = from_offset(dc, dr, off) - from_offset(0, 0, off) if low else Hex(0, 0)
    cells = {h + by: v for h, v in sc.board.cells().items()}
    new_cols, new_rows = cols + dc, rows + dr
    for r in range(new_rows):
        for c in range(new_cols):
            fresh = (r < dr if low else r >= rows) if axis == "row" else (c < dc if low else c >= cols)
            if fresh:
                cells[from_offset(c, r, off)] = (0, "open")
    return _moved(sc, cells, by)


def remove_line(sc: Scenario, edge: str) -> Scenario:
    """The row (``"top"``, ``"bottom"``) or column (``"left"``, ``"right"``) at ``edge`` removed; two
    at the top of a pointy-top board or the left of a flat-top one (see :func:`add_line`).

    Raises
    ------
    EditError
        If ``edge`` is not one of :data:`EDGES`, it would remove every row or column, or a unit,
        a Garrison or a topic section's hex (a terrain piece, a model, a path) is on it (move or
        delete it first: nothing is removed with it).
    """
    sc = _check(sc)
    axis, n, low = _line_kind(sc, edge)
    off = sc.board.offset
    cols, rows = size(sc)
    count = rows if axis == "row" else cols
    if count - n < 1:
        raise EditError(f"the board has {count} {axis}{'s' if count > 1 else ''}: removing {n} at the {edge} "
                        f"would leave none")
    gone = set(range(n)) if low else set(range(count - n, count))
    pos = 1 if axis == "row" else 0
    doomed = {h for h in sc.board if to_offset(h, off)[pos] in gone}
    for u in sc.state:
        if u.hex in doomed:
            raise EditError(f"{u.kind} {show(u.name)} stands on {sc.board.label(u.hex)}, in the {axis} to remove: "
                            f"move or delete it first")
    dc, dr = (0, n) if axis == "row" else (n, 0)
    by = (from_offset(0, 0, off) - from_offset(dc, dr, off)) if low else Hex(0, 0)
    cells = {h + by: v for h, v in sc.board.cells().items() if h not in doomed}
    return _moved(sc, cells, by)


# --- history -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Edit:
    """One step of a :class:`History`: the operation and its arguments (the scenario left out).

    Attributes
    ----------
    op : str
        The operation's name (``"paint"``, ``"place"``, ... or ``"text"`` for a scenario typed in).
    args : tuple
        Its arguments after the scenario, as given (hexes as labels or Hex values).
    kwargs : tuple of (str, value)
        Its keyword arguments.

    Its words come from :func:`hexrules.words.edit.edit_text`.
    """

    op: str
    args: tuple = ()
    kwargs: tuple = ()

    def text(self, board: Board | None = None) -> str:
        """The step in words, e.g. ``"paint C1 water"``; on ``board``, hexes by their labels and a
        line step with how many lines it takes there (:func:`lines_at`)."""
        lines = None
        if board is not None and self.op in ("add_line", "remove_line") and self.args and self.args[0] in EDGES:
            lines = lines_at(board, self.args[0])
        return edit_text(self, board, lines=lines)


class History:
    """A scenario being edited, with undo and redo (at least 50 steps; ``limit`` of them).

    Parameters
    ----------
    start : Scenario
        Where the editing starts.
    limit : int
        How many steps undo can go back (>= 50; older steps are forgotten).

    Attributes
    ----------
    scenario : Scenario
        The current scenario.
    past, future : list of (Scenario, Edit)
        The steps that :meth:`undo` and :meth:`redo` go through (most recent last).

    Raises
    ------
    EditError
        If ``start`` is not a Scenario, or ``limit`` < 50.
    """

    def __init__(self, start: Scenario, limit: int = 100) -> None:
        self.scenario = _check(start)
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 50:
            raise EditError(f"limit={show(limit)} is not a whole number of steps >= 50")
        self.limit = limit
        self.past: list[tuple[Scenario, Edit]] = []
        self.future: list[tuple[Scenario, Edit]] = []

    def do(self, operation: Callable[..., Scenario], *args: Any, **kwargs: Any) -> Scenario:
        """Apply ``operation(scenario, *args, **kwargs)`` (a function of this module) as one step.

        Returns the new scenario. A refusal (:class:`~hexrules.errors.EditError`) propagates and
        changes nothing, history included.

        Raises
        ------
        EditError
            If ``operation`` is not one of this module's operations (:data:`__all__`), or as the
            operation refuses; a wrong argument list is named with the operation.
        """
        if not callable(operation) or getattr(operation, "__module__", None) != __name__ \
                or getattr(operation, "__name__", "") not in __all__:
            raise EditError(f"operation {show(operation)} is not an operation of hexrules.edit (e.g. raise_hex)")
        try:  # a wrong argument list is refused before the call (a TypeError inside stays a bug's)
            inspect.signature(operation).bind(self.scenario, *args, **kwargs)
        except TypeError as err:
            raise EditError(f"{operation.__name__}: {err}") from None
        new = operation(self.scenario, *args, **kwargs)
        return self.push(new, Edit(operation.__name__, args, tuple(kwargs.items())))

    def push(self, scenario: Scenario, edit: Edit) -> Scenario:
        """Make ``scenario`` (computed elsewhere, e.g. a drag over several hexes) the next step.

        A scenario equal to the current one is no step (nothing changed). Redo steps are dropped.
        """
        scenario = _check(scenario)
        if scenario == self.scenario:
            return self.scenario
        self.past.append((self.scenario, edit))
        del self.past[: max(0, len(self.past) - self.limit)]
        self.future.clear()
        self.scenario = scenario
        return scenario

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> Scenario:
        """Go back one step; returns the scenario before it.

        Raises
        ------
        EditError
            If there is nothing to undo.
        """
        if not self.past:
            raise EditError("nothing to undo")
        before, edit = self.past.pop()
        self.future.append((self.scenario, edit))
        self.scenario = before
        return before

    def redo(self) -> Scenario:
        """Take again the last step undone.

        Raises
        ------
        EditError
            If there is nothing to redo.
        """
        if not self.future:
            raise EditError("nothing to redo")
        after, edit = self.future.pop()
        self.past.append((self.scenario, edit))
        self.scenario = after
        return after

    def last(self) -> Edit | None:
        """The step :meth:`undo` would take back, or None."""
        return self.past[-1][1] if self.past else None

    def next(self) -> Edit | None:
        """The step :meth:`redo` would take again, or None."""
        return self.future[-1][1] if self.future else None


# --- files -------------------------------------------------------------------------------------------

#: The environment variable that names the folder :func:`boards_folder` returns.
BOARDS_ENV = "HEXRULES_BOARDS"


def boards_folder() -> Path:
    """Where the editor saves boards by default: a folder of the learner's own.

    ``$HEXRULES_BOARDS`` if set; else, when the current folder is the lessons of ``make lab``'s
    working copy (``my-lessons/notebooks/``, beside ``my-lessons/.kit/``), ``my-lessons/boards/``;
    else ``my-boards/`` in the current folder. It is not created until a board is saved there.
    """
    env = os.environ.get(BOARDS_ENV)
    if env:
        return Path(env).expanduser()
    here = Path.cwd()
    if (here.parent / ".kit").is_dir():
        return here.parent / "boards"
    return here / "my-boards"


def _file(folder: str | Path, name: str) -> Path:
    if not isinstance(name, str) or not name.strip():
        raise EditError("the file name is empty (e.g. my-board.hex)")
    name = name.strip()
    if "/" in name or "\\" in name or name in (".", "..") or name.startswith("."):
        raise EditError(f"file name {show(name)} is not a plain file name (no folders; e.g. my-board.hex)")
    if not name.endswith(".hex"):
        name += ".hex"
    return _folder(folder) / name


def _folder(folder: Any) -> Path:
    if not isinstance(folder, (str, os.PathLike)) or not str(folder).strip():
        raise EditError(f"folder {show(folder)} is not a folder name (e.g. 'my-lessons/boards')")
    return Path(folder).expanduser()


def save_scenario(scenario: Scenario, folder: str | Path, name: str, *, overwrite: bool = False) -> Path:
    """Write ``scenario``'s text to ``folder/name`` (``.hex`` added if missing); returns the path.

    The folder is made if needed. An existing file is never replaced unless ``overwrite`` is
    True (the file is created exclusively otherwise, so a file that appears meanwhile is not lost
    either); the text is written to a temporary file first, then moved into place.

    Raises
    ------
    EditError
        If the name is not a plain file name, the file exists and ``overwrite`` is False (the
        message says how to replace it), or the scenario has no text form.
    EditError
        Also if the folder cannot be made or the file written (why, from the system).
    """
    sc = _check(scenario)
    if not isinstance(overwrite, bool):
        raise EditError(f"overwrite={show(overwrite)} is not True or False")
    path = _file(folder, name)
    try:
        text = sc.to_text()
    except HexrulesError as e:
        raise EditError(e.message, ruling=e.ruling) from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not overwrite:
            try:
                with open(path, "x", encoding="utf-8") as f:
                    f.write(text)
            except FileExistsError:
                raise EditError(f"{path.name} already exists in {path.parent}: confirm to replace it "
                                "(overwrite=True), or choose another name") from None
            return path
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as err:  # the scenario is kept (the editor still has it): say why it was not written
        raise EditError(f"cannot write {path} ({err.strerror or type(err).__name__})") from None
    return path


def saved_scenarios(folder: str | Path) -> list[str]:
    """The ``.hex`` files in ``folder`` (names, sorted); empty if the folder does not exist.

    Raises
    ------
    EditError
        If ``folder`` is not a folder name, or the system cannot list it.
    """
    folder = _folder(folder)
    try:
        if not folder.is_dir():
            return []
        return sorted(p.name for p in folder.glob("*.hex") if p.is_file())
    except OSError as err:
        raise EditError(f"cannot list {folder} ({err.strerror or type(err).__name__})") from None


def open_scenario(folder: str | Path, name: str) -> Scenario:
    """Read the scenario file ``folder/name`` (``.hex`` added if missing).

    Raises
    ------
    EditError
        If the name is not a plain file name or there is no such file.
    ScenarioError
        If its text is malformed (file, line and column in the message).
    """
    from .scenario import load_scenario

    path = _file(folder, name)
    try:
        found = path.is_file()
    except OSError as err:
        raise EditError(f"cannot look for {path.name} in {path.parent} ({err.strerror or type(err).__name__})") from None
    if not found:
        raise EditError(f"no file {path.name} in {path.parent}")
    return load_scenario(path)
