"""Push, Pull and collisions (RULES.md P, L, T2): known answers worked out by hand.

Every expected value below comes from the rule text and hex geometry, reasoned in the comments;
none is copied from the engine's output. Coordinates are axial ``Hex(q, r)``; the hex distance
of ``(q, r)`` from ``(0, 0)`` is ``(|q| + |r| + |q + r|) / 2``. The six neighbours of ``(q, r)``
are ``(q+1, r) (q+1, r-1) (q, r-1) (q-1, r) (q-1, r+1) (q, r+1)``.
"""

from __future__ import annotations

import dataclasses

import pytest

import hexrules.forced as forced_module

from hexrules import builtin
from hexrules.board import Board
from hexrules.errors import BoardError, HexError, HexrulesError, OptionsError, RuleError, StateError
from hexrules.forced import (
    ENDINGS,
    Branch,
    BranchIndexError,
    ForcedMove,
    forced,
    pull,
    pull_many,
    pull_next,
    push,
    push_many,
    push_next,
    resolve,
)
from hexrules.hexgrid import Hex
from hexrules.options import DEFAULT
from hexrules.state import State, Unit

O = Hex(0, 0)


def open_board(radius: int = 4, changes: dict | None = None) -> Board:
    """Open ground, every hex within ``radius`` of (0,0) at height 0, with some cells changed."""
    cells = {h: (0, "open") for h in O.spiral(radius)}
    cells.update(changes or {})
    return Board(cells)


def two(target: Hex, source: Hex = O, *extra: Unit) -> State:
    """Zaku (zeon) on ``source``, Gundam (federation) on ``target``, plus ``extra`` units."""
    return State([Unit("Zaku", "zeon", source), Unit("Gundam", "federation", target), *extra])


def finals(fm: ForcedMove, steps: int | None = None) -> set[Hex]:
    """Final hexes of the branches (that moved exactly ``steps`` hexes, if given)."""
    return {b.final for b in fm if steps is None or b.moved == steps}


# --- geometry ------------------------------------------------------------------------------------


def test_push_next_is_strictly_farther():
    # (1,0) is at distance 1; its neighbours are (2,0) d2, (2,-1) d2, (1,-1) d1, (0,0) d0,
    # (0,1) d1, (1,1) d2: the strictly farther ones are (2,0), (2,-1), (1,1).
    assert set(push_next(O, Hex(1, 0))) == {Hex(2, 0), Hex(2, -1), Hex(1, 1)}
    # (1,1) is at distance 2 between two ring corners: only (2,1) d3 and (1,2) d3 are farther.
    assert set(push_next(O, Hex(1, 1))) == {Hex(2, 1), Hex(1, 2)}


def test_pull_next_is_strictly_closer_and_never_the_source():
    # (1,1) d2: neighbours (1,0) and (0,1) are at distance 1, the others 2 or 3.
    assert set(pull_next(O, Hex(1, 1))) == {Hex(1, 0), Hex(0, 1)}
    # (2,0) lies on a straight line from the source: only (1,0) is closer.
    assert pull_next(O, Hex(2, 0)) == (Hex(1, 0),)
    # Next to the source the only closer hex would be the source itself, which is never entered.
    assert pull_next(O, Hex(1, 0)) == ()


# --- RULES.md worked examples ----------------------------------------------------------------


def test_rules_push1_open_ground():
    # RULES.md: source (0,0), target (1,0), Push 1 on open ground: exactly (2,0), (2,-1), (1,1).
    fm = push(open_board(), two(Hex(1, 0)), O, "Gundam", 1)
    assert finals(fm, steps=1) == {Hex(2, 0), Hex(2, -1), Hex(1, 1)}
    # plus the choice not to push at all (P1: may stop after 0 steps)
    assert finals(fm) == {Hex(1, 0), Hex(2, 0), Hex(2, -1), Hex(1, 1)}
    assert len(fm) == 4
    assert {b.ending for b in fm} == {"stop", "full"}
    assert all(b.damage == {} for b in fm)


def test_rules_pull1_two_equal_paths():
    # RULES.md: source (0,0), target (1,1), Pull 1: either (1,0) or (0,1).
    fm = pull(open_board(), two(Hex(1, 1)), O, "Gundam", 1)
    assert finals(fm, steps=1) == {Hex(1, 0), Hex(0, 1)}
    assert len(fm) == 3  # stop, (1,0), (0,1)


def test_rules_pull_adjacent_same_elevation_refused():
    # RULES.md: source (0,0), target (1,0), Pull: not allowed (adjacent, same elevation).
    with pytest.raises(RuleError) as e:
        pull(open_board(), two(Hex(1, 0)), O, "Gundam", 1)
    assert e.value.ruling == "L3"
    assert "Gundam" in str(e.value) and "adjacent" in str(e.value)


