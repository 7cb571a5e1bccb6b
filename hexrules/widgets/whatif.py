"""Explorers of what each reading changes (:mod:`hexrules.whatif`): the report and the sweep.

* :class:`ReportExplorer`: a scenario's "what changes" report (:func:`hexrules.whatif.what_changes`):
  a table of every alternative of every switch against the scenario's reading (its ``rules:``
  section, else the default: what it changes, or that it
  changes nothing), and the picture of the alternative chosen on the scenario's map (hexes gained
  green, lost red, cost changes orange with ``was→now`` costs, Push and Pull outcomes that
  change outlined), for one movement at a time (*Movement*: a unit's Advance, Dash or ability
  move, so that a hex two movements change shows the chosen one's numbers), or, for a Push or
  Pull reading, one Push or Pull at a time (*Push / Pull*, named as the text names it). Given a
  :class:`~hexrules.widgets.edit.BoardEditor`, *Refresh* reports on the board being edited.
* :class:`SweepExplorer`: a sweep over generated boards (:func:`hexrules.whatif.sweep`), run with
  *Run*: a progress bar while it runs, then a bar chart of how often each alternative changes an
  outcome and the table of the figures; reproducible from its seed.

Examples
--------
>>> import matplotlib.pyplot as plt
>>> ex = ReportExplorer("terrain")
>>> [row["switch"] for row in ex.report.table() if row["verdict"] == "changes"][:3]
['water=allowance', 'water=none']
>>> plt.close(ex.figure)
"""

from __future__ import annotations

import os
from typing import Any, Callable

import ipywidgets as widgets

from ..generate import RULEBOOK, BoardSpec
from ..checks import show
from ..plot import DEFAULT_THEME, draw_board, legend_handle, new_figure
from ..plot.text import fit_title
from ..plot.theme import readable_on
from ..plot.edit import redraw_board, same_hexes
from ..plot.whatif import CHANGE_COLOURS, CHANGE_TEXT_WIDTH, SweepChart, change_overlays, draw_sweep_bars, set_sweep_bars
from ..whatif import Report, SweepResult, sweep, what_changes
from ..words.whatif import base_name, forced_head, movement_head
from .base import Explorer, ExplorerError, check_choice, check_int, pre, scenario_from, table_html

__all__ = ["ReportExplorer", "SweepExplorer", "SWEEP_SIZES", "EXPLORERS"]

_DIFFERS = DEFAULT_THEME.compare["differs"]


#: The numbers of boards the sweep explorer offers.
SWEEP_SIZES = (10, 100, 1000)


def _legend() -> list[Any]:
    # "N\u00a0MP": a legend label too long for its room wraps at a space, never between a number and its unit
    return [legend_handle("fill", "hex gained (now\u00a0N\u00a0MP)", CHANGE_COLOURS["gained"], tile=True,
                          drawn_by=("tiles", "changes", CHANGE_COLOURS["gained"])),
            legend_handle("fill", "hex lost (was\u00a0N\u00a0MP)", CHANGE_COLOURS["lost"], tile=True,
                          drawn_by=("tiles", "changes", CHANGE_COLOURS["lost"])),
            legend_handle("fill", "cost changes (was→now\u00a0MP)", CHANGE_COLOURS["cost"], tile=True,
                          drawn_by=("tiles", "changes", CHANGE_COLOURS["cost"])),
            legend_handle("outline", "Push / Pull outcome changes", _DIFFERS, width=3.0, drawn_by=("outline", "differs"))]


