"""Scenario text names the map's geometry (issue 15 part 4): orientation, offset kind, label scheme.

Expected values are worked by hand from Red Blob's offset formulas (hexgrid's module docstring):
odd-q (flat): ``q = col``, ``r = row - (col - (col & 1)) // 2``; even-r (pointy):
``q = col - (row + (row & 1)) // 2``, ``r = row``.
"""

from __future__ import annotations

import math

import pytest
from matplotlib.figure import Figure

from hexrules.board import Board, board_geometry, position
from hexrules.errors import BoardError, GuessError, ScenarioError
from hexrules.exercise import HexesQuestion
from hexrules.hexgrid import FLAT, POINTY, Hex, LabelScheme
from hexrules.plot import draw_board
from hexrules.scenario import Scenario, builtin, parse_scenario, scenario_names
from hexrules.state import State, Unit

# A flat-top wargame map numbered from 0101 at the top left: three columns, two rows.
FLAT_NUMBERED = """\
name: Flat
orientation: flat labels=numbers
map:
    0  1  2
    0  0~ 0X
units:
    Gundam  side=federation  at=0201  advance=3  dash=2
"""


def test_a_flat_top_board_labelled_0101_style_loads():
    sc = parse_scenario(FLAT_NUMBERED, source="flat.hex")
    b = sc.board
    assert b.orientation == FLAT and b.offset == "odd-q" and b.labels == LabelScheme("numbers", "odd-q")
    # map row 1, cell 2 is offset (col 1, row 0): q = 1, r = 0 - (1 - 1) // 2 = 0; its label is
    # column number 02, row number 01.
    assert sc.state.unit("Gundam").hex == Hex(1, 0) and b.label(Hex(1, 0)) == "0201"
    assert b.elevation("0201") == 1 and b.elevation("0301") == 2
    # row 2, cell 1 (col 0, row 1): Hex(0, 1); cell 2 (col 1, row 1): r = 1 - 0 = 1 -> Hex(1, 1)
    assert b.terrain("0202").name == "water" and b.hex("0202") == Hex(1, 1)
    assert b.terrain("0302").name == "impassable" and b.hex("0302") == Hex(2, 0)
    # axial text names a hex in every scheme
    assert b.hex("(1,1)") == Hex(1, 1)
    assert [b.label(h) for h in b.hexes] == ["0101", "0201", "0301", "0102", "0202", "0302"]


def test_the_flat_numbered_board_round_trips_through_scenario_text():
    sc = parse_scenario(FLAT_NUMBERED)
    assert sc.to_text() == FLAT_NUMBERED  # the text of the text's scenario is the same text
    assert parse_scenario(sc.to_text(compact=True)) == sc
    assert sc.to_text(compact=True).splitlines()[1] == "orientation:flat labels=numbers"


@pytest.mark.parametrize(
    ("line", "offset", "labels", "label_of_b1"),
    [
        # (col 1, row 0) in each: Hex(1, 0), except even-q: r = 0 - (1 + 1) // 2 = -1
        ("orientation: pointy offset=even-r", "even-r", LabelScheme("letters", "even-r"), "B1"),
        ("orientation: pointy labels=numbers first=0", "odd-r", LabelScheme("numbers", "odd-r", first=0), "0100"),
        ("orientation: pointy labels=numbers separator=.", "odd-r", LabelScheme("numbers", separator="."), "02.01"),
        ("orientation: flat offset=even-q labels=numbers first=0 separator=-", "even-q",
         LabelScheme("numbers", "even-q", first=0, separator="-"), "01-00"),
        ("orientation: flat labels=axial", "odd-q", LabelScheme("axial", "odd-q"), "(1,0)"),
    ],
)
def test_each_geometry_reads_and_writes_back(line, offset, labels, label_of_b1):
    # the map as to_text writes it: a shoved row indented by one more space (odd rows of odd-r,
    # even rows of even-r); a flat map's columns are shoved, its rows are not indented
    shoved = {"odd-r": (0, 1), "even-r": (1, 0)}.get(offset, (0, 0))
    rows = [" " * (4 + shoved[0]) + "0 1 0", " " * (4 + shoved[1]) + "0 0 0"]
    text = f"{line}\nmap:\n" + "\n".join(rows) + "\n"
    sc = parse_scenario(text)
    assert (sc.board.offset, sc.board.labels) == (offset, labels)
    b1 = next(h for h in sc.board if sc.board.elevation(h) == 1)
    assert b1 == (Hex(1, -1) if offset == "even-q" else Hex(1, 0)) and sc.board.label(b1) == label_of_b1
    assert sc.to_text() == text and parse_scenario(sc.to_text(compact=True)) == sc


