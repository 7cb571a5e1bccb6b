"""Explorers for the movement notebooks (01-05): the board, reach and cost, Engagement, readings.

Each explorer is built in one line from a built-in scenario name (``hexrules/scenarios/*.hex``)
or a :class:`~hexrules.scenario.Scenario`, draws on ONE figure made at construction, and updates
its artists when a control changes (see :class:`~hexrules.widgets.base.Explorer`).

* :class:`ScenarioExplorer` (00): pick a built-in scenario, see it and its text.
* :class:`HexExplorer` (01): coordinates, labels, distance, neighbours and the graph's edges.
* :class:`ReachExplorer` (02, 04, 05, 09): a unit (or a Garrison), Advance, Dash or an
  ability's "move N hexes" (M5), a Speed bonus and a target; reachable hexes coloured and
  numbered by cost (RULES.md M1, M2, M5, J1, J2, T1), the cheapest path as arrows and its
  step-by-step breakdown (``MoveCost.explain()``).
* :class:`EngagementExplorer` (03): place units; who is Engaged with whom (E1), the -1 (E2), the
  attack restriction (E4), "ignore Engagement" (E5).
* :class:`CompareExplorer` (03, 04, 05, 09): one movement under two readings of a rules switch
  (J1's ``jump_climb``, T1's ``water``, M5's ``garrison_ability_move``, ...) side by side, in
  two axes of one figure.

The movement control offers Advance, Dash and Ability (M2, M5), with the ability's N on a
slider: moving the slider chooses Ability with that N. The unit menu lists the units that move,
then the Garrisons: a Garrison moves only by an ability (M5), so choosing one chooses Ability.

Who is Engaged is decided by :mod:`hexrules.movement` (``engaged_with`` / ``engagements`` /
``engaged_pairs`` / ``adjacent_not_engaged``, E1), never here; it is drawn by
:mod:`hexrules.plot.movement`, in the colours of the kit-wide theme (:func:`hexrules.plot.set_theme`). A value a
control cannot show (an unknown unit, a target hex not on the board, a switch that is not a
movement switch) is refused when the explorer is built, with a
:class:`~hexrules.errors.HexrulesError` naming it.

:data:`EXPLORERS` builds each with its default scenario (used by tests and the fuzz test).

Examples
--------
>>> import matplotlib.pyplot as plt
>>> ex = ReachExplorer("elevation", target="C2")
>>> print(ex.cost.explain())
RX-78-2 Gundam Advance from C3 (height 0): allowance 3 = Advance 3
  1. C3 -> C2: 1 to enter + 2 climb (height 0 -> 2) = 3 (total 3)
Total 3 of 3 movement points: legal.
>>> plt.close(ex.figure)
"""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from .. import movement as mv
from ..scenario import Scenario, builtin, scenario_names
from ..compare import ReachComparison, compare_reach
from ..crush_scenario import CrushScenario, board_tokens
from ..checks import show
from ..errors import HexrulesError, RuleError, StateError
from ..hexgrid import Hex, from_offset, to_offset
from ..state import State
from ..options import CHOICES, RulesOptions, check_options
from ..reading import reading
from ..movement import AbilityMove
from ..plot import (VEHICLE_MARKER, clear_board, draw_board, engagement_legend, legend_handle, new_figure, path_style, reach_legend,
                    set_engagement, unaffordable_overlays)
from ..plot.text import fit_title
from ..plot.theme import live
from ..whatif import movement_switch_may_act
from ..words import offset_words
from ..words.whatif import idle_movement_text
from .base import (Explorer, TwoReadingsExplorer, cached, check_choice, check_int, check_unit, error_html, hex_label, movers,
                   pre, scenario_from, switch_controls, table_html)

__all__ = [
    "ScenarioExplorer",
    "HexExplorer",
    "ReachExplorer",
    "EngagementExplorer",
    "CompareExplorer",
    "breakdown_html",
    "clear_reach",
    "show_path",
    "SWITCH_VALUES",
    "EXPLORERS",
]

#: The colours of the movement pictures (``theme.movement``, ``theme.engagement``).
_THEME = live()  # the kit-wide theme (hexrules.plot.set_theme), read at each use
_MOVE = live("movement")
_ENGAGE = live("engagement")
_COMPARE = live("compare")

_NONE = ""

#: The values each movement switch of :class:`~hexrules.options.RulesOptions` can take, for the
#: comparison explorer (ruling in brackets): M3, M5, E2, E3, J1, T1.
SWITCH_VALUES: dict[str, tuple[Any, ...]] = {
    "water": CHOICES["water"],
    "jump_climb": CHOICES["jump_climb"],
    "allies_pass_through": (True, False),
    "engagement_on_entry": CHOICES["engagement_on_entry"],
    "engagement_penalty": (1, 0, 2),
    "garrison_ability_move": CHOICES["garrison_ability_move"],
}

#: The movements (M2, M5): an ability's "move N hexes" is ``"ability"`` with N on a slider.
KINDS = ("advance", "dash", "ability")
#: The movement control's buttons.
KIND_BUTTONS = [("Advance", "advance"), ("Dash", "dash"), ("Ability", "ability")]
#: The Movement buttons' tooltips, for a unit that moves and for a Garrison (M2, M5).
KIND_TIPS = ["Advance: the unit's Advance + its Speed bonus (M2)", "Dash: the unit's Dash, no Speed bonus (M2)",
             "an ability's move N hexes (M5)"]
