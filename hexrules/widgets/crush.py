"""Explorers for notebook 08, Crush (RULES.md C1-C5): the collapse on a board, and designer what-ifs.

Each explorer draws on ONE figure made at construction and changes its artists in place when a
control moves (bars by ``set_height``, curves by ``set_data``, heatmaps by ``set_data``, texts by
``set_text``; see :class:`~hexrules.widgets.base.Explorer`).

* :class:`CollapseExplorer`: a vehicle's path across a collapsible piece on a hex board; the
  collapse, the affected units (and those merely touching) highlighted; a seeded roll resolved
  step by step (C1-C4).
* :class:`DamageExplorer`: designer what-if for non-vehicles: Cover and Resolve sliders; the
  exact damage distribution as bars, "at least k" curves, and a heatmap over Cover x Resolve
  (expected damage or P(at least k)), recomputed on every change (C3, C5).
* :class:`VehicleExplorer`: Cover, Shield and Resolve sliders; the C4 switch (Major only / Major
  and Minor) side by side; HP lost; a table of P(Minor), P(Major) over Shield x Resolve (C4, C5).

The charts are drawn by :mod:`hexrules.plot.crush` (:func:`~hexrules.plot.crush.draw_damage_bars`,
:func:`~hexrules.plot.crush.draw_at_least`, :func:`~hexrules.plot.crush.draw_heatmap`, and their
``set_*`` functions), which the chart files use too (:func:`hexrules.plot.diagram.draw_chart`); the
explorers compute the numbers with :mod:`hexrules.dice` and hand them over. A value a control cannot show (``cover=99``,
``reading="x"``) is refused when the explorer is built, with an
:class:`~hexrules.errors.ExplorerError` naming it.

:data:`EXPLORERS` builds each with its defaults (tests and the fuzz test use it).

Examples
--------
>>> import matplotlib.pyplot as plt
>>> ex = DamageExplorer(cover=3, resolve=4)
>>> ex.distribution.at_least(2)
Fraction(1, 2)
>>> ex.controls["resolve"].value = 6
>>> [round(b.get_height(), 4) for b in ex.bars[:3]]
[0.5787, 0.3472, 0.0694]
>>> plt.close(ex.figure)
"""

from __future__ import annotations

import html
import textwrap
from fractions import Fraction
from typing import Any, Callable, Sequence

import ipywidgets as widgets
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ..checks import show
from ..compare import CrushComparison, compare_crush, compare_dice
from ..crush import POLICIES, CrushResult, crush
from ..crush_scenario import CrushScenario, board_tokens, load_crush
from ..dice import damage_distribution, expected_damage_table, hit_probability, vehicle_table
from ..errors import StateError
from ..options import DEFAULT
from ..plot import (AT_LEAST_LEGEND_WIDTH, CRUSH_COVERS, CRUSH_RESOLVES, VEHICLE_MARKER, draw_at_least, draw_board,
                    draw_damage_bars, draw_heatmap, fit_bar_texts, legend_when, new_figure, set_at_least, set_bars,
                    set_colorbar_percent, set_heatmap)
from ..plot.figure import CHART_WIDTH
from ..plot.theme import live
from ..scenario import Scenario
from ..words import noun, percent
from ..words.crush import policy_idle_text
from .base import PRE_STYLE, Explorer, ExplorerError, check_choice, check_int, pre, table_html

__all__ = [
    "CollapseExplorer",
    "DamageExplorer",
    "VehicleExplorer",
    "heatmap_values",
    "crush_title",
    "HEATMAP_METRICS",
    "EXPLORERS",
]

COVERS = CRUSH_COVERS
RESOLVES = CRUSH_RESOLVES
MAX_COVER = COVERS[-1]
MAX_SEED = 99_999
#: The Shields and Resolves of the vehicle explorer's table, and of its sliders (they agree, so the
#: table always frames the choice). Shield 1-7: C4 compares each die with the *modified* Shield,
#: which modifiers can raise past 6; at 7 no D6 reaches it (nothing happens, as Resolve 7 does for
#: a non-vehicle, C3). Resolve 1-6: Shield + Resolve is at least 7 for Resolve 6 already (no Major,
#: C4), so a higher Resolve changes nothing.
TABLE_SHIELDS = tuple(range(1, 8))
TABLE_RESOLVES = tuple(range(1, 7))

#: The colours of the Crush pictures (``theme.crush``).
_THEME = live()  # the kit-wide theme (hexrules.plot.set_theme), read at each use
_C = live("crush")
#: Outlines of affected / touching units' hexes are drawn this far in (a fraction of the hex), so
#: that they pass under the hex labels' line rather than through the labels.
_INSET = 0.82

#: The two readings of C4 the Crush explorers compare: a die reaching Shield + Resolve is Major
#: only (the default), or Major and Minor (``crush_major_also_minor``).
C4_READINGS = (DEFAULT, DEFAULT.replace(crush_major_also_minor=True))

