# Why this module is over ~900 lines: a designer's "what if" is one topic: the report on one
# scenario (what_changes) and the sweep over generated boards (sweep) count the same changes
# with the same exact skips, so they share the counting code. About 40% of the lines are numpydoc
# docstrings; the words are in hexrules/words/whatif.py, the drawing in hexrules/plot/whatif.py.
"""What each reading of the rules changes: the report on one scenario, and the sweep over many.

A designer's question is "what if the rule read differently, and how often does it matter?".
Two answers, both facts built on :mod:`hexrules.compare` (words come from
:mod:`hexrules.words.whatif` on demand):

* :func:`what_changes` takes a scenario and, for every alternative of every switch
  (:data:`ALTERNATIVES`, each against the base reading: the scenario's own, its ``rules:`` section,
  else the kit's default, unless told), returns
  what changes (:class:`Report`, one :class:`SwitchChanges` per alternative): per unit and
  movement the hexes gained or lost and the cost changes (:class:`~hexrules.compare.ReachComparison`),
  per Push or Pull situation the branches whose outcome changes
  (:class:`~hexrules.compare.ForcedComparison`), for Crush pieces the dice distributions and the
  seeded Crush that change (:class:`~hexrules.compare.DiceComparison`,
  :class:`~hexrules.compare.CrushComparison`). An alternative that changes nothing says so.
* :func:`sweep` draws boards with the seeded generator (:mod:`hexrules.generate`) and counts,
  per alternative, how often it changes an outcome (:class:`SweepResult`, one :class:`Tally`
  each): the share of movements whose reach differs, the mean change in hexes reachable, the
  share of Push and Pull situations whose outcomes differ. Reproducible from its seed.

What is compared on a scenario (:class:`Situations`): every unit that moves (not Garrisons)
makes one movement of each kind asked (Advance by default, M2); every unit pushes and pulls
every enemy unit within ``distance`` hexes of it (Push ``push``, Pull ``pull``, from its own
hex: P1, L1); a Pull the rules refuse under the base reading (L3: adjacent at the same
elevation) is listed as refused, never compared (no switch lifts that refusal).

Speed: a switch is compared only where it can act, which the rules say exactly (each skip cites
its ruling, and ``tests/test_whatif_properties.py`` checks on generated boards that a skipped
comparison would have found nothing):

* a switch acts on its own topic only (:data:`TOPICS`): movement switches never change a Push
  or Pull (T2), forced-movement switches never change a reach, Crush switches only Crush;
* the base reading's results are computed once per scenario and compared with each alternative;
* a movement: ``jump_climb`` acts only on a unit starting at elevation >= 1 (J1, J3);
  ``engagement_penalty`` only on a unit Engaged at the start that does not ignore Engagement
  (E2, E5); ``allies_pass_through`` only with an ally within the allowance (M3: entering a hex
  costs at least its distance, M1); ``engagement_on_entry`` only with an enemy within the
  allowance and no E5 (E3: the stop hexes are next to an enemy); ``water`` only with terrain of
  extra cost under the unit or within the allowance (T1);
* a Push or Pull: ``collision_damage`` acts only where a branch collides (P2, L2, L3, P4);
  ``push_drop_damage_per_level`` only where a branch moves down (P3); ``push_off_board`` only
  where a branch meets the board edge (P4); ``pull_other_elevation`` only on a Pull that reaches
  the source's neighbour at another elevation with a unit on the source (L3).

Examples
--------
A board where only ``allies_pass_through`` matters (M3): on ground level, with no water, the
Scout's Advance 2 goes two hexes in any direction; its ally on B1 stands in the way to C1:

>>> from hexrules import parse_scenario
>>> sc = parse_scenario('''
... map:
...     0 0 0
... units:
...     Scout  side=blue  at=A1  advance=2
...     Guard  side=blue  at=B1  advance=0
... ''')
>>> report = what_changes(sc, switches=("allies_pass_through", "water", "jump_climb"))
>>> [(c.alternative.label, c.same) for c in report.switches]
[('allies_pass_through=False', False), ('water=allowance', True), ('water=none', True), ('jump_climb=relative_when_above_start', True)]
>>> print(report.switch("allies_pass_through").explain())
allies_pass_through=False (M3): 1 of 2 movements changes.
  Scout's Advance: loses C1 (2 MP).
"""

from __future__ import annotations

import os
import sys
import time
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .compare import (CrushComparison, DiceComparison, ForcedComparison, ReachComparison, Refusal, compare_crush,
                      compare_dice, forced_comparison, reach_comparison)
from .errors import HexrulesError, OptionsError, RuleError
from .checks import show
from .forced import ForcedMove, forced
from .generate import RULEBOOK, BoardSpec, check_seed, generate
from .movement import AbilityMove, Allowance, Reach, allowance, reach_costs, reachable
from .options import CHOICES, DEFAULT, RULINGS, RulesOptions, check_options
from . import records as _records
from .reading import reading
from .scenario import Scenario
from .words import whatif as words

__all__ = [
    "ALTERNATIVES",
    "TOPICS",
    "Alternative",
    "alternatives",
    "forced_switch_acts",
    "movement_switch_may_act",
    "Situations",
    "Situation",
    "SwitchChanges",
    "Report",
    "what_changes",
    "Counts",
    "board_counts",
    "Tally",
    "SweepResult",
    "COUNT_FIELDS",
    "reading_label",
    "sweep",
]

#: The values each switch is tried at besides the kit's default (the numbers: one less and one
#: more, or the next two), in the order of :class:`~hexrules.options.RulesOptions`.
ALTERNATIVES: dict[str, tuple[Any, ...]] = {
    "allies_pass_through": (True, False),
    "garrison_ability_move": CHOICES["garrison_ability_move"],
    "engagement_penalty": (0, 1, 2),
    "engagement_on_entry": CHOICES["engagement_on_entry"],
    "jump_climb": CHOICES["jump_climb"],
    "water": CHOICES["water"],
    "collision_damage": (1, 2, 3),
    "push_drop_damage_per_level": (0, 1, 2),
    "push_off_board": CHOICES["push_off_board"],
    "pull_other_elevation": CHOICES["pull_other_elevation"],
    "crush_cover_reduction": (0, 1, 2),
    "crush_major_also_minor": (False, True),
}

#: The rule topic each switch acts on (and only that one: T2 for Push and Pull).
TOPICS: dict[str, str] = {
    "allies_pass_through": "movement", "garrison_ability_move": "movement", "engagement_penalty": "movement", "engagement_on_entry": "movement",
    "jump_climb": "movement", "water": "movement",
    "collision_damage": "forced", "push_drop_damage_per_level": "forced", "push_off_board": "forced",
    "pull_other_elevation": "forced",
    "crush_cover_reduction": "crush", "crush_major_also_minor": "crush",
}


