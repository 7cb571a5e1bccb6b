# Why this module is over ~900 lines: a diagram file is one topic of scenario text (its format,
# reader, writer and checks) wired to every rule topic it can show (reach, cost, Engagement, Push,
# Pull, Crush) and to its files (use:, loading); about a third of it is the format's documentation
# and doctests. Its chart form is hexrules/chart.py, what both share hexrules/picture.py.
"""Rulebook diagrams as data: a scenario file with a drawing section, drawn by one command.

A diagram file is scenario text (:mod:`hexrules.scenario`: the map, the units) plus what to
draw on it. Plain marks are drawn as written (hexes in a colour, texts, arrows); engine
overlays are declared by name and computed by the rules when the diagram is drawn, so the
picture always shows what the rules say. ``hexrules draw FILE -o OUT.svg`` draws one (see
:mod:`hexrules.cli`); :func:`load_diagram`, :func:`diagram` and :class:`Diagram` do it in Python.

The Knuckle Shield example of the rulebook, in full::

    title: Zaku I's Knuckle Shield
    map:
        0  0  0  0  0  1  1
         0  0  0  1  0  0  1
        0  0  0  ~  0  0  0
         0  0  0  2  0  0  0
        1  0  0  0  0  0  0
    units:
        "Zaku I"          side=zeon        at=B3
        "RX-78-2 Gundam"  side=federation  at=C3
    draw:
        push  from="Zaku I"  on="RX-78-2 Gundam"  n=2

The sections this module adds (topic key ``"diagram"``):

``caption: TEXT``
    A line of the caption under the picture; repeat it, or indent more lines under it, for
    several. Engine overlays add their own lines after it (their ``caption=no`` leaves them out).
    The picture's title is the scenario's ``title:``. Like ``title:``, a caption line is the
    rest of its line as written: a ``#`` or a double quote in it is text, not a comment or a
    quote (``caption: Zaku #1 moves``). A line under it that starts with ``#`` is a comment
    line, as everywhere in the file (write that caption line as ``caption: #...``); a
    ``caption:`` with nothing after it and no lines under it is an empty line of the caption.

``draw:``
    One mark or overlay a line: a kind, its words, then ``key=value`` fields. Colours are the
    names blue, orange, green, red, purple, yellow, pink, cyan, brown, grey, black, white (the
    theme draws each: greys of distinct lightness in the print theme) or ``#rrggbb``. Labels
    and texts with spaces go in double quotes. A ``label=`` puts the mark in the legend.

    =========================================  =============================================================
    ``hexes C2,D2 E2 [colour=] [style=]``      highlighted hexes; ``style=`` fill (default: a tile, its
                                               rim keeps the hex's colour), outline or dashed
    ``text D3 "+2" [colour=] [size=] [at=]``   a text or number on a hex; size small/normal/large, at
                                               centre/top/bottom
    ``arrow B3 C3 D3 [colour=] [style=]``      an arrow along hexes (``style=`` solid, dashed, dotted;
                                               ``width=`` in points); ``line`` the same without a head
    ``marker D4 [shape=] [colour=]``           a marker on hexes: x, dot or star
    ``reach UNIT [kind=advance|dash]``         engine: every hex UNIT can end this movement on, a tile
                                               per hex on the fixed cost scale and its cost
                                               (``numbers=no``: tiles only); ``reachable`` (M1, M2, J1, T1)
    ``cost UNIT B3 C3 D3 [kind=] [colour=]``   engine: the cost of this path with its breakdown
                                               (``path_cost``): the arrow, the running totals, a caption
                                               line per step (``breakdown=no``: the total only)
    ``engagement``                             engine: who is Engaged with whom (E1), adjacent enemies
                                               that are not, the -1 it costs (E2)
    ``push from=X on=UNIT n=N``                engine: every branch of Push N (``pull``: Pull N) from a
                                               unit or hex X on UNIT, with its collisions (P1-P6, L1-L3);
                                               ``chosen=D3,E3`` picks a branch (its hexes), shown over
                                               the others and resolved: later overlays and the units
                                               drawn see the state after it (P5); ``branches=no`` shows
                                               the chosen branch alone
    ``crush [vehicle=NAME] [piece=NAME]``      engine: a Crush piece, the vehicle's path and who it
                                               affects: in, on or under the piece, or merely touching
                                               (C1, C2; the scenario's Crush sections)
    ``rules water=allowance ...``              the reading of the rules for every engine overlay: any
                                               switch of :class:`~hexrules.options.RulesOptions`, set
                                               over the file's own ``rules:`` reading (:mod:`hexrules.reading`)
    ``labels on|off``, ``legend on|off``       hex labels (``C4``) and the legend; both on by default
    ``crop B1 F4``                             show only the rectangle of rows and columns between two
                                               corner hexes
    =========================================  =============================================================

``use: NAME`` (read by :func:`load_diagram` and ``hexrules draw``, not by
:func:`~hexrules.scenario.parse_scenario`)
    Start from a scenario shipped with the kit (``hexrules/scenarios/NAME.hex``): its map and
    units come first, then this file's lines (a ``title:`` here replaces its title). The
    figures of ``figures/`` start this way, so lesson, figure and test read one map.

A chart file (a ``chart:`` line instead of a map: the Crush charts of ``figures/``) is read by
:func:`parse_diagram`, :func:`load_diagram` and ``hexrules draw`` too; its form is
:mod:`hexrules.chart`'s (:class:`Chart`, re-exported here). What a diagram and a chart share
(saving a picture whole, its caption lines) is :mod:`hexrules.picture`'s.

Errors name the file, line and column (:class:`~hexrules.errors.ScenarioError`), also when the
rules refuse an overlay (a Pull of an adjacent unit, L3) as the diagram is computed.
``to_text()`` writes the diagram back (a ``use:`` file expanded), and reading it again gives an
equal diagram.

Examples
--------
>>> d = parse_diagram('''
... title: Jumping
... map:
...   0 1 0
...    0 2 0
... units:
...   Zaku side=zeon at=B1
... draw:
...   cost Zaku B1 C1  colour=blue  label="down and on"
...   text C1 "1"
... ''', source="demo.hex")
>>> [item.kind for item in d.items]
['cost', 'text']
>>> print("\\n".join(d.computed().caption))
down and on: B1 -> C1 costs 1 of 3 movement points (Advance, jumping from height 1, J1): legal
  B1 -> C1: 1 to enter = 1
>>> parse_diagram("map:\\n 0 0\\ndraw:\\n  arrow A1 C1\\n", source="demo.hex")
Traceback (most recent call last):
...
hexrules.errors.ScenarioError: demo.hex:4:12: hex C1 is not on the board: its columns run A to B, its row is 1
"""

