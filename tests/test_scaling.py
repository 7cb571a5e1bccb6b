"""Bounded, lazy, linear (issue 11 parts 7-8, issue 14 parts 3-4): the same results as before.

Each fast core is checked against a reference computed here from the rules (RULES.md), the
simple way: the board's graph against one built hex by hex with ``add_node``/``add_edge``,
Engagement against every pair of units compared (E1), and so on. Work is *counted* (calls,
objects built), never timed: the figures are in ``benchmarks/bench_scaling.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, assume, event, given, settings, strategies as st

import forced_golden
import hexrules.forced as forced_mod
from hexrules.board import DEFAULT_TERRAIN, Board, TerrainType
from hexrules.dice import Distribution, damage_distribution, vehicle_distribution
from hexrules.errors import RuleError
from hexrules.forced import forced, push, push_many
from hexrules.hexgrid import Hex, from_offset
from hexrules.options import CHOICES, DEFAULT
from hexrules.movement import adjacent_not_engaged, engaged_pairs, engaged_with, engagements
from hexrules.scenario import builtin, scenario_names
from hexrules.state import State, Unit

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

MUD = TerrainType("mud", "m", 2)


@st.composite
def boards(draw, max_side=7):
    """Random boards with holes, elevations 0-3 and every kind of terrain (T1), cells in random order."""
    cols, rows = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    spots = [from_offset(c, r) for r in range(rows) for c in range(cols)]
    spots = draw(st.permutations(spots))
    keep = draw(st.lists(st.booleans(), min_size=len(spots), max_size=len(spots)))
    cells = {h: (draw(st.integers(0, 3)), draw(st.sampled_from(["open", "open", "water", "impassable", "mud"])))
             for h, k in zip(spots, keep) if k}
    return Board(cells, {**DEFAULT_TERRAIN, "mud": MUD})


def hex_by_hex(board: Board) -> nx.DiGraph:
    """The board's graph built the simple way: each node, then each edge alone (M1, T1)."""
    g = nx.DiGraph(name=board.name)
    for h, (elevation, terrain) in board.cells().items():
        g.add_node(h, elevation=elevation, terrain=terrain)
    for a in g.nodes:
        for b in a.neighbors():
            if b in g:
                ea, eb = g.nodes[a]["elevation"], g.nodes[b]["elevation"]
                t = board.terrain_table[g.nodes[b]["terrain"]]
                data = {"climb": max(0, eb - ea), "drop": max(0, ea - eb)}
                if t.passable:
                    data["cost"] = 1 + data["climb"] + t.cost  # M1: enter + climb + terrain (T1)
                g.add_edge(a, b, **data)
    return g


def same_graph(g: nx.DiGraph, h: nx.DiGraph) -> None:
    assert type(g) is type(h) is nx.DiGraph
    assert g.graph == h.graph
    assert list(g.nodes(data=True)) == list(h.nodes(data=True))  # same data, same order
    assert list(g.edges(data=True)) == list(h.edges(data=True))
    assert [(v, list(p.items())) for v, p in g.pred.items()] == [(v, list(p.items())) for v, p in h.pred.items()]


# --- the board: built in bulk, the same graph -----------------------------------------------------


def test_bulk_graph_of_a_worked_board():
    # RULES.md M1: A1 (0) -> B1 (1) climbs 1 level: cost 2; B1 -> A1 is free of climb: cost 1
    b = Board(
        {from_offset(0, 0): (0, "open"), from_offset(1, 0): (1, "open"), from_offset(2, 0): (2, "mud"),
         from_offset(0, 1): (0, "open"), from_offset(1, 1): (0, "water"), from_offset(2, 1): (0, "impassable")},
        {**DEFAULT_TERRAIN, "mud": MUD}, name="worked")
    a1, b1, c1, b2, c2 = (from_offset(*x) for x in ((0, 0), (1, 0), (2, 0), (1, 1), (2, 1)))
    assert b.graph.edges[a1, b1] == {"climb": 1, "drop": 0, "cost": 2}
    assert b.graph.edges[b1, a1] == {"climb": 0, "drop": 1, "cost": 1}
    assert b.graph.edges[b1, c1] == {"climb": 1, "drop": 0, "cost": 1 + 1 + 2}  # mud: 2 extra (T1)
    assert b.graph.edges[b1, b2] == {"climb": 0, "drop": 1, "cost": 1 + 0 + 1}  # water: 1 extra
    assert "cost" not in b.graph.edges[b2, c2]  # impassable: no cost, hidden from movement (T1)
    assert b.graph.graph == {"name": "worked"}
    same_graph(b.graph, hex_by_hex(b))