@dataclass(frozen=True)
class Alternative:
    """One switch set to one value: a reading to compare with the base reading.

    Attributes
    ----------
    switch : str
        A field of :class:`~hexrules.options.RulesOptions`.
    value : Any
        Its value under this reading.

    Raises
    ------
    OptionsError
        If the switch is unknown or the value is not one of its valid values.
    """

    switch: str
    value: Any

    def __post_init__(self) -> None:
        if not isinstance(self.switch, str) or self.switch not in TOPICS:
            raise OptionsError(f"switch {show(self.switch)} is not a rules switch (known: {', '.join(TOPICS)})")
        DEFAULT.replace(**{self.switch: self.value})  # OptionsError naming the value and the ruling

    @property
    def ruling(self) -> str:
        """The ruling the switch belongs to (e.g. ``"T1"``)."""
        return RULINGS[self.switch]

    @property
    def topic(self) -> str:
        """``"movement"``, ``"forced"`` or ``"crush"`` (:data:`TOPICS`)."""
        return TOPICS[self.switch]

    @property
    def label(self) -> str:
        """``"water=none"``: how tables name it."""
        return f"{self.switch}={self.value}"

    def reading(self, base: RulesOptions = DEFAULT) -> RulesOptions:
        """``base`` with this switch set to this value.

        Raises
        ------
        OptionsError
            If ``base`` is not a :class:`~hexrules.options.RulesOptions`.
        """
        return check_options(base).replace(**{self.switch: self.value})


def _same_value(a: Any, b: Any) -> bool:
    """``a == b`` for a switch value (a bool is not taken for an int; a value that cannot be
    compared is not equal)."""
    try:
        return isinstance(a, bool) == isinstance(b, bool) and bool(a == b)
    except Exception:  # noqa: BLE001 - e.g. a numpy array: not a switch value
        return False


def alternatives(switches: Iterable[str] | None = None, base: RulesOptions = DEFAULT) -> tuple[Alternative, ...]:
    """Every alternative of ``switches`` (default: all, in :data:`ALTERNATIVES` order) that differs
    from ``base``.

    Raises
    ------
    OptionsError
        If ``switches`` is a single string or names an unknown switch, or ``base`` is not a
        RulesOptions.
    """
    base = check_options(base)
    if isinstance(switches, str):
        raise OptionsError(f"switches={show(switches)} is a single name; give a tuple, e.g. ({show(switches)},)")
    if switches is not None and not isinstance(switches, (tuple, list, set, frozenset)):
        raise OptionsError(f"switches={show(switches)} is not a tuple of switch names, e.g. ('water',)")
    names = list(ALTERNATIVES) if switches is None else list(switches)
    for n in names:
        if not isinstance(n, str) or n not in ALTERNATIVES:
            raise OptionsError(f"switch {show(n)} is not a rules switch (known: {', '.join(ALTERNATIVES)})")
    return tuple(Alternative(n, v) for n in dict.fromkeys(names) for v in ALTERNATIVES[n] if getattr(base, n) != v)


# --- what is compared on a scenario ---------------------------------------------------------------


@dataclass(frozen=True)
class Situations:
    """What :func:`what_changes` compares on a scenario (see the module docstring).

    Parameters
    ----------
    kinds : tuple of {"advance", "dash"}
        The movements of each unit that is not a Garrison (M2).
    ability : int
        N of the ability movement "move N hexes" each Garrison is moved by (M5; Garrisons never
        Advance or Dash), 0..12; 0 leaves Garrisons out.
    push, pull : int
        Push N and Pull N, in hexes (0..4; 0 leaves that kind out).
    distance : int
        How far (hexes) an enemy may stand from the source to be pushed or pulled (1..6).

    Raises
    ------
    RuleError
        If a value is outside its range.
    """

    kinds: tuple[str, ...] = ("advance",)
    push: int = 2
    pull: int = 2
    distance: int = 2
    ability: int = 3

    def __post_init__(self) -> None:
        if not isinstance(self.kinds, (str, tuple, list)):
            raise RuleError(f"kinds={show(self.kinds)} are not 'advance' and / or 'dash'", ruling="M2")
        kinds = (self.kinds,) if isinstance(self.kinds, str) else tuple(self.kinds)
        if not all(isinstance(k, str) and k in ("advance", "dash") for k in kinds):
            raise RuleError(f"kinds={show(self.kinds)} are not 'advance' and / or 'dash'", ruling="M2")
        object.__setattr__(self, "kinds", tuple(dict.fromkeys(kinds)))
        for name, lo, hi, ruling in (("push", 0, 4, "P1"), ("pull", 0, 4, "L1"), ("distance", 1, 6, "P1"),
                                     ("ability", 0, 12, "M5")):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise RuleError(f"{name}={show(v)} is not a whole number from {lo} to {hi}", ruling=ruling)


@dataclass(frozen=True)
class Situation:
    """One Push or Pull compared: ``source`` forces ``target`` ``n`` hexes (from its own hex)."""

    kind: str
    source: str
    target: str
    n: int


def _pairs(scenario: Scenario, situations: Situations) -> list[Situation]:
    units = [u for u in scenario.state if not u.garrison]
    out = []
    for kind, n in (("push", situations.push), ("pull", situations.pull)):
        if not n:
            continue
        for s in units:
            for t in units:
                if s.side != t.side and s.hex.distance(t.hex) <= situations.distance:
                    out.append(Situation(kind, s.name, t.name, n))
    return out


# --- the skips: where a switch cannot act (each exact by the rules) ----------------------------------


def _movements(state: Any, situations: Situations) -> list[tuple[Any, Any]]:
    """``[(unit, movement kind)]`` compared on a board: each unit that is not a Garrison under each
    of ``situations.kinds`` (M2), each Garrison moved by its ability, ``AbilityMove(situations.ability)``
    (M5; none when it is 0)."""
    ability = AbilityMove(situations.ability) if situations.ability else None
    garrison_kinds = (ability,) if ability else ()
    return [(u, k) for u in state for k in (garrison_kinds if u.garrison else situations.kinds)]


def _reach_may_change(scenario: Scenario, unit: Any, alt: Alternative, al: Allowance,
                      costly: list | None = None) -> bool:
    """False when ``alt``'s switch provably cannot change ``unit``'s movement, whose allowance
    under the base reading is ``al``: :func:`movement_switch_may_act` (``costly``: the board's
    hexes of terrain with an extra cost, if already listed)."""
    return _movement_may_act(scenario, unit, alt.switch, al, costly)


def _check_switch(switch: Any) -> str:
    if not isinstance(switch, str) or switch not in TOPICS:
        raise OptionsError(f"switch {show(switch)} is not a rules switch (known: {', '.join(TOPICS)})")
    return switch


