"""Diagram files (issue 13): the format, every overlay against the rules, chart files against the dice,
deterministic files, the command.

Expected values come from the rules worked by hand (RULES.md) or from the engine's own public
functions (the overlay must show exactly what ``reachable``, ``path_cost``, ``push`` ... say).
"""

from __future__ import annotations

import io
import re
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from hexrules import HexrulesError, ScenarioError, builtin  # noqa: E402
from hexrules import crush as cr  # noqa: E402
from hexrules import movement as mv  # noqa: E402
from hexrules.crush_scenario import load_crush  # noqa: E402
from hexrules.diagram import (KINDS, Chart, Diagram, DiagramData, Item, diagram, diagram_names, load_diagram,  # noqa: E402
                              parse_diagram)
from hexrules.dice import expected_damage_table, hit_probability  # noqa: E402
from hexrules.forced import push  # noqa: E402
from hexrules.plot import BoardArtists  # noqa: E402
from hexrules.plot.diagram import diagram_artists, save_figure  # noqa: E402
from matplotlib.patches import FancyArrowPatch  # noqa: E402

GUNDAM, CHAR = "RX-78-2 Gundam", "Char's Zaku II"

def _documented_example() -> str:
    """The Knuckle Shield diagram of hexrules.diagram's docstring (the example the README shows too)."""
    import textwrap

    import hexrules.diagram

    doc = hexrules.diagram.__doc__
    block = doc.split("The Knuckle Shield example of the rulebook, in full::\n\n", 1)[1].split("\n\n", 1)[0]
    return textwrap.dedent(block) + "\n"


#: The documented 12-line file an illustrator writes for the Knuckle Shield example.
KNUCKLE = _documented_example()


def test_the_documented_example_is_the_readmes():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    assert KNUCKLE in readme
    assert len(KNUCKLE.splitlines()) == 12


EVERY_KIND = """\
title: Every kind
terrain: mud symbol=m cost=1
map:
    0  1  2  0  0
     0  0m 0~ 0  0
    0  0  0  X  0
units:
    Gundam  side=federation  at=A1
    Zaku    side=zeon        at=E3
caption: A caption "with quotes"  and  spaces.
    and a second line
draw:
    hexes  B2,C2 D2  colour=blue  style=outline  label="some hexes"
    hexes  E1  colour=#ff8800
    text   C1 "+2"  colour=red  size=large  at=top
    arrow  A1 B1 C1  colour=green  style=dashed  width=3  label="an arrow"
    line   A3 B3
    marker D3  shape=star  colour=yellow  label="a star"
    reach  Gundam  kind=dash  numbers=no
    cost   Gundam  A1 A2 B2  colour=orange  breakdown=no
    engagement  caption=no
    push   from=Zaku  on=Gundam  n=1  branches=yes
    rules  water=allowance  allies_pass_through=no  collision_damage=3
    labels off
    legend on
    crop   A1 E3
"""


def _layer_hexes(art: BoardArtists, key: str) -> dict:
    return {art.board.label(h): t for h, t in art.texts_shown(key).items()}


def _art(d: Diagram, **kw) -> BoardArtists:
    return diagram_artists(d.computed(), text="outline", **kw)[1]


# --- the format -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", diagram_names())
def test_every_shipped_diagram_round_trips(name):
    d = diagram(name)
    again = Diagram.from_text(d.to_text())
    assert again == d
    assert again.to_text() == d.to_text()


def test_every_kind_reads_and_round_trips():
    d = parse_diagram(EVERY_KIND, source="every.hex")
    assert [i.kind for i in d.items] == ["hexes", "hexes", "text", "arrow", "line", "marker", "reach", "cost",
                                        "engagement", "push", "rules", "labels", "legend", "crop"]
    assert set(KINDS) == {i.kind for i in d.items} | {"pull", "crush"}
    assert d.data.caption == ('A caption "with quotes"  and  spaces.', "and a second line")
    hexes = d.items[0]
    assert [d.scenario.board.label(h) for h in hexes.args[0]] == ["B2", "C2", "D2"]
    assert dict(hexes.options) == {"colour": "blue", "style": "outline", "label": "some hexes"}
    assert d.items[3].options["width"] == 3 and d.items[7].options["breakdown"] is False
    opts = d.data.options
    assert (opts.water, opts.allies_pass_through, opts.collision_damage) == ("allowance", False, 3)
    assert d.data.setting("labels") is False and d.data.setting("legend") is True
    assert Diagram.from_text(d.to_text()) == d


def test_a_use_line_starts_from_the_shipped_scenario_and_a_title_replaces_its_own():
    d = parse_diagram("use: jumping\ntitle: Mine\ndraw:\n  cost \"Char's Zaku II\" B3 C3 D3\n")
    assert d.scenario.board == builtin("jumping").board and d.scenario.state == builtin("jumping").state
    assert d.title == "Mine"
    assert d.computed().overlays[0].result.total == 2  # J1, J2: over the lower Garrison to height 1


@pytest.mark.parametrize("text, line, column, words", [
    ("map:\n  0 0\ndraw:\n  circle A1\n", 4, 3, "unknown draw kind 'circle'"),
    ("map:\n  0 0\ndraw:\n  hexes A1 color=blue\n", 4, 12, "unknown hexes field 'color'"),
    ("map:\n  0 0\ndraw:\n  hexes A1 colour=teal\n", 4, 19, "colour 'teal' is not one of"),
    ("map:\n  0 0\ndraw:\n  arrow A1 B1 C1\n", 4, 15, "hex C1"),
    ("map:\n  0 0\nunits:\n  G side=a at=A1\ndraw:\n  reach H\n", 6, 9, "no unit 'H'"),
    ("map:\n  0 0\ndraw:\n  text A1 two words\n", 4, 15, "a word too many: 'words'"),
    ("map:\n  0 0\ndraw:\n  labels maybe\n", 4, 10, "is not on or off"),
    ("map:\n  0 0\ndraw:\n  rules water=lava\n", 4, 15, "water='lava' is not one of"),
    ("map:\n  0 0\ndraw:\n  labels off\n  labels on\n", 5, 3, "a second 'labels' line (the first on line 4)"),
    ("map:\n  0 0\nunits:\n  G side=a at=A1\n  Z side=b at=B1\ndraw:\n  push from=Z on=G\n", 7, 3,
     "'push' needs n=..."),
    ("map:\n  0 0\ndraw: arrow A1\n", 3, 7, "'draw:' takes its entries on the following lines"),
])
def test_errors_name_the_line_and_column(text, line, column, words):
    with pytest.raises(ScenarioError) as err:
        parse_diagram(text, source="bad.hex")
    assert (err.value.source, err.value.line, err.value.column) == ("bad.hex", line, column)
    assert words in str(err.value)