GARRISON_TIPS = ["a Garrison does not Advance (M2)", "a Garrison does not Dash (M2)",
                 "a Garrison moves only by an ability: its N hexes (M5)"]
#: The Speed slider's usual top (a unit with a larger Speed bonus widens it).
MAX_SPEED = 4
#: The ability slider's usual top, in hexes (M5; a larger N given widens it), and its default N.
MAX_ABILITY = 6
ABILITY = 3


def _check_kind(kind: Any, ability: Any) -> tuple[str, int]:
    """``(kind, N)`` for the movement controls: ``kind`` may be an :class:`AbilityMove` (its N),
    else one of :data:`KINDS` with ``ability`` the N (M2, M5)."""
    if isinstance(kind, AbilityMove):
        return "ability", kind.hexes
    return check_choice("kind", kind, KINDS, ruling="M2"), check_int("ability", ability, 0, ruling="M5")


def _kind_control(kind: str) -> widgets.ToggleButtons:
    """The movement toggle: Advance, Dash or Ability (M2, M5)."""
    return widgets.ToggleButtons(options=KIND_BUTTONS, value=kind, description="Movement", tooltips=KIND_TIPS)


def _ability_control(n: int) -> widgets.IntSlider:
    """The ability's N slider ("move N hexes", M5); moving it chooses Ability."""
    return widgets.IntSlider(value=n, min=0, max=max(MAX_ABILITY, n), description="Ability N",
                             tooltip="an ability's move N hexes (M5)")


def _unit_controls(sc: Scenario, unit: Any, kind: str) -> tuple[widgets.Dropdown, str]:
    """The unit menu (units that move, then Garrisons) and the movement it starts with: a
    Garrison moves only by an ability (M5), so a Garrison chosen first starts on Ability."""
    names = movers(sc.state)
    garrisons = [u.name for u in sc.state if u.garrison]
    if not names + garrisons:
        raise StateError(f"scenario {sc.name!r} has no unit", ruling="M2")
    unit = check_unit("unit", (names or garrisons)[0] if unit is None else unit, names + garrisons)
    options = [(n, n) for n in names] + [(f"{n} (Garrison)", n) for n in garrisons]
    if unit in garrisons:
        kind = "ability"
    return widgets.Dropdown(options=options, value=unit, description="Unit"), kind


class _MovementControls:
    """What the movement explorers share: the movement chosen, and the controls that follow
    the unit and the movement (a Garrison moves by an ability only; N is an ability's, M5)."""

    scenario: Scenario
    controls: dict[str, widgets.Widget]

    @property
    def movement(self) -> Any:
        """The movement chosen: ``"advance"``, ``"dash"`` or an :class:`~hexrules.movement.AbilityMove`."""
        kind = self.controls["kind"].value
        return AbilityMove(self.controls["ability"].value) if kind == "ability" else kind

    def _unit_chosen(self, change: dict) -> None:
        """A Garrison chosen: it moves by an ability only (M5), so Ability is chosen with it."""
        if self.scenario.state.unit(change["new"]).garrison:
            self._choose_ability()
        self._garrison_controls()

    def _garrison_controls(self) -> None:
        """While a Garrison is chosen, the Movement buttons' tooltips say it moves only by an
        ability (M2, M5) and the Speed slider is off (Speed adds to Advance only, M2)."""
        garrison = self.scenario.state.unit(self.controls["unit"].value).garrison
        tips = GARRISON_TIPS if garrison else KIND_TIPS
        if list(self.controls["kind"].tooltips) != tips:
            self.controls["kind"].tooltips = tips
        speed = self.controls.get("speed")
        if speed is not None and speed.disabled != garrison:
            speed.disabled = garrison

    def _garrison_refusal(self, state: Any, name: str, kind: Any) -> None:
        """Refuse Advance or Dash for a Garrison in a player's words (M2, M5): the rules' own
        message names the Python call (``kind=AbilityMove(n)``), which a player cannot use."""
        if state.unit(name).garrison and not isinstance(kind, AbilityMove):
            raise RuleError(f"{name} is a Garrison: it does not Advance or Dash (M2). An ability may move it: "
                            f"choose Ability and its N hexes (M5)", ruling="M2")

    def _choose_ability(self, _change: Any = None) -> None:
        """Choose Ability (a Garrison chosen, or the ability's N moved; M5)."""
        with self.quiet():  # type: ignore[attr-defined]
            self.controls["kind"].value = "ability"


def _first_mover(sc: Scenario, unit: Any) -> tuple[list[str], str]:
    """The units that move (not Garrisons) and ``unit`` checked among them (default the first)."""
    names = movers(sc.state)
    if not names:
        raise StateError(f"scenario {sc.name!r} has no unit that moves (only Garrisons)", ruling="M2")
    return names, check_unit("unit", names[0] if unit is None else unit, names)