def test_rules_push_into_higher_hex():
    # RULES.md: Push into a hex one level higher: the target stays, takes 2, the Push ends.
    board = open_board(changes={Hex(2, 0): (1, "open")})
    state = two(Hex(1, 0))
    fm = push(board, state, O, "Gundam", 2)
    b = fm.choose(Hex(2, 0))
    assert b.ending == "terrain" and b.levels == 1 and b.collision
    assert b.final == Hex(1, 0)
    assert b.damage == {"Gundam": 2}
    assert b.path == () and b.attempted == Hex(2, 0)
    # the Push ends: no branch goes on after attempting (2,0) as its first step
    assert [x for x in fm if x.choice[:1] == (Hex(2, 0),)] == [b]
    new = resolve(board, state, b)
    assert new.unit("Gundam").hex == Hex(1, 0) and new.unit("Gundam").damage == 2
    assert new.unit("Zaku").damage == 0
    assert all(d.non_combat for d in b.damages)  # P6


# --- Push 2 / Pull 2 on open ground -----------------------------------------------------------


def test_push2_open_ground():
    # Step 1 from (1,0): (2,0), (2,-1), (1,1) (see test_push_next_is_strictly_farther).
    # Step 2, hexes at distance 3:
    #   from (2,0) [corner of ring 2]: (3,0), (3,-1), (2,1)
    #   from (2,-1) [edge of ring 2]: neighbours (3,-1) d3, (3,-2) d3, (2,-2) d2, (1,-1) d1,
    #     (1,0) d1, (2,0) d2 -> (3,-1), (3,-2)
    #   from (1,1): (2,1), (1,2)
    # Branches: stop before any step (1) + stop after one step (3) + full paths (3+2+2 = 7) = 11.
    fm = push(open_board(), two(Hex(1, 0)), O, "Gundam", 2)
    assert len(fm) == 11
    full = [b for b in fm if b.ending == "full"]
    assert sorted(b.path for b in full) == sorted([
        (Hex(2, 0), Hex(3, 0)), (Hex(2, 0), Hex(3, -1)), (Hex(2, 0), Hex(2, 1)),
        (Hex(2, -1), Hex(3, -1)), (Hex(2, -1), Hex(3, -2)),
        (Hex(1, 1), Hex(2, 1)), (Hex(1, 1), Hex(1, 2)),
    ])
    assert finals(fm, steps=2) == {Hex(3, 0), Hex(3, -1), Hex(2, 1), Hex(3, -2), Hex(1, 2)}
    assert len([b for b in fm if b.ending == "stop"]) == 4


def test_pull2_open_ground():
    # Target (2,1), distance 3 from (0,0). Closer neighbours: (2,0) d2 and (1,1) d2.
    # From (2,0) (straight line): only (1,0). From (1,1): (1,0) and (0,1).
    # Branches: stop (1) + stop after one (2) + full paths (1 + 2) = 6.
    fm = pull(open_board(), two(Hex(2, 1)), O, "Gundam", 2)
    assert len(fm) == 6
    assert sorted(b.path for b in fm if b.ending == "full") == sorted([
        (Hex(2, 0), Hex(1, 0)), (Hex(1, 1), Hex(1, 0)), (Hex(1, 1), Hex(0, 1)),
    ])
    assert finals(fm) == {Hex(2, 1), Hex(2, 0), Hex(1, 1), Hex(1, 0), Hex(0, 1)}


def test_pull3_ends_next_to_the_source():
    # Same target, Pull 3: after two steps the Gundam is next to the Zaku at the same height, so
    # it can be pulled no closer (L3, and the source hex is never entered): those three
    # branches end "adjacent" with one step unused, and no extra "stop" branch is offered there.
    fm = pull(open_board(), two(Hex(2, 1)), O, "Gundam", 3)
    adj = [b for b in fm if b.ending == "adjacent"]
    assert sorted(b.path for b in adj) == sorted([
        (Hex(2, 0), Hex(1, 0)), (Hex(1, 1), Hex(1, 0)), (Hex(1, 1), Hex(0, 1)),
    ])
    assert len(fm) == 6 and not [b for b in fm if b.ending == "full"]


def test_push0_and_pull0_move_nothing():
    fm = push(open_board(), two(Hex(1, 0)), O, "Gundam", 0)
    assert len(fm) == 1 and fm[0].final == Hex(1, 0) and fm[0].steps == () and fm[0].ending == "full"


# --- next to obstacles ---------------------------------------------------------------------------


def test_push2_every_first_step_blocked():
    # (2,0) holds the GM (an ally of the target: still a collision, P2), (2,-1) is one level
    # higher, (1,1) is impassable. Every first step collides: stop + 3 collisions, and the
    # Gundam can only end on (1,0).
    board = open_board(changes={Hex(2, -1): (1, "open"), Hex(1, 1): (0, "impassable")})
    state = two(Hex(1, 0), O, Unit("GM", "federation", Hex(2, 0)))
    fm = push(board, state, O, "Gundam", 2)
    assert len(fm) == 4
    assert finals(fm) == {Hex(1, 0)}
    unit = fm.choose(Hex(2, 0))
    assert (unit.ending, unit.hit, unit.damage) == ("unit", "GM", {"Gundam": 2, "GM": 2})
    terr = fm.choose(Hex(2, -1))
    assert (terr.ending, terr.levels, terr.damage) == ("terrain", 1, {"Gundam": 2})
    rock = fm.choose(Hex(1, 1))
    assert (rock.ending, rock.damage) == ("impassable", {"Gundam": 2})
    new = resolve(board, state, unit)
    assert (new.unit("Gundam").damage, new.unit("GM").damage, new.unit("Zaku").damage) == (2, 2, 0)
    assert new.unit("GM").hex == Hex(2, 0) and new.unit("Gundam").hex == Hex(1, 0)


