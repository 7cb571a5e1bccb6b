"""Crush rules C1-C4 (RULES.md), with expected values worked out by hand from the rule text."""

from __future__ import annotations

import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from hexrules.board import Board
from hexrules.crush import (
    IGNORES,
    Model,
    Squad,
    TerrainPiece,
    Vehicle,
    affected_units,
    crush,
    resolve_crush,
    touching_units,
    traverse,
)
from hexrules.crush_scenario import crush_scenario_names, load_crush, parse_crush_scenario
from hexrules.errors import BoardError, OptionsError, RuleError, ScenarioError, StateError
from hexrules.hexgrid import Hex
from hexrules.options import DEFAULT

# A 6 x 3 board, labels A1..F3 (odd-r). The piece covers C2 and D2; the vehicle drives along
# row 2: A2 B2 C2 D2 E2 F2 (each a neighbour of the last).
BOARD = Board.rectangle(6, 3)
H = BOARD.hex
ROW2 = ["A2", "B2", "C2", "D2", "E2", "F2"]


def piece(cover=3, **kw):
    return TerrainPiece("Ruin", [H("C2"), H("D2")], cover=cover, **kw)


def tank(at="A2", shield=5, resolve=2, hp=6):
    return Vehicle("Tank", H(at), shield=shield, resolve=resolve, hp=hp, side="red")


def squad(resolve=4, where=(("m1", "C2", 1), ("m2", "D2", 2), ("m3", "F3", 1)), name="Squad"):
    return Squad(name, [Model(n, H(at), wounds=w) for n, at, w in where], resolve=resolve, side="blue")


# --- RULES.md worked example ------------------------------------------------------------------


def test_rulebook_example_cover_3_resolve_4_dice_6_4_3_is_2_damage():
    """RULES.md's worked Crush example (C2, C3): pre-reduction Cover 3 is 3 dice; against Resolve
    4, the dice 6, 4, 3 deal 2 damage."""
    # Dice 6 and 4 reach Resolve 4, 3 does not: 2 damage.
    r = crush(BOARD, piece(3), [squad(4), tank()], ROW2, vehicle="Tank", rolls={"Squad": [6, 4, 3]})
    res = r.resolution("Squad")
    assert res.dice == (6, 4, 3)
    assert res.classes == ("hit", "hit", "miss")
    assert res.damage == 2
    assert res.lost == 0
    assert "against Resolve 4" in res.explain() and "2 damage" in res.explain()


def test_dice_count_is_pre_reduction_cover_and_piece_collapses_to_cover_0():
    """C2: an affected unit rolls as many dice as the piece's Cover before the reduction; C1: the
    traversal reduces the Cover by 1 and the piece collapses to Cover 0."""
    r = crush(BOARD, piece(3), [squad(4), tank()], ROW2, vehicle="Tank", seed=1)
    assert len(r.resolution("Squad").dice) == 3  # pre-reduction Cover 3, not the reduced 2
    assert r.collapse.reduced_cover == 2
    assert r.piece.cover == 0 and r.piece.collapsed
    assert r.collapse.touched == (H("C2"), H("D2"))


def test_cover_reduction_option_changes_reduction_not_dice():
    opts = DEFAULT.replace(crush_cover_reduction=2)
    c = traverse(BOARD, piece(3), tank(), ROW2, options=opts)
    assert (c.reduced_cover, c.dice, c.after.cover) == (1, 3, 0)
    assert "reduced by 2 to 1" in c.explain()


def test_pre_reduction_cover_0_rolls_no_dice():
    r = crush(BOARD, piece(0), [squad(1), tank()], ROW2, vehicle="Tank")  # no seed needed: no dice
    assert r.collapse.collapsed and r.collapse.dice == 0
    res = r.resolution("Squad")
    assert res.dice == () and res.damage == 0
    assert all(m.damage == 0 for m in r.unit("Squad").models)
    assert "no dice" in res.explain()


