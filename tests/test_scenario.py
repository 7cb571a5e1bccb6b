"""Scenario text: the registry of topic sections, titles, the three faces, round trips, old import paths."""

import subprocess
import sys

import pytest

import hexrules
from hexrules.board import Board
from hexrules.errors import BoardError, ScenarioError, StateError
from hexrules.hexgrid import Hex, from_label
from hexrules.scenario import (
    CORE_SECTIONS,
    Line,
    Scenario,
    Section,
    SectionReader,
    Token,
    builtin,
    known_sections,
    parse_scenario,
    register_section,
    scenario_names,
    section_readers,
    tokens,
    unregister_section,
)
from hexrules.state import State, Unit

# --- a toy topic: "beacons:", one a line, name + at= + range= -----------------------------------------

SEEN = {}


def read_beacons(sections, scenario, reader):
    SEEN["sections"], SEEN["scenario"] = sections, scenario
    out = []
    for section in sections:
        for line in section.lines:
            e = reader.entry(line, "beacon", ("at", "range"), ruling="X9")
            (name,) = e.names(1, "Lamp  at=B1  range=2")
            out.append((name.text, e.position(scenario.board, what=f"beacon {name.text!r}"), e.whole("range", 1, minimum=1)))
    return tuple(out)


def write_beacons(data, scenario):
    return ["beacons:", *(f"    {n}  at={scenario.board.label(h)}  range={r}" for n, h, r in data)]


def check_beacons(data, scenario):
    for name, h, _ in data:
        if h not in scenario.board:
            raise BoardError(f"beacon {name!r} is off the board")


def describe_beacons(data, scenario):
    return [(h, f"beacon {n}, range {r}") for n, h, r in data] + [(None, f"{len(data)} beacons")]


@pytest.fixture
def beacons():
    reader = register_section(SectionReader("beacons", ("beacons",), read_beacons, write_beacons, check=check_beacons,
                                            describe=describe_beacons, legacy={"#beacon": lambda raw: "say 'beacons:'"}))
    yield reader
    unregister_section("beacons")
    SEEN.clear()


TOY = """\
map:
  0 0 1
units:
  Gundam side=federation at=A1
beacons:
  Lamp   at=B1  range=2
  Flare  at=C1   # range 1 by default
"""


def test_a_registered_section_is_read_written_back_and_compared(beacons):
    sc = parse_scenario(TOY, source="toy.hex")
    assert sc.sections["beacons"] == (("Lamp", from_label("B1"), 2), ("Flare", from_label("C1"), 1))
    # the reader got its section (heading line 5, column 1) with its lines, tokens and columns
    (section,) = SEEN["sections"]
    assert (section.heading, section.line, section.column) == ("beacons", 5, 1)
    assert [ln.number for ln in section.lines] == [6, 7]
    assert section.lines[0].tokens == (Token(3, "Lamp"), Token(10, "at=B1"), Token(17, "range=2"))
    # ... and the scenario read so far: the board and the units
    assert SEEN["scenario"].state.unit("Gundam").hex == from_label("A1")
    assert "beacons" in known_sections()
    again = parse_scenario(sc.to_text())
    assert again == sc and again.to_text() == sc.to_text()
    assert "beacons:\n    Lamp  at=B1  range=2\n    Flare  at=C1  range=1\n" in sc.to_text()
    assert sc != sc.replace(sections={"beacons": (("Lamp", from_label("B1"), 2),)})


@pytest.mark.parametrize(
    "entry, column, words",
    [
        ("  Lamp  at=B1  range=0", 22, "range='0' is not a whole number >= 1 (ruling X9)"),
        ("  Lamp  at=Q7", 12, "beacon 'Lamp' Q7"),
        ("  Lamp  range=2", 3, "beacon 'Lamp' needs at=LABEL (e.g. at=C4) (ruling X9)"),
        ("  Lamp  at=B1  colour=red", 16, "unknown beacon field 'colour' (known: at, range) (ruling X9)"),
        ("  Lamp  at=B1  at=C1", 16, "'Lamp' has at= twice"),
        ("  Lamp  Post  at=B1", 9, "expected 1 name then key=value fields, e.g. Lamp  at=B1  range=2"),
        ("  Lamp  at=", 9, "beacon field 'at=' is not key=value"),
    ],
)
def test_a_registered_reader_reports_line_and_column(beacons, entry, column, words):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(f"map:\n  0 0 1\nbeacons:\n{entry}\n", source="toy.hex")
    assert (err.value.source, err.value.line, err.value.column) == ("toy.hex", 4, column)
    assert words in str(err.value)