class ReportExplorer(Explorer):
    """What every alternative reading changes on a scenario: the table, and each one's picture.

    Parameters
    ----------
    scenario : Scenario, str or BoardEditor
        The scenario (a shipped one's name), or a board editor: *Refresh* then reports on the
        board it is editing.

    Attributes
    ----------
    report : hexrules.whatif.Report
        The report shown.
    changes : hexrules.whatif.SwitchChanges
        The alternative drawn.

    Raises
    ------
    ScenarioError, ExplorerError
        If ``scenario`` is none of these.
    """

    def __init__(self, scenario: Any = "terrain") -> None:
        self.source = scenario if hasattr(scenario, "history") else None
        sc = scenario.scenario if self.source is not None else scenario_from(scenario)
        self.report: Report = what_changes(sc)
        fig, (ax,) = new_figure(sc.board)
        controls: dict[str, widgets.Widget] = {
            "switch": widgets.Dropdown(options=self._options(), description="Reading",
                                       layout=widgets.Layout(width="30em")),
            # the map shows one movement's hexes at a time: two units (or a unit's Advance and
            # Dash) that change the same hex would otherwise share one number on it
            "movement": widgets.Dropdown(options=[("none changes", -1)], description="Movement",
                                         layout=widgets.Layout(width="24em")),
        }
        if self.source is not None:
            controls["refresh"] = widgets.Button(description="Refresh", tooltip="Report again on the board being edited")
        handlers = {"switch": lambda _c: self._movements()}
        if self.source is not None:
            handlers["refresh"] = lambda _b: self._refresh()
        super().__init__(fig, controls, title=f"What each reading changes: {sc.heading or 'this scenario'}",
                         handlers=handlers)
        self.art = draw_board(sc.board, sc.state, ax=ax, legend=False)
        self.art.legend(sc.state, _legend())
        self.changes = None
        self._first_changed()
        self._movements()
        self.update()

    def _options(self) -> list[tuple[str, int]]:
        return [(f"{c.alternative.label} ({c.alternative.ruling})" + ("" if c else ": changes nothing"), i)
                for i, c in enumerate(self.report.switches)]

    def _movements(self) -> None:
        """Offer what the chosen reading changes, one at a time, named as the text names it: each
        movement (one unit's Advance, Dash or ability move), or else each Push or Pull."""
        c = self.report.switches[self.controls["switch"].value]
        topic = c.alternative.topic  # a reading that changes nothing still names its own kind
        none = "none changes"
        if c.reaches or (not c.forced and topic == "movement"):
            options = [(movement_head(r), i) for i, r in enumerate(c.reaches)]
            what = "Movement"
        elif c.forced or topic == "forced":  # one Push or Pull at a time (all at once, ~20 outlines, told none apart)
            options = [(forced_head(f), i) for i, f in enumerate(c.forced)]
            what = "Push / Pull"
        else:  # a Crush reading changes dice, which the text tells: nothing on the map
            options, what, none = [], "Crush", "dice only: see the text"
        control = self.controls["movement"]
        with self.quiet():
            control.description = what
            control.options = options or [(none, -1)]
            control.value = options[0][1] if options else -1
            control.disabled = len(options) < 2

    def _first_changed(self) -> None:
        """Open on the first alternative that changes something (the first of all if none does)."""
        first = next((i for i, c in enumerate(self.report.switches) if c), 0)
        with self.quiet():
            self.controls["switch"].value = first

    def _refresh(self) -> None:
        sc = self.source.scenario
        self.report = what_changes(sc)
        if same_hexes(self.art, sc.board) and self.art.board == sc.board:
            self.art.set_units(sc.state)
        else:
            self.art = redraw_board(self.art, sc.board, sc.state, legend=_legend())
        with self.quiet():
            self.controls["switch"].options = self._options()
        self.set_title(f"What each reading changes: {sc.heading or 'this scenario'}")
        self._first_changed()
        self._movements()

    @property
    def comparison(self) -> Any:  # the Explorer attribute: what the picture compares
        return self.changes

    def redraw(self) -> None:
        self.changes = c = self.report.switches[self.controls["switch"].value]
        chosen = self.controls["movement"].value  # a movement, or a Push or Pull (-1: none changes)
        reach = chosen if c.reaches and 0 <= chosen < len(c.reaches) else None
        forced = chosen if not c.reaches and 0 <= chosen < len(c.forced) else None
        ov = change_overlays(c, reach=reach, forced=forced)
        # opaque tiles of the legend's colours (a see-through fill blended with the hills and the
        # water: "gained" on height 1 read as height 2); the rim keeps the hex's own colour
        self.art.set_tiles(ov["fill"], key="changes", over_terrain=True)  # no ripple across a "2→1"
        self.art.set_texts(ov["texts"], key="costs", size=0.3, fit=CHANGE_TEXT_WIDTH, offset=(0.0, self.art.TILE_SHIFT),
                           color={h: readable_on("black", c) for h, c in ov["fill"].items()})
        self.art.set_highlight(ov["highlight"], key="differs", color=_DIFFERS, width=3.5, inset=0.84)
        whose = ""
        if reach is not None:
            whose = f": {movement_head(c.reaches[reach])}"
        elif forced is not None:
            whose = f": {forced_head(c.forced[forced])}"
        # on two lines, or smaller, where the figure is narrower than the title (a small board)
        base = base_name(self.report, short=True)
        fit_title(self.art.ax, f"{c.alternative.label} ({c.alternative.ruling}) against {base}{whose}")
        self.explain(html_text=pre(c.explain()) + table_html(self.report.table(),
                                                             caption=f"Every alternative against {base}"))


