"""The recorded Push and Pull cases (``tests/forced_golden.py``) checked against the rulings, family
by family: what P1-P6 and L1-L3 say each case's branches must be, worked out here from the board's
hexes and the units alone, never from ``hexrules.forced`` or from the recorded digests.

The golden file is a regression net: it says the branches are the ones the kit gave when they were
recorded, not that those were right. This module says they are right. For every case of a family
(a shipped scenario, or the seeded random boards) and every reading it was recorded under, the
rulings give the whole tree of choices:

* P1 / L1: from the target's hex the forcing player picks, one step at a time, any neighbouring
  position strictly farther from the source hex (Pull: strictly closer; the source hex itself is
  never entered, ``hexrules/forced.py``'s reading), or stops, also after 0 steps; N steps at most.
* P2 / L2: a step into a unit (any side) or a Garrison is a collision with it (the target and that
  unit take ``collision_damage`` each); into an impassable hex, or onto a hex higher than the
  target's current one, a collision with terrain (the target alone takes it). The target stays
  where it was and the movement ends; a unit on a higher hex is one collision, not two.
* P3: a step down moves the target and deals ``push_drop_damage_per_level`` per level dropped.
* P4: a step off the board ends the movement: "stop" (no damage), "collide" (the target takes
  collision damage) or "remove" (removed from play).
* L3: a target next to the source at the same elevation cannot be Pulled (a RuleError, ruling L3);
  a Pull that reaches the source's neighbour goes no closer (the source's hex is its only closer
  hex): at another elevation, with a unit on the source and "collide", it may collide with it
  (2 damage each), or stop.
* P6: every damage is non-combat damage.

Each branch is compared by what the forcing player chose (the attempted hexes) and its outcome:
where the target ends (or its removal), who takes what damage, and whether it collided.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import forced_golden
from hexrules.errors import RuleError
from hexrules.options import DEFAULT

# {family: [(case name, [forced()'s arguments per reading])]}, in the golden file's order
FAMILIES: dict[str, list[tuple[str, list[dict[str, Any]]]]] = {}
for _name, _arguments in forced_golden.case_arguments():
    FAMILIES.setdefault(forced_golden.family(_name), []).append((_name, _arguments))

#: What each shipped scenario's own comment says its Push or Pull shows: endings the rulings must
#: produce somewhere in the family (so that its checks are not vacuous).
SHOWS = {
    "push_collision": {"unit", "impassable"},  # the GM and the Garrison (P2), the rock on D5 (P2)
    "push_knuckle_shield": {"terrain"},  # four paths into elevated terrain (P2)
    "push_edge": {"edge"},  # the east edge of a 4-column board (P4)
    "pull_other_elevation": {"adjacent", "unit"},  # the GM next to Char's hill (L3); Pulled into the GM (L2)
    "pull_char_zaku": {"full"},  # Pull 1 to C2 or C3 (L1)
}


def _unit_at(state, h):
    for u in state:
        if u.hex == h:
            return u
    return None


def ruled_branches(a: dict[str, Any]) -> dict[tuple, tuple] | str:
    """Every branch the rulings allow for one case (the arguments of :func:`forced_golden.call`):
    ``{attempted hexes: (ending, final hex or None if removed, {unit: damage}, collided)}``; or
    ``"L3"`` when the rulings refuse the Pull. Worked from ``board.cells()``, the terrain table's
    passability and the units' hexes (RULES.md P1-P4, L1-L3)."""
    board, state, kind, n, options = a["board"], a["state"], a["kind"], a["n"], a["options"]
    cells = board.cells()  # {hex: (elevation, terrain name)}
    source_unit = next((u for u in state if u.name == a["source"]), None)
    src = source_unit.hex if source_unit is not None else board.hex(a["source"])
    target = next(u for u in state if u.name == a["target"])
    start = target.hex
    elev = {h: e for h, (e, _) in cells.items()}
    passable = {h: board.terrain_table[t].passable for h, (_, t) in cells.items()}
    on_source = _unit_at(state, src)
    cd, per_level = options.collision_damage, options.push_drop_damage_per_level
    if kind == "pull" and src.distance(start) == 1 and elev[start] == elev[src]:
        return "L3"  # L3: adjacent to the source at the same elevation: cannot be Pulled
    out: dict[tuple, tuple] = {}

    def add(damage: dict[str, int], name: str, amount: int) -> dict[str, int]:
        return {**damage, name: damage.get(name, 0) + amount} if amount else damage

    def walk(cur, chosen: tuple, damage: dict[str, int]) -> None:
        k = len(chosen)
        if k == n:  # P1 / L1: N hexes at most
            out[chosen] = ("full", cur, damage, False)
            return
        if kind == "pull" and src.distance(cur) == 1:  # L3: the source's own hex is the only closer one
            if elev[cur] != elev[src] and options.pull_other_elevation == "collide" and on_source is not None:
                out[chosen] = ("stop", cur, damage, False)
                hit = add(add(damage, target.name, cd), on_source.name, cd)
                out[chosen + (src,)] = ("unit", cur, hit, True)
            else:
                out[chosen] = ("adjacent", cur, damage, False)
            return
        out[chosen] = ("stop", cur, damage, False)  # P1 / L1: the forcing player may stop, also after 0 steps
        d = src.distance(cur)
        for nxt in cur.neighbors():
            if not (src.distance(nxt) > d if kind == "push" else (src.distance(nxt) < d and nxt != src)):
                continue  # P1: strictly farther; L1: strictly closer, never the source's own hex
            step = chosen + (nxt,)
            if nxt not in cells:  # P4: a step off the board
                mode = options.push_off_board
                if mode == "remove":
                    out[step] = ("edge", None, damage, False)
                else:
                    out[step] = ("edge", cur, add(damage, target.name, cd) if mode == "collide" else damage,
                                 mode == "collide")
                continue
            other = _unit_at(state, nxt)
            if other is not None and other.name != target.name:  # P2 / L2: one collision with the unit
                out[step] = ("unit", cur, add(add(damage, target.name, cd), other.name, cd), True)
            elif not passable[nxt]:  # P2 / L2: impassable terrain
                out[step] = ("impassable", cur, add(damage, target.name, cd), True)
            elif elev[nxt] > elev[cur]:  # P2 / L2: a higher hex
                out[step] = ("terrain", cur, add(damage, target.name, cd), True)
            else:  # it moves; P3: down is allowed, per level dropped
                walk(nxt, step, add(damage, target.name, per_level * (elev[cur] - elev[nxt])))

    walk(start, (), {})
    return out


