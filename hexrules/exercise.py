"""Grading a guess: the "predict, then check" exercises of the lessons, without widgets.

A lesson asks a question whose answer the rules compute (a movement's cost, the hexes a Push
can end on, a Crush probability); the learner guesses first. This module reads the guess and
grades it against the answer:

* :class:`NumberQuestion`: a whole number or fraction with a unit (``3`` movement points,
  ``7`` hexes); a guess is a number, or a text such as ``"3"`` or ``"3 movement points"``.
* :class:`HexesQuestion`: a set of hexes of a board; a guess is a list (or set) of labels or
  :class:`~hexrules.hexgrid.Hex` values, or a text of labels separated by commas or spaces
  (``"C3, C2"`` and ``"C3 C2"`` are two labels; order and repeats do not matter).
* :class:`ProbabilityQuestion`: an exact probability; a guess is a fraction (``"3/8"``), a
  decimal (``0.375``) or a percentage (``"37.5%"``). A fraction must be exact; a decimal or a
  percentage within the question's ``tolerance`` of the answer is *close* (accepted).

:meth:`Question.grade` returns a :class:`Grade`: a fact, not a sentence (right, close or wrong;
for hexes, which are missing and which are wrong; for numbers, how far off). Its words come on
demand from :mod:`hexrules.words.exercise`: :meth:`Grade.explain` (with or without the answer)
and :meth:`Grade.hint` (how the guess is off, without giving the answer, then the question's
own hint). A guess that cannot be read raises :class:`~hexrules.errors.GuessError` naming it and
showing how to write one; it is not a wrong answer.

The widget :class:`hexrules.widgets.exercise.Exercise` wraps a question (a text box, a Check
button, a hint after a first wrong answer, the answer after a second one or on request);
:meth:`hexrules.forced.ForcedMove.check` and :func:`hexrules.dice.check_guess` are thin
wrappers over :class:`HexesQuestion` and :class:`ProbabilityQuestion`.

Examples
--------
>>> q = NumberQuestion("C3 (ground) -> C2 (height 2)?", 3, unit="movement points",
...                    hint="1 to enter, plus 1 per level climbed (M1).")
>>> q.grade("3").outcome, q.grade(3).right
('right', True)
>>> g = q.grade("2 movement points")
>>> g.outcome, g.difference
('wrong', -1)
>>> print(g.explain(reveal=False))
Not quite: you said 2 movement points.
>>> print(g.hint())
The answer is more than 2 movement points. 1 to enter, plus 1 per level climbed (M1).
>>> print(g.explain())
Not quite: you said 2 movement points; the engine says 3 movement points.

Hexes are read from a text or a list; the grade says what is missing and what is wrong:

>>> from hexrules.board import Board
>>> board = Board.rectangle(6, 5)
>>> q = HexesQuestion("Where can it end?", ["C3", "C2", "C4"], board=board)
>>> g = q.grade("C3, C2 D3")
>>> sorted(board.label(h) for h in g.missing), sorted(board.label(h) for h in g.wrong)
(['C4'], ['D3'])
>>> print(g.hint())
1 hex of the answer is missing, and 1 of yours is not one of them.
>>> q.grade(["C4", "C3", "C2"]).right
True

Probabilities: exact for a fraction, with a tolerance for a decimal or a percentage:

>>> q = ProbabilityQuestion("P(at least 2 damage)?", Fraction(1, 2))
>>> [q.grade(x).outcome for x in ("1/2", "50%", 0.51, "3/8")]
['right', 'right', 'close', 'wrong']
>>> q.grade("half")
Traceback (most recent call last):
...
hexrules.errors.GuessError: guess 'half' is not a probability: write a fraction such as 3/8, a decimal such as 0.375 or a percentage such as 37.5%
"""

from __future__ import annotations

import math
import numbers
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Literal, Mapping

from . import checks
from .checks import show
from .errors import GuessError, HexError
from .board import check_board
from .hexgrid import Hex, LabelScheme, from_label, from_offset
from .words import exercise as words

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from .board import Board

__all__ = ["Outcome", "Question", "NumberQuestion", "HexesQuestion", "ProbabilityQuestion", "Grade", "read_labels"]

