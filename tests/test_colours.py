"""Colours that mean one thing (issue 10 part 4) and themes that print (issue 13 part 3).

Each test renders or builds the picture a reader sees and checks the colours drawn against the
legend, in the default, print (greyscale) and colour-blind-safe themes. Distances between
colours are CIE CAM02-UCS delta E (colorspacious); 5 is clearly visible side by side, and the
deuteranopia simulation is Machado et al. (2009) at full severity.
"""

from __future__ import annotations

import itertools

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from colorspacious import cspace_convert, deltaE  # noqa: E402
from matplotlib import colors as mcolors  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import RegularPolygon  # noqa: E402

from hexrules import Scenario, builtin  # noqa: E402
from hexrules import movement as mv  # noqa: E402
from hexrules.diagram import Chart, diagram, diagram_names  # noqa: E402
from hexrules.plot import (COLOURBLIND_THEME, DEFAULT_THEME, PRINT_THEME, THEMES, cost_colour,  # noqa: E402
                           draw_board, elevation_colour, side_colour)
from hexrules.plot.diagram import diagram_artists  # noqa: E402
from hexrules.widgets.crush import CollapseExplorer, DamageExplorer, VehicleExplorer  # noqa: E402
from hexrules.widgets.movement import HexExplorer, ReachExplorer  # noqa: E402

DEUTERANOPIA = {"name": "sRGB1+CVD", "cvd_type": "deuteranomaly", "severity": 100}
VISIBLE = 5.0


def _delta(a, b, cvd: bool = False) -> float:
    x, y = np.array(mcolors.to_rgb(a)), np.array(mcolors.to_rgb(b))
    if cvd:
        x, y = (np.clip(cspace_convert(c, DEUTERANOPIA, "sRGB1"), 0, 1) for c in (x, y))
    return float(deltaE(x, y, input_space="sRGB1"))


pytestmark = pytest.mark.usefixtures("close_figures")


# --- the cost scale --------------------------------------------------------------------------------


def _tile_colours(art, key="costs"):
    pc = art.tile_layers[key]
    return [mcolors.to_hex(c) for c in pc.get_facecolor()]


def test_a_cost_has_one_colour_under_advance_and_under_dash_and_its_legend_swatch_matches():
    ex = ReachExplorer("terrain")
    sc = builtin("terrain")
    colours = {}
    for kind in ("advance", "dash"):
        ex.controls["kind"].value = kind
        r = mv.reachable(sc.board, ex.state, ex.controls["unit"].value, kind)
        colours[kind] = dict(zip(r.costs.values(), _tile_colours(ex.art)))
    # cost 2 (B1 under both) is the same colour, and not the colour of cost 1
    assert colours["advance"][2] == colours["dash"][2] == cost_colour(2)
    assert colours["advance"][1] == colours["dash"][1] != colours["advance"][2]
    legend = {h.get_label(): mcolors.to_hex(h.get_facecolor()) for h in ex.art.ax.get_legend().legend_handles
              if hasattr(h, "get_facecolor")}
    assert legend["2 MP"] == cost_colour(2) and legend["1 MP"] == cost_colour(1)
    assert "7+ MP" in legend  # a fixed, labelled scale, not one "cost in MP" swatch


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_cost_steps_differ_from_each_other_and_from_unreachable_ground(theme):
    steps = theme.cost_steps
    assert all(_delta(a, b) > VISIBLE for a, b in zip(steps, steps[1:]))
    assert _delta(steps[0], elevation_colour(0, theme)) > 10  # the cheapest tile is not "ground"


def test_tiles_leave_the_elevation_colour_of_the_rim_and_the_terrain_hatch_over_them():
    sc = Scenario.from_text("terrain: mud symbol=m cost=1\nmap:\n  0 0m 3\n   0 0 0\nunits:\n  G side=a at=A1\n")
    reach = mv.reachable(sc.board, sc.state, "G")
    art = draw_board(sc.board, sc.state, ax=Figure().add_subplot(), costs=reach.costs)
    # faces keep their base colour (no blend): a height-3 hex is the height-3 colour of the legend
    assert np.allclose(art.faces.get_facecolor(), art.base_colours)
    legend = {h.get_label(): h for h in art.ax.get_legend().legend_handles}
    assert mcolors.to_hex(legend["height 3"].get_facecolor()) == elevation_colour(3)
    # the designer's mud keeps a hatch drawn above the cost tiles, as its legend swatch shows it
    mud = art.terrain_hatches["mud"]
    assert mud.get_zorder() > art.tile_layers["texts"].get_zorder() and mud.get_hatch()
    assert legend["mud"].get_hatch() == mud.get_hatch()


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_every_elevation_up_to_7_has_its_own_colour_also_under_deuteranopia(theme):
    levels = [elevation_colour(i, theme) for i in range(8)]
    for a, b in zip(levels, levels[1:]):
        assert _delta(a, b) > VISIBLE and _delta(a, b, cvd=True) > VISIBLE, (a, b)
    assert elevation_colour(9, theme) != elevation_colour(8, theme) != elevation_colour(7, theme)