def test_unit_whose_models_only_touch_the_piece_is_unaffected():
    # B2 is next to C2 and E2 next to D2: touching, not in/on/under.
    toucher = squad(1, (("t1", "B2", 1), ("t2", "E2", 1)), name="Touchers")
    inside = squad(1, (("i1", "C2", 1),), name="Inside")
    p = piece(3)
    assert [u.name for u in affected_units(p, [toucher, inside])] == ["Inside"]
    assert [u.name for u in touching_units(p, [toucher, inside])] == ["Touchers"]
    r = crush(BOARD, p, [toucher, inside, tank()], ROW2, vehicle="Tank", seed=0)
    assert r.affected == ("Inside",)
    assert "Touchers" in r.touching
    with pytest.raises(StateError):
        r.resolution("Touchers")
    assert r.unit("Touchers") == toucher  # untouched by Crush
    assert "Merely touching" in r.explain()


def test_no_affected_units_collapse_without_damage():
    r = crush(BOARD, piece(3), [squad(4, (("x", "F1", 1),)), tank()], ROW2, vehicle="Tank")
    assert r.affected == () and r.resolutions == ()
    assert r.piece.collapsed
    assert "without causing damage" in r.explain()


# --- C4: vehicles -------------------------------------------------------------------------------


def victim(shield=4, resolve=2, hp=3, at="C2"):
    return Vehicle("Victim", H(at), shield=shield, resolve=resolve, hp=hp, side="blue")


def test_vehicle_shield_4_resolve_2_die_by_die():
    # Shield 4: 3 is below (nothing); 4 and 5 reach Shield (Minor); 6 reaches 4 + 2 = 6 (Major, -1 HP).
    r = crush(BOARD, piece(4), [victim(), tank()], ROW2, vehicle="Tank", rolls={"Victim": [3, 4, 5, 6]})
    res = r.resolution("Victim")
    assert res.classes == ("none", "minor", "minor", "major")
    assert (res.minor, res.major, res.hp_lost) == (2, 1, 1)
    assert (res.hp_before, res.hp_after) == (3, 2)
    v = r.unit("Victim")
    assert (v.minor, v.major, v.hp) == (2, 1, 2)
    assert "Major on 6+" in res.explain()


def test_vehicle_major_also_minor_switch():
    opts = DEFAULT.replace(crush_major_also_minor=True)
    r = crush(BOARD, piece(4), [victim(), tank()], ROW2, vehicle="Tank", rolls={"Victim": [3, 4, 5, 6]}, options=opts)
    res = r.resolution("Victim")
    assert (res.minor, res.major, res.hp_lost) == (3, 1, 1)  # the 6 counts as Major and Minor
    assert "Major and Minor" in res.explain()


def test_vehicle_shield_5_resolve_2_major_impossible():
    # Shield + Resolve = 7: no D6 reaches it; 6 is only Minor.
    r = crush(BOARD, piece(6), [victim(shield=5), tank()], ROW2, vehicle="Tank", rolls={"Victim": [1, 2, 3, 4, 5, 6]})
    res = r.resolution("Victim")
    assert res.classes == ("none",) * 4 + ("minor", "minor")
    assert (res.minor, res.major, res.hp_lost) == (2, 0, 0)
    assert "impossible" in res.explain()


def test_vehicle_hp_never_below_zero():
    r = crush(BOARD, piece(3), [victim(shield=1, resolve=1, hp=1), tank()], ROW2, vehicle="Tank", rolls={"Victim": [6, 6, 6]})
    res = r.resolution("Victim")
    assert (res.major, res.hp_lost, res.hp_after) == (3, 3, 0)


