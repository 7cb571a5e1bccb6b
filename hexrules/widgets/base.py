# Why this module is over ~900 lines: it is what every explorer shares, one topic: the Explorer
# base (controls, one figure, words, quiet/hold), the checks of its inputs, the rules-switch
# controls and the two-readings base that builds on them, and OrderPicker. About half of the lines
# are numpydoc docstrings and doctests.
"""The :class:`Explorer` base class: controls, one figure made once, an explanation area.

An explorer is an :class:`ipywidgets.VBox` with the CSS class ``"hexrules-explorer"`` holding,
from top to bottom: an optional title, its controls (ordinary ipywidgets: dropdowns, sliders,
toggle buttons, buttons), the picture, and an HTML area where the explorer explains what it
shows (e.g. a movement's cost breakdown).

The picture is ONE matplotlib figure, created once when the explorer is built (with
:func:`hexrules.plot.new_figure`, i.e. ``plt.figure`` inside ``plt.ioff()``). When a control
changes, :meth:`Explorer.update` calls the subclass's :meth:`Explorer.redraw`, which changes
the artists already drawn (recolour, move, retext), then :meth:`Explorer.refresh` shows the
result:

* if the figure's canvas is an ipympl widget (the notebook ran ``%matplotlib widget``), that
  canvas is the picture and ``refresh`` redraws it and sends the frame; clicks on it can
  select hexes (:meth:`Explorer.on_hex_click`);
* otherwise (Agg: pytest, nbmake without ipympl, Voila without it) the picture is an
  :class:`ipywidgets.Image` holding a PNG of the same figure, refreshed on every update.

A subclass builds its controls and figure, calls ``super().__init__(figure, controls,
handlers=...)``, draws its artists, then calls :meth:`update` once. The base owns the plumbing
(as mpl-interactions' controls do): it observes every control, runs the handler the subclass
declared for it in ``handlers`` (e.g. "a new unit shows that unit's Speed bonus"), then updates
once; :meth:`Explorer.quiet` is the one way an explorer sets its own controls without their
callbacks (e.g. refilling a dropdown), and :meth:`Explorer.hold` groups several changes into
one update. Callbacks never create figures, so the number of open pyplot figures stays constant
however many times the controls change.

Also here, shared by the topic modules: :class:`TwoReadingsExplorer` (one rule under two readings
of a switch, side by side), :func:`scenario_from`, :func:`movers`, :func:`switch_control`, and
the checks a constructor runs on its arguments before making anything (:func:`check_choice`,
:func:`check_int`, :func:`check_unit`, :func:`hex_label`): a value a control cannot show is
refused with a :class:`~hexrules.errors.HexrulesError` subclass naming it (:class:`~hexrules.errors.ExplorerError`
for a choice or range, or the rules' own ``BoardError`` / ``StateError`` / ``OptionsError``),
never clamped by a slider or left to a bare ``TraitError``. The "predict, then check" widget is
:class:`hexrules.widgets.exercise.Exercise` (still importable from here as ``Exercise``).

Examples
--------
>>> import matplotlib
>>> import ipywidgets as widgets
>>> from hexrules import Board
>>> from hexrules.plot import new_figure, draw_board
>>> class Demo(Explorer):
...     def __init__(self):
...         self.board = Board.rectangle(3, 2)
...         fig, (ax,) = new_figure(self.board)
...         super().__init__(fig, {"hex": widgets.Dropdown(options=["A1", "B2"], value="A1")})
...         self.art = draw_board(self.board, ax=ax)
...         self.update()
...     def redraw(self):
...         self.art.set_fill({self.controls["hex"].value: "gold"})
...         self.explain(f"selected {self.controls['hex'].value}")
>>> d = Demo()
>>> d.controls["hex"].value = "B2"
>>> d.explanation.value == pre("selected B2")
True
>>> "hexrules-explorer" in d._dom_classes, d.updates
(True, 2)
>>> import matplotlib.pyplot as plt; plt.close(d.figure)
"""

from __future__ import annotations

import functools
import html
import io
import sys
import weakref
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

import ipywidgets as widgets
import traitlets

from .. import checks
from ..scenario import Scenario, builtin
from ..checks import MAX_WHOLE, show
from ..errors import ExplorerError, HexrulesError, OptionsError, StateError
from ..hexgrid import Hex
from ..board import check_board
from ..options import DEFAULT, RulesOptions, check_options
from ..state import check_state
from ..words import ordinal
from ..words import options as option_words

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import State

__all__ = [
    "Explorer",
    "TwoReadingsExplorer",
    "OrderPicker",
    "ExplorerError",
    "CSS_CLASS",
    "PRE_STYLE",
    "pre",
    "table_html",
    "error_html",
    "scenario_from",
    "cached",
    "movers",
    "check_choice",
    "check_int",
    "check_unit",
    "hex_label",
    "switch_control",
    "switch_controls",
    "fit_labels",
    "CELL_EXPLORERS",
    "close_view",
]

#: The CSS class of every explorer's root box (browser tests find explorers by it).
CSS_CLASS = "hexrules-explorer"


#: How an explorer's tables (:func:`table_html`) read: each column's cells and heading aligned on
#: the right (numbers line up by their last digit, tabular figures), cells apart by 1.2em, a
#: rule under the headings; the caption a line of its own above the table, as wide as the text
#: (a ``<caption>`` is held to the table's width and wrapped a narrow table's caption into a column
#: of words). One ``<style>`` per explorer (JupyterLab and Voila both apply it).
TABLE_CSS = " ".join(f".{CSS_CLASS} .hexrules-table {rule}" for rule in (
    "{border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 0.3em 0}",
    f"th, .{CSS_CLASS} .hexrules-table td {{padding: 0.1em 0.6em; text-align: right; white-space: nowrap}}",
    "th {border-bottom: 1px solid currentColor}",
)) + f" .{CSS_CLASS} .hexrules-table-caption {{font-weight: bold; padding: 0.4em 0.6em 0 0.6em}}"

