"""The benchmarks still run: they assert nothing about speed, but a benchmark that stops with an
exception prints no figure at all (bench_workbench's movement core stopped with an AttributeError
after the core began taking a Unit, and nothing noticed). Each is run here on a tiny workload,
through the functions its ``main`` calls, and must print its figures."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    return module


def test_workbench_benchmark_prints_its_figures(capsys):
    bench = _load("bench_workbench")
    bench.movement_core(boards=2, rounds=1)
    bench.sweep_figures(2)
    out = capsys.readouterr().out
    assert "movement core on 2 generated 15 x 12 boards" in out and " us an edge now" in out
    assert "sweep(2): " in out and " ms a board" in out


def test_scaling_benchmark_dice_prints_its_figures(capsys):
    # it had asked for a 300-dice Crush, beyond the kit's bound (checks.MAX_DICE, C2), and stopped
    bench = _load("bench_scaling")
    bench.dice()
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.strip().splitlines()[2:]] == ["20", "50", "100"]
