"""The Crush explorers (notebook 08): built from EXPLORERS, updated in place, values exact."""

from __future__ import annotations

import random
from fractions import Fraction

import ipywidgets as widgets
import numpy as np
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from hexrules.dice import damage_distribution, expected_damage_table, vehicle_distribution  # noqa: E402
from hexrules.options import DEFAULT  # noqa: E402
from hexrules.widgets.base import CSS_CLASS, Explorer  # noqa: E402
from hexrules.widgets.crush import EXPLORERS, CollapseExplorer, DamageExplorer, VehicleExplorer  # noqa: E402


pytestmark = pytest.mark.usefixtures("close_figures")


def _poke(control: widgets.Widget, rng: random.Random) -> None:
    if isinstance(control, widgets.Button):
        control.click()
    elif isinstance(control, (widgets.IntSlider, widgets.BoundedIntText)):
        control.value = rng.randint(control.min, control.max)
    elif isinstance(control, (widgets.Dropdown, widgets.ToggleButtons)):
        control.value = rng.choice([v for _, v in control._options_full]) if hasattr(control, "_options_full") else rng.choice(control.options)
    elif isinstance(control, widgets.Checkbox):
        control.value = not control.value


@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_explorers_update_one_figure_in_place(name):
    ex = EXPLORERS[name]()
    assert isinstance(ex, Explorer) and CSS_CLASS in ex._dom_classes
    figures = plt.get_fignums()
    artists = (len(ex.figure.axes), [len(ax.patches) for ax in ex.figure.axes])
    rng = random.Random(11)
    for _ in range(25):
        key = rng.choice(list(ex.controls))
        _poke(ex.controls[key], rng)
        assert "hexrules-error" not in ex.explanation.value
    assert plt.get_fignums() == figures
    assert len(ex.figure.axes) == artists[0]
    assert ex.updates > 10


def test_damage_explorer_shows_exact_values():
    ex = DamageExplorer(cover=3, resolve=4)
    assert ex.distribution.at_least(2) == Fraction(1, 2)  # the notebook's exercise
    heights = [b.get_height() for b in ex.bars]
    assert heights == pytest.approx([1 / 8, 3 / 8, 3 / 8, 1 / 8, 0, 0, 0])
    bars = list(ex.bars)
    ex.controls["cover"].value = 5
    ex.controls["resolve"].value = 2
    assert ex.bars == bars  # the same bar artists, new heights
    d = damage_distribution(5, 2)
    assert [b.get_height() for b in ex.bars[:6]] == pytest.approx([float(d[k]) for k in range(6)])
    table = expected_damage_table(range(7), range(1, 8))
    assert np.allclose(np.asarray(ex.img.get_array()), [[float(x) for x in row] for row in table])
    assert ex.frame.get_xy() == (0.5, 4.5)  # Resolve 2 is column 1, Cover 5 is row 5
    ex.controls["metric"].value = "P(at least 2)"
    assert ex.img.get_array()[3][3] == pytest.approx(0.5)  # Cover 3, Resolve 4
    assert "1/2" in ex.explanation.value or "P(≥ k)" in ex.explanation.value


def test_vehicle_explorer_compares_c4_readings():
    ex = VehicleExplorer(cover=1, shield=4, resolve=2)
    # one die: Minor tally 1 with 2/6 (Major only) or 3/6 (Major also Minor)
    assert ex.bars_only[1].get_height() == pytest.approx(1 / 3)
    assert ex.bars_also[1].get_height() == pytest.approx(1 / 2)
    assert ex.bars_hp[1].get_height() == pytest.approx(1 / 6)
    ex.controls["shield"].value = 5
    assert ex.bars_hp[1].get_height() == 0  # Shield 5 + Resolve 2 = 7: Major impossible
    assert ex.table[(5, 2)] == (Fraction(1, 3), Fraction(0))
    ex.controls["cover"].value = 4
    v = vehicle_distribution(4, 5, 2, options=DEFAULT.replace(crush_major_also_minor=True))
    assert [b.get_height() for b in ex.bars_also[:5]] == pytest.approx([float(v.minor[k]) for k in range(5)])
    ex.controls["shield"].value = 7  # no die reaches a modified Shield of 7 (C4): the table's top row, framed
    assert ex.frame.get_visible() and ex.frame.get_xy() == (0.5, 5.5)  # Resolve 2 is column 1, Shield 7 row 6
    assert ex.table[(7, 2)] == (Fraction(0), Fraction(0))


