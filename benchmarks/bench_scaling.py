"""Scaling benchmarks (issue 11 parts 7-8, issue 14 parts 3-4). Prints figures; asserts nothing.

Before and after in the same run: the implementations the kit had before (main at c4dd765) are
kept here, in this script, not in the package, and timed on the same inputs:

* building a board at 100, 1,000 and 10,000 hexes (and reading 100 x 100 and 300 x 300 from
  scenario text): the graph built edge by edge when the board was made (before), against the
  board's plain lookups with the graph built in bulk on first use (after); time, growth ratio
  per 10x hexes, and memory per hex (tracemalloc: board alone, board with its graph);
* ``engagements`` with 10, 100 and 1,000 units on boards of 1,000 and 10,000 hexes: every unit's
  enemies from zones recomputed per unit (before, quadratic) against one pass (after);
* Push N on open ground, N = 4 to 16: the branch count, and the time to make every branch
  eagerly (before) against counting them, finding the destinations and replaying one chosen
  branch without building the others (after), and streaming them all;
* a Crush against a vehicle with 20, 50 and 100 dice (100 is ``hexrules.checks.MAX_DICE``, the
  most the kit computes), with its three marginals: one Fraction
  per outcome summed and validated (before) against whole-number counts and binomial marginals
  (after); the 20-dice case is issue 14's 5 ms target;
* cold ``import hexrules`` (a fresh interpreter each run): median of many runs, with networkx
  imported first as it was before (``import networkx, hexrules``) against ``import hexrules``,
  and whether the package's bytecode is compiled (``make`` compiles it; this environment sets
  PYTHONDONTWRITEBYTECODE=1, so Python would not write it).

``python benchmarks/bench_scaling.py --full`` also runs the slow "before" cases (Push 16 eager:
about half a minute and half a gigabyte; engagements with 1,000 units before: ~20 s).
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any, Callable

import networkx as nx

from hexrules.checks import MAX_DICE
from hexrules.board import Board
from hexrules.dice import vehicle_die_classes, vehicle_distribution
from hexrules.forced import Branch, ForcedStep, push, push_next
from hexrules.hexgrid import Hex, from_offset
from hexrules.movement import engagements
from hexrules.scenario import parse_scenario
from hexrules.state import State, Unit

FULL = "--full" in sys.argv


def best_of(fn: Callable[[], Any], repeats: int = 3) -> tuple[float, Any]:
    """The fastest of ``repeats`` runs, in seconds (the least disturbed by a busy machine), and the result."""
    out, times = None, []
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def peak_bytes(fn: Callable[[], Any], *, peak: bool = False) -> tuple[int, Any]:
    """Bytes allocated by ``fn`` and still held by its result (or, with ``peak``, the most held
    at any time while it ran), and the result (tracemalloc)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    out = fn()
    held, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return (top if peak else held) - before, out


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.2f} ms"


# --- before: the implementations of c4dd765 -----------------------------------------------------------


class OldBoard(Board):
    """The board as c4dd765 built it: the graph made at once, one add_node / add_edge per hex and edge."""

    def __init__(self, cells, terrain=None, orientation=None, name=""):
        from hexrules.hexgrid import POINTY

        super().__init__(cells, terrain, orientation or POINTY, name)  # the checks and lookups
        g = nx.DiGraph(name=name)
        for h, (elevation, tname) in cells.items():
            g.add_node(h, elevation=elevation, terrain=tname)
        for a in g.nodes:
            for b in a.neighbors():
                if b in g:
                    ea, eb = g.nodes[a]["elevation"], g.nodes[b]["elevation"]
                    tb = self.terrain_table[g.nodes[b]["terrain"]]
                    data = {"climb": max(0, eb - ea), "drop": max(0, ea - eb)}
                    if tb.passable:
                        data["cost"] = 1 + data["climb"] + tb.cost
                    g.add_edge(a, b, **data)
        self._graph = g


