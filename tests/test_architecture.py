"""docs/ARCHITECTURE.md stays true, and the layers keep their one-way flow (issue 8 part 9).

- every file the page names exists (a ``*`` names at least one file), and every module of
  ``hexrules/`` is named on it;
- no module imports another module's private names (``from .x import _y``);
- the drawing package imports no rule function: from the rules modules it takes result types
  only (for annotations), never a function that decides a rule;
- no module of ``hexrules/`` is over 900 lines without a reason written at its top (a first
  comment line ``# Why this module is over ~900 lines: ...``).
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


#: The modules a diagram file's chart form and the picture base may import (issue 32): modules below
#: them only. The drawing (hexrules.plot) only inside the methods that draw or save a picture.
_BELOW = {"chart": {"errors", "checks", "hexgrid", "options", "scenario", "words", "dice", "picture"},
          "picture": {"errors", "checks", "scenario"}}
_DRAWS = {"figure", "save", "_repr_png_"}


@pytest.mark.parametrize("name", sorted(_BELOW))
def test_the_chart_and_picture_modules_import_only_what_lies_below_them(name):
    path = ROOT / "hexrules" / f"{name}.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def visit(node, function=None):
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.ImportFrom) and child.level == 1:
                top = (child.module or "").split(".")[0]
                drawing = top == "plot" and function in _DRAWS
                if not (top in _BELOW[name] or drawing):
                    found.append(f"{name}.py: from .{child.module} import ... (in {function or 'the module'})")
            elif isinstance(child, ast.Import) and any(a.name.startswith("hexrules") for a in child.names):
                found.append(f"{name}.py: import {', '.join(a.name for a in child.names)}")
            visit(child, inner)

    visit(tree)
    assert found == []
