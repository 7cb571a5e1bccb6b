"""Grading a guess (hexrules.exercise): numbers with a unit, sets of hexes, probabilities.

Answers are the lessons' own, worked by hand from RULES.md (comments show the work).
"""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexrules import builtin
from hexrules.board import Board
from hexrules.errors import GuessError, HexrulesError
from hexrules.exercise import Grade, HexesQuestion, NumberQuestion, ProbabilityQuestion, read_labels
from hexrules.hexgrid import Hex, from_label, to_label

# --- numbers ---------------------------------------------------------------------------------------

# Lesson 00: C3 (ground) -> C2 (height 2) costs 1 to enter + 2 climb = 3 (M1).
COST = NumberQuestion("C3 -> C2?", 3, unit="movement points", hint="1 to enter, plus 1 per level climbed (M1).")


@pytest.mark.parametrize("guess", [3, "3", " 3 ", "3 movement points", "3 Movement Points", "3 movement point",
                                   "3 MP", "3 mp", "6/2", F(3), 3.0])
def test_a_number_is_read_with_or_without_its_unit(guess):
    g = COST.grade(guess)
    assert g.outcome == "right" and g.right and g.accepted and g.difference == 0
    assert g.explain() == "Right: 3 movement points."


@pytest.mark.parametrize(("guess", "difference", "way"), [(2, -1, "more than 2 movement points"),
                                                          ("4", 1, "less than 4 movement points"),
                                                          ("2.5", F(-1, 2), "more than 2.5 movement points")])
def test_a_wrong_number_gets_a_hint_before_the_answer(guess, difference, way):
    g = COST.grade(guess)
    assert g.outcome == "wrong" and not g.accepted and g.difference == difference
    assert "3" not in g.explain(reveal=False) and "3" not in g.hint().replace("1 per", "")
    assert g.hint() == f"The answer is {way}. 1 to enter, plus 1 per level climbed (M1)."
    assert g.explain().endswith("the engine says 3 movement points.")


def test_a_number_within_the_tolerance_is_close():
    q = NumberQuestion("How far?", 7, unit="hexes", tolerance=1)
    assert [q.grade(x).outcome for x in (7, 6, 8, 5)] == ["right", "close", "close", "wrong"]
    assert q.grade(6).explain() == "Close enough: you said 6 hexes; the engine says 7 hexes."
    assert q.grade("1 hex").explain(reveal=False) == "Not quite: you said 1 hex."  # singular unit


@pytest.mark.parametrize(("guess", "message"), [
    (None, "no answer yet: write a number, such as 3"),
    ("", "no answer yet"),
    ("   ", "no answer yet"),
    ("three", "guess 'three' is not a number of movement points: write a number, such as 3"),
    ("3 apples", "guess '3 apples' is not a number of movement points"),
    ("3/0", None),
    (True, "guess True is not a number"),
    ([3], "guess [3] is not a number"),
    (float("nan"), "guess nan is not a number"),
    (float("inf"), "guess inf is not a number"),
])
def test_an_unreadable_number_is_a_guess_error_not_a_wrong_answer(guess, message):
    with pytest.raises(GuessError) as e:
        COST.grade(guess)
    assert isinstance(e.value, HexrulesError) and isinstance(e.value, ValueError)
    if message:
        assert message in str(e.value)


def test_a_question_refuses_an_answer_that_is_not_a_number():
    for bad in ("3", None, True):
        with pytest.raises(GuessError, match="answer"):
            NumberQuestion("?", bad)
    with pytest.raises(GuessError, match="tolerance -1 is negative"):
        NumberQuestion("?", 3, tolerance=-1)


# --- hexes -----------------------------------------------------------------------------------------

# Lesson 06: Push 1 from B3 on the Gundam (C3) of push_collision: the farther neighbours of C3 are
# C2, D3 and C4 (P1); D3 holds the GM (a collision, P2: it stays on C3); C2 and C4 are lower (P3).
# It can end on C3 (no step), C2 or C4.
PUSH = builtin("push_collision")
ENDS = HexesQuestion("Push 1: where?", ["C3", "C2", "C4"], board=PUSH.board, hint="Not pushing is allowed (P1).")
C2, C3, C4, D3 = (from_label(x) for x in ("C2", "C3", "C4", "D3"))


@pytest.mark.parametrize("guess", ["C3, C2, C4", "C3 C2 C4", "c4,c2;c3", "C3, C2 and C4", "['C3', 'C2', 'C4']",
                                   ["C3", "C2", "C4"], ("C4", "C3", "C2", "C2"), {C2, C3, C4}, ["C3, C2", C4]])
def test_hexes_are_read_from_a_text_or_a_list_in_any_order(guess):
    g = ENDS.grade(guess)
    assert g.right and g.value == {C2, C3, C4} and not g.missing and not g.wrong
    assert g.explain() == "Right: C2, C3, C4."


def test_a_wrong_set_says_what_is_missing_and_what_is_wrong_and_the_hint_names_neither():
    g = ENDS.grade("C3, C2 D3")
    assert g.outcome == "wrong" and g.missing == {C4} and g.wrong == {D3}
    assert g.hint() == "1 hex of the answer is missing, and 1 of yours is not one of them. Not pushing is allowed (P1)."
    assert g.explain(reveal=False) == "Not quite: you said C2, C3, D3."
    assert g.explain() == "Not quite: missing C4; D3 is not one of them. The engine says: C2, C3, C4."
    two_missing = ENDS.grade("C3")
    assert two_missing.hint().startswith("2 hexes of the answer are missing.")
    assert ENDS.grade("C3 C2 C4 D3 E3").hint().startswith("2 of yours are not one of them.")


