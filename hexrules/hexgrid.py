# Why this module is over ~900 lines: the geometry is one vocabulary (Red Blob Games' hexlib:
# Hex, FractionalHex, directions, diagonals, rotations, reflections, lines, four offset kinds,
# doubled coordinates, label schemes, Layout), each part used by the next. More than half of the
# lines are numpydoc docstrings and doctests; the module holds no rule.
"""Hex-grid geometry after Red Blob Games' guide (https://www.redblobgames.com/grids/hexagons/).

The ideas are kept apart, as in Red Blob's generated ``hexlib``
(https://www.redblobgames.com/grids/hexagons/implementation.html):

* :class:`Hex`, a small frozen value in axial coordinates ``q, r`` with the derived cube
  coordinate ``s = -q - r``; arithmetic, neighbours (:data:`DIRECTIONS`, :data:`DIAGONALS`),
  rotation and reflection return new hexes.
* :class:`FractionalHex`, a point between hex centres, with :func:`hex_lerp` and
  :meth:`FractionalHex.round` (:func:`hex_round`); :meth:`Hex.line` is built from them.
* The coordinates people store and read: the four offset kinds (:data:`OFFSET_KINDS`:
  ``odd-r``, ``even-r``, ``odd-q``, ``even-q``) and the two doubled kinds
  (:data:`DOUBLED_KINDS`), converted both ways by :func:`to_offset` / :func:`from_offset` and
  :func:`to_doubled` / :func:`from_doubled`.
* Labels that players read, chosen per board by a :class:`LabelScheme`: column letters and a row
  number (``"C4"``, the default; :func:`to_label` / :func:`from_label` are that scheme for hexes
  of the first row and column onwards), the four-digit numbers of printed wargame maps
  (``"0304"``, ``"03.04"``), or axial coordinates (``"(2,3)"``).
* :class:`Layout` (orientation, size, origin): the only thing here that knows about pixels.

Distances are hex-grid distances in hexes; elevation plays no part in them (RULES.md, terms).
Every bad argument raises :class:`~hexrules.errors.HexError` (a ``ValueError``) naming it.

Examples
--------
>>> a = Hex(0, 0)
>>> a.neighbor(0), a.diagonal_neighbor(0)
(Hex(q=1, r=0), Hex(q=2, r=-1))
>>> a.distance(Hex(2, -1))
2
>>> Hex(1, 0).rotate_left()
Hex(q=1, r=-1)
>>> from_label(to_label(Hex(3, 2)))
Hex(q=3, r=2)
>>> LabelScheme("numbers", "odd-q").format(from_offset(2, 3, "odd-q"))
'0304'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from numbers import Real
from typing import Literal, NamedTuple

from .checks import LABEL_LIMIT, MAX_BOARD_HEXES, MAX_LABEL_LENGTH, MAX_LINE_LENGTH, MAX_RADIUS, items
from .checks import show as _show  # bounded, never-failing repr for messages (hexrules.checks)
from .errors import HexError, NotAHexError

__all__ = [
    "Hex",
    "hex_value",
    "position",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "DIAGONALS",
    "MAX_LINE_LENGTH",
    "FractionalHex",
    "hex_lerp",
    "hex_round",
    "hex_range",
    "OffsetKind",
    "OFFSET_KINDS",
    "OffsetCoord",
    "to_offset",
    "from_offset",
    "DoubledKind",
    "DOUBLED_KINDS",
    "DoubledCoord",
    "to_doubled",
    "from_doubled",
    "offset_to_doubled",
    "doubled_to_offset",
    "LabelKind",
    "LABEL_KINDS",
    "SEPARATORS",
    "LABEL_LIMIT",
    "MAX_LABEL_LENGTH",
    "LabelScheme",
    "to_label",
    "from_label",
    "Orientation",
    "POINTY",
    "FLAT",
    "Layout",
]

OffsetKind = Literal["odd-r", "even-r", "odd-q", "even-q"]
DoubledKind = Literal["doubled-width", "doubled-height"]
LabelKind = Literal["letters", "numbers", "axial"]

#: The four offset kinds of Red Blob's guide: which rows (``-r``, pointy-top boards) or columns
#: (``-q``, flat-top boards) are shoved half a hex right (rows) or down (columns).
OFFSET_KINDS: tuple[str, ...] = ("odd-r", "even-r", "odd-q", "even-q")

#: Red Blob's doubled coordinates: ``doubled-width`` (pointy-top: each step east adds 2 to the
#: column) and ``doubled-height`` (flat-top: each step south adds 2 to the row).
DOUBLED_KINDS: tuple[str, ...] = ("doubled-width", "doubled-height")


# --- checks and safe messages -----------------------------------------------------------------


def _coordinate(v: int) -> str:
    # a coordinate as text; one too long to print (over 4,300 digits) is described instead
    return str(v) if v.bit_length() <= 128 else _show(v)


def _as_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise HexError(f"{what} {_show(value)} is not an integer")
    return value


def _as_hex(value: object, what: str) -> "Hex":
    if not isinstance(value, Hex):
        raise NotAHexError(f"{what} {_show(value)} is not a Hex (build one with Hex(q, r) or from_label('C4'))")
    return value


def _as_radius(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise HexError(f"{what} {_show(value)} is not a whole number of hexes >= 0")
    if value > MAX_RADIUS:
        raise HexError(f"{what} {_show(value)} is more than {MAX_RADIUS} hexes, the most the kit lists "
                       "(hexrules.checks.MAX_RADIUS)")
    return value


def _as_direction(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 6:
        raise HexError(f"{what} {_show(value)} is not one of 0..5")
    return value


def _as_real(value: object, what: str) -> float:
    """A finite real number (not a bool), as a float."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise HexError(f"{what} {_show(value)} is not a number")
    try:
        x = float(value)
    except (OverflowError, ValueError, TypeError):
        x = math.inf
    if not math.isfinite(x):
        raise HexError(f"{what} {_show(value)} is not a finite number")
    return x


