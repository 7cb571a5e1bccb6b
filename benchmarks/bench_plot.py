"""Benchmark: recolour an existing figure of a 60 x 60 board after a widget-like change.

The issue's target: median <= 40 ms (Agg, ``canvas.draw``). Each run changes the overlay the way
an explorer does after a control change (new costs from a different start hex: faces recoloured
in place with ``set_fill``, a path's arrows moved) and redraws the canvas. Prints milliseconds.

Run: ``.venv/bin/python benchmarks/bench_plot.py`` (or ``make bench``).
"""

from __future__ import annotations

import statistics
import time

import matplotlib

matplotlib.use("Agg")

from hexrules import Board  # noqa: E402
from hexrules.plot import draw_board, new_figure  # noqa: E402

RUNS = 40
SIZE = 60


def main() -> None:
    board = Board.rectangle(SIZE, SIZE, name="60 x 60")
    fig, (ax,) = new_figure(board, pyplot=False)
    art = draw_board(board, ax=ax)
    hexes = art.hexes
    faces = art.faces
    fig.canvas.draw()  # the first draw (fonts, caches) is not what a widget change costs
    times = []
    for i in range(RUNS):
        centre = hexes[(i * 97) % len(hexes)]
        t0 = time.perf_counter()
        costs = {h: centre.distance(h) for h in hexes if centre.distance(h) <= 8}
        art.set_fill(costs, vmin=0, vmax=8)
        art.set_paths([[centre, hexes[(i * 97 + 1) % len(hexes)]]])
        art.set_highlight([centre])
        fig.canvas.draw()
        times.append((time.perf_counter() - t0) * 1000)
    assert art.faces is faces, "recolouring must keep the same PolyCollection"
    med = statistics.median(times)
    print(f"recolour {SIZE} x {SIZE} board ({len(hexes)} hexes), Agg canvas.draw: median {med:.1f} ms "
          f"over {RUNS} runs (min {min(times):.1f}, max {max(times):.1f}); target <= 40 ms")


if __name__ == "__main__":
    main()
