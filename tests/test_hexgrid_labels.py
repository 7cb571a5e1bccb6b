"""Label schemes: letters (``C4``), printed-map numbers (``0304``), axial (``(q,r)``).

Known answers are worked by hand from the rules each scheme documents (LabelScheme's Notes);
the properties say that parse and format are inverses for every hex, negatives included.
"""

import pytest
from hypothesis import event, given, strategies as st

from hexrules.errors import HexError
from hexrules.hexgrid import (
    LABEL_LIMIT, MAX_LABEL_LENGTH, OFFSET_KINDS, SEPARATORS, Hex, LabelScheme, from_label, from_offset, to_label,
    to_offset,
)

LETTERS = LabelScheme()
NUMBERS = LabelScheme("numbers")
AXIAL = LabelScheme("axial")


def off(col, row, kind="odd-r"):
    return from_offset(col, row, kind)


# --- letters ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "col, row, label",
    [
        (0, 0, "A1"), (3, 2, "D3"), (25, 0, "Z1"), (26, 9, "AA10"), (701, 0, "ZZ1"), (702, 0, "AAA1"),
        # beyond the first column / row: counted outwards with a minus sign, no zero
        (-1, 0, "-A1"), (-2, 0, "-B1"), (-26, 0, "-Z1"), (-27, 0, "-AA1"),
        (0, -1, "A-1"), (2, -10, "C-10"), (-1, -1, "-A-1"),
    ],
)
@pytest.mark.parametrize("kind", OFFSET_KINDS)
def test_letters_known_answers(col, row, label, kind):
    scheme = LabelScheme("letters", kind)
    assert scheme.format(off(col, row, kind)) == label
    assert scheme.parse(label) == off(col, row, kind)
    assert scheme.parse(f"  {label.lower()} ") == off(col, row, kind)


def test_letters_is_todays_to_label_and_from_label():
    for col in range(0, 60):
        for row in range(0, 12):
            for kind in ("odd-r", "odd-q"):
                h = off(col, row, kind)
                assert to_label(h, kind) == LabelScheme("letters", kind).format(h)
                assert from_label(to_label(h, kind), kind) == h
    assert LETTERS.parse("C 4") == from_label("C 4") == off(2, 3)  # the space today's parser allows


def test_to_label_and_from_label_still_refuse_hexes_beyond_the_first_row_or_column():
    # Board.label falls back to "(q,r)" on this HexError; the extended labels come from LabelScheme.
    with pytest.raises(HexError, match=r"col=-1.*LabelScheme\(offset='odd-r'\)\.format"):
        to_label(off(-1, 0))
    with pytest.raises(HexError, match=r"'-A1' names a hex beyond the first column or row"):
        from_label("-A1")
    with pytest.raises(HexError, match="'C-1'"):
        from_label("C-1")


# --- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scheme, col, row, label",
    [
        (NUMBERS, 0, 0, "0101"),
        (NUMBERS, 2, 3, "0304"),
        (NUMBERS, 98, 98, "9999"),
        (NUMBERS, 99, 4, "100005"),  # no separator: both halves as wide as the wider
        (NUMBERS, 4, 99, "005100"),
        (NUMBERS, -1, 0, "0001"),  # first=1: the column before 01 is 00, then -01
        (NUMBERS, -2, 0, "-0101"),
        (NUMBERS, 2, -2, "03-01"),
        (NUMBERS, -2, -2, "-01-01"),
        (LabelScheme("numbers", first=0), 2, 3, "0203"),
        (LabelScheme("numbers", first=0), 0, 0, "0000"),
        (LabelScheme("numbers", first=0), -1, 0, "-0100"),
        (LabelScheme("numbers", separator="."), 2, 3, "03.04"),
        (LabelScheme("numbers", separator="."), 99, 4, "100.05"),  # each side at least two digits
        (LabelScheme("numbers", separator="."), -2, -3, "-01.-02"),
        (LabelScheme("numbers", separator="-"), 2, 3, "03-04"),
        (LabelScheme("numbers", separator="-"), 2, -2, "03--01"),
        (LabelScheme("numbers", separator="/", first=0), 10, 200, "10/200"),
    ],
)
def test_numbers_known_answers(scheme, col, row, label):
    for kind in OFFSET_KINDS:
        s = LabelScheme("numbers", kind, scheme.first, scheme.separator)
        assert s.format(off(col, row, kind)) == label
        assert s.parse(label) == off(col, row, kind)