def _target(board: Any, target: Any) -> str:
    """The target dropdown's value: ``_NONE`` for no target, else the hex's label (checked)."""
    return _NONE if target is None or (isinstance(target, str) and target == _NONE) else hex_label(board, target,
                                                                                                   name="target")


def _label_options(board: Any, *, none: str | None = None) -> list[tuple[str, str]]:
    opts = [(board.label(h), board.label(h)) for h in board.hexes]
    return ([(none, _NONE)] if none is not None else []) + opts


def breakdown_html(cost: mv.MoveCost) -> str:
    """A movement's breakdown as HTML: the words of ``cost.explain()`` and a table of steps.

    Parameters
    ----------
    cost : hexrules.movement.MoveCost

    Returns
    -------
    str
        ``<pre>`` with the explanation (allowance, each step, the verdict with its ruling)
        followed by a table (from, to, enter, climb, terrain, cost, running total).
    """
    colour = path_style(cost, theme=_THEME)["colors"]
    verdict = "legal" if cost.legal else f"illegal ({cost.ruling})"
    head = f'<div style="color:{colour}"><b>{html.escape(cost.unit)}: cost {cost.total} of {cost.allowance.total}, {verdict}</b></div>'
    return head + pre(cost.explain()) + table_html(cost.table())


def clear_reach(art: Any) -> None:
    """Take a reach off ``art`` (its costs, pass-only outlines, path): what the picture shows
    when the rules refuse the movement (e.g. a Garrison told to Advance, M2), so that it never
    keeps the numbers of the movement before."""
    art.set_costs(None, key="costs")
    art.set_highlight(None, key="pass")
    show_path(art, None)


def show_path(art: Any, cost: mv.MoveCost | None) -> None:
    """Draw ``cost``'s whole path on ``art`` (layer ``"path"``; None clears it), and where it goes
    beyond the allowance (M1): the running totals of the hexes entered from the first step the
    unit cannot pay (red numbers, layer ``"unpaid"``) and the first hex it cannot pay for (a
    dashed red outline). The picture then says what the breakdown says: "6 of 3" is a 6 on the
    target."""
    art.set_paths([cost.path] if cost is not None else None, key="path", **path_style(cost, theme=_THEME))
    over = unaffordable_overlays(cost)
    art.set_texts(over["texts"], key="unpaid", color=_MOVE["path_bad"], under_units=True)
    art.set_highlight(over["first"], key="unpaid", color=_MOVE["path_bad"], width=2.5, linestyle="--", inset=0.8)


# --- 00: scenarios ---------------------------------------------------------------------------------


class ScenarioExplorer(Explorer):
    """Pick a built-in scenario and see its board, units and text (notebook 00).

    Parameters
    ----------
    scenario : str
        The scenario shown first (a name from ``hexrules.scenario.scenario_names()``).

    Notes
    -----
    Changing the scenario clears the one axes and draws the new board on it: the figure is the
    same, only its contents change. A Crush scenario (``crush_hab_block``) shows the pieces of its
    own sections (RULES.md C1, C2): its squads' models, its vehicles (diamonds), its terrain piece
    and the vehicles' paths, as lesson 08 draws them.

    Raises
    ------
    ScenarioError
        If ``scenario`` is not the name of a built-in scenario.
    """

    def __init__(self, scenario: str = "elevation") -> None:
        names = scenario_names()
        first = builtin(scenario)
        fig, (self.ax,) = new_figure(first.board, figsize=(8.5, 4.6))
        controls = {"scenario": widgets.Dropdown(options=names, value=scenario, description="Scenario")}
        super().__init__(fig, controls, title="The kit's scenarios")
        self.art = None
        self.update()

    def redraw(self) -> None:
        self.scenario = sc = builtin(self.controls["scenario"].value)
        clear_board(self.ax)  # the same axes, its board's artists gone
        crush = CrushScenario(sc)
        if not crush.units:
            self.art = draw_board(sc.board, sc.state, ax=self.ax, title=sc.heading)
        else:  # Crush (VoidSiege) keeps its pieces in its own sections (C1, C2): drawn as lesson 08 draws them
            tokens = board_tokens(crush.units)
            vehicles = [u.name for u in crush.units if u.is_vehicle]
            self.art = draw_board(sc.board, ax=self.ax, title=sc.heading, legend=False, paths=list(crush.paths.values()),
                                  highlight=[h for p in crush.pieces for h in p.hexes])
            self.art.set_units(tokens, names={f"{u.name}/{m.name}": m.name for u in crush.units if not u.is_vehicle
                                              for m in u.models}, vehicles=vehicles)
            self.art.legend(State([t.replace(garrison=False) for t in tokens]), [  # a vehicle is no Garrison
                legend_handle("outline", "terrain piece (C1)", _THEME.highlight, drawn_by=("outline", "highlight")),
                legend_handle("marker", "vehicle (C2)", _THEME.garrison_key, marker=VEHICLE_MARKER),
                legend_handle("arrow", "vehicle path (C1)", _THEME.path, drawn_by=("paths", "paths"))])
        self.explain(sc.to_text())


# --- 01: the hex board and its graph -----------------------------------------------------------------


