# Why this module is over ~900 lines: exact Crush dice are one topic (C3-C5): the distribution
# value, its "at least k" tables, the vehicle marginals in whole-number counts and seeded
# sampling, all on the same counting code. About half of the lines are numpydoc docstrings and
# doctests with probabilities worked by hand.
"""Exact Crush dice: distributions as fractions, "at least k" tables, and seeded sampling.

RULES.md C5: every probability here is an exact :class:`fractions.Fraction`, and every sampled
roll takes an explicit ``seed=`` or RNG (a :class:`random.Random` or a
:class:`numpy.random.Generator`); nothing touches the global :mod:`random` module.

The maths is small enough to do with whole numbers. A D6 has six faces; ``a`` of them are a
"hit". The number of rolls of ``n`` dice with exactly ``k`` hits is ``C(n, k) * a**k *
(6 - a)**(n - k)`` out of ``6**n`` (the binomial distribution with ``p = a / 6``). A vehicle's
die falls in one of three classes (nothing, Minor, Major; RULES.md C4), so the counts of Minor
and Major dice follow the multinomial distribution, counted the same way. A distribution keeps
whole-number counts over one common denominator (``6**n``) and makes a
:class:`~fractions.Fraction` only when a probability is read; each count comes from the one
before (one product per outcome), and a vehicle's marginals are binomials computed directly, so
20 dice with their marginals take well under a millisecond and 300 dice about a tenth of a
second (``benchmarks/bench_crush.py``, ``benchmarks/bench_scaling.py``). The tests cross-check
every distribution against the `icepool <https://github.com/HighDiceRoller/icepool>`_ dice
library and against brute-force enumeration of all ``6**n`` rolls.

Examples
--------
Cover 3 against Resolve 4: each die hits on 4, 5 or 6, so ``p = 1/2``:

>>> d = damage_distribution(3, 4)
>>> [str(d[k]) for k in range(4)]
['1/8', '3/8', '3/8', '1/8']
>>> d.at_least(2), d.mean()
(Fraction(1, 2), Fraction(3, 2))

A vehicle with Shield 4 and Resolve 2 (Minor on 4-5, Major on 6), two dice:

>>> v = vehicle_distribution(2, shield=4, resolve=2)
>>> v[(1, 1)]          # one Minor die and one Major die: 2 * (2/6) * (1/6)
Fraction(1, 9)
>>> v.hp_lost.mean()
Fraction(1, 3)

Sampling always names its randomness:

>>> roll(5, seed=1)
(2, 5, 1, 3, 1)
"""

from __future__ import annotations

import numbers
import random
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, Sequence

from . import checks
from .checks import FACES, MAX_DICE, MAX_ROLLED_DICE, MAX_STAT, MAX_TABLE_VALUES, MAX_TRIALS, MIN_STAT, show
from .errors import GuessError, RuleError
from .exercise import ProbabilityQuestion
from .options import DEFAULT, RulesOptions, check_options

__all__ = [
    "FACES",
    "Distribution",
    "VehicleDistribution",
    "check_dice",
    "check_stat",
    "hit_faces",
    "hit_probability",
    "vehicle_die_classes",
    "classify_vehicle_die",
    "damage_distribution",
    "vehicle_distribution",
    "expected_damage_table",
    "at_least_table",
    "vehicle_table",
    "make_rng",
    "roll",
    "sample_damage",
    "sample_vehicle",
    "tally",
    "check_guess",
]

# FACES (the faces of a D6) lives with the limits, in hexrules.checks; imported above so that
# hexrules.dice.FACES keeps working.

#: The range a Resolve or Shield must lie in: 1..12 (RULES.md C3, C4; hexrules.checks.MIN_STAT, MAX_STAT).
STAT_RANGE = range(MIN_STAT, MAX_STAT + 1)


# --- input checks -------------------------------------------------------------------------------


def _values(values: Any, what: str, ruling: str) -> list[Any]:
    # a table's axis: a list of values (each checked by the distribution it feeds)
    return list(checks.items(values, what=what, ruling=ruling, ordered=False, expected="a list of values",
                             most=MAX_TABLE_VALUES, limit="MAX_TABLE_VALUES"))


def _check_trials(trials: Any, dice: int) -> int:
    trials = checks.whole(trials, "trials", 1, MAX_TRIALS, ruling="C5", limit="MAX_TRIALS",
                          why=" (how many sampled Crushes)")
    if dice * trials > MAX_ROLLED_DICE:
        raise RuleError(f"{trials:,} trials of {dice} dice roll {dice * trials:,} dice, more than {MAX_ROLLED_DICE:,}, "
                        "the most the kit rolls in one call (hexrules.checks.MAX_ROLLED_DICE); the exact "
                        "distribution gives the exact answer", ruling="C5")
    return trials