def test_vehicle_tallies_add_to_earlier_system_damage():
    # The victim already has 1 Minor and 2 Major from earlier. Shield 4, Resolve 2: 4 and 5 are
    # Minor, 6 is Major (4 + 2 = 6). This Crush adds 2 Minor and 1 Major (1 HP): totals 3 and 3,
    # HP 3 -> 2. Earlier damage does not change the Shield the dice meet (C4).
    v = victim(shield=4, resolve=2, hp=3).replace(minor=1, major=2)
    r = crush(BOARD, piece(3), [v, tank()], ROW2, vehicle="Tank", rolls={"Victim": [4, 5, 6]})
    res = r.resolution("Victim")
    assert res.classes == ("minor", "minor", "major")
    assert (res.minor, res.major, res.hp_before, res.hp_after) == (2, 1, 3, 2)
    after = r.unit("Victim")
    assert (after.minor, after.major, after.hp) == (3, 3, 2)


def test_crush_explains_what_it_ignores():
    r = crush(BOARD, piece(3), [squad(4), tank()], ROW2, vehicle="Tank", seed=5)
    assert IGNORES in r.explain()
    for word in ("Force", "Cover", "Line of Sight", "Target Lock", "Target Limit"):
        assert word in IGNORES


# --- the triggering vehicle ----------------------------------------------------------------------


def test_triggering_vehicle_driving_across_is_not_affected():
    r = crush(BOARD, piece(3), [tank(shield=1, resolve=1)], ROW2, vehicle="Tank", seed=0)
    assert r.affected == ()
    assert r.unit("Tank").hex == H("F2")


def test_triggering_vehicle_ending_on_the_piece_is_affected():
    r = crush(BOARD, piece(3), [tank(shield=4, resolve=2)], ["A2", "B2", "C2"], vehicle="Tank", rolls={"Tank": [6, 4, 1]})
    assert r.affected == ("Tank",)
    res = r.resolution("Tank")
    assert (res.minor, res.major) == (1, 1)
    assert r.units_before[0].hex == H("A2") and r.unit("Tank").hex == H("C2")


# --- C3: assigning damage ------------------------------------------------------------------------


def test_damage_only_to_models_in_the_piece_and_excess_lost():
    # Resolve 1: every die deals damage. 5 damage; eligible m1 (1) + m2 (2) = 3 wounds; 2 lost.
    # m3 stands off the piece (F3) and never takes damage.
    r = crush(BOARD, piece(5), [squad(1), tank()], ROW2, vehicle="Tank", rolls={"Squad": [1, 2, 3, 4, 5]})
    res = r.resolution("Squad")
    assert res.damage == 5 and res.lost == 2
    assert res.eligible == ("m1", "m2")
    models = {m.name: m for m in r.unit("Squad").models}
    assert (models["m1"].remaining, models["m2"].remaining, models["m3"].remaining) == (0, 0, 1)
    assert "2 damage beyond" in res.explain()


def test_default_policy_fills_fewest_wounds_left_first():
    # One damage: m1 has 1 wound left, m2 has 2: m1 takes it.
    where = (("m2", "D2", 2), ("m1", "C2", 1))
    r = crush(BOARD, piece(1), [squad(4, where), tank()], ROW2, vehicle="Tank", rolls={"Squad": [6]})
    assert {m.name: m.damage for m in r.unit("Squad").models} == {"m2": 0, "m1": 1}
    assert r.resolution("Squad").policy == "fewest_remaining"


def test_other_policies():
    where = (("m2", "D2", 2), ("m1", "C2", 1))
    units = [squad(4, where), tank()]
    listed = crush(BOARD, piece(1), units, ROW2, vehicle="Tank", rolls={"Squad": [6]}, policy="listed")
    assert {m.name: m.damage for m in listed.unit("Squad").models} == {"m2": 1, "m1": 0}
    spread = crush(BOARD, piece(2), units, ROW2, vehicle="Tank", rolls={"Squad": [6, 6]}, policy="spread")
    # First point to m2 (2 left against m1's 1); then both have 1 left, a tie: listed order, m2 again.
    assert {m.name: m.damage for m in spread.unit("Squad").models} == {"m2": 2, "m1": 0}