def movement_switch_may_act(scenario: Scenario, unit: str, switch: str, al: Allowance) -> bool:
    """False when another value of ``switch`` provably cannot change ``unit``'s movement (its
    reach, costs and allowance), whose allowance under the reading in force is ``al``; True when
    it may (the module docstring gives each ruling; ``tests/test_whatif_properties.py`` checks on
    generated boards that a False is never wrong). A switch of another topic (T2) never acts.

    Parameters
    ----------
    scenario : Scenario
    unit : str
        The moving unit's name, as it stands in ``scenario.state``.
    switch : str
        A switch of :class:`~hexrules.options.RulesOptions`.
    al : hexrules.movement.Allowance
        Its movement's allowance under the reading in force.

    Returns
    -------
    bool

    Raises
    ------
    HexrulesError
        If ``scenario`` is not a Scenario or ``al`` not an Allowance.
    StateError
        If no unit of ``scenario`` is called ``unit``.
    OptionsError
        If ``switch`` is not a switch of RulesOptions.
    """
    if not isinstance(scenario, Scenario):
        raise HexrulesError(f"scenario={show(scenario)} is not a hexrules.scenario.Scenario")
    if not isinstance(al, Allowance):
        raise HexrulesError(f"al={show(al)} is not a hexrules.movement.Allowance")
    return _movement_may_act(scenario, scenario.state.unit(unit), _check_switch(switch), al)


def _costly(board: Any) -> list:
    """The hexes of ``board`` whose terrain has an extra cost (T1), in board order."""
    return [h for h, t in board.terrains.items() if t.cost]


def _movement_may_act(scenario: Scenario, unit: Any, switch: str, al: Allowance, costly: list | None = None) -> bool:
    if TOPICS.get(switch) != "movement":  # T2, and Crush's switches only act on Crush
        return False
    board, state = scenario.board, scenario.state
    if switch == "garrison_ability_move":  # M5: it reads only a Garrison's movement
        return unit.garrison
    if switch == "jump_climb":  # J1, J3: with s = 0 both readings are M1
        return board.elevations[unit.hex] >= 1
    if switch == "engagement_penalty":  # E2, E5, M5: only the allowance of a unit Engaged at the start
        return bool(al.engaged_with) and al.engagement_ignored is None
    # Movement points under any reading are at most the stat plus Speed (M2): penalties and the
    # water reading "allowance" only take points away (E2, T1). A hex costs at least its distance.
    reach = al.base + al.speed
    if switch == "allies_pass_through":  # M3
        return any(o.side == unit.side and o is not unit and o.hex.distance(unit.hex) <= reach for o in state)
    if switch == "engagement_on_entry":  # E3: a stop hex is next to an enemy, E5 lifts the stop
        return not unit.ignore_engagement and any(o.side != unit.side and o.hex.distance(unit.hex) <= reach
                                                  for o in state)
    if switch == "water":  # T1: only terrain with an extra cost, under the unit or within reach
        return any(h.distance(unit.hex) <= reach for h in (_costly(board) if costly is None else costly))
    return True


def _forced_changes(move: ForcedMove, alt: Alternative) -> bool:
    """Whether ``alt``'s switch changes ``move`` (the base reading's branches; ``alt`` differs from
    the base in that switch only): :func:`forced_switch_acts`."""
    return _forced_acts(move, alt.switch)


def forced_switch_acts(move: ForcedMove, switch: str) -> bool:
    """Whether another value of ``switch`` would change ``move``'s branches (the reading in force
    and the other differing in that switch only): exactly, by the rules, without walking the
    branches again.

    Each switch only changes an amount or an ending where the rule it reads applies, and there
    it always does: a collision's damage (P2, L2, L3, P4 "collide": every collision deals
    ``collision_damage`` to each unit involved), a step down's damage (P3: levels x damage per
    level), a step off the board (P4: stop, collide and remove end it three different ways), a
    target next to the source at another elevation with a unit on the source (L3: nothing, or a
    collision). ``tests/test_whatif_properties.py`` checks it against the comparison itself.
    A switch that does not act on a Push or Pull (T2: the movement and Crush switches) never does.

    Parameters
    ----------
    move : hexrules.forced.ForcedMove
    switch : str
        A switch of :class:`~hexrules.options.RulesOptions`.

    Returns
    -------
    bool

    Raises
    ------
    HexrulesError
        If ``move`` is not a ForcedMove.
    OptionsError
        If ``switch`` is not a switch of RulesOptions.
    """
    if not isinstance(move, ForcedMove):
        raise HexrulesError(f"move={show(move)} is not a hexrules.forced.ForcedMove")
    return _forced_acts(move, _check_switch(switch))


def _forced_acts(move: ForcedMove, switch: str) -> bool:
    if TOPICS.get(switch) != "forced":  # T2: no other switch acts on a Push or Pull
        return False
    occurs = move.occurs  # what happens in some branch, no branch built
    if switch == "collision_damage":  # P2, L2, L3, P4 "collide": only collisions deal it
        return "collision" in occurs
    if switch == "push_drop_damage_per_level":  # P3: only steps down
        return "drop" in occurs
    if switch == "push_off_board":  # P4: only steps off the board
        return "edge" in occurs
    if switch == "pull_other_elevation":  # L3: next to the source at another elevation, a unit there
        return move.kind == "pull" and move.by is not None and bool(
            occurs & {"adjacent_other_elevation", "l3_collision"})
    return True


# --- one scenario -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SwitchChanges:
    """What one alternative changes on one scenario, against the base reading.

    Attributes
    ----------
    alternative : Alternative
    readings : (RulesOptions, RulesOptions)
        The base reading and the alternative's.
    reaches : tuple of ReachComparison
        The movements whose reach, costs or allowance differ (per unit and kind; M, E, J, T).
    forced : tuple of ForcedComparison
        The Push and Pull situations whose branches differ (P, L).
    dice : tuple of DiceComparison
        The Crush dice distributions that differ (C3, C4), one per piece and affected unit.
    crush : tuple of CrushComparison
        The seeded Crushes (seed 0) whose results differ (C1-C4), one per vehicle path and piece.
    movements : int
        Movements compared (units x kinds).
    situations : int
        Push and Pull situations compared.
    reach_change : int
        Over the movements compared, hexes reachable under the alternative minus under the base.
    board : Board
        Names the hexes in the words (not compared).
    """

    alternative: Alternative
    readings: tuple[RulesOptions, RulesOptions]
    reaches: tuple[ReachComparison, ...] = ()
    forced: tuple[ForcedComparison, ...] = ()
    dice: tuple[DiceComparison, ...] = ()
    crush: tuple[CrushComparison, ...] = ()
    movements: int = 0
    situations: int = 0
    reach_change: int = 0
    board: Any = field(default=None, compare=False, repr=False)

    @property
    def same(self) -> bool:
        """True when the alternative changes nothing here."""
        return not (self.reaches or self.forced or self.dice or self.crush)

    def __bool__(self) -> bool:
        """True when the alternative changes something (like a non-empty diff)."""
        return not self.same

    @property
    def differing_hexes(self) -> frozenset:
        """Every hex where a reach differs, or where a changed Push or Pull branch ends or collides
        (under either reading): where a picture marks the change."""
        out: set = set()
        for r in self.reaches:
            out |= r.differing_hexes
        for f in self.forced:
            a, b = f.differing_hexes
            out |= a | b
        return frozenset(out)

    def explain(self) -> str:
        """What changes, in words (:func:`hexrules.words.whatif.switch_text`)."""
        return words.switch_text(self)

    def table(self) -> list[dict[str, Any]]:
        """One row per movement, situation or Crush that changes (:func:`hexrules.words.whatif.switch_table`)."""
        return words.switch_table(self)

    def __str__(self) -> str:
        return self.explain()