def test_push2_obstacle_on_second_step():
    # (3,-1) at height 2 is a second step from both (2,0) and (2,-1): two collision branches
    # (2 levels higher). Everything else as on open ground: 4 stops, 5 full paths.
    board = open_board(changes={Hex(3, -1): (2, "open")})
    fm = push(board, two(Hex(1, 0)), O, "Gundam", 2)
    col = fm.collisions
    assert sorted(b.choice for b in col) == sorted([(Hex(2, 0), Hex(3, -1)), (Hex(2, -1), Hex(3, -1))])
    assert all(b.levels == 2 and b.damage == {"Gundam": 2} for b in col)
    assert {b.final for b in col} == {Hex(2, 0), Hex(2, -1)}
    assert len(fm) == 11  # 1 + 3 stops, 5 full, 2 collisions
    assert Hex(3, -1) not in finals(fm)


def test_pull2_obstacle_unit_in_trajectory():
    # Target (2,0), d2, straight line: its only closer hex is (1,0). A GM (the target's ally) on
    # (1,0) is in the trajectory: a collision (L2), both take 2, the Pull ends.
    state = two(Hex(2, 0), O, Unit("GM", "federation", Hex(1, 0)))
    fm = pull(open_board(), state, O, "Gundam", 2)
    assert len(fm) == 2  # stop, collision
    b = fm.choose(Hex(1, 0))
    assert b.ending == "unit" and b.hit == "GM" and b.damage == {"Gundam": 2, "GM": 2}
    assert b.final == Hex(2, 0)


def test_pull_into_higher_hex_collides():
    # Pull 1 on (1,1): (1,0) is one level higher (collision), (0,1) is open.
    board = open_board(changes={Hex(1, 0): (1, "open")})
    fm = pull(board, two(Hex(1, 1)), O, "Gundam", 1)
    assert fm.choose(Hex(1, 0)).ending == "terrain"
    assert finals(fm) == {Hex(1, 1), Hex(0, 1)}


def test_collision_with_garrison_and_unit_on_higher_hex():
    # A Garrison on a higher hex: one collision with the Garrison (P2), 2 damage each, not 4.
    board = open_board(changes={Hex(2, 0): (1, "open")})
    state = two(Hex(1, 0), O, Unit("Base", "federation", Hex(2, 0), garrison=True))
    b = push(board, state, O, "Gundam", 1).choose(Hex(2, 0))
    assert b.ending == "unit" and b.damage == {"Gundam": 2, "Base": 2}
    assert "Garrison Base" in b.explain() and "also 1 level higher" in b.explain()


def test_a_unit_on_a_higher_hex_is_one_collision_push_and_pull():
    # RULES.md P2 (clarified): a step into a unit standing on a higher hex is ONE collision with
    # that unit, 2 damage each (not 2 more for the terrain). Push 1 from (0,0) on the Gundam at
    # (1,0) into the GM on (2,0), one level higher: Gundam 2, GM 2, the Gundam stays on (1,0).
    board = open_board(changes={Hex(2, 0): (1, "open")})
    gm = Unit("GM", "federation", Hex(2, 0))
    b = push(board, two(Hex(1, 0), O, gm), O, "Gundam", 1).choose(Hex(2, 0))
    assert (b.ending, b.final, b.damage) == ("unit", Hex(1, 0), {"Gundam": 2, "GM": 2})
    # Pull 1 from (0,0) on the Gundam at (2,0) toward the GM on (1,0), one level higher: the same.
    board = open_board(changes={Hex(1, 0): (1, "open")})
    state = two(Hex(2, 0), O, Unit("GM", "federation", Hex(1, 0)))
    b = pull(board, state, O, "Gundam", 1).choose(Hex(1, 0))
    assert (b.ending, b.final, b.damage) == ("unit", Hex(2, 0), {"Gundam": 2, "GM": 2})


# --- pushing down (P3) ---------------------------------------------------------------------------


def test_push_down_no_damage_by_default_and_per_level_switch():
    # Gundam on a height-2 hill at (1,0); (2,0) is at 0: a drop of 2 levels. Then (3,0) at 1 is
    # one level higher than (2,0) -- the comparison is with the current hex, not the start.
    board = open_board(changes={Hex(1, 0): (2, "open"), Hex(3, 0): (1, "open")})
    state = two(Hex(1, 0))
    fm = push(board, state, O, "Gundam", 2)
    down = fm.choose(Hex(2, 0))
    assert down.ending == "stop" and down.damage == {}
    up = fm.choose(Hex(2, 0), Hex(3, 0))
    assert up.ending == "terrain" and up.levels == 1 and up.final == Hex(2, 0) and up.damage == {"Gundam": 2}
    opts = DEFAULT.replace(push_drop_damage_per_level=1)
    fm1 = push(board, state, O, "Gundam", 2, options=opts)
    assert fm1.choose(Hex(2, 0)).damage == {"Gundam": 2}          # 2 levels x 1
    assert fm1.choose(Hex(2, 0), Hex(3, 0)).damage == {"Gundam": 4}  # drop 2 + collision 2
    assert fm1.choose(Hex(2, 0), Hex(3, 0)).involved == ("Gundam",)
    new = resolve(board, state, fm1.choose(Hex(2, 0), Hex(3, 0)), options=opts)
    assert new.unit("Gundam").damage == 4 and new.unit("Gundam").hex == Hex(2, 0)


