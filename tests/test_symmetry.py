"""Symmetry as a test of the rules (issue 15 part 5): rotate or mirror a whole scenario (board,
units, source) and every rule result rotates or mirrors with it, and nothing else changes.

The rules look at hex distances, neighbours and elevations only (RULES.md terms: distances are
hex-grid distances; M1, E1, J1, P1, L1, C1, C2), and the twelve symmetries of the hex grid keep
all of those, so each rule must commute with them: reach and costs (M, J, T), Engagement (E),
Push and Pull outcomes (P, L: branches' steps and endings, collisions, damage), Crush's affected
units and collapse (C1, C2). The transformations are hexgrid's ``rotate_left`` /
``rotate_right`` (60 degrees) and the three reflections ``reflect_q`` / ``reflect_r`` /
``reflect_s``, each about a random centre hex, and the 180-degree turn (two rotations).

What is compared, and what deliberately is not:

* every *fact* (each dataclass field that takes part in equality), with every hex in it mapped
  by the transformation; facts that are hexes or tuples of hexes map, names and numbers stay;
* sets where the kit's order follows :data:`~hexrules.hexgrid.DIRECTIONS` (the order of Push and
  Pull branches, the neighbour order in which Dijkstra settles equal-cost paths): a rotation
  permutes the six directions, so that order is not symmetric and the comparison is of
  multisets. For reach, the cheapest *cost* to every hex is compared exactly, and the original
  cheapest path, mapped, is checked to be a legal path of the mapped board with the same cost
  and the same step-by-step facts (it need not be the path Dijkstra picks there);
* a refusal's sentence (``MoveCost.reason``) names hexes by their labels, which a rotation
  changes; its ruling id is compared, the sentence is not.

No rule here draws a line of hexes (``Hex.line``, whose tie-breaking nudge is not mirror
symmetric), so no result is exempt from symmetry.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Callable

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_forced_properties import O, options_st, situations
from test_movement_properties import scenarios

from hexrules.board import Board
from hexrules.errors import HexrulesError
from hexrules.crush import Model, Squad, TerrainPiece, Vehicle, affected_units, touching_units, traverse
from hexrules.forced import forced, resolve
from hexrules.hexgrid import Hex
from hexrules.movement import adjacent_not_engaged, engaged_pairs, engagements, path_cost, reachable
from hexrules.options import DEFAULT
from hexrules.state import State

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Transform = Callable[[Hex], Hex]

#: The symmetries tried, each about a centre: ``name -> (h, centre) -> image of h``.
SYMMETRIES: dict[str, Callable[[Hex, Hex], Hex]] = {
    "rotate_left": lambda h, c: h.rotate_left(c),
    "rotate_right": lambda h, c: h.rotate_right(c),
    "rotate_180": lambda h, c: h.rotate_left(c).rotate_left(c),
    "reflect_q": lambda h, c: h.reflect_q(c),
    "reflect_r": lambda h, c: h.reflect_r(c),
    "reflect_s": lambda h, c: h.reflect_s(c),
}


@st.composite
def symmetries(draw) -> tuple[str, Transform]:
    """A symmetry of the grid about a centre near the boards' hexes (a ``(name, transform)``)."""
    name = draw(st.sampled_from(sorted(SYMMETRIES)))
    centre = Hex(draw(st.integers(-3, 3)), draw(st.integers(-3, 3)))
    turn = SYMMETRIES[name]
    return f"{name} about {centre}", lambda h: turn(h, centre)


