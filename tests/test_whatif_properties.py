"""Hypothesis properties of hexrules.whatif on generated boards: its skips are exact.

The report and the sweep skip a comparison where a switch provably cannot act, and the sweep
counts a Push or Pull as changed where its rule applies without walking it again. Here every
skip is checked against the comparison it skips (hexrules.compare), on boards of the seeded
generator (hypothesis choosing the spec, the seed and the base reading):

* a movement whose reach the report skips is the same under both readings (compare_reach);
* _forced_changes says "changes" exactly when compare_forced finds a difference;
* the sweep's counts of a board (board_counts) are the report's counts (Counts.of).
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, event, given, settings, strategies as st

from generated import scenario as _scenario
from generated import specs
from hexrules.compare import compare_forced, compare_reach
from hexrules.errors import RuleError
from hexrules.forced import forced
from hexrules.movement import reachable
from hexrules.options import CHOICES, DEFAULT
from hexrules.whatif import (Counts, Situations, _forced_changes, _pairs, _reach_may_change, alternatives,
                             board_counts, what_changes)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

bases = st.builds(
    DEFAULT.replace,
    allies_pass_through=st.booleans(), engagement_penalty=st.integers(0, 2),
    engagement_on_entry=st.sampled_from(CHOICES["engagement_on_entry"]),
    jump_climb=st.sampled_from(CHOICES["jump_climb"]), water=st.sampled_from(CHOICES["water"]),
    collision_damage=st.integers(0, 3), push_drop_damage_per_level=st.integers(0, 2),
    push_off_board=st.sampled_from(CHOICES["push_off_board"]),
    pull_other_elevation=st.sampled_from(CHOICES["pull_other_elevation"]),
)


@SETTINGS
@given(specs, st.integers(0, 10**6), bases, st.sampled_from(["advance", "dash"]))
def test_a_skipped_movement_is_the_same_under_both_readings(spec, seed, base, kind):
    sc = _scenario(spec, seed)
    if sc is None:
        event("skipped: the units do not fit, one per hex (M3)")
    assume(sc is not None)
    skipped = 0
    for alt in alternatives(("allies_pass_through", "engagement_penalty", "engagement_on_entry", "jump_climb",
                             "water"), base):
        other = alt.reading(base)
        for u in sc.state:
            if u.garrison:
                continue
            ra = reachable(sc.board, sc.state, u.name, kind, base)
            if not _reach_may_change(sc, u, alt, ra.allowance):
                skipped += 1
                assert compare_reach(sc.board, sc.state, u.name, base, other, kind=kind).same, (alt, u.name)
    event(f"skipped movements compared: {'some' if skipped else 'none (nothing to check)'}")


@SETTINGS
@given(specs, st.integers(0, 10**6), bases, st.integers(0, 3), st.integers(1, 3))
def test_forced_changes_exactly_when_the_comparison_differs(spec, seed, base, n, distance):
    sc = _scenario(spec, seed)
    if sc is None:
        event("skipped: the units do not fit, one per hex (M3)")
    assume(sc is not None)
    sits = _pairs(sc, Situations(push=n, pull=n, distance=distance)) if n else []
    event(f"Push and Pull situations: {'some' if sits else 'none (N = 0, or no enemy within the distance)'}")
    for sit in sits:
        try:
            fm = forced(sit.kind, sc.board, sc.state, sit.source, sit.target, sit.n, options=base)
        except RuleError as e:
            assert e.ruling == "L3"
            event("a Pull refused (L3): not compared")
            continue
        for alt in alternatives(("collision_damage", "push_drop_damage_per_level", "push_off_board",
                                 "pull_other_elevation"), base):
            cmp = compare_forced(sit.kind, sc.board, sc.state, sit.source, sit.target, sit.n, base,
                                 alt.reading(base))
            assert _forced_changes(fm, alt) == (not cmp.same), (sit, alt)


@SETTINGS
@given(specs, st.integers(0, 10**6), bases, st.sampled_from([("advance",), ("dash",), ("advance", "dash")]))
def test_the_sweeps_board_counts_are_the_reports_counts(spec, seed, base, kinds):
    sc = _scenario(spec, seed)
    if sc is None:
        event("skipped: the units do not fit, one per hex (M3)")
    assume(sc is not None)
    situations = Situations(kinds=kinds)
    alts = alternatives(base=base)
    report = what_changes(sc, base=base, situations=situations)
    assert board_counts(sc, alts, base, situations) == {c.alternative: Counts.of(c) for c in report.switches}