def test_collapse_explorer_steps_and_routes():
    ex = CollapseExplorer(seed=1)
    faces = ex.art.faces
    res = ex.result
    assert res.affected == ("Rangers", "Sentinel") and res.touching == ("Scouts",)
    # the slider counts from 1, like the caption "step k/n"
    assert (ex.controls["step"].min, ex.controls["step"].max) == (1, len(res.steps))
    assert ex.step.kind == "traverse"
    assert ex.ax.get_title(loc="left").startswith(f"step 1/{len(res.steps)} ")
    ex.controls["next"].click()
    assert ex.step.kind == "collapse"
    ex.controls["step"].value = ex.controls["step"].max
    assert ex.step.kind == "done"
    assert ex.ax.get_title(loc="left").startswith(f"step {ex.controls['step'].value}/{len(res.steps)} ")
    assert "who took what" in ex.explanation.value
    ex.controls["next"].click()  # wraps round to the first step
    assert ex.controls["step"].value == 1
    seed = ex.controls["seed"].value
    ex.controls["reroll"].click()
    assert ex.controls["seed"].value == seed + 1
    ex.controls["cover"].value = 0  # Cover 0 before the reduction: no dice (C2)
    assert all(r.dice == () for r in ex.result.resolutions)
    assert "die" not in [s.kind for s in ex.result.steps]
    ex.controls["cover"].value = 3
    ex.controls["route"].value = 1  # stop on the piece: the vehicle itself is affected
    assert "Grinder" in ex.result.affected
    assert ex.art.faces is faces


def test_a_long_step_is_written_whole_above_the_map_inside_the_figure():
    # New-user trial: "step 18/19 · Grinder (vehicle): rolls 4 dice ... and …" cut the step's
    # line. A vehicle's roll (C4) names both thresholds; the line above the map says it whole,
    # on two lines, inside the figure.
    ex = CollapseExplorer(seed=2)
    ex.controls["cover"].value = 4
    ex.controls["route"].value = 1
    ex.controls["step"].value = 18
    assert "Shield + Resolve 5 + 2 = 7 (Major on 7+, impossible on a D6): 3 nothing, 5 Minor, 2 nothing, 5 Minor." in \
        " ".join(ex.ax.get_title(loc="left").split())
    for k in range(1, ex.controls["step"].max + 1):
        ex.controls["step"].value = k
        line = " ".join(ex.step.text.splitlines()[0].split())
        title = " ".join(ex.ax.get_title(loc="left").split())
        assert ex.ax.get_title(loc="left").count("\n") <= 1
        if len(line) <= 2 * CollapseExplorer.STEP_LINE:  # two lines' worth: written whole
            assert title.endswith(line) and "…" not in title, (k, title)
        else:  # a paragraph (the traverse): its start, the rest below the map
            assert title.endswith(" …") and line.startswith(title.split(" · ", 1)[1][:-2]), (k, title)
        ex.figure.canvas.draw()
        box = ex.ax._left_title.get_window_extent()
        assert ex.figure.bbox.x0 <= box.x0 and box.x1 <= ex.figure.bbox.x1 and box.y1 <= ex.figure.bbox.y1, (k, box)
    plt.close(ex.figure)



def test_at_the_last_step_the_assign_policy_says_when_it_changes_nothing_in_this_roll():
    # A new-user trial switched Assign (C3) and saw nothing change, with no word why. The Rangers
    # (R1 1 wound, R2 2 wounds; Resolve 4) are the squad affected by the Grinder's traverse.
    # Seed 2: no Rangers die reaches Resolve 4, 0 damage: no policy has anything to assign.
    # Seed 0: 2 damage: R1 (fewest left) then R2, or R2 (most left) then R1 (tie: listed order):
    # one each, whatever the policy. Seed 1: 1 damage goes to R1 (fewest_remaining, listed) or
    # R2 (spread): there the policy decides, and no note is written.
    ex = CollapseExplorer(seed=2)
    last = ex.controls["step"].max
    ex.controls["step"].value = last
    assert "Assign (C3): changes nothing in this roll: no squad took damage" in ex.explanation.value
    ex.controls["step"].value = 1  # the note is the last step's, with the C4 line
    assert "Assign (C3)" not in ex.explanation.value
    ex.controls["seed"].value = 0
    ex.controls["step"].value = ex.controls["step"].max
    assert "Assign (C3): changes nothing in this roll: every policy shares out the damage the same way" \
        in ex.explanation.value
    ex.controls["seed"].value = 1
    ex.controls["step"].value = ex.controls["step"].max
    assert "Assign (C3)" not in ex.explanation.value


def test_a_step_before_the_last_says_the_crush_goes_on():
    # A new-user trial changed the Route to "stop on the piece" at step 11: the slider stayed on
    # step 11, now of 16, the text listed the Grinder as affected, and its dice came 4 presses
    # later with nothing saying the result shown was partial. Every step but the last says so.
    ex = CollapseExplorer(seed=2)
    st = ex.controls["step"]
    for i in range(st.min, st.max):
        st.value = i
        assert f"step {i} of {st.max}: press Next step" in ex.explanation.value, i
    st.value = st.max
    assert "press Next step" not in ex.explanation.value and "who took what" in ex.explanation.value

def test_collapse_explorer_highlights():
    ex = CollapseExplorer(seed=1, step=3)  # the "affected" step (third)
    b = ex.scenario.board
    affected = ex.outlines["affected"].get_paths()
    touching = ex.outlines["touching"].get_paths()
    assert len(affected) == 3  # R1 on D2, R2 on E2, Sentinel on D4
    assert len(touching) == 2  # S1 on C2, S2 on F2
    assert ex.step.kind == "affected" and b.hex("D2") in ex.result.piece.hexes
    assert len(ex.outlines["current"].get_paths()) == 0
    ex.controls["next"].click()  # first die of the Rangers: their models on the piece in gold
    assert ex.step.kind == "die" and len(ex.outlines["current"].get_paths()) == 2


