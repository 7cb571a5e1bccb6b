# Why this module is over ~900 lines: one rule topic, Crush (C1-C5), in one
# module: its small unit values (pieces, models, squads, vehicles), who is affected, the
# traversal, the resolution and their results. About 40% of the lines are numpydoc docstrings and
# doctests; the words moved out to hexrules/words/crush.py.
"""Crush: a vehicle collapses a terrain piece and the units in, on or under it take damage.

Crush comes from another game (VoidSiege, rule text ``docs/rule-text/voidsiege-crush.txt``), so it has its own
small frozen values here rather than :class:`hexrules.state.Unit`: a VoidSiege unit is made of
*models*, each with wounds, and has a *Resolve*; a vehicle has a modified *Shield*, a Resolve,
HP and tallies of Minor and Major System Damage. The board (:class:`hexrules.board.Board`) and
hexes (:class:`hexrules.hexgrid.Hex`) are shared with the rest of the kit.

The rulings (RULES.md section C) and where they live:

* C1 :func:`traverse`: a vehicle whose path enters a hex of a collapsible piece by a step
  reduces its Cover (by ``options.crush_cover_reduction``) and the piece collapses; it stays
  obstruction terrain with Cover 0 (:meth:`TerrainPiece.collapse`).
* C2 :func:`affected_units`: a unit is affected when at least one of its models is on one of
  the piece's hexes ("in, on or under"); a model on a neighbouring hex merely touches it and
  is not affected. Each affected unit rolls as many D6 as the piece's Cover *before* the
  reduction (Cover 0: no dice).
* C3 :func:`resolve_crush` for a :class:`Squad`: each die >= Resolve deals 1 normal damage,
  assigned only to the unit's models on the piece; damage beyond their wounds is lost.
* C4 :func:`resolve_crush` for a :class:`Vehicle`: each die against the Shield at the start of
  the Crush: below, nothing; >= Shield, Minor System Damage; >= Shield + Resolve, Major System
  Damage and 1 HP lost (Major only, or Major and Minor: ``options.crush_major_also_minor``).
  Crush has no Force and ignores Cover, Line of Sight, Target Lock and Target Limit.
* C5 :mod:`hexrules.dice`: exact distributions; every roll takes ``seed=`` or ``rng=``.

Readings where the rule text is silent (each is named in the docstrings below):

* **When Crush resolves.** The traversing vehicle finishes its path, then Crush resolves. The
  rule text makes no exception for the vehicle that triggered the collapse: "an affected unit
  is a unit with one or more models in, on, or under the collapsing terrain when Crush
  resolves". So the vehicle is affected when its path *ends* on one of the piece's hexes, and
  is not affected when it drove across and off.
* **Assigning damage (C3).** The controller chooses (``assign=``); the default policy,
  ``"fewest_remaining"``, gives each point to the eligible model with the fewest wounds left
  (ties: listed order), which finishes wounded models first. A point may go to a model with no
  wounds left only when every eligible model is slain: that is the damage that is lost.
* **Several models on one hex** are allowed (VoidSiege is not hex-based; a hex stands for a
  patch of table), and so are models of several units on one hex.
* **What counts as a traversal (C1).** A traversal is a move across the piece: at least one
  step of the path must *enter* one of the piece's hexes. A vehicle that stays where it is
  (a one-hex path), or that starts on the piece and only drives off it, does not traverse it
  (an error, not a collapse); a path that starts on the piece and steps onto another of its
  hexes does.
* **A piece that cannot collapse** (not collapsible, or already collapsed) does nothing when
  traversed: no Cover change, no dice. A path that does not enter the piece is an error.
* **Vehicle HP** never goes below 0; HP lost counts every Major die. What happens to a vehicle
  at 0 HP is the Vehicle Damage rules' business, not Crush's.

Examples
--------
The rulebook's worked example (RULES.md): pre-reduction Cover 3 against Resolve 4, dice 6, 4, 3:

>>> from hexrules.board import Board
>>> board = Board.rectangle(5, 3)
>>> h = board.hex
>>> piece = TerrainPiece("Hab block", [h("B2"), h("C2")], cover=3)
>>> rangers = Squad("Rangers", [Model("R1", h("B2"), wounds=1), Model("R2", h("C2"), wounds=2),
...                              Model("R3", h("D2"), wounds=1)], resolve=4)
>>> grinder = Vehicle("Grinder", h("A2"), shield=4, resolve=2, hp=6)
>>> result = crush(board, piece, [rangers, grinder], [h("A2"), h("B2"), h("C2"), h("D2"), h("E2")],
...                vehicle="Grinder", rolls={"Rangers": [6, 4, 3]})
>>> result.resolution("Rangers").damage
2
>>> print(result.resolution("Rangers").explain())
Rangers: rolls 3 dice (pre-reduction Cover 3) against Resolve 4: 6 hit, 4 hit, 3 miss -> 2 damage.
  eligible models (on the piece): R1 (1 wound left), R2 (2 wounds left)
  R1 takes 1 (slain); R2 takes 1 (1 wound left)
>>> result.piece.cover, result.piece.collapsed
(0, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence, Union

from . import checks
from .board import Board, check_board, hex_of, hexes_of
from .checks import FACES, MAX_COVER, MAX_DICE, MAX_WHOLE, show
from .dice import check_dice, check_stat, classify_vehicle_die, make_rng, tally
from .errors import BoardError, HexSequenceError, RuleError, StateError
from .hexgrid import Hex, hex_value
from .options import DEFAULT, RulesOptions, check_options
from .words import crush as words
from .words import extent_text
from .words.crush import IGNORES

__all__ = [
    "IGNORES",
    "POLICIES",
    "TerrainPiece",
    "Model",
    "Squad",
    "Vehicle",
    "Collapse",
    "ModelDamage",
    "UnitResolution",
    "CrushStep",
    "CrushResult",
    "affected_units",
    "touching_units",
    "traverse",
    "resolve_crush",
    "crush",
]

# IGNORES (what Crush does not use, C4: said in every explanation) lives with the words, in
# hexrules.words.crush; it is imported above so that hexrules.crush.IGNORES keeps working.

#: Default damage-assignment policies for a non-vehicle unit (C3); see :func:`resolve_crush`.
POLICIES = ("fewest_remaining", "listed", "spread")


def _name_ok(name: Any, what: str, ruling: str) -> str:
    return checks.name(name, f"{what} name", ruling=ruling)


def _side_ok(side: Any, what: str, ruling: str) -> str:
    # a side is a name, or "" (no side: the unit is its own side when drawn)
    return checks.name(side, f"{what}: side", ruling=ruling, empty=True)


# --- the model ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainPiece:
    """A terrain piece covering one or more hexes, with a Cover value (RULES.md C1).

    Parameters
    ----------
    name : str
        E.g. ``"Hab block"``.
    hexes : iterable of Hex
        The hexes it covers (at least one; duplicates are dropped, order kept).
    cover : int
        Its Cover value, >= 0.
    collapsible : bool
        Whether a vehicle traversing it makes it collapse (C1).
    collapsed : bool
        True once it has collapsed: obstruction terrain with Cover 0 (C1).

    Raises
    ------
    RuleError
        If ``cover`` is not a whole number from 0 to :data:`~hexrules.checks.MAX_COVER` (the
        Crush dice, C2), ``hexes`` is not a list, is empty or holds something other than
        :class:`Hex`, or a flag is not True or False (ruling C1).
    StateError
        If ``name`` is not a non-empty str (ruling C1).

    Examples
    --------
    >>> p = TerrainPiece("Ruin", [Hex(0, 0), Hex(1, 0)], cover=3)
    >>> p.collapse()
    TerrainPiece(name='Ruin', hexes=(Hex(q=0, r=0), Hex(q=1, r=0)), cover=0, collapsible=True, collapsed=True)
    >>> TerrainPiece("Ruin", [Hex(0, 0)], cover=-1)
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: terrain piece 'Ruin': Cover -1 is not a whole number >= 0 (ruling C1)
    """

    name: str
    hexes: tuple[Hex, ...]
    cover: int
    collapsible: bool = True
    collapsed: bool = False

    def __post_init__(self) -> None:
        _name_ok(self.name, "terrain piece", "C1")
        what = f"terrain piece {show(self.name)}"
        hexes = checks.items(self.hexes, what=f"{what}: hexes", ordered=False, ruling="C1", error=HexSequenceError)
        if not hexes:
            raise RuleError(f"{what} covers no hexes", ruling="C1")
        for h in hexes:
            hex_value(h, f"{what}:", ruling="C1")
        object.__setattr__(self, "hexes", tuple(dict.fromkeys(hexes)))
        checks.whole(self.cover, f"{what}: Cover", 0, MAX_COVER, ruling="C1", limit="MAX_COVER", sep=" ")
        for flag in ("collapsible", "collapsed"):
            checks.flag(getattr(self, flag), f"{what}: {flag}", ruling="C1")

    def covers(self, h: Hex) -> bool:
        """True if ``h`` is one of the piece's hexes (False for anything that is not a Hex)."""
        return isinstance(h, Hex) and h in self.hexes

    def collapse(self) -> "TerrainPiece":
        """The piece after collapsing: obstruction terrain with Cover 0 (C1)."""
        return dataclasses.replace(self, cover=0, collapsed=True)

    def replace(self, **changes: Any) -> "TerrainPiece":
        """A copy with some fields changed (refused as the constructor refuses; an unknown field
        is a :class:`~hexrules.errors.RuleError`, C1)."""
        return checks.replace(self, changes, what=f"terrain piece {show(self.name)}", error=RuleError, ruling="C1")