def test_an_overlay_the_rules_refuse_is_an_error_at_its_line_with_the_ruling():
    # L3: the Gundam next to Char's Zaku II at the same elevation cannot be Pulled.
    text = ("map:\n  0 0 0\nunits:\n  Char side=zeon at=A1\n  Gundam side=federation at=B1\n"
            "draw:\n  hexes C1\n  pull  from=Char  on=Gundam  n=1\n")
    with pytest.raises(ScenarioError) as err:
        parse_diagram(text, source="pull.hex")
    assert (err.value.line, err.value.column, err.value.ruling) == (8, 3, "L3")
    assert "cannot be Pulled" in str(err.value)


def test_errors_after_a_use_line_keep_the_files_own_line_numbers(tmp_path):
    f = tmp_path / "mine.hex"
    f.write_text("# my diagram\nuse: jumping\ndraw:\n  cost \"Char's Zaku II\" B3 Z9\n")
    with pytest.raises(ScenarioError) as err:
        load_diagram(f)
    assert (err.value.source, err.value.line) == (str(f), 4)
    f.write_text("use: no_such_scenario\n")
    with pytest.raises(ScenarioError, match=r"mine.hex:1:6: use: 'no_such_scenario' is not a shipped scenario"):
        load_diagram(f)


#: Where the shipped scenario ``elevation`` has its ``map:`` heading and its unit's line (counted
#: in hexrules/scenarios/elevation.hex: three comment lines, name, title, then the map).
ELEVATION = "hexrules/scenarios/elevation.hex"
CRUSH_HAB = "hexrules/scenarios/crush_hab_block.hex"


def _refusal(f: Path, text: str) -> ScenarioError:
    """The error of loading diagram file ``f`` holding ``text``."""
    f.write_text(text)
    with pytest.raises(ScenarioError) as err:
        load_diagram(f)
    return err.value


def test_a_second_map_after_a_use_line_names_the_used_file_and_its_line(tmp_path):
    # a new-user trial: "a second 'map:' (the first is on line 10)" named neither the used file nor
    # whose line 10 it was; both places are named as path:line:column
    f = tmp_path / "mine.hex"
    err = _refusal(f, "# my diagram\nuse: elevation\ntitle: mine\nmap:\n    0 0 0\n")
    assert (err.source, err.line, err.column) == (str(f), 4, 1)
    assert str(err) == f"{f}:4:1: a second 'map:' (the first is on {ELEVATION}:6:1): a scenario has one"


def test_a_clash_with_a_used_crush_scenario_names_its_file_and_line(tmp_path):
    # the trial's case: crush_hab_block has its 'map:' on line 10 and its piece on line 17
    f = tmp_path / "mine.hex"
    assert str(_refusal(f, "use: crush_hab_block\nmap:\n    0 0\n")).startswith(
        f"{f}:2:1: a second 'map:' (the first is on {CRUSH_HAB}:10:1)")
    assert str(_refusal(f, "use: crush_hab_block\npieces:\n    \"Hab block\"  cover=1  hexes=A1\n")) == (
        f"{f}:3:5: two pieces are named 'Hab block' (the first on {CRUSH_HAB}:17:5) (ruling C1)")


def test_a_clash_with_a_used_hex_file_names_that_file(tmp_path):
    base = tmp_path / "base.hex"
    base.write_text("map:\n  0 0\nunits:\n  Scout  side=blue  at=A1\n")
    f = tmp_path / "mine.hex"
    assert str(_refusal(f, "use: base.hex\nunits:\n  Scout  side=red  at=B1\n")) == (
        f"{f}:3:3: two units are named 'Scout' (the first on {base}:4:3)")
    assert str(_refusal(f, "use: base.hex\nmap:\n  0\n")).startswith(
        f"{f}:2:1: a second 'map:' (the first is on {base}:1:1)")


def test_a_clash_within_the_file_after_a_use_line_gives_the_files_own_line(tmp_path):
    # the first 'labels' line is line 3 of this file (not line 3 + the used scenario's 13 lines)
    f = tmp_path / "mine.hex"
    assert str(_refusal(f, "use: elevation\ndraw:\n    labels off\n    labels on\n")) == (
        f"{f}:4:5: a second 'labels' line (the first on line 3)")
    assert str(_refusal(f, "use: elevation\nunits:\n    Zaku  side=zeon  at=A1\n    Zaku  side=zeon  at=B1\n")) == (
        f"{f}:4:5: two units are named 'Zaku' (the first on line 3)")
    assert str(_refusal(f, "use: elevation\nunits:\n    Zaku  side=zeon  at=C3\n")) == (
        f"{f}:3:25: 'Zaku' is on C3, already held by 'RX-78-2 Gundam' ({ELEVATION}:13:5): one unit per hex (ruling M3)")


def test_an_item_built_in_code_is_checked():
    with pytest.raises(ScenarioError, match="unknown draw kind 'blob'"):
        Item("blob")


# --- every overlay against the rules ----------------------------------------------------------------


