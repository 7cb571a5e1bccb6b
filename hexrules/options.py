"""One frozen value carrying every rules switch of RULES.md.

Every rule function takes ``options=`` (default :data:`DEFAULT`). Variants are instances, not
subclasses, so that two readings of a rule can be computed side by side::

    >>> from hexrules.options import RulesOptions, DEFAULT
    >>> strict = DEFAULT.replace(allies_pass_through=False)
    >>> strict.differences(DEFAULT)
    {'allies_pass_through': (False, True)}

Each field belongs to a ruling, which ``RulesOptions.ruling(name)`` names (``"J1"``); the words
for two readings come from :func:`hexrules.words.compare.readings_text`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from . import checks
from .checks import MAX_COVER, MAX_WHOLE, show
from .errors import OptionsError

__all__ = ["RulesOptions", "DEFAULT", "CHOICES", "check_options"]

#: The allowed values of every switch that is a choice among words.
CHOICES: dict[str, tuple[str, ...]] = {
    "engagement_on_entry": ("continue", "stop"),
    "jump_climb": ("above_start", "relative_when_above_start"),
    "water": ("enter_cost", "allowance", "none"),
    "push_off_board": ("stop", "collide", "remove"),
    "pull_other_elevation": ("nothing", "collide"),
    "garrison_ability_move": ("pays", "ignores"),
}


@dataclass(frozen=True)
class RulesOptions:
    """The switches of RULES.md; the defaults are the kit's readings.

    Parameters
    ----------
    allies_pass_through : bool
        M3. A moving unit may pass through hexes of allied units (never end there). Default True.
    garrison_ability_move : {"pays", "ignores"}
        M5. A Garrison moved by an ability ("move N hexes") pays the same costs as a unit
        (default, "pays": climbing, terrain, Engagement's -1, E3's stop), or ignores elevation
        and Engagement ("ignores": no climb cost and no -1 or stop; terrain costs and jumping
        over lower enemies still apply). Units moved by an ability always pay.
    engagement_penalty : int
        E2. Movement points taken from a movement initiated while Engaged. Default 1.
    engagement_on_entry : {"continue", "stop"}
        E3. Becoming adjacent to an enemy at the same elevation mid-move: the unit is Engaged
        from then on and may continue (default), or must stop there. "Becoming" means Engaged
        with an enemy it was not Engaged with when the movement began (moving along an enemy it
        started next to never forces a stop); "ignore Engagement" (E5) lifts the stop.
    jump_climb : {"above_start", "relative_when_above_start"}
        J1. A jumping step a -> b costs ``1 + max(0, elev(b) - max(s, elev(a)))`` (default,
        "above_start"), or ``1 + max(0, elev(b) - elev(a))`` whenever ``elev(b) > s``
        and 1 otherwise ("relative_when_above_start"), where ``s`` is the starting elevation.
    water : {"enter_cost", "allowance", "none"}
        T1. How terrain with an extra cost (water, +1 in the default terrain table, and any
        designer terrain with a cost) acts: its cost is added to each step entering it
        (default, "enter_cost"); or taken once from the allowance of a movement that starts on
        it ("allowance"); or ignored ("none").
    collision_damage : int
        P2/L2. Damage each unit involved in a collision takes. Default 2.
    push_drop_damage_per_level : int
        P3. Damage per elevation level dropped during a Push or Pull. Default 0.
    push_off_board : {"stop", "collide", "remove"}
        P4. A forced step off the board: stop at the edge with no damage (default), collide
        (2 damage), or remove the unit from play.
    pull_other_elevation : {"nothing", "collide"}
        L3. Pulling an enemy adjacent to the source at another elevation: nothing happens
        (default), or it collides with the puller (2 damage each).
    crush_cover_reduction : int
        C1. How much a vehicle's traversal reduces a collapsible piece's Cover. Default 1.
    crush_major_also_minor : bool
        C4. A die that reaches Shield + Resolve counts as Major only (default False), or as
        Major and Minor (True).

    Raises
    ------
    OptionsError
        If a choice is not among :data:`CHOICES`, a switch that is True or False is anything
        else, or a number is not a whole number from 0 to :data:`~hexrules.checks.MAX_WHOLE`
        (``crush_cover_reduction``: to :data:`~hexrules.checks.MAX_COVER`).
    """

    allies_pass_through: bool = True
    garrison_ability_move: Literal["pays", "ignores"] = "pays"
    engagement_penalty: int = 1
    engagement_on_entry: Literal["continue", "stop"] = "continue"
    jump_climb: Literal["above_start", "relative_when_above_start"] = "above_start"
    water: Literal["enter_cost", "allowance", "none"] = "enter_cost"
    collision_damage: int = 2
    push_drop_damage_per_level: int = 0
    push_off_board: Literal["stop", "collide", "remove"] = "stop"
    pull_other_elevation: Literal["nothing", "collide"] = "nothing"
    crush_cover_reduction: int = 1
    crush_major_also_minor: bool = False

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value, ruling = getattr(self, f.name), RULINGS[f.name]
            if f.name in CHOICES:
                checks.choice(value, f.name, CHOICES[f.name], ruling=ruling)
            elif f.type == "bool":
                checks.flag(value, f.name, error=OptionsError, ruling=ruling)
            else:
                top, limit = (MAX_COVER, "MAX_COVER") if f.name == "crush_cover_reduction" else (MAX_WHOLE, None)
                object.__setattr__(self, f.name, checks.whole(value, f.name, 0, top, error=OptionsError, ruling=ruling,
                                                              limit=limit))

    def replace(self, **changes: Any) -> "RulesOptions":
        """A copy with some switches changed (unknown names raise :class:`OptionsError`)."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(show(k) for k in set(changes) - names)
        if unknown:
            raise OptionsError(f"unknown rules option(s) [{', '.join(unknown)}]; known: {sorted(names)}")
        return dataclasses.replace(self, **changes)

    def as_dict(self) -> dict[str, Any]:
        """Every switch and its value."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def differences(self, other: "RulesOptions") -> dict[str, tuple[Any, Any]]:
        """``{name: (mine, other's)}`` for every switch where the two readings differ.

        Raises
        ------
        OptionsError
            If ``other`` is not a RulesOptions.
        """
        a, b = self.as_dict(), check_options(other).as_dict()
        return {k: (a[k], b[k]) for k in a if a[k] != b[k]}

    @staticmethod
    def ruling(name: str) -> str:
        """The RULES.md ruling id that switch ``name`` belongs to (e.g. ``"J1"``)."""
        if isinstance(name, str) and name in RULINGS:
            return RULINGS[name]
        raise OptionsError(f"unknown rules option {show(name)} (known: {', '.join(RULINGS)})")


#: The ruling that each switch belongs to.
RULINGS: dict[str, str] = {
    "allies_pass_through": "M3",
    "garrison_ability_move": "M5",
    "engagement_penalty": "E2",
    "engagement_on_entry": "E3",
    "jump_climb": "J1",
    "water": "T1",
    "collision_damage": "P2",
    "push_drop_damage_per_level": "P3",
    "push_off_board": "P4",
    "pull_other_elevation": "L3",
    "crush_cover_reduction": "C1",
    "crush_major_also_minor": "C4",
}

#: The kit's default reading of every rule.
DEFAULT = RulesOptions()


def check_options(options: object) -> RulesOptions:
    """Return ``options`` if it is a :class:`RulesOptions`; every rule function calls this.

    Raises
    ------
    OptionsError
        If ``options`` is anything else (``None``, a dict, ...).
    """
    if not isinstance(options, RulesOptions):
        raise OptionsError(f"options={show(options)} is not a RulesOptions (use hexrules.options.DEFAULT or "
                           ".replace(...))")
    return options
