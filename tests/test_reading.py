"""A scenario's reading of the rules: the ``rules:`` section (hexrules.reading).

Expected values come from RULES.md: T1 (water's extra cost: +1 to enter by default, ignored
under ``water=none``), P4 (a forced step off the board: stops by default, collides for 2
damage under ``push_off_board=collide``), P2 (collision damage), C1 (Cover reduction limit).
"""
from __future__ import annotations

import dataclasses
import html

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexrules import DEFAULT, RulesOptions, parse_scenario
from hexrules.checks import MAX_COVER
from hexrules.diagram import parse_diagram
from hexrules.errors import OptionsError, ScenarioError
from hexrules.hexgrid import from_label
from hexrules.options import CHOICES
from hexrules.reading import reading, with_reading

# one row: A1 plain, B1 water (+1 to enter, T1), C1 plain
ROW = """\
name: Shore
map:
  0 ~ 0
units:
  Zaku    side=zeon        at=A1
  Gundam  side=federation  at=B1
"""


def test_a_rules_section_reads_switches_on_its_heading_and_indented_lines():
    sc = parse_scenario(ROW + "rules: water=none\n    collision_damage=3  allies_pass_through=no\n", source="r.hex")
    assert reading(sc) == DEFAULT.replace(water="none", collision_damage=3, allies_pass_through=False)
    # written back: one line, the switches that differ from the default, in RulesOptions' order
    assert "rules: allies_pass_through=no  water=none  collision_damage=3\n" in sc.to_text()
    assert parse_scenario(sc.to_text()) == sc


def test_no_rules_section_is_the_kits_default_reading_and_writes_nothing():
    sc = parse_scenario(ROW)
    assert reading(sc) == DEFAULT and "rules" not in sc.to_text()
    assert with_reading(sc, DEFAULT) is sc and with_reading(sc, None) is sc
    # an empty rules: section is the default reading too, and reads back as it was written
    empty = parse_scenario(ROW + "rules:\n")
    assert reading(empty) == DEFAULT and parse_scenario(empty.to_text()) == empty
    # setting a reading, then the default again, leaves no section
    water = with_reading(sc, DEFAULT.replace(water="allowance"))
    assert reading(water).water == "allowance" and "rules: water=allowance" in water.to_text()
    assert reading(with_reading(water, None)) == DEFAULT and "rules" not in with_reading(water, None).to_text()


@pytest.mark.parametrize("line, column, words", [
    ("rules: water=lake", 14, "water='lake' is not one of enter_cost, allowance, none (ruling T1)"),
    ("rules: wind=strong", 8, "unknown rules field 'wind'"),
    ("rules: water", 8, "rules: 'water' is not switch=value"),
    ("rules: collision_damage=two", 25, "collision_damage='two' is not a whole number"),
    ("rules: crush_cover_reduction=101", 30, "crush_cover_reduction=101 is more than 100, the most the kit computes "
                                            "(hexrules.checks.MAX_COVER) (ruling C1)"),
    ("rules: allies_pass_through=maybe", 28, "allies_pass_through='maybe' is not yes or no (ruling M3)"),
    ("rules: water=none\nrules: water=allowance", 14, "rules: water= is given twice (first on line 7)"),
])
def test_a_bad_switch_is_refused_at_its_file_line_and_column(line, column, words):
    text = ROW + line + "\n"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, source="r.hex")
    last = len(text.splitlines())
    assert (err.value.source, err.value.line, err.value.column) == ("r.hex", last, column)
    assert words in str(err.value)


def test_with_reading_checks_its_arguments():
    with pytest.raises(OptionsError, match="not a RulesOptions"):
        with_reading(parse_scenario(ROW), {"water": "none"})
    with pytest.raises(ScenarioError, match="is not a hexrules Scenario"):
        reading("Shore")


