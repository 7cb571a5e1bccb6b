"""The facts the rules record for their words (RULES.md M, J, T, P, L, C): values worked by hand.

Each result records what its explanation says (what was hit, the levels, the P4 reading, the
L3 collision, a drop's damage, a climb's base, what a step passes through, a collapse's
outcome, each Crush step), so the words can come from the facts on demand.
"""

from __future__ import annotations

import dataclasses

import pytest

from hexrules import Scenario, builtin
from hexrules.board import Board
from hexrules.crush import Model, Squad, TerrainPiece, Vehicle, crush, traverse
from hexrules.errors import OptionsError, RuleError
from hexrules.forced import Damage, drop_damage, pull, push
from hexrules.hexgrid import Hex
from hexrules.movement import PassThrough, path_cost
from hexrules.options import DEFAULT
from hexrules.state import State, Unit

O = Hex(0, 0)


def open_board(radius: int = 3) -> Board:
    return Board({h: (0, "open") for h in O.spiral(radius)})


# --- P3: drop damage -------------------------------------------------------------------------------


@pytest.mark.parametrize("levels, per, damage", [
    (0, 0, 0), (2, 0, 0),       # default reading: pushing down deals nothing (P3)
    (2, 1, 2),                  # 2 levels x 1 per level
    (3, 2, 6), (1, 2, 2),       # 3 x 2, 1 x 2
    (0, 5, 0),                  # no drop, no damage
])
def test_drop_damage_per_level(levels, per, damage):
    assert drop_damage(levels, DEFAULT.replace(push_drop_damage_per_level=per)) == damage


def test_drop_damage_default_reading_and_bad_input():
    assert drop_damage(4) == 0
    for bad in (-1, True, 1.5, "2", None):
        with pytest.raises(RuleError, match="levels dropped") as e:
            drop_damage(bad)  # type: ignore[arg-type]
        assert e.value.ruling == "P3"
    with pytest.raises(OptionsError):
        drop_damage(1, {"push_drop_damage_per_level": 1})  # type: ignore[arg-type]


def test_a_drop_of_two_levels_records_its_damage():
    # Zaku on A1 (height 0) pushes the Gundam from B1 (height 2) down onto C1 (height 0): the
    # Gundam drops 2 levels. With 1 damage per level it takes 2, cause "drop" (P3, P6).
    sc = Scenario.from_text("map:\n  0 2 0\nunits:\n  Zaku side=zeon at=A1\n  Gundam side=federation at=B1\n")
    per_level = DEFAULT.replace(push_drop_damage_per_level=1)
    b = push(sc.board, sc.state, "Zaku", "Gundam", 1, options=per_level).choose("C1")
    (step,) = b.steps
    assert (step.result, step.elevation_from, step.elevation_to, step.levels, step.ruling) == ("moved", 2, 0, -2, "P3")
    assert step.damages == (Damage("Gundam", 2, "drop", "P3"),)
    assert b.damages == step.damages and b.damage == {"Gundam": 2}
    assert push(sc.board, sc.state, "Zaku", "Gundam", 1, options=per_level).resolve(b).unit("Gundam").damage == 2
    # the default reading: down is free, still a P3 step
    free = push(sc.board, sc.state, "Zaku", "Gundam", 1).choose("C1").steps[0]
    assert (free.damages, free.ruling) == ((), "P3")


# --- P2 / L2: what was hit -------------------------------------------------------------------------


