"""The Push / Pull explorers: built under Agg, driven through their controls, one figure each."""

from __future__ import annotations

import random

import matplotlib

matplotlib.use("Agg")

import ipywidgets as widgets  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from hexrules.errors import BoardError, OptionsError, StateError  # noqa: E402
from hexrules.plot import ForcedLayer  # noqa: E402
from hexrules.widgets.base import ExplorerError  # noqa: E402
from hexrules.widgets.forced import (  # noqa: E402
    EXPLORERS,
    CompareForcedExplorer,
    ForcedExplorer,
    MultiPushExplorer,
)


pytestmark = pytest.mark.usefixtures("close_figures")


def label(ex, unit):
    return ex.board.label(ex.shown_state.unit(unit).hex)


@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_every_explorer_builds_and_survives_random_changes(name):
    before = len(plt.get_fignums())
    ex = EXPLORERS[name]()
    assert "hexrules-explorer" in ex._dom_classes
    assert len(plt.get_fignums()) == before + 1
    rng = random.Random(7)
    for _ in range(40):
        key = rng.choice(list(ex.controls))
        c = ex.controls[key]
        if isinstance(c, widgets.Button):
            c.click()
        elif isinstance(c, (widgets.IntSlider,)):
            c.value = rng.randint(c.min, c.max)
        elif getattr(c, "options", None):
            c.value = rng.choice([o[1] if isinstance(o, tuple) else o for o in c.options])
    assert len(plt.get_fignums()) == before + 1
    assert ex.view.value[:4] == b"\x89PNG"  # Agg: a PNG Image is shown


def test_knuckle_shield_step_through():
    ex = ForcedExplorer("push_knuckle_shield", n=2)
    fm = ex.move
    assert len(fm.collisions) == 4
    # choose C3 -> D3 -x D2 by its path text
    i = next(v for text, v in ex.controls["branch"].options if "C3 -> D3 -x D2" in text)
    ex.controls["branch"].value = i
    step = ex.controls["step"]
    assert (step.max, step.value) == (2, 2)  # shown to the end: collision resolved
    assert label(ex, "RX-78-2 Gundam") == "D3"
    assert ex.shown_state.unit("RX-78-2 Gundam").damage == 2
    ex.controls["reset"].click()
    assert step.value == 0 and label(ex, "RX-78-2 Gundam") == "C3"
    ex.controls["next"].click()
    assert step.value == 1 and label(ex, "RX-78-2 Gundam") == "D3"
    assert ex.shown_state.unit("RX-78-2 Gundam").damage == 0  # not yet collided
    ex.controls["next"].click()
    ex.controls["next"].click()  # stays at the end
    assert step.value == 2
    ex.controls["previous"].click()
    assert step.value == 1
    assert "collision with terrain" in ex.explanation.value or "press next" in ex.explanation.value


def test_step_buttons_that_cannot_move_the_step_are_disabled():
    # New-user trial: "previous" at step 0 and "next" at the end stayed enabled and did nothing.
    # Knuckle Shield, Push 2 (P1), branch C3 -> D3 -x D2: 2 steps, shown to the end.
    ex = EXPLORERS["push_knuckle_shield"]()
    i = next(v for text, v in ex.controls["branch"].options if "C3 -> D3 -x D2" in text)
    ex.controls["branch"].value = i
    buttons = lambda: tuple(not ex.controls[b].disabled for b in ("previous", "next", "reset"))  # noqa: E731
    assert ex.controls["step"].value == 2 and buttons() == (True, False, True)  # at the end: no next
    ex.controls["previous"].click()
    assert buttons() == (True, True, True)
    ex.controls["reset"].click()
    assert ex.controls["step"].value == 0 and buttons() == (False, True, False)  # at the start
    ex.controls["n"].value = 0  # Push 0: nothing moves, no step to walk (P1)
    assert buttons() == (False, False, False)
    plt.close(ex.figure)


def test_the_chosen_branch_shows_before_its_first_step():
    # New-user trial: at step 0 the text says "magenta: the branch chosen below" but nothing was
    # magenta. Knuckle Shield, Push 2, branch C3 -> D3 -> E3 (P1): at step 0 its two moves are
    # drawn thin and dashed in magenta (the steps to come), at step 1 the first solid and the
    # second dashed, at the end both solid and nothing dashed.
    from matplotlib.colors import same_color

    ex = ForcedExplorer("push_knuckle_shield", n=2)
    magenta = ex.layer.colours["chosen"]

    assert "C3 -> D3 -> E3" in ex.controls["branch"].label
    ex.controls["reset"].click()
    ahead = [a for a in ex.art.arrow_layers["chosen_ahead"] if a.get_visible()]
    assert len(ahead) == 2 and all(same_color(a.get_edgecolor(), magenta) and a.get_linestyle() == "--"
                                   for a in ahead)
    ex.controls["next"].click()
    assert len([a for a in ex.art.arrow_layers["chosen_ahead"] if a.get_visible()]) == 1
    ex.controls["next"].click()
    assert not [a for a in ex.art.arrow_layers["chosen_ahead"] if a.get_visible()]
    assert "dashed: its moves still to come" in ex.explanation.value


def test_the_key_does_not_promise_a_dashed_line_for_a_collision_to_come():
    # a trial stepped branch "C3 -> D3 -x D2" to step 1: the key said "dashed: its steps still to
    # come", but a collision to come is no move and has no dashed line (its X shows once reached)
    ex = ForcedExplorer("push_knuckle_shield", "push", n=2)
    text = ex.explanation.value
    assert "its steps still to come" not in text
    assert "dashed: its moves still to come; its X: the step that stops it, once reached" in text
    from hexrules.plot import ForcedLayer

    labels = [h.get_label() for h in ForcedLayer.legend_handles(chosen=True, ahead=True)]
    assert "its moves to come" in labels and "its steps to come" not in labels


