# Why this module is over ~900 lines: the board editor is one explorer, one map and one undo history,
# whose controls (tools, terrain, units, rows and columns, the reading menus, files) all act on that
# map; splitting them would scatter one widget's state. About a third of it is docstrings.
"""The designer's board editor: build a board by clicking and dragging, watch the rules on it live.

:class:`BoardEditor` is one explorer (one ipympl map, made once) over the editing model of
:mod:`hexrules.edit`: every click or drag calls one of its operations, which returns a new
scenario or refuses with the rule (shown in red, nothing changed), and each step goes into a
:class:`~hexrules.edit.History` (undo and redo, 100 steps). The map is as wide as the kit's
explorers (its hexes and labels the size every explorer draws that board at, resized when rows or
columns are added or another board is opened); beside it, or under it in a notebook column too
narrow for both, the scenario text follows every edit (copy it, or edit it and press *Apply
text*; typing not applied is kept through edits of the map, undo and redo, until *Apply text* or
*Revert text*); under them, the rules on the board being edited, under the reading chosen:

* **Show reach**: the unit's reach (Advance or Dash) coloured and numbered by cost (M1-M4, E2,
  E3, J1, J2, T1), the breakdown of the hex last clicked with the *inspect* tool;
* **Show Push / Pull**: every branch of the unit's Push or Pull on the target (P1-P6, L1-L3);
* **Reading**: one menu per switch of :class:`~hexrules.options.RulesOptions`, numbers
  included; **compare with the default** outlines the hexes whose result differs between the
  kit's default reading and the one chosen (:mod:`hexrules.compare`).

Tools (what a click or drag on the map does): *raise* / *lower* (one level per hex dragged over),
*height* (set the height typed), *paint* (the terrain chosen; add a designer terrain with its
symbol and cost), *unit* / *Garrison* (place one, named and with the stats typed), *move* (click a
unit, then its new hex; or drag it there), *delete*, *inspect* (choose the unit the rules show,
or the hex whose path is broken down). Rows and columns are added or removed at any edge.

Saving: *Save* writes the scenario text into a folder of the learner's own
(:func:`hexrules.edit.boards_folder`: ``my-lessons/boards/`` under ``make lab``), never replacing a
file without a second press (*Overwrite*); *Open* reads one back (or starts from a blank board
or a shipped scenario) as one more undoable step. The reading is part of the board being
edited: a change of a reading menu is one undoable step, the scenario text shows it (its
``rules:`` section, :mod:`hexrules.reading`: the switches that differ from the kit's default),
*Save* writes it, and a board opened or text applied sets the menus to its own reading (the
kit's default when it has no ``rules:`` section); undo and redo set them back.

Examples
--------
>>> import matplotlib.pyplot as plt, tempfile
>>> ed = BoardEditor(columns=6, rows=4, folder=tempfile.mkdtemp())
>>> ed.drag(["B2", "C2", "D2"], tool="raise")          # one drag, one step
>>> ed.controls["name"].value, ed.controls["side"].value = "Scout", "blue"
>>> ed.click("A1", tool="unit")
>>> [ed.scenario.board.elevation(h) for h in ("B2", "C2", "D2")], ed.scenario.state.unit("Scout").advance
([1, 1, 1], 3)
>>> ed.click("A1", tool="unit")                        # a second unit on A1: refused (M3)
>>> "one unit per hex" in ed.status.value, len(ed.history.past)
(True, 2)
>>> ed.undo(); ed.scenario.state.units
()
>>> plt.close(ed.figure)
"""

from __future__ import annotations

import html
import os
import re
import shutil
import tempfile
import weakref
from pathlib import Path
from typing import Any, Callable

import ipywidgets as widgets

from .. import edit
from .. import movement as mv
from ..compare import compare_forced, compare_reach
from ..errors import EditError, HexrulesError
from ..checks import show as shown
from ..forced import forced
from ..hexgrid import Hex
from ..options import DEFAULT, RulesOptions, check_options
from ..reading import KEY as READING_KEY, reading, switch_words, with_reading
from ..plot import DEFAULT_THEME, ForcedLayer, draw_board, legend_handle, new_figure, reach_legend
from ..plot.edit import legend_key, redraw_board, restyle_board, same_hexes
from ..scenario import Scenario, parse_scenario, scenario_names, section_readers, builtin
from ..whatif import ALTERNATIVES
from ..words.edit import scenario_changes
from ..words import forced as forced_words
from .base import Explorer, ExplorerError, offered, check_choice, check_int, check_unit, error_html, pre, scenario_from
from .movement import breakdown_html, show_path

__all__ = ["TOOLS", "SHOW", "BoardEditor", "scratch_editor", "EXPLORERS"]

#: The tools, as ``(label, value)``: what a click (or a drag) on the map does.
TOOLS = (("raise", "raise"), ("lower", "lower"), ("height", "height"), ("paint", "paint"), ("unit", "unit"),
         ("Garrison", "garrison"), ("move", "move"), ("delete", "delete"), ("inspect", "inspect"))
#: What the rules part of the map shows.
SHOW = (("board only", "none"), ("reach", "reach"), ("Push", "push"), ("Pull", "pull"))
#: The controls of the *Show* row each rule on the map reads (the others are off).
_USED = {"none": (), "reach": ("kind", "compare"), "push": ("target", "n", "compare"), "pull": ("target", "n", "compare")}
#: The tools a drag applies to every hex it passes over (one step for the whole drag).
DRAG_TOOLS = ("raise", "lower", "height", "paint")

_THEME = DEFAULT_THEME
_DIFFERS = _THEME.compare["differs"]
_SELECTED = _THEME.movement["target"]
_BLANK = "(blank board)"
_FILE = "file: "
#: Every editor alive: a board saved in a folder is offered at once by each editor of that folder.
_EDITORS: "weakref.WeakSet[BoardEditor]" = weakref.WeakSet()


def _reading_controls(options: RulesOptions = DEFAULT) -> dict[str, widgets.Dropdown]:
    """One menu per switch (every value of :data:`hexrules.whatif.ALTERNATIVES`, and ``options``'
    own if it is another), at ``options``' value."""
    out = {}
    for name, values in ALTERNATIVES.items():
        value = getattr(options, name)
        out[f"rule_{name}"] = widgets.Dropdown(options=[(str(v), v) for v in offered(values, value)], value=value,
                                               description=f"{name} ({RulesOptions.ruling(name)})",
                                               style={"description_width": "initial"},
                                               layout=widgets.Layout(width="auto"))
    return out


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:  # a folder that cannot be resolved is nobody else's
        return False


