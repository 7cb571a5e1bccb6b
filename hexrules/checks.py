"""Boundary checks: how the kit checks what a caller gives it, in one place (issue 8 part 4).

Every public function of the rules layer checks its arguments once, with these functions, and
hands the checked values to a private core that trusts them (the shape of networkx's
``single_source_dijkstra`` over ``_dijkstra_multisource``). A check returns the value (converted
where it says so: a label to its :class:`~hexrules.hexgrid.Hex`, a list to a tuple) or raises
the family's error for that fault, a :class:`~hexrules.errors.HexrulesError` (so a
``ValueError``) whose message names the value (bounded by :func:`show`: a 100,000-character
string or a 4,301-digit integer never makes the message itself fail), what it is, the range or
choices expected, and the ruling.

This module checks plain values (numbers, flags, names, choices, mappings, lists) and holds the
limits; it knows no class of the kit, so every module, the geometry included, can use it (the
floors of docs/ARCHITECTURE.md). A check that needs a kit class lives with the class:
:func:`hexrules.hexgrid.hex_value` and :func:`hexrules.hexgrid.position` (a hex, a label),
:func:`hexrules.board.check_board`, :func:`hexrules.board.position`,
:func:`hexrules.board.hex_of` and :func:`hexrules.board.hexes_of` (a board and its hexes),
:func:`hexrules.state.check_state`, :func:`hexrules.state.check_unit` (a state and its units) and
:func:`hexrules.options.check_options` (a reading of the rules).

Which class for which fault
---------------------------
* not a :class:`~hexrules.board.Board`: :class:`~hexrules.errors.BoardError`; not a
  :class:`~hexrules.state.State`, or no such unit: :class:`~hexrules.errors.StateError`; not a
  :class:`~hexrules.options.RulesOptions`: :class:`~hexrules.errors.OptionsError`;
* a value that should be a hex (or a label naming one) and is not:
  :class:`~hexrules.errors.NotAHexError`; a malformed label: :class:`~hexrules.errors.HexError`;
  a hex that is not on the board: :class:`~hexrules.errors.BoardError`;
* a value that should be a sequence of hexes or labels and is not:
  :class:`~hexrules.errors.HexSequenceError`;
* a number, flag, name, choice, mapping or list of the wrong kind or out of range: the class of
  the domain the value belongs to, given as ``error=``: :class:`~hexrules.errors.StateError`
  for a field of a unit or model, :class:`~hexrules.errors.RuleError` for a parameter of a rule
  (Push N, dice, a cutoff), :class:`~hexrules.errors.BoardError` for the board's (a size, a
  terrain cost), :class:`~hexrules.errors.OptionsError` for a rules switch,
  :class:`~hexrules.errors.ExplorerError` for an explorer's control.

Limits
------
Some inputs would run without bound (minutes and gigabytes, issue 11 part 7): they are refused
up front, each by a limit below that no real game reaches, named in the error message and listed
in ``docs/RULES.md`` ("Limits"). The D6 faces and the 1..12 range of Resolve and Shield are rule
limits; the others are the kit's.

Examples
--------
>>> whole(3, "Push N", 0, MAX_FORCED_N, unit="hexes", ruling="P1")
3
>>> whole(10**30, "Push N", 0, MAX_FORCED_N, unit="hexes", ruling="P1", limit="MAX_FORCED_N")
Traceback (most recent call last):
...
hexrules.errors.RuleError: Push N=1000000000000000000000000000000 is more than 16 hexes, the most the kit computes (hexrules.checks.MAX_FORCED_N) (ruling P1)
>>> whole(True, "advance", error=StateError, ruling="M2")
Traceback (most recent call last):
...
hexrules.errors.StateError: advance=True is not a whole number >= 0 (ruling M2)
>>> show("x" * 1000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (1000 characters)"
"""

from __future__ import annotations

import itertools
import numbers
import re
from collections.abc import Iterable, Mapping, Sequence, Set
from fractions import Fraction
from typing import Any

from .errors import (
    HexrulesError,
    OptionsError,
    RuleError,
    StateError,
)

