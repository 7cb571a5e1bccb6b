"""The board editor (hexrules.widgets.edit) under Agg: every tool, drags as one step, refusals that
change nothing, undo and redo, saving without overwriting, the live text and the rules on the map.

Expected values are worked by hand from RULES.md (M1: entering costs 1, climbing 1 per level; T1:
water +1; M3: one unit per hex; P1: Push 1 on open ground).
"""

from __future__ import annotations

import html

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from hexrules import DEFAULT, parse_scenario  # noqa: E402
from hexrules.edit import BOARDS_ENV, boards_folder  # noqa: E402
from hexrules.errors import EditError  # noqa: E402
from hexrules.widgets.edit import EXPLORERS, BoardEditor  # noqa: E402


pytestmark = pytest.mark.usefixtures("close_figures")


@pytest.fixture
def ed(tmp_path):
    e = BoardEditor(columns=6, rows=4, folder=tmp_path)
    e.png = lambda: b""  # the picture itself is checked in the browser tests and below
    return e


def _place(ed, name, side, at, tool="unit"):
    ed.controls["name"].value, ed.controls["side"].value = name, side
    ed.click(at, tool=tool)


def test_a_new_editor_is_a_blank_board_of_that_size_and_its_text_reads_back(ed):
    assert len(ed.scenario.board) == 24 and not len(ed.scenario.state)
    assert parse_scenario(ed.text.value) == ed.scenario


def test_a_drag_is_one_step_over_every_hex_it_passes(ed):
    ed.drag(["A1", "B1", "C1", "B1"], tool="raise")  # B1 passed twice: raised once
    assert [ed.scenario.board.elevation(h) for h in ("A1", "B1", "C1", "D1")] == [1, 1, 1, 0]
    assert len(ed.history.past) == 1 and ed.history.last().text() == "raise A1, B1, C1"
    ed.controls["height"].value = 3
    ed.drag(["A2", "B2"], tool="height")
    ed.controls["terrain"].value = "water"
    ed.drag(["C3", "D3"], tool="paint")
    ed.drag(["A1"], tool="lower")
    b = ed.scenario.board
    assert (b.elevation("A2"), b.elevation("B2"), b.terrain("C3").name, b.terrain("D3").name, b.elevation("A1")) == \
        (3, 3, "water", "water", 0)
    assert len(ed.history.past) == 4 and parse_scenario(ed.text.value) == ed.scenario


def test_a_refused_hex_of_a_drag_is_skipped_and_said(ed):
    ed.drag(["A1", "B1"], tool="lower")  # ground level: cannot go lower (M1)
    assert "cannot be lowered below ground level" in ed.status.value and "M1" in ed.status.value
    assert not ed.history.past


def test_units_are_placed_moved_and_deleted_and_refusals_change_nothing(ed):
    _place(ed, "Scout", "blue", "B2")
    assert ed.controls["name"].value == "Scout 2"  # the next free name
    _place(ed, "Raider", "red", "B2")
    assert "B2 holds unit 'Scout': one unit per hex (ruling M3)" in ed.status.value.replace("&#x27;", "'")
    _place(ed, "Scout", "red", "C2")
    assert "already on the board" in ed.status.value
    ed.controls["terrain"].value = "impassable"
    ed.click("D2", tool="paint")
    _place(ed, "Raider", "red", "D2")
    assert "no unit stands on an impassable hex (ruling T1)" in ed.status.value
    _place(ed, "Fort", "red", "E3", tool="garrison")
    assert ed.scenario.state.unit("Fort").garrison
    steps = len(ed.history.past)
    ed.click("B2", tool="move")
    ed.click("C3")
    assert ed.scenario.board.label(ed.scenario.state.unit("Scout").hex) == "C3"
    ed.drag(["C3", "C4"], tool="move")  # a drag moves it too
    assert ed.scenario.board.label(ed.scenario.state.unit("Scout").hex) == "C4"
    ed.drag(["C4", "E3"], tool="move")  # onto the Garrison's hex: refused, M3
    assert "M3" in ed.status.value and ed.scenario.board.label(ed.scenario.state.unit("Scout").hex) == "C4"
    ed.click("C4", tool="move")
    ed.click("E3")  # a click on another unit selects that one instead
    assert "Fort selected" in ed.status.value
    ed.click("E3", tool="delete")
    assert "Fort" not in ed.scenario.state and len(ed.history.past) == steps + 3


