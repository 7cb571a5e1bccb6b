"""Scenario text, hardened (issue 11 parts 1-5): every bad text is a ScenarioError at file:line:column,
reading is bounded by limits that the messages state, and to_text always reads back.

Each test of a defect failed before the fix (the issue's minimal inputs). Lines and columns are
counted by hand: line 1 is the text's first line, column 1 its first character.
"""

from __future__ import annotations

import re

import pytest

import hexrules.scenario as scenario_module
from hexrules.board import DEFAULT_TERRAIN, Board, TerrainType
from hexrules.crush import Model, Squad, TerrainPiece, Vehicle
from hexrules.crush_scenario import CrushScenario, parse_crush_scenario
from hexrules.errors import BoardError, HexrulesError, ScenarioError, StateError
from hexrules.hexgrid import Hex, from_label, from_offset
from hexrules.scenario import Scenario, builtin, load_scenario, parse_scenario, quote, scenario_names, tokens
from hexrules.state import State, Unit

BIG = "1" * 5000  # beyond Python's 4,300-digit int-string limit
MAP = "map:\n  0 0 0\n  0 0 0\n"  # lines 1-3; units from line 4 (heading) and 5
CRUSH = "map:\n  0 0 0\n"


def refused(text: str, line: int, column: int | None, *words: str) -> ScenarioError:
    """``text`` is refused with a ScenarioError at t.hex:line:column whose message has ``words`` and stays short."""
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, source="t.hex")
    e = info.value
    assert (e.source, e.line, e.column) == ("t.hex", line, column), str(e)
    assert str(e).startswith(f"t.hex:{line}:" if column is None else f"t.hex:{line}:{column}: ")
    for w in words:
        assert w in str(e)
    assert len(str(e)) < 400  # a 5,000-digit value is shown by its start and length, not whole
    return e


# --- part 1: numbers and labels ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        # a Unicode digit that str.isdigit() takes and int() refuses (or reads as another number)
        (MAP + "units:\n  G side=a at=A1 advance=\u00b2\n", 5, 26, ("advance='²' is not a whole number >= 0",
                                                                 "write it with the digits 0-9", "ruling M2")),
        ("terrain: mud symbol=m cost=\u00b2\n" + MAP, 1, 28, ("cost='²'", "digits 0-9", "ruling T1")),
        (CRUSH + "squads:\n  S resolve=4\n    m at=A1 wounds=\u00b2\n", 5, 20, ("wounds='²'", "digits 0-9", "ruling C3")),
        (CRUSH + "squads:\n  S resolve=\u0663\n    m at=A1\n", 4, 13, ("resolve='٣'", "digits 0-9")),
        ("map:\n  0 \u0663\n", 2, 5, ("map cell '٣'", "elevations are the digits 0-9")),
        # numbers beyond the int-string limit: a map cell, a unit field, a terrain cost, a Crush cover
        ("map:\n  0 " + BIG + "\n", 2, 5, ("map cell '1111", "(5000 characters)", "an elevation of 5,000 digits",
                                           "more than the 18")),
        (MAP + "units:\n  G side=a at=A1 advance=" + BIG + "\n", 5, 26, ("advance='1111", "5,000 digits")),
        ("terrain: mud symbol=m cost=" + BIG + "\n" + MAP, 1, 28, ("cost='1111", "5,000 digits")),
        (CRUSH + "pieces:\n  P cover=" + BIG + " hexes=A1\n", 4, 11, ("cover='1111", "5,000 digits", "ruling C1")),
        ("map:\n  0 " + "1" * 19 + "\n", 2, 5, ("19 digits, more than the 18",)),
        # labels: letters then 5,000 digits, axial with 5,000 digits, 3,100 and 100,000 letters
        (MAP + "units:\n  G side=a at=A" + BIG + "\n", 5, 15, ("'G' position 'A111", "longer than 64 characters")),
        (MAP + "units:\n  G side=a at=(0," + BIG + ")\n", 5, 15, ("'G' position '(0,111", "longer than 64 characters")),
        (MAP + "units:\n  G side=a at=" + "A" * 3100 + "1\n", 5, 15, ("(3101 characters) is longer than 64",)),
        (MAP + "units:\n  G side=a at=" + "A" * 100_000 + "1\n", 5, 15, ("(100001 characters)",)),
        (CRUSH + "pieces:\n  P cover=1 hexes=A1," + "A" * 3100 + "1\n", 4, 22, ("piece 'P' hex 'AAA", "(3101 characters)")),
        (CRUSH + "vehicles:\n  V at=A1 shield=4 resolve=2 hp=5\npaths:\n  V A1 (0," + BIG + ")\n", 6, 8,
         ("path hex '(0,111", "(5004 characters) is longer than 64")),
    ],
)
def test_numbers_and_labels_are_refused_with_line_and_column(text, line, column, words):
    refused(text, line, column, *words)


