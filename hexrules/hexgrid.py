"""Hex-grid geometry after Red Blob Games' guide (https://www.redblobgames.com/grids/hexagons/).

Three ideas kept apart, as in Red Blob's ``hexlib``:

* :class:`Hex`, a small frozen value in axial coordinates ``q, r`` with the derived cube
  coordinate ``s = -q - r``; arithmetic returns new hexes.
* Offset labels that players read (``"C4"``: a column letter and a 1-based row number), with the
  inverse pair :func:`to_label` / :func:`from_label`.
* :class:`Layout` (orientation, size, origin): the only thing here that knows about pixels.

Distances are hex-grid distances in hexes; elevation plays no part in them (RULES.md, terms).

Examples
--------
>>> a = Hex(0, 0)
>>> a.neighbor(0)
Hex(q=1, r=0)
>>> a.distance(Hex(2, -1))
2
>>> from_label(to_label(Hex(3, 2)))
Hex(q=3, r=2)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal, NamedTuple

from .errors import HexError

__all__ = [
    "Hex",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "hex_range",
    "hex_round",
    "to_offset",
    "from_offset",
    "to_label",
    "from_label",
    "Orientation",
    "POINTY",
    "FLAT",
    "Layout",
    "OffsetKind",
]

OffsetKind = Literal["odd-r", "odd-q"]


def _as_hex(value: object, what: str) -> "Hex":
    if not isinstance(value, Hex):
        raise HexError(f"{what} {value!r} is not a Hex (build one with Hex(q, r) or from_label('C4'))")
    return value


def _as_radius(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise HexError(f"{what} {value!r} is not a whole number of hexes >= 0")
    return value


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

    def __post_init__(self) -> None:
        for name in ("q", "r"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise HexError(f"hex coordinate {name}={value!r} is not an integer")

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> "Hex":
        """Build a hex from cube coordinates, checking ``q + r + s == 0``.

        Raises
        ------
        HexError
            If the three coordinates do not sum to zero.
        """
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (q, r, s)):
            raise HexError(f"cube coordinates ({q!r}, {r!r}, {s!r}) are not all integers")
        if q + r + s != 0:
            raise HexError(f"cube coordinates ({q}, {r}, {s}) do not sum to 0")
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
        """This hex vector multiplied by the integer ``k``."""
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Distance from the origin, in hexes."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: "Hex") -> int:
        """Hex-grid distance to ``other``, in hexes (elevation ignored).

        >>> Hex(0, 0).distance(Hex(3, -1))
        3
        """
        return (self - _as_hex(other, "distance to")).length()

    def neighbor(self, direction: int) -> "Hex":
        """The adjacent hex in ``direction`` (0..5, an index into :data:`DIRECTIONS`).

        Raises
        ------
        HexError
            If ``direction`` is not in 0..5.
        """
        if not isinstance(direction, int) or not 0 <= direction < 6:
            raise HexError(f"direction {direction!r} is not one of 0..5")
        return self + DIRECTIONS[direction]

    def neighbors(self) -> tuple["Hex", ...]:
        """The six adjacent hexes, in :data:`DIRECTIONS` order."""
        return tuple(self + d for d in DIRECTIONS)

    def ring(self, radius: int) -> list["Hex"]:
        """The hexes at exactly ``radius`` hexes from this one (Red Blob's ring).

        Raises
        ------
        HexError
            If ``radius`` is not a whole number >= 0.

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
                h = h.neighbor(i)
        return results

    def spiral(self, radius: int) -> list["Hex"]:
        """This hex, then its rings 1..radius in order: every hex within ``radius``.

        Raises
        ------
        HexError
            If ``radius`` is not a whole number >= 0.

        >>> len(Hex(0, 0).spiral(2))
        19
        """
        results = []
        for k in range(_as_radius(radius, "spiral radius") + 1):
            results.extend(self.ring(k))
        return results

    def line(self, other: "Hex") -> list["Hex"]:
        """The hexes on a straight line to ``other``, both ends included (Red Blob's line).

        Sampling is nudged by a tiny epsilon so that lines along hex edges are deterministic.

        >>> Hex(0, 0).line(Hex(3, 0))
        [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0), Hex(q=3, r=0)]
        """
        n = self.distance(other)  # checks that other is a Hex
        eps_q, eps_r = 1e-6, 2e-6
        aq, ar = self.q + eps_q, self.r + eps_r
        bq, br = other.q + eps_q, other.r + eps_r
        if n == 0:
            return [self]
        return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


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


def hex_range(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` hexes of ``center`` (Red Blob's range), sorted.

    >>> len(hex_range(Hex(0, 0), 1))
    7
    """
    return sorted(_as_hex(center, "range centre").spiral(radius))


def hex_round(fq: float, fr: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex (cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


# --- offset coordinates and labels -------------------------------------------------------------


def to_offset(h: Hex, offset: OffsetKind = "odd-r") -> tuple[int, int]:
    """Axial to offset ``(col, row)``.

    ``"odd-r"`` (pointy-top boards, odd rows shoved right) or ``"odd-q"`` (flat-top boards, odd
    columns shoved down), as in Red Blob's guide.

    >>> to_offset(Hex(1, 1))
    (1, 1)
    >>> to_offset(Hex(0, 2))
    (1, 2)
    """
    _as_hex(h, "hex")
    if offset == "odd-r":
        return h.q + (h.r - (h.r & 1)) // 2, h.r
    if offset == "odd-q":
        return h.q, h.r + (h.q - (h.q & 1)) // 2
    raise HexError(f"offset kind {offset!r} is not 'odd-r' or 'odd-q'")


def from_offset(col: int, row: int, offset: OffsetKind = "odd-r") -> Hex:
    """Offset ``(col, row)`` to axial; the inverse of :func:`to_offset`."""
    if offset == "odd-r":
        return Hex(col - (row - (row & 1)) // 2, row)
    if offset == "odd-q":
        return Hex(col, row - (col - (col & 1)) // 2)
    raise HexError(f"offset kind {offset!r} is not 'odd-r' or 'odd-q'")


def _column_letters(col: int) -> str:
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


_LABEL = re.compile(r"^\s*([A-Za-z]+)\s*(\d+)\s*$")


def to_label(h: Hex, offset: OffsetKind = "odd-r") -> str:
    """A player-readable label: column letters then a 1-based row number.

    Column 0 is ``A``, 25 is ``Z``, 26 is ``AA`` (spreadsheet style); row 0 is ``1``. Only hexes
    with non-negative offset coordinates have labels (every hex of a board read from text does).

    Raises
    ------
    HexError
        If the hex has a negative offset column or row.

    Examples
    --------
    >>> to_label(Hex(0, 0)), to_label(Hex(2, 3)), to_label(from_offset(26, 9))
    ('A1', 'D4', 'AA10')
    """
    col, row = to_offset(h, offset)
    if col < 0 or row < 0:
        raise HexError(f"hex {h!r} has offset (col={col}, row={row}); labels need col, row >= 0")
    return f"{_column_letters(col)}{row + 1}"


def from_label(text: str, offset: OffsetKind = "odd-r") -> Hex:
    """Parse a label made by :func:`to_label` (case-insensitive).

    Raises
    ------
    HexError
        If ``text`` is not letters followed by a row number >= 1.

    Examples
    --------
    >>> from_label("d4")
    Hex(q=2, r=3)
    """
    if not isinstance(text, str):
        raise HexError(f"hex label {text!r} is not a string")
    m = _LABEL.match(text)
    if not m or int(m.group(2)) < 1:
        raise HexError(f"hex label {text!r} is not column letters and a row number >= 1 (e.g. 'C4')")
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return from_offset(col - 1, int(m.group(2)) - 1, offset)


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
            raise HexError(f"layout orientation {self.orientation!r} is not POINTY or FLAT")
        try:
            ok = len(self.size) == 2 and all(float(v) > 0 for v in self.size)
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise HexError(f"layout size {self.size!r} is not two lengths > 0 (pixels)")

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        """Centre of ``h`` in pixels."""
        o = self.orientation
        x = (o.f0 * h.q + o.f1 * h.r) * self.size[0]
        y = (o.f2 * h.q + o.f3 * h.r) * self.size[1]
        return x + self.origin[0], y + self.origin[1]

    def pixel_to_fractional(self, p: tuple[float, float]) -> tuple[float, float]:
        """Fractional axial ``(q, r)`` under pixel ``p``."""
        o = self.orientation
        px = (p[0] - self.origin[0]) / self.size[0]
        py = (p[1] - self.origin[1]) / self.size[1]
        return o.b0 * px + o.b1 * py, o.b2 * px + o.b3 * py

    def pixel_to_hex(self, p: tuple[float, float]) -> Hex:
        """The hex under pixel ``p``."""
        return hex_round(*self.pixel_to_fractional(p))

    def corner_offset(self, corner: int) -> tuple[float, float]:
        """Offset of corner ``corner`` (0..5) from a hex centre, in pixels."""
        angle = 2.0 * math.pi * (self.orientation.start_angle + corner) / 6
        return self.size[0] * math.cos(angle), self.size[1] * math.sin(angle)

    def polygon_corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of ``h`` in pixels."""
        cx, cy = self.hex_to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in (self.corner_offset(i) for i in range(6))]

