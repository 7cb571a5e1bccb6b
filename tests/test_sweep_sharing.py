"""What makes a sweep fast must not change what it counts (issue 35 part 4).

* :func:`hexrules.movement.reach_costs` gives each reading what :func:`~hexrules.movement.reachable`
  gives it, whether the reading shares the first one's search or is searched on its own: worked
  by hand on small boards (M1, M3, E3, T1, J1) and checked on generated boards (hypothesis).
* :attr:`hexrules.forced.ForcedMove.occurs` says what happens in some branch exactly as the
  branches, once built, show it (P2, P3, P4, L3): by hand and on generated boards.
* :attr:`hexrules.board.Board.adjacency` is the board's neighbours, shared by boards of the same
  hexes; equal hexes hash alike, however they were made.

Coordinates are axial; labels are the board's (column letter, row number, counted from 1).
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, assume, event, given, settings, strategies as st

import hexrules.movement as movement
from generated import scenario as _scenario
from generated import specs
from hexrules import Scenario
from hexrules.errors import OptionsError, RuleError
from hexrules.forced import forced
from hexrules.hexgrid import Hex
from hexrules.movement import AbilityMove, reach_costs, reachable
from hexrules.options import CHOICES, DEFAULT, RulesOptions
from hexrules.whatif import Situations, _pairs

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def labelled(sc: Scenario, costs: dict) -> dict[str, int]:
    return {sc.board.label(h): c for h, c in costs.items()}


# --- reach_costs, by hand ----------------------------------------------------------------------------


def test_a_reading_that_changes_no_step_within_reach_shares_the_search_and_its_costs():
    # One row of open ground; G (Advance 2) on A1, its ally H on E1, four hexes away: with
    # allies_pass_through=False H's hex is blocked (M3), but G, 2 movement points, never comes
    # near it. Both readings: B1 costs 1, C1 costs 2 (M1).
    sc = Scenario.from_text("map:\n  0 0 0 0 0\nunits:\n  G side=a at=A1 advance=2\n  H side=a at=E1\n")
    base, other = DEFAULT, RulesOptions(allies_pass_through=False)
    (al_a, a), (al_b, b) = reach_costs(sc.board, sc.state, "G", readings=(base, other))
    assert labelled(sc, a) == labelled(sc, b) == {"B1": 1, "C1": 2}
    assert al_a.total == al_b.total == 2
    m1, m2 = (movement._mover(sc.board, sc.state, "G", o) for o in (base, other))
    dist = {sc.board.hex(k): v for k, v in {"A1": 0, "B1": 1, "C1": 2}.items()}
    assert movement._same_search(m1, m2, dist, 2, sc.board.adjacency._adj)  # it was shared


def test_a_blocking_ally_in_reach_gets_its_own_search():
    # G (Advance 3) on A1, ally H on B1. Default: G passes through H (M3), C1 costs 2, D1 3;
    # B1 is H's, never an end. allies_pass_through=False: B1 is blocked and the row is the only
    # way on: nothing is reachable.
    sc = Scenario.from_text("map:\n  0 0 0 0\nunits:\n  G side=a at=A1 advance=3\n  H side=a at=B1\n")
    (_, a), (_, b) = reach_costs(sc.board, sc.state, "G",
                                 readings=(DEFAULT, RulesOptions(allies_pass_through=False)))
    assert labelled(sc, a) == {"C1": 2, "D1": 3}
    assert b == {}


def test_each_reading_keeps_its_own_allowance_and_terrain():
    # G (Advance 2, Speed 0) on open A1, water (+1, T1) on B1, open C1. enter_cost: B1 = 1 + 1 = 2,
    # C1 = 3, out of reach. none: B1 = 1, C1 = 2. allowance: G starts on open ground, nothing off
    # its 2 points, and entering water costs no extra: as none.
    sc = Scenario.from_text("map:\n  0 ~ 0\nunits:\n  G side=a at=A1 advance=2\n")
    out = reach_costs(sc.board, sc.state, "G", readings=(DEFAULT, RulesOptions(water="none"),
                                                         RulesOptions(water="allowance")))
    assert [labelled(sc, c) for _, c in out] == [{"B1": 2}, {"B1": 1, "C1": 2}, {"B1": 1, "C1": 2}]
    assert [al.total for al, _ in out] == [2, 2, 2]


def test_an_engagement_penalty_reading_reaches_one_hex_further_from_the_same_search():
    # G (Advance 2) on A1 Engaged with the enemy Z on A2 (adjacent, same height, E1); the row A1-D1
    # is open. Default: 2 - 1 = 1 point (E2): B1 = 1 (B1 is next to Z too, but E3's default is
    # "no stop"). engagement_penalty=0: 2 points, C1 = 2.
    sc = Scenario.from_text("map:\n  0 0 0 0\n  0 0 0 0\nunits:\n  G side=a at=A1 advance=2\n  Z side=b at=A2\n")
    (al_a, a), (al_b, b) = reach_costs(sc.board, sc.state, "G",
                                       readings=(DEFAULT, RulesOptions(engagement_penalty=0)))
    assert (al_a.total, al_b.total) == (1, 2)
    assert set(labelled(sc, a)) < set(labelled(sc, b))
    assert all(b[h] == c for h, c in a.items())  # the same costs where both reach


def test_a_stop_on_entering_engagement_is_searched_on_its_own():
    # One row A1-D1 open, G (Advance 3) on A1, enemy Z on C2 below B1/C1 (pointy-top, odd rows
    # shifted: C2 touches C1 and D1). Default: B1 1, C1 2, D1 3. engagement_on_entry="stop": entering
    # C1 (next to Z, not so at the start) ends the movement there (E3): D1 only through C1: gone.
    sc = Scenario.from_text("map:\n  0 0 0 0\n  0 0 0 0\nunits:\n  G side=a at=A1 advance=3\n  Z side=b at=C2\n")
    near_z = {sc.board.label(n) for n in sc.board.neighbors("C2")}
    assert "C1" in near_z and "A1" not in near_z and "B1" not in near_z
    (_, a), (_, b) = reach_costs(sc.board, sc.state, "G",
                                 readings=(DEFAULT, RulesOptions(engagement_on_entry="stop")))
    a, b = labelled(sc, a), labelled(sc, b)
    assert a["C1"] == 2 and a["D1"] == 3
    assert b["C1"] == 2 and "D1" not in b or b["D1"] > 3  # never D1 through C1


def test_reach_costs_refuses_no_readings_and_things_that_are_not_readings():
    sc = Scenario.from_text("map:\n  0 0\nunits:\n  G side=a at=A1\n")
    with pytest.raises(OptionsError, match="readings"):
        reach_costs(sc.board, sc.state, "G", readings=())
    with pytest.raises(OptionsError):
        reach_costs(sc.board, sc.state, "G", readings=(DEFAULT, "water=none"))
    with pytest.raises(RuleError, match="Garrison"):
        garrison = Scenario.from_text("map:\n  0 0\ngarrisons:\n  G side=a at=A1\n")
        reach_costs(garrison.board, garrison.state, "G", "advance")


# --- reach_costs on generated boards ------------------------------------------------------------------

readings = st.builds(
    DEFAULT.replace,
    allies_pass_through=st.booleans(), engagement_penalty=st.integers(0, 2),
    engagement_on_entry=st.sampled_from(CHOICES["engagement_on_entry"]),
    jump_climb=st.sampled_from(CHOICES["jump_climb"]), water=st.sampled_from(CHOICES["water"]),
    garrison_ability_move=st.sampled_from(CHOICES["garrison_ability_move"]),
)


@SETTINGS
@given(specs, st.integers(0, 10**6), st.lists(readings, min_size=1, max_size=5), st.integers(0, 4))
def test_reach_costs_is_reachable_under_each_reading(spec, seed, chosen, ability):
    sc = _scenario(spec, seed)
    if sc is None:
        event("skipped: the units do not fit, one per hex (M3)")
    assume(sc is not None)
    shared = own = 0
    for u in sc.state:
        kind = AbilityMove(ability) if u.garrison else "advance"
        got = reach_costs(sc.board, sc.state, u.name, kind, chosen)
        first = movement._mover(sc.board, sc.state, u.name, chosen[0])
        cutoff = max(al.total for al, _ in got)
        import networkx as nx

        dist = nx.single_source_dijkstra_path_length(sc.board.graph, u.hex, cutoff=cutoff, weight=first.weight)
        for options, (al, costs) in zip(chosen, got):
            r = reachable(sc.board, sc.state, u.name, kind, options)
            assert (al, costs) == (r.allowance, r.costs), (u.name, options)
            m = movement._mover(sc.board, sc.state, u.name, options)
            if movement._same_search(first, m, dist, al.total, sc.board.adjacency._adj):
                shared += 1
            else:
                own += 1
    event(f"readings sharing the first search: {'some' if shared else 'none'}")
    event(f"readings searched on their own: {'some' if own else 'none'}")


# --- ForcedMove.occurs -----------------------------------------------------------------------------------


def branch_facts(move) -> frozenset[str]:
    """What :attr:`ForcedMove.occurs` claims, read off the built branches (the definitions)."""
    out = set()
    el = move.board.elevations
    for b in move.branches:
        if b.collision:
            out.add("collision")
        if any(s.result == "moved" and (s.levels or 0) < 0 for s in b.steps):
            out.add("drop")
        if b.ending == "edge":
            out.add("edge")
        if b.steps and b.steps[-1].ruling == "L3":
            out.add("l3_collision")
        if b.ending == "adjacent" and b.final is not None and el[b.final] != b.source_elevation:
            out.add("adjacent_other_elevation")
    return frozenset(out)


def test_occurs_by_hand():
    # A row A1-E1: Z (zeon) on A1 pushes G on B1 two hexes (P1). B1 is at height 1, C1 at 0: the
    # step B1 -> C1 goes down (P3); D1 holds H, so G pushed on from C1 into D1 collides (P2).
    sc = Scenario.from_text("map:\n  0 1 0 0 0\nunits:\n  Z side=zeon at=A1\n  G side=fed at=B1\n"
                            "  H side=fed at=D1\n")
    fm = forced("push", sc.board, sc.state, "Z", "G", 2)
    assert {"drop", "collision"} <= fm.occurs
    assert fm.occurs == branch_facts(fm)
    # On a two-hex board, a push of G (B1) by Z (A1) can only step off the board (P4).
    edge = Scenario.from_text("map:\n  0 0\nunits:\n  Z side=zeon at=A1\n  G side=fed at=B1\n")
    fe = forced("push", edge.board, edge.state, "Z", "G", 1)
    assert fe.occurs == {"edge"} == branch_facts(fe)  # push_off_board="stop": no collision (P4)
    fc = forced("push", edge.board, edge.state, "Z", "G", 1, options=RulesOptions(push_off_board="collide"))
    assert fc.occurs == {"edge", "collision"}
    # Push 0: nothing happens at all.
    assert forced("push", edge.board, edge.state, "Z", "G", 0).occurs == frozenset()


@SETTINGS
@given(specs, st.integers(0, 10**6), readings, st.integers(1, 3),
       st.sampled_from(CHOICES["push_off_board"]), st.sampled_from(CHOICES["pull_other_elevation"]))
def test_occurs_is_what_the_branches_show(spec, seed, options, n, off, other):
    sc = _scenario(spec, seed)
    assume(sc is not None)
    options = options.replace(push_off_board=off, pull_other_elevation=other)
    seen = set()
    for sit in _pairs(sc, Situations(push=n, pull=n, distance=3)):
        try:
            fm = forced(sit.kind, sc.board, sc.state, sit.source, sit.target, sit.n, options=options)
        except RuleError:
            continue
        assert fm.occurs == branch_facts(fm), sit
        seen |= fm.occurs
    for fact in sorted(seen):
        event(f"occurs: {fact}")


# --- the board's adjacency and the hexes' hash -------------------------------------------------------------


def test_boards_of_the_same_hexes_share_one_adjacency_equal_to_their_graph():
    a = Scenario.from_text("map:\n  0 1 2\n  ~ 0 X\n").board
    b = Scenario.from_text("map:\n  2 2 2\n  0 0 0\n").board
    c = Scenario.from_text("map:\n  0 0\n").board
    assert a.adjacency is b.adjacency
    assert a.adjacency is not c.adjacency
    for board in (a, b, c):
        assert sorted(board.adjacency.edges()) == sorted(board.graph.edges())
        for h in board.hexes:  # the same neighbours in the same order: the same searches and paths
            assert list(board.adjacency.successors(h)) == list(board.graph.successors(h))


def test_equal_hexes_hash_alike_however_made():
    h = Hex(3, -7)
    made = [Hex(3, -7), Hex.from_cube(3, -7, 4), Hex(1, -2) + Hex(2, -5), pickle.loads(pickle.dumps(h))]
    assert all(m == h and hash(m) == hash(h) for m in made)
    assert len({h, *made}) == 1
    assert hash(Hex(0, 1)) != hash(Hex(1, 0))  # not a proof, but the two orders must not collide here
    assert {Hex(0, 1): "a"}[Hex(0, 1)] == "a"