def test_the_reach_overlay_shows_exactly_reachables_hexes_and_costs():
    sc = builtin("terrain")
    d = parse_diagram('use: terrain\ndraw:\n  reach "RX-78-2 Gundam" kind=dash\n')
    reach = mv.reachable(sc.board, sc.state, GUNDAM, "dash")
    assert d.computed().overlays[0].result == reach
    art = _art(d)
    shown = art.texts_shown("reach0")
    assert shown == {h: str(c) for h, c in reach.costs.items()}
    assert len(art.tile_layers["reach0"].get_paths()) == len(reach.costs)
    # RULES.md M2, T1 by hand: Dash 2 (Speed never adds to Dash); C3 next to B3 costs 1, C4 two
    # steps away 2; the water of C2 costs 1 + 1 after the step to B2: 3, out of reach.
    assert reach.allowance.total == 2
    assert (shown[sc.board.hex("C3")], shown[sc.board.hex("C4")]) == ("1", "2") and sc.board.hex("C2") not in shown


def test_the_cost_overlay_is_path_costs_result_with_its_breakdown_in_the_caption():
    d = diagram("movement_elevation")
    sc = builtin("elevation")
    overlays = d.computed().overlays
    assert overlays[0].result == mv.path_cost(sc.board, sc.state, GUNDAM, ["C3", "D3", "D2"])
    # M1 by hand: ground -> 1 costs 2, 1 -> 2 another 2, ground -> 2 costs 3
    assert [s.cost for s in overlays[0].result.steps] == [2, 2] and overlays[1].result.total == 3
    caption = "\n".join(d.computed().caption)
    assert "C3 -> D3: 1 to enter + 1 climb (height 0 -> 1) = 2" in caption
    assert "C3 -> C2 costs 3 of 3 movement points" in caption
    art = _art(d)
    assert _layer_hexes(art, "costs1") == {"C2": "3"} and _layer_hexes(art, "costs0") == {"D3": "2", "D2": "4"}
    # the legend says which path is illegal (M1: 4 of the Gundam's 3 movement points), as the
    # caption does, not only "green path (4 MP)" beside a green arrow
    names = [" ".join(t.get_text().split()) for t in art.ax.get_legend().texts]
    assert "green path (4 of 3 MP: illegal)" in names and "orange path (3 MP)" in names


def test_the_push_overlay_draws_every_branch_and_its_four_collisions():
    sc = builtin("push_knuckle_shield")
    fm = push(sc.board, sc.state, "Zaku I", GUNDAM, 2)
    d = parse_diagram(KNUCKLE)
    assert d.computed().overlays[0].result == fm
    art = _art(d)
    # P1, P2 by hand (scenario comment): the ends are C3 (no step), C2, D3, C4 and D1, E3, D5;
    # four paths run into elevated D2 or D4.
    ends = {art.hexes[i] for i in range(len(art.hexes))} & set(fm.destinations)
    assert {sc.board.label(h) for h in ends} == {"C3", "C2", "D3", "C4", "D1", "E3", "D5"}
    assert len(art.tile_layers["diagram"].get_paths()) == 7
    assert len(fm.collisions) == 4
    labels = sorted(t.get_text() for t in art.ax.texts if t.get_visible() and t.get_text().startswith("-"))
    assert labels == ["-2", "-2", "-2", "-2"]


def test_a_chosen_branch_is_resolved_for_the_units_drawn_and_the_later_overlays():
    # P5: the Gundam pushed to D2 first; the Guncannon's Push into D2 is then a collision with it.
    c = diagram("forced_push_multi").computed()
    first, second = c.overlays
    assert c.state.unit(GUNDAM).hex == builtin("push_multi").board.hex("D2")
    hit = second.result.choose("D2")
    assert hit.ending == "unit" and hit.hit == GUNDAM and hit.damage == {"Guncannon": 2, GUNDAM: 2}


def test_the_engagement_overlay_is_the_rules_pairs():
    sc = builtin("engagement_lower")
    result = diagram("movement_engagement_lower").computed().overlays[0].result
    assert result["engaged"] == mv.engaged_pairs(sc.board, sc.state)
    assert result["near"] == mv.adjacent_not_engaged(sc.board, sc.state)
    # E1 by hand: the Gundam and Char (both height 1) are Engaged; the Minelayer, one lower, is not
    assert {frozenset(p) for p in result["engaged"]} == {frozenset({GUNDAM, CHAR})}


def test_the_crush_overlay_shows_who_is_in_on_or_under_and_who_merely_touches():
    cs = load_crush("crush_hab_block")
    facts = diagram("crush_board").computed().overlays[0].result
    piece = cs.piece()
    assert [u.name for u in facts["affected"]] == [u.name for u in cr.affected_units(piece, cs.units)]
    assert [u.name for u in facts["touching"]] == [u.name for u in cr.touching_units(piece, cs.units)]
    # C2 by hand: R1 (D2) and R2 (E2) stand on the block, the Sentinel on D4; S1 and S2 are next to it
    assert [u.name for u in facts["affected"]] == ["Rangers", "Sentinel"]
    assert [u.name for u in facts["touching"]] == ["Scouts"]
    c = diagram("crush_board").computed()
    assert "Sentinel" in c.vehicles and "Grinder" in c.vehicles


def test_plain_marks_are_drawn_as_written():
    d = parse_diagram(EVERY_KIND)
    art = _art(d)
    b = d.scenario.board
    assert _layer_hexes(art, "text2") == {"C1": "+2"}
    assert [b.label(art.hex_at(*p)) for p in art.marker_layers["marker5"].get_offsets()] == ["D3"]
    assert len(art.outline_layers["hexes0"].get_paths()) == 3
    assert sum(a.get_visible() for a in art.arrow_layers["arrow3"]) == 2
    assert art.arrow_layers["arrow3"][0].get_linestyle() == "--"
    assert "labels" not in art.text_layers or not art.texts_shown("labels")


# --- files: deterministic, editable text, nothing partial ---------------------------------------------


def _bytes(d: Diagram, fmt: str, text: str) -> bytes:
    buf = io.BytesIO()
    save_figure(d.figure(text=text), buf, fmt, text=text)
    return buf.getvalue()


@pytest.mark.parametrize("fmt, text", [("svg", "text"), ("svg", "outline"), ("png", "text"), ("png", "outline"),
                                       ("pdf", "text")])
