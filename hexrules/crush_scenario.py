"""Crush's scenario sections (VoidSiege, RULES.md C1-C4): pieces, squads and their models, vehicles, paths.

A Crush scenario is an ordinary scenario (name, title, terrain, map; :mod:`hexrules.scenario`)
with four more sections, which this module registers with :func:`hexrules.scenario.register_section`
(topic key ``"crush"``)::

    name: Crush: Grinder through the hab block
    title: Grinder through the hab block
    terrain: ruin symbol=R cost=0
    map:
        0  0  0  0  0  0
         0  0  0R 0R 0  0
        0  0  0R 0  0  0
    pieces:
        "Hab block"  cover=3  hexes=C2,D2,C3
    squads:
        Rangers  side=defenders  resolve=4
            R1  at=C2  wounds=1
            R2  at=D2  wounds=2
            R3  at=E1
    vehicles:
        Grinder  side=attackers  at=A2  shield=5  resolve=2  hp=8
    paths:
        Grinder  A2 B2 C2 D2 E2

* ``pieces:`` (C1) one terrain piece a line: its name, ``cover=N`` (>= 0) and
  ``hexes=LABEL,LABEL,...``; ``collapsible=no`` for a piece that cannot collapse (default
  yes), ``collapsed=yes`` for one that already has (default no).
* ``squads:`` (C2, C3) one non-vehicle unit a line: its name, ``resolve=N`` (1..12) and an
  optional ``side=NAME``. Its models follow on the lines below it, indented deeper (the
  squad line's spaces and tabs, then more: a tab looks as deep as the editor makes it, so
  tabs and spaces mixed otherwise are an error): a name, ``at=LABEL``, ``wounds=N`` (>= 1,
  default 1) and ``damage=N`` (taken so far, 0..wounds, default 0). Several models may share
  a hex, and a hex of the piece is "in, on or under" it.
* ``vehicles:`` (C4) one vehicle a line: its name, ``at=LABEL``, ``shield=N`` (the modified
  Shield) and ``resolve=N`` (1..12 each), ``hp=N`` (>= 0); optional ``side=NAME`` and the
  System Damage taken so far, ``minor=N`` and ``major=N``.
* ``paths:`` (C1) a vehicle's name, then the hexes it drives through, starting on its own
  hex, each a neighbour of the one before.

Names and values are written as in every scenario section (:mod:`hexrules.scenario`: names
with spaces or ``" = # ' : ,`` in double quotes, a double quote in them written twice); a
hex list names each hex once, by its label. Unit names (squads and vehicles) are unique (C2) and keep
their file order; a section may appear more than once. Errors name the file, line and column
of the bad value and the ruling (:class:`~hexrules.errors.ScenarioError`); ``to_text`` writes
the sections back, and reading them again gives an equal scenario.

The data lands in ``scenario.sections["crush"]`` as a :class:`CrushData`;
:class:`CrushScenario` is the view of a :class:`~hexrules.scenario.Scenario` that Crush's
rules and explorers use (:func:`load_crush`, :func:`parse_crush_scenario`).

The old format (``#crush piece ...`` lines, which the board reader took for comments) is no
longer read: such a line is an error that shows the line converted, and
:func:`convert_crush_lines` converts a whole file.

Crush's rules module (:mod:`hexrules.crush`) is imported when a Crush section is read, not
when this module registers, so ``import hexrules`` stays light.

Examples
--------
>>> sc = parse_crush_scenario('''
... map:
...   0 0 0
... pieces:
...   Ruin  cover=2  hexes=B1
... squads:
...   Rangers  resolve=4
...     R1  at=B1
... vehicles:
...   Tank  at=A1  shield=4  resolve=2  hp=5
... paths:
...   Tank  A1 B1 C1
... ''', source="demo.hex")
>>> sc.piece().cover, [u.name for u in sc.units], sc.crush(rolls={"Rangers": [4, 1]}).resolution("Rangers").damage
(2, ['Rangers', 'Tank'], 1)
>>> parse_crush_scenario("map:\\n  0 0\\nsquads:\\n  Rangers  resolve=0\\n    R1  at=A1\\n", source="demo.hex")
Traceback (most recent call last):
...
hexrules.errors.ScenarioError: demo.hex:4:20: resolve='0' is not a whole number from 1 to 12 (ruling C3)
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from . import checks
from .checks import show
from .errors import BoardError, HexrulesError, RuleError, ScenarioError, StateError
from .hexgrid import Hex
from .scenario import (Entry, Line, Reader, Scenario, Section, SectionReader, builtin, check_one_line, parse_scenario,
                       quote, register_section, scenario_names, source_repr, split_lines, tokens)
from .state import State, Unit
from .words import extent_text, plural

if TYPE_CHECKING:  # pragma: no cover
    from .crush import CrushResult, CrushUnit, TerrainPiece

__all__ = [
    "KEY",
    "HEADINGS",
    "CrushData",
    "CrushScenario",
    "parse_crush_scenario",
    "load_crush",
    "crush_scenario_names",
    "convert_crush_lines",
    "board_tokens",
]

#: The topic key of Crush's data in :attr:`Scenario.sections <hexrules.scenario.Scenario.sections>`.
KEY = "crush"
#: The section headings Crush owns, in the order :meth:`CrushScenario.to_text` writes them.
HEADINGS = ("pieces", "squads", "vehicles", "paths")
_OLD = "#crush"
_OLD_KINDS = {"piece": "pieces", "squad": "squads", "model": "squads", "vehicle": "vehicles", "path": "paths"}


def _not_list(value: Any) -> bool:
    return isinstance(value, (str, bytes, Hex, Mapping)) or not isinstance(value, (list, tuple))


@dataclass(frozen=True)
class CrushData:
    """Crush's section data of a scenario: terrain pieces, units and vehicle paths (C1-C4).

    Parameters
    ----------
    pieces : sequence of TerrainPiece
        The terrain pieces, names unique (C1).
    units : sequence of Squad or Vehicle
        Every unit, names unique (C2), in the order they are listed.
    paths : mapping of vehicle name to sequence of Hex
        Each vehicle's path, first hex = where it stands (C1; checked against the board by the
        scenario that holds this data).

    Raises
    ------
    RuleError
        If ``pieces`` is not a list of :class:`~hexrules.crush.TerrainPiece` with distinct names,
        or a path is not a non-empty list of hexes (C1).
    StateError
        If ``units`` is not a list of Squads and Vehicles with distinct names (C2), or a path
        belongs to no vehicle (C1).
    """

    pieces: tuple["TerrainPiece", ...] = ()
    units: tuple["CrushUnit", ...] = ()
    paths: Mapping[str, tuple[Hex, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        from .crush import Squad, TerrainPiece, Vehicle

        if _not_list(self.pieces) or not all(isinstance(p, TerrainPiece) for p in self.pieces):
            raise RuleError(f"pieces {show(self.pieces)} are not a list of TerrainPiece", ruling="C1")
        if _not_list(self.units) or not all(isinstance(u, (Squad, Vehicle)) for u in self.units):
            raise StateError(f"units {show(self.units)} are not a list of Squad and Vehicle", ruling="C2")
        for what, items, error, ruling in (("pieces", self.pieces, RuleError, "C1"), ("units", self.units, StateError, "C2")):
            names = [x.name for x in items]
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise error(f"two {what} are named {twice[0]!r}", ruling=ruling)
        if not isinstance(self.paths, Mapping):
            raise RuleError(f"paths {show(self.paths)} are not a mapping of vehicle name to hexes", ruling="C1")
        vehicles = [u.name for u in self.units if u.is_vehicle]
        paths = {}
        for name, path in self.paths.items():
            if name not in vehicles:
                raise StateError(f"path for {show(name)}: no vehicle of that name (vehicles: "
                                 f"{', '.join(vehicles) or 'none'})", ruling="C1")
            if _not_list(path) or not path or not all(isinstance(h, Hex) for h in path):
                raise RuleError(f"path of {show(name)}: {show(path)} is not a non-empty list of Hex", ruling="C1")
            paths[name] = tuple(path)
        object.__setattr__(self, "pieces", tuple(self.pieces))
        object.__setattr__(self, "units", tuple(self.units))
        object.__setattr__(self, "paths", MappingProxyType(paths))

    def replace(self, **changes: Any) -> "CrushData":
        """A copy with some fields changed (refused as the constructor refuses)."""
        return checks.replace(self, changes, what="Crush data", error=RuleError, ruling="C1")


def _path_problem(name: str, start: Hex, path: Sequence[Hex], label: Any) -> tuple[int, str] | None:
    """``(index of the bad hex, why)`` when ``path`` does not start on ``start`` or skips a hex (C1)."""
    if path[0] != start:
        return 0, f"the path of {name!r} starts on {label(path[0])}, not on {label(start)} where it stands"
    for i, (a, b) in enumerate(zip(path, path[1:]), start=1):
        if a.distance(b) != 1:
            return i, f"the path of {name!r} steps from {label(a)} to {label(b)}, which are not neighbours"
    return None


# --- reading --------------------------------------------------------------------------------------------


def _built(e: Entry, make: Any, *args: Any) -> Any:
    """``make(*args)``, a refusal of Crush's own classes re-raised at ``e``'s line."""
    try:
        return make(*args)
    except HexrulesError as err:
        raise e.error(err.message, ruling=err.ruling) from None


def _read_piece(rd: Reader, board: Any, line: Line, named: dict[str, tuple[int, int]]) -> "TerrainPiece":
    from .crush import TerrainPiece

    e = rd.entry(line, "piece", ("cover", "hexes", "collapsible", "collapsed"), ruling="C1")
    (name,) = e.names(1, '"Hab block"  cover=3  hexes=C2,D2')
    if name.text in named:
        raise e.error(f"two pieces are named {name.text!r} (the first on {rd.place(*named[name.text])})", name.column)
    named[name.text] = (line.number, name.column)
    hexes = e.hexes(board, "hexes", what=f"piece {name.text!r} hex")
    return _built(e, TerrainPiece, name.text, hexes, e.whole("cover"), e.flag("collapsible", True), e.flag("collapsed", False))


def _lead(line: Line) -> str:
    """The spaces and tabs before a line's first word."""
    return line.text[:line.indent - 1]


