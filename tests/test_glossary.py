"""The glossary (docs/GLOSSARY.md) and the lessons' first-use definitions (issue 10 part 1).

* Every term the issue lists has an entry, and the glossary says which parts are the kit's own.
* Every link from a lesson (or the README) to a glossary entry lands on a heading, with the id
  JupyterLab gives a Markdown heading (its text, spaces as ``-``) and that app mode gives too.
* Reading the lessons in order, the first text cell that uses a listed term links it to its
  entry: a reader of the lessons alone meets no undefined term.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))

sys.path.insert(0, str(ROOT / "tools"))
import appserver  # noqa: E402

#: The terms issue 10 lists (and lesson 09's), each: (the glossary heading, a pattern of its use in
#: a lesson's text). A pattern is matched case-sensitively where the rulebook capitalises the word.
TERMS = {
    "Garrison": ("Garrison", r"\bGarrisons?\b"),
    "Advance": ("Advance", r"\bAdvanc(e|es|ing)\b"),
    "Dash": ("Dash", r"\bDash(es|ing)?\b"),
    "Engaged": ("Engaged, Engagement", r"\bEngage(d|ment)\b"),
    "Speed": ("Speed", r"\bSpeed\b"),
    "jumping": ("Jumping", r"\b[Jj]ump(s|ing)?\b"),
    "Knuckle Shield": ("Knuckle Shield", r"Knuckle Shield"),
    "critical hit": ("Critical hit", r"critical hit"),
    "Tactics card": ("Tactics card", r"Tactics card"),
    "non-combat damage": ("Non-combat damage", r"[Nn]on-combat damage"),
    "effects that reduce attack damage": ("Effects that reduce attack damage", r"reduce attack damage"),
    "models": ("Models", r"\bmodels?\b"),
    "wounds": ("Wounds", r"\bwounds?\b"),
    "HP": ("HP", r"\bHP\b"),
    "Force": ("Force", r"\bForce\b"),
    "Line of Sight": ("Line of Sight", r"Line of Sight"),
    "Target Lock": ("Target Lock", r"Target Lock"),
    "Target Limit": ("Target Limit", r"Target Limit"),
    "obstruction terrain": ("Obstruction terrain", r"obstruction terrain"),
    "Minor and Major System Damage": ("Minor and Major System Damage", r"(Minor|Major) System Damage"),
    "modified Shield": ("Shield, modified Shield", r"modified \**Shield"),
    "networkx": ("networkx", r"\bnetworkx\b"),
    "Dijkstra": ("Dijkstra", r"\bDijkstra\b"),
    "Red Blob Games": ("Red Blob Games", r"Red Blob Games"),
    "Carrier": ("Carrier", r"\bCarriers?\b"),
    "Crush": ("Crush", r"\bCrush\b"),
    "Push": ("Push", r"\bPush(es|ed)?\b"),
    "Pull": ("Pull", r"\bPull(s|ed)?\b"),
}

LINK = re.compile(r"\]\((?:\.\./)?docs/GLOSSARY\.md(?:#([^)\s]*))?\)|\]\(\.\./docs/GLOSSARY\.md(?:#([^)\s]*))?\)")


def heading_ids(text: str) -> set[str]:
    """The ids of the Markdown headings of ``text``, by JupyterLab's rule."""
    return {line.lstrip("#").strip().replace(" ", "-") for line in text.splitlines() if re.match(r"#{1,6} ", line)}


def glossary_links(text: str) -> list[str]:
    """The anchors of the glossary links in ``text`` ("" for a link to the page itself)."""
    return [m.group(1) or m.group(2) or "" for m in LINK.finditer(text)]


def text_cells() -> list[tuple[str, int, str]]:
    """(lesson, cell index, source) of every Markdown cell, the lessons in order."""
    out = []
    for path in LESSONS:
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] == "markdown":
                out.append((path.name, i, "".join(cell["source"])))
    return out


def test_every_listed_term_has_an_entry():
    ids = heading_ids(GLOSSARY.read_text(encoding="utf-8"))
    missing = [term for term, (heading, _) in TERMS.items() if heading.replace(" ", "-") not in ids]
    assert not missing, f"docs/GLOSSARY.md has no entry for {missing}"


def test_the_glossary_says_what_is_the_kits_own():
    text = GLOSSARY.read_text(encoding="utf-8")
    for own in ("**the water rule**", "**the Speed example**", "**the Crush worked example**", "**another game**"):
        assert own in text


def test_a_garrison_entry_answers_the_newcomers_questions():
    text = GLOSSARY.read_text(encoding="utf-8")
    entry = text[text.index("### Garrison"):text.index("### Ability\n")]
    for question in ("**What it is:**", "**Can it move?**", "**Can it be Pushed or Pulled?**", "**Can it take damage?**"):
        assert question in entry


@pytest.mark.parametrize("path", [*LESSONS, ROOT / "README.md"], ids=lambda p: p.name)
def test_every_glossary_link_lands_on_an_entry(path):
    ids = heading_ids(GLOSSARY.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"] if c["cell_type"] == "markdown")
    bad = [a for a in glossary_links(text) if a and a not in ids]
    assert not bad, f"{path.name}: glossary links to no entry: {bad}"


@pytest.mark.parametrize("term", sorted(TERMS))
def test_a_term_is_linked_to_the_glossary_where_the_lessons_first_use_it(term):
    heading, pattern = TERMS[term]
    anchor = heading.replace(" ", "-")
    for lesson, i, source in text_cells():
        if re.search(pattern, source):
            assert anchor in glossary_links(source), (
                f"{term!r} is first used in {lesson}, cell {i}, which does not link it to "
                f"docs/GLOSSARY.md#{anchor}:\n{source[:400]}")
            return
    pytest.fail(f"no lesson uses {term!r}")


def test_app_mode_gives_headings_jupyterlabs_ids(tmp_path):
    # JupyterLab's id of a Markdown heading is its text with spaces as "-" (createHeaderId in
    # @jupyterlab/rendermime); app mode renders docs/ with the same ids, so one link serves both.
    kind, page = appserver.render_doc(ROOT / "docs", "GLOSSARY.md")
    assert kind == "md"
    for anchor in ("Garrison", "Knuckle-Shield", "Engaged,-Engagement", "Minor-and-Major-System-Damage"):
        assert f'id="{anchor}"' in page, anchor