def test_ascii_numbers_still_read_and_leading_zeros_are_numbers():
    sc = parse_scenario(MAP + "units:\n  G side=a at=A1 advance=007 hp=0\n")
    assert (sc.state.unit("G").advance, sc.state.unit("G").hp) == (7, 0)
    assert parse_scenario("map:\n  012 18~\n").board.elevation("A1") == 12


# --- part 2: Crush positions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry, line, column, words",
    [
        ("squads:\n  S resolve=4\n    m at=", 5, 7, "model field 'at=' is not key=value (ruling C3)"),
        ("squads:\n  S resolve=4\n    m at=,", 5, 10, "hex label ',' is not column letters"),
        ("vehicles:\n  V at= shield=4 resolve=2 hp=5", 4, 5, "vehicle field 'at=' is not key=value (ruling C4)"),
        ("vehicles:\n  V at=, shield=4 resolve=2 hp=5", 4, 8, "hex label ','"),
        ("pieces:\n  P cover=1 hexes=A1,,B1", 4, 22, "hexes='A1,,B1' has an empty label"),
        ("pieces:\n  P cover=1 hexes=A1,B1,", 4, 25, "has an empty label"),
        ("pieces:\n  P cover=1 hexes=A1,b1,A1", 4, 25, "hexes= names hex 'A1' twice (first as 'A1')"),
    ],
)
def test_crush_positions_are_refused_at_their_column(entry, line, column, words):
    refused(CRUSH + entry + "\n", line, column, words)


# --- part 3: round trips of awkward names and Garrisons --------------------------------------------------


def round_trip(sc: Scenario) -> str:
    text = sc.to_text()
    again = parse_scenario(text)
    assert again == sc
    assert again.to_text() == text
    return text


def test_a_unit_name_with_a_colon_is_quoted_and_kept():
    board = Board.rectangle(3, 1)
    # 'name:x' as the last unit once read back as the scenario's name (the unit lost)
    sc = Scenario(board, State([Unit("a:b", "x", board.hex("A1")), Unit("name:x", "y", board.hex("B1"))]))
    text = round_trip(sc)
    assert '    "a:b"  side=x  at=A1  advance=3  dash=2\n' in text
    assert '    "name:x"  side=y  at=B1  advance=3  dash=2\n' in text
    assert parse_scenario(text).name == ""
    # written by a designer without quotes, the line is refused (it was silently the scenario's name)
    refused(MAP + "units:\n  G side=a at=A1\n  name:x  side=y at=B1\n", 6, 3,
            "'name:' is indented deeper than the section heading above it (line 4), like an entry",
            'an entry\'s name with a colon goes in double quotes ("name:...")')
    refused(MAP + "pieces:\n  title:x cover=1 hexes=A1\n", 5, 3, "'title:' is indented deeper")
    # a whole text indented alike (pasted from a docstring) still reads its name: and title:
    assert parse_scenario("    name: x\n    map:\n      0\n    title: t\n").heading == "t"


