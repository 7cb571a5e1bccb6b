"""API fuzzer: every public callable of hexrules, one bad argument at a time (issue 11 part 6).

The promise (README, developers' guide): every bad input gets a :class:`~hexrules.errors.HexrulesError`
(a ``ValueError``) naming the value, never a bare ``TypeError``, ``AttributeError``,
``IndexError``, ``TraitError`` or numpy "truth value is ambiguous" from deep inside, and never
unbounded time. This test calls every public function, constructor and method of the package with
arguments that work (the *good call*), then again with exactly one argument replaced by a value
from a pool of bad values (None, bools, floats, NaN, negative, huge and 4,301-digit ints, strings
of Unicode digits, empty and 100,000-character strings, lists, dicts, sets, bytes, numpy scalars
and arrays, callables and objects of the wrong kind) and by a few seeded random ones. Each such
call must return, or raise an error of the family; any other exception is an *escape*.

What is called is discovered, not listed: the ``__all__`` of every module of ``hexrules`` (the
drawing package ``hexrules.plot``, the wording helpers ``hexrules.words``, the error classes and
this module's checks are left out: their callers are the kit's own code), and every explorer class of
``hexrules.widgets.*`` (constructor and :meth:`~hexrules.widgets.base.Explorer.click`):

* functions (and class- and static methods);
* the constructors of the classes that validate their arguments: those whose docstring has a
  ``Raises`` section (the values a user builds: ``Hex``, ``Unit``, ``TerrainPiece``,
  ``Distribution``, explorers...). The other classes are facts the rules return (``MoveCost``,
  ``Branch``, ``CrushResult``...): only their methods and properties are called, on instances
  harvested from the good calls' results;
* every public method of every class, ``__getitem__`` and ``__contains__`` included; each
  property and argument-free method is also read once on the good instance (a result explains
  itself without raising).

The good arguments come from :data:`RECIPES` (by callable, then by module, then by parameter
name); a parameter with a default uses it. A new public callable whose required parameter has no
recipe fails :func:`test_every_public_callable_has_a_good_call`, naming what to add.

Run as a script (``python tests/test_api_fuzz.py``) it prints the counts and every escape.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import math
import os
import pkgutil
import random
import signal
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator

import numpy as np
import pytest

import hexrules
from hexrules.errors import HexrulesError

#: Seed of the random extra values (each callable and parameter draws its own from it).
SEED = 20240611
#: Random extra values per parameter, besides the fixed pool.
RANDOM_EXTRAS = 3
#: A call that takes longer than this is an escape ("runs without bound").
CALL_TIMEOUT = float(os.environ.get("HEXRULES_FUZZ_TIMEOUT", "10"))

#: Modules whose public names are not an input boundary: drawing (takes plain data from the kit's own
#: code), wording helpers (take facts the rules made), the error classes, the checks themselves.
SKIP_MODULES = ("hexrules.plot", "hexrules.words", "hexrules.errors", "hexrules.checks", "hexrules.scenarios")

#: Public names that the fuzzer does not call, with the reason.
SKIP = {
    # the section-reader API for topic modules (a reader's building blocks, called by the parser and
    # by topic readers, never by a user): tested in tests/test_scenario.py
    "hexrules.scenario.register_section": "mutates the global section registry",
    "hexrules.scenario.unregister_section": "mutates the global section registry",
    "hexrules.scenario.SectionReader": "section-reader API for topic modules",
    "hexrules.scenario.Reader": "section-reader API for topic modules",
    "hexrules.scenario.Entry": "section-reader API for topic modules",
    "hexrules.scenario.Section": "section-reader API for topic modules",
    "hexrules.scenario.Token": "section-reader API for topic modules",
    "hexrules.scenario.Line": "section-reader API for topic modules",
    "hexrules.dice.VehicleDistribution.at_least": "its outcomes are pairs: always refused (tests/test_crush_probability.py)",
    "hexrules.exercise.Question": "the abstract base of the questions (NumberQuestion, HexesQuestion and "
                                  "ProbabilityQuestion are fuzzed)",
    # a command line: bad usage exits with status 2 (argparse's SystemExit), a refused file with 1;
    # tests/test_diagram.py runs it as a console script and as python -m hexrules
    "hexrules.cli.main": "a command line (argparse exits on bad usage)",
    # the boundary checks that need a kit class live with it (hexrules.checks says where); as the
    # rest of the boundary (hexrules.checks, skipped above) they are called by the kit with literal
    # what=, ruling= and flags, and the values they check are fuzzed through every public function
    "hexrules.hexgrid.hex_value": "a boundary check (hexrules.checks), fuzzed through its callers",
    "hexrules.hexgrid.position": "a boundary check (hexrules.checks), fuzzed through its callers",
    "hexrules.board.check_board": "a boundary check (hexrules.checks), fuzzed through its callers",
    "hexrules.board.position": "a boundary check (hexrules.checks), fuzzed through its callers",
    "hexrules.board.hex_of": "a boundary check (hexrules.checks), fuzzed through its callers",
    "hexrules.board.hexes_of": "a boundary check (hexrules.checks), fuzzed through its callers",
    "hexrules.state.check_state": "a boundary check (hexrules.checks), fuzzed through its callers",
    "hexrules.state.check_unit": "a boundary check (hexrules.checks), fuzzed through its callers",
    "hexrules.state.unknown_unit": "the error of a boundary check (hexrules.checks), fuzzed through its callers",
    # building blocks that take the kit's own results, documented as trusted (their callers check)
    "hexrules.compare.reach_comparison": "takes two reaches the caller computed (trusted, documented)",
    "hexrules.compare.forced_comparison": "takes two forced movements the caller computed (trusted, documented)",
    "hexrules.whatif.board_counts": "takes alternatives from alternatives() (the sweep's building block)",
    "hexrules.whatif.Tally.add": "takes the Counts of board_counts (the sweep's building block)",
    "hexrules.whatif.Counts": "a record of numbers the sweep adds up",
    "hexrules.whatif.Situation": "a record the report builds",
    "hexrules.diagram.Item": "a record the diagram reader builds",
    "hexrules.diagram.Overlay": "a record the diagram reader builds",
    "hexrules.diagram.Computed": "a record the diagram reader builds",
    "hexrules.chart.ComputedChart": "a record a chart computes",
    "hexrules.picture.Picture": "the base of Diagram and Chart (abstract: no picture of its own; both are fuzzed)",
    "hexrules.picture.read_caption": "a building block of the diagram and chart readers (takes the lines they read): "
                                     "tests/test_diagram.py",
    "hexrules.edit.Edit": "a record History builds",
    "hexrules.edit.History.do": "calls an operation with the caller's own arguments (*args, **kwargs): "
                                "tests/test_edit.py and the editor's widget fuzz",
    "hexrules.edit.History.push": "records an Edit that History.do made (tests/test_edit.py)",
    # base classes of the explorers (abstract: no picture of their own)
    "hexrules.widgets.base.Explorer": "abstract base class",
    "hexrules.widgets.base.TwoReadingsExplorer": "abstract base class",
}

#: A good call that the kit refuses by design, with the words its message must contain.
REFUSED_BY_DESIGN = {
    "click": "has no clickable board",  # an explorer without a clickable board
}


# --- the pool of bad values ------------------------------------------------------------------------


class _Opaque:
    """An object of no kind the kit knows."""

    def __repr__(self) -> str:
        return "<opaque>"


class _BadRepr:
    """An object whose repr raises: an error message must still build."""

    def __repr__(self) -> str:
        raise RuntimeError("repr fails")


def bad_values() -> list[tuple[str, Any]]:
    """The fixed pool, fresh each time (some values are mutable), as ``(name, value)``."""
    from hexrules import Board, DEFAULT, Hex, State

    return [
        ("None", None), ("True", True), ("False", False), ("0", 0), ("-1", -1), ("1.5", 1.5),
        ("nan", math.nan), ("inf", math.inf), ("10**30", 10**30), ("-10**30", -(10**30)),
        ("4301 digits", 10**4300), ("'²'", "²"), ("'١٢' (Arabic-Indic 12)", "١٢"), ("''", ""), ("' '", " "),
        ("'x'*100000", "x" * 100_000), ("'3'", "3"), ("'C3'", "C3"), ("b'C3'", b"C3"), ("[]", []),
        ("[None]", [None]), ("[[1]]", [[1]]), ("(1, 2)", (1, 2)), ("{}", {}), ("{'a': 1}", {"a": 1}),
        ("{None: None}", {None: None}), ("set()", set()), ("np.int64(3)", np.int64(3)),
        ("np.float64(2.5)", np.float64(2.5)), ("np.bool_(True)", np.bool_(True)),
        ("np.array([1, 2])", np.array([1, 2])), ("np.array([])", np.array([])), ("object", _Opaque()),
        ("bad repr", _BadRepr()), ("Hex(0, 0)", Hex(0, 0)), ("Fraction(1, 3)", Fraction(1, 3)),
        ("1j", 1j), ("a Board", Board.rectangle(2, 1)), ("a State", State()), ("DEFAULT", DEFAULT),
        ("a lambda", lambda *a, **k: None), ("int (a type)", int),
    ]


def random_values(rng: random.Random) -> Iterator[tuple[str, Any]]:
    """``RANDOM_EXTRAS`` seeded random values: integers of random size, strings of random
    characters (digits of other scripts, letters, punctuation, controls, line breaks), lists."""
    alphabet = "0123456789²³¹٠١٢३४५abcXYZ-,()=:\"' \t\n\x0b\x85\u2028#~.é中"
    for _ in range(RANDOM_EXTRAS):
        kind = rng.randrange(4)
        if kind == 0:
            v = rng.getrandbits(rng.choice((4, 64, 1000, 16000))) * rng.choice((1, -1))
            yield f"int of {v.bit_length()} bits", v
        elif kind == 1:
            n = rng.choice((1, 5, 40, 3000))
            v = "".join(rng.choice(alphabet) for _ in range(n))
            yield f"random str of {n}", v
        elif kind == 2:
            v = [rng.choice([None, 1, -1, "A1", 2.5, [], "²"]) for _ in range(rng.randrange(4))]
            yield f"random list {v!r}", v
        else:
            v = rng.choice([float("-inf"), -0.0, 1e308, 2**63, -(2**63), "\x00", "(0,1)", "(0,1" + "1" * 5000 + ")"])
            yield f"edge {str(v)[:20]}", v


# --- good arguments ------------------------------------------------------------------------------------


def _contexts() -> SimpleNamespace:
    from hexrules import DEFAULT, Hex, State, Unit, builtin
    from hexrules.crush import Model, Squad, TerrainPiece, Vehicle
    from hexrules.crush_scenario import load_crush
    from hexrules.board import Board, TerrainType
    from hexrules.hexgrid import FLAT

    mv = builtin("engagement_lower")  # Gundam C3 (height 1), Char's Zaku II D3 (height 1), Minelayer B3
    fo = builtin("push_collision")  # Zaku I B3 pushes the Gundam on C3; GM D3; Garrison D1
    cr = load_crush("crush_hab_block")
    tiny = Board({Hex(0, 0): (0, "open"), Hex(1, 0): (1, "water"), Hex(0, 1): (0, "open")}, name="tiny")
    return SimpleNamespace(
        DEFAULT=DEFAULT, Hex=Hex, State=State, Unit=Unit, Board=Board, TerrainType=TerrainType,
        FLAT=FLAT,
        mv=mv, fo=fo, cr=cr, tiny=tiny,
        unit=Unit("G", "a", Hex(0, 0)), mud=TerrainType("mud", "m", 1),
        model=Model("m", Hex(0, 0), wounds=2), squad=Squad("S", [Model("m", Hex(0, 0))], resolve=4, side="a"),
        vehicle=Vehicle("V", Hex(1, 0), shield=4, resolve=2, hp=3, side="b"),
        piece=TerrainPiece("Ruin", [Hex(0, 0)], cover=2),
    )


GUNDAM = "RX-78-2 Gundam"


def _push(c):
    from hexrules.forced import push

    return push(c.fo.board, c.fo.state, "Zaku I", GUNDAM, 2)


def _allowance(c):
    from hexrules.movement import allowance

    return allowance(c.mv.board, c.mv.state, GUNDAM, "advance")


def _collapse(c):
    from hexrules.crush import traverse

    return traverse(c.cr.board, c.cr.piece(), c.cr.unit("Grinder"), c.cr.paths["Grinder"])


def _scenario_file(c) -> str:
    path = Path(tempfile.gettempdir()) / "hexrules_api_fuzz_scenario.hex"
    path.write_text(c.mv.to_text(), encoding="utf-8")
    return str(path)


def _boards_folder(c) -> str:
    from hexrules.edit import save_scenario

    folder = Path(tempfile.gettempdir()) / "hexrules_api_fuzz_boards"
    save_scenario(c.mv, folder, "fuzz", overwrite=True)
    return str(folder)


def _diagram_file(c) -> str:
    from importlib.resources import files

    path = Path(tempfile.gettempdir()) / "hexrules_api_fuzz_diagram.hex"
    path.write_text((files("hexrules.diagrams") / "movement_jumping.hex").read_text(encoding="utf-8"), encoding="utf-8")
    return str(path)


def _refusal_error():
    from hexrules.errors import RuleError

    return RuleError("C1 is water", ruling="T1")


def _raise_hex():
    from hexrules.edit import raise_hex

    return raise_hex


def _rules_entry():
    from hexrules.reading import SWITCHES
    from hexrules.scenario import Line, Reader, tokens

    return Reader("<fuzz>").entry(Line(1, tuple(tokens("water=none")), "water=none"), "rules", SWITCHES)


def _small_spec():
    from hexrules.generate import BoardSpec

    return BoardSpec(columns=5, rows=4, units_per_side=1, garrisons=1)


#: Good argument values: ``{key: {parameter: recipe}}``, where a key is a callable's qualified name
#: (``hexrules.forced.push_next``), a class's (its constructor and methods), a module's, or ``"*"``;
#: the most specific key wins. A recipe is ``lambda c: value`` (``c``: the contexts above).
RECIPES: dict[str, dict[str, Callable[[SimpleNamespace], Any]]] = {
    "*": {
        "options": lambda c: c.DEFAULT, "board": lambda c: c.mv.board, "state": lambda c: c.mv.state,
        "text": lambda c: c.mv.to_text(), "source": lambda c: "<fuzz>", "name": lambda c: "jumping",
        "h": lambda c: c.Hex(1, 2), "hex": lambda c: c.Hex(0, 0), "kind": lambda c: "advance",
        "unit": lambda c: GUNDAM, "scenario": lambda c: c.mv,
    },
    # geometry
    "hexrules.hexgrid": {
        "q": lambda c: 1, "r": lambda c: -1, "s": lambda c: 0, "k": lambda c: 2, "other": lambda c: c.Hex(2, -1),
        "direction": lambda c: 1, "center": lambda c: c.Hex(0, 0), "radius": lambda c: 2, "t": lambda c: 0.5,
        "a": lambda c: c.Hex(0, 0), "b": lambda c: c.Hex(3, -1), "fq": lambda c: 0.4, "fr": lambda c: 0.3,
        "col": lambda c: 2, "row": lambda c: 3, "text": lambda c: "C4", "p": lambda c: (1.0, 1.5),
        "corner": lambda c: 2, "kind": lambda c: "letters",
    },
    "hexrules.hexgrid.LabelScheme.extent": {"hexes": lambda c: [c.Hex(0, 0), c.Hex(2, 1)]},
    "hexrules.reading.read_switch": {"e": lambda c: _rules_entry(), "key": lambda c: "water"},
    "hexrules.reading.switch_words": {"key": lambda c: "water", "value": lambda c: "none", "compact": lambda c: False},
    "hexrules.hexgrid.from_doubled": {"row": lambda c: 4},
    "hexrules.hexgrid.doubled_to_offset": {"row": lambda c: 4},
    "hexrules.hexgrid.FractionalHex": {"q": lambda c: 0.5, "r": lambda c: 0.25, "s": lambda c: -0.75},
    # board
    "hexrules.board.Board.label": {"h": lambda c: c.Hex(1, 2)},
    "hexrules.board.Board.hex_name": {"h": lambda c: c.Hex(1, 2)},
    "hexrules.board": {"h": lambda c: "C3", "where": lambda c: "C3", "state": lambda c: c.mv.state,
                       "orientation": lambda c: c.FLAT},
    "hexrules.board.TerrainType": {"name": lambda c: "mud", "symbol": lambda c: "m", "cost": lambda c: 1},
    "hexrules.board.Board": {
        "cells": lambda c: c.tiny.cells(), "changes": lambda c: {c.Hex(2, 2): (1, "open")},
        "types": lambda c: (c.mud,), "columns": lambda c: 3, "rows": lambda c: 2, "size": lambda c: 1.0,
    },
    # state
    "hexrules.state.Unit": {"name": lambda c: "G", "side": lambda c: "a", "hex": lambda c: c.Hex(0, 0),
                            "changes": lambda c: {"advance": 2}},
    "hexrules.state.State": {
        "units": lambda c: [c.unit], "name": lambda c: GUNDAM, "a": lambda c: GUNDAM, "b": lambda c: "Char's Zaku II",
        "h": lambda c: c.Hex(1, 2), "to": lambda c: c.mv.board.hex("B2"), "amount": lambda c: 1,
        "changes": lambda c: {"advance": 2},
    },
    "hexrules.state.State.add": {"unit": lambda c: c.Unit("New", "a", c.Hex(5, 5))},
    # options
    "hexrules.options": {"name": lambda c: "water", "other": lambda c: c.DEFAULT, "changes": lambda c: {"water": "none"}},
    # movement
    "hexrules.movement": {
        "attacker": lambda c: GUNDAM, "targets": lambda c: ["Char's Zaku II"], "at": lambda c: "C2",
        "a": lambda c: "C3", "b": lambda c: "C2", "path": lambda c: ["C3", "C2"], "target": lambda c: "C2",
        "cutoff": lambda c: 3,
    },
    "hexrules.movement.movement_weight()": {"a": lambda c: "C3", "b": lambda c: "C2", "data": lambda c: {}},
    "hexrules.movement.PassThrough": {"unit": lambda c: "GM", "kind": lambda c: "unit", "enemy": lambda c: False,
                                      "ruling": lambda c: "M3"},
    # forced movement
    "hexrules.forced": {
        "board": lambda c: c.fo.board, "state": lambda c: c.fo.state, "source": lambda c: "Zaku I",
        "target": lambda c: GUNDAM, "n": lambda c: 2, "kind": lambda c: "push", "side": lambda c: "zeon",
        "levels": lambda c: 1, "branch": lambda c: _push(c).choose("C4"),
        "plan": lambda c: [(GUNDAM, ["C4"])], "current": lambda c: c.Hex(1, 0),
    },
    "hexrules.forced.pull_many": {"plan": lambda c: [(GUNDAM, [])]},
    # the board editor's model: every operation on the engagement_lower scenario
    "hexrules.edit": {
        "sc": lambda c: c.mv, "where": lambda c: "A1", "level": lambda c: 2, "unit": lambda c: GUNDAM,
        "name": lambda c: GUNDAM, "to": lambda c: "A1", "terrain": lambda c: "water", "edge": lambda c: "top",
        "folder": lambda c: _boards_folder(c), "scenario": lambda c: c.mv, "start": lambda c: c.mv,
        "side": lambda c: "federation", "at": lambda c: "A1", "symbol": lambda c: "m", "title": lambda c: "T",
    },
    "hexrules.edit.place": {"name": lambda c: "New"},
    "hexrules.edit.lower_hex": {"where": lambda c: "C3"},
    "hexrules.edit.clear_hex": {"where": lambda c: "C3"},
    "hexrules.cli": {"text": lambda c: "12cm", "dpi": lambda c: 100},
    "hexrules.compare.Refusal.of": {"err": lambda c: _refusal_error()},
    "hexrules.edit.add_terrain": {"name": lambda c: "mud"},
    "hexrules.edit.save_scenario": {"name": lambda c: "fuzz_saved", "overwrite": lambda c: True},
    "hexrules.edit.open_scenario": {"name": lambda c: "fuzz"},
    "hexrules.edit.History": {"operation": lambda c: _raise_hex(), "where": lambda c: "A1"},
    "hexrules.diagram": {"path": lambda c: _diagram_file(c), "name": lambda c: "movement_jumping"},
    "hexrules.picture.caption_lines": {"lines": lambda c: ["Zaku #1 moves"], "source": lambda c: "Chart"},
    "hexrules.chart.Chart": {"kind": lambda c: "crush_heatmap", "text": lambda c: "text",
                               "path": lambda c: str(Path(tempfile.mkdtemp(prefix="hexrules-fuzz-")) / "c.svg")},
    "hexrules.chart.Chart.from_text": {"text": lambda c: "chart: crush_heatmap covers=0-6 resolves=1-7 frame=3,4\n"},
    "hexrules.diagram.Diagram.from_text": {"text": lambda c: open(_diagram_file(c), encoding="utf-8").read()},
    "hexrules.diagram.Diagram": {"text": lambda c: "text", "path": lambda c: str(Path(tempfile.mkdtemp(prefix="hexrules-fuzz-")) / "d.svg")},
    "hexrules.generate.check_seed": {"seed": lambda c: 3},
    "hexrules.whatif.Alternative": {"switch": lambda c: "water", "value": lambda c: "none"},
    "hexrules.whatif.forced_switch_acts": {"move": lambda c: _push(c), "switch": lambda c: "collision_damage"},
    "hexrules.whatif.movement_switch_may_act": {"switch": lambda c: "water",
                                                "al": lambda c: _allowance(c)},
    "hexrules.whatif.Report.switch": {"name": lambda c: "water"},
    "hexrules.whatif.SweepResult.tally": {"name": lambda c: "water"},
    # numbers out: a share's interval, rows to a CSV file (a fresh folder) and to a DataFrame
    "hexrules.records.wilson": {"k": lambda c: 1, "n": lambda c: 4},
    "hexrules.records.to_csv": {"rows": lambda c: [{"a": 1, "b": None}],
                                "path": lambda c: str(Path(tempfile.mkdtemp(prefix="hexrules-fuzz-")) / "r.csv")},
    "hexrules.records.to_dataframe": {"rows": lambda c: [{"a": 1, "b": None}]},
    "hexrules.whatif.Report.to_csv": {"path": lambda c: str(Path(tempfile.mkdtemp(prefix="hexrules-fuzz-")) / "r.csv")},
    "hexrules.whatif.SweepResult.to_csv": {"path": lambda c: str(Path(tempfile.mkdtemp(prefix="hexrules-fuzz-")) / "s.csv")},
    "hexrules.whatif.SweepResult.board": {"i": lambda c: 0},
    "hexrules.whatif.SweepResult.most_changed": {"name": lambda c: "water"},
    "hexrules.whatif.SweepResult.board_seed": {"i": lambda c: 1},
    "hexrules.movement.AbilityMove": {"hexes": lambda c: 3},
    # what-if: sweeps of two small boards (the default, 1,000 rulebook boards, is the benchmark's)
    "hexrules.whatif": {"boards": lambda c: 2, "spec": lambda c: _small_spec(), "switches": lambda c: ("water",),
                        "workers": lambda c: 1},
    "hexrules.widgets.whatif.SweepExplorer": {"boards": lambda c: 2, "spec": lambda c: _small_spec(),
                                              "sizes": lambda c: (2, 3)},
    "hexrules.forced.push_next": {"source": lambda c: c.Hex(0, 0)},
    "hexrules.forced.pull_next": {"source": lambda c: c.Hex(0, 0), "current": lambda c: c.Hex(2, 0)},
    "hexrules.forced.ForcedMove": {
        "i": lambda c: 0, "endings": lambda c: ("stop",), "h": lambda c: c.Hex(1, 0), "hexes": lambda c: ("C4",),
        "guess": lambda c: ["C3"], "branch": lambda c: ["C4"],
    },
    # Crush
    "hexrules.crush": {
        "board": lambda c: c.cr.board, "piece": lambda c: c.cr.piece(), "units": lambda c: c.cr.units,
        "path": lambda c: c.cr.paths["Grinder"], "vehicle": lambda c: "Grinder", "collapse": _collapse,
        "seed": lambda c: 1, "h": lambda c: c.Hex(0, 0), "name": lambda c: "Rangers", "unit": lambda c: "Rangers",
    },
    "hexrules.crush.traverse": {"vehicle": lambda c: c.cr.unit("Grinder")},
    "hexrules.crush.TerrainPiece": {"name": lambda c: "Ruin", "hexes": lambda c: [c.Hex(0, 0)], "cover": lambda c: 2,
                                    "changes": lambda c: {"cover": 1}},
    "hexrules.crush.Model": {"name": lambda c: "m", "hex": lambda c: c.Hex(0, 0), "wounds": lambda c: 2},
    "hexrules.crush.Squad": {"name": lambda c: "R1", "models": lambda c: [c.model], "resolve": lambda c: 4,
                             "changes": lambda c: {"resolve": 5}},
    "hexrules.crush.Vehicle": {"name": lambda c: "V", "hex": lambda c: c.Hex(1, 0), "shield": lambda c: 4,
                               "resolve": lambda c: 2, "hp": lambda c: 3, "changes": lambda c: {"hp": 2}},
    # dice
    "hexrules.dice": {
        "dice": lambda c: 3, "resolve": lambda c: 4, "shield": lambda c: 4, "trials": lambda c: 10, "seed": lambda c: 1,
        "n": lambda c: 3, "die": lambda c: 4, "value": lambda c: 4, "name": lambda c: "Resolve", "ruling": lambda c: "C3",
        "pmf": lambda c: {0: Fraction(1, 2), 1: Fraction(1, 2)}, "k": lambda c: 1, "event": lambda c: (lambda o: o == 1),
        "key": lambda c: (lambda o: o), "guess": lambda c: "1/2", "exact": lambda c: Fraction(1, 2),
    },
    "hexrules.dice.tally": {"dice": lambda c: [3, 4, 6]},
    "hexrules.dice.Distribution": {"outcome": lambda c: 1, "value": lambda c: (lambda o: o * 2)},
    "hexrules.dice.VehicleDistribution": {"pmf": lambda c: {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)},
                                          "outcome": lambda c: (1, 1), "value": lambda c: (lambda o: o[0])},
    # scenario text
    "hexrules.scenario": {"path": _scenario_file, "changes": lambda c: {"title": "t"}},
    "hexrules.scenario.quote": {"name": lambda c: "a b"},
    "hexrules.scenario.tokens": {"text": lambda c: 'a "b c" d=1'},
    "hexrules.scenario.free_text": {"text": lambda c: '  Zaku #1 "moves"  '},
    "hexrules.scenario.Scenario": {"board": lambda c: c.mv.board, "state": lambda c: c.mv.state},
    "hexrules.crush_scenario": {
        "text": lambda c: c.cr.to_text(), "name": lambda c: "Hab block", "units": lambda c: c.cr.units,
        "scenario": lambda c: c.cr.scenario, "vehicle": lambda c: "Grinder", "changes": lambda c: {"pieces": ()},
        "kw": lambda c: {"seed": 1},
    },
    "hexrules.crush_scenario.load_crush": {"name": lambda c: "crush_hab_block"},
    "hexrules.crush_scenario.CrushScenario.unit": {"name": lambda c: "Rangers"},
    "hexrules.crush_scenario.convert_crush_lines": {"text": lambda c: "map:\n  0 0\n#crush piece Ruin cover=2 hexes=A1\n"},
    # readings compared (issue 8 part 5): two rules options, and each comparison's own inputs
    "hexrules.compare": {"a": lambda c: c.DEFAULT, "b": lambda c: c.DEFAULT.replace(water="none"),
                         "h": lambda c: "C2", "labels": lambda c: ("left", "right")},
    "hexrules.compare.compare_reach": {"target": lambda c: "F1"},
    "hexrules.compare.compare_forced": {
        "kind": lambda c: "push", "board": lambda c: c.fo.board, "state": lambda c: c.fo.state,
        "source": lambda c: "Zaku I", "target": lambda c: GUNDAM, "n": lambda c: 2,
        "b": lambda c: c.DEFAULT.replace(collision_damage=3)},
    "hexrules.compare.compare_dice": {"dice": lambda c: 3, "resolve": lambda c: 2, "shield": lambda c: 4,
                                      "b": lambda c: c.DEFAULT.replace(crush_major_also_minor=True)},
    "hexrules.compare.compare_crush": {
        "board": lambda c: c.cr.board, "piece": lambda c: c.cr.piece(), "units": lambda c: c.cr.units,
        "path": lambda c: c.cr.paths["Grinder"], "vehicle": lambda c: "Grinder", "seed": lambda c: 2,
        "b": lambda c: c.DEFAULT.replace(crush_major_also_minor=True)},
    # exercises (issue 8 part 6): questions, their guesses
    "hexrules.exercise": {"prompt": lambda c: "How much?", "guess": lambda c: "3", "offset": lambda c: "odd-r",
                          "what": lambda c: "guess"},
    "hexrules.exercise.read_labels": {"guess": lambda c: "C3, C2"},
    "hexrules.exercise.NumberQuestion": {"answer": lambda c: 3, "unit": lambda c: "movement points"},
    "hexrules.exercise.HexesQuestion": {"answer": lambda c: ["C3", "C2"], "board": lambda c: c.mv.board,
                                        "guess": lambda c: "C3"},
    "hexrules.exercise.ProbabilityQuestion": {"answer": lambda c: Fraction(1, 2), "guess": lambda c: "1/3"},
    "hexrules.scenario.check_one_line": {"value": lambda c: "Hab block", "what": lambda c: "piece name"},
    # results the kit builds (their faces and methods are fuzzed on these)
    "hexrules.compare.Refusal": {"message": lambda c: "no sequence of legal steps leads there", "ruling": lambda c: "M1"},
    "hexrules.compare.DiceComparison.tally": {"name": lambda c: "Minor"},
    "hexrules.compare.CrushComparison.unit": {"name": lambda c: "Sentinel"},
    "hexrules.exercise.Grade": {
        "question": lambda c: __import__("hexrules.exercise", fromlist=["NumberQuestion"]).NumberQuestion("Cost?", 3),
        "guess": lambda c: "4", "value": lambda c: 4, "outcome": lambda c: "wrong", "difference": lambda c: 1},
    # explorers: click(h, target); an exercise: question and answer
    "*.click": {"h": lambda c: "C3", "target": lambda c: 0},
    "hexrules.widgets": {"question": lambda c: "1 + 1?", "answer": lambda c: 2},
    "hexrules.widgets.base.OrderPicker": {"items": lambda c: ["GM", "RX-78-2 Gundam"], "description": lambda c: "Order"},
}


# --- discovery ------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Target:
    """One callable to fuzz: ``qualname``, how to get it (``get()``: the function or bound method)
    and its owner class (None for a function)."""

    qualname: str
    module: str
    get: Callable[[], Callable[..., Any]]
    owner: type | None = None
    constructor: bool = False


def _modules() -> list[Any]:
    out = []
    for info in pkgutil.walk_packages(hexrules.__path__, "hexrules."):
        if info.name.startswith(SKIP_MODULES) or info.name.split(".")[-1].startswith("_"):
            continue
        if info.name.startswith("hexrules.widgets.") or info.name == "hexrules.widgets":
            continue  # explorers are found by _explorers()
        out.append(importlib.import_module(info.name))
    return out


def _explorer_classes() -> list[type]:
    import ipywidgets

    found = []
    package = importlib.import_module("hexrules.widgets")
    for info in pkgutil.iter_modules(package.__path__, "hexrules.widgets."):
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.isclass(obj) and issubclass(obj, ipywidgets.Widget) and obj.__module__.startswith("hexrules."):
                found.append(obj)
    return list(dict.fromkeys(found))


def _qualname(obj: Any) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


def _validates(cls: type) -> bool:
    """A class whose constructor is an input boundary: its docstring documents what it raises."""
    return "Raises\n" in (inspect.getdoc(cls) or "")


def _public_methods(cls: type) -> list[str]:
    names = []
    for klass in cls.__mro__:
        if not klass.__module__.startswith("hexrules"):
            continue
        for name, value in vars(klass).items():
            if name in ("__getitem__", "__contains__") or not name.startswith("_"):
                if inspect.isfunction(value) or isinstance(value, (classmethod, staticmethod, property)):
                    names.append(name)
    return list(dict.fromkeys(names))


def discover() -> tuple[list[Target], dict[str, type]]:
    """Every function, validating constructor and method to fuzz, and every public class by name."""
    functions: list[Target] = []
    classes: dict[str, type] = {}
    seen: set[int] = set()
    for module in _modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if id(obj) in seen or getattr(obj, "__module__", None) is None or not obj.__module__.startswith("hexrules"):
                continue
            seen.add(id(obj))
            if inspect.isclass(obj):
                if issubclass(obj, BaseException) or _qualname(obj) in SKIP:
                    continue
                classes[_qualname(obj)] = obj
            elif callable(obj) and _qualname(obj) not in SKIP:
                functions.append(Target(_qualname(obj), obj.__module__, (lambda o=obj: o)))
    for cls in _explorer_classes():
        if _qualname(cls) not in SKIP:
            classes[_qualname(cls)] = cls
    return functions, classes


# --- calling ------------------------------------------------------------------------------------------


class FuzzTimeout(Exception):
    """A call took longer than CALL_TIMEOUT."""


def _alarm(_signum: int, _frame: Any) -> None:
    raise FuzzTimeout(f"took more than {CALL_TIMEOUT} s")


def _recipe(target_keys: list[str], param: str, c: SimpleNamespace) -> tuple[bool, Any]:
    for key in target_keys:
        table = RECIPES.get(key, {})
        if param in table:
            return True, table[param](c)
    return False, None


def _keys(qualname: str, module: str) -> list[str]:
    parts = qualname.split(".")
    keys = [".".join(parts[:i]) for i in range(len(parts), 0, -1)]
    keys.insert(1, f"*.{parts[-1]}")  # a method of that name, whatever its class (e.g. "*.click")
    # explorers take the defaults of their signature, not the rules' recipes
    return [k for k in keys if k] + ([] if qualname.startswith("hexrules.widgets") else ["*"])


@dataclasses.dataclass
class Call:
    """A signature's good arguments: ``(name, kind, value)`` per parameter."""

    params: list[tuple[str, Any, Any]]

    def invoke(self, fn: Callable[..., Any], replace: str | None = None, value: Any = None, *,
               var_kw_key: str | None = None) -> Any:
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for name, kind, good in self.params:
            v = value if name == replace else good
            if kind is inspect.Parameter.VAR_POSITIONAL:
                if name == replace:
                    v = (*good[:-1], value) if good else (value,)
                args.extend(v)
            elif kind is inspect.Parameter.VAR_KEYWORD:
                if name == replace:
                    v = {var_kw_key: value} if var_kw_key else {(next(iter(good)) if good else "x"): value}
                kwargs.update(v)
            elif kind is inspect.Parameter.POSITIONAL_ONLY:
                args.append(v)
            elif kind is inspect.Parameter.KEYWORD_ONLY or kwargs:
                kwargs[name] = v
            else:
                args.append(v)
        return fn(*args, **kwargs)


