"""Hex operations, lines, offset and doubled coordinates: hand-worked answers and invariants.

Known answers are worked by hand from Red Blob's definitions
(https://www.redblobgames.com/grids/hexagons/: rotation, reflection, offset and doubled
coordinates); the properties are the invariants those definitions promise.
"""

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import event, given, strategies as st

from hexrules.errors import HexError
from hexrules.hexgrid import (
    DIAGONALS, DIRECTIONS, DOUBLED_KINDS, MAX_LINE_LENGTH, OFFSET_KINDS, FractionalHex, Hex, Layout,
    doubled_to_offset, from_doubled, from_offset, hex_lerp, hex_round, offset_to_doubled, to_doubled, to_offset,
)

small = st.integers(-60, 60)
wide = st.integers(-10**15, 10**15)
hexes = st.builds(Hex, small, small)
wide_hexes = st.builds(Hex, wide, wide)
ORIGIN = Hex(0, 0)


# --- diagonals, rotation, reflection ----------------------------------------------------------


def test_diagonals_are_two_steps_across_a_corner():
    for i, d in enumerate(DIAGONALS):
        assert d == DIRECTIONS[i] + DIRECTIONS[(i + 1) % 6]
        assert d.length() == 2
        assert ORIGIN.diagonal_neighbor(i) == d
        assert d not in ORIGIN.neighbors()
    assert len(set(DIAGONALS)) == 6


@pytest.mark.parametrize("bad", [6, -1, 1.0, True, "0", None])
def test_bad_directions_are_refused(bad):
    with pytest.raises(HexError, match="direction"):
        ORIGIN.diagonal_neighbor(bad)
    with pytest.raises(HexError, match="direction"):
        ORIGIN.neighbor(bad)


def test_rotation_turns_each_direction_to_the_next():
    # rotate_left: cube (q, r, s) -> (-s, -q, -r), which sends E (1, 0, -1) to NE (1, -1, 0).
    for i in range(6):
        assert DIRECTIONS[i].rotate_left() == DIRECTIONS[(i + 1) % 6]
        assert DIRECTIONS[i].rotate_right() == DIRECTIONS[(i - 1) % 6]
        assert DIAGONALS[i].rotate_left() == DIAGONALS[(i + 1) % 6]


def test_rotation_about_a_centre():
    c = Hex(2, 1)
    assert Hex(3, 1).rotate_left(c) == Hex(3, 0)  # E of c -> NE of c
    assert Hex(3, 1).rotate_right(c) == Hex(2, 2)  # E of c -> SE of c
    assert c.rotate_left(c) == c


def test_reflections_known_answers():
    # reflect_q swaps r and s: E (1, 0, -1) <-> NE (1, -1, 0); the q axis (2, -1, -1) stays.
    assert Hex(1, 0).reflect_q() == Hex(1, -1) and Hex(2, -1).reflect_q() == Hex(2, -1)
    # reflect_r swaps q and s: E (1, 0, -1) <-> W (-1, 0, 1); (-1, 2, -1) stays.
    assert Hex(1, 0).reflect_r() == Hex(-1, 0) and Hex(-1, 2).reflect_r() == Hex(-1, 2)
    # reflect_s swaps q and r: E (1, 0) <-> SE (0, 1); (1, 1, -2) stays.
    assert Hex(1, 0).reflect_s() == Hex(0, 1) and Hex(1, 1).reflect_s() == Hex(1, 1)
    # About a centre: the mirror line goes through it.
    assert Hex(3, 0).reflect_r(Hex(1, 0)) == Hex(-1, 0)


def test_reflect_r_is_the_left_right_mirror_of_a_pointy_layout():
    layout = Layout()
    for h in ORIGIN.spiral(3):
        x, y = layout.hex_to_pixel(h)
        mx, my = layout.hex_to_pixel(h.reflect_r())
        assert math.isclose(mx, -x, abs_tol=1e-9) and math.isclose(my, y, abs_tol=1e-9)


@pytest.mark.parametrize("method", ["rotate_left", "rotate_right", "reflect_q", "reflect_r", "reflect_s"])
def test_transformations_refuse_a_bad_centre(method):
    with pytest.raises(HexError, match="centre 'A1' is not a Hex"):
        getattr(ORIGIN, method)("A1")


