"""Fuzz every explorer of the kit in a headless kernel (Agg): 200 random control changes each.

Every module of hexrules.widgets (but ``base``, the shared base classes, and ``exercise``, the
"predict, then check" widget, fuzzed at the end of this file) is a topic module and must
have an ``EXPLORERS`` registry; the modules are discovered, so a new topic is fuzzed as soon as it
exists, and one without ``EXPLORERS`` fails. For each entry (zero-argument factories building the
explorers the notebooks show), the test builds the
explorer under the Agg backend and makes 200 random changes to its controls, the way a user
could: a random option of a dropdown / toggle buttons / radio buttons, a random value of a
slider (within its current min..max, on its step), a flip of a checkbox or toggle button, a
click of a button, a random number in a number box; in a control made of controls (a box, such
as an order chosen position by position) one of its dropdowns. It checks that no change raises, that the
number of open matplotlib figures stays what it was after the explorer was built (callbacks
never create figures: no leak, no duplicate plot), that the explorer's figure is still that one
figure, and that the controls did cause updates. The draws are seeded (per explorer name), so a
failure is reproducible; the failing change is named in the message.

Speed: under Agg an explorer refreshes its picture by rendering a PNG (about 50-150 ms here),
which would make 200 changes take up to half a minute per explorer. The test therefore renders
the real PNG on every RENDER_EVERY-th refresh and on the last change (so artist states left by
the callbacks are drawn and checked), and skips the encoding in between; everything else
(controls, callbacks, rules, artist updates) runs on every change.
"""
from __future__ import annotations

import importlib
import pkgutil
import random

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

plt.switch_backend("Agg")  # in case pyplot was imported earlier with another backend

import ipywidgets  # noqa: E402

CHANGES = 200
RENDER_EVERY = 10
#: Modules of hexrules.widgets that are not topics (no explorers of their own): the base classes,
#: and the exercise widget (an Exercise has no figure; test_exercise_widget_takes_any_input below).
NOT_TOPICS = ("base", "exercise")


def _topics() -> list[str]:
    import hexrules.widgets

    return sorted(m.name for m in pkgutil.iter_modules(hexrules.widgets.__path__) if m.name not in NOT_TOPICS)


TOPICS = _topics()
MODULES = {topic: importlib.import_module(f"hexrules.widgets.{topic}") for topic in TOPICS}
REGISTRIES = {topic: getattr(module, "EXPLORERS", None) for topic, module in MODULES.items()}
CASES = [(topic, name) for topic, reg in REGISTRIES.items() for name in (reg or {})]


def test_there_are_explorers_to_fuzz():
    assert {"movement", "forced", "crush"} <= set(TOPICS), f"widget modules found: {TOPICS}"
    missing = [f"hexrules.widgets.{t}" for t, reg in REGISTRIES.items() if reg is None]
    assert not missing, f"{', '.join(missing)} has no EXPLORERS registry (zero-argument factories to fuzz)"
    for topic, reg in REGISTRIES.items():
        assert reg, f"hexrules.widgets.{topic}.EXPLORERS is empty"


def _random_change(rng: random.Random, name: str, control) -> str | None:
    """Change *control* at random; return a description, or None if it cannot be operated."""
    if getattr(control, "disabled", False):
        return None
    if isinstance(control, ipywidgets.Box):  # a control made of controls (e.g. an order, position by position)
        parts = [(i, c) for i, c in enumerate(control.children) if not getattr(c, "disabled", False)
                 and isinstance(c, ipywidgets.widgets.widget_selection._Selection)]
        if not parts:
            return None
        i, part = rng.choice(parts)
        return _random_change(rng, f"{name}[{i}]", part)
    if isinstance(control, ipywidgets.Button):
        control.click()
        return f"click {name}"
    if isinstance(control, ipywidgets.widgets.widget_selection._Selection):
        n = len(control.options)
        if n == 0:
            return None
        i = rng.randrange(n)
        control.index = i
        return f"{name}.index = {i} ({control.value!r})"
    if isinstance(control, ipywidgets.widgets.widget_selection._MultipleSelection):
        n = len(control.options)
        picked = tuple(sorted(rng.sample(range(n), rng.randint(0, n))))
        control.index = picked
        return f"{name}.index = {picked}"
    if isinstance(control, (ipywidgets.ToggleButton, ipywidgets.Checkbox, ipywidgets.Valid)):
        control.value = not control.value
        return f"{name} = {control.value}"
    if hasattr(control, "min") and hasattr(control, "max") and hasattr(control, "value"):
        lo, hi = control.min, control.max
        if isinstance(control.value, tuple):  # range slider
            a, b = sorted(_draw(rng, control, lo, hi) for _ in range(2))
            control.value = (a, b)
            return f"{name} = {(a, b)}"
        v = _draw(rng, control, lo, hi)
        control.value = v
        return f"{name} = {v!r}"
    if isinstance(control, (ipywidgets.IntText, ipywidgets.FloatText)):
        v = rng.randint(-3, 30)
        control.value = v
        return f"{name} = {v}"
    if isinstance(control, (ipywidgets.Text, ipywidgets.Textarea)):
        v = rng.choice(["", "A1", "C4", "Z99", "x", "3"])
        control.value = v
        return f"{name} = {v!r}"
    return None