def test_files_are_the_same_bytes_on_every_run(fmt, text):
    d = parse_diagram(KNUCKLE)
    first = _bytes(d, fmt, text)
    assert first == _bytes(parse_diagram(KNUCKLE), fmt, text)
    assert b"CreationDate" not in first and b"Matplotlib v" not in first and b"<dc:date>" not in first


def test_svg_texts_are_text_elements_or_outlines():
    d = parse_diagram(KNUCKLE)
    editable = _bytes(d, "svg", "text").decode()
    outlined = _bytes(d, "svg", "outline").decode()
    assert "<text" in editable and ">C3<" in editable.replace("</tspan>", "<")  # a hex label, as text
    assert "Knuckle Shield</text>" in editable
    assert "</text>" not in outlined and "Knuckle Shield</text>" not in outlined


def test_a_refused_diagram_leaves_no_file_and_an_old_file_untouched(tmp_path):
    out = tmp_path / "out.svg"
    out.write_bytes(b"old picture")
    d = parse_diagram(KNUCKLE)
    with pytest.raises(HexrulesError, match="width=-1"):
        d.save(out, width=-1)
    assert out.read_bytes() == b"old picture"
    assert [p.name for p in tmp_path.iterdir()] == ["out.svg"]
    d.save(out)
    assert out.read_bytes().startswith(b"<?xml")


def test_a_saved_picture_is_readable_as_any_new_file_or_keeps_the_mode_it_replaces(tmp_path):
    # the trial: 'hexrules draw' wrote -rw------- files (a temporary file's mode) under umask 022,
    # so a handout was unreadable by others; make figures wrote -rw-r--r--
    d = parse_diagram(KNUCKLE)
    old = os.umask(0o022)
    try:
        fresh = d.save(tmp_path / "fresh.png")
        kept = tmp_path / "kept.svg"
        kept.write_text("old")
        kept.chmod(0o640)
        d.save(kept)
    finally:
        os.umask(old)
    assert fresh.stat().st_mode & 0o777 == 0o644
    assert kept.stat().st_mode & 0o777 == 0o640 and kept.read_bytes().startswith(b"<?xml")


@pytest.mark.parametrize("dpi", [1.5, 2.5, 9])
def test_a_dpi_too_coarse_to_size_the_legends_text_is_refused_by_name(dpi, tmp_path):
    # the API fuzz: dpi=1.5 escaped as FreeType's RuntimeError "invalid ppem value" once the
    # legend was measured (its 8-point text is under a pixel a letter)
    from hexrules.errors import HexrulesError

    d = parse_diagram(KNUCKLE)
    with pytest.raises(HexrulesError, match=f"dpi={dpi} is below 10"):
        d.figure(dpi=dpi)
    with pytest.raises(HexrulesError, match=f"dpi={dpi} is below 10"):
        d.save(tmp_path / "k.png", dpi=dpi)
    assert not (tmp_path / "k.png").exists()
    assert d.figure(dpi=10).get_dpi() == 10


def test_size_options_set_the_figure_size():
    d = parse_diagram(KNUCKLE)
    assert d.figure(width=6.0).get_size_inches()[0] == pytest.approx(6.0)
    w, h = d.figure(width=4.0, height=3.0).get_size_inches()
    assert (w, h) == (pytest.approx(4.0), pytest.approx(3.0))


MINE = """title: My hill climb
map:
    0  1  2  1  0
     0  0~ 1  X  0
    0  0  0  0  0
units:
    Scout  side=blue  at=A1  advance=4
caption: A scout climbs the hill.
draw:
    reach Scout
    cost Scout A1 B1 C1
"""


@pytest.mark.parametrize("dpi", [72, 100, 150, 200, 300])
def test_the_caption_lies_inside_a_narrow_figure_at_any_dpi(dpi):
    # A new-user trial drew this at --width 12cm --dpi 150: the reach's caption line ran past the
    # right edge ("...reachable (the numbers" cut). The wrap counted DejaVu Sans Mono's 0.602 em a
    # character, but Agg's hinting rounds each advance to whole pixels: at 150 dpi 7.5 points is
    # 9.4 pixels a character drawn as 10. Every caption line must end inside the figure.
    for kind in ("diagram", "chart"):
        d = parse_diagram(MINE if kind == "diagram" else "title: t\ncaption: " + " ".join(["word"] * 60)
                          + "\nchart: crush_heatmap\n")
        fig = d.figure(width=12 / 2.54, dpi=dpi)
        fig.canvas.draw()
        right = fig.bbox.x1
        captions = [t for t in fig.texts if t.get_text().count("\n") >= 1]
        assert captions, kind
        for t in captions:
            assert t.get_window_extent().x1 <= right, (kind, dpi, t.get_window_extent().x1, right)


@pytest.mark.parametrize("text", ["KNUCKLE", "MINE", "EVERY_KIND"])
def test_at_a_narrow_width_the_legend_goes_under_the_map_and_the_map_takes_the_width(text):
    # A new-user trial drew the README's `--width 12cm --dpi 200`: the legend kept its 2.4 inches
    # at the right, half the picture, and the map shrank to the other half (unit names dropped).
    # A diagram as narrow as that lays its legend out in columns under the map, above the caption;
    # the map then spans the width, and nothing leaves the figure or overlaps.
    d = parse_diagram(globals()[text])
    fig, art = diagram_artists(d.computed(), width=12 / 2.54, dpi=200)
    fig.canvas.draw()
    ax, legend = art.ax, art.ax.get_legend()
    board, box = ax.get_window_extent(), legend.get_window_extent()
    assert board.width >= 0.85 * fig.bbox.width, (board.width, fig.bbox.width)
    assert box.y1 <= board.y0 + 1 and box.x0 >= 0 and box.x1 <= fig.bbox.x1 and box.y0 >= 0
    for t in fig.texts:  # the caption lies under the legend
        if t.get_text():
            assert t.get_window_extent().y1 <= box.y0, t.get_text()[:40]
    # a wide picture keeps the legend at the right of the map
    fig, art = diagram_artists(d.computed(), dpi=100)
    fig.canvas.draw()
    assert art.ax.get_legend().get_window_extent().x0 >= art.ax.get_window_extent().x1 - 1