def test_figure_is_reused_not_rebuilt():
    ex = ForcedExplorer("push_knuckle_shield", n=2)
    fig, faces = ex.figure, ex.art.faces
    ex.controls["n"].value = 1
    ex.controls["source"].value = "C3"  # the Gundam's Push (P1): Zaku I is the target now
    assert ex.controls["target"].value == "Zaku I" and ex.move.by == "RX-78-2 Gundam"
    ex.controls["source"].value = "A1"  # an empty hex: zeon's Push (the first unit's side), on the Gundam
    assert ex.controls["target"].value == "RX-78-2 Gundam" and ex.move.by is None
    ex.controls["source"].value = "B3"  # the Zaku's own hex again
    assert ex.move is not None and len(ex.move) == 4  # Push 1 from an adjacent hex: stop + 3 farther hexes
    assert ex.figure is fig and ex.art.faces is faces


def test_opens_on_the_first_full_distance_branch_so_stepping_works():
    # Knuckle Shield, Push 2 (P1): branch 3 of the table, C3 -> D3 -> E3, is the first to go the
    # full 2 hexes; it is shown to its end, so "previous" and the slider have 2 steps to walk.
    ex = ForcedExplorer("push_knuckle_shield", n=2)
    step = ex.controls["step"]
    assert ex.controls["branch"].value == 2 and "C3 -> D3 -> E3" in ex.controls["branch"].label
    assert (step.min, step.max, step.value) == (0, 2, 2) and label(ex, "RX-78-2 Gundam") == "E3"
    png = ex.view.value
    ex.controls["previous"].click()
    assert step.value == 1 and label(ex, "RX-78-2 Gundam") == "D3" and ex.view.value != png
    # a new N opens the new outcomes on their first full-distance branch too (Push 1: C3 -> D3)
    ex.controls["n"].value = 1
    assert "C3 -> D3: full distance" in ex.controls["branch"].label and (step.max, step.value) == (1, 1)
    # Pull 1 on the rulebook's board (L1): the first branch that moves is D3 -> C2
    pull = ForcedExplorer("pull_char_zaku", "pull", n=1)
    assert "D3 -> C2" in pull.controls["branch"].label and pull.controls["step"].max == 1


def test_with_no_full_distance_branch_the_longest_is_shown():
    from hexrules import Scenario

    # One row of three hexes: Zaku on A1 pushes the Gundam on B1 two hexes (P1). Only C1 is on the
    # board and farther from A1; every second step leaves the board (P4 "stop": ending "edge"), so
    # no branch is full distance. The first branch with the most steps is B1 -> C1, then off the
    # board beyond C1 (2 steps): named as the board edge, not as a hex "D1" the map does not have.
    sc = Scenario.from_text("map:\n 0 0 0\nunits:\n Zaku side=zeon at=A1\n Gundam side=federation at=B1\n")
    ex = ForcedExplorer(sc, n=2)
    assert not any(b.ending == "full" for b in ex.move)
    assert ex.controls["branch"].label.startswith("3. B1 -> C1 -x board edge (east): board edge")
    assert (ex.controls["step"].max, ex.controls["step"].value) == (2, 2)


def test_target_is_never_the_unit_on_the_source_and_the_source_is_any_hex():
    # push_collision: Zaku I (zeon) on B3; the Gundam, the GM and a Federation Garrison. A unit is
    # never forced from its own hex, and only enemies of the forcing side move (P1): the Target
    # never offers the unit on the Source. The Source offers every hex, the target's too: the
    # target then gives way (the only way for the Gundam's side to get the Push).
    ex = ForcedExplorer("push_collision", n=2)
    src, tgt = ex.controls["source"], ex.controls["target"]
    state = ex.scenario.state

    def hex_of(name):
        return ex.board.label(state.unit(name).hex)

    assert list(src.options) == [ex.board.label(h) for h in ex.board.hexes]
    assert list(tgt.options) == ["RX-78-2 Gundam", "GM"]  # not Zaku I (on B3), not the Garrison
    src.value = "A1"  # an empty hex: zeon's Push, the same enemies
    assert list(tgt.options) == ["RX-78-2 Gundam", "GM"]
    tgt.value = "GM"
    src.value = hex_of("GM")  # the GM's own hex: federation's Push; the GM gives way to Zaku I
    assert list(tgt.options) == ["Zaku I"] and tgt.value == "Zaku I" and ex.move.by == "GM"
    compare = CompareForcedExplorer("push_edge", "push", "push_off_board")
    assert compare.scenario.state.at(compare.board.hex(compare.source)).name not in compare.controls["target"].options


def test_a_target_on_the_source_hex_is_refused():
    with pytest.raises(ExplorerError, match="stands on the source hex B3"):
        ForcedExplorer("push_knuckle_shield", source="B3", target="Zaku I")
    # given only the source, the target is the first enemy of the unit standing there
    ex = ForcedExplorer("pull_other_elevation", "pull", source="D2", n=1)
    assert ex.controls["target"].value == "Char's Zaku II" and "GM" not in ex.controls["target"].options


def test_a_switch_keeps_the_branch_and_step():
    # Push 2 off the board (P4): C2 -> D2, then off toward E2. "stop" ends it at the edge unhurt;
    # "collide" makes the same choice a collision with 2 damage (P2).
    ex = ForcedExplorer("push_edge", n=2, switches=("push_off_board",))
    dd = ex.controls["branch"]
    dd.value = next(v for t, v in dd.options if t.startswith("3. C2 -> D2 -x board edge"))
    assert ex.shown_state.unit("RX-78-2 Gundam").damage == 0
    ex.controls["push_off_board"].value = "collide"
    assert dd.label.startswith("3. C2 -> D2 -x board edge") and ex.controls["step"].value == 2
    assert ex.shown_state.unit("RX-78-2 Gundam").damage == 2



