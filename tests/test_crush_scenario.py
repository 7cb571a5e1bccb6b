"""Crush's scenario sections (RULES.md C1-C4): every field, every error with its line and column,
round trips, the old '#crush' lines, and the CrushScenario view. Columns are counted by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexrules.board import Board
from hexrules.crush import Model, Squad, TerrainPiece, Vehicle
from hexrules.crush_scenario import (
    KEY,
    CrushData,
    CrushScenario,
    board_tokens,
    convert_crush_lines,
    load_crush,
    parse_crush_scenario,
)
from hexrules.errors import BoardError, RuleError, ScenarioError, StateError
from hexrules.hexgrid import Hex, from_label
from hexrules.scenario import Scenario, parse_scenario

H = from_label  # 4 x 2 board below: A1..D1 on row 1, A2..D2 on row 2 (odd-r: row 2 half a hex right)

TEXT = """\
map:
  0 0 0 0
   0 0 0 0
pieces:
  Ruin  cover=2  hexes=B1,C1  collapsible=no  collapsed=yes
  "Old tower"  cover=0  hexes=D2
squads:
  "Blue team"  side=blue  resolve=5
    b1  at=B1  wounds=3  damage=1
    b2  at=B1
  Lone  resolve=12
    l1  at=A2
vehicles:
  Tank  side=red  at=A1  shield=4  resolve=3  hp=6  minor=1  major=2
squads:
  Late  resolve=1
    z  at=D1
paths:
  Tank  A1 B1 C1 D1
"""


def test_every_field_is_read():
    sc = parse_crush_scenario(TEXT)
    ruin, tower = sc.pieces
    assert ruin == TerrainPiece("Ruin", (H("B1"), H("C1")), cover=2, collapsible=False, collapsed=True)
    assert tower == TerrainPiece("Old tower", (H("D2"),), cover=0)
    # units keep their file order across the sections (the second squads: comes after the vehicle)
    assert [u.name for u in sc.units] == ["Blue team", "Lone", "Tank", "Late"]
    blue = sc.unit("Blue team")
    assert (blue.side, blue.resolve) == ("blue", 5)
    # two models on one hex; wounds 1 and damage 0 by default
    assert blue.models == (Model("b1", H("B1"), wounds=3, damage=1), Model("b2", H("B1"), wounds=1, damage=0))
    assert sc.unit("Lone") == Squad("Lone", (Model("l1", H("A2")),), resolve=12, side="")
    assert sc.unit("Tank") == Vehicle("Tank", H("A1"), shield=4, resolve=3, hp=6, side="red", minor=1, major=2)
    assert dict(sc.paths) == {"Tank": (H("A1"), H("B1"), H("C1"), H("D1"))}
    # the data is the scenario's "crush" section
    assert isinstance(sc.scenario, Scenario) and sc.scenario.sections[KEY] == sc.data
    assert parse_scenario(TEXT).sections[KEY] == sc.data


def test_written_back_in_the_same_sections():
    sc = parse_crush_scenario(TEXT)
    assert sc.to_text().split("map:\n")[1].split("pieces:\n", 1)[1] == """\
    Ruin  cover=2  hexes=B1,C1  collapsible=no  collapsed=yes
    "Old tower"  cover=0  hexes=D2
squads:
    "Blue team"  side=blue  resolve=5
        b1  at=B1  wounds=3  damage=1
        b2  at=B1  wounds=1
    Lone  resolve=12
        l1  at=A2  wounds=1
vehicles:
    Tank  side=red  at=A1  shield=4  resolve=3  hp=6  minor=1  major=2
squads:
    Late  resolve=1
        z  at=D1  wounds=1
paths:
    Tank  A1 B1 C1 D1