#: Heatmap choices of :class:`DamageExplorer`: label -> k (None: expected damage).
HEATMAP_METRICS: dict[str, int | None] = {
    "expected damage": None,
    "P(at least 1)": 1,
    "P(at least 2)": 2,
    "P(at least 3)": 3,
}


def _fr(p: Fraction) -> str:
    """``"1/8 (12.5%)"``: a probability exactly, and as every chart of the kit writes it."""
    return f"{p} ({percent(p)})" if p not in (0, 1) else str(p)


# --- heatmap values -----------------------------------------------------------------------------


def heatmap_values(metric: int | None = None, covers: Sequence[int] = COVERS, resolves: Sequence[int] = RESOLVES) -> list[list[Fraction]]:
    """Exact heatmap values, rows = Cover, columns = Resolve: expected damage (``metric=None``) or
    ``P(damage >= metric)`` (C3, C5)."""
    if metric is None:
        return expected_damage_table(covers, resolves)
    return [[damage_distribution(c, r).at_least(metric) for r in resolves] for c in covers]


# --- the collapse on a board ------------------------------------------------------------------------


def crush_title(title: str | None) -> str:
    """The heading of a :class:`CollapseExplorer`: ``"Crush: <title>"``.

    ``title`` is the scenario's :attr:`~hexrules.crush_scenario.CrushScenario.heading` (its
    ``title:``, else its name).

    >>> crush_title("Grinder through the hab block")
    'Crush: Grinder through the hab block'
    >>> crush_title(None)
    'Crush'
    """
    title = (title or "").strip()
    return f"Crush: {title}" if title else "Crush"


def _route_options(sc: CrushScenario, vehicle: str) -> list[tuple[str, tuple]]:
    board = sc.board
    path = sc.paths[vehicle]
    piece = sc.piece()
    opts = [(f"drive across ({board.label(path[0])} → {board.label(path[-1])})", tuple(path))]
    on = [i for i, h in enumerate(path) if piece.covers(h)]
    if on and on[0] != len(path) - 1:
        stop = tuple(path[: on[0] + 1])
        opts.append((f"stop on the piece ({board.label(stop[0])} → {board.label(stop[-1])})", stop))
    return opts