# --- board edge (P4) ---------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["stop", "collide", "remove"])
def test_board_edge(mode):
    # Board of radius 2 around (0,0). Push 2 from (0,0) on (1,0): step 1 to (2,0), (2,-1), (1,1)
    # (distance 2, on the board); every second step is at distance 3, off the board: 3 + 2 + 2 = 7
    # edge branches, beside 4 stops (0 steps, and after each first step).
    board = open_board(radius=2)
    state = two(Hex(1, 0))
    opts = DEFAULT.replace(push_off_board=mode)
    fm = push(board, state, O, "Gundam", 2, options=opts)
    edge = fm.with_ending("edge")
    assert len(fm) == 11 and len(edge) == 7
    b = fm.choose(Hex(2, 0), Hex(3, 0))
    assert b.ending == "edge" and b.attempted == Hex(3, 0) and b.path == (Hex(2, 0),)
    new = resolve(board, state, b, options=opts)
    if mode == "stop":
        assert b.final == Hex(2, 0) and b.damage == {} and not b.collision
        assert new.unit("Gundam").hex == Hex(2, 0) and new.unit("Gundam").damage == 0
    elif mode == "collide":
        assert b.final == Hex(2, 0) and b.damage == {"Gundam": 2} and b.collision
        assert new.unit("Gundam").hex == Hex(2, 0) and new.unit("Gundam").damage == 2
    else:
        assert b.removed and b.final is None
        assert "Gundam" not in new
        assert finals(fm) - {None} == {Hex(1, 0), Hex(2, 0), Hex(2, -1), Hex(1, 1)}


def test_hole_in_the_board_is_the_edge():
    # A '-' hole at (2,0) is not a hex of the board: pushing into it is a step off the board.
    cells = {h: (0, "open") for h in O.spiral(3) if h != Hex(2, 0)}
    fm = push(Board(cells), two(Hex(1, 0)), O, "Gundam", 1)
    assert fm.choose(Hex(2, 0)).ending == "edge"


# --- L3, other elevation -------------------------------------------------------------------------


def test_pull_adjacent_other_elevation_switch():
    # The Zaku is on a height-1 hex at (0,0); the Gundam next to it at height 0. Its only closer
    # hex is the Zaku's own: by default nothing happens; with "collide" it hits the Zaku.
    board = open_board(changes={O: (1, "open")})
    state = two(Hex(1, 0))
    nothing = pull(board, state, O, "Gundam", 1)
    assert len(nothing) == 1 and nothing[0].ending == "adjacent" and nothing[0].damage == {}
    assert "nothing happens" in nothing[0].explain()
    opts = DEFAULT.replace(pull_other_elevation="collide")
    collide = pull(board, state, O, "Gundam", 1, options=opts)
    assert [b.ending for b in collide] == ["stop", "unit"]
    hit = collide.choose(O)
    assert hit.hit == "Zaku" and hit.damage == {"Gundam": 2, "Zaku": 2}
    assert hit.damages[0].ruling == "L3"
    new = resolve(board, state, hit, options=opts)
    assert new.unit("Zaku").damage == 2 and new.unit("Gundam").hex == Hex(1, 0)


# --- several units (P5) --------------------------------------------------------------------------


def test_push_many_order_matters():
    # Zaku on (0,0), Push 1 on both adjacent enemies A (1,0) and B (1,-1).
    # A's farther hexes: (2,0), (2,-1), (1,1). B (1,-1): neighbours (2,-1) d2, (2,-2) d2, (1,-2) d2,
    # (0,-1) d1, (0,0) d0, (1,0) d1 -> (2,-1), (2,-2), (1,-2). They share (2,-1).
    state = State([Unit("Zaku", "zeon", O), Unit("A", "federation", Hex(1, 0)), Unit("B", "federation", Hex(1, -1))])
    board = open_board()
    m = push_many(board, state, "Zaku", [("A", [Hex(2, -1)]), ("B", [Hex(2, -1)])], 1)
    assert m.branches[0].ending == "full"
    assert m.branches[1].ending == "unit" and m.branches[1].hit == "A"
    assert m.state.unit("A").hex == Hex(2, -1) and m.state.unit("B").hex == Hex(1, -1)
    assert (m.state.unit("A").damage, m.state.unit("B").damage) == (2, 2)
    assert len(m.states) == 3 and m.states[0] is state
    # the other order: B goes first, then A collides with B
    m2 = push_many(board, state, "Zaku", [("B", [Hex(2, -1)]), ("A", [Hex(2, -1)])], 1)
    assert m2.branches[1].hit == "B"
    # before anything moved, (2,-1) was free for B
    assert Hex(2, -1) in m.moves[0].destinations
    assert "P5" in m.explain()