"""
    again = parse_crush_scenario(sc.to_text())
    assert again == sc and again.to_text() == sc.to_text()


def test_paths_may_come_before_their_vehicle_and_sections_may_repeat():
    sc = parse_crush_scenario("map:\n  0 0\npaths:\n  V  A1 B1\nvehicles:\n  V at=A1 shield=4 resolve=2 hp=3\n"
                              "pieces:\n  P cover=1 hexes=A1\npieces:\n  Q cover=1 hexes=B1\n")
    assert [p.name for p in sc.pieces] == ["P", "Q"] and sc.paths["V"] == (H("A1"), H("B1"))


BASE = "map:\n  0 0 0 0\n   0 0 0 0\n"  # lines 1-3: the section heading is line 4, its first entry line 5
PV = "vehicles:\n  V  at=A1  shield=4  resolve=2  hp=3\nsquads:\n  S  resolve=4\n    s1  at=B2\npaths:\n"  # lines 4-9

ERRORS = {
    # pieces (C1)
    "cover not a number": ("pieces:\n  Ruin  cover=x  hexes=A1", 5, 15, "C1", "cover='x' is not a whole number >= 0"),
    "no cover": ("pieces:\n  Ruin  hexes=A1", 5, 3, "C1", "piece 'Ruin' needs cover=N"),
    "no hexes": ("pieces:\n  Ruin  cover=2", 5, 3, "C1", "piece 'Ruin' needs hexes=LABEL,LABEL,..."),
    "piece hex off the board": ("pieces:\n  Ruin  cover=2  hexes=A1,E1", 5, 27, "C1", "piece 'Ruin' hex E1"),
    "empty hex list": ("pieces:\n  Ruin cover=1 hexes=,", 5, 22, "C1", "hexes=',' names no hex"),
    "unknown piece field": ("pieces:\n  Ruin  cover=2  hexes=A1  colour=red", 5, 28, "C1",
                            "unknown piece field 'colour' (known: cover, hexes, collapsible, collapsed)"),
    "collapsible not yes/no": ("pieces:\n  Ruin  cover=2  hexes=A1  collapsible=maybe", 5, 40, "C1",
                               "collapsible='maybe' is not yes or no"),
    "two names": ("pieces:\n  Ruin  Tower  cover=2  hexes=A1", 5, 9, "C1", "piece 'Ruin': expected 1 name"),
    "two pieces of a name": ("pieces:\n  Ruin cover=1 hexes=A1\n  Ruin cover=2 hexes=B1", 6, 3, "C1",
                             "two pieces are named 'Ruin' (the first on line 5)"),
    "entries on the heading line": ("pieces: Ruin cover=1 hexes=A1", 4, 9, None,
                                    "'pieces:' takes its entries on the following lines"),
    # squads and their models (C2 where they stand, C3 the rest)
    "resolve 13": ("squads:\n  S  resolve=13\n    m  at=A1", 5, 14, "C3", "resolve='13' is not a whole number from 1 to 12"),
    "no resolve": ("squads:\n  S  side=blue\n    m  at=A1", 5, 3, "C3", "squad 'S' needs resolve=N"),
    "squad without models": ("squads:\n  S  resolve=4\n  T  resolve=4\n    t  at=A1", 5, 3, "C3", "squad 'S' has no models"),
    "model without at": ("squads:\n  S  resolve=4\n    m  wounds=2", 6, 5, "C2", "model 'm' needs at=LABEL"),
    "model off the board": ("squads:\n  S  resolve=4\n    m  at=Z1", 6, 11, "C2", "model 'm' position Z1"),
    "wounds 0": ("squads:\n  S  resolve=4\n    m  at=A1  wounds=0", 6, 22, "C3", "wounds='0' is not a whole number >= 1"),
    "damage over wounds": ("squads:\n  S  resolve=4\n    m  at=A1  wounds=2  damage=3", 6, 32, "C3",
                           "damage='3' is not a whole number from 0 to 2"),
    "two models of a name": ("squads:\n  S  resolve=4\n    m  at=A1\n    m  at=B1", 7, 5, "C3",
                             "squad 'S' has two models named 'm' (the first on line 6)"),
    "indented less than the squads": ("squads:\n    S  resolve=4\n      m  at=A1\n  x  at=A1", 7, 3, "C3",
                                      "indented less than the squads above it"),
    "unknown model field": ("squads:\n  S  resolve=4\n    m  at=A1  hp=3", 6, 15, "C3",
                            "unknown model field 'hp' (known: at, wounds, damage)"),
    # vehicles (C4)
    "shield 0": ("vehicles:\n  V  at=A1  shield=0  resolve=2  hp=3", 5, 20, "C4", "shield='0' is not a whole number from 1 to 12"),
    "vehicle resolve 13": ("vehicles:\n  V  at=A1  shield=4  resolve=13  hp=3", 5, 31, "C4",
                           "resolve='13' is not a whole number from 1 to 12"),
    "no hp": ("vehicles:\n  V  at=A1  shield=4  resolve=2", 5, 3, "C4", "vehicle 'V' needs hp=N"),
    "vehicle off the board": ("vehicles:\n  V  at=E9  shield=4  resolve=2  hp=3", 5, 9, "C4", "vehicle 'V' position E9"),
    "minor negative": ("vehicles:\n  V  at=A1  shield=4  resolve=2  hp=3  minor=-1", 5, 46, "C4",
                       "minor='-1' is not a whole number >= 0"),
    # names are unique among squads and vehicles (C2)
    "a squad and a vehicle of a name": ("squads:\n  X  resolve=4\n    m  at=A1\nvehicles:\n  X  at=B1  shield=4  resolve=2  hp=3",
                                        8, 3, "C2", "two units are named 'X' (the first on line 5)"),
    # paths (C1)
    "path of no vehicle": (PV + "  W  A1 B1", 10, 3, "C1", "path for 'W': no vehicle 'W' (vehicles: V)"),
    "path of a squad": (PV + "  S  B2 C2", 10, 3, "C1", "path for 'S': 'S' is a squad: only a vehicle has a path"),
    "path not from the vehicle's hex": (PV + "  V  B1 C1", 10, 6, "C1", "the path of 'V' starts on B1, not on A1 where it stands"),
    "path skips a hex": (PV + "  V  A1 C1", 10, 9, "C1", "the path of 'V' steps from A1 to C1, which are not neighbours"),
    "path off the board": (PV + "  V  A1 Z1", 10, 9, "C1", "path hex Z1"),
    "path without hexes": (PV + "  V", 10, 3, "C1", "the path of 'V' needs the hexes it drives through, starting on its own hex A1"),
    "two paths": (PV + "  V  A1 B1\n  V  A1 A2", 11, 3, "C1", "a second path for 'V' (the first on line 10)"),
    "a field in a path": (PV + "  V  A1  speed=2", 10, 10, "C1", "unknown path field 'speed' (known: none)"),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_errors_name_file_line_column_and_ruling(case):
    text, line, column, ruling, words = ERRORS[case]
    with pytest.raises(ScenarioError) as err:
        parse_crush_scenario(BASE + text + "\n", source="crush.hex")
    e = err.value
    assert (e.source, e.line, e.column, e.ruling) == ("crush.hex", line, column, ruling)
    assert words in str(e) and str(e).startswith(f"crush.hex:{line}:{column}: ")


# --- the old '#crush' lines -----------------------------------------------------------------------------

OLD = {
    "#crush piece   \"Hab block\"  cover=3  hexes=D2,E2": ("'pieces:' section, as '\"Hab block\"  cover=3  hexes=D2,E2'", 1),
    "#crush squad   Rangers  side=defenders  resolve=4": (
        "'squads:' section, its models indented below it, as 'Rangers  side=defenders  resolve=4'", 1),
    "    #crush model   Rangers  R1  at=D2  wounds=1": (
        "'squads:' section, indented under its squad Rangers, as 'R1  at=D2  wounds=1'", 5),
    "#crush vehicle Grinder  side=attackers  shield=5 resolve=2 hp=8 at=A3": (
        "'vehicles:' section, as 'Grinder  side=attackers  shield=5  resolve=2  hp=8  at=A3'", 1),
    "#crush path    Grinder  A3 B3 C3": ("'paths:' section, as 'Grinder  A3  B3  C3'", 1),
}


@pytest.mark.parametrize("line", sorted(OLD))
def test_an_old_crush_line_says_how_to_convert_it(line):
    words, column = OLD[line]
    for parse in (parse_scenario, parse_crush_scenario):  # a plain scenario read no longer skips it
        with pytest.raises(ScenarioError) as err:
            parse(f"map:\n  0 0\n{line}\n", source="old.hex")
        assert (err.value.line, err.value.column) == (3, column)
        message = str(err.value)
        assert message.startswith(f"old.hex:3:{column}: '#crush ") and "is the old Crush format" in message
        assert words in message and "hexrules.crush_scenario.convert_crush_lines(text) converts a whole file" in message


def test_unknown_or_empty_old_lines_and_mere_comments():
    with pytest.raises(ScenarioError, match=r"demo:3:1: an empty #crush line: '#crush' lines are the old Crush format"):
        parse_scenario("map:\n 0\n#crush\n", source="demo")
    with pytest.raises(ScenarioError, match=r"demo:3:1: unknown #crush entry 'tree'.*pieces:, squads:, vehicles:, paths:"):
        parse_scenario("map:\n 0\n#crush tree x\n", source="demo")
    # a comment that only mentions #crush, or a word that starts with it, is a comment
    assert parse_scenario("# about #crush lines\n#crushed\nmap:\n 0\n").sections == {}


# The shipped file as it was, with '#crush' lines (hexrules 0.1).
OLD_HAB_BLOCK = """\
# Crush (VoidSiege, RULES.md C1-C4): the tank Grinder drives along row 3.
name: Crush: Grinder through the hab block
terrain: ruin symbol=R cost=0
map:
    0  0  0  0  0  0  0  0
     0  0  0  0R 0R 0  0  0
    0  0  0  0R 0R 0  0  0
     0  0  0  0R 0  0  0  0
    0  0  0  0  0  0  0  0
