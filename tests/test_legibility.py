"""Every text the pictures write can be read (issue 10 parts 4 and 5, and the new-user trial).

Each test builds the picture a reader sees, renders it (Agg), and measures what was drawn: the
rendered boxes of the texts (matplotlib's window extents, and the glyph outlines of the hex labels),
the tokens and the marks. A text is legible when its box overlaps no other text, mark or token
(a Push's damage labels, a piece's "Cover 3"), lies inside what holds it (a unit's name inside its
token's shape) and inside the figure; and a number is written in words a player reads.
"""

from __future__ import annotations

import functools
import itertools
import math

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.transforms import Bbox  # noqa: E402

from hexrules import Board, State, Unit  # noqa: E402
from hexrules.generate import BoardSpec, generate  # noqa: E402
from hexrules.plot import draw_board  # noqa: E402
from hexrules.widgets.crush import COVERS, CollapseExplorer, DamageExplorer, VehicleExplorer  # noqa: E402
from hexrules.widgets.forced import EXPLORERS as FORCED_EXPLORERS  # noqa: E402

pytestmark = pytest.mark.usefixtures("close_figures")

#: Two boxes "overlap" when they share more than this many square pixels (anti-aliasing aside).
TOUCH = 1.0


def _area(a: Bbox, b: Bbox) -> float:
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return w * h if w > 0 and h > 0 else 0.0


def _renderer(fig):
    fig.canvas.draw()
    return fig.canvas.get_renderer()


def _text_box(text, renderer) -> Bbox:
    """What a text covers: its rounded box if it has one, else its layout box (pixels)."""
    patch = text.get_bbox_patch()
    if patch is not None:
        text.update_bbox_position_size(renderer)
        return patch.get_window_extent(renderer)
    return text.get_window_extent(renderer)


def _hex_label_boxes(art) -> dict[str, Bbox]:
    """The ink box of every hex label and elevation badge, from the glyph outlines drawn (pixels),
    grouped by the hex each glyph lies in."""
    glyphs: dict[str, list] = {}
    for key in ("labels", "elevation"):
        layer = art.text_layers.get(key)
        if layer is None:
            continue
        for path in layer.get_paths():
            for poly in path.to_polygons(closed_only=False):
                if len(poly) < 2:
                    continue
                h = art.layout.pixel_to_hex(tuple(poly.mean(axis=0)))
                glyphs.setdefault(f"{key} {art.board.label(h)}", []).append(poly)
    out = {}
    for name, polys in glyphs.items():
        pts = art.ax.transData.transform(np.concatenate(polys))
        out[name] = Bbox.from_extents(*pts.min(axis=0), *pts.max(axis=0))
    return out


def _marker_boxes(scatter, ax) -> list[Bbox]:
    """The boxes of a scatter's markers (its size is an area in points squared)."""
    offsets = scatter.get_offsets()
    sizes = np.resize(scatter.get_sizes(), len(offsets)) if len(offsets) else []
    out = []
    for (x, y), s in zip(offsets, sizes):
        px, py = ax.transData.transform((x, y))
        half = math.sqrt(s) / 2 * ax.figure.dpi / 72
        out.append(Bbox.from_extents(px - half, py - half, px + half, py + half))
    return out


def _token_boxes(art, renderer) -> dict[str, Bbox]:
    out = {}
    for name, (token, _text, dmg) in art.units.items():
        if token.get_visible():
            out[f"token {name}"] = token.get_window_extent(renderer)
            if dmg.get_visible():
                out[f"damage badge {name}"] = _text_box(dmg, renderer)
    return out


def _clashes(mine: dict[str, Bbox], others: dict[str, Bbox]) -> list[str]:
    return [f"{a} / {b}" for (a, x), (b, y) in itertools.product(mine.items(), others.items())
            if a != b and _area(x, y) > TOUCH]


# --- 1. a Push's damage labels, and a piece's Cover, hide nothing -----------------------------------


def _push_clashes(ex, renderer=None) -> list[str]:
    renderer = renderer or _renderer(ex.figure)
    layer, art = ex.layer, ex.art
    labels = {f"label {t.get_text()!r} #{i}": _text_box(t, renderer)
              for i, t in enumerate(layer._labels) if t.get_visible() and t.get_text()}
    marks = {f"X #{i}": b for i, b in enumerate(_marker_boxes(layer._marks, art.ax) +
                                                 _marker_boxes(layer._chosen_mark, art.ax))}
    tokens = _token_boxes(art, renderer)
    others = {**marks, **tokens, **_hex_label_boxes(art)}
    pairs = [f"{a} / {b}" for (a, x), (b, y) in itertools.combinations(labels.items(), 2) if _area(x, y) > TOUCH]
    badges = {k: v for k, v in tokens.items() if k.startswith("damage badge")}  # an X never hides a unit's damage
    return pairs + _clashes(labels, others) + _clashes(marks, badges)


def test_the_knuckle_shield_push_labels_hide_no_label_mark_or_token_at_any_step():
    # the trial: on the branch C3 -> D3 -> D2 (a collision, P2: the Gundam stays on D3 and takes 2)
    # the "-2" labels and the Xs of D3's two collision stubs piled up under its token
    ex = FORCED_EXPLORERS["push_knuckle_shield"]()
    found = []
    for b in range(len(ex.controls["branch"].options)):
        ex.controls["branch"].value = b
        for step in range(ex.controls["step"].max + 1):
            ex.controls["step"].value = step
            found += [f"branch {b} step {step}: {c}" for c in _push_clashes(ex)]
    assert found == []


def _values(control) -> list:
    return [o[1] if isinstance(o, tuple) else o for o in control.options]


