"""A legend lists what the picture shows now, and its swatches look like what is drawn (a new-user trial).

The trial found "board edge" in the legends of lessons 06, 07 and 09 where no step leaves the
board, the "would be Engaged" tint of lesson 03 darker on height 1 than its swatch, and the
Garrison's swatch grey beside a blue Garrison token (lesson 04). Each case below is worked from the
rulings (docs/RULES.md) and measured on the picture drawn: the legend's texts and the pixels
rendered.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib import colors as mcolors  # noqa: E402

from hexrules.diagram import diagram  # noqa: E402
from hexrules.plot.diagram import diagram_artists  # noqa: E402
from hexrules.widgets import crush, edit, forced, movement, whatif  # noqa: E402
from hexrules.widgets.forced import ForcedExplorer, MultiPushExplorer  # noqa: E402
from hexrules.widgets.movement import EngagementExplorer, HexExplorer, ReachExplorer  # noqa: E402

pytestmark = pytest.mark.usefixtures("close_figures")

REGISTRIES = {m.__name__.rsplit(".", 1)[-1]: m.EXPLORERS for m in (movement, forced, crush, whatif, edit)}
ALL = [(f"{mod}.{name}", make) for mod, reg in REGISTRIES.items() for name, make in reg.items()]


def listed(ax) -> list[str]:
    """The legend's texts as drawn (a wrapped label read on one line)."""
    legend = ax.get_legend()
    return [" ".join(t.get_text().split()) for t in legend.get_texts()] if legend is not None else []


def test_a_push_that_never_reaches_the_edge_lists_no_board_edge():
    # Lesson 06's first explorer: the Zaku I pushes the Gundam 2 (P1); every branch stops on the
    # board (a collision with the Shield, P2, or 2 hexes moved): no stub toward the edge is drawn
    ex = ForcedExplorer("push_knuckle_shield", "push", n=2)
    assert not any(b.ending == "edge" for b in ex.move)
    assert "board edge" not in listed(ex.art.ax)
    assert {"moves", "collision (-damage)", "chosen branch"} <= set(listed(ex.art.ax))


def test_a_push_that_reaches_the_edge_lists_it_and_a_push_of_0_lists_no_move():
    # push_edge: the Gundam stands next to the board's edge, so a Push 2 stops there (P4, "stop")
    ex = ForcedExplorer("push_edge", "push", n=2)
    assert any(b.ending == "edge" for b in ex.move)
    assert "board edge" in listed(ex.art.ax)
    figure, figures = ex.figure, plt.get_fignums()
    ex.controls["n"].value = 0  # Push 0 moves nobody (P1): no arrow, no stub, no end to list
    assert not any(b.moved for b in ex.move)
    shown = listed(ex.art.ax)
    assert "board edge" not in shown and "moves" not in shown and "collision (-damage)" not in shown
    ex.controls["n"].value = 2  # and back: the same figure, its legend changed in place
    assert "board edge" in listed(ex.art.ax)
    assert ex.figure is figure and plt.get_fignums() == figures


def test_the_explorers_words_name_the_stubs_it_draws_as_its_legend_does():
    ex = ForcedExplorer("push_knuckle_shield", "push", n=2)  # no step leaves the board (above)
    assert "board edge" not in ex.explanation.value and "collisions" in ex.explanation.value
    edge = ForcedExplorer("push_edge", "push", n=2)
    assert "orange dotted stubs: the board edge" in edge.explanation.value


def test_lesson_09s_knuckle_shield_and_pull_list_no_board_edge():
    for ex in (ForcedExplorer("push_knuckle_shield", n=2), ForcedExplorer("pull_char_zaku", "pull", n=1, branch=0)):
        assert not any(b.ending == "edge" for b in ex.move)
        assert "board edge" not in listed(ex.art.ax)


def test_a_multi_push_lists_the_edge_only_when_a_unit_reaches_it():
    # push_multi, Push 1 (P5): each unit moves one hex, none off the board
    ex = MultiPushExplorer("push_multi", n=1)
    assert not any(b.ending == "edge" for b in ex.result.branches)
    assert "board edge" not in listed(ex.art.ax)


def test_the_reach_legend_lists_a_path_and_a_target_only_once_there_is_one():
    # elevation board, the Gundam on C3 with Advance 3 (M1): no target, no path drawn
    ex = ReachExplorer("elevation")
    shown = listed(ex.art.ax)
    assert "target" not in shown and "cheapest path" not in shown and "illegal path" not in shown
    assert "1 MP" in shown and "7+ MP" in shown  # the fixed cost scale, while costs are drawn
    ex.controls["target"].value = "C2"  # C3 -> C2 climbs 0 -> 2: 3 of 3, legal (M1)
    shown = listed(ex.art.ax)
    assert "target" in shown and "cheapest path" in shown and "illegal path" not in shown
    assert "cannot pay (M1)" not in shown


