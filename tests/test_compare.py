"""Two readings compared in the rules layer (hexrules.compare): expected values worked by hand
from RULES.md on the kit's boards (labels: columns A.., rows 1.., odd rows shifted right)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexrules import DEFAULT, BoardError, OptionsError, Scenario, builtin
from hexrules.compare import compare_crush, compare_dice, compare_forced, compare_reach
from hexrules.crush_scenario import load_crush

GUNDAM, CHAR = "RX-78-2 Gundam", "Char's Zaku II"


def _labels(board, hexes):
    return [board.label(h) for h in hexes]


# --- reach -----------------------------------------------------------------------------------------


def test_j1_readings_on_the_jumping_board():
    # J1 default: B3 (height 1) -> C3 (Garrison, lower: passed over, J2) -> C4 (height 2) costs
    # 1 + (1 + 1) = 3; the other reading charges the climb 0 -> 2 whenever above the start: every
    # route costs 4 > Advance 3 (RULES.md J1).
    sc = builtin("jumping")
    other = DEFAULT.replace(jump_climb="relative_when_above_start")
    cmp = compare_reach(sc.board, sc.state, CHAR, DEFAULT, other, target="C4")
    assert not cmp.same and cmp
    assert _labels(sc.board, cmp.lost) == ["C4"] and cmp.gained == () and cmp.cost_changes == ()
    assert [c.total for c in cmp.paths] == [3, 4]
    assert [c.legal for c in cmp.paths] == [True, False] and cmp.paths[1].ruling == "M1"
    assert cmp.switches == {"jump_climb": ("above_start", "relative_when_above_start")}
    assert "C4: 3 vs -" in cmp.explain()


def test_water_readings_change_allowance_and_costs():
    # T1: the GM starts in water (D2). "enter_cost": allowance 3, D1 (water) costs 1 + 1 = 2 and
    # C1 (via D1) 3; "allowance": 3 - 1 = 2, water costs nothing extra: D1 1, C1 2.
    sc = builtin("terrain")
    cmp = compare_reach(sc.board, sc.state, "GM", DEFAULT, DEFAULT.replace(water="allowance"))
    assert [a.total for a in cmp.allowances] == [3, 2] and cmp.allowance_changed
    changes = {sc.board.label(h): (x, y) for h, x, y in cmp.cost_changes}
    assert changes["D1"] == (2, 1) and changes["C1"] == (3, 2)
    assert cmp.cost(sc.board.hex("D1")) == (2, 1)


def test_e3_stop_on_becoming_engaged():
    # engagement_lower: the Gundam (C3, height 1) starts Engaged with Char (D3): Advance 3 - 1 = 2
    # (E2). Stepping down to B2 (1) puts it next to the Minelayer (B3, ground): newly Engaged. Under
    # "continue" it goes on to B1 (total 2); under "stop" it stops on B2, and the cheapest route
    # to B1 round the hill, C3 -> C2 -> C1 -> B1, costs 3 of 2 (M1). B5 likewise.
    sc = builtin("engagement_lower")
    cmp = compare_reach(sc.board, sc.state, GUNDAM, DEFAULT, DEFAULT.replace(engagement_on_entry="stop"),
                        target="B1")
    assert _labels(sc.board, cmp.lost) == ["B1", "B5"] and cmp.gained == ()
    left, right = cmp.paths
    assert (left.total, left.legal) == (2, True)
    assert (right.total, right.legal, right.ruling) == (3, False, "M1")
    assert cmp.table()[0] == {"hex": "B1", "A": 2, "B": "-", "change": "reachable only under A"}


def test_e3_does_not_change_a_unit_that_starts_engaged_with_its_only_enemy():
    # the engagement board: both units start Engaged with each other, and there is no other enemy
    # to become Engaged with, so "stop" never applies (E3): the comparison says so.
    sc = builtin("engagement")
    cmp = compare_reach(sc.board, sc.state, GUNDAM, DEFAULT, DEFAULT.replace(engagement_on_entry="stop"))
    assert cmp.same and not cmp and cmp.table() == []
    assert "same reach" in cmp.explain()


def test_several_switches_at_once():
    # G on A1, Engaged with the enemy E on A2 (same height). Default: allowance 3 - 1 = 2 (E2),
    # B1 (water) costs 2 (T1), nothing else within 2 (A2 is the enemy's). Other reading:
    # engagement_penalty 0 and water "none": allowance 3, B1 1, C1 2, B2 2, D1 3, C2 3.
    sc = Scenario.from_text("map:\n  0 ~ 0 0\n   0 0 0 0\nunits:\n  G side=a at=A1\n  E side=b at=A2\n")
    other = DEFAULT.replace(engagement_penalty=0, water="none")
    cmp = compare_reach(sc.board, sc.state, "G", DEFAULT, other)
    assert set(cmp.switches) == {"engagement_penalty", "water"}
    assert [a.total for a in cmp.allowances] == [2, 3]
    assert _labels(sc.board, cmp.gained) == ["C1", "D1", "B2", "C2"]
    assert [(sc.board.label(h), x, y) for h, x, y in cmp.cost_changes] == [("B1", 2, 1)]
    assert {sc.board.label(h): c for h, c in cmp.reaches[1].costs.items()} == {
        "B1": 1, "C1": 2, "B2": 2, "D1": 3, "C2": 3}


def test_reach_refusals_and_bad_input():
    sc = builtin("terrain")
    # E3 on the terrain board is impassable: it can never be entered under either reading (T1, not
    # M1's "no path": issue 10 part 5), said as a refusal
    cmp = compare_reach(sc.board, sc.state, GUNDAM, DEFAULT, DEFAULT.replace(water="none"), target="E3")
    assert cmp.paths == (None, None) and all(f is not None and f.ruling == "T1" for f in cmp.refusals)
    with pytest.raises(OptionsError, match="None"):
        compare_reach(sc.board, sc.state, GUNDAM, DEFAULT, None)
    with pytest.raises(BoardError, match="ZZ9"):
        compare_reach(sc.board, sc.state, GUNDAM, DEFAULT, DEFAULT, target="ZZ9")


# --- Push and Pull ------------------------------------------------------------------------------------


def test_p4_edge_readings():
    # push_edge: Zaku I (B2) pushes the Gundam (C2) 2 hexes toward the east edge of a 4-column
    # board; six branches step off the board. "stop": no damage; "collide": 2 to the Gundam (P4),
    # the same hexes; "remove": the Gundam leaves play.
    sc = builtin("push_edge")
    collide = compare_forced("push", sc.board, sc.state, "Zaku I", GUNDAM, 2, DEFAULT,
                             DEFAULT.replace(push_off_board="collide"))
    assert len(collide.changed) == 6 and not collide.only_a and not collide.only_b
    assert all(c.b.damage == {GUNDAM: 2} and c.a.damage == {} for c in collide.changed)
    assert all(c.differs == ("damage", "collision") for c in collide.changed)
    remove = compare_forced("push", sc.board, sc.state, "Zaku I", GUNDAM, 2, DEFAULT,
                            DEFAULT.replace(push_off_board="remove"))
    assert all(c.differs == ("final",) and c.b.removed for c in remove.changed)
    assert "board edge: removed, no damage" in remove.explain()


def test_l3_readings_add_a_branch_matched_by_choice():
    # pull_other_elevation: the GM (D2, ground) is next to Char (C2, height 1). "nothing": one
    # branch, next to the source; "collide": stop after 0 steps, or into Char's hex: 2 each (L3).
    sc = builtin("pull_other_elevation")
    cmp = compare_forced("pull", sc.board, sc.state, CHAR, "GM", 1, DEFAULT,
                         DEFAULT.replace(pull_other_elevation="collide"))
    assert [c.choice for c in cmp.changed] == [()] and cmp.changed[0].differs == ("ending",)
    assert cmp.only_a == () and [b.damage for b in cmp.only_b] == [{"GM": 2, CHAR: 2}]
    # where the results differ: only the collision, the GM on D2 hitting Char's C2 (both "stay on
    # D2, no damage" branches have the same result, a change of the ending's name only)
    a_hexes, b_hexes = cmp.differing_hexes
    assert a_hexes == frozenset() and sorted(_labels(sc.board, b_hexes)) == ["C2", "D2"]
    assert "only under B" in cmp.explain() and "only on the right" in cmp.explain(("left", "right"))


def test_forced_several_switches_at_once_and_same():
    # push_collision, Push 1: the Gundam on C3 (hill, height 1); its farther hexes are C2, C4 (one
    # level lower) and D3 (the GM). Collision damage 3 (P2) and 1 per level dropped (P3): the
    # C2 and C4 branches now deal 1, the collision with the GM 3 each; the 0-step stop is the same.
    sc = builtin("push_collision")
    other = DEFAULT.replace(collision_damage=3, push_drop_damage_per_level=1)
    cmp = compare_forced("push", sc.board, sc.state, "Zaku I", GUNDAM, 1, DEFAULT, other)
    got = {tuple(sc.board.label(h) for h in c.choice): (c.a.damage, c.b.damage) for c in cmp.changed}
    assert got == {("C2",): ({}, {GUNDAM: 1}), ("C4",): ({}, {GUNDAM: 1}),
                   ("D3",): ({GUNDAM: 2, "GM": 2}, {GUNDAM: 3, "GM": 3})}
    same = compare_forced("push", sc.board, sc.state, "Zaku I", GUNDAM, 1, DEFAULT,
                          DEFAULT.replace(water="none"))  # T2: no movement switch acts on a Push
    assert same.same and not same and "same branches" in same.explain()


# --- dice -------------------------------------------------------------------------------------------------


def test_c4_readings_of_one_die():
    # Shield 4, Resolve 2 (C4): faces 4, 5 Minor, 6 Major. Major only: P(1 Minor) = 2/6; Major
    # also Minor: 3/6. The Major tally (HP lost) is the same, 1/6.
    cmp = compare_dice(1, 2, DEFAULT, DEFAULT.replace(crush_major_also_minor=True), shield=4)
    minor, major = cmp.tally("Minor"), cmp.tally("Major")
    assert minor.changes == ((0, Fraction(2, 3), Fraction(1, 2)), (1, Fraction(1, 3), Fraction(1, 2)))
    assert major.same and major.means == (Fraction(1, 6), Fraction(1, 6))
    assert minor.means == (Fraction(1, 3), Fraction(1, 2)) and not cmp.same


def test_no_switch_changes_non_vehicle_damage():
    # C3: 3 dice against Resolve 4 deal damage with p = 1/2 each, whatever the readings
    cmp = compare_dice(3, 4, DEFAULT, DEFAULT.replace(crush_major_also_minor=True, crush_cover_reduction=0))
    assert cmp.same and cmp.distributions[0].at_least(2) == Fraction(1, 2) and cmp.table() == []


def test_one_crush_under_two_readings_same_dice():
    # seed 2: the Sentinel (Shield 4, Resolve 2) rolls 3, 2, 6; the 6 reaches Shield + Resolve:
    # one Major, and under "Major also Minor" one Minor too (C4). With crush_cover_reduction 0
    # the piece's Cover 3 is reduced by 0, not 1 (C1); the dice are the pre-reduction Cover, 3.
    sc = load_crush("crush_hab_block")
    other = DEFAULT.replace(crush_major_also_minor=True, crush_cover_reduction=0)
    cmp = compare_crush(sc.board, sc.piece(), sc.units, sc.paths["Grinder"], DEFAULT, other,
                        vehicle="Grinder", seed=2)
    a, b = cmp.results
    assert a.resolution("Sentinel").dice == b.resolution("Sentinel").dice == (3, 2, 6)
    assert cmp.unit("Sentinel").differs == (("minor", 0, 1),) and cmp.unit("Rangers") is None
    assert dict((k, (x, y)) for k, x, y in cmp.collapse) == {"reduction": (1, 0), "reduced_cover": (2, 3)}
    assert not cmp.same
