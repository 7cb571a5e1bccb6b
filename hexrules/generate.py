"""Seeded board generator: random rulebook-size scenarios for sweeps and property tests.

:func:`generate` draws a :class:`~hexrules.scenario.Scenario` from a :class:`BoardSpec` (size,
hills and their roughness, share of water and of impassable hexes, units per side, Garrisons)
and a seed. The same spec and seed give the same scenario on every machine and every Python
(the draws come from one :class:`random.Random` seeded with a string, never the global
generator): a sweep over generated boards (:func:`hexrules.whatif.sweep`) is reproducible from
its seed, and a property test that fails names the board it failed on.

How a board is drawn (all shares are of the board's hexes):

1. a random field, one number per hex, smoothed ``round(3 * (1 - roughness))`` times (each
   pass averages a hex with its neighbours): rough boards have isolated peaks, smooth ones
   rolling hills;
2. the ``hills`` share of hexes with the highest field values is raised, split evenly into
   heights ``1 .. max_elevation`` (levels, M1); the rest is ground (0);
3. the ``water`` share of hexes with the lowest field values (valleys) is water, the
   ``impassable`` share, drawn at random among the rest, is impassable (T1);
4. ``units_per_side`` units of each side and ``garrisons`` Garrisons (alternating sides) stand
   on distinct enterable hexes (M3, T1) within ``cluster`` hexes of a random centre (so that
   they meet: Engagement, Push and Pull need neighbours), farther out when the cluster is full.

Every scenario it returns is valid by construction and checked like one read from text.

Examples
--------
>>> sc = generate(BoardSpec(columns=6, rows=4, units_per_side=1, garrisons=0), seed=3)
>>> len(sc.board), [u.side for u in sc.state]
(24, ['blue', 'red'])
>>> generate(BoardSpec(columns=6, rows=4, units_per_side=1, garrisons=0), seed=3) == sc
True
"""

from __future__ import annotations

import dataclasses
import functools
import random
from dataclasses import dataclass
from typing import Any

from .board import Board
from .errors import BoardError, StateError
from .checks import show
from .hexgrid import Hex, from_offset
from .scenario import Scenario
from .state import State, Unit

__all__ = ["BoardSpec", "RULEBOOK", "MAX_SEED_LENGTH", "check_seed", "generate", "boards"]