class BoardEditor(Explorer):
    """Build a board by clicking and dragging on one map; the rules on it, live (see the module docstring).

    Parameters
    ----------
    scenario : Scenario or str, optional
        Where to start: a scenario, a shipped scenario's name; default a blank board of
        ``columns`` x ``rows``.
    columns, rows : int
        The size of a blank board (1..``max_size``).
    folder : str or Path, optional
        Where boards are saved and opened (default :func:`hexrules.edit.boards_folder`); a
        relative name typed in the *folder* box later is a folder inside this one.
    max_size : int
        The largest number of columns or rows the size boxes offer (1..60).
    show : {"none", "reach", "push", "pull"}
        What the rules part of the map shows first.
    unit, target : str, optional
        The unit whose reach (or Push, Pull) is shown, and the unit it pushes or pulls: another
        unit (the *target* menu offers every unit but the one chosen as *unit*; default the first
        enemy of the unit).
    n : int
        Push N / Pull N (0..4).
    kind : {"advance", "dash"}
        The movement shown (M2).
    options : RulesOptions, optional
        The reading chosen first (every switch has a menu); default the starting scenario's own
        (its ``rules:`` section, else the kit's default).
    compare : bool
        Outline what differs from the kit's default reading.

    Attributes
    ----------
    history : hexrules.edit.History
        The scenario being edited and its undo and redo steps.
    scenario : Scenario
        The current scenario (``history.scenario``): its board, its units and its reading (the
        menus', :attr:`options`).
    text : ipywidgets.Textarea
        The scenario text, updated at every edit (:meth:`Scenario.to_text`), except while it holds
        typing not applied: that stays (never lost), and the editor says so, until *Apply text*
        makes it the board or *Revert text* shows the board's text again.
    status : ipywidgets.HTML
        What the last action did, or why it was refused (with its ruling).
    text_status : ipywidgets.HTML
        What the last *Apply text* or *Revert text* did, or why Apply refused the text (line and
        column), right over the text box and beside the buttons (empty once the board changes
        again, or saying that the box keeps typing not applied).
    reach, move : object or None
        The reach or Push / Pull shown (None when not shown or refused).
    comparison : hexrules.compare.ReachComparison or ForcedComparison or None
        With *compare with the default*: the default reading against the one chosen.

    Raises
    ------
    EditError
        If a size is outside 1..``max_size``.
    ScenarioError, ExplorerError
        If ``scenario`` is neither a Scenario nor a shipped scenario's name, or ``show``, ``kind``,
        ``n`` or ``compare`` is not a value its control offers, or ``target`` is ``unit`` (a unit
        never pushes or pulls itself, P1, L1) or, without ``unit``, the board's only unit.
    StateError
        If ``unit`` or ``target`` is not one of the scenario's moving units.
    OptionsError
        If ``options`` is not a RulesOptions.
    """

    def __init__(self, scenario: Scenario | str | None = None, *, columns: int = 12, rows: int = 10,
                 folder: str | Path | None = None, max_size: int = edit.MAX_SIZE, show: str = "none",
                 unit: str | None = None, target: str | None = None, n: int = 2, kind: str = "advance",
                 options: RulesOptions | None = None, compare: bool = False) -> None:
        if isinstance(max_size, bool) or not isinstance(max_size, int) or not 1 <= max_size <= edit.MAX_SIZE:
            raise EditError(f"max_size={shown(max_size)} is not a whole number from 1 to {edit.MAX_SIZE}")
        start = edit.blank(columns, rows) if scenario is None else scenario_from(scenario)
        if max(edit.size(start)) > max_size:
            raise EditError(f"the board is {edit.size(start)[0]} x {edit.size(start)[1]}: more than max_size={max_size}")
        check_choice("show", show, [v for _, v in SHOW])
        check_choice("kind", kind, ("advance", "dash"), ruling="M2")
        check_int("n", n, 0, 4, ruling="P1")
        options = check_options(reading(start) if options is None else options)
        start = with_reading(start, options)  # the reading is part of the scenario edited
        for name in ("unit", "target"):
            value = locals()[name]
            if value is not None:
                check_unit(name, value, [u.name for u in start.state if not u.garrison])
        if target is not None and target == unit:
            raise ExplorerError(f"unit={shown(unit)} and target={shown(target)}: a unit never pushes or pulls itself "
                                "(P1, L1)")
        if target is not None and unit is None and not any(u.name != target and not u.garrison for u in start.state):
            raise ExplorerError(f"target={shown(target)} is the board's only unit: no other unit can push or pull it "
                                "(P1, L1)")
        if not isinstance(compare, bool):
            raise ExplorerError(f"compare={shown(compare)} is not True or False")
        self.history = edit.History(start)
        if folder is not None and (not isinstance(folder, (str, os.PathLike)) or not str(folder).strip()):
            raise ExplorerError(f"folder={shown(folder)} is not a folder name (e.g. 'my-lessons/boards')")
        self.folder = Path(folder).expanduser() if folder is not None else edit.boards_folder()
        _EDITORS.add(self)
        self._home = self.folder.resolve() if self.folder.is_absolute() else Path.cwd() / self.folder
        self._drag: dict[str, Any] | None = None
        self._moving: str | None = None
        self._focus: Hex | None = None
        self._overwrite: Path | None = None
        self._text_synced = ""  # the board's text as last put in the box: the box differs = typing not applied
        self.reach: Any = None
        self.move: Any = None
        self.comparison = None
        self._legend_key: tuple | None = None  # what the drawn legend lists (redrawn only when it changes)
        int_box = dict(layout=widgets.Layout(width="9em"), style={"description_width": "initial"})
        c: dict[str, widgets.Widget] = {
            "start": widgets.Dropdown(options=self._start_options(), value=_BLANK, description="Start from",
                                      layout=widgets.Layout(width="20em")),
            "columns": widgets.BoundedIntText(value=min(max(1, columns), max_size) if isinstance(columns, int) else 12,
                                              min=1, max=max_size, description="columns", **int_box,
                                              tooltip="The size of a blank board (Start from: (blank board))"),
            "rows": widgets.BoundedIntText(value=min(max(1, rows), max_size) if isinstance(rows, int) else 10,
                                           min=1, max=max_size, description="rows", **int_box,
                                           tooltip="The size of a blank board (Start from: (blank board))"),
            "open": widgets.Button(description="Open", tooltip="Start again from the board chosen (undoable)"),
            "tool": widgets.ToggleButtons(options=TOOLS, value="raise", style={"button_width": "5.6em"}),
            "height": widgets.BoundedIntText(value=2, min=0, max=edit.MAX_ELEVATION, description="height", **int_box),
            "terrain": widgets.Dropdown(options=list(start.board.terrain_table), value="water",
                                        description="terrain", layout=widgets.Layout(width="14em")),
            "name": widgets.Text(value="blue1", description="name", layout=widgets.Layout(width="13em")),
            "side": widgets.Text(value="blue", description="side", layout=widgets.Layout(width="11em")),
            "advance": widgets.BoundedIntText(value=3, min=0, max=20, description="Advance", **int_box),
            "dash": widgets.BoundedIntText(value=2, min=0, max=20, description="Dash", **int_box),
            "speed": widgets.BoundedIntText(value=0, min=0, max=20, description="Speed", **int_box),
            "terrain_name": widgets.Text(value="mud", description="new terrain", layout=widgets.Layout(width="14em")),
            "symbol": widgets.Text(value="m", description="symbol", layout=widgets.Layout(width="9em")),
            "cost": widgets.BoundedIntText(value=1, min=0, max=9, description="cost", **int_box),
            "impassable": widgets.Checkbox(value=False, description="impassable", indent=False,
                                           layout=widgets.Layout(width="auto")),  # its whole label, never "impassa…"
            "add_terrain": widgets.Button(description="Add terrain"),
            "edge": widgets.Dropdown(options=edit.EDGES, value="bottom", description="at the",
                                     layout=widgets.Layout(width="13em")),
            "add_line": widgets.Button(description="Add row / column"),
            "remove_line": widgets.Button(description="Remove row / column"),
            "undo": widgets.Button(description="Undo", icon="undo"),
            "redo": widgets.Button(description="Redo", icon="repeat"),
            "show": widgets.ToggleButtons(options=SHOW, value="none", style={"button_width": "6.5em"}),
            "unit": widgets.Dropdown(options=[], description="unit", layout=widgets.Layout(width="14em")),
            "kind": widgets.ToggleButtons(options=[("Advance", "advance"), ("Dash", "dash")], value="advance",
                                          style={"button_width": "5.5em"}),
            "target": widgets.Dropdown(options=[], description="target", layout=widgets.Layout(width="14em")),
            "n": widgets.IntSlider(value=2, min=0, max=4, description="N", layout=widgets.Layout(width="16em")),
            "compare": widgets.Checkbox(value=False, description="compare with the default", indent=False),
            **_reading_controls(options),
            "folder": widgets.Text(value=str(self.folder), description="folder", layout=widgets.Layout(width="30em")),
            "file": widgets.Text(value="my-board.hex", description="file", layout=widgets.Layout(width="16em")),
            "save": widgets.Button(description="Save", icon="save",
                                   tooltip="Write the board (its scenario text) to a file in the folder"),
            "overwrite": widgets.Button(description="Overwrite", disabled=True,
                                        tooltip="Replace the file that Save found (only right after it)"),
            "apply_text": widgets.Button(description="Apply text", tooltip="Read the scenario text below as the board"),
            "revert_text": widgets.Button(description="Revert text", disabled=True,
                                          tooltip="Show the board's text in the box again (the typing not applied "
                                                  "is dropped)"),
        }
        # as wide as every explorer's map (the kit's hex and label size for this board); the scenario
        # text stands beside it where the notebook column has room, else under it
        fig, (ax,) = new_figure(start.board, title=False)  # no title: the hexes start under the toolbar
        handlers = {
            "open": lambda _b: self._open(),
            "add_terrain": lambda _b: self._add_terrain(),
            "add_line": lambda _b: self._do(edit.add_line, self.controls["edge"].value),
            "remove_line": lambda _b: self._do(edit.remove_line, self.controls["edge"].value),
            "undo": lambda _b: self._undo(),
            "redo": lambda _b: self._redo(),
            "save": lambda _b: self.save(),
            "overwrite": lambda _b: self.save(overwrite=True),
            "apply_text": lambda _b: self._apply_text(self.text.value),
            "revert_text": lambda _b: self._revert_text(),
            **{f"rule_{name}": (lambda _change, name=name: self._reading_changed(name)) for name in ALTERNATIVES},
            "tool": lambda _change: self._tool_changed(),
            "unit": lambda _change: self._sync_choices(),  # the new source is no longer a target
            "show": lambda _change: self._show_changed(),
            "folder": lambda _change: self._folder_changed(),
            "file": lambda _change: self._forget_pending(),
        }
        for w in c.values():
            if isinstance(w, widgets.Button):
                w.layout.width = "auto"
        super().__init__(fig, c, title="Board editor: click and drag on the map", handlers=handlers)
        self.text = widgets.Textarea(layout=widgets.Layout(width=_text_width(""), height="100%", min_height="24em"))
        self.text.add_class("hexrules-scenario-text")
        self.text.observe(lambda _change: self._typing(), "value")
        self.status = widgets.HTML(layout=widgets.Layout(min_height="1.6em"))
        self.status.add_class("hexrules-status")
        # Apply's outcome where the text and the button are: the map can stand between the status
        # over it and the text box under it (a trial at 1400 px: 600-1000 px apart)
        self.text_status = widgets.HTML(layout=widgets.Layout(min_height="1.6em"))
        self.text_status.add_class("hexrules-text-status")
        self._said_for: Scenario | None = None  # the board text_status speaks of
        self._board_synced: Scenario | None = None  # the board of the last _sync_choices
        self._layout()
        self.art = draw_board(start.board, start.state, ax=ax, legend=False)
        self._drawn = start
        self._legend()
        self.layer = ForcedLayer(self.art)
        self.on_hex_click([self.art], self._pressed)
        canvas = fig.canvas
        canvas.mpl_connect("motion_notify_event", self._on_motion)
        canvas.mpl_connect("button_release_event", self._on_release)
        with self.quiet():
            for name, value in (("show", show), ("kind", kind), ("n", n), ("compare", compare)):
                c[name].value = value
            self._sync_choices()
            if unit is not None:
                c["unit"].value = unit
            elif target is not None and c["unit"].value == target:  # the first unit is the target: the next forces it
                c["unit"].value = next(name for name in c["unit"].options if name != target)
            self._sync_choices()
            if target is not None:
                c["target"].value = target
        self.update()

    # --- layout ----------------------------------------------------------------------------------

    def _layout(self) -> None:
        """Controls in labelled rows; the map, and the scenario text beside it (under it when the
        notebook column has no room beside a map as wide as the kit's explorers)."""
        c = self.controls

        def row(label: str, *names: str) -> widgets.Widget:
            head = widgets.HTML(f"<b>{html.escape(label)}</b>", layout=widgets.Layout(width="5.5em"))
            return widgets.HBox([head, *(c[n] for n in names)], layout=widgets.Layout(flex_flow="row wrap",
                                                                                       align_items="center"))

        readings = widgets.GridBox([c[k] for k in c if k.startswith("rule_")],
                                   layout=widgets.Layout(grid_template_columns="repeat(3, auto)"))
        reading_box = widgets.Accordion(children=[readings], titles=("Reading: every switch of RulesOptions",))
        self.controls_box.children = [
            row("Board", "start", "columns", "rows", "open", "undo", "redo"),
            row("", "add_line", "remove_line", "edge"),
            row("Tool", "tool"),
            row("", "height", "terrain", "name", "side", "advance", "dash", "speed"),
            row("Terrain", "terrain_name", "symbol", "cost", "impassable", "add_terrain"),
            row("Show", "show", "unit", "kind", "target", "n", "compare"),
            reading_box,
            row("File", "folder", "file", "save", "overwrite"),
        ]
        self.controls_box.layout = widgets.Layout(display="flex", flex_flow="column")
        # the box and its textarea in one monospace font, so that a width in ch (_text_width) holds the
        # longest line whole
        head = widgets.HTML("<style>.hexrules-scenario-text, .hexrules-scenario-text textarea "
                            "{font-family: monospace; font-size: 11px} .hexrules-scenario-text textarea "
                            "{white-space: pre}</style>"
                            "<b>Scenario text</b> (copy it, or edit it and press <i>Apply text</i>)")
        c["apply_text"].layout.margin = "0 0 0 1em"  # right after the heading, over the box it reads
        c["revert_text"].layout.margin = "0 0 0 0.5em"
        side = widgets.VBox([widgets.HBox([head, c["apply_text"], c["revert_text"]],
                                          layout=widgets.Layout(flex_flow="row wrap",
                                                                                         align_items="center")),
                             self.text_status, self.text])
        children = list(self.children)
        i = children.index(self.view)
        children[i] = widgets.HBox([self.view, side], layout=widgets.Layout(flex_flow="row wrap"))  # text under a wide map
        children.insert(i, self.status)
        self.children = children

    def _legend(self, sc: Scenario | None = None) -> None:
        """The map's legend (the board, the sides, and the rule shown), redrawn only when what it
        lists changes."""
        sc = self.scenario if sc is None else sc
        st = sc.state
        show = self.controls["show"].value
        compare = show != "none" and self.controls["compare"].value
        key = (id(self.art), legend_key(sc.board, st), show, compare)
        if self._legend_key == key:
            return
        self._legend_key = key
        # the hex chosen is outlined once, as "selected unit / hex": the reach's "target" is that hex
        rule = {"reach": reach_legend(_THEME, target=False), "push": ForcedLayer.legend_handles(), "pull": ForcedLayer.legend_handles()}
        self.art.legend(st, rule.get(show, []) + [legend_handle("outline", "selected unit / hex", _SELECTED, width=2.5,
                                                                 drawn_by=("outline", "target"))]
                        + ([legend_handle("outline", "differs from default", _DIFFERS, width=3.0,
                                          drawn_by=("outline", "differs"))] if compare else []))

    # --- the scenario ----------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        """The scenario being edited."""
        return self.history.scenario

    @property
    def options(self) -> RulesOptions:
        """The reading chosen in the reading menus: the scenario's (:func:`hexrules.reading.reading`)."""
        return reading(self.scenario)

    def _reading_changed(self, name: str) -> None:
        """A reading menu changed: one step, the scenario with that switch set."""
        value = self.controls[f"rule_{name}"].value
        self._push(with_reading(self.scenario, self.options.replace(**{name: value})), edit.Edit("rules", (name, value)))

    def _set_reading(self, options: RulesOptions) -> None:
        """Set every reading menu to ``options``' value (quietly: the update that follows redraws)."""
        with self.quiet():
            for name, values in ALTERNATIVES.items():
                menu, value = self.controls[f"rule_{name}"], getattr(options, name)
                wanted = [(str(v), v) for v in offered(values, value)]
                if list(menu.options) != wanted:
                    menu.options = wanted
                menu.value = value

    def _push_read(self, scenario: Scenario, what: edit.Edit) -> None:
        """A board opened or text applied: one step, its reading included (the menus follow, in
        :meth:`_sync_choices`); the status names the reading when it changed, and the sections
        the map does not draw (:func:`_undrawn_sections`)."""
        before, shown = self.options, self.scenario
        self._push(scenario, what)
        if self.scenario is shown:  # "Nothing changed" said
            return
        words = [f"Done: {what.text(self.scenario.board)}."]
        if self.options != before:
            words.append(f"Reading: {_reading_words(self.options)}.")
        words.append(_undrawn_sections(self.scenario))
        self._say(" ".join(w for w in words if w))

    def _say(self, text: str, *, error: bool = False) -> None:
        self.status.value = _status_html(text, error=error)

    def _do(self, operation: Callable[..., Scenario], *args: Any, **kwargs: Any) -> bool:
        """Apply one editing operation as one step; a refusal is shown and changes nothing."""
        try:
            self.history.do(operation, *args, **kwargs)
        except HexrulesError as err:
            self._say(str(err), error=True)
            return False
        last = self.history.last()
        self._say(f"Done: {last.text(self.scenario.board)}." if last is not None else "Nothing changed.")
        self._sync_choices()
        return True

    def _push(self, scenario: Scenario, what: edit.Edit) -> None:
        before = self.history.scenario
        self.history.push(scenario, what)  # a scenario equal to the one shown is no step
        self._say(f"Done: {what.text(scenario.board)}." if self.history.scenario is not before
                  else f"Nothing changed: {what.text(scenario.board)} gives the board shown.")
        self._sync_choices()

    def _undo(self) -> None:
        try:
            what = self.history.last()
            self.history.undo()
            self._say(f"Undone: {what.text(self.scenario.board)}.")
        except EditError as err:
            self._say(str(err), error=True)
        self._sync_choices()

    def _redo(self) -> None:
        try:
            what = self.history.next()
            self.history.redo()
            self._say(f"Redone: {what.text(self.scenario.board)}.")
        except EditError as err:
            self._say(str(err), error=True)
        self._sync_choices()

    def undo(self) -> None:
        """Undo the last step (the *Undo* button) and redraw."""
        self.controls["undo"].click()

    def redo(self) -> None:
        """Redo the last step undone (the *Redo* button) and redraw."""
        self.controls["redo"].click()

    def _sync_choices(self) -> None:
        """Offer the units of the current scenario, its terrain table, and the start choices."""
        sc = self.scenario
        movers = [u.name for u in sc.state if not u.garrison]
        c = self.controls
        with self.quiet():
            source = _offer(c["unit"], movers)
            # a Push or Pull moves an enemy (P1, L1): the targets are the source's enemies (never the
            # source itself, nor an ally, which the rules would refuse); a target that became the
            # source, or an ally of it, gives way to the first enemy
            enemies = [n for n in movers if source is not None and sc.state.unit(n).side != sc.state.unit(source).side]
            _offer(c["target"], enemies, (enemies or [None])[0])
            _offer(c["terrain"], list(sc.board.terrain_table))
            _offer(c["start"], self._start_options(), _BLANK)
            c["undo"].disabled = not self.history.can_undo
            c["redo"].disabled = not self.history.can_redo
            for name, step in (("undo", self.history.last()), ("redo", self.history.next())):  # said on hover
                tip = f"{name.capitalize()}: {step.text(sc.board)}" if step is not None else f"Nothing to {name}"
                if c[name].tooltip != tip:
                    c[name].tooltip = tip
            c["overwrite"].disabled = self._overwrite is None
            c["overwrite"].button_style = "" if self._overwrite is None else "warning"
        if self._moving is not None and self._moving not in sc.state:
            self._moving = None
        if self._focus is not None and self._focus not in sc.board:
            self._focus = None
        self._set_reading(reading(sc))  # the menus show the scenario's reading (after undo, Open, text)

    def _start_options(self) -> list[str]:
        files = [f"{_FILE}{n}" for n in edit.saved_scenarios(getattr(self, "folder", "."))]
        return [_BLANK, *scenario_names(), *files]

    def _open(self) -> None:
        """Start again from the board chosen in *Start from* (one undoable step)."""
        choice = self.controls["start"].value
        try:
            if choice == _BLANK:
                sc = edit.blank(self.controls["columns"].value, self.controls["rows"].value)
                what = edit.Edit("blank", (f"{self.controls['columns'].value} x {self.controls['rows'].value}",))
            elif choice.startswith(_FILE):
                sc = edit.open_scenario(self.folder, choice[len(_FILE):])
                what = edit.Edit("load", (choice[len(_FILE):],))
            else:
                sc = builtin(choice)
                what = edit.Edit("load", (choice,))
        except HexrulesError as err:
            self._say(_place_words(err), error=True)  # "…/bad.hex, line 2, column 7: …", as Apply says it
            return
        except OSError as err:
            self._say(str(err), error=True)
            return
        self._push_read(sc, what)

    def start_from(self, choice: str) -> None:
        """Choose ``choice`` in *Start from* (``"(blank board)"``, a shipped scenario's name, or
        ``"file: NAME.hex"``) and press *Open*."""
        with self.hold():
            with self.quiet():
                self._sync_choices()
                self.controls["start"].value = choice
            self.controls["open"].click()

    def _add_terrain(self) -> None:
        c = self.controls
        if self._do(edit.add_terrain, c["terrain_name"].value.strip(), c["symbol"].value.strip(), c["cost"].value,
                    passable=not c["impassable"].value):
            with self.quiet():
                c["terrain"].value = c["terrain_name"].value.strip()

    def apply_text(self, text: str) -> None:
        """Type ``text`` into the scenario text and press *Apply text*: read as the scenario, one
        step (the reading menus take its ``rules:`` section), or the error with its line and
        column (nothing changed); then redraw."""
        with self.hold():
            with self.quiet():
                self.text.value = text
            self.controls["apply_text"].click()

    def _apply_text(self, text: str) -> None:
        try:
            sc = parse_scenario(text, source="the scenario text")
        except HexrulesError as err:
            self._say(_place_words(err), error=True)  # the text refused stays in the box, to be fixed
        else:
            self._text_synced = self.text.value  # the typing is the board now: the box shows the board's text
            changes = scenario_changes(self.scenario, sc)  # said with the step, at Done, Undone and Redone
            self._push_read(sc, edit.Edit("text", (changes,) if changes != "nothing" else ()))
        self.text_status.value = self.status.value  # and where the text and the button are
        self._said_for = self.scenario

    @property
    def _typing_pending(self) -> bool:
        """The box holds typing not applied (it differs from the board's text last put in it)."""
        return self.text.value != self._text_synced

    def _typing(self) -> None:
        """The box was typed in (or set): *Revert text* is on while it holds typing not applied,
        and the line by the box says so (:data:`_TYPED`), unless it says that the board changed
        under the typing (:data:`_KEPT`) or shows an Apply's error, still to be fixed there; news of
        the text before the typing (an Apply done, a Revert) is gone. Typed back to the board's
        text, nothing is pending and the line is empty."""
        pending = self._typing_pending
        if self.controls["revert_text"].disabled == pending:
            self.controls["revert_text"].disabled = not pending
        said = self.text_status.value
        if pending:
            if "hexrules-error" not in said and said not in (_status_html(_KEPT), _status_html(_TYPED)):
                self.text_status.value = _status_html(_TYPED)
        elif said in (_status_html(_KEPT), _status_html(_TYPED)):
            self.text_status.value = ""

    def _revert_text(self) -> None:
        """*Revert text*: the box shows the board's text again; the typing not applied is dropped."""
        with self.quiet():
            self._text_synced = self.text.value = self.scenario.to_text()
            self.text.layout.width = _text_width(self._text_synced)
        self._typing()
        self.text_status.value = _status_html("Reverted: the text box shows the board's text.")
        self._said_for = self.scenario

    # --- files ----------------------------------------------------------------------------------

    def _folder_changed(self) -> None:
        """A new *folder*: an absolute one as typed, a relative one inside the folder the editor
        started with (so a name typed there never lands in whatever folder the kernel runs in)."""
        typed = Path(self.controls["folder"].value.strip() or ".").expanduser()
        self.folder = typed if typed.is_absolute() else self._home / typed
        self._forget_pending()
        self._sync_choices()

    def _forget_pending(self) -> None:
        self._overwrite = None
        with self.quiet():
            self.controls["overwrite"].disabled = True
            self.controls["overwrite"].button_style = ""

    def save(self, *, overwrite: bool = False) -> Path | None:
        """Save the scenario text to *folder* / *file* (the *Save* button); an existing file is
        replaced only by *Overwrite* (``overwrite=True``) right after a *Save* that found it.

        Returns
        -------
        Path or None
            The file written, or None (refused: the reason is in :attr:`status`).
        """
        name = self.controls["file"].value
        if overwrite and self._overwrite is None:
            self._say("Nothing to overwrite: press Save first.", error=True)
            return None
        try:
            path = edit.save_scenario(self.scenario, self.folder, name, overwrite=overwrite)
        except EditError as err:
            if "already exists" in err.message:
                self._overwrite = self.folder / name
                self._say(f"{err.message.split(':')[0]}: press Overwrite to replace it, or change the file name.",
                          error=True)
            else:
                self._say(str(err), error=True)
            self._sync_choices()
            return None
        except OSError as err:
            self._say(f"could not save to {self.folder}: {err}", error=True)
            return None
        self._overwrite = None
        unsaved = (" The text box's typing, not applied, is not in it: Apply it first to save it."
                   if self._typing_pending else "")
        self._say(f"Saved {path}, with the reading: {_reading_words(self.options)}. To open it again: Board ▸ "
                  f"Start from \"{_FILE}{path.name}\" ▸ Open (in any editor of this folder).{unsaved}")
        self._sync_choices()
        for other in list(_EDITORS):  # the other editors of this folder offer it now
            if other is not self and _same_folder(other.folder, self.folder):
                other._sync_choices()
        return path

    # --- clicks and drags -------------------------------------------------------------------------

    def _show_changed(self) -> None:
        """A new rule on the map: the last edit's words ("Redone: ...") are cleared, as they say
        nothing of it (a pending Overwrite keeps its question)."""
        if self._overwrite is None:
            self.status.value = ""

    def _tool_changed(self) -> None:
        self._moving = None
        self._drag = None

    def _cell_op(self, tool: str) -> tuple[Callable[..., Scenario], tuple]:
        if tool == "raise":
            return edit.raise_hex, ()
        if tool == "lower":
            return edit.lower_hex, ()
        if tool == "height":
            return edit.set_elevation, (self.controls["height"].value,)
        return edit.paint, (self.controls["terrain"].value,)

    def _pressed(self, h: Hex, _art: Any) -> None:
        """A press on hex ``h``: what the tool does (a drag starts for the cell tools)."""
        tool = self.controls["tool"].value
        sc = self.scenario
        with self.hold():
            if tool in DRAG_TOOLS:
                self._drag = {"tool": tool, "hexes": [], "start": sc, "shown": sc}
                self._extend_drag(h)
                return
            if tool in ("unit", "garrison"):
                self._place(h, garrison=tool == "garrison")
            elif tool == "move":
                u = sc.state.at(h)
                if self._moving is None or (u is not None and u.name != self._moving):
                    if u is None:
                        self._say(f"{sc.board.label(h)} holds no unit: click a unit, then the hex to move it to.",
                                  error=True)
                        return
                    self._moving = u.name
                    self._drag = {"tool": "move", "from": h}
                    self._say(f"{u.name} selected: click (or drag to) the hex to move it to.")
                elif u is None or u.name != self._moving:
                    self._move_to(h)
            elif tool == "delete":
                self._do(edit.clear_hex, h)
            else:  # inspect
                u = sc.state.at(h)
                if u is not None and not u.garrison:
                    with self.quiet():
                        self.controls["unit"].value = u.name
                    self._focus = None
                else:
                    self._focus = h
            self._mark_update()

    def _mark_update(self) -> None:
        """Update once at the end of the enclosing :meth:`hold` (a change that is not a control's)."""
        self.update()  # inside hold(): only marks the update as pending

    def _place(self, h: Hex, *, garrison: bool) -> None:
        c = self.controls
        name, side = c["name"].value.strip(), c["side"].value.strip()
        kw = {"garrison": True} if garrison else {"advance": c["advance"].value, "dash": c["dash"].value,
                                                   "speed": c["speed"].value}
        if self._do(edit.place, name, side, h, **kw):
            with self.quiet():
                c["name"].value = _next_name(name, self.scenario)

    def _move_to(self, h: Hex) -> None:
        name = self._moving
        self._moving = None
        self._drag = None
        if name is not None:
            self._do(edit.move_unit, name, h)

    def _extend_drag(self, h: Hex) -> None:
        """Add hex ``h`` to the drag under way and show the board with the drag applied so far."""
        d = self._drag
        if d is None or h in d["hexes"]:
            return
        op, args = self._cell_op(d["tool"])
        try:
            shown = op(d["start"], [*d["hexes"], h], *args)
        except HexrulesError as err:
            self._say(str(err), error=True)  # this hex refused; the others of the drag stay
            return
        d["hexes"].append(h)
        d["shown"] = shown
        self._show_board(shown)
        if self.interactive:  # the map follows the drag; a PNG picture waits for the release
            self.refresh()

    def _finish_drag(self, h: Hex | None) -> None:
        d, self._drag = self._drag, None
        if d is None:
            return
        with self.hold():
            if d["tool"] == "move":
                if h is not None and h != d["from"] and self._moving is not None:
                    self._move_to(h)
                self._mark_update()
                return
            if d["hexes"]:
                op, args = self._cell_op(d["tool"])
                labels = [self.scenario.board.label(x) for x in d["hexes"]]
                self._push(d["shown"], edit.Edit(op.__name__, (labels if len(labels) > 1 else labels[0], *args)))
            self._mark_update()

    def _event_hex(self, event: Any) -> Hex | None:
        if event.inaxes is not self.art.ax:
            return None
        return self.art.hex_at(event.xdata, event.ydata)

    def _on_motion(self, event: Any) -> None:
        """A mouse move during a drag: the hex under it joins the drag. ``event.buttons`` (the
        buttons held, matplotlib >= 3.8) empty means the button was released off the map: the drag
        ends there."""
        if self._drag is None or self._drag["tool"] == "move":
            return
        if getattr(event, "buttons", None) is not None and not event.buttons:
            self._finish_drag(None)
            return
        h = self._event_hex(event)
        if h is not None:
            self._extend_drag(h)

    def _on_release(self, event: Any) -> None:
        if self._drag is not None:
            self._finish_drag(self._event_hex(event))

    def click(self, h: Hex | str, target: int = 0, *, tool: str | None = None) -> None:
        """Act as if hex ``h`` were clicked (pressed and released) with ``tool`` (default: the one chosen)."""
        if tool is not None:
            self.controls["tool"].value = check_choice("tool", tool, [v for _, v in TOOLS])
        hx = self.scenario.board.hex(h)
        super().click(hx, target)
        self._finish_drag(hx)

    def drag(self, hexes: list[Hex | str], *, tool: str | None = None) -> None:
        """Act as if the mouse were pressed on ``hexes[0]``, moved over the others, released on the last."""
        if tool is not None:
            self.controls["tool"].value = check_choice("tool", tool, [v for _, v in TOOLS])
        board = self.scenario.board
        path = [board.hex(h) for h in hexes]
        super().click(path[0])
        for h in path[1:]:
            if self._drag is not None and self._drag["tool"] != "move":
                self._extend_drag(h)
        self._finish_drag(path[-1])

    # --- drawing ---------------------------------------------------------------------------------

    def _show_board(self, sc: Scenario) -> None:
        """Make the drawn board show ``sc``'s board and units (restyled in place when the hexes are the same)."""
        if self._drawn is not sc:
            if same_hexes(self.art, sc.board):
                if self._drawn.board is not sc.board and self._drawn.board != sc.board:
                    restyle_board(self.art, sc.board)
            else:
                self.art = redraw_board(self.art, sc.board, sc.state, fit=True)  # the map resized for the new board
                self.layer = ForcedLayer(self.art)
                self._click_targets = [self.art]
            self._drawn = sc
            self._legend(sc)
        self.art.set_units(sc.state)

    def redraw(self) -> None:
        sc = self.scenario
        self._show_board(sc)
        self._legend(sc)
        # a control that changes nothing in the rule shown is off: Movement for a reach (M2),
        # target and N for a Push or Pull (P1, L1), the comparison for either; the size boxes
        # but for a blank board
        used = _USED[self.controls["show"].value]
        for name in ("kind", "target", "n", "compare"):
            if self.controls[name].disabled != (name not in used):
                self.controls[name].disabled = name not in used
        blank = self.controls["start"].value == _BLANK  # the size boxes are a blank board's, nothing else's
        for name in ("columns", "rows"):
            if self.controls[name].disabled == blank:
                self.controls[name].disabled = not blank
        if self._said_for is not None and self._said_for is not sc:  # Apply's outcome is of another board now
            self._said_for = None
            self.text_status.value = ""
        board_text = sc.to_text()
        board_changed, self._board_synced = sc is not self._board_synced, sc
        if self.text.value in (self._text_synced, board_text):  # no typing: the box shows the board
            self._text_synced = board_text
            with self.quiet():
                if self.text.value != board_text:
                    self.text.value = board_text
                    self.text.layout.width = _text_width(board_text)
        elif board_changed:  # the board changed under typing (an edit, Undo or Redo, even back to
            # the board it was typed on): not applied, the box keeps it (never lost work) and says so
            self.status.value += html.escape(" " + _KEPT)
            self.text_status.value = _status_html(_KEPT)  # by the box
            self._said_for = sc
        self._typing()
        art = self.art
        marked = [h for h in ([sc.state.unit(self._moving).hex] if self._moving in sc.state else [])]
        if self._focus is not None:
            marked.append(self._focus)
        art.set_highlight(marked, key="target", color=_SELECTED, width=2.5, inset=0.8)
        self.reach = self.move = self.comparison = None
        show = self.controls["show"].value
        if show != "reach":
            art.set_costs(None, key="costs")
            art.set_highlight(None, key="pass")
            show_path(art, None)
        if show not in ("push", "pull"):
            self.layer.show(None)
        if show == "none":
            art.set_fill(None)
            art.set_highlight(None, key="differs")
            self.explain("")
            return
        if show == "reach":
            self._show_reach()
        else:
            self._show_forced(show)

    def _show_reach(self) -> None:
        sc, art, c = self.scenario, self.art, self.controls
        name, kind, opts = c["unit"].value, c["kind"].value, self.options
        # every mark of the last reach goes first: a board with no unit (or a refusal) shows none
        art.set_fill(None)
        art.set_highlight(None, key="differs")
        art.set_highlight(None, key="pass")
        art.set_costs(None, key="costs")
        show_path(art, None)
        if not name:
            raise EditError("place a unit (tool: unit) to see its reach")
        self.reach = r = mv.reachable(sc.board, sc.state, name, kind, opts)
        art.set_costs(r.costs, key="costs", under_units=True, halo=True)  # the kit's scale, its legend's; ringed numbers
        art.set_highlight(r.pass_only, key="pass", color=_THEME.movement["pass"], width=2, linestyle="--")
        parts = [pre(f"{name}: {r.allowance.explain()}; {len(r.costs)} hexes reachable "
                     f"(numbers: cheapest cost in movement points). Reading: {_reading_words(opts)}.")]
        if c["compare"].value:
            self.comparison = cmp = compare_reach(sc.board, sc.state, name, DEFAULT, opts, kind=kind)
            art.set_highlight(sorted(cmp.differing_hexes, key=lambda h: (h.r, h.q)), key="differs", color=_DIFFERS,
                              width=3.5, inset=0.84)
            parts.append(pre(cmp.explain(("the default", "the reading chosen"))))
        else:
            art.set_highlight(None, key="differs")
        if self._focus is not None and self._focus != sc.state.unit(name).hex:
            try:
                cost = mv.path_to(sc.board, sc.state, name, self._focus, kind, opts)
            except HexrulesError as err:
                show_path(art, None)
                parts.append(error_html(err))
            else:
                show_path(art, cost)
                parts.append(breakdown_html(cost))
        else:
            show_path(art, None)
            parts.append(pre("Inspect tool: click a hex to see the cheapest path there and its breakdown."))
        self.explain(html_text="".join(parts))

    def _show_forced(self, kind: str) -> None:
        sc, art, c = self.scenario, self.art, self.controls
        source, target, n, opts = c["unit"].value, c["target"].value, c["n"].value, self.options
        art.set_highlight(None, key="differs")
        if not source or not target:  # the target is never the source (_sync_choices)
            self.layer.show(None)
            raise EditError("place two units of different sides: the unit pushes or pulls the target")
        try:
            self.move = fm = forced(kind, sc.board, sc.state, source, target, n, options=opts)
        except HexrulesError:
            self.layer.show(None)
            raise
        self.layer.show(fm)
        parts = [pre(forced_words.move_summary(fm) + f"\nReading: {_reading_words(opts)}."), _table(fm.table())]
        if c["compare"].value:
            self.comparison = cmp = compare_forced(kind, sc.board, sc.state, source, target, n, DEFAULT, opts)
            _, theirs = cmp.differing_hexes
            mine, _ = cmp.differing_hexes
            art.set_highlight([h for h in mine | theirs if h in art.index], key="differs", color=_DIFFERS, width=3.5,
                              inset=0.84)
            parts.append(pre(cmp.explain(("the default", "the reading chosen"))))
        self.explain(html_text="".join(parts))