from __future__ import annotations

import dataclasses
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from .chart import CHART_RESOLVES, CHARTS, MAX_CHART_COVER, Chart, ComputedChart, is_chart_text
from .errors import BoardError, HexrulesError, ScenarioError
from .checks import show
from .hexgrid import Hex
from .picture import FORMATS, Picture, caption_lines, read_caption
from .words import extent_text
from .options import DEFAULT, RulesOptions
from .reading import SWITCHES, read_switch, reading
from .scenario import (Entry, Line, Reader, Scenario, Section, SectionReader, Token, check_one_line, parse_scenario,
                       quote, register_section, scenario_names)

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from .state import State

__all__ = [
    "KEY",
    "HEADINGS",
    "KINDS",
    "COLOUR_NAMES",
    "FORMATS",
    "Item",
    "DiagramData",
    "Diagram",
    "Computed",
    "CHARTS",
    "MAX_CHART_COVER",
    "CHART_RESOLVES",
    "Chart",
    "ComputedChart",
    "Overlay",
    "parse_diagram",
    "load_diagram",
    "diagram",
    "diagram_names",
    "expand_use",
]

#: The topic key of a diagram's data in :attr:`Scenario.sections <hexrules.scenario.Scenario.sections>`.
KEY = "diagram"
#: The section headings a diagram owns, in the order :meth:`Diagram.to_text` writes them.
HEADINGS = ("caption", "draw")

#: The colour names a diagram may write (``colour=blue``); each theme draws them
#: (:attr:`Theme.diagram <hexrules.plot.theme.Theme.diagram>`).
COLOUR_NAMES: tuple[str, ...] = ("blue", "orange", "green", "red", "purple", "yellow", "pink", "cyan", "brown",
                                 "grey", "black", "white")

_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_LINE_STYLES = ("solid", "dashed", "dotted")
_ON = {"on": True, "yes": True, "off": False, "no": False}


@dataclass(frozen=True)
class _Spec:
    """How one kind of ``draw:`` entry reads: its words (in order) and its fields."""

    words: tuple[str, ...]
    fields: Mapping[str, Any]
    help: str


def _movement_kinds() -> tuple[str, ...]:
    """The movements a diagram's ``kind=`` names: Advance and Dash (M2; an ability's movement,
    M5, needs its N and is not offered here)."""
    from . import movement

    return tuple(k for k in movement.KINDS if k != "ability")


_MARK = {"colour": "colour", "label": "text"}
_PATH = {**_MARK, "style": _LINE_STYLES, "width": "whole"}
_RULE_FIELDS = dict.fromkeys(SWITCHES, "switch")  # each read as its RulesOptions type (reading.read_switch)