class CollapseExplorer(Explorer):
    """A vehicle crosses a collapsible piece: the collapse and the Crush, step by step (C1-C4).

    Parameters
    ----------
    scenario : str, CrushScenario or Scenario
        A Crush scenario (default ``"crush_hab_block"``, :func:`hexrules.crush_scenario.load_crush`),
        or a :class:`~hexrules.scenario.Scenario` with Crush sections.
    seed : int
        The seed of the roll (C5); "Roll again" adds 1.
    step : int or None
        The step shown first, counted from 1 as the Step slider and the caption count
        ("step 3/19"); None: the first step.

    Attributes
    ----------
    result : hexrules.crush.CrushResult
        The Crush shown (the C4 reading of the switch).
    comparison : hexrules.compare.CrushComparison
        The same Crush, the same dice, under both readings of C4 (what the explanation says
        the switch changes in this roll).

    Controls: the piece's Cover (0-6), the route (drive across, or stop on the piece: then the
    vehicle itself is affected), the damage-assignment policy (C3), the C4 switch (the
    explanation says which reading is in force and, at the last step, what it changed in this
    roll: only the Minor tally of a vehicle die reaching Shield + Resolve, so the board, which
    shows Major damage, stays the same), the seed, and the step (slider, "Next step"; the slider
    always spans this Crush's steps, and a slider on the last step stays on the last step when a
    control changes their number). The board shows the path, the piece (olive gold while intact,
    grey once collapsed), the affected units' hexes outlined red, those merely touching outlined
    blue and dashed, the unit being resolved in gold; models slain are crossed out.

    Raises
    ------
    ExplorerError
        If ``scenario`` is neither a name nor a scenario, ``seed``
        is not a whole number in 0..99999, or ``step`` is not a step of the Crush shown first.
    ScenarioError
        If ``scenario`` is not a shipped Crush scenario's name.
    StateError
        If the scenario has no vehicle path.

    Examples
    --------
    With seed 2 the walker Sentinel (Shield 4, Resolve 2) rolls 3, 2 and 6: the 6 reaches
    Shield + Resolve = 6, one Major System Damage; under the other C4 reading it is also a Minor.

    >>> import matplotlib.pyplot as plt
    >>> ex = CollapseExplorer(seed=2)
    >>> ex.controls["step"].value = ex.controls["step"].max
    >>> ex.controls["major_also_minor"].value = True
    >>> print(ex._c4_reading(ex.result, last=True))  # doctest: +NORMALIZE_WHITESPACE
    C4 reading: a vehicle die reaching Shield + Resolve is Major and also Minor System Damage.
    In this roll, Sentinel: 1 such die, so 1 Minor (0 under the other reading).
    >>> plt.close(ex.figure)
    """

    #: Characters a line of the step's text above the map holds (8 points, the map's width).
    STEP_LINE = 110

    def __init__(self, scenario: str | CrushScenario = "crush_hab_block", *, seed: int = 1, step: int | None = None) -> None:
        if isinstance(scenario, str):
            scenario = load_crush(scenario)
        elif isinstance(scenario, Scenario):  # a scenario with Crush sections, e.g. parse_scenario's
            scenario = CrushScenario(scenario)
        elif not isinstance(scenario, CrushScenario):
            raise ExplorerError(f"scenario={show(scenario)} is not a Crush scenario name or a CrushScenario")
        self.scenario = sc = scenario
        if not sc.paths:
            raise StateError(f"scenario {sc.name!r} has no vehicle path")
        seed = check_int("seed", seed, 0, MAX_SEED, ruling="C5")
        if step is not None:
            step = check_int("step", step, 1)
        self.vehicle = next(iter(sc.paths))
        self.routes = _route_options(sc, self.vehicle)
        self._cache: dict[tuple, CrushComparison] = {}
        self._shares: dict[tuple, list] = {}  # each squad's damage per model, per controls and policy
        fig, (self.ax,) = new_figure(sc.board, legend=True)
        cover = sc.piece().cover
        controls = {
            "cover": widgets.IntSlider(value=cover, min=0, max=max(cover, MAX_COVER), description="Cover"),
            "route": widgets.Dropdown(options=[(label, i) for i, (label, _) in enumerate(self.routes)], value=0,
                                      description="Route"),
            "policy": widgets.Dropdown(options=list(POLICIES), value="fewest_remaining", description="Assign"),
            "major_also_minor": widgets.Checkbox(value=False, description="C4: Major also Minor"),
            "seed": widgets.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="Seed"),
            "reroll": widgets.Button(description="Roll again"),
            "step": widgets.IntSlider(value=1, min=1, max=2, description="Step"),
            "next": widgets.Button(description="Next step"),
        }
        super().__init__(fig, controls, title=crush_title(sc.heading),
                         handlers={"reroll": self._reroll, "next": self._next})
        self.art = draw_board(sc.board, board_tokens(sc.units), ax=self.ax, legend=False)
        self._legend()
        last = len(self.result.steps)
        if step is not None and step > last:
            self.close_figure()
            raise ExplorerError(f"step={step!r} is outside 1..{last} (the steps of this Crush)")
        self.set_slider(self.controls["step"], 1, last, 1 if step is None else step)
        self.update()

    # --- controls -------------------------------------------------------------------------------

    def _reroll(self, _button: Any) -> None:
        """Roll again: the next seed (one update follows)."""
        s = self.controls["seed"]
        with self.quiet():
            s.value = s.value + 1 if s.value < s.max else s.min

    def _next(self, _button: Any) -> None:
        """The next step, from the last back to the first."""
        st = self.controls["step"]
        with self.quiet():
            st.value = st.value + 1 if st.value < st.max else st.min

    # --- model ------------------------------------------------------------------------------------

    @property
    def result(self) -> CrushResult:
        """The Crush for the current controls, under the C4 reading chosen."""
        return self.comparison.results[int(self.controls["major_also_minor"].value)]

    @property
    def comparison(self) -> CrushComparison:
        """The Crush for the current Cover, route, policy and seed under both C4 readings, with the
        same dice (:func:`hexrules.compare.compare_crush`; A: Major only, B: Major and Minor).
        Cached per Cover, route, policy and seed."""
        c = self.controls
        key = (c["cover"].value, c["route"].value, c["policy"].value, c["seed"].value)
        if key not in self._cache:
            sc = self.scenario
            piece = sc.piece().replace(cover=key[0])
            self._cache[key] = compare_crush(sc.board, piece, sc.units, self.routes[key[1]][1], *C4_READINGS,
                                             vehicle=self.vehicle, seed=key[3], policy=key[2])
            if len(self._cache) > 64:
                self._cache.pop(next(iter(self._cache)))
        return self._cache[key]

    def _legend(self) -> None:
        """The legend: the board, the sides of the tokens drawn, and what the step shows (listed
        while it is drawn: the collapsed piece once it collapses, the affected and touching
        outlines once the Crush says who is affected, the slain marks once a model dies)."""
        c = _C
        handles = [
            legend_when(Patch(facecolor=c["intact"], edgecolor=_THEME.edge, label="piece (intact)"),
                        "fill", None, c["intact"]),
            legend_when(Patch(facecolor=c["collapsed"], edgecolor=_THEME.edge, label="piece (collapsed)"),
                        "fill", None, c["collapsed"]),
            legend_when(Patch(facecolor="none", edgecolor=c["affected"], linewidth=2, label="affected (C2)"),
                        "outline", "affected"),
            legend_when(Patch(facecolor="none", edgecolor=c["touching"], linewidth=2, linestyle="--",
                              label="touching only"), "outline", "touching"),
            legend_when(Patch(facecolor="none", edgecolor=c["current"], linewidth=2, label="resolving now"),
                        "outline", "current"),
            legend_when(Line2D([], [], color=c["path"], linewidth=2, label="vehicle path"), "paths", "path"),
            Line2D([], [], marker="o", linestyle="none", markerfacecolor=c["token_key"],
                   markeredgecolor=_THEME.token_edge, markersize=8, label="model"),
            Line2D([], [], marker=VEHICLE_MARKER, linestyle="none", markerfacecolor=c["token_key"],
                   markeredgecolor=_THEME.vehicle_edge, markersize=9, label="vehicle"),
            legend_when(Line2D([], [], marker="X", linestyle="none", markerfacecolor=c["slain"], markersize=8,
                               label="slain"), "markers", "slain"),
        ]
        self.art.legend(None, handles, fontsize=7)

    # --- drawing ----------------------------------------------------------------------------------

    def redraw(self) -> None:
        res = self.result
        steps = res.steps
        st = self.controls["step"]
        if st.max != len(steps):  # counted from 1, as the caption; the last step stays the last
            self.set_slider(st, 1, len(steps), len(steps) if st.value == st.max else st.value)
        i = min(st.value, len(steps)) - 1
        self.step = step = steps[i]
        kinds = [s.kind for s in steps[: i + 1]]
        collapsed = "collapse" in kinds and res.collapse.collapsed
        piece = res.collapse.before
        # which units show their damage already: those whose "unit" step has been reached
        done = {s.unit for s in steps[: i + 1] if s.kind == "unit"}
        before = {u.name: u for u in res.units_before}
        shown = []
        for u in res.units_after:
            if u.name in done:
                shown.append(u)
            elif u.is_vehicle:
                shown.append(before[u.name].replace(hex=u.hex))  # moved, no damage yet
            else:
                shown.append(before[u.name])
        self.art.set_units(board_tokens(shown),
                           names={f"{u.name}/{m.name}": m.name for u in shown if not u.is_vehicle for m in u.models},
                           vehicles=[u.name for u in shown if u.is_vehicle])  # diamonds: not a Garrison's square
        slain = [m.hex for u in shown if not u.is_vehicle for m in u.models if not m.alive]
        self.art.set_markers(slain, key="slain", marker="X", color=_C["slain"], edgecolor=_C["slain_edge"], size=0.8)
        self.art.set_fill({h: (_C["collapsed"] if collapsed else _C["intact"]) for h in piece.hexes}, alpha=0.75)
        cover_now = 0 if collapsed else piece.cover
        # in a hex of the piece where it hides no label, token or mark (placed again as tokens move)
        self.art.place_text(f"Cover {cover_now}", piece.hexes, key="cover", size=0.24, color=_C["cover_text"])
        self.art.set_paths([res.collapse.path], key="path", colors=_C["path"], width=2.5)
        show_affected = "affected" in kinds
        units = {u.name: u for u in shown}

        def piece_hexes(name: str) -> list:
            u = units[name]
            return [h for h in u.positions() if piece.covers(h)] if not u.is_vehicle else [u.hex]

        def all_hexes(name: str) -> list:
            u = units[name]
            return [u.hex] if u.is_vehicle else [m.hex for m in u.models if m.alive]

        self.outlines = {
            "affected": self.art.set_highlight([h for n in res.affected for h in piece_hexes(n)] if show_affected else [],
                                               key="affected", color=_C["affected"], width=2.5, inset=_INSET),
            "touching": self.art.set_highlight([h for n in res.touching for h in all_hexes(n)] if show_affected else [],
                                               key="touching", color=_C["touching"], width=2.5, linestyle="--",
                                               inset=_INSET),
        }
        current = []
        if step.unit and step.kind in ("die", "unit") and step.unit in units:
            current = piece_hexes(step.unit) if step.kind == "die" else list(step.hexes) or piece_hexes(step.unit)
        self.outlines["current"] = self.art.set_highlight(current, key="current", color=_C["current"], width=3.0,
                                                      inset=0.7)
        # the step's line above the map, on up to two lines (a vehicle's roll names both C4
        # thresholds: cut at one line it lost them); a longer paragraph is begun, whole below
        lines = textwrap.wrap((step.text.splitlines() or [""])[0], self.STEP_LINE, initial_indent=" " * 14) or [""]
        head = "\n".join([lines[0].strip(), *lines[1:2]]) if len(lines) <= 2 else (
            lines[0].strip() + "\n" + textwrap.shorten(" ".join(lines[1:]), self.STEP_LINE, placeholder=" …"))
        self.ax.set_title(f"step {i + 1}/{len(steps)} · {head}", fontsize=8, loc="left")
        self.explain(html_text=self._explanation(res, i))

    def _c4_reading(self, res: CrushResult, last: bool) -> str:
        """One line on the C4 switch in force and, at the last step, what it changed in this roll."""
        also = self.controls["major_also_minor"].value
        line = ("C4 reading: a vehicle die reaching Shield + Resolve is Major " +
                ("and also Minor System Damage." if also else "System Damage only (not also Minor)."))
        vehicles = [r for r in res.resolutions if r.vehicle]
        if not last or not vehicles:
            return line
        other = self.comparison.results[int(not also)]  # the same dice under the other reading
        said = []
        for r in vehicles:
            n = r.classes.count("major")
            if n:
                said.append(f"{r.unit}: {n} such {noun(n, 'die')}, so {r.minor} Minor "
                            f"({other.resolution(r.unit).minor} under the other reading)")
        if not said:
            return line + " In this roll no vehicle die reached Shield + Resolve: both readings agree here."
        return line + " In this roll, " + "; ".join(said) + "."

    def _shared_out(self, policy: str) -> list:
        """Each squad's damage per model (and models lost) in this Crush under ``policy`` (C3): the
        same Cover, route, seed and C4 reading. Cached."""
        c = self.controls
        key = (c["cover"].value, c["route"].value, c["seed"].value, c["major_also_minor"].value, policy)
        if key not in self._shares:
            res = self.result if policy == c["policy"].value else crush(
                self.scenario.board, self.scenario.piece().replace(cover=key[0]), self.scenario.units,
                self.routes[key[1]][1], vehicle=self.vehicle, seed=key[2], policy=policy,
                options=C4_READINGS[int(key[3])])
            self._shares[key] = [(r.unit, tuple((m.model, m.taken) for m in r.assigned), r.lost)
                                 for r in res.resolutions if not r.vehicle]
            if len(self._shares) > 64:
                self._shares.pop(next(iter(self._shares)))
        return self._shares[key]

    def _policy_line(self, res: CrushResult) -> str | None:
        """At the last step, when the Assign policy (C3) changes nothing in this roll: why."""
        first = self._shared_out(POLICIES[0])
        if any(self._shared_out(p) != first for p in POLICIES[1:]):
            return None
        squads = [r for r in res.resolutions if not r.vehicle]
        return policy_idle_text(len(squads), any(r.damage for r in squads))

    def _explanation(self, res: CrushResult, i: int) -> str:
        parts = []
        for j, s in enumerate(res.steps[: i + 1]):
            text = html.escape(s.text)
            parts.append(f"<b>{text}</b>" if j == i else text)
        parts.append("")
        parts.append(html.escape(self._c4_reading(res, i == len(res.steps) - 1)))
        idle = self._policy_line(res) if i == len(res.steps) - 1 else None
        if idle:
            parts.append(html.escape(idle))
        if i < len(res.steps) - 1:  # a control changed at step i: the rest of this Crush is still to come
            parts.append(f"… step {i + 1} of {len(res.steps)}: press Next step ▶ for the rest (the last step "
                         "gives who took what).")
        body = f'<pre class="hexrules-explanation" style="{PRE_STYLE}">' + "\n".join(parts) + "</pre>"
        if i == len(res.steps) - 1 and res.resolutions:
            rows = []
            for r in res.resolutions:
                if r.vehicle:
                    took = f"{r.minor} Minor, {r.major} Major, HP {r.hp_before} → {r.hp_after}"
                else:
                    took = ", ".join(f"{m.model} {m.taken}" for m in r.assigned if m.taken) or "nothing"
                    if r.lost:
                        took += f" ({r.lost} lost)"
                rows.append({"unit": r.unit, "dice": " ".join(map(str, r.dice)) or "-",
                             "threshold": f"Shield {r.shield} / {r.shield + r.resolve}" if r.vehicle else f"Resolve {r.resolve}",
                             "damage": r.damage if not r.vehicle else "system",
                             "took": took})
            body += table_html(rows, caption="who took what")
        return body