def test_even_r_shoves_the_even_rows():
    # even-r: row 0 sits half a hex right, so A1 = Hex(0, 0) touches both A2 and B2:
    # A2 = (col 0, row 1) -> q = 0 - (1 + 1) // 2 = -1: Hex(-1, 1); B2 = (col 1, row 1) -> Hex(0, 1).
    sc = parse_scenario("orientation: pointy offset=even-r\nmap:\n  0 0\n 0 0\n")
    b = sc.board
    assert b.hex("A2") == Hex(-1, 1) and b.hex("B2") == Hex(0, 1)
    assert set(b.neighbors("A1")) == {Hex(1, 0), Hex(-1, 1), Hex(0, 1)}
    assert sc.to_text() == "orientation: pointy offset=even-r\nmap:\n     0 0\n    0 0\n"
    assert str(sc).splitlines()[1:] == ["1    0   0", "2  0   0"]


def test_defaults_write_no_geometry_line_and_every_shipped_scenario_keeps_its_text():
    sc = parse_scenario("orientation: pointy\nmap:\n  0 0\n")
    assert sc.board.offset == "odd-r" and sc.board.labels == LabelScheme()
    assert "orientation" not in sc.to_text()
    assert "orientation: flat\n" in parse_scenario("orientation: flat\nmap:\n 0 0\n").to_text()
    for name in scenario_names():
        shipped = builtin(name)
        assert shipped.board.labels == LabelScheme("letters", shipped.board.offset)
        assert parse_scenario(shipped.to_text()).to_text() == shipped.to_text()


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        ("orientation: flat offset=odd-r", 26, "offset 'odd-r' shoves rows, for pointy-top boards; a flat board's offset is 'odd-q' or 'even-q'"),
        ("orientation: pointy offset=even-q", 28, "offset 'even-q' shoves columns, for flat-top boards"),
        ("orientation: pointy offset=odd", 28, "offset 'odd' is not one of 'odd-r', 'even-r', 'odd-q', 'even-q'"),
        ("orientation: sideways", 14, "orientation 'sideways' is not 'pointy' or 'flat'"),
        ("orientation: pointy labels=numbrs", 28, "labels='numbrs' is not one of 'letters', 'numbers', 'axial'"),
        ("orientation: pointy first=0", 27, "first= belongs to labels=numbers"),
        ("orientation: pointy labels=axial separator=.", 44, "separator= belongs to labels=numbers"),
        ("orientation: pointy labels=numbers first=2", 42, "first='2' is not a whole number from 0 to 1"),
        ("orientation: pointy labels=numbers separator=x", 46, "separator='x' is not one of '.', '-', '/'"),
        ("orientation: pointy scheme=numbers", 21, "unknown orientation field 'scheme' (known: offset, labels, first, separator)"),
        ("orientation: pointy even-r", 21, "orientation field 'even-r' is not key=value"),
        ("orientation: flat offset=odd-q offset=even-q", 32, "has offset= twice"),
    ],
)
def test_a_bad_geometry_is_an_error_at_its_file_line_and_column(line, column, words):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(f"name: x\n{line}\nmap:\n  0 0\n", source="geo.hex")
    assert (err.value.source, err.value.line, err.value.column) == ("geo.hex", 2, column)
    assert words in str(err.value)


def test_a_unit_label_is_read_in_the_boards_scheme():
    numbered = "orientation: flat labels=numbers\nmap:\n 0 0\n 0 0\nunits:\n G side=a at={}\n"
    assert parse_scenario(numbered.format("0102")).state.unit("G").hex == Hex(0, 1)
    with pytest.raises(ScenarioError) as err:
        parse_scenario(numbered.format("B1"), source="n.hex")  # a letters label on a numbered map
    assert (err.value.line, err.value.column) == (6, 14) and "'B1'" in str(err.value)
    with pytest.raises(ScenarioError, match="not on the board"):
        parse_scenario(numbered.format("0301"))