def _facts(branch) -> tuple:
    return (branch.ending, branch.final, branch.damage, branch.collision)


def _where(expected: tuple, got: tuple) -> str:
    """Which ruling a differing outcome breaks."""
    if expected[0] != got[0]:
        return "the ending (P1/L1 stop or full, P2/L2 collision, P4 edge, L3 adjacent)"
    if expected[1] != got[1]:
        return "where the target ends (P2: it stays on a collision; P4 'remove': nowhere)"
    if expected[2] != got[2]:
        return "the damage (P2/L2: collision damage to each unit involved; P3: per level dropped; P4 'collide')"
    return "whether it collided (P2/L2, P4 'collide', L3 'collide')"


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_recorded_push_and_pull_is_what_rulings_p1_to_p6_and_l1_to_l3_give(family):
    """P1-P6, L1-L3: for each case of the family and each reading, the branches the kit lists are
    exactly those the rulings allow (by the hexes chosen), each with the ruled outcome."""
    problems: list[str] = []
    endings: Counter[str] = Counter()
    for name, arguments in FAMILIES[family]:
        for a in arguments:
            reading = f"{name} [{a['options'].differences(DEFAULT) or 'the default reading'}]"
            expected = ruled_branches(a)
            try:
                fm = forced_golden.call(a)
            except RuleError as err:
                if expected != "L3" or err.ruling != "L3":
                    problems.append(f"{reading}: refused ({err.ruling}: {err}), the rulings allow it")
                continue
            if expected == "L3":
                problems.append(f"{reading}: listed {len(fm)} branches; L3: adjacent at one height, no Pull")
                continue
            got = {b.choice: b for b in fm}
            if len(got) != len(fm):
                problems.append(f"{reading}: two branches make the same choices")
            for choice in expected.keys() - got.keys():
                problems.append(f"{reading}: no branch attempts {[str(h) for h in choice]}, which P1/L1 allow")
            for choice in got.keys() - expected.keys():
                problems.append(f"{reading}: branch {[str(h) for h in choice]} is no choice P1/L1 allow")
            for choice in expected.keys() & got.keys():
                b = got[choice]
                endings[expected[choice][0]] += 1
                if _facts(b) != expected[choice]:
                    problems.append(f"{reading}: branch {[str(h) for h in choice]}: {_where(expected[choice], _facts(b))}: "
                                    f"ruled {expected[choice]}, listed {_facts(b)}")
                if not all(d.non_combat for d in b.damages):
                    problems.append(f"{reading}: branch {[str(h) for h in choice]}: P6: damage that is not non-combat")
                moved = [st for st in b.steps if st.result == "moved"]
                if len(moved) > a["n"]:
                    problems.append(f"{reading}: branch {[str(h) for h in choice]} moves {len(moved)} hexes, more than N (P1/L1)")
    assert not problems, f"{len(problems)} problems, the first:\n" + "\n".join(problems[:20])
    assert sum(endings.values()) > 0  # the family's cases list branches: something was checked
    assert SHOWS.get(family, set()) <= set(endings), (family, dict(endings))
