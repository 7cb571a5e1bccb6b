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
  canvas is the picture and ``refresh`` asks it to redraw (``draw_idle``); clicks on it can
  select hexes (:meth:`Explorer.on_hex_click`);
* otherwise (Agg: pytest, nbmake without ipympl, Voila without it) the picture is an
  :class:`ipywidgets.Image` holding a PNG of the same figure, refreshed on every update.

A subclass builds its controls and figure, calls ``super().__init__(figure, controls)``, draws
its artists, then calls :meth:`update` once. Callbacks never create figures, so the number of
open pyplot figures stays constant however many times the controls change.

Also here, shared by the topic modules: :class:`TwoReadingsExplorer` (one rule under two readings
of a switch, side by side), :func:`scenario_from`, :func:`movers`, :func:`switch_control`, and
the checks a constructor runs on its arguments before making anything (:func:`check_choice`,
:func:`check_int`, :func:`check_unit`, :func:`hex_label`): a value a control cannot show is
refused with a :class:`~hexrules.errors.HexrulesError` subclass naming it (:class:`ExplorerError`
for a choice or range, or the rules' own ``BoardError`` / ``StateError`` / ``OptionsError``),
never clamped by a slider or left to a bare ``TraitError``.

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

import html
import io
import numbers
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

import ipywidgets as widgets
import traitlets

from ..board import Scenario, builtin
from ..errors import HexrulesError, OptionsError, StateError
from ..hexgrid import Hex
from ..options import DEFAULT, RulesOptions

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import State

__all__ = [
    "Explorer",
    "TwoReadingsExplorer",
    "Exercise",
    "OrderPicker",
    "ExplorerError",
    "CSS_CLASS",
    "PRE_STYLE",
    "pre",
    "table_html",
    "error_html",
    "scenario_from",
    "movers",
    "check_choice",
    "check_int",
    "check_unit",
    "hex_label",
    "switch_control",
    "switch_controls",
]

#: The CSS class of every explorer's root box (browser tests find explorers by it).
CSS_CLASS = "hexrules-explorer"


#: Style of :func:`pre` blocks: long lines wrap at spaces, never inside a word.
PRE_STYLE = "white-space: pre-wrap; overflow-wrap: normal; word-break: normal"


def pre(text: str) -> str:
    """``text`` as escaped, monospaced HTML (for :attr:`Explorer.explanation`); long lines wrap
    at spaces (:data:`PRE_STYLE`), not mid-word.

    >>> pre("a < b")
    '<pre class="hexrules-explanation" style="white-space: pre-wrap; overflow-wrap: normal; word-break: normal">a &lt; b</pre>'
    """
    return f'<pre class="hexrules-explanation" style="{PRE_STYLE}">{html.escape(text)}</pre>'


def error_html(err: Exception) -> str:
    """An error's message as HTML, in red, naming its ruling when it has one."""
    return f'<pre class="hexrules-error" style="color:#b03a2e">{html.escape(str(err))}</pre>'


def table_html(rows: Sequence[Mapping[str, Any]], *, caption: str | None = None) -> str:
    """A list of same-keyed dicts as an HTML table (e.g. ``MoveCost.table()``).

    >>> table_html([{"from": "A1", "to": "B1", "cost": 2}])
    '<table class="hexrules-table"><tr><th>from</th><th>to</th><th>cost</th></tr><tr><td>A1</td><td>B1</td><td>2</td></tr></table>'
    """
    if not rows:
        return ""
    keys = list(rows[0])
    out = ['<table class="hexrules-table">']
    if caption:
        out.append(f"<caption>{html.escape(caption)}</caption>")
    out.append("<tr>" + "".join(f"<th>{html.escape(str(k))}</th>" for k in keys) + "</tr>")
    for r in rows:
        out.append("<tr>" + "".join(f"<td>{html.escape(str(r.get(k, '')))}</td>" for k in keys) + "</tr>")
    out.append("</table>")
    return "".join(out)


class ExplorerError(HexrulesError):
    """A value given to an explorer that its controls cannot show: not one of a control's
    choices, or outside a slider's range. The message names the parameter and the value.

    >>> check_int("cover", 99, 0, 6, ruling="C2")
    Traceback (most recent call last):
    ...
    hexrules.widgets.base.ExplorerError: cover=99 is outside 0..6 (ruling C2)
    """


# --- checking what explorer constructors are given (so no control clamps or refuses it later) ----


def check_choice(name: str, value: Any, choices: Sequence[Any], *, error: type[HexrulesError] = ExplorerError,
                 ruling: str | None = None) -> Any:
    """Return ``value`` if it is one of ``choices``.

    Raises
    ------
    HexrulesError
        ``error`` (default :class:`ExplorerError`) naming the parameter, the value and the
        choices.

    >>> check_choice("kind", "shove", ("push", "pull"))
    Traceback (most recent call last):
    ...
    hexrules.widgets.base.ExplorerError: kind='shove' is not one of 'push', 'pull'
    """
    try:
        ok = value in choices
    except TypeError:  # e.g. an unhashable value against a dict's keys
        ok = False
    if not ok:
        raise error(f"{name}={value!r} is not one of {', '.join(map(repr, choices)) or '(none)'}", ruling=ruling)
    return value


def check_int(name: str, value: Any, lo: int, hi: int | None = None, *, ruling: str | None = None) -> int:
    """Return ``value`` if it is a whole number in ``lo..hi`` (``hi`` None: no upper bound).

    Raises
    ------
    ExplorerError
        If it is not a whole number (``True``, ``1.5``, ``"3"``...) or is outside the range.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ExplorerError(f"{name}={value!r} is not a whole number", ruling=ruling)
    if value < lo or (hi is not None and value > hi):
        raise ExplorerError(f"{name}={value!r} is outside {lo}..{'' if hi is None else hi}", ruling=ruling)
    return int(value)


def scenario_from(scenario: Any) -> Scenario:
    """A :class:`~hexrules.board.Scenario`: ``scenario`` itself, or the built-in one of that name.

    Raises
    ------
    ScenarioError
        If it is a name but not a built-in scenario's (:func:`hexrules.board.builtin`).
    ExplorerError
        If it is neither a name nor a Scenario.
    """
    if isinstance(scenario, str):
        return builtin(scenario)
    if not isinstance(scenario, Scenario):
        raise ExplorerError(f"scenario={scenario!r} is not a built-in scenario name or a Scenario")
    return scenario


def movers(state: "State") -> list[str]:
    """Names of the units of ``state`` that move (not Garrisons), in state order."""
    return [u.name for u in state if not u.garrison]


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

    Labels are :meth:`Board.label <hexrules.board.Board.label>`'s, so hexes with negative offset
    coordinates are named ``"(q,r)"``.

    Raises
    ------
    HexError, BoardError
        If ``value`` is not a hex of the board (the message names ``name`` and the value).
    """
    if isinstance(value, str) and any(board.label(h) == value for h in board.hexes):
        return value
    return board.label(board.hex(value, what=name))


def _offered(values: Sequence[Any], value: Any) -> tuple[Any, ...]:
    """``values``, with ``value`` first if it is not among them (==, with bools kept apart from ints)."""
    same = [v for v in values if v == value and type(v) is type(value)]
    return tuple(values) if same else (value, *values)


def _check_switch(name: Any, table: Mapping[str, Sequence[Any]], what: str) -> Sequence[Any]:
    try:
        return table[name]
    except (KeyError, TypeError):
        ruling = RulesOptions.ruling(name) if isinstance(name, str) and name in DEFAULT.as_dict() else None
        raise OptionsError(f"switch={name!r} is not a {what} switch (known: {', '.join(table)})",
                           ruling=ruling) from None


def _check_value(name: str, value: Any) -> Any:
    DEFAULT.replace(**{name: value})  # OptionsError naming the value and the ruling
    return value


def switch_control(name: str, value: Any, table: Mapping[str, Sequence[Any]], *, what: str = "rules",
                   description: str | None = None) -> widgets.ToggleButtons:
    """Toggle buttons offering the values of rules switch ``name`` (``table[name]``), ``value`` chosen.

    A valid value that the table does not list (e.g. ``collision_damage=5`` in the options
    given) is offered too, first.

    Raises
    ------
    OptionsError
        If ``name`` is not in ``table`` or ``value`` is not a valid value of the switch.
    """
    values = _offered(_check_switch(name, table, what), _check_value(name, value))
    return widgets.ToggleButtons(options=[(str(v), v) for v in values], value=value,
                                 description=description or f"{name} ({RulesOptions.ruling(name)})",
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
    if isinstance(switches, str) or not isinstance(switches, (tuple, list)):
        raise ExplorerError(f"switches={switches!r} is not a tuple of switch names (e.g. ({next(iter(table))!r},))")
    controls = {}
    for name in switches:
        _check_switch(name, table, what)  # before getattr: name it as a switch, not as an attribute
        controls[name] = switch_control(name, getattr(options, name), table, what=what)
    return controls


class Explorer(widgets.VBox):
    """Base class of the interactive explorers: controls, one figure, an explanation.

    Parameters
    ----------
    figure : matplotlib.figure.Figure
        The explorer's only figure, made once (e.g. :func:`hexrules.plot.new_figure`).
    controls : mapping of str to ipywidgets.Widget, optional
        The controls, by name, in display order. Each control with a ``value`` is observed
        (a change calls :meth:`update`); each :class:`ipywidgets.Button` calls it on click.
    title : str, optional
        A bold heading above the controls.

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
    """

    def __init__(
        self,
        figure: Any,
        controls: Mapping[str, widgets.Widget] | None = None,
        *,
        title: str | None = None,
    ) -> None:
        self.figure = figure
        self.controls: dict[str, widgets.Widget] = dict(controls or {})
        self.updates = 0
        self._hold = 0
        self._pending = False
        self._click_targets: list[tuple[Any, Any]] = []
        self._click_callback: Callable[[Hex, Any], None] | None = None
        self._click_cid: int | None = None
        canvas = figure.canvas
        self.interactive = isinstance(canvas, widgets.DOMWidget)
        if self.interactive:
            for attr, value in (("header_visible", False), ("footer_visible", False), ("resizable", False),
                                ("toolbar_visible", "fade-in-fade-out")):
                if hasattr(canvas, attr):
                    setattr(canvas, attr, value)
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
        children += [self.controls_box, self.view, self.explanation]
        super().__init__(children=children)
        self.add_class(CSS_CLASS)
        for control in self.controls.values():
            self._watch(control)

    def set_title(self, title: str) -> None:
        """Change the heading (e.g. when it names a control's value, such as a Push's N)."""
        self.title.value = f"<b>{html.escape(title)}</b>"

    # --- controls ---------------------------------------------------------------------------

    def _watch(self, control: widgets.Widget) -> None:
        if isinstance(control, widgets.Button):
            control.on_click(lambda _button: self.update())
        elif hasattr(control, "value"):
            control.observe(self._on_change, names="value")

    def _on_change(self, _change: Mapping[str, Any]) -> None:
        self.update()

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Change several controls and update once at the end.

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
        try:
            self.redraw()
        except HexrulesError as err:
            self.explanation.value = error_html(err)
        self.refresh()
        self.updates += 1

    def refresh(self) -> None:
        """Show the figure's current artists: ``draw_idle`` on ipympl, else a new PNG."""
        if self.interactive:
            self.figure.canvas.draw_idle()
        else:
            self.view.value = self.png()

    def close_figure(self) -> None:
        """Close :attr:`figure` with pyplot (a constructor that refuses its input after making it)."""
        import matplotlib.pyplot as plt

        plt.close(self.figure)

    def png(self) -> bytes:
        """The figure as PNG bytes, as shown (no ``Software`` metadata)."""
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", metadata={"Software": None})
        return buf.getvalue()

    def explain(self, text: str | None = None, *, html_text: str | None = None) -> None:
        """Show ``text`` (plain, monospaced) or ``html_text`` in :attr:`explanation`."""
        self.explanation.value = html_text if html_text is not None else pre(text or "")

    # --- clicks -------------------------------------------------------------------------------

    def on_hex_click(self, targets: Sequence[Any], callback: Callable[[Hex, Any], None]) -> None:
        """Call ``callback(hex, artists)`` when a hex of one of ``targets`` is clicked.

        Parameters
        ----------
        targets : sequence of hexrules.plot.BoardArtists
            The drawn boards that react to clicks.
        callback : callable
            Receives the clicked :class:`~hexrules.hexgrid.Hex` and the
            :class:`~hexrules.plot.BoardArtists` it belongs to. Only an ipympl canvas delivers
            clicks; :meth:`click` simulates one (tests).
        """
        self._click_targets = list(targets)
        self._click_callback = callback
        if self._click_cid is None:
            self._click_cid = self.figure.canvas.mpl_connect("button_press_event", self._on_press)

    def _on_press(self, event: Any) -> None:
        for art in self._click_targets:
            if event.inaxes is art.ax:
                h = art.hex_at(event.xdata, event.ydata)
                if h is not None and self._click_callback is not None:
                    self._click_callback(h, art)
                return

    def click(self, h: Hex | str, target: int = 0) -> None:
        """Act as if hex ``h`` of the ``target``-th clickable board were clicked."""
        art = self._click_targets[target]
        if self._click_callback is not None:
            self._click_callback(art.board.hex(h), art)


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
        return {
            "switch": widgets.Dropdown(options=list(cls.SWITCHES), value=switch, description="Rule switch"),
            # Dropdowns, not ToggleButtons: their options change with the switch, and ipywidgets
            # 8.1's ToggleButtons view keeps its old buttons when the new labels read "0", "1",
            # ... (e.g. push_drop_damage_per_level after push_off_board), then fails to update.
            "left": widgets.Dropdown(options=[(str(v), v) for v in _offered(values, left)], value=left,
                                     description="Left"),
            "right": widgets.Dropdown(options=[(str(v), v) for v in _offered(values, right)], value=right,
                                      description="Right"),
        }

    def _on_change(self, change: Mapping[str, Any]) -> None:
        if change.get("owner") is self.controls["switch"]:
            # Offer the new switch's values, left = its first, right = its second; update once.
            values = self.SWITCHES[change["new"]]
            with self.hold():
                for side, v in (("left", values[0]), ("right", values[1])):
                    c = self.controls[side]
                    c.options = [(str(x), x) for x in values]
                    c.value = v
                self._pending = True
        else:
            self.update()

    def readings(self) -> list[RulesOptions]:
        """The two rules options compared (left, right): :data:`~hexrules.options.DEFAULT` with the
        switch set to each side's value."""
        name = self.controls["switch"].value
        return [DEFAULT.replace(**{name: self.controls[s].value}) for s in ("left", "right")]

    def reading_title(self, opts: RulesOptions) -> str:
        """``"switch = value (ruling)"``: the title of one side."""
        switch = self.controls["switch"].value
        return f"{switch} = {getattr(opts, switch)!s} ({RulesOptions.ruling(switch)})"


class Exercise(widgets.VBox):
    """A "predict, then check" exercise: the reader types a prediction, the engine has the answer.

    Parameters
    ----------
    question : str
        The question (plain text; shown in bold).
    answer : int or str
        The right answer, computed by the engine in the notebook (e.g. ``path_to(...).total``).
    explanation : str
        Shown after checking (e.g. ``MoveCost.explain()``), so the reader sees why.
    unit : str
        Words after the answer (e.g. ``"movement points"``).

    Attributes
    ----------
    controls : dict
        ``"guess"`` (an :class:`ipywidgets.IntText` for a number, else a Text) and ``"check"``
        (a Button).
    feedback : ipywidgets.HTML
        Empty until checked.

    Examples
    --------
    >>> ex = Exercise("1 + 1?", 2, explanation="one and one")
    >>> ex.check(3)
    False
    >>> ex.check(2), "Right" in ex.feedback.value
    (True, True)
    """

    def __init__(self, question: str, answer: int | str, *, explanation: str = "", unit: str = "") -> None:
        self.answer = answer
        self.explanation_text = explanation
        self.unit = unit
        numeric = isinstance(answer, int) and not isinstance(answer, bool)
        guess = widgets.IntText(value=0, description="Your answer") if numeric else widgets.Text(description="Your answer")
        button = widgets.Button(description="Check", button_style="info")
        self.controls = {"guess": guess, "check": button}
        self.feedback = widgets.HTML()
        button.on_click(lambda _b: self.check())
        super().__init__([widgets.HTML(f"<b>{html.escape(question)}</b>"), widgets.HBox([guess, button]), self.feedback])
        self.add_class("hexrules-exercise")

    def _same(self, guess: Any) -> bool:
        if isinstance(self.answer, str):
            norm = lambda s: " ".join(str(s).replace(",", " ").upper().split())  # noqa: E731
            return norm(guess) == norm(self.answer)
        return guess == self.answer

    def check(self, guess: Any = None) -> bool:
        """Compare ``guess`` (default: what is typed) with the answer and show the verdict."""
        if guess is not None:
            self.controls["guess"].value = guess
        value = self.controls["guess"].value
        ok = self._same(value)
        unit = f" {self.unit}" if self.unit else ""
        if ok:
            head = f'<div style="color:#1e8449"><b>Right: {html.escape(str(self.answer))}{html.escape(unit)}.</b></div>'
        else:
            head = (f'<div style="color:#b03a2e"><b>Not quite: you said {html.escape(str(value))}; the engine says '
                    f'{html.escape(str(self.answer))}{html.escape(unit)}.</b></div>')
        self.feedback.value = head + (pre(self.explanation_text) if self.explanation_text else "")
        return ok


def _ordinal(i: int) -> str:
    return f"{i}{'th' if 10 <= i % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(i % 10, 'th')}"


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
        items = tuple(items)
        if not items or len(set(items)) != len(items):
            raise ExplorerError(f"an order needs distinct items; got {list(items)!r}")
        self.items = items
        self._syncing = False
        self.positions = [widgets.Dropdown(description=_ordinal(i + 1), layout=widgets.Layout(width="auto"),
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
            raise ExplorerError(f"order {list(order)!r} is not an order of exactly {list(self.items)!r}")
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
