"""The README's examples run, and it names the commands the Makefile and CI really use."""

import re
from pathlib import Path

from hexrules import parse_scenario

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def blocks(lang):
    """The fenced code blocks of the README whose info string is ``lang``."""
    out, current, info = [], None, None
    for line in README.splitlines(keepends=True):
        if line.startswith("```"):
            if current is None:
                current, info = [], line[3:].strip()
            else:
                if info == lang:
                    out.append("".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return out


def test_python_examples_run(capsys, tmp_path, monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    monkeypatch.chdir(tmp_path)  # the examples write files (e.g. my-board.svg) here
    code = blocks("python")
    assert len(code) >= 2, "the README's python examples are missing"
    for block in code:
        exec(compile(block, "README.md", "exec"), {})
    # The jumping example's orange path: 3 under the default J1 reading, 4 under the other.
    assert capsys.readouterr().out.split() == ["3", "4"]
    assert (tmp_path / "my-board.svg").read_bytes().startswith(b"<?xml")
    plt.close("all")


def test_scenario_example_parses():
    (example,) = [b for b in blocks("") if b.lstrip().startswith("name:")]  # the format example
    sc = parse_scenario(example, source="README.md")
    assert sc.state.unit("Federation Garrison").garrison


def test_crush_example_parses_and_crushes():
    from hexrules.crush_scenario import parse_crush_scenario

    (example,) = [b for b in blocks("") if "pieces:" in b]
    sc = parse_crush_scenario(example, source="README.md")
    # the rulebook's worked example: pre-reduction Cover 3 against Resolve 4, dice 6, 4, 3: 2 damage (C2, C3);
    # Grinder drives across and off to D1, so only the Rangers (R1 on B1, R2 on C1) are affected
    result = sc.crush(rolls={"Rangers": [6, 4, 3]})
    assert result.affected == ("Rangers",) and result.resolution("Rangers").damage == 2


def test_two_commands_exist_and_ci_calls_the_test_command():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^lab:", makefile, flags=re.M) and re.search(r"^test:", makefile, flags=re.M)
    assert "make lab" in README and "make test" in README
    assert re.search(r"^make test$", (ROOT / ".ci" / "run").read_text(), flags=re.M)


def test_every_make_command_of_the_readme_is_a_target_of_the_makefile():
    targets = set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), flags=re.M))
    named = set(re.findall(r"`make ([a-z][a-z-]*)", README)) | set(
        re.findall(r"^make ([a-z][a-z-]*)", README, flags=re.M))
    assert {"lab", "test", "test-fast", "app", "reset-lesson", "lock", "clean"} <= named
    assert named <= targets, f"the README names make targets the Makefile lacks: {named - targets}"


def test_the_readme_options_of_make_lab_and_make_app_exist():
    lab = (ROOT / "tools" / "lab.py").read_text()
    app = (ROOT / "tools" / "app.py").read_text()
    assert "ARGS=--terminals" in README and '"--terminals"' in lab
    assert "ARGS=--port=" in README and '"--port"' in app
    assert "INSTALLER=pip" in README and "INSTALLER ?= uv" in (ROOT / "Makefile").read_text()


# What each python block of the README shows when pasted into a notebook as one cell, as the
# README says (a block found by a piece of its text). Any other python block must show something.
SHOWS = {
    'jump_climb="relative_when_above_start"': "prints the orange path's cost under both readings: 3, then 4",
    "ReachExplorer(mine": "the interactive explorer (last line of the cell)",
}


def test_every_python_block_run_as_one_cell_shows_what_the_readme_says(tmp_path):
    import nbformat
    from nbclient import NotebookClient

    code = blocks("python")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(block) for block in code])
    NotebookClient(nb, timeout=180, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    found = set()
    for block, cell in zip(code, nb.cells):
        outs = cell.outputs
        assert outs, f"this README block shows nothing when run as one cell:\n{block}"
        if 'jump_climb="relative_when_above_start"' in block:
            found.add('jump_climb="relative_when_above_start"')
            assert [o.output_type for o in outs] == ["stream"] and outs[0].text.split() == ["3", "4"]
        if "ReachExplorer(mine" in block:
            found.add("ReachExplorer(mine")
            shown = [o for o in outs if o.output_type == "execute_result"]
            assert len(shown) == 1, f"the explorer is not the cell's last expression: {outs}"
            # and nothing else: no static copy of its figure under it (IPython's inline backend)
            assert [o.output_type for o in outs] == ["execute_result"], outs
            view = shown[0].data["application/vnd.jupyter.widget-view+json"]
            assert "hexrules-explorer" in state[view["model_id"]]["state"]["_dom_classes"]
            assert (tmp_path / "my-board.svg").read_bytes().startswith(b"<?xml")
    assert found == set(SHOWS), f"README blocks not found: {set(SHOWS) - found}"


def test_the_text_limits_the_readme_states_are_the_parsers():
    import hexrules.scenario as sc

    said = f"{sc.MAX_TEXT_LENGTH:,} characters, {sc.MAX_MAP_ROWS} map rows,\n{sc.MAX_MAP_COLUMNS} cells a row, " \
           f"{sc.MAX_HEXES:,} hexes (a 300 x 300 map fits), numbers of at most {sc.MAX_DIGITS} digits"
    assert said in README