def _forced_states(ex):
    """Drive a Push / Pull explorer through every state a reader can reach without choosing another
    source or target: every reading of its switches, every N, every branch and every step (a
    two-readings explorer: every switch, every pair of its values, every N; several units: every
    order, and each unit's every branch). Yields a name of each state, the explorer updated."""
    from hexrules.widgets.forced import FORCED_SWITCHES

    c = ex.controls
    if "order" in c:
        for order in itertools.permutations(c["order"].value):
            c["order"].value = order
            yield f"order {order}"
            for key in [k for k in c if k.startswith("unit ")]:
                first = c[key].value
                for v in _values(c[key])[1:]:
                    c[key].value = v
                    yield f"order {order}, {key} = {v}"
                c[key].value = first
        return
    if "switch" in c:
        for switch in _values(c["switch"]):
            c["switch"].value = switch
            values = _values(c["left"])
            for n, left, right in itertools.product(range(c["n"].min, c["n"].max + 1), values, values):
                c["n"].value, c["left"].value, c["right"].value = n, left, right
                yield f"{switch} {left} | {right}, N {n}"
        return
    switches = [k for k in c if k in FORCED_SWITCHES]
    for values in itertools.product(*(_values(c[k]) for k in switches)):
        for k, v in zip(switches, values):
            c[k].value = v
        for n in range(c["n"].min, c["n"].max + 1):
            c["n"].value = n
            for b in range(len(c["branch"].options)):
                c["branch"].value = b
                for step in range(c["step"].max + 1):
                    c["step"].value = step
                    yield f"{dict(zip(switches, values))} N {n}, branch {b}, step {step}"


def _gap(a: Bbox, b: Bbox) -> float:
    """The distance between two boxes (pixels; 0 when they touch or overlap)."""
    return math.hypot(max(a.x0 - b.x1, b.x0 - a.x1, 0.0), max(a.y0 - b.y1, b.y0 - a.y1, 0.0))


def _forced_marks(layer, art, renderer) -> tuple[list, list[Bbox]]:
    """``([(label text, label box, own X box)...], every X box)`` of a ForcedLayer as rendered
    (pixels): a label's own X is its stub's X, with the chosen branch's X when it lies on it."""
    stubs = _marker_boxes(layer._marks, art.ax)
    chosen = _marker_boxes(layer._chosen_mark, art.ax)
    labels = []
    for text, x in zip(layer._labels, stubs):
        if text.get_visible() and text.get_text():
            own = Bbox.union([x] + [c for c in chosen if c.contains(x.intervalx.mean(), x.intervaly.mean())])
            labels.append((text.get_text(), _text_box(text, renderer), own))
    return labels, stubs + chosen


@functools.lru_cache(maxsize=None)
def _forced_sweep(name: str) -> tuple[list[str], list[str], list[str]]:
    """Every state of explorer ``name`` measured once: ``(clashes, outside, strays)``: texts that hide
    another (:func:`_push_clashes`), Xs and labels not wholly inside their axes (where the map clips
    its Xs) and the figure, and labels that do not read as their own X's (:func:`_strays`)."""
    import matplotlib.pyplot as plt

    ex = FORCED_EXPLORERS[name]()
    # each state is drawn once, as the explorer's update draws it, but not encoded: its picture
    # (a PNG under Agg, half the time of the sweep) is not what is measured (issue 32 part 2)
    ex.png = lambda: b""
    layers = ex.layers if hasattr(ex, "layers") else [ex.layer]
    arts = ex.arts if hasattr(ex, "arts") else [ex.art] * len(layers)
    renderer = _renderer(ex.figure)
    clashes, outside, strays = [], [], []
    try:
        for state in _forced_states(ex):
            ex.figure.canvas.draw()  # where the update's picture was drawn: the labels placed for this state
            for i, (layer, art) in enumerate(zip(layers, arts)):
                where = f"{state}, panel {i}"
                holder = type("Shown", (), {"figure": ex.figure, "layer": layer, "art": art})
                clashes += [f"{where}: {c}" for c in _push_clashes(holder, renderer)]
                labels, xs = _forced_marks(layer, art, renderer)
                frame = Bbox.intersection(art.ax.get_window_extent(renderer), ex.figure.bbox)
                boxes = [(f"X at {b.x0:.0f},{b.y0:.0f}", b) for b in xs] + [(f"label {t!r}", b) for t, b, _ in labels]
                outside += [f"{where}: {what} {[round(v, 1) for v in b.extents]} outside "
                            f"{[round(v, 1) for v in frame.extents]}" for what, b in boxes
                            if b.x0 < frame.x0 - 0.5 or b.y0 < frame.y0 - 0.5 or b.x1 > frame.x1 + 0.5
                            or b.y1 > frame.y1 + 0.5]
                strays += [f"{where}: {s}" for s in _strays(labels, xs)]
    finally:
        plt.close(ex.figure)
    return clashes, outside, strays


#: A label reads as its own X's when it lies within NEAR label heights of it and every other X is at
#: least CLEAR label heights farther from it than its own (a "-2" just under one X and as near
#: another, the trial's compare panel, reads as either's).
NEAR, CLEAR = 0.75, 0.5


def _strays(labels, xs: list[Bbox]) -> list[str]:
    found = []
    for text, box, own in labels:
        near = _gap(box, own)
        others = [_gap(box, x) for x in xs if not own.contains(x.intervalx.mean(), x.intervaly.mean())]
        nearest = min(others, default=math.inf)
        if near > NEAR * box.height or nearest < near + CLEAR * box.height:
            found.append(f"label {text!r} {near:.1f} px from its X, {nearest:.1f} px from another "
                         f"(label {box.height:.1f} px high)")
    return found


#: One explorer's two tests on one pytest-xdist worker (``--dist loadgroup``): they share its sweep.
SWEPT = [pytest.param(n, marks=pytest.mark.xdist_group(f"forced-sweep-{n}")) for n in sorted(FORCED_EXPLORERS)]