def test_a_switch_that_cannot_act_here_says_why():
    # A new-user trial flipped lesson 07's L3 switch and saw nothing change, with no word why.
    # Pull 2 from Char (C2, height 1) on the Gundam (E4): every branch ends by its second step
    # (D3 after 2 hexes is "full distance"), so no branch is left next to the source at another
    # elevation with a step to go, and L3 never applies. Pull 3 reaches D3 with a step left:
    # there L3 decides (nothing, or a collision with Char), and the note goes.
    ex = ForcedExplorer("pull_other_elevation", "pull", target="RX-78-2 Gundam", n=2,
                        switches=("pull_other_elevation",))
    said = ex.explanation.value
    assert "pull_other_elevation (L3): changes nothing here" in said
    assert "next to the source at another elevation" in said
    ex.controls["n"].value = 3
    assert "changes nothing here" not in ex.explanation.value
    # P4 on the Knuckle Shield Push: no branch reaches the board edge
    ex = ForcedExplorer("push_knuckle_shield", n=2, switches=("push_off_board", "collision_damage"))
    said = ex.explanation.value
    assert "push_off_board (P4): changes nothing here: no branch reaches the board edge" in said
    assert "collision_damage (P2): changes nothing" not in said  # four branches collide (P2)

def test_source_as_any_hex_and_click():
    ex = ForcedExplorer("push_knuckle_shield", n=1)
    ex.controls["source"].value = "C2"  # an empty hex: an effect of the Zaku's side
    assert ex.move is not None and ex.move.by is None
    ex.click("A1")  # clicking an empty hex moves the source there
    assert ex.controls["source"].value == "A1"
    ex.click("C3")  # clicking the target changes nothing
    assert ex.controls["source"].value == "A1" and ex.controls["target"].value == "RX-78-2 Gundam"


def test_a_click_where_the_target_can_end_shows_the_branch_ending_there():
    # A new-user trial: a click on a hex shaded "can end here" moved the Source there. The Zaku on
    # B3 pushes the Gundam on C3 2 hexes (P1: each step farther from B3): only C3 -> D3 -> E3 ends
    # on E3; on D3 end the Push stopped after one step and the two collisions with the terrain
    # beside D3 (D2 at height 1, D4 at height 2, for the second step)
    ex = ForcedExplorer("push_knuckle_shield", n=2)
    assert (ex.controls["source"].value, ex.controls["target"].value) == ("B3", "RX-78-2 Gundam")
    ex.click("E3")
    assert [ex.board.label(h) for h in ex.branch.path] == ["D3", "E3"] and ex.branch.ending == "full"
    assert ex.controls["step"].value == 2  # shown to its end
    seen = []
    for _ in range(4):  # each click on D3 shows the next branch ending there, then the first again
        ex.click("D3")
        seen.append((ex.board.label(ex.branch.final), ex.branch.ending))
    assert seen == [("D3", "stop"), ("D3", "terrain"), ("D3", "terrain"), ("D3", "stop")]
    assert ex.controls["source"].value == "B3"  # the source stays where it was
    ex.click("A1")  # a hex where the Push cannot end: the source moves there, as before
    assert ex.controls["source"].value == "A1"


def test_pull_refused_next_to_source_same_elevation():
    ex = ForcedExplorer("pull_char_zaku", "pull", n=1)
    assert ex.board.label(ex.move.start) == "D3"
    assert {ex.board.label(h) for h in ex.move.destinations} == {"D3", "C2", "C3"}
    ex.controls["source"].value = "C3"  # now the Gundam (D3) is adjacent at the same height
    assert ex.move is None and "L3" in ex.explanation.value


def _outlined(art, key="forced_source"):
    """The labels of the hexes outlined in layer ``key`` of a drawn board."""
    return sorted(art.board.label(art.hex_at(*p.vertices.mean(axis=0))) for p in art.outline_layers[key].get_paths())


def test_a_refused_pull_still_outlines_its_source_and_shows_its_target():
    # New-user trial (lesson 07): Source C3, next to the Gundam (D3) at the same height: the words
    # said L3's refusal, and the map showed no source at all. The source hex stays outlined (and
    # listed in the legend), the Gundam's token stays on D3, and nothing else is drawn.
    ex = ForcedExplorer("pull_char_zaku", "pull", n=1)
    assert _outlined(ex.art) == ["B2"]
    ex.controls["source"].value = "C3"
    assert ex.move is None and "L3" in ex.explanation.value
    assert _outlined(ex.art) == ["C3"]
    assert "source" in [t.get_text() for t in ex.art.ax.get_legend().get_texts()]
    token = ex.art.units["RX-78-2 Gundam"][0]
    assert token.get_visible() and ex.art.hex_at(*token.get_center()) == ex.board.hex("D3")
    assert not ex.art.draws("paths", "forced") and not ex.art.draws("fill")
    ex.controls["source"].value = "A1"  # an allowed Pull again: its source, its branches
    assert ex.move is not None and _outlined(ex.art) == ["A1"] and ex.art.draws("paths", "forced")


def test_a_pull_refused_under_both_readings_still_outlines_its_source_on_both_maps():
    # Pull 1 from C3 on the Gundam (D3), adjacent at the same height: L3 refuses it whatever
    # pull_other_elevation says (that switch is about another elevation). Both maps outline C3.
    ex = CompareForcedExplorer("pull_char_zaku", "pull", "pull_other_elevation", source="C3", n=1)
    assert ex.comparison is None and "L3" in ex.explanation.value
    assert [_outlined(art) for art in ex.arts] == [["C3"], ["C3"]]
    assert all(art.units["RX-78-2 Gundam"][0].get_visible() for art in ex.arts)


def test_compare_edge_switch():
    ex = CompareForcedExplorer("push_edge", "push", "push_off_board")
    a, b = ex.moves
    assert [x.choice for x in a] == [y.choice for y in b]
    assert "Branches that differ" in ex.explanation.value
    ex.controls["right"].value = "remove"
    assert "removed" in ex.explanation.value
    # L3 does not apply to a Push: not offered; the switches offered all apply
    assert list(ex.controls["switch"].options) == ["push_off_board", "push_drop_damage_per_level",
                                                    "collision_damage"]


