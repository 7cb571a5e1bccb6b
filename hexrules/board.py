"""The board: a networkx graph of hex cells and its terrain table.

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

The graph (:attr:`Board.graph`) is built in bulk the first time it is used, and kept; the board's
own reading methods and every rule use plain ``{hex: value}`` lookups, so building a board stays
cheap and ``import hexrules`` does not import networkx (``benchmarks/bench_scaling.py`` prints the
time and memory per hex). Movement's shortest paths run on :attr:`Board.adjacency`, the same
nodes and edges without data, shared by every board of the same hexes (a sweep's thousand boards
of one size build it once).

Scenario text (a board and the units on it, in a few readable lines) is read and written by
:mod:`hexrules.scenario`, which builds on this module; :meth:`Board.from_text`, :meth:`Board.to_text`
and a board's ``repr`` and ``str`` call the format that module registers here
(:func:`register_text_format`).
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from . import checks
from .checks import MAX_BOARD_HEXES, MAX_LABEL_LENGTH, MAX_WHOLE, show
from .errors import BoardError, HexError, HexSequenceError, ScenarioError, StateError
from .hexgrid import DIRECTIONS, FLAT, OFFSET_KINDS, POINTY, Hex, LabelScheme, Layout, Orientation, from_offset
from .hexgrid import position as _position_in
from .hexgrid import hex_value, to_offset
from .hexgrid import from_label  # noqa: F401 - the doctests use it
from .words import extent_text
from .state import State, check_state

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

__all__ = [
    "TerrainType",
    "DEFAULT_TERRAIN",
    "ORIENTATION_OFFSETS",
    "board_geometry",
    "orientation_name",
    "Board",
    "register_text_format",
    "check_board",
    "position",
    "hex_of",
    "hexes_of",
]

#: The scenario text format's functions that a board's text faces call, by name: ``parse`` (text,
#: source -> Scenario), ``write`` (board, state -> text), ``source_repr`` and ``map_text``.
#: :mod:`hexrules.scenario` registers them when it is imported (:func:`register_text_format`):
#: it builds on this module, so this module does not import it.
_TEXT_FORMAT: dict[str, Any] = {}


def register_text_format(**functions: Any) -> None:
    """Register the scenario text format's ``functions`` for :meth:`Board.from_text`,
    :meth:`Board.to_text` and a board's ``repr`` and ``str`` (called by :mod:`hexrules.scenario`
    when it is imported, which ``import hexrules`` does)."""
    _TEXT_FORMAT.update(functions)


def _text_format(name: str) -> Any:
    """The registered text format's function ``name`` (refused before :mod:`hexrules.scenario` has registered it)."""
    if name not in _TEXT_FORMAT:  # only before hexrules/__init__ has finished importing
        raise ScenarioError(f"the scenario text format is not loaded: import hexrules first (no {name!r})")
    return _TEXT_FORMAT[name]


def _shared_adjacency(cells: Mapping[Hex, Any]) -> nx.DiGraph:
    """:attr:`Board.adjacency` of the hexes ``cells``: the graph of a living board of the same
    hexes if there is one (or the last one built), else a new one."""
    import networkx as nx  # here, not at the top: `import hexrules` stays light (issue 14)

    global _LAST_ADJACENCY
    key = frozenset(cells)
    g = _ADJACENCIES.get(key)
    if g is None:
        g = nx.DiGraph()
        g.add_nodes_from(cells)
        at = {(h.q, h.r): h for h in cells}
        offsets = tuple((d.q, d.r) for d in DIRECTIONS)
        g.add_edges_from((a, b) for a in cells for dq, dr in offsets
                         if (b := at.get((a.q + dq, a.r + dr))) is not None)
        _ADJACENCIES[key] = g
    _LAST_ADJACENCY = g
    return g