def test_board_geometry_is_checked_in_code_too():
    with pytest.raises(BoardError, match="a pointy board's offset is 'odd-r' or 'even-r'"):
        Board({}, offset="odd-q")
    with pytest.raises(BoardError, match="counts 'odd-r' columns and rows, but the board's offset is 'odd-q'"):
        Board({}, orientation=FLAT, labels=LabelScheme("numbers"))
    with pytest.raises(BoardError, match="is not a hexgrid.LabelScheme"):
        Board({}, labels="numbers")
    # axial labels do not count offset columns: stored with the board's offset
    assert board_geometry(FLAT, None, LabelScheme("axial")) == ("odd-q", LabelScheme("axial", "odd-q"))
    a = Board.rectangle(2, 2, orientation=FLAT, labels=LabelScheme("numbers", "odd-q"))
    assert a != Board.rectangle(2, 2, orientation=FLAT) and a.cells() == Board.rectangle(2, 2, orientation=FLAT).cells()
    assert a.with_cells({Hex(0, 0): (2, "open")}).labels == a.labels and a.with_terrain().offset == "odd-q"
    assert Board.rectangle(2, 1, orientation=POINTY, offset="even-r").hexes == [Hex(0, 0), Hex(1, 0)]


def test_numbered_labels_name_hexes_beyond_the_first_column():
    # numbers count down past the first column: column index -1 is column number 00 (first=1)
    # odd-q: Hex(-1, 1) has col -1, row = r + (q - (q & 1)) // 2 = 1 + (-2) // 2 = 0: column
    # number -1 + 1 = 00, row number 01. A step off the left edge is named like the board's hexes.
    b = Board.rectangle(2, 2, orientation=FLAT, labels=LabelScheme("numbers", "odd-q"))
    assert b.label(Hex(-1, 1)) == "0001" and position(b, "0001") == Hex(-1, 1)
    with pytest.raises(BoardError, match="hex 0001 is not on the board"):
        b.hex("0001")
    # letters name it the same way, counting outwards with a minus sign (issue 10.5): "-A1"
    assert Board.rectangle(2, 2).label(Hex(-1, 0)) == "-A1"


def test_a_flat_board_is_drawn_flat_top_with_its_labels():
    sc = parse_scenario(FLAT_NUMBERED)
    art = draw_board(sc.board, sc.state, ax=Figure().add_subplot(), legend=False)
    labels = art.texts_shown("labels")
    assert sorted(labels.values()) == ["0101", "0102", "0201", "0202", "0301", "0302"]
    (x1, y1), (x2, y2), (x3, y3) = art.centre("0101"), art.centre("0201"), art.centre("0102")
    # flat-top: columns 1.5 sizes apart, rows sqrt(3) sizes apart, an odd-q second column half a row lower
    column, row = abs(x2 - x1), abs(y3 - y1)
    assert x3 == pytest.approx(x1) and row / column == pytest.approx(math.sqrt(3) / 1.5)
    assert abs(y2 - y1) == pytest.approx(row / 2)
    assert art.hex_at(x2, y2) == Hex(1, 0) and art.units["Gundam"][0].center == pytest.approx((x2, y2))


def test_a_question_on_a_numbered_board_reads_its_labels():
    sc = parse_scenario(FLAT_NUMBERED)
    q = HexesQuestion("Where?", "0101, 0202", board=sc.board)
    assert q.answer == {Hex(0, 0), Hex(1, 1)}
    assert q.grade("0202 0101").outcome == "right"
    with pytest.raises(GuessError, match="'C3' is not a hex label such as '0303'"):
        q.read("C3")


def test_scenario_repr_and_picture_use_the_scheme():
    sc = parse_scenario(FLAT_NUMBERED)
    assert eval(repr(sc), {"Scenario": Scenario}) == sc  # noqa: S307 - the repr pastes back
    assert str(sc).splitlines()[1:] == ["    01   02   03", "01  0   [1]   2", "02  0    0~   0X",
                                        "0201  Gundam (federation): Advance 3, Dash 2"]


def test_an_axial_labelled_board_writes_and_reads_its_label_lists():
    # hexes=(0,0),(1,0): the comma inside an axial label does not split the list
    text = ("orientation: pointy labels=axial\nmap:\n    0 0 0\nunits:\n    G  side=a  at=(2,0)  advance=3  dash=2\n"
            "pieces:\n    Ruin  cover=2  hexes=(0,0),(1,0)\n")
    sc = parse_scenario(text)
    assert sc.sections["crush"].pieces[0].hexes == (Hex(0, 0), Hex(1, 0))
    assert sc.to_text() == text and parse_scenario(sc.to_text(compact=True)) == sc
    with pytest.raises(ScenarioError, match="empty label"):
        parse_scenario(text.replace("(0,0),(1,0)", "(0,0),,(1,0)"))