def test_undo_and_redo_go_back_and_forth_and_the_buttons_follow(ed):
    assert ed.controls["undo"].disabled and ed.controls["redo"].disabled
    for h in ("A1", "B1", "C1"):
        ed.click(h, tool="raise")
    ed.undo()
    ed.undo()
    assert [ed.scenario.board.elevation(h) for h in ("A1", "B1", "C1")] == [1, 0, 0]
    assert not ed.controls["redo"].disabled
    ed.redo()
    assert ed.scenario.board.elevation("B1") == 1 and parse_scenario(ed.text.value) == ed.scenario
    assert "Redone: raise B1" in ed.status.value


def test_showing_a_rule_clears_the_last_edits_status(ed):
    # Trial defect: "Redone: place Red3 ..." stayed under the map after Show changed to reach or
    # Push, as if it said something about the rule now shown.
    ed.click("A1", tool="raise")
    ed.undo()
    ed.redo()
    assert "Redone: raise A1" in ed.status.value
    for show in ("reach", "push", "none"):
        ed.controls["show"].value = show
        assert ed.status.value == "", show
        ed.click("B1", tool="raise")
        assert "Done: raise B1" in ed.status.value  # an edit says itself again


def test_the_scenario_text_box_holds_its_longest_line_and_the_checkbox_its_label(ed):
    # Trial defect: the text box cut unit lines on the right ("advance=3  da"), and the Terrain
    # row's checkbox read "impassa…" (a fixed 7em).
    ed.controls["side"].value = "blue"
    ed.click("C2", tool="unit")
    longest = max(len(line) for line in ed.text.value.splitlines())
    assert longest >= 40  # "    blue1  side=blue  at=C2  advance=3  dash=2 ..."
    width = ed.text.layout.width
    chars = int(width.removeprefix("calc(").split("ch")[0])
    assert chars >= longest, width
    assert ed.controls["impassable"].layout.width in (None, "auto")


def test_rows_columns_and_a_designer_terrain(ed):
    ed.controls["edge"].value = "right"
    ed.controls["add_line"].click()
    assert len(ed.scenario.board) == 28
    ed.controls["edge"].value = "top"
    ed.controls["add_line"].click()  # two rows at the top of a pointy-top board
    assert len(ed.scenario.board) == 28 + 14
    # said, with why (a new-user trial: "Add row" at the top added two rows, and said "a line")
    assert "Done: add 2 rows at the top (" in ed.status.value and "neighbours" in ed.status.value
    ed.controls["remove_line"].click()
    assert len(ed.scenario.board) == 28
    assert "Done: remove 2 rows at the top (" in ed.status.value
    ed.controls["undo"].click()
    assert "Undone: remove 2 rows at the top" in ed.status.value
    ed.controls["edge"].value = "bottom"
    ed.controls["add_line"].click()
    assert "Done: add a row at the bottom." in ed.status.value
    c = ed.controls
    c["terrain_name"].value, c["symbol"].value, c["cost"].value = "mud", "m", 2
    c["add_terrain"].click()
    assert c["terrain"].value == "mud" and "mud" in c["terrain"].options
    ed.click("A1", tool="paint")
    assert ed.scenario.board.terrain("A1").cost == 2 and "terrain: mud symbol=m cost=2" in ed.text.value


def test_the_text_can_be_edited_and_applied_or_is_refused_with_its_line(ed):
    ed.apply_text("map:\n    0 1\nunits:\n    G side=a at=A1\n")
    assert len(ed.scenario.board) == 2 and "G" in ed.scenario.state
    ed.apply_text("map:\n    0 lava\n")
    assert "the scenario text, line 2, column 7:" in ed.status.value and len(ed.scenario.board) == 2


def test_applying_and_undoing_the_text_say_what_it_changed(ed):
    # the trial: "Undone: apply the scenario text." did not say what came back
    ed.apply_text("map:\n    0 0 0\n    0 0 0\nunits:\n    Scout  side=blue  at=A1\n    Guard  side=blue  at=C2\n")
    ed.apply_text("map:\n    0 2 0\n    0 ~ 0\nunits:\n    Scout  side=blue  at=C1  advance=4\n"
                  "    Zaku  side=red  at=A2\n")
    said = "apply the scenario text (B1 height 0→2, B2 water; Scout moved A1→C1, Scout advance 3→4, " \
           "Zaku (red) placed on A2, Guard removed)"
    assert f"Done: {said}." in ed.status.value
    ed.controls["undo"].click()
    assert f"Undone: {said}." in ed.status.value
    ed.controls["redo"].click()
    assert f"Redone: {said}." in ed.status.value