# {frozenset of hexes: their adjacency graph} while a board holds it, and the last one asked for
_ADJACENCIES: "weakref.WeakValueDictionary[frozenset, nx.DiGraph]" = weakref.WeakValueDictionary()
_LAST_ADJACENCY: Any = None


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
            raise BoardError(f"terrain name {show(self.name)} is not a word", ruling="T1")
        what = f"terrain {self.name!r}"
        if (not isinstance(self.symbol, str) or len(self.symbol) != 1 or self.symbol.isdigit() or self.symbol in "-#\"'="
                or self.symbol.isspace() or checks.text_fault(self.symbol)):
            raise BoardError(f"{what}: symbol {show(self.symbol)} is not one character other than a digit, '-', '#', quote or "
                             "'=' (and one a picture can draw: checks.text_fault)", ruling="T1")
        checks.whole(self.cost, f"{what}: cost", 0, MAX_WHOLE, unit="movement points", error=BoardError, ruling="T1")
        checks.flag(self.passable, f"{what}: passable", error=BoardError, ruling="T1")


#: The terrain table every board starts from (T1): open, water (+1 to enter), impassable.
DEFAULT_TERRAIN: dict[str, TerrainType] = {
    "open": TerrainType("open", ".", 0),
    "water": TerrainType("water", "~", 1),
    "impassable": TerrainType("impassable", "X", 0, passable=False),
}


def _check_arguments(cells: object, terrain: object, orientation: object, name: object) -> None:
    """The checks of :class:`Board`'s arguments (the cells themselves are checked as they are built;
    the offset kind and label scheme by :func:`board_geometry`)."""
    if not isinstance(cells, Mapping):
        raise BoardError(f"board cells {show(cells)} are not a mapping {{Hex: (elevation, terrain name)}}")
    if len(cells) > MAX_BOARD_HEXES:
        raise BoardError(f"a board of {len(cells):,} hexes is more than {MAX_BOARD_HEXES:,}, the most the kit builds "
                         "(hexrules.checks.MAX_BOARD_HEXES)")
    table = DEFAULT_TERRAIN if terrain is None else terrain
    if not isinstance(table, Mapping) or not all(isinstance(t, TerrainType) for t in table.values()):
        raise BoardError(f"terrain table {show(table)} is not a mapping of names to TerrainType", ruling="T1")
    if not (isinstance(orientation, Orientation) and orientation in (POINTY, FLAT)):
        raise BoardError(f"orientation {show(orientation)} is not hexgrid.POINTY or hexgrid.FLAT")
    checks.name(name, "board name", error=BoardError, empty=True)


#: The offset kinds that go with each orientation (Red Blob: ``-r`` offsets shove rows, for
#: pointy-top boards; ``-q`` offsets shove columns, for flat-top boards).
ORIENTATION_OFFSETS: dict[str, tuple[str, str]] = {"pointy": ("odd-r", "even-r"), "flat": ("odd-q", "even-q")}


def orientation_name(orientation: Orientation) -> str:
    """``"pointy"`` or ``"flat"``: how scenario text and messages name ``orientation``.

    Raises
    ------
    BoardError
        If ``orientation`` is neither :data:`~hexrules.hexgrid.POINTY` nor
        :data:`~hexrules.hexgrid.FLAT`.
    """
    if not (isinstance(orientation, Orientation) and orientation in (POINTY, FLAT)):
        raise BoardError(f"orientation {show(orientation)} is not hexgrid.POINTY or hexgrid.FLAT")
    return "flat" if orientation == FLAT else "pointy"