def test_compare_switches_follow_the_kind():
    # a Pull offers L3 and the Push switches that also act on a Pull (edge, drop, collision)
    ex = CompareForcedExplorer("pull_other_elevation", "pull", "pull_other_elevation", target="GM", n=1)
    assert list(ex.controls["switch"].options) == ["pull_other_elevation", "push_off_board",
                                                    "push_drop_damage_per_level", "collision_damage"]
    with pytest.raises(OptionsError, match="pull_other_elevation"):
        CompareForcedExplorer("push_edge", "push", "pull_other_elevation")


def test_titles_follow_n():
    # the heading names the slider's N, never the scenario's stale "Push 2:"
    ex = ForcedExplorer("push_knuckle_shield", "push", n=2)
    assert "Push 2: Zaku I&#x27;s Knuckle Shield" in ex.title.value
    ex.controls["n"].value = 3
    assert "Push 3: Zaku I" in ex.title.value and "Push 2" not in ex.title.value
    cmp = CompareForcedExplorer("push_edge", "push", "push_off_board", n=2)
    cmp.controls["n"].value = 1
    assert "Push 1" in cmp.title.value and "Push 2" not in cmp.title.value


def test_headings_come_from_the_title_else_the_name():
    # the scenario's title names the situation, the slider the N; a name is shown as written
    from hexrules import parse_scenario

    sc = parse_scenario("name: Push 2: two rocks\ntitle: Between two rocks\nmap:\n 0 0 0 0\n"
                        "units:\n Zaku side=zeon at=A1\n Gundam side=federation at=B1\n")
    ex = ForcedExplorer(sc, "push", n=3)
    assert ex.title.value == "<b>Push 3: Between two rocks — every way the Push can go</b>"
    untitled = ForcedExplorer(sc.replace(title=""), "push", n=1)
    assert untitled.title.value == "<b>Push 1: Push 2: two rocks — every way the Push can go</b>"


# --- the Target offers only what the rules let the forcing side move (P1, L1) ----------------------


def _forcing_side(ex):
    """The side whose Push or Pull it is: the unit's on the Source hex, else the scenario's first unit's."""
    at = ex.scenario.state.at(ex.board.hex(ex.controls["source"].value))
    return at.side if at is not None else list(ex.scenario.state)[0].side


def test_an_empty_source_offers_only_enemies_of_the_side_it_is_given_to():
    # New-user trial (lesson 09, Q.20): Source D3, an empty hex, then Target Zaku I was offered and
    # refused in red, with no source and no branch on the map. From an empty hex the Push is the
    # side of the scenario's first unit (Zaku I: zeon), and a Push moves only enemies (P1): the
    # Gundam is the only Target. Push 2 from D3 on the Gundam (C3): B3 is a collision with Zaku I
    # (P2); it can end on C3, B2, B4 (1 hex, strictly farther from D3) or B1, A2, A4, B5 (2 hexes).
    ex = ForcedExplorer("push_knuckle_shield", n=2)
    assert list(ex.controls["target"].options) == ["RX-78-2 Gundam"]
    ex.controls["source"].value = "D3"
    assert list(ex.controls["target"].options) == ["RX-78-2 Gundam"]
    assert ex.controls["target"].value == "RX-78-2 Gundam"
    assert ex.move is not None and ex.move.by is None
    assert sorted(ex.board.label(h) for h in ex.move.destinations) == ["A2", "A4", "B1", "B2", "B4", "B5", "C3"]
    assert [r["path"] for r in ex.move.table() if "collision" in r["ending"]] == ["C3 -x B3"]
    assert _outlined(ex.art) == ["D3"] and "hexrules-error" not in ex.explanation.value


def test_the_target_gives_way_when_the_source_changes_side():
    # The Gundam's own hex C3 as the Source: the Push is the Gundam's (federation), the Gundam is
    # no longer a Target, and the Target gives way to its only enemy, Zaku I (P1). Push 2 from C3
    # on Zaku I (B3): A2, A3, A4 are strictly farther; then A1 (from A2), the board's edge (P4:
    # stops) and A5, one level higher than A4 (P2: a collision, 2 damage).
    ex = ForcedExplorer("push_knuckle_shield", n=2)
    assert "C3" in ex.controls["source"].options  # the only way to give the Gundam the Push
    ex.controls["source"].value = "C3"
    assert list(ex.controls["target"].options) == ["Zaku I"] and ex.controls["target"].value == "Zaku I"
    assert ex.move is not None and ex.move.by == "RX-78-2 Gundam"
    assert sorted(ex.board.label(h) for h in ex.move.destinations) == ["A1", "A2", "A3", "A4", "B3"]
    assert ex.move.choose("A4", "A5").damage == {"Zaku I": 2}
    ex.controls["source"].value = "B3"  # Zaku I's hex: the Gundam again
    assert list(ex.controls["target"].options) == ["RX-78-2 Gundam"] and ex.move.by == "Zaku I"


def test_an_ally_of_the_pushing_unit_is_never_offered():
    # Lesson 09, Q.41: the Gundam (B2, federation) pushes Zaku II; the Guncannon is the Gundam's
    # ally and was offered as a Target (P1: a Push moves only enemies). From the Guncannon's hex E3
    # the Push is federation's too; from Zaku II's hex C2 it is zeon's: both federation units.
    ex = ForcedExplorer("reactive_fire", n=2)
    assert list(ex.controls["target"].options) == ["Zaku II"]
    ex.controls["source"].value = "E3"
    assert list(ex.controls["target"].options) == ["Zaku II"] and ex.move.by == "Guncannon"
    ex.controls["source"].value = "C2"
    assert list(ex.controls["target"].options) == ["RX-78-2 Gundam", "Guncannon"]
    assert ex.controls["target"].value == "RX-78-2 Gundam" and ex.move.by == "Zaku II"
    ex.controls["target"].value = "Guncannon"
    ex.controls["source"].value = "A1"  # empty: the Push is federation's (the Gundam, the first unit)
    assert list(ex.controls["target"].options) == ["Zaku II"] and ex.controls["target"].value == "Zaku II"


