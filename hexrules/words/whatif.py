"""Words for what each reading changes (:mod:`hexrules.whatif`): the report on a scenario, the sweep.

Each function reads the facts of a :class:`~hexrules.whatif.SwitchChanges`,
:class:`~hexrules.whatif.Report` or :class:`~hexrules.whatif.SweepResult`; their ``explain()``
and ``table()`` call them. The base reading is called "the base" (the kit's default unless the
report says otherwise), the alternative by its switch and value (``water=none``).

Examples
--------
>>> signed(1.25), signed(-0.5), signed(0)
('+1.25', '-0.50', '0')
"""

from __future__ import annotations

from typing import Any

from . import hex_name, noun, percent, plural
from .compare import branch_outcome
from .forced import forced_name, move_head, path_text
from .movement import movement_name


__all__ = ["signed", "movement_change", "movement_head", "forced_head", "forced_change", "idle_switch_text", "idle_movement_text", "switch_text", "switch_table", "report_text",
           "report_table", "sweep_text", "sweep_table"]


def signed(x: float) -> str:
    """A change with its sign and two decimals (``"+1.25"``), ``"0"`` for none."""
    return "0" if x == 0 else f"{x:+.2f}"


def _hexes(cmp: Any, hexes: Any, reading: int) -> str:
    return ", ".join(f"{hex_name(h, cmp.board)} ({cmp.reaches[reading].costs[h]} MP)" for h in hexes)


def movement_change(cmp: Any) -> str:
    """``"gains D1 (3 MP); loses C1 (2 MP); C2 costs 3→2; allowance 3→2"``: one movement's changes, a cost
    written as the what-if map writes it on its hex (``"3→2"``, :func:`hexrules.plot.whatif.change_text`)."""
    parts = []
    if cmp.gained:
        parts.append(f"gains {_hexes(cmp, cmp.gained, 1)}")
    if cmp.lost:
        parts.append(f"loses {_hexes(cmp, cmp.lost, 0)}")
    parts += [f"{hex_name(h, cmp.board)} costs {x}→{y}" for h, x, y in cmp.cost_changes]
    a, b = cmp.allowances
    if a.total != b.total:
        parts.append(f"allowance {a.total}→{b.total}")
    return "; ".join(parts) or "the same"


def movement_head(cmp: Any) -> str:
    """``"GM's Advance"``: whose movement a comparison is (the report's line, the what-if map's
    menu and title)."""
    return f"{cmp.unit}'s {movement_name(cmp.kind)}"


def forced_head(cmp: Any) -> str:
    """``"Push 2 from D3 (GM) on Zaku at C3"``: which Push or Pull a comparison is (the report's line,
    the what-if map's menu and title), named as everywhere (:func:`hexrules.words.forced.move_head`)."""
    return move_head(cmp.moves[0])


def forced_change(cmp: Any) -> str:
    """``"2 branches change (damage, collision)"``: what changes in one Push or Pull."""
    parts = []
    if cmp.changed:
        aspects = sorted({a for c in cmp.changed for a in c.differs}, key=["ending", "final", "damage", "collision",
                                                                          "steps"].index)
        parts.append(f"{plural(len(cmp.changed), 'branch')} {'changes' if len(cmp.changed) == 1 else 'change'} "
                     f"({', '.join(aspects)})")
    if cmp.only_a:
        parts.append(f"{plural(len(cmp.only_a), 'branch')} only under the base")
    if cmp.only_b:
        parts.append(f"{plural(len(cmp.only_b), 'branch')} only under the alternative")
    return "; ".join(parts)


def _of(k: int, n: int, what: str) -> str:
    return f"{k} of {plural(n, what)} {'changes' if k == 1 else 'change'}"


#: Why a switch changes nothing on a Push or Pull: where its rule does not apply
#: (:func:`hexrules.whatif.forced_switch_acts`).
_IDLE_WHY = {
    "collision_damage": "no branch collides",
    "push_drop_damage_per_level": "no branch moves down a level",
    "push_off_board": "no branch reaches the board edge",
    "pull_other_elevation": "no branch is left next to the source at another elevation with a step to go",
}


def idle_switch_text(switch: str, ruling: str, *, source_held: bool = True) -> str:
    """A switch that cannot change this Push or Pull, and why (its rule does not apply here):
    ``"push_off_board (P4): changes nothing here: no branch reaches the board edge, so every
    value gives the same outcomes."`` ``source_held``: a unit stands on the source (L3's
    collision needs one)."""
    why = _IDLE_WHY.get(switch, "its rule does not act on a Push or Pull (T2)")
    if switch == "pull_other_elevation" and not source_held:
        why = "no unit stands on the source for the target to collide with"
    return f"{switch} ({ruling}): changes nothing here: {why}, so every value gives the same outcomes."


