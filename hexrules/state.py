"""The changing part of a game: units, Garrisons, sides and damage.

The board (terrain, elevation) is built once per scenario; a :class:`State` is a small frozen
value that rule functions read and return anew (``state.move(...)`` returns a new state).

Examples
--------
>>> from hexrules.hexgrid import Hex
>>> s = State([Unit("Gundam", "federation", Hex(0, 0)), Unit("Zaku", "zeon", Hex(1, 0))])
>>> s.move("Gundam", Hex(0, 1)).unit("Gundam").hex
Hex(q=0, r=1)
>>> s.unit("Gundam").hex          # the original state is unchanged
Hex(q=0, r=0)
>>> s.are_enemies("Gundam", "Zaku")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from . import checks
from .checks import MAX_WHOLE, show
from .errors import StateError
from .hexgrid import Hex, hex_value

__all__ = ["Unit", "State", "check_state", "check_unit", "unknown_unit"]


@dataclass(frozen=True)
class Unit:
    """A unit or a Garrison on the board.

    Parameters
    ----------
    name : str
        Unique name, e.g. ``"RX-78-2 Gundam"``.
    side : str
        The player side; units of the same side are allies (RULES.md M3), others are enemies.
    hex : Hex
        Where it stands.
    advance : int
        Base Advance allowance, in movement points (M2; default 3).
    dash : int
        Base Dash allowance, in movement points (M2; default 2).
    speed : int
        Speed bonus, added to Advance only (M2).
    garrison : bool
        True for a Garrison: it blocks and engages like a unit (M3, E1) but never moves.
    ignore_engagement : bool
        E5: ignores both the Engagement movement penalty and the targeting limit.
    hp : int or None
        Hit points, if the scenario tracks them.
    damage : int
        Damage taken so far (collision damage and other non-combat damage included).

    Raises
    ------
    StateError
        If a name or side is not a non-empty string, ``hex`` is not a :class:`Hex`
        (:class:`~hexrules.errors.NotAHexError`, also a StateError), ``garrison`` or
        ``ignore_engagement`` is not True or False, or a number is not a whole number from 0 to
        :data:`~hexrules.checks.MAX_WHOLE` (``hp`` may also be None).
    """

    name: str
    side: str
    hex: Hex
    advance: int = 3
    dash: int = 2
    speed: int = 0
    garrison: bool = False
    ignore_engagement: bool = False
    hp: int | None = None
    damage: int = 0

    def __post_init__(self) -> None:
        checks.name(self.name, "unit name")
        who = f"unit {show(self.name)}"
        checks.name(self.side, f"{who}: side")
        hex_value(self.hex, f"{who}: position")
        for stat in ("advance", "dash", "speed", "damage"):
            checks.whole(getattr(self, stat), f"{who}: {stat}", 0, MAX_WHOLE, error=StateError, ruling="M2")
        checks.flag(self.garrison, f"{who}: garrison", error=StateError, ruling="M3")
        checks.flag(self.ignore_engagement, f"{who}: ignore_engagement", error=StateError, ruling="E5")
        if self.hp is not None:
            checks.whole(self.hp, f"{who}: hp", 0, MAX_WHOLE, error=StateError)

    @property
    def kind(self) -> str:
        """``"Garrison"`` or ``"unit"``."""
        return "Garrison" if self.garrison else "unit"

    def replace(self, **changes: Any) -> "Unit":
        """A copy with some fields changed.

        Raises
        ------
        StateError
            If a name is not a field of Unit, or a new value is refused as :class:`Unit` refuses it.
        """
        return checks.replace(self, changes, what=f"unit {show(self.name)}")


@dataclass(frozen=True, init=False)
class State:
    """Units and Garrisons by name; at most one per hex (RULES.md M3).

    Parameters
    ----------
    units : iterable of Unit
        The units, in a stable order (the order they were given).

    Raises
    ------
    StateError
        If ``units`` is not a list of :class:`Unit`, or two units share a name or a hex.
    """

    units: tuple[Unit, ...]

    def __init__(self, units: Iterable[Unit] = ()) -> None:
        units = checks.items(units, what="units", error=StateError, ordered=False, expected="a list of Unit")
        by_name: dict[str, Unit] = {}
        by_hex: dict[Hex, Unit] = {}
        for u in units:
            if not isinstance(u, Unit):
                raise StateError(f"{show(u)} is not a Unit")
            if u.name in by_name:
                raise StateError(f"two units are named {show(u.name)}")
            if u.hex in by_hex:
                raise StateError(
                    f"{show(u.name)} and {show(by_hex[u.hex].name)} are both on hex {u.hex}: one unit per hex",
                    ruling="M3",
                )
            by_name[u.name] = u
            by_hex[u.hex] = u
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "_by_name", by_name)
        object.__setattr__(self, "_by_hex", by_hex)

    # --- reading ------------------------------------------------------------------------------

    def __iter__(self) -> Iterator[Unit]:
        return iter(self.units)

    def __len__(self) -> int:
        return len(self.units)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._by_name  # type: ignore[attr-defined]

    def unit(self, name: str | Unit) -> Unit:
        """The unit called ``name`` (a :class:`Unit` is accepted and looked up by its name).

        Raises
        ------
        StateError
            If there is no such unit; the message lists the known names.
        """
        key = name.name if isinstance(name, Unit) else name
        found = self._by_name.get(key) if isinstance(key, str) else None  # type: ignore[attr-defined]
        if found is None:
            raise unknown_unit(self, key)
        return found

    def at(self, h: Hex) -> Unit | None:
        """The unit or Garrison on hex ``h``, or None.

        Raises
        ------
        NotAHexError
            If ``h`` is not a :class:`~hexrules.hexgrid.Hex` (a state knows no labels: a board
            does, ``board.hex("C4")``).
        """
        hex_value(h, "hex (a state knows no labels: use board.hex('C4'))")
        return self._by_hex.get(h)  # type: ignore[attr-defined]

    @property
    def occupied(self) -> dict[Hex, Unit]:
        """``{hex: unit}`` for every occupied hex (a copy)."""
        return dict(self._by_hex)  # type: ignore[attr-defined]

    def are_enemies(self, a: str | Unit, b: str | Unit) -> bool:
        """True when the two are on different sides."""
        return self.unit(a).side != self.unit(b).side

    def enemies_of(self, name: str | Unit) -> list[Unit]:
        """Every unit and Garrison of another side than ``name``'s."""
        side = self.unit(name).side
        return [u for u in self.units if u.side != side]

    def sides(self) -> list[str]:
        """The sides present, in first-seen order."""
        return list(dict.fromkeys(u.side for u in self.units))

    # --- changing (each returns a new State) --------------------------------------------------

    def _with(self, units: Iterable[Unit]) -> "State":
        return State(units)

    def replace_unit(self, name: str, **changes: Any) -> "State":
        """A new state where unit ``name`` has some fields changed.

        Raises
        ------
        StateError
            If there is no such unit, or a change is refused as :meth:`Unit.replace` refuses it.
        """
        target = self.unit(name)
        return self._with(u.replace(**changes) if u is target else u for u in self.units)

    def move(self, name: str, to: Hex) -> "State":
        """A new state with ``name`` on hex ``to`` (no rule is checked here; see movement).

        Raises
        ------
        StateError
            If ``to`` holds another unit (M3).
        """
        return self.replace_unit(name, hex=to)

    def damage(self, name: str, amount: int) -> "State":
        """A new state where ``name`` has taken ``amount`` more damage.

        Raises
        ------
        StateError
            If there is no such unit, or ``amount`` is not a whole number from 0 to
            :data:`~hexrules.checks.MAX_WHOLE` (nor is the new total).
        """
        amount = checks.whole(amount, "damage amount", 0, MAX_WHOLE, error=StateError)
        return self.replace_unit(name, damage=self.unit(name).damage + amount)

    def add(self, unit: Unit) -> "State":
        """A new state with ``unit`` added.

        Raises
        ------
        StateError
            If ``unit`` is not a :class:`Unit`, or its name or hex is already taken (M3).
        """
        return self._with((*self.units, unit))

    def remove(self, name: str) -> "State":
        """A new state without unit ``name`` (e.g. removed from play by P4's switch)."""
        target = self.unit(name)
        return self._with(u for u in self.units if u is not target)

    # --- faces --------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"State({list(self.units)!r})"

    def __str__(self) -> str:
        lines = []
        for u in self.units:
            extra = f", damage {u.damage}" if u.damage else ""
            lines.append(f"{u.kind} {u.name!r} ({u.side}) at {u.hex}{extra}")
        return "\n".join(lines) or "(no units)"