def test_a_source_held_by_the_targets_ally_gives_the_target_way():
    # GM (federation) on D3 as the source, the Gundam (federation) was kept as the target and
    # refused in words of the API ("allow_allies=True"). A Push moves only enemies (P1): the GM's
    # enemy, Zaku I, becomes the target. Push 2 from D3 on Zaku I (B3, 2 hexes away): A2, A3, A4
    # are 3 hexes away, then A1 (from A2) and A5 (from A4) 4; every other step leaves the board
    # (P4: stops). It can end on B3 (0 steps), A2, A3, A4, A1, A5.
    ex = ForcedExplorer("push_collision", "push", n=2)
    ex.controls["source"].value = "D3"
    assert list(ex.controls["target"].options) == ["Zaku I"] and ex.controls["target"].value == "Zaku I"
    assert ex.move is not None and ex.move.by == "GM" and "allow_allies" not in ex.explanation.value
    assert sorted(ex.board.label(h) for h in ex.move.destinations) == ["A1", "A2", "A3", "A4", "A5", "B3"]


@pytest.mark.parametrize("name, kind", [("push_knuckle_shield", "push"), ("pull_char_zaku", "pull"),
                                        ("pull_other_elevation", "pull"), ("reactive_fire", "push"),
                                        ("push_collision", "push")])
def test_no_source_and_target_offered_is_refused_for_not_being_an_enemy(name, kind):
    # Every Source hex, every Target it offers: an enemy of the forcing side, never a Garrison nor
    # the unit on the Source (P1, L1); the rules never refuse the pair for it (only L3 may refuse a Pull).
    ex = ForcedExplorer(name, kind, n=1)
    state = ex.scenario.state
    for source in ex.controls["source"].options:
        ex.controls["source"].value = source
        side = _forcing_side(ex)
        targets = list(ex.controls["target"].options)
        assert targets == [u.name for u in state if not u.garrison and u.side != side]
        for target in targets:
            ex.controls["target"].value = target
            assert ex.move is not None or (kind == "pull" and "L3" in ex.explanation.value), (source, target)
            assert _outlined(ex.art) == [source]


def test_with_no_enemy_to_move_the_explorer_says_so_in_a_players_words():
    # Zaku (zeon) on B1, a Federation Garrison on D1, one row of 4 hexes: a Garrison never moves
    # (P1), so a Push of zeon's (from Zaku's hex, or from an empty hex: the first unit's side) has
    # nothing to move. From the Garrison's hex the Push is federation's: Zaku is the Target, and
    # Push 1 can take it to A1 (strictly farther from D1), or leave it on B1 (a stop, or the
    # board's edge: P4).
    import html

    from hexrules import Scenario

    sc = Scenario.from_text("map:\n 0 0 0 0\nunits:\n Zaku side=zeon at=B1\n"
                            "garrisons:\n Outpost side=federation at=D1\n")
    ex = ForcedExplorer(sc, n=1)
    assert list(ex.controls["target"].options) == [] and ex.controls["target"].value is None
    assert ex.move is None and _outlined(ex.art) == ["B1"]
    text = html.unescape(ex.explanation.value)
    assert "No unit can be pushed from B1" in text and "zeon" in text and "Garrisons never move" in text
    assert not any(word in text for word in ("target=", "side=", "allow_allies", "None"))
    ex.controls["source"].value = "C1"  # an empty hex: the side of the first unit; the words say so
    assert ex.controls["target"].value is None
    assert html.unescape(ex.explanation.value).split(">", 1)[1].split("</pre>")[0] == (
        "No unit can be pushed from C1: the source hex C1 is empty, so the Push is zeon's (the side of the "
        "scenario's first unit), and a Push moves only enemies: zeon has no enemy on the board that can move "
        "(Garrisons never move). Choose as Source a hex held by another side. (ruling P1)")
    ex.controls["source"].value = "D1"
    assert ex.controls["target"].value == "Zaku" and ex.move.by == "Outpost"
    assert sorted(ex.board.label(h) for h in ex.move.destinations) == ["A1", "B1"]  # never C1: closer to D1 (P1)


def test_an_ally_given_as_target_is_refused_when_the_explorer_is_built(assert_explorer_refused):
    # D3 is empty: the Push is zeon's (Zaku I, the first unit), and Zaku I is zeon (P1)
    assert_explorer_refused(lambda: ForcedExplorer("push_knuckle_shield", source="D3", target="Zaku I"),
                            ExplorerError, "target='Zaku I'")
    with pytest.raises(ExplorerError, match="moves only enemies") as info:
        ForcedExplorer("reactive_fire", target="Guncannon")
    assert "allow_allies" not in str(info.value)


def test_two_readings_offer_only_enemies_of_the_unit_on_the_source():
    # Lesson 09, Q.41's board: the Gundam (B2) pushes; the Guncannon, its ally, was offered as a
    # Target and refused in the API's words ("pass allow_allies=True"). A Push moves only enemies (P1).
    ex = CompareForcedExplorer("reactive_fire", "push", "push_off_board")
    assert list(ex.controls["target"].options) == ["Zaku II"] and ex.comparison is not None
    with pytest.raises(ExplorerError, match="Guncannon is on federation's side") as info:
        CompareForcedExplorer("reactive_fire", "push", "push_off_board", target="Guncannon")
    assert "allow_allies" not in str(info.value)


