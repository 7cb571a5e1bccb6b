"""Movement rules M, E, J, T: every worked example of RULES.md and each ruling's switch.

Expected numbers are worked out by hand from the rule text (comments show the sums).
"""

import pytest

from hexrules import Scenario, builtin
from hexrules.errors import BoardError, RuleError, StateError
from hexrules.compare import compare_reach
from hexrules.movement import (
    AbilityMove, adjacent_not_engaged, allowance, check_attack_targets, engaged_pairs, engaged_with, engagements,
    is_jumping, move, path_cost, path_to, reachable, step_cost,
)
from hexrules.options import DEFAULT

GUNDAM, CHAR, MINELAYER = "RX-78-2 Gundam", "Char's Zaku II", "Zaku II: Minelayer"


def sc(text):
    s = Scenario.from_text(text)
    return s.board, s.state


def worked(board, state, unit, path, total, kind="advance", options=DEFAULT):
    """``path``'s hand-worked ``total`` (RULES.md), through both of the kit's roads to a cost:
    ``path_cost`` (the step breakdown, one step at a time) and ``reachable`` (networkx's Dijkstra
    over the step weight), given the total as its allowance (``cutoff=``).

    Only for a path that is the cheapest to its end hex (each call's comment says why, by hand):
    then the reach cost of that hex is the same total, no more (the path is within the cutoff) and
    no less (no cheaper path). Returns path_cost's MoveCost.
    """
    cost = path_cost(board, state, unit, path, kind, options)
    assert cost.total == total, ("path_cost", [st.cost for st in cost.steps], total)
    end = board.hex(path[-1]) if isinstance(path[-1], str) else path[-1]
    got = reachable(board, state, unit, kind, options, cutoff=total).costs.get(end)
    assert got == total, ("reachable: the cheapest cost of the worked path's end", board.label(end), got, total)
    return cost


# --- M1: elevation -------------------------------------------------------------------------------

def test_rulebook_elevation_example():
    """RULES.md's worked examples of M1, through path_cost and reachable. The board (odd-r):
    row 2 C2 2, D2 2; row 3 C3 0 (the Gundam), D3 1; row 4 B4 0, C4 0."""
    b, s = builtin("elevation").board, builtin("elevation").state
    # From ground (0) into a height-1 hex: 1 + 1 = 2. The cheapest to D3: the other ways round, by
    # C2 (3 + 1) or by C4 (1 + 2), cost more.
    worked(b, s, GUNDAM, ["C3", "D3"], 2)
    # From 1 into 2: 1 + 1 = 2 (so ground -> 1 -> 2 is 4 in all). From D3 no way into D2 is cheaper
    # than 1 hex and 1 level; from C3, D2 is 2 hexes and 2 levels away: 4 at least.
    moved = s.move(GUNDAM, b.hex("D3"))
    assert step_cost(b, moved, GUNDAM, "D3", "D2").cost == 2
    worked(b, moved, GUNDAM, ["D3", "D2"], 2)
    worked(b, s, GUNDAM, ["C3", "D3", "D2"], 4)
    # From 0 straight into 2: 1 + 2 = 3 (1 hex and 2 levels: nothing cheaper).
    worked(b, s, GUNDAM, ["C3", "C2"], 3)


def test_descent_is_free_whatever_the_drop():
    # M1: going down is free, whatever the drop: 4 -> 0 costs 1 to enter, and B1 is 1 hex away
    b, s = sc("map:\n  4 0 0\nunits:\n  G side=a at=A1\n")
    st = step_cost(b, s, "G", "A1", "B1")
    assert (st.enter, st.climb, st.terrain, st.cost) == (1, 0, 0, 1)
    worked(b, s, "G", ["A1", "B1"], 1)


def test_a_unit_that_cannot_pay_a_step_cannot_take_it():
    # Advance 2 from ground: entering height 2 costs 3 > 2 (M1).
    b, s = sc("map:\n  0 2\nunits:\n  G side=a at=A1 advance=2\n")
    cost = path_cost(b, s, "G", ["A1", "B1"])
    assert not cost.legal and cost.ruling == "M1" and cost.total == 3
    assert b.hex("B1") not in reachable(b, s, "G")
    with pytest.raises(RuleError, match="cannot pay") as err:
        move(b, s, "G", "B1")
    assert err.value.ruling == "M1"


# --- M2: Advance, Dash, Speed ----------------------------------------------------------------------

def test_speed_adds_to_advance_only():
    b, s = sc("map:\n  0 0 0 0 0 0 0\nunits:\n  G side=a at=A1 advance=3 dash=2 speed=2\n")
    assert allowance(b, s, "G", "advance").total == 5  # 3 + 2
    assert allowance(b, s, "G", "dash").total == 2  # Speed never adds to Dash
    far = {b.label(h) for h in reachable(b, s, "G", "advance").costs}
    assert "F1" in far and "G1" not in far  # 5 hexes along the row
    assert {b.label(h) for h in reachable(b, s, "G", "dash").costs if h.r == 0} == {"B1", "C1"}


