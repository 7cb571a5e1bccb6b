# Why this module is over ~900 lines: rules M, E, J and T share one core (_Mover: a step's cost,
# its refusal and its breakdown) that reach, path cost, path finding and moving all use; the
# result values (Allowance, Step, MoveCost, Reach) and the public functions sit beside it. Half of
# the lines are numpydoc docstrings and doctests; the words are in hexrules/words/movement.py.
"""Movement: step costs, Engagement, Jumping, Speed, terrain, reachable hexes and paths.

Implements RULES.md sections M (movement), E (Engagement), J (Jumping) and T (terrain) over the
networkx board of :mod:`hexrules.board`. A step's cost depends on the moving unit (its starting
elevation, its side) and on the state (who stands where), so movement uses a networkx ``weight=``
callable, :func:`movement_weight`, that returns the step's cost in movement points or ``None``
for a step the rules forbid (networkx then hides the edge). Reachable hexes are networkx's
Dijkstra with ``cutoff=`` the allowance; nothing here searches by hand.

A movement is an **Advance** or a **Dash** (the unit's stats, M2), or an ability's "move N
hexes" (:class:`AbilityMove`, M5): the same step costs, with an allowance of N that Speed never
adds to; a Garrison moves only by an ability, and ``options.garrison_ability_move`` says whether
it pays for climbing and Engagement.

Every result explains itself: :class:`Allowance` says where the movement points came from,
:class:`MoveCost` lists each step's cost (enter, climb, terrain) and why a path is illegal. The
results record facts; their words come on demand from :mod:`hexrules.words.movement`.

Examples
--------
The rulebook's elevation example (Elevation; ruling M1): ground to height 1 costs 2, height 1
to height 2 costs 2, ground straight to height 2 costs 3.

>>> from hexrules import Scenario
>>> sc = Scenario.from_text('''
... map:
...   0 1 2
...    2 0 0
... units:
...   Gundam side=federation at=A1
... ''')
>>> path_cost(sc.board, sc.state, "Gundam", ["A1", "B1", "C1"]).total
4
>>> path_cost(sc.board, sc.state, "Gundam", ["A1", "A2"]).total      # A2 is height 2
3
>>> print(path_to(sc.board, sc.state, "Gundam", "B1").explain())
Gundam Advance from A1 (height 0): allowance 3 = Advance 3
  1. A1 -> B1: 1 to enter + 1 climb (height 0 -> 1) = 2 (total 2)
Total 2 of 3 movement points: legal.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Callable, Iterator, Literal, Sequence, Union

from . import checks
from .board import Board, TerrainType, check_board, hex_of, hexes_of
from .checks import MAX_WHOLE, show
from .errors import BoardError, OptionsError, RuleError, StateError
from .hexgrid import Hex
from .options import DEFAULT, RulesOptions, check_options
from .state import State, Unit, check_state, check_unit
from .words import movement as words

__all__ = [
    "MovementKind",
    "AbilityMove",
    "KINDS",
    "start_elevation",
    "is_jumping",
    "engaged_with",
    "engagements",
    "engaged_pairs",
    "adjacent_not_engaged",
    "check_attack_targets",
    "Allowance",
    "allowance",
    "PassThrough",
    "Step",
    "MoveCost",
    "Reach",
    "step_cost",
    "movement_weight",
    "reachable",
    "reach_costs",
    "path_cost",
    "path_to",
    "move",
]


@dataclass(frozen=True)
class AbilityMove:
    """An ability's movement, "move N hexes" (ruling M5, FAQ Q.15): a movement kind of its own.

    Pass it where a movement kind is asked for (``kind=AbilityMove(3)``) beside ``"advance"``
    and ``"dash"``. Its allowance is N movement points: Speed never adds to it (M2), a movement
    started while Engaged loses 1 (E2), and every step costs what it costs an Advance (M1:
    entering and climbing; T1: terrain; J1 and J2: jumping). It is also how a Garrison moves
    (Garrisons never Advance or Dash); ``RulesOptions.garrison_ability_move`` says whether a
    Garrison pays for climbing and Engagement (M5).

    Parameters
    ----------
    hexes : int
        N, the hexes the ability allows (movement points, one per hex on flat open ground).

    Raises
    ------
    RuleError
        If ``hexes`` is not a whole number >= 0 (M5).

    Examples
    --------
    >>> AbilityMove(3)
    AbilityMove(hexes=3)
    >>> AbilityMove(3).kind, str(AbilityMove(3))
    ('ability', 'move 3 hexes')
    """

    hexes: int

    #: The movement's kind, as :attr:`Allowance.kind` and :attr:`MoveCost.kind` record it.
    kind = "ability"

    def __post_init__(self) -> None:
        n = self.hexes
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise RuleError(f"ability movement hexes={show(n)} is not a whole number of hexes >= 0", ruling="M5")

    def __str__(self) -> str:
        return f"move {self.hexes} hex{'' if self.hexes == 1 else 'es'}"


#: A movement kind: ``"advance"`` or ``"dash"`` (M2), or an :class:`AbilityMove` (M5).
MovementKind = Union[Literal["advance", "dash"], AbilityMove]
#: The kinds of movement, as :attr:`Allowance.kind` names them (M2, M5).
KINDS: tuple[str, ...] = ("advance", "dash", "ability")


def _board_state(board: object, state: object) -> None:
    """Check the board and state values (bad input, never a bare error)."""
    check_board(board)
    check_state(state)


def _unit(board: object, state: object, unit: object) -> Unit:
    """The moving unit, after checking the board and state values: the boundary of every function
    that takes ``(board, state, unit)``."""
    _board_state(board, state)
    u = check_unit(state, unit)  # type: ignore[arg-type]
    if u.hex not in board:  # type: ignore[operator]
        raise StateError(f"{u.kind} {show(u.name)} is on hex {u.hex}, which is not on the board")
    return u


def _kind(kind: object) -> MovementKind:
    """The movement kind, checked: "advance", "dash" or an :class:`AbilityMove` (M2, M5)."""
    if isinstance(kind, AbilityMove):
        return kind
    if isinstance(kind, str) and kind == "ability":
        raise RuleError("movement kind 'ability' is not 'advance', 'dash' or an AbilityMove (an ability's "
                        "movement is AbilityMove(n), with its N hexes)", ruling="M5")
    return checks.choice(kind, "movement kind", ("advance", "dash"), error=RuleError, ruling="M2")


def _mover(board: object, state: object, unit: object, options: object) -> "_Mover":
    """Check a movement's arguments once and build its core (which trusts them)."""
    options = check_options(options)
    return _Mover(board, state, _unit(board, state, unit), options)  # type: ignore[arg-type]


# --- elevation and Jumping ---------------------------------------------------------------------