class HexExplorer(Explorer):
    """Coordinates, labels, distance, neighbours and graph edges of a board (notebook 01).

    Parameters
    ----------
    scenario : str or Scenario
        The board to explore (default the elevation example).
    hex, other : str
        The selected hex and a second hex (for distance and the straight line between them),
        as labels of the board's scheme. The defaults ``"C3"`` and ``"F1"`` (offset column 2,
        row 2 and column 5, row 0, counted from 0) are those hexes on a board of any label scheme
        (``"0303"`` and ``"0601"`` on one numbered ``0304``).

    Shows every hex's distance from the selected hex (colour and number), outlines its
    neighbours, draws the straight line (``Hex.line``) to the other hex, and explains the
    coordinates (axial, cube, offset, label) and the graph edges leaving the hex with their
    ``climb`` and plain ``cost`` (RULES.md M1). Clicking a hex (ipympl) selects it.

    Raises
    ------
    HexError, BoardError
        If ``hex`` or ``other`` is not a hex of the board.
    ScenarioError, ExplorerError
        If ``scenario`` is not a built-in scenario's name or a Scenario.
    """

    def __init__(self, scenario: str | Scenario = "elevation", hex: str = "C3", other: str = "F1") -> None:
        self.scenario = sc = scenario_from(scenario)
        if sc.board.labels.kind != "letters":  # the defaults name offset positions on any board
            hex = from_offset(2, 2, sc.board.offset) if isinstance(hex, str) and hex == "C3" else hex
            other = from_offset(5, 0, sc.board.offset) if isinstance(other, str) and other == "F1" else other
        hex, other = hex_label(sc.board, hex, name="hex"), hex_label(sc.board, other, name="other")
        fig, (ax,) = new_figure(sc.board)
        controls = {
            "hex": widgets.Dropdown(options=_label_options(sc.board), value=hex, description="Hex"),
            "other": widgets.Dropdown(options=_label_options(sc.board), value=other, description="Other hex"),
        }
        super().__init__(fig, controls, title=f"{sc.heading or 'Board'}: hexes and the graph")
        self.art = draw_board(sc.board, sc.state, ax=ax)
        self.art.legend(sc.state, [
            legend_handle("outline", "chosen hex (numbers: distance from it, in hexes)", _MOVE["target"], width=2.5,
                          drawn_by=("outline", "target")),
            legend_handle("outline", "its neighbours", _MOVE["neighbours"], drawn_by=("outline", "neighbours")),
            legend_handle("line", "straight line", _MOVE["neighbours"], linestyle="--", drawn_by=("paths", "line")),
        ])
        self.on_hex_click([self.art], lambda h, _art: setattr(self.controls["hex"], "value", sc.board.label(h)),
                          hint="Click a hex on the map to choose it.")
        self.update()

    def redraw(self) -> None:
        b = self.scenario.board
        h = b.hex(self.controls["hex"].value)
        o = b.hex(self.controls["other"].value)
        dist = {x: h.distance(x) for x in b.hexes}
        # the distance is written in every hex; the rim keeps the elevation colour the legend lists
        self.art.set_texts(dist, key="costs", offset=(0.0, self.art.TILE_SHIFT), size=0.36, under_units=True)
        self.art.set_highlight(b.neighbors(h), key="neighbours", color=_MOVE["neighbours"], width=2.5)
        self.art.set_highlight([h], key="target", color=_MOVE["target"])
        line = [x for x in h.line(o)]
        self.art.set_paths([line], key="line", colors=_MOVE["neighbours"], style="-", linestyle="--", width=2)
        col, row = to_offset(h, b.offset)
        edges = [
            {"to": b.label(n), "climb": d["climb"], "drop": d["drop"], "cost": d.get("cost", "impassable")}
            for n, d in sorted(b.graph[h].items(), key=lambda kv: b.label(kv[0]))
        ]
        text = (
            f"{b.label(h)}: axial q={h.q}, r={h.r} (cube s={h.s}); "
            f"{offset_words(col, row, b.offset, b.label(h), b.labels.kind, getattr(b.labels, 'first', 1))}; "
            f"elevation {b.elevation(h)}, terrain {b.terrain(h).name}\n"
            f"neighbours on the board: {', '.join(b.label(n) for n in b.neighbors(h))}\n"
            f"distance {b.label(h)} -> {b.label(o)}: {h.distance(o)} hexes (elevation ignored); "
            f"straight line: {' -> '.join(b.label(x) if x in b else str(x) for x in line)}"
        )
        self.explain(html_text=pre(text) + table_html(edges, caption=f"graph edges leaving {b.label(h)} (M1 cost for a unit on the ground)"))


# --- 02/04/05: reach and cost -------------------------------------------------------------------------


