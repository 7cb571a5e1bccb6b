"""Hex geometry: known answers from Red Blob Games' guide, and round trips."""

import math

import pytest
from hypothesis import given, strategies as st

from hexrules.errors import HexError
from hexrules.hexgrid import (
    DIRECTIONS, FLAT, POINTY, Hex, Layout, from_label, from_offset, hex_range, hex_round, to_label, to_offset,
)

coords = st.integers(min_value=-50, max_value=50)
hexes = st.builds(Hex, coords, coords)


def test_cube_invariant_and_from_cube():
    h = Hex(3, -5)
    assert h.q + h.r + h.s == 0
    assert Hex.from_cube(1, -3, 2) == Hex(1, -3)
    with pytest.raises(HexError, match=r"\(1, 1, 1\)"):
        Hex.from_cube(1, 1, 1)


def test_non_integer_coordinates_are_refused():
    with pytest.raises(HexError, match="q=1.5"):
        Hex(1.5, 0)
    with pytest.raises(ValueError):  # the family is a ValueError
        Hex(0, "2")


def test_directions_are_the_six_unit_vectors():
    assert len(set(DIRECTIONS)) == 6
    assert all(d.length() == 1 for d in DIRECTIONS)
    assert Hex(0, 0).neighbor(0) == Hex(1, 0)
    assert Hex(0, 0).neighbor(2) == Hex(0, -1)
    with pytest.raises(HexError, match="direction 6"):
        Hex(0, 0).neighbor(6)


def test_distance_known_answers():
    # Red Blob: distance is max(|dq|, |dr|, |ds|).
    assert Hex(0, 0).distance(Hex(3, -3)) == 3
    assert Hex(-1, 2).distance(Hex(2, -2)) == 4
    assert Hex(1, 1).distance(Hex(1, 1)) == 0


def test_ring_and_range_sizes():
    for k in range(5):
        assert len(Hex(2, -1).ring(k)) == (6 * k if k else 1)
        assert all(Hex(2, -1).distance(h) == k for h in Hex(2, -1).ring(k))
        assert len(hex_range(Hex(0, 0), k)) == 3 * k * (k + 1) + 1


def test_line_is_contiguous_and_has_distance_plus_one_hexes():
    line = Hex(0, 0).line(Hex(4, -2))
    assert len(line) == 5
    assert all(a.distance(b) == 1 for a, b in zip(line, line[1:]))
    assert line[0] == Hex(0, 0) and line[-1] == Hex(4, -2)


@given(hexes, hexes)
def test_distance_is_a_metric(a, b):
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


def test_labels_known_answers():
    # odd-r: A1 is offset (0, 0); row 2 (r = 1) is shoved right, so A2 is axial (0, 1).
    assert to_label(Hex(0, 0)) == "A1"
    assert from_label("A2") == Hex(0, 1)
    assert from_label("B3") == Hex(0, 2)
    assert from_label("Z1") == Hex(25, 0)
    assert from_label("AA1") == Hex(26, 0)
    assert from_label("c4") == from_label("C4")


@pytest.mark.parametrize("bad", ["", "4C", "C0", "C-1", "C 4 x", 12])
def test_bad_labels(bad):
    with pytest.raises(HexError, match="label"):
        from_label(bad)


def test_label_of_negative_offset_is_refused():
    with pytest.raises(HexError, match="col=-1"):
        to_label(Hex(-1, 0))


@given(st.integers(0, 800), st.integers(0, 800), st.sampled_from(["odd-r", "odd-q"]))
def test_label_round_trip(col, row, offset):
    h = from_offset(col, row, offset)
    assert to_offset(h, offset) == (col, row)
    assert from_label(to_label(h, offset), offset) == h


@given(hexes, st.sampled_from([POINTY, FLAT]), st.floats(0.5, 40), st.floats(-100, 100))
def test_pixel_round_trip(h, orientation, size, ox):
    layout = Layout(orientation, (size, size), (ox, -ox))
    assert layout.pixel_to_hex(layout.hex_to_pixel(h)) == h


def test_pointy_layout_known_pixels_and_corners():
    layout = Layout(POINTY, (1.0, 1.0), (0.0, 0.0))
    x, y = layout.hex_to_pixel(Hex(1, 0))
    assert math.isclose(x, math.sqrt(3)) and math.isclose(y, 0.0, abs_tol=1e-12)
    x, y = layout.hex_to_pixel(Hex(0, 1))
    assert math.isclose(x, math.sqrt(3) / 2) and math.isclose(y, 1.5)
    corners = layout.polygon_corners(Hex(0, 0))
    assert len(corners) == 6
    assert all(math.isclose(math.hypot(cx, cy), 1.0) for cx, cy in corners)


def test_hex_round_picks_the_nearest():
    assert hex_round(0.4, 0.1) == Hex(0, 0)
    assert hex_round(0.9, -0.1) == Hex(1, 0)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: Hex(0, 0).distance("A1"), "'A1' is not a Hex"),
        (lambda: Hex(0, 0).line("A1"), "'A1' is not a Hex"),
        (lambda: to_label("A1"), "'A1' is not a Hex"),
        (lambda: hex_range("A1", 2), "'A1' is not a Hex"),
        (lambda: Hex(0, 0).ring("2"), "ring radius '2'"),
        (lambda: Hex(0, 0).ring(-1), "ring radius -1"),
        (lambda: Hex(0, 0).spiral(-1), "spiral radius -1"),
        (lambda: Hex.from_cube("a", 1, 2), "not all integers"),
        (lambda: Layout(POINTY, (0, 0)), r"size \(0, 0\)"),
        (lambda: Layout("flat"), "orientation 'flat'"),
    ],
)
def test_bad_geometry_input_is_a_hex_error(call, words):
    with pytest.raises(HexError, match=words):
        call()


def test_adding_a_non_hex_is_a_type_error():
    with pytest.raises(TypeError):
        Hex(0, 0) + (1, 0)
