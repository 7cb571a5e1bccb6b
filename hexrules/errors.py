"""The project's error family.

Every error that hexrules raises for bad input or an illegal action is a subclass of
:class:`HexrulesError`, itself a :class:`ValueError`, so ``except ValueError`` catches them all
and ``except HexrulesError`` catches only ours. Messages name the offending value, the rule that
refuses it (a ruling id of ``RULES.md`` such as ``"M3"``) and, for scenario text, where it came
from (file, line, column).
"""

from __future__ import annotations

__all__ = [
    "HexrulesError",
    "HexError",
    "ScenarioError",
    "BoardError",
    "StateError",
    "RuleError",
    "OptionsError",
]


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
