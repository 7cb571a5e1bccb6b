"""Every lesson's "predict, then check" exercise, after Run All (issue 9 parts 2 and 4).

Each lesson runs headless in a real kernel (nbclient, widget state kept). Then:

* its exercise is an :class:`~hexrules.widgets.exercise.Exercise` widget (so it works in app
  mode, where no cell can be edited), built from a question of :mod:`hexrules.exercise`;
* nothing before it gives its answer away: no output (text, or the text of a displayed widget)
  and no markdown before the exercise holds one of the lesson's spoilers (below, worked by hand
  from the answer), and at most the listed explorers come first (the others would show it).

The spoilers are what a reader would see of the answer: its breakdown, a printed value, a
sentence naming it.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

#: lesson -> (spoilers, explorers allowed before the exercise). Answers: 00 C3 -> C2 costs 3
#: (M1); 01 A1 to F5 is 7 hexes; 02 E3 costs 3; 03 the Engaged Gundam's Dash allowance is 1
#: (E2); 04 the orange path costs 4 under jump_climb="relative_when_above_start" (J1); 05 the
#: GM's Advance under water="allowance" is 2 (T1); 06 Push 1 in push_collision ends on C2, C3,
#: C4 (P1-P3); 07 Pull 2 on the rulebook's board ends on C2, C3, D3 (L1, L3); 08 P(at least 2
#: damage | Cover 3, Resolve 4) = 1/2 (C3, C5); 09 the Garrison's "move 3 hexes" begun Engaged
#: is 3 - 1 = 2 movement points (M5, E2); 10 one of the alternative readings changes
#: something on the three-hex board (allies_pass_through=False, M3).
LESSONS = {
    "00_welcome.ipynb": (["C3 -> C2", "total 3 of 3"], 1),  # the scenario explorer shows no cost
    "01_hex_board_and_graph.ipynb": (["A1 -> F5", "A1 and F5", "distance A1"], 1),  # the explorer starts on C3
    "02_elevation_and_movement_cost.ipynb": (["E3 3", "-> E3", "reach E3"], 0),
    "03_engagement.ipynb": (["allowance 1 = Dash 2", "dash: allowance 1"], 0),
    "04_jumping.ipynb": (["Total 4 of 3", "costs 4", "= 4"], 0),
    "05_speed_dash_and_terrain.ipynb": (["1 starting in water", "allowance 2 ="], 0),
    # Push 1 on the Knuckle Shield board comes first (no GM there: it also ends on D3), then the exercise
    "06_push.ipynb": (["collision with GM", "can end on C2, C3, C4.", "C3, C2, C4"], 1),
    "07_pull.ipynb": (["Pull 2 from", "D3, C2, C3", "the same hexes as Pull 1"], 0),
    "08_crush.ipynb": (["exact 1/2", "1/2 (50", "50.000%", "2 damage | Cover 3, Resolve 4):"], 1),  # collapse: dice
    "09_questions_players_ask.ipynb": (["allowance 2 = ability move 3", "2 under A", "3 - 1", "- 1 Engaged"], 0),
    "10_designers_workbench.ipynb": (["1 of 2 movements", "Change nothing here", "allies_pass_through=False"], 0),
}


def test_every_lesson_is_listed():
    assert sorted(LESSONS) == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def _widget_texts(state: dict, model_id: str, seen: set | None = None) -> list[str]:
    """Every string a displayed widget and its children show (HTML, labels, options)."""
    seen = set() if seen is None else seen
    if model_id in seen or model_id not in state:
        return []
    seen.add(model_id)
    model = state[model_id]
    out = []
    for key, value in model["state"].items():
        if key.startswith("_") and key not in ("_options_labels", "_dom_classes"):
            continue
        if model["model_name"] == "ImageModel" and key == "value":
            continue
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                out += _widget_texts(state, item.removeprefix("IPY_MODEL_"), seen)
            elif isinstance(item, str):
                out.append(item)
    return out


def _classes(state: dict, model_id: str) -> list[str]:
    return state.get(model_id, {}).get("state", {}).get("_dom_classes", [])


@pytest.fixture(scope="module", params=sorted(LESSONS))
def ran(request, tmp_path_factory):
    name = request.param
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(tmp_path_factory.mktemp("lesson"))}}).execute()
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    return name, nb, state


def test_the_exercise_is_a_widget_and_nothing_before_it_gives_the_answer(ran):
    name, nb, state = ran
    spoilers, explorers_allowed = LESSONS[name]
    shown_before: list[tuple[int, str]] = []
    explorers_before = 0
    exercise_cells = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            if not exercise_cells:
                shown_before.append((i, cell.source))
            continue
        for out in cell.outputs:
            view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view:
                classes = _classes(state, view["model_id"])
                if "hexrules-exercise" in classes:
                    exercise_cells.append(i)
                    continue
                explorers_before += "hexrules-explorer" in classes and not exercise_cells
                texts = _widget_texts(state, view["model_id"])
            else:
                texts = [out.get("text", "")] + [v for k, v in out.get("data", {}).items() if k.startswith("text/")]
            if not exercise_cells:
                shown_before += [(i, t if isinstance(t, str) else "".join(t)) for t in texts]
    assert len(exercise_cells) == 1, f"{name}: expected one Exercise widget, found cells {exercise_cells}"
    assert explorers_before <= explorers_allowed, (
        f"{name}: {explorers_before} explorer(s) before the exercise (at most {explorers_allowed}): they show "
        "its answer after Run All")
    for spoiler in spoilers:
        where = [i for i, text in shown_before if spoiler in text]
        assert not where, f"{name}: {spoiler!r} is shown before the exercise (cells {where})"


def test_no_lesson_asks_to_edit_a_cell(ran):
    # App mode (Voila) cannot edit cells: every exercise is answered through its widget.
    name, nb, _ = ran
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert not re.search(r"\bmy_guess\b|check_guess\(|\.check\(", code), f"{name}: an exercise asks to edit a cell"
    assert "hexrules.exercise" in code and "Exercise(" in code, f"{name}: the exercise does not use hexrules.exercise"