#: Style of :func:`pre` blocks: long lines wrap at spaces, never inside a word.
PRE_STYLE = "white-space: pre-wrap; overflow-wrap: normal; word-break: normal"


def _text(value: Any, what: str, *, none: bool = False) -> Any:
    """``value`` if it is a str (or, with ``none``, None); else an :class:`ExplorerError` naming it."""
    if not (isinstance(value, str) or (none and value is None)):
        raise ExplorerError(f"{what}={show(value)} is not a text (a str{' or None' if none else ''})")
    return value


def pre(text: str) -> str:
    """``text`` as escaped, monospaced HTML (for :attr:`Explorer.explanation`); long lines wrap
    at spaces (:data:`PRE_STYLE`), not mid-word.

    Raises
    ------
    ExplorerError
        If ``text`` is not a str (naming the value).

    >>> pre("a < b")
    '<pre class="hexrules-explanation" style="white-space: pre-wrap; overflow-wrap: normal; word-break: normal">a &lt; b</pre>'
    >>> pre(None)
    Traceback (most recent call last):
    ...
    hexrules.errors.ExplorerError: text=None is not a text (a str)
    """
    return f'<pre class="hexrules-explanation" style="{PRE_STYLE}">{html.escape(_text(text, "text"))}</pre>'


def error_html(err: Any) -> str:
    """An error's message (an exception, a :class:`~hexrules.compare.Refusal`, or a message as a
    str) as HTML, in red, naming its ruling when it has one; long lines wrap at spaces
    (:data:`PRE_STYLE`), not mid-word.

    Raises
    ------
    ExplorerError
        If ``err`` is none of those (None, a number...), naming it.
    """
    from ..compare import Refusal

    if not isinstance(err, (BaseException, Refusal, str)):
        raise ExplorerError(f"err={show(err)} is not an error, a Refusal or a message (a str)")
    return f'<pre class="hexrules-error" style="color:#b03a2e; {PRE_STYLE}">{html.escape(str(err))}</pre>'


def table_html(rows: Sequence[Mapping[str, Any]], *, caption: str | None = None) -> str:
    """A list of same-keyed dicts as an HTML table (e.g. ``MoveCost.table()``); no rows, no table.

    Raises
    ------
    ExplorerError
        If ``rows`` is not a list of mappings or ``caption`` is neither a str nor None, naming it.

    >>> table_html([{"from": "A1", "to": "B1", "cost": 2}])
    '<table class="hexrules-table"><tr><th>from</th><th>to</th><th>cost</th></tr><tr><td>A1</td><td>B1</td><td>2</td></tr></table>'

    A caption is a line above the table, not held to the table's width (a narrow table's caption
    would wrap word by word):

    >>> table_html([{"cost": 2}], caption="graph edges leaving D3").split("<table")[0]
    '<div class="hexrules-table-caption">graph edges leaving D3</div>'
    """
    rows = checks.items(rows, what="rows", error=ExplorerError, expected="a list of rows (dicts)")
    for row in rows:
        if not isinstance(row, Mapping):
            raise ExplorerError(f"row {show(row)} is not a dict of column: value")
    _text(caption, "caption", none=True)
    if not rows:
        return ""
    keys = list(rows[0])
    out = [f'<div class="hexrules-table-caption">{html.escape(caption)}</div>'] if caption else []
    out.append('<table class="hexrules-table">')
    out.append("<tr>" + "".join(f"<th>{html.escape(str(k))}</th>" for k in keys) + "</tr>")
    for r in rows:
        out.append("<tr>" + "".join(f"<td>{html.escape(str(r.get(k, '')))}</td>" for k in keys) + "</tr>")
    out.append("</table>")
    return "".join(out)


# ExplorerError (a value an explorer's controls cannot show) lives with the error family, in
# hexrules.errors; it is imported above so that hexrules.widgets.base.ExplorerError keeps working.


# --- checking what explorer constructors are given (so no control clamps or refuses it later) ----


def check_choice(name: str, value: Any, choices: Sequence[Any], *, error: type[HexrulesError] = ExplorerError,
                 ruling: str | None = None) -> Any:
    """Return ``value`` if it is one of ``choices`` (:func:`hexrules.checks.choice`).

    Raises
    ------
    HexrulesError
        ``error`` (default :class:`~hexrules.errors.ExplorerError`) naming the parameter, the
        value and the choices.

    >>> check_choice("kind", "shove", ("push", "pull"))
    Traceback (most recent call last):
    ...
    hexrules.errors.ExplorerError: kind='shove' is not one of 'push', 'pull'
    """
    _text(name, "name")
    choices = checks.items(choices, what=f"{name}: choices", error=ExplorerError, ordered=False,
                           expected="a list of the values offered")
    return checks.choice(value, name, choices, error=error, ruling=ruling)


def check_int(name: str, value: Any, lo: int, hi: int | None = None, *, ruling: str | None = None) -> int:
    """Return ``value`` if it is a whole number in ``lo..hi`` (``hi`` None: up to
    :data:`~hexrules.checks.MAX_WHOLE`; :func:`hexrules.checks.whole`).

    Raises
    ------
    ExplorerError
        If it is not a whole number (``True``, ``1.5``, ``"3"``...) or is outside the range.

    >>> check_int("cover", 99, 0, 6, ruling="C2")
    Traceback (most recent call last):
    ...
    hexrules.errors.ExplorerError: cover=99 is not a whole number from 0 to 6 (ruling C2)
    """
    _text(name, "name")
    for bound, v in (("lo", lo), ("hi", hi)):
        if not (checks.is_whole(v) or (bound == "hi" and v is None)):
            raise ExplorerError(f"{name}: {bound}={show(v)} is not a whole number (a bound of the range)")
    return checks.whole(value, name, lo, MAX_WHOLE if hi is None else hi, error=ExplorerError, ruling=ruling)