__all__ = [
    "MIN_STAT",
    "MAX_STAT",
    "FACES",
    "MAX_DICE",
    "MAX_COVER",
    "MAX_TRIALS",
    "MAX_ROLLED_DICE",
    "MAX_FORCED_N",
    "MAX_BOARD_HEXES",
    "MAX_RADIUS",
    "MAX_LINE_LENGTH",
    "LABEL_LIMIT",
    "MAX_LABEL_LENGTH",
    "MAX_TABLE_VALUES",
    "MAX_WHOLE",
    "show",
    "is_whole",
    "items",
    "whole",
    "flag",
    "name",
    "text_fault",
    "drawable",
    "choice",
    "mapping",
    "function",
    "probability",
    "replace",
]

# --- limits ------------------------------------------------------------------------------------

#: Resolve and Shield lie in 1..12 (RULES.md C3, C4, "Limits"). A D6 shows 6 at most, so a Resolve
#: or Shield of 7 or more is already one that no die reaches (and a Shield + Resolve of 7 or more
#: makes Major System Damage impossible); 12 leaves room for modified values without allowing
#: numbers that mean nothing.
MIN_STAT, MAX_STAT = 1, 12

#: The faces of a D6 (C2): every Crush die is one of these.
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

#: The most Crush dice a roll, distribution, table or sample takes per Crush (C2: a piece's
#: pre-reduction Cover). The kit's Crush scenario has Cover 3; 100 dice give exact distributions
#: of 101 (damage) or 5,151 (vehicle) outcomes in about 0.1 s (1,000 dice took 109 s and 631 MB).
MAX_DICE = 100

#: The most Cover a terrain piece has (C1): its Cover is the number of Crush dice (C2), and its
#: explanation lists every die.
MAX_COVER = MAX_DICE

#: The most Crushes one call samples (C5): 100,000 trials estimate a probability to within
#: 0.0016 (one standard error at most); an exact distribution gives the exact answer.
MAX_TRIALS = 100_000

#: The most D6 one sampling call rolls in all (dice per Crush x trials): about a second.
MAX_ROLLED_DICE = 1_000_000

#: The most hexes a Push N or Pull N moves (P1, L1). The rule text's examples are Push 1 and
#: Push 2. Branches are produced on demand (counting them, the destinations, choosing and
#: resolving one stay cheap at any N), but listing every branch is what a table or a test may
#: ask for, and on open ground their number about doubles with each hex more: N = 16 is 262,125
#: branches, about 3.5 s and 86 MiB to list here (benchmarks/bench_scaling.py); N = 20 would be
#: a minute and over a gigabyte.
MAX_FORCED_N = 16

#: The most hexes a board has. A printed map sheet of a hex-and-counter game has about 2,000
#: hexes; 100,000 is forty such sheets, and builds in seconds.
MAX_BOARD_HEXES = 100_000

#: The largest radius of a ring, spiral or hex range (Red Blob's geometry): a range of radius
#: 200 has 120,601 hexes, more than the largest board (MAX_BOARD_HEXES), and takes about a second.
MAX_RADIUS = 200

#: The longest line :meth:`Hex.line <hexrules.hexgrid.Hex.line>` draws, in hexes: up to this length
#: the tie-breaking nudge of Red Blob's line decides ties only (see the Notes of ``Hex.line``).
MAX_LINE_LENGTH = 100_000

#: Labels name hexes whose label coordinates (offset column and row, or axial ``q`` and ``r``)
#: are within ``-LABEL_LIMIT < x < LABEL_LIMIT``: far beyond any board, and short enough that no
#: label takes more than :data:`MAX_LABEL_LENGTH` characters.
LABEL_LIMIT = 10**12

#: The longest text a label parser reads (``"C4"``, ``"(3,-2)"``); longer text, such as a number
#: of 4,301 digits, is refused before any other work.
MAX_LABEL_LENGTH = 64

#: The most values an axis of a Crush table takes (covers, resolves, shields): a table is a chart,
#: and each entry is an exact distribution.
MAX_TABLE_VALUES = 100

#: The largest whole number the kit takes for an elevation, an allowance (Advance, Dash, Speed, a
#: cutoff), damage, HP, a System Damage tally, a terrain cost, a wound count or a switch's
#: amount: far beyond any game, and small enough that every result prints (Python refuses to
#: print integers of more than 4,300 digits).
MAX_WHOLE = 10**9


