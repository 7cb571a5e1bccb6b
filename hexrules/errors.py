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
    "BoardError",
    "StateError",
    "RuleError",
    "OptionsError",
    "GuessError",
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


class EditError(HexrulesError):
    """An editing operation refused (:mod:`hexrules.edit`, the board editor): a unit onto an
    impassable hex (ruling T1) or an occupied one (M3), a name already taken, a hex off the board,
    an elevation below ground (M1); the scenario is left unchanged. ``ruling`` names the rule when
    one forbids it."""