@pytest.mark.parametrize("order", ["reach first", "cost first"])
def test_a_paths_running_totals_and_arrow_leave_the_reach_numbers_readable(order):
    # A new-user trial drew `reach` and `cost` together: the running total in B1 sat over B1's
    # reach number (two 2s drawn on each other) and the arrowhead covered C1's. Every number
    # written must be whole: no running total over a reach number, no arrowhead over one.
    text = MINE if order == "reach first" else MINE.replace("    reach Scout\n    cost Scout A1 B1 C1\n",
                                                               "    cost Scout A1 B1 C1\n    reach Scout\n")
    fig, art = diagram_artists(parse_diagram(text).computed(), dpi=100)
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    reach_key, cost_key = ("reach0", "costs1") if order == "reach first" else ("reach1", "costs0")
    reach = [t.get_window_extent(r) for t in art._text_artists[reach_key]]
    totals = [t.get_window_extent(r) for t in art._text_artists[cost_key]]
    assert sorted(t.get_text() for t in art._text_artists[cost_key]) == ["2", "4"]  # M1: 1 + 1 climb, twice
    assert len(reach) == 8
    for a in totals:
        for b in reach:
            assert not a.overlaps(b), (a, b)
    cx, cy = art.centre(art.board.hex("C1"))  # the path's last hex: its reach number is 4 (M1)
    (c1,) = [t for t in art._text_artists[reach_key] if abs(t.get_position()[0] - cx) < 1e-9
             and abs(t.get_position()[1] - cy) < 0.5]
    assert c1.get_text() == "4"
    arrows = [p for p in art.ax.patches if isinstance(p, FancyArrowPatch) and p.get_visible()]
    assert len(arrows) == 2  # A1 -> B1, B1 -> C1
    for p in arrows:
        tip = art.ax.transData.transform(p._posA_posB[1])
        assert not c1.get_window_extent(r).contains(*tip), tip


@pytest.mark.parametrize("text", ["text", "outline"])
def test_a_reach_number_the_path_crosses_is_ringed_in_its_tiles_colour(text):
    # In --theme print the path's black line ran through B1's black "2". Each reach number has a
    # halo of its tile's colour, under the digits and over the path, in both text modes.
    from matplotlib import colors as mcolors
    from matplotlib.patheffects import withStroke

    from hexrules.plot.board import TEXT_ZORDER, cost_colour
    from hexrules.plot.theme import THEMES

    fig, art = diagram_artists(parse_diagram(MINE).computed(), theme="print", text=text)
    # by hand from A1, Advance 4: 1 to enter, +1 a level climbed (M1), +1 into water (T1: B2 = 1 + 2)
    costs = {"B1": 2, "C1": 4, "A2": 1, "B2": 3, "A3": 2, "B3": 2, "C3": 3, "D3": 4}
    assert {art.board.label(h): int(t) for h, t in art.texts_shown("reach0").items()} == costs
    tile = {art.board.hex(h): mcolors.to_hex(cost_colour(c, THEMES["print"])) for h, c in costs.items()}
    if text == "text":
        for t in art._text_artists["reach0"]:
            (effect,) = t.get_path_effects()
            assert isinstance(effect, withStroke) and t.get_zorder() == TEXT_ZORDER
            (h,) = [h for h in tile if art.centre(h)[0] == pytest.approx(t.get_position()[0])
                    and abs(art.centre(h)[1] - t.get_position()[1]) < 0.5]
            assert mcolors.to_hex(effect._gc["foreground"]) == tile[h]
    else:
        halo = art.text_layers["reach0_halo"]
        assert len(halo.get_paths()) == len(costs)
        assert TEXT_ZORDER - 0.1 < halo.get_zorder() < TEXT_ZORDER
        assert sorted(mcolors.to_hex(c) for c in halo.get_edgecolor()) == sorted(tile.values())


# --- chart files (a chart: line instead of a map) ------------------------------------------------------


HEATMAP = "title: Crush\ncaption: the rulebook's example framed\nchart: crush_heatmap  covers=0-6  resolves=1-7  frame=3,4\n"


def test_a_chart_file_reads_and_round_trips():
    c = parse_diagram("# a comment\ntitle: Lines\ncaption: first line\n    second  line\n"
                      "chart: crush_expected_damage  covers=0,2,4-6  resolves=3,5\n", source="c.hex")
    assert isinstance(c, Chart)
    assert (c.kind, c.covers, c.resolves, c.frame) == ("crush_expected_damage", (0, 2, 4, 5, 6), (3, 5), None)
    assert (c.title, c.caption) == ("Lines", ("first line", "second  line"))
    again = Diagram.from_text(c.to_text())
    assert again == c and again.to_text() == c.to_text()
    assert "covers=0,2,4-6  resolves=3,5" in c.to_text()
    # a kind's defaults (CHARTS) when covers= and resolves= are left out, written out by to_text
    d = parse_diagram("chart: crush_heatmap\n")
    assert (d.covers, d.resolves) == ((0, 1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6, 7))
    assert parse_diagram(d.to_text()) == d


@pytest.mark.parametrize("name", ["crush_expected_damage", "crush_heatmap"])
def test_the_crush_figures_are_chart_files(name):
    c = diagram(name)
    assert isinstance(c, Chart) and c.kind == name
    assert c.covers == (0, 1, 2, 3, 4, 5, 6)