def start_elevation(board: Board, state: State, unit: str | Unit) -> int:
    """The starting elevation ``s`` of a movement that ``unit`` begins now (J1, J3).

    It is the elevation of the unit's hex, in levels. A unit at ground level (0) does not jump
    (J3); with ``s = 0`` the J1 formula is ordinary movement (M1).

    Raises
    ------
    BoardError, StateError
        If ``board`` is not a Board or ``state`` not a State, there is no such unit, or it is not
        on the board.
    """
    u = _unit(board, state, unit)  # first: the board is checked before it is read
    return board.elevations[u.hex]


def is_jumping(board: Board, state: State, unit: str | Unit) -> bool:
    """True when ``unit`` would jump for the whole of a movement begun now (J1: ``s >= 1``).

    Raises
    ------
    BoardError, StateError
        As :func:`start_elevation`.
    """
    return start_elevation(board, state, unit) >= 1


# The step cost's formulas, one copy each: a step a -> b costs ``_ENTER + climb + terrain``
# (M1, J1, T1). :class:`_Mover` picks the climb and terrain functions of its reading once, and both
# its fast :meth:`_Mover.weight` (networkx's, once per edge) and its breakdown :meth:`_Mover.parts`
# (path_cost, path_to, step_cost) call them: a cost the breakdown shows is the cost reach searches by.

#: M1: entering a hex costs 1 movement point.
_ENTER = 1


def _climb_above_start(s: int, ea: int, eb: int) -> int:
    """J1, the default reading (``jump_climb="above_start"``): the extra movement points of a step
    from elevation ``ea`` to ``eb`` in a movement begun at elevation ``s``,
    ``max(0, eb - max(s, ea))``. With ``s = 0`` it is M1's climb, ``max(0, eb - ea)``: 1 per level
    gained, going down free."""
    climb = eb - (s if s > ea else ea)  # written out: a step's cost is networkx's hot path
    return climb if climb > 0 else 0


def _climb_relative_when_above_start(s: int, ea: int, eb: int) -> int:
    """J1, the alternative reading (``jump_climb="relative_when_above_start"``): ``max(0, eb - ea)``
    whenever ``eb > s``, else 0. With ``s = 0`` it is M1's climb too."""
    return eb - ea if eb > s and eb > ea else 0


def _no_climb(s: int, ea: int, eb: int) -> int:
    """M5, ``garrison_ability_move="ignores"``: a Garrison moved by an ability pays no climb."""
    return 0


#: J1's readings, by the value of ``RulesOptions.jump_climb``.
_CLIMBS: dict[str, Callable[[int, int, int], int]] = {
    "above_start": _climb_above_start,
    "relative_when_above_start": _climb_relative_when_above_start,
}


def _terrain_on_enter(t: TerrainType) -> int:
    """T1, the default reading (``water="enter_cost"``): entering terrain ``t`` costs its extra cost
    (water: 1 in the default terrain table)."""
    return t.cost


def _no_terrain(t: TerrainType) -> int:
    """T1, ``water="allowance"`` (the cost comes off the allowance instead) or ``"none"``: entering
    costs no extra."""
    return 0


# --- Engagement ----------------------------------------------------------------------------------


def engaged_with(board: Board, state: State, unit: str | Unit, *, at: Hex | str | None = None) -> tuple[str, ...]:
    """Names of the enemies ``unit`` is Engaged with (E1).

    A unit is Engaged while adjacent to an enemy unit or enemy Garrison at the same elevation
    (the elevation of their hexes). An adjacent enemy at another elevation does not engage.

    Parameters
    ----------
    board : Board
    state : State
    unit : str or Unit
        The unit, by name.
    at : Hex or str, optional
        Where to test, if not the unit's own hex (e.g. a hex it could move to).

    Returns
    -------
    tuple of str
        Enemy names in state order; empty when not Engaged.

    Raises
    ------
    StateError
        If ``state`` is not a State, there is no such unit, or it is not on the board.
    BoardError
        If ``board`` is not a Board, or ``at`` is not on it.
    HexError
        If ``at`` is a malformed label.

    Examples
    --------
    >>> from hexrules import Scenario
    >>> sc = Scenario.from_text('''
    ... map:
    ...   1 1 0
    ... units:
    ...   Gundam side=federation at=B1
    ...   Char side=zeon at=A1
    ...   Minelayer side=zeon at=C1
    ... ''')
    >>> engaged_with(sc.board, sc.state, "Gundam")
    ('Char',)
    """
    u = _unit(board, state, unit)
    h = u.hex if at is None else hex_of(board, at, what="at", ruling="E1")
    return _engagement_zones(board, state, u.side).get(h, ())


def _level_neighbours(board: Board, state: State) -> dict[Hex, list[Unit]]:
    """E1's one core: ``{hex: the units adjacent to it at its own elevation}``, units in state order.

    One pass over the units and their six neighbours: linear in the number of units. A unit of
    any side standing on ``hex`` is Engaged with the enemies among them (E1); units off the board
    engage nobody. The result is kept for the last (board, state) asked (:func:`_zone_memo`):
    every movement begun on one position reads the same zones.
    """
    return _zone_memo(board, state)[0]


def _zone_memo(board: Board, state: State) -> tuple[dict[Hex, list[Unit]], dict[str, dict[Hex, tuple[str, ...]]]]:
    """``(level neighbours, {side: its engagement zones})`` of ``(board, state)``, computed once.

    Boards and states do not change once built, so the pair's identity is its content: one entry,
    held by weak references (a closed explorer's board is not kept alive), replaced by the next
    pair. A reach, an allowance and a step cost of one position (and a sweep's every reading of a
    movement) share it instead of redoing E1's pass. The dicts returned are shared: read only.
    """
    global _ZONES
    memo = _ZONES
    if memo is not None and memo[0]() is board and memo[1]() is state:
        return memo[2], memo[3]
    el = board.elevations
    near: dict[Hex, list[Unit]] = {}
    for o in state:
        e = el.get(o.hex)
        if e is None:
            continue
        for n in o.hex.neighbors():
            if el.get(n) == e:
                near.setdefault(n, []).append(o)
    by_side: dict[str, dict[Hex, tuple[str, ...]]] = {}
    _ZONES = (weakref.ref(board), weakref.ref(state), near, by_side)
    return near, by_side


_ZONES: tuple | None = None  # _zone_memo's one entry: (board ref, state ref, near, {side: zones})


def _engagement_zones(board: Board, state: State, side: str) -> dict[Hex, tuple[str, ...]]:
    """E1 for a unit of ``side`` anywhere: ``{hex: enemies it would be Engaged with there}``.

    A hex is in an enemy's zone when it is adjacent to the enemy's hex and at the same elevation.
    Shared with every caller of the same (board, state) (:func:`_zone_memo`): read only.
    """
    near, by_side = _zone_memo(board, state)
    zones = by_side.get(side)
    if zones is None:
        zones = {}
        for h, units in near.items():
            names = tuple(o.name for o in units if o.side != side)
            if names:
                zones[h] = names
        by_side[side] = zones
    return zones


