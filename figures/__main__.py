"""``python -m figures [--check] [--out DIR] [NAME ...]``: regenerate the figures and their gallery (see figures/__init__.py).

Writes ``<name>.svg`` and ``<name>.png`` for every diagram file of ``hexrules/diagrams/`` (boards
and charts), and the gallery ``README.md`` (only files whose bytes change are rewritten). ``--check`` writes nothing and exits with status 1 when
a committed file is stale or missing. ``--list`` prints the figure names.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import FIGURES_DIR, build, discover


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m figures", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="figures to build (default: all)")
    parser.add_argument("--check", action="store_true", help="report stale files, write nothing; exit 1 if any")
    parser.add_argument("--out", type=Path, default=FIGURES_DIR, help="output directory (default: figures/)")
    parser.add_argument("--list", action="store_true", help="list the figure names and exit")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(discover()))
        return 0
    try:
        changed = build(args.out, check=args.check, names=args.names or None)
    except KeyError as err:
        print(err.args[0], file=sys.stderr)
        return 2
    if args.check:
        if changed:
            print(f"{len(changed)} stale figure file(s); run: make figures", file=sys.stderr)
            return 1
        print("figures are up to date")
    elif not changed:
        print("figures are up to date (no file changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