# --- messages ----------------------------------------------------------------------------------


def show(value: object, limit: int = 40) -> str:
    """``repr(value)`` for an error message, bounded in length and never failing.

    A huge integer is described by its number of digits (``repr`` of an integer of more than
    4,300 digits raises), a long string by its start and its length, a value whose ``repr``
    raises by its type.

    >>> show(10**5000)
    '<an integer of about 5001 digits>'
    >>> show([1, 2])
    '[1, 2]'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a message must never fail to build
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "..."


def is_whole(value: object) -> bool:
    """True for an integer that is not a bool (numpy integers count; numpy bools do not).

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, numbers.Integral) and not isinstance(value, bool) and type(value).__name__ != "bool_"


# --- lists ----------------------------------------------------------------------------------------


def items(value: object, *, what: str, ruling: str | None = None, error: type[HexrulesError] = RuleError,
          ordered: bool = True, nonempty: bool = False, expected: str = "a list", most: int | None = None,
          limit: str | None = None) -> tuple[Any, ...]:
    """``tuple(value)`` for a list-like ``value`` (a list, tuple, range, generator...).

    A str, bytes, mapping, single :class:`~hexrules.hexgrid.Hex` or a numpy array (whose truth
    value is ambiguous) is not a list here, nor (with ``ordered``) a set, whose order is not the
    caller's. With ``most``, a longer one is refused before it is read to its end (``limit``
    names the constant in the message).

    Raises
    ------
    HexrulesError
        ``error``, naming ``what`` and the value.
    """
    bad = (isinstance(value, (str, bytes, Mapping)) or (ordered and isinstance(value, Set))
           or not isinstance(value, Iterable) or type(value).__module__ == "numpy")
    if bad:
        order = " in order" if ordered and isinstance(value, Set) else ""
        raise error(f"{what} {show(value)} is not {expected}{order}", ruling=ruling)
    if most is None:
        out = tuple(value)  # type: ignore[arg-type]
    else:
        out = tuple(itertools.islice(value, most + 1))  # type: ignore[arg-type]
        if len(out) > most:
            raise error(f"{what} {show(value)} has more than {most:,} items, the most the kit takes"
                        + (f" (hexrules.checks.{limit})" if limit else ""), ruling=ruling)
    if nonempty and not out:
        raise error(f"{what} {show(value)} is empty: it needs at least one item", ruling=ruling)
    return out


def whole(value: object, name: str, lo: int = 0, hi: int | None = MAX_WHOLE, *, unit: str = "",
          ruling: str | None = None, error: type[HexrulesError] = RuleError, limit: str | None = None,
          sep: str = "=", why: str = "") -> int:
    """``value`` as an ``int`` if it is a whole number in ``lo..hi`` (``hi=None``: no bound).

    ``True``, ``1.5``, ``"3"``, ``"²"`` and NaN are not whole numbers; a numpy integer is
    (returned as an ``int``).

    Parameters
    ----------
    value : object
    name : str
        What the number is, for the message (``"Push N"``, ``"advance"``).
    lo, hi : int
        The range, both ends included.
    unit : str
        The unit of the number, for the message (``"hexes"``, ``"movement points"``).
    ruling : str, optional
    error : type
        The class of the domain the number belongs to (see the module's docstring).
    limit : str, optional
        The name of the constant ``hi`` comes from when it is a limit of the kit (e.g.
        ``"MAX_FORCED_N"``): the message names it.
    sep : str
        Between the name and the value in the message: ``"advance=-1"``, or ``"Cover -1"``
        with ``sep=" "``.
    why : str
        Appended to the message when the value is not in the range (what the number counts),
        e.g. ``" (how many sampled Crushes)"``.

    Raises
    ------
    HexrulesError
        ``error``, naming the value, the range and the ruling.
    """
    units = f" {unit}" if unit else ""
    because = why
    # the range a value must lie in; a limit of the kit is named only when it is passed
    span = f">= {lo}" if hi is None or hi == MAX_WHOLE or limit else f"from {lo} to {hi}"
    if not is_whole(value):
        raise error(f"{name}{sep}{show(value)} is not a whole number{units and ' of' + units} {span}{because}",
                    ruling=ruling)
    v = int(value)  # type: ignore[call-overload]
    if hi is not None and v > hi and (limit or hi == MAX_WHOLE):
        raise error(f"{name}{sep}{show(v)} is more than {hi:,}{units}, the most the kit computes "
                    f"(hexrules.checks.{limit or 'MAX_WHOLE'})", ruling=ruling)
    if v < lo or (hi is not None and v > hi):
        raise error(f"{name}{sep}{show(v)} is not a whole number{units and ' of' + units} {span}{because}",
                    ruling=ruling)
    return v