def scenario_from(scenario: Any) -> Scenario:
    """A :class:`~hexrules.scenario.Scenario`: ``scenario`` itself, or the built-in one of that name.

    Raises
    ------
    ScenarioError
        If it is a name but not a built-in scenario's (:func:`hexrules.scenario.builtin`).
    ExplorerError
        If it is neither a name nor a Scenario.
    """
    if isinstance(scenario, str):
        return builtin(scenario)
    if not isinstance(scenario, Scenario):
        raise ExplorerError(f"scenario={show(scenario)} is not a built-in scenario name or a Scenario")
    return scenario


#: How many results :func:`cached` keeps per explorer (the least recently used go first).
CACHE_SIZE = 64


def cached(rule: Callable[..., Any], *fixed: Any) -> Callable[..., Any]:
    """``rule`` with its first arguments ``fixed`` (e.g. an explorer's board and state), remembering
    its last :data:`CACHE_SIZE` results by the other arguments (unit, movement, readings...).

    The rules are pure functions of board, state and reading, so an explorer whose control
    goes back to a value it showed before (a reading compared with another and back, a slider
    moved and returned) shows the result it already computed instead of computing it again
    (issue 14). A refusal (an exception) is not remembered: it is raised again each time. The
    arguments must be hashable (hexes, labels, :class:`~hexrules.options.RulesOptions`, states).

    >>> calls = []
    >>> add = cached(lambda a, b: calls.append(b) or a + b, 1)
    >>> add(2), add(2), calls
    (3, 3, [2])
    """
    checks.function(rule, "rule", error=ExplorerError)
    return functools.lru_cache(maxsize=CACHE_SIZE)(functools.partial(rule, *fixed))


def movers(state: "State") -> list[str]:
    """Names of the units of ``state`` that move (not Garrisons), in state order.

    Raises
    ------
    StateError
        If ``state`` is not a :class:`~hexrules.state.State`.
    """
    return [u.name for u in check_state(state) if not u.garrison]


def check_unit(name: str, value: Any, choices: Sequence[str], *, ruling: str | None = None) -> str:
    """Return unit name ``value`` if it is one of ``choices`` (the units a dropdown offers).

    Raises
    ------
    StateError
        Naming the value and the units offered.
    """
    return check_choice(name, value, choices, error=StateError, ruling=ruling)


def hex_label(board: "Board", value: Any, *, name: str = "hex") -> str:
    """The label a hex dropdown shows for ``value`` (a :class:`Hex` or a label of ``board``).

    Labels are :meth:`Board.label <hexrules.board.Board.label>`'s (a hex with negative offset
    coordinates too: ``"-A1"`` is left of ``A1``).

    Raises
    ------
    HexError, BoardError
        If ``value`` is not a hex of the board (the message names ``name`` and the value), or
        ``board`` is not a Board.
    ExplorerError
        If ``name`` is not a str.
    """
    check_board(board)
    _text(name, "name")
    if isinstance(value, str) and any(board.label(h) == value for h in board.hexes):
        return value
    return board.label(board.hex(value, what=name))


def offered(values: Sequence[Any], value: Any) -> tuple[Any, ...]:
    """``values``, with ``value`` first if it is not among them (==, with bools kept apart from ints)."""
    same = [v for v in values if v == value and type(v) is type(value)]
    return tuple(values) if same else (value, *values)


def _check_switch(name: Any, table: Mapping[str, Sequence[Any]], what: str) -> Sequence[Any]:
    if not isinstance(table, Mapping):
        raise ExplorerError(f"table={show(table)} is not a mapping of switch names to the values offered")
    _text(what, "what")
    try:
        return table[name]
    except (KeyError, TypeError):
        ruling = RulesOptions.ruling(name) if isinstance(name, str) and name in DEFAULT.as_dict() else None
        raise OptionsError(f"switch={show(name)} is not a {what} switch (known: {', '.join(table)})",
                           ruling=ruling) from None


def _check_value(name: str, value: Any) -> Any:
    DEFAULT.replace(**{name: value})  # OptionsError naming the value and the ruling
    return value


def fit_labels(control: widgets.Widget) -> widgets.Widget:
    """Let ``control`` show its whole description and values, never ``"Speed bo..."`` (issue 10
    part 5); returns it.

    ipywidgets gives a description a fixed width (``--jp-widgets-inline-label-width``, about
    80 px) and cuts what does not fit with an ellipsis; toggle buttons and dropdowns have fixed
    widths too. Here a description takes the width it needs (``description_width="initial"``),
    a toggle button its text's (``button_width="auto"``), and a dropdown its longest option's
    (``width="max-content"``, never wider than the row; a width it was given becomes its least
    width, so that it does not jump as its options change). Buttons already fit their text.

    Raises
    ------
    ExplorerError
        If ``control`` is not an ipywidgets widget.
    """
    if not isinstance(control, widgets.Widget):
        raise ExplorerError(f"control={show(control)} is not an ipywidgets control")
    if isinstance(control, widgets.Button):
        return control
    style = getattr(control, "style", None)
    if getattr(control, "description", "") and style is not None and "description_width" in style.keys:
        style.description_width = "initial"
    if isinstance(control, widgets.ToggleButtons):
        control.style.button_width = "auto"
    if isinstance(control, widgets.Dropdown):
        layout = control.layout
        if layout.width and layout.width not in ("auto", "max-content") and not layout.min_width:
            layout.min_width = layout.width
        layout.width, layout.max_width = "max-content", "100%"
    return control


def switch_control(name: str, value: Any, table: Mapping[str, Sequence[Any]], *, what: str = "rules",
                   description: str | None = None) -> widgets.ToggleButtons:
    """Toggle buttons offering the values of rules switch ``name`` (``table[name]``), ``value`` chosen.

    A valid value that the table does not list (e.g. ``collision_damage=5`` in the options
    given) is offered too, first. Tooltips give the switch's and values' words (:mod:`hexrules.words.options`).

    Raises
    ------
    OptionsError
        If ``name`` is not in ``table`` or ``value`` is not a valid value of the switch.
    ExplorerError
        If ``table`` is not a mapping, or ``what`` or ``description`` not a text.
    """
    _text(description, "description", none=True)
    values = offered(_check_switch(name, table, what), _check_value(name, value))
    return widgets.ToggleButtons(options=[(str(v), v) for v in values], value=value,
                                 description=description or f"{name} ({RulesOptions.ruling(name)})",
                                 tooltip=option_words.switch_text(name),
                                 tooltips=[option_words.value_text(name, v) for v in values],
                                 style={"description_width": "initial"})


