"""The project's error family.

Every error that hexrules raises for bad input or an illegal action is a subclass of
:class:`HexrulesError`, itself a :class:`ValueError`, so ``except ValueError`` catches them all
and ``except HexrulesError`` catches only ours. Messages name the offending value, the rule that
refuses it (a ruling id of ``RULES.md`` such as ``"M3"``) and, for scenario text, where it came
from (file, line, column).

In a notebook, a hexrules error shows as that one paragraph (``RuleError: ...``), not as a
traceback through the kit's source: IPython lets an exception choose how it is shown through a
``_render_traceback_`` method, and :class:`HexrulesError` has one. A developer of the kit who
wants the full traceback sets ``hexrules.errors.full_tracebacks = True``.

One fault, one class (the checks of :mod:`hexrules.checks` raise them): which class answers which
fault is listed in that module's docstring. Two faults used to raise a different class in each
rule topic; their one class now derives from each of those, so that code catching the old class
keeps working: :class:`NotAHexError` (a value that should be a hex) and
:class:`HexSequenceError` (a value that should be a list of hexes).

Examples
--------
>>> err = RuleError("guess 'C3' is a single hex, not a list of hexes", ruling="P1")
>>> err._render_traceback_()  # what a notebook shows instead of a traceback
["RuleError: guess 'C3' is a single hex, not a list of hexes (ruling P1)"]
"""

from __future__ import annotations

__all__ = [
    "full_tracebacks",
    "HexrulesError",
    "HexError",
    "ScenarioError",
    "ScenarioFileError",
    "BoardError",
    "StateError",
    "RuleError",
    "OptionsError",
    "GuessError",
    "NotAHexError",
    "HexSequenceError",
    "BranchIndexError",
    "ExplorerError",
    "EditError",
]

#: False (the default): in IPython / Jupyter a :class:`HexrulesError` shows as its one-paragraph
#: message (:meth:`HexrulesError._render_traceback_`). True: the usual full traceback.
full_tracebacks = False


class HexrulesError(ValueError):
    """Base class of every hexrules error (a :class:`ValueError`).

    Parameters
    ----------
    message : str
        What is wrong, naming the offending value.
    ruling : str, optional
        The ruling id of ``RULES.md`` (e.g. ``"P2"``) or rule section that refuses the input.

    Attributes
    ----------
    message : str
        The message without the ruling, e.g. to re-raise it with more context.
    ruling : str or None
    """

    def __init__(self, message: str, *, ruling: str | None = None) -> None:
        self.message = message
        self.ruling = ruling
        text = f"{message} (ruling {ruling})" if ruling else message
        super().__init__(text)

    @property
    def _render_traceback_(self):  # noqa: ANN202 - IPython's hook, looked up with hasattr()
        """IPython's hook: show this error as one paragraph, ``"RuleError: <message>"``.

        IPython calls ``error._render_traceback_()`` for the lines to show instead of a
        traceback when the error has that attribute; with :data:`full_tracebacks` set it has
        none (this property raises :class:`AttributeError`), so IPython shows the traceback.
        """
        if full_tracebacks:
            raise AttributeError("_render_traceback_")
        return lambda: [f"{type(self).__name__}: {self}"]


class HexError(HexrulesError):
    """A malformed hex coordinate or hex label."""


class ScenarioError(HexrulesError):
    """Malformed scenario text; carries the source, line and column (1-based).

    Examples
    --------
    >>> err = ScenarioError("unknown terrain 'lava'", source="demo.hex", line=3, column=5)
    >>> str(err)
    "demo.hex:3:5: unknown terrain 'lava'"
    >>> (err.line, err.column)
    (3, 5)
    """

    def __init__(
        self,
        message: str,
        *,
        source: str = "<text>",
        line: int | None = None,
        column: int | None = None,
        ruling: str | None = None,
    ) -> None:
        self.source = source
        self.line = line
        self.column = column
        where = source
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {message}", ruling=ruling)


class ScenarioFileError(ScenarioError, OSError):
    """A scenario file that cannot be read (missing, a directory, not UTF-8 text): a
    :class:`ScenarioError` that is also an :class:`OSError`, as reading a file raised before."""


class BoardError(HexrulesError):
    """A hex that is not on the board, an unknown terrain type, or a bad terrain table."""


class StateError(HexrulesError):
    """An inconsistent game state: two units on one hex, an unknown unit, a unit off the board."""


class RuleError(HexrulesError):
    """An action that the rules forbid; ``ruling`` names the rule that forbids it."""


class OptionsError(HexrulesError):
    """A rules-options value outside its documented choices."""


class GuessError(HexrulesError):
    """An exercise's guess that cannot be read (:mod:`hexrules.exercise`): not a number, a hex
    label, a list of labels or a probability; the message names the guess and shows how to write
    one."""


class NotAHexError(HexError, BoardError, RuleError, StateError):
    """A value that should be a hex (a :class:`~hexrules.hexgrid.Hex`, or a label naming one)
    and is neither, wherever it is given: a step, a path's hex, a unit's or a model's position,
    a choice of hexes.

    The geometry raised :class:`HexError` for it, a board :class:`BoardError`, forced movement
    and Crush :class:`RuleError`, a unit's position :class:`StateError`: this one class is all
    four, so code that catches any of them still catches it.
    """


class HexSequenceError(BoardError, RuleError):
    """A value that should be a sequence of hexes or labels (a path, a piece's hexes, the hexes
    of a choice) and is not one: None, a single label such as ``"C3"``, a single hex, a dict,
    a number.

    Movement raised :class:`BoardError` for it, forced movement and Crush :class:`RuleError`: this
    one class is both.
    """


class BranchIndexError(RuleError, IndexError):
    """A branch number out of range in ``ForcedMove[i]``: a :class:`RuleError` that is also an
    :class:`IndexError`, so sequence code that expects one keeps working."""


class ExplorerError(HexrulesError):
    """A value given to an explorer that its controls cannot show: not one of a control's
    choices, or outside a slider's range. The message names the parameter and the value."""
class EditError(HexrulesError):
    """An editing operation refused (:mod:`hexrules.edit`, the board editor): a unit onto an
    impassable hex (ruling T1) or an occupied one (M3), a name already taken, a hex off the board,
    an elevation below ground (M1); the scenario is left unchanged. ``ruling`` names the rule when
    one forbids it."""
