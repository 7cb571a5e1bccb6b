"""The state value and the rules-options value."""

import pytest

from hexrules.errors import OptionsError, StateError
from hexrules.hexgrid import Hex
from hexrules.options import DEFAULT, RulesOptions
from hexrules.state import State, Unit


def make():
    return State([Unit("Gundam", "federation", Hex(0, 0)), Unit("Zaku", "zeon", Hex(1, 0))])


def test_rules_return_new_states():
    s = make()
    t = s.move("Gundam", Hex(0, 1)).damage("Zaku", 2)
    assert s.unit("Gundam").hex == Hex(0, 0) and s.unit("Zaku").damage == 0
    assert t.unit("Gundam").hex == Hex(0, 1) and t.unit("Zaku").damage == 2
    assert t.at(Hex(0, 1)).name == "Gundam" and t.at(Hex(0, 0)) is None
    assert "Zaku" not in t.remove("Zaku")


def test_one_unit_per_hex_and_unique_names():
    with pytest.raises(StateError, match=r"'Zaku' and 'Gundam' are both on hex \(0,0\).*M3"):
        make().move("Zaku", Hex(0, 0))
    with pytest.raises(StateError, match="two units are named 'Gundam'"):
        make().add(Unit("Gundam", "zeon", Hex(5, 5)))


def test_unknown_unit_lists_the_known_ones():
    with pytest.raises(StateError, match="no unit named 'Gm'.*'Gundam', 'Zaku'"):
        make().unit("Gm")


def test_sides_allies_enemies():
    s = make().add(Unit("Guncannon", "federation", Hex(0, 1)))
    assert s.are_enemies("Gundam", "Zaku") and not s.are_enemies("Gundam", "Guncannon")
    assert [u.name for u in s.enemies_of("Zaku")] == ["Gundam", "Guncannon"]


@pytest.mark.parametrize("field, value", [("advance", -1), ("dash", 1.5), ("speed", True)])
def test_bad_unit_stats(field, value):
    with pytest.raises(StateError, match=f"{field}="):
        Unit("G", "a", Hex(0, 0), **{field: value})


def test_options_defaults_are_the_rulings():
    assert DEFAULT.allies_pass_through is True  # M3
    assert DEFAULT.engagement_on_entry == "continue"  # E3
    assert DEFAULT.jump_climb == "above_start"  # J1
    assert DEFAULT.water == "enter_cost"  # T1
    assert DEFAULT.collision_damage == 2  # P2
    assert DEFAULT.push_drop_damage_per_level == 0  # P3
    assert DEFAULT.push_off_board == "stop"  # P4
    assert DEFAULT.pull_other_elevation == "nothing"  # L3
    assert DEFAULT.crush_cover_reduction == 1  # C1
    assert DEFAULT.crush_major_also_minor is False  # C4


def test_options_variants_side_by_side():
    other = DEFAULT.replace(water="allowance", push_off_board="remove")
    assert other.differences(DEFAULT) == {"water": ("allowance", "enter_cost"), "push_off_board": ("remove", "stop")}
    assert RulesOptions.ruling("push_off_board") == "P4"


@pytest.mark.parametrize(
    "changes, words",
    [({"water": "lava"}, "water='lava'.*T1"), ({"collision_damage": -2}, "collision_damage=-2"),
     ({"allies_pass_through": "yes"}, "allies_pass_through"), ({"colour": 1}, "unknown rules option")],
)
def test_bad_options(changes, words):
    with pytest.raises(OptionsError, match=words):
        DEFAULT.replace(**changes)