@dataclass(frozen=True)
class Report:
    """What every alternative changes on one scenario: :func:`what_changes`'s answer.

    Attributes
    ----------
    scenario : Scenario
        The scenario (not compared).
    base : RulesOptions
        The reading every alternative is compared with.
    situations : Situations
        What was compared.
    switches : tuple of SwitchChanges
        One per alternative, in :data:`ALTERNATIVES` order.
    movements : tuple of (str, str)
        ``(unit, kind)`` of every movement compared.
    pushes : tuple of Situation
        Every Push and Pull compared.
    refused : tuple of (Situation, Refusal)
        The Pushes and Pulls the rules refuse under the base reading (L3), not compared.
    base_origin : {"default", "scenario", "given"}
        Where ``base`` came from: the kit's default (the scenario has no ``rules:`` section), the
        scenario's ``rules:`` section, or the caller's ``base=``.
    """

    scenario: Scenario = field(compare=False, repr=False)
    base: RulesOptions
    situations: Situations
    switches: tuple[SwitchChanges, ...]
    movements: tuple[tuple[str, str], ...]
    pushes: tuple[Situation, ...]
    refused: tuple[tuple[Situation, Any], ...] = ()
    base_origin: str = "given"

    @property
    def changed(self) -> tuple[SwitchChanges, ...]:
        """The alternatives that change something."""
        return tuple(c for c in self.switches if not c.same)

    @property
    def unchanged(self) -> tuple[SwitchChanges, ...]:
        """The alternatives that change nothing here."""
        return tuple(c for c in self.switches if c.same)

    def switch(self, name: str, value: Any = None) -> SwitchChanges:
        """The changes of switch ``name`` at ``value`` (default: its first alternative).

        Raises
        ------
        OptionsError
            If the report has no such alternative (the message lists them).
        """
        for c in self.switches:
            if (isinstance(name, str) and c.alternative.switch == name
                    and (value is None or _same_value(c.alternative.value, value))):
                return c
        raise OptionsError(f"this report has no alternative {show(name)}={show(value)} "
                           f"(alternatives: {', '.join(c.alternative.label for c in self.switches)})")

    def records(self) -> list[dict[str, Any]]:
        """One row of plain numbers per alternative (what :meth:`table` formats): ``switch``,
        ``value``, ``alternative`` (``switch=value``), ``ruling``, ``topic``, ``base`` (the reading
        compared with, :func:`reading_label`), ``base_origin`` (:attr:`base_origin`), ``movements``, ``movements_changed``,
        ``reach_change`` (hexes), ``situations``, ``situations_changed``, ``crush_changed`` and
        ``changed`` (bool)."""
        base = reading_label(self.base)
        return [{**_alternative_fields(c.alternative), "base": base, "base_origin": self.base_origin,
                 **_counts_fields(Counts.of(c)), "changed": not c.same} for c in self.switches]

    def to_csv(self, path: str | os.PathLike) -> Any:
        """:meth:`records` written to the CSV file ``path`` (:func:`hexrules.records.to_csv`)."""
        return _records.to_csv(self.records(), path)

    def to_dataframe(self) -> Any:
        """:meth:`records` as a :class:`pandas.DataFrame` (:func:`hexrules.records.to_dataframe`)."""
        return _records.to_dataframe(self.records())

    def explain(self) -> str:
        """The whole report in words (:func:`hexrules.words.whatif.report_text`)."""
        return words.report_text(self)

    def table(self) -> list[dict[str, Any]]:
        """One row per alternative: what it changes, in counts (:func:`hexrules.words.whatif.report_table`)."""
        return words.report_table(self)

    def __str__(self) -> str:
        return self.explain()


def what_changes(
    scenario: Scenario,
    *,
    base: RulesOptions | None = None,
    switches: Iterable[str] | None = None,
    situations: Situations | None = None,
) -> Report:
    """What every alternative reading changes on ``scenario`` (see the module docstring).

    Parameters
    ----------
    scenario : Scenario
        Its units, and its Crush pieces and vehicle paths if it has them.
    base : RulesOptions, optional
        The reading compared with. Default: the scenario's own (:func:`hexrules.reading.reading`:
        its ``rules:`` section, else the kit's default); the report says which
        (:attr:`Report.base_origin`).
    switches : iterable of str, optional
        The switches to try (default all of :data:`ALTERNATIVES`), each at every value but
        ``base``'s.
    situations : Situations, optional
        What to compare (default :class:`Situations` ()).

    Returns
    -------
    Report

    Raises
    ------
    OptionsError
        If ``base`` is not a RulesOptions or a switch is unknown.
    RuleError
        If ``situations`` is not a :class:`Situations`.
    HexrulesError
        If ``scenario`` is not a Scenario.
    """
    if not isinstance(scenario, Scenario):
        raise HexrulesError(f"scenario={show(scenario)} is not a hexrules.scenario.Scenario")
    situations = Situations() if situations is None else situations
    if not isinstance(situations, Situations):
        raise RuleError(f"situations={show(situations)} is not a hexrules.whatif.Situations")
    if base is None:
        base, origin = reading(scenario), ("scenario" if "rules" in scenario.sections else "default")
    else:
        origin = "given"
    alts = alternatives(switches, base)
    topics = {a.topic for a in alts}
    board, state = scenario.board, scenario.state
    moving = _movements(state, situations)
    movements = tuple((u.name, k) for u, k in moving)
    base_reach: dict[tuple[str, Any], Reach] = {}
    if "movement" in topics:
        base_reach = {(u.name, k): reachable(board, state, u, k, base) for u, k in moving}
    pushes, refused, base_moves = [], [], {}
    if "forced" in topics:
        for sit in _pairs(scenario, situations):
            try:
                base_moves[sit] = forced(sit.kind, board, state, sit.source, sit.target, sit.n, options=base)
                pushes.append(sit)
            except RuleError as err:  # L3 next to the source at the same elevation: refused under every reading
                refused.append((sit, Refusal.of(err)))
    crush_cases = _crush_cases(scenario) if "crush" in topics else ([], [])
    out = []
    for alt in alts:
        other = alt.reading(base)
        kw: dict[str, Any] = {}
        if alt.topic == "movement":
            changed, change = [], 0
            for u, k in moving:
                ra = base_reach[(u.name, k)]
                if not _reach_may_change(scenario, u, alt, ra.allowance):
                    continue
                rb = reachable(board, state, u, k, other)
                cmp = reach_comparison(board, k, (base, other), (ra, rb))
                change += len(rb) - len(ra)
                if not cmp.same:
                    changed.append(cmp)
            kw = dict(reaches=tuple(changed), movements=len(movements), reach_change=change)
        elif alt.topic == "forced":
            changed = []
            for sit in pushes:
                fa = base_moves[sit]
                if not _forced_changes(fa, alt):
                    continue
                fb = forced(sit.kind, board, state, sit.source, sit.target, sit.n, options=other)
                cmp = forced_comparison((base, other), (fa, fb))
                if not cmp.same:
                    changed.append(cmp)
            kw = dict(forced=tuple(changed), situations=len(pushes))
        else:
            kw = _crush_changes(scenario, crush_cases, base, other)
        out.append(SwitchChanges(alt, (base, other), board=board, **kw))
    return Report(scenario, base, situations, tuple(out), movements, tuple(pushes), tuple(refused), origin)


