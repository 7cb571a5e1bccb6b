"""The movement core (``_Mover``) against the reference reading of each rule, on generated boards.

``_Mover.weight`` reads precomputed lookups (blocked hexes, E3 stops, the reading's climb and
terrain formulas, the module's one copy of each) for speed. :class:`movement_reference.ReferenceMover`
is the step cost as it was written before that change, rule by rule (M1 adjacency, T1 impassable,
M3 / J2 occupants, E3 stop, J1 climb as RULES.md writes it, T1 terrain cost): on every edge of random boards (the seeded generator, hypothesis choosing the seed, the
size, the relief and the reading), under every movement reading, the two give the same cost or
the same refusal, and reach, refusals and step breakdowns agree.
"""

from __future__ import annotations

import networkx as nx
from hypothesis import HealthCheck, assume, event, given, settings, strategies as st

from generated import scenario as _scenario
from generated import specs
from hexrules.generate import BoardSpec, generate
from hexrules.hexgrid import Hex
from hexrules.movement import _Mover, movement_weight, path_cost, reachable
from hexrules.options import DEFAULT
from movement_reference import ReferenceMover
from test_compare_properties import movement_readings as readings

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(specs, st.integers(0, 10**6), readings)
def test_weight_equals_the_reference_on_every_edge(spec, seed, options):
    sc = _scenario(spec, seed)
    if sc is None:
        event("skipped: the units do not fit, one per hex (M3)")
    assume(sc is not None)
    for u in sc.state:
        if u.garrison:
            event("a Garrison on the board: not compared (it moves by an ability only, M5)")
            continue
        fast = _Mover(sc.board, sc.state, u, options)
        ref = ReferenceMover(sc.board, sc.state, u, options)
        for a, b, data in sc.board.graph.edges(data=True):
            assert fast.weight(a, b, data) == ref.weight(a, b, data), (u.name, a, b)
            assert (fast.refusal(a, b) is None) == (ref.refusal(a, b) is None)
            if fast.refusal(a, b) is not None:
                assert fast.refusal(a, b)[1] == ref.refusal(a, b)[1]
            else:
                assert fast.parts(a, b) == ref.parts(a, b)


@SETTINGS
@given(specs, st.integers(0, 10**6), readings, st.sampled_from(["advance", "dash"]))
def test_reach_and_paths_equal_the_reference(spec, seed, options, kind):
    sc = _scenario(spec, seed)
    if sc is None:
        event("skipped: the units do not fit, one per hex (M3)")
    assume(sc is not None)
    board = sc.board
    for u in sc.state:
        if u.garrison:
            event("a Garrison on the board: not compared (it does not Advance or Dash, M2)")
            continue
        r = reachable(board, sc.state, u.name, kind, options)
        ref = ReferenceMover(board, sc.state, u, options)
        dist = nx.single_source_dijkstra_path_length(board.graph, u.hex, cutoff=r.allowance.total, weight=ref.weight)
        occupied = {o.hex for o in sc.state if o is not u}
        assert r.costs == {h: c for h, c in dist.items() if h != u.hex and h not in occupied}
        assert r.pass_only == frozenset(h for h in dist if h in occupied)
        for h in list(r.costs)[:3]:  # a path's breakdown re-sums to its cost
            assert path_cost(board, sc.state, u.name, r.paths[h], kind, options).total == r.costs[h]


def test_non_adjacent_and_off_board_steps_are_refused():
    # M1, M4: a step is to an adjacent hex of the board. The core's weight is handed edges of the
    # board's graph only (by networkx); movement_weight's callable, which anyone may call, refuses
    # a pair that is not one: None, as networkx expects of a missing edge.
    sc = generate(BoardSpec(columns=4, rows=3, units_per_side=1, garrisons=0), 5)
    u = next(iter(sc.state))
    fast = _Mover(sc.board, sc.state, u, DEFAULT)
    a, far = sc.board.hexes[0], sc.board.hexes[-1]
    assert fast.refusal(a, far)[1] == "M1"
    w = movement_weight(sc.board, sc.state, u.name)
    off = Hex(a.q - 1, a.r)  # the first hex's west neighbour: not on the board
    assert off not in sc.board
    assert w(a, far, {}) is None and w(a, off, {}) is None and w(off, a, {}) is None
    near = next(iter(sc.board.graph[a]))
    assert w(a, near, {}) == fast.weight(a, near, {}) == sum(fast.parts(a, near))