def test_default_allowances():
    b, s = sc("map:\n  0\nunits:\n  G side=a at=A1\n")
    assert (allowance(b, s, "G").total, allowance(b, s, "G", "dash").total) == (3, 2)


def test_garrisons_do_not_move_and_bad_kind():
    b, s = sc("map:\n  0 0\ngarrisons:\n  G side=a at=A1\n")
    with pytest.raises(RuleError, match="Garrison"):
        allowance(b, s, "G")
    b, s = sc("map:\n  0 0\nunits:\n  G side=a at=A1\n")
    with pytest.raises(RuleError, match="'run'"):
        reachable(b, s, "G", "run")


# --- M5: ability movement, "move N hexes" (FAQ Q.15) -----------------------------------------------

# Odd-r labels: row 1 is r = 0 (A1 = (0,0), B1 = (1,0), C1 = (2,0)), row 2 is r = 1, shifted half a
# hex right (A2 = (0,1) touches A1 and B1; B2 = (1,1) touches B1 and C1).
ABILITY_UNIT = "map:\n  0 1 2 0\n   0 0~ 0 0\nunits:\n  G side=a at=A1 speed=2\n  Z side=b at=A2\n"
IGNORES = DEFAULT.replace(garrison_ability_move="ignores")


def test_ability_movement_allowance_is_n_speed_never_adds_engagement_takes_one():
    b, s = sc(ABILITY_UNIT)  # G (Speed 2) on A1 is Engaged with Z on A2 (both at ground level, E1)
    al = allowance(b, s, "G", AbilityMove(3))
    assert (al.kind, al.base, al.speed, al.engagement, al.total) == ("ability", 3, 0, 1, 2)  # 3 - 1 (E2), no Speed (M2)
    assert allowance(b, s, "G", "advance").total == 4  # the Advance: 3 + 2 Speed - 1
    assert al.explain() == "allowance 2 = ability move 3 (M5) - 1 Engaged with Z (E2)"


def test_ability_movement_pays_climbs_and_terrain_like_any_movement():
    b, s = sc(ABILITY_UNIT)
    # A1 -> B1 climbs 0 -> 1: 1 + 1 = 2 = the allowance (3 - 1); B1 -> C1 climbs 1 -> 2: 2 more.
    cost = path_cost(b, s, "G", ["B1", "C1"], AbilityMove(3))
    assert cost.kind == "ability" and [st.cost for st in cost.steps] == [2, 2]
    assert not cost.legal and cost.ruling == "M1" and cost.unaffordable == 1
    # Move 5 (allowance 4): B1 2; B2 (water, down from 1) 2 + (1 + 1 water) = 4; C1 2 + 2 = 4.
    r = reachable(b, s, "G", AbilityMove(5))
    assert {b.label(h): c for h, c in r.costs.items()} == {"B1": 2, "B2": 4, "C1": 4}
    assert path_to(b, s, "G", "B2", AbilityMove(5)).steps[1].terrain == 1  # T1: water +1


def test_ability_movement_jumps_like_any_movement():
    sc_ = builtin("jumping")  # Char's Zaku II on B3 (height 1), a lower Garrison on C3 (J1, J2)
    b, s = sc_.board, sc_.state
    blue = path_cost(b, s, CHAR, ["B3", "C3", "D3"], AbilityMove(2))
    assert blue.legal and blue.total == 2 and blue.steps[0].passes.ruling == "J2"  # over the Garrison
    orange = path_cost(b, s, CHAR, ["B3", "B4", "C4"], AbilityMove(2))
    assert orange.total == 3 and not orange.legal  # 1 + (1 + 1 above the start) = 3 > move 2
    assert path_cost(b, s, CHAR, ["B3", "B4", "C4"], AbilityMove(3)).legal


# A Garrison on a hill: Base on A1 (height 1), Engaged with Z on A2 (height 1, E1); C1 is height 2.
ABILITY_GARRISON = "map:\n  1 0 2 0\n   1 0 0 0\nunits:\n  Z side=b at=A2\ngarrisons:\n  Base side=a at=A1\n"


def test_a_garrison_moved_by_an_ability_pays_the_same_costs_by_default():
    b, s = sc(ABILITY_GARRISON)
    # Move 3 - 1 Engaged (E2) = 2. Jumping from 1 (J1): B1 (down) 1; B2 1 + 1 = 2; C1 costs
    # 1 + (1 + (2 - 1)) = 3 > 2; Z on A2 (height 1, not lower than 1) blocks (J2).
    r = reachable(b, s, "Base", AbilityMove(3))
    assert r.allowance.total == 2
    assert {b.label(h): c for h, c in r.costs.items()} == {"B1": 1, "B2": 2}
    with pytest.raises(RuleError, match="Garrison") as err:  # Garrisons never Advance or Dash (M2)
        allowance(b, s, "Base", "advance")
    assert err.value.ruling == "M2"


