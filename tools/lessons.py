"""The learner's working copy of the lessons, which ``make lab`` serves (``my-lessons/``).

Why a copy: JupyterLab saves what is on screen, outputs included, and autosaves every couple
of minutes. Served directly, the kit's tracked lessons in ``notebooks/`` would fill with
outputs and widget references that no kernel holds once reopened ("Error displaying widget:
model not found"), ``git status`` would list them, and an update of the kit (``git pull``)
would clash with, or overwrite, the learner's answers. So:

- ``make lab`` serves ``my-lessons/`` (git-ignored), made here on the first run::

      my-lessons/notebooks/   your copies of notebooks/*.ipynb: yours to edit, never overwritten
      my-lessons/docs/        the kit's docs/, refreshed at every start (the lessons' links
                              ../docs/RULES.md work as in the repository); saving there is refused
      my-lessons/.jupyter/    JupyterLab's settings, workspaces, config and runtime files
      my-lessons/.kit/        what each copy was made from (lessons.json) and backups/

- On later runs, a lesson new in the kit is copied in; a copy you never edited follows the
  kit's new version; a copy you edited is kept, and you are told when the kit's original
  changed, with the command that takes the new version (``make reset-lesson NB=...``, which
  backs your copy up first). "Edited" compares cell types and sources only, so running a
  lesson and saving it is not an edit.
- Every notebook JupyterLab saves passes :func:`pre_save_hook`, which drops outputs,
  execution counts and saved widget state: a reopened lesson is clean and shows no widget
  error (run it again to see its explorers).

Usage (``make reset-lesson NB=02``)::

    python tools/lessons.py reset LESSON [--home DIR]

Standard library only (it also runs inside the JupyterLab server process).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# The kit's lessons; HEXRULES_LESSONS points elsewhere (to try the browser suite itself on
# throwaway notebooks).
ORIGINALS = Path(os.environ.get("HEXRULES_LESSONS", REPO / "notebooks"))
DOCS = REPO / "docs"
# The working copy's folder: HEXRULES_LAB_HOME moves it (the tests use a temporary one).
DEFAULT_HOME = Path(os.environ.get("HEXRULES_LAB_HOME", REPO / "my-lessons"))

# Folders of the served root that hold the kit's files, refreshed at each start: no saving.
READ_ONLY_TOP = ("docs",)


class LessonError(Exception):
    """A lesson name that matches no lesson, or more than one."""


# --------------------------------------------------------------------------- notebooks


def cells_digest(nb: dict) -> str:
    """sha256 of what a learner edits: each cell's type and source (not outputs, counts,
    metadata or cell ids, which running and saving change)."""
    cells = [(c.get("cell_type"), _source(c)) for c in nb.get("cells", [])]
    return hashlib.sha256(json.dumps(cells).encode("utf-8")).hexdigest()


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def file_digest(path: Path) -> str:
    return cells_digest(json.loads(path.read_text(encoding="utf-8")))


def strip_outputs(nb: dict) -> bool:
    """Drop outputs, execution counts and saved widget state from a notebook (in place);
    return whether anything changed."""
    changed = False
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        if cell.get("outputs"):
            cell["outputs"] = []
            changed = True
        if cell.get("execution_count") is not None:
            cell["execution_count"] = None
            changed = True
    meta = nb.get("metadata", {})
    if "widgets" in meta:
        del meta["widgets"]
        changed = True
    return changed


def pre_save_hook(model, path, contents_manager=None, **kwargs):
    """Jupyter server pre-save hook (``ContentsManager.pre_save_hook``) of ``make lab``.

    Refuses a save under a read-only top folder (``docs/``: the kit's files, refreshed at
    each start) with a 403 that JupyterLab shows; strips outputs from every notebook saved.
    """
    top = path.strip("/").split("/", 1)[0]
    if top in READ_ONLY_TOP:
        from tornado.web import HTTPError

        raise HTTPError(403, f"{top}/ holds the kit's own files, refreshed at every start of "
                             "make lab, so it cannot be saved here. Save your notes in "
                             "notebooks/ (your copies) instead.")
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        strip_outputs(model["content"])


# --------------------------------------------------------------------------- working copy


class WorkingCopy:
    """The learner's folder served by ``make lab`` (see the module docstring)."""

    def __init__(self, home: Path | None = None, originals: Path | None = None,
                 docs: Path | None = None):
        self.home = Path(home if home is not None else DEFAULT_HOME).resolve()
        self.originals = Path(originals if originals is not None else ORIGINALS)
        self.docs = Path(docs if docs is not None else DOCS)
        self.notebooks = self.home / "notebooks"
        self.state = self.home / ".kit"
        self.manifest_path = self.state / "lessons.json"
        self.backups = self.state / "backups"
        self.jupyter = self.home / ".jupyter"

    # manifest: {lesson file name: cells_digest of the original the copy was made from}
    def _load(self) -> dict[str, str]:
        try:
            return json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def _save(self, manifest: dict[str, str]) -> None:
        self.state.mkdir(parents=True, exist_ok=True)
        tmp = self.manifest_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
        tmp.replace(self.manifest_path)

    def lessons(self) -> list[Path]:
        return sorted(self.originals.glob("*.ipynb"))

    def _copy_original(self, original: Path) -> str:
        """Copy *original* into the working copy (byte for byte: the originals are committed
        without outputs); return its cells digest."""
        target = self.notebooks / original.name
        tmp = target.with_name(f".{target.name}.tmp")
        shutil.copyfile(original, tmp)
        tmp.replace(target)
        return file_digest(target)

    def prepare(self) -> list[str]:
        """Make or update the working copy; return what to tell the learner (one line each)."""
        first = not self.notebooks.exists()
        self.notebooks.mkdir(parents=True, exist_ok=True)
        self._refresh_docs()
        manifest = self._load()
        notes: list[str] = []
        copied, updated = [], []
        for original in self.lessons():
            name = original.name
            copy = self.notebooks / name
            now = file_digest(original)
            made_from = manifest.get(name)
            if not copy.exists():
                manifest[name] = self._copy_original(original)
                copied.append(name)
                continue
            if made_from == now:
                continue  # the kit's original has not changed since the copy was made
            try:
                mine = file_digest(copy)
            except (OSError, ValueError):
                mine = None
            if mine == now:
                manifest[name] = now  # same cells as the kit's version: nothing to say
            elif made_from is not None and mine == made_from:
                manifest[name] = self._copy_original(original)  # never edited: follow the kit
                updated.append(name)
            else:
                notes.append(
                    f"{name}: the kit's version of this lesson changed since your copy was made; "
                    f"your copy (with your edits) is kept. To take the kit's version "
                    f"(yours is backed up first): make reset-lesson NB={original.stem}")
        for name in sorted(set(manifest) - {p.name for p in self.lessons()}):
            notes.append(f"{name}: no longer a lesson of the kit; your copy stays in "
                         f"{self.notebooks}")
            del manifest[name]
        self._save(manifest)
        where = self._display(self.notebooks)
        if first:
            notes.insert(0, f"made your copy of the {len(copied)} lessons in {where}/ "
                            "(yours to edit: updates of the kit never overwrite your edits)")
        else:
            if copied:
                notes.insert(0, f"copied into {where}/: {', '.join(copied)}")
            if updated:
                notes.insert(0, f"updated to the kit's new version (you had not edited them): "
                                f"{', '.join(updated)}")
        return notes

    def _refresh_docs(self) -> None:
        target = self.home / "docs"
        if target.is_symlink() or target.is_file():
            target.unlink()
        elif target.exists():
            shutil.rmtree(target)
        shutil.copytree(self.docs, target)

    def _display(self, path: Path) -> str:
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)

    def find(self, lesson: str) -> Path:
        """The original of *lesson*: a file name, a path, a stem, or a unique prefix (``02``)."""
        key = Path(lesson).name.removesuffix(".ipynb")
        lessons = self.lessons()
        matches = [p for p in lessons if p.stem == key]
        if not matches and key:
            matches = [p for p in lessons if p.stem.startswith(key)]
        if len(matches) == 1:
            return matches[0]
        names = ", ".join(p.stem for p in lessons)
        if not matches:
            raise LessonError(f"no lesson {lesson!r}; the lessons are: {names}")
        raise LessonError(f"{lesson!r} matches several lessons "
                          f"({', '.join(p.stem for p in matches)}); name one of them")

    def reset(self, lesson: str) -> list[str]:
        """Replace the learner's copy of *lesson* by the kit's original, backing the copy up
        first when it holds edits. Returns what to tell the learner."""
        original = self.find(lesson)
        self.notebooks.mkdir(parents=True, exist_ok=True)
        copy = self.notebooks / original.name
        notes = []
        if copy.exists():
            try:
                edited = file_digest(copy) != file_digest(original)
            except (OSError, ValueError):
                edited = True
            if edited:
                self.backups.mkdir(parents=True, exist_ok=True)
                stamp = time.strftime("%Y%m%d-%H%M%S")
                backup = self.backups / f"{original.stem}-{stamp}.ipynb"
                shutil.copy2(copy, backup)
                notes.append(f"your copy was backed up to {self._display(backup)}")
        manifest = self._load()
        manifest[original.name] = self._copy_original(original)
        self._save(manifest)
        notes.append(f"{self._display(copy)} is the kit's original again (if it is open in "
                     "JupyterLab, choose Revert when it says the file changed on disk)")
        return notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the learner's copy of the lessons")
    sub = parser.add_subparsers(dest="command", required=True)
    p_reset = sub.add_parser("reset", help="put the kit's original of a lesson back")
    p_reset.add_argument("lesson", help="e.g. 02, 02_elevation_and_movement_cost, "
                                        "notebooks/02_elevation_and_movement_cost.ipynb")
    p_reset.add_argument("--home", type=Path, default=None)
    p_prepare = sub.add_parser("prepare", help="make or update the working copy")
    p_prepare.add_argument("--home", type=Path, default=None)
    args = parser.parse_args(argv)
    wc = WorkingCopy(args.home)
    try:
        notes = wc.reset(args.lesson) if args.command == "reset" else wc.prepare()
    except LessonError as e:
        print(f"lessons: {e}", file=sys.stderr)
        return 2
    for note in notes:
        print(f"lessons: {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