def _read_squads(rd: Reader, board: Any, section: Section) -> list[tuple[Line, Any]]:
    from .crush import Model, Squad

    out: list[tuple[Line, Any]] = []
    squad: list[Any] | None = None  # [entry, resolve, models, {model name: (line, column)}]

    def finish() -> None:
        if squad is None:
            return
        e, resolve, models, _ = squad
        if not models:
            raise e.error(f"squad {e.name!r} has no models: list them on the lines below it, indented deeper "
                          f"(e.g. '        R1  at=C2  wounds=1')")
        out.append((e.line, _built(e, Squad, e.name, models, resolve, e.text("side", ""))))

    indent = _lead(section.lines[0]) if section.lines else ""
    for line in section.lines:
        lead = _lead(line)
        if lead == indent:
            finish()
            e = rd.entry(line, "squad", ("side", "resolve"), ruling="C3")
            e.names(1, "Rangers  side=defenders  resolve=4")
            squad = [e, e.whole("resolve", minimum=1, maximum=12), [], {}]
        elif indent.startswith(lead):
            raise rd.error(f"this line is indented less than the squads above it: a squad starts in column "
                           f"{len(indent) + 1}, its models deeper", line.number, line.indent, "C3")
        elif not lead.startswith(indent):  # e.g. a tab under spaces: how deep it looks depends on the editor
            raise rd.error("this line's indentation mixes tabs and spaces unlike the squad lines': indent a model with "
                           "its squad's indentation, then more", line.number, line.indent, "C3")
        else:
            assert squad is not None  # the first line sets the squads' indentation
            e = rd.entry(line, "model", ("at", "wounds", "damage"), ruling="C3")
            (name,) = e.names(1, "R1  at=C2  wounds=1")
            seen = squad[3]
            if name.text in seen:
                raise e.error(f"squad {squad[0].name!r} has two models named {name.text!r} (the first on "
                              f"{rd.place(*seen[name.text])})", name.column)
            seen[name.text] = (line.number, name.column)
            h = e.position(board, what=f"model {name.text!r} position", ruling="C2")
            wounds = e.whole("wounds", 1, minimum=1)
            squad[2].append(_built(e, Model, name.text, h, wounds, e.whole("damage", 0, maximum=wounds)))
    finish()
    return out