#: Why a switch cannot change a unit's movement here (:func:`hexrules.whatif.movement_switch_may_act`).
_IDLE_MOVEMENT = {
    "jump_climb": "it starts at ground level, where both readings cost every step as M1",
    "allies_pass_through": "no ally within its reach",
    "engagement_on_entry": "no enemy within its reach, or it ignores Engagement (E5)",
    "water": "no terrain with an extra cost within its reach",
    "engagement_penalty": "it is not Engaged at the start, or it ignores Engagement (E5)",
    "garrison_ability_move": "it is not a Garrison",
}


def idle_movement_text(switch: str, ruling: str, unit: str) -> str:
    """A switch that cannot change ``unit``'s movement here, and why: ``"water (T1): the same for
    Scout here: no terrain with an extra cost within its reach."``"""
    why = _IDLE_MOVEMENT.get(switch, "its rule does not act on a movement")
    return f"{switch} ({ruling}): the same for {unit} here: {why}."

def switch_text(changes: Any) -> str:
    """One alternative's changes: a heading (``"water=none (T1): 2 of 6 movements change."``), then
    one line per movement, Push or Pull, and Crush that changes; or that it changes nothing."""
    alt = changes.alternative
    head = f"{alt.label} ({alt.ruling})"
    if alt.topic == "movement":
        counts = _of(len(changes.reaches), changes.movements, "movement")
    elif alt.topic == "forced":
        counts = _of(len(changes.forced), changes.situations, "Push and Pull situation") if changes.situations \
            else "no Push or Pull to compare"
    else:
        n = len(changes.dice) + len(changes.crush)
        counts = f"{n} Crush {noun(n, 'result')} {'changes' if n == 1 else 'change'}"
    if changes.same:
        return f"{head}: changes nothing here ({counts.replace(' change', '').replace(' changes', '')} compared)." \
            if alt.topic != "forced" or changes.situations else f"{head}: changes nothing here ({counts})."
    lines = [f"{head}: {counts}."]
    lines += [f"  {movement_head(r)}: {movement_change(r)}." for r in changes.reaches]
    for f in changes.forced:
        lines.append(f"  {forced_head(f)}: {forced_change(f)}.")
        if f.changed:  # which side of "|" is which reading, once per Push or Pull
            lines.append(f"    path (-x: a step tried, not taken): under the base  |  under {alt.label}")
        lines += [f"    {path_text(c.a)}: {branch_outcome(c.a)}  |  {branch_outcome(c.b)}" for c in f.changed]
        lines += [f"    {path_text(x)}: only under the base: {branch_outcome(x)}" for x in f.only_a]
        lines += [f"    {path_text(y)}: only under {alt.label}: {branch_outcome(y)}" for y in f.only_b]
    lines += ["  " + d.explain().splitlines()[0] for d in changes.dice]
    lines += ["  " + line for c in changes.crush for line in c.explain().splitlines()[1:]]
    return "\n".join(lines)


def switch_table(changes: Any) -> list[dict[str, Any]]:
    """One row per movement, Push or Pull, and Crush result that changes: what, and how."""
    rows = [{"what": movement_head(r), "change": movement_change(r)} for r in changes.reaches]
    rows += [{"what": forced_head(f), "change": forced_change(f)} for f in changes.forced]
    rows += [{"what": "Crush dice", "change": d.explain().splitlines()[0]} for d in changes.dice]
    rows += [{"what": "Crush", "change": "; ".join(line.strip() for line in c.explain().splitlines()[1:])}
             for c in changes.crush]
    return rows


def _situation_name(sc: Any, s: Any) -> str:
    """:func:`~hexrules.words.forced.forced_name` of a Push or Pull compared (a ``Situation``: its
    source and target are units of scenario ``sc``)."""
    def at(name: str) -> str:
        return hex_name(sc.state.unit(name).hex, sc.board)

    return forced_name(s.kind, s.n, at(s.source), s.target, at(s.target), by=s.source)


def switches_text(options: Any) -> str:
    """A reading's switches that differ from the kit's default, as tables name an alternative
    (``"allies_pass_through=False, water=allowance"``); ``""`` for the default itself."""
    return ", ".join(f"{k}={v}" for k, (v, _) in options.differences(type(options)()).items())


