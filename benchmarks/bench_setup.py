"""Fresh machine to open kit: seconds from a fresh clone to `make lab`'s URL and to `make test`'s
first test, with an empty package cache (cold) and a filled one (warm), before and after.

Each measurement clones the repository afresh (``git clone``, then the commit under test) into a
temporary folder, so there is no .venv, and runs the README's command there:

- ``make lab ARGS=--port=P``: time to the line "tarting JupyterLab" (the set-up done) and to the
  printed URL ``http://127.0.0.1:P/...``; then the server is stopped (its process group);
- ``make test`` with ``PYTEST_ADDOPTS=--collect-only``: time to pytest's first line
  ("test session starts": the set-up done, Chromium checked), and to the end of collection.

Cold: the installers' caches are empty folders (``PIP_CACHE_DIR``, ``UV_CACHE_DIR`` point into
the benchmark's temporary folder); warm: a second fresh clone reuses the caches the cold run
filled. "before" is the last commit that installed with pip (``--before``; ``--before ''`` skips
it), "after" the commit checked out here (HEAD). The same registries as always (this machine's
pip configuration; uv reads PyPI). Needs the network to the registries; takes a few minutes.

Run: ``.venv/bin/python benchmarks/bench_setup.py [--before REF] [--after REF] [--no-test]``
(``make bench`` runs it with the defaults).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# The last commit whose Makefile installed requirements.lock with pip (no hashes, no uv).
BEFORE = "34e5d13"
TARGET_S = 60.0
TIMEOUT_S = 900.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clone(ref: str, dest: Path) -> None:
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(dest)], check=True)
    subprocess.run(["git", "-C", str(dest), "checkout", "--quiet", "--detach", ref], check=True)


def timed(cmd: list[str], cwd: Path, env: dict, marks: dict[str, str]) -> dict[str, float]:
    """Run *cmd*; return the seconds at which each regex of *marks* first matched a line of its
    output (and "exit" if it ended). Stops the process group once every mark was seen."""
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
                            start_new_session=True)
    seen: dict[str, float] = {}
    log: list[str] = []
    done = threading.Event()

    def reader():
        for line in proc.stdout:
            log.append(line)
            for name, pattern in marks.items():
                if name not in seen and re.search(pattern, line):
                    seen[name] = time.monotonic() - t0
            if len(seen) == len(marks):
                done.set()
        done.set()

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    done.wait(TIMEOUT_S)
    if proc.poll() is not None:
        seen.setdefault("exit", time.monotonic() - t0)
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
    thread.join(timeout=5)
    missing = [m for m in marks if m not in seen]
    if missing:
        tail = "".join(log[-30:])
        raise SystemExit(f"{' '.join(cmd)}: never printed {missing}; output tail:\n{tail}")
    return seen


def measure(ref: str, command: str, caches: Path, work: Path, label: str) -> dict[str, float]:
    dest = work / label
    clone(ref, dest)
    env = dict(os.environ)
    env.pop("PYTHON", None)
    env.update({"PIP_CACHE_DIR": str(caches / "pip"), "UV_CACHE_DIR": str(caches / "uv")})
    if command == "lab":
        port = free_port()
        marks = {"set-up": r"tarting JupyterLab", "URL": rf"http://127\.0\.0\.1:{port}/\S*token="}
        return timed(["make", "lab", f"ARGS=--port={port}"], dest, env, marks)
    env["PYTEST_ADDOPTS"] = "--collect-only -p no:cacheprovider"
    marks = {"set-up": r"test session starts", "collected": r"(\d+ tests? collected|collected \d+)"}
    return timed(["make", "test"], dest, env, marks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default=BEFORE, help="commit installing with pip ('' skips)")
    parser.add_argument("--after", default="HEAD", help="commit under test (default HEAD)")
    parser.add_argument("--no-test", dest="test", action="store_false",
                        help="measure make lab only")
    args = parser.parse_args(argv)
    refs = [("after", args.after)]
    if args.before:
        if subprocess.run(["git", "-C", str(REPO), "cat-file", "-e", f"{args.before}^{{commit}}"],
                          capture_output=True).returncode == 0:
            refs.insert(0, ("before", args.before))
        else:
            print(f"note: commit {args.before} not found; measuring 'after' only")
    commands = ["lab", "test"] if args.test else ["lab"]
    work = Path(tempfile.mkdtemp(prefix="hexrules-bench-setup-"))
    rows = []
    try:
        for name, ref in refs:
            for command in commands:
                caches = work / f"cache-{name}-{command}"
                for state in ("cold", "warm"):
                    label = f"{name}-{command}-{state}"
                    load = os.getloadavg()[0]
                    marks = measure(ref, command, caches, work, label)
                    rows.append((name, command, state, marks, load))
                    print(f"  {label:<18} " + "  ".join(f"{k} {v:6.1f} s" for k, v in marks.items())
                          + f"  (load {load:.1f} before)", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nFresh clone -> README command, seconds ({os.cpu_count()} cores; "
          f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}; "
          "ready: make lab's URL, make test's collection done):")
    print(f"  {'commit':<8} {'command':<9} {'cache':<6} {'set-up':>8} {'ready':>8} {'load':>6}")
    for name, command, state, marks, load in rows:
        ready = marks.get("URL", marks.get("collected"))
        print(f"  {name:<8} {'make ' + command:<9} {state:<6} {marks['set-up']:8.1f} {ready:8.1f}"
              f" {load:6.1f}")
    by = {(n, c, s): m for n, c, s, m, _ in rows}
    for command in commands:
        for state in ("cold", "warm"):
            b, a = by.get(("before", command, state)), by.get(("after", command, state))
            if b and a:
                print(f"  make {command} {state}: set-up before/after x{b['set-up'] / a['set-up']:.1f}")
    cold_lab = by[("after", "lab", "cold")]["URL"]
    verdict = "meets" if cold_lab <= TARGET_S else "MISSES"
    print(f"  target: make lab cold to URL <= {TARGET_S:.0f} s: {verdict} ({cold_lab:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
