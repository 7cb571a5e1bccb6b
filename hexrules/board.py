"""The board: a networkx graph of hex cells, its terrain table, and scenario text in and out.

The board is static for a scenario: which hexes exist, their elevation (levels, 0 = ground) and
terrain. What changes (units, damage) lives in :class:`hexrules.state.State`.

The graph is a :class:`networkx.DiGraph` whose nodes are :class:`~hexrules.hexgrid.Hex` values
with node data ``elevation`` (int >= 0) and ``terrain`` (a name in the terrain table). Every
pair of neighbouring hexes is joined in both directions, because a step's cost depends on its
direction: edge ``(a, b)`` carries ``climb`` (levels gained, ``max(0, elev(b) - elev(a))``, the
M1 surcharge), ``drop`` (levels lost) and ``cost``, the plain M1 cost of the step for a unit on
the ground on an empty board (``1 + climb + terrain extra``; impassable targets have no cost
attribute and are hidden by the movement weight). Unit-dependent costs (jumping, Engagement,
blocking) come from the ``weight=`` callables of :mod:`hexrules.movement`.

Scenario text
-------------
A few readable lines describe a board and the units on it::

    name: Jumping example
    map:
        1  1  0  1  2
         0  1  0  1  0
        0  0  ~  X  0
    units:
        "Char's Zaku II"  side=zeon  at=A1  advance=3 dash=2
    garrisons:
        "Federation Garrison"  side=federation  at=C1

* ``map:`` rows are offset rows (``odd-r``: odd rows sit half a hex to the right; indentation
  is only for the eye). A cell is an elevation (digits, default 0) followed by an optional
  terrain symbol: ``.`` open, ``~`` water, ``X`` impassable, or a designer symbol. ``-`` is
  "no hex here", for boards that are not rectangles.
* ``terrain: NAME symbol=S cost=N [impassable]`` adds or edits a terrain type.
* ``units:`` and ``garrisons:`` lines: a name (quote it if it has spaces) then ``key=value``
  fields: ``side`` and ``at`` (a label such as ``C4``) are required; ``advance``, ``dash``,
  ``speed``, ``hp``, ``damage`` and ``ignore_engagement`` are optional.
* ``#`` starts a comment; blank lines are ignored.

Errors name the file, line and column (:class:`~hexrules.errors.ScenarioError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

import networkx as nx

from .errors import BoardError, HexError, HexrulesError, ScenarioError, StateError
from .hexgrid import FLAT, POINTY, Hex, Layout, Orientation, from_label, from_offset, to_label, to_offset
from .state import State, Unit

__all__ = [
    "TerrainType",
    "DEFAULT_TERRAIN",
    "Board",
    "Scenario",
    "load_scenario",
    "parse_scenario",
]


@dataclass(frozen=True)
class TerrainType:
    """A kind of terrain (RULES.md T1).

    Parameters
    ----------
    name : str
        E.g. ``"water"``.
    symbol : str
        One character used in scenario text; not a digit, ``-`` or ``#``.
    cost : int
        Extra movement points to enter (see the ``water`` rules option for the other readings).
    passable : bool
        False for impassable hexes, which can never be entered (T1) and are a collision for
        Push and Pull (P2).
    """

    name: str
    symbol: str
    cost: int = 0
    passable: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not re.fullmatch(r"[A-Za-z_][\w-]*", self.name):
            raise BoardError(f"terrain name {self.name!r} is not a word", ruling="T1")
        if not isinstance(self.symbol, str) or len(self.symbol) != 1 or self.symbol.isdigit() or self.symbol in "-#\"'=" or self.symbol.isspace():
            raise BoardError(f"terrain {self.name!r}: symbol {self.symbol!r} is not one character other than a digit, '-', '#', quote or '='", ruling="T1")
        if isinstance(self.cost, bool) or not isinstance(self.cost, int) or self.cost < 0:
            raise BoardError(f"terrain {self.name!r}: cost {self.cost!r} is not a whole number >= 0", ruling="T1")
        if not isinstance(self.passable, bool):
            raise BoardError(f"terrain {self.name!r}: passable={self.passable!r} is not True or False", ruling="T1")


#: The terrain table every board starts from (T1): open, water (+1 to enter), impassable.
DEFAULT_TERRAIN: dict[str, TerrainType] = {
    "open": TerrainType("open", ".", 0),
    "water": TerrainType("water", "~", 1),
    "impassable": TerrainType("impassable", "X", 0, passable=False),
}


class Board:
    """Hex cells with elevation and terrain, as a networkx graph.

    Parameters
    ----------
    cells : mapping of Hex to (int, str)
        ``{hex: (elevation, terrain name)}``.
    terrain : mapping of str to TerrainType, optional
        The terrain table; default :data:`DEFAULT_TERRAIN`.
    orientation : Orientation
        :data:`~hexrules.hexgrid.POINTY` (default, odd-r labels) or
        :data:`~hexrules.hexgrid.FLAT` (odd-q labels).
    name : str
        A title for plots.

    Raises
    ------
    BoardError
        If an elevation is negative or not an integer, or a terrain name is not in the table.

    Examples
    --------
    >>> b = Board.from_text('''
    ... map:
    ...   0 1 2
    ...    0 ~ X
    ... ''')
    >>> b.elevation(from_label("C1")), b.terrain(from_label("B2")).name
    (2, 'water')
    >>> b.graph.edges[from_label("A1"), from_label("B1")]["climb"]
    1
    >>> len(b)
    6
    """

    def __init__(
        self,
        cells: Mapping[Hex, tuple[int, str]],
        terrain: Mapping[str, TerrainType] | None = None,
        orientation: Orientation = POINTY,
        name: str = "",
    ) -> None:
        if not isinstance(cells, Mapping):
            raise BoardError(f"board cells {cells!r} are not a mapping {{Hex: (elevation, terrain name)}}")
        table = DEFAULT_TERRAIN if terrain is None else terrain
        if not isinstance(table, Mapping) or not all(isinstance(t, TerrainType) for t in table.values()):
            raise BoardError(f"terrain table {table!r} is not a mapping of names to TerrainType", ruling="T1")
        if orientation not in (POINTY, FLAT):
            raise BoardError(f"orientation {orientation!r} is not hexgrid.POINTY or hexgrid.FLAT")
        self.terrain_table: dict[str, TerrainType] = dict(table)
        self.orientation = orientation
        self.name = name
        g = nx.DiGraph(name=name)
        for h, cell in cells.items():
            if not isinstance(h, Hex):
                raise BoardError(f"board cell key {h!r} is not a Hex")
            if not isinstance(cell, tuple) or len(cell) != 2:
                raise BoardError(f"hex {self._name(h)}: cell {cell!r} is not (elevation, terrain name)")
            elevation, tname = cell
            if isinstance(elevation, bool) or not isinstance(elevation, int) or elevation < 0:
                raise BoardError(f"hex {self._name(h)}: elevation {elevation!r} is not a whole number >= 0", ruling="M1")
            if tname not in self.terrain_table:
                raise BoardError(
                    f"hex {self._name(h)}: unknown terrain {tname!r} (known: {', '.join(self.terrain_table)})",
                    ruling="T1",
                )
            g.add_node(h, elevation=elevation, terrain=tname)
        for a in g.nodes:
            for b in a.neighbors():
                if b in g:
                    self._add_edge(g, a, b)
        self.graph = g
        # Plain lookups for the rule code's hot paths (movement weights): {hex: value}.
        self.elevations: dict[Hex, int] = {h: d["elevation"] for h, d in g.nodes(data=True)}
        self.terrains: dict[Hex, TerrainType] = {h: self.terrain_table[d["terrain"]] for h, d in g.nodes(data=True)}

    def _add_edge(self, g: nx.DiGraph, a: Hex, b: Hex) -> None:
        ea, eb = g.nodes[a]["elevation"], g.nodes[b]["elevation"]
        tb = self.terrain_table[g.nodes[b]["terrain"]]
        data = {"climb": max(0, eb - ea), "drop": max(0, ea - eb)}
        if tb.passable:
            data["cost"] = 1 + data["climb"] + tb.cost
        g.add_edge(a, b, **data)

    # --- reading ------------------------------------------------------------------------------

    @property
    def offset(self) -> str:
        """The offset-label kind of this board (``"odd-r"`` or ``"odd-q"``)."""
        return self.orientation.offset

    def __len__(self) -> int:
        return self.graph.number_of_nodes()

    def __contains__(self, h: object) -> bool:
        return h in self.graph

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.graph.nodes)

    @property
    def hexes(self) -> list[Hex]:
        """Every hex of the board, in row then column order."""
        return sorted(self.graph.nodes, key=lambda h: to_offset(h, self.offset)[::-1])

    def label(self, h: Hex) -> str:
        """How to name ``h`` to a player: its label (e.g. ``"C4"``), or, for a hex with negative
        offset coordinates (which has none), its axial coordinates ``"(q,r)"``.

        Raises
        ------
        HexError
            If ``h`` is not a :class:`Hex`.
        """
        if not isinstance(h, Hex):
            raise HexError(f"{h!r} is not a Hex")
        try:
            return to_label(h, self.offset)
        except HexError:
            return str(h)

    def _name(self, h: Hex) -> str:
        label = self.label(h)
        return label if label.startswith("(") else f"{label} {h}"

    def hex(self, where: Hex | str, *, what: str = "hex") -> Hex:
        """Resolve a :class:`Hex`, a label (``"C4"``) or axial text (``"(-1,2)"``, what
        :meth:`label` gives a hex without a label) to a hex of this board.

        Raises
        ------
        HexError
            If ``where`` is a string that is not a label (e.g. ``"1A"``).
        BoardError
            If it is neither a Hex nor a label, or the hex is not on the board; the message names
            it (label and axial coordinates).
        """
        if isinstance(where, str):
            axial = _AXIAL.match(where)
            where = Hex(int(axial.group(1)), int(axial.group(2))) if axial else from_label(where, self.offset)
        if not isinstance(where, Hex):
            raise BoardError(f"{what} {where!r} is not a Hex or a label such as 'C4'")
        if where not in self.graph:
            raise BoardError(f"{what} {self._name(where)} is not on the board {self.name!r}".replace(" ''", ""))
        return where

    def elevation(self, h: Hex | str) -> int:
        """Elevation of ``h``, in levels (0 = ground level)."""
        return self.elevations[self.hex(h)]

    def terrain(self, h: Hex | str) -> TerrainType:
        """The terrain type of ``h``."""
        return self.terrains[self.hex(h)]

    def neighbors(self, h: Hex | str) -> list[Hex]:
        """The neighbours of ``h`` that are on the board."""
        return list(self.graph.successors(self.hex(h)))

    def layout(self, size: float = 1.0) -> Layout:
        """A :class:`~hexrules.hexgrid.Layout` of this board's orientation."""
        return Layout(self.orientation, (size, size), (0.0, 0.0))

    def check_state(self, state: State) -> None:
        """Check that every unit stands on an enterable hex of this board.

        Raises
        ------
        StateError
            If ``state`` is not a State, or a unit is off the board or on an impassable hex (T1).
        """
        if not isinstance(state, State):
            raise StateError(f"{state!r} is not a State")
        for u in state:
            if u.hex not in self.graph:
                raise StateError(f"{u.kind} {u.name!r} is on hex {self._name(u.hex)}, which is not on the board")
            if not self.terrain(u.hex).passable:
                raise StateError(f"{u.kind} {u.name!r} is on impassable hex {self._name(u.hex)}", ruling="T1")

    # --- editing (returns a new board) ----------------------------------------------------------

    def cells(self) -> dict[Hex, tuple[int, str]]:
        """``{hex: (elevation, terrain name)}``: the board's data, e.g. to edit and rebuild."""
        return {h: (d["elevation"], d["terrain"]) for h, d in self.graph.nodes(data=True)}

    def with_cells(self, changes: Mapping[Hex, tuple[int, str]]) -> "Board":
        """A new board with some cells changed (e.g. terrain collapsed by Crush)."""
        cells = self.cells()
        if not isinstance(changes, Mapping):
            raise BoardError(f"cell changes {changes!r} are not a mapping {{hex: (elevation, terrain name)}}")
        for h, v in changes.items():
            cells[self.hex(h)] = v
        return Board(cells, self.terrain_table, self.orientation, self.name)

    def with_terrain(self, *types: TerrainType) -> "Board":
        """A new board whose terrain table has ``types`` added or replaced (T1's editable table)."""
        table = dict(self.terrain_table)
        for t in types:
            if not isinstance(t, TerrainType):
                raise BoardError(f"{t!r} is not a TerrainType", ruling="T1")
            table[t.name] = t
        return Board(self.cells(), table, self.orientation, self.name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self.cells() == other.cells()
            and self.terrain_table == other.terrain_table
            and self.orientation == other.orientation
        )

    __hash__ = None  # type: ignore[assignment]

    # --- text -----------------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, *, source: str = "<text>") -> "Board":
        """The board of a scenario text (units are ignored; see :func:`parse_scenario`)."""
        return parse_scenario(text, source=source).board

    def to_text(self, state: State | None = None) -> str:
        """Scenario text for this board (and ``state``'s units); :meth:`from_text` reads it back."""
        return Scenario(self, state or State(), self.name).to_text()

    @classmethod
    def rectangle(cls, columns: int, rows: int, elevation: int = 0, name: str = "") -> "Board":
        """An open board of ``columns`` x ``rows`` hexes (offset layout), all at ``elevation``.

        >>> len(Board.rectangle(15, 12))
        180

        Raises
        ------
        BoardError
            If a size is not a whole number >= 1, or ``elevation`` is not a whole number >= 0.
        """
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (columns, rows)) or columns < 1 or rows < 1:
            raise BoardError(f"board size {columns!r} x {rows!r} is not two whole numbers >= 1")
        cells = {from_offset(c, r): (elevation, "open") for r in range(rows) for c in range(columns)}
        return cls(cells, name=name)

    def __repr__(self) -> str:
        try:
            return f"Board.from_text({self.to_text()!r})"
        except BoardError:  # hexes with negative offset coordinates have no text form
            return f"Board({self.cells()!r}, name={self.name!r})"

    def __str__(self) -> str:
        try:
            return _map_text(self)
        except BoardError:
            return repr(self)

    def _repr_png_(self) -> bytes:  # pragma: no cover - exercised in notebooks
        from . import plot

        return plot.to_png(self)


