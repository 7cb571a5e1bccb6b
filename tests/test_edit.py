"""The editing model (hexrules.edit): every operation returns a new scenario or refuses with the
rule (T1, M3, M1, a duplicate name) and changes nothing; rows and columns keep every hex's
neighbours; undo and redo go back and forth over at least 50 steps."""

from __future__ import annotations

import pytest

from hexrules import builtin
from hexrules.crush_scenario import load_crush
from hexrules.edit import (History, add_line, add_terrain, blank, clear_hex, lower_hex, move_unit, paint, place,
                           raise_hex, remove_line, remove_unit, set_elevation, set_title, size, update_unit)
from hexrules.errors import EditError
from hexrules.hexgrid import FLAT, Hex
from hexrules.movement import engaged_pairs, reachable
from hexrules.scenario import parse_scenario


@pytest.fixture
def sc():
    s = blank(4, 3)
    s = place(s, "Scout", "blue", "B2", advance=4)
    return place(s, "Raider", "red", "C2")


def test_blank_is_an_open_ground_board_of_that_size():
    s = blank(12, 10)
    assert len(s.board) == 120 and size(s) == (12, 10) and not len(s.state)
    assert {s.board.elevation(h) for h in s.board} == {0} and {s.board.terrain(h).name for h in s.board} == {"open"}
    assert size(blank(3, 2, orientation=FLAT)) == (3, 2)


@pytest.mark.parametrize("args", [(0, 3), (3, 61), (2.5, 3), (True, 2)])
def test_blank_refuses_a_bad_size(args):
    with pytest.raises(EditError, match="is not a whole number from 1 to 60"):
        blank(*args)


def test_cell_operations_return_a_new_scenario_and_leave_the_old_one(sc):
    up = raise_hex(sc, "A1")
    assert up.board.elevation("A1") == 1 and sc.board.elevation("A1") == 0
    assert set_elevation(up, ["A1", "D3"], 3).board.elevation("D3") == 3
    assert lower_hex(up, "A1").board.elevation("A1") == 0
    assert raise_hex(sc, "A1", by=2).board.elevation("A1") == 2
    wet = paint(sc, ["A1", "A2", "A1"], "water")
    assert [wet.board.terrain(h).name for h in ("A1", "A2", "A3")] == ["water", "water", "open"]
    # the graph is rebuilt: the step A1 -> B1 climbs one level (M1)
    assert up.board.graph.edges[up.board.hex("B1"), up.board.hex("A1")]["climb"] == 1


def test_a_unit_on_a_raised_hex_stays_there(sc):
    assert raise_hex(sc, "B2").state.unit("Scout").hex == sc.board.hex("B2")


@pytest.mark.parametrize("op, args, ruling, match", [
    (lower_hex, ("A1",), "M1", "cannot be lowered below ground level"),
    (set_elevation, ("A1", -1), "M1", "elevation -1 is not a whole number"),
    (raise_hex, ("Z9",), None, "Z9"),
    (paint, ("A1", "lava"), "T1", "unknown terrain 'lava'"),
    (paint, ("B2", "impassable"), "T1", "holds unit 'Scout'"),
    (place, ("Other", "blue", "C2"), "M3", "C2 holds unit 'Raider': one unit per hex"),
    (place, ("Scout", "red", "A1"), None, "a unit named 'Scout' is already on the board"),
    (place, ("Other", "blue", "E9"), None, "E9"),
    (place, ("Other", "", "A1"), None, "side"),
    (place, ("Other", "blue", "A1"), None, None),  # a valid one, for contrast (below)
    (move_unit, ("Scout", "C2"), "M3", "holds unit 'Raider'"),
    (move_unit, ("Nobody", "A1"), None, "no unit named 'Nobody'"),
    (update_unit, ("Scout",), None, None),
    (remove_unit, ("Nobody",), None, "no unit named"),
    (clear_hex, ("A1",), None, "A1 holds no unit"),
    (add_terrain, ("mud", "~", 2), "T1", "symbol '~' is already the symbol of 'water'"),
])
def test_a_refused_operation_names_the_rule_and_changes_nothing(sc, op, args, ruling, match):
    text = sc.to_text()
    if match is None:
        op(sc, *args)  # accepted
        return
    with pytest.raises(EditError, match=match) as err:
        op(sc, *args)
    assert err.value.ruling == ruling
    assert sc.to_text() == text


def test_a_unit_onto_an_impassable_hex_is_refused_with_t1(sc):
    rock = paint(sc, "A1", "impassable")
    for op, args in ((place, ("Other", "blue", "A1")), (move_unit, ("Scout", "A1"))):
        with pytest.raises(EditError, match="A1 is impassable: no unit stands on an impassable hex") as err:
            op(rock, *args)
        assert err.value.ruling == "T1"


def test_units_are_placed_moved_changed_and_deleted(sc):
    g = place(sc, "Fort", "red", "D3", garrison=True)
    assert g.state.unit("Fort").garrison
    moved = move_unit(g, "Scout", "A1")
    assert moved.state.unit("Scout").hex == sc.board.hex("A1") and moved.state.at(sc.board.hex("B2")) is None
    assert move_unit(sc, "Scout", "B2") == sc  # onto its own hex: no change, no refusal
    changed = update_unit(sc, "Scout", advance=5, side="red", name="Scout II")
    u = changed.state.unit("Scout II")
    assert (u.advance, u.side, u.hex) == (5, "red", sc.board.hex("B2"))
    with pytest.raises(EditError, match="a unit named 'Raider' is already"):
        update_unit(sc, "Scout", name="Raider")
    with pytest.raises(EditError, match=r"unknown unit field\(s\) \['hex'\]"):
        update_unit(sc, "Scout", hex=Hex(0, 0))
    with pytest.raises(EditError, match="advance=-1") as err:
        update_unit(sc, "Scout", advance=-1)
    assert err.value.ruling == "M2"
    assert "Scout" not in remove_unit(sc, "Scout").state
    assert "Raider" not in clear_hex(sc, "C2").state