def test_a_text_that_changes_many_hexes_is_summed_up():
    from hexrules import parse_scenario
    from hexrules.words.edit import scenario_changes

    before = parse_scenario("map:\n    0 0 0 0 0 0 0 0 0\n")
    after = parse_scenario("map:\n    1 1 1 1 1 1 1 1 1 0\n")
    assert scenario_changes(before, after) == ("hex J1 added, A1 height 0→1, B1 height 0→1, C1 height 0→1, "
                                               "D1 height 0→1, and 5 more hexes")
    assert scenario_changes(before, before) == "nothing"
    titled = parse_scenario("title: A ridge\nmap:\n    0 0 0 0 0 0 0 0 0\n")
    assert scenario_changes(before, titled) == "title 'A ridge'"


def test_save_never_replaces_a_file_without_overwrite_and_open_reads_it_back(ed, tmp_path):
    ed.click("B2", tool="raise")
    first = ed.save()
    assert first == tmp_path / "my-board.hex" and parse_scenario(first.read_text()) == ed.scenario
    ed.click("C2", tool="raise")
    assert ed.save() is None and "already exists" in ed.status.value and not ed.controls["overwrite"].disabled
    assert parse_scenario(first.read_text()).board.elevation("C2") == 0  # the file is untouched
    ed.controls["overwrite"].click()
    assert parse_scenario(first.read_text()).board.elevation("C2") == 1
    assert ed.controls["overwrite"].disabled
    saved = ed.scenario
    ed.start_from("(blank board)")
    assert ed.scenario != saved
    ed.start_from("file: my-board.hex")
    assert ed.scenario == saved and "Done: load my-board.hex" in ed.status.value
    ed.undo()
    assert ed.scenario != saved  # opening is a step too
    ed.controls["file"].value = "../escape.hex"
    assert ed.save() is None and "not a plain file name" in ed.status.value


def test_a_relative_folder_typed_is_inside_the_editors_own(ed, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path.parent)  # wherever the kernel runs, a typed "variants" stays in the folder
    ed.controls["folder"].value = "variants"
    assert ed.save() == tmp_path / "variants" / "my-board.hex"
    ed.controls["folder"].value = str(tmp_path / "elsewhere")
    assert ed.save() == tmp_path / "elsewhere" / "my-board.hex"


def test_the_default_folder_is_the_learners_own(tmp_path, monkeypatch):
    monkeypatch.delenv(BOARDS_ENV, raising=False)
    home = tmp_path / "my-lessons"
    (home / ".kit").mkdir(parents=True)
    (home / "notebooks").mkdir()
    monkeypatch.chdir(home / "notebooks")
    assert boards_folder() == home / "boards"
    monkeypatch.chdir(tmp_path)
    assert boards_folder() == tmp_path / "my-boards"
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path / "elsewhere"))
    assert boards_folder() == tmp_path / "elsewhere"


def test_reach_on_the_edited_board_follows_every_edit(ed):
    # Scout on A1 (ground), Advance 3; B1 raised to 1: entering it costs 1 + 1 = 2 (M1); water on
    # A2: 1 + 1 = 2 (T1, default); under water=none it costs 1.
    _place(ed, "Scout", "blue", "A1")
    ed.controls["show"].value = "reach"
    ed.click("B1", tool="raise")
    ed.controls["terrain"].value = "water"
    ed.click("A2", tool="paint")
    b = ed.scenario.board
    assert ed.reach.costs[b.hex("B1")] == 2 and ed.reach.costs[b.hex("A2")] == 2
    assert ed.art.texts_shown("costs")[b.hex("B1")] == "2"
    ed.controls["compare"].value = True
    ed.controls["rule_water"].value = "none"
    assert ed.reach.costs[b.hex("A2")] == 1
    assert b.hex("A2") in ed.comparison.differing_hexes and ed.comparison.readings == (DEFAULT, ed.options)
    ed.click("C1", tool="inspect")
    assert "C1" in ed.explanation.value and "legal" in ed.explanation.value


