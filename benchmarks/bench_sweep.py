"""The sweep's speed (issue 35 part 4): ``hexrules.whatif.sweep(1000)`` on the default spec, single
process, now and as it was before the speedup, side by side in one run. Prints figures; asserts
nothing.

"Before" is the package at another commit (default ``a87a993``, the last one before the sweep was
made fast), checked out into a temporary git worktree and timed by the same code in a fresh
interpreter; "now" is this checkout. Each is timed ``--rounds`` times, alternating (so a burst of
load on the shared machine falls on both), and the best and median rounds are printed as seconds
and boards per second, with the load average. Both must count the same: the script prints whether
the two results' tallies are equal.

With ``--executors N`` it then times ``sweep(N)`` (10,000 by default) where the boards are counted:
one process, two local worker processes (``workers=2``), and a Dask ``LocalCluster`` of two worker
processes (``executor=client.get_executor()``, the cluster started before the clock), in boards per
second, checking that all three give the same result.

Run: ``.venv/bin/python benchmarks/bench_sweep.py [--boards 1000] [--rounds 3] [--before REV]
[--executors 10000]`` (``--before ''`` times only this checkout).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# what one timing does, in a fresh interpreter whose sys.path starts with the package to time
ONE = """
import json, sys, time
from hexrules.whatif import sweep
boards = int(sys.argv[1])
t = time.perf_counter()
result = sweep(boards, seed=0)
took = time.perf_counter() - t
tallies = [[t.alternative.label, t.boards, t.boards_changed, t.movements, t.movements_changed, t.reach_change,
            t.situations, t.situations_changed] for t in result.tallies]
print(json.dumps({"seconds": took, "tallies": tallies}))
"""


def timed(package: Path, boards: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(package)}
    out = subprocess.run([sys.executable, "-c", ONE, str(boards)], env=env, cwd=package, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def executors(boards: int) -> None:
    """sweep(boards) in one process, on two local processes and on a Dask LocalCluster of two."""
    import time

    from dask.distributed import Client, LocalCluster

    from hexrules.whatif import sweep

    results, rows = [], []
    for name in ("one process", "workers=2", "Dask LocalCluster, 2 worker processes"):
        if name.startswith("Dask"):
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                              host="127.0.0.1") as cluster, Client(cluster) as client:
                t = time.perf_counter()
                results.append(sweep(boards, seed=0, executor=client.get_executor()))
                took = time.perf_counter() - t
        else:
            t = time.perf_counter()
            results.append(sweep(boards, seed=0, workers=1 if name == "one process" else 2))
            took = time.perf_counter() - t
        rows.append((name, took))
        print(f"  {name}: {took:.1f} s (load {os.getloadavg()[0]:.1f})", flush=True)
    print(f"\nsweep({boards}) by where it counts (load {os.getloadavg()[0]:.1f} at the end):")
    for name, took in rows:
        print(f"{name:40} {took:8.1f} s {boards / took:10.0f} boards/s")
    print(f"same result everywhere: {all(r == results[0] and r.counts == results[0].counts for r in results)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--before", default="a87a993", help="the commit to compare with ('' for none)")
    ap.add_argument("--executors", type=int, default=0, metavar="BOARDS",
                    help="then time sweep(BOARDS) on 1 and 2 processes and a Dask LocalCluster")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        packages = {"now": REPO}
        if args.before:
            before = Path(tmp) / "before"
            subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(before), args.before],
                           check=True, capture_output=True)
            packages = {f"before ({args.before})": before, "now": REPO}
        try:
            runs: dict[str, list[dict]] = {name: [] for name in packages}
            for _ in range(args.rounds):
                for name, package in packages.items():
                    runs[name].append(timed(package, args.boards))
                    print(f"  {name}: {runs[name][-1]['seconds']:.2f} s (load {os.getloadavg()[0]:.1f})", flush=True)
        finally:
            if args.before:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(before)],
                               capture_output=True)
    print(f"\nsweep({args.boards}), default spec, every alternative, one process, {args.rounds} rounds "
          f"(load {os.getloadavg()[0]:.1f} at the end):")
    print(f"{'':24} {'best s':>8} {'median s':>9} {'boards/s (best)':>16} {'boards/s (median)':>18}")
    best = {}
    for name, rs in runs.items():
        secs = [r["seconds"] for r in rs]
        best[name] = min(secs)
        med = statistics.median(secs)
        print(f"{name:24} {min(secs):8.2f} {med:9.2f} {args.boards / min(secs):16.0f} {args.boards / med:18.0f}")
    if len(runs) == 2:
        (a, ra), (b, rb) = runs.items()
        print(f"ratio (best): x{best[a] / best[b]:.2f}; same tallies: {ra[0]['tallies'] == rb[0]['tallies']}")
    if args.executors:
        print()
        executors(args.executors)


if __name__ == "__main__":
    main()
