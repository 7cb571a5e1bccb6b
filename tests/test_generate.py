"""The seeded board generator (hexrules.generate): valid, reproducible boards that follow the spec."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings, strategies as st

from hexrules.errors import BoardError, StateError
from hexrules.generate import RULEBOOK, BoardSpec, boards, generate
from hexrules.scenario import parse_scenario


def test_the_same_seed_gives_the_same_board_and_another_seed_another():
    assert generate(RULEBOOK, 7) == generate(RULEBOOK, 7)
    assert generate(RULEBOOK, 7).board != generate(RULEBOOK, 8).board
    assert generate(RULEBOOK, "a") == generate(RULEBOOK, "a")


def test_the_rulebook_spec_follows_its_shares():
    sc = generate(RULEBOOK, 1)
    b = sc.board
    assert len(b) == 15 * 12 == 180
    raised = sum(1 for h in b if b.elevation(h) > 0)
    water = sum(1 for h in b if b.terrain(h).name == "water")
    rock = sum(1 for h in b if b.terrain(h).name == "impassable")
    # round(0.35 * 180) = 63 raised hexes (impassable ones may be among them); water only on
    # the ground: at most round(0.08 * 180) = 14; impassable exactly round(0.05 * 180) = 9
    assert raised == 63 and water <= 14 and rock == 9
    assert {b.elevation(h) for h in b} == {0, 1, 2}
    sides = [u.side for u in sc.state if not u.garrison]
    assert sides.count("blue") == sides.count("red") == 3
    assert [u.name for u in sc.state if u.garrison] == ["blue Garrison 1"]


def test_flat_board_has_no_hills_and_no_terrain():
    sc = generate(BoardSpec(hills=0.0, water=0.0, impassable=0.0), 3)
    assert all(sc.board.elevation(h) == 0 and sc.board.terrain(h).name == "open" for h in sc.board)


def test_units_stand_within_the_cluster_when_it_has_room():
    spec = BoardSpec(units_per_side=2, garrisons=0, cluster=2, impassable=0.0, water=0.0)
    for seed in range(20):
        hexes = [u.hex for u in generate(spec, seed).state]
        assert max(a.distance(b) for a in hexes for b in hexes) <= 4  # two hexes each way of a centre


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8), st.floats(0, 0.5), st.floats(0, 0.25), st.floats(0, 0.25),
       st.integers(0, 3), st.integers(0, 2), st.integers(0, 10**6))
def test_every_generated_board_is_a_valid_scenario_that_round_trips(cols, rows, hills, water, rock, per_side,
                                                                    garrisons, seed):
    spec = BoardSpec(columns=cols, rows=rows, hills=hills, water=water, impassable=rock, units_per_side=per_side,
                     garrisons=garrisons)
    try:
        sc = generate(spec, seed)
    except StateError as e:  # only when the units cannot fit, one per hex (M3)
        assert e.ruling == "M3" and 2 * per_side + garrisons > cols * rows - round(rock * cols * rows)
        event("refused: the units do not fit, one per hex (M3)")
        return
    assert len(sc.state) == 2 * per_side + garrisons
    assert len({u.hex for u in sc.state}) == len(sc.state)  # M3: one unit per hex
    assert all(sc.board.terrain(u.hex).passable for u in sc.state)  # T1
    assert parse_scenario(sc.to_text()) == sc


def test_boards_yields_count_boards_from_one_seed():
    first = list(boards(BoardSpec(columns=5, rows=4, units_per_side=1, garrisons=0), 3, seed=9))
    again = list(boards(BoardSpec(columns=5, rows=4, units_per_side=1, garrisons=0), 3, seed=9))
    assert len(first) == 3 and first == again and first[0] != first[1]


@pytest.mark.parametrize("change, match", [
    ({"columns": 0}, "columns=0"), ({"hills": 1.5}, "hills=1.5"), ({"water": -0.1}, "water=-0.1"),
    ({"hills": 0.6, "water": 0.3, "impassable": 0.2}, "more than the whole board"),
    ({"sides": ("a", "a")}, "two different side names"), ({"advance": True}, "advance=True"),
])
def test_a_bad_spec_is_refused_naming_the_value(change, match):
    with pytest.raises(BoardError, match=match):
        RULEBOOK.replace(**change)


def test_more_units_than_hexes_is_refused_with_m3():
    with pytest.raises(StateError, match="do not fit") as err:
        generate(BoardSpec(columns=2, rows=1, units_per_side=2, garrisons=0), 0)
    assert err.value.ruling == "M3"


def test_a_bad_seed_is_refused():
    with pytest.raises(BoardError, match="seed=1.5"):
        generate(RULEBOOK, 1.5)
