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
from hexrules.errors import ExplorerError  # noqa: E402
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
    taken = 0
    for state in _control_values(ex, first=3):
        taken += 1
        for ax in ex.figure.axes:
            board = getattr(ax.get_legend(), "board", None)
            if board is not None:
                wanted = [" ".join(h.get_label().split()) for h in board._legend_entries()]
                assert listed(ax) == wanted, (name, state)
    assert taken > 0  # some control took a value: the loop checked something
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


# --- a legend wholly inside its figure (a new-user trial, lesson 02) -------------------------------------


def _legend_misfits(fig) -> list[str]:
    """Every board legend of ``fig`` (:meth:`BoardArtists.legend`) that is not wholly inside the
    figure, and one at the right of a board that runs into a text under it (a caption) or one
    below the boards that runs into a board: laid-out boxes, pixels (no draw needed)."""
    for ax in fig.axes:
        ax.apply_aspect()  # the box a board of equal aspect is drawn in, and its legend anchored to
    frame = fig.bbox
    found = []
    for ax in fig.axes:
        legend = ax.get_legend()
        if getattr(legend, "board", None) is None:
            continue
        box = legend.get_window_extent()
        where = f"legend {[round(v) for v in box.extents]} ending with {listed(ax)[-1]!r}"
        if box.x0 < -0.5 or box.y0 < -0.5 or box.x1 > frame.x1 + 0.5 or box.y1 > frame.y1 + 0.5:
            found.append(f"{where} outside the figure {[round(v) for v in frame.extents]}")
        for t in fig.texts:
            if t.get_visible() and t.get_text() and box.overlaps(t.get_window_extent()):
                found.append(f"{where} over the figure's text {t.get_text()[:20]!r}")
        if legend.board._legend_spec["below"]:
            found += [f"{where} over the board of axes #{i}" for i, other in enumerate(fig.axes)
                      if box.overlaps(other.get_window_extent())]
    return found


def _png_size(png: bytes) -> tuple[int, int]:
    import io

    import matplotlib.image as mimage

    h, w = mimage.imread(io.BytesIO(png), format="png").shape[:2]
    return w, h


#: Lesson 02's "Bring your own board" (cell 17): the Scout on A1 with Advance 4, target D1.
OWN_BOARD = """
map:
    0  1  2  1
     0  0~ 1  X
units:
    Scout  side=blue  at=A1  advance=4
"""

#: A few small boards, the smaller the shorter the room at the right of the board for its legend.
SMALL_BOARDS = {
    "one hex": "map:\n    0\nunits:\n    Scout  side=blue  at=A1  advance=4\n",
    "two hexes": "map:\n    0  1\nunits:\n    Scout  side=blue  at=A1  advance=4\n",
    "lesson 02's own": OWN_BOARD,
    "two sides": "map:\n    0  1  2  1\n     0  0~ 1  X\nunits:\n    Scout  side=blue  at=A1  advance=4\n"
                 "    Raider  side=red  at=B2\ngarrisons:\n    Post  side=red  at=C2\n",
}


def test_lesson_02s_own_board_shows_its_whole_legend_inside_the_figure_and_the_handout():
    # the trial: a 5.92 x 2.42 inch figure whose legend stopped at "4 MP", 105 px below its bottom
    # edge ("5 MP" to "cannot pay (M1)" cut off), and savefig saved the same cut legend
    from hexrules import parse_scenario

    ex = ReachExplorer(parse_scenario(OWN_BOARD), target="D1")
    shown = listed(ex.art.ax)
    assert shown[-4:] == ["7+ MP", "target", "illegal path", "cannot pay (M1)"]  # D1 costs 5 of 4 (M1)
    assert _legend_misfits(ex.figure) == []
    w, h = (round(v * ex.figure.dpi) for v in ex.figure.get_size_inches())
    assert _png_size(ex.png()) == (w, h)  # the handout (savefig) is the figure shown, legend and all


def test_a_legend_that_grows_with_the_controls_stays_inside_the_same_figure():
    # no target: the legend lists the board, the side and the cost scale; a target adds "target",
    # its path and "cannot pay (M1)" (sync_legends): the figure had room for them from the start
    from hexrules import parse_scenario

    ex = ReachExplorer(parse_scenario(OWN_BOARD))
    size = tuple(ex.figure.get_size_inches())
    assert "target" not in listed(ex.art.ax) and _legend_misfits(ex.figure) == []
    ex.controls["target"].value = "D1"
    assert "cannot pay (M1)" in listed(ex.art.ax)
    assert _legend_misfits(ex.figure) == []
    assert tuple(ex.figure.get_size_inches()) == size  # the notebook's output does not jump