@dataclass(frozen=True)
class Model:
    """One model of a :class:`Squad`, standing on a hex.

    Parameters
    ----------
    name : str
        Unique within its unit, e.g. ``"R1"``.
    hex : Hex
        Where it stands.
    wounds : int
        Its Wounds characteristic, >= 1.
    damage : int
        Damage taken so far, 0..wounds; at ``damage == wounds`` the model is slain.

    Raises
    ------
    StateError
        If the name is empty, a number is out of range (ruling C3) or ``hex`` is not a Hex
        (ruling C2).
    """

    name: str
    hex: Hex
    wounds: int = 1
    damage: int = 0

    def __post_init__(self) -> None:
        _name_ok(self.name, "model", "C3")
        what = f"model {show(self.name)}"
        hex_value(self.hex, f"{what}: position", ruling="C2")
        wounds = checks.whole(self.wounds, f"{what}: wounds", 1, MAX_WHOLE, error=StateError, ruling="C3")
        if not checks.is_whole(self.damage) or not 0 <= self.damage <= wounds:
            raise StateError(f"{what}: damage={show(self.damage)} is not a whole number from 0 to wounds={wounds}",
                             ruling="C3")

    @property
    def remaining(self) -> int:
        """Wounds left."""
        return self.wounds - self.damage

    @property
    def alive(self) -> bool:
        """Not slain."""
        return self.remaining > 0


