"""Crush benchmarks (issue 4 targets). Prints medians; asserts nothing.

* the exact damage distribution for 20 dice (non-vehicle; binomial), target < 5 ms;
* the exact joint (Minor, Major) distribution for 20 dice against a vehicle, both C4 readings,
  target < 5 ms;
* the full expected-damage heatmap, Cover 0-6 x Resolve 1-7 (49 exact distributions), as a
  slider change recomputes it, target < 50 ms;
* the vehicle table P(Minor), P(Major) over Shield 1-6 x Resolve 1-6 for 6 dice (the designer
  explorer's other table), for reference;
* what a slider change costs in the designer explorers (Agg): ``redraw()`` (exact values
  recomputed, artists changed in place) and the whole ``update()`` with the PNG refresh that
  replaces an ipympl canvas outside JupyterLab.

Nothing is cached between runs: every call recomputes from scratch.
"""

from __future__ import annotations

import statistics
import time

from hexrules.dice import damage_distribution, expected_damage_table, vehicle_distribution, vehicle_table
from hexrules.options import DEFAULT

BOTH = DEFAULT.replace(crush_major_also_minor=True)  # the C4 switch's second reading


def median_ms(fn, repeats: int = 50) -> tuple[float, float]:
    fn()  # warm up
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000, max(times) * 1000


def report(label: str, fn, target_ms: float, repeats: int = 50) -> None:
    med, worst = median_ms(fn, repeats)
    verdict = "ok" if med < target_ms else "OVER TARGET"
    print(f"{label}: median {med:.3f} ms (max {worst:.3f}; target < {target_ms:g} ms) {verdict}")


def main() -> None:
    report("damage distribution, 20 dice vs Resolve 4", lambda: damage_distribution(20, 4).at_least_table(), 5)
    report("vehicle (Minor, Major), 20 dice vs Shield 4 Resolve 2", lambda: vehicle_distribution(20, 4, 2), 5)
    report("vehicle, 20 dice, Major also Minor", lambda: vehicle_distribution(20, 4, 2, options=BOTH), 5)
    report("vehicle 20 dice + marginals (Minor, Major, HP lost)",
           lambda: (lambda v: (v.minor, v.major, v.hp_lost))(vehicle_distribution(20, 3, 2)), 5)
    report("expected-damage heatmap, Cover 0-6 x Resolve 1-7", lambda: expected_damage_table(range(7), range(1, 8)), 50)
    report("vehicle table P(Minor), P(Major), 6 dice, Shield 1-6 x Resolve 1-6", lambda: vehicle_table(6), 50)
    explorers()


def explorers() -> None:
    import itertools

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from hexrules.widgets.crush import DamageExplorer, VehicleExplorer

    for cls in (DamageExplorer, VehicleExplorer):
        ex = cls()
        covers = itertools.cycle(range(7))

        def change_then_redraw() -> None:
            with ex.hold():  # the change only marks an update as pending ...
                ex.controls["cover"].value = next(covers)
                ex.redraw()  # ... and this is the part we time
                ex._pending = False  # drop the pending PNG refresh

        def change_then_update() -> None:
            ex.controls["cover"].value = next(covers)  # observe -> update() -> redraw + PNG

        report(f"{cls.__name__} slider change: redraw (exact values + artists in place)", change_then_redraw, 50, 20)
        report(f"{cls.__name__} slider change: whole update with PNG refresh (Agg)", change_then_update, 1000, 10)
        plt.close(ex.figure)


if __name__ == "__main__":
    main()