def test_an_unknown_section_lists_the_known_ones_registered_included(beacons):
    with pytest.raises(ScenarioError) as err:
        parse_scenario("map:\n  0\nbeakons:\n  Lamp at=A1\n", source="t.hex")
    assert (err.value.line, err.value.column) == (3, 1)
    assert str(err.value) == ("t.hex:3:1: unknown section 'beakons' (expected name, title, orientation, terrain, map, "
                              "units, garrisons, rules, pieces, squads, vehicles, paths, caption, draw, beacons)")


def test_without_the_topic_its_heading_is_unknown():
    assert "beacons" not in known_sections()
    with pytest.raises(ScenarioError, match=r"t.hex:3:1: unknown section 'beacons'"):
        parse_scenario("map:\n  0\nbeacons:\n  Lamp at=A1\n", source="t.hex")


def test_shipped_topics_are_registered_by_import_hexrules():
    # a fresh interpreter: `import hexrules` alone makes parse_scenario know Crush's sections,
    # without importing drawing, widgets, or Crush's rules module (loaded when a section is read)
    code = ("import sys, hexrules\n"
            "from hexrules.scenario import known_sections\n"
            "print('pieces' in known_sections(), 'matplotlib' in sys.modules, 'ipywidgets' in sys.modules,"
            " 'hexrules.crush' in sys.modules)\n"
            "hexrules.parse_scenario('map:\\n 0\\npieces:\\n R cover=1 hexes=A1\\n')\n"
            "print('hexrules.crush' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "False", "False", "False", "True"]


def test_registry_refuses_clashing_or_malformed_topics(beacons):
    noop = lambda *a: ()  # noqa: E731
    with pytest.raises(ScenarioError, match="'map' is a core section"):
        register_section(SectionReader("mine", ("map",), noop, noop))
    with pytest.raises(ScenarioError, match="heading 'pieces' already belongs to topic 'crush'"):
        register_section(SectionReader("mine", ("pieces",), noop, noop))
    with pytest.raises(ScenarioError, match="headings .* are not lower-case words"):
        SectionReader("mine", ("Pieces",), noop, noop)
    with pytest.raises(ScenarioError, match="write=None is not callable"):
        SectionReader("mine", ("mine",), noop, None)
    with pytest.raises(ScenarioError, match="key 'my key' is not a word"):
        SectionReader("my key", ("mine",), noop, noop)
    with pytest.raises(ScenarioError, match=r"no section topic 'mine' \(registered: rules, crush, diagram, beacons\)"):
        unregister_section("mine")
    assert list(section_readers()) == ["rules", "crush", "diagram", "beacons"]


def test_heading_line_content_only_for_inline_topics(beacons):
    with pytest.raises(ScenarioError) as err:
        parse_scenario("map:\n  0\nbeacons: Lamp at=A1\n")
    assert (err.value.line, err.value.column) == (3, 10) and "'beacons:' takes its entries on the following lines" in str(err.value)
    register_section(SectionReader("subtitle", ("subtitle",), lambda s, sc, rd: " ".join(t.value for t in s[0].tokens),
                                   lambda d, sc: [f"subtitle: {d}"], inline=True))
    try:
        sc = parse_scenario('map:\n  0\nsubtitle: "Knuckle Shield"  Push 2\n')
        assert sc.sections["subtitle"] == "Knuckle Shield Push 2"
        assert parse_scenario(sc.to_text()) == sc
    finally:
        unregister_section("subtitle")


def test_a_later_topic_sees_the_data_of_earlier_ones(beacons):
    parse_scenario("map:\n  0 0\npieces:\n  Ruin cover=1 hexes=A1\nbeacons:\n  Lamp at=B1\n")
    assert SEEN["scenario"].sections["crush"].pieces[0].name == "Ruin"


def test_scenarios_built_in_code_are_checked_by_the_topic(beacons):
    board = Board.rectangle(2, 1)
    assert Scenario(board, sections={"beacons": (("Lamp", board.hex("A1"), 1),)}).sections["beacons"][0][0] == "Lamp"
    with pytest.raises(BoardError, match="beacon 'Lamp' is off the board"):
        Scenario(board, sections={"beacons": (("Lamp", Hex(9, 9), 1),)})
    with pytest.raises(ScenarioError, match=r"section topic 'nope' is not registered \(registered: rules, crush, diagram, beacons\)"):
        Scenario(board, sections={"nope": 1})
    with pytest.raises(ScenarioError, match="sections 3 are not a mapping"):
        Scenario(board, sections=3)


def test_a_legacy_comment_prefix_is_an_error_at_its_column(beacons):
    with pytest.raises(ScenarioError) as err:
        parse_scenario("map:\n  0\n   #beacon Lamp A1\n# #beacon in a comment is fine\n#beaconed too\n")
    assert (err.value.line, err.value.column) == (3, 4) and "say 'beacons:'" in str(err.value)
    assert parse_scenario("map:\n  0\n# #beacon in a comment is fine\n#beaconed too\n").board == Board.from_text("map:\n 0\n")


def test_the_toy_topic_describes_itself_in_str(beacons):
    sc = parse_scenario(TOY)
    assert str(sc) == (
        "   A   B   C\n"
        "1 [0] [0] [1]\n"
        "A1  Gundam (federation): Advance 3, Dash 2\n"
        "B1  beacon Lamp, range 2\n"
        "C1  beacon Flare, range 1\n"
        "2 beacons"
    )


# --- tokens and entries -------------------------------------------------------------------------------


def test_tokens_keep_columns_quotes_and_stop_at_comments():
    assert tokens('  "Char\'s Zaku II"  side="zeon army"  at=B3 # side=x') == [
        Token(3, '"Char\'s Zaku II"'), Token(21, 'side="zeon army"'), Token(39, "at=B3")]
    assert Token(1, '"a b"').value == "a b" and Token(1, '"').value == '"'
    assert tokens("# only a comment") == [] and tokens('"a # b" c') == [Token(1, '"a # b"'), Token(9, "c")]


def test_quoted_values_with_spaces_round_trip():
    sc = Scenario(Board.rectangle(2, 1), State([Unit("Big Zaku", "Zeon army", from_label("A1"))]))
    text = sc.to_text()
    assert 'side="Zeon army"' in text
    assert parse_scenario(text) == sc


def test_units_and_garrisons_keep_their_order_through_text():
    # a Garrison listed before a unit: the text repeats headings instead of reordering (State order)
    board = Board.rectangle(3, 1)
    sc = Scenario(board, State([Unit("Post", "a", board.hex("A1"), garrison=True), Unit("G", "b", board.hex("B1")),
                                Unit("Fort", "a", board.hex("C1"), garrison=True)]))
    text = sc.to_text()
    assert text.count("garrisons:") == 2 and text.count("units:") == 1
    assert parse_scenario(text) == sc


# --- titles ---------------------------------------------------------------------------------------------


def test_title_is_read_written_and_is_the_heading():
    sc = parse_scenario("name: push_demo\ntitle: Zaku I's Knuckle Shield   # not a comment\nmap:\n 0\n")
    assert sc.title == "Zaku I's Knuckle Shield   # not a comment"  # like name:, the whole line
    assert sc.heading == sc.title and sc.name == "push_demo"
    assert parse_scenario(sc.to_text()) == sc
    assert "title: Zaku I's Knuckle Shield   # not a comment\n" in sc.to_text()
    untitled = parse_scenario("name: plain\nmap:\n 0\n")
    assert (untitled.title, untitled.heading) == ("", "plain") and "title:" not in untitled.to_text()
    assert parse_scenario("map:\n 0\n").heading == ""


def test_title_must_be_one_line():
    with pytest.raises(ScenarioError, match=r"scenario title 'a\\nb' is not one line"):
        Scenario(Board.rectangle(1, 1), title="a\nb")
    with pytest.raises(ScenarioError, match="scenario name 3 is not one line"):
        Scenario(Board.rectangle(1, 1), name=3)


def test_every_shipped_scenario_has_a_title():
    for name in scenario_names():
        sc = builtin(name)
        assert sc.title and sc.heading == sc.title, name
        # a Push or Pull title names the situation, the explorer names the N
        assert not sc.title.lower().startswith(("push", "pull", "crush")), name


# --- round trips and faces ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", scenario_names())
def test_every_shipped_scenario_round_trips_and_pastes_back(name):
    sc = builtin(name)
    assert parse_scenario(sc.to_text()) == sc
    assert parse_scenario(sc.to_text()).to_text() == sc.to_text()
    assert eval(repr(sc), {"Scenario": Scenario}) == sc
    assert repr(sc).startswith("Scenario.from_text('''\\\n")
    picture = str(sc)
    assert picture.splitlines()[0] == sc.title
    for u in sc.state:
        assert f"{sc.board.label(u.hex)}  {u.name} ({u.side}): " in picture


def test_str_is_a_picture_of_the_map_and_the_units():
    sc = parse_scenario(
        "title: Jumping\n"
        "map:\n  0 0 0\n   1~ 2 X\n  0 - 0\n"
        "units:\n  \"Char's Zaku II\" side=zeon at=A2 advance=3 dash=2 speed=1 hp=5 damage=2\n"
        "garrisons:\n  Post side=federation at=C3\n"
    )
    assert str(sc) == (
        "Jumping\n"
        "   A    B    C\n"
        "1  0    0    0\n"
        "2   [1~]  2    0X\n"  # odd rows half a hex to the right (odd-r); X is impassable at height 0
        "3  0    -   [0]\n"
        "A2  Char's Zaku II (zeon): Advance 3, Dash 2, Speed 1, HP 5, damage 2\n"
        "C3  Post (federation): Garrison"
    )


def test_faces_of_a_board_without_labels():
    # hexes at negative offset coordinates have no map rows, hence no text form: repr falls back
    # to the constructor; str names them by their labels ("-A1": the column before A)
    board = Board({Hex(-1, 0): (0, "open"), Hex(0, 0): (1, "open")})
    sc = Scenario(board, State([Unit("G", "a", Hex(-1, 0))]), "odd", title="Odd")
    assert eval(repr(sc), {"Scenario": Scenario, "Board": Board, "State": State, "Unit": Unit, "Hex": Hex}) == sc
    assert str(sc).splitlines()[-1] == "-A1  G (a): Advance 3, Dash 2"


def test_repr_of_awkward_text_still_pastes_back():
    sc = Scenario(Board.rectangle(1, 1), name="back\\slash '''quotes'''")
    assert eval(repr(sc), {"Scenario": Scenario}) == sc


def test_pictures_in_jupyter():
    png = builtin("jumping")._repr_png_()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


# --- the old import paths ---------------------------------------------------------------------------------


def test_scenario_names_import_from_hexrules_and_boards_text_faces_use_the_scenario_format():
    import hexrules.board as board
    import hexrules.scenario as scenario

    for name in ("Scenario", "parse_scenario", "load_scenario", "builtin"):
        assert getattr(hexrules, name) is getattr(scenario, name)
    for name in board.__all__:  # what `from hexrules.board import *` gives
        assert getattr(board, name) is not None
    # the board module knows no scenario module: its text faces are the registered format's
    assert not hasattr(board, "Scenario") and not hasattr(board, "scenario")
    b = Board.rectangle(2, 1, name="Strip")
    assert Board.from_text(b.to_text()) == b
    assert repr(b) == scenario.source_repr("Board.from_text", b.to_text()) and str(b) == scenario.map_text(b)


def test_core_sections_and_the_error_family():
    assert CORE_SECTIONS == ("name", "title", "orientation", "terrain", "map", "units", "garrisons")
    assert isinstance(Section("x", 1, 1), Section) and Line(1, (Token(1, "a"),), "a").indent == 1
    with pytest.raises(StateError, match="impassable"):
        Scenario(Board.from_text("map:\n 0 X\n"), State([Unit("G", "a", from_label("B1"))]))
