"""Numbers out (issue 35 part 1): a report's and a sweep's plain-number rows, per switch and per
board, their CSV files and DataFrames, and the 95% interval every share carries.

Expected values are worked by hand: Wilson's interval from its formula (and the published values
of small cases), the rows from the hand-written boards of ``tests/test_whatif.py``, whose counts
are worked there from the rulings (M3, E2, P2, P4, C1).
"""

from __future__ import annotations

import csv
import math

import pytest
from hypothesis import given, strategies as st

import hexrules.whatif as whatif
from hexrules import parse_scenario
from hexrules.errors import HexrulesError
from hexrules.generate import generate
from hexrules.options import DEFAULT
from hexrules.records import to_csv, to_dataframe, wilson
from hexrules.whatif import COUNT_FIELDS, board_counts, reading_label, sweep, what_changes
from test_whatif import HAND_BOARDS, HAND_COUNTS, HAND_SITUATIONS, HAND_SWITCHES, _hand_counts

ORDER = ["collide", "edge", "allies", "crush"]


# --- Wilson's interval ---------------------------------------------------------------------------


@pytest.mark.parametrize("k, n, low, high", [
    # the textbook cases (z = 1.96): 5 of 10, 0 of 10, 10 of 10, 1 of 4
    (5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (1, 4, 0.0456, 0.6994),
])
def test_wilson_gives_the_published_intervals(k, n, low, high):
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_of_nothing_known_is_everything_and_bad_counts_are_refused():
    assert wilson(0, 0) == (0.0, 1.0)
    for k, n in ((3, 2), (-1, 4), (1.5, 4), (True, 4), (1, "4")):
        with pytest.raises(HexrulesError):
            wilson(k, n)
    with pytest.raises(HexrulesError, match="z="):
        wilson(1, 2, z=0)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_holds_the_share_and_mirrors(kn):
    k, n = kn
    low, high = wilson(k, n)
    assert 0 <= low <= k / n <= high <= 1
    mirror_low, mirror_high = wilson(n - k, n)  # the share of the other outcome
    assert math.isclose(low, 1 - mirror_high, abs_tol=1e-12) and math.isclose(high, 1 - mirror_low, abs_tol=1e-12)


# --- a sweep's rows, over the hand-written boards -----------------------------------------------------


@pytest.fixture()
def hand_sweep(monkeypatch):
    """sweep over the four hand-written boards: board i is HAND_BOARDS[ORDER[i]]."""
    scenarios = [parse_scenario(HAND_BOARDS[name]) for name in ORDER]
    monkeypatch.setattr(whatif, "generate", lambda spec, seed: scenarios[int(seed.split("/")[1])])
    return sweep(4, seed="hand", switches=HAND_SWITCHES, situations=HAND_SITUATIONS)


def test_a_sweeps_board_rows_are_each_boards_counts_worked_by_hand(hand_sweep):
    rows = hand_sweep.records(per="board")
    labels = list(HAND_COUNTS)
    assert len(rows) == 4 * len(labels)
    for row in rows:
        worked = _hand_counts(row["alternative"], ORDER[row["board"]])
        assert {k: row[k] for k in COUNT_FIELDS} == {k: getattr(worked, k) for k in COUNT_FIELDS}, row
        assert row["changed"] == worked.changed
        assert row["seed"] == f"hand/{row['board']}"
        assert row["base"] == "default"
    # a few by name: the Scout loses C1 when allies block (M3); Zaku's Push into the GM (P2)
    allies = next(r for r in rows if r["board"] == 2 and r["alternative"] == "allies_pass_through=False")
    assert (allies["movements"], allies["movements_changed"], allies["reach_change"], allies["changed"]) == (2, 1, -1, True)
    collide = next(r for r in rows if r["board"] == 0 and r["alternative"] == "collision_damage=1")
    assert (collide["situations"], collide["situations_changed"]) == (2, 1)
    crush = next(r for r in rows if r["board"] == 3 and r["alternative"] == "crush_cover_reduction=0")
    assert (crush["crush_changed"], crush["changed"]) == (1, True)


def test_a_sweeps_switch_rows_carry_the_shares_and_their_intervals(hand_sweep):
    rows = {r["alternative"]: r for r in hand_sweep.records()}
    a = rows["allies_pass_through=False"]  # 1 board of 4; 1 movement of 7 (M3)
    assert (a["switch"], a["value"], a["ruling"], a["topic"]) == ("allies_pass_through", False, "M3", "movement")
    assert (a["boards"], a["boards_changed"], a["share_boards"]) == (4, 1, 0.25)
    assert (a["share_boards_low"], a["share_boards_high"]) == pytest.approx((0.0456, 0.6994), abs=5e-5)
    assert (a["movements"], a["movements_changed"], a["share_movements"]) == (7, 1, 1 / 7)
    assert a["mean_reach_change"] == -1 / 7
    assert a["share_situations"] is None and a["share_situations_low"] is None  # M3 never acts on a Push
    p = rows["push_off_board=collide"]  # 4 Pushes of 4 meet the edge (P4), on 2 boards of 4
    assert (p["situations"], p["situations_changed"], p["share_situations"]) == (4, 4, 1.0)
    assert p["share_situations_low"] == pytest.approx(wilson(4, 4)[0]) and p["share_situations_high"] == 1.0
    assert p["share_movements"] is None and p["mean_reach_change"] is None
    c = rows["crush_cover_reduction=0"]  # the one Crush, on one board of 4 (C1)
    assert (c["boards_changed"], c["share_boards"], c["share_movements"], c["share_situations"]) == (1, 0.25, None, None)


def test_the_rows_are_plain_numbers_and_every_row_has_the_same_keys(hand_sweep):
    for per in ("switch", "board"):
        rows = hand_sweep.records(per)
        assert len({tuple(r) for r in rows}) == 1
        for r in rows:
            assert all(v is None or type(v) in (int, float, str, bool) for v in r.values()), r
            assert not any(isinstance(v, str) and v.endswith("%") for v in r.values())
    with pytest.raises(HexrulesError, match="per="):
        hand_sweep.records("boards")


def test_the_board_that_mattered_most_is_the_one_worked_by_hand(hand_sweep):
    # M3 changed a movement on the allies board (2) only; P4 changed both Pushes on the collide (0)
    # and edge (1) boards: the first of the tie; C1 the one Crush, on the crush board (3); no E2
    # reading changes the allies or crush boards, and both Engaged boards count 2: the first.
    assert hand_sweep.most_changed("allies_pass_through") == 2
    assert hand_sweep.most_changed("push_off_board", "remove") == 0
    assert hand_sweep.most_changed("crush_cover_reduction", 2) == 3
    assert hand_sweep.most_changed("engagement_penalty", 0) == 0
    assert sweep(3, seed=1, switches=("jump_climb",), spec=whatif.BoardSpec(max_elevation=0)).most_changed(
        "jump_climb") is None  # no hill, no jump: J1's readings never differ (J3)


def test_board_i_is_the_board_the_sweep_counted():
    result = sweep(6, seed=3, switches=("water", "collision_damage"))
    alts = [t.alternative for t in result.tallies]
    rows = result.records("board")
    for i in (0, 4, -1):
        sc = result.board(i)
        assert sc.to_text() == generate(result.spec, f"3/{i % 6}").to_text()
        counted = board_counts(sc, alts, situations=result.situations)
        mine = [r for r in rows if r["board"] == i % 6]
        assert [{k: r[k] for k in COUNT_FIELDS} for r in mine] == [
            {k: getattr(counted[a], k) for k in COUNT_FIELDS} for a in alts]
    for bad in (6, -7, 1.0, True, "0"):
        with pytest.raises(HexrulesError, match="not a board of this sweep"):
            result.board(bad)
    # a board where a reading mattered, found from the rows, opened again
    mattered = next(r for r in rows if r["movements_changed"])
    assert board_counts(result.board(mattered["board"]), alts,
                        situations=result.situations)[alts[[t.alternative.label for t in result.tallies].index(
                            mattered["alternative"])]].movements_changed == mattered["movements_changed"]


# --- a report's rows, the base named --------------------------------------------------------------------


def test_a_reports_rows_are_its_counts_and_name_the_base_reading():
    sc = parse_scenario(HAND_BOARDS["allies"])
    rows = {r["alternative"]: r for r in what_changes(sc, switches=("allies_pass_through", "water"),
                                                      situations=HAND_SITUATIONS).records()}
    a = rows["allies_pass_through=False"]
    assert (a["movements"], a["movements_changed"], a["reach_change"], a["changed"], a["base"]) == (2, 1, -1, True, "default")
    assert rows["water=none"]["changed"] is False  # no terrain with an extra cost on the board (T1)
    base = DEFAULT.replace(water="none", allies_pass_through=False)
    assert reading_label(base) == "allies_pass_through=False, water=none"
    again = what_changes(sc, base=base, switches=("allies_pass_through",), situations=HAND_SITUATIONS).records()
    assert [(r["alternative"], r["base"]) for r in again] == [("allies_pass_through=True",
                                                               "allies_pass_through=False, water=none")]


# --- CSV files and DataFrames -----------------------------------------------------------------------------


def test_a_csv_file_holds_the_rows(hand_sweep, tmp_path):
    path = hand_sweep.to_csv(tmp_path / "sweep.csv", per="board")
    with open(path, newline="", encoding="utf-8") as f:
        read = list(csv.DictReader(f))
    rows = hand_sweep.records("board")
    assert len(read) == len(rows) == 36
    assert list(read[0]) == list(rows[0])
    assert [int(r["reach_change"]) for r in read] == [r["reach_change"] for r in rows]
    switch = hand_sweep.to_csv(tmp_path / "switch.csv")
    with open(switch, newline="", encoding="utf-8") as f:
        first = next(csv.DictReader(f))
    assert first["share_situations"] == ""  # None: an empty cell (M3 never acts on a Push)


def test_a_csv_file_that_cannot_be_written_says_why_and_an_old_one_is_kept(hand_sweep, tmp_path, monkeypatch):
    with pytest.raises(HexrulesError, match="missing"):
        hand_sweep.to_csv(tmp_path / "missing" / "sweep.csv")
    old = tmp_path / "kept.csv"
    old.write_text("my earlier sweep\n")

    def broken(self, rows):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(csv.DictWriter, "writerows", broken)
    with pytest.raises(HexrulesError, match="No space left"):
        hand_sweep.to_csv(old)
    assert old.read_text() == "my earlier sweep\n"
    assert list(tmp_path.iterdir()) == [old]  # no half-written file beside it
    with pytest.raises(HexrulesError, match="not a file path"):
        to_csv([], 42)
    with pytest.raises(HexrulesError, match="list of dicts"):
        to_csv("not rows", tmp_path / "x.csv")


def test_a_dataframe_has_a_column_per_field_and_a_row_per_record(hand_sweep):
    frame = hand_sweep.to_dataframe(per="board")
    rows = hand_sweep.records("board")
    assert list(frame.columns) == list(rows[0])
    assert len(frame) == len(rows)
    # the designer's question: on which boards did allies blocking change a movement?
    m3 = frame[(frame["alternative"] == "allies_pass_through=False") & frame["changed"]]
    assert list(m3["board"]) == [2]
    assert to_dataframe(what_changes(parse_scenario(HAND_BOARDS["allies"]), switches=("allies_pass_through",),
                                     situations=HAND_SITUATIONS).records())["reach_change"].tolist() == [-1]


def test_a_report_compares_with_the_boards_own_reading_and_says_so():
    # The Scout (Advance 2) on A1, water (+1 to enter, T1) on B1, open C1; the board's rules: line
    # reads water=allowance (no cost to enter water; the start hex, open, takes nothing off).
    # Against that reading, water=enter_cost makes B1 cost 1 + 1 = 2 and C1 (3) out of reach;
    # water=none changes nothing (neither reading charges entering water, the start is open).
    sc = parse_scenario("map:\n    0 ~ 0\nrules:\n    water=allowance\nunits:\n    Scout side=blue at=A1 advance=2\n")
    report = what_changes(sc, switches=("water",))
    assert report.base == DEFAULT.replace(water="allowance") and report.base_origin == "scenario"
    assert "against its own reading (rules: water=allowance)" in report.explain().splitlines()[0]
    rows = {r["alternative"]: r for r in report.records()}
    assert list(rows) == ["water=enter_cost", "water=none"]
    assert (rows["water=enter_cost"]["movements_changed"], rows["water=enter_cost"]["reach_change"]) == (1, -1)
    assert rows["water=none"]["changed"] is False
    assert {r["base"] for r in rows.values()} == {"water=allowance"}
    # told otherwise, it compares with what it is told, and says that
    told = what_changes(sc, base=DEFAULT, switches=("water",))
    assert told.base_origin == "given" and "against the kit's default reading" in told.explain()
    plain = what_changes(parse_scenario(HAND_BOARDS["allies"]), switches=("water",))
    assert plain.base_origin == "default" and plain.base == DEFAULT
