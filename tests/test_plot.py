"""hexrules.plot: drawing updates artists in place, pictures are PNGs, placement follows Layout."""

from __future__ import annotations

import subprocess
import sys

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import event, given, settings, strategies as st  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Circle, RegularPolygon  # noqa: E402

from hexrules import Board, BoardError, Hex, HexrulesError, Scenario, State, Unit  # noqa: E402
from hexrules import plot  # noqa: E402
from hexrules.plot import BoardArtists, draw_board, new_figure, short_name, to_png  # noqa: E402

TEXT = """
map:
    0  1  2  0
     0  ~  X  1
    0  0  0  0
units:
    Gundam  side=federation  at=A1
    Zaku  side=zeon  at=D3 damage=2
garrisons:
    Base  side=federation  at=B3
"""


@pytest.fixture
def scenario():
    return Scenario.from_text(TEXT)


@pytest.fixture
def art(scenario):
    fig = Figure()
    return draw_board(scenario.board, scenario.state, ax=fig.add_subplot())


def _colour(art: BoardArtists, label: str) -> np.ndarray:
    return art.faces.get_facecolor()[art.index[art.board.hex(label)]]


def test_import_hexrules_does_not_import_matplotlib_or_ipywidgets():
    code = "import sys, hexrules, hexrules.movement; print('matplotlib' in sys.modules, 'ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]


def test_drawing_never_imports_a_rules_module():
    # Drawing takes plain data: importing every module of hexrules.plot and drawing a board, a
    # Push's layer and the Crush charts leaves the rules modules unimported (type-only imports
    # under TYPE_CHECKING excepted).
    code = (
        "import sys, pkgutil, importlib, hexrules.plot as p\n"
        "for m in pkgutil.iter_modules(p.__path__): importlib.import_module('hexrules.plot.' + m.name)\n"
        "from hexrules import builtin\n"
        "sc = builtin('engagement_lower')\n"
        "art = p.draw_board(sc.board, sc.state, ax=p.new_figure(sc.board, pyplot=False)[1][0])\n"
        "p.ForcedLayer(art).show(None)\n"
        "lines = p.draw_at_least(p.new_figure(None, figsize=(3, 3), pyplot=False)[1][0], (4,))\n"
        "p.set_at_least(lines, {4: {0: 1, 1: 0.5}})\n"
        "print(sorted(m for m in ('hexrules.movement', 'hexrules.forced', 'hexrules.crush', 'hexrules.dice')"
        " if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["[]"]


def test_package_face_reexports_every_name_of_the_old_module():
    old = ["ELEVATION_COLOURS", "COST_CMAP", "LARGE_BOARD", "TERRAIN_COLOURS", "WATER_MARK", "SIDE_COLOURS",
           "BoardArtists", "draw_board", "legend_handle", "cost_handle", "MAX_FIGURE_WIDTH", "board_figsize",
           "new_figure", "short_name", "text_outline", "side_colour", "elevation_colour", "to_png", "picture",
           "Picture", "move_cost_overlays", "reach_overlays", "PNG_METADATA", "SVG_METADATA", "FORCED_COLOURS",
           "ForcedLayer", "CRUSH_COVERS", "CRUSH_RESOLVES", "draw_damage_bars", "set_bars", "draw_at_least",
           "set_at_least", "draw_heatmap", "set_heatmap", "draw_expected_damage"]
    assert set(old) <= set(plot.__all__)
    assert all(getattr(plot, name) is not None for name in plot.__all__)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        plot.nothing  # noqa: B018


def test_theme_holds_the_colours_and_the_old_names_are_its_values():
    theme = plot.DEFAULT_THEME
    assert plot.ELEVATION_COLOURS is theme.elevation and plot.COST_CMAP is theme.cost_cmap
    assert plot.FORCED_COLOURS is theme.forced and plot.TERRAIN_COLOURS is theme.terrain
    with pytest.raises(TypeError):
        theme.forced["move"] = "red"  # read-only: a variant is a new Theme
    grey = theme.replace(elevation=("#dddddd", "#aaaaaa"), sides={"federation": "#222222", "zeon": "#777777"})
    assert grey != theme and theme.elevation[0] == "#ece6cf"
    with pytest.raises(HexrulesError, match="forced= lacks the colours"):
        theme.replace(forced={"move": "green"})
    # the drawing reads its colours from the theme it is given
    board = Board.from_text("map:\n 0 1\n")
    state = State([Unit("G", "zeon", board.hex("A1"))])
    art = draw_board(board, state, ax=Figure().add_subplot(), theme=grey)
    assert art.theme is grey
    assert np.allclose(_colour(art, "A1")[:3], matplotlib.colors.to_rgb("#dddddd"))
    assert np.allclose(_colour(art, "B1")[:3], matplotlib.colors.to_rgb("#aaaaaa"))
    assert np.allclose(art.units["G"][0].get_facecolor()[:3], matplotlib.colors.to_rgb("#777777"))


def test_one_polycollection_holds_every_face_in_board_order(art, scenario):
    assert len(art.faces.get_paths()) == len(scenario.board) == 12
    assert art.hexes == scenario.board.hexes
    assert art.ax.collections.count(art.faces) == 1


def test_recolour_keeps_the_same_collection_and_changes_only_the_filled_faces(art):
    faces = art.faces
    before = art.faces.get_facecolor().copy()
    art.set_fill({"C3": "#ff0000", "D1": 5}, vmin=0, vmax=5)
    after = art.faces.get_facecolor()
    assert art.faces is faces
    changed = {art.hexes[i] for i in np.nonzero(np.any(before != after, axis=1))[0]}
    assert changed == {art.board.hex("C3"), art.board.hex("D1")}
    art.set_fill(None)  # clearing restores the base colours
    assert np.allclose(art.faces.get_facecolor(), before)


def test_numeric_fill_maps_equal_values_to_equal_colours(art):
    # A1 and D3 are both ground-level open hexes, so equal values give equal colours.
    art.set_fill({"A3": 1, "C3": 1, "D3": 3}, vmin=0, vmax=3)
    assert np.allclose(_colour(art, "A3"), _colour(art, "C3"))
    assert not np.allclose(_colour(art, "C3"), _colour(art, "D3"))


def test_elevation_and_terrain_shading(art):
    # Each level has its own colour; water and impassable hexes override elevation (T1).
    ground, h1, h2 = (_colour(art, x) for x in ("A1", "B1", "C1"))
    assert not np.allclose(ground, h1) and not np.allclose(h1, h2)
    assert np.allclose(_colour(art, "B2")[:3], matplotlib.colors.to_rgb(plot.TERRAIN_COLOURS["water"]))
    assert len(art.hatch.get_paths()) == 1  # only C2 is impassable, drawn hatched
    assert plot.elevation_colour(7) != plot.elevation_colour(6)


def test_hex_to_pixel_placement_follows_the_layout(art, scenario):
    layout = scenario.board.layout(1.0)
    assert art.layout == layout
    for h in scenario.board.hexes:
        assert art.centre(h) == pytest.approx(layout.hex_to_pixel(h))
        verts = art.faces.get_paths()[art.index[h]].vertices[:6]
        assert np.allclose(verts, layout.polygon_corners(h))
        assert art.hex_at(*layout.hex_to_pixel(h)) == h
    assert art.hex_at(-50.0, -50.0) is None
    assert art.hex_at(None, None) is None
    y0, y1 = art.ax.get_ylim()
    assert y0 > y1  # rows go down the page: row 1 at the top


def test_text_layers_are_one_collection_of_glyph_outlines(art):
    first = art.set_texts({"A3": 1, "B3": 2, "C3": 3}, key="costs")
    n = len(art.ax.collections)
    again = art.set_texts({"D3": 9}, key="costs")
    assert again is first is art.text_layers["costs"] and len(art.ax.collections) == n
    assert art.texts_shown("costs") == {art.board.hex("D3"): "9"}
    # one colour: one compound path, whose ink box is centred on D3's centre
    (path,) = again.get_paths()
    box = path.get_extents()
    assert ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2) == pytest.approx(art.centre("D3"))
    # the outline is as tall as a "9" of the layer's font size: about 0.73 em (DejaVu Sans digits)
    em = art.fontsize(0.42) / art.ppu
    assert 0.65 * em < box.height < 0.8 * em
    art.set_texts(None, key="costs")
    assert art.text_layers["costs"].get_paths() == [] and art.texts_shown("costs") == {}