def base_name(report: Any, short: bool = False) -> str:
    """The reading a report compares with, as its words name it: ``"the kit's default reading"``
    (``short``: ``"the default"``), ``"its own reading (rules: water=allowance)"`` for a scenario's
    ``rules:`` section, else ``"the reading water=allowance"``."""
    changed = switches_text(report.base)
    if not changed:
        return "the default" if short else "the kit's default reading"
    if report.base_origin == "scenario":
        return f"its own reading (rules: {changed})"
    return f"the reading {changed}"


def report_text(report: Any) -> str:
    """The whole report: what was compared, each alternative that changes something, and the
    alternatives that change nothing, listed together."""
    sc = report.scenario
    base = base_name(report)
    lines = [f"What each reading changes on {sc.heading or 'this scenario'}, against {base}: "
             f"{plural(len(report.movements), 'movement')}, {plural(len(report.pushes), 'Push and Pull situation')}"
             + (f" ({len(report.refused)} refused under every reading: "
                + "; ".join(f"{_situation_name(sc, s)} ({r.ruling})" for s, r in report.refused) + ")"
                if report.refused else "") + "."]
    for c in report.changed:
        lines += ["", switch_text(c)]
    if report.unchanged:
        lines += ["", "Change nothing here: " + ", ".join(f"{c.alternative.label} ({c.alternative.ruling})"
                                                         for c in report.unchanged) + "."]
    return "\n".join(lines)


def report_table(report: Any) -> list[dict[str, Any]]:
    """One row per alternative: switch, ruling, movements changed, Push / Pull situations changed,
    Crush results changed, and the verdict."""
    rows = []
    for c in report.switches:
        alt = c.alternative
        rows.append({
            "switch": alt.label, "ruling": alt.ruling,
            "movements": f"{len(c.reaches)} of {c.movements}" if alt.topic == "movement" else "-",
            "Push / Pull": f"{len(c.forced)} of {c.situations}" if alt.topic == "forced" else "-",
            "Crush": str(len(c.dice) + len(c.crush)) if alt.topic == "crush" else "-",
            "verdict": "changes nothing" if c.same else "changes",
        })
    return rows


def _share(x: float | None) -> str:
    return "-" if x is None else percent(x)


def sweep_text(result: Any) -> str:
    """The sweep: how many boards, of which size, from which seed, and per alternative how often
    it changed an outcome."""
    spec = result.spec
    movements = max((t.movements for t in result.tallies), default=0)
    situations = max((t.situations for t in result.tallies), default=0)
    lines = [f"{plural(result.boards, 'board')} of {spec.columns} x {spec.rows} hexes (seed {result.seed!r}): "
             f"{plural(movements, 'movement')}, {plural(situations, 'Push and Pull situation')}"
             + (f", in {result.seconds:.1f} s." if result.seconds else ".")]
    for t in result.tallies:
        alt = t.alternative
        if alt.topic == "movement":
            what = (f"{percent(t.share_movements)} of movements change their reach ({interval_text(t.interval())}; "
                    f"mean change {signed(t.mean_reach_change)} hexes)")
        elif alt.topic == "forced":
            what = f"{percent(t.share_situations)} of Push and Pull situations change ({interval_text(t.interval())})"
        else:  # its share of boards is the whole line: said once
            lines.append(f"  {alt.label} ({alt.ruling}): {percent(t.share_boards)} of boards change "
                         f"({interval_text(t.interval())}; generated boards have no Crush pieces).")
            continue
        lines.append(f"  {alt.label} ({alt.ruling}): {what}; {percent(t.share_boards)} of boards.")
    return "\n".join(lines)


def interval_text(interval: tuple[float, float] | None) -> str:
    """A share's 95% interval as the sweep's words write it: ``"95% interval 31.5%-37.4%"``."""
    if interval is None:
        return "-"
    low, high = interval
    return f"95% interval {percent(low)}-{percent(high)}"


def sweep_table(result: Any) -> list[dict[str, Any]]:
    """One row per alternative: switch, ruling, share of boards, of movements and of situations
    that change, mean reach change (hexes; ``-`` where the switch does not act), and the 95%
    interval of the share its chart shows (movements, situations, or boards for Crush)."""
    return [{
        "switch": t.alternative.label, "ruling": t.alternative.ruling,
        "boards": percent(t.share_boards),
        "movements": _share(t.share_movements),
        "mean reach change": "-" if t.mean_reach_change is None else signed(t.mean_reach_change),
        "Push / Pull": _share(t.share_situations),
        "95% interval": interval_text(t.interval()).removeprefix("95% interval "),
    } for t in result.tallies]