def test_knuckle_shield_push_2_collisions_record_the_terrain_levels():
    # RULES.md's Push example (scenario push_knuckle_shield): from C3 the Gundam can reach C2,
    # D3, C4 (height 0); four second steps run into higher hexes: C2->D2 and D3->D2 (D2 is
    # height 1), D3->D4 and C4->D4 (D4 is height 2). Each is a collision with terrain: the
    # Gundam stays and takes 2 (P2).
    sc = builtin("push_knuckle_shield")
    fm = push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2)
    lab = sc.board.label
    last = {(lab(b.steps[-1].frm), lab(b.steps[-1].to)): b for b in fm.with_ending("terrain")}
    assert set(last) == {("C2", "D2"), ("D3", "D2"), ("D3", "D4"), ("C4", "D4")}
    for (_, to), b in last.items():
        up = {"D2": 1, "D4": 2}[to]
        s = b.steps[-1]
        assert (s.result, s.obstacle, s.ruling) == ("collision", "terrain", "P2")
        assert (s.elevation_from, s.elevation_to, s.levels, b.levels) == (0, up, up, up)
        assert s.damages == (Damage("RX-78-2 Gundam", 2, "collision", "P2"),)
        assert (s.hit, s.terrain, s.edge) == (None, None, None)
        assert (b.ending, b.ruling, b.collision) == ("terrain", "P2", True)
    # D3 is water: terrain never matters to a Push (T2), so the step into it records none
    into_water = fm.choose("D3").steps[0]
    assert (into_water.result, into_water.terrain, into_water.ruling) == ("moved", None, "P1")


def test_a_collision_with_a_garrison_records_who_was_hit():
    # Push 1 from (0,0): the Gundam on (1,0) into the Garrison Outpost on (2,0): both take 2 (P2).
    state = State([Unit("Zaku", "zeon", O), Unit("Gundam", "federation", Hex(1, 0)),
                   Unit("Outpost", "federation", Hex(2, 0), garrison=True)])
    b = push(open_board(), state, "Zaku", "Gundam", 1).choose(Hex(2, 0))
    s = b.steps[0]
    assert (s.obstacle, s.hit, s.hit_side, s.hit_garrison, s.ruling) == ("unit", "Outpost", "federation", True, "P2")
    assert s.damages == (Damage("Gundam", 2, "collision", "P2"), Damage("Outpost", 2, "collision", "P2"))
    assert (b.ending, b.hit, b.ruling) == ("unit", "Outpost", "P2")
    # Pull 1 from (0,0) on a unit on (2,0): its only closer hex is (1,0), held by the Outpost (L2)
    state = State([Unit("Zaku", "zeon", O), Unit("Gundam", "federation", Hex(2, 0)),
                   Unit("Outpost", "federation", Hex(1, 0), garrison=True)])
    b = pull(open_board(), state, "Zaku", "Gundam", 1).choose(Hex(1, 0))
    assert (b.steps[0].hit, b.steps[0].ruling, b.ruling) == ("Outpost", "L2", "L2")


def test_impassable_terrain_records_its_name():
    cells = {h: (0, "open") for h in O.spiral(3)}
    cells[Hex(2, 0)] = (0, "impassable")
    state = State([Unit("Zaku", "zeon", O), Unit("Gundam", "federation", Hex(1, 0))])
    s = push(Board(cells), state, "Zaku", "Gundam", 1).choose(Hex(2, 0)).steps[0]
    assert (s.result, s.obstacle, s.terrain, s.levels) == ("collision", "impassable", "impassable", 0)


# --- P4 and L3 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode, damages, removed, collision", [
    ("stop", (), False, False),
    ("collide", (Damage("Gundam", 2, "edge", "P4"),), False, True),
    ("remove", (), True, False),
])
def test_a_step_off_the_board_records_the_p4_reading(mode, damages, removed, collision):
    # Board of radius 1 around (0,0); the Gundam on (1,0): every farther position, (2,0),
    # (2,-1) and (1,1), is 2 from the centre, so off the board.
    state = State([Unit("Zaku", "zeon", O), Unit("Gundam", "federation", Hex(1, 0))])
    b = push(open_board(1), state, "Zaku", "Gundam", 1, options=DEFAULT.replace(push_off_board=mode)).choose(Hex(2, 0))
    s = b.steps[0]
    assert (s.result, s.edge, s.ruling, s.elevation_to, s.levels) == ("edge", mode, "P4", None, None)
    assert s.damages == damages == b.damages
    assert (b.ending, b.ruling, b.removed, b.collision) == ("edge", "P4", removed, collision)