def engagements(board: Board, state: State) -> dict[str, tuple[str, ...]]:
    """``{unit name: enemies it is Engaged with}`` for every Engaged unit and Garrison (E1).

    Engagement is mutual: if A is Engaged with B, B is Engaged with A. Linear in the number of
    units: the hexes next to each unit are looked at once (``benchmarks/bench_scaling.py``).

    Parameters
    ----------
    board : Board
    state : State

    Returns
    -------
    dict of str to tuple of str
        Units in state order; each one's enemies in state order, as :func:`engaged_with`.

    Raises
    ------
    BoardError, StateError
        If ``board`` is not a Board or ``state`` not a State, or a unit is not on the board.
    """
    _board_state(board, state)
    for u in state:
        _unit(board, state, u)  # each unit on the board (StateError naming the first that is not)
    near = _level_neighbours(board, state)
    out = {}
    for u in state:
        names = tuple(o.name for o in near.get(u.hex, ()) if o.side != u.side)
        if names:
            out[u.name] = names
    return out


def engaged_pairs(board: Board, state: State) -> list[tuple[str, str]]:
    """Every pair of units (or Garrisons) Engaged with each other (E1), each pair once.

    Parameters
    ----------
    board : Board
    state : State

    Returns
    -------
    list of (str, str)
        Pairs of unit names, each pair in sorted order, the list sorted; empty when nobody is
        Engaged. Engagement is mutual, so ``(a, b)`` stands for both directions.

    Raises
    ------
    BoardError, StateError
        If ``board`` is not a Board or ``state`` not a State, or a unit is not on the board.

    See Also
    --------
    engagements : the same facts by unit; adjacent_not_engaged : the adjacent pairs left out.

    Examples
    --------
    The rulebook's second Engagement example (RULES.md E1): the Gundam (height 1) is Engaged
    with Char's Zaku II beside it at height 1, not with the Minelayer at ground level.

    >>> from hexrules import builtin
    >>> sc = builtin("engagement_lower")
    >>> engaged_pairs(sc.board, sc.state)
    [("Char's Zaku II", 'RX-78-2 Gundam')]
    """
    return sorted({_pair(a, e) for a, es in engagements(board, state).items() for e in es})


def adjacent_not_engaged(board: Board, state: State) -> list[tuple[str, str]]:
    """Every pair of adjacent enemies that are not Engaged: they stand at another elevation (E1).

    E1 engages a unit with an adjacent enemy unit or enemy Garrison at the same elevation only;
    an adjacent enemy at another elevation (any difference in levels) does not engage. These are
    the pairs a reader might expect to be Engaged and that are not.

    Parameters
    ----------
    board : Board
    state : State

    Returns
    -------
    list of (str, str)
        Pairs of unit names (distance 1 hex, different sides, not Engaged), each pair in sorted
        order, the list sorted; allies are never listed.

    Raises
    ------
    BoardError, StateError
        If ``board`` is not a Board or ``state`` not a State, or a unit is not on the board.

    See Also
    --------
    engaged_pairs : the adjacent enemies that are Engaged.

    Examples
    --------
    The rulebook's second Engagement example: the Gundam (C3, height 1) is adjacent to the
    Minelayer (B3, ground level), one level lower, so they are not Engaged (E1); the Gundam is
    Engaged with Char's Zaku II only.

    >>> from hexrules import builtin
    >>> sc = builtin("engagement_lower")
    >>> adjacent_not_engaged(sc.board, sc.state)
    [('RX-78-2 Gundam', 'Zaku II: Minelayer')]
    """
    engaged = set(engaged_pairs(board, state))
    at = state.occupied
    adjacent = {_pair(u.name, o.name) for u in state for n in u.hex.neighbors()
                if (o := at.get(n)) is not None and o.side != u.side}
    return sorted(adjacent - engaged)


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def check_attack_targets(
    board: Board, state: State, attacker: str | Unit, targets: Sequence[str], options: RulesOptions = DEFAULT
) -> None:
    """Check E4: an Engaged unit's attack must include an enemy it is Engaged with.

    "Ignore Engagement" (``Unit.ignore_engagement``, E5) lifts the limit.

    Parameters
    ----------
    attacker : str or Unit
    targets : sequence of str
        The names of the units the attack targets.

    Raises
    ------
    RuleError
        If the attacker is Engaged and none of ``targets`` is among the enemies it is Engaged
        with (ruling E4); the message names them.
    StateError
        If ``targets`` is not a sequence of unit names, or names an unknown unit.
    BoardError, OptionsError
        If ``board`` is not a Board, or ``options`` not a RulesOptions.
    """
    check_options(options)
    u = _unit(board, state, attacker)
    targets = checks.items(targets, what="targets", error=StateError, ruling="E4",
                           expected="a list of unit names (e.g. [\"Char's Zaku II\"])")
    names = [check_unit(state, t, what="target", ruling="E4").name for t in targets]
    engaged = _engagement_zones(board, state, u.side).get(u.hex, ())
    if engaged and not u.ignore_engagement and not set(names) & set(engaged):
        raise RuleError(
            f"{show(u.name)} is Engaged with {', '.join(map(repr, engaged))}; its attack on "
            f"{', '.join(show(t) for t in names) or 'nothing'} must include one of them",
            ruling="E4",
        )


# --- allowance --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Allowance:
    """Movement points for one movement, with where they came from.

    Attributes
    ----------
    kind : {"advance", "dash", "ability"}
        The movement (M2; "ability" for an :class:`AbilityMove`, M5).
    base : int
        The unit's Advance or Dash stat (M2), or the ability's N (M5), in movement points.
    speed : int
        Speed bonus; Advance only (M2).
    engagement : int
        Points taken because the movement starts while Engaged (E2), 0 with "ignore
        Engagement" (E5) or for a Garrison that ignores it (M5).
    terrain : int
        Points taken because the movement starts in water (or another terrain with an extra
        cost), with the rules option ``water="allowance"`` (T1).
    total : int
        ``max(0, base + speed - engagement - terrain)``.
    engaged_with : tuple of str
        The enemies the unit is Engaged with at the start.
    engagement_ignored : str or None
        Why no point is taken although the unit is Engaged: the ruling that lifts it, "E5" (it
        ignores Engagement) or "M5" (a Garrison moved by an ability, with
        ``garrison_ability_move="ignores"``); None otherwise.
    start_terrain : str
        The terrain the movement starts in when it takes ``terrain`` points (``"water"``, T1);
        empty otherwise.
    """

    kind: str
    base: int
    speed: int
    engagement: int
    terrain: int
    total: int
    engaged_with: tuple[str, ...] = ()
    engagement_ignored: str | None = None
    start_terrain: str = ""

    def explain(self) -> str:
        """``"allowance 2 = Advance 3 - 1 Engaged with Zaku (E2)"`` and the like
        (:func:`hexrules.words.movement.allowance_text`)."""
        return words.allowance_text(self)