def _share(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise BoardError(f"{name}={show(value)} is not a share from 0 to 1")
    return float(value)


def _whole(name: str, value: Any, lo: int, hi: int, ruling: str | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BoardError(f"{name}={show(value)} is not a whole number from {lo} to {hi}", ruling=ruling)
    return value


@dataclass(frozen=True)
class BoardSpec:
    """What :func:`generate` draws: a board's size, relief, terrain and units.

    Parameters
    ----------
    columns, rows : int
        Board size in hexes (1..60 each), pointy-top, odd-r labels.
    max_elevation : int
        The highest level a hill reaches (0..9).
    hills : float
        Share of hexes above ground level (0..1).
    roughness : float
        0: smooth rolling hills (the field is smoothed three times); 1: independent heights.
    water, impassable : float
        Shares of water and impassable hexes (T1); ``water + impassable + hills <= 1``.
    units_per_side : int
        Units of each of the two sides (0..20), each with ``advance``, ``dash`` (M2).
    garrisons : int
        Garrisons (0..20), alternating sides, first side first (M3, E1).
    cluster : int
        Units and Garrisons stand within this many hexes of a random centre (1..60).
    advance, dash : int
        The units' Advance and Dash, in movement points (M2).
    sides : (str, str)
        The two sides' names.

    Raises
    ------
    BoardError
        If a value is outside its range, or the shares add up to more than 1.
    """

    columns: int = 15
    rows: int = 12
    max_elevation: int = 2
    hills: float = 0.35
    roughness: float = 0.5
    water: float = 0.08
    impassable: float = 0.05
    units_per_side: int = 3
    garrisons: int = 1
    cluster: int = 3
    advance: int = 3
    dash: int = 2
    sides: tuple[str, str] = ("blue", "red")

    def __post_init__(self) -> None:
        _whole("columns", self.columns, 1, 60)
        _whole("rows", self.rows, 1, 60)
        _whole("max_elevation", self.max_elevation, 0, 9, "M1")
        for name in ("hills", "roughness", "water", "impassable"):
            object.__setattr__(self, name, _share(name, getattr(self, name)))
        if self.hills + self.water + self.impassable > 1 + 1e-9:
            raise BoardError(f"hills + water + impassable = {self.hills + self.water + self.impassable:.2f} "
                             f"is more than the whole board (1)", ruling="T1")
        _whole("units_per_side", self.units_per_side, 0, 20)
        _whole("garrisons", self.garrisons, 0, 20)
        _whole("cluster", self.cluster, 1, 60)
        _whole("advance", self.advance, 0, 20, "M2")
        _whole("dash", self.dash, 0, 20, "M2")
        sides = tuple(self.sides) if isinstance(self.sides, (tuple, list)) else ()
        if len(sides) != 2 or not all(isinstance(s, str) and s.strip() for s in sides) or sides[0] == sides[1]:
            raise BoardError(f"sides={show(self.sides)} are not two different side names")
        object.__setattr__(self, "sides", sides)

    def replace(self, **changes: Any) -> "BoardSpec":
        """A copy with some fields changed (checked like a new spec).

        Raises
        ------
        BoardError
            For a name that is not a field (the message lists them), or a value as a new spec.
        """
        fields = [f.name for f in dataclasses.fields(self)]
        unknown = [k for k in changes if k not in fields]
        if unknown:
            raise BoardError(f"{show(unknown[0])} is not a field of BoardSpec (fields: {', '.join(fields)})")
        return dataclasses.replace(self, **changes)

    @property
    def hexes(self) -> int:
        """The number of hexes of its boards."""
        return self.columns * self.rows


#: The rulebook's board size class: 15 x 12 hexes, hills up to height 2, a little water and
#: impassable terrain, three units a side and a Garrison (the default spec).
RULEBOOK = BoardSpec()


@functools.lru_cache(maxsize=8)
def _grid(columns: int, rows: int) -> tuple[tuple[Hex, ...], tuple[tuple[int, ...], ...]]:
    """The hexes of a ``columns`` x ``rows`` board (row by row) and, for each, the indices of its
    neighbours on the board (computed once per size: a sweep draws many boards of one size)."""
    hexes = tuple(from_offset(c, r) for r in range(rows) for c in range(columns))
    index = {h: i for i, h in enumerate(hexes)}
    return hexes, tuple(tuple(index[n] for n in h.neighbors() if n in index) for h in hexes)


def _rank(values: dict[Hex, float]) -> list[Hex]:
    """The hexes from the lowest field value to the highest (ties broken by position)."""
    return sorted(values, key=lambda h: (values[h], h.r, h.q))


#: The longest seed, in characters (a text) or decimal digits (a whole number).
MAX_SEED_LENGTH = 1000


def check_seed(seed: Any) -> Any:
    """``seed`` if it can seed :func:`generate`: a whole number or a text, at most
    :data:`MAX_SEED_LENGTH` characters or digits.

    Raises
    ------
    BoardError
        Naming the value otherwise.
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise BoardError(f"seed={show(seed)} is not a whole number or text")
    if (len(seed) if isinstance(seed, str) else seed.bit_length() * 0.302) > MAX_SEED_LENGTH:
        raise BoardError(f"seed={show(seed)} is longer than {MAX_SEED_LENGTH} characters or digits (MAX_SEED_LENGTH)")
    return seed


def generate(spec: BoardSpec = RULEBOOK, seed: int | str = 0, *, name: str | None = None) -> Scenario:
    """A random scenario drawn from ``spec`` (see the module docstring), the same for the same seed.

    Parameters
    ----------
    spec : BoardSpec
    seed : int or str
        Any whole number or text; equal seeds give equal scenarios.
    name : str, optional
        The scenario's name (default ``"generated <seed>"``).

    Returns
    -------
    Scenario

    Raises
    ------
    BoardError
        If ``spec`` is not a :class:`BoardSpec` or ``seed`` neither a whole number nor text
        (:func:`check_seed`).
    StateError
        If the board has fewer enterable hexes than units and Garrisons to place (M3).
    """
    if not isinstance(spec, BoardSpec):
        raise BoardError(f"spec={show(spec)} is not a hexrules.generate.BoardSpec")
    check_seed(seed)
    rng = random.Random(f"hexrules.generate:{seed}")
    hexes, around = _grid(spec.columns, spec.rows)
    values = [rng.random() for _ in hexes]
    for _ in range(round(3 * (1 - spec.roughness))):
        values = [(values[i] + sum([values[j] for j in near])) / (1 + len(near)) for i, near in enumerate(around)]
    order = _rank(dict(zip(hexes, values)))
    n = len(order)
    n_hills, n_water = round(spec.hills * n), round(spec.water * n)
    levels = {h: 0 for h in hexes}
    if spec.max_elevation:
        raised = order[n - n_hills:] if n_hills else []
        for i, h in enumerate(raised):
            levels[h] = 1 + i * spec.max_elevation // max(1, len(raised))
    terrain = {h: "open" for h in hexes}
    for h in order[:n_water]:
        if levels[h] == 0:
            terrain[h] = "water"
    rest = [h for h in hexes if terrain[h] == "open"]
    for h in rng.sample(rest, min(len(rest), round(spec.impassable * n))):
        terrain[h] = "impassable"
    board = Board({h: (levels[h], terrain[h]) for h in hexes})
    units = _units(spec, board, hexes, rng)
    return Scenario(board, State(units), f"generated {seed}" if name is None else name)


def _units(spec: BoardSpec, board: Board, hexes: tuple[Hex, ...], rng: random.Random) -> list[Unit]:
    """The units and Garrisons of a generated board; ``hexes``: the board's, row by row (as
    :attr:`~hexrules.board.Board.hexes` lists them)."""
    count = 2 * spec.units_per_side + spec.garrisons
    free = [h for h in hexes if board.terrains[h].passable]
    if count > len(free):
        raise StateError(f"{count} units and Garrisons do not fit on the {len(free)} enterable hexes of a "
                         f"{spec.columns} x {spec.rows} board (one per hex)", ruling="M3")
    if not count:
        return []
    centre = rng.choice(free)
    away = {h: h.distance(centre) for h in free}
    near = [h for h in free if away[h] <= spec.cluster]
    far = sorted((h for h in free if away[h] > spec.cluster), key=lambda h: (away[h], h.r, h.q))
    spots = rng.sample(near, min(count, len(near))) + far[: max(0, count - len(near))]
    units = []
    a, b = spec.sides
    for i in range(spec.units_per_side):
        for side in (a, b):
            units.append(Unit(f"{side}{i + 1}", side, spots[len(units)], advance=spec.advance, dash=spec.dash))
    for i in range(spec.garrisons):
        side = spec.sides[i % 2]
        units.append(Unit(f"{side} Garrison {i // 2 + 1}", side, spots[len(units)], garrison=True))
    return units


def boards(spec: BoardSpec = RULEBOOK, count: int = 1000, seed: int | str = 0):
    """``count`` generated scenarios, board ``i`` drawn with seed ``f"{seed}/{i}"`` (a generator).

    Raises
    ------
    BoardError
        If ``count`` is not a whole number >= 0 (or as :func:`generate`).
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise BoardError(f"count={show(count)} is not a whole number of boards >= 0")
    for i in range(count):
        yield generate(spec, f"{seed}/{i}")