def _crush_cases(scenario: Scenario) -> tuple[list, list]:
    """``([(piece, unit)] for the dice, [(vehicle, path, piece)] for the seeded Crushes)``."""
    data = scenario.sections.get("crush")
    if data is None:
        return [], []
    from .crush import affected_units

    dice = [(p, u) for p in data.pieces if p.collapsible and not p.collapsed for u in affected_units(p, data.units)]
    runs = [(v, path, p) for v, path in data.paths.items() for p in data.pieces]
    return dice, runs


def _crush_changes(scenario: Scenario, cases: tuple[list, list], a: RulesOptions, b: RulesOptions) -> dict[str, Any]:
    dice_cases, runs = cases
    data = scenario.sections.get("crush")
    dice = []
    for piece, unit in dice_cases:
        cmp = compare_dice(piece.cover, unit.resolve, a, b, shield=unit.shield if unit.is_vehicle else None)
        if not cmp.same:
            dice.append(cmp)
    crushes = []
    for vehicle, path, piece in runs:
        cmp = compare_crush(scenario.board, piece, data.units, path, a, b, vehicle=vehicle, seed=0)
        if not cmp.same:
            crushes.append(cmp)
    return dict(dice=tuple(dice), crush=tuple(crushes))


# --- many boards -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Counts:
    """How much one alternative changes on one board, in numbers (what a sweep adds up).

    Attributes
    ----------
    movements, movements_changed : int
        Movements compared, and those whose reach, costs or allowance differ.
    reach_change : int
        Hexes reachable under the alternative minus under the base, over the movements.
    situations, situations_changed : int
        Push and Pull situations compared, and those whose branches differ.
    crush_changed : int
        Crush results (dice distributions, seeded Crushes) that differ.
    """

    movements: int = 0
    movements_changed: int = 0
    reach_change: int = 0
    situations: int = 0
    situations_changed: int = 0
    crush_changed: int = 0

    @property
    def changed(self) -> bool:
        """True when the alternative changes something on the board."""
        return bool(self.movements_changed or self.situations_changed or self.crush_changed)

    @classmethod
    def of(cls, changes: SwitchChanges) -> "Counts":
        """The counts of a report's :class:`SwitchChanges`."""
        return cls(changes.movements, len(changes.reaches), changes.reach_change, changes.situations,
                   len(changes.forced), len(changes.dice) + len(changes.crush))


def _movement_counts(scenario: Scenario, unit: Any, kind: Any, alts: dict[Alternative, RulesOptions],
                     base: RulesOptions, costly: list | None = None) -> dict[Alternative, tuple[bool, int]]:
    """For each movement alternative: ``(changed, hexes gained minus lost)`` of ``unit``'s movement.

    The readings that may change it (:func:`movement_switch_may_act`) are searched together by
    :func:`hexrules.movement.reach_costs`, which shares one search among the readings whose steps
    cost alike where the search reaches. Changed means what
    :attr:`hexrules.compare.ReachComparison.same` says: other hexes or costs, or another allowance.
    """
    board, state = scenario.board, scenario.state
    base_al = allowance(board, state, unit, kind, base)
    acting = [a for a in alts if _reach_may_change(scenario, unit, a, base_al, costly)]
    found = reach_costs(board, state, unit, kind, [base] + [alts[a] for a in acting])
    (_, mine), theirs = found[0], dict(zip(acting, found[1:]))
    out = {}
    for a in alts:
        if a not in theirs:
            out[a] = (False, 0)
            continue
        al, costs = theirs[a]
        out[a] = (costs != mine or al.total != base_al.total, len(costs) - len(mine))
    return out


def board_counts(scenario: Scenario, alts: Iterable[Alternative], base: RulesOptions = DEFAULT,
                 situations: Situations | None = None) -> dict[Alternative, Counts]:
    """What each alternative changes on ``scenario``, in numbers: :func:`what_changes` counted,
    without building the comparisons a sweep would throw away.

    The same numbers as ``Counts.of`` of each :class:`SwitchChanges` of :func:`what_changes` (a
    property test checks it), faster: a Push or Pull changes exactly where its rule applies
    (:func:`_forced_changes`: what happens in some branch, :attr:`hexrules.forced.ForcedMove.occurs`,
    no branch built, no second walk); the readings of a movement share a search wherever it
    provably finds the same (:func:`hexrules.movement.reach_costs`: E2's penalties and T1's
    "allowance" change only how far it goes, the other switches only steps near the hexes they
    read).

    Parameters
    ----------
    scenario : Scenario
    alts : iterable of Alternative
        Each differing from ``base`` in its switch (:func:`alternatives`).
    base : RulesOptions
    situations : Situations, optional

    Returns
    -------
    dict of Alternative to Counts
    """
    situations = Situations() if situations is None else situations
    alts = tuple(alts)
    topics = {a.topic for a in alts}
    out: dict[Alternative, Counts] = {}
    if "crush" in topics:
        crush = [a for a in alts if a.topic == "crush"]
        if "crush" not in scenario.sections:  # no piece, no vehicle: no Crush to change (a generated board)
            out = {a: Counts() for a in crush}
        else:  # few and small: counted from the report itself
            report = what_changes(scenario, base=base, switches=tuple(dict.fromkeys(a.switch for a in crush)),
                                  situations=situations)
            out = {c.alternative: Counts.of(c) for c in report.switches}
    board, state = scenario.board, scenario.state
    moving = [a for a in alts if a.topic == "movement"]
    if moving:
        for a in moving:
            out[a] = Counts()
        readings, costly = {a: a.reading(base) for a in moving}, _costly(board)
        for u, k in _movements(state, situations):
            for a, (changed, change) in _movement_counts(scenario, u, k, readings, base, costly).items():
                c = out[a]
                out[a] = Counts(c.movements + 1, c.movements_changed + changed, c.reach_change + change)
    moves = []
    if "forced" in topics:
        for sit in _pairs(scenario, situations):
            try:
                moves.append(forced(sit.kind, board, state, sit.source, sit.target, sit.n, options=base))
            except RuleError:  # L3's refusal: the same under every reading
                pass
    for alt in alts:
        if alt.topic == "forced":
            out[alt] = Counts(situations=len(moves), situations_changed=sum(_forced_changes(m, alt) for m in moves))
    return out




