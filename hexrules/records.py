"""Numbers out: plain-number rows, written as CSV or handed to pandas, and the interval of a share.

A designer takes a report's or a sweep's numbers into their own tools. Every result that counts
(:class:`hexrules.whatif.Report`, :class:`hexrules.whatif.SweepResult`) gives ``records()``: a list
of dicts of plain values (int, float, str, bool or None: no formatted text such as ``"34.4%"``),
one per row, the same keys in every row. This module writes them:

* :func:`to_csv` as a CSV file (the standard library's :mod:`csv`; None is an empty cell);
* :func:`to_dataframe` as a :class:`pandas.DataFrame` (pandas is in the kit's lock; imported
  only when asked, so ``import hexrules`` stays light);
* :func:`wilson` gives the 95% interval of a proportion (Wilson's score interval), which every
  share of a sweep carries: a share of 12 boards in 1,000 and one of 1 in 3 do not say the same.

Examples
--------
>>> low, high = wilson(5, 10)
>>> round(low, 4), round(high, 4)
(0.2366, 0.7634)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import csv
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .checks import MAX_WHOLE, show, whole
from .errors import HexrulesError

__all__ = ["Z95", "wilson", "to_csv", "to_dataframe"]

#: The two-sided 95% normal quantile (the 0.975 quantile of the standard normal distribution).
Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of the proportion ``k / n``: ``(low, high)``, within 0..1.

    Where ``k / n`` is 0 or 1 the interval still has a width (a share of 0 in 10 boards is not a
    certainty), unlike the normal approximation's. With ``n = 0`` nothing is known: ``(0, 1)``.

    Parameters
    ----------
    k, n : int
        Successes (boards, movements or situations changed) and trials, ``0 <= k <= n``.
    z : float
        The normal quantile of the interval's confidence (default :data:`Z95`, 95%).

    Returns
    -------
    (float, float)

    Raises
    ------
    HexrulesError
        If ``k`` or ``n`` is not a whole number with ``0 <= k <= n <=``
        :data:`~hexrules.checks.MAX_WHOLE`, or ``z`` is not a number above 0 and at most 10.
    """
    k = whole(k, "k", 0, MAX_WHOLE, error=HexrulesError, limit="MAX_WHOLE")
    n = whole(n, "n", 0, MAX_WHOLE, error=HexrulesError, limit="MAX_WHOLE")
    if k > n:
        raise HexrulesError(f"k={k} is more than n={n}: a proportion is at most 1")
    if isinstance(z, bool) or not isinstance(z, (int, float)) or not 0 < z <= 10:  # NaN fails too
        raise HexrulesError(f"z={show(z)} is not a normal quantile above 0 and at most 10 (1.96: 95%)")
    z = float(z)
    if n == 0:
        return 0.0, 1.0
    p, zz = k / n, z * z
    denominator = 1 + zz / n
    centre = (p + zz / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + zz / (4 * n * n)) / denominator
    # at k = 0 (k = n) the bound is exactly 0 (1); the float subtraction would leave ~1e-18
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


def _rows(rows: object, what: str) -> list[dict[str, Any]]:
    if not isinstance(rows, Sequence) or not all(isinstance(r, dict) for r in rows):
        raise HexrulesError(f"{what} {show(rows)} is not a list of dicts (a result's records())")
    return list(rows)


def _keys(rows: list[dict[str, Any]]) -> list[str]:
    """Every key of ``rows``, in the order first met: the columns."""
    return list(dict.fromkeys(k for r in rows for k in r))


def to_csv(rows: Sequence[dict[str, Any]], path: str | os.PathLike) -> Path:
    """Write ``rows`` (a result's ``records()``) to the CSV file ``path``, a header then one line
    per row; None is an empty cell, True/False are written as such. Written whole or not at all
    (to a temporary file beside it, then renamed): an existing file is never left half written.

    Returns
    -------
    pathlib.Path
        The file written.

    Raises
    ------
    HexrulesError
        If ``rows`` is not a list of dicts or ``path`` not a path, or the file cannot be written
        (the message names it and says why).
    """
    rows = _rows(rows, "rows")
    if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise HexrulesError(f"path={show(path)} is not a file path")
    target = Path(path)
    keys = _keys(rows)
    part = target.with_name(target.name + ".part")
    try:
        with open(part, "w", newline="", encoding="utf-8") as f:
            out = csv.DictWriter(f, fieldnames=keys)
            out.writeheader()
            out.writerows(rows)
        os.replace(part, target)
    except OSError as err:
        try:
            part.unlink(missing_ok=True)
        except OSError:  # it was never made (no such folder, a name too long, ...)
            pass
        raise HexrulesError(f"cannot write {show(str(target), 400)}: {err.strerror or err}") from err
    return target


def to_dataframe(rows: Sequence[dict[str, Any]]) -> Any:
    """``rows`` (a result's ``records()``) as a :class:`pandas.DataFrame`, one column per key.

    Raises
    ------
    HexrulesError
        If ``rows`` is not a list of dicts, or pandas is not installed (it is in the kit's lock:
        ``make test`` or ``make lab`` installs it).
    """
    rows = _rows(rows, "rows")
    try:
        import pandas as pd
    except ImportError as err:  # pragma: no cover - pandas is in the lock
        raise HexrulesError("to_dataframe() needs pandas, which the kit's environment installs "
                            "(make lab or make test); in another environment: pip install pandas") from err
    return pd.DataFrame.from_records(rows, columns=_keys(rows))