#crush piece   "Hab block"  cover=3  hexes=D2,E2,D3,E3,D4
#crush squad   Rangers  side=defenders  resolve=4
#crush model   Rangers  R1  at=D2  wounds=1
#crush model   Rangers  R2  at=E2  wounds=2
#crush model   Rangers  R3  at=F1  wounds=1
#crush squad   Scouts   side=defenders  resolve=3
#crush model   Scouts   S1  at=C2  wounds=1
#crush model   Scouts   S2  at=F2  wounds=1
#crush vehicle Sentinel side=defenders shield=4 resolve=2 hp=3 at=D4
#crush vehicle Grinder  side=attackers  shield=5 resolve=2 hp=8 at=A3
#crush path    Grinder  A3 B3 C3 D3 E3 F3 G3
"""


def test_converting_the_old_file_gives_the_shipped_scenario():
    converted = convert_crush_lines(OLD_HAB_BLOCK)
    assert "#crush" not in converted and converted.startswith("# Crush (VoidSiege")
    sc = parse_crush_scenario(converted)
    shipped = load_crush("crush_hab_block")
    assert sc.data == shipped.data and sc.board == shipped.board and sc.name == shipped.name
    assert shipped.title == "Grinder through the hab block" and sc.title == ""  # a title is the designer's to add


def test_converting_refuses_what_it_cannot_convert():
    with pytest.raises(ScenarioError, match=r"<text>:3:14: #crush model 'R1': no '#crush squad Rangers' above it \(ruling C3\)"):
        convert_crush_lines("map:\n 0\n#crush model Rangers R1 at=A1\n")
    with pytest.raises(ScenarioError, match=r"f:1:3: unknown #crush entry 'wall'"):
        convert_crush_lines("  #crush wall A1\n", source="f")


def test_the_shipped_file_has_no_old_lines():
    from importlib.resources import files

    text = (files("hexrules.scenarios") / "crush_hab_block.hex").read_text(encoding="utf-8")
    assert not [ln for ln in text.splitlines() if ln.lstrip().startswith("#crush")]


# --- the view, its faces, and data built in code --------------------------------------------------------


def test_the_view_of_the_shipped_scenario():
    sc = load_crush("crush_hab_block")
    assert sc.heading == "Grinder through the hab block" and sc.name == "Crush: Grinder through the hab block"
    assert parse_crush_scenario(sc.to_text()) == sc
    assert eval(repr(sc), {"CrushScenario": CrushScenario}) == sc
    assert repr(sc).startswith("CrushScenario.from_text('''\\\nname: Crush: Grinder through the hab block\n")
    assert str(sc) == """\