@dataclass(frozen=True)
class Scenario:
    """A board, the units on it, and a name: what a scenario text describes.

    Examples
    --------
    >>> sc = Scenario.from_text('''
    ... map:
    ...   0 0 1
    ... units:
    ...   Gundam side=federation at=A1
    ... ''')
    >>> sc.state.unit("Gundam").hex == sc.board.hex("A1")
    True
    >>> Scenario.from_text(sc.to_text()) == sc
    True
    """

    board: Board
    state: State = field(default_factory=State)
    name: str = ""

    def __post_init__(self) -> None:
        self.board.check_state(self.state)

    @classmethod
    def from_text(cls, text: str, *, source: str = "<text>") -> "Scenario":
        """Parse scenario text; see :func:`parse_scenario`."""
        return parse_scenario(text, source=source)

    def to_text(self) -> str:
        """Scenario text that :meth:`from_text` reads back to an equal scenario."""
        b = self.board
        out = []
        if self.name:
            out.append(f"name: {self.name}")
        if b.orientation is FLAT:
            out.append("orientation: flat")
        for t in b.terrain_table.values():
            if DEFAULT_TERRAIN.get(t.name) != t:
                out.append(f"terrain: {t.name} symbol={t.symbol} cost={t.cost}" + ("" if t.passable else " impassable"))
        out.append("map:")
        out.extend("    " + row for row in _map_text(b).splitlines())
        for title, garrison in (("units", False), ("garrisons", True)):
            units = [u for u in self.state if u.garrison == garrison]
            if units:
                out.append(f"{title}:")
                out.extend("    " + _unit_text(b, u) for u in units)
        return "\n".join(out) + "\n"

    def _repr_png_(self) -> bytes:  # pragma: no cover - exercised in notebooks
        from . import plot

        return plot.to_png(self.board, self.state)


