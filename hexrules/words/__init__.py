"""Words from facts: the one place where hexrules turns rule results into English.

The rules modules (:mod:`hexrules.movement`, :mod:`hexrules.forced`, :mod:`hexrules.crush`)
decide and record facts (steps, endings, collisions, damage, dice); their results say
themselves in words on demand (``explain()``, ``table()``, ``str()``, the text attributes such
as :attr:`~hexrules.forced.Branch.text`) by calling the topic modules of this package:

* :mod:`hexrules.words.movement`: allowances, step notes, path costs (rules M, E, J, T);
* :mod:`hexrules.words.forced`: Push and Pull steps, branches, outcomes (rules P, L);
* :mod:`hexrules.words.crush`: collapses, Crush resolutions, the step-by-step walk (rules C);
* :mod:`hexrules.words.exercise`: graded guesses of the exercises (:mod:`hexrules.exercise`).
* :mod:`hexrules.words.compare`: what differs between two readings of the rules
  (:mod:`hexrules.compare`: reach, Push and Pull, Crush dice).
* :mod:`hexrules.words.whatif`: what every reading changes on a scenario, and a sweep's figures
  (:mod:`hexrules.whatif`);
* :mod:`hexrules.words.edit`: the board editor's steps (:mod:`hexrules.edit`).

This module holds the wording helpers they share: plurals (:func:`plural`, :func:`noun`),
naming hexes (:func:`hex_name`, :func:`hex_names`), joining names (:func:`join_names`,
:func:`join_and`), the words of a forced movement (:func:`forced_word`) and the one way the kit
writes a probability as a percentage (:func:`percent`).

The words modules sit below the rules that call them: they read a fact by its fields (its type
is named in the docstring, annotated ``Any``) and import no rules module that imports them, not
even for type checking, so the layers look only down (docs/ARCHITECTURE.md), and a lesson or
widget can call them on any result. What a word needs decided (how many lines an edge takes, say)
the rules decide and hand over.

Examples
--------
>>> plural(2, "branch"), plural(1, "hex"), plural(2, "hex"), plural(3, "die")
('2 branches', '1 hex', '2 hexes', '3 dice')
>>> forced_word("pull", "ing"), forced_word("push", "ed")
('pulling', 'pushed')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["plural", "noun", "hex_name", "hex_names", "join_names", "join_and", "forced_word", "FORCED_FORMS",
           "percent", "ordinal", "offset_words", "extent_text"]

#: Nouns whose plural is not made by adding "s" or "es".
_IRREGULAR = {"die": "dice"}


def noun(n: int, word: str) -> str:
    """``word`` in the number ``n`` asks for: ``noun(1, "die") == "die"``, ``noun(3, "die") == "dice"``.

    Plurals add "es" after "ch", "sh", "s", "x" or "z" (``"branches"``, ``"hexes"``), "s"
    otherwise; irregular nouns (``"die"``) come from a small table.

    Parameters
    ----------
    n : int
        How many.
    word : str
        The singular noun.

    Returns
    -------
    str

    Examples
    --------
    >>> noun(0, "wound"), noun(1, "wound"), noun(2, "branch")
    ('wounds', 'wound', 'branches')
    """
    if n == 1:
        return word
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    return word + "es" if word.endswith(("ch", "sh", "s", "x", "z")) else word + "s"


def ordinal(n: int) -> str:
    """``n`` as an ordinal: ``"1st"``, ``"2nd"``, ``"3rd"``, ``"4th"``, ``"11th"``, ``"21st"``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 112)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '112th']
    """
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def offset_words(col: int, row: int, offset: str, label: str, kind: str, first: int = 1) -> str:
    """A hex's offset coordinates in words that say what they count, beside its label.

    Offset columns and rows count from 0 (Red Blob Games'); a lettered or numbered label counts
    the same column and row from 1 (or a numbered board's ``first``): said outright, so that
    "column 2, row 2" beside ``C3`` reads as one hex, not two.

    Parameters
    ----------
    col, row : int
        The offset column and row (:func:`hexrules.hexgrid.to_offset`).
    offset : str
        The offset kind (``"odd-r"``...).
    label : str
        The hex's label (:meth:`hexrules.board.Board.label`).
    kind : {"letters", "numbers", "axial"}
        The board's label scheme (``board.labels.kind``); an axial label counts no offset.
    first : int
        A numbered scheme's first column and row number.

    Examples
    --------
    >>> offset_words(2, 2, "odd-r", "C3", "letters")
    'offset column 2, row 2 (odd-r, counted from 0; the label C3 counts from 1: column C = 3, row 3)'
    >>> offset_words(2, 2, "odd-r", "0303", "numbers")
    'offset column 2, row 2 (odd-r, counted from 0; the label 0303 counts from 1: column 3, row 3)'
    >>> offset_words(2, 2, "odd-r", "1,2", "axial")
    'offset column 2, row 2 (odd-r, counted from 0)'
    """
    head = f"offset column {col}, row {row} ({offset}, counted from 0"
    if kind == "letters" and col >= 0 and row >= 0:
        letters = label.rstrip("0123456789")
        return f"{head}; the label {label} counts from 1: column {letters} = {col + 1}, row {row + 1})"
    if kind == "numbers" and col >= 0 and row >= 0:
        return f"{head}; the label {label} counts from {first}: column {col + first}, row {row + first})"
    return head + ")"


def plural(n: int, word: str) -> str:
    """``"1 hex"``, ``"2 hexes"``: the number and the noun in that number (see :func:`noun`).

    Examples
    --------
    >>> plural(1, "wound"), plural(2, "wound"), plural(0, "step"), plural(1, "die")
    ('1 wound', '2 wounds', '0 steps', '1 die')
    """
    return f"{n} {noun(n, word)}"


def hex_name(h: Any, names: Any = None) -> str:
    """How a player reads hex ``h``: through ``board.label`` wherever a board is known.

    Parameters
    ----------
    h : Hex or None
        The hex (None reads ``"-"``: no hex, e.g. a target removed from play).
    names : Board, mapping of Hex to str, or None
        A :class:`~hexrules.board.Board` (its :meth:`~hexrules.board.Board.label`, which names
        every hex on the board or off it: ``"C4"``, ``"-A1"`` left of ``A1``); or a mapping of
        labels (a hex it lacks reads ``"(q,r)"``); or None (``"(q,r)"``).

    Returns
    -------
    str

    Examples
    --------
    >>> from hexrules.board import Board
    >>> from hexrules.hexgrid import Hex
    >>> board = Board.rectangle(3, 2)
    >>> hex_name(Hex(1, 0), board), hex_name(Hex(-1, 0), board), hex_name(Hex(1, 0)), hex_name(None)
    ('B1', '-A1', '(1,0)', '-')
    >>> hex_name(Hex(1, 0), {Hex(1, 0): "B1"})
    'B1'
    """
    if h is None:
        return "-"
    if isinstance(names, Mapping):
        return names.get(h, str(h))
    label = getattr(names, "label", None)
    return label(h) if label is not None else str(h)


def extent_text(board: Any, h: Any = None) -> str:
    """Which labels ``board`` has, as its label scheme writes them: what a hex refused for not
    being on the board is told (:meth:`hexrules.hexgrid.LabelScheme.extent`).

    Parameters
    ----------
    board : Board
    h : Hex, optional
        The hex refused: within the board's columns and rows, it is a gap of the map (``-``).

    Returns
    -------
    str
        ``"its columns run A to O, its rows 1 to 12"`` (``letters`` and ``numbers`` labels), or
        ``"its hexes have q from 0 to 1, r from 0 to 1"`` (``axial`` labels); ``"it has no
        hexes"``; led by ``"its map has a gap ('-') there; "`` for a hex within them.

    Examples
    --------
    >>> from hexrules.board import Board
    >>> extent_text(Board.rectangle(15, 12)), extent_text(Board.rectangle(2, 1))
    ('its columns run A to O, its rows 1 to 12', 'its columns run A to B, its row is 1')
    """
    if not board.hexes:
        return "it has no hexes"
    extent = board.labels.extent(board.hexes)
    gap = ""
    if h is not None and h not in board:
        try:
            gap = "its map has a gap ('-') there; " if board.labels.extent([*board.hexes, h]) == extent else ""
        except ValueError:  # a hex too far out to have a label: outside the board's columns and rows
            gap = ""
    return gap + _extent_words(board, extent)


def _extent_words(board: Any, extent: Any) -> str:
    (c0, c1), (r0, r1) = extent
    if board.labels.kind == "axial":
        q, r = (f"{a}" if a == b else f"from {a} to {b}" for a, b in ((c0, c1), (r0, r1)))
        return f"its hexes have q {q}, r {r}"
    cols = f"its column is {c0}" if c0 == c1 else f"its columns run {c0} to {c1}"
    rows = f"its row is {r0}" if r0 == r1 else f"its rows {r0} to {r1}" if c0 != c1 else f"its rows run {r0} to {r1}"
    return f"{cols}, {rows}"


def hex_names(hexes: Iterable[Any], names: Any = None, sep: str = ", ") -> str:
    """The hexes' names (:func:`hex_name`) joined by ``sep``: ``"B1, C1"``, or ``"A1 -> B1"``.

    Examples
    --------
    >>> from hexrules.hexgrid import Hex
    >>> hex_names([Hex(0, 0), Hex(1, 0)], sep=" -> ")
    '(0,0) -> (1,0)'
    """
    return sep.join(hex_name(h, names) for h in hexes)


def join_names(names: Iterable[str], empty: str = "") -> str:
    """``"Gundam, GM"``: names joined by commas (``empty`` when there are none).

    Examples
    --------
    >>> join_names(["Gundam", "GM"]), join_names([], empty="none")
    ('Gundam, GM', 'none')
    """
    return ", ".join(names) or empty


def join_and(names: Iterable[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``.

    Examples
    --------
    >>> join_and(["Gundam"]), join_and(["Gundam", "GM"]), join_and(["A", "B", "C"])
    ('Gundam', 'Gundam and GM', 'A, B and C')
    """
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


#: The words of a forced movement, by kind: the rule's name, the verb, and its two forms.
FORCED_FORMS: dict[str, dict[str, str]] = {
    "push": {"name": "Push", "verb": "push", "ing": "pushing", "ed": "pushed"},
    "pull": {"name": "Pull", "verb": "pull", "ing": "pulling", "ed": "pulled"},
}


def forced_word(kind: str, form: str = "name") -> str:
    """The word for a forced movement of ``kind`` (rules P and L).

    Parameters
    ----------
    kind : {"push", "pull"}
    form : {"name", "verb", "ing", "ed"}
        ``"Push"`` (the rule's name), ``"push"``, ``"pushing"`` (the pushing player) or
        ``"pushed"``.

    Returns
    -------
    str

    Raises
    ------
    KeyError
        For another kind or form (the rules check the kind at their boundary).

    Examples
    --------
    >>> [forced_word("push", f) for f in ("name", "verb", "ing", "ed")]
    ['Push', 'push', 'pushing', 'pushed']
    """
    return FORCED_FORMS[kind][form]


def percent(p: Any) -> str:
    """A probability as the kit writes it everywhere (bars, heatmaps, tables, exercises): a
    percentage with at most one decimal, ``"12.5%"``, ``"50%"``, ``"33.3%"``.

    A probability above 0 never reads ``"0%"`` and one below 1 never ``"100%"``: they read
    ``"<0.1%"`` and ``">99.9%"``, so that a number on screen is never wrong.

    Parameters
    ----------
    p : Fraction or float
        A probability, 0 to 1.

    Returns
    -------
    str

    Examples
    --------
    >>> from fractions import Fraction
    >>> [percent(Fraction(k, 8)) for k in (1, 3, 4)], percent(Fraction(1, 3)), percent(0)
    (['12.5%', '37.5%', '50%'], '33.3%', '0%')
    >>> percent(Fraction(1, 6**6)), percent(1 - Fraction(1, 6**6)), percent(1)
    ('<0.1%', '>99.9%', '100%')
    """
    text = f"{float(p) * 100:.1f}".rstrip("0").rstrip(".")
    if text in ("0", "-0") and p > 0:
        return "<0.1%"
    if text == "100" and p < 1:
        return ">99.9%"
    return f"{'0' if text == '-0' else text}%"