class ReachExplorer(_MovementControls, Explorer):
    """Reachable hexes, their cost and the cheapest path's breakdown (notebooks 02, 04, 05, 09).

    Parameters
    ----------
    scenario : str or Scenario
        A built-in scenario name or a scenario (default ``"elevation"``).
    unit : str, optional
        The moving unit or Garrison (default the scenario's first non-Garrison unit). A
        Garrison moves only by an ability (M5): it starts on Ability.
    target : str, optional
        A target hex label whose cheapest path is drawn and explained (default none).
    kind : {"advance", "dash", "ability"} or AbilityMove
        The movement (M2; an ability's "move N hexes", M5).
    ability : int
        N of the ability's movement (default 3 hexes; an :class:`~hexrules.movement.AbilityMove`
        given as ``kind`` gives its own).
    options : RulesOptions, optional
        The starting reading of the rules (default the scenario's own: its ``rules:`` section,
        :func:`hexrules.reading.reading`, else the kit's default).
    switches : tuple of str
        Rules switches to offer as controls (names of :data:`SWITCH_VALUES`).

    Attributes
    ----------
    reach : hexrules.movement.Reach
        The last computed reach.
    cost : hexrules.movement.MoveCost or None
        The last breakdown of the path to the target.

    Notes
    -----
    Controls: ``unit``, ``kind`` (Advance / Dash / Ability), ``ability`` (the ability's N, M5;
    moving it chooses Ability), ``speed`` (the unit's Speed bonus, M2: it adds to Advance only),
    ``target`` (clicking a hex on an ipympl canvas selects it), and one control per switch.
    Reachable hexes are coloured and numbered with their cheapest cost in movement points; hexes
    the unit could only pass through (allies, lower enemies while jumping) are outlined with
    dashes. A movement the rules refuse (a Garrison told to Advance or Dash, M2) clears the
    picture and says why.

    Raises
    ------
    StateError
        If ``unit`` is not one of the scenario's units (or there is none).
    HexError, BoardError
        If ``target`` is not a hex of the board.
    ExplorerError
        If ``kind`` is not one of :data:`KINDS` or an AbilityMove, ``ability`` is not a whole
        number >= 0, or ``switches`` is not a tuple of names.
    OptionsError
        If ``options`` is not a RulesOptions or a switch is not a movement switch.
    """

    def __init__(
        self,
        scenario: str | Scenario = "elevation",
        unit: str | None = None,
        target: str | None = None,
        kind: str | AbilityMove = "advance",
        options: RulesOptions | None = None,
        switches: tuple[str, ...] = (),
        ability: int = ABILITY,
    ) -> None:
        self.scenario = sc = scenario_from(scenario)
        (kind, n), target = _check_kind(kind, ability), _target(sc.board, target)
        unit_control, kind = _unit_controls(sc, unit, kind)
        unit = unit_control.value
        self.base_options = options = check_options(reading(sc) if options is None else options)
        top = max(MAX_SPEED, *(u.speed for u in sc.state))
        switch_ctls = switch_controls(switches, options, SWITCH_VALUES, what="movement")
        controls: dict[str, widgets.Widget] = {
            "unit": unit_control,
            "kind": _kind_control(kind),
            "speed": widgets.IntSlider(value=sc.state.unit(unit).speed, min=0, max=top, description="Speed bonus"),
            "ability": _ability_control(n),
            "target": widgets.Dropdown(options=_label_options(sc.board, none="(none)"),
                                       value=target, description="Target"),
        }
        controls.update(switch_ctls)
        fig, (ax,) = new_figure(sc.board)
        super().__init__(fig, controls, title=f"{sc.heading or 'Scenario'}: where can it go, and what does it cost?",
                         handlers={"unit": self._show_speed, "ability": self._choose_ability})
        self._reachable = cached(mv.reachable, sc.board)  # per state, unit, movement, reading
        self.art = draw_board(sc.board, sc.state, ax=ax)
        self.art.legend(sc.state, reach_legend(_THEME))
        self.on_hex_click([self.art], self._clicked, hint="Click a hex on the map: it becomes the Target.")
        self.reach: mv.Reach | None = None
        self.cost: mv.MoveCost | None = None
        self._garrison_controls()
        self.update()

    def _clicked(self, h: Hex, _art: Any) -> None:
        self.controls["target"].value = self.scenario.board.label(h)

    def _show_speed(self, change: dict) -> None:
        """A new unit: show its own Speed bonus (M2), and Ability for a Garrison (M5)."""
        with self.quiet():
            self.controls["speed"].value = self.scenario.state.unit(change["new"]).speed
        self._unit_chosen(change)

    @property
    def options(self) -> RulesOptions:
        """The rules options from the switch controls."""
        changes = {n: c.value for n, c in self.controls.items() if n in SWITCH_VALUES}
        return self.base_options.replace(**changes)

    @property
    def state(self) -> Any:
        """The scenario's state with the chosen unit's Speed bonus."""
        name = self.controls["unit"].value
        return self.scenario.state.replace_unit(name, speed=self.controls["speed"].value)

    def redraw(self) -> None:
        b, st, opts = self.scenario.board, self.state, self.options
        name, kind = self.controls["unit"].value, self.movement
        self.art.set_units(st)
        self.reach = self.cost = None
        try:
            self._garrison_refusal(st, name, kind)
            self.reach = r = self._reachable(st, name, kind, opts)
        except HexrulesError as err:  # e.g. a Garrison told to Advance (M2): no reach to show
            clear_reach(self.art)
            self.art.set_highlight(None, key="target")
            self.explain(html_text=error_html(err))
            return
        # the fixed cost scale (cost 2 looks the same under Advance and Dash); each number ringed in its tile's
        # colour, so a path or a water hex's ripples crossing the hex stop short of its digits
        self.art.set_costs(r.costs, key="costs", under_units=True, halo=True)
        self.art.set_highlight(r.pass_only, key="pass", color=_MOVE["pass"], width=2, linestyle="--")
        target = self.controls["target"].value
        self.cost = None
        head = f"{name}: {r.allowance.explain()}; {len(r.costs)} hexes reachable (numbers: cheapest cost in movement points)"
        if kind != "advance" and st.unit(name).speed:
            head += f"\nSpeed bonus {st.unit(name).speed} does not apply: Speed adds to Advance only (M2)"
        if not target:
            show_path(self.art, None)
            self.art.set_highlight(None, key="target")
            self.explain(head + "\nChoose a target hex to see the cheapest path and its breakdown.")
            return
        self.art.set_highlight([target], key="target", color=_MOVE["target"])
        try:
            self.cost = c = mv.path_to(b, st, name, target, kind, opts)
        except HexrulesError as err:
            show_path(self.art, None)
            self.explain(html_text=pre(head) + error_html(err))
            return
        show_path(self.art, c)
        self.explain(html_text=pre(head) + breakdown_html(c))