def test_reach_colours_are_the_legends_fixed_cost_scale(ed):
    # Issue 10.4 / the new-user trial: the editor shaded reach with a colour map relative to the
    # allowance (yellow to red) while its legend lists the kit's fixed cost swatches (1 MP ... 7+
    # MP). Scout on A1, Advance 3, open ground: B1 and A2 cost 1, C1 costs 2, D1 3; each hex's
    # tile is cost_colour(its cost), the legend's swatch for that cost, and nothing is blended
    # over the faces. "differs from default" is listed only while a hex is outlined as differing.
    from matplotlib.colors import to_hex

    from hexrules.plot import cost_colour

    _place(ed, "Scout", "blue", "A1")
    ed.controls["show"].value = "reach"
    b = ed.scenario.board
    assert [ed.reach.costs[b.hex(h)] for h in ("B1", "A2", "C1", "D1")] == [1, 1, 2, 3]
    tiles = ed.art.tile_layers["costs"]
    colours = [to_hex(c) for c in tiles.get_facecolor()]
    assert len(colours) == len(ed.reach.costs)
    assert sorted(colours) == sorted(cost_colour(c) for c in ed.reach.costs.values())
    assert ed.art.fill == {}
    legend = ed.art.ax.get_legend()
    swatches = {" ".join(t.get_text().split()): to_hex(h.get_facecolor()) for t, h in zip(legend.texts, legend.legend_handles)
                if hasattr(h, "get_facecolor")}
    assert swatches["1 MP"] == cost_colour(1) and swatches["3 MP"] == cost_colour(3)
    assert "differs from default" not in swatches
    ed.controls["compare"].value = True

    def listed():
        return [" ".join(t.get_text().split()) for t in ed.art.ax.get_legend().texts]

    # compared with the default under the default, no hex differs: nothing outlined, nothing listed
    assert not ed.comparison.differing_hexes and "differs from default" not in listed()
    ed.controls["terrain"].value = "water"
    ed.click("A2", tool="paint")
    ed.controls["rule_water"].value = "none"  # water costs 1 more by default (T1), not under "none"
    assert b.hex("A2") in ed.comparison.differing_hexes and "differs from default" in listed()


def test_a_push_on_the_edited_board_under_two_readings(ed):
    # Zaku (A1) pushes the Gundam (B1) 1 hex: strictly farther from A1 are C1, B2 and the off-board
    # position above B1 (P1, P4): the stop, two moves and one edge step.
    _place(ed, "Zaku", "zeon", "A1")
    _place(ed, "Gundam", "federation", "B1")
    c = ed.controls
    c["show"].value = "push"
    c["unit"].value, c["target"].value, c["n"].value = "Zaku", "Gundam", 1
    assert sorted(ed.scenario.board.label(h) for h in ed.move.destinations) == ["B1", "B2", "C1"]
    assert [br.ending for br in ed.move].count("edge") == 1
    c["compare"].value = True
    c["rule_push_off_board"].value = "collide"
    assert not ed.comparison.same and len(ed.comparison.changed) == 1


def test_every_control_change_keeps_one_figure(tmp_path):
    before = len(plt.get_fignums())
    ed = BoardEditor(columns=5, rows=4, folder=tmp_path)
    for name, value in (("show", "reach"), ("tool", "paint"), ("show", "push"), ("rule_water", "none"),
                        ("columns", 7), ("show", "pull")):
        ed.controls[name].value = value
    ed.controls["open"].click()
    ed.controls["edge"].value = "left"
    ed.controls["add_line"].click()
    assert len(plt.get_fignums()) == before + 1 and ed.png()[:4] == b"\x89PNG"


def test_a_bad_size_is_refused():
    with pytest.raises(EditError, match="columns=0"):
        BoardEditor(columns=0, rows=3)
    with pytest.raises(EditError, match="max_size=0"):
        BoardEditor(max_size=0)


def test_the_registry_builds_editors():
    for make in EXPLORERS.values():
        assert isinstance(make(), BoardEditor)


def test_a_unit_is_never_offered_as_its_own_push_or_pull_target(ed):
    # a new-user trial: the target menu listed the unit chosen as the source; choosing the target as
    # the source then said "place two units of different sides" on a board that had them
    _place(ed, "Zaku", "zeon", "A1")
    _place(ed, "Gundam", "federation", "B1")
    _place(ed, "Guntank", "federation", "C3")
    c = ed.controls
    c["show"].value, c["n"].value = "push", 1
    # a second trial: an ally was offered too, and choosing it was refused in Python's words
    # ("pass allow_allies=True"): the menu offers the source's enemies only (P1, L1)
    enemies = {"Zaku": ["Gundam", "Guntank"], "Gundam": ["Zaku"], "Guntank": ["Zaku"]}
    for source in ("Zaku", "Gundam", "Guntank", "Zaku"):
        c["unit"].value = source
        assert list(c["target"].options) == enemies[source]
    c["unit"].value, c["target"].value = "Zaku", "Gundam"
    # the source becomes the unit that was the target: the target gives way to the source's enemy,
    # and the words, the table and the map show Gundam (B1) pushing Zaku (A1). Every hex next to A1
    # and strictly farther from B1 (west, north-west and south-west of A1) is off the board: the
    # step off the edge stops Zaku on A1 (P1, P4's default 'stop').
    c["unit"].value = "Gundam"
    assert c["target"].value == "Zaku" and c["target"].options == ("Zaku",)
    assert (ed.move.source, ed.move.target) == (ed.scenario.board.hex("B1"), "Zaku")
    assert ed.explanation.value.startswith("<pre") and "Push 1 from B1 (Gundam) on Zaku at A1" in ed.explanation.value
    assert sorted(ed.scenario.board.label(h) for h in ed.move.destinations) == ["A1"]
    assert "place two units" not in ed.explanation.value
    c["show"].value = "pull"  # the same pair for a Pull: Zaku stands next to B1 on the same level (L3)
    assert ("Zaku&#x27; on A1 is already adjacent to the source B1 at the same elevation (0): it cannot be Pulled "
            "(ruling L3)") in ed.explanation.value