class SweepExplorer(Explorer):
    """How often each reading changes an outcome, over many generated boards (press *Run*).

    Parameters
    ----------
    boards : int
        The number of boards first chosen (one of ``sizes``).
    seed : int
        The sweep's seed (the same seed, the same boards and figures).
    spec : BoardSpec
        How the boards are drawn (default the rulebook's size class, 15 x 12).
    sizes : tuple of int
        The numbers of boards offered.
    run : bool
        Run the sweep at once (default: wait for *Run*).
    workers : int, optional
        Processes counting boards side by side (:func:`hexrules.whatif.sweep`); default two on a
        machine with two cores or more (the figures are the same whatever the number).

    Attributes
    ----------
    result : hexrules.whatif.SweepResult or None
        The last sweep run.

    Raises
    ------
    ExplorerError
        If ``boards`` is not one of ``sizes``, ``sizes`` holds something other than whole numbers
        1..100000, or ``seed`` is not a whole number.
    BoardError
        If ``spec`` is not a BoardSpec.
    """

    def __init__(self, boards: int = 1000, *, seed: int = 0, spec: BoardSpec = RULEBOOK,
                 sizes: tuple[int, ...] = SWEEP_SIZES, run: bool = False, workers: int | None = None) -> None:
        if not isinstance(sizes, tuple) or not sizes or not all(
                isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 100_000 for n in sizes):
            raise ExplorerError(f"sizes={show(sizes)} is not a tuple of whole numbers from 1 to 100000")
        check_choice("boards", boards, sizes)
        if not isinstance(run, bool):
            raise ExplorerError(f"run={show(run)} is not True or False")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed.bit_length() > 64:
            raise ExplorerError(f"seed={show(seed)} is not a whole number of at most 64 bits")
        if not isinstance(spec, BoardSpec):
            raise ExplorerError(f"spec={show(spec)} is not a hexrules.generate.BoardSpec")
        self.workers = min(2, os.cpu_count() or 1) if workers is None else check_int("workers", workers, 1, 64)
        self.spec = spec
        self.result: SweepResult | None = None
        # a LayeredFigure: a redraw that leaves the chart as it is (the Boards or Seed control
        # before Run) puts the drawn picture back; a new sweep of the same alternatives (every
        # Run after the first) changes the bars, their percentages and the title in place, drawn
        # over the rest (labels, ticks, legend), drawn once
        fig, (ax,) = new_figure(None, figsize=(8.5, 5.2), layered=True)
        fig.subplots_adjust(left=0.36, right=0.97, top=0.92, bottom=0.1)
        self.ax = ax
        self._charted: Any = False  # the result the chart shows (None: the "Press Run" chart)
        self._chart: SweepChart | None = None
        controls = {
            "boards": widgets.Dropdown(options=list(sizes), value=boards, description="Boards"),
            "seed": widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="12em")),
            "run": widgets.Button(description="Run", button_style="primary", icon="play"),
        }
        super().__init__(fig, controls, title=f"Sweep: how often does each reading change an outcome? "
                                              f"({spec.columns} x {spec.rows} boards)",
                         handlers={"run": lambda _b: self.run()})
        self.progress = widgets.IntProgress(value=0, min=0, max=boards, description="0 boards",
                                            style={"description_width": "initial"},  # "1000 of 1000" whole
                                            layout=widgets.Layout(width="30em"))
        self.progress.add_class("hexrules-progress")
        children = list(self.children)
        children.insert(children.index(self.view), self.progress)
        self.children = children
        if run:
            self.run()
        self.update()

    def run(self) -> SweepResult:
        """Run the sweep (the *Run* button), the progress bar following it; returns the result."""
        n = self.controls["boards"].value
        bar, button = self.progress, self.controls["run"]
        # each change of the bar, and of the button, goes to the browser as one message (hold_sync):
        # each message is work for the server and the browser while the kernel sweeps (issue 14)
        with bar.hold_sync():
            bar.max, bar.value, bar.bar_style = n, 0, "info"
            bar.description = f"0 of {n}"
        step = max(1, n // 100)

        def progress(done: int, total: int) -> None:
            if done % step == 0 or done == total:
                with bar.hold_sync():
                    bar.value = done
                    bar.description = f"{done} of {total}"

        # while it runs, the button says so and cannot be pressed again, and the text says what
        # the chart will show (the chart itself is drawn once, from the result)
        with button.hold_sync():
            button.disabled, button.description = True, "Running"
        self.explain(f"Sweeping {n} boards of {self.spec.columns} x {self.spec.rows} hexes (seed "
                     f"{self.controls['seed'].value}): the bar follows the boards counted; the chart and the "
                     f"table follow when the sweep is done.")
        self.show_now(self.explanation)  # now, not after the sweep with its frame (the button is not held)
        try:
            self.result = sweep(n, spec=self.spec, seed=self.controls["seed"].value, progress=progress,
                                workers=self.workers if n >= 100 else 1)  # a few boards: not worth a process
        finally:
            with button.hold_sync():
                button.disabled, button.description = False, "Run"
        with bar.hold_sync():
            bar.bar_style = "success"
            bar.description = f"{n} boards"
        return self.result

    def redraw(self) -> None:
        r = self.result
        redraw = self._charted is not r  # the chart changes only with the result it shows
        self._charted = r
        if r is None:
            if redraw:
                self._draw_chart([], "Press Run to sweep the boards")
            self.explain(f"Press Run: {self.controls['boards'].value} boards of {self.spec.columns} x "
                         f"{self.spec.rows} hexes, seed {self.controls['seed'].value}, every alternative of every "
                         f"switch against the default.")
            return
        if redraw:
            rows = [(t.alternative.label, t.share, t.alternative.topic) for t in r.tallies
                    if t.alternative.topic != "crush"]
            # two lines: in one, the title ran past the figure's right edge (a new-user trial)
            title = (f"{r.boards} boards, seed {r.seed}: the share that changes,\n"
                     f"of movements (blue) or Push / Pull situations (orange)")
            if self._chart is not None and set_sweep_bars(self._chart, rows):
                self.ax.title.set_text(title)
            else:
                self._draw_chart(rows, title)
        self.explain(html_text=pre(r.explain()) + table_html(r.table()))

    def _draw_chart(self, rows: list, title: str) -> None:
        """Draw the chart afresh; its bars, percentages and title are what a new sweep changes."""
        self._chart = draw_sweep_bars(self.ax, rows, title=title)
        self.figure.set_dynamic(*self._chart.bars, *self._chart.values, self.ax.title, replace=True)


def _edited() -> Any:
    """A board editor on a generated board (for the report's *Refresh*), its figure closed."""
    from ..generate import generate
    from .edit import scratch_editor

    editor = scratch_editor(generate(_small(), 1), max_size=14)
    editor.close_figure()
    return editor


def _small() -> BoardSpec:
    return BoardSpec(columns=8, rows=6, units_per_side=2, garrisons=1, cluster=2)


#: Zero-argument factories of the explorers lesson 10 shows (small sweeps, so that the widget fuzz,
#: which presses Run, stays quick).
EXPLORERS: dict[str, Callable[[], Explorer]] = {
    "report": lambda: ReportExplorer("terrain"),
    "report_push": lambda: ReportExplorer("push_collision"),
    "report_editor": lambda: ReportExplorer(_edited()),
    "sweep": lambda: SweepExplorer(2, spec=_small(), sizes=(2, 3), run=True, workers=1),
}