def test_numbers_on_a_flat_top_map():
    # A flat-top wargame map numbered from 0101 at the top left, odd-q: column 02 (index 1) is
    # shoved half a hex down, so 0201 is the south-east neighbour of 0101.
    scheme = LabelScheme("numbers", "odd-q")
    assert scheme.parse("0201") == scheme.parse("0101") + Hex(1, 0)
    assert scheme.parse("0201").distance(scheme.parse("0102")) == 1
    assert scheme.parse("0301") == scheme.parse("0101") + Hex(2, -1)


def test_numbers_parse_reads_unpadded_and_tidy_forms():
    assert NUMBERS.parse("34") == NUMBERS.parse("0304")  # halves of equal width
    assert NUMBERS.parse("3-4") == NUMBERS.parse("03-04") == off(2, -5)
    assert LabelScheme("numbers", separator=".").parse(" 3.4 ") == off(2, 3)
    assert NUMBERS.parse("000304") == off(-1, 303)  # six digits: column 000, row 304


# --- axial -----------------------------------------------------------------------------------


def test_axial_known_answers():
    assert AXIAL.format(Hex(3, -2)) == "(3,-2)" == str(Hex(3, -2))
    assert AXIAL.parse("( -1 , 2 )") == Hex(-1, 2)
    for kind in OFFSET_KINDS:  # axial labels do not use the offset kind
        assert LabelScheme("axial", kind).format(Hex(-4, 7)) == "(-4,7)"


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scheme, text, words",
    [
        (LETTERS, "", "not column letters and a row number"),
        (LETTERS, "4C", "'4C' is not column letters"),
        (LETTERS, "C0", "'C0' is not column letters and a row number >= 1"),
        (LETTERS, "C-0", "'C-0'"),
        (LETTERS, "C 4 x", "'C 4 x'"),
        (LETTERS, "--A1", "'--A1'"),
        (LETTERS, "C\u0663", "'C\u0663'"),  # an Arabic-Indic digit: labels use ASCII 0-9
        (LETTERS, "C\u00b2", "'C\u00b2'"),  # superscript two (str.isdigit accepts it, int() does not)
        (LETTERS, 12, "hex label 12 is not a string"),
        (LETTERS, None, "hex label None is not a string"),
        (NUMBERS, "304", "odd number of digits"),
        (NUMBERS, "03.04", "'03.04' is not a column number and a row number \\(1 is the first\\), e.g. '0304'"),
        (NUMBERS, "C4", "'C4'"),
        (LabelScheme("numbers", separator="."), "0304", "e.g. '03.04' or '100.05'"),
        (LabelScheme("numbers", separator="-"), "03-04-", "'03-04-'"),
        (AXIAL, "(1,2", r"'\(1,2' is not axial coordinates"),
        (AXIAL, "(1.5,2)", r"'\(1.5,2\)'"),
        (LETTERS, "ZZZZZZZZZZ1", "names column .*; labels exist for \\|column\\| < 10\\*\\*12"),
        (NUMBERS, "1" * 26 + "0" * 26, "names column"),
        (AXIAL, f"(0,{10**12})", "names r 1000000000000"),
    ],
)
def test_bad_labels_are_a_hex_error_naming_the_text(scheme, text, words):
    with pytest.raises(HexError, match=words):
        scheme.parse(text)