def test_quotes_in_names_and_sides_are_doubled():
    board = Board.rectangle(3, 1)
    units = [Unit('Amuro "the ace" Ray', "Zeon army", board.hex("A1")), Unit('"', 'the "Reds"', board.hex("B1")),
             Unit(" padded ", "a=b#c", board.hex("C1"))]
    text = round_trip(Scenario(board, State(units)))
    assert '    "Amuro ""the ace"" Ray"  side="Zeon army"  at=A1' in text
    assert '    """"  side="the ""Reds"""  at=B1' in text
    assert '    " padded "  side="a=b#c"  at=C1' in text
    assert quote('Amuro "the ace" Ray') == '"Amuro ""the ace"" Ray"' and quote("") == '""' and quote("R1") == "R1"


def test_quoted_and_partly_quoted_words_read_as_their_value():
    sc = parse_scenario(MAP + 'units:\n  Char"\'s Zaku"  side=zeon" army"  at=A1\n  """x"" y"  side=a at=B1\n')
    assert [(u.name, u.side) for u in sc.state] == [("Char's Zaku", "zeon army"), ('"x" y', "a")]
    toks = tokens('a"b c"d "e f"  x "a # b" # c')
    assert [(t.column, t.text, t.value) for t in toks] == [(1, 'a"b c"d', "ab cd"), (9, '"e f"', "e f"), (16, "x", "x"),
                                                            (18, '"a # b"', "a # b")]  # '#' in quotes is no comment


def test_an_unclosed_quote_is_an_error_at_its_column():
    refused(MAP + 'units:\n  "Big Zaku side=zeon at=A1\n', 5, 3, "this double quote is not closed on its line",
            'written twice: "Amuro ""the ace"" Ray"')
    refused(MAP + 'units:\n  Big"s Zaku side=zeon at=A1\n', 5, 6, "not closed")
    # in a comment a quote is no matter; in name: and title: (the whole line) neither
    sc = parse_scenario('name: the "Red Comet\ntitle: 5" guns\n' + MAP + '# a "quote\n')
    assert (sc.name, sc.title) == ('the "Red Comet', '5" guns')


def test_a_garrison_keeps_advance_dash_and_speed():
    board = Board.rectangle(2, 1)
    post = Unit("Post", "fed", board.hex("A1"), garrison=True, advance=5, dash=0, speed=1)
    text = round_trip(Scenario(board, State([post, Unit("Fort", "fed", board.hex("B1"), garrison=True)])))
    assert "garrisons:\n    Post  side=fed  at=A1  advance=5  dash=0  speed=1\n    Fort  side=fed  at=B1\n" in text
    sc = parse_scenario(MAP + "garrisons:\n  Post side=fed at=A1 advance=5\n")
    assert sc.state.unit("Post").advance == 5
    assert str(sc).splitlines()[-1] == "A1  Post (fed): Garrison, Advance 5"


@pytest.mark.parametrize("brk", ["\n", "\u2028"])
def test_a_name_side_or_title_with_a_line_break_has_no_text_form(brk):
    # (a unit's name with "\r" or "\x85", control characters, is refused by Unit itself: no picture
    # draws them, test_a_name_the_pictures_cannot_draw_is_refused_in_python_too)
    board = Board.rectangle(2, 1)
    with pytest.raises(ScenarioError, match=r"unit name 'a\S+b' is not one line of text"):
        Scenario(board, State([Unit(f"a{brk}b", "x", board.hex("A1"))]))
    with pytest.raises(ScenarioError, match=r"side 'x\S+y' is not one line of text"):
        Scenario(board, State([Unit("a", f"x{brk}y", board.hex("A1"))]))
    with pytest.raises(ScenarioError, match="scenario title"):
        Scenario(board, title=f"one{brk}two")
    with pytest.raises(ScenarioError, match="model name"):
        CrushScenario(Scenario(board), units=[Squad("S", [Model(f"m{brk}", board.hex("A1"))], 4)])
    with pytest.raises(ScenarioError, match="terrain piece name"):
        CrushScenario(Scenario(board), pieces=[TerrainPiece(f"P{brk}", [board.hex("A1")], 1)])


