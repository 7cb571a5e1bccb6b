"""The rulebook's diagrams, drawn from diagram files, and the one command that regenerates them.

Every figure of ``figures/`` but two is a diagram file of ``hexrules/diagrams/`` (the format:
:mod:`hexrules.diagram`), drawn as ``hexrules draw`` draws it (:meth:`hexrules.diagram.Diagram.figure`
and :func:`hexrules.plot.diagram.save_figure`: texts as editable SVG text, the default theme).
The two Crush charts (expected damage, heatmap) are charts, not boards, which a diagram file
cannot express; ``figures/fig_crush.py`` keeps them as chart functions (``FIGURES``, like any
``figures/fig_*.py`` module).

``python -m figures`` (``make figures``) writes ``figures/<name>.svg`` and ``figures/<name>.png``
for each, and the gallery ``figures/README.md`` (every figure, its picture and its file),
deterministically: the same rcParams (a fixed SVG hash salt and id, matplotlib's default style,
DejaVu Sans), a fixed dpi (:data:`DPI`), no date, creator or version in the files. So a rerun
that changes nothing changes no bytes, and ``python -m figures --check`` (or
``tests/test_figures.py``) reports committed files that are stale.

Functions here: :func:`discover`, :func:`render`, :func:`gallery`, :func:`build`.
"""

from __future__ import annotations

import importlib
import io
import itertools
import pkgutil
from pathlib import Path
from typing import Callable

__all__ = ["FIGURES_DIR", "DPI", "RC", "SVG_METADATA", "PNG_METADATA", "discover", "render", "gallery", "build",
           "sources"]

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


class DiagramFigure:
    """A figure drawn from a shipped diagram file: calling it gives the matplotlib Figure."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.source = f"hexrules/diagrams/{name}.hex"

    def __call__(self):  # noqa: ANN204 - a matplotlib Figure
        from hexrules.diagram import diagram

        return diagram(self.name).figure(dpi=DPI, text="text")


def discover() -> dict[str, Callable]:
    """``{figure name: function}``: every shipped diagram (:class:`DiagramFigure`), then the
    ``FIGURES`` of every ``figures/fig_*.py`` module, sorted by name.

    Raises
    ------
    ValueError
        If two sources define the same figure name.
    """
    from hexrules.diagram import diagram_names

    found: dict[str, Callable] = {name: DiagramFigure(name) for name in diagram_names()}
    owner: dict[str, str] = dict.fromkeys(found, "hexrules/diagrams")
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


def sources() -> dict[str, str]:
    """``{figure name: the file it is drawn from}`` (a diagram file, or the chart's module)."""
    out = {}
    for name, fn in discover().items():
        out[name] = fn.source if isinstance(fn, DiagramFigure) else f"figures/{fn.__module__.rsplit('.', 1)[-1]}.py"
    return out


def render(fn: Callable) -> dict[str, bytes]:
    """Draw one figure and return its files' bytes: ``{"svg": ..., "png": ...}``.

    A diagram is saved as ``hexrules draw`` saves it (:func:`hexrules.plot.diagram.save_figure`,
    SVG texts editable); a chart under :data:`RC` with the Agg backend.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.style

    from hexrules.plot.diagram import save_figure

    with matplotlib.style.context("default"), matplotlib.rc_context(RC):
        fig = fn()
        try:
            out = {}
            for fmt in ("svg", "png"):
                buf = io.BytesIO()
                if isinstance(fn, DiagramFigure):
                    save_figure(fig, buf, fmt, dpi=DPI, text="text")
                else:
                    fig.savefig(buf, format=fmt, dpi=DPI, metadata=SVG_METADATA if fmt == "svg" else PNG_METADATA)
                out[fmt] = buf.getvalue()
        finally:
            plt.close(fig)
    return out


def _title(name: str, fn: Callable) -> str:
    if isinstance(fn, DiagramFigure):
        from hexrules.diagram import diagram

        return diagram(name).title
    doc = (fn.__doc__ or "").strip().splitlines()
    return doc[0] if doc else name


def gallery() -> str:
    """The text of ``figures/README.md``: every figure with its picture and the file it comes from."""
    figures = discover()
    src = sources()
    lines = [
        "# Gallery of the rulebook's diagrams",
        "",
        "Generated by `make figures` (`python -m figures`); do not edit by hand. Each figure is drawn",
        "from its file: start from the closest one, copy it, change it and draw it with",
        "`hexrules draw my.hex -o my.svg` (see the README's section *Diagrams*; the format is in",
        "`hexrules/diagram.py`). A diagram's `use: NAME` line starts from the shipped scenario",
        "`hexrules/scenarios/NAME.hex` (its map and units).",
        "",
        "| figure | from | what it shows |",
        "|---|---|---|",
    ]
    for name, fn in figures.items():
        lines.append(f"| [`{name}`]({name}.svg) | [`{src[name]}`](../{src[name]}) | {_title(name, fn)} |")
    lines.append("")
    for name, fn in figures.items():
        lines += [f"## {name}", "", f"{_title(name, fn)}. From [`{src[name]}`](../{src[name]}).", "",
                  f"![{name}]({name}.png)", ""]
        if isinstance(fn, DiagramFigure):
            from importlib.resources import files

            text = (files("hexrules.diagrams") / f"{name}.hex").read_text(encoding="utf-8")
            lines += ["```", text.rstrip("\n"), "```", ""]
    return "\n".join(lines)


def build(out_dir: Path | str = FIGURES_DIR, *, check: bool = False, names: list[str] | None = None,
          log: Callable[[str], None] = print) -> list[str]:
    """Regenerate figures into ``out_dir``; return the files that were (or would be) changed.

    Parameters
    ----------
    out_dir : path
        Directory for ``<name>.svg``, ``<name>.png`` and the gallery ``README.md`` (default:
        this package's directory).
    check : bool
        Do not write: only report files that are missing or differ from a fresh rendering.
    names : list of str, optional
        Only these figures (default: all of :func:`discover`, and the gallery).
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
    outputs = ((name, fmt, data) for name, fn in figures.items() for fmt, data in render(fn).items())
    if not names:
        outputs = itertools.chain(outputs, [("README", "md", gallery().encode("utf-8"))])
    for name, fmt, data in outputs:
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