def test_two_readings_give_the_push_to_the_unit_on_the_source():
    # Source C3 on the Knuckle Shield board: the Gundam stands there, so the Push is federation's
    # and Zaku I (B3) its target; it was refused as "not an enemy of the pushing side 'zeon'" (the
    # first unit's side, given whoever stood on the source). Push 2 from C3 on Zaku I (P1, P4):
    # it can end on B3, A2, A3, A4 or A1, under either reading; the board's edge is a stop on the
    # left (P4 "stop") and a collision, 2 damage, on the right ("collide").
    ex = CompareForcedExplorer("push_knuckle_shield", "push", "push_off_board", source="C3")
    assert list(ex.controls["target"].options) == ["Zaku I"] and ex.comparison is not None
    left, right = ex.moves
    assert left.by == right.by == "RX-78-2 Gundam"
    assert sorted(ex.board.label(h) for h in left.destinations) == ["A1", "A2", "A3", "A4", "B3"]
    assert left.choose("A3", "-A3").damage == {} and right.choose("A3", "-A3").damage == {"Zaku I": 2}
    assert [_outlined(art) for art in ex.arts] == [["C3"], ["C3"]]


def test_two_readings_with_no_enemy_to_move_are_refused_when_built(assert_explorer_refused):
    from hexrules import Scenario

    sc = Scenario.from_text("map:\n 0 0 0 0\nunits:\n Zaku side=zeon at=B1\n"
                            "garrisons:\n Outpost side=federation at=D1\n")
    assert_explorer_refused(lambda: CompareForcedExplorer(sc, "push", "push_off_board"), StateError,
                            "No unit can be pushed from B1")


def test_compare_pull_other_elevation():
    ex = CompareForcedExplorer("pull_other_elevation", "pull", "pull_other_elevation", target="GM", n=1)
    a, b = ex.moves
    assert [x.ending for x in a] == ["adjacent"]
    assert [y.ending for y in b] == ["stop", "unit"]
    assert "only on the right" in ex.explanation.value


def test_multi_push_opens_on_full_distance_branches():
    # Push 1 on both (P1, P5): each unit starts on its first full-distance branch, so both move
    ex = MultiPushExplorer("push_multi", n=1)
    assert all(b.ending == "full" and b.moved == 1 for b in ex.result.branches)
    d1 = ex.controls["unit 1"]
    gundam = d1.value
    ex.controls["order"].value = ("Guncannon", "RX-78-2 Gundam")
    assert ex.controls["unit 2"].value == gundam  # the Gundam keeps its choice in second place


def test_multi_push_order():
    ex = MultiPushExplorer("push_multi", n=1)
    d1, d2 = ex.controls["unit 1"], ex.controls["unit 2"]
    # Gundam first, into D2
    d1.value = next(v for t, v in d1.options if "D3 -> D2" in t)
    # the Guncannon's D2 is now a collision with the Gundam
    texts = [t for t, _ in d2.options]
    assert any("C2 -x D2: collision with RX-78-2 Gundam" in t for t in texts)
    d2.value = next(v for t, v in d2.options if "-x D2" in t)
    assert ex.result.state.unit("Guncannon").damage == 2
    assert ex.result.state.unit("RX-78-2 Gundam").damage == 2
    # the other order: the Guncannon goes first and can take D2
    ex.controls["order"].value = ("Guncannon", "RX-78-2 Gundam")
    texts = [t for t, _ in ex.controls["unit 1"].options]
    assert any("C2 -> D2" in t for t in texts)


def test_multi_push_refuses_a_target_that_is_not_an_enemy_in_its_own_words(assert_explorer_refused):
    # Q.41's board: the Gundam (B2) pushes; the Guncannon is its ally (P1: a Push moves only
    # enemies). It was refused in the words of push_many ("pass allow_allies=True"), an argument
    # the explorer does not have. By default the explorer pushes every enemy: Zaku II alone.
    assert MultiPushExplorer("reactive_fire", n=1).targets == ["Zaku II"]
    assert_explorer_refused(lambda: MultiPushExplorer("reactive_fire", targets=["Zaku II", "Guncannon"]),
                            ExplorerError, "Guncannon is on federation's side")
    with pytest.raises(ExplorerError, match="moves only enemies") as info:
        MultiPushExplorer("reactive_fire", targets=["Guncannon"])
    assert "allow_allies" not in str(info.value)
    # Zaku I stands on the source C3 (the first unit): never pushed from its own hex
    assert_explorer_refused(lambda: MultiPushExplorer("push_multi", targets=["Zaku I"]), ExplorerError,
                            "Zaku I stands on the source hex C3")
    # an empty list: not "no enemy of zeon" (the Gundam and the Guncannon are)
    assert_explorer_refused(lambda: MultiPushExplorer("push_multi", targets=[]), ExplorerError,
                            "targets=[] names no unit: give one or more of ['RX-78-2 Gundam', 'Guncannon']")


def test_layer_draws_off_board_stubs():
    ex = ForcedExplorer("push_edge", n=2, switches=("push_off_board",))
    layer: ForcedLayer = ex.layer
    stubs = layer.stubs(ex.move.branches)
    assert len(stubs) == 6 and all(lab == "" for *_, lab in stubs)  # edge "stop": no damage label
    ex.controls["push_off_board"].value = "collide"
    assert all(lab == "-2" for *_, lab in layer.stubs(ex.move.branches))


# --- bad input: refused at construction with a HexrulesError naming the value ---------------------