def _offer(dropdown: widgets.Dropdown, options: list[str], default: str | None = None) -> str | None:
    """Give ``dropdown`` the choices ``options`` and keep its value if it is one of them, else
    ``default`` (None: the first choice). Returns the value chosen (None when there is no choice)."""
    value = dropdown.value
    if list(dropdown.options) != options:
        dropdown.options = options
    if value not in options:
        value = default if default in options else (options[0] if options else None)
    dropdown.value = value
    return value


def _table(rows: list[dict[str, Any]]) -> str:
    from .base import table_html

    return table_html(rows)


def _reading_words(opts: RulesOptions) -> str:
    """The switches of ``opts`` off the kit's default, as a ``rules:`` line writes them, with rulings."""
    diff = DEFAULT.differences(opts)
    return "the kit's default" if not diff else ", ".join(f"{switch_words(k, v[1])} ({RulesOptions.ruling(k)})"
                                                          for k, v in diff.items())


#: What the editor says by the box while it holds typing not applied.
_TYPED = "Not applied yet: Apply makes the board the text; Revert text shows the board's text."

#: What the editor says when the board changes under typing not applied, which the box keeps.
_KEPT = ("The text box keeps your typing, not applied: Apply makes the board the text (so it undoes the map edits "
         "made since); Revert text shows the board's text.")


