"""The public boundary (issue 8 part 4, issue 11 parts 1, 6, 7): one error class per fault, bad
arguments refused before any work, labels read without ``int()`` surprises, and the limits.

Each test is an escape the API fuzzer (tests/test_api_fuzz.py) or the issue found: it failed
before the boundary was checked (a bare TypeError, AttributeError, IndexError or ValueError, a
value accepted that should be refused, or work without bound).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

import hexrules
from hexrules import Board, DEFAULT, Hex, RulesOptions, State, Unit, builtin, checks
from hexrules.crush import Model, Squad, TerrainPiece, Vehicle, crush, resolve_crush, traverse
from hexrules.crush_scenario import load_crush
from hexrules.dice import (Distribution, at_least_table, damage_distribution, expected_damage_table, roll,
                           sample_damage, sample_vehicle, tally, vehicle_distribution)
from hexrules.errors import (BoardError, BranchIndexError, ExplorerError, HexError, HexrulesError, HexSequenceError,
                             NotAHexError, OptionsError, RuleError, ScenarioError, ScenarioFileError, StateError)
from hexrules.forced import pull, push, push_many
from hexrules.movement import (engaged_pairs, engagements, is_jumping, move, movement_weight, path_cost, path_to,
                               reachable, start_elevation, step_cost)
from hexrules.scenario import load_scenario

GUNDAM = "RX-78-2 Gundam"
MV = builtin("engagement_lower")  # Gundam C3 (height 1), Char's Zaku II D3, Minelayer B3
FO = builtin("push_collision")    # Zaku I B3 pushes the Gundam on C3
CR = load_crush("crush_hab_block")

#: A number of 4,301 digits: Python's int() and str() refuse more than 4,300.
HUGE = "1" * 4301


def refused(call, error=HexrulesError, *words: str) -> HexrulesError:
    """``call()`` raises ``error`` (a family error) whose message, bounded, names ``words``."""
    with pytest.raises(error) as info:
        call()
    err = info.value
    assert isinstance(err, HexrulesError), type(err)
    text = str(err)
    assert len(text) < 600, f"unbounded message ({len(text)} characters)"
    for w in words:
        assert w in text, text
    return err


# --- issue 11 part 6: arguments checked before they are used ------------------------------------------


@pytest.mark.parametrize("call, error, words", [
    (lambda: start_elevation(None, MV.state, GUNDAM), BoardError, "board None"),
    (lambda: is_jumping(None, MV.state, GUNDAM), BoardError, "board None"),
    (lambda: move(None, MV.state, GUNDAM, "C2"), BoardError, "board None"),
    (lambda: move(1.5, MV.state, GUNDAM, "C2"), BoardError, "board 1.5"),
    (lambda: engagements(MV.board, None), StateError, "state None"),
    (lambda: engagements(MV.board, ""), StateError, "state ''"),   # used to return {}
    (lambda: engaged_pairs(MV.board, 5), StateError, "state 5"),
    (lambda: movement_weight(MV.board, MV.state, GUNDAM)(None, MV.board.hex("C3"), {}), NotAHexError, "None"),
    (lambda: reachable(MV.board, MV.state, GUNDAM, cutoff=True), RuleError, "cutoff True"),
    (lambda: path_cost(MV.board, MV.state, GUNDAM, ["C3", [0, 1]]), NotAHexError, "[0, 1]"),
])
def test_movement_refuses_bad_arguments_first(call, error, words):
    refused(call, error, words)


def test_resolve_crush_refuses_bad_units_before():
    collapse = traverse(CR.board, CR.piece(), CR.unit("Grinder"), CR.paths["Grinder"])
    units = CR.units
    refused(lambda: resolve_crush(CR.board, collapse, units, seed=1, units_before=1.5), StateError, "units_before 1.5")
    # a string is not a list of units (it used to be stored as ('a', 'b'))
    refused(lambda: resolve_crush(CR.board, collapse, units, seed=1, units_before="ab"), StateError, "'ab'")


@pytest.mark.parametrize("method", ["probability", "mean", "marginal"])
def test_distribution_methods_refuse_a_non_function(method):
    d = damage_distribution(3, 4)
    refused(lambda: getattr(d, method)(5), RuleError, "5 is not a function")


def test_distribution_refuses_what_cannot_be_an_outcome():
    d = damage_distribution(3, 4)
    refused(lambda: d[[]], RuleError, "[]", "not hashable")
    assert [] not in d and d[99] == 0


def test_a_function_that_fails_on_an_outcome_is_named_with_it():
    v = vehicle_distribution(2, 4, 2)
    refused(lambda: v.probability(int), RuleError, "int", "(0, 0)")
    # the mean of (minor, major) pairs needs a value=: it says so instead of a TypeError
    refused(lambda: v.mean(), RuleError, "needs numbers", "value=")
    assert v.mean(lambda o: o[1]) == Fraction(1, 3)  # 2 dice x P(Major) 1/6, worked by hand


def test_click_names_a_missing_board_or_target():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from hexrules.widgets.crush import DamageExplorer
    from hexrules.widgets.movement import ReachExplorer

    ex = ReachExplorer("elevation")
    try:
        refused(lambda: ex.click("C2", target=1), ExplorerError, "target=1")
        refused(lambda: ex.click("C2", target=True), ExplorerError, "target=True")
        refused(lambda: ex.click("Q99"), BoardError, "Q99")
        ex.click("C2")
        assert ex.controls["target"].value == "C2"
    finally:
        plt.close(ex.figure)
    d = DamageExplorer()
    try:
        refused(lambda: d.click("A1"), ExplorerError, "no clickable board")
    finally:
        plt.close(d.figure)


# --- values accepted that should be refused ---------------------------------------------------------


@pytest.mark.parametrize("field, value", [("garrison", "no"), ("garrison", 1), ("ignore_engagement", "yes"),
                                          ("ignore_engagement", None), ("hp", True), ("hp", 2.0)])
def test_unit_fields_have_their_type(field, value):
    refused(lambda: Unit("G", "a", Hex(0, 0), **{field: value}), StateError, f"{field}={value!r}")


def test_unit_garrison_no_is_not_a_garrison():
    # Unit(garrison="no") used to make a Garrison (a non-empty string is true)
    with pytest.raises(StateError):
        Unit("Post", "a", Hex(0, 0), garrison="no")


def test_branch_index_true_is_not_branch_one():
    fm = push(FO.board, FO.state, "Zaku I", GUNDAM, 1)
    refused(lambda: fm[True], RuleError, "branch index True")
    assert fm[1] is fm.branches[1]


@pytest.mark.parametrize("make", [
    lambda side: Squad("S", [Model("m", Hex(0, 0))], resolve=4, side=side),
    lambda side: Vehicle("V", Hex(0, 0), shield=4, resolve=2, hp=3, side=side),
])
@pytest.mark.parametrize("side", [5, None, ["a"], " "])
def test_squad_and_vehicle_sides_are_names(make, side):
    refused(lambda: make(side), StateError, "side")


def test_replace_names_an_unknown_field():
    refused(lambda: Unit("G", "a", Hex(0, 0)).replace(speeed=1), StateError, "'speeed'")
    refused(lambda: MV.state.replace_unit(GUNDAM, colour="red"), StateError, "'colour'")
    refused(lambda: TerrainPiece("Ruin", [Hex(0, 0)], cover=2).replace(cover_=1), RuleError, "'cover_'")


# --- issue 8 part 4: one class per fault ------------------------------------------------------------


def test_a_non_list_of_hexes_is_one_class_everywhere():
    fm = push(FO.board, FO.state, "Zaku I", GUNDAM, 1)
    faults = [
        lambda: path_cost(MV.board, MV.state, GUNDAM, "C4"),                      # movement
        lambda: fm.resolve("C4"),                                                  # forced movement
        lambda: fm.check(None),
        lambda: push_many(FO.board, FO.state, "Zaku I", [(GUNDAM, "C4")], 1),
        lambda: TerrainPiece("Ruin", "C2", cover=3),                               # Crush
        lambda: traverse(CR.board, CR.piece(), CR.unit("Grinder"), "A3"),
    ]
    for call in faults:
        with pytest.raises(HexrulesError) as info:
            call()
        assert type(info.value) is HexSequenceError, (type(info.value), str(info.value))
        # it is still what each topic raised before
        assert isinstance(info.value, BoardError) and isinstance(info.value, RuleError)


def test_a_value_that_is_not_a_hex_is_one_class_everywhere():
    fm = push(FO.board, FO.state, "Zaku I", GUNDAM, 1)
    faults = [
        lambda: MV.board.hex(3.5),                                # a board
        lambda: step_cost(MV.board, MV.state, GUNDAM, "C3", None),  # movement
        lambda: fm.choose(["C4"]),                                # forced movement
        lambda: Unit("G", "a", "C3"),                             # a unit's position
        lambda: Model("m", (0, 0)),                               # a model's
        lambda: TerrainPiece("Ruin", [[0, 0]], cover=2),          # a piece's hexes
        lambda: Hex(0, 0).distance("A1"),                         # the geometry
    ]
    for call in faults:
        with pytest.raises(HexrulesError) as info:
            call()
        assert type(info.value) is NotAHexError, (type(info.value), str(info.value))
        for old in (HexError, BoardError, RuleError, StateError):
            assert isinstance(info.value, old)


def test_errors_that_moved_still_import_where_they_were():
    from hexrules import forced
    from hexrules.widgets import base

    assert base.ExplorerError is ExplorerError and forced.BranchIndexError is BranchIndexError


def test_crush_checks_its_units_once(monkeypatch):
    import hexrules.crush as cr

    calls = []
    real = cr._check_units
    monkeypatch.setattr(cr, "_check_units", lambda *a, **k: calls.append(1) or real(*a, **k))
    crush(CR.board, CR.piece(), CR.units, CR.paths["Grinder"], vehicle="Grinder", seed=1)
    assert len(calls) == 1  # it was 4: crush, affected_units, touching_units and resolve_crush


def test_a_movement_checks_its_options_once(monkeypatch):
    import hexrules.movement as mv

    calls = []
    real = mv.check_options
    monkeypatch.setattr(mv, "check_options", lambda o: calls.append(1) or real(o))
    move(MV.board, MV.state, GUNDAM, "C2")
    assert len(calls) == 1  # it was 3: move -> path_to -> path_cost -> allowance, each checking again


# --- issue 11 part 1 (the API half): labels and axial names --------------------------------------------


@pytest.mark.parametrize("text", [
    "C²",                        # a Unicode digit that str.isdigit() accepts and int() refuses
    "C١٢",                       # Arabic-Indic digits
    "(0,²)",                     # Board.hex read "(q,r)" with \d and int() before
    "(0,١٢)",                    # ... which took Arabic-Indic digits for (0,12): labels have ASCII digits
    "(0," + HUGE + ")",          # 4,301 digits in an axial name
    "A" + HUGE,                  # ... in a label
    "A" * 100_000 + "1",         # a long label fails fast (it used to fail building its message)
], ids=["unicode digit", "arabic-indic digits", "axial unicode digit", "axial arabic-indic", "axial 4301 digits", "label 4301 digits",
        "100000 letters"])
def test_every_function_that_takes_a_label_refuses_bad_text(text):
    fm = push(FO.board, FO.state, "Zaku I", GUNDAM, 1)
    calls = [
        lambda: MV.board.hex(text),
        lambda: MV.board.elevation(text),
        lambda: path_to(MV.board, MV.state, GUNDAM, text),
        lambda: path_cost(MV.board, MV.state, GUNDAM, ["C3", text]),
        lambda: step_cost(MV.board, MV.state, GUNDAM, "C3", text),
        lambda: push(FO.board, FO.state, text, GUNDAM, 1, side="zeon"),
        lambda: fm.choose(text),
        lambda: fm.check([text]),
        lambda: traverse(CR.board, CR.piece(), CR.unit("Grinder"), ["A3", text]),
        lambda: hexrules.from_label(text),
    ]
    for call in calls:
        err = refused(call, HexError)
        assert "characters" in str(err) or "is not" in str(err)


def test_axial_names_read_by_the_label_scheme():
    b = Board({Hex(-2, 0): (0, "open"), Hex(0, 0): (1, "open")})  # (-2,0): offset column -2: "-B1"
    assert b.hex("(-2,0)") == Hex(-2, 0) and b.hex(" ( -2 , 0 ) ") == Hex(-2, 0)
    assert b.label(Hex(-2, 0)) == "-B1" and b.hex("-B1") == Hex(-2, 0)


def test_a_hex_too_far_to_print_still_prints():
    h = Hex(10**5000, 0)
    assert str(h).startswith("(<an integer of about 5001 digits>,0")


# --- issue 11 part 7: work without bound is refused, naming the limit ----------------------------------


@pytest.mark.parametrize("call, limit", [
    (lambda: damage_distribution(10**30, 4), "MAX_DICE"),
    (lambda: vehicle_distribution(1000, 4, 2), "MAX_DICE"),
    (lambda: at_least_table(101), "MAX_DICE"),
    (lambda: roll(10**30, seed=1), "MAX_DICE"),
    (lambda: tally([6] * 101, 4, 2), "MAX_DICE"),
    (lambda: sample_damage(3, 4, 10**30, seed=1), "MAX_TRIALS"),
    (lambda: sample_vehicle(3, 4, 2, 10**30, seed=1), "MAX_TRIALS"),
    (lambda: sample_damage(100, 4, 100_000, seed=1), "MAX_ROLLED_DICE"),
    (lambda: expected_damage_table(range(10**30), [4]), "MAX_TABLE_VALUES"),
    (lambda: Board.rectangle(10**30, 2), "MAX_BOARD_HEXES"),
    (lambda: Board.rectangle(1000, 1000), "MAX_BOARD_HEXES"),
    (lambda: TerrainPiece("Ruin", [Hex(0, 0)], cover=10**12), "MAX_COVER"),
    (lambda: RulesOptions(crush_cover_reduction=10**12), "MAX_COVER"),
    (lambda: push(FO.board, FO.state, "Zaku I", GUNDAM, checks.MAX_FORCED_N + 1), "MAX_FORCED_N"),
    (lambda: pull(FO.board, FO.state, "Zaku I", GUNDAM, 10**30), "MAX_FORCED_N"),
    (lambda: Hex(0, 0).spiral(10**30), "MAX_RADIUS"),
    (lambda: Unit("G", "a", Hex(0, 0), advance=10**30), "MAX_WHOLE"),
    (lambda: reachable(MV.board, MV.state, GUNDAM, cutoff=10**30), "MAX_WHOLE"),
])
def test_unbounded_work_is_refused_naming_the_limit(call, limit):
    refused(call, HexrulesError, f"hexrules.checks.{limit}", f"{getattr(checks, limit):,}")


def test_the_limits_themselves_are_accepted():
    d = damage_distribution(checks.MAX_DICE, 4)
    assert sum(d.values()) == 1 and len(d) == checks.MAX_DICE + 1
    assert len(sample_damage(10, 4, checks.MAX_ROLLED_DICE // 10, seed=1)) == checks.MAX_ROLLED_DICE // 10
    assert TerrainPiece("Ruin", [Hex(0, 0)], cover=checks.MAX_COVER).cover == checks.MAX_COVER
    # Push 12 on a row of 4 hexes: the target stops at the east edge after 2 steps at most (P4)
    row = Board.rectangle(4, 1)
    state = State([Unit("Z", "zeon", row.hex("A1")), Unit("G", "federation", row.hex("B1"))])
    assert push(row, state, "Z", "G", checks.MAX_FORCED_N).destinations == {row.hex(h) for h in ("B1", "C1", "D1")}
    assert len(Hex(0, 0).spiral(checks.MAX_RADIUS)) == 3 * 200 * 201 + 1


def test_multipush_explorer_n_is_bounded():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from hexrules.widgets.forced import MultiPushExplorer

    refused(lambda: MultiPushExplorer("push_multi", n=10**30), ExplorerError, "n=")


def test_every_limit_is_in_rules_md():
    rules = (Path(__file__).parents[1] / "docs" / "RULES.md").read_text(encoding="utf-8")
    section = rules[rules.index("## Limits"):rules.index("## Worked examples")]
    for name in checks.__all__:
        if re.fullmatch(r"(MAX|MIN)_[A-Z_]+|LABEL_LIMIT", name):
            value = getattr(checks, name)
            shown = {10**9: "10**9", 10**12: "10**12"}.get(value, f"{value:,}")
            assert f"`{name}`" in section, name
            assert shown in section, (name, shown)


# --- messages that build, files that cannot be read ------------------------------------------------------


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.mark.parametrize("bad", [10**4300, "x" * 100_000, BadRepr()], ids=["4301 digits", "100000 characters", "bad repr"])
def test_messages_are_bounded_and_always_build(bad):
    refused(lambda: Unit("G", "a", bad), StateError)
    refused(lambda: MV.state.unit(bad), StateError)
    refused(lambda: move(MV.board, MV.state, GUNDAM, bad), HexrulesError)
    refused(lambda: DEFAULT.replace(water=bad), OptionsError)
    refused(lambda: Distribution(bad), RuleError)


def test_a_scenario_file_that_cannot_be_read(tmp_path):
    refused(lambda: load_scenario(tmp_path / "missing.hex"), ScenarioFileError, "missing.hex")
    refused(lambda: load_scenario(tmp_path), ScenarioFileError)
    binary = tmp_path / "x.hex"
    binary.write_bytes(b"\xff\xfe\x00")
    err = refused(lambda: load_scenario(binary), ScenarioFileError, "UTF-8")
    assert isinstance(err, OSError) and isinstance(err, ScenarioError)