@pytest.mark.parametrize("name", SWEPT)
def test_every_forced_explorer_keeps_its_xs_and_labels_inside_the_figure(name):
    # the trial (lesson 06, push_edge, Push 3): a step off the board from a hex of the top row ends
    # in the chosen branch's magenta X, drawn beyond the edge and cut by 7 px at the top of the map
    assert _forced_sweep(name)[1] == []


@pytest.mark.parametrize("name", SWEPT)
def test_every_forced_explorer_writes_its_labels_clear_and_beside_their_own_x(name):
    # the trial (lesson 06, the two-readings Push on push_edge, collide): at D2 the "-2" of the step
    # east sat under its X and as near the X of the step south-east, whose own "-2" sat beside it
    clashes, _, strays = _forced_sweep(name)
    assert clashes == []
    assert strays == []


def test_the_two_readings_maps_keep_their_hex_labels_legible():
    # Room beyond the edge for the Xs of steps off the board, and their labels, is width the two maps
    # side by side take from their hexes at the 900 px cap: a view leaves it only where the Push or
    # Pull can step off the board (ForcedLayer.room). Measured (hex labels, pt / ink px): lesson 07's
    # Pull never leaves the board: 6.67 / 6.76, as without room; lesson 09's Push on push_collision
    # leaves it at the right, top and bottom: 6.37 / 6.45 (room on every side: 6.09 pt; the two maps
    # stacked: 8.35 pt, but 608 x 967 px, taller than a laptop's notebook and no longer side by side)
    from hexrules.plot.figure import new_figure
    from hexrules.widgets.forced import CompareForcedExplorer

    pull = CompareForcedExplorer("pull_other_elevation", "pull", "pull_other_elevation", target="GM", n=1)
    push = CompareForcedExplorer("push_collision", "push", "push_drop_damage_per_level")
    fig, axes = new_figure(pull.board, 2, legend="below", pyplot=False)
    without = draw_board(pull.board, ax=axes[0], legend=False)
    for f in (pull.figure, push.figure, fig):
        _renderer(f)
    assert tuple(pull.figure.get_size_inches()) == tuple(fig.get_size_inches())
    assert _label_ink_heights(pull.arts[0]) == pytest.approx(_label_ink_heights(without))
    for ex in (pull, push):
        for art in ex.arts:
            assert art.fontsize(art.LABEL_SIZE) >= 6.3
            assert min(_label_ink_heights(art)) >= 6.4  # pixels, the height of "A1"'s capitals


def _cover_clashes(ex) -> list[str]:
    renderer = _renderer(ex.figure)
    art = ex.art
    layer = art.text_layers.get("cover")
    if layer is None or not layer.get_paths():
        return []
    pts = art.ax.transData.transform(np.concatenate([p.vertices for p in layer.get_paths()]))
    note = {"Cover note": Bbox.from_extents(*pts.min(axis=0), *pts.max(axis=0))}
    marks = {f"X #{i}": b for sc in art.marker_layers.values() for i, b in enumerate(_marker_boxes(sc, art.ax))}
    return _clashes(note, {**_hex_label_boxes(art), **_token_boxes(art, renderer), **marks})