def test_reach_and_push_explorers_start_from_the_scenarios_reading():
    from hexrules.widgets.forced import ForcedExplorer
    from hexrules.widgets.movement import CompareExplorer, ReachExplorer

    sc = parse_scenario(ROW + "rules: water=none  push_off_board=collide\n")
    alone = parse_scenario(ROW.replace("  Gundam  side=federation  at=B1\n", "") + "rules: water=none\n")
    # T1: entering B1 (water) costs 1 + 1 under the default, 1 when water's cost is ignored
    free = ReachExplorer(alone, unit="Zaku")
    default = ReachExplorer(alone, unit="Zaku", options=DEFAULT)
    assert free.base_options == DEFAULT.replace(water="none") and default.base_options == DEFAULT
    assert free.reach.costs[from_label("B1")] == 1 and default.reach.costs[from_label("B1")] == 2
    # P4: Push 2 from A1 on the Gundam: B1 -> C1 -> off the board; "collide" deals the collision
    # damage (P2: 2) where the default stops at the edge with none
    push = ForcedExplorer(sc, "push", source="A1", target="Gundam", n=2)
    edge = [b for b in push.move if b.attempted is not None and b.attempted not in sc.board]
    assert edge and all(sum(d.amount for d in b.damages) == 2 for b in edge)
    stop = ForcedExplorer(sc, "push", source="A1", target="Gundam", n=2, options=DEFAULT)
    assert all(not b.damages for b in stop.move)
    # two readings side by side: each side is the scenario's reading with the switch set
    cmp = CompareExplorer(sc, "allies_pass_through")
    assert [(o.water, o.allies_pass_through) for o in cmp.readings()] == [("none", True), ("none", False)]


def test_a_diagram_computes_with_its_scenarios_reading_and_its_own_rules_line_wins():
    base = ROW.replace("  Gundam  side=federation  at=B1\n", "")
    plain = parse_diagram(base + "draw:\n  reach Zaku\n", source="d.hex").computed()
    none = parse_diagram(base + "rules: water=none\ndraw:\n  reach Zaku\n", source="d.hex").computed()
    again = parse_diagram(base + "rules: water=none\ndraw:\n  rules water=enter_cost\n  reach Zaku\n",
                          source="d.hex").computed()
    b1 = from_label("B1")
    costs = [next(o for o in c.overlays if o.item.kind == "reach").result.costs[b1] for c in (plain, none, again)]
    assert costs == [2, 1, 2]  # T1: +1 to enter water; none under water=none; the draw line's reading wins


def test_the_board_editor_saves_the_reading_and_an_opened_board_sets_the_menus(tmp_path):
    from hexrules.widgets.edit import BoardEditor

    ed = BoardEditor(parse_scenario(ROW), folder=tmp_path)
    assert ed.options == DEFAULT and "rules" not in ed.text.value
    ed.controls["rule_water"].value = "none"
    assert "rules: water=none" in ed.text.value  # the text shows what Save writes
    ed.controls["file"].value = "shore.hex"
    path = ed.save()
    assert "rules: water=none" in path.read_text() and "with the reading: water=none (T1)" in html.unescape(ed.status.value)
    # a second editor opens it: its menus take the file's reading
    other = BoardEditor(folder=tmp_path)
    other.start_from("file: shore.hex")
    assert other.options == DEFAULT.replace(water="none") and other.controls["rule_water"].value == "none"
    assert "Reading: water=none (T1)." in html.unescape(other.status.value)  # as the file writes it
    # text applied without a rules: section is the default reading
    other.apply_text(ROW)
    assert other.options == DEFAULT and "rules" not in other.text.value
    # an editor started from a scenario with a reading starts with it; options= overrides it
    saved = parse_scenario(path.read_text())
    assert BoardEditor(saved, folder=tmp_path).options == DEFAULT.replace(water="none")
    assert BoardEditor(saved, folder=tmp_path, options=DEFAULT).options == DEFAULT