def test_lesson_01s_distance_leaves_the_elevation_colours_as_the_legend_shows_them():
    ex = HexExplorer("elevation")
    assert np.allclose(ex.art.faces.get_facecolor(), ex.art.base_colours)
    assert ex.art.texts_shown("costs")[builtin("elevation").board.hex("C3")] == "0"


#: The board diagrams (the chart files, crush_expected_damage and crush_heatmap, draw no board
#: and no board legend: their colours are the Crush charts' of hexrules.plot.crush).
BOARD_DIAGRAMS = [n for n in diagram_names() if not isinstance(diagram(n), Chart)]


def test_legends_are_not_cut_at_the_figures_edge():
    for ex in (HexExplorer("elevation"), ReachExplorer("terrain")):
        fig = ex.figure
        fig.canvas.draw()
        box = ex.art.ax.get_legend().get_window_extent()
        assert box.x1 <= fig.bbox.x1 + 0.5 and box.y0 >= fig.bbox.y0 - 0.5
    for name in BOARD_DIAGRAMS:
        fig, art = diagram_artists(diagram(name).computed())
        fig.canvas.draw()
        assert art.ax.get_legend().get_window_extent().x1 <= fig.bbox.x1 + 0.5, name


# --- sides, tokens ----------------------------------------------------------------------------------


@pytest.mark.parametrize("side, channel", [("blue", 2), ("red", 0), ("green", 1)])
def test_a_side_named_after_a_colour_is_drawn_in_it(side, channel):
    sc = Scenario.from_text(f"map:\n  0 0\nunits:\n  Scout side={side} at=A1\n")
    art = draw_board(sc.board, sc.state, ax=Figure().add_subplot())
    rgb = art.units["Scout"][0].get_facecolor()[:3]
    assert int(np.argmax(rgb)) == channel, (side, rgb)
    assert mcolors.to_hex(rgb) == side_colour(side, [side])


def test_vehicles_and_garrisons_have_different_shapes():
    ex = CollapseExplorer("crush_hab_block")
    vehicle = ex.art.units["Grinder"][0]
    sc = builtin("jumping")
    garrison = draw_board(sc.board, sc.state, ax=Figure().add_subplot()).units["Federation Garrison"][0]
    assert isinstance(garrison, RegularPolygon) and garrison.numvertices == 4  # a square
    corners = vehicle.get_path().vertices[:4]  # a diamond: a rhombus standing on its corners
    centre = corners.mean(axis=0)
    (dx, _), (_, dy) = np.abs(corners - centre).max(axis=0), np.abs(corners - centre).max(axis=0)
    assert np.allclose(sorted(np.abs(corners - centre)[:, 0]), [0, 0, dx, dx])
    assert np.allclose(sorted(np.abs(corners - centre)[:, 1]), [0, 0, dy, dy])
    assert dx > dy  # wider than tall: as tall as a unit's circle, so its hex's label stays readable
    markers = {h.get_label(): h.get_marker() for h in ex.ax.get_legend().legend_handles if hasattr(h, "get_marker")}
    drawn = np.array(markers["vehicle"])  # the legend draws the same rhombus
    assert drawn.shape == (4, 2) and np.isclose(np.ptp(drawn[:, 0]) / np.ptp(drawn[:, 1]), dx / dy)


# --- the Crush charts ------------------------------------------------------------------------------


def test_the_vehicle_table_has_a_colour_bar_and_says_which_number_is_minor_and_which_major():
    ex = VehicleExplorer()
    assert ex.colorbar.ax.get_ylabel() == "P(≥1 Major)"
    # each cell holds two numbers, one over the other; the title says which is which
    assert len(ex.cells[0][0].get_text().splitlines()) == 2
    assert ex.ax_table.get_title().startswith("each cell: P(≥1 Minor) over P(≥1 Major); colour: P(≥1 Major)")


def test_at_cover_6_the_legend_leaves_the_bars_visible():
    ex = VehicleExplorer(cover=6, shield=1, resolve=6)  # every die is Minor: a bar of 1.0 at 6 (C4)
    ex.figure.canvas.draw()
    legend = ex.ax_minor.get_legend().get_window_extent()
    bars = [b for b in ex.bars_only + ex.bars_also if b.get_height() > 0]
    assert max(b.get_height() for b in bars) == 1.0
    for b in bars:
        assert not legend.overlaps(b.get_window_extent())