def test_the_pieces_cover_hides_no_hex_label_token_or_mark():
    # the trial: at Cover 4, "Cover 4" lay over hex E3's label (lesson 08)
    ex = CollapseExplorer("crush_hab_block")
    found = []
    for cover in COVERS:
        ex.controls["cover"].value = cover
        for route in range(len(ex.routes)):
            ex.controls["route"].value = route
            for step in sorted({1, ex.controls["step"].max // 2, ex.controls["step"].max}):
                ex.controls["step"].value = step
                found += [f"Cover {cover}, route {route}, step {step}: {c}" for c in _cover_clashes(ex)]
    assert found == []


# --- 2. the Crush charts' bar values never run into each other --------------------------------------


def _bar_text_clashes(ax, texts, renderer) -> list[str]:
    shown = {f"{t.get_text()} at x={t.get_position()[0]:+.1f}": t.get_window_extent(renderer)
             for t in texts if t.get_visible() and t.get_text()}
    found = [f"{a} / {b}" for (a, x), (b, y) in itertools.combinations(shown.items(), 2) if _area(x, y) > TOUCH]
    frame = ax.get_window_extent(renderer)
    found += [f"{a} outside the chart" for a, x in shown.items()
              if x.x0 < frame.x0 - 0.5 or x.x1 > frame.x1 + 0.5 or x.y1 > frame.y1 + 0.5]
    legend = ax.get_legend()
    if legend is not None:
        box = legend.get_window_extent(renderer)
        found += [f"{a} under the legend" for a, x in shown.items() if _area(x, box) > TOUCH]
    return found


#: The smallest size (points) a chart writes a value at (a new-user trial read 6 and 7 as tiny, lesson 08).
CHART_VALUE_SIZE = 8.0


def _bar_value_misfits(ax, bars, texts, renderer) -> list[str]:
    """The bar values of one chart (every series) written below :data:`CHART_VALUE_SIZE`, or upright
    (rotated) although written horizontally, as they are now, they would all fit: touching no other
    value and no other bar, inside the chart (rendered boxes)."""
    shown = [(b, t) for b, t in zip(bars, texts) if t.get_visible() and t.get_text()]
    found = [f"{t.get_text()} at {t.get_fontsize()} pt" for _, t in shown if t.get_fontsize() < CHART_VALUE_SIZE]
    upright = [t for _, t in shown if t.get_rotation() != 0]
    if not upright:
        return found
    for t in upright:  # the same values written horizontally: would they fit?
        t.set_rotation(0)
    try:
        boxes = [(b, t, t.get_window_extent(renderer)) for b, t in shown]
        frame = ax.get_window_extent(renderer)
        clash = any(_area(x, y) > 0 for (_, _, x), (_, _, y) in itertools.combinations(boxes, 2))
        clash |= any(_area(box, other.get_window_extent(renderer)) > 0 for b, _, box in boxes for other in bars
                     if other is not b and other.get_height() > 0)
        clash |= any(box.x0 < frame.x0 or box.x1 > frame.x1 for _, _, box in boxes)
    finally:
        for t in upright:
            t.set_rotation(90)
    if not clash:
        found.append(f"upright though they fit horizontally: {[t.get_text() for t in upright]}")
    return found


def test_the_vehicle_charts_bar_values_never_collide_at_any_cover_shield_and_resolve():
    # the trial: at Cover 3 (Shield 4, Resolve 2) "44.4%" and "37.5%" ran into each other; then the
    # values were written upright at 6 points, too small and turned (a new-user trial, lesson 08):
    # they are written at 8 points at least, horizontally whenever they fit so
    ex = VehicleExplorer()
    renderer = _renderer(ex.figure)
    c = ex.controls
    found, horizontal = [], 0
    for n, s, r in itertools.product(range(c["cover"].min, c["cover"].max + 1), range(c["shield"].min, c["shield"].max + 1),
                                     range(c["resolve"].min, c["resolve"].max + 1)):
        with ex.quiet():
            c["cover"].value, c["shield"].value, c["resolve"].value = n, s, r
        ex.redraw()
        where = f"Cover {n}, Shield {s}, Resolve {r}"
        for ax, bars, texts in ((ex.ax_minor, ex.bars_only + ex.bars_also, ex.texts_only + ex.texts_also),
                                (ex.ax_hp, ex.bars_hp, ex.texts_hp)):
            found += [f"{where}: {x}" for x in _bar_text_clashes(ax, texts, renderer)]
            found += [f"{where}: {x}" for x in _bar_value_misfits(ax, bars, texts, renderer)]
        horizontal += all(t.get_rotation() == 0 for t in ex.texts_only + ex.texts_also)
    assert found == []
    assert horizontal > 0  # a few dice: the pairs' values side by side, horizontally


def test_the_damage_charts_bar_values_never_collide():
    ex = DamageExplorer()
    renderer = _renderer(ex.figure)
    c = ex.controls
    found = []
    for n, r in itertools.product(range(c["cover"].min, c["cover"].max + 1), range(c["resolve"].min, c["resolve"].max + 1)):
        with ex.quiet():
            c["cover"].value, c["resolve"].value = n, r
        ex.redraw()
        found += [f"Cover {n}, Resolve {r}: {x}" for x in _bar_text_clashes(ex.ax_bar, ex.bar_texts, renderer)]
        found += [f"Cover {n}, Resolve {r}: {x}" for x in _bar_value_misfits(ex.ax_bar, ex.bars, ex.bar_texts, renderer)]
    assert found == []


def _line_points(line, ax, renderer) -> np.ndarray:
    """Points along a drawn curve (pixels): its markers and its segments, each sampled every
    twentieth of its length."""
    xy = ax.transData.transform(np.column_stack([np.asarray(v, dtype=float) for v in line.get_data()]))
    if len(xy) < 2:
        return xy
    return np.array([a + (b - a) * t for a, b in zip(xy, xy[1:]) for t in np.linspace(0, 1, 20)])


def test_the_damage_curves_legend_hides_no_curve_at_any_cover_and_resolve():
    # a new-user trial (lesson 08): at Cover 6 the legend in the chart's upper right corner lay over
    # the curves of Resolve 1-3 at k = 4-6
    ex = DamageExplorer()
    renderer = _renderer(ex.figure)
    c = ex.controls
    found = []
    for n, r in itertools.product(range(c["cover"].min, c["cover"].max + 1), range(c["resolve"].min, c["resolve"].max + 1)):
        with ex.quiet():
            c["cover"].value, c["resolve"].value = n, r
        ex.redraw()
        box = ex.ax_curve.get_legend().get_window_extent(renderer)
        for resolve, line in ex.lines.items():
            reach = (line.get_markersize() + line.get_linewidth()) / 2 * ex.figure.dpi / 72  # a marker's and a line's half
            if box.padded(reach).count_contains(_line_points(line, ex.ax_curve, renderer)):
                found.append(f"Cover {n}, Resolve {r}: the legend lies over the curve of Resolve {resolve}")
        if not ex.figure.bbox.contains(box.x0, box.y0) or not ex.figure.bbox.contains(box.x1, box.y1):
            found.append(f"Cover {n}, Resolve {r}: the legend {box.extents} leaves the figure")
        found += [f"Cover {n}, Resolve {r}: the legend lies over another chart"
                  for ax in (ex.ax_bar, ex.ax_heat, ex.colorbar.ax) if _area(box, ax.get_tightbbox(renderer)) > TOUCH]
    assert found == []


def test_the_vehicle_table_frames_every_shield_and_resolve_the_sliders_offer():
    # a new-user trial (lesson 08): the Shield slider went to 7 (a modified Shield no die reaches,
    # C4) but the table stopped at Shield 6: at Shield 7 nothing marked the choice
    ex = VehicleExplorer()
    c = ex.controls
    missing = []
    for s, r in itertools.product(range(c["shield"].min, c["shield"].max + 1), range(c["resolve"].min, c["resolve"].max + 1)):
        c["shield"].value, c["resolve"].value = s, r
        rows = [t.get_text() for t in ex.ax_table.get_yticklabels()]
        cols = [t.get_text() for t in ex.ax_table.get_xticklabels()]
        x, y = ex.frame.get_xy()
        if not (ex.frame.get_visible() and 0 <= y + 0.5 < len(rows) and 0 <= x + 0.5 < len(cols)
                and (rows[int(y + 0.5)], cols[int(x + 0.5)]) == (str(s), str(r))):
            missing.append(f"Shield {s}, Resolve {r}")
    assert missing == []
    c["cover"].value, c["shield"].value, c["resolve"].value = 6, 7, 1  # no die reaches Shield 7 (C4)
    assert ex.cells[6][0].get_text() == "0%\n0%"


def _heatmap_cell_misfits(ax, cells, renderer, margin: float = 2.0) -> list[str]:
    """The cell values of a heatmap (:func:`hexrules.plot.crush.draw_heatmap`) not written at 10 pt, or
    whose rendered box does not lie inside its cell with ``margin`` pixels to spare (the frame round
    the chosen cell is 2.5 points wide, 1.7 px of it inside the cell)."""
    found = []
    for i, row in enumerate(cells):
        for j, t in enumerate(row):
            if not t.get_visible() or not t.get_text():
                continue
            (x0, y0), (x1, y1) = ax.transData.transform([(j - 0.5, i - 0.5), (j + 0.5, i + 0.5)])
            cell = Bbox.from_extents(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)).padded(-margin)
            box = t.get_window_extent(renderer)
            if t.get_fontsize() != 10 or not (cell.x0 <= box.x0 and box.x1 <= cell.x1 and cell.y0 <= box.y0
                                              and box.y1 <= cell.y1):
                found.append(f"row {i} column {j}: {t.get_text()!r} at {t.get_fontsize()} pt, "
                             f"{[round(v) for v in box.extents]} in cell {[round(v) for v in cell.extents]}")
    return found


def test_the_crush_heatmaps_write_their_values_at_10_points_inside_their_cells():
    # a new-user trial (lesson 08): the heatmaps' values were written at 7 points (expected damage,
    # P(at least k)) and 6 (the vehicle's P(Minor) over P(Major)): too small to read
    from hexrules.widgets.crush import HEATMAP_METRICS

    damage, vehicle = DamageExplorer(), VehicleExplorer()
    found = []
    for metric in HEATMAP_METRICS:
        damage.controls["metric"].value = metric
        found += [f"{metric}: {x}" for x in _heatmap_cell_misfits(damage.ax_heat, damage.cells, _renderer(damage.figure))]
    c = vehicle.controls
    for n, reading in itertools.product(range(c["cover"].min, c["cover"].max + 1), vehicle.READINGS):
        c["cover"].value, c["reading"].value = n, reading
        found += [f"Cover {n}, {reading}: {x}"
                  for x in _heatmap_cell_misfits(vehicle.ax_table, vehicle.cells, _renderer(vehicle.figure))]
    assert found == []


# --- 3. a unit's name lies inside its token ---------------------------------------------------------


def _outside_token(art, renderer) -> list[str]:
    """Names whose layout box pokes out of their token's shape (circle, square, diamond)."""
    found = []
    for name, (token, text, _dmg) in art.units.items():
        if not token.get_visible() or not text.get_text():
            continue
        box = text.get_window_extent(renderer)
        outline = token.get_path().transformed(token.get_patch_transform() + art.ax.transData)
        corners = [(box.x0, box.y0), (box.x0, box.y1), (box.x1, box.y0), (box.x1, box.y1)]
        if not all(outline.contains_point(p, radius=-0.5) or outline.contains_point(p, radius=0.5) for p in corners):
            found.append(f"{name!r} written {text.get_text()!r} at {text.get_fontsize():.1f} pt")
    return found


def test_the_generated_boards_garrison_names_fit_their_squares():
    # the trial (lesson 10's what-if report): "blue Garrison 1" spilled out of its square, the
    # name being allowed 1.3 hex radii, a Garrison's square being 0.96 wide
    from hexrules.widgets.whatif import ReportExplorer

    board = generate(BoardSpec(columns=12, rows=10), seed=17)
    ex = ReportExplorer(board)
    assert _outside_token(ex.art, _renderer(ex.figure)) == []
    garrisons = [u for u in board.state if u.garrison]
    assert garrisons
    for u in garrisons:  # the square and its colour say "Garrison" and the side; the number stays
        number = u.name.split()[-1]
        assert ex.art.units[u.name][1].get_text().split()[-1] == number, u.name


LONG_NAMES = ["Gundam", "RX-78-2 Gundam", "Char's Zaku II", "A Very Long Unit Name Indeed",
              "Federation Mobile Suit Squadron", "blue Garrison 12", "Supercalifragilistic", "Zaku II: Minelayer"]


@pytest.mark.parametrize("columns, rows", [(4, 3), (12, 10), (30, 24)])
@pytest.mark.parametrize("kind", ["unit", "garrison", "vehicle"])
def test_long_names_stay_inside_their_token_and_legible(kind, columns, rows):
    from hexrules.plot.figure import new_figure

    board = Board.rectangle(columns, rows)
    hexes = list(board.hexes)[:: max(1, len(board.hexes) // len(LONG_NAMES))][: len(LONG_NAMES)]
    units = State([Unit(n, "blue", h, garrison=kind == "garrison") for n, h in zip(LONG_NAMES, hexes)])
    fig, (ax,) = new_figure(board, pyplot=False)
    art = draw_board(board, ax=ax, legend=False)
    art.set_units(units, vehicles=[u.name for u in units] if kind == "vehicle" else ())
    renderer = _renderer(fig)
    assert _outside_token(art, renderer) == []
    base = art.fontsize(0.19, 3.5, 10)
    for u in units:
        text = art.units[u.name][1]
        if columns < 30:
            # legible: never below three quarters of the token's size, nor 3 points, and a short name whole
            assert text.get_fontsize() >= max(0.75 * base, 3.0) - 0.01, (u.name, text.get_fontsize(), base)
        else:  # tokens 5 points across: a name is written legibly (3 points at least) or not at all
            assert text.get_text() == "" or text.get_fontsize() >= 3.0, (u.name, text.get_fontsize())
    if columns < 30:
        assert art.units["Gundam"][1].get_text() == "Gundam"


# --- 5. what a hex's cost does, in words -------------------------------------------------------------


def test_a_hex_gained_reads_as_a_cost_not_minus_a_number():
    # the trial: a hex out of reach under the base and reached at 3 MP under the alternative read
    # "-→3", which a player reads as minus three
    from hexrules.widgets.whatif import ReportExplorer

    seen = {}
    for ex in (ReportExplorer("terrain"), ReportExplorer("engagement")):  # water=none gains, a penalty loses
        seen.update(_cost_texts(ex))
    gained = {k: v for k, v in seen.items() if k[3] is None}
    lost = {k: v for k, v in seen.items() if k[4] is None}
    assert gained and lost  # hexes of both kinds are drawn, or the test shows nothing
    assert all(v == f"now {b} MP" for (_, _, _, _, b), v in gained.items())
    assert all(v == f"was {a} MP" for (_, _, _, a, _), v in lost.items())
    assert not any(v.startswith("-") or "-→" in v or "→-" in v for v in seen.values())
    # the report's words say the same: "gains D1 (3 MP)", "loses C1 (2 MP)"
    (label, _, h, _, b) = next(iter(gained))
    ex = ReportExplorer("terrain")
    ex.controls["switch"].value = next(i for i, c in enumerate(ex.report.switches) if c.alternative.label == label)
    assert "gains" in ex.explanation.value and f"{ex.art.board.label(h)} ({b} MP)" in ex.explanation.value


@pytest.mark.parametrize("scenario", ["terrain", "engagement", "push_collision", "lesson 10"])
def test_every_what_if_change_is_written_inside_its_own_hex(scenario):
    # the trial: "was 3 MP" / "now 2 MP" ran past their hexes on lesson 10's report map; in a row
    # of gained hexes they read as one string, "now 3 MPnow 3 MPnow 3 MP". Each text's ink lies
    # inside the tile of its hex (its colour, TILE_INSET of the hex): neighbours' texts stay apart
    from matplotlib.path import Path

    from hexrules.widgets.whatif import ReportExplorer

    ex = ReportExplorer(generate(BoardSpec(columns=12, rows=10), seed=17) if scenario == "lesson 10" else scenario)
    art = ex.art
    spilled, written = [], 0
    for i, c in enumerate(ex.report.switches):
        ex.controls["switch"].value = i
        for j in range(len(c.reaches)):
            ex.controls["movement"].value = j
            shown = {h: t for h, t in art.texts_shown("costs").items() if t.strip()}
            centres = {h: np.asarray(art.centre(h)) for h in shown}
            for path in art.text_layers["costs"].get_paths():
                for poly in path.to_polygons(closed_only=False):
                    if len(poly) < 2:
                        continue
                    # a glyph belongs to the text whose hex centre is nearest
                    h = min(centres, key=lambda k: float(np.hypot(*(poly.mean(axis=0) - centres[k]))))
                    written += 1
                    # ... and inside the tile it is written on, the change's colour (set_tiles)
                    tile = centres[h] + np.array([0.0, art.TILE_SHIFT])
                    inside = tile + art.TILE_INSET * (np.asarray(art.layout.polygon_corners(h)) - centres[h])
                    if not Path(inside).contains_points(poly).all():
                        spilled.append(f"{c.alternative.label} movement {j}: {shown[h]!r} in {art.board.label(h)}")
    assert written  # the report draws changes, or the test shows nothing
    assert not spilled, sorted(set(spilled))


def _cost_texts(ex) -> dict:
    """``{(switch, movement, hex, base cost, alternative cost): text on the hex}`` of every
    alternative and every movement it changes (the map shows one movement at a time)."""
    seen = {}
    for i, c in enumerate(ex.report.switches):
        ex.controls["switch"].value = i
        for j, r in enumerate(c.reaches):
            ex.controls["movement"].value = j
            for h, a, b in r.hex_changes:
                seen[(c.alternative.label, j, h, a, b)] = ex.art.texts_shown("costs")[h]
    return seen


# --- 4. explorers fit the notebook column ------------------------------------------------------------


def test_every_explorer_figure_fits_the_notebook_column():
    """Measured in Chromium (tests/browser/test_figure_width.py): a JupyterLab notebook column at a
    1400 px window with the file browser open is 968 pixels wide (``NOTEBOOK_COLUMN``); no explorer
    is wider than ``MAX_FIGURE_PIXELS`` (900), which leaves room for a wider file browser."""
    import importlib
    import pkgutil

    import hexrules.widgets
    from hexrules.plot.figure import MAX_FIGURE_PIXELS, NOTEBOOK_COLUMN

    assert MAX_FIGURE_PIXELS < NOTEBOOK_COLUMN

    too_wide = []
    for m in pkgutil.iter_modules(hexrules.widgets.__path__):
        module = importlib.import_module(f"hexrules.widgets.{m.name}")
        for name, make in getattr(module, "EXPLORERS", {}).items():
            ex = make()
            width = ex.figure.get_figwidth() * ex.figure.dpi
            if width > MAX_FIGURE_PIXELS + 0.5:
                too_wide.append(f"{m.name}.{name}: {width:.0f} px")
            import matplotlib.pyplot as plt

            plt.close(ex.figure)
    assert too_wide == []


@pytest.mark.parametrize("kind", ["unit", "garrison", "vehicle"])
def test_a_token_leaves_its_own_hexs_label_readable(kind):
    # a hex's label is written at the top of the hex: a player reads "Sentinel (on D4)" and looks for
    # D4 under the Sentinel. A vehicle's diamond of radius 0.7 covered it (lesson 08: A3, D4).
    from hexrules.plot.figure import new_figure

    board = Board.rectangle(8, 5)
    units = State([Unit(f"U{i}", "blue", h, garrison=kind == "garrison") for i, h in enumerate(list(board.hexes)[3::7])])
    fig, (ax,) = new_figure(board, pyplot=False)
    art = draw_board(board, ax=ax, legend=False)
    art.set_units(units, vehicles=[u.name for u in units] if kind == "vehicle" else ())
    _renderer(fig)
    labels = _hex_label_boxes(art)
    covered = []
    for u in units:
        token = art.units[u.name][0]
        outline = token.get_path().transformed(token.get_patch_transform() + art.ax.transData)
        box = labels[f"labels {board.label(u.hex)}"]
        if outline.intersects_bbox(box, filled=True):
            covered.append(board.label(u.hex))
    assert covered == [], covered


def _wcag_contrast(a, b) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    def lum(c):
        r, g, b = (x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in matplotlib.colors.to_rgb(c))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("board", ["every elevation", "lesson 10"])
def test_every_hex_label_and_elevation_badge_reads_against_its_hex(board):
    # the trial: "D3▲3" was hard to read on the dark green of height 3 (grey #555 on #5f8a45:
    # 1.9:1). Small text needs WCAG AA's 4.5:1 against what is behind it, the hex's own colour
    from hexrules import parse_scenario

    if board == "every elevation":
        b = parse_scenario("map:\n    0 1 2 3 4 5 6 7\n    X ~ 0 1 2 3 4 5\n").board
    else:
        b = generate(BoardSpec(columns=12, rows=10), seed=17).board
    art = draw_board(b)
    faint, seen = [], set()
    for key in ("labels", "elevation"):
        layer = art.text_layers[key]
        inks = layer.get_facecolor()
        for i, path in enumerate(layer.get_paths()):  # one compound path per colour
            ink = inks[i % len(inks)]
            for poly in path.to_polygons(closed_only=False):
                if len(poly) < 2:
                    continue
                h = art.layout.pixel_to_hex(tuple(poly.mean(axis=0)))
                seen.add((key, h))
                ratio = _wcag_contrast(ink, art.base_colours[art.index[h]])
                if ratio < 4.5:
                    faint.append(f"{key} of {b.label(h)} (height {b.elevation(h)}, {b.terrain(h).name}): {ratio:.1f}:1")
    assert {h for k, h in seen if k == "labels"} == set(b.hexes)  # every label was measured
    assert any(k == "elevation" for k, _ in seen)
    assert not faint, sorted(set(faint))


def test_the_lesson_08_board_shows_every_occupied_hexs_label():
    ex = CollapseExplorer("crush_hab_block")
    _renderer(ex.figure)
    labels = _hex_label_boxes(ex.art)
    for name, (token, _t, _d) in ex.art.units.items():
        centre = token.get_path().transformed(token.get_patch_transform()).vertices.mean(axis=0)
        h = ex.art.board.label(ex.art.layout.pixel_to_hex(tuple(centre)))
        outline = token.get_path().transformed(token.get_patch_transform() + ex.art.ax.transData)
        assert not outline.intersects_bbox(labels[f"labels {h}"], filled=True), (name, h)


def _label_ink_heights(art) -> list[float]:
    """The ink height (pixels) of every hex label drawn (glyph outlines)."""
    return sorted(b.height for name, b in _hex_label_boxes(art).items() if name.startswith("labels "))


def test_the_board_editor_draws_lesson_10s_board_at_the_kits_hex_and_label_size(tmp_path):
    # a new-user trial: lesson 10's 12 x 10 editor drew its map in a 710 px figure (the board 430-500
    # px wide), hex labels about 5 px high and its '-3' collision labels unreadable. The map is as
    # wide as every explorer's (MAX_FIGURE_PIXELS), and its labels are the size the kit draws that
    # board at in any other explorer (new_figure's own size for it)
    from hexrules.plot.figure import MAX_FIGURE_PIXELS, new_figure
    from hexrules.widgets.edit import BoardEditor

    ed = BoardEditor(columns=12, rows=10, folder=tmp_path)
    assert ed.figure.get_figwidth() * ed.figure.dpi == MAX_FIGURE_PIXELS
    board = ed.scenario.board
    fig, (ax,) = new_figure(board, pyplot=False)
    kit = draw_board(board, ax=ax)
    _renderer(fig), _renderer(ed.figure)
    # the editor's map has no title room (new_figure(title=False)): its hexes may come out a hair
    # larger where the kit's figure is bound by its height, never smaller
    assert kit.fontsize(kit.LABEL_SIZE) <= ed.art.fontsize(ed.art.LABEL_SIZE) <= 1.01 * kit.fontsize(kit.LABEL_SIZE)
    assert _label_ink_heights(ed.art) == pytest.approx(_label_ink_heights(kit), abs=0.1)
    # five rows more: the map grows to hold them at the same hex size (it does not shrink them)
    ed.controls["edge"].value = "bottom"
    for _ in range(5):
        ed.controls["add_line"].click()
    grown = ed.scenario.board
    assert len(grown) == 12 * 15
    fig2, (ax2,) = new_figure(grown, pyplot=False, title=False)  # as the editor makes its map
    kit2 = draw_board(grown, ax=ax2)
    assert tuple(ed.figure.get_size_inches()) == tuple(fig2.get_size_inches())
    _renderer(ed.figure)
    assert ed.art.fontsize(ed.art.LABEL_SIZE) == pytest.approx(kit2.fontsize(kit2.LABEL_SIZE))


def test_the_board_editors_collision_labels_are_the_kits_size(tmp_path):
    # the Push of lesson 10 on its 12 x 10 generated board: the '-2' / '-3' stubs' labels are drawn at
    # the size of the hex labels (ForcedLayer: 0.26 of a hex radius), not below it
    from hexrules import DEFAULT
    from hexrules.generate import BoardSpec, generate
    from hexrules.widgets.edit import BoardEditor

    board = generate(BoardSpec(columns=12, rows=10), seed=17)
    ed = BoardEditor(board, show="push", unit="blue1", target="red2", options=DEFAULT.replace(collision_damage=3),
                     folder=tmp_path)
    _renderer(ed.figure)
    stubs = [t for t in ed.art.ax.texts if t.get_visible() and t.get_text().startswith("-")]
    assert stubs and {t.get_text() for t in stubs} == {"-3"}
    assert min(t.get_fontsize() for t in stubs) == pytest.approx(ed.art.fontsize(0.26, 4, 10))
    assert ed.art.fontsize(0.26, 4, 10) > 5.5  # was 4.3 pt in the 710 px map


# --- arrows and the numbers along them (a new-user trial, lessons 01 and 04) -------------------------


def _text_boxes(art, key: str) -> dict[str, Bbox]:
    """The ink box of the text layer ``key`` in each hex (glyph outlines, pixels)."""
    glyphs: dict[str, list] = {}
    for path in art.text_layers[key].get_paths():
        for poly in path.to_polygons(closed_only=False):
            if len(poly) >= 2:
                h = art.layout.pixel_to_hex(tuple(poly.mean(axis=0)))
                glyphs.setdefault(art.board.label(h), []).append(poly)
    out = {}
    for name, polys in glyphs.items():
        pts = art.ax.transData.transform(np.concatenate(polys))
        out[name] = Bbox.from_extents(*pts.min(axis=0), *pts.max(axis=0))
    return out


def _arrow_points(arrow, ax) -> np.ndarray:
    """Points along a drawn arrow's outline, its head included (pixels): every edge of its
    polygons, sampled every twentieth of its length."""
    polys = arrow.get_path().to_polygons(closed_only=False)
    pts = [a + (b - a) * t for poly in polys for a, b in zip(poly, poly[1:]) for t in np.linspace(0, 1, 20)]
    return ax.transData.transform(np.array(pts))


def test_lesson_01s_direction_arrows_leave_their_labels_readable():
    # lesson 01, "C3 and its six directions": an arrow from C3 to each neighbour, and the
    # neighbour's direction and axial step written in it, e.g. "NE (1,-1)" in C2 (Red Blob's
    # directions). The arrowheads covered "(1,-1)" and "(0,-1)".
    from hexrules import DIRECTIONS, from_label
    from hexrules.hexgrid import DIRECTION_NAMES
    from hexrules.plot.figure import new_figure

    board, c3 = Board.rectangle(5, 5), from_label("C3")
    fig, (ax,) = new_figure(board, pyplot=False)
    art = draw_board(board, ax=ax, paths=[[c3, c3 + d] for d in DIRECTIONS],
                     texts={c3 + d: f"{name}\n({d.q},{d.r})" for name, d in zip(DIRECTION_NAMES, DIRECTIONS)})
    _renderer(fig)
    labels = _text_boxes(art, "texts")
    assert len(labels) == 6
    covered = [f"{name}'s text under arrow #{i}" for i, arrow in enumerate(art.arrow_layers["paths"])
               if arrow.get_visible() for name, box in labels.items() if box.padded(1.0).count_contains(
                   _arrow_points(arrow, ax))]
    assert covered == []


def test_lesson_04s_running_totals_are_written_clear_of_tokens_and_arrowheads():
    # lesson 04's diagram (J1, J2): the blue path B3 -> C3 -> D3 costs 1 then 2 (jumping from
    # height 1, over the Garrison on C3); the orange one B3 -> B4 -> C4 costs 1 then 3. Each hex
    # entered shows its running total: the "1" on C3 was hidden under the Garrison (left out).
    from hexrules.diagram import diagram
    from hexrules.plot.diagram import diagram_artists

    fig, art = diagram_artists(diagram("movement_jumping").computed())
    renderer = _renderer(fig)
    totals = {key: art.texts_shown(key) for key in ("costs0", "costs1")}
    assert {k: {art.board.label(h): t for h, t in v.items()} for k, v in totals.items()} == {
        "costs0": {"C3": "1", "D3": "2"}, "costs1": {"B4": "1", "C4": "3"}}
    assert _running_total_clashes(art, renderer) == []


def _running_total_clashes(art, renderer) -> list[str]:
    """The running totals of a diagram's paths (layers ``costs<i>``) that a token, a hex label, an
    arrow or another total hides."""
    texts = {f"{key} {t.get_text()}#{i}": t.get_window_extent(renderer)
             for key, made in art._text_artists.items() if key.startswith("costs") for i, t in enumerate(made)}
    pairs = [f"{a} / {b}" for (a, x), (b, y) in itertools.combinations(texts.items(), 2) if _area(x, y) > TOUCH]
    hidden = [f"{name} / {key} #{i}" for key, pool in art.arrow_layers.items() for i, arrow in enumerate(pool)
              if arrow.get_visible() for name, box in texts.items() if box.count_contains(_arrow_points(arrow, art.ax))]
    labels = {f"{key} {t.get_text()}#{i}": t.get_window_extent(renderer)  # a diagram's labels are text objects
              for key in ("labels", "elevation") for i, t in enumerate(art._text_artists.get(key, []))}
    return pairs + _clashes(texts, {**_token_boxes(art, renderer), **_hex_label_boxes(art), **labels}) + hidden


def _path_diagrams() -> list[str]:
    from hexrules.diagram import Chart, diagram, diagram_names

    return [n for n in diagram_names() if not isinstance(diagram(n), Chart)
            and any(ov.item.kind == "cost" for ov in diagram(n).computed().overlays)]


@pytest.mark.parametrize("name", _path_diagrams())
def test_every_diagrams_running_totals_are_readable(name):
    from hexrules.diagram import diagram
    from hexrules.plot.diagram import diagram_artists

    fig, art = diagram_artists(diagram(name).computed())
    assert _running_total_clashes(art, _renderer(fig)) == []