def test_a_garrison_moved_by_an_ability_may_ignore_elevation_and_engagement():
    b, s = sc(ABILITY_GARRISON)
    # "ignores": move 3, no -1; every step 1 (no climb): B1 1, B2 2, C1 2, C2 3, D1 3.
    r = reachable(b, s, "Base", AbilityMove(3), IGNORES)
    assert (r.allowance.total, r.allowance.engagement, r.allowance.engagement_ignored) == (3, 0, "M5")
    assert {b.label(h): c for h, c in r.costs.items()} == {"B1": 1, "B2": 2, "C1": 2, "C2": 3, "D1": 3}
    up = path_cost(b, s, "Base", ["B1", "C1"], AbilityMove(3), IGNORES)
    # B1 (0) -> C1 (2) while jumping from 1 would climb 2 - 1 = 1 (J1); ignored: 1 to enter.
    assert up.legal and up.total == 2 and (up.steps[1].climb, up.steps[1].climb_ignored) == (0, 1)
    assert "not paid" in up.explain() and "M5" in up.explain()
    assert "no -1: a Garrison moved by an ability ignores it (M5)" in up.allowance.explain()
    # The switch is for Garrisons: Z, a unit, pays: move 2 - 1 Engaged with Base = 1 either way.
    assert allowance(b, s, "Z", AbilityMove(2), IGNORES).total == 1


def test_a_garrison_that_ignores_engagement_is_never_stopped_by_it():
    # Base on A1 moves along row 1; enemy Z on C2 touches C1 and D1 (both ground). Under E3's
    # "stop" the Garrison must stop on C1 when it pays, and goes on when it ignores Engagement.
    b, s = sc("map:\n  0 0 0 0 0\n   0 0 0 0 0\nunits:\n  Z side=b at=C2\ngarrisons:\n  Base side=a at=A1\n")
    stop = DEFAULT.replace(engagement_on_entry="stop")
    paid = path_cost(b, s, "Base", ["B1", "C1", "D1"], AbilityMove(3), stop)
    assert not paid.legal and paid.ruling == "E3"
    ignored = path_cost(b, s, "Base", ["B1", "C1", "D1"], AbilityMove(3),
                        stop.replace(garrison_ability_move="ignores"))
    assert ignored.legal and ignored.total == 3


def test_ability_movement_readings_compared():
    b, s = sc(ABILITY_GARRISON)
    cmp = compare_reach(b, s, "Base", DEFAULT, IGNORES, kind=AbilityMove(3), target="C1")
    assert cmp.kind == "ability" and [a.total for a in cmp.allowances] == [2, 3]
    assert [b.label(h) for h in cmp.gained] == ["C1", "D1", "C2"]  # board order: row 1, then row 2
    assert [c.total for c in cmp.paths] == [3, 2] and [c.legal for c in cmp.paths] == [False, True]
    assert cmp.explain().startswith("Base ability move;")


@pytest.mark.parametrize("kind, match", [("ability", "AbilityMove"), ("run", "'run'")])
def test_a_movement_kind_that_is_not_one_is_named(kind, match):
    b, s = sc(ABILITY_UNIT)
    with pytest.raises(RuleError, match=match):
        allowance(b, s, "G", kind)


@pytest.mark.parametrize("n", [-1, 1.5, True, "3"])
def test_an_ability_movement_of_no_whole_number_of_hexes_is_refused(n):
    with pytest.raises(RuleError, match="hexes=") as err:
        AbilityMove(n)
    assert err.value.ruling == "M5"


# --- M3, M4: occupancy and the board edge ----------------------------------------------------------

ROW = "map:\n  0 0 0 0\nunits:\n  G side=a at=A1\n  F side=a at=B1\n"


def test_allies_pass_through_but_never_end_there():
    b, s = sc(ROW)
    r = reachable(b, s, "G")
    assert b.hex("C1") in r.costs and r.costs[b.hex("C1")] == 2  # through the ally on B1
    assert b.hex("B1") not in r.costs and b.hex("B1") in r.pass_only
    assert not path_cost(b, s, "G", ["B1"]).legal


def test_switch_allies_block():
    b, s = sc(ROW)
    opts = DEFAULT.replace(allies_pass_through=False)
    cost = path_cost(b, s, "G", ["B1", "C1"], options=opts)
    assert not cost.legal and cost.ruling == "M3"
    # a one-row board has no way round the ally
    assert b.hex("C1") not in reachable(b, s, "G", options=opts).costs


def test_enemies_block_at_ground_level():
    b, s = sc("map:\n  0 0 0\nunits:\n  G side=a at=A1\n  Z side=b at=B1\n")
    cost = path_cost(b, s, "G", ["B1", "C1"])
    assert not cost.legal and cost.ruling == "M3" and "enemy unit 'Z'" in cost.reason


def test_leaving_the_board_is_never_a_step():
    b, s = sc("map:\n  0 0\nunits:\n  G side=a at=A1\n")
    with pytest.raises(BoardError):
        path_cost(b, s, "G", ["A1", "Z9"])
    assert set(reachable(b, s, "G").costs) == {b.hex("B1")}


# --- E: Engagement ---------------------------------------------------------------------------------

