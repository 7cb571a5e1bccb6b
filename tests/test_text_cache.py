"""Texts drawn from a cache (hexrules.plot._mpl.cached_text): pixel for pixel matplotlib's own.

The reference is matplotlib's ``RendererAgg.draw_text`` on the same renderer (the instance's
cached ``draw_text`` removed): every picture drawn with the cache, first draws (cache misses)
and later ones (hits, at other sub-pixel and whole-pixel positions), must equal it exactly
(``np.array_equal``), for rotated, bold, monospaced, serif, non-antialiased, unicode and
mathtext strings and for the explorers' own figures after their controls change (issue 14).
"""

from __future__ import annotations

import importlib
import types

import matplotlib

matplotlib.use("Agg")
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from matplotlib.backends.backend_agg import RendererAgg  # noqa: E402

from hexrules.errors import ExplorerError  # noqa: E402
from hexrules.plot import _mpl, new_figure  # noqa: E402

pytestmark = pytest.mark.usefixtures("close_figures")


def drawn(fig, *, cache: bool) -> np.ndarray:
    """``fig`` drawn whole on its canvas's renderer, with or without the text cache."""
    canvas = fig.canvas
    renderer = canvas.get_renderer()
    kept = vars(renderer).get("draw_text")
    assert kept is not None and kept.__func__ is _mpl._draw_text, "the canvas was not given the text cache"
    metrics = vars(renderer).get("_get_font_height_metrics")
    assert metrics is not None
    # matplotlib's own, as an instance attribute (so the canvas does not give the cache back),
    # and no font metrics hook (Text._get_layout reads the font's tables itself)
    renderer.draw_text = kept if cache else types.MethodType(RendererAgg.draw_text, renderer)
    if not cache:
        del renderer._get_font_height_metrics
    try:
        fig.stale = True
        canvas.draw()
        assert canvas.get_renderer() is renderer
        return np.asarray(canvas.buffer_rgba()).copy()
    finally:
        renderer.draw_text = kept
        renderer._get_font_height_metrics = metrics


def texts_figure(shift: float = 0.0):
    fig, (ax,) = new_figure(None, figsize=(4.0, 3.0), pyplot=False)
    ax.set_axis_off()
    rows = [
        ("Cover 4", {}), ("D3 -> E4 -x F5", {"rotation": 30}), ("−2 HP → 1", {"rotation": 90}),
        ("blue Garrison 1", {"weight": "bold", "rotation": 137}), ("0.44", {"family": "DejaVu Sans Mono"}),
        ("Shield 2", {"family": "DejaVu Serif", "style": "italic"}), ("37.5%", {"antialiased": False}),
        (r"$p^2 \leq 1$", {}), ("Zaku II (Char)", {"fontsize": 13, "rotation": -12.5}),
        ("two lines\nof text", {"fontsize": 7}), ("spaced\nlines", {"linespacing": 2.2}),
    ]
    for i, (s, kw) in enumerate(rows):
        ax.text(0.05 + 0.1 * i + shift, 0.1 + 0.09 * i + shift / 3, s, transform=ax.transAxes, **kw)
    return fig


@pytest.mark.parametrize("shift", [0.0, 0.0013, 0.25, 0.5017])
def test_texts_match_matplotlib_at_any_position(shift):
    fig = texts_figure(shift)
    reference = drawn(fig, cache=False)
    assert np.array_equal(drawn(fig, cache=True), reference)  # misses
    assert np.array_equal(drawn(fig, cache=True), reference)  # hits
    assert reference[..., :3].min() < 100  # the texts drew something dark


def test_moved_texts_reuse_glyphs_exactly():
    """Glyphs cached at one place, drawn at another whole-and-fractional pixel offset."""
    first = texts_figure(0.0)
    drawn(first, cache=True)
    hits = len(_mpl._text_glyphs)
    moved = texts_figure(0.0 + 7 / 400)  # 7 pixels of a 400-pixel wide figure, and a fraction in y
    assert np.array_equal(drawn(moved, cache=True), drawn(moved, cache=False))
    assert len(_mpl._text_glyphs) >= hits


@pytest.mark.parametrize("entry", ["crush.vehicle", "crush.damage", "forced.push_knuckle_shield",
                                   "movement.compare_water", "whatif.report"])
def test_explorers_match_matplotlib_after_control_changes(entry):
    module, name = entry.split(".")
    explorer = importlib.import_module(f"hexrules.widgets.{module}").EXPLORERS[name]()
    compared = 0
    for control in list(explorer.controls.values())[:3]:
        values = getattr(control, "options", None) or (
            range(control.min, control.max + 1) if hasattr(control, "min") else ())
        for value in list(values)[:3]:
            value = value[1] if isinstance(value, tuple) else value
            try:
                control.value = value
            except ExplorerError:
                # the one refusal a control change may raise: a handler refusing a value its controls
                # cannot show (hexrules/errors.py); a rule's refusal is shown in the explorer's words
                # (Explorer.update, widgets/base.py), and anything else (a TraitError) is a failure
                continue
            assert np.array_equal(drawn(explorer.figure, cache=True), drawn(explorer.figure, cache=False)), (
                entry, control.description, value)
            compared += 1
    assert compared > 0  # the pictures compared after some control change, not none