def test_a_hex_off_the_board_is_a_wrong_hex_named_as_such():
    g = ENDS.grade("C3 C2 C4 Z9")
    assert g.wrong == {from_label("Z9")} and "Z9 (not on the board)" in g.explain()


@pytest.mark.parametrize(("guess", "shown"), [("C3, 2C", "'2C'"), (["C3", 5], "5"), (5, "5"), ({"C3": 1}, "{'C3': 1}"),
                                              ("C3 ?", "'?'")])
def test_an_unreadable_label_is_a_guess_error_naming_it(guess, shown):
    with pytest.raises(GuessError) as e:
        ENDS.grade(guess)
    assert shown in str(e.value)


def test_read_labels_round_trips_labels():
    hexes = {Hex(q, r) for q in range(3) for r in range(3)}
    assert read_labels(", ".join(to_label(h) for h in hexes)) == hexes
    assert read_labels(Hex(1, 2)) == {Hex(1, 2)} and read_labels("(4,-1)") == {Hex(4, -1)}


def test_an_empty_list_is_a_guess_of_no_hex_but_an_empty_text_is_no_answer():
    q = HexesQuestion("Which hexes?", [], board=Board.rectangle(3, 3))
    assert q.grade([]).right and q.answer_text() == "none"
    with pytest.raises(GuessError, match="no answer yet"):
        q.grade("")


# --- probabilities ---------------------------------------------------------------------------------

# Lesson 08: Cover 3 against Resolve 4: p = 3/6 = 1/2 per die; P(>= 2 of 3) = (3 + 1) / 8 = 1/2 (C3, C5).
HALF = ProbabilityQuestion("P(at least 2)?", F(1, 2), subject="P(at least 2 damage)")


@pytest.mark.parametrize(("guess", "outcome"), [
    ("1/2", "right"), ("2/4", "right"), (F(1, 2), "right"), ("0.5", "right"), (0.5, "right"), ("50%", "right"),
    ("50 %", "right"), (0.51, "close"), ("0.49", "close"), ("52%", "close"), ("48.5%", "close"),
    ("0.53", "wrong"), ("51/100", "wrong"),  # a fraction is exact: no tolerance
    ("3/8", "wrong"), (F(3, 8), "wrong"), (0, "wrong"), (1, "wrong"), ("100%", "wrong"),
])
def test_probabilities_exact_for_fractions_with_a_tolerance_for_decimals(guess, outcome):
    assert HALF.grade(guess).outcome == outcome


def test_probability_words():
    assert HALF.grade("1/2").explain() == "Right: P(at least 2 damage) is exactly 1/2 (50%)."
    assert HALF.grade(0.51).explain() == "Close enough: you said 0.51 (51%); P(at least 2 damage) is exactly 1/2 (50%)."
    low = HALF.grade("3/8")
    assert low.explain(reveal=False) == "Not quite: you said 3/8 (37.5%)."
    assert low.hint() == "The probability is higher than that."
    assert HALF.grade("60%").explain(reveal=False) == "Not quite: you said 60%."


@pytest.mark.parametrize(("guess", "message"), [
    ("half", "guess 'half' is not a probability: write a fraction such as 3/8"),
    ("1/0", "guess '1/0' is not a probability"),
    (1.5, "guess 1.5 is not between 0 and 1"),
    ("150%", "guess '150%' is not between 0 and 1"),
    ("-1/2", "not between 0 and 1"),
    (True, "guess True is not a probability"),
    (float("nan"), "guess nan is not a probability"),
    (float("inf"), "guess inf is not a probability"),
    (None, "no answer yet"),
])
def test_an_unreadable_probability_is_a_guess_error(guess, message):
    with pytest.raises(GuessError, match=message.replace("(", r"\(")):
        HALF.grade(guess)


def test_a_probability_question_checks_its_answer():
    with pytest.raises(GuessError, match="not a probability between 0 and 1"):
        ProbabilityQuestion("?", F(3, 2))
    with pytest.raises(GuessError, match="tolerance"):
        ProbabilityQuestion("?", F(1, 2), tolerance=2)


@settings(max_examples=200, deadline=None)
@given(num=st.integers(0, 64), den=st.integers(1, 64))
def test_property_a_fraction_is_right_exactly_when_it_equals_the_answer(num, den):
    p = F(min(num, den), den)
    q = ProbabilityQuestion("?", p)
    assert q.grade(f"{p.numerator}/{p.denominator}").right
    other = p + F(1, 97) if p + F(1, 97) <= 1 else p - F(1, 97)
    assert q.grade(f"{other.numerator}/{other.denominator}").outcome == "wrong"  # no tolerance for fractions


def test_a_grade_is_a_frozen_fact():
    g = COST.grade(2)
    assert isinstance(g, Grade) and g.question is COST and g.guess == 2 and g.value == 2
    with pytest.raises(AttributeError):
        g.outcome = "right"  # type: ignore[misc]
    assert str(g) == g.explain()