def _draw(rng: random.Random, control, lo, hi):
    if isinstance(lo, int) and isinstance(hi, int):
        step = int(getattr(control, "step", 1) or 1)
        return rng.randrange(lo, hi + 1, step) if hi >= lo else lo
    step = getattr(control, "step", None)
    if step:
        k = int(round((hi - lo) / step))
        return lo + step * rng.randint(0, max(k, 0))
    return rng.uniform(lo, hi)


@pytest.mark.parametrize("topic,name", CASES, ids=[f"{t}.{n}" for t, n in CASES])
def test_random_control_changes(topic, name):
    before_build = set(plt.get_fignums())
    explorer = REGISTRIES[topic][name]()
    try:
        figs = set(plt.get_fignums())
        figure = explorer.figure
        assert figure.number in figs, "the explorer's figure is not registered with pyplot"
        assert len(figs - before_build) == 1, (
            f"building the explorer opened {len(figs - before_build)} figures; expected one")
        controls = dict(explorer.controls)
        assert controls, f"{topic}.{name} has no controls"
        real_png = explorer.png
        renders = {"calls": 0, "real": 0}

        def sometimes_png() -> bytes:
            renders["calls"] += 1
            if renders["calls"] % RENDER_EVERY:
                return b""
            renders["real"] += 1
            return real_png()

        explorer.png = sometimes_png
        rng = random.Random(f"{topic}.{name}")
        updates_before = getattr(explorer, "updates", None)
        done = []
        for i in range(CHANGES):
            control_name = rng.choice(sorted(explorer.controls))
            control = explorer.controls[control_name]
            try:
                what = _random_change(rng, control_name, control)
            except Exception as err:  # name the change that failed, and the ones before it
                raise AssertionError(
                    f"{topic}.{name}: change {i} on control {control_name!r} "
                    f"({type(control).__name__}) raised {type(err).__name__}: {err}\n"
                    f"previous changes: {done[-5:]}") from err
            if what is None:
                continue
            done.append(what)
            now = set(plt.get_fignums())
            assert now == figs, (
                f"{topic}.{name}: after change {i} ({what}) the open figures went from "
                f"{sorted(figs)} to {sorted(now)} (a callback created or closed a figure)")
            assert explorer.figure is figure, f"{topic}.{name}: the figure was replaced ({what})"
        assert len(done) >= CHANGES // 2, f"{topic}.{name}: only {len(done)} changes were possible"
        assert real_png()[:8] == b"\x89PNG\r\n\x1a\n", "the final picture is not a PNG"
        if updates_before is not None:
            assert explorer.updates > updates_before, f"{topic}.{name}: no change caused an update"
    finally:
        for num in set(plt.get_fignums()) - before_build:
            plt.close(num)


GUESSES = ["", "3", "-1", "2.5", "1/2", "50%", "C3, C2", "C3 C2 and Z9", "half", "C3,, 2C", "²", "9" * 5000,
           "A" * 3000, "(0,1)", "3 movement points", "\u2028", "None"]


@pytest.mark.parametrize("kind", ["number", "hexes", "probability"])
def test_exercise_widget_takes_any_input(kind):
    # Whatever is typed and pressed, in any order: no exception escapes the widget (a guess that
    # cannot be read is a message, not a try), and the feedback always says something.
    from fractions import Fraction

    from hexrules import builtin
    from hexrules.exercise import HexesQuestion, NumberQuestion, ProbabilityQuestion
    from hexrules.widgets.exercise import Exercise

    board = builtin("elevation").board
    question = {"number": NumberQuestion("Cost?", 3, unit="movement points"),
                "hexes": HexesQuestion("Where?", ["C2", "C3"], board=board),
                "probability": ProbabilityQuestion("P?", Fraction(1, 2))}[kind]
    ex = Exercise(question)
    rng = random.Random(kind)
    for _ in range(CHANGES // 4):
        action = rng.choice(["type", "check", "answer"])
        if action == "type":
            ex.controls["guess"].value = rng.choice(GUESSES)
        elif action == "check":
            ex.controls["check"].click()
            assert ex.feedback.value
        else:
            ex.controls["answer"].click()
            assert "hexrules-answer" in ex.feedback.value