def test_crush_names_with_every_special_character_round_trip():
    board = Board.rectangle(3, 1)
    a, b = board.hex("A1"), board.hex("B1")
    sc = CrushScenario(Scenario(board), pieces=[TerrainPiece('Hab "block"', [a, b], 3)],
                       units=[Squad("x=y:z", [Model('#"1', a)], 4, side="blue army"),
                              Vehicle("name:V", b, 4, 2, 5, side='the "Reds"')],
                       paths={"name:V": [b, a]})
    again = parse_crush_scenario(sc.to_text())
    assert again == sc and again.to_text() == sc.to_text()
    assert '    "Hab ""block"""  cover=3  hexes=A1,B1\n' in sc.to_text()
    assert '    "name:V"  A1' not in sc.to_text() and '    "name:V"  B1 A1\n' in sc.to_text()


def test_terrain_lines_are_written_in_one_order():
    # a table whose default entries come after a designer's: written edited defaults first, so the
    # text of the text's scenario is the same text
    table = {"mud": TerrainType("mud", "m", 2), "water": TerrainType("water", "~", 3), "open": DEFAULT_TERRAIN["open"],
             "impassable": DEFAULT_TERRAIN["impassable"]}
    sc = Scenario(Board({Hex(0, 0): (0, "mud"), Hex(1, 0): (0, "water")}, table))
    text = round_trip(sc)
    assert text.startswith("terrain: water symbol=~ cost=3\nterrain: mud symbol=m cost=2\nmap:\n")


def test_boards_without_a_text_form_say_why():
    no_water = Board({Hex(0, 0): (0, "open")}, {"open": DEFAULT_TERRAIN["open"]})
    with pytest.raises(BoardError, match="the terrain table has no 'water'"):
        Scenario(no_water).to_text()
    shared = Board({Hex(0, 0): (0, "open")}, {**DEFAULT_TERRAIN, "mud": TerrainType("mud", "~", 2)})
    with pytest.raises(BoardError, match="terrains 'water' and 'mud' share the symbol '~'"):
        shared.to_text()
    far = Board({Hex(0, 0): (0, "open"), from_offset(10**6, 0): (0, "open")})  # two hexes a million columns apart
    with pytest.raises(BoardError, match="board spans 1 rows and 1,000,001 columns .* at most 500 rows, 500 columns"):
        far.to_text()
    assert repr(far).startswith("Board(") and str(far).startswith("Board(")  # the faces fall back
    assert repr(Scenario(far)).startswith("Scenario(Board(")
    empty = Board({})
    assert empty.to_text() == "map:\n    -\n" and Board.from_text(empty.to_text()) == empty


# --- part 4: line breaks ------------------------------------------------------------------------------------


@pytest.mark.parametrize("char, name", [("\x0b", "vertical tab (U+000B)"), ("\x0c", "form feed (U+000C)"),
                                        ("\x1c", "U+001C"), ("\x1d", "U+001D"), ("\x1e", "U+001E"),
                                        ("\x85", "next-line character (U+0085)"), ("\u2028", "line separator (U+2028)"),
                                        ("\u2029", "paragraph separator (U+2029)")])
def test_odd_line_breaks_are_refused_where_they_stand(char, name):
    # once, a U+2028 in a map row split it into two rows silently
    refused(f"map:\n  0 0{char} 0\n", 2, 6, name, "is a line break to some programs and not to others")
    refused(f'map:\n  0\nunits:\n  "G{char}" side=a at=A1\n', 4, 5, name)
    refused(f"name: x{char}y\nmap:\n  0\n", 1, 8, name)


