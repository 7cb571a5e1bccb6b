"""Red Blob Games' generated hex-library test suite, run through ``hexrules.hexgrid``'s public API.

Source of every known answer: the tests at the end of the generated Python library
https://www.redblobgames.com/grids/hexagons/codegen/output/lib.py (Generated code -- CC0 -- No
Rights Reserved; described in https://www.redblobgames.com/grids/hexagons/implementation.html).
Each test function has the peer's name and makes the peer's checks in the peer's order; the
peer's check name is the assertion message. Translation of the peer's vocabulary:

* ``Hex(q, r, s)`` -> ``Hex.from_cube(q, r, s)`` (which also checks ``q + r + s == 0``); the
  peer's float hexes -> ``FractionalHex.from_cube``.
* ``hex_add`` / ``hex_subtract`` -> ``+`` / ``-``; ``hex_direction(i)`` -> ``DIRECTIONS[i]``;
  ``hex_neighbor`` -> ``Hex.neighbor``; ``hex_diagonal_neighbor`` -> ``Hex.diagonal_neighbor``;
  ``hex_distance`` -> ``Hex.distance``; ``hex_rotate_left/right`` -> ``Hex.rotate_left/right``;
  ``hex_lerp`` / ``hex_round`` -> the same names; ``hex_linedraw(a, b)`` -> ``a.line(b)``.
* ``roffset_from_cube(ODD, h)`` -> ``to_offset(h, "odd-r")`` (``EVEN`` -> ``"even-r"``; the
  ``qoffset`` functions -> ``"odd-q"`` / ``"even-q"``); ``..._to_cube`` -> ``from_offset``.
* ``rdoubled`` -> ``"doubled-width"``, ``qdoubled`` -> ``"doubled-height"`` (``to_doubled`` /
  ``from_doubled``); ``roffset_to_rdoubled`` / ``qoffset_to_qdoubled`` -> ``offset_to_doubled``,
  ``..._from_...doubled`` -> ``doubled_to_offset``.
* ``Layout(layout_flat, Point(10, 15), Point(35, 71))`` -> ``Layout(FLAT, (10, 15), (35, 71))``;
  ``pixel_to_hex_rounded`` -> ``Layout.pixel_to_hex``.

The peer's ``test_offset_from_doubled`` is empty (``pass``); its "offset_from_doubled loop" checks
live in ``test_offset_to_doubled``, as in the peer.
"""

from hexrules.hexgrid import (
    DIRECTIONS, FLAT, POINTY, FractionalHex, Hex, Layout, doubled_to_offset, from_doubled, from_offset,
    hex_lerp, hex_round, offset_to_doubled, to_doubled, to_offset,
)

cube = Hex.from_cube
ODD_EVEN = ("odd", "even")


def test_hex_arithmetic():
    assert cube(1, -3, 2) + cube(3, -7, 4) == cube(4, -10, 6), "hex_add"
    assert cube(1, -3, 2) - cube(3, -7, 4) == cube(-2, 4, -2), "hex_subtract"


def test_hex_direction():
    assert DIRECTIONS[2] == cube(0, -1, 1), "hex_direction"


def test_hex_neighbor():
    assert cube(1, -2, 1).neighbor(2) == cube(1, -3, 2), "hex_neighbor"


def test_hex_diagonal():
    assert cube(1, -2, 1).diagonal_neighbor(3) == cube(-1, -1, 2), "hex_diagonal"


def test_hex_distance():
    assert cube(3, -7, 4).distance(cube(0, 0, 0)) == 7, "hex_distance"


def test_hex_rotate_right():
    assert cube(1, -3, 2).rotate_right() == cube(3, -2, -1), "hex_rotate_right"


def test_hex_rotate_left():
    assert cube(1, -3, 2).rotate_left() == cube(-2, -1, 3), "hex_rotate_left"


def test_hex_round():
    a = FractionalHex.from_cube(0.0, 0.0, 0.0)
    b = FractionalHex.from_cube(1.0, -1.0, 0.0)
    c = FractionalHex.from_cube(0.0, -1.0, 1.0)
    assert hex_round(hex_lerp(FractionalHex.from_cube(0.0, 0.0, 0.0), FractionalHex.from_cube(10.0, -20.0, 10.0), 0.5)) \
        == cube(5, -10, 5), "hex_round 1"
    assert hex_round(hex_lerp(a, b, 0.499)) == hex_round(a), "hex_round 2"
    assert hex_round(hex_lerp(a, b, 0.501)) == hex_round(b), "hex_round 3"
    assert hex_round(FractionalHex.from_cube(
        a.q * 0.4 + b.q * 0.3 + c.q * 0.3, a.r * 0.4 + b.r * 0.3 + c.r * 0.3, a.s * 0.4 + b.s * 0.3 + c.s * 0.3,
    )) == hex_round(a), "hex_round 4"
    assert hex_round(FractionalHex.from_cube(
        a.q * 0.3 + b.q * 0.3 + c.q * 0.4, a.r * 0.3 + b.r * 0.3 + c.r * 0.4, a.s * 0.3 + b.s * 0.3 + c.s * 0.4,
    )) == hex_round(c), "hex_round 5"


def test_hex_linedraw():
    assert cube(0, 0, 0).line(cube(1, -5, 4)) == [
        cube(0, 0, 0), cube(0, -1, 1), cube(0, -2, 2), cube(1, -3, 2), cube(1, -4, 3), cube(1, -5, 4),
    ], "hex_linedraw"