def test_a_text_too_wide_for_its_hex_goes_onto_lines_at_its_spaces(art):
    # fit: the widest a text may be, in hex radii; "now 3 MP" is ~1.6 radii at 0.3 em, more
    # than the 1.4 allowed: two lines, "now" over "3 MP" (the longest line as short as it can be)
    em = art.fontsize(0.3) / art.ppu
    pc = art.set_texts({"A3": "now 3 MP", "B3": "3→2"}, key="costs", size=0.3, weight="bold", fit=1.4)
    assert art.texts_shown("costs") == {art.board.hex("A3"): "now 3 MP", art.board.hex("B3"): "3→2"}  # as given
    (path,) = pc.get_paths()
    ink = path.to_polygons(closed_only=False)
    a3 = [p for p in ink if p.mean(axis=0)[0] < (art.centre("A3")[0] + art.centre("B3")[0]) / 2]
    xs, ys = np.concatenate(a3)[:, 0], np.concatenate(a3)[:, 1]
    assert xs.max() - xs.min() <= 1.4
    # two lines of the same em, 1.2 em apart: from the top of "now" (x-height, ~0.55 em) to the
    # foot of "3 MP", ~1.75 em (one line would be ~0.73 em; a smaller em, less)
    assert 1.65 * em < ys.max() - ys.min() < 1.85 * em
    assert (xs.max() + xs.min()) / 2 == pytest.approx(art.centre("A3")[0], abs=0.02)


def test_a_word_too_wide_for_its_hex_is_written_smaller_to_fit(art):
    pc = art.set_texts({"A3": "Garrisoned"}, key="k", size=0.42, fit=1.0)
    box = pc.get_paths()[0].get_extents()
    assert box.width == pytest.approx(1.0, rel=0.01)  # exactly the width allowed, no wider
    for bad in (0, -1.0, float("nan"), True, "1.5"):
        with pytest.raises(BoardError, match="is not a width in hex radii"):
            art.set_texts({"A3": "x"}, key="k", fit=bad)


@settings(deadline=None)  # the first call builds the glyph outlines
@given(words=st.lists(st.sampled_from(["now", "3", "MP", "was", "Garrison", "→", "WWW", "i"]), min_size=1, max_size=9),
       width=st.floats(0.2, 8.0), em=st.floats(0.1, 1.0))