def test_line_numbers_are_the_editors_for_crlf_and_cr():
    for eol in ("\r\n", "\r", "\n"):
        text = eol.join(["name: x", "map:", "  0 0", "units:", "  G side=a at=C9"]) + eol
        refused(text, 5, 15, "'G' position C9")
    assert parse_scenario("map:\r\n  0 1\r\n").board == parse_scenario("map:\n  0 1\n").board


def test_a_byte_order_mark_is_ignored_and_a_file_not_in_utf8_is_named(tmp_path):
    assert parse_scenario("\ufeffname: x\nmap:\n  0\n").name == "x"
    path = tmp_path / "latin1.hex"
    path.write_bytes("map:\n  0 0\nunits:\n  Zéta side=a at=A1\n".encode("latin-1"))
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert (info.value.line, info.value.column) == (4, 4)
    assert "byte 0xe9 is not UTF-8 text" in str(info.value) and str(path) in str(info.value)


# --- part 5: duplicates and ragged rows ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        (MAP + "units:\n  G side=a side=b at=A1\n", 5, 12, "'G' has side= twice"),
        (MAP + "units:\n  G side=a at=A1 advance=1 advance=9\n", 5, 28, "'G' has advance= twice"),
        ("name: a\n" + MAP + "name: b\n", 5, 1, "a second 'name:' (the first is on line 1): a scenario has one"),
        ("title: a\ntitle: b\n" + MAP, 2, 1, "a second 'title:'"),
        ("orientation: flat\n" + MAP + "  orientation: pointy\n", 5, 3, "a second 'orientation:'"),
        (MAP + "units:\n  G side=a at=A1\nmap:\n  0\n", 6, 1, "a second 'map:' (the first is on line 1)"),
        ("terrain: mud symbol=m\nterrain: mud symbol=n cost=2\n" + MAP, 2, 10,
         "terrain 'mud' is defined twice (the first on line 1)"),
        ("terrain: mud symbol=m cost=1 cost=2\n" + MAP, 1, 30, "'mud' has cost= twice"),
        ("terrain: mud symbol=m impassable impassable\n" + MAP, 1, 34, "terrain 'mud' says impassable twice"),
        ("terrain: mud symbol=~\n" + MAP, 1, 10, "terrain 'mud': symbol '~' is already 'water''s"),
        ("terrain: symbol=m\n" + MAP, 1, 10, "terrain line needs a name before its fields"),
        # a row with a cell left out (or one too many) is an error naming the row
        ("map:\n  0 0 0\n  0 0\n", 3, 6, "map row 2 has 2 cells and row 1 (line 2) has 3: every row has the same number"),
        ("map:\n  0 0\n\n  # a comment\n  0 0 0\n", 5, 7, "map row 2 has 3 cells and row 1 (line 2) has 2"),
    ],
)
def test_duplicates_and_ragged_rows_are_errors(text, line, column, words):
    refused(text, line, column, words)


def test_holes_make_boards_that_are_not_rectangles():
    board = parse_scenario("map:\n  - 0 -\n   0 0 0\n  - 0 -\n").board
    assert len(board) == 5 and from_label("A1") not in board and from_label("A2") in board


def test_default_terrains_may_swap_symbols():
    sc = parse_scenario("terrain: water symbol=X cost=1\nterrain: impassable symbol=~ impassable\nmap:\n  X ~\n")
    assert [sc.board.terrain(h).name for h in ("A1", "B1")] == ["water", "impassable"]
    assert parse_scenario(sc.to_text()) == sc


