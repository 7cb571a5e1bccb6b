"""LayeredFigure (hexrules.plot.figure): the static part drawn once, the dynamic artists blitted.

Every draw must give the picture a full draw gives: the reference here is ``savefig`` to raw RGBA
at the figure's dpi, which draws every artist in its place (matplotlib draws animated artists
when saving). A cached draw is compared pixel for pixel with it (``np.array_equal``).
"""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from fractions import Fraction  # noqa: E402

from hexrules import HexrulesError  # noqa: E402
from hexrules.generate import BoardSpec  # noqa: E402
from hexrules.plot import LayeredFigure, new_figure  # noqa: E402
from hexrules.plot._mpl import drawing_disabled  # noqa: E402
from hexrules.widgets.crush import DamageExplorer, VehicleExplorer  # noqa: E402
from hexrules.words import percent  # noqa: E402
from hexrules.widgets.whatif import SweepExplorer  # noqa: E402

pytestmark = pytest.mark.usefixtures("close_figures")


def full_picture(fig) -> np.ndarray:
    """The figure drawn whole (savefig: every artist in its zorder), as an RGBA array."""
    buf = io.BytesIO()
    fig.savefig(buf, format="raw", dpi=fig.dpi)
    w, h = fig.canvas.get_width_height(physical=True)
    return np.frombuffer(buf.getvalue(), np.uint8).reshape(h, w, 4)


def shown(fig) -> np.ndarray:
    """What the canvas holds after its last draw (what ipympl sends), as an RGBA array."""
    return np.asarray(fig.canvas.buffer_rgba()).copy()


def live(explorer):
    """Make ``explorer`` refresh as on an ipympl canvas (``canvas.draw()`` per update), on Agg."""
    explorer.interactive = True
    explorer.figure.canvas.draw()
    return explorer


def bars_figure():
    fig, (ax,) = new_figure(None, figsize=(3.0, 2.0), pyplot=False, layered=True, dpi=80)
    ax.set_xlim(-0.5, 3.5)
    ax.set_ylim(0, 1)
    bars = list(ax.bar(range(4), [0.2, 0.6, 0.6, 0.8], zorder=2))
    label = ax.text(1, 0.5, "x", fontsize=6, zorder=4, ha="center", va="center",
                    bbox={"facecolor": "white", "alpha": 0.7})  # over bar 1, not over bar 0 or 2
    fig.set_dynamic(*bars)
    return fig, ax, bars, label


def test_a_cached_draw_equals_a_full_draw_and_a_static_artist_over_a_dynamic_one_joins_it():
    fig, ax, bars, label = bars_figure()
    fig.canvas.draw()
    assert fig.full_draws == 1 and fig.cached_draws == 0
    assert label in fig.layer  # the text lies over bar 1: drawn with the layer, after it
    bars[2].set_height(0.3)
    fig.canvas.draw()
    assert fig.cached_draws == 1 and not fig.stale
    assert np.array_equal(shown(fig), full_picture(fig))
    bars[1].set_height(0.1)  # bar 1 no longer reaches the text: the layer changes, all is drawn again
    fig.canvas.draw()
    assert label not in fig.layer and fig.full_draws == 2
    assert np.array_equal(shown(fig), full_picture(fig))


def test_a_static_change_is_drawn_and_savefig_draws_every_artist():
    fig, ax, bars, label = bars_figure()
    fig.canvas.draw()
    ax.set_ylim(0, 2)  # a static change: the figure is stale, its static part drawn again
    assert fig.stale
    bars[0].set_height(1.5)
    fig.canvas.draw()
    assert fig.full_draws == 2
    assert np.array_equal(shown(fig), full_picture(fig))
    blank = new_figure(None, figsize=(3.0, 2.0), pyplot=False, dpi=80)[0]
    assert not np.array_equal(full_picture(fig), full_picture(blank))
    # savefig forgets the kept part: a change made and saved before the next draw is not lost
    ax.set_ylim(0, 1.5)
    full_picture(fig)
    fig.canvas.draw()
    assert fig.full_draws == 3 and np.array_equal(shown(fig), full_picture(fig))


def test_a_draw_that_renders_nothing_does_not_hide_a_static_change():
    fig, ax, bars, label = bars_figure()
    fig.canvas.draw()
    ax.set_xlim(-1, 4)
    fig.draw_without_rendering()  # stale cleared, nothing drawn into the buffer
    assert not fig.stale
    fig.canvas.draw()
    assert np.array_equal(shown(fig), full_picture(fig))
    renderer = fig.canvas.get_renderer()
    assert not drawing_disabled(renderer)
    with renderer._draw_disabled():
        assert drawing_disabled(renderer)