def old_engagements(board: Board, state: State) -> dict[str, tuple[str, ...]]:
    """c4dd765: each unit's zones (every enemy's neighbours) recomputed for that unit."""
    el = board.elevations
    out = {}
    for u in state:
        zones: dict[Hex, tuple[str, ...]] = {}
        for o in state:
            if o.side != u.side and o.hex in el:
                for n in o.hex.neighbors():
                    if el.get(n) == el[o.hex]:
                        zones[n] = (*zones.get(n, ()), o.name)
        names = zones.get(u.hex, ())
        if names:
            out[u.name] = names
    return out


def old_push_open(board: Board, state: State, source: Hex, target: str, n: int) -> tuple[Branch, ...]:
    """c4dd765's eager recursive walk, the parts a Push on open ground reaches (every step moves)."""
    tgt = state.unit(target)
    by = state.at(source)
    branches: list[Branch] = []
    elev = lambda h: board.graph.nodes[h]["elevation"]  # noqa: E731  (the old walk read the graph)

    def emit(steps, ending, ruling):
        branches.append(Branch(
            kind="push", target=target, source=source, n=n, start=tgt.hex, steps=steps, ending=ending, hit=None,
            levels=0, damages=(), removed=False, collision=False, ruling=ruling, start_elevation=elev(tgt.hex),
            source_elevation=elev(source), by=by.name if by else None, by_garrison=False, board=board))

    def node(cur, steps):
        if len(steps) == n:
            emit(steps, "full", "P1")
            return
        emit(steps, "stop", "P1")
        for nxt in push_next(source, cur):
            assert nxt in board and board.terrain(nxt).passable and state.at(nxt) is None
            st = ForcedStep(len(steps) + 1, cur, nxt, "moved", source.distance(cur), source.distance(nxt), elev(cur),
                            elev(nxt), kind="push", target=target, ruling="P1", board=board)
            node(nxt, steps + (st,))

    node(tgt.hex, ())
    return tuple(branches)


def old_vehicle(n: int, shield: int, resolve: int) -> tuple[dict, dict, dict]:
    """c4dd765: one Fraction per outcome, summed to validate, and each marginal summed over the joint."""
    none, minor, major = vehicle_die_classes(shield, resolve)
    counts: dict[tuple[int, int], int] = {}
    for j in range(n + 1):
        cj = comb(n, j) * major**j
        for i in range(n - j + 1):
            c = cj * comb(n - j, i) * minor**i * none ** (n - j - i)
            if c:
                counts[(i, j)] = counts.get((i, j), 0) + c
    pmf = {k: Fraction(c, 6**n) for k, c in counts.items()}
    items = sorted(pmf.items())  # what Distribution.__init__ did: order, check, sum exactly
    assert all(0 <= p <= 1 for _, p in items) and sum((p for _, p in items), Fraction(0)) == 1
    pmf = {k: Fraction(p) for k, p in items}

    def marginal(which):
        out: dict[int, Fraction] = {}
        for k, p in pmf.items():
            out[k[which]] = out.get(k[which], Fraction(0)) + p
        assert sum(out.values(), Fraction(0)) == 1
        return out

    return marginal(0), marginal(1), marginal(1)


# --- the figures ------------------------------------------------------------------------------------


def board_cells(columns: int, rows: int, seed: int = 7) -> dict[Hex, tuple[int, str]]:
    rng = random.Random(seed)
    return {from_offset(c, r): (rng.choice([0, 0, 0, 1, 2]), rng.choice(["open"] * 8 + ["water", "impassable"]))
            for r in range(rows) for c in range(columns)}


SIZES = [(10, 10), (32, 32), (100, 100)]  # 100, 1,024, 10,000 hexes