def test_rulebook_engagement_example_both_engaged_each_movement_costs_one_more():
    """RULES.md's worked example of E1 and E2: two units adjacent at the same elevation are both
    Engaged (E1), and each movement they initiate, an Advance and a Dash alike, has one point less
    (E2)."""
    b, s = builtin("engagement").board, builtin("engagement").state
    assert engagements(b, s) == {GUNDAM: (CHAR,), CHAR: (GUNDAM,)}
    a = allowance(b, s, GUNDAM)
    assert (a.engagement, a.total) == (1, 2)  # 3 - 1
    assert allowance(b, s, CHAR, "dash").total == 1  # 2 - 1
    check_attack_targets(b, s, GUNDAM, [CHAR])


def test_e2_each_movement_initiated_while_engaged_loses_one_point_advance_dash_and_ability():
    """E2: "It applies to each movement initiated while Engaged (an Advance, then a Dash: both)",
    and to an ability's "move N hexes" (M5). The rulebook's first Engagement board: the Gundam on
    C3 (flat ground) is Engaged with Char's Zaku II on D3. With 1 point (Dash 2 - 1, move 2 - 1) it
    reaches exactly its five empty neighbours, B3, B2, C2, B4 and C4 (odd-r: row 3 is even), for 1
    each; D3 holds Char (M3)."""
    b, s = builtin("engagement").board, builtin("engagement").state
    neighbours = {b.hex(h): 1 for h in ("B3", "B2", "C2", "B4", "C4")}
    for kind in ("dash", AbilityMove(2)):
        r = reachable(b, s, GUNDAM, kind)
        assert (r.allowance.engagement, r.allowance.total) == (1, 1), kind
        assert r.costs == neighbours, kind
    assert reachable(b, s, GUNDAM, "advance").allowance.total == 2  # 3 - 1


def test_rulebook_engagement_example_lower_enemy_does_not_engage():
    b, s = builtin("engagement_lower").board, builtin("engagement_lower").state
    assert engaged_with(b, s, GUNDAM) == (CHAR,)
    assert engaged_with(b, s, MINELAYER) == ()
    # E4: the Gundam cannot attack only the Minelayer while Engaged with Char's Zaku II.
    with pytest.raises(RuleError, match="must include") as err:
        check_attack_targets(b, s, GUNDAM, [MINELAYER])
    assert err.value.ruling == "E4"
    check_attack_targets(b, s, GUNDAM, [MINELAYER, CHAR])


def test_engagement_penalty_never_below_zero_and_fixed_at_the_start():
    b, s = sc("map:\n  0 0 0 0\nunits:\n  G side=a at=B1 advance=0 dash=0\n  Z side=b at=A1\n")
    assert allowance(b, s, "G").total == 0
    b, s = sc("map:\n  0 0 0 0\nunits:\n  G side=a at=B1\n  Z side=b at=A1\n")
    # Moving away from Z: the -1 stays for the whole movement (E2): 2 points, so D1 (2 hexes) is the limit.
    r = reachable(b, s, "G")
    assert r.allowance.total == 2 and r.costs[b.hex("D1")] == 2


def test_ignore_engagement_lifts_penalty_and_target_limit():
    text = "map:\n  0 0 0 0\nunits:\n  G side=a at=B1{}\n  Z side=b at=A1\n  Y side=b at=D1\n"
    b, s = sc(text.format(""))
    assert allowance(b, s, "G").engagement == 1
    with pytest.raises(RuleError):
        check_attack_targets(b, s, "G", ["Y"])
    b, s = sc(text.format(" ignore_engagement=yes"))
    assert allowance(b, s, "G").engagement == 0  # E5
    check_attack_targets(b, s, "G", ["Y"])  # E5: no targeting limit


def test_becoming_engaged_mid_move_continue_or_stop():
    # G at A1 moves along row 1; Z on C2 (axial (2, 1)) is adjacent to C1 and D1, not to B1.
    b, s = sc("map:\n  0 0 0 0 0\n   0 0 0 0 0\nunits:\n  G side=a at=A1\n  Z side=b at=C2\n")
    cost = worked(b, s, "G", ["B1", "C1", "D1"], 3)  # flat ground, D1 3 hexes away: nothing cheaper
    assert cost.legal  # E3 default: Engaged from C1 on, the movement continues
    assert [st.engaged_with for st in cost.steps] == [(), ("Z",), ("Z",)]
    stop = DEFAULT.replace(engagement_on_entry="stop")
    cost = path_cost(b, s, "G", ["B1", "C1", "D1"], options=stop)
    assert not cost.legal and cost.ruling == "E3"
    assert b.hex("C1") in reachable(b, s, "G", options=stop).costs  # it may still stop there


# --- J: Jumping ------------------------------------------------------------------------------------

def test_rulebook_jumping_example():
    """RULES.md's worked example of J1 and J2, through path_cost and reachable. Odd-r: row 3 B3 1
    (Char, s = 1), C3 0 (the Garrison), D3 1; row 4 B4 0, C4 2."""
    b, s = builtin("jumping").board, builtin("jumping").state
    assert is_jumping(b, s, CHAR)
    # blue: over the lower Garrison to height 1: 1 + 1; D3 is 2 hexes away, nothing is cheaper
    blue = worked(b, s, CHAR, ["B3", "C3", "D3"], 2)
    assert blue.legal
    # orange: 1 + (1 + 1 level above s = 1); C4 is 2 hexes away, and every way into it from a hex
    # of height 0 or 1 climbs at least 1 above max(s, there) = 1 (J1): 3 at least
    orange = worked(b, s, CHAR, ["B3", "B4", "C4"], 3)
    assert orange.legal


