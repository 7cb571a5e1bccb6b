"""The "predict, then check" widget: a question of :mod:`hexrules.exercise`, answered in the page.

:class:`Exercise` wraps a :class:`~hexrules.exercise.Question` (its answer computed by the rules
in the lesson) in a text box, a **Check** button and a feedback area, so that every exercise
works in JupyterLab and as a Voila app (where no cell can be edited):

1. The learner types a guess and presses Check. A guess that cannot be read (``"C3,, 2C"``,
   ``"half"``) gets the kit's one-paragraph message (:class:`~hexrules.errors.GuessError`); it
   is not a try.
2. A first wrong answer gets a **hint**, not the answer: how the guess is off (higher or lower;
   how many hexes are missing and how many are wrong, without naming them) and the question's
   own hint. A **Show answer** button appears.
3. A second wrong answer, or Show answer, gives the answer and its explanation.
4. A right (or close) answer says so, with the explanation.

The answer stays in the kernel: nothing in the page holds it before it is shown. Grading and
words are :mod:`hexrules.exercise`'s and :mod:`hexrules.words.exercise`'s; this module only wires
them to ipywidgets.

Examples
--------
>>> from hexrules.exercise import NumberQuestion
>>> ex = Exercise(NumberQuestion("1 + 1?", 2, hint="Count on your fingers.", explanation="one and one"))
>>> ex.check(3)
False
>>> "Count on your fingers" in ex.feedback.value, "hexrules-answer" in ex.feedback.value
(True, False)
>>> ex.check(2), "Right: 2." in ex.feedback.value, ex.tries
(True, True, 1)
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..checks import show
from ..errors import GuessError
from ..exercise import Grade, HexesQuestion, NumberQuestion, Question
from ..hexgrid import Hex, to_label
from .base import CELL_EXPLORERS, ExplorerError, close_view, pre

#: The answer box's placeholder per kind of question: a short example that fits the box (the
#: question's ``FORMAT``, said when an answer cannot be read, is longer).
PLACEHOLDERS = {"number": "e.g. 3", "hexes": "e.g. C3, C2", "probability": "e.g. 3/8, 0.375 or 37.5%"}

__all__ = ["Exercise", "CSS_CLASS", "TRIES_BEFORE_ANSWER"]

#: The CSS class of an exercise's root box (browser tests find exercises by it).
CSS_CLASS = "hexrules-exercise"
#: Wrong answers after which the answer is shown (the first gets a hint).
TRIES_BEFORE_ANSWER = 2

_COLOURS = {"right": "#1e8449", "close": "#1e8449", "wrong": "#b03a2e", "error": "#b03a2e"}


def _legacy_question(prompt: str, answer: Any, explanation: str, unit: str, hint: str) -> Question:
    """The question of the older call ``Exercise("prompt", answer, unit=..., explanation=...)``."""
    if isinstance(answer, (int, Fraction)) and not isinstance(answer, bool):
        return NumberQuestion(prompt, answer, unit=unit, hint=hint, explanation=explanation)
    if isinstance(answer, (str, Hex)) or (isinstance(answer, Iterable) and not isinstance(answer, dict)):
        return HexesQuestion(prompt, answer, hint=hint, explanation=explanation)
    raise ExplorerError(f"answer={show(answer)} is not a number or hexes: pass a hexrules.exercise question "
                        "(NumberQuestion, HexesQuestion, ProbabilityQuestion)")


class Exercise(widgets.VBox):
    """A "predict, then check" exercise: a question, a text box, Check, a hint, then the answer.

    Parameters
    ----------
    question : hexrules.exercise.Question or str
        The question (:class:`~hexrules.exercise.NumberQuestion`,
        :class:`~hexrules.exercise.HexesQuestion` or
        :class:`~hexrules.exercise.ProbabilityQuestion`). The older call, a prompt and
        ``answer`` (an int: a number question; labels or hexes: a hexes question), still works.
    answer : int or hexes, optional
        Only with a prompt: the right answer, computed by the rules in the notebook.
    explanation, unit, hint : str
        Only with a prompt: the question's explanation, unit and hint.

    Attributes
    ----------
    question : hexrules.exercise.Question
    controls : dict
        ``"guess"`` (an :class:`ipywidgets.Text`), ``"check"`` and ``"answer"`` (Buttons;
        ``"answer"``, Show answer, is shown from the first wrong answer until the answer is on
        screen: after a right answer, a second wrong one, or its own press, it goes, having
        nothing left to show).
    feedback : ipywidgets.HTML
        Empty until checked: the verdict (``data-grade`` "right", "close" or "wrong"), then a
        hint (class ``hexrules-hint``) or the answer (class ``hexrules-answer``) and the
        explanation.
    grade : hexrules.exercise.Grade or None
        The last graded guess.
    tries : int
        Wrong answers so far.
    revealed : bool
        The answer has been shown (after a right or close answer, a second wrong one, or Show
        answer).

    Raises
    ------
    ExplorerError
        If ``question`` is a Question and ``answer``, ``explanation``, ``unit`` or ``hint`` is
        given too, or a prompt's ``answer`` is neither a number nor hexes.
    GuessError
        If the question's answer cannot be read (:mod:`hexrules.exercise`).
    """

    def __init__(self, question: Question | str, answer: Any = None, *, explanation: str = "", unit: str = "",
                 hint: str = "") -> None:
        if isinstance(question, Question):
            if answer is not None or explanation or unit or hint:
                raise ExplorerError("Exercise(question): give the answer, unit, hint and explanation to the "
                                    "question, not to the widget")
        elif isinstance(question, str):
            question = _legacy_question(question, answer, explanation, unit, hint)
        else:
            raise ExplorerError(f"question={show(question)} is not a hexrules.exercise question or a prompt")
        self.question = question
        self.grade: Grade | None = None
        self.tries = 0
        self.revealed = False
        guess = widgets.Text(value="", description="Your answer", placeholder=PLACEHOLDERS.get(question.KIND, ""),
                             style={"description_width": "initial"}, layout=widgets.Layout(width="30em"))
        check = widgets.Button(description="Check", button_style="info")
        reveal = widgets.Button(description="Show answer", layout=widgets.Layout(display="none"))
        self.controls = {"guess": guess, "check": check, "answer": reveal}
        self.feedback = widgets.HTML()
        check.on_click(lambda _b: self.check())
        reveal.on_click(lambda _b: self.show_answer())
        prompt = widgets.HTML(f"<b>{html.escape(question.prompt)}</b>")
        super().__init__([prompt, widgets.HBox([guess, check, reveal]), self.feedback])
        self.add_class(CSS_CLASS)
        CELL_EXPLORERS.track(self)  # closed, with its widgets, when its cell runs again

    # --- what the learner does ----------------------------------------------------------------

    closed = False

    def close(self) -> None:
        """Close the exercise and every widget it is made of (running its cell again does this:
        :class:`~hexrules.widgets.base.CellExplorers`); closing twice does nothing more."""
        if not self.closed:
            self.closed = True
            close_view(self)

    def check(self, guess: Any = None) -> bool:
        """Grade ``guess`` (default: what is typed) and show the verdict; True if it is accepted
        (right, or close for a decimal probability).

        A value given here is typed into the box first (a list of labels as ``"C3, C2"``).
        """
        if guess is not None:
            self.controls["guess"].value = self._as_text(guess)
        try:
            g = self.question.grade(self.controls["guess"].value)
        except GuessError as err:  # the learner's words, and that it does not count
            said = str(err)
            said = "Your answer " + said[len("guess "):] if said.startswith("guess ") else said[:1].upper() + said[1:]
            self._show("error", f"{said} (not counted as a try)")
            return False
        self.grade = g
        if g.accepted:
            self._reveal()
            self._show(g.outcome, g.explain(), explanation=True)
            return True
        self.tries += 1
        if self.revealed or self.tries >= TRIES_BEFORE_ANSWER:
            self._reveal()
            self._show("wrong", g.explain(), answer=True, explanation=True)
        else:
            self.controls["answer"].layout.display = None  # Show answer: from the first wrong answer on
            self._show("wrong", g.explain(reveal=False), hint=g.hint() or "Look again at the rule above.",
                       after="Try again, or press Show answer.")
        return False

    def show_answer(self) -> None:
        """Show the answer and its explanation (the Show answer button)."""
        self._reveal()
        g = self.grade
        if g is not None and not g.accepted:
            self._show("wrong", g.explain(), answer=True, explanation=True)
        else:
            self._show("answer", "", answer=True, explanation=True)

    def _reveal(self) -> None:
        """The answer is on screen from now on: Show answer goes (a right answer needs none)."""
        self.revealed = True
        self.controls["answer"].layout.display = "none"

    # --- the feedback area ----------------------------------------------------------------------

    def _as_text(self, guess: Any) -> str:
        """A value as the learner would type it: ``"C3, C2"`` for a list of hexes or labels."""
        if isinstance(guess, str):
            return guess
        if isinstance(guess, Hex):
            board = getattr(self.question, "board", None)
            return board.label(guess) if board is not None else to_label(guess)
        if isinstance(guess, Iterable):
            return ", ".join(self._as_text(g) for g in guess)
        if isinstance(guess, int) and not isinstance(guess, bool):
            return show(guess)  # an integer too long for str() (4,301+ digits) is described, not written
        try:
            return str(guess)
        except Exception:  # noqa: BLE001 - a guess whose str() fails is shown as its description
            return show(guess)

    def _show(self, grade: str, verdict: str, *, hint: str = "", after: str = "", answer: bool = False,
              explanation: bool = False) -> None:
        parts = []
        if verdict:
            colour = _COLOURS.get(grade, "inherit")
            parts.append(f'<div class="hexrules-verdict" data-grade="{grade}" style="color:{colour}">'
                         f"<b>{html.escape(verdict)}</b></div>")
        if hint:
            parts.append(f'<div class="hexrules-hint"><b>Hint:</b> {html.escape(hint)}</div>')
        if answer:
            parts.append(f'<div class="hexrules-answer"><b>Answer: {html.escape(self.question.answer_text())}</b></div>')
        if after:
            parts.append(f"<div>{html.escape(after)}</div>")
        if explanation and self.question.explanation:
            parts.append(pre(self.question.explanation))
        self.feedback.value = "".join(parts)