def test_l3_records_the_collision_with_the_unit_on_the_source_hex():
    # Scenario pull_other_elevation: the GM on D2 (height 0) is next to Char's Zaku II on C2
    # (height 1). Pull 1 under "collide": the GM collides with Char on the source hex, 2 each
    # (L3); under "nothing" (default) nothing happens: one branch, ending "adjacent".
    sc = builtin("pull_other_elevation")
    char = "Char's Zaku II"
    fm = pull(sc.board, sc.state, char, "GM", 1, options=DEFAULT.replace(pull_other_elevation="collide"))
    b = fm.with_ending("unit")[0]
    s = b.steps[0]
    assert s.to == sc.state.unit(char).hex and s.distance_to == 0
    assert (s.result, s.obstacle, s.hit, s.hit_side, s.ruling) == ("collision", "unit", char, "zeon", "L3")
    assert (s.elevation_from, s.elevation_to) == (0, 1)
    assert s.damages == (Damage("GM", 2, "collision", "L3"), Damage(char, 2, "collision", "L3"))
    assert b.ruling == "L3"
    (nothing,) = pull(sc.board, sc.state, char, "GM", 1)
    assert (nothing.ending, nothing.ruling, nothing.steps) == ("adjacent", "L3", ())
    assert (nothing.start_elevation, nothing.source_elevation, nothing.by) == (0, 1, char)


def test_stops_and_full_distances_name_the_movement_rule():
    state = State([Unit("Zaku", "zeon", O), Unit("Gundam", "federation", Hex(1, 0))])
    fm = push(open_board(), state, "Zaku", "Gundam", 1)
    assert (fm.choose().ending, fm.choose().ruling) == ("stop", "P1")
    assert (fm.choose(Hex(2, 0)).ending, fm.choose(Hex(2, 0)).ruling) == ("full", "P1")
    state = State([Unit("Zaku", "zeon", O), Unit("Gundam", "federation", Hex(2, 0))])
    assert pull(open_board(), state, "Zaku", "Gundam", 1).choose().ruling == "L1"


# --- movement: J1 climbs, what a step passes through, terrain ---------------------------------------


def test_jumping_steps_record_the_climb_base_and_the_lower_enemy():
    # RULES.md worked examples (scenario jumping): Char starts on B3 at height 1 (s = 1).
    # B3 -> C3 -> D3 passes over the lower enemy Garrison on C3 (J2); D3 is height 1: no climb
    # above s. B3 -> B4 -> C4: C4 is height 2, one level above s: climb 1, counted from s.
    sc = builtin("jumping")
    char = "Char's Zaku II"
    over = path_cost(sc.board, sc.state, char, ["B3", "C3", "D3"])
    assert over.steps[0].passes == PassThrough("Federation Garrison", "Garrison", True, "J2")
    assert over.steps[1].passes is None
    assert (over.steps[1].climb, over.steps[1].climb_from_start, over.total) == (0, True, 2)
    up = path_cost(sc.board, sc.state, char, ["B3", "B4", "C4"]).steps[1]
    assert (up.elevation_from, up.elevation_to, up.start_elevation) == (0, 2, 1)
    assert (up.climb, up.climb_from_start, up.cost) == (1, True, 2)
    # the other J1 reading charges elev(C4) - elev(B4) = 2, from the step's own hex
    rel = path_cost(sc.board, sc.state, char, ["B3", "B4", "C4"],
                    options=DEFAULT.replace(jump_climb="relative_when_above_start")).steps[1]
    assert (rel.climb, rel.climb_from_start, rel.cost) == (2, False, 3)


