"""Serve one notebook as a standalone page (app mode, Voila): ``make app NB=notebooks/02_....ipynb``.

Usage::

    .venv/bin/python tools/app.py NOTEBOOK [--port PORT]

Runs ``voila NOTEBOOK --no-browser --port P --Voila.ip=127.0.0.1 --token T`` on 127.0.0.1 with a
random token (auth stays on) and prints the URL to open, token included. The page shows the
notebook's outputs and widgets only (no code); each visitor gets a fresh kernel. The notebook is
served from a temporary copy of its folder, so nothing is written into the repository. Stop it
with Ctrl-C (the server and its kernels are ended by process group).
"""
from __future__ import annotations

import argparse
import signal
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browserkit as bk  # noqa: E402


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", type=Path, help="the notebook to serve, e.g. notebooks/02_...ipynb")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)  # kill / timeout clean up like Ctrl-C
    nb = args.notebook
    if not nb.is_file() or nb.suffix != ".ipynb":
        parser.error(f"not a notebook file: {nb}")
    with tempfile.TemporaryDirectory(prefix="hexrules-app-") as tmp:
        tmp = Path(tmp)
        copy = bk.copy_notebooks(nb.resolve().parent, tmp / "notebooks") / nb.name
        print(f"app: starting Voila for {nb} ...", flush=True)
        server = bk.start_voila(copy, tmp / "jupyter", port=args.port or None, log_to_terminal=True)
        try:
            print(f"\n    Open {server.url('/')}\n\n(Ctrl-C stops it)\n", flush=True)
            server.proc.wait()
            print(f"app: Voila exited with code {server.proc.returncode}", file=sys.stderr)
            return server.proc.returncode or 1
        except KeyboardInterrupt:
            print("\napp: stopping", flush=True)
            return 0
        finally:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