def test_fit_text_keeps_the_words_in_order_within_the_width_and_never_grows(words, width, em):
    from hexrules.plot.text import fit_text, text_width

    text = " ".join(words)
    lines, size = fit_text(text, em, width, "bold")
    assert lines.split() == words and size <= em
    assert max(text_width(line, "bold") for line in lines.split("\n")) * size <= width * (1 + 1e-9)
    if text_width(text, "bold") * em <= width:
        event("the text fits whole")
        assert (lines, size) == (text, em)  # what fits is written whole
    else:
        event("the text is broken or made smaller")
        assert "\n" in lines or size < em


def test_text_colours_per_hex_make_one_path_per_colour(art):
    pc = art.set_texts({"A3": "x", "B3": "y", "C3": "z"}, key="k", color={art.board.hex("B3"): "red"})
    assert len(pc.get_paths()) == 2  # black (A3, C3) and red (B3)
    assert [matplotlib.colors.to_hex(c) for c in pc.get_facecolor()] == ["#000000", "#ff0000"]
    # the hex labels: dark grey on the ground, light grey on the impassable C2 (drawn dark), and
    # black where dark grey reads at less than 4.5:1 (the hills B1, C1, D2, the water B2)
    labels = art.text_layers["labels"]
    assert sorted(matplotlib.colors.to_hex(c) for c in labels.get_facecolor()) == ["#000000", "#555555", "#dddddd"]


def test_a_label_on_an_impassable_hex_has_a_dark_halo_so_the_hatch_does_not_cross_it(art):
    # the pale halo round every label (readable where a thick outline passes) blurred the light
    # label of an impassable hex into its grey hatch (a new-user trial: "E3" read faint); there
    # the halo is the terrain's own dark colour, which hides the hatch under the letters
    halo = art.text_layers["labels_halo"]
    colours = sorted(matplotlib.colors.to_hex(c, keep_alpha=True) for c in halo.get_edgecolor())
    assert colours == ["#3b3b3b" + "ff", matplotlib.colors.to_hex(art.theme.label_halo, keep_alpha=True)]
    assert len(halo.get_paths()) == 2


def test_a_redraw_draws_few_artists_however_many_labels():
    # 15 x 12 board: 180 hex labels and every cost are a handful of collections, not Text artists
    board = Board.rectangle(15, 12)
    a = draw_board(board, ax=Figure().add_subplot(), legend=False, texts={h: 1 for h in board.hexes})
    assert len(a.texts_shown("labels")) == 180 and len(a.texts_shown("texts")) == 180
    assert len(a.ax.texts) == 0


def test_labels_are_player_labels(art):
    shown = art.texts_shown("labels")
    assert shown[art.board.hex("C3")] == "C3"
    assert shown[art.board.hex("A1")] == "A1" and len(shown) == 12
    assert set(art.texts_shown("elevation").values()) == {"▲1", "▲2"}


def test_paths_draw_one_arrow_per_step_between_centres(art):
    arrows = art.set_paths([["A1", "B1", "C1"], ["A3", "B3"]], colors=["red", "blue"])
    assert len(arrows) == 3
    pool = art.arrow_layers["paths"]
    fewer = art.set_paths([["A1", "B1"]])
    assert fewer[0] is pool[0] and sum(a.get_visible() for a in pool) == 1
    # a Hex off the board is allowed in a path (e.g. a Push off the edge)
    art.set_paths([[art.board.hex("A1"), Hex(-1, 0)]])
    with pytest.raises(BoardError):
        art.set_paths([["A1", "Z9"]])


def test_highlight_links_and_markers_update_one_collection_each(art):
    pc = art.set_highlight(["A1", "B1"])
    assert len(pc.get_paths()) == 2
    assert art.set_highlight(["C3"]) is pc and len(pc.get_paths()) == 1
    lc = art.set_links([("A1", "B1")])
    assert art.set_links([]) is lc and len(lc.get_segments()) == 0
    sc = art.set_markers(["D3", "A3"])
    assert art.set_markers(["A3"]) is sc and sc.get_offsets().shape == (1, 2)


def test_units_move_in_place_and_garrisons_are_squares(art, scenario):
    token, name, dmg = art.units["Gundam"]
    assert isinstance(token, Circle) and token.center == pytest.approx(art.centre("A1"))
    assert isinstance(art.units["Base"][0], RegularPolygon) and art.units["Base"][0].numvertices == 4
    assert art.units["Zaku"][2].get_visible() and art.units["Zaku"][2].get_text() == "2"
    assert not dmg.get_visible()
    moved = scenario.state.move("Gundam", scenario.board.hex("D1")).remove("Zaku")
    art.set_units(moved)
    assert art.units["Gundam"][0] is token and token.center == pytest.approx(art.centre("D1"))
    assert not art.units["Zaku"][0].get_visible()
    # the two sides get different colours
    assert art.units["Gundam"][0].get_facecolor() != art.units["Zaku"][0].get_facecolor()
    with pytest.raises(BoardError, match="not on the board"):
        art.set_units(State([Unit("Lost", "zeon", Hex(20, 20))]))


def test_widget_like_updates_keep_the_figure_count_constant(scenario):
    before = len(plt.get_fignums())
    fig, (ax,) = new_figure(scenario.board)
    a = draw_board(scenario.board, scenario.state, ax=ax)
    assert len(plt.get_fignums()) == before + 1
    for i in range(20):
        a.set_fill({a.hexes[i % 12]: i})
        a.set_texts({a.hexes[i % 12]: i})
        a.set_paths([[a.hexes[0], a.hexes[1]]])
        fig.canvas.draw()
    assert len(plt.get_fignums()) == before + 1
    plt.close(fig)


