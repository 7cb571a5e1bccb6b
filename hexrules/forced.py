# Why this module is over ~900 lines: one rule topic, P and L, in one module: the
# geometry of the next hexes, the result values, the one tree walk that builds them and the public
# functions. About half of the lines are numpydoc docstrings and doctests (RULES.md rulings and
# worked examples); the words moved out to hexrules/words/forced.py. Splitting the walk from the
# results it builds would only add an import between two halves of one rule.
"""Forced movement: Push, Pull and collision damage (RULES.md sections P, L and T2).

A Push or Pull is a small tree of choices. From the target's hex the forcing player picks one
*next hex* at a time (strictly farther from the source hex for a Push, strictly closer for a
Pull), or stops. Each attempted step either moves the target, or ends the forced movement: a
collision (higher terrain, impassable terrain, a unit or Garrison), or the board edge. This
module lists **every branch** of that tree (:func:`push`, :func:`pull`), each explaining itself,
and turns one chosen branch into a new state (:func:`resolve`): "what is legal" and "do it"
are kept apart. The branches are produced on demand: a :class:`ForcedMove` counts them, finds
where the target can end and replays a chosen one without building the others. :func:`resolve` replays only the chosen branch's own steps (N steps, not the
whole tree, which grows exponentially with N) and compares facts, never wording. The rule code
records facts only (steps, what was hit, levels, endings, damage); the words come on demand from
:mod:`hexrules.words.forced`.

Rulings implemented (RULES.md)
------------------------------
* P1 / L1: Push N moves the target up to N hexes, each new hex strictly farther from the source
  hex (Pull: strictly closer); the forcing player chooses every step and may stop early,
  including after 0 steps. Distances are hex-grid distances; elevation plays no part.
* P2 / L2: a step onto a hex higher than the target's current hex is a collision with terrain; a
  step into a unit (of any side), a Garrison or an impassable hex is a collision with it. The
  target stays where it is, every unit involved (the target, and the unit it hit, if any) takes
  ``options.collision_damage`` (2), and the forced movement ends.
* P3: pushing (or pulling) down is allowed; each level dropped deals
  ``options.push_drop_damage_per_level`` (default 0) to the target (:func:`drop_damage`).
* P4: a step off the board (``options.push_off_board``): ``"stop"`` at the edge with no damage,
  ``"collide"`` (a collision with the edge: the target alone takes collision damage), or
  ``"remove"`` (removed from play).
* L3: a target adjacent to the source at the same elevation cannot be Pulled (:class:`RuleError`).
  At another elevation its only closer hex is the source's own hex: nothing happens
  (``options.pull_other_elevation == "nothing"``), or it collides with the unit there
  (``"collide"``: 2 damage each).
* P5: several units pushed by one effect are resolved one at a time in the chosen order
  (:func:`push_many`, :func:`pull_many`); units already moved are obstacles for later ones.
* P6: every damage of this module is non-combat damage (:attr:`Damage.non_combat`).
* T2: Engagement and terrain costs never change a Push or Pull: only elevation, passability and
  occupancy of the hexes matter.

Decisions where RULES.md is silent (each names itself in the explanations)
--------------------------------------------------------------------------
* **Board edge.** The candidate next hexes are the strictly farther (closer) *neighbour
  positions* of the current hex, on the board or not. A candidate position that is not a hex of
  the board (outside the map, or a ``-`` hole in it) is "a step off the board" and is handled by
  P4. So a target in a corner may have several edge branches, one per off-board direction. P4
  applies to Pull as well.
* **The source hex is never entered by a Pull.** Its distance is 0, but the rule moves the target
  *toward* the source: a target next to the source has no closer hex (L3 decides what happens
  when a unit stands there at another elevation). The L3 test is made before every step: a
  target pulled next to the source ends its Pull there.
* **One collision, one damage each.** A step into a unit standing on a higher hex is one
  collision with that unit (the higher terrain is mentioned, not charged twice).
* **Push 0 / Pull 0** has a single branch: nothing moves ("full distance" of 0 hexes).
* **Ending names.** ``"stop"`` (chosen stop while a further step was possible), ``"full"`` (all N
  steps taken), ``"terrain"``, ``"impassable"``, ``"unit"`` (collisions), ``"edge"`` (P4, see
  :attr:`Branch.removed`), ``"adjacent"`` (a Pull that reached the source's neighbour and can go
  no closer).
* **Enemies.** The target must be an enemy of the forcing side: the side of the unit on the
  source hex, or ``side=`` for an effect from an empty hex; ``allow_allies=True`` lifts this for
  effects that say so. Garrisons never move and cannot be forced.

Examples
--------
>>> from hexrules.scenario import Scenario
>>> sc = Scenario.from_text('''
... map:
...   0 0 0 1
...    0 0 0 0
... units:
...   Zaku side=zeon at=A1
...   Gundam side=federation at=B1
... ''')
>>> fm = push(sc.board, sc.state, "Zaku", "Gundam", 1)
>>> sorted(sc.board.label(h) for h in fm.destinations)
['B1', 'B2', 'C1']
>>> print(fm.choose("C1").explain())
Push 1 from A1 (Zaku) on Gundam at B1:
  step 1 into C1 (distance 1 -> 2, height 0): moved
  Full distance (1 hex): Gundam ends on C1.
  No damage.
>>> new = fm.resolve(fm.choose("C1"))
>>> sc.board.label(new.unit("Gundam").hex)
'C1'
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, NamedTuple

from . import checks
from .board import Board, check_board, hex_of, hexes_of, position
from .checks import MAX_FORCED_N, MAX_WHOLE, show
from .errors import BranchIndexError, OptionsError, RuleError
from .exercise import HexesQuestion
from .hexgrid import Hex, hex_value
from .options import DEFAULT, RulesOptions, check_options
from .state import State, Unit, check_unit
from .words import forced_word, hex_name, plural
from .words import forced as words
from .words.forced import ENDINGS

__all__ = [
    "Kind",
    "ENDINGS",
    "COLLISION_ENDINGS",
    "push_next",
    "pull_next",
    "drop_damage",
    "ForcedStep",
    "Damage",
    "Branch",
    "ForcedMove",
    "MultiForced",
    "BranchIndexError",
    "push",
    "pull",
    "forced",
    "resolve",
    "push_many",
    "pull_many",
]

Kind = Literal["push", "pull"]

# ENDINGS (every way a branch can end, in plain words) lives with the words, in
# hexrules.words.forced; it is imported above so that hexrules.forced.ENDINGS keeps working.

#: Endings that are collisions (P2/L2); an ``"edge"`` ending is a collision only under
#: ``push_off_board="collide"`` (see :attr:`Branch.collision`).
COLLISION_ENDINGS = frozenset({"terrain", "impassable", "unit"})

_RULE = {"push": {"move": "P1", "collide": "P2"}, "pull": {"move": "L1", "collide": "L2"}}


# BranchIndexError (a branch number out of range in ForcedMove[i]) lives with the error family, in
# hexrules.errors; it is imported above so that hexrules.forced.BranchIndexError keeps working.


# --- geometry ----------------------------------------------------------------------------------


def push_next(source: Hex, current: Hex) -> tuple[Hex, ...]:
    """The neighbour positions of ``current`` strictly farther from ``source`` (P1).

    Pure geometry: the positions may lie off a board (that is the board edge, P4). Distances
    are hex-grid distances, elevation ignored. The order is :data:`~hexrules.hexgrid.DIRECTIONS`.

    Parameters
    ----------
    source, current : Hex
        The source hex of the Push and the target's current hex.

    Returns
    -------
    tuple of Hex
        Two or three positions (three when ``current`` lies on a straight line from ``source``,
        six when ``current == source``).

    Raises
    ------
    HexError
        If ``source`` or ``current`` is not a :class:`Hex` (ruling P1).

    Examples
    --------
    >>> push_next(Hex(0, 0), Hex(1, 0))
    (Hex(q=2, r=0), Hex(q=2, r=-1), Hex(q=1, r=1))
    """
    _check_hexes(source, current, "P1")
    d = source.distance(current)
    return tuple(n for n in current.neighbors() if source.distance(n) > d)


def pull_next(source: Hex, current: Hex) -> tuple[Hex, ...]:
    """The neighbour positions of ``current`` strictly closer to ``source``, the source excluded (L1).

    The source hex itself is never entered by a Pull (this module's ruling; L3 decides what
    happens next to the source), so a ``current`` adjacent to ``source`` has none.

    Parameters
    ----------
    source, current : Hex
        The source hex of the Pull and the target's current hex.

    Returns
    -------
    tuple of Hex
        Zero, one or two positions, in :data:`~hexrules.hexgrid.DIRECTIONS` order.

    Raises
    ------
    HexError
        If ``source`` or ``current`` is not a :class:`Hex` (ruling L1).

    Examples
    --------
    >>> pull_next(Hex(0, 0), Hex(1, 1))
    (Hex(q=1, r=0), Hex(q=0, r=1))
    >>> pull_next(Hex(0, 0), Hex(1, 0))
    ()
    """
    _check_hexes(source, current, "L1")
    d = source.distance(current)
    return tuple(n for n in current.neighbors() if source.distance(n) < d and n != source)


def _check_hexes(source: object, current: object, ruling: str) -> None:
    for what, value in (("source", source), ("current", current)):
        hex_value(value, what, ruling=ruling)


# --- damage --------------------------------------------------------------------------------------


def drop_damage(levels: int, options: RulesOptions = DEFAULT) -> int:
    """The damage a unit takes for dropping ``levels`` elevation levels when forced down (P3).

    Pushing (or pulling) down is allowed; each level dropped deals
    ``options.push_drop_damage_per_level`` damage (default 0: no damage). It is non-combat
    damage (P6). A falling rule can call this too.

    Parameters
    ----------
    levels : int
        Levels dropped, 0 or more (the elevation left minus the elevation entered).
    options : RulesOptions
        Uses ``push_drop_damage_per_level`` (P3).

    Returns
    -------
    int
        Damage points.

    Raises
    ------
    RuleError
        If ``levels`` is not a whole number >= 0 (ruling P3).
    OptionsError
        If ``options`` is not a :class:`RulesOptions`.

    Examples
    --------
    >>> drop_damage(2)
    0
    >>> drop_damage(2, DEFAULT.replace(push_drop_damage_per_level=1))
    2
    """
    check_options(options)
    levels = checks.whole(levels, "levels dropped", 0, MAX_WHOLE, unit="levels", ruling="P3", sep=" ")
    return options.push_drop_damage_per_level * levels


# --- results -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Damage:
    """Damage dealt by a forced movement to one unit.

    Attributes
    ----------
    unit : str
        Who takes it.
    amount : int
        How much (damage points).
    cause : {"collision", "drop", "edge"}
        A collision (P2/L2, or L3's "collide"), levels dropped (P3), or the board edge treated
        as a collision (P4 "collide").
    ruling : str
        The ruling that deals it.
    non_combat : bool
        Always True: collision damage is non-combat damage; effects that reduce attack damage
        do not reduce it (P6).
    """

    unit: str
    amount: int
    cause: str
    ruling: str
    non_combat: bool = True


@dataclass(frozen=True, slots=True)
class ForcedStep:
    """One attempted step of a branch: the facts; :attr:`text` says them in words.

    Attributes
    ----------
    number : int
        1-based step number.
    frm, to : Hex
        From the target's current hex to the attempted hex (``to`` may be off the board).
    result : {"moved", "collision", "edge"}
        The target moved into ``to``; or collided (and stayed on ``frm``); or met the board edge.
    distance_from, distance_to : int
        Hex distances of ``frm`` and ``to`` from the source.
    elevation_from : int
    elevation_to : int or None
        None when ``to`` is off the board.
    kind : {"push", "pull"}
    target : str
        The unit forced.
    ruling : str
        The ruling that decided the step: ``"P1"``/``"L1"`` (moved), ``"P3"`` (moved down),
        ``"P2"``/``"L2"`` (collision), ``"L3"`` (collision with the unit on the source hex),
        ``"P4"`` (off the board).
    obstacle : {"unit", "impassable", "terrain"} or None
        What a collision was with (P2/L2; ``"unit"`` also for L3's collision with the unit on
        the source hex); None when the step is not a collision.
    hit, hit_side : str or None
        The unit or Garrison collided with, and its side.
    hit_garrison : bool
        The one hit is a Garrison.
    terrain : str or None
        For a collision with impassable terrain: its terrain type's name; None otherwise (the
        terrain of a hex entered never matters to a Push or Pull, T2).
    edge : {"stop", "collide", "remove"} or None
        For a step off the board: the P4 reading (``options.push_off_board``) that decided it.
    damages : tuple of Damage
        The damage this step dealt: the collision's (P2/L2/L3, P4 "collide") or the drop's (P3).
    board : Board or None
        Names the hexes in :attr:`text` (not compared, not in the repr).
    text : str
        The step in plain words (a property: :func:`hexrules.words.forced.step_text`; not
        compared: two steps are equal when their facts are).
    """

    number: int
    frm: Hex
    to: Hex
    result: str
    distance_from: int
    distance_to: int
    elevation_from: int
    elevation_to: int | None
    kind: str
    target: str
    ruling: str
    obstacle: str | None = None
    hit: str | None = None
    hit_side: str | None = None
    hit_garrison: bool = False
    terrain: str | None = None
    edge: str | None = None
    damages: tuple[Damage, ...] = ()
    board: Board | None = field(default=None, repr=False, compare=False)

    @property
    def levels(self) -> int | None:
        """How many levels higher (> 0) or lower (< 0) ``to`` is than ``frm``; None off the board."""
        return None if self.elevation_to is None else self.elevation_to - self.elevation_from

    @property
    def text(self) -> str:
        """The step in plain words (:func:`hexrules.words.forced.step_text`)."""
        return words.step_text(self)

    def explain(self) -> str:
        """The step in plain words."""
        return self.text


@dataclass(frozen=True, slots=True)
class Branch:
    """One outcome of a Push or Pull: the steps the forcing player chose and how it ended.

    Attributes
    ----------
    kind : {"push", "pull"}
    target : str
        The unit forced.
    source : Hex
        The source hex.
    n : int
        The N of Push N / Pull N.
    start : Hex
        The target's hex before the forced movement.
    steps : tuple of ForcedStep
        Every attempted step, the last one being the collision or edge step if any.
    ending : str
        A key of :data:`ENDINGS`.
    hit : str or None
        The unit or Garrison collided with (ending ``"unit"``).
    levels : int
        For a collision with higher terrain: how many levels higher the hex was.
    damages : tuple of Damage
        Every damage dealt (all non-combat, P6).
    removed : bool
        The target left the board and is removed from play (P4 ``"remove"``).
    collision : bool
        The branch ended in a collision (P2/L2, L3 "collide", or P4 "collide").
    ruling : str
        The ruling that ended it: ``"P1"``/``"L1"`` (a stop or the full distance),
        ``"P2"``/``"L2"`` (a collision), ``"L3"`` (next to the source, or L3's collision),
        ``"P4"`` (the board edge).
    start_elevation, source_elevation : int
        The elevations of the start hex and of the source hex (L3 compares the target's with the
        source's).
    by : str or None
        The unit or Garrison on the source hex, if any (not compared: the steps depend on the
        source hex only, P1/L1).
    by_garrison : bool
        ``by`` is a Garrison (not compared).
    board : Board or None
        Names the hexes in :attr:`text` (not compared, not in the repr).
    text : str
        :meth:`explain`'s text, a property (:func:`hexrules.words.forced.branch_text`) made from
        the facts on demand: two branches are equal when their facts are, whatever the wording.
    """

    kind: str
    target: str
    source: Hex
    n: int
    start: Hex
    steps: tuple[ForcedStep, ...]
    ending: str
    hit: str | None
    levels: int
    damages: tuple[Damage, ...]
    removed: bool
    collision: bool
    ruling: str
    start_elevation: int
    source_elevation: int
    by: str | None = field(default=None, compare=False)
    by_garrison: bool = field(default=False, compare=False)
    board: Board | None = field(default=None, repr=False, compare=False)

    @property
    def path(self) -> tuple[Hex, ...]:
        """The hexes the target moved through, in order (its start hex excluded)."""
        return tuple(s.to for s in self.steps if s.result == "moved")

    @property
    def trail(self) -> tuple[Hex, ...]:
        """The start hex followed by :attr:`path`: the line to draw."""
        return (self.start, *self.path)

    @property
    def attempted(self) -> Hex | None:
        """The hex of the final collision or edge step, if the branch ended on one."""
        if self.steps and self.steps[-1].result != "moved":
            return self.steps[-1].to
        return None

    @property
    def choice(self) -> tuple[Hex, ...]:
        """Every attempted hex in order: what :meth:`ForcedMove.choose` takes to pick this branch."""
        return tuple(s.to for s in self.steps)

    @property
    def final(self) -> Hex | None:
        """Where the target ends (None when it was removed from play)."""
        if self.removed:
            return None
        return self.path[-1] if self.path else self.start

    @property
    def moved(self) -> int:
        """The number of hexes the target moved."""
        return len(self.path)

    @property
    def damage(self) -> dict[str, int]:
        """Total damage per unit (every unit involved in a collision appears, P2)."""
        return _totals(self.damages)

    @property
    def involved(self) -> tuple[str, ...]:
        """The units involved in the collision (empty when there was none)."""
        return tuple(d.unit for d in self.damages if d.cause in ("collision", "edge"))

    @property
    def text(self) -> str:
        """The branch in plain words (:func:`hexrules.words.forced.branch_text`)."""
        return words.branch_text(self)

    def explain(self) -> str:
        """The branch in plain words: every step, how it ended and the damage."""
        return words.branch_text(self)

    def __str__(self) -> str:
        return self.explain()


@dataclass(frozen=True, eq=False)
class ForcedMove:
    """Every branch of one Push or Pull (what is legal); :meth:`resolve` does one.

    The branches are produced when asked for, not when the move is made: the tree grows
    exponentially with N (Push 16 on an open board has 262,125 branches), and most uses need a
    few of them or none. :attr:`count`, ``len()``, :attr:`destinations`, :meth:`check`,
    :meth:`choose` and :meth:`resolve` build no branch list (their work grows with the hexes
    within N of the target, not with the branches); iterating streams the branches one by one;
    :attr:`branches` (and what needs them all: :meth:`table`, :meth:`explain`, a slice) builds the
    tuple once and keeps it.

    Attributes
    ----------
    kind : {"push", "pull"}
    target : str
    source : Hex
    n : int
    start : Hex
    by : str or None
        The unit on the source hex, if any.
    branches : tuple of Branch
        Depth first, the "stop" branch before the steps at each point, neighbours in
        :data:`~hexrules.hexgrid.DIRECTIONS` order (built on first use, then kept).
    count : int
        How many branches there are (none built).
    options : RulesOptions
    board, state :
        What the branches are computed on (not compared).

    Notes
    -----
    Two moves are equal when their facts and their branches are (compared one by one as they
    stream, after the counts).
    """

    kind: str
    target: str
    source: Hex
    n: int
    start: Hex
    by: str | None
    options: RulesOptions
    board: Board = field(repr=False)
    state: State = field(repr=False)

    @cached_property
    def _core(self) -> _Walk:
        return _Walk(self.kind, self.board, self.state, self.source, self.state.unit(self.target), self.n,
                     self.state.at(self.source), self.options)

    @cached_property
    def branches(self) -> tuple[Branch, ...]:
        """Every branch, depth first (built on first use, then kept)."""
        return tuple(self._core.branches())

    @cached_property
    def count(self) -> int:
        """The number of branches, counted without building them (exact, however large)."""
        built = self.__dict__.get("branches")
        return len(built) if built is not None else self._core.count()

    def __iter__(self) -> Iterator[Branch]:
        """The branches in order: the kept tuple, or else streamed (each built when reached, none kept)."""
        built = self.__dict__.get("branches")
        return iter(built) if built is not None else self._core.branches()

    def __len__(self) -> int:
        """:attr:`count`.

        Raises
        ------
        RuleError
            If the count is larger than ``len()`` can return (``sys.maxsize``): read :attr:`count`.
        """
        if self.count > sys.maxsize:
            raise RuleError(f"{forced_word(self.kind)} {self.n} on {self.target!r} has {self.count} branches, more "
                            f"than len() can return: read .count", ruling=self._rule)
        return self.count

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ForcedMove):
            return NotImplemented
        if self._facts() != other._facts() or self.count != other.count:
            return False
        return all(a == b for a, b in zip(self, other))

    def __hash__(self) -> int:
        return hash(self._facts())

    def _facts(self) -> tuple[Any, ...]:
        return (self.kind, self.target, self.source, self.n, self.start, self.by, self.options)

    def __getitem__(self, i: int | slice) -> Branch | tuple[Branch, ...]:
        """Branch number ``i`` (0-based, negative from the end), or a tuple of them for a slice:
        items of :attr:`branches` (built and kept on first use); the range is checked on
        :attr:`count` first, so a bad index builds nothing.

        Raises
        ------
        BranchIndexError
            If ``i`` is out of range (also an :class:`IndexError`); the message gives the range.
        RuleError
            If ``i`` is not a whole number (``True`` is not) or a slice.
        """
        if isinstance(i, slice):
            return self.branches[i]
        try:
            k = operator.index(i) if not isinstance(i, bool) and type(i).__name__ != "bool_" else None
        except TypeError:
            k = None
        if k is None:
            raise RuleError(f"branch index {show(i)} is not a whole number (pick a branch by its hexes with "
                            f"choose('C3'))", ruling=self._rule)
        count = self.count
        if not -count <= k < count:
            raise BranchIndexError(
                f"branch index {show(k)} is out of range: {forced_word(self.kind)} {self.n} on {self.target!r} has "
                f"{plural(count, 'branch')} (0 to {count - 1})", ruling=self._rule)
        return self.branches[k]

    @property
    def _rule(self) -> str:
        return _RULE[self.kind]["move"]

    @property
    def destinations(self) -> frozenset[Hex]:
        """Every hex the target can end on (removed targets excluded); no branch is built."""
        return self._core.destinations()

    @cached_property
    def occurs(self) -> frozenset[str]:
        """What happens in at least one branch, found without building any (a what-if sweep asks
        it of every Push and Pull): ``"collision"`` (a branch ends in a collision, P2, L2, L3 or
        P4 "collide"), ``"drop"`` (a step down, P3), ``"edge"`` (a step off the board, P4),
        ``"l3_collision"`` (L3's collision with the unit on the source) and
        ``"adjacent_other_elevation"`` (a Pull ends next to its source at another elevation, L3)."""
        return self._core.occurs()

    @property
    def collisions(self) -> tuple[Branch, ...]:
        """The branches that end in a collision."""
        return tuple(b for b in self if b.collision)

    def with_ending(self, *endings: str) -> tuple[Branch, ...]:
        """The branches whose ending is one of ``endings`` (keys of :data:`ENDINGS`).

        Parameters
        ----------
        *endings : str
            Keys of :data:`ENDINGS`, e.g. ``"terrain"``, ``"edge"``.

        Returns
        -------
        tuple of Branch
            In :attr:`branches` order (empty when no ending is given).

        Raises
        ------
        RuleError
            If an ending is not a key of :data:`ENDINGS` (ruling P1 for a Push, L1 for a Pull);
            the message lists the known endings.
        """
        bad = [show(e) for e in endings if not isinstance(e, str) or e not in ENDINGS]
        if bad:
            raise RuleError(f"unknown ending(s) [{', '.join(bad[:6])}]; known: {list(ENDINGS)}", ruling=self._rule)
        return tuple(b for b in self if b.ending in endings)

    def label(self, h: Hex | None) -> str:
        """``board.label(h)`` (``"C4"``; ``"D-1"`` for the hex above ``D1``, off the board); ``"-"`` for None.

        Raises
        ------
        HexError
            If ``h`` is neither a :class:`Hex` nor None (:class:`~hexrules.errors.NotAHexError`).
        """
        if h is not None:
            hex_value(h, "hex", ruling=self._rule)
        return hex_name(h, self.board)

    def choose(self, *hexes: Hex | str) -> Branch:
        """The branch whose attempted hexes are ``hexes``, in order (labels or :class:`Hex`).

        ``choose()`` is the 0-step stop; a branch that ends in a collision or at the edge is
        chosen by naming that last attempted hex too.

        Parameters
        ----------
        *hexes : Hex or str
            The attempted hexes, one argument each (labels may name positions off the board).

        Returns
        -------
        Branch
            The branch of :attr:`branches` that attempts exactly ``hexes``.

        Raises
        ------
        RuleError
            If no branch attempts exactly these hexes (P1/L1); the message lists the legal next
            hexes where the choice went wrong. Also if an argument is neither a :class:`Hex`
            nor a label.
        HexError
            If a label is malformed (ruling P1/L1).
        """
        # the choice replayed, N steps (never the whole tree); a choice that is not a branch is
        # refused where it goes wrong (RuleError)
        return self._core.replay(tuple(self._as_hex(h) for h in hexes))

    def check(self, guess: Iterable[Hex | str]) -> str:
        """Compare a guess of "on which hexes can the target end?" with :attr:`destinations`.

        A thin wrapper kept for scripts written before :mod:`hexrules.exercise`: it grades the
        guess with a :class:`~hexrules.exercise.HexesQuestion` (lessons use that question and
        the :class:`~hexrules.widgets.exercise.Exercise` widget, which also read a text such as
        ``"C3, C2"``, give a hint first and the answer later). Unlike the question, it keeps
        its strict input: a collection, never a single text.

        Parameters
        ----------
        guess : iterable of Hex or label
            The hexes guessed (include the start hex: stopping after 0 steps is allowed); a
            list, tuple or set, never a single hex or label.

        Returns
        -------
        str
            ``"Correct: ..."``, or what is missing and what is wrong, and the answer
            (:func:`hexrules.words.forced.check_text`).

        Raises
        ------
        RuleError
            If ``guess`` is not a collection of hexes (None, a text such as ``"C3, C2"``, a
            single :class:`Hex`, a dict) or holds something that is neither a Hex nor a label
            (ruling P1 for a Push, L1 for a Pull); for a text the message shows the list to
            write (``['C3', 'C2']``).
        HexError
            If a label is malformed.
        """
        want = frozenset(hexes_of(self.board, guess, what="guess", ruling=self._rule, on_board=False,
                                      ordered=False))
        question = HexesQuestion(f"On which hexes can {self.target} end?", self.destinations, board=self.board)
        return words.check_text(self, question.grade(want))

    def _as_hex(self, h: object) -> Hex:
        return position(self.board, h, what="attempted hex", ruling=self._rule)

    def resolve(self, branch: Branch | Sequence[Hex | str] = ()) -> State:
        """The new state after ``branch`` (a :class:`Branch`, or the hexes for :meth:`choose`).

        Parameters
        ----------
        branch : Branch or sequence of Hex or label
            A branch (checked by :func:`resolve` against this move's state and options), or the
            attempted hexes in order, e.g. ``["D3", "E3"]``; the default ``()`` is the 0-step
            stop.

        Returns
        -------
        State
            A new state; :attr:`state` is unchanged.

        Raises
        ------
        RuleError
            If ``branch`` is None, a single label or hex (write ``["D3"]``), or not a legal
            outcome here (P1/L1): see :meth:`choose` and :func:`resolve`.
        HexError
            If a label is malformed.
        """
        if not isinstance(branch, Branch):
            hexes = hexes_of(self.board, branch, what="branch", ruling=self._rule, on_board=False,
                                 expected="a Branch or a list of hexes or labels in order such as ['C3', 'D3']")
            branch = self.choose(*hexes)
        return _resolve(self.board, self.state, branch, self.options)

    def table(self) -> list[dict[str, Any]]:
        """One row per branch: number, path, ending, final hex and damage, in plain words
        (:func:`hexrules.words.forced.move_table`)."""
        return words.move_table(self)

    def explain(self) -> str:
        """A summary line, then one line per branch (:func:`hexrules.words.forced.move_text`)."""
        return words.move_text(self)

    def __str__(self) -> str:
        return self.explain()

    def _repr_html_(self) -> str:
        return words.move_html(self)


@dataclass(frozen=True)
class MultiForced:
    """Several units forced by one effect, resolved one at a time (P5).

    Attributes
    ----------
    kind : {"push", "pull"}
    moves : tuple of ForcedMove
        The outcomes offered to each unit, each computed on the state left by the earlier ones.
    branches : tuple of Branch
        The branch chosen for each unit, in the chosen order.
    states : tuple of State
        The state before the first unit, then after each unit.
    """

    kind: str
    moves: tuple[ForcedMove, ...]
    branches: tuple[Branch, ...]
    states: tuple[State, ...]

    @property
    def state(self) -> State:
        """The final state."""
        return self.states[-1]

    def explain(self) -> str:
        """Each unit's branch in order (:func:`hexrules.words.forced.multi_text`)."""
        return words.multi_text(self)

    def __str__(self) -> str:
        return self.explain()


# --- helpers -------------------------------------------------------------------------------------


def _totals(damages: Iterable[Damage]) -> dict[str, int]:
    """Total damage per unit, in the order the units are first hit."""
    out: dict[str, int] = {}
    for d in damages:
        out[d.unit] = out.get(d.unit, 0) + d.amount
    return out


# --- the tree walk -------------------------------------------------------------------------------


class _Outcome(NamedTuple):
    """One attempted step out of a node: its facts (all but the step number), the damage it deals,
    and, when it ends the forced movement, how (``Branch`` fields); ``end`` None: the target moved."""

    to: Hex
    step: dict[str, Any]
    damages: tuple[Damage, ...]
    end: dict[str, Any] | None


class _Walk:
    """The private core of :func:`forced` and :func:`resolve`: it decides, and records facts only.

    The tree of one forced movement has a node for each (hex, steps taken) the target can stand
    on; what can happen next depends on the hex alone (the board, the other units and the options
    do not change during the movement), so each hex's outcomes are decided once (:meth:`_plan`)
    and shared by every node on it. From them:

    * :meth:`branches` streams every branch, depth first (an explicit stack, no recursion; the
      "stop" branch before the steps at each node, neighbours in DIRECTIONS order), building each
      only when it is reached: the tree grows exponentially with N, a consumer may stop early.
      A step's facts depend on its hex, its number and where it goes only, so each such step is
      one :class:`ForcedStep` shared by every branch through it;
    * :meth:`replay` follows one chosen sequence of attempted hexes and builds only that branch
      (N steps), checking each step exactly as :meth:`branches` does;
    * :meth:`count` and :meth:`destinations` count the branches and collect the hexes the target
      can end on without building any: one pass over the hexes at each depth (a hex is at one
      depth only, since every step changes the distance to the source by exactly one).

    The words come later, on demand, from :mod:`hexrules.words.forced`.
    """

    def __init__(self, kind: str, board: Board, state: State, source: Hex, target: Unit, n: int,
                 by: Unit | None, options: RulesOptions) -> None:
        self.kind, self.board, self.state, self.source = kind, board, state, source
        self.target, self.n, self.by, self.options = target, n, by, options
        self.rule_move = _RULE[kind]["move"]
        self.rule_collide = _RULE[kind]["collide"]
        self.elevations = board.elevations
        self.src_elev = board.elevations[source]
        self.start = target.hex
        self._plans: dict[Hex, tuple[bool, tuple[_Outcome, ...]]] = {}
        self._layers: list[dict[Hex, None]] | None = None

    # --- the branches ---------------------------------------------------------------------------

    def branches(self) -> Iterator[Branch]:
        """Every branch, depth first, each built when it is reached."""
        n, stop = self.n, {"ending": "stop", "ruling": self.rule_move}
        full, adjacent = {"ending": "full", "ruling": self.rule_move}, {"ending": "adjacent", "ruling": "L3"}
        # each item: (hex, steps, damages, end); end None is a node still to expand
        stack: list[tuple[Hex, tuple[ForcedStep, ...], tuple[Damage, ...], dict[str, Any] | None]] = [
            (self.start, (), (), None)]
        shared: dict[tuple[Hex, int], tuple[ForcedStep, ...]] = {}
        while stack:
            cur, steps, damages, end = stack.pop()
            if end is not None:
                yield self._branch(steps, damages, end)
                continue
            k = len(steps)
            if k == n:
                yield self._branch(steps, damages, full)
                continue
            next_to_source, outcomes = self._plan(cur)
            if next_to_source:
                yield self._branch(steps, damages, adjacent)
                continue
            # the chosen stop (P1/L1: optional, may stop early, including after 0 steps)
            yield self._branch(steps, damages, stop)
            # step k + 1 out of this hex has the same facts on every path that reaches it: made once
            made = shared.get((cur, k))
            if made is None:
                made = shared[(cur, k)] = tuple(ForcedStep(k + 1, **o.step) for o in outcomes)
            stack.extend((o.to if o.end is None else cur, steps + (st,), damages + o.damages, o.end)
                         for o, st in zip(reversed(outcomes), reversed(made)))

    def replay(self, choice: tuple[Hex, ...]) -> Branch:
        """The branch that attempts exactly ``choice``; RuleError at the first hex not allowed."""
        cur, steps, damages = self.start, (), ()
        end: dict[str, Any] = {}
        for k in range(len(choice) + 1):
            if k == self.n:
                end = {"ending": "full", "ruling": self.rule_move}
                break
            next_to_source, outcomes = self._plan(cur)
            if next_to_source:
                end = {"ending": "adjacent", "ruling": "L3"}
                break
            if k == len(choice):
                end = {"ending": "stop", "ruling": self.rule_move}
                break
            o = next((o for o in outcomes if o.to == choice[k]), None)
            if o is None:
                raise self._illegal(cur, choice[k], [o.to for o in outcomes])
            steps += (ForcedStep(k + 1, **o.step),)
            damages += o.damages
            if o.end is not None:
                end = o.end
                break
            cur = o.to
        if len(steps) < len(choice):  # the movement ended before the choice did
            raise self._illegal(cur, choice[len(steps)], (), end["ending"])
        return self._branch(steps, damages, end)

    def _illegal(self, cur: Hex, h: Hex, legal: Sequence[Hex], ending: str | None = None) -> RuleError:
        label = self.board.label
        word = forced_word(self.kind)
        options = ", ".join(label(x) for x in legal) or f"none, the {word} has ended: {ENDINGS[ending]}"
        return RuleError(f"{word} {self.n} on {self.target.name!r}: {label(h)} is not a legal next hex "
                         f"from {label(cur)} (legal: {options})", ruling=self.rule_move)

    # --- counting without building ------------------------------------------------------------------

    def _depths(self) -> list[dict[Hex, None]]:
        """The hexes of the tree's nodes at each depth 0, 1, ... (at most N)."""
        if self._layers is None:
            layers = [{self.start: None}]
            while len(layers) <= self.n:
                deeper: dict[Hex, None] = {}
                for cur in layers[-1]:
                    next_to_source, outcomes = self._plan(cur)
                    if not next_to_source:
                        deeper.update((o.to, None) for o in outcomes if o.end is None)
                if not deeper:
                    break
                layers.append(deeper)
            self._layers = layers
        return self._layers

    def count(self) -> int:
        """How many branches :meth:`branches` yields, none of them built."""
        below: dict[Hex, int] = {}
        layers = self._depths()
        for k in reversed(range(len(layers))):
            here: dict[Hex, int] = {}
            for cur in layers[k]:
                if k == self.n:  # the full-distance branch
                    here[cur] = 1
                    continue
                next_to_source, outcomes = self._plan(cur)
                # next to the source (L3): one branch; else the stop, and every attempt's end or subtree
                here[cur] = 1 if next_to_source else 1 + sum(1 if o.end is not None else below[o.to] for o in outcomes)
            below = here
        return below[self.start]

    def destinations(self) -> frozenset[Hex]:
        """Every hex a branch can end on: each node's hex (its stop, full or L3 ending, or a
        collision or edge ``"stop"`` from it); a target removed from play ends nowhere."""
        return frozenset(h for layer in self._depths() for h in layer)

    def occurs(self) -> frozenset[str]:
        """What happens in at least one branch (:attr:`ForcedMove.occurs`), from each node's
        outcomes, no branch built: every attempted step out of a node with steps left is the last
        step of some branch (the one that stops after it, P1/L1), and every node is a branch's end."""
        found: set[str] = set()
        el = self.elevations
        for layer in self._depths()[:self.n]:  # a node at depth N has no step left: it ends "full"
            for cur in layer:
                next_to_source, outcomes = self._plan(cur)
                if next_to_source and el[cur] != self.src_elev:
                    found.add("adjacent_other_elevation")
                for o in outcomes:
                    if o.end is None:
                        if el[o.to] < el[cur]:
                            found.add("drop")
                        continue
                    if o.end.get("collision"):
                        found.add("collision")
                    if o.end["ending"] == "edge":
                        found.add("edge")
                    if o.step["ruling"] == "L3":
                        found.add("l3_collision")
        return frozenset(found)

    # --- one hex's outcomes ---------------------------------------------------------------------------

    def _plan(self, cur: Hex) -> tuple[bool, tuple[_Outcome, ...]]:
        """``(next to the source, outcomes)`` of a node on ``cur`` with steps left (decided once per hex).

        True: a Pull that reached the source's neighbour ends there (L3). Else the outcomes of
        every legal attempted hex in order (after the chosen stop, which is always legal).
        """
        plan = self._plans.get(cur)
        if plan is None:
            plan = self._plans[cur] = self._decide(cur)
        return plan

    def _decide(self, cur: Hex) -> tuple[bool, tuple[_Outcome, ...]]:
        candidates = push_next(self.source, cur) if self.kind == "push" else pull_next(self.source, cur)
        outcomes: list[_Outcome] = []
        if self.kind == "pull" and self.source.distance(cur) == 1:
            # L3: next to the source, the only closer hex is the source's own hex
            occupant = self.state.at(self.source)
            if self.elevations[cur] != self.src_elev and self.options.pull_other_elevation == "collide" \
                    and occupant is not None:
                outcomes.append(self._collide_l3(cur, occupant))
            else:  # same elevation; or another elevation and "nothing" (or nobody to collide with)
                return True, ()
        outcomes += [self._attempt(cur, nxt) for nxt in candidates]
        return False, tuple(outcomes)

    def _step(self, cur: Hex, nxt: Hex, result: str, ruling: str, **facts: Any) -> dict[str, Any]:
        """A :class:`ForcedStep`'s fields but its number."""
        el = self.elevations
        return dict(frm=cur, to=nxt, result=result, distance_from=self.source.distance(cur),
                    distance_to=self.source.distance(nxt), elevation_from=el[cur], elevation_to=el.get(nxt),
                    kind=self.kind, target=self.target.name, ruling=ruling, board=self.board, **facts)

    def _hit(self, unit: Unit) -> dict[str, Any]:
        return {"obstacle": "unit", "hit": unit.name, "hit_side": unit.side, "hit_garrison": unit.garrison}

    def _collision(self, names: Sequence[str], cause: str, ruling: str) -> tuple[Damage, ...]:
        """P2/L2 (and L3, P4 "collide"): every unit involved takes ``options.collision_damage``."""
        return tuple(Damage(nm, self.options.collision_damage, cause, ruling) for nm in names)

    def _attempt(self, cur: Hex, nxt: Hex) -> _Outcome:
        name = self.target.name
        if nxt not in self.elevations:  # P4: a step off the board
            mode = self.options.push_off_board
            ds = self._collision([name], "edge", "P4") if mode == "collide" else ()
            st = self._step(cur, nxt, "edge", "P4", edge=mode, damages=ds)
            return _Outcome(nxt, st, ds, {"ending": "edge", "ruling": "P4", "removed": mode == "remove",
                                          "collision": mode == "collide"})
        terrain = self.board.terrains[nxt]
        occupant = self.state.at(nxt)
        e0, e1 = self.elevations[cur], self.elevations[nxt]
        if occupant is not None and occupant.name != name:
            ds = self._collision([name, occupant.name], "collision", self.rule_collide)
            st = self._step(cur, nxt, "collision", self.rule_collide, damages=ds, **self._hit(occupant))
            return _Outcome(nxt, st, ds, {"ending": "unit", "ruling": self.rule_collide, "hit": occupant.name,
                                          "collision": True})
        if not terrain.passable or e1 > e0:
            ending = "impassable" if not terrain.passable else "terrain"
            ds = self._collision([name], "collision", self.rule_collide)
            st = self._step(cur, nxt, "collision", self.rule_collide, obstacle=ending, damages=ds,
                            terrain=None if terrain.passable else terrain.name)
            return _Outcome(nxt, st, ds, {"ending": ending, "ruling": self.rule_collide, "levels": max(0, e1 - e0),
                                          "collision": True})
        extra: tuple[Damage, ...] = ()
        if e1 < e0:  # P3: down is allowed; the drop may deal damage
            amount = drop_damage(e0 - e1, self.options)
            if amount:
                extra = (Damage(name, amount, "drop", "P3"),)
        return _Outcome(nxt, self._step(cur, nxt, "moved", "P3" if e1 < e0 else self.rule_move, damages=extra),
                        extra, None)

    def _collide_l3(self, cur: Hex, occupant: Unit) -> _Outcome:
        """L3 ``pull_other_elevation="collide"``: the target collides with the unit on the source hex."""
        ds = self._collision([self.target.name, occupant.name], "collision", "L3")
        st = self._step(cur, self.source, "collision", "L3", damages=ds, **self._hit(occupant))
        return _Outcome(self.source, st, ds, {"ending": "unit", "ruling": "L3", "hit": occupant.name,
                                              "collision": True})

    def _branch(self, steps: tuple[ForcedStep, ...], damages: tuple[Damage, ...], end: Mapping[str, Any]) -> Branch:
        return Branch(
            kind=self.kind, target=self.target.name, source=self.source, n=self.n, start=self.start,
            steps=steps, damages=damages, start_elevation=self.elevations[self.start],
            source_elevation=self.src_elev, by=self.by.name if self.by else None,
            by_garrison=self.by is not None and self.by.garrison, board=self.board, **{**_NO_END, **end},
        )


#: A branch's ending fields when its end does not say otherwise.
_NO_END: dict[str, Any] = {"hit": None, "levels": 0, "removed": False, "collision": False}


# --- public functions ----------------------------------------------------------------------------


def _check_board_state(board: object, state: object, rule: str) -> None:
    check_board(board, ruling=rule).check_state(state, ruling=rule)  # type: ignore[arg-type]


def _check(kind: object, board: object, state: object, n: object, side: object, allow_allies: object,
           options: object, *, ruling: str | None = None) -> tuple[str, int]:
    """The boundary of :func:`forced`, :func:`push_many` and :func:`pull_many`: every argument
    but the source and the target, which :func:`_setup` reads (their meaning is the rules')."""
    check_options(options)
    if not isinstance(kind, str) or kind not in _RULE:
        raise OptionsError(f"forced movement kind {show(kind)} is not 'push' or 'pull'")
    word, ing = forced_word(kind, "name"), forced_word(kind, "ing")
    rule = _RULE[kind]["move"]
    n = checks.whole(n, f"{word} N", 0, MAX_FORCED_N, unit="hexes", ruling=rule, limit="MAX_FORCED_N")
    if side is not None and (not isinstance(side, str) or not side.strip()):
        raise RuleError(f"side={show(side)} is not a side name such as 'zeon' (the {ing} side)", ruling=rule)
    checks.flag(allow_allies, "allow_allies", ruling=rule)
    _check_board_state(board, state, ruling or rule)
    return kind, n


def _setup(kind: str, board: Board, state: State, source: Hex | str, target: str | Unit, n: int,
           side: str | None, allow_allies: bool) -> tuple[Hex, Unit, Unit | None]:
    """The source and the target of a forced movement, and the rules' refusals (P1, L1, L3)."""
    word, ing, ed = (forced_word(kind, form) for form in ("name", "ing", "ed"))
    rule = _RULE[kind]["move"]
    by: Unit | None
    if isinstance(source, Unit) or (isinstance(source, str) and source in state):
        by = check_unit(state, source, what=f"{word} source", ruling=rule)
        src = by.hex
    else:
        src = hex_of(board, source, what=f"{word} source", ruling=rule)
        by = state.at(src)
    tgt = check_unit(state, target, what="target", ruling=rule)
    if tgt.hex == src:
        raise RuleError(f"{word} source {board.label(src)} is the target's own hex ({tgt.name}): a unit is never "
                        f"{ed} from its own hex", ruling=rule)
    if tgt.garrison:
        raise RuleError(f"{words.unit_name(tgt.name, tgt.garrison)} never moves: it cannot be {ed}", ruling=rule)
    forcing_side = side if side is not None else (by.side if by is not None else None)
    if not allow_allies:
        if forcing_side is None:
            raise RuleError(
                f"{word} from empty hex {board.label(src)}: give side= (the forcing side) so that enemies can be "
                f"told from allies, or allow_allies=True", ruling=rule)
        if tgt.side == forcing_side:
            raise RuleError(
                f"{tgt.name!r} (side {tgt.side}) is not an enemy of the {ing} side {show(forcing_side)}: "
                f"{word} moves an enemy (pass allow_allies=True for an effect that moves allies)", ruling=rule)
    el = board.elevations
    if kind == "pull" and src.distance(tgt.hex) == 1 and el[tgt.hex] == el[src]:
        raise RuleError(
            f"{tgt.name!r} on {board.label(tgt.hex)} is already adjacent to the source {board.label(src)} at the "
            f"same elevation ({el[src]}): it cannot be Pulled", ruling="L3")
    return src, tgt, by


def forced(kind: Kind, board: Board, state: State, source: Hex | str, target: str | Unit, n: int, *,
           side: str | None = None, allow_allies: bool = False, options: RulesOptions = DEFAULT) -> ForcedMove:
    """Every branch of a Push or Pull; :func:`push` and :func:`pull` call this.

    Parameters
    ----------
    kind : {"push", "pull"}
    board : Board
    state : State
    source : Hex, str or Unit
        The source hex: a :class:`Hex`, a label such as ``"C3"``, or the name of the unit whose
        hex it is (a unit name is looked up first). Only its hex matters to the steps (P1/L1).
    target : str or Unit
        The unit forced (by name).
    n : int
        Push N / Pull N, in hexes (0 or more). Never changed by Engagement or terrain (T2).
    side : str, optional
        The forcing side; default: the side of the unit on the source hex.
    allow_allies : bool
        Allow forcing a unit that is not an enemy of the forcing side (effects that say so).
    options : RulesOptions
        Switches used: ``collision_damage`` (P2), ``push_drop_damage_per_level`` (P3),
        ``push_off_board`` (P4), ``pull_other_elevation`` (L3).

    Returns
    -------
    ForcedMove
        Every branch, each with its steps, ending, damage and explanation; produced when asked
        for (counted, streamed or replayed without building the others: see :class:`ForcedMove`).

    Raises
    ------
    RuleError
        ``n`` not a whole number from 0 to :data:`~hexrules.checks.MAX_FORCED_N` (P1/L1; the
        branches of every choice are computed, and their number about doubles with each hex);
        ``side`` neither None nor a side name, or
        ``allow_allies`` not a bool (P1/L1); the source is the target's hex; the target
        is a Garrison; the target is not an enemy of the forcing side (unless
        ``allow_allies``) or the side is unknown; a Pull target adjacent to the source at the
        same elevation (L3).
    BoardError
        If ``board`` is not a :class:`~hexrules.board.Board` or the source hex is not on it.
    StateError
        If ``state`` is not a :class:`~hexrules.state.State`, the target is unknown, or a unit
        stands off the board.
    OptionsError
        If ``options`` is not a :class:`RulesOptions` or ``kind`` is unknown.
    """
    kind, n = _check(kind, board, state, n, side, allow_allies, options)
    return _forced(kind, board, state, source, target, n, side, allow_allies, options)


def _forced(kind: str, board: Board, state: State, source: Hex | str | Unit, target: str | Unit, n: int,
            side: str | None, allow_allies: bool, options: RulesOptions) -> ForcedMove:
    """:func:`forced` for checked arguments: the rules' refusals, then every branch."""
    src, tgt, by = _setup(kind, board, state, source, target, n, side, allow_allies)
    return ForcedMove(kind, tgt.name, src, n, tgt.hex, by.name if by else None, options, board, state)


def push(board: Board, state: State, source: Hex | str, target: str | Unit, n: int, *,
         side: str | None = None, allow_allies: bool = False, options: RulesOptions = DEFAULT) -> ForcedMove:
    """Every branch of Push ``n`` on ``target`` from ``source`` (RULES.md P1-P6, T2).

    Each step goes to a neighbour strictly farther from the source hex (P1); higher terrain,
    impassable terrain, units and Garrisons are collisions (P2); going down is allowed (P3); the
    board edge follows ``options.push_off_board`` (P4). Parameters, returns and errors: see
    :func:`forced`.

    Examples
    --------
    RULES.md's worked example: source (0,0), target (1,0), Push 1 on open ground.

    >>> from hexrules.board import Board
    >>> from hexrules.state import State, Unit
    >>> board = Board({h: (0, "open") for h in Hex(0, 0).spiral(3)})
    >>> state = State([Unit("Zaku", "zeon", Hex(0, 0)), Unit("Gundam", "federation", Hex(1, 0))])
    >>> sorted(push(board, state, Hex(0, 0), "Gundam", 1).destinations - {Hex(1, 0)})
    [Hex(q=1, r=1), Hex(q=2, r=-1), Hex(q=2, r=0)]
    """
    return forced("push", board, state, source, target, n, side=side, allow_allies=allow_allies, options=options)


def pull(board: Board, state: State, source: Hex | str, target: str | Unit, n: int, *,
         side: str | None = None, allow_allies: bool = False, options: RulesOptions = DEFAULT) -> ForcedMove:
    """Every branch of Pull ``n`` on ``target`` toward ``source`` (RULES.md L1-L3, P3-P6, T2).

    Each step goes to a neighbour strictly closer to the source hex, either of two equally close
    ones (L1), never onto the source hex itself; collisions as P2 (L2); a target adjacent to the
    source at the same elevation cannot be Pulled, at another elevation ``options.
    pull_other_elevation`` decides (L3). Parameters, returns and errors: see :func:`forced`.

    Examples
    --------
    RULES.md's worked examples: source (0,0), target (1,1), Pull 1 gives (1,0) or (0,1); a
    target on (1,0) cannot be Pulled.

    >>> from hexrules.board import Board
    >>> from hexrules.state import State, Unit
    >>> board = Board({h: (0, "open") for h in Hex(0, 0).spiral(3)})
    >>> state = State([Unit("Char", "zeon", Hex(0, 0)), Unit("Gundam", "federation", Hex(1, 1))])
    >>> sorted(pull(board, state, "Char", "Gundam", 1).destinations - {Hex(1, 1)})
    [Hex(q=0, r=1), Hex(q=1, r=0)]
    >>> pull(board, state.move("Gundam", Hex(1, 0)), "Char", "Gundam", 1)
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: 'Gundam' on B1 is already adjacent to the source A1 at the same elevation (0): it cannot be Pulled (ruling L3)
    """
    return forced("pull", board, state, source, target, n, side=side, allow_allies=allow_allies, options=options)


def resolve(board: Board, state: State, branch: Branch, *, options: RulesOptions = DEFAULT) -> State:
    """The state after one chosen branch: the target moved (or removed), damage applied.

    The branch's own attempted hexes are replayed on ``board`` and ``state`` under
    ``options``, each step checked as the rules check it (the same core as :func:`forced`, but
    only along this branch: N steps, not the whole tree). The replayed branch must have the same
    facts (steps, ending, damage, ...; never the wording of :meth:`Branch.explain`), so a branch
    computed for another state or another reading of the rules is refused.

    Parameters
    ----------
    board, state : Board, State
    branch : Branch
        One of :attr:`ForcedMove.branches`.
    options : RulesOptions
        The reading of the rules to check the branch against.

    Returns
    -------
    State
        A new state; ``state`` is unchanged.

    Raises
    ------
    RuleError
        If ``branch`` is not a :class:`Branch`; if the target is not on the branch's start hex
        (computed for another state); if a step is not a legal next hex here, or the rules give
        another outcome here (P1/L1); and the refusals of :func:`forced` (Garrison target, a
        Pull target adjacent at the same elevation, L3).
    BoardError, StateError
        If ``board`` or ``state`` has the wrong type, the source is not on the board, the
        target is unknown or a unit stands off the board.
    OptionsError
        If ``options`` is not a :class:`RulesOptions`.

    Examples
    --------
    >>> from hexrules.board import Board
    >>> board = Board({h: (0, "open") for h in Hex(0, 0).spiral(2)})
    >>> state = State([Unit("Zaku", "zeon", Hex(0, 0)), Unit("Gundam", "federation", Hex(1, 0))])
    >>> b = push(board, state, "Zaku", "Gundam", 1).choose(Hex(2, 0))
    >>> resolve(board, state, b).unit("Gundam").hex
    Hex(q=2, r=0)
    >>> resolve(board, state.add(Unit("GM", "federation", Hex(2, 0))), b)
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: branch B1 -> C1 (full distance (1 hex)) is not a legal outcome of Push 1 on 'Gundam' in this state under these options: step 1 into C1 (height 0): collision with GM (federation); Gundam and GM each take 2 collision damage (non-combat, P6) (ruling P1)
    """
    check_options(options)
    if not isinstance(branch, Branch):
        raise RuleError(f"{show(branch)} is not a Branch (choose one with ForcedMove.choose)", ruling="P1")
    if branch.kind not in _RULE:
        raise RuleError(f"branch kind {show(branch.kind)} is not 'push' or 'pull'", ruling="P1")
    _check_board_state(board, state, _RULE[branch.kind]["move"])
    return _resolve(board, state, branch, options)


def _resolve(board: Board, state: State, branch: Branch, options: RulesOptions) -> State:
    """:func:`resolve` for checked arguments: replay the branch here, compare, apply it."""
    rule = _RULE[branch.kind]["move"]
    tgt = check_unit(state, branch.target, what="branch target", ruling=rule)
    if tgt.hex != branch.start:
        raise RuleError(f"branch starts on {board.label(branch.start)} but {branch.target!r} is on "
                        f"{board.label(tgt.hex)}: it was computed for another state", ruling=rule)
    src, tgt, by = _setup(branch.kind, board, state, branch.source, tgt, branch.n, None, True)
    what = (f"branch {words.path_text(branch, board)} ({words.ending_text(branch)}) is not a legal outcome of "
            f"{forced_word(branch.kind)} {branch.n} on {branch.target!r} in this state under these options")
    try:
        here = _Walk(branch.kind, board, state, src, tgt, branch.n, by, options).replay(branch.choice)
    except RuleError as e:
        raise RuleError(f"{what}: {e.message}", ruling=rule) from None
    if here != branch:
        # the first step whose facts differ, else the last step (same steps, another outcome)
        differs = next((s for s, t in zip(here.steps, branch.steps) if s != t), here.steps[-1] if here.steps else None)
        why = differs.text if differs is not None else f"here it ends: {words.ending_text(here)}"
        raise RuleError(f"{what}: {why}", ruling=rule)
    new = state
    for d in here.damages:
        if d.amount:
            new = new.damage(d.unit, d.amount)
    if here.removed:
        return new.remove(here.target)
    if here.final != tgt.hex:
        new = new.move(here.target, here.final)
    return new


def _many(kind: Kind, board: Board, state: State, source: Hex | str, plan: Iterable[tuple[str, Sequence[Hex | str]]],
          n: int, side: str | None, allow_allies: bool, options: RulesOptions) -> MultiForced:
    kind, n = _check(kind, board, state, n, side, allow_allies, options, ruling="P5")
    plan = _plan(board, plan)
    names = [t for t, _ in plan]
    dup = sorted({t for t in names if names.count(t) > 1})
    if dup:
        raise RuleError(f"unit(s) {dup} appear twice: one effect moves each unit once", ruling="P5")
    if not plan:
        raise RuleError("no units to force: the plan is empty", ruling="P5")
    # the forcing side is fixed at the start (the source unit itself may not move)
    if isinstance(source, Unit) or (isinstance(source, str) and source in state):
        src_unit = check_unit(state, source, what="source", ruling="P5")
        source = src_unit.hex
        if side is None:
            side = src_unit.side
    states = [state]
    moves, branches = [], []
    cur = state
    for target, hexes in plan:
        fm = _forced(kind, board, cur, source, target, n, side, allow_allies, options)
        br = fm.choose(*hexes)
        cur = _resolve(board, cur, br, options)
        moves.append(fm)
        branches.append(br)
        states.append(cur)
    return MultiForced(kind, tuple(moves), tuple(branches), tuple(states))


def _plan(board: Board, plan: object) -> list[tuple[str, tuple[Hex, ...]]]:
    """``plan`` as ``[(unit name, attempted hexes), ...]``, refusing anything else (P5)."""
    hint = " (for a dict, write list(plan.items()) so that the order is explicit)" if isinstance(plan, Mapping) else ""
    entries = checks.items(plan, what="plan", ruling="P5", expected=(
        "a list of (unit name, attempted hexes) pairs in the chosen order, such as [('Gundam', ['D3']), "
        f"('GM', [])]{hint}"))
    out = []
    for item in entries:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise RuleError(f"plan entry {show(item)} is not a (unit name, attempted hexes) pair such as "
                            f"('Gundam', ['D3'])", ruling="P5")
        target, hexes = item
        name = target.name if isinstance(target, Unit) else target
        if not isinstance(name, str):
            raise RuleError(f"plan entry {show(item)}: {show(target)} is not a unit name", ruling="P5")
        out.append((name, hexes_of(board, hexes, what=f"plan entry for {show(name)}: attempted hexes",
                                       ruling="P5", on_board=False)))
    return out


def push_many(board: Board, state: State, source: Hex | str, plan: Iterable[tuple[str, Sequence[Hex | str]]],
              n: int, *, side: str | None = None, allow_allies: bool = False,
              options: RulesOptions = DEFAULT) -> MultiForced:
    """Push several units by one effect, one at a time in the order of ``plan`` (P5).

    Each unit's outcomes are computed on the state left by the units before it, so units
    already moved are obstacles for the later ones (and units not yet moved are obstacles too).

    Parameters
    ----------
    plan : iterable of (str, sequence of Hex or label)
        ``(unit name, attempted hexes)`` in the chosen order; the hexes pick a branch as
        :meth:`ForcedMove.choose` does (an empty sequence: not moved).
    Other parameters : see :func:`forced`.

    Returns
    -------
    MultiForced

    Raises
    ------
    RuleError
        A unit named twice, an empty plan, or a plan that is not a list of ``(name, hexes)``
        pairs (None, a dict, a bare name, a bare label where the hexes should be: write
        ``[("Gundam", ["C4"])]``) (P5); and every error of :func:`forced` and
        :meth:`ForcedMove.choose`.
    BoardError, StateError, OptionsError
        As :func:`forced`.
    """
    return _many("push", board, state, source, plan, n, side, allow_allies, options)


def pull_many(board: Board, state: State, source: Hex | str, plan: Iterable[tuple[str, Sequence[Hex | str]]],
              n: int, *, side: str | None = None, allow_allies: bool = False,
              options: RulesOptions = DEFAULT) -> MultiForced:
    """Pull several units by one effect, one at a time in the order of ``plan`` (P5 applied to L).

    Parameters, returns and errors: see :func:`push_many`.

    Raises
    ------
    RuleError, BoardError, StateError, OptionsError
        As :func:`push_many`.
    """
    return _many("pull", board, state, source, plan, n, side, allow_allies, options)