def building() -> None:
    print("Building a board (random elevations and terrain); best of 3; memory held per hex (tracemalloc)")
    print(f"{'hexes':>7} {'before: graph edge by edge':>27} {'after: board':>14} {'after: + graph':>15} "
          f"{'ratio':>7}   bytes/hex: before, after, after + graph")
    last = None
    for cols, rows in SIZES:
        cells = board_cells(cols, rows)
        t_old, _ = best_of(lambda: OldBoard(cells))
        t_new, _ = best_of(lambda: Board(cells))
        t_graph, _ = best_of(lambda: Board(cells).graph)
        m_old, _ = peak_bytes(lambda: OldBoard(cells))
        m_new, b = peak_bytes(lambda: Board(cells))
        m_graph, _ = peak_bytes(lambda: b.graph)
        h = len(cells)
        grow = f"   growth per 10x hexes: before x{t_old / last[0]:.1f}, after x{t_new / last[1]:.1f}" if last else ""
        print(f"{h:>7} {ms(t_old):>27} {ms(t_new):>14} {ms(t_graph):>15} {t_old / t_new:>6.0f}x   "
              f"{m_old / h:6.0f}, {m_new / h:4.0f}, {(m_new + m_graph) / h:5.0f}{grow}")
        last = (t_old, t_new)
    for cols, rows in ((100, 100), (300, 300)):
        text = "map:\n" + "".join(("    " if r % 2 == 0 else "     ") + " ".join(["0"] * cols) + "\n" for r in range(rows))
        t_new, _ = best_of(lambda: parse_scenario(text), 1)
        m_new, _ = peak_bytes(lambda: parse_scenario(text), peak=True)
        line = f"reading a {cols} x {rows} map from scenario text: after {t_new:.2f} s, peak {m_new / 2**20:.0f} MiB"
        if cols == 100 or FULL:
            import hexrules.scenario as scenario_module

            scenario_module.Board = OldBoard  # the parser building the board the old way
            try:
                t_old, _ = best_of(lambda: parse_scenario(text), 1)
                m_old, _ = peak_bytes(lambda: parse_scenario(text), peak=True)
            finally:
                scenario_module.Board = Board
            line += f"; before {t_old:.2f} s, peak {m_old / 2**20:.0f} MiB"
        print(line)


def engagement() -> None:
    print("\nengagements(board, state): units of two sides at random; best of 3 (before at 1,000 units: once)")
    print(f"{'hexes':>7} {'units':>6} {'before':>13} {'after':>13} {'ratio':>8}   growth per 10x units")
    for cols, rows in ((32, 32), (100, 100)):
        board = Board(board_cells(cols, rows))
        free = [h for h in board if board.terrain(h).passable]
        last = None
        for k in (10, 100, 1000):
            if k > len(free) // 2:
                continue
            spots = random.Random(k).sample(free, k)
            state = State([Unit(f"U{i}", "ab"[i % 2], h) for i, h in enumerate(spots)])
            t_new, got = best_of(lambda: engagements(board, state))
            if k < 1000 or FULL:
                t_old, old = best_of(lambda: old_engagements(board, state), 1 if k >= 1000 else 3)
                assert old == got
                before, ratio = ms(t_old), f"{t_old / t_new:7.0f}x"
            else:
                t_old, before, ratio = None, "   (--full)", ""
            grow = ""
            if last:
                grow = f"before x{t_old / last[0]:.0f}, " if t_old and last[0] else ""
                grow += f"after x{t_new / last[1]:.1f}"
            print(f"{len(board):>7} {k:>6} {before:>13} {ms(t_new):>13} {ratio:>8}   {grow}")
            last = (t_old, t_new)


