"""Scenario text benchmarks (issue 11: bounded reading). Prints figures; asserts nothing.

* reading a 100 x 100 and a 300 x 300 map (the designer's extreme), split into the text's own
  share (lines, tokens, cells, units) and building the Board from the same cells, measured in
  turns (the fastest run of each: the machine is shared);
* writing them back (``to_text``, readable and compact);
* the worst texts at the limits: a text of MAX_TEXT_LENGTH characters of each shape the reader
  must go through before it can refuse (one long line of words, quoted words, many lines,
  many headings), a map one row or one cell over the limit, and one hex over MAX_HEXES: time
  and peak memory (tracemalloc, a second pass, since tracing slows Python down);
* the fuzzer's throughput (texts a second).
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

from hexrules.board import Board
from hexrules.errors import ScenarioError
from hexrules.scenario import MAX_HEXES, MAX_MAP_COLUMNS, MAX_MAP_ROWS, MAX_TEXT_LENGTH, parse_scenario


def seconds(fn, repeats: int = 3) -> float:
    """The fastest of ``repeats`` runs (the least disturbed by other work on a shared machine)."""
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def side_by_side(fns, repeats: int) -> list[float]:
    """The fastest run of each of ``fns``, run in turns so that a busy moment hits them alike."""
    best = [float("inf")] * len(fns)
    for _ in range(repeats):
        for i, fn in enumerate(fns):
            best[i] = min(best[i], seconds(fn, 1))
    return best


def peak_mb(fn) -> float:
    tracemalloc.start()
    try:
        fn()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak / 1e6


def square(n: int) -> str:
    rows = [("   " if r % 2 else "  ") + "  ".join("1~" if (r * n + c) % 7 == 0 else "0" for c in range(n)) for r in range(n)]
    units = [f"    U{i}  side={'ab'[i % 2]}  at=A{i + 1}" for i in range(n)]
    return "\n".join(["map:", *rows, "units:", *units]) + "\n"


def reading_and_writing() -> None:
    for n in (100, 300):
        text = square(n)
        sc = parse_scenario(text)
        cells, table, orientation = sc.board.cells(), sc.board.terrain_table, sc.board.orientation
        total, board, readable, compact = side_by_side(
            [lambda: parse_scenario(text), lambda: Board(cells, table, orientation), lambda: sc.to_text(),
             lambda: sc.to_text(compact=True)], 5 if n == 100 else 2)
        print(f"{n} x {n} map, {n} units ({len(text):,} characters): read {total:.2f} s = text {total - board:.2f} s "
              f"+ Board {board:.2f} s; to_text {readable:.2f} s, compact {compact:.2f} s")


def at_the_limits() -> None:
    n = MAX_TEXT_LENGTH
    cases = {
        "one line of 500,000 words": "map:\n 0\nunits:\n" + "a " * (n // 2 - 10),
        "one line of 250,000 quoted words": "map:\n 0\nunits:\n" + '"a" ' * (n // 4 - 10),
        "333,000 map rows": "map:\n" + " 0\n" * (n // 3 - 5),
        "142,000 headings": "units:\n" * (n // 7 - 5) + "map:\n 0\n",
        "250,000 comment lines": "# a\n" * (n // 4 - 5) + "map:\n 0\n",
        f"{MAX_MAP_ROWS + 1} map rows": "map:\n" + " 0\n" * (MAX_MAP_ROWS + 1),
        f"a row of {MAX_MAP_COLUMNS + 1} cells": "map:\n" + " 0" * (MAX_MAP_COLUMNS + 1) + "\n",
        f"{MAX_HEXES + MAX_MAP_COLUMNS:,} hexes": "map:\n" + (" 0" * MAX_MAP_COLUMNS + "\n") * (MAX_HEXES // MAX_MAP_COLUMNS + 1),
        f"{n + 1:,} characters": "#" * (n + 1),
    }
    for label, text in cases.items():
        def read() -> str:
            try:
                return f"read, {len(parse_scenario(text).board)} hexes"
            except ScenarioError as e:
                return "refused: " + e.message[:70]

        outcome = read()
        print(f"{label:36} {len(text):>9,} chars: {seconds(read, 1):5.2f} s, peak {peak_mb(read):6.1f} MB; {outcome}")


def fuzzing(texts: int = 500) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from scenario_fuzz import run

    t = time.perf_counter()
    counts = run(texts, 3)
    spent = time.perf_counter() - t
    print(f"fuzzer: {texts / spent:.0f} texts a second ({counts})")


if __name__ == "__main__":
    reading_and_writing()
    at_the_limits()
    fuzzing()