#: How a guess compares with the answer.
Outcome = Literal["right", "close", "wrong"]

#: A hex label ("C4", "-A1"), or axial text such as "(4,-1)" (read in every label scheme).
_TOKEN = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|[^\s,;\[\]'\"]+")
_AXIAL = re.compile(r"^\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$")
#: Words a learner may write between labels ("C3, C2 and C4").
_JOINERS = frozenset({"and", "&"})
#: A number at the start of a text, then anything (a unit).
_NUMBER = re.compile(r"^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:\s*/\s*\d+)?)\s*(.*?)\s*$")


def _shown(guess: Any) -> str:
    """``repr`` of a guess, shortened for a message (never failing: :func:`hexrules.checks.show`)."""
    return show(guess, 60)


@dataclass(frozen=True)
class Question:
    """Base of the questions: what is asked, how to help, and the grading machinery.

    Attributes
    ----------
    prompt : str
        The question, as the lesson asks it.
    hint : str
        Help given after a first wrong answer, without the answer (e.g. the rule to apply).
    explanation : str
        Why the answer is what it is (e.g. ``MoveCost.explain()``), shown with the answer.
    """

    prompt: str
    hint: str = field(default="", kw_only=True)
    explanation: str = field(default="", kw_only=True)

    #: What the answer is (``"number"``, ``"hexes"``, ``"probability"``): which words it takes.
    KIND: ClassVar[str] = "number"
    #: How a guess is written (for messages and a text box's placeholder).
    FORMAT: ClassVar[str] = "an answer"

    def read(self, guess: Any) -> Any:
        """The guess as a value comparable with the answer (subclasses implement it).

        Raises
        ------
        GuessError
            If the guess cannot be read; None is "no answer yet".
        """
        raise NotImplementedError

    def grade(self, guess: Any) -> "Grade":
        """Grade ``guess`` against the answer: read it (:meth:`read`), then compare (each kind of
        question says when a guess is right or close).

        Raises
        ------
        GuessError
            If the guess cannot be read (:meth:`read`).
        """
        return self._grade(guess)

    def _grade(self, guess: Any) -> "Grade":
        raise NotImplementedError

    def answer_text(self) -> str:
        """The answer in words (:func:`hexrules.words.exercise.answer_text`)."""
        return words.answer_text(self)

    def _unanswered(self, guess: Any) -> None:
        if guess is None or (isinstance(guess, str) and not guess.strip()):
            raise GuessError(f"no answer yet: write {self.FORMAT}")


def _exact_number(value: Any, what: str) -> Fraction:
    """A finite real number as a Fraction (bool refused)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise GuessError(f"{what} {_shown(value)} is not a number")
    if isinstance(value, float) and not math.isfinite(value):
        raise GuessError(f"{what} {_shown(value)} is not a number")
    return Fraction(value)


def _number(value: Fraction) -> int | Fraction:
    """A whole Fraction as an int (so that it reads ``3``, not ``Fraction(3, 1)``)."""
    return int(value) if value.denominator == 1 else value


@dataclass(frozen=True)
class NumberQuestion(Question):
    """A question whose answer is a number with a unit (a cost in movement points, a distance in
    hexes, an allowance).

    Parameters
    ----------
    prompt : str
    answer : int or Fraction
        The right answer, computed by the rules (e.g. ``path_cost(...).total``).
    unit : str
        The unit, plural (``"movement points"``, ``"hexes"``); a guess may name it after the
        number (``"3 movement points"``, ``"3 MP"``: the unit, its singular or its initials).
    tolerance : int or Fraction
        A guess this close (and not equal) is *close*; default 0: only the answer is right.
    hint, explanation : str
        See :class:`Question`.

    Raises
    ------
    GuessError
        If ``answer`` or ``tolerance`` is not a number (``tolerance`` >= 0).
    """

    answer: int | Fraction
    unit: str = ""
    tolerance: int | Fraction = 0

    FORMAT: ClassVar[str] = "a number, such as 3"

    def __post_init__(self) -> None:
        object.__setattr__(self, "answer", _number(_exact_number(self.answer, "answer")))
        tol = _exact_number(self.tolerance, "tolerance")
        if tol < 0:
            raise GuessError(f"tolerance {_shown(self.tolerance)} is negative")
        object.__setattr__(self, "tolerance", _number(tol))

    def _unit_words(self) -> set[str]:
        unit = self.unit.lower().strip()
        if not unit:
            return set()
        singular = re.sub(r"(?<=x)es$|s$", "", unit.split()[-1])
        short = " ".join(unit.split()[:-1] + [singular])
        initials = "".join(w[0] for w in unit.split())
        return {unit, short, initials, initials + "s"}

    def read(self, guess: Any) -> int | Fraction:
        """The guess as a number: an int, a Fraction, a float, or a text such as ``"3"``,
        ``"5/2"``, ``"3 movement points"``.

        Raises
        ------
        GuessError
            If it is None or empty (no answer yet), not a number, or a text with other words
            than the unit after the number.
        """
        self._unanswered(guess)
        if isinstance(guess, str):
            m = _NUMBER.match(guess)
            rest = m.group(2).lower() if m else None
            unit = f" of {self.unit}" if self.unit else ""
            bad = f"guess {_shown(guess)} is not a number{unit}: write {self.FORMAT}"
            if m is None or (rest and rest not in self._unit_words()):
                raise GuessError(bad)
            try:
                return _number(Fraction(m.group(1).replace(" ", "")))
            except ZeroDivisionError:
                raise GuessError(bad) from None
        return _number(_exact_number(guess, "guess"))

    def _grade(self, guess: Any) -> "Grade":
        # right when equal, close within the tolerance
        value = self.read(guess)
        diff = value - self.answer
        outcome: Outcome = "right" if diff == 0 else "close" if abs(diff) <= self.tolerance else "wrong"
        return Grade(self, guess, value, outcome, difference=_number(Fraction(diff)))


def read_labels(guess: Any, *, offset: str = "odd-r", what: str = "guess",
                labels: LabelScheme | None = None) -> frozenset[Hex]:
    """The hexes a guess names: a text of labels (``"C3, C2"``, ``"C3 C2"``, ``"C3, C2 and C4"``),
    a :class:`~hexrules.hexgrid.Hex`, or a list, tuple or set of labels and hexes (a text item
    may itself hold several labels).

    Parameters
    ----------
    guess : str, Hex, or iterable of str and Hex
    offset : str
        The board's offset kind, for the labels (:func:`~hexrules.hexgrid.from_label`).
    what : str
        What the guess is, for messages.
    labels : LabelScheme, optional
        The board's label scheme (:attr:`Board.labels <hexrules.board.Board.labels>`), which
        reads the labels instead (``"0304"`` on a wargame map); axial ``"(q,r)"`` is read in
        every scheme.

    Returns
    -------
    frozenset of Hex
        Hexes on or off a board (a label is read, not checked against a board).

    Raises
    ------
    GuessError
        If an item is neither a label nor a Hex, or a label is malformed (the message names it),
        or ``labels`` is neither None nor a LabelScheme.

    Examples
    --------
    Odd-r labels: C3 is axial (1,2), C2 (2,1), C4 (1,3).

    >>> sorted(map(str, read_labels("C3, C2 and C4")))
    ['(1,2)', '(1,3)', '(2,1)']
    >>> read_labels(["C3, C2"]) == read_labels("C3 C2") == read_labels(("C2", "C3", "C3"))
    True
    """
    if labels is not None and not isinstance(labels, LabelScheme):
        raise GuessError(f"labels={_shown(labels)} is not a hexgrid.LabelScheme (a board's labels) or None")
    if isinstance(guess, Hex):
        return frozenset({guess})
    items: Iterable[Any]
    if isinstance(guess, str):
        items = [guess]
    elif isinstance(guess, Mapping) or not isinstance(guess, Iterable):
        raise GuessError(f"{what} {_shown(guess)} is not hex labels: write labels such as C3, C2 "
                         "(or a list such as ['C3', 'C2'])")
    else:
        items = list(guess)
    out = set()
    for item in items:
        if isinstance(item, Hex):
            out.add(item)
            continue
        if not isinstance(item, str):
            raise GuessError(f"{what} item {_shown(item)} is not a hex label such as 'C3'")
        for token in _TOKEN.findall(item):
            if token.lower() in _JOINERS:
                continue
            axial = _AXIAL.match(token)
            if axial:
                out.add(Hex(int(axial.group(1)), int(axial.group(2))))
                continue
            try:
                out.add(from_label(token, offset) if labels is None else labels.parse(token))
            except HexError:
                if labels is None or labels.kind == "letters":
                    kind = "a hex label such as 'C3' (a column letter, then a row number)"
                elif labels.kind == "numbers":
                    kind = (f"a hex label such as {labels.format(from_offset(2, 2, labels.offset))!r} "
                            "(a column number, then a row number)")
                else:
                    kind = "a hex label such as '(2,3)' (axial coordinates q, r)"
                raise GuessError(f"{what} {_shown(guess)}: {show(token)} is not {kind}") from None
    return frozenset(out)


@dataclass(frozen=True)
class HexesQuestion(Question):
    """A question whose answer is a set of hexes (where a Push can leave the target, which hexes
    a unit reaches).

    Parameters
    ----------
    prompt : str
    answer : iterable of Hex or label, or a text of labels
        The right hexes, e.g. ``ForcedMove.destinations``; read like a guess
        (:func:`read_labels`).
    board : Board, optional
        Names the hexes (its labels) and gives the labels' offset kind; a hex a guess names
        that is not on it is a wrong hex like any other.
    hint, explanation : str
        See :class:`Question`.

    Raises
    ------
    GuessError
        If ``answer`` cannot be read as hexes.
    """

    answer: frozenset[Hex]
    board: "Board | None" = field(default=None, compare=False, repr=False)

    KIND: ClassVar[str] = "hexes"
    FORMAT: ClassVar[str] = "hex labels separated by commas or spaces, such as C3, C2"

    def __post_init__(self) -> None:
        if self.board is not None:
            check_board(self.board, ruling=None)
        object.__setattr__(self, "answer", read_labels(self.answer, offset=self.offset, what="answer", labels=self._labels))

    @property
    def _labels(self) -> "LabelScheme | None":
        return self.board.labels if self.board is not None else None

    @property
    def offset(self) -> str:
        """The offset kind of the labels: the board's, else ``"odd-r"``."""
        return self.board.offset if self.board is not None else "odd-r"

    def read(self, guess: Any) -> frozenset[Hex]:
        """The hexes a guess names (:func:`read_labels`).

        Raises
        ------
        GuessError
            If it is None or an empty text (no answer yet), or cannot be read as labels.
        """
        self._unanswered(guess)
        return read_labels(guess, offset=self.offset, labels=self._labels)

    def _grade(self, guess: Any) -> "Grade":
        # right when it names exactly the answer's hexes, in any order
        value = self.read(guess)
        missing, wrong = self.answer - value, value - self.answer
        outcome: Outcome = "wrong" if missing or wrong else "right"
        return Grade(self, guess, value, outcome, missing=missing, wrong=wrong)


@dataclass(frozen=True)
class ProbabilityQuestion(Question):
    """A question whose answer is an exact probability (a Crush chance, C5).

    Parameters
    ----------
    prompt : str
    answer : Fraction
        The exact probability, e.g. ``damage_distribution(3, 4).at_least(2)``.
    tolerance : float
        How close (absolute) a decimal or a percentage must be to count as *close*
        (accepted); a fraction is exact or wrong. Default 0.02.
    subject : str
        What the probability is of, for the words (``"P(at least 2 damage)"``); default
        ``"the probability"``.
    hint, explanation : str
        See :class:`Question`.

    Raises
    ------
    GuessError
        If ``answer`` is not a probability or ``tolerance`` not a number in [0, 1].
    """

    answer: Fraction
    tolerance: float = 0.02
    subject: str = "the probability"

    KIND: ClassVar[str] = "probability"
    FORMAT: ClassVar[str] = "a fraction such as 3/8, a decimal such as 0.375 or a percentage such as 37.5%"

    def __post_init__(self) -> None:
        answer = _exact_number(self.answer, "answer")
        if not 0 <= answer <= 1:
            raise GuessError(f"answer {_shown(self.answer)} is not a probability between 0 and 1")
        object.__setattr__(self, "answer", answer)
        if not 0 <= _exact_number(self.tolerance, "tolerance") <= 1:
            raise GuessError(f"tolerance {_shown(self.tolerance)} is not between 0 and 1")

    def read_exactly(self, guess: Any) -> tuple[Fraction, bool]:
        """``(value, exact)``: the guess as a Fraction, and whether it was written exactly (a
        fraction or a whole number, not a decimal or a percentage).

        Raises
        ------
        GuessError
            If it is None or empty (no answer yet), not a number, or not between 0 and 1.
        """
        self._unanswered(guess)
        bad = f"guess {_shown(guess)} is not a probability: write {self.FORMAT}"
        if isinstance(guess, str):
            text = guess.strip()
            percent = text.endswith("%")
            body = text[:-1].strip() if percent else text
            try:
                value = Fraction(body.replace(" ", ""))
            except (ValueError, ZeroDivisionError):
                raise GuessError(bad) from None
            exact = not percent and "." not in body and "e" not in body.lower()
            value = value / 100 if percent else value
        elif isinstance(guess, numbers.Real) and not isinstance(guess, bool):
            if isinstance(guess, float) and not math.isfinite(guess):
                raise GuessError(bad)
            value, exact = Fraction(guess), not isinstance(guess, float)
        else:
            raise GuessError(bad)
        if not 0 <= value <= 1:
            raise GuessError(f"guess {_shown(guess)} is not between 0 and 1 (100%)")
        return value, exact

    def read(self, guess: Any) -> Fraction:
        """The guess as a Fraction (:meth:`read_exactly`)."""
        return self.read_exactly(guess)[0]

    def _grade(self, guess: Any) -> "Grade":
        # right when equal; close when written as a decimal or a percentage within the tolerance
        value, exact = self.read_exactly(guess)
        diff = value - self.answer
        close = not exact and abs(float(diff)) <= self.tolerance
        outcome: Outcome = "right" if diff == 0 else "close" if close else "wrong"
        return Grade(self, guess, value, outcome, difference=diff)


@dataclass(frozen=True)
class Grade:
    """A graded guess: the facts, with words on demand.

    Attributes
    ----------
    question : Question
    guess : object
        The guess as given.
    value : object
        The guess as read: a number, a frozenset of Hex, or a Fraction.
    outcome : {"right", "close", "wrong"}
        Close is accepted (a decimal near an exact probability, a number within a tolerance).
    missing : frozenset of Hex
        Hexes of the answer that the guess leaves out (:class:`HexesQuestion`).
    wrong : frozenset of Hex
        Hexes of the guess that are not in the answer (:class:`HexesQuestion`).
    difference : int, Fraction or None
        ``value - answer`` (numbers and probabilities; None for hexes).
    """

    question: Question
    guess: Any
    value: Any
    outcome: Outcome
    missing: frozenset[Hex] = frozenset()
    wrong: frozenset[Hex] = frozenset()
    difference: int | Fraction | None = None

    @property
    def right(self) -> bool:
        """True when the guess is the answer."""
        return self.outcome == "right"

    @property
    def accepted(self) -> bool:
        """True when the guess is right or close."""
        return self.outcome != "wrong"

    def explain(self, *, reveal: bool = True) -> str:
        """The verdict in words; with ``reveal=False`` a wrong guess's words do not give the
        answer (:func:`hexrules.words.exercise.grade_text`).

        Raises
        ------
        GuessError
            If ``reveal`` is not True or False.
        """
        return words.grade_text(self, reveal=checks.flag(reveal, "reveal", error=GuessError))

    def hint(self) -> str:
        """How the guess is off, without the answer, then the question's own hint
        (:func:`hexrules.words.exercise.hint_text`)."""
        return words.hint_text(self)

    def __str__(self) -> str:
        return self.explain()