def switch_controls(switches: Any, options: RulesOptions, table: Mapping[str, Sequence[Any]], *,
                    what: str = "rules") -> dict[str, widgets.ToggleButtons]:
    """One :func:`switch_control` per name of ``switches``, starting at ``options``' values.

    Raises
    ------
    ExplorerError
        If ``switches`` is a single string (not a sequence of names) or not iterable.
    OptionsError
        If a name is not in ``table`` (see :func:`switch_control`).
    """
    check_options(options)
    if not isinstance(table, Mapping):
        raise ExplorerError(f"table={show(table)} is not a mapping of switch names to the values offered")
    if isinstance(switches, str) or not isinstance(switches, (tuple, list)):
        example = f" (e.g. ({next(iter(table))!r},))" if table else ""
        raise ExplorerError(f"switches={show(switches)} is not a tuple of switch names{example}")
    controls = {}
    for name in switches:
        _check_switch(name, table, what)  # before getattr: name it as a switch, not as an attribute
        controls[name] = switch_control(name, getattr(options, name), table, what=what)
    return controls


class CellExplorers:
    """The explorers each notebook cell made, so that running the cell again closes them.

    pyplot keeps every figure it made until it is closed, and ipywidgets every widget: without
    this, each run of an explorer's cell (the same cell again, or the lesson's Run All) left its
    old explorer's figure and widgets behind, some 5 MB each (issue 32 part 3: 40 re-runs of one
    cell, 40 open figures and 214 MB). When IPython is about to run a cell (its ``pre_run_cell``
    event, with the cell's id that JupyterLab sends), the explorers that cell made before are
    closed (:meth:`Explorer.close`): the cell's old output, which showed them, is cleared by then.

    An explorer is counted for the cell that runs while it is made; one made by a control's
    callback (between cells) or where no cell id is known (a plain script, nbclient, Voila, which
    runs each page once in a kernel of its own) belongs to no cell and is closed only by its own
    :meth:`~Explorer.close`. The one instance is :data:`CELL_EXPLORERS`.
    """

    def __init__(self) -> None:
        self.by_cell: dict[str, list[weakref.ref[Explorer]]] = {}
        self.current: str | None = None
        self._shell: Any = None

    def track(self, explorer: "Explorer") -> None:
        """Count ``explorer`` for the cell running now, if any (the first one watches the shell)."""
        shell = _shell()
        if shell is None:
            return
        if shell is not self._shell:  # the first explorer of this kernel: its cell started before we listened
            shell.events.register("pre_run_cell", self.pre_run_cell)
            shell.events.register("post_run_cell", self.post_run_cell)
            self._shell, self.current = shell, _running_cell_id(shell)
        if self.current:
            self.by_cell.setdefault(self.current, []).append(weakref.ref(explorer))

    def pre_run_cell(self, info: Any) -> None:
        """IPython's event: close the explorers the cell about to run made the last time, and let
        the output history (``Out``, ``_``, ``__``, ``___``) forget them: it would keep each one,
        and its figure, for the rest of the session."""
        self.current = getattr(info, "cell_id", None) or None
        closed = []
        for ref in self.by_cell.pop(self.current, []) if self.current else ():
            explorer = ref()
            if explorer is not None:
                explorer.close()
                closed.append(explorer)
        if closed and self._shell is not None:
            _forget_outputs(self._shell, closed)

    def post_run_cell(self, result: Any) -> None:
        """IPython's event: no cell runs now (an explorer made by a callback belongs to none)."""
        self.current = None

    def alive(self) -> list["Explorer"]:
        """The explorers counted for some cell and not closed, oldest first."""
        return [e for refs in self.by_cell.values() for r in refs if (e := r()) is not None and not e.closed]


def _forget_outputs(shell: Any, closed: list[Any]) -> None:
    """Remove the ``closed`` explorers from ``shell``'s output history (IPython's ``Out``, its
    names ``_4``, and the last three results ``_``, ``__``, ``___``): a result stays there, with
    all it holds, until 1,000 more have been shown."""
    gone = {id(x) for x in closed}
    ns = shell.user_ns
    out = ns.get("Out")
    if isinstance(out, dict):
        for key in [k for k, v in out.items() if id(v) in gone]:
            del out[key]
            for names in (ns, getattr(shell, "user_ns_hidden", {})):  # Out[4] is also the name _4
                if id(names.get(f"_{key}")) in gone:
                    del names[f"_{key}"]
    hook = getattr(shell, "displayhook", None)
    for name in ("_", "__", "___"):
        for names in (ns, getattr(shell, "user_ns_hidden", {})):
            if id(names.get(name)) in gone:
                names[name] = ""
            if hook is not None and id(getattr(hook, name, None)) in gone:
                setattr(hook, name, "")


def _shell() -> Any:
    """The running IPython shell, or None (a plain Python process)."""
    ipython = sys.modules.get("IPython")  # never import IPython just to find none
    get = getattr(ipython, "get_ipython", None)
    return get() if get is not None else None


def _running_cell_id(shell: Any) -> str | None:
    """The id of the cell the kernel is running now (JupyterLab sends it with the request)."""
    kernel = getattr(shell, "kernel", None)
    try:
        parent = kernel.get_parent("shell") if kernel is not None else None
    except Exception:  # noqa: BLE001 - an older or foreign kernel: no cell to count for
        return None
    metadata = (parent or {}).get("metadata") or {}
    return metadata.get("cellId") if parent and parent.get("header", {}).get("msg_type") == "execute_request" else None