def test_to_png_returns_a_png_without_opening_pyplot_figures(scenario):
    before = plt.get_fignums()
    png = to_png(scenario.board, scenario.state, fill={"A3": 2}, texts={"A3": 2}, paths=[["A3", "B3"]])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert png == to_png(scenario.board, scenario.state, fill={"A3": 2}, texts={"A3": 2}, paths=[["A3", "B3"]])
    assert b"Software" not in png
    assert plt.get_fignums() == before
    assert scenario._repr_png_().startswith(b"\x89PNG") and scenario.board._repr_png_().startswith(b"\x89PNG")
    assert plot.picture(scenario.board)._repr_png_().startswith(b"\x89PNG")


def test_large_boards_draw_faces_without_stroked_edges():
    board = Board.rectangle(40, 30)
    a = draw_board(board, ax=Figure().add_subplot(), legend=False)
    assert len(a.faces.get_paths()) == 1200 > plot.LARGE_BOARD
    assert np.all(a.faces.get_linewidths() == 0)
    assert a.texts_shown("labels") == {}  # no per-hex labels on big boards


def test_short_names_fit_tokens():
    assert short_name("Gundam") == "Gundam"
    assert short_name("RX-78-2 Gundam") == "RX-78-2\nGundam"
    assert all(len(line) <= 10 for line in short_name("A Very Long Unit Name Indeed").splitlines())
    assert len(short_name("A Very Long Unit Name Indeed").splitlines()) <= 2


def test_overlays_from_rule_results():
    from hexrules import builtin
    from hexrules.movement import path_cost, reachable

    sc = builtin("elevation")
    cost = path_cost(sc.board, sc.state, "RX-78-2 Gundam", ["C3", "D3"])
    over = plot.move_cost_overlays(cost)
    # RULES.md M1: ground (C3) to height 1 (D3) costs 2; the running total is written on D3.
    assert over["texts"] == {sc.board.hex("D3"): 2}
    assert over["paths"] == [[sc.board.hex("C3"), sc.board.hex("D3")]]
    r = plot.reach_overlays(reachable(sc.board, sc.state, "RX-78-2 Gundam"))
    assert r["vmax"] == 3 and r["fill"][sc.board.hex("D3")] == 2


def test_boards_with_negative_offset_coordinates_draw_and_show():
    # A radius-2 hexagon around Hex(0, 0): 19 hexes; odd-r offset column = q + (r - (r & 1)) / 2,
    # row = r. Rows r < 0 and hexes with a negative column are named as the others are, counting
    # outwards with a minus sign (issue 10.5): row r = -2 is "-2", column -1 is "-A", -2 "-B".
    # r = -2: q = 0..2, columns -1..1; r = -1: q = -1..2, columns -2..1; r = 0: q = -2..2,
    # columns -2..2; r = 1: q = -2..1, columns -2..1; r = 2: q = -2..0, columns -1..1.
    board = Board({h: (0, "open") for h in Hex(0, 0).spiral(2)})
    far = Hex(0, -2)
    west = Hex(-2, 0)
    state = State([Unit("Gundam", "federation", west)])
    art = draw_board(board, state, ax=Figure().add_subplot(), fill={far: 3, west: "gold"}, texts={far: "3"},
                     paths=[[west, Hex(-1, 0), Hex(0, 0)]], highlight=[far], markers=[Hex(-1, -1)])
    labels = art.texts_shown("labels")
    assert len(labels) == 19
    assert sorted(labels.values()) == sorted(["-A-2", "A-2", "B-2", "-B-1", "-A-1", "A-1", "B-1",
                                              "-B1", "-A1", "A1", "B1", "C1", "-B2", "-A2", "A2", "B2",
                                              "-A3", "A3", "B3"])
    assert labels[far] == "-A-2" and labels[west] == "-B1" and labels[Hex(-2, 1)] == "-B2"
    assert art.hex_at(*art.centre(west)) == west
    assert art.units["Gundam"][0].center == pytest.approx(art.centre(west))
    png = to_png(board, state, fill={far: 3}, paths=[[west, Hex(0, 0)]])
    assert png.startswith(b"\x89PNG")
    assert board._repr_png_().startswith(b"\x89PNG")


def test_plot_never_names_hexes_with_to_label():
    # Board.label knows how to name every hex (axial coordinates when there is no label).
    from pathlib import Path

    modules = sorted(Path(plot.__file__).parent.glob("*.py"))
    assert len(modules) > 1  # every module of the package, not only its face
    for module in modules:
        assert "to_label" not in module.read_text(encoding="utf-8"), module.name


def test_layers_are_made_once_and_added_to_the_axes_once(art):
    n = len(art.ax.collections)
    first = (art.set_links([("A1", "B1")], key="k"), art.set_highlight(["A1"], key="k"), art.set_markers(["A1"], key="k"))
    assert len(art.ax.collections) == n + 3
    again = (art.set_links([], key="k"), art.set_highlight([], key="k"), art.set_markers([], key="k"))
    assert all(a is b for a, b in zip(first, again)) and len(art.ax.collections) == n + 3
    assert all(c.axes is art.ax for c in first)