def test_a_designer_terrain_is_added_and_painted(sc):
    mud = add_terrain(sc, "mud", "m", 2)
    muddy = paint(mud, "A1", "mud")
    assert muddy.board.terrain("A1").cost == 2
    assert "terrain: mud symbol=m cost=2" in muddy.to_text()
    assert parse_scenario(muddy.to_text()) == muddy
    cheaper = add_terrain(muddy, "mud", "m", 1)  # the table is editable (T1)
    assert cheaper.board.terrain("A1").cost == 1
    occupied = paint(mud, "B2", "mud")
    with pytest.raises(EditError, match="cannot be made impassable") as err:
        add_terrain(occupied, "mud", "m", 0, passable=False)
    assert err.value.ruling == "T1"


def test_titles_are_one_line():
    assert set_title(blank(2, 2), "A hill", name="hill").heading == "A hill"
    with pytest.raises(EditError, match="one line"):
        set_title(blank(2, 2), "two\nlines")


def _neighbour_pairs(s):
    """Adjacent pairs of units and hex-level facts that do not depend on labels."""
    out = set()
    for u in s.state:
        for o in s.state:
            if u.name < o.name and u.hex.distance(o.hex) == 1:
                out.add((u.name, o.name))
    return out


@pytest.mark.parametrize("edge", ["top", "bottom", "left", "right"])
def test_adding_and_removing_a_line_keeps_every_hex_neighbours(edge):
    s = builtin("engagement")
    cols, rows = size(s)
    bigger = add_line(s, edge)
    n = 2 if edge == "top" else 1  # pointy-top, odd-r: rows at the top come in pairs
    assert size(bigger) == ((cols + n, rows) if edge in ("left", "right") else (cols, rows + n))
    assert len(bigger.board) == len(s.board) + n * (rows if edge in ("left", "right") else cols)
    # the same board: the same Engagements, the same reach shape, every elevation kept by position
    assert engaged_pairs(bigger.board, bigger.state) == engaged_pairs(s.board, s.state)
    assert _neighbour_pairs(bigger) == _neighbour_pairs(s)
    for u in s.state:
        if not u.garrison:
            assert len(reachable(bigger.board, bigger.state, u.name)) >= len(reachable(s.board, s.state, u.name))
    back = remove_line(bigger, edge)
    assert back == s and parse_scenario(back.to_text()) == back


def test_lines_at_the_left_of_a_flat_board_come_in_pairs():
    s = place(blank(3, 3, orientation=FLAT), "A", "a", "B2")
    assert size(add_line(s, "left")) == (5, 3) and size(add_line(s, "top")) == (3, 4)
    assert remove_line(add_line(s, "left"), "left") == s


def test_a_line_holding_a_unit_is_not_removed(sc):
    with pytest.raises(EditError, match="unit 'Raider' stands on C2, in the column to remove"):
        remove_line(remove_line(sc, "right"), "right")
    with pytest.raises(EditError, match="removing 1 at the bottom would leave none"):
        remove_line(blank(3, 1), "bottom")
    with pytest.raises(EditError, match="edge 'middle'"):
        add_line(sc, "middle")


def test_topic_sections_move_with_the_board():
    crush = load_crush("crush_hab_block").scenario
    moved = add_line(crush, "top")
    data, before = moved.sections["crush"], crush.sections["crush"]
    shift = moved.board.hex("A3") - crush.board.hex("A1")  # two rows down, same column
    assert [h - shift for h in data.pieces[0].hexes] == list(before.pieces[0].hexes)
    assert parse_scenario(moved.to_text()) == moved
    assert remove_line(moved, "top") == crush


def test_history_undoes_and_redoes_more_than_fifty_steps(sc):
    h = History(sc)
    for _ in range(60):
        h.do(raise_hex, "A1")
    assert h.scenario.board.elevation("A1") == 60
    for _ in range(60):
        h.undo()
    assert h.scenario == sc and not h.can_undo
    for _ in range(60):
        h.redo()
    assert h.scenario.board.elevation("A1") == 60 and not h.can_redo


def test_history_keeps_limit_steps_and_a_new_step_drops_the_redo_steps(sc):
    h = History(sc, limit=50)
    for _ in range(55):
        h.do(raise_hex, "A1")
    assert len(h.past) == 50
    h.undo()
    h.do(paint, "D1", "water")
    assert not h.can_redo and h.last().text(h.scenario.board) == "paint D1 water"


def test_a_refused_step_leaves_the_history_as_it_was(sc):
    h = History(sc)
    h.do(raise_hex, "A1")
    with pytest.raises(EditError):
        h.do(place, "X", "blue", "B2")
    assert len(h.past) == 1 and h.scenario.board.elevation("A1") == 1 and "X" not in h.scenario.state
    with pytest.raises(EditError, match="nothing to redo"):
        h.redo()
    h.undo()
    with pytest.raises(EditError, match="nothing to undo"):
        h.undo()


def test_a_step_that_changes_nothing_is_no_step(sc):
    h = History(sc)
    h.do(move_unit, "Scout", "B2")
    assert not h.can_undo


def test_history_refuses_a_short_limit(sc):
    with pytest.raises(EditError, match="limit=10"):
        History(sc, limit=10)