def test_controller_choice_counts_and_list():
    units = [squad(4), tank()]
    a = crush(BOARD, piece(2), units, ROW2, vehicle="Tank", rolls={"Squad": [6, 6]}, assign={"Squad": {"m2": 2}})
    assert {m.name: m.damage for m in a.unit("Squad").models} == {"m1": 0, "m2": 2, "m3": 0}
    assert a.resolution("Squad").policy == "controller"
    b = crush(BOARD, piece(2), units, ROW2, vehicle="Tank", rolls={"Squad": [6, 6]}, assign={"Squad": ["m1", "m2"]})
    assert {m.name: m.damage for m in b.unit("Squad").models} == {"m1": 1, "m2": 1, "m3": 0}


def test_controller_cannot_assign_to_model_off_the_piece():
    with pytest.raises(RuleError, match=r"'m3' is not in, on or under.*C3"):
        crush(BOARD, piece(2), [squad(4), tank()], ROW2, vehicle="Tank", rolls={"Squad": [6, 6]}, assign={"Squad": ["m1", "m3"]})


def test_controller_cannot_overkill_while_others_have_wounds():
    with pytest.raises(RuleError, match="no wounds left.*C3"):
        crush(BOARD, piece(2), [squad(4), tank()], ROW2, vehicle="Tank", rolls={"Squad": [6, 6]}, assign={"Squad": ["m1", "m1"]})


def test_controller_assignment_must_match_damage():
    with pytest.raises(RuleError, match="takes 2 Crush damage"):
        crush(BOARD, piece(2), [squad(4), tank()], ROW2, vehicle="Tank", rolls={"Squad": [6, 6]}, assign={"Squad": ["m1"]})


def test_slain_models_do_not_make_a_unit_affected():
    dead = Squad("Dead", [Model("d", H("C2"), wounds=1, damage=1)], resolve=4)
    assert affected_units(piece(), [dead]) == ()


# --- C1: what a traversal is ------------------------------------------------------------------


def test_vehicle_that_does_not_move_does_not_traverse():
    # The review's case: a Ruin on B1, the Tank standing on B1, path ["B1"]: no step, no
    # traversal, so no collapse and no dice.
    b = Board.rectangle(4, 1)
    ruin = TerrainPiece("Ruin", [b.hex("B1")], cover=2)
    t = Vehicle("Tank", b.hex("B1"), shield=4, resolve=2, hp=5)
    with pytest.raises(RuleError, match=r"path B1 has no step.*does not traverse terrain piece 'Ruin'.*\(ruling C1\)"):
        traverse(b, ruin, t, ["B1"])
    with pytest.raises(RuleError, match=r"has no step.*C1"):
        crush(b, ruin, [t], ["B1"], vehicle="Tank", rolls={"Tank": [6, 6]})


def test_driving_off_the_piece_is_not_a_traversal():
    # The Tank starts on C2 (a hex of the Ruin) and drives west, away from it: no step enters C2 or D2.
    with pytest.raises(RuleError, match=r"path C2 B2 A2 starts on terrain piece 'Ruin' but no step enters.*C1"):
        traverse(BOARD, piece(3), tank(at="C2"), ["C2", "B2", "A2"])


def test_starting_on_the_piece_and_stepping_onto_another_of_its_hexes_traverses():
    # C2 -> D2 enters D2, a hex of the Ruin: the piece collapses, 3 dice (pre-reduction Cover 3).
    c = traverse(BOARD, piece(3), tank(at="C2"), ["C2", "D2", "E2"])
    assert c.collapsed and c.dice == 3 and c.touched == (H("C2"), H("D2"))


def test_one_step_onto_the_piece_traverses():
    c = traverse(BOARD, piece(2), tank(at="B2"), ["B2", "C2"])
    assert c.collapsed and (c.dice, c.reduced_cover, c.after.cover) == (2, 1, 0)


# --- C1: pieces that cannot collapse ----------------------------------------------------------


def test_non_collapsible_piece_does_nothing():
    r = crush(BOARD, piece(3, collapsible=False), [squad(1), tank()], ROW2, vehicle="Tank")
    assert not r.collapse.collapsed and r.piece.cover == 3
    assert r.resolutions == () and "not collapsible" in r.explain()