def _cell_text(board: Board, h: Hex) -> str:
    d = board.graph.nodes[h]
    t = board.terrain_table[d["terrain"]]
    return f"{d['elevation']}{'' if t.name == 'open' else t.symbol}"


def _map_text(board: Board) -> str:
    offs = {to_offset(h, board.offset): h for h in board.graph}
    if not offs:
        return ""
    cols = [c for c, _ in offs]
    rows = [r for _, r in offs]
    if min(cols) < 0 or min(rows) < 0:
        raise BoardError("board has hexes with negative offset coordinates; it has no text form")
    width = max(len(_cell_text(board, h)) for h in offs.values()) + 1
    lines = []
    for r in range(max(rows) + 1):
        cells = [offs.get((c, r)) for c in range(max(cols) + 1)]
        row = "".join((_cell_text(board, h) if h else "-").ljust(width) for h in cells).rstrip()
        indent = " " if (board.offset == "odd-r" and r % 2) else ""
        lines.append(indent + row)
    return "\n".join(lines)


def _quote(name: str) -> str:
    return f'"{name}"' if re.search(r"[\s=#']", name) or not name else name


def _unit_text(board: Board, u: Unit) -> str:
    parts = [_quote(u.name), f"side={_quote(u.side)}", f"at={board.label(u.hex)}"]
    if not u.garrison:
        parts += [f"advance={u.advance}", f"dash={u.dash}"]
        if u.speed:
            parts.append(f"speed={u.speed}")
    if u.hp is not None:
        parts.append(f"hp={u.hp}")
    if u.damage:
        parts.append(f"damage={u.damage}")
    if u.ignore_engagement:
        parts.append("ignore_engagement=yes")
    return "  ".join(parts)


