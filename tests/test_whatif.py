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
    # 0 of 2 boards: Wilson's 95% interval runs from 0 to z^2 / (n + z^2) = 3.84 / 5.84 = 65.8% (z = 1.96)
    assert lines[1:] == ["  crush_major_also_minor=True (C4): 0% of boards change (95% interval 0%-65.8%; "
                         "generated boards have no Crush pieces)."]


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


# --- a sweep's totals, worked by hand on four hand-written boards ----------------------------------
#
# Each board is compared with Push 1, Pull 1, distance 1, Advance only and no Garrison (ability 0),
# under five switches: allies_pass_through (M3), engagement_penalty (E2), collision_damage (P2),
# push_off_board (P4), crush_cover_reduction (C1). Labels are odd-r: A1 = (0,0), B1 = (1,0),
# C1 = (2,0) on a one-row board; row 2 does not exist, so (1,1) and every r = -1 hex are off it.
HAND_SITUATIONS = Situations(push=1, pull=1, distance=1, ability=0)
HAND_SWITCHES = ("allies_pass_through", "engagement_penalty", "collision_damage", "push_off_board",
                 "crush_cover_reduction")

# COLLIDE. Zaku (A1) and Gundam (B1) are adjacent at one height: both Engaged (E1), Advance
# 3 - 1 = 2 (E2). Zaku's one neighbour B1 holds an enemy (M3): it reaches nothing. Gundam's
# neighbours are A1 (enemy) and C1 (its ally GM, passed but never ended on, M3), with nothing
# beyond: nothing. GM (C1, not Engaged: Zaku is 2 hexes away) passes B1 and meets Zaku: nothing.
# So allies_pass_through changes no reach, and engagement_penalty 0 or 2 changes the two Engaged
# units' allowances (3 or 1 instead of 2; the same empty reach): 2 of 3 movements, no hex gained.
# Pushes (distance 1: Zaku <-> Gundam only; both Pulls refused, L3: adjacent at one height):
# Push 1 from A1 on Gundam (B1): the farther hexes are (2,0) = C1, the GM's (a collision, P2: 2
# each), and (2,-1), (1,1), off the board (P4); Push 1 from B1 on Zaku (A1): (0,-1), (-1,0),
# (-1,1), all off the board. Collision damage changes 1 of the 2 Pushes, the edge reading both.
COLLIDE = """
map:
    0 0 0
units:
    Zaku    side=zeon        at=A1
    Gundam  side=federation  at=B1
    GM      side=federation  at=C1
"""
# EDGE above, under these situations: the same two Engaged units (E2 changes both allowances;
# Gundam reaches C1 for 1 MP under 3, 2 or 1 points: no hex gained), the same two Pushes, but C1
# is empty: Zaku pushes Gundam into it (a move) or off the board, never into a unit. Collision
# damage changes neither Push; the edge reading both. ALLIES above: no enemy (no Engagement, no
# Push or Pull); the Scout loses C1 when allies block (1 of 2 movements, -1 hex: the Guard,
# Advance 0, reaches nothing either way).
# CRUSH: no unit of the movement rules; the Tank drives A1 B1 C1 D1 across the Block (B1, C1,
# Cover 2). The Rangers' model on B1 is affected (C2) and rolls 2 dice under either reduction
# (the pre-reduction Cover, C2): the same dice distribution. The Crush itself differs under any
# other reduction (C1: Cover 2 reduced by 0 or 2 instead of 1), whatever the dice.
CRUSH = """
map:
    0 0 0 0
pieces:
    "Block"  cover=2  hexes=B1,C1
squads:
    Rangers  side=defenders  resolve=4
        R1  at=B1  wounds=1
vehicles:
    Tank  side=attackers  at=A1  shield=5  resolve=2  hp=8
paths:
    Tank  A1 B1 C1 D1
"""
HAND_BOARDS = {"collide": COLLIDE, "edge": EDGE, "allies": ALLIES, "crush": CRUSH}

#: What each alternative changes on each board, worked above: (movements, changed, reach change)
#: for a movement switch, (situations, changed) for a Push or Pull switch, Crush results changed.
HAND_COUNTS = {
    "allies_pass_through=False": {"collide": (3, 0, 0), "edge": (2, 0, 0), "allies": (2, 1, -1), "crush": (0, 0, 0)},
    "engagement_penalty=0": {"collide": (3, 2, 0), "edge": (2, 2, 0), "allies": (2, 0, 0), "crush": (0, 0, 0)},
    "engagement_penalty=2": {"collide": (3, 2, 0), "edge": (2, 2, 0), "allies": (2, 0, 0), "crush": (0, 0, 0)},
    "collision_damage=1": {"collide": (2, 1), "edge": (2, 0), "allies": (0, 0), "crush": (0, 0)},
    "collision_damage=3": {"collide": (2, 1), "edge": (2, 0), "allies": (0, 0), "crush": (0, 0)},
    "push_off_board=collide": {"collide": (2, 2), "edge": (2, 2), "allies": (0, 0), "crush": (0, 0)},
    "push_off_board=remove": {"collide": (2, 2), "edge": (2, 2), "allies": (0, 0), "crush": (0, 0)},
    "crush_cover_reduction=0": {"collide": 0, "edge": 0, "allies": 0, "crush": 1},
    "crush_cover_reduction=2": {"collide": 0, "edge": 0, "allies": 0, "crush": 1},
}