# --- designer what-ifs ---------------------------------------------------------------------------------


def _vehicle_layout(fig: Any, minor: Any, hp: Any, table: Any) -> Any:
    """Lay out the vehicle explorer's charts: the Minor tally across the figure's width on top, HP
    lost and the table (and its colour bar, returned) under it.

    The Minor chart has two bars a result (the two readings of C4), 0.4 wide each: across the
    figure a result is 112 pixels wide, so that its two values ("44.4%", 35 px at 8 points) are
    written horizontally over their own bars, side by side; in a third of the figure's width
    (47 px a result) they would run into each other and into the taller bar beside them.
    """
    minor.set_position([0.07, 0.61, 0.90, 0.32])
    hp.set_position([0.065, 0.07, 0.32, 0.42])
    table.set_position([0.455, 0.07, 0.42, 0.42])  # 63 px a column: ">99.9%" at 10 points fits
    return fig.add_axes([0.89, 0.07, 0.02, 0.42])


def _stack(fig: Any, left: Any, right: Any, below: Any, *, right_legend: float = 0.0) -> None:
    """Lay out three chart axes: two side by side on top, the third (a heatmap) under them;
    ``right_legend`` inches left free at the right of the right one (its legend's)."""
    left.set_position([0.08, 0.60, 0.38, 0.33])
    right.set_position([0.58, 0.60, 0.38 - right_legend / fig.get_figwidth(), 0.33])
    below.set_position([0.2, 0.07, 0.52, 0.41])


