"""Property tests (hypothesis) of the movement rules on random small boards."""

import networkx as nx
from hypothesis import HealthCheck, assume, event, given, settings, strategies as st

from hexrules.board import Board
from hexrules.hexgrid import from_offset
from hexrules.movement import _CLIMBS, adjacent_not_engaged, engaged_pairs, reachable
from hexrules.options import CHOICES, DEFAULT
from hexrules.state import State, Unit

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def scenarios(draw, max_units=4):
    cols, rows = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    cells = {}
    for r in range(rows):
        for c in range(cols):
            elev = draw(st.integers(0, 3))
            terrain = draw(st.sampled_from(["open", "open", "open", "water", "impassable"]))
            cells[from_offset(c, r)] = (elev, terrain)
    board = Board(cells)
    free = [h for h, (_, t) in cells.items() if t != "impassable"]
    assume(free)
    n = draw(st.integers(1, min(max_units, len(free))))
    spots = draw(st.permutations(free))[:n]
    units = [
        Unit(f"U{i}", draw(st.sampled_from(["a", "b"])), h, advance=draw(st.integers(0, 6)), dash=draw(st.integers(0, 3)))
        for i, h in enumerate(spots)
    ]
    options = DEFAULT.replace(
        allies_pass_through=draw(st.booleans()),
        engagement_on_entry=draw(st.sampled_from(CHOICES["engagement_on_entry"])),
        jump_climb=draw(st.sampled_from(CHOICES["jump_climb"])),
        water=draw(st.sampled_from(CHOICES["water"])),
    )
    return board, State(units), options


def expected_step_cost(board, state, mover, a, b, s, options):
    """A step's cost and legality computed here from RULES.md, independently of movement.py."""
    ea, eb = board.elevation(a), board.elevation(b)
    if options.jump_climb == "above_start":
        climb = max(0, eb - max(s, ea))  # J1
    else:
        climb = max(0, eb - ea) if eb > s else 0  # J1, the other reading
    terrain = board.terrain(b).cost if options.water == "enter_cost" else 0  # T1
    assert board.terrain(b).passable  # T1: impassable hexes are never entered
    occ = state.at(b)
    if occ is not None and occ.side != mover.side:
        assert s >= 1 and eb < s  # J2: only lower enemies are passed over, and only when jumping
    if occ is not None and occ.side == mover.side:
        assert options.allies_pass_through  # M3
    return 1 + climb + terrain  # M1


@SETTINGS
@given(scenarios(), st.sampled_from(["advance", "dash"]))
def test_resumming_the_path_gives_the_reported_cost(data, kind):
    board, state, options = data
    mover = state.unit("U0")
    s = board.elevation(mover.hex)
    r = reachable(board, state, "U0", kind, options)
    for h, cost in r.costs.items():
        path = r.paths[h]
        assert path[0] == mover.hex and path[-1] == h
        assert all(a.distance(b) == 1 for a, b in zip(path, path[1:]))
        total = sum(expected_step_cost(board, state, mover, a, b, s, options) for a, b in zip(path, path[1:]))
        assert total == cost <= r.allowance.total


@SETTINGS
@given(scenarios())
def test_no_reachable_hex_costs_less_than_its_distance(data):
    board, state, options = data
    r = reachable(board, state, "U0", options=options)
    assert all(cost >= r.start.distance(h) for h, cost in r.costs.items())


@SETTINGS
@given(scenarios())
def test_no_move_ends_on_an_occupied_or_impassable_hex(data):
    board, state, options = data
    r = reachable(board, state, "U0", options=options)
    occupied = set(state.occupied)
    assert not occupied & set(r.costs)
    assert all(board.terrain(h).passable for h in r.costs)


@given(st.integers(0, 9), st.integers(0, 9), st.sampled_from(CHOICES["jump_climb"]))
def test_jumping_formula_with_start_zero_is_plain_movement(ea, eb, reading):
    # J1: "with s = 0 this is ordinary M1 movement, so one formula serves both" (either reading)
    assert _CLIMBS[reading](0, ea, eb) == max(0, eb - ea)


@SETTINGS
@given(scenarios(max_units=1))
def test_ground_level_unit_alone_moves_by_the_boards_m1_costs(data):
    # A lone unit starting at ground level: reach equals networkx Dijkstra on the board's static
    # M1 edge costs (1 + climb + terrain), an independent computation from Board's edge data.
    board, state, _ = data
    u = state.unit("U0")
    if board.elevation(u.hex) != 0:
        event("skipped: the unit starts above ground and jumps (J1)")
    assume(board.elevation(u.hex) == 0)
    r = reachable(board, state, "U0")
    dist = nx.single_source_dijkstra_path_length(
        board.graph, u.hex, cutoff=r.allowance.total, weight=lambda a, b, d: d.get("cost")
    )
    dist.pop(u.hex)
    assert r.costs == dist


@SETTINGS
@given(scenarios())
def test_every_adjacent_enemy_pair_is_engaged_exactly_when_at_the_same_elevation(data):
    board, state, _ = data
    engaged, near = engaged_pairs(board, state), adjacent_not_engaged(board, state)
    assert engaged == sorted(set(engaged)) and near == sorted(set(near))
    units = list(state)
    for i, u in enumerate(units):
        for o in units[i + 1:]:
            pair = tuple(sorted((u.name, o.name)))
            adjacent_enemies = u.side != o.side and u.hex.distance(o.hex) == 1
            same = board.elevation(u.hex) == board.elevation(o.hex)
            assert (pair in engaged) == (adjacent_enemies and same)  # E1
            assert (pair in near) == (adjacent_enemies and not same)
