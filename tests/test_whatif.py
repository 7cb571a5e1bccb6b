"""What each reading changes (hexrules.whatif) against cases worked by hand from RULES.md."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexrules import DEFAULT, parse_scenario
from hexrules.crush_scenario import load_crush
from hexrules.errors import HexrulesError, OptionsError, RuleError
from hexrules.forced import forced
from hexrules.generate import BoardSpec, generate
from hexrules.whatif import (ALTERNATIVES, TOPICS, Alternative, Counts, Situations, alternatives, board_counts, sweep,
                             what_changes)


def test_every_switch_has_alternatives_and_a_topic():
    assert set(ALTERNATIVES) == set(DEFAULT.as_dict()) == set(TOPICS)
    for name, values in ALTERNATIVES.items():
        assert getattr(DEFAULT, name) in values and len(values) >= 2
    assert [a.label for a in alternatives(("water",))] == ["water=allowance", "water=none"]
    base = DEFAULT.replace(water="none")
    assert [a.label for a in alternatives(("water",), base)] == ["water=enter_cost", "water=allowance"]


def test_a_bad_switch_or_value_is_refused():
    with pytest.raises(OptionsError, match="'lava' is not a rules switch"):
        alternatives(("lava",))
    with pytest.raises(OptionsError, match="single name"):
        alternatives("water")
    with pytest.raises(OptionsError, match="water='mud'"):
        Alternative("water", "mud")
    with pytest.raises(RuleError, match="push=9"):
        Situations(push=9)
    with pytest.raises(HexrulesError, match="is not a hexrules.scenario.Scenario"):
        what_changes("terrain")


# Only allies_pass_through matters (M3): a row of three ground hexes, no water, no enemy. The
# Scout (A1, Advance 2) reaches C1 through its ally on B1 (1 + 1 = 2 MP), which it may pass but
# not end on; blocked, it reaches nothing. The Guard (Advance 0) reaches nothing either way.
ALLIES = """
map:
    0 0 0
units:
    Scout  side=blue  at=A1  advance=2
    Guard  side=blue  at=B1  advance=0
"""


def test_a_board_where_only_allies_pass_through_matters():
    report = what_changes(parse_scenario(ALLIES))
    assert [c.alternative.label for c in report.changed] == ["allies_pass_through=False"]
    c = report.switch("allies_pass_through")
    (r,) = c.reaches
    assert (r.unit, [report.scenario.board.label(h) for h in r.lost], r.gained, r.cost_changes) == ("Scout", ["C1"], (), ())
    assert c.movements == 2 and c.reach_change == -1
    assert report.pushes == () and report.refused == ()
    assert "allies_pass_through=False (M3): 1 of 2 movements changes." in report.explain()
    assert report.switch("water", "none").explain() == "water=none (T1): changes nothing here (0 of 2 movements compared)."


# Push 2 on a row of three ground hexes: Zaku (A1, zeon) and Gundam (B1, federation) are
# adjacent at the same height: both Engaged (E1), so each Advance is 3 - 1 = 2 (E2); Zaku's only
# neighbour is the Gundam (M3: it reaches nothing), the Gundam reaches C1 (1 MP) under any
# reading. Each pushes the other (distance
# 1); every Pull is refused (L3: adjacent at the same elevation). Pushing Gundam from A1: the stop,
# B1 -x B2 and B1 -x (2,-1) (off the board), B1 -> C1 then three steps off the board (C2, D1,
# (3,-1)) and the stop on C1: 7 branches, 5 of them at the edge (P4). Pushing Zaku from B1: the
# stop and three off-board steps. No collision, no step down.
EDGE = """
map:
    0 0 0
units:
    Zaku  side=zeon  at=A1
    Gundam  side=federation  at=B1
