"""A sweep counted elsewhere is the same sweep (issue 35 part 5): on local worker processes, on any
``concurrent.futures.Executor``, and on a real ``dask.distributed.LocalCluster`` (two worker
processes), in the same order; and a script that forgets ``if __name__ == "__main__":`` is told so
at once instead of dying a minute later with a BrokenProcessPool.

The expected result is the single-process sweep of the same boards (whose counts the hand-worked
tests of ``tests/test_whatif.py`` and ``tests/test_records.py`` check): the boards are independent,
so where they are counted must not change a number or the order of the per-board rows.
"""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import textwrap
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from dask.distributed import Client, LocalCluster

from hexrules.errors import HexrulesError
from hexrules.whatif import sweep

SWITCHES = ("water", "allies_pass_through", "collision_damage", "push_off_board")


@pytest.fixture(scope="module")
def alone():
    return sweep(24, seed="exec", switches=SWITCHES)


def test_a_sweep_on_a_dask_local_cluster_is_the_single_process_sweep(alone):
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster, Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        got = sweep(24, seed="exec", switches=SWITCHES, executor=client.get_executor())
    assert got == alone
    assert got.counts == alone.counts  # every board's counts, in board order
    assert got.records("board") == alone.records("board")


def test_a_sweep_on_workers_or_an_executor_of_ones_own_is_the_single_process_sweep(alone):
    assert sweep(24, seed="exec", switches=SWITCHES, workers=2) == alone
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        got = sweep(24, seed="exec", switches=SWITCHES, executor=pool)
        assert got == alone and got.counts == alone.counts
        assert pool.submit(len, "still open").result() == 10  # the caller's executor is not shut down


def test_an_executor_that_is_not_one_is_refused():
    for bad in ("dask", 2, object()):
        with pytest.raises(HexrulesError, match="concurrent.futures.Executor"):
            sweep(2, executor=bad)


def test_a_script_without_a_main_guard_is_told_at_once(tmp_path: Path):
    script = tmp_path / "my_sweep.py"
    script.write_text(textwrap.dedent("""
        from hexrules.whatif import sweep
        print(sweep(8, workers=2).boards)
    """))
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode != 0
    assert 'if __name__ == "__main__":' in run.stderr.splitlines()[-1]
    guarded = tmp_path / "guarded.py"
    guarded.write_text(textwrap.dedent("""
        from hexrules.whatif import sweep
        if __name__ == "__main__":
            print(sweep(8, workers=2) == sweep(8))
    """))
    ok = subprocess.run([sys.executable, str(guarded)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert (ok.returncode, ok.stdout.strip()) == (0, "True"), ok.stderr