def test_collapsed_piece_does_nothing():
    r = crush(BOARD, piece(3).collapse(), [squad(1), tank()], ROW2, vehicle="Tank")
    assert not r.collapse.collapsed and r.collapse.dice == 0
    assert "already collapsed" in r.explain()


# --- randomness (C5) ------------------------------------------------------------------------------


def test_seeded_rolls_are_reproducible_and_rngs_accepted():
    import numpy as np

    units = [squad(4), victim(at="D2"), tank()]
    a = crush(BOARD, piece(4), units, ROW2, vehicle="Tank", seed=42)
    b = crush(BOARD, piece(4), units, ROW2, vehicle="Tank", rng=random.Random(42))
    assert a == b
    c = crush(BOARD, piece(4), units, ROW2, vehicle="Tank", rng=np.random.default_rng(42))
    assert all(len(r.dice) == 4 and all(1 <= d <= 6 for d in r.dice) for r in c.resolutions)


def test_rolls_never_touch_global_random():
    state = random.getstate()
    crush(BOARD, piece(4), [squad(4), tank()], ROW2, vehicle="Tank", seed=1)
    assert random.getstate() == state


def test_missing_randomness_is_an_error():
    with pytest.raises(RuleError, match="seed=.*rng=.*C5"):
        crush(BOARD, piece(3), [squad(4), tank()], ROW2, vehicle="Tank")


def test_steps_walk_through_each_die():
    r = crush(BOARD, piece(3), [squad(4), tank()], ROW2, vehicle="Tank", rolls={"Squad": [6, 4, 3]})
    kinds = [s.kind for s in r.steps]
    assert kinds == ["traverse", "collapse", "affected", "die", "die", "die", "unit", "done"]
    assert "3, below Resolve 4" in r.steps[5].text


# --- bad input -------------------------------------------------------------------------------------


def test_negative_cover_is_an_error():
    with pytest.raises(RuleError, match=r"Cover -1 .*C1"):
        piece(-1)


@pytest.mark.parametrize("bad", [0, 13, -2, 2.5, True])
def test_resolve_outside_1_to_12(bad):
    with pytest.raises(RuleError, match=rf"Resolve {bad!r} is not a whole number from 1 to 12 \(ruling C3\)"):
        squad(bad)
    with pytest.raises(RuleError, match=r"C4"):
        Vehicle("V", H("A1"), shield=4, resolve=bad, hp=1)


@pytest.mark.parametrize("bad", [0, 13])
def test_shield_outside_1_to_12(bad):
    with pytest.raises(RuleError, match=rf"Shield {bad} is not a whole number from 1 to 12 \(ruling C4\)"):
        Vehicle("V", H("A1"), shield=bad, resolve=2, hp=1)


def test_model_off_the_board():
    off = Squad("Lost", [Model("x", Hex(40, 40))], resolve=4)
    with pytest.raises(BoardError, match=r"model 'x' of 'Lost' is on hex BI41 \(40,40\), which is not on the board: "
                                         r"its columns run A to F, its rows 1 to 3 \(ruling C2\)"):
        crush(BOARD, piece(), [off, tank()], ROW2, vehicle="Tank", seed=0)


def test_path_not_entering_the_piece():
    with pytest.raises(RuleError, match=r"path A1 B1 C1 never enters terrain piece 'Ruin' \(C2, D2\) \(ruling C1\)"):
        crush(BOARD, piece(), [tank(at="A1")], ["A1", "B1", "C1"], vehicle="Tank")


def test_path_errors():
    with pytest.raises(RuleError, match="is on A2 but its path starts at B2"):
        traverse(BOARD, piece(), tank(), ROW2[1:])
    with pytest.raises(RuleError, match="not neighbours"):
        traverse(BOARD, piece(), tank(), ["A2", "C2"])
    with pytest.raises(BoardError):
        traverse(BOARD, piece(), tank(), ["A2", Hex(-5, 0)])
    with pytest.raises(RuleError, match="only a vehicle"):
        traverse(BOARD, piece(), squad(), ROW2)
    with pytest.raises(StateError, match="no unit named 'Nope'"):
        crush(BOARD, piece(), [tank()], ROW2, vehicle="Nope")


