"""Exact Crush probabilities (RULES.md C3-C5): hand-worked values, brute force, icepool, Monte Carlo."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import icepool
import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from hexrules.dice import (
    Distribution,
    at_least_table,
    check_guess,
    classify_vehicle_die,
    damage_distribution,
    expected_damage_table,
    hit_probability,
    make_rng,
    roll,
    sample_damage,
    sample_vehicle,
    tally,
    vehicle_die_classes,
    vehicle_distribution,
    vehicle_table,
)
from hexrules.errors import OptionsError, RuleError
from hexrules.options import DEFAULT

F = Fraction
#: The C4 switch's second reading: a die reaching Shield + Resolve is Major and Minor.
BOTH = DEFAULT.replace(crush_major_also_minor=True)


def c4(also: bool):
    """The rules options with the C4 switch set to ``also``."""
    return BOTH if also else DEFAULT


# --- hand-worked values --------------------------------------------------------------------------


def test_exercise_cover_3_resolve_4_at_least_2_is_one_half():
    """C3, C5: each die >= Resolve 4 deals 1 (3 faces of 6); the exact chance of at least 2 damage
    from 3 dice is 1/2."""
    # p = 3/6 = 1/2 per die; P(>= 2 of 3) = (3 + 1) / 8 = 1/2.
    d = damage_distribution(3, 4)
    assert d.at_least(2) == F(1, 2)
    assert dict(d) == {0: F(1, 8), 1: F(3, 8), 2: F(3, 8), 3: F(1, 8)}
    assert d.mean() == F(3, 2)


def test_hit_probability_clips():
    """C3: a die deals 1 damage when it is >= Resolve: (7 - Resolve) faces of 6, from all 6 at
    Resolve 1 to none at Resolve 7 and beyond."""
    assert [hit_probability(r) for r in range(1, 9)] == [F(1), F(5, 6), F(2, 3), F(1, 2), F(1, 3), F(1, 6), F(0), F(0)]


def test_cover_0_is_certainly_0_damage():
    assert dict(damage_distribution(0, 1)) == {0: F(1)}
    assert dict(vehicle_distribution(0, 1, 1)) == {(0, 0): F(1)}


def test_resolve_6_two_dice():
    # p = 1/6: P(0) = 25/36, P(1) = 10/36, P(2) = 1/36.
    assert dict(damage_distribution(2, 6)) == {0: F(25, 36), 1: F(10, 36), 2: F(1, 36)}


def test_vehicle_shield_4_resolve_2_one_die_classes():
    # 1-3 nothing (3 faces), 4-5 Minor (2), 6 Major (1).
    assert vehicle_die_classes(4, 2) == (3, 2, 1)
    assert [classify_vehicle_die(d, 4, 2) for d in range(1, 7)] == ["none"] * 3 + ["minor"] * 2 + ["major"]
    v = vehicle_distribution(1, 4, 2)
    assert dict(v) == {(0, 0): F(1, 2), (1, 0): F(1, 3), (0, 1): F(1, 6)}
    both = vehicle_distribution(1, 4, 2, options=BOTH)
    assert dict(both) == {(0, 0): F(1, 2), (1, 0): F(1, 3), (1, 1): F(1, 6)}
    assert both.major_also_minor and not v.major_also_minor


def test_vehicle_two_dice_by_hand():
    # Shield 4, Resolve 2, 2 dice: P(Major >= 1) = 1 - (5/6)^2 = 11/36; P(Minor >= 1) = 1 - (4/6)^2 = 20/36.
    v = vehicle_distribution(2, 4, 2)
    assert v.p_major() == F(11, 36)
    assert v.p_minor() == F(20, 36)
    assert v.hp_lost.mean() == F(2, 6)
    assert v[(1, 1)] == 2 * F(2, 6) * F(1, 6)


def test_shield_5_resolve_2_major_impossible():
    assert vehicle_die_classes(5, 2) == (4, 2, 0)
    for n in range(6):
        v = vehicle_distribution(n, 5, 2)
        assert v.p_major() == 0
        assert all(major == 0 for _, major in v)


def test_tables():
    t = expected_damage_table(range(7), range(1, 8))
    assert t[3][3] == F(3, 2)  # Cover 3, Resolve 4
    assert t[6][0] == 6 and all(x == 0 for x in t[0]) and all(row[6] == 0 for row in t)
    assert at_least_table(3, [4])[4] == {0: F(1), 1: F(7, 8), 2: F(1, 2), 3: F(1, 8)}
    vt = vehicle_table(1, [4, 5], [2])
    assert vt[(4, 2)] == (F(1, 3), F(1, 6)) and vt[(5, 2)] == (F(1, 3), F(0))


def test_distribution_table_text():
    text = damage_distribution(3, 4).table()
    assert "3/8" in text and "50.000%" in text


# --- brute force: all 6^n rolls -----------------------------------------------------------------


@pytest.mark.parametrize("n", range(0, 6))
def test_damage_equals_brute_force(n):
    rolls = list(itertools.product(range(1, 7), repeat=n))
    for r in range(1, 9):
        counts = Counter(sum(d >= r for d in roll_) for roll_ in rolls)
        brute = {k: F(c, 6**n) for k, c in counts.items()}
        exact = damage_distribution(n, r)
        assert sum(exact.values()) == 1
        assert exact == brute


@pytest.mark.parametrize("n", range(0, 6))
def test_vehicle_equals_brute_force(n):
    # group the 6^n rolls by their face counts once, then classify every roll of each group
    faces = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=n))
    for shield in range(1, 8):
        for resolve in (1, 2, 3, 6):
            for also in (False, True):
                counts: Counter = Counter()
                for sorted_roll, mult in faces.items():
                    minor = major = 0
                    for d in sorted_roll:
                        if d >= shield + resolve:
                            major += 1
                            minor += also
                        elif d >= shield:
                            minor += 1
                    counts[(minor, major)] += mult
                brute = {k: F(c, 6**n) for k, c in counts.items()}
                exact = vehicle_distribution(n, shield, resolve, options=c4(also))
                assert sum(exact.values()) == 1
                assert exact == brute, (n, shield, resolve, also)


# --- icepool cross-check --------------------------------------------------------------------------


def _icepool_fractions(die) -> dict:
    den = die.denominator()
    return {k: F(q, den) for k, q in die.items()}


@pytest.mark.parametrize("n", [0, 1, 3, 7, 12])
@pytest.mark.parametrize("r", [1, 2, 4, 6, 7])
def test_damage_matches_icepool(n, r):
    die = n @ (icepool.d6 >= r) if n else icepool.Die([0])
    got = {int(k): p for k, p in _icepool_fractions(die).items()}
    assert damage_distribution(n, r) == got


@pytest.mark.parametrize("n", [1, 4, 8])
@pytest.mark.parametrize("shield,resolve", [(4, 2), (5, 2), (1, 1), (3, 3), (6, 1), (7, 1)])
@pytest.mark.parametrize("also", [False, True])
def test_vehicle_matches_icepool(n, shield, resolve, also):
    def cls(face):
        if face >= shield + resolve:
            return icepool.Vector((1 if also else 0, 1))
        if face >= shield:
            return icepool.Vector((1, 0))
        return icepool.Vector((0, 0))

    die = n @ icepool.d6.map(cls)
    got = {tuple(int(x) for x in k): p for k, p in _icepool_fractions(die).items()}
    assert vehicle_distribution(n, shield, resolve, options=c4(also)) == got


# --- sampling (C5) ---------------------------------------------------------------------------------


def test_monte_carlo_within_tolerance():
    # 20 000 seeded trials; the standard error of P(>= 2) is sqrt(1/4 / 20000) ~ 0.0035 and of the
    # mean damage sqrt(3/4 / 20000) ~ 0.0061, so tolerances of 0.02 and 0.03 are over 5 sigma.
    trials = 20_000
    s = sample_damage(3, 4, trials, seed=2024)
    assert abs(sum(x >= 2 for x in s) / trials - 0.5) < 0.02
    assert abs(sum(s) / trials - 1.5) < 0.03
    exact = vehicle_distribution(4, 4, 2)
    v = sample_vehicle(4, 4, 2, trials, rng=np.random.default_rng(7))
    assert abs(sum(m >= 1 for _, m in v) / trials - float(exact.p_major())) < 0.02
    assert abs(sum(m for m, _ in v) / trials - float(exact.minor.mean())) < 0.05


def test_sampling_needs_explicit_randomness_and_leaves_global_random_alone():
    with pytest.raises(RuleError, match="C5"):
        roll(3)
    with pytest.raises(RuleError, match="C5"):
        roll(3, seed=1, rng=random.Random(1))
    with pytest.raises(RuleError, match="C5"):
        roll(3, rng=random)  # the module itself is not an RNG object
    state = random.getstate()
    roll(10, seed=3)
    sample_damage(5, 3, 100, rng=random.Random(3))
    sample_vehicle(5, 3, 2, 100, seed=4)
    assert random.getstate() == state
    assert roll(6, seed=9) == roll(6, rng=random.Random(9))
    g = np.random.default_rng(1)
    assert all(1 <= d <= 6 for d in roll(50, rng=g))
    assert make_rng(seed=1).dice(3) == make_rng(rng=random.Random(1)).dice(3)


def test_tally():
    # Shield 4, Resolve 2: 3 nothing, 4 and 5 Minor, 6 Major (and also Minor under the switch).
    assert tally((3, 4, 5, 6), 4, 2) == (2, 1)
    assert tally((3, 4, 5, 6), 4, 2, options=BOTH) == (3, 1)
    assert tally((), 4, 2) == (0, 0)


def test_sample_vehicle_tallies_each_trial_like_tally():
    # One trial with seed s rolls the same dice as roll(n, seed=s); the sampler counts them as tally() does.
    for seed in range(20):
        for options in (DEFAULT, BOTH):
            dice = roll(5, seed=seed)
            assert sample_vehicle(5, 3, 2, 1, seed=seed, options=options) == [tally(dice, 3, 2, options=options)]


# --- bad input ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("call,match", [
    (lambda: damage_distribution(-1, 4), r"Cover -1 .*C2"),
    (lambda: damage_distribution(3, 0), r"Resolve 0 .*1 to 12.*C3"),
    (lambda: damage_distribution(3, 13), r"Resolve 13 .*C3"),
    (lambda: vehicle_distribution(3, 0, 2), r"Shield 0 .*C4"),
    (lambda: vehicle_distribution(3, 4, 13), r"Resolve 13 .*C4"),
    (lambda: vehicle_distribution(-2, 4, 2), r"Cover -2"),
    (lambda: classify_vehicle_die(7, 4, 2), r"die 7"),
    (lambda: Distribution({0: F(1, 2)}), r"sum to 1/2"),
    (lambda: Distribution(None), r"distribution None is not a mapping .*\(ruling C5\)"),
    (lambda: Distribution([(0, F(1))]), r"distribution \[\(0, Fraction\(1, 1\)\)\] is not a mapping .*\(ruling C5\)"),
    (lambda: Distribution({0: F(1, 2), "x": F(1, 2)}), r"outcomes \[0, 'x'\] cannot be put in order.*\(ruling C5\)"),
    (lambda: damage_distribution(3, 4).at_least("x"), r"at_least\('x'\): 'x' is not a whole number or Fraction \(ruling C5\)"),
    (lambda: damage_distribution(3, 4).at_least(None), r"at_least\(None\).*\(ruling C5\)"),
    (lambda: vehicle_distribution(2, 4, 2).at_least(1), r"'at least' needs numeric outcomes.*\(ruling C5\)"),
    (lambda: vehicle_distribution(2, 4, 2).at_least_table(), r"'at least' needs numeric outcomes.*\(ruling C5\)"),
    (lambda: sample_damage(3, 4, 1.5, seed=0), r"trials=1\.5 is not a whole number >= 1.*\(ruling C5\)"),
    (lambda: sample_damage(3, 4, "5", seed=0), r"trials='5' is not a whole number >= 1.*\(ruling C5\)"),
    (lambda: sample_damage(3, 4, None, seed=0), r"trials=None .*\(ruling C5\)"),
    (lambda: sample_damage(3, 4, -3, seed=0), r"trials=-3 .*\(ruling C5\)"),
    (lambda: sample_damage(3, 4, 0, seed=0), r"trials=0 .*\(ruling C5\)"),
    (lambda: sample_vehicle(3, 4, 2, 1.5, seed=0), r"trials=1\.5 .*\(ruling C5\)"),
    (lambda: sample_vehicle(3, 4, 2, "5", seed=0), r"trials='5' .*\(ruling C5\)"),
    (lambda: sample_vehicle(3, 4, 2, None, seed=0), r"trials=None .*\(ruling C5\)"),
    (lambda: sample_vehicle(3, 4, 2, -3, seed=0), r"trials=-3 .*\(ruling C5\)"),
    (lambda: tally("3456", 4, 2), r"dice '3456' is not a list of D6 results \(ruling C2\)"),
    (lambda: tally([3, 7], 4, 2), r"die 7 is not a D6 result.*\(ruling C2\)"),
    (lambda: tally([], 0, 2), r"Shield 0 .*\(ruling C4\)"),
    (lambda: check_guess(float("inf"), F(1, 2)), r"guess inf is not a probability.*\(ruling C5\)"),
    (lambda: check_guess(float("nan"), F(1, 2)), r"guess nan is not a probability.*\(ruling C5\)"),
    (lambda: check_guess("1/0", F(1, 2)), r"guess '1/0' is not a probability.*\(ruling C5\)"),
    (lambda: expected_damage_table(None, [4]), r"covers None is not a list of values \(ruling C2\)"),
    (lambda: expected_damage_table([3], 4), r"resolves 4 is not a list of values \(ruling C3\)"),
    (lambda: at_least_table(3, None), r"resolves None is not a list of values \(ruling C3\)"),
    (lambda: vehicle_table(2, None, [2]), r"shields None is not a list of values \(ruling C4\)"),
])
def test_bad_input(call, match):
    with pytest.raises(RuleError, match=match):
        call()


@pytest.mark.parametrize("call", [
    lambda: vehicle_distribution(2, 4, 2, options=None),
    lambda: vehicle_table(2, [4], [2], options=None),
    lambda: sample_vehicle(2, 4, 2, 10, seed=0, options=None),
    lambda: tally([6], 4, 2, options=None),
])
def test_options_must_be_rules_options(call):
    with pytest.raises(OptionsError, match=r"options=None is not a RulesOptions"):
        call()


# --- properties --------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(n=st.integers(0, 20), r=st.integers(1, 12))
def test_property_binomial(n, r):
    d = damage_distribution(n, r)
    assert sum(d.values()) == 1
    assert d.mean() == n * hit_probability(r)
    tail = d.at_least_table()
    vals = list(tail.values())
    assert vals[0] == 1 and all(a >= b for a, b in zip(vals, vals[1:]))
    assert all(tail[k] - tail.get(k + 1, 0) == d[k] for k in tail)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(0, 12), s=st.integers(1, 12), r=st.integers(1, 12), also=st.booleans())
def test_property_multinomial(n, s, r, also):
    none, minor, major = vehicle_die_classes(s, r)
    v = vehicle_distribution(n, s, r, options=c4(also))
    assert sum(v.values()) == 1
    assert v.major.mean() == n * F(major, 6)
    assert v.minor.mean() == n * F(minor + (major if also else 0), 6)
    assert v.p_major() == 1 - F(6 - major, 6) ** n
    if not major:
        event("no die reaches Shield + Resolve: the C4 switch cannot act")
    if also:
        assert all(mi >= ma for mi, ma in v)
    else:
        assert all(mi + ma <= n for mi, ma in v)
    # the Major tally does not depend on the switch
    assert v.major == vehicle_distribution(n, s, r, options=c4(not also)).major


def test_check_guess():
    exact = damage_distribution(3, 4).at_least(2)
    assert check_guess("1/2", exact).startswith("Right")
    assert check_guess("50%", exact).startswith("Right")
    assert check_guess(0.51, exact).startswith("Close enough")
    assert check_guess(Fraction(3, 8), exact).startswith("Not quite")
    assert "Write your guess" in check_guess(None, exact)
    for bad in ("half", 1.5, True):
        with pytest.raises(RuleError, match="C5"):
            check_guess(bad, exact)