def _read_vehicle(rd: Reader, board: Any, line: Line) -> "CrushUnit":
    from .crush import Vehicle

    e = rd.entry(line, "vehicle", ("side", "at", "shield", "resolve", "hp", "minor", "major"), ruling="C4")
    (name,) = e.names(1, "Grinder  side=attackers  at=A2  shield=5  resolve=2  hp=8")
    h = e.position(board, what=f"vehicle {name.text!r} position")
    stats = [e.whole(k, minimum=1, maximum=12) for k in ("shield", "resolve")]
    return _built(e, Vehicle, name.text, h, *stats, e.whole("hp"), e.text("side", ""), e.whole("minor", 0),
                  e.whole("major", 0))


def _read_path(rd: Reader, board: Any, line: Line, units: dict[str, Any], paths: dict[str, tuple[Hex, ...]],
               path_lines: dict[str, tuple[int, int]]) -> None:
    e = rd.entry(line, "path", (), ruling="C1")
    name, *labels = e.words
    unit = units.get(name.text)
    if unit is None or not unit.is_vehicle:
        vehicles = [n for n, u in units.items() if u.is_vehicle]
        why = f"{name.text!r} is a squad: only a vehicle has a path" if unit is not None else \
            f"no vehicle {name.text!r} (vehicles: {', '.join(vehicles) or 'none'})"
        raise e.error(f"path for {name.text!r}: {why}", name.column)
    if name.text in path_lines:
        raise e.error(f"a second path for {name.text!r} (the first on {rd.place(*path_lines[name.text])})", name.column)
    if not labels:
        raise e.error(f"the path of {name.text!r} needs the hexes it drives through, starting on its own hex "
                      f"{board.label(unit.hex)}", name.column)
    path = tuple(e.hex(board, t, what="path hex") for t in labels)
    problem = _path_problem(name.text, unit.hex, path, board.label)
    if problem:
        raise e.error(problem[1], labels[problem[0]].column)
    paths[name.text] = path
    path_lines[name.text] = (line.number, name.column)