@dataclass(frozen=True)
class Tally:
    """How often one alternative changed an outcome over a sweep's boards.

    Attributes
    ----------
    alternative : Alternative
    boards, boards_changed : int
        Boards swept, and those where it changed something.
    movements, movements_changed : int
        Movements compared (units x kinds, all boards), and those whose reach, costs or
        allowance differ.
    reach_change : int
        Hexes reachable under the alternative minus under the base, summed over the movements.
    situations, situations_changed : int
        Push and Pull situations compared, and those whose branches differ.
    """

    alternative: Alternative
    boards: int = 0
    boards_changed: int = 0
    movements: int = 0
    movements_changed: int = 0
    reach_change: int = 0
    situations: int = 0
    situations_changed: int = 0

    @property
    def share_boards(self) -> float:
        """Share of the boards where it changed something (0..1)."""
        return self.boards_changed / self.boards if self.boards else 0.0

    @property
    def share_movements(self) -> float | None:
        """Share of the movements whose reach differs (None for a switch that acts on no movement)."""
        if self.alternative.topic != "movement":
            return None
        return self.movements_changed / self.movements if self.movements else 0.0

    @property
    def mean_reach_change(self) -> float | None:
        """Mean change in hexes reachable per movement (None for a switch that acts on no movement)."""
        if self.alternative.topic != "movement":
            return None
        return self.reach_change / self.movements if self.movements else 0.0

    @property
    def share_situations(self) -> float | None:
        """Share of the Push and Pull situations whose outcomes differ (None for a switch that
        acts on no Push or Pull)."""
        if self.alternative.topic != "forced":
            return None
        return self.situations_changed / self.situations if self.situations else 0.0

    @property
    def share(self) -> float:
        """The share a chart shows: of the movements (movement switches), of the situations
        (Push and Pull switches), of the boards (Crush switches; generated boards have none)."""
        for value in (self.share_movements, self.share_situations):
            if value is not None:
                return value
        return self.share_boards

    def interval(self, of: str = "share") -> tuple[float, float] | None:
        """The 95% interval (Wilson's, :func:`hexrules.records.wilson`) of a share: ``of`` is
        ``"boards"``, ``"movements"``, ``"situations"`` or ``"share"`` (the one a chart shows,
        :attr:`share`); None for a share the switch does not act on.

        Raises
        ------
        HexrulesError
            If ``of`` is none of those.
        """
        if not isinstance(of, str):
            raise HexrulesError(f"of={show(of)} is not 'boards', 'movements', 'situations' or 'share'")
        if of == "share":
            of = {"movement": "movements", "forced": "situations"}.get(self.alternative.topic, "boards")
        counted = {"boards": (self.boards_changed, self.boards, None),  # every switch acts on some board
                   "movements": (self.movements_changed, self.movements, "movement"),
                   "situations": (self.situations_changed, self.situations, "forced")}.get(of)
        if counted is None:
            raise HexrulesError(f"of={show(of)} is not 'boards', 'movements', 'situations' or 'share'")
        k, n, topic = counted
        return _records.wilson(k, n) if topic in (None, self.alternative.topic) else None

    def add(self, counts: "Counts") -> "Tally":
        """This tally with one more board's :class:`Counts` added."""
        return Tally(self.alternative, self.boards + 1, self.boards_changed + counts.changed,
                     self.movements + counts.movements, self.movements_changed + counts.movements_changed,
                     self.reach_change + counts.reach_change, self.situations + counts.situations,
                     self.situations_changed + counts.situations_changed)