def good_call(fn: Callable[..., Any], qualname: str, module: str, c: SimpleNamespace) -> Call:
    """The good arguments of ``fn`` (a KeyError names a required parameter with no recipe)."""
    sig = inspect.signature(fn)
    keys = _keys(qualname, module)
    params = []
    for p in sig.parameters.values():
        found, value = _recipe(keys, p.name, c)
        if not found:
            if p.kind is inspect.Parameter.VAR_POSITIONAL:
                value = ()
            elif p.kind is inspect.Parameter.VAR_KEYWORD:
                value = {}
            elif p.default is not inspect.Parameter.empty:
                value = p.default
            else:
                raise KeyError(f"{qualname}: no recipe for parameter {p.name!r} (add one to RECIPES in {__file__})")
        params.append((p.name, p.kind, value))
    return Call(params)


@dataclasses.dataclass
class Report:
    calls: int = 0
    family: int = 0
    accepted: int = 0
    escapes: list[str] = dataclasses.field(default_factory=list)
    no_good_call: list[str] = dataclasses.field(default_factory=list)
    faces: list[str] = dataclasses.field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        return (f"API fuzz: {self.calls} calls, {self.family} family errors, {self.accepted} accepted, "
                f"{len(self.escapes)} other exceptions (escapes), "
                f"{len(self.no_good_call)} callables without a good call, "
                f"{len(self.faces)} faces that raise; {self.seconds:.0f} s")