def test_squad_and_model_indentation_must_not_mix_tabs_and_spaces_differently():
    # '\t' looks deeper than '  ' in an editor (4 or 8 columns) but is one character: refused
    with pytest.raises(ScenarioError) as info:
        parse_crush_scenario(CRUSH + "squads:\n  S resolve=4\n\tm at=A1\n", source="c.hex")
    assert (info.value.line, info.value.column) == (5, 2) and "mixes tabs and spaces" in str(info.value)
    sc = parse_crush_scenario(CRUSH + "squads:\n\tS resolve=4\n\t  m at=A1\n")  # the squad's tab, then more
    assert sc.unit("S").models[0].name == "m"


# --- limits ---------------------------------------------------------------------------------------------------


def test_the_limits_are_stated_and_far_beyond_a_designers_extreme():
    m = scenario_module
    assert (m.MAX_MAP_ROWS, m.MAX_MAP_COLUMNS, m.MAX_HEXES, m.MAX_DIGITS) == (500, 500, 100_000, 18)
    assert m.MAX_HEXES >= 300 * 300 and m.MAX_TEXT_LENGTH >= 3 * 300 * 300 + 550_000


def test_text_beyond_the_limits_is_refused_up_front():
    m = scenario_module
    refused("#" * (m.MAX_TEXT_LENGTH + 1), 1, None, "scenario text has 1,000,001 characters; the most it may have is 1,000,000")
    rows = "map:\n" + " 0\n" * 501
    refused(rows, 502, 2, "the map has more than 500 rows, the most a map has")
    refused("map:\n" + " 0" * 501 + "\n", 2, 1002, "map row 1 has more than 500 cells, the most a row has")
    refused("map:\n" + (" 0" * 500 + "\n") * 200 + " 0" * 500 + "\n", 202, 2, "the map has more than 100,000 hexes")
    # right at the limits: accepted
    assert len(parse_scenario("map:\n" + " 0\n" * 500).board) == 500
    assert len(parse_scenario("map:\n" + " 0" * 500 + "\n").board) == 500


# --- the compact form ---------------------------------------------------------------------------------------------


def test_compact_text_is_the_shortest_form():
    sc = parse_crush_scenario(
        "name: Hab\nterrain: ruin symbol=R cost=0\nmap:\n  0  0R  2\n   -  0  0\n"
        "units:\n  Gundam side=federation at=A1 advance=3 dash=2 ignore_engagement=yes\n"
        "pieces:\n  Ruin cover=2 hexes=B1 collapsible=no\nsquads:\n    S  resolve=4\n        m  at=B1  wounds=1\n"
        "vehicles:\n  V at=C1 shield=4 resolve=2 hp=5\npaths:\n  V C1 C2\n")
    compact = sc.to_text(compact=True)
    assert compact == ("name:Hab\nterrain:ruin symbol=R\nmap:\n0 R 2\n- 0 0\nunits:\nGundam side=federation at=A1 "
                       "ignore_engagement=1\npieces:\nRuin cover=2 hexes=B1 collapsible=0\nsquads:\nS resolve=4\n m at=B1\n"
                       "vehicles:\nV at=C1 shield=4 resolve=2 hp=5\npaths:\nV C1 C2")
    assert parse_crush_scenario(compact) == sc


def test_to_text_falls_back_to_the_compact_form_beyond_the_limit():
    # two hexes 499 columns and 119 rows apart, one with an elevation of 18 digits: aligned, every
    # cell of the 500 x 120 rectangle is 19 characters wide: a row is 4 spaces (5 on odd rows), 499
    # cells of 19 and a last '-' or '0', and its line break: 5 + 120 * 9,487 + 60 = 1,138,505 characters
    board = Board({Hex(0, 0): (10**17, "open"), from_offset(499, 119): (0, "open")})
    sc = Scenario(board)
    assert len(sc._text(False)) == 1_138_505 > scenario_module.MAX_TEXT_LENGTH
    text = sc.to_text()
    # compact: "map:\n", row 1 "100000000000000000 - - ... -", then 119 rows of 500 one-character cells
    assert text == sc.to_text(compact=True) and len(text) == 5 + (18 + 499 * 2) + 119 * (1 + 999)
    assert parse_scenario(text) == sc and parse_scenario(text).to_text() == text