@given(hexes, hexes, hexes)
def test_rotations_and_reflections_are_isometries_about_any_centre(a, b, c):
    for f in (Hex.rotate_left, Hex.rotate_right, Hex.reflect_q, Hex.reflect_r, Hex.reflect_s):
        assert f(a, c).distance(f(b, c)) == a.distance(b)
        assert f(a, c).distance(c) == a.distance(c)
        assert f(a, c) == c + f(a - c)
        assert f(c, c) == c


@given(hexes, hexes)
def test_rotation_group(h, c):
    assert h.rotate_left(c).rotate_right(c) == h
    six = h
    for _ in range(6):
        six = six.rotate_left(c)
    assert six == h
    for reflect in (Hex.reflect_q, Hex.reflect_r, Hex.reflect_s):
        assert reflect(reflect(h, c), c) == h
    # Two mirrors make a turn: (q, r, s) -r-> (s, r, q) -q-> (s, q, r), two turns right.
    assert h.reflect_r().reflect_q() == h.rotate_right().rotate_right()


# --- fractional hexes -----------------------------------------------------------------------


def _nearest(p_q, p_r):
    """The hexes whose centres are nearest to the exact point (p_q, p_r), by cube distance²."""
    p_s = -p_q - p_r
    # The point lies in the rhombus of these four centres, so its nearest centre is one of them.
    cands = [Hex(q, r) for q in (math.floor(p_q), math.floor(p_q) + 1) for r in (math.floor(p_r), math.floor(p_r) + 1)]
    d2 = {h: (h.q - p_q) ** 2 + (h.r - p_r) ** 2 + (h.s - p_s) ** 2 for h in cands}
    best = min(d2.values())
    return [h for h in cands if d2[h] == best]


@given(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6))
def test_round_gives_the_hex_with_the_nearest_centre(fq, fr):
    h = hex_round(fq, fr)
    assert h == FractionalHex(fq, fr).round()
    p_q, p_r = Fraction(fq), Fraction(fr)
    nearest = _nearest(p_q, p_r)
    if h not in nearest:  # only a point within float error of an edge may go the other way
        event("within float error of an edge: rounded to the other hex")
        d2 = lambda x: (x.q - p_q) ** 2 + (x.r - p_r) ** 2 + (x.s + p_q + p_r) ** 2  # noqa: E731
        assert d2(h) - d2(nearest[0]) < 1e-9


@given(hexes, st.sampled_from([(0.5, 0.5), (0.5, -0.5), (-0.5, 1.0), (1.5, -0.25), (0.25, 0.25)]))
def test_round_moves_with_the_point_even_on_edges(h, frac):
    # Halves round up, so a tie is decided the same way wherever it is.
    p = FractionalHex(*frac)
    assert FractionalHex(h.q + p.q, h.r + p.r).round() == h + p.round()


@given(hexes, hexes)
def test_lerp_ends_and_midpoint(a, b):
    assert hex_lerp(a, b, 0.0).round() == a and hex_lerp(a, b, 1.0).round() == b
    assert hex_lerp(a, b, 0.0) == FractionalHex(a.q, a.r)
    mid = hex_lerp(a, b, 0.5)
    assert math.isclose(mid.q, (a.q + b.q) / 2) and math.isclose(mid.s, (a.s + b.s) / 2)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: FractionalHex("1", 0), "q = '1' is not a number"),
        (lambda: FractionalHex(0, math.nan), "r = nan is not a finite number"),
        (lambda: FractionalHex(math.inf, 0), "inf is not a finite number"),
        (lambda: FractionalHex(10**400, 0), "digits> is not a finite number"),
        (lambda: FractionalHex(True, 0), "True is not a number"),
        (lambda: FractionalHex.from_cube(0.5, 0.5, 0.5), r"\(0.5, 0.5, 0.5\) do not sum to 0"),
        (lambda: hex_lerp("A1", ORIGIN, 0.5), "lerp start 'A1' is not a Hex or a FractionalHex"),
        (lambda: hex_lerp(ORIGIN, (1, 0), 0.5), r"lerp end \(1, 0\)"),
        (lambda: hex_lerp(ORIGIN, ORIGIN, None), "t = None is not a number"),
        (lambda: hex_round(0.5), "hex_round takes a FractionalHex or the two numbers"),
        (lambda: hex_round(0.5, "x"), "'x' is not a number"),
        (lambda: Layout().pixel_to_hex((math.nan, 0)), r"pixel \(nan, 0\) is not two finite numbers"),
        (lambda: Layout().pixel_to_hex("ab"), "pixel 'ab'"),
        (lambda: Layout().hex_to_pixel("C4"), "hex 'C4' is not a Hex or a FractionalHex"),
        (lambda: Layout().polygon_corners(None), "hex None is not a Hex"),
        (lambda: Layout().corner_offset(6), "corner 6 is not one of 0..5"),
        (lambda: Layout(size=(1, math.inf)), "size"),
        (lambda: Layout(origin=(0, "a")), "layout origin"),
        (lambda: ORIGIN.scale(1.5), "scale factor 1.5 is not an integer"),
    ],
)
def test_bad_fractional_and_layout_input_is_a_hex_error(call, words):
    with pytest.raises(HexError, match=words):
        call()