@pytest.mark.parametrize(
    "text",
    ["A" * 3000 + "1", "A" + "1" * 4000, "(0," + "1" * 4000 + ")", "01" * 2000, "A" * 100_000 + "1", " " * 65 + "A1"],
)
@pytest.mark.parametrize("scheme", [LETTERS, NUMBERS, AXIAL])
def test_long_labels_fail_first_with_a_short_message(text, scheme):
    # Issue 11: a label of thousands of letters or digits is refused before any other work.
    with pytest.raises(HexError, match=rf"\({len(text)} characters\) is longer than {MAX_LABEL_LENGTH} characters") as e:
        scheme.parse(text)
    assert len(str(e.value)) < 200
    with pytest.raises(HexError, match="is longer than"):
        from_label(text)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: LabelScheme("hexes"), "label scheme 'hexes' is not one of 'letters', 'numbers', 'axial'"),
        (lambda: LabelScheme("letters", "odd"), "offset kind 'odd'"),
        (lambda: LabelScheme("numbers", first=2), "first= 2 is not 0 or 1"),
        (lambda: LabelScheme("numbers", first=True), "first= True"),
        (lambda: LabelScheme("numbers", first=1.0), "first= 1.0"),
        (lambda: LabelScheme("letters", first=1.0), "'letters' takes no first="),
        (lambda: LabelScheme("numbers", separator=":"), "label separator ':' is not one of '', '.', '-', '/'"),
        (lambda: LabelScheme("numbers", separator=None), "label separator None"),
        (lambda: LabelScheme("letters", first=0), "'letters' takes no first= or separator="),
        (lambda: LabelScheme("axial", separator="."), "'axial' takes no first= or separator="),
        (lambda: LETTERS.format("C4"), "hex 'C4' is not a Hex"),
        (lambda: LETTERS.format(off(LABEL_LIMIT, 0)), "has col=1000000000000; labels exist for \\|col\\| < 10\\*\\*12"),
        (lambda: AXIAL.format(Hex(0, -LABEL_LIMIT)), "has r=-1000000000000"),
        (lambda: to_label(Hex(10**5000, 0)), r"Hex\(q=<an integer of about \d+ digits>, r=0\) has col="),
        (lambda: from_label("A1", "odd"), "offset kind 'odd'"),
    ],
)
def test_bad_schemes_and_hexes_are_a_hex_error(call, words):
    with pytest.raises(HexError, match=words):
        call()


# --- properties ------------------------------------------------------------------------------

schemes = st.one_of(
    st.builds(LabelScheme, st.just("letters"), st.sampled_from(OFFSET_KINDS)),
    st.builds(LabelScheme, st.just("numbers"), st.sampled_from(OFFSET_KINDS), st.sampled_from([0, 1]),
              st.sampled_from(SEPARATORS)),
    st.builds(LabelScheme, st.just("axial"), st.sampled_from(OFFSET_KINDS)),
)
label_coordinates = st.one_of(st.integers(-30, 130), st.integers(-LABEL_LIMIT + 1, LABEL_LIMIT - 1))


def _hex(scheme, a, b):
    return Hex(a, b) if scheme.kind == "axial" else from_offset(a, b, scheme.offset)


@given(schemes, label_coordinates, label_coordinates)
def test_parse_and_format_are_inverses_for_every_hex(scheme, a, b):
    h = _hex(scheme, a, b)
    label = scheme.format(h)
    assert len(label) <= MAX_LABEL_LENGTH
    assert scheme.parse(label) == h
    assert scheme.format(scheme.parse(label)) == label
    assert scheme.parse(f" {label.lower()}  ") == h


@given(schemes, st.integers(-30, 130), st.integers(-30, 130), st.integers(-30, 130), st.integers(-30, 130))
def test_different_hexes_have_different_labels(scheme, a, b, c, d):
    assert (scheme.format(_hex(scheme, a, b)) == scheme.format(_hex(scheme, c, d))) == ((a, b) == (c, d))


@given(st.integers(0, 5000), st.integers(0, 5000), st.sampled_from(OFFSET_KINDS))
def test_default_scheme_is_to_label_for_the_first_row_and_column_onwards(col, row, kind):
    h = from_offset(col, row, kind)
    assert to_offset(h, kind) == (col, row)
    assert to_label(h, kind) == LabelScheme(offset=kind).format(h)
    assert from_label(to_label(h, kind), kind) == h


label_alphabet = st.sampled_from(list("0123456789AbCz-./(), ") + ["\u0663", "\u00b2", "\u2028", "é"])


@given(schemes, st.text(label_alphabet, max_size=20) | st.text(max_size=20))
def test_parse_of_any_text_is_a_hex_or_a_hex_error(scheme, text):
    try:
        h = scheme.parse(text)
    except HexError:
        event("refused: not a label (HexError)")
        return
    assert scheme.parse(scheme.format(h)) == h