def test_a_charts_numbers_are_the_dices_and_the_worked_values():
    # C2, C3: expected damage = Cover x (7 - Resolve) / 6; Resolve 7 and over: no die reaches it.
    computed = diagram("crush_heatmap").computed()
    table = {(c, r): computed.table[i][j] for i, c in enumerate(computed.covers) for j, r in enumerate(computed.resolves)}
    assert table[3, 4] == Fraction(3, 2)  # the rulebook's example: 3 dice, each hits on 4+ (1/2)
    assert table[6, 2] == 5 and table[2, 6] == Fraction(1, 3) and table[1, 1] == 1
    assert table[0, 4] == 0 and table[6, 7] == 0
    assert computed.table == expected_damage_table(range(7), range(1, 8))
    assert computed.frame == (3, 4, Fraction(3, 2))
    assert computed.subtitle == ["(framed: Cover 3 vs Resolve 4, 3/2)"]
    lines = diagram("crush_expected_damage").computed()
    assert lines.probabilities == [Fraction(5, 6), Fraction(2, 3), Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]
    assert lines.probabilities == [hit_probability(r) for r in (2, 3, 4, 5, 6)]


def test_a_chart_draws_its_numbers():
    fig = parse_diagram(HEATMAP).figure(text="outline")
    ax = fig.axes[0]
    cells = {(round(t.get_position()[1]), round(t.get_position()[0])): t.get_text() for t in ax.texts}
    assert cells[3, 3] == "1.5"  # row Cover 3, column Resolve 4 (the 4th column, index 3)
    assert cells[6, 0] == "6" and cells[2, 5] == "0.33" and cells[5, 6] == "0"
    frame = [p for p in ax.patches if p.get_visible() and not p.get_fill()]
    assert [p.get_xy() for p in frame] == [(2.5, 2.5)]
    assert ax.get_title() == "Crush\n(framed: Cover 3 vs Resolve 4, 3/2)"
    assert "the rulebook's example framed" in [t.get_text() for t in fig.texts]
    lines = diagram("crush_expected_damage").figure(text="outline").axes[0].get_lines()
    resolve4 = next(line for line in lines if line.get_label() == "Resolve 4 (p = 1/2)")
    assert list(resolve4.get_ydata()) == [0, 0.5, 1, 1.5, 2, 2.5, 3]


def test_a_charts_size_keeps_its_proportions():
    c = diagram("crush_expected_damage")
    assert c.figure().get_size_inches().tolist() == [6.4, 4.2]
    assert c.figure(width=3.2).get_size_inches().tolist() == [3.2, 2.1]
    assert c.figure(height=8.4).get_size_inches().tolist() == [12.8, 8.4]


@pytest.mark.parametrize("text, line, column, words", [
    ("chart: crush_pie\n", 1, 8, "unknown chart 'crush_pie' (known: crush_expected_damage, crush_heatmap)"),
    ("chart:\n", 1, 7, "'chart:' needs a kind"),
    ("title: A\nchart: crush_heatmap  covers=0-13\n", 2, 30, "Cover 13 is not a whole number from 0 to 12"),
    ("chart: crush_heatmap  covers=0-3,9999\n", 1, 34, "'9999' is not a number or a run"),
    ("chart: crush_heatmap  resolves=1-4,3\n", 1, 36, "Resolve 3 does not come after 4"),
    ("chart: crush_heatmap  resolves=0-4\n", 1, 32, "Resolve 0 is not a whole number from 1 to 12"),
    ("chart: crush_heatmap  covers=6-0\n", 1, 30, "the run '6-0' goes down; write it 0-6"),
    ("chart: crush_heatmap  covers=2,,3\n", 1, 32, "'' is not a number or a run"),
    ("chart: crush_heatmap  frame=7,4\n", 1, 29, "Cover 7 is not charted (covers=0-6)"),
    ("chart: crush_heatmap  resolves=2-6  frame=3,1\n", 1, 45, "Resolve 1 is not charted (resolves=2-6)"),
    ("chart: crush_heatmap  frame=3\n", 1, 29, "frame='3' is not a Cover and a Resolve"),
    ("chart: crush_expected_damage  frame=3,4\n", 1, 31, "unknown chart crush_expected_damage field 'frame'"),
    ("chart: crush_heatmap  colour=red\n", 1, 23, "unknown chart crush_heatmap field 'colour'"),
    ("chart: crush_heatmap  big\n", 1, 23, "a word too many: 'big'"),
    ("chart: crush_heatmap  covers=0-2  covers=3\n", 1, 35, "has covers= twice"),
    ("chart: crush_heatmap\nchart: crush_heatmap\n", 2, 1, "a second 'chart:' line (the first is on line 1)"),
    ("title: A\ntitle: B\nchart: crush_heatmap\n", 2, 1, "a second 'title:'"),
    ("map:\n  0 0\nchart: crush_heatmap\n", 1, 1, "'map:' does not belong in a chart file"),
    ("use: jumping\nchart: crush_heatmap\n", 1, 1, "'use:' does not belong in a chart file"),
    ("chart: crush_heatmap\n  stray words\n", 2, 3, "'stray' is outside any section"),
])
def test_bad_chart_lines_name_the_line_and_column(text, line, column, words):
    with pytest.raises(ScenarioError) as err:
        parse_diagram(text, source="bad.hex")
    assert (err.value.source, err.value.line, err.value.column) == ("bad.hex", line, column)
    assert words in str(err.value)
    assert str(err.value).startswith(f"bad.hex:{line}:{column}: ")


def test_a_chart_built_in_code_is_checked():
    assert Chart("crush_heatmap", frame=(3, 4)).computed().frame == (3, 4, Fraction(3, 2))
    for kwargs, words in [({"kind": "pie"}, "chart kind 'pie'"), ({"kind": "crush_heatmap", "covers": (0, 99)},
                                                                  "Cover 99 is not a whole number from 0 to 12"),
                          ({"kind": "crush_heatmap", "covers": "0-6"}, "is not a list of whole numbers"),
                          ({"kind": "crush_heatmap", "resolves": ()}, "resolves= names no Resolve"),
                          ({"kind": "crush_heatmap", "frame": (3, 8)}, "Resolve 8 is not charted"),
                          ({"kind": "crush_heatmap", "frame": (3.0, 4)}, "Cover 3.0 is not charted"),
                          ({"kind": "crush_expected_damage", "frame": (3, 4)}, "has no frame"),
                          ({"kind": "crush_heatmap", "title": "two\nlines"}, "not one line of text")]:
        with pytest.raises(ScenarioError, match=words):
            Chart(**kwargs)