def board_geometry(orientation: Orientation, offset: object = None, labels: object = None) -> tuple[str, LabelScheme]:
    """The checked offset kind and label scheme of a board of ``orientation``.

    Parameters
    ----------
    orientation : Orientation
        :data:`~hexrules.hexgrid.POINTY` or :data:`~hexrules.hexgrid.FLAT`.
    offset : {"odd-r", "even-r", "odd-q", "even-q"} or None
        None: the orientation's own (``odd-r`` pointy, ``odd-q`` flat). A ``-r`` kind needs a
        pointy board, a ``-q`` kind a flat one.
    labels : LabelScheme or None
        None: column letters and row numbers (``"C4"``) of ``offset``. A ``letters`` or
        ``numbers`` scheme counts the board's offset columns and rows, so its ``offset`` must be
        the board's; an ``axial`` scheme is stored with the board's offset (it does not use it).

    Returns
    -------
    (str, LabelScheme)

    Raises
    ------
    BoardError
        Naming the value that does not fit (an orientation other than POINTY or FLAT too).

    Examples
    --------
    >>> board_geometry(FLAT)
    ('odd-q', LabelScheme(kind='letters', offset='odd-q', first=1, separator=''))
    >>> board_geometry(POINTY, "odd-q")
    Traceback (most recent call last):
    ...
    hexrules.errors.BoardError: offset 'odd-q' shoves columns, for flat-top boards; a pointy board's offset is 'odd-r' or 'even-r'
    """
    which = orientation_name(orientation)
    allowed = ORIENTATION_OFFSETS[which]
    if offset is None:
        offset = allowed[0]
    elif not isinstance(offset, str) or offset not in OFFSET_KINDS:
        raise BoardError(f"offset {show(offset)} is not one of {', '.join(map(repr, OFFSET_KINDS))}")
    elif offset not in allowed:
        shoves = "rows, for pointy-top" if offset.endswith("r") else "columns, for flat-top"
        raise BoardError(f"offset {offset!r} shoves {shoves} boards; a {which} board's offset is "
                         f"{allowed[0]!r} or {allowed[1]!r}")
    if labels is None:
        return offset, LabelScheme("letters", offset)
    if not isinstance(labels, LabelScheme):
        raise BoardError(f"labels {show(labels)} is not a hexgrid.LabelScheme (e.g. LabelScheme('numbers', {offset!r}))")
    if labels.kind == "axial":
        return offset, LabelScheme("axial", offset)
    if labels.offset != offset:
        raise BoardError(f"label scheme {labels.kind!r} counts {labels.offset!r} columns and rows, but the board's "
                         f"offset is {offset!r}: give LabelScheme({labels.kind!r}, {offset!r}, ...)")
    return offset, labels