def check_dice(n: Any, *, what: str = "Cover") -> int:
    """Check a number of Crush dice (a pre-reduction Cover value, RULES.md C2).

    Raises
    ------
    RuleError
        If ``n`` is not a whole number from 0 to :data:`~hexrules.checks.MAX_DICE` (ruling C2).

    >>> check_dice(-1)
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: Cover -1 is not a whole number >= 0: a Crush rolls as many D6 as the pre-reduction Cover (ruling C2)
    >>> check_dice(10**6)
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: Cover 1000000 is more than 100, the most the kit computes (hexrules.checks.MAX_DICE) (ruling C2)
    """
    what = checks.name(what, "what", error=RuleError)
    return checks.whole(n, what, 0, MAX_DICE, ruling="C2", limit="MAX_DICE", sep=" ",
                        why=": a Crush rolls as many D6 as the pre-reduction Cover")


def check_stat(value: Any, name: str, ruling: str) -> int:
    """Check a Resolve or Shield value: a whole number in 1..12.

    Raises
    ------
    RuleError
        If ``value`` is not a whole number from 1 to 12; the message names the value and
        ``ruling``.

    >>> check_stat(0, "Resolve", "C3")
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: Resolve 0 is not a whole number from 1 to 12 (ruling C3)
    """
    name = checks.name(name, "stat name", error=RuleError)
    ruling = checks.name(ruling, "ruling", error=RuleError)
    return checks.whole(value, name, MIN_STAT, MAX_STAT, ruling=ruling, sep=" ")


def _check_die(d: Any) -> int:
    if not (checks.is_whole(d) and d in FACES):
        raise RuleError(f"die {show(d)} is not a D6 result 1..6", ruling="C2")
    return int(d)


# --- one die ------------------------------------------------------------------------------------


def hit_faces(resolve: int) -> int:
    """How many faces of a D6 are ``>= resolve`` (RULES.md C3): ``clip(7 - resolve, 0, 6)``.

    >>> [hit_faces(r) for r in (1, 4, 6, 7, 12)]
    [6, 3, 1, 0, 0]
    """
    check_stat(resolve, "Resolve", "C3")
    return max(0, min(6, 7 - resolve))


def hit_probability(resolve: int) -> Fraction:
    """The chance that one Crush die deals 1 damage against Resolve ``resolve`` (C3).

    ``p = (7 - resolve) / 6`` clipped to ``[0, 1]``.

    >>> hit_probability(4), hit_probability(1), hit_probability(9)
    (Fraction(1, 2), Fraction(1, 1), Fraction(0, 1))
    """
    return Fraction(hit_faces(resolve), 6)


def classify_vehicle_die(die: int, shield: int, resolve: int) -> str:
    """The class of one Crush die against a vehicle (RULES.md C4).

    Returns ``"none"`` (die < Shield), ``"minor"`` (Shield <= die < Shield + Resolve) or
    ``"major"`` (die >= Shield + Resolve; the vehicle also loses 1 HP). Whether a Major die also
    counts as Minor is the ``crush_major_also_minor`` switch, applied when tallying.

    >>> [classify_vehicle_die(d, shield=4, resolve=2) for d in (3, 4, 5, 6)]
    ['none', 'minor', 'minor', 'major']
    """
    _check_die(die)
    check_stat(shield, "Shield", "C4")
    check_stat(resolve, "Resolve", "C4")
    return _vehicle_class(die, shield, resolve)


def _vehicle_class(die: int, shield: int, resolve: int) -> str:
    # classify_vehicle_die without the checks (callers have checked once)
    if die >= shield + resolve:
        return "major"
    if die >= shield:
        return "minor"
    return "none"


def _minor_tally(minor_only: int, major: int, major_also_minor: bool) -> int:
    # C4's switch, in one place: a Major die also counts as Minor only under the switch
    return minor_only + major if major_also_minor else minor_only


def _tally_classes(classes: Sequence[str], major_also_minor: bool) -> tuple[int, int]:
    # (minor, major) for per-die classes of classify_vehicle_die (C4)
    major = classes.count("major")
    return _minor_tally(classes.count("minor"), major, major_also_minor), major


def vehicle_die_classes(shield: int, resolve: int) -> tuple[int, int, int]:
    """Faces of a D6 in each class ``(none, minor, major)`` against a vehicle (C4); they sum to 6.

    >>> vehicle_die_classes(4, 2)
    (3, 2, 1)
    >>> vehicle_die_classes(5, 2)      # Shield + Resolve = 7: Major is impossible
    (4, 2, 0)
    """
    check_stat(shield, "Shield", "C4")
    check_stat(resolve, "Resolve", "C4")
    none = min(6, shield - 1)
    major = max(0, min(6, 7 - (shield + resolve)))
    return none, 6 - none - major, major


# --- distributions ------------------------------------------------------------------------------