@dataclass(frozen=True)
class Squad:
    """A non-vehicle unit: models with wounds, and a Resolve (C3).

    Parameters
    ----------
    name : str
        Unique among the units of a Crush.
    models : iterable of Model
        Its models (at least one), in the order its controller lists them.
    resolve : int
        1..12; each Crush die >= Resolve deals 1 damage (C3).
    side : str
        Its controller, for display.

    Raises
    ------
    RuleError
        If Resolve is outside 1..12 (C3).
    StateError
        If the name is empty, ``models`` is not a list of :class:`Model`, is empty, or two share
        a name, or ``side`` is not a string (C3).
    """

    name: str
    models: tuple[Model, ...]
    resolve: int
    side: str = ""

    is_vehicle = False

    def __post_init__(self) -> None:
        _name_ok(self.name, "unit", "C3")
        what = f"unit {show(self.name)}"
        models = checks.items(self.models, what=f"{what}: models", error=StateError, ordered=False, ruling="C3")
        if not models:
            raise StateError(f"{what} has no models", ruling="C3")
        seen = set()
        for m in models:
            if not isinstance(m, Model):
                raise StateError(f"{what}: {show(m)} is not a Model", ruling="C3")
            if m.name in seen:
                raise StateError(f"{what}: two models are named {show(m.name)}", ruling="C3")
            seen.add(m.name)
        object.__setattr__(self, "models", models)
        try:
            check_stat(self.resolve, "Resolve", "C3")
        except RuleError as e:
            raise RuleError(f"{what}: {e.message}", ruling=e.ruling) from None
        _side_ok(self.side, what, "C3")

    def positions(self) -> tuple[Hex, ...]:
        """The hexes of its living models."""
        return tuple(m.hex for m in self.models if m.alive)

    def model(self, name: str) -> Model:
        """The model called ``name``.

        Raises
        ------
        StateError
            If the unit has no model of that name (C3).
        """
        for m in self.models:
            if isinstance(name, str) and m.name == name:
                return m
        raise StateError(f"unit {show(self.name)} has no model {show(name)} (models: "
                         f"{', '.join(m.name for m in self.models)})", ruling="C3")

    def replace(self, **changes: Any) -> "Squad":
        """A copy with some fields changed (refused as the constructor refuses)."""
        return checks.replace(self, changes, what=f"unit {show(self.name)}", ruling="C3")


@dataclass(frozen=True)
class Vehicle:
    """A vehicle: one model on a hex, with a modified Shield, Resolve, HP and system damage (C4).

    Parameters
    ----------
    name : str
        Unique among the units of a Crush.
    hex : Hex
        Where it stands.
    shield : int
        Its *modified* Shield, 1..12: every Crush die is compared with the value at the start
        of the Crush (C4).
    resolve : int
        1..12; a die >= Shield + Resolve is Major System Damage.
    hp : int
        HP left, >= 0.
    side : str
        Its controller.
    minor, major : int
        Minor and Major System Damage taken so far.

    Raises
    ------
    RuleError
        If Shield or Resolve is outside 1..12 (C4).
    StateError
        If the name is empty, ``hex`` is not a Hex, HP or a tally is not a whole number from 0
        to :data:`~hexrules.checks.MAX_WHOLE`, or ``side`` is not a string (C4).
    """

    name: str
    hex: Hex
    shield: int
    resolve: int
    hp: int
    side: str = ""
    minor: int = 0
    major: int = 0

    is_vehicle = True

    def __post_init__(self) -> None:
        _name_ok(self.name, "vehicle", "C4")
        what = f"vehicle {show(self.name)}"
        hex_value(self.hex, f"{what}: position", ruling="C4")
        for stat in ("shield", "resolve"):
            try:
                check_stat(getattr(self, stat), stat.capitalize(), "C4")
            except RuleError as e:
                raise RuleError(f"{what}: {e.message}", ruling=e.ruling) from None
        for stat in ("hp", "minor", "major"):
            checks.whole(getattr(self, stat), f"{what}: {stat}", 0, MAX_WHOLE, error=StateError, ruling="C4")
        _side_ok(self.side, what, "C4")

    def positions(self) -> tuple[Hex, ...]:
        """Its hex (a vehicle is one model)."""
        return (self.hex,)

    def replace(self, **changes: Any) -> "Vehicle":
        """A copy with some fields changed (refused as the constructor refuses)."""
        return checks.replace(self, changes, what=f"vehicle {show(self.name)}", ruling="C4")


CrushUnit = Union[Squad, Vehicle]


def _check_units(units: Iterable[Any], what: str = "units") -> tuple[CrushUnit, ...]:
    if isinstance(units, (Squad, Vehicle)):
        raise StateError(f"{what} {show(units)} is one unit, not a list of units", ruling="C2")
    units = checks.items(units, what=what, error=StateError, ordered=False, ruling="C2")
    seen = set()
    for u in units:
        if not isinstance(u, (Squad, Vehicle)):
            raise StateError(f"{show(u)} is not a Squad or a Vehicle", ruling="C2")
        if u.name in seen:
            raise StateError(f"two units are named {show(u.name)}", ruling="C2")
        seen.add(u.name)
    return units


def _check_piece(piece: Any) -> TerrainPiece:
    if not isinstance(piece, TerrainPiece):
        raise RuleError(f"{show(piece)} is not a TerrainPiece", ruling="C1")
    return piece


def _check_board(board: Any) -> Board:
    return check_board(board, ruling="C1", expected="a hexrules.board.Board")


def _check_on_board(board: Board, piece: TerrainPiece, units: Sequence[CrushUnit]) -> None:
    for h in piece.hexes:
        hex_of(board, h, what=f"terrain piece {show(piece.name)} hex", ruling="C1")
    for u in units:
        if u.is_vehicle:
            places = [(f"vehicle {show(u.name)}", u.hex)]
        else:
            places = [(f"model {show(m.name)} of {show(u.name)}", m.hex) for m in u.models]
        for what, h in places:
            if h not in board:
                raise BoardError(f"{what} is on hex {board.hex_name(h)}, which is not on the board: {extent_text(board, h)}",
                                 ruling="C2")


# --- who is affected ----------------------------------------------------------------------------


def affected_units(piece: TerrainPiece, units: Iterable[CrushUnit]) -> tuple[CrushUnit, ...]:
    """The units with at least one living model in, on or under ``piece`` (RULES.md C2).

    "In, on or under" is "on one of the piece's hexes"; a model on a neighbouring hex merely
    touches the piece and does not make its unit affected.

    >>> p = TerrainPiece("Ruin", [Hex(0, 0)], cover=2)
    >>> a = Squad("A", [Model("a1", Hex(0, 0)), Model("a2", Hex(5, 0))], resolve=4)
    >>> b = Squad("B", [Model("b1", Hex(1, 0))], resolve=4)        # adjacent: touching only
    >>> [u.name for u in affected_units(p, [a, b])]
    ['A']

    Raises
    ------
    RuleError
        If ``piece`` is not a :class:`TerrainPiece` (C1).
    StateError
        If ``units`` is not a list of :class:`Squad` and :class:`Vehicle` with distinct names
        (C2).
    """
    return _affected(_check_piece(piece), _check_units(units))