def test_j1_worked_examples_and_the_alternative_reading():
    # Odd-r: row 1 A1 1 (G, s = 1), B1 0, C1 1, D1 0; row 2 A2 0, B2 2, C2 0, D2 0. C1 and B2 are
    # 2 hexes from A1; B2's neighbours are A2, C2, B1 (height 0) and C1 (height 1).
    b, s = sc("map:\n  1 0 1 0\n   0 2 0 0\nunits:\n  G side=a at=A1\n")
    # start at 1: 1 -> 0 -> 1 costs 2 (2 hexes: nothing cheaper), 1 -> 0 -> 2 costs 3 (default
    # reading; every way into B2 climbs 2 - max(1, 0 or 1) = 1: 3 at least)
    worked(b, s, "G", ["A1", "B1", "C1"], 2)
    worked(b, s, "G", ["A1", "B1", "B2"], 3)
    alt = DEFAULT.replace(jump_climb="relative_when_above_start")
    worked(b, s, "G", ["A1", "B1", "C1"], 2, options=alt)  # elev 1 is not above s
    # 1 + (1 + 2 - 0); the other ways cost as much: A2 (1) then 3, C1 (2) then 1 + (2 - 1)
    cost = worked(b, s, "G", ["A1", "B1", "B2"], 4, options=alt)
    assert "2 climb (height 0 -> 2)" in cost.steps[1].note
    assert "1 climb (starting elevation 1 -> 2)" in path_cost(b, s, "G", ["A1", "B1", "B2"]).steps[1].note


def test_ground_level_units_never_jump_and_cannot_pass_enemies():
    b, s = builtin("jumping").board, builtin("jumping").state
    s0 = s.move(CHAR, b.hex("B4"))  # height 0
    assert not is_jumping(b, s0, CHAR)
    cost = path_cost(b, s0, CHAR, ["B4", "C3"])  # the Garrison's hex
    assert not cost.legal
    worked(b, s0, CHAR, ["C4"], 3)  # ground into height 2: 1 + 2 (1 hex and 2 levels: nothing cheaper)


def test_jumping_over_an_enemy_at_the_same_or_higher_elevation_is_blocked():
    """J2: a jumping unit passes over enemies on hexes lower than its starting elevation only; an
    enemy on a hex of the same height (here 1 = s) blocks."""
    b, s = sc("map:\n  1 1 1\nunits:\n  G side=a at=A1\n  Z side=b at=B1\n")
    cost = path_cost(b, s, "G", ["B1", "C1"])
    assert not cost.legal and cost.ruling == "J2"


# --- T: terrain ------------------------------------------------------------------------------------

WATER = "map:\n  0 ~ 0 0\nunits:\n  G side=a at=A1\n  W side=a at=D1\n"


def test_water_costs_one_extra_to_enter_by_default():
    """T1, the default reading: entering a water hex costs 1 extra (1 + 1 = 2 for A1 -> B1)."""
    b, s = sc(WATER)
    st = step_cost(b, s, "G", "A1", "B1")
    assert (st.terrain, st.cost) == (1, 2)
    # a one-row board: the only ways to B1 and C1 (T1: +1 to enter the water on B1)
    worked(b, s, "G", ["B1"], 2)
    worked(b, s, "G", ["B1", "C1"], 3)


def test_water_switches():
    b, s = sc(WATER)
    s = s.move("G", b.hex("B1"))  # start in water
    allow = DEFAULT.replace(water="allowance")
    assert allowance(b, s, "G", options=allow).total == 2  # 3 - 1 for starting in water
    assert allowance(b, s, "G").total == 3
    none = DEFAULT.replace(water="none")
    b2, s2 = sc(WATER)
    worked(b2, s2, "G", ["B1"], 1, options=none)  # T1 "none": the water costs nothing extra


def test_impassable_hexes_can_never_be_entered():
    b, s = sc("map:\n  0 X 0\nunits:\n  G side=a at=A1\n")
    cost = path_cost(b, s, "G", ["B1"])
    assert not cost.legal and cost.ruling == "T1"
    with pytest.raises(RuleError) as err:
        path_to(b, s, "G", "C1")
    assert err.value.ruling == "M1"


# --- explanations and bad input --------------------------------------------------------------------

def test_breakdown_explains_every_step():
    b, s = builtin("elevation").board, builtin("elevation").state
    text = path_cost(b, s, GUNDAM, ["C3", "D3", "D2"]).explain()
    assert "C3 -> D3: 1 to enter + 1 climb (height 0 -> 1) = 2" in text
    assert "Total 4 of 3 movement points: illegal" in text
    rows = path_cost(b, s, GUNDAM, ["C3", "C2"]).table()
    assert rows == [{"from": "C3", "to": "C2", "enter": 1, "climb": 2, "terrain": 0, "cost": 3, "total": 3}]