# --- Hex -------------------------------------------------------------------------------------


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """A hex cell in axial coordinates.

    Parameters
    ----------
    q, r : int
        Axial coordinates (Red Blob Games' convention). The cube coordinate ``s = -q - r`` is
        derived, so the invariant ``q + r + s == 0`` always holds.

    Raises
    ------
    HexError
        If ``q`` or ``r`` is not an integer.

    See Also
    --------
    FractionalHex : a point between hex centres.

    Examples
    --------
    >>> h = Hex(1, -2)
    >>> h.s
    1
    >>> h + Hex(1, 0)
    Hex(q=2, r=-2)
    >>> Hex.from_cube(1, 1, -2)
    Hex(q=1, r=1)
    """

    q: int
    r: int
    # the hash, computed once: a hex is the key of every lookup of the rules' hot paths (a board's
    # dicts, networkx's adjacency, a search's distances), hashed millions of times in a sweep
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if type(self.q) is not int or type(self.r) is not int:  # the common case first: two plain ints
            for name in ("q", "r"):
                value = getattr(self, name)
                if isinstance(value, bool) or not isinstance(value, int):
                    raise HexError(f"hex coordinate {name}={_show(value)} is not an integer")
        object.__setattr__(self, "_hash", hash((self.q, self.r)))

    def __hash__(self) -> int:  # equal hexes (same q, r) hash alike, as the dataclass's own would
        return self._hash

    def __repr__(self) -> str:
        # bounded (hexrules.checks.show): a hex of 4,301-digit coordinates still says itself in a message
        return f"Hex(q={_show(self.q)}, r={_show(self.r)})"

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> "Hex":
        """Build a hex from cube coordinates, checking ``q + r + s == 0``.

        Parameters
        ----------
        q, r, s : int
            Cube coordinates.

        Returns
        -------
        Hex

        Raises
        ------
        HexError
            If a coordinate is not an integer or the three do not sum to zero.

        Examples
        --------
        >>> Hex.from_cube(3, -7, 4)
        Hex(q=3, r=-7)
        """
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (q, r, s)):
            raise HexError(f"cube coordinates ({_show(q)}, {_show(r)}, {_show(s)}) are not all integers")
        if q + r + s != 0:
            raise HexError(f"cube coordinates ({_show(q)}, {_show(r)}, {_show(s)}) do not sum to 0")
        return cls(q, r)

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: "Hex") -> "Hex":
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> "Hex":
        """This hex vector multiplied by the integer ``k``.

        Raises
        ------
        HexError
            If ``k`` is not an integer.

        Examples
        --------
        >>> Hex(1, -2).scale(3)
        Hex(q=3, r=-6)
        """
        k = _as_int(k, "scale factor")
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Distance from the origin, in hexes.

        >>> Hex(3, -7).length()
        7
        """
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: "Hex") -> int:
        """Hex-grid distance to ``other``, in hexes (elevation ignored).

        Raises
        ------
        HexError
            If ``other`` is not a :class:`Hex`.

        Examples
        --------
        >>> Hex(0, 0).distance(Hex(3, -1))
        3
        """
        if type(other) is not Hex:
            other = _as_hex(other, "distance to")
        dq, dr = self.q - other.q, self.r - other.r  # (self - other).length(), no Hex built: s = -q - r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbor(self, direction: int) -> "Hex":
        """The adjacent hex in ``direction`` (0..5, an index into :data:`DIRECTIONS`).

        Raises
        ------
        HexError
            If ``direction`` is not an integer in 0..5.

        Examples
        --------
        >>> Hex(1, -2).neighbor(2)
        Hex(q=1, r=-3)
        """
        return self + DIRECTIONS[_as_direction(direction, "direction")]

    def neighbors(self) -> tuple["Hex", ...]:
        """The six adjacent hexes, in :data:`DIRECTIONS` order.

        >>> len(Hex(0, 0).neighbors())
        6
        """
        return tuple(self + d for d in DIRECTIONS)

    def diagonal_neighbor(self, direction: int) -> "Hex":
        """The hex two steps away across a corner, in ``direction`` (0..5, into :data:`DIAGONALS`).

        Diagonal ``i`` lies between :data:`DIRECTIONS` ``i`` and ``i + 1``; it is at distance 2
        and shares no edge with this hex (Red Blob's diagonal neighbour).

        Raises
        ------
        HexError
            If ``direction`` is not an integer in 0..5.

        Examples
        --------
        >>> Hex(1, -2).diagonal_neighbor(3)
        Hex(q=-1, r=-1)
        """
        return self + DIAGONALS[_as_direction(direction, "diagonal direction")]

    def _about(self, center: "Hex | None", turn: "Callable[[Hex], Hex]") -> "Hex":
        """``turn`` (a map of hex vectors that fixes the origin) applied about ``center``."""
        c = Hex(0, 0) if center is None else _as_hex(center, "centre")
        return c + turn(self - c)

    def rotate_left(self, center: "Hex | None" = None) -> "Hex":
        """This hex turned 60° left (counter-clockwise as :class:`Layout` draws it) about ``center``.

        Cube ``(q, r, s)`` becomes ``(-s, -q, -r)`` relative to the centre: direction ``i`` of
        :data:`DIRECTIONS` becomes direction ``i + 1`` (E to NE). Six turns give the hex back.

        Parameters
        ----------
        center : Hex, optional
            The hex to turn about; default the origin ``Hex(0, 0)``.

        Returns
        -------
        Hex

        Raises
        ------
        HexError
            If ``center`` is not a :class:`Hex`.

        Examples
        --------
        >>> Hex.from_cube(1, -3, 2).rotate_left() == Hex.from_cube(-2, -1, 3)
        True
        >>> Hex(3, 1).rotate_left(center=Hex(2, 1))
        Hex(q=3, r=0)
        """
        return self._about(center, lambda d: Hex(-d.s, -d.q))

    def rotate_right(self, center: "Hex | None" = None) -> "Hex":
        """This hex turned 60° right (clockwise as :class:`Layout` draws it) about ``center``.

        Cube ``(q, r, s)`` becomes ``(-r, -s, -q)`` relative to the centre: direction ``i``
        becomes direction ``i - 1`` (NE to E). The inverse of :meth:`rotate_left`.

        Parameters
        ----------
        center : Hex, optional
            The hex to turn about; default the origin ``Hex(0, 0)``.

        Returns
        -------
        Hex

        Raises
        ------
        HexError
            If ``center`` is not a :class:`Hex`.

        Examples
        --------
        >>> Hex.from_cube(1, -3, 2).rotate_right() == Hex.from_cube(3, -2, -1)
        True
        >>> Hex(3, 0).rotate_right(center=Hex(2, 1))
        Hex(q=3, r=1)
        """
        return self._about(center, lambda d: Hex(-d.r, -d.s))

    def reflect_q(self, center: "Hex | None" = None) -> "Hex":
        """This hex mirrored across the q axis through ``center``: ``q`` kept, ``r`` and ``s`` swapped.

        The mirror line holds the hexes with ``r == s`` relative to the centre (diagonals 0 and
        3). Directions swap 0 <-> 1, 2 <-> 5, 3 <-> 4 (Red Blob's reflection). Twice gives
        the hex back.

        Parameters
        ----------
        center : Hex, optional
            A hex on the mirror line; default the origin ``Hex(0, 0)``.

        Returns
        -------
        Hex

        Raises
        ------
        HexError
            If ``center`` is not a :class:`Hex`.

        Examples
        --------
        >>> Hex(1, 0).reflect_q()
        Hex(q=1, r=-1)
        >>> Hex(2, -1).reflect_q()
        Hex(q=2, r=-1)
        """
        return self._about(center, lambda d: Hex(d.q, d.s))

    def reflect_r(self, center: "Hex | None" = None) -> "Hex":
        """This hex mirrored across the r axis through ``center``: ``r`` kept, ``q`` and ``s`` swapped.

        The mirror line holds the hexes with ``q == s`` relative to the centre (diagonals 1 and
        4: the vertical line of a pointy-top layout, so this is the left-right mirror there).
        Directions swap 0 <-> 3, 1 <-> 2, 4 <-> 5.

        Parameters
        ----------
        center : Hex, optional
            A hex on the mirror line; default the origin ``Hex(0, 0)``.

        Returns
        -------
        Hex

        Raises
        ------
        HexError
            If ``center`` is not a :class:`Hex`.

        Examples
        --------
        >>> Hex(1, 0).reflect_r()
        Hex(q=-1, r=0)
        >>> Hex(3, 0).reflect_r(center=Hex(1, 0))
        Hex(q=-1, r=0)
        """
        return self._about(center, lambda d: Hex(d.s, d.r))

    def reflect_s(self, center: "Hex | None" = None) -> "Hex":
        """This hex mirrored across the s axis through ``center``: ``s`` kept, ``q`` and ``r`` swapped.

        The mirror line holds the hexes with ``q == r`` relative to the centre (diagonals 2 and
        5). Directions swap 0 <-> 5, 1 <-> 4, 2 <-> 3.

        Parameters
        ----------
        center : Hex, optional
            A hex on the mirror line; default the origin ``Hex(0, 0)``.

        Returns
        -------
        Hex

        Raises
        ------
        HexError
            If ``center`` is not a :class:`Hex`.

        Examples
        --------
        >>> Hex(1, 0).reflect_s()
        Hex(q=0, r=1)
        """
        return self._about(center, lambda d: Hex(d.r, d.q))

    def ring(self, radius: int) -> list["Hex"]:
        """The hexes at exactly ``radius`` hexes from this one (Red Blob's ring).

        Raises
        ------
        HexError
            If ``radius`` is not a whole number from 0 to :data:`~hexrules.checks.MAX_RADIUS`.

        Examples
        --------
        >>> len(Hex(0, 0).ring(2))
        12
        >>> Hex(0, 0).ring(0)
        [Hex(q=0, r=0)]
        """
        if _as_radius(radius, "ring radius") == 0:
            return [self]
        results = []
        h = self + DIRECTIONS[4].scale(radius)
        for i in range(6):
            for _ in range(radius):
                results.append(h)
                h = h + DIRECTIONS[i]
        return results

    def spiral(self, radius: int) -> list["Hex"]:
        """This hex, then its rings 1..radius in order: every hex within ``radius``.

        Raises
        ------
        HexError
            If ``radius`` is not a whole number from 0 to :data:`~hexrules.checks.MAX_RADIUS`.

        Examples
        --------
        >>> len(Hex(0, 0).spiral(2))
        19
        """
        results = []
        for k in range(_as_radius(radius, "spiral radius") + 1):
            results.extend(self.ring(k))
        return results

    def line(self, other: "Hex") -> list["Hex"]:
        """The hexes on a straight line to ``other``, both ends included (Red Blob's line drawing).

        ``n + 1`` evenly spaced points between the two centres (``n`` the distance) are found with
        :func:`hex_lerp` and rounded with :meth:`FractionalHex.round`; consecutive hexes are
        neighbours.

        Parameters
        ----------
        other : Hex
            The far end.

        Returns
        -------
        list of Hex
            ``distance + 1`` hexes, from this hex to ``other``.

        Raises
        ------
        HexError
            If ``other`` is not a :class:`Hex`, or the line is longer than
            :data:`MAX_LINE_LENGTH` hexes.

        Notes
        -----
        *Ties.* A line that runs along hex edges (e.g. ``Hex(0, 0)`` to ``Hex(1, 1)``, whose
        midpoint is on the edge between ``Hex(1, 0)`` and ``Hex(0, 1)``) has sample points exactly
        half-way between two hexes, equally near both. Every sample is moved by the same tiny
        vector ``(+1e-6, +2e-6, -3e-6)`` in ``(q, r, s)`` (the nudge of Red Blob's guide), so each
        tie goes one fixed way: to the hex with the larger ``r`` (lower on the page as
        :class:`Layout` draws it), or between two hexes of one row, to the larger ``q`` (east).
        Samples never land on a hex corner (the coordinate that changes most is whole at every
        sample), so no three-way tie arises.

        *Why an epsilon this size.* Hex cells are bounded by lines on which ``q - r``, ``r - s``
        or ``s - q`` is a whole number. The nudge changes those differences by at most ``5e-6``,
        while a sample that is not on such a line is at least ``1 / n`` from it (its coordinates
        are multiples of ``1 / n``).
        For ``n <= 100,000`` (:data:`MAX_LINE_LENGTH`) the nudge therefore decides ties and nothing
        else, and floating-point error (about ``n * 1e-16``) is far below it.

        *Reverse and translation.* Both ends get the same nudge, so ``b.line(a)`` samples the same
        points as ``a.line(b)`` in reverse order: it is the reverse list. The samples are taken
        relative to the start (so large coordinates cannot swallow the nudge and moving both ends
        by a hex moves the line by that hex) and always from the lesser end (``Hex`` order),
        then reversed if needed, so the reverse property holds to the last bit. The nudge breaks
        mirror symmetry on purpose: the mirror image of a line along edges may take the other
        side of each tie.

        Examples
        --------
        >>> Hex(0, 0).line(Hex(3, 0))
        [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0), Hex(q=3, r=0)]
        >>> Hex(0, 0).line(Hex(1, 1))  # the tie at the midpoint goes to the larger r
        [Hex(q=0, r=0), Hex(q=0, r=1), Hex(q=1, r=1)]
        """
        n = self.distance(other)  # checks that other is a Hex
        if n == 0:
            return [self]
        if n > MAX_LINE_LENGTH:
            raise HexError(
                f"line from {_show(self)} to {_show(other)} is {_show(n)} hexes long; lines are at most "
                f"{MAX_LINE_LENGTH:,} hexes (beyond that the tie-breaking nudge could move a sample)"
            )
        if other < self:
            return other.line(self)[::-1]
        d = other - self
        start = _NUDGE
        end = FractionalHex(d.q + _NUDGE.q, d.r + _NUDGE.r)
        return [self + _lerp(start, end, i / n).round() for i in range(n + 1)]

    def __str__(self) -> str:
        return f"({_coordinate(self.q)},{_coordinate(self.r)})"


#: The six axial direction vectors; index 0 is "east" in a pointy-top layout, then
#: counter-clockwise in Red Blob's order.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)

#: Names of :data:`DIRECTIONS` for a pointy-top layout drawn with rows going down the page.
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")

#: The six diagonal vectors (Red Blob's order): diagonal ``i`` is ``DIRECTIONS[i] +
#: DIRECTIONS[i + 1]``, two hexes away across a corner.
DIAGONALS: tuple[Hex, ...] = (
    Hex(2, -1),
    Hex(1, -2),
    Hex(-1, -1),
    Hex(-2, 1),
    Hex(-1, 2),
    Hex(1, 1),
)

# MAX_LINE_LENGTH (the longest line Hex.line draws) lives with the kit's other limits, in
# hexrules.checks; it is imported above and stays importable from here.


def hex_range(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` hexes of ``center`` (Red Blob's range), sorted.

    Raises
    ------
    HexError
        If ``center`` is not a :class:`Hex` or ``radius`` is not a whole number from 0 to
        :data:`~hexrules.checks.MAX_RADIUS`.

    Examples
    --------
    >>> len(hex_range(Hex(0, 0), 1))
    7
    """
    return sorted(_as_hex(center, "range centre").spiral(radius))


# --- fractional hexes: lerp and round ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FractionalHex:
    """A point of the hex grid between hex centres, in fractional axial coordinates.

    What :func:`hex_lerp` and :meth:`Layout.pixel_to_fractional` return; :meth:`round` gives
    the hex the point lies in. It unpacks as ``q, r``.

    Parameters
    ----------
    q, r : float
        Fractional axial coordinates (ints are accepted and stored as floats); ``s = -q - r``.

    Raises
    ------
    HexError
        If ``q`` or ``r`` is not a finite real number.

    Examples
    --------
    >>> p = FractionalHex(0.4, 0.1)
    >>> p.round()
    Hex(q=0, r=0)
    >>> q, r = FractionalHex(1.5, -0.5)
    >>> (q, r)
    (1.5, -0.5)
    """

    q: float
    r: float

    def __post_init__(self) -> None:
        q, r = self.q, self.r
        if type(q) is not float or type(r) is not float or q - q != 0.0 or r - r != 0.0:  # x - x is nan for inf, nan
            object.__setattr__(self, "q", _as_real(q, "fractional hex coordinate q ="))
            object.__setattr__(self, "r", _as_real(r, "fractional hex coordinate r ="))

    @classmethod
    def from_cube(cls, q: float, r: float, s: float) -> "FractionalHex":
        """Build a point from fractional cube coordinates, checking ``q + r + s == 0``.

        The sum may differ from zero by floating-point error (``1e-9`` of the coordinates' size).

        Raises
        ------
        HexError
            If a coordinate is not a finite number or the three do not sum to zero.

        Examples
        --------
        >>> FractionalHex.from_cube(0.3, -0.6, 0.3).round()
        Hex(q=0, r=0)
        """
        fq, fr, fs = (_as_real(v, f"fractional cube coordinate {n} =") for n, v in zip("qrs", (q, r, s)))
        if abs(fq + fr + fs) > 1e-9 * max(1.0, abs(fq) + abs(fr) + abs(fs)):
            raise HexError(f"fractional cube coordinates ({fq!r}, {fr!r}, {fs!r}) do not sum to 0")
        return cls(fq, fr)

    @property
    def s(self) -> float:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __iter__(self) -> Iterator[float]:
        yield self.q
        yield self.r

    def lerp(self, other: "FractionalHex | Hex", t: float) -> "FractionalHex":
        """The point a fraction ``t`` of the way to ``other`` (see :func:`hex_lerp`).

        Raises
        ------
        HexError
            If ``other`` is not a :class:`Hex` or :class:`FractionalHex`, or ``t`` is not a
            finite number.

        Examples
        --------
        >>> FractionalHex(0, 0).lerp(Hex(10, -20), 0.5)
        FractionalHex(q=5.0, r=-10.0)
        """
        return hex_lerp(self, other, t)

    def round(self) -> Hex:
        """The hex this point lies in: Red Blob's cube rounding.

        Each cube coordinate is rounded to the nearest integer; the one that moved most is then
        recomputed from the other two, so that ``q + r + s == 0``. The result is the hex whose
        centre is nearest.

        Returns
        -------
        Hex

        Notes
        -----
        A point exactly on the edge between two hexes is as near one as the other; ``round``
        returns one of the two, deterministically. Halves round up (``floor(x + 0.5)``, not
        Python's round-half-to-even), so moving a point by a whole hex moves its rounding by the
        same hex, ties included. A caller that needs a chosen side nudges the point first, as
        :meth:`Hex.line` does.

        Examples
        --------
        >>> FractionalHex(0.9, -0.1).round()
        Hex(q=1, r=0)
        >>> FractionalHex.from_cube(0.3, -0.7, 0.4).round()
        Hex(q=0, r=-1)
        """
        q, r = self.q, self.r
        s = -q - r
        qi, ri, si = math.floor(q + 0.5), math.floor(r + 0.5), math.floor(s + 0.5)
        dq, dr, ds = abs(qi - q), abs(ri - r), abs(si - s)
        if dq > dr and dq > ds:
            qi = -ri - si
        elif dr > ds:
            ri = -qi - si
        return Hex(qi, ri)


def _as_point(value: object, what: str) -> FractionalHex:
    if isinstance(value, FractionalHex):
        return value
    if isinstance(value, Hex):
        return FractionalHex(value.q, value.r)
    raise HexError(f"{what} {_show(value)} is not a Hex or a FractionalHex")


def hex_lerp(a: Hex | FractionalHex, b: Hex | FractionalHex, t: float) -> FractionalHex:
    """Linear interpolation between two hexes: the point a fraction ``t`` of the way from ``a`` to ``b``.

    Red Blob's ``hex_lerp``: ``a * (1 - t) + b * t`` in each coordinate, so ``t = 0`` gives
    ``a`` and ``t = 1`` gives ``b`` exactly.

    Parameters
    ----------
    a, b : Hex or FractionalHex
        The ends.
    t : float
        The fraction; values outside 0..1 extrapolate.

    Returns
    -------
    FractionalHex

    Raises
    ------
    HexError
        If ``a`` or ``b`` is not a hex or point, or ``t`` is not a finite number.

    Examples
    --------
    >>> hex_lerp(Hex(0, 0), Hex(10, -20), 0.5)
    FractionalHex(q=5.0, r=-10.0)
    >>> hex_lerp(Hex(0, 0), Hex(1, -1), 0.499).round()
    Hex(q=0, r=0)
    """
    return _lerp(_as_point(a, "lerp start"), _as_point(b, "lerp end"), _as_real(t, "lerp fraction t ="))


def _lerp(a: FractionalHex, b: FractionalHex, t: float) -> FractionalHex:
    u = 1.0 - t
    return FractionalHex(a.q * u + b.q * t, a.r * u + b.r * t)


def hex_round(fq: FractionalHex | float, fr: float | None = None) -> Hex:
    """Round a point to the hex it lies in (cube rounding; see :meth:`FractionalHex.round`).

    Parameters
    ----------
    fq : FractionalHex or float
        A :class:`FractionalHex` (Red Blob's ``hex_round(h)``), or the fractional ``q``.
    fr : float, optional
        The fractional ``r``, when ``fq`` is a number.

    Returns
    -------
    Hex

    Raises
    ------
    HexError
        If the coordinates are not finite numbers, or ``fr`` is missing for a number ``fq``.

    Examples
    --------
    >>> hex_round(0.4, 0.1)
    Hex(q=0, r=0)
    >>> hex_round(FractionalHex(0.9, -0.1))
    Hex(q=1, r=0)
    """
    if fr is None:
        if isinstance(fq, FractionalHex):
            return fq.round()
        raise HexError(f"hex_round takes a FractionalHex or the two numbers q, r, not {_show(fq)} alone")
    return FractionalHex(fq, fr).round()


_NUDGE = FractionalHex(1e-6, 2e-6)  # s = -3e-6: Red Blob's line-drawing nudge (see Hex.line)


# --- offset and doubled coordinates -----------------------------------------------------------


_new_tuple = tuple.__new__  # builds a named tuple without the Python-level __new__ call


class OffsetCoord(NamedTuple):
    """Offset coordinates ``(col, row)`` (a tuple: it compares equal to ``(col, row)``)."""

    col: int
    row: int


class DoubledCoord(NamedTuple):
    """Doubled coordinates ``(col, row)``; ``col + row`` is always even."""

    col: int
    row: int


# Red Blob's EVEN = +1, ODD = -1, and the axis whose parity shoves the other.
_OFFSETS: dict[str, tuple[str, int]] = {"odd-r": ("r", -1), "even-r": ("r", 1), "odd-q": ("q", -1), "even-q": ("q", 1)}


def _offset_kind(offset: object) -> tuple[str, int]:
    try:
        return _OFFSETS[offset]  # type: ignore[index]
    except (KeyError, TypeError):
        raise HexError(f"offset kind {_show(offset)} is not one of {', '.join(map(repr, OFFSET_KINDS))}") from None


def _as_offset_pair(col: object, row: object, what: str) -> tuple[int, int]:
    if type(col) is int and type(row) is int:  # the common case, checked fast
        return col, row
    return _as_int(col, f"{what} column"), _as_int(row, f"{what} row")


def _doubled_kind(doubled: object) -> str:
    if not isinstance(doubled, str) or doubled not in DOUBLED_KINDS:
        raise HexError(f"doubled kind {_show(doubled)} is not one of {', '.join(map(repr, DOUBLED_KINDS))}")
    return doubled  # type: ignore[return-value]


def to_offset(h: Hex, offset: OffsetKind = "odd-r") -> OffsetCoord:
    """Axial to offset ``(col, row)`` (Red Blob's ``roffset_from_cube`` / ``qoffset_from_cube``).

    ``odd-r`` and ``even-r`` suit pointy-top boards (odd or even rows shoved half a hex right),
    ``odd-q`` and ``even-q`` flat-top boards (odd or even columns shoved half a hex down).

    Parameters
    ----------
    h : Hex
    offset : {"odd-r", "even-r", "odd-q", "even-q"}

    Returns
    -------
    OffsetCoord
        A named tuple ``(col, row)``.

    Raises
    ------
    HexError
        If ``h`` is not a :class:`Hex` or ``offset`` is not one of :data:`OFFSET_KINDS`.

    Examples
    --------
    >>> to_offset(Hex(1, 1))
    OffsetCoord(col=1, row=1)
    >>> to_offset(Hex(0, 2)) == (1, 2)
    True
    >>> to_offset(Hex(2, -1), "even-r")
    OffsetCoord(col=2, row=-1)
    """
    if type(h) is not Hex:
        _as_hex(h, "hex")
    try:  # inline for speed: board code calls this for every hex
        axis, sign = _OFFSETS[offset]  # type: ignore[index]
    except (KeyError, TypeError):
        axis, sign = _offset_kind(offset)  # raises, naming it
    q, r = h.q, h.r
    if axis == "r":
        return _new_tuple(OffsetCoord, (q + (r + sign * (r & 1)) // 2, r))
    return _new_tuple(OffsetCoord, (q, r + (q + sign * (q & 1)) // 2))


def from_offset(col: int, row: int, offset: OffsetKind = "odd-r") -> Hex:
    """Offset ``(col, row)`` to axial; the inverse of :func:`to_offset`.

    Parameters
    ----------
    col, row : int
        Offset column and row (any integers, negative ones included).
    offset : {"odd-r", "even-r", "odd-q", "even-q"}

    Returns
    -------
    Hex

    Raises
    ------
    HexError
        If ``col`` or ``row`` is not an integer or ``offset`` is not one of :data:`OFFSET_KINDS`.

    Examples
    --------
    >>> from_offset(1, 2)
    Hex(q=0, r=2)
    >>> from_offset(-1, -2, "odd-q")
    Hex(q=-1, r=-1)
    """
    col, row = _as_offset_pair(col, row, "offset")
    try:
        axis, sign = _OFFSETS[offset]  # type: ignore[index]
    except (KeyError, TypeError):
        axis, sign = _offset_kind(offset)  # raises, naming it
    if axis == "r":
        return Hex(col - (row + sign * (row & 1)) // 2, row)
    return Hex(col, row - (col + sign * (col & 1)) // 2)


def to_doubled(h: Hex, doubled: DoubledKind = "doubled-width") -> DoubledCoord:
    """Axial to doubled coordinates (Red Blob's ``rdoubled_from_cube`` / ``qdoubled_from_cube``).

    ``doubled-width`` (pointy-top): ``col = 2q + r``, ``row = r``; ``doubled-height``
    (flat-top): ``col = q``, ``row = 2r + q``. Either way ``col + row`` is even.

    Parameters
    ----------
    h : Hex
    doubled : {"doubled-width", "doubled-height"}

    Returns
    -------
    DoubledCoord

    Raises
    ------
    HexError
        If ``h`` is not a :class:`Hex` or ``doubled`` is not one of :data:`DOUBLED_KINDS`.

    Examples
    --------
    >>> to_doubled(Hex(1, 2))
    DoubledCoord(col=4, row=2)
    >>> to_doubled(Hex(1, 2), "doubled-height")
    DoubledCoord(col=1, row=5)
    """
    _as_hex(h, "hex")
    if _doubled_kind(doubled) == "doubled-width":
        return DoubledCoord(2 * h.q + h.r, h.r)
    return DoubledCoord(h.q, 2 * h.r + h.q)


def _as_doubled(col: object, row: object) -> tuple[int, int]:
    col, row = _as_offset_pair(col, row, "doubled")
    if (col + row) % 2:
        raise HexError(f"doubled coordinates ({_show(col)}, {_show(row)}) name no hex: col + row must be even")
    return col, row


def from_doubled(col: int, row: int, doubled: DoubledKind = "doubled-width") -> Hex:
    """Doubled coordinates to axial; the inverse of :func:`to_doubled`.

    Parameters
    ----------
    col, row : int
        Doubled coordinates; ``col + row`` must be even.
    doubled : {"doubled-width", "doubled-height"}

    Returns
    -------
    Hex

    Raises
    ------
    HexError
        If ``col`` or ``row`` is not an integer, ``col + row`` is odd (no hex has those
        coordinates), or ``doubled`` is not one of :data:`DOUBLED_KINDS`.

    Examples
    --------
    >>> from_doubled(4, 2)
    Hex(q=1, r=2)
    >>> from_doubled(1, 5, "doubled-height")
    Hex(q=1, r=2)
    """
    col, row = _as_doubled(col, row)
    if _doubled_kind(doubled) == "doubled-width":
        return Hex((col - row) // 2, row)
    return Hex(col, (row - col) // 2)


def offset_to_doubled(col: int, row: int, offset: OffsetKind = "odd-r") -> DoubledCoord:
    """Offset ``(col, row)`` straight to doubled coordinates of the same orientation.

    ``-r`` offsets go to ``doubled-width``, ``-q`` offsets to ``doubled-height`` (Red Blob's
    ``roffset_to_rdoubled`` / ``qoffset_to_qdoubled``); the same as
    ``to_doubled(from_offset(col, row, offset), ...)``.

    Raises
    ------
    HexError
        If ``col`` or ``row`` is not an integer or ``offset`` is not one of :data:`OFFSET_KINDS`.

    Examples
    --------
    >>> offset_to_doubled(0, 1)  # odd-r: row 1 is shoved right
    DoubledCoord(col=1, row=1)
    >>> offset_to_doubled(1, 0, "even-q")
    DoubledCoord(col=1, row=-1)
    """
    col, row = _as_offset_pair(col, row, "offset")
    axis, sign = _offset_kind(offset)
    if axis == "r":
        return DoubledCoord(2 * col - sign * (row & 1), row)
    return DoubledCoord(col, 2 * row - sign * (col & 1))


def doubled_to_offset(col: int, row: int, offset: OffsetKind = "odd-r") -> OffsetCoord:
    """Doubled coordinates straight to offset ``(col, row)``; the inverse of :func:`offset_to_doubled`.

    Raises
    ------
    HexError
        If ``col`` or ``row`` is not an integer, ``col + row`` is odd, or ``offset`` is not one
        of :data:`OFFSET_KINDS`.

    Examples
    --------
    >>> doubled_to_offset(1, 1)
    OffsetCoord(col=0, row=1)
    """
    col, row = _as_doubled(col, row)
    axis, sign = _offset_kind(offset)
    if axis == "r":
        return OffsetCoord((col + sign * (row & 1)) // 2, row)
    return OffsetCoord(col, (row + sign * (col & 1)) // 2)


# --- labels -----------------------------------------------------------------------------------

#: The label schemes of :class:`LabelScheme`.
LABEL_KINDS: tuple[str, ...] = ("letters", "numbers", "axial")

#: Separators the ``numbers`` scheme can put between column and row (``""``: ``0304``).
SEPARATORS: tuple[str, ...] = ("", ".", "-", "/")

# LABEL_LIMIT (the label coordinates labels exist for) and MAX_LABEL_LENGTH (the longest text a
# label parser reads) live with the kit's other limits, in hexrules.checks; imported above.

_LETTERS_RE = re.compile(r"^\s*(-?)([A-Za-z]+)\s*(-?)([0-9]+)\s*$")
_AXIAL_RE = re.compile(r"^\s*\(\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)\s*$")
_NUMBERS_RE = {
    sep: re.compile(r"^\s*(-?)([0-9]+)(?:(-)([0-9]+))?\s*$")
    if sep == ""
    else re.compile(r"^\s*(-?)([0-9]+)" + re.escape(sep) + r"(-?)([0-9]+)\s*$")
    for sep in SEPARATORS
}


def _letters(ordinal: int) -> str:
    """Spreadsheet column letters of ``ordinal`` >= 1: 1 -> A, 26 -> Z, 27 -> AA."""
    letters = ""
    while ordinal:
        ordinal, rem = divmod(ordinal - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def _ordinal(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n


def _signed_ordinal(index: int) -> tuple[str, int]:
    """Index 0, 1, ... -> ("", 1), ("", 2), ...; index -1, -2, ... -> ("-", 1), ("-", 2), ..."""
    return ("", index + 1) if index >= 0 else ("-", -index)


@dataclass(frozen=True, slots=True)
class LabelScheme:
    """How a board names its hexes to players: a label format and its parser, exact inverses.

    Parameters
    ----------
    kind : {"letters", "numbers", "axial"}
        ``"letters"`` (default): column letters and a 1-based row number, ``"C4"``.
        ``"numbers"``: column number then row number, two digits each, as printed wargame maps
        number their hexes, ``"0304"``. ``"axial"``: ``"(q,r)"``.
    offset : {"odd-r", "even-r", "odd-q", "even-q"}
        The offset kind whose columns and rows the labels count (``letters``, ``numbers``);
        ``axial`` labels do not use it.
    first : {1, 0}
        ``numbers`` only: the number of the first column and row (``0101`` or ``0000`` at the
        top left).
    separator : {"", ".", "-", "/"}
        ``numbers`` only: what stands between column and row (``"03.04"``).

    Raises
    ------
    HexError
        If a field is not one of its choices, or ``first`` / ``separator`` is given to a scheme
        other than ``numbers``.

    Notes
    -----
    Every hex whose label coordinates are within :data:`LABEL_LIMIT` has exactly one label in each
    scheme, and ``parse(format(h)) == h``. ``parse`` also reads lower case, spaces around the
    label (and, for ``letters``, between letters and row) and unpadded numbers; ``format`` writes
    the one canonical spelling, so ``format(parse(text))`` is ``text`` tidied.

    *letters.* Column 0 is ``A``, 25 is ``Z``, 26 is ``AA`` (spreadsheet style); row 0 is ``1``.
    Beyond the first column or row, labels count outwards with a minus sign and no zero, like
    years before and after year 1: column -1 is ``-A``, -2 is ``-B``, -27 is ``-AA``; row -1 is
    ``-1``. So ``-A1`` is the hex left of ``A1``, ``A-1`` the one above it, ``-A-1`` both.
    ``A0`` is no label.

    *numbers.* The column number is ``col + first`` and the row number ``row + first``, each
    written with at least two digits (``03``), wider when needed (``100``). Without a separator
    both halves are padded to the same width so that the text splits in the middle: column 100,
    row 5 is ``100005``. Beyond the first column or row the numbers keep counting down
    (``first=1``: ``00``, then ``-01``): a minus sign marks a negative number, before the column
    or before the row, so ``03-01`` (no separator) is column number 03 and row number -01
    (offset row -2 when ``first=1``), and with the ``-`` separator that hex is ``03--01``. Hexes
    of boards read from text never need a minus sign.

    *axial.* ``(q,r)`` as ``str(Hex)`` writes it, e.g. ``(3,-2)``; spaces are allowed inside.

    Examples
    --------
    >>> LabelScheme().format(Hex(2, 3)), LabelScheme().parse("d4")
    ('D4', Hex(q=2, r=3))
    >>> LabelScheme().format(from_offset(-1, 0)), LabelScheme().format(from_offset(0, -1))
    ('-A1', 'A-1')
    >>> wargame = LabelScheme("numbers", "odd-q", separator=".")
    >>> wargame.format(from_offset(2, 3, "odd-q")), wargame.parse("03.04") == from_offset(2, 3, "odd-q")
    ('03.04', True)
    >>> LabelScheme("numbers", "odd-q", first=0).format(from_offset(2, 3, "odd-q"))
    '0203'
    >>> LabelScheme("axial").parse(" ( 3 , -2 ) ")
    Hex(q=3, r=-2)
    """

    kind: LabelKind = "letters"
    offset: OffsetKind = "odd-r"
    first: int = 1
    separator: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in LABEL_KINDS:
            raise HexError(f"label scheme {_show(self.kind)} is not one of {', '.join(map(repr, LABEL_KINDS))}")
        _offset_kind(self.offset)
        whole = isinstance(self.first, int) and not isinstance(self.first, bool)
        if self.kind == "numbers":
            if not whole or self.first not in (0, 1):
                raise HexError(f"label scheme first= {_show(self.first)} is not 0 or 1 (the number of the first column and row)")
            if not isinstance(self.separator, str) or self.separator not in SEPARATORS:  # str first: no numpy compare
                raise HexError(f"label separator {_show(self.separator)} is not one of {', '.join(map(repr, SEPARATORS))}")
        elif not (whole and self.first == 1) or not (isinstance(self.separator, str) and self.separator == ""):
            raise HexError(
                f"label scheme {self.kind!r} takes no first= or separator= (given {_show(self.first)}, "
                f"{_show(self.separator)}); they belong to the 'numbers' scheme"
            )

    # -- format --

    def format(self, h: Hex) -> str:
        """The label of ``h`` in this scheme.

        Parameters
        ----------
        h : Hex

        Returns
        -------
        str

        Raises
        ------
        HexError
            If ``h`` is not a :class:`Hex`, or its label coordinates are not within
            :data:`LABEL_LIMIT`.

        Examples
        --------
        >>> LabelScheme().format(from_offset(26, 9))
        'AA10'
        >>> LabelScheme("numbers", "odd-q").format(from_offset(99, 4, "odd-q"))
        '100005'
        """
        return self._format(*self._coordinates(_as_hex(h, "hex")))

    def _format(self, a: int, b: int) -> str:
        if self.kind == "letters":
            (cs, cn), (rs, rn) = _signed_ordinal(a), _signed_ordinal(b)
            return f"{cs}{_letters(cn)}{rs}{rn}"
        if self.kind == "axial":
            return f"({a},{b})"
        cn, rn = a + self.first, b + self.first
        ct, rt = str(abs(cn)), str(abs(rn))
        width = 2 if self.separator else max(2, len(ct), len(rt))
        return f"{'-' if cn < 0 else ''}{ct.zfill(width)}{self.separator}{'-' if rn < 0 else ''}{rt.zfill(width)}"

    def _coordinates(self, h: Hex) -> tuple[int, int]:
        a, b = (h.q, h.r) if self.kind == "axial" else to_offset(h, self.offset)
        if not (-LABEL_LIMIT < a < LABEL_LIMIT and -LABEL_LIMIT < b < LABEL_LIMIT):
            names = ("q", "r") if self.kind == "axial" else ("col", "row")
            name, v = (names[0], a) if not -LABEL_LIMIT < a < LABEL_LIMIT else (names[1], b)
            raise HexError(f"hex {h!r} has {name}={_show(v)}; labels exist for |{name}| < 10**12")
        return a, b

    def extent(self, hexes: Iterable[Hex]) -> tuple[tuple[str, str], tuple[str, str]]:
        """The first and last column and the first and last row of ``hexes``, as this scheme writes them.

        ``letters``: column letters and row numbers (``("A", "O"), ("1", "12")`` for a 15 x 12
        board); ``numbers``: column and row numbers, two digits at least (``("01", "15")``);
        ``axial``: the smallest and largest ``q``, then ``r``. The words of a hex refused for not
        being on a board (:func:`hexrules.words.extent_text`).

        Parameters
        ----------
        hexes : iterable of Hex
            At least one hex, each with label coordinates within :data:`LABEL_LIMIT`.

        Returns
        -------
        tuple of (str, str)
            ``((first column, last column), (first row, last row))``.

        Raises
        ------
        HexError
            If ``hexes`` is not a list (or set) of hexes, is empty or longer than
            :data:`~hexrules.checks.MAX_BOARD_HEXES`, or a hex has no label (:meth:`format`).

        Examples
        --------
        >>> LabelScheme().extent([from_offset(0, 0), from_offset(14, 11)])
        (('A', 'O'), ('1', '12'))
        >>> LabelScheme("numbers", "odd-q").extent([from_offset(2, 0, "odd-q"), from_offset(0, 1, "odd-q")])
        (('01', '03'), ('01', '02'))
        """
        given = items(hexes, what="hexes", error=HexError, ordered=False, nonempty=True, expected="a list of hexes",
                      most=MAX_BOARD_HEXES, limit="MAX_BOARD_HEXES")
        coords = [self._coordinates(_as_hex(h, "hex")) for h in given]
        cols, rows = [a for a, _ in coords], [b for _, b in coords]
        return ((self._part(min(cols), True), self._part(max(cols), True)),
                (self._part(min(rows), False), self._part(max(rows), False)))

    def _part(self, index: int, column: bool) -> str:
        """One half of a label: the column (``column``) or row written for coordinate ``index``."""
        if self.kind == "axial":
            return str(index)
        if self.kind == "letters":
            sign, n = _signed_ordinal(index)
            return f"{sign}{_letters(n) if column else n}"
        n = index + self.first
        return f"{'-' if n < 0 else ''}{str(abs(n)).zfill(2)}"

    # -- parse --

    def parse(self, text: str) -> Hex:
        """The hex a label names in this scheme; the inverse of :meth:`format`.

        Parameters
        ----------
        text : str
            A label such as ``"C4"``, ``"-A1"``, ``"0304"``, ``"03.04"`` or ``"(3,-2)"``
            (case and surrounding spaces do not matter; digits are ASCII ``0-9``).

        Returns
        -------
        Hex

        Raises
        ------
        HexError
            If ``text`` is not a string, is longer than :data:`MAX_LABEL_LENGTH` characters
            (refused before any other work), is not a label of this scheme, or names a hex
            whose label coordinates are not within :data:`LABEL_LIMIT`. The message names the
            text and the form expected.

        Examples
        --------
        >>> LabelScheme().parse("-a-1") == from_offset(-1, -1)
        True
        >>> LabelScheme("numbers", separator="-").parse("03--01") == from_offset(2, -2)
        True
        """
        if not isinstance(text, str):
            raise HexError(f"hex label {_show(text)} is not a string")
        if len(text) > MAX_LABEL_LENGTH:
            raise HexError(f"hex label {_show(text)} is longer than {MAX_LABEL_LENGTH} characters, the most a label has")
        if self.kind == "letters":
            m = _LETTERS_RE.match(text)
            if not m or int(m.group(4)) == 0:
                raise HexError(f"hex label {_show(text)} is not {self._expected()}")
            cs, letters, rs, digits = m.groups()
            k, n = _ordinal(letters), int(digits)
            a, b = (-k if cs else k - 1), (-n if rs else n - 1)
        elif self.kind == "axial":
            m = _AXIAL_RE.match(text)
            if not m:
                raise HexError(f"hex label {_show(text)} is not {self._expected()}")
            a, b = int(m.group(1)), int(m.group(2))
        else:
            a, b = self._parse_numbers(text)
        return self._checked_hex(text, a, b)

    def _parse_numbers(self, text: str) -> tuple[int, int]:
        m = _NUMBERS_RE[self.separator].match(text)
        if not m:
            raise HexError(f"hex label {_show(text)} is not {self._expected()}")
        cs, cd, rs, rd = m.groups()
        if rd is None:  # no separator and no minus sign between: the digits split in the middle
            if len(cd) % 2:
                raise HexError(
                    f"hex label {_show(text)} has an odd number of digits, so it does not split into a column "
                    f"and a row of equal width; expected {self._expected()}"
                )
            cd, rd = cd[: len(cd) // 2], cd[len(cd) // 2 :]
        cn, rn = int(cd), int(rd)
        return (-cn if cs else cn) - self.first, (-rn if rs else rn) - self.first

    def _checked_hex(self, text: str, a: int, b: int) -> Hex:
        names = ("q", "r") if self.kind == "axial" else ("column", "row")
        for name, v in zip(names, (a, b)):
            if not -LABEL_LIMIT < v < LABEL_LIMIT:
                raise HexError(f"hex label {_show(text)} names {name} {_show(v)}; labels exist for |{name}| < 10**12")
        return Hex(a, b) if self.kind == "axial" else from_offset(a, b, self.offset)

    def _expected(self) -> str:
        if self.kind == "letters":
            return "column letters and a row number >= 1, e.g. 'C4' (beyond the first column or row: '-A1', 'A-1')"
        if self.kind == "axial":
            return "axial coordinates '(q,r)', e.g. '(3,-2)'"
        examples = (self.format(from_offset(2, 3, self.offset)), self.format(from_offset(99, 4, self.offset)))
        return f"a column number and a row number ({self.first} is the first), e.g. {examples[0]!r} or {examples[1]!r}"


_LETTER_SCHEMES = {k: LabelScheme("letters", k) for k in OFFSET_KINDS}


def _letter_scheme(offset: object) -> LabelScheme:
    _offset_kind(offset)
    return _LETTER_SCHEMES[offset]  # type: ignore[index]


def to_label(h: Hex, offset: OffsetKind = "odd-r") -> str:
    """A player-readable label: column letters then a 1-based row number.

    Column 0 is ``A``, 25 is ``Z``, 26 is ``AA`` (spreadsheet style); row 0 is ``1``. This is
    the default :class:`LabelScheme` for the hexes of the first column and row onwards (every
    hex of a board read from text).

    Raises
    ------
    HexError
        If ``h`` is not a :class:`Hex`, ``offset`` is not one of :data:`OFFSET_KINDS`, or the
        hex has a negative offset column or row (``LabelScheme(offset=offset).format`` names
        those: ``-A1``, ``A-1``), or a coordinate beyond :data:`LABEL_LIMIT`.

    Examples
    --------
    >>> to_label(Hex(0, 0)), to_label(Hex(2, 3)), to_label(from_offset(26, 9))
    ('A1', 'D4', 'AA10')
    """
    col, row = to_offset(h, offset)
    if col < 0 or row < 0:
        raise HexError(
            f"hex {_show(h)} has offset (col={_show(col)}, row={_show(row)}); to_label needs col, row >= 0 "
            f"(LabelScheme(offset={offset!r}).format(h) names hexes beyond the first column or row)"
        )
    if col >= LABEL_LIMIT or row >= LABEL_LIMIT:
        _LETTER_SCHEMES[offset].format(h)  # raises, naming the coordinate
    return f"{_letters(col + 1)}{row + 1}"


def from_label(text: str, offset: OffsetKind = "odd-r") -> Hex:
    """Parse a label made by :func:`to_label` (case-insensitive).

    Raises
    ------
    HexError
        If ``text`` is not letters followed by a row number >= 1 (a label of a hex beyond the
        first column or row, such as ``"-A1"``, is read by ``LabelScheme(offset=offset).parse``),
        or longer than :data:`MAX_LABEL_LENGTH` characters, or ``offset`` is not one of
        :data:`OFFSET_KINDS`.

    Examples
    --------
    >>> from_label("d4")
    Hex(q=2, r=3)
    """
    h = _letter_scheme(offset).parse(text)
    col, row = to_offset(h, offset)
    if col < 0 or row < 0:
        raise HexError(
            f"hex label {_show(text)} names a hex beyond the first column or row (col={col}, row={row}); "
            f"from_label reads labels such as 'C4' (LabelScheme(offset={offset!r}).parse reads this one)"
        )
    return h


# --- layout: hex <-> pixel ---------------------------------------------------------------------


class Orientation(NamedTuple):
    """Forward (``f``) and inverse (``b``) matrices and the first corner's angle, in 60° units."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float
    offset: str  # the offset-label kind that goes with this orientation


_SQ3 = math.sqrt(3.0)
POINTY = Orientation(_SQ3, _SQ3 / 2, 0.0, 1.5, _SQ3 / 3, -1 / 3, 0.0, 2 / 3, 0.5, "odd-r")
FLAT = Orientation(1.5, 0.0, _SQ3 / 2, _SQ3, 2 / 3, 0.0, -1 / 3, _SQ3 / 3, 0.0, "odd-q")


def _as_pair(value: object, what: str, *, positive: bool = False) -> tuple[float, float]:
    try:
        ok = len(value) == 2  # type: ignore[arg-type]
        pair = tuple(float(v) for v in value)  # type: ignore[union-attr]
    except (TypeError, ValueError, OverflowError):
        ok = False
    if not ok or isinstance(value, str) or not all(math.isfinite(v) and (v > 0 or not positive) for v in pair):
        kind = "two lengths > 0 (pixels)" if positive else "two finite numbers (pixels)"
        raise HexError(f"{what} {_show(value)} is not {kind}")
    return pair


@dataclass(frozen=True)
class Layout:
    """Orientation, hex size and origin: the map between hexes and pixels (Red Blob's Layout).

    Pixel ``y`` grows with ``r`` (down the page, as in Red Blob's guide); a plot that wants row 1
    at the top inverts its y axis.

    Parameters
    ----------
    orientation : Orientation
        :data:`POINTY` or :data:`FLAT`.
    size : tuple of float
        Hex radius (centre to corner) in pixels along x and y.
    origin : tuple of float
        Pixel position of ``Hex(0, 0)``'s centre.

    Raises
    ------
    HexError
        If ``orientation`` is not an :class:`Orientation`, ``size`` is not two finite lengths
        > 0, or ``origin`` is not two finite numbers.

    Examples
    --------
    >>> layout = Layout(POINTY, (1.0, 1.0), (0.0, 0.0))
    >>> layout.pixel_to_hex(layout.hex_to_pixel(Hex(3, -2)))
    Hex(q=3, r=-2)
    """

    orientation: Orientation = POINTY
    size: tuple[float, float] = (1.0, 1.0)
    origin: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        if not isinstance(self.orientation, Orientation):
            raise HexError(f"layout orientation {_show(self.orientation)} is not POINTY or FLAT")
        _as_pair(self.size, "layout size", positive=True)
        _as_pair(self.origin, "layout origin")

    def hex_to_pixel(self, h: Hex | FractionalHex) -> tuple[float, float]:
        """Centre of ``h`` in pixels (a :class:`FractionalHex` gives that point's pixel).

        Raises
        ------
        HexError
            If ``h`` is not a :class:`Hex` or :class:`FractionalHex`.

        Examples
        --------
        >>> Layout(FLAT, (10.0, 15.0), (35.0, 71.0)).hex_to_pixel(Hex(2, 0))
        (65.0, 96.98076211353316)
        """
        if not isinstance(h, (Hex, FractionalHex)):
            _as_point(h, "hex")  # raises, naming it
        o = self.orientation
        x = (o.f0 * h.q + o.f1 * h.r) * self.size[0]
        y = (o.f2 * h.q + o.f3 * h.r) * self.size[1]
        return x + self.origin[0], y + self.origin[1]

    def pixel_to_fractional(self, p: tuple[float, float]) -> FractionalHex:
        """The point of the grid under pixel ``p`` (it unpacks as ``q, r``).

        Raises
        ------
        HexError
            If ``p`` is not two finite numbers.

        Examples
        --------
        >>> q, r = Layout().pixel_to_fractional((0.0, 1.5))
        >>> round(q, 9), round(r, 9)
        (-0.5, 1.0)
        """
        px, py = _as_pair(p, "pixel")
        o = self.orientation
        px = (px - self.origin[0]) / self.size[0]
        py = (py - self.origin[1]) / self.size[1]
        return FractionalHex(o.b0 * px + o.b1 * py, o.b2 * px + o.b3 * py)

    def pixel_to_hex(self, p: tuple[float, float]) -> Hex:
        """The hex under pixel ``p``.

        Raises
        ------
        HexError
            If ``p`` is not two finite numbers.

        Examples
        --------
        >>> Layout().pixel_to_hex((1.7, 0.1))
        Hex(q=1, r=0)
        """
        return self.pixel_to_fractional(p).round()

    def corner_offset(self, corner: int) -> tuple[float, float]:
        """Offset of corner ``corner`` (0..5) from a hex centre, in pixels.

        Raises
        ------
        HexError
            If ``corner`` is not an integer in 0..5.

        Examples
        --------
        >>> Layout(FLAT).corner_offset(0)
        (1.0, 0.0)
        """
        angle = 2.0 * math.pi * (self.orientation.start_angle + _as_direction(corner, "corner")) / 6
        return self.size[0] * math.cos(angle), self.size[1] * math.sin(angle)

    def polygon_corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of ``h`` in pixels.

        Raises
        ------
        HexError
            If ``h`` is not a :class:`Hex`.

        Examples
        --------
        >>> len(Layout().polygon_corners(Hex(0, 0)))
        6
        """
        cx, cy = self.hex_to_pixel(_as_hex(h, "hex"))
        return [(cx + dx, cy + dy) for dx, dy in (self.corner_offset(i) for i in range(6))]


# --- checks of a hex given by a caller (the boundary: hexrules.checks) ----------------------------


def hex_value(value: object, what: str, *, ruling: str | None = None) -> Hex:
    """``value`` if it is a :class:`Hex` (where no board can read a label: a unit's or a model's
    position, a piece's hexes).

    Raises
    ------
    NotAHexError
        Naming ``what`` and the value.

    Examples
    --------
    >>> hex_value(Hex(1, 2), "unit position")
    Hex(q=1, r=2)
    >>> hex_value("C4", "unit position", ruling="M1")
    Traceback (most recent call last):
    ...
    hexrules.errors.NotAHexError: unit position 'C4' is not a Hex (ruling M1)
    """
    if not isinstance(value, Hex):
        raise NotAHexError(f"{what} {_show(value)} is not a Hex", ruling=ruling)
    return value


def position(where: object, labels: LabelScheme, *, what: str = "hex", ruling: str | None = None) -> Hex:
    """A :class:`Hex`, a label of scheme ``labels`` (``"C4"``, ``"0304"``) or axial text
    (``"(q,r)"``, read in every scheme) as a hex, anywhere (on no board:
    :func:`hexrules.board.position` reads a board's).

    Raises
    ------
    NotAHexError
        If ``where`` is neither a Hex nor a string.
    HexError
        If it is a string that is not a label (too long, Unicode digits, a 4,301-digit number...),
        or ``labels`` is not a LabelScheme.

    Examples
    --------
    >>> position("C4", LabelScheme("letters")), position("(1,-2)", LabelScheme("numbers"))
    (Hex(q=1, r=3), Hex(q=1, r=-2))
    """
    if not isinstance(labels, LabelScheme):
        raise HexError(f"labels={_show(labels)} is not a LabelScheme (a board's: Board.labels)", ruling=ruling)
    if isinstance(where, Hex):
        return where
    if not isinstance(where, str):
        example = {"letters": "C4", "axial": "(2,3)"}.get(labels.kind) or labels.format(from_offset(2, 3, labels.offset))
        raise NotAHexError(f"{what} {_show(where)} is not a Hex or a label such as {example!r}", ruling=ruling)
    try:
        if where.lstrip().startswith("("):
            return LabelScheme("axial").parse(where)
        return labels.parse(where)
    except HexError as err:
        raise HexError(f"{what}: {err.message}", ruling=err.ruling or ruling) from None