def test_a_refused_movement_lists_no_cost_scale():
    # jumping board: the Federation Garrison moves only by an ability (M5); told to Advance it is
    # refused (M2), the picture clears its costs, and the legend its cost scale
    ex = ReachExplorer("garrison_ability", unit="Federation Garrison", kind="ability")
    assert "1 MP" in listed(ex.art.ax)
    ex.controls["kind"].value = "advance"
    assert ex.reach is None and "1 MP" not in listed(ex.art.ax) and "cost (movement points):" not in listed(ex.art.ax)


def test_a_straight_line_is_listed_only_between_two_hexes():
    ex = HexExplorer("elevation", hex="C3", other="F1")
    assert "straight line" in listed(ex.art.ax)
    ex.controls["other"].value = "C3"  # a line from a hex to itself is one hex: nothing drawn
    assert "straight line" not in listed(ex.art.ax)


def test_engagement_lists_only_the_links_drawn():
    # lesson 03's first example: the Gundam and Char's Zaku II, adjacent at the same height (E1);
    # no enemy adjacent at another height, nobody ignores Engagement (E5)
    ex = EngagementExplorer("engagement")
    shown = listed(ex.art.ax)
    assert "Engaged (E1)" in shown and "adjacent, not Engaged" not in shown and "ignores Engagement" not in shown
    ex.controls["ignore"].value = True
    assert "ignores Engagement" in listed(ex.art.ax)


def test_a_diagram_lists_only_what_it_draws():
    # the rulebook's Push example: every branch stays on the board
    fig, art = diagram_artists(diagram("forced_push_example").computed())
    assert "board edge" not in listed(art.ax)
    fig, art = diagram_artists(diagram("forced_push_edge").computed())
    assert "board edge" in listed(art.ax)


@pytest.mark.parametrize("name, make", ALL, ids=[n for n, _ in ALL])
def test_every_board_legend_is_the_one_its_picture_calls_for_after_every_control(name, make):
    ex = make()
    figures = plt.get_fignums()
    for control in ex.controls.values():
        options = getattr(control, "options", None)
        if options and not isinstance(control.value, tuple):
            values = [o[1] if isinstance(o, tuple) else o for o in options][:3]
        elif hasattr(control, "max") and isinstance(getattr(control, "value", None), int):
            values = [control.min, control.max]
        else:
            continue
        for value in values:
            try:
                control.value = value
            except Exception:  # a value the explorer refuses (shown in its words): not this test's
                continue
            for ax in ex.figure.axes:
                board = getattr(ax.get_legend(), "board", None)
                if board is not None:
                    wanted = [" ".join(h.get_label().split()) for h in board._legend_entries()]
                    assert listed(ax) == wanted, (name, value)
    assert plt.get_fignums() == figures


# --- swatches that look like the map -----------------------------------------------------------------


def _pixel(fig, art, hex_label, dy=0.0):
    """The RGB drawn at the centre of a hex (shifted ``dy`` hex radii down the page)."""
    fig.canvas.draw()
    x, y = art.centre(hex_label)
    px, py = art.ax.transData.transform((x, y + dy))
    rgba = np.asarray(fig.canvas.buffer_rgba())
    return rgba[int(round(fig.bbox.height - py)), int(round(px)), :3] / 255.0


def _swatch(ax, label):
    legend = ax.get_legend()
    for text, handle in zip(legend.get_texts(), legend.legend_handles):
        if " ".join(text.get_text().split()) == label:
            face = handle.get_markerfacecolor() if hasattr(handle, "get_markerfacecolor") else handle.get_facecolor()
            rgba = mcolors.to_rgba(face)
            return np.array(rgba[:3]) * rgba[3] + (1 - rgba[3])  # over the white figure
    raise AssertionError(f"{label!r} not in the legend: {listed(ax)}")


def test_would_be_engaged_looks_like_its_swatch_on_every_height():
    # lesson 03, the second example: the Gundam (C3, height 1) would be Engaged with the Minelayer
    # (B3, ground) on A2 and with Char's Zaku II (D3, height 1) on C2 (height 1), E1
    ex = EngagementExplorer("engagement_lower")
    swatch = _swatch(ex.art.ax, "would be Engaged")
    for label in ("A2", "C2"):  # ground, height 1
        drawn = _pixel(ex.figure, ex.art, label, dy=ex.art.TILE_SHIFT)
        assert np.abs(drawn - swatch).max() < 0.02, (label, drawn, swatch)


def test_the_garrisons_swatch_is_its_tokens_colour():
    # lesson 04's diagram: the Federation Garrison stands on C3, a blue square
    fig, art = diagram_artists(diagram("movement_jumping").computed())
    token = np.array(mcolors.to_rgb(art.units["Federation Garrison"][0].get_facecolor()))
    squares = [label for label in listed(art.ax) if "Garrison" in label]
    assert squares == ["federation Garrison"]
    assert np.abs(_swatch(art.ax, "federation Garrison") - token).max() < 0.01
    # and that is what the map shows (inside the square, under its name and the path over it)
    assert np.abs(_pixel(fig, art, "C3", dy=0.35) - token).max() < 0.02