class Distribution(Mapping[Hashable, Fraction]):
    """An exact probability distribution: ``{outcome: Fraction}``, summing to 1.

    A read-only mapping; a missing outcome has probability 0 (``d[99] == 0``) but is not a key.
    Outcomes are kept in increasing order.

    Parameters
    ----------
    pmf : mapping of outcome to Fraction
        The probabilities. Outcomes with probability 0 may be present (they are kept, so that a
        bar chart shows every possible count).
    title : str
        What the outcomes are, e.g. ``"damage from 3 dice against Resolve 4"``.

    Raises
    ------
    RuleError
        If ``pmf`` is not a mapping, its outcomes cannot be put in order (e.g. numbers mixed
        with strings), or the probabilities are not Fractions in [0, 1] summing to exactly 1
        (ruling C5).

    Examples
    --------
    >>> Distribution({0: Fraction(1, 2), "two": Fraction(1, 2)})
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: outcomes [0, 'two'] cannot be put in order (mixed types?) (ruling C5)
    """

    def __init__(self, pmf: Mapping[Hashable, Fraction], title: str = "") -> None:
        pmf = checks.mapping(pmf, "distribution", ruling="C5", expected="a mapping {outcome: probability}", sep=" ")
        try:
            items = sorted(pmf.items(), key=lambda kv: kv[0])
        except TypeError:
            raise RuleError(f"outcomes {show(list(pmf))} cannot be put in order (mixed types?)", ruling="C5") from None
        items = [(k, checks.probability(p)) for k, p in items]
        # whole-number counts over one common denominator: exact, and summed by C integer arithmetic
        denominator = lcm(*(p.denominator for _, p in items)) if items else 1
        counts = {k: p.numerator * (denominator // p.denominator) for k, p in items}
        total = sum(counts.values())
        if total != denominator:
            raise RuleError(f"probabilities sum to {_fraction(Fraction(total, denominator))}, not exactly 1",
                            ruling="C5")
        self._counts: dict[Hashable, int] = counts
        self._denominator = denominator
        self.title = checks.name(title, "distribution title", error=RuleError, empty=True)

    @classmethod
    def _of_counts(cls, counts: dict[Hashable, int], denominator: int, title: str = "", **attributes: Any) -> Any:
        """A distribution of ``counts[k] / denominator``, trusted: whole counts >= 0 summing to
        ``denominator``, outcomes in increasing order (the exact computations below make them so)."""
        d = cls.__new__(cls)
        d._counts, d._denominator, d.title = counts, denominator, title
        d.__dict__.update(attributes)
        return d

    def __getitem__(self, outcome: Hashable) -> Fraction:
        """P(outcome): 0 for an outcome that is not a key.

        Raises
        ------
        RuleError
            If ``outcome`` cannot be an outcome at all (a list, a dict: not hashable; ruling C5).
        """
        try:
            count = self._counts.get(outcome)
        except TypeError:
            raise RuleError(f"{show(outcome)} cannot be an outcome of a distribution (it is not hashable)",
                            ruling="C5") from None
        return Fraction(0) if count is None else Fraction(count, self._denominator)

    def __contains__(self, outcome: object) -> bool:
        try:
            return outcome in self._counts
        except TypeError:  # not hashable: no outcome is
            return False

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            a, b, da, db = self._counts, other._counts, self._denominator, other._denominator
            return all(a.get(k, 0) * db == b.get(k, 0) * da for k in a.keys() | b.keys())
        if not isinstance(other, Mapping):
            return NotImplemented
        keys = set(self._counts) | set(other)
        return all(self[k] == other.get(k, 0) for k in keys)

    __hash__ = None  # type: ignore[assignment]

    def _fraction(self, count: Any) -> Any:
        # count / denominator, exact for whole numbers and Fractions (a float stays a float)
        return Fraction(count, self._denominator) if isinstance(count, int) else count / self._denominator

    def probability(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event): the sum over outcomes where ``event(outcome)`` is true.

        Raises
        ------
        RuleError
            If ``event`` is not a function, or raises on an outcome (the message names the
            outcome; ruling C5).
        """
        checks.function(event, "event", ruling="C5")
        return Fraction(sum(c for k, c in self._counts.items() if _apply(event, k, "event")), self._denominator)

    def mean(self, value: Callable[[Any], Any] | None = None) -> Fraction:
        """The expected value of the outcome (or of ``value(outcome)``), exact.

        Raises
        ------
        RuleError
            If ``value`` is neither None nor a function, or the outcomes (or their values) are not
            numbers, e.g. the ``(minor, major)`` pairs of a :class:`VehicleDistribution` (give
            ``value=``, e.g. ``lambda o: o[1]``; ruling C5).
        """
        f = (lambda k: k) if value is None else checks.function(value, "value", ruling="C5")
        total: Any = 0
        for k, c in self._counts.items():
            v = _apply(f, k, "value")
            if not isinstance(v, (numbers.Rational, float)) or isinstance(v, bool):
                what = "outcome" if value is None else "value of outcome"
                raise RuleError(f"the mean needs numbers: the {what} {show(k)} is {show(v)} (give value=, e.g. "
                                "lambda o: o[0])", ruling="C5")
            total += c * v
        return self._fraction(total)

    def _check_numeric(self, k: Any = 0) -> None:
        if not self._numeric():
            raise RuleError(f"'at least' needs numeric outcomes; this distribution's are {show(list(self._counts), 80)}",
                            ruling="C5")
        if not isinstance(k, (int, Fraction)) or isinstance(k, bool):
            raise RuleError(f"at_least({show(k)}): {show(k)} is not a whole number or Fraction", ruling="C5")

    def _numeric(self) -> bool:
        return all(isinstance(x, (int, Fraction)) and not isinstance(x, bool) for x in self._counts)

    def at_least(self, k: int) -> Fraction:
        """P(outcome >= k), for numeric outcomes.

        Raises
        ------
        RuleError
            If ``k`` is not a number (an int or Fraction) or the outcomes are not numbers
            (ruling C5).

        Examples
        --------
        >>> damage_distribution(3, 4).at_least(0)
        Fraction(1, 1)
        >>> damage_distribution(3, 4).at_least("x")
        Traceback (most recent call last):
        ...
        hexrules.errors.RuleError: at_least('x'): 'x' is not a whole number or Fraction (ruling C5)
        """
        self._check_numeric(k)
        return Fraction(sum(c for x, c in self._counts.items() if x >= k), self._denominator)

    def at_least_table(self) -> dict[Any, Fraction]:
        """``{k: P(outcome >= k)}`` for every outcome k (numeric outcomes), in increasing k.

        Raises
        ------
        RuleError
            If the outcomes are not numbers (ruling C5).

        Examples
        --------
        >>> {k: str(p) for k, p in damage_distribution(2, 4).at_least_table().items()}
        {0: '1', 1: '3/4', 2: '1/4'}
        """
        self._check_numeric()
        tails: list[tuple[Any, int]] = []
        tail = 0
        for k, c in reversed(self._counts.items()):
            tail += c
            tails.append((k, tail))
        return {k: Fraction(t, self._denominator) for k, t in reversed(tails)}

    def marginal(self, key: Callable[[Any], Hashable], title: str = "") -> "Distribution":
        """The distribution of ``key(outcome)`` (e.g. one tally of a joint distribution).

        Raises
        ------
        RuleError
            If ``key`` is not a function, raises on an outcome, or gives a value that cannot be
            an outcome (not hashable, or not comparable with the others; ruling C5).
        """
        checks.function(key, "key", ruling="C5")
        checks.name(title, "title", error=RuleError, empty=True)
        counts: dict[Hashable, int] = {}
        for k, c in self._counts.items():
            kk = _apply(key, k, "key")
            try:
                counts[kk] = counts.get(kk, 0) + c
            except TypeError:
                raise RuleError(f"key gives {show(kk)} for outcome {show(k)}: not hashable, so not an outcome",
                                ruling="C5") from None
        try:
            ordered = dict(sorted(counts.items(), key=lambda kv: kv[0]))
        except TypeError:
            raise RuleError(f"outcomes {show(list(counts))} cannot be put in order (mixed types?)",
                            ruling="C5") from None
        return Distribution._of_counts(ordered, self._denominator, title)

    def table(self) -> str:
        """A plain-text table: outcome, exact probability, percent, and P(at least)."""
        numeric = self._numeric()
        tail = self.at_least_table() if numeric else {}
        lines = [self.title] if self.title else []
        lines.append(f"{'outcome':>10}  {'probability':>22}  {'%':>8}" + (f"  {'at least':>8}" if numeric else ""))
        for k in self._counts:
            p = self[k]
            row = f"{str(k):>10}  {str(p):>22}  {float(p) * 100:7.3f}%"
            if numeric:
                row += f"  {float(tail[k]) * 100:7.3f}%"
            lines.append(row)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {self[k]}" for k in self._counts)
        return f"Distribution({{{body}}}, title={self.title!r})"


def _fraction(p: Fraction) -> str:
    # a fraction as text, "1/2"; one too long to print is described
    return str(p) if max(p.numerator.bit_length(), p.denominator.bit_length()) <= 128 else show(float(p))


def _apply(f: Callable[[Any], Any], outcome: Any, what: str) -> Any:
    """``f(outcome)``, a failure of the caller's function named with the outcome (ruling C5)."""
    try:
        return f(outcome)
    except Exception as err:  # noqa: BLE001 - the caller's function: say which outcome it failed on
        raise RuleError(f"{what} {show(f)} raised {type(err).__name__} on outcome {show(outcome)}: {show(str(err), 80)}",
                        ruling="C5") from err


class VehicleDistribution(Distribution):
    """The joint distribution of the (Minor, Major) tallies of a Crush against a vehicle (C4).

    Outcomes are ``(minor, major)`` pairs. :attr:`minor`, :attr:`major` and :attr:`hp_lost` are
    the marginals; HP lost equals the number of Major dice (each loses 1 HP, C4), not capped by
    the vehicle's remaining HP.
    """

    def __init__(self, pmf: Mapping[Hashable, Fraction], title: str = "", *, major_also_minor: bool = False) -> None:
        super().__init__(pmf, title)
        self.major_also_minor = checks.flag(major_also_minor, "major_also_minor", ruling="C4")

    # vehicle_distribution records (dice, (none, minor, major) faces): then each marginal is a
    # binomial computed directly in O(dice), not summed over the O(dice^2) joint outcomes
    _dice: tuple[int, tuple[int, int, int]] | None = None

    def _tally(self, which: int, title: str) -> Distribution:
        if self._dice is None:
            return self.marginal(lambda o: o[which], title)
        n, (none, minor, major) = self._dice
        hit = major if which else minor + (major if self.major_also_minor else 0)  # C4's switch
        return Distribution._of_counts(_binomial_counts(n, hit, positive=True), 6**n, title)

    @cached_property
    def minor(self) -> Distribution:
        """The number of Minor System Damage results."""
        return self._tally(0, f"Minor System Damage ({self.title})")

    @cached_property
    def major(self) -> Distribution:
        """The number of Major System Damage results."""
        return self._tally(1, f"Major System Damage ({self.title})")

    @cached_property
    def hp_lost(self) -> Distribution:
        """HP lost: 1 per Major result (C4)."""
        return self._tally(1, f"HP lost ({self.title})")

    def p_minor(self) -> Fraction:
        """P(at least one Minor System Damage)."""
        return self.probability(lambda o: o[0] >= 1)

    def p_major(self) -> Fraction:
        """P(at least one Major System Damage), which is also P(at least 1 HP lost)."""
        return self.probability(lambda o: o[1] >= 1)


def damage_distribution(dice: int, resolve: int) -> Distribution:
    """The exact distribution of Crush damage to a non-vehicle unit (RULES.md C2, C3, C5).

    Parameters
    ----------
    dice : int
        Number of Crush dice: the piece's pre-reduction Cover (C2), >= 0.
    resolve : int
        The unit's Resolve, 1..12. Each die >= Resolve deals 1 damage.

    Returns
    -------
    Distribution
        ``{k: P(k damage)}`` for k = 0..dice (binomial with ``p = hit_probability(resolve)``).
        This is the damage *dealt*; damage beyond the eligible models' wounds is lost when
        assigned (C3), see :func:`hexrules.crush.resolve_crush`.

    Raises
    ------
    RuleError
        For dice not in 0 to :data:`~hexrules.checks.MAX_DICE` (C2) or a Resolve outside 1..12
        (C3).

    Examples
    --------
    >>> damage_distribution(0, 4)          # Cover 0 rolls no dice (C2)
    Distribution({0: 1}, title='damage from 0 dice against Resolve 4')
    >>> damage_distribution(2, 7)[0]       # Resolve 7: no die can reach it
    Fraction(1, 1)
    """
    n = check_dice(dice)
    counts = _binomial_counts(n, hit_faces(resolve))
    return Distribution._of_counts(counts, 6**n, f"damage from {n} dice against Resolve {resolve}")


def _powers(base: int, n: int) -> list[int]:
    """``[base**0, ..., base**n]``, one multiplication each."""
    out = [1]
    for _ in range(n):
        out.append(out[-1] * base)
    return out


def _binomial_counts(n: int, hits: int, *, positive: bool = False) -> dict[int, int]:
    """``{k: C(n, k) * hits**k * (6 - hits)**(n - k)}``: the rolls of ``n`` D6 with exactly ``k``
    of ``hits`` faces, out of ``6**n`` (k = 0..n; ``positive``: only the possible k).

    O(n) multiplications: each binomial coefficient from the one before, each power from a table.
    """
    up, down = _powers(hits, n), _powers(6 - hits, n)
    counts, c = {}, 1
    for k in range(n + 1):
        count = c * up[k] * down[n - k]
        if count or not positive:
            counts[k] = count
        c = c * (n - k) // (k + 1)
    return counts


def vehicle_distribution(
    dice: int,
    shield: int,
    resolve: int,
    *,
    options: RulesOptions = DEFAULT,
) -> VehicleDistribution:
    """The exact joint distribution of (Minor, Major) against a vehicle (RULES.md C4, C5).

    Parameters
    ----------
    dice : int
        Number of Crush dice (pre-reduction Cover, C2).
    shield : int
        The vehicle's modified Shield at the start of the Crush, 1..12.
    resolve : int
        The vehicle's Resolve, 1..12.
    options : RulesOptions
        ``crush_major_also_minor`` (C4): False (default) counts a die that reaches
        Shield + Resolve as Major only; True counts it as Major and Minor. For the two
        readings side by side, call it twice with two options values.

    Returns
    -------
    VehicleDistribution
        ``{(minor, major): probability}``: the multinomial over the three die classes of
        :func:`vehicle_die_classes`, with Major dice added to the Minor tally when the switch
        is on. HP lost = major. Only possible tallies are keys (probability > 0).

    Raises
    ------
    RuleError
        Dice not in 0 to :data:`~hexrules.checks.MAX_DICE` (C2), Shield or Resolve outside 1..12
        (C4).
    OptionsError
        If ``options`` is not a :class:`~hexrules.options.RulesOptions`.

    Examples
    --------
    >>> v = vehicle_distribution(3, shield=5, resolve=2)
    >>> v.p_major()                                  # Shield + Resolve = 7: impossible
    Fraction(0, 1)
    >>> both = DEFAULT.replace(crush_major_also_minor=True)
    >>> vehicle_distribution(1, 4, 2, options=both)[(1, 1)]
    Fraction(1, 6)
    """
    n = check_dice(dice)
    faces = none, minor, major = vehicle_die_classes(shield, resolve)
    also = check_options(options).crush_major_also_minor
    # the multinomial count of j Major and i Minor-only dice, C(n, j) C(n - j, i) major^j minor^i
    # none^(n - j - i), with every coefficient and power from the one before: O(n^2) products,
    # one per outcome, no per-outcome Fraction (the denominator is 6^n for all)
    p_major, p_minor, p_none = _powers(major, n), _powers(minor, n), _powers(none, n)
    counts: dict[tuple[int, int], int] = {}
    cj = 1  # C(n, j)
    for j in range(n + 1):  # Major dice
        if p_major[j]:
            ci, rest = cj * p_major[j], n - j  # C(n - j, i), starting at i = 0
            for i in range(rest + 1):  # Minor-only dice
                c = ci * p_minor[i] * p_none[rest - i]
                if c:  # impossible tallies (a class with no faces) are left out of the joint table
                    counts[(_minor_tally(i, j, also), j)] = c  # distinct (i, j) give distinct keys
                ci = ci * (rest - i) // (i + 1)
        cj = cj * (n - j) // (j + 1)
    rule = "Major also Minor" if also else "Major only"
    title = f"{n} dice against Shield {shield}, Resolve {resolve} ({rule})"
    return VehicleDistribution._of_counts(dict(sorted(counts.items())), 6**n, title, major_also_minor=also,
                                          _dice=(n, faces))


# --- tables -------------------------------------------------------------------------------------


def expected_damage_table(covers: Iterable[int] = range(7), resolves: Iterable[int] = range(1, 8)) -> list[list[Fraction]]:
    """Expected Crush damage to a non-vehicle unit, ``table[i][j]`` for ``covers[i]``,
    ``resolves[j]`` (C2, C3); each entry is the mean of :func:`damage_distribution`.

    Raises
    ------
    RuleError
        If ``covers`` or ``resolves`` is not a list, or holds a bad value (C2, C3).

    Examples
    --------
    >>> t = expected_damage_table([0, 3], [4, 7])
    >>> [[str(x) for x in row] for row in t]
    [['0', '0'], ['3/2', '0']]
    """
    resolves = _values(resolves, "resolves", "C3")
    return [[damage_distribution(c, r).mean() for r in resolves] for c in _values(covers, "covers", "C2")]


def at_least_table(dice: int, resolves: Iterable[int] = range(1, 8)) -> dict[int, dict[int, Fraction]]:
    """``{resolve: {k: P(damage >= k)}}`` for ``dice`` Crush dice (C3, C5).

    Raises
    ------
    RuleError
        If ``dice`` is negative (C2), or ``resolves`` is not a list of values 1..12 (C3).

    Examples
    --------
    >>> str(at_least_table(3, [4])[4][2])
    '1/2'
    """
    return {r: damage_distribution(dice, r).at_least_table() for r in _values(resolves, "resolves", "C3")}


def vehicle_table(
    dice: int,
    shields: Iterable[int] = range(1, 7),
    resolves: Iterable[int] = range(1, 7),
    *,
    options: RulesOptions = DEFAULT,
) -> dict[tuple[int, int], tuple[Fraction, Fraction]]:
    """``{(shield, resolve): (P(at least one Minor), P(at least one Major))}`` for ``dice`` dice (C4).

    ``options.crush_major_also_minor`` (C4) decides whether a Major die also counts as Minor.

    Raises
    ------
    RuleError, OptionsError
        As for :func:`vehicle_distribution`; also if ``shields`` or ``resolves`` is not a list
        (C4).

    Examples
    --------
    >>> t = vehicle_table(1, [4], [2])
    >>> t[(4, 2)]           # one die: Minor on 4-5 (2/6), Major on 6 (1/6)
    (Fraction(1, 3), Fraction(1, 6))
    """
    resolves = _values(resolves, "resolves", "C4")
    out = {}
    for s in _values(shields, "shields", "C4"):
        for r in resolves:
            v = vehicle_distribution(dice, s, r, options=options)
            out[(s, r)] = (v.p_minor(), v.p_major())
    return out


# --- sampling -----------------------------------------------------------------------------------


class _NumpyDice:
    """Adapter so a numpy Generator rolls D6 like a random.Random."""

    def __init__(self, gen: Any) -> None:
        self.gen = gen

    def dice(self, n: int) -> tuple[int, ...]:
        return tuple(int(x) for x in self.gen.integers(1, 7, size=n))


class _RandomDice:
    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd

    def dice(self, n: int) -> tuple[int, ...]:
        return tuple(self.rnd.randint(1, 6) for _ in range(n))


def make_rng(seed: int | None = None, rng: Any = None) -> Any:
    """A private dice roller from ``seed=`` or ``rng=`` (C5); exactly one must be given.

    ``rng`` may be a :class:`random.Random` (not the module :mod:`random` itself) or a
    :class:`numpy.random.Generator`; it is used, not copied, so successive calls continue its
    stream. ``seed`` builds a fresh :class:`random.Random`.

    Raises
    ------
    RuleError
        If neither or both are given, or ``rng`` is not one of those (ruling C5).
    """
    if isinstance(rng, (_RandomDice, _NumpyDice)) and seed is None:
        return rng
    if (seed is None) == (rng is None):
        raise RuleError(
            "a Crush roll needs exactly one of seed= (an int) or rng= (random.Random or numpy Generator); "
            f"got seed={show(seed)}, rng={show(rng)}",
            ruling="C5",
        )
    if seed is not None:
        if not checks.is_whole(seed):
            raise RuleError(f"seed {show(seed)} is not an int", ruling="C5")
        seed = int(seed)
        return _RandomDice(random.Random(seed))
    if isinstance(rng, random.Random):
        return _RandomDice(rng)
    if type(rng).__name__ == "Generator" and hasattr(rng, "integers"):
        return _NumpyDice(rng)
    raise RuleError(f"rng={show(rng)} is not a random.Random or a numpy.random.Generator", ruling="C5")


def roll(n: int, *, seed: int | None = None, rng: Any = None) -> tuple[int, ...]:
    """Roll ``n`` D6 with an explicit seed or RNG (C5).

    Raises
    ------
    RuleError
        If ``n`` is not a whole number from 0 to :data:`~hexrules.checks.MAX_DICE` (C2), or for
        missing or doubled randomness (C5).

    >>> roll(3, rng=random.Random(7)) == roll(3, seed=7)
    True
    """
    n = check_dice(n, what="number of dice")
    return make_rng(seed, rng).dice(n)


def sample_damage(dice: int, resolve: int, trials: int, *, seed: int | None = None, rng: Any = None) -> list[int]:
    """``trials`` sampled Crush damage totals against Resolve ``resolve`` (C3, C5).

    Parameters
    ----------
    dice : int
        Crush dice per trial (pre-reduction Cover, C2), >= 0.
    resolve : int
        The unit's Resolve, 1..12 (C3).
    trials : int
        How many Crushes to sample, >= 1.
    seed, rng : optional
        Exactly one (see :func:`make_rng`, C5).

    Returns
    -------
    list of int
        The damage dealt in each trial (dice >= Resolve).

    Raises
    ------
    RuleError
        For dice not in 0 to :data:`~hexrules.checks.MAX_DICE` (C2), a Resolve outside 1..12
        (C3), ``trials`` not in 1 to :data:`~hexrules.checks.MAX_TRIALS` or more than
        :data:`~hexrules.checks.MAX_ROLLED_DICE` dice in all, or missing or doubled randomness
        (C5).

    Examples
    --------
    >>> a = sample_damage(3, 4, 1000, seed=0)
    >>> a == sample_damage(3, 4, 1000, seed=0), min(a) >= 0, max(a) <= 3
    (True, True, True)
    >>> sample_damage(3, 4, -3, seed=0)
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: trials=-3 is not a whole number >= 1 (how many sampled Crushes) (ruling C5)
    """
    dice = check_dice(dice)
    check_stat(resolve, "Resolve", "C3")
    _check_trials(trials, dice)
    r = make_rng(seed, rng)
    return [sum(d >= resolve for d in r.dice(dice)) for _ in range(trials)]


def sample_vehicle(
    dice: int,
    shield: int,
    resolve: int,
    trials: int,
    *,
    options: RulesOptions = DEFAULT,
    seed: int | None = None,
    rng: Any = None,
) -> list[tuple[int, int]]:
    """``trials`` sampled ``(minor, major)`` tallies against a vehicle (C4, C5).

    Parameters
    ----------
    dice : int
        Crush dice per trial (pre-reduction Cover, C2), >= 0.
    shield, resolve : int
        The vehicle's modified Shield and its Resolve, 1..12 (C4).
    trials : int
        How many Crushes to sample, >= 1.
    options : RulesOptions
        ``crush_major_also_minor`` (C4).
    seed, rng : optional
        Exactly one (see :func:`make_rng`, C5).

    Returns
    -------
    list of (int, int)
        Each trial's tallies, as :func:`tally` counts them.

    Raises
    ------
    RuleError
        For dice not in 0 to :data:`~hexrules.checks.MAX_DICE` (C2), a Shield or Resolve outside
        1..12 (C4), ``trials`` not in 1 to :data:`~hexrules.checks.MAX_TRIALS` or more than
        :data:`~hexrules.checks.MAX_ROLLED_DICE` dice in all, or missing or doubled randomness
        (C5).
    OptionsError
        If ``options`` is not a :class:`~hexrules.options.RulesOptions`.

    Examples
    --------
    >>> s = sample_vehicle(3, 4, 2, 500, seed=1)
    >>> s == sample_vehicle(3, 4, 2, 500, rng=random.Random(1)), all(mi + ma <= 3 for mi, ma in s)
    (True, True)
    """
    dice = check_dice(dice)
    check_stat(shield, "Shield", "C4")
    check_stat(resolve, "Resolve", "C4")
    _check_trials(trials, dice)
    also = check_options(options).crush_major_also_minor
    r = make_rng(seed, rng)
    return [_tally_classes([_vehicle_class(d, shield, resolve) for d in r.dice(dice)], also) for _ in range(trials)]


def tally(dice: Sequence[int], shield: int, resolve: int, *, options: RulesOptions = DEFAULT) -> tuple[int, int]:
    """``(minor, major)`` for a given roll against a vehicle (C4).

    Each die is classified by :func:`classify_vehicle_die` against the same Shield (the value
    at the start of the Crush); a Major die adds to the Minor tally only when
    ``options.crush_major_also_minor`` is on. The one tally of the kit: :func:`sample_vehicle`
    and :func:`hexrules.crush.resolve_crush` count the same way.

    Raises
    ------
    RuleError
        If ``dice`` is not a list of D6 results 1..6 (at most :data:`~hexrules.checks.MAX_DICE`,
        C2), or Shield or Resolve is outside 1..12 (C4).
    OptionsError
        If ``options`` is not a :class:`~hexrules.options.RulesOptions`.

    Examples
    --------
    >>> tally((3, 4, 5, 6), shield=4, resolve=2)
    (2, 1)
    >>> tally((3, 4, 5, 6), 4, 2, options=DEFAULT.replace(crush_major_also_minor=True))
    (3, 1)
    """
    check_stat(shield, "Shield", "C4")
    check_stat(resolve, "Resolve", "C4")
    also = check_options(options).crush_major_also_minor
    dice = checks.items(dice, what="dice", ruling="C2", ordered=False, expected="a list of D6 results",
                        most=MAX_DICE, limit="MAX_DICE")
    return _tally_classes([_vehicle_class(_check_die(d), shield, resolve) for d in dice], also)


def check_guess(guess: Any, exact: Fraction, *, what: str = "the probability", tolerance: float = 0.02) -> str:
    """Compare a reader's guess with an exact probability (the notebooks' "predict, then check").

    A thin wrapper kept for scripts written before :mod:`hexrules.exercise`: it grades the guess
    with a :class:`~hexrules.exercise.ProbabilityQuestion` and always names the exact value
    (lessons use that question and the :class:`~hexrules.widgets.exercise.Exercise` widget,
    which give a hint first and the answer later).

    Parameters
    ----------
    guess : Fraction, float, str such as ``"1/2"`` or ``"50%"``, or None
        The guess; None means "not answered yet".
    exact : Fraction
        The exact value (e.g. ``damage_distribution(3, 4).at_least(2)``).
    what : str
        What is being guessed, for the message.
    tolerance : float
        How close (absolute) counts as close enough for a decimal or a percentage guess; a
        fraction is exact.

    Returns
    -------
    str
        A sentence: right, close, or how far off (exact value always shown once answered).

    Raises
    ------
    RuleError
        If the guess is not a number in [0, 1] (ruling C5).

    Examples
    --------
    >>> check_guess("1/2", Fraction(1, 2))
    'Right: the probability is exactly 1/2 (50%).'
    >>> check_guess(0.4, Fraction(1, 2))
    'Not quite: you said 0.4 (40%); the probability is exactly 1/2 (50%).'
    >>> check_guess(None, Fraction(1, 2))
    'Write your guess first (a fraction such as 3/8, a decimal, or a percentage).'
    """
    what = checks.name(what, "what", ruling="C5", error=RuleError)
    if guess is None:
        return "Write your guess first (a fraction such as 3/8, a decimal, or a percentage)."
    try:
        grade = ProbabilityQuestion(what, exact, tolerance=tolerance, subject=what).grade(guess)
    except GuessError as e:
        raise RuleError(e.message, ruling="C5") from None
    return grade.explain()