class DamageExplorer(Explorer):
    """What if: Crush damage to a non-vehicle unit for any Cover and Resolve (C2, C3, C5).

    Parameters
    ----------
    cover : int
        Pre-reduction Cover, 0..6 (= Crush dice).
    resolve : int
        The unit's Resolve, 1..7 (7: no die can reach it).
    metric : str
        The heatmap, a key of :data:`HEATMAP_METRICS`.

    The figure has three panels: the exact damage distribution (bars), "P(damage >= k)" curves
    for Resolve 1-7 (the chosen one thick), and a heatmap over Cover 0-6 x Resolve 1-7 (expected
    damage, or P(at least k)), recomputed on every change, with the chosen cell framed. The
    explanation gives the exact fractions.

    Raises
    ------
    ExplorerError
        If ``cover`` is not a whole number in 0..6, ``resolve`` not in 1..7, or ``metric`` not a
        key of :data:`HEATMAP_METRICS` (what the controls offer).
    """

    def __init__(self, cover: int = 3, resolve: int = 4, metric: str = "expected damage") -> None:
        cover = check_int("cover", cover, 0, MAX_COVER, ruling="C2")
        resolve = check_int("resolve", resolve, RESOLVES[0], RESOLVES[-1], ruling="C3")
        check_choice("metric", metric, list(HEATMAP_METRICS))
        # two charts side by side over the heatmap, as wide as the notebook column allows
        fig, (self.ax_bar, self.ax_curve, self.ax_heat) = new_figure(None, 3, figsize=(CHART_WIDTH, 7.0), layered=True)
        _stack(fig, self.ax_bar, self.ax_curve, self.ax_heat, right_legend=AT_LEAST_LEGEND_WIDTH)
        controls = {
            "cover": widgets.IntSlider(value=cover, min=0, max=MAX_COVER, description="Cover"),
            "resolve": widgets.IntSlider(value=resolve, min=1, max=7, description="Resolve"),
            "metric": widgets.Dropdown(options=list(HEATMAP_METRICS), value=metric, description="Heatmap"),
        }
        super().__init__(fig, controls, title="Crush what-if: a non-vehicle unit (C3)")
        self.bars, self.bar_texts = draw_damage_bars(self.ax_bar, theme=_THEME)
        self.ax_bar.set_xlabel("damage")
        self.lines = draw_at_least(self.ax_curve, RESOLVES, theme=_THEME)  # every Resolve of the slider has its curve, 1 and 7 too
        self.img, self.cells, self.frame = draw_heatmap(self.ax_heat, COVERS, RESOLVES, theme=_THEME, xlabel="Resolve",
                                                         ylabel="pre-reduction Cover")
        self.colorbar = fig.colorbar(self.img, cax=fig.add_axes([0.74, 0.07, 0.02, 0.41]))
        # what Cover and Resolve change is redrawn over the rest, drawn once (the heatmap's cells
        # and colour bar change with the metric only; LayeredFigure)
        for ax in (self.ax_bar, self.ax_curve, self.ax_heat):
            ax.set_title("", fontsize=9)  # its text set by redraw (only the text: nothing else goes stale)
        fig.set_dynamic(*self.bars, *self.bar_texts, *self.lines.values(), self.frame,
                        *(ax.title for ax in (self.ax_bar, self.ax_curve, self.ax_heat)))
        self.update()

    def redraw(self) -> None:
        n, r = self.controls["cover"].value, self.controls["resolve"].value
        label = self.controls["metric"].value
        metric = HEATMAP_METRICS[label]
        self.distribution = d = damage_distribution(n, r)
        set_bars(self.bars, self.bar_texts, [d[k] for k in range(n + 1)])
        fit_bar_texts(self.bars, self.bar_texts)
        self.ax_bar.title.set_text(f"{n} dice vs Resolve {r}: P(each die hits) = {hit_probability(r)}")
        set_at_least(self.lines, {rv: damage_distribution(n, rv).at_least_table() for rv in self.lines}, current=r)
        self.ax_curve.title.set_text(f"P(damage ≥ k), Cover {n}")
        self.heat = heatmap_values(metric)
        if metric is None:
            set_heatmap(self.img, self.cells, self.heat, lambda v: f"{v:.2f}".rstrip("0").rstrip("."), vmax=MAX_COVER, theme=_THEME)
        else:
            set_heatmap(self.img, self.cells, self.heat, percent, vmax=1.0, theme=_THEME)
        set_colorbar_percent(self.colorbar, metric is not None)  # the colour bar reads as the cells do
        self.ax_heat.title.set_text(f"{label} over Cover × Resolve")
        self.frame.set_xy((RESOLVES.index(r) - 0.5, n - 0.5))
        rows = [{"damage k": k, "P(k)": _fr(d[k]), "P(≥ k)": _fr(t)} for k, t in d.at_least_table().items()]
        head = (f"{n} Crush dice (pre-reduction Cover {n}, C2) against Resolve {r}: each die deals 1 damage on "
                f"{r}+ (C3), p = {hit_probability(r)} per die.\n"
                f"Expected damage {d.mean()} = {float(d.mean()):.3f}; damage beyond the wounds of the models "
                f"in the piece is lost (C3), so this is damage dealt, an upper bound on damage taken.")
        self.explain(html_text=pre(head) + table_html(rows, caption=d.title))