def test_pull_many():
    state = State([Unit("Char", "zeon", O), Unit("A", "federation", Hex(2, 0)), Unit("B", "federation", Hex(1, 1))])
    m = pull_many(open_board(), state, "Char", [("A", ["B1"]), ("B", [Hex(1, 0)])], 1)
    # A takes (1,0) first (its only closer hex; label B1 on this board); B then collides with it
    assert m.state.unit("A").hex == Hex(1, 0)
    assert m.branches[1].hit == "A"


# --- explanations ------------------------------------------------------------------------------


def test_rulebook_push_example_knuckle_shield():
    # Scenario comments hold the hand check: from C3 (source B3) the Gundam can go to C2, D3, C4;
    # from there D2 (height 1) and D4 (height 2) are elevated: C2->D2, D3->D2, D3->D4, C4->D4.
    sc = builtin("push_knuckle_shield")
    b, s = sc.board, sc.state
    fm = push(b, s, "Zaku I", "RX-78-2 Gundam", 2)
    col = fm.collisions
    assert len(col) == 4  # "Four of the available paths would knock the RX-78-2 Gundam into elevated terrain"
    assert sorted((b.label(x.choice[0]), b.label(x.choice[1])) for x in col) == sorted(
        [("C2", "D2"), ("D3", "D2"), ("D3", "D4"), ("C4", "D4")])
    assert all(x.ending == "terrain" and x.damage == {"RX-78-2 Gundam": 2} for x in col)
    text = fm.choose("D3", "D2").explain()
    assert ("step 2 into D2 (height 1, 1 level higher than D3): collision with terrain; "
            "RX-78-2 Gundam takes 2 collision damage (non-combat, P6)") in text
    assert "2 levels higher than D3" in fm.choose("D3", "D4").explain()
    assert {b.label(h) for h in fm.destinations} == {"C3", "C2", "D3", "C4", "D1", "E3", "D5"}


def test_rulebook_pull_example_char():
    sc = builtin("pull_char_zaku")
    fm = pull(sc.board, sc.state, "Char's Zaku II", "RX-78-2 Gundam", 1)
    src = sc.state.unit("Char's Zaku II").hex
    assert sc.state.unit("RX-78-2 Gundam").hex - src == Hex(1, 1)
    assert finals(fm, steps=1) == {src + Hex(1, 0), src + Hex(0, 1)}


def test_explain_and_table():
    sc = builtin("push_collision")
    fm = push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2)
    gm = fm.choose("D3")
    assert "collision with GM (federation)" in gm.explain()
    assert "RX-78-2 Gundam and GM each take 2 collision damage (non-combat, P6)" in gm.explain()
    assert "stays on C3" in gm.explain()
    rows = fm.table()
    assert len(rows) == len(fm) and set(rows[0]) == {"#", "path", "ending", "ends on", "damage"}
    assert "<table>" in fm._repr_html_()
    assert fm.explain().startswith("Push 2 from B3 (Zaku I) on RX-78-2 Gundam at C3")
    assert set(ENDINGS) >= {b.ending for b in fm}
    # a pushed-down step says so
    assert "pushed down, no damage (P3)" in fm.choose("C2").explain()


def test_choose_roundtrip_and_resolve_method():
    sc = builtin("push_knuckle_shield")
    fm = push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2)
    for b in fm:
        assert fm.choose(*b.choice) == b
    new = fm.resolve(["D3", "E3"])
    assert sc.board.label(new.unit("RX-78-2 Gundam").hex) == "E3"
    assert fm.resolve() == sc.state  # the 0-step stop changes nothing


def test_engagement_and_terrain_do_not_change_push():
    # T2: a Federation unit adjacent to the target engages nobody of interest here, but the
    # Zaku and the Gundam ARE engaged (adjacent, same height) -- and water on the path costs
    # nothing: the outcomes are the same as on open ground with ignore_engagement set.
    board = open_board(changes={Hex(2, 0): (0, "water"), Hex(2, -1): (0, "water")})
    engaged = push(board, two(Hex(1, 0)), O, "Gundam", 2)
    plain = push(open_board(), State([Unit("Zaku", "zeon", O, ignore_engagement=True),
                                      Unit("Gundam", "federation", Hex(1, 0), ignore_engagement=True)]),
                 O, "Gundam", 2, options=DEFAULT.replace(engagement_penalty=0, water="none"))
    assert engaged.branches == plain.branches
    assert [b.explain() for b in engaged] == [b.explain() for b in plain]  # the wording too


# --- bad input ---------------------------------------------------------------------------------


def test_refuses_ally_unless_allowed():
    state = State([Unit("Zaku", "zeon", O), Unit("Dom", "zeon", Hex(1, 0))])
    with pytest.raises(RuleError) as e:
        push(open_board(), state, O, "Dom", 1)
    assert e.value.ruling == "P1" and "'Dom'" in str(e.value) and "enemy" in str(e.value)
    with pytest.raises(RuleError) as e:
        pull(open_board(), state.move("Dom", Hex(2, 0)), O, "Dom", 1)
    assert e.value.ruling == "L1"
    assert len(push(open_board(), state, O, "Dom", 1, allow_allies=True)) == 4


