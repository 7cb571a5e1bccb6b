"""The learner's working copy of the lessons (tools/lessons.py): made on the first `make lab`,
new lessons copied in later, unedited copies follow the kit, edited ones are kept (and the
learner told), a reset backs the copy up; and the save hook that keeps reopened lessons clean.

Each test builds a small kit (two lessons, a docs folder) in a temporary folder.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import lessons  # noqa: E402


def notebook(*sources: str, outputs: bool = False) -> dict:
    cells = []
    for i, src in enumerate(sources):
        kind = "markdown" if src.startswith("#") else "code"
        cell = {"cell_type": kind, "metadata": {}, "source": src}
        if kind == "code":
            cell["outputs"] = ([{"output_type": "display_data", "metadata": {},
                                 "data": {"application/vnd.jupyter.widget-view+json":
                                          {"model_id": f"m{i}", "version_major": 2,
                                           "version_minor": 0}}}] if outputs else [])
            cell["execution_count"] = i + 1 if outputs else None
        cells.append(cell)
    nb = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    if outputs:
        nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {}}
    return nb


def write(path: Path, nb: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


@pytest.fixture
def kit(tmp_path):
    originals = tmp_path / "kit" / "notebooks"
    write(originals / "01_board.ipynb", notebook("# Board", "explore('board')"))
    write(originals / "02_cost.ipynb", notebook("# Cost", "explore('cost')", "guess = None"))
    docs = tmp_path / "kit" / "docs"
    (docs / "rule-text").mkdir(parents=True)
    (docs / "RULES.md").write_text("# Rulings\n- M1. Entering a hex costs 1.\n")
    (docs / "rule-text" / "movement.txt").write_text("Movement Modifiers\n")
    home = tmp_path / "my-lessons"
    return lessons.WorkingCopy(home, originals, docs)


def cells(path: Path) -> list[str]:
    return [c["source"] if isinstance(c["source"], str) else "".join(c["source"])
            for c in json.loads(path.read_text())["cells"]]


def edit(path: Path, index: int, source: str) -> None:
    nb = json.loads(path.read_text())
    nb["cells"][index]["source"] = source
    path.write_text(json.dumps(nb))


def test_first_run_copies_every_lesson_and_the_docs(kit):
    notes = kit.prepare()
    assert sorted(p.name for p in kit.notebooks.iterdir()) == ["01_board.ipynb", "02_cost.ipynb"]
    assert (kit.notebooks / "02_cost.ipynb").read_bytes() == \
        (kit.originals / "02_cost.ipynb").read_bytes()
    # The lessons' links ../docs/RULES.md resolve beside the copies.
    assert (kit.notebooks / ".." / "docs" / "RULES.md").read_text().startswith("# Rulings")
    assert (kit.home / "docs" / "rule-text" / "movement.txt").exists()
    assert len(notes) == 1 and "made your copy of the 2 lessons" in notes[0]


def test_a_second_run_changes_nothing_and_says_nothing(kit):
    kit.prepare()
    edit(kit.notebooks / "02_cost.ipynb", 2, "guess = 4")
    assert kit.prepare() == []
    assert cells(kit.notebooks / "02_cost.ipynb")[2] == "guess = 4"


def test_a_new_lesson_of_the_kit_is_copied_in(kit):
    kit.prepare()
    write(kit.originals / "03_engagement.ipynb", notebook("# Engagement", "explore('e')"))
    notes = kit.prepare()
    assert (kit.notebooks / "03_engagement.ipynb").exists()
    assert notes == [f"copied into {kit.notebooks}/: 03_engagement.ipynb"]


def test_an_unedited_copy_follows_the_kits_new_version(kit):
    kit.prepare()
    write(kit.originals / "01_board.ipynb", notebook("# Board, revised", "explore('board')"))
    notes = kit.prepare()
    assert cells(kit.notebooks / "01_board.ipynb")[0] == "# Board, revised"
    assert any("updated to the kit's new version" in n and "01_board.ipynb" in n for n in notes)


def test_running_and_saving_a_lesson_is_not_an_edit(kit):
    """Outputs, execution counts and metadata do not count: only cell types and sources."""
    kit.prepare()
    copy = kit.notebooks / "01_board.ipynb"
    ran = notebook("# Board", "explore('board')", outputs=True)
    ran["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    write(copy, ran)
    write(kit.originals / "01_board.ipynb", notebook("# Board, revised", "explore('board')"))
    kit.prepare()
    assert cells(copy)[0] == "# Board, revised"


def test_an_edited_copy_is_kept_when_the_kit_changes_and_the_learner_is_told(kit):
    kit.prepare()
    copy = kit.notebooks / "02_cost.ipynb"
    edit(copy, 2, "guess = 4  # my answer")
    write(kit.originals / "02_cost.ipynb", notebook("# Cost, revised", "explore('cost')",
                                                    "guess = None"))
    for _ in range(2):  # told at every start until the learner decides
        notes = kit.prepare()
        assert cells(copy)[2] == "guess = 4  # my answer"
        assert len(notes) == 1 and notes[0].startswith("02_cost.ipynb: the kit's version")
        assert "make reset-lesson NB=02_cost" in notes[0]


def test_reset_backs_up_the_edited_copy_and_restores_the_original(kit):
    kit.prepare()
    copy = kit.notebooks / "02_cost.ipynb"
    edit(copy, 2, "guess = 4  # my answer")
    notes = kit.reset("02")
    assert copy.read_bytes() == (kit.originals / "02_cost.ipynb").read_bytes()
    (backup,) = kit.backups.glob("02_cost-*.ipynb")
    assert cells(backup)[2] == "guess = 4  # my answer"
    assert "backed up" in notes[0]
    # After the reset the copy counts as unedited: it follows the kit again.
    write(kit.originals / "02_cost.ipynb", notebook("# Cost, revised", "explore('cost')"))
    kit.prepare()
    assert cells(copy)[0] == "# Cost, revised"


def test_reset_of_an_unedited_copy_makes_no_backup(kit):
    kit.prepare()
    kit.reset("02_cost.ipynb")
    assert not kit.backups.exists() or not any(kit.backups.iterdir())


def test_a_deleted_copy_comes_back_from_the_original(kit):
    kit.prepare()
    (kit.notebooks / "01_board.ipynb").unlink()
    kit.prepare()
    assert (kit.notebooks / "01_board.ipynb").exists()


def test_the_docs_copy_is_refreshed_at_every_start(kit):
    kit.prepare()
    (kit.home / "docs" / "RULES.md").write_text("scribbled over")
    (kit.home / "docs" / "stray.md").write_text("x")
    kit.prepare()
    assert (kit.home / "docs" / "RULES.md").read_text().startswith("# Rulings")
    assert not (kit.home / "docs" / "stray.md").exists()


@pytest.mark.parametrize("name, match", [
    ("05", "no lesson '05'; the lessons are: 01_board, 02_cost"),
    ("0", "'0' matches several lessons"),
    ("", "no lesson"),
])
def test_reset_names_the_lessons_when_the_name_matches_none_or_several(kit, name, match):
    with pytest.raises(lessons.LessonError, match=match):
        kit.reset(name)


@pytest.mark.parametrize("given", ["02", "02_cost", "02_cost.ipynb", "notebooks/02_cost.ipynb",
                                   "my-lessons/notebooks/02_cost.ipynb"])
def test_a_lesson_is_found_by_prefix_stem_file_or_path(kit, given):
    assert kit.find(given).name == "02_cost.ipynb"


# --------------------------------------------------------------------------- the save hook


def test_save_hook_strips_outputs_counts_and_widget_state():
    model = {"type": "notebook", "content": notebook("# T", "a = 1", "show(a)", outputs=True)}
    lessons.pre_save_hook(model, "notebooks/02_cost.ipynb")
    nb = model["content"]
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert [c["outputs"] for c in code] == [[], []]
    assert [c["execution_count"] for c in code] == [None, None]
    assert "widgets" not in nb["metadata"]
    assert [c["source"] for c in nb["cells"]] == ["# T", "a = 1", "show(a)"]  # work kept


def test_save_hook_refuses_saving_into_docs_with_a_message():
    from tornado.web import HTTPError

    with pytest.raises(HTTPError) as err:
        lessons.pre_save_hook({"type": "file", "content": "x"}, "docs/RULES.md")
    assert err.value.status_code == 403
    assert "docs/ holds the kit's own files" in err.value.log_message


def test_save_hook_leaves_other_files_alone():
    model = {"type": "file", "format": "text", "content": "notes"}
    lessons.pre_save_hook(model, "notebooks/notes.txt")
    assert model["content"] == "notes"


def test_main_reset_prints_what_it_did(kit, capsys, monkeypatch):
    kit.prepare()
    monkeypatch.setattr(lessons, "ORIGINALS", kit.originals)
    monkeypatch.setattr(lessons, "DOCS", kit.docs)
    assert lessons.main(["reset", "01", "--home", str(kit.home)]) == 0
    assert "is the kit's original again" in capsys.readouterr().out
    assert lessons.main(["reset", "9", "--home", str(kit.home)]) == 2
    assert "no lesson '9'" in capsys.readouterr().err