def mapped(value: Any, t: Transform) -> Any:
    """``value``'s facts with every hex mapped by ``t``: a dataclass as its type and compared fields
    (``compare=False`` fields, such as a step's board or a result's labels, are not facts), tuples
    and lists as tuples, sets as frozensets, mappings as frozensets of items."""
    if isinstance(value, Hex):
        return t(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(
            (f.name, mapped(getattr(value, f.name), t)) for f in dataclasses.fields(value) if f.compare)
    if isinstance(value, (tuple, list)):
        return tuple(mapped(v, t) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(mapped(v, t) for v in value)
    if isinstance(value, dict):
        return frozenset((mapped(k, t), mapped(v, t)) for k, v in value.items())
    return value


def outcome(call: Callable[[], Any]) -> Any:
    """``call()``'s result, or its refusal as ``("refused", error class, ruling)`` (a refusal must be
    the same on the turned board)."""
    try:
        return call()
    except HexrulesError as e:
        return ("refused", type(e).__name__, e.ruling)


def same(value: Any) -> Any:
    """The facts of a result of the transformed scenario (its hexes as they are)."""
    return mapped(value, lambda h: h)


def board_image(board: Board, t: Transform) -> Board:
    """The board with every cell moved to its image (same terrain table and elevations)."""
    return Board({t(h): cell for h, cell in board.cells().items()}, board.terrain_table, name=board.name)


def state_image(state: State, t: Transform) -> State:
    """Every unit moved to the image of its hex; names, sides and stats unchanged."""
    return State([dataclasses.replace(u, hex=t(u.hex)) for u in state])


def test_the_symmetries_are_isometries_of_the_grid():
    # hand-worked: rotating (1, 0) left about the origin gives (1, -1) (Red Blob: (q, r, s) ->
    # (-r, -s, -q)); reflect_q keeps q and swaps r and s: (1, 2, -3) -> (1, -3, 2)
    assert SYMMETRIES["rotate_left"](Hex(1, 0), O) == Hex(1, -1)
    assert SYMMETRIES["reflect_q"](Hex(1, 2), O) == Hex(1, -3)
    c = Hex(2, -1)
    for name, turn in SYMMETRIES.items():
        assert turn(c, c) == c, name  # the centre stays
        for a in O.spiral(2):
            assert {turn(n, c) for n in a.neighbors()} == set(turn(a, c).neighbors()), name
            assert turn(a, c).distance(turn(O, c)) == a.distance(O), name


# --- movement: reach and costs (M1-M4, J1-J2, T1), Engagement (E1-E5) ------------------------------------


@SETTINGS
@given(scenarios(), symmetries(), st.sampled_from(["advance", "dash"]))
def test_reach_and_costs_turn_with_the_board(data, symmetry, kind):
    board, state, options = data
    _, t = symmetry
    board_t, state_t = board_image(board, t), state_image(state, t)
    r = reachable(board, state, "U0", kind, options)
    rt = reachable(board_t, state_t, "U0", kind, options)
    assert rt.start == t(r.start) and rt.allowance == r.allowance
    assert rt.costs == {t(h): c for h, c in r.costs.items()}
    assert rt.pass_only == {t(h) for h in r.pass_only}
    for h, path in r.paths.items():
        # the mapped cheapest path is a cheapest path there, with the same facts step by step
        original = path_cost(board, state, "U0", path, kind, options)
        image = path_cost(board_t, state_t, "U0", [t(x) for x in path], kind, options)
        assert image.legal and image.total == rt.costs[t(h)]
        assert same(image) == mapped(original, t)


@SETTINGS
@given(scenarios(), symmetries(), st.sampled_from(["advance", "dash"]), st.data())
def test_any_path_costs_the_same_and_is_refused_by_the_same_rule_when_turned(data, symmetry, kind, more):
    board, state, options = data
    _, t = symmetry
    start = state.unit("U0").hex
    path = [start]
    for _ in range(more.draw(st.integers(1, 5))):
        # any step on the board (impassable hexes, occupied ones, climbs and water included); a
        # hex off the board is refused at the boundary (BoardError), before any rule
        path.append(more.draw(st.sampled_from([n for n in path[-1].neighbors() if n in board])))
    board_t, state_t = board_image(board, t), state_image(state, t)
    original = path_cost(board, state, "U0", path, kind, options)
    image = path_cost(board_t, state_t, "U0", [t(h) for h in path], kind, options)
    # the refusal's sentence names hexes by label: its ruling is compared, not its words
    assert same(dataclasses.replace(image, reason=None)) == mapped(dataclasses.replace(original, reason=None), t)
    assert (image.reason is None) == (original.reason is None)


@SETTINGS
@given(scenarios(max_units=6), symmetries())
def test_engagement_is_unchanged_by_turning_the_board(data, symmetry):
    board, state, _ = data
    _, t = symmetry
    board_t, state_t = board_image(board, t), state_image(state, t)
    # Engagement is between named units: the pairs are the very same names (E1, E2)
    assert engagements(board_t, state_t) == engagements(board, state)
    assert engaged_pairs(board_t, state_t) == engaged_pairs(board, state)
    assert adjacent_not_engaged(board_t, state_t) == adjacent_not_engaged(board, state)


# --- Push and Pull (P1-P6, L1-L3) --------------------------------------------------------------------------


@SETTINGS
@given(situations(), options_st, symmetries())
def test_push_and_pull_outcomes_turn_with_the_board(sit, options, symmetry):
    board, state, source, target, kind, n = sit
    _, t = symmetry
    board_t, state_t = board_image(board, t), state_image(state, t)
    fm = outcome(lambda: forced(kind, board, state, source, target, n, side="zeon", options=options))
    ft = outcome(lambda: forced(kind, board_t, state_t, t(source), target, n, side="zeon", options=options))
    if isinstance(fm, tuple):  # refused (L3, a target next to the source): the same refusal there
        assert ft == fm
        event("refused (L3): only the refusal compared")
        return
    assert (ft.kind, ft.target, ft.n, ft.source, ft.start) == (fm.kind, fm.target, fm.n, t(fm.source), t(fm.start))
    # every branch (steps, ending, collision, damage), as a multiset: branch order follows DIRECTIONS
    assert Counter(same(b) for b in ft) == Counter(mapped(b, t) for b in fm)
    assert ft.destinations == {t(h) for h in fm.destinations}
    # resolving a branch moves and damages the same units, to the images of their hexes
    images = {same(b): b for b in ft}
    for b in list(fm)[:12]:
        assert resolve(board_t, state_t, images[mapped(b, t)], options=options) == state_image(
            resolve(board, state, b, options=options), t)


# --- Crush (C1, C2) ----------------------------------------------------------------------------------------


@st.composite
def crushes(draw):
    """An open board within radius 3 of (0,0), a piece, two squads and a vehicle with a path."""
    cells = {h: (draw(st.integers(0, 2)), "open") for h in O.spiral(3)}
    hexes = list(cells)
    piece_hexes = draw(st.lists(st.sampled_from(hexes), min_size=1, max_size=4, unique=True))
    piece = TerrainPiece("Hab block", piece_hexes, cover=draw(st.integers(0, 6)),
                         collapsible=draw(st.booleans()), collapsed=draw(st.booleans()))
    spots = draw(st.lists(st.sampled_from(hexes), min_size=4, max_size=4, unique=True))
    squads = [Squad("A", [Model("a1", spots[0]), Model("a2", spots[1])], resolve=4),
              Squad("B", [Model("b1", spots[2])], resolve=3)]
    vehicle = Vehicle("Tank", spots[3], shield=4, resolve=3, hp=10)
    path = [vehicle.hex]
    for _ in range(draw(st.integers(1, 5))):
        path.append(draw(st.sampled_from([n for n in path[-1].neighbors() if n in cells])))
    return Board(cells), piece, [*squads, vehicle], path


def piece_image(piece: TerrainPiece, t: Transform) -> TerrainPiece:
    return dataclasses.replace(piece, hexes=tuple(t(h) for h in piece.hexes))


def unit_image(unit: Any, t: Transform) -> Any:
    if isinstance(unit, Squad):
        return dataclasses.replace(unit, models=tuple(dataclasses.replace(m, hex=t(m.hex)) for m in unit.models))
    return dataclasses.replace(unit, hex=t(unit.hex))


@SETTINGS
@given(crushes(), symmetries())
def test_crush_affects_the_same_units_and_collapses_the_same_when_turned(case, symmetry):
    board, piece, units, path = case
    _, t = symmetry
    piece_t, units_t = piece_image(piece, t), [unit_image(u, t) for u in units]
    # C2: in, on or under the piece; merely touching it is not affected; names unchanged
    assert [u.name for u in affected_units(piece_t, units_t)] == [u.name for u in affected_units(piece, units)]
    assert [u.name for u in touching_units(piece_t, units_t)] == [u.name for u in touching_units(piece, units)]
    # C1: the traversal, hex for hex
    vehicle, vehicle_t = units[-1], units_t[-1]
    for opts in (DEFAULT, DEFAULT.replace(crush_cover_reduction=2)):
        collapse = outcome(lambda opts=opts: traverse(board, piece, vehicle, path, options=opts))
        image = outcome(lambda opts=opts: traverse(board_image(board, t), piece_t, vehicle_t, [t(h) for h in path],
                                                 options=opts))
        assert same(image) == mapped(collapse, t)  # or the same refusal (a path that never enters the piece, C1)