def _short(value: Any) -> str:
    from hexrules.hexgrid import _show

    return _show(value, 60)


def _classify(report: Report, qualname: str, what: str, call: Callable[[], Any]) -> Any:
    """Run ``call``; count it; return its result (None if it raised)."""
    report.calls += 1
    signal.setitimer(signal.ITIMER_REAL, CALL_TIMEOUT)
    try:
        result = call()
    except HexrulesError as err:
        report.family += 1
        try:
            str(err)
        except Exception as e:  # noqa: BLE001 - a message that cannot be shown is an escape too
            _escape(report, qualname, what, e)
        return None
    except Exception as err:  # noqa: BLE001 - that is what we count
        _escape(report, qualname, what, err)
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _close_figures()
    report.accepted += 1
    return result


def _escape(report: Report, qualname: str, what: str, err: BaseException) -> None:
    try:
        message = str(err)[:160]
    except Exception:  # noqa: BLE001
        message = "<message fails to build>"
    report.escapes.append(f"{qualname}({what}): {type(err).__name__}: {message}")


def _close_figures() -> None:
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is not None and plt.get_fignums():
        plt.close("all")


def _harvest(value: Any, pool: dict[type, Any], depth: int = 0, seen: set[int] | None = None) -> None:
    """Keep one instance of every hexrules class found in ``value``, its fields and properties:
    the facts the rules return, on which their methods are called."""
    seen = set() if seen is None else seen
    if depth > 8 or id(value) in seen or value is None or isinstance(value, (str, bytes, int, float, Fraction)):
        return
    seen.add(id(value))
    t = type(value)
    ours = t.__module__.startswith("hexrules") and not t.__module__.startswith("hexrules.widgets")
    if ours:
        pool.setdefault(t, value)
    if isinstance(value, (tuple, list, frozenset, set)):
        for v in list(value)[:12]:
            _harvest(v, pool, depth + 1, seen)
        return
    if isinstance(value, dict):
        for k, v in list(value.items())[:12]:
            _harvest(k, pool, depth + 1, seen)
            _harvest(v, pool, depth + 1, seen)
        return
    if not ours:
        return
    names = [f.name for f in dataclasses.fields(value)] if dataclasses.is_dataclass(value) else list(getattr(value, "__dict__", {}))
    names += [n for n, a in inspect.getmembers(t) if isinstance(a, property)]
    for name in dict.fromkeys(names):
        try:
            _harvest(getattr(value, name), pool, depth + 1, seen)
        except Exception:  # noqa: BLE001 - harvesting is best effort; faces are checked by _faces
            pass


