"""Words and pictures that name things as players do (issue 10 part 5)."""

from __future__ import annotations

import math

import pytest
from matplotlib.figure import Figure

from hexrules.board import Board
from hexrules.errors import RuleError
from hexrules.forced import push
from hexrules.hexgrid import FLAT, Hex, LabelScheme
from hexrules.movement import move, path_cost, path_to
from hexrules.plot import draw_board
from hexrules.scenario import parse_scenario
from hexrules.state import State, Unit
from hexrules.words import hex_name


def test_an_impassable_target_is_refused_by_t1_not_as_a_missing_path():
    # T1: impassable hexes can never be entered; C1 is one. D1 behind it is reachable around?
    # No: a one-row board, so D1 has no path at all: that one is M1's "no sequence of steps".
    sc = parse_scenario("map:\n  0 0 X 0\nunits:\n  G side=a at=A1\n")
    with pytest.raises(RuleError) as err:
        path_to(sc.board, sc.state, "G", "C1")
    assert err.value.ruling == "T1" and "C1 is impassable" in str(err.value)
    with pytest.raises(RuleError) as err:
        move(sc.board, sc.state, "G", "C1")
    assert err.value.ruling == "T1"
    with pytest.raises(RuleError) as err:
        path_to(sc.board, sc.state, "G", "D1")
    assert err.value.ruling == "M1" and "no sequence of legal steps" in str(err.value)
    # a given path into it: the step is refused by T1 too
    assert path_cost(sc.board, sc.state, "G", ["A1", "B1", "C1"]).ruling == "T1"


def test_one_movement_point_is_singular():
    sc = parse_scenario("map:\n  0 0\nunits:\n  G side=a at=A1 advance=1 dash=1\n")
    text = path_cost(sc.board, sc.state, "G", ["A1", "B1"]).explain()
    assert "Total 1 of 1 movement point: legal." in text and "movement points" not in text


def test_a_step_off_a_numbered_board_is_named_by_its_scheme():
    # A flat odd-q board numbered 0101, 0201 / 0102, 0202. A Push from 0201 (Hex(1, 0)) on GM on
    # 0101 (Hex(0, 0)) may step to the three neighbours farther from the source (P1): Hex(0, -1),
    # Hex(-1, 0), Hex(-1, 1), all off the board (P4). Odd-q row = r + (q - (q & 1)) // 2:
    # Hex(0, -1) is col 0, row -1 -> "0100"; Hex(-1, 0) col -1, row -1 -> "0000"; Hex(-1, 1) col
    # -1, row 0 -> "0001": named like the board's own hexes, not "(0,-1)".
    board = Board.rectangle(2, 2, orientation=FLAT, labels=LabelScheme("numbers", "odd-q"))
    state = State([Unit("Zaku", "zeon", Hex(1, 0)), Unit("GM", "federation", Hex(0, 0))])
    fm = push(board, state, Hex(1, 0), "GM", 1)
    steps = sorted(b.steps[0].text.split(" (")[0] for b in fm if b.ending == "edge")
    assert steps == ["step 1 toward 0000", "step 1 toward 0001", "step 1 toward 0100"]
    assert hex_name(Hex(-1, 1), board) == "0001"


def _glyph_points(art, key):
    pc = art.text_layers[key]
    return [v for p in pc.get_paths() for v in p.vertices]


def test_a_number_on_a_units_hex_is_written_under_its_token():
    # Distances from A1 on the elevation board: C3 (Hex(1, 2)) is 3 hexes away and holds the
    # Gundam, whose round token (radius 0.52 hex radii) would hide a number at the hex centre.
    sc = parse_scenario("map:\n  0 0 0\n   0 0 0\n  0 0 0\nunits:\n  Gundam side=federation at=C3\n")
    a1 = sc.board.hex("A1")
    art = draw_board(sc.board, sc.state, ax=Figure().add_subplot(), legend=False)
    art.set_texts({h: a1.distance(h) for h in sc.board}, key="costs", under_units=True)
    assert art.texts_shown("costs")[sc.board.hex("C3")] == "3"
    cx, cy = art.centre("C3")
    assert all(math.hypot(x - cx, y - cy) > 0.52 for x, y in _glyph_points(art, "costs"))
    # the number is still inside its own hex (below the token), and the others stay centred
    near = [(x, y) for x, y in _glyph_points(art, "costs") if math.hypot(x - cx, y - cy) < 1.0]
    assert near and all(abs(y - cy) > 0.52 for _, y in near)
    # when the unit moves, the numbers follow: C3's is centred again, A2's goes under the token
    art.set_units(State([Unit("Gundam", "federation", sc.board.hex("A2"))]))
    ax, ay = art.centre("A2")
    points = _glyph_points(art, "costs")
    assert all(math.hypot(x - ax, y - ay) > 0.52 for x, y in points)
    assert any(math.hypot(x - cx, y - cy) < 0.3 for x, y in points)