def test_layout():
    h = cube(3, 4, -7)
    flat = Layout(FLAT, (10.0, 15.0), (35.0, 71.0))
    assert flat.pixel_to_hex(flat.hex_to_pixel(h)) == h, "layout"
    pointy = Layout(POINTY, (10.0, 15.0), (35.0, 71.0))
    assert pointy.pixel_to_hex(pointy.hex_to_pixel(h)) == h, "layout"


def test_offset_roundtrip():
    for q in range(-2, 3):
        for r in range(-2, 3):
            h = cube(q, r, -q - r)
            for parity in ODD_EVEN:
                for axis in "qr":
                    kind = f"{parity}-{axis}"
                    assert from_offset(*to_offset(h, kind), kind) == h, f"conversion_roundtrip {kind}"
    for col in range(-2, 3):
        for row in range(-2, 3):
            for parity in ODD_EVEN:
                for axis in "qr":
                    kind = f"{parity}-{axis}"
                    assert to_offset(from_offset(col, row, kind), kind) == (col, row), f"conversion_roundtrip {kind}"


def test_offset_from_cube():
    assert to_offset(cube(-3, 2, 1), "odd-r") == (-2, 2), "offset_from_cube odd-r"
    assert to_offset(cube(2, -1, -1), "odd-r") == (1, -1), "offset_from_cube odd-r"
    assert to_offset(cube(-3, 2, 1), "even-r") == (-2, 2), "offset_from_cube even-r"
    assert to_offset(cube(2, -1, -1), "even-r") == (2, -1), "offset_from_cube even-r"
    assert to_offset(cube(-2, 3, -1), "odd-q") == (-2, 2), "offset_from_cube odd-q"
    assert to_offset(cube(-1, -1, 2), "odd-q") == (-1, -2), "offset_from_cube odd-q"
    assert to_offset(cube(-2, 3, -1), "even-q") == (-2, 2), "offset_from_cube even-q"
    assert to_offset(cube(-1, -1, 2), "even-q") == (-1, -1), "offset_from_cube even-q"


def test_offset_to_cube():
    assert from_offset(-2, 2, "odd-r") == cube(-3, 2, 1), "offset_to_cube odd-r"
    assert from_offset(1, -1, "odd-r") == cube(2, -1, -1), "offset_to_cube odd-r"
    assert from_offset(-2, 2, "even-r") == cube(-3, 2, 1), "offset_to_cube even-r"
    assert from_offset(2, -1, "even-r") == cube(2, -1, -1), "offset_to_cube even-r"
    assert from_offset(-2, 2, "odd-q") == cube(-2, 3, -1), "offset_to_cube odd-q"
    assert from_offset(-1, -2, "odd-q") == cube(-1, -1, 2), "offset_to_cube odd-q"
    assert from_offset(-2, 2, "even-q") == cube(-2, 3, -1), "offset_to_cube even-q"
    assert from_offset(-1, -1, "even-q") == cube(-1, -1, 2), "offset_to_cube even-q"


def test_offset_to_doubled():
    for col in range(-2, 3):
        for row in range(-2, 3):
            for kind, doubled in (("odd-q", "doubled-height"), ("even-q", "doubled-height"),
                                  ("odd-r", "doubled-width"), ("even-r", "doubled-width")):
                assert offset_to_doubled(col, row, kind) == to_doubled(from_offset(col, row, kind), doubled), \
                    f"offset_to_doubled loop {kind}"
            # The peer builds these two doubled coordinates this way (both have col + row even).
            qdoubled = (col * 2 + (row & 1), row)
            for kind in ("odd-q", "even-q"):
                assert doubled_to_offset(*qdoubled, kind) == to_offset(from_doubled(*qdoubled, "doubled-height"), kind), \
                    f"offset_from_doubled loop {kind}"
            rdoubled = (col, row * 2 + (col & 1))
            for kind in ("odd-r", "even-r"):
                assert doubled_to_offset(*rdoubled, kind) == to_offset(from_doubled(*rdoubled, "doubled-width"), kind), \
                    f"offset_from_doubled loop {kind}"


def test_doubled_roundtrip():
    for q in range(-2, 3):
        for r in range(-2, 3):
            h = cube(q, r, -q - r)
            assert from_doubled(*to_doubled(h, "doubled-height"), "doubled-height") == h, "conversion_roundtrip doubled-q"
            assert from_doubled(*to_doubled(h, "doubled-width"), "doubled-width") == h, "conversion_roundtrip doubled-r"
    for col in range(-2, 3):
        for row in range(-2, 3):
            qdoubled = (col * 2 + (row & 1), row)
            assert to_doubled(from_doubled(*qdoubled, "doubled-height"), "doubled-height") == qdoubled, \
                "conversion_roundtrip doubled-q"
            rdoubled = (col, row * 2 + (col & 1))
            assert to_doubled(from_doubled(*rdoubled, "doubled-width"), "doubled-width") == rdoubled, \
                "conversion_roundtrip doubled-r"


def test_doubled_from_cube():
    assert to_doubled(cube(1, 2, -3), "doubled-height") == (1, 5), "doubled_from_cube doubled-q"
    assert to_doubled(cube(1, 2, -3), "doubled-width") == (4, 2), "doubled_from_cube doubled-r"


def test_doubled_to_cube():
    assert from_doubled(1, 5, "doubled-height") == cube(1, 2, -3), "doubled_to_cube doubled-q"
    assert from_doubled(4, 2, "doubled-width") == cube(1, 2, -3), "doubled_to_cube doubled-r"