def _status_html(text: str, *, error: bool = False) -> str:
    """A status line's HTML: an error as the kit shows errors, other news plain."""
    return error_html(text) if error else f'<span class="hexrules-ok">{html.escape(text)}</span>'


def _undrawn_sections(sc: Scenario) -> str:
    """What the map leaves out of ``sc``: its topic sections other than the reading (``rules:``),
    kept in the text and saved with the board, or "" (a Crush scenario's pieces, squads and
    vehicles: the editor draws a board and its units)."""
    readers = section_readers()
    kept = [k for k in sc.sections if k != READING_KEY]
    if not kept:
        return ""
    headings = [h for k in kept for h in (readers[k].headings if k in readers else (k,))]
    names = " and ".join(f"{k} section" for k in kept)
    where = " (lesson 08 shows a Crush)" if "crush" in kept else ""
    return (f"Its {names} ({', '.join(h + ':' for h in headings)}) {'are' if len(kept) > 1 else 'is'} kept in the "
            f"text and saved with the board; "
            f"the map draws the board and its units only{where}.")


def _place_words(err: HexrulesError) -> str:
    """``err`` with its place as a designer reads it: ``the scenario text, line 2, column 7: ...``
    or ``.../bad.hex, line 2, column 7: ...`` (scenario text errors say ``source:2:7:``, as
    compilers and editors do)."""
    text = str(err)
    line, column, source = (getattr(err, k, None) for k in ("line", "column", "source"))
    if line and source:
        place = f"{source}:{line}:" + (f"{column}:" if column else "")
        if text.startswith(place + " "):
            words = f"{source}, line {line}" + (f", column {column}" if column else "") + ":"
            return words + text[len(place):]
    return text