def test_wrong_dice_in_rolls():
    with pytest.raises(RuleError, match=r"rolls 3 Crush dice .* not 2.*C2"):
        crush(BOARD, piece(3), [squad(4), tank()], ROW2, vehicle="Tank", rolls={"Squad": [6, 6]})
    with pytest.raises(RuleError, match=r"die 7 is not a D6"):
        crush(BOARD, piece(3), [squad(4), tank()], ROW2, vehicle="Tank", rolls={"Squad": [6, 6, 7]})


def _crush(**kw):
    args = dict(board=BOARD, piece=piece(2), units=[squad(4), tank()], path=ROW2, vehicle="Tank")
    args.update(kw)
    return crush(args.pop("board"), args.pop("piece"), args.pop("units"), args.pop("path"), **args)


# Each bad input: the error class, and a message naming the value and the ruling.
BAD_INPUT = {
    "rolls value None": (lambda: _crush(rolls={"Squad": None}), RuleError, r"rolls for 'Squad': None is not a list \(ruling C2\)"),
    "rolls value a bare die": (lambda: _crush(rolls={"Squad": 6}), RuleError, r"rolls for 'Squad': 6 is not a list \(ruling C2\)"),
    "rolls value a str": (lambda: _crush(rolls={"Squad": "66"}), RuleError, r"'66' is not a list \(ruling C2\)"),
    "rolls a list": (lambda: _crush(rolls=[6, 4]), RuleError, r"rolls=\[6, 4\] is not a mapping of unit name.*\(ruling C2\)"),
    "die a float": (lambda: _crush(rolls={"Squad": [6, 4.0]}), RuleError, r"die 4\.0 is not a D6 result.*\(ruling C2\)"),
    "assign holds a list": (lambda: _crush(rolls={"Squad": [6, 6]}, assign={"Squad": [["m1"], "m2"]}), RuleError,
                            r"\['m1'\] is not a model name \(ruling C3\)"),
    "assign a list": (lambda: _crush(rolls={"Squad": [6, 6]}, assign=["m1", "m2"]), RuleError,
                      r"assign=\['m1', 'm2'\] is not a mapping.*\(ruling C3\)"),
    "assign count not whole": (lambda: _crush(rolls={"Squad": [6, 6]}, assign={"Squad": {"m2": 1.5}}), RuleError,
                               r"1\.5 is not a whole number >= 0 \(ruling C3\)"),
    "policy a list": (lambda: _crush(seed=0, policy=["listed"]), RuleError, r"policy \['listed'\] is not one of.*\(ruling C3\)"),
    "options None (crush)": (lambda: _crush(seed=0, options=None), OptionsError, r"options=None is not a RulesOptions"),
    "options None (traverse)": (lambda: traverse(BOARD, piece(), tank(), ROW2, options=None), OptionsError, r"options=None"),
    "options a dict (resolve_crush)": (
        lambda: resolve_crush(BOARD, traverse(BOARD, piece(), tank(), ROW2), [squad()], seed=0, options={}),
        OptionsError, r"options=\{\} is not a RulesOptions"),
    "board None": (lambda: _crush(board=None, seed=0), BoardError, r"board None is not a hexrules\.board\.Board \(ruling C1\)"),
    "piece None (crush)": (lambda: _crush(piece=None, seed=0), RuleError, r"None is not a TerrainPiece \(ruling C1\)"),
    "path hex a list": (lambda: _crush(path=["A2", [0, 1]], seed=0), BoardError, r"\[0, 1\] is not a Hex.*\(ruling C1\)"),
    "path hex off the board": (lambda: _crush(path=["A2", Hex(-5, 0)], seed=0), BoardError, r"not on the board.*\(ruling C1\)"),
    "hexes None": (lambda: TerrainPiece("Ruin", None, cover=3), RuleError, r"'Ruin': hexes None is not a list \(ruling C1\)"),
    "hexes one Hex": (lambda: TerrainPiece("Ruin", H("C2"), cover=3), RuleError, r"hexes Hex\(q=.*\) is not a list \(ruling C1\)"),
    "hexes a label": (lambda: TerrainPiece("Ruin", "C2", cover=3), RuleError, r"hexes 'C2' is not a list \(ruling C1\)"),
    "hexes hold a list": (lambda: TerrainPiece("Ruin", [[0, 0]], cover=3), RuleError, r"\[0, 0\] is not a Hex \(ruling C1\)"),
    "models None": (lambda: Squad("S", None, resolve=4), StateError, r"unit 'S': models None is not a list \(ruling C3\)"),
    "models empty": (lambda: Squad("S", [], resolve=4), StateError, r"unit 'S' has no models \(ruling C3\)"),
    "affected_units piece None": (lambda: affected_units(None, [squad()]), RuleError, r"None is not a TerrainPiece \(ruling C1\)"),
    "affected_units units None": (lambda: affected_units(piece(), None), StateError, r"units None is not a list \(ruling C2\)"),
    "affected_units one unit": (lambda: affected_units(piece(), squad()), StateError, r"is one unit, not a list.*\(ruling C2\)"),
    "touching_units piece None": (lambda: touching_units(None, [squad()]), RuleError, r"None is not a TerrainPiece \(ruling C1\)"),
    "no such Crush scenario": (lambda: load_crush("jumping"), ScenarioError,
                               r"no Crush scenario 'jumping' \(have: .*crush_hab_block.*\) \(ruling C1\)"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_bad_input_names_value_and_ruling(case):
    call, error, match = BAD_INPUT[case]
    with pytest.raises(error, match=match):
        call()


def test_bad_model_and_vehicle_values():
    with pytest.raises(StateError, match="wounds=0"):
        Model("m", H("A1"), wounds=0)
    with pytest.raises(StateError, match="hp=-1"):
        Vehicle("V", H("A1"), shield=4, resolve=2, hp=-1)
    with pytest.raises(StateError, match="two models"):
        Squad("S", [Model("a", H("A1")), Model("a", H("A2"))], resolve=4)


# --- the shipped scenario -------------------------------------------------------------------------


def test_shipped_scenario():
    assert "crush_hab_block" in crush_scenario_names()
    sc = load_crush("crush_hab_block")
    p = sc.piece()
    assert (p.name, p.cover, len(p.hexes)) == ("Hab block", 3, 5)
    r = sc.crush(seed=0)
    # Rangers have R1 on D2 and R2 on E2; the walker Sentinel is on D4; Scouts stand on C2 and F2,
    # next to the block; Grinder drives through and leaves at G3.
    assert r.affected == ("Rangers", "Sentinel")
    assert r.touching == ("Scouts",)
    assert r.resolution("Rangers").eligible == ("R1", "R2")
    assert r.unit("Grinder").hex == sc.board.hex("G3")


def test_scenario_lookups_name_what_exists():
    sc = load_crush("crush_hab_block")
    with pytest.raises(StateError, match=r"no terrain piece 'Tower' \(pieces: Hab block\) \(ruling C1\)"):
        sc.piece("Tower")
    with pytest.raises(StateError, match=r"vehicle 'Rangers' has no path .*\(paths: Grinder\) \(ruling C1\)"):
        sc.crush("Rangers", seed=0)
    with pytest.raises(StateError, match=r"no unit named 'Nope' \(units: .*Grinder.*\) \(ruling C2\)"):
        sc.unit("Nope")
    with pytest.raises(StateError, match=r"vehicle \['Grinder'\] has no path .*\(ruling C1\)"):
        sc.crush(["Grinder"], seed=0)
    bare = parse_crush_scenario("map:\n 0 0\n", source="bare")
    with pytest.raises(StateError, match=r"no terrain piece \(no 'pieces:' section\) \(ruling C1\)"):
        bare.piece()


def test_scenario_errors_have_line_and_column():
    # the same four faults the old '#crush' lines tested, in the sections that replaced them
    text = "map:\n  0 0 0\npieces:\n  Ruin cover=2 hexes=A1,Z9\n"
    with pytest.raises(ScenarioError, match=r"<text>:4:25: .*Z9"):  # the column of Z9 itself
        parse_crush_scenario(text)
    with pytest.raises(ScenarioError, match=r"demo:3:1: unknown #crush entry 'tree'"):
        parse_crush_scenario("map:\n 0 0\n#crush tree x\n", source="demo")
    with pytest.raises(ScenarioError, match=r"<text>:4:11: cover='-1' is not a whole number >= 0 \(ruling C1\)"):
        parse_crush_scenario("map:\n 0 0\npieces:\n  R cover=-1 hexes=A1\n")
    with pytest.raises(ScenarioError, match=r"<text>:4:13: resolve='0' is not a whole number from 1 to 12 \(ruling C3\)"):
        parse_crush_scenario("map:\n 0 0\nsquads:\n  S resolve=0\n    a at=A1\n")


# --- properties -------------------------------------------------------------------------------------

HEXES = [H(f"{c}{r}") for c in "ABCDEF" for r in (1, 2, 3)]


@st.composite
def crush_setup(draw):
    cover = draw(st.integers(0, 6))
    # the piece always holds C2, on the vehicle's path (row 2), plus up to three more hexes
    hexes = [H("C2")] + draw(st.lists(st.sampled_from([H("D2"), H("C1"), H("D3")]), max_size=3, unique=True))
    p = TerrainPiece("P", hexes, cover)
    models = draw(st.lists(st.tuples(st.sampled_from(HEXES), st.integers(1, 3), st.integers(0, 2)), min_size=1, max_size=5))
    sq = Squad("S", [Model(f"m{i}", h, w, min(d, w - 1)) for i, (h, w, d) in enumerate(models)], resolve=draw(st.integers(1, 7)))
    v = Vehicle("V", draw(st.sampled_from(HEXES)), shield=draw(st.integers(1, 7)), resolve=draw(st.integers(1, 6)), hp=draw(st.integers(0, 4)))
    return p, sq, v, draw(st.integers(0, 10**6)), draw(st.sampled_from(["fewest_remaining", "listed", "spread"]))


@settings(max_examples=150, deadline=None)
@given(crush_setup())
def test_property_conservation_and_eligibility(setup):
    p, sq, v, seed, policy = setup
    t = tank()
    r = crush(BOARD, p, [sq, v, t], ROW2, vehicle="Tank", seed=seed, policy=policy)
    on_piece = any(p.covers(m.hex) for m in sq.models if m.alive)
    assert ("S" in r.affected) == on_piece
    assert ("V" in r.affected) == p.covers(v.hex)
    after = {m.name: m for m in r.unit("S").models}
    if not on_piece:
        event("the squad has no model on the piece: no dice to check (C2, C3)")
    if on_piece:
        res = r.resolution("S")
        assert len(res.dice) == p.cover
        assert res.damage == sum(d >= sq.resolve for d in res.dice)
        applied = sum(after[m.name].damage - m.damage for m in sq.models)
        capacity = sum(m.remaining for m in sq.models if m.alive and p.covers(m.hex))
        assert applied == min(res.damage, capacity) and applied + res.lost == res.damage
    for m in sq.models:
        assert after[m.name].damage <= m.wounds
        if not p.covers(m.hex):
            assert after[m.name] == m  # only models in the piece take damage
    if not p.covers(v.hex):
        event("the vehicle is off the piece: no dice to check (C2, C4)")
    if p.covers(v.hex):
        res = r.resolution("V")
        assert res.minor + res.major <= len(res.dice)
        assert r.unit("V").hp == max(0, v.hp - res.major)
    assert r.piece.cover == 0 and r.piece.collapsed