@pytest.mark.parametrize("name", scenario_names())
def test_every_shipped_scenario_compacts_and_reads_back(name):
    sc = builtin(name)
    compact = sc.to_text(compact=True)
    assert parse_scenario(compact) == sc
    assert len(compact) < len(sc.to_text())


def test_a_topic_error_without_a_line_is_placed_at_its_heading():
    # a topic's check (or its classes) may raise a ScenarioError that knows no line: it is given the
    # section's heading, like any other refusal of the topic's own classes
    from hexrules.scenario import SectionReader, register_section, unregister_section

    def check(data, scenario):
        raise ScenarioError("notes are refused", source="Scenario")

    register_section(SectionReader("notes", ("notes",), lambda sections, sc, rd: "n", lambda d, sc: ["notes:"], check=check))
    try:
        refused("map:\n  0\nnotes:\n  n\n", 3, 1, "notes are refused")
    finally:
        unregister_section("notes")


def test_a_verbatim_section_reads_its_lines_as_written_with_their_columns():
    # issue 32: a topic's free text (a diagram's caption:) is read as title: is, '#' and quotes kept
    from hexrules.scenario import SectionReader, register_section, unregister_section

    def read(sections, sc, rd):
        return tuple((t.column, t.text) for s in sections for t in (*s.tokens, *(line.tokens[0] for line in s.lines)))

    register_section(SectionReader("notes", ("notes",), read, lambda d, sc: ["notes:"], verbatim=("notes",)))
    try:
        sc = parse_scenario('map:\n  0\nnotes:  see #1, the 5" gun  \n   # a comment line\n  and #2  # kept\n')
        assert sc.sections["notes"] == ((9, 'see #1, the 5" gun'), (3, "and #2  # kept"))
        with pytest.raises(ScenarioError, match="verbatim headings"):
            SectionReader("notes", ("notes",), read, lambda d, sc: [], verbatim=("other",))
    finally:
        unregister_section("notes")


def test_a_scenario_too_long_for_text_says_so_and_its_faces_fall_back(monkeypatch):
    # only a scenario built in code gets there (one read from text compacts to no longer than its text)
    monkeypatch.setattr(scenario_module, "MAX_TEXT_LENGTH", 60)
    board = Board.rectangle(10, 10)  # compact: "map:" and 10 rows of 19 characters: 204 characters
    with pytest.raises(ScenarioError, match="this scenario's text would have 204 characters, more than the 60"):
        board.to_text()
    assert repr(board).startswith("Board({Hex(q=0, r=0): (0, 'open')")
    crush = CrushScenario(Scenario(board), pieces=[TerrainPiece("P", [board.hex("A1")], 1)])
    assert repr(crush).startswith("CrushScenario(Scenario(Board(") and repr(crush.scenario).startswith("Scenario(Board(")


def test_a_bad_map_cell_names_what_each_symbol_means():
    # the trial: "map cell 'lava' is not an elevation and a terrain symbol (known symbols: '.',
    # '~', 'X')" left a designer guessing what '.' was, and read as if a cell needed both
    with pytest.raises(ScenarioError) as err:
        parse_scenario("terrain: mud symbol=m cost=2\nmap:\n    0 lava\n")
    said = str(err.value)
    assert "an elevation, a terrain symbol or both, as in 2~" in said
    assert "'.' open ground, '~' water, 'X' impassable, 'm' mud" in said
    assert "line 3, column 7" in said or ":3:7:" in said


# --- text the pictures cannot draw (issue 32): refused where it stands, at file:line:column ----------------