@dataclass(frozen=True)
class SweepResult:
    """What :func:`sweep` counted: one :class:`Tally` per alternative.

    Attributes
    ----------
    spec : BoardSpec
        How the boards were drawn.
    boards : int
        How many.
    seed : int or str
        The sweep's seed: board ``i`` is ``generate(spec, f"{seed}/{i}")``.
    base : RulesOptions
    situations : Situations
    tallies : tuple of Tally
    seconds : float
        How long it took (not compared).
    counts : bytes
        Every board's :class:`Counts` per alternative, packed (``array("i")``: board by board, the
        alternatives in :attr:`tallies` order, the fields of :data:`COUNT_FIELDS`); read them with
        :meth:`records` ``(per="board")``.
    """

    spec: BoardSpec
    boards: int
    seed: Any
    base: RulesOptions
    situations: Situations
    tallies: tuple[Tally, ...]
    seconds: float = field(default=0.0, compare=False)
    counts: bytes = field(default=b"", repr=False)

    def records(self, per: str = "switch") -> list[dict[str, Any]]:
        """The sweep's numbers as plain rows (no formatted text), for a CSV file or a DataFrame.

        Parameters
        ----------
        per : {"switch", "board"}
            ``"switch"``: one row per alternative: ``switch``, ``value``, ``alternative``,
            ``ruling``, ``topic``, ``base`` (:func:`reading_label`), ``boards``, ``boards_changed``,
            ``movements``, ``movements_changed``, ``reach_change``, ``situations``,
            ``situations_changed``, then each share (0..1) with its 95% interval
            (``share_boards``, ``share_boards_low``, ``share_boards_high``, and the same for
            movements and situations; None where the switch does not act) and
            ``mean_reach_change`` (hexes per movement, None likewise).
            ``"board"``: one row per board and alternative: ``board`` (0..boards-1), ``seed``
            (``generate(spec, seed)`` draws it again, as :meth:`board` does), the alternative's
            fields, ``base``, the board's counts (:data:`COUNT_FIELDS`) and ``changed`` (bool).

        Raises
        ------
        HexrulesError
            If ``per`` is neither.
        """
        if not isinstance(per, str) or per not in ("switch", "board"):
            raise HexrulesError(f"per={show(per)} is not 'switch' or 'board'")
        base = reading_label(self.base)
        if per == "switch":
            return [_tally_fields(t, base) for t in self.tallies]
        fields = [_alternative_fields(t.alternative) for t in self.tallies]
        return [{"board": board, "seed": self.board_seed(board), **fields[j], "base": base, **_counts_fields(c),
                 "changed": c.changed} for board, j, c in self._board_counts()]

    def _board_counts(self) -> Iterable[tuple[int, int, Counts]]:
        """``(board, alternative's index in tallies, its Counts there)`` of every board, unpacked
        from :attr:`counts`, board by board."""
        packed = array("i")
        packed.frombytes(self.counts)
        width, n = len(COUNT_FIELDS), len(self.tallies)
        for i in range(0, len(packed), width):
            yield i // (width * n), (i // width) % n, Counts(**dict(zip(COUNT_FIELDS, packed[i:i + width])))

    def to_csv(self, path: str | os.PathLike, per: str = "switch") -> Any:
        """:meth:`records` ``(per)`` written to the CSV file ``path`` (:func:`hexrules.records.to_csv`);
        returns the file's path."""
        return _records.to_csv(self.records(per), path)

    def to_dataframe(self, per: str = "switch") -> Any:
        """:meth:`records` ``(per)`` as a :class:`pandas.DataFrame` (:func:`hexrules.records.to_dataframe`)."""
        return _records.to_dataframe(self.records(per))

    def most_changed(self, name: str, value: Any = None) -> int | None:
        """The board (its number, for :meth:`board`) where switch ``name`` at ``value`` (default:
        its first alternative) changed the most: its movements, Push and Pull situations and
        Crush results changed, added; the first of them on a tie; None when it changed nothing.

        Raises
        ------
        OptionsError
            If the sweep tried no such alternative (as :meth:`tally`).
        """
        mine = self.tallies.index(self.tally(name, value))
        best, at = 0, None
        for board, j, c in self._board_counts():
            score = c.movements_changed + c.situations_changed + c.crush_changed
            if j == mine and score > best:
                best, at = score, board
        return at

    def board_seed(self, i: int) -> str:
        """The seed of board ``i``: ``f"{seed}/{i}"``."""
        return f"{self.seed}/{self._index(i)}"

    def board(self, i: int) -> Scenario:
        """Board ``i`` of the sweep (0..boards-1; negative counts from the end), drawn again from
        its seed: the same board the sweep counted.

        Raises
        ------
        HexrulesError
            If ``i`` is not a whole number within the sweep's boards.
        """
        return generate(self.spec, self.board_seed(i))

    def _index(self, i: Any) -> int:
        if isinstance(i, bool) or not isinstance(i, int) or not -self.boards <= i < self.boards:
            raise HexrulesError(f"board {show(i)} is not a board of this sweep (0 to {self.boards - 1}"
                                + (", or -1 for the last)" if self.boards else ": it has none)"))
        return i % self.boards

    def tally(self, name: str, value: Any = None) -> Tally:
        """The tally of switch ``name`` at ``value`` (default: its first alternative).

        Raises
        ------
        OptionsError
            If the sweep tried no such alternative.
        """
        for t in self.tallies:
            if (isinstance(name, str) and t.alternative.switch == name
                    and (value is None or _same_value(t.alternative.value, value))):
                return t
        raise OptionsError(f"this sweep has no alternative {show(name)}={show(value)} "
                           f"(alternatives: {', '.join(t.alternative.label for t in self.tallies)})")

    def explain(self) -> str:
        """The sweep in words (:func:`hexrules.words.whatif.sweep_text`)."""
        return words.sweep_text(self)

    def table(self) -> list[dict[str, Any]]:
        """One row per alternative (:func:`hexrules.words.whatif.sweep_table`)."""
        return words.sweep_table(self)

    def __str__(self) -> str:
        return self.explain()


#: The per-board numbers of :meth:`SweepResult.records` ``(per="board")``, in their packed order.
COUNT_FIELDS = ("movements", "movements_changed", "reach_change", "situations", "situations_changed", "crush_changed")


def reading_label(options: RulesOptions) -> str:
    """A reading named as tables name an alternative (:attr:`Alternative.label`): ``"default"``
    (the kit's), or its switches that differ from the default, ``"allies_pass_through=False,
    water=allowance"`` (``RulesOptions(allies_pass_through=False, water="allowance")``).

    Raises
    ------
    OptionsError
        If ``options`` is not a RulesOptions.
    """
    return words.switches_text(check_options(options)) or "default"


def _alternative_fields(alt: Alternative) -> dict[str, Any]:
    return {"switch": alt.switch, "value": alt.value, "alternative": alt.label, "ruling": alt.ruling,
            "topic": alt.topic}


def _counts_fields(c: Counts) -> dict[str, int]:
    return {k: getattr(c, k) for k in COUNT_FIELDS}


def _tally_fields(t: Tally, base: str) -> dict[str, Any]:
    row = {**_alternative_fields(t.alternative), "base": base, "boards": t.boards,
           "boards_changed": t.boards_changed, "movements": t.movements, "movements_changed": t.movements_changed,
           "reach_change": t.reach_change, "situations": t.situations, "situations_changed": t.situations_changed}
    for of, share in (("boards", t.share_boards), ("movements", t.share_movements),
                      ("situations", t.share_situations)):
        interval = t.interval(of)
        row[f"share_{of}"] = share
        row[f"share_{of}_low"], row[f"share_{of}_high"] = interval if interval else (None, None)
    row["mean_reach_change"] = t.mean_reach_change
    return row


def _count_boards(spec: BoardSpec, seed: Any, start: int, stop: int, alts: tuple[Alternative, ...],
                  base: RulesOptions, situations: Situations) -> list[dict[Alternative, Counts]]:
    """The counts of boards ``start .. stop - 1`` of a sweep, in order (what one worker does)."""
    return [board_counts(generate(spec, f"{seed}/{i}"), alts, base, situations) for i in range(start, stop)]