def test_a_breakdown_says_becomes_engaged_only_for_an_enemy_new_since_the_start():
    # E3: "becoming" Engaged is with an enemy the unit was not Engaged with when the movement
    # began. On the engagement board the Gundam (C3) starts Engaged with Char (D3, E1); C2 is next
    # to D3 too: still Engaged, as at the start. The trial saw "Engaged with Char (E3)" there,
    # which reads as a new Engagement.
    sc = builtin("engagement")
    text = path_cost(sc.board, sc.state, GUNDAM, ["C3", "C2"]).explain()
    assert "C3 -> C2: 1 to enter = 1 (total 1); still Engaged with Char's Zaku II, as at the start (E1)" in text
    assert "becomes" not in text and "(E3)" not in text
    # the same board, the Gundam starting on A3 away from Char: B3 is not next to D3; C3 is (it
    # becomes Engaged, once); C2 is next to D3 as well (still Engaged, no second "becomes")
    far = Scenario.from_text(sc.to_text().replace("at=C3", "at=A3"))
    text = path_cost(far.board, far.state, GUNDAM, ["A3", "B3", "C3", "C2"]).explain()
    lines = text.splitlines()
    assert lines[1] == "  1. A3 -> B3: 1 to enter = 1 (total 1)"
    assert lines[2] == "  2. B3 -> C3: 1 to enter = 1 (total 2); becomes Engaged with Char's Zaku II (E3)"
    assert lines[3] == "  3. C3 -> C2: 1 to enter = 1 (total 3); still Engaged with Char's Zaku II (E3)"


def test_move_returns_a_new_state():
    b, s = builtin("elevation").board, builtin("elevation").state
    s2, cost = move(b, s, GUNDAM, "D3")
    assert s2.unit(GUNDAM).hex == b.hex("D3") and s.unit(GUNDAM).hex == b.hex("C3")
    assert cost.total == 2


def test_bad_input_is_named():
    b, s = builtin("elevation").board, builtin("elevation").state
    with pytest.raises(BoardError, match="Q99"):
        path_to(b, s, GUNDAM, "Q99")
    with pytest.raises(ValueError, match="no unit named 'Zaku'"):
        reachable(b, s, "Zaku")
    with pytest.raises(RuleError, match="cutoff -1"):
        reachable(b, s, GUNDAM, cutoff=-1)
    with pytest.raises(RuleError, match="not adjacent") as err:
        step_cost(b, s, GUNDAM, "C3", "E3")
    assert err.value.ruling == "M1"


# --- review follow-ups -----------------------------------------------------------------------------

def test_movement_on_an_axial_board_around_the_origin():
    # A radius-2 hexagon around (0, 0): half its hexes have no offset label; costs are M1's.
    from hexrules.board import Board
    from hexrules.hexgrid import Hex
    from hexrules.state import State, Unit

    cells = {h: (0, "open") for h in Hex(0, 0).spiral(2)}
    cells[Hex(-1, 0)] = (1, "open")
    b = Board(cells)
    s = State([Unit("G", "a", Hex(0, 0))])
    st = step_cost(b, s, "G", Hex(0, 0), Hex(-1, 0))
    # 1 + 1 level; Hex(-1, 0) is odd-r column -1, the column before A: named "-A1" (issue 10.5)
    assert st.cost == 2 and st.note.startswith("A1 -> -A1: ")
    s2, cost = move(b, s, "G", Hex(-2, 0))
    # over the hill (2 + 1) or around it (three steps of 1): 3 either way
    assert cost.total == 3 and s2.unit("G").hex == Hex(-2, 0)
    assert len(reachable(b, s, "G").costs) == 18  # every other hex of the hexagon, within 3


def test_an_enemy_garrison_engages():
    b, s = sc("map:\n  0 0 0\nunits:\n  G side=a at=A1\ngarrisons:\n  Post side=b at=B1\n")
    assert engaged_with(b, s, "G") == ("Post",)
    assert allowance(b, s, "G").total == 2


def test_rulebook_second_engagement_example_pairs():
    # The Gundam (C3, height 1) is adjacent to Char's Zaku II (D3, height 1) and to the
    # Minelayer (B3, ground): only Char's Zaku II engages it; the Minelayer, one level lower, is
    # adjacent but not Engaged (E1). Char's Zaku II and the Minelayer are allies: never a pair.
    b, s = builtin("engagement_lower").board, builtin("engagement_lower").state
    assert engaged_pairs(b, s) == [(CHAR, GUNDAM)]
    assert adjacent_not_engaged(b, s) == [(GUNDAM, MINELAYER)]
    # the first example: adjacent at the same elevation, Engaged, nobody left out
    b, s = builtin("engagement").board, builtin("engagement").state
    assert engaged_pairs(b, s) == [(CHAR, GUNDAM)]
    assert adjacent_not_engaged(b, s) == []


