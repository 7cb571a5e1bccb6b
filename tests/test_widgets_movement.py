"""Movement explorers: built under Agg, every control changed, the picture and text follow the rules.

Expected numbers are worked out by hand from RULES.md (e.g. M1: ground to height 1 costs 2).
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import html  # noqa: E402

import ipywidgets as widgets  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from hexrules.widgets.base import CSS_CLASS, Explorer  # noqa: E402
from hexrules.widgets.movement import (  # noqa: E402
    EXPLORERS,
    CompareExplorer,
    EngagementExplorer,
    HexExplorer,
    ReachExplorer,
    ScenarioExplorer,
    clear_reach,
)

GUNDAM, CHAR = "RX-78-2 Gundam", "Char's Zaku II"


pytestmark = pytest.mark.usefixtures("close_figures")


def _other_value(control):
    opts = [o[1] if isinstance(o, tuple) else o for o in control.options]
    return next(v for v in opts if v != control.value)


def _text(ex) -> str:
    return html.unescape(ex.explanation.value)


@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_every_explorer_builds_and_every_control_changes_what_it_shows(name):
    # Each control is changed once on a freshly built explorer (its default scenario), so that
    # the change matters by the rules (e.g. a Speed bonus on Advance, M2).
    probe = EXPLORERS[name]()
    assert isinstance(probe, Explorer) and CSS_CLASS in probe._dom_classes
    assert isinstance(probe.view, widgets.Image) and not probe.interactive  # Agg: a PNG image
    assert probe.figure.number in plt.get_fignums()
    changed_any = 0
    for key in list(probe.controls):
        ex = EXPLORERS[name]()
        figures = len(plt.get_fignums())
        control = ex.controls[key]
        if len(getattr(control, "options", (1, 2))) < 2:
            continue  # e.g. a unit dropdown on a board with one moving unit: nothing to change to
        before, text, updates = bytes(ex.view.value), ex.explanation.value, ex.updates
        if isinstance(control, widgets.Button):
            control.click()
        elif isinstance(control, widgets.Checkbox):
            control.value = not control.value
        elif isinstance(control, widgets.IntSlider):
            control.value = control.max if control.value != control.max else control.min
        else:
            control.value = _other_value(control)
        assert ex.updates > updates, key
        assert bytes(ex.view.value).startswith(b"\x89PNG")
        assert len(plt.get_fignums()) == figures  # callbacks never make figures
        if not isinstance(control, widgets.Button):  # a Reset at the start changes nothing
            assert bytes(ex.view.value) != before or ex.explanation.value != text, f"{name}: {key} changed nothing"
            changed_any += 1
        plt.close(ex.figure)
    assert changed_any >= 1


def test_reach_elevation_breakdown_totals():
    ex = ReachExplorer("elevation", target="C2")
    # M1: ground (C3) straight to height 2 (C2) costs 1 + 2 = 3, within Advance 3.
    assert ex.cost.total == 3 and ex.cost.legal
    assert "Total 3 of 3 movement points: legal." in ex.explanation.value
    ex.controls["target"].value = "D3"  # ground to height 1: 2
    assert ex.cost.total == 2 and "Total 2 of 3" in ex.explanation.value
    shown = ex.art.texts_shown("costs")
    b = ex.scenario.board
    assert shown[b.hex("D3")] == "2" and shown[b.hex("B3")] == "1" and shown[b.hex("C2")] == "3"
    # D2 is height 2 beyond D3: 2 + 2 = 4 > 3, so out of reach; the path is explained as illegal (M1).
    ex.controls["target"].value = "D2"
    assert ex.cost.total == 4 and not ex.cost.legal and "(ruling M1)" in ex.explanation.value
    assert b.hex("D2") not in ex.art.texts_shown("costs")
    arrows = [a for a in ex.art.arrow_layers["path"] if a.get_visible()]
    assert len(arrows) == 2 and matplotlib.colors.to_hex(arrows[0].get_edgecolor()) == "#c0392b"


def test_reach_an_out_of_reach_target_picture_text_and_table_agree():
    # Issue 9 part 1: target F1 on the elevation board. Every cheapest path from C3 costs 6 (M1,
    # worked in tests/test_movement.py: e.g. C3 -> D3 -> E3 -> E2 -> F1 = 2 + 1 + 2 + 1), whatever
    # the allowance: Speed 0 Advance 3, Dash 2, Speed 4 Advance 7.
    from test_movement import CHEAPEST_TO_F1

    ex = ReachExplorer("elevation", target="F1")
    b = ex.scenario.board
    for speed, kind, allowance in ((0, "advance", 3), (0, "dash", 2), (4, "advance", 7)):
        with ex.hold():
            ex.controls["speed"].value, ex.controls["kind"].value = speed, kind
        c = ex.cost
        labels = tuple(b.label(h) for h in c.path)
        costs = CHEAPEST_TO_F1[labels]
        running = [sum(costs[: i + 1]) for i in range(4)]
        text = html.unescape(ex.explanation.value)
        assert f"cost 6 of {allowance}" in text and f"Total 6 of {allowance} movement points" in text
        # the picture: the whole path to F1 drawn, as many arrows as steps in the breakdown
        arrows = [a for a in ex.art.arrow_layers["path"] if a.get_visible()]
        assert len(arrows) == 4 == len(c.steps)
        first = next((i for i, r in enumerate(running) if r > allowance), None)
        unpaid = ex.art.texts_shown("unpaid")
        if first is None:
            assert c.legal and unpaid == {} and "legal" in text
            continue
        # red numbers on the hexes beyond the allowance: the breakdown's running totals
        assert unpaid == {b.hex(labels[i + 1]): str(running[i]) for i in range(first, 4)}
        assert unpaid[b.hex("F1")] == "6"
        assert f"it stops on {labels[first]}" in text and "<td>no</td>" in ex.explanation.value


def test_reach_speed_adds_to_advance_only():
    ex = ReachExplorer("elevation", target="D2")
    ex.controls["speed"].value = 1  # M2: Advance 3 + 1 = 4, so D2 (cost 4) becomes legal
    assert ex.reach.allowance.total == 4 and ex.cost.legal
    assert "+ 1 Speed (M2)" in ex.explanation.value
    ex.controls["kind"].value = "dash"  # Dash 2, never Speed
    assert ex.reach.allowance.total == 2 and not ex.cost.legal
    ex.controls["target"].value = ""  # no target: no arrows
    assert ex.cost is None and not any(a.get_visible() for a in ex.art.arrow_layers["path"])


def test_reach_click_selects_the_target_and_unit_change_shows_its_speed():
    ex = ReachExplorer("terrain")
    assert ex.controls["speed"].value == 1  # the Gundam's Speed bonus in the scenario
    ex.click("A1")
    assert ex.controls["target"].value == "A1" and ex.cost is not None
    ex.controls["unit"].value = "GM"
    assert ex.controls["speed"].value == 0
    assert ex.reach.unit == "GM"


def test_reach_jumping_and_the_j1_switch():
    ex = ReachExplorer("jumping", target="D3", switches=("jump_climb",))
    b = ex.scenario.board
    # J1/J2: from height 1 over the lower Garrison (C3) to D3 at height 1: 2.
    assert ex.cost.total == 2 and ex.cost.legal
    assert b.hex("C3") in ex.reach.pass_only
    ex.controls["target"].value = "C4"  # ends one level higher: 1 + (1 + 1) = 3
    assert ex.cost.total == 3 and ex.cost.legal
    # The other reading of J1 charges elev(b) - elev(a) when elev(b) > s = 1: every way into
    # C4 (height 2) from a height-1 hex (D3, two steps away) costs 1 + 1 + 2 = 4, from the
    # ground 1 + 3 = 4 after one step: 4 > 3.
    ex.controls["jump_climb"].value = "relative_when_above_start"
    assert ex.cost.total == 4 and not ex.cost.legal


def test_engagement_explorer_follows_e1_e2_e5():
    ex = EngagementExplorer("engagement")
    text = ex.explanation.value
    # E1/E2: adjacent at the same elevation: both Engaged, Advance 3 - 1 = 2, Dash 2 - 1 = 1.
    assert text.count("allowance 2 = Advance 3 - 1") == 2 and text.count("allowance 1 = Dash 2 - 1") == 2
    assert len(ex.art.link_layers["engaged"].get_segments()) == 1
    ex.controls["hex"].value = "A1"  # Gundam moved away: nobody Engaged
    assert ex.state.unit(GUNDAM).hex == ex.scenario.board.hex("A1")
    assert "allowance 2 = Advance 3 - 1" not in ex.explanation.value and len(ex.art.link_layers["engaged"].get_segments()) == 0
    ex.controls["hex"].value = "D3"  # Char's hex: refused (M3), nothing moves, dropdown reverts
    assert "Not placed" in ex.explanation.value and "M3" in ex.explanation.value
    # the hex named as the map writes it (the trial saw "both on hex (1,2)" for a click on C3)
    assert "stands on D3: one unit per hex" in ex.explanation.value
    assert not re.search(r"\(-?\d+, ?-?\d+\)", ex.explanation.value)
    assert ex.controls["hex"].value == "A1"
    ex.controls["reset"].click()
    assert ex.state == ex.scenario.state and ex.controls["hex"].value == "C3"
    ex.controls["ignore"].value = True  # E5: the Gundam loses no movement; Char still does
    text = ex.explanation.value
    assert text.count("allowance 3 = Advance 3") == 1 and text.count("allowance 2 = Advance 3 - 1") == 1
    ex.controls["unit"].value = CHAR  # selecting a unit shows where it stands, moves nothing
    assert ex.controls["hex"].value == "D3" and ex.controls["ignore"].value is False
    assert ex.state.unit(CHAR).hex == ex.scenario.board.hex("D3")


def test_engagement_lower_enemy_does_not_engage():
    ex = EngagementExplorer("engagement_lower")
    text = _text(ex)
    assert "adjacent at another elevation, so not Engaged: Zaku II: Minelayer (E1)" in text
    assert "its attacks must include Char's Zaku II (E4)" in text
    assert len(ex.art.link_layers["engaged"].get_segments()) == 1  # Gundam-Char only
    assert len(ex.art.link_layers["near"].get_segments()) == 1  # Gundam-Minelayer, not Engaged


def test_compare_water_readings_side_by_side():
    ex = CompareExplorer("terrain", "water", target="C2")
    left, right = ex.costs
    # T1 "enter_cost": B3 -> B2 (1) -> C2 water (1 + 1) = 3; "allowance": water costs no extra
    # to enter, and the Gundam starts on open ground, so 1 + 1 = 2.
    assert (left.total, right.total) == (3, 2)
    assert "C2: 3 vs 2" in ex.explanation.value
    ex.controls["unit"].value = "GM"  # starts in water: "allowance" takes 1 from its Advance
    assert [r.allowance.total for r in ex.reaches] == [3, 2]
    assert [a.ax.get_title() for a in ex.arts] == ["water = enter_cost (T1)", "water = allowance (T1)"]


def test_compare_switch_change_offers_its_values():
    ex = CompareExplorer("jumping", "jump_climb", target="C4")
    assert [c.total for c in ex.costs] == [3, 4]  # J1 default and the other reading (see above)
    updates = ex.updates
    ex.controls["switch"].value = "water"
    assert ex.updates == updates + 1  # one redraw for the switch and its two value controls
    assert [o[1] for o in ex.controls["left"].options] == ["enter_cost", "allowance", "none"]
    assert "same reach" in ex.explanation.value  # no water on the jumping board


def test_hex_explorer_coordinates_and_neighbours():
    ex = HexExplorer("elevation", hex="C3", other="F1")
    # C3 is axial (1, 2); F1 is (5, 0): distance (|4| + |-2| + |-2|) / 2 = 4.
    assert "axial q=1, r=2" in _text(ex) and "C3 -> F1: 4 hexes" in _text(ex)
    assert len(ex.art.outline_layers["neighbours"].get_paths()) == 6
    ex.controls["hex"].value = "A1"  # a corner has two neighbours on the board: B1 and A2
    assert len(ex.art.outline_layers["neighbours"].get_paths()) == 2
    assert "neighbours on the board: " in ex.explanation.value
    ex.click("F5")
    assert ex.controls["hex"].value == "F5"


def test_scenario_explorer_shows_text_and_redraws_on_the_same_figure():
    ex = ScenarioExplorer("elevation")
    fig, ax = ex.figure, ex.ax
    ex.controls["scenario"].value = "jumping"
    assert "name: Jumping" in ex.explanation.value
    assert ex.figure is fig and ex.art.ax is ax and len(fig.axes) == 1


def test_a_scenario_changed_draws_the_picture_a_new_explorer_draws():
    # the scenario's board is drawn on the same axes after clear_board (its artists removed, its
    # axis, ticks and spines kept: ax.clear() built them anew, ~10 ms a change, issue 14); the
    # picture must be the one a new explorer of that scenario shows, pixel for pixel, whatever
    # board came before (smaller, larger, a Crush scenario's pieces)
    import io

    import numpy as np
    from PIL import Image

    from hexrules.plot import clear_board

    ex = ScenarioExplorer("elevation")
    ticks = ex.ax.xaxis.majorTicks
    for name in ("crush_hab_block", "carrier_deck", "terrain", "elevation"):
        ex.controls["scenario"].value = name
        fresh = ScenarioExplorer(name)
        got, want = (np.asarray(Image.open(io.BytesIO(e.png()))) for e in (ex, fresh))
        assert got.shape == want.shape and np.array_equal(got, want), name
        plt.close(fresh.figure)
    assert ex.ax.xaxis.majorTicks is ticks  # the axis kept, not built anew
    clear_board(ex.ax)
    assert not (ex.ax.collections or ex.ax.patches or ex.ax.texts or ex.ax.lines) and ex.ax.get_legend() is None
    plt.close(ex.figure)


def test_exercise_checks_a_prediction_against_the_engine():
    from hexrules import builtin
    from hexrules.movement import path_cost
    from hexrules.widgets.exercise import Exercise

    sc = builtin("elevation")
    cost = path_cost(sc.board, sc.state, GUNDAM, ["C3", "C2"])
    ex = Exercise("C3 -> C2?", cost.total, explanation=cost.explain(), unit="movement points")
    ex.controls["guess"].value = "2"
    ex.controls["check"].click()
    # issue 9 part 2: a first wrong answer gets a hint, not the answer (there is a second try)
    assert "Not quite" in ex.feedback.value and "the engine says 3" not in ex.feedback.value
    assert "The answer is more than 2 movement points." in ex.feedback.value  # said with what you said
    assert ex.check(3) and "Right: 3 movement points" in ex.feedback.value  # M1: 1 + 2 climb
    assert "hexrules-exercise" in ex._dom_classes


# --- bad input: refused at construction with a HexrulesError naming the value ---------------------

from hexrules.errors import BoardError, HexError, OptionsError, ScenarioError, StateError  # noqa: E402
from hexrules.widgets.base import ExplorerError  # noqa: E402

BAD_INPUT = [
    (lambda: ReachExplorer("elevation", target="ZZ9"), BoardError, "ZZ9"),
    (lambda: ReachExplorer("elevation", target="1A"), HexError, "1A"),
    (lambda: ReachExplorer("elevation", unit="Nobody"), StateError, "Nobody"),
    (lambda: ReachExplorer("elevation", kind="crawl"), ExplorerError, "crawl"),
    (lambda: ReachExplorer("elevation", switches=("colour",)), OptionsError, "colour"),
    (lambda: ReachExplorer("elevation", switches="water"), ExplorerError, "water"),
    (lambda: ReachExplorer("elevation", options={"water": "none"}), OptionsError, "water"),
    (lambda: ReachExplorer("nowhere"), ScenarioError, "nowhere"),
    (lambda: ReachExplorer(42), ExplorerError, "42"),
    (lambda: HexExplorer("elevation", hex="Q9"), BoardError, "Q9"),
    (lambda: HexExplorer("elevation", other=None), BoardError, "None"),
    (lambda: ScenarioExplorer("nowhere"), ScenarioError, "nowhere"),
    (lambda: EngagementExplorer("engagement", unit="Nobody"), StateError, "Nobody"),
    (lambda: CompareExplorer("terrain", "colour"), OptionsError, "colour"),
    (lambda: CompareExplorer("terrain", "water", left="lava"), OptionsError, "lava"),
    (lambda: CompareExplorer("terrain", "engagement_penalty", right=-1), OptionsError, "-1"),
    (lambda: CompareExplorer("terrain", "water", target="ZZ9"), BoardError, "ZZ9"),
    (lambda: CompareExplorer("terrain", "water", kind="fly"), ExplorerError, "fly"),
]


@pytest.mark.parametrize("make, error, value", BAD_INPUT)
def test_constructor_bad_input_raises_a_hexrules_error_naming_it(make, error, value, assert_explorer_refused):
    assert_explorer_refused(make, error, value)


def test_a_unit_with_a_large_speed_bonus_is_not_clamped():
    from hexrules import builtin

    sc = builtin("elevation")
    fast = type(sc)(sc.board, sc.state.replace_unit(GUNDAM, speed=6), sc.name)
    ex = ReachExplorer(fast)
    assert ex.controls["speed"].value == 6
    assert ex.reach.allowance.total == 9  # M2: Advance 3 + Speed 6


def test_target_may_be_a_hex_and_the_two_compare_explorers_share_one_base():
    from hexrules import builtin

    sc = builtin("elevation")
    ex = ReachExplorer(sc, target=sc.board.hex("C2"))
    assert ex.controls["target"].value == "C2" and ex.cost.total == 3  # M1: 1 + 2 climb
    cmp = CompareExplorer("terrain", "engagement_penalty", left=2)
    assert cmp.controls["left"].value == 2 and [o.engagement_penalty for o in cmp.readings()] == [2, 0]


def test_engagement_explorer_names_adjacent_enemies_that_are_not_engaged():
    # RULES.md E1: the Minelayer is adjacent to the Gundam but one level lower: not Engaged.
    ex = EngagementExplorer("engagement_lower")
    text = _text(ex)
    assert "adjacent at another elevation, so not Engaged: Zaku II: Minelayer (E1)" in text
    assert len(ex.art.link_layers["near"].get_segments()) == 1
    assert len(ex.art.link_layers["engaged"].get_segments()) == 1


def test_reach_explorer_after_its_controls_change_draws_what_the_overlays_draw_directly():
    # issue 8 part 8: after a unit, a movement and targets were chosen and changed, the explorer's
    # one figure shows exactly what draw_board draws from the same rule results (no stale layer:
    # an old path, target or cost left behind), pixel for pixel.
    import numpy as np

    from hexrules import builtin
    from hexrules import movement as mv
    from hexrules.plot import draw_board, move_cost_overlays, new_figure, reach_legend

    ex = ReachExplorer("engagement", target="F5")
    ex.controls["unit"].value = CHAR
    ex.controls["kind"].value = "dash"
    ex.controls["target"].value = "A1"  # out of reach: a red dashed path
    ex.controls["unit"].value = GUNDAM
    ex.controls["kind"].value = "advance"
    ex.controls["target"].value = "B2"
    sc = builtin("engagement")
    reach = mv.reachable(sc.board, sc.state, GUNDAM, "advance")
    cost = mv.path_to(sc.board, sc.state, GUNDAM, "B2", "advance")
    assert reach.allowance.total == 2 and cost.total == 1 and cost.legal  # E2: Advance 3 - 1 Engaged
    fig, (ax,) = new_figure(sc.board)
    path = {k: v for k, v in move_cost_overlays(cost).items() if k != "texts"}  # the tiles carry the numbers
    art = draw_board(sc.board, sc.state, ax=ax, costs=reach.costs, legend=False, **path)
    art.legend(sc.state, reach_legend())

    def pixels(figure):
        figure.canvas.draw()
        return np.asarray(figure.canvas.buffer_rgba()).copy()

    shown, direct = pixels(ex.figure), pixels(fig)
    assert shown.shape == direct.shape
    assert ex.art.texts_shown("costs") == art.texts_shown("texts")
    differing = int((shown != direct).any(axis=2).sum())
    assert differing == 0, f"{differing} pixels differ between the explorer and the direct drawing"


# --- M5: an ability's "move N hexes", and a Garrison moved by one ------------------------------------

# hexrules/scenarios/garrison_ability.hex: the Federation Garrison on B3 (ground) is Engaged with
# Char's Zaku II on C3 (E1). Odd-r: B3 = (0,2) touches A2, B2, C3, A3, A4, B4; B2 (height 1) =
# (1,1) touches B1 (height 1) and C1 (height 2). Move 3: by default 3 - 1 Engaged = 2 (E2), and
# climbs cost as ever: B2 1 + 1 = 2; C1 via B2 2 + (1 + 1) = 4, out of reach. With "ignores":
# allowance 3, every step 1: B2 1, C1 2 (B3 -> B2 -> C1).
GARRISON = "Federation Garrison"


def test_reach_a_garrison_moves_by_an_ability_and_pays_by_default():
    ex = ReachExplorer("garrison_ability", unit=GARRISON, target="C1")
    assert ex.controls["kind"].value == "ability" and ex.controls["ability"].value == 3
    b = ex.scenario.board
    assert ex.reach.allowance.total == 2 and ex.reach.costs[b.hex("B2")] == 2
    assert b.hex("C1") not in ex.reach.costs and ex.cost.total == 4 and not ex.cost.legal
    assert "ability move 3 (M5) - 1 Engaged with Char's Zaku II (E2)" in _text(ex)


def test_reach_a_garrison_that_ignores_elevation_and_engagement():
    ex = ReachExplorer("garrison_ability", unit=GARRISON, target="C1", switches=("garrison_ability_move",))
    ex.controls["garrison_ability_move"].value = "ignores"
    b = ex.scenario.board
    assert ex.reach.allowance.total == 3 and ex.reach.costs[b.hex("B2")] == 1
    assert ex.cost.total == 2 and ex.cost.legal
    assert ex.art.texts_shown("costs")[b.hex("C1")] == "2"  # the picture says what the text says


def test_reach_a_garrison_told_to_advance_is_refused_and_the_picture_cleared():
    ex = ReachExplorer("garrison_ability", unit=GARRISON, target="C1")
    ex.controls["kind"].value = "advance"  # Garrisons never Advance (M2)
    assert ex.reach is None and ex.cost is None
    assert "does not Advance or Dash" in _text(ex) and "M2" in _text(ex)
    # in a player's words: what to choose on screen, not the Python call (a new-user trial saw
    # "kind=AbilityMove(n), M5" in red)
    assert "choose Ability" in _text(ex) and "AbilityMove" not in _text(ex) and "kind=" not in _text(ex)
    assert ex.art.texts_shown("costs") == {}  # no numbers of the movement before
    ex.controls["unit"].value = CHAR  # a unit: Advance 3 - 1 Engaged with the Garrison = 2
    assert ex.controls["kind"].value == "advance" and ex.reach.allowance.total == 2



@pytest.mark.parametrize("make", [lambda: ReachExplorer("garrison_ability", unit=GARRISON, target="C1"),
                                  lambda: CompareExplorer("garrison_ability", "garrison_ability_move", unit=GARRISON,
                                                          target="C1")])
def test_for_a_garrison_the_controls_say_it_moves_only_by_an_ability(make):
    # A new-user trial chose the Garrison, moved the Speed slider and tried Advance: nothing on
    # the map changed, and only the refusal's words said why. A Garrison never Advances or Dashes
    # (M2) and Speed adds to Advance only (M2): the Speed slider is off while a Garrison is
    # chosen, and the Movement buttons' tooltips say which movement it has (M5).
    ex = make()
    kind = ex.controls["kind"]
    assert list(kind.tooltips[:2]) == ["a Garrison does not Advance (M2)", "a Garrison does not Dash (M2)"]
    assert "M5" in kind.tooltips[2]
    if "speed" in ex.controls:
        assert ex.controls["speed"].disabled
    ex.controls["unit"].value = CHAR  # a unit that moves: every movement, and its Speed
    assert not any("Garrison" in t for t in kind.tooltips)
    if "speed" in ex.controls:
        assert not ex.controls["speed"].disabled
    ex.controls["unit"].value = GARRISON
    assert kind.value == "ability" and kind.tooltips[0] == "a Garrison does not Advance (M2)"

def test_reach_the_ability_slider_chooses_an_ability_and_speed_never_adds():
    # Lesson 02's board: the Gundam (C3, ground) with a Speed bonus of 1. Move 2 is 2 (M2, M5).
    ex = ReachExplorer("elevation", target="D3")
    ex.controls["speed"].value = 1
    ex.controls["ability"].value = 2
    assert ex.controls["kind"].value == "ability" and ex.reach.allowance.total == 2
    assert "Speed bonus 1 does not apply" in _text(ex)
    assert ex.cost.total == 2 and ex.cost.legal  # C3 -> D3 climbs one level: 1 + 1 (M1)


def test_compare_a_garrison_moved_by_an_ability_under_both_readings():
    ex = CompareExplorer("garrison_ability", "garrison_ability_move", unit=GARRISON, kind="ability", target="C1")
    cmp = ex.comparison
    assert not cmp.same and [a.total for a in cmp.allowances] == [2, 3]
    b = ex.scenario.board
    assert b.hex("C1") in cmp.gained and cmp.cost(b.hex("B2")) == (2, 1)
    assert [c.total for c in ex.costs] == [4, 2]
    ex.controls["kind"].value = "dash"  # a Garrison never Dashes (M2): both sides cleared
    assert ex.comparison is None and "M2" in _text(ex) and "AbilityMove" not in _text(ex)
    assert all(art.texts_shown("costs") == {} for art in ex.arts)


# --- the explorer draws what the plot functions draw -----------------------------------------------


def _drawn(art):
    """Every visible overlay of a BoardArtists as plain data: per layer, tile outlines and colours,
    cost texts (glyph outlines) and colours, outlines, path arrows (ends, colour, width, dashes).
    Empty layers are left out (an explorer keeps a cleared layer, a fresh figure never made it)."""
    from matplotlib import colors as mcolors

    def rounded(vertices):
        return [tuple(round(float(x), 6) for x in v) for v in vertices]

    def collection(pc):
        paths = [rounded(p.vertices) for p in pc.get_paths()]
        faces = [mcolors.to_hex(c, keep_alpha=True) for c in pc.get_facecolor()]
        edges = [mcolors.to_hex(c, keep_alpha=True) for c in pc.get_edgecolor()]
        return (paths, faces, edges, [float(w) for w in pc.get_linewidths()]) if paths and pc.get_visible() else None

    out = {}
    for kind in ("tile_layers", "text_layers", "outline_layers", "link_layers"):
        for key, pc in getattr(art, kind).items():
            data = collection(pc)
            if data is not None:
                out[kind, key] = data
    for key, pool in art.arrow_layers.items():
        arrows = [(rounded(a._posA_posB), mcolors.to_hex(a.get_edgecolor()), a.get_linewidth(), a.get_linestyle())
                  for a in pool if a.get_visible()]
        if arrows:
            out["arrow_layers", key] = arrows
    return out


def test_reach_explorer_after_its_controls_change_draws_what_the_plot_functions_draw():
    # Change the unit, its Speed bonus, the kind and the target; then draw the rules' own results
    # with draw_board and the plot functions on a fresh figure: the same tiles, cost numbers,
    # outlines and path arrows, colour for colour. (Expected costs: test_reach_* above and M1, M2.)
    from hexrules import builtin
    from hexrules import movement as mv
    from hexrules.plot import DEFAULT_THEME, draw_board, new_figure, path_style, reach_overlays, unaffordable_overlays

    sc = builtin("terrain")
    ex = ReachExplorer(sc)
    ex.controls["unit"].value = "GM"
    ex.controls["speed"].value = 2
    ex.controls["target"].value = "A1"
    for kind in ("advance", "dash"):
        ex.controls["kind"].value = kind
        state = sc.state.replace_unit("GM", speed=2)
        reach = mv.reachable(sc.board, state, "GM", kind)
        cost = mv.path_to(sc.board, state, "GM", "A1", kind)
        _, (ax,) = new_figure(sc.board)
        art = draw_board(sc.board, state, ax=ax)
        art.set_costs(reach_overlays(reach)["costs"], key="costs", halo=True)
        art.set_highlight(reach.pass_only, key="pass", color=DEFAULT_THEME.movement["pass"], width=2, linestyle="--")
        art.set_highlight(["A1"], key="target", color=DEFAULT_THEME.movement["target"])
        art.set_paths([cost.path], key="path", **path_style(cost))
        over = unaffordable_overlays(cost)
        art.set_texts(over["texts"], key="unpaid", color=DEFAULT_THEME.movement["path_bad"])
        art.set_highlight(over["first"], key="unpaid", color=DEFAULT_THEME.movement["path_bad"], width=2.5,
                          linestyle="--", inset=0.8)
        got, want = _drawn(ex.art), _drawn(art)
        assert ("tile_layers", "costs") in want and ("arrow_layers", "path") in want  # something to compare
        assert got.keys() == want.keys(), (kind, sorted(got.keys() ^ want.keys()))
        for layer in want:
            assert got[layer] == want[layer], (kind, layer)


def test_compare_explorer_after_a_series_of_changes_shows_the_pixels_of_a_fresh_one():
    # issue 14: what a redraw reuses (faces, hatches, tokens, unchanged layers, remembered rule
    # results) never leaves a stale pixel: after going to other readings, units, movements and
    # targets and back in another order, the figure is exactly that of an explorer built there
    import numpy as np

    def pixels(ex):
        ex.figure.canvas.draw()
        return np.asarray(ex.figure.canvas.buffer_rgba()).copy()

    ex = CompareExplorer("terrain", "water")
    pixels(ex)
    pixels(ex)  # reused pixels learnt
    c = ex.controls
    for name, value in [("target", "D2"), ("kind", "dash"), ("right", c["right"].options[0]), ("target", "A1"),
                        ("kind", "advance"), ("right", c["left"].options[-1]), ("target", "C3")]:
        c[name].value = value[1] if isinstance(value, tuple) else value
        pixels(ex)
    fresh = CompareExplorer("terrain", "water", target="C3", kind="advance", right=c["right"].value)
    assert [fresh.controls[n].value for n in c] == [c[n].value for n in c]
    assert np.array_equal(pixels(ex), pixels(fresh))


def test_an_explorer_that_remembers_results_still_shows_as_text():
    # a notebook shows a widget's repr as its text form; an attribute shadowing ipywidgets'
    # Widget._compare broke it (found by the latency benchmark's notebook)
    from hexrules.widgets.forced import CompareForcedExplorer

    for ex in (CompareExplorer("terrain", "water"), ReachExplorer("elevation"),
               CompareForcedExplorer("push_edge", "push", "push_off_board")):
        assert repr(ex).startswith(type(ex).__name__ + "(")


def test_scenario_explorer_draws_the_crush_pieces_of_a_crush_scenario():
    # trial defect: "crush_hab_block" showed the map and the ruin but no unit, since Crush keeps
    # its units in its own sections (squads:, vehicles:; C1, C2), not in units:. The file places
    # R1 on D2, R2 on E2, R3 on F1, S1 on C2, S2 on F2, the vehicles Sentinel on D4 and Grinder
    # on A3: seven tokens, two sides, as lesson 08 draws them.
    ex = ScenarioExplorer("crush_hab_block")
    art = ex.art
    where = {"Rangers/R1": "D2", "Rangers/R2": "E2", "Rangers/R3": "F1", "Scouts/S1": "C2", "Scouts/S2": "F2",
             "Sentinel": "D4", "Grinder": "A3"}
    assert set(art.units) == set(where)
    for name, label in where.items():
        token = art.units[name][0]
        if hasattr(token, "get_center"):  # a circle
            xy = token.get_center()
        elif hasattr(token, "numvertices"):  # a Garrison's square
            xy = token.xy
        else:  # a vehicle's rhombus: the middle of its corners
            xy = token.get_xy()[:4].mean(axis=0)
        assert tuple(xy) == pytest.approx(art.centre(label)), name
    legend = [t.get_text() for t in ex.ax.get_legend().get_texts()]
    assert "attackers" in legend and "defenders" in legend and "Garrison" not in legend  # a vehicle is no Garrison
    ex.controls["scenario"].value = "elevation"  # back to a scenario of units: its own units again
    assert set(ex.art.units) == {u.name for u in ex.scenario.state}


def test_the_offset_coordinates_say_they_count_from_0_beside_a_label_that_counts_from_1():
    # a new-user trial, lesson 01: "offset column 2, row 2" beside C3 read as a contradiction.
    # C3 is axial (1, 2): odd-r offset column q + (r - (r & 1)) // 2 = 2, row 2, counted from 0
    # (Red Blob Games); the label counts the same column and row from 1: C is the 3rd column, row 3.
    ex = HexExplorer("elevation", hex="C3")
    text = ex.explanation.value
    assert "offset column 2, row 2 (odd-r, counted from 0; the label C3 counts from 1: column C = 3, row 3)" in text



def test_two_readings_that_cannot_differ_for_this_unit_say_why():
    # A new-user trial compared the water switch on lesson 03's board: "the same reach" with no
    # word why. The elevation board has no terrain of extra cost (T1), and the Gundam starts on
    # ground level, where both readings of jump_climb are M1 (J1, J3); no ally (M3), no enemy (E3).
    ex = CompareExplorer("elevation", "water")
    said = _text(ex)
    assert "water (T1): the same for RX-78-2 Gundam here: no terrain with an extra cost within its reach" in said
    for switch, why in (("jump_climb", "it starts at ground level"),
                        ("allies_pass_through", "no ally within its reach"),
                        ("engagement_on_entry", "no enemy within its reach"),
                        ("engagement_penalty", "it is not Engaged at the start")):
        ex.controls["switch"].value = switch
        assert why in _text(ex), switch
    # where water lies within reach (lesson 05's terrain board) the readings differ: no such note
    ex = CompareExplorer("terrain", "water")
    assert not ex.comparison.same and "the same for" not in _text(ex)


@pytest.mark.parametrize("name", ["reach_elevation", "compare_water"])
def test_every_cost_number_is_ringed_in_its_tiles_colour(name):
    # the trial: a path arrow (lesson 02) and a water hex's ripples (lesson 05's two maps) ran
    # through the cost numbers. Each number on a tile is ringed in the tile's colour, so whatever
    # crosses the hex stops short of its digits (BoardArtists.set_costs(halo=True))
    import matplotlib.colors as mcolors

    ex = EXPLORERS[name]()
    for art in (ex.arts if hasattr(ex, "arts") else [ex.art]):
        tiles = art.tiles_shown("costs")
        on_tiles = [h for h in tiles if h not in art._occupied]  # a number under a token is on no tile
        halo = art.text_layers["costs_halo"]
        assert len(halo.get_paths()) == len(on_tiles) > 5
        rings = sorted(mcolors.to_hex(c) for c in halo.get_edgecolor())
        assert rings == sorted(mcolors.to_hex(tiles[h]) for h in on_tiles)
        # a second trial still saw a ripple seem to touch a digit at 1x: the ring reaches 2 px past
        # the glyphs (a stroke of w points is w / 2 * dpi / 72 px each side of the outline)
        (width,) = halo.get_linewidth()
        assert width / 2 * art.ax.figure.dpi / 72 >= 2.0
    clear_reach(art)  # no reach (a movement the rules refuse): no number, and no ring left behind
    assert art.texts_shown("costs") == {} and art.text_layers["costs_halo"].get_paths() == []