#: Every kind of ``draw:`` entry: its words, its fields and an example (the module docstring says
#: what each draws).
KINDS: Mapping[str, _Spec] = MappingProxyType({
    "hexes": _Spec(("hexes",), {**_MARK, "style": ("fill", "outline", "dashed")}, "hexes C2,D2 colour=blue"),
    "text": _Spec(("hex", "words"), {"colour": "colour", "size": ("small", "normal", "large"),
                                    "at": ("centre", "top", "bottom")}, 'text D3 "+2"'),
    "arrow": _Spec(("hexes",), _PATH, "arrow B3 C3 D3 colour=blue"),
    "line": _Spec(("hexes",), _PATH, "line B3 C3 style=dashed"),
    "marker": _Spec(("hexes",), {**_MARK, "shape": ("x", "dot", "star")}, "marker D4 shape=x colour=red"),
    "reach": _Spec(("unit",), {"kind": "kind", "numbers": "yesno", "caption": "yesno"}, 'reach "RX-78-2 Gundam" kind=dash'),
    "cost": _Spec(("unit", "hexes"), {**_PATH, "kind": "kind", "breakdown": "yesno", "caption": "yesno"},
                  'cost "RX-78-2 Gundam" C3 D3 D2 colour=green'),
    "engagement": _Spec((), {"caption": "yesno"}, "engagement"),
    "push": _Spec((), {"from": "source", "on": "unit", "n": "whole", "chosen": "labels", "branches": "yesno",
                       "caption": "yesno"}, 'push from="Zaku I" on="RX-78-2 Gundam" n=2'),
    "pull": _Spec((), {"from": "source", "on": "unit", "n": "whole", "chosen": "labels", "branches": "yesno",
                       "caption": "yesno"}, 'pull from="Char\'s Zaku II" on="RX-78-2 Gundam" n=1'),
    "crush": _Spec((), {"vehicle": "text", "piece": "text", "caption": "yesno"}, "crush vehicle=Grinder"),
    "rules": _Spec((), _RULE_FIELDS, "rules water=allowance"),
    "labels": _Spec(("onoff",), {}, "labels off"),
    "legend": _Spec(("onoff",), {}, "legend off"),
    "crop": _Spec(("hex", "hex"), {}, "crop B1 F4"),
})

#: Fields every engine overlay requires.
_REQUIRED = {"push": ("from", "on", "n"), "pull": ("from", "on", "n")}
#: The kinds that may appear once only (they set the whole picture).
_ONCE = ("labels", "legend", "crop")