def allowance(
    board: Board,
    state: State,
    unit: str | Unit,
    kind: MovementKind = "advance",
    options: RulesOptions = DEFAULT,
) -> Allowance:
    """The movement points of a movement that ``unit`` begins now.

    Advance = Advance stat + Speed bonus; Dash = Dash stat, never Speed (M2); an ability's
    "move N hexes" (:class:`AbilityMove`) = N, never Speed (M2, M5). A movement initiated while
    Engaged loses ``options.engagement_penalty`` (1) points, never below 0 (E2), unless the unit
    ignores Engagement (E5), or is a Garrison moved by an ability with
    ``options.garrison_ability_move == "ignores"`` (M5). With ``options.water == "allowance"`` a
    movement starting on terrain with an extra cost loses that cost (T1).

    Parameters
    ----------
    kind : {"advance", "dash"} or AbilityMove
        The movement (M2, M5).

    Raises
    ------
    RuleError
        If ``kind`` is not "advance", "dash" or an :class:`AbilityMove` (M2, M5), or the unit is
        a Garrison and ``kind`` is not an ability (Garrisons do not Advance or Dash, M2).
    BoardError, StateError, OptionsError
        If ``board``, ``state`` or ``options`` has the wrong type, or there is no such unit on
        the board.

    Examples
    --------
    >>> from hexrules import Scenario
    >>> sc = Scenario.from_text('''
    ... map:
    ...   0 0
    ... units:
    ...   Gundam side=federation at=A1 speed=1
    ...   Zaku side=zeon at=B1
    ... ''')
    >>> allowance(sc.board, sc.state, "Gundam").explain()
    'allowance 3 = Advance 3 + 1 Speed (M2) - 1 Engaged with Zaku (E2)'
    >>> allowance(sc.board, sc.state, "Gundam", "dash").total
    1
    >>> allowance(sc.board, sc.state, "Gundam", AbilityMove(3)).explain()   # Speed never adds (M2, M5)
    'allowance 2 = ability move 3 (M5) - 1 Engaged with Zaku (E2)'
    """
    return _allowance(_mover(board, state, unit, options), _kind(kind))


def _allowance(mover: "_Mover", kind: MovementKind) -> Allowance:
    """:func:`allowance` for checked arguments (M2, M5, E2, E5, T1)."""
    u, board, options = mover.unit, mover.board, mover.options
    name, n = _kind_parts(kind)
    if u.garrison and name != "ability":
        raise RuleError(f"{show(u.name)} is a Garrison: it does not Advance or Dash (an ability may move it: "
                        "kind=AbilityMove(n), M5)", ruling="M2")
    base = {"advance": u.advance, "dash": u.dash}.get(name, n)
    speed = u.speed if name == "advance" else 0
    engaged = mover.zones.get(u.hex, ())
    ignored = _engagement_ignored(u, options) if engaged else None
    penalty = options.engagement_penalty if engaged and ignored is None else 0
    start = board.terrains[u.hex]
    terrain = start.cost if options.water == "allowance" else 0
    total = max(0, base + speed - penalty - terrain)
    return Allowance(name, base, speed, penalty, terrain, total, engaged, ignored, start.name if terrain else "")


def _kind_parts(kind: MovementKind) -> tuple[str, int | None]:
    """``(kind name, N)`` of a checked movement kind: ``("advance", None)``, ``("dash", None)``
    or ``("ability", N)`` for an :class:`AbilityMove` (M2, M5)."""
    if isinstance(kind, AbilityMove):
        return kind.kind, kind.hexes
    return kind, None


def _engagement_ignored(u: Unit, options: RulesOptions) -> str | None:
    """The ruling that lifts Engagement's movement penalty and E3's stop for ``u``: "E5" (it
    ignores Engagement), "M5" (a Garrison moved by an ability that ignores it), else None."""
    if u.ignore_engagement:
        return "E5"
    return "M5" if _garrison_ignores(u, options) else None


def _garrison_ignores(u: Unit, options: RulesOptions) -> bool:
    """M5's switch: a Garrison (moved, as Garrisons are, by an ability) ignores elevation and
    Engagement."""
    return u.garrison and options.garrison_ability_move == "ignores"


# --- one step -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PassThrough:
    """An occupied hex that a step enters and the movement must leave again (M3, J2).

    Attributes
    ----------
    unit : str
        The unit or Garrison standing there.
    kind : {"unit", "Garrison"}
        What it is (:attr:`hexrules.state.Unit.kind`).
    enemy : bool
        An enemy on a hex lower than the starting elevation, passed over while jumping (J2); else
        an ally passed through (M3).
    ruling : {"M3", "J2"}
        The ruling that lets the step through.
    """

    unit: str
    kind: str
    enemy: bool
    ruling: str


@dataclass(frozen=True)
class Step:
    """One step of a movement and its cost in movement points.

    Attributes
    ----------
    frm, to : Hex
    enter : int
        1, the cost of entering a hex (M1).
    climb : int
        Extra points for levels climbed (M1; J1 while jumping).
    terrain : int
        Extra points for the terrain entered (T1).
    cost : int
        ``enter + climb + terrain``.
    engaged_with : tuple of str
        Enemies the unit is Engaged with on arriving (E3).
    elevation_from, elevation_to : int
        The elevations of ``frm`` and ``to``, in levels.
    start_elevation : int
        ``s`` of J1: the elevation the movement began at.
    climb_from_start : bool
        The climb is counted from the starting elevation rather than from ``frm``: J1's default
        reading (``jump_climb="above_start"``) while ``s`` is above ``frm``.
    terrain_name : str
        The terrain type of ``to`` (:class:`~hexrules.board.TerrainType` name).
    passes : PassThrough or None
        The ally (M3) or lower enemy (J2) on ``to`` that the movement passes through.
    climb_ignored : int
        The climb a Garrison moved by an ability does not pay with
        ``garrison_ability_move="ignores"`` (M5), in movement points (then ``climb`` is 0); else 0.
    board : Board or None
        Names the hexes in :attr:`note` (not compared, not in the repr).
    note : str
        The step in words, e.g. ``"A1 -> B1: 1 to enter + 1 climb (height 0 -> 1) = 2"``
        (a property: :func:`hexrules.words.movement.step_note`; not compared).
    """

    frm: Hex
    to: Hex
    enter: int
    climb: int
    terrain: int
    cost: int
    elevation_from: int
    elevation_to: int
    start_elevation: int
    climb_from_start: bool
    terrain_name: str
    engaged_with: tuple[str, ...] = ()
    passes: PassThrough | None = None
    climb_ignored: int = 0
    board: Board | None = field(default=None, repr=False, compare=False)

    @property
    def note(self) -> str:
        """The step in words (:func:`hexrules.words.movement.step_note`)."""
        return words.step_note(self)