def _fuzz(report: Report, qualname: str, module: str, get: Callable[[], Callable[..., Any]], c: SimpleNamespace,
          rng: random.Random, *, extras: bool = True) -> Any:
    """The good call, then one bad argument at a time; returns the good call's result."""
    fn = get()
    try:
        call = good_call(fn, qualname, module, c)
    except (KeyError, ValueError, TypeError) as err:
        report.no_good_call.append(f"{qualname}: {err}")
        return None
    before = report.escapes[:]
    result = _classify(report, qualname, "good call", lambda: call.invoke(get()))
    if result is None and report.escapes == before:
        try:
            call.invoke(get())
        except HexrulesError as err:
            expected = REFUSED_BY_DESIGN.get(qualname.rsplit(".", 1)[-1])
            if not (expected and expected in str(err)):
                report.no_good_call.append(f"{qualname}: the good call is refused: {err}"[:300])
        except Exception:  # noqa: BLE001 - counted above
            pass
        finally:
            _close_figures()
    for name, _kind, _good in call.params:
        values = bad_values() + (list(random_values(rng)) if extras else [])
        for label, value in values:
            _classify(report, qualname, f"{name}={label}", lambda n=name, v=value: call.invoke(get(), n, v))
    return result


def _faces(report: Report, qualname: str, instance: Any, cls: type) -> None:
    """Every property and argument-free method of a good instance, and str/repr, must not raise."""
    for name in _public_methods(cls) + ["__str__", "__repr__"]:
        attr = inspect.getattr_static(cls, name, None)
        try:
            if isinstance(attr, property):
                getattr(instance, name)
            elif name in ("__str__", "__repr__"):
                getattr(instance, name)()
            elif inspect.isfunction(attr) and name not in ("redraw", "update", "refresh", "close_figure", "hold"):
                sig = inspect.signature(getattr(instance, name))
                if all(p.default is not inspect.Parameter.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
                       for p in sig.parameters.values()):
                    getattr(instance, name)()
        except HexrulesError:
            pass  # refusing (e.g. at_least_table of pairs) is fine: raising anything else is not
        except Exception as err:  # noqa: BLE001
            report.faces.append(f"{qualname}.{name}: {type(err).__name__}: {str(err)[:120]}")
        finally:
            _close_figures()