@pytest.mark.parametrize("name", sorted(SMALL_BOARDS))
def test_draw_board_to_png_and_picture_keep_a_small_boards_legend_inside(name):
    from hexrules import movement as mv
    from hexrules import parse_scenario
    from hexrules.plot import draw_board, move_cost_overlays, new_figure, picture, to_png

    sc = parse_scenario(SMALL_BOARDS[name])
    reach = mv.reachable(sc.board, sc.state, "Scout")
    labels = [sc.board.label(h) for h in sc.board.hexes]
    cost = mv.path_to(sc.board, sc.state, "Scout", "D1" if "D1" in labels else labels[-1])  # D1: 5 of 4 (M1)
    path = {k: v for k, v in move_cost_overlays(cost).items() if k != "texts"}  # the tiles carry the numbers
    # draw_board takes plain data; to_png and picture also a movement's results, turned into it
    for results, overlays in (({}, {}), ({"reach": reach}, {"costs": reach.costs}),
                              ({"reach": reach, "cost": cost}, {"costs": reach.costs, **path})):
        fig, (ax,) = new_figure(sc.board, pyplot=False)  # what to_png draws on
        draw_board(sc.board, sc.state, ax=ax, **overlays)
        assert _legend_misfits(fig) == [], overlays
        size = tuple(round(v * fig.dpi) for v in fig.get_size_inches())
        assert _png_size(to_png(sc.board, sc.state, **results)) == size
        assert _png_size(picture(sc.board, sc.state, **results).png) == size
        art = draw_board(sc.board, sc.state, **overlays)  # a pyplot figure of its own
        assert _legend_misfits(art.ax.figure) == []


def _control_values(ex, first=4):
    """Each control of ``ex`` set in turn to its ``first`` options, or a slider to its ends; yields
    ``"description = value"`` after each value the explorer takes.

    A control change may refuse a value in one way only: a handler raising
    :class:`~hexrules.errors.ExplorerError` (a value its controls cannot show, ``hexrules/errors.py``);
    a rule's refusal is shown in the explorer's words by ``Explorer.update`` (``widgets/base.py``),
    never raised. Any other exception (a ``TraitError``, a bug) fails the test."""
    for control in ex.controls.values():
        options = getattr(control, "options", None)
        if options:  # a dropdown or toggle, its values tuples too (a branch's hexes: push_multi's units)
            values = [o[1] if isinstance(o, tuple) else o for o in options][:first]
        elif hasattr(control, "max") and isinstance(getattr(control, "value", None), int):
            values = [control.min, control.max]
        else:
            continue
        for value in values:
            try:
                control.value = value
            except ExplorerError:  # a value this explorer refuses: not this test's
                continue
            yield f"{control.description} = {value}"


def _small_explorers():
    from hexrules import parse_scenario
    from hexrules.widgets.forced import CompareForcedExplorer
    from hexrules.widgets.movement import CompareExplorer

    two = parse_scenario(SMALL_BOARDS["two sides"])
    return {
        "reach, one hex": lambda: ReachExplorer(parse_scenario(SMALL_BOARDS["one hex"])),
        "reach, two sides": lambda: ReachExplorer(two, target="D1"),
        "hex": lambda: HexExplorer(two, hex="A1", other="D2"),
        "engagement": lambda: EngagementExplorer(two),
        "two readings of a reach": lambda: CompareExplorer(two, "water", target="D1"),
        "push": lambda: ForcedExplorer(two, "push", source="B2", target="Scout", n=2),
        "two readings of a push": lambda: CompareForcedExplorer(two, "push", source="B2", target="Scout", n=2),
    }


@pytest.mark.parametrize("name", sorted(_small_explorers()))
def test_an_explorer_on_a_small_board_keeps_its_legend_inside_after_every_control(name):
    ex = _small_explorers()[name]()
    size = tuple(ex.figure.get_size_inches())
    found = [f"at first: {m}" for m in _legend_misfits(ex.figure)]
    taken = 0
    for state in _control_values(ex):
        taken += 1
        found += [f"{state}: {m}" for m in _legend_misfits(ex.figure)]
    assert taken > 0 and found == []
    assert tuple(ex.figure.get_size_inches()) == size


def test_every_diagram_files_legend_lies_inside_its_figure_clear_of_its_caption():
    from hexrules.diagram import Chart, diagram, diagram_names, parse_diagram

    found = []
    for name in diagram_names():
        d = diagram(name)
        if not isinstance(d, Chart):
            found += [f"{name}: {m}" for m in _legend_misfits(diagram_artists(d.computed())[0])]
    # a small board with a caption and many entries: the legend ran 60 px into the caption
    small = parse_diagram(SMALL_BOARDS["two sides"] + "caption: A caption long enough to run under the legend, "
                          "at the figure's bottom, as wide as the figure allows.\n"
                          "draw:\n    reach Scout\n    cost Scout A1 B1 C1 colour=orange label=\"orange path\"\n"
                          "    marker B1 colour=blue label=\"a blue mark\"\n    hexes C2 colour=green label=\"green hexes\"\n"
                          "    arrow A2 B2 colour=red label=\"red arrow\"\n")
    found += [f"a small board: {m}" for m in _legend_misfits(diagram_artists(small.computed())[0])]
    assert found == []