def _widget_tree(root: widgets.Widget) -> list[widgets.Widget]:
    """Every widget ``root`` is made of, ``root`` itself not included: its children and theirs, and
    the widgets their traits hold (a ``layout``, a ``style``, an ipympl canvas's ``toolbar``), each
    a model of its own that closing ``root`` alone leaves in the kernel."""
    out: list[widgets.Widget] = []
    seen = {id(root)}
    todo: list[Any] = [root]
    while todo:
        w = todo.pop()
        for name in w.trait_names():
            value = getattr(w, name, None)
            for v in value if isinstance(value, (tuple, list)) else (value,):
                if isinstance(v, widgets.Widget) and id(v) not in seen:
                    seen.add(id(v))
                    out.append(v)
                    todo.append(v)
    return out


def close_view(root: widgets.Widget) -> None:
    """Close ``root`` and every widget it is made of (:func:`_widget_tree`): their models leave
    the kernel and the page (what :meth:`Explorer.close` and ``Exercise.close`` do).

    Raises
    ------
    ExplorerError
        If ``root`` is not an ipywidgets Widget.
    """
    if not isinstance(root, widgets.Widget):
        raise ExplorerError(f"close_view: {show(root)} is not a widget")
    for w in _widget_tree(root):
        w.close()
    widgets.Widget.close(root)


#: The explorers of each notebook cell (:class:`CellExplorers`).
CELL_EXPLORERS = CellExplorers()