def test_new_figure_for_charts_and_captions():
    fig, axes = new_figure(None, 3, figsize=(9.0, 3.0), pyplot=False)
    assert len(axes) == 3 and fig.get_size_inches().tolist() == [9.0, 3.0]
    with pytest.raises(HexrulesError, match="figsize"):
        new_figure(None, pyplot=False)
    board = Board.rectangle(3, 2)
    w, h = plot.board_figsize(board)
    fig, (ax,) = new_figure(board, pyplot=False, caption=["one", "two"])
    # two caption lines: 0.2 inch each plus 0.25 under the board
    assert fig.get_size_inches().tolist() == pytest.approx([w, h + 0.65])
    assert [t.get_text() for t in fig.texts] == ["one\ntwo"]
    with pytest.raises(HexrulesError, match="caption"):
        new_figure(None, figsize=(3, 3), caption=["x"])


def test_engagement_drawing_follows_e1():
    from hexrules import builtin
    from hexrules import movement as mv

    # RULES.md worked example: the Gundam and Char's Zaku II are adjacent at the same elevation
    # (Engaged, E1); the Minelayer is adjacent to the Gundam one level lower (not Engaged). The
    # rules decide the pairs; the drawing joins their hexes.
    sc = builtin("engagement_lower")
    gundam, char, mine = "RX-78-2 Gundam", "Char's Zaku II", "Zaku II: Minelayer"
    engaged, near = mv.engaged_pairs(sc.board, sc.state), mv.adjacent_not_engaged(sc.board, sc.state)
    assert engaged == [(char, gundam)]
    assert near == [(gundam, mine)]
    assert mv.engagements(sc.board, sc.state)[gundam] == (char,)
    art = draw_board(sc.board, sc.state, ax=Figure().add_subplot())
    plot.set_engagement(art, sc.state, engaged, near)
    hex_of = {n: sc.state.unit(n).hex for n in (gundam, char, mine)}

    def drawn(key):
        return [tuple(art.hex_at(*end) for end in seg) for seg in art.link_layers[key].get_segments()]

    assert drawn("engaged") == [(hex_of[char], hex_of[gundam])]
    assert drawn("near") == [(hex_of[gundam], hex_of[mine])]
    outlined = {art.hex_at(*np.mean(v, axis=0)) for v in (p.vertices[:6] for p in
                                                           art.outline_layers["engaged"].get_paths())}
    assert outlined == {hex_of[gundam], hex_of[char]}


def test_forced_layer_lives_in_plot_and_draws_stubs():
    from hexrules import builtin
    from hexrules.forced import push

    # Push 2 on the Gundam (rulebook's Knuckle Shield example): four paths hit elevated terrain,
    # each -2 collision damage (P2), drawn as four red stubs.
    sc = builtin("push_knuckle_shield")
    fm = push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2)
    art = draw_board(sc.board, sc.state, ax=Figure().add_subplot())
    layer = plot.ForcedLayer(art)
    layer.show(fm)
    stubs = layer.stubs(fm.branches)
    assert [lab for *_, lab in stubs] == ["-2"] * 4
    assert sum(a.get_visible() for a in layer._stubs) == 4
    layer.show(None)
    assert not any(a.get_visible() for a in layer._stubs)


def test_the_legend_is_drawn_once_then_pasted_with_the_same_pixels(scenario, monkeypatch):
    from matplotlib.legend import Legend

    fig, (ax,) = new_figure(scenario.board, pyplot=False)
    art = draw_board(scenario.board, scenario.state, ax=ax)
    calls = []
    real = Legend.draw
    monkeypatch.setattr(Legend, "draw", lambda self, r: (calls.append(r), real(self, r)))
    fig.canvas.draw()
    cached = np.asarray(fig.canvas.buffer_rgba()).copy()
    art.set_fill({"A3": 1})
    fig.canvas.draw()
    assert len(calls) == 1  # laid out and drawn once, pasted on the next draw
    # a plain matplotlib legend of the same entries draws the same picture (fill cleared again)
    plain = ax.legend(handles=art.ax.get_legend().legend_handles, **{
        "loc": "upper left", "bbox_to_anchor": (1.01, 1.0), "fontsize": 8, "frameon": False, "borderaxespad": 0.0})
    art.set_fill(None)
    fig.canvas.draw()
    assert np.abs(np.asarray(fig.canvas.buffer_rgba()).astype(int) - cached).max() <= 2
    assert type(plain) is Legend
    # another size or dpi (an ipympl canvas on a high-density screen) draws it again
    art.legend(scenario.state)
    fig.canvas.draw()
    n = len(calls)
    fig.set_dpi(150)
    fig.canvas.draw()
    assert len(calls) == n + 1