# --- 03: Engagement ------------------------------------------------------------------------------------


class EngagementExplorer(Explorer):
    """Place units and see who is Engaged with whom, and what it costs (notebook 03).

    Parameters
    ----------
    scenario : str or Scenario
        Default ``"engagement"``; ``"engagement_lower"`` is the rulebook's second example.
    unit : str, optional
        The unit selected first.

    Notes
    -----
    Controls: ``unit`` (which unit to place), ``hex`` (where it stands: choosing a hex moves it
    there; an occupied or impassable hex is refused with the rule), ``ignore`` (the unit ignores
    Engagement, E5) and ``reset``. The picture joins Engaged pairs with red dashes (E1), joins
    adjacent enemies at another elevation with grey dots (adjacent but not Engaged), outlines
    Engaged units in red (grey dashes for one that ignores Engagement), and puts a tile in the hexes
    where the selected unit would be Engaged (the legend's "would be Engaged": the same colour on
    any height, the rim keeping the height's colour). The text lists each unit's Engagements, its Advance and Dash allowances with the -1 (E2) and whom its
    attacks must include, if it attacks (E4). Who is Engaged comes from :func:`hexrules.movement.engagements`,
    :func:`hexrules.movement.engaged_with`, :func:`hexrules.movement.engaged_pairs` and
    :func:`hexrules.movement.adjacent_not_engaged` (E1).

    Raises
    ------
    StateError
        If ``unit`` is not one of the scenario's moving units (or there is none).
    """

    def __init__(self, scenario: str | Scenario = "engagement", unit: str | None = None) -> None:
        self.scenario = sc = scenario_from(scenario)
        self.state = sc.state
        names, unit = _first_mover(sc, unit)
        fig, (ax,) = new_figure(sc.board)
        controls = {
            "unit": widgets.Dropdown(options=names, value=unit, description="Unit"),
            "hex": widgets.Dropdown(options=_label_options(sc.board), value=sc.board.label(sc.state.unit(unit).hex),
                                    description="Stands on"),
            "ignore": widgets.Checkbox(value=sc.state.unit(unit).ignore_engagement, description="ignores Engagement (E5)"),
            "reset": widgets.Button(description="Reset", tooltip="Back to the scenario's positions"),
        }
        super().__init__(fig, controls, title=f"{sc.heading or 'Scenario'}: who is Engaged?", handlers={
            "unit": lambda change: self._sync(change["new"]),
            "hex": lambda change: self._place(self.controls["unit"].value, change["new"]),
            "ignore": lambda change: self._ignore(bool(change["new"])),
            "reset": lambda _button: self._restore(),
        })
        self.art = draw_board(sc.board, sc.state, ax=ax)
        self.art.legend(sc.state, engagement_legend(ignoring=True, theme=_THEME) + [
            legend_handle("outline", "chosen unit", _MOVE["target"], drawn_by=("outline", "target")),
            legend_handle("fill", "would be Engaged", _ENGAGE["danger"], tile=True, drawn_by=("tiles", "danger")),
        ])
        self.on_hex_click([self.art], lambda h, _a: setattr(self.controls["hex"], "value", sc.board.label(h)),
                          hint="Click a hex on the map: the unit stands there.")
        self.message = ""
        self.update()

    def _sync(self, name: str) -> None:
        """Show where unit ``name`` stands and whether it ignores Engagement (moves nothing)."""
        u = self.state.unit(name)
        with self.quiet():
            self.controls["hex"].value = self.scenario.board.label(u.hex)
            self.controls["ignore"].value = u.ignore_engagement

    def _ignore(self, ignores: bool) -> None:
        self.state = self.state.replace_unit(self.controls["unit"].value, ignore_engagement=ignores)

    def _place(self, name: str, label: str) -> None:
        """Move unit ``name`` to the hex labelled ``label``, or say why not (T1, M3) and show it back."""
        b = self.scenario.board
        try:
            h = b.hex(label)
            if not b.terrain(h).passable:
                raise StateError(f"{label} is impassable: no unit can stand there", ruling="T1")
            there = self.state.at(h)
            if there is not None and there.name != name:  # named by the board's label, as the map writes it
                raise StateError(f"{show(there.name)} stands on {label}: one unit per hex", ruling="M3")
            self.state = self.state.move(name, h)
            self.message = ""
        except HexrulesError as err:
            self.message = str(err)
            self._sync(name)

    def _restore(self) -> None:
        self.state = self.scenario.state
        self.message = ""
        self._sync(self.controls["unit"].value)

    def reset(self) -> None:
        """Put every unit back where the scenario placed it (the ``reset`` button)."""
        self._restore()
        self.update()

    def redraw(self) -> None:
        b, st = self.scenario.board, self.state
        name = self.controls["unit"].value
        self.art.set_units(st)
        eng = mv.engagements(b, st)  # E1
        near = mv.adjacent_not_engaged(b, st)
        set_engagement(self.art, st, mv.engaged_pairs(b, st), near)
        me = st.unit(name)
        danger = {h: _ENGAGE["danger"] for h in b.hexes if h != me.hex and st.at(h) is None and b.terrain(h).passable
                  and mv.engaged_with(b, st, name, at=h)}
        # a tile of the legend's colour, whatever the hex's height (a tint blended over the elevation
        # shading read darker on height 1 than its swatch); the rim keeps the height's colour
        self.art.set_tiles(danger, key="danger", edgecolor=_THEME.edge)
        self.art.set_highlight([me.hex], key="target", color=_MOVE["target"], width=2, inset=0.8)
        lines = []
        if self.message:
            lines.append(f"Not placed: {self.message}")
        for u in st:
            if u.garrison:
                continue
            with_ = eng.get(u.name, ())
            status = f"Engaged with {', '.join(with_)} (E1)" if with_ else "not Engaged"
            if u.ignore_engagement:
                status += "; ignores Engagement (E5)"
            lines.append(f"{u.name} on {b.label(u.hex)} (height {b.elevation(u.hex)}): {status}")
            for kind in ("advance", "dash"):
                lines.append(f"    {kind}: {mv.allowance(b, st, u.name, kind).explain()}")
            if with_ and not u.ignore_engagement:
                lines.append(f"    its attacks must include {' or '.join(with_)} (E4)")
            elif with_:
                lines.append("    ignores Engagement: no -1 and no attack restriction (E5)")
            apart = {n for pair in near if u.name in pair for n in pair} - {u.name}
            other_level = [o.name for o in st if o.name in apart]  # in state order
            if other_level:
                lines.append(f"    adjacent at another elevation, so not Engaged: {', '.join(other_level)} (E1)")
        lines.append(f"Shaded hexes (legend: 'would be Engaged'): where {name} would be Engaged if it stood there (E1).")
        self.explain("\n".join(lines))


