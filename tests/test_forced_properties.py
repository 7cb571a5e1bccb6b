"""Hypothesis properties of Push and Pull (RULES.md P, L, T2) on random small boards."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from hexrules.board import Board
from hexrules.errors import RuleError
from hexrules.forced import COLLISION_ENDINGS, ForcedMove, forced, resolve
from hexrules.hexgrid import Hex
from hexrules.options import DEFAULT, RulesOptions
from hexrules.state import State, Unit

O = Hex(0, 0)
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Situation(tuple):
    """``(board, state, source, target, kind, n)`` with a readable repr for failing examples."""

    def __repr__(self) -> str:
        board, state, source, target, kind, n = self
        return (f"Situation(cells={board.cells()!r}, units={list(state)!r}, source={source!r}, "
                f"target={target!r}, kind={kind!r}, n={n!r})")


@st.composite
def situations(draw):
    """A board within radius 3 of (0,0) (some holes), units, a source, a target, a kind and N."""
    radius = draw(st.integers(2, 3))
    cells = {}
    for h in O.spiral(radius):
        if h != O and draw(st.integers(0, 11)) == 0:
            continue  # a hole: not a hex of the board
        cells[h] = (draw(st.integers(0, 2)), draw(st.sampled_from(["open", "open", "open", "water", "impassable"])))
    passable = [h for h, (_, t) in cells.items() if t != "impassable"]
    assume(len(passable) >= 2)
    spots = draw(st.lists(st.sampled_from(passable), min_size=2, max_size=6, unique=True))
    units = []
    for i, h in enumerate(spots):
        side = "zeon" if i == 0 else ("federation" if i == 1 else draw(st.sampled_from(["zeon", "federation"])))
        garrison = i >= 2 and draw(st.booleans())
        units.append(Unit(f"U{i}", side, h, garrison=garrison))
    state = State(units)
    board = Board(cells)
    kind = draw(st.sampled_from(["push", "pull"]))
    n = draw(st.integers(0, 3))
    # the source: usually the zeon unit U0's hex, sometimes an empty hex (an effect)
    if draw(st.booleans()):
        source = spots[0]
    else:
        source = draw(st.sampled_from([h for h in cells if h not in state.occupied] or [spots[0]]))
    return Situation((board, state, source, "U1", kind, n))


options_st = st.builds(
    RulesOptions,
    collision_damage=st.integers(0, 3),
    push_drop_damage_per_level=st.integers(0, 2),
    push_off_board=st.sampled_from(["stop", "collide", "remove"]),
    pull_other_elevation=st.sampled_from(["nothing", "collide"]),
)


def outcomes(sit, options=DEFAULT, state=None, board=None) -> ForcedMove | None:
    b, s, source, target, kind, n = sit
    try:
        return forced(kind, board or b, state or s, source, target, n, side="zeon", options=options)
    except RuleError as e:  # only L3's refusal can happen with these inputs
        assert e.ruling == "L3"
        event("skipped: the Pull is refused (L3), no branch to check")
        return None


@SETTINGS
@given(situations(), options_st)
def test_every_step_is_monotone_and_adjacent(sit, options):
    fm = outcomes(sit, options)
    assume(fm is not None)
    for b in fm:
        assert len(b.steps) <= fm.n
        prev = b.start
        for step in b.steps:
            assert step.frm == prev and step.to in step.frm.neighbors()
            d0, d1 = fm.source.distance(step.frm), fm.source.distance(step.to)
            assert (d1 > d0) if fm.kind == "push" else (d1 < d0)
            assert (step.distance_from, step.distance_to) == (d0, d1)
            prev = step.to if step.result == "moved" else prev
        # only the last step may fail to move
        assert all(s.result == "moved" for s in b.steps[:-1])


@SETTINGS
@given(situations(), options_st)
def test_no_outcome_ends_occupied_or_off_board(sit, options):
    fm = outcomes(sit, options)
    assume(fm is not None)
    board, state = sit[0], sit[1]
    for b in fm:
        if b.removed:
            assert b.ending == "edge" and options.push_off_board == "remove"
            event("a branch removed from play (P4 'remove'): no final hex to check")
            continue
        assert b.final in board
        assert board.terrain(b.final).passable
        occupant = state.at(b.final)
        assert occupant is None or occupant.name == b.target
        new = resolve(board, state, b, options=options)
        board.check_state(new)
        assert new.unit(b.target).hex == b.final


@SETTINGS
@given(situations(), options_st)
def test_a_step_moves_exactly_into_a_hex_not_higher_empty_and_passable(sit, options):
    # P2/L2 checked from the board's own cells and the state, not through hexrules.forced: a
    # step on the board moves the target exactly when the hex it enters is no higher than the
    # hex the target stands on, passable (only "impassable" is not, T1) and empty (no other
    # unit or Garrison); otherwise it is a collision, involving the target and the unit there.
    # A step off the board (not a key of the cells) meets the edge (P4).
    fm = outcomes(sit, options)
    assume(fm is not None)
    board, state = sit[0], sit[1]
    cells = board.cells()  # {hex: (elevation, terrain name)}
    others = {u.hex: u.name for u in state if u.name != fm.target}
    for b in fm:
        for step in b.steps:
            assert step.elevation_from == cells[step.frm][0]
            if step.to not in cells:
                assert step.result == "edge" and step.elevation_to is None
                event("a step off the board (P4): no hex to compare with")
                continue
            height, terrain = cells[step.to]
            assert step.elevation_to == height
            free = height <= cells[step.frm][0] and terrain != "impassable" and step.to not in others
            assert step.result == ("moved" if free else "collision"), (step.text, free)
            if step.result == "collision":
                involved = {d.unit for d in b.damages if d.cause == "collision"}
                assert involved == {fm.target} | ({others[step.to]} if step.to in others else set())
                assert step is b.steps[-1] and b.final == step.frm


@SETTINGS
@given(situations(), options_st, options_st)
def test_resolve_accepts_exactly_the_branches_of_its_reading(sit, listed, checked):
    # A branch listed under one reading resolves under another exactly when that reading lists
    # a branch with the same facts (same choice, steps, ending, damage); otherwise it is refused.
    first = outcomes(sit, listed)
    assume(first is not None)
    board, state = sit[0], sit[1]
    second = {b.choice: b for b in outcomes(sit, checked)}
    for b in first:
        same = second.get(b.choice)
        if same == b:
            assert resolve(board, state, b, options=checked) == resolve(board, state, same, options=checked)
        else:
            with pytest.raises(RuleError):
                resolve(board, state, b, options=checked)


@SETTINGS
@given(situations(), options_st)
def test_collision_damage_is_per_unit_involved(sit, options):
    fm = outcomes(sit, options)
    assume(fm is not None)
    state = sit[1]
    for b in fm:
        hit = [d for d in b.damages if d.cause in ("collision", "edge")]
        if b.collision:
            assert b.ending in COLLISION_ENDINGS or b.ending == "edge"
            expected_units = [b.target] + ([b.hit] if b.hit else [])
            assert [d.unit for d in hit] == expected_units
            assert sum(d.amount for d in hit) == options.collision_damage * len(expected_units)
        else:
            assert hit == [] and b.hit is None
        assert all(d.non_combat for d in b.damages)  # P6
        # resolving applies exactly the branch's damage
        new = resolve(sit[0], state, b, options=options)
        for name, amount in b.damage.items():
            if name not in new:
                event("a damaged unit removed from play (P4 'remove'): its damage not read back")
            if name in new:
                assert new.unit(name).damage == state.unit(name).damage + amount


@SETTINGS
@given(situations())
def test_engagement_and_terrain_cost_never_change_outcomes(sit):
    # T2: ignore_engagement flags, the Engagement switches and the water reading change nothing;
    # neither does turning water into open ground of the same height.
    board, state = sit[0], sit[1]
    base = outcomes(sit)
    calm = State(u.replace(ignore_engagement=True) for u in state)
    dry = Board({h: (e, "open" if t == "water" else t) for h, (e, t) in board.cells().items()})
    other = DEFAULT.replace(engagement_penalty=3, engagement_on_entry="stop", water="allowance",
                            allies_pass_through=False)
    variant = outcomes(sit, other, state=calm, board=dry)
    if base is None:
        assert variant is None
    else:
        assert variant is not None and base.branches == variant.branches
        assert [b.explain() for b in base] == [b.explain() for b in variant]  # the wording too


@SETTINGS
@given(situations(), st.sampled_from(["collide", "remove"]))
def test_edge_switch_changes_only_edge_branches(sit, mode):
    base = outcomes(sit)
    assume(base is not None)
    other = outcomes(sit, DEFAULT.replace(push_off_board=mode))
    event(f"edge branches: {'some' if any(a.ending == 'edge' for a in base) else 'none (nothing for P4 to change)'}")
    assert [b.choice for b in base] == [b.choice for b in other]
    for a, b in zip(base, other):
        if a.ending != "edge":
            assert a == b and a.explain() == b.explain()
        else:
            assert b.ending == "edge" and a.path == b.path
            assert (b.removed, b.collision) == ((mode == "remove"), (mode == "collide"))


@SETTINGS
@given(situations(), st.integers(1, 3))
def test_drop_switch_changes_only_damage_of_drops(sit, per_level):
    base = outcomes(sit)
    assume(base is not None)
    other = outcomes(sit, DEFAULT.replace(push_drop_damage_per_level=per_level))
    board = sit[0]
    event(f"steps down: {'some' if any(s.result == 'moved' and s.levels < 0 for a in base for s in a.steps) else 'none (nothing for P3 to change)'}")
    for a, b in zip(base, other, strict=True):
        assert (a.choice, a.ending, a.final) == (b.choice, b.ending, b.final)
        dropped = sum(max(0, board.elevation(s.frm) - board.elevation(s.to)) for s in a.steps if s.result == "moved")
        assert sum(d.amount for d in b.damages) - sum(d.amount for d in a.damages) == per_level * dropped


@SETTINGS
@given(situations())
def test_pull_other_elevation_switch_applies_only_next_to_the_source(sit):
    base = outcomes(sit)
    if base is not None and base.kind != "pull":
        event("skipped: a Push, which L3's switch never reads")
    assume(base is not None and base.kind == "pull")
    other = outcomes(sit, DEFAULT.replace(pull_other_elevation="collide"))
    board, source = sit[0], base.source
    only_base = [b for b in base if b not in other.branches]
    only_other = [b for b in other if b not in base.branches]
    event(f"L3's switch changed {'some branches' if only_base or only_other else 'nothing here'}")
    for b in only_base:  # "nothing happened" next to the source at another elevation
        assert b.ending == "adjacent" and source.distance(b.final) == 1
        assert board.elevation(b.final) != board.elevation(source)
    for b in only_other:  # replaced by a stop and a collision with the unit on the source hex
        assert source.distance(b.final) == 1
        assert b.ending == "stop" or (b.ending == "unit" and b.attempted == source)


@SETTINGS
@given(situations(), options_st)
def test_choose_finds_every_branch(sit, options):
    fm = outcomes(sit, options)
    assume(fm is not None)
    choices = [b.choice for b in fm]
    assert len(set(choices)) == len(choices)
    for b in fm:
        assert fm.choose(*b.choice) == b