def pushes() -> None:
    board = Board({h: (0, "open") for h in Hex(0, 0).spiral(20)})
    state = State([Unit("Zaku", "zeon", Hex(0, 0)), Unit("Gundam", "federation", Hex(1, 0))])
    print("\nPush N on open ground (source next to the target): every branch, best of 3")
    print(f"{'N':>3} {'branches':>9} {'ends':>5} {'before: all, eager':>19} {'after: count+ends+one':>22} "
          f"{'after: stream all':>18}   memory of the list: before, after")
    for n in (4, 8, 12, 14, 16):
        def lazy():
            fm = push(board, state, "Zaku", "Gundam", n)
            straight = [Hex(2 + i, 0) for i in range(n)]
            return fm.count, len(fm.destinations), fm.resolve(straight)

        t_lazy, (count, ends, _) = best_of(lazy)
        t_stream, streamed = best_of(lambda: sum(1 for _ in push(board, state, "Zaku", "Gundam", n)), 1 if n >= 14 else 3)
        assert streamed == count
        if n <= 12 or FULL:
            t_old, old = best_of(lambda: old_push_open(board, state, Hex(0, 0), "Gundam", n), 1 if n >= 12 else 3)
            assert len(old) == count
            m_old, _ = peak_bytes(lambda: old_push_open(board, state, Hex(0, 0), "Gundam", n))
            m_new, _ = peak_bytes(lambda: push(board, state, "Zaku", "Gundam", n).branches)
            before, memory = ms(t_old), f"{m_old / 2**20:.1f} MiB, {m_new / 2**20:.1f} MiB"
        else:
            before, memory = "     (--full)", ""
        print(f"{n:>3} {count:>9,} {ends:>5} {before:>19} {ms(t_lazy):>22} {ms(t_stream):>18}   {memory}")


def dice() -> None:
    print("\nCrush against a vehicle (Shield 3, Resolve 2) with its Minor, Major and HP-lost marginals; best of 3")
    print(f"{'dice':>5} {'outcomes':>9} {'before':>13} {'after':>13} {'ratio':>7}")
    for n in (20, MAX_DICE // 2, MAX_DICE):
        def new():
            v = vehicle_distribution(n, 3, 2)
            return v, (v.minor, v.major, v.hp_lost)

        t_new, (v, marginals) = best_of(new, 21 if n == 20 else 3)
        t_old, old = best_of(lambda: old_vehicle(n, 3, 2), 21 if n == 20 else 1)
        assert [dict(m.items()) for m in marginals] == list(old)
        target = "   (issue 14 target <= 5 ms: " + ("ok)" if t_new <= 0.005 else "OVER)") if n == 20 else ""
        print(f"{n:>5} {len(v):>9,} {ms(t_old):>13} {ms(t_new):>13} {t_old / t_new:>6.0f}x{target}")


def cold_import(runs: int = 21) -> None:
    probe = ("import time, sys; t = time.perf_counter(); {imports}; "
             "print(time.perf_counter() - t, *(m in sys.modules for m in ('networkx', 'matplotlib', 'ipywidgets')))")
    spec = importlib.util.find_spec("hexrules")
    source = Path(spec.origin).parent
    stale = [p.name for p in source.glob("*.py")
             if not Path(importlib.util.cache_from_source(str(p))).exists()
             or Path(importlib.util.cache_from_source(str(p))).stat().st_mtime < p.stat().st_mtime]
    print(f"\ncold import, a fresh interpreter each run, median of {runs} (interleaved); bytecode of "
          f"{source}: {'compiled' if not stale else 'missing or stale for ' + str(len(stale)) + ' modules'}")
    results: dict[str, list[float]] = {"import networkx, hexrules  (before)": [], "import hexrules  (after)": []}
    heavy: set[str] = set()
    for _ in range(runs):
        for label, imports in zip(results, ("import networkx, hexrules", "import hexrules")):
            out = subprocess.run([sys.executable, "-c", probe.format(imports=imports)], capture_output=True,
                                 text=True, check=True).stdout.split()
            results[label].append(float(out[0]))
            if "after" in label:
                heavy |= {m for m, flag in zip(("networkx", "matplotlib", "ipywidgets"), out[1:]) if flag == "True"}
    for label, times in results.items():
        print(f"  {label:<36} median {statistics.median(times) * 1000:6.1f} ms "
              f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f})")
    print(f"  issue 14 target <= 150 ms; modules `import hexrules` brings among networkx, matplotlib, ipywidgets: "
          f"{sorted(heavy) or 'none'}")


def main() -> None:
    building()
    engagement()
    pushes()
    dice()
    cold_import()


if __name__ == "__main__":
    main()
