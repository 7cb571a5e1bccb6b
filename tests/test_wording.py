"""Words a newcomer could misread (issue 10 part 3), fixed in the package and checked here.

Each expected sentence is written by hand from RULES.md (C1, C2, C4); none is copied from the
code's output.

* C1: the traversal *reduces* a piece's Cover, and that reduction is what *collapses* it; the
  collapse sets the Cover to 0 (collapsed obstruction terrain). The reduced value is never used:
  the dice are the Cover before the reduction (C2). At Cover 0 the reduction takes nothing away.
* "Touch" is C2's word for a model on a neighbouring hex (not affected); a vehicle's path
  *enters* the piece's hexes.
* "Cover" is the piece's value (it counts the Crush dice) and, in C4's list of what Crush
  ignores, the protection cover gives a target against shooting.
"""

from __future__ import annotations

import pytest

from hexrules.board import Board
from hexrules.crush import IGNORES, Model, Squad, TerrainPiece, Vehicle, crush, traverse
from hexrules.crush_scenario import load_crush
from hexrules.errors import RuleError
from hexrules.options import DEFAULT

BOARD = Board.rectangle(4, 1)
H = BOARD.hex
TANK = Vehicle("Tank", H("A1"), shield=4, resolve=2, hp=5)


def ruin(cover: int) -> TerrainPiece:
    return TerrainPiece("Ruin", [H("B1"), H("C1")], cover=cover)


def test_the_reduction_collapses_the_piece_and_the_collapse_sets_cover_0():
    text = traverse(BOARD, ruin(3), TANK, ["A1", "B1", "C1", "D1"]).explain()
    assert text == (
        "Tank traverses Ruin (its path enters B1, C1): its Cover 3 is reduced by 1 to 2; that reduction is what "
        "collapses it, and the collapse sets the Cover to 0 (the 2 is never used). The piece stays on the board as "
        "collapsed obstruction terrain with Cover 0 (C1). Crush: each affected unit rolls 3 D6, the Cover the piece "
        "had before the reduction (C2).")


def test_at_cover_0_the_reduction_takes_nothing_away():
    text = traverse(BOARD, ruin(0), TANK, ["A1", "B1", "C1", "D1"]).explain()
    assert "Cover 0 is reduced" not in text and "reduced by 1 to 0" not in text
    assert "its Cover is already 0, so the reduction takes nothing away, but the traversal still collapses it" in text
    assert text.endswith("its Cover was 0 before the reduction, so no dice are rolled and nobody takes damage (C2).")


def test_no_reduction_still_collapses():
    text = traverse(BOARD, ruin(3), TANK, ["A1", "B1"], options=DEFAULT.replace(crush_cover_reduction=0)).explain()
    assert "its Cover 3 is not reduced (crush_cover_reduction=0), but the traversal still collapses it" in text
    assert "rolls 3 D6" in text  # C2: the Cover before the (nil) reduction


def test_a_path_enters_the_piece_and_touching_is_c2s_word_only():
    c = traverse(BOARD, ruin(3), TANK.replace(hex=H("B1")), ["B1", "C1", "D1"])
    assert c.entered == (H("C1"),) and c.touched == (H("B1"), H("C1"))
    assert "(it starts on B1; its path enters C1)" in c.explain() and "touch" not in c.explain()
    with pytest.raises(RuleError, match=r"path A1 never enters terrain piece 'Ruin'"):
        traverse(BOARD, ruin(3), TANK, ["A1"])
    # C2's "touching": a model on a neighbouring hex; the whole Crush says it that way only.
    sc = load_crush("crush_hab_block")
    words = sc.crush(seed=2).explain()
    assert "its path enters" in words and "path touches" not in words
    assert "Merely touching, so not affected: Scouts." in words


def test_cover_the_value_and_cover_the_protection_are_told_apart():
    assert IGNORES == ("Crush is not a shooting attack: it has no Force, and it ignores Line of Sight, Target Lock, "
                       "Target Limit and Cover as protection (the piece's Cover value only counts the Crush dice) (C4).")
    squad = Squad("Rangers", [Model("R1", H("B1"))], resolve=4)
    r = crush(BOARD, ruin(3), [squad, TANK], ["A1", "B1", "C1", "D1"], vehicle="Tank", rolls={"Rangers": [6, 4, 3]})
    assert IGNORES in r.explain() and r.resolution("Rangers").damage == 2  # RULES.md's worked example


# --- the lessons' own words (issue 10 part 3) ------------------------------------------------------

import json  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

from hexrules.hexgrid import Hex, from_label, to_label  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def lesson_text(name: str) -> str:
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_engaged_units_are_never_said_to_have_to_attack():
    # E4 restricts an attack's targets if the unit attacks; it never makes it attack.
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        text = lesson_text(path.name)
        assert not re.search(r"must\s+attack", text), path.name
    assert "*if* they attack, the attack must include an enemy they are Engaged with" in lesson_text(
        "03_engagement.ipynb").replace("\n", " ")


