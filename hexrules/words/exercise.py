"""Words for graded guesses (:mod:`hexrules.exercise`): verdicts, hints, answers.

Each function reads the facts of a :class:`~hexrules.exercise.Grade` or a
:class:`~hexrules.exercise.Question` (the outcome, the hexes missing and wrong, how far a number
is off) and says them: :meth:`~hexrules.exercise.Grade.explain`,
:meth:`~hexrules.exercise.Grade.hint` and :meth:`~hexrules.exercise.Question.answer_text` call
them. A verdict without the answer (``reveal=False``) and a hint never name the answer, so a
learner gets a second try.

Examples
--------
>>> from fractions import Fraction
>>> from hexrules.exercise import ProbabilityQuestion
>>> q = ProbabilityQuestion("P(at least 2)?", Fraction(1, 2), subject="P(at least 2 damage)")
>>> answer_text(q)
'exactly 1/2 (50%)'
>>> g = q.grade("0.4")
>>> grade_text(g, reveal=False), hint_text(g)
('Not quite: you said 0.4 (40%).', 'The probability is higher than that.')
>>> grade_text(g)
'Not quite: you said 0.4 (40%); P(at least 2 damage) is exactly 1/2 (50%).'
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

from . import hex_name, noun, percent


__all__ = ["answer_text", "said_text", "grade_text", "hint_text", "hexes_text"]


def _kind(q: Any) -> str:
    """``"number"``, ``"hexes"`` or ``"probability"``: which words a question takes (its ``KIND``)."""
    return q.KIND


def _number(n: Any) -> str:
    """A number as a learner writes it: ``3``, ``2.5`` (a fraction with a finite decimal, as the
    guess ``"2.5"`` is read), else ``1/3``."""
    if isinstance(n, Fraction) and n.denominator != 1:
        d = n.denominator
        while d % 2 == 0:
            d //= 2
        while d % 5 == 0:
            d //= 5
        if d == 1:
            return format(Decimal(n.numerator) / Decimal(n.denominator), "f")
    return str(n)


def _units(n: Any, unit: str) -> str:
    """``"3 movement points"``, ``"1 movement point"``, ``"2.5 movement points"``: a number and a
    plural unit."""
    n = _number(n)
    if not unit:
        return str(n)
    if n == "1":
        unit = re.sub(r"(?<=x)es$|s$", "", unit)
    return f"{n} {unit}"


def hexes_text(hexes: Any, names: Any = None) -> str:
    """Hexes named as the board names them (:func:`hexrules.words.hex_name`), sorted:
    ``"C2, C3, C4"``; ``"none"`` for no hex.

    Examples
    --------
    >>> from hexrules.board import Board
    >>> from hexrules.hexgrid import from_label
    >>> board = Board.rectangle(4, 4)
    >>> hexes_text({from_label("C3"), from_label("C2"), from_label("Z9")}, board), hexes_text(set())
    ('C2, C3, Z9 (not on the board)', 'none')
    """
    out = sorted(hex_name(h, names) for h in hexes)
    if names is not None and hasattr(names, "graph"):  # a Board: say which hexes are off it
        out = sorted(hex_name(h, names) + ("" if h in names else " (not on the board)") for h in hexes)
    return ", ".join(out) or "none"


def answer_text(q: Any) -> str:
    """The answer of ``q``: ``"3 movement points"``, ``"C2, C3, C4"``, ``"exactly 1/2 (50%)"``."""
    kind = _kind(q)
    if kind == "hexes":
        return hexes_text(q.answer, q.board)
    if kind == "probability":
        return f"exactly {q.answer} ({percent(q.answer)})"
    return _units(q.answer, q.unit)


def said_text(g: Any) -> str:
    """What the learner said, as read: ``"2 movement points"``, ``"C3, D3"``, ``"0.4 (40%)"``."""
    kind = _kind(g.question)
    if kind == "hexes":
        return hexes_text(g.value, g.question.board)
    if kind == "probability":
        typed = g.guess.strip() if isinstance(g.guess, str) else str(g.guess)
        return typed if typed.endswith("%") else f"{typed} ({percent(g.value)})"
    return _units(g.value, g.question.unit)


def _not_in(g: Any) -> str:
    """``"missing C4; D3 is not one of them"``: how a set of hexes differs from the answer."""
    names = g.question.board
    parts = []
    if g.missing:
        parts.append(f"missing {hexes_text(g.missing, names)}")
    if g.wrong:
        parts.append(f"{hexes_text(g.wrong, names)} {'is' if len(g.wrong) == 1 else 'are'} not one of them")
    return "; ".join(parts)


def grade_text(g: Any, *, reveal: bool = True) -> str:
    """The verdict: ``"Right: 3 movement points."``, ``"Close enough: ..."``, ``"Not quite: ..."``.

    Parameters
    ----------
    g : Grade
    reveal : bool
        Name the answer after a wrong guess (a right or close guess always does).

    Returns
    -------
    str
    """
    q, kind = g.question, _kind(g.question)
    subject = f"{q.subject} is " if kind == "probability" else ""
    if g.outcome == "right":
        return f"Right: {subject}{answer_text(q)}."
    if g.outcome == "close":
        return f"Close enough: you said {said_text(g)}; {subject or 'the engine says '}{answer_text(q)}."
    if not reveal:
        return f"Not quite: you said {said_text(g)}."
    if kind == "hexes":
        return f"Not quite: {_not_in(g)}. The engine says: {answer_text(q)}."
    return f"Not quite: you said {said_text(g)}; {subject or 'the engine says '}{answer_text(q)}."


def hint_text(g: Any) -> str:
    """After a wrong guess: how it is off, without the answer, then the question's own hint
    (empty for a right or close guess).

    A number says whether the answer is more or less than the guess; a set of hexes says how many of the
    answer's hexes are missing and how many of the guess's are wrong, without naming them.
    """
    if g.outcome != "wrong":
        return ""
    kind = _kind(g.question)
    if kind == "hexes":
        parts = []
        if g.missing:
            n = len(g.missing)
            parts.append(f"{n} {noun(n, 'hex')} of the answer {'is' if n == 1 else 'are'} missing")
        if g.wrong:
            n = len(g.wrong)
            parts.append(f"{n} of yours {'is' if n == 1 else 'are'} not one of them")
        how = (", and ".join(parts) + ".") if parts else ""
    else:
        if kind == "probability":
            how = f"The probability is {'higher' if g.difference < 0 else 'lower'} than that."
        else:  # "lower" alone left the learner asking: lower than what?
            how = f"The answer is {'more' if g.difference < 0 else 'less'} than {said_text(g)}."
    return " ".join(t for t in (how[:1].upper() + how[1:], g.question.hint) if t)