def test_an_editor_asked_to_force_a_unit_by_itself_is_refused(tmp_path):
    from hexrules.errors import ExplorerError

    sc = parse_scenario("map:\n  0 0 0\nunits:\n  Zaku side=zeon at=A1\n  Gundam side=federation at=C1\n")
    with pytest.raises(ExplorerError, match="a unit never pushes or pulls itself"):
        BoardEditor(sc, show="push", unit="Zaku", target="Zaku", folder=tmp_path)
    # the target named alone: the other unit forces it
    ed = BoardEditor(sc, show="push", target="Zaku", n=1, folder=tmp_path)
    assert (ed.controls["unit"].value, ed.controls["target"].value) == ("Gundam", "Zaku")
    alone = parse_scenario("map:\n  0 0\nunits:\n  Zaku side=zeon at=A1\n")
    with pytest.raises(ExplorerError, match="the board's only unit"):
        BoardEditor(alone, show="push", target="Zaku", folder=tmp_path)


def test_a_board_saved_is_offered_by_every_editor_of_its_folder_and_the_save_says_how_to_open_it(ed, tmp_path):
    # A new-user trial saved a board in lesson 10 and could not find how to open it: the other two
    # editors of the notebook listed it only after their cells ran again. The reading chosen is
    # saved with the board now (its rules: section, tests/test_reading.py), and the save says so.
    other = BoardEditor(columns=4, rows=3, folder=tmp_path)
    elsewhere = BoardEditor(columns=4, rows=3, folder=tmp_path / "elsewhere")
    ed.controls["rule_collision_damage"].value = 3
    assert ed.save() == tmp_path / "my-board.hex"
    assert "file: my-board.hex" in other.controls["start"].options
    assert "file: my-board.hex" not in elsewhere.controls["start"].options
    said = ed.status.value
    assert "Start from" in said and "file: my-board.hex" in said and "Open" in said
    assert "with the reading: collision_damage=3 (P2)" in html.unescape(said)
    assert "rules: collision_damage=3" in (tmp_path / "my-board.hex").read_text()


def test_text_refused_by_apply_stays_in_the_box_to_be_fixed(ed):
    # the error names a line and column of the text typed: that text stays until it is fixed or the
    # board is edited (before, the redraw put the board's text back and the typing was lost)
    bad = "map:\n    0 lava\n"
    ed.text.value = bad
    ed.controls["apply_text"].click()
    # the place in words a designer reads (not the compiler's 2:7)
    assert "the scenario text, line 2, column 7: map cell 'lava'" in html.unescape(ed.status.value)
    assert ed.text.value == bad
    ed.controls["show"].value = "reach"  # another redraw, the board unchanged: still there
    assert ed.text.value == bad
    fixed = "map:\n    0 1\n"
    ed.apply_text(fixed)
    assert ed.scenario.board.elevation("B1") == 1 and ed.text.value == fixed
    ed.text.value = bad
    ed.controls["apply_text"].click()
    ed.click("A1", tool="raise")  # an edit of the board: the typing stays, to be fixed, and it says so
    assert ed.text.value == bad and ed.scenario.to_text() == "map:\n    1 1\n"
    assert KEPT in html.unescape(ed.status.value) and KEPT in html.unescape(ed.text_status.value)


def _holder(root, widget):
    """The box of ``root``'s widget tree whose children hold ``widget``, or None."""
    for child in getattr(root, "children", ()):
        if child is widget:
            return root
        found = _holder(child, widget)
        if found is not None:
            return found
    return None