#: Characters a name or a free text may not hold, one of each kind the drawing fails on (found by
#: drawing each through Diagram.figure and save_figure in svg, png and pdf, tests/test_diagram.py):
#: a lone surrogate (matplotlib's FreeType layout raises TypeError), control characters (an SVG
#: matplotlib writes with one is not well-formed XML; in a PNG a box), a tab inside a name, the
#: noncharacters U+FFFE and U+FFFF (not well-formed SVG) and the others of their kind, and U+FEFF
#: (matplotlib's PDF writer raises IndexError).
UNDRAWABLE = ["\ud800", "\udfff", "\x00", "\x01", "\x1b", "\x7f", "\x9f", "\t", "\ufeff", "\ufffe", "\uffff", "\ufdd0",
              "\U0010ffff"]
#: Control characters that are also line breaks in scenario text (split_lines splits or refuses them
#: where they stand): in Python, a name with one is refused as one no picture draws.
BREAKS = ["\r", "\x85", "\x0b"]


def _refused_at(text: str, line: int, column: int, bad: str) -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, source="t.hex")
    e = info.value
    assert (e.source, e.line, e.column) == ("t.hex", line, column), str(e).encode("unicode_escape")
    assert repr(bad)[1:-1] in str(e) and f"U+{ord(bad):04X}" in str(e)
    str(e).encode("utf-8")  # the message itself is valid text: the value is shown escaped


@pytest.mark.parametrize("bad", UNDRAWABLE, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("template, line, column", [
    ('map:\n  0 0\nunits:\n  "Zak{}u" side=zeon at=A1\n', 4, 7),                      # a unit name
    ('map:\n  0 0\ngarrisons:\n  "G{}" side=zeon at=A1\n', 4, 5),                      # a Garrison's
    ('map:\n  0 0\nunits:\n  Zaku side="ze{}on" at=A1\n', 4, 16),                      # a side
    ("title: Knuckle {}Shield\nmap:\n  0 0\n", 1, 16),                                  # a title
    ("name: pu{}sh\nmap:\n  0 0\n", 1, 9),                                              # a scenario's name
    ('map:\n  0 0\npieces:\n  "Hab{}" cover=2 hexes=A1\n', 4, 7),                      # a Crush piece
    ('map:\n  0 0\nsquads:\n  Rangers resolve=4\n    "R{}1" at=A1\n', 5, 7),            # a Crush model
])
def test_a_name_or_text_the_pictures_cannot_draw_is_refused_where_it_stands(template, line, column, bad):
    _refused_at(template.format(bad), line, column, bad)


def test_a_character_in_a_comment_is_not_drawn_and_not_refused():
    sc = parse_scenario("map:\n  0 0  # a comment with \x01 and \ufffe\nunits:\n  Zaku\tside=zeon at=A1\n")
    assert sc.state.unit("Zaku").side == "zeon"  # a tab between words separates them, as ever


@pytest.mark.parametrize("bad", UNDRAWABLE + BREAKS, ids=lambda c: f"U+{ord(c):04X}")
def test_a_name_the_pictures_cannot_draw_is_refused_in_python_too(bad):
    with pytest.raises(StateError, match=re.escape(f"U+{ord(bad):04X}")) as info:
        Unit(f"Zaku{bad}", "zeon", Hex(0, 0))
    assert repr(f"Zaku{bad}") in str(info.value)
    with pytest.raises(StateError, match=re.escape(f"U+{ord(bad):04X}")):
        Unit("Zaku", f"ze{bad}on", Hex(0, 0))
    with pytest.raises(ScenarioError, match=re.escape(f"U+{ord(bad):04X}") + "|is not one line of text"):
        Scenario(Board.rectangle(2, 1), title=f"A {bad}title")  # a line break is refused as one
    with pytest.raises(HexrulesError, match=re.escape(f"U+{ord(bad):04X}")):
        TerrainPiece(f"Hab{bad}", [Hex(0, 0)], 1)
    with pytest.raises(BoardError, match="symbol"):  # a map cell's symbol is written in the text
        TerrainType("mud", bad, 1)
