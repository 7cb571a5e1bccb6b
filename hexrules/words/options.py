"""Words for the rules switches (:class:`hexrules.options.RulesOptions`): what each decides, and
what each of its values means, in the rulebook's terms.

The controls show a switch by its name and values (``water``, ``enter_cost``: what a designer
types in :meth:`~hexrules.options.RulesOptions.replace`); these words are their tooltips
(:func:`hexrules.widgets.base.switch_control`), so a player who hovers reads the rule.

Examples
--------
>>> switch_text("water")
'T1: how terrain with an extra cost (water +1) is paid'
>>> value_text("water", "allowance")
'allowance: its cost is taken once from the allowance of a movement that starts on it'
>>> value_text("collision_damage", 3)
'3: each unit in a collision takes 3 damage'
"""

from __future__ import annotations

from typing import Any

from . import plural

__all__ = ["SWITCH_WORDS", "switch_text", "value_text", "values_text"]

#: ``{switch: (what it decides, {value: what it means})}``; a switch that is a number (damage,
#: movement points, Cover) gives its meaning under the key ``int``, a format of ``{n}`` (the
#: number) or ``{mp}`` (``"1 movement point"``, ``"2 movement points"``).
SWITCH_WORDS: dict[str, tuple[str, dict[Any, str]]] = {
    "allies_pass_through": ("whether a moving unit may pass through allied units' hexes", {
        True: "a moving unit may pass through hexes of allied units (never end there)",
        False: "a moving unit may not pass through hexes of allied units",
    }),
    "garrison_ability_move": ("what a Garrison moved by an ability pays", {
        "pays": "a Garrison moved by an ability pays what a unit pays: climbing, terrain, Engagement's -1 and stop",
        "ignores": "a Garrison moved by an ability ignores elevation and Engagement (terrain still costs)",
    }),
    "engagement_penalty": ("the movement points taken from a movement begun while Engaged", {
        int: "a movement begun while Engaged has {mp} less",
    }),
    "engagement_on_entry": ("what a unit that becomes Engaged mid-move does", {
        "continue": "a unit that becomes Engaged mid-move may go on",
        "stop": "a unit that becomes Engaged mid-move must stop there",
    }),
    "jump_climb": ("what a Jumping step up costs", {
        "above_start": "a Jumping step costs 1 + the climb above the higher of the start and the hex left",
        "relative_when_above_start": "a Jumping step to a hex above the start costs 1 + its climb from the hex "
                                     "left; any other step costs 1",
    }),
    "water": ("how terrain with an extra cost (water +1) is paid", {
        "enter_cost": "its cost is added to each step entering it",
        "allowance": "its cost is taken once from the allowance of a movement that starts on it",
        "none": "its cost is ignored",
    }),
    "collision_damage": ("the damage each unit in a collision takes", {
        int: "each unit in a collision takes {n} damage",
    }),
    "push_drop_damage_per_level": ("the damage per level dropped in a Push or Pull", {
        int: "a unit takes {n} damage per elevation level it drops in a Push or Pull",
    }),
    "push_off_board": ("what a step off the board does in a Push or Pull", {
        "stop": "the unit stops at the board's edge, no damage",
        "collide": "the unit collides with the edge and takes collision damage",
        "remove": "the unit is removed from play",
    }),
    "pull_other_elevation": ("what Pulling an enemy next to the source at another elevation does", {
        "nothing": "nothing happens",
        "collide": "it collides with the puller: collision damage to each",
    }),
    "crush_cover_reduction": ("how much a vehicle's traversal lowers a collapsible piece's Cover", {
        int: "a vehicle's traversal lowers the piece's Cover by {n}",
    }),
    "crush_major_also_minor": ("how a die reaching Shield + Resolve counts", {
        False: "a die reaching Shield + Resolve counts as Major only",
        True: "a die reaching Shield + Resolve counts as Major and as Minor",
    }),
}


def _refuse(message: str) -> None:
    from ..errors import OptionsError  # at call time: words import no rules module (a cycle)

    raise OptionsError(message)


def _words(name: str) -> tuple[str, dict[Any, str]]:
    if not isinstance(name, str) or name not in SWITCH_WORDS:
        _refuse(f"unknown rules switch {name!r}; known: {sorted(SWITCH_WORDS)}")
    return SWITCH_WORDS[name]


def switch_text(name: str) -> str:
    """What switch ``name`` decides, after its ruling id: ``"T1: how terrain ... is paid"``.

    Raises
    ------
    OptionsError
        If ``name`` is not a switch of :class:`~hexrules.options.RulesOptions`.
    """
    from ..options import RulesOptions

    return f"{RulesOptions.ruling(name)}: {_words(name)[0]}"


def value_text(name: str, value: Any) -> str:
    """What ``value`` of switch ``name`` means: ``"stop: the unit stops at the board's edge, no damage"``.

    Raises
    ------
    OptionsError
        If ``name`` is not a switch, or ``value`` not one of its values.
    """
    meanings = _words(name)[1]
    if int in meanings:
        if isinstance(value, bool) or not isinstance(value, int):
            _refuse(f"{name}={value!r} is not a whole number")
        return f"{value}: {meanings[int].format(n=value, mp=plural(value, 'movement point'))}"
    if value not in meanings or type(value) is not type(next(iter(meanings))):
        _refuse(f"{name}={value!r} is not one of {list(meanings)}")
    return f"{value}: {meanings[value]}"


def values_text(name: str, values: Any) -> str:
    """:func:`switch_text`, then :func:`value_text` of each of ``values``, one a line."""
    return "\n".join([switch_text(name), *(value_text(name, v) for v in values)])
