"""Two readings of the rules compared: reach, Push and Pull, and Crush dice under reading A and B.

Comparing readings is what a designer uses the kit for ("what if the rule read differently?").
Each function here computes one rule under two :class:`~hexrules.options.RulesOptions` values
``a`` and ``b`` (any switches at once, not only one) and returns frozen facts of what differs:

* :func:`compare_reach` (rules M, E, J, T): the hexes gained and lost, the cost changes per hex,
  the allowances, and the cheapest path to a target under each reading
  (:class:`ReachComparison`);
* :func:`compare_forced` (rules P, L): the branches of a Push or Pull matched by their choice of
  hexes: changed (with what differs: ending, final hex, damage), only under A, only under B
  (:class:`ForcedComparison`);
* :func:`compare_dice` (rules C3, C4): the exact damage distribution of a non-vehicle, or the
  (Minor, Major) tallies of a vehicle, and the outcomes whose probability differs
  (:class:`DiceComparison`);
* :func:`compare_crush` (rules C1-C4): one seeded Crush resolved under both readings with the
  same dice, and what each unit took differently (:class:`CrushComparison`).

Every comparison is truthy when the readings differ (like a non-empty diff) and has
:attr:`same`; it keeps both rule results (``reaches``, ``moves``, ``distributions``,
``results``) so that a picture of each side needs no second computation. Words come on demand
from :mod:`hexrules.words.compare` (``explain()``, ``table()``): nothing here builds a sentence,
so a sweep over many boards (issue 12) pays only for the rules. The readings and the rule's own
inputs are checked once, at the call (a rules function's own errors, naming the value).

Examples
--------
The rulebook's jumping board (J1): Char's Zaku II starts at height 1 on B3. Under the other
reading of J1 every route to C4 (height 2) costs 4, one more than its Advance:

>>> from hexrules import DEFAULT, builtin
>>> sc = builtin("jumping")
>>> other = DEFAULT.replace(jump_climb="relative_when_above_start")
>>> cmp = compare_reach(sc.board, sc.state, "Char's Zaku II", DEFAULT, other, target="C4")
>>> cmp.same, [sc.board.label(h) for h in cmp.lost], cmp.gained
(False, ['C4'], ())
>>> [c.total for c in cmp.paths]
[3, 4]
>>> print(cmp.explain())  # doctest: +NORMALIZE_WHITESPACE
Char's Zaku II Advance; A: jump_climb='above_start' (J1); B: jump_climb='relative_when_above_start' (J1).
Allowance: 3 under both.
Hexes whose cost differs (A vs B, in movement points; - = out of reach): C4: 3 vs -.
Path to C4: 3 of 3, legal under A; 4 of 3, illegal (M1) under B.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import checks
from .board import Board, hex_of
from .crush import CrushResult, CrushUnit, TerrainPiece, UnitResolution, crush
from .dice import Distribution, damage_distribution, vehicle_distribution
from .errors import HexrulesError, OptionsError, RuleError
from .forced import Branch, ForcedMove, forced
from .hexgrid import Hex, hex_value, to_offset
from .movement import MoveCost, MovementKind, Reach, path_to, reachable
from .options import RulesOptions
from .state import State, Unit
from .words import compare as words

__all__ = [
    "LABELS",
    "BRANCH_ASPECTS",
    "OUTCOME_ASPECTS",
    "RESOLUTION_FACTS",
    "Refusal",
    "ReachComparison",
    "BranchChange",
    "ForcedComparison",
    "TallyComparison",
    "DiceComparison",
    "UnitChange",
    "CrushComparison",
    "compare_reach",
    "compare_forced",
    "compare_dice",
    "compare_crush",
    "reach_comparison",
    "forced_comparison",
]

#: How the words name the two readings unless told otherwise (a widget says "left", "right").
LABELS: tuple[str, str] = ("A", "B")


def _readings(a: Any, b: Any) -> tuple[RulesOptions, RulesOptions]:
    """Check the two readings (the one check of a comparison's options)."""
    for name, value in (("a", a), ("b", b)):
        if not isinstance(value, RulesOptions):
            raise OptionsError(f"reading {name}={checks.show(value)} is not a RulesOptions (use "
                               f"hexrules.options.DEFAULT or DEFAULT.replace(...))")
    return a, b


def _labels(labels: Any) -> tuple[str, str]:
    """Check how the two readings are named (``("A", "B")``, ``("left", "right")``)."""
    if (isinstance(labels, (str, bytes)) or not isinstance(labels, Sequence) or len(labels) != 2
            or not all(isinstance(x, str) for x in labels)):
        raise OptionsError(f"labels={checks.show(labels)} is not two names of the readings, such as ('A', 'B')")
    return labels[0], labels[1]


def _in_board_order(board: Board, hexes: Any) -> tuple[Hex, ...]:
    """``hexes`` in the board's row then column order (how the words list them)."""
    return tuple(sorted(hexes, key=lambda h: to_offset(h, board.offset)[::-1]))


class _Comparison:
    """What every comparison shares: truthy when the readings differ; ``switches``."""

    readings: tuple[RulesOptions, RulesOptions]

    @property
    def same(self) -> bool:  # pragma: no cover - each comparison defines it
        raise NotImplementedError

    def __bool__(self) -> bool:
        """True when the two readings differ here (like a non-empty diff); see :attr:`same`."""
        return not self.same

    @property
    def switches(self) -> dict[str, tuple[Any, Any]]:
        """``{switch: (value under A, value under B)}`` for every switch the readings set apart."""
        a, b = self.readings
        return a.differences(b)


@dataclass(frozen=True)
class Refusal:
    """Why a rule refused something under one reading: its message and ruling.

    Attributes
    ----------
    message : str
        The refusal's words (the error's message without the ruling).
    ruling : str or None
        The RULES.md ruling that refuses it (e.g. ``"M1"``).
    """

    message: str
    ruling: str | None = None

    @classmethod
    def of(cls, err: HexrulesError) -> "Refusal":
        """The refusal that error ``err`` (a :class:`~hexrules.errors.HexrulesError`) reports."""
        if not isinstance(err, HexrulesError):
            raise RuleError(f"{checks.show(err)} is not a hexrules error (HexrulesError)")
        return cls(err.message, err.ruling)

    def __str__(self) -> str:
        return f"{self.message} (ruling {self.ruling})" if self.ruling else self.message


# --- reach ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReachComparison(_Comparison):
    """One unit's movement under two readings (rules M, E, J, T): what :func:`compare_reach` found.

    Attributes
    ----------
    unit : str
        The moving unit.
    kind : {"advance", "dash", "ability"}
        The movement (M2; "ability": an :class:`~hexrules.movement.AbilityMove`, M5).
    readings : (RulesOptions, RulesOptions)
        Reading A and reading B.
    reaches : (Reach, Reach)
        The reach under each reading (hexes it can end on, cheapest costs, paths).
    gained : tuple of Hex
        Hexes reachable under B and not under A, in board order.
    lost : tuple of Hex
        Hexes reachable under A and not under B, in board order.
    cost_changes : tuple of (Hex, int, int)
        ``(hex, cost under A, cost under B)`` for the hexes reachable under both whose cheapest
        cost differs, in movement points, in board order.
    target : Hex or None
        The target hex asked about.
    paths : (MoveCost or None, MoveCost or None)
        The cheapest path to :attr:`target` under each reading, costed step by step (None
        without a target, or when no path leads there: see :attr:`refusals`).
    refusals : (Refusal or None, Refusal or None)
        Why no path leads to the target under a reading (M1), else None.
    board : Board
        Names the hexes in the words (not compared, not in the repr).
    """

    unit: str
    kind: str
    readings: tuple[RulesOptions, RulesOptions]
    reaches: tuple[Reach, Reach]
    gained: tuple[Hex, ...]
    lost: tuple[Hex, ...]
    cost_changes: tuple[tuple[Hex, int, int], ...]
    target: Hex | None = None
    paths: tuple[MoveCost | None, MoveCost | None] = (None, None)
    refusals: tuple[Refusal | None, Refusal | None] = (None, None)
    board: Board | None = field(default=None, compare=False, repr=False)

    @property
    def allowances(self) -> tuple[Any, Any]:
        """The :class:`~hexrules.movement.Allowance` under A and under B (M2, E2, T1)."""
        return self.reaches[0].allowance, self.reaches[1].allowance

    @property
    def allowance_changed(self) -> bool:
        """True when the readings give different allowances (in movement points)."""
        a, b = self.allowances
        return a.total != b.total

    @property
    def path_changed(self) -> bool:
        """True when the cheapest path to the target costs differently, gets another verdict or
        ruling, or is refused under one reading only. Another route of the same cost and verdict
        (a tie broken another way) is no difference of the rules."""
        if self.target is None:
            return False
        pa, pb = self.paths
        if (pa is None) != (pb is None):
            return True
        if pa is None:
            return self.refusals[0] != self.refusals[1]
        return (pa.total, pa.legal, pa.ruling) != (pb.total, pb.legal, pb.ruling)

    @property
    def reach_changed(self) -> bool:
        """True when some hex is gained, lost or costs differently."""
        return bool(self.gained or self.lost or self.cost_changes)

    @property
    def same(self) -> bool:
        """True when both readings give the same allowance, reach, costs and path to the target."""
        return not (self.reach_changed or self.allowance_changed or self.path_changed)

    @property
    def differing_hexes(self) -> frozenset[Hex]:
        """Every hex gained, lost or whose cost changes (where a picture marks the difference)."""
        return frozenset(self.gained) | frozenset(self.lost) | {h for h, _, _ in self.cost_changes}

    @property
    def hex_changes(self) -> tuple[tuple[Hex, int | None, int | None], ...]:
        """``(hex, cost under A, cost under B)`` for every hex gained, lost or whose cost changes,
        in board order (None: out of reach under that reading)."""
        hexes = (_in_board_order(self.board, self.differing_hexes) if self.board is not None
                 else sorted(self.differing_hexes, key=lambda h: (h.r, h.q)))
        return tuple((h, *self.cost(h)) for h in hexes)

    def cost(self, h: Hex | str) -> tuple[int | None, int | None]:
        """The cheapest cost of ``h`` under A and under B (None: out of reach), in movement points.

        Raises
        ------
        NotAHexError
            If ``h`` is not a :class:`~hexrules.hexgrid.Hex` or a label of the board.
        """
        if self.board is not None and isinstance(h, str):
            h = hex_of(self.board, h, what="hex", ruling="M1")
        h = hex_value(h, "hex", ruling="M1")
        return self.reaches[0].costs.get(h), self.reaches[1].costs.get(h)

    def explain(self, labels: Sequence[str] = LABELS) -> str:
        """What differs, in words (:func:`hexrules.words.compare.reach_text`).

        Parameters
        ----------
        labels : (str, str)
            How to name reading A and reading B (e.g. ``("left", "right")``).
        """
        return words.reach_text(self, _labels(labels))

    def table(self, labels: Sequence[str] = LABELS) -> list[dict[str, Any]]:
        """One row per hex that differs: hex, cost under each reading, change
        (:func:`hexrules.words.compare.reach_table`)."""
        return words.reach_table(self, _labels(labels))

    def __str__(self) -> str:
        return self.explain()


def _path(board: Board, state: State, unit: Unit, target: Hex, kind: MovementKind,
          options: RulesOptions) -> tuple[MoveCost | None, Refusal | None]:
    try:
        return path_to(board, state, unit, target, kind, options), None
    except RuleError as err:  # no sequence of legal steps leads there under this reading (M1)
        return None, Refusal.of(err)


def compare_reach(
    board: Board,
    state: State,
    unit: str | Unit,
    a: RulesOptions,
    b: RulesOptions,
    *,
    kind: MovementKind = "advance",
    target: Hex | str | None = None,
) -> ReachComparison:
    """``unit``'s movement begun now under reading ``a`` and under reading ``b`` (M1-M5, E2, E3, J1, J2, T1).

    Parameters
    ----------
    board : Board
    state : State
    unit : str or Unit
        The moving unit, by name.
    a, b : RulesOptions
        The two readings (any switches may differ).
    kind : {"advance", "dash"} or AbilityMove
        The movement (M2; an ability's "move N hexes", M5).
    target : Hex or str, optional
        A hex whose cheapest path is costed under each reading.

    Returns
    -------
    ReachComparison
        Hexes gained and lost, cost changes, both allowances, both paths to the target.

    Raises
    ------
    OptionsError
        If ``a`` or ``b`` is not a :class:`~hexrules.options.RulesOptions`.
    BoardError
        If ``board`` is not a Board or ``target`` is not one of its hexes.
    StateError
        If ``state`` is not a State, or ``unit`` is not one of its units or is off the board.
    RuleError
        If ``kind`` is not "advance", "dash" or an :class:`~hexrules.movement.AbilityMove`, or the
        unit is a Garrison and ``kind`` is not an ability (M2, M5).

    Examples
    --------
    The terrain board (T1): the GM starts in water. Under ``water="allowance"`` its movement
    loses 1 point, and entering water costs nothing extra: C1 costs 3 under the default
    (D2 -> D1, water: 1 + 1, then 1) and 2 under the other reading:

    >>> from hexrules import DEFAULT, builtin
    >>> sc = builtin("terrain")
    >>> cmp = compare_reach(sc.board, sc.state, "GM", DEFAULT, DEFAULT.replace(water="allowance"))
    >>> [al.total for al in cmp.allowances], bool(cmp)
    ([3, 2], True)
    >>> cmp.table()[0]
    {'hex': 'C1', 'A': 3, 'B': 2, 'change': '1 cheaper under B'}
    """
    a, b = _readings(a, b)
    ra = reachable(board, state, unit, kind, a)  # checks board, state, unit and kind (the rules' boundary)
    rb = reachable(board, state, unit, kind, b)
    u = state.unit(unit)
    cmp = reach_comparison(board, kind, (a, b), (ra, rb))
    if target is None:
        return cmp
    goal = board.hex(target, what="target")
    (pa, fa), (pb, fb) = (_path(board, state, u, goal, kind, o) for o in (a, b))
    return dataclasses.replace(cmp, target=goal, paths=(pa, pb), refusals=(fa, fb))


def reach_comparison(board: Board, kind: MovementKind, readings: tuple[RulesOptions, RulesOptions],
                     reaches: tuple[Reach, Reach]) -> ReachComparison:
    """The :class:`ReachComparison` of two reaches already computed (one unit, one movement, under
    reading A and reading B): what :func:`compare_reach` returns without a target.

    For callers that computed the reaches themselves, e.g. a sweep that computes the default
    reading's reach of a unit once and compares it with every other reading
    (:func:`hexrules.whatif.what_changes`). The inputs are trusted (they come from
    :func:`hexrules.movement.reachable` on ``board``).
    """
    ra, rb = reaches
    ca, cb = ra.costs, rb.costs
    gained = _in_board_order(board, cb.keys() - ca.keys())
    lost = _in_board_order(board, ca.keys() - cb.keys())
    changes = tuple((h, ca[h], cb[h]) for h in _in_board_order(board, (h for h in ca if h in cb and ca[h] != cb[h])))
    return ReachComparison(ra.unit, ra.allowance.kind, tuple(readings), (ra, rb), gained, lost, changes, board=board)


# --- Push and Pull -------------------------------------------------------------------------------------

#: What can differ between two branches with the same choice of hexes, in the order the words
#: name them: how it ends, where the target ends (or its removal, P4), the damage (P2, P3, P4, L3),
#: whether it is a collision, and (when none of these) the steps themselves.
BRANCH_ASPECTS = ("ending", "final", "damage", "collision", "steps")
#: The aspects that change a branch's result on the board (where the target ends, who takes damage).
OUTCOME_ASPECTS = ("final", "damage", "collision")


def _aspects(x: Branch, y: Branch) -> tuple[str, ...]:
    found = []
    if x.ending != y.ending:
        found.append("ending")
    if (x.final, x.removed) != (y.final, y.removed):
        found.append("final")
    if x.damage != y.damage:
        found.append("damage")
    if x.collision != y.collision:
        found.append("collision")
    if not found and x != y:
        found.append("steps")
    return tuple(found)


@dataclass(frozen=True)
class BranchChange:
    """One branch of a Push or Pull whose outcome differs between the readings.

    Attributes
    ----------
    choice : tuple of Hex
        The hexes the forcing player attempts (:attr:`hexrules.forced.Branch.choice`), the same
        under both readings.
    a, b : Branch
        The branch under A and under B.
    differs : tuple of str
        What differs, among :data:`BRANCH_ASPECTS`: ``"ending"``, ``"final"`` (the hex the
        target ends on, or its removal from play), ``"damage"``, ``"collision"``, ``"steps"``.
    """

    choice: tuple[Hex, ...]
    a: Branch
    b: Branch
    differs: tuple[str, ...]


@dataclass(frozen=True)
class ForcedComparison(_Comparison):
    """One Push or Pull under two readings (rules P, L): what :func:`compare_forced` found.

    Branches are matched by their choice of hexes (the same choice is the same decision of the
    forcing player), so a reading that adds or removes branches (e.g. L3's
    ``pull_other_elevation``) is compared branch by branch, not by position.

    Attributes
    ----------
    kind : {"push", "pull"}
    target : str
        The unit forced.
    readings : (RulesOptions, RulesOptions)
    moves : (ForcedMove, ForcedMove)
        Every branch under A and under B.
    changed : tuple of BranchChange
        The branches of both whose outcome differs, in A's order.
    only_a : tuple of Branch
        Branches (choices) that exist under A only, in A's order.
    only_b : tuple of Branch
        Branches that exist under B only, in B's order.
    """

    kind: str
    target: str
    readings: tuple[RulesOptions, RulesOptions]
    moves: tuple[ForcedMove, ForcedMove]
    changed: tuple[BranchChange, ...]
    only_a: tuple[Branch, ...]
    only_b: tuple[Branch, ...]

    @property
    def same(self) -> bool:
        """True when both readings give the same branches with the same outcomes."""
        return not (self.changed or self.only_a or self.only_b)

    @property
    def board(self) -> Board:
        """The board the branches were computed on."""
        return self.moves[0].board

    @property
    def differing_hexes(self) -> tuple[frozenset[Hex], frozenset[Hex]]:
        """Per reading, where the outcomes differ: the target's last hex and the attempted
        collision or edge hex of each branch of its own, and of each changed branch whose result differs
        (:data:`OUTCOME_ASPECTS`: where the target ends, the damage, a collision); a change of
        the ending's name alone leaves the same result and is not marked. Where a picture marks
        the difference; hexes off the board are included (a board-edge step)."""
        def where(branches: Sequence[Branch]) -> frozenset[Hex]:
            out: set[Hex] = set()
            for br in branches:
                out.update(h for h in (br.trail[-1], br.attempted) if h is not None)  # trail[-1]: where it
                # ends, or last stood when removed from play (P4)
            return frozenset(out)

        results = [c for c in self.changed if set(c.differs) & set(OUTCOME_ASPECTS)]
        return (where([c.a for c in results] + list(self.only_a)),
                where([c.b for c in results] + list(self.only_b)))

    def explain(self, labels: Sequence[str] = LABELS) -> str:
        """What differs, in words (:func:`hexrules.words.compare.forced_text`)."""
        return words.forced_text(self, _labels(labels))

    def table(self, labels: Sequence[str] = LABELS) -> list[dict[str, Any]]:
        """One row per branch that differs or exists under one reading only
        (:func:`hexrules.words.compare.forced_table`)."""
        return words.forced_table(self, _labels(labels))

    def __str__(self) -> str:
        return self.explain()


def compare_forced(
    kind: str,
    board: Board,
    state: State,
    source: Hex | str,
    target: str | Unit,
    n: int,
    a: RulesOptions,
    b: RulesOptions,
    *,
    side: str | None = None,
    allow_allies: bool = False,
) -> ForcedComparison:
    """Every branch of one Push or Pull under reading ``a`` and under reading ``b`` (P1-P6, L1-L3).

    Parameters
    ----------
    kind : {"push", "pull"}
    board, state, source, target, n, side, allow_allies
        As for :func:`hexrules.forced.forced`.
    a, b : RulesOptions
        The two readings (any switches may differ: ``collision_damage`` (P2),
        ``push_drop_damage_per_level`` (P3), ``push_off_board`` (P4), ``pull_other_elevation``
        (L3); the others do not act on a Push or Pull, T2).

    Returns
    -------
    ForcedComparison
        Branches matched by choice: changed (with what differs), only under A, only under B.

    Raises
    ------
    OptionsError
        If ``a`` or ``b`` is not a RulesOptions, or ``kind`` is unknown.
    RuleError, BoardError, StateError
        As :func:`hexrules.forced.forced` (e.g. the target is not an enemy, L3's refusal next to
        the source): no reading changes those refusals, so they are raised once.

    Examples
    --------
    The board edge (P4): Zaku I pushes the Gundam 2 hexes toward the east edge. Under
    ``push_off_board="collide"`` each step off the board is a collision, 2 damage:

    >>> from hexrules import DEFAULT, builtin
    >>> sc = builtin("push_edge")
    >>> cmp = compare_forced("push", sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2, DEFAULT,
    ...                      DEFAULT.replace(push_off_board="collide"))
    >>> len(cmp.changed), cmp.only_a, cmp.only_b, cmp.changed[0].differs
    (6, (), (), ('damage', 'collision'))
    >>> cmp.table()[0]
    {'path': 'C2 -> D2 -x board edge (east)', 'A': 'board edge: stop, ends on D2, no damage', 'B': 'board edge: collision, ends on D2, damage RX-78-2 Gundam 2', 'differs': 'damage, collision'}
    """
    a, b = _readings(a, b)
    fa = forced(kind, board, state, source, target, n, side=side, allow_allies=allow_allies, options=a)
    fb = forced(kind, board, state, source, target, n, side=side, allow_allies=allow_allies, options=b)
    return forced_comparison((a, b), (fa, fb))


def forced_comparison(readings: tuple[RulesOptions, RulesOptions], moves: tuple[ForcedMove, ForcedMove]) -> ForcedComparison:
    """The :class:`ForcedComparison` of one Push or Pull already computed under reading A and
    reading B (the same kind, board, state, source, target and N): what :func:`compare_forced`
    returns, for callers that computed the moves themselves (a sweep reuses the default
    reading's). The inputs are trusted."""
    a, b = readings
    fa, fb = moves
    by_choice = {y.choice: y for y in fb}
    changed, only_a = [], []
    for x in fa:
        y = by_choice.get(x.choice)
        if y is None:
            only_a.append(x)
        elif x != y:
            changed.append(BranchChange(x.choice, x, y, _aspects(x, y)))
    mine = {x.choice for x in fa}
    only_b = tuple(y for y in fb if y.choice not in mine)
    return ForcedComparison(fa.kind, fa.target, (a, b), (fa, fb), tuple(changed), tuple(only_a), only_b)


# --- dice ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TallyComparison:
    """One tally of a Crush (damage, Minor or Major results) under two readings.

    Attributes
    ----------
    name : {"damage", "Minor", "Major"}
        The tally: damage to a non-vehicle (C3), or a vehicle's Minor or Major System Damage
        results (C4; Major results are also the HP lost).
    distributions : (Distribution, Distribution)
        Its exact distribution under A and under B.
    changes : tuple of (int, Fraction, Fraction)
        ``(k, P(k) under A, P(k) under B)`` for every count k whose probability differs.
    """

    name: str
    distributions: tuple[Distribution, Distribution]
    changes: tuple[tuple[int, Any, Any], ...]

    @property
    def same(self) -> bool:
        """True when the tally has the same distribution under both readings."""
        return not self.changes

    @property
    def means(self) -> tuple[Any, Any]:
        """The exact expected tally under A and under B (:class:`~fractions.Fraction`)."""
        return self.distributions[0].mean(), self.distributions[1].mean()


def _tally(name: str, x: Distribution, y: Distribution) -> TallyComparison:
    ks = sorted(set(x) | set(y))
    return TallyComparison(name, (x, y), tuple((k, x[k], y[k]) for k in ks if x[k] != y[k]))


@dataclass(frozen=True)
class DiceComparison(_Comparison):
    """The Crush dice against one unit under two readings (C2-C5): what :func:`compare_dice` found.

    Attributes
    ----------
    dice : int
        Crush dice rolled: the pre-reduction Cover (C2).
    resolve : int
        The unit's Resolve.
    shield : int or None
        A vehicle's modified Shield (C4); None for a non-vehicle (C3).
    readings : (RulesOptions, RulesOptions)
    distributions : (Distribution, Distribution)
        The exact distribution under A and under B: damage (non-vehicle) or the joint
        ``(minor, major)`` tallies (:class:`~hexrules.dice.VehicleDistribution`).
    tallies : tuple of TallyComparison
        ``damage`` for a non-vehicle; ``Minor`` and ``Major`` for a vehicle.
    """

    dice: int
    resolve: int
    shield: int | None
    readings: tuple[RulesOptions, RulesOptions]
    distributions: tuple[Distribution, Distribution]
    tallies: tuple[TallyComparison, ...]

    @property
    def vehicle(self) -> bool:
        """True for a vehicle (C4)."""
        return self.shield is not None

    @property
    def same(self) -> bool:
        """True when the readings give the same distribution."""
        return all(t.same for t in self.tallies)

    def tally(self, name: str) -> TallyComparison:
        """The comparison of tally ``name`` (``"damage"``, ``"Minor"`` or ``"Major"``).

        Raises
        ------
        RuleError
            If this comparison has no such tally (ruling C3 or C4).
        """
        ruling = "C4" if self.vehicle else "C3"
        name = checks.name(name, "tally", ruling=ruling, error=RuleError)
        for t in self.tallies:
            if t.name == name:
                return t
        raise RuleError(f"no tally {checks.show(name)} here (tallies: {', '.join(t.name for t in self.tallies)})",
                        ruling=ruling)

    def explain(self, labels: Sequence[str] = LABELS) -> str:
        """What differs, in words (:func:`hexrules.words.compare.dice_text`)."""
        return words.dice_text(self, _labels(labels))

    def table(self, labels: Sequence[str] = LABELS) -> list[dict[str, Any]]:
        """One row per tally and count whose probability differs
        (:func:`hexrules.words.compare.dice_table`)."""
        return words.dice_table(self, _labels(labels))

    def __str__(self) -> str:
        return self.explain()


def compare_dice(dice: int, resolve: int, a: RulesOptions, b: RulesOptions, *,
                 shield: int | None = None) -> DiceComparison:
    """The exact Crush dice against one unit under reading ``a`` and reading ``b`` (C2-C5).

    Parameters
    ----------
    dice : int
        Crush dice: the piece's pre-reduction Cover (C2), >= 0.
    resolve : int
        The unit's Resolve, 1..12.
    a, b : RulesOptions
        The two readings; ``crush_major_also_minor`` (C4) changes a vehicle's Minor tally, no
        switch changes a non-vehicle's damage (C3).
    shield : int, optional
        A vehicle's modified Shield at the start of the Crush, 1..12 (C4); None for a
        non-vehicle.

    Returns
    -------
    DiceComparison

    Raises
    ------
    OptionsError
        If ``a`` or ``b`` is not a RulesOptions.
    RuleError
        For negative dice (C2), or a Resolve or Shield outside 1..12 (C3, C4).

    Examples
    --------
    One die against Shield 4, Resolve 2 (C4): a 6 is Major; under the other reading it is also
    Minor, so P(1 Minor) goes from 2/6 to 3/6:

    >>> from hexrules import DEFAULT
    >>> cmp = compare_dice(1, 2, DEFAULT, DEFAULT.replace(crush_major_also_minor=True), shield=4)
    >>> [str(p) for k, *ps in cmp.tally("Minor").changes for p in ps]
    ['2/3', '1/2', '1/3', '1/2']
    >>> cmp.tally("Major").same, compare_dice(3, 4, DEFAULT, DEFAULT.replace(crush_major_also_minor=True)).same
    (True, True)
    """
    a, b = _readings(a, b)
    if shield is None:
        d = damage_distribution(dice, resolve)  # no switch acts on it (C3): one distribution for both
        return DiceComparison(dice, resolve, None, (a, b), (d, d), (_tally("damage", d, d),))
    va = vehicle_distribution(dice, shield, resolve, options=a)
    vb = vehicle_distribution(dice, shield, resolve, options=b)
    tallies = (_tally("Minor", va.minor, vb.minor), _tally("Major", va.major, vb.major))
    return DiceComparison(dice, resolve, shield, (a, b), (va, vb), tallies)


# --- one Crush, the same dice --------------------------------------------------------------------------

#: The facts of a unit's Crush resolution compared between two readings (the dice are the same):
#: a non-vehicle's damage dealt, damage lost and what each model took (C3); a vehicle's Minor and
#: Major tallies, HP lost and HP left (C4).
RESOLUTION_FACTS = ("damage", "lost", "taken", "minor", "major", "hp_lost", "hp_after")


def _facts(r: UnitResolution) -> dict[str, Any]:
    return {"damage": r.damage, "lost": r.lost, "taken": tuple((m.model, m.taken) for m in r.assigned),
            "minor": r.minor, "major": r.major, "hp_lost": r.hp_lost, "hp_after": r.hp_after}


@dataclass(frozen=True)
class UnitChange:
    """What one affected unit took differently under the two readings (the same dice).

    Attributes
    ----------
    unit : str
    vehicle : bool
    differs : tuple of (str, Any, Any)
        ``(fact, under A, under B)`` for each fact of :data:`RESOLUTION_FACTS` that differs
        (``"taken"`` is a tuple of ``(model, damage taken)``).
    """

    unit: str
    vehicle: bool
    differs: tuple[tuple[str, Any, Any], ...]


@dataclass(frozen=True)
class CrushComparison(_Comparison):
    """One Crush resolved under two readings with the same dice: what :func:`compare_crush` found.

    Attributes
    ----------
    readings : (RulesOptions, RulesOptions)
    results : (CrushResult, CrushResult)
        The Crush under A and under B.
    collapse : tuple of (str, Any, Any)
        ``(fact, under A, under B)`` for the collapse's facts that differ: ``"reduction"`` and
        ``"reduced_cover"`` (C1), ``"dice"`` (C2), ``"collapsed"``.
    affected : tuple of (str, ...) pairs
        The affected units under A and under B (C2).
    units : tuple of UnitChange
        The affected units (under both readings) whose resolution differs, in A's order.
    """

    readings: tuple[RulesOptions, RulesOptions]
    results: tuple[CrushResult, CrushResult]
    collapse: tuple[tuple[str, Any, Any], ...]
    affected: tuple[tuple[str, ...], tuple[str, ...]]
    units: tuple[UnitChange, ...]

    @property
    def same(self) -> bool:
        """True when both readings leave every unit with the same damage, tallies and HP."""
        return not (self.collapse or self.units or self.affected[0] != self.affected[1])

    def unit(self, name: str) -> UnitChange | None:
        """The change of unit ``name``, or None when it took the same under both readings.

        Raises
        ------
        StateError
            If ``name`` is not a non-empty str (C2).
        """
        name = checks.name(name, "unit", ruling="C2")
        return next((u for u in self.units if u.unit == name), None)

    def explain(self, labels: Sequence[str] = LABELS) -> str:
        """What differs, in words (:func:`hexrules.words.compare.crush_text`)."""
        return words.crush_text(self, _labels(labels))

    def table(self, labels: Sequence[str] = LABELS) -> list[dict[str, Any]]:
        """One row per unit and fact that differs (:func:`hexrules.words.compare.crush_table`)."""
        return words.crush_table(self, _labels(labels))

    def __str__(self) -> str:
        return self.explain()


def compare_crush(
    board: Board,
    piece: TerrainPiece,
    units: Sequence[CrushUnit],
    path: Sequence[Hex | str],
    a: RulesOptions,
    b: RulesOptions,
    *,
    vehicle: str,
    rolls: Mapping[str, Sequence[int]] | None = None,
    seed: int | None = None,
    assign: Mapping[str, Any] | None = None,
    policy: str = "fewest_remaining",
) -> CrushComparison:
    """One Crush (a vehicle traverses ``piece``) under reading ``a`` and reading ``b``, the same dice (C1-C5).

    The dice come from ``rolls`` and ``seed`` (never a shared generator, C5), so both readings
    resolve the very same roll and only the rules differ.

    Parameters
    ----------
    board, piece, units, path, vehicle, rolls, seed, assign, policy
        As for :func:`hexrules.crush.crush`.
    a, b : RulesOptions
        The two readings (``crush_cover_reduction``, C1; ``crush_major_also_minor``, C4).

    Returns
    -------
    CrushComparison

    Raises
    ------
    OptionsError
        If ``a`` or ``b`` is not a RulesOptions.
    RuleError, BoardError, HexError, StateError
        As :func:`hexrules.crush.crush`.

    Examples
    --------
    The hab block with seed 2: the walker Sentinel (Shield 4, Resolve 2) rolls a 6, which reaches
    Shield + Resolve; under the other C4 reading it is also a Minor:

    >>> from hexrules import DEFAULT
    >>> from hexrules.crush_scenario import load_crush
    >>> sc = load_crush("crush_hab_block")
    >>> cmp = compare_crush(sc.board, sc.piece(), sc.units, sc.paths["Grinder"], DEFAULT,
    ...                     DEFAULT.replace(crush_major_also_minor=True), vehicle="Grinder", seed=2)
    >>> cmp.units
    (UnitChange(unit='Sentinel', vehicle=True, differs=(('minor', 0, 1),)),)
    >>> print(cmp.explain())
    One Crush, the same dice; A: crush_major_also_minor=False (C4); B: crush_major_also_minor=True (C4).
      Sentinel: Minor 0 under A, 1 under B.
    """
    a, b = _readings(a, b)
    kw = dict(vehicle=vehicle, rolls=rolls, seed=seed, assign=assign, policy=policy)
    ra = crush(board, piece, units, path, options=a, **kw)
    rb = crush(board, piece, units, path, options=b, **kw)
    ca, cb = ra.collapse, rb.collapse
    collapse = tuple((f, getattr(ca, f), getattr(cb, f)) for f in ("collapsed", "reduction", "reduced_cover", "dice")
                     if getattr(ca, f) != getattr(cb, f))
    theirs = {r.unit: r for r in rb.resolutions}
    changes = []
    for r in ra.resolutions:
        other = theirs.get(r.unit)
        if other is None:
            continue
        fa, fb = _facts(r), _facts(other)
        differs = tuple((k, fa[k], fb[k]) for k in RESOLUTION_FACTS if fa[k] != fb[k])
        if differs:
            changes.append(UnitChange(r.unit, r.vehicle, differs))
    return CrushComparison((a, b), (ra, rb), collapse, (ra.affected, rb.affected), tuple(changes))