def _letters(col: int) -> str:
    """Column letters, A = 0 ... Z = 25, AA = 26 (worked by hand: bijective base 26)."""
    out = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def test_lesson_01_states_the_label_rule_and_it_holds():
    text = lesson_text("01_hex_board_and_graph.ipynb")
    assert "`r = row - 1`, then `q = column - ⌊r / 2⌋`" in text
    assert "column 5 of row 5" not in text  # the old solution mixed a 0-based column with a 1-based row
    assert "F5 is column F = 5 (counting A as 0), row 5" in text.replace("\n", " ")
    # The rule as the lesson writes it, against the kit, on 30 columns x 30 rows.
    for row in range(1, 31):
        for col in range(30):
            r = row - 1
            h = Hex(col - r // 2, r)
            assert from_label(f"{_letters(col)}{row}") == h and to_label(h) == f"{_letters(col)}{row}"
    assert from_label("F5") == Hex(3, 4) and from_label("C4") == Hex(1, 3)


def test_lesson_01_shows_the_six_directions_and_why_a_line_zigzags():
    text = lesson_text("01_hex_board_and_graph.ipynb")
    assert "E `(1, 0)`, NE `(1, -1)`" in text and "Why the straight line zigzags" in text
    # C3 -> F1: E, NE, E, NE (worked in the lesson), as Hex.line draws it
    line = [to_label(h) for h in from_label("C3").line(from_label("F1"))]
    assert line == ["C3", "D3", "D2", "E2", "F1"]
    assert "C3 → D3 (E) → D2 (NE)\n→ E2 (E) → F1 (NE)" in text or "C3 → D3 (E) → D2 (NE) → E2 (E) → F1 (NE)" in text


def test_lesson_10_says_what_the_push_on_its_generated_board_does():
    # Trial defect: the lesson said the Push's collisions were "with the impassable G8, or with
    # another unit"; on that board none is with a unit. Worked by hand from the printed board
    # (seed 17, 12 x 10, odd rows flush left): blue1 on G4 pushes red2 on G6 2 hexes; the hexes
    # of G6 farther from G4 are G7 and H7 (row 7), theirs are F8, G8 (from G7) and G8, H8 (from
    # H7). G8 is impassable (X) and no unit stands on F8, G7, G8, H7, H8: two collisions, both
    # into G8, each dealing collision_damage=3 to red2 (P2); F8 and H8 are the full distance.
    from hexrules.forced import push
    from hexrules.generate import BoardSpec, generate

    sc = generate(BoardSpec(columns=12, rows=10), seed=17)
    lb = sc.board.label
    assert lb(sc.state.unit("blue1").hex) == "G4" and lb(sc.state.unit("red2").hex) == "G6"
    result = push(sc.board, sc.state, "blue1", "red2", 2, options=DEFAULT.replace(collision_damage=3))
    hits = sorted((lb(b.final), lb(b.attempted), b.ending, [(d.unit, d.amount) for d in b.damages])
                  for b in result.branches if b.collision)
    assert hits == [("G7", "G8", "impassable", [("red2", 3)]), ("H7", "G8", "impassable", [("red2", 3)])]
    assert sorted(lb(b.final) for b in result.branches if b.ending == "full") == ["F8", "H8"]
    text = " ".join(lesson_text("10_designers_workbench.ipynb").split())
    assert ("the two branches that end in a collision (both into the impassable G8, from G7 or from H7; "
            "no unit stands in the way) deal 3 instead of 2") in text
    assert "or with another unit" not in text


# --- T1: the words of the ruling (a new-user trial, lesson 05) ------------------------------------


def test_an_allowance_taken_for_starting_in_water_says_water_as_t1_does():
    # T1, water="allowance": "-1 allowance for a movement that starts in water". The terrain
    # board: the GM stands in water on D2, Advance 3: 3 - 1 = 2 (lesson 05's exercise). The words
    # said "starting on costly terrain", which T1 never says.
    from hexrules import builtin
    from hexrules.movement import allowance

    sc = builtin("terrain")
    al = allowance(sc.board, sc.state, "GM", "advance", DEFAULT.replace(water="allowance"))
    assert al.explain() == "allowance 2 = Advance 3 - 1 starting in water (T1)"


def test_a_designer_terrain_with_a_cost_is_named_by_its_own_name():
    # the kit applies T1's switch to any terrain with an extra cost (RulesOptions.water): mud of
    # cost 2 taken from Advance 3 leaves 1
    from hexrules import Scenario
    from hexrules.movement import allowance

    sc = Scenario.from_text("terrain: mud symbol=m cost=2\nmap:\n  0m 0\nunits:\n  G side=a at=A1\n")
    al = allowance(sc.board, sc.state, "G", options=DEFAULT.replace(water="allowance"))
    assert al.explain() == "allowance 1 = Advance 3 - 2 starting in mud (T1)"