@dataclass(frozen=True)
class Item:
    """One entry of a ``draw:`` section: a mark or an engine overlay, as written.

    Attributes
    ----------
    kind : str
        A key of :data:`KINDS`.
    args : tuple
        Its words, read: hexes as :class:`~hexrules.hexgrid.Hex` (a tuple of them for a list),
        unit names and texts as str, ``on``/``off`` as bool.
    options : mapping of str to value
        Its fields, read (colours as written, whole numbers as int, yes/no as bool, ``chosen``
        as a tuple of labels, ``rules`` switches as their values).
    line, column : int
        Where it was written (0 when built in code); not compared.
    """

    kind: str
    args: tuple[Any, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ScenarioError(f"unknown draw kind {show(self.kind)} (known: {', '.join(KINDS)})", source="Item")
        object.__setattr__(self, "args", tuple(self.args))
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    def get(self, key: str, default: Any = None) -> Any:
        """The value of field ``key``, or ``default``."""
        return self.options.get(key, default)


@dataclass(frozen=True)
class DiagramData:
    """A diagram's section data: the caption lines and the ``draw:`` items, in file order."""

    caption: tuple[str, ...] = ()
    items: tuple[Item, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "caption", caption_lines(self.caption, "DiagramData"))
        object.__setattr__(self, "items", tuple(self.items))
        if not all(isinstance(i, Item) for i in self.items):
            raise ScenarioError(f"items {show(self.items)} are not a list of diagram Items", source="DiagramData")

    @property
    def switches(self) -> dict[str, Any]:
        """The switches every ``rules`` entry sets (a later entry's value wins): they change the
        scenario's own reading (its ``rules:`` section, :func:`hexrules.reading.reading`)."""
        switches: dict[str, Any] = {}
        for item in self.items:
            if item.kind == "rules":
                switches.update(item.options)
        return switches

    @property
    def options(self) -> RulesOptions:
        """:data:`~hexrules.options.DEFAULT` with every ``rules`` entry's switches (:func:`compute`
        starts from the scenario's own reading instead: ``reading(scenario).replace(**switches)``)."""
        return DEFAULT.replace(**self.switches)

    def setting(self, kind: str, default: Any = None) -> Any:
        """The ``labels`` / ``legend`` flag or the ``crop`` corners, else ``default``."""
        for item in self.items:
            if item.kind == kind:
                return item.args[0] if kind != "crop" else item.args
        return default


# --- reading ----------------------------------------------------------------------------------------


def _colour(e: Entry, key: str) -> str:
    col, value = e.fields[key]
    if value.lower() in COLOUR_NAMES:
        return value.lower()
    if _COLOUR.fullmatch(value):
        return value.lower()
    raise e.error(f"colour {value!r} is not one of {', '.join(COLOUR_NAMES)} or #rrggbb", col)


def _hex_words(e: Entry, words: Sequence[Token], board: Any) -> tuple[Hex, ...]:
    out = []
    for tok in words:
        for m in re.finditer(r"[^,]+", tok.text):
            out.append(e.hex(board, Token(tok.column + m.start(), m.group(0)), what="hex"))
    return tuple(out)


def _field(e: Entry, key: str, kind: Any, sc: Scenario) -> Any:
    col, value = e.fields[key]
    if kind == "colour":
        return _colour(e, key)
    if kind == "text":
        return value
    if kind == "whole":
        return e.whole(key, minimum=1 if key == "width" else 0, maximum=40 if key == "width" else None)
    if kind == "yesno":
        return e.flag(key, True)
    if kind == "kind":
        kinds = _movement_kinds()
        if value not in kinds:
            raise e.error(f"kind={value!r} is not one of {', '.join(kinds)}", col, ruling="M2")
        return value
    if kind == "unit":
        return _unit_name(e, Token(col, value), sc)
    if kind == "source":
        if value in sc.state:
            return value
        try:
            sc.board.hex(value)
        except HexrulesError:
            raise e.error(f"from={value!r} is neither a unit nor a hex of the board (units: "
                          f"{', '.join(u.name for u in sc.state) or 'none'})", col) from None
        return value
    if kind == "labels":
        labels = tuple(x for x in value.split(",") if x)
        if not labels:
            raise e.error(f"{key}= names no hex (e.g. {key}=D3,E3)", col)
        return labels
    if kind == "switch":  # a rules switch: its type from RulesOptions (hexrules.reading)
        return read_switch(e, key)
    # a choice among words
    if value not in kind:
        raise e.error(f"{key}={value!r} is not one of {', '.join(kind)}", col)
    return value


def _unit_name(e: Entry, tok: Token, sc: Scenario) -> str:
    if tok.text not in sc.state:
        names = ", ".join(u.name for u in sc.state) or "none"
        raise e.error(f"no unit {tok.text!r} (units: {names})", tok.column)
    return tok.text


def _read_item(rd: Reader, line: Line, sc: Scenario, seen: dict[str, tuple[int, int]]) -> Item:
    first = line.tokens[0]
    kind = first.value
    spec = KINDS.get(kind)
    if spec is None:
        raise rd.error(f"unknown draw kind {kind!r} (known: {', '.join(KINDS)})", line.number, first.column)
    if kind in _ONCE and kind in seen:
        raise rd.error(f"a second '{kind}' line (the first on {rd.place(*seen[kind])})", line.number, first.column)
    seen.setdefault(kind, (line.number, first.column))
    e = rd.entry(Line(line.number, line.tokens[1:], line.text), kind, tuple(spec.fields))
    e = dataclasses.replace(e, line=line)  # errors without a column point at the kind
    words = list(e.words)
    args: list[Any] = []
    for w in spec.words:
        if w == "hexes":
            if not words:
                raise e.error(f"'{kind}' needs hexes, e.g. '{spec.help}'")
            args.append(_hex_words(e, words, sc.board))
            words = []
            continue
        if not words:
            raise e.error(f"'{kind}' needs {len(spec.words)} word{'s' if len(spec.words) > 1 else ''} before its "
                          f"fields, e.g. '{spec.help}'")
        tok = words.pop(0)
        if w == "hex":
            args.append(e.hex(sc.board, tok, what="hex"))
        elif w == "unit":
            args.append(_unit_name(e, tok, sc))
        elif w == "onoff":
            if tok.text.lower() not in _ON:
                raise e.error(f"{kind} {tok.text!r} is not on or off", tok.column)
            args.append(_ON[tok.text.lower()])
        else:
            args.append(tok.text)
    if words:
        raise e.error(f"'{kind}' has a word too many: {words[0].text!r} (e.g. '{spec.help}'; fields are key=value)",
                      words[0].column)
    for key in _REQUIRED.get(kind, ()):
        if key not in e.fields:
            raise e.error(f"'{kind}' needs {key}=..., e.g. '{spec.help}'")
    options = {key: _field(e, key, spec.fields[key], sc) for key in e.fields}
    if kind == "rules":
        try:
            DEFAULT.replace(**options)
        except HexrulesError as err:
            raise e.error(err.message, ruling=err.ruling) from None
    return Item(kind, tuple(args), options, line.number, first.column)


def _read(sections: tuple[Section, ...], scenario: Scenario, rd: Reader) -> DiagramData:
    caption: list[str] = []
    items: list[Item] = []
    seen: dict[str, tuple[int, int]] = {}
    for s in sections:
        if s.heading == "caption":  # a verbatim heading: the text as written, one token a line
            caption.extend(read_caption([(s.tokens[0].text if s.tokens else "", [line.tokens[0].text for line in s.lines])]))
            continue
        if s.tokens:
            raise rd.error("'draw:' takes its entries on the following lines", s.line, s.tokens[0].column)
        items.extend(_read_item(rd, line, scenario, seen) for line in s.lines)
    return DiagramData(tuple(caption), tuple(items))


# --- writing, checking, describing -------------------------------------------------------------------


def _value_text(value: Any, board: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Hex):
        return board.label(value)
    if isinstance(value, tuple):
        return ",".join(_value_text(v, board) for v in value)
    return quote(str(value))


def _item_text(item: Item, board: Any) -> str:
    spec = KINDS[item.kind]
    parts = [item.kind]
    for w, a in zip(spec.words, item.args):
        if w == "hexes":
            parts.append(" ".join(board.label(h) for h in a))
        elif w == "onoff":
            parts.append("on" if a else "off")
        elif w == "hex":
            parts.append(board.label(a))
        else:
            parts.append(quote(str(a)))
    parts += [f"{k}={_value_text(v, board)}" for k, v in item.options.items()]
    return "  ".join(parts)


def _write(data: DiagramData, scenario: Scenario) -> list[str]:
    out = [f"caption: {line}" if line else "caption:" for line in data.caption]
    if data.items or not data.caption:
        out.append("draw:")
        out.extend("    " + _item_text(i, scenario.board) for i in data.items)
    return out


def _check(data: Any, scenario: Scenario) -> None:
    if not isinstance(data, DiagramData):
        raise ScenarioError(f"scenario section {show(KEY)} holds {show(data)}, not a DiagramData", source="Scenario")
    board = scenario.board
    for item in data.items:
        spec = KINDS[item.kind]
        for w, a in zip(spec.words, item.args):
            for h in (a if w == "hexes" else (a,) if w == "hex" else ()):
                if not isinstance(h, Hex) or h not in board:
                    where, at = (board.hex_name(h), h) if isinstance(h, Hex) else (show(h), None)
                    raise BoardError(f"draw {item.kind}: hex {where} is not on the board: {extent_text(board, at)}")
            if w == "unit" and a not in scenario.state:
                raise BoardError(f"draw {item.kind}: no unit {show(a)}")
            if w == "words":
                check_one_line(a, f"draw {item.kind}: text")
        for key in ("on",):
            if key in item.options and item.options[key] not in scenario.state:
                raise BoardError(f"draw {item.kind}: no unit {show(item.options[key])}")
        if "label" in item.options:
            check_one_line(item.options["label"], f"draw {item.kind}: label")


def _describe(data: DiagramData, scenario: Scenario) -> list[tuple[Hex | None, str]]:
    kinds = [i.kind for i in data.items]
    return [(None, "diagram: " + (", ".join(kinds) if kinds else "the board alone"))]


register_section(SectionReader(KEY, HEADINGS, read=_read, write=_write, check=_check, describe=_describe,
                               inline=True, verbatim=("caption",)))


# --- computing: the rules' results behind the engine overlays ----------------------------------------


@dataclass(frozen=True)
class Overlay:
    """One ``draw:`` item and what the rules computed for it (None for a plain mark).

    ``result`` is a :class:`~hexrules.movement.Reach` (``reach``), a
    :class:`~hexrules.movement.MoveCost` (``cost``), a :class:`~hexrules.forced.ForcedMove`
    (``push``, ``pull``; ``chosen`` its chosen :class:`~hexrules.forced.Branch`), a dict of
    Engagement facts (``engagement``: ``engaged``, ``near`` pairs of unit names) or of Crush
    facts (``crush``: ``piece``, ``path``, ``affected``, ``touching``, ``units``, ``collapsed``).
    """

    item: Item
    result: Any = None
    chosen: Any = None


@dataclass(frozen=True)
class Computed:
    """A diagram ready to draw: plain data and the rules' results (what :func:`hexrules.plot.diagram.draw_diagram` reads).

    Attributes
    ----------
    scenario : Scenario
    title : str
    caption : list of str
        The written caption, then each engine overlay's lines (:mod:`hexrules.words.diagram`).
    overlays : tuple of Overlay
        In file order.
    state : State
        The units to draw: the scenario's, after every chosen Push or Pull branch (P5), and the
        Crush scenario's models and vehicles.
    vehicles : tuple of str
        The names of ``state``'s vehicle tokens (drawn as diamonds).
    names : mapping of str to str
        What a token shows instead of its unit's name (a Crush model's token: the model's name).
    labels, legend : bool
    crop : tuple of Hex or None
        Two corner hexes, or None (the whole board).
    options : RulesOptions
        The reading every overlay was computed with.
    """

    scenario: Scenario
    title: str
    caption: list[str]
    overlays: tuple[Overlay, ...]
    state: "State"
    vehicles: tuple[str, ...]
    names: Mapping[str, str]
    labels: bool
    legend: bool
    crop: tuple[Hex, ...] | None
    options: RulesOptions


def path_label(item: Item) -> str:
    """How a ``path`` or ``cost`` entry is named in a caption and a legend: its ``label=``, else
    its colour's name ("blue path"), else "path"."""
    if item.get("label"):
        return item.get("label")
    colour = item.get("colour")
    return f"{colour} path" if colour in COLOUR_NAMES else "path"


def _crush_facts(scenario: Scenario, item: Item, options: RulesOptions) -> dict[str, Any]:
    from . import crush as cr
    from .crush_scenario import CrushScenario, board_tokens

    cs = CrushScenario(scenario)
    piece = cs.piece(item.get("piece"))
    vehicle = item.get("vehicle")
    if vehicle is None and cs.paths:
        vehicle = next(iter(cs.paths))
    path = cs.paths.get(vehicle, ()) if vehicle is not None else ()
    if vehicle is not None and vehicle not in cs.paths:
        raise HexrulesError(f"vehicle {show(vehicle)} has no path (paths: {', '.join(cs.paths) or 'none'})", ruling="C1")
    affected = cr.affected_units(piece, cs.units)
    touching = cr.touching_units(piece, cs.units)
    collapse = cr.traverse(cs.board, piece, cs.unit(vehicle), path, options=options) if vehicle else None
    return {"piece": piece, "path": tuple(path), "vehicle": vehicle, "affected": affected, "touching": touching,
            "units": cs.units, "tokens": board_tokens(cs.units), "collapse": collapse}


def _where(u: Any, piece: Any, board: Any, *, on_piece: bool) -> list[str]:
    if u.is_vehicle:
        return [f"on {board.label(u.hex)}"]
    return [f"{m.name} on {board.label(m.hex)}" for m in u.models if piece.covers(m.hex) == on_piece]


def compute(scenario: Scenario, *, source: str = "<diagram>") -> Computed:
    """Run the rules behind every engine overlay of ``scenario``'s diagram; see :meth:`Diagram.computed`.

    Raises
    ------
    ScenarioError
        When the rules refuse an overlay (the message of the rule's error, at the overlay's
        ``source:line:column``, with its ruling).
    """
    from . import movement as mv
    from . import forced as fo
    from .state import State, Unit
    from .words import diagram as words

    data = scenario.sections.get(KEY, DiagramData())
    options = reading(scenario).replace(**data.switches)
    board, state = scenario.board, scenario.state
    overlays: list[Overlay] = []
    caption = list(data.caption)
    vehicles: list[str] = []
    extra: list[Unit] = []
    for item in data.items:
        try:
            overlay, lines, state = _compute_one(item, scenario, board, state, options, mv, fo, words)
        except ScenarioError:
            raise
        except HexrulesError as err:
            raise ScenarioError(err.message, source=source, line=item.line or None, column=item.column or None,
                                ruling=err.ruling) from None
        if item.kind == "crush":
            facts = overlay.result
            for t in facts["tokens"]:
                if t.garrison:
                    vehicles.append(t.name)
                extra.append(t.replace(garrison=False) if t.garrison else t)
        overlays.append(overlay)
        if item.get("caption", True):
            caption.extend(lines)
    if extra:
        taken = {u.hex for u in state}
        state = State(list(state) + [u for u in extra if u.hex not in taken])
    names = {t.name: t.name.split("/", 1)[1] for t in extra if "/" in t.name}
    return Computed(scenario, scenario.title, caption, tuple(overlays), state, tuple(vehicles), names,
                    data.setting("labels", True), data.setting("legend", True), data.setting("crop"), options)


def _compute_one(item: Item, scenario: Scenario, board: Any, state: Any, options: RulesOptions, mv: Any, fo: Any,
                 words: Any) -> tuple[Overlay, list[str], Any]:
    k = item.kind
    if k == "reach":
        r = mv.reachable(board, state, item.args[0], item.get("kind", "advance"), options)
        return Overlay(item, r), [words.reach_line(r)], state
    if k == "cost":
        unit, path = item.args
        c = mv.path_cost(board, state, unit, list(path), item.get("kind", "advance"), options)
        return Overlay(item, c), words.cost_lines(c, path_label(item), breakdown=item.get("breakdown", True)), state
    if k == "engagement":
        engaged = mv.engaged_pairs(board, state)
        near = mv.adjacent_not_engaged(board, state)
        must = mv.engagements(board, state)
        units = [(u.name, board.elevation(u.hex), must.get(u.name, ()), mv.allowance(board, state, u.name, "advance", options))
                 for u in state if not u.garrison]
        levels = {u.name: board.elevation(u.hex) for u in state}
        lows = []
        for a, b in near:
            low, high = sorted((a, b), key=lambda n: levels[n])
            lows.append((low, levels[low], high, levels[high]))
        return (Overlay(item, {"engaged": engaged, "near": near}), words.engagement_lines(units, lows, must), state)
    if k in ("push", "pull"):
        fm = fo.forced(k, board, state, item.get("from"), item.get("on"), item.get("n"), options=options)
        chosen = fm.choose(*item.get("chosen")) if item.get("chosen") else None
        after = fm.resolve(chosen) if chosen is not None else state
        return Overlay(item, fm, chosen), words.forced_lines(fm, chosen), after
    if k == "crush":
        facts = _crush_facts(scenario, item, options)
        piece, b = facts["piece"], board
        aff = [(u.name, _where(u, piece, b, on_piece=True)) for u in facts["affected"]]
        tch = [(u.name, _where(u, piece, b, on_piece=False)) for u in facts["touching"]]
        return Overlay(item, facts), words.crush_lines(piece.name, piece.cover, aff, tch, facts["vehicle"]), state
    return Overlay(item), [], state


# --- the diagram --------------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Diagram(Picture):
    """A scenario with a drawing section: what a diagram file holds (format: this module's docstring).

    Parameters
    ----------
    scenario : Scenario
        Its ``"diagram"`` section (:class:`DiagramData`) says what to draw; without one, the
        board alone is drawn.
    source : str
        Where it came from (a file name), for the errors raised while computing it.

    Examples
    --------
    >>> d = diagram("movement_jumping")
    >>> [o.result.total for o in d.computed().overlays if o.item.kind == "cost"]
    [2, 3]
    >>> Diagram.from_text(d.to_text()) == d
    True
    """

    scenario: Scenario
    source: str = field(default="<diagram>", compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.scenario, Scenario):
            raise ScenarioError(f"{show(self.scenario)} is not a hexrules.scenario.Scenario", source="Diagram")

    @classmethod
    def from_text(cls, text: str, *, source: str = "<text>") -> "Diagram | Chart":
        """Read diagram text (a ``use:`` line included; a chart file gives a :class:`Chart`); see
        :func:`parse_diagram`."""
        return parse_diagram(text, source=source)

    @property
    def data(self) -> DiagramData:
        """The drawing section (empty if the scenario has none)."""
        return self.scenario.sections.get(KEY, DiagramData())

    @property
    def items(self) -> tuple[Item, ...]:
        """The ``draw:`` items, in file order."""
        return self.data.items

    @property
    def title(self) -> str:
        """The picture's title: the scenario's ``title:`` (else its name)."""
        return self.scenario.heading

    def to_text(self) -> str:
        """The diagram as self-contained text; :meth:`from_text` reads it back equal."""
        return self.scenario.to_text()

    def computed(self) -> Computed:
        """The rules' results of every engine overlay, the caption and the units to draw.

        Raises
        ------
        ScenarioError
            When the rules refuse an overlay, at its ``source:line:column``.
        """
        return compute(self.scenario, source=self.source)

    def figure(self, theme: Any = None, *, width: float | None = None, height: float | None = None,
               dpi: float = 100, text: str = "text") -> "Figure":
        """The picture: a matplotlib Figure (not registered with pyplot).

        Parameters
        ----------
        theme : Theme or str, optional
            A :class:`~hexrules.plot.theme.Theme` or a name of ``hexrules.plot.THEMES``
            (``"default"``, ``"print"``, ``"colourblind"``); default the kit-wide theme.
        width, height : float, optional
            Inches; default a size from the board (a given width alone keeps the proportions).
        dpi : float
            Dots per inch of a PNG (and of pixel sizes).
        text : {"text", "outline"}
            Texts as text objects (editable in an SVG) or as glyph outlines.
        """
        from .plot.diagram import draw_diagram

        return draw_diagram(self.computed(), theme=theme, width=width, height=height, dpi=dpi, text=text)

    def __repr__(self) -> str:
        return f"diagram {self.title or self.scenario.name or self.source!r}: {', '.join(i.kind for i in self.items) or 'board'}"


# --- files: use:, loading, the shipped diagrams ---------------------------------------------------------

_USE = re.compile(r"^use:[ \t]*(.*?)[ \t]*(?:#.*)?$")


class _UsedText(Reader):
    """The lines of a diagram's text after :func:`expand_use`, by the file each came from.

    Lines 1 to ``shift`` of the merged text are the used scenario's (``base``, its own numbers),
    the others the diagram file's (``source``), ``shift`` lines on. As the :class:`Reader` the
    merged text is parsed with, errors are made at the merged lines and moved back by calling
    it; and a message naming another line (the first of two clashing ones,
    :meth:`~hexrules.scenario.Reader.place`) names it by its own file: ``base:line:column``
    for a line of the used scenario, the file's own line number for one of the file.
    """

    def __init__(self, source: str, base: str = "", shift: int = 0) -> None:
        super().__init__(source)
        self.base = base
        self.shift = shift

    def place(self, line: int, column: int | None = None) -> str:
        if line > self.shift:
            return super().place(line - self.shift, column)
        return f"{self.base}:{line}" + (f":{column}" if column is not None else "")

    def __call__(self, err: ScenarioError) -> ScenarioError:
        """``err`` (made at a line of the merged text) at the file and line that line came from."""
        if err.line is None or not self.shift:
            return err
        prefix = f"{err.source}:{err.line}" + (f":{err.column}" if err.column is not None else "") + ": "
        message = err.message[len(prefix):] if err.message.startswith(prefix) else err.message
        if err.line > self.shift:
            return ScenarioError(message, source=self.source, line=err.line - self.shift, column=err.column,
                                 ruling=err.ruling)
        return ScenarioError(message, source=self.base, line=err.line, column=err.column, ruling=err.ruling)


def expand_use(text: str, *, source: str = "<text>", base_dir: str | os.PathLike | None = None) -> tuple[str, Callable[[ScenarioError], ScenarioError]]:
    """``text`` with its ``use: NAME`` line replaced by that scenario's text, and a function that
    moves an error's line back to the file it came from.

    ``NAME`` is a shipped scenario (:func:`~hexrules.scenario.scenario_names`) or a file
    (``*.hex``, relative to ``base_dir``). The used scenario's lines come first; the ``use:``
    line is left blank, so every other line keeps its number after the shift. The function is
    also the :class:`~hexrules.scenario.Reader` to parse the merged text with
    (``parse_scenario(text, source=function)``): a message naming another line names it by its
    own file, ``hexrules/scenarios/NAME.hex:6:1`` for a line of the used scenario.

    Raises
    ------
    ScenarioError
        For a second ``use:`` line, an unknown scenario or a file that cannot be read.

    Examples
    --------
    >>> text, used = expand_use("use: elevation\\nmap:\\n  0\\n", source="mine.hex")
    >>> try:
    ...     parse_scenario(text, source=used)
    ... except ScenarioError as err:
    ...     print(used(err))
    mine.hex:2:1: a second 'map:' (the first is on hexrules/scenarios/elevation.hex:6:1): a scenario has one
    """
    if not isinstance(text, str):
        raise ScenarioError(f"diagram text is {type(text).__name__}, not str", source=str(source), line=1)
    lines = text.splitlines()
    found = [(i, m) for i, raw in enumerate(lines) if (m := _USE.match(raw))]
    if not found:
        return text, _UsedText(source)
    if len(found) > 1:
        raise ScenarioError(f"a second 'use:' line (the first on line {found[0][0] + 1}): a diagram starts from one "
                            "scenario", source=source, line=found[1][0] + 1, column=1)
    i, m = found[0]
    name = m.group(1)
    column = m.start(1) + 1
    if name.endswith(".hex"):
        where = Path(base_dir or ".") / name
        try:
            base, base_source = where.read_text(encoding="utf-8"), str(where)
        except OSError as err:
            raise ScenarioError(f"use: {show(name)} cannot be read ({err.strerror})", source=source, line=i + 1,
                                column=column) from None
    elif name in scenario_names():
        from importlib.resources import files

        base = (files("hexrules.scenarios") / f"{name}.hex").read_text(encoding="utf-8")
        base_source = f"hexrules/scenarios/{name}.hex"
    else:
        raise ScenarioError(f"use: {show(name)} is not a shipped scenario ({', '.join(scenario_names())}) or a .hex file",
                            source=source, line=i + 1, column=column)
    head = base.splitlines()
    lines[i] = ""
    # a header line of this file (``title:``, ``name:``) replaces the used scenario's: its line is
    # left blank there, so that every line keeps its number
    for key in ("title", "name"):
        if any(re.match(rf"{key}:", raw) for raw in lines):
            head = ["" if re.match(rf"{key}:", raw) else raw for raw in head]
    merged = "\n".join(head + lines) + "\n"
    return merged, _UsedText(source, base_source, len(head))


def parse_diagram(text: str, *, source: str = "<text>", base_dir: str | os.PathLike | None = None) -> Diagram | Chart:
    """Read diagram text (format: this module's docstring) and check its overlays against the rules.

    A text with a ``chart:`` line is a chart file (a :class:`Chart`); any other is a board
    diagram (a :class:`Diagram`), whose overlays are computed once here, so a diagram the rules
    refuse (a Pull of an adjacent unit at the same elevation, L3; a path off the board, M4) is
    refused with its line and column when it is read, not later when it is drawn.

    Raises
    ------
    ScenarioError
        With ``source:line:column`` (and the ruling): malformed text, an unknown draw kind or
        field, a hex off the board, an unknown unit, a refused overlay; in a chart file, an
        unknown chart, a Cover or Resolve out of bounds, a section a chart does not have.
    """
    if not isinstance(text, str):
        raise ScenarioError(f"diagram text is {type(text).__name__}, not str", source=str(source), line=1)
    if is_chart_text(text):
        return Chart.from_text(text, source=source)
    merged, used = expand_use(text, source=source, base_dir=base_dir)
    try:
        d = Diagram(parse_scenario(merged, source=used), source)
        d.computed()
    except ScenarioError as err:
        raise used(err) from None
    return d


def load_diagram(path: str | os.PathLike) -> Diagram | Chart:
    """Read a diagram file (its ``use:`` line relative to the file's directory).

    Raises
    ------
    ScenarioError
        As :func:`parse_diagram`, or if the file cannot be read (its name and why).
    """
    if not isinstance(path, (str, os.PathLike)):
        raise ScenarioError(f"diagram path {show(path)} is not a file name")
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        why = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
        raise ScenarioError(f"cannot read the diagram file ({why})", source=str(path)) from None
    return parse_diagram(text, source=str(path), base_dir=path.parent)


def diagram_names() -> list[str]:
    """The diagrams shipped with the kit (``hexrules/diagrams/*.hex``): the figures of ``figures/``."""
    from importlib.resources import files

    return sorted(p.name[:-4] for p in files("hexrules.diagrams").iterdir() if p.name.endswith(".hex"))


def diagram(name: str) -> Diagram | Chart:
    """A diagram shipped with the kit, e.g. ``diagram("movement_jumping")``: the one the figure and
    the lesson show (a notebook cell ending with it shows the picture).

    Raises
    ------
    ScenarioError
        If there is no such diagram (the message lists them).
    """
    from importlib.resources import files

    names = diagram_names()
    if not isinstance(name, str) or name not in names:
        raise ScenarioError(f"no shipped diagram {show(name)} (have: {', '.join(names)})", source="hexrules.diagrams")
    res = files("hexrules.diagrams") / f"{name}.hex"
    return parse_diagram(res.read_text(encoding="utf-8"), source=f"hexrules/diagrams/{name}.hex")