def test_unchanged_text_layers_are_pasted_with_the_same_pixels_and_redrawn_when_changed(scenario, monkeypatch):
    # issue 14 part 1: labels, elevation badges and their halo are rasterized once while unchanged
    from matplotlib.collections import PathCollection

    from hexrules.plot.board import _StaticPathCollection

    def picture(fig):
        fig.canvas.draw()
        return np.asarray(fig.canvas.buffer_rgba()).astype(int)

    fig, (ax,) = new_figure(scenario.board, pyplot=False)
    art = draw_board(scenario.board, scenario.state, ax=ax)
    drawn = []
    real = PathCollection.draw
    monkeypatch.setattr(PathCollection, "draw", lambda self, r: (drawn.append(self), real(self, r)))
    first = picture(fig)  # every layer drawn directly (new)
    labels = art.text_layers["labels"]
    assert isinstance(labels, _StaticPathCollection) and labels in drawn
    art.set_fill({"A3": 1})  # the faces change, the labels do not
    picture(fig)
    drawn.clear()
    art.set_fill(None)
    again = picture(fig)
    assert labels not in drawn and art.text_layers["elevation"] not in drawn  # pasted
    assert np.array_equal(again, first)  # the same pixels as drawing them
    # a changed layer is drawn again: the picture is that of a board drawn without labels
    art.set_labels(False)
    art.set_elevation_labels(False)
    without = picture(fig)
    fig2, (ax2,) = new_figure(scenario.board, pyplot=False)
    draw_board(scenario.board, scenario.state, ax=ax2, labels=False, elevation_labels=False)
    assert np.array_equal(without, picture(fig2))
    # a new view (zoom) draws the layers again at the new scale, not the old picture
    art.set_labels(True)
    picture(fig)
    picture(fig)
    x0, x1 = ax.get_xlim()
    ax.set_xlim(x0, (x0 + x1) / 2)
    drawn.clear()
    picture(fig)
    assert labels in drawn


def test_unchanged_faces_hatches_and_tokens_are_reused_exactly_even_over_changed_tiles(scenario, monkeypatch):
    # issue 14: faces, water ripples and unit tokens are not rasterized again while they and the
    # pixels under them are unchanged; over a changed tile the water is drawn again, and every
    # picture is exactly the one a fresh drawing of the same overlays makes
    from matplotlib.collections import PolyCollection
    from matplotlib.text import Text

    def picture(fig):
        fig.canvas.draw()
        return np.asarray(fig.canvas.buffer_rgba()).astype(int)

    def fresh(costs):
        fig2, (ax2,) = new_figure(scenario.board, pyplot=False)
        draw_board(scenario.board, scenario.state, ax=ax2).set_costs(costs, key="costs")
        return picture(fig2)

    fig, (ax,) = new_figure(scenario.board, pyplot=False)
    art = draw_board(scenario.board, scenario.state, ax=ax)
    drawn = []
    for cls in (PolyCollection, Text):
        real = cls.draw
        monkeypatch.setattr(cls, "draw", lambda self, r, real=real: (drawn.append(self), real(self, r)))
    picture(fig)
    picture(fig)  # the memo learns which pixels each static artist touches
    gundam_name = art.units["Gundam"][1]
    for costs in ({"B2": 2, "A3": 1}, {"B2": 5, "A3": 1}, {"A3": 2}, None, {"B2": 2, "A3": 1}):
        art.set_costs(costs, key="costs")  # B2 is water: its tile changes under the ripples
        drawn.clear()
        got = picture(fig)
        assert art.faces not in drawn and gundam_name not in drawn  # reused, not drawn again
        assert np.array_equal(got, fresh(costs))
    # a token that moves is drawn again where it now stands
    moved = scenario.state.move("Gundam", scenario.board.hex("D1"))
    art.set_units(moved)
    drawn.clear()
    got = picture(fig)
    assert gundam_name in drawn
    fig3, (ax3,) = new_figure(scenario.board, pyplot=False)
    draw_board(scenario.board, moved, ax=ax3).set_costs({"B2": 2, "A3": 1}, key="costs")
    assert np.array_equal(got, picture(fig3))


# --- learner review: terrain under overlays, labels, paths, legends --------------------------------


def test_water_stays_marked_under_a_cost_fill(art):
    # B2 is water ("~"): a cost colour recolours its face, but the blue outline and ripples of
    # art.water are drawn above the faces, on exactly the water hexes (T1)
    b2 = art.index[art.board.hex("B2")]
    art.set_fill({"B2": 3}, vmin=0, vmax=4)
    assert len(art.water.get_paths()) == 1
    assert art.water.get_zorder() > art.faces.get_zorder()
    assert art.water.get_hatch() == plot.WATER_HATCH
    centre = art.polygons[b2].mean(axis=0)
    assert np.allclose(art.water.get_paths()[0].vertices[:6].mean(axis=0), centre)


def test_elevation_badge_sits_beside_its_own_label_inside_the_hex(art):
    # C1 is height 2: its label and its badge share one line near the top of C1, label first
    h = art.board.hex("C1")
    (lx, ly), (bx, by) = art._label_line(h)
    assert ly == by and -1.0 < ly < -0.5  # the top of the hex (y grows down the page)
    assert lx < 0 < bx and bx < 0.6  # label left, badge right, inside the hex
    # a ground hex has its label centred
    (lx0, _), _ = art._label_line(art.board.hex("A1"))
    assert lx0 == 0.0


def _gap(art: BoardArtists, arrow, label: str) -> float:
    """How far (hex radii) the drawn arrow comes to the centre of hex ``label``."""
    centre = np.array(art.centre(art.board.hex(label)))
    return float(np.linalg.norm(arrow.get_path().vertices - centre, axis=1).min())