# --- parsing ------------------------------------------------------------------------------------

_TOKEN = re.compile(r'"[^"]*"|\S+')
_CELL = re.compile(r"^(\d*)(\D?)$")
_SECTIONS = ("map", "units", "garrisons")
_AXIAL = re.compile(r"^\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*$")
_HEAD = re.compile(r"^\s*([a-z_]+):(.*)$")
_UNIT_INTS = ("advance", "dash", "speed", "hp", "damage")
_BOOL = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, message: str, line: int, column: int | None = None, ruling: str | None = None) -> ScenarioError:
        return ScenarioError(message, source=self.source, line=line, column=column, ruling=ruling)


def _tokens(text: str) -> list[tuple[int, str]]:
    """``(1-based column, token)`` pairs; a ``#`` outside quotes starts a comment."""
    out = []
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        if tok.startswith("#"):
            break
        out.append((m.start() + 1, tok))
    return out


def parse_scenario(text: str, *, source: str = "<text>") -> Scenario:
    """Parse scenario text (format: module docstring of :mod:`hexrules.board`).

    Parameters
    ----------
    text : str
        The scenario.
    source : str
        Where the text came from (a file name), for error messages.

    Returns
    -------
    Scenario

    Raises
    ------
    ScenarioError
        For malformed text, an unknown terrain symbol, a unit off the board, on an impassable
        hex or on an occupied hex; the message has ``source:line:column``.

    Examples
    --------
    >>> parse_scenario("map:\\n  0 0 lava\\n", source="demo.hex")
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioError: demo.hex:2:7: map cell 'lava' is not an elevation and a terrain symbol (known symbols: '.', '~', 'X') (ruling T1)
    """
    if not isinstance(source, str):
        raise ScenarioError(f"source {source!r} is not a string naming where the text came from")
    rd = _Reader(source)
    if not isinstance(text, str):
        raise rd.error(f"scenario text is {type(text).__name__}, not str", 1)
    name = ""
    orientation = POINTY
    terrain = dict(DEFAULT_TERRAIN)
    section: str | None = None
    map_rows: list[tuple[int, list[tuple[int, str]]]] = []
    unit_rows: list[tuple[int, bool, list[tuple[int, str]]]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        toks = _tokens(raw)
        if not toks:
            continue
        head = _HEAD.match(raw)
        if head:
            keyword, rest = head.group(1), head.group(2).split("#", 1)[0].strip()
            rest_col = head.start(2) + 1 + (len(head.group(2)) - len(head.group(2).lstrip()))
            if keyword in _SECTIONS:
                if rest:
                    raise rd.error(f"'{keyword}:' takes its entries on the following lines", lineno, rest_col)
                section = keyword
            elif keyword == "name":
                name = head.group(2).strip()
                section = None
            elif keyword == "orientation":
                if rest not in ("pointy", "flat"):
                    raise rd.error(f"orientation {rest!r} is not 'pointy' or 'flat'", lineno, rest_col)
                orientation = POINTY if rest == "pointy" else FLAT
                section = None
            elif keyword == "terrain":
                t = _parse_terrain(rd, lineno, [(c, tok) for c, tok in toks if c >= rest_col])
                clash = [o.name for o in terrain.values() if o.symbol == t.symbol and o.name != t.name]
                if clash:
                    raise rd.error(f"terrain {t.name!r}: symbol {t.symbol!r} is already {clash[0]!r}'s", lineno, rest_col, ruling="T1")
                terrain[t.name] = t
                section = None
            else:
                raise rd.error(
                    f"unknown section {keyword!r} (expected name, orientation, terrain, map, units, garrisons)",
                    lineno,
                    head.start(1) + 1,
                )
            continue
        col, first = toks[0]
        if section is None:
            raise rd.error(f"{first!r} is outside any section (start one with 'map:', 'units:' or 'garrisons:')", lineno, col)
        if section == "map":
            map_rows.append((lineno, toks))
        else:
            unit_rows.append((lineno, section == "garrisons", toks))
    if not map_rows:
        raise rd.error("no 'map:' section with at least one row", max(1, len(text.splitlines())))

    by_symbol = {t.symbol: t for t in terrain.values()}
    cells: dict[Hex, tuple[int, str]] = {}
    for row, (lineno, toks) in enumerate(map_rows):
        for colno, (col, tok) in enumerate(toks):
            if tok == "-":
                continue
            m = _CELL.match(tok)
            sym = m.group(2) if m else None
            if not m or (sym and sym not in by_symbol) or (not m.group(1) and not sym):
                known = ", ".join(repr(s) for s in by_symbol)
                raise rd.error(f"map cell {tok!r} is not an elevation and a terrain symbol (known symbols: {known})", lineno, col, ruling="T1")
            elevation = int(m.group(1)) if m.group(1) else 0
            tname = by_symbol[sym].name if sym else "open"
            cells[from_offset(colno, row, orientation.offset)] = (elevation, tname)
    board = Board(cells, terrain, orientation, name)

    units: list[Unit] = []
    taken: dict[Hex, tuple[str, int]] = {}
    named: dict[str, int] = {}
    for lineno, garrison, toks in unit_rows:
        unit = _parse_unit(rd, board, lineno, garrison, toks, taken)
        if unit.name in named:
            raise rd.error(f"two units are named {unit.name!r} (the first on line {named[unit.name]})", lineno, toks[0][0])
        named[unit.name] = lineno
        units.append(unit)
    return Scenario(board, State(units), name)


def _parse_terrain(rd: _Reader, lineno: int, toks: list[tuple[int, str]]) -> TerrainType:
    if not toks:
        raise rd.error("terrain line needs a name, e.g. 'terrain: mud symbol=m cost=2'", lineno)
    (ncol, tname), *fields = toks
    kw: dict = {"name": tname}
    for col, tok in fields:
        key, _, value = tok.partition("=")
        if tok == "impassable":
            kw["passable"] = False
        elif key == "symbol" and value:
            kw["symbol"] = value
        elif key == "cost" and value.isdigit():
            kw["cost"] = int(value)
        else:
            raise rd.error(f"terrain field {tok!r} is not symbol=S, cost=N or impassable", lineno, col, ruling="T1")
    if "symbol" not in kw:
        raise rd.error(f"terrain {tname!r} needs symbol=S", lineno, ncol, ruling="T1")
    try:
        return TerrainType(**kw)
    except BoardError as e:
        raise rd.error(str(e), lineno, ncol) from None


def _parse_unit(
    rd: _Reader, board: Board, lineno: int, garrison: bool, toks: list[tuple[int, str]], taken: dict[Hex, tuple[str, int]]
) -> Unit:
    (ncol, name), *fields = toks
    name = name.strip('"')
    kw: dict = {"name": name, "garrison": garrison}
    where: tuple[int, str] | None = None
    for col, tok in fields:
        key, eq, value = tok.partition("=")
        value = value.strip('"')
        if not eq or not value:
            raise rd.error(f"unit field {tok!r} is not key=value", lineno, col)
        if key == "side":
            kw["side"] = value
        elif key == "at":
            if where is not None:
                raise rd.error(f"{name!r} has at= twice", lineno, col)
            where = (col + 3, value)
        elif key in _UNIT_INTS:
            if not value.isdigit():
                raise rd.error(f"{key}={value!r} is not a whole number >= 0", lineno, col + len(key) + 1, ruling="M2")
            kw[key] = int(value)
        elif key == "ignore_engagement":
            if value.lower() not in _BOOL:
                raise rd.error(f"ignore_engagement={value!r} is not yes or no", lineno, col, ruling="E5")
            kw[key] = _BOOL[value.lower()]
        else:
            raise rd.error(f"unknown unit field {key!r} (known: side, at, {', '.join(_UNIT_INTS)}, ignore_engagement)", lineno, col)
    for required in ("side",):
        if required not in kw:
            raise rd.error(f"{name!r} needs {required}=...", lineno, ncol)
    if where is None:
        raise rd.error(f"{name!r} needs at=LABEL (e.g. at=C4)", lineno, ncol)
    col, label = where
    try:
        h = board.hex(label, what=f"{name!r} position")
        kw["hex"] = h
        unit = Unit(**kw)
    except HexrulesError as e:
        raise rd.error(str(e), lineno, col) from None
    if not board.terrain(h).passable:
        raise rd.error(f"{name!r} is on impassable hex {label}", lineno, col, ruling="T1")
    if h in taken:
        other, other_line = taken[h]
        raise rd.error(f"{name!r} is on {label}, already held by {other!r} (line {other_line}): one unit per hex", lineno, col, ruling="M3")
    taken[h] = (name, lineno)
    return unit


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file; errors name the file, line and column.

    Raises
    ------
    ScenarioError
        For malformed text (see :func:`parse_scenario`).
    OSError
        If the file cannot be read.
    """
    if not isinstance(path, (str, Path)):
        raise ScenarioError(f"scenario path {path!r} is not a file name")
    path = Path(path)
    return parse_scenario(path.read_text(encoding="utf-8"), source=str(path))


def scenario_names() -> list[str]:
    """Names of the scenarios shipped in :mod:`hexrules.scenarios` (the rulebook's examples)."""
    from importlib.resources import files

    return sorted(p.name[:-4] for p in files("hexrules.scenarios").iterdir() if p.name.endswith(".hex"))


def builtin(name: str, *, parser: Callable[..., Any] | None = None) -> Any:
    """A scenario shipped with the kit, e.g. ``builtin("jumping")``.

    Parameters
    ----------
    name : str
        One of :func:`scenario_names`.
    parser : callable, optional
        ``parser(text, source=...)`` reading the file's text; default :func:`parse_scenario`
        (so the result is a :class:`Scenario`). :func:`hexrules.crush.load_crush` passes
        :func:`hexrules.crush.parse_crush_scenario`: one loader for every shipped scenario.

    Raises
    ------
    ScenarioError
        If there is no such scenario (the message lists them), or the parser rejects it.
    """
    from importlib.resources import files

    if name not in scenario_names():
        raise ScenarioError(f"no built-in scenario {name!r} (have: {', '.join(scenario_names())})", source="hexrules.scenarios")
    res = files("hexrules.scenarios") / f"{name}.hex"
    return (parser or parse_scenario)(res.read_text(encoding="utf-8"), source=f"hexrules/scenarios/{name}.hex")