def test_several_adjacent_pairs_at_other_elevations():
    # One row of hexes, heights 0 1 0 2 2, so each hex is adjacent to the next one only.
    # A|B: 0 vs 1, B|C: 1 vs 0, C|D: 0 vs 2 are enemies at another elevation (not Engaged, E1);
    # D|Post: 2 vs 2, an enemy Garrison at the same elevation (Engaged, E1); A and C are allies
    # two hexes apart, and B and D allies two hexes apart: never listed.
    b, s = sc("map:\n  0 1 0 2 2\nunits:\n  A side=a at=A1\n  B side=b at=B1\n  C side=a at=C1\n"
              "  D side=b at=D1\ngarrisons:\n  Post side=a at=E1\n")
    assert adjacent_not_engaged(b, s) == [("A", "B"), ("B", "C"), ("C", "D")]
    assert engaged_pairs(b, s) == [("D", "Post")]
    # without B, its two pairs go and the others stay
    assert adjacent_not_engaged(b, s.remove("B")) == [("C", "D")]


def test_engagement_pairs_refuse_a_value_that_is_not_a_board_or_state():
    b, s = builtin("engagement").board, builtin("engagement").state
    with pytest.raises(BoardError, match="not a Board"):
        adjacent_not_engaged("map", s)
    with pytest.raises(StateError, match="not a State"):
        engaged_pairs(b, [])


def test_engagement_penalty_switch():
    b, s = builtin("engagement").board, builtin("engagement").state
    assert allowance(b, s, GUNDAM, options=DEFAULT.replace(engagement_penalty=0)).total == 3
    assert allowance(b, s, GUNDAM, options=DEFAULT.replace(engagement_penalty=2)).total == 1


def test_e3_stop_only_for_a_newly_engaged_enemy_and_not_with_e5():
    # Odd-r labels: A1=(0,0) B1=(1,0) A2=(0,1) B2=(1,1) A3=(-1,2) C3=(1,2) C4=(1,3) D3=(2,2).
    # G on A1 starts Engaged with Z on B1 (B1 is next to A1, A2 and B2). Y on D3 is next to C3.
    text = "map:\n  0 0 0 0\n   0 0 0 0\n  0 0 0 0\n   0 0 0 0\nunits:\n  G side=a at=A1 advance=5{}\n  Z side=b at=B1\n  Y side=b at=D3\n"
    b, s = sc(text.format(""))
    stop = DEFAULT.replace(engagement_on_entry="stop")
    assert path_cost(b, s, "G", ["A2", "A3"], options=stop).legal  # along Z: not newly Engaged
    assert path_cost(b, s, "G", ["A2", "B2", "C3"], options=stop).legal  # may stop next to Y
    blocked = path_cost(b, s, "G", ["A2", "B2", "C3", "C4"], options=stop)
    assert not blocked.legal and blocked.ruling == "E3" and "'Y'" in blocked.reason
    assert path_cost(b, s, "G", ["A2", "B2", "C3", "C4"]).legal  # default: continue
    b2, s2 = sc(text.format(" ignore_engagement=yes"))
    assert path_cost(b2, s2, "G", ["A2", "B2", "C3", "C4"], options=stop).legal  # E5 lifts the stop


def test_e3_leaving_an_enemy_and_coming_back_next_to_it_is_not_becoming_engaged():
    # RULES.md E3 (clarified): "becoming" Engaged is with an enemy the unit was not Engaged with
    # when the movement began. Odd-r: B1 = (1,0), C1 = (2,0), D1 = (3,0), A2 = (0,1), B2 = (1,1);
    # Z on A2 touches A1, B1 and B2. G on B1 starts Engaged with Z. B1 -> C1 -> D1 leaves Z, then
    # D1 -> C1 -> B2 comes back next to Z, and B2 -> B1 stays next to it. Under "stop" nothing
    # forces a stop: Z was Engaged with G when the movement began.
    b, s = sc("map:\n  0 0 0 0 0\n   0 0 0 0 0\nunits:\n  G side=a at=B1 advance=6\n  Z side=b at=A2\n")
    stop = DEFAULT.replace(engagement_on_entry="stop")
    back = path_cost(b, s, "G", ["C1", "D1", "C1", "B2", "B1"], options=stop)
    # 6 - 1 Engaged at the start (E2) = 5; five steps on flat ground cost 5.
    assert back.legal and back.total == 5
    assert [st.engaged_with for st in back.steps] == [(), (), (), ("Z",), ("Z",)]


def test_allowance_explains_the_floor():
    b, s = sc("map:\n  0 0\nunits:\n  G side=a at=A1 advance=0 dash=0\n  Z side=b at=B1\n")
    assert allowance(b, s, "G").explain() == "allowance 0 = Advance 0 - 1 Engaged with Z (E2) (never below 0)"


def test_bad_arguments_are_named():
    from hexrules.errors import OptionsError, StateError
    from hexrules.hexgrid import Hex

    b, s = builtin("elevation").board, builtin("elevation").state
    with pytest.raises(OptionsError, match="options=None"):
        reachable(b, s, GUNDAM, options=None)
    with pytest.raises(BoardError, match="board None"):
        reachable(None, s, GUNDAM)
    with pytest.raises(StateError, match="state None"):
        path_to(b, None, GUNDAM, "C4")
    with pytest.raises(BoardError, match="path 'C4' is not a sequence"):
        path_cost(b, s, GUNDAM, "C4")
    with pytest.raises(StateError, match="targets 'Zaku' is not a list"):
        check_attack_targets(b, s, GUNDAM, "Zaku")
    with pytest.raises(StateError, match="not on the board"):
        path_to(b, s.move(GUNDAM, Hex(40, 40)), GUNDAM, "C4")
    with pytest.raises(BoardError, match="M4"):
        path_cost(b, s, GUNDAM, ["C3", "Z1"])