def test_a_path_is_one_line_with_one_head(art):
    # A3 -> B3 -> C3: the joint at B3 has no gap and no head; only the last step has a head
    arrows = art.set_paths([["A3", "B3", "C3"]], colors="green")
    first, last = arrows
    assert _gap(art, first, "B3") == pytest.approx(0.0, abs=1e-9)
    assert _gap(art, last, "B3") == pytest.approx(0.0, abs=1e-9)
    assert first.get_arrowstyle().__class__.__name__ == "Curve"  # "-": a plain line
    assert last.get_arrowstyle().__class__.__name__ == "CurveFilledB"  # "-|>"
    # drawn over unit tokens, so a path passing a unit (B3 holds the Garrison) stays visible
    token = art.units["Base"][0]
    assert first.get_zorder() > token.get_zorder()
    # the start (A1 holds the Gundam) leaves room for its token: 0.56 hex radius
    (a,) = art.set_paths([["A1", "B1"]])
    assert _gap(art, a, "A1") == pytest.approx(0.56)


def test_pooled_arrows_make_room_for_tokens_that_move_in(art, scenario):
    # an arrow's end stops 0.22 hex radius short of an empty hex's centre, 0.56 of a token's
    (a,) = art.set_paths([["C1", "D1"]], style="-")
    assert (_gap(art, a, "C1"), _gap(art, a, "D1")) == pytest.approx((0.22, 0.22))
    art.set_units(scenario.state.move("Gundam", scenario.board.hex("D1")))
    assert (_gap(art, a, "C1"), _gap(art, a, "D1")) == pytest.approx((0.22, 0.56))
    # zoomed in, the gap stays the token's size on the board (data units), as the token does
    art.ax.set_xlim(*[v / 2 for v in art.ax.get_xlim()])
    assert _gap(art, a, "D1") == pytest.approx(0.56)


def test_a_unit_that_becomes_a_garrison_gets_a_square_token(art, scenario):
    assert isinstance(art.units["Gundam"][0], Circle)
    art.set_units(scenario.state.replace_unit("Gundam", garrison=True))
    token = art.units["Gundam"][0]
    assert isinstance(token, RegularPolygon) and token.axes is art.ax
    art.set_units(scenario.state)
    assert isinstance(art.units["Gundam"][0], Circle) and token.axes is None  # the square was removed


def test_garrison_tokens_read_garrison():
    st = State([Unit("Federation Garrison", "federation", Hex(0, 0), garrison=True)])
    a = draw_board(Board.rectangle(2, 2), st, ax=Figure().add_subplot())
    assert a.units["Federation Garrison"][1].get_text() == "Garrison"


def test_legend_lists_overlay_entries_and_can_go_below(scenario):
    fig, axes = new_figure(scenario.board, 2, legend="below", pyplot=False)
    assert fig.get_size_inches()[0] <= plot.MAX_FIGURE_WIDTH + 0.3
    a = draw_board(scenario.board, scenario.state, ax=axes[0], legend=False)
    leg = a.legend(scenario.state, [plot.cost_handle(), plot.legend_handle("outline", "target", "#ff00aa")],
                   below=True)
    labels = [t.get_text() for t in leg.get_texts()]
    assert labels[-2:] == ["cost in MP", "target"] and "water" in labels
    with pytest.raises(HexrulesError, match="kind='blob'"):
        plot.legend_handle("blob", "x", "red")


def test_collision_stubs_are_dashed_and_edge_stubs_dotted():
    from hexrules import builtin
    from hexrules.forced import push

    sc = builtin("push_edge")
    layer = plot.ForcedLayer(draw_board(sc.board, sc.state, ax=Figure().add_subplot()))
    fm = push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2)
    layer.show(fm)
    styles = {a.get_linestyle() for a in layer._stubs if a.get_visible()}
    assert styles == {":"}  # push_off_board="stop": every edge stub dotted
    labels = [h.get_label() for h in plot.ForcedLayer.legend_handles(chosen=True)]
    assert {"moves", "collision (-damage)", "board edge", "chosen branch"} <= set(labels)
    # every stub here ends in an X of the edge's colour: the legend's "board edge" shows that X
    # (a new-user trial found orange Xs on the map and only a red X in the legend)
    from matplotlib.colors import same_color

    edge = next(h for h in plot.ForcedLayer.legend_handles() if h.get_label() == "board edge")
    marks = layer._marks.get_facecolor()
    assert len(marks) and all(same_color(m, edge.get_markerfacecolor()) for m in marks)
    assert edge.get_marker() == "X" and edge.get_linestyle() == ":"


def test_crush_charts_draw_the_numbers_they_are_given():
    from fractions import Fraction

    # one die against Resolve 3 hits on 3+ (p = 4/6 = 2/3), against Resolve 4 on 4+ (p = 1/2), C3:
    # expected damage of Cover 0 is 0, of Cover 1 is p
    ax = Figure().add_subplot()
    lines = plot.draw_expected_damage(ax, [[0, 0], [Fraction(2, 3), Fraction(1, 2)]],
                                      [Fraction(2, 3), Fraction(1, 2)], (3, 4), (0, 1))
    assert list(lines[4].get_ydata()) == [0.0, 0.5]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Resolve 3 (p = 2/3)", "Resolve 4 (p = 1/2)"]
    with pytest.raises(HexrulesError, match="probabilities"):
        plot.draw_expected_damage(Figure().add_subplot(), [[0, 0]], [Fraction(1, 2)], (3, 4), (0,))
    with pytest.raises(HexrulesError, match="expected 1 rows"):
        plot.draw_expected_damage(Figure().add_subplot(), [[0], [1]], [Fraction(1, 2)], (4,), (0,))
    curves = plot.draw_at_least(Figure().add_subplot(), (3, 4))
    with pytest.raises(HexrulesError, match=r"Resolve \[4\]"):
        plot.set_at_least(curves, {3: {0: 1, 1: Fraction(2, 3)}})