def test_a_step_through_an_ally_and_into_water():
    sc = Scenario.from_text("map:\n  0 0 ~\nunits:\n  G side=a at=A1\n  H side=a at=B1\n")
    steps = path_cost(sc.board, sc.state, "G", ["A1", "B1", "C1"]).steps
    assert steps[0].passes == PassThrough("H", "unit", False, "M3")
    assert (steps[0].terrain_name, steps[0].terrain) == ("open", 0)
    assert (steps[1].terrain_name, steps[1].terrain, steps[1].cost) == ("water", 1, 2)  # T1: +1 to enter
    dry = path_cost(sc.board, sc.state, "G", ["A1", "B1", "C1"], options=DEFAULT.replace(water="none")).steps[1]
    assert (dry.terrain_name, dry.terrain, dry.cost) == ("water", 0, 1)


# --- Crush: the traversal's outcome and the walk's steps --------------------------------------------


def rulebook_crush(**kw):
    """RULES.md's Crush example: Cover 3, Resolve 4, dice 6, 4, 3; R1 (B2) and R2 (C2) on the piece."""
    board = Board.rectangle(5, 3)
    h = board.hex
    piece = TerrainPiece("Hab block", [h("B2"), h("C2")], cover=3)
    rangers = Squad("Rangers", [Model("R1", h("B2"), wounds=1), Model("R2", h("C2"), wounds=2),
                                Model("R3", h("D2"), wounds=1)], resolve=4)
    grinder = Vehicle("Grinder", h("A2"), shield=4, resolve=2, hp=6)
    return board, crush(board, piece, [rangers, grinder], ["A2", "B2", "C2", "D2", "E2"], vehicle="Grinder",
                        rolls={"Rangers": [6, 4, 3]}, **kw)


def test_collapse_records_its_outcome_and_reduction():
    board, res = rulebook_crush()
    c = res.collapse
    assert (c.outcome, c.reduction, c.reduced_cover, c.dice, c.collapsed) == ("collapsed", 1, 2, 3, True)
    # C1 reduction 2: 3 - 2 = 1; on a Cover 1 piece, max(0, 1 - 2) = 0
    _, res2 = rulebook_crush(options=DEFAULT.replace(crush_cover_reduction=2))
    assert (res2.collapse.reduction, res2.collapse.reduced_cover, res2.collapse.dice) == (2, 1, 3)
    h = board.hex
    tank = Vehicle("Tank", h("A1"), shield=4, resolve=2, hp=5)
    thin = traverse(board, TerrainPiece("Shed", [h("B1")], cover=1), tank, ["A1", "B1", "C1"],
                    options=DEFAULT.replace(crush_cover_reduction=2))
    assert (thin.reduction, thin.reduced_cover, thin.dice) == (2, 0, 1)
    for piece, outcome in ((TerrainPiece("Wall", [h("B1")], cover=2, collapsible=False), "not_collapsible"),
                           (TerrainPiece("Rubble", [h("B1")], cover=0, collapsed=True), "already_collapsed")):
        c = traverse(board, piece, tank, ["A1", "B1", "C1"])
        assert (c.outcome, c.collapsed, c.reduction, c.dice, c.after) == (outcome, False, 0, 0, piece)
    # the labels only name the hexes: not compared
    assert dataclasses.replace(c, labels={}) == c


def test_crush_steps_are_facts_and_say_themselves():
    board, res = rulebook_crush()
    h = board.hex
    steps = res.steps
    assert [s.kind for s in steps] == ["traverse", "collapse", "affected", "die", "die", "die", "unit", "done"]
    assert [(s.unit, s.die) for s in steps if s.kind == "die"] == [("Rangers", 0), ("Rangers", 1), ("Rangers", 2)]
    # 6 and 4 reach Resolve 4, 3 does not (C3); R1 and R2 (fewest wounds first) take 1 each
    assert res.resolution("Rangers").classes == ("hit", "hit", "miss")
    assert steps[6].hexes == (h("B2"), h("C2"))
    assert steps[0].hexes == tuple(h(x) for x in ("A2", "B2", "C2", "D2", "E2"))
    assert steps[5].text == "Rangers, die 3 of 3: 3, below Resolve 4: no damage."
    assert steps[0].text == "Grinder moves A2 -> B2 -> C2 -> D2 -> E2."
