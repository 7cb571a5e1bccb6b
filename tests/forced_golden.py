"""Recorded Push and Pull results: every branch of many forced movements, as the kit gave them
before the walk became lazy (main at c4dd765, the recursive walk), kept in
``tests/data/forced_golden.json`` and compared by ``tests/test_scaling.py`` (python-chess keeps
its perft results the same way). A regression net only: it says the branches are the ones the kit
gave when they were recorded, not that those were right; ``tests/test_forced_families.py`` checks
the same cases, family by family, against what rulings P1-P6 and L1-L3 give.

Each case is one :func:`hexrules.forced.forced` call: on every shipped scenario, each unit as the
source and each other non-Garrison unit as the target, Push and Pull, N = 0..4, under every
P2/P3/P4/L3 reading offered by the explorers; and on 300 seeded random boards (holes, elevations
0-3, water and impassable hexes, two sides, N = 0..5, random readings). A case records the
number of branches and the first 16 hex digits of the SHA-256 of ``repr`` of the branch tuple
(every fact of every step, ending and damage, in order), or the class of the refusal. A case's
family (:func:`family`) is its scenario, or ``random``.

Re-recording the file
---------------------
How, from the repository's root (``PYTHONPATH=.``: the ``hexrules`` of this checkout is the one
recorded, whatever the virtual environment has installed)::

    PYTHONPATH=. .venv/bin/python tests/forced_golden.py > tests/data/forced_golden.json
    git diff --stat tests/data/forced_golden.json      # one line per case: the cases that changed
    .venv/bin/python -m pytest tests/test_forced_families.py tests/test_forced.py tests/test_scaling.py -k "golden or families or forced"

When it is legitimate, and only then:

* a ruling of ``docs/RULES.md`` on Push or Pull changed (P1-P6, L1-L3), or the default of one of
  their switches: the changed lines are exactly the cases that ruling touches;
* a fact was added to, renamed in or removed from ``ForcedStep``, ``Branch`` or ``Damage`` (their
  ``repr`` changes, so every digest changes): the branch counts (the first number of each record)
  and the refusals must not change;
* the case list changed (``RECORDED_SCENARIOS``, ``READINGS``, ``random_case``): only cases added
  or removed, no other line changed.

Never to make a failing ``test_branches_are_the_recorded_ones`` pass without knowing why: first
``tests/test_forced_families.py`` (the rulings) and ``tests/test_forced.py`` (the worked examples)
must pass on the new results, and the commit that writes the file says which ruling or fact changed
and which cases it changed.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import sys
from typing import Any, Callable, Iterator

from hexrules.board import Board
from hexrules.errors import HexrulesError
from hexrules.forced import forced
from hexrules.hexgrid import from_offset
from hexrules.options import DEFAULT
from hexrules.scenario import builtin, scenario_names
from hexrules.state import State, Unit

READINGS = [DEFAULT.replace(push_off_board=edge, pull_other_elevation=l3, push_drop_damage_per_level=drop)
            for edge, l3, drop in itertools.product(("stop", "collide", "remove"), ("nothing", "collide"), (0, 1))]


def random_case(seed: int) -> tuple[Board, State, str, str, str, int, Any]:
    rng = random.Random(seed)
    cols, rows = rng.randint(3, 7), rng.randint(3, 7)
    cells = {from_offset(c, r): (rng.choice([0, 0, 0, 1, 2, 3]), rng.choice(["open"] * 6 + ["water", "impassable"]))
             for r in range(rows) for c in range(cols) if rng.random() > 0.1}
    board = Board(cells)
    free = [h for h, (_, t) in cells.items() if t != "impassable"]
    rng.shuffle(free)
    units = [Unit(f"U{i}", "ab"[i % 2], h, garrison=i >= 2 and rng.random() < 0.2) for i, h in enumerate(free[:rng.randint(2, 6)])]
    return (board, State(units), rng.choice(["push", "pull"]), units[0].name, units[1].name, rng.randint(0, 5),
            rng.choice(READINGS))


#: The shipped scenarios when the results were recorded (scenarios shipped later, e.g. lesson 09's,
#: have no recorded results from before the lazy walk: they are covered by the tests of their rules).
RECORDED_SCENARIOS = ("crush_hab_block", "elevation", "engagement", "engagement_lower", "jumping", "pull_char_zaku",
                      "pull_other_elevation", "push_collision", "push_edge", "push_knuckle_shield", "push_multi",
                      "terrain")


def case_arguments() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """``(name, [the arguments of one forced() call per reading])`` for every recorded case, in a
    fixed order: ``kind, board, state, source, target, n`` and the keywords ``side``,
    ``allow_allies``, ``options``."""
    for name in (n for n in scenario_names() if n in RECORDED_SCENARIOS):
        sc = builtin(name)
        for src, tgt in itertools.permutations(list(sc.state), 2):
            if tgt.garrison:
                continue
            for kind, n in itertools.product(("push", "pull"), range(5)):
                yield (f"{name}: {kind} {n} {src.name} -> {tgt.name}",
                       [dict(kind=kind, board=sc.board, state=sc.state, source=src.name, target=tgt.name, n=n,
                             side=None, allow_allies=True, options=opts) for opts in READINGS])
    for seed in range(300):
        board, state, kind, src, tgt, n, opts = random_case(seed)
        yield (f"random {seed}: {kind} {n} {src} -> {tgt}",
               [dict(kind=kind, board=board, state=state, source=src, target=tgt, n=n, side="a", allow_allies=False,
                     options=opts)])


def call(a: dict[str, Any]) -> Any:
    """The :func:`hexrules.forced.forced` call of one case's arguments (:func:`case_arguments`)."""
    return forced(a["kind"], a["board"], a["state"], a["source"], a["target"], a["n"], side=a["side"],
                  allow_allies=a["allow_allies"], options=a["options"])


def cases() -> Iterator[tuple[str, list[Callable[[], Any]]]]:
    """``(name, calls)`` for every recorded case, in a fixed order: one call per reading."""
    for name, arguments in case_arguments():
        yield name, [lambda a=a: call(a) for a in arguments]


def family(name: str) -> str:
    """The family a case belongs to, as the golden file groups them: the shipped scenario it is
    played on (``"push_collision"``), or ``"random"`` for the seeded random boards."""
    return "random" if name.startswith("random ") else name.split(":", 1)[0]


def record(call: Callable[[], Any]) -> list[Any] | str:
    """What one call gives: ``[branch count, digest]``, or the class of its refusal."""
    try:
        branches = tuple(call().branches)
    except HexrulesError as e:
        return type(e).__name__
    return [len(branches), hashlib.sha256(repr(branches).encode()).hexdigest()[:16]]


def records() -> dict[str, list[Any]]:
    return {name: [record(call) for call in calls] for name, calls in cases()}


if __name__ == "__main__":
    rows = sorted(records().items())  # one case per line, so that a change shows in a diff
    sys.stdout.write("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in rows) + "\n}\n")
