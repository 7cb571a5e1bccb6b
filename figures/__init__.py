"""The rulebook's diagrams, redrawn from scenario text, and the one command that regenerates them.

``python -m figures`` (``make figures``) imports every module ``figures/fig_*.py``; each defines
``FIGURES: dict[str, Callable[[], matplotlib.figure.Figure]]``. Every figure is written as
``figures/<name>.svg`` and ``figures/<name>.png``, deterministically:

* the Agg backend and matplotlib's default style (no user ``matplotlibrc`` leaks in), a fixed
  dpi (:data:`DPI`); each figure function fixes its own size;
* ``rcParams["svg.hashsalt"]`` and ``rcParams["svg.id"]`` fixed, so SVG element ids do not change
  from run to run; glyphs are stored as paths (``svg.fonttype = "path"``);
* no date, creator or software version in the files' metadata.

So a rerun that changes nothing changes no bytes, and ``python -m figures --check`` (or
``tests/test_figures.py``) reports committed files that are stale.

Functions here: :func:`discover`, :func:`render`, :func:`build`.
"""

from __future__ import annotations

import importlib
import io
import pkgutil
from pathlib import Path
from typing import Callable

__all__ = ["FIGURES_DIR", "DPI", "RC", "SVG_METADATA", "PNG_METADATA", "discover", "render", "build"]

#: Where the generated files live (this package's directory).
FIGURES_DIR = Path(__file__).resolve().parent

#: Resolution of the PNG files (dots per inch); SVG sizes are in points and do not depend on it.
DPI = 100

#: rcParams fixed for every figure, on top of matplotlib's default style.
RC = {
    "svg.hashsalt": "hexrules-figures",
    "svg.id": "hexrules",
    "svg.fonttype": "path",
    "figure.dpi": DPI,
    "savefig.dpi": DPI,
    "font.family": ["DejaVu Sans"],
    "path.simplify": False,
}

#: SVG metadata: no date, creator or format keys (run- and version-dependent).
SVG_METADATA = {"Date": None, "Creator": None, "Format": None, "Type": None}
#: PNG metadata: no ``Software`` key (it names the matplotlib version).
PNG_METADATA = {"Software": None}


def discover() -> dict[str, Callable]:
    """``{figure name: function}`` from every ``figures/fig_*.py`` module, sorted by name.

    Raises
    ------
    ValueError
        If two modules define the same figure name.
    """
    found: dict[str, Callable] = {}
    owner: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules([str(FIGURES_DIR)]), key=lambda m: m.name):
        if not info.name.startswith("fig_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for name, fn in getattr(module, "FIGURES", {}).items():
            if name in found:
                raise ValueError(f"figure {name!r} is defined by both {owner[name]} and {info.name}")
            found[name] = fn
            owner[name] = info.name
    return dict(sorted(found.items()))


def render(fn: Callable) -> dict[str, bytes]:
    """Draw one figure and return its files' bytes: ``{"svg": ..., "png": ...}``.

    The figure is made under :data:`RC` with the Agg backend and closed afterwards.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.style

    with matplotlib.style.context("default"), matplotlib.rc_context(RC):
        fig = fn()
        try:
            out = {}
            for fmt, meta in (("svg", SVG_METADATA), ("png", PNG_METADATA)):
                buf = io.BytesIO()
                fig.savefig(buf, format=fmt, dpi=DPI, metadata=meta)
                out[fmt] = buf.getvalue()
        finally:
            plt.close(fig)
    return out


def build(out_dir: Path | str = FIGURES_DIR, *, check: bool = False, names: list[str] | None = None,
          log: Callable[[str], None] = print) -> list[str]:
    """Regenerate figures into ``out_dir``; return the files that were (or would be) changed.

    Parameters
    ----------
    out_dir : path
        Directory for ``<name>.svg`` and ``<name>.png`` (default: this package's directory).
    check : bool
        Do not write: only report files that are missing or differ from a fresh rendering.
    names : list of str, optional
        Only these figures (default: all of :func:`discover`).
    log : callable
        Receives one line per changed or stale file.

    Returns
    -------
    list of str
        File names (``"movement_jumping.svg"``...) that differ from what is on disk.

    Raises
    ------
    KeyError
        If a name in ``names`` is not a known figure (the message lists them).
    """
    out_dir = Path(out_dir)
    figures = discover()
    if names:
        unknown = [n for n in names if n not in figures]
        if unknown:
            raise KeyError(f"unknown figure(s) {unknown}; known: {', '.join(figures)}")
        figures = {n: figures[n] for n in names}
    changed = []
    for name, fn in figures.items():
        for fmt, data in render(fn).items():
            path = out_dir / f"{name}.{fmt}"
            if path.exists() and path.read_bytes() == data:
                continue
            changed.append(path.name)
            if check:
                log(f"stale: {path} ({'missing' if not path.exists() else 'differs'})")
            else:
                out_dir.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                log(f"wrote {path}")
    return changed