def test_the_hex_explorer_writes_the_distance_of_a_units_hex_under_its_token():
    from hexrules.widgets.movement import HexExplorer

    # elevation scenario: the Gundam is on C3, 3 hexes from A1 (A1 = Hex(0, 0), C3 = Hex(1, 2))
    ex = HexExplorer("elevation", hex="A1", other="F1")
    c3 = ex.scenario.board.hex("C3")
    assert ex.scenario.state.at(c3) is not None and ex.art.texts_shown("costs")[c3] == "3"
    cx, cy = ex.art.centre(c3)
    assert all(math.hypot(x - cx, y - cy) > 0.52 for x, y in _glyph_points(ex.art, "costs"))


def test_long_unit_names_keep_a_legible_size_inside_their_hex():
    # Names are written inside their round token (radius 0.52 hex radii), whole on up to three
    # lines where they fit at three quarters of the token's own font size or more, else shortened
    # (issue 10 part 5, new-user trial: a name 1.3 hex radii wide spilled out of its token).
    names = ["Guncannon", "Federation Garrison", "MS-06S Char's Custom Zaku II Commander Type", "GM"]
    sc = parse_scenario("map:\n  0 0 0 0\n   0 0 0 0\nunits:\n" + "".join(
        f'  "{n}" side=s{i % 2} at={at}\n' for i, (n, at) in enumerate(zip(names, ["A1", "C1", "B2", "D2"]))))
    fig = Figure()
    art = draw_board(sc.board, sc.state, ax=fig.add_subplot(), legend=False)
    fig.canvas.draw()
    regular = art.fontsize(0.19, 3.5, 10)
    to_data = art.ax.transData.inverted()
    for n in names:
        token, text, _ = art.units[n]
        assert 0.75 * regular - 0.01 <= text.get_fontsize() <= regular + 0.01, (n, text.get_text())
        box = text.get_window_extent().transformed(to_data)
        assert math.hypot(box.width, box.height) <= 2 * 0.52, (n, box.width, box.height)
        assert not text.get_path_effects(), n  # plain glyphs, centred as laid out (it never leaves the token)


@pytest.mark.parametrize("name, section", [("Garrison 1", "garrisons"), ("RX-78-2 Gundam", "units")])
def test_a_token_names_ink_lies_centred_inside_its_token(name, section):
    # a trial saw "Garrison 1" run past the right edge of its square at 1x: the name was drawn as
    # glyph outlines (its halo, a path effect) but centred by the hinted layout, narrower at 4 pt.
    # The name is written in magenta here, so its ink is told from the token, its edge and the ground
    import numpy as np

    from hexrules.plot import new_figure
    from hexrules.plot.theme import DEFAULT_THEME

    rows = "\n".join(" ".join(["0"] * 12) for _ in range(10))
    sc = parse_scenario(f'map:\n{rows}\n{section}:\n  "{name}" side=blue at=D4\n')
    fig, (ax,) = new_figure(sc.board, pyplot=False)
    art = draw_board(sc.board, sc.state, ax=ax, theme=DEFAULT_THEME.replace(token_text="#ff00ff"))
    fig.canvas.draw()
    token, text, _ = art.units[name]
    box = token.get_window_extent()
    px = np.asarray(fig.canvas.buffer_rgba())[:, :, :3].astype(int)
    height = px.shape[0]
    rows_, cols = np.nonzero((px[:, :, 0] - px[:, :, 1] > 60) & (px[:, :, 0] > 100))  # magenta, even blended
    near = (cols >= box.x0 - 6) & (cols <= box.x1 + 6) & (rows_ >= height - box.y1 - 6) & (rows_ <= height - box.y0 + 6)
    cols = cols[near]
    assert cols.size > 20
    edge = 1.5 * fig.dpi / 72  # the token's edge line, its width in pixels
    assert box.x0 + edge / 2 <= cols.min() and cols.max() + 1 <= box.x1 - edge / 2, (cols.min(), cols.max(), box)
    assert abs((cols.min() - box.x0) - (box.x1 - cols.max() - 1)) <= 1.5  # centred, to a pixel and a half