def _read(sections: tuple[Section, ...], scenario: Scenario, rd: Reader) -> CrushData:
    board = scenario.board
    pieces: list[Any] = []
    piece_lines: dict[str, tuple[int, int]] = {}
    units: dict[str, Any] = {}
    unit_lines: dict[str, tuple[int, int]] = {}
    for section in sections:
        if section.heading == "pieces":
            pieces.extend(_read_piece(rd, board, line, piece_lines) for line in section.lines)
            continue
        if section.heading == "squads":
            read = _read_squads(rd, board, section)
        elif section.heading == "vehicles":
            read = [(line, _read_vehicle(rd, board, line)) for line in section.lines]
        else:
            continue
        for line, unit in read:
            if unit.name in units:
                raise rd.error(f"two units are named {unit.name!r} (the first on {rd.place(*unit_lines[unit.name])})",
                               line.number, line.indent, "C2")
            units[unit.name] = unit
            unit_lines[unit.name] = (line.number, line.indent)
    paths: dict[str, tuple[Hex, ...]] = {}
    path_lines: dict[str, tuple[int, int]] = {}
    for section in sections:
        if section.heading == "paths":
            for line in section.lines:
                _read_path(rd, board, line, units, paths, path_lines)
    return CrushData(tuple(pieces), tuple(units.values()), paths)


# --- writing, checking, describing -------------------------------------------------------------------


def _write(data: CrushData, scenario: Scenario, compact: bool = False) -> list[str]:
    """The Crush sections' lines; ``compact``: the shortest (one space, no defaults, least indentation)."""
    label = scenario.board.label
    sep, indent, deeper = (" ", "", " ") if compact else ("  ", "    ", "        ")
    yes, no = ("1", "0") if compact else ("yes", "no")
    out = []
    if data.pieces:
        out.append("pieces:")
        for p in data.pieces:
            parts = [quote(p.name), f"cover={p.cover}", "hexes=" + ",".join(label(h) for h in p.hexes)]
            parts += ([f"collapsible={no}"] if not p.collapsible else []) + ([f"collapsed={yes}"] if p.collapsed else [])
            out.append(indent + sep.join(parts))
    for is_vehicle, run in itertools.groupby(data.units, key=lambda u: u.is_vehicle):
        out.append("vehicles:" if is_vehicle else "squads:")
        for u in run:
            side = [f"side={quote(u.side)}"] if u.side else []
            if is_vehicle:
                parts = [quote(u.name), *side, f"at={label(u.hex)}", f"shield={u.shield}", f"resolve={u.resolve}", f"hp={u.hp}"]
                parts += [f"{k}={getattr(u, k)}" for k in ("minor", "major") if getattr(u, k)]
                out.append(indent + sep.join(parts))
                continue
            out.append(indent + sep.join([quote(u.name), *side, f"resolve={u.resolve}"]))
            for m in u.models:
                wounds = [] if compact and m.wounds == 1 else [f"wounds={m.wounds}"]
                out.append(deeper + sep.join([quote(m.name), f"at={label(m.hex)}", *wounds]
                                             + ([f"damage={m.damage}"] if m.damage else [])))
    if data.paths:
        out.append("paths:")
        out.extend(f"{indent}{quote(name)}{sep}" + " ".join(label(h) for h in path) for name, path in data.paths.items())
    return out