def test_a_resize_or_new_dpi_draws_the_static_part_again():
    fig, ax, bars, label = bars_figure()
    fig.canvas.draw()
    fig.set_size_inches(4.0, 2.5)
    bars[3].set_height(0.5)
    fig.canvas.draw()
    assert fig.full_draws == 2 and np.array_equal(shown(fig), full_picture(fig))
    fig.set_dpi(100)
    fig.canvas.draw()
    assert fig.full_draws == 3 and shown(fig).shape[:2] == (250, 400)
    assert np.array_equal(shown(fig), full_picture(fig))


def test_set_dynamic_refuses_an_artist_outside_the_figures_axes():
    fig, ax, bars, label = bars_figure()
    other = plt.figure().add_subplot().bar([0], [1])[0]
    with pytest.raises(HexrulesError, match="not an artist of an axes of this figure"):
        fig.set_dynamic(other)
    with pytest.raises(HexrulesError, match="not an artist of an axes"):
        fig.set_dynamic(fig.text(0.5, 0.5, "figure-level"))
    assert isinstance(new_figure(None, figsize=(2.0, 2.0), layered=True)[0], LayeredFigure)
    assert type(new_figure(None, figsize=(2.0, 2.0))[0]) is not LayeredFigure


MOVES = {
    DamageExplorer: [("cover", 5), ("resolve", 2), ("cover", 6), ("resolve", 7), ("metric", "P(at least 2)"),
                     ("cover", 1), ("resolve", 1), ("metric", "expected damage"), ("cover", 0), ("cover", 4)],
    VehicleExplorer: [("cover", 5), ("shield", 2), ("resolve", 5), ("reading", "Major and Minor"), ("cover", 1),
                      ("shield", 7), ("resolve", 1), ("cover", 6), ("reading", "Major only"), ("shield", 3)],
}


@pytest.mark.parametrize("cls", list(MOVES))
def test_crush_explorers_blit_the_picture_a_full_draw_gives(cls):
    ex = live(cls())
    fig = ex.figure
    figures = plt.get_fignums()
    for name, value in MOVES[cls]:
        ex.controls[name].value = value
        first = shown(fig)
        fig.canvas.draw()  # a draw the browser asks for (nothing changed): the same picture
        again = shown(fig)
        # the same state drawn whole by an explorer built there (savefig would make ``ex`` stale)
        ref = cls(**{k: c.value for k, c in ex.controls.items()})
        assert np.array_equal(first, full_picture(ref.figure)), (name, value)
        assert np.array_equal(again, first), (name, value)
        plt.close(ref.figure)
    assert fig.cached_draws >= len(MOVES[cls])  # at least every draw the browser asked for reused it
    assert np.array_equal(shown(fig), full_picture(fig))
    assert plt.get_fignums() == figures


def test_a_slider_leaves_the_heatmap_static_and_the_metric_redraws_it():
    ex = live(DamageExplorer(cover=3, resolve=4))
    fig = ex.figure
    full = fig.full_draws
    ex.controls["resolve"].value = 5  # bars, curves, titles, the frame: the heatmap stays
    ex.controls["resolve"].value = 3
    assert fig.full_draws == full and ex.img not in fig.layer
    before = [t.get_text() for t in ex.colorbar.ax.get_yticklabels()]
    ex.controls["metric"].value = "P(at least 1)"  # cells and colour bar (0% to 100%): a static change
    # of the heatmap's axes and the colour bar's only: those two are drawn again, the charts kept
    assert fig.full_draws == full and fig.partial_draws == 1
    after = [t.get_text() for t in ex.colorbar.ax.get_yticklabels()]
    assert after != before and after[-1] == "100%"
    assert ex.cells[6][0].get_text() == "100%"  # 6 dice against Resolve 1: every die hits (C3)
    assert np.array_equal(shown(fig), full_picture(fig))


def test_every_vehicle_control_reuses_the_static_part_the_table_redrawn_in_the_layer():
    # the table's colours and cells change with Cover and the reading: they are drawn with the
    # layer (issue 14: drawing the table's axes again took 47 ms a Cover step), so no control
    # draws the static part again, in whole or in part
    ex = live(VehicleExplorer(cover=3, shield=4, resolve=2))
    fig = ex.figure
    full, partial, cached = fig.full_draws, fig.partial_draws, fig.cached_draws
    ex.controls["shield"].value = 5
    ex.controls["resolve"].value = 1
    ex.controls["cover"].value = 2
    ex.controls["reading"].value = "Major and Minor"
    assert (fig.full_draws, fig.partial_draws, fig.cached_draws) == (full, partial, cached + 4)
    assert ex.img in fig.layer and ex.cells[0][0] in fig.layer
    # 2 dice, Shield 1, Resolve 1, Major also Minor: every die is Minor (1 reaches Shield 1), so
    # P(>= 1 Minor) = 1; 2+ is Major, P(>= 1 Major) = 1 - (1/6)^2 = 35/36
    assert ex.cells[0][0].get_text() == f"{percent(Fraction(1))}\n{percent(Fraction(35, 36))}"
    assert np.array_equal(shown(fig), full_picture(fig))


