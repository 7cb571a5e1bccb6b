"""The exercise widget: a hint first, the answer after a second try or on request (issue 9 part 2).

Answers are the lessons' own, worked by hand from RULES.md.
"""

import html
from fractions import Fraction

import ipywidgets as widgets
import pytest

from hexrules import builtin
from hexrules.exercise import HexesQuestion, NumberQuestion, ProbabilityQuestion
from hexrules.widgets.base import ExplorerError
from hexrules.widgets.exercise import Exercise

# Lesson 02: C3 -> D3 (0 -> 1): 2, D3 -> E3 (1 -> 1): 1; E3 costs 3 (M1).
E3 = NumberQuestion("Cheapest cost from C3 to E3?", 3, unit="movement points",
                    hint="Every route climbs one level once.", explanation="C3 -> D3 -> E3: 2 + 1")


def shown(ex):
    return ex.feedback.value


def test_a_wrong_answer_gets_a_hint_then_the_answer_after_a_second_try():
    ex = Exercise(E3)
    assert shown(ex) == "" and ex.controls["answer"].layout.display == "none"
    ex.controls["guess"].value = "4"
    ex.controls["check"].click()
    first = shown(ex)
    assert 'data-grade="wrong"' in first and "hexrules-hint" in first
    assert "The answer is less than 4 movement points." in first and "Every route climbs one level once." in first
    assert "hexrules-answer" not in first and "3 movement points" not in first and "2 + 1" not in first
    assert ex.tries == 1 and not ex.revealed and ex.controls["answer"].layout.display is None
    assert not ex.check("2")  # the second wrong answer: now the answer and why
    second = shown(ex)
    assert "hexrules-answer" in second and "Answer: 3 movement points" in second and "2 + 1" in second
    assert "the engine says 3 movement points" in second and ex.revealed and ex.tries == 2
    assert ex.check("3") and 'data-grade="right"' in shown(ex) and "Right: 3 movement points." in shown(ex)


def test_show_answer_on_request():
    ex = Exercise(E3)
    ex.check(5)
    ex.controls["answer"].click()
    assert "Answer: 3 movement points" in shown(ex) and "2 + 1" in shown(ex) and ex.revealed
    fresh = Exercise(E3)
    fresh.show_answer()  # before any try: the answer alone
    assert "Answer: 3 movement points" in shown(fresh) and "hexrules-verdict" not in shown(fresh)


def test_show_answer_goes_once_the_answer_is_on_screen():
    # a new-user trial: after a right answer the Show answer button stayed, with nothing to show
    ex = Exercise(E3)
    ex.check("4")
    assert ex.controls["answer"].layout.display is None  # a wrong answer: the hint, and the button
    assert ex.check("3") and ex.controls["answer"].layout.display == "none"
    ex.check("5")  # wrong again after the answer was shown: the answer is in the feedback, no button
    assert "Answer: 3 movement points" in shown(ex) and ex.controls["answer"].layout.display == "none"
    pressed = Exercise(E3)
    pressed.check("4")
    pressed.controls["answer"].click()
    assert "Answer: 3 movement points" in shown(pressed) and pressed.controls["answer"].layout.display == "none"
    twice = Exercise(E3)
    twice.check("4")
    twice.check("2")  # the second wrong answer shows the answer itself
    assert "Answer: 3 movement points" in shown(twice) and twice.controls["answer"].layout.display == "none"


def test_a_right_first_answer_is_right_with_its_explanation():
    ex = Exercise(E3)
    assert ex.check("3 MP")
    assert "Right: 3 movement points." in shown(ex) and "2 + 1" in shown(ex) and ex.tries == 0


@pytest.mark.parametrize(("typed", "message"), [("", "No answer yet"),
                                                ("three", "Your answer 'three' is not a number of movement points")])
def test_an_unreadable_answer_is_explained_and_is_not_a_try(typed, message):
    # a new-user trial read "guess 'three' is not a number ..." as an internal error: the learner's
    # words, a capital, and that it does not count
    ex = Exercise(E3)
    ex.controls["guess"].value = typed
    ex.controls["check"].click()
    assert message in html.unescape(shown(ex)) and 'data-grade="error"' in shown(ex) and "not counted as a try" in shown(ex)
    assert ex.tries == 0 and ex.grade is None and ex.controls["answer"].layout.display == "none"


# Lesson 06: Push 1 on the Gundam (C3) in push_collision ends on C3, C2 or C4 (P1-P3).
def push_question():
    sc = builtin("push_collision")
    return HexesQuestion("Push 1: on which hexes can the Gundam end?", ["C3", "C2", "C4"], board=sc.board,
                         hint="Not pushing at all is allowed (P1).")


def test_hexes_typed_as_a_text_with_counts_in_the_hint():
    ex = Exercise(push_question())
    ex.check("C3, C2")
    assert "1 hex of the answer is missing." in shown(ex) and "C4" not in shown(ex)
    assert ex.check("C2 C4 C3") and "Right: C2, C3, C4." in shown(ex)
    assert Exercise(push_question()).check(["C4", "C2", "C3"])  # a list is typed as "C4, C2, C3"


def test_the_answer_is_nowhere_in_the_page_before_it_is_shown():
    ex = Exercise(push_question())
    ex.check("C3")  # a first wrong answer: a hint only
    states = [w.get_state() for w in [ex, *ex.children, *ex.children[1].children]]
    assert not any("C4" in str(s) for s in states), "the answer reached the page before it was shown"


def test_a_close_probability_is_accepted_and_shows_the_exact_value():
    # Lesson 08: Cover 3 against Resolve 4: P(at least 2 damage) = 4/8 = 1/2 (C3, C5).
    ex = Exercise(ProbabilityQuestion("P(at least 2)?", Fraction(1, 2), subject="P(at least 2 damage)"))
    assert ex.check("0.51") and 'data-grade="close"' in shown(ex)
    assert "P(at least 2 damage) is exactly 1/2 (50%)" in shown(ex)


def test_the_older_call_still_builds_a_question():
    ex = Exercise("C3 -> C2?", 3, unit="movement points", hint="M1")
    assert isinstance(ex.question, NumberQuestion) and ex.question.unit == "movement points"
    assert isinstance(Exercise("Where?", ["C3", "C2"]).question, HexesQuestion)
    assert isinstance(ex.controls["guess"], widgets.Text) and "hexrules-exercise" in ex._dom_classes


@pytest.mark.parametrize("make", [
    lambda: Exercise(E3, 3),
    lambda: Exercise(E3, hint="again"),
    lambda: Exercise("?", None),
    lambda: Exercise("?", {"C3": 1}),
    lambda: Exercise(42),
])
def test_bad_construction_is_refused(make):
    with pytest.raises(ExplorerError):
        make()



@pytest.mark.parametrize("make", [lambda: E3, push_question,
                                  lambda: ProbabilityQuestion("P(at least 2 damage)?", Fraction(1, 2))])
def test_the_answer_boxs_placeholder_is_a_short_example_that_fits(make):
    # lesson 07: the placeholder "hex labels separated by commas or spaces, such as C3, C2" was cut
    # at "such" in the 30em box: a short example fits it whole
    ex = Exercise(make())
    placeholder = ex.controls["guess"].placeholder
    assert placeholder.startswith("e.g. ") and len(placeholder) <= 30
