"""Movement benchmarks (issue 2 targets). Prints figures; asserts nothing.

* cold ``import hexrules`` in a fresh interpreter: median of 15 runs (target <= 0.15 s, issue 14; issue 2 asked 0.35 s), and
  whether matplotlib / ipywidgets were imported (they must not be);
* reachable hexes on a 100 x 100 board, allowance 8, against calling networkx's Dijkstra
  directly with the same weight callable (target: within 2x).
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time

import networkx as nx


def cold_import(runs: int = 15) -> None:
    code = (
        "import time, sys; t = time.perf_counter(); import hexrules; "
        "print(time.perf_counter() - t, 'matplotlib' in sys.modules, 'ipywidgets' in sys.modules)"
    )
    times, heavy = [], set()
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
        times.append(float(out[0]))
        if out[1] == "True":
            heavy.add("matplotlib")
        if out[2] == "True":
            heavy.add("ipywidgets")
    print(f"cold import hexrules: median {statistics.median(times) * 1000:.0f} ms "
          f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}; target <= 150 ms, issue 14); "
          f"heavy modules imported: {sorted(heavy) or 'none'}")


def reach_vs_networkx(repeats: int = 40) -> None:
    from hexrules.board import Board
    from hexrules.hexgrid import from_offset
    from hexrules.movement import movement_weight, reachable
    from hexrules.state import State, Unit

    rng = random.Random(7)
    cells = {from_offset(c, r): (rng.choice([0, 0, 0, 1, 2]), rng.choice(["open"] * 8 + ["water", "impassable"]))
             for r in range(100) for c in range(100)}
    t0 = time.perf_counter()
    board = Board(cells)
    build = time.perf_counter() - t0
    start = from_offset(50, 50)
    cells[start] = (1, "open")
    board = Board(cells)
    units = [Unit("Mover", "a", start, advance=8)]
    for i in range(60):  # some allies and enemies around
        h = from_offset(rng.randrange(40, 61), rng.randrange(40, 61))
        if h != start and board.terrain(h).passable and all(u.hex != h for u in units):
            units.append(Unit(f"U{i}", rng.choice("ab"), h))
    state = State(units)

    ours, raw = [], []
    for _ in range(repeats):
        t = time.perf_counter()
        r = reachable(board, state, "Mover")
        ours.append(time.perf_counter() - t)
        t = time.perf_counter()
        w = movement_weight(board, state, "Mover")
        nx.single_source_dijkstra(board.graph, start, cutoff=8, weight=w)
        raw.append(time.perf_counter() - t)
    a, b = statistics.median(ours), statistics.median(raw)
    print(f"100 x 100 board built in {build * 1000:.0f} ms; reachable (allowance 8, {len(r)} hexes, "
          f"{len(units) - 1} other units): median {a * 1000:.2f} ms; networkx Dijkstra with the same "
          f"weight: {b * 1000:.2f} ms; ratio {a / b:.2f} (target <= 2)")


if __name__ == "__main__":
    cold_import()
    reach_vs_networkx()