BAD_INPUT = [
    (lambda: ForcedExplorer("push_knuckle_shield", kind="shove"), ExplorerError, "shove"),
    (lambda: ForcedExplorer("push_knuckle_shield", target="Nope"), StateError, "Nope"),
    (lambda: ForcedExplorer("push_knuckle_shield", source="ZZ9"), BoardError, "ZZ9"),
    (lambda: ForcedExplorer("push_knuckle_shield", n=9), ExplorerError, "n=9"),
    (lambda: ForcedExplorer("push_knuckle_shield", n=-1), ExplorerError, "n=-1"),
    (lambda: ForcedExplorer("push_knuckle_shield", n=1.5), ExplorerError, "1.5"),
    (lambda: ForcedExplorer("push_knuckle_shield", n=2, branch=99), ExplorerError, "branch=99"),
    (lambda: ForcedExplorer("push_knuckle_shield", switches=("colour",)), OptionsError, "colour"),
    (lambda: ForcedExplorer("push_knuckle_shield", switches="push_off_board"), ExplorerError, "push_off_board"),
    (lambda: ForcedExplorer("push_knuckle_shield", options={}), OptionsError, "{}"),
    (lambda: CompareForcedExplorer("push_edge", "push", "colour"), OptionsError, "colour"),
    (lambda: CompareForcedExplorer("push_edge", "push", "push_off_board", left="explode"), OptionsError, "explode"),
    (lambda: CompareForcedExplorer("push_edge", "shove"), ExplorerError, "shove"),
    (lambda: CompareForcedExplorer("push_edge", n=5), ExplorerError, "n=5"),
    (lambda: CompareForcedExplorer("push_edge", target="Nope"), StateError, "Nope"),
    (lambda: MultiPushExplorer("push_multi", kind="shove"), ExplorerError, "shove"),
    (lambda: MultiPushExplorer("push_multi", targets=["Nope"]), StateError, "Nope"),
    (lambda: MultiPushExplorer("push_multi", targets="Guncannon"), ExplorerError, "Guncannon"),
    (lambda: MultiPushExplorer("push_multi", targets=["Guncannon", "Guncannon"]), ExplorerError, "twice"),
    (lambda: MultiPushExplorer("push_multi", source="ZZ9"), BoardError, "ZZ9"),
    (lambda: MultiPushExplorer("push_multi", n=-2), ExplorerError, "n=-2"),
]


@pytest.mark.parametrize("make, error, value", BAD_INPUT)
def test_constructor_bad_input_raises_a_hexrules_error_naming_it(make, error, value, assert_explorer_refused):
    assert_explorer_refused(make, error, value)


def test_a_switch_value_outside_the_offered_ones_is_offered_too():
    from hexrules.options import DEFAULT

    ex = ForcedExplorer("push_collision", n=2, options=DEFAULT.replace(collision_damage=5),
                        switches=("collision_damage",))
    control = ex.controls["collision_damage"]
    assert control.value == 5 and [v for _, v in control.options] == [5, 2, 1, 3]
    # P2: a collision now deals 5 to the unit forced; the label of each collision stub says so
    assert "-5" in {lab for *_, lab in ex.layer.stubs(ex.move.branches)}


def test_a_collision_stub_says_the_target_s_damage_as_the_table_does():
    # Issue 9 part 8: with drop damage on (P3, 1 per level), the stub said -2 while the table
    # totalled 3. push_collision: the Gundam on the hill C3 (height 1), Push 2 from B3.
    #   C3 -> C2 (down 1: 1 drop damage) -x D1 (the Federation Garrison: 2 collision damage) = 3
    #   C3 -> C4 (down 1: 1) -x D5 (impassable: 2) = 3
    #   C3 -x D3 (the GM: 2 collision damage, no step taken, no drop) = 2
    ex = ForcedExplorer("push_collision", n=2, switches=("push_drop_damage_per_level",))
    ex.controls["push_drop_damage_per_level"].value = 1
    b = ex.board
    stubs = {(b.label(a), b.label(t)): lab for a, t, _colour, lab in ex.layer.stubs(ex.move.branches)}
    assert stubs == {("C2", "D1"): "-3", ("C4", "D5"): "-3", ("C3", "D3"): "-2"}
    table = {row["path"]: row["damage"] for row in ex.move.table()}
    assert table["C3 -> C2 -x D1"].startswith("RX-78-2 Gundam 3")
    assert table["C3 -> C4 -x D5"] == "RX-78-2 Gundam 3"
    assert table["C3 -x D3"].startswith("RX-78-2 Gundam 2")


def test_l3_collision_is_marked_where_the_readings_differ():
    # issue 9 part 7 (lesson 07): under pull_other_elevation="collide" the GM (D2) collides with
    # Char (C2), 2 damage each (L3); the left reading's Pull ends on D2 with no damage. The hexes
    # of the collision are outlined on the right, nothing on the left, thick enough to see.
    ex = CompareForcedExplorer("pull_other_elevation", "pull", "pull_other_elevation", target="GM", n=1)
    left, right = (art.outline_layers["differs"] for art in ex.arts)
    assert len(left.get_paths()) == 0
    marked = sorted(ex.board.label(ex.arts[1].hex_at(*p.vertices.mean(axis=0))) for p in right.get_paths())
    assert marked == ["C2", "D2"] and right.get_linewidth()[0] >= 3
    assert not ex.comparison.same
# --- bounded work (issue 11 part 7): orders position by position, one forced() per unit ------------

TEN = """\
map:
    0 0 0 0 0 0 0 0 0
     0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0
     0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0
     0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0
     0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0
units:
    Zaku side=zeon at=E5
    E1 side=federation at=D5
    E2 side=federation at=F5
    E3 side=federation at=D4
    E4 side=federation at=E4
    E5 side=federation at=D6
    E6 side=federation at=E6
    E7 side=federation at=C5
    E8 side=federation at=G5
    E9 side=federation at=E3
    E10 side=federation at=E7
"""