def _check(data: Any, scenario: Scenario) -> None:
    if not isinstance(data, CrushData):
        raise StateError(f"scenario section {KEY!r} holds {data!r}, not a CrushData", ruling="C1")
    board = scenario.board
    for p in data.pieces:  # names scenario text cannot hold
        check_one_line(p.name, "terrain piece name")
    for u in data.units:
        check_one_line(u.name, "vehicle name" if u.is_vehicle else "unit name")
        check_one_line(u.side, f"{u.name!r}: side")
        for m in () if u.is_vehicle else u.models:
            check_one_line(m.name, f"model name (of {u.name!r})")

    def on_board(what: str, h: Hex, ruling: str) -> None:
        if h not in board:
            raise BoardError(f"{what} is on hex {board.hex_name(h)}, which is not on the board: {extent_text(board, h)}",
                             ruling=ruling)

    for p in data.pieces:
        for h in p.hexes:
            on_board(f"terrain piece {p.name!r}", h, "C1")
    by_name = {}
    for u in data.units:
        by_name[u.name] = u
        if u.is_vehicle:
            on_board(f"vehicle {u.name!r}", u.hex, "C4")
        for m in () if u.is_vehicle else u.models:
            on_board(f"model {m.name!r} of {u.name!r}", m.hex, "C2")
    for name, path in data.paths.items():
        for h in path:
            on_board(f"a hex of the path of {name!r}", h, "C1")
        problem = _path_problem(name, by_name[name].hex, path, board.label)
        if problem:
            raise RuleError(problem[1], ruling="C1")


def _side(u: Any) -> str:
    return f" ({u.side})" if u.side else ""


def _describe(data: CrushData, scenario: Scenario) -> list[tuple[Hex | None, str]]:
    label = scenario.board.label
    out: list[tuple[Hex | None, str]] = []
    for u in data.units:
        if u.is_vehicle:
            tally = "".join(f", {k} {getattr(u, k.lower())}" for k in ("Minor", "Major") if getattr(u, k.lower()))
            out.append((u.hex, f"{u.name}{_side(u)}: vehicle, Shield {u.shield}, Resolve {u.resolve}, HP {u.hp}{tally}"))
            continue
        for m in u.models:
            hurt = f", damage {m.damage}" if m.damage else ""
            out.append((m.hex, f"{m.name} of {u.name}{_side(u)}: {plural(m.wounds, 'wound')}{hurt}, Resolve {u.resolve}"))
    for p in data.pieces:
        state = ("" if p.collapsible else ", not collapsible") + (", collapsed" if p.collapsed else "")
        out.append((None, f"piece {p.name}: Cover {p.cover}{state}, on {' '.join(label(h) for h in p.hexes)}"))
    for name, path in data.paths.items():
        out.append((None, f"path of {name}: {' '.join(label(h) for h in path)}"))
    return out


# --- the old '#crush' lines ---------------------------------------------------------------------------------


def _old_line(raw: str, rd: Reader | None = None, lineno: int = 1) -> tuple[str, list[Any]] | None:
    """``(kind, tokens)`` of an old ``#crush`` line, else None; a ScenarioError at ``lineno`` for an unclosed quote."""
    text = raw.lstrip()
    if not text.startswith(_OLD) or text[len(_OLD):len(_OLD) + 1] not in ("", " ", "\t"):
        return None
    toks = tokens(text[len(_OLD):], reader=rd, line=lineno, column=len(raw) - len(text) + len(_OLD) + 1)
    return (toks[0].text, toks[1:]) if toks else ("", [])