def test_collapse_title_is_not_doubled():
    ex = CollapseExplorer(seed=1)
    assert ex.title.value.count("Crush:") == 1


def test_collapse_heading_is_the_title_and_a_scenario_with_crush_sections_is_accepted():
    from hexrules import parse_scenario

    sc = parse_scenario("title: A tank and a ruin\nmap:\n 0 0 0\npieces:\n Ruin cover=2 hexes=B1\n"
                        "squads:\n S resolve=4\n  m at=B1\nvehicles:\n Tank at=A1 shield=4 resolve=2 hp=5\n"
                        "paths:\n Tank A1 B1 C1\n")
    ex = CollapseExplorer(sc, seed=1)
    assert ex.title.value == "<b>Crush: A tank and a ruin</b>"
    assert ex.result.affected == ("S",)  # m is on the piece (C2); the Tank drove across and off


def _heat_texts(ex):
    return [[t.get_text() for t in row] for row in ex.cells]


def test_bars_table_and_heatmap_write_one_number_in_one_format():
    # Issue 9 part 8: bars labelled 12% / 38% for 12.5% / 37.5%; a heatmap labelled in % with a
    # colour bar from 0 to 1. Cover 3 against Resolve 4: p = 1/2, P(k) = 1/8, 3/8, 3/8, 1/8 (C3).
    ex = DamageExplorer(cover=3, resolve=4)
    assert [t.get_text() for t in ex.bar_texts[:4]] == ["12.5%", "37.5%", "37.5%", "12.5%"]
    for p in ("1/8 (12.5%)", "3/8 (37.5%)"):
        assert p in ex.explanation.value
    ex.controls["metric"].value = "P(at least 2)"
    # the cell of Cover 3, Resolve 4 (row 3, column 3): P(at least 2) = 4/8 = 1/2, as in the table
    assert _heat_texts(ex)[3][3] == "50%" and "1/2 (50%)" in ex.explanation.value
    ex.figure.canvas.draw()
    ticks = [t.get_text() for t in ex.colorbar.ax.get_yticklabels() if t.get_text()]
    assert ticks and all(t.endswith("%") for t in ticks), ticks  # the colour bar speaks in % too
    assert ticks[0] == "0%" and ticks[-1] == "100%"
    ex.controls["metric"].value = "expected damage"  # Cover x p: Cover 3, Resolve 4 gives 3/2
    assert _heat_texts(ex)[3][3] == "1.5"
    ex.figure.canvas.draw()
    ticks = [t.get_text() for t in ex.colorbar.ax.get_yticklabels() if t.get_text()]
    assert not any(t.endswith("%") for t in ticks) and ticks[-1] == "6"  # expected damage, 0 to 6


def test_vehicle_table_cells_and_text_table_agree():
    # Shield 4, Resolve 2, Cover 1: one die, Minor on 4-5 (2/6 = 33.3%), Major on 6 (1/6 = 16.7%) (C4).
    ex = VehicleExplorer(cover=1, shield=4, resolve=2)
    cell = ex.cells[3][1].get_text()  # Shield 4 is row 3, Resolve 2 column 1
    assert cell == "33.3%\n16.7%"
    assert "33.3% / 16.7%" in ex.explanation.value
    assert [t.get_text() for t in ex.texts_only[:2]] == ["66.7%", "33.3%"]  # P(0 Minor) = 4/6, P(1) = 2/6


def test_step_slider_range_follows_the_steps_and_the_end_stays_the_end():
    # C2: each affected unit rolls the pre-reduction Cover in dice. The walk: traverse, collapse,
    # affected, then per affected unit one step per die and one for its damage, then done.
    # Cover 3, driving across (Rangers and Sentinel affected): 3 + 2 * (3 + 1) + ... = 2 + 1 + 4 + 4 + 1 = 12.
    ex = CollapseExplorer(seed=1)
    st = ex.controls["step"]
    assert (st.min, st.max) == (1, 12)
    st.value = st.max  # the end: who took what
    ex.controls["route"].value = 1  # stop on the piece: Grinder affected too, 12 + 4 = 16 steps
    assert (st.min, st.max, st.value) == (1, 16, 16) and ex.step.kind == "done"
    ex.controls["cover"].value = 5  # 3 units x (5 dice + 1) + 2 + 1 + 1 = 22
    assert (st.max, st.value) == (22, 22) and ex.step.kind == "done"
    st.value = 4  # mid-way: the step is kept where it still exists
    ex.controls["cover"].value = 0  # no dice (C2): traverse, collapse, affected, 3 unit steps, done = 7
    assert (st.max, st.value) == (7, 4)
    ex.controls["route"].value = 0  # 2 affected units: 6 steps
    assert (st.max, st.value) == (6, 4) and len(ex.result.steps) == 6