class _Mover:
    """What a step's cost depends on, computed once per movement: the rules' one core.

    The constructor turns the movement's facts into plain lookups that :meth:`weight` (called
    by networkx once per edge it relaxes, the hot path of every reach) reads without building
    a value: the hexes no step may enter (an occupant that blocks, M3 / J2), the hexes a step
    may not leave (E3's stop), and the reading's climb and terrain formulas (J1 or M5, T1: the
    module's one copy of each). :meth:`refusal` says the same refusals in words, and
    :meth:`parts` gives the cost by the same formulas, part by part, for one step (:meth:`step`);
    ``tests/test_movement_core.py`` checks both against the reference reading of each rule on
    every edge of generated boards, and ``tests/test_movement.py`` the rulebook's worked totals
    through both (path_cost and reachable).
    """

    def __init__(self, board: Board, state: State, unit: Unit, options: RulesOptions) -> None:
        # the core: its arguments were checked by the public function that built it (_mover)
        self.board, self.state, self.options = board, state, options
        self.unit = u = unit
        self.start = u.hex
        self.s = board.elevations[u.hex]
        self.occupied = {o.hex: o for o in state if o is not u}
        # E3 "stop": a unit must stop where it becomes Engaged with an enemy it was not Engaged
        # with when the movement began; "ignore Engagement" (E5) lifts it, and so does M5's
        # "ignores" for a Garrison (moved, as Garrisons are, by an ability), which pays no climb.
        self.flat = _garrison_ignores(u, options)
        self.stop_when_engaged = options.engagement_on_entry == "stop" and _engagement_ignored(u, options) is None
        self.terrain_on_enter = options.water == "enter_cost"
        # the step cost's formulas of this reading, picked once (J1 or M5's no climb; T1)
        self._reading_climb = _CLIMBS[options.jump_climb]
        self._climb = _no_climb if self.flat else self._reading_climb
        self._terrain = _terrain_on_enter if self.terrain_on_enter else _no_terrain
        self._zones: dict[Hex, tuple[str, ...]] | None = None
        # The lookups of weight(): the board's own dicts (keys are the graph's node objects, so
        # a lookup by a node networkx hands over is one hash), and two small sets.
        self._el = board.elevations
        self._terrains = board.terrains
        self._blocked = frozenset(h for h, o in self.occupied.items() if self._blocks(o))
        self._stops = (frozenset(h for h in self.zones if h != self.start and self.newly_engaged(h))
                       if self.stop_when_engaged else frozenset())
        # what the step costs read, beyond the board and state (a sweep's readings of one key search alike)
        self.step_key = (self._blocked, self._stops, self._climb, self._terrain)

    def _blocks(self, occ: Unit) -> bool:
        """True when ``occ``'s hex can never be entered by this movement: an ally with
        ``allies_pass_through=False`` (M3), an enemy unless jumped over (J2: its hex lower than
        ``s``, with ``s >= 1``)."""
        if occ.side == self.unit.side:
            return not self.options.allies_pass_through
        return not (self.s >= 1 and self.board.elevations[occ.hex] < self.s)

    @property
    def zones(self) -> dict[Hex, tuple[str, ...]]:
        """``{hex: enemies}`` where the moving unit would be Engaged (E1); computed on demand."""
        if self._zones is None:
            self._zones = _engagement_zones(self.board, self.state, self.unit.side)
        return self._zones

    def newly_engaged(self, h: Hex) -> tuple[str, ...]:
        """Enemies the unit would be Engaged with on ``h`` but was not at the start (E3)."""
        start = self.zones.get(self.start, ())
        return tuple(n for n in self.zones.get(h, ()) if n not in start)

    def refusal(self, a: Hex, b: Hex) -> tuple[str, str] | None:
        """Why the step a -> b is forbidden, as ``(reason, ruling)``, or None if allowed."""
        board = self.board
        if a.distance(b) != 1:
            return f"{board.label(b)} is not adjacent to {board.label(a)}", "M1"
        if not board.terrains[b].passable:
            return f"{board.label(b)} is {board.terrains[b].name}: it can never be entered", "T1"
        occ = self.occupied.get(b)
        if occ is not None and self._blocks(occ):
            if occ.side == self.unit.side:
                return f"allied {occ.kind} {occ.name!r} on {board.label(b)} blocks (allies_pass_through=False)", "M3"
            why = (
                f"enemy {occ.kind} {occ.name!r} on {board.label(b)} blocks"
                + (f" (its hex is not lower than the starting elevation {self.s})" if self.s >= 1 else "")
            )
            return why, ("J2" if self.s >= 1 else "M3")
        if a in self._stops:
            who = ", ".join(map(repr, self.newly_engaged(a)))
            return f"became Engaged with {who} on entering {board.label(a)}: the movement must stop there (engagement_on_entry='stop')", "E3"
        return None

    def parts(self, a: Hex, b: Hex) -> tuple[int, int, int]:
        """``(enter, climb, terrain)`` of an allowed step: the formulas :meth:`weight` sums (M1,
        J1 or M5, T1)."""
        el = self._el
        return _ENTER, self._climb(self.s, el[a], el[b]), self._terrain(self._terrains[b])

    def weight(self, a: Hex, b: Hex, _data: dict) -> int | None:
        """The cost of the step along edge a -> b of the board's graph, in movement points, or None
        where :meth:`refusal` refuses it: ``sum(parts(a, b))``, the same formulas, after the
        refusals read from the precomputed lookups.

        Networkx hands over only edges of the graph (two adjacent hexes of the board); the
        callable of :func:`movement_weight`, which anyone may call, refuses any other pair (M1).
        """
        t = self._terrains[b]
        if not t.passable or b in self._blocked:  # T1; M3 / J2
            return None
        if self._stops and a in self._stops:  # E3: the movement had to stop on a
            return None
        el = self._el
        return _ENTER + self._climb(self.s, el[a], el[b]) + self._terrain(t)

    def step(self, a: Hex, b: Hex) -> Step:
        bad = self.refusal(a, b)
        if bad is not None:
            raise RuleError(bad[0], ruling=bad[1])
        enter, climb, terrain = self.parts(a, b)
        el = self.board.elevations
        occ = self.occupied.get(b)
        passes = None
        if occ is not None:  # refusal() let it through: an ally (M3) or a lower enemy while jumping (J2)
            enemy = occ.side != self.unit.side
            passes = PassThrough(occ.name, occ.kind, enemy, "J2" if enemy else "M3")
        return Step(
            a, b, enter, climb, terrain, enter + climb + terrain,
            elevation_from=el[a], elevation_to=el[b], start_elevation=self.s,
            climb_from_start=self.options.jump_climb == "above_start" and self.s > el[a],
            terrain_name=self.board.terrains[b].name, engaged_with=self.zones.get(b, ()), passes=passes,
            climb_ignored=self._reading_climb(self.s, el[a], el[b]) if self.flat else 0, board=self.board,
        )