class Explorer(widgets.VBox):
    """Base class of the interactive explorers: controls, one figure, an explanation.

    Parameters
    ----------
    figure : matplotlib.figure.Figure
        The explorer's only figure, made once (e.g. :func:`hexrules.plot.new_figure`).
    controls : mapping of str to ipywidgets.Widget, optional
        The controls, by name, in display order. Each control with a ``value`` is observed,
        and each :class:`ipywidgets.Button`'s click: a change runs the control's handler, then
        :meth:`update` once.
    title : str, optional
        A bold heading above the controls.
    handlers : mapping of str to callable, optional
        What each control updates before the picture: ``{control name: handler}``, the handler
        taking the change (an ipywidgets change dict, or the button clicked). A control without
        a handler just updates. Handlers set controls of their own inside :meth:`quiet` (so those
        controls' handlers do not run) and never call :meth:`update` themselves.

    Raises
    ------
    ExplorerError
        If ``handlers`` names a control that is not among ``controls``.

    Attributes
    ----------
    figure : matplotlib.figure.Figure
        The one figure.
    controls : dict of str to ipywidgets.Widget
        The controls by name (tests and browser tests drive them).
    view : ipywidgets.Widget
        The picture: the ipympl canvas, or an :class:`ipywidgets.Image` of PNG bytes.
    interactive : bool
        True when :attr:`view` is an ipympl canvas.
    title : ipywidgets.HTML
        The heading (empty without ``title``); :meth:`set_title` changes it.
    explanation : ipywidgets.HTML
        Text explanations (cost breakdowns, who is Engaged, errors).
    updates : int
        How many times :meth:`update` has run.
    handlers : dict of str to callable
        The handler of each control that has one.
    comparison : object or None
        For an explorer that shows two readings of the rules: the comparison it shows (a result
        of :mod:`hexrules.compare`, whose ``same`` says whether the readings differ there);
        None for the others.
    """

    comparison: Any = None

    def __init__(
        self,
        figure: Any,
        controls: Mapping[str, widgets.Widget] | None = None,
        *,
        title: str | None = None,
        handlers: Mapping[str, Callable[[Any], None]] | None = None,
    ) -> None:
        self.figure = figure
        self.controls: dict[str, widgets.Widget] = dict(controls or {})
        unknown = sorted(set(handlers or {}) - set(self.controls))
        if unknown:  # a programming error of a subclass: name it at once
            raise ExplorerError(f"handlers for {unknown} name no control (controls: {', '.join(self.controls)})")
        self.handlers: dict[str, Callable[[Any], None]] = dict(handlers or {})
        self.updates = 0
        self._hold = 0
        self._quiet = 0
        self._pending = False
        self._rebuilds: list[widgets.Widget] | None = None  # sliders to rebuild after update()'s frame
        self._click_targets: list[tuple[Any, Any]] = []
        self._click_callback: Callable[[Hex, Any], None] | None = None
        self._click_cid: int | None = None
        canvas = figure.canvas
        self.interactive = isinstance(canvas, widgets.DOMWidget)
        if self.interactive:
            # the toolbar: placed by new_figure (plot._mpl.place_toolbar: above a map, hidden on a chart)
            for attr, value in (("header_visible", False), ("footer_visible", False), ("resizable", False)):
                if hasattr(canvas, attr):
                    setattr(canvas, attr, value)
            from ..plot._mpl import mute_toolbar_messages

            mute_toolbar_messages(canvas)  # the footer that would show them is hidden
            self.view = canvas
        else:
            self.view = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", height="auto"))
        self.explanation = widgets.HTML(layout=widgets.Layout(min_height="2em"))
        self.controls_box = widgets.Box(
            list(self.controls.values()),
            layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="center"),
        )
        children: list[widgets.Widget] = []
        self.title = widgets.HTML(f"<b>{html.escape(title)}</b>" if title else "")
        if title:
            children.append(self.title)
        # the tables' style, in a widget of its own that takes no room
        self.table_style = widgets.HTML(f"<style>{TABLE_CSS}</style>", layout=widgets.Layout(display="none"))
        children += [self.controls_box, self.view, self.explanation, self.table_style]
        super().__init__(children=children)
        self.add_class(CSS_CLASS)
        for name, control in self.controls.items():
            for part in (control, *getattr(control, "children", ())):  # an OrderPicker's dropdowns too
                fit_labels(part)
            self._watch(name, control)
        CELL_EXPLORERS.track(self)

    def set_title(self, title: str) -> None:
        """Change the heading (e.g. when it names a control's value, such as a Push's N)."""
        self.title.value = f"<b>{html.escape(title)}</b>"

    # --- controls ---------------------------------------------------------------------------

    def _watch(self, name: str, control: widgets.Widget) -> None:
        """Observe one control: a button's click or a change of its ``value`` goes to :meth:`_changed`."""
        if isinstance(control, widgets.Button):
            control.on_click(lambda button, name=name: self._changed(name, button))
        elif hasattr(control, "value"):
            control.observe(lambda change, name=name: self._changed(name, change), names="value")

    def _changed(self, name: str, event: Any) -> None:
        """Route a change of control ``name``: its handler of :attr:`handlers` (if any), then one
        :meth:`update`. Ignored while :meth:`quiet`. The handler runs inside :meth:`hold`, so the
        controls it sets update the picture once, after it."""
        if self._quiet:
            return
        handler = self.handlers.get(name)
        with self.frame_first(), self.hold():
            if handler is not None:
                handler(event)
            self._pending = True

    @contextmanager
    def quiet(self) -> Iterator[None]:
        """Set controls from the explorer itself without calling their handlers or :meth:`update`.

        The one mechanism of callback suppression: an explorer that refills a dropdown's options
        or moves a slider to match what it shows does it inside ``quiet()``; the change that led
        there updates the picture (once).

        >>> # with self.quiet():
        >>> #     self.controls["step"].value = 0   # no handler, no update
        """
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Change several controls and update once at the end (each control's handler still runs).

        >>> # with explorer.hold():
        >>> #     explorer.controls["unit"].value = "Zaku"; explorer.controls["target"].value = "C4"
        """
        self._hold += 1
        try:
            yield
        finally:
            self._hold -= 1
            if self._hold == 0 and self._pending:
                self._pending = False
                self.update()

    def set_slider(self, slider: widgets.IntSlider, lo: int, hi: int, value: int) -> None:
        """Give integer slider ``slider`` the range ``lo..hi`` and ``value`` (clamped to it), quietly.

        The range and value are set in an order the slider accepts (ipywidgets refuses
        ``min > max``), inside :meth:`quiet`. When the range changes, the browser's slider is
        rebuilt (:func:`rebuild_slider_view`): so keyboard Home / End reach the new ends; during
        :meth:`update`, after the new frame has been sent.
        """
        with self.quiet():
            new_range = (slider.min, slider.max) != (lo, hi)
            if lo > slider.max:
                slider.max, slider.min = hi, lo
            else:
                slider.min, slider.max = lo, hi
            slider.value = max(lo, min(hi, value))
        if new_range:
            if self._rebuilds is not None:  # inside frame_first(): after the frame
                if slider not in self._rebuilds:
                    self._rebuilds.append(slider)
            else:
                rebuild_slider_view(slider)

    # --- drawing ----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Change the existing artists to match the controls (subclasses implement it).

        It must not create figures; it may raise :class:`~hexrules.errors.HexrulesError`, which
        :meth:`update` shows in :attr:`explanation` instead of failing.
        """
        raise NotImplementedError

    def update(self) -> None:
        """Redraw from the controls' values and refresh the picture (called on every change)."""
        if self._hold:
            self._pending = True
            return
        with self.frame_first():
            try:
                self.redraw()
            except HexrulesError as err:
                self.explanation.value = error_html(err)
            self.refresh()
        self.updates += 1

    @contextmanager
    def frame_first(self) -> Iterator[None]:
        """Send the new picture before anything else the change alters in the browser.

        The browser handles the kernel's messages in order, and paints a frame only after the
        work of the messages before it. Inside this context the words and the title hold their
        sync (ipywidgets ``hold_sync``: one message at the end, after the frame), and a slider
        whose range changed is rebuilt (:func:`rebuild_slider_view`: noUiSlider built again in
        the browser) at the end: so the frame :meth:`refresh` sends goes before that work
        (issue 14). Wraps a control's handler and its update (:meth:`_changed`), a click's
        callback, and every :meth:`update`; re-entered, it does nothing more.

        The controls themselves are not held: held, a slider's new ``max`` and ``value`` would
        reach the browser in one message in no fixed order, and a value set before its range
        is clamped by the browser's slider (and sent back): a new Push N then showed step 2 of 3.
        """
        if self._rebuilds is not None:
            yield
            return
        self._rebuilds = []
        try:
            with ExitStack() as held:
                for widget in self._synced():
                    held.enter_context(widget.hold_sync())
                yield
        finally:
            rebuilds, self._rebuilds = self._rebuilds, None
        for slider in rebuilds:
            rebuild_slider_view(slider)

    def show_now(self, *shown: widgets.Widget) -> None:
        """Send the state of ``shown`` to the browser now, even inside :meth:`frame_first`.

        For a handler that works for a while before its frame (the sweep's *Run*: the words
        saying what runs, which :meth:`frame_first` would hold until the frame): the browser
        shows them at once instead of after the work.
        """
        for widget in shown:
            widget.send_state()

    def _synced(self) -> list[widgets.Widget]:
        """The widgets whose sync :meth:`frame_first` holds: the words and the title."""
        return [self.explanation, self.title]

    def refresh(self) -> None:
        """Show the figure's current artists: on ipympl, draw and send the frame now; else a new PNG.

        On an ipympl canvas, ``draw_idle`` would only ask the browser to ask back for a frame
        (one more message each way before the kernel draws); after the first update the figure
        is drawn at once (``canvas.draw()``), which sends the new frame in the same turn
        (issue 14: about a fifth of a control's latency in JupyterLab). The first update, in the
        constructor, still uses ``draw_idle``: the browser is not showing the canvas yet and
        asks for its first frame when it does.

        Before the frame, every board legend of the figure lists again what its board draws now
        (:func:`hexrules.plot.sync_legends`): a legend changes with the picture, on the same figure.
        """
        from ..plot.board import sync_legends

        sync_legends(self.figure)
        if self.interactive:
            if self.updates:
                self.figure.canvas.draw()
            else:
                self.figure.canvas.draw_idle()
        else:
            self.view.value = self.png()

    def close_figure(self) -> None:
        """Close :attr:`figure` with pyplot (a constructor that refuses its input after making it)."""
        plt = sys.modules.get("matplotlib.pyplot")  # None: no pyplot figure to close
        figure = getattr(self, "figure", None)  # None: a constructor refused its input before making it
        if plt is not None and figure is not None and sys.meta_path is not None:  # None: Python is exiting
            plt.close(figure)

    closed = False

    def close(self) -> None:
        """Close the explorer: its figure (pyplot's reference to it goes), and every widget it is
        made of (their models leave the kernel and the page). Running its cell again does this
        (:class:`CellExplorers`); closing twice does nothing more."""
        if self.closed:
            return
        self.closed = True
        if sys.meta_path is None:  # Python is exiting: the process's end frees it all, and an import would fail
            return
        self.close_figure()
        close_view(self)

    def png(self) -> bytes:
        """The figure as PNG bytes, as shown (no ``Software`` metadata)."""
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", metadata={"Software": None})
        return buf.getvalue()

    def explain(self, text: str | None = None, *, html_text: str | None = None) -> None:
        """Show ``text`` (plain, monospaced) or ``html_text`` in :attr:`explanation`."""
        self.explanation.value = html_text if html_text is not None else pre(text or "")

    # --- clicks -------------------------------------------------------------------------------

    def on_hex_click(self, targets: Sequence[Any], callback: Callable[[Hex, Any], None], hint: str = "") -> None:
        """Call ``callback(hex, artists)`` when a hex of one of ``targets`` is clicked; ``hint``
        (what a click does) is shown just above the map, so that a map that takes clicks says so.

        Parameters
        ----------
        targets : sequence of hexrules.plot.BoardArtists
            The drawn boards that react to clicks.
        callback : callable
            Receives the clicked :class:`~hexrules.hexgrid.Hex` and the
            :class:`~hexrules.plot.BoardArtists` it belongs to. Only an ipympl canvas delivers
            clicks; :meth:`click` simulates one (tests). A press while the figure toolbar's zoom
            or pan mode is on belongs to the toolbar (:func:`toolbar_mode`): it picks no hex.
        """
        self._click_targets = list(targets)
        self._click_callback = callback
        if hint and self.view in self.children:
            self.hint = widgets.HTML(f'<span style="color: var(--jp-ui-font-color2, #555)">{html.escape(hint)}</span>')
            at = self.children.index(self.view)
            self.children = (*self.children[:at], self.hint, *self.children[at:])
        if self._click_cid is None:
            self._click_cid = self.figure.canvas.mpl_connect("button_press_event", self._on_press)

    def _on_press(self, event: Any) -> None:
        if toolbar_mode(self.figure.canvas):  # the press starts a zoom box or a pan, not a choice
            return
        for art in self._click_targets:
            if event.inaxes is art.ax:
                h = art.hex_at(event.xdata, event.ydata)
                if h is not None and self._click_callback is not None:
                    with self.frame_first():
                        self._click_callback(h, art)
                return

    def click(self, h: Hex | str, target: int = 0) -> None:
        """Act as if hex ``h`` of the ``target``-th clickable board were clicked.

        Raises
        ------
        ExplorerError
            If this explorer has no clickable board, or ``target`` is not the number of one
            (0 for the first).
        HexError, BoardError
            If ``h`` is not a hex (or label) of that board.
        """
        if not self._click_targets:
            raise ExplorerError(f"{type(self).__name__} has no clickable board")
        target = checks.whole(target, "target", 0, len(self._click_targets) - 1, error=ExplorerError)
        art = self._click_targets[target]
        h = art.board.hex(h)
        if self._click_callback is not None:
            with self.frame_first():
                self._click_callback(h, art)


def toolbar_mode(canvas: Any) -> str:
    """The navigation mode of ``canvas``'s toolbar: ``""`` (none), ``"zoom rect"`` or ``"pan/zoom"``.

    ipympl's figure toolbar is a matplotlib :class:`~matplotlib.backend_bases.NavigationToolbar2`
    (``canvas.toolbar``), whose ``mode`` says which button is on; a canvas without a toolbar
    (Agg) has no mode.
    """
    return str(getattr(getattr(canvas, "toolbar", None), "mode", "") or "")


def rebuild_slider_view(slider: widgets.Widget) -> None:
    """Make the browser rebuild ``slider``'s view after its range changed (ipywidgets 8.1 workaround).

    ipywidgets 8.1's slider view follows a new ``min`` / ``max`` with noUiSlider's
    ``updateOptions``, which (noUiSlider 15, bundled with ipywidgets 8.1.9) keeps keyboard Home
    and End on the range the slider was created with: after a range change, End stopped at the old
    maximum (lesson 08: "12 of 16"). The view rebuilds its noUiSlider from the current range when
    ``orientation`` changes (``regenSlider``), so the orientation is flipped and set back, two
    messages, the value and range untouched. No observer of ``value`` runs. Remove this when the
    pinned ipywidgets updates noUiSlider's keyboard range (``tests/browser/test_sliders_in_browser.py``
    then passes without it).
    """
    if not hasattr(slider, "orientation"):
        return
    shown = slider.orientation
    slider.orientation = "vertical" if shown == "horizontal" else "horizontal"
    slider.orientation = shown


class TwoReadingsExplorer(Explorer):
    """Base of the explorers that show one rule under two readings of a switch, side by side.

    A subclass sets :attr:`SWITCHES` (and :attr:`WHAT`), puts :meth:`reading_controls` among
    its controls, and computes each side from :meth:`readings`. Choosing another switch offers
    its values in ``left`` and ``right`` (its first and second value) and updates once.

    Attributes
    ----------
    SWITCHES : dict of str to tuple
        The switches offered and the values offered for each (a subclass may set it per
        instance, before calling :meth:`reading_controls`, e.g. a Push's or a Pull's).
    WHAT : str
        What the switches are about, for messages (``"movement"``, ``"Push/Pull"``).
    """

    SWITCHES: Mapping[str, Sequence[Any]] = {}
    WHAT = "rules"

    def __init__(self, figure: Any, controls: Mapping[str, widgets.Widget], *, title: str | None = None,
                 handlers: Mapping[str, Callable[[Any], None]] | None = None) -> None:
        super().__init__(figure, controls, title=title, handlers={"switch": self._offer_values, **(handlers or {})})

    def reading_controls(self, switch: str, left: Any = None, right: Any = None) -> dict[str, widgets.Widget]:
        """The ``switch``, ``left`` and ``right`` controls (left and right default to the switch's
        first and second value).

        Raises
        ------
        OptionsError
            If ``switch`` is not in :attr:`SWITCHES` or ``left`` / ``right`` is not a valid value
            of it (the message names the value and the ruling).
        """
        cls = self  # SWITCHES may be set per explorer (e.g. the switches of a Push, or of a Pull)
        values = _check_switch(switch, cls.SWITCHES, cls.WHAT)
        left = values[0] if left is None else _check_value(switch, left)
        right = values[1] if right is None else _check_value(switch, right)
        # Dropdowns, not ToggleButtons: their options change with the switch, and ipywidgets
        # 8.1's ToggleButtons view keeps its old buttons when the new labels read "0", "1",
        # ... (e.g. push_drop_damage_per_level after push_off_board), then fails to update.
        return {"switch": widgets.Dropdown(options=list(cls.SWITCHES), value=switch, description="Rule switch",
                                           tooltip=option_words.switch_text(switch)),
                **{side: widgets.Dropdown(options=[(str(v), v) for v in offered(values, value)], value=value,
                                          description=side.title(),
                                          tooltip=option_words.values_text(switch, offered(values, value)))
                   for side, value in (("left", left), ("right", right))}}

    def _offer_values(self, change: Mapping[str, Any]) -> None:
        """A new switch: offer its values, left = its first, right = its second (one update follows)."""
        values = self.SWITCHES[name := change["new"]]
        with self.quiet():
            self.controls["switch"].tooltip = option_words.switch_text(name)
            for side, v in (("left", values[0]), ("right", values[1])):
                c = self.controls[side]
                c.options = [(str(x), x) for x in values]
                c.value = v
                c.tooltip = option_words.values_text(name, values)

    def readings(self) -> list[RulesOptions]:
        """The two rules options compared (left, right): the scenario's own reading (its ``rules:``
        section, :func:`hexrules.reading.reading`; else :data:`~hexrules.options.DEFAULT`) with
        the switch set to each side's value."""
        from ..reading import reading

        name = self.controls["switch"].value
        scenario = getattr(self, "scenario", None)
        base = reading(scenario) if scenario is not None else DEFAULT
        return [base.replace(**{name: self.controls[s].value}) for s in ("left", "right")]

    def reading_title(self, opts: RulesOptions) -> str:
        """``"switch = value (ruling)"``: the title of one side."""
        switch = self.controls["switch"].value
        return f"{switch} = {getattr(opts, switch)!s} ({RulesOptions.ruling(switch)})"


class OrderPicker(widgets.HBox):
    """A control for an order of some items, chosen one position at a time.

    Position ``i`` is a dropdown offering the items not placed before it, so ``k`` items make
    ``k + (k - 1) + ... + 1`` options, never the ``k!`` orders (10 units: 55 options, not
    3,628,800). Choosing an item at a position moves it there; the items after it keep their
    order. The last position has one item left and is disabled.

    Parameters
    ----------
    items : sequence of str
        The items, e.g. unit names (the first order is this one).
    description : str
        The label before the positions.

    Attributes
    ----------
    value : tuple of str
        The order (a traitlet: observe it like any control's ``value``; setting it to another
        order of the same items refills the positions).
    positions : list of ipywidgets.Dropdown
        One per position.

    Raises
    ------
    ExplorerError
        If ``items`` is empty or names an item twice; or, on setting :attr:`value`, if it is not
        an order of exactly the items.

    Examples
    --------
    >>> p = OrderPicker(["GM", "Gundam", "Guncannon"])
    >>> p.positions[1].options
    ('Gundam', 'Guncannon')
    >>> p.positions[0].value = "Guncannon"          # Guncannon first; GM and Gundam keep their order
    >>> p.value
    ('Guncannon', 'GM', 'Gundam')
    >>> p.value = ("Gundam", "GM", "Guncannon")
    >>> [d.value for d in p.positions], p.positions[2].disabled
    (['Gundam', 'GM', 'Guncannon'], True)
    """

    value = traitlets.Tuple()

    def __init__(self, items: Sequence[str], *, description: str = "Order") -> None:
        items = checks.items(items, what="items of an order", error=ExplorerError)
        for item in items:
            checks.name(item, "an item of an order", error=ExplorerError)
        description = checks.name(description, "description", error=ExplorerError, empty=True)
        if not items or len(set(items)) != len(items):
            raise ExplorerError(f"an order needs distinct items; got {show(list(items))}")
        self.items = items
        self._syncing = False
        self.positions = [widgets.Dropdown(description=ordinal(i + 1), layout=widgets.Layout(width="auto"),
                                           style={"description_width": "initial"}) for i in range(len(items))]
        super().__init__([widgets.Label(description), *self.positions], layout=widgets.Layout(flex_flow="row wrap"))
        for i, dd in enumerate(self.positions):
            dd.observe(lambda change, i=i: self._picked(i, change["new"]), names="value")
        self.observe(lambda _change: self._refill(), names="value")
        self.value = items

    @traitlets.validate("value")
    def _valid(self, proposal: Any) -> tuple[str, ...]:
        order = tuple(proposal["value"])
        if len(order) != len(self.items) or set(order) != set(self.items):
            raise ExplorerError(f"order {show(list(order))} is not an order of exactly {show(list(self.items))}")
        return order

    def _picked(self, i: int, item: str) -> None:
        if self._syncing or item is None or item == self.value[i]:
            return
        order = self.value
        self.value = (*order[:i], item, *(x for x in order[i:] if x != item))

    def _refill(self) -> None:
        self._syncing = True
        try:
            order = self.value
            for i, dd in enumerate(self.positions):
                placed = set(order[:i])
                dd.options = [x for x in self.items if x not in placed]
                dd.value = order[i]
                dd.disabled = len(dd.options) == 1
        finally:
            self._syncing = False
