"""In a notebook, a hexrules error shows as the kit's one paragraph, not a traceback (issue 10 part 6).

The cells run in a real IPython kernel (nbclient), as in JupyterLab: the error output's
traceback is what the notebook shows.
"""

import nbformat
from nbclient import NotebookClient

CELLS = [
    # a wrong exercise input, as lesson 06 used to ask for it: a text where a list is expected
    """from hexrules import builtin
from hexrules.forced import push
sc = builtin("push_collision")
push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 1).check("C3, C2")""",
    # a scenario typo: an unknown terrain symbol on line 3, column 8 of the text
    """from hexrules import parse_scenario
parse_scenario("map:\\n  0 0\\n  0 0 ?\\nunits:\\n  G side=a at=A1\\n")""",
    # a guess an exercise cannot read
    """from hexrules.exercise import ProbabilityQuestion
ProbabilityQuestion("P?", 1).grade("half")""",
    # a developer asks for the full traceback
    """import hexrules.errors
hexrules.errors.full_tracebacks = True
push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 1).check("C3, C2")""",
    # any other error keeps its usual traceback
    """hexrules.errors.full_tracebacks = False
1 / 0""",
]


def test_hexrules_errors_show_as_one_paragraph_in_a_notebook():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True).execute()
    errors = [[o for o in cell.outputs if o.output_type == "error"] for cell in nb.cells]
    assert all(len(e) == 1 for e in errors), errors
    (check,), (typo,), (guess,), (full,), (other,) = errors

    assert check.ename == "HexSequenceError"  # the one class of "not a list of hexes" (a RuleError too)
    assert check.traceback == [
        "HexSequenceError: guess 'C3, C2' is a text, not a list of hexes or labels: write ['C3', 'C2'] (ruling P1)"]
    assert typo.ename == "ScenarioError" and len(typo.traceback) == 1
    assert typo.traceback[0].startswith("ScenarioError: <text>:3:")
    assert guess.traceback == ["GuessError: guess 'half' is not a probability: write a fraction such as 3/8, "
                               "a decimal such as 0.375 or a percentage such as 37.5%"]
    # the switch and other errors: IPython's usual traceback, through the source
    assert len(full.traceback) > 1 and any("forced.py" in line for line in full.traceback)
    assert other.ename == "ZeroDivisionError" and len(other.traceback) > 1