class Board:
    """Hex cells with elevation and terrain, as a networkx graph.

    Parameters
    ----------
    cells : mapping of Hex to (int, str)
        ``{hex: (elevation, terrain name)}``.
    terrain : mapping of str to TerrainType, optional
        The terrain table; default :data:`DEFAULT_TERRAIN`.
    orientation : Orientation
        :data:`~hexrules.hexgrid.POINTY` (default, pointy-top hexes in offset rows) or
        :data:`~hexrules.hexgrid.FLAT` (flat-top hexes in offset columns).
    name : str
        A title for plots.
    offset : {"odd-r", "even-r", "odd-q", "even-q"}, optional
        Which rows (pointy) or columns (flat) are shoved half a hex: the board's offset
        columns and rows, which its labels count and scenario text's map rows are. Default
        ``odd-r`` for a pointy board, ``odd-q`` for a flat one (:func:`board_geometry`).
    labels : LabelScheme, optional
        How the board names its hexes to players (:class:`~hexrules.hexgrid.LabelScheme`):
        default column letters and row numbers, ``"C4"``; or the four-digit numbers of printed
        wargame maps (``"0304"``), or axial ``"(q,r)"``.

    Raises
    ------
    BoardError
        If ``cells`` is not a mapping or has more than :data:`~hexrules.checks.MAX_BOARD_HEXES`
        hexes, an elevation is negative or not an integer, a terrain name is not in the table,
        ``orientation`` is neither POINTY nor FLAT, ``name`` is not a string, or ``offset`` or
        ``labels`` does not fit the orientation (:func:`board_geometry`).

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
        *,
        offset: str | None = None,
        labels: LabelScheme | None = None,
    ) -> None:
        _check_arguments(cells, terrain, orientation, name)
        table = DEFAULT_TERRAIN if terrain is None else terrain
        self.terrain_table: dict[str, TerrainType] = dict(table)
        self.orientation = orientation
        self._offset, self.labels = board_geometry(orientation, offset, labels)
        self.name = name
        # The cells, checked once, as plain lookups {hex: value} (also the rule code's hot paths,
        # e.g. the movement weights); their insertion order is the order of ``cells``.
        self.elevations: dict[Hex, int] = {}
        self.terrains: dict[Hex, TerrainType] = {}
        self._terrain_names: dict[Hex, str] = {}
        for h, cell in cells.items():
            if not isinstance(h, Hex):
                raise BoardError(f"board cell key {h!r} is not a Hex")
            if not isinstance(cell, tuple) or len(cell) != 2:
                raise BoardError(f"hex {self.hex_name(h)}: cell {cell!r} is not (elevation, terrain name)")
            elevation, tname = cell
            if isinstance(elevation, bool) or not isinstance(elevation, int) or elevation < 0:
                raise BoardError(f"hex {self.hex_name(h)}: elevation {elevation!r} is not a whole number >= 0", ruling="M1")
            if not isinstance(tname, str) or tname not in self.terrain_table:
                raise BoardError(
                    f"hex {self.hex_name(h)}: unknown terrain {tname!r} (known: {', '.join(self.terrain_table)})",
                    ruling="T1",
                )
            self.elevations[h] = elevation
            self.terrains[h] = self.terrain_table[tname]
            self._terrain_names[h] = tname
        self._graph: nx.DiGraph | None = None
        self._adjacency: nx.DiGraph | None = None

    @property
    def graph(self) -> nx.DiGraph:
        """The board as a :class:`networkx.DiGraph` (see the module docstring for its data).

        Built on first use, in bulk, then kept: reading the board, Engagement, Push and Pull,
        Crush and drawing use the plain lookups (:attr:`elevations`, :attr:`terrains`) and never
        build it; movement's shortest paths (networkx's Dijkstra) do. Nodes come in the order of
        the ``cells`` given; each node's edges in :data:`~hexrules.hexgrid.DIRECTIONS` order.
        Memory: about 90 bytes a hex for the board without its graph, about 2.1 kB with it
        (six directed edges, each with its data; ``benchmarks/bench_scaling.py``).
        """
        if self._graph is None:
            self._graph = self._build_graph()
        return self._graph

    @property
    def adjacency(self) -> nx.DiGraph:
        """The board's hexes, each joined both ways to its neighbours, without data: the graph the
        movement searches run on (networkx's Dijkstra with a ``weight=`` callable of
        :mod:`hexrules.movement`, which reads the board's lookups, never an edge's data).

        The same hexes have the same neighbours, so boards of the same hexes (a sweep's boards,
        an editor's successive boards) share one graph: it is built once per set of hexes while a
        board of that set lives (and the last one is kept), not once per board. Each node's edges
        come in :data:`~hexrules.hexgrid.DIRECTIONS` order, as in :attr:`graph`: the same searches,
        the same paths. Shared: read it, never change it.
        """
        if self._adjacency is None:
            self._adjacency = _shared_adjacency(self.elevations)
        return self._adjacency

    def _build_graph(self) -> nx.DiGraph:
        """Nodes with ``elevation`` and ``terrain``, and both directed edges between every pair of
        neighbouring hexes with ``climb``, ``drop`` and (into a passable hex) ``cost`` (M1, T1).

        One pass over precomputed neighbour offsets and two bulk calls of networkx
        (``add_nodes_from``, ``add_edges_from``): no Hex is created, no edge added one by one.
        """
        import networkx as nx  # here, not at the top: `import hexrules` stays light (issue 14)

        g = nx.DiGraph(name=self.name)
        el, names = self.elevations, self._terrain_names
        g.add_nodes_from((h, {"elevation": e, "terrain": names[h]}) for h, e in el.items())
        at = {(h.q, h.r): h for h in el}
        # entering b costs 1 + climb + terrain extra (M1, T1); impassable b: no cost (hidden)
        extra = {h: (t.cost if t.passable else None) for h, t in self.terrains.items()}
        offsets = tuple((d.q, d.r) for d in DIRECTIONS)

        def edges() -> Iterator[tuple[Hex, Hex, dict[str, int]]]:
            for a, ea in el.items():
                q, r = a.q, a.r
                for dq, dr in offsets:
                    b = at.get((q + dq, r + dr))
                    if b is None:
                        continue
                    eb = el[b]
                    climb = eb - ea if eb > ea else 0
                    data = {"climb": climb, "drop": ea - eb if ea > eb else 0}
                    x = extra[b]
                    if x is not None:
                        data["cost"] = 1 + climb + x
                    yield a, b, data

        g.add_edges_from(edges())
        return g

    # --- reading ------------------------------------------------------------------------------

    @property
    def offset(self) -> str:
        """The offset kind of this board (``"odd-r"``, ``"even-r"``, ``"odd-q"`` or ``"even-q"``)."""
        return self._offset

    @property
    def geometry(self) -> dict[str, Any]:
        """``{"orientation": ..., "offset": ..., "labels": ...}``: the keywords that rebuild a board
        of this geometry (``Board(cells, terrain, **board.geometry)``)."""
        return {"orientation": self.orientation, "offset": self._offset, "labels": self.labels}

    def __len__(self) -> int:
        return len(self.elevations)

    def __contains__(self, h: object) -> bool:
        try:
            return h in self.elevations
        except TypeError:  # an unhashable value is not a hex of the board
            return False

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.elevations)

    @property
    def hexes(self) -> list[Hex]:
        """Every hex of the board, in row then column order."""
        return sorted(self.elevations, key=lambda h: to_offset(h, self.offset)[::-1])

    def label(self, h: Hex) -> str:
        """How to name ``h`` to a player, in the board's label scheme (:attr:`labels`).

        Every hex has a name, on the board or off it (issue 10.5: a hex beyond the board's
        edge is named the way its lettered neighbours are). Column letters and row numbers (the
        default, ``"C4"``) count outwards with a minus sign beyond the first column or row, as
        :class:`~hexrules.hexgrid.LabelScheme` defines them: the hex left of ``A1`` is ``"-A1"``,
        the one above ``D1`` is ``"D-1"``. The ``numbers`` scheme keeps counting down (``"0304"``;
        a step off the left edge of a map numbered from ``0101``: ``"0001"``), the ``axial``
        scheme names every hex ``"(q,r)"``. A hex too far away for a label (a coordinate of
        :data:`~hexrules.hexgrid.LABEL_LIMIT` or more) is named by its axial coordinates.
        :meth:`hex` reads every name this gives.

        Raises
        ------
        NotAHexError
            If ``h`` is not a :class:`Hex` (also a HexError).

        Examples
        --------
        >>> from hexrules.hexgrid import LabelScheme
        >>> b = Board.rectangle(3, 2)
        >>> b.label(Hex(1, 0)), b.label(Hex(-1, 0)), b.label(Hex(1, -1))
        ('B1', '-A1', 'A-1')
        >>> wargame = Board(b.cells(), labels=LabelScheme("numbers", "odd-r"))
        >>> wargame.label(Hex(1, 0)), wargame.hex("0201")
        ('0201', Hex(q=1, r=0))
        """
        hex_value(h, "hex")
        try:
            return self.labels.format(h)
        except HexError:  # beyond LABEL_LIMIT
            return str(h)

    def hex_name(self, h: Hex) -> str:
        """The name of hex ``h`` as the kit's messages write it: its :meth:`label` and its axial
        coordinates, ``"B1 (1,0)"``, so that a reader finds the hex on the map and in code alike.

        A hex whose label is already its axial coordinates (the ``axial`` label scheme, or a hex
        too far away for a label) is named by them once: ``"(1,0)"``.

        Parameters
        ----------
        h : Hex
            Any hex, on the board or not (a message may name a hex off the board).

        Returns
        -------
        str

        Raises
        ------
        NotAHexError
            If ``h`` is not a :class:`Hex` (also a HexError), as :meth:`label`.

        Examples
        --------
        >>> from hexrules.hexgrid import LabelScheme
        >>> b = Board.rectangle(3, 2)
        >>> b.hex_name(Hex(1, 0)), b.hex_name(Hex(-1, 0))
        ('B1 (1,0)', '-A1 (-1,0)')
        >>> Board(b.cells(), labels=LabelScheme("axial")).hex_name(Hex(1, 0))
        '(1,0)'
        """
        label = self.label(h)
        return label if label.startswith("(") else f"{label} {h}"

    def hex(self, where: Hex | str, *, what: str = "hex") -> Hex:
        """Resolve a :class:`Hex`, a label (``"C4"``, ``"-A1"``) or axial text (``"(-1,2)"``, read
        in every label scheme) to a hex of this board
        (:func:`hexrules.checks.hex_of`).

        Raises
        ------
        HexError
            If ``where`` is a string that is not a label (e.g. ``"1A"``, a label longer than
            :data:`~hexrules.hexgrid.MAX_LABEL_LENGTH` characters, digits other than ASCII 0-9).
        NotAHexError
            If it is neither a Hex nor a string (also a BoardError).
        BoardError
            If the hex is not on the board; the message names it (label and axial coordinates).
        """
        return hex_of(self, where, what=checks.name(what, "what", error=BoardError))

    def elevation(self, h: Hex | str) -> int:
        """Elevation of ``h``, in levels (0 = ground level)."""
        return self.elevations[self.hex(h)]

    def terrain(self, h: Hex | str) -> TerrainType:
        """The terrain type of ``h``."""
        return self.terrains[self.hex(h)]

    def neighbors(self, h: Hex | str) -> list[Hex]:
        """The neighbours of ``h`` that are on the board, in :data:`~hexrules.hexgrid.DIRECTIONS` order."""
        el = self.elevations
        return [n for n in self.hex(h).neighbors() if n in el]

    def layout(self, size: float = 1.0) -> Layout:
        """A :class:`~hexrules.hexgrid.Layout` of this board's orientation."""
        return Layout(self.orientation, (size, size), (0.0, 0.0))

    def check_state(self, state: State, *, ruling: str | None = None) -> None:
        """Check that every unit stands on an enterable hex of this board.

        Parameters
        ----------
        state : State
        ruling : str, optional
            The ruling to name if ``state`` is not a State (the caller's rule).

        Raises
        ------
        StateError
            If ``state`` is not a State, or a unit is off the board or on an impassable hex (T1).
        """
        check_state(state, ruling=ruling)
        for u in state:
            if u.hex not in self.elevations:
                raise StateError(f"{u.kind} {show(u.name)} is on hex {self.hex_name(u.hex)}, which is not on the board: "
                                 f"{extent_text(self, u.hex)}")
            if not self.terrains[u.hex].passable:
                raise StateError(f"{u.kind} {show(u.name)} is on impassable hex {self.hex_name(u.hex)}", ruling="T1")

    # --- editing (returns a new board) ----------------------------------------------------------

    def cells(self) -> dict[Hex, tuple[int, str]]:
        """``{hex: (elevation, terrain name)}``: the board's data, e.g. to edit and rebuild."""
        names = self._terrain_names
        return {h: (e, names[h]) for h, e in self.elevations.items()}

    def with_cells(self, changes: Mapping[Hex, tuple[int, str]]) -> "Board":
        """A new board with some cells changed (e.g. terrain collapsed by Crush).

        Raises
        ------
        BoardError
            If ``changes`` is not a mapping of hexes of this board to ``(elevation, terrain
            name)``, or a new cell is refused as :class:`Board` refuses it.
        """
        cells = self.cells()
        changes = checks.mapping(changes, "cell changes", error=BoardError,
                                 expected="a mapping {hex: (elevation, terrain name)}")
        for h, v in changes.items():
            cells[self.hex(h)] = v
        return Board(cells, self.terrain_table, name=self.name, **self.geometry)

    def with_terrain(self, *types: TerrainType) -> "Board":
        """A new board whose terrain table has ``types`` added or replaced (T1's editable table).

        Raises
        ------
        BoardError
            If one of ``types`` is not a :class:`TerrainType` (T1).
        """
        table = dict(self.terrain_table)
        for t in types:
            if not isinstance(t, TerrainType):
                raise BoardError(f"{show(t)} is not a TerrainType", ruling="T1")
            table[t.name] = t
        return Board(self.cells(), table, name=self.name, **self.geometry)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self.cells() == other.cells()
            and self.terrain_table == other.terrain_table
            and self.orientation == other.orientation
            and self._offset == other._offset
            and self.labels == other.labels
        )

    __hash__ = None  # type: ignore[assignment]

    # --- text -----------------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, *, source: str = "<text>") -> "Board":
        """The board of a scenario text (units are ignored; see :func:`hexrules.scenario.parse_scenario`)."""
        return _text_format("parse")(text, source=source).board

    def to_text(self, state: State | None = None) -> str:
        """Scenario text for this board (and ``state``'s units); :meth:`from_text` reads it back.

        Raises
        ------
        StateError
            If ``state`` is neither None nor a State.
        """
        return _text_format("write")(self, State() if state is None else check_state(state))

    @classmethod
    def rectangle(cls, columns: int, rows: int, elevation: int = 0, name: str = "", *,
                  orientation: Orientation = POINTY, offset: str | None = None,
                  labels: LabelScheme | None = None) -> "Board":
        """An open board of ``columns`` x ``rows`` hexes (offset layout), all at ``elevation``.

        ``orientation``, ``offset`` and ``labels`` are :class:`Board`'s; the rectangle is one of
        the board's offset columns and rows.

        >>> len(Board.rectangle(15, 12))
        180
        >>> from hexrules.hexgrid import LabelScheme
        >>> flat = Board.rectangle(3, 2, orientation=FLAT, labels=LabelScheme("numbers", "odd-q"))
        >>> [flat.label(h) for h in flat.hexes]
        ['0101', '0201', '0301', '0102', '0202', '0302']

        Raises
        ------
        BoardError
            If a size is not a whole number >= 1, the board would have more than
            :data:`~hexrules.checks.MAX_BOARD_HEXES` hexes, or ``elevation`` is not a whole number
            from 0 to :data:`~hexrules.checks.MAX_WHOLE`.
        """
        size = f"board size {show(columns)} x {show(rows)}"
        for v in (columns, rows):
            checks.whole(v, size, 1, None, unit="hexes", error=BoardError)
        if columns * rows > MAX_BOARD_HEXES:
            raise BoardError(f"a board of {show(columns)} x {show(rows)} hexes is more than {MAX_BOARD_HEXES:,} hexes, "
                             "the most the kit builds (hexrules.checks.MAX_BOARD_HEXES)")
        checks.whole(elevation, "elevation", 0, MAX_WHOLE, unit="levels", error=BoardError, ruling="M1")
        checks.name(name, "board name", error=BoardError, empty=True)
        _check_arguments({}, None, orientation, name)
        offset, labels = board_geometry(orientation, offset, labels)
        cells = {from_offset(c, r, offset): (elevation, "open") for r in range(rows) for c in range(columns)}
        return cls(cells, name=name, orientation=orientation, offset=offset, labels=labels)

    def __repr__(self) -> str:
        try:
            return _text_format("source_repr")("Board.from_text", self.to_text())
        except (BoardError, ScenarioError):  # no text form (negative offset coordinates, beyond the text limits)
            return f"Board({self.cells()!r}, name={self.name!r})"

    def __str__(self) -> str:
        try:
            return _text_format("map_text")(self)
        except BoardError:
            return repr(self)

    def _repr_png_(self) -> bytes:  # pragma: no cover - exercised in notebooks
        from .plot.png import to_png  # a picture face: the one kind of upward import (ARCHITECTURE.md)

        return to_png(self)