def _counting(monkeypatch, module, name):
    calls = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def test_multi_push_with_ten_enemies_is_bounded(monkeypatch):
    import hexrules.widgets.forced as wf
    from hexrules.scenario import Scenario
    from hexrules.forced import push_many

    calls = _counting(monkeypatch, wf, "forced")
    ex = MultiPushExplorer(Scenario.from_text(TEN), n=1)
    assert len(calls) == 10  # one forced() per unit, on the state the earlier ones left (P5)
    order = ex.controls["order"]
    # position by position: 10 + 9 + ... + 1 = 55 options, not the 10! = 3,628,800 orders
    assert sum(len(p.options) for p in order.positions) == 55
    assert order.value == tuple(f"E{i}" for i in range(1, 11))
    calls.clear()
    order.positions[0].value = "E10"  # E10 first; the others keep their order
    assert order.value == ("E10", *(f"E{i}" for i in range(1, 10)))
    assert len(calls) == 10 and ex.updates == 2
    # the explorer's resolution is push_many's for the same plan (P5)
    plan = [(name, ex.controls[f"unit {i + 1}"].value) for i, name in enumerate(order.value)]
    assert ex.result == push_many(ex.board, ex.scenario.state, "Zaku", plan, 1)


def test_multi_push_lists_a_bounded_number_of_branches(monkeypatch):
    import hexrules.forced as fmod
    import hexrules.widgets.forced as wf
    from hexrules.scenario import Scenario

    built = _counting(monkeypatch, fmod._Walk, "_branch")
    sc = Scenario.from_text("map:\n" + "".join(("    " if r % 2 == 0 else "     ") + " ".join(["0"] * 21) + "\n"
                                               for r in range(21))
                            + "units:\n    Zaku side=zeon at=K11\n    Gundam side=federation at=L11\n")
    ex = MultiPushExplorer(sc, n=8)
    # Push 8 from a hex next to the source on open ground: 2^10 - 3 - 8 = 1,013 branches (see
    # test_scaling.py); the dropdown streams the first MAX_LISTED of them
    assert ex.listed == {"Gundam": (wf.MAX_LISTED, 1013)}
    assert len(ex.controls["unit 1"].options) == wf.MAX_LISTED
    assert len(built) <= wf.MAX_LISTED + 2
    assert "first 200 of its 1,013 branches" in ex.explanation.value
    assert ex.result.branches[0].ending == "full" and ex.result.branches[0].moved == 8


def test_order_picker_refuses_what_is_not_an_order():
    from hexrules.widgets.base import OrderPicker

    p = OrderPicker(["a", "b", "c"])
    with pytest.raises(ExplorerError, match=r"order \['a', 'a', 'c'\] is not an order of exactly \['a', 'b', 'c'\]"):
        p.value = ("a", "a", "c")
    assert p.value == ("a", "b", "c")
    with pytest.raises(ExplorerError, match="distinct"):
        OrderPicker(["a", "a"])


def test_compare_forced_after_a_series_of_changes_shows_the_pixels_of_a_fresh_one():
    # issue 14: the faces recoloured by a Push's ends, the reused tokens and layers and the
    # remembered comparisons leave no stale pixel: N and the readings changed and back in another
    # order give exactly the figure of an explorer built there
    import numpy as np

    def pixels(ex):
        ex.figure.canvas.draw()
        return np.asarray(ex.figure.canvas.buffer_rgba()).copy()

    ex = CompareForcedExplorer("push_edge", "push", "push_off_board")
    pixels(ex)
    pixels(ex)
    for name, value in [("n", 3), ("right", "remove"), ("n", 1), ("left", "collide"), ("n", 2), ("right", "stop"),
                        ("left", "stop"), ("right", "collide")]:
        ex.controls[name].value = value
        pixels(ex)
    fresh = CompareForcedExplorer("push_edge", "push", "push_off_board")
    assert [fresh.controls[n].value for n in ex.controls] == [ex.controls[n].value for n in ex.controls]
    assert np.array_equal(pixels(ex), pixels(fresh))


def test_steps_off_the_board_read_as_the_edge_and_the_way_they_go():
    # push_edge (4 columns, pointy-top, rows down the page): the Gundam pushed from C2 to D2 can go
    # on east, north-east or south-east, all off the board (P4). A new-user trial read the hexes
    # beyond the edge ("-x E2") as hexes of the map; without a direction the three read alike.
    ex = ForcedExplorer("push_edge", n=2)
    labels = [t.split(". ", 1)[1] for t, _ in ex.controls["branch"].options]
    assert [t.split(":")[0] for t in labels if t.startswith("C2 -> D2 -x")] == [
        "C2 -> D2 -x board edge (east)", "C2 -> D2 -x board edge (north-east)", "C2 -> D2 -x board edge (south-east)"]
    assert not any(h in t for t in labels for h in ("E1", "E2", "E3"))  # no hex beyond the edge is named


def test_the_heading_names_the_source_once_it_is_not_the_scenarios_own():
    # a trial clicked A3 (an empty hex) in lesson 07's Pull explorer: the text said "Pull 2 from A3 on
    # RX-78-2 Gundam at D3" while the heading still read "Pull 2: Char's Zaku II — every way the Pull
    # can go", the scenario's own situation (Char's Zaku II pulls)
    ex = ForcedExplorer("pull_char_zaku", "pull")
    own = ex.title.value
    assert "Char" in own and ex.controls["source"].value != "A3"
    ex.controls["source"].value = "A3"
    target = ex.controls["target"].value
    assert ex.title.value == f"<b>Pull 2: from A3 (an empty hex) on {target} — every way the Pull can go</b>"
    ex.controls["n"].value = 1
    assert ex.title.value.startswith("<b>Pull 1: from A3 (an empty hex)")


def test_the_key_names_the_damage_shown_on_a_token():
    # a trial saw red "2" dots on the tokens of a collision branch and nothing saying what they are
    ex = ForcedExplorer("push_knuckle_shield", "push", n=2)
    assert "damage" not in ex.explanation.value.split("<table")[0].split("magenta")[1]
    branch = next(i for i, b in enumerate(ex.move) if b.damage == {"RX-78-2 Gundam": 2})  # a collision (P2)
    ex.controls["branch"].value = branch
    assert [(u.name, u.damage) for u in ex.shown_state] == [("Zaku I", 0), ("RX-78-2 Gundam", 2)]
    assert "a number in a dot on a token: the damage it has taken" in ex.explanation.value