def _legacy(raw: str) -> str:
    try:
        kind, toks = _old_line(raw) or ("", [])
    except ScenarioError:  # an unclosed quote: the message cannot show the line converted
        return (f"'{_OLD}' lines are the old Crush format, read no more, and this one has a double quote that is not "
                f"closed; Crush data lives in the sections {', '.join(h + ':' for h in HEADINGS)}")
    how = "hexrules.crush_scenario.convert_crush_lines(text) converts a whole file"
    if kind not in _OLD_KINDS:
        what = f"unknown #crush entry {kind!r}" if kind else "an empty #crush line"
        return (f"{what}: '#crush' lines are the old Crush format, read no more; Crush data lives in the sections "
                f"{', '.join(h + ':' for h in HEADINGS)} ({how})")
    words = [t.text for t in toks]
    if kind == "model":
        entry, where = "  ".join(words[1:]), f"indented under its squad {words[0] if words else '?'}"
    else:
        entry, where = "  ".join(words), {"squad": "its models indented below it"}.get(kind, "")
    return (f"'#crush {kind}' is the old Crush format, read no more (the board reader took it for a comment): "
            f"write it in a '{_OLD_KINDS[kind]}:' section{', ' + where if where else ''}, as '{entry}' ({how})")


def convert_crush_lines(text: str, *, source: str = "<text>") -> str:
    """Scenario text with its old ``#crush`` lines turned into Crush's sections (appended at the end).

    Every other line (comments included) stays as it is; read the result with
    :func:`parse_crush_scenario` (check it, and give the scenario a ``title:``).

    Raises
    ------
    ScenarioError
        For an old line that cannot be converted (an unknown entry, a model before its squad),
        with ``source:line:column``.

    Examples
    --------
    >>> print(convert_crush_lines('''map:
    ...   0 0
    ... #crush squad   Rangers  resolve=4
    ... #crush model   Rangers  R1  at=B1
    ... #crush vehicle Tank shield=4 resolve=2 hp=5 at=A1
    ... #crush path    Tank A1 B1
    ... '''), end="")
    map:
      0 0
    squads:
        Rangers  resolve=4
            R1  at=B1
    vehicles:
        Tank  shield=4  resolve=2  hp=5  at=A1
    paths:
        Tank  A1  B1
    """
    if not isinstance(text, str):
        raise ScenarioError(f"scenario text is {type(text).__name__}, not str", source=source, line=1)
    rd = Reader(source)
    kept: list[str] = []
    pieces: list[str] = []
    units: list[tuple[str, list[str]]] = []  # (heading, lines): a squad's lines are its line then its models
    squads: dict[str, list[str]] = {}
    paths: list[str] = []
    for lineno, raw in enumerate(split_lines(text, rd), start=1):
        old = _old_line(raw, rd, lineno)
        if old is None:
            kept.append(raw)
            continue
        kind, toks = old
        column = len(raw) - len(raw.lstrip()) + 1
        if kind not in _OLD_KINDS or not toks:
            raise rd.error(_legacy(raw), lineno, column)
        words = [t.text for t in toks]
        entry = "    " + "  ".join(words)
        if kind == "piece":
            pieces.append(entry)
        elif kind == "squad":
            squads[toks[0].value] = lines = [entry]
            units.append(("squads", lines))
        elif kind == "model":
            if toks[0].value not in squads:
                raise rd.error(f"#crush model {words[1] if len(words) > 1 else ''!r}: no '#crush squad {words[0]}' above it",
                               lineno, toks[0].column, "C3")
            squads[toks[0].value].append("        " + "  ".join(words[1:]))
        elif kind == "vehicle":
            units.append(("vehicles", [entry]))
        else:
            paths.append(entry)
    while kept and not kept[-1].strip():
        kept.pop()
    out = kept + (["pieces:", *pieces] if pieces else [])
    for heading, run in itertools.groupby(units, key=lambda u: u[0]):
        out += [f"{heading}:", *(line for _, lines in run for line in lines)]
    out += ["paths:", *paths] if paths else []
    return "\n".join(out) + "\n"


register_section(SectionReader(KEY, HEADINGS, read=_read, write=_write, check=_check, describe=_describe,
                               legacy={_OLD: _legacy}, write_compact=functools.partial(_write, compact=True)))


# --- the view -----------------------------------------------------------------------------------------------


def board_tokens(units: Sequence["CrushUnit"]) -> State:
    """Crush's units as board tokens to draw: one unit per hex with a living model (the first
    listed there), a Garrison token per vehicle (its damage = its Major System Damage).

    Names are ``"squad/model"`` for models; sides are the units' (their names when a unit has
    no side), so each side gets its colour.

    Raises
    ------
    StateError
        If ``units`` is not a list of Squads and Vehicles (C2).
    """
    from .crush import Squad, Vehicle

    units = checks.items(units, what="units", error=StateError, ordered=False, ruling="C2")
    for u in units:
        if not isinstance(u, (Squad, Vehicle)):
            raise StateError(f"{show(u)} is not a Squad or a Vehicle", ruling="C2")
    tokens_: list[Unit] = []
    seen: set[Hex] = set()
    for u in units:
        side = u.side or u.name
        if u.is_vehicle:
            if u.hex not in seen:
                tokens_.append(Unit(u.name, side, u.hex, garrison=True, damage=u.major))
                seen.add(u.hex)
            continue
        for m in u.models:
            if m.alive and m.hex not in seen:
                tokens_.append(Unit(f"{u.name}/{m.name}", side, m.hex, damage=m.damage))
                seen.add(m.hex)
    return State(tokens_)