def _affected(piece: TerrainPiece, units: Sequence[CrushUnit]) -> tuple[CrushUnit, ...]:
    return tuple(u for u in units if any(piece.covers(h) for h in u.positions()))


def touching_units(piece: TerrainPiece, units: Iterable[CrushUnit]) -> tuple[CrushUnit, ...]:
    """Units that merely touch ``piece`` (a model next to it, none on it): not affected (C2).

    Raises
    ------
    RuleError, StateError
        As for :func:`affected_units`.
    """
    return _touching(_check_piece(piece), _check_units(units))


def _touching(piece: TerrainPiece, units: Sequence[CrushUnit]) -> tuple[CrushUnit, ...]:
    around = {n for h in piece.hexes for n in h.neighbors()} - set(piece.hexes)
    return tuple(
        u for u in units
        if not any(piece.covers(h) for h in u.positions()) and any(h in around for h in u.positions())
    )


# --- C1: the traversal --------------------------------------------------------------------------


@dataclass(frozen=True)
class Collapse:
    """What a vehicle's traversal did to a terrain piece (RULES.md C1, C2).

    Attributes
    ----------
    vehicle : str
        The traversing vehicle.
    path : tuple of Hex
        Its path, first hex = where it started.
    touched : tuple of Hex
        The path's hexes that are on the piece (where the vehicle is on it; not C2's "merely
        touching", which is a model on a neighbouring hex), in path order.
    entered : tuple of Hex
        The piece's hexes that a step of the path enters (a property): a traversal enters at
        least one (C1).
    before, after : TerrainPiece
        The piece before and after.
    reduced_cover : int
        ``max(0, Cover - crush_cover_reduction)``: the Cover after C1's reduction. The reduction
        is what triggers the collapse; the collapse then sets the Cover to 0, so this value is
        never used (the dice are the Cover *before* the reduction, C2).
    dice : int
        Crush dice each affected unit rolls: the pre-reduction Cover (C2), 0 if nothing
        collapsed.
    collapsed : bool
        Whether the piece collapsed (and Crush is triggered).
    outcome : {"collapsed", "not_collapsible", "already_collapsed"}
        What the traversal did: the piece collapsed; or nothing, because it is not collapsible
        or has already collapsed (C1).
    reduction : int
        How much the traversal reduced the Cover (``options.crush_cover_reduction``, C1); 0
        when nothing happened.
    labels : mapping of Hex to str
        Names the hexes in :attr:`reason` (not compared, not in the repr).
    reason : str
        A sentence saying what happened and why (a property:
        :func:`hexrules.words.crush.collapse_text`; not compared).
    """

    vehicle: str
    path: tuple[Hex, ...]
    touched: tuple[Hex, ...]
    before: TerrainPiece
    after: TerrainPiece
    reduced_cover: int
    dice: int
    collapsed: bool
    outcome: str
    reduction: int
    labels: Mapping[Hex, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def entered(self) -> tuple[Hex, ...]:
        """The piece's hexes that a step of the path enters, in path order (C1)."""
        on = set(self.touched)
        return tuple(dict.fromkeys(h for h in self.path[1:] if h in on))

    @property
    def reason(self) -> str:
        """What happened and why, in a sentence (:func:`hexrules.words.crush.collapse_text`)."""
        return words.collapse_text(self)

    def explain(self) -> str:
        """The sentence :attr:`reason`."""
        return self.reason


def _check_path(board: Board, path: Sequence[Any]) -> tuple[Hex, ...]:
    hexes = hexes_of(board, path, what="vehicle path", ruling="C1", nonempty=True, hint=False,
                         expected="a non-empty list of hexes")
    for a, b in zip(hexes, hexes[1:]):
        if a.distance(b) != 1:
            raise RuleError(
                f"vehicle path steps from {board.label(a)} to {board.label(b)}, which are not neighbours", ruling="C1"
            )
    return hexes


def traverse(
    board: Board,
    piece: TerrainPiece,
    vehicle: Vehicle,
    path: Sequence[Hex | str],
    *,
    options: RulesOptions = DEFAULT,
) -> Collapse:
    """A vehicle traverses ``piece`` along ``path`` (RULES.md C1).

    Parameters
    ----------
    board : Board
        The board; the path and the piece must be on it.
    piece : TerrainPiece
        The piece.
    vehicle : Vehicle
        The traversing vehicle; ``path[0]`` must be its hex.
    path : sequence of Hex or labels
        Hexes in order, starting at the vehicle's hex, each a neighbour of the one before.
        Traversing = at least one step of the path *enters* one of the piece's hexes: a
        one-hex path (the vehicle does not move), or a path that starts on the piece and only
        drives off it, is not a traversal.
    options : RulesOptions
        ``crush_cover_reduction`` (C1, default 1).

    Returns
    -------
    Collapse
        If the piece is collapsible and not yet collapsed: its Cover is reduced, it collapses
        to Cover 0 obstruction terrain, and Crush rolls the pre-reduction Cover in dice. Else
        nothing happens (``collapsed=False``, 0 dice), with the reason.

    Raises
    ------
    RuleError
        If ``vehicle`` is not a :class:`Vehicle` or ``piece`` not a :class:`TerrainPiece`, or
        the path is not a non-empty list of hexes, does not start at the vehicle's hex, steps
        between hexes that are not neighbours, or has no step entering one of the piece's
        hexes (C1).
    BoardError, HexError
        If ``board`` is not a Board, or a path hex or piece hex is not on it (C1).
    OptionsError
        If ``options`` is not a :class:`~hexrules.options.RulesOptions`.

    Examples
    --------
    >>> b = Board.rectangle(4, 1)
    >>> p = TerrainPiece("Ruin", [b.hex("B1"), b.hex("C1")], cover=3)
    >>> v = Vehicle("Tank", b.hex("A1"), shield=4, resolve=2, hp=5)
    >>> c = traverse(b, p, v, ["A1", "B1", "C1", "D1"])
    >>> c.dice, c.reduced_cover, c.after.cover
    (3, 2, 0)
    >>> traverse(b, p, v, ["A1"])
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: vehicle 'Tank' path A1 never enters terrain piece 'Ruin' (B1, C1) (ruling C1)

    A vehicle standing on the piece that does not move does not traverse it:

    >>> traverse(b, p, v.replace(hex=b.hex("B1")), ["B1"])
    Traceback (most recent call last):
    ...
    hexrules.errors.RuleError: vehicle 'Tank' path B1 has no step: a vehicle that does not move does not traverse terrain piece 'Ruin' (a traversal needs a step entering one of its hexes) (ruling C1)
    """
    if not isinstance(vehicle, Vehicle):
        raise RuleError(f"{show(getattr(vehicle, 'name', vehicle))} is not a vehicle: only a vehicle traversing a piece "
                        "collapses it", ruling="C1")
    _check_piece(piece)
    _check_board(board)
    options = check_options(options)
    hexes = _check_path(board, path)
    _check_on_board(board, piece, ())
    return _traverse(board, piece, vehicle, hexes, options)


def _route(board: Board, hexes: Sequence[Hex]) -> str:
    # a path's labels for a message, the first dozen of a long one
    text = " ".join(board.label(h) for h in hexes[:12])
    return text + (f" ... ({len(hexes)} hexes)" if len(hexes) > 12 else "")


def _traverse(board: Board, piece: TerrainPiece, vehicle: Vehicle, hexes: tuple[Hex, ...],
              options: RulesOptions) -> Collapse:
    """:func:`traverse` for checked arguments (C1)."""
    if hexes[0] != vehicle.hex:
        raise RuleError(
            f"vehicle {vehicle.name!r} is on {board.label(vehicle.hex)} but its path starts at {board.label(hexes[0])}",
            ruling="C1",
        )
    touched = tuple(dict.fromkeys(h for h in hexes if piece.covers(h)))
    labels = lambda hs: ", ".join(board.label(h) for h in hs)  # noqa: E731
    route = _route(board, hexes)
    if not touched:
        raise RuleError(
            f"vehicle {vehicle.name!r} path {route} never enters terrain piece {piece.name!r} ({labels(piece.hexes)})",
            ruling="C1",
        )
    if len(hexes) == 1:
        raise RuleError(
            f"vehicle {vehicle.name!r} path {route} has no step: a vehicle that does not move does not traverse "
            f"terrain piece {piece.name!r} (a traversal needs a step entering one of its hexes)",
            ruling="C1",
        )
    if not any(piece.covers(h) for h in hexes[1:]):
        raise RuleError(
            f"vehicle {vehicle.name!r} path {route} starts on terrain piece {piece.name!r} but no step enters one of "
            f"its hexes ({labels(piece.hexes)}): driving off a piece does not traverse it",
            ruling="C1",
        )
    names = {h: board.label(h) for h in (*hexes, *piece.hexes)}
    if not piece.collapsible or piece.collapsed:  # nothing happens: no Cover change, no dice
        outcome = "not_collapsible" if not piece.collapsible else "already_collapsed"
        return Collapse(vehicle.name, hexes, touched, piece, piece, piece.cover, 0, False, outcome, 0, names)
    k = options.crush_cover_reduction
    # C1: the Cover is reduced, and the reduction collapses the piece (Cover 0); C2: the
    # affected units roll the pre-reduction Cover in dice
    return Collapse(vehicle.name, hexes, touched, piece, piece.collapse(), max(0, piece.cover - k), piece.cover, True,
                    "collapsed", k, names)


# --- C3 / C4: resolution ------------------------------------------------------------------------


@dataclass(frozen=True)
class ModelDamage:
    """Damage one model took from a Crush (C3)."""

    model: str
    hex: Hex
    remaining_before: int
    taken: int

    @property
    def remaining_after(self) -> int:
        return self.remaining_before - self.taken

    @property
    def slain(self) -> bool:
        return self.taken > 0 and self.remaining_after == 0


@dataclass(frozen=True)
class UnitResolution:
    """How Crush resolved against one affected unit (C2-C4); :meth:`explain` says it in words.

    Attributes
    ----------
    unit : str
        Its name.
    vehicle : bool
        Whether it is a vehicle (C4) or not (C3).
    dice : tuple of int
        The Crush dice it rolled.
    classes : tuple of str
        Per die: ``"hit"``/``"miss"`` (C3) or ``"none"``/``"minor"``/``"major"`` (C4).
    resolve, shield : int
        Its Resolve; the Shield at the start of the Crush (vehicles; 0 otherwise).
    damage : int
        Non-vehicles: damage dealt (dice >= Resolve). Vehicles: 0.
    assigned : tuple of ModelDamage
        Non-vehicles: the damage each eligible model took.
    lost : int
        Non-vehicles: damage beyond the eligible models' wounds, lost (C3).
    eligible : tuple of str
        Non-vehicles: the models in, on or under the piece (only they can take damage).
    policy : str
        How damage was assigned: a policy of :data:`POLICIES` or ``"controller"``.
    minor, major, hp_lost : int
        Vehicles: the tallies this Crush added (C4); ``hp_lost`` = Major dice.
    hp_before, hp_after : int
        Vehicles: HP before and after (never below 0).
    major_also_minor : bool
        The C4 switch in force.
    pre_cover : int
        The pre-reduction Cover (= number of dice).
    """

    unit: str
    vehicle: bool
    dice: tuple[int, ...]
    classes: tuple[str, ...]
    resolve: int
    pre_cover: int
    shield: int = 0
    damage: int = 0
    assigned: tuple[ModelDamage, ...] = ()
    lost: int = 0
    eligible: tuple[str, ...] = ()
    eligible_remaining: tuple[int, ...] = ()
    policy: str = ""
    minor: int = 0
    major: int = 0
    hp_lost: int = 0
    hp_before: int = 0
    hp_after: int = 0
    major_also_minor: bool = False

    def explain(self) -> str:
        """Dice, thresholds, and who took what (:func:`hexrules.words.crush.resolution_text`)."""
        return words.resolution_text(self)


@dataclass(frozen=True)
class CrushStep:
    """One step of a Crush, for a step-by-step walk through (widgets, notebooks).

    ``kind`` is ``"traverse"``, ``"collapse"``, ``"affected"``, ``"die"``, ``"unit"`` or
    ``"done"``; ``unit`` and ``die`` say which unit / which die (index) it is about, ``hexes``
    which hexes to highlight; ``result`` is the Crush it belongs to (not compared, not in the
    repr), whose facts :attr:`text` says in words.
    """

    kind: str
    unit: str | None = None
    die: int | None = None
    hexes: tuple[Hex, ...] = ()
    result: CrushResult | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The step in words (:func:`hexrules.words.crush.step_text`)."""
        return words.step_text(self, self.result)


@dataclass(frozen=True)
class CrushResult:
    """A whole Crush: the collapse, who was affected, and each unit's resolution (C1-C4).

    Attributes
    ----------
    collapse : Collapse
        The traversal (C1).
    affected : tuple of str
        Affected units, in the order given (C2).
    touching : tuple of str
        Units that merely touch the piece: not affected (C2).
    resolutions : tuple of UnitResolution
        One per affected unit.
    units_before, units_after : tuple of Squad or Vehicle
        The units before (the vehicle at the start of its path) and after (vehicle at the end,
        damage applied).
    options : RulesOptions
        The rules in force.
    """

    collapse: Collapse
    affected: tuple[str, ...]
    touching: tuple[str, ...]
    resolutions: tuple[UnitResolution, ...]
    units_before: tuple[CrushUnit, ...]
    units_after: tuple[CrushUnit, ...]
    options: RulesOptions = DEFAULT
    labels: Mapping[Hex, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def piece(self) -> TerrainPiece:
        """The piece after the Crush (collapsed: Cover 0, C1)."""
        return self.collapse.after

    def resolution(self, unit: str) -> UnitResolution:
        """The resolution for affected unit ``unit``.

        Raises
        ------
        StateError
            If ``unit`` was not affected by this Crush (ruling C2).
        """
        for r in self.resolutions:
            if isinstance(unit, str) and r.unit == unit:
                return r
        raise StateError(f"unit {show(unit)} was not affected by this Crush (affected: {', '.join(self.affected) or 'none'})", ruling="C2")

    def unit(self, name: str) -> CrushUnit:
        """Unit ``name`` after the Crush.

        Raises
        ------
        StateError
            If no unit of this Crush is called ``name`` (ruling C2).
        """
        for u in self.units_after:
            if isinstance(name, str) and u.name == name:
                return u
        raise StateError(f"no unit named {show(name)} (units: {', '.join(u.name for u in self.units_after)})", ruling="C2")

    def explain(self) -> str:
        """The whole Crush in words (:func:`hexrules.words.crush.result_text`)."""
        return words.result_text(self)

    @property
    def steps(self) -> tuple[CrushStep, ...]:
        """The Crush step by step (traverse, collapse, affected units, each die, assignment)."""
        return _steps(self)

    def __str__(self) -> str:
        return self.explain()


def _steps(res: CrushResult) -> tuple[CrushStep, ...]:
    """The walk through a Crush: traverse, collapse, then (if it collapsed) who is affected, each
    die and each unit's damage, and the end (C1-C4). Facts only; each step's words come from
    :func:`hexrules.words.crush.step_text`."""
    c = res.collapse
    out = [
        CrushStep("traverse", unit=c.vehicle, hexes=c.path, result=res),
        CrushStep("collapse", hexes=c.before.hexes, result=res),
    ]
    if c.collapsed:
        out.append(CrushStep("affected", hexes=c.before.hexes, result=res))
        for r in res.resolutions:
            out.extend(CrushStep("die", unit=r.unit, die=i, result=res) for i in range(len(r.dice)))
            out.append(CrushStep("unit", unit=r.unit, hexes=tuple(md.hex for md in r.assigned if md.taken), result=res))
    out.append(CrushStep("done", result=res))
    return tuple(out)


def _assign_policy(eligible: Sequence[Model], damage: int, policy: str) -> dict[str, int]:
    left = {m.name: m.remaining for m in eligible}
    order = [m.name for m in eligible]
    taken = {m.name: 0 for m in eligible}
    for _ in range(damage):
        alive = [n for n in order if left[n] > 0]
        if not alive:
            break
        if policy == "fewest_remaining":
            pick = min(alive, key=lambda n: left[n])
        elif policy == "spread":
            pick = max(alive, key=lambda n: left[n])
        else:
            pick = alive[0]
        left[pick] -= 1
        taken[pick] += 1
    return taken


def _assign_controller(unit: Squad, eligible: Sequence[Model], damage: int, choice: Any) -> dict[str, int]:
    names = [m.name for m in eligible]
    if isinstance(choice, Mapping):
        # a count above MAX_DICE is wrong whatever the roll (a unit takes at most one damage per die)
        counts = [(n, checks.whole(k, f"{show(unit.name)}: assignment {show(n)}", 0, MAX_DICE, ruling="C3",
                                   limit="MAX_DICE", sep=": ")) for n, k in choice.items()]
        points = [n for n, k in counts for _ in range(k)]
    elif isinstance(choice, Sequence) and not isinstance(choice, str):
        points = list(choice)
    else:
        raise RuleError(f"assignment for {show(unit.name)} is {show(choice)}, not model names or {{model: count}}",
                        ruling="C3")
    for n in points:
        if not isinstance(n, str):
            raise RuleError(f"assignment for {show(unit.name)}: {show(n)} is not a model name", ruling="C3")
    capacity = sum(m.remaining for m in eligible)
    applied = min(damage, capacity)
    if len(points) != applied:
        raise RuleError(
            f"{unit.name!r} takes {applied} Crush damage (of {damage} dealt; eligible models have {capacity} wounds) "
            f"but the assignment lists {len(points)} points: {show(points, 80)}",
            ruling="C3",
        )
    left = {m.name: m.remaining for m in eligible}
    taken = {n: 0 for n in names}
    for n in points:
        if n not in left:
            in_unit = any(m.name == n for m in unit.models)
            why = "is not in, on or under the collapsing piece" if in_unit else "is not a model of the unit"
            raise RuleError(f"{unit.name!r}: model {show(n)} {why}; eligible: {', '.join(names)}", ruling="C3")
        if left[n] == 0:
            raise RuleError(
                f"{unit.name!r}: model {n!r} has no wounds left; damage is lost only once every eligible model is slain",
                ruling="C3",
            )
        left[n] -= 1
        taken[n] += 1
    return taken


def _by_unit(given: Any, what: str, value: str, ruling: str) -> dict[Any, Any]:
    """``dict(given)`` for a mapping keyed by unit name (``None``: empty); anything else raises."""
    if given is None:
        return {}
    return checks.mapping(given, what, ruling=ruling, expected=f"a mapping of unit name to {value}")


def _resolve_unit(
    unit: CrushUnit, piece: TerrainPiece, dice: tuple[int, ...], pre_cover: int,
    options: RulesOptions, policy: str, choice: Any,
) -> tuple[UnitResolution, CrushUnit]:
    if unit.is_vehicle:
        classes = tuple(classify_vehicle_die(d, unit.shield, unit.resolve) for d in dice)
        minor, major = tally(dice, unit.shield, unit.resolve, options=options)
        hp_after = max(0, unit.hp - major)
        res = UnitResolution(
            unit.name, True, dice, classes, unit.resolve, pre_cover, shield=unit.shield, minor=minor, major=major,
            hp_lost=major, hp_before=unit.hp, hp_after=hp_after, major_also_minor=options.crush_major_also_minor,
        )
        return res, unit.replace(hp=hp_after, minor=unit.minor + minor, major=unit.major + major)
    classes = tuple("hit" if d >= unit.resolve else "miss" for d in dice)
    damage = classes.count("hit")
    eligible = [m for m in unit.models if m.alive and piece.covers(m.hex)]
    if choice is None:
        taken = _assign_policy(eligible, damage, policy)
        used = policy
    else:
        taken = _assign_controller(unit, eligible, damage, choice)
        used = "controller"
    applied = sum(taken.values())
    assigned = tuple(ModelDamage(m.name, m.hex, m.remaining, taken[m.name]) for m in eligible)
    new_models = tuple(m if m.name not in taken else dataclasses.replace(m, damage=m.damage + taken[m.name]) for m in unit.models)
    res = UnitResolution(
        unit.name, False, dice, classes, unit.resolve, pre_cover, damage=damage, assigned=assigned,
        lost=damage - applied, eligible=tuple(m.name for m in eligible),
        eligible_remaining=tuple(m.remaining for m in eligible), policy=used,
    )
    return res, unit.replace(models=new_models)


def resolve_crush(
    board: Board,
    collapse: Collapse,
    units: Iterable[CrushUnit],
    *,
    rolls: Mapping[str, Sequence[int]] | None = None,
    seed: int | None = None,
    rng: Any = None,
    assign: Mapping[str, Any] | None = None,
    policy: str = "fewest_remaining",
    options: RulesOptions = DEFAULT,
    units_before: Sequence[CrushUnit] | None = None,
) -> CrushResult:
    """Resolve Crush against every affected unit (RULES.md C2, C3, C4, C5).

    Parameters
    ----------
    board : Board
        The board (every model must be on it).
    collapse : Collapse
        The collapse (from :func:`traverse`); nothing is rolled if it did not collapse.
    units : iterable of Squad or Vehicle
        Every unit, where they stand *when Crush resolves*.
    rolls : mapping of unit name to dice, optional
        Dice an affected unit's controller rolled (each 1..6, as many as the pre-reduction
        Cover). Units without an entry roll with ``seed``/``rng``.
    seed, rng : optional
        Randomness for the units without ``rolls`` (C5): exactly one when any die is rolled.
        One stream serves the affected units in the order given.
    assign : mapping of unit name to model names or {model: count}, optional
        The controller's choice of which eligible models take the damage (C3): a list with one
        model name per damage point, or counts. It must account for exactly the damage that can
        be applied (``min(damage, wounds left on eligible models)``), name only eligible models,
        and never give a point to a slain model while another eligible model has wounds.
    policy : {"fewest_remaining", "listed", "spread"}
        The default assignment for units without ``assign``: each point to the eligible model
        with the fewest wounds left (default; finishes wounded models first), in listed order,
        or to the one with the most wounds left (keeps models alive). Ties: listed order.
    options : RulesOptions
        ``crush_major_also_minor`` (C4).
    units_before : sequence, optional
        The units before the traversal, for :attr:`CrushResult.units_before`.

    Returns
    -------
    CrushResult

    Raises
    ------
    RuleError
        If ``collapse`` is not a :class:`Collapse` (C1); if ``rolls`` is not a mapping of unit
        name to a list of dice, a unit rolls the wrong number of dice or a die is not a whole
        number 1..6, or ``rolls`` names an unaffected unit (C2); for a bad ``assign`` (not a
        mapping, an entry that is not model names or counts, a wrong total, a model off the
        piece or slain too early) or an unknown ``policy`` (C3); for missing or doubled
        randomness (C5).
    BoardError
        If ``board`` is not a Board, or a model is off the board (C2).
    StateError
        For units that are not a list of Squads and Vehicles with distinct names, or names in
        ``rolls``/``assign`` that are no unit of this Crush (C2).
    OptionsError
        If ``options`` is not a :class:`~hexrules.options.RulesOptions`.
    """
    if not isinstance(collapse, Collapse):
        raise RuleError(f"{show(collapse)} is not a Collapse (see traverse())", ruling="C1")
    units, rolls, assign, options = _check_resolution(board, units, rolls, assign, policy, options, seed, rng)
    _check_on_board(board, collapse.before, units)
    if units_before is not None:
        units_before = _check_units(units_before, "units_before")
    return _resolve_crush(board, collapse, units, rolls, seed, rng, assign, policy, options, units_before)


def _check_resolution(board: Any, units: Any, rolls: Any, assign: Any, policy: Any, options: Any, seed: Any,
                      rng: Any) -> tuple[tuple[CrushUnit, ...], dict[str, tuple[int, ...]], dict[str, Any], RulesOptions]:
    """The boundary of :func:`resolve_crush` and :func:`crush`: the units, the dice rolled, the
    assignment, the policy, the options and the randomness (C2-C5)."""
    units = _check_units(units)
    checks.choice(policy, "assignment policy", POLICIES, error=RuleError, ruling="C3", sep=" ")
    _check_board(board)
    options = check_options(options)
    rolls = _by_unit(rolls, "rolls", "a list of dice", "C2")
    for name, dice in rolls.items():
        rolls[name] = checks.items(dice, what=f"rolls for {show(name)}:", ordered=False, ruling="C2", most=MAX_DICE,
                                   limit="MAX_DICE")
        for d in rolls[name]:
            if not (checks.is_whole(d) and d in FACES):
                raise RuleError(f"{show(name)}: die {show(d)} is not a D6 result 1..6", ruling="C2")
        rolls[name] = tuple(int(d) for d in rolls[name])
    assign = _by_unit(assign, "assign", "model names or {model: count}", "C3")
    names = {u.name for u in units}
    for what, given in (("rolls", rolls), ("assign", assign)):
        for n in given:
            if n not in names:
                raise StateError(
                    f"{what} names unit {show(n)}, which is not in this Crush (units: {', '.join(sorted(names))})",
                    ruling="C2")
    if (seed is None) != (rng is None):  # one source of randomness: check it now, even if no die is rolled
        make_rng(seed, rng)
    return units, rolls, assign, options


def _resolve_crush(board: Board, collapse: Collapse, units: tuple[CrushUnit, ...], rolls: dict[str, tuple[int, ...]],
                   seed: Any, rng: Any, assign: dict[str, Any], policy: str, options: RulesOptions,
                   units_before: Sequence[CrushUnit] | None) -> CrushResult:
    """:func:`resolve_crush` for checked arguments (C2-C5)."""
    piece = collapse.before
    labels = {h: board.label(h) for h in board}
    affected = _affected(piece, units) if collapse.collapsed else ()
    touching = _touching(piece, units) if collapse.collapsed else ()
    n = check_dice(collapse.dice)
    need_rng = n > 0 and any(u.name not in rolls for u in affected)
    roller = make_rng(seed, rng) if need_rng else None
    for name in rolls:
        if name not in {u.name for u in affected}:
            raise RuleError(f"rolls given for {name!r}, which is not affected by this Crush", ruling="C2")
    for name in assign:
        u = next(u for u in units if u.name == name)
        if u.is_vehicle:
            raise RuleError(f"assign given for vehicle {name!r}: vehicle Crush damage is system damage, not assigned", ruling="C4")
        if u not in affected:
            raise RuleError(f"assign given for {name!r}, which is not affected by this Crush", ruling="C2")
    resolutions = []
    after = {u.name: u for u in units}
    for u in affected:
        if u.name in rolls:
            dice = rolls[u.name]
            if len(dice) != n:
                raise RuleError(
                    f"{u.name!r} rolls {n} Crush dice (pre-reduction Cover {n}), not {len(dice)}: {list(dice)}", ruling="C2"
                )
        else:
            dice = roller.dice(n) if n else ()
        res, new = _resolve_unit(u, piece, dice, n, options, policy, assign.get(u.name))
        resolutions.append(res)
        after[u.name] = new
    return CrushResult(
        collapse,
        tuple(u.name for u in affected),
        tuple(u.name for u in touching),
        tuple(resolutions),
        tuple(units_before) if units_before is not None else units,
        tuple(after[u.name] for u in units),
        options,
        labels,
    )


def crush(
    board: Board,
    piece: TerrainPiece,
    units: Iterable[CrushUnit],
    path: Sequence[Hex | str],
    *,
    vehicle: str,
    rolls: Mapping[str, Sequence[int]] | None = None,
    seed: int | None = None,
    rng: Any = None,
    assign: Mapping[str, Any] | None = None,
    policy: str = "fewest_remaining",
    options: RulesOptions = DEFAULT,
) -> CrushResult:
    """A vehicle traverses ``piece`` along ``path``; the piece collapses and Crush resolves (C1-C5).

    The vehicle finishes its path first (it ends on ``path[-1]``), then Crush resolves with every
    model where it stands: so the triggering vehicle is itself affected exactly when its path
    ends on one of the piece's hexes (the rule text names no exception).

    Parameters
    ----------
    board, piece, path, options
        As for :func:`traverse`.
    units : iterable of Squad or Vehicle
        Every unit, the traversing vehicle included (at ``path[0]``).
    vehicle : str
        The traversing vehicle's name.
    rolls, seed, rng, assign, policy
        As for :func:`resolve_crush`.

    Returns
    -------
    CrushResult

    Raises
    ------
    RuleError, BoardError, HexError, StateError, OptionsError
        See :func:`traverse` and :func:`resolve_crush`; also :class:`StateError` if no unit
        among ``units`` is called ``vehicle`` and :class:`RuleError` if it is not a Vehicle
        (C1).
    """
    units, rolls, assign, options = _check_resolution(board, units, rolls, assign, policy, options, seed, rng)
    v = next((u for u in units if u.name == vehicle), None) if isinstance(vehicle, str) else None
    if v is None:
        raise StateError(f"no unit named {show(vehicle)} (units: {', '.join(u.name for u in units) or 'none'})",
                         ruling="C1")
    if not isinstance(v, Vehicle):
        raise RuleError(f"{show(v.name)} is not a vehicle: only a vehicle traversing a piece collapses it", ruling="C1")
    _check_piece(piece)
    _check_on_board(board, piece, units)
    collapse = _traverse(board, piece, v, _check_path(board, path), options)
    moved = tuple(u.replace(hex=collapse.path[-1]) if u.name == vehicle else u for u in units)
    return _resolve_crush(board, collapse, moved, rolls, seed, rng, assign, policy, options, units)