@SETTINGS
@given(boards())
def test_bulk_graph_is_the_hex_by_hex_graph(board):
    same_graph(board.graph, hex_by_hex(board))
    assert board.graph is board.graph  # built once, kept
    for h in board:  # the plain lookups agree with the graph
        assert board.neighbors(h) == list(board.graph.successors(h))
        assert board.elevation(h) == board.graph.nodes[h]["elevation"]


def test_reading_a_board_does_not_build_its_graph():
    b = Board.rectangle(4, 3)
    assert len(b) == 12 and Hex(0, 0) in b and "x" not in b and [] not in b
    assert b.neighbors(Hex(0, 0)) == [Hex(1, 0), Hex(0, 1)]
    assert b.cells()[Hex(1, 0)] == (0, "open") and b == Board.rectangle(4, 3)
    assert b.to_text() == "map:\n    0 0 0 0\n     0 0 0 0\n    0 0 0 0\n"
    assert b._graph is None  # nothing above needed networkx's graph


# --- import hexrules: light -------------------------------------------------------------------------


def test_import_hexrules_imports_neither_networkx_nor_drawing():
    code = ("import sys, hexrules; b = hexrules.builtin('push_knuckle_shield'); "
            "print(sorted(m for m in ('networkx', 'matplotlib', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --- Engagement: linear, the same facts ------------------------------------------------------------


@st.composite
def states(draw, max_units=12):
    """A random board and units of up to four sides on its passable hexes."""
    board = draw(boards())
    free = [h for h in board if board.terrain(h).passable]
    spots = draw(st.permutations(free))[: draw(st.integers(0, min(max_units, len(free))))]
    units = [Unit(f"U{i}", draw(st.sampled_from("abcd")), h, garrison=draw(st.booleans()))
             for i, h in enumerate(spots)]
    return board, State(units)


def engaged_by_pairs(board, state):
    """E1 straight from RULES.md, every pair looked at: adjacent, enemies, same elevation."""
    out = {}
    for u in state:
        names = tuple(o.name for o in state if o.side != u.side and o.hex.distance(u.hex) == 1
                      and board.elevation(o.hex) == board.elevation(u.hex))
        if names:
            out[u.name] = names
    return out


@pytest.mark.parametrize("name", scenario_names())
def test_engagements_of_the_shipped_scenarios(name):
    sc = builtin(name)
    assert engagements(sc.board, sc.state) == engaged_by_pairs(sc.board, sc.state)


@SETTINGS
@given(states())
def test_engagements_are_every_adjacent_enemy_pair_at_one_level(bs):
    board, state = bs
    got = engagements(board, state)
    assert got == engaged_by_pairs(board, state)
    assert list(got) == [u.name for u in state if u.name in got]  # units in state order
    for u in state:
        assert engaged_with(board, state, u) == got.get(u.name, ())
    pairs = {tuple(sorted((u.name, o.name))) for u in state for o in state
             if o.side != u.side and o.hex.distance(u.hex) == 1}
    assert adjacent_not_engaged(board, state) == sorted(pairs - set(engaged_pairs(board, state)))


# --- Push and Pull: lazy, the same branches ---------------------------------------------------------

GOLDEN = json.loads((Path(__file__).parent / "data" / "forced_golden.json").read_text())


def test_forced_golden_cases_are_all_recorded():
    names = [name for name, _ in forced_golden.cases()]
    assert len(names) == len(set(names)) == len(GOLDEN) and set(names) == set(GOLDEN)


@pytest.mark.parametrize("name,calls", list(forced_golden.cases()), ids=lambda x: x if isinstance(x, str) else "")
def test_branches_are_the_recorded_ones(name, calls):
    # every fact of every branch, in order, as the kit gave it before the lazy walk (tests/forced_golden.py)
    assert [forced_golden.record(call) for call in calls] == GOLDEN[name]


@st.composite
def pushes(draw):
    board, state = draw(states(max_units=6))
    movable = [u for u in state if not u.garrison]
    units = list(state)
    if len(units) < 2 or not movable:
        return None
    target = draw(st.sampled_from(movable))
    source = draw(st.sampled_from([h for h in board if h != target.hex]))
    opts = DEFAULT.replace(push_off_board=draw(st.sampled_from(CHOICES["push_off_board"])),
                           pull_other_elevation=draw(st.sampled_from(CHOICES["pull_other_elevation"])),
                           push_drop_damage_per_level=draw(st.integers(0, 2)))
    return board, state, draw(st.sampled_from(["push", "pull"])), source, target.name, draw(st.integers(0, 6)), opts


def make(case):
    board, state, kind, source, target, n, opts = case
    return forced(kind, board, state, source, target, n, allow_allies=True, options=opts)


@SETTINGS
@given(pushes())
def test_lazy_answers_agree_with_the_branch_list(case):
    if case is None:
        event("skipped: fewer than two units, or none that moves")
    assume(case is not None)
    try:
        fm = make(case)
    except RuleError as e:  # L3: next to the source at the same elevation (tested in test_forced.py)
        assert e.ruling == "L3"
        event("skipped: the Pull is refused (L3)")
        assume(False)
    # counted, streamed, replayed: nothing builds the list ...
    count, ends = fm.count, fm.destinations
    streamed = list(fm)
    chosen = [fm.choose(*b.choice) for b in streamed]
    assert "branches" not in fm.__dict__
    # ... and every answer is the list's
    branches = fm.branches
    assert count == len(fm) == len(branches) == len(streamed) >= 1
    assert streamed == list(branches) == chosen
    assert ends == {b.final for b in branches if b.final is not None}
    assert fm == make(case) and hash(fm) == hash(make(case))
    assert len({b.choice for b in branches}) == len(branches)  # a branch is named by its attempted hexes


def open_push(n, radius=20):
    board = Board({h: (0, "open") for h in Hex(0, 0).spiral(radius)})
    state = State([Unit("Zaku", "zeon", Hex(0, 0)), Unit("Gundam", "federation", Hex(1, 0))])
    return board, state, push(board, state, "Zaku", "Gundam", n)


def test_push_16_on_open_ground_is_counted_not_built(monkeypatch):
    # RULES.md P1 on open ground, the target on a straight line from the source: a node on the
    # line has 3 farther neighbours (one on the line), a node off it 2 (both off it), and every
    # node adds its "stop" (or, after N steps, "full") branch. Off the line D(k) = 2^(k+1) - 1
    # branches with k steps left; on it S(k) = 1 + S(k-1) + 2 D(k-1), so S(k) = 2^(k+2) - 3 - k:
    # S(1) = 4 (RULES.md's worked example), S(16) = 262,125. The target can end on every hex at
    # distance 1..17 within the 120-degree wedge the first step opens: 1 + 3 + ... + 33 = 17^2.
    built = []
    real = forced_mod._Walk._branch
    monkeypatch.setattr(forced_mod._Walk, "_branch", lambda self, *a: built.append(1) or real(self, *a))
    board, state, fm = open_push(16)
    assert fm.count == len(fm) == 2**18 - 3 - 16
    assert len(fm.destinations) == 17**2
    straight = [Hex(2 + i, 0) for i in range(16)]
    assert fm.choose(*straight).final == Hex(17, 0)
    assert fm.check([]).startswith("Not quite")
    assert "branches" not in fm.__dict__
    built.clear()
    new = fm.resolve(straight)
    assert new.unit("Gundam").hex == Hex(17, 0)
    assert len(built) <= 2  # the chosen branch, replayed once to check it: never the tree
    assert open_push(1)[2].count == 4


def test_push_many_with_push_16_replays_only_the_chosen_branches(monkeypatch):
    built = []
    real = forced_mod._Walk._branch
    monkeypatch.setattr(forced_mod._Walk, "_branch", lambda self, *a: built.append(1) or real(self, *a))
    board = Board({h: (0, "open") for h in Hex(0, 0).spiral(20)})
    state = State([Unit("Zaku", "zeon", Hex(0, 0)), Unit("Gundam", "federation", Hex(1, 0)),
                   Unit("GM", "federation", Hex(-1, 0))])
    mf = push_many(board, state, "Zaku", [("Gundam", [Hex(2 + i, 0) for i in range(16)]),
                                           ("GM", [Hex(-2 - i, 0) for i in range(16)])], 16)
    assert mf.state.unit("Gundam").hex == Hex(17, 0) and mf.state.unit("GM").hex == Hex(-17, 0)
    assert len(built) <= 2 * 2  # each unit's branch chosen, then replayed by resolve (P5)


# --- dice: exact, computed in O(n^2) products, marginals in O(n) ------------------------------------


def multinomial(n, shield, resolve, also):
    """RULES.md C4 counted the plain way: for every (Major, Minor-only) split of n dice, the
    multinomial count of rolls over 6^n (a die is Major from Shield + Resolve, Minor from Shield)."""
    none = sum(1 for f in range(1, 7) if f < shield)
    major = sum(1 for f in range(1, 7) if f >= shield + resolve)
    minor = 6 - none - major
    pmf = {}
    for j in range(n + 1):
        for i in range(n - j + 1):
            c = comb(n, j) * comb(n - j, i) * major**j * minor**i * none ** (n - j - i)
            if c:
                key = (i + j if also else i, j)
                pmf[key] = pmf.get(key, 0) + Fraction(c, 6**n)
    return pmf


@SETTINGS
@given(st.integers(0, 25), st.integers(1, 12), st.integers(1, 12), st.booleans())
def test_vehicle_distribution_is_the_multinomial(n, shield, resolve, also):
    v = vehicle_distribution(n, shield, resolve, options=DEFAULT.replace(crush_major_also_minor=also))
    want = multinomial(n, shield, resolve, also)
    assert list(v) == sorted(want) and dict(v.items()) == want  # the same outcomes, in order
    for which, marginal in ((0, v.minor), (1, v.major), (1, v.hp_lost)):
        summed = Distribution(want).marginal(lambda o, which=which: o[which])  # the marginal summed over the joint
        assert list(marginal) == list(summed) and dict(marginal.items()) == dict(summed.items())
    assert v.p_major() == sum((p for (_, j), p in want.items() if j >= 1), Fraction(0))


@SETTINGS
@given(st.integers(0, 40), st.integers(1, 12))
def test_damage_distribution_is_the_binomial(n, resolve):
    a = max(0, min(6, 7 - resolve))  # C3: faces >= Resolve
    d = damage_distribution(n, resolve)
    assert list(d) == list(range(n + 1))
    assert all(d[k] == Fraction(comb(n, k) * a**k * (6 - a) ** (n - k), 6**n) for k in range(n + 1))
    assert d.mean() == Fraction(n * a, 6) and d.at_least(0) == 1


def test_distributions_of_fractions_and_of_counts_agree():
    # a distribution given as fractions with different denominators
    d = Distribution({0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}, "t")
    assert d == {0: Fraction(3, 6), 1: Fraction(2, 6), 2: Fraction(1, 6)}
    assert d.at_least_table() == {0: 1, 1: Fraction(1, 2), 2: Fraction(1, 6)}
    assert d.mean() == Fraction(2, 3) and d.probability(lambda k: k != 1) == Fraction(2, 3)
    assert d.marginal(lambda k: k % 2) == {0: Fraction(2, 3), 1: Fraction(1, 3)}
    assert d.mean(lambda k: 0.5) == 0.5
    assert repr(d) == "Distribution({0: 1/2, 1: 1/3, 2: 1/6}, title='t')"