def test_the_command_draws_a_chart_file_into_an_svg(tmp_path):
    f = tmp_path / "heat.hex"
    f.write_text(HEATMAP)
    run = subprocess.run([_script(), "draw", str(f)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    svg = (tmp_path / "heat.svg").read_text()
    assert "<text" in svg and "(framed: Cover 3 vs Resolve 4, 3/2)" in svg and ">1.5<" in svg
    first = (tmp_path / "heat.svg").read_bytes()
    subprocess.run([_script(), "draw", str(f), "-o", str(tmp_path / "again.svg")], check=True, capture_output=True)
    assert (tmp_path / "again.svg").read_bytes() == first
    f.write_text("chart: crush_heatmap  covers=0-6  frame=3,9\n")
    run = subprocess.run([_script(), "draw", str(f), "-o", str(tmp_path / "bad.svg")], capture_output=True, text=True)
    assert run.returncode == 1 and f"{f}:1:43: frame=3,9: Resolve 9 is not charted" in run.stderr
    assert not (tmp_path / "bad.svg").exists()


# --- the command -----------------------------------------------------------------------------------


def _script() -> str:
    return str(Path(sys.executable).parent / "hexrules")


def test_the_console_script_is_installed_and_draws_an_editable_svg(tmp_path):
    # `make` installs the package editable into .venv (README set-up): pyproject's
    # [project.scripts] puts `hexrules` beside the interpreter.
    f = tmp_path / "knuckle.hex"
    f.write_text(KNUCKLE)
    run = subprocess.run([_script(), "draw", str(f)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    svg = (tmp_path / "knuckle.svg").read_text()
    assert "<text" in svg
    first = (tmp_path / "knuckle.svg").read_bytes()
    subprocess.run([sys.executable, "-m", "hexrules", "draw", str(f), "-o", str(tmp_path / "again.svg")], check=True,
                   capture_output=True)
    assert (tmp_path / "again.svg").read_bytes() == first


def test_the_command_writes_png_and_pdf_at_a_size(tmp_path):
    f = tmp_path / "k.hex"
    f.write_text(KNUCKLE)
    subprocess.run([_script(), "draw", str(f), "-o", str(tmp_path / "k.png"), "--width", "600px", "--dpi", "100",
                    "--theme", "print"], check=True, capture_output=True)
    png = (tmp_path / "k.png").read_bytes()
    assert png.startswith(b"\x89PNG") and int.from_bytes(png[16:20], "big") == 600
    subprocess.run([_script(), "draw", str(f), "-o", str(tmp_path / "k.pdf"), "--width", "12cm", "--text", "outline"],
                   check=True, capture_output=True)
    assert (tmp_path / "k.pdf").read_bytes().startswith(b"%PDF")


def test_a_bad_file_gets_the_error_with_line_and_column_and_no_output(tmp_path):
    f = tmp_path / "bad.hex"
    f.write_text(KNUCKLE.replace('on="RX-78-2 Gundam"', 'on="RX-78-3 Gundam"'))
    run = subprocess.run([_script(), "draw", str(f)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 1
    assert f"{f}:12:" in run.stderr and "no unit 'RX-78-3 Gundam'" in run.stderr
    assert "Traceback" not in run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.hex"]
    run = subprocess.run([_script(), "draw", str(f), "--width", "wide"], capture_output=True, text=True)
    assert run.returncode == 1 and "size 'wide' is not a positive number" in run.stderr


def test_the_command_is_declared_in_pyproject():
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert '[project.scripts]\nhexrules = "hexrules.cli:main"' in text
    assert os.access(_script(), os.X_OK)


def test_a_fresh_clone_installs_the_console_script(tmp_path):
    # The README's set-up installs the kit editable from its clone, without build isolation:
    # done here on a fresh clone of this commit, into a prefix of its own, the install makes
    # bin/hexrules, which draws from that clone's code.
    root = Path(__file__).resolve().parents[1]
    head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(root), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", head.stdout.strip()], check=True)
    prefix = tmp_path / "prefix"
    uv = Path(sys.executable).parent / "uv"  # the installer tools/kitenv.py uses, as it uses it
    subprocess.run([str(uv), "pip", "install", "--quiet", "--offline", "--python", sys.executable, "--no-deps",
                    "--no-build-isolation", "--prefix", str(prefix), "-e", str(clone)], check=True, capture_output=True)
    script = prefix / "bin" / "hexrules"
    assert os.access(script, os.X_OK)
    f = tmp_path / "k.hex"
    f.write_text(KNUCKLE)
    env = {**os.environ, "PYTHONPATH": str(clone)}
    run = subprocess.run([str(script), "draw", str(f), "-o", str(tmp_path / "k.svg")], capture_output=True, text=True,
                         env=env)
    assert run.returncode == 0, run.stderr
    assert "<text" in (tmp_path / "k.svg").read_text()


# --- free text keeps its '#' (issue 32): a caption or a title is text as written, as a scenario's title: is


@pytest.mark.parametrize("line", ["a #1 b", "#1 first", 'x "y" #z', "No.#1 and \"#2 quoted\"", 'the 5" gun'])
def test_a_caption_with_a_hash_or_a_quote_reads_back_as_written(line):
    # a caption line is the rest of its line as written, like a scenario's title: a '#' in it is
    # text, not a comment (it lost the rest of the line on a round trip), a double quote is a quote
    d = Diagram.from_text(f"use: elevation\ncaption: {line}\n")
    assert d.data.caption == (line,)
    again = Diagram.from_text(d.to_text())
    assert again == d and again.data.caption == (line,)
    built = Diagram(d.scenario.replace(sections={"diagram": DiagramData(caption=(line,))}))
    assert Diagram.from_text(built.to_text()) == built


def test_the_lines_under_a_caption_keep_their_hash_and_a_comment_line_stays_a_comment():
    d = Diagram.from_text("use: elevation\ncaption: Zaku #1 moves\n    to hex #2, then #3\n"
                          "# a comment line, as everywhere in the file\ndraw:\n    labels off\n")
    assert d.data.caption == ("Zaku #1 moves", "to hex #2, then #3")
    assert Diagram.from_text(d.to_text()) == d


def test_an_empty_caption_line_and_spaces_around_one_read_back():
    # free text lost on a round trip, as the '#' was: an empty line between two lines (to_text
    # wrote 'caption:', read as no line) and the spaces around a line (read back without them)
    sc = Diagram.from_text("use: elevation\n").scenario
    built = Diagram(sc.replace(sections={"diagram": DiagramData(caption=("first", "", "  third  "))}))
    assert built.data.caption == ("first", "", "third")
    assert Diagram.from_text(built.to_text()) == built
    chart = Chart("crush_heatmap", title=" Crush ", caption=("", "b"))
    assert (chart.title, chart.caption) == ("Crush", ("", "b"))
    assert Diagram.from_text(chart.to_text()) == chart


def test_a_chart_keeps_the_hash_of_its_title_and_caption():
    c = parse_diagram("title: Crush #1\ncaption: see #2 and \"#3\"\n  and #4\nchart: crush_heatmap\n")
    assert (c.title, c.caption) == ("Crush #1", ('see #2 and "#3"', "and #4"))
    built = Chart("crush_heatmap", title="No. #1", caption=("a #1 b", "#2"))
    assert Diagram.from_text(built.to_text()) == built


_FREE_TEXT = st.text(st.characters(categories=("L", "M", "N", "P", "S", "Zs")), max_size=30)


@settings(max_examples=60, deadline=None)
@given(st.builds(lambda a, b: a + "#" + b, _FREE_TEXT, _FREE_TEXT), _FREE_TEXT)
def test_a_caption_with_a_hash_round_trips(line, other):
    """Property: any caption line with a '#' in it (and any other line) reads back as it was
    written, stripped, in a board diagram and in a chart."""
    sc = Diagram.from_text("use: elevation\n").scenario
    d = Diagram(sc.replace(sections={"diagram": DiagramData(caption=(line, other))}))
    again = Diagram.from_text(d.to_text())
    assert again == d and again.data.caption == (line.strip(), other.strip())
    c = Chart("crush_heatmap", title=other, caption=(line,))
    assert Diagram.from_text(c.to_text()) == c


# --- text the pictures cannot draw (issue 32) -----------------------------------------------------------

#: One character of each kind a picture cannot draw (tests/test_scenario_text.py: UNDRAWABLE says
#: how each fails); each is refused at parse time, where it stands.
UNDRAWABLE = ["\ud800", "\x01", "\x7f", "\t", "\ufeff", "\uffff", "\ufdd0"]
#: Characters that draw (some as a box: DejaVu Sans has no glyph for them), one of each other kind:
#: a letter, a combining mark, format characters (zero-width space, right-to-left override, soft
#: hyphen, word joiner, language tag), private use, unassigned, an emoji, CJK, '$' alone.
DRAWABLE = "Zé\u0301\u200b\u202e\u00ad\u2060\U000e0001\ue000\u0378\U0001f642\u4e2d$"


@pytest.mark.parametrize("bad", UNDRAWABLE, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("text, line, column", [
    ("use: elevation\ncaption: see {}here\n", 2, 14),                              # a caption line
    ("use: elevation\ncaption: first\n    and {}then\n", 3, 9),                    # a line under it
    ('use: elevation\ndraw:\n    text C3 "+{}2"\n', 3, 15),                        # a text's words
    ('use: elevation\ndraw:\n    hexes C3 label="a{}b"\n', 3, 22),                 # a legend label
    ("title: Cru{}sh\ncaption: x\nchart: crush_heatmap\n", 1, 11),                # a chart's title
    ("caption: a {}b\nchart: crush_heatmap\n", 1, 12),                            # a chart's caption
])
def test_a_diagram_text_the_pictures_cannot_draw_is_refused_where_it_stands(text, line, column, bad):
    with pytest.raises(ScenarioError) as info:
        parse_diagram(text.format(bad), source="bad.hex")
    e = info.value
    assert (e.source, e.line, e.column) == ("bad.hex", line, column), str(e).encode("unicode_escape")
    assert repr(bad)[1:-1] in str(e) and f"U+{ord(bad):04X}" in str(e)


@pytest.mark.parametrize("bad", UNDRAWABLE, ids=lambda c: f"U+{ord(c):04X}")
def test_a_caption_or_text_the_pictures_cannot_draw_is_refused_in_python_too(bad):
    with pytest.raises(ScenarioError, match=re.escape(f"U+{ord(bad):04X}")):
        DiagramData(caption=(f"a{bad}b",))
    with pytest.raises(ScenarioError, match=re.escape(f"U+{ord(bad):04X}")):
        Chart("crush_heatmap", title=f"a{bad}b")
    sc = Diagram.from_text("use: elevation\n").scenario
    with pytest.raises(HexrulesError, match=re.escape(f"U+{ord(bad):04X}")):
        sc.replace(sections={"diagram": DiagramData(items=(Item("text", (sc.board.hex("C3"), f"+{bad}")),))})


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf"])
@pytest.mark.parametrize("text", ["text", "outline"])
def test_every_other_character_draws(fmt, text):
    # how the characters the kit refuses were found: each kind drawn in a unit's name, a title and a
    # caption, into every format; these draw (a box for a glyph the font lacks), and an SVG stays XML
    import warnings
    import xml.etree.ElementTree as ET

    d = parse_diagram(f'title: T {DRAWABLE}\nmap:\n  0 0 0\nunits:\n  "{DRAWABLE}" side=zeon at=A1\n'
                      f'caption: C {DRAWABLE}\ndraw:\n  text B1 "{DRAWABLE}"\n')
    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Glyph .* missing from font")
        save_figure(d.figure(text=text), buf, fmt, dpi=40, text=text)
    if fmt == "svg":
        ET.fromstring(buf.getvalue())