def test_apply_text_and_what_it_did_stand_by_the_text_box(ed):
    # a trial at 1400 px: the map stands between the File row (Apply text) and the status over the
    # map on one side and the scenario text box under the map on the other, 600-1000 px apart:
    # the error that names a line and column was out of sight of the line it names
    side = _holder(ed, ed.text)
    head = _holder(ed, ed.controls["apply_text"])
    assert head is not None and head in side.children and ed.text_status in side.children
    assert _holder(ed, ed.controls["save"]) is not head  # not in the File row any more
    assert ed.text_status.value == ""
    ed.apply_text("map:\n    0 lava\n")
    assert "the scenario text, line 2, column 7: map cell 'lava'" in html.unescape(ed.text_status.value)
    ed.controls["show"].value = "reach"  # a redraw, the board unchanged: it still says so
    assert "line 2, column 7" in ed.text_status.value
    ed.apply_text("map:\n    0 1\n")
    assert ed.scenario.board.elevation("B1") == 1
    assert "Done" in ed.text_status.value and "line 2" not in ed.text_status.value
    ed.click("A1", tool="raise")  # another edit: what Apply did is not this board's news any more
    assert ed.text_status.value == "" and ed.scenario.board.elevation("A1") == 1


def test_a_saved_board_that_fails_to_open_names_its_line_and_column_in_words(ed, tmp_path):
    # Apply's errors read "line 2, column 7"; a saved file that failed to Open still read
    # "…/bad.hex:2:7: …", the compilers' form, in the same status line
    (tmp_path / "bad.hex").write_text("map:\n    0 lava\n", encoding="utf-8")
    ed.start_from("file: bad.hex")
    said = html.unescape(ed.status.value)
    assert "bad.hex, line 2, column 7: map cell 'lava'" in said and "bad.hex:2:7" not in said
    assert len(ed.scenario.board.hexes) == 6 * 4  # nothing opened, nothing lost


def test_fixing_refused_text_and_applying_it_is_not_called_replaced(ed):
    # a trial fixed the refused cell and pressed Apply again: the status said "Done: apply the
    # scenario text. The text Apply refused was replaced by this board's text." -- its own text
    ed.apply_text("map:\n    0 lava\n")
    ed.apply_text("map:\n    0 3\n")
    assert ed.scenario.board.elevation("B1") == 3
    assert "replaced" not in ed.status.value and "replaced" not in ed.text_status.value
    # what it did: the 6 x 4 board became the two hexes A1 B1, B1 raised to 3
    assert "Done: apply the scenario text (22 hexes removed, B1 height 0→3)." in ed.status.value


#: What the editor says when the board changes under typing not applied (kept in the box).
KEPT = ("The text box keeps your typing, not applied: Apply makes the board the text (so it undoes the map edits "
        "made since); Revert text shows the board's text.")


def test_typing_apply_refused_is_kept_through_undo_and_redo_until_revert(ed):
    # a trial typed a long edit with one typo, pressed Apply (refused), then Undo: the typing was
    # replaced by the board's text, and Redo did not bring it back. Never lost work: it stays
    ed.click("A1", tool="raise")
    typed = "map:\n    1 0\nunits:\n    ghost  side=red  at=Z99\n"
    ed.apply_text(typed)
    assert "Z99" in ed.text_status.value
    assert not ed.controls["revert_text"].disabled  # the box holds typing the board does not
    ed.undo()
    assert ed.scenario.board.elevation("A1") == 0 and ed.text.value == typed
    assert KEPT in html.unescape(ed.text_status.value) and "Undone: raise A1." in ed.status.value
    ed.redo()
    assert ed.scenario.board.elevation("A1") == 1 and ed.text.value == typed
    ed.controls["revert_text"].click()
    assert ed.text.value == ed.scenario.to_text() and ed.controls["revert_text"].disabled
    assert "Reverted: the text box shows the board's text." in html.unescape(ed.text_status.value)
    ed.click("B1", tool="raise")  # the next edit: the box follows the board again, old news gone
    assert ed.text.value == ed.scenario.to_text() and ed.text_status.value == ""