# --- an out-of-reach target: one answer to "what does it cost?" (issue 9 part 1) ---------------------

# The elevation board (hexrules/scenarios/elevation.hex), odd-r rows, elevations:
#   row 1: A1 0  B1 0  C1 0  D1 1  E1 2  F1 2
#   row 2:   A2 0  B2 0  C2 2  D2 2  E2 2  F2 1
#   row 3: A3 0  B3 0  C3 0  D3 1  E3 1  F3 1
# Every cheapest path from C3 to F1 costs 6 (M1: 1 to enter + 1 per level climbed), step by step:
CHEAPEST_TO_F1 = {
    ("C3", "D3", "E3", "E2", "F1"): [2, 1, 2, 1],  # 0->1, 1->1, 1->2, 2->2
    ("C3", "D3", "D2", "E1", "F1"): [2, 2, 1, 1],
    ("C3", "D3", "D2", "E2", "F1"): [2, 2, 1, 1],
    ("C3", "C2", "D2", "E1", "F1"): [3, 1, 1, 1],  # 0->2 straight up
    ("C3", "C2", "D2", "E2", "F1"): [3, 1, 1, 1],
}


@pytest.mark.parametrize(("speed", "kind", "allowance_total"), [(0, "advance", 3), (0, "dash", 2), (4, "advance", 7)])
def test_an_out_of_reach_target_costs_its_whole_cheapest_path(speed, kind, allowance_total):
    sc_ = builtin("elevation")
    state = sc_.state.replace_unit(GUNDAM, speed=speed)
    cost = path_to(sc_.board, state, GUNDAM, "F1", kind)
    labels = tuple(sc_.board.label(h) for h in cost.path)
    # reachable agrees: 6 is the cheapest cost of F1 (M1), whatever the allowance
    assert reachable(sc_.board, state, GUNDAM, kind, cutoff=6).costs[sc_.board.hex("F1")] == 6
    assert labels in CHEAPEST_TO_F1, labels
    expected = CHEAPEST_TO_F1[labels]
    # the full path, its complete breakdown, the allowance: the same answer whatever the allowance
    assert [st.cost for st in cost.steps] == expected and cost.total == 6
    assert cost.allowance.total == allowance_total
    # the first step the unit cannot pay (M1): the first whose running total exceeds the allowance
    running = [sum(expected[: i + 1]) for i in range(len(expected))]
    first = next((i for i, r in enumerate(running) if r > allowance_total), None)
    assert cost.unaffordable == first
    assert cost.legal == (first is None)
    if first is None:
        assert cost.stops_at is None and cost.ruling is None
        return
    assert cost.ruling == "M1" and cost.stops_at == cost.path[first]
    text = cost.explain()
    assert f"Total 6 of {allowance_total} movement points: illegal" in text
    step_lines = [line for line in text.splitlines() if line.startswith("  ")]
    assert len(step_lines) == 4  # every step of the path, not only those up to the first unpaid one
    assert "first step it cannot pay" in step_lines[first]
    assert not any("cannot pay" in line for i, line in enumerate(step_lines) if i != first)
    stop = labels[first]
    assert f"it stops on {stop}" in text
    rows = cost.table()
    assert [r["total"] for r in rows] == running
    assert [r["can pay"] for r in rows] == ["yes"] * first + ["no"] * (4 - first)


def test_the_issue_s_reported_readings_of_f1():
    # Lesson 02, ReachExplorer("elevation"), target F1: "cost 5 of 3" with Speed 0 and "3 of 2" with
    # Dash were the cost up to the first unaffordable step; the cheapest path costs 6 in all three.
    sc_ = builtin("elevation")
    for speed, kind in ((0, "advance"), (0, "dash"), (4, "advance")):
        state = sc_.state.replace_unit(GUNDAM, speed=speed)
        assert path_to(sc_.board, state, GUNDAM, "F1", kind).total == 6


def test_a_refused_step_after_an_unaffordable_one():
    # G (Advance 2) on A1: B1 costs 3 (0 -> 2), C1 is impassable. The first step is unaffordable
    # (M1) and the second forbidden (T1): the refusal is the verdict (no allowance could take this
    # path), and the breakdown still marks the step the unit cannot pay.
    b, s = sc("map:\n  0 2 X\nunits:\n  G side=a at=A1 advance=2\n")
    cost = path_cost(b, s, "G", ["A1", "B1", "C1"])
    assert not cost.legal and cost.ruling == "T1"
    assert cost.unaffordable == 0 and cost.stops_at == b.hex("A1")
    assert [st.cost for st in cost.steps] == [3] and cost.total == 3
    assert "first step it cannot pay" in cost.explain()