def test_refuses_source_equal_target():
    state = two(Hex(1, 0))
    with pytest.raises(RuleError, match="own hex"):
        push(open_board(), state, Hex(1, 0), "Gundam", 1, side="zeon")
    with pytest.raises(RuleError, match="own hex"):
        pull(open_board(), state, "Gundam", "Gundam", 1, allow_allies=True)


@pytest.mark.parametrize("n", [-1, -5])
def test_refuses_negative_n(n):
    with pytest.raises(RuleError, match=f"N={n}") as e:
        push(open_board(), two(Hex(1, 0)), O, "Gundam", n)
    assert e.value.ruling == "P1"
    with pytest.raises(RuleError) as e:
        pull(open_board(), two(Hex(2, 0)), O, "Gundam", n)
    assert e.value.ruling == "L1"


@pytest.mark.parametrize("n", [1.5, "2", True, None])
def test_refuses_non_integer_n(n):
    with pytest.raises(RuleError, match="whole number"):
        push(open_board(), two(Hex(1, 0)), O, "Gundam", n)


def test_refuses_off_board_source():
    with pytest.raises(BoardError, match=r"\(9,0\)"):
        push(open_board(), two(Hex(1, 0)), Hex(9, 0), "Gundam", 1, side="zeon")
    with pytest.raises(BoardError, match="Z9"):
        push(builtin("push_knuckle_shield").board, builtin("push_knuckle_shield").state, "Z9", "RX-78-2 Gundam", 1,
             side="zeon")


def test_refuses_unit_off_board_and_unknown_target():
    with pytest.raises(StateError, match="not on the board"):
        push(open_board(radius=1), two(Hex(3, 0)), O, "Gundam", 1)
    with pytest.raises(StateError, match="no unit named 'Gouf'"):
        push(open_board(), two(Hex(1, 0)), O, "Gouf", 1)


def test_refuses_garrison_and_unknown_side():
    state = two(Hex(1, 0), O, Unit("Base", "federation", Hex(-1, 0), garrison=True))
    with pytest.raises(RuleError, match="Garrison Base never moves"):
        push(open_board(), state, O, "Base", 1)
    with pytest.raises(RuleError, match="side="):
        push(open_board(), two(Hex(2, 0), Hex(0, 2)), O, "Gundam", 1)  # nobody on (0,0)
    # (2,0) lies on a straight line from (0,0): 3 farther hexes (3,0), (3,-1), (2,1), plus the stop
    assert len(push(open_board(), two(Hex(2, 0), Hex(0, 2)), O, "Gundam", 1, side="zeon")) == 4


def test_refuses_illegal_branch():
    board, state = open_board(), two(Hex(1, 0))
    fm = push(board, state, O, "Gundam", 2)
    with pytest.raises(RuleError) as e:
        fm.choose(Hex(0, 1))  # closer, not farther
    # (0,1) has the label A2 on this board; the legal next hexes are listed
    assert e.value.ruling == "P1" and "A2 is not a legal next hex from B1" in str(e.value)
    with pytest.raises(RuleError):
        fm.choose(Hex(2, 0), Hex(3, 0), Hex(4, 0))  # three steps of a Push 2
    # a branch computed for another state is refused by resolve: with a GM on (2,0) (label C1
    # here), the branch's first step into (2,0) is now a collision with it (P2), not a move
    b = fm.choose(Hex(2, 0))
    blocked = state.add(Unit("GM", "federation", Hex(2, 0)))
    with pytest.raises(RuleError, match="not a legal outcome") as e:
        resolve(board, blocked, b)
    assert e.value.ruling == "P1" and "collision with GM" in str(e.value)
    # (2,0) -> (3,0) would be a second step: with a height-1 hex on (3,0), that step is a
    # collision with terrain, and a "full" branch that moved there is refused
    full = fm.choose(Hex(2, 0), Hex(3, 0))
    hill = open_board(changes={Hex(3, 0): (1, "open")})
    with pytest.raises(RuleError, match="not a legal outcome"):
        resolve(hill, state, full)
    with pytest.raises(RuleError, match="another state"):
        resolve(board, state.move("Gundam", Hex(1, 1)), b)
    # ... or for another reading of the rules
    edge = push(open_board(radius=2), state, O, "Gundam", 2).choose(Hex(2, 0), Hex(3, 0))
    with pytest.raises(RuleError, match="not a legal outcome"):
        resolve(open_board(radius=2), state, edge, options=DEFAULT.replace(push_off_board="collide"))
    with pytest.raises(RuleError, match="not a Branch"):
        resolve(board, state, "D3")  # type: ignore[arg-type]