def test_typing_not_applied_is_kept_when_the_map_is_edited(ed, tmp_path):
    # typing not yet applied is work too: a click on the map does not wipe it
    typed = "title: my ridge\n" + ed.text.value  # the blank board has no title yet
    ed.text.value = typed
    ed.controls["show"].value = "reach"  # a redraw, the board unchanged: the typing stays, not applied
    assert ed.text.value == typed and TYPED in html.unescape(ed.text_status.value)
    ed.save()  # the board is saved, not the typing, and it says so
    assert "The text box's typing, not applied, is not in it: Apply it first to save it." in html.unescape(ed.status.value)
    assert "my ridge" not in (tmp_path / "my-board.hex").read_text()
    ed.click("C2", tool="raise")
    assert ed.text.value == typed and ed.scenario.board.elevation("C2") == 1
    assert KEPT in html.unescape(ed.text_status.value)
    ed.controls["apply_text"].click()  # applied: the board is the text (C2 back to 0), the box its text
    assert ed.scenario.title == "my ridge" and ed.scenario.board.elevation("C2") == 0
    assert ed.text.value == ed.scenario.to_text() and ed.controls["revert_text"].disabled


def test_typing_kept_is_said_after_undo_back_to_the_board_it_was_typed_on(ed):
    # a trial typed, edited the map, then pressed Undo and Redo: the box still held the typing (Revert
    # text on), but the line saying so had gone -- the board was again the one the typing began on
    typed = "title: my ridge\n" + ed.text.value
    ed.text.value = typed
    ed.click("C2", tool="raise")
    assert KEPT in html.unescape(ed.text_status.value)
    for step in (ed.undo, ed.redo, ed.undo):
        step()
        assert ed.text.value == typed and not ed.controls["revert_text"].disabled
        assert KEPT in html.unescape(ed.text_status.value), step.__name__
        assert KEPT in html.unescape(ed.status.value), step.__name__
    ed.controls["show"].value = "reach"  # a redraw, the board unchanged: nothing new to say
    assert KEPT not in html.unescape(ed.status.value) and html.unescape(ed.text_status.value).count(KEPT) == 1


#: What the editor says by the box while it holds typing not applied (nothing else to say there).
TYPED = "Not applied yet: Apply makes the board the text; Revert text shows the board's text."


def test_typing_says_by_the_box_that_it_is_not_applied_and_never_leaves_a_stale_line(ed):
    # a trial typed and saw no line saying the typing was not applied; after Revert text, more
    # typing left "Reverted: the text box shows the board's text." beside a box that did not
    ed.text.value = "title: my ridge\n" + ed.text.value
    assert TYPED in html.unescape(ed.text_status.value)
    ed.apply_text(ed.text.value)
    assert "Done: apply the scenario text (title 'my ridge')." in html.unescape(ed.text_status.value)
    ed.text.value += "units:\n    Foo  side=red  at=C3\n"
    said = html.unescape(ed.text_status.value)
    assert TYPED in said and "Done" not in said  # the Done line spoke of the text before
    ed.controls["revert_text"].click()
    assert "Reverted" in ed.text_status.value and ed.text.value == ed.scenario.to_text()
    ed.text.value += "units:\n    Foo  side=red  at=C3\n"
    assert TYPED in html.unescape(ed.text_status.value)
    ed.text.value = ed.scenario.to_text()  # typed back to the board's text: nothing pending
    assert ed.text_status.value == "" and ed.controls["revert_text"].disabled


def test_typing_after_a_refused_apply_keeps_the_error_in_view(ed):
    # the error names the line and column to fix: typing the fix does not hide it
    ed.apply_text(ed.text.value + "units:\n    ghost  side=red  at=Z99\n")
    error = ed.text_status.value
    assert "Z99" in error and "hexrules-error" in error
    ed.text.value = ed.text.value.replace("Z99", "Z9")
    assert ed.text_status.value == error


def test_applying_the_text_of_the_board_shown_says_nothing_changed(ed):
    # a trial applied the text as it stood: "Done: apply the scenario text." -- and no step was
    # made (the next Undo undid the edit before); the other edits say "Nothing changed." then
    ed.click("A1", tool="raise")
    ed.apply_text(ed.text.value)
    assert "Nothing changed" in ed.status.value and "Done" not in ed.status.value
    ed.undo()
    assert ed.scenario.board.elevation("A1") == 0  # the raise, the step before


def test_opening_a_crush_scenario_says_what_the_map_does_not_draw(ed):
    # a trial opened crush_hab_block from "Start from": a map with no piece on it, and the Show
    # area said "place a unit"; its squads, models and vehicles were in the text only
    ed.start_from("crush_hab_block")
    said = html.unescape(ed.status.value)
    assert "Done: load crush_hab_block" in said
    assert "crush section" in said and "kept in the text" in said and "lesson 08" in said
    assert "pieces:" in ed.text.value and "vehicles:" in ed.text.value  # kept, and saved with the board
    ed.start_from("terrain")
    assert "crush section" not in ed.status.value