@dataclass(frozen=True, init=False, repr=False)
class CrushScenario:
    """A :class:`~hexrules.scenario.Scenario` seen through Crush: its pieces, units and vehicle
    paths, the ``"crush"`` section data (C1-C4; format: this module's docstring).

    Parameters
    ----------
    scenario : Scenario
        The scenario; without Crush sections it has no pieces, units or paths.
    pieces, units, paths : optional
        Replace the scenario's Crush data (:class:`CrushData`'s fields), e.g. to build one in code.

    Raises
    ------
    ScenarioError
        If ``scenario`` is not a :class:`~hexrules.scenario.Scenario`.
    RuleError, StateError, BoardError
        If the Crush data is malformed or does not fit the board (:class:`CrushData`).

    Examples
    --------
    >>> sc = load_crush("crush_hab_block")
    >>> sc.heading, sc.piece().name, sc.paths["Grinder"][0] == sc.board.hex("A3")
    ('Grinder through the hab block', 'Hab block', True)
    >>> CrushScenario.from_text(sc.to_text()) == sc
    True
    """

    scenario: Scenario

    def __init__(self, scenario: Scenario, pieces: Any = None, units: Any = None, paths: Any = None) -> None:
        if not isinstance(scenario, Scenario):
            raise ScenarioError(f"{show(scenario)} is not a hexrules.scenario.Scenario", source="CrushScenario")
        if any(v is not None for v in (pieces, units, paths)):
            data = scenario.sections.get(KEY, CrushData())
            changes = {k: v for k, v in (("pieces", pieces), ("units", units), ("paths", paths)) if v is not None}
            scenario = scenario.replace(sections={**scenario.sections, KEY: data.replace(**changes)})
        object.__setattr__(self, "scenario", scenario)

    @classmethod
    def from_text(cls, text: str, *, source: str = "<text>") -> "CrushScenario":
        """Parse scenario text with Crush sections; see :func:`parse_crush_scenario`."""
        return parse_crush_scenario(text, source=source)

    def to_text(self, *, compact: bool = False) -> str:
        """The scenario text, Crush sections included; :meth:`from_text` reads it back equal
        (``compact``: :meth:`Scenario.to_text <hexrules.scenario.Scenario.to_text>`)."""
        return self.scenario.to_text(compact=compact)

    # --- reading ------------------------------------------------------------------------------------

    @property
    def data(self) -> CrushData:
        """Crush's section data (empty if the scenario has none)."""
        return self.scenario.sections.get(KEY, CrushData())

    @property
    def board(self):  # noqa: ANN201 - a Board
        """The board."""
        return self.scenario.board

    @property
    def name(self) -> str:
        """The scenario's name."""
        return self.scenario.name

    @property
    def title(self) -> str:
        """The scenario's title (``""`` if it has none)."""
        return self.scenario.title

    @property
    def heading(self) -> str:
        """The title, else the name (:attr:`Scenario.heading <hexrules.scenario.Scenario.heading>`)."""
        return self.scenario.heading

    @property
    def pieces(self) -> tuple["TerrainPiece", ...]:
        """The terrain pieces (C1)."""
        return self.data.pieces

    @property
    def units(self) -> tuple["CrushUnit", ...]:
        """Every unit, squads and vehicles, in the order listed (C2)."""
        return self.data.units

    @property
    def paths(self) -> Mapping[str, tuple[Hex, ...]]:
        """Each vehicle's path, first hex = where it stands (C1)."""
        return self.data.paths

    def piece(self, name: str | None = None) -> "TerrainPiece":
        """The piece called ``name`` (default: the first).

        Raises
        ------
        StateError
            If the scenario has no piece of that name, or no piece at all (C1).
        """
        if not self.pieces:
            raise StateError(f"scenario {self.name!r} has no terrain piece (no 'pieces:' section)", ruling="C1")
        if name is None:
            return self.pieces[0]
        for p in self.pieces:
            if isinstance(name, str) and p.name == name:
                return p
        raise StateError(f"no terrain piece {show(name)} (pieces: {', '.join(p.name for p in self.pieces)})", ruling="C1")

    def unit(self, name: str) -> "CrushUnit":
        """The unit called ``name``, as the scenario places it.

        Raises
        ------
        StateError
            If there is no such unit (C2).
        """
        for u in self.units:
            if isinstance(name, str) and u.name == name:
                return u
        raise StateError(f"no unit named {show(name)} (units: {', '.join(u.name for u in self.units) or 'none'})",
                         ruling="C2")

    def crush(self, vehicle: str | None = None, piece: str | None = None, **kw: Any) -> "CrushResult":
        """Run :func:`hexrules.crush.crush` for ``vehicle`` (default: the first with a path) along its path.

        ``kw`` goes to :func:`~hexrules.crush.crush` (``rolls``, ``seed``, ``rng``, ``assign``,
        ``policy``, ``options``).

        Raises
        ------
        StateError
            If the scenario has no path for ``vehicle`` (or no path at all), or no such piece
            (C1).
        RuleError, BoardError, OptionsError
            As for :func:`~hexrules.crush.crush`.
        """
        from .crush import crush

        if vehicle is None:
            if not self.paths:
                raise StateError(f"scenario {self.name!r} has no vehicle path (no 'paths:' section)", ruling="C1")
            vehicle = next(iter(self.paths))
        if not isinstance(vehicle, str) or vehicle not in self.paths:
            raise StateError(
                f"vehicle {show(vehicle)} has no path in this scenario (paths: {', '.join(self.paths) or 'none'})",
                ruling="C1",
            )
        return crush(self.board, self.piece(piece), self.units, self.paths[vehicle], vehicle=vehicle, **kw)

    # --- faces --------------------------------------------------------------------------------------

    def __repr__(self) -> str:
        try:
            return source_repr("CrushScenario.from_text", self.to_text())
        except (BoardError, ScenarioError):  # no text form (negative offset coordinates, beyond the text limits)
            return f"CrushScenario({self.scenario!r})"

    def __str__(self) -> str:
        return str(self.scenario)

    def _repr_png_(self) -> bytes:  # pragma: no cover - exercised in notebooks
        from .plot.png import to_png  # a picture face: the one kind of upward import (ARCHITECTURE.md)

        return to_png(self.board, board_tokens(self.units), highlight=[h for p in self.pieces for h in p.hexes],
                      paths=list(self.paths.values()))