def flag(value: object, name: str, *, ruling: str | None = None, error: type[HexrulesError] = RuleError) -> bool:
    """``value`` if it is ``True`` or ``False`` (a numpy bool is returned as a bool).

    ``"no"``, ``0``, ``1`` and ``None`` are not flags.

    Raises
    ------
    HexrulesError
        ``error``, naming the value.
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise error(f"{name}={show(value)} is not True or False", ruling=ruling)


def name(value: object, what: str, *, ruling: str | None = None, error: type[HexrulesError] = StateError,
         empty: bool = False) -> str:
    """``value`` if it is a string with something other than spaces in it (``empty``: ``""`` too),
    every character of which a picture can draw (:func:`drawable`).

    Raises
    ------
    HexrulesError
        ``error``, naming the value (and the character no picture draws, and where it is).
    """
    if not isinstance(value, str) or not (value.strip() or (empty and value == "")):
        raise error(f"{what} {show(value)} is not a name (a non-empty string)", ruling=ruling)
    return drawable(value, what, ruling=ruling, error=error)


#: The characters no name or text of the kit may hold: no picture can draw them (issue 32). They
#: were found by drawing each kind of character (every control character and format character, a
#: sample of every other Unicode category, the noncharacters) in a unit's name, a title and a
#: caption through ``Diagram.figure`` and ``save_figure`` into SVG, PNG and PDF, both text modes:
#: a lone surrogate makes matplotlib's FreeType layout raise TypeError; the control characters
#: U+0000-U+001F (but for the line breaks and the tab) and the noncharacters U+FFFE, U+FFFF make
#: an SVG that is not XML, and every control character (tab, DEL and U+0080-U+009F included)
#: draws as a box in a PNG; U+FEFF (a zero-width no-break space, the byte-order mark) makes
#: matplotlib's PDF writer raise IndexError. The other noncharacters (U+FDD0-U+FDEF, the last two
#: of every plane) are refused with U+FFFE and U+FFFF, as Unicode keeps them all out of text.
#: A character the font lacks (an emoji in DejaVu Sans) draws as a box and is not refused: another
#: font may have it. The line break ``\n`` is no fault here: a picture draws it as a new line, and
#: where a value must be one line (scenario text) its own check refuses it.
_UNDRAWABLE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufeff"
                         + "".join(chr(plane + 0xFFFE) + chr(plane + 0xFFFF) for plane in range(0, 0x110000, 0x10000))
                         + "]")


def text_fault(text: str) -> tuple[int, str] | None:
    """``(index, why)`` of the first character of ``text`` that no picture can draw, else None.

    Those characters are lone surrogates, control characters but for the line break ``\\n`` (a
    tab among them: a tab separates the words of a line of scenario text, it is never inside a
    name), U+FEFF and the noncharacters (the comment above :data:`_UNDRAWABLE` says how each
    fails).

    >>> text_fault("Zaku II"), text_fault("Zaku\\tII")
    (None, (4, 'a tab (U+0009), which no picture draws inside a name or text: write a space'))
    >>> text_fault("Za\\ud800")[0]
    2
    """
    m = _UNDRAWABLE.search(text)
    if m is None:
        return None
    code = ord(m.group())
    u = f"U+{code:04X}"
    if code == 9:
        why = f"a tab ({u}), which no picture draws inside a name or text: write a space"
    elif 0xD800 <= code <= 0xDFFF:
        why = f"a lone surrogate ({u}), half of a UTF-16 pair and not a character, which no picture draws"
    elif code == 0xFEFF:
        why = f"a zero-width no-break space ({u}, the byte-order mark), which no picture draws inside a text"
    elif code <= 0x9F:
        why = f"a control character ({u}), which no picture draws"
    else:
        why = f"the noncharacter {u}, which Unicode keeps out of text and no picture draws"
    return m.start(), why


def drawable(value: str, what: str, *, ruling: str | None = None, error: type[HexrulesError] = StateError) -> str:
    """``value`` (a str) if a picture can draw every character of it (:func:`text_fault`).

    Raises
    ------
    HexrulesError
        ``error``, naming the value (escaped, as ``repr`` writes it), the character and its
        position in the value.

    >>> drawable("Zaku\\x01", "unit name")
    Traceback (most recent call last):
    ...
    hexrules.errors.StateError: unit name 'Zaku\\x01': its character 5 is a control character (U+0001), which no picture draws
    """
    fault = text_fault(value)
    if fault is not None:
        raise error(f"{what} {show(value)}: its character {fault[0] + 1} is {fault[1]}", ruling=ruling)
    return value


def choice(value: object, name: str, choices: Sequence[Any], *, ruling: str | None = None,
           error: type[HexrulesError] = OptionsError, sep: str = "=") -> Any:
    """``value`` if it is one of ``choices`` (compared with ``==``; a bool is not taken for an
    int, nor a numpy array for anything).

    Raises
    ------
    HexrulesError
        ``error``, naming the value and the choices.
    """
    missing = object()
    found: Any = missing
    if type(value).__module__ != "numpy" or getattr(value, "shape", ()) == ():
        try:
            found = next((c for c in choices if value == c and isinstance(value, bool) == isinstance(c, bool)), missing)
        except Exception:  # noqa: BLE001 - a value that cannot even be compared is not a choice
            found = missing
    if found is missing:
        shown = ", ".join(show(c) for c in list(choices)[:12]) + (", ..." if len(choices) > 12 else "")
        raise error(f"{name}{sep}{show(value)} is not one of {shown or '(none)'}", ruling=ruling)
    return found


def mapping(value: object, what: str, *, ruling: str | None = None, error: type[HexrulesError] = RuleError,
            expected: str = "a mapping", sep: str = "=") -> dict[Any, Any]:
    """``dict(value)`` for a mapping (``None`` is refused: the caller decides what None means).

    Raises
    ------
    HexrulesError
        ``error``, naming the value.
    """
    if not isinstance(value, Mapping):
        raise error(f"{what}{sep}{show(value)} is not {expected}", ruling=ruling)
    return dict(value)


def function(value: object, what: str, *, ruling: str | None = None, error: type[HexrulesError] = RuleError) -> Any:
    """``value`` if it can be called (e.g. an event ``lambda outcome: ...``).

    Raises
    ------
    HexrulesError
        ``error``, naming the value.
    """
    if not callable(value):
        raise error(f"{what} {show(value)} is not a function (e.g. lambda outcome: outcome >= 2)", ruling=ruling)
    return value


def probability(value: object, what: str = "probability", *, ruling: str | None = "C5") -> Fraction:
    """``value`` as an exact :class:`~fractions.Fraction` in [0, 1] (an ``int`` or a Fraction).

    Raises
    ------
    RuleError
        If it is not an exact number (a float, a bool, a string...) or is outside [0, 1].
    """
    if not (isinstance(value, Fraction) or is_whole(value)):
        raise RuleError(f"{what} {show(value)} is not an exact fraction in [0, 1]", ruling=ruling)
    p = Fraction(value)  # type: ignore[arg-type]
    if not 0 <= p <= 1:
        raise RuleError(f"{what} {show(value)} is not an exact fraction in [0, 1]", ruling=ruling)
    return p


def replace(value: Any, changes: Mapping[str, Any], *, what: str, ruling: str | None = None,
            error: type[HexrulesError] = StateError) -> Any:
    """``dataclasses.replace(value, **changes)``, refusing a name that is not one of its fields
    (the new value is checked as the class checks any value).

    Raises
    ------
    HexrulesError
        ``error``, naming the unknown fields and the known ones.
    """
    import dataclasses

    known = [f.name for f in dataclasses.fields(value) if f.init]
    unknown = [k for k in changes if k not in known]
    if unknown:
        raise error(f"{what} has no field {', '.join(show(k) for k in unknown[:5])} (fields: {', '.join(known)})",
                    ruling=ruling)
    return dataclasses.replace(value, **changes)