def test_caches_stay_bounded(monkeypatch):
    monkeypatch.setattr(_mpl, "TEXT_CACHE_LIMIT", 50)
    fig, (ax,) = new_figure(None, figsize=(3.0, 2.0), pyplot=False)
    for i in range(120):
        ax.text((i % 12) / 12 + i / 5000, (i // 12) / 10, f"{i}:{i * 7}")
    drawn(fig, cache=True)
    assert len(_mpl._text_layouts) <= 50 and len(_mpl._text_glyphs) <= 50


def test_a_spare_renderer_is_kept_cleared_and_draws_texts_from_the_cache():
    """plot.board pastes legends and layers rendered alone on a spare renderer (issue 14): one per
    size and dpi, cleared before each use like a new one, drawing texts as its canvas does."""
    fig = texts_figure()
    canvas_renderer = fig.canvas.get_renderer()
    spare = _mpl.spare_renderer(canvas_renderer)
    assert (spare.width, spare.height, spare.dpi) == (canvas_renderer.width, canvas_renderer.height,
                                                      canvas_renderer.dpi)
    assert vars(spare)["draw_text"].__func__ is _mpl._draw_text
    fig.draw(spare)  # ink on it
    assert np.asarray(spare.buffer_rgba())[..., 3].any()
    again = _mpl.spare_renderer(canvas_renderer)
    assert again is spare
    fresh = RendererAgg(canvas_renderer.width, canvas_renderer.height, canvas_renderer.dpi)
    assert np.array_equal(np.asarray(again.buffer_rgba()), np.asarray(fresh.buffer_rgba()))
    plain = RendererAgg(300, 200, 100)  # a renderer without the cache gets a spare without it
    assert "draw_text" not in vars(_mpl.spare_renderer(plain))


def test_spare_renderers_stay_bounded():
    for width in range(100, 100 + 10 * (_mpl.SPARE_RENDERERS + 3), 10):
        _mpl.spare_renderer(RendererAgg(width, 50, 100))
    assert len(_mpl._spares) == _mpl.SPARE_RENDERERS


def test_a_legend_rendered_alone_on_a_spare_renderer_has_matplotlibs_pixels():
    from hexrules.plot import board as plot_board
    from hexrules.plot import draw_board
    from hexrules.scenario import builtin

    sc = builtin("engagement")
    fig, (ax,) = new_figure(sc.board, pyplot=False)
    art = draw_board(sc.board, sc.state, ax=ax)
    fig.canvas.draw()
    legend = art.ax.get_legend()
    renderer = fig.canvas.get_renderer()
    draw = super(plot_board._StaticLegend, legend).draw
    spared = plot_board._render_alone(draw, renderer)
    fresh = RendererAgg(renderer.width, renderer.height, renderer.dpi)  # matplotlib's own texts
    draw(fresh)
    rgba = np.asarray(fresh.buffer_rgba())
    rows, cols = np.flatnonzero(rgba[..., 3].any(axis=1)), np.flatnonzero(rgba[..., 3].any(axis=0))
    expected = rgba[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1][::-1]
    assert np.array_equal(spared[0], expected)
    assert spared[1:] == (int(cols[0]), int(renderer.height) - int(rows[-1]) - 1)


def test_text_layouts_are_kept_for_the_kits_renderers_and_equal_matplotlibs():
    """Text._get_layout answers kept per string, font, dpi, rotation and alignment (issue 14):
    the same answer as matplotlib's own, for every text of the picture, moved or not; a renderer
    without the text cache gets matplotlib's own, and nothing is kept for it."""
    fig = texts_figure()
    drawn(fig, cache=True)
    renderer = fig.canvas.get_renderer()
    texts = [t for t in fig.findobj(lambda a: type(a).__name__ == "Text") if t.get_text()]
    assert len(texts) > 10
    plain = _mpl._plain_layout[0]
    for text in texts:
        got = text._get_layout(renderer)
        assert text._get_layout(renderer) is got  # kept
        bbox, lines, corner = plain(text, renderer)
        assert got[0].bounds == bbox.bounds and got[1] == lines and got[2] == corner
        text.set_position((0.123, 0.456))  # the layout does not depend on where the text is
        assert text._get_layout(renderer) is got
    _mpl._text_boxes.clear()
    other = RendererAgg(400, 300, fig.dpi)
    for text in texts:
        text._get_layout(other)
    assert not _mpl._text_boxes