def test_in_the_board_editor_a_reading_is_part_of_the_board_undo_and_redo_included(tmp_path):
    from hexrules.widgets.edit import BoardEditor

    ed = BoardEditor(parse_scenario(ROW + "rules: water=none  collision_damage=7\n"), folder=tmp_path)
    assert ed.options == DEFAULT.replace(water="none", collision_damage=7)
    ed.controls["rule_push_off_board"].value = "collide"  # one step, said with its ruling
    assert "Done: set push_off_board to collide (P4)." in html.unescape(ed.status.value)
    assert reading(ed.scenario).push_off_board == "collide" and "push_off_board=collide" in ed.text.value
    ed.click("A1", tool="raise")  # an edit of the map keeps the reading
    assert reading(ed.scenario) == DEFAULT.replace(water="none", collision_damage=7, push_off_board="collide")
    ed.start_from("push_edge")  # a shipped board: the kit's default reading
    assert ed.options == DEFAULT and ed.controls["rule_water"].value == "enter_cost"
    ed.undo()  # back to the edited board, its reading and menus with it
    assert ed.options.differences(DEFAULT) == {"water": ("none", "enter_cost"), "collision_damage": (7, 2),
                                               "push_off_board": ("collide", "stop")}
    assert (ed.controls["rule_water"].value, ed.controls["rule_collision_damage"].value) == ("none", 7)
    ed.undo()  # the raise
    ed.undo()  # the menu change
    assert ed.controls["rule_push_off_board"].value == "stop" and "push_off_board" not in ed.text.value
    ed.redo()
    assert ed.controls["rule_push_off_board"].value == "collide"


def test_several_units_pushed_read_the_rules_as_their_scenario_does():
    from hexrules.widgets.forced import MultiPushExplorer

    # P4 under push_off_board=collide: Push 2 from A1 on the Gundam at B1, C1 -> off the board
    # collides (P2: 2 damage); the default stops at the edge with none
    row = "map:\n  0 0 0\nunits:\n  Zaku side=zeon at=A1\n  Gundam side=federation at=B1\n"
    for text, damage in ((row + "rules: push_off_board=collide\n", 2), (row, 0)):
        ex = MultiPushExplorer(parse_scenario(text), source="Zaku", n=2)
        (fm,) = ex.result.moves
        edge = [b for b in fm if b.attempted is not None and b.attempted not in fm.board]
        assert edge and [sum(d.amount for d in b.damages) for b in edge] == [damage] * len(edge)


def test_an_indented_rules_heading_inside_draw_says_how_a_diagram_line_is_written():
    # 'rules:' with a colon starts a section of its own, ending draw:; the next draw line is then
    # no switch=value, and the message says why and what was meant
    text = "map:\n  0 0\nunits:\n  Zaku side=zeon at=A1\ndraw:\n  rules: water=none\n  reach Zaku\n"
    with pytest.raises(ScenarioError) as err:
        parse_diagram(text, source="d.hex")
    assert (err.value.line, err.value.column) == (7, 3)
    assert ("the indented 'rules:' on line 6 began a rules: section and ended the one above it; a draw: line "
            "is written 'rules water=none', without a colon") in str(err.value)


def test_compact_text_writes_the_reading_shortest():
    sc = parse_scenario(ROW + "rules: water=none  allies_pass_through=no\n")
    compact = sc.to_text(compact=True)
    assert compact.endswith("\nrules:allies_pass_through=0 water=none")
    assert parse_scenario(compact) == sc


# every reading: any value of every switch (CHOICES' words, True/False, whole numbers in range)
_READINGS = st.fixed_dictionaries({
    f.name: (st.sampled_from(CHOICES[f.name]) if f.name in CHOICES else st.booleans() if f.type == "bool"
             else st.integers(0, MAX_COVER if f.name == "crush_cover_reduction" else 10**9))
    for f in dataclasses.fields(RulesOptions)
}).map(lambda d: RulesOptions(**d))


@settings(max_examples=150, deadline=None)
@given(opts=_READINGS, compact=st.booleans())
def test_every_reading_reads_back_from_the_text_it_writes(opts, compact):
    sc = with_reading(parse_scenario(ROW), opts)
    again = parse_scenario(sc.to_text(compact=compact))
    assert reading(again) == opts and again == sc
    assert ("rules" in sc.to_text()) == (opts != DEFAULT)  # the default reading writes no section