@pytest.mark.parametrize("resolve", [1, 4, 7])
def test_the_chosen_resolve_has_its_curve(resolve):
    ex = DamageExplorer(resolve=resolve)
    assert ex.lines[resolve].get_linewidth() == 3.2
    assert sum(line.get_linewidth() == 3.2 for line in ex.lines.values()) == 1


# --- themes -----------------------------------------------------------------------------------------


def _grey(c) -> bool:
    r, g, b = mcolors.to_rgb(c)
    return abs(r - g) < 1e-6 and abs(g - b) < 1e-6


def _colours(value):
    if isinstance(value, str) and (value.startswith("#") or value in mcolors.CSS4_COLORS):
        yield value
    elif isinstance(value, (tuple, list)) and value and isinstance(value[0], str):
        for v in value:
            yield from _colours(v)
    elif hasattr(value, "values"):
        for v in value.values():
            yield from _colours(v)


def test_the_print_theme_is_greys_only():
    import dataclasses

    for f in dataclasses.fields(PRINT_THEME):
        for c in _colours(getattr(PRINT_THEME, f.name)):
            assert _grey(c), (f.name, c)


def _legend_entries(art):
    """(label, colour, pattern) of every legend entry as drawn: face or line colour, and
    its hatch, line style and marker."""
    out = []
    for h in art.ax.get_legend().legend_handles:
        if hasattr(h, "get_hatch"):  # a patch
            face = h.get_facecolor()
            colour = h.get_edgecolor() if face[3] == 0 else face
            out.append((h.get_label(), colour, (h.get_hatch(), h.get_linestyle(), face[3] == 0)))
        else:
            colour = h.get_markerfacecolor() if h.get_marker() not in (None, "None", "") and h.get_linestyle() in (
                "None", "none", "") else h.get_color()
            out.append((h.get_label(), colour, (h.get_linestyle(), h.get_marker())))
    # a heading such as "cost (movement points):" has no swatch
    return [(label, mcolors.to_rgba(colour), pattern) for label, colour, pattern in out if not label.endswith(":")]


@pytest.mark.parametrize("name", BOARD_DIAGRAMS)
def test_the_print_theme_keeps_every_legend_entry_distinguishable(name):
    fig, art = diagram_artists(diagram(name).computed(), theme="print")
    fig.canvas.draw()
    entries = _legend_entries(art)
    assert len(entries) >= 3
    for (la, ca, pa), (lb, cb, pb) in itertools.combinations(entries, 2):
        assert _grey(ca[:3]) and _grey(cb[:3])
        assert pa != pb or _delta(ca[:3], cb[:3]) > VISIBLE, f"{name}: {la!r} and {lb!r} look alike in print"


def test_in_print_paths_of_named_colours_differ_by_their_dashes():
    fig, art = diagram_artists(diagram("movement_jumping").computed(), theme="print")
    blue, orange = (art.arrow_layers[k][0].get_linestyle() for k in ("cost0", "cost1"))
    assert blue != orange


def test_one_file_draws_in_every_theme_and_the_kit_wide_theme_reaches_the_explorers():
    from hexrules.plot import current_theme, use_theme

    d = diagram("forced_push_example")
    faces = {name: diagram_artists(d.computed(), theme=name)[1].faces.get_facecolor()[0].tolist() for name in THEMES}
    assert len({tuple(v) for v in faces.values()}) == 3
    with use_theme("colourblind"):
        ex = ReachExplorer("elevation")
        assert ex.art.theme is COLOURBLIND_THEME
    assert current_theme() is DEFAULT_THEME


@pytest.mark.parametrize("theme", [DEFAULT_THEME, COLOURBLIND_THEME], ids=["default", "colourblind"])
def test_under_deuteranopia_what_only_colour_tells_apart_stays_apart(theme):
    # Sides, Crush's affected and touching outlines, the C4 bars and the path colours
    # of the rulebook's diagrams differ by colour alone; collisions, illegal paths and board-edge
    # stops also differ by dashes and marks, so they are not listed here.
    pairs = {
        "sides": (theme.sides["federation"], theme.sides["zeon"]),
        "affected / touching": (theme.crush["affected"], theme.crush["touching"]),
        "C4 bars": (theme.crush["only"], theme.crush["also"]),
        "blue / orange paths": (theme.diagram["blue"], theme.diagram["orange"]),
        "green / orange paths": (theme.diagram["green"], theme.diagram["orange"]),
        "water / ground": (theme.terrain["water"], elevation_colour(0, theme)),
    }
    for what, (a, b) in pairs.items():
        assert _delta(a, b, cvd=True) > 15, what
    if theme is COLOURBLIND_THEME:  # also told apart by colour in this theme
        for a, b in ((theme.forced["move"], theme.forced["hit"]), (theme.movement["path_ok"], theme.movement["path_bad"]),
                     (theme.diagram["green"], theme.diagram["red"])):
            assert _delta(a, b, cvd=True) > 15