def step_cost(
    board: Board, state: State, unit: str | Unit, a: Hex | str, b: Hex | str, options: RulesOptions = DEFAULT
) -> Step:
    """The cost of ``unit`` stepping from ``a`` to ``b``, with its breakdown.

    The unit's starting elevation is that of its current hex (J1). Cost in movement points:
    1 to enter (M1), plus the climb (M1; while jumping, J1's formula), plus the terrain's extra
    cost (T1). Every kind of movement pays the same step costs (M2, M5); a Garrison's step is an
    ability's (Garrisons move only by abilities), and with
    ``options.garrison_ability_move == "ignores"`` it pays no climb (M5).

    Parameters
    ----------
    board : Board
    state : State
    unit : str or Unit
        The moving unit, by name.
    a, b : Hex or str
        The hexes (or labels) stepped from and to.
    options : RulesOptions

    Returns
    -------
    Step
        With ``enter``, ``climb``, ``terrain`` and ``cost`` in movement points.

    Raises
    ------
    BoardError
        If ``a`` or ``b`` is not on the board.
    RuleError
        If the step is forbidden: not adjacent (M1), impassable (T1), an enemy in the way (M3,
        J2), an ally in the way with ``allies_pass_through=False`` (M3), or a stop forced by
        Engagement (E3). The error's ``ruling`` names the rule.
    StateError
        If there is no such unit or it is not on the board.
    OptionsError
        If ``options`` is not a :class:`~hexrules.options.RulesOptions`.
    """
    mover = _mover(board, state, unit, options)
    return mover.step(hex_of(board, a, what="step from"), hex_of(board, b, what="step to"))


def movement_weight(
    board: Board, state: State, unit: str | Unit, options: RulesOptions = DEFAULT
) -> Callable[[Hex, Hex, dict], int | None]:
    """A networkx ``weight=`` callable for ``unit``'s movement begun now.

    ``weight(a, b, data)`` returns the step's cost in movement points, or ``None`` for a step the
    rules forbid (networkx then ignores the edge). Use it with any networkx shortest-path
    function on ``board.graph``.

    The callable checks what it is given (two hexes of the board); the search functions of this
    module use the unchecked core.

    Raises
    ------
    StateError
        If there is no such unit or it is not on the board.
    OptionsError
        If ``options`` is not a :class:`~hexrules.options.RulesOptions`.
    NotAHexError, BoardError
        From the callable, for a step from or to something that is neither a
        :class:`~hexrules.hexgrid.Hex` nor a label of the board (a Hex off the board is no
        step: None, as networkx expects of a missing edge).

    Examples
    --------
    >>> import networkx as nx
    >>> from hexrules import Scenario
    >>> sc = Scenario.from_text("map:\\n  0 1 2\\nunits:\\n  G side=a at=A1\\n")
    >>> w = movement_weight(sc.board, sc.state, "G")
    >>> nx.shortest_path_length(sc.board.graph, sc.board.hex("A1"), sc.board.hex("C1"), weight=w)
    4
    """
    mover = _mover(board, state, unit, options)
    succ = board.adjacency._adj  # {hex: {neighbour: edge data}}: networkx's adjacency

    def weight(a: Hex, b: Hex, data: dict) -> int | None:
        if type(a) is not Hex or type(b) is not Hex:  # a label or a bad value: checked (hexes: networkx's nodes)
            a, b = hex_of(board, a, what="step from"), hex_of(board, b, what="step to")
        if b not in succ.get(a, ()):  # M1: not adjacent, or a Hex off the board: no step
            return None
        return mover.weight(a, b, data)

    return weight


# --- whole movements -----------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveCost:
    """A path's cost, step by step, and whether the unit may take it.

    Attributes
    ----------
    unit : str
    kind : {"advance", "dash", "ability"}
        The movement (M2; "ability": an :class:`AbilityMove`, M5, its N in ``allowance.base``).
    path : tuple of Hex
        From the unit's hex to the destination.
    steps : tuple of Step
        Every step of the path, costed whether or not the unit can pay it (M1), up to the first
        forbidden one (M1, M3, J2, T1, E3), which cannot be costed.
    total : int
        Sum of the steps' costs, in movement points: for a path the unit cannot pay in full, the
        whole path's cost (e.g. "6 of 3"), never the cost up to where the unit runs out.
    allowance : Allowance
    start_elevation : int
        ``s`` of J1; the unit jumps when it is >= 1.
    legal : bool
    reason : str or None
        Why the path is illegal: a forbidden step's refusal first (no allowance could take the
        path), else a movement ending on an occupied hex (M3), else the first step the unit
        cannot pay (M1).
    ruling : str or None
        The rule that forbids it.
    unaffordable : int or None
        Index in :attr:`steps` of the first step the unit cannot pay in full (M1: its running
        total exceeds the allowance); None when it can pay every costed step.
    labels : tuple of str
        The labels of :attr:`path`'s hexes, for the words (not compared, not in the repr).
    """

    unit: str
    kind: str
    path: tuple[Hex, ...]
    steps: tuple[Step, ...]
    total: int
    allowance: Allowance
    start_elevation: int
    legal: bool
    reason: str | None = None
    ruling: str | None = None
    unaffordable: int | None = None
    labels: tuple[str, ...] = field(default=(), repr=False, compare=False)

    @property
    def jumping(self) -> bool:
        """True when the unit jumps for this movement (J1)."""
        return self.start_elevation >= 1

    @property
    def stops_at(self) -> Hex | None:
        """Where the unit runs out of movement points on this path: the hex it reaches before
        :attr:`unaffordable`, the first step it cannot pay (M1); None when it can pay them all."""
        return None if self.unaffordable is None else self.path[self.unaffordable]

    def explain(self) -> str:
        """The whole breakdown in words, one line per step (:func:`hexrules.words.movement.cost_text`)."""
        return words.cost_text(self)

    def __str__(self) -> str:
        return self.explain()

    def table(self) -> list[dict[str, object]]:
        """One row per step (for a notebook table): from, to, enter, climb, terrain, cost, total
        (:func:`hexrules.words.movement.cost_table`)."""
        return words.cost_table(self)


def path_cost(
    board: Board,
    state: State,
    unit: str | Unit,
    path: Sequence[Hex | str],
    kind: MovementKind = "advance",
    options: RulesOptions = DEFAULT,
) -> MoveCost:
    """Cost a given path for ``unit`` and say whether it may take it.

    Parameters
    ----------
    path : sequence of Hex or str
        Hexes (or labels) from the unit's hex to the destination; the unit's hex may be left
        out.

    Returns
    -------
    MoveCost
        Illegal (with ``reason`` and ``ruling``) when a step is forbidden (M1, M3, M4, T1, J2,
        E3), when the unit cannot pay a step's full cost (M1), or when the path ends on an
        occupied hex (M3). It does not raise for an illegal path: it explains it.

    Raises
    ------
    BoardError
        If ``path`` is not a sequence of hexes or labels, or one of its hexes is not on the board
        (ruling M4: leaving the board is never a legal step).
    HexError
        If a label of ``path`` is malformed.
    StateError
        If there is no such unit or it is not on the board.
    RuleError
        If ``kind`` is not "advance", "dash" or an :class:`AbilityMove`, or the unit is a
        Garrison and ``kind`` is not an ability (M2, M5).
    OptionsError
        If ``options`` is not a :class:`~hexrules.options.RulesOptions`.
    """
    mover = _mover(board, state, unit, options)
    kind = _kind(kind)
    return _path_cost(mover, kind, _allowance(mover, kind), _path(board, path))


