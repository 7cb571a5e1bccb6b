"""The explorer base owns the widget plumbing: handlers per control, quiet(), hold(), slider ranges."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import ipywidgets as widgets
import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

import hexrules.widgets  # noqa: E402
from hexrules import Board  # noqa: E402
from hexrules.plot import draw_board, new_figure  # noqa: E402
from hexrules.widgets.base import Explorer, ExplorerError  # noqa: E402


pytestmark = pytest.mark.usefixtures("close_figures")


class _Demo(Explorer):
    """Two dropdowns and a button: choosing ``a`` shows the same value in ``b`` (set quietly)."""

    def __init__(self):
        self.board = Board.rectangle(3, 2)
        fig, (ax,) = new_figure(self.board)
        controls = {"a": widgets.Dropdown(options=["A1", "B1"], value="A1"),
                    "b": widgets.Dropdown(options=["A1", "B1"], value="A1"),
                    "go": widgets.Button(description="go"),
                    "n": widgets.IntSlider(value=1, min=1, max=3)}
        self.seen = []
        super().__init__(fig, controls, handlers={
            "a": self._mirror, "go": lambda _b: self.seen.append("go"), "b": lambda c: self.seen.append(c["new"])})
        self.art = draw_board(self.board, ax=ax)
        self.update()

    def _mirror(self, change):
        with self.quiet():
            self.controls["b"].value = change["new"]

    def redraw(self):
        self.art.set_fill({self.board.hex(self.controls["b"].value): "gold"})


def test_a_handler_runs_then_one_update_and_quiet_changes_run_no_handler():
    d = _Demo()
    before = d.updates
    d.controls["a"].value = "B1"
    assert d.controls["b"].value == "B1" and d.updates == before + 1
    assert d.seen == []  # b was set quietly: its handler did not run
    d.controls["b"].value = "A1"  # a user's change of b runs b's handler
    assert d.seen == ["A1"] and d.updates == before + 2
    d.controls["go"].click()
    assert d.seen == ["A1", "go"] and d.updates == before + 3
    d.controls["n"].value = 2  # no handler: just an update
    assert d.updates == before + 4
    with d.hold():
        d.controls["n"].value = 3
        d.controls["b"].value = "B1"
    assert d.updates == before + 5 and d.seen[-1] == "B1"


def test_handlers_must_name_controls():
    fig, _ = new_figure(Board.rectangle(2, 1))
    with pytest.raises(ExplorerError, match="nope"):
        Explorer(fig, {"a": widgets.Dropdown(options=["x"])}, handlers={"nope": print})


def test_set_slider_changes_range_in_any_order_and_rebuilds_the_browser_slider():
    d = _Demo()
    slider = d.controls["n"]
    flips = []
    slider.observe(lambda c: flips.append(c["new"]), names="orientation")
    before = d.updates
    d.set_slider(slider, 5, 9, 7)  # new min above the old max: max first, no TraitError
    assert (slider.min, slider.max, slider.value) == (5, 9, 7)
    assert flips == ["vertical", "horizontal"] and slider.orientation == "horizontal"
    d.set_slider(slider, 0, 2, 99)  # the value is clamped to the new range
    assert (slider.min, slider.max, slider.value) == (0, 2, 2)
    flips.clear()
    d.set_slider(slider, 0, 2, 1)  # the same range: the browser's slider is left as it is
    assert slider.value == 1 and flips == []
    assert d.updates == before  # quiet: the caller's change updates the picture


def _explorer_classes():
    package = hexrules.widgets
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Explorer) and cls is not Explorer and cls.__module__ == module.__name__:
                yield cls


def test_no_explorer_hand_rolls_callback_plumbing():
    # issue 8 part 7: suppression and routing belong to the base (quiet(), handlers=)
    classes = list(_explorer_classes())
    assert len(classes) >= 9
    for cls in classes:
        for name in ("_on_change", "_watch", "_changed"):
            assert name not in vars(cls), f"{cls.__name__} overrides {name}: declare handlers= instead"
        assert "_syncing" not in inspect.getsource(cls), f"{cls.__name__} keeps a _syncing flag: use self.quiet()"


def test_clicks_pick_hexes_only_when_no_toolbar_mode_is_active():
    # issue 9 part 5: with the figure toolbar's zoom or pan mode on, a press that starts a zoom box
    # or a pan on a hex must not choose that hex as the target. ipympl's Toolbar is a
    # matplotlib NavigationToolbar2 (its ``mode``: "" / "zoom rect" / "pan/zoom").
    from matplotlib.backend_bases import MouseEvent, NavigationToolbar2

    from hexrules.widgets.movement import ReachExplorer

    ex = ReachExplorer("elevation")
    canvas = ex.figure.canvas
    toolbar = NavigationToolbar2(canvas)
    assert canvas.toolbar is toolbar
    x, y = ex.art.ax.transData.transform(ex.art.centre("C2"))

    def press():
        canvas.callbacks.process("button_press_event", MouseEvent("button_press_event", canvas, x, y, button=1))

    toolbar.zoom()
    press()
    assert str(toolbar.mode) == "zoom rect" and ex.controls["target"].value == ""
    toolbar.zoom()  # zoom off, pan on
    toolbar.pan()
    press()
    assert str(toolbar.mode) == "pan/zoom" and ex.controls["target"].value == ""
    toolbar.pan()  # no mode: a click picks the hex
    press()
    assert str(toolbar.mode) == "" and ex.controls["target"].value == "C2"


def test_an_error_wraps_at_spaces_never_inside_a_word():
    # Trial defect: a refusal broke mid-word in the browser ("Choose an enem / y as Target"): the
    # error's <pre> lacked the explanation's wrapping style (PRE_STYLE: at spaces only).
    from hexrules.widgets.base import PRE_STYLE, error_html

    assert f'style="color:#b03a2e; {PRE_STYLE}"' in error_html(ValueError("Choose an enemy as Target"))


# --- what a switch means, where its name is shown (a new-user trial: raw option names) ---------------


def test_every_switch_and_each_of_its_values_has_words():
    import dataclasses

    from hexrules.options import CHOICES, RulesOptions
    from hexrules.words.options import SWITCH_WORDS, switch_text, value_text

    names = [f.name for f in dataclasses.fields(RulesOptions)]
    assert sorted(SWITCH_WORDS) == sorted(names)
    for f in dataclasses.fields(RulesOptions):
        assert switch_text(f.name).startswith(RulesOptions.ruling(f.name) + ": ")
        values = CHOICES.get(f.name) or ((True, False) if f.type == "bool" else (0, 1, 5))
        for v in values:
            assert value_text(f.name, v).startswith(f"{v}: ")
    # the readings in the rulings' own terms (RULES.md T1, P4, E2)
    assert value_text("water", "allowance") == ("allowance: its cost is taken once from the allowance of a "
                                                "movement that starts on it")
    assert value_text("push_off_board", "stop") == "stop: the unit stops at the board's edge, no damage"
    assert value_text("engagement_penalty", 1).endswith("has 1 movement point less")


@pytest.mark.parametrize("name, value", [("water", "swim"), ("water", True), ("collision_damage", "2"),
                                         ("allies_pass_through", 1), ("wat", "none")])
def test_words_for_a_switch_value_that_does_not_exist_are_refused(name, value):
    from hexrules.errors import OptionsError
    from hexrules.words.options import value_text

    with pytest.raises(OptionsError, match=repr(name) if name == "wat" else name):
        value_text(name, value)


def test_a_switchs_buttons_say_in_their_tooltips_what_each_value_means():
    from hexrules.widgets import movement

    c = movement.EXPLORERS["reach_terrain"]().controls["water"]
    assert c.tooltip == "T1: how terrain with an extra cost (water +1) is paid"
    assert [o[1] for o in c.options] == ["enter_cost", "allowance", "none"]
    assert c.tooltips == ("enter_cost: its cost is added to each step entering it",
                          "allowance: its cost is taken once from the allowance of a movement that starts on it",
                          "none: its cost is ignored")


def test_two_readings_dropdowns_say_what_their_values_mean_and_follow_the_switch():
    from hexrules.widgets import movement

    ex = movement.EXPLORERS["compare_water"]()
    assert ex.controls["left"].tooltip.splitlines()[0] == "T1: how terrain with an extra cost (water +1) is paid"
    ex.controls["switch"].value = "engagement_on_entry"
    assert ex.controls["switch"].tooltip == "E3: what a unit that becomes Engaged mid-move does"
    assert ex.controls["right"].tooltip.splitlines() == [
        "E3: what a unit that becomes Engaged mid-move does",
        "continue: a unit that becomes Engaged mid-move may go on",
        "stop: a unit that becomes Engaged mid-move must stop there"]


def test_a_map_that_takes_clicks_says_what_a_click_does_just_above_it():
    # A new-user trial: "clicks do nothing" on maps that take none, and nothing told which do
    from hexrules.widgets import crush, forced, movement, whatif

    said, silent = {}, []
    for mod in (movement, forced, whatif, crush):
        for name, make in mod.EXPLORERS.items():
            ex = make()
            hint = getattr(ex, "hint", None)
            if ex._click_targets:
                assert hint is not None, name
                kids = list(ex.children)
                assert kids.index(hint) == kids.index(ex.view) - 1, name
                said[name] = hint.value
            else:
                assert hint is None, name
                silent.append(name)
            ex.close()  # one explorer at a time: pyplot warns (an error here) past 20 open figures
    assert "Click a hex on the map: it becomes the Target." in said["reach_elevation"]
    assert "a hex shaded &#x27;can end here&#x27; shows the way the Pull ends there" in said["pull_char_zaku"]
    assert "Click a hex on either map" in said["compare_water"]
    assert "push_multi" in silent and "collapse" in silent  # a map without clicks says nothing


# --- issue 32 part 3: an explorer whose cell runs again is closed -----------------------------------


@pytest.fixture
def shell():
    """A real IPython shell, running cells as a kernel does (with a cell id, as JupyterLab sends)."""
    from IPython.core.interactiveshell import InteractiveShell

    from hexrules.widgets.base import CELL_EXPLORERS

    sh = InteractiveShell.instance()
    sh.run_cell("import matplotlib.pyplot as plt\nfrom test_widgets_base import _Demo", store_history=False)
    try:
        yield sh
    finally:
        for event in ("pre_run_cell", "post_run_cell"):
            for cb in list(sh.events.callbacks[event]):
                if getattr(cb, "__self__", None) is CELL_EXPLORERS:
                    sh.events.unregister(event, cb)
        CELL_EXPLORERS.__init__()
        InteractiveShell.clear_instance()


def _open_figures() -> list:
    """The figures pyplot holds (a closed figure's number may be given to a new one)."""
    from matplotlib._pylab_helpers import Gcf

    return [m.canvas.figure for m in Gcf.get_all_fig_managers()]


def test_running_an_explorers_cell_again_closes_its_figure_and_widgets(shell):
    import matplotlib.pyplot as plt

    shell.run_cell("first = _Demo()", cell_id="cell-a")          # the first explorer starts the watch
    shell.run_cell("d = _Demo()", cell_id="cell-b")
    old = shell.user_ns["d"]
    old_widgets = [old, *old.controls.values(), old.explanation]
    figures = len(plt.get_fignums())
    for _ in range(5):
        shell.run_cell("d = _Demo()", cell_id="cell-b")           # the same cell, run again
    new = shell.user_ns["d"]
    assert len(plt.get_fignums()) == figures                      # one figure for the cell, not six
    assert old.figure not in _open_figures() and new.figure in _open_figures()
    assert old.closed and all(w.comm is None for w in old_widgets)  # its widgets left the kernel
    assert not new.closed and new.comm is not None
    shell.run_cell("other = _Demo()", cell_id="cell-c")           # another cell keeps what it made
    assert not new.closed and not shell.user_ns["first"].closed


def test_a_closed_explorer_leaves_the_output_history_that_would_keep_its_figure(shell):
    # a cell whose last expression is the explorer: IPython keeps it as Out[n], _n and _
    shell.run_cell("first = _Demo()", cell_id="cell-a")
    shell.run_cell("_Demo()", store_history=True, cell_id="cell-d")
    shown = shell.user_ns["_"]
    assert isinstance(shown, _Demo) and shown in shell.user_ns["Out"].values()
    shell.run_cell("_Demo()", store_history=True, cell_id="cell-d")
    held = [*shell.user_ns["Out"].values(), *(v for k, v in {**shell.user_ns_hidden, **shell.user_ns}.items()
                                              if k.startswith("_"))]
    assert shown.closed and all(v is not shown for v in held)
    assert not shell.user_ns["_"].closed                            # the new one is the last result


def test_an_explorer_made_outside_a_cell_is_closed_only_by_its_own_close(shell):

    shell.run_cell("first = _Demo()", cell_id="cell-a")
    shell.run_cell("x = _Demo()")                                  # no cell id (a console, nbclient)
    x = shell.user_ns["x"]
    shell.run_cell("x2 = _Demo()")
    assert not x.closed
    x.close()
    x.close()                                                      # twice: nothing more
    assert x.closed and x.figure not in _open_figures()
# --- the module's helpers refuse a bad argument like any other (issue 32) ------------------------------


def _good_helper_calls():
    """A call that works for every public helper function of hexrules.widgets.base: ``{name: kwargs}``."""
    from hexrules import DEFAULT, builtin
    from hexrules.compare import Refusal
    from hexrules.widgets.forced import FORCED_SWITCHES

    sc = builtin("jumping")
    return {
        "pre": {"text": "a < b"},
        "error_html": {"err": Refusal("no", "M1")},
        "table_html": {"rows": [{"from": "A1", "cost": 2}], "caption": "steps"},
        "scenario_from": {"scenario": "jumping"},
        "cached": {"rule": lambda a, b: a + b},
        "movers": {"state": sc.state},
        "check_choice": {"name": "kind", "value": "push", "choices": ("push", "pull")},
        "check_int": {"name": "n", "value": 2, "lo": 0, "hi": 6},
        "check_unit": {"name": "unit", "value": "Char's Zaku II", "choices": ["Char's Zaku II"]},
        "hex_label": {"board": sc.board, "value": "B3", "name": "hex"},
        "switch_control": {"name": "push_off_board", "value": "stop", "table": FORCED_SWITCHES, "what": "Push",
                           "description": "off the board"},
        "switch_controls": {"switches": ["push_off_board"], "options": DEFAULT, "table": FORCED_SWITCHES,
                            "what": "Push"},
        "fit_labels": {"control": widgets.Dropdown(options=["a", "b"])},
        "close_view": {"root": widgets.VBox([widgets.HTML("x")])},
    }


class _Unprintable:
    def __str__(self):
        raise RuntimeError("str fails")

    __repr__ = __str__


_BAD = [None, 5, 1.5, True, "text", b"x", [], {}, [None], [5], {"a": 1}, object(), _Unprintable()]


def test_every_helper_function_of_the_module_has_a_good_call():
    import hexrules.widgets.base as base

    functions = {n for n in base.__all__ if inspect.isfunction(getattr(base, n))}
    assert functions == set(_good_helper_calls())


@pytest.mark.parametrize("helper", sorted(_good_helper_calls()))
def test_a_helper_refuses_a_bad_argument_with_a_project_error_naming_it(helper):
    # pre(None) raised AttributeError from inside html.escape; each helper, each parameter, each bad
    # value: the call returns, or raises a HexrulesError (never another exception)
    import hexrules.widgets.base as base
    from hexrules.errors import HexrulesError

    fn = getattr(base, helper)
    good = _good_helper_calls()[helper]
    fn(**good)
    escapes = []
    for key in good:
        for bad in _BAD:
            try:
                fn(**{**good, key: bad})
            except HexrulesError:
                pass
            except Exception as err:  # noqa: BLE001 - what the test looks for
                escapes.append(f"{helper}({key}={type(bad).__name__}): {type(err).__name__}: {err}"[:160])
    assert escapes == []


#: The parameters of the helpers for which None means something (their docstrings say what).
_NONE_MEANS = {("table_html", "caption"), ("check_int", "hi"), ("switch_control", "description")}


@pytest.mark.parametrize("helper", sorted(_good_helper_calls()))
def test_a_helper_refuses_none_naming_it_where_none_means_nothing(helper):
    import hexrules.widgets.base as base
    from hexrules.errors import HexrulesError

    fn = getattr(base, helper)
    good = _good_helper_calls()[helper]
    for key in good:
        if (helper, key) in _NONE_MEANS:
            fn(**{**good, key: None})
            continue
        with pytest.raises(HexrulesError, match="None"):
            fn(**{**good, key: None})


def test_pre_none_names_the_value():
    from hexrules.widgets.base import pre

    with pytest.raises(ExplorerError, match="text=None is not a text"):
        pre(None)


def test_an_explorer_left_open_when_python_exits_prints_nothing(tmp_path):
    # A script (or the README's examples) that makes an explorer and ends: Python collects the
    # widgets while it shuts down; closing then must not try to import (ipywidgets' log default
    # does) and print "Exception ignored ... ImportError: sys.meta_path is None".
    import subprocess
    import sys

    script = tmp_path / "explore.py"
    script.write_text('import matplotlib\nmatplotlib.use("Agg")\nfrom hexrules import builtin\n'
                      'from hexrules.widgets.movement import ReachExplorer\n'
                      'explorer = ReachExplorer(builtin("jumping"))\nprint("made")\n')
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert (run.returncode, run.stdout.strip()) == (0, "made")
    assert "Exception ignored" not in run.stderr and "Traceback" not in run.stderr, run.stderr[-2000:]