# --- checks of a state and its units given by a caller (the boundary: hexrules.checks) -------------


def check_state(value: object, *, ruling: str | None = None) -> State:
    """``value`` if it is a :class:`State`.

    Raises
    ------
    StateError
        Naming the value.
    """
    if not isinstance(value, State):
        raise StateError(f"state {show(value)} is not a State (the units of a scenario: Scenario.state)", ruling=ruling)
    return value


def check_unit(st: State, value: object, *, what: str = "unit", ruling: str | None = None) -> Unit:
    """The unit of state ``st`` that ``value`` names (a name, or a :class:`Unit` looked up by
    its name).

    Raises
    ------
    StateError
        If ``value`` is neither a name nor a Unit, or no unit of ``st`` has that name; the
        message lists the units.
    """
    key = value.name if isinstance(value, Unit) else value
    if isinstance(key, str) and key in check_state(st):
        return st.unit(key)
    raise unknown_unit(st, key, what=what, ruling=ruling)


def unknown_unit(st: State, key: object, *, what: str = "unit", ruling: str | None = None) -> StateError:
    """The error for ``key``, which names no unit of ``st`` (:func:`check_unit`, :meth:`State.unit`).

    Examples
    --------
    >>> print(unknown_unit(State([Unit("Scout", "blue", Hex(0, 0))]), "Zaku"))
    no unit named 'Zaku' (units: 'Scout')
    """
    names = [u.name for u in check_state(st)]
    known = ", ".join(show(n) for n in names[:12]) + (", ..." if len(names) > 12 else "")
    kind = "no unit named" if isinstance(key, str) else f"{what} is not a unit name:"
    return StateError(f"{kind} {show(key)} (units: {known or 'none'})", ruling=ruling)