def _counted(boards: int, spec: BoardSpec, seed: Any, alts: tuple[Alternative, ...], base: RulesOptions,
             situations: Situations, workers: int, executor: Any = None):
    """``(boards done, [counts of each board of the batch])``, batch by batch, in board order.

    With several workers the batches are counted by that many processes (``spawn``: a fresh
    interpreter each, safe inside a Jupyter kernel's threads); with an ``executor`` (any
    :class:`concurrent.futures.Executor`: a process pool, Dask's ``Client.get_executor()``) by
    its workers. Either way they are handed back in board order: the same result.
    """
    if executor is None and (workers == 1 or boards < 2):
        for i in range(boards):
            yield i + 1, _count_boards(spec, seed, i, i + 1, alts, base, situations)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    parallel = workers if executor is None else max(workers, 2)
    size = max(1, min(50, boards // (parallel * 8)))
    starts = list(range(0, boards, size))

    def batches(pool: Any):
        futures = [pool.submit(_count_boards, spec, seed, a, min(boards, a + size), alts, base, situations)
                   for a in starts]
        try:
            for a, f in zip(starts, futures):
                yield min(boards, a + size), f.result()
        finally:
            for f in futures:
                f.cancel()

    if executor is not None:
        yield from batches(executor)
        return
    import multiprocessing

    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            yield from batches(pool)
    except BrokenProcessPool as err:
        stopped = f"a worker process of sweep(workers={workers}) stopped ({err}). "
        raise HexrulesError(stopped + (_NO_MAIN_GUARD if _main_is_a_script() else
                                       "sweep(..., workers=1) counts the boards in this process.")) from err


#: What sweep(workers=N) says where its worker processes cannot start the script that calls it.
_NO_MAIN_GUARD = (
    "sweep(..., workers=N) starts N fresh Python processes, and each one imports the script that "
    "called it (Python's 'spawn' start method); a script whose sweep(...) call is not inside "
    "'if __name__ == \"__main__\":' would run the sweep again in every worker, so it is refused. "
    "Put the call (and what it needs) under 'if __name__ == \"__main__\":', or use workers=1; "
    "a Jupyter notebook needs neither."
)


def _in_spawned_main() -> bool:
    """True inside a worker process while it imports its parent's script (the spawn start
    method names that module ``__mp_main__``)."""
    main = sys.modules.get("__main__")
    return getattr(main, "__name__", "__main__") == "__mp_main__"


def _main_is_a_script() -> bool:
    """True when ``__main__`` is a script file (not a notebook or the interactive prompt): the
    one case where the workers import it."""
    return bool(getattr(sys.modules.get("__main__"), "__file__", None))


def sweep(
    boards: int = 1000,
    *,
    spec: BoardSpec = RULEBOOK,
    seed: int | str = 0,
    base: RulesOptions = DEFAULT,
    switches: Iterable[str] | None = None,
    situations: Situations | None = None,
    progress: Callable[[int, int], Any] | None = None,
    workers: int = 1,
    executor: Any = None,
) -> SweepResult:
    """How often each alternative reading changes an outcome, over ``boards`` generated boards.

    Parameters
    ----------
    boards : int
        How many boards (0..100000), drawn by :func:`hexrules.generate.generate` with seeds
        ``f"{seed}/0"``, ``f"{seed}/1"``, ...
    spec : BoardSpec
        The boards' size, relief, terrain and units (default :data:`~hexrules.generate.RULEBOOK`).
    seed : int or str
        The same seed gives the same boards and the same result.
    base, switches, situations
        As for :func:`what_changes`.
    progress : callable, optional
        ``progress(done, total)`` after each board (e.g. a progress bar); with several workers,
        after each batch of boards.
    workers : int
        Processes that count boards side by side (1..64; the boards are independent, the result
        is the same whatever the number). 1 counts them here. Each worker is a fresh Python
        (``spawn``) that imports the calling script: in a script, call ``sweep`` under
        ``if __name__ == "__main__":`` (a notebook needs nothing; a script without it is refused
        at once, with that advice).
    executor : concurrent.futures.Executor, optional
        Count the boards' batches on this executor instead, in board order (the same result):
        a :class:`~concurrent.futures.ProcessPoolExecutor` of your own, or a cluster's, e.g.
        Dask's ``dask.distributed.Client(...).get_executor()`` (the README says how to reach a
        cluster). ``workers`` then only sizes the batches. The executor is not shut down.

    Returns
    -------
    SweepResult

    Raises
    ------
    HexrulesError
        If ``boards`` is not a whole number 0..100000, ``workers`` not 1..64, ``executor`` not
        an Executor or ``progress`` not callable; if a worker process stops (a script calling
        ``sweep(workers=N)`` outside ``if __name__ == "__main__":`` is told so); or as
        :func:`what_changes` and :func:`hexrules.generate.generate`.

    Examples
    --------
    >>> result = sweep(3, switches=("jump_climb",), seed=1)
    >>> t = result.tally("jump_climb")
    >>> t.boards, t.movements   # a board: 3 units a side Advance, 1 Garrison's ability move (M5)
    (3, 21)
    >>> sweep(3, switches=("jump_climb",), seed=1) == result
    True
    """
    if isinstance(boards, bool) or not isinstance(boards, int) or not 0 <= boards <= 100_000:
        raise HexrulesError(f"boards={show(boards)} is not a whole number from 0 to 100000")
    if progress is not None and not callable(progress):
        raise HexrulesError(f"progress={show(progress)} is not callable (progress(done, total))")
    if not isinstance(spec, BoardSpec):
        raise HexrulesError(f"spec={show(spec)} is not a hexrules.generate.BoardSpec")
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
        raise HexrulesError(f"workers={show(workers)} is not a whole number of processes from 1 to 64")
    if executor is not None:
        from concurrent.futures import Executor

        if not isinstance(executor, Executor):
            raise HexrulesError(f"executor={show(executor)} is not a concurrent.futures.Executor "
                                "(e.g. dask.distributed.Client(...).get_executor())")
    elif workers > 1 and _in_spawned_main():  # a worker importing a script that sweeps at its top level
        raise HexrulesError(_NO_MAIN_GUARD)
    situations = Situations() if situations is None else situations
    if not isinstance(situations, Situations):
        raise RuleError(f"situations={show(situations)} is not a hexrules.whatif.Situations")
    check_seed(seed)
    alts = alternatives(switches, base)
    tallies = {a: Tally(a) for a in alts}
    packed = array("i")
    t0 = time.perf_counter()
    for done, counts in _counted(boards, spec, seed, alts, base, situations, workers, executor):
        for one in counts:
            for alt in alts:
                c = one[alt]
                tallies[alt] = tallies[alt].add(c)
                packed.extend(_counts_fields(c).values())  # in COUNT_FIELDS order
        if progress is not None:
            try:
                progress(done, boards)
            except Exception as err:  # noqa: BLE001 - the caller's callback: say which call failed
                raise HexrulesError(f"progress({done}, {boards}) raised {type(err).__name__}: {err}") from err
    return SweepResult(spec, boards, seed, base, situations, tuple(tallies[a] for a in alts),
                       time.perf_counter() - t0, packed.tobytes())
