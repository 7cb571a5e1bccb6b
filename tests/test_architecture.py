"""docs/ARCHITECTURE.md stays true, and the layers keep their one-way flow (issue 8 part 9).

- every file the page names exists (a ``*`` names at least one file), and every module of
  ``hexrules/`` is named on it;
- no module imports another module's private names (``from .x import _y``);
- the drawing package imports no rule function: from the rules modules it takes result types
  only (for annotations), never a function that decides a rule;
- no module of ``hexrules/`` is over 900 lines without a reason written at its top (a first
  comment line ``# Why this module is over ~900 lines: ...``);
- every module stands on one floor of the page's "Floors" table, imports only modules on its
  floor or below (lazy imports and imports for type checking included), and the imports form no
  circle, but for the page's one exception, a value's picture faces (issue 32 part 1).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "ARCHITECTURE.md"
MODULES = sorted(p for p in (ROOT / "hexrules").rglob("*.py") if "__pycache__" not in p.parts)
#: The rules layer: modules whose functions decide rules.
RULE_MODULES = {"movement", "forced", "crush", "dice", "compare", "whatif", "exercise", "edit", "generate"}


def _named_paths() -> list[str]:
    """The paths the page names as the tree's (its checklist's example files come after)."""
    text = PAGE.read_text(encoding="utf-8").split("## Adding a rule section")[0]
    return sorted(set(re.findall(r"`((?:hexrules|notebooks|tests|figures|tools|benchmarks|docs)/[^`\s]*)`", text)))


def test_the_page_names_only_files_that_exist():
    missing = [p for p in _named_paths() if not (list(ROOT.glob(p)) if "*" in p else (ROOT / p).exists())]
    assert missing == []


def test_the_page_names_every_module_of_the_package():
    text = PAGE.read_text(encoding="utf-8")
    unnamed = [str(p.relative_to(ROOT)) for p in MODULES
               if p.name != "__main__.py" and str(p.relative_to(ROOT)) not in text
               and not (p.name == "__init__.py" and f"{p.parent.relative_to(ROOT)}/" in text)]
    assert unnamed == []


def _imports(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            yield node


def test_no_module_imports_another_modules_private_names():
    found = [f"{p.relative_to(ROOT)}: from {'.' * n.level}{n.module or ''} import {a.name}"
             for p in MODULES for n in _imports(p) for a in n.names
             if a.name.startswith("_") and not a.name.startswith("__")]
    assert found == []


def test_drawing_takes_result_types_from_the_rules_never_a_rule_function():
    found = []
    for p in (ROOT / "hexrules" / "plot").glob("*.py"):
        for n in _imports(p):
            if n.level == 2 and (n.module or "").split(".")[0] in RULE_MODULES:
                found += [f"{p.name}: {n.module}.{a.name}" for a in n.names if not a.name[:1].isupper()]
    assert found == []


@pytest.mark.parametrize("path", [p for p in MODULES if len(p.read_text(encoding="utf-8").splitlines()) > 900],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_a_long_module_says_at_its_top_why_it_is_one_module(path):
    top = "\n".join(path.read_text(encoding="utf-8").splitlines()[:3])
    assert top.startswith("# Why this module is over ~900 lines: "), (
        f"{path.relative_to(ROOT)} is over 900 lines: say at its top why it is one module "
        "('# Why this module is over ~900 lines: ...')")


# --- floors: every import looks down (issue 32 part 1) --------------------------------------------

#: The methods that may import the drawing from below it: a value's picture faces (the page's one
#: exception, "Floors: every import looks down").
PICTURE_FACES = ("_repr_png_", "_repr_svg_", "figure", "save")
PLOT = "hexrules/plot/"


def _floors() -> dict[str, int]:
    """Every module of ``hexrules/`` and its floor, from the page's table (an exact path before a
    ``*`` pattern that also matches it)."""
    section = PAGE.read_text(encoding="utf-8").split("## Floors: every import looks down")[1].split("\n## ")[0]
    exact: dict[str, int] = {}
    patterns: list[tuple[str, int]] = []
    for row in re.findall(r"^\| (\d+) \| (.+?) \|", section, re.M):
        for path in re.findall(r"`([^`]+)`", row[1]):
            (patterns.append((path, int(row[0]))) if "*" in path else exact.__setitem__(path, int(row[0])))
    out = {}
    for p in MODULES:
        rel = str(p.relative_to(ROOT))
        found = exact.get(rel) or next((f for pat, f in patterns if Path(rel).match(pat)), None)
        if found is not None:
            out[rel] = found
    return out


def _module_path(name: str) -> str | None:
    """``hexrules.plot.board`` -> ``hexrules/plot/board.py`` (a package: its ``__init__.py``)."""
    base = ROOT / Path(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return str(candidate.relative_to(ROOT))
    return None


def _every_import(path: Path):
    """``(target module path, enclosing function name or None, line)`` for every import of a
    module of the package in ``path``: at the top, inside functions and under TYPE_CHECKING."""
    rel = path.relative_to(ROOT)
    package = list(rel.parent.parts)

    def targets(node: ast.AST) -> list[str]:
        if isinstance(node, ast.Import):
            return [a.name for a in node.names]
        assert isinstance(node, ast.ImportFrom)
        base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else [])) \
            if node.level else (node.module or "")
        # `from . import words` names a module; `from .words import plural` a name of one
        return [f"{base}.{a.name}" if _module_path(f"{base}.{a.name}") else base for a in node.names]

    def walk(node: ast.AST, function: str | None):
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for name in targets(child):
                    target = _module_path(name) if name.split(".")[0] == "hexrules" else None
                    if target and target != str(rel):
                        yield target, inner, child.lineno
            yield from walk(child, inner)

    yield from walk(ast.parse(path.read_text(encoding="utf-8")), None)


def _picture_face(source: str, target: str, function: str | None) -> bool:
    return target.startswith(PLOT) and not source.startswith(PLOT) and function in PICTURE_FACES


def test_every_module_stands_on_one_floor_of_the_page():
    floors = _floors()
    assert sorted(str(p.relative_to(ROOT)) for p in MODULES if str(p.relative_to(ROOT)) not in floors) == []


def test_no_module_imports_one_on_a_floor_above_it_lazy_and_type_checking_imports_included():
    floors = _floors()
    up = [f"{p.relative_to(ROOT)}:{line} (floor {floors[str(p.relative_to(ROOT))]}) imports {target} "
          f"(floor {floors[target]})" + (f" in {function}()" if function else "")
          for p in MODULES for target, function, line in _every_import(p)
          if floors[target] > floors[str(p.relative_to(ROOT))]
          and not _picture_face(str(p.relative_to(ROOT)), target, function)]
    assert up == [], "imports that run up (docs/ARCHITECTURE.md, 'Floors'):\n" + "\n".join(up)


def test_the_imports_form_no_circle_but_through_a_picture_face():
    graph: dict[str, set[str]] = {str(p.relative_to(ROOT)): set() for p in MODULES}
    for p in MODULES:
        src = str(p.relative_to(ROOT))
        graph[src] |= {t for t, function, _ in _every_import(p) if not _picture_face(src, t, function)}
    done: set[str] = set()

    def circle_from(node: str, trail: list[str]) -> list[str] | None:
        if node in trail:
            return trail[trail.index(node):] + [node]
        if node in done:
            return None
        for nxt in sorted(graph[node]):
            found = circle_from(nxt, trail + [node])
            if found:
                return found
        done.add(node)
        return None

    circles = [c for c in (circle_from(n, []) for n in sorted(graph)) if c]
    assert circles == [], "import circles: " + "; ".join(" -> ".join(c) for c in circles)


@pytest.mark.parametrize("source, target, function", [
    ("hexrules/checks.py", "hexrules/board.py", "board"),            # a type check that needs the class
    ("hexrules/words/compare.py", "hexrules/compare.py", None),       # a word importing its rules' types
    ("hexrules/board.py", "hexrules/plot/png.py", "to_text"),         # drawing from a face that is not a picture
])
def test_the_floor_check_catches_an_upward_import(source, target, function):
    # what the tests above find, planted: each of these ran up before issue 32
    floors = _floors()
    assert floors[target] > floors[source] and not _picture_face(source, target, function)


def test_a_picture_face_may_import_the_drawing():
    floors = _floors()
    assert floors["hexrules/plot/png.py"] > floors["hexrules/board.py"]
    assert _picture_face("hexrules/board.py", "hexrules/plot/png.py", "_repr_png_")
    assert not _picture_face("hexrules/board.py", "hexrules/scenario.py", "_repr_png_")  # only the drawing
