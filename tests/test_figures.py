"""The committed figures are fresh and regenerate byte-identical (issue: figures, deterministic).

Regenerates every figure (the diagram files of ``hexrules/diagrams/``: boards and charts) and the
gallery into a temporary directory and compares bytes with the committed files; a stale or missing
file fails with the command that fixes it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `figures` is a top-level package of the repository, not of hexrules
    sys.path.insert(0, str(ROOT))

import figures  # noqa: E402
from hexrules.diagram import diagram, diagram_names  # noqa: E402


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    out = tmp_path_factory.mktemp("figures")
    figures.build(out, log=lambda _line: None)
    return out


def test_every_figure_module_is_discovered():
    names = figures.discover()
    assert {"movement_elevation", "movement_engagement", "movement_engagement_lower", "movement_jumping"} <= set(names)


def test_every_figure_comes_from_a_diagram_file_and_the_gallery_lists_them_all():
    # issue 13: every figure of figures/ is a diagram file rendered as `hexrules draw` renders it
    committed = sorted(p.stem for p in figures.FIGURES_DIR.glob("*.svg"))
    assert committed == sorted(figures.discover()) == diagram_names()
    assert {"crush_expected_damage", "crush_heatmap"} <= set(committed)
    assert not list(figures.FIGURES_DIR.glob("fig_*.py"))
    gallery = figures.gallery()
    for name, source in figures.sources().items():
        assert source == f"hexrules/diagrams/{name}.hex" and (ROOT / source).is_file()
        assert f"| [`{name}`]({name}.svg) | [`{source}`](../{source}) |" in gallery
        assert f"![{name}]({name}.png)" in gallery
    assert "chart: crush_heatmap  covers=0-6  resolves=1-7  frame=3,4" in gallery


def test_committed_figures_are_not_stale(fresh):
    stale = []
    for new in sorted(fresh.iterdir()):
        committed = figures.FIGURES_DIR / new.name
        if not committed.exists() or committed.read_bytes() != new.read_bytes():
            stale.append(new.name)
    assert not stale, f"stale or missing figures {stale}: run `make figures` (python -m figures) and commit them"


def test_two_renderings_are_byte_identical():
    for name in ("movement_jumping", "movement_engagement_lower"):
        fn = figures.discover()[name]
        assert figures.render(fn) == figures.render(fn), name


def test_files_carry_no_date_or_version(fresh):
    svg = (fresh / "movement_elevation.svg").read_bytes()
    png = (fresh / "movement_elevation.png").read_bytes()
    assert b"<dc:date>" not in svg and b"Matplotlib v" not in svg
    assert b"Software" not in png and png.startswith(b"\x89PNG")


def test_check_reports_a_stale_file_and_writes_nothing(tmp_path, fresh):
    for f in fresh.glob("movement_jumping.*"):
        (tmp_path / f.name).write_bytes(f.read_bytes())
    (tmp_path / "movement_jumping.svg").write_bytes(b"old")
    lines = []
    changed = figures.build(tmp_path, check=True, names=["movement_jumping"], log=lines.append)
    assert changed == ["movement_jumping.svg"]
    assert (tmp_path / "movement_jumping.svg").read_bytes() == b"old"
    assert "stale" in lines[0]
    assert figures.build(tmp_path, names=["movement_jumping"], log=lambda _l: None) == ["movement_jumping.svg"]
    assert figures.build(tmp_path, check=True, names=["movement_jumping"], log=lambda _l: None) == []


def test_unknown_figure_name_is_refused(tmp_path):
    with pytest.raises(KeyError, match="unknown figure"):
        figures.build(tmp_path, names=["no_such_figure"])


def test_figure_numbers_are_the_rulebook_numbers():
    # RULES.md worked examples (M1, J1/J2): ground->1 costs 2, 1->2 costs 2, ground->2 costs 3;
    # from height 1 over the lower Garrison to height 1: 2; ending one level higher: 3.
    # The figures' numbers are the engine's, computed from the diagram files they are drawn from.
    elevation = [o.result for o in diagram("movement_elevation").computed().overlays]
    costs = {"0->1": elevation[0].steps[0].cost, "1->2": elevation[0].steps[1].cost, "0->2": elevation[1].total}
    assert costs == {"0->1": 2, "1->2": 2, "0->2": 3}
    jumping = {o.item.get("colour"): o.result.total for o in diagram("movement_jumping").computed().overlays}
    assert jumping == {"blue": 2, "orange": 3}


def test_command_line_lists_and_checks(tmp_path):
    listed = subprocess.run([sys.executable, "-m", "figures", "--list"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert "movement_jumping" in listed.stdout.split()
    (tmp_path / "movement_jumping.svg").write_bytes(b"old")
    check = subprocess.run([sys.executable, "-m", "figures", "--check", "--out", str(tmp_path), "movement_jumping"],
                           cwd=ROOT, capture_output=True, text=True)
    assert check.returncode == 1 and "stale" in check.stdout


def test_making_figures_does_not_import_ipywidgets():
    # Drawing lives in hexrules.plot; the figure scripts never need the widgets (or ipywidgets).
    code = ("import sys, figures; from figures import __main__; found = figures.discover(); "
            "figures.render(found['forced_collision']); figures.render(found['crush_heatmap']); "
            "print(len(found), 'ipywidgets' in sys.modules, any(m.startswith('hexrules.widgets') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert out[1:] == ["False", "False"] and int(out[0]) >= 9
