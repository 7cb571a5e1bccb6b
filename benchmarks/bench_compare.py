"""Comparison benchmarks (issue 8 part 5; the budget of issue 12's sweeps). Prints figures; asserts nothing.

On a seeded 15 x 12 board (the rulebook's size class: elevations 0-2, some water and impassable
hexes, four units a side), side by side in one run, median of many calls:

* ``compare_reach`` of one unit under the default and another reading (two switches), against the
  two ``reachable`` calls it makes (the comparison's own overhead), with and without a target;
* ``compare_forced`` of one Push 3 under the default and ``push_off_board="collide"`` plus
  ``collision_damage=3``, against the two ``forced`` calls;
* what the words cost on top (``explain()``), which a sweep never asks for;
* the implied time of a 1,000-board sweep doing one compare_reach per unit (8) and one
  compare_forced per board, per switch.
"""

from __future__ import annotations

import random
import statistics
import time

from hexrules import DEFAULT
from hexrules.board import Board
from hexrules.compare import compare_forced, compare_reach
from hexrules.forced import forced
from hexrules.hexgrid import from_offset
from hexrules.movement import reachable
from hexrules.state import State, Unit


def board_15x12(seed: int = 12) -> tuple[Board, State]:
    rng = random.Random(seed)
    cells = {from_offset(c, r): (rng.choice([0, 0, 0, 1, 1, 2]), rng.choice(["open"] * 12 + ["water", "impassable"]))
             for r in range(12) for c in range(15)}
    spots = [(3, 5), (4, 7), (2, 3), (5, 4), (8, 5), (9, 7), (10, 4), (7, 8)]
    for c, r in spots:
        cells[from_offset(c, r)] = (cells[from_offset(c, r)][0], "open")
    board = Board(cells)
    units = [Unit(f"{'AB'[i // 4]}{i % 4}", "ab"[i // 4], from_offset(c, r), advance=4, dash=3)
             for i, (c, r) in enumerate(spots)]
    return board, State(units)


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main(runs: int = 200) -> None:
    board, state = board_15x12()
    other = DEFAULT.replace(water="allowance", engagement_on_entry="stop")
    mover = "A0"
    cmp = compare_reach(board, state, mover, DEFAULT, other)
    near = board.label(cmp.cost_changes[0][0])  # a target in reach under both readings
    far = board.label(from_offset(7, 5))  # walled off by impassable hexes: Dijkstra searches every hex
    print(f"board {len(board)} hexes, 8 units; compare_reach {mover}: {len(cmp.reaches[0])} vs {len(cmp.reaches[1])} "
          f"hexes, {len(cmp.gained)} gained, {len(cmp.lost)} lost, {len(cmp.cost_changes)} cost changes")
    two_reach = median_ms(lambda: (reachable(board, state, mover, "advance", DEFAULT),
                                   reachable(board, state, mover, "advance", other)), runs)
    reach = median_ms(lambda: compare_reach(board, state, mover, DEFAULT, other), runs)
    reach_t = median_ms(lambda: compare_reach(board, state, mover, DEFAULT, other, target=near), runs)
    reach_f = median_ms(lambda: compare_reach(board, state, mover, DEFAULT, other, target=far), runs // 4)
    words = median_ms(lambda: compare_reach(board, state, mover, DEFAULT, other, target=near).explain(), runs)
    print(f"compare_reach: {reach:.2f} ms (two reachable calls {two_reach:.2f} ms, ratio {reach / two_reach:.2f}); "
          f"with a target in reach {reach_t:.2f} ms, with an unreachable target {reach_f:.2f} ms; "
          f"with explain() {words:.2f} ms")

    push_opts = DEFAULT.replace(push_off_board="collide", collision_damage=3)
    src, tgt = "A0", "B0"  # A0 on (3, 5), B0 on (8, 5): move the target next to the source first
    beside = state.move(tgt, from_offset(4, 5))
    fcmp = compare_forced("push", board, beside, src, tgt, 3, DEFAULT, push_opts)
    print(f"compare_forced Push 3: {len(fcmp.moves[0])} branches, {len(fcmp.changed)} changed, "
          f"{len(fcmp.only_a)} only A, {len(fcmp.only_b)} only B")
    two_forced = median_ms(lambda: (forced("push", board, beside, src, tgt, 3, options=DEFAULT),
                                    forced("push", board, beside, src, tgt, 3, options=push_opts)), runs * 5)
    force = median_ms(lambda: compare_forced("push", board, beside, src, tgt, 3, DEFAULT, push_opts), runs * 5)
    fwords = median_ms(lambda: compare_forced("push", board, beside, src, tgt, 3, DEFAULT, push_opts).explain(),
                       runs)
    print(f"compare_forced: {force:.2f} ms (two forced calls {two_forced:.2f} ms, ratio {force / two_forced:.2f}); "
          f"with explain() {fwords:.2f} ms")
    sweep = 1000 * (8 * reach + force) / 1000
    print(f"implied 1,000-board sweep, one switch, 8 compare_reach + 1 compare_forced a board: {sweep:.1f} s")


if __name__ == "__main__":
    main()