def parse_crush_scenario(text: str, *, source: str = "<text>") -> CrushScenario:
    """Parse a scenario with Crush sections (format: this module's docstring) as a :class:`CrushScenario`.

    Raises
    ------
    ScenarioError
        With the source, line and column, for malformed text or a bad Crush value (and its
        ruling, C1-C4), or an old ``#crush`` line (the message shows it converted).
    """
    return CrushScenario(parse_scenario(text, source=source))


def crush_scenario_names() -> list[str]:
    """Names of the shipped Crush scenarios (``hexrules/scenarios/crush_*.hex``; rulings C1-C4).

    Those of :func:`hexrules.scenario.scenario_names` that start with ``crush_``.

    >>> "crush_hab_block" in crush_scenario_names()
    True
    """
    return [n for n in scenario_names() if n.startswith("crush_")]


def load_crush(name: str = "crush_hab_block") -> CrushScenario:
    """A shipped Crush scenario (RULES.md C1-C4), e.g. ``load_crush("crush_hab_block")``.

    Loaded by :func:`hexrules.scenario.builtin` with :func:`parse_crush_scenario` as the parser.

    Raises
    ------
    ScenarioError
        If ``name`` is not one of :func:`crush_scenario_names` (the message lists them), or the
        file is malformed (source, line and column, and the ruling of the bad value).

    Examples
    --------
    >>> load_crush("jumping")
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioError: hexrules.scenarios: no Crush scenario 'jumping' (have: crush_hab_block) (ruling C1)
    """
    if not isinstance(name, str) or name not in crush_scenario_names():
        raise ScenarioError(
            f"no Crush scenario {show(name)} (have: {', '.join(crush_scenario_names())})", source="hexrules.scenarios",
            ruling="C1",
        )
    return builtin(name, parser=parse_crush_scenario)