def test_pixel_to_fractional_unpacks_as_before():
    fq, fr = Layout().pixel_to_fractional((0.0, 1.5))
    assert math.isclose(fq, -0.5) and math.isclose(fr, 1.0)


# --- lines ----------------------------------------------------------------------------------


def _reference_line(a, b, ties=None):
    """Exact line: the nearest hex to each of the n + 1 evenly spaced points, computed with
    fractions; a point half-way between two hexes goes to the larger r, then the larger q
    (the rule Hex.line documents). Appends each tie to ``ties`` if given."""
    n = a.distance(b)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        tied = _nearest(a.q + Fraction(b.q - a.q) * i / n, a.r + Fraction(b.r - a.r) * i / n)
        assert len(tied) <= 2, "a sample fell on a hex corner"
        if len(tied) == 2 and ties is not None:
            ties.append(tied)
        out.append(max(tied, key=lambda h: (h.r, h.q)))
    return out


def test_line_matches_the_exact_reference_everywhere_near_the_origin():
    ties = []
    for a, b in itertools.product(ORIGIN.spiral(3), repeat=2):
        assert a.line(b) == _reference_line(a, b, ties), (a, b)
    assert len(ties) > 100  # the region has many lines along hex edges
    assert ORIGIN.line(Hex(1, 1)) == [Hex(0, 0), Hex(0, 1), Hex(1, 1)]  # tie -> larger r
    assert ORIGIN.line(Hex(2, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]  # tie (1,-1)/(1,0) -> larger r
    assert ORIGIN.line(Hex(-1, 2)) == [Hex(0, 0), Hex(0, 1), Hex(-1, 2)]  # tie (-1,1)/(0,1) -> larger q


@given(st.builds(Hex, st.integers(-25, 25), st.integers(-25, 25)), st.builds(Hex, st.integers(-25, 25), st.integers(-25, 25)))
def test_line_matches_the_exact_reference(a, b):
    assert a.line(b) == _reference_line(a, b)


@given(wide_hexes, hexes, hexes)
def test_line_reversed_is_the_reverse_line_and_moves_with_its_ends(base, a, b):
    a, b = base + a, base + b
    line = a.line(b)
    assert b.line(a) == line[::-1]
    assert len(line) == a.distance(b) + 1 and line[0] == a and line[-1] == b
    assert all(x.distance(y) == 1 for x, y in zip(line, line[1:]))
    assert line == [base + h for h in (a - base).line(b - base)]


def test_line_length_is_bounded():
    assert MAX_LINE_LENGTH == 100_000
    with pytest.raises(HexError, match="is 100001 hexes long; lines are at most 100,000 hexes"):
        ORIGIN.line(Hex(0, MAX_LINE_LENGTH + 1))
    with pytest.raises(HexError, match="lines are at most"):
        Hex(10**5000, 0).line(ORIGIN)


# --- offset and doubled coordinates ---------------------------------------------------------


def test_even_and_odd_offsets_shove_the_other_rows():
    # odd-r shoves odd rows right: offset (0, 1) is SE of (0, 0). even-r shoves even rows, so
    # row 0 sits right of row 1 and (0, 1) is SW of (0, 0). Likewise for columns (-q, down).
    assert from_offset(0, 1, "odd-r") == ORIGIN + DIRECTIONS[5]  # SE
    assert from_offset(0, 1, "even-r") == ORIGIN + DIRECTIONS[4]  # SW
    assert from_offset(1, 0, "odd-q") == Hex(1, 0)  # odd column shoved down: (1, 0) is the lower neighbour
    assert from_offset(1, 0, "even-q") == Hex(1, -1)  # column 0 shoved down instead
    assert from_offset(0, 0, "even-r") == ORIGIN and to_offset(ORIGIN, "even-q") == (0, 0)


@given(small, small, st.sampled_from(OFFSET_KINDS))
def test_offset_rows_or_columns_alternate(col, row, kind):
    # Within a row (-r) or column (-q), offset neighbours are axial neighbours along that line.
    h = from_offset(col, row, kind)
    step = (1, 0) if kind.endswith("r") else (0, 1)
    assert h.distance(from_offset(col + step[0], row + step[1], kind)) == 1


@given(wide, wide, st.sampled_from(OFFSET_KINDS))
def test_offset_round_trips(col, row, kind):
    assert to_offset(from_offset(col, row, kind), kind) == (col, row)
    h = Hex(col, row)
    assert from_offset(*to_offset(h, kind), kind) == h


@given(wide_hexes, st.sampled_from(DOUBLED_KINDS))
def test_doubled_round_trips(h, kind):
    col, row = to_doubled(h, kind)
    assert (col + row) % 2 == 0
    assert from_doubled(col, row, kind) == h
    assert to_doubled(from_doubled(col, row, kind), kind) == (col, row)


def test_doubled_neighbours():
    # doubled-width: east is two columns on; doubled-height: south is two rows down.
    assert {tuple(to_doubled(d)) for d in DIRECTIONS} == {(2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1)}
    assert {tuple(to_doubled(d, "doubled-height")) for d in DIRECTIONS} == {
        (0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)}


@given(wide, wide, st.sampled_from(OFFSET_KINDS))
def test_offset_to_doubled_is_the_composition(col, row, kind):
    doubled = "doubled-width" if kind.endswith("r") else "doubled-height"
    d = offset_to_doubled(col, row, kind)
    assert d == to_doubled(from_offset(col, row, kind), doubled)
    assert doubled_to_offset(*d, kind) == (col, row)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: to_offset(ORIGIN, "odd"), "offset kind 'odd' is not one of 'odd-r', 'even-r', 'odd-q', 'even-q'"),
        (lambda: from_offset(0, 0, ["odd-r"]), r"offset kind \['odd-r'\]"),
        (lambda: from_offset(1.0, 0), "offset column 1.0 is not an integer"),
        (lambda: from_offset(0, True), "offset row True is not an integer"),
        (lambda: to_offset((0, 0)), r"hex \(0, 0\) is not a Hex"),
        (lambda: to_doubled(ORIGIN, "doubled"), "doubled kind 'doubled'"),
        (lambda: from_doubled(1, 0), r"doubled coordinates \(1, 0\) name no hex: col \+ row must be even"),
        (lambda: from_doubled(0, "2"), "doubled row '2' is not an integer"),
        (lambda: doubled_to_offset(0, 1, "odd-q"), "col \\+ row must be even"),
        (lambda: offset_to_doubled(0, 0, "even"), "offset kind 'even'"),
    ],
)
def test_bad_coordinates_are_a_hex_error(call, words):
    with pytest.raises(HexError, match=words):
        call()


def test_huge_values_do_not_break_the_messages():
    with pytest.raises(HexError, match=r"about \d+ digits.*do not sum to 0"):
        Hex.from_cube(10**5000, 0, 0)
    with pytest.raises(HexError, match=r"coordinate r='xxxx.*\(100000 characters\) is not an integer"):
        Hex(0, "x" * 100_000)
    with pytest.raises(HexError, match=r"\(0, <an integer of about \d+ digits>\) name no hex"):
        from_doubled(0, 10**5000 + 1)