def _path(board: Board, path: object) -> list[Hex]:
    """A path's hexes; a hex off the board is M4's refusal."""
    hexes = list(hexes_of(board, path, what="path", ruling="M4", on_board=False, hint=False,
                              expected="a sequence of hexes or labels (e.g. ['C3', 'D3'])"))
    for h in hexes:
        if h not in board:
            raise BoardError(f"path hex {board.hex_name(h)} is not on the board: leaving the board is never a legal "
                             "step", ruling="M4")
    return hexes


def _path_cost(mover: "_Mover", kind: MovementKind, al: Allowance, hexes: list[Hex]) -> MoveCost:
    """:func:`path_cost` for checked arguments (M1, M3, M4, T1, J1, J2, E3)."""
    board = mover.board
    if not hexes or hexes[0] != mover.start:
        hexes.insert(0, mover.start)
    steps: list[Step] = []
    total = 0
    unaffordable = None
    reason = ruling = None
    for a, b in zip(hexes, hexes[1:]):
        try:
            st = mover.step(a, b)
        except RuleError as e:  # forbidden whatever the allowance: costing stops here
            reason, ruling = e.message, e.ruling
            break
        if unaffordable is None and total + st.cost > al.total:
            unaffordable = len(steps)  # M1: the first step it cannot pay; the rest is still costed
        steps.append(st)
        total += st.cost
    else:
        end = hexes[-1]
        occ = mover.occupied.get(end)
        if occ is not None:
            reason, ruling = f"{board.label(end)} holds {occ.kind} {occ.name!r}: a movement never ends on an occupied hex", "M3"
    if reason is None and unaffordable is not None:
        reason, ruling = words.unaffordable_reason(steps, unaffordable, al.total, board), "M1"
    return MoveCost(
        mover.unit.name,
        al.kind,
        tuple(hexes),
        tuple(steps),
        total,
        al,
        mover.s,
        reason is None,
        reason,
        ruling,
        unaffordable,
        tuple(board.label(h) for h in hexes),
    )


def path_to(
    board: Board,
    state: State,
    unit: str | Unit,
    target: Hex | str,
    kind: MovementKind = "advance",
    options: RulesOptions = DEFAULT,
) -> MoveCost:
    """The cheapest path for ``unit`` to ``target`` (networkx Dijkstra), costed step by step.

    The path is the cheapest whatever the allowance, and it is costed in full, so that a target
    out of reach gets one answer whatever the allowance: the whole path's cost ("6 of 3"), its
    complete breakdown, and the first step the unit cannot pay (:attr:`MoveCost.unaffordable`,
    M1).

    Raises
    ------
    BoardError
        If ``target`` is not on the board.
    RuleError
        If ``target`` is impassable (ruling T1: it can never be entered); if no path at all
        leads there (ruling M1), e.g. behind impassable hexes; if ``kind`` is not "advance",
        "dash" or an :class:`AbilityMove`, or the unit is a Garrison and ``kind`` is not an
        ability (M2, M5).
    StateError
        If there is no such unit or it is not on the board.
    OptionsError
        If ``options`` is not a :class:`~hexrules.options.RulesOptions`.
    """
    mover = _mover(board, state, unit, options)
    kind = _kind(kind)
    target = hex_of(board, target, what="target", ruling="M1")
    return _path_to(mover, kind, target)


def _path_to(mover: "_Mover", kind: MovementKind, target: Hex) -> MoveCost:
    """:func:`path_to` for checked arguments: Dijkstra with the mover's weight, then its cost."""
    import networkx as nx  # here, where a board is searched: `import hexrules` stays light (issue 14)

    board = mover.board
    terrain = board.terrains[target]
    if not terrain.passable:  # T1 forbids it, whatever the path: not "no path" (M1)
        raise RuleError(f"{board.label(target)} is {terrain.name}: no movement can enter it, so none ends there",
                        ruling="T1")
    try:
        path = nx.dijkstra_path(board.adjacency, mover.start, target, weight=mover.weight)
    except nx.NetworkXNoPath:
        raise RuleError(
            f"no sequence of legal steps leads {show(mover.unit.name)} from {board.label(mover.start)} "
            f"to {board.label(target)}",
            ruling="M1",
        ) from None
    return _path_cost(mover, kind, _allowance(mover, kind), path)


@dataclass(frozen=True)
class Reach:
    """The hexes a unit can end a movement on, with their cheapest costs and paths.

    Attributes
    ----------
    unit : str
    start : Hex
    allowance : Allowance
    costs : dict of Hex to int
        Every hex the unit may end on and its cheapest cost, in movement points (the start hex
        is not included).
    paths : dict of Hex to list of Hex
        A cheapest path to each hex of ``costs``.
    pass_only : frozenset of Hex
        Occupied hexes the unit can move through but not end on (M3, J2).
    """

    unit: str
    start: Hex
    allowance: Allowance
    costs: dict[Hex, int]
    paths: dict[Hex, list[Hex]]
    pass_only: frozenset[Hex]

    def __contains__(self, h: object) -> bool:
        return isinstance(h, Hex) and h in self.costs

    def __len__(self) -> int:
        return len(self.costs)


def reachable(
    board: Board,
    state: State,
    unit: str | Unit,
    kind: MovementKind = "advance",
    options: RulesOptions = DEFAULT,
    *,
    cutoff: int | None = None,
) -> Reach:
    """Every hex ``unit`` can end this movement on, with the cheapest cost (networkx Dijkstra).

    Parameters
    ----------
    kind : {"advance", "dash"} or AbilityMove
        Which allowance to use (M2; an ability's "move N hexes", M5).
    cutoff : int, optional
        Movement points to spend instead of the computed allowance (e.g. a designer's what-if).

    Raises
    ------
    RuleError
        For a bad ``kind``, a Garrison with a kind other than an :class:`AbilityMove` (M2, M5),
        or a ``cutoff`` that is not a whole number from 0 to :data:`~hexrules.checks.MAX_WHOLE` (M1).
    BoardError, StateError, OptionsError
        If ``board``, ``state`` or ``options`` has the wrong type, or there is no such unit on
        the board.

    Examples
    --------
    >>> from hexrules import Scenario
    >>> sc = Scenario.from_text("map:\\n  0 0 1 2\\nunits:\\n  G side=a at=A1\\n")
    >>> r = reachable(sc.board, sc.state, "G")
    >>> {sc.board.label(h): c for h, c in sorted(r.costs.items())}
    {'B1': 1, 'C1': 3}
    """
    mover = _mover(board, state, unit, options)
    kind = _kind(kind)
    al = _allowance(mover, kind)
    if cutoff is not None:
        cutoff = checks.whole(cutoff, "cutoff", 0, MAX_WHOLE, unit="movement points", ruling="M1", sep=" ")
        al = Allowance(al.kind, cutoff, 0, 0, 0, cutoff, al.engaged_with)
    import networkx as nx  # here, where a board is searched (issue 14)

    dist, paths = nx.single_source_dijkstra(board.adjacency, mover.start, cutoff=al.total, weight=mover.weight)
    occupied = mover.occupied
    costs = {h: c for h, c in dist.items() if h != mover.start and h not in occupied}
    return Reach(
        mover.unit.name,
        mover.start,
        al,
        costs,
        {h: paths[h] for h in costs},
        frozenset(h for h in dist if h in occupied),
    )