def _hand_counts(label: str, board: str) -> Counts:
    worked = HAND_COUNTS[label][board]
    topic = TOPICS[label.split("=")[0]]
    if topic == "movement":
        return Counts(movements=worked[0], movements_changed=worked[1], reach_change=worked[2])
    if topic == "forced":
        return Counts(situations=worked[0], situations_changed=worked[1])
    return Counts(crush_changed=worked)


@pytest.mark.parametrize("board", sorted(HAND_BOARDS))
def test_board_counts_of_hand_written_boards_are_the_ones_worked_by_the_rulings(board):
    """M3, E1-E2, P1-P2, P4, L3, C1-C2: each alternative's counts on one board, worked by hand above."""
    alts = alternatives(HAND_SWITCHES)
    assert [a.label for a in alts] == list(HAND_COUNTS)
    got = board_counts(parse_scenario(HAND_BOARDS[board]), alts, situations=HAND_SITUATIONS)
    assert {a.label: c for a, c in got.items()} == {label: _hand_counts(label, board) for label in HAND_COUNTS}


def test_a_sweeps_totals_over_hand_written_boards_count_every_topics_changes(monkeypatch):
    """boards_changed, share_boards and every per-switch count of a sweep over the four boards
    above (M3, E2, P2, P4, C1), worked by hand: a board is changed when any of its movements,
    Pushes and Pulls, or Crushes is.

    sweep draws board i with ``generate(spec, f"{seed}/{i}")``, its only source of boards; here it
    draws the four hand-written ones, so its own adding up (sweep, Tally.add, Counts.changed) is
    what is checked."""
    import hexrules.whatif as whatif

    order = ["collide", "edge", "allies", "crush"]
    scenarios = [parse_scenario(HAND_BOARDS[name]) for name in order]
    monkeypatch.setattr(whatif, "generate", lambda spec, seed: scenarios[int(seed.split("/")[1])])
    result = sweep(4, seed="hand", switches=HAND_SWITCHES, situations=HAND_SITUATIONS)
    got = {t.alternative.label: t for t in result.tallies}
    assert list(got) == list(HAND_COUNTS)
    # (boards changed, share of boards, movements, changed, reach change, situations, changed)
    expected = {
        # M3: the allies board only; 3 + 2 + 2 movements, the Scout's loses C1
        "allies_pass_through=False": (1, Fraction(1, 4), 7, 1, -1, 0, 0),
        # E2: the two Engaged units of the collide and edge boards each
        "engagement_penalty=0": (2, Fraction(1, 2), 7, 4, 0, 0, 0),
        "engagement_penalty=2": (2, Fraction(1, 2), 7, 4, 0, 0, 0),
        # P2: only Zaku's Push into the GM collides; 2 + 2 Pushes
        "collision_damage=1": (1, Fraction(1, 4), 0, 0, 0, 4, 1),
        "collision_damage=3": (1, Fraction(1, 4), 0, 0, 0, 4, 1),
        # P4: all four Pushes meet the edge, on two boards
        "push_off_board=collide": (2, Fraction(1, 2), 0, 0, 0, 4, 4),
        "push_off_board=remove": (2, Fraction(1, 2), 0, 0, 0, 4, 4),
        # C1: the one Crush, on the crush board
        "crush_cover_reduction=0": (1, Fraction(1, 4), 0, 0, 0, 0, 0),
        "crush_cover_reduction=2": (1, Fraction(1, 4), 0, 0, 0, 0, 0),
    }
    for label, (changed, share, movements, moved, reach, situations, forced_changed) in expected.items():
        t = got[label]
        assert t.boards == 4, label
        assert (t.boards_changed, t.share_boards) == (changed, share), label
        assert (t.movements, t.movements_changed, t.reach_change) == (movements, moved, reach), label
        assert (t.situations, t.situations_changed) == (situations, forced_changed), label
    # the shares each chart shows: of movements (M3 1 of 7, E2 4 of 7), of Pushes (P2 1 of 4, P4 4
    # of 4), of boards for Crush (C1 1 of 4)
    assert [got[label].share for label in expected] == [1 / 7, 4 / 7, 4 / 7, 1 / 4, 1 / 4, 1, 1, 1 / 4, 1 / 4]
    assert got["allies_pass_through=False"].mean_reach_change == -1 / 7
    rows = {row["switch"]: row for row in result.table()}
    assert (rows["collision_damage=1"]["boards"], rows["collision_damage=1"]["Push / Pull"]) == ("25%", "25%")
    assert (rows["crush_cover_reduction=0"]["boards"], rows["crush_cover_reduction=0"]["Push / Pull"]) == ("25%", "-")
