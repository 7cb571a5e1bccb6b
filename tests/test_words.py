"""The shared wording helpers of hexrules.words, and the words of the topic modules from facts.

Expected strings are English worked by hand (plural rules, Red Blob's offset labels), never
copied from the code's output.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import hexrules.words as words
from hexrules.board import Board
from hexrules.forced import Damage, push
from hexrules.hexgrid import FLAT, Hex
from hexrules.state import State, Unit
from hexrules.words import forced_word, hex_name, hex_names, join_and, join_names, noun, plural
from hexrules.words.forced import collision_damage_text, damage_text, unit_name


# --- plurals -------------------------------------------------------------------------------------


@pytest.mark.parametrize("n, word, said", [
    (1, "branch", "1 branch"), (2, "branch", "2 branches"), (0, "branch", "0 branches"),
    (1, "hex", "1 hex"), (2, "hex", "2 hexes"), (0, "hex", "0 hexes"),
    (1, "wound", "1 wound"), (2, "wound", "2 wounds"),
    (1, "die", "1 die"), (2, "die", "2 dice"), (0, "die", "0 dice"),
    (1, "level", "1 level"), (3, "level", "3 levels"),
    (1, "step", "1 step"), (2, "step", "2 steps"),
    (2, "class", "2 classes"), (2, "bush", "2 bushes"),
])
def test_plural_says_the_number_and_the_noun_in_that_number(n, word, said):
    assert plural(n, word) == said


def test_noun_alone():
    assert (noun(1, "die"), noun(5, "die"), noun(1, "hex"), noun(7, "hex")) == ("die", "dice", "hex", "hexes")


# --- hex names -----------------------------------------------------------------------------------


def test_hex_name_goes_through_board_label():
    # Hex(0, 2): odd-r (pointy) col = 0 + (2 - 0) // 2 = 1, row 2 -> "B3"; odd-q (flat)
    # col = 0, row = 2 + (0 - 0) // 2 = 2 -> "A3". The same hex, named by each board's layout.
    pointy = Board({Hex(0, 2): (0, "open")})
    flat = Board({Hex(0, 2): (0, "open")}, orientation=FLAT)
    assert hex_name(Hex(0, 2), pointy) == "B3"
    assert hex_name(Hex(0, 2), flat) == "A3"
    # a position with a negative offset column is named as the board's hexes are (issue 10.5):
    # odd-r column -1 is the column before A, "-A"; flat odd-q Hex(-1, 0) is column -1, row
    # r + (q - (q & 1)) // 2 = -1: "-A-1"
    assert hex_name(Hex(-1, 0), pointy) == "-A1"
    assert hex_name(Hex(-1, 0), flat) == "-A-1"


def test_hex_name_from_a_mapping_or_nothing():
    assert hex_name(Hex(1, 0), {Hex(1, 0): "B1"}) == "B1"
    assert hex_name(Hex(2, 0), {Hex(1, 0): "B1"}) == "(2,0)"  # not in the mapping
    assert hex_name(Hex(2, 0)) == "(2,0)"
    assert hex_name(None, Board.rectangle(2, 2)) == "-"  # no hex: e.g. removed from play
    board = Board.rectangle(3, 1)
    assert hex_names([Hex(0, 0), Hex(1, 0), Hex(2, 0)], board, sep=" -> ") == "A1 -> B1 -> C1"
    assert hex_names([Hex(0, 0), Hex(1, 0)], board) == "A1, B1"


# --- names and forced-movement words ---------------------------------------------------------------


def test_joining_names():
    assert join_names(["Gundam", "GM"]) == "Gundam, GM"
    assert join_names([], empty="none") == "none"
    assert join_and([]) == ""
    assert join_and(["Gundam"]) == "Gundam"
    assert join_and(["Gundam", "GM"]) == "Gundam and GM"
    assert join_and(["Gundam", "GM", "Guncannon"]) == "Gundam, GM and Guncannon"


def test_forced_words():
    assert [forced_word("push", f) for f in ("name", "verb", "ing", "ed")] == ["Push", "push", "pushing", "pushed"]
    assert [forced_word("pull", f) for f in ("name", "verb", "ing", "ed")] == ["Pull", "pull", "pulling", "pulled"]
    with pytest.raises(KeyError):
        forced_word("shove")


def test_collision_damage_in_words():
    one = [Damage("Gundam", 3, "collision", "P2")]
    two = [Damage("Gundam", 2, "collision", "P2"), Damage("GM", 2, "collision", "P2")]
    assert collision_damage_text(one) == "Gundam takes 3 collision damage (non-combat, P6)"
    assert collision_damage_text(two) == "Gundam and GM each take 2 collision damage (non-combat, P6)"
    assert damage_text({"Gundam": 2, "GM": 2}) == "Gundam 2, GM 2"
    assert damage_text({}) == ""
    assert unit_name("Outpost", garrison=True) == "Garrison Outpost"
    assert unit_name("Gundam") == "Gundam"


# --- words come from facts, on demand ---------------------------------------------------------------


def test_a_step_says_its_facts_when_asked():
    # Push 1 from (0,0) on the Gundam at (1,0) into the GM on (2,0): a collision, 2 each (P2).
    board = Board({h: (0, "open") for h in Hex(0, 0).spiral(2)})
    state = State([Unit("Zaku", "zeon", Hex(0, 0)), Unit("Gundam", "federation", Hex(1, 0)),
                   Unit("GM", "federation", Hex(2, 0))])
    step = push(board, state, "Zaku", "Gundam", 1).choose(Hex(2, 0)).steps[0]
    assert "collision with GM (federation)" in step.text
    # the words follow the facts: another unit hit, another sentence
    other = dataclasses.replace(step, hit="Outpost", hit_side="earth", hit_garrison=True)
    assert "collision with Garrison Outpost (earth)" in other.text
    assert other != step  # what was hit is a fact
    # the board only names the hexes: not a fact, not compared
    unnamed = dataclasses.replace(step, board=None)
    assert unnamed == step
    assert unnamed.text.startswith("step 1 into (2,0) (height 0): collision with GM")


def test_branch_text_is_never_stored():
    board = Board({h: (0, "open") for h in Hex(0, 0).spiral(2)})
    state = State([Unit("Zaku", "zeon", Hex(0, 0)), Unit("Gundam", "federation", Hex(1, 0))])
    b = push(board, state, "Zaku", "Gundam", 1).choose(Hex(2, 0))
    assert "text" not in {f.name for f in dataclasses.fields(b)}
    assert b.text == b.explain()  # words come from the facts, on demand
    with pytest.raises(TypeError):  # a wording cannot be given: there is nowhere to store it
        dataclasses.replace(b, text="any other wording")


def test_words_modules_import_no_rules_module():
    # hexrules.words reads facts by attribute: at run time it imports only itself and the
    # standard library (rules modules import it, so the other way round would be a cycle).
    for path in Path(words.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module level; TYPE_CHECKING blocks are `if` statements
            if isinstance(node, ast.ImportFrom) and node.level:
                assert node.module is None or node.level == 1, (path.name, node.module)
            if isinstance(node, ast.ImportFrom) and not node.level:
                assert not (node.module or "").startswith("hexrules"), (path.name, node.module)
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("hexrules") for a in node.names), path.name


def test_a_step_off_a_lettered_board_is_named_as_the_board_names_hexes():
    # Issue 10.5: a Push off the top edge of a 3 x 2 lettered board (pointy, odd-r). Zaku on A2
    # = Hex(0, 1) pushes GM on B1 = Hex(1, 0) 1 hex. B1's neighbours farther from A2 (P1) are
    # Hex(2, 0) = C1 and, off the board, Hex(2, -1) and Hex(1, -1): row -1 (the row before row 1,
    # "-1"), odd-r columns 2 + (-1 - 1) // 2 = 1 ("B") and 0 ("A"). The edge steps are named
    # B-1 and A-1, and say which board hex they leave from, not "(2,-1)".
    board = Board.rectangle(3, 2)
    state = State([Unit("Zaku", "zeon", board.hex("A2")), Unit("GM", "federation", board.hex("B1"))])
    edges = [b.steps[0].text for b in push(board, state, "A2", "GM", 1) if b.ending == "edge"]
    assert sorted(edges) == [
        f"step 1 toward {h} (distance 1 -> 2): off the board, beyond B1: the board edge stops GM with no "
        "damage (P4, push_off_board='stop')" for h in ("A-1", "B-1")]


def test_move_summary_counts_push_edge_branches_by_ending():
    """push_edge: Zaku I (B2) pushes the Gundam (C2) 2. Strictly farther from B2 (P1): D1, D2, D3;
    then off the east edge from D2 (3 ways), D1 (2), D3 (1) (P4: stop), or D3 -> D4 in full.
    So 4 chosen stops (C2, D1, D2, D3), 6 board-edge stops, 1 full distance."""
    from hexrules import builtin
    from hexrules.words.forced import move_summary, move_text

    sc = builtin("push_edge")
    fm = push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2)
    expected = ("Push 2 from B2 (Zaku I) on RX-78-2 Gundam at C2: 11 branches (4 chosen stop, 6 board edge, "
                "1 full distance); it can end on C2, D1, D2, D3, D4.")
    assert move_summary(fm) == expected
    assert move_text(fm).splitlines()[0] == expected
