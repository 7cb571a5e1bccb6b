"""Hypothesis properties of readings compared (hexrules.compare) on random small boards.

The boards, units and readings come from the movement and forced-movement property tests. A
comparison of a reading with itself finds nothing; swapping the readings swaps every fact; and the
switches of the other rule topics never change a result (RULES.md T2 for Push and Pull; movement
reads only M, E, J and T switches).
"""

from __future__ import annotations

from hypothesis import assume, event, given, strategies as st

from hexrules.compare import compare_forced, compare_reach
from hexrules.errors import RuleError
from hexrules.options import CHOICES, DEFAULT
from test_forced_properties import SETTINGS as FORCED_SETTINGS
from test_forced_properties import options_st, situations
from test_movement_properties import SETTINGS, scenarios

movement_readings = st.builds(
    DEFAULT.replace,
    allies_pass_through=st.booleans(),
    engagement_penalty=st.integers(0, 2),
    engagement_on_entry=st.sampled_from(CHOICES["engagement_on_entry"]),
    jump_climb=st.sampled_from(CHOICES["jump_climb"]),
    water=st.sampled_from(CHOICES["water"]),
)


def _movers(state):
    return [u.name for u in state if not u.garrison]


@SETTINGS
@given(scenarios(), movement_readings, st.sampled_from(["advance", "dash"]), st.data())
def test_reach_comparison_identity_and_symmetry(sc, other, kind, data):
    board, state, a = sc
    unit = data.draw(st.sampled_from(_movers(state)))
    target = data.draw(st.sampled_from(board.hexes))
    assert compare_reach(board, state, unit, a, a, kind=kind, target=target).same
    ab = compare_reach(board, state, unit, a, other, kind=kind, target=target)
    ba = compare_reach(board, state, unit, other, a, kind=kind, target=target)
    assert (ab.gained, ab.lost) == (ba.lost, ba.gained)
    assert [(h, y, x) for h, x, y in ab.cost_changes] == list(ba.cost_changes)
    assert ab.allowances == ba.allowances[::-1] and ab.same == ba.same and ab.path_changed == ba.path_changed
    # every hex reachable under either reading is gained, lost, changed or costs the same
    ca, cb = ab.reaches[0].costs, ab.reaches[1].costs
    same_cost = {h for h in ca if cb.get(h) == ca[h]}
    assert set(ca) | set(cb) == same_cost | ab.differing_hexes and not same_cost & ab.differing_hexes


@SETTINGS
@given(scenarios(), options_st, st.data())
def test_push_and_pull_switches_never_change_reach(sc, forced_reading, data):
    board, state, a = sc
    unit = data.draw(st.sampled_from(_movers(state)))
    other = a.replace(**{k: getattr(forced_reading, k) for k in
                         ("collision_damage", "push_drop_damage_per_level", "push_off_board", "pull_other_elevation")},
                      crush_major_also_minor=True, crush_cover_reduction=0)
    assert compare_reach(board, state, unit, a, other).same


@FORCED_SETTINGS
@given(situations(), options_st, options_st)
def test_forced_comparison_partitions_the_branches_and_is_symmetric(sit, a, b):
    board, state, source, target, kind, n = sit
    try:
        ab = compare_forced(kind, board, state, source, target, n, a, b, side="zeon")
    except RuleError as e:  # only L3's refusal can happen with these inputs, under any reading
        assert e.ruling == "L3"
        event("skipped: the Pull is refused (L3), nothing to compare")
        assume(False)
    ba = compare_forced(kind, board, state, source, target, n, b, a, side="zeon")
    assert compare_forced(kind, board, state, source, target, n, a, a, side="zeon").same
    fa, fb = ab.moves
    unchanged = [x for x in fa if any(y.choice == x.choice and y == x for y in fb)]
    assert len(fa) == len(unchanged) + len(ab.changed) + len(ab.only_a)
    assert len(fb) == len(unchanged) + len(ab.changed) + len(ab.only_b)
    assert (ab.only_a, ab.only_b) == (ba.only_b, ba.only_a)
    assert {c.choice for c in ab.changed} == {c.choice for c in ba.changed}
    assert all(c.differs and c.a.choice == c.b.choice == c.choice for c in ab.changed)


@FORCED_SETTINGS
@given(situations(), options_st, movement_readings)
def test_movement_switches_never_change_a_push_or_pull(sit, a, movement):
    # T2: Engagement and terrain costs never change a Push or Pull
    board, state, source, target, kind, n = sit
    other = a.replace(**{k: getattr(movement, k) for k in
                         ("allies_pass_through", "engagement_penalty", "engagement_on_entry", "jump_climb", "water")})
    try:
        cmp = compare_forced(kind, board, state, source, target, n, a, other, side="zeon")
    except RuleError as e:
        assert e.ruling == "L3"
        event("skipped: the Pull is refused (L3), nothing to compare")
        assume(False)
    assert cmp.same
