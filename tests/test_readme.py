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


def test_the_text_limits_the_readme_states_are_the_parsers():
    import hexrules.scenario as sc

    said = f"{sc.MAX_TEXT_LENGTH:,} characters, {sc.MAX_MAP_ROWS} map rows,\n{sc.MAX_MAP_COLUMNS} cells a row, " \
           f"{sc.MAX_HEXES:,} hexes (a 300 x 300 map fits), numbers of at most {sc.MAX_DIGITS} digits"
    assert said in README