# --- 04/05: two readings side by side --------------------------------------------------------------------


class CompareExplorer(_MovementControls, TwoReadingsExplorer):
    """The same movement under two readings of one rules switch, side by side (notebooks 04, 05).

    Parameters
    ----------
    scenario : str or Scenario
        Default ``"terrain"`` (water and impassable hexes).
    switch : str
        The switch compared (a key of :data:`SWITCH_VALUES`; default ``"water"``, ruling T1).
    unit, target : str, optional
        The moving unit (or Garrison) and the target hex.
    kind : {"advance", "dash", "ability"} or AbilityMove
        The movement (M2, M5).
    ability : int
        N of an ability's movement (default 3 hexes), as :class:`ReachExplorer`.
    left, right : optional
        The two values compared (default the switch's first two values).

    Attributes
    ----------
    comparison : hexrules.compare.ReachComparison
        The two readings compared (:func:`hexrules.compare.compare_reach`): what the picture and
        the text show.
    reaches, costs : list
        Left and right reach, and path to the target (None without one), from :attr:`comparison`.

    Notes
    -----
    One figure with two axes: left and right show the reach (coloured and numbered on the same
    scale) and the cheapest path to the target under each reading; the hexes whose cost differs
    (gained, lost, cheaper or dearer) are outlined on both sides. The text says what differs
    (:meth:`~hexrules.compare.ReachComparison.explain`) and shows both breakdowns. Controls:
    ``switch``, ``left``, ``right`` (the switch's values), ``unit``, ``kind``, ``ability`` and
    ``target``. A movement the rules refuse (a Garrison told to Advance, M2) clears both sides
    and says why.

    Raises
    ------
    OptionsError
        If ``switch`` is not a key of :data:`SWITCH_VALUES`, or ``left`` / ``right`` is not a value
        of it.
    StateError, HexError, BoardError, ExplorerError
        As :class:`ReachExplorer`, for ``unit``, ``target``, ``kind`` and ``ability``.
    """

    SWITCHES = SWITCH_VALUES
    WHAT = "movement"

    def __init__(
        self,
        scenario: str | Scenario = "terrain",
        switch: str = "water",
        unit: str | None = None,
        target: str | None = None,
        kind: str | AbilityMove = "advance",
        left: Any = None,
        right: Any = None,
        ability: int = ABILITY,
    ) -> None:
        self.scenario = sc = scenario_from(scenario)
        controls = self.reading_controls(switch, left, right)
        (kind, n), target = _check_kind(kind, ability), _target(sc.board, target)
        unit_control, kind = _unit_controls(sc, unit, kind)
        fig, self.axes = new_figure(sc.board, ncols=2, legend="below")
        controls.update({
            "unit": unit_control,
            "kind": _kind_control(kind),
            "ability": _ability_control(n),
            "target": widgets.Dropdown(options=_label_options(sc.board, none="(none)"), value=target,
                                       description="Target"),
        })
        super().__init__(fig, controls, title=f"{sc.heading or 'Scenario'}: two readings side by side",
                         handlers={"unit": self._unit_chosen, "ability": self._choose_ability})
        self._compared = cached(compare_reach, sc.board)  # per state, unit, readings, movement, target
        self.arts = [draw_board(sc.board, sc.state, ax=ax, legend=False) for ax in self.axes]
        self.arts[0].legend(sc.state, reach_legend(_THEME) + [
            legend_handle("outline", "cost differs between the readings", _COMPARE["differs"], width=3.0,
                          drawn_by=("outline", "differs"))], below=True, boards=self.arts[1:])
        self.on_hex_click(self.arts, lambda h, _a: setattr(self.controls["target"], "value", sc.board.label(h)),
                          hint="Click a hex on either map: it becomes the Target.")
        self.reaches: list[mv.Reach] = []
        self.costs: list[mv.MoveCost | None] = []
        self.comparison: ReachComparison | None = None
        self._garrison_controls()
        self.update()

    def redraw(self) -> None:
        b, st = self.scenario.board, self.scenario.state
        name, kind, target = self.controls["unit"].value, self.movement, self.controls["target"].value
        switch = self.controls["switch"].value
        left, right = self.readings()
        try:
            self._garrison_refusal(st, name, kind)
            self.comparison = cmp = self._compared(st, name, left, right, kind=kind, target=target or None)
        except HexrulesError as err:  # e.g. a Garrison told to Advance (M2): nothing to compare
            self.comparison, self.reaches, self.costs = None, [], []
            for art in self.arts:
                clear_reach(art)
                art.set_highlight(None, key="differs")
                art.set_highlight(None, key="target")
            self.explain(html_text=error_html(err))
            return
        self.reaches, self.costs = list(cmp.reaches), list(cmp.paths)
        differs = sorted(cmp.differing_hexes, key=lambda h: to_offset(h, b.offset)[::-1])
        parts = []
        for art, opts, r, cost, refusal in zip(self.arts, (left, right), cmp.reaches, cmp.paths, cmp.refusals):
            head = f"<b>{html.escape(switch)} = {html.escape(str(getattr(opts, switch)))}</b>"
            fit_title(art.ax, self.reading_title(opts))  # within its half of the figure
            art.set_costs(r.costs, key="costs", under_units=True, halo=True)
            art.set_highlight(r.pass_only, key="pass", color=_MOVE["pass"], width=2, linestyle="--")
            art.set_highlight(differs, key="differs", color=_COMPARE["differs"], width=3.5, inset=0.84)
            art.set_highlight([target] if target else None, key="target", color=_MOVE["target"])
            show_path(art, cost)
            if cost is not None:
                parts.append(head + breakdown_html(cost))
            elif refusal is not None:
                parts.append(head + error_html(refusal))
            else:
                parts.append(head + pre(r.allowance.explain()))
        cells = "".join(f'<td style="vertical-align:top;padding-right:1em">{p}</td>' for p in parts)
        said = cmp.explain(("left", "right"))
        if cmp.same and not movement_switch_may_act(self.scenario, name, switch, cmp.reaches[0].allowance):
            said += "\n" + idle_movement_text(switch, RulesOptions.ruling(switch), name)
        self.explain(html_text=pre(said) + f"<table><tr>{cells}</tr></table>")