def test_the_sweep_chart_is_drawn_again_only_for_a_new_result():
    spec = BoardSpec(columns=8, rows=6, units_per_side=2, garrisons=1, cluster=2)
    ex = live(SweepExplorer(2, spec=spec, sizes=(2, 3), run=False, workers=1))
    fig = ex.figure
    full = fig.full_draws
    ex.controls["boards"].value = 3  # the "Press Run" chart is unchanged: put back
    assert fig.full_draws == full and fig.cached_draws >= 1
    ex.controls["run"].click()
    assert fig.full_draws == full + 1
    assert np.array_equal(shown(fig), full_picture(fig))
    fig.canvas.draw()  # savefig forgot the kept pixels: a whole draw
    before = [float(b.get_width()) for b in ex._chart.bars]
    ex.controls["seed"].value = 7
    ex.controls["run"].click()  # the same alternatives, new shares: bars, percentages and title in place
    assert fig.full_draws == full + 2 and ex.ax.title.get_text().startswith("3 boards, seed 7:")
    assert [float(b.get_width()) for b in ex._chart.bars] != before
    ref = SweepExplorer(3, spec=spec, sizes=(2, 3), seed=7, run=True, workers=1)
    assert np.array_equal(shown(fig), full_picture(ref.figure))


def two_axes_figure(text_at=None):
    """Two charts side by side, a bar of each dynamic; ``text_at``: a figure-level text there."""
    fig, axes = new_figure(None, 2, figsize=(6.0, 2.0), pyplot=False, layered=True, dpi=80)
    fig.subplots_adjust(wspace=0.5)  # the right chart's tick labels clear of the left chart
    bars = []
    for ax in axes:
        ax.set_xlim(-0.5, 2.5)
        ax.set_ylim(0, 1)
        bars += list(ax.bar(range(3), [0.2, 0.5, 0.8]))
    if text_at is not None:
        fig.text(*text_at, "figure text", fontsize=7)
    fig.set_dynamic(bars[0], bars[3])
    fig.canvas.draw()
    return fig, axes, bars


def drawn_as(fig, change):
    """Make ``change``, draw; return how (``"full"``, ``"partial"``, ``"cached"``) and whether the
    picture is the one a full draw gives (savefig forgets the kept pixels: drawn again after)."""
    counts = (fig.full_draws, fig.partial_draws, fig.cached_draws)
    change()
    fig.canvas.draw()
    after = (fig.full_draws, fig.partial_draws, fig.cached_draws)
    how = [name for name, a, b in zip(("full", "partial", "cached"), counts, after) if b > a]
    same = np.array_equal(shown(fig), full_picture(fig))
    fig.canvas.draw()
    return how, same


def test_a_static_change_in_one_axes_draws_that_axes_again_only():
    fig, (left, right), bars = two_axes_figure()
    # new ticks and labels on the right chart only, and a dynamic bar
    assert drawn_as(fig, lambda: (right.set_ylim(0, 2), bars[3].set_height(1.5))) == (["partial"], True)
    assert drawn_as(fig, lambda: right.set_yticks([0, 0.5, 1, 1.5, 2], ["0", "half", "one", "1.5", "two"])) \
        == (["partial"], True)  # wider ink than before
    assert drawn_as(fig, lambda: bars[0].set_height(0.9)) == (["cached"], True)  # dynamic only: kept pixels


def test_axes_whose_ink_may_touch_a_changed_one_are_drawn_again_with_it():
    fig, (left, right), bars = two_axes_figure()
    # the right chart's labels now reach into the left chart: both are drawn again (here: all)
    assert drawn_as(fig, lambda: right.set_yticks([0, 0.5, 1], ["0", "a very long label, longer still", "1"])) \
        == (["full"], True)
    assert drawn_as(fig, lambda: left.set_xlim(-1, 3)) == (["full"], True)


def test_a_figure_level_artist_over_a_changed_axes_makes_a_full_draw():
    fig, (left, right), bars = two_axes_figure(text_at=(0.7, 0.5))  # over the right chart
    assert drawn_as(fig, lambda: right.set_ylim(0, 2)) == (["full"], True)  # the text is drawn after the axes
    assert drawn_as(fig, lambda: left.set_ylim(0, 2)) == (["partial"], True)  # not over the left chart