# --- checks of a board and its hexes given by a caller (the boundary: hexrules.checks) -------------


def check_board(value: object, *, ruling: str | None = None,
                expected: str = "a Board (load one with hexrules.builtin or Scenario.from_text)") -> Board:
    """``value`` if it is a :class:`Board`.

    Raises
    ------
    BoardError
        Naming the value and what is ``expected``.
    """
    if not isinstance(value, Board):
        raise BoardError(f"board {show(value)} is not {expected}", ruling=ruling)
    return value


def position(bd: Board, where: object, *, what: str = "hex", ruling: str | None = None) -> Hex:
    """A :class:`~hexrules.hexgrid.Hex`, a label of ``bd`` (``"C4"``) or axial text
    (``"(-1,2)"``) as a hex position, which may lie off the board (a Push's step off the edge,
    P4).

    Raises
    ------
    NotAHexError
        If ``where`` is neither a Hex nor a string.
    HexError
        If it is a string that is not a label (too long, Unicode digits, a 4,301-digit number...).
    BoardError
        If ``bd`` is not a Board.
    """
    return _position_in(where, check_board(bd).labels, what=what, ruling=ruling)


def hex_of(bd: Board, where: object, *, what: str = "hex", ruling: str | None = None) -> Hex:
    """:func:`position`, which must be a hex of board ``bd``.

    Raises
    ------
    NotAHexError, HexError
        As :func:`position`.
    BoardError
        If the hex is not on the board; the message names it as it was written when that was
        its label (``"Z99"``), else by its label and axial coordinates (a Hex, or axial text on a
        lettered board: ``"F8 (5,5)"``), and the board's columns and rows
        (:func:`hexrules.words.extent_text`).

    Examples
    --------
    >>> bd = Board.rectangle(3, 2)
    >>> hex_of(bd, "B2")
    Hex(q=1, r=1)
    >>> hex_of(bd, "Z99", what="target", ruling="P1")
    Traceback (most recent call last):
    ...
    hexrules.errors.BoardError: target Z99 is not on the board: its columns run A to C, its rows 1 to 2 (ruling P1)
    """
    h = _position_in(where, check_board(bd).labels, what=what, ruling=ruling)
    if h not in bd:
        place = f" {show(bd.name)}" if bd.name else ""
        label = bd.label(h)
        # a label as typed needs no coordinates beside it (a trial read "Z99 (-24,98)" as noise)
        name = label if isinstance(where, str) and where.strip().casefold() == label.casefold() else bd.hex_name(h)
        raise BoardError(f"{what} {name} is not on the board{place}: {extent_text(bd, h)}", ruling=ruling)
    return h