#: The least width of the scenario text, in characters of its monospace font.
TEXT_MIN_CHARS = 36


def _text_width(text: str) -> str:
    r"""The scenario text box's width: its longest line whole (in ``ch`` of its monospace font), at
    least :data:`TEXT_MIN_CHARS`, with room for the padding and a scroll bar.

    >>> _text_width("map:\n    0 0\nunits:\n    Scout  side=blue  at=A1  advance=3  dash=2  speed=0")
    'calc(57ch + 28px)'
    """
    longest = max((len(line.expandtabs()) for line in text.splitlines()), default=0)
    return f"calc({max(longest + 2, TEXT_MIN_CHARS)}ch + 28px)"


def _next_name(name: str, sc: Scenario) -> str:
    """The next free name after ``name``: ``blue1`` -> ``blue2`` (``Scout`` -> ``Scout 2``)."""
    m = re.fullmatch(r"(.*?)(\d+)", name)
    stem, k = (m.group(1), int(m.group(2))) if m else (name + " ", 1)
    while True:
        k += 1
        cand = f"{stem}{k}"
        if cand not in sc.state:
            return cand


def scratch_editor(*args: Any, **kwargs: Any) -> BoardEditor:
    """A :class:`BoardEditor` saving into a temporary folder, removed with the editor (for tests
    and the widget fuzz, which press Save)."""
    folder = tempfile.mkdtemp(prefix="hexrules-boards-")
    editor = BoardEditor(*args, folder=folder, **kwargs)
    weakref.finalize(editor, shutil.rmtree, folder, True)
    return editor


#: Zero-argument factories of the editor as lesson 10 shows it (tests build each and change its
#: controls; the fuzz presses every button, so they save into a temporary folder).
EXPLORERS: dict[str, Callable[[], Explorer]] = {
    "editor": lambda: scratch_editor(columns=8, rows=6, max_size=14),
    "editor_push": lambda: scratch_editor("push_collision", max_size=14),
}