def test_resolve_checks_facts_not_wording():
    # Legality is a matter of the branch's facts (steps, ending, damage), never of its prose.
    board, state = open_board(), two(Hex(1, 0))
    fm = push(board, state, O, "Gundam", 2)
    b = fm.choose(Hex(2, 0), Hex(3, 0))
    # the same facts worded without the board's labels (hexes named "(q,r)"): still equal
    reworded = dataclasses.replace(b, board=None)
    assert reworded.text != b.text and "ends on (3,0)" in reworded.text
    assert reworded == b
    assert resolve(board, state, reworded).unit("Gundam").hex == Hex(3, 0)
    # The Zaku walks away from (0,0): the source hex, all that the steps depend on (P1), is
    # the same, so the branch is still legal although its header named the Zaku.
    gone = state.move("Zaku", Hex(-1, 0))
    assert resolve(board, gone, b).unit("Gundam").hex == Hex(3, 0)
    # A forged branch that claims the Gundam took no damage from hitting a GM is refused.
    gm_state = two(Hex(1, 0), O, Unit("GM", "federation", Hex(2, 0)))
    hit = push(board, gm_state, O, "Gundam", 2).choose(Hex(2, 0))
    assert hit.damage == {"Gundam": 2, "GM": 2}
    forged = dataclasses.replace(hit, damages=())
    with pytest.raises(RuleError, match="not a legal outcome"):
        resolve(board, gm_state, forged)


def test_resolve_replays_only_the_branch_steps(monkeypatch):
    # Push 9 from (0,0) on (1,0) on open ground lists thousands of branches, but resolving the
    # straight branch (2,0), (3,0), ..., (10,0) looks at the farther neighbours of each hex it
    # stands on once: at (1,0), (2,0), ..., (9,0) = 9 times; at (10,0) the 9 steps are used up.
    board, state = open_board(radius=10), two(Hex(1, 0))
    fm = push(board, state, O, "Gundam", 9)
    straight = fm.choose(*[Hex(q, 0) for q in range(2, 11)])
    calls = []
    real = forced_module.push_next

    def counting(source, current):
        calls.append(current)
        return real(source, current)

    monkeypatch.setattr(forced_module, "push_next", counting)
    new = resolve(board, state, straight)
    assert calls == [Hex(q, 0) for q in range(1, 10)]
    assert new.unit("Gundam").hex == Hex(10, 0)
    assert len(fm) > 1000  # the whole tree is large; resolve never builds it


def test_refuses_bad_options_and_plan():
    with pytest.raises(OptionsError):
        push(open_board(), two(Hex(1, 0)), O, "Gundam", 1, options={"push_off_board": "stop"})  # type: ignore[arg-type]
    with pytest.raises(RuleError) as e:
        push_many(open_board(), two(Hex(1, 0)), O, [("Gundam", []), ("Gundam", [])], 1)
    assert e.value.ruling == "P5"
    with pytest.raises(RuleError, match="unknown ending") as e:
        push(open_board(), two(Hex(1, 0)), O, "Gundam", 1).with_ending("crash")
    assert e.value.ruling == "P1" and "'crash'" in str(e.value)


def assert_refused(call, error, value: str, ruling: str) -> None:
    """``call()`` raises ``error`` (a HexrulesError) naming ``value`` and ``ruling``."""
    with pytest.raises(error) as e:
        call()
    assert isinstance(e.value, HexrulesError)
    assert value in str(e.value), str(e.value)
    assert e.value.ruling == ruling and f"(ruling {ruling})" in str(e.value)


@pytest.mark.parametrize(("plan", "shown"), [
    (None, "None"),
    (["Gundam"], "'Gundam'"),                      # a bare name, not a (name, hexes) pair
    ({"Gundam": ["C1"]}, "{'Gundam': ['C1']}"),    # a dict: no chosen order of its own
    ([("Gundam", "C1")], "'C1'"),                  # a bare label where the hexes should be
    ([("Gundam", None)], "None"),
    ([("Gundam", ["C1"], 2)], "('Gundam', ['C1'], 2)"),
    ([(5, ["C1"])], "5"),
    ("Gundam", "'Gundam'"),
])
def test_refuses_malformed_plan(plan, shown):
    assert_refused(lambda: push_many(open_board(), two(Hex(1, 0)), O, plan, 1), RuleError, shown, "P5")
    assert_refused(lambda: pull_many(open_board(), two(Hex(2, 1)), O, plan, 1), RuleError, shown, "P5")


def test_plan_with_a_list_of_hexes_works():
    # The accepted spelling of the refused [("Gundam", "C1")]: (2,0) has the label C1 here.
    m = push_many(open_board(), two(Hex(1, 0)), O, [("Gundam", ["C1"])], 1)
    assert m.state.unit("Gundam").hex == Hex(2, 0)


@pytest.mark.parametrize(("bad", "shown"), [(None, "None"), ("C1", "'C1'"), (Hex(2, 0), "Hex(q=2, r=0)"),
                                            ({Hex(2, 0)}, "{Hex(q=2, r=0)}"), (5, "5")])
def test_forced_move_resolve_refuses_non_sequences(bad, shown):
    fm = push(open_board(), two(Hex(1, 0)), O, "Gundam", 1)
    assert_refused(lambda: fm.resolve(bad), RuleError, shown, "P1")
    # the accepted spelling: a list of labels, in order
    assert fm.resolve(["C1"]).unit("Gundam").hex == Hex(2, 0)


@pytest.mark.parametrize(("bad", "shown"), [(None, "None"), ("B1", "'B1'"), (Hex(1, 0), "Hex(q=1, r=0)"),
                                            (5, "5"), ([5], "5"), ({"B1": 1}, "{'B1': 1}")])