def hexes_of(bd: Board, value: object, *, what: str = "hexes", ruling: str | None = None, on_board: bool = True,
             ordered: bool = True, nonempty: bool = False,
             expected: str = "a list of hexes or labels such as ['C3', 'D3']", hint: bool = True) -> tuple[Hex, ...]:
    """A sequence of hexes or labels as a tuple of hexes: each of board ``bd`` (``on_board``), or
    positions that may lie off it.

    Parameters
    ----------
    expected : str
        What the message says a good value is (``"... is not {expected}"``).
    hint : bool
        For a single label or hex, end the message with how to write it (``write ['C3']``).

    Raises
    ------
    HexSequenceError
        If ``value`` is not a list of hexes or labels (None, a single label such as ``"C3"``, a
        single :class:`~hexrules.hexgrid.Hex`, a dict, a number...), or is empty with
        ``nonempty``.
    NotAHexError, HexError, BoardError
        For an item, as :func:`hex_of` (or :func:`position`); BoardError also if ``bd`` is not a
        Board.
    """
    check_board(bd)
    if isinstance(value, str) and len(value) <= MAX_LABEL_LENGTH * 8 and hint:
        # "C3" or "C3, C2": the list of its labels is what to write (never ['C3, C2'])
        labels = [t for t in re.split(r"[\s,;]+", value) if t] or [value]
        one = "a single hex" if len(labels) == 1 else "a text"
        raise HexSequenceError(f"{what} {show(value)} is {one}, not {expected.split(' such as ')[0]}: "
                               f"write {show(labels, limit=120)}", ruling=ruling)
    if isinstance(value, (str, Hex)):
        write = f": a single hex; write [{show(value)}]" if hint else ""
        raise HexSequenceError(f"{what} {show(value)} is not {expected}{write}", ruling=ruling)
    seq = checks.items(value, what=what, ruling=ruling, error=HexSequenceError, ordered=ordered, nonempty=nonempty,
                       expected=expected)
    one = hex_of if on_board else position
    return tuple(one(bd, h, what=f"{what} hex", ruling=ruling) for h in seq)