"""


def test_push_off_board_and_the_engagement_penalty_change_the_edge_board():
    report = what_changes(parse_scenario(EDGE))
    assert sorted(c.alternative.label for c in report.changed) == [
        "engagement_penalty=0", "engagement_penalty=2", "push_off_board=collide", "push_off_board=remove"]
    assert [(s.kind, s.source, s.target) for s in report.pushes] == [("push", "Zaku", "Gundam"), ("push", "Gundam", "Zaku")]
    assert [(s.kind, r.ruling) for s, r in report.refused] == [("pull", "L3"), ("pull", "L3")]
    pen = report.switch("engagement_penalty", 0)
    assert [(r.allowances[0].total, r.allowances[1].total, len(r.reaches[1])) for r in pen.reaches] == [(2, 3, 0), (2, 3, 1)]
    edge = report.switch("push_off_board", "collide")
    assert [len(f.changed) for f in edge.forced] == [5, 3]
    assert all(c.b.damage == {c.b.target: 2} for f in edge.forced for c in f.changed)  # P4 collide: 2 damage
    assert report.switch("collision_damage", 3).same and report.switch("push_drop_damage_per_level", 1).same
    assert report.table()[report.switches.index(edge)] == {
        "switch": "push_off_board=collide", "ruling": "P4", "movements": "-", "Push / Pull": "2 of 2", "Crush": "-",
        "verdict": "changes"}


def test_report_names_a_push_as_the_push_and_pull_explorer_does():
    # a trial read "Push 2 by Zaku (A1) on Gundam" in the report and "Push 2 from A1 (Zaku) on Gundam at
    # B1" in the editor and the Push/Pull explorer, for the same Push: one phrase names it everywhere
    from hexrules.words.whatif import forced_head

    report = what_changes(parse_scenario(EDGE))
    edge = report.switch("push_off_board", "collide")
    assert [forced_head(f) for f in edge.forced] == ["Push 2 from A1 (Zaku) on Gundam at B1",
                                                     "Push 2 from B1 (Gundam) on Zaku at A1"]
    assert "  Push 2 from A1 (Zaku) on Gundam at B1: 5 branches change (damage, collision)." in edge.explain()
    # the refused Pulls (L3) are named alike
    assert "Pull 2 from A1 (Zaku) on Gundam at B1 (L3)" in report.explain()


def test_a_push_readings_changed_branches_say_which_side_is_which():
    # a trial read "B1 -> C1 -x board edge (east): board edge: stop, ... | board edge: collision, ..."
    # with nothing saying which side is the base and which the reading, nor what "-x" is
    report = what_changes(parse_scenario(EDGE))
    lines = report.switch("push_off_board", "collide").explain().splitlines()
    i = lines.index("  Push 2 from A1 (Zaku) on Gundam at B1: 5 branches change (damage, collision).")
    assert lines[i + 1] == "    path (-x: a step tried, not taken): under the base  |  under push_off_board=collide"
    assert lines[i + 2].startswith("    B1 -> C1 -x board edge (east): board edge: stop")


def test_crush_readings_change_the_hab_block_dice():
    # The hab block (Cover 3): the walker Sentinel (Shield 4, Resolve 2) is a vehicle on the piece.
    # With C4's other reading a die >= 6 (Shield + Resolve) is Major and Minor: P(Minor) per die goes
    # from 2/6 (4, 5) to 3/6, so the Minor tally's distribution changes; no switch changes a
    # non-vehicle's damage (C3).
    sc = load_crush("crush_hab_block").scenario
    report = what_changes(sc, switches=("crush_major_also_minor",))
    c = report.switch("crush_major_also_minor")
    assert [d.vehicle for d in c.dice] == [True]
    (d,) = c.dice
    assert d.distributions[0].minor.mean() == 3 * Fraction(2, 6) and d.distributions[1].minor.mean() == 3 * Fraction(3, 6)
    assert not c.same


def test_board_counts_equal_the_report_counted():
    sc = generate(seed=4)
    alts = alternatives()
    counts = board_counts(sc, alts)
    report = what_changes(sc)
    assert counts == {c.alternative: Counts.of(c) for c in report.switches}


def test_a_sweep_on_boards_without_allies_hills_or_water_finds_those_switches_change_nothing():
    # One unit a side, no Garrison: no unit has an ally (M3); flat ground: nobody jumps (J3); no
    # water: T1's readings have no terrain to act on.
    spec = BoardSpec(columns=8, rows=6, hills=0.0, water=0.0, impassable=0.0, units_per_side=1, garrisons=0)
    result = sweep(6, spec=spec, seed=2, switches=("allies_pass_through", "jump_climb", "water", "collision_damage"))
    for name in ("allies_pass_through", "jump_climb", "water"):
        t = result.tally(name)
        assert (t.boards, t.movements, t.movements_changed, t.mean_reach_change) == (6, 12, 0, 0.0)
    # collision_damage changes exactly the Pushes and Pulls with a collision under the default (P2)
    expected = total = 0
    for i in range(6):
        sc = generate(spec, f"2/{i}")
        a, b = list(sc.state)
        for kind in ("push", "pull"):
            for s, t in ((a, b), (b, a)):
                if s.hex.distance(t.hex) > 2:
                    continue
                try:
                    fm = forced(kind, sc.board, sc.state, s.name, t.name, 2)
                except RuleError:
                    continue
                total += 1
                expected += any(br.collision for br in fm)
    t = result.tally("collision_damage", 1)
    assert (t.situations, t.situations_changed) == (total, expected)


def test_a_sweep_counts_the_same_with_several_workers():
    seen = []
    one = sweep(6, seed=4, switches=("water", "collision_damage"))
    two = sweep(6, seed=4, switches=("water", "collision_damage"), workers=2, progress=lambda d, t: seen.append(d))
    assert one == two and seen[-1] == 6 and seen == sorted(seen)


def test_a_sweep_is_reproducible_from_its_seed_and_reports_progress():
    seen = []
    a = sweep(4, seed="x", switches=("engagement_on_entry",), progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert sweep(4, seed="x", switches=("engagement_on_entry",)) == a
    assert a.table()[0]["switch"] == "engagement_on_entry=stop"
    # each board: 3 units a side Advance (M2) and 1 Garrison moved by its ability (M5): 7 movements
    assert a.explain().startswith("4 boards of 15 x 12 hexes (seed 'x'): 28 movements")


def test_a_sweeps_crush_line_says_its_share_of_boards_once():
    # Trial defect: "0% of boards change (generated boards have no Crush pieces); 0% of boards."
    # Generated boards have no Crush piece, so no Crush switch (C1, C4) changes any of them.
    lines = sweep(2, spec=BoardSpec(columns=6, rows=5), seed=3, switches=("crush_major_also_minor",)).explain().splitlines()
    assert lines[1:] == ["  crush_major_also_minor=True (C4): 0% of boards change (generated boards have no Crush pieces)."]


@pytest.mark.parametrize("kw, match", [({"boards": -1}, "boards=-1"), ({"progress": 3}, "progress=3"),
                                       ({"workers": 0}, "workers=0"),
                                       ({"spec": "rulebook"}, "spec='rulebook'")])
def test_a_bad_sweep_argument_is_refused(kw, match):
    with pytest.raises(HexrulesError, match=match):
        sweep(**({"boards": 1} | kw))


def test_forced_switch_acts_where_its_rule_applies_and_never_for_another_topic():
    # The rulebook's Knuckle Shield Push 2 (P1, P2): four branches collide with elevated terrain,
    # none reaches the edge or moves down; and no movement or Crush switch acts on a Push (T2).
    from hexrules import builtin
    from hexrules.whatif import forced_switch_acts

    sc = builtin("push_knuckle_shield")
    fm = forced("push", sc.board, sc.state, "B3", "RX-78-2 Gundam", 2)
    acts = {s: forced_switch_acts(fm, s) for s in TOPICS}
    assert acts == {s: s == "collision_damage" for s in TOPICS}