def test_check_refuses_non_collections(bad, shown):
    fm = pull(open_board(), two(Hex(2, 1)), O, "Gundam", 1)
    assert_refused(lambda: fm.check(bad), RuleError, shown, "L1")
    # Pull 1 on (2,1): it can stay, or go to (2,0) or (1,1) (see test_pull2_open_ground); a
    # set is a fine guess since order does not matter here
    assert fm.check({Hex(2, 1), Hex(2, 0), Hex(1, 1)}).startswith("Correct")


def test_a_text_of_labels_is_refused_with_the_list_to_write():
    # Issue 10 part 6: my_guess = "C3, C2" suggested ['C3, C2']; the fix is the list of its labels.
    fm = pull(open_board(), two(Hex(2, 1)), O, "Gundam", 1)
    assert_refused(lambda: fm.check("C3, C2"), RuleError, "write ['C3', 'C2']", "L1")
    assert_refused(lambda: fm.check("C3 C2"), RuleError, "write ['C3', 'C2']", "L1")
    assert_refused(lambda: fm.check("B1"), RuleError, "write ['B1']", "L1")
    push1 = push(open_board(), two(Hex(1, 0)), O, "Gundam", 1)
    assert_refused(lambda: push1.resolve("C1, D1"), RuleError, "write ['C1', 'D1']", "P1")
    # and what it suggests is accepted
    assert fm.check(["C3", "C2"]).startswith("Not quite")


def test_choose_refuses_malformed_hexes():
    fm = push(open_board(), two(Hex(1, 0)), O, "Gundam", 1)
    assert_refused(lambda: fm.choose(["C1"]), RuleError, "['C1']", "P1")  # one argument per hex
    assert_refused(lambda: fm.choose("1A"), HexError, "'1A'", "P1")


def test_branch_index():
    # Push 1 from (0,0) on (1,0): 4 branches (see test_rules_push1_open_ground).
    fm = push(open_board(), two(Hex(1, 0)), O, "Gundam", 1)
    assert fm[-1] is fm.branches[3] and fm[1:3] == fm.branches[1:3]
    for i in (4, 99, -5):
        with pytest.raises(BranchIndexError) as e:
            fm[i]
        assert isinstance(e.value, IndexError) and isinstance(e.value, RuleError)
        assert f"index {i}" in str(e.value) and "4 branches (0 to 3)" in str(e.value) and e.value.ruling == "P1"
    assert_refused(lambda: fm["C1"], RuleError, "'C1'", "P1")


@pytest.mark.parametrize(("side", "shown"), [(5, "side=5"), ("", "side=''"), (["zeon"], "side=['zeon']")])
def test_refuses_bad_side(side, shown):
    assert_refused(lambda: push(open_board(), two(Hex(1, 0)), O, "Gundam", 1, side=side), RuleError, shown, "P1")
    assert_refused(lambda: pull(open_board(), two(Hex(2, 1)), O, "Gundam", 1, side=side), RuleError, shown, "L1")


def test_refuses_bad_flags_types_and_kind():
    state = two(Hex(1, 0))
    assert_refused(lambda: push(open_board(), state, O, "Gundam", 1, allow_allies="yes"),
                   RuleError, "allow_allies='yes'", "P1")
    assert_refused(lambda: push(None, state, O, "Gundam", 1), BoardError, "board None", "P1")
    assert_refused(lambda: push(open_board(), None, O, "Gundam", 1), StateError, "state None", "P1")
    assert_refused(lambda: push_many(open_board(), None, O, [("Gundam", [])], 1), StateError, "state None", "P5")
    with pytest.raises(OptionsError, match=r"\['push'\]"):
        forced(["push"], open_board(), state, O, "Gundam", 1)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="options=None"):
        push_many(open_board(), state, O, [("Gundam", [])], 1, options=None)  # type: ignore[arg-type]
    b = push(open_board(), state, O, "Gundam", 1)[0]
    with pytest.raises(OptionsError, match="options=None"):
        resolve(open_board(), state, b, options=None)  # type: ignore[arg-type]
    assert_refused(lambda: resolve(None, state, b), BoardError, "board None", "P1")
    assert_refused(lambda: push_next(None, Hex(1, 0)), HexError, "source None", "P1")
    assert_refused(lambda: pull_next(O, "B1"), HexError, "current 'B1'", "L1")
    assert_refused(lambda: push(open_board(), state, O, "Gundam", 1).with_ending(["edge"]),
                   RuleError, "['edge']", "P1")


def test_branch_is_frozen():
    b = push(open_board(), two(Hex(1, 0)), O, "Gundam", 1)[0]
    assert isinstance(b, Branch)
    with pytest.raises(AttributeError):
        b.ending = "full"  # type: ignore[misc]


def test_check_guess():
    # Push 1 from (0,0) on (1,0): it can end on (1,0) (no push), (2,0), (2,-1) or (1,1).
    fm = push(open_board(), two(Hex(1, 0)), O, "Gundam", 1)
    assert fm.check([Hex(1, 0), Hex(2, 0), Hex(2, -1), Hex(1, 1)]).startswith("Correct")
    text = fm.check([Hex(2, 0), Hex(0, 1)])
    assert text.startswith("Not quite") and "missing" in text and "cannot be reached" in text