#: Zero-argument factories of every explorer the movement notebooks show, with their default
#: scenarios (tests build each and change its controls).
EXPLORERS: dict[str, Callable[[], Explorer]] = {
    "scenarios": lambda: ScenarioExplorer("elevation"),
    "hexes": lambda: HexExplorer("elevation"),
    "reach_elevation": lambda: ReachExplorer("elevation", target="C2"),
    "engagement": lambda: EngagementExplorer("engagement"),
    "engagement_lower": lambda: EngagementExplorer("engagement_lower"),
    "reach_jumping": lambda: ReachExplorer("jumping", target="D3", switches=("jump_climb",)),
    "compare_jumping": lambda: CompareExplorer("jumping", "jump_climb", target="C4"),
    "reach_terrain": lambda: ReachExplorer("terrain", switches=("water",)),
    "compare_water": lambda: CompareExplorer("terrain", "water"),
    "reach_garrison_ability": lambda: ReachExplorer("garrison_ability", unit="Federation Garrison", target="C1",
                                                    kind=AbilityMove(3), switches=("garrison_ability_move",)),
    "compare_garrison_ability": lambda: CompareExplorer("garrison_ability", "garrison_ability_move",
                                                        unit="Federation Garrison", kind=AbilityMove(3), target="C1"),
    "compare_engagement_on_entry": lambda: CompareExplorer("engagement_lower", "engagement_on_entry", target="B1"),
    "reach_carrier_deck": lambda: ReachExplorer("carrier_deck", target="E3"),
}
