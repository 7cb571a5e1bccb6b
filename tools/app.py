"""The lessons as standalone pages (app mode, Voila): ``make app NB=notebooks/06_push.ipynb``.

Usage::

    .venv/bin/python tools/app.py NOTEBOOK [--port PORT]
    make app NB=NOTEBOOK ARGS=--port=PORT

Serves, on 127.0.0.1 with a fresh random token, a temporary copy of the lessons and the docs
(tools/appserver.py) and prints the URL of NOTEBOOK as an app: its outputs and widgets only,
no code; each visitor gets a fresh kernel. Links to other lessons open them as apps, links to
docs/RULES.md and the rule text open them as pages. Nothing is written into the repository
(the kernels run in the temporary copy). A NOTEBOOK outside the kit's notebooks/ (your copy in
my-lessons/notebooks/, or one of your own) is served beside the lessons, in their place when it
has a lesson's name; only that file is copied, not the folder it is in.

``--port``: a TCP port (1 to 65535); if it is in use, the command stops with a message and
serves nothing (it never moves to another port, so the printed URL is always this server's).
Without it, a free port is picked. The token is in the printed URL only: it reaches the server
through its environment, never its command line (which every user of the machine can read).
Stop it with Ctrl-C (the server and its kernels are ended by process group).
"""
from __future__ import annotations

import argparse
import errno
import secrets
import shutil
import signal
import socket
import sys
import tempfile
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browserkit as bk  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
LESSONS = REPO / "notebooks"
DOCS = REPO / "docs"


class PortError(Exception):
    """The port cannot be used: the message says why and what to do."""


def tcp_port(text: str) -> int:
    """argparse type: an integer from 1 to 65535."""
    if not text.isascii() or not text.strip().isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"must be a TCP port, 1 to 65535; got {text!r}")
    return int(text)


def check_port_free(port: int) -> None:
    """Raise PortError when *port* on 127.0.0.1 cannot be listened on (in use, or not
    allowed). Same socket options as the server's (SO_REUSEADDR), so a port that only has
    connections closing (TIME_WAIT) counts as free, as it is for the server."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise PortError(
                    f"port {port} on 127.0.0.1 is already in use (another server?). Choose "
                    f"another: make app ARGS=--port=NNNN, or leave --port out for a free "
                    "one") from None
            if e.errno == errno.EACCES:
                raise PortError(f"port {port}: permission denied (ports below 1024 need "
                                "root); choose a port from 1024 to 65535") from None
            raise


def build_tree(root: Path, notebook: Path | None = None, lessons: Path = LESSONS) -> str | None:
    """Fill *root* with copies of the lessons (``notebooks/*.ipynb``) and the docs, plus
    *notebook* when it is not one of the lessons (the file only, not its folder); return its
    path relative to *root* (``notebooks/NAME``)."""
    folder = root / "notebooks"
    folder.mkdir(parents=True)
    for lesson in sorted(Path(lessons).glob("*.ipynb")):
        shutil.copyfile(lesson, folder / lesson.name)
    shutil.copytree(DOCS, root / "docs", ignore=shutil.ignore_patterns(".*"))
    if notebook is None:
        return None
    notebook = notebook.resolve()
    if notebook.parent != Path(lessons).resolve():
        shutil.copyfile(notebook, folder / notebook.name)
    return f"notebooks/{notebook.name}"


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", type=Path, help="the notebook to open, e.g. notebooks/02_...ipynb")
    parser.add_argument("--port", type=tcp_port, default=None,
                        help="port on 127.0.0.1, 1 to 65535 (default: a free one)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)  # kill / timeout clean up like Ctrl-C
    nb = args.notebook
    if not nb.is_file() or nb.suffix != ".ipynb":
        parser.error(f"not a notebook file: {nb}")
    try:
        if args.port is not None:
            check_port_free(args.port)
    except PortError as e:
        print(f"app: {e}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="hexrules-app-") as tmp:
        tmp = Path(tmp)
        rel = build_tree(tmp / "root", nb)
        print(f"app: starting Voila for {nb} ...", flush=True)
        try:
            server = bk.start_voila(tmp / "root", tmp / "jupyter", port=args.port,
                                    token=secrets.token_urlsafe(32), log_to_terminal=True)
        except bk.BrowserKitError as e:
            if args.port is not None:
                try:
                    check_port_free(args.port)
                except PortError as busy:  # taken between our check and the server's start
                    print(f"app: {busy}", file=sys.stderr)
                    return 1
            print(f"app: Voila did not start: {e}", file=sys.stderr)
            return 1
        try:
            url = server.url("/voila/render/" + urllib.parse.quote(rel))
            print(f"\n    Open {url}\n\n(Ctrl-C stops it)\n", flush=True)
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