def test_explorers_offer_and_take_the_boards_labels():
    from hexrules.widgets.forced import ForcedExplorer
    from hexrules.widgets.movement import HexExplorer, ReachExplorer

    sc = parse_scenario(FLAT_NUMBERED.replace("labels=numbers", "labels=numbers separator=.").replace("0201", "02.01"))
    reach = ReachExplorer(sc, unit="Gundam")
    assert [v for _, v in reach.controls["target"].options][1:] == ["01.01", "02.01", "03.01", "01.02", "02.02", "03.02"]
    reach.controls["target"].value = "01.02"  # (col 0, row 1): Hex(0, 1)
    # the default hexes are offset column 3, row 3 and column 6, row 1 ("C3", "F1" on a lettered
    # board): a 3 x 2 board has neither, and the message names the hex in the board's scheme
    with pytest.raises(BoardError, match=r"hex 03.03 \(2,1\) is not on the board"):
        HexExplorer(sc)
    hx = HexExplorer(sc, hex="01.01", other="03.02")
    assert (hx.controls["hex"].value, hx.controls["other"].value) == ("01.01", "03.02")
    with_zaku = sc.replace(state=State([*sc.state, Unit("Zaku", "zeon", Hex(0, 1))]))
    forced = ForcedExplorer(with_zaku, kind="push", source="01.01", target="Zaku")
    assert forced.controls["source"].value == "01.01"


def test_a_hex_off_the_board_is_refused_with_the_boards_columns_and_rows():
    # an illustrator who writes Z9 on a 15 x 12 board learns which labels the board has:
    # columns A (offset col 0) to O (col 14), rows 1 to 12 (letters scheme, LabelScheme docs)
    big = Board.rectangle(15, 12)
    with pytest.raises(BoardError, match=r"hex Z9 is not on the board: its columns run A to O, "
                                         r"its rows 1 to 12"):
        big.hex("Z9")
    # typed as its label, a hex is named so (a trial read "Z99 (-24,98)": the pair was noise); typed
    # as axial coordinates on a lettered board, the message keeps what was typed beside the label
    with pytest.raises(BoardError, match=r"hex Z9 is not"):
        big.hex("z9")
    with pytest.raises(BoardError, match=r"hex [A-Z]+[0-9]+ \(30,1\) is not on the board"):
        big.hex("(30,1)")
    # numbered maps name columns and rows as their labels do: 0101 .. 0302 on a 3 x 2 board
    numbered = Board.rectangle(3, 2, orientation=FLAT, labels=LabelScheme("numbers", "odd-q"))
    with pytest.raises(BoardError, match=r"its columns run 01 to 03, its rows 01 to 02"):
        numbered.hex("0501")
    # axial labels have no columns: q and r are named
    axial = Board.rectangle(2, 2, labels=LabelScheme("axial"))
    with pytest.raises(BoardError, match=r"its hexes have q from 0 to 1, r from 0 to 1"):
        axial.hex("(5,5)")
    # scenario text: the same words, with file, line and column
    with pytest.raises(ScenarioError, match=r"z.hex:6:14: 'G' position C3 is not on the board 'x': its columns run A to B, "
                                            r"its rows 1 to 2"):
        parse_scenario("name: x\nmap:\n 0 0\n 0 0\nunits:\n G side=a at=C3\n", source="z.hex")


def test_a_hex_in_a_gap_of_the_map_or_on_a_board_with_no_hexes_is_refused_in_those_words():
    # A1 is a '-' cell: within the board's columns A to C and rows 1 to 3, but no hex
    gapped = "map:\n  - 0 0\n   0 0 0\n  0 0 -\nunits:\n  Zaku side=zeon at=A1\n"
    with pytest.raises(ScenarioError, match=r"g.hex:6:21: 'Zaku' position A1 is not on the board: its map has "
                                            r"a gap \('-'\) there; its columns run A to C, its rows 1 to 3"):
        parse_scenario(gapped, source="g.hex")
    # a map of '-' only has no hexes: the message says so (it once failed inside, on no hexes)
    with pytest.raises(ScenarioError, match=r"e.hex:4:21: 'Zaku' position A1 is not on the board: it has no hexes"):
        parse_scenario("map:\n  -\nunits:\n  Zaku side=zeon at=A1\n", source="e.hex")
