"""A scenario's reading of the rules: the ``rules:`` section of scenario text.

A designer who settles on a reading of the rules for a board (water taken once from the
allowance, a Push off the board that collides, ...) writes it into the board's file, and the
reach and Push/Pull explorers (the two-readings ones too, each side with its switch set), the
board editor and a diagram drawn from the file start from it (the what-if report and the Crush
explorers start from the kit's default)::

    name: Harbour
    map:
        0  0  ~  ~
         0  1  ~  0
    units:
        Gundam  side=federation  at=A1
    rules: water=allowance  push_off_board=collide

``rules:`` takes ``switch=value`` fields, on the heading line or on indented lines under it
(the section may repeat; a switch given twice is refused). The switches are the fields of
:class:`~hexrules.options.RulesOptions`, each with its ruling (RULES.md): a choice among its
words (``water=allowance``, T1), ``yes``/``no`` (``allies_pass_through=no``, M3) or a whole
number (``collision_damage=3``, P2). A switch not given keeps the kit's default
(:data:`~hexrules.options.DEFAULT`), and the writer writes only the switches that differ from
it (no section for the default reading, but an empty ``rules:`` read from text is written
back as it was), so ``parse_scenario(sc.to_text()) == sc``.
Errors name the file, line and column of the value, and the switch's ruling.

In ``Scenario.sections`` the reading is the :class:`~hexrules.options.RulesOptions` itself
(key ``"rules"``); :func:`reading` and :func:`with_reading` read and set it. A diagram's own
``rules`` line (:mod:`hexrules.diagram`) changes switches of the file's reading.

Examples
--------
>>> from hexrules.scenario import parse_scenario
>>> sc = parse_scenario("map:\\n  0 ~\\nrules: water=allowance\\n  collision_damage=3\\n")
>>> reading(sc).differences(DEFAULT)
{'water': ('allowance', 'enter_cost'), 'collision_damage': (3, 2)}
>>> print(sc.to_text().split("rules:")[1].strip())
water=allowance  collision_damage=3
>>> reading(with_reading(sc, None)) == DEFAULT
True
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from . import checks
from .checks import show
from .errors import HexrulesError, OptionsError, ScenarioError
from .options import CHOICES, DEFAULT, RULINGS, RulesOptions, check_options
from .scenario import Entry, Line, Reader, Scenario, Section, SectionReader, register_section

__all__ = ["KEY", "HEADINGS", "SWITCHES", "reading", "with_reading", "read_switch", "switch_words"]

#: The topic key of a scenario's reading in :attr:`Scenario.sections <hexrules.scenario.Scenario.sections>`.
KEY = "rules"

#: The section heading it owns.
HEADINGS = ("rules",)

#: Every switch of :class:`~hexrules.options.RulesOptions`, in its order: the fields ``rules:`` takes.
SWITCHES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(RulesOptions))

_TYPES = {f.name: f.type for f in dataclasses.fields(RulesOptions)}


def reading(scenario: Scenario) -> RulesOptions:
    """The reading of the rules ``scenario`` carries: its ``rules:`` section, else the kit's default.

    Parameters
    ----------
    scenario : Scenario

    Returns
    -------
    RulesOptions
        :data:`~hexrules.options.DEFAULT` with the switches of the ``rules:`` section.

    Raises
    ------
    ScenarioError
        If ``scenario`` is not a :class:`~hexrules.scenario.Scenario`.
    """
    if not isinstance(scenario, Scenario):
        raise ScenarioError(f"{show(scenario)} is not a hexrules Scenario", source="reading")
    return scenario.sections.get(KEY, DEFAULT)


def with_reading(scenario: Scenario, options: RulesOptions | None) -> Scenario:
    """``scenario`` carrying reading ``options`` (None or the default: no ``rules:`` section).

    Parameters
    ----------
    scenario : Scenario
    options : RulesOptions or None

    Returns
    -------
    Scenario
        A copy; ``scenario`` itself when its reading is already ``options``.

    Raises
    ------
    ScenarioError
        If ``scenario`` is not a Scenario.
    OptionsError
        If ``options`` is neither None nor a RulesOptions.
    """
    options = DEFAULT if options is None else check_options(options)
    if reading(scenario) == options and (KEY in scenario.sections) == (options != DEFAULT):
        return scenario
    sections = {k: v for k, v in scenario.sections.items() if k != KEY}
    if options != DEFAULT:
        sections[KEY] = options
    return scenario.replace(sections=sections)


def read_switch(e: Entry, key: str) -> Any:
    """The value of switch ``key`` in entry ``e`` (its field), read as the switch's type: what a
    ``rules:`` line and a diagram's ``rules`` line (:mod:`hexrules.diagram`) both read.

    Parameters
    ----------
    e : hexrules.scenario.Entry
        A line split into fields (:meth:`hexrules.scenario.Reader.entry`).
    key : str
        A switch of :class:`~hexrules.options.RulesOptions` that is one of ``e``'s fields.

    Returns
    -------
    bool, int or str
        ``yes``/``no`` as True/False, a whole number, or one of the switch's words.

    Raises
    ------
    ScenarioError
        At the value, naming the switch's ruling: a choice not among its words, a yes/no switch
        given anything else, a number that is not a whole number in range. Also if ``e`` is not
        an Entry or ``key`` is not a switch among its fields.
    """
    if not isinstance(e, Entry):
        raise ScenarioError(f"{show(e)} is not a scenario Entry (hexrules.scenario.Reader.entry)", source="read_switch")
    if not isinstance(key, str) or key not in SWITCHES or key not in e.fields:
        raise ScenarioError(f"{show(key)} is not a rules switch among the entry's fields ({', '.join(e.fields) or 'none'})",
                            source="read_switch")
    col, value = e.fields[key]
    ruling = RulesOptions.ruling(key)
    kind = _TYPES[key]
    if kind == "bool":
        return e.flag(key, True, ruling=ruling)
    if kind == "int":
        n = e.whole(key, ruling=ruling)
        try:
            DEFAULT.replace(**{key: n})
        except HexrulesError as err:
            raise e.error(err.message, col, ruling=ruling) from None
        return n
    if value not in CHOICES.get(key, ()):
        raise e.error(f"{key}={value!r} is not one of {', '.join(CHOICES.get(key, ()))}", col, ruling=ruling)
    return value


def switch_words(key: str, value: Any, compact: bool = False) -> str:
    """``key=value`` as a ``rules:`` line writes switch ``key`` at ``value`` (``yes``/``no`` for
    True/False; ``compact``: ``1``/``0``): also how the board editor names a reading.

    >>> switch_words("water", "none"), switch_words("allies_pass_through", False)
    ('water=none', 'allies_pass_through=no')

    Raises
    ------
    OptionsError
        If ``key`` is not a switch of :class:`~hexrules.options.RulesOptions`, ``value`` is not one
        of its values, or ``compact`` is not True or False.
    """
    RulesOptions.ruling(key)  # OptionsError for a name that is no switch
    value = getattr(DEFAULT.replace(**{key: value}), key)  # OptionsError for a value the switch does not take
    checks.flag(compact, "compact", error=OptionsError)
    if isinstance(value, bool):
        value = ("1" if value else "0") if compact else ("yes" if value else "no")
    return f"{key}={value}"


def _read(sections: tuple[Section, ...], scenario: Scenario, rd: Reader) -> RulesOptions:
    switches: dict[str, Any] = {}
    seen: dict[str, tuple[int, int]] = {}
    for s in sections:
        lines = [Line(s.line, s.tokens, ""), *s.lines] if s.tokens else s.lines
        for line in lines:
            e = rd.entry(line, "rules", SWITCHES)
            if e.words:
                w = e.words[0]
                hint = (f" (the indented 'rules:' on line {s.line} began a rules: section and ended the one above it; "
                        f"a draw: line is written 'rules water=none', without a colon)") if s.column > 1 else ""
                raise e.error(f"rules: {w.text!r} is not switch=value (e.g. water=allowance; switches: "
                              f"{', '.join(SWITCHES)}){hint}", w.column)
            for key in e.fields:
                if key in seen:
                    raise e.error(f"rules: {key}= is given twice (first on {rd.place(*seen[key])})", e.fields[key].column,
                                  ruling=RULINGS[key])
                seen[key] = (line.number, e.fields[key].column)
                switches[key] = read_switch(e, key)
    return DEFAULT.replace(**switches)


def _write(data: RulesOptions, scenario: Scenario, compact: bool = False) -> list[str]:
    diff = DEFAULT.differences(data)
    space, sep = ("", " ") if compact else (" ", "  ")
    if not diff:  # a section written with no switch reads back as the default reading
        return ["rules:"]
    return [f"rules:{space}" + sep.join(switch_words(k, getattr(data, k), compact) for k in SWITCHES if k in diff)]


def _check(data: Any, scenario: Scenario) -> None:
    if not isinstance(data, RulesOptions):
        raise ScenarioError(f"scenario section {show(KEY)} holds {show(data)}, not a RulesOptions", source="Scenario")


def _describe(data: RulesOptions, scenario: Scenario) -> list[tuple[None, str]]:
    diff = DEFAULT.differences(data)
    if not diff:
        return []
    return [(None, "rules: " + ", ".join(f"{switch_words(k, getattr(data, k))} ({RULINGS[k]})"
                                         for k in SWITCHES if k in diff))]


register_section(SectionReader(KEY, HEADINGS, read=_read, write=_write, check=_check, describe=_describe,
                               inline=True, write_compact=functools.partial(_write, compact=True)))