def run(*, extras: bool = True, only: str | None = None) -> Report:
    """Fuzz everything (or only the callables whose name contains ``only``); return the counts."""
    import matplotlib

    matplotlib.use("Agg")
    from hexrules.widgets.base import Explorer

    real_png = Explorer.png
    Explorer.png = lambda self: b""  # the picture is not what is fuzzed: skip the PNG encoding
    old = signal.signal(signal.SIGALRM, _alarm)
    start = time.perf_counter()
    report = Report()
    try:
        c = _contexts()
        functions, classes = discover()
        pool: dict[type, Any] = {}
        _harvest(c.mv, pool)  # first: the scenario the recipes name units and hexes of ("*": c.mv)
        rng_for = lambda q: random.Random(f"{SEED}:{q}")  # noqa: E731
        for t in functions:
            if only and only not in t.qualname:
                continue
            result = _fuzz(report, t.qualname, t.module, t.get, c, rng_for(t.qualname), extras=extras)
            _harvest(result, pool)
            if inspect.isfunction(result) and result.__module__.startswith("hexrules"):
                # a function the kit returns (a networkx weight=): a public callable too
                _fuzz(report, f"{t.qualname}()", t.module, (lambda f=result: f), c, rng_for(f"{t.qualname}()"),
                      extras=extras)
        # constructors of the validating classes (explorers: fixed pool only, each build draws a figure)
        for q, cls in classes.items():
            if only and only not in q:
                continue
            explorer = q.startswith("hexrules.widgets")  # a widget: built by a user, draws a figure
            for meth in ("from_text", "from_cube", "rectangle", "ruling"):
                if isinstance(inspect.getattr_static(cls, meth, None), (classmethod, staticmethod)):
                    _harvest(_fuzz(report, f"{q}.{meth}", cls.__module__, (lambda k=cls, m=meth: getattr(k, m)), c,
                                   rng_for(f"{q}.{meth}"), extras=extras), pool)
            if explorer or _validates(cls):
                made = _fuzz(report, q, cls.__module__, (lambda k=cls: k), c, rng_for(q), extras=extras and not explorer)
                if made is not None and not explorer:
                    pool.setdefault(cls, made)
        # methods of every class, on a good instance (harvested, or built from the good call)
        for q, cls in classes.items():
            if only and only not in q:
                continue
            explorer = q.startswith("hexrules.widgets")
            instance = pool.get(cls)
            if instance is None:
                if not (explorer or _validates(cls) or any(k in RECIPES for k in _keys(q, cls.__module__)[:1])):
                    report.no_good_call.append(f"{q}: no instance found among the good calls' results (add a recipe)")
                    continue
                try:
                    instance = good_call(cls, q, cls.__module__, c).invoke(cls)
                except Exception as err:  # noqa: BLE001
                    report.no_good_call.append(f"{q}: no instance to call its methods on ({type(err).__name__}: {err})"[:300])
                    continue
            try:
                if issubclass(cls, Explorer):
                    _fuzz(report, f"{q}.click", cls.__module__, (lambda i=instance: i.click), c, rng_for(q), extras=False)
                    continue
                _faces(report, q, instance, cls)
                for meth in _public_methods(cls):
                    attr = inspect.getattr_static(cls, meth)
                    if f"{q}.{meth}" in SKIP or isinstance(attr, property) or meth in ("from_text", "from_cube", "rectangle", "ruling"):
                        continue
                    sig = inspect.signature(getattr(instance, meth))
                    if not sig.parameters:
                        continue
                    _fuzz(report, f"{q}.{meth}", cls.__module__, (lambda i=instance, m=meth: getattr(i, m)), c,
                          rng_for(f"{q}.{meth}"), extras=extras)
            finally:
                if explorer:
                    _close_figures()
    finally:
        signal.signal(signal.SIGALRM, old)
        Explorer.png = real_png
        report.seconds = time.perf_counter() - start
    return report


