"""The board graph and the scenario text format."""

import pytest
from hypothesis import given, settings, strategies as st

from hexrules import Board, Scenario, builtin, load_scenario, parse_scenario
from hexrules.board import DEFAULT_TERRAIN, TerrainType
from hexrules.scenario import scenario_names
from hexrules.errors import BoardError, ScenarioError, StateError
from hexrules.hexgrid import Hex, from_label
from hexrules.state import State, Unit

TEXT = """\
name: Demo
terrain: mud symbol=m cost=2
map:
    0  1  2m
     0~ X  -
units:
    "RX-78-2 Gundam"  side=federation  at=A1  advance=3  dash=2  speed=1
garrisons:
    "Zeon Garrison"  side=zeon  at=B1
"""


def test_graph_nodes_and_directed_edges():
    b = Board.from_text(TEXT)
    assert len(b) == 5  # '-' is no hex
    a1, b1, c1 = (from_label(x) for x in ("A1", "B1", "C1"))
    assert b.graph.nodes[c1] == {"elevation": 2, "terrain": "mud"}
    assert b.graph.edges[a1, b1] == {"climb": 1, "drop": 0, "cost": 2}  # M1: 1 + 1 level
    assert b.graph.edges[b1, a1] == {"climb": 0, "drop": 1, "cost": 1}  # descent is free
    assert b.graph.edges[b1, c1]["cost"] == 1 + 1 + 2  # mud costs 2 extra
    # impassable hexes have edges (Push collides with them) but no movement cost
    assert "cost" not in b.graph.edges[from_label("A2"), from_label("B2")]


def test_round_trip_text_board_text():
    sc = parse_scenario(TEXT)
    again = parse_scenario(sc.to_text())
    assert again == sc
    assert again.to_text() == sc.to_text()
    assert sc.state.unit("RX-78-2 Gundam").speed == 1
    assert sc.state.unit("Zeon Garrison").garrison


def test_load_scenario_names_the_file(tmp_path):
    p = tmp_path / "bad.hex"
    p.write_text("map:\n  0 0\n  0 Q\n")
    with pytest.raises(ScenarioError) as err:
        load_scenario(p)
    assert err.value.source == str(p) and (err.value.line, err.value.column) == (3, 5)
    assert "'Q'" in str(err.value)


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("map:\n  0 0 lava\n", 2, 7, "'lava'"),
        ("map:\n  0 0\nunits:\n  G side=a at=C9\n", 4, 15, "C9"),
        ("map:\n  0 X\nunits:\n  G side=a at=B1\n", 4, 15, "impassable"),
        ("map:\n  0 0\nunits:\n  G side=a at=A1\n  H side=b at=A1\n", 5, 15, "already held by 'G'"),
        ("map:\n  0 0\nunits:\n  G at=A1\n", 4, 3, "needs side"),
        ("map:\n  0 0\nunits:\n  G side=a at=A1 advance=-1\n", 4, 26, "advance"),
        ("map:\n  0 0\nunits:\n  G side=a at=A1 colour=red\n", 4, 18, "unknown unit field 'colour'"),
        ("terrain: mud cost=2\nmap:\n  0\n", 1, 10, "needs symbol"),
        ("hello\n", 1, 1, "outside any section"),
        ("size: 3\nmap:\n 0\n", 1, 1, "unknown section 'size'"),
        ("units:\n", 1, None, "no 'map:'"),
    ],
)
def test_malformed_text_reports_line_and_column(text, line, column, words):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, source="t.hex")
    assert err.value.line == line
    assert err.value.column == column
    assert words in str(err.value)
    assert str(err.value).startswith(f"t.hex:{line}")


def test_board_lookups_name_bad_values():
    b = Board.from_text(TEXT)
    with pytest.raises(BoardError, match="Z9"):
        b.elevation("Z9")
    with pytest.raises(BoardError, match="not a Hex"):
        b.hex(3.5)
    with pytest.raises(BoardError, match="unknown terrain 'lava'"):
        Board({Hex(0, 0): (0, "lava")})
    with pytest.raises(BoardError, match="elevation -1"):
        Board({Hex(0, 0): (-1, "open")})
    with pytest.raises(BoardError, match="symbol"):
        TerrainType("mud", "3")


def test_units_off_board_or_on_impassable_hexes_are_refused():
    b = Board.from_text("map:\n  0 X\n")
    with pytest.raises(StateError, match="not on the board"):
        Scenario(b, State([Unit("G", "a", Hex(5, 5))]))
    with pytest.raises(StateError, match="impassable"):
        Scenario(b, State([Unit("G", "a", from_label("B1"))]))


def test_terrain_table_is_editable():
    b = Board.from_text("map:\n  0 ~\n")
    assert b.graph.edges[from_label("A1"), from_label("B1")]["cost"] == 2
    deep = b.with_terrain(TerrainType("water", "~", 3))
    assert deep.graph.edges[from_label("A1"), from_label("B1")]["cost"] == 4
    assert b.terrain("B1") == DEFAULT_TERRAIN["water"]


