"""``hexrules draw FILE [-o OUT]``: the kit's command line (a console script, also ``python -m hexrules``).

``hexrules draw`` draws a diagram file (:mod:`hexrules.diagram`: a board with its ``draw:``
section, or a chart file with a ``chart:`` line) into an SVG, PNG or PDF::

    hexrules draw knuckle.hex                      # knuckle.svg beside it, texts editable
    hexrules draw knuckle.hex -o knuckle.png --width 12cm --dpi 200
    hexrules draw knuckle.hex -o print.pdf --theme print --text outline
    hexrules draw hexrules/diagrams/crush_heatmap.hex -o heatmap.svg   # a chart of the dice

* ``-o/--output``: the file to write; its suffix picks the format (``.svg``, ``.png``,
  ``.pdf``); default the diagram's name with ``.svg``.
* ``--width``, ``--height``: the picture's size, a number with a unit: ``in``, ``cm``, ``mm``
  or ``px`` (pixels at ``--dpi``); a bare number is inches. One of them alone keeps the board's
  (the chart's) proportions. Default: from the board (a chart's own size).
* ``--dpi``: dots per inch of a PNG (and of ``px`` sizes), default 100.
* ``--theme``: ``default``, ``print`` (greyscale: heights by lightness, water by its ripples,
  paths by their dashes) or ``colourblind`` (the Okabe-Ito palette).
* ``--text``: ``text`` (default: texts as SVG ``<text>``, editable in a vector editor) or
  ``outline`` (texts as glyph outlines: the same look without the font).

The same input gives the same bytes. A file the kit refuses gets its one-line error with the
file, line and column (exit status 1) and no output file: the picture is written to a temporary
file and renamed at the end.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

__all__ = ["main", "parse_size"]

_UNITS = {"in": 1.0, "cm": 2.54, "mm": 25.4, "pt": 72.0, "px": None}  # units per inch
_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(in|cm|mm|pt|px)?\s*$")


def parse_size(text: str, dpi: float) -> float:
    """A size in inches from ``"12cm"``, ``"120mm"``, ``"4in"``, ``"800px"`` (at ``dpi``) or ``"4"`` (inches).

    Raises
    ------
    HexrulesError
        For a size that is not a positive number with one of those units.

    Examples
    --------
    >>> parse_size("25.4mm", 100), parse_size("800px", 200), parse_size("3", 100)
    (1.0, 4.0, 3.0)
    """
    from .errors import HexrulesError

    if not isinstance(text, str):
        raise HexrulesError(f"size {type(text).__name__} is not a text such as 12cm")
    m = _SIZE.match(text)
    if not m or float(m.group(1)) <= 0:
        raise HexrulesError(f"size {text[:40]!r} is not a positive number with a unit (in, cm, mm, pt or px), e.g. 12cm")
    value, unit = float(m.group(1)), m.group(2) or "in"
    inches = value / (dpi if unit == "px" else _UNITS[unit])
    if inches > 200:
        raise HexrulesError(f"size {text[:40]!r} is over 200 inches")
    return inches


def _parser() -> argparse.ArgumentParser:
    from .diagram import FORMATS

    p = argparse.ArgumentParser(prog="hexrules", description="The hexrules teaching kit's command line.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    d = sub.add_parser("draw", help="draw a diagram file into an SVG, PNG or PDF",
                       description="Draw a diagram file (a scenario with a 'draw:' section, or a chart file with "
                       "a 'chart:' line) into an SVG, PNG or PDF.")
    d.add_argument("file", type=Path, help="the diagram file (e.g. knuckle.hex)")
    d.add_argument("-o", "--output", type=Path, help=f"the file to write ({', '.join('.' + f for f in FORMATS)}); "
                   "default FILE with .svg")
    d.add_argument("--width", help="width: 12cm, 120mm, 4in, 800px (at --dpi) or inches")
    d.add_argument("--height", help="height, as --width")
    d.add_argument("--dpi", type=float, default=100.0, help="dots per inch of a PNG and of px sizes (default 100)")
    d.add_argument("--theme", default="default", help="default, print (greyscale) or colourblind")
    d.add_argument("--text", choices=("text", "outline"), default="text",
                   help="texts as editable text (default) or as glyph outlines")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 1 refused input, 2 bad usage)."""
    args = _parser().parse_args(argv)
    from .diagram import load_diagram
    from .errors import HexrulesError

    try:
        if not 1 <= args.dpi <= 2400:
            raise HexrulesError(f"--dpi {args.dpi:g} is not from 1 to 2400")
        width = parse_size(args.width, args.dpi) if args.width else None
        height = parse_size(args.height, args.dpi) if args.height else None
        from .plot.theme import get_theme

        theme = get_theme(args.theme)
        out = args.output or args.file.with_suffix(".svg")
        d = load_diagram(args.file)
        d.save(out, theme=theme, width=width, height=height, dpi=args.dpi, text=args.text)
    except HexrulesError as err:
        print(f"hexrules draw: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"hexrules draw: cannot write {str(err.filename or out)!r}: {err.strerror}", file=sys.stderr)
        return 1
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