Grinder through the hab block
   A    B    C    D    E    F    G    H
1  0    0    0    0    0   [0]   0    0
2    0    0   [0]  [0R] [0R] [0]   0    0
3 [0]   0    0    0R   0R   0    0    0
4    0    0    0   [0R]  0    0    0    0
5  0    0    0    0    0    0    0    0
D2  R1 of Rangers (defenders): 1 wound, Resolve 4
E2  R2 of Rangers (defenders): 2 wounds, Resolve 4
F1  R3 of Rangers (defenders): 1 wound, Resolve 4
C2  S1 of Scouts (defenders): 1 wound, Resolve 3
F2  S2 of Scouts (defenders): 1 wound, Resolve 3
D4  Sentinel (defenders): vehicle, Shield 4, Resolve 2, HP 3
A3  Grinder (attackers): vehicle, Shield 5, Resolve 2, HP 8
piece Hab block: Cover 3, on D2 E2 D3 E3 D4
path of Grinder: A3 B3 C3 D3 E3 F3 G3"""


def test_picture_in_jupyter():
    assert load_crush()._repr_png_().startswith(b"\x89PNG\r\n\x1a\n")


BOARD = Board.rectangle(3, 2)
PIECE = TerrainPiece("Ruin", (H("B1"),), cover=2)
TANK = Vehicle("Tank", H("A1"), shield=4, resolve=2, hp=5)
SQUAD = Squad("S", (Model("m", H("B1")),), resolve=4)


def test_a_crush_scenario_built_in_code():
    sc = CrushScenario(Scenario(BOARD, name="built"), pieces=[PIECE], units=[SQUAD, TANK], paths={"Tank": [H("A1"), H("B1"), H("C1")]})
    assert sc.paths["Tank"] == (H("A1"), H("B1"), H("C1")) and sc.units == (SQUAD, TANK)
    assert parse_crush_scenario(sc.to_text()) == sc
    r = sc.crush(rolls={"S": [4, 3]})  # Cover 2 -> 2 dice against Resolve 4: one hit (C2, C3)
    assert r.resolution("S").damage == 1
    # an empty Crush section still reads back present
    empty = CrushScenario(Scenario(BOARD), pieces=[])
    assert KEY in empty.scenario.sections and parse_crush_scenario(empty.to_text()) == empty
    assert CrushScenario(Scenario(BOARD)).data == CrushData() and KEY not in CrushScenario(Scenario(BOARD)).scenario.sections


@pytest.mark.parametrize(
    "make, error, match",
    [
        (lambda: CrushData(pieces=[PIECE, PIECE]), RuleError, r"two pieces are named 'Ruin' \(ruling C1\)"),
        (lambda: CrushData(pieces="Ruin"), RuleError, r"pieces 'Ruin' are not a list of TerrainPiece \(ruling C1\)"),
        (lambda: CrushData(units=[TANK, TANK]), StateError, r"two units are named 'Tank' \(ruling C2\)"),
        (lambda: CrushData(units=[PIECE]), StateError, r"not a list of Squad and Vehicle \(ruling C2\)"),
        (lambda: CrushData(units=[SQUAD], paths={"S": [H("B1")]}), StateError, r"path for 'S': no vehicle of that name"),
        (lambda: CrushData(units=[TANK], paths={"Tank": []}), RuleError, r"path of 'Tank': \[\] is not a non-empty list of Hex"),
        (lambda: CrushData(paths=[]), RuleError, r"paths \[\] are not a mapping"),
        (lambda: Scenario(BOARD, sections={KEY: CrushData(pieces=[PIECE.replace(hexes=(Hex(7, 7),))])}), BoardError,
         r"terrain piece 'Ruin' is on hex K8 \(7,7\), which is not on the board: its columns run A to C, its rows 1 to 2 "
         r"\(ruling C1\)"),
        (lambda: Scenario(BOARD, sections={KEY: CrushData(units=[TANK.replace(hex=Hex(7, 7))])}), BoardError,
         r"vehicle 'Tank' is on hex .* \(ruling C4\)"),
        (lambda: Scenario(BOARD, sections={KEY: CrushData(units=[SQUAD.replace(models=(Model("m", Hex(7, 7)),))])}),
         BoardError, r"model 'm' of 'S' is on hex .* \(ruling C2\)"),
        (lambda: Scenario(BOARD, sections={KEY: CrushData(units=[TANK], paths={"Tank": [H("B1")]})}), RuleError,
         r"the path of 'Tank' starts on B1, not on A1 where it stands \(ruling C1\)"),
        (lambda: Scenario(BOARD, sections={KEY: CrushData(units=[TANK], paths={"Tank": [H("A1"), H("C1")]})}), RuleError,
         r"steps from A1 to C1, which are not neighbours \(ruling C1\)"),
        (lambda: Scenario(BOARD, sections={KEY: "data"}), StateError, r"holds 'data', not a CrushData"),
        (lambda: CrushScenario(BOARD), ScenarioError, r"is not a hexrules.scenario.Scenario"),
    ],
)
def test_data_built_in_code_is_checked(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_board_tokens_one_per_hex():
    # two models on B1: one token (the first listed); the vehicle is a Garrison-shaped token
    two = Squad("S", (Model("a", H("B1")), Model("b", H("B1")), Model("c", H("C1"), damage=1, wounds=2)), resolve=4, side="blue")
    tokens = board_tokens([two, TANK.replace(major=1)])
    assert [(u.name, u.side, u.hex, u.garrison, u.damage) for u in tokens] == [
        ("S/a", "blue", H("B1"), False, 0), ("S/c", "blue", H("C1"), False, 1), ("Tank", "Tank", H("A1"), True, 1)]


# --- round trip of random Crush data ---------------------------------------------------------------------

NAMES = ["R1", "Hab block", "tank:2", "x=y", "Zaku's", "a,b", "#3", "Blue team"]


@st.composite
def crush_scenarios(draw):
    cols, rows = draw(st.integers(2, 5)), draw(st.integers(1, 4))
    board = Board.rectangle(cols, rows)
    hexes = st.sampled_from(board.hexes)
    names = iter(draw(st.permutations(NAMES)) + [f"u{i}" for i in range(20)])
    pieces = [TerrainPiece(next(names), draw(st.lists(hexes, min_size=1, max_size=3, unique=True)), draw(st.integers(0, 6)),
                           draw(st.booleans()), draw(st.booleans())) for _ in range(draw(st.integers(0, 2)))]
    units, paths = [], {}
    for _ in range(draw(st.integers(0, 4))):
        side = draw(st.sampled_from(["", "red", "blue army"]))
        if draw(st.booleans()):
            v = Vehicle(next(names), draw(hexes), draw(st.integers(1, 12)), draw(st.integers(1, 12)), draw(st.integers(0, 9)),
                        side, draw(st.integers(0, 3)), draw(st.integers(0, 3)))
            units.append(v)
            if draw(st.booleans()):
                path = [v.hex]
                for _ in range(draw(st.integers(0, 4))):
                    path.append(draw(st.sampled_from([h for h in path[-1].neighbors() if h in board])))
                paths[v.name] = path
        else:
            models = []
            for _ in range(draw(st.integers(1, 3))):
                wounds = draw(st.integers(1, 4))
                models.append(Model(next(names), draw(hexes), wounds, draw(st.integers(0, wounds))))
            units.append(Squad(next(names), models, draw(st.integers(1, 12)), side))
    return CrushScenario(Scenario(board, name="random", title="Random Crush"), pieces=pieces, units=units, paths=paths)


@settings(max_examples=60, deadline=None)
@given(crush_scenarios())
def test_random_crush_data_round_trips(sc):
    again = parse_crush_scenario(sc.to_text(), source="random.hex")
    assert again == sc
    assert again.to_text() == sc.to_text()


def test_the_documented_examples_parse():
    import hexrules.crush_scenario as module
    import hexrules.scenario as scenario

    crush_example = module.__doc__.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    sc = parse_crush_scenario(crush_example, source="crush_scenario docstring")
    assert sc.piece().hexes == (H("C2"), H("D2"), H("C3")) and sc.crush(seed=0).affected == ("Rangers",)
    core_example = scenario.__doc__.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    assert parse_scenario(core_example).heading == "Char's Zaku II jumps from a hill"