def test_rectangle_and_builtin_scenarios():
    assert len(Board.rectangle(15, 12)) == 180
    assert {"elevation", "engagement", "engagement_lower", "jumping"} <= set(scenario_names())
    for name in scenario_names():
        sc = builtin(name)
        assert parse_scenario(sc.to_text()) == sc
    with pytest.raises(ScenarioError, match="no built-in scenario 'nope'"):
        builtin("nope")


cells = st.tuples(st.integers(0, 4), st.sampled_from(["open", "water", "impassable"]))


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_random_boards_round_trip(cols, rows, data):
    grid = {(c, r): data.draw(cells) for r in range(rows) for c in range(cols)}
    from hexrules.hexgrid import from_offset

    b = Board({from_offset(c, r): v for (c, r), v in grid.items()})
    assert Board.from_text(b.to_text()) == b


def test_repr_of_a_board_without_text_form():
    b = Board({Hex(-3, 0): (1, "open"), Hex(-2, 0): (0, "water")})
    assert eval(repr(b), {"Board": Board, "Hex": Hex}) == b
    assert "Hex(q=-3, r=0)" in str(b)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: Board({Hex(0, 0): 0}), "cell 0 is not"),
        (lambda: Board(None), "not a mapping"),
        (lambda: Board({}, terrain={"mud": 1}), "terrain table"),
        (lambda: Board({}, orientation="flat"), "orientation 'flat'"),
        (lambda: Board.rectangle("5", 3), "board size '5' x 3"),
        (lambda: Board.rectangle(2.5, 3), "board size 2.5 x 3"),
        (lambda: TerrainType("mud", 1), "symbol 1"),
        (lambda: TerrainType(5, "m"), "terrain name 5"),
        (lambda: TerrainType("mud", "m", 0, "no"), "passable='no'"),
        (lambda: Board.rectangle(2, 2).with_cells({Hex(0, 0): 5}), "cell 5"),
        (lambda: Board.rectangle(2, 2).with_terrain("mud"), "'mud' is not a TerrainType"),
        (lambda: Board.rectangle(2, 2).check_state(None), "None is not a State"),
    ],
)
def test_bad_board_input_is_named(call, words):
    with pytest.raises((BoardError, StateError), match=words):
        call()


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("map:\n  0 0 0\nunits:\n  A side=a at=A1\n  A side=b at=B1\n  C side=a at=C1\n", 5, 3,
         "two units are named 'A' (the first on line 4)"),
        ("terrain: mud symbol=~\nmap:\n  0\n", 1, 10, "symbol '~' is already 'water'"),
        ("map:\n  0 0\nunits:\n  A side=a at=A1 at=B1\n", 4, 18, "at= twice"),
    ],
)
def test_more_malformed_text(text, line, column, words):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert words in str(err.value)


def test_bad_sources_and_names():
    with pytest.raises(ScenarioError, match="source None"):
        parse_scenario("map:\n 0\n", source=None)
    with pytest.raises(ScenarioError, match="path None"):
        load_scenario(None)
    with pytest.raises(ScenarioError, match="no built-in scenario '../scenarios/jumping'"):
        builtin("../scenarios/jumping")


def test_label_and_hex_are_inverse_on_every_board():
    b = Board({h: (0, "open") for h in Hex(0, 0).spiral(2)})
    for h in b:
        assert b.hex(b.label(h)) == h
    # odd-r: offset column = q + (r - (r & 1)) // 2. Hex(-1, 0): column -1, row 0, the column
    # before A: "-A1"; Hex(1, -1): column 0, row -1, the row before 1: "A-1"; Hex(0, -1): both.
    assert b.label(Hex(-1, 0)) == "-A1" and b.label(Hex(0, 0)) == "A1"
    assert b.label(Hex(1, -1)) == "A-1" and b.label(Hex(0, -1)) == "-A-1"


def test_hex_name_is_the_label_with_axial_coordinates_and_the_only_one():
    """Board.hex_name (issue 32): the public name of what error messages call a hex; the private
    Board._name it replaces is gone."""
    from hexrules.errors import NotAHexError
    from hexrules.hexgrid import LABEL_LIMIT, LabelScheme

    b = Board.rectangle(3, 2)
    assert b.hex_name(Hex(1, 0)) == "B1 (1,0)"
    assert b.hex_name(Hex(LABEL_LIMIT, 0)) == f"({LABEL_LIMIT},0)"  # no label: the coordinates alone
    assert Board(b.cells(), labels=LabelScheme("axial")).hex_name(Hex(1, 0)) == "(1,0)"
    with pytest.raises(NotAHexError, match="'B1'"):
        b.hex_name("B1")
    assert not hasattr(b, "_name")