def test_label_boxes_are_measured_once_and_again_when_labels_or_size_change(scenario, monkeypatch):
    # issue 14: a Push or Pull places its labels on every change, clear of every hex label; the
    # labels' boxes were measured anew each time (a third of an update on a 15 x 12 board)
    from hexrules.plot.board import BoardArtists

    fig, (ax,) = new_figure(scenario.board, pyplot=False)
    art = draw_board(scenario.board, scenario.state, ax=ax)
    fig.canvas.draw()
    first = art.drawn_boxes()
    labels = art._measure_label_boxes()
    assert len(labels) >= len(scenario.board) and first[:len(labels)] == labels
    calls = []
    real = BoardArtists._label_line
    monkeypatch.setattr(BoardArtists, "_label_line", lambda self, h: (calls.append(h), real(self, h))[1])
    assert art.drawn_boxes() == first and not calls  # kept
    art.set_labels(False)  # labels hidden: no boxes for them
    assert len(art.drawn_boxes()) < len(first) and calls
    art.set_labels(True)
    assert art.drawn_boxes() == first
    calls.clear()
    fig.set_size_inches(fig.get_size_inches() * 1.5)  # bigger hexes: another size in points
    art._fonts()
    again = art.drawn_boxes()
    assert calls and again[:len(labels)] == art._measure_label_boxes() != labels


def test_cost_numbers_take_the_ink_of_higher_wcag_contrast():
    # one rule picks black or white on a tile (theme.black_or_white): the cost numbers had their own,
    # relative luminance above 0.18, which wrote white on #637b6f (luminance 0.1797), where black reads
    # better: 4.59:1 against white's 4.57:1
    from matplotlib.colors import to_hex

    from hexrules.plot.theme import DEFAULT_THEME, contrast_ratio

    assert contrast_ratio("black", "#637b6f") > contrast_ratio("white", "#637b6f")
    board = Board.rectangle(2, 1)
    theme = DEFAULT_THEME.replace(cost_steps=("#637b6f",) * 7)
    fig, (ax,) = new_figure(board, pyplot=False)
    art = draw_board(board, ax=ax, theme=theme)
    art.set_costs({"A1": 1, "B1": 2}, key="costs")
    assert [to_hex(c) for c in art.text_layers["costs"].get_facecolor()] == ["#000000"]


@settings(deadline=None, max_examples=60)
@given(text=st.text(st.sampled_from("abgjpqyAGQW@013789→−.,: =()'"), min_size=1, max_size=40),
       weight=st.sampled_from(["normal", "bold"]))
def test_a_texts_ink_box_is_the_box_matplotlib_computes_for_its_outline(text, weight):
    # the outlines are centred on their ink box (text_outline): the box must be the glyphs' true
    # extents, curves included (matplotlib's Path.get_extents), not the box of their control points
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    from hexrules.plot.text import _ink_box

    if not text.strip():
        event("skipped: a blank text has no outline")
        return  # a blank text has no outline (_outline skips it; matplotlib 3.11's TextPath fails on it)
    path = TextPath((0.0, 0.0), text, size=1.0, prop=FontProperties(weight=weight))
    want = path.get_extents()
    got = _ink_box(path.vertices, path.codes)
    assert got == pytest.approx((want.x0, want.y0, want.x1, want.y1), abs=1e-3)  # 1/1000 em


@settings(deadline=None, max_examples=40)
@given(words=st.lists(st.text(st.sampled_from("abgjWAQ@013→−.,:=()'_"), min_size=1, max_size=9), min_size=1, max_size=12),
       weight=st.sampled_from(["normal", "bold"]), data=st.data())
def test_a_run_of_words_is_as_wide_from_two_layouts_as_laid_out_alone(words, weight, data):
    # _span_widths("layout") gets every run's width from the line's prefixes and suffixes: it must
    # be the width of the run laid out by itself (layout_width), to 1/1000 em
    from hexrules.plot.text import _span_widths, layout_width

    a = data.draw(st.integers(0, len(words) - 1))
    b = data.draw(st.integers(a + 1, len(words)))
    span = _span_widths(tuple(words), weight, "layout")
    assert span(a, b) == pytest.approx(layout_width(" ".join(words[a:b]), weight), abs=1e-3)


def test_a_long_title_is_broken_within_its_figure_at_a_texts_width():
    # the what-if map's title on a small board (a new-user trial saw its start cut off): broken at
    # spaces into lines, each no wider than twice the room from the axes' centre to the nearer
    # figure edge (0.98 of it), at the size the title is set to
    import matplotlib.pyplot as plt

    from hexrules.plot import new_figure
    from hexrules.plot.text import fit_title, layout_width

    title = ("push_off_board=collide (P4) against the default: Push 2 from B2 (Zaku I) on RX-78-2 Gundam at C2, "
             "then Push 1 from C2 on GM at D3")
    fig, (ax,) = new_figure(None, figsize=(4.0, 4.0), pyplot=False)
    ax.set_position([0.1, 0.1, 0.6, 0.6])  # centre 0.4: the nearer edge 0.4 of 4 in away
    t = fit_title(ax, title)
    lines = t.get_text().split("\n")
    assert " ".join(lines).split() == title.split() and len(lines) >= 2
    wide = 2 * 0.4 * 4.0 * 72 * 0.98
    assert max(layout_width(line) for line in lines) * t.get_fontsize() <= wide + 1e-9
    plt.close(fig)