class VehicleExplorer(Explorer):
    """What if: Crush against a vehicle; the C4 switch side by side; P(Minor), P(Major) tables (C4, C5).

    Parameters
    ----------
    cover : int
        Pre-reduction Cover, 0..6.
    shield : int
        Modified Shield, 1..7 (7: no die reaches it), the table's Shields (:data:`TABLE_SHIELDS`).
    resolve : int
        The vehicle's Resolve, 1..6, the table's Resolves (:data:`TABLE_RESOLVES`).
    reading : {"Major only", "Major and Minor"}
        The C4 reading used for the P(Minor) table.

    Attributes
    ----------
    comparison : hexrules.compare.DiceComparison
        The two readings of C4 compared (:func:`hexrules.compare.compare_dice`): the Minor and
        Major tallies and what differs.
    distributions : (VehicleDistribution, VehicleDistribution)
        Major only, Major and Minor (from :attr:`comparison`).

    Panels: on top, across the figure, the Minor tally under both readings of C4 (a die reaching
    Shield + Resolve counts as Major only, or as Major and Minor) as side-by-side bars; under it
    HP lost (= Major results, the same under both readings) and a table over Shield 1-7 x
    Resolve 1-6 (the sliders' ranges) giving P(at least one Minor) and P(at least one Major) for
    the chosen Cover, coloured by P(Major), the chosen cell framed. The bars' values are written
    at 8 points, horizontally (upright only where they would not fit so:
    :func:`~hexrules.plot.crush.fit_bar_texts`).

    Raises
    ------
    ExplorerError
        If ``cover`` is not a whole number in 0..6, ``shield`` not in 1..7, ``resolve`` not in
        1..6, or ``reading`` not one of :attr:`READINGS` (what the controls offer).
    """

    READINGS = ("Major only", "Major and Minor")

    def __init__(self, cover: int = 3, shield: int = 4, resolve: int = 2, reading: str = "Major only") -> None:
        cover = check_int("cover", cover, 0, MAX_COVER, ruling="C2")
        shield = check_int("shield", shield, TABLE_SHIELDS[0], TABLE_SHIELDS[-1], ruling="C4")
        resolve = check_int("resolve", resolve, TABLE_RESOLVES[0], TABLE_RESOLVES[-1], ruling="C4")
        check_choice("reading", reading, self.READINGS, ruling="C4")
        fig, (self.ax_minor, self.ax_hp, self.ax_table) = new_figure(None, 3, figsize=(CHART_WIDTH, 7.4), layered=True)
        cax = _vehicle_layout(fig, self.ax_minor, self.ax_hp, self.ax_table)
        controls = {
            "cover": widgets.IntSlider(value=cover, min=0, max=MAX_COVER, description="Cover"),
            "shield": widgets.IntSlider(value=shield, min=TABLE_SHIELDS[0], max=TABLE_SHIELDS[-1], description="Shield"),
            "resolve": widgets.IntSlider(value=resolve, min=TABLE_RESOLVES[0], max=TABLE_RESOLVES[-1],
                                         description="Resolve"),
            "reading": widgets.ToggleButtons(options=list(self.READINGS), value=reading, description="Table"),
        }
        super().__init__(fig, controls, title="Crush what-if: a vehicle (C4)")
        # two bars a result, each 0.4 wide, across the figure: their values are written side by side,
        # horizontally (upright only if they would run into each other: "44.4%" and "37.5%" at
        # Cover 3 did in a third of the width; fit_bar_texts)
        self.bars_only, self.texts_only = draw_damage_bars(self.ax_minor, color=_C["only"], width=0.4, offset=-0.2,
                                                            label="Major only (default)")
        self.bars_also, self.texts_also = draw_damage_bars(self.ax_minor, color=_C["also"], width=0.4, offset=0.2,
                                                            label="Major also Minor")
        # the legend sits over the tallest bar's height (1) and its label, so no Cover hides a bar
        self.ax_minor.set_ylim(0, 1.3)
        self.ax_minor.legend(fontsize=8, loc="upper center", ncol=2, borderaxespad=0.3)
        self.ax_minor.set_xlabel("Minor System Damage results")
        self.bars_hp, self.texts_hp = draw_damage_bars(self.ax_hp, color=_C["hp"])
        self.ax_hp.set_xlabel("HP lost (= Major results)")
        self.img, self.cells, self.frame = draw_heatmap(self.ax_table, TABLE_SHIELDS, TABLE_RESOLVES, cmap=_C["vehicle_cmap"], theme=_THEME,
                                                         xlabel="Resolve", ylabel="Shield")
        self.colorbar = fig.colorbar(self.img, cax=cax, label="P(≥1 Major)")
        set_colorbar_percent(self.colorbar)
        # every control changes the bars, the titles and the frame: redrawn over the rest, drawn
        # once (LayeredFigure). The table's colours and cells are redrawn with them: Cover and the
        # reading change them all, and drawing the table's axes again (ticks, labels, and its
        # extent measured anew) took twice as long as its 42 cells (issue 14: 47 ms a Cover step
        # here, 28 ms so; a Shield step 13 ms, 23 ms so)
        for ax, size in ((self.ax_minor, 9), (self.ax_hp, 9), (self.ax_table, 8)):
            ax.set_title("", fontsize=size)  # its text set by redraw (only the text: nothing else goes stale)
        fig.set_dynamic(*self.bars_only, *self.texts_only, *self.bars_also, *self.texts_also, *self.bars_hp,
                        *self.texts_hp, self.img, *(t for row in self.cells for t in row), self.frame,
                        *(ax.title for ax in (self.ax_minor, self.ax_hp, self.ax_table)))
        self.update()

    def redraw(self) -> None:
        n, s, r = (self.controls[k].value for k in ("cover", "shield", "resolve"))
        also_table = self.controls["reading"].value == "Major and Minor"
        self.comparison = cmp = compare_dice(n, r, *C4_READINGS, shield=s)
        self.distributions = only, also = cmp.distributions
        mo, ma = only.minor, also.minor
        set_bars(self.bars_only, self.texts_only, [mo[k] for k in range(n + 1)])
        set_bars(self.bars_also, self.texts_also, [ma[k] for k in range(n + 1)])
        fit_bar_texts(self.bars_only + self.bars_also, self.texts_only + self.texts_also)
        top = s + r
        self.ax_minor.title.set_text(f"{n} dice vs Shield {s}: Minor on {s}+, Major on {top}+"
                                     + (" (impossible)" if top > 6 else ""))
        hp = only.hp_lost
        set_bars(self.bars_hp, self.texts_hp, [hp[k] for k in range(n + 1)])
        fit_bar_texts(self.bars_hp, self.texts_hp)
        both = "both readings" if cmp.tally("Major").same else "Major only"
        self.ax_hp.title.set_text(f"HP lost: mean {float(hp.mean()):.2f} ({both})")
        table = vehicle_table(n, TABLE_SHIELDS, TABLE_RESOLVES,
                              options=DEFAULT.replace(crush_major_also_minor=also_table))
        self.table = table
        values = [[table[(sh, re)][1] for re in TABLE_RESOLVES] for sh in TABLE_SHIELDS]
        # each cell: P(>= 1 Minor) over P(>= 1 Major), as the title says; coloured by P(>= 1 Major)
        labels = [[f"{percent(table[(sh, re)][0])}\n{percent(table[(sh, re)][1])}" for re in TABLE_RESOLVES]
                  for sh in TABLE_SHIELDS]
        set_heatmap(self.img, self.cells, values, percent, vmax=1.0, labels=labels, theme=_THEME)
        self.ax_table.title.set_text(f"each cell: P(≥1 Minor) over P(≥1 Major); colour: P(≥1 Major); {n} dice "
                                     f"({self.controls['reading'].value})")
        self.frame.set_xy((TABLE_RESOLVES.index(r) - 0.5, TABLE_SHIELDS.index(s) - 0.5))  # the sliders' ranges
        rows = [
            {"reading (C4)": "Major only (default)", "P(≥1 Minor)": _fr(only.p_minor()), "P(≥1 Major)": _fr(only.p_major()),
             "mean Minor": str(only.minor.mean()), "mean Major = HP lost": str(only.major.mean())},
            {"reading (C4)": "Major also Minor", "P(≥1 Minor)": _fr(also.p_minor()), "P(≥1 Major)": _fr(also.p_major()),
             "mean Minor": str(also.minor.mean()), "mean Major = HP lost": str(also.major.mean())},
        ]
        grid = []
        for sh in TABLE_SHIELDS:
            row = {"Shield \\ Resolve": sh}
            for re in TABLE_RESOLVES:
                pmi, pma = table[(sh, re)]
                row[str(re)] = f"{percent(pmi)} / {percent(pma)}"
            grid.append(row)
        head = (f"{n} Crush dice against a vehicle with Shield {s} and Resolve {r} (C4): each die below {s} does "
                f"nothing, {s}+ is Minor System Damage, {top}+ is Major System Damage and 1 HP lost"
                + (" (no D6 reaches it)" if top > 6 else "") + ". All dice use the Shield at the start of the Crush.")
        self.explain(html_text=pre(head + "\n" + cmp.explain(self.READINGS))
                     + table_html(rows, caption="the C4 switch side by side (exact)")
                     + table_html(grid, caption=f"P(≥1 Minor) / P(≥1 Major), {n} dice, {self.controls['reading'].value}"))


#: Zero-argument factories of every explorer notebook 08 shows (tests and the fuzz test use them).
EXPLORERS: dict[str, Callable[[], Explorer]] = {
    "collapse": lambda: CollapseExplorer("crush_hab_block"),
    "damage": lambda: DamageExplorer(),
    "vehicle": lambda: VehicleExplorer(),
}