def test_the_legend_names_the_selected_hex_once(ed):
    # a trial saw two identical magenta outlines in the legend, "target" and "selected unit / hex":
    # the editor draws one outline for the hex chosen (the reach's target is that hex)
    _place(ed, "blue1", "blue", "B2")
    ed.controls["show"].value = "reach"
    ed.click("E2", tool="inspect")
    ed.figure.canvas.draw()
    labels = [t.get_text() for t in ed.art.ax.get_legend().get_texts()]
    assert labels.count("selected unit / hex") == 1 and "target" not in labels, labels


def test_the_size_boxes_are_on_only_for_a_blank_board(ed):
    # a trial opened the 8 x 5 crush_hab_block: "columns 12, rows 10" stayed beside it, read as the
    # size of the board shown; they are the size of a blank board, and change nothing else
    c = ed.controls
    assert c["start"].value == "(blank board)" and not c["columns"].disabled and not c["rows"].disabled
    c["start"].value = "crush_hab_block"
    assert c["columns"].disabled and c["rows"].disabled
    c["open"].click()
    assert c["columns"].disabled and c["rows"].disabled
    c["start"].value = "(blank board)"
    assert not c["columns"].disabled and not c["rows"].disabled
    c["columns"].value, c["rows"].value = 3, 2
    c["open"].click()
    assert len(ed.scenario.board.hexes) == 3 * 2


def test_a_board_with_no_unit_clears_every_mark_of_the_last_reach(ed):
    # a trial opened a blank board while a reach was shown: the dashed "pass through only" outlines
    # of the old board's allies stayed (and the legend listed them) with no unit on the map
    _place(ed, "blue1", "blue", "B2")
    _place(ed, "blue2", "blue", "C2")  # an ally: blue1 may pass through C2, never end there (M3)
    ed.controls["show"].value = "reach"
    ed.click("E2", tool="inspect")  # a path shown too
    assert ed.art.draws("outline", "pass") and ed.art.draws("paths")
    ed.start_from("(blank board)")
    assert "place a unit" in ed.explanation.value
    assert not ed.art.draws("outline", "pass") and not ed.art.draws("paths") and not ed.art.draws("tiles", "costs")


def test_the_show_controls_that_change_nothing_now_are_off(ed):
    # a trial ticked "compare with the default" and moved N under "board only": nothing changed and
    # nothing said why. Movement (M2) matters to a reach, target and N to a Push or Pull (P1, L1)
    c = ed.controls
    off = lambda: {k for k in ("kind", "target", "n", "compare") if c[k].disabled}  # noqa: E731
    assert off() == {"kind", "target", "n", "compare"}
    c["show"].value = "reach"
    assert off() == {"target", "n"}
    c["show"].value = "push"
    assert off() == {"kind"}
    c["show"].value = "pull"
    assert off() == {"kind"} and not c["unit"].disabled


def test_undo_and_redo_say_on_hover_what_they_would_do(ed):
    # the trial: their hover texts were "Undo" and "Redo", and they sit at the top of the editor,
    # out of sight of the text box: a pointer on them tells which step they take back or again
    assert ed.controls["undo"].tooltip == "Nothing to undo" and ed.controls["redo"].tooltip == "Nothing to redo"
    ed.click("B2", tool="raise")
    assert ed.controls["undo"].tooltip == "Undo: raise B2"
    ed.undo()
    assert ed.controls["redo"].tooltip == "Redo: raise B2" and ed.controls["undo"].tooltip == "Nothing to undo"
    # Save's said only "Save" (a second trial): where, and what
    assert ed.controls["save"].tooltip == "Write the board (its scenario text) to a file in the folder"


@pytest.mark.parametrize("start", ["(blank board)", "crush_hab_block", "push_edge"])
def test_the_map_leaves_no_room_for_a_title_it_never_draws(ed, start):
    # a trial saw ~100 px of blank between the File row and the map: the toolbar's strip, then the
    # figure's top 8 %, kept for a title the editor's map never has. The hexes start near the top
    ed.start_from(start) if start != "(blank board)" else None
    fig = ed.figure
    fig.canvas.draw()
    assert ed.art.ax.get_title() == ""
    ys = [ed.art.ax.transData.transform(p)[1] for path in ed.art.faces.get_paths() for p in path.vertices]
    assert fig.bbox.height - max(ys) <= 0.2 * fig.dpi  # the top corner of the topmost hex, 0.2 inch at most below
    assert min(ys) >= 0  # and the board is whole
