"""Open the kit: JupyterLab on the lessons in notebooks/, bound to 127.0.0.1, token authentication on.

Run by ``make lab``. JupyterLab generates a fresh random token and prints the URL with it
(open that URL in a browser on this machine). As root, ``--allow-root`` is added, since
JupyterLab otherwise refuses to start. Extra arguments go to JupyterLab:
``make lab ARGS=--port=8899``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    # Serve the repository root (so the lessons' links to docs/RULES.md open) and start on the
    # welcome lesson.
    args = [
        sys.executable, "-m", "jupyter", "lab",
        "--ip=127.0.0.1",
        "--no-browser",
        f"--ServerApp.root_dir={ROOT}",
        "--LabApp.default_url=/lab/tree/notebooks/00_welcome.ipynb",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    args += argv
    print("Starting JupyterLab on 127.0.0.1; open the URL with the token that it prints below.", flush=True)
    os.execv(sys.executable, args)
    return 0  # not reached


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