def reach_costs(
    board: Board,
    state: State,
    unit: str | Unit,
    kind: MovementKind = "advance",
    readings: Sequence[RulesOptions] = (DEFAULT,),
) -> list[tuple[Allowance, dict[Hex, int]]]:
    """One movement under several readings: each one's allowance and the hexes it can end on with
    their cheapest costs (what :func:`reachable` gives as ``allowance`` and ``costs``), sharing the
    searches the readings share (a what-if sweep's hot path, :mod:`hexrules.whatif`).

    One search (networkx's Dijkstra) under the first reading, as far as the largest allowance;
    another reading reuses it when no step out of a hex that search reaches within that reading's
    allowance costs differently under the two (:func:`_same_search`: the blocking hexes of M3 and
    J2, E3's stops, J1's or M5's climb, T1's terrain cost), which is exact: then both readings
    have the same cheapest paths within that allowance, at the same costs. Otherwise it is
    searched on its own, once per reading of the same step costs.

    Parameters
    ----------
    board : Board
    state : State
    unit : str or Unit
        The moving unit, by name.
    kind : {"advance", "dash"} or AbilityMove
        The movement (M2, M5).
    readings : sequence of RulesOptions
        At least one.

    Returns
    -------
    list of (Allowance, dict of Hex to int)
        One per reading, in order: costs in movement points, the start and occupied hexes left
        out (M3).

    Raises
    ------
    OptionsError
        If ``readings`` is empty or holds something that is not a RulesOptions.
    RuleError, BoardError, StateError
        As :func:`reachable`.

    Examples
    --------
    >>> from hexrules import Scenario
    >>> from hexrules.options import RulesOptions
    >>> sc = Scenario.from_text("map:\\n  0 ~ 0\\nunits:\\n  G side=a at=A1 advance=2\\n")
    >>> [(al.total, {sc.board.label(h): c for h, c in costs.items()})
    ...  for al, costs in reach_costs(sc.board, sc.state, "G", readings=(DEFAULT, RulesOptions(water="none")))]
    [(2, {'B1': 2}), (2, {'B1': 1, 'C1': 2})]
    """
    readings = checks.items(readings, what="readings", error=OptionsError, nonempty=True,
                            expected="a list of RulesOptions")
    movers = [_mover(board, state, unit, o) for o in readings]
    kind = _kind(kind)
    allowances = [_allowance(m, kind) for m in movers]
    import networkx as nx  # here, where a board is searched (issue 14)

    graph = board.adjacency
    first = movers[0]
    cutoff = max(al.total for al in allowances)
    dist = nx.single_source_dijkstra_path_length(graph, first.start, cutoff=cutoff, weight=first.weight)
    searched: dict[tuple, dict[Hex, int]] = {}
    occupied = first.occupied
    out = []
    for m, al in zip(movers, allowances):
        found = dist
        if m is not first and not _same_search(first, m, dist, al.total, graph._adj):
            key = m.step_key
            found = searched.get(key)
            if found is None:
                found = searched[key] = nx.single_source_dijkstra_path_length(graph, m.start, cutoff=cutoff,
                                                                               weight=m.weight)
        total = al.total
        out.append((al, {h: c for h, c in found.items() if c <= total and h != m.start and h not in occupied}))
    return out


def _same_search(a: "_Mover", b: "_Mover", dist: dict[Hex, int], cutoff: int, adj: dict) -> bool:
    """True when ``b``'s search within ``cutoff`` finds what ``a``'s did (``dist``, searched as far
    as ``cutoff`` or further): no step out of a hex ``dist`` reaches within ``cutoff`` costs
    differently under the two movers (the same unit, board and state; two readings).

    Exact: take a cheapest path of cost <= ``cutoff`` under either reading; every hex on it but
    the last is reached within ``cutoff``; its first step that costs differently would leave a
    hex reached within ``cutoff`` under both readings (the path before it costs the same), and
    there is none; so both readings have the same cheapest paths within ``cutoff``, and costs.
    The steps that can cost differently (the terms of :meth:`_Mover.weight`): into a hex blocked
    under one reading only (M3, J2), out of a hex where only one must stop (E3), into terrain
    with an extra cost if only one pays it (T1), and any step whose climb the two formulas
    (J1, M5) put differently.
    """

    def near(hexes: Iterator[Hex]) -> bool:  # a step into one of ``hexes`` from a hex within reach
        return any(dist.get(n, cutoff + 1) <= cutoff for h in hexes for n in adj[h])

    if any(dist.get(h, cutoff + 1) <= cutoff for h in a._stops ^ b._stops):  # E3
        return False
    if near(iter(a._blocked ^ b._blocked)):  # M3, J2
        return False
    if a._terrain is not b._terrain and near(h for h, t in a._terrains.items() if t.cost and t.passable):  # T1
        return False
    if a._climb is not b._climb:  # J1, M5: compare the two formulas on every step out of reach
        el, s = a._el, a.s
        for h, c in dist.items():
            if c <= cutoff:
                e = el[h]
                for n in adj[h]:
                    if a._climb(s, e, el[n]) != b._climb(s, e, el[n]):
                        return False
    return True


def move(
    board: Board,
    state: State,
    unit: str | Unit,
    target: Hex | str,
    kind: MovementKind = "advance",
    options: RulesOptions = DEFAULT,
    *,
    path: Sequence[Hex | str] | None = None,
) -> tuple[State, MoveCost]:
    """Move ``unit`` to ``target`` (by ``path``, or the cheapest one) and return the new state.

    Parameters
    ----------
    board : Board
    state : State
    unit : str or Unit
        The moving unit, by name.
    target : Hex or str
        The destination.
    kind : {"advance", "dash"} or AbilityMove
        Which allowance to use (M2, M5).
    options : RulesOptions
    path : sequence of Hex or str, optional
        The path to take; the cheapest path by default.

    Returns
    -------
    (State, MoveCost)
        The new state and the cost breakdown.

    Raises
    ------
    RuleError
        If the movement is illegal; the message and ``ruling`` say why (M1, M2, M3, M5, T1, J2,
        E3).
    BoardError
        If ``target`` or a hex of ``path`` is not on the board (M4).
    """
    mover = _mover(board, state, unit, options)
    kind = _kind(kind)
    target = hex_of(board, target, what="target", ruling="M1")
    if path is None:
        cost = _path_to(mover, kind, target)
    else:
        cost = _path_cost(mover, kind, _allowance(mover, kind), _path(board, path))
    if cost.path[-1] != target:
        raise RuleError(f"path ends on {board.label(cost.path[-1])}, not on the target {board.label(target)}", ruling="M1")
    if not cost.legal:
        raise RuleError(f"{cost.unit!r} cannot move to {board.label(target)}: {cost.reason}", ruling=cost.ruling)
    return state.move(cost.unit, target), cost