# --- the tests -----------------------------------------------------------------------------------------

# the three tests read one fuzzing run (the module fixture, ~15 s): on one xdist worker it runs once
pytestmark = pytest.mark.xdist_group("api-fuzz")


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Report:
    # in a folder of its own: a call given a relative folder (e.g. save_scenario(folder="3"),
    # which the kit accepts) writes there, never into the repository
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("api-fuzz-cwd"))
    try:
        return run()
    finally:
        os.chdir(here)


def test_no_exception_escapes_the_family(report, capsys):
    with capsys.disabled():  # the counts, in every run (not only when the test fails)
        print(f"\n{report.line()}")
    shown = "\n".join(report.escapes[:80])
    assert not report.escapes, f"{report.line()}\n{shown}"


def test_every_public_callable_has_a_good_call(report):
    assert not report.no_good_call, "\n".join(report.no_good_call)


def test_every_face_of_a_good_result_works(report):
    assert not report.faces, "\n".join(report.faces)


def test_the_fuzzer_calls_something_of_every_topic(report):
    # the count is a floor, not a figure: a discovery bug (nothing found) must not pass
    assert report.calls > 5000 and report.family > 2000 and report.accepted > 500, report.line()


if __name__ == "__main__":  # pragma: no cover - a developer's tool
    r = run(only=sys.argv[1] if len(sys.argv) > 1 else None)
    for line in r.no_good_call:
        print("NO GOOD CALL", line)
    for line in r.faces:
        print("FACE", line)
    for line in r.escapes:
        print("ESCAPE", line)
    print(r.line())
